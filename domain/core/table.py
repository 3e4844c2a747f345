"""What the platform adds around a game's rules: the table's settings, its clock, table talk.

Plain data and arithmetic, no I/O: the `Game` aggregate uses it, the API validates with it.

Settings (a JSON object, stored with the game when it is created):

    clock        None (no clock), {"days_per_move": d} (each turn must be played within d days,
                 like correspondence chess), or {"bank_days": b, "increment_days": i} (each seat
                 has a bank of b days for the whole game, i days added after each turn)
    on_timeout   "bot": a bot plays the overdue seat until its player is back; "forfeit": the
                 overdue seat loses and the game ends
    on_resign    "bot": a bot plays the resigned seat to the end; "end": the game ends, the
                 resigned seat loses
    bot          the bot that stands in for a person (timeouts, resignations, a player who
                 asked for one, the host's once a clock ran out); default: the game's "greedy" bot, if any
    forced_moves true (the default): when the seat to act has exactly one legal action, it is
                 played at once in its name (`game.orders`); false: the player plays it. Games
                 created before the setting have none, and play no move for their players.

>>> check_settings({"clock": {"days_per_move": 3}}, {"greedy": None, "random": None})["clock"]
{'days_per_move': 3}
>>> relaxes({"days_per_move": 3}, {"days_per_move": 5}), relaxes({"days_per_move": 3}, {"days_per_move": 2})
(True, False)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from typing import Any

from .errors import IllegalAction
from .i18n import _
from .options import Option

DAY = 86_400  # seconds
MAX_DAYS = 60
MAX_BANK_DAYS = 365
ON_TIMEOUT = ("bot", "forfeit")
ON_RESIGN = ("bot", "end")

MESSAGE_MAX_CHARS = 500
MESSAGE_RATE = (10, timedelta(minutes=10))  # at most 10 messages per author in any 10 minutes
MESSAGES_PER_GAME = 2_000
ENTROPY_MAX_CHARS = 128

Period = tuple[datetime, datetime]  # [from, until): a seat's days off, when its clock stands still


def _whole(value: Any, name: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise IllegalAction("clock.invalid", _("{name} must be a whole number of days from {low} to {high}.", name=name,
                                               low=low, high=high))
    return value


def check_clock(raw: Any) -> dict[str, int] | None:
    """A normalised clock, or IllegalAction('clock.invalid')."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise IllegalAction("clock.invalid", _("A clock is {\"days_per_move\": d} or {\"bank_days\": b, \"increment_days\": i}."))
    keys = set(raw)
    if keys == {"days_per_move"}:
        return {"days_per_move": _whole(raw["days_per_move"], "days_per_move", 1, MAX_DAYS)}
    if keys and keys <= {"bank_days", "increment_days"} and "bank_days" in keys:
        return {
            "bank_days": _whole(raw["bank_days"], "bank_days", 1, MAX_BANK_DAYS),
            "increment_days": _whole(raw.get("increment_days", 0), "increment_days", 0, MAX_DAYS),
        }
    raise IllegalAction("clock.invalid", _("A clock is {\"days_per_move\": d} or {\"bank_days\": b, \"increment_days\": i}."))


def default_bot(bots: Mapping[str, Any]) -> str:
    return "greedy" if "greedy" in bots else sorted(bots)[0]


def check_settings(raw: Mapping[str, Any] | None, bots: Mapping[str, Any]) -> dict[str, Any]:
    """The table's settings with defaults filled in, or IllegalAction with a `clock.*`,
    `settings.*` code."""
    raw = dict(raw or {})
    unknown = set(raw) - {"clock", "on_timeout", "on_resign", "bot", "forced_moves"}
    if unknown:
        raise IllegalAction("settings.unknown", _("Unknown table setting {name!r}.", name=sorted(unknown)[0]))
    on_timeout = raw.get("on_timeout", "bot")
    if on_timeout not in ON_TIMEOUT:
        raise IllegalAction("settings.on_timeout", _("on_timeout is \"bot\" (a bot plays the seat until its player is back) or \"forfeit\"."))
    on_resign = raw.get("on_resign", "bot")
    if on_resign not in ON_RESIGN:
        raise IllegalAction("settings.on_resign", _("on_resign is \"bot\" (a bot plays on) or \"end\" (the game ends)."))
    bot = raw.get("bot") or default_bot(bots)
    if bot not in bots:
        raise IllegalAction("options.unknown_bot", _("There is no bot called {bot!r}; choose one of {bots}.", bot=bot,
                                                     bots=sorted(bots)))
    forced = raw.get("forced_moves", True)
    if not isinstance(forced, bool):
        raise IllegalAction("settings.forced_moves", _("forced_moves is true (a seat's only legal action is played "
                                                       "for it at once) or false."))
    return {"clock": check_clock(raw.get("clock")), "on_timeout": on_timeout, "on_resign": on_resign, "bot": bot,
            "forced_moves": forced}


# The settings of a game created before it had any (no forced moves: they came later).
DEFAULT_SETTINGS: dict[str, Any] = {"clock": None, "on_timeout": "bot", "on_resign": "bot", "bot": None}


# The settings a new game's table may choose besides its clock and stand-in bot, as the catalog
# lists them (`GET /v1/catalog`, "table") and the new-game form offers them.
TABLE_OPTIONS = (
    Option("on_timeout", "choice", "bot", "When a seat runs out of time: a bot plays it until its player is back, "
           "or it forfeits.", choices=ON_TIMEOUT),
    Option("on_resign", "choice", "bot", "When a player resigns: a bot plays on, or the game ends.", choices=ON_RESIGN),
    Option("forced_moves", "bool", True, "When a player's only legal action is certain, it is played for them at "
           "once (they are not woken for it; a take-back takes it back with their move before)."),
)


