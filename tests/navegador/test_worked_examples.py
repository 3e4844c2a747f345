"""Every worked example NA-EX-1 ... NA-EX-24 of the rules page (§7), one test each.

Red is seat 0 (first player), Green 1, Yellow 2, Blue 3; round 2, Red at turn_start unless the
example says otherwise. "✗ code" in the page is `reject(...)`: refused with that code, not
listed by legal_actions, state unchanged.
"""

from __future__ import annotations

from dataclasses import replace as dc_replace

import domain.navegador as nav
from domain.core import Rng, fold
from domain.navegador.components import C
from domain.navegador.state import Step

from .helpers import (
    BLUE,
    DONE,
    GREEN,
    RED,
    YELLOW,
    act,
    explore,
    move,
    play,
    position,
    reject,
    sail,
    ships,
)

ALL_EXPLORED = set(C.regions)


def hire(n: int) -> dict:
    return {"type": "hire_workers", "count": n}


def at_workers(**red: object) -> object:
    return play(position(players={RED: {"stone": "sailing", **red}}), RED, move("workers"))


def test_na_ex_1_hiring_workers_with_two_churches() -> None:
    state = position(players={RED: {"money": 200, "workers": 3, "churches": 2, "stone": "sailing"}})
    state, facts = act(state, RED, move("workers"))
    assert facts[0]["distance"] == 1 and facts[0]["ships_paid"] == {}
    state, facts = act(state, RED, hire(2))
    red = state.players[RED]
    assert (red.money, red.workers) == (100, 5)
    assert facts[0] == {"t": "WorkersHired", "seat": RED, "count": 2, "real": 2, "virtual": 0,
                        "paid": 100, "received": 0}
    assert state.current == GREEN and state.step is Step.TURN_START


def test_na_ex_1b_three_workers_in_phase_2() -> None:
    state = play(position(phase=2, players={RED: {"money": 400, "workers": 3, "churches": 2,
                                                  "stone": "sailing"}}), RED, move("workers"))
    state = play(state, RED, hire(3))
    assert (state.players[RED].money, state.players[RED].workers) == (100, 6)


def test_na_ex_1c_not_enough_money_and_the_legal_counts() -> None:
    state = play(position(phase=2, players={RED: {"money": 250, "workers": 3, "churches": 2,
                                                  "stone": "sailing"}}), RED, move("workers"))
    reject(state, RED, hire(3), "workers.not_enough_money")
    counts = [a["count"] for a in nav.legal_actions(state, RED) if a["type"] == "hire_workers"]
    assert counts == [1, 2]


def test_na_ex_2_hiring_beyond_the_track_eight_workers_three_churches() -> None:
    state = at_workers(money=300, workers=8, churches=3)
    state, facts = act(state, RED, hire(3))
    assert facts[0] == {"t": "WorkersHired", "seat": RED, "count": 3, "real": 1, "virtual": 2,
                        "paid": 150, "received": 200}
    assert (state.players[RED].workers, state.players[RED].money) == (9, 350)


def test_na_ex_2b_the_price_is_paid_before_the_sale() -> None:
    # §8.20: the whole cost must be affordable before any virtual worker is sold.
    state = at_workers(money=100, workers=9, churches=3)
    reject(state, RED, hire(3), "workers.not_enough_money")
    state = play(state, RED, hire(2))
    assert (state.players[RED].money, state.players[RED].workers) == (200, 9)


def test_na_ex_2c_at_most_one_virtual_worker_per_church() -> None:
    state = at_workers(money=1000, workers=9, churches=3)
    reject(state, RED, hire(4), "workers.over_limit")


def test_na_ex_2d_extra_priced_workers_only_as_many_as_fit() -> None:
    # §8.19: an extra-priced worker that would not fit on the track is not allowed.
    state = at_workers(money=300, workers=8, churches=1)
    reject(state, RED, hire(2), "workers.over_limit")
    state = play(state, RED, hire(1))
    assert (state.players[RED].money, state.players[RED].workers) == (250, 9)


PHASE2_EXPLORED = {"guine", "bahia", "angola", "rio_de_janeiro", "cabo_da_boa_esperanca"}


