"""Webhooks go to public addresses only, to the address that was checked, within a few seconds
and 64 KiB of answer, through a pool where a slow receiver holds up nobody else
(service/webhooks.py, service/notifications.py). The receivers are real local servers; a fake
resolver (`FakeDNS`) says what a name resolves to, and a guard on `open_socket` sees where a
delivery would connect."""

from __future__ import annotations

import ipaddress
import socket
import ssl
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import trustme

from domain.core.errors import IllegalAction
from service import webhooks
from service.app import create_app
from service.application import Shiplog
from service.clocks import tick
from service.webhooks import public
from tests.conftest import FakeClock
from tests.receivers import WebhookReceiver, endless_body, endless_head, trickle
from tests.test_api import auth, problem
from tests.test_notifications import two_player_game

ALLOW = {"SHIPLOG_WEBHOOK_ALLOW_PRIVATE": "1"}
PUBLIC = "93.184.215.14"


class FakeDNS:
    """What names resolve to: `answers[name]` is the list of successive answers (the last one is
    repeated); other names go to the real resolver. `asked` counts the questions per name."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, answers: dict[str, list[list[str]]]) -> None:
        self.answers = answers
        self.asked: dict[str, int] = {}
        self.real = webhooks.resolve
        monkeypatch.setattr(webhooks, "resolve", self.resolve)

    def resolve(self, host: str, port: int) -> list[Any]:
        if host not in self.answers:
            return self.real(host, port)
        self.asked[host] = self.asked.get(host, 0) + 1
        queue = self.answers[host]
        answer = queue.pop(0) if len(queue) > 1 else queue[0]
        return [ipaddress.ip_address(a) for a in answer]


REFUSED = [
    "http://127.0.0.1:9/hook", "http://127.1.2.3/hook", "http://LOCALHOST./hook", "http://localhost/hook",
    "http://hooks.localhost/hook", "http://[::1]/hook", "http://[::ffff:127.0.0.1]/hook",
    "http://[::127.0.0.1]/hook", "http://[64:ff9b::7f00:1]/hook", "http://[2002:7f00:1::]/hook",
    "http://100.64.1.1/hook", "http://192.0.0.9/hook", "http://192.0.0.170/hook", "http://0.0.0.0/hook",
    "http://0.1.2.3/hook", "http://224.0.0.1/hook", "http://239.255.255.250/hook", "http://[ff02::1]/hook",
    "http://240.0.0.1/hook", "http://255.255.255.255/hook", "http://10.1.2.3/hook", "http://172.16.0.1/hook",
    "http://192.168.1.1/hook", "http://169.254.169.254/latest/meta-data", "http://[fe80::1]/hook",
    "http://[fc00::1]/hook", "http://198.18.0.1/hook", "http://2130706433/hook",
    "http://hooks.intranet.example/hook",  # a name that resolves to 127.0.0.1
    "http://hooks.mixed.example/hook",  # one public address and one private
]
ACCEPTED = ["https://hooks.public.example/hook", f"http://{PUBLIC}:8080/hook", "https://[2606:4700::1111]/hook"]
DNS = {"hooks.intranet.example": [["127.0.0.1"]], "hooks.mixed.example": [[PUBLIC, "10.0.0.5"]],
       "hooks.public.example": [[PUBLIC]]}


def test_every_non_public_destination_is_refused_when_a_player_sets_it(sqlite_env: dict[str, str],
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    FakeDNS(monkeypatch, {k: list(v) for k, v in DNS.items()})
    # Over thirty sign-ups from one address in a minute: more than the default limit lets through.
    client = create_app({"TESTING": True, "SHIPLOG_SIGNUPS_PER_MINUTE": 10**6}, sqlite_env).test_client()
    app = Shiplog(sqlite_env)  # SHIPLOG_WEBHOOK_ALLOW_PRIVATE is off unless set
    for url in REFUSED:
        with pytest.raises(IllegalAction) as refused:
            app.register_player("ann", webhook_url=url)
        assert refused.value.code == "player.webhook_private", url
        problem(client.post("/v1/players", json={"name": "ann", "webhook_url": url}), 422, "player.webhook_private")
    for url in ACCEPTED:
        assert app.register_player("ann", webhook_url=url)[0].webhook_url == url
    ann = client.post("/v1/players", json={"name": "ann", "webhook_url": ACCEPTED[0]}).json
    for url in ("http://LOCALHOST./hook", "http://[::ffff:127.0.0.1]/hook", "http://hooks.intranet.example/x"):
        problem(client.patch("/v1/me", json={"webhook_url": url}, headers=auth(ann["token"])), 422, "player.webhook_private")
    assert client.get("/v1/me", headers=auth(ann["token"])).json["webhook_url"] == ACCEPTED[0]


@pytest.mark.parametrize("address, is_public", [
    ("8.8.8.8", True), ("2606:4700::1111", True), ("::ffff:8.8.8.8", True), ("2002:808:808::1", True),
    ("64:ff9b::808:808", True), ("127.0.0.1", False), ("100.64.1.1", False), ("100.127.255.254", False),
    ("192.0.0.9", False), ("192.0.0.10", False), ("0.0.0.0", False), ("224.0.0.1", False), ("ff0e::1", False),
    ("240.0.0.1", False), ("::ffff:10.0.0.1", False), ("::ffff:100.64.1.1", False), ("64:ff9b::a00:1", False),
    ("2002:a00:1::1", False), ("::", False), ("::1", False), ("2001:db8::1", False), ("203.0.113.7", False),
])
def test_a_public_address_is_a_global_unicast_one_judged_by_any_ipv4_address_inside_it(address: str, is_public: bool) -> None:
    assert public(ipaddress.ip_address(address)) is is_public


def test_a_delivery_checks_again_and_a_rebinding_resolver_reaches_nothing(sqlite_env: dict[str, str], clock: FakeClock,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    with WebhookReceiver().running() as hooks:
        # Public when the player sets the URL, this machine when the notification is sent.
        dns = FakeDNS(monkeypatch, {"hooks.rebind.example": [[PUBLIC], ["127.0.0.1"]]})
        app = Shiplog(sqlite_env, clock=clock)
        ann, _ = app.register_player("ann", webhook_url=hooks.url("hooks.rebind.example"))
        two_player_game(app, ann, app.register_player("bob")[0])
        assert tick(app).failed == 1
        assert hooks.received == [] and dns.asked["hooks.rebind.example"] == 2
        (delivery,) = app.notifier.deliveries_of(str(ann.id))
        assert delivery["state"] == "failed" and "private or local" in delivery["attempts"][0]["error"]


def test_a_delivery_connects_to_the_address_it_checked_and_resolves_the_name_once(
        sqlite_env: dict[str, str], clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    with WebhookReceiver().running() as hooks:
        # Public to the registration and to the delivery's check; 127.0.0.1 to anyone asking again.
        dns = FakeDNS(monkeypatch, {"hooks.pinned.example": [[PUBLIC], [PUBLIC], ["127.0.0.1"]]})
        tried: list[str] = []
        real = webhooks.open_socket

        def guard(address: Any, port: int, timeout: float) -> socket.socket:
            tried.append(str(address))
            if str(address) == PUBLIC:
                raise ConnectionRefusedError(111, "Connection refused")  # no network in tests
            return real(address, port, timeout)

        monkeypatch.setattr(webhooks, "open_socket", guard)
        app = Shiplog(sqlite_env, clock=clock)
        ann, _ = app.register_player("ann", webhook_url=hooks.url("hooks.pinned.example"))
        two_player_game(app, ann, app.register_player("bob")[0])
        assert tick(app).retrying == 1
        assert tried == [PUBLIC] and dns.asked["hooks.pinned.example"] == 2 and hooks.received == []


def tls_receiver(monkeypatch: pytest.MonkeyPatch, name: str) -> WebhookReceiver:
    """An HTTPS receiver with a certificate for `name` from a throwaway CA that webhooks trust."""
    ca = trustme.CA()
    server = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ca.issue_cert(name).configure_cert(server)
    client = ssl.create_default_context()
    ca.configure_trust(client)
    monkeypatch.setattr(webhooks, "tls_context", lambda: client)
    return WebhookReceiver(tls=server)


def test_https_is_pinned_with_the_host_name_in_sni_the_certificate_check_and_the_host_header(
        sqlite_env: dict[str, str], clock: FakeClock, monkeypatch: pytest.MonkeyPatch) -> None:
    FakeDNS(monkeypatch, {"hooks.tls.example": [["127.0.0.1"]], "other.tls.example": [["127.0.0.1"]]})
    with tls_receiver(monkeypatch, "hooks.tls.example").running() as hooks:
        app = Shiplog({**sqlite_env, **ALLOW}, clock=clock)
        ann, _ = app.register_player("ann", webhook_url=hooks.url("hooks.tls.example"))
        eve, _ = app.register_player("eve", webhook_url=hooks.url("other.tls.example"))  # not the certificate's name
        two_player_game(app, ann, app.register_player("bob")[0])
        two_player_game(app, eve, app.register_player("cy")[0])
        report = tick(app)
        assert (report.sent, report.retrying) == (1, 1)
        (hook,) = hooks.received
        assert hook.headers["Host"] == f"hooks.tls.example:{hooks.port}"
        assert sorted(hooks.sni) == ["hooks.tls.example", "other.tls.example"]  # SNI: the names, not the address
        failed = app.notifier.deliveries_of(str(eve.id))[0]["attempts"][0]["error"]
        assert "CERTIFICATE_VERIFY_FAILED" in failed


@contextmanager
def unanswered_port() -> Iterator[int]:
    """A port whose listening socket accepts no more connections: a connection attempt hangs."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(0)
    filler = socket.create_connection(server.getsockname())  # fills the one place in the queue
    try:
        yield server.getsockname()[1]
    finally:
        filler.close()
        server.close()


