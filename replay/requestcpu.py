"""The server's CPU per accepted action, measured in one process on one thread of requests
(issue 34 item 1): what a request costs, without a quiet machine.

`python -m replay.requestcpu [--modes in-process,wsgi,asgi] [--games 20] [--warmup 100]
[--actions 300]` plays `games` client-seeded 4-seat Puerto Rico games (`cpu-<n>`, a new seed
when one ends) with the load generator's play (replay/loadgen.py: a POST with If-Match per
action, a GET of the legal actions when the seat to act changes, a random legal action of a
`random.Random` per game), one request at a time, through

- `in-process`: the application called directly, as `loadgen.in_process` does;
- `wsgi`: the Flask app as `shiplog serve --wsgi` runs it (`service.wsgi`: `whole_bodies`);
- `asgi`: the ASGI app of `make serve` (`service.asgi.Worker`: a2wsgi's environ, the request
  thread, uvloop's event loop as granian's; no live streams, so no hub),

each on a fresh SQLite file, and prints the process's CPU (`time.process_time`: every thread)
per accepted action after the first `warmup`, and per request of each route. Only the server's
side is counted: the harness's requests and the JSON of its answers are outside the clock.
The same seeds give the same requests in every mode and tree, so under `valgrind --tool=callgrind`
(instructions, which load cannot move) two trees compare request for request.

Nothing here is a test: timing never decides pass or fail.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import random
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from domain.core import registry
from service.app import create_app, whole_bodies
from service.application import Shiplog
from service.asgi import Worker, switch_interval

Request = tuple[str, str, dict[str, str], bytes]  # method, path, headers, body
Transport = Callable[[Request], Awaitable[tuple[int, bytes]]]
GAME = "puerto-rico"
SEATS = 4


@dataclass
class Tally:
    """The server's CPU seconds and requests per route, and the accepted actions."""

    accepted: int = 0
    cpu: dict[str, float] = field(default_factory=dict)
    requests: dict[str, int] = field(default_factory=dict)

    def add(self, route: str, seconds: float) -> None:
        self.cpu[route] = self.cpu.get(route, 0.0) + seconds
        self.requests[route] = self.requests.get(route, 0) + 1

    def lines(self, mode: str) -> list[str]:
        total = sum(self.cpu.values())
        per_action = total / self.accepted * 1e6 if self.accepted else float("nan")
        asked = sum(self.requests.values())
        out = [f"{mode}: {per_action:.0f} µs CPU per accepted action ({self.accepted} actions, "
               f"{asked / max(1, self.accepted):.2f} requests an action)"]
        for route in sorted(self.cpu, key=lambda r: -self.cpu[r]):
            out.append(f"  {route}: {self.cpu[route] / self.requests[route] * 1e6:.0f} µs a request "
                       f"x {self.requests[route]}")
        return out


def store_env(directory: str, name: str) -> dict[str, str]:
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": f"{directory}/{name}.sqlite",
            "SHIPLOG_GAMES_PER_MINUTE": "1000000"}


class Player:
    """One client's game, played as `loadgen.Client.step` plays it, over a transport."""

    def __init__(self, transport: Transport, n: int) -> None:
        self.transport, self.n, self.rounds = transport, n, 0
        self.rng = random.Random(f"cpu-{n}")

    async def call(self, tally: Tally | None, route: str, method: str, path: str, body: Any = None,
                   headers: dict[str, str] | None = None) -> tuple[int, Any]:
        data = json.dumps(body).encode() if body is not None else b""
        head = {"host": "127.0.0.1:8000", "content-type": "application/json", "accept-encoding": "identity",
                **{k.lower(): v for k, v in (headers or {}).items()}}
        if body is not None or method == "POST":
            head["content-length"] = str(len(data))
        started = time.process_time()
        status, raw = await self.transport((method, path, head, data))
        if tally is not None:
            tally.add(route, time.process_time() - started)
        return status, json.loads(raw) if raw else None

    async def new_game(self, tally: Tally | None) -> None:
        self.rounds += 1
        status, made = await self.call(tally, "POST /v1/games", "POST", "/v1/games", {
            "game": GAME, "players": [f"p{s}" for s in range(SEATS)], "seed": f"cpu-{self.n}-{self.rounds}"})
        assert status == 201, (status, made)
        self.id, self.tokens = made["id"], [s["token"] for s in made["seats"]]
        self.to_act, self.version, self.actions = made["to_act"], made["version"], []

    async def step(self, tally: Tally | None) -> None:
        if not self.to_act:
            await self.new_game(tally)
        headers = {"Authorization": f"Bearer {self.tokens[self.to_act[0]]}"}
        if not self.actions:
            self.actions = (await self.call(tally, "GET actions", "GET", f"/v1/games/{self.id}/actions",
                                            headers=headers))[1]["actions"]
        action = self.rng.choice(self.actions)
        status, answer = await self.call(tally, "POST actions", "POST", f"/v1/games/{self.id}/actions", action,
                                         {**headers, "If-Match": f'"{self.version}"'})
        if status == 201:
            self.to_act, self.version, self.actions = answer["to_act"], answer["version"], answer.get("actions", [])
            if tally is not None:
                tally.accepted += 1
        else:
            view = (await self.call(tally, "GET game", "GET", f"/v1/games/{self.id}"))[1]
            self.to_act, self.version, self.actions = view["to_act"], view["version"], []


