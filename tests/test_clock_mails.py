"""Clocks as correspondence players expect (issue 30, item 6), on an injected clock: a reminder
before the deadline (each player's own number of hours, once per deadline, by e-mail through a
real local SMTP server and by webhook to a real local receiver)."""

from __future__ import annotations

import json
from typing import Any

from tests.receivers import WebhookReceiver
from tests.test_mail_content import parts
from tests.test_turn_mails import Server, server

DAY_CLOCK = {"clock": {"days_per_move": 1}}
ENV = {"SHIPLOG_WEBHOOK_ALLOW_PRIVATE": "1", "SHIPLOG_PUBLIC_URL": "https://tables.example"}


def day_game(s: Server, host: Any, guest: Any) -> Any:
    """A game with a day per move: the host is to act from now (2030-01-01 12:00 UTC)."""
    gid = s.app.open_game(host, "high-card", 2, settings=DAY_CLOCK).game.id
    s.app.join(gid, guest)
    return gid


def test_a_reminder_comes_once_before_the_deadline_by_mail_and_by_webhook(store_env: dict[str, str]) -> None:
    with WebhookReceiver().running() as hooks, server(store_env, **ENV) as s:
        ann, _ = s.player("ann", email="ann@example.org", webhook_url=hooks.url(), reminder_hours=6,
                          time_zone="Europe/Paris")
        gid = day_game(s, ann, s.player("bob")[0])
        assert s.tick().mails == 1  # "your turn"
        assert s.tick(hours=17, minutes=59).reminders == 0
        report = s.tick(minutes=1)  # six hours before 2030-01-02 12:00 UTC
        assert (report.reminders, report.mails) == (2, 1)
        reminder = s.mails()[-1]
        assert reminder["Subject"] == "Your time runs out: High Card (ann, bob)"
        text = parts(reminder)[0]
        assert "You have until Wednesday, January 2, 2030, 1:00\u202fPM (Europe/Paris): 6 hours left." in text
        assert f"https://tables.example/games/{gid}" in text
        hook = json.loads(hooks.received[-1].body)
        assert hook["kind"] == "reminder" and hook["deadline"].startswith("2030-01-02T12:00:00")
        assert hook["game"]["url"] == f"https://tables.example/games/{gid}"
        assert hook["game"]["api_url"] == f"https://tables.example/v1/games/{gid}"
        assert s.tick(hours=1).reminders == 0 and len(s.mails()) == 2 and len(hooks.received) == 2  # once


def test_no_reminder_when_the_turn_is_shorter_than_the_reminder_time_or_reminders_are_off(sqlite_env: dict[str, str]) -> None:
    with server(sqlite_env) as s:
        ann, _ = s.player("ann", email="ann@example.org", reminder_hours=24)  # the whole turn: its mail says it
        cy, _ = s.player("cy", email="cy@example.org", reminder_hours=0)
        day_game(s, ann, s.player("bob")[0])
        day_game(s, cy, s.player("dan")[0])
        s.tick()
        for hours in (6, 6, 6, 5):
            assert s.tick(hours=hours).reminders == 0
        assert sorted(m["Subject"].split(":")[0] for m in s.mails()) == ["Your turn", "Your turn"]


def test_a_reminder_waits_while_the_player_is_at_the_table_and_is_dropped_once_they_play(sqlite_env: dict[str, str]) -> None:
    with server(sqlite_env) as s:
        ann, token = s.player("ann", email="ann@example.org", reminder_hours=2)
        gid = day_game(s, ann, s.player("bob")[0])
        s.tick()  # "your turn": she is away
        s.clock.advance(hours=22)
        with s.watching("/v1/me/inbox/stream", token) as next_event:
            next_event()  # she opens the lobby: the reminder waits
            assert s.tick().reminders == 1 and s.tick(seconds=30).mails == 0
            s.move(gid)
        assert s.tick(minutes=10).mails == 0 and len(s.mails()) == 1
        kinds = sorted((d["kind"], d["state"]) for d in s.app.notifier.deliveries_of(str(ann.id)))
        assert ("reminder", "skipped") in kinds
