"""Every field of every Puerto Rico action, given a value of the wrong JSON type, is refused
with `action.malformed` (issue 27 item 11); a value of the right type that names nothing the
game knows keeps its rule's code ("role": "pirate" is `role.unknown`).

Each action type is tried in a position where it is accepted as written, with every optional
field it takes, so the refusal can only come from the one field replaced.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import domain.puerto_rico as pr
from domain.core import Rng
from domain.puerto_rico.state import State
from domain.puerto_rico.tables import commands
from tests.mistyped import field_paths, json_type, replaced, wrong_values

from .builder import act, board, drafted, game, player, rejected, start_role

Position = Callable[[], tuple[State, int]]

FIELDLESS = {"pass", "done", "end_turn", "hacienda_draw", "hacienda_quarry", "villa_take", "land_office_buy",
             "black_market_vp"}


def nb() -> State:
    return drafted(game(4, expansions=["new_buildings"]))


def both() -> State:
    return drafted(game(4, expansions=["new_buildings", "nobles"]))


def role(s: State, name: str, *passing: int) -> State:
    """Seat 0 takes the role; the seats in `passing` pass in turn."""
    s, _ = start_role(s, 0, name)
    for seat in passing:
        s, _ = act(s, seat, {"type": "pass"})
    return s


def black_market() -> State:
    s = player(both(), 1, buildings={"black_market": 1}, windrose=1, nobles={"windrose": 1}, goods={"corn": 1},
               vp=2, doubloons=5)
    s, _ = act(role(s, "builder", 0), 1, {"type": "build", "building": "harbor", "black_market": True})
    return s


def mayor_with_nobles() -> State:
    """Seat 0, the mayor, takes a colonist from the supply."""
    s = board(game(4, expansions=["nobles"]), colonist_ship=3, noble_ship=1)
    s, _ = act(role(s, "mayor"), 0, {"type": "mayor_privilege", "colonists": 1})
    return s


def arranging(s: State) -> State:
    """The first listed actions until seat 0 arranges its workers."""
    while (s.step, s.turn) != ("arrange", 0):
        s, _ = act(s, s.turn, pr.legal_actions(s, s.turn)[0])
    return s


def forest_settler(**buildings: int) -> State:
    s = board(nb(), faceup=["corn", "sugar", "coffee", "indigo", "indigo"], draw_pile=["tobacco"], colonist_supply=5)
    return role(player(s, 0, buildings={"forest_house": 1, "hospice": 1, **buildings}), "settler")


def drawn_tile() -> State:
    s, _ = act(forest_settler(hacienda=1), 0, {"type": "hacienda_draw"})
    return s


def lodge() -> State:
    s = board(both(), faceup=[], quarries=0)
    s = player(s, 3, buildings={"hunting_lodge": 1}, forests={"corn": 1})
    return role(s, "settler")


def land_office() -> State:
    s = player(both(), 1, island={"sugar": 1}, forests={"corn": 1}, buildings={"land_office": 1},
               nobles={"land_office": 1}, goods={"indigo": 1})
    return role(s, "trader")


def captain(**buildings: int) -> State:
    s = board(nb(), ships=[(5, None, 0), (6, "indigo", 6), (7, "sugar", 7)])
    return role(player(s, 0, goods={"corn": 3}, buildings=buildings), "captain")


def storage() -> State:
    s = board(game(4), ships=[(5, "sugar", 5), (6, "tobacco", 6), (7, "coffee", 7)])
    s = player(s, 2, goods={"sugar": 2, "coffee": 3}, buildings={"small_warehouse": 1})
    s, _ = start_role(s, 2, "captain")
    return s


# (the action with every field it may carry, the position where it is accepted, the seat)
CASES: dict[str, tuple[dict[str, Any], Position]] = {
    "select_role": ({"role": "mayor"}, lambda: (game(4), 0)),
    "draft_building": ({"building": "hospice"}, lambda: (game(4, expansions=["new_buildings"]), 0)),
    "build": ({"building": "small_market", "university": False, "black_market": False},
              lambda: (role(nb(), "builder"), 0)),
    "black_market_worker": ({"from": "windrose", "piece": "noble"}, lambda: (black_market(), 1)),
    "black_market_good": ({"good": "corn"}, lambda: (black_market(), 1)),
    "deploy_guest": ({"to": "corn", "piece": "noble"}, lambda: (role(player(
        both(), 1, island={"corn": 1}, buildings={"guest_house": 1}, nobles={"guest_house": 1}), "builder"), 1)),
    "mayor_privilege": ({"colonists": 1}, lambda: (role(game(4), "mayor"), 0)),
    "take_from_ship": ({"piece": "noble"}, lambda: (mayor_with_nobles(), 0)),
    "place": ({"to": "small_indigo_plant", "piece": "colonist"}, lambda: (arranging(mayor_with_nobles()), 0)),
    "remove": ({"from": "indigo", "piece": "colonist"}, lambda: (arranging(mayor_with_nobles()), 0)),
    "take_plantation": ({"kind": "corn", "hospice": False}, lambda: (forest_settler(), 0)),
    "take_forest": ({"kind": "corn", "hospice": True}, lambda: (forest_settler(), 0)),
    "take_quarry": ({"hospice": True}, lambda: (forest_settler(), 0)),
    "place_drawn_tile": ({"forest": True}, lambda: (drawn_tile(), 0)),
    "hunting_lodge_discard": ({"tile": "forest", "kind": "corn"}, lambda: (lodge(), 3)),
    "land_office_sell": ({"tile": "forest", "kind": "corn"}, lambda: (land_office(), 1)),
    "sell": ({"good": "indigo", "venue": "trading_post"}, lambda: (role(player(
        nb(), 1, goods={"indigo": 1}, buildings={"trading_post": 1}), "trader"), 1)),
    "ship": ({"good": "corn", "ship": 0}, lambda: (captain(), 0)),
    "small_wharf": ({"good": "corn", "count": 2}, lambda: (captain(small_wharf=1), 0)),
    "royal_supplier": ({"good": "corn"}, lambda: (role(player(
        both(), 0, goods={"corn": 1}, buildings={"royal_supplier": 1}, nobles={"royal_supplier": 1}), "captain"), 0)),
    "craftsman_bonus": ({"good": "corn"}, lambda: (role(player(
        game(4), 0, island={"corn": 1}, manned={"corn": 1}), "craftsman"), 0)),
    "warehouse": ({"good": "coffee"}, lambda: (storage(), 2)),
    "keep": ({"good": "sugar"}, lambda: (storage(), 2)),
}


def test_every_action_type_with_fields_is_tried() -> None:
    assert set(CASES) == set(commands.types) - FIELDLESS


@pytest.mark.parametrize("kind", sorted(CASES))
def test_a_field_of_the_wrong_json_type_is_malformed(kind: str) -> None:
    fields, position = CASES[kind]
    s, seat = position()
    action = {"type": kind, **fields}
    assert pr.decide(s, seat, action, Rng("fields", "decide"))  # accepted as written
    for path, value in field_paths(action):
        accepted = {"number", "string"} if path == ("ship",) else {json_type(value)}  # a ship number or "wharf"
        for wrong in wrong_values(value, accepted):
            assert rejected(s, seat, replaced(action, path, wrong)) == "action.malformed", (path, wrong)


@pytest.mark.parametrize(("kind", "field", "name", "code"), [
    ("select_role", "role", "pirate", "role.unknown"),
    ("build", "building", "castle", "builder.unknown_building"),
    ("draft_building", "building", "castle", "draft.unknown_building"),
    ("place", "to", "castle", "mayor.unknown_target"),
    ("remove", "from", "castle", "mayor.unknown_target"),
    ("deploy_guest", "to", "castle", "guest.unknown_target"),
    ("black_market_worker", "from", "castle", "builder.unknown_source"),
])
def test_a_name_the_game_does_not_know_keeps_its_rule_code(kind: str, field: str, name: str, code: str) -> None:
    fields, position = CASES[kind]
    s, seat = position()
    assert rejected(s, seat, {"type": kind, **fields, field: name}) == code
