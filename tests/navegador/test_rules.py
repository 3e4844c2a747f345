"""Rules the worked examples do not cover, one test each (section numbers of the rules page)."""

from __future__ import annotations

import json

import pytest

import domain.navegador as nav
from domain.core import ALL, IllegalAction, InvalidOptions, Rng, fold
from domain.navegador.components import C
from domain.navegador.scoring import best_kings_column, breakdown, total
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


# -- options and setup (§1.10) -------------------------------------------------------------------


def test_options_default_to_automatic_kings_privilege() -> None:
    assert nav.check_options({}, 4) == {"kings_privilege_placement": "auto"}
    assert nav.check_options({"kings_privilege_placement": "manual"}, 2) == {
        "kings_privilege_placement": "manual"}


@pytest.mark.parametrize(("options", "seats", "code"), [
    ({"variant": 1}, 4, "options.unknown"),
    ({"kings_privilege_placement": "random"}, 4, "options.kings_privilege_placement"),
    ({}, 1, "options.player_count"),
    ({}, 6, "options.player_count"),
    ([], 3, "options.malformed"),
])
def test_options_are_checked(options: object, seats: int, code: str) -> None:
    with pytest.raises(InvalidOptions) as err:
        nav.check_options(options, seats)  # type: ignore[arg-type]
    assert err.value.code == code


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_setup_by_player_count(seats: int) -> None:
    state = fold(nav, None, nav.setup({}, seats, Rng(f"setup-{seats}", "setup")))
    assert state.on_board == (6, 6, 6, 10 - seats, 10 - seats)
    assert state.double_loss == ({"macau", "nagasaki"} if seats <= 3 else {"nagasaki"})
    assert state.holder == (state.first - 1) % seats  # the last player
    assert nav.to_act(state) == frozenset({state.first})


def test_setup_is_deterministic_and_the_first_player_is_drawn() -> None:
    a = nav.setup({}, 4, Rng("same", "setup"))
    assert a == nav.setup({}, 4, Rng("same", "setup"))
    firsts = {fold(nav, None, nav.setup({}, 4, Rng(str(s), "setup"))).first for s in range(40)}
    assert firsts == {0, 1, 2, 3}


# -- the rondel (§2.2) ---------------------------------------------------------------------------


def test_the_stone_cannot_stay_and_a_full_lap_costs_five_ships() -> None:
    state = position(players={RED: {"stone": "workers", "ships": {"portugal": 5}}})
    state, facts = act(state, RED, move("workers", portugal=5))
    assert facts[0]["distance"] == 8 and state.players[RED].supply == 7


def test_rondel_moves_are_listed_with_every_payment() -> None:
    state = position(explored={"guine"}, players={RED: {"stone": "sailing", "ships": {"portugal": 1, "guine": 1}}})
    listed = [a for a in nav.legal_actions(state, RED) if a["type"] == "move_rondel"]
    assert move("privilege", portugal=1) in listed and move("privilege", guine=1) in listed
    assert move("ships", portugal=1, guine=1) in listed
    assert not any(a["space"] == "market_2" for a in listed)  # needs 3 ships
    reject(state, RED, move("nowhere"), "rondel.unknown_space")


def test_a_player_with_no_ships_still_moves_for_free() -> None:
    # §8.37
    state = position(players={RED: {"stone": "sailing", "ships": {}}})
    assert nav.legal_actions(state, RED) == [move("market_1"), move("colony"), move("workers")]


def test_steps_are_enforced() -> None:
    state = position(players={RED: {"stone": "sailing"}})
    reject(state, RED, DONE, "action.not_now")
    reject(state, RED, {"type": "hire_workers", "count": 1}, "action.not_now")
    state = play(state, RED, move("workers"))
    reject(state, RED, move("colony"), "action.not_now")
    reject(state, RED, {"type": "build", "building": "church"}, "action.not_now")
    reject(state, RED, {"type": "use_navegador"}, "action.not_now")
    reject(state, GREEN, DONE, "turn.not_yours")


def test_every_action_may_be_skipped() -> None:
    # §8.17
    for space in C.spaces:
        state = position(explored={"guine"}, players={RED: {"stone": None}})
        state = play(state, RED, move(space), DONE)
        assert state.current == GREEN and state.step is Step.TURN_START


# -- Workers and Ships (§2.4, §2.5) ---------------------------------------------------------------


def test_hire_counts_are_listed_exactly() -> None:
    state = play(position(players={RED: {"stone": "sailing", "money": 10_000, "workers": 3, "churches": 2}}),
                 RED, move("workers"))
    counts = [a["count"] for a in nav.legal_actions(state, RED) if a["type"] == "hire_workers"]
    assert counts == [1, 2, 3, 4, 5, 6]
    reject(state, RED, {"type": "hire_workers", "count": 7}, "workers.over_limit")
    reject(state, RED, {"type": "hire_workers", "count": 0}, "action.malformed")


