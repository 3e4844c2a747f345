"""Navegador's game state: immutable plain data (frozen dataclasses, tuples, frozensets).

Per-region values are tuples in map order (`C.regions`), per-good values in market order
(`C.goods`: sugar, gold, spice), per-line values in board order (`C.buildings`), per-kind values
in column order (`C.kinds`). Seats are the platform's seat numbers; turn order runs clockwise
from the first player: seat `first`, `first + 1`, ... (mod N). The right neighbour of a seat is
the seat before it (rules page §0.2).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .components import C


class Step(enum.Enum):
    """Where the turn stands (rules page §2.1)."""

    TURN_START = "turn_start"
    NAVEGADOR_SAILING = "navegador_sailing"
    AFTER_NAVEGADOR = "after_navegador"
    ACTION = "action"
    KINGS_PRIVILEGE = "kings_privilege"
    GAME_OVER = "game_over"


@dataclass(frozen=True)
class Player:
    money: int
    workers: int  # the Lisboa track, 2..9
    ships: tuple[int, ...]  # own ships per region (on the board)
    supply: int  # own ships not on the board; ships + supply = 7 always
    stone: int | None  # rondel space index; None while in the centre
    colonies: tuple[str, ...]  # colony tile ids, in the order founded
    factories: tuple[int, ...]  # per good, not counting the orange starting factory
    shipyards: int
    churches: int
    explorers: tuple[str, ...]  # region ids of the explorer discs taken
    privileges: tuple[int, ...]  # ordinary privileges per kind (column)
    kings: str | None = None  # column of the king's privilege once placed, "none" if no free cell

    @property
    def ships_on_board(self) -> int:
        return sum(self.ships)

    def colonies_of(self, good: str) -> int:
        return sum(1 for t in self.colonies if C.tile_good[t] == good)

    def items(self, kind: str) -> int:
        """How many items of a player-board column he owns (rules page §1.6)."""
        if kind == "colony":
            return len(self.colonies)
        if kind == "factory":
            return 1 + sum(self.factories)  # the orange factory counts (§8.35)
        if kind == "explorer":
            return len(self.explorers)
        if kind == "shipyard":
            return self.shipyards
        return self.churches


# -- per-action scratch ("action context") ------------------------------------------------------


@dataclass(frozen=True)
class Sailing:
    """One sailing action (§2.6): the rondel's Sailing space or the Navegador card."""

    navegador: bool
    explored_at_start: frozenset[str]  # E0
    unmoved: tuple[int, ...]  # per region: ships that may still move in this action
    sail_range: int
    explored_now: str | None = None
    pending_phase: int | None = None


@dataclass(frozen=True)
class Founding:
    """The Colony action (§2.7)."""

    founded_in: tuple[int, ...]  # per region
    founded_total: int = 0


@dataclass(frozen=True)
class Building:
    """The Buildings action (§2.8)."""

    workers_used: int = 0


@dataclass(frozen=True)
class Trading:
    """A Market action (§2.9)."""

    traded: frozenset[str] = frozenset()
    orange_used: bool = False


Context = Sailing | Founding | Building | Trading | None


@dataclass(frozen=True)
class State:
    seats: int
    kings_mode: str  # "auto" or "manual" (§5.3)
    first: int  # seat of the first player (turn-order position 0)
    current: int  # seat whose turn it is
    step: Step
    phase: int
    round: int
    players: tuple[Player, ...]
    market: tuple[int, ...]  # cube row per good
    next_cell: tuple[int, ...]  # per building line: index of the leftmost remaining building
    on_board: tuple[int, ...]  # per building line: cells filled at setup (the line's end)
    gallery: tuple[int, ...]  # privilege tiles per kind in the gallery
    privilege_supply: tuple[int, ...]  # per kind, neither in the gallery nor owned
    explored: frozenset[str]
    stacks: tuple[tuple[str, ...], ...]  # colony tiles per region, cheapest first (secret until explored)
    removed_tiles: tuple[str, ...]  # the three tiles left out at setup (secret)
    double_loss: frozenset[str]
    holder: int  # seat holding the Navegador card
    orange_ship: int | None  # rondel space of the orange ship
    end_trigger: str | None = None  # "nagasaki" or "buildings"
    final_turns_left: int | None = None
    context: Context = None
    scored: bool = False

    def player(self, seat: int) -> Player:
        return self.players[seat]

    def right_neighbour(self, seat: int) -> int:
        return (seat - 1) % self.seats

    def space_action(self, seat: int) -> str | None:
        stone = self.players[seat].stone
        return None if stone is None else C.space_action[stone]
