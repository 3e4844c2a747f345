"""Worked examples SM-EX-n of the rules page (§10) for setup and the main actions A-C, each
named after its example and citing the section it checks. Seats: P1 = seat 0, P2 = seat 1, ..."""

from __future__ import annotations

import domain.santa_maria as sm
from domain.core import Rng, fold
from domain.santa_maria.components import C
from domain.santa_maria.state import replace

from .helpers import Dice, act, at, edit, goods, names, on, play, reject, start, use

P1, P2, P3, P4 = 0, 1, 2, 3


def test_sm_ex_1_starting_goods_by_seat() -> None:
    """§1.9 steps 1-16: 3 and 4 players, coins 3/4/5/6 from the first player clockwise."""
    for seats, supply in ((3, 6), (4, 8)):
        state = fold(sm, None, sm.setup({"colony_assignment": "random"}, seats, Rng("ex1", "setup")))
        order = [(state.first + k) % seats for k in range(seats)]
        for k, seat in enumerate(order):
            p = state.players[seat]
            assert (p.good("wood"), p.coins, len(p.blue), p.monks) == (2, 3 + k, 1, 6)
            assert p.religion == p.conquistador == p.pass_space == 0
        assert state.blue_supply == supply and len(state.white_pool) == 3 * seats
        assert len(state.display) == 10 and len(state.scholars) == len(state.bishops) == 3
        assert all(state.board_docks) and len(state.ship_deck) == 30 and state.road_stack == 3
        assert state.year == 1 and sm.to_act(state) == {state.first}


def test_sm_ex_2_expanding_with_a_triple_tile() -> None:
    """§2.4: expand -> place_tile; the only valid payment is made without a decision."""
    state = edit(start(), P1, wood=2, grain=1, coins=3)
    state, facts = act(state, P1, {"type": "expand", "tile": "T05"})
    assert "TileChosen" in names(facts)
    reject(state, P1, {"type": "place_tile", "anchor": [2, 3], "rotation": 0}, "expand.cell_occupied")
    reject(state, P1, {"type": "place_tile", "anchor": [6, 6], "rotation": 0}, "expand.out_of_bounds")
    reject(state, P1, {"type": "sell", "good": "wood"}, "expand.in_progress")
    turned, _ = act(state, P1, {"type": "place_tile", "anchor": [6, 2], "rotation": 270})
    assert (at(turned, P1, 6, 2), at(turned, P1, 5, 2), at(turned, P1, 6, 3)) == ("conquistador", "conquistador", "road1")
    state, facts = act(state, P1, {"type": "place_tile", "anchor": [2, 5], "rotation": 0})
    assert "DecisionAsked" not in names(facts)
    assert goods(state, P1) == {} and state.players[P1].coins == 3
    assert (at(state, P1, 2, 5), at(state, P1, 2, 6), at(state, P1, 3, 5)) == ("conquistador", "conquistador", "road1")
    assert sum(1 for t in state.display if t in C.triples) == 4 and sm.to_act(state) == {P2}


def test_sm_ex_3_escalating_coin_activations() -> None:
    """§2.5: the k-th coin activation of a year costs k coins; coins block the building."""
    state = edit(start(), P1, coins=5, wood=0)
    state, _ = act(state, P1, {"type": "activate_building", "cell": [2, 4]})
    p = state.players[P1]
    assert (p.coins, on(state, P1, 2, 4), p.good("wood"), p.coin_activations) == (4, "$1", 1, 1)
    state, _ = act(state, P2, {"type": "pass", "space": 1})
    state, _ = act(state, P1, {"type": "activate_building", "cell": [3, 2]})
    p = state.players[P1]
    assert (p.coins, on(state, P1, 3, 2), p.good("grain"), p.coin_activations) == (2, "$2", 1, 2)
    reject(state, P1, {"type": "activate_building", "cell": [2, 4]}, "activate.occupied")
    state, _ = act(state, P1, {"type": "pass", "space": 3}, Dice(*[1] * 8))  # the year ends
    assert on(state, P1, 2, 4) == on(state, P1, 3, 2) == "" and state.players[P1].coin_activations == 0


