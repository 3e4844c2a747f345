"""Store faults get clear answers (issue 8.8): a full disk or a read-only store is a 503 with a
sentence and changes nothing, /healthz notices (it writes), a damaged SQLite file is found at
start, the store file is private, and `replay` prints no control characters from a record."""

from __future__ import annotations

import json
import sqlite3
import stat
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from replay.cli import main as replay_main
from service.app import create_app
from service.cli import main as shiplog_main
from service.store import StoreDamaged
from tests.test_api import auth, create, problem


def test_a_read_only_store_answers_503_and_healthz_says_so(sqlite_env: dict[str, str]) -> None:
    writer = create_app({"TESTING": True}, sqlite_env).test_client()
    game = create(writer)
    assert writer.get("/healthz").status_code == 200
    # The same file opened read-only, as after a remount or a lost permission.
    read_only = create_app({"TESTING": True}, {**sqlite_env, "SQLITE_DBNAME": f"file:{sqlite_env['SQLITE_DBNAME']}?mode=ro"})
    client = read_only.test_client()
    body = problem(client.post(f"/v1/games/{game['id']}/actions", json={"type": "draw"},
                               headers=auth(game["seats"][0]["token"])), 503, "store.read_only")
    assert "nothing was saved" in body["detail"]
    problem(client.post("/v1/games", json={"game": "high-card", "players": ["a", "b"]}), 503, "store.read_only")
    problem(client.get("/healthz"), 503, "store.read_only")
    view = client.get(f"/v1/games/{game['id']}")  # reading still works
    assert view.status_code == 200 and view.json["version"] == 0


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every new SQLite connection may not grow the file: SQLite answers SQLITE_FULL, as on a full disk."""
    import eventsourcing.sqlite

    connect = sqlite3.connect

    def no_room(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        conn = connect(*args, **kwargs)
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {max(pages, 1)}")
        return conn

    monkeypatch.setattr(eventsourcing.sqlite.sqlite3, "connect", no_room)


def test_a_full_disk_answers_503_and_changes_nothing(sqlite_env: dict[str, str], request: pytest.FixtureRequest) -> None:
    writer = create_app({"TESTING": True}, sqlite_env).test_client()
    games = [create(writer) for _ in range(8)]
    request.getfixturevalue("full_disk")
    client = create_app({"TESTING": True}, sqlite_env).test_client()
    resp = None
    for game in games:  # the file has a little room left in its last pages: play until it is used up
        tokens = [auth(s["token"]) for s in game["seats"]]
        while resp is None or resp.status_code == 201:
            view = client.get(f"/v1/games/{game['id']}").json
            if view["status"] != "active":
                break
            seat = view["to_act"][0]
            action = client.get(f"/v1/games/{game['id']}/actions", headers=tokens[seat]).json["actions"][0]
            resp = client.post(f"/v1/games/{game['id']}/actions", json=action, headers=tokens[seat])
        if resp is not None and resp.status_code != 201:
            break
    assert resp is not None
    body = problem(resp, 503, "store.full")
    assert "disk is full" in body["detail"] and "nothing was saved" in body["detail"]
    assert client.get(f"/v1/games/{game['id']}").json["version"] == view["version"]  # nothing changed
    problem(client.get("/healthz"), 503, "store.full")


def test_healthz_writes_to_the_store(sqlite_env: dict[str, str]) -> None:
    client = create_app({"TESTING": True}, sqlite_env).test_client()
    assert client.get("/healthz").json["status"] == "ok"
    with sqlite3.connect(sqlite_env["SQLITE_DBNAME"]) as conn:
        first = conn.execute("SELECT checked_at FROM shiplog_health").fetchall()
    assert len(first) == 1


def test_healthz_on_postgres(postgres_env: dict[str, str]) -> None:
    client = create_app({"TESTING": True}, postgres_env).test_client()
    assert client.get("/healthz").json["status"] == "ok"
    assert client.get("/healthz").json["status"] == "ok"  # the second write updates the same row


def damage(path: Path) -> None:
    """Overwrite the middle of the file: the header stays, pages are garbage."""
    data = bytearray(path.read_bytes())
    assert len(data) >= 3 * 4096
    data[4096 : 3 * 4096] = b"\xde\xad\xbe\xef" * 2048
    path.write_bytes(bytes(data))


def a_store_with_games(sqlite_env: dict[str, str]) -> Path:
    client = create_app({"TESTING": True}, sqlite_env).test_client()
    for _ in range(5):
        create(client)
    path = Path(sqlite_env["SQLITE_DBNAME"])
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path


def test_a_damaged_sqlite_file_is_found_at_start(sqlite_env: dict[str, str]) -> None:
    path = a_store_with_games(sqlite_env)
    damage(path)
    with pytest.raises(StoreDamaged, match="is damaged") as found:
        create_app({"TESTING": True}, sqlite_env)
    assert str(path) in str(found.value) and "backup" in str(found.value)
    path.write_bytes(b"not a database at all" * 100)
    with pytest.raises(StoreDamaged, match="not a database"):
        create_app({"TESTING": True}, sqlite_env)


def test_serve_and_replay_refuse_a_damaged_store_with_a_message(sqlite_env: dict[str, str], tmp_path: Path) -> None:
    path = tmp_path / "junk.sqlite"
    path.write_bytes(b"not a database at all" * 100)
    env = {**sqlite_env, "SQLITE_DBNAME": str(path), "SHIPLOG_PORT": "1"}
    result = CliRunner().invoke(shiplog_main, ["serve"], env=env)
    assert result.exit_code == 1 and "is damaged" in result.output and "Traceback" not in result.output
    result = CliRunner().invoke(replay_main, ["list"], env=env)
    assert result.exit_code == 2 and "is damaged" in result.output


def test_the_store_file_is_readable_by_its_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "var" / "store.sqlite"
    client = create_app({"TESTING": True}, {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path)}).test_client()
    create(client)
    files = sorted(path.parent.iterdir())
    assert {f.name for f in files} >= {"store.sqlite", "store.sqlite-wal"}
    for file in files:
        assert stat.S_IMODE(file.stat().st_mode) == 0o600, file
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


def test_replay_never_prints_control_characters_from_a_record(sqlite_env: dict[str, str], tmp_path: Path) -> None:
    client = create_app({"TESTING": True}, sqlite_env).test_client()
    game = create(client)
    client.post(f"/v1/games/{game['id']}/abandon", json={"reason": "over"}, headers=auth(game["host_token"]))
    record = client.get(f"/v1/games/{game['id']}/record").json
    # A record file can say anything: names with a terminal escape, a bell, a bidi override, a lone surrogate.
    hostile = ["\x1b[2J\x1b]0;pwned\x07ann", "bob\u202e\ud800\x9b31m"]
    for seat, name in zip(record["players"], hostile, strict=True):
        seat["name"] = name
    for event in record["events"]:
        if "seats" in event:
            for seat, name in zip(event["seats"], hostile, strict=True):
                seat["name"] = name
        if event["type"] == "GameAbandoned":
            event["reason"] = "\x1b[31mred\x1b[0m"
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    for args in (["log", str(path)], ["show", str(path)], ["log", str(path), "--json"], ["export", str(path)],
                 ["step", str(path)]):
        result = CliRunner().invoke(replay_main, args, input="n\nn\nq\n")
        assert result.exception is None or isinstance(result.exception, SystemExit), (args, result.exception)
        text = result.output
        assert not any(ch in text for ch in "\x1b\x07\x9b\u202e\ud800"), (args, text[:300])
        assert "\\u001b" in text or "\\u202e" in text, args
    exported = CliRunner().invoke(replay_main, ["export", str(path)]).output
    assert json.loads(exported)["players"][0]["name"] == hostile[0]  # escaped, not changed