def test_na_ex_3_sailing_in_phase_2() -> None:
    state = position(phase=2, explored=PHASE2_EXPLORED,
                     players={RED: {"ships": {"portugal": 3, "guine": 1}, "stone": "buildings"}})
    money = state.players[RED].money
    state = play(state, RED, move("sailing"), sail("guine", "cabo_da_boa_esperanca"),
                 sail("portugal", "angola", 2), sail("portugal", "bahia"), DONE)
    assert ships(state, RED) == {"cabo_da_boa_esperanca": 1, "angola": 2, "bahia": 1}
    assert state.explored == frozenset(PHASE2_EXPLORED | {"portugal"})
    assert state.players[RED].money == money
    assert state.current == GREEN


def test_na_ex_3b_portugal_is_three_borders_from_cabo() -> None:
    state = position(phase=2, explored=PHASE2_EXPLORED,
                     players={RED: {"ships": {"portugal": 3, "guine": 1}, "stone": "buildings"}})
    state = play(state, RED, move("sailing"))
    reject(state, RED, sail("portugal", "cabo_da_boa_esperanca"), "sail.out_of_range")


def test_na_ex_3c_a_ship_moves_once_per_sailing_action() -> None:
    # §8.16: each ship moves at most once per sailing action.
    state = position(phase=2, explored=PHASE2_EXPLORED,
                     players={RED: {"ships": {"portugal": 3, "guine": 1}, "stone": "buildings"}})
    state = play(state, RED, move("sailing"), sail("guine", "cabo_da_boa_esperanca"),
                 sail("portugal", "angola", 2))
    reject(state, RED, sail("angola", "cabo_da_boa_esperanca"), "sail.no_unmoved_ship")


def test_na_ex_3d_no_route_through_an_unexplored_region() -> None:
    # §8.11: routes pass only through regions explored when the sailing action began.
    explored = PHASE2_EXPLORED - {"angola"}
    state = position(phase=2, explored=explored,
                     players={RED: {"ships": {"portugal": 3, "guine": 1}, "stone": "buildings"}})
    state = play(state, RED, move("sailing"))
    reject(state, RED, sail("guine", "cabo_da_boa_esperanca"), "sail.out_of_range")


def angola_start(rio: int = 1) -> object:
    return position(explored={"guine", "bahia", "rio_de_janeiro"},
                    stacks={"angola": ["gold_70", "gold_120"]},
                    players={RED: {"ships": {"guine": 1, "rio_de_janeiro": rio}, "money": 100,
                                   "explorers": [], "stone": "buildings"}})


def test_na_ex_4_exploring_angola() -> None:
    state = play(angola_start(), RED, move("sailing"))
    state, facts = act(state, RED, explore("angola", guine=1, rio_de_janeiro=1))
    assert facts[0]["ships_lost"] == 1 and facts[0]["tiles_revealed"] == ["gold_70", "gold_120"]
    state = play(state, RED, DONE)
    red = state.players[RED]
    assert ships(state, RED) == {"angola": 1} and red.supply == 6
    assert red.explorers == ("angola",)
    assert "angola" in state.explored
    assert state.stacks[C.region_index["angola"]] == ("gold_70", "gold_120")
    assert nav.view(state, None)["regions"]["angola"]["colonies"]["tiles"] == ["gold_70", "gold_120"]
    assert red.money == 170
    assert state.phase == 1


def test_na_ex_4b_a_single_ship_cannot_explore() -> None:
    state = play(angola_start(), RED, move("sailing"))
    reject(state, RED, explore("angola", guine=1), "explore.fleet_too_small")


def test_na_ex_4c_one_exploration_and_no_late_entry() -> None:
    # §8.6: one exploration per sailing action; §8.11: ships entering the new region all
    # belong to the one `explore` command.
    state = play(angola_start(rio=3), RED, move("sailing"),
                 explore("angola", guine=1, rio_de_janeiro=1))
    reject(state, RED, explore("cabo_da_boa_esperanca", rio_de_janeiro=2),
           "explore.once_per_sailing_action")
    reject(state, RED, sail("rio_de_janeiro", "angola"), "sail.destination_unexplored")


