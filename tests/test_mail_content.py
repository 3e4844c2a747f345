"""What the e-mails say (issue 30, item 3), through a real local SMTP server: the moves since the
player's last turn exactly as the game page lists them (redacted for that seat: another seat's
hidden cards never show), the deadline in the player's time zone and the time left, a link to
the game's page, the ranking and scores of a game over, who asks for a take-back; a plain text
and an HTML part; List-Unsubscribe with a one-click link that turns e-mail off and nothing else."""

from __future__ import annotations

import html
import re
from typing import Any
from uuid import UUID

import pytest

from domain.core import Rng
from domain.core.rules import ALL, redacted
from domain.core.words import described
from tests.leaks import BOT, hidden, leaked
from tests.test_api import auth, problem
from tests.test_turn_mails import Server, server
from tests.test_web import csrf

QUIET = {"SHIPLOG_MAIL_QUIET_MINUTES": "0", "SHIPLOG_PUBLIC_URL": "https://tables.example"}


def parts(message: Any) -> tuple[str, str]:
    return message.get_body(("plain",)).get_content(), message.get_body(("html",)).get_content()


def signed_in(s: Server, token: str) -> Any:
    """A browser signed in with the player's token (the page's cookie)."""
    client = s.client.application.test_client()
    form = client.get("/signin").get_data(as_text=True)
    assert client.post("/signin", data={"token": token, "csrf_token": csrf(form)}).status_code == 303
    return client


def since_on_the_page(client: Any, gid: UUID) -> list[str]:
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    listed = page.split('id="since-h"', 1)[1].split("</ol>", 1)[0]
    return [html.unescape(item) for item in re.findall(r"<li>(.*?)</li>", listed)]


def test_a_turn_mail_says_what_the_page_says_since_the_last_turn_and_never_another_seats_cards(sqlite_env: dict[str, str]) -> None:
    with server(sqlite_env, **QUIET) as s:
        ann, token = s.player("ann", email="ann@example.org")
        bob, _ = s.player("bob")
        gid = s.app.open_game(ann, "high-card", 2).game.id
        s.app.join(gid, bob)
        s.app.submit(gid, 0, {"type": "play", "card": min(s.app.get_game(gid).state.hands[0])})
        s.app.submit(gid, 1, {"type": "draw"})  # bob's new card is his alone
        s.tick()
        (mail,) = [m for m in s.mails() if m["To"] == "ann@example.org"]
        text, page = parts(mail)
        listed = since_on_the_page(signed_in(s, token), gid)
        assert listed and all(sentence in text and html.escape(sentence) in page for sentence in listed)
        game = s.app.get_game(gid)
        draw = s.app.events_between(gid)[-1]
        full = described(game.rules, draw.facts, ALL, ["ann", "bob"])  # what bob (or the end of the game) sees
        seen = described(game.rules, redacted(game.rules, draw.facts, 0), 0, ["ann", "bob"])
        hidden_from_ann = [sentence for sentence in full if sentence not in seen]  # "bob draws the 7."
        assert hidden_from_ann and all(sentence in text for sentence in seen)
        assert not any(sentence in text or sentence in page for sentence in hidden_from_ann)
        bobs = {f"the {card}" for card in game.state.hands[1]} | {f"the {card}" for card in game.state.deck}
        assert not [card for card in bobs if re.search(rf"\b{card}\b", text + page)]  # nothing hidden from ann
        assert f"https://tables.example/games/{gid}" in text and f'href="https://tables.example/games/{gid}"' in page


