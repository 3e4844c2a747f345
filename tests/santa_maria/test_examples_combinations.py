"""American Kingdoms parts together (rules page §8.5; §2.6 with the expansion): the die-use order
set value (core) -> hire (B) -> governor (A) -> line -> passive activations (C), the diagonal
of an ambassador die by its colour (core + C), and a passive diagonal moving a governor (A + C +
Archery). Seats: P1 = seat 0, P2 = seat 1."""

from __future__ import annotations

from typing import Any

import pytest

from domain.santa_maria.state import replace

from .helpers import act, edit, names, on
from .test_examples_ambassadors import activated, amb, start_c, with_scholar

P1, P2 = 0, 1
ANTI_DIAGONAL = [(1, 6), (2, 5), (3, 4), (4, 3), (5, 2), (6, 1)]


def of(facts: list[dict[str, Any]], seat: int, *kinds: str) -> list[dict[str, Any]]:
    return [f for f in facts if f["t"] in kinds and f.get("seat") == seat]


@pytest.mark.parametrize(("color", "order", "last"), [
    ("white", ANTI_DIAGONAL, (6, 1)),
    ("blue", ANTI_DIAGONAL[::-1], (1, 6)),
])
def test_an_ambassador_die_on_archery_s_diagonal_runs_by_its_own_colour(color: str, order: list[tuple[int, int]],
                                                                          last: tuple[int, int]) -> None:
    """§1.6 Archery with §8.4: the taker's ambassador die activates diagonal 6 in the order of a die
    of its colour — white (1,6)...(6,1), blue (6,1)...(1,6) — and ends on the last building."""
    state = start_c(2, white=6, blue=6)
    cells = {cell: ("prod_wood" if k % 2 else "prod_grain") for k, cell in enumerate(ANTI_DIAGONAL)}
    state = with_scholar(edit(state, P1, cells=cells, coins=1), P1, "SCH_ARCHERY")
    state, facts = act(state, P1, amb(color, 6, "diagonal"))
    mine = facts[: names(facts).index("PassiveActivationStarted")]
    assert activated(mine, P1) == [list(c) for c in order]
    assert on(state, P1, *last) == f"a{color[0]}6"
    assert [f["coins"] for f in of(mine, P1, "CoinsPaid") if f["for"] == "diagonal"] == [1]
    assert next(f for f in facts if f["t"] == "PassiveActivationStarted")["line"] == ("column" if color == "white" else "row")


def test_a_b_c_hire_then_governor_then_line_then_the_passive_player() -> None:
    """§2.6 with §8.2-§8.5: the taker of the white ambassador die is asked to hire first (B); then
    the taker's governor moves (A) before the column is activated; then the passive player's
    governor moves (A + C) before their column, and they are not asked to hire (B + C)."""
    state = start_c(2, white=4, modules=["A", "B", "C"])
    state = replace(state, specialist_row=("SP_FARMER_1", "SP_FARMER_2", "SP_FARMER_3", "SP_FORESTER_1",
                                           "SP_FORESTER_2", "SP_FORESTER_3"), specialist_stack=(), specialists_boxed=())
    state = edit(edit(state, P1, occupied={(1, 4): "G"}, coins=5), P2, occupied={(5, 4): "G"}, coins=5)
    state, facts = act(state, P1, amb("white", 4, "column"))
    assert names(facts) == ["AmbassadorTaken", "DecisionAsked"] and state.pending is not None
    assert (state.pending.kind, state.pending.seat) == ("hire", P1)
    state, facts = act(state, P1, {"type": "hire", "accept": False})
    order = [(f["t"], f.get("seat")) for f in facts if f["t"] in ("GovernorMoved", "BuildingActivated",
                                                                  "PassiveActivationStarted", "DecisionAsked")]
    assert order == [("GovernorMoved", P1), ("BuildingActivated", P1), ("PassiveActivationStarted", P2),
                     ("GovernorMoved", P2), ("BuildingActivated", P2)]
    assert [f["to"] for f in of(facts, P1, "GovernorMoved") + of(facts, P2, "GovernorMoved")] == [[1, 5], [5, 5]]
    assert on(state, P1, 2, 4) == "aw4" and on(state, P2, 6, 4) == ""  # the passive player leaves no die
    assert facts[-1] == {"t": "TurnStarted", "seat": P2}


def test_a_passive_holder_of_archery_takes_the_diagonal_and_its_governor_moves_on_it() -> None:
    """§8.4 and §8.5 (A + C, A + Archery): P2, holding Archery, answers `ambassador_line` with the
    diagonal for 1 coin; its governor stands on that diagonal and moves right (a white die), into
    the building on (2,6), which it activates; the diagonal itself then holds no building."""
    state = start_c(2, white=6, modules=["A", "C"])
    state = edit(state, P1, occupied={(1, 1): "G"}, cells={(3, 6): "prod_wood"})
    state = with_scholar(edit(state, P2, occupied={(2, 5): "G"}, coins=1), P2, "SCH_ARCHERY")
    state, facts = act(state, P1, amb("white", 6, "column"))
    assert state.pending is not None and (state.pending.kind, state.pending.seat) == ("ambassador_line", P2)
    state, facts = act(state, P2, {"type": "ambassador_line", "line": "diagonal"})
    assert [f["to"] for f in of(facts, P2, "GovernorMoved")] == [[2, 6]]
    assert [(f["cell"], f.get("by")) for f in of(facts, P2, "BuildingActivated")] == [([2, 6], "governor")]
    assert state.players[P2].coins == 0 and on(state, P2, 2, 6) == "G"
