"""American Kingdoms modules A (Governor, rules page §8.2) and B (Specialists, §8.3): the worked
examples SM-EX-33..38, 60..63, 67..69 and the rules around them."""

from __future__ import annotations

from typing import Any

import pytest

import domain.santa_maria as sm
from domain.core import ALL, Rng, fold
from domain.core.words import render
from domain.santa_maria import governor, specialists
from domain.santa_maria.state import State, index, replace

from .helpers import act, at, edit, goods, names, on, play, reject, setup_facts, use


def start_ab(modules: tuple[str, ...] = ("A",), seats: int = 2, row: dict[int, str] | None = None, **options: Any) -> State:
    """A position as helpers.start builds it, with the modules in play: governors on (1,1) (A),
    the specialist stack in data order and `row` beside the white values (B)."""
    facts = setup_facts(seats, expansion=True, modules=list(modules), **options)
    state = fold(sm, None, facts)
    extra = governor.setup_facts(modules, seats)
    if "B" in modules:
        extra += [{"t": "SpecialistsShuffled", "order": list(specialists.TILES)}]
        extra += specialists.deal_facts(modules, specialists.TILES)
    state = fold(sm, state, extra)
    if row is not None:
        state = replace(state, specialist_row=tuple(row.get(v) for v in range(1, 7)))
    return state


def put_governor(state: State, seat: int, r: int, c: int) -> State:
    g = governor.cell(state.players[seat])
    occupied = {g: ""} if g else {}
    return edit(state, seat, occupied={**occupied, (r, c): "G"})


def gov(state: State, seat: int = 0) -> tuple[int, int] | None:
    return governor.cell(state.players[seat])


def white(state: State, *faces: int) -> State:
    return replace(state, white_pool=tuple(sorted(faces)))


def test_governors_start_on_the_sea_trade_building() -> None:
    facts = sm.setup({"expansion": True, "modules": ["A"], "colony_assignment": "random"}, 3, Rng("gov", "setup"))
    state = fold(sm, None, facts)
    assert all(governor.cell(p) == (1, 1) for p in state.players)
    assert names(facts).index("GovernorsPlaced") < names(facts).index("YearStarted")
    # (1,1) is blocked: no coin activation there
    reject(state, state.first, {"type": "activate_building", "cell": [1, 1]}, "activate.occupied")


def test_sm_ex_33_governor_moves_right_with_a_white_die() -> None:
    state = start_ab()
    state = put_governor(edit(state, 0, cells={(2, 3): "prod_sugar"}), 0, 2, 3)
    state, facts = act(state, 0, use("white", 3, 3, "column"))
    assert gov(state) == (2, 4)
    assert goods(state, 0) == {"wood": 3, "sugar": 1}  # 2 wood to start, +1 from (2,4)
    assert state.players[0].conquistador == 1
    assert on(state, 0, 5, 3) == "w3"
    activated = [(f["cell"], f["by"]) for f in facts if f["t"] == "BuildingActivated"]
    assert activated == [([2, 4], "governor"), ([2, 3], "die"), ([5, 3], "die")]
    assert names(facts).index("GovernorMoved") < names(facts).index("BuildingActivated")


def test_sm_ex_34_governor_moves_down_with_a_blue_die_and_activates() -> None:
    state = put_governor(edit(start_ab(), 0, blue=[("b1", 2)]), 0, 2, 2)
    state, facts = act(state, 0, use("blue", "b1", 2, "row"))
    assert gov(state) == (3, 2)
    assert goods(state, 0) == {"wood": 3, "grain": 1}
    assert on(state, 0, 2, 4) == "b1"


