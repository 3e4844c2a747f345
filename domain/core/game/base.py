"""What every part of the `Game` aggregate stands on: what a game holds, its status, the state
hash schemes, plain JSON copies for events, and the questions every part asks of a game.

`GameBase.__init__` is what `GameCreated` sets: the attributes below are the whole of a game
(every one rebound on change, never mutated in place, so copying a game is cheap and safe).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, Self

from .. import codec, registry, table
from ..errors import IllegalAction
from ..i18n import _
from ..rng import game_seed
from ..rules import Fact, GameRules, Seat, fold
from ..words import bot_words

if TYPE_CHECKING:
    from eventsourcing.domain import Aggregate

    _Aggregate = Aggregate  # the parts are mixed into `Game`, an Aggregate
else:
    _Aggregate = object


class Status(enum.StrEnum):
    OPEN = "open"  # waiting for players: seats are still open, the setup has not run
    ACTIVE = "active"
    FINISHED = "finished"
    ABANDONED = "abandoned"


KEYED_FIELDS = "hmac-sha256-fields"  # keyed by the seed, over the state's fields as JSON (new games)
KEYED = "hmac-sha256"  # keyed by the seed, over the canonical text (games of records of format 2 and 3)
UNKEYED = "sha256"  # games created before keyed hashes (records of format 1)
HASH_SCHEMES = (KEYED_FIELDS, KEYED, UNKEYED)  # docs/replay.md, "State hashes", defines each


def hash_state(scheme: str, state: Any, seed: str | None) -> str:
    """The hash of `state` in a game's hash scheme (`seed` keys the keyed schemes)."""
    if scheme == KEYED_FIELDS:
        assert seed is not None
        return codec.fields_hash(state, seed)
    if scheme == KEYED:
        return codec.state_hash(state, seed)
    if scheme == UNKEYED:
        return codec.state_hash(state)
    raise ValueError(f"unknown hash scheme {scheme!r}")

# What the aggregate keeps for a moment and never stores: the time a command runs at, the state a
# decision led to (until its event applies it), the bot seats of the current seats, the seats to
# act in the current state.
TRANSIENT = ("_now", "_decided", "_bots", "_to_act")


_SCALARS = frozenset({str, int, bool, type(None)})
_STR = frozenset({str})