async def play(transport: Transport, games: int, warmup: int, actions: int) -> Tally:
    players = [Player(transport, n) for n in range(games)]
    for p in players:
        await p.new_game(None)
    done, tally = 0, Tally()
    while tally.accepted < actions or done < warmup:
        for p in players:
            await p.step(None if done < warmup else tally)
            done += 1
    return tally


def wsgi_transport(wsgi: Any) -> Transport:
    """The WSGI app called as granian's WSGI interface calls it (an environ, a list back)."""
    base = {"wsgi.version": (1, 0), "wsgi.url_scheme": "http", "wsgi.errors": sys.stderr, "wsgi.multithread": True,
            "wsgi.multiprocess": True, "wsgi.run_once": False, "SCRIPT_NAME": "", "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "8000", "SERVER_PROTOCOL": "HTTP/1.1", "REMOTE_ADDR": "127.0.0.1", "REMOTE_PORT": "50000"}

    async def send(request: Request) -> tuple[int, bytes]:
        method, path, headers, body = request
        environ = {**base, "REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": "", "wsgi.input": io.BytesIO(body)}
        for name, value in headers.items():
            key = name.upper().replace("-", "_")
            environ[key if key in ("CONTENT_TYPE", "CONTENT_LENGTH") else f"HTTP_{key}"] = value
        started: list[str] = []
        answer = wsgi(environ, lambda status, _headers, _exc=None: started.append(status))
        raw = b"".join(answer)
        close = getattr(answer, "close", None)
        if close is not None:
            close()
        return int(started[0].split(" ", 1)[0]), raw

    return send


def scope(method: str, path: str, headers: dict[str, str]) -> dict[str, Any]:
    """An ASGI request as granian gives it (`path` may carry a query)."""
    path, _, query = path.partition("?")
    return {"type": "http", "asgi": {"version": "3.0", "spec_version": "2.3"}, "http_version": "1.1",
            "method": method, "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": query.encode(),
            "root_path": "", "headers": [(k.encode(), v.encode()) for k, v in headers.items()],
            "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8000)}


def asgi_transport(worker: Any) -> Transport:
    """The ASGI app called as granian calls it: a scope, the body in one message, the answer's
    messages back."""

    async def send(request: Request) -> tuple[int, bytes]:
        method, path, headers, body = request
        sent: list[dict[str, Any]] = []

        async def receive() -> dict[str, Any]:
            return {"type": "http.request", "body": body, "more_body": False}

        async def respond(message: dict[str, Any]) -> None:
            sent.append(message)

        await worker(scope(method, path, headers), receive, respond)
        return sent[0]["status"], b"".join(m.get("body", b"") for m in sent[1:])

    return send


def in_process_tally(env: dict[str, str], games: int, warmup: int, actions: int) -> Tally:
    """`loadgen.in_process`'s play (load, pick, submit) over the same games, counted the same way."""
    app = Shiplog(env)
    rules = registry.get(GAME)
    players = [{"name": f"p{s}"} for s in range(SEATS)]
    rounds = [1] * games
    ids = [app.create_game(GAME, players, seed=f"cpu-{n}-1").game.id for n in range(games)]
    rng = random.Random("in-process")
    done, tally = 0, Tally()
    while tally.accepted < actions or done < warmup:
        for n, gid in enumerate(ids):
            counted = done >= warmup
            done += 1
            started = time.process_time()
            current = app.get_game(gid)
            if current.status != "active":
                rounds[n] += 1
                ids[n] = app.create_game(GAME, players, seed=f"cpu-{n}-{rounds[n]}").game.id
            else:
                seat = min(current.to_act())
                app.submit(current, seat, rng.choice(rules.legal_actions(current.state, seat)),
                           expected_version=current.version)
                tally.accepted += counted
            if counted:
                tally.add("load+submit", time.process_time() - started)
    return tally


def measure(mode: str, directory: str, games: int, warmup: int, actions: int) -> Tally:
    env = store_env(directory, mode)
    if mode == "in-process":
        return in_process_tally(env, games, warmup, actions)
    flask_app = create_app(app_env=env)
    if mode == "wsgi":
        return asyncio.run(play(wsgi_transport(whole_bodies(flask_app)), games, warmup, actions))
    switch_interval()
    worker = Worker(flask_app, threads=8, stream_threads=2, gap=0.4)
    # No live streams, so no hub: it reads the store once per 0.3 s however many moves were made
    # (a few hundred a look under load), but under callgrind, fifty times slower, every few moves.
    worker.started = True

    with asyncio.Runner(loop_factory=event_loop()) as runner:
        return runner.run(play(asgi_transport(worker), games, warmup, actions))


def event_loop() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop when it is installed, as granian picks it (`loop="auto"`)."""
    try:
        import uvloop  # noqa: PLC0415  # lazy: optional (granian's extra), used when installed
    except ImportError:
        return None
    return uvloop.new_event_loop  # type: ignore[no-any-return]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--modes", default="in-process,wsgi,asgi")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=100, help="actions before the count starts")
    parser.add_argument("--actions", type=int, default=300, help="accepted actions counted")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for mode in args.modes.split(","):
            print("\n".join(measure(mode, tmp, args.games, args.warmup, args.actions).lines(mode)), flush=True)


if __name__ == "__main__":
    main()
