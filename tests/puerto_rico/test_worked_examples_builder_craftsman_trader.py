"""The worked examples PR-EX-10 … PR-EX-18 of the rules page §9 (base game): the builder, the
craftsman and the trader.

Each test names the §10 resolution it relies on where the example depends on one.
"""

from __future__ import annotations

import domain.puerto_rico as pr
from domain.puerto_rico.components import BUILDING_INDEX, GOOD_INDEX
from domain.puerto_rico.phases.builder import price
from domain.puerto_rico.phases.craftsman import production

from .builder import act, board, game, of_type, player, rejected, start_role

# -- builder -----------------------------------------------------------------------------------


def test_pr_ex_10_quarry_discounts() -> None:
    # §10 A44 (base part): the quarry discount is capped by the column, the privilege is not.
    base = player(game(4), 1, island={"quarry": 3}, manned={"quarry": 3}, doubloons=20)
    s, _ = start_role(base, 0, "builder")
    s, _ = act(s, 0, {"type": "pass"})
    expected = {"construction_hut": 1, "office": 3, "harbor": 5, "city_hall": 7}
    assert {b: price(s, 1, BUILDING_INDEX[b]) for b in expected} == expected
    for b, cost in expected.items():
        after, facts = act(s, 1, {"type": "build", "building": b})
        assert facts[0]["price"] == cost and after.players[1].doubloons == 20 - cost
    # if P is the builder himself: 0, 2, 4, 6
    b0, _ = start_role(base, 1, "builder")
    assert {b: price(b0, 1, BUILDING_INDEX[b]) for b in expected} == {"construction_hut": 0, "office": 2, "harbor": 4, "city_hall": 6}


def test_pr_ex_11_column_limits_and_zero_price() -> None:
    # §10 A11: owned kinds and a full city cannot be built; the price never goes below 0.
    s = player(game(4), 1, island={"quarry": 4}, manned={"quarry": 4}, doubloons=20)
    s, _ = start_role(s, 0, "builder")
    assert [price(s, 1, BUILDING_INDEX[b]) for b in ("coffee_roaster", "wharf", "fortress")] == [4, 6, 6]
    z = player(game(4), 0, island={"quarry": 1}, manned={"quarry": 1}, doubloons=0)
    z, _ = start_role(z, 0, "builder")
    assert {"type": "build", "building": "small_indigo_plant"} in pr.legal_actions(z, 0)
    z, facts = act(z, 0, {"type": "build", "building": "small_indigo_plant"})
    assert facts[0]["price"] == 0
    o = player(game(4), 0, buildings={"indigo_plant": 0}, doubloons=20)
    o, _ = start_role(o, 0, "builder")
    assert rejected(o, 0, {"type": "build", "building": "indigo_plant"}) == "builder.already_owned"
    eleven = {b: 0 for b in ("small_market", "hacienda", "construction_hut", "small_warehouse", "hospice", "office",
                             "large_market", "large_warehouse", "factory", "university", "harbor")}
    c = player(game(4), 0, buildings=eleven, doubloons=20)
    c, _ = start_role(c, 0, "builder")
    assert rejected(c, 0, {"type": "build", "building": "city_hall"}) == "builder.no_space"


def test_pr_ex_12_university_from_the_ship() -> None:
    # §10 A15: supply, else ship, else nothing; one colonist only.
    s = board(game(4), colonist_supply=0, colonist_ship=4)
    s = player(s, 0, buildings={"university": 1}, doubloons=10)
    s, _ = start_role(s, 0, "builder")
    s, facts = act(s, 0, {"type": "build", "building": "tobacco_storage"})
    assert facts[0]["university"] == "ship"
    assert s.players[0].buildings[BUILDING_INDEX["tobacco_storage"]] == 1 and s.colonist_ship == 3


# -- craftsman ---------------------------------------------------------------------------------


def _ex13_player(s: pr.State, seat: int) -> pr.State:
    return player(
        s, seat,
        island={"corn": 3, "tobacco": 2, "sugar": 4},
        manned={"corn": 2, "tobacco": 2, "sugar": 3},
        buildings={"tobacco_storage": 1, "small_sugar_mill": 1, "sugar_mill": 3},
    )


def test_pr_ex_13_production() -> None:
    # §10 A21: production is automatic; unused workers produce nothing.
    s = _ex13_player(game(4), 1)
    assert production(s.players[1]) == [2, 0, 3, 1, 0]  # C 2, S 3, T 1
    s, facts = start_role(s, 0, "craftsman")
    rows = of_type(facts, "GoodsProduced")[0]["production"]
    assert {"seat": 1, "goods": {"corn": 2, "sugar": 3, "tobacco": 1}, "factory": 0} in rows
    assert s.players[1].goods == (2, 0, 3, 1, 0)


