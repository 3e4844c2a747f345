"""Worked examples NA-EX-1 ... NA-EX-5 of the rules page (§7), one test each: hiring workers,
sailing, exploring and founding colonies.

Red is seat 0 (first player), Green 1, Yellow 2, Blue 3; round 2, Red at turn_start unless the
example says otherwise. "✗ code" in the page is `reject(...)`: refused with that code, not
listed by legal_actions, state unchanged.
"""

from __future__ import annotations

import domain.navegador as nav
from domain.navegador.components import C
from domain.navegador.state import Step

from .helpers import (
    DONE,
    GREEN,
    RED,
    act,
    explore,
    move,
    play,
    position,
    reject,
    sail,
    ships,
)
from .worked_examples_helpers import hire


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
