"""What the web board marks besides the pieces of the view (board.html; docs/web.md "The board is
the input"): the controls of a pending decision whose answers are choices rather than places on
the board (how to pay, whether to take an extra step, which way a tile lies), the cells a click
would cover (`data-preview`: a tile's footprint, a die's line), the payments a ship's or a
tile's cost allows, and each piece's rules help in a sentence, from the component data
(components.json's "help" block and the pieces' own data).

Only the view and printed data: a control may stand for an answer that is not legal now (the
page's script offers the viewer only its legal actions) but never shows what the view hides.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from .colony import ROTATIONS, footprint
from .components import DATA_FILE, SIZE, C
from .goods import payments
from .i18n import N_, _, colony, goods_plus
from .maya import board as maya_board

HELP: dict[str, str] = {k: v for k, v in json.loads(DATA_FILE.read_text(encoding="utf-8"))["help"].items() if k != "_about"}
ROTATION = {0: N_("as printed"), 90: N_("¼ turn right"), 180: N_("upside down"), 270: N_("¼ turn left")}
Chip = dict[str, Any]  # fields, whole (an action, else a part of one), words (None: the action's button words), help


def _chip(fields: dict[str, Any], words: str | None = None, whole: bool = True, help: str = "") -> Chip:  # noqa: A002
    return {"fields": fields, "whole": whole, "words": words, "help": help}


def amounts(what: Any) -> str:
    """{"wood": 2, "grain": 1} -> "2 wood + 1 grain"; {"coins": 1} -> "1 coin", {"vp": 2} -> "2 VP"."""
    return goods_plus(what)


def rotation(degrees: Any) -> str:
    """How a tile lies, in words: "¼ turn right"."""
    said = ROTATION.get(degrees)
    return _(said) if said is not None else str(degrees)


def tile_payments(tile: str) -> list[dict[str, int]]:
    """Every payment of a development tile's cost, and of the cost less 1 wood (Architecture, §1.6)."""
    cost = C.tile_cost.get(C.tiles[tile].kind, {}) if tile in C.tiles else {}
    out = list(payments(cost))
    if cost.get("wood"):
        less = {**cost, "wood": cost["wood"] - 1}
        out += [p for p in payments({g: n for g, n in less.items() if n}) if p not in out]
    return out


def ship_payments(tile: str | None) -> list[dict[str, int]]:
    return list(payments(C.ship_cost[tile])) if tile is not None and tile in C.ship_cost else []


def _placing(view: dict[str, Any]) -> tuple[int, str] | None:
    """The seat placing a tile now and the tile (a development tile, or a town hall, §7.1)."""
    pending = view.get("pending") or {}
    if pending.get("decision") == "place_tile" and pending.get("tile"):
        return int(pending["seat"]), str(pending["tile"])
    hall = view.get("town_hall_placing")
    return (int(hall["seat"]), str(hall["town_hall"])) if hall else None


def placing_words(tile_id: str, cell: Any) -> list[tuple[int, str]]:
    """Each rotation in words, cell by cell from the first (the anchor, §1.4)."""
    tile = C.tiles.get(tile_id)
    if tile is None:
        return []
    out = []
    for turn in ROTATION:
        cells = footprint(tile, (0, 0), turn)
        said = "; ".join(_("{cell} {where}", cell=cell(code), where=_where(dr, dc)) for (dr, dc), code in zip(cells, tile.cells, strict=True))
        out.append((turn, _("{rotation}: {cells}.", rotation=rotation(turn).capitalize(), cells=said)))
    return out


_WHERE = {(0, 0): N_("on the cell you click"), (0, 1): N_("to its right"), (0, -1): N_("to its left"), (1, 0): N_("below it"),
          (-1, 0): N_("above it")}


def _where(dr: int, dc: int) -> str:
    said = _WHERE.get((dr, dc))
    return _(said) if said is not None else _("{rows} rows, {columns} columns away", rows=f"{dr:+d}", columns=f"{dc:+d}")


