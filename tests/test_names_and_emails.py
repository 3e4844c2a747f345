"""Names are one line of visible text, wherever they come in (service/names.py: the schemas of
the API, the player commands behind the API and the web forms, taking a seat); an e-mail
address is one mailbox, and mail goes to that mailbox only."""

from __future__ import annotations

import re
from typing import Any

import pytest

from domain.core.errors import IllegalAction
from service import schemas
from service.application import Shiplog, hash_token, new_token
from service.clocks import tick
from service.names import NAME_MAX, NOT_ONE_LINE, NOTHING_VISIBLE, TOO_LONG, name_problem
from service.players import Player, new_webhook_secret, player_id
from tests.conftest import FakeClock
from tests.receivers import SmtpSink
from tests.test_api import auth, problem
from tests.test_notifications import two_player_game

NAMES = [
    "ann", "Anna Kovács", "Ли Вэй", "山田\u3000太郎", "Zoe\u0308", "O'Brien-Smith", "🦜", "👩\u200d👩\u200d👧 crew",
    "می\u200cخواهم", "a" * NAME_MAX,
]
NOT_ONE_LINE_NAMES = [
    "ann\nbob", "ann\r", "ann\r\nBcc: eve@example.org", "ann\u2028bob", "ann\u2029", "ann\tbob", "\x1b[31mred",
    "ann\x00", "ann\x85", "ann\u202eevil", "\u2066ann\u2069", "ann\u200b", "\ufeffann", "ann\u2060", "ann\U000e0041",
    "ann\ue000",
]
NOTHING_VISIBLE_NAMES = [
    "", " ", "\u00a0\u3000", "\u3164", "\u115f\u1160", "\uffa0", "\u2800\u2800", "\u0301\u0308", "\u200d", "\u200c\u200d",
    "\ufe0f", " \u20dd ",
]


@pytest.mark.parametrize("name", NAMES)
def test_a_name_is_any_line_of_visible_text(name: str) -> None:
    assert name_problem(name) is None


@pytest.mark.parametrize("name", NOT_ONE_LINE_NAMES)
def test_a_name_has_no_line_breaks_controls_or_formatting_characters(name: str) -> None:
    assert name_problem(name) == NOT_ONE_LINE


@pytest.mark.parametrize("name", NOTHING_VISIBLE_NAMES)
def test_a_name_shows_something(name: str) -> None:
    assert name_problem(name) == NOTHING_VISIBLE


def test_a_name_is_at_most_forty_characters() -> None:
    assert name_problem("a" * (NAME_MAX + 1)) == TOO_LONG


BAD_NAMES = [*NOT_ONE_LINE_NAMES, *NOTHING_VISIBLE_NAMES[1:]]  # "" is too short already


@pytest.mark.parametrize("name", BAD_NAMES)
def test_every_schema_with_a_name_refuses_it(name: str) -> None:
    assert "name" in schemas.RegisterPlayerSchema().validate({"name": name})
    assert "name" in schemas.UpdatePlayerSchema().validate({"name": name})
    assert "name" in schemas.PlayerSchema().validate({"name": name})
    refused = schemas.CreateGameSchema().validate({"game": "high-card", "players": ["ann", name]})
    assert refused["players"][1]["name"]
    for good in NAMES:
        assert schemas.CreateGameSchema().validate({"game": "high-card", "players": [good, "bob"]}) == {}


def test_names_are_refused_with_422_by_the_api_and_nothing_is_stored(client: Any) -> None:
    before = client.get("/v1/games").json["games"]
    for name in ("ann\u2028", "\u200b\u200b", "\u3164", "ann\r\nX-Evil: 1"):
        problem(client.post("/v1/players", json={"name": name}), 422, "body.invalid")
        problem(client.post("/v1/games", json={"game": "high-card", "players": ["ann", name]}), 422, "body.invalid")
        problem(client.post("/v1/games", json={"game": "high-card", "players": [{"name": name, "bot": "random"}, "ann"]}),
                422, "body.invalid")
    assert client.get("/v1/games").json["games"] == before
    ann = client.post("/v1/players", json={"name": "ann"}).json
    problem(client.patch("/v1/me", json={"name": "\ufeff"}, headers=auth(ann["token"])), 422, "body.invalid")
    assert client.get("/v1/me", headers=auth(ann["token"])).json["name"] == "ann"


def test_the_player_commands_refuse_names_the_web_forms_send(sqlite_env: dict[str, str]) -> None:
    app = Shiplog(sqlite_env)
    for name in BAD_NAMES:
        with pytest.raises(IllegalAction) as refused:
            app.register_player(name)
        assert refused.value.code == "player.name"
    ann, _ = app.register_player("  ann  ")
    assert ann.name == "ann"
    with pytest.raises(IllegalAction):
        app.update_player(ann, {"name": "ann\u2029"})
    assert app.get_player(ann.id).name == "ann"  # type: ignore[union-attr]


def stored_player(app: Shiplog, name: str, email: str | None = None) -> Player:
    """A player as an older server stored it, before names and addresses were checked."""
    player = Player._create(Player.Registered, id=player_id(hash_token(new_token())), name=name, email=email,
                            webhook_url=None, email_mode="turn" if email else "off", digest_hour=7,
                            webhook_secret=new_webhook_secret())
    app.save(player)
    return player


