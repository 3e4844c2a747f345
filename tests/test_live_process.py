"""Through a real `shiplog serve`: the background ticker delivers notifications by itself, and a
live stream sees a move made through another worker."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
import requests

from service.process import running
from tests.receivers import Hook, WebhookReceiver

TINY = {"SHIPLOG_GAME_MODULES": "high-card=tests.tinygame", "SHIPLOG_WEBHOOK_ALLOW_PRIVATE": "1"}


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def player(url: str, name: str, **extra: Any) -> dict[str, Any]:
    resp = requests.post(f"{url}/v1/players", json={"name": name, **extra}, timeout=10)
    assert resp.status_code == 201, resp.text
    return resp.json()  # type: ignore[no-any-return]


def events(lines: Iterator[str]) -> Iterator[dict[str, str]]:
    fields: dict[str, str] = {}
    for line in lines:
        if not line:
            if "data" in fields:
                yield fields
            fields = {}
        elif not line.startswith(":") and ": " in line:
            key, value = line.split(": ", 1)
            fields[key] = value


def test_the_server_ticks_by_itself_and_sends_the_turn_notification(sqlite_env: dict[str, str]) -> None:
    arrived = threading.Event()

    def got(hook: Hook) -> None:
        arrived.set()

    with WebhookReceiver(on_request=got).running() as hooks, \
            running({**sqlite_env, **TINY, "SHIPLOG_TICK_SECONDS": "0.2"}) as server:
        ann = player(server.url, "ann", webhook_url=hooks.url())
        bob = player(server.url, "bob")
        game = requests.post(f"{server.url}/v1/games", json={"game": "high-card", "seats": 2},
                             headers=auth(ann["token"]), timeout=10).json()
        requests.post(f"{server.url}/v1/games/{game['id']}/join", json={}, headers=auth(bob["token"]), timeout=10)
        assert arrived.wait(30), "no notification arrived: the ticker did not run"
        body = json.loads(hooks.received[0].body)
        assert body["kind"] == "turn" and body["game"]["id"] == game["id"] and body["player"] == ann["id"]


@pytest.mark.parametrize("workers", [1, 2], ids=["one-worker", "two-workers"])
def test_a_stream_sees_each_move_also_one_made_on_another_worker(sqlite_env: dict[str, str], workers: int) -> None:
    env = {**sqlite_env, **TINY, "SHIPLOG_SSE_POLL": "0.2", "SHIPLOG_TICK_SECONDS": "0"}
    with running(env, workers=workers) as server:
        each_move_seen(server.url)


@pytest.mark.postgres
def test_on_postgresql_notify_wakes_the_streams_of_every_worker(postgres_env: dict[str, str]) -> None:
    """The hubs look at the store only every 30 s here: a move stored by the other worker reaches
    the stream at once all the same, since PostgreSQL NOTIFYs every insert and each hub LISTENs."""
    env = {**postgres_env, **TINY, "SHIPLOG_SSE_POLL": "30", "SHIPLOG_TICK_SECONDS": "0"}
    with running(env, workers=2) as server:
        each_move_seen(server.url, moves=4, within=15.0)


def each_move_seen(url: str, moves: int = 3, within: float = 20.0) -> None:
    """Bob's stream of a game sees each of `moves` moves (several requests, so that some land on
    another worker), each within `within` seconds."""
    ann, bob = player(url, "ann"), player(url, "bob")
    game = requests.post(f"{url}/v1/games", json={"game": "high-card", "seats": 2},
                         headers=auth(ann["token"]), timeout=10).json()
    gid = game["id"]
    requests.post(f"{url}/v1/games/{gid}/join", json={}, headers=auth(bob["token"]), timeout=10)
    with requests.get(f"{url}/v1/games/{gid}/stream", headers=auth(bob["token"]), stream=True, timeout=within) as stream:
        assert stream.headers["Content-Type"].startswith("text/event-stream")
        received = events(stream.iter_lines(decode_unicode=True))
        hello = next(received)
        assert hello["event"] == "hello"
        for _ in range(moves):
            view = requests.get(f"{url}/v1/games/{gid}", timeout=10).json()
            if view["status"] != "active":
                break
            token = (ann if view["to_act"] == [0] else bob)["token"]
            action = requests.get(f"{url}/v1/games/{gid}/actions", headers=auth(token), timeout=10).json()["actions"][0]
            resp = requests.post(f"{url}/v1/games/{gid}/actions", json=action, headers=auth(token), timeout=10)
            assert resp.status_code == 201
            version = resp.json()["events"][0]["version"]
            seen = next(received)
            assert seen["event"] == "ActionTaken" and int(seen["id"]) == version
            assert json.loads(seen["data"])["action"] == action


def test_streams_hold_no_thread_and_each_sees_the_move_and_the_inbox_its_turn(sqlite_env: dict[str, str]) -> None:
    """Under `shiplog serve` (ASGI) 2 workers of 2 threads each hold 24 open streams, and still
    answer requests at once; a move reaches every game stream, and the inbox stream of the
    player whose turn it becomes (whichever worker holds it)."""
    env = {**sqlite_env, **TINY, "SHIPLOG_TICK_SECONDS": "0", "SHIPLOG_SIGNUPS_PER_MINUTE": "1000"}
    with running(env, workers=2, threads=2) as server:
        ann, bob = player(server.url, "ann"), player(server.url, "bob")
        gid = requests.post(f"{server.url}/v1/games", json={"game": "high-card", "seats": 2},
                            headers=auth(ann["token"]), timeout=10).json()["id"]
        requests.post(f"{server.url}/v1/games/{gid}/join", json={}, headers=auth(bob["token"]), timeout=10)
        watchers = [player(server.url, f"w{n}")["token"] for n in range(5)]
        with ExitStack() as stack:
            def open_stream(path: str, token: str) -> Iterator[dict[str, str]]:
                resp = stack.enter_context(requests.get(f"{server.url}{path}", headers=auth(token), stream=True, timeout=20))
                assert resp.status_code == 200, resp.text
                return events(resp.iter_lines(decode_unicode=True))

            games = [open_stream(f"/v1/games/{gid}/stream", token) for token in watchers for _ in range(4)]
            inboxes = {name: open_stream("/v1/me/inbox/stream", who["token"]) for name, who in (("ann", ann), ("bob", bob))}
            assert all(next(g)["event"] == "hello" for g in games)
            first = {name: json.loads(next(s)["data"])["inbox"] for name, s in inboxes.items()}
            mover = "ann" if first["ann"] else "bob"
            other = "bob" if mover == "ann" else "ann"
            t0 = time.monotonic()
            assert requests.get(f"{server.url}/v1/games/{gid}", timeout=5).status_code == 200
            assert time.monotonic() - t0 < 2, "a request waited behind the open streams"
            token = (ann if mover == "ann" else bob)["token"]
            action = requests.get(f"{server.url}/v1/games/{gid}/actions", headers=auth(token), timeout=10).json()["actions"][0]
            resp = requests.post(f"{server.url}/v1/games/{gid}/actions", json=action, headers=auth(token), timeout=10)
            assert resp.status_code == 201, resp.text
            version = resp.json()["version"]
            assert all(int(next(g)["id"]) == version for g in games)
            assert [w["game"]["id"] for w in json.loads(next(inboxes[other])["data"])["inbox"]] == [gid]