def test_a_connection_never_accepted_ends_at_the_connect_timeout(sqlite_env: dict[str, str], clock: FakeClock) -> None:
    env = {**sqlite_env, **ALLOW, "SHIPLOG_WEBHOOK_CONNECT_TIMEOUT": "0.5", "SHIPLOG_WEBHOOK_TIMEOUT": "600"}
    with unanswered_port() as port:
        app = Shiplog(env, clock=clock)
        ann, _ = app.register_player("ann", webhook_url=f"http://127.0.0.1:{port}/hook")
        two_player_game(app, ann, app.register_player("bob")[0])
        assert tick(app).retrying == 1
    error = app.notifier.deliveries_of(str(ann.id))[0]["attempts"][0]["error"]
    assert "no connection to 127.0.0.1 within 0.5 s" in error


def test_an_answer_that_trickles_in_ends_at_the_total_timeout(sqlite_env: dict[str, str], clock: FakeClock) -> None:
    stop = threading.Event()
    with WebhookReceiver(respond=trickle(stop)).running() as hooks:
        app = Shiplog({**sqlite_env, **ALLOW, "SHIPLOG_WEBHOOK_TIMEOUT": "1"}, clock=clock)
        ann, _ = app.register_player("ann", webhook_url=hooks.url())
        two_player_game(app, ann, app.register_player("bob")[0])
        try:
            assert tick(app).retrying == 1  # every read got a byte in time: only the total deadline ends it
        finally:
            stop.set()
    (delivery,) = app.notifier.deliveries_of(str(ann.id))
    assert delivery["state"] == "pending" and "no complete answer within 1 s" in delivery["attempts"][0]["error"]


