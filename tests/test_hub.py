"""The live streams' hub and feed (service/hub.py, service/feeds.py) without a server: which
streams a stored event wakes, and what the streams of one game share."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

from service.application import Shiplog
from service.feeds import Feed, feed
from service.hub import Hub, changes


def test_a_change_of_state_wakes_everyone_at_the_table_a_moved_turn_only_whom_it_concerns() -> None:
    table = {"ann", "bob", "cy"}
    anns_turn = ("active", 0, frozenset({("ann", 0, "turn")}))
    bobs_turn = ("active", 0, frozenset({("bob", 1, "turn")}))
    assert changes(None, anns_turn, table) == table  # new to the hub: everyone
    assert changes(anns_turn, bobs_turn, table) == {"ann", "bob"}
    assert changes(bobs_turn, bobs_turn, table) == set()
    assert changes(bobs_turn, ("finished", 0, frozenset()), table) == table


def seated_game(app: Shiplog) -> tuple[Any, Any, Any]:
    ann, _ = app.register_player("ann")
    bob, _ = app.register_player("bob")
    opened = app.open_game(ann, "high-card", 2)
    app.join(opened.game.id, bob)
    return app.get_game(opened.game.id), ann, bob


def test_the_hub_wakes_the_games_streams_and_the_inbox_of_whom_the_turn_reaches(sqlite_env: dict[str, str]) -> None:
    app = Shiplog(sqlite_env)
    game, ann, bob = seated_game(app)
    hub = Hub(app, poll=1.0, pool=ThreadPoolExecutor(1))
    for key in (f"game:{game.id}", f"inbox:{ann.id}", f"inbox:{bob.id}", "game:elsewhere"):
        hub.subscribe([key])
    assert hub.look() == set()  # the first look only finds where the log ends
    hub.look()
    seat = min(game.to_act())
    mover, other = (ann, bob) if game.seats[seat]["player"] == str(ann.id) else (bob, ann)
    first = hub.concerned([str(game.id)], {})  # as the game stands: new to this hub, everyone's
    assert first - {"lobby"} == {f"inbox:{ann.id}", f"inbox:{bob.id}"}
    app.submit(game.id, seat, game.rules.legal_actions(game.state, seat)[0])
    woken = hub.look()
    assert f"game:{game.id}" in woken and "game:elsewhere" not in woken
    assert app.get_game(game.id).to_act() == {1 - seat}  # the turn passed: both inboxes changed
    assert {f"inbox:{mover.id}", f"inbox:{other.id}"} <= woken
    assert hub.look() == set()  # nothing new since


def test_the_streams_of_a_game_share_its_events_and_each_viewer_sees_only_its_own_secrets(sqlite_env: dict[str, str]) -> None:
    app = Shiplog(sqlite_env)
    game, _ann, _bob = seated_game(app)
    news = feed(app)
    spectator, _ = news.frames(game.id, -1, lambda g: None)
    seat0, newest = news.frames(game.id, -1, lambda g: 0)
    assert newest == game.version and len(spectator) == len(seat0) == game.version + 1
    assert spectator != seat0  # the deal: seat 0 sees its own cards, a spectator none
    assert news.frames(game.id, newest, lambda g: None) == ([], newest)
    again, _ = news.frames(game.id, -1, lambda g: None)
    assert all(a is b for a, b in zip(again, spectator, strict=True))  # written once, shared


def test_a_stream_that_resumes_from_further_back_than_the_feed_keeps_gets_every_event(sqlite_env: dict[str, str]) -> None:
    app = Shiplog(sqlite_env)
    game, _ann, _bob = seated_game(app)
    news = feed(app)
    assert news.frames(game.id, game.version, lambda g: None) == ([], game.version)  # a new stream: nothing yet
    resumed, newest = news.frames(game.id, 0, lambda g: None)  # another, from version 0
    assert newest == game.version and [int(f.split("\n")[0][4:]) for f in resumed] == list(range(1, game.version + 1))


def test_the_streams_of_one_viewer_woken_together_share_a_batch_and_each_viewer_its_own(sqlite_env: dict[str, str]) -> None:
    app = Shiplog(sqlite_env)
    game, _ann, _bob = seated_game(app)
    news = feed(app)
    seat = min(game.to_act())
    app.submit(game.id, seat, game.rules.legal_actions(game.state, seat)[0])
    now = app.get_game(game.id).version
    viewers = {"seat 0": lambda g: 0, "seat 1": lambda g: 1, "spectator": lambda g: None}
    sent = {name: news.frames(game.id, -1, viewer) for name, viewer in viewers.items()}
    for name, viewer in viewers.items():
        again = news.frames(game.id, -1, viewer)
        assert again == sent[name] and again[0] is sent[name][0]  # written once for the streams woken together
        assert Feed(app).frames(game.id, -1, viewer) == sent[name]  # as a feed of its own writes them
        assert [int(f.split("\n")[0][4:]) for f in sent[name][0]] == list(range(now + 1)) and sent[name][1] == now
    assert len({tuple(frames) for frames, _newest in sent.values()}) == 3  # each seat its own cards, a spectator none
    later, newest = news.frames(game.id, game.version, viewers["seat 0"])  # from the move on: the same frames
    assert newest == now and later == sent["seat 0"][0][game.version + 1:]
