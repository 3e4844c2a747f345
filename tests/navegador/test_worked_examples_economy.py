"""Worked examples NA-EX-6 ... NA-EX-13 of the rules page (§7), one test each: buildings, the
markets, privileges and the final scoring.

Seats, round and the `reject(...)` convention as in test_worked_examples_voyages.py.
"""

from __future__ import annotations

import domain.navegador as nav
from domain.navegador.components import C
from domain.navegador.state import Step

from .helpers import (
    BLUE,
    DONE,
    GREEN,
    RED,
    YELLOW,
    act,
    move,
    play,
    position,
    reject,
)
from .worked_examples_helpers import build, take


def buildings_start() -> object:
    state = position(next_cell={"factory_spice": 1},
                     players={RED: {"workers": 7, "money": 500, "stone": "market_2"}})
    return play(state, RED, move("buildings"))


def test_na_ex_6a_gold_factory_and_shipyard() -> None:
    state = play(buildings_start(), RED, build("factory_gold"), build("shipyard"), DONE)
    red = state.players[RED]
    assert red.money == 280 and red.factories == (0, 1, 0) and red.shipyards == 2 and red.workers == 7
    assert nav.view(state, None)["buildings"]["factory_gold"]["next_price"] == 100
    assert nav.view(state, None)["buildings"]["shipyard"]["next_price"] == 200


def test_na_ex_6b_two_gold_factories() -> None:
    state = play(buildings_start(), RED, build("factory_gold"), build("factory_gold"))
    assert state.players[RED].money == 330
    assert nav.view(state, None)["buildings"]["factory_gold"]["next_price"] == 130


def test_na_ex_6c_gold_and_spice_factories() -> None:
    state = play(buildings_start(), RED, build("factory_gold"), build("factory_spice"))
    assert state.players[RED].money == 330


def test_na_ex_6d_two_shipyards_need_eight_workers() -> None:
    state = play(buildings_start(), RED, build("shipyard"))
    reject(state, RED, build("shipyard"), "build.not_enough_workers")


def test_na_ex_6e_a_church_leaves_no_workers_for_more() -> None:
    state = play(buildings_start(), RED, build("church"))
    assert state.players[RED].money == 300
    reject(state, RED, build("factory_sugar"), "build.not_enough_workers")


def sell(good: str, n: int) -> dict:
    return {"type": "sell", "good": good, "count": n}


def process(good: str, n: int) -> dict:
    return {"type": "process", "good": good, "count": n}


def test_na_ex_7_selling_gold() -> None:
    state = position(market={"gold": 6}, players={RED: {
        "colonies": ["gold_60", "gold_80", "gold_100"], "stone": "buildings", "money": 0}})
    state, facts = act(state, RED, move("market_1"))
    assert facts[0]["distance"] == 3 and facts[0]["ships_paid"] == {}
    state = play(state, RED, sell("gold", 3), DONE)
    assert state.players[RED].money == 150
    assert state.market[C.goods.index("gold")] == 9
    assert nav.view(state, None)["market"]["gold"]["price"] == 30


def test_na_ex_7b_the_cube_stops_on_the_bottom_row() -> None:
    five = ["gold_50", "gold_60", "gold_80", "gold_100", "gold_110"]
    state = position(market={"gold": 6}, players={
        RED: {"colonies": five, "stone": "buildings", "money": 0},
        GREEN: {"colonies": ["gold_120"], "stone": "buildings", "money": 0}})
    state = play(state, RED, move("market_1"), sell("gold", 5), DONE)
    assert state.players[RED].money == 250
    assert state.market[C.goods.index("gold")] == 10
    state = play(state, GREEN, move("market_1"), sell("gold", 1))
    assert state.players[GREEN].money == 30
    assert state.market[C.goods.index("gold")] == 10


def market_8_start() -> object:
    state = position(market={"sugar": 4, "gold": 5, "spice": 4}, players={RED: {
        "colonies": ["gold_60", "gold_90", "spice_110", "sugar_70"],
        "factories": {"sugar": 2, "spice": 1}, "money": 0, "stone": "colony"}})
    state, facts = act(state, RED, move("market_2"))
    assert facts[0]["distance"] == 3
    return play(state, RED, sell("gold", 2), sell("spice", 1))


def test_na_ex_8_selling_and_processing_in_one_market_action() -> None:
    # §8.21: one operation per good; the orange factory serves one good never sold this turn.
    # §8.4: the rulebook's "30 x 30 = 90" is 3 x 30 = 90.
    state = market_8_start()
    reject(state, RED, process("spice", 1), "market.good_already_traded")
    reject(state, RED, process("gold", 1), "market.good_already_traded")
    reject(state, RED, process("sugar", 4), "market.not_enough_factories")
    state, facts = act(state, RED, process("sugar", 3))
    assert facts[0]["orange_used"] is True and facts[0]["unit_income"] == 30
    state = play(state, RED, DONE)
    assert state.players[RED].money == 270
    assert dict(zip(C.goods, state.market, strict=True)) == {"sugar": 1, "gold": 7, "spice": 5}
    view = nav.view(state, None)["market"]
    assert (view["gold"]["price"], view["spice"]["price"]) == (40, 70)
    assert (view["sugar"]["price"], view["sugar"]["factory_income"]) == (60, 10)


def test_na_ex_8b_selling_the_sugar_instead_gives_40_less() -> None:
    state = play(market_8_start(), RED, sell("sugar", 1), DONE)
    assert state.players[RED].money == 230
    assert state.market[C.goods.index("sugar")] == 5
    view = nav.view(state, None)["market"]["sugar"]
    assert (view["price"], view["factory_income"]) == (40, 30)