def chips(view: dict[str, Any], cell: Any) -> list[Chip]:  # noqa: C901, PLR0912 - one branch per decision
    """The controls of the pending decision (and of placing a town hall), for the pinned panel."""
    pending = view.get("pending") or {}
    kind = pending.get("decision")
    out: list[Chip] = []
    placing = _placing(view)
    if placing is not None:
        out += [_chip({"rotation": r}, rotation(r), whole=False, help=words) for r, words in placing_words(placing[1], cell)]
    if kind in ("place_tile", "expand_pay"):
        out.append(_chip({"type": "expand_cancel"}, _("Cancel the expansion")))
    if kind == "expand_pay":
        out += [_chip({"type": "expand_pay", "pay": p}, _("Pay {what}", what=amounts(p))) for p in tile_payments(str(pending.get("tile")))]
    elif kind == "trade":
        options = C.effects.get(str(pending.get("effect")), {}).get("options", [])
        out.append(_chip({"type": "trade", "option": None}, _("Do not trade")))
        out += [_chip({"type": "trade", "option": i, "pay": p}, _("Pay {what}, gain {gain}", what=amounts(p), gain=amounts(o["gain"])))
                for i, o in enumerate(options) for p in payments(o["pay"])]
    elif kind == "religion_extra":
        out += [_chip({"type": "religion_extra", "pay": p}) for p in (None, "grain", "gold", "coins")]
    elif kind == "conquistador_extra":
        out += [_chip({"type": "conquistador_extra", "pay": p}) for p in (None, "coins")]
    elif kind in ("place_monk", "ship", "road_tile", "meditation_extra"):  # the places are on the board
        field = {"place_monk": "place", "ship": "source", "road_tile": "cell", "meditation_extra": "space"}[kind]
        out.append(_chip({"type": kind, field: None}))
    elif kind == "hire":
        out += [_chip({"type": "hire", "accept": False}), _chip({"type": "hire", "accept": True}, _("Hire the specialist"), whole=False)]
    elif kind == "navigate":
        out += [_chip({"type": "navigate", "pay": p}) for p in (False, True)]
    elif kind == "ambassador_line":
        out += [_chip({"type": "ambassador_line", "line": line}) for line in ("row", "column", "diagonal")]
    elif view.get("phase") == "draft_colony":
        out += [_chip({"type": "choose_colony", "board": b}, help=_colony_help(b, cell)) for b in C.boards]
    return out + maya_board.chips(view)


def _colony_help(board: str, cell: Any) -> str:
    built = [cell(code) for code in C.grids.get(board, ()) if code and code not in C.roads]
    return _("{colony}, side A: {cells}.", colony=colony(board).capitalize(), cells=", ".join(built)).replace(chr(173), "")


def _lines(r: int, c: int) -> list[dict[str, Any]]:
    """The lines a cell lies on, as the parts of a die's use name them (Archery's diagonals, §1.6)."""
    out: list[dict[str, Any]] = [{"line": "column", "value": c}, {"line": "row", "value": r}]
    if r == c:
        out.append({"line": "diagonal", "value": 1})
    if r + c == SIZE + 1:
        out.append({"line": "diagonal", "value": 6})
    return out


def previews(view: dict[str, Any]) -> dict[int, list[list[list[dict[str, Any]]]]]:
    """For the colonies of the seats to act, each cell's `data-preview`: the lines it lies on and
    the placements of the tile being placed that cover it (only on empty cells, none under the
    governor: §2.4, §8.2)."""
    players = {p["seat"]: p for p in view.get("players", []) if p.get("board")}
    out = {s: [[_lines(r, c) for c in range(1, SIZE + 1)] for r in range(1, SIZE + 1)] for s in view.get("to_act", []) if s in players}
    placing = _placing(view)
    if placing is not None and placing[0] in players and placing[1] in C.tiles:
        seat, tile = placing
        grid = out.setdefault(seat, [[[] for _c in range(SIZE)] for _r in range(SIZE)])
        for anchor, rotation in _placements(players[seat]["colony"], tile):
            for r, c in footprint(C.tiles[tile], anchor, rotation):
                grid[r - 1][c - 1].append({"anchor": list(anchor), "rotation": rotation})
    return out


def _placements(colony: list[list[dict[str, Any]]], tile: str) -> Iterator[tuple[tuple[int, int], int]]:
    empty = {(r, c) for r, row in enumerate(colony, start=1) for c, cell in enumerate(row, start=1)
             if not cell["content"] and cell.get("occupant") != "G"}
    for r, c in sorted(empty):
        for rotation in ROTATIONS:
            if all(cell in empty for cell in footprint(C.tiles[tile], (r, c), rotation)):
                yield (r, c), rotation


def cell_help(cell: dict[str, Any], words: str) -> str:
    """A colony cell's rules help: what it holds and what activating it does."""
    if not cell.get("content"):
        return _(HELP["empty"])
    if cell["content"] in C.roads:
        return _("{words}. {help}", words=words.capitalize(), help=_(HELP["road"]))
    help_ = HELP.get(str(cell.get("type")))
    said = words.replace(chr(173), "").capitalize()
    return _("{words}. {help}", words=said, help=_(help_)) if help_ else _("{words}.", words=said)