def forced_moves(settings: Mapping[str, Any]) -> bool:
    """Whether the table plays a seat's only legal action for it (absent: a game made before)."""
    return bool(settings.get("forced_moves", False))


def relaxes(old: Mapping[str, int] | None, new: Mapping[str, int] | None) -> bool:
    """Whether `new` gives every seat at least the time `old` gave (the host may only relax)."""
    if new is None:
        return True
    if old is None:
        return False
    if "days_per_move" in old:
        return "days_per_move" in new and new["days_per_move"] >= old["days_per_move"]
    return ("bank_days" in new and new["bank_days"] >= old["bank_days"]
            and new["increment_days"] >= old["increment_days"])


def bank_seconds(clock: Mapping[str, int] | None) -> int | None:
    return clock["bank_days"] * DAY if clock and "bank_days" in clock else None


def running(start: datetime, end: datetime, off: Sequence[Period] = ()) -> float:
    """The seconds from `start` to `end` that the clock runs: all of them but those in the
    days `off` (periods [from, until), in order, not overlapping).

    >>> day = lambda d, h=0: datetime(2030, 1, d, h)
    >>> running(day(1, 12), day(4, 12), [(day(2), day(3))]) / 3600
    48.0
    """
    seconds = (end - start).total_seconds()
    for begins, ends in off:
        overlap = (min(end, ends) - max(start, begins)).total_seconds()
        seconds -= max(overlap, 0)
    return seconds


def run_for(start: datetime, seconds: float, off: Sequence[Period] = ()) -> datetime:
    """When a clock started at `start` has run `seconds`, standing still on the days `off`.

    >>> day = lambda d, h=0: datetime(2030, 1, d, h)
    >>> run_for(day(1, 12), 3 * DAY, [(day(2), day(3)), (day(3), day(4))])  # two days off in a row
    datetime.datetime(2030, 1, 6, 12, 0)
    """
    now, left = start, seconds
    for begins, ends in off:
        if ends <= now:
            continue
        if begins > now:
            if (begins - now).total_seconds() >= left:
                break
            left -= (begins - now).total_seconds()
        now = ends
    return now + timedelta(seconds=left)


def deadline(clock: Mapping[str, int] | None, since: datetime, bank_left: int | None,
             off: Sequence[Period] = ()) -> datetime | None:
    """When a seat that has been to act since `since` runs out of time (None: no clock); its
    days `off` do not count."""
    if clock is None:
        return None
    if "days_per_move" in clock:
        return run_for(since, clock["days_per_move"] * DAY, off)
    return run_for(since, max(bank_left or 0, 0), off)


def spend(clock: Mapping[str, int] | None, bank_left: int | None, since: datetime, until: datetime,
          off: Sequence[Period] = ()) -> int | None:
    """A bank after a turn from `since` to `until`: the time used taken off (the days `off`
    are not used), the increment added."""
    if bank_left is None or clock is None or "bank_days" not in clock:
        return bank_left
    used = int(running(since, until, off))
    return max(bank_left - used, 0) + clock["increment_days"] * DAY


def days_off_from(now: datetime, before: Sequence[Period], wanted: Sequence[Period], since: datetime) -> tuple[Period, ...]:
    """A seat's days off once it asks for `wanted` at `now`: what has passed stays as it was
    (the part of `before` up to now), what is to come is as asked (the part of `wanted` from
    now on); periods that ended before `since` (when the seat began to wait, or now) are
    forgotten; days in a row are joined.

    At noon on the 2nd, a seat off on the 2nd asks for the 1st and the 3rd instead: the morning
    of the 2nd stays off (it has passed), the 1st is too late, the 3rd is off.

    >>> day = lambda d, h=0: datetime(2030, 1, d, h)
    >>> after = days_off_from(day(2, 12), [(day(2), day(3))], [(day(1), day(2)), (day(3), day(4))], day(1))
    >>> [(b.day, b.hour, e.day, e.hour) for b, e in after]
    [(2, 0, 2, 12), (3, 0, 4, 0)]
    """
    kept = [(b, min(e, now)) for b, e in before if b < now]
    kept += [(max(b, now), e) for b, e in wanted if e > now]
    joined: list[Period] = []
    for begins, ends in sorted(p for p in kept if p[1] > max(p[0], since)):
        if joined and begins <= joined[-1][1]:
            joined[-1] = (joined[-1][0], max(joined[-1][1], ends))
        else:
            joined.append((begins, ends))
    return tuple(joined)


def check_message(text: Any) -> str:
    """Table talk as it is stored: trimmed, no control characters but new lines, bounded."""
    if not isinstance(text, str) or not text.strip():
        raise IllegalAction("message.empty", _("A message needs some text."))
    text = text.strip()
    if len(text) > MESSAGE_MAX_CHARS:
        raise IllegalAction("message.too_long", _("A message has at most {n} characters, not {given}.", n=MESSAGE_MAX_CHARS,
                                                  given=len(text)))
    if any(unicodedata.category(c) in ("Cc", "Cs") and c != "\n" for c in text):
        raise IllegalAction("message.control_characters", _("A message may not hold control characters (new lines are fine)."))
    return text


def check_entropy(entropy: Any) -> str:
    if entropy is None:
        return ""
    if not isinstance(entropy, str) or len(entropy) > ENTROPY_MAX_CHARS or not entropy.isprintable():
        raise IllegalAction("entropy.invalid", _("Entropy is a printable string of at most {n} characters.", n=ENTROPY_MAX_CHARS))
    return entropy