def colony_start(**red: object) -> object:
    base = {"workers": 6, "ships": {"bahia": 2, "guine": 1}, "money": 300, "stone": "market_1"}
    return position(explored={"guine", "bahia", "rio_de_janeiro"},
                    stacks={"guine": ["gold_80", "gold_110"], "bahia": ["sugar_100"],
                            "rio_de_janeiro": ["sugar_60", "sugar_90"]},
                    players={RED: base | red})


def found(region: str) -> dict:
    return {"type": "found_colony", "region": region}


def test_na_ex_5_founding_colonies() -> None:
    # §8.40: the tile's price is paid; workers and ships are not spent.
    state = play(colony_start(), RED, move("colony"))
    state, facts = act(state, RED, found("guine"))
    assert facts == [{"t": "ColonyFounded", "seat": RED, "region": "guine", "tile": "gold_80", "price": 80}]
    state, facts = act(state, RED, found("bahia"))
    assert facts[0]["tile"] == "sugar_100"
    reject(state, RED, found("guine"), "colony.no_free_ship")
    reject(state, RED, found("bahia"), "colony.none_left")
    reject(state, RED, found("rio_de_janeiro"), "colony.no_ship")
    state = play(state, RED, DONE)
    red = state.players[RED]
    assert red.money == 120 and red.colonies == ("gold_80", "sugar_100")
    assert state.stacks[C.region_index["guine"]] == ("gold_110",)
    assert state.stacks[C.region_index["bahia"]] == ()
    assert red.workers == 6 and ships(state, RED) == {"guine": 1, "bahia": 2}


def test_na_ex_5b_two_ships_in_guine_found_three() -> None:
    state = play(colony_start(ships={"guine": 2, "bahia": 2}), RED, move("colony"),
                 found("guine"), found("guine"), found("bahia"))
    assert state.players[RED].money == 10
    reject(state, RED, found("bahia"), "colony.not_enough_workers")


def test_na_ex_5c_three_workers_found_one() -> None:
    state = play(colony_start(workers=3), RED, move("colony"), found("guine"))
    reject(state, RED, found("bahia"), "colony.not_enough_workers")


def build(line: str) -> dict:
    return {"type": "build", "building": line}


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


def take(kind: str) -> dict:
    return {"type": "take_privilege", "kind": kind}


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


def test_na_ex_14_rondel_movement_costs() -> None:
    # §8.18: any of the player's ships on the board pay; §8.41: two distinct Market spaces.
    state = position(explored={"guine"},
                     players={RED: {"stone": "sailing", "ships": {"portugal": 4, "guine": 2}}})
    for space in ("workers", "market_1", "colony"):
        play(state, RED, move(space))
    after = play(state, RED, move("privilege", portugal=1))
    assert ships(after, RED) == {"portugal": 3, "guine": 2} and after.players[RED].supply == 2
    play(state, RED, move("ships", portugal=1, guine=1))
    play(state, RED, move("market_2", portugal=3))
    play(state, RED, move("buildings", portugal=2, guine=2))
    again = play(state, RED, move("sailing", portugal=4, guine=1))
    assert again.players[RED].stone == C.space_index["sailing"] and again.step is Step.ACTION
    reject(state, RED, move("privilege"), "rondel.wrong_payment")
    reject(state, RED, move("privilege", bahia=1), "rondel.wrong_payment")
    poor = position(players={RED: {"stone": "sailing", "ships": {"portugal": 4}}})
    reject(poor, RED, move("sailing", portugal=4), "rondel.not_enough_ships")
    from_market = position(players={RED: {"stone": "market_1", "ships": {"portugal": 4}}})
    play(from_market, RED, move("market_2", portugal=1))
    first = position(players={RED: {"stone": None}})
    assert play(first, RED, move("ships")).players[RED].ships == first.players[RED].ships


def test_na_ex_15a_one_ship_per_shipyard() -> None:
    state = position(players={RED: {"shipyards": 1, "ships": {"portugal": 2}, "money": 200,
                                    "stone": "colony"}})
    state = play(state, RED, move("ships"), {"type": "build_ships", "count": 1})
    assert state.players[RED].money == 150
    assert ships(state, RED) == {"portugal": 3} and state.players[RED].supply == 4