def test_a_player_stored_with_an_invisible_name_cannot_take_a_seat_until_they_change_it(sqlite_env: dict[str, str]) -> None:
    app = Shiplog(sqlite_env)
    ann = app.register_player("ann")[0]
    ghost = stored_player(app, "\u3164")
    gid = app.open_game(ann, "high-card", 2).game.id
    version = app.get_game(gid).version
    with pytest.raises(IllegalAction) as refused:
        app.join(gid, ghost)
    assert refused.value.code == "player.name" and app.get_game(gid).version == version
    with pytest.raises(IllegalAction):
        app.open_game(ghost, "high-card", 2)
    app.update_player(ghost, {"name": "Casper"})
    app.join(gid, ghost)
    assert [s["name"] for s in app.get_game(gid).seats] == ["ann", "Casper"]


# -- e-mail addresses --------------------------------------------------------------------------

BAD_EMAILS = [
    "postmaster,me@example.org", "postmaster@example.org, me@example.org", "me@example.org;postmaster@example.org",
    "Ann <ann@example.org>", '"Ann" <ann@example.org>', "ann@example.org (Ann)", "ann@example.org\r\nBcc: eve@example.org",
    "ann@example.org\n", "ann\r@example.org", " ann@example.org", "no-at-sign", "ann@", "@example.org", "ann@localhost",
    '"a,b"@example.org', "ann@[127.0.0.1]", "a" * 65 + "@example.org", "ann@" + "d" * 250 + ".org", "",
]


def test_an_email_address_is_one_mailbox(sqlite_env: dict[str, str], client: Any) -> None:
    app = Shiplog(sqlite_env)
    for email in BAD_EMAILS:
        with pytest.raises(IllegalAction) as refused:
            app.register_player("ann", email=email)
        assert refused.value.code == "player.email", email
        problem(client.post("/v1/players", json={"name": "ann", "email": email}), 422, "player.email")
    assert app.register_player("ann", email="Ann.Lee+games@Example.ORG")[0].email == "Ann.Lee+games@example.org"
    assert app.register_player("ann", email="ann@bücher.de")[0].email == "ann@bücher.de"
    ann = client.post("/v1/players", json={"name": "ann", "email": "ann@example.org"}).json
    for email in ("postmaster,ann@example.org", "Ann <ann@example.org>", "ann@example.org\r\nCc: eve@example.org"):
        problem(client.patch("/v1/me", json={"email": email}, headers=auth(ann["token"])), 422, "player.email")
    assert client.get("/v1/me", headers=auth(ann["token"])).json["email"] == "ann@example.org"


def csrf(page: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]


def test_the_web_forms_refuse_bad_names_and_addresses(app: Any) -> None:
    client = app.test_client()
    form = client.get("/signup").get_data(as_text=True)
    assert client.post("/signup", data={"name": "\u200b", "csrf_token": csrf(form)}).status_code == 422
    assert client.post("/signup", data={"name": "ann", "email": "postmaster,ann@example.org",
                                        "csrf_token": csrf(form)}).status_code == 422
    signed_up = client.post("/signup", data={"name": "ann", "csrf_token": csrf(form)})
    assert signed_up.status_code == 201
    page = client.get("/settings").get_data(as_text=True)
    refused = client.post("/settings", data={"name": "ann", "email": "Ann <ann@example.org>", "email_mode": "turn",
                                             "csrf_token": csrf(page)})
    assert refused.status_code == 422
    shiplog = app.extensions["shiplog"]
    token = re.search(r'value="([^"]+)" data-testid="token"', signed_up.get_data(as_text=True)).group(1)  # type: ignore[union-attr]
    assert shiplog.player_by_token(token).email is None


def test_mail_goes_to_the_one_mailbox_and_an_old_list_is_given_up(sqlite_env: dict[str, str], clock: FakeClock) -> None:
    with SmtpSink().running() as smtp:
        app = Shiplog({**sqlite_env, **smtp.env()}, clock=clock)
        listed = stored_player(app, "ann", email="postmaster,me@example.org")  # as a server before this one kept it
        two_player_game(app, listed, app.register_player("bob")[0])
        assert tick(app).failed == 1 and smtp.received == []  # postmaster is not mailed
        (delivery,) = [d for d in app.notifier.deliveries_of(str(listed.id)) if d["kind"] == "mail"]
        assert "not one mailbox" in delivery["attempts"][0]["error"]
        cy, _ = app.register_player("cy", email="cy@bücher.de")
        two_player_game(app, cy, app.register_player("dan")[0])
        assert tick(app).sent == 1
        (mail,) = smtp.received
        assert mail.recipients == ["cy@xn--bcher-kva.de"] and mail.message["To"] == "cy@xn--bcher-kva.de"


def test_the_subject_of_a_mail_is_one_line_whatever_names_were_stored(sqlite_env: dict[str, str], clock: FakeClock) -> None:
    with SmtpSink().running() as smtp:
        app = Shiplog({**sqlite_env, **smtp.env()}, clock=clock)
        ann, _ = app.register_player("ann", email="ann@example.org")
        eve = stored_player(app, "eve\r\nBcc: all@example.org")
        gid = app.open_game(ann, "high-card", 2).game.id
        game = app._fresh(gid)  # eve takes her seat as she could before names were checked
        game.take_seat(name=eve.name, player=str(eve.id))
        app._save(game)
        assert tick(app).sent == 1
        (mail,) = smtp.received
        assert "\n" not in mail.message["Subject"] and mail.recipients == ["ann@example.org"]
