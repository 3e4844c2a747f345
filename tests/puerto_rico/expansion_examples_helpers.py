"""Games and lookups shared by the expansions' worked-example tests
(test_worked_examples_new_buildings.py, test_worked_examples_nobles.py).
"""

from __future__ import annotations

from typing import Any

from domain.puerto_rico.components import BUILDING_INDEX
from domain.puerto_rico.state import State

from .builder import drafted, game, of_type

B = BUILDING_INDEX


def nobles(n: int = 4) -> State:
    return game(n, expansions=["nobles"])


def both(n: int = 4) -> State:
    return drafted(game(n, expansions=["new_buildings", "nobles"]))


def _row(facts: list[dict[str, Any]], seat: int) -> dict[str, Any] | None:
    rows: list[dict[str, Any]] = of_type(facts, "GoodsProduced")[0]["production"]
    return next((r for r in rows if r["seat"] == seat), None)
