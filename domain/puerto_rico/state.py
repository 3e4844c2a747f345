"""The Puerto Rico game state: immutable plain data (frozen dataclasses of ints, strs and tuples).

Goods and island tile kinds are small ints (indexes into `components.GOODS` / `TILE_KINDS`);
buildings are indexes into `components.CATALOG`. Facts and actions speak in strings; the rules
translate at the edge. `evolve` builds new states with `_set` (or `_update`, for changes
gathered in a dictionary), a copy-and-update that skips `dataclasses.replace`'s per-field
validation (the hot path of every game). Within one decision the facts change one private copy
of the state in place (`draft`), made at the start of `decide` and frozen at its end.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar

from .components import CATALOG, CIRCLES, GUEST_HOUSE, QUARRY, SIZE

Spots = tuple[tuple[str, int, int], ...]
_OWNED: dict[tuple[int, ...], tuple[Spots, int, int, int]] = {}


def owned(buildings: tuple[int, ...]) -> tuple[Spots, int, int, int]:
    """A player's owned buildings from its `buildings` row (-1 not owned, else its workers):
    ((name, workers, circles) of each in catalog order, their circles in all, the city spaces
    they fill, how many are large: a large building fills 2 spaces, §4.3). Remembered per row:
    a row is asked about at every mayor decision and every list of the builder's options, and
    changes less often than its player; the look-up (hashing a tuple of ints) costs a fraction
    of the loop over the catalog. A bounded cache of a pure function (emptied when full)."""
    known = _OWNED.get(buildings)
    if known is None:
        spots = []
        circles = spaces = large = 0
        for b, w in enumerate(buildings):  # (one loop, no comprehensions: the memo misses often)
            if w >= 0:
                spots.append((CATALOG[b], w, CIRCLES[b]))
                circles += CIRCLES[b]
                spaces += SIZE[b]
                if SIZE[b] == 2:
                    large += 1
        if len(_OWNED) >= 20_000:
            _OWNED.clear()
        _OWNED[buildings] = known = (tuple(spots), circles, spaces, large)
    return known


class Step(StrEnum):
    """What the game waits for. Player steps have a seat in `turn`; system steps are passed
    through inside `decide` (a state handed to a caller is always at a player step or over).

    `State.step` holds a step's text (`Step.SETTLE.value`), not the member: the state is plain
    data, so its hash and snapshots read the same as before there was an enum. A member equals
    its text and hashes like it, so `s.step == Step.SETTLE` and tables keyed by members work.
    """

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
    # player steps of the expansions
    DRAFT = "draft"  # §6.2 the New Buildings setup draft
    GUEST_START = "guest_window_start"  # §4.8 guest windows at the start and the end of a phase
    GUEST_END = "guest_window_end"
    SETTLE_EXTRA = "library_settle"  # §2.4 library: the settler's second tile after everybody
    PLACE_TILE = "place_drawn_tile"  # hacienda / land office draw with a forest house: face up or forest
    LODGE = "hunting_lodge"  # §2.5 end of the settler phase
    VILLA = "villa"  # §2.5 mayor phase, before the distribution
    TAKE_PIECE = "take_from_ship"  # §4.2 M3 with Nobles: colonist or noble from the ship
    BLACK_MARKET = "black_market"  # §2.4: the items that cover a shortfall, one at a time
    SMALL_WHARF = "small_wharf"  # §2.4: goods loaded onto the small wharf, one kind at a time
    # system steps
    SETTLER_END = "settler_end"
    DISTRIBUTE = "distribute"
    MAYOR_END = "mayor_end"
    BUILDER_END = "builder_end"
    PRODUCE = "produce"
    CRAFTSMAN_END = "craftsman_end"
    TRADER_END = "trader_end"
    CAPTAIN_START = "captain_start"  # §4.6 K2: lighthouse and union hall (New Buildings)
    CAPTAIN_END = "captain_end"
    PROSPECT = "prospect"
    PROSPECTOR_END = "prospector_end"
    ROUND_END = "round_end"


PLAYER_STEPS = frozenset(
    {Step.SELECT_ROLE, Step.SETTLE, Step.MAYOR_PRIVILEGE, Step.ARRANGE, Step.BUILD, Step.CRAFTSMAN_BONUS,
     Step.SELL, Step.SHIP, Step.STORE, Step.DRAFT, Step.GUEST_START, Step.GUEST_END, Step.SETTLE_EXTRA,
     Step.PLACE_TILE, Step.LODGE, Step.VILLA, Step.TAKE_PIECE, Step.BLACK_MARKET, Step.SMALL_WHARF}
)

# The steps' texts as plain module constants: the rules compare and store these (an enum
# member's attribute lookup costs about half a microsecond and `.value` several, on every step).
SELECT_ROLE = Step.SELECT_ROLE.value
SETTLE = Step.SETTLE.value
MAYOR_PRIVILEGE = Step.MAYOR_PRIVILEGE.value
ARRANGE = Step.ARRANGE.value
BUILD = Step.BUILD.value
CRAFTSMAN_BONUS = Step.CRAFTSMAN_BONUS.value
SELL = Step.SELL.value
SHIP = Step.SHIP.value
STORE = Step.STORE.value
GUEST_START = Step.GUEST_START.value
GUEST_END = Step.GUEST_END.value
SETTLE_EXTRA = Step.SETTLE_EXTRA.value
PLACE_TILE = Step.PLACE_TILE.value
LODGE = Step.LODGE.value
VILLA_STEP = Step.VILLA.value
TAKE_PIECE = Step.TAKE_PIECE.value
BLACK_MARKET_STEP = Step.BLACK_MARKET.value
SMALL_WHARF_STEP = Step.SMALL_WHARF.value
SETTLER_END = Step.SETTLER_END.value
DISTRIBUTE = Step.DISTRIBUTE.value
MAYOR_END = Step.MAYOR_END.value
BUILDER_END = Step.BUILDER_END.value
PRODUCE = Step.PRODUCE.value
CRAFTSMAN_END = Step.CRAFTSMAN_END.value
TRADER_END = Step.TRADER_END.value
CAPTAIN_START = Step.CAPTAIN_START.value
CAPTAIN_END = Step.CAPTAIN_END.value
PROSPECT = Step.PROSPECT.value
PROSPECTOR_END = Step.PROSPECTOR_END.value
ROUND_END = Step.ROUND_END.value
OVER = Step.OVER.value
ROLE_SELECTION = "role_selection"  # the phase name between two role phases (`State.phase`)
DRAFT = Step.DRAFT.value  # the phase (and step) of the New Buildings draft


@dataclass(frozen=True)
class Config:
    """Normalised options (see `check_options`)."""

    expansions: tuple[str, ...] = ()
    max_large_buildings: int = 4  # §10 A22
    hacienda_quarry_with_construction_hut: bool = False  # §10 A1
    new_buildings: bool = False  # "new_buildings" in expansions
    nobles: bool = False  # "nobles" in expansions
    exclude_office_with_trading_post: bool = True  # §6.2 / §10 A35 (New Buildings only)


class _once:
    """A count of a frozen object computed at its first read and kept in its dictionary (the
    next reads find it there). `functools.cached_property` without the lock Python 3.11 takes
    at every first read, which cost twice the count itself: two threads computing the count of
    the same frozen object at once store the same number."""

    def __init__(self, count: Callable[[Any], int]) -> None:
        self.count = count
        self.name = count.__name__

    def __get__(self, obj: Any, owner: Any = None) -> Any:
        if obj is None:  # (the class's attribute: the descriptor itself)
            return self
        value = obj.__dict__[self.name] = self.count(obj)
        return value


@dataclass(frozen=True)
class Player:
    doubloons: int
    vp: int  # VP chips and "paper" VP (§5.1); hidden from the other seats (§7)
    goods: tuple[int, ...]  # per good
    island: tuple[int, ...]  # tiles per tile kind (5 plantation kinds, quarry)
    manned: tuple[int, ...]  # occupied tiles per tile kind (each tile has one circle)
    buildings: tuple[int, ...]  # per catalog building: -1 not owned, else workers on it
    windrose: int  # unplaced workers ("San Juan")
    # Expansions. Workers above count colonists and nobles together; these say how many of them
    # are nobles (Nobles). Forests are island tiles without a circle, kept apart from `island`.
    forests: tuple[int, ...] = (0, 0, 0, 0, 0)  # forests per true kind, the kind public (face-up row)
    hidden_forests: tuple[int, ...] = (0, 0, 0, 0, 0)  # forests from face-down draws: kind owner-only (§7)
    manned_nobles: tuple[int, ...] = (0, 0, 0, 0, 0, 0)  # nobles among `manned`, per tile kind
    building_nobles: tuple[int, ...] = (0,) * len(CATALOG)  # nobles among the workers of each building
    windrose_nobles: int = 0  # nobles among `windrose`

    def owns(self, b: int) -> bool:
        return self.buildings[b] >= 0

    def occ(self, b: int) -> bool:
        """§0.1 occupied: the player owns building `b` and at least one worker is on it."""
        return self.buildings[b] > 0

    def occ_noble(self, b: int) -> bool:
        """A single-circle building occupied by a noble (§2.5: the noble column)."""
        return self.building_nobles[b] > 0

    def occ_colonist(self, b: int) -> bool:
        """A single-circle building occupied by a colonist (§2.5: the colonist column)."""
        return self.buildings[b] > 0 and self.building_nobles[b] == 0

    @property
    def forest_count(self) -> int:
        return sum(self.forests) + sum(self.hidden_forests)

    @_once  # asked by every settler predicate; a Player never changes, so once
    def tiles(self) -> int:
        """Filled island spaces: plantations, quarries and forests (§10 A23)."""
        return sum(self.island) + sum(self.forests) + sum(self.hidden_forests)

    @property
    def city(self) -> tuple[int, int]:
        """(city spaces filled, large buildings): a large building fills 2 spaces (§4.3)."""
        return owned(self.buildings)[2:]

    @property
    def city_spaces(self) -> int:
        return owned(self.buildings)[2]  # (`city`'s first, read without the pair)

    @property
    def large_buildings(self) -> int:
        return owned(self.buildings)[3]

    @property
    def circles(self) -> int:
        return sum(self.island) + owned(self.buildings)[1]

    def crew(self) -> tuple[int, int]:
        """(`placed`, `circles`) in one call: the mayor's automatic step asks both at the start
        of every turn (a property is called from C, a call each; a method call is cheaper)."""
        b = self.buildings
        return sum(self.manned) + sum(b) + b.count(-1), sum(self.island) + owned(b)[1]

    @property
    def placed(self) -> int:
        """Workers on tiles and buildings (a building not owned is -1: the count puts it back)."""
        b = self.buildings
        return sum(self.manned) + sum(b) + b.count(-1)

    @property
    def workers(self) -> int:
        """Every worker (colonist or noble) on the player's board: island, buildings, windrose
        (`placed` and the windrose's, counted here without a second property call)."""
        b = self.buildings
        return sum(self.manned) + sum(b) + b.count(-1) + self.windrose

    @property
    def nobles(self) -> int:
        """Every noble on the player's board (§6.3: 1 VP each at the end)."""
        return sum(self.manned_nobles) + sum(self.building_nobles) + self.windrose_nobles

    @property
    def colonists(self) -> int:
        """Every colonist (brown) on the player's board."""
        return self.workers - self.nobles

    @property
    def guests(self) -> int:
        """Workers parked on the guest house (§2.4), 0 without one."""
        return max(0, self.buildings[GUEST_HOUSE])

    @property
    def open_circles(self) -> int:
        """Empty circles a guest could move to: tiles and buildings other than the guest house."""
        # (the owned buildings' circles less their workers, from the remembered row (`owned`)
        # instead of a pass over the catalog: a building not owned is -1, the count puts it back)
        b = self.buildings
        empty = sum(self.island) - sum(self.manned) + owned(b)[1] - sum(b) - b.count(-1)
        guests = b[GUEST_HOUSE]
        if guests >= 0:
            empty -= CIRCLES[GUEST_HOUSE] - guests
        return empty

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
    phase: str  # ROLE_SELECTION, a role phase name, DRAFT or OVER
    step: str  # a `Step`'s text
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
    # -- expansions (defaults = not in play) --
    noble_supply: int = 0
    noble_ship: int = 0
    slots: tuple[int, ...] = ()  # §6.2 draft: costs of the board slots still empty
    resume: str = ""  # PLACE_TILE: the step the player returns to
    drawn: int = -1  # PLACE_TILE: the plantation kind drawn face down (only its drawer sees it)
    receiver: int = -1  # TAKE_PIECE / DISTRIBUTE: the next seat to take a piece from the ship
    bonus_taken: int = 0  # craftsman: extra goods the chooser took (2 with a library)
    sale_done: bool = False  # trader: the current player made his sale decision (land office after it)
    land_office_used: bool = False  # trader: the current player used his land office
    small_wharf_used: tuple[int, ...] = ()  # captain: seats that used their small wharf
    cargo: tuple[int, ...] = (0, 0, 0, 0, 0)  # captain: goods on the small wharf being loaded
    captain_turned: tuple[int, ...] = ()  # captain: seats whose first turn is over (royal supplier)
    supplied: tuple[int, ...] = ()  # captain: kinds the current player sent by royal supplier
    singles: tuple[int, ...] = (0, 0, 0, 0, 0)  # storage: single goods kept so far (storehouse)
    bm_building: int = -1  # black market: the building being paid for
    bm_left: int = 0  # black market: items still to give
    bm_given: tuple[str, ...] = ()  # black market: categories already given
    bm_university: bool = True  # black market: the university flag of the build

    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def over(self) -> bool:
        return self.step == OVER


# The draft of the decision under way (`draft`). One slot for the process, not one per thread (a
# thread-local costs as much as the copies it saves): a slot holds an object only from its
# `draft` to its `frozen`, while its own decision alone has it, so another thread's decision
# setting or clearing the slot meanwhile only makes this one copy again (correct, slower).
_drafting: list[State | None] = [None]


def draft(s: State) -> State:
    """One decision's own copy of `s`: its facts are applied to it one after another, and each
    would otherwise copy all 53 fields again; since nothing outside the decision holds the
    draft, `_update` changes it in place until `frozen` ends the decision, before the state
    leaves it (a state anyone else sees is never changed). The fact handlers keep to one rule
    for this: a handler derives the next state from `s` as `s = _set(s, ...)` or
    `return _update(s, ...)` and never reads the `s` it derived from afterwards (the arguments
    of the copy are read before it)."""
    new = _new(State)
    _set_dict[State](new, s.__dict__.copy())
    _drafting[0] = new
    return new


def frozen(s: State) -> State:
    """The state a decision hands out: its draft is no longer changed in place (see `draft`)."""
    _drafting[0] = None
    return s


T = TypeVar("T", State, Player)


_new = object.__new__
# A new object's dictionary is given through its class's own `__dict__` descriptor (a frozen
# dataclass refuses `setattr`; `object.__setattr__` looks that descriptor up along the class's
# MRO at every call, a tenth of a Player's copy).
_set_dict: dict[type, Callable[[Any, dict[str, Any]], None]] = {
    cls: vars(cls)["__dict__"].__set__ for cls in (State, Player)
}


def _set(obj: T, **changes: Any) -> T:
    """A copy of a frozen dataclass with some fields changed (no validation; hot path). The
    copy's dictionary is built in one merge and given to the new object (a third fewer
    instructions for a Player than filling the dictionary a new object makes for itself)."""
    return _update(obj, changes)


def _update(obj: T, changes: dict[str, Any]) -> T:
    """`_set` for changes already gathered in a dictionary (the stage and turn changes, a
    handler's `changes`): handed over as they are, not unpacked into keywords and gathered
    again (two dictionaries fewer per copy). A decision's draft is changed in place (`draft`)."""
    if obj is _drafting[0]:
        obj.__dict__.update(changes)
        return obj
    d = {**obj.__dict__, **changes}
    if "tiles" in d:  # Player.tiles, cached: counted again for the copy (`in` costs less than `pop`)
        del d["tiles"]
    cls = type(obj)
    new = _new(cls)
    _set_dict[cls](new, d)
    return new


# Rows are tuples; one entry changed through a list costs two allocations instead of five.


def put(row: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    """`row` with entry `i` replaced."""
    out = list(row)
    out[i] = value
    return tuple(out)


def add(row: tuple[int, ...], i: int, delta: int) -> tuple[int, ...]:
    out = list(row)
    out[i] += delta
    return tuple(out)


def set_player(s: State, seat: int, player: Player) -> tuple[Player, ...]:
    out = list(s.players)
    out[seat] = player
    return tuple(out)
