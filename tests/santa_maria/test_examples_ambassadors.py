"""Module C of American Kingdoms, the ambassadors (rules page §8.4, §8.5, §8.7; §11 A-27, A-28):
the worked examples SM-EX-39, 65 and 66 and the rules they restate, each test citing its section.
Seats: P1 = seat 0, P2 = seat 1, ..."""

from __future__ import annotations

from typing import Any

import pytest

import domain.santa_maria as sm
from domain.core import IllegalAction, Rng, fold
from domain.core.facts import Tx
from domain.santa_maria import ambassadors
from domain.santa_maria.components import C
from domain.santa_maria.flow import run
from domain.santa_maria.state import State, replace

from .helpers import Dice, act, edit, goods, names, on, play, reject, start, use

P1, P2, P3, P4 = 0, 1, 2, 3
C_GAME = {"expansion": True, "modules": ["C"]}


def start_c(seats: int = 2, white: int = 4, blue: int = 2, **kw: Any) -> State:
    """A module C position: no blue dice, a white pool of 2 per player, the ambassador dice on
    their tokens showing `white` and `blue`, seat 0 to act in year 1."""
    state = start(seats, **{**C_GAME, **kw})  # modules=[...] adds other modules
    state = replace(state, white_pool=tuple(sorted([1, 2, 3, 4, 5, 6] * 2)[: 2 * seats]), blue_made=0,
                    blue_supply=3 * seats - 1, ambassadors=((white, None), (blue, None)))
    for seat in range(seats):
        state = edit(state, seat, blue=[])
    return state


def amb(color: str, value: int, line: str, adjust: str = "none") -> dict[str, Any]:
    return {"type": "use_die", "die": {"kind": "ambassador", "color": color}, "value": value, "adjust": adjust, "line": line}


def activated(facts: list[dict[str, Any]], seat: int) -> list[list[int]]:
    return [f["cell"] for f in facts if f["t"] == "BuildingActivated" and f["seat"] == seat]


def with_scholar(state: State, seat: int, scholar: str) -> State:
    """The seat holds the scholar as its own (the ability is all the rules look at, §3.7, §7.1)."""
    return edit(state, seat, personal_scholar=scholar)


# -- setup and the new years (§8.4, §8.7) ---------------------------------------------------------------


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_setup_with_ambassadors_no_starting_blue_die_two_white_dice_each(seats: int) -> None:
    """§8.4: no starting blue die, a white pool of 2 per player, one more white and one blue die
    (from the blue supply, §1.9 step 1) rolled onto the ambassador tokens."""
    facts = sm.setup({**C_GAME, "colony_assignment": "random"}, seats, Rng("amb-setup", "setup"))
    state = fold(sm, None, facts)
    assert "BlueDieGained" not in names(facts)
    assert [f["t"] for f in facts].index("AmbassadorDiceRolled") == [f["t"] for f in facts].index("WhiteDiceRolled") + 1
    assert len(state.white_pool) == 2 * seats and all(not p.blue for p in state.players)
    assert state.blue_supply == min(3 * seats, 12) - 1 and state.modules == ("C",)
    rolled = next(f for f in facts if f["t"] == "AmbassadorDiceRolled")
    assert state.ambassadors == ((rolled["white"], None), (rolled["blue"], None))


def test_a_base_game_has_no_ambassadors() -> None:
    state = fold(sm, None, sm.setup({"colony_assignment": "random"}, 2, Rng("base", "setup")))
    assert state.ambassadors is None and state.modules is None and "ambassadors" not in sm.view(state, None)
    reject(state, state.first, amb("white", 4, "column"), "die.not_available")