def test_na_ex_15b_new_ships_appear_in_portugal() -> None:
    state = position(phase=3, explored=ALL_EXPLORED, players={RED: {
        "shipyards": 1, "ships": {"goa": 2}, "money": 700, "stone": "colony"}})
    state = play(state, RED, move("ships"), {"type": "build_ships", "count": 3})
    assert state.players[RED].money == 50
    assert ships(state, RED) == {"portugal": 3, "goa": 2}


def test_na_ex_15c_virtual_ships() -> None:
    state = position(phase=3, explored=ALL_EXPLORED, players={RED: {
        "shipyards": 2, "ships": {"portugal": 1, "goa": 6}, "money": 100, "stone": "colony"}})
    state = play(state, RED, move("ships"))
    reject(state, RED, {"type": "build_ships", "count": 3}, "ships.over_limit")
    state, facts = act(state, RED, {"type": "build_ships", "count": 2})
    assert facts[0] == {"t": "ShipsBuilt", "seat": RED, "count": 2, "real": 0, "virtual": 2,
                        "paid": 100, "received": 200}
    assert state.players[RED].money == 200 and state.players[RED].ships_on_board == 7


def yellow_holds_card(orange: str = "colony") -> object:
    state = position(round=5, current=YELLOW, holder=YELLOW, orange_ship=orange, explored={"guine"},
                     players={YELLOW: {"stone": "market_1"}, GREEN: {"stone": "ships"}})
    assert nav.to_act(state) == frozenset({YELLOW})
    return state


def test_na_ex_16a_the_deadline_passes_the_card() -> None:
    # §8.26: the deadline is checked on the holder's own moves, by the spaces his stone visits.
    start = yellow_holds_card()
    state, facts = act(start, YELLOW, move("colony"))
    assert {"t": "NavegadorPassed", "from": YELLOW, "to": GREEN, "reason": "deadline",
            "orange_ship": "ships"} in facts
    assert state.holder == GREEN and state.orange_ship == C.space_index["ships"]
    assert state.step is Step.ACTION and state.current == YELLOW  # the action goes on
    for action in nav.legal_actions(start, YELLOW):
        if action["type"] == "move_rondel":  # every move from market_1 enters colony first
            assert fold(nav, start, nav.decide(start, YELLOW, action, None)).holder == GREEN


def test_na_ex_16b_using_the_card_passes_it() -> None:
    state = yellow_holds_card()
    state = play(state, YELLOW, {"type": "use_navegador"}, sail("portugal", "guine"))
    state, facts = act(state, YELLOW, DONE)
    assert {"t": "NavegadorPassed", "from": YELLOW, "to": GREEN, "reason": "used",
            "orange_ship": "ships"} in facts
    assert state.step is Step.AFTER_NAVEGADOR and state.holder == GREEN
    state, facts = act(state, YELLOW, move("ships"))
    assert [f["t"] for f in facts] == ["RondelMoved"]
    assert state.holder == GREEN


def test_na_ex_16c_the_card_survives_until_the_orange_ship() -> None:
    state = yellow_holds_card(orange="ships")
    assert play(state, YELLOW, move("privilege")).holder == YELLOW
    assert play(state, YELLOW, move("ships")).holder == GREEN


def cabo_start(**kw: object) -> object:
    return position(explored={"guine", "bahia", "angola"},
                    stacks={"cabo_da_boa_esperanca": ["gold_90"]},
                    gallery={"colony": 0}, privilege_supply=dict.fromkeys(C.kinds, 5), **kw)


def test_na_ex_17_exploring_cabo_starts_phase_2() -> None:
    # §8.7: the phase changes when the exploring sailing action ends; §8.15.
    state = cabo_start(players={RED: {"ships": {"angola": 2, "portugal": 1}, "money": 100,
                                      "stone": "buildings"}, GREEN: {"money": 300}})
    state = play(state, RED, move("sailing"), explore("cabo_da_boa_esperanca", angola=2))
    assert ships(state, RED) == {"cabo_da_boa_esperanca": 1, "portugal": 1}
    assert state.players[RED].supply == 5 and state.players[RED].money == 190
    assert state.players[RED].explorers == ("cabo_da_boa_esperanca",)
    assert state.phase == 1 and state.context.pending_phase == 2
    reject(state, RED, sail("portugal", "angola"), "sail.out_of_range")  # variant 17b
    state = play(state, RED, sail("portugal", "guine"))
    assert ships(state, RED) == {"cabo_da_boa_esperanca": 1, "guine": 1}
    state, facts = act(state, RED, DONE)
    assert {"t": "PhaseStarted", "phase": 2, "privileges_added": dict.fromkeys(C.kinds, 2)} in facts
    assert state.phase == 2
    assert dict(zip(C.kinds, state.gallery, strict=True)) == {
        "colony": 2, "factory": 3, "explorer": 3, "shipyard": 3, "church": 3}
    assert state.privilege_supply == (3,) * 5
    assert state.current == GREEN
    assert nav.view(state, None)["sail_range"] == 2
    state, facts = act(play(state, GREEN, move("ships")), GREEN, {"type": "build_ships", "count": 2})
    assert facts[0]["paid"] == 50 + 200


