"""Every game declares conditions for standing orders (issue 32, item 3: "an optional condition
on what the player can see"), and each is judged on real seats' views: over seeded random games
every condition of every game, with each value of its parameters, is judged without error, and
each holds somewhere and fails somewhere (a condition that never changes would be no choice)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from domain.core import registry
from domain.core.conditions import check_condition, holds, vocabulary
from domain.core.errors import IllegalAction
from domain.core.rng import Rng, choice
from domain.core.rules import fold

GAMES = ("puerto-rico", "navegador", "felinia", "santa-maria")
INT_SAMPLES = (0, 1, 2, 3, 4, 6, 10, 25)
# Always true when a seat decides (domain/puerto_rico/conditions.py says why); kept for stored orders.
CONSTANT = {("puerto-rico", "trading_house_has_room")}


def values(param: Any) -> list[Any]:
    if param.kind == "choice":
        return list(param.choices)
    return [v for v in INT_SAMPLES if (param.minimum is None or v >= param.minimum)
            and (param.maximum is None or v <= param.maximum)]


def views(game: str, games: int = 2, moves: int = 3000) -> list[tuple[dict[str, Any], int]]:
    """(the seat's view, the seat) at every decision of seeded random 3-seat games, played to their end."""
    rules = registry.get(game)
    out = []
    for g in range(games):
        seed = f"conditions {game} {g}"
        state: Any = None
        for fact in rules.setup(rules.check_options({}, 3), 3, Rng(seed, "setup")):
            state = rules.evolve(state, fact)
        for n in range(moves):
            if rules.outcome(state) is not None:
                break
            seat = min(rules.to_act(state))
            out.append((rules.view(state, seat), seat))
            decided = rules.decide(state, seat, choice(Rng(seed, f"bot:{n}"), rules.legal_actions(state, seat)),
                                   Rng(seed, f"event:{n}"))
            after = getattr(decided, "state", None)
            state = after if after is not None else fold(rules, state, decided)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_every_condition_is_judged_on_the_seats_view_and_tells_positions_apart(game: str) -> None:
    rules = registry.get(game)
    known = vocabulary(rules)
    assert known, f"{game} declares no condition for standing orders"
    seen = views(game)
    for condition in known.values():
        if (game, condition.name) in CONSTANT:
            continue
        outcomes = set()
        for given in itertools.product(*(values(p) for p in condition.params)):
            stored = check_condition(rules, {"if": condition.name, **dict(zip((p.name for p in condition.params), given, strict=True))})
            assert stored is not None
            outcomes |= {holds(rules, stored, view, seat) for view, seat in seen}
        assert outcomes == {True, False}, f"{game}: {condition.name} gave only {outcomes}"


@pytest.mark.parametrize("game", GAMES)
def test_a_condition_with_a_value_out_of_its_bounds_is_refused(game: str) -> None:
    rules = registry.get(game)
    for condition in vocabulary(rules).values():
        if not condition.params:
            continue
        wrong = {p.name: "no such value" if p.kind == "choice" else 10_000 for p in condition.params}
        with pytest.raises(IllegalAction) as refused:
            check_condition(rules, {"if": condition.name, **wrong})
        assert refused.value.code == "order.condition"
