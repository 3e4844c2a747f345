"""The main actions A and C a seat may take now (rules page §2.4, §2.6), listed in one pass: what
the checks of `actions.why_not_expand` and `actions.why_not_die` read is asked once per listing
(a tile's kind and shape, a die's colour and value), not once per listed action; the refusals'
sentences are never made. tests/santa_maria/test_legal_digest.py holds the lists to the ones the
checks gave one action at a time."""

from __future__ import annotations

import functools
from typing import Any

from domain.core import Action

from . import ambassadors, colony, governor, kingdoms
from .actions import (
    LINE_FEE,
    can_pay,
    change_cost,
    die_face,
    die_lines,
    expand_cost,
    why_not_take_die,
)
from .components import C
from .maya import hooks as maya
from .scholars import has_scholar
from .state import State


def expand_actions(state: State, seat: int) -> list[Action]:
    """Every tile of the display `why_not_expand` accepts, in display order: a tile's price depends
    on its kind only and its fit on its shape only, so each is asked once (the price first, it is cheap)."""
    if maya.colonist_only(state, seat) is not None:
        return []
    payable: dict[str, bool] = {}
    fits: dict[tuple[tuple[int, int], ...], bool] = {}
    out: list[Action] = []
    for t in state.display:
        tile = C.tiles[t]
        if tile.kind not in payable:
            payable[tile.kind] = can_pay(state, seat, expand_cost(state, seat, t))
        if payable[tile.kind]:
            if tile.shape not in fits:
                fits[tile.shape] = colony.fits(state.players[seat], tile)
            if fits[tile.shape]:
                out.append({"type": "expand", "tile": t})
    return out


def die_actions(state: State, seat: int) -> list[Action]:
    """Every use of a die the checks of `why_not_die` accept, in the order die, value, adjust, line.
    Checks 1-2 are asked per die (for the pool dice, of one face: the others are in the pool too and
    the limit is the seat's); checks 4 and 6 (the line) read the die's colour only: they are asked
    once per colour and value; check 5 (the price) is the coins against `die_cost` once a cocoa
    or gold adjustment is held for."""
    p = state.players[seat]
    dice = _pool_dice(state, seat, "white", state.white_pool) + [{"kind": "blue", "id": b.id} for b in p.blue]
    dice += _pool_dice(state, seat, "pool_blue", state.blue_pool) + ambassadors.available(state)  # module C (§8.4)
    dice = [d for d in dice if d["kind"] not in ("blue", "ambassador") or why_not_take_die(state, seat, d) is None]
    if not dice:
        return []
    expansion = bool(state.expansion)
    adjusts: tuple[str, ...] = kingdoms.ADJUSTS[1:] if expansion else ("coins",)
    if expansion:  # check 5's cocoa token or gold (kingdoms.why_not_adjust_paid)
        adjusts = tuple(a for a in adjusts if kingdoms.holds_adjust(p, a))
    mathematics = has_scholar(state, seat, "SCH_MATHEMATICS")
    colours = [kingdoms.colour(d) for d in dice]
    lines = _open_lines(state, seat, set(colours), kingdoms.LINES if expansion else ("column", "row"))
    out: list[Action] = []
    for d, colour in zip(dice, colours, strict=True):
        face = die_face(p, d, state)
        assert face is not None
        for value, open_ in lines[colour]:
            for adjust in ("none",) if value == face else adjusts:  # check 3: "none" keeps the value
                left = p.coins - change_cost(face, value, adjust, mathematics)  # check 5: die_cost by line
                for line in open_:
                    if left >= LINE_FEE[line]:
                        out.append({"type": "use_die", "die": d, "value": value, "adjust": adjust, "line": line})
    return out


def _pool_dice(state: State, seat: int, kind: str, pool: tuple[int, ...]) -> list[dict[str, Any]]:
    """The pool's faces (sorted, once each) as dice of that kind, when the seat may take one of them."""
    dice = [{"kind": kind, "face": f} for f in sorted(set(pool))]
    return dice if dice and why_not_take_die(state, seat, dice[0]) is None else []


def _open_lines(state: State, seat: int, colours: set[str], lines: tuple[str, ...]) -> dict[str, tuple[tuple[int, tuple[str, ...]], ...]]:
    """Per die colour, each value with the lines a die of that colour and value may activate
    (checks 4 and 6), the values without any left out. A line's free buildings are the colony's
    (as bits), but where the governor stands in the line (module A), after its forced move."""
    p = state.players[seat]
    free = colony.free_mask(p)
    philosophy = has_scholar(state, seat, "SCH_PHILOSOPHY")
    diagonal = tuple(kingdoms.diagonal_allowed(state, seat, value) for value in (1, 2, 6))  # (the values 2-5 share their lines)
    governor_at = governor.cell(p) if governor.in_play(state) else None
    through = [(line, value) for line, value in colony.THROUGH[governor_at] if line in lines] if governor_at else []
    after: dict[tuple[int, int], int] = {}  # the free buildings after the governor's move, by its direction
    out = {}
    for colour in colours:
        moved = []
        for line, value in through:  # (the governor stands in each: where it goes depends on the direction only)
            d = governor.direction(colour, line)
            if d not in after:
                after[d] = colony.free_mask_of(p.grid, governor.occupant_after_forced_move(state, seat, colour, line, value))
            moved.append((line, value, bool(after[d] & colony.LINE_MASKS[kingdoms.kind_of(line, colour), value])))
        out[colour] = _open_values(free, colour, lines, philosophy, diagonal, tuple(moved))
    return out


@functools.lru_cache(maxsize=4096)  # a pure function of plain data
def _open_values(free: int, colour: str, lines: tuple[str, ...], philosophy: bool, diagonal: tuple[bool, bool, bool],
                 moved: tuple[tuple[str, int, bool], ...]) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """Each value 1-6 with the lines of `lines` a die of that colour may activate (`die_lines`;
    `diagonal` for the values 1, 2-5 and 6) that hold a free building (`free`, bits of the colony's
    cells; a line the governor moves in: as `moved` says), the values without any left out."""
    after = {(line, value): found for line, value, found in moved}
    allowed = [die_lines(colour, philosophy, on) for on in diagonal]
    kinds = [(line, kingdoms.kind_of(line, colour)) for line in lines]
    out = []
    for value in range(1, 7):
        allowing = allowed[0 if value == 1 else 2 if value == 6 else 1]
        open_ = []
        for line, kind in kinds:
            if line in allowing and after.get((line, value), bool(free & colony.LINE_MASKS[kind, value])):
                open_.append(line)
        if open_:
            out.append((value, tuple(open_)))
    return tuple(out)
