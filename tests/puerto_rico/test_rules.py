"""Unit tests, one per rule, for what the worked examples (test_worked_examples_*.py) leave out."""

from __future__ import annotations

import json

import pytest

import domain.puerto_rico as pr
from domain.core import ALL, IllegalAction, InvalidOptions, Rng, fold
from domain.puerto_rico.components import (
    BUILDING_INDEX,
    BUILDINGS,
    GOOD_INDEX,
    SETUPS,
    TILE_INDEX,
    TILE_KINDS,
)
from domain.puerto_rico.phases.craftsman import production

from .builder import act, board, finish_phase, game, of_type, player, rejected, start_role

# -- options and setup (§1.2, §1.3, §6.1) ----------------------------------------------------


def test_check_options_defaults_and_normalises() -> None:
    assert pr.check_options({}, 4) == {
        "expansions": [],
        "first_governor": "random",
        "max_large_buildings": 4,
        "hacienda_quarry_with_construction_hut": False,
    }
    assert pr.check_options({"expansions": []}, 2)["expansions"] == []


@pytest.mark.parametrize(
    ("options", "seats", "code"),
    [
        ({"expansions": ["nobles", "nobles"]}, 4, "options.expansions"),
        ({"exclude_office_with_trading_post": False}, 4, "options.needs_new_buildings"),
        ({"expansions": ["nobles"], "exclude_office_with_trading_post": True}, 3, "options.needs_new_buildings"),
        ({"expansions": ["new_buildings"], "exclude_office_with_trading_post": "no"}, 4, "options.exclude_office_with_trading_post"),
        ({"expansions": ["pirates"]}, 4, "options.expansion_unknown"),
        ({"expansions": "nobles"}, 4, "options.expansions"),
        ({"colour": "red"}, 4, "options.unknown"),
        ({"first_governor": 3}, 4, "options.first_governor"),
        ({"max_large_buildings": 0}, 4, "options.max_large_buildings"),
        ({"max_large_buildings": True}, 4, "options.max_large_buildings"),
        ({"hacienda_quarry_with_construction_hut": "yes"}, 4, "options.hacienda_quarry_with_construction_hut"),
        ({}, 1, "options.player_count"),
        ({}, 6, "options.player_count"),
    ],
)
def test_check_options_rejects(options: dict[str, object], seats: int, code: str) -> None:
    with pytest.raises(InvalidOptions) as exc:
        pr.check_options(options, seats)
    assert exc.value.code == code


def _copies(s: pr.State) -> dict[str, int]:
    return {b.id: left for b, left in zip(BUILDINGS, s.building_supply, strict=False)}


def test_two_player_setup_supplies() -> None:
    # §6.1: 3 quarries and 3 plantations of each kind and 2 goods of each kind go back to the box.
    s = game(2)
    assert s.goods == (8, 9, 9, 7, 7)  # corn, indigo, sugar, tobacco, coffee
    assert s.quarries == 5 and s.vp_supply == 65 and s.colonist_supply == 40 and s.colonist_ship == 2
    tiles = s.draw_pile + s.faceup
    assert len(tiles) == 33 and len(s.faceup) == 3
    assert [tiles.count(k) for k in range(5)] == [6, 8, 8, 6, 5]
    copies = _copies(s)
    assert all(copies[b.id] == (2 if b.production else 1) for b in BUILDINGS if b.expansion == "base")
    assert len(copies) == 23  # a base game's building rows hold the 23 base kinds only
    assert s.roles == ("settler", "mayor", "builder", "craftsman", "trader", "captain", "prospector")
    assert s.selections_per_round == 6 and s.ship_capacity == (4, 6)