def test_sm_ex_4_white_die_changed_from_5_to_3() -> None:
    """§2.6: pay 1 coin per pip; free buildings top to bottom; the die ends on the last one."""
    state = edit(start(), P1, coins=3, wood=0, cells={(1, 3): "prod_wood", (6, 3): "road1"}, occupied={(3, 3): "b1"})
    state = edit(state, P1, cells={(3, 3): "prod_sugar", (4, 3): "religion"})
    state = replace(state, white_pool=(1, 2, 5, 5, 6, 6))
    state, facts = play(state, P1, use("white", 5, 3, "column"), {"type": "religion_extra", "pay": None})
    p = state.players[P1]
    assert (p.coins, p.white_taken, state.white_pool) == (1, 1, (1, 2, 5, 6, 6))
    activated = [f["cell"] for f in facts if f["t"] == "BuildingActivated"]
    assert activated == [[1, 3], [4, 3], [5, 3]]
    assert (p.good("wood"), p.religion, p.conquistador, p.good("sugar")) == (1, 1, 1, 0)
    assert on(state, P1, 5, 3) == "w3" and on(state, P1, 6, 3) == ""


def test_sm_ex_5_blue_die_on_a_row() -> None:
    """§2.6: a blue die activates its row left to right; occupied buildings are skipped."""
    state = edit(start(), P1, blue=[("b1", 4)], cells={(4, 2): "road1", (4, 4): "prod_gem", (4, 6): "road1"},
                 occupied={(4, 4): "$1"})
    state, _ = play(state, P1, use("blue", "b1", 4, "row"), {"type": "religion_extra", "pay": None})
    p = state.players[P1]
    assert (p.good("sugar"), p.good("gem"), p.religion) == (1, 0, 1)
    assert on(state, P1, 4, 5) == "b1" and p.blue[0].used


def test_sm_ex_6_no_white_die_without_a_free_building() -> None:
    """§2.6 check 6 [RB]: no die on a line without a free building."""
    state = edit(start(), P1, coins=0, occupied={(3, 2): "w4"})
    state = replace(state, white_pool=(2, 3, 4, 5))
    reject(state, P1, use("white", 2, 2, "column"), "die.no_free_building")
    state = edit(state, P1, coins=1)
    assert use("white", 2, 3, "column") in sm.legal_actions(state, P1)


def test_sm_ex_7_trade_building() -> None:
    """§3.3: one exchange per activation, option index 0-based."""
    state = edit(start(), P1, coins=1, wood=1, gem=1)
    state, _ = act(state, P1, {"type": "activate_building", "cell": [3, 6]})
    state, _ = act(state, P1, {"type": "trade", "option": 1, "pay": {"gem": 1}})
    p = state.players[P1]
    assert (p.coins, p.good("gem"), p.good("wood"), on(state, P1, 3, 6)) == (3, 0, 1, "$1")
    assert sm.to_act(state) == {P2} and state.pending is None


def _sea_trade_start(**goods_: int):  # type: ignore[no-untyped-def]
    state = start()
    deck = ("ST11", *(s for s in C.regular_ships if s != "ST11"))
    return edit(replace(state, ship_deck=deck), P1, **goods_)


def test_sm_ex_8_sea_trade_into_the_religion_dock() -> None:
    """§3.4: the tile goes face down to the dock of the same id; the board dock is refilled."""
    state = _sea_trade_start(wood=1, sugar=1, coins=2)
    state, _ = play(state, P1, {"type": "activate_building", "cell": [1, 1]},
                    {"type": "ship", "source": "religion", "pay": {"wood": 1, "sugar": 1}})
    p = state.players[P1]
    assert (p.coins, goods(state, P1), p.docks[1]) == (1, {}, ("STS2",))
    assert state.board_docks[1] == "ST11" and len(state.ship_deck) == 29


def test_sm_ex_9_gold_is_wild() -> None:
    """§2.9: gold may replace any resource unit."""
    state = _sea_trade_start(wood=1, gold=1, coins=2)
    state, _ = act(state, P1, {"type": "activate_building", "cell": [1, 1]})
    reject(state, P1, {"type": "ship", "source": "religion", "pay": {"wood": 1, "sugar": 1}}, "ship.cannot_pay")
    state, _ = act(state, P1, {"type": "ship", "source": "religion", "pay": {"wood": 1, "gold": 1}})
    assert goods(state, P1) == {}


