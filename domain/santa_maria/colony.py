"""The colony grid (rules page §1.3, §1.4): placing tiles, lines of a die, free buildings,
fully developed lines and colonists."""

from __future__ import annotations

import functools
from collections.abc import Iterator

from domain.core.commands import Why

from .components import C, Tile
from .i18n import _
from .state import SIZE, Player, cell_of, index, put

ROTATIONS = (0, 90, 180, 270)


def rotate(dr: int, dc: int, rotation: int) -> tuple[int, int]:
    """Local (dr, dc) turned clockwise (§1.4): R90 = (dc, -dr), R180 = (-dr, -dc), R270 = (-dc, dr)."""
    if rotation == 90:
        return dc, -dr
    if rotation == 180:
        return -dr, -dc
    if rotation == 270:
        return -dc, dr
    return dr, dc


def footprint(tile: Tile, anchor: tuple[int, int], rotation: int) -> list[tuple[int, int]]:
    r, c = anchor
    return [(r + dr, c + dc) for dr, dc in (rotate(a, b, rotation) for a, b in tile.shape)]


def inside(r: int, c: int) -> bool:
    return 1 <= r <= SIZE and 1 <= c <= SIZE


def why_not_place(player: Player, tile: Tile, anchor: tuple[int, int], rotation: int, area: str = "expand") -> Why:
    """Every target cell inside the grid, then every one empty (§2.4 checks 2-3, §7.1)."""
    cells = footprint(tile, anchor, rotation)
    if not all(inside(r, c) for r, c in cells):
        return (f"{area}.out_of_bounds", _("The tile must lie wholly inside your colony."))
    if any(_built(player)[index(r, c)] for r, c in cells):
        return (f"{area}.cell_occupied", _("A tile can only go on empty cells, not on buildings, roads or other tiles."))
    return None


def placements(player: Player, tile: Tile, area: str = "expand") -> Iterator[tuple[tuple[int, int], int]]:
    yield from _placements(_built(player), tile.shape)


def _built(player: Player) -> tuple[str, ...]:
    """The grid with the governor's cell taken: nothing is placed under it (module A, §8.2)."""
    return player.grid if "G" not in player.occupant else put(player.grid, player.occupant.index("G"), "G")


def fits(player: Player, tile: Tile) -> bool:
    """The tile has a placement (`placements` is not empty), asked placement by placement until one fits."""
    taken = _taken(_built(player))
    return any(not cells & taken for _placement, cells in _footprints(tile.shape))


@functools.lru_cache(maxsize=4096)  # a pure function of the grid (plain data) and the tile's shape
def _placements(grid: tuple[str, ...], shape: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, int], int], ...]:
    """Every (anchor, rotation) whose footprint lies on empty cells of the colony (a cell outside
    it is not one of them), anchors row by row, rotations in order."""
    taken = _taken(grid)
    return tuple(placement for placement, cells in _footprints(shape) if not cells & taken)


@functools.lru_cache(maxsize=4096)  # a pure function of the grid (plain data)
def _taken(grid: tuple[str, ...]) -> int:
    """The cells that are not empty, as bits (bit i: the cell of index i)."""
    return sum(1 << i for i, code in enumerate(grid) if code)


@functools.lru_cache(maxsize=64)  # a pure function of a tile's shape
def _footprints(shape: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[tuple[int, int], int], int], ...]:
    """Every (anchor, rotation) whose footprint lies inside the colony, anchors row by row,
    rotations in order, each with its footprint as bits."""
    turned = [(rotation, [rotate(a, b, rotation) for a, b in shape]) for rotation in ROTATIONS]
    out = []
    for r in range(1, SIZE + 1):
        for c in range(1, SIZE + 1):
            for rotation, offsets in turned:
                cells = [(r + dr, c + dc) for dr, dc in offsets]
                if all(inside(*cell) for cell in cells):
                    out.append((((r, c), rotation), sum(1 << index(*cell) for cell in cells)))
    return tuple(out)


def line_cells(kind: str, value: int) -> list[tuple[int, int]]:
    """A line in activation order (§2.6): a column top to bottom, a row left to right; Archery's
    diagonal (DEFINED HERE): 1 = (1,1)..(6,6), 6 = (1,6)..(6,1) for a white die, (6,1)..(1,6) for a blue one."""
    return list(LINES[kind, value])


def _line(kind: str, value: int) -> tuple[tuple[int, int], ...]:
    if kind.startswith("diagonal"):
        cells = tuple((k, k if value == 1 else SIZE + 1 - k) for k in range(1, SIZE + 1))
        return cells[::-1] if kind == "diagonal_blue" and value != 1 else cells
    if kind == "column":
        return tuple((r, value) for r in range(1, SIZE + 1))
    return tuple((value, c) for c in range(1, SIZE + 1))


# every line of every kind and value, made once: a die's listing asks for them by the dozen
LINES = {(kind, value): _line(kind, value) for kind in ("row", "column", "diagonal", "diagonal_blue") for value in range(1, SIZE + 1)}
_INDEXED = {key: tuple((cell, index(*cell)) for cell in cells) for key, cells in LINES.items()}
_CELLS = tuple(cell_of(i) for i in range(SIZE * SIZE))
LINE_MASKS = {key: sum(1 << i for _cell, i in cells) for key, cells in _INDEXED.items()}  # a line's cells as bits
THROUGH = {cell: tuple(key for key, cells in LINES.items() if cell in cells) for cell in _CELLS}  # the lines through a cell


def free_cells(player: Player) -> list[tuple[int, int]]:
    """Every free building of the colony, row by row."""
    bits = free_mask(player)
    return [cell for i, cell in enumerate(_CELLS) if bits >> i & 1]


def free_buildings(player: Player, kind: str, value: int) -> list[tuple[int, int]]:
    """The line's buildings with nothing on them, in activation order."""
    grid, occupant = player.grid, player.occupant
    return [cell for cell, i in _INDEXED[kind, value] if C.is_building(grid[i]) and not occupant[i]]


def free_mask(player: Player) -> int:
    """The colony's free buildings as bits (bit i: the cell of index i; lines as bits: LINE_MASKS)."""
    return free_mask_of(player.grid, player.occupant)


@functools.lru_cache(maxsize=4096)  # a pure function of the grid and what lies on it (plain data)
def free_mask_of(grid: tuple[str, ...], occupant: tuple[str, ...]) -> int:
    """The free buildings of a colony built as `grid` with `occupant` on its cells, as bits."""
    return _buildings(grid) & ~sum(1 << i for i, on in enumerate(occupant) if on)


@functools.lru_cache(maxsize=4096)  # a pure function of the grid (plain data)
def _buildings(grid: tuple[str, ...]) -> int:
    return sum(1 << i for i, code in enumerate(grid) if C.is_building(code))


def line_colonists(player: Player, kind: str, value: int) -> int:
    return sum(C.colonists(player.grid[index(r, c)]) for r, c in line_cells(kind, value))


def developed_lines(player: Player) -> list[tuple[str, int]]:
    """Every fully developed row and column (§6 step 2): all 6 cells built or road."""
    return [(kind, v) for kind in ("row", "column") for v in range(1, SIZE + 1)
            if all(player.grid[index(r, c)] for r, c in line_cells(kind, v))]


def colonists_total(player: Player) -> int:
    return sum(C.colonists(code) for code in player.grid)


def empty_cells(player: Player) -> list[tuple[int, int]]:
    grid = _built(player)
    return [(r, c) for r in range(1, SIZE + 1) for c in range(1, SIZE + 1) if not grid[index(r, c)]]
