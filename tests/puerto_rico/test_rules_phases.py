"""Unit tests, one per rule, for what the worked examples (test_worked_examples_*.py) leave out:
the phases — settler, mayor, builder, craftsman, trader, captain — and storage (windrose and
warehouses)."""

from __future__ import annotations

import domain.puerto_rico as pr
from domain.puerto_rico.components import (
    BUILDING_INDEX,
    BUILDINGS,
    GOOD_INDEX,
    TILE_INDEX,
    TILE_KINDS,
)
from domain.puerto_rico.phases.craftsman import production

from .builder import act, board, finish_phase, game, of_type, player, rejected, start_role

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