def test_the_ambassador_dice_are_rerolled_at_the_start_of_years_2_and_3() -> None:
    """§8.7: the tokens come back and both dice are rerolled (after the white and blue dice,
    before YearStarted); the die on the taker's building goes back with them."""
    state = start_c(2, white=4)
    state, _ = act(state, P1, amb("white", 4, "column"))
    assert on(state, P1, 2, 4) == "aw4" and state.ambassadors == ((4, P1), (2, None))
    state, _ = act(state, P2, {"type": "pass", "space": 1})
    state, facts = act(state, P1, {"type": "pass", "space": 3}, Dice(1, 2, 3, 4, 5, 6))
    kinds = names(facts)
    assert kinds.index("WhiteDiceRolled") < kinds.index("AmbassadorDiceRolled") < kinds.index("YearStarted")
    assert state.white_pool == (1, 2, 3, 4) and len(next(f for f in facts if f["t"] == "WhiteDiceRolled")["faces"]) == 4
    assert next(f for f in facts if f["t"] == "AmbassadorDiceRolled") == {
        "t": "AmbassadorDiceRolled", "white": 5, "blue": 6, "year": 2}
    assert state.ambassadors == ((5, None), (6, None)) and on(state, P1, 2, 4) == ""
    assert state.blue_supply == 3 * 2 - 1  # a reroll takes no die from the supply


# -- SM-EX-39, 65, 66 ---------------------------------------------------------------------------------


def test_sm_ex_39_ambassador_die() -> None:
    """§8.4: P1 takes the white ambassador die; then P2 and P3, clockwise from P1's left,
    activate column 4 in their colonies, with no die left behind and no decision."""
    state = start_c(3, boards=("colony_1", "colony_2", "colony_3"), white=4)
    before = [(p.good("sugar"), p.coins, p.vp, p.conquistador) for p in state.players]
    state, facts = act(state, P1, amb("white", 4, "column"))
    assert facts[0] == {"t": "AmbassadorTaken", "seat": P1, "color": "white", "face": 4}
    assert "DieTaken" not in names(facts) and "DecisionAsked" not in names(facts)
    assert activated(facts, P1) == [[2, 4]] and goods(state, P1) == {"wood": 3}
    assert on(state, P1, 2, 4) == "aw4" and state.players[P1].white_taken == 0
    started = [f for f in facts if f["t"] == "PassiveActivationStarted"]
    assert started == [{"t": "PassiveActivationStarted", "seat": P2, "line": "column", "value": 4, "color": "white"},
                       {"t": "PassiveActivationStarted", "seat": P3, "line": "column", "value": 4, "color": "white"}]
    assert names(facts).index("DiePlaced") < names(facts).index("PassiveActivationStarted")
    assert activated(facts, P2) == [[6, 4]] and activated(facts, P3) == [[1, 4], [6, 4]]
    p2, p3 = state.players[P2], state.players[P3]
    assert (p2.coins, p2.vp) == (before[P2][1] + 1, before[P2][2] + 1)
    assert (p3.good("sugar"), p3.conquistador) == (1, 1)
    assert on(state, P2, 6, 4) == on(state, P3, 1, 4) == on(state, P3, 6, 4) == ""
    assert facts[-1] == {"t": "TurnStarted", "seat": P2} and state.ambassadors == ((4, P1), (2, None))
    assert all(p.white_taken == 0 for p in state.players)


def test_sm_ex_65_passive_line_and_a_passed_player() -> None:
    """A-27: a passed player takes part; A-28: passive Philosophy does not change the row; the
    passive player answers their own decision (to_act is theirs)."""
    state = start_c(3, boards=("colony_1", "colony_2", "colony_3"), blue=2)
    state = replace(edit(state, P2, pass_space=2), pass_order=(P2,))
    state = with_scholar(state, P3, "SCH_PHILOSOPHY")
    state, facts = act(state, P1, amb("blue", 2, "row"))
    assert activated(facts, P1) == [[2, 4]] and on(state, P1, 2, 4) == "ab2"
    assert activated(facts, P2) == [[2, 3], [2, 6]] and goods(state, P2) == {"wood": 2, "grain": 1, "gem": 1}
    assert all(o == "" for o in state.players[P2].occupant)
    assert activated(facts, P3) == [[2, 5]] and state.players[P3].religion == 1
    assert "ambassador_line" not in [f.get("decision") for f in facts]
    assert state.pending is not None and state.pending.kind == "religion_extra" and sm.to_act(state) == {P3}
    reject(state, P3, {"type": "ambassador_line", "line": "column"}, "turn.wrong_decision")
    reject(state, P1, {"type": "sell", "good": "wood"}, "turn.not_yours")
    state, facts = act(state, P3, {"type": "religion_extra", "pay": None})
    assert names(facts) == ["Declined", "TurnStarted"] and facts[-1]["seat"] == P3  # P2 has passed
    assert all(p.white_taken == 0 for p in state.players)


