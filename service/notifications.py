"""Notifications: a player is told when it is their turn, when a take-back request waits for
their answer, and when a game of theirs ends; by webhook and by e-mail.

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
something happened since the last one.

Deliveries are sent by a pool of `SHIPLOG_DELIVERY_WORKERS` threads (8), so a slow receiver
holds one of them, not the others' notifications nor the clock's timeouts; at most twice as
many deliveries are under way at once (the rest wait for the next round, still due).
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import json
import logging
import smtplib
import ssl
import threading
from collections.abc import Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import wait as wait_for
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import formatdate
from typing import Any
from uuid import UUID

from eventsourcing.persistence import Notification, Tracking

from domain.core.aggregate import Game, Status

from . import webhooks
from .players import Player, mailbox
from .ports import NotifierHost
from .readmodels import GAME_TOPIC, conflicts, follow, stamp

log = logging.getLogger("shiplog.notifications")

BACKOFF = (timedelta(minutes=1), timedelta(minutes=5), timedelta(minutes=15), timedelta(hours=1),
           timedelta(hours=3), timedelta(hours=12))
MAX_ATTEMPTS = len(BACKOFF) + 1
ENDED = (Status.FINISHED, Status.ABANDONED)

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


@dataclass(frozen=True)
class SmtpSettings:
    host: str
    port: int = 25
    user: str | None = None
    password: str | None = None
    security: str = "none"  # none, starttls or ssl
    sender: str = "shiplog@localhost"
    timeout: float = 20.0


def smtp_settings(env: Mapping[str, str]) -> SmtpSettings | None:
    """SHIPLOG_SMTP_HOST (none: no e-mail), SHIPLOG_SMTP_PORT (25), SHIPLOG_SMTP_USER,
    SHIPLOG_SMTP_PASSWORD, SHIPLOG_SMTP_SECURITY (none, starttls, ssl), SHIPLOG_MAIL_FROM."""
    host = env.get("SHIPLOG_SMTP_HOST")
    if not host:
        return None
    return SmtpSettings(
        host=host,
        port=int(env.get("SHIPLOG_SMTP_PORT", "25")),
        user=env.get("SHIPLOG_SMTP_USER") or None,
        password=env.get("SHIPLOG_SMTP_PASSWORD") or None,
        security=env.get("SHIPLOG_SMTP_SECURITY", "none"),
        sender=env.get("SHIPLOG_MAIL_FROM", "shiplog@localhost"),
    )


def sign(secret: str, body: bytes) -> str:
    """The webhook signature header's value: sha256=<hex HMAC-SHA256(secret, body)>."""
    return "sha256=" + hmac.new(secret.encode("utf-8"), body, hashlib.sha256).hexdigest()


@dataclass
class Outcome:
    """How one attempt went."""

    ok: bool
    status: int | None = None
    error: str | None = None
    permanent: bool = False


