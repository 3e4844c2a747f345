"""The ASGI worker of `make serve` (service/asgi.py) answers as the WSGI app does, and answers a
seat's legal actions in its event loop on SQLite (`READ_IN_LOOP`), every other request (and
every request on PostgreSQL, whose reads are round trips) in a request thread;
replay/requestcpu.py's transports call both as the servers do."""

from __future__ import annotations

import asyncio
import json
import threading

from flask import request

from replay.requestcpu import asgi_transport, wsgi_transport
from replay.streamcpu import measure
from service.app import create_app, whole_bodies
from service.asgi import Worker


def test_the_worker_answers_as_the_wsgi_app_and_reads_legal_actions_in_its_loop_on_sqlite(store_env: dict[str, str]) -> None:
    app = create_app({"TESTING": True}, store_env)
    ran: list[tuple[str, str]] = []

    @app.before_request
    def note() -> None:
        ran.append((f"{request.method} {request.path.rsplit('/', 1)[-1]}", threading.current_thread().name))

    worker = Worker(app, threads=2, stream_threads=1, gap=0.4)
    worker.started = True  # no live streams here: no hub
    wsgi, asgi = wsgi_transport(whole_bodies(app)), asgi_transport(worker)

    def headers(token: str | None = None, **more: str) -> dict[str, str]:
        auth = {"authorization": f"Bearer {token}"} if token else {}
        return {"host": "127.0.0.1:8000", "content-type": "application/json", **auth, **more}

    async def play() -> None:
        body = json.dumps({"game": "puerto-rico", "players": ["a", "b", "c", "d"], "seed": "asgi"}).encode()
        status, raw = await asgi(("POST", "/v1/games", headers(**{"content-length": str(len(body))}), body))
        assert status == 201
        made = json.loads(raw)
        path = f"/v1/games/{made['id']}/actions"
        token = made["seats"][made["to_act"][0]]["token"]
        by_asgi = await asgi(("GET", path, headers(token), b""))
        by_wsgi = await wsgi(("GET", path, headers(token), b""))
        assert by_asgi == by_wsgi and by_asgi[0] == 200
        action = json.dumps(json.loads(by_asgi[1])["actions"][0]).encode()
        status, raw = await asgi(("POST", path, headers(token, **{"if-match": '"0"', "content-length": str(len(action))}), action))
        assert status == 201, raw
        assert json.loads(raw)["version"] >= 1

    asyncio.run(play())  # the event loop runs in this thread
    here = threading.current_thread().name
    assert [name for name, _thread in ran] == ["POST games", "GET actions", "GET actions", "POST actions"]
    if store_env["PERSISTENCE_MODULE"] == "eventsourcing.sqlite":
        assert ran[1][1] == here  # the worker's GET of the legal actions: in its event loop (ran[2]: the WSGI app's)
    else:
        assert ran[1][1].startswith("shiplog-request")
    assert ran[0][1].startswith("shiplog-request") and ran[3][1].startswith("shiplog-request")


def test_the_workers_streams_send_each_caller_its_own_frames_in_order_once(store_env: dict[str, str]) -> None:
    """Streams of seats and spectators, several of one viewer at one game (they share what the
    feed writes), and inboxes, through the worker's ASGI `__call__`: after each look of the hub
    every game stream has sent exactly the caller's `/events` since its hello, in order, none
    twice, and every inbox stream's last frame awaits the player where `/me/inbox` does
    (replay/streamcpu.py checks it; Puerto Rico shows seats and spectators much the same: the
    redaction itself is tests/test_hub.py's, on High Card)."""
    got = asyncio.run(measure(store_env, streams=24, games=2, looks=3, moves=3))
    assert got["wrong"] == []
    assert got["moves"] == 18 and got["game_frames"] >= 18 * 8 and got["inbox_frames"] >= 6
