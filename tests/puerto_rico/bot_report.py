"""Greedy (one seat) against random (the other three), 4-player games, rotating the greedy seat.

    .venv/bin/python -m tests.puerto_rico.bot_report [games]

Prints the greedy bot's win rate; tests/puerto_rico/test_bots.py asserts it over 200 games.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

import domain.puerto_rico as pr
from domain.core import Rng, fold

PLAYERS = 4


@dataclass(frozen=True)
class Result:
    game: int
    greedy_seat: int
    won: bool  # rank 1 (a shared first place counts)
    scores: tuple[int, ...]


def play(game: int) -> Result:
    seed = f"bot-report-{game}"
    greedy_seat = game % PLAYERS
    state = fold(pr, None, pr.setup({}, PLAYERS, Rng(seed, "setup")))
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
    return Result(game, greedy_seat, ranks[greedy_seat] == 1, scores)


def win_rate(games: range) -> float:
    results = [play(g) for g in games]
    return sum(r.won for r in results) / len(results)


def main(argv: list[str]) -> None:
    n = int(argv[1]) if len(argv) > 1 else 200
    results = [play(g) for g in range(n)]
    wins = sum(r.won for r in results)
    print(f"greedy won {wins} of {n} games ({100 * wins / n:.1f}%) against three random bots")
    margin = [r.scores[r.greedy_seat] - max(s for i, s in enumerate(r.scores) if i != r.greedy_seat) for r in results]
    print(f"average margin over the best random bot: {sum(margin) / n:.1f} VP")


if __name__ == "__main__":
    main(sys.argv)
