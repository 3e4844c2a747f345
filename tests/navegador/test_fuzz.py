"""decide never raises anything but IllegalAction, whatever JSON a client sends."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import domain.navegador as nav
from domain.core import IllegalAction, Rng, fold
from domain.navegador.components import C
from domain.navegador.decide import COMMANDS

from .playout import Policy

WORDS = ["type", "space", "pay_ships", "count", "from", "to", "sources", "region", "building",
         "good", "kind", *COMMANDS, *C.regions, *C.spaces, *C.goods,
         *C.kinds, *C.buildings]
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.integers(), st.floats(),
                    st.sampled_from(WORDS), st.text(max_size=5))
JSON = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.one_of(st.sampled_from(WORDS), st.text(max_size=4)), inner, max_size=5)),
    max_leaves=12)
ACTIONS = st.one_of(JSON, st.builds(
    lambda t, rest: {"type": t, **rest}, st.sampled_from(WORDS),
    st.dictionaries(st.sampled_from(WORDS), JSON, max_size=4)))


def positions() -> list[Any]:
    """A handful of positions from one seeded game: every step of the turn occurs."""
    state = fold(nav, None, nav.setup({"kings_privilege_placement": "manual"}, 3, Rng("fuzz", "setup")))
    policy, out = Policy(7), []
    while nav.outcome(state) is None:
        seat = policy.seat(state)
        out.append((state, seat))
        action = policy.action(state, seat, nav.legal_actions(state, seat))
        state = fold(nav, state, nav.decide(state, seat, action, None))
    return out[::7]


POSITIONS = positions()


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(POSITIONS) - 1), ACTIONS)
def test_any_json_is_either_legal_or_an_illegal_action(index: int, action: Any) -> None:
    state, seat = POSITIONS[index]
    # compared as JSON text: in Python True == 1 == 1.0, on the wire they differ
    legal = {json.dumps(a, sort_keys=True) for a in nav.legal_actions(state, seat)}
    try:
        facts = nav.decide(state, seat, action, None)
    except IllegalAction as err:
        assert err.code and err.message
        assert json.dumps(action, sort_keys=True) not in legal
    else:
        assert json.dumps(action, sort_keys=True) in legal and facts
