"""Notifications through a real local webhook receiver and a real local SMTP server (aiosmtpd):
signed, retried with backoff, every attempt recorded; e-mail per turn and daily digests; a crash
in the middle of a delivery loses nothing and sends a copy with the same id."""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import subprocess
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from domain.core.errors import IllegalAction
from service.application import Shiplog
from service.clocks import tick
from tests import tinygame
from tests.conftest import FakeClock
from tests.receivers import Hook, Mail, SmtpSink, WebhookReceiver

ALLOW = {"SHIPLOG_WEBHOOK_ALLOW_PRIVATE": "1"}
ROOT = Path(__file__).resolve().parent.parent


def two_player_game(app: Shiplog, ann: Any, bob: Any) -> Any:
    gid = app.open_game(ann, "high-card", 2).game.id
    app.join(gid, bob)
    return gid


def test_a_turn_is_announced_by_a_signed_webhook_and_the_attempt_is_logged(store_env: dict[str, str], clock: FakeClock) -> None:
    with WebhookReceiver().running() as hooks:
        app = Shiplog({**store_env, **ALLOW, "SHIPLOG_PUBLIC_URL": "https://tables.example/"}, clock=clock)
        ann, _ = app.register_player("ann", webhook_url=hooks.url())
        bob, _ = app.register_player("bob")
        gid = two_player_game(app, ann, bob)  # ann (seat 0) is to act
        report = tick(app)
        assert (report.queued, report.sent) == (1, 1)
        (hook,) = hooks.received
        body = json.loads(hook.body)
        assert body["kind"] == "turn" and body["game"]["id"] == str(gid) and body["seat"] == 0
        # A person opens the game's page; a program reads the API.
        assert body["game"]["url"] == f"https://tables.example/games/{gid}"
        assert body["game"]["api_url"] == f"https://tables.example/v1/games/{gid}"
        assert body["player"] == str(ann.id) and hook.headers["X-Shiplog-Event"] == "turn"
        expected = "sha256=" + hmac.new(ann.webhook_secret.encode(), hook.body, hashlib.sha256).hexdigest()
        assert hook.headers["X-Shiplog-Signature"] == expected
        assert hook.headers["X-Shiplog-Delivery"] == body["id"] == f"{gid}:{body['game']['version']}:turn:0:webhook"
        (delivery,) = app.notifier.deliveries_of(str(ann.id))
        assert delivery["state"] == "sent" and [a["ok"] for a in delivery["attempts"]] == [True]
        assert delivery["attempts"][0]["status"] == 200
        assert tick(app).sent == 0  # nothing new: nothing sent twice


def test_failures_are_retried_with_backoff_and_every_attempt_is_recorded(sqlite_env: dict[str, str], clock: FakeClock) -> None:
    with WebhookReceiver(answers=[500, 503]).running() as hooks:
        app = Shiplog({**sqlite_env, **ALLOW}, clock=clock)
        ann, _ = app.register_player("ann", webhook_url=hooks.url())
        two_player_game(app, ann, app.register_player("bob")[0])
        assert tick(app).retrying == 1
        assert tick(app).sent == 0 and len(hooks.received) == 1  # not due again yet
        clock.advance(minutes=1)
        assert tick(app).retrying == 1  # the second attempt: 503
        clock.advance(minutes=4, seconds=59)
        assert tick(app).sent == 0
        clock.advance(seconds=1)
        assert tick(app).sent == 1
        (delivery,) = app.notifier.deliveries_of(str(ann.id))
        assert [(a["ok"], a["status"]) for a in delivery["attempts"]] == [(False, 500), (False, 503), (True, 200)]
        assert len({h.headers["X-Shiplog-Delivery"] for h in hooks.received}) == 1


def test_a_refusal_gives_up_at_once_and_an_unreachable_receiver_is_retried(sqlite_env: dict[str, str], clock: FakeClock) -> None:
    with WebhookReceiver(answers=[410]).running() as hooks:
        app = Shiplog({**sqlite_env, **ALLOW}, clock=clock)
        ann, _ = app.register_player("ann", webhook_url=hooks.url())
        two_player_game(app, ann, app.register_player("bob")[0])
        assert tick(app).failed == 1
        assert app.notifier.deliveries_of(str(ann.id))[0]["state"] == "failed"
    app.update_player(ann, {"webhook_url": hooks.url()})  # the receiver is gone now
    gid = two_player_game(app, ann, app.register_player("cy")[0])
    report = tick(app)
    assert report.retrying == 1
    delivery = next(d for d in app.notifier.deliveries_of(str(ann.id)) if d["game"] == str(gid))
    assert delivery["state"] == "pending" and "Connection refused" in delivery["attempts"][0]["error"]


