"""`shiplog serve` as `make serve` runs it: idle or slow connections lock nobody out."""

from __future__ import annotations

import logging
import os
import socket

import pytest
import requests

from replay.loadgen import idle_connections
from service.cli import _workers_chosen, default_workers
from service.process import running

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
