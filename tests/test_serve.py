"""`shiplog serve` as `make serve` runs it: idle or slow connections lock nobody out."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import socket
import time
from pathlib import Path

import pytest
import requests

from replay.loadgen import idle_connections
from service.cli import _workers_chosen, default_workers
from service.process import Server, running

TINY = {"SHIPLOG_GAME_MODULES": "high-card=tests.tinygame"}


def test_a_hundred_idle_connections_lock_nobody_out(sqlite_env: dict[str, str]) -> None:
    """Issue 8: 100 connections that sent half a request and then nothing; others still play.
    (The earlier default, waitress, accepted no new connection at all while they were open.)"""
    with running({**sqlite_env, **TINY}) as server, idle_connections(server.port, 100) as idle:
        assert len(idle) == 100
        created = requests.post(f"{server.url}/v1/games", json={"game": "high-card", "players": ["a", "b"]}, timeout=10)
        assert created.status_code == 201, created.text
        game = created.json()
        token = game["seats"][game["to_act"][0]]["token"]
        headers = {"Authorization": f"Bearer {token}"}
        action = requests.get(f"{server.url}/v1/games/{game['id']}/actions", headers=headers, timeout=10).json()["actions"][0]
        played = requests.post(f"{server.url}/v1/games/{game['id']}/actions", json=action, headers=headers, timeout=10)
        assert played.status_code == 201, played.text
        assert not any(closed_by_server(sock) for sock in idle)  # they were open all along


def closed_by_server(sock: socket.socket) -> bool:
    sock.setblocking(False)
    try:
        return sock.recv(1, socket.MSG_PEEK) == b""
    except BlockingIOError:  # nothing to read and still open
        return False


def test_make_serve_runs_a_worker_per_core_and_one_more(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 8 item 7: one process runs Python on one core at a time, and one waiting for the
    store leaves its core idle, so the default server has a worker per core and one more, 2 to
    5; SHIPLOG_WORKERS or --workers say otherwise."""
    monkeypatch.delenv("SHIPLOG_WORKERS", raising=False)
    for cores, expected in ((1, 2), (2, 3), (3, 4), (4, 5), (16, 5)):
        monkeypatch.setattr(os, "sched_getaffinity", lambda _pid, n=cores: set(range(n)), raising=False)
        assert default_workers() == expected
    monkeypatch.setenv("SHIPLOG_WORKERS", "3")
    assert default_workers() == 3


def test_granian_s_warning_about_more_workers_than_cores_is_not_shown() -> None:
    """The default is one worker more than the cores on purpose: granian's warning against it
    would mislead whoever starts the server; its other warnings still show."""
    def record(message: str) -> logging.LogRecord:
        return logging.LogRecord("_granian", logging.WARNING, __file__, 1, message, None, None)

    assert not _workers_chosen(record("Configured number of workers appears to be higher than the amount of CPU "
                                      "cores available. Consider using 2 workers"))
    assert _workers_chosen(record("Configured number of Rust threads appears to be too high"))


def test_two_workers_answer_as_one_server(sqlite_env: dict[str, str]) -> None:
    """Every request on a new connection (the kernel spreads them over both workers): each one
    sees the moves the other worker stored, so of two copies of the same move (same If-Match)
    the first is stored and the second is stale, whichever worker each lands on."""
    with running({**sqlite_env, **TINY}, workers=2) as server:
        game = requests.post(f"{server.url}/v1/games", json={"game": "high-card", "players": ["a", "b"]},
                             timeout=10).json()
        gid, tokens = game["id"], [s["token"] for s in game["seats"]]
        for _ in range(8):
            view = requests.get(f"{server.url}/v1/games/{gid}", headers={"Connection": "close"}, timeout=10).json()
            if view["status"] != "active":
                break
            headers = {"Authorization": f"Bearer {tokens[view['to_act'][0]]}", "Connection": "close"}
            action = requests.get(f"{server.url}/v1/games/{gid}/actions", headers=headers, timeout=10).json()["actions"][0]
            match = {**headers, "If-Match": f'"{view["version"]}"'}
            answers = []
            for _copy in range(2):
                resp = requests.post(f"{server.url}/v1/games/{gid}/actions", json=action, headers=match, timeout=10)
                answers.append(resp.status_code)
            assert sorted(answers) == [201, 412], answers
            after = requests.get(f"{server.url}/v1/games/{gid}", headers={"Connection": "close"}, timeout=10)
            assert after.json()["version"] > view["version"]


