"""The people at the table: a bot standing in for a player until they are back, a seat that
resigns, a seat whose clock ran out (the table's settings say what follows: `table.py`).

    BotStoodIn / PlayerReturned   a bot plays a seat until its player is back (they asked, the
                                  host once their clock ran out, or it ran out); they came back
    PlayerResigned                a seat gave up: a bot plays on, or the game ends
    TimedOut                      a seat ran out of time: a bot stands in, or the seat forfeits
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

from eventsourcing.domain import Aggregate

from .. import table
from ..errors import IllegalAction
from ..i18n import _
from ..rules import Seat
from ..words import bot_words
from ..words import seat as seat_words
from .base import GameBase, Status


class People(GameBase):
    """Stand-ins, resignations, timeouts."""

    if TYPE_CHECKING:
        def overdue(self, now: datetime) -> list[Seat]: ...  # clocks.Clocks
        def deadline(self, seat: Seat) -> datetime | None: ...  # clocks.Clocks
        def _reveal_seed(self) -> None: ...  # ending.Ending

    def stand_in(self, seat: Seat, bot: str | None = None, asked: bool = False) -> None:
        """A bot plays the seat until its player is back, when the table's rules allow it: the
        player asked for it (`asked`: "let a bot play for me"), or the host asks and the seat's
        clock has run out. A present player's seat is never taken from them."""
        self._check_playing()
        entry = self.seats[seat]
        if entry.get("bot") or entry.get("resigned"):
            raise IllegalAction("stand_in.not_a_player", _("A bot already plays this seat for good."))
        if entry.get("stand_in"):
            raise IllegalAction("stand_in.already", _("A bot already stands in for this seat."))
        if not asked and seat not in self.overdue(self.now()):
            raise IllegalAction("stand_in.player_present", _("{name} is still in the game: a bot takes their seat only when "
                                                             "they ask for it, or when their clock has run out.",
                                                             name=entry.get("name")))
        bot = bot or self.settings.get("bot") or table.default_bot(self.rules.BOTS)
        self._check_bot(self.rules, bot)
        self.trigger_event(self.BotStoodIn, seat=seat, bot=bot, reason="asked" if asked else "host")

    def return_seat(self, seat: Seat) -> None:
        """The player is back: the stand-in bot leaves the seat."""
        self._check_playing()
        entry = self.seats[seat]
        if not entry.get("stand_in") or entry.get("resigned"):
            raise IllegalAction("return.not_away", _("No bot stands in for this seat."))
        self.trigger_event(self.PlayerReturned, seat=seat)

    def resign(self, seat: Seat) -> None:
        """The seat gives up: by the table's `on_resign`, a bot plays on or the game ends."""
        self._check_playing()
        entry = self.seats[seat]
        if entry.get("bot"):
            raise IllegalAction("resign.already", _("A bot's seat cannot resign."))
        self.check_in_person(seat)
        if self.settings.get("on_resign") == "end":
            self.trigger_event(self.PlayerResigned, seat=seat, then="end", bot=None)
            self._reveal_seed()
            return
        bot = self.settings.get("bot") or table.default_bot(self.rules.BOTS)
        self.trigger_event(self.PlayerResigned, seat=seat, then="bot", bot=bot)

    def time_out(self, now: datetime) -> list[Seat]:
        """Apply the table's timeout policy to every seat whose time ran out by `now`: a bot
        plays the seat until its player is back (`return_seat`), or it forfeits (the game
        ends). Returns the seats timed out."""
        done: list[Seat] = []
        for seat in self.overdue(now):
            if self.status != Status.ACTIVE or seat not in self.overdue(now):
                continue
            policy = self.settings.get("on_timeout", "bot")
            self.trigger_event(self.TimedOut, seat=seat, deadline=cast(datetime, self.deadline(seat)).isoformat(),
                               policy=policy)
            done.append(seat)
            if policy == "forfeit":
                self._reveal_seed()
                break
            bot = self.settings.get("bot") or table.default_bot(self.rules.BOTS)
            self.trigger_event(self.BotStoodIn, seat=seat, bot=bot, reason="timeout")
        return done

    def _change_seat(self, seat: int, **changes: Any) -> None:
        # `away` (why a bot stands in) is set here only, not in `seats.SEAT_KEYS`: seats stored
        # before it have none, and readers ask `.get("away")`.
        self.seats = tuple({**s, **changes} if n == seat else s for n, s in enumerate(self.seats))

    # -- events -----------------------------------------------------------------------------

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
            who, bot = seat_words(fields["seat"]), bot_words(fields["bot"])
            if fields.get("reason") == "asked":
                return _("{who} lets a {bot} bot play for them.", who=who, bot=bot)
            if fields.get("reason") == "timeout":
                return _("A {bot} bot plays for {who} until they are back.", who=who, bot=bot)
            return _("A {bot} bot stands in for {who}.", who=who, bot=bot)

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["reason"] = "host"

        def apply(self, game: People) -> None:
            game._change_seat(self.seat, stand_in=self.bot, away=self.reason)

    class PlayerReturned(Aggregate.Event):
        class_version = 1
        seat: int

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            return _("{who} is back.", who=seat_words(fields["seat"]))

        def apply(self, game: People) -> None:
            game._change_seat(self.seat, stand_in=None, away=None)

    class PlayerResigned(Aggregate.Event):
        """`then`: "bot" (`bot` plays the seat to the end) or "end" (the game ends)."""

        class_version = 1
        seat: int
        then: str
        bot: str | None
        DETAIL = ("bot", "then")

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            if fields["then"] == "end":
                return _("{who} resigns: the game ends.", who=seat_words(fields["seat"]))
            return _("{who} resigns: a {bot} bot plays on.", who=seat_words(fields["seat"]), bot=bot_words(fields["bot"]))

        def apply(self, game: People) -> None:
            game._change_seat(self.seat, resigned=True, stand_in=self.bot)
            if self.then == "end":
                game.ended = ("resigned", self.seat)
                game.status = Status.FINISHED

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
            if fields["policy"] == "forfeit":
                return _("{who} ran out of time: {who} forfeits.", who=who)
            return _("{who} ran out of time.", who=who)

        def apply(self, game: People) -> None:
            if self.policy == "forfeit":
                game.ended = ("timeout", self.seat)
                game.status = Status.FINISHED
