"""`shiplog serve` as `make serve` runs it: idle or slow connections lock nobody out."""

from __future__ import annotations

import socket

import requests

from replay.loadgen import idle_connections
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