def test_sm_ex_65_passive_line_after_the_takers_diagonal() -> None:
    """A-28, variant: after the taker's Archery diagonal with the white die showing 1, the others
    activate column 1 "as usual"; their decisions are theirs, one seat after the other. (The
    taker's diagonal belongs to the expansion core; here the passive agenda is run as the
    core's use_die runs it: after the taker's die lies on (6,6).)"""
    state = start_c(3, boards=("colony_1", "colony_2", "colony_3"), white=1)
    d = {"kind": "ambassador", "color": "white"}
    assert ambassadors.passive_line("diagonal", 1, "white") == "column"
    assert ambassadors.passive_line("diagonal", 6, "blue") == "row"
    tx = Tx(state, sm.evolve)
    tx.emit(ambassadors.taken(P1, d, 1))
    run(tx, P1, ambassadors.passive_agenda(tx.state, P1, d, "diagonal", 1), Dice())
    state = tx.state
    assert [f["line"] for f in tx.facts if f["t"] == "PassiveActivationStarted"] == ["column"]
    assert state.pending is not None and state.pending.kind == "ship" and sm.to_act(state) == {P2}
    state, facts = act(state, P2, {"type": "ship", "source": None})
    assert state.pending is not None and state.pending.kind == "trade" and sm.to_act(state) == {P2}
    assert activated(facts, P2) == [[5, 1]]
    state, facts = act(state, P2, {"type": "trade", "option": None})
    assert [f for f in facts if f["t"] == "PassiveActivationStarted"][0]["seat"] == P3
    assert state.pending is not None and state.pending.kind == "ship" and sm.to_act(state) == {P3}
    state, facts = act(state, P3, {"type": "ship", "source": None})
    assert facts[-1] == {"t": "TurnStarted", "seat": P2}  # the taker's turn ends
    assert all(o == "" for s in (P2, P3) for o in state.players[s].occupant)


def test_sm_ex_65_variant_through_use_die() -> None:
    """The whole variant through use_die (the core's Archery diagonal): P1 pays 1 coin for the
    diagonal (1,1)...(6,6), the die on (6,6); P2 and P3 activate column 1."""
    state = with_scholar(start_c(3, boards=("colony_1", "colony_2", "colony_3"), white=1), P1, "SCH_ARCHERY")
    state = edit(state, P1, coins=1)
    state, _ = play(state, P1, amb("white", 1, "diagonal"), {"type": "ship", "source": None})
    state, facts = play(state, P2, {"type": "ship", "source": None}, {"type": "trade", "option": None})
    state, facts = act(state, P3, {"type": "ship", "source": None})
    assert state.players[P1].coins == 1 and on(state, P1, 6, 6) == "aw1"
    assert facts[-1] == {"t": "TurnStarted", "seat": P2}


def test_sm_ex_39_variant_only_the_taker_hires() -> None:
    """§8.5 B + C: only the player who took the white ambassador die may hire; the passive
    players activate column 4 without a hire decision. (Module B keeps the specialists beside the
    white values in `specialist_row`.)"""
    state = start_c(3, boards=("colony_1", "colony_2", "colony_3"), white=4, modules=["B", "C"])
    state = replace(state, specialist_row=("SP_FARMER_1", "SP_FARMER_2", "SP_FARMER_3", "SP_FORESTER_1",
                                           "SP_FORESTER_2", "SP_FORESTER_3"), specialist_stack=(), specialists_boxed=())
    state, facts = act(state, P1, amb("white", 4, "column"))
    assert state.pending is not None and (state.pending.kind, state.pending.seat) == ("hire", P1)
    assert "PassiveActivationStarted" not in names(facts)  # hire comes first (§2.6 step 2)
    state, facts = act(state, P1, {"type": "hire", "accept": False})
    assert [f["seat"] for f in facts if f["t"] == "PassiveActivationStarted"] == [P2, P3]
    assert "DecisionAsked" not in names(facts) and facts[-1] == {"t": "TurnStarted", "seat": P2}