def test_sm_ex_10_extra_religion_step_for_grain() -> None:
    """§3.6: the extra step for 1 grain."""
    state = edit(start(), P1, religion=8, grain=1, coins=1)
    state, _ = play(state, P1, {"type": "activate_building", "cell": [4, 5]}, {"type": "religion_extra", "pay": "grain"})
    p = state.players[P1]
    assert (p.religion, p.good("grain"), p.coins) == (10, 0, 0)


def test_sm_ex_11_third_monk_symbol_blue_die_and_a_shared_mission() -> None:
    """§3.7, §3.8: the die first, then the monk; 2 coins to each player already there."""
    m2 = C.monk_places.index("mission_2")
    base = start(3)
    base = replace(base, monk_places=tuple((P2, P3) if i == m2 else () for i in range(10)))
    base = edit(base, P2, coins=0, monks=5)
    base = edit(base, P3, coins=0, monks=5)
    state = edit(base, P1, religion=5, monks=4, coins=5)
    state, facts = act(state, P1, {"type": "activate_building", "cell": [4, 5]}, Dice(3))
    gained = next(f for f in facts if f["t"] == "BlueDieGained")
    assert gained["face"] == 3 and gained["usable_this_year"]
    assert names(facts).index("BlueDieGained") < len(facts) - 1 and state.pending.kind == "place_monk"  # type: ignore[union-attr]
    state, _ = play(state, P1, {"type": "place_monk", "place": "mission_2"}, {"type": "religion_extra", "pay": None})
    p = state.players[P1]
    assert (p.religion, len(p.blue), p.coins, p.vp, p.monks) == (6, 2, 0, 3, 3)
    assert state.players[P2].coins == 2 and state.players[P3].coins == 2
    poor = edit(base, P1, religion=5, monks=4, coins=4)
    poor, _ = act(poor, P1, {"type": "activate_building", "cell": [4, 5]}, Dice(3))
    reject(poor, P1, {"type": "place_monk", "place": "mission_2"}, "monk.cannot_pay")


def test_sm_ex_14_free_actions_around_a_main_action() -> None:
    """§2.8: sell before the main action, buy at the ship decision."""
    state = edit(start(), P1, sugar=2, gem=1, wood=1, coins=0)
    state, _ = play(state, P1, {"type": "sell", "good": "sugar"}, {"type": "sell", "good": "sugar"},
                    {"type": "sell", "good": "gem"}, {"type": "activate_building", "cell": [1, 1]},
                    {"type": "buy", "good": "grain"}, {"type": "ship", "source": "coins", "pay": {"wood": 1, "grain": 1}})
    p = state.players[P1]
    assert (p.coins, goods(state, P1), p.docks[0]) == (2, {}, ("STS1",))
    assert state.board_docks[0] == "ST01"


def test_sm_ex_23_storage_limit_and_overflow() -> None:
    """§2.9: units beyond 3 become coins (1 per wood, 2 per gold); buying is refused when full."""
    state = edit(start(), P1, wood=3, gold=3, coins=0, conquistador=2)
    state = replace(state, white_pool=(1, 4, 4, 5))
    state, facts = act(state, P1, use("white", 4, 4, "column"))
    assert "OverflowConverted" in names(facts) and state.players[P1].coins == 1 and state.players[P1].good("wood") == 3
    state, _ = act(state, P2, {"type": "pass", "space": 1})
    state, _ = act(state, P1, {"type": "activate_building", "cell": [5, 3]})
    p = state.players[P1]
    assert (p.conquistador, p.good("gold"), p.coins) == (3, 3, 2)
    state = replace(state, current=P1)
    reject(state, P1, {"type": "buy", "good": "wood"}, "buy.storage_full")
    reject(state, P1, {"type": "buy", "good": "sugar"}, "buy.not_simple")


