"""Seeded playouts for the property tests: options by seed, and a policy mixing the greedy bot
with uniformly random moves (random moves alone pass early; greedy alone builds more)."""

from __future__ import annotations

from typing import Any

import domain.santa_maria as sm
from domain.core import Rng, choice
from domain.santa_maria.state import State

MOVE_BOUND = 3000
VARIANTS: list[dict[str, Any]] = [
    {},  # draft of the colony boards
    {"colony_assignment": "random"},
    {"advanced_setup": True},
    {"shared_blue_dice": True},
    {"shared_blue_dice": True, "advanced_setup": True, "open_scores": True},
    {"colony_assignment": "random", "open_scores": True, "kozlocracy_rule": "roads_ignored"},
]


def options_for(seed: int) -> dict[str, Any]:
    return VARIANTS[seed % len(VARIANTS)]


def seats_for(seed: int) -> int:
    return 1 + (seed // len(VARIANTS)) % 4


class Policy:
    def __init__(self, seed: int) -> None:
        self.rng = Rng(str(seed), "playout")
        self.random_percent = (10, 30, 60, 100)[(seed // 24) % 4]

    def action(self, state: State, seat: int, legal: list[dict[str, Any]]) -> dict[str, Any]:
        if self.rng.below(100) < self.random_percent:
            return choice(self.rng, legal)
        return sm.BOTS["greedy"](state, seat, self.rng)