def test_sm_ex_35_governor_blocked_by_coins() -> None:
    state = edit(start_ab(), 0, cells={(3, 3): "prod_sugar", (5, 2): "prod_gem"}, occupied={(3, 3): "$1"})
    state = put_governor(state, 0, 3, 2)
    without = edit(state, 0, cells={(5, 2): ""})
    reject(without, 0, use("white", 2, 2, "column"), "die.no_free_building")
    state, facts = act(state, 0, use("white", 2, 2, "column"))
    assert gov(state) == (3, 2)
    assert {"t": "GovernorBlocked", "seat": 0, "cell": [3, 2]} in facts
    assert [f["cell"] for f in facts if f["t"] == "BuildingActivated"] == [[5, 2]]  # (3,2) skipped
    assert goods(state, 0) == {"wood": 2, "gem": 1}
    assert on(state, 0, 5, 2) == "w2"


@pytest.mark.parametrize(("cell", "both"), [((5, 4), 1), ((1, 1), -12), ((6, 6), 12), ((4, 6), 3)])
def test_sm_ex_36_governor_final_score(cell: tuple[int, int], both: int) -> None:
    assert governor.score("anti_diagonal", *cell) == both
    assert governor.score("quadrant", *cell) == both


@pytest.mark.parametrize(("cell", "anti", "quadrant"), [((4, 4), -1, 1), ((3, 6), 1, -1), ((6, 3), 1, -1)])
def test_sm_ex_36_the_two_sign_rules_differ_at_three_cells(cell: tuple[int, int], anti: int, quadrant: int) -> None:
    assert governor.score("anti_diagonal", *cell) == anti
    assert governor.score("quadrant", *cell) == quadrant
    differing = {(r, c) for r in range(1, 7) for c in range(1, 7)
                 if governor.score("anti_diagonal", r, c) != governor.score("quadrant", r, c)}
    assert differing == {(4, 4), (3, 6), (6, 3)}


@pytest.mark.parametrize(("rule", "vp"), [("anti_diagonal", -1), ("quadrant", 1)])
def test_the_governor_scores_at_the_end_with_the_chosen_sign_rule(rule: str, vp: int) -> None:
    state = put_governor(start_ab(governor_sign_rule=rule), 0, 4, 4)
    state = replace(state, year=3)
    parts = sm.scoring.final_breakdown(state, 0)
    assert parts["governor"] == vp
    assert list(parts)[-2:] == ["governor", "endgame_cells"]  # §6 step 6 before step 8


def test_sm_ex_37_second_farmer() -> None:
    state = start_ab(("B",), row={3: "SP_FARMER_2"})
    state = edit(white(state, 2), 0, coins=5, wood=0, specialists=("SP_FARMER_1",))
    state, facts = play(state, 0, use("white", 2, 3, "column"), {"type": "hire", "accept": True})
    p = state.players[0]
    assert p.coins == 2 and goods(state, 0) == {"grain": 2}  # 5 - 1 (the die) - 2 (the 2nd farmer)
    assert specialists.hired(p, "farmer") == 2
    assert state.specialist_row is not None and state.specialist_row[2] is None


def test_sm_ex_38_improvement_on_a_built_cell_costs_1() -> None:
    state = edit(white(start_ab(("B",), row={4: "IMP_INN"}), 4), 0, coins=5, occupied={(4, 5): "b1"})
    state, _ = act(state, 0, use("white", 4, 4, "column"))
    assert state.pending is not None and state.pending.kind == "hire"
    reject(state, 0, {"type": "hire", "accept": True, "cell": [4, 5]}, "hire.cell_occupied")  # a die lies there
    after, facts = act(state, 0, {"type": "hire", "accept": True, "cell": [2, 4]})
    assert after.players[0].coins == 4
    assert at(after, 0, 2, 4) == "prod_vp2" and after.players[0].types[index(2, 4)] == "production"
    assert after.players[0].vp == 2  # column 4 activates the inn
    assert {"t": "VPGained", "seat": 0, "vp": 2, "source": "building:2,4"} in facts
    assert on(after, 0, 2, 4) == "w4"
    empty, _ = act(state, 0, {"type": "hire", "accept": True, "cell": [1, 4]})
    assert empty.players[0].coins == 2 and at(empty, 0, 1, 4) == "prod_vp2"


