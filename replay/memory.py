"""`replay bench --only memory`: a worker's memory after many games (issue 34 item 5).

A fresh process (so nothing else it did counts) makes the server's app (Flask, the pages and
the API: a worker) on a new SQLite store and plays GAMES whole 4-seat games of bots through it
(every move stored, the cache of games and the codec's remembered texts filling up); it prints its resident
memory (VmRSS) as it goes. The codec's caches are bounded (entries and characters,
`domain/core/codec.py`) and so is the cache of games (AGGREGATE_CACHE_MAXSIZE), so the figure
levels off rather than growing with the games played. Nothing here is a test.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

Row = tuple[str, str, str]


def resident_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")  # not Linux: no figure


def play(game: str, games: int, bot: str) -> list[tuple[int, float, float]]:
    """(games played, resident MB, seconds) at the start and at every fifth of `games`."""
    from service.app import create_app  # lazy: only in the measuring process

    with tempfile.TemporaryDirectory() as folder:
        app = create_app(app_env={"PERSISTENCE_MODULE": "eventsourcing.sqlite",
                                  "SQLITE_DBNAME": str(Path(folder) / "memory.sqlite")}).extensions["shiplog"]
        started = time.monotonic()
        marks = [(0, resident_mb(), 0.0)]
        for n in range(1, games + 1):
            app.create_game(game, [{"name": f"bot {s}", "bot": bot} for s in range(4)])  # bots play it to the end
            if n % max(1, games // 5) == 0:
                marks.append((n, resident_mb(), time.monotonic() - started))
        app.close()
    return marks


def bench_memory(game: str = "puerto-rico", games: int = 1000, bot: str = "random") -> list[Row]:
    code = f"import json; from replay.memory import play; print(json.dumps(play({game!r}, {games}, {bot!r})))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    marks = json.loads(out.strip().splitlines()[-1])
    return [(f"memory {game} 4p ({bot} bots)", f"worker RSS after {n} games ({seconds:.0f} s)", f"{mb:.0f} MB")
            for n, mb, seconds in marks]
