"""Modules C and D together (§8.6.8, §8.6.4): SM-EX-82 (five seats at a year end) and SM-EX-84 (the
Maya simulates a colonist's ambassador die), the Maya's own ambassador die (A-78), its blue die
and white-die limit with module C (A-46)."""

from __future__ import annotations

from typing import Any

import domain.santa_maria as sm
from domain.core import Rng, fold
from domain.santa_maria.state import replace

from .helpers import act, edit, names, play, reject
from .maya_helpers import MAYA, at_node, city, maya_facts, step, temple, tokens

P2 = 1


def cd_start(seats: int = 2, white: int = 4, blue: int = 2, **kw: Any) -> Any:
    facts = maya_facts(seats, modules=["C", "D"])
    facts.insert(next(i for i, f in enumerate(facts) if f["t"] == "YearStarted"),
                 {"t": "AmbassadorDiceRolled", "white": white, "blue": blue})
    state = fold(sm, None, facts)
    return replace(state, white_pool=tuple(sorted([1, 2, 3, 4, 5, 6] * 2))[: 2 * seats], **kw)


def test_sm_ex_84_maya_simulates_an_ambassador_die() -> None:
    state = city(cd_start(2, current=P2), tokens={"cocoa": (0, 1), "sugar": (0, 1), "grain": (1, 1)})
    state = edit(state, P2, coins=0)
    vp = state.players[P2].vp
    use = {"type": "use_die", "die": {"kind": "ambassador", "color": "white"}, "value": 4, "adjust": "none",
           "line": "column"}
    state, facts = act(state, P2, use)
    assert state.players[P2].coins == 1 and state.players[P2].vp == vp + 1
    assert state.players[P2].occupant[(6 - 1) * 6 + 3] == "aw4"
    assert sm.to_act(state) == frozenset({MAYA}) and state.pending.kind == "maya_simulate"
    state, _ = act(state, MAYA, {"type": "maya_simulate", "accept": True})
    state, _ = play(state, MAYA, step("B4_1"), step("B4_2"), step("B4_3"))
    assert sm.to_act(state) == frozenset({MAYA})
    state, facts = play(state, MAYA, step(None), temple(None))
    assert tokens(state)["cocoa"] == (1, 1) and tokens(state)["sugar"] == (1, 1)
    assert at_node(state, "B4_1") == "" and at_node(state, "B4_3") == "" and state.maya.die is None
    assert facts[-1] == {"t": "TurnStarted", "seat": MAYA}  # P2's turn ends; the Maya plays next


def test_the_maya_takes_an_ambassador_die_and_the_colonists_activate_its_column() -> None:
    state = cd_start(2, white=2)
    state = edit(state, P2, coins=0)
    legal = sm.legal_actions(state, MAYA)
    amb = {"type": "maya_use_die", "die": {"kind": "ambassador", "color": "white"}, "value": 2, "adjust": "none"}
    assert amb in legal
    state, facts = play(state, MAYA, amb, step("B2_1"), step(None), temple(None))
    assert "AmbassadorTaken" in names(facts) and at_node(state, "B2_1") == "aw2"
    started = [f for f in facts if f["t"] == "PassiveActivationStarted"]
    assert started == [{"t": "PassiveActivationStarted", "seat": P2, "line": "column", "value": 2, "color": "white"}]
    assert state.players[MAYA].white_taken == 0
    reject(replace(state, current=MAYA), MAYA, amb, "die.not_available")


def test_with_module_c_the_maya_keeps_a_blue_die_and_takes_two_white_dice() -> None:
    facts = sm.setup({"expansion": True, "modules": ["C", "D"], "colony_assignment": "random"}, 3, Rng("cd", "setup"))
    state = fold(sm, None, facts)
    assert len(state.players[MAYA].blue) == 1 and all(not p.blue for p in state.players[1:])
    assert len(state.white_pool) == 6
    state = edit(state, MAYA, white_taken=2)
    face = state.white_pool[0]
    reject(state, MAYA, {"type": "maya_use_die", "die": {"kind": "white", "face": face}, "value": face,
                         "adjust": "none"}, "die.white_limit")


def test_sm_ex_82_five_seats_at_year_end() -> None:
    facts = sm.setup({"expansion": True, "modules": ["C", "D"], "colony_assignment": "random"}, 5, Rng("ex82", "setup"))
    state = fold(sm, None, facts)
    assert state.maya is not None and state.seats == 5 and state.maya.vault == 5
    for seat, pos in enumerate((5, 4, 3, 1, 0)):
        state = edit(state, seat, conquistador=pos, conquistador_stamp=seat + 1)
    from domain.santa_maria.year import conquistador_awards

    assert conquistador_awards(state) == [[0, 6], [1, 4], [2, 2], [3, 0], [4, 0]]