def test_ships_beyond_shipyards_cost_the_phase_price() -> None:
    state = position(phase=2, players={RED: {"stone": "colony", "money": 1000, "shipyards": 1,
                                             "ships": {"portugal": 2}}})
    state, facts = act(play(state, RED, move("ships")), RED, {"type": "build_ships", "count": 3})
    assert facts[0]["paid"] == 50 + 200 + 200 and ships(state, RED) == {"portugal": 5}


# -- sailing and exploring (§2.6) ------------------------------------------------------------------


def test_range_three_in_phase_three() -> None:
    state = position(phase=3, explored=ALL_EXPLORED,
                     players={RED: {"stone": "buildings", "ships": {"goa": 2, "zanzibar": 1}}})
    state = play(state, RED, move("sailing"))
    play(state, RED, sail("goa", "nagasaki", 2))  # goa - malaca - macau - nagasaki
    reject(state, RED, sail("zanzibar", "nagasaki"), "sail.out_of_range")  # 4 borders
    reject(state, RED, sail("goa", "goa"), "sail.same_region")


def test_the_page_distance_table_holds() -> None:
    # rules page §1.2: distances when every region is explored
    row_por = [0, 1, 1, 2, 2, 3, 4, 5, 5, 6, 7, 7, 8]
    row_goa = [5, 4, 4, 3, 3, 2, 1, 1, 0, 1, 2, 2, 3]
    from domain.navegador.decide import _distances

    explored = frozenset(C.regions)
    assert list(_distances(C.region_index["portugal"], explored)) == row_por
    assert list(_distances(C.region_index["goa"], explored)) == row_goa


def test_no_passing_through_a_region_explored_in_the_same_action() -> None:
    # §8.11: the region explored in this sailing action is neither waypoint nor destination.
    state = position(phase=2, explored={"guine", "bahia", "rio_de_janeiro", "cabo_da_boa_esperanca"},
                     players={RED: {"stone": "buildings", "ships": {"guine": 3}}})
    state = play(state, RED, move("sailing"), explore("angola", guine=2))
    reject(state, RED, sail("guine", "cabo_da_boa_esperanca"), "sail.out_of_range")
    reject(state, RED, sail("angola", "cabo_da_boa_esperanca"), "sail.no_unmoved_ship")


def test_explore_rejections() -> None:
    state = position(explored={"guine"}, players={RED: {"stone": "buildings", "ships": {"guine": 2, "portugal": 2}}})
    state = play(state, RED, move("sailing"))
    reject(state, RED, explore("guine", portugal=2), "explore.already_explored")
    reject(state, RED, explore("angola", guine=3), "explore.no_unmoved_ship")
    reject(state, RED, explore("angola", portugal=2), "explore.out_of_range")
    unordered = {"type": "explore", "to": "angola",
                 "sources": [{"from": "guine", "count": 1}, {"from": "portugal", "count": 1}]}
    reject(state, RED, unordered, "action.malformed")
    listed = [a for a in nav.legal_actions(state, RED) if a["type"] == "explore"]
    assert {"type": "explore", "to": "angola", "sources": [{"from": "guine", "count": 2}]} in listed
    assert all(a["to"] in ("angola", "bahia") for a in listed)


def test_a_bigger_fleet_still_loses_only_one_ship() -> None:
    # §8.12
    state = position(explored={"guine"}, players={RED: {"stone": "buildings", "ships": {"guine": 4}}})
    state = play(state, RED, move("sailing"), explore("angola", guine=4))
    assert ships(state, RED) == {"angola": 3} and state.players[RED].supply == 4


def test_two_explorations_in_one_turn_with_the_card() -> None:
    # §4.2, §8.6: one exploration per sailing action, two sailing actions per turn.
    state = position(holder=RED, orange_ship="market_2", explored={"guine"},
                     players={RED: {"stone": "buildings", "ships": {"guine": 2, "portugal": 2}}})
    state = play(state, RED, {"type": "use_navegador"}, explore("angola", guine=2), DONE)
    state = play(state, RED, move("sailing"), explore("bahia", portugal=2), DONE)
    assert state.players[RED].explorers == ("angola", "bahia")


def test_malaca_starts_phase_three_with_the_additions_for_five_players() -> None:
    state = position(seats=5, phase=2, explored=ALL_EXPLORED - {"malaca", "timor", "macau", "nagasaki"},
                     players={RED: {"stone": "buildings", "ships": {"goa": 2}}})
    state = play(state, RED, move("sailing"), explore("malaca", goa=2))
    state, facts = act(state, RED, DONE)
    assert {"t": "PhaseStarted", "phase": 3, "privileges_added": dict.fromkeys(C.kinds, 3)} in facts
    assert state.phase == 3