def test_three_and_five_player_setups() -> None:
    s3 = game(3)
    assert [p.doubloons for p in s3.players] == [2, 2, 2]
    assert [p.island[TILE_INDEX["indigo"]] for p in s3.players] == [1, 1, 0]
    assert s3.vp_supply == 75 and s3.colonist_supply == 55 and s3.colonist_ship == 3
    assert s3.ship_capacity == (4, 5, 6) and "prospector" not in s3.roles and len(s3.roles) == 6
    assert len(s3.draw_pile) + len(s3.faceup) == 47 and len(s3.faceup) == 4
    s5 = game(5)
    assert [p.doubloons for p in s5.players] == [4] * 5
    assert [p.island[TILE_INDEX["corn"]] for p in s5.players] == [0, 0, 0, 1, 1]
    assert s5.vp_supply == 122 and s5.colonist_supply == 95 and s5.colonist_ship == 5
    assert s5.ship_capacity == (6, 7, 8) and s5.roles[-2:] == ("prospector_1", "prospector_2")
    assert len(s5.draw_pile) + len(s5.faceup) == 45 and len(s5.faceup) == 6
    assert _copies(s5)["small_indigo_plant"] == 4 and _copies(s5)["city_hall"] == 1


def test_random_first_governor_gets_the_first_indigo_plantation() -> None:
    governors = set()
    for i in range(12):
        facts = pr.setup({}, 4, Rng(f"gov-{i}", "setup"))
        s = fold(pr, None, facts)
        g = facts[0]["governor"]
        governors.add(g)
        assert s.governor == g and s.turn == g
        # §1.2: counted from the first governor clockwise: indigo, indigo, corn, corn
        kinds = [facts[0]["starting_plantations"][(g + i) % 4] for i in range(4)]
        assert kinds == ["indigo", "indigo", "corn", "corn"]
    assert len(governors) > 1


def test_setup_is_deterministic_and_records_the_shuffle() -> None:
    a = pr.setup({}, 4, Rng("same", "setup"))
    b = pr.setup({}, 4, Rng("same", "setup"))
    assert a == b and json.loads(json.dumps(a)) == a
    assert a[1]["t"] == "PlantationsShuffled" and len(a[1]["tiles"]) == 46
    assert a[2] == {"t": "PlantationsDrawn", "tiles": a[1]["tiles"][:5]}


# -- rounds, roles, governor -------------------------------------------------------------------


def test_doubloons_accumulate_on_roles_left_untaken() -> None:
    s = game(3)
    for _ in range(2):  # two rounds in which nobody takes the craftsman
        for _ in range(3):
            role = next(a["role"] for a in pr.legal_actions(s, s.turn) if a["role"] != "craftsman")
            s, _ = act(s, s.turn, {"type": "select_role", "role": role})
            s, _ = finish_phase(s)
    roles = dict(zip(s.roles, s.role_doubloons, strict=True))
    assert roles["craftsman"] == 2
    before = s.players[s.turn].doubloons
    seat = s.turn
    s, facts = act(s, seat, {"type": "select_role", "role": "craftsman"})
    assert facts[0] == {"t": "RoleSelected", "seat": seat, "role": "craftsman", "doubloons": 2}
    assert s.players[seat].doubloons == before + 2 and dict(zip(s.roles, s.role_doubloons, strict=True))["craftsman"] == 0


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_governor_rotates_clockwise_each_round(n: int) -> None:
    s = game(n)
    selectors: list[int] = []
    governors = [s.governor]
    for _ in range(3 * SETUPS[n].selections_per_round):
        selectors.append(s.turn)
        role = pr.legal_actions(s, s.turn)[-1]["role"]
        s, facts = act(s, s.turn, {"type": "select_role", "role": role})
        s, more = finish_phase(s)
        if of_type(facts + more, "RoundEnded"):
            governors.append(s.governor)
    per_round = SETUPS[n].selections_per_round
    assert governors == [0, 1 % n, 2 % n, 3 % n]
    for r in range(3):
        assert selectors[r * per_round : (r + 1) * per_round] == [(r + k) % n for k in range(per_round)]


def test_prospector_takes_one_doubloon_and_nobody_else_acts() -> None:
    s, facts = start_role(game(5), 2, "prospector_2")
    assert [f["t"] for f in facts] == ["RoleSelected", "ProspectorPrivilegeTaken", "PhaseEnded"]
    assert s.players[2].doubloons == 5


