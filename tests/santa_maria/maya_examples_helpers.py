"""Actions and lookups shared by module D's example tests (test_examples_maya_*.py)."""

from __future__ import annotations

from typing import Any

import domain.santa_maria as sm

from .helpers import act, edit
from .maya_helpers import MAYA, city, maya_start

P2 = 1  # the page's seat 2: the first colonist
PRIEST = {"type": "maya_high_priest", "node": "B2_1"}


def facts_of(facts: list[dict[str, Any]], t: str) -> list[dict[str, Any]]:
    return [f for f in facts if f["t"] == t]


def ex44() -> Any:
    state = maya_start(2)
    state = edit(state, MAYA, coins=0)
    state = edit(state, P2, coins=2, wood=0)
    return city(state, tokens={"wood": (1, 1), "cocoa": (0, 2), "gem": (0, 1), "sugar": (0, 1), "grain": (0, 1)})


def pass_year(state: Any, rng: Any, maya_space: int = 1, other_space: int = 2) -> tuple[Any, list[dict[str, Any]]]:
    """Everybody passes (the Maya on `maya_space`, colonists from `other_space` on), answering the
    pass spaces' questions with a decline."""
    every: list[dict[str, Any]] = []
    space = other_space
    year = state.year
    while state.year == year and sm.outcome(state) is None:
        (seat,) = sm.to_act(state)
        if state.pending is not None:
            legal = sm.legal_actions(state, seat)
            action = next(a for a in legal if None in a.values() or a.get("accept") is False) if any(
                None in a.values() for a in legal) else legal[0]
        elif seat == MAYA:
            action = {"type": "pass", "space": maya_space}
        else:
            action = {"type": "pass", "space": space}
            space += 1
        state, facts = act(state, seat, action, rng)
        every += facts
    return state, every
