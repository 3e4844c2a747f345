"""Felinia's state: immutable data, and the fact-handler registry every rule module adds to.

Goods are counts per type in data order everywhere (hands, markets, bag: rules page §2.1, goods
tiles of one type are identical). Provinces are indices into the map in use. A bid stack is a
tuple of seats, bottom first; the top token is the last one. Supplies of gold, spice and food are
not stored: they are what the players do not hold (§3.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeVar

from domain.core.commands import Commands, Why
from domain.core.facts import Evolver

from .components import C, Map
from .i18n import NP_, _, action_name, pgettext
from .i18n import T as WORDS

T = TypeVar("T")
GUILD = 5  # venue index of the guild: markets are 0..4 (§2.3.1)
VENUES = (*C.markets, "guild")


class Step(StrEnum):
    BIDDING = "bidding"
    TRADE = "trade"  # a venue's top token decides: buy / exchange / decline
    BOARDING = "boarding"  # the boarding window after a deal (§2.3.4)
    EXPLORATION = "exploration"  # a merchant's expedition waits for its owner (§2.4.2)
    MYSTERY = "mystery"  # a drawn mysterious place card must be chosen (§5.3)
    STORAGE = "storage"
    FINAL_SALES = "final_sales"
    GAME_OVER = "game_over"


@dataclass(frozen=True)
class Player:
    silver: int
    goods: tuple[int, ...]
    gold: int = 0
    spice: int = 0
    food: int = 0
    merchants: int = C.merchants  # in supply
    tokens: int = C.bid_tokens  # bid tokens in hand
    spent: int = 0  # bid tokens used or withdrawn this round (beside the board)
    circles: tuple[int, ...] = ()  # income circles holding a token this round
    tiles: tuple[str, ...] = ()  # trade and special tiles taken, in order taken
    tile_provinces: tuple[int, ...] = ()  # where each was taken (public)
    bonus: tuple[str, ...] = ()
    mystery: tuple[str, ...] = ()
    fourth_slot: bool = False  # storage phase: the 4th slot bought

    @property
    def goods_count(self) -> int:
        return sum(self.goods)


@dataclass(frozen=True)
class Expedition:
    """A merchant on its way (§2.4.2): where it is, what it has done, what it may still do."""

    ship: int
    ship_seat: int
    seat: int
    country: str
    at: int
    visited: frozenset[int]
    steps: int = 2
    flips: int = 2
    moved: bool = False
    bound: bool = False
    drawn: tuple[str, ...] = ()  # mysterious place cards waiting for `keep_mystery`


@dataclass(frozen=True)
class State:
    mode: str
    open_deck: bool
    lenient: bool
    seats: int
    players: tuple[Player, ...]
    first: int = 0
    round: int = 1
    step: Step = Step.BIDDING
    placement: int = 0  # bidding: placements made this phase
    markets: tuple[tuple[int, ...], ...] = ()
    closed: tuple[bool, ...] = ()
    stacks: tuple[tuple[int, ...], ...] = ((),) * 6
    asked: bool = False  # the top token's owner has been asked (auto-withdrawal tested, §2.3.5)
    dealer: int | None = None  # the seat whose boarding window is open
    guild_bonus: tuple[str, ...] = C.bonus_tiles
    ships: tuple[str | None, ...] = (None,) * 4
    ship_seats: tuple[tuple[int | None, ...], ...] = ((), (), (), ())
    deck: tuple[str, ...] = ()  # top first
    deck_top_shown: bool = False  # open_deck variant: the top tile is face up
    discard: tuple[str, ...] = ()
    bag: tuple[int, ...] = ()
    tiles: tuple[str | None, ...] = ()  # per province of the map in use
    face_up: tuple[bool, ...] = ()
    settled: tuple[int | None, ...] = ()  # per province: the merchant settled there
    mystery_deck: tuple[str, ...] = ()  # top first
    removed: tuple[str, ...] = ()  # tiles out of the game (S6)
    end_trigger: str | None = None
    sailing: tuple[int, ...] = ()  # ships still to sail this exploration phase, in time order
    voyage: int | None = None  # the ship whose merchants are exploring
    expedition: Expedition | None = None
    owing: frozenset[int] = frozenset()  # storage: seats that owe; final sales: seats not done
    scores: tuple[int, ...] = ()

    @property
    def board(self) -> Map:
        return C.maps[self.mode]

    @property
    def advanced(self) -> bool:
        return self.mode == "advanced"

    @property
    def over(self) -> bool:
        return self.step is Step.GAME_OVER

    def venue(self) -> int | None:
        """The active venue: the first, in activation order, with tokens on it (§2.3.1)."""
        for v, stack in enumerate(self.stacks):
            if stack:
                return v
        return None

    def actor(self) -> int | None:
        v = self.venue()
        return None if v is None else self.stacks[v][-1]


def replace(obj: T, **changes: Any) -> T:
    """`dataclasses.replace` for the frozen state classes, without re-running `__init__`: a copy
    of the fields with `changes` applied (the rules replace parts of the state thousands of times
    a game, and `dataclasses.replace` was most of the engine's time)."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__, **changes)
    return new


evolver = Evolver("Felinia")
evolves = evolver.evolves
evolve = evolver


def put(row: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    return row[:i] + (value,) + row[i + 1 :]


def add(counts: tuple[int, ...], other: tuple[int, ...], sign: int = 1) -> tuple[int, ...]:
    return tuple(a + sign * b for a, b in zip(counts, other, strict=True))


def one(goods: str, n: int = 1) -> tuple[int, ...]:
    return tuple(n if g == goods else 0 for g in C.goods)


def counts(goods: list[str] | tuple[str, ...]) -> tuple[int, ...]:
    return tuple(goods.count(g) for g in C.goods)


def by_type(counts_: tuple[int, ...]) -> dict[str, int]:
    return {g: n for g, n in zip(C.goods, counts_, strict=True) if n}


def player(state: State, seat: int, **changes: Any) -> State:
    return replace(state, players=put(state.players, seat, replace(state.players[seat], **changes)))


def cards(n: int) -> int:
    """Cards a holding of n units needs, with the 1/3 faces combined economically (§3.3)."""
    return n // 3 + n % 3


def granted(state: State, seat: int, resource: str, k: int, have: int | None = None) -> int:
    """How many of k units of gold, spice or food the supply lets `seat` gain (§3.3)."""
    held = [getattr(p, resource) for p in state.players]
    if have is not None:
        held[seat] = have
    others = sum(cards(n) for i, n in enumerate(held) if i != seat)
    j = k
    while j > 0 and others + cards(held[seat] + j) > C.supply_cards[resource]:
        j -= 1
    return j


def silver_gain(silver: int, k: int) -> tuple[int, int]:
    """(added, lost to the cap of 6) for a gain of k silver (§2.1)."""
    added = max(0, min(C.silver_max, silver + k) - silver)
    return added, k - added


def gain_fact(state: State, seat: int, kind: str, k: int) -> dict[str, Any]:
    """amount and lost of a gain of k units of silver, gold, spice or food."""
    if kind == "silver":
        added, lost = silver_gain(state.players[seat].silver, k)
        return {"amount": added, "lost": lost}
    j = granted(state, seat, kind, k)
    return {"amount": j, "lost": k - j}


def apply_gain(state: State, seat: int, kind: str, amount: int) -> State:
    return player(state, seat, **{kind: getattr(state.players[seat], kind) + amount})


commands = Commands("Felinia", words=WORDS)


def to_act(state: State) -> frozenset[int]:
    """Who the game waits for (rules page §2.1's table)."""
    step = state.step
    if step is Step.BIDDING:
        return frozenset({(state.first + state.placement) % state.seats})
    if step is Step.TRADE:
        actor = state.actor()
        return frozenset({actor}) if state.asked and actor is not None else frozenset()
    if step is Step.BOARDING:
        return frozenset({state.dealer}) if state.dealer is not None else frozenset()
    if step in (Step.EXPLORATION, Step.MYSTERY):
        return frozenset({state.expedition.seat}) if state.expedition is not None else frozenset()
    if step in (Step.STORAGE, Step.FINAL_SALES):
        return state.owing
    return frozenset()


# The actions each decision offers (§2.1); `sell` belongs to every decision (§3.2), and a seat
# may also sell while another is to act (FE-AMB-10; `out_of_turn` in phases/selling.py).
OFFERS: dict[Step, tuple[str, ...]] = {
    Step.BIDDING: ("place_bid",),
    Step.BOARDING: ("board", "end_turn"),
    Step.EXPLORATION: ("flip", "move", "stop"),
    Step.MYSTERY: ("keep_mystery",),
    Step.STORAGE: ("store_fourth",),
    Step.FINAL_SALES: ("final_done",),
}


def why_not_offered(state: State, kind: str) -> Why:
    """The decision check of §2.1 (FE-AMB-41): the pending decision offers this action type."""
    step = state.step
    if kind == "sell":
        return None
    if step is Step.TRADE:
        guild = state.venue() == GUILD
        if kind in ("buy", "exchange") and (kind == "exchange") != guild:
            return ("trade.wrong_venue", _("You can buy at a market and exchange at the guild."))
        if kind == "board":
            return ("boarding.no_deal", _("You may board a ship only right after your own deal (a purchase or "
                                          "an exchange)."))
        if kind in ("buy", "exchange", "decline"):
            return None
    elif kind in OFFERS.get(step, ()):
        if kind == "flip" and state.advanced:
            return ("explore.flip_not_in_mode", _("In the advanced game every trade tile is face up already."))
        return None
    elif kind == "flip" and step is Step.MYSTERY and state.advanced:
        return ("explore.flip_not_in_mode", _("In the advanced game every trade tile is face up already."))
    return ("action.not_now", _("You cannot {action} now: the game is waiting for your {waiting}.",
                                action=action_name(kind), waiting=pgettext("waiting", _WAITING[step])))


_WAITING = {
    Step.BIDDING: NP_("waiting", "bid"), Step.TRADE: NP_("waiting", "deal or decline"),
    Step.BOARDING: NP_("waiting", "boarding or end of turn"), Step.EXPLORATION: NP_("waiting", "merchant's next step"),
    Step.MYSTERY: NP_("waiting", "choice of a mysterious place card"), Step.STORAGE: NP_("waiting", "storage"),
    Step.FINAL_SALES: NP_("waiting", "final sales"), Step.GAME_OVER: NP_("waiting", "nothing"),
}