def test_a_taken_role_cannot_be_taken_again_and_unknown_roles_are_refused() -> None:
    s, _ = start_role(game(4), 0, "prospector")
    assert rejected(s, 1, {"type": "select_role", "role": "prospector"}) == "role.taken"
    assert rejected(s, 1, {"type": "select_role", "role": "prospector_2"}) == "role.unknown"
    assert rejected(s, 1, {"type": "select_role", "role": 3}) == "action.malformed"  # not a name


# -- settler -----------------------------------------------------------------------------------


def test_settler_full_island_is_auto_passed() -> None:
    s = player(game(4), 1, island={"corn": 12})
    s, facts = start_role(s, 0, "settler")
    s, facts = act(s, 0, {"type": "take_plantation", "kind": TILE_KINDS[s.faceup[0]]})
    assert {"t": "Passed", "seat": 1, "phase": "settler", "auto": True} in facts
    assert s.turn == 2


def test_settler_privilege_quarry_and_no_quarry_left() -> None:
    s, _ = start_role(board(game(4), quarries=0), 0, "settler")
    assert {"type": "take_quarry"} not in pr.legal_actions(s, 0)
    assert rejected(s, 0, {"type": "take_quarry"}) == "settler.no_quarries"
    s, _ = start_role(game(4), 0, "settler")
    assert {"type": "take_quarry"} in pr.legal_actions(s, 0)
    s, _ = act(s, 0, {"type": "take_quarry"})
    assert s.players[0].island[TILE_INDEX["quarry"]] == 1 and s.quarries == 7


def test_settler_pass_and_not_in_row() -> None:
    s, _ = start_role(board(game(4), faceup=["corn"]), 0, "settler")
    assert rejected(s, 0, {"type": "take_plantation", "kind": "coffee"}) == "settler.not_in_row"
    s, facts = act(s, 0, {"type": "pass"})
    assert facts[0] == {"t": "Passed", "seat": 0, "phase": "settler"}


def test_hacienda_draw_reshuffles_an_empty_pile_and_needs_occupation() -> None:
    s = board(game(4), draw_pile=[], discard=["coffee", "coffee"])
    s = player(s, 1, buildings={"hacienda": 1})
    s = player(s, 2, buildings={"hacienda": 0})
    s, _ = start_role(s, 1, "settler")
    s, facts = act(s, 1, {"type": "hacienda_draw"})
    assert facts[0]["t"] == "PlantationsShuffled" and facts[1] == {"t": "HaciendaTileDrawn", "seat": 1, "kind": "coffee"}
    assert s.players[1].island[TILE_INDEX["coffee"]] == 1 and len(s.draw_pile) == 1
    s, _ = act(s, 1, {"type": "pass"})
    assert rejected(s, 2, {"type": "hacienda_draw"}) == "settler.no_hacienda"  # unoccupied
    empty = board(game(4), draw_pile=[], discard=[])
    empty = player(empty, 0, buildings={"hacienda": 1})
    empty, _ = start_role(empty, 0, "settler")
    assert rejected(empty, 0, {"type": "hacienda_draw"}) == "settler.no_tiles"


def test_hospice_can_be_declined() -> None:
    # §10 A14: the Hospice colonist is optional (it can matter for the colonist end trigger).
    s = player(board(game(4), faceup=["sugar"]), 0, buildings={"hospice": 1})
    s, _ = start_role(s, 0, "settler")
    assert {"type": "take_plantation", "kind": "sugar", "hospice": False} in pr.legal_actions(s, 0)
    s, facts = act(s, 0, {"type": "take_plantation", "kind": "sugar", "hospice": False})
    assert facts[0]["hospice"] is None and s.players[0].manned[TILE_INDEX["sugar"]] == 0


def test_construction_hut_quarry_and_unoccupied_hut() -> None:
    s = player(game(4), 1, buildings={"construction_hut": 0})
    s, _ = start_role(s, 0, "settler")
    s, _ = act(s, 0, {"type": "pass"})
    assert rejected(s, 1, {"type": "take_quarry"}) == "settler.quarry_not_allowed"


