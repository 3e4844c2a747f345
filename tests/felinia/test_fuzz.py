"""decide never raises anything but IllegalAction, whatever JSON a client sends, and accepts
exactly the actions legal_actions lists (rules page §2.1, FE-AMB-41)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import domain.felinia as fe
from domain.core import IllegalAction, Rng, fold
from domain.felinia.components import C
from domain.felinia.state import Step, commands

from .properties import Policy

WORDS = ["type", "target", "goods", "option", "give", "take", "bonus", "ship", "province", "card", "item",
         "count", "own_board", "guild", "goods_spice", "goods_food", "gold", "spice", "food", *commands.types,
         *C.goods, *C.markets, *C.ship_ids, *C.bonus_tiles, *C.maps["advanced"].provinces, *C.mystery_cards]
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-3, 12), st.integers(), st.floats(),
                    st.sampled_from(WORDS), st.text(max_size=5))
JSON = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4),
    st.dictionaries(st.one_of(st.sampled_from(WORDS), st.text(max_size=4)), inner, max_size=5)),
    max_leaves=12)
ACTIONS = st.one_of(JSON, st.builds(
    lambda t, rest: {"type": t, **rest}, st.sampled_from(commands.types),
    st.dictionaries(st.sampled_from(WORDS), st.one_of(st.sampled_from(WORDS), JSON), max_size=3)))


def positions() -> list[tuple[Any, int]]:
    """Positions of two seeded games (basic and advanced) covering every kind of decision."""
    out: list[tuple[Any, int]] = []
    seen: dict[tuple[str, Step], int] = {}
    for seed in range(1, 12):
        options = {"mode": ("basic", "advanced")[seed % 2]}
        state = fold(fe, None, fe.setup(options, 3, Rng(f"fuzz-{seed}", "setup")))
        policy = Policy(seed)
        while fe.outcome(state) is None:
            seat = policy.seat(state)
            key = (state.mode, state.step)
            if seen.get(key, 0) < 6:
                seen[key] = seen.get(key, 0) + 1
                out.append((state, seat))
            state = fe.decide(state, seat, policy.action(state, seat), Rng("fuzz", "move")).state  # type: ignore[attr-defined]
    return out


POSITIONS = positions()


def test_the_positions_cover_every_decision() -> None:
    assert {s.step for s, _ in POSITIONS} == set(Step) - {Step.GAME_OVER}


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(POSITIONS) - 1), ACTIONS)
def test_any_json_is_either_listed_and_accepted_or_an_illegal_action(index: int, action: Any) -> None:
    state, seat = POSITIONS[index]
    try:
        fe.decide(state, seat, action, Rng("fuzz", "probe"))
    except IllegalAction as err:
        assert err.code and err.message.endswith(".")
        assert action not in fe.legal_actions(state, seat)
    else:
        assert action in fe.legal_actions(state, seat)