def test_sm_ex_64_passive_governor_move() -> None:
    """§8.5 A + C: a passive player's governor moves before their line (module A's step in
    `ambassadors.before_passive_line`); the taker's governor, not in column 4, stays. (Module A
    keeps the governor in `occupant` as "G".)"""
    state = edit(start_c(2, white=4, modules=["A", "C"]), P1, occupied={(1, 1): "G"})
    state = edit(state, P2, occupied={(1, 4): "G"})
    coins, vp = state.players[P2].coins, state.players[P2].vp
    state, facts = act(state, P1, amb("white", 4, "column"))
    assert [f["seat"] for f in facts if f["t"] == "GovernorMoved"] == [P2]
    assert on(state, P1, 1, 1) == "G" and on(state, P1, 2, 4) == "aw4" and goods(state, P1) == {"wood": 3}
    assert names(facts).index("GovernorMoved") > names(facts).index("PassiveActivationStarted")
    assert on(state, P2, 1, 4) == "" and on(state, P2, 1, 5) == "G"  # (1,5) is empty: nothing happens there
    assert activated(facts, P2) == [[6, 4]] and (state.players[P2].coins, state.players[P2].vp) == (coins + 1, vp + 1)
    assert on(state, P2, 6, 4) == ""


def test_sm_ex_66_module_c_limits() -> None:
    """§8.4: 2 white pool dice a year (ambassador dice never count); P1 owns no blue die and gets
    its 1st and 2nd personal blue die from the religion track's two die symbols (2 and 6)."""
    state = edit(start_c(2, white=5), P1, white_taken=2, religion=1)
    assert state.white_pool and not state.players[P1].blue
    for f in set(state.white_pool):
        for value in range(1, 7):
            reject(state, P1, use("white", f, value, "column", "none" if f == value else "coins"), "die.white_limit")
    state, facts = act(state, P1, amb("white", 5, "column"), Dice(3))  # colony_1 (4,5): religion 1 -> 2
    assert facts[0]["t"] == "AmbassadorTaken" and state.players[P1].white_taken == 2
    gained = next(f for f in facts if f["t"] == "BlueDieGained")
    assert (gained["seat"], gained["die"], gained["usable_this_year"]) == (P1, "b1", True)
    state, _ = play(state, P1, {"type": "place_monk", "place": None}, {"type": "religion_extra", "pay": None})
    state, _ = act(state, P2, {"type": "pass", "space": 1})
    state = edit(state, P1, religion=5, coins=1, cells={(1, 2): "religion"})
    state, facts = act(state, P1, {"type": "activate_building", "cell": [1, 2]}, Dice(4))  # religion 5 -> 6
    assert [b.id for b in state.players[P1].blue] == ["b1", "b2"]
    assert C.blue_die_symbols == frozenset({2, 6})  # no other die symbol: never more than 2


def test_astronomy_allows_three_white_dice_with_ambassadors() -> None:
    """§1.6 Astronomy: one more white die than the limit: 3 with module C."""
    state = with_scholar(edit(start_c(2), P1, white_taken=2), P1, "SCH_ASTRONOMY")
    assert any(a["type"] == "use_die" and a["die"]["kind"] == "white" for a in sm.legal_actions(state, P1))
    state = edit(state, P1, white_taken=3)
    assert not any(a["type"] == "use_die" and a["die"]["kind"] == "white" for a in sm.legal_actions(state, P1))


# -- taking an ambassador die (§8.4, §2.6) ------------------------------------------------------------


def test_an_ambassador_die_is_taken_once_a_year() -> None:
    state, _ = act(start_c(2, white=4), P1, amb("white", 4, "column"))
    reject(state, P2, amb("white", 4, "column"), "die.not_available")
    assert {a["die"]["color"] for a in sm.legal_actions(state, P2) if a["type"] == "use_die" and a["die"]["kind"] == "ambassador"} == {"blue"}