# -- mayor -------------------------------------------------------------------------------------


def test_mayor_privilege_can_be_declined_and_is_skipped_when_the_supply_is_empty() -> None:
    s, _ = start_role(game(4), 0, "mayor")
    assert rejected(s, 0, {"type": "mayor_privilege", "colonists": 2}) == "mayor.privilege_limit"
    s, facts = act(s, 0, {"type": "mayor_privilege", "colonists": 0})
    assert facts[0] == {"t": "MayorPrivilegeTaken", "seat": 0, "colonists": 0}
    e, facts = start_role(board(game(4), colonist_supply=0), 0, "mayor")
    assert facts[1] == {"t": "MayorPrivilegeTaken", "seat": 0, "colonists": 0, "auto": True}


def test_mayor_rearrangement_moves_colonists_between_tiles() -> None:
    s = player(game(4), 0, island={"corn": 1, "indigo": 1}, manned={"corn": 1}, buildings={"small_market": 0})
    s = board(s, colonist_ship=0)
    for seat in (1, 2, 3):
        s = player(s, seat, island={}, buildings={})
    s, _ = start_role(s, 0, "mayor")
    s, _ = act(s, 0, {"type": "mayor_privilege", "colonists": 0})
    assert pr.legal_actions(s, 0) == [{"type": "remove", "from": "corn"}, {"type": "done"}]
    s, _ = act(s, 0, {"type": "remove", "from": "corn"})
    assert rejected(s, 0, {"type": "done"}) == "mayor.empty_circles"
    assert rejected(s, 0, {"type": "place", "to": "quarry"}) == "mayor.target_full"
    assert rejected(s, 0, {"type": "place", "to": "harbor"}) == "mayor.unknown_target"
    s, facts = act(s, 0, {"type": "place", "to": "small_market"})
    assert facts[1] == {"t": "ArrangementFinished", "seat": 0, "auto": True}
    pl = s.players[0]
    assert pl.buildings[BUILDING_INDEX["small_market"]] == 1 and sum(pl.manned) == 0


def test_mayor_extra_colonists_wait_on_the_windrose() -> None:
    s = player(game(4), 1, island={"corn": 1}, windrose=0)
    s = board(s, colonist_ship=8)
    s, _ = start_role(s, 0, "mayor")
    s, _ = act(s, 0, {"type": "mayor_privilege", "colonists": 1})
    pl = s.players[1]
    assert pl.colonists == 2 and pl.manned[TILE_INDEX["corn"]] == 1 and pl.windrose == 1


# -- builder -----------------------------------------------------------------------------------


def test_builder_privilege_only_for_the_builder_and_affordability() -> None:
    s = player(game(4), 0, doubloons=1)
    s = player(s, 1, doubloons=1)
    s, _ = start_role(s, 0, "builder")
    assert {"type": "build", "building": "small_sugar_mill"} in pr.legal_actions(s, 0)  # 2 - 1
    s, _ = act(s, 0, {"type": "pass"})
    assert rejected(s, 1, {"type": "build", "building": "small_sugar_mill"}) == "builder.cannot_afford"
    assert rejected(s, 1, {"type": "build", "building": "castle"}) == "builder.unknown_building"


def test_builder_sold_out_and_large_building_limit() -> None:
    s = board(game(4), building_supply=tuple(0 if b.id == "wharf" else left for b, left in zip(BUILDINGS, game(4).building_supply, strict=False)))
    s = player(s, 0, doubloons=30, buildings={"guild_hall": 0, "residence": 0})
    s, _ = start_role(s, 0, "builder")
    assert rejected(s, 0, {"type": "build", "building": "wharf"}) == "builder.sold_out"
    limited = player(game(4, max_large_buildings=2), 0, doubloons=30, buildings={"guild_hall": 0, "residence": 0})
    limited, _ = start_role(limited, 0, "builder")
    assert rejected(limited, 0, {"type": "build", "building": "fortress"}) == "builder.too_many_large"
    assert {"type": "build", "building": "fortress"} in pr.legal_actions(s, 0)


