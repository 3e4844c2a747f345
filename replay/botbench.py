"""The strength of the search bot: `replay bench --only bots`.

Seeded games through the pure engine of one search bot (`search-strong` unless
SHIPLOG_BENCH_BOT names another) against the game's heuristic bot ("greedy"; Felinia's
"heuristic") in the other seats: 4 seats in every title, and Santa Maria also a colonist alone
against the Maya (American Kingdoms with module D, 2 seats: the Maya is seat 0, played by its
greedy bot, which plays the Maya at random). The search bot's seat turns with the game number,
so it plays every position of the table equally often. Prints per case the search bot's wins
(rank 1, shared or not) with the 95% Wilson interval, and its CPU time per decision
(`time.process_time`, forced moves included; also their 95th percentile and worst) over the
decisions it was asked for.

SHIPLOG_BENCH_BOT_GAMES sets the games per case (default 20), SHIPLOG_BENCH_GAMES the titles,
SHIPLOG_BENCH_BOT_SECONDS a CPU budget per decision on top of the bot's iterations (the search
stops at whichever comes first), SHIPLOG_BENCH_BOT_BUDGET fields of its budget to change
("iterations=120,horizon=40": the bot is then named with them). Nothing here is a test: the
figures go to docs/perf.md.

A case's games can be split between processes: SHIPLOG_BENCH_BOT_FROM starts at game i (the
same seeds and seats as game i of a whole run), and SHIPLOG_BENCH_BOT_LOG names a file each
game is appended to as a JSON line (its seat, rank, scores and the search bot's CPU per
decision); `python -m replay.botbench LOG...` then prints the figures of all the games logged,
as one run would have.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from domain.core import registry, search
from domain.core.rng import Rng
from domain.core.rules import Action, GameRules, fold, played

Row = tuple[str, str, str]
MOVE_BOUND = 10_000  # decisions before a game counts as unfinished (a loss for the search bot)

# (title, options, seats, the search bot's seats: None = every seat in turn)
CASES: list[tuple[str, dict[str, Any], int, tuple[int, ...] | None]] = [
    ("puerto-rico", {}, 4, None),
    ("navegador", {}, 4, None),
    ("santa-maria", {}, 4, None),
    ("felinia", {}, 4, None),
    ("santa-maria", {"expansion": True, "modules": ["D"]}, 2, (1,)),  # a colonist against the Maya
]


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    shared: int = 0  # wins shared with another seat
    unfinished: int = 0  # games stopped at MOVE_BOUND
    cpu: list[float] = field(default_factory=list)  # seconds per decision of the search bot


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def heuristic(rules: GameRules) -> str:
    return "greedy" if "greedy" in rules.BOTS else next(n for n in rules.BOTS if n not in ("random",))


def _searcher(rules: GameRules, name: str, seconds: float | None,
              changes: dict[str, float]) -> Callable[[Any, int, Any], Action]:
    bot = rules.BOTS[name]
    if seconds is None and not changes:
        return bot
    game, budget = bot.game, dataclasses.replace(bot.budget, **changes)  # type: ignore[attr-defined]
    if seconds is None:
        return search.SearchBot(game, budget)
    allowance = seconds

    def timed(state: Any, seat: int, rng: Any) -> Action:
        stop = time.process_time() + allowance
        return search.search(game, state, seat, rng, budget, deadline=lambda: time.process_time() > stop)[0]

    return timed


def budget_changes(text: str) -> dict[str, float]:
    """SHIPLOG_BENCH_BOT_BUDGET ("iterations=120,horizon=40"): the search budget's fields to
    change, to try another budget against the same seeds."""
    changes: dict[str, float] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        field_name, _, value = part.partition("=")
        if field_name not in {f.name for f in dataclasses.fields(search.Budget)}:
            raise ValueError(f"SHIPLOG_BENCH_BOT_BUDGET: no budget field {field_name!r}")
        changes[field_name] = (value in ("1", "true") if field_name == "others_search" else
                               float(value) if field_name == "exploration" else int(value))
    return changes


def play(rules: GameRules, options: dict[str, Any], seats: int, strong_seat: int, seed: str,
         strong: Callable[[Any, int, Any], Action]) -> dict[str, Any]:
    """One seeded game: the search bot in `strong_seat`, the heuristic bot elsewhere. Its record:
    the seat, its rank (None: unfinished), every seat's score, the search bot's CPU per decision."""
    greedy = rules.BOTS[heuristic(rules)]
    state = fold(rules, None, rules.setup(rules.check_options(options, seats), seats, Rng(seed, "setup")))
    cpu: list[float] = []
    game = {"seed": seed, "seat": strong_seat, "rank": None, "shared": False, "scores": [], "cpu": cpu}
    decisions = 0
    while (result := rules.outcome(state)) is None:
        if decisions >= MOVE_BOUND:
            return game
        seat = min(rules.to_act(state))
        rng = Rng(seed, f"bot:{decisions}")
        if seat == strong_seat:
            start = time.process_time()
            action = strong(state, seat, rng)
            cpu.append(time.process_time() - start)
        else:
            action = greedy(state, seat, rng)
        state = played(rules, state, seat, action, Rng(seed, f"event:{decisions}"))
        decisions += 1
    by_seat = sorted(result.results, key=lambda r: r.seat)
    game["rank"] = by_seat[strong_seat].rank
    game["shared"] = sum(1 for r in by_seat if r.rank == 1) > 1
    game["scores"] = [r.score for r in by_seat]
    return game


def count(tally: Tally, game: dict[str, Any]) -> None:
    """One game's record added to a case's tally."""
    tally.games += 1
    tally.cpu += game["cpu"]
    if game["rank"] is None:
        tally.unfinished += 1
    elif game["rank"] == 1:
        tally.wins += 1
        tally.shared += bool(game["shared"])


def figures(label: str, name: str, against: str, tally: Tally) -> list[Row]:
    """A case's rows: the search bot's wins, their Wilson interval, its CPU per decision."""
    low, high = wilson(tally.wins, tally.games)
    cpu = sorted(tally.cpu)
    return [
        (label, f"{name} wins vs {against} (shared; unfinished games)",
         f"{tally.wins}/{tally.games} ({tally.shared}; {tally.unfinished})"),
        (label, "win rate, 95% Wilson interval", f"{tally.wins / tally.games:.0%} [{low:.0%}, {high:.0%}]"),
        (label, "CPU s per decision: mean / p95 / max",
         f"{statistics.fmean(cpu):.3f} / {cpu[int(0.95 * (len(cpu) - 1))]:.3f} / {cpu[-1]:.3f}"),
        (label, "decisions of the search bot per game", f"{len(cpu) / tally.games:.0f}"),
    ]


def bench_bots(games: int, titles: list[str], out: Callable[[str], None] = print) -> list[Row]:
    name = os.environ.get("SHIPLOG_BENCH_BOT", "search-strong")
    seconds_text = os.environ.get("SHIPLOG_BENCH_BOT_SECONDS")
    seconds = float(seconds_text) if seconds_text else None
    changes = budget_changes(os.environ.get("SHIPLOG_BENCH_BOT_BUDGET", ""))
    if changes:  # a variant is another bot: its games are logged and combined apart
        name += "[" + ",".join(f"{k}={v:g}" for k, v in changes.items()) + "]"
    first = int(os.environ.get("SHIPLOG_BENCH_BOT_FROM", "0"))
    log = os.environ.get("SHIPLOG_BENCH_BOT_LOG")
    rows: list[Row] = []
    for title, options, seats, strong_seats in CASES:
        if title not in titles:
            continue
        rules = registry.get(title)
        strong = _searcher(rules, name.split("[")[0], seconds, changes)
        tally = Tally()
        label = f"bots {title}{' +Maya' if 'D' in options.get('modules', ()) else ''} {seats}p"
        for i in range(first, first + games):
            where = strong_seats or tuple(range(seats))
            game = play(rules, options, seats, where[i % len(where)], f"botbench-{title}-{seats}-{i}", strong)
            count(tally, game)
            if log:
                with open(log, "a") as file:
                    file.write(json.dumps({"case": label, "bot": name, "against": heuristic(rules), "game": i, **game}) + "\n")
        case = figures(label, name, heuristic(rules), tally)
        out("\n".join(f"{a}  {b}  {c}" for a, b, c in case))
        rows += case
    return rows


def combined(logs: list[Path]) -> list[Row]:
    """The figures of every game in the logs (`SHIPLOG_BENCH_BOT_LOG`), per case and bot, in the
    order first logged; a game logged twice (the same case, bot and number) counts once."""
    cases: dict[tuple[str, str, str], dict[int, dict[str, Any]]] = {}
    for log in logs:
        for line in log.read_text().splitlines():
            if line.strip():
                game = json.loads(line)
                cases.setdefault((game["case"], game["bot"], game["against"]), {})[game["game"]] = game
    rows: list[Row] = []
    for (label, name, against), games in cases.items():
        tally = Tally()
        for i in sorted(games):
            count(tally, games[i])
        rows += figures(label, name, against, tally)
    return rows


if __name__ == "__main__":  # python -m replay.botbench LOG...: the figures of split runs together
    for a, b, c in combined([Path(arg) for arg in sys.argv[1:]]):
        print(f"{a}  {b}  {c}")
