"""Seeded playouts for the property tests: a mix of the greedy bot and uniformly random moves.

Uniformly random Navegador takes thousands of moves to empty the building board, so most games
mix the two: each move is random with probability `random_percent`, greedy otherwise. Every
randomness comes from `domain.core.rng.Rng(str(seed), ...)`.
"""

from __future__ import annotations

from typing import Any

import domain.navegador as nav
from domain.core import Rng, choice
from domain.navegador.state import State

MOVE_BOUND = 12_000


def options_for(seed: int) -> dict[str, Any]:
    return {"kings_privilege_placement": "manual"} if seed % 5 == 0 else {}


def seats_for(seed: int) -> int:
    return 2 + seed % 4


def random_percent_for(seed: int) -> int:
    if seed % 100 == 37:
        return 100  # now and then a wholly random game
    return (5, 15, 25, 35)[(seed // 4) % 4]


class Policy:
    """Chooses who acts (when several may) and what they do."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(str(seed), "playout")
        self.random_percent = random_percent_for(seed)

    def seat(self, state: State) -> int:
        seats = sorted(nav.to_act(state))
        return seats[0] if len(seats) == 1 else choice(self.rng, seats)

    def action(self, state: State, seat: int, legal: list[dict[str, Any]]) -> dict[str, Any]:
        if self.rng.below(100) < self.random_percent:
            return choice(self.rng, legal)
        return nav.BOTS["greedy"](state, seat, self.rng)