def test_take_backs_and_the_end_of_a_game_are_announced(sqlite_env: dict[str, str], clock: FakeClock) -> None:
    with WebhookReceiver().running() as hooks:
        app = Shiplog({**sqlite_env, **ALLOW}, clock=clock)
        ann, _ = app.register_player("ann", webhook_url=hooks.url())
        bob, _ = app.register_player("bob", webhook_url=hooks.url())
        gid = two_player_game(app, ann, bob)
        app.submit(gid, 0, {"type": "draw"})
        app.request_undo(gid, 0)  # drew a card: needs bob's consent
        app.answer_undo(gid, 1, False)
        while (game := app.get_game(gid)).status == "active":
            seat = min(game.to_act())
            app.submit(gid, seat, tinygame.legal_actions(game.state, seat)[0])
        tick(app)
        kinds = [(json.loads(h.body)["player"], json.loads(h.body)["kind"]) for h in hooks.received]
        assert (str(bob.id), "undo") in kinds
        assert {(str(ann.id), "ended"), (str(bob.id), "ended")} <= set(kinds)
        ended = next(json.loads(h.body) for h in hooks.received if json.loads(h.body)["kind"] == "ended")
        assert ended["outcome"]["winners"] and ended["game"]["status"] == "finished"
        ids = [h.headers["X-Shiplog-Delivery"] for h in hooks.received]
        assert len(ids) == len(set(ids))  # one delivery per occasion


def test_an_email_per_turn_through_a_real_smtp_server(sqlite_env: dict[str, str], clock: FakeClock) -> None:
    with SmtpSink().running() as smtp:
        app = Shiplog({**sqlite_env, **smtp.env()}, clock=clock)
        ann, _ = app.register_player("ann", email="ann@example.org")
        bob, _ = app.register_player("bob", email="bob@example.org", email_mode="off")
        two_player_game(app, ann, bob)
        assert tick(app).sent == 1
        (mail,) = smtp.received
        assert mail.recipients == ["ann@example.org"] and mail.sender == "tables@shiplog.test"
        assert mail.message["Subject"].startswith("Your turn: High Card")
        assert "It is your turn" in mail.message.get_body(("plain",)).get_content()
        delivery = app.notifier.deliveries_of(str(ann.id))[0]
        assert mail.message["X-Shiplog-Delivery"] == delivery["id"] and delivery["channel"] == "email"


def test_a_daily_digest_at_the_players_hour(sqlite_env: dict[str, str]) -> None:
    clock = FakeClock(datetime.fromisoformat("2030-01-01T09:30:00+00:00"))
    with SmtpSink().running() as smtp:
        app = Shiplog({**sqlite_env, **smtp.env()}, clock=clock)
        ann, _ = app.register_player("ann", email="ann@example.org", email_mode="digest", digest_hour=8)
        bob, _ = app.register_player("bob")
        gids = [two_player_game(app, ann, bob) for _ in range(2)]
        report = tick(app)
        assert (report.queued, report.digests, report.sent) == (2, 0, 0)  # they wait for 08:00
        clock.now = datetime.fromisoformat("2030-01-02T07:59:00+00:00")
        assert tick(app).digests == 0
        clock.advance(minutes=1)
        report = tick(app)
        assert (report.digests, report.sent) == (1, 1)
        (mail,) = smtp.received
        text = mail.message.get_body(("plain",)).get_content()
        assert all(str(g) in text for g in gids) and "your turn" in text
        assert mail.message["Subject"] == "shiplog: 2 games waiting for you"
        assert tick(app).digests == 0  # nothing new: no second digest


def test_bad_contact_details_are_refused(sqlite_env: dict[str, str]) -> None:
    app = Shiplog(sqlite_env)
    for kwargs, code in (
        ({"webhook_url": "ftp://example.org/hook"}, "player.webhook_url"),
        ({"webhook_url": "javascript:alert(1)"}, "player.webhook_url"),
        ({"webhook_url": "http://127.0.0.1:9/hook"}, "player.webhook_private"),
        ({"webhook_url": "http://user:pw@example.org/"}, "player.webhook_url"),
        ({"email": "not an address"}, "player.email"),
        ({"email_mode": "hourly"}, "player.email_mode"),
        ({"digest_hour": 24}, "player.digest_hour"),
        ({"time_zone": "Mars/Olympus_Mons"}, "player.time_zone"),
    ):
        with pytest.raises(IllegalAction) as exc:
            app.register_player("ann", **kwargs)
        assert exc.value.code == code


# -- a crash in the middle ------------------------------------------------------------------


