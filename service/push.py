"""Web Push: a turn reaches a phone or a browser with no page of the game open.

A browser subscribes through the pages (static/notify.js asks, never on load): its push
service's endpoint and the subscription's keys are kept per player (`push_subscriptions`), and
the player's notifications gain a "push" channel, held back while they are at the table and
merged like the turn e-mails (service/batching.py). Each message is encrypted for the
subscription (RFC 8291, aes128gcm, by pywebpush) and signed by the server's VAPID key (RFC 8292:
an ES256 JWT whose audience is the push service's origin). The key pair is made once, the first
time it is needed, and kept in the store (`push_keys`), so every worker and machine signs with
the same one and a subscription outlives restarts; SHIPLOG_VAPID_SUBJECT (a mailto: or https:
address, default the server's public URL) is the contact the push services are given.

Endpoints are sent to like webhooks (service/webhooks.py): public addresses only, each
delivery's address checked and pinned, bounded in time and size; a push service that answers
404 or 410 has forgotten the subscription, which is then dropped.
"""

from __future__ import annotations

import base64
import binascii
import json
import time
from collections.abc import Mapping
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02
from pywebpush import WebPusher

from domain.core.i18n import _, ngettext

from . import webhooks
from .mails import Links, part
from .readmodels import conflicts, stamp

