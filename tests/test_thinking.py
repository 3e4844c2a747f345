"""Searching bots as seats (issue 33, item 5): a seat whose bot searches (search-normal,
search-strong) fills a seat or stands in like any bot, but never moves inside a request: the
command leaves it "thinking", and its move is decided and played in the background (here the
test does the background's work itself: `think`, or a tick), from the seat's own stream, so the
record verifies. A tiny budget (SHIPLOG_BOT_ITERATIONS)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import pytest

from domain.core.record import verify
from service.app import create_app
from service.clocks import tick
from service.thinking import budgeted

TINY = {"SHIPLOG_BOT_ITERATIONS": "2"}


@pytest.fixture
def app(sqlite_env: dict[str, str]) -> Any:
    return create_app({"TESTING": True}, {**sqlite_env, **TINY})


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def until_thinking(shiplog: Any, gid: UUID, person: int) -> Any:
    """The person plays their first legal action until the game waits for the bot."""
    game = shiplog.get_game(gid)
    while not game.thinking():
        assert game.status == "active" and person in game.to_act()
        result = shiplog.submit(game, person, game.rules.legal_actions(game.state, person)[0])
        assert not any(type(e).__name__ == "ActionTaken" and (e.bot or "").startswith("search") for e in result.new_events)
        game = shiplog.get_game(gid)
    return game


def test_a_searching_bot_seat_thinks_outside_the_request_and_moves_in_the_background(app: Any) -> None:
    shiplog = app.extensions["shiplog"]
    client = app.test_client()
    created = client.post("/v1/games", json={"game": "santa-maria", "players": ["ann", {"name": "deep", "bot": "search-normal"}],
                                             "seed": "thinking"}).get_json()
    gid = UUID(created["id"])
    game = until_thinking(shiplog, gid, 0)
    assert game.thinking() == {1} and 1 in game.to_act()
    view = client.get(f"/v1/games/{gid}", headers=auth(created["seats"][0]["token"])).get_json()
    assert view["thinking"] == [1]
    bot = budgeted(game.rules.BOTS["search-normal"], 2)
    expected = game.bot_choice(1, bot)
    assert shiplog.readmodels.thinking() == [gid]
    played = shiplog.thinkers.think(gid)
    assert played >= 1
    moved = shiplog.events_between(gid, game.version, game.version + 1)[0]
    assert (moved.seat, moved.action, moved.bot) == (1, expected, "search-normal")
    after = shiplog.get_game(gid)
    assert not after.thinking()
    assert shiplog.readmodels.thinking() == []
    assert verify(shiplog.record(gid)).ok  # the bot's moves are the rules' like any other


def test_a_searching_bot_stands_in_and_the_tick_plays_it(app: Any) -> None:
    shiplog = app.extensions["shiplog"]
    created = shiplog.create_game("santa-maria", [{"name": "ann"}, {"name": "bob"}], seed="stand-in")
    gid = created.game.id
    game = shiplog.get_game(gid)
    seat = min(game.to_act())
    result = shiplog.seat_bot(game, seat, "search-strong", asked=True)  # "let a bot play for me"
    assert [type(e).__name__ for e in result.new_events] == ["BotStoodIn"]  # no move inside the request
    assert shiplog.get_game(gid).thinking() == {seat}
    page = app.test_client().get(f"/games/{gid}").get_data(as_text=True)
    assert 'data-testid="thinking"' in page
    report = tick(shiplog)
    assert report.bot_moves >= 1
    moves = [e for e in shiplog.events_between(gid) if type(e).__name__ == "ActionTaken" and e.bot == "search-strong"]
    assert moves and all(e.seat == seat for e in moves)
    assert shiplog.get_game(gid).thinking() == frozenset()  # until the bot's seat is to act again, or a person is
