"""The clocks: who the game awaits since when, what is left of each time bank, the deadlines
that follow (the table's clock: `table.py`), the host giving more time (`ClockRelaxed`), and a
seat's days off, when its clock stands still (`DaysOffChanged`).

After every event the aggregate brings the clocks up to that event's timestamp (`_keep_time`,
called by `Game.Event.mutate`), so deadlines are a fold of the events like everything else and
a replay gives the same ones. Days off are events too, with their periods in UTC: no clock,
calendar or time zone is read here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, cast

from eventsourcing.domain import Aggregate

from .. import table
from ..errors import IllegalAction
from ..i18n import _, ngettext
from ..rules import Seat
from ..words import seat as seat_words
from .base import GameBase, Status


class Clocks(GameBase):
    """Time kept after each event; deadlines, who is overdue, who the game waits for; the
    seats' days off, when their clock stands still."""

    # Seat -> its days off ([from, until) in UTC, in order): set by `DaysOffChanged` only, so
    # games (and snapshots) from before days off have none.
    days_off: Mapping[Seat, tuple[table.Period, ...]] = {}

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
                bank[seat] = cast(int, table.spend(clock, bank[seat], since[seat], when, self.days_off.get(seat, ())))
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
        return table.deadline(self.settings.get("clock"), since, self.bank.get(seat), self.days_off.get(seat, ()))

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

    def take_days_off(self, seat: Seat, periods: Sequence[table.Period]) -> None:
        """The seat's days off from now on are `periods` (the player's, in UTC: the service
        turns their dates and time zone into periods). What has passed stays as it was: a day
        off cannot be added, or taken back, once it has begun (`table.days_off_from`)."""
        if self.status not in (Status.OPEN, Status.ACTIVE):
            raise IllegalAction("game.over", _("This game is over."))
        now = self.now()
        before = self.days_off.get(seat, ())
        after = table.days_off_from(now, before, periods, self.since.get(seat, now))
        if after != before:
            self.trigger_event(self.DaysOffChanged, seat=seat,
                               periods=[[begins.isoformat(), ends.isoformat()] for begins, ends in after])

    class DaysOffChanged(Aggregate.Event):
        """A seat's days off (each [from, until) in UTC): its clock stands still on them."""

        class_version = 1
        seat: int
        periods: list[list[str]]
        DETAIL = ("periods",)

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            who = seat_words(fields["seat"])
            if not fields["periods"]:
                return _("{who} has no days off to come.", who=who)
            spans = "; ".join(_("{begins} to {ends}", begins=b[:16].replace("T", " "), ends=e[:16].replace("T", " "))
                              for b, e in fields["periods"])
            return _("{who}'s clock stands still on their days off (UTC): {spans}.", who=who, spans=spans)

        def apply(self, game: Clocks) -> None:
            periods = tuple((datetime.fromisoformat(b), datetime.fromisoformat(e)) for b, e in self.periods)
            game.days_off = {**{s: p for s, p in game.days_off.items() if s != self.seat},
                             **({self.seat: periods} if periods else {})}

    def relax_clock(self, clock: Any) -> None:
        if self.status not in (Status.OPEN, Status.ACTIVE):
            raise IllegalAction("game.over", _("This game is over."))
        new = table.check_clock(clock)
        if not table.relaxes(self.settings.get("clock"), new):
            raise IllegalAction("clock.not_relaxed", _("The host may give more time, never less (or remove the clock)."))
        if new == self.settings.get("clock"):
            return
        self.trigger_event(self.ClockRelaxed, clock=new)

    class ClockRelaxed(Aggregate.Event):
        class_version = 1
        clock: dict[str, int] | None
        DETAIL = ("clock",)

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            clock = fields.get("clock")
            if not clock:
                return _("The host removes the clock.")
            if "days_per_move" in clock:
                return ngettext("The host gives more time: {n} day per move.", "The host gives more time: {n} days per move.",
                                clock["days_per_move"])
            return _("The host gives more time: a bank of {bank} days, {back} back per turn.", bank=clock["bank_days"],
                     back=clock["increment_days"])

        def apply(self, game: Clocks) -> None:
            old = table.bank_seconds(game.settings.get("clock"))
            new = table.bank_seconds(self.clock)
            game.settings = {**game.settings, "clock": self.clock}
            if new is None:
                game.bank = {}
            elif game.status == Status.ACTIVE:
                game.bank = {seat: left + new - (old or 0) for seat, left in game.bank.items()}
