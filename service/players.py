"""Players: identities that last across games (`POST /v1/players`).

A player is an event-sourced aggregate in the same store as the games. Its id is derived from
the sha256 of its token (uuid5), so a token finds its player with one read and the token itself
is never stored. The webhook secret is the key the server signs webhook bodies with; it is shown
when it is made (at registration, or when the player asks for a new one).

Notification settings: an e-mail address (one mailbox: `check_email`) with `email_mode` "turn"
(a message when it is your turn, a take-back waits for you or a game ends), "digest" (one
message a day at `digest_hour` UTC listing them) or "off"; a webhook URL (http or https, a
public address: service/webhooks.py) that receives the same as signed JSON; the time zone their
e-mails write times in (`time_zone`, UTC unless they set one); how many hours before a deadline
they are reminded (`reminder_hours`, 12; 0: never); their days off (`vacation_days`: dates in
their time zone when the clocks of their games stand still, service/daysoff.py).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any
from uuid import NAMESPACE_URL, UUID, uuid5

from email_validator import EmailNotValidError, ValidatedEmail, validate_email
from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate, event

from domain.core.errors import IllegalAction
from domain.core.i18n import N_, _

from .daysoff import check_days_off, upcoming
from .languages import LANGUAGES, supported
from .localtime import DEFAULT_ZONE, check_time_zone
from .names import NOTHING_VISIBLE, name_problem
from .tokens import hash_token, new_token
from .webhooks import Refused, check_address

PLAYERS = uuid5(NAMESPACE_URL, "https://shiplog.dev/players")
EMAIL_MODES = ("turn", "digest", "off")
EMAIL_SENTENCE = N_("An e-mail address is one mailbox, like ann@example.org.")
DEFAULT_REMINDER_HOURS = 12
MAX_REMINDER_HOURS = 168  # a week


def player_id(token_hash: str) -> UUID:
    return uuid5(PLAYERS, token_hash)


def new_webhook_secret() -> str:
    return "whsec_" + secrets.token_urlsafe(24)


def check_name(name: Any) -> str:
    """A display name (service/names.py says what a name is), without spaces around it."""
    problem = name_problem(name) if isinstance(name, str) else _(NOTHING_VISIBLE)
    if problem is not None:
        raise IllegalAction("player.name", problem)
    return name.strip()


def valid_mailbox(email: str) -> ValidatedEmail:
    """One mailbox (no display name, no list, no quoted or IP-literal parts), by syntax only:
    no DNS look-up, so a test or an offline server judges an address the same way."""
    return validate_email(email, check_deliverability=False, strict=True)


def check_email(email: Any) -> str | None:
    """One e-mail address, normalised (the domain in lower case), or None."""
    if email is None:
        return None
    if not isinstance(email, str):
        raise IllegalAction("player.email", _(EMAIL_SENTENCE))
    try:
        return valid_mailbox(email).normalized
    except EmailNotValidError as exc:
        raise IllegalAction("player.email", f"{_(EMAIL_SENTENCE)} {exc}") from None


def mailbox(email: str) -> str:
    """Where an e-mail to `email` goes (the envelope's recipient): the address checked again
    (one stored before addresses were checked may be a list), its domain in ASCII when the
    address has a non-ASCII domain only. ValueError if it is not one mailbox."""
    try:
        checked = valid_mailbox(email)
    except EmailNotValidError as exc:
        raise ValueError(str(exc)) from None
    return checked.ascii_email or checked.normalized


def check_webhook_url(url: Any, allow_private: bool) -> str | None:
    """An http(s) URL with a host, at most 2,000 characters; hosts on this machine or a private
    network only when the server allows them (SHIPLOG_WEBHOOK_ALLOW_PRIVATE=1): see
    service/webhooks.py."""
    if url is None:
        return None
    if not isinstance(url, str) or len(url) > 2000:
        raise IllegalAction("player.webhook_url", _("A webhook URL is an http:// or https:// address."))
    try:
        check_address(url, allow_private)
    except Refused as exc:
        raise IllegalAction(exc.code, _(exc.message)) from None
    return url


def check_email_mode(mode: Any) -> str:
    if mode not in EMAIL_MODES:
        raise IllegalAction("player.email_mode", _("email_mode is \"turn\" (a message per turn), \"digest\" (daily) or \"off\"."))
    return str(mode)


def check_digest_hour(hour: Any) -> int:
    if isinstance(hour, bool) or not isinstance(hour, int) or not 0 <= hour <= 23:
        raise IllegalAction("player.digest_hour", _("digest_hour is the hour (UTC) of the daily digest, 0 to 23."))
    return hour


def check_reminder_hours(hours: Any) -> int:
    if isinstance(hours, bool) or not isinstance(hours, int) or not 0 <= hours <= MAX_REMINDER_HOURS:
        raise IllegalAction("player.reminder_hours", _("reminder_hours is how many hours before a deadline you are "
                                                       "reminded, 0 (never) to {n}.", n=MAX_REMINDER_HOURS))
    return hours


def check_language(tag: Any) -> str | None:
    """The language the player reads ("en", "ru", "hu"; None: their browser's)."""
    if tag is None:
        return None
    found = supported(tag)
    if found is None or found != tag:
        raise IllegalAction("player.language", _("language is one of {tags}, or null (the browser's).",
                                                 tags=", ".join(LANGUAGES)))
    return found


class Player(Aggregate):
    """A person's identity across games, and how they want to be told it is their turn.

    Settings added after players were first stored have their default here (a player
    registered before has none of their own until they change it)."""

    time_zone = DEFAULT_ZONE  # how their e-mails write times, and in which their days off are dates
    reminder_hours = DEFAULT_REMINDER_HOURS  # "your time runs out" this long before a deadline (0: never)
    vacation_days = []  # days off to come, YYYY-MM-DD (not a dataclass field: rebound by `ProfileChanged`, never changed in place)
    language: str | None = None  # their choice of LANGUAGES (None: the browser's)

    class Registered(Aggregate.Created):
        class_version = 1
        name: str
        email: str | None
        webhook_url: str | None
        email_mode: str
        digest_hour: int
        webhook_secret: str

    @event(Registered)
    def __init__(self, name: str, email: str | None, webhook_url: str | None, email_mode: str,
                 digest_hour: int, webhook_secret: str) -> None:
        self.name = name
        self.email = email
        self.webhook_url = webhook_url
        self.email_mode = email_mode
        self.digest_hour = digest_hour
        self.webhook_secret = webhook_secret

    class ProfileChanged(Aggregate.Event):
        class_version = 1
        changes: dict[str, Any]

    @event(ProfileChanged)
    def _profile_changed(self, changes: dict[str, Any]) -> None:
        for key, value in changes.items():
            setattr(self, key, value)

    def change(self, changes: Mapping[str, Any]) -> None:
        """Apply the settings that differ (only the keys of `Profile`)."""
        different = {k: v for k, v in changes.items() if getattr(self, k) != v}
        if different:
            self._profile_changed(changes=different)

    def profile(self) -> dict[str, Any]:
        """What the player sees of themselves (no token, no secret)."""
        return {
            "id": str(self.id),
            "name": self.name,
            "email": self.email,
            "webhook_url": self.webhook_url,
            "email_mode": self.email_mode,
            "digest_hour": self.digest_hour,
            "time_zone": self.time_zone,
            "reminder_hours": self.reminder_hours,
            "vacation_days": list(self.vacation_days),
            "language": self.language,
            "created": self.created_on.isoformat(),
        }


PROFILE_CHECKS = {"name": check_name, "email": check_email, "email_mode": check_email_mode,
                  "digest_hour": check_digest_hour, "time_zone": check_time_zone,
                  "reminder_hours": check_reminder_hours, "vacation_days": check_days_off,
                  "language": check_language}
LATER_SETTINGS = ("time_zone", "reminder_hours", "language")  # not in `Registered`: a `ProfileChanged` at registration


class PlayerCommands:
    """The player commands of the `Shiplog` application (mixed into it)."""

    env: Any
    clock: Callable[[], datetime]

    if TYPE_CHECKING:
        def record_days_off(self, player: Any) -> int: ...  # daysoff.DaysOffCommands

    def allow_private_webhooks(self) -> bool:
        return str(self.env.get("SHIPLOG_WEBHOOK_ALLOW_PRIVATE", "")).lower() in ("1", "true", "yes")

    def checked_profile(self, data: Mapping[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in data.items():
            if key == "webhook_url":
                out[key] = check_webhook_url(value, self.allow_private_webhooks())
            elif key in PROFILE_CHECKS:
                out[key] = PROFILE_CHECKS[key](value)
        return out

    def register_player(self, name: str, email: str | None = None, webhook_url: str | None = None,
                        email_mode: str | None = None, digest_hour: int = 7, **later: Any) -> tuple[Player, str]:
        """A new player and their token (the token is not kept: only its hash names the player);
        `later`: the settings of `LATER_SETTINGS` (their defaults otherwise)."""
        profile = self.checked_profile({"name": name, "email": email, "webhook_url": webhook_url,
                                        "email_mode": email_mode or ("turn" if email else "off"),
                                        "digest_hour": digest_hour})
        more = self.checked_profile({k: v for k, v in later.items() if k in LATER_SETTINGS and v is not None})
        token = new_token()
        player = Player._create(Player.Registered, id=player_id(hash_token(token)), **profile,
                                webhook_secret=new_webhook_secret())
        player.change(more)
        self.save(player)  # type: ignore[attr-defined]
        return player, token

    def player_by_token(self, token: str) -> Player | None:
        return self.get_player(player_id(hash_token(token)))

    def get_player(self, pid: UUID | str) -> Player | None:
        try:
            found = self.repository.get(UUID(str(pid)))  # type: ignore[attr-defined]
        except (AggregateNotFoundError, ValueError):
            return None
        return found if isinstance(found, Player) else None

    def update_player(self, player: Player, changes: Mapping[str, Any], new_secret: bool = False) -> str | None:
        """Change a player's settings; with `new_secret` a new webhook secret (returned). New
        days off (or a new time zone for them) are recorded in every game of theirs not yet
        over (service/daysoff.py); days that have ended are dropped from the list."""
        checked = self.checked_profile(changes)
        if "vacation_days" in checked:
            checked["vacation_days"] = upcoming(checked["vacation_days"], checked.get("time_zone", player.time_zone),
                                                self.clock())
        days_off = (list(player.vacation_days), player.time_zone)
        player.change(checked)
        secret = None
        if new_secret:
            secret = new_webhook_secret()
            player._profile_changed(changes={"webhook_secret": secret})
        if player.pending_events:
            self.save(player)  # type: ignore[attr-defined]
        if (list(player.vacation_days), player.time_zone) != days_off and (player.vacation_days or days_off[0]):
            self.record_days_off(player)
        return secret