def test_pr_ex_14_supply_shortage_and_privilege() -> None:
    # §10 A6: turn order from the craftsman; §10 A25: the privilege needs a kind he received.
    s = game(3)
    s = player(s, 0, island={"sugar": 3, "corn": 1}, manned={"sugar": 3, "corn": 1}, buildings={"sugar_mill": 3})
    s = player(s, 1, island={"sugar": 3}, manned={"sugar": 3}, buildings={"sugar_mill": 3})
    s = player(s, 2, island={}, buildings={})
    s = board(s, goods={"sugar": 4})
    s, facts = start_role(s, 0, "craftsman")
    assert s.players[0].goods[GOOD_INDEX["sugar"]] == 3 and s.players[0].goods[GOOD_INDEX["corn"]] == 1
    assert s.players[1].goods[GOOD_INDEX["sugar"]] == 1 and s.goods[GOOD_INDEX["sugar"]] == 0
    assert rejected(s, 0, {"type": "craftsman_bonus", "good": "sugar"}) == "craftsman.supply_empty"
    assert rejected(s, 0, {"type": "craftsman_bonus", "good": "coffee"}) == "craftsman.not_produced"
    assert pr.legal_actions(s, 0) == [{"type": "craftsman_bonus", "good": "corn"}, {"type": "pass"}]
    s, facts = act(s, 0, {"type": "craftsman_bonus", "good": "corn"})
    assert s.players[0].goods[GOOD_INDEX["corn"]] == 2


def test_pr_ex_15_factory() -> None:
    # §10 A4: the RU version (3 sugar plantations; the supply limits production).
    s = game(4)
    s = player(
        s, 3, doubloons=0,
        island={"corn": 3, "sugar": 3, "tobacco": 1}, manned={"corn": 3, "sugar": 3, "tobacco": 1},
        buildings={"factory": 1, "sugar_mill": 3, "tobacco_storage": 1},
    )
    s = board(s, goods={"corn": 0, "sugar": 2, "tobacco": 9})
    for seat in (0, 1, 2):
        s = player(s, seat, island={}, buildings={})
    s, facts = start_role(s, 0, "craftsman")
    assert of_type(facts, "GoodsProduced")[0]["production"] == [
        {"seat": 3, "goods": {"sugar": 2, "tobacco": 1}, "factory": 1}
    ]
    assert s.players[3].doubloons == 1


# -- trader ------------------------------------------------------------------------------------


def _ex16() -> pr.State:
    s = board(game(4), trading_house=["indigo"])
    s = player(s, 0, goods={"coffee": 1}, doubloons=0)
    s = player(s, 1, goods={"sugar": 1, "indigo": 1}, doubloons=0)
    s = player(s, 2, goods={"tobacco": 2}, doubloons=0)
    return player(s, 3, goods={"corn": 1}, doubloons=0)


def test_pr_ex_16_trading_house_filling_and_emptying() -> None:
    # §10 A18: once the house is full the remaining players are auto-passed; emptied at the end.
    s, _ = start_role(_ex16(), 0, "trader")
    s, _ = act(s, 0, {"type": "sell", "good": "coffee"})
    assert s.players[0].doubloons == 5
    assert rejected(s, 1, {"type": "sell", "good": "indigo"}) == "trader.kind_present"
    s, _ = act(s, 1, {"type": "sell", "good": "sugar"})
    assert s.players[1].doubloons == 2
    before = s.goods
    s, facts = act(s, 2, {"type": "sell", "good": "tobacco"})
    assert s.players[2].doubloons == 3
    assert {"t": "Passed", "seat": 3, "phase": "trader", "auto": True} in facts  # D auto-passes
    assert {"t": "TradingHouseEmptied", "goods": ["indigo", "coffee", "sugar", "tobacco"]} in facts
    assert s.trading_house == () and s.players[3].goods[GOOD_INDEX["corn"]] == 1
    assert [a - b for a, b in zip(s.goods, before, strict=True)] == [0, 1, 1, 1, 1]
    # Variant: C passes → D sells corn for 0 → the house is full and emptied at the end.
    v, _ = start_role(_ex16(), 0, "trader")
    v, _ = act(v, 0, {"type": "sell", "good": "coffee"})
    v, _ = act(v, 1, {"type": "sell", "good": "sugar"})
    v, _ = act(v, 2, {"type": "pass"})
    v, facts = act(v, 3, {"type": "sell", "good": "corn"})
    assert v.players[3].doubloons == 0
    assert of_type(facts, "TradingHouseEmptied") and v.trading_house == ()


def test_pr_ex_17_small_market() -> None:
    # §10 A42: the privilege and the markets add up; corn sells for 0 + bonuses.
    s = player(game(4), 1, goods={"corn": 1}, buildings={"small_market": 1}, doubloons=0)
    a, _ = start_role(s, 0, "trader")  # seat 0 has nothing to sell: auto-passed
    a, _ = act(a, 1, {"type": "sell", "good": "corn"})
    assert a.players[1].doubloons == 1
    t, _ = start_role(s, 1, "trader")
    t, _ = act(t, 1, {"type": "sell", "good": "corn"})
    assert t.players[1].doubloons == 2
    both = player(s, 1, goods={"corn": 1}, buildings={"small_market": 1, "large_market": 1}, doubloons=0)
    both, _ = start_role(both, 0, "trader")
    both, _ = act(both, 1, {"type": "sell", "good": "corn"})
    assert both.players[1].doubloons == 3


def test_pr_ex_18_office() -> None:
    s = board(game(4), trading_house=["tobacco"])
    s = player(s, 1, goods={"tobacco": 1}, buildings={"office": 1}, doubloons=0)
    s = player(s, 2, goods={"tobacco": 1}, buildings={"office": 1}, doubloons=0)
    s, _ = start_role(s, 0, "trader")  # seat 0 has nothing to sell: auto-passed
    s, _ = act(s, 1, {"type": "sell", "good": "tobacco"})
    s, _ = act(s, 2, {"type": "sell", "good": "tobacco"})
    assert s.players[1].doubloons == 3 and s.players[2].doubloons == 3
    assert s.trading_house == (3, 3, 3)
