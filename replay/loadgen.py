"""A load generator of several processes, for `make bench-load` (part of `make bench`).

Each client owns one game and plays every seat of it with uniformly random legal actions
(POST with If-Match; a GET of the legal actions only when the seat to act changes, since a
201 answer lists the caller's next actions). Clients are threads spread over several
processes, so the generator is not one GIL pretending to be 40 players. Every client first
creates its game and opens its connection; then all start together, and only actions
accepted inside the measured window count.

`in_process` measures the same play on one thread with no HTTP (the application called
directly on the same kind of store): the yardstick the HTTP figures are a share of.

Nothing here is a test: timing never decides pass or fail.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import socket
import sqlite3
import statistics
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class LoadResult:
    """What one run measured: accepted actions, their POST latencies, refusals, wall time."""

    accepted: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)
    requests: int = 0
    refused: dict[str, int] = field(default_factory=dict)
    cpu: float = 0.0  # CPU seconds of the load processes (in process: of the one thread)
    server_cpu: float = 0.0  # CPU seconds of the server's processes (set by the caller)
    moves: list[tuple[str, int, float]] = field(default_factory=list)  # (game, version, time.time() of the 201)

    @property
    def rate(self) -> float:
        return self.accepted / self.seconds if self.seconds else 0.0

    def percentile(self, q: float) -> float:
        """The q-quantile of the POST latencies, in milliseconds."""
        if not self.latencies:
            return float("nan")
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    def summary(self) -> str:
        return (f"{self.rate:.0f} actions/s, POST p50 {self.percentile(0.5):.1f} ms, "
                f"p99 {self.percentile(0.99):.1f} ms")


def seats_for(game: str) -> int:
    from domain.core import registry  # lazy: kept out of the spawned HTTP clients

    rules = registry.get(game)
    return max(min(4, rules.MAX_SEATS), rules.MIN_SEATS)


# -- in process, one thread ------------------------------------------------------------------


def in_process(env: dict[str, str], game: str, games: int, seconds: float) -> LoadResult:
    """The same play with no HTTP: `games` games, one action each in turn, on one thread."""
    from domain.core import registry  # lazy: kept out of the spawned HTTP clients
    from service.application import Shiplog  # lazy: kept out of the spawned HTTP clients

    app = Shiplog(env)
    rules = registry.get(game)
    players = [{"name": f"p{n}"} for n in range(seats_for(game))]
    ids = [app.create_game(game, players).game.id for _ in range(games)]
    rng = random.Random("in-process")
    result = LoadResult()
    cpu = time.thread_time()
    started = time.perf_counter()
    stop = started + seconds
    while time.perf_counter() < stop:
        for n, gid in enumerate(ids):
            t0 = time.perf_counter()
            current = app.get_game(gid)
            if current.status != "active":
                ids[n] = app.create_game(game, players).game.id
                continue
            seat = min(current.to_act())
            action = rng.choice(rules.legal_actions(current.state, seat))
            app.submit(current, seat, action, expected_version=current.version)
            result.latencies.append(time.perf_counter() - t0)
            result.accepted += 1
    result.seconds = time.perf_counter() - started
    result.cpu = time.thread_time() - cpu
    result.requests = result.accepted
    return result


def group_cpu(pgid: int) -> float:
    """CPU seconds (user + system) of every process in the group `pgid` (Linux /proc), threads
    included: a server and its workers."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid:  # fields after the name: state ppid pgrp ... utime(11) stime(12)
            total += int(fields[11]) + int(fields[12])
    return total / tick


def play_complete_game(app: Any, game: str, seats: int, seed: str = "storage-bound") -> Any:
    """A complete game played seat by seat through the application, as HTTP clients play it:
    one command per action, each with its own Idempotency-Key (a UUID), moves chosen by the
    game's first bot. Returns the game's id."""
    from domain.core import registry  # lazy: kept out of the spawned HTTP clients
    from domain.core.rng import Rng  # lazy: kept out of the spawned HTTP clients

    rules = registry.get(game)
    bot = rules.BOTS[sorted(rules.BOTS)[0]]
    # one command per action, as clients play it: no move played for a seat by the table
    gid = app.create_game(game, [{"name": f"p{n}"} for n in range(seats)], {}, seed, settings={"forced_moves": False}).game.id
    while True:
        current = app.get_game(gid)
        if current.status != "active":
            return gid
        seat = min(current.to_act())
        action = bot(current.state, seat, Rng(seed, f"bot:{current.version}"))
        app.submit(current, seat, action, expected_version=current.version, idempotency_key=str(uuid.uuid4()))


