"""`make bench-load`'s live streams (issue 30 item 5): `make serve` under 40 clients at full
speed, without live streams and then with 1,000 of them open (a quarter players' inboxes, the
rest games' streams), on a fresh SQLite file each; and the same 40 clients under the threaded
WSGI server of before (`shiplog serve --wsgi`), without streams, as the yardstick of the
players' latency.

The 40 games are games of registered players (open seats they took), so every move changes an
inbox; 250 players (the 160 at the tables and 90 onlookers) each hold 4 streams, the most one
client may (SHIPLOG_SSE_PER_CLIENT): their inbox and 3 games' streams.

Nothing here is a test: timing never decides pass or fail.
"""

from __future__ import annotations

import os
import tempfile
import threading
import time
from pathlib import Path

from service.process import Server

from . import loadgen, streamload

Row = tuple[str, str, str]
LIMITS = {"SHIPLOG_GAMES_PER_MINUTE": "1000000", "SHIPLOG_SIGNUPS_PER_MINUTE": "1000000"}


def measure(env: dict[str, str], game: str, seconds: float, clients: int, streams: int,
            wsgi: bool = False, rate: float = 0.0) -> tuple[loadgen.LoadResult, streamload.Held | None, streamload.Delivery | None]:
    # A worker's tick (the read models, the notifier: service/clocks.py) works in one go through
    # what happened since the last: a tick every `seconds` puts exactly one of each worker's
    # ticks in every measured window, so no run's figures leave it out while another's hold it.
    server = Server({**env, **LIMITS, "SHIPLOG_TICK_SECONDS": f"{seconds:g}"}, wsgi=wsgi)
    server.start()
    try:
        seats = loadgen.seats_for(game)
        onlookers = max(0, -(-streams // 4) - clients * seats)
        tables, tokens = loadgen.seat_players(server.port, game, clients, onlookers if streams else 0)
        plans = streamload.plans_for(tables, tokens, streams)
        start_at = time.time() + 6 + len(plans) * 0.004  # the streams are open before the players start
        stop_at = start_at + seconds
        held: list[streamload.Held] = []
        holder = threading.Thread(target=lambda: held.append(streamload.hold(server.port, plans, time.time() + 1, stop_at + 2)))
        if plans:
            holder.start()
        assert server.proc is not None
        cpu = loadgen.group_cpu(server.proc.pid)
        result = loadgen.http_load(server.port, game, clients, 4, seconds, tables=tables, start_at=start_at, rate=rate)
        result.server_cpu = loadgen.group_cpu(server.proc.pid) - cpu
        if not plans:
            return result, None, None
        holder.join(seconds + 180)
        return result, held[0], streamload.deliveries(plans, held[0], result.moves, stop_at + 2)
    finally:
        server.stop()


def bench_streams(base: Path, game: str, seconds: float, clients: int = 40, streams: int = 1000,
                  paced: float | None = None) -> list[Row]:
    """The rows above; then the same without and with the streams with the players held to
    `paced` moves a second together (default SHIPLOG_BENCH_PACED, 200; 0 leaves it out): the
    players' latency when the machine has room for the streams, not only when the players alone
    fill it."""
    paced = float(os.environ.get("SHIPLOG_BENCH_PACED", "200")) if paced is None else paced
    def env(name: str) -> dict[str, str]:
        return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(base / f"{name}.sqlite")}

    rows: list[Row] = [("streams", "machine: cores / load average before", f"{os.cpu_count()} / {_load()}")]
    label = f"make serve SQLite, {clients} players' games"
    runs = [("WSGI, no streams", 0, True, 0.0), ("no streams", 0, False, 0.0), (f"{streams} streams", streams, False, 0.0)]
    if paced:
        runs += [(f"{paced:.0f} moves a second, no streams", 0, False, paced),
                 (f"{paced:.0f} moves a second, {streams} streams", streams, False, paced)]
    for name, count, wsgi, rate in runs:
        result, held, delivery = measure(env(name.replace(" ", "-").replace(",", "")), game, seconds, clients, count, wsgi, rate)
        refused = f" (refused: {result.refused})" if result.refused else ""
        what = f"{label}, {name}" if not wsgi else f"make serve --wsgi SQLite, {clients} players' games, no streams"
        rows += [(what, f"accepted actions per second{refused}", f"{result.rate:.0f}"),
                 (what, "POST latency p50 / p99 ms", f"{result.percentile(0.5):.1f} / {result.percentile(0.99):.1f}"),
                 (what, "server CPU ms per accepted action", f"{result.server_cpu / max(1, result.accepted) * 1000:.2f}")]
        if held is not None and delivery is not None:
            refusals = f" (refused: {held.refused})" if held.refused else ""
            rows += [(what, f"streams open / asked{refusals}", f"{held.opened} / {count}"),
                     (what, "the stream readers' CPU seconds a second (on the same cores)", f"{held.cpu / (seconds + 10):.2f}"),
                     (what, "game streams: moves seen / made while open", f"{delivery.seen} / {delivery.expected}"),
                     (what, "move to game stream p50 / p99 / max ms",
                      f"{delivery.percentile(delivery.game_latencies, 0.5):.0f} / "
                      f"{delivery.percentile(delivery.game_latencies, 0.99):.0f} / "
                      f"{delivery.percentile(delivery.game_latencies, 1.0):.0f}"),
                     (what, "move to inbox stream p50 / p99 ms (its turn came)",
                      f"{delivery.percentile(delivery.inbox_latencies, 0.5):.0f} / "
                      f"{delivery.percentile(delivery.inbox_latencies, 0.99):.0f}")]
    rows.append(("streams", "machine: load average after", _load()))
    return rows


def _load() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "-"


def main() -> None:  # pragma: no cover - a benchmark
    with tempfile.TemporaryDirectory() as tmp:
        for row in bench_streams(Path(tmp), "puerto-rico", float(os.environ.get("SHIPLOG_BENCH_SECONDS", "20"))):
            print("  ".join(row), flush=True)


if __name__ == "__main__":
    main()

