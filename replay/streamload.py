"""Live streams held open in numbers, for `make bench-load`: how many a server holds while its
players play, and how soon each stream sees each move.

Each holder process opens its share of the streams (`GET …/stream` with a player token, HTTP/1.1
read by hand on asyncio connections: a thousand streams, not a thousand threads) and notes when
each event arrives. `deliveries` matches them with the moves the players made (replay/loadgen.py
records the time each 201 came back): a game stream must see every move of its game made while it
was open, an inbox stream the turns that came to its player.

Nothing here is a test: timing never decides pass or fail.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import time
from dataclasses import dataclass, field
from typing import Any

# One stream: (path, player token, game id or "" for an inbox)
Plan = tuple[str, str, str]


@dataclass
class Held:
    """What the holders saw: streams opened and refused, and every event with its arrival."""

    opened: int = 0
    refused: dict[str, int] = field(default_factory=dict)
    ended_early: int = 0
    # (stream number, game id or "", version or -1, time.time()); for an inbox event, one
    # row per game it lists (the version the game is at)
    events: list[tuple[int, str, int, float]] = field(default_factory=list)
    since: dict[int, tuple[float, int]] = field(default_factory=dict)  # stream -> (opened at, first version)
    cpu: float = 0.0  # CPU seconds of the holder processes (they share the cores with the server)


async def _hold(port: int, number: int, plan: Plan, stop_at: float, held: Held) -> None:
    path, token, gid = plan
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
    except OSError as exc:
        held.refused[type(exc).__name__] = held.refused.get(type(exc).__name__, 0) + 1
        return
    try:
        writer.write((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}\r\n"
                      "Accept: text/event-stream\r\n\r\n").encode())
        status = int((await reader.readline()).split(b" ", 2)[1])
        chunked = False
        while (line := await reader.readline()) not in (b"\r\n", b""):
            chunked |= line.lower().startswith(b"transfer-encoding:") and b"chunked" in line.lower()
        if status != 200:
            held.refused[str(status)] = held.refused.get(str(status), 0) + 1
            return
        held.opened += 1
        pending, fields = b"", {}
        while time.time() < stop_at:
            if chunked:
                size = int((await asyncio.wait_for(reader.readline(), max(0.1, stop_at - time.time()))).split(b";")[0], 16)
                if size == 0:
                    held.ended_early += 1
                    return
                data = await reader.readexactly(size + 2)
                pending += data[:-2]
            else:
                data = await asyncio.wait_for(reader.read(65536), max(0.1, stop_at - time.time()))
                if not data:
                    held.ended_early += 1
                    return
                pending += data
            arrived = time.time()
            *lines, pending = pending.split(b"\n")
            for raw in lines:
                text = raw.decode("utf-8")
                if text:
                    if not text.startswith(":") and ": " in text:
                        key, value = text.split(": ", 1)
                        fields[key] = value
                    continue
                if "data" in fields:
                    _note(held, number, gid, fields, arrived)
                fields = {}
    except (TimeoutError, OSError, ValueError, asyncio.IncompleteReadError):
        return
    finally:
        writer.close()


def _note(held: Held, number: int, gid: str, fields: dict[str, str], arrived: float) -> None:
    if gid:
        version = int(fields.get("id", "-1"))
        if fields.get("event") == "hello":
            held.since[number] = (arrived, version)
        else:
            held.events.append((number, gid, version, arrived))
        return
    data = json.loads(fields["data"])
    held.since.setdefault(number, (arrived, -1))
    for waiting in data.get("inbox", []):
        held.events.append((number, waiting["game"]["id"], int(waiting["game"]["version"]), arrived))


def _process(port: int, first: int, plans: list[Plan], open_at: float, stop_at: float, queue: Any) -> None:
    async def main() -> Held:
        held = Held()
        tasks = []
        for n, plan in enumerate(plans):  # spread over the time before the measured window
            delay = open_at - time.time() + n * 0.004
            if delay > 0:
                await asyncio.sleep(delay)
            tasks.append(asyncio.create_task(_hold(port, first + n, plan, stop_at, held)))
        await asyncio.gather(*tasks)
        return held

    import resource  # lazy: Unix only

    held = asyncio.run(main())
    usage = resource.getrusage(resource.RUSAGE_SELF)
    held.cpu = usage.ru_utime + usage.ru_stime
    queue.put(held)


def hold(port: int, plans: list[Plan], open_at: float, stop_at: float, processes: int = 2) -> Held:
    """Hold the streams of `plans` from `open_at` to `stop_at` in `processes` processes."""
    ctx = multiprocessing.get_context("spawn")
    queue = ctx.Queue()
    share = -(-len(plans) // processes)
    procs = [ctx.Process(target=_process, args=(port, i * share, plans[i * share:(i + 1) * share], open_at, stop_at, queue))
             for i in range(processes) if plans[i * share:(i + 1) * share]]
    for p in procs:
        p.start()
    parts = [queue.get(timeout=stop_at - time.time() + 120) for _ in procs]
    for p in procs:
        p.join(30)
    total = Held()
    for part in parts:
        total.opened += part.opened
        total.ended_early += part.ended_early
        total.cpu += part.cpu
        total.events += part.events
        total.since.update(part.since)
        for key, count in part.refused.items():
            total.refused[key] = total.refused.get(key, 0) + count
    return total


def plans_for(tables: list[Any], tokens: list[str], streams: int, per_player: int = 4) -> list[Plan]:
    """`streams` streams: each player an inbox stream and game streams of the tables in turn,
    at most `per_player` each (the server's SHIPLOG_SSE_PER_CLIENT, 4)."""
    games = [gid for _players, (gid, _tokens) in tables]
    plans: list[Plan] = []
    n = 0
    for token in tokens:
        plans.append(("/v1/me/inbox/stream", token, ""))
        for _ in range(per_player - 1):
            plans.append((f"/v1/games/{games[n % len(games)]}/stream", token, games[n % len(games)]))
            n += 1
        if len(plans) >= streams:
            break
    return plans[:streams]


@dataclass
class Delivery:
    """How the moves reached the streams."""

    expected: int = 0  # (game stream, move made while it was open) pairs
    seen: int = 0
    game_latencies: list[float] = field(default_factory=list)  # seconds from the 201 to the event
    inbox_latencies: list[float] = field(default_factory=list)  # seconds from the 201 to the inbox event

    @staticmethod
    def percentile(values: list[float], q: float) -> float:
        if not values:
            return float("nan")
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def deliveries(plans: list[Plan], held: Held, moves: list[tuple[str, int, float]], stop_at: float,
               grace: float = 2.0) -> Delivery:
    """Match what the streams saw with the moves made: a game stream is expected to see every move
    of its game made after its hello and `grace` seconds before the end."""
    made: dict[str, dict[int, float]] = {}
    for gid, version, at in moves:
        made.setdefault(gid, {})[version] = at
    seen: dict[int, dict[int, float]] = {}
    inbox_rows: dict[tuple[int, str, int], float] = {}
    for number, gid, version, arrived in held.events:
        if plans[number][2]:
            seen.setdefault(number, {}).setdefault(version, arrived)
        else:
            inbox_rows.setdefault((number, gid, version), arrived)
    result = Delivery()
    for number, (_path, _token, gid) in enumerate(plans):
        if not gid or number not in held.since:
            continue
        opened, first = held.since[number]
        for version, at in made.get(gid, {}).items():
            if version > first and at > opened and at < stop_at - grace:
                result.expected += 1
                arrived = seen.get(number, {}).get(version)
                if arrived is not None:
                    result.seen += 1
                    result.game_latencies.append(max(0.0, arrived - at))
    for (_number, gid, version), arrived in inbox_rows.items():
        at = made.get(gid, {}).get(version)
        if at is not None:
            result.inbox_latencies.append(max(0.0, arrived - at))
    return result
