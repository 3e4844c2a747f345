"""The worked examples PR-EX-47 … PR-EX-55 of the rules page §9 (the Nobles expansion, with New
Buildings where the example needs it), plus the Nobles variant of PR-EX-6.

Each test names the §10 resolution it relies on where the example depends on one.
`royal_supplier([kinds])` is one `royal_supplier` per good.
"""

from __future__ import annotations

import domain.puerto_rico as pr
from domain.puerto_rico.components import TILE_INDEX
from domain.puerto_rico.phases.builder import price
from domain.puerto_rico.scoring import breakdown
from domain.puerto_rico.state import State

from .builder import act, board, finish_phase, of_type, player, rejected, start_role
from .expansion_examples_helpers import B, _row, both, nobles

# -- Nobles ------------------------------------------------------------------------------------


def test_pr_ex_47_nobles_setup_three_players() -> None:
    s = nobles(3)
    assert (s.colonist_ship, s.noble_ship) == (2, 1)
    assert (s.colonist_supply, s.noble_supply) == (98, 19)
    assert s.vp_supply == 75 and s.ship_capacity == (4, 5, 6) and len(s.roles) == 6
    for name in ("land_office", "chapel", "hunting_lodge", "construction_office", "royal_supplier", "villa", "jeweler"):
        assert s.building_supply[B[name]] == 2
    assert s.building_supply[B["royal_garden"]] == 1
    # §10 A31: two players — 100 colonists, the ship with 1 colonist + 1 noble, 1 copy of each violet
    t = nobles(2)
    assert (t.colonist_ship, t.noble_ship, t.colonist_supply, t.noble_supply) == (1, 1, 99, 19)
    assert t.building_supply[B["chapel"]] == 1 and t.building_supply[B["jeweler"]] == 2


def test_pr_ex_48_nobles_in_the_mayor_phase() -> None:
    # §10 A30 (the taker chooses the piece) and A32 (the privilege gives a brown colonist).
    s = board(nobles(4), colonist_ship=3, noble_ship=1)
    s = player(s, 1, island={}, buildings={"sugar_mill": 0, "tobacco_storage": 0, "small_market": 0})
    s, _ = start_role(s, 0, "mayor")
    s, facts = act(s, 0, {"type": "mayor_privilege", "colonists": 1})
    assert s.step == "take_from_ship" and s.turn == 0
    assert s.players[0].windrose == 1 and s.players[0].windrose_nobles == 0
    s, facts = act(s, 0, {"type": "take_from_ship", "piece": "noble"})
    assert facts[1] == {"t": "ColonistsDistributed", "colonists": [0, 1, 1, 1], "nobles": [0, 0, 0, 0]}
    a = s.players[0]
    assert (a.workers, a.nobles) == (2, 1) and s.colonist_ship == 0 and s.noble_ship == 0
    # A holds a colonist and a noble for one circle: he chooses which works
    assert s.step == "arrange" and s.turn == 0
    s, _ = act(s, 0, {"type": "place", "to": "indigo", "piece": "noble"})
    assert s.players[0].manned_nobles[TILE_INDEX["indigo"]] == 1 and s.turn == 1
    s, facts = act(s, 1, {"type": "place", "to": "small_market"})  # C and D: automatic
    # E = 6 empty building circles → 1 noble + 5 colonists; no end trigger from colonists
    assert of_type(facts, "ColonistShipRefilled") == [
        {"t": "ColonistShipRefilled", "colonists": 5, "nobles": 1}
    ]
    assert not of_type(facts, "GameEndTriggered")


def test_pr_ex_6_variant_with_nobles_does_not_end_the_game() -> None:
    # §6.3: the colonist shortage end trigger is removed with Nobles.
    s = board(nobles(4), colonist_supply=3, colonist_ship=0, noble_ship=0)
    s = player(s, 0, island={}, buildings={"coffee_roaster": 1})
    s = player(s, 3, island={}, buildings={"sugar_mill": 0})
    s, _ = start_role(s, 0, "mayor")
    s, facts = finish_phase(s)
    assert of_type(facts, "ColonistShipRefilled") == [{"t": "ColonistShipRefilled", "colonists": 3, "nobles": 1}]
    assert s.end_reasons == () and s.colonist_supply == 0