def test_sm_ex_60_governor_at_the_edge() -> None:
    state = put_governor(edit(white(start_ab(), 6), 0, blue=[("b1", 6)]), 0, 6, 6)
    reject(state, 0, use("blue", "b1", 6, "row"), "die.no_free_building")
    state, facts = play(state, 0, use("white", 6, 6, "column"), {"type": "trade", "option": None})
    assert gov(state) == (6, 6)
    assert {"t": "GovernorBlocked", "seat": 0, "cell": [6, 6]} in facts
    assert [f["cell"] for f in facts if f["t"] == "BuildingActivated"] == [[3, 6]]
    assert on(state, 0, 3, 6) == "w6" and on(state, 0, 6, 6) == "G"


def test_sm_ex_61_the_governor_blocks_building() -> None:
    state = put_governor(edit(start_ab(), 0, wood=2), 0, 2, 2)
    state, _ = act(state, 0, {"type": "expand", "tile": "D01"})
    reject(state, 0, {"type": "place_tile", "anchor": [2, 2], "rotation": 0}, "expand.cell_occupied")
    reject(state, 0, {"type": "place_tile", "anchor": [2, 1], "rotation": 0}, "expand.cell_occupied")
    state, _ = act(state, 0, {"type": "place_tile", "anchor": [5, 1], "rotation": 0})
    assert goods(state, 0) == {} and at(state, 0, 5, 1) == "prod_wood" and at(state, 0, 5, 2) == "prod_grain"


def test_no_road_tile_goes_under_the_governor() -> None:
    state = put_governor(start_ab(), 0, 2, 2)
    state = replace(state, pending=sm.state.Pending(0, "road_tile"))
    assert {"type": "road_tile", "cell": [2, 2]} not in sm.legal_actions(state, 0)
    reject(state, 0, {"type": "road_tile", "cell": [2, 2]}, "road.cell_occupied")


def test_sm_ex_62_philosophy_moves_the_governor_right() -> None:
    state = edit(start_ab(), 0, cells={(1, 2): "road2"}, blue=[("b1", 1)], personal_scholar="SCH_PHILOSOPHY")
    state, facts = play(state, 0, use("blue", "b1", 1, "column"), {"type": "ship", "source": None})
    assert gov(state) == (1, 2)
    assert {"t": "ColonistsScored", "seat": 0, "cell": [1, 2], "vp": 2} in facts
    assert [f["cell"] for f in facts if f["t"] == "BuildingActivated"] == [[1, 1], [4, 1]]  # (1,1) free again
    assert goods(state, 0) == {"wood": 2, "sugar": 1} and on(state, 0, 4, 1) == "b1" and state.players[0].vp == 2


def navigation_position(coins: int) -> State:
    state = edit(white(start_ab(), 1), 0, cells={(2, 2): "road1", (2, 3): "road2"}, coins=coins,
                 personal_scholar="SCH_NAVIGATION")
    return put_governor(state, 0, 2, 1)


def test_sm_ex_63_navigation_chain() -> None:
    state, _ = act(navigation_position(2), 0, use("white", 1, 1, "column"))
    assert gov(state) == (2, 2) and state.players[0].vp == 1
    assert state.pending is not None and state.pending.kind == "navigate"
    state, _ = act(state, 0, {"type": "navigate", "pay": True})
    assert gov(state) == (2, 3) and state.players[0].vp == 3
    state, facts = act(state, 0, {"type": "navigate", "pay": True})
    assert gov(state) == (2, 4) and goods(state, 0) == {"wood": 3}
    assert state.pending is not None and state.pending.kind == "ship"  # a building ends the chain
    state, facts = act(state, 0, {"type": "ship", "source": None})
    assert goods(state, 0) == {"wood": 3, "sugar": 1} and on(state, 0, 4, 1) == "w1"
    assert state.players[0].coins == 0 and state.players[0].vp == 3


