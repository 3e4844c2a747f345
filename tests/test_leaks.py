"""No answer shows a viewer what it may not see (issue 27, item 3), for every action type of
every game: see tests/leaks.py for what is hidden and how a leak is found."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from domain.core import Rng, fold, registry

from .leaks import BOT, ActionChecks, Curious, action_types, check_move
from .puerto_rico import builder
from .santa_maria.playout import personal_scholars

MOVE_BOUND = 3000
VIEW_EVERY = 7

Prepare = Callable[[Any], Any] | None
SCHOLARS = ("SCH_ARCHERY", "SCH_MEDITATION", "SCH_NAVIGATION", "SCH_STRATEGY")
NEW_BUILDINGS = {"expansions": ["new_buildings", "nobles"]}
RARE = {**NEW_BUILDINGS, "hacienda_quarry_with_construction_hut": True}

RARE_BUILDINGS = ("small_wharf", "royal_supplier", "forest_house", "hacienda", "construction_hut", "black_market", "guest_house",
                  "villa", "hunting_lodge", "land_office", "small_warehouse")


def rare_buildings(state: Any) -> Any:
    """Puerto Rico: each seat starts with the buildings of the rarest actions, manned (a noble on
    the royal supplier), goods to store and pay the black market with, and a VP."""
    for seat in range(state.n):
        state = builder.player(state, seat, buildings=dict.fromkeys(RARE_BUILDINGS, 1), nobles={"royal_supplier": 1},
                               goods={"corn": 2, "indigo": 2, "sugar": 1}, vp=1)
    return state


# Each game's games, short ones and enough of them that every action type comes up: options,
# seats, a change to the state after setup (a rarely dealt part given out), the bot.
CASES: dict[str, list[tuple[dict[str, Any], int, Prepare]]] = {
    "puerto-rico": [(RARE, 4, rare_buildings), ({"expansions": ["new_buildings"]}, 3, None), ({"expansions": ["nobles"]}, 2, None),
                    (NEW_BUILDINGS, 5, None), (RARE, 3, rare_buildings), (RARE, 2, rare_buildings), (RARE, 5, rare_buildings)] * 3,
    "navegador": [({"kings_privilege_placement": "manual"}, 3, None), ({}, 2, None)],
    "santa-maria": [({"expansion": True, "modules": ["A", "B", "C", "D"]}, 5, None),
                    ({"advanced_setup": True}, 2, None),
                    ({"expansion": True, "modules": ["A", "C"]}, 4, personal_scholars(1, SCHOLARS)),
                    ({"expansion": True, "modules": ["D"]}, 1, None),
                    ({"expansion": True, "modules": ["D"]}, 3, None),
                    ({"expansion": True, "modules": ["A", "B"]}, 3, personal_scholars(2, SCHOLARS)),
                    ({"expansion": True}, 3, personal_scholars(0, ("SCH_MEDITATION",))),
                    ({"expansion": True, "modules": ["A"]}, 2, personal_scholars(0, ("SCH_NAVIGATION",))),
                    ({"expansion": True, "modules": ["A", "B"]}, 4, personal_scholars(0, ("SCH_NAVIGATION",))),
                    ({"expansion": True, "modules": ["B", "D"]}, 4, None),
                    ({"expansion": True, "modules": ["C", "D"]}, 2, None),
                    ({}, 2, None)] * 2,
    "felinia": [({"mode": "advanced"}, 3, None), ({"mode": "basic"}, 4, None), ({"mode": "advanced"}, 4, None),
                ({"mode": "basic", "open_deck": True}, 3, None)],
}


def play(game: str, options: dict[str, Any], seats: int, seed: str, prepare: Prepare, policy: Curious,
         checks: ActionChecks) -> None:
    rules = registry.get(game)
    state = fold(rules, None, rules.setup(rules.check_options(options, seats), seats, Rng(seed, "setup")))
    if prepare is not None:
        state = prepare(state)
    rng = Rng(seed, "play")
    policy.begin()
    viewers = [None, *range(seats)]
    moves = 0
    while rules.outcome(state) is None:
        assert moves < MOVE_BOUND
        seat = min(rules.to_act(state))
        legal = rules.legal_actions(state, seat)
        checks.check(state, seat, legal, viewers, Rng(seed, f"probe:{moves}"))
        action = policy.choose(rules, state, seat, legal, rng)
        facts = rules.decide(state, seat, action, Rng(seed, f"event:{moves}"))
        after = fold(rules, state, facts)
        check_move(game, state, after, seat, action, facts, viewers, views=moves % VIEW_EVERY == 0)
        state, moves = after, moves + 1


@pytest.mark.parametrize("game", registry.products())
def test_no_action_shows_a_viewer_what_it_may_not_see_and_every_action_type_is_checked(game: str) -> None:
    assert game in CASES and game in BOT, f"{game}: say which games of it to play (CASES) and its bot (BOT)"
    policy, checks = Curious(BOT[game]), ActionChecks(game)
    for n, (options, seats, prepare) in enumerate(CASES[game]):
        play(game, options, seats, f"leaks-{n}", prepare, policy, checks)
    assert set(checks.checked) == action_types(registry.get(game))  # a new action type needs a game that plays it
