"""The `Game` aggregate: one event stream per game, one stored event per accepted command.

A game is its seats (who plays each: a person, a bot, a bot standing in), the state of its
rules and the hash of that state after every move, its seed (committed at creation, revealed
at the end), its clocks, the take-back asked, the table talk, and its status: open (waiting
for players), active, finished or abandoned. What it holds is set by `GameCreated`
(`game.base.GameBase.__init__`); everything after is an event, and each part of the game is
a module of `domain/core/game/` with the commands and events of its concern:

    GameCreated                            creation   every seat named, or open seats
    SeatTaken, SeatLeft, GameStarted       seats      and the invitation: MadePrivate,
                                                      InviteRenewed
    ActionTaken                            play       (and bots: bot seats move)
    OrderGiven, OrderChanged, OrderCancelled, OrderDropped   orders   (and the moves played
                                                      for people: forced, by standing order)
    UndoRequested, UndoAnswered, UndoApplied   takebacks
    ClockRelaxed, DaysOffChanged           clocks     (time kept after every event)
    BotStoodIn, PlayerReturned, PlayerResigned, TimedOut   people
    MessagePosted                          talk
    GameAbandoned, SeedRevealed            ending
    Game.Snapshot                          snapshots

Version 0 is `GameCreated`; every later event bumps the version by one, so
`repository.get(game_id, version=n)` is the game as it stood after event n. Every event class
is named in the body of `Game` below: the library defines it on `Game` (a subclass of the
part's class and of `Game.Event`), so its topic, stored with every event, is
`domain.core.aggregate:Game.<name>` wherever its part lives.

Event classes carry `class_version`; to change an event's shape, bump it and add a static
`upcast_vN_vN+1(state)` on the event class (the eventsourcing library applies it on load).

Time: each event's timestamp is when it happened (the library's clock, or the time the caller
set with `at(now)`: the service's clock, a fake one in tests). Clocks are kept from those
timestamps only, so a replay gives the same deadlines.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, cast

from eventsourcing.domain import Aggregate

from .game.base import (
    HASH_SCHEMES,
    KEYED,
    KEYED_FIELDS,
    TRANSIENT,
    UNKEYED,
    Move,
    Status,
    UndoRequest,
    hash_state,
    plain,
)
from .game.bots import MAX_BOT_MOVES, Bots
from .game.clocks import Clocks
from .game.creation import Creation
from .game.ending import Ending, ended_outcome
from .game.orders import Orders
from .game.people import People
from .game.play import IDEMPOTENCY_WINDOW, Play, key_digest
from .game.seats import OPEN_SEAT, SEAT_KEYS, Seats, public_seats, seat_entry
from .game.snapshots import GameSnapshot
from .game.takebacks import TakeBacks
from .game.talk import Talk
from .rules import Seat

# Names code imported from this module before the game's parts had modules of their own: kept
# importable here; each one's home is the module it is imported from above.
__all__ = [
    "HASH_SCHEMES",
    "IDEMPOTENCY_WINDOW",
    "KEYED",
    "KEYED_FIELDS",
    "MAX_BOT_MOVES",
    "OPEN_SEAT",
    "SEAT_KEYS",
    "TRANSIENT",
    "UNKEYED",
    "Game",
    "Move",
    "Status",
    "UndoRequest",
    "ended_outcome",
    "hash_state",
    "key_digest",
    "plain",
    "public_seats",
    "seat_entry",
]


class Game(Creation, Seats, Play, Bots, Orders, TakeBacks, Clocks, People, Talk, Ending, Aggregate):
    """One game: its parts (domain/core/game/) combined, and every one of its events named."""

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
            return game

    # Every event of a game, each defined with its part (listed here, the library defines each
    # on Game: `Game.SeatTaken` is the class events are stored and loaded as).
    GameCreated = Creation.GameCreated
    SeatTaken = Seats.SeatTaken
    SeatLeft = Seats.SeatLeft
    GameStarted = Seats.GameStarted
    MadePrivate = Seats.MadePrivate
    InviteRenewed = Seats.InviteRenewed
    ActionTaken = Play.ActionTaken
    UndoRequested = TakeBacks.UndoRequested
    UndoAnswered = TakeBacks.UndoAnswered
    UndoApplied = TakeBacks.UndoApplied
    ClockRelaxed = Clocks.ClockRelaxed
    DaysOffChanged = Clocks.DaysOffChanged
    BotStoodIn = People.BotStoodIn
    PlayerReturned = People.PlayerReturned
    PlayerResigned = People.PlayerResigned
    TimedOut = People.TimedOut
    MessagePosted = Talk.MessagePosted
    GameAbandoned = Ending.GameAbandoned
    SeedRevealed = Ending.SeedRevealed
    OrderGiven = Orders.OrderGiven
    OrderChanged = Orders.OrderChanged
    OrderCancelled = Orders.OrderCancelled
    OrderDropped = Orders.OrderDropped

    class Snapshot(GameSnapshot):
        """`snapshots.GameSnapshot`, under the topic stored snapshots carry."""

    @staticmethod
    def event_class(name: str) -> type[Game.Event] | None:
        """The event class a record row's `type` names (None for a name that is not one)."""
        cls = getattr(Game, name, None) if name[:1].isupper() else None
        return cls if isinstance(cls, type) and issubclass(cls, Game.Event) else None
