"""The clocks: who the game awaits since when, what is left of each time bank, the deadlines
that follow (the table's clock: `table.py`), and the host giving more time (`ClockRelaxed`).

After every event the aggregate brings the clocks up to that event's timestamp (`_keep_time`,
called by `Game.Event.mutate`), so deadlines are a fold of the events like everything else and
a replay gives the same ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, cast

from eventsourcing.domain import Aggregate

from .. import table
from ..errors import IllegalAction
from ..rules import Seat
from .base import GameBase, Status


class Clocks(GameBase):
    """Time kept after each event; deadlines, who is overdue, who the game waits for."""

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

    def relax_clock(self, clock: Any) -> None:
        if self.status not in (Status.OPEN, Status.ACTIVE):
            raise IllegalAction("game.over", "This game is over.")
        new = table.check_clock(clock)
        if not table.relaxes(self.settings.get("clock"), new):
            raise IllegalAction("clock.not_relaxed", "The host may give more time, never less (or remove the clock).")
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
                return "The host removes the clock."
            if "days_per_move" in clock:
                return f"The host gives more time: {clock['days_per_move']} days per move."
            return f"The host gives more time: a bank of {clock['bank_days']} days, {clock['increment_days']} back per turn."

        def apply(self, game: Clocks) -> None:
            old = table.bank_seconds(game.settings.get("clock"))
            new = table.bank_seconds(self.clock)
            game.settings = {**game.settings, "clock": self.clock}
            if new is None:
                game.bank = {}
            elif game.status == Status.ACTIVE:
                game.bank = {seat: left + new - (old or 0) for seat, left in game.bank.items()}
