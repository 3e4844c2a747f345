"""Pure-engine speed: random games through setup + legal_actions + decide + evolve.

    .venv/bin/python -m tests.puerto_rico.speed [games per player count]

Choices are drawn with domain.core.rng.Rng like everything else. Prints ms/game and games/s
per player count for the base game, then for 4 players per expansion set (a benchmark, not a
test: nothing is asserted).
"""

from __future__ import annotations

import sys
import time

import domain.puerto_rico as pr
from domain.core import Rng

EXPANSION_SETS = (("new_buildings",), ("nobles",), ("new_buildings", "nobles"))


def play(seed: int, players: int, expansions: tuple[str, ...] = ()) -> int:
    """One random game; returns the number of moves."""
    state = None
    for fact in pr.setup({"expansions": list(expansions)}, players, Rng(f"speed-{seed}", "setup")):
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


def _bench(label: str, games: int, players: int, expansions: tuple[str, ...] = ()) -> None:
    best, moves = float("inf"), 0
    for _ in range(3):
        start = time.perf_counter()
        moves = sum(play(seed, players, expansions) for seed in range(games))
        best = min(best, time.perf_counter() - start)
    print(f"{label}: {1000 * best / games:5.2f} ms/game, {games / best:6.0f} games/s, {moves / games:.0f} moves/game")


def main(argv: list[str]) -> None:
    games = int(argv[1]) if len(argv) > 1 else 100
    for players in (2, 3, 4, 5):
        _bench(f"{players} players", games, players)
    for expansions in EXPANSION_SETS:
        _bench(f"4 players, {' + '.join(expansions)}", games, 4, expansions)


if __name__ == "__main__":
    main(sys.argv)