# -- over HTTP, several processes ------------------------------------------------------------


class Client:
    """One player of one game over a keep-alive connection.

    HTTP/1.1 written and read by hand on a socket: the same requests as any client sends (the
    same headers and bodies, one connection kept alive), for about half the CPU of http.client,
    whose header parsing (the email package) cost as much as the JSON; the load processes share
    the machine's cores with the server they measure."""

    def __init__(self, port: int, game: str, seats: int, name: str, players: list[str] | None = None,
                 begun: tuple[str, list[str]] | None = None) -> None:
        self.port = port
        self.sock: socket.socket | None = None
        self.game, self.seats = game, seats
        self.players = players  # player tokens: games with open seats they take (their inboxes change)
        self.rng = random.Random(name)  # the load generator's own choices, not a game's draws
        self.requests = 0
        if begun is not None:
            self.id, self.tokens = begun
            self.reload()
        else:
            self.new_game()

    def _connect(self) -> tuple[socket.socket, Any]:
        if self.sock is None:
            self.sock = socket.create_connection(("127.0.0.1", self.port), timeout=60)
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            self.reader = self.sock.makefile("rb")
        return self.sock, self.reader

    def close(self) -> None:
        if self.sock is not None:
            self.reader.close()
            self.sock.close()
            self.sock = None

    def _exchange(self, request: bytes) -> tuple[int, bytes]:
        sock, reader = self._connect()
        sock.sendall(request)
        status_line = reader.readline()
        if not status_line:
            raise ConnectionResetError("the server closed the connection")
        status = int(status_line.split(b" ", 2)[1])
        length, chunked, closing = None, False, False
        while (line := reader.readline()) not in (b"\r\n", b"\n", b""):
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"transfer-encoding":
                chunked = b"chunked" in value.lower()
            elif name == b"connection":
                closing = b"close" in value.lower()
        if chunked:
            parts = []
            while (size := int(reader.readline().split(b";")[0], 16)):
                parts.append(reader.read(size))
                reader.readline()
            reader.readline()
            raw = b"".join(parts)
        else:
            raw = reader.read(length) if length is not None else reader.read()
        if closing or length is None and not chunked:
            self.close()
        return status, raw

    def call(self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None) -> tuple[int, Any]:
        data = json.dumps(body).encode() if body is not None else b""
        head = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}", "Content-Type: application/json",
                "Accept-Encoding: identity"]
        head += [f"{k}: {v}" for k, v in (headers or {}).items()]
        if body is not None or method == "POST":
            head.append(f"Content-Length: {len(data)}")
        request = ("\r\n".join(head) + "\r\n\r\n").encode() + data
        try:
            status, raw = self._exchange(request)
        except (ConnectionResetError, BrokenPipeError):
            # The server closed a keep-alive connection that sat idle: the request never
            # reached it, so sending it again on a new connection is safe.
            self.close()
            status, raw = self._exchange(request)
        self.requests += 1
        return status, json.loads(raw) if raw else None

    def new_game(self) -> None:
        if self.players:
            self.id, self.tokens = open_game(self, self.game, self.players)
            self.reload()
            return
        status, created = self.call("POST", "/v1/games", {"game": self.game, "players": [f"p{n}" for n in range(self.seats)]})
        if status != 201:
            raise RuntimeError(f"create refused: {status} {str(created)[:200]}")
        self.id, self.tokens = created["id"], [s["token"] for s in created["seats"]]
        self.to_act, self.version, self.actions = created["to_act"], created["version"], []

    def reload(self) -> None:
        view = self.call("GET", f"/v1/games/{self.id}")[1]
        self.to_act, self.version, self.actions = view["to_act"], view["version"], []

    def step(self) -> tuple[int, float]:
        """Play one action (after a GET of the legal actions when needed): (status, POST seconds)."""
        if not self.to_act:
            self.new_game()
        headers = {"Authorization": f"Bearer {self.tokens[self.to_act[0]]}"}
        if not self.actions:
            self.actions = self.call("GET", f"/v1/games/{self.id}/actions", headers=headers)[1]["actions"]
        action = self.rng.choice(self.actions)
        t0 = time.perf_counter()
        status, body = self.call("POST", f"/v1/games/{self.id}/actions", action, {**headers, "If-Match": f'"{self.version}"'})
        elapsed = time.perf_counter() - t0
        if status == 201:
            self.to_act, self.version, self.actions = body["to_act"], body["version"], body.get("actions", [])
        else:  # reload: the answer says why, the next step starts from the current game
            self.reload()
        return status, elapsed


