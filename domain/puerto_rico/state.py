"""The Puerto Rico game state: immutable plain data (frozen dataclasses of ints, strs and tuples).

Goods and island tile kinds are small ints (indexes into `components.GOODS` / `TILE_KINDS`);
buildings are indexes into `components.CATALOG`. Facts and actions speak in strings; the rules
translate at the edge. `evolve` builds new states with `_set`, a copy-and-update that skips
`dataclasses.replace`'s per-field validation (the hot path of every game).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeVar

from .components import CIRCLES, QUARRY, SIZE

# Steps: what the game waits for. Player steps have a seat in `turn`; system steps are passed
# through inside `decide` (a state handed to a caller is always at a player step or over).
SELECT_ROLE = "select_role"
SETTLE = "settle"
MAYOR_PRIVILEGE = "mayor_privilege"
ARRANGE = "arrange"
BUILD = "build"
CRAFTSMAN_BONUS = "craftsman_bonus"
SELL = "sell"
SHIP = "ship"
STORE = "store"
OVER = "over"

PLAYER_STEPS = frozenset(
    {SELECT_ROLE, SETTLE, MAYOR_PRIVILEGE, ARRANGE, BUILD, CRAFTSMAN_BONUS, SELL, SHIP, STORE}
)

# System steps.
SETTLER_END = "settler_end"
DISTRIBUTE = "distribute"
MAYOR_END = "mayor_end"
BUILDER_END = "builder_end"
PRODUCE = "produce"
CRAFTSMAN_END = "craftsman_end"
TRADER_END = "trader_end"
CAPTAIN_END = "captain_end"
PROSPECT = "prospect"
PROSPECTOR_END = "prospector_end"
ROUND_END = "round_end"

ROLE_SELECTION = "role_selection"  # the phase name between two role phases


@dataclass(frozen=True)
class Config:
    """Normalised options (see `check_options`)."""

    expansions: tuple[str, ...] = ()
    max_large_buildings: int = 4  # §10 A22
    hacienda_quarry_with_construction_hut: bool = False  # §10 A1


@dataclass(frozen=True)
class Player:
    doubloons: int
    vp: int  # VP chips and "paper" VP (§5.1); hidden from the other seats (§7)
    goods: tuple[int, ...]  # per good
    island: tuple[int, ...]  # tiles per tile kind (5 plantation kinds, quarry)
    manned: tuple[int, ...]  # occupied tiles per tile kind (each tile has one circle)
    buildings: tuple[int, ...]  # per catalog building: -1 not owned, else colonists on it
    windrose: int  # unplaced colonists ("San Juan")

    def owns(self, b: int) -> bool:
        return self.buildings[b] >= 0

    def occ(self, b: int) -> bool:
        """§0.1 occupied: the player owns building `b` and at least one colonist works on it."""
        return self.buildings[b] > 0

    @property
    def tiles(self) -> int:
        return sum(self.island)

    @property
    def city_spaces(self) -> int:
        return sum([SIZE[b] for b, w in enumerate(self.buildings) if w >= 0])

    @property
    def large_buildings(self) -> int:
        return sum([1 for b, w in enumerate(self.buildings) if w >= 0 and SIZE[b] == 2])

    @property
    def circles(self) -> int:
        return sum(self.island) + sum([CIRCLES[b] for b, w in enumerate(self.buildings) if w >= 0])

    @property
    def placed(self) -> int:
        return sum(self.manned) + sum([w for w in self.buildings if w > 0])

    @property
    def colonists(self) -> int:
        """Every colonist on the player's board: island, buildings and windrose."""
        return sum(self.manned) + sum([w for w in self.buildings if w > 0]) + self.windrose

    @property
    def occupied_quarries(self) -> int:
        return self.manned[QUARRY]


@dataclass(frozen=True)
class State:
    config: Config
    players: tuple[Player, ...]
    governor: int
    round: int
    roles: tuple[str, ...]  # the role cards in play, in a fixed order
    role_doubloons: tuple[int, ...]  # doubloons lying on each role card
    role_taken: tuple[int, ...]  # seat that took the card this round, or -1
    selections: int  # roles selected so far this round
    selections_per_round: int
    phase: str  # ROLE_SELECTION, a role phase name, or OVER
    step: str
    chooser: int  # seat whose role is being played, -1 between phases
    turn: int  # seat the game waits for, -1 at system steps and when over
    pending: tuple[int, ...]  # seats still to act in this step after `turn`, in order
    # phase-local bookkeeping
    hacienda: int  # settler: 0 unused this turn, 1 drew a tile, 2 took a quarry (§10 A1 option)
    placed: bool  # mayor: the current player has placed a colonist (no more removals this turn)
    passes: int  # captain: consecutive turns without a shipment (§10 A17)
    captain_shipped: bool  # captain: the chooser has made his first shipment (privilege used)
    wharf_used: tuple[int, ...]  # captain: seats that used their wharf this phase
    warehoused: tuple[int, ...]  # storage: goods the current player put under warehouse protection
    produced: tuple[int, ...]  # craftsman: goods kinds the chooser received in production
    # supplies and the shared board
    vp_supply: int
    colonist_supply: int
    colonist_ship: int
    goods: tuple[int, ...]  # goods supply per good
    quarries: int
    draw_pile: tuple[int, ...]  # face-down plantations, top first (hidden order, §7)
    faceup: tuple[int, ...]  # the face-up plantation row
    discard: tuple[int, ...]  # face-up discard pile (a multiset; order kept for the reshuffle)
    building_supply: tuple[int, ...]  # copies left per catalog building
    ship_capacity: tuple[int, ...]  # cargo ships, ascending capacity (§10 A48)
    ship_good: tuple[int, ...]  # good on each ship, -1 if empty
    ship_load: tuple[int, ...]
    trading_house: tuple[int, ...]  # goods sold into it, in order
    end_reasons: tuple[str, ...]  # §5.1 triggers, latched in the order they fired

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def over(self) -> bool:
        return self.step == OVER


T = TypeVar("T", State, Player)


def _set(obj: T, **changes: Any) -> T:
    """A copy of a frozen dataclass with some fields changed (no validation; hot path)."""
    new = object.__new__(type(obj))
    d = new.__dict__
    d.update(obj.__dict__)
    d.update(changes)
    return new


def put(row: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """`row` with entry `i` replaced."""
    return row[:i] + (value,) + row[i + 1 :]


def add(row: tuple[int, ...], i: int, delta: int) -> tuple[int, ...]:
    return row[:i] + (row[i] + delta,) + row[i + 1 :]


def set_player(s: State, seat: int, player: Player) -> tuple[Player, ...]:
    ps = s.players
    return ps[:seat] + (player,) + ps[seat + 1 :]