def test_sm_ex_63_navigation_needs_a_coin() -> None:
    state, _ = play(navigation_position(1), 0, use("white", 1, 1, "column"), {"type": "navigate", "pay": True})
    assert state.players[0].coins == 0
    reject(state, 0, {"type": "navigate", "pay": True}, "navigate.cannot_pay")
    state, facts = act(state, 0, {"type": "navigate", "pay": False})
    assert {"t": "Declined", "seat": 0, "decision": "navigate"} in facts and gov(state) == (2, 3)


def test_navigation_is_not_offered_without_the_scholar_or_before_a_blocked_cell() -> None:
    plain = edit(navigation_position(2), 0, personal_scholar=None)
    state, _ = act(plain, 0, use("white", 1, 1, "column"))
    assert state.pending is not None and state.pending.kind == "ship" and gov(state) == (2, 2)
    blocked = edit(navigation_position(2), 0, occupied={(2, 3): "$1"})
    state, _ = act(blocked, 0, use("white", 1, 1, "column"))
    assert state.pending is not None and state.pending.kind == "ship"


def test_the_governor_activates_an_improvement_and_navigation_goes_on_over_it() -> None:
    state = edit(navigation_position(2), 0, cells={(2, 2): "prod_vp2"}, improvements=(("IMP_INN", 2, 2),))
    state, facts = act(state, 0, use("white", 1, 1, "column"))
    assert {"t": "BuildingActivated", "seat": 0, "cell": [2, 2], "by": "governor"} in facts
    assert state.players[0].vp == 2  # the inn: a building without colonists
    assert state.pending is not None and state.pending.kind == "navigate"  # ... and a road


def test_sm_ex_67_soldier_specialist() -> None:
    state = start_ab(("B",), row={5: "SP_SOLDIER_1"})
    state = edit(white(state, 5), 0, conquistador=2, coins=1, personal_scholar="SCH_STRATEGY")
    state, facts = play(state, 0, use("white", 5, 5, "column"), {"type": "hire", "accept": True},
                        {"type": "religion_extra", "pay": None})
    p = state.players[0]
    assert p.coins == 0 and p.conquistador == 3 and p.good("gold") == 1 and p.religion == 1
    assert "conquistador_extra" not in [f.get("decision") for f in facts if f["t"] == "DecisionAsked"]
    assert on(state, 0, 4, 5) == "w5" and specialists.hired(p, "soldier") == 1


def test_sm_ex_68_a_specialist_you_cannot_pay() -> None:
    state = edit(white(start_ab(("B",), row={3: "SP_FARMER_1"}), 2), 0, coins=1, wood=0)
    state, _ = act(state, 0, use("white", 2, 3, "column"))
    reject(state, 0, {"type": "hire", "accept": True}, "hire.cannot_pay")
    state, facts = act(state, 0, {"type": "hire", "accept": False})
    assert {"t": "Declined", "seat": 0, "decision": "hire"} in facts
    assert state.players[0].coins == 0 and state.specialist_row is not None and state.specialist_row[2] == "SP_FARMER_1"
    assert state.players[0].conquistador == 1 and on(state, 0, 5, 3) == "w3"


def test_sm_ex_69_improvement_placement_with_the_governor() -> None:
    state = edit(white(start_ab(("A", "B"), row={4: "IMP_WORKSHOP_1"}), 4), 0, coins=3, wood=0)
    state, _ = act(state, 0, use("white", 4, 4, "column"))
    reject(state, 0, {"type": "hire", "accept": True, "cell": [1, 1]}, "hire.cell_occupied")
    state, facts = act(state, 0, {"type": "hire", "accept": True, "cell": [3, 2]})
    p = state.players[0]
    assert p.coins == 2 and at(state, 0, 3, 2) == "prod_wood+prod_grain" and p.types[index(3, 2)] == "production"
    assert p.improvements == (("IMP_WORKSHOP_1", 3, 2),) and specialists.counts_as_road(p, 3, 2)
    assert "ImprovementPlaced" in names(facts) and gov(state) == (1, 1)
    assert goods(state, 0) == {"wood": 1} and on(state, 0, 2, 4) == "w4"
    assert names(facts).index("ImprovementPlaced") < names(facts).index("BuildingActivated")