def run_tick(env: dict[str, str]) -> subprocess.Popen[bytes]:
    full = {**os.environ, **env, "PYTHONPATH": str(ROOT), "SHIPLOG_GAME_MODULES": "high-card=tests.tinygame",
            "SHIPLOG_DELIVERY_LEASE_SECONDS": "0"}
    return subprocess.Popen([str(Path(sys.executable).parent / "shiplog"), "tick"], env=full, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)


def test_a_worker_killed_while_a_webhook_is_delivered_sends_it_again_with_the_same_id(store_env: dict[str, str]) -> None:
    victim: list[subprocess.Popen[bytes]] = []

    def kill_the_sender(hook: Hook) -> None:
        if len(victim) == 1:
            victim[0].kill()  # SIGKILL: the sender never learns the answer, never records it
            victim[0].wait(10)

    with WebhookReceiver(on_request=kill_the_sender).running() as hooks:
        env = {**store_env, **ALLOW}
        app = Shiplog(env)
        ann, _ = app.register_player("ann", webhook_url=hooks.url())
        # The game's events are stored; no worker has run the notifier yet (a crash right here
        # loses nothing: the next run finds them in the log).
        gid = two_player_game(app, ann, app.register_player("bob")[0])
        victim.append(run_tick(env))
        victim[0].wait(30)
        assert victim[0].returncode == -9 and len(hooks.received) == 1
        assert app.notifier.deliveries_of(str(ann.id))[0]["attempts"] == []  # sent, not recorded
        again = run_tick(env)
        out = again.communicate(timeout=30)[0].decode()
        assert again.returncode == 0 and "deliveries sent: 1" in out, out
    first, second = hooks.received
    assert first.headers["X-Shiplog-Delivery"] == second.headers["X-Shiplog-Delivery"]  # the receiver drops the copy
    assert first.body == second.body
    (delivery,) = app.notifier.deliveries_of(str(ann.id))
    assert delivery["state"] == "sent" and len(delivery["attempts"]) == 1 and delivery["game"] == str(gid)


def test_a_worker_killed_while_an_email_is_delivered_sends_it_again_with_the_same_message_id(sqlite_env: dict[str, str]) -> None:
    victim: list[subprocess.Popen[bytes]] = []

    def kill_the_sender(mail: Mail) -> None:
        if len(victim) == 1:
            victim[0].kill()
            victim[0].wait(10)

    with SmtpSink(on_data=kill_the_sender).running() as smtp:
        env = {**sqlite_env, **smtp.env()}
        app = Shiplog(env)
        ann, _ = app.register_player("ann", email="ann@example.org")
        two_player_game(app, ann, app.register_player("bob")[0])
        victim.append(run_tick(env))
        victim[0].wait(30)
        assert victim[0].returncode == -9 and len(smtp.received) == 1
        again = run_tick(env)
        out = again.communicate(timeout=30)[0].decode()
        assert again.returncode == 0 and "deliveries sent: 1" in out, out
    first, second = smtp.received
    assert first.message["Message-ID"] == second.message["Message-ID"]
    assert app.notifier.deliveries_of(str(ann.id))[0]["state"] == "sent"


def test_a_crash_while_the_notifier_writes_leaves_nothing_half_done(sqlite_env: dict[str, str], monkeypatch: Any) -> None:
    with WebhookReceiver().running() as hooks:
        app = Shiplog({**sqlite_env, **ALLOW})
        ann, _ = app.register_player("ann", webhook_url=hooks.url())
        bob, _ = app.register_player("bob", webhook_url=hooks.url())
        two_player_game(app, ann, bob)
        real = app.notifier.view._insert_tracking

        def crash(cursor: Any, tracking: Any) -> None:
            raise RuntimeError("killed between the deliveries and the position")

        monkeypatch.setattr(app.notifier.view, "_insert_tracking", crash)
        with pytest.raises(RuntimeError):
            app.notifier.catch_up()
        assert app.notifier.query("SELECT * FROM {deliveries}") == []  # rolled back with it
        monkeypatch.setattr(app.notifier.view, "_insert_tracking", real)
        report = tick(app)
        assert (report.queued, report.sent) == (1, 1) and len(hooks.received) == 1


def test_deliveries_are_leased_so_two_workers_do_not_both_send(sqlite_env: dict[str, str], clock: FakeClock) -> None:
    with WebhookReceiver().running() as hooks:
        one = Shiplog({**sqlite_env, **ALLOW}, clock=clock)
        two = Shiplog({**sqlite_env, **ALLOW}, clock=clock)
        ann, _ = one.register_player("ann", webhook_url=hooks.url())
        two_player_game(one, ann, one.register_player("bob")[0])
        one.notifier.catch_up()
        (row,) = one.notifier.query("SELECT id FROM {deliveries}")
        assert one.notifier._claim(row["id"], clock.now) is not None
        assert two.notifier._claim(row["id"], clock.now) is None  # leased by the first
        assert two.notifier.send_due(clock.now)["sent"] == 0
        assert two.notifier.send_due(clock.now + timedelta(minutes=6))["sent"] == 1  # the lease ran out
        assert len(hooks.received) == 1