class Notifier:
    """The notification log's follower that writes deliveries, and the sender that sends them."""

    NAME = "Shiplog.notifications"

    def __init__(self, app: NotifierHost) -> None:
        self.app = app
        self.view = app.readmodels.view
        self.smtp = smtp_settings(app.env)
        self.public_url = str(app.env.get("SHIPLOG_PUBLIC_URL", "http://127.0.0.1:8000")).rstrip("/")
        self.lease = timedelta(seconds=int(app.env.get("SHIPLOG_DELIVERY_LEASE_SECONDS", "300")))
        self.webhook_limits = webhooks.Limits.from_env(app.env)
        self.workers = max(1, int(app.env.get("SHIPLOG_DELIVERY_WORKERS", "8")))
        self._pool: ThreadPoolExecutor | None = None
        self._under_way = 0  # deliveries handed to the pool and not yet recorded
        self._lock = threading.Lock()
        with self.view.cursor(commit=True) as cursor:
            for statement in DDL:
                self.execute(cursor, statement)
        if self.view.max_tracking_id(self.NAME) is None:  # type: ignore[attr-defined]
            # The first run starts at the end of the log: games already played notify nobody.
            try:
                with self.view.writing():
                    self.view.insert_tracking(Tracking(self.NAME, app.recorder.max_notification_id() or 0))  # type: ignore[attr-defined]
            except conflicts():
                log.debug("notifier position set by another worker")

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
        by_game: dict[UUID, list[Notification]] = {}
        for note in notes:
            if note.topic.startswith(GAME_TOPIC):
                by_game.setdefault(UUID(str(note.originator_id)), []).append(note)
        for gid, game_notes in by_game.items():
            first = game_notes[0].originator_version
            game: Game | None = self.app.get_game(gid, first - 1) if first > 0 else None
            for note in game_notes:
                before = set(game.waiting()) if game is not None else set()
                status_before = game.status if game is not None else None
                game = self.app.mapper.to_domain_event(note).mutate(game)  # type: ignore[attr-defined]
                assert game is not None
                for seat, reason in sorted(set(game.waiting()) - before):
                    rows += self._deliveries(game, seat, reason, players)
                if game.status in ENDED and status_before not in ENDED:
                    for seat, entry in enumerate(game.seats):
                        if entry.get("player"):
                            rows += self._deliveries(game, seat, "ended", players)
        with self.view.cursor(commit=True) as cursor:
            for row in rows:
                self.execute(cursor, "INSERT INTO {deliveries} (id, player, channel, kind, game_id, version, payload, "
                             "state, attempts, next_at, lease_until, created, done_at, digest) VALUES (:id, :player, "
                             ":channel, :kind, :game_id, :version, :payload, :state, 0, :next_at, NULL, :created, NULL, NULL) "
                             "ON CONFLICT (id) DO NOTHING", row)
            self.view._insert_tracking(cursor, tracking)  # type: ignore[attr-defined]
        self._written += len(rows)

    def _deliveries(self, game: Game, seat: int, kind: str, players: dict[str, Player | None]) -> list[dict[str, Any]]:
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
        if player.webhook_url:
            channels.append(("webhook", "pending"))
        if player.email and self.smtp is not None and player.email_mode == "turn":
            channels.append(("email", "pending"))
        if player.email and self.smtp is not None and player.email_mode == "digest":
            channels.append(("digest", "queued"))
        when = stamp(game.modified_on)
        return [
            {"id": f"{game.id}:{game.version}:{kind}:{seat}:{channel}", "player": pid, "channel": channel,
             "kind": kind, "game_id": str(game.id), "version": game.version,
             "payload": json.dumps({**payload, "id": f"{game.id}:{game.version}:{kind}:{seat}:{channel}"}),
             "state": state, "next_at": when, "created": when}
            for channel, state in channels
        ]

    def payload(self, game: Game, seat: int, kind: str, player: Player) -> dict[str, Any]:
        deadline = game.deadline(seat) if kind == "turn" else None
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
                "url": f"{self.public_url}/v1/games/{game.id}",
            },
            "outcome": outcome.to_json() if outcome is not None else None,
        }

    # -- digests ----------------------------------------------------------------------------

    def make_digests(self, now: datetime) -> int:
        """For every digest player with news, the day's digest once their hour has come."""
        made = 0
        queued = self.query("SELECT player, MIN(created) AS first FROM {deliveries} WHERE state = 'queued' GROUP BY player")
        for row in queued:
            player = self.app.get_player(row["player"])
            if player is None:
                continue
            slot = next_slot(datetime.fromisoformat(row["first"]), player.digest_hour)
            if now < slot:
                continue  # the news wait for the player's hour
            digest_id = f"digest:{player.id}:{slot.date().isoformat()}"
            items = self.query("SELECT id, kind, payload FROM {deliveries} WHERE player = :p AND state = 'queued' "
                               "AND created < :slot ORDER BY created, id", {"p": str(player.id), "slot": stamp(slot)})
            inbox = [w.to_json() for w in self.app.readmodels.inbox(str(player.id))]
            ended = [json.loads(i["payload"]) for i in items if i["kind"] == "ended"]
            payload = {"id": digest_id, "kind": "digest", "player": str(player.id), "time": stamp(now),
                       "inbox": inbox, "ended": ended, "events": len(items)}
            with self.view.cursor(commit=True) as cursor:
                self.execute(cursor, "INSERT INTO {deliveries} (id, player, channel, kind, game_id, version, payload, state, "
                             "attempts, next_at, lease_until, created, done_at, digest) VALUES (:id, :player, 'email', 'digest', "
                             "NULL, NULL, :payload, 'pending', 0, :now, NULL, :now, NULL, NULL) ON CONFLICT (id) DO NOTHING "
                             "RETURNING id", {"id": digest_id, "player": str(player.id), "payload": json.dumps(payload),
                                              "now": stamp(now)})
                if cursor.fetchone() is None:
                    continue  # made by another worker
                for item in items:
                    self.execute(cursor, "UPDATE {deliveries} SET state = 'digested', digest = :d, done_at = :now "
                                 "WHERE id = :id AND state = 'queued'", {"d": digest_id, "id": item["id"], "now": stamp(now)})
            made += 1
        return made

    # -- sending ----------------------------------------------------------------------------

    def send_due(self, now: datetime, limit: int = 50, wait: bool = True) -> dict[str, int]:
        """Hand the deliveries that are due to the pool (at most `limit`, and only as many as it
        has room for); with `wait`, wait until they are sent and recorded (each one is bounded
        by the webhook and SMTP timeouts). How many were sent, will be tried again, were given
        up: the ones recorded by the time this returns (without `wait` the others are recorded
        when they are done)."""
        report = {"sent": 0, "retrying": 0, "failed": 0}
        with self._lock:
            room = 2 * self.workers - self._under_way
        if room <= 0:
            return report  # the pool is full: what is due waits for the next round
        due = self.query("SELECT id FROM {deliveries} WHERE state = 'pending' AND next_at <= :now "
                         "AND (lease_until IS NULL OR lease_until < :now) ORDER BY next_at, id LIMIT :limit",
                         {"now": stamp(now), "limit": min(limit, room)})
        sending: list[Future[str]] = []
        for row in due:
            delivery = self._claim(row["id"], now)
            if delivery is None:
                continue  # another worker has it
            sending.append(self._submit(delivery, now))
        if wait:
            wait_for(sending)
        for done in sending:
            if done.done() and done.exception() is None:
                state = done.result()
                report["retrying" if state == "pending" else state] += 1
        return report

    def _submit(self, delivery: dict[str, Any], now: datetime) -> Future[str]:
        with self._lock:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="shiplog-delivery")
            self._under_way += 1
            return self._pool.submit(self._deliver, delivery, now)

    def _deliver(self, delivery: dict[str, Any], now: datetime) -> str:
        """Send one delivery and record the attempt (in a thread of the pool)."""
        try:
            return self.record(delivery, self.send(delivery), now)
        except Exception:
            # Not recorded: its lease runs out and a later round sends it again.
            log.exception("delivery %s could not be recorded", delivery["id"])
            raise
        finally:
            with self._lock:
                self._under_way -= 1

    def close(self) -> None:
        """Wait for the deliveries under way and stop the pool's threads."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True)

    def _claim(self, delivery_id: str, now: datetime) -> dict[str, Any] | None:
        with self.view.cursor(commit=True) as cursor:
            self.execute(cursor, "UPDATE {deliveries} SET lease_until = :until WHERE id = :id AND state = 'pending' "
                         "AND (lease_until IS NULL OR lease_until < :now) RETURNING *",
                         {"id": delivery_id, "now": stamp(now), "until": stamp(now + self.lease)})
            row = cursor.fetchone()
            return dict(row) if row is not None else None

    def send(self, delivery: dict[str, Any]) -> Outcome:
        player = self.app.get_player(delivery["player"])
        if player is None:
            return Outcome(False, error="the player is unknown", permanent=True)
        try:
            if delivery["channel"] == "webhook":
                return self.send_webhook(player, delivery)
            return self.send_email(player, delivery)
        except Exception as exc:  # a delivery must never take the sender down
            log.exception("delivery %s failed", delivery["id"])
            return Outcome(False, error=f"{type(exc).__name__}: {exc}"[:500])

    def send_webhook(self, player: Player, delivery: dict[str, Any]) -> Outcome:
        url = player.webhook_url
        if not url:
            return Outcome(False, error="the player has no webhook URL any more", permanent=True)
        body = delivery["payload"].encode("utf-8")
        headers = {
            "Content-Type": "application/json",
            "User-Agent": "shiplog-webhooks/1",
            "Connection": "close",
            "X-Shiplog-Delivery": delivery["id"],
            "X-Shiplog-Event": delivery["kind"],
            "X-Shiplog-Signature": sign(player.webhook_secret, body),
        }
        try:
            status = webhooks.post(url, body, headers, self.app.allow_private_webhooks(), self.webhook_limits)
        except webhooks.Refused as exc:  # checked again: what the name resolves to may have changed
            return Outcome(False, error=exc.message, permanent=True)
        except (OSError, http.client.HTTPException) as exc:
            return Outcome(False, error=f"{type(exc).__name__}: {exc}"[:500])
        if 200 <= status < 300:
            return Outcome(True, status)
        permanent = 400 <= status < 500 and status not in (408, 429)
        return Outcome(False, status, f"the receiver answered {status}", permanent)

    def send_email(self, player: Player, delivery: dict[str, Any]) -> Outcome:
        if self.smtp is None:
            return Outcome(False, error="this server has no SMTP server set (SHIPLOG_SMTP_HOST)")
        if not player.email:
            return Outcome(False, error="the player has no e-mail address any more", permanent=True)
        try:
            recipient = mailbox(player.email)
        except ValueError as exc:  # an address stored before addresses were checked
            return Outcome(False, error=f"the e-mail address is not one mailbox: {exc}"[:500], permanent=True)
        message = self.email(player, delivery, recipient)
        settings = self.smtp
        smtp_class = smtplib.SMTP_SSL if settings.security == "ssl" else smtplib.SMTP
        with smtp_class(settings.host, settings.port, timeout=settings.timeout) as smtp:
            if settings.security == "starttls":
                smtp.starttls(context=ssl.create_default_context())
            if settings.user:
                smtp.login(settings.user, settings.password or "")
            refused = smtp.send_message(message, to_addrs=[recipient])  # that one mailbox, whatever the headers say
        if refused:
            return Outcome(False, error=f"refused: {refused}", permanent=True)
        return Outcome(True, 250)

    def email(self, player: Player, delivery: dict[str, Any], recipient: str) -> EmailMessage:
        data = json.loads(delivery["payload"])
        message = EmailMessage()
        assert self.smtp is not None
        message["From"] = self.smtp.sender
        message["To"] = recipient
        message["Date"] = formatdate(localtime=False)
        domain = self.smtp.sender.rpartition("@")[2] or "shiplog"
        message["Message-ID"] = f"<{hashlib.sha256(delivery['id'].encode()).hexdigest()[:32]}@{domain}>"
        message["X-Shiplog-Delivery"] = delivery["id"]
        subject, text = words(data, player.name)
        message["Subject"] = " ".join(subject.split())  # one line, whatever names were stored before names were checked
        message.set_content(text)
        return message

    def record(self, delivery: dict[str, Any], outcome: Outcome, now: datetime) -> str:
        """Record the attempt and what follows from it: sent, tried again later, or given up."""
        attempts = int(delivery["attempts"]) + 1
        if outcome.ok:
            state = "sent"
        elif outcome.permanent or attempts >= MAX_ATTEMPTS:
            state = "failed"
        else:
            state = "pending"
        next_at = now + BACKOFF[min(attempts, len(BACKOFF)) - 1] if state == "pending" else now
        with self.view.cursor(commit=True) as cursor:
            self.execute(cursor, "INSERT INTO {attempts} (delivery, n, at, ok, status, error) VALUES "
                         "(:id, :n, :at, :ok, :status, :error) ON CONFLICT (delivery, n) DO NOTHING",
                         {"id": delivery["id"], "n": attempts, "at": stamp(now), "ok": int(outcome.ok),
                          "status": outcome.status, "error": outcome.error})
            self.execute(cursor, "UPDATE {deliveries} SET attempts = :n, state = :state, next_at = :next, lease_until = NULL, "
                         "done_at = :done WHERE id = :id",
                         {"id": delivery["id"], "n": attempts, "state": state, "next": stamp(next_at),
                          "done": stamp(now) if state != "pending" else None})
        return state

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


def next_slot(after: datetime, hour: int) -> datetime:
    """The first `hour`:00 UTC strictly after `after`: when a digest with news from then goes out."""
    slot = after.astimezone(UTC).replace(hour=hour, minute=0, second=0, microsecond=0)
    return slot if slot > after else slot + timedelta(days=1)


def words(data: dict[str, Any], name: str) -> tuple[str, str]:
    """The subject and text of an e-mail for a delivery's payload."""
    if data["kind"] == "digest":
        lines = [f"Hello {name},", "", "Your shiplog day:"]
        for item in data["inbox"]:
            game = item["game"]
            what = "your turn" if item["reason"] == "turn" else "a take-back request waits for your answer"
            until = f" (until {item['deadline']})" if item.get("deadline") else ""
            lines.append(f"- {game['game']} {game['id']}: {what}{until}")
        for ended in data["ended"]:
            lines.append(f"- {ended['game']['title']} {ended['game']['id']} has ended: {ended['game']['url']}")
        if not data["inbox"] and not data["ended"]:
            lines.append("- nothing waits for you right now.")
        return f"shiplog: {len(data['inbox'])} game(s) waiting for you", "\n".join(lines) + "\n"
    game = data["game"]
    title = f"{game['title']} ({', '.join(p or 'open seat' for p in game['players'])})"
    if data["kind"] == "turn":
        until = f"\nYou have until {data['deadline']} (UTC)." if data.get("deadline") else ""
        return f"Your turn: {title}", f"Hello {name},\n\nit is your turn in {title}.{until}\n\n{game['url']}\n"
    if data["kind"] == "undo":
        return (f"A take-back waits for your answer: {title}",
                f"Hello {name},\n\na player asks to take back a move in {title}; accept or decline:\n\n{game['url']}\n")
    return f"Game over: {title}", f"Hello {name},\n\n{title} has ended ({game['status']}).\n\n{game['url']}\n"
