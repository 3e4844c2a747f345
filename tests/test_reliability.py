"""Reliability through a real server process: races, SIGKILL, exactly-once, on both stores."""

from __future__ import annotations

import threading
import time
from collections import Counter
from typing import Any
from uuid import UUID

import pytest
import requests

from domain.core.record import verify
from service.application import Shiplog
from service.process import Server, running

TINY = {"SHIPLOG_GAME_MODULES": "high-card=tests.tinygame"}

THREADS = 20


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_game(url: str, deck: int = 20) -> dict[str, Any]:
    resp = requests.post(f"{url}/v1/games", json={"game": "high-card", "players": ["a", "b"], "options": {"deck_size": deck}}, timeout=10)
    assert resp.status_code == 201, resp.text
    return resp.json()  # type: ignore[no-any-return]


def test_twenty_threads_racing_for_one_game(store_env: dict[str, str], tmp_path: Any) -> None:
    """Every accepted action is in the log exactly once, every rejected one got 409 (lost the race at the
    store) or 412 (its If-Match was stale when it was read), replay equals live."""
    with running({**store_env, **TINY}) as server:
        game = new_game(server.url)
        gid = game["id"]
        accepted: list[tuple[int, str]] = []
        statuses: Counter[int] = Counter()
        lock = threading.Lock()
        for round_ in range(12):
            view = requests.get(f"{server.url}/v1/games/{gid}", timeout=10).json()
            if view["status"] != "active":
                break
            seat = view["to_act"][0]
            token = game["seats"][seat]["token"]
            actions = requests.get(f"{server.url}/v1/games/{gid}/actions", headers=auth(token), timeout=10).json()["actions"]
            barrier = threading.Barrier(THREADS)

            def racer(i: int, view: dict[str, Any] = view, token: str = token, actions: list[Any] = actions,
                      round_: int = round_, barrier: threading.Barrier = barrier) -> None:
                key = f"r{round_}-t{i}"
                headers = {**auth(token), "If-Match": f'"{view["version"]}"', "Idempotency-Key": key}
                barrier.wait()
                resp = requests.post(f"{server.url}/v1/games/{gid}/actions", json=actions[i % len(actions)],
                                     headers=headers, timeout=30)
                with lock:
                    statuses[resp.status_code] += 1
                    if resp.status_code == 201:
                        accepted.append((resp.json()["events"][0]["version"], key))

            threads = [threading.Thread(target=racer, args=(i,)) for i in range(THREADS)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
        assert set(statuses) <= {201, 409, 412}, statuses
        assert statuses[201] == len(accepted) >= 1 and statuses[409] + statuses[412] >= 1
    app = Shiplog(store_env)
    events = [e for e in app.events_between(UUID(gid)) if type(e).__name__ == "ActionTaken" and not e.auto]  # not forced
    keys = Counter(e.idempotency_key for e in events)
    assert all(keys[key] == 1 for _v, key in accepted)
    assert sorted(v for v, _ in accepted) == [e.originator_version for e in events]
    record = app.record(UUID(gid))
    report = verify(record)
    game = app.get_game(UUID(gid))
    assert report.ok and report.final_hash == game.hash(game.state)


def test_sigkill_mid_load_loses_no_acknowledged_action(store_env: dict[str, str]) -> None:
    server = Server({**store_env, **TINY})
    server.start()
    games = [new_game(server.url, deck=20) for _ in range(6)]
    acked: list[tuple[str, int, dict[str, Any]]] = []
    lock = threading.Lock()
    stop = threading.Event()

    def player(game: dict[str, Any]) -> None:
        gid = game["id"]
        while not stop.is_set():
            try:
                view = requests.get(f"{server.url}/v1/games/{gid}", timeout=5).json()
                if view.get("status") != "active":
                    return
                seat = view["to_act"][0]
                token = game["seats"][seat]["token"]
                action = requests.get(f"{server.url}/v1/games/{gid}/actions", headers=auth(token), timeout=5).json()["actions"][0]
                resp = requests.post(f"{server.url}/v1/games/{gid}/actions", json=action, timeout=5,
                                     headers={**auth(token), "If-Match": f'"{view["version"]}"'})
            except (requests.RequestException, ValueError, KeyError):
                return  # the server is gone
            if resp.status_code == 201:
                with lock:
                    acked.append((gid, resp.json()["events"][0]["version"], action))

    threads = [threading.Thread(target=player, args=(g,)) for g in games]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and len(acked) < 25:
        time.sleep(0.02)
    server.kill()
    stop.set()
    for t in threads:
        t.join(10)
    assert len(acked) >= 10, "the load did not get going before the kill"
    server.start()  # the same store, a new process
    try:
        for gid, version, action in acked:
            events = requests.get(f"{server.url}/v1/games/{gid}/events?after={version - 1}", timeout=10).json()["events"]
            assert events and events[0]["version"] == version and events[0]["action"] == action
        for game in games:
            # The record is public once the game is over: the host ends the games still running.
            requests.post(f"{server.url}/v1/games/{game['id']}/abandon", json={}, headers=auth(game["host_token"]), timeout=10)
            record = requests.get(f"{server.url}/v1/games/{game['id']}/record", timeout=10).json()
            assert verify(record).ok
    finally:
        server.stop()


@pytest.mark.parametrize("workers", [2])
def test_several_gunicorn_workers_share_one_store(sqlite_env: dict[str, str], workers: int) -> None:
    with running({**sqlite_env, **TINY}, workers=workers) as server:
        game = new_game(server.url)
        gid = game["id"]
        for _ in range(6):
            view = requests.get(f"{server.url}/v1/games/{gid}", timeout=10).json()
            if view["status"] != "active":
                break
            token = game["seats"][view["to_act"][0]]["token"]
            action = requests.get(f"{server.url}/v1/games/{gid}/actions", headers=auth(token), timeout=10).json()["actions"][0]
            resp = requests.post(f"{server.url}/v1/games/{gid}/actions", json=action,
                                 headers={**auth(token), "If-Match": f'"{view["version"]}"'}, timeout=10)
            assert resp.status_code == 201
        listed = requests.get(f"{server.url}/v1/games", timeout=10).json()["games"]
        assert [g["id"] for g in listed] == [gid]
