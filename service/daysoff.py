"""Days off: a player lists the dates they will be away (`vacation_days`, in their own time
zone), and the clock of every game of theirs stands still on them.

The domain never reads a calendar: the dates become periods in UTC here ([their midnight, the
next midnight) in the player's time zone, days in a row joined), and each game records them
for the player's seat in a `DaysOffChanged` event (`Game.take_days_off`), from which its
deadlines follow; a replay gives the same deadlines. They are recorded when the player changes
their days off (or their time zone) in every game of theirs not yet over, and when they take a
seat. What has passed stays as it was: a day off cannot be added or taken back once it has
begun (it can be cut short from now on).

>>> from datetime import UTC, datetime
>>> [(b.isoformat(), e.isoformat()) for b, e in whole_days(["2030-03-31", "2030-03-30"], "Europe/Paris")]
[('2030-03-29T23:00:00+00:00', '2030-03-31T22:00:00+00:00')]
>>> upcoming(["2030-01-01", "2030-01-02"], "Asia/Tokyo", datetime(2030, 1, 1, 16, tzinfo=UTC))
['2030-01-02']
"""

from __future__ import annotations

import logging
import re
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING, Any
from uuid import UUID

from domain.core.aggregate import Game, Status
from domain.core.errors import IllegalAction
from domain.core.i18n import N_, _
from domain.core.table import Period

from .localtime import zone
from .outcomes import VersionConflict

if TYPE_CHECKING:
    from .outcomes import Accepted

log = logging.getLogger("shiplog.daysoff")

MAX_DAYS_OFF = 60  # dates listed at once
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
SENTENCE = N_("vacation_days is a list of at most {n} dates like \"2030-07-14\" (days in your time zone when your "
              "clocks stand still).")


def check_days_off(days: Any) -> list[str]:
    """At most MAX_DAYS_OFF dates (YYYY-MM-DD), sorted, each once; or IllegalAction."""
    if not isinstance(days, list | tuple) or not all(isinstance(d, str) and DATE.fullmatch(d) for d in days):
        raise IllegalAction("player.vacation_days", _(SENTENCE, n=MAX_DAYS_OFF))
    try:
        found = {date.fromisoformat(d).isoformat() for d in days}
    except ValueError:
        raise IllegalAction("player.vacation_days", _(SENTENCE, n=MAX_DAYS_OFF)) from None
    if len(found) > MAX_DAYS_OFF:
        raise IllegalAction("player.vacation_days", _(SENTENCE, n=MAX_DAYS_OFF))
    return sorted(found)


def upcoming(days: list[str], name: str | None, now: datetime) -> list[str]:
    """The dates of `days` that have not ended yet in the zone `name` (past ones are dropped)."""
    today = now.astimezone(zone(name)).date().isoformat()
    return [d for d in days if d >= today]


def midnight(day: date, name: str | None) -> datetime:
    """The start of `day` in the zone `name`, in UTC."""
    return datetime(day.year, day.month, day.day, tzinfo=zone(name)).astimezone(UTC)


def whole_days(days: list[str], name: str | None) -> list[Period]:
    """The dates `days` in the zone `name` as UTC periods [start, end), days in a row joined."""
    periods: list[Period] = []
    for day in sorted({date.fromisoformat(d) for d in days}):
        start, end = midnight(day, name), midnight(day + timedelta(days=1), name)
        if periods and periods[-1][1] == start:
            periods[-1] = (periods[-1][0], end)
        else:
            periods.append((start, end))
    return periods


def periods_of(player: Any) -> list[Period]:
    return whole_days(list(player.vacation_days), player.time_zone)


class DaysOffCommands:
    """Recording a player's days off in their games (mixed into the `Shiplog` application)."""

    readmodels: Any

    if TYPE_CHECKING:
        def _fresh(self, game: UUID | Game) -> Game: ...
        def _save(self, game: Game) -> Accepted: ...

    def record_days_off(self, player: Any) -> int:
        """Record the player's days off in each of their games not yet over; returns in how
        many they changed. A move racing the change makes it try again."""
        changed = 0
        periods = periods_of(player)
        for summary in self.readmodels.games_of(str(player.id)):
            if summary.status not in (Status.OPEN, Status.ACTIVE):
                continue
            for _attempt in range(3):
                game = self._fresh(UUID(summary.id))
                seat = game.seat_of_player(str(player.id))
                if seat is None or game.status not in (Status.OPEN, Status.ACTIVE):
                    break
                game.take_days_off(seat, periods)
                if not game.pending_events:
                    break
                try:
                    self._save(game)
                except VersionConflict:
                    continue
                changed += 1
                break
            else:
                log.warning("days off of %s not recorded in game %s: it kept moving", player.id, summary.id)
        return changed