def test_sm_ex_24_white_die_limit() -> None:
    """§2.6 check 2: 3 white dice a year (4 with Astronomy); blue dice are not counted."""
    state = edit(start(), P1, white_taken=3, coins=0)
    reject(state, P1, use("white", 1, 1, "column"), "die.white_limit")
    assert use("blue", "b1", 1, "row") in sm.legal_actions(state, P1)
    astronomer = edit(state, P1, personal_scholar="SCH_ASTRONOMY")
    assert use("white", 1, 1, "column") in sm.legal_actions(astronomer, P1)
    reject(edit(astronomer, P1, white_taken=4), P1, use("white", 1, 1, "column"), "die.white_limit")


def test_sm_ex_50_taxation() -> None:
    """§1.6 Taxation (DEFINED scholar): 1 coin per colonist of the line before its buildings."""
    state = edit(start(), P1, personal_scholar="SCH_TAXATION", coins=0, cells={(1, 4): "road2", (5, 4): "road1"})
    state = replace(state, white_pool=(4, 5))
    state, facts = act(state, P1, use("white", 4, 4, "column"))
    assert names(facts).index("CoinsGained") < names(facts).index("BuildingActivated")
    assert state.players[P1].coins == 3 and state.players[P1].good("wood") == 3 and on(state, P1, 2, 4) == "w4"


def test_sm_ex_53_end_of_the_conquistador_track() -> None:
    """§3.5, §11 A-61: at the end nothing happens, and Strategy is not asked."""
    state = edit(start(), P1, conquistador=10, coins=1, personal_scholar="SCH_STRATEGY")
    state, facts = act(state, P1, {"type": "activate_building", "cell": [5, 3]})
    p = state.players[P1]
    assert "ConquistadorBlocked" in names(facts) and "DecisionAsked" not in names(facts)
    assert (p.coins, on(state, P1, 5, 3), p.conquistador, p.good("gold")) == (0, "$1", 10, 0)


def test_sm_ex_54_empty_display() -> None:
    """§2.4 check 2 [RB]: the display is not refilled during the year; new tiles at its end."""
    state = replace(start(), display=())
    reject(state, P1, {"type": "expand", "tile": "D01"}, "expand.tile_not_available")
    stacks = (C.doubles[5:], C.triples[5:])
    state = replace(state, stacks=stacks)
    state, _ = act(state, P1, {"type": "pass", "space": 1})
    state, facts = act(state, P2, {"type": "pass", "space": 3}, Dice(*[1] * 8))
    dealt = next(f for f in facts if f["t"] == "DisplayDealt")
    assert len(dealt["double"]) == len(dealt["triple"]) == 5
    assert len(state.stacks[0]) == len(state.stacks[1]) == 5


def test_sm_ex_56_gold_in_a_tile_cost() -> None:
    """§2.4, §2.9: expand_pay is asked when more than one payment is valid."""
    state = edit(start(), P1, wood=2, grain=1, gold=1)
    state, _ = play(state, P1, {"type": "expand", "tile": "T05"}, {"type": "place_tile", "anchor": [2, 5], "rotation": 0})
    assert state.pending.kind == "expand_pay"  # type: ignore[union-attr]
    pays = [a["pay"] for a in sm.legal_actions(state, P1) if a["type"] == "expand_pay"]
    assert sorted(map(str, pays)) == sorted(map(str, [{"wood": 2, "grain": 1}, {"wood": 2, "gold": 1},
                                                      {"wood": 1, "grain": 1, "gold": 1}]))
    reject(state, P1, {"type": "expand_pay", "pay": {"wood": 1, "gold": 1}}, "expand.cannot_pay")
    state, _ = act(state, P1, {"type": "expand_pay", "pay": {"wood": 1, "grain": 1, "gold": 1}})
    assert goods(state, P1) == {"wood": 1} and at(state, P1, 3, 5) == "road1"
    variant = edit(start(), P1, wood=2, grain=0, gold=1)
    variant, facts = play(variant, P1, {"type": "expand", "tile": "T05"}, {"type": "place_tile", "anchor": [2, 5], "rotation": 0})
    assert next(f for f in facts if f["t"] == "GoodsPaid")["goods"] == {"wood": 2, "gold": 1}