def test_the_tick_command_reports_what_it_did(sqlite_env: dict[str, str], monkeypatch: Any) -> None:
    from click.testing import CliRunner

    from service.cli import main

    with WebhookReceiver().running() as hooks:
        env = {**sqlite_env, **ALLOW}
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        app = Shiplog(env)
        ann, _ = app.register_player("ann", webhook_url=hooks.url())
        two_player_game(app, ann, app.register_player("bob")[0])
        result = CliRunner().invoke(main, ["tick", "--json"])
        assert result.exit_code == 0, result.output
        report = json.loads(result.output)
        assert (report["queued"], report["sent"], report["timeouts"]) == (1, 1, 0) and len(hooks.received) == 1
        again = CliRunner().invoke(main, ["tick"])
        assert again.output.strip() == ("timeouts applied: 0; notifications queued: 0; reminders: 0; mails made: 0; pushes made: 0; digests made: 0; "
                                        "deliveries sent: 0, to retry: 0, given up: 0; searching bots' moves: 0; analyses: 0")


def test_the_notifier_goes_on_from_where_its_last_batch_left_a_game_and_reads_it_when_another_worker_went_on(
        sqlite_env: dict[str, str], clock: FakeClock, monkeypatch: Any) -> None:
    """A batch starts each game where this notifier's last batch left it, without reading it from
    the store (a reconstruction from the last snapshot was half of a tick's time under load); when
    another worker's notifier took the notifications in between, the game is read from the store
    at the batch's start, and every turn is announced once, at its version."""
    with WebhookReceiver().running() as hooks:
        one = Shiplog({**sqlite_env, **ALLOW}, clock=clock)
        two = Shiplog({**sqlite_env, **ALLOW}, clock=clock)
        ann, _ = one.register_player("ann", webhook_url=hooks.url())
        bob, _ = one.register_player("bob", webhook_url=hooks.url())
        gid = two_player_game(one, ann, bob)
        reads: list[int] = []
        real = one.get_game
        monkeypatch.setattr(one, "get_game", lambda g, version=None: (reads.append(version), real(g, version))[1])
        turns = {(str(ann.id), one.get_game(gid).version)}

        def play_a_turn() -> None:
            seat = min(one.get_game(gid).to_act())
            while (game := one.get_game(gid)).status == "active" and min(game.to_act()) == seat:
                one.submit(gid, seat, tinygame.legal_actions(game.state, seat)[0])
            if game.status == "active":
                turns.add((str((ann, bob)[min(game.to_act())].id), game.version))

        one.notifier.catch_up()
        play_a_turn()
        reads.clear()
        one.notifier.catch_up()
        assert [v for v in reads if v is not None] == []  # went on from its last batch's game
        play_a_turn()
        two.notifier.catch_up()  # another worker takes these notifications
        play_a_turn()
        reads.clear()
        one.notifier.catch_up()
        assert len([v for v in reads if v is not None]) == 1  # its own game was behind: read from the store
        announced = {(row["player"], row["version"]) for row in one.notifier.query(
            "SELECT player, version FROM {deliveries} WHERE kind = 'turn'")}
        assert announced == turns and len(turns) == 4


def test_a_workers_clockwork_ticks_at_start_then_at_a_phase_of_its_own_then_every_interval(
        sqlite_env: dict[str, str], monkeypatch: Any) -> None:
    """Workers started together do not all tick at the same moments (each would work through the
    same backlog, all but one for nothing, holding up requests in every worker at once): after
    the round at start, each waits a random part of the interval, then the whole interval."""
    from service import clocks

    rounds: list[float] = []
    monkeypatch.setattr(clocks, "tick", lambda app, wait=True: (rounds.append(time.monotonic()), clocks.TickReport())[1])
    app = Shiplog(sqlite_env)
    ticker = clocks.Ticker(app, 3.0, phase=0.05).start()
    try:
        until = time.monotonic() + 10
        while len(rounds) < 3 and time.monotonic() < until:
            time.sleep(0.02)
    finally:
        ticker.stop()
    assert len(rounds) == 3
    assert rounds[1] - rounds[0] < 1.5 <= 2.9 <= rounds[2] - rounds[1]  # 0.15 s (its phase), then 3 s
    assert len({clocks.Ticker(app, 30.0).phase for _ in range(3)}) == 3  # each worker its own phase