def open_game(client: Client, game: str, players: list[str]) -> tuple[str, list[str]]:
    """A game with open seats that `players` (tokens) take in turn: its id and the tokens in seat order."""
    status, created = client.call("POST", "/v1/games", {"game": game, "seats": len(players)},
                                  {"Authorization": f"Bearer {players[0]}"})
    if status != 201:
        raise RuntimeError(f"create refused: {status} {str(created)[:200]}")
    for seat, token in enumerate(players[1:], 1):
        status, joined = client.call("POST", f"/v1/games/{created['id']}/join", {"seat": seat},
                                     {"Authorization": f"Bearer {token}"})
        if status not in (200, 201):
            raise RuntimeError(f"join refused: {status} {str(joined)[:200]}")
    return created["id"], list(players)


def _process(port: int, game: str, seats: int, clients: int, index: int, start_at: float, stop_at: float,
             queue: Any, tables: list[Any] | None = None, pace: float = 0.0) -> None:
    """One load process: `clients` threads, each playing its own game until `stop_at` (`tables`:
    each client's players and the game they already sit at, from `seat_players`); `pace`: a
    client starts a move every `pace` seconds (staggered), or at once when 0 (full speed)."""
    result = LoadResult()
    lock = threading.Lock()
    ready: list[Client] = []

    def run(n: int) -> None:
        try:
            players, begun = (tables[n] if tables else (None, None))
            client = Client(port, game, seats, f"client-{index}-{n}", players, begun)
        except Exception as exc:
            with lock:
                result.refused[f"connect: {exc!r}"[:120]] = result.refused.get(f"connect: {exc!r}"[:120], 0) + 1
            return
        with lock:
            ready.append(client)
        next_at = start_at + pace * ((index * clients + n) * 0.618034 % 1)  # paced clients spread over a pace
        client.requests = 0
        while True:
            time.sleep(max(0.0, next_at - time.time()))
            next_at = max(next_at + pace, time.time()) if pace else 0.0  # a late move never bunches the next ones
            if time.time() >= stop_at:
                break
            try:
                status, elapsed = client.step()
            except (OSError, ValueError) as exc:
                with lock:
                    key = type(exc).__name__
                    result.refused[key] = result.refused.get(key, 0) + 1
                return
            if time.time() > stop_at:
                break
            with lock:
                if status == 201:
                    result.accepted += 1
                    result.latencies.append(elapsed)
                    if tables:
                        result.moves.append((client.id, client.version, time.time()))
                else:
                    result.refused[str(status)] = result.refused.get(str(status), 0) + 1
        with lock:
            result.requests += client.requests

    threads = [threading.Thread(target=run, args=(n,)) for n in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    import resource  # lazy: Unix only
    usage = resource.getrusage(resource.RUSAGE_SELF)
    result.cpu = usage.ru_utime + usage.ru_stime
    queue.put(result)


def http_load(port: int, game: str, clients: int = 40, processes: int = 4, seconds: float = 20.0,
              warmup: float = 5.0, tables: list[Any] | None = None, start_at: float | None = None,
              rate: float = 0.0) -> LoadResult:
    """`clients` concurrent players in `processes` processes against a server on `port`
    (`tables`: one per client, from `seat_players`; their moves are recorded); `rate`: the
    moves a second all clients aim at together, each client at its share (0: full speed)."""
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    start_at = start_at or time.time() + warmup  # time for every process to start and create its games
    stop_at = start_at + seconds
    shares = [clients // processes + (1 if i < clients % processes else 0) for i in range(processes)]
    seats = seats_for(game)
    firsts = [sum(shares[:i]) for i in range(processes)]
    procs = [ctx.Process(target=_process, args=(port, game, seats, share, i, start_at, stop_at, queue,
                                                tables[firsts[i]:firsts[i] + share] if tables else None,
                                                clients / rate if rate else 0.0))
             for i, share in enumerate(shares) if share]
    for p in procs:
        p.start()
    parts = [queue.get(timeout=seconds + warmup + 120) for _ in procs]
    for p in procs:
        p.join(30)
    total = LoadResult(seconds=seconds)
    for part in parts:
        total.accepted += part.accepted
        total.latencies += part.latencies
        total.requests += part.requests
        total.cpu += part.cpu
        total.moves += part.moves
        for key, count in part.refused.items():
            total.refused[key] = total.refused.get(key, 0) + count
    return total


def seat_players(port: int, game: str, clients: int, spectators: int = 0) -> tuple[list[Any], list[str]]:
    """Register the players of `clients` games (and `spectators` more players) and seat them at
    games with open seats: each client's (player tokens, (game id, tokens)), and every token."""
    seats = seats_for(game)
    setup = Client.__new__(Client)
    setup.port, setup.sock, setup.requests = port, None, 0
    tokens = []
    for n in range(clients * seats + spectators):
        status, made = setup.call("POST", "/v1/players", {"name": f"player-{n}"})
        if status != 201:
            raise RuntimeError(f"sign-up refused: {status} {str(made)[:200]}")
        tokens.append(made["token"])
    tables = []
    for c in range(clients):
        players = tokens[c * seats:(c + 1) * seats]
        tables.append((players, open_game(setup, game, players)))
    setup.close()
    return tables, tokens


@contextmanager
def idle_connections(port: int, count: int) -> Iterator[list[socket.socket]]:
    """`count` connections that send half a request and then nothing (slow or idle clients)."""
    with ExitStack() as stack:
        socks = []
        for _ in range(count):
            sock = stack.enter_context(socket.create_connection(("127.0.0.1", port), timeout=5))
            sock.sendall(b"GET /v1/catalog HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # headers never finished
            socks.append(sock)
        yield socks


def commit_latency(directory: str, commits: int = 200) -> float:
    """Median milliseconds of one small SQLite commit (WAL, synchronous FULL: one fsync) in
    `directory`: what the disk costs every write, which bounds single-thread rates."""
    path = Path(directory) / "fsync-probe.sqlite"
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("CREATE TABLE IF NOT EXISTS probe (n INTEGER PRIMARY KEY, data BLOB)")
        samples = []
        for _ in range(commits):
            t0 = time.perf_counter()
            conn.execute("BEGIN")
            conn.execute("INSERT INTO probe (data) VALUES (?)", (b"x" * 500,))
            conn.execute("COMMIT")
            samples.append(time.perf_counter() - t0)
        return statistics.median(samples) * 1000
    finally:
        conn.close()


def main() -> None:
    """`python -m replay.loadgen`: drive any running server (or the application in process)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--port", type=int, default=8000, help="a server on 127.0.0.1")
    parser.add_argument("--in-process", action="store_true", help="one thread, no HTTP, a fresh SQLite file")
    parser.add_argument("--game", default="puerto-rico")
    parser.add_argument("--clients", type=int, default=40)
    parser.add_argument("--processes", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--idle", type=int, default=0, help="connections held open with half a request")
    args = parser.parse_args()
    if args.in_process:
        with tempfile.TemporaryDirectory() as tmp:
            env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": f"{tmp}/in-process.sqlite"}
            result = in_process(env, args.game, args.clients, args.seconds)
            print(f"in process, one thread: {result.summary()} (SQLite commit {commit_latency(tmp):.2f} ms)")
        return
    with idle_connections(args.port, args.idle):
        result = http_load(args.port, args.game, args.clients, args.processes, args.seconds)
    refused = f", refused {result.refused}" if result.refused else ""
    print(f"{args.clients} clients in {args.processes} processes, {args.idle} idle connections: "
          f"{result.summary()}{refused}")


if __name__ == "__main__":
    main()
