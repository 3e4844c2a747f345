"""Benchmarks behind `make bench` / `replay bench`: engine playouts, store, HTTP, load times.

Figures are printed as a table (and written to var/bench.json); docs/perf.md records them.
Nothing here is a test: timing never decides pass or fail.
"""

from __future__ import annotations

import json
import os
import statistics
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event

from domain.core import registry
from domain.core.aggregate import Game
from domain.core.errors import InvalidOptions
from domain.core.record import verify
from domain.core.rng import Rng, choice
from domain.core.rules import GameRules, played
from service.application import Shiplog
from service.cli import default_workers
from service.process import Server  # the same harness the reliability tests use

from . import benchlegal, benchstreams, botbench, loadgen, memory, wakeups


class Counter(Aggregate):
    """The smallest aggregate: what eventsourcing alone costs per stored event."""

    @event("Created")
    def __init__(self) -> None:
        self.n = 0

    @event("Incremented")
    def increment(self, by: int) -> None:
        self.n += by


class RawBench(Application):
    name = "RawBench"
Row = tuple[str, str, str]


def _games() -> list[str]:
    wanted = os.environ.get("SHIPLOG_BENCH_GAMES")
    names = wanted.split(",") if wanted else registry.names()
    return [n for n in names if n]


def random_playout(rules: GameRules, seats: int, seed: str, options: dict[str, Any] | None = None) -> int:
    """One seeded random game through the pure engine; returns the number of decisions."""
    opts = rules.check_options(options or {}, seats)
    state: Any = None
    for fact in rules.setup(opts, seats, Rng(seed, "setup")):
        state = rules.evolve(state, fact)
    decisions = 0
    while rules.outcome(state) is None:
        seat = min(rules.to_act(state))
        action = choice(Rng(seed, f"bot:{decisions}"), rules.legal_actions(state, seat))
        state = played(rules, state, seat, action, Rng(seed, f"event:{decisions}"))
        decisions += 1
    return decisions


# The engine benchmarks of a game: (options, random 4-player games through the pure engine,
# games through the event-sourced path). A game module may name its own as BENCH_CASES
# (the option sets worth measuring, fewer games where random play is long).
DEFAULT_CASES: list[tuple[dict[str, Any], int, int]] = [({}, 500, 100)]


def bench_cases(game: str) -> list[tuple[dict[str, Any], int, int]]:
    return list(getattr(registry.get(game), "BENCH_CASES", DEFAULT_CASES))


def bench_engine(game: str, games: int, seats: int = 4, es_games: int | None = None,
                 options: dict[str, Any] | None = None) -> list[Row]:
    rules = registry.get(game)
    options = options or {}
    name = game + "".join(f" +{e}" for e in options.get("expansions", [])) + "".join(
        f" {k}={v}" for k, v in options.items() if k != "expansions")
    times, decisions = [], 0
    for i in range(games):
        start = time.perf_counter()
        decisions += random_playout(rules, seats, f"bench-{i}", options)
        times.append(time.perf_counter() - start)
    total = sum(times)
    rows = [
        (f"engine {name} {seats}p", "random games per second", f"{games / total:.1f}"),
        (f"engine {name} {seats}p", "median ms per game", f"{statistics.median(times) * 1000:.2f}"),
        (f"engine {name} {seats}p", "µs per decision", f"{total / decisions * 1e6:.1f}"),
        (f"engine {name} {seats}p", "decisions per game (mean)", f"{decisions / games:.0f}"),
    ]
    # The same games through the event-sourced path: Game aggregate + in-memory store.

    app = Shiplog({"PERSISTENCE_MODULE": "eventsourcing.popo", "SHIPLOG_SNAPSHOT_INTERVAL": "0"})
    es_times = []
    es_games = games if es_games is None else es_games
    for i in range(es_games):
        start = time.perf_counter()
        seats_ = [{"name": f"bot{n}", "bot": "random", "token_hash": None} for n in range(seats)]
        aggregate = Game.start(game, dict(options), seats_, "h", f"bench-{i}", client_seeded=True)
        aggregate.play_bots()
        app.save(aggregate)
        es_times.append(time.perf_counter() - start)
    rows.append((f"event-sourced {name} {seats}p", "random games per second (in-memory store)",
                 f"{es_games / sum(es_times):.1f}"))
    rows.append((f"event-sourced {name} {seats}p", "median ms per game", f"{statistics.median(es_times) * 1000:.2f}"))
    return rows


