"""Pure-engine speed: random games through setup + legal_actions + decide + evolve.

    .venv/bin/python -m tests.puerto_rico.speed [games per player count]

Choices are drawn with domain.core.rng.Rng like everything else. Prints ms/game and games/s
per player count (a benchmark, not a test: nothing is asserted).
"""

from __future__ import annotations

import sys
import time

import domain.puerto_rico as pr
from domain.core import Rng


def play(seed: int, players: int) -> int:
    """One random game; returns the number of moves."""
    state = None
    for fact in pr.setup({}, players, Rng(f"speed-{seed}", "setup")):
        state = pr.evolve(state, fact)
    assert state is not None
    rng = Rng(f"speed-{seed}", "play")
    moves = 0
    while not state.over:
        seat = state.turn
        actions = pr.legal_actions(state, seat)
        for fact in pr.decide(state, seat, actions[rng.below(len(actions))], rng):
            state = pr.evolve(state, fact)
        moves += 1
    return moves


def main(argv: list[str]) -> None:
    games = int(argv[1]) if len(argv) > 1 else 100
    for players in (2, 3, 4, 5):
        best, moves = float("inf"), 0
        for _ in range(3):
            start = time.perf_counter()
            moves = sum(play(seed, players) for seed in range(games))
            best = min(best, time.perf_counter() - start)
        print(
            f"{players} players: {1000 * best / games:5.2f} ms/game, {games / best:6.0f} games/s, "
            f"{moves / games:.0f} moves/game"
        )


if __name__ == "__main__":
    main(sys.argv)