def test_na_ex_18_phase_change_through_the_navegador_card() -> None:
    start = position(seats=2, round=3, holder=RED, orange_ship="buildings",
                     explored={"guine", "bahia", "angola"},
                     stacks={"cabo_da_boa_esperanca": ["gold_90"]},
                     players={RED: {"stone": "buildings", "ships": {"angola": 2, "portugal": 3},
                                    "money": 400, "workers": 3, "churches": 1},
                              1: {"stone": "market_1"}})
    assert start.privilege_supply == (5,) * 5 and start.gallery == (1,) * 5
    state = play(start, RED, {"type": "use_navegador"}, explore("cabo_da_boa_esperanca", angola=2))
    state, facts = act(state, RED, DONE)
    assert state.phase == 2 and state.gallery == (2,) * 5 and state.privilege_supply == (4,) * 5
    assert state.holder == 1 and state.orange_ship == C.space_index["market_1"]
    assert ships(state, RED) == {"cabo_da_boa_esperanca": 1, "portugal": 3}
    assert state.players[RED].supply == 3 and state.players[RED].money == 490
    assert state.step is Step.AFTER_NAVEGADOR
    # 18a: the phase-2 price applies to the rondel action of the same turn.
    a = play(state, RED, move("workers"), hire(2))
    assert (a.players[RED].money, a.players[RED].workers) == (240, 5)
    # 18b (§8.16): a ship that explored may sail again; the range is already 2.
    b = play(state, RED, move("sailing"), sail("portugal", "angola", 3), DONE)
    assert ships(b, RED) == {"cabo_da_boa_esperanca": 1, "angola": 3}


def nagasaki_start(ships_in_macau: int, seats: int = 3) -> object:
    return position(seats=seats, phase=3, explored=ALL_EXPLORED - {"nagasaki"},
                    stacks={"nagasaki": ["spice_140"]}, current=GREEN,
                    players={GREEN: {"stone": "buildings", "money": 50,
                                     "ships": {"macau": ships_in_macau}}})


def test_na_ex_19a_nagasaki_needs_three_ships() -> None:
    state = play(nagasaki_start(2), GREEN, move("sailing"))
    assert state.double_loss == frozenset({"macau", "nagasaki"})
    reject(state, GREEN, explore("nagasaki", macau=2), "explore.fleet_too_small")


def test_na_ex_19b_nagasaki_triggers_the_final_round() -> None:
    # §8.29: exactly N more turns, ending with the player who triggered the end.
    state = play(nagasaki_start(3), GREEN, move("sailing"))
    state, facts = act(state, GREEN, explore("nagasaki", macau=3))
    assert {"t": "GameEndTriggered", "seat": GREEN, "reason": "nagasaki"} in facts
    green = state.players[GREEN]
    assert ships(state, GREEN) == {"nagasaki": 1} and green.supply == 6
    assert green.money == 190 and green.explorers == ("nagasaki",)
    state = play(state, GREEN, DONE)
    assert state.final_turns_left == 3 and state.current == YELLOW
    for seat, left in ((YELLOW, 2), (RED, 1)):
        state = play(state, seat, move_free(state, seat), DONE)
        assert state.final_turns_left == left
    assert nav.outcome(state) is None and state.current == GREEN
    state = play(state, GREEN, move_free(state, GREEN), DONE)
    assert state.final_turns_left == 0 and state.step is Step.GAME_OVER
    result = nav.outcome(state)
    assert result is not None and result.termination == "nagasaki_explored"


