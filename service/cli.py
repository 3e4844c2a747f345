"""`shiplog serve`: run the server (granian: a worker process per core and one more, 2 to 5; gunicorn on request)."""

from __future__ import annotations

import errno
import json
import logging
import os
import socket
import sys
from pathlib import Path

import click

from domain.core import registry
from domain.core.errors import IllegalAction

from .settings import describe_store, listen_address, store_env
from .store import StoreDamaged, check_at_start


@click.group()
@click.version_option(package_name="shiplog", prog_name="shiplog")
def main() -> None:
    """shiplog: asynchronous board games, event-sourced."""


@main.command()
@click.option("--host", default=None, help="address to listen on (SHIPLOG_HOST, default 127.0.0.1)")
@click.option("--port", default=None, type=int, help="port (SHIPLOG_PORT, default 8000)")
@click.option("--workers", default=None, type=int,
              help="worker processes (SHIPLOG_WORKERS; default: one per core and one more, 2 to 5)")
@click.option("--threads", default=8, show_default=True, help="request threads per process (docs/perf.md: 8 took 5-36 % more actions a second than 4 under 40 clients, on either store)")
@click.option("--wsgi", "use_wsgi", is_flag=True,
              help="granian's WSGI interface, as before the live streams moved to ASGI (each stream holds a thread)")
