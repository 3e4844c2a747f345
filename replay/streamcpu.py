"""The live streams' CPU per move, measured in one process (issue 30 item 5): what the streams
cost the server, without a quiet machine.

`python -m replay.streamcpu [--streams 0,250] [--games 10] [--looks 10] [--moves 5] [--callgrind]`
builds the ASGI worker of `make serve` (service/asgi.py) on a fresh SQLite file, registers the
players of `games` 4-seat Puerto Rico games (open seats they take, seeded: the same games every
run) and 90 onlookers per 40 games, and opens `streams` streams through the worker's ASGI
`__call__` as replay/streamload.py plans them for `make bench-load` (each player its inbox and 3
games' streams: about 19 a game at 1,000 over 40 games, seats and spectators). Then, `looks`
times: each game's seat to act plays `moves` moves (the load generator's GET of the legal actions
and POST with If-Match), then the hub looks once (`Hub.look`, as its task does a gap apart) and
wakes the streams, and the event loop runs until every stream is quiet again.

The worker's request threads and streams' pool run as under granian (`time.process_time` and
callgrind count every thread), the gap between rounds is 0 (the hub's looks set the batches) and
no keepalive falls due. It prints CPU per move, split into the moves' requests and the streams'
part (the looks and the rounds); with `--callgrind`, each count runs again under `valgrind
--tool=callgrind` and prints instructions per move of the same two parts, each dumped as it ends
(`callgrind_control -d`; load cannot move them). The streams' part is what two trees compare:
the whole run's count moved by a fifth between two runs of one tree (3.3 and 4.0 M a move
without streams), the requests' part with it. Then it checks what was sent: every game stream's frames, in order and
without a gap or a duplicate, are the caller's `/events` (the same JSON: a seat's own secrets, a
spectator's none), and every inbox stream's last frame awaits the player where `/me/inbox` does: a cut that
sends less, or other frames, fails here.

Nothing here is a test: timing never decides pass or fail.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import service.asgi
from service.app import create_app
from service.asgi import Worker, switch_interval

from .requestcpu import asgi_transport, scope, store_env
from .streamload import plans_for

GAME, SEATS = "puerto-rico", 4
HOST = "127.0.0.1:8000"  # (the Host header of every request, as a browser sends it)


class Counted(ThreadPoolExecutor):
    """The worker's pool, as it runs them, saying when it has nothing left to do (`idle`)."""

    def __init__(self, threads: int, name: str) -> None:
        super().__init__(threads, thread_name_prefix=name)
        self.loop = asyncio.get_running_loop()
        self.busy, self.idle = 0, asyncio.Event()

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:  # (from the event loop)
        self.busy += 1
        self.idle.clear()
        done = super().submit(fn, *args, **kwargs)
        done.add_done_callback(lambda _done: self.loop.call_soon_threadsafe(self.finished))  # before the awaiting task's
        return done

    def finished(self) -> None:
        self.busy -= 1
        if not self.busy:
            self.idle.set()


