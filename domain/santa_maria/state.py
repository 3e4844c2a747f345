"""Santa Maria's game state: immutable plain data (frozen dataclasses and tuples), and the
fact-handler registry every rule module registers its facts with.

Seats are the platform's seat numbers 0..N-1; the rules page's "seat k" (k = 1 is the first
player) is the seat `(first + k - 1) % N`, its *position* k - 1. A colony is 36 cells row by row
(index `(r - 1) * 6 + (c - 1)` for the page's cell `(r, c)`): `grid` holds what is built there
("" empty, "road1"/"road2", or a building's effects joined by "+"), `occupant` what lies on it
("" free, "w5" a white die showing 5, "b3" the blue die b3, "$2" two coins, "G" the governor of
module A).

Resolving a main action may stop at a decision (rules page §2.3). What is still to do after the
answer is the *agenda*: a tuple of small tasks (tuples of strings and numbers) carried by the
`DecisionAsked` fact and kept in `pending`, so the state alone says how the action goes on.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from domain.core.codec import optional
from domain.core.commands import Commands
from domain.core.facts import Evolver

from .components import C
from .frozen import put, replace

if TYPE_CHECKING:
    from .maya.state import Maya

SIZE = 6
CELLS = SIZE * SIZE
Task = tuple[Any, ...]


class Phase(enum.StrEnum):
    DRAFT_COLONY = "draft_colony"  # choose_colony, reverse seat order (§1.9 step 13)
    DRAFT_SET = "draft_set"  # choose_set then place_town_hall (§7.1)
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True)
class BlueDie:
    id: str
    face: int
    used: bool = False  # used this year (it lies on a building)
    usable: bool = True  # False when gained while passing (§3.8)


@dataclass(frozen=True)
class Player:
    board: str = ""  # "colony_1".."colony_4" (side A) or "side_B"
    grid: tuple[str, ...] = ("",) * CELLS
    types: tuple[str | None, ...] = (None,) * CELLS  # building type per cell (§3.1)
    occupant: tuple[str, ...] = ("",) * CELLS
    tiles: tuple[tuple[str, int, int, int], ...] = ()  # (tile id, r, c, rotation) placed
    coins: int = 0
    goods: tuple[int, ...] = (0, 0, 0, 0, 0)  # wood, grain, sugar, gem, gold
    vp: int = 0
    monks: int = C.monks  # in the player's supply
    religion: int = 0
    conquistador: int = 0
    conquistador_stamp: int = 0  # when the marker arrived on its space (lower = earlier = ahead)
    docks: tuple[tuple[str, ...], ...] = ((), (), (), ())  # ships per dock, in C.docks order
    blue: tuple[BlueDie, ...] = ()
    white_taken: int = 0
    blue_used: int = 0  # shared blue dice: pool dice used this year
    unlocked: int = 1  # shared blue dice: 1 + blue-die symbols crossed (§7.2)
    coin_activations: int = 0
    pass_space: int = 0  # 0 = the market square; 1..5 a pass space
    personal_scholar: str | None = None  # advanced setup (§7.1)
    # American Kingdoms (§8.1): None in a base game (left out of the canonical text)
    cocoa_tokens: int | None = optional()  # cocoa storage tokens (capacity)
    cocoa: int | None = optional()  # full tokens
    conquest_vp: int | None = optional()  # VP of bishop Conquest at the year-3 scoring (§11 A-41)
    # module B (§8.3): production specialists hired (ids), improvements placed (id, r, c) in order
    specialists: tuple[str, ...] | None = optional()
    improvements: tuple[tuple[str, int, int], ...] | None = optional()

    def good(self, name: str) -> int:
        return self.goods[C.resources.index(name)]

    @property
    def passed(self) -> bool:
        return self.pass_space != 0


@dataclass(frozen=True)
class Pending:
    """A decision the rules wait for (§2.3) and the agenda that follows its answer."""

    seat: int
    kind: str  # place_tile, expand_pay, trade, ship, religion_extra, place_monk, conquistador_extra, road_tile
    agenda: tuple[Task, ...] = ()
    tile: str | None = None
    anchor: tuple[int, int] | None = None
    rotation: int | None = None
    cell: tuple[int, int] | None = None
    effect: str | None = None


@dataclass(frozen=True)
class State:
    seats: int
    advanced_setup: bool
    colony_assignment: str
    shared_blue_dice: bool
    open_scores: bool
    kozlocracy_rule: str
    phase: Phase = Phase.DRAFT_COLONY
    year: int = 0
    first: int = 0
    current: int = 0
    players: tuple[Player, ...] = ()
    draft: tuple[int, ...] = ()  # seats still to choose, next first
    placing: int | None = None  # advanced setup: the seat whose town hall awaits placement
    hall: str | None = None  # ... and that town hall
    sets: tuple[tuple[str, str, str], ...] = ()  # advanced setup: (set, town hall, scholar) not yet taken
    white_pool: tuple[int, ...] = ()  # faces, sorted
    blue_supply: int = 0
    blue_pool: tuple[int, ...] = ()  # shared blue dice variant, sorted faces
    blue_made: int = 0  # blue dice taken out of the supply so far (ids b1, b2, ...)
    display: tuple[str, ...] = ()  # development tiles face up
    stacks: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())  # double, triple: face down (hidden order)
    removed_tiles: tuple[str, ...] = ()  # left in the display at a year end (out of the game)
    board_docks: tuple[str | None, ...] = (None, None, None, None)
    ship_deck: tuple[str, ...] = ()  # face down, index 0 = top (hidden order)
    road_stack: int = C.road_tiles
    scholars: tuple[str, ...] = ()  # on scholar_1..3
    bishops: tuple[str, ...] = ()  # on bishop_1..3
    boxed: tuple[str, ...] = ()  # scholars and bishops back in the box unseen (hidden)
    monk_places: tuple[tuple[int, ...], ...] = ((),) * len(C.monk_places)  # seats in arrival order
    pass_order: tuple[int, ...] = ()  # seats in the order they passed this year
    stamp: int = 0  # arrival counter of the conquistador track
    pending: Pending | None = None
    scored: tuple[tuple[tuple[str, int], ...], ...] = ()  # final breakdown per seat
    achievements: tuple[str, ...] = ()  # solo
    # American Kingdoms (§8.1, §12.1): None in a base game (left out of the canonical text)
    expansion: bool | None = optional()
    modules: tuple[str, ...] | None = optional()
    governor_sign_rule: str | None = optional()  # module A (§11 A-38)
    specialist_overflow: str | None = optional()  # module B (§11 A-26)
    specialist_stack: tuple[str, ...] | None = optional()  # module B: face down, index 0 = top (hidden)
    specialist_row: tuple[str | None, ...] | None = optional()  # module B: next to white values 1..6
    specialists_boxed: tuple[str, ...] | None = optional()  # module B: unhired at a year end (public)
    special_stack: tuple[str, ...] | None = optional()  # special development tiles face down (hidden order)
    special_dock: str | None = optional()  # the special sea-trade tile face up on expansion tile 1
    special_ships: tuple[str, ...] | None = optional()  # the special ship stack, index 0 = top (hidden order)
    ambassadors: tuple[tuple[int, int | None], ...] | None = optional()  # module C: (face, taker) of the white, the blue
    maya: Maya | None = optional()  # module D, the Maya city (§8.6; maya/state.py)

    @property
    def places(self) -> tuple[str, ...]:
        """The monk places of this game (§3.7): the expansion adds scholar_4, mission_cocoa replaces mission_4."""
        return C.kingdom_places if self.expansion else C.monk_places

    def player(self, seat: int) -> Player:
        return self.players[seat]

    def position(self, seat: int) -> int:
        """0 for the first player of the game, then clockwise (the page's seat - 1)."""
        return (seat - self.first) % self.seats

    @property
    def over(self) -> bool:
        return self.phase is Phase.OVER


commands = Commands("Santa Maria")
evolver = Evolver("Santa Maria")
evolves = evolver.evolves
evolve = evolver


def with_player(state: State, seat: int, **changes: Any) -> State:
    return replace(state, players=put(state.players, seat, replace(state.players[seat], **changes)))


def maya_of(state: State) -> Maya:
    maya = state.maya
    assert maya is not None
    return maya


def is_maya(state: State, seat: int) -> bool:
    return state.maya is not None and state.maya.seat == seat


def with_maya(state: State, **changes: Any) -> State:
    return replace(state, maya=replace(maya_of(state), **changes))


def index(r: int, c: int) -> int:
    return (r - 1) * SIZE + (c - 1)


def cell_of(i: int) -> tuple[int, int]:
    return (i // SIZE + 1, i % SIZE + 1)


def freeze(value: Any) -> Any:
    """JSON lists (of a fact) as tuples (for the state)."""
    if isinstance(value, (list, tuple)):
        return tuple([v if not isinstance(v, (list, tuple)) else freeze(v) for v in value])
    return value


def thaw(value: Any) -> Any:
    """Tuples (of the state) as JSON lists (for a fact)."""
    if isinstance(value, (list, tuple)):
        return [v if not isinstance(v, (list, tuple)) else thaw(v) for v in value]
    return value


def add_goods(goods: tuple[int, ...], delta: dict[str, int], sign: int = 1) -> tuple[int, ...]:
    return tuple(n + sign * delta.get(g, 0) for g, n in zip(C.resources, goods, strict=True))
