"""Worked examples NA-EX-14 ... NA-EX-24 of the rules page (§7), one test each: rondel costs,
shipyards, the Navegador card, the phase change, the end of the game and setup.

Seats, round and the `reject(...)` convention as in test_worked_examples_voyages.py.
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
from .worked_examples_helpers import ALL_EXPLORED, build, hire, take


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