def test_privilege_additions_never_exceed_the_supply() -> None:
    # §8.39
    state = position(explored={"guine", "bahia", "angola"}, privilege_supply={"colony": 1},
                     players={RED: {"stone": "buildings", "ships": {"angola": 2}}})
    state = play(state, RED, move("sailing"), explore("cabo_da_boa_esperanca", angola=2))
    state, facts = act(state, RED, DONE)
    added = next(f for f in facts if f["t"] == "PhaseStarted")["privileges_added"]
    assert added["colony"] == 1 and added["factory"] == 2 and state.privilege_supply[0] == 0


# -- colonies, buildings, market, privileges ----------------------------------------------------


def test_colony_needs_money_and_takes_the_cheapest() -> None:
    state = position(explored={"guine"}, stacks={"guine": ["gold_130", "gold_90"]},
                     players={RED: {"stone": "market_1", "ships": {"guine": 1}, "money": 80}})
    state = play(state, RED, move("colony"))
    reject(state, RED, {"type": "found_colony", "region": "guine"}, "colony.not_enough_money")
    rich = position(explored={"guine"}, stacks={"guine": ["gold_130", "gold_90"]},
                    players={RED: {"stone": "market_1", "ships": {"guine": 1}, "money": 200}})
    rich, facts = act(play(rich, RED, move("colony")), RED, {"type": "found_colony", "region": "guine"})
    assert facts[0]["tile"] == "gold_90"


def test_build_sold_out_and_not_enough_money() -> None:
    state = position(next_cell={"church": 6}, players={RED: {"stone": "market_2", "workers": 9, "money": 50}})
    state = play(state, RED, move("buildings"))
    reject(state, RED, {"type": "build", "building": "church"}, "build.sold_out")
    reject(state, RED, {"type": "build", "building": "factory_gold"}, "build.not_enough_money")
    reject(state, RED, {"type": "build", "building": "palace"}, "action.malformed")


def test_market_limits_and_the_orange_factory_once() -> None:
    state = position(market={"sugar": 1}, players={RED: {"stone": "colony", "factories": {"gold": 1}}})
    state = play(state, RED, move("market_2"))
    reject(state, RED, {"type": "sell", "good": "spice", "count": 1}, "market.not_enough_colonies")
    state, facts = act(state, RED, {"type": "process", "good": "sugar", "count": 1})
    assert facts[0]["row_after"] == 1 and facts[0]["orange_used"]  # clamped at the top row
    reject(state, RED, {"type": "process", "good": "gold", "count": 2}, "market.not_enough_factories")
    play(state, RED, {"type": "process", "good": "gold", "count": 1})


def test_a_privilege_with_no_items_pays_nothing() -> None:
    state = play(position(players={RED: {"stone": "colony", "workers": 4, "money": 0}}),
                 RED, move("privilege"), {"type": "take_privilege", "kind": "colony"})
    assert state.players[RED].money == 0 and state.players[RED].privileges[0] == 1


# -- the Navegador card (§4) ----------------------------------------------------------------------


def test_only_the_holder_may_use_the_card() -> None:
    reject(position(), RED, {"type": "use_navegador"}, "navegador.not_holder")


def test_the_card_used_by_the_first_player_goes_to_the_last_this_round() -> None:
    # §8.28
    state = position(holder=RED, orange_ship="market_2")
    state = play(state, RED, {"type": "use_navegador"}, DONE)
    assert state.holder == BLUE and state.orange_ship == C.space_index["ships"]  # Blue's stone
    state = play(state, RED, move("colony"), DONE)
    for seat in (GREEN, YELLOW):
        state = play(state, seat, move(C.spaces[state.players[seat].stone + 1]), DONE)
    assert {"type": "use_navegador"} in nav.legal_actions(state, BLUE)


def test_the_card_works_in_the_final_round() -> None:
    # §8.27
    state = position(holder=RED, orange_ship="market_2", end_trigger="buildings", final_turns_left=4)
    state = play(state, RED, {"type": "use_navegador"}, DONE, move("colony"), DONE)
    assert state.holder == BLUE and state.final_turns_left == 3


# -- end of game and scoring (§5) -----------------------------------------------------------------


def test_a_second_trigger_changes_nothing() -> None:
    # §8.29
    state = position(phase=3, explored=ALL_EXPLORED - {"nagasaki"}, end_trigger="buildings",
                     final_turns_left=2, players={RED: {"stone": "buildings", "ships": {"macau": 3}}})
    state, facts = act(play(state, RED, move("sailing")), RED, explore("nagasaki", macau=3))
    assert not any(f["t"] == "GameEndTriggered" for f in facts)
    state = play(state, RED, DONE)
    assert state.final_turns_left == 1 and state.end_trigger == "buildings"