def move_free(state: object, seat: int) -> dict:
    """A free one-space rondel move; `done` then ends any action (§8.17)."""
    return move(C.spaces[(state.players[seat].stone + 1) % len(C.spaces)])


def test_na_ex_19c_macau_with_four_players() -> None:
    state = position(phase=3, explored=ALL_EXPLORED - {"macau", "nagasaki"},
                     players={RED: {"stone": "buildings", "ships": {"malaca": 2}}})
    assert state.double_loss == frozenset({"nagasaki"})
    state, facts = act(play(state, RED, move("sailing")), RED, explore("macau", malaca=2))
    assert facts[0]["ships_lost"] == 1 and ships(state, RED) == {"macau": 1}
    later = position(phase=3, explored=ALL_EXPLORED - {"nagasaki"},
                     players={RED: {"stone": "buildings", "ships": {"macau": 3}}})
    later = play(later, RED, move("sailing"))
    reject(later, RED, explore("nagasaki", macau=2), "explore.fleet_too_small")
    later, facts = act(later, RED, explore("nagasaki", macau=3))
    assert facts[0]["ships_lost"] == 2 and ships(later, RED) == {"nagasaki": 1}


def scored(holder: int, totals: list[int]) -> object:
    """A finished 4-player game with the given totals (money adjusts each total)."""
    base = nav.scoring.total(nav.scoring.breakdown(position(players={0: {"money": 0}}).players[0], "colony"))
    players = {s: {"kings": "colony", "money": 200 * (t - base)} for s, t in enumerate(totals)}
    state = position(holder=holder, step=Step.GAME_OVER, scored=True, players=players)
    assert [r.score for r in nav.outcome(state).results] == totals
    return state


def test_na_ex_20_tie_break_by_the_navegador_card() -> None:
    # §8.30: the card order breaks every tie, not only the one for first place.
    ranks = {r.seat: r.rank for r in nav.outcome(scored(3, [80, 85, 85, 70])).results}
    assert ranks == {2: 1, 1: 2, 0: 3, 3: 4}
    assert nav.outcome(scored(1, [80, 85, 85, 70])).winners == (1,)
    assert nav.outcome(scored(0, [80, 85, 85, 70])).winners == (2,)


def test_na_ex_21_privilege_limits() -> None:
    # §8.23, §8.38: only a privilege spends a worker, never below 2.
    def at_privilege(**red: object) -> object:
        return play(position(players={RED: {"stone": "colony", **red}}, **kw), RED, move("privilege"))

    kw: dict = {}
    reject(at_privilege(workers=2), RED, take("colony"), "privilege.not_enough_workers")
    reject(at_privilege(workers=5, privileges={"colony": 3}), RED, take("colony"),
           "privilege.column_full")
    kw = {"gallery": {"explorer": 0}}
    reject(at_privilege(workers=5), RED, take("explorer"), "privilege.none_available")
    kw = {}
    state = play(at_privilege(workers=5), RED, take("colony"))
    reject(state, RED, take("colony"), "turn.not_yours")


def test_na_ex_22_the_last_building_ends_the_game() -> None:
    # §8.5: the trigger is the whole building board sold out.
    empty = {b: C.on_board[b][5] for b in C.buildings} | {"church": 4}
    state = position(seats=5, next_cell=empty, current=BLUE,
                     players={BLUE: {"workers": 5, "money": 400, "stone": "market_2"}})
    assert nav.view(state, None)["buildings"]["church"]["next_price"] == 400
    state = play(state, BLUE, move("buildings"))
    state, facts = act(state, BLUE, build("church"))
    assert {"t": "GameEndTriggered", "seat": BLUE, "reason": "buildings"} in facts
    state = play(state, BLUE, DONE)
    assert state.players[BLUE].money == 0 and state.players[BLUE].churches == 2
    assert state.final_turns_left == 5
    for seat in (4, 0, 1, 2):
        assert state.current == seat and nav.outcome(state) is None
        state = play(state, seat, move_free(state, seat), DONE)
    assert state.current == BLUE
    state = play(state, BLUE, move_free(state, BLUE), DONE)
    assert nav.outcome(state).termination == "buildings_sold_out"


