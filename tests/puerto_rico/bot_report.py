"""Greedy (one seat) against random (the other three), 4-player games, rotating the greedy seat.

    .venv/bin/python -m tests.puerto_rico.bot_report [games]

Prints the greedy bot's win rate in base games and in expansion games (the expansion set rotates
over [new_buildings], [nobles], [new_buildings, nobles]); tests/puerto_rico/test_bots.py asserts
both over 200 games.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

import domain.puerto_rico as pr
from domain.core import Rng, fold

PLAYERS = 4
EXPANSION_SETS = (("new_buildings",), ("nobles",), ("new_buildings", "nobles"))


@dataclass(frozen=True)
class Result:
    game: int
    greedy_seat: int
    won: bool  # rank 1 (a shared first place counts)
    scores: tuple[int, ...]
    expansions: tuple[str, ...] = ()


def play(game: int, expansions: bool = False) -> Result:
    """One game; with `expansions` the set is the game number's turn in EXPANSION_SETS."""
    chosen = EXPANSION_SETS[game % len(EXPANSION_SETS)] if expansions else ()
    seed = f"bot-report-{game}" + ("-x" if expansions else "")
    greedy_seat = game % PLAYERS
    state = fold(pr, None, pr.setup({"expansions": list(chosen)}, PLAYERS, Rng(seed, "setup")))
    move = 0
    while not state.over:
        seat = state.turn
        bot = pr.BOTS["greedy" if seat == greedy_seat else "random"]
        action = bot(state, seat, Rng(seed, f"bot:{move}"))
        state = fold(pr, state, pr.decide(state, seat, action, Rng(seed, f"event:{move}")))
        move += 1
    outcome = pr.outcome(state)
    assert outcome is not None
    ranks = {r.seat: r.rank for r in outcome.results}
    scores = tuple(r.score for r in sorted(outcome.results, key=lambda r: r.seat))
    return Result(game, greedy_seat, ranks[greedy_seat] == 1, scores, chosen)


def win_rate(games: range, expansions: bool = False) -> float:
    results = [play(g, expansions) for g in games]
    return sum(r.won for r in results) / len(results)


def main(argv: list[str]) -> None:
    n = int(argv[1]) if len(argv) > 1 else 200
    for expansions in (False, True):
        results = [play(g, expansions) for g in range(n)]
        wins = sum(r.won for r in results)
        kind = "expansion games" if expansions else "base games"
        print(f"{kind}: greedy won {wins} of {n} ({100 * wins / n:.1f}%) against three random bots")
        margin = [r.scores[r.greedy_seat] - max(s for i, s in enumerate(r.scores) if i != r.greedy_seat) for r in results]
        print(f"  average margin over the best random bot: {sum(margin) / n:.1f} VP")
        for chosen in EXPANSION_SETS if expansions else ():
            part = [r for r in results if r.expansions == chosen]
            print(f"  {'+'.join(chosen)}: {sum(r.won for r in part)} of {len(part)}")


if __name__ == "__main__":
    main(sys.argv)