def test_manual_kings_privilege_is_simultaneous_and_forced_when_single() -> None:
    full = {"privileges": dict.fromkeys(C.kinds, 3)}
    one = {"privileges": {"colony": 3, "factory": 3, "explorer": 3, "shipyard": 3}}
    state = position(kings_mode="manual", end_trigger="buildings", final_turns_left=1,
                     players={RED: {"stone": "sailing"}, GREEN: full, YELLOW: one})
    state, facts = act(state, RED, move("workers"))
    state, facts = act(state, RED, DONE)
    placed = {f["seat"]: (f["kind"], f["how"]) for f in facts if f["t"] == "KingsPrivilegePlaced"}
    assert placed == {GREEN: ("none", "forced"), YELLOW: ("church", "forced")}
    assert nav.to_act(state) == frozenset({RED, BLUE}) and state.step is Step.KINGS_PRIVILEGE
    assert nav.outcome(state) is None
    assert [a["kind"] for a in nav.legal_actions(state, RED)] == list(C.kinds)
    state = play(state, BLUE, {"type": "place_kings_privilege", "kind": "shipyard"})
    reject(state, BLUE, {"type": "place_kings_privilege", "kind": "church"}, "turn.not_yours")
    state, facts = act(state, RED, {"type": "place_kings_privilege", "kind": "factory"})
    assert facts[-1]["t"] == "GameScored" and nav.outcome(state) is not None
    by_seat = {r.seat: r for r in nav.outcome(state).results}
    assert by_seat[GREEN].breakdown["church_vp_per_item"] == 3 + 3 * 2  # no king's privilege


def test_automatic_placement_maximises_the_score() -> None:
    p = position(players={RED: {"churches": 3, "shipyards": 1}}).players[RED]
    assert best_kings_column(p) == "church"
    assert total(breakdown(p, "church")) == max(total(breakdown(p, k)) for k in C.kinds)


def test_the_outcome_reports_every_category() -> None:
    state = position(holder=BLUE, step=Step.GAME_OVER, scored=True, end_trigger="nagasaki",
                     players={s: {"kings": "colony"} for s in range(4)})
    result = nav.outcome(state)
    assert result.termination == "nagasaki_explored"
    keys = set(result.results[0].breakdown)
    assert {"workers", "ships", "money", *C.kinds, "explorer_items", "church_vp_per_item"} <= keys
    assert json.loads(json.dumps(result.to_json()))["winners"] == list(result.winners)
    assert [r.rank for r in sorted(result.results, key=lambda r: r.seat)] == [4, 3, 2, 1]  # card order


# -- hidden information (§6) ------------------------------------------------------------------------


def test_face_down_stacks_are_hidden_from_everyone_but_all() -> None:
    facts = nav.setup({}, 3, Rng("hidden", "setup"))
    state = fold(nav, None, facts)
    dealt = facts[2]
    for viewer in (None, 0, 1, 2):
        shown = nav.redact(dealt, viewer)
        assert shown["stacks"]["timor"] == {"type": "spice", "size": 2} and shown["removed"] == 3
        text = json.dumps(nav.view(state, viewer)) + json.dumps(shown)
        assert not any(f'"{t}"' in text for t in C.tile_price)
        assert nav.view(state, viewer)["regions"]["guine"]["colonies"] == {"type": "gold", "size": 3, "tiles": None}
    assert nav.redact(dealt, ALL) == dealt
    host = nav.view(state, ALL)
    assert host["regions"]["guine"]["colonies"]["tiles"] == list(state.stacks[1])
    assert sorted(host["removed_colony_tiles"]) == sorted(state.removed_tiles)


# -- robustness -------------------------------------------------------------------------------------


@pytest.mark.parametrize("action", [
    None, 3, "done", [], {}, {"type": None}, {"type": "done", "extra": True}, {"type": ["move_rondel"]},
    {"type": "move_rondel", "space": 7, "pay_ships": {}},
    {"type": "move_rondel", "space": "colony", "pay_ships": {"portugal": True}},
    {"type": "move_rondel", "space": "colony", "pay_ships": {"mars": 1}},
    {"type": "move_rondel", "space": "colony", "pay_ships": None},
    {"type": "move_rondel", "space": "colony", "pay_ships": {}, "more": 1},
])
def test_garbage_is_rejected_with_illegal_action(action: object) -> None:
    state = position()
    with pytest.raises(IllegalAction) as err:
        nav.decide(state, RED, action, None)
    assert err.value.code in ("action.malformed", "action.unknown_type", "action.not_now")


def test_wrong_seats_are_refused() -> None:
    state = position()
    for seat in (GREEN, -1, 99, "0", None):
        with pytest.raises(IllegalAction) as err:
            nav.decide(state, seat, move("colony"), None)  # type: ignore[arg-type]
        assert err.value.code == "turn.not_yours"
    assert nav.legal_actions(state, GREEN) == []