def test_hire_parameters_follow_the_specialist() -> None:
    prod = edit(white(start_ab(("B",), row={3: "SP_FARMER_1"}), 3), 0, coins=5)
    prod, _ = act(prod, 0, use("white", 3, 3, "column"))
    reject(prod, 0, {"type": "hire", "accept": True, "cell": [1, 2]}, "action.malformed")
    reject(prod, 0, {"type": "hire", "accept": False, "cell": [1, 2]}, "action.malformed")
    reject(prod, 0, {"type": "hire", "accept": "yes"}, "action.malformed")
    imp = edit(white(start_ab(("B",), row={3: "IMP_MINE"}), 3), 0, coins=5)
    imp, _ = act(imp, 0, use("white", 3, 3, "column"))
    reject(imp, 0, {"type": "hire", "accept": True}, "action.malformed")
    reject(imp, 0, {"type": "navigate", "pay": True}, "turn.wrong_decision")
    reject(start_ab(("B",)), 0, {"type": "hire", "accept": False}, "turn.no_decision_pending")


def test_hire_is_asked_only_for_a_white_die_with_a_specialist_at_its_value() -> None:
    state = edit(white(start_ab(("B",), row={3: "SP_FARMER_1"}), 2, 3), 0, blue=[("b1", 3)])
    after, _ = act(state, 0, use("blue", "b1", 3, "row"))
    assert after.pending is None or after.pending.kind != "hire"
    after, _ = act(state, 0, use("white", 2, 2, "column"))
    assert after.pending is None or after.pending.kind != "hire"


@pytest.mark.parametrize(("overflow", "grain", "coins"), [("coins", 3, 5 - 3 + 1), ("none", 3, 5 - 3)])
def test_a_specialists_goods_beyond_storage(overflow: str, grain: int, coins: int) -> None:
    state = start_ab(("B",), row={3: "SP_FARMER_3"}, specialist_overflow=overflow)
    state = edit(white(state, 3), 0, coins=5, grain=1, specialists=("SP_FARMER_1", "SP_FARMER_2"))
    state, facts = play(state, 0, use("white", 3, 3, "column"), {"type": "hire", "accept": True})
    assert state.players[0].good("grain") == grain and state.players[0].coins == coins  # paid 3 in full
    assert ("SpecialistGoodsLost" in names(facts)) == (overflow == "none")


def test_specialists_are_dealt_each_year_and_the_rest_boxed() -> None:
    facts = sm.setup({"expansion": True, "modules": ["B"], "colony_assignment": "random"}, 2, Rng("spec", "setup"))
    state = fold(sm, None, facts)
    order = next(f["order"] for f in facts if f["t"] == "SpecialistsShuffled")
    assert sorted(order) == sorted(specialists.TILES) and len(order) == 18
    assert state.specialist_row == tuple(order[:6]) and state.specialist_stack == tuple(order[6:])
    # every seat passes: the year ends, the six are boxed and six new ones dealt
    for _ in range(2):
        (seat,) = sm.to_act(state)
        space = min(a["space"] for a in sm.legal_actions(state, seat) if a["type"] == "pass")
        rng = Rng("spec", "play")
        state = fold(sm, state, new := sm.decide(state, seat, {"type": "pass", "space": space}, rng))
        while state.pending is not None:
            decline = next(a for a in sm.legal_actions(state, state.pending.seat) if a["type"] not in ("sell", "buy"))
            state = fold(sm, state, new := new + sm.decide(state, state.pending.seat, decline, rng))
    assert state.year == 2 and state.specialists_boxed == tuple(order[:6])
    assert state.specialist_row == tuple(order[6:12]) and state.specialist_stack == tuple(order[12:])