def plain(value: Any) -> Any:
    """JSON-native copy (tuples become lists, str and int subclasses plain str and int), so
    stored and live events compare equal. What is not plainly JSON (keys that are not
    strings, floats, other types) takes the JSON round trip, which says the same of them.
    A dict of plain scalars under string keys (most facts and actions) is copied as it is,
    without a call per value."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is dict or kind is list or kind is tuple:
        if kind is dict:
            if _STR.issuperset(map(type, value)):
                if _SCALARS.issuperset(map(type, value.values())):
                    return dict(value)
                return {k: v if type(v) in _SCALARS else plain(v) for k, v in value.items()}
        else:
            return [v if type(v) in _SCALARS else plain(v) for v in value]
    elif isinstance(value, list) or (isinstance(value, tuple) and not hasattr(value, "_fields")):
        return _plain_items(value)  # a list subclass such as `facts.Facts`
    return json.loads(json.dumps(value))


def _plain_items(items: Any) -> list[Any]:
    """`plain` of a sequence whose items are mostly dicts of plain scalars (a decision's facts):
    each such dict copied here, without a call of `plain` per item."""
    return [dict(v) if type(v) is dict and _SCALARS.issuperset(map(type, v.values())) and _STR.issuperset(map(type, v))
            else v if type(v) in _SCALARS else plain(v) for v in items]


_BASE_FIELDS = ("originator_id", "originator_version", "timestamp")


@functools.cache
def _own_fields(event_class: type) -> tuple[str, ...]:
    """The fields of an event class after the library's three, in their order."""
    names = tuple(f.name for f in dataclasses.fields(event_class))
    return names[3:] if names[:3] == _BASE_FIELDS else ("(not an event of the usual shape)",)


@functools.cache
def _required(event_class: type) -> int:
    """How many of its own fields an event must be given: those before the first optional one
    (an optional field is stored only when given, so older rows keep their bytes)."""
    optional = {f.name for f in dataclasses.fields(event_class) if f.default is not dataclasses.MISSING}
    own = _own_fields(event_class)
    return next((i for i, name in enumerate(own) if name in optional), len(own))


def made_event(event_class: Any, **fields: Any) -> Any:
    """An event of `event_class` from its fields, as the library's mapper makes one it reads
    from the store (its attributes set at once, not one by one through the frozen dataclass's
    `__init__`: issue 15, 3 µs of a move). Optional fields left out stay out of its attributes
    and of what is stored; reading one gives its default."""
    names = tuple(fields)
    own = _own_fields(event_class)
    given = len(names) - 3
    if names[:3] != _BASE_FIELDS or given < _required(event_class):
        return event_class(**fields)
    if names[3:] != own[:given]:  # (not the usual order: put in it, when they are its fields)
        if not set(names[3:]) <= set(own) or not set(own[:_required(event_class)]) <= set(names):
            return event_class(**fields)
        fields = {**{name: fields[name] for name in _BASE_FIELDS}, **{name: fields[name] for name in own if name in fields}}
    event = object.__new__(event_class)
    object.__setattr__(event, "__dict__", fields)
    return event


@dataclass(frozen=True)
class Move:
    """A seat's latest action still in effect (not taken back): its event version, the seat,
    and whether it or any move since revealed anything hidden (a random draw, or a fact the
    game's `reveals` marks). A game keeps one per seat, not its whole history, so what it
    stores stays the same size however long the game runs."""

    version: int
    seat: Seat
    revealed: bool


@dataclass(frozen=True)
class UndoRequest:
    seat: Seat
    to_version: int
    accepted: frozenset[Seat]
    at: datetime | None = None  # when it was asked


# Snapshots name the classes of a game's attributes `module:Class` (the canonical codec): these
# keep the module they had before the game's parts had modules of their own, which still
# exports them, so snapshots are written and read under the same names as before.
STORED_AS = "domain.core.aggregate"
Status.__module__ = Move.__module__ = UndoRequest.__module__ = STORED_AS


class GameBase(_Aggregate):
    """A game's attributes and the questions its parts ask of it (`Game` is made of the parts)."""

    # The seats' standing orders (`orders.Order`), in the order given: set by the first order,
    # so a game that never had one stores none (its snapshots read as they always did).
    orders: tuple[Any, ...] = ()
    order_times: dict[Seat, tuple[datetime, ...]] = {}  # noqa: RUF012 (rebound, never changed: `orders.Orders._note_order`)

    def __init__(
        self,
        game: str,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        host_token_hash: str | None,
        host_player: str | None,
        rules_version: str,
        committed_seed: str,
        salt: str | None,
        entropies: list[str] | None,
        seed_commitment: str,
        client_seeded: bool,
        hash_scheme: str,
        facts: list[Fact] | None,
        draws: list[list[int]] | None,
        state_hash: str | None,
        organised: bool,
        private: bool,
        invite_hash: str | None,
        settings: dict[str, Any],
    ) -> None:
        """What `GameCreated` (its fields, as the library passes them) makes of a new game."""
        self.game = game
        self.options = options
        self.seats = tuple(seats)
        self.host_token_hash = host_token_hash
        self.host_player = host_player
        self.rules_version = rules_version
        self.committed_seed = committed_seed
        self.salt = salt
        self.seed_commitment = seed_commitment
        self.client_seeded = client_seeded
        self.hash_scheme = hash_scheme
        self.organised = organised
        self.private = private
        self.invite_hash = invite_hash
        self.settings = settings
        self.seed_revealed = False
        self.moves: tuple[Move, ...] = ()  # each seat's latest move in effect, oldest first
        self.idempotency: tuple[tuple[str, int], ...] = ()  # (key_digest, version), newest last
        self.undo_request: UndoRequest | None = None
        self.ended: tuple[str, Seat] | None = None  # (termination, losing seat): resigned or timed out
        self.since: dict[Seat, datetime] = {}  # seats to act (people), since when
        self.bank: dict[Seat, int] = {}  # seconds left per seat, with a time bank
        self.talk: dict[str, tuple[datetime, ...]] = {}  # recent message times per author
        self.messages = 0
        self.entropies: list[str] | None = None
        self.seed: str | None = None
        self.state: Any = None
        self.state_hash: str | None = None
        self.status = Status.OPEN
        if facts is not None:
            self._set_up(entropies, facts, state_hash)

    def _set_up(self, entropies: list[str] | None, facts: list[Fact], state_hash: str | None) -> None:
        self.entropies = entropies
        self.seed = game_seed(self.committed_seed, entropies or (), self.client_seeded or entropies is None)
        self.state = fold(self.rules, None, facts)
        self.state_hash = state_hash
        self.status = Status.ACTIVE
        start = table.bank_seconds(self.settings.get("clock"))
        self.bank = {} if start is None else dict.fromkeys(range(len(self.seats)), start)

    # -- time and events --------------------------------------------------------------------

    def at(self, now: datetime | None) -> Self:
        """Stamp the events this copy triggers from now on with `now` (None: the library's
        clock). The service calls it with its clock before every command."""
        self.__dict__["_now"] = now
        return self

    def now(self) -> datetime:
        return self.__dict__.get("_now") or datetime.now(UTC)

    def trigger_event(self, event_class: Any, **kwargs: Any) -> None:
        """The library's `trigger_event` without its copies of the fields: the event as the next
        of this game's sequence, stamped with the time `at` set (or the library's clock),
        applied to this game and kept pending until saved (`made_event`: given its fields in
        their order, it is made as the mapper makes one it reads from the store)."""
        timestamp = kwargs.pop("timestamp", None) or self.__dict__.get("_now") or event_class.create_timestamp()
        new_event = made_event(event_class, originator_id=self._id, originator_version=self._version + 1,
                               timestamp=timestamp, **kwargs)
        new_event.mutate(self)
        self._pending_events.append(new_event)

    # -- questions every part asks ----------------------------------------------------------

    @property
    def rules(self) -> GameRules:
        return registry.get(self.game)

    def to_act(self) -> frozenset[Seat]:
        if self.status != Status.ACTIVE:
            return frozenset()
        # Asked several times per move (the bots' loop, the turn check, the clocks); the state is
        # immutable, so the answer is kept for the state it was computed from (not stored).
        state = self.state
        known: tuple[Any, frozenset[Seat]] | None = self.__dict__.get("_to_act")
        if known is not None and known[0] is state:
            return known[1]
        seats = self.rules.to_act(state)
        self.__dict__["_to_act"] = (state, seats)
        return seats

    def hash(self, state: Any) -> str:
        """The state hash of `state` in this game's scheme (keyed by its seed)."""
        return hash_state(self.hash_scheme, state, self.seed)

    def bot_of(self, seat: Seat) -> str | None:
        """The bot playing `seat`: a bot seat's own, or the stand-in for a person."""
        entry = self.seats[seat]
        return entry.get("bot") or entry.get("stand_in")

    def bot_seats(self) -> frozenset[Seat]:
        # Asked before and after every move; `seats` is a new tuple whenever a seat changes, so
        # the answer is kept for the tuple it was computed from (not stored in snapshots).
        seats = self.seats
        known: tuple[Any, frozenset[Seat]] | None = self.__dict__.get("_bots")
        if known is not None and known[0] is seats:
            return known[1]
        bots = frozenset(n for n in range(len(seats)) if self.bot_of(n))
        self.__dict__["_bots"] = (seats, bots)
        return bots

    def check_in_person(self, seat: Seat) -> None:
        """A seat's own commands (moves, take-backs and answers to them, resigning) are refused
        while a bot plays it: for good once it resigned, until its player is back when a bot
        stands in (the player asked, the host put one there when their clock ran out, or it ran
        out). Bots act through `play_bots` and `bots_answer`, never as the seat's person."""
        entry = self.seats[seat]
        bot = entry.get("stand_in")
        if entry.get("resigned"):
            if bot:
                raise IllegalAction("seat.resigned", _("You resigned from this game: a {bot} bot plays your seat to the "
                                                       "end; nothing is played, taken back or answered in your name any more.",
                                                       bot=bot_words(bot)))
            raise IllegalAction("seat.resigned", _("You resigned from this game; nothing is played, taken back "
                                                   "or answered in your name any more."))
        if bot:
            if entry.get("away") == "timeout":
                raise IllegalAction("seat.stood_in", _("A {bot} bot plays your seat since your time ran out: take your "
                                                       "seat back first (you are back), then play.", bot=bot_words(bot)))
            raise IllegalAction("seat.stood_in", _("A {bot} bot plays your seat: take your seat back first "
                                                   "(you are back), then play.", bot=bot_words(bot)))

    def _check_playing(self) -> None:
        if self.status == Status.OPEN:
            raise IllegalAction("game.not_started", _("This game has not started: it waits for players to fill its seats."))
        if self.status != Status.ACTIVE:
            raise IllegalAction("game.over", _("This game is over; no more moves can be made."))

    @staticmethod
    def _check_bot(rules: GameRules, bot: str | None) -> None:
        if bot is not None and bot not in rules.BOTS:
            raise IllegalAction("options.unknown_bot", _("There is no bot called {bot!r}; choose one of {bots}.",
                                                         bot=bot, bots=sorted(rules.BOTS)))

    # -- copying ----------------------------------------------------------------------------

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self.copied()

    def copied(self) -> Self:
        """A copy of its own (what `copy.deepcopy` gives, without its memo and dispatch)."""
        # Every attribute is immutable or rebound on change, so a shallow copy is a safe copy;
        # only the list of pending events must not be shared, and the time set by `at` is not
        # passed on.
        # (`copy.copy` would do the same through `__reduce_ex__`; this is the direct way.)
        clone = object.__new__(type(self))
        attributes = clone.__dict__
        attributes.update(self.__dict__)
        attributes["_pending_events"] = []
        attributes.pop("_now", None)
        return clone
