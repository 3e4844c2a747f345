"""Santa Maria's board as the input (issue 29; tests/test_board_input.py asks every legal action
of hundreds of positions of it): its own button words tell every two actions of a list apart,
the two decisions the seeded positions never reach (a governor's navigation, an ambassador's
diagonal) are on the board too, what a cell lights up under the pointer is exactly what the
rules cover (a tile's footprint, a die's line), and every piece that stands for a move says what
it does (its rules help, on itself or around it)."""

from __future__ import annotations

import json
from typing import Any

from domain.core import registry
from domain.santa_maria.colony import footprint, line_cells
from domain.santa_maria.components import C
from service.web import boards
from tests.boardclicks import ATTR, TAG, VOID, key, marks, positions, reachable
from tests.test_board_input import board_of

from .helpers import act, use
from .test_examples_ab import navigation_position
from .test_examples_ambassadors import P1, P2, amb, start_c, with_scholar

SM = registry.get("santa-maria")


def cells_with(board: str, seat: int) -> dict[tuple[int, int], list[dict[str, Any]]]:
    """Each cell of seat's colony and its data-preview (the cells are drawn row by row)."""
    found = [m for m in TAG.finditer(board) if 'class="sm-cell"' in m.group(3)]
    start = board.index(f'data-seat="{seat}" aria-labelledby')
    mine = [m for m in found if m.start() > start][:36]
    out = {}
    for n, m in enumerate(mine):
        attrs = {a.group(1): a.group(2) for a in ATTR.finditer(m.group(3)) if a.group(2)}
        out[n // 6 + 1, n % 6 + 1] = json.loads(attrs["data-preview"].strip("'")) if "data-preview" in attrs else []
    return out


def lit(cells: dict[tuple[int, int], list[dict[str, Any]]], action: dict[str, Any], fields: tuple[str, ...]) -> set[tuple[int, int]]:
    """The cells board.js lights while the pointer is on an element naming `fields` that leads to `action`."""
    return {cell for cell, parts in cells.items()
            if any(any(k in fields for k in p) and all(action.get(k) == v for k, v in p.items()) for p in parts)}


def test_santa_marias_own_words_tell_every_two_actions_of_a_list_apart() -> None:
    """Without the platform's last resort: the die, its colour (an ambassador die too), the way a tile lies say themselves."""
    for state, seat, options in positions("santa-maria", 300, seed="labels"):
        labels = [boards.action_label(SM, a) for a in SM.legal_actions(state, seat)]
        assert len(set(labels)) == len(labels), (options, labels)


def test_a_governors_navigation_and_an_ambassadors_diagonal_are_answered_on_the_board(app: Any) -> None:
    state, _ = act(navigation_position(2), 0, use("white", 1, 1, "column"))
    passive, _ = act(with_scholar(start_c(2, blue=6), P2, "SCH_ARCHERY"), P1, amb("blue", 6, "row"))
    with app.test_request_context():
        for position, seat, kind in ((state, 0, "navigate"), (passive, P2, "ambassador_line")):
            legal = SM.legal_actions(position, seat)
            assert {a["type"] for a in legal} >= {kind} and len([a for a in legal if a["type"] == kind]) == 2
            assert reachable(marks(board_of(SM, "santa-maria", position, seat)), legal, seat) == {key(a) for a in legal}


def test_what_lights_under_the_pointer_is_what_the_rules_cover(app: Any) -> None:
    placed = lines = 0
    with app.test_request_context():
        for state, seat, _ in positions("santa-maria", 150):
            legal = SM.legal_actions(state, seat)
            if not any(a["type"] in ("place_tile", "place_town_hall", "use_die") for a in legal):
                continue
            cells = cells_with(board_of(SM, "santa-maria", state, seat), seat)
            for a in legal:
                if a["type"] in ("place_tile", "place_town_hall"):
                    tile = state.pending.tile if a["type"] == "place_tile" else state.hall
                    assert lit(cells, a, ("anchor",)) == set(footprint(C.tiles[tile], tuple(a["anchor"]), a["rotation"])), a
                    placed += 1
                elif a["type"] == "use_die":
                    kind = "diagonal_blue" if a["line"] == "diagonal" and a["die"]["kind"] != "white" else a["line"]
                    assert lit(cells, a, ("line", "value")) == set(line_cells(kind, a["value"])), a
                    lines += 1
    assert placed and lines


def test_every_piece_that_stands_for_a_move_has_rules_help(app: Any) -> None:
    """An element a seat may click says what it is on hover or tap: its own title or one around it
    (a control's words say what it does)."""
    helpless: list[str] = []
    with app.test_request_context():
        for state, seat, options in positions("santa-maria", 120, seed="help"):
            stack: list[tuple[str, bool]] = []
            for m in TAG.finditer(board_of(SM, "santa-maria", state, seat)):
                closing, tag, rest = m.group(1), m.group(2).lower(), m.group(3)
                if closing:
                    while stack and stack.pop()[0] != tag:
                        pass
                    continue
                helped = (bool(stack) and stack[-1][1]) or ' title="' in rest
                if ("data-action" in rest or "data-part" in rest) and "data-control" not in rest and not helped:
                    helpless.append(f"{options}: <{tag}{rest[:100]}")
                if tag not in VOID:
                    stack.append((tag, helped))
    assert helpless == []