def test_hidden_specialist_stack_and_public_row() -> None:
    facts = sm.setup({"expansion": True, "modules": ["A", "B"], "colony_assignment": "random"}, 2, Rng("v", "setup"))
    state = fold(sm, None, facts)
    shuffled = next(f for f in facts if f["t"] == "SpecialistsShuffled")
    dealt = next(f for f in facts if f["t"] == "SpecialistsDealt")
    for viewer in (None, 0, 1):
        assert sm.redact(shuffled, viewer)["order"] == 18
        assert sm.redact(dealt, viewer) == dealt
        shown = sm.view(state, viewer)
        assert shown["specialists"]["stack"] == 12 and "hidden" not in shown
        assert shown["specialists"]["row"] == {str(v): s for v, s in enumerate(state.specialist_row or (), start=1)}
        assert [p["governor"] for p in shown["players"]] == [[1, 1], [1, 1]]
    assert sm.view(state, ALL)["hidden"]["specialist_stack"] == list(state.specialist_stack or ())
    assert sm.reveals(dealt) and not sm.reveals(shuffled)
    assert render(sm.describe(sm.redact(shuffled, 0), 0), ["Ann", "Bob"]) == "The 18 specialists are shuffled face down."


def test_a_base_game_has_no_governor_or_specialist_state() -> None:
    state = fold(sm, None, sm.setup({"colony_assignment": "random"}, 2, Rng("base", "setup")))
    assert state.modules is None and state.specialist_row is None
    assert all("G" not in p.occupant and p.specialists is None for p in state.players)
    assert "specialists" not in sm.view(state, 0) and "governor" not in sm.view(state, 0)["players"][0]


def test_every_fact_of_modules_a_and_b_reads_as_a_sentence() -> None:
    """Bot games with both modules: each fact, redacted for each viewer, is one plain sentence."""
    from domain.core.words import render

    from ..test_words import _IDENTIFIER

    kinds: set[str] = set()
    for seed in range(4):
        seats = 1 + seed
        options = {"expansion": True, "modules": ["A", "B"], "colony_assignment": "random"}
        facts = sm.setup(options, seats, Rng(f"words-ab-{seed}", "setup"))
        state = fold(sm, None, facts)
        rng = Rng(f"words-ab-{seed}", "bots")
        while sm.outcome(state) is None:
            (seat,) = sm.to_act(state)
            new = sm.decide(state, seat, sm.BOTS["greedy" if seat % 2 else "random"](state, seat, rng), rng)
            state = fold(sm, state, new)
            facts += new
        names = ["Ann", "Bob", "Cy", "Di"][:seats]
        for fact in facts:
            kinds.add(fact["t"])
            for viewer in (*range(seats), None, ALL):
                text = render(sm.describe(sm.redact(fact, viewer), viewer), names)
                assert text[0].isupper() and text.endswith(".") and "{" not in text and "None" not in text, text
                assert not _IDENTIFIER.search(text), text
    assert {"GovernorsPlaced", "GovernorMoved", "SpecialistsShuffled", "SpecialistsDealt", "SpecialistHired",
            "ImprovementPlaced", "SpecialistsDiscarded"} <= kinds
    for fact in ({"t": "GovernorBlocked", "seat": 0, "cell": [6, 6]},
                 {"t": "SpecialistGoodsLost", "seat": 1, "good": "grain", "units": 2},
                 {"t": "DecisionAsked", "seat": 0, "decision": "navigate", "cell": [2, 3], "then": []},
                 {"t": "Declined", "seat": 0, "decision": "hire"}):
        text = render(sm.describe(fact, 0), ["Ann", "Bob"])
        assert not _IDENTIFIER.search(text) and text.endswith("."), text