def test_pr_ex_49_land_office() -> None:
    # §10 A29: once per trader phase, before or after the sale.
    s = player(nobles(), 1, island={"corn": 4, "indigo": 4}, buildings={"land_office": 1}, doubloons=2,
               goods={"corn": 1})
    s = board(s, draw_pile=["coffee", "sugar"])
    s, _ = start_role(s, 0, "trader")
    assert s.turn == 1 and {"type": "land_office_buy"} in pr.legal_actions(s, 1)
    s, facts = act(s, 1, {"type": "land_office_buy"})
    assert facts == [{"t": "LandOfficeBought", "seat": 1, "kind": "coffee"}]
    pl = s.players[1]
    assert pl.doubloons == 1 and pl.island[TILE_INDEX["coffee"]] == 1 and pl.tiles == 9 and s.turn == 1
    assert rejected(s, 1, {"type": "land_office_buy"}) == "trader.land_office_used"
    s, facts = act(s, 1, {"type": "sell", "good": "corn"})
    assert of_type(facts, "Passed")[0]["seat"] == 2  # sale and land office done: the turn is over
    # the land office after the sale
    t = player(nobles(), 1, island={"corn": 1}, buildings={"land_office": 1}, doubloons=2, goods={"corn": 1})
    t, _ = start_role(t, 0, "trader")
    t, _ = act(t, 1, {"type": "sell", "good": "corn"})
    assert t.turn == 1 and pr.legal_actions(t, 1) == [{"type": "land_office_buy"}, {"type": "end_turn"}]
    # noble: discard an occupied sugar plantation, its colonist to the windrose, +1 doubloon
    n = player(nobles(), 1, island={"sugar": 1, "corn": 1}, manned={"sugar": 1}, buildings={"land_office": 1},
               nobles={"land_office": 1}, doubloons=0, goods={"indigo": 1})
    n, _ = start_role(n, 0, "trader")
    n, facts = act(n, 1, {"type": "land_office_sell", "tile": "sugar"})
    assert facts[0] == {"t": "TileDiscarded", "seat": 1, "tile": "sugar", "kind": "sugar", "worker": "colonist",
                        "by": "land_office", "doubloons": 1}
    pl = n.players[1]
    assert pl.island[TILE_INDEX["sugar"]] == 0 and pl.windrose == 1 and pl.doubloons == 1
    assert n.discard[-1] == TILE_INDEX["sugar"]
    assert rejected(n, 1, {"type": "land_office_sell", "tile": "corn"}) == "trader.land_office_used"
    assert pr.legal_actions(n, 1) == [{"type": "sell", "good": "indigo"}, {"type": "pass"}]  # his sale is still open


def test_pr_ex_50_chapel_and_jeweler() -> None:
    # §10 A45: they pay in every craftsman phase, whatever is produced.
    s = nobles(4)
    s = player(s, 1, buildings={"chapel": 1})
    s = player(s, 2, buildings={"chapel": 1}, nobles={"chapel": 1})
    s = player(s, 3, buildings={"jeweler": 1}, windrose=3, nobles={"windrose": 3})
    s, facts = start_role(s, 0, "craftsman")
    assert _row(facts, 1) == {"seat": 1, "goods": {}, "factory": 0, "chapel": "doubloon", "doubloons": 1}
    assert _row(facts, 2) == {"seat": 2, "goods": {}, "factory": 0, "chapel": "vp", "vp": 1}
    assert _row(facts, 3) == {"seat": 3, "goods": {}, "factory": 0, "jeweler": 3, "doubloons": 3}
    assert [p.doubloons for p in s.players[1:]] == [4, 3, 6] and s.players[2].vp == 1


def _lodge(a_tiles: int) -> State:
    s = board(nobles(3), faceup=[], quarries=0)
    s = player(s, 0, island={"corn": a_tiles}, buildings={"hunting_lodge": 1}, nobles={"hunting_lodge": 1})
    s = player(s, 1, island={"corn": 7})
    s = player(s, 2, island={"corn": 9})
    return s


def test_pr_ex_51_hunting_lodge() -> None:
    # §10 A36: strictly more empty island spaces than every other player.
    _, facts = start_role(_lodge(7), 1, "settler")  # empty spaces A 5, B 5, C 3: a tie
    assert {"t": "Passed", "seat": 0, "phase": "settler", "auto": True} in facts
    assert not of_type(facts, "HuntingLodgeRewarded")
    s, facts = start_role(_lodge(6), 1, "settler")  # A 6
    assert of_type(facts, "HuntingLodgeRewarded") == [{"t": "HuntingLodgeRewarded", "seat": 0, "vp": 2}]
    assert s.players[0].vp == 2
    # with a colonist: discard a plantation (its colonist to the windrose), never a quarry
    c = board(nobles(3), faceup=[], quarries=0)
    c = player(c, 0, island={"corn": 2, "quarry": 1}, manned={"corn": 2, "quarry": 1}, buildings={"hunting_lodge": 1})
    c, _ = start_role(c, 1, "settler")
    assert c.step == "hunting_lodge" and c.turn == 0
    assert rejected(c, 0, {"type": "hunting_lodge_discard", "tile": "quarry"}) == "tile.quarry"
    c, facts = act(c, 0, {"type": "hunting_lodge_discard", "tile": "corn"})
    assert facts[0] == {"t": "TileDiscarded", "seat": 0, "tile": "corn", "kind": "corn", "worker": "colonist",
                        "by": "hunting_lodge"}
    pl = c.players[0]
    assert pl.island[TILE_INDEX["corn"]] == 1 and pl.manned[TILE_INDEX["corn"]] == 1 and pl.windrose == 1


