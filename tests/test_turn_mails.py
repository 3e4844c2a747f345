"""When a "your turn" e-mail goes out (issue 30, item 2), through a real local SMTP server: never
while the player has the game or the inbox open live (a real stream of the server, its presence
kept in the store), nor a few minutes after they acted; the turns that come meanwhile go out as
one mail; one that is no longer true when its mail is due is dropped."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from service.app import create_app
from service.application import Shiplog
from service.clocks import tick
from tests import tinygame
from tests.conftest import FakeClock
from tests.receivers import SmtpSink
from tests.test_api import auth
from tests.test_api_play import read_event
from tests.test_notifications import two_player_game


@dataclass
class Server:
    """The app behind the HTTP routes, on the test's clock, and its SMTP sink."""

    client: Any
    app: Shiplog
    smtp: SmtpSink
    clock: FakeClock

    def player(self, name: str, **settings: Any) -> tuple[Any, str]:
        return self.app.register_player(name, **settings)

    def mails(self) -> list[Any]:
        return [m.message for m in self.smtp.received]

    def tick(self, **advance: float) -> Any:
        if advance:
            self.clock.advance(**advance)
        return tick(self.app)

    def move(self, gid: UUID, seat: int | None = None) -> None:
        """The seat to act (or `seat`) plays a card (draws when it has none)."""
        game = self.app.get_game(gid)
        seat = min(game.to_act()) if seat is None else seat
        self.app.submit(gid, seat, tinygame.legal_actions(game.state, seat)[0])

    @contextmanager
    def watching(self, path: str, token: str) -> Iterator[Any]:
        """A live stream of `path` open for the token's player: its events, one by one."""
        resp = self.client.get(path, headers=auth(token), buffered=False)
        assert resp.status_code == 200
        chunks = iter(resp.response)
        try:
            yield lambda: read_event(chunks)
        finally:
            resp.close()


@contextmanager
def server(sqlite_env: dict[str, str], **env: str) -> Iterator[Server]:
    with SmtpSink().running() as smtp:
        flask_app = create_app({"TESTING": True}, {**sqlite_env, **smtp.env(), **env})
        app = flask_app.extensions["shiplog"]
        app.clock = clock = FakeClock()
        yield Server(flask_app.test_client(), app, smtp, clock)


def kinds(app: Shiplog, player: Any) -> list[tuple[str, str]]:
    return sorted((d["kind"], d["state"]) for d in app.notifier.deliveries_of(str(player.id)) if d["channel"] == "email")


def test_turns_that_come_while_a_mail_waits_go_out_as_one(store_env: dict[str, str]) -> None:
    with server(store_env, SHIPLOG_PUBLIC_URL="https://tables.example") as s:
        ann, _ = s.player("ann", email="ann@example.org")
        bob, _ = s.player("bob")
        first = two_player_game(s.app, ann, bob)
        s.move(first)  # ann plays: she is at the table for five minutes
        s.move(first)  # bob: ann's turn again
        others = [two_player_game(s.app, ann, bob) for _ in range(2)]
        assert s.tick().mails == 0 and s.mails() == []  # she acted a moment ago
        assert s.tick(minutes=4, seconds=59).mails == 0
        report = s.tick(seconds=1)
        assert (report.mails, report.sent) == (1, 1)
        (mail,) = s.mails()
        text = mail.get_body(("plain",)).get_content()
        assert all(f"https://tables.example/games/{g}" in text for g in [first, *others])
        assert kinds(s.app, ann) == [("mail", "sent")] + [("turn", "merged")] * 4  # her first turn in `first` too
        s.move(first)
        s.move(first)  # ann's turn again, after the mail: a new one, later
        assert s.tick().mails == 0
        assert s.tick(minutes=5).mails == 1 and len(s.mails()) == 2


def test_no_mail_while_the_game_is_open_live_even_for_a_whole_game(sqlite_env: dict[str, str]) -> None:
    # No quiet time after a move: only the open page holds ann's mails back.
    with server(sqlite_env, SHIPLOG_MAIL_QUIET_MINUTES="0") as s:
        ann, token = s.player("ann", email="ann@example.org")
        bob, _ = s.player("bob", email="bob@example.org")
        gid = two_player_game(s.app, ann, bob)
        with s.watching(f"/v1/games/{gid}/stream", token) as next_event:
            assert next_event()["event"] == "hello"  # ann's page is open: she is seen live
            moves = 0
            while s.app.get_game(gid).status == "active":
                s.move(gid)
                moves += 1
                next_event()  # the page follows the game, and is seen again every 30 s
                s.tick(seconds=20)
            assert moves >= 3
            to_bob = [m for m in s.mails() if m["To"] == "bob@example.org"]
            assert sum(m["Subject"].startswith("Your turn") for m in to_bob) >= 2  # bob, away, was mailed
            assert not [m for m in s.mails() if m["To"] == "ann@example.org"]  # not once ann, who watched
        s.tick(minutes=5)  # her page was closed
        to_ann = [m for m in s.mails() if m["To"] == "ann@example.org"]
        assert [m["Subject"].split(":")[0] for m in to_ann] == ["Game over"]  # her turns were dropped
        assert ("turn", "skipped") in kinds(s.app, ann)


def test_no_mail_while_the_lobby_is_open_live_and_one_when_the_player_has_gone(store_env: dict[str, str]) -> None:
    with server(store_env) as s:
        ann, token = s.player("ann", email="ann@example.org")
        with s.watching("/v1/me/inbox/stream", token) as next_event:
            next_event()  # the inbox, live: the lobby or the home page
            gid = two_player_game(s.app, ann, s.player("bob")[0])
            assert s.tick().mails == 0 and s.tick(seconds=60).mails == 0
            next_event()  # the inbox changed: she sees her turn
        assert s.tick(seconds=89).mails == 0  # the page was seen 89 s ago
        assert s.tick(seconds=1).mails == 1
        (mail,) = s.mails()
        assert str(gid) in mail.get_body(("plain",)).get_content()


def test_a_turn_taken_before_its_mail_was_due_sends_nothing(sqlite_env: dict[str, str]) -> None:
    with server(sqlite_env) as s:
        ann, _ = s.player("ann", email="ann@example.org")
        gid = two_player_game(s.app, ann, s.player("bob")[0])
        s.move(gid)
        s.move(gid)  # ann's turn, while she is still at the table
        s.tick(minutes=1)
        s.move(gid)  # she takes it (on another device, say)
        assert s.tick(minutes=10).mails == 0 and s.mails() == []
        assert kinds(s.app, ann) == [("turn", "skipped")] * 2  # her first turn (she played it) and this one


def test_the_quiet_time_is_a_setting_and_mail_turned_off_drops_what_waits(sqlite_env: dict[str, str]) -> None:
    with server(sqlite_env, SHIPLOG_MAIL_QUIET_MINUTES="1") as s:
        ann, _ = s.player("ann", email="ann@example.org")
        bob, _ = s.player("bob", email="bob@example.org")
        gid = two_player_game(s.app, ann, bob)
        s.move(gid)  # ann acted: bob's turn, mailed at once (he is away)
        assert s.tick().mails == 1
        s.move(gid)  # bob's move: ann's turn
        assert s.tick(seconds=59).mails == 0
        s.app.update_player(ann, {"email_mode": "off"})
        assert s.tick(seconds=1).mails == 0
        assert kinds(s.app, ann) == [("turn", "skipped")] * 2  # her first turn (she played it) and this one