def test_filling_the_twelfth_city_space_triggers_the_end_at_round_end() -> None:
    # §5.1.2, §10 A38: a large building filling spaces 11 and 12 counts; the round is completed.
    ten = {b: 0 for b in ("small_market", "hacienda", "construction_hut", "small_warehouse", "hospice", "office",
                          "large_market", "large_warehouse", "factory", "university")}
    s = player(game(4), 1, buildings=ten, doubloons=20)
    s, _ = start_role(s, 1, "builder")
    s, facts = act(s, 1, {"type": "build", "building": "city_hall"})
    assert {"t": "GameEndTriggered", "reason": "city", "seat": 1} in facts
    assert s.players[1].city_spaces == 12 and not s.over
    while not s.over:
        s, _ = finish_phase(s)
        if not s.over:
            s, _ = act(s, s.turn, pr.legal_actions(s, s.turn)[0])
    assert s.round == 1
    out = pr.outcome(s)
    assert out is not None and out.termination == "city_filled"


def test_university_colonist_from_the_supply_and_declined() -> None:
    s = player(game(4), 0, buildings={"university": 1}, doubloons=10)
    s, _ = start_role(s, 0, "builder")
    after, facts = act(s, 0, {"type": "build", "building": "coffee_roaster"})
    assert facts[0]["university"] == "supply" and after.colonist_supply == s.colonist_supply - 1
    after, facts = act(s, 0, {"type": "build", "building": "coffee_roaster", "university": False})
    assert facts[0]["university"] is None and after.players[0].buildings[BUILDING_INDEX["coffee_roaster"]] == 0


# -- craftsman ---------------------------------------------------------------------------------


def test_production_needs_occupied_plantations_and_buildings() -> None:
    s = game(4)
    pl = player(s, 0, island={"corn": 2, "indigo": 3, "coffee": 2}, manned={"corn": 1, "indigo": 3, "coffee": 2},
                buildings={"small_indigo_plant": 1, "indigo_plant": 0, "coffee_roaster": 2}).players[0]
    assert production(pl) == [1, 1, 0, 0, 2]


def test_factory_pays_five_for_five_kinds() -> None:
    s = player(game(4), 0, doubloons=0,
               island={"corn": 1, "indigo": 1, "sugar": 1, "tobacco": 1, "coffee": 1},
               manned={"corn": 1, "indigo": 1, "sugar": 1, "tobacco": 1, "coffee": 1},
               buildings={"factory": 1, "small_indigo_plant": 1, "small_sugar_mill": 1, "tobacco_storage": 1,
                          "coffee_roaster": 1})
    s, facts = start_role(s, 1, "craftsman")
    row = next(r for r in of_type(facts, "GoodsProduced")[0]["production"] if r["seat"] == 0)
    assert row["factory"] == 5 and s.players[0].doubloons == 5


def test_craftsman_without_production_gets_no_privilege() -> None:
    s = player(game(4), 0, island={"indigo": 1}, manned={"indigo": 1})  # no indigo plant
    s, facts = start_role(s, 0, "craftsman")
    assert {"t": "Passed", "seat": 0, "phase": "craftsman", "auto": True} in facts
    assert s.step == "select_role"


# -- trader ------------------------------------------------------------------------------------


def test_trader_privilege_corn_and_no_good() -> None:
    s = player(game(4), 0, goods={"corn": 1}, doubloons=0)
    s, _ = start_role(s, 0, "trader")
    assert rejected(s, 0, {"type": "sell", "good": "coffee"}) == "trader.no_good"
    s, facts = act(s, 0, {"type": "sell", "good": "corn"})
    assert facts[0] == {"t": "GoodSold", "seat": 0, "good": "corn", "price": 1}


def test_full_trading_house_refuses_sales() -> None:
    s = board(game(4), trading_house=["corn", "indigo", "sugar", "tobacco"])
    s = player(s, 0, goods={"coffee": 1}, buildings={"office": 1})
    s, facts = start_role(s, 0, "trader")
    assert {"t": "Passed", "seat": 0, "phase": "trader", "auto": True} in facts
    assert of_type(facts, "TradingHouseEmptied") and s.trading_house == ()


