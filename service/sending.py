"""Sending the deliveries that are due: leased by one worker, sent from a pool of threads,
every attempt recorded, failures tried again with backoff (the rules: service/notifications.py).

Webhooks: `POST` of a JSON body, `X-Shiplog-Signature: sha256=<hex HMAC-SHA256 of the body with
the player's webhook secret>`, to a public address only, connected to the address that was
checked, within a few seconds (service/webhooks.py); any 2xx is success; an answer 4xx other
than 408 and 429 gives up at once, anything else is tried again after 1, 5 and 15 minutes, 1, 3
and 12 hours, then given up. E-mail goes through the SMTP server set by the environment
(`SHIPLOG_SMTP_*`, see `smtp_settings`) to the player's one mailbox (its words: service/mails.py).

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
from collections.abc import Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import wait as wait_for
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from . import mails, webhooks
from .languages import speaking_to
from .players import Player, mailbox
from .readmodels import stamp
from .tokens import mail_off_token

if TYPE_CHECKING:
    from .ports import NotifierHost

log = logging.getLogger("shiplog.notifications")

BACKOFF = (timedelta(minutes=1), timedelta(minutes=5), timedelta(minutes=15), timedelta(hours=1),
           timedelta(hours=3), timedelta(hours=12))
MAX_ATTEMPTS = len(BACKOFF) + 1


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


class Sending:
    """The sender's half of the notifier (mixed into `Notifier`)."""

    app: NotifierHost
    links: mails.Links
    smtp: SmtpSettings | None
    lease: timedelta
    webhook_limits: webhooks.Limits
    workers: int
    _pool: ThreadPoolExecutor | None
    _under_way: int
    _lock: threading.Lock

    if TYPE_CHECKING:
        def execute(self, cursor: Any, text: str, params: dict[str, Any] | None = None) -> None: ...
        def query(self, text: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]: ...
        @property
        def view(self) -> Any: ...
        @property
        def secret(self) -> str: ...

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
            with speaking_to(player):  # every word of the message in the player's language
                if delivery["channel"] == "webhook":
                    return self.send_webhook(player, delivery)
                if delivery["channel"] == "push":
                    return self.send_push(player, delivery)
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

    def send_push(self, player: Player, delivery: dict[str, Any]) -> Outcome:
        """A push to each of the player's subscriptions: sent when one took it; none left is
        the end of it (a push service that forgot one drops it: service/push.py)."""
        subject = self.app.env.get("SHIPLOG_VAPID_SUBJECT") or self.links.base
        took, asked, errors = self.app.push.send(str(player.id), json.loads(delivery["payload"])["message"], subject)
        if took:
            return Outcome(True, 201, "; ".join(errors)[:500] or None)
        if not asked or not self.app.push.of(str(player.id)):
            return Outcome(False, error="; ".join(errors)[:500] or "the player has no push subscription any more", permanent=True)
        return Outcome(False, error="; ".join(errors)[:500])

    def send_email(self, player: Player, delivery: dict[str, Any]) -> Outcome:
        if self.smtp is None:
            return Outcome(False, error="this server has no SMTP server set (SHIPLOG_SMTP_HOST)")
        if not player.email:
            return Outcome(False, error="the player has no e-mail address any more", permanent=True)
        try:
            recipient = mailbox(player.email)
        except ValueError as exc:  # an address stored before addresses were checked
            return Outcome(False, error=f"the e-mail address is not one mailbox: {exc}"[:500], permanent=True)
        settings = self.smtp
        mail_off = self.links.mail_off(mail_off_token(self.secret, str(player.id)))
        message = mails.compose(player.name, delivery, settings.sender, recipient, self.links, mail_off)
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
