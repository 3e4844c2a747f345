"""Notifications: a player is told when it is their turn, when a take-back request waits for
their answer, and when a game of theirs ends; by webhook, by e-mail and by Web Push (to the
browsers they subscribed: service/push.py, held back and merged like the turn e-mails).

Nothing is sent from a request. The notifier follows the notification log (like the read
models: an eventsourcing `TrackingRecorder`, rows and tracking position in one transaction)
and writes one *delivery* per player, channel and occasion, with an id made of the game, the
version, the occasion, the seat and the channel: the idempotency id. A sender then takes the
deliveries that are due, sends them and records every attempt. So:

- a crash after an event is stored loses nothing: the notifier has not recorded its position,
  and on the next run it writes the deliveries;
- a crash after a delivery was sent but before it was recorded sends it again (at least once),
  with the same id (the `X-Shiplog-Delivery` header of a webhook, the Message-ID of an e-mail),
  so the receiver can drop the copy;
- several workers share the work: a delivery is leased by the one that sends it.

Webhooks: `POST` of a JSON body, `X-Shiplog-Signature: sha256=<hex HMAC-SHA256 of the body with
the player's webhook secret>`, to a public address only, connected to the address that was
checked, within a few seconds (service/webhooks.py); any 2xx is success; an answer 4xx other
than 408 and 429 gives up at once, anything else is tried again after 1, 5 and 15 minutes, 1, 3
and 12 hours, then given up. E-mail goes through the SMTP server set by the environment
(`SHIPLOG_SMTP_*`, see `smtp_settings`) to the player's one mailbox; "digest" players get one
message a day at their `digest_hour` (UTC), listing their inbox and the games that ended, when
something happened since the last one (service/batching.py).

The parts: this module follows the log and writes the deliveries; service/batching.py holds
back what waits (the digests); service/sending.py sends what is due; service/mails.py writes
the e-mails.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta
from functools import cached_property
from typing import Any
from uuid import UUID

from eventsourcing.persistence import Notification, Tracking

from domain.core.aggregate import Game, Status

from . import webhooks
from .batching import Batching
from .mails import Links
from .players import Player
from .ports import NotifierHost
from .presence import ACTED
from .readmodels import GAME_TOPIC, conflicts, follow, stamp
from .reminders import Reminders
from .sending import Sending, smtp_settings
from .settings import secret_key

log = logging.getLogger("shiplog.notifications")

ENDED = (Status.FINISHED, Status.ABANDONED)
LEFT_GAMES = 256  # the games kept as the notifier's last batch left them (the busiest, newest last)

DDL = [
    """CREATE TABLE IF NOT EXISTS {deliveries} (
        id TEXT PRIMARY KEY, player TEXT NOT NULL, channel TEXT NOT NULL, kind TEXT NOT NULL,
        game_id TEXT, version BIGINT, payload TEXT NOT NULL, state TEXT NOT NULL,
        attempts INTEGER NOT NULL, next_at TEXT NOT NULL, lease_until TEXT, created TEXT NOT NULL,
        done_at TEXT, digest TEXT)""",
    "CREATE INDEX IF NOT EXISTS shiplog_deliveries_due ON {deliveries} (state, next_at)",
    "CREATE INDEX IF NOT EXISTS shiplog_deliveries_player ON {deliveries} (player, created)",
    """CREATE TABLE IF NOT EXISTS {attempts} (
        delivery TEXT NOT NULL, n INTEGER NOT NULL, at TEXT NOT NULL, ok INTEGER NOT NULL,
        status INTEGER, error TEXT, PRIMARY KEY (delivery, n))""",
]


class Notifier(Reminders, Batching, Sending):
    """The notification log's follower that writes deliveries, and the sender that sends them."""

    NAME = "Shiplog.notifications"

    def __init__(self, app: NotifierHost) -> None:
        self.app = app
        self.view = app.readmodels.view
        self.smtp = smtp_settings(app.env)
        self.links = Links(str(app.env.get("SHIPLOG_PUBLIC_URL", "http://127.0.0.1:8000")))
        self.lease = timedelta(seconds=int(app.env.get("SHIPLOG_DELIVERY_LEASE_SECONDS", "300")))
        self.webhook_limits = webhooks.Limits.from_env(app.env)
        self.quiet = timedelta(minutes=float(app.env.get("SHIPLOG_MAIL_QUIET_MINUTES", "5")))
        self.live_for = timedelta(seconds=float(app.env.get("SHIPLOG_MAIL_LIVE_SECONDS", "90")))
        self.workers = max(1, int(app.env.get("SHIPLOG_DELIVERY_WORKERS", "8")))
        self._pool: ThreadPoolExecutor | None = None
        self._under_way = 0  # deliveries handed to the pool and not yet recorded
        self._lock = threading.Lock()
        self._left: dict[UUID, Game] = {}  # each game as the last batch left it (see `_apply`)
        self.view.make_tables(DDL)
        if self.view.max_tracking_id(self.NAME) is None:  # type: ignore[attr-defined]
            # The first run starts at the end of the log: games already played notify nobody.
            try:
                with self.view.writing():
                    self.view.insert_tracking(Tracking(self.NAME, app.recorder.max_notification_id() or 0))  # type: ignore[attr-defined]
            except conflicts():
                log.debug("notifier position set by another worker")

    @cached_property
    def secret(self) -> str:
        """The key of the links that turn e-mail off (the web pages' key: SHIPLOG_SECRET_KEY)."""
        return secret_key(self.app.env)

    def execute(self, cursor: Any, text: str, params: dict[str, Any] | None = None) -> None:
        self.view.execute(cursor, text, params)

    def query(self, text: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]:
        return self.view.query(text, params)

    # -- from events to deliveries ----------------------------------------------------------

    def catch_up(self) -> int:
        """Write the deliveries for what happened since the notifier's position; returns how
        many were written."""
        self._written = 0
        follow(self.app, self.view, self.NAME, self._apply)
        return self._written

    def _apply(self, notes: Sequence[Notification], tracking: Tracking) -> None:
        rows: list[dict[str, Any]] = []
        players: dict[str, Player | None] = {}
        acted: dict[str, datetime] = {}  # player -> their latest doing in these notifications
        by_game: dict[UUID, list[Notification]] = {}
        for note in notes:
            if note.topic.startswith(GAME_TOPIC):
                by_game.setdefault(UUID(str(note.originator_id)), []).append(note)
        left: dict[UUID, Game] = {}
        for gid, game_notes in by_game.items():
            first = game_notes[0].originator_version
            game: Game | None = self._left.pop(gid, None)  # the game where the last batch left it, if it ends there
            if game is None or game.version != first - 1:  # (else from the store: the snapshot and the events after it)
                game = self.app.get_game(gid, first - 1) if first > 0 else None
            woken: dict[int, tuple[datetime, list[dict[str, Any]]]] = {}  # seat -> its turn's deliveries
            for note in game_notes:
                before = set(game.waiting()) if game is not None else set()
                status_before = game.status if game is not None else None
                event = self.app.mapper.to_domain_event(note)
                game = event.mutate(game)
                assert game is not None
                if (who := acting_player(game, event)) is not None:
                    acted[who] = max(acted.get(who, event.timestamp), event.timestamp)
                if getattr(event, "auto", None) and type(event).__name__ == "ActionTaken":
                    rows += self._deliveries(game, event.seat, "played", players, key=f"{game.id}:{game.version}")
                    turn = woken.get(event.seat)
                    if turn is not None and turn[0] == event.timestamp and (event.seat, "turn") not in game.waiting():
                        del woken[event.seat]  # its orders (or its only move) answered the turn it was given
                for seat, reason in sorted(set(game.waiting()) - before):
                    if reason == "turn":
                        rows += woken.pop(seat, (event.timestamp, []))[1]  # an earlier turn of this batch stays
                        woken[seat] = (event.timestamp, self._deliveries(game, seat, reason, players))
                    else:
                        rows += self._deliveries(game, seat, reason, players)
                if game.status in ENDED and status_before not in ENDED:
                    for seat, entry in enumerate(game.seats):
                        if entry.get("player"):
                            rows += self._deliveries(game, seat, "ended", players)
            rows += [row for _, turn_rows in woken.values() for row in turn_rows]
            if game is not None:
                left[gid] = game
        with self.view.cursor(commit=True) as cursor:
            self.insert(cursor, rows)
            for who, when in acted.items():
                self.app.presence.record(cursor, who, ACTED, when)
            self.view._insert_tracking(cursor, tracking)  # type: ignore[attr-defined]
        self._written += len(rows)
        # Kept only once the batch is recorded; a game the next batch starts right after is not
        # read again (a reconstruction from the last snapshot: half of a tick's time under load).
        self._left.update(left)
        for gid in list(self._left)[:max(0, len(self._left) - LEFT_GAMES)]:
            self._left.pop(gid, None)

    def _deliveries(self, game: Game, seat: int, kind: str, players: dict[str, Player | None],
                    key: str | None = None, at: datetime | None = None) -> list[dict[str, Any]]:
        """The deliveries of one occasion to the seat's player, one per channel their settings
        ask for; `key` names the occasion in the ids (the game and its version unless given),
        `at` is when it happened (the game's last event unless given)."""
        pid = game.seats[seat].get("player")
        if not pid:
            return []
        if pid not in players:
            players[pid] = self.app.get_player(pid)
        player = players[pid]
        if player is None:
            return []
        payload = self.payload(game, seat, kind, player)
        channels = []
        if kind == "played":  # a move played for the seat (forced, or its standing order): the digest says so
            if player.email and self.smtp is not None and player.email_mode == "digest":
                channels.append(("digest", "queued"))
        elif player.webhook_url:
            channels.append(("webhook", "pending"))
        if kind != "played":
            if player.email and self.smtp is not None and player.email_mode == "turn":
                channels.append(("email", "queued"))  # service/batching.py makes the mail
            if player.email and self.smtp is not None and player.email_mode == "digest" and kind != "reminder":
                channels.append(("digest", "queued"))
            if self.app.push.of(pid):
                channels.append(("push", "queued"))  # service/batching.py makes the push
        when = stamp(at or game.modified_on)
        key = key or f"{game.id}:{game.version}"
        return [
            {"id": f"{key}:{kind}:{seat}:{channel}", "player": pid, "channel": channel,
             "kind": kind, "game_id": str(game.id), "version": game.version,
             "payload": json.dumps({**payload, "id": f"{key}:{kind}:{seat}:{channel}"}),
             "state": state, "next_at": when, "created": when}
            for channel, state in channels
        ]

    def insert(self, cursor: Any, rows: Sequence[dict[str, Any]]) -> int:
        """Write deliveries that are not written yet (the same id twice is one delivery);
        returns how many are new."""
        new = 0
        for row in rows:
            self.execute(cursor, "INSERT INTO {deliveries} (id, player, channel, kind, game_id, version, payload, "
                         "state, attempts, next_at, lease_until, created, done_at, digest) VALUES (:id, :player, "
                         ":channel, :kind, :game_id, :version, :payload, :state, 0, :next_at, NULL, :created, NULL, NULL) "
                         "ON CONFLICT (id) DO NOTHING RETURNING id", row)
            new += cursor.fetchone() is not None
        return new

    def payload(self, game: Game, seat: int, kind: str, player: Player) -> dict[str, Any]:
        deadline = game.deadline(seat) if kind in ("turn", "reminder") else None
        outcome = game.outcome() if kind == "ended" else None
        return {
            "kind": kind,
            "player": str(player.id),
            "seat": seat,
            "time": stamp(game.modified_on),
            "deadline": stamp(deadline) if deadline else None,
            "game": {
                "id": str(game.id),
                "game": game.game,
                "title": game.rules.TITLE,
                "version": game.version,
                "status": str(game.status),
                "players": [s.get("name") for s in game.seats],
                "url": self.links.game(game.id),
                "api_url": self.links.api(game.id),
            },
            "outcome": outcome.to_json() if outcome is not None else None,
        }

    # -- what a player sees -----------------------------------------------------------------

    def deliveries_of(self, player: str, limit: int = 50) -> list[dict[str, Any]]:
        """A player's latest deliveries, newest first, each with every attempt."""
        rows = self.query("SELECT * FROM {deliveries} WHERE player = :p ORDER BY created DESC, id DESC LIMIT :limit",
                          {"p": player, "limit": limit})
        out = []
        for row in rows:
            attempts = self.query("SELECT n, at, ok, status, error FROM {attempts} WHERE delivery = :id ORDER BY n",
                                  {"id": row["id"]})
            out.append({
                "id": row["id"], "channel": row["channel"], "kind": row["kind"], "game": row["game_id"],
                "version": row["version"], "state": row["state"], "created": row["created"],
                "next_attempt": row["next_at"] if row["state"] == "pending" else None, "digest": row["digest"],
                "attempts": [{**a, "ok": bool(a["ok"])} for a in attempts],
            })
        return out


# What a player does at the table, as opposed to what happens to their seat (a timeout, a bot
# standing in) or what a bot does: a move, a take-back asked or answered, table talk.
DOINGS = ("ActionTaken", "UndoRequested", "UndoAnswered", "MessagePosted")


def acting_player(game: Game, event: Any) -> str | None:
    """The player whose own doing `event` is, if any."""
    kind = type(event).__name__
    if kind not in DOINGS or getattr(event, "bot", None) or getattr(event, "auto", None):
        return None  # a bot's move, or one played for the seat (forced, ordered): not its player at the table
    seat = type(event).actor(vars(event))
    if seat is None or not 0 <= seat < len(game.seats) or (kind == "UndoAnswered" and seat in game.bot_seats()):
        return None  # a bot standing in answers take-backs at once
    return game.seats[seat].get("player") or None