# -- captain -----------------------------------------------------------------------------------


def test_captain_privilege_once_and_only_when_shipping() -> None:
    s = board(game(4), ships=[(5, None, 0), (6, None, 0), (7, None, 0)])
    s = player(s, 1, goods={"corn": 2, "indigo": 1})
    s, facts = start_role(s, 1, "captain")
    s, facts = act(s, 1, {"type": "ship", "good": "corn", "ship": 0})
    assert facts[0]["vp"] == 3
    s, facts = act(s, 1, {"type": "ship", "good": "indigo", "ship": 1})
    assert facts[0]["vp"] == 1
    n = board(game(4), ships=[(5, None, 0), (6, None, 0), (7, None, 0)])
    n = player(n, 2, goods={"corn": 2})
    n, facts = start_role(n, 1, "captain")
    n, facts = act(n, 2, {"type": "ship", "good": "corn", "ship": 0})
    assert facts[0]["vp"] == 2 and n.players[1].vp == 0


def test_captain_rejections() -> None:
    s = board(game(4), ships=[(5, "corn", 5), (6, "indigo", 2), (7, None, 0)])
    s = player(s, 0, goods={"corn": 3, "indigo": 1, "sugar": 2, "coffee": 1})
    s, _ = start_role(s, 0, "captain")
    assert rejected(s, 0, {"type": "ship", "good": "corn", "ship": 0}) == "captain.ship_full"
    assert rejected(s, 0, {"type": "ship", "good": "corn", "ship": 2}) == "captain.good_on_other_ship"
    assert rejected(s, 0, {"type": "ship", "good": "sugar", "ship": 1}) == "captain.ship_has_other_good"
    assert rejected(s, 0, {"type": "ship", "good": "tobacco", "ship": 2}) == "captain.no_good"
    assert rejected(s, 0, {"type": "ship", "good": "sugar", "ship": 3}) == "captain.unknown_ship"
    assert rejected(s, 0, {"type": "ship", "good": "sugar", "ship": "wharf"}) == "captain.no_wharf"
    assert rejected(s, 0, {"type": "pass"}) == "captain.must_ship"


def test_wharf_once_per_phase_and_may_be_declined() -> None:
    s = board(game(4), ships=[(5, "corn", 5), (6, "indigo", 6), (7, "sugar", 7)])
    s = player(s, 0, goods={"tobacco": 3, "coffee": 2}, buildings={"wharf": 1})
    s, _ = start_role(s, 0, "captain")
    assert {"type": "pass"} in pr.legal_actions(s, 0)  # no normal load: the wharf is optional
    s, facts = act(s, 0, {"type": "ship", "good": "tobacco", "ship": "wharf"})
    assert facts[0]["count"] == 3 and s.goods[GOOD_INDEX["tobacco"]] == game(4).goods[GOOD_INDEX["tobacco"]] + 3
    assert s.step == "store"  # nobody can ship any more: the coffee cannot use the wharf again
    d = board(game(4), ships=[(5, "corn", 5), (6, "indigo", 6), (7, "sugar", 7)])
    d = player(d, 0, goods={"tobacco": 3}, buildings={"wharf": 1})
    d, _ = start_role(d, 0, "captain")
    d, facts = act(d, 0, {"type": "pass"})
    # three more passes of the others complete the circuit (§10 A17)
    assert [f["seat"] for f in of_type(facts, "Passed")] == [0, 1, 2, 3]
    assert d.step == "store"


def test_only_full_ships_are_unloaded() -> None:
    s = board(game(4), ships=[(5, "corn", 2), (6, None, 0), (7, None, 0)])
    s = player(s, 0, goods={"corn": 3})
    s, facts = start_role(s, 0, "captain")
    s, facts = act(s, 0, {"type": "ship", "good": "corn", "ship": 0})
    assert of_type(facts, "ShipUnloaded") == [{"t": "ShipUnloaded", "ship": 0, "good": "corn", "count": 5}]