def test_an_ambassador_die_is_used_like_a_die_of_its_colour() -> None:
    """§8.4: coins change its value; white: column only; blue: row, column with Philosophy; no
    line without a free building; the others activate the final value's line."""
    state = start_c(2, white=4, blue=2)
    reject(state, P1, amb("white", 4, "row"), "die.bad_line")
    reject(state, P1, amb("blue", 2, "column"), "die.bad_line")
    reject(state, P1, amb("white", 5, "column"), "die.bad_adjust")
    reject(edit(state, P1, occupied={(1, 1): "$1", (4, 1): "w1"}), P1, amb("white", 1, "column", "coins"), "die.no_free_building")
    reject(edit(state, P1, coins=0), P1, amb("white", 5, "column", "coins"), "die.cannot_pay")
    for bad in ({"kind": "ambassador", "color": "red"}, {"kind": "ambassador"}, {"kind": "ambassador", "color": "white", "face": 4}):
        with pytest.raises(IllegalAction) as err:
            sm.decide(state, P1, {"type": "use_die", "die": bad, "value": 4, "adjust": "none", "line": "column"}, Dice())
        assert err.value.code == "action.malformed"
    coins = state.players[P1].coins
    state, facts = act(state, P1, amb("white", 5, "column", "coins"))
    changed = next(f for f in facts if f["t"] == "DieValueChanged")
    assert (changed["die"], changed["from"], changed["to"], changed["paid"]) == ({"kind": "ambassador", "color": "white"}, 4, 5, 1)
    assert state.players[P1].coins == coins - 1
    assert state.pending is not None and state.pending.kind == "religion_extra" and state.pending.seat == P1
    assert ("place_die", "aw5", 4, 5) in state.pending.agenda  # the die waits for the line (§2.6 step 6)
    state, facts = act(state, P1, {"type": "religion_extra", "pay": None})
    assert on(state, P1, 4, 5) == "aw5" and names(facts).index("DiePlaced") < names(facts).index("PassiveActivationStarted")
    assert [f["value"] for f in facts if f["t"] == "PassiveActivationStarted"] == [5]
    assert activated(facts, P2) == [[3, 5]] and facts[-1] == {"t": "TurnStarted", "seat": P2}


def test_philosophy_taker_gives_everybody_the_column() -> None:
    """§8.5 C + Philosophy, A-28: the taker's blue die on a column through Philosophy: the
    passive line is that column."""
    state = with_scholar(start_c(2, blue=4), P1, "SCH_PHILOSOPHY")
    state, facts = act(state, P1, amb("blue", 4, "column"))
    assert [(f["line"], f["value"]) for f in facts if f["t"] == "PassiveActivationStarted"] == [("column", 4)]
    assert activated(facts, P2) == [[6, 4]] and on(state, P1, 2, 4) == "ab4"


def test_passive_taxation_counts_the_passive_line() -> None:
    """§1.6 Taxation, §8.4: a passive holder gains 1 coin per colonist on the line's roads, first."""
    state = with_scholar(start_c(2, white=4), P2, "SCH_TAXATION")
    state = edit(state, P2, cells={(1, 4): "road2", (3, 4): "road1"})
    coins = state.players[P2].coins
    state, facts = act(state, P1, amb("white", 4, "column"))
    taxed = [f for f in facts if f["t"] == "CoinsGained" and f["seat"] == P2]
    assert taxed[0] == {"t": "CoinsGained", "seat": P2, "coins": 3, "source": "taxation"}
    assert names(facts).index("CoinsGained", names(facts).index("PassiveActivationStarted")) < names(facts).index("BuildingActivated", names(facts).index("PassiveActivationStarted"))
    assert state.players[P2].coins == coins + 3 + 1


def test_a_passive_line_without_a_free_building_activates_nothing() -> None:
    state = edit(start_c(2, white=4), P2, occupied={(6, 4): "$1"})
    state, facts = act(state, P1, amb("white", 4, "column"))
    assert [f["seat"] for f in facts if f["t"] == "PassiveActivationStarted"] == [P2]
    assert activated(facts, P2) == [] and facts[-1] == {"t": "TurnStarted", "seat": P2}


def test_passive_activations_go_clockwise_from_the_takers_left() -> None:
    """§8.4: one after another, clockwise from the taker's left; the taker's turn ends after."""
    state = replace(start_c(4, white=4), current=P3)
    state, facts = act(state, P3, amb("white", 4, "column"))
    assert [f["seat"] for f in facts if f["t"] == "PassiveActivationStarted"] == [P4, P1, P2]
    assert facts[-1] == {"t": "TurnStarted", "seat": P4}