def privilege_9_start() -> object:
    state = position(players={RED: {
        "workers": 4, "colonies": ["sugar_40", "gold_50", "spice_60"], "factories": {"sugar": 1},
        "explorers": ["guine", "bahia", "angola", "rio_de_janeiro", "cabo_da_boa_esperanca"],
        "shipyards": 1, "churches": 2, "privileges": {"factory": 1, "explorer": 1, "church": 1},
        "money": 0, "stone": "colony"}})
    return play(state, RED, move("privilege"))


def test_na_ex_9_taking_a_privilege() -> None:
    start = privilege_9_start()
    state, facts = act(start, RED, take("church"))
    red = state.players[RED]
    assert facts[0] == {"t": "PrivilegeTaken", "seat": RED, "kind": "church", "cell": 1, "bonus": 80}
    assert red.workers == 3 and red.money == 80 and red.privileges[C.kinds.index("church")] == 2
    assert state.gallery[C.kinds.index("church")] == start.gallery[C.kinds.index("church")] - 1
    assert state.current == GREEN
    for kind, bonus in (("explorer", 100), ("shipyard", 50), ("colony", 90), ("factory", 40)):
        assert play(start, RED, take(kind)).players[RED].money == bonus


def scoring_10_red() -> dict:
    return {"ships": {"portugal": 3}, "workers": 5, "money": 450,
            "colonies": ["sugar_40", "sugar_50", "gold_50", "spice_60"],
            "factories": {"sugar": 2, "gold": 2, "spice": 2},
            "explorers": ["guine", "bahia", "angola", "rio_de_janeiro", "cabo_da_boa_esperanca"],
            "shipyards": 1, "churches": 2, "privileges": {"factory": 3, "explorer": 3}}


def test_na_ex_10_final_scoring_total_97() -> None:
    # §8.3: the rulebook's table (not its sentence) is the oracle: 3+5+2+4+35+35+3+10 = 97.
    others = {s: {"kings": "colony"} for s in (GREEN, YELLOW, BLUE)}
    state = position(kings_mode="manual", step=Step.KINGS_PRIVILEGE,
                     players={RED: scoring_10_red(), **others})
    assert nav.to_act(state) == frozenset({RED})
    reject(state, RED, {"type": "place_kings_privilege", "kind": "explorer"}, "scoring.column_full")
    state, facts = act(state, RED, {"type": "place_kings_privilege", "kind": "church"})
    assert facts[-1]["t"] == "GameScored"
    result = {r.seat: r for r in nav.outcome(state).results}[RED]
    b = result.breakdown
    assert (b["ships"], b["workers"], b["money"]) == (3, 5, 2)
    assert (b["colony"], b["factory"], b["explorer"], b["shipyard"], b["church"]) == (4, 35, 35, 3, 10)
    assert (b["factory_vp_per_item"], b["explorer_vp_per_item"], b["church_vp_per_item"]) == (5, 7, 5)
    assert result.score == 97


def test_na_ex_10_auto_mode_places_leftmost_of_the_best() -> None:
    # §8.32: automatic placement, score-maximising, leftmost on ties.
    # Auto mode (§5.3): colony +4, shipyard +2, church +4: the tie goes to colony; still 97.
    state = position(final_turns_left=1, end_trigger="buildings", players={
        RED: scoring_10_red() | {"stone": "sailing"}})
    state = play(state, RED, move("workers"), DONE)
    assert state.players[RED].kings == "colony"
    result = {r.seat: r for r in nav.outcome(state).results}[RED]
    assert (result.breakdown["colony"], result.breakdown["church"], result.score) == (8, 6, 97)


def test_na_ex_11_privilege_for_explorers() -> None:
    state = position(players={RED: {"workers": 5, "money": 0, "shipyards": 1, "stone": "colony",
                                     "explorers": ["guine", "bahia", "angola"]}})
    state = play(state, RED, move("privilege"))
    after = play(state, RED, take("explorer"))
    assert (after.players[RED].money, after.players[RED].workers) == (90, 4)
    assert play(state, RED, take("shipyard")).players[RED].money == 50


def test_na_ex_12_processing_and_selling() -> None:
    state = position(market={"sugar": 8, "gold": 2}, players={RED: {
        "factories": {"sugar": 1}, "colonies": ["sugar_50", "gold_70", "gold_130"], "money": 0,
        "stone": "colony"}})
    state = play(state, RED, move("market_2"), process("sugar", 2))
    reject(state, RED, sell("sugar", 1), "market.good_already_traded")
    state = play(state, RED, sell("gold", 2), DONE)
    assert state.players[RED].money == 240
    assert state.market[C.goods.index("sugar")] == 6 and state.market[C.goods.index("gold")] == 4


def test_na_ex_13_church_plus_factory_with_eight_workers() -> None:
    state = position(next_cell={"church": 1, "factory_sugar": 1},
                     players={RED: {"workers": 8, "money": 400, "stone": "market_2"}})
    state = play(state, RED, move("buildings"))
    variant = play(state, RED, build("church"))
    reject(variant, RED, build("shipyard"), "build.not_enough_workers")
    state = play(state, RED, build("church"), build("factory_sugar"), DONE)
    red = state.players[RED]
    assert red.money == 50 and red.churches == 2 and red.factories[0] == 1
    view = nav.view(state, None)["buildings"]
    assert (view["church"]["next_price"], view["factory_sugar"]["next_price"]) == (300, 130)