@contextmanager
def stores() -> Iterator[list[tuple[str, dict[str, str]]]]:
    """A fresh SQLite file, and a fresh PostgreSQL schema when PostgreSQL is reachable."""
    with tempfile.TemporaryDirectory() as tmp:
        found = [("SQLite", {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": f"{tmp}/bench.sqlite"})]
        schema = f"bench_{uuid.uuid4().hex[:10]}"
        pg = {"PERSISTENCE_MODULE": "eventsourcing.postgres", "POSTGRES_HOST": os.environ.get("POSTGRES_HOST", "127.0.0.1"),
              "POSTGRES_PORT": os.environ.get("POSTGRES_PORT", "5432"), "POSTGRES_DBNAME": os.environ.get("POSTGRES_DBNAME", "test"),
              "POSTGRES_USER": os.environ.get("POSTGRES_USER", "postgres"), "POSTGRES_PASSWORD": os.environ.get("POSTGRES_PASSWORD", ""),
              "POSTGRES_SCHEMA": schema}
        conn = None
        try:
            conn = pg_connect(pg)
            conn.execute(f'CREATE SCHEMA "{schema}"')
            found.append(("PostgreSQL", pg))
        except Exception as exc:  # benchmarks report what they could measure
            print(f"(PostgreSQL not measured: {exc})")
        try:
            yield found
        finally:
            if conn is not None:
                conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
                conn.close()


def pg_connect(env: dict[str, str]) -> Any:
    """An autocommit connection to the PostgreSQL server of `env`."""
    import psycopg  # lazy: PostgreSQL only

    return psycopg.connect(host=env["POSTGRES_HOST"], port=int(env["POSTGRES_PORT"]), dbname=env["POSTGRES_DBNAME"],
                           user=env["POSTGRES_USER"], password=env["POSTGRES_PASSWORD"] or None, autocommit=True,
                           connect_timeout=3)


@contextmanager
def fresh_schemas(env: dict[str, str]) -> Iterator[Callable[[str], dict[str, str]]]:
    """`fresh(name)`: `env` on a new schema beside its own, dropped at the end. A server on a store
    an earlier run played in starts by working through that run's moves (its first tick: the
    notifier's backlog), which a run on a fresh SQLite file does not."""
    conn, made = pg_connect(env), []

    def fresh(name: str) -> dict[str, str]:
        schema = f"{env['POSTGRES_SCHEMA']}_{name}".replace("-", "_")  # (the library writes it unquoted)
        conn.execute(f'CREATE SCHEMA "{schema}"')
        made.append(schema)
        return {**env, "POSTGRES_SCHEMA": schema}

    try:
        yield fresh
    finally:
        for schema in made:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
        conn.close()


def bench_raw_append(env: dict[str, str], label: str, seconds: float, threads: int = 20) -> list[Row]:
    """eventsourcing alone: load, one small event, save — per command, from 20 threads."""
    app = RawBench({**env, "AGGREGATE_CACHE_MAXSIZE": "1000"})
    done = [0] * threads
    stop = time.perf_counter() + seconds

    def worker(i: int) -> None:
        agg = Counter()
        app.save(agg)
        while time.perf_counter() < stop:
            agg = app.repository.get(agg.id)
            agg.increment(1)
            app.save(agg)
            done[i] += 1

    started = time.perf_counter()
    pool = [threading.Thread(target=worker, args=(i,)) for i in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    rate = sum(done) / (time.perf_counter() - started)
    return [(f"store {label}", f"raw eventsourcing load+append per second ({threads} threads)", f"{rate:.0f}")]


# The load generator's clients share one address: the per-address limit on new games
# (SHIPLOG_GAMES_PER_MINUTE, 30 by default) would refuse them after the first half minute.
UNLIMITED = {"SHIPLOG_GAMES_PER_MINUTE": "1000000"}


def bench_http(env: dict[str, str], label: str, game: str, seconds: float, workers: int = 0, clients: int = 20) -> tuple[list[Row], float]:
    """Each client plays its own game over HTTP (`loadgen`, several processes) against
    `shiplog serve --workers N`."""

    workers = workers or int(os.environ.get("SHIPLOG_BENCH_WORKERS", "3"))
    server = Server({**env, **UNLIMITED}, workers=workers)
    server.start()
    try:
        result = loadgen.http_load(server.port, game, clients=clients, processes=4, seconds=seconds)
    finally:
        server.stop()
    return [
        (f"http {label}", f"accepted actions per second ({game}, {clients} games, {workers} workers)", f"{result.rate:.0f}"),
        (f"http {label}", "POST latency p50 / p99 ms", f"{result.percentile(0.5):.1f} / {result.percentile(0.99):.1f}"),
    ], result.rate


def bench_serve(found: list[tuple[str, dict[str, str]]], game: str, seconds: float, clients: int = 40,
                processes: int = 4) -> list[Row]:
    """Issue 8 and 15: `make serve` under `clients` concurrent players, as a share of the same
    play on one thread in process (measured in this run, on a SQLite file of its own); the same
    with 100 idle connections open; then 1, 2 and 3 workers on each store, and PostgreSQL's rate
    as a share of SQLite's with as many workers."""

    rows: list[Row] = [("serve", "machine: cores / load average before", f"{os.cpu_count()} / {_load()}"),
                       ("serve", "make serve: worker processes", str(default_workers()))]
    sqlite = dict(found[0][1])
    base = Path(sqlite["SQLITE_DBNAME"]).parent

    def fresh_sqlite(name: str) -> dict[str, str]:
        return {**sqlite, "SQLITE_DBNAME": str(base / f"{name}.sqlite")}

    def measure(label: str, env: dict[str, str], idle: int = 0, **server_options: Any) -> loadgen.LoadResult:
        server = Server({**env, **UNLIMITED}, **server_options)
        server.start()
        try:
            with loadgen.idle_connections(server.port, idle):
                assert server.proc is not None
                cpu = loadgen.group_cpu(server.proc.pid)
                result = loadgen.http_load(server.port, game, clients=clients, processes=processes, seconds=seconds)
                result.server_cpu = loadgen.group_cpu(server.proc.pid) - cpu
                return result
        finally:
            server.stop()

    def result_rows(label: str, result: loadgen.LoadResult) -> list[Row]:
        refused = f" (refused: {result.refused})" if result.refused else ""
        return [(label, f"accepted actions per second{refused}", f"{result.rate:.0f}"),
                (label, "POST latency p50 / p99 ms", f"{result.percentile(0.5):.1f} / {result.percentile(0.99):.1f}")]

    rows.append(("serve SQLite", "one small commit (fsync) on this disk, median ms", f"{loadgen.commit_latency(str(base)):.2f}"))
    inproc = loadgen.in_process(fresh_sqlite("in-process"), game, clients, seconds)
    rows.append(("serve SQLite", f"in process, one thread, {clients} {game} games: actions per second",
                 f"{inproc.rate:.0f}"))
    default = measure("make serve", fresh_sqlite("serve"))
    label = f"make serve SQLite, {clients} clients in {processes} processes"
    rows += result_rows(label, default)
    rows.append((label, "share of the in-process rate", f"{default.rate / inproc.rate:.1%}"))
    # The same per CPU second: what the server would sustain with a core of its own, as on a
    # machine with cores to spare for its clients (its CPU includes creating the 40 games).
    server_ms, inproc_ms = default.server_cpu / default.accepted * 1000, inproc.cpu / inproc.accepted * 1000
    rows.append((label, "server CPU ms per accepted action / in process", f"{server_ms:.2f} / {inproc_ms:.2f}"))
    # The load generator runs on the same cores as the server here: what it takes from them.
    rows.append((label, "load generator CPU ms per accepted action (start-up included)",
                 f"{default.cpu / default.accepted * 1000:.2f}"))
    rows.append((label, "share of the in-process rate per CPU second", f"{inproc_ms / server_ms:.1%}"))
    idle = measure("make serve idle", fresh_sqlite("serve-idle"), idle=100)
    rows += result_rows(f"{label} + 100 idle connections", idle)
    rates: dict[tuple[str, int], float] = {}
    with ExitStack() as stack:  # each run on a fresh store: a fresh SQLite file, a fresh schema
        fresh = {store: fresh_sqlite if store == "SQLite" else stack.enter_context(fresh_schemas(env)) for store, env in found}
        for workers in (1, 2, 3):  # the stores one after the other with as many workers: a shared machine's load
            for store, _env in found:  # changes less between them than over the whole part
                result = measure(f"workers {workers}", fresh[store](f"workers-{workers}"), workers=workers)
                label = f"scale {store}, {workers} worker{'s' if workers > 1 else ''}"
                rows += result_rows(label, result)
                # CPU is what a shared machine's load moves least (PostgreSQL's own processes not counted)
                rows.append((label, "server CPU ms per accepted action", f"{result.server_cpu / result.accepted * 1000:.2f}"))
                rates[store, workers] = result.rate
            if ("PostgreSQL", workers) in rates:  # issue 34: at least 80 % with 2 and 3 workers
                rows.append((f"scale PostgreSQL, {workers} worker{'s' if workers > 1 else ''}", "share of SQLite's rate",
                             f"{rates['PostgreSQL', workers] / rates['SQLite', workers]:.1%}"))
    rows += [(f"scale {store}", "2 workers / 1 worker", f"{rates[store, 2] / rates[store, 1]:.2f}") for store, _env in found]
    rows.append(("serve", "machine: load average after", _load()))
    return rows


def _load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "-"


def bench_storage(found: list[tuple[str, dict[str, str]]], game: str = "puerto-rico", seats: int = 4) -> list[Row]:
    """Stored bytes per event of complete games (events and snapshots, every column of every
    row), played seat by seat with an Idempotency-Key on every action."""
    rows: list[Row] = []
    for label, env in found:
        env = {**env, "SQLITE_DBNAME": env["SQLITE_DBNAME"].replace(".sqlite", "-storage.sqlite")} if label == "SQLite" else env
        app = Shiplog({**env, "SHIPLOG_SNAPSHOT_INTERVAL": "50"})
        before = app.stored_size()
        gid = loadgen.play_complete_game(app, game, seats)
        after = app.stored_size()
        events = app.get_game(gid).version + 1
        stored = {k: after[k][1] - before.get(k, (0, 0))[1] for k in after}
        rows.append((f"storage {label}", f"{game} {seats}p complete game: events / bytes of events / of snapshots",
                     f"{events} / {stored['events']} / {stored.get('snapshots', 0)}"))
        rows.append((f"storage {label}", "stored bytes per event, snapshots included",
                     f"{sum(stored.values()) / events:.0f}"))
    return rows


def long_game(games: list[str], target_actions: int) -> Game | None:
    """The first seeded random game (of any registered game) that lasts `target_actions` actions."""
    for game in games:
        rules = registry.get(game)
        count = rules.MAX_SEATS
        while count > rules.MIN_SEATS:  # a seat count only some options allow (Santa Maria's 5): fewer
            try:
                rules.check_options({}, count)
                break
            except InvalidOptions:
                count -= 1
        seats = [{"name": f"p{n}", "bot": None, "token_hash": None} for n in range(count)]
        for attempt in range(5):
            aggregate = Game.start(game, {}, seats, "h", f"long-{attempt}", client_seeded=True)
            while aggregate.version < target_actions and aggregate.status == "active":
                seat = min(aggregate.to_act())
                legal = rules.legal_actions(aggregate.state, seat)
                aggregate.take_action(seat, choice(Rng(f"long-{attempt}", f"pick:{aggregate.version}"), legal))
            if aggregate.version >= target_actions:
                return aggregate
    return None


def bench_load(games: list[str], target_actions: int = 1000, repeats: int = 20) -> list[Row]:
    """Load a game of `target_actions` random actions at its last and a middle version,
    from a store with snapshots every 50 events and from one without snapshots."""

    found = long_game(games, target_actions)
    if found is None:
        return [("load", f"no random game reached {target_actions} actions", "-")]
    aggregate, game = found, found.game
    with tempfile.TemporaryDirectory() as tmp:
        snap = Shiplog({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": f"{tmp}/snap.sqlite",
                        "SHIPLOG_SNAPSHOT_INTERVAL": "50"})
        snap.save(aggregate)
        plain = Shiplog({"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": f"{tmp}/plain.sqlite",
                         "SHIPLOG_SNAPSHOT_INTERVAL": "0"})
        plain.events.put(snap.events_between(aggregate.id))
        last = aggregate.version
        middle = last // 2 + 7  # not on a snapshot boundary

        def timed(app: Shiplog, version: int) -> float:
            samples = []
            for _ in range(repeats):
                t0 = time.perf_counter()
                app.get_game(aggregate.id, version)
                samples.append(time.perf_counter() - t0)
            return statistics.median(samples) * 1000

        label = f"load {game} game of {last} actions"
        return [
            (label, "last version, with snapshots (ms)", f"{timed(snap, last):.2f}"),
            (label, "middle version, with snapshots (ms)", f"{timed(snap, middle):.2f}"),
            (label, "last version, without snapshots (ms)", f"{timed(plain, last):.2f}"),
            (label, "middle version, without snapshots (ms)", f"{timed(plain, middle):.2f}"),
        ]


def run(quick: bool = False, only: set[str] | None = None, out: Callable[[str], None] = print) -> list[Row]:
    def wanted(part: str) -> bool:
        return only is None or part in only

    rows: list[Row] = []
    games = _games()
    if wanted("engine"):
        cases = [(game, *case) for game in games for case in bench_cases(game)]
        for game, options, games_n, es_n in cases:
            rows += bench_engine(game, max(games_n // 10, 5) if quick else games_n,
                                 es_games=max(es_n // 10, 2) if quick else es_n, options=options)
            out(_table(rows[-6:]))
    http_games = os.environ.get("SHIPLOG_BENCH_HTTP_GAMES", ",".join(games)).split(",")
    if wanted("storage") or wanted("serve"):
        with stores() as found:
            if wanted("storage"):
                storage_rows = bench_storage(found)
                rows += storage_rows
                out(_table(storage_rows))
            if wanted("serve"):
                serve_rows = bench_serve(found, "puerto-rico", 8 if quick else 20)
                rows += serve_rows
                out(_table(serve_rows))
    if wanted("streams"):  # issue 30: 1,000 live streams while 40 players play
        with tempfile.TemporaryDirectory() as tmp:
            stream_rows = benchstreams.bench_streams(Path(tmp), "puerto-rico", 8 if quick else 20)
        rows += stream_rows
        out(_table(stream_rows))
    if wanted("store") or wanted("http"):
        with stores() as found:
            for label, env in found:
                raw_rows = bench_raw_append(env, label, 3 if quick else 10)
                rows += raw_rows
                out(_table(raw_rows))
                if not wanted("http"):
                    continue
                raw = float(raw_rows[0][2])
                for http_game in [g for g in http_games if g]:
                    http_rows, rate = bench_http(env, label, http_game, 5 if quick else 20)
                    http_rows.append((f"http {label}", f"HTTP rate / raw append rate ({http_game})", f"{rate / raw:.0%}"))
                    rows += http_rows
                    out(_table(http_rows))
    if wanted("verify"):
        verify_rows = bench_verify(games)
        rows += verify_rows
        out(_table(verify_rows))
    if only is not None and "wakeups" in only:  # not part of a plain `make bench`: minutes of bot games
        wakeup_rows = wakeups.bench_wakeups(games, 3 if quick else 10)
        rows += wakeup_rows
        out(_table(wakeup_rows))
    if only is not None and "legal" in only:  # only when named: issue 34's listing per decision
        legal_rows = benchlegal.bench_legal(games, quick)
        rows += legal_rows
        out(_table(legal_rows))
    if only is not None and "memory" in only:  # not part of a plain `make bench`: minutes of games
        memory_rows = memory.bench_memory(games=100 if quick else 1000)
        rows += memory_rows
        out(_table(memory_rows))
    if only is not None and "bots" in only:  # only when named: an hour of search-bot games
        bot_games = int(os.environ.get("SHIPLOG_BENCH_BOT_GAMES", "4" if quick else "20"))
        rows += botbench.bench_bots(bot_games, games, out)
    if wanted("load") and games:
        load_rows = bench_load(games, 1000)
        rows += load_rows
        out(_table(load_rows))
    out("\n" + _table(rows))
    Path("var").mkdir(exist_ok=True)
    Path("var/bench.json").write_text(json.dumps([list(r) for r in rows], indent=1) + "\n")
    return rows


def _table(rows: list[Row]) -> str:
    if not rows:
        return ""
    w0 = max(len(r[0]) for r in rows)
    w1 = max(len(r[1]) for r in rows)
    return "\n".join(f"{a:<{w0}}  {b:<{w1}}  {c:>12}" for a, b, c in rows)


def bench_verify(games: list[str], runs: int = 3) -> list[Row]:
    """Issue 15.5: `replay verify` of each game's recorded fixtures (every action re-decided, every
    state hash recomputed), per record: the first run in this process and the best of `runs`."""

    rows: list[Row] = []
    root = Path(__file__).resolve().parent.parent / "fixtures"
    for game in games:
        for path in sorted((root / game.replace("-", "_")).glob("*.json")):
            record = json.loads(path.read_text())
            times = []
            for _ in range(runs):
                start = time.perf_counter()
                report = verify(record)
                times.append(time.perf_counter() - start)
            verdict = "ok" if report.ok else "FAILED"
            events = len(record.get("events", []))
            rows.append((f"verify {game}", f"{path.name} ({events} events, {verdict}): first / best ms",
                         f"{times[0] * 1000:.0f} / {min(times) * 1000:.0f}"))
    return rows