# -- storage (windrose and warehouses) ---------------------------------------------------------


def _end_of_loading(goods: dict[str, int], buildings: dict[str, int] | None = None) -> pr.State:
    s = board(game(4), ships=[(5, "sugar", 5), (6, "tobacco", 6), (7, "coffee", 7)])
    s = player(s, 2, goods=goods, buildings=buildings or {})
    s, _ = start_role(s, 2, "captain")
    return s


def test_one_good_is_kept_on_the_windrose_automatically() -> None:
    s, facts = start_role(player(board(game(4), ships=[(5, "sugar", 5), (6, "tobacco", 6), (7, "coffee", 7)]), 2, goods={"sugar": 1}), 2, "captain")
    assert {"t": "GoodsStored", "seat": 2, "kept": None, "discarded": {}, "auto": True} in facts
    assert s.players[2].goods[GOOD_INDEX["sugar"]] == 1


def test_storage_done_discards_everything_unprotected() -> None:
    s = _end_of_loading({"sugar": 2, "coffee": 3}, {"small_warehouse": 1})
    assert pr.legal_actions(s, 2) == [
        {"type": "warehouse", "good": "sugar"},
        {"type": "warehouse", "good": "coffee"},
        {"type": "keep", "good": "sugar"},
        {"type": "keep", "good": "coffee"},
        {"type": "done"},
    ]
    s2, facts = act(s, 2, {"type": "warehouse", "good": "coffee"})
    assert facts[0] == {"t": "GoodsWarehoused", "seat": 2, "good": "coffee"}
    s3, facts = act(s2, 2, {"type": "done"})
    assert facts[0] == {"t": "GoodsStored", "seat": 2, "kept": None, "discarded": {"sugar": 2}}
    assert s3.players[2].goods == (0, 0, 0, 0, 3)
    assert rejected(s2, 2, {"type": "keep", "good": "coffee"}) == "storage.already_stored"
    assert rejected(s2, 2, {"type": "keep", "good": "corn"}) == "storage.no_good"


def test_warehouse_protection_makes_the_rest_automatic() -> None:
    s = _end_of_loading({"sugar": 2, "coffee": 3, "corn": 1}, {"small_warehouse": 1})
    s, facts = act(s, 2, {"type": "warehouse", "good": "sugar"})
    assert s.step == "store" and s.turn == 2  # coffee 3 and corn 1: still a choice
    s, facts = act(s, 2, {"type": "keep", "good": "coffee"})
    assert facts[0]["discarded"] == {"corn": 1, "coffee": 2}
    assert s.players[2].goods == (0, 0, 2, 0, 1)


def test_unoccupied_warehouse_protects_nothing() -> None:
    s = _end_of_loading({"sugar": 2, "coffee": 3}, {"large_warehouse": 0})
    assert {"type": "warehouse", "good": "sugar"} not in pr.legal_actions(s, 2)
    assert rejected(s, 2, {"type": "warehouse", "good": "sugar"}) == "storage.no_warehouse"


# -- end of game and scoring -------------------------------------------------------------------


def test_game_ends_only_at_the_end_of_the_round_with_all_reasons() -> None:
    s = board(game(3), vp_supply=1, ships=[(4, None, 0), (5, None, 0), (6, None, 0)])
    s = player(s, 0, goods={"corn": 1})
    s, facts = start_role(s, 0, "captain")
    s, facts = act(s, 0, {"type": "ship", "good": "corn", "ship": 0})
    assert s.end_reasons == ("vp",) and not s.over
    s = board(s, colonist_supply=0)
    s, facts = act(s, s.turn, {"type": "select_role", "role": "mayor"})
    s, more = finish_phase(s)
    facts += more
    assert s.end_reasons == ("vp", "colonists")
    s, facts = act(s, s.turn, pr.legal_actions(s, s.turn)[0])
    s, more = finish_phase(s)
    ended = of_type(facts + more, "GameEnded")
    assert s.over and ended and ended[0]["reasons"] == ["vp", "colonists"]
    out = pr.outcome(s)
    assert out is not None and out.termination == "vp_exhausted+colonists_exhausted"
    assert ended[0]["scores"] == [r.score for r in sorted(out.results, key=lambda r: r.seat)]