def exchange(port: int, head: bytes, body: bytes, piece: int = 64 * 1024) -> tuple[bool, int, dict[str, str], bytes]:
    """Send a request as a client does (the whole body, then read the answer): whether the
    whole body could be sent, the status, the headers and the body of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sent_all = True
        try:
            sock.sendall(head)
            for start in range(0, len(body), piece):
                sock.sendall(body[start:start + piece])
        except OSError:  # reset or broken pipe: the server closed while the client was sending
            sent_all = False
        answer = b""
        with contextlib.suppress(OSError):
            while chunk := sock.recv(65536):
                answer += chunk
                head_end = answer.find(b"\r\n\r\n")
                length = re.search(rb"(?i)\r\ncontent-length: *(\d+)", answer[:head_end]) if head_end > 0 else None
                if length and len(answer) >= head_end + 4 + int(length.group(1)):
                    break
    status_line, _, rest = answer.partition(b"\r\n")
    fields, _, content = rest.partition(b"\r\n\r\n")
    headers = dict(line.decode("latin-1").lower().split(": ", 1) for line in fields.split(b"\r\n") if b": " in line)
    return sent_all, int(status_line.split()[1]) if status_line else 0, headers, content


def in_chunks(body: bytes, size: int = 4096) -> bytes:
    return b"".join(b"%x\r\n%s\r\n" % (len(body[i:i + size]), body[i:i + size]) for i in range(0, len(body), size)) + b"0\r\n\r\n"


@pytest.mark.parametrize("gunicorn", [False, True], ids=["granian", "gunicorn"])
def test_a_body_over_64_kib_is_a_413_the_client_reads_through_the_real_server(sqlite_env: dict[str, str], gunicorn: bool) -> None:
    """Issue 27 item 8, through `shiplog serve`: a 10 MB body is read to its end and answered
    413 problem+json (the server used to close the connection while the client was still
    sending), and a chunked body over 64 KiB is a 413 too (it used to be cut at 64 KiB and
    parsed: a 400)."""
    server = Server({**sqlite_env, **TINY, "SHIPLOG_TICK_SECONDS": "0"}, gunicorn=gunicorn)
    server.start()
    try:
        post = b"POST /v1/players HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nConnection: close\r\n"
        big = b'{"name": "' + b"x" * (10 * 1024 * 1024) + b'"}'
        sent_all, status, headers, content = exchange(server.port, post + b"Content-Length: %d\r\n\r\n" % len(big), big)
        assert (sent_all, status, headers.get("content-type")) == (True, 413, "application/problem+json")
        assert json.loads(content)["code"] == "body.too_large"
        chunked = post + b"Transfer-Encoding: chunked\r\n\r\n"
        over = b'{"name": "' + b"x" * (65 * 1024) + b'"}'
        sent_all, status, headers, content = exchange(server.port, chunked, in_chunks(over))
        assert (sent_all, status, headers.get("content-type")) == (True, 413, "application/problem+json")
        assert json.loads(content)["code"] == "body.too_large"
        sent_all, status, _headers, content = exchange(server.port, chunked, in_chunks(b'{"name": "' + b"y" * 30 + b'"}', 7))
        assert (sent_all, status, json.loads(content)["name"]) == (True, 201, "y" * 30)
    finally:
        server.stop()


def processes_in_group(group: int) -> int:
    """How many live processes are in the process group `group` (from /proc)."""
    count = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            count += fields[0] != "Z" and int(fields[2]) == group
    return count


def test_several_workers_on_a_fresh_postgresql_schema_all_start(postgres_env: dict[str, str]) -> None:
    """Issue 34 item 2: each worker created the tables and they raced (a duplicate pg_type row);
    the loser died and the others served on, silently. `serve` now creates the schema once before
    the workers start, and the workers create none: three fresh starts, three workers each."""
    import psycopg

    for start in range(3):
        schema = f"{postgres_env['POSTGRES_SCHEMA']}_{start}"
        with psycopg.connect(host=postgres_env["POSTGRES_HOST"], port=int(postgres_env["POSTGRES_PORT"]),
                             dbname=postgres_env["POSTGRES_DBNAME"], user=postgres_env["POSTGRES_USER"], autocommit=True) as conn:
            conn.execute(f'CREATE SCHEMA "{schema}"')
            try:
                with running({**postgres_env, **TINY, "POSTGRES_SCHEMA": schema}, workers=3) as server:
                    created = requests.post(f"{server.url}/v1/games", json={"game": "high-card", "players": ["a", "b"]}, timeout=10)
                    assert created.status_code == 201, created.text
                    time.sleep(1.5)  # a worker that failed at start has exited by now
                    assert server.proc is not None
                    assert processes_in_group(server.proc.pid) == 4, Path(server.log.name).read_text()[-3000:]  # supervisor + 3
                    assert "Traceback" not in Path(server.log.name).read_text()
            finally:
                conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


def test_postgresql_is_spoken_through_the_compiled_psycopg() -> None:
    """Issue 34 item 2: the compiled psycopg (psycopg[binary] in pyproject.toml), not the
    pure-Python one (measured: 0.72x the CPU per action in process)."""
    import psycopg

    assert psycopg.pq.__impl__ in ("binary", "c")