def test_pr_ex_52_construction_office() -> None:
    # §10 A44: not a quarry discount (no column limit); price floor 0.
    s = player(nobles(), 1, buildings={"construction_office": 1})
    assert price(s, 1, B["harbor"]) == 7 and price(s, 1, B["city_hall"]) == 10
    s = player(nobles(), 1, buildings={"construction_office": 1}, nobles={"construction_office": 1})
    assert price(s, 1, B["city_hall"]) == 8 and price(s, 1, B["harbor"]) == 8
    s = player(nobles(), 0, island={"quarry": 4}, manned={"quarry": 4}, buildings={"construction_office": 1},
               nobles={"construction_office": 1})
    s, _ = start_role(s, 0, "builder")
    assert price(s, 0, B["city_hall"]) == 3  # 10 − 4 − 1 − 2


def _supplier(**extra: int) -> State:
    buildings = {"royal_supplier": 1, "harbor": 1, **extra}
    s = player(both(), 1, buildings=buildings, goods={"corn": 2, "sugar": 1, "coffee": 1},
               windrose=2, nobles={"windrose": 2})
    s, _ = start_role(s, 0, "captain")
    return s


def test_pr_ex_53_royal_supplier() -> None:
    # §10 A26 (first turn, before shipping; after the union hall) and A46 (nobles anywhere).
    s = _supplier()
    assert s.turn == 1
    s, facts = act(s, 1, {"type": "royal_supplier", "good": "corn"})
    assert facts == [{"t": "RoyalSupplierUsed", "seat": 1, "good": "corn", "vp": 1}]  # no harbor bonus
    assert rejected(s, 1, {"type": "royal_supplier", "good": "corn"}) == "captain.royal_supplier_same_kind"
    s, _ = act(s, 1, {"type": "royal_supplier", "good": "sugar"})
    assert rejected(s, 1, {"type": "royal_supplier", "good": "coffee"}) == "captain.royal_supplier_nobles"
    pl = s.players[1]
    assert pl.vp == 2 and pl.goods == (1, 0, 0, 0, 1) and s.turn == 1
    s, _ = act(s, 1, {"type": "ship", "good": "corn", "ship": 0})
    assert s.turn == 1  # the others had nothing to ship; his second turn: too late for the supplier
    assert rejected(s, 1, {"type": "royal_supplier", "good": "coffee"}) == "captain.royal_supplier_late"
    # with an occupied union hall: the union hall first (C 2 → +1), then the royal supplier
    u = _supplier(union_hall=1)
    assert u.players[1].vp == 1 and u.turn == 1
    u, _ = act(u, 1, {"type": "royal_supplier", "good": "corn"})
    assert u.players[1].vp == 2


def test_pr_ex_54_villa() -> None:
    # §10 A47: after the mayor privilege, before the distribution.
    s = player(nobles(), 1, buildings={"villa": 1})
    s, _ = start_role(s, 0, "mayor")
    s, _ = act(s, 0, {"type": "mayor_privilege", "colonists": 0})
    assert s.step == "villa" and s.turn == 1
    supply = s.noble_supply
    s, facts = act(s, 1, {"type": "villa_take"})
    assert facts[0] == {"t": "VillaUsed", "seat": 1, "piece": "noble"}
    assert s.noble_supply == supply - 1
    e = board(player(nobles(), 1, buildings={"villa": 1}), noble_supply=0)
    e, _ = start_role(e, 0, "mayor")
    e, _ = act(e, 0, {"type": "mayor_privilege", "colonists": 0})
    e, facts = act(e, 1, {"type": "villa_take"})
    assert facts[0] == {"t": "VillaUsed", "seat": 1, "piece": "colonist"}


def test_pr_ex_55_noble_scoring() -> None:
    s = nobles()
    s = player(s, 0, island={"corn": 1}, manned={"corn": 1}, buildings={"royal_garden": 1, "chapel": 1},
               windrose=1, nobles={"corn": 1, "royal_garden": 1, "windrose": 1})
    b = breakdown(s.players[0], s.config)
    assert (b["nobles"], b["royal_garden"]) == (3, 3)
    assert b["buildings"] - 1 == 4  # the royal garden's printed 4 (the chapel prints 1)
    assert b["nobles"] + b["royal_garden"] + 4 == 10