def test_at_most_64_kib_of_an_answer_is_read(sqlite_env: dict[str, str], clock: FakeClock) -> None:
    env = {**sqlite_env, **ALLOW, "SHIPLOG_WEBHOOK_TIMEOUT": "600"}  # the cap ends these, not the clock
    with WebhookReceiver(respond=endless_body).running() as body, WebhookReceiver(respond=endless_head).running() as head:
        app = Shiplog(env, clock=clock)
        ann, _ = app.register_player("ann", webhook_url=body.url())
        bob, _ = app.register_player("bob", webhook_url=head.url())
        two_player_game(app, ann, app.register_player("cy")[0])
        two_player_game(app, bob, app.register_player("dan")[0])
        report = tick(app)
        assert (report.sent, report.retrying) == (1, 1)
    assert app.notifier.deliveries_of(str(ann.id))[0]["attempts"][0]["status"] == 200  # the status is what counts
    error = app.notifier.deliveries_of(str(bob.id))[0]["attempts"][0]["error"]
    assert "larger than 64 KiB" in error


def test_a_slow_receiver_holds_up_neither_other_players_nor_the_clock(sqlite_env: dict[str, str], clock: FakeClock) -> None:
    release, bob_arrived = threading.Event(), threading.Event()
    ann_attempts_then: list[int] = []

    def bob_hook(hook: Any) -> None:
        ann_attempts_then.append(len(app.notifier.deliveries_of(str(ann.id))[0]["attempts"]))
        bob_arrived.set()

    with WebhookReceiver(on_request=lambda hook: release.wait(60)).running() as slow, \
            WebhookReceiver(on_request=bob_hook).running() as fast:
        app = Shiplog({**sqlite_env, **ALLOW, "SHIPLOG_WEBHOOK_TIMEOUT": "120"}, clock=clock)
        ann, _ = app.register_player("ann", webhook_url=slow.url())
        bob, _ = app.register_player("bob", webhook_url=fast.url())
        two_player_game(app, ann, app.register_player("cy")[0])  # ann's notification is first in line
        clock.advance(seconds=1)
        clocked = app.open_game(bob, "high-card", 2, settings={"clock": {"days_per_move": 1}}).game.id
        app.join(clocked, app.register_player("dan")[0])
        try:
            assert tick(app, wait=False).timeouts == 0
            assert bob_arrived.wait(30) and slow.arrived.wait(30)  # (either may arrive first)
            assert ann_attempts_then == [0]  # bob's came while ann's receiver still held its request
            clock.advance(days=1)
            assert tick(app, wait=False).timeouts == 1  # bob ran out of time; ann's delivery is still under way
            assert app.notifier.deliveries_of(str(ann.id))[0]["attempts"] == []
        finally:
            release.set()
            app.notifier.close()
    assert app.notifier.deliveries_of(str(ann.id))[0]["state"] == "sent"


def test_the_pool_takes_no_more_than_it_has_room_for(sqlite_env: dict[str, str], clock: FakeClock) -> None:
    release = threading.Event()
    with WebhookReceiver(on_request=lambda hook: release.wait(60)).running() as slow:
        app = Shiplog({**sqlite_env, **ALLOW, "SHIPLOG_DELIVERY_WORKERS": "1", "SHIPLOG_WEBHOOK_TIMEOUT": "120"},
                      clock=clock)
        hosts = [app.register_player(name, webhook_url=slow.url())[0] for name in ("ann", "bob", "cy")]
        for host in hosts:
            two_player_game(app, host, app.register_player("guest")[0])
        try:
            tick(app, wait=False)  # one worker: two deliveries under way at most, the third waits
            leased = app.notifier.query("SELECT COUNT(*) AS n FROM {deliveries} WHERE lease_until IS NOT NULL")
            assert leased[0]["n"] == 2
        finally:
            release.set()
            app.notifier.close()
        assert tick(app).sent == 1
    assert len(slow.received) == 3