def test_the_deadline_is_in_the_players_time_zone_with_the_time_left(sqlite_env: dict[str, str]) -> None:
    with server(sqlite_env, **QUIET) as s:
        ann, token = s.player("ann", email="ann@example.org")
        bob, _ = s.player("bob", email="bob@example.org")
        problem(s.client.patch("/v1/me", json={"time_zone": "Asia/Tokio"}, headers=auth(token)), 422, "player.time_zone")
        assert s.client.patch("/v1/me", json={"time_zone": "Asia/Tokyo"}, headers=auth(token)).json["time_zone"] == "Asia/Tokyo"
        ann = s.app.get_player(ann.id)
        gid = s.app.open_game(ann, "high-card", 2, settings={"clock": {"days_per_move": 3}}).game.id
        s.app.join(gid, bob)  # 2030-01-01 12:00 UTC: ann has until the 4th, 12:00 UTC
        s.tick(hours=5, minutes=30)
        to = {m["To"]: parts(m)[0] for m in s.mails()}
        assert "You have until Friday, January 4, 2030, 9:00\u202fPM (Asia/Tokyo): 2 days 18 hours left." in to["ann@example.org"]
        s.app.submit(gid, 0, {"type": "draw"})
        s.tick(days=2, minutes=1)  # bob's turn began 5 h 30 min in: until the 4th, 17:30 UTC
        (bobs,) = [parts(m)[0] for m in s.mails() if m["To"] == "bob@example.org"]
        assert "You have until Friday, January 4, 2030, 5:30\u202fPM (UTC): 23 hours 59 minutes left." in bobs
        assert "a bot plays for you until you are back" in bobs


def test_game_over_gives_the_ranking_and_scores_and_a_take_back_names_who_asks(sqlite_env: dict[str, str]) -> None:
    with server(sqlite_env, **QUIET) as s:
        ann, _ = s.player("ann", email="ann@example.org")
        bob, _ = s.player("bob", email="bob@example.org")
        gid = s.app.open_game(ann, "high-card", 2).game.id
        s.app.join(gid, bob)
        s.app.submit(gid, 0, {"type": "draw"})
        s.app.request_undo(gid, 0)  # she drew a card: bob must agree
        s.tick()
        (undo,) = [m for m in s.mails() if m["To"] == "bob@example.org"]  # his turn, and ann's request
        assert "ann asks to take back a move: High Card (ann, bob)" in parts(undo)[0]
        assert "ann asks to take back their last move in High Card (ann, bob)." in parts(undo)[0]
        s.app.answer_undo(gid, 1, False)
        while (game := s.app.get_game(gid)).status == "active":
            s.move(gid)
        s.tick(minutes=1)
        outcome = game.outcome()
        assert outcome is not None
        for address in ("ann@example.org", "bob@example.org"):
            (over,) = [m for m in s.mails() if m["To"] == address and m["Subject"].startswith("Game over")]
            text, page = parts(over)
            for r in outcome.results:
                line = f"{r.rank}. {['ann', 'bob'][r.seat]}: {r.score}"
                assert line in text and f"<li>{line}</li>" in page
            if len({r.rank for r in outcome.results}) > 1:  # (a tie: both are 1.)
                assert text.index("1. ") < text.index("2. ")


def test_list_unsubscribe_turns_mail_off_in_one_click_and_nothing_else(sqlite_env: dict[str, str]) -> None:
    with server(sqlite_env, **QUIET) as s:
        ann, _ = s.player("ann", email="ann@example.org", webhook_url=None, digest_hour=6, time_zone="Europe/Paris")
        gid = s.app.open_game(ann, "high-card", 2).game.id
        s.app.join(gid, s.player("bob")[0])
        s.tick()
        (mail,) = s.mails()
        assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
        raw = s.smtp.received[0].raw
        assert re.search(rb"^List-Unsubscribe: <https://tables\.example/mail/off/\S+>\r?$", raw, re.M)  # as it is, unencoded
        link = re.fullmatch(r"<(https://tables\.example(/mail/off/\S+))>", mail["List-Unsubscribe"])
        assert link is not None and link.group(1) in parts(mail)[0] and html.escape(link.group(1)) in parts(mail)[1]
        assert "https://tables.example/settings" in parts(mail)[0]
        path = link.group(2)
        before = s.app.get_player(ann.id).profile()
        assert "Stop the e-mails?" in s.client.get(path).get_data(as_text=True)  # a look changes nothing
        assert s.app.get_player(ann.id).email_mode == "turn"
        for forged in (path[:-1] + ("0" if path[-1] != "0" else "1"), f"/mail/off/{s.player('eve')[0].id}.{'0' * 32}"):
            assert s.client.post(forged, data={"List-Unsubscribe": "One-Click"}).status_code == 404
        answer = s.client.post(path, data={"List-Unsubscribe": "One-Click"})  # a mail program's one click: no cookie, no form
        assert answer.status_code == 200 and "no more e-mail" in answer.get_data(as_text=True)
        after = s.app.get_player(ann.id).profile()
        assert after == {**before, "email_mode": "off"}  # e-mail off, and only that
        s.app.submit(gid, 0, {"type": "draw"})
        s.app.submit(gid, 1, {"type": "draw"})
        assert s.tick(minutes=10).mails == 0 and len(s.mails()) == 1


