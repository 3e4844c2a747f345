"""Names are one line of visible text, wherever they come in (service/names.py: the schemas of
the API, the player commands behind the API and the web forms, taking a seat)."""

from __future__ import annotations

from typing import Any

import pytest

from domain.core.errors import IllegalAction
from service import schemas
from service.application import Shiplog, hash_token, new_token
from service.names import NAME_MAX, NOT_ONE_LINE, NOTHING_VISIBLE, TOO_LONG, name_problem
from service.players import Player, new_webhook_secret, player_id
from tests.test_api import auth, problem

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
