"""Hand-offs of seeded bot games: how often each seat must come back to a correspondence game.

`replay bench --only wakeups` plays seeded games of every title, option set and player count
with the game's own heuristic bot in every seat, through the pure engine, and counts per seat:

- hand-offs: the times the seat became one of those to act (it was not to act before the
  decision just made). A seat that goes on with its own turn (several decisions in a row) is
  woken once; a seat that was already to act while another seat moved is not woken again.
- forced: hand-offs where the seat had exactly one legal action.
- only forced: hand-offs after which every decision the seat made, until it was no longer to
  act, had exactly one legal action: the wake-ups that forced moves playing themselves remove.

Nothing here is a test; the figures go to docs/perf.md.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from domain.core import registry
from domain.core.errors import InvalidOptions
from domain.core.rng import Rng
from domain.core.rules import GameRules, fold


@dataclass
class Stretch:
    """One hand-off: the decisions a seat made from being woken until it was no longer to act."""

    first_choices: int
    all_forced: bool = True


@dataclass
class SeatCount:
    handoffs: int = 0
    forced: int = 0
    only_forced: int = 0


@dataclass
class GameCount:
    decisions: int = 0
    seats: list[SeatCount] = field(default_factory=list)


def heuristic_bot(rules: GameRules) -> str:
    """The game's bot that plays with a plan: the first one that is not the random one."""
    return next(name for name in rules.BOTS if name != "random")


def count_game(rules: GameRules, seats: int, seed: str, options: dict[str, Any]) -> GameCount:
    """Play one seeded game with the heuristic bot in every seat and count its hand-offs."""
    bot = rules.BOTS[heuristic_bot(rules)]
    state: Any = None
    for fact in rules.setup(rules.check_options(options, seats), seats, Rng(seed, "setup")):
        state = rules.evolve(state, fact)
    count = GameCount(seats=[SeatCount() for _ in range(seats)])
    open_stretch: dict[int, Stretch] = {}
    before: frozenset[int] = frozenset()
    while rules.outcome(state) is None:
        acting = rules.to_act(state)
        for seat in acting - before:
            open_stretch[seat] = Stretch(first_choices=-1)
        for seat in before - acting:
            _close(count.seats[seat], open_stretch.pop(seat))
        seat = min(acting)
        legal = rules.legal_actions(state, seat)
        stretch = open_stretch[seat]
        if stretch.first_choices < 0:
            stretch.first_choices = len(legal)
        stretch.all_forced = stretch.all_forced and len(legal) == 1
        action = bot(state, seat, Rng(seed, f"bot:{count.decisions}"))
        decided = rules.decide(state, seat, action, Rng(seed, f"event:{count.decisions}"))
        after = getattr(decided, "state", None)  # a `facts.Tx` decision carries its state
        state = after if after is not None else fold(rules, state, decided)
        count.decisions += 1
        before = acting
    for seat, stretch in open_stretch.items():
        _close(count.seats[seat], stretch)
    return count


def _close(seat: SeatCount, stretch: Stretch) -> None:
    if stretch.first_choices < 0:  # woken together with others, the game went on without it
        return
    seat.handoffs += 1
    seat.forced += stretch.first_choices == 1
    seat.only_forced += stretch.all_forced


def cases(games: list[str]) -> Iterator[tuple[str, dict[str, Any], int]]:
    """Every title, each option set it benchmarks, every player count those options allow."""
    for name in games:
        rules = registry.get(name)
        for options, *_ in getattr(rules, "BENCH_CASES", [({}, 0, 0)]):
            for seats in range(rules.MIN_SEATS, rules.MAX_SEATS + 1):
                try:
                    rules.check_options(options, seats)
                except InvalidOptions:
                    continue
                yield name, dict(options), seats


Row = tuple[str, str, str]


def bench_wakeups(games: list[str], per_case: int = 10) -> list[Row]:
    """Per case: hand-offs per seat and game (mean), the forced ones, the only-forced ones."""
    rows: list[Row] = []
    for name, options, seats in cases(games):
        rules = registry.get(name)
        counted = [count_game(rules, seats, f"wakeups-{name}-{seats}-{i}", options) for i in range(per_case)]
        per_seat = [s for c in counted for s in c.seats]
        handoffs = statistics.fmean(s.handoffs for s in per_seat)
        forced = statistics.fmean(s.forced for s in per_seat)
        only = statistics.fmean(s.only_forced for s in per_seat)
        label = f"wakeups {name} {seats}p" + (f" {_options_text(options)}" if options else "")
        rows.append((label, "hand-offs per seat and game (mean)", f"{handoffs:.1f}"))
        rows.append((label, "of which forced (one legal action)", f"{forced:.1f} ({forced / handoffs:.0%})"))
        rows.append((label, "of which only forced decisions", f"{only:.1f} ({only / handoffs:.0%})"))
        rows.append((label, "decisions per game (mean)", f"{statistics.fmean(c.decisions for c in counted):.0f}"))
    return rows


def _options_text(options: dict[str, Any]) -> str:
    return ",".join(f"{k}={'+'.join(map(str, v)) if isinstance(v, list) else v}" for k, v in options.items())