class Tap:
    """One stream through the worker's ASGI `__call__`: what it was sent."""

    def __init__(self, worker: Worker, path: str, token: str) -> None:
        self.text: list[str] = []
        self.left = asyncio.get_running_loop().create_future()
        asked = scope("GET", path, {"host": HOST, "authorization": f"Bearer {token}", "accept": "text/event-stream"})
        self.task = asyncio.get_running_loop().create_task(worker(asked, self.receive, self.send))
        self.asked = False

    async def receive(self) -> dict[str, Any]:
        if not self.asked:
            self.asked = True
            return {"type": "http.request", "body": b"", "more_body": False}
        return await self.left  # type: ignore[no-any-return]

    async def send(self, message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            assert message["status"] == 200, message
        elif message.get("body"):
            self.text.append(message["body"].decode("utf-8"))

    def frames(self) -> list[dict[str, str]]:
        found = []
        for block in "".join(self.text).split("\n\n"):
            fields = dict(line.split(": ", 1) for line in block.split("\n") if line and not line.startswith(":"))
            if "data" in fields:
                found.append(fields)
        return found


async def quiet(pools: tuple[Counted, ...]) -> None:
    """Run the event loop until nothing is ready to run and no thread works for it."""
    loop: Any = asyncio.get_running_loop()
    idle = 0
    while idle < 3:
        for pool in pools:
            await pool.idle.wait()
        await asyncio.sleep(0)
        idle = idle + 1 if not loop._ready and not any(pool.busy for pool in pools) else 0


class Table:
    """One game of registered players, played by its seat to act."""

    def __init__(self, call: Any, n: int, tokens: list[str]) -> None:
        self.call, self.n, self.tokens = call, n, tokens

    async def open(self) -> None:
        _, made = await self.call("POST", "/v1/games", self.tokens[0], {"game": GAME, "seats": SEATS, "seed": f"streams-{self.n}"})
        self.id = made["id"]
        for seat, token in enumerate(self.tokens[1:], 1):
            await self.call("POST", f"/v1/games/{self.id}/join", token, {"seat": seat})
        await self.reload()
        self.choice = 0

    async def reload(self) -> None:
        view = (await self.call("GET", f"/v1/games/{self.id}", None))[1]
        self.to_act, self.version, self.actions = view["to_act"], view["version"], []

    async def step(self) -> bool:
        if not self.to_act:
            return False
        token = self.tokens[self.to_act[0]]
        if not self.actions:
            self.actions = (await self.call("GET", f"/v1/games/{self.id}/actions", token))[1]["actions"]
        self.choice = (self.choice * 31 + 7) % 1009  # the same moves every run
        status, answer = await self.call("POST", f"/v1/games/{self.id}/actions", token,
                                         self.actions[self.choice % len(self.actions)], {"if-match": f'"{self.version}"'})
        if status != 201:
            await self.reload()
            return False
        self.to_act, self.version, self.actions = answer["to_act"], answer["version"], answer.get("actions", [])
        return True


def caller(worker: Worker) -> Any:
    """A client's request through the worker's ASGI `__call__`: (status, JSON answer)."""

    send = asgi_transport(worker)

    async def call(method: str, path: str, token: str | None, body: Any = None,
                   more: dict[str, str] | None = None) -> tuple[int, Any]:
        data = json.dumps(body).encode() if body is not None else b""
        head = {"host": HOST, "content-type": "application/json", **(more or {})}
        if token:
            head["authorization"] = f"Bearer {token}"
        if method == "POST":
            head["content-length"] = str(len(data))
        status, raw = await send((method, path, head, data))
        return status, json.loads(raw) if raw else None

    return call


def marked(flag: str) -> None:
    """Zero (-z) or dump (-d) callgrind's counts when running under it (`--marked`)."""
    if "--marked" in sys.argv:
        subprocess.run(["callgrind_control", flag, str(os.getpid())], check=False, capture_output=True)


async def measure(store: dict[str, str], streams: int, games: int, looks: int, moves: int) -> dict[str, Any]:
    """Play and deliver on the store of `store` (an environment); what it cost and what was sent."""
    keepalive, service.asgi.KEEPALIVE = service.asgi.KEEPALIVE, 1e9  # type: ignore[attr-defined]  # never due, however slow
    try:
        return await measured(store, streams, games, looks, moves)
    finally:
        service.asgi.KEEPALIVE = keepalive  # type: ignore[attr-defined]


async def measured(store: dict[str, str], streams: int, games: int, looks: int, moves: int) -> dict[str, Any]:
    env = {**store, "SHIPLOG_GAMES_PER_MINUTE": "1000000", "SHIPLOG_SIGNUPS_PER_MINUTE": "1000000",
           "SHIPLOG_SSE_MAX": "100000", "SHIPLOG_SSE_PER_CLIENT": "4", "SHIPLOG_SSE_SECONDS": "1000000"}
    switch_interval()
    worker = Worker(create_app(app_env=env), threads=1, stream_threads=1, gap=0.0)
    for pool in (worker.requests, worker.rounds):
        pool.shutdown()
    pools = worker.requests, worker.rounds = Counted(4, "shiplog-request"), Counted(2, "shiplog-stream")
    worker.hub.pool = worker.rounds
    for pool in pools:
        pool.idle.set()
    worker.started = True  # the hub's looks are the harness's own (`look`)
    call = caller(worker)
    onlookers = -(-streams // 4) - games * SEATS if streams else 0
    tokens = [(await call("POST", "/v1/players", None, {"name": f"player-{n}"}))[1]["token"]
              for n in range(games * SEATS + max(0, onlookers))]
    tables = [Table(call, n, tokens[n * SEATS:(n + 1) * SEATS]) for n in range(games)]
    for table in tables:
        await table.open()
    hub = worker.hub

    async def look() -> None:
        marks, hub.marks = hub.marks, set()
        hub.wake(hub.look(marks))
        await quiet(pools)

    await look()  # where the log ends
    plans = plans_for([(t.tokens, (t.id, t.tokens)) for t in tables], tokens, streams)
    taps = [Tap(worker, path, token) for path, token, _gid in plans]
    await quiet(pools)
    played, spent = 0, {"requests": 0.0, "rounds": 0.0}
    marked("-z")
    for _ in range(looks):
        started = time.process_time()
        for table in tables:
            for _ in range(moves):
                played += await table.step()
        between = time.process_time()
        marked("-d")  # the moves' requests
        await look()
        spent["requests"] += between - started
        spent["rounds"] += time.process_time() - between
        marked("-d")  # the look and the rounds
    result = {"moves": played, **spent, **checked(tables, plans, taps, await expected(call, tables, plans))}
    for tap in taps:
        tap.left.set_result({"type": "http.disconnect"})
    await asyncio.gather(*(tap.task for tap in taps))
    return result


async def expected(call: Any, tables: list[Table], plans: list[tuple[str, str, str]]) -> dict[tuple[str, str], Any]:
    """Each stream's caller's `/events` (data rows) of its game, or `/me/inbox`."""
    found: dict[tuple[str, str], Any] = {}
    for _path, token, gid in plans:
        if (gid, token) in found:
            continue
        if not gid:
            found[gid, token] = (await call("GET", "/v1/me/inbox", token))[1]
            continue
        rows, after = [], -1
        while True:
            status, page = await call("GET", f"/v1/games/{gid}/events?after={after}&limit=100", token)
            assert status == 200, page
            rows += page["events"]
            if not page["next"]:
                break
            after = rows[-1]["version"]
        found[gid, token] = rows
    return found


def checked(tables: list[Table], plans: list[tuple[str, str, str]], taps: list[Tap],
            wanted: dict[tuple[str, str], Any]) -> dict[str, Any]:
    """The frames sent, counted, and checked against what each caller may read."""
    game_frames = inbox_frames = 0
    wrong: list[str] = []
    for (path, token, gid), tap in zip(plans, taps, strict=True):
        frames = tap.frames()
        if gid:
            hello, events = frames[0], frames[1:]
            game_frames += len(events)
            rows = [row for row in wanted[gid, token] if row["version"] > int(hello["id"])]
            sent = [json.loads(f["data"]) for f in events]
            ids = [int(f["id"]) for f in events]
            if hello.get("event") != "hello" or sent != rows or ids != [r["version"] for r in rows]:
                wrong.append(f"{path}: {len(sent)} frames, {len(rows)} wanted")
        else:
            inbox_frames += len(frames)
            last = awaited(json.loads(frames[-1]["data"])) if frames else None
            if last != awaited(wanted[gid, token]):
                wrong.append(f"{path} ({token[:6]}): the last inbox sent is {last}, not {awaited(wanted[gid, token])}")
    return {"game_frames": game_frames, "inbox_frames": inbox_frames, "wrong": wrong}


def awaited(inbox: dict[str, Any]) -> list[tuple[str, int, str]]:
    """An inbox's entries (a game's version moves on without waking its inboxes while the same
    seat stays to act)."""
    return [(w["game"]["id"], w["seat"], w["reason"]) for w in inbox["inbox"]]


def callgrind(args: argparse.Namespace, streams: int) -> tuple[int, int]:
    """Instructions of the moves' requests and of the looks and rounds of this run under
    callgrind (each part dumped as it ends: `marked`)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-m", "replay.streamcpu",
                   "--streams", str(streams), "--games", str(args.games), "--looks", str(args.looks),
                   "--moves", str(args.moves), "--marked"]
        subprocess.run(command, check=True, capture_output=True)
        parts = [0, 0]
        for n in range(1, 2 * args.looks + 1):
            summary = next(line for line in Path(f"{out}.{n}").read_text().splitlines() if line.startswith("summary:"))
            parts[(n - 1) % 2] += int(summary.split()[1])
        return parts[0], parts[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", default="0,250", help="counts of streams, each measured on a fresh store")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--looks", type=int, default=10, help="the hub's looks measured")
    parser.add_argument("--moves", type=int, default=5, help="moves per game between two looks")
    parser.add_argument("--callgrind", action="store_true", help="also instructions per move, under valgrind")
    parser.add_argument("--marked", action="store_true", help=argparse.SUPPRESS)  # (run under callgrind by --callgrind)
    args = parser.parse_args()
    for streams in (int(s) for s in args.streams.split(",")):
        with tempfile.TemporaryDirectory() as tmp:
            got = asyncio.run(measure(store_env(tmp, "streams"), streams, args.games, args.looks, args.moves))
        per = {part: got[part] / max(1, got["moves"]) * 1e6 for part in ("requests", "rounds")}
        line = (f"{streams} streams: {got['moves']} moves, CPU µs a move: requests {per['requests']:.0f}, "
                f"looks and rounds {per['rounds']:.0f}; frames sent: {got['game_frames']} game, "
                f"{got['inbox_frames']} inbox; wrong: {len(got['wrong'])}")
        if args.callgrind and not args.marked:
            requests, rounds = (part / max(1, got["moves"]) / 1e6 for part in callgrind(args, streams))
            line += f"; M instructions a move: requests {requests:.3f}, looks and rounds {rounds:.3f}"
        print(line, *got["wrong"][:5], sep="\n  ", flush=True)


if __name__ == "__main__":
    main()
