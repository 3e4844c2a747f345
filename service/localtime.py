"""A player's own time: their time zone (an IANA name, "UTC" unless they set one), a time as
they read it, and how much time is left.

>>> from datetime import UTC, timedelta
>>> deadline = datetime(2030, 1, 3, 13, 0, tzinfo=UTC)
>>> local(deadline, "Europe/Paris")
'Thursday, January 3, 2030, 2:00\u202fPM (Europe/Paris)'
>>> left(deadline, deadline - timedelta(days=1, hours=2, minutes=30))
'1 day 2 hours'
>>> left(deadline, deadline - timedelta(minutes=59, seconds=30)), left(deadline, deadline)
('59 minutes', 'no time')
"""

from __future__ import annotations

from datetime import datetime
from functools import cache
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from babel import Locale
from babel.dates import format_date, format_time

from domain.core.errors import IllegalAction
from domain.core.i18n import _, language, ngettext

DEFAULT_ZONE = "UTC"


@cache
def zones() -> frozenset[str]:
    """Every time zone name this machine knows (the settings page offers them)."""
    return frozenset(available_timezones()) | {DEFAULT_ZONE}


def check_time_zone(name: Any) -> str:
    """An IANA time zone name this machine knows, like Europe/Paris, or IllegalAction."""
    if not isinstance(name, str) or name not in zones():
        raise IllegalAction("player.time_zone", _("time_zone is a time zone name like Europe/Paris or America/New_York "
                                                  "(IANA), or UTC."))
    return name


def zone(name: str | None) -> ZoneInfo:
    """The zone called `name`; UTC when it is unknown here (a name stored by another machine)."""
    try:
        return ZoneInfo(name or DEFAULT_ZONE)
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo(DEFAULT_ZONE)


def local(when: datetime, name: str | None) -> str:
    """`when` as a player in the zone `name` reads it, in the reader's language (Babel, CLDR):
    the day, the date, the hour, the zone."""
    there = when.astimezone(zone(name))
    locale = Locale.parse(language())
    said = str(locale.datetime_formats["medium"]).format(format_time(there, "short", locale=locale),
                                                         format_date(there, "full", locale=locale))
    return f"{said} ({zone(name).key})"


def left(deadline: datetime, now: datetime) -> str:
    """The time from `now` to `deadline`, in its two largest units ("no time" once it is past)."""
    seconds = int((deadline - now).total_seconds())
    if seconds <= 0:
        return _("no time")
    parts: list[tuple[int, str]] = []
    for unit, size in (("day", 86_400), ("hour", 3_600), ("minute", 60)):
        count, seconds = divmod(seconds, size)
        if count or parts:
            parts.append((count, unit))
    shown = [_UNITS[unit](count) for count, unit in parts[:2] if count]  # in the reader's language
    return " ".join(shown) or _("less than a minute")


_UNITS = {"day": lambda n: ngettext("{n} day", "{n} days", n), "hour": lambda n: ngettext("{n} hour", "{n} hours", n),
          "minute": lambda n: ngettext("{n} minute", "{n} minutes", n)}