@click.option("--gunicorn", "use_gunicorn", is_flag=True, help="gunicorn instead of granian (to compare servers)")
def serve(host: str | None, port: int | None, workers: int | None, threads: int, use_wsgi: bool, use_gunicorn: bool) -> None:
    """Start the HTTP API on SQLite under ./var/ unless the environment says otherwise.

    granian keeps the connections (idle or slow ones cost no Python thread) and runs the Flask
    app on `--threads` threads in each of `--workers` processes, through its ASGI interface
    (service/asgi.py): the live streams are held by each worker's event loop, not by threads, a
    thousand of them and more (SHIPLOG_SSE_MAX per worker, 1000): by default one per core and one
    more (2 to 5), since one process runs Python on one core at a time and one waiting for the
    store leaves its core idle (docs/perf.md: on 2 quiet cores two workers took 1.09-1.59x the
    actions of one, three 6-8% more than two). Everything a request needs is in
    the store, so any worker can serve any request (docs/deploy.md). Measured in
    docs/perf.md: waitress, an earlier default, spent most of its interpreter time in its own
    connection loop under 40 clients and refused every new connection while 100 idle ones
    were open.
    """
    default_host, default_port = listen_address()
    host, port = host or default_host, port or default_port
    workers = workers or default_workers()
    can_start(host, port)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    click.echo(f"shiplog listening on http://{host}:{port}  ({workers} worker{'s' if workers > 1 else ''}; "
               f"store: {describe_store(store_env())})")
    prepare_store()
    os.environ["SHIPLOG_BACKGROUND"] = "1"  # each worker ticks: timeouts, notifications (service.clocks)
    os.environ["SHIPLOG_THREADS"] = str(threads)
    threaded = use_wsgi or use_gunicorn  # each live stream holds a request thread
    streams = int(os.environ.setdefault("SHIPLOG_SSE_MAX", str(max(1, threads // 2)) if threaded else "1000"))
    # A move stored by another worker reaches this worker's streams when it looks at the store:
    # the hub of each ASGI worker looks every 0.25 s for all its streams (PostgreSQL also wakes
    # it by NOTIFY), a threaded stream looks itself every second.
    os.environ.setdefault("SHIPLOG_SSE_POLL", "1" if threaded else "0.25")
    if use_gunicorn:
        os.execv(
            sys.executable,
            [sys.executable, "-m", "gunicorn", "--workers", str(workers), "--threads", str(threads), "--bind", f"{host}:{port}",
             "--log-level", "warning", "service.wsgi:app"],
        )
    from granian import Granian  # lazy: the server, only for serve
    from granian.constants import HTTPModes, Interfaces  # lazy: the server, only for serve
    from granian.log import LogLevels  # lazy: the server, only for serve

    logging.getLogger("_granian").addFilter(_workers_chosen)

    interface = {"target": "service.wsgi:app", "interface": Interfaces.WSGI, "blocking_threads": threads} if use_wsgi else \
        {"target": "service.asgi:app", "interface": Interfaces.ASGI, "blocking_threads": 1,
         "backlog": 4096, "backpressure": streams + 16 * threads}  # a stream is a request under way
    try:
        Granian(address=host, port=port, workers=workers, http=HTTPModes.http1, websockets=False,
                respawn_failed_workers=True, log_level=LogLevels.warning,
                log_dictconfig={"root": {"level": "INFO", "handlers": ["console"]}}, **interface).serve()
    except OSError as exc:  # the port was taken between the check and now
        raise click.ClickException(cannot_listen(host, port, exc)) from None


def prepare_store() -> None:
    """Create the store's tables once, before any worker starts: workers that each create them
    on a fresh PostgreSQL schema race (a duplicate pg_type row), and the loser died while the
    others served on (issue 34); the workers then create none. A worker that dies anyway is started again by granian
    (`respawn_failed_workers`), which logs it."""
    from .app import create_app  # lazy: the app, made here only to create its tables

    create_app().extensions["shiplog"].close()
    os.environ["CREATE_TABLE"] = "no"  # (the eventsourcing library's setting; store_env passes it on)


def default_workers() -> int:
    """SHIPLOG_WORKERS, else one per core this process may use and one more, 2 to 5: a worker
    waiting for SQLite's write lock or the disk leaves its core idle, and the extra one keeps
    the cores busy meanwhile (docs/perf.md: 3 workers on 2 cores took 6-8% more actions a
    second than 2, with the same CPU an action)."""
    if os.environ.get("SHIPLOG_WORKERS"):
        return max(1, int(os.environ["SHIPLOG_WORKERS"]))
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    return max(2, min(5, cores + 1))


def _workers_chosen(record: logging.LogRecord) -> bool:
    """granian warns whenever there are more workers than cores; one more than the cores is
    shiplog's measured default (`default_workers`), so that warning would only mislead."""
    return not record.getMessage().startswith("Configured number of workers appears to be higher")


def can_start(host: str, port: int) -> None:
    """A damaged store or a taken port stops `serve` with a sentence, not a traceback."""
    try:
        check_at_start(store_env())
    except StoreDamaged as exc:
        raise click.ClickException(str(exc)) from None
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as granian and gunicorn do
            probe.bind(address)
    except OSError as exc:
        raise click.ClickException(cannot_listen(host, port, exc)) from None


def cannot_listen(host: str, port: int, exc: OSError) -> str:
    if exc.errno == errno.EADDRINUSE:
        return (f"port {port} on {host} is already in use (is shiplog already running?). Stop that program, "
                f"or choose another port: --port N or SHIPLOG_PORT=N.")
    return f"cannot listen on {host}:{port}: {exc.strerror or exc}."


@main.command("tick")
@click.option("--json", "as_json", is_flag=True, help="machine-readable output")
def tick_cmd(as_json: bool) -> None:
    """One round of background work (for cron): timeouts, notifications, digests, deliveries.

    `shiplog serve` does the same every SHIPLOG_TICK_SECONDS; running both is safe."""
    from .application import Shiplog  # lazy: only for the commands that use the store
    from .clocks import tick  # lazy: only for the commands that use the store

    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    report = tick(Shiplog())
    click.echo(json.dumps(report.to_json()) if as_json else report.line())


@main.group()
def readmodels() -> None:
    """The read models (lobby, open seats, inboxes, clocks) kept in the store."""


@readmodels.command("rebuild")
def readmodels_rebuild() -> None:
    """Throw the read models away and project the whole event log again."""
    from .application import Shiplog  # lazy: only for the commands that use the store

    app = Shiplog()
    games = app.readmodels.rebuild()
    click.echo(f"read models rebuilt: {games} games, up to notification {app.readmodels.position()}")


@main.command("play-bots")
@click.argument("game")
@click.option("--players", "-n", default=4, show_default=True, help="how many seats")
@click.option("--bot", "bots", multiple=True, help="bot kind per seat (repeat); default: the game's first bot")
@click.option("--seed", default=None, help="a client seed (the record is marked client_seeded)")
@click.option("--option", "options", multiple=True, help="game option as key=JSON, e.g. expansions='[\"nobles\"]'")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None, help="write the record here")
def play_bots(game: str, players: int, bots: tuple[str, ...], seed: str | None, options: tuple[str, ...],
              output: str | None) -> None:
    """Play a whole GAME with bots in memory and print its record (fixtures, demos, teaching)."""
    from .application import Shiplog  # lazy: only for the commands that use the store

    try:
        rules = registry.get(game)
        kinds = list(bots) or [sorted(rules.BOTS)[0]]
        seats = [{"name": f"{kinds[n % len(kinds)]} {n}", "bot": kinds[n % len(kinds)]} for n in range(players)]
        opts = {k: json.loads(v) for k, v in (o.split("=", 1) for o in options)}
        app = Shiplog({"PERSISTENCE_MODULE": "eventsourcing.popo"})
        created = app.create_game(game, seats, opts, seed)
    except IllegalAction as exc:
        raise click.ClickException(f"{exc.code}: {exc.message}") from None
    except ValueError as exc:
        raise click.ClickException(f"bad --option: {exc}") from None
    record = app.record(created.game.id)
    text = json.dumps(record, indent=1, ensure_ascii=False)
    if output:
        Path(output).parent.mkdir(parents=True, exist_ok=True)
        Path(output).write_text(text + "\n", encoding="utf-8")
        outcome = record["outcome"] or {}
        click.echo(f"wrote {output}: {len(record['events'])} events, winners {outcome.get('winners')}", err=True)
    else:
        click.echo(text)