DDL = [
    """CREATE TABLE IF NOT EXISTS {push_subscriptions} (
        endpoint TEXT PRIMARY KEY, player TEXT NOT NULL, p256dh TEXT NOT NULL, auth TEXT NOT NULL,
        created TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS shiplog_push_subscriptions_player ON {push_subscriptions} (player)",
    "CREATE TABLE IF NOT EXISTS {push_keys} (name TEXT PRIMARY KEY, private_pem TEXT NOT NULL, created TEXT NOT NULL)",
]
MAX_ENDPOINT = 1000
PER_PLAYER = 10  # subscriptions kept per player (the oldest goes)
TTL = 24 * 3600  # how long a push service keeps a message for a device that is off


class Refused(Exception):
    """A subscription this server does not take (a sentence for the player)."""


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Push:
    """The push subscriptions and the VAPID key of one application (in the read models' store)."""

    def __init__(self, view: Any, env: Mapping[str, str], allow_private: bool) -> None:
        self.view = view
        self.env = env
        self.allow_private = allow_private
        self.limits = webhooks.Limits.from_env(env)
        self._vapid: Vapid02 | None = None
        view.make_tables(DDL)

    # -- the server's key -------------------------------------------------------------------

    def vapid(self) -> Vapid02:
        """The server's VAPID key: made and stored the first time (by whichever worker wins)."""
        if self._vapid is None:
            rows = self.view.query("SELECT private_pem FROM {push_keys} WHERE name = 'vapid'")
            if not rows:
                made = ec.generate_private_key(ec.SECP256R1())
                pem = made.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                         serialization.NoEncryption()).decode("ascii")
                try:
                    with self.view.cursor(commit=True) as cursor:
                        self.view.execute(cursor, "INSERT INTO {push_keys} (name, private_pem, created) VALUES "
                                          "('vapid', :pem, :now) ON CONFLICT (name) DO NOTHING",
                                          {"pem": pem, "now": stamp(datetime.now().astimezone())})
                except conflicts():
                    pass
                rows = self.view.query("SELECT private_pem FROM {push_keys} WHERE name = 'vapid'")
            self._vapid = Vapid02.from_pem(rows[0]["private_pem"].encode("ascii"))
        return self._vapid

    def public_key(self) -> str:
        """The applicationServerKey a browser subscribes with (base64url of the uncompressed point)."""
        point = self.vapid().public_key.public_bytes(serialization.Encoding.X962,
                                                     serialization.PublicFormat.UncompressedPoint)
        return b64(point)

    # -- subscriptions ----------------------------------------------------------------------

    def subscribe(self, player: str, subscription: Mapping[str, Any], now: datetime) -> None:
        """Keep a browser's subscription (PushSubscription.toJSON()) for `player`, or `Refused`."""
        endpoint, keys = subscription.get("endpoint"), subscription.get("keys") or {}
        if not isinstance(endpoint, str) or len(endpoint) > MAX_ENDPOINT or not isinstance(keys, Mapping):
            raise Refused(_("This is not a push subscription."))
        try:
            webhooks.check_address(endpoint, self.allow_private)
            if urlsplit(endpoint).scheme != "https" and not self.allow_private:
                raise Refused(_("A push service is reached over https."))
            p256dh, auth = unb64(str(keys.get("p256dh", ""))), unb64(str(keys.get("auth", "")))
            ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), p256dh)
        except webhooks.Refused as exc:
            raise Refused(_(exc.message)) from None  # (the webhook checks' words: N_ in service/webhooks.py)
        except (ValueError, binascii.Error):
            raise Refused(_("The subscription's keys are not a P-256 key and a secret.")) from None
        if len(auth) != 16:
            raise Refused(_("The subscription's keys are not a P-256 key and a secret."))
        with self.view.cursor(commit=True) as cursor:
            self.view.execute(cursor, "INSERT INTO {push_subscriptions} (endpoint, player, p256dh, auth, created) VALUES "
                              "(:endpoint, :player, :p256dh, :auth, :now) ON CONFLICT (endpoint) DO UPDATE SET "
                              "player = excluded.player, p256dh = excluded.p256dh, auth = excluded.auth, created = excluded.created",
                              {"endpoint": endpoint, "player": player, "p256dh": b64(p256dh), "auth": b64(auth), "now": stamp(now)})
        for old in self.of(player)[PER_PLAYER:]:
            self.drop(old["endpoint"])

    def unsubscribe(self, player: str, endpoint: str) -> bool:
        with self.view.cursor(commit=True) as cursor:
            self.view.execute(cursor, "DELETE FROM {push_subscriptions} WHERE endpoint = :endpoint AND player = :player "
                              "RETURNING endpoint", {"endpoint": endpoint, "player": player})
            return cursor.fetchone() is not None

    def of(self, player: str) -> list[dict[str, Any]]:
        """The player's subscriptions, the newest first."""
        return self.view.query("SELECT * FROM {push_subscriptions} WHERE player = :player ORDER BY created DESC, endpoint",
                               {"player": player})

    def drop(self, endpoint: str) -> None:
        with self.view.cursor(commit=True) as cursor:
            self.view.execute(cursor, "DELETE FROM {push_subscriptions} WHERE endpoint = :endpoint", {"endpoint": endpoint})

    # -- sending ----------------------------------------------------------------------------

    def send(self, player: str, message: Mapping[str, Any], subject: str) -> tuple[int, int, list[str]]:
        """Push `message` (JSON) to every subscription of `player`: how many took it, how many
        there were, and what went wrong with the others."""
        data = json.dumps(message, separators=(",", ":")).encode("utf-8")
        subscriptions = self.of(player)
        took, errors = 0, []
        for sub in subscriptions:
            try:
                status = self.post(sub, data, subject)
            except webhooks.Refused as exc:
                errors.append(exc.message)
                continue
            except OSError as exc:
                errors.append(f"{type(exc).__name__}: {exc}"[:200])
                continue
            if status in (404, 410):
                self.drop(sub["endpoint"])  # the push service forgot it (the browser unsubscribed)
                errors.append(f"the push service answered {status}: subscription dropped")
            elif 200 <= status < 300:
                took += 1
            else:
                errors.append(f"the push service answered {status}")
        return took, len(subscriptions), errors

    def post(self, sub: Mapping[str, Any], data: bytes, subject: str) -> int:
        info = {"endpoint": sub["endpoint"], "keys": {"p256dh": sub["p256dh"], "auth": sub["auth"]}}
        body = WebPusher(info).encode(data, "aes128gcm")["body"]
        parts = urlsplit(sub["endpoint"])
        claims = {"aud": f"{parts.scheme}://{parts.netloc}", "exp": int(time.time()) + 12 * 3600, "sub": subject}
        headers = {**self.vapid().sign(claims), "Content-Encoding": "aes128gcm", "Content-Type": "application/octet-stream",
                   "TTL": str(TTL), "Urgency": "high", "Connection": "close", "User-Agent": "shiplog-push/1"}
        return webhooks.post(sub["endpoint"], body, headers, self.allow_private, self.limits)


def message(occasions: list[Mapping[str, Any]], now: datetime, zone: str | None, links: Links) -> dict[str, Any]:
    """What a push says (what the browser shows): one occasion as the turn e-mail heads it, with
    its first line and the game's page; several as their headings, with the lobby. In the
    language spoken when it is made (the player's: service/batching.py)."""
    parts = [part(occasion, now, zone) for occasion in occasions]
    if len(parts) == 1:
        return {"title": parts[0].heading, "body": " ".join(parts[0].lines[:2]), "url": parts[0].url,
                "tag": f"shiplog:{occasions[0]['game']['id']}"}
    return {"title": ngettext("{n} game waits for you", "{n} games wait for you", len(parts)), "body": "\n".join(p.heading for p in parts),
            "url": f"{links.base}/lobby", "tag": "shiplog:lobby"}