def test_sm_ex_57_own_monk_already_there_and_no_monk_left() -> None:
    """§3.7: one own monk per place; no monk in supply means no decision (A-10)."""
    m2 = C.monk_places.index("mission_2")
    state = replace(start(), monk_places=tuple((P1,) if i == m2 else () for i in range(10)))
    state = edit(state, P1, religion=3, coins=1, wood=0, monks=5)
    state, _ = act(state, P1, {"type": "activate_building", "cell": [4, 5]})
    reject(state, P1, {"type": "place_monk", "place": "mission_2"}, "monk.already_there")
    reject(state, P1, {"type": "place_monk", "place": "scholar_4"}, "monk.bad_place")
    state, _ = play(state, P1, {"type": "place_monk", "place": "mission_1"}, {"type": "religion_extra", "pay": None})
    p = state.players[P1]
    assert (p.religion, p.good("gold"), p.good("wood"), p.monks, p.coins) == (4, 1, 1, 4, 0)
    none_left = edit(start(), P1, religion=5, monks=0, coins=1)
    none_left, facts = act(none_left, P1, {"type": "activate_building", "cell": [4, 5]}, Dice(4))
    assert "BlueDieGained" in names(facts) and none_left.pending.kind == "religion_extra"  # type: ignore[union-attr]


def test_sm_ex_58_the_extra_step_crosses_symbols() -> None:
    """§3.6, §3.8: the extra step 5->6 gains a blue die, then asks for the monk."""
    state = edit(start(), P1, religion=4, grain=1, coins=1, monks=3, blue=[("b1", 1), ("b2", 5)])
    state = edit(state, P2, blue=[])
    state, _ = play(state, P1, {"type": "activate_building", "cell": [4, 5]})
    state, facts = act(state, P1, {"type": "religion_extra", "pay": "grain"}, Dice(2))
    gained = next(f for f in facts if f["t"] == "BlueDieGained")
    assert gained == {"t": "BlueDieGained", "seat": P1, "die": "b3", "face": 2, "usable_this_year": True}
    assert state.pending.kind == "place_monk"  # type: ignore[union-attr]
    state, _ = act(state, P1, {"type": "place_monk", "place": None})
    p = state.players[P1]
    assert (p.religion, p.good("grain"), p.coins, len(p.blue), p.monks) == (6, 0, 0, 3, 3)


def test_sm_ex_77_declined_last_effect() -> None:
    """§2.6 step 6 [RB]: the die stays on the last free building even if its effect is declined."""
    state = edit(start(boards=("colony_2", "colony_1")), P1, sugar=0, gold=0)
    state = replace(state, white_pool=(1, 2))
    state, facts = play(state, P1, use("white", 1, 1, "column"), {"type": "ship", "source": None},
                        {"type": "trade", "option": None})
    declined = [f["decision"] for f in facts if f["t"] == "Declined"]
    assert declined == ["ship", "trade"] and goods(state, P1) == {} and on(state, P1, 5, 1) == "w1"


def test_sm_ex_91_cancelling_an_expansion_and_a_payment_choice() -> None:
    """§2.4, §11 A-71: expand_cancel undoes the choice; expand_pay when two payments are valid."""
    state = edit(start(), P1, wood=2, grain=0, gold=1)
    state, _ = act(state, P1, {"type": "expand", "tile": "T05"})
    reject(state, P1, {"type": "pass", "space": 1}, "turn.decision_pending")
    state, facts = act(state, P1, {"type": "expand_cancel"})
    assert names(facts) == ["ExpandCancelled"] and "T05" in state.display and state.pending is None
    assert sm.to_act(state) == {P1}
    state, _ = play(state, P1, {"type": "expand", "tile": "D01"}, {"type": "place_tile", "anchor": [5, 1], "rotation": 0})
    assert state.pending.kind == "expand_pay"  # type: ignore[union-attr]
    state, _ = act(state, P1, {"type": "expand_pay", "pay": {"wood": 1, "gold": 1}})
    assert goods(state, P1) == {"wood": 1}
    assert (at(state, P1, 5, 1), at(state, P1, 5, 2)) == ("prod_wood", "prod_grain") and "D01" not in state.display