def test_several_games_in_one_mail_each_with_its_part(sqlite_env: dict[str, str]) -> None:
    with server(sqlite_env, **QUIET) as s:
        ann, _ = s.player("ann", email="ann@example.org")
        bob, _ = s.player("bob")
        games = [s.app.open_game(ann, "high-card", 2).game.id for _ in range(3)]
        for gid in games:
            s.app.join(gid, bob)
        s.tick()
        (mail,) = s.mails()
        text, page = parts(mail)
        assert mail["Subject"] == "Your turn: High Card (ann, bob) (and 2 more)"
        assert text.count("It is your turn in High Card (ann, bob).") == 3
        assert [f"https://tables.example/games/{g}" in text for g in games] == [True] * 3
        assert page.count("<h2><a href=") == 3


def test_the_settings_page_sets_the_time_zone_reminder_and_days_off(sqlite_env: dict[str, str]) -> None:
    with server(sqlite_env) as s:
        ann, token = s.player("ann", email="ann@example.org")
        browser = signed_in(s, token)
        form = browser.get("/settings").get_data(as_text=True)
        assert '<option value="Europe/Paris">' in form and 'value="UTC"' in form
        fields = {"csrf_token": csrf(form), "name": "ann", "email": "ann@example.org", "email_mode": "turn"}
        assert browser.post("/settings", data={**fields, "time_zone": "Europe/Lisbon"}).status_code == 200
        assert s.app.get_player(ann.id).time_zone == "Europe/Lisbon"
        assert browser.post("/settings", data={**fields, "time_zone": "Lisbon"}).status_code == 422
        assert s.app.get_player(ann.id).time_zone == "Europe/Lisbon"
        saved = browser.post("/settings", data={**fields, "reminder_hours": "3", "vacation_days": "2030-02-02, 2030-02-01"})
        assert saved.status_code == 200 and 'value="2030-02-01, 2030-02-02"' in saved.get_data(as_text=True)
        assert (s.app.get_player(ann.id).reminder_hours, s.app.get_player(ann.id).vacation_days) == (3, ["2030-02-01", "2030-02-02"])


@pytest.mark.parametrize("game", ["navegador", "santa-maria", "felinia"])
def test_no_mail_shows_a_player_an_id_hidden_from_their_seat(sqlite_env: dict[str, str], game: str) -> None:
    # tests/leaks.py: a game's secrets are ids (a tile, a card); a mail leaks when one of those
    # hidden from its reader appears in it. The setup's facts hold every one of them.
    with server(sqlite_env, **QUIET) as s:
        seats = [s.player(name, email=f"{name}@example.org")[0] for name in ("ann", "bob")]
        gid = s.app.open_game(seats[0], game, 2).game.id
        s.app.join(gid, seats[1])
        rules = s.app.get_game(gid).rules
        setup = s.app.events_between(gid)[-1]
        assert all(leaked(hidden(game, s.app.get_game(gid).state, seat), setup.facts) for seat in (0, 1))
        checked = 0
        for n in range(30):
            before = s.app.get_game(gid)
            s.tick(minutes=1)
            for mail in s.smtp.received[checked:]:
                seat = 0 if mail.recipients == ["ann@example.org"] else 1
                text, page = parts(mail.message)
                assert not leaked(hidden(game, before.state, seat), text + " " + page), (game, seat)
            checked = len(s.smtp.received)
            if before.status != "active":
                break
            seat = min(before.to_act())
            s.app.submit(gid, seat, rules.BOTS[BOT[game]](before.state, seat, Rng(str(n), "mail")))
        assert checked >= 5
