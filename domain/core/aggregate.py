"""The `Game` aggregate: one event stream per game, one stored event per accepted command.

Version 0 is `GameCreated`; every later event bumps the version by one, so
`repository.get(game_id, version=n)` is the game as it stood after event n. Events:

    GameCreated     seats (token hashes only), the seed commitment, the table's settings; for a
                    game whose seats are all given at creation ("organised": a list of names)
                    also the setup facts, so it starts at once
    SeatTaken / SeatLeft   a player or a bot takes an open seat (with the entropy it adds to
                    the seed), or a player leaves one before the start
    GameStarted     the last seat was filled: the seats' entropies, the setup facts and draws
    ActionTaken     seat, action, every fact it caused, the draws it made, the state hash after
                    (HMAC-SHA256 keyed by the game's seed: see `hash_state`)
    UndoRequested / UndoAnswered / UndoApplied    take-backs; nothing is ever deleted
    BotStoodIn / PlayerReturned    a bot plays a seat until its player is back (they asked, or
                    their clock ran out); they came back
    PlayerResigned  a seat gave up: a bot plays on, or the game ends (the table's `on_resign`)
    TimedOut        a seat ran out of time: a bot stands in, or the seat forfeits
    ClockRelaxed, MadePrivate, InviteRenewed, MessagePosted    the host's powers; table talk
    GameAbandoned   the host stopped the game
    SeedRevealed    the secret seed, published once the game is over

Every attribute is rebound, never mutated in place, so copying an aggregate is cheap and safe.
Event classes carry `class_version`; to change an event's shape, bump it and add a static
`upcast_vN_vN+1(state)` on the event class (the eventsourcing library applies it on load).

Time: each event's timestamp is when it happened (the library's clock, or the time the caller
set with `at(now)`: the service's clock, a fake one in tests). Clocks are kept from those
timestamps only, so a replay gives the same deadlines.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import functools
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, ClassVar, cast

from eventsourcing.domain import Aggregate, event
from eventsourcing.domain import Snapshot as LibrarySnapshot

from . import codec, registry, table
from .errors import IllegalAction
from .rng import Rng, game_seed, new_salt, seed_commitment
from .rules import (
    Action,
    Fact,
    GameRules,
    Outcome,
    Seat,
    SeatResult,
    actions_now,
    fold,
    revealing,
    turn_allows,
)
from .words import seat as seat_words


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
IDEMPOTENCY_WINDOW = 512  # how many recent Idempotency-Keys each game remembers
MAX_BOT_MOVES = 20_000  # a safety bound on how many moves bots play in one go

SEAT_KEYS = ("name", "bot", "token_hash", "player", "entropy", "stand_in", "resigned")
OPEN_SEAT: dict[str, Any] = dict.fromkeys(SEAT_KEYS)


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


def seat_entry(**given: Any) -> dict[str, Any]:
    """A seat as stored: every key present (None where not given)."""
    entry = {**OPEN_SEAT, **{k: v for k, v in given.items() if k in SEAT_KEYS}}
    entry["resigned"] = bool(entry["resigned"])
    return entry


def public_seats(seats: Any) -> list[dict[str, Any]]:
    """Who sits where, as anyone may see it (token hashes left out; an open seat has no name)."""
    return [
        {
            "seat": n,
            "name": s.get("name"),
            "bot": s.get("bot"),
            "open": s.get("name") is None,
            "player": s.get("player"),
            "stand_in": s.get("stand_in"),
            "away": s.get("away") if s.get("stand_in") else None,
            "resigned": bool(s.get("resigned")),
        }
        for n, s in enumerate(seats)
    ]


def ended_outcome(seats: int, loser: Seat, termination: str) -> Outcome:
    """How a game ends when a seat resigns or forfeits on time: that seat is last, every other
    seat shares first place (scores are not counted)."""
    return Outcome(
        tuple(SeatResult(seat=n, score=0, rank=seats if n == loser else 1) for n in range(seats)),
        termination,
    )


@dataclass(frozen=True)
class Move:
    """A seat's latest action still in effect (not taken back): its event version, the seat,
    and whether it or any move since revealed anything hidden (a random draw, or a fact the
    game's `reveals` marks). A game keeps one per seat, not its whole history, so what it
    stores stays the same size however long the game runs."""

    version: int
    seat: Seat
    revealed: bool


def key_digest(key: str) -> str:
    """What a game remembers of an Idempotency-Key: 128 bits of its sha256, so the memory of
    the last keys has a fixed size whatever length clients choose (up to 200 characters)."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]


@dataclass(frozen=True)
class UndoRequest:
    seat: Seat
    to_version: int
    accepted: frozenset[Seat]
    at: datetime | None = None  # when it was asked


def _upcast_seats(state: dict[str, Any]) -> None:
    state["seats"] = [seat_entry(**s) for s in state["seats"]]


class Game(Aggregate):
    INITIAL_VERSION = 0

    class Event(Aggregate.Event):
        """Every event of a game, creation included (the library rebases them on this class):
        after an event is applied, the seats' clocks are brought up to its timestamp."""

        # What a log row shows of the event besides its facts: these fields as its `detail`.
        DETAIL: ClassVar[tuple[str, ...]] = ()

        @classmethod
        def detail(cls, fields: Mapping[str, Any]) -> dict[str, Any] | None:
            """The event's detail for the log (`fields`: the event's attributes or its record row)."""
            return {name: fields.get(name) for name in cls.DETAIL} if cls.DETAIL else None

        @classmethod
        def actor(cls, fields: Mapping[str, Any]) -> Seat | None:
            """The seat whose doing the event is, if any."""
            return cast("Seat | None", fields.get("seat"))

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            """One sentence for an event of the table (not of the rules), seats written as
            `words.seat(n)`; None where the rules' `describe` speaks, or nobody."""
            return None

        def mutate(self, aggregate: Any) -> Any:
            game = super().mutate(aggregate)
            if isinstance(game, Game):
                game._keep_time(self.timestamp)
                if isinstance(self, Game.MessagePosted):
                    game._note_message(self.author, self.timestamp)
                elif isinstance(self, Game.UndoRequested) and game.undo_request is not None:
                    game.undo_request = replace(game.undo_request, at=self.timestamp)
            return game

    @staticmethod
    def event_class(name: str) -> type[Game.Event] | None:
        """The event class a record row's `type` names (None for a name that is not one)."""
        cls = getattr(Game, name, None) if name[:1].isupper() else None
        return cls if isinstance(cls, type) and issubclass(cls, Game.Event) else None

    class GameCreated(Aggregate.Created):
        """`committed_seed` is the secret the commitment is about (the server's seed, or the
        client's seed in a client-seeded game), `salt` the commitment's secret salt; both are
        published by SeedRevealed. An organised game (every seat given at creation) carries its
        setup here (`entropies`, `facts`, `draws`, `state_hash`); a game with open seats carries
        None there and is set up by GameStarted when its last seat is filled.

        v3: seats carry `player`, `entropy`, `stand_in`, `resigned`; `host_player`, `organised`,
        `private`, `invite_hash`, `settings`; the setup fields may be None."""

        class_version = 3
        game: str
        options: dict[str, Any]
        seats: list[dict[str, Any]]
        host_token_hash: str | None
        host_player: str | None
        rules_version: str
        committed_seed: str
        salt: str | None
        entropies: list[str] | None
        seed_commitment: str
        client_seeded: bool
        hash_scheme: str
        facts: list[Fact] | None
        draws: list[list[int]] | None
        state_hash: str | None
        organised: bool
        private: bool
        invite_hash: str | None
        settings: dict[str, Any]

        @classmethod
        def detail(cls, fields: Mapping[str, Any]) -> dict[str, Any] | None:
            return {"players": [s["name"] for s in fields["seats"]], "options": fields["options"],
                    "seed_commitment": fields["seed_commitment"], "organised": fields["organised"]}

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["committed_seed"] = state.pop("seed")
            state["salt"] = None
            state["entropies"] = None
            state["hash_scheme"] = UNKEYED

        @staticmethod
        def upcast_v2_v3(state: dict[str, Any]) -> None:
            _upcast_seats(state)
            state.update(host_player=None, organised=True, private=False, invite_hash=None,
                         settings=dict(table.DEFAULT_SETTINGS))

    @event(GameCreated)
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

    # -- creation ---------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        game: str,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        host_token_hash: str,
        committed_seed: str,
        client_seeded: bool,
        salt: str | None = None,
        entropies: list[str] | None = None,
        settings: dict[str, Any] | None = None,
        now: datetime | None = None,
    ) -> Game:
        """An organised game: every seat given now (names and bots), set up at once with the
        'setup' stream.

        `committed_seed` is a fresh server seed (`rng.new_seed`), or the client's seed when
        `client_seeded`; `salt` the commitment's secret salt (default: a fresh one);
        `entropies` what the seats added (server-seeded games only)."""
        rules = registry.get(game)
        cls._check_seats(rules, len(seats))
        for seat in seats:
            cls._check_bot(rules, seat.get("bot"))
        options = plain(rules.check_options(options, len(seats)))
        settings = table.check_settings(settings, rules.BOTS)
        salt = salt if salt is not None else new_salt()
        entropies = [] if client_seeded else list(entropies or [])
        seed = game_seed(committed_seed, entropies, client_seeded)
        rng = Rng(seed, "setup")
        facts = plain(rules.setup(options, len(seats), rng))
        state = fold(rules, None, facts)
        return cls._create(
            cls.GameCreated,
            timestamp=now,
            game=game,
            options=options,
            seats=[seat_entry(**s) for s in seats],
            host_token_hash=host_token_hash,
            host_player=None,
            rules_version=rules.RULES_VERSION,
            committed_seed=committed_seed,
            salt=salt,
            entropies=entropies,
            seed_commitment=seed_commitment(committed_seed, salt),
            client_seeded=client_seeded,
            hash_scheme=KEYED_FIELDS,
            facts=facts,
            draws=rng.draws,
            state_hash=hash_state(KEYED_FIELDS, state, seed),
            organised=True,
            private=False,
            invite_hash=None,
            settings=settings,
        )

    @classmethod
    def open(
        cls,
        game: str,
        options: dict[str, Any],
        seats: int,
        host_player: str,
        committed_seed: str,
        client_seeded: bool,
        invite_hash: str,
        private: bool = False,
        settings: dict[str, Any] | None = None,
        salt: str | None = None,
        now: datetime | None = None,
    ) -> Game:
        """A game with `seats` open seats, hosted by a player. The server's seed is committed
        now, before any seat adds its entropy; the setup runs when the last seat is filled."""
        rules = registry.get(game)
        cls._check_seats(rules, seats)
        options = plain(rules.check_options(options, seats))
        settings = table.check_settings(settings, rules.BOTS)
        salt = salt if salt is not None else new_salt()
        return cls._create(
            cls.GameCreated,
            timestamp=now,
            game=game,
            options=options,
            seats=[dict(OPEN_SEAT) for _ in range(seats)],
            host_token_hash=None,
            host_player=host_player,
            rules_version=rules.RULES_VERSION,
            committed_seed=committed_seed,
            salt=salt,
            entropies=None,
            seed_commitment=seed_commitment(committed_seed, salt),
            client_seeded=client_seeded,
            hash_scheme=KEYED_FIELDS,
            facts=None,
            draws=None,
            state_hash=None,
            organised=False,
            private=private,
            invite_hash=invite_hash,
            settings=settings,
        )

    @staticmethod
    def _check_seats(rules: GameRules, count: int) -> None:
        if not rules.MIN_SEATS <= count <= rules.MAX_SEATS:
            raise IllegalAction(
                "options.player_count",
                f"{rules.TITLE} is played by {rules.MIN_SEATS} to {rules.MAX_SEATS} players, not {count}.",
            )

    @staticmethod
    def _check_bot(rules: GameRules, bot: str | None) -> None:
        if bot is not None and bot not in rules.BOTS:
            raise IllegalAction("options.unknown_bot", f"There is no bot called {bot!r}; choose one of {sorted(rules.BOTS)}.")

    # -- time -------------------------------------------------------------------------------

    def at(self, now: datetime | None) -> Game:
        """Stamp the events this copy triggers from now on with `now` (None: the library's
        clock). The service calls it with its clock before every command."""
        self.__dict__["_now"] = now
        return self

    def now(self) -> datetime:
        return self.__dict__.get("_now") or datetime.now(UTC)

    def trigger_event(self, event_class: Any, **kwargs: Any) -> None:
        """The library's `trigger_event` without its copies of the fields: the event as the next
        of this game's sequence, stamped with the time `at` set (or the library's clock),
        applied to this game and kept pending until saved.

        Given every field of the event class in its order, the event is made as the library's
        mapper makes one it reads from the store (its attributes set at once), not through the
        frozen dataclass's `__init__`, which sets them one by one (issue 15: 3 µs of a move)."""
        timestamp = kwargs.pop("timestamp", None) or self.__dict__.get("_now") or event_class.create_timestamp()
        if tuple(kwargs) == _own_fields(event_class):
            new_event = object.__new__(event_class)
            object.__setattr__(new_event, "__dict__", {"originator_id": self._id, "originator_version": self._version + 1,
                                                       "timestamp": timestamp, **kwargs})
        else:
            new_event = event_class(originator_id=self.id, originator_version=self.version + 1,
                                    timestamp=timestamp, **kwargs)
        new_event.mutate(self)
        self._pending_events.append(new_event)

    def _keep_time(self, when: datetime) -> None:
        """After each event: seats that stopped waiting spend their bank; new ones start waiting."""
        if not self.since and self.to_act() <= self.bot_seats():  # nobody waits, nobody waited (bots)
            return
        waiting = self.clocked_seats()
        since = dict(self.since)
        bank = dict(self.bank)
        clock = self.settings.get("clock")
        for seat in set(since) - waiting:
            if seat in bank:
                bank[seat] = cast(int, table.spend(clock, bank[seat], since[seat], when))
            del since[seat]
        for seat in waiting - set(since):
            since[seat] = when
        if since != self.since:
            self.since = since
        if bank != self.bank:
            self.bank = bank

    def clocked_seats(self) -> frozenset[Seat]:
        """The people who are to act now (bots and stand-ins have no clock)."""
        return self.to_act() - self.bot_seats()

    def deadline(self, seat: Seat) -> datetime | None:
        since = self.since.get(seat)
        if since is None:
            return None
        return table.deadline(self.settings.get("clock"), since, self.bank.get(seat))

    def overdue(self, now: datetime) -> list[Seat]:
        return sorted(s for s in self.since if (d := self.deadline(s)) is not None and d <= now)

    def waiting(self) -> list[tuple[Seat, str]]:
        """Who the game waits for, and why: ("turn") to act, or ("undo") to answer a take-back
        request. People only: bots answer at once."""
        rows = [(seat, "turn") for seat in sorted(self.clocked_seats())]
        request = self.undo_request
        if request is not None and self.status == Status.ACTIVE:
            people = set(range(len(self.seats))) - self.bot_seats()
            rows += [(s, "undo") for s in sorted(people - request.accepted - {request.seat})]
        return rows

    # -- queries ----------------------------------------------------------------------------

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

    def legal_actions(self, seat: Seat) -> list[Action]:
        """What `seat`'s player may send now: its legal actions when it is to act, else any the
        game lets it take out of turn (`rules.actions_now`); nothing unless the game is in play,
        nor while a bot plays the seat (`check_in_person`: the bot plays only its turns)."""
        if self.status != Status.ACTIVE or self.bot_of(seat):
            return []
        return actions_now(self.rules, self.state, seat, self.to_act())

    def outcome(self) -> Outcome | None:
        if self.ended is not None:
            termination, loser = self.ended
            return ended_outcome(len(self.seats), loser, termination)
        if self.state is None:
            return None
        return self.rules.outcome(self.state)

    def hash(self, state: Any) -> str:
        """The state hash of `state` in this game's scheme (keyed by its seed)."""
        return hash_state(self.hash_scheme, state, self.seed)

    def seat_of(self, token_hash: str) -> Seat | None:
        for number, seat in enumerate(self.seats):
            if seat.get("token_hash") == token_hash:
                return number
        return None

    def seat_of_player(self, player: str) -> Seat | None:
        for number, seat in enumerate(self.seats):
            if seat.get("player") == player:
                return number
        return None

    def open_seats(self) -> list[Seat]:
        return [n for n, s in enumerate(self.seats) if s.get("name") is None]

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

    def version_for_key(self, key: str) -> int | None:
        digest = key_digest(key)
        for known, version in self.idempotency:
            if known == digest:
                return version
        return None

    # -- seats ------------------------------------------------------------------------------

    def take_seat(
        self,
        name: str | None,
        player: str | None = None,
        bot: str | None = None,
        entropy: str | None = None,
        seat: Seat | None = None,
        token_hash: str | None = None,
    ) -> Seat:
        """A player (or a bot) takes an open seat: `seat`, or the first open one. When it was
        the last, the game starts (setup). A bot given no name gets one of its own at this
        table (`bot_name`). Returns the seat taken."""
        if self.status != Status.OPEN:
            raise IllegalAction("join.started", "This game has started; its seats are taken.")
        if player is not None and self.seat_of_player(player) is not None:
            raise IllegalAction("join.already_seated", "You already have a seat at this game.")
        self._check_bot(self.rules, bot)
        free = self.open_seats()
        if not free:
            raise IllegalAction("join.full", "Every seat of this game is taken.")
        if seat is None:
            seat = free[0]
        elif seat not in free:
            raise IllegalAction("join.seat_taken", f"Seat {seat} is not open; open seats: {free}.")
        if name is None:
            assert bot is not None, "a person takes a seat under their own name"
            name = self.bot_name(bot)
        self._seat_taken(seat=seat, name=name, player=player, bot=bot, token_hash=token_hash,
                         entropy="" if bot else table.check_entropy(entropy))
        if not self.open_seats():
            self._begin()
        return seat

    def bot_name(self, bot: str) -> str:
        """The name of a new `bot` seat, unique at this table: "greedy bot", then "greedy bot 2",
        "greedy bot 3", so the log, the turn order and the mails tell two bots of a kind apart."""
        taken = {s.get("name") for s in self.seats}
        name, count = f"{bot} bot", 1
        while name in taken:
            count += 1
            name = f"{bot} bot {count}"
        return name

    def leave_seat(self, seat: Seat) -> None:
        if self.status != Status.OPEN:
            raise IllegalAction("leave.started", "The game has started: resign instead of leaving.")
        self._seat_left(seat=seat)

    def _begin(self) -> None:
        """The last seat is filled: the game's seed is HMAC(server seed, the seats' entropies in
        seat order); the setup draws from it."""
        rules = self.rules
        entropies = [] if self.client_seeded else [s.get("entropy") or "" for s in self.seats]
        seed = game_seed(self.committed_seed, entropies, self.client_seeded)
        rng = Rng(seed, "setup")
        facts = plain(rules.setup(self.options, len(self.seats), rng))
        state = fold(rules, None, facts)
        self._decided = state
        self._game_started(
            entropies=entropies,
            facts=facts,
            draws=rng.draws,
            state_hash=hash_state(self.hash_scheme, state, seed),
            to_act=sorted(rules.to_act(state)),
        )

    # -- commands ---------------------------------------------------------------------------

    def take_action(
        self, seat: Seat, action: Action, idempotency_key: str | None = None, bot: str | None = None
    ) -> None:
        """Decide `action` for `seat`; record it with its facts, then finish the game if over.
        `bot`: the bot that plays it (None: the seat's person, refused while a bot plays the seat)."""
        self._check_playing()
        if bot is None:
            self.check_in_person(seat)
        rules = self.rules
        if not turn_allows(rules, self.to_act(), seat, action):  # to act, or an out-of-turn action
            raise IllegalAction("turn.not_yours", "It is not your turn.")
        before = self.state
        assert self.seed is not None
        rng = Rng(self.seed, f"event:{self.version + 1}")
        decided = rules.decide(before, seat, action, rng)
        state = getattr(decided, "state", None)  # a `facts.Tx` decision carries its state
        if state is None:
            state = fold(rules, before, decided)
        finished = rules.outcome(state) is not None
        after = frozenset() if finished else rules.to_act(state)
        # `_apply_action` takes this state (and that it ends the game) instead of folding the
        # facts again; the event is built directly, not through the library's decorator.
        self._decided = (state, finished)
        self.__dict__["_to_act"] = (state, after)
        self.trigger_event(
            Game.ActionTaken,
            seat=seat,
            action=plain(action),
            facts=plain(decided),
            draws=rng.draws,
            state_hash=self.hash(state),
            to_act=sorted(after),
            idempotency_key=idempotency_key,
            bot=bot or self.bot_of(seat),
        )
        if finished:
            self._reveal_seed()

    def _check_playing(self) -> None:
        if self.status == Status.OPEN:
            raise IllegalAction("game.not_started", "This game has not started: it waits for players to fill its seats.")
        if self.status != Status.ACTIVE:
            raise IllegalAction("game.over", "This game is over; no more moves can be made.")

    def _bot_move(self, seat: Seat, bot: str) -> None:
        action = self.rules.BOTS[bot](self.state, seat, Rng(self.seed, f"bot:{self.version + 1}"))  # type: ignore[arg-type]
        self.take_action(seat, action, bot=bot)

    def check_in_person(self, seat: Seat) -> None:
        """A seat's own commands (moves, take-backs and answers to them, resigning) are refused
        while a bot plays it: for good once it resigned, until its player is back when a bot
        stands in (the player asked, the host put one there when their clock ran out, or it ran
        out). Bots act through `play_bots` and `bots_answer`, never as the seat's person."""
        entry = self.seats[seat]
        bot = entry.get("stand_in")
        if entry.get("resigned"):
            plays = f": a {bot} bot plays your seat to the end" if bot else ""
            raise IllegalAction("seat.resigned", f"You resigned from this game{plays}; nothing is played, taken back "
                                "or answered in your name any more.")
        if bot:
            why = " since your time ran out" if entry.get("away") == "timeout" else ""
            raise IllegalAction("seat.stood_in", f"A {bot} bot plays your seat{why}: take your seat back first "
                                "(you are back), then play.")

    def play_bots(self) -> int:
        """Let bot seats move whenever one may act; returns how many moves they made.

        Where the rules let several seats act at once, bots answer at once and people keep
        whatever the rules leave open to them. The service calls it after every command
        (`Shiplog._settle`), so no position waits for a bot.
        """
        played = 0
        while played < MAX_BOT_MOVES and self.status == Status.ACTIVE:
            waiting = self.to_act() & self.bot_seats()
            if not waiting:
                break
            seat = min(waiting)
            self._bot_move(seat, self.bot_of(seat))  # type: ignore[arg-type]
            played += 1
        return played

    def can_take_back_at_once(self, seat: Seat) -> bool:
        """Only the seat's own latest move, and only if it showed nothing hidden: a move that
        drew or revealed something is taken back only with the other seats' consent."""
        last = self.moves[-1] if self.moves else None
        return last is not None and last.seat == seat and not last.revealed

    def undo_target(self, seat: Seat) -> int:
        """The version to go back to: just before `seat`'s last action still in effect. A seat
        a bot plays has no take-back: its latest moves are the bot's (`check_in_person`)."""
        if self.status != Status.ACTIVE:
            raise IllegalAction("undo.game_over", "Only a game in play can be taken back.")
        self.check_in_person(seat)
        for move in reversed(self.moves):
            if move.seat == seat:
                return move.version - 1
        raise IllegalAction("undo.nothing", "You have no move to take back.")

    def request_undo(self, seat: Seat) -> None:
        if self.undo_request is not None:
            raise IllegalAction("undo.pending", "A take-back request is already waiting for answers.")
        self._undo_requested(seat=seat, to_version=self.undo_target(seat))
        self.bots_answer()

    def bots_answer(self) -> None:
        """Bots accept a pending take-back request at once: those at the table when it was
        asked, and a bot that took a seat since (a resignation, a stand-in, a timeout), which
        would otherwise leave the request waiting for an answer nobody gives."""
        request = self.undo_request
        if request is None or self.status != Status.ACTIVE:
            return
        for bot_seat in sorted(self.bot_seats() - request.accepted - {request.seat}):
            self._undo_answered(seat=bot_seat, accept=True)

    def answer_undo(self, seat: Seat, accept: bool) -> None:
        self.check_in_person(seat)
        request = self.undo_request
        if request is None:
            raise IllegalAction("undo.none_pending", "There is no take-back request to answer.")
        if seat == request.seat:
            raise IllegalAction("undo.own_request", "You cannot answer your own take-back request.")
        if seat in request.accepted:
            raise IllegalAction("undo.already_answered", "You have already accepted this request.")
        self._undo_answered(seat=seat, accept=accept)

    def undo_granted(self) -> bool:
        request = self.undo_request
        if request is None:
            return False
        others = set(range(len(self.seats))) - {request.seat}
        return others <= request.accepted

    def apply_undo(self, then: Game, requested_by: Seat) -> None:
        """Return to `then`, this game as it stood at an earlier version (loaded by the caller
        from the store): its state, and which moves were in effect then."""
        self._undo_applied(
            to_version=then.version,
            requested_by=requested_by,
            state=codec.dumps(then.state),
            state_hash=self.hash(then.state),
            moves=[[m.version, m.seat, m.revealed] for m in then.moves],
        )

    def abandon(self, reason: str) -> None:
        if self.status not in (Status.OPEN, Status.ACTIVE):
            raise IllegalAction("game.over", "This game is already over.")
        self._game_abandoned(reason=reason)
        self._reveal_seed()

    def _reveal_seed(self) -> None:
        self._seed_revealed(seed=self.committed_seed, salt=self.salt)

    # -- people: stand-ins, resignations, timeouts ------------------------------------------

    def stand_in(self, seat: Seat, bot: str | None = None, asked: bool = False) -> None:
        """A bot plays the seat until its player is back, when the table's rules allow it: the
        player asked for it (`asked`: "let a bot play for me"), or the host asks and the seat's
        clock has run out. A present player's seat is never taken from them."""
        self._check_playing()
        entry = self.seats[seat]
        if entry.get("bot") or entry.get("resigned"):
            raise IllegalAction("stand_in.not_a_player", "A bot already plays this seat for good.")
        if entry.get("stand_in"):
            raise IllegalAction("stand_in.already", "A bot already stands in for this seat.")
        if not asked and seat not in self.overdue(self.now()):
            raise IllegalAction("stand_in.player_present", f"{entry.get('name')} is still in the game: a bot takes "
                                "their seat only when they ask for it, or when their clock has run out.")
        bot = bot or self.settings.get("bot") or table.default_bot(self.rules.BOTS)
        self._check_bot(self.rules, bot)
        self._bot_stood_in(seat=seat, bot=bot, reason="asked" if asked else "host")

    def return_seat(self, seat: Seat) -> None:
        """The player is back: the stand-in bot leaves the seat."""
        self._check_playing()
        entry = self.seats[seat]
        if not entry.get("stand_in") or entry.get("resigned"):
            raise IllegalAction("return.not_away", "No bot stands in for this seat.")
        self._player_returned(seat=seat)

    def resign(self, seat: Seat) -> None:
        """The seat gives up: by the table's `on_resign`, a bot plays on or the game ends."""
        self._check_playing()
        entry = self.seats[seat]
        if entry.get("bot"):
            raise IllegalAction("resign.already", "A bot's seat cannot resign.")
        self.check_in_person(seat)
        if self.settings.get("on_resign") == "end":
            self._player_resigned(seat=seat, then="end", bot=None)
            self._reveal_seed()
            return
        bot = self.settings.get("bot") or table.default_bot(self.rules.BOTS)
        self._player_resigned(seat=seat, then="bot", bot=bot)

    def time_out(self, now: datetime) -> list[Seat]:
        """Apply the table's timeout policy to every seat whose time ran out by `now`: a bot
        plays the seat until its player is back (`return_seat`), or it forfeits (the game
        ends). Returns the seats timed out."""
        done: list[Seat] = []
        for seat in self.overdue(now):
            if self.status != Status.ACTIVE or seat not in self.overdue(now):
                continue
            policy = self.settings.get("on_timeout", "bot")
            self._timed_out(seat=seat, deadline=cast(datetime, self.deadline(seat)).isoformat(), policy=policy)
            done.append(seat)
            if policy == "forfeit":
                self._reveal_seed()
                break
            bot = self.settings.get("bot") or table.default_bot(self.rules.BOTS)
            self._bot_stood_in(seat=seat, bot=bot, reason="timeout")
        return done

    # -- the host's powers and table talk ---------------------------------------------------

    def relax_clock(self, clock: Any) -> None:
        if self.status not in (Status.OPEN, Status.ACTIVE):
            raise IllegalAction("game.over", "This game is over.")
        new = table.check_clock(clock)
        if not table.relaxes(self.settings.get("clock"), new):
            raise IllegalAction("clock.not_relaxed", "The host may give more time, never less (or remove the clock).")
        if new == self.settings.get("clock"):
            return
        self._clock_relaxed(clock=new)

    def make_private(self) -> None:
        if not self.private:
            self._made_private()

    def renew_invite(self, invite_hash: str) -> None:
        self._invite_renewed(invite_hash=invite_hash)

    def post_message(self, author: Seat | None, name: str, text: str) -> None:
        """Table talk: `author` is a seat, or None for the host without a seat."""
        text = table.check_message(text)
        if self.messages >= table.MESSAGES_PER_GAME:
            raise IllegalAction("message.too_many", f"This game has reached its {table.MESSAGES_PER_GAME} messages.")
        limit, window = table.MESSAGE_RATE
        now = self.now()
        recent = [t for t in self.talk.get(self._author_key(author), ()) if now - t < window]
        if len(recent) >= limit:
            raise IllegalAction("message.too_often", f"At most {limit} messages in {int(window.total_seconds() // 60)} minutes; wait a little.")
        self._message_posted(author=author, name=name, text=text)

    @staticmethod
    def _author_key(author: Seat | None) -> str:
        return "host" if author is None else str(author)

    # -- events -----------------------------------------------------------------------------

    class SeatTaken(Aggregate.Event):
        class_version = 1
        seat: int
        name: str
        player: str | None
        bot: str | None
        token_hash: str | None
        entropy: str
        DETAIL = ("name", "bot", "player", "entropy")

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            added = " and adds entropy to the seed" if fields.get("entropy") else ""
            return f"{fields['name']} takes a seat{added}."

    @event(SeatTaken)
    def _seat_taken(self, seat: int, name: str, player: str | None, bot: str | None,
                    token_hash: str | None, entropy: str) -> None:
        entry = seat_entry(name=name, player=player, bot=bot, token_hash=token_hash, entropy=entropy)
        self.seats = tuple(entry if n == seat else s for n, s in enumerate(self.seats))

    class SeatLeft(Aggregate.Event):
        class_version = 1
        seat: int

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            return "A player leaves; the seat is open again."

    @event(SeatLeft)
    def _seat_left(self, seat: int) -> None:
        self.seats = tuple(dict(OPEN_SEAT) if n == seat else s for n, s in enumerate(self.seats))

    class GameStarted(Aggregate.Event):
        class_version = 1
        entropies: list[str]
        facts: list[Fact]
        draws: list[list[int]]
        state_hash: str
        to_act: list[int]
        DETAIL = ("entropies", "to_act")

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            return "Every seat is taken: the game starts."

    @event(GameStarted)
    def _game_started(self, entropies: list[str], facts: list[Fact], draws: list[list[int]],
                      state_hash: str, to_act: list[int]) -> None:
        self.__dict__.pop("_decided", None)
        self._set_up(entropies, facts, state_hash)

    class ActionTaken(Aggregate.Event):
        class_version = 1
        seat: int
        action: Action
        facts: list[Fact]
        draws: list[list[int]]
        state_hash: str
        to_act: list[int]
        idempotency_key: str | None
        bot: str | None

        def apply(self, aggregate: Any) -> None:
            # Applied directly, not through the library's `@event` decorator, which copies and
            # filters the fields twice per event (issue 15: one event per move, thousands a game).
            aggregate._apply_action(self)

        def mutate(self, aggregate: Any) -> Any:
            # `Game.Event.mutate` without its questions about the kind of event: the library's
            # checks and bookkeeping, this event's `apply`, then the clocks.
            game = cast(Game, Aggregate.Event.mutate(self, aggregate))
            game._keep_time(self.timestamp)
            return game

    def _apply_action(self, ev: Game.ActionTaken) -> None:
        version = ev.originator_version
        seat = ev.seat
        rules = self.rules
        decided = self.__dict__.pop("_decided", None)  # (state, finished) when decided here
        if decided is not None:
            self.state, finished = decided
        else:
            self.state = fold(rules, self.state, ev.facts)
            finished = rules.outcome(self.state) is not None
        self.state_hash = ev.state_hash
        revealed = bool(ev.draws) or revealing(rules, ev.facts)
        moves = self.moves
        if revealed and not all(m.revealed for m in moves):
            moves = tuple(m if m.revealed else replace(m, revealed=True) for m in moves)
        self.moves = (*[m for m in moves if m.seat != seat], Move(version, seat, revealed))
        self.undo_request = None  # a new move lets any pending take-back request lapse
        if ev.idempotency_key is not None:
            remembered = (key_digest(ev.idempotency_key), version)
            self.idempotency = (*self.idempotency[-(IDEMPOTENCY_WINDOW - 1) :], remembered)
        if finished:
            self.status = Status.FINISHED

    class UndoRequested(Aggregate.Event):
        class_version = 1
        seat: int
        to_version: int
        DETAIL = ("to_version",)

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            return f"{seat_words(fields['seat'])} asks to take back (to #{fields['to_version']})."

    @event(UndoRequested)
    def _undo_requested(self, seat: int, to_version: int) -> None:
        self.undo_request = UndoRequest(seat, to_version, frozenset())

    class UndoAnswered(Aggregate.Event):
        class_version = 1
        seat: int
        accept: bool
        DETAIL = ("accept",)

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            return f"{seat_words(fields['seat'])} {'accepts' if fields['accept'] else 'declines'} the take-back."

    @event(UndoAnswered)
    def _undo_answered(self, seat: int, accept: bool) -> None:
        request = self.undo_request
        if request is None:
            return
        if accept:
            self.undo_request = replace(request, accepted=request.accepted | {seat})
        else:
            self.undo_request = None

    class UndoApplied(Aggregate.Event):
        """`moves`: each seat's latest move in effect at `to_version`, as [version, seat, revealed]
        (None in v1 events, which relied on the aggregate keeping every move)."""

        class_version = 2
        to_version: int
        requested_by: int
        state: str
        state_hash: str
        moves: list[list[Any]] | None
        DETAIL = ("to_version", "requested_by")

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            return (f"Take-back by {seat_words(fields['requested_by'])}: "
                    f"back to the position after #{fields['to_version']}.")

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["moves"] = None

    @event(UndoApplied)
    def _undo_applied(
        self, to_version: int, requested_by: int, state: str, state_hash: str, moves: list[list[Any]] | None
    ) -> None:
        self.state = codec.loads(state)
        self.state_hash = state_hash
        if moves is None:  # a v1 event: seats whose latest move is undone have none to take back
            self.moves = tuple(m for m in self.moves if m.version <= to_version)
        else:
            self.moves = tuple(Move(version, seat, bool(revealed)) for version, seat, revealed in moves)
        self.undo_request = None

    class BotStoodIn(Aggregate.Event):
        """A bot plays the seat until its player is back. `reason`: "asked" (the player asked
        for it), "host" (the host, once the seat's clock had run out) or "timeout" (the clock
        ran out and the table's `on_timeout` is "bot").

        v2: `reason` (v1 events were the host's, for a player who had vanished)."""

        class_version = 2
        seat: int
        bot: str
        reason: str
        DETAIL = ("bot", "reason")

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            who, bot = seat_words(fields["seat"]), fields["bot"]
            if fields.get("reason") == "asked":
                return f"{who} lets a {bot} bot play for them."
            if fields.get("reason") == "timeout":
                return f"A {bot} bot plays for {who} until they are back."
            return f"A {bot} bot stands in for {who}."

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["reason"] = "host"

    @event(BotStoodIn)
    def _bot_stood_in(self, seat: int, bot: str, reason: str) -> None:
        self._change_seat(seat, stand_in=bot, away=reason)

    class PlayerReturned(Aggregate.Event):
        class_version = 1
        seat: int

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            return f"{seat_words(fields['seat'])} is back."

    @event(PlayerReturned)
    def _player_returned(self, seat: int) -> None:
        self._change_seat(seat, stand_in=None, away=None)

    class PlayerResigned(Aggregate.Event):
        """`then`: "bot" (`bot` plays the seat to the end) or "end" (the game ends)."""

        class_version = 1
        seat: int
        then: str
        bot: str | None
        DETAIL = ("bot", "then")

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            then = "the game ends" if fields["then"] == "end" else f"a {fields['bot']} bot plays on"
            return f"{seat_words(fields['seat'])} resigns: {then}."

    @event(PlayerResigned)
    def _player_resigned(self, seat: int, then: str, bot: str | None) -> None:
        self._change_seat(seat, resigned=True, stand_in=bot)
        if then == "end":
            self.ended = ("resigned", seat)
            self.status = Status.FINISHED

    class TimedOut(Aggregate.Event):
        """A seat ran out of time at `deadline`; `policy` "bot" (a bot plays the seat: the
        BotStoodIn after this one; before it came, a bot played only the overdue turn, as the
        ActionTaken events after this one) or "forfeit" (the seat loses, the game ends)."""

        class_version = 1
        seat: int
        deadline: str
        policy: str
        DETAIL = ("deadline", "policy")

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            who = seat_words(fields["seat"])
            return f"{who} ran out of time: {who} forfeits." if fields["policy"] == "forfeit" else f"{who} ran out of time."

    @event(TimedOut)
    def _timed_out(self, seat: int, deadline: str, policy: str) -> None:
        if policy == "forfeit":
            self.ended = ("timeout", seat)
            self.status = Status.FINISHED

    class ClockRelaxed(Aggregate.Event):
        class_version = 1
        clock: dict[str, int] | None
        DETAIL = ("clock",)

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            clock = fields.get("clock")
            if not clock:
                return "The host removes the clock."
            if "days_per_move" in clock:
                return f"The host gives more time: {clock['days_per_move']} days per move."
            return f"The host gives more time: a bank of {clock['bank_days']} days, {clock['increment_days']} back per turn."

    @event(ClockRelaxed)
    def _clock_relaxed(self, clock: dict[str, int] | None) -> None:
        old = table.bank_seconds(self.settings.get("clock"))
        new = table.bank_seconds(clock)
        self.settings = {**self.settings, "clock": clock}
        if new is None:
            self.bank = {}
        elif self.status == Status.ACTIVE:
            self.bank = {seat: left + new - (old or 0) for seat, left in self.bank.items()}

    class MadePrivate(Aggregate.Event):
        class_version = 1

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            return "The host makes the game private."

    @event(MadePrivate)
    def _made_private(self) -> None:
        self.private = True

    class InviteRenewed(Aggregate.Event):
        class_version = 1
        invite_hash: str

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            return "The host renews the invitation."

    @event(InviteRenewed)
    def _invite_renewed(self, invite_hash: str) -> None:
        self.invite_hash = invite_hash

    class MessagePosted(Aggregate.Event):
        """Table talk: `author` is the seat (None: the host without a seat), `name` as shown."""

        class_version = 1
        author: int | None
        name: str
        text: str
        DETAIL = ("name", "text")

        @classmethod
        def actor(cls, fields: Mapping[str, Any]) -> Seat | None:
            return cast("Seat | None", fields.get("author"))

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            return f"{fields['name']}: {fields['text']}"

    @event(MessagePosted)
    def _message_posted(self, author: int | None, name: str, text: str) -> None:
        self.messages += 1

    def _note_message(self, author: int | None, when: datetime) -> None:
        key = self._author_key(author)
        limit, _window = table.MESSAGE_RATE
        self.talk = {**self.talk, key: (*self.talk.get(key, ())[-(limit - 1):], when)}

    class GameAbandoned(Aggregate.Event):
        class_version = 1
        reason: str
        DETAIL = ("reason",)

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            return f"The game is abandoned: {fields['reason']}" if fields.get("reason") else "The game is abandoned."

    @event(GameAbandoned)
    def _game_abandoned(self, reason: str) -> None:
        self.status = Status.ABANDONED

    class SeedRevealed(Aggregate.Event):
        """The committed seed and the commitment's salt, published once the game is over."""

        class_version = 2
        seed: str
        salt: str | None
        DETAIL = ("seed", "salt")

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            return f"The seed is revealed: {fields['seed']}."

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["salt"] = None

    @event(SeedRevealed)
    def _seed_revealed(self, seed: str, salt: str | None) -> None:
        self.seed_revealed = True

    def _change_seat(self, seat: int, **changes: Any) -> None:
        # `away` (why a bot stands in) is set here only, not in `SEAT_KEYS`: seats stored
        # before it have none, and readers ask `.get("away")`.
        self.seats = tuple({**s, **changes} if n == seat else s for n, s in enumerate(self.seats))

    # -- copying and snapshots --------------------------------------------------------------

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self.copied()

    def copied(self) -> Game:
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

    class Snapshot(LibrarySnapshot):
        """The aggregate's attributes in the canonical codec, so any game's state fits."""

        class_version = 4

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            # v2: Move.drew became Move.revealed; the seed fields of GameCreated v2.
            attrs = json.loads(state["state"]["codec"].replace('"drew":', '"revealed":'))
            entries = {k: v for k, v in attrs["~m"]}
            entries["committed_seed"] = entries["seed"]
            entries.update(salt=None, entropies=None, hash_scheme=UNKEYED)
            attrs["~m"] = sorted(([k, v] for k, v in entries.items()), key=lambda kv: kv[0])
            state["state"] = {"codec": codec.canonical_json(attrs)}

        @staticmethod
        def upcast_v2_v3(state: dict[str, Any]) -> None:
            # v3: one Move per seat (its latest, revealed = it or any later move revealed),
            # and digests of the remembered Idempotency-Keys.
            attrs = json.loads(state["state"]["codec"])
            entries = {k: v for k, v in attrs["~m"]}
            latest: dict[int, dict[str, Any]] = {}
            for move in entries["moves"]:
                fields = dict(move["f"])
                for other in latest.values():
                    other["f"]["revealed"] = other["f"]["revealed"] or fields["revealed"]
                latest.pop(fields["seat"], None)
                latest[fields["seat"]] = {**move, "f": fields}
            entries["moves"] = list(latest.values())
            entries["idempotency"] = [[key_digest(key), version] for key, version in entries["idempotency"]]
            attrs["~m"] = sorted(([k, v] for k, v in entries.items()), key=lambda kv: kv[0])
            state["state"] = {"codec": codec.canonical_json(attrs)}

        @staticmethod
        def upcast_v3_v4(state: dict[str, Any]) -> None:
            # v4: seats with players and stand-ins, the host player, privacy, settings, clocks.
            attrs = codec.loads(state["state"]["codec"])
            attrs["seats"] = tuple(seat_entry(**s) for s in attrs["seats"])
            for name, value in (("host_player", None), ("organised", True), ("private", False),
                                ("invite_hash", None), ("settings", dict(table.DEFAULT_SETTINGS)),
                                ("ended", None), ("since", {}), ("bank", {}), ("talk", {}), ("messages", 0)):
                attrs.setdefault(name, value)
            state["state"] = {"codec": codec.dumps(attrs)}

        @classmethod
        def take(cls, aggregate: Any) -> Any:
            snapshot = super().take(aggregate)
            attrs = {k: v for k, v in snapshot.state.items() if k not in TRANSIENT}
            object.__setattr__(snapshot, "state", {"codec": codec.dumps(attrs)})
            return snapshot

        def mutate(self, _: Any) -> Any:
            attrs = cast(dict[str, Any], codec.loads(self.state["codec"]))
            decoded = copy.copy(self)
            object.__setattr__(decoded, "state", attrs)
            return LibrarySnapshot.mutate(decoded, None)