def test_outcome_breakdown_adds_up_and_ranks_use_the_tie_break() -> None:
    s = game(3)
    s = player(s, 0, vp=10, buildings={"harbor": 1}, doubloons=1)  # 13
    s = player(s, 1, vp=12, buildings={"small_market": 0}, doubloons=2)  # 13
    s = player(s, 2, vp=13, doubloons=0, goods={"corn": 2})  # 13
    s = board(s, step="over", phase="over", turn=-1, end_reasons=("city",))
    out = pr.outcome(s)
    assert out is not None
    assert [r.score for r in out.results] == [13, 13, 13]
    assert [r.rank for r in out.results] == [3, 1, 1]
    assert out.winners == (1, 2) and out.termination == "city_filled"
    assert out.results[0].breakdown["buildings"] == 3 and out.results[0].breakdown["shipping"] == 10
    assert pr.outcome(game(3)) is None


# -- views and hidden information (§7) ---------------------------------------------------------


def test_views_hide_other_players_vp_and_the_pile_order() -> None:
    s = player(game(4), 1, vp=7)
    mine = pr.view(s, 1)
    theirs = pr.view(s, 2)
    spectator = pr.view(s, None)
    host = pr.view(s, ALL)
    assert mine["players"][1]["vp"] == 7 and theirs["players"][1]["vp"] is None
    assert all(p["vp"] is None for p in spectator["players"])
    assert "plantation_draw_pile_order" not in theirs and "plantation_draw_pile_order" not in spectator
    assert host["plantation_draw_pile_order"] and host["players"][1]["vp"] == 7
    assert theirs["plantation_draw_pile"] == len(s.draw_pile)
    json.dumps(host)


def test_final_view_reveals_the_scores() -> None:
    s = player(game(2), 1, vp=7)
    s = board(s, step="over", phase="over", turn=-1)
    v = pr.view(s, None)
    assert v["players"][1]["vp"] == 7 and v["final"][1]["score"] == 7


def test_redact_hides_the_shuffled_order_from_everybody_but_the_host() -> None:
    shuffled = pr.setup({}, 3, Rng("r", "setup"))[1]
    for viewer in (None, 0, 1, 2):
        assert pr.redact(shuffled, viewer) == {"t": "PlantationsShuffled", "count": 47}
    assert pr.redact(shuffled, ALL) == shuffled
    shipped = {"t": "GoodsShipped", "seat": 0, "good": "corn", "ship": 1, "count": 3, "vp": 4}
    assert pr.redact(shipped, 2) == shipped  # single awards are public (§7)


# -- robustness --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (None, "action.malformed"),
        ([], "action.malformed"),
        ({"type": None}, "action.malformed"),
        ({"type": "teleport"}, "action.unknown_type"),
        ({"type": "ship", "good": "corn", "ship": 0}, "action.not_now"),
        ({"type": "select_role"}, "action.malformed"),
        ({"type": "select_role", "role": "mayor", "extra": 1}, "action.malformed"),
        ({"type": "select_role", "role": ["mayor"]}, "action.malformed"),  # not a name: a list
        ({"type": "select_role", "role": "pirate"}, "role.unknown"),  # a name, of no role
    ],
)
def test_malformed_actions_are_rejected(action: object, code: str) -> None:
    assert rejected(game(4), 0, action) == code  # type: ignore[arg-type]


def test_not_your_turn_and_game_over() -> None:
    s = game(4)
    assert rejected(s, 1, {"type": "select_role", "role": "mayor"}) == "turn.not_yours"
    assert pr.legal_actions(s, 1) == [] and pr.to_act(s) == frozenset({0})
    over = board(s, step="over", phase="over", turn=-1)
    with pytest.raises(IllegalAction) as exc:
        pr.decide(over, 0, {"type": "pass"}, Rng("x", "y"))
    assert exc.value.code == "game.over" and pr.to_act(over) == frozenset()