def test_the_governor_leaving_the_only_building_of_the_line_makes_the_die_legal() -> None:
    """§2.6 check 6 and A-07: the free building is judged after the governor's forced move."""
    state = put_governor(edit(start_ab(), 0, cells={(4, 5): ""}, blue=[("b1", 4)]), 0, 4, 1)
    state, facts = act(state, 0, use("blue", "b1", 4, "row"))
    assert gov(state) == (5, 1) and on(state, 0, 4, 1) == "b1" and goods(state, 0) == {"wood": 2, "sugar": 1}
    assert [f["cell"] for f in facts if f["t"] == "BuildingActivated"] == [[4, 1]]
    # with (5,1) holding coins it cannot move down: the die has nothing to activate
    blocked = edit(put_governor(edit(start_ab(), 0, cells={(4, 5): "", (5, 1): "prod_wood"}, occupied={(5, 1): "$1"},
                                    blue=[("b1", 4)]), 0, 4, 1), 0)
    reject(blocked, 0, use("blue", "b1", 4, "row"), "die.no_free_building")


def test_a_governor_entering_an_empty_cell_ends_the_navigation_chain() -> None:
    state = edit(navigation_position(2), 0, cells={(2, 3): ""})
    state, _ = play(state, 0, use("white", 1, 1, "column"), {"type": "navigate", "pay": True})
    assert gov(state) == (2, 3) and state.players[0].coins == 1
    assert state.pending is not None and state.pending.kind == "ship"  # empty: not a road


def test_the_governors_colonist_vp_are_hidden_from_the_others() -> None:
    state = edit(start_ab(), 0, cells={(1, 2): "road2"}, blue=[("b1", 1)], personal_scholar="SCH_PHILOSOPHY")
    _, facts = act(state, 0, use("blue", "b1", 1, "column"))
    gained = next(f for f in facts if f["t"] == "ColonistsScored")
    assert sm.redact(gained, 1)["vp"] is None and sm.redact(gained, None)["vp"] is None and sm.redact(gained, 0)["vp"] == 2


def test_an_improvement_may_cover_another_and_is_activated_with_coins() -> None:
    state = edit(white(start_ab(("B",), row={4: "IMP_MINE"}), 4), 0, coins=5, cells={(3, 2): "prod_vp2"},
                 improvements=(("IMP_INN", 3, 2),))
    state, _ = play(state, 0, use("white", 4, 4, "column"), {"type": "hire", "accept": True, "cell": [3, 2]})
    p = state.players[0]
    assert p.coins == 4 and at(state, 0, 3, 2) == "prod_gold" and p.improvements == (("IMP_INN", 3, 2), ("IMP_MINE", 3, 2))
    state = replace(state, current=0)
    state, facts = act(state, 0, {"type": "activate_building", "cell": [3, 2]})
    assert goods(state, 0)["gold"] == 1 and on(state, 0, 3, 2) == "$1"


def test_an_improvements_type_replaces_the_cells() -> None:
    state = edit(white(start_ab(("B",), row={2: "IMP_CHAPELFORT"}), 2), 0, coins=3)
    assert state.players[0].types[index(2, 4)] == "production"
    state, _ = play(state, 0, use("white", 2, 2, "column"), {"type": "hire", "accept": True, "cell": [2, 4]})
    assert state.players[0].types[index(2, 4)] == "religion" and at(state, 0, 2, 4) == "religion+conquistador"


def test_a_hidden_colonist_score_names_no_number() -> None:
    fact = {"t": "ColonistsScored", "seat": 0, "cell": [1, 2], "vp": 2}
    assert render(sm.describe(sm.redact(fact, 1), 1), ["Ann", "Bob"]) == "Ann's governor visits colonists: victory points (face down)."
    assert render(sm.describe(fact, 0), ["Ann", "Bob"]) == "Ann's governor visits the colonists on row 1, column 2: 2 victory points."