def test_a_solo_game_has_no_passive_activation() -> None:
    state, facts = act(start_c(1, white=4), P1, amb("white", 4, "column"))
    assert "PassiveActivationStarted" not in names(facts) and facts[-1] == {"t": "TurnStarted", "seat": P1}


# -- a passive holder of Archery (§8.4, §8.5 C + Archery, A-28) ----------------------------------------


def test_passive_archery_holder_chooses_the_diagonal_for_a_coin() -> None:
    """§8.4: asked `ambassador_line` (the value is 1 or 6), even without the coin (§2.3): a free
    action may raise it; the diagonal (1,1)...(6,6) is activated top to bottom, no die left."""
    state = with_scholar(edit(start_c(2, white=1), P2, coins=0, wood=1), P2, "SCH_ARCHERY")
    state, _ = act(state, P1, amb("white", 1, "column"))
    assert state.pending is not None and state.pending.kind == "ship" and sm.to_act(state) == {P1}  # P1's (1,1)
    state, facts = act(state, P1, {"type": "ship", "source": None})
    asked = facts[-1]
    assert asked["t"] == "DecisionAsked" and asked["decision"] == "ambassador_line" and asked["seat"] == P2
    assert sm.to_act(state) == {P2} and "PassiveActivationStarted" not in names(facts)
    assert sm.legal_actions(state, P2)[:1] == [{"type": "ambassador_line", "line": "column"}]
    reject(state, P2, {"type": "ambassador_line", "line": "row"}, "ambassador.bad_line")
    reject(state, P2, {"type": "ambassador_line", "line": "diagonal"}, "ambassador.cannot_pay")
    reject(state, P1, {"type": "ambassador_line", "line": "column"}, "turn.not_yours")
    state, _ = act(state, P2, {"type": "sell", "good": "wood"})
    state, facts = act(state, P2, {"type": "ambassador_line", "line": "diagonal"})
    assert facts[0] == {"t": "CoinsPaid", "seat": P2, "coins": 1, "for": "diagonal"}
    assert facts[1] == {"t": "PassiveActivationStarted", "seat": P2, "line": "diagonal", "value": 1, "color": "white"}
    assert activated(facts, P2) == [[1, 1]] and state.pending is not None and state.pending.kind == "ship"
    state, facts = act(state, P2, {"type": "ship", "source": None})
    assert facts[-1] == {"t": "TurnStarted", "seat": P2} and all(o == "" for o in state.players[P2].occupant)


def test_passive_archery_holder_may_keep_the_passive_line() -> None:
    state = with_scholar(start_c(2, blue=6), P2, "SCH_ARCHERY")
    state, facts = act(state, P1, amb("blue", 6, "row"))
    assert state.pending is not None and state.pending.kind == "ambassador_line"
    assert [a["line"] for a in sm.legal_actions(state, P2) if a["type"] == "ambassador_line"] == ["row", "diagonal"]
    state, facts = act(state, P2, {"type": "ambassador_line", "line": "row"})
    assert "CoinsPaid" not in names(facts) and activated(facts, P2) == [[6, 4]]


def test_passive_archery_blue_six_diagonal_runs_left_to_right() -> None:
    """§2.6 (DEFINED HERE): value 6 with a blue die: (6,1), (5,2), ..., (1,6)."""
    assert ambassadors.cells("diagonal", 6, "blue") == [(6, 1), (5, 2), (4, 3), (3, 4), (2, 5), (1, 6)]
    assert ambassadors.cells("diagonal", 6, "white") == [(1, 6), (2, 5), (3, 4), (4, 3), (5, 2), (6, 1)]
    state = with_scholar(start_c(2, blue=6), P2, "SCH_ARCHERY")
    state = edit(state, P2, cells={(6, 1): "prod_wood", (1, 6): "prod_grain"})
    state, _ = act(state, P1, amb("blue", 6, "row"))
    state, facts = act(state, P2, {"type": "ambassador_line", "line": "diagonal"})
    assert activated(facts, P2) == [[6, 1], [1, 6]]


def test_no_ambassador_line_decision_for_other_values() -> None:
    state = with_scholar(start_c(2, white=4), P2, "SCH_ARCHERY")
    state, facts = act(state, P1, amb("white", 4, "column"))
    assert "DecisionAsked" not in names(facts)