def test_na_ex_23_setup_with_three_players() -> None:
    # §8.1: 10 shipyards (10 - N on the board); §8.10: stones start in the centre.
    facts = nav.setup({}, 3, Rng("na-ex-23", "setup"))
    state = fold(nav, None, facts)
    first = state.first
    for p in state.players:
        assert (p.money, p.workers, p.supply, p.stone) == (200, 3, 5, None)
        assert {C.regions[i]: k for i, k in enumerate(p.ships) if k} == {"portugal": 2}
        assert (p.factories, p.shipyards, p.churches, p.kings) == ((0, 0, 0), 1, 1, None)
        assert p.items("factory") == 1  # the orange factory
    assert state.market == (4, 4, 4)
    assert state.gallery == (1,) * 5 and state.privilege_supply == (5,) * 5
    view = nav.view(state, None)
    assert all(view["buildings"][f"factory_{g}"] == {"left": 6, "next_price": 70, "workers_required": 3}
               for g in C.goods)
    assert view["buildings"]["shipyard"]["left"] == 7 and C.cells["shipyard"][6] == 450
    assert view["buildings"]["church"]["left"] == 7 and C.cells["church"][6] == 500
    assert state.double_loss == frozenset({"macau", "nagasaki"})
    assert state.explored == frozenset({"portugal"})
    sizes = {r: (e["colonies"]["type"], e["colonies"]["size"])
             for r, e in view["regions"].items() if "colonies" in e}
    assert sizes == {"guine": ("gold", 3), "bahia": ("sugar", 4), "angola": ("gold", 2),
                     "rio_de_janeiro": ("sugar", 4), "cabo_da_boa_esperanca": ("gold", 1),
                     "mocambique": ("gold", 2), "zanzibar": ("gold", 2), "goa": ("spice", 4),
                     "malaca": ("spice", 3), "timor": ("spice", 2), "macau": ("spice", 2),
                     "nagasaki": ("spice", 1)}
    assert sorted(C.tile_good[t] for t in state.removed_tiles) == ["gold", "spice", "sugar"]
    everywhere = [t for stack in state.stacks for t in stack] + list(state.removed_tiles)
    assert sorted(everywhere) == sorted(C.tile_price) and len(everywhere) == 33
    assert state.holder == (first + 2) % 3 and state.orange_ship is None
    assert (state.phase, state.round, state.current) == (1, 1, first)
    assert nav.legal_actions(state, first) == [move(s) for s in C.spaces]


def test_na_ex_24_the_card_in_round_one() -> None:
    # §8.25: the orange ship goes to the initial holder's first rondel move.
    state = fold(nav, None, nav.setup({}, 3, Rng("na-ex-24", "setup")))
    first = state.first
    second, holder = (first + 1) % 3, (first + 2) % 3
    state = play(state, first, move("market_1"), DONE)
    state = play(state, second, move("market_1"), DONE)
    assert state.current == holder and state.round == 1
    reject(state, holder, {"type": "use_navegador"}, "navegador.first_round")
    state, facts = act(state, holder, move("market_2"))
    assert {"t": "OrangeShipPlaced", "space": "market_2"} in facts
    state = play(state, holder, DONE)
    state = play(play(state, first, *next_space(state, first)), second, *next_space(state, second))
    assert state.round == 2 and {"type": "use_navegador"} in nav.legal_actions(state, holder)
    # Keeping the card: 3 + 3 spaces from market_2 are fine, the move reaching it again is not.
    state = play(state, holder, move("workers"), DONE)
    state = play(play(state, first, *next_space(state, first)), second, *next_space(state, second))
    state = play(state, holder, move("privilege"), DONE)
    assert state.holder == holder
    state = play(play(state, first, *next_space(state, first)), second, *next_space(state, second))
    state, facts = act(state, holder, move("market_2"))
    assert {"t": "NavegadorPassed", "from": holder, "to": second, "reason": "deadline",
            "orange_ship": "ships"} in facts


def next_space(state: object, seat: int) -> tuple[dict, dict]:
    """A free one-space rondel move, then `done` (every action may be skipped, §8.17)."""
    return move(C.spaces[(state.players[seat].stone + 1) % len(C.spaces)]), DONE


def test_helpers_build_what_they_say() -> None:
    state = position()
    assert state.players[RED].stone == C.space_index["market_1"]
    assert dc_replace(state) == state
