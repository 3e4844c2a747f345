"""Web Push (issue 30 item 4): a browser's subscription kept through the pages, and a turn pushed
to it once the player is away, to a local push service that checks what a real one does: the
VAPID signature (an ES256 JWT for the push service's origin, verified with the server's public
key) and a message that decrypts (aes128gcm, RFC 8291) with the subscription's own keys only."""

from __future__ import annotations

import base64
import json
import os
import time
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from service.app import create_app
from service.clocks import tick
from service.presence import INBOX
from tests.receivers import WebhookReceiver
from tests.test_web import create, csrf, sign_up


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Browser:
    """The keys a browser makes for a push subscription: a P-256 key pair and a 16-byte secret."""

    def __init__(self) -> None:
        self.key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)

    def subscription(self, endpoint: str) -> dict[str, Any]:
        point = self.key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": endpoint, "expirationTime": None, "keys": {"p256dh": b64(point), "auth": b64(self.auth)}}

    def read(self, body: bytes) -> dict[str, Any]:
        return json.loads(http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth, version="aes128gcm"))  # type: ignore[no-any-return]


def vapid_claims(authorization: str, server_key: str) -> dict[str, Any]:
    """The claims of `Authorization: vapid t=<JWT>, k=<key>` once its ES256 signature is checked
    against the server's public key (InvalidSignature otherwise)."""
    scheme, _, params = authorization.partition(" ")
    fields = dict(part.strip().split("=", 1) for part in params.split(","))
    assert scheme == "vapid" and fields["k"] == server_key
    header, payload, signature = fields["t"].split(".")
    assert json.loads(unb64(header))["alg"] == "ES256"
    raw = unb64(signature)
    r, s = int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(fields["k"]))
    key.verify(encode_dss_signature(r, s), f"{header}.{payload}".encode(), ec.ECDSA(hashes.SHA256()))
    return json.loads(unb64(payload))  # type: ignore[no-any-return]


@pytest.fixture
def app(sqlite_env: dict[str, str]) -> Any:
    env = {**sqlite_env, "SHIPLOG_WEBHOOK_ALLOW_PRIVATE": "1", "SHIPLOG_PUBLIC_URL": "https://games.example"}
    return create_app({"TESTING": True}, env)


def test_a_turn_is_pushed_to_the_subscribed_browser_signed_by_the_server_and_readable_by_it_alone(app: Any) -> None:
    shiplog, browser = app.extensions["shiplog"], Browser()
    with WebhookReceiver(answers=[201]).running() as service:
        ann = sign_up(app, "ann")
        page = ann.get("/lobby").get_data(as_text=True)
        assert 'id="notify-turns"' in page  # the button that asks (never the page on load)
        key = ann.get("/push/key").get_data(as_text=True)
        assert ann.post("/push/subscribe", json=browser.subscription(service.url())).status_code == 400  # no CSRF token
        bad = {**browser.subscription(service.url()), "keys": {"p256dh": "AAAA", "auth": b64(os.urandom(16))}}
        assert ann.post("/push/subscribe", json=bad, headers={"X-CSRFToken": csrf(page)}).status_code == 422
        done = ann.post("/push/subscribe", json=browser.subscription(service.url()), headers={"X-CSRFToken": csrf(page)})
        assert done.status_code == 201
        _ann, gid = anns_turn_with(app, ann)
        later = datetime.now(UTC) + timedelta(minutes=10)
        report = tick(shiplog, later)
        assert (report.pushes, report.sent) == (1, 1) and len(service.received) == 1
        hook = service.received[0]
        assert hook.headers["Content-Encoding"] == "aes128gcm" and int(hook.headers["TTL"]) > 0
        claims = vapid_claims(hook.headers["Authorization"], key)
        assert claims["aud"] == f"http://127.0.0.1:{service.port}" and time.time() < claims["exp"] <= time.time() + 86400
        assert claims["sub"] == "https://games.example"
        message = browser.read(hook.body)
        assert message["url"] == f"https://games.example/games/{gid}" and message["title"].startswith("Your turn: High Card")
        with pytest.raises(Exception):  # noqa: B017 (any failure: another subscription's keys cannot read it)
            Browser().read(hook.body)
        assert tick(shiplog, later).pushes == 0  # once


def anns_turn_with(app: Any, ann: Any) -> tuple[Any, str]:
    """Bob joins a game Ann opens, and the turn is Ann's."""
    shiplog = app.extensions["shiplog"]
    bob = sign_up(app, "bob")
    gid = create(ann, "high-card", 2)
    page = bob.get(f"/games/{gid}").get_data(as_text=True)
    assert bob.post(f"/games/{gid}/join", data={"csrf_token": csrf(page)}).status_code == 303
    game = shiplog.get_game(UUID(gid))
    if game.to_act() != {0}:  # Bob first: he plays, and the turn is Ann's
        seat = min(game.to_act())
        shiplog.submit(game.id, seat, game.rules.legal_actions(game.state, seat)[0])
    assert shiplog.get_game(game.id).to_act() == {0}
    return ann, gid


def test_no_push_while_a_live_page_is_open_and_a_forgotten_subscription_is_dropped(app: Any) -> None:
    shiplog, browser = app.extensions["shiplog"], Browser()
    with WebhookReceiver(answers=[410]).running() as service:
        ann = sign_up(app, "ann")
        page = ann.get("/").get_data(as_text=True)
        ann.post("/push/subscribe", json=browser.subscription(service.url()), headers={"X-CSRFToken": csrf(page)})
        _ann, _gid = anns_turn_with(app, ann)
        player = shiplog.readmodels.view.query("SELECT player FROM {push_subscriptions}")[0]["player"]
        now = datetime.now(UTC) + timedelta(minutes=10)
        shiplog.presence.seen(player, INBOX, now)  # the lobby is open in a tab
        assert tick(shiplog, now).pushes == 0 and not service.received
        report = tick(shiplog, now + timedelta(minutes=2))  # the tab was closed since
        assert report.pushes == 1 and len(service.received) == 1
        assert shiplog.push.of(player) == [] and report.failed == 1  # 410: the push service forgot it
