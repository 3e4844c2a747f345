"""Where the server and the replay CLI find their store, and where the server listens.

The eventsourcing library's own variables decide persistence:
    PERSISTENCE_MODULE   eventsourcing.sqlite (default here) or eventsourcing.postgres
    SQLITE_DBNAME        default ./var/shiplog.sqlite (created on first run, readable by its owner only)
    POSTGRES_DBNAME, POSTGRES_HOST, POSTGRES_PORT, POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_SCHEMA
Ours:
    SHIPLOG_HOST (127.0.0.1), SHIPLOG_PORT (8000), SHIPLOG_SNAPSHOT_INTERVAL (50),
    SHIPLOG_GAMES_PER_MINUTE (30), SHIPLOG_SIGNUPS_PER_MINUTE (30): new games and sign-ups per
        client address and minute, counted in the store for all workers (service/ratelimits.py),
    SHIPLOG_PROXIES (0: how many proxies in front to trust for X-Forwarded-For and -Proto),
    SHIPLOG_SECRET_KEY (the key of the pages' CSRF tokens and of the links that turn e-mail
        off; none: one kept in `web-secret` beside the SQLite store, see `secret_key`)
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

DEFAULT_SQLITE = "var/shiplog.sqlite"


def store_env(overrides: Mapping[str, str] | None = None) -> dict[str, str]:
    """The persistence environment: the process environment with shiplog's defaults filled in."""
    env = {k: v for k, v in os.environ.items() if k.startswith(("PERSISTENCE_", "SQLITE_", "POSTGRES_", "AGGREGATE_", "SHIPLOG_", "CIPHER_", "COMPRESSOR_", "CREATE_TABLE"))}
    env.update(overrides or {})
    module = env.setdefault("PERSISTENCE_MODULE", "eventsourcing.sqlite")
    if module in ("sqlite", "eventsourcing.sqlite"):
        env["PERSISTENCE_MODULE"] = "eventsourcing.sqlite"
        dbname = env.setdefault("SQLITE_DBNAME", DEFAULT_SQLITE)
        if dbname != ":memory:" and not dbname.startswith("file:"):
            create_private(Path(dbname).expanduser())
        env.setdefault("SQLITE_LOCK_TIMEOUT", "10")
    elif module in ("postgres", "eventsourcing.postgres"):
        env["PERSISTENCE_MODULE"] = "eventsourcing.postgres"
        env.setdefault("POSTGRES_HOST", "127.0.0.1")
        env.setdefault("POSTGRES_PORT", "5432")
        env.setdefault("POSTGRES_DBNAME", "shiplog")
        env.setdefault("POSTGRES_USER", "postgres")
        env.setdefault("POSTGRES_PASSWORD", "")
        env.setdefault("POSTGRES_CONNECT_TIMEOUT", "5")
    env.setdefault("AGGREGATE_CACHE_MAXSIZE", "1000")
    return env


def create_private(path: Path) -> None:
    """Create the store file (and its folder) readable and writable by its owner only.

    SQLite gives its -wal and -shm files the mode of the database file, so they are private too.
    An existing file is left as it is.
    """
    if path.exists():
        return
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))


def listen_address() -> tuple[str, int]:
    return os.environ.get("SHIPLOG_HOST", "127.0.0.1"), int(os.environ.get("SHIPLOG_PORT", "8000"))


def describe_store(env: Mapping[str, str]) -> str:
    if env["PERSISTENCE_MODULE"] == "eventsourcing.sqlite":
        return f"SQLite {env['SQLITE_DBNAME']}"
    if env["PERSISTENCE_MODULE"] == "eventsourcing.postgres":
        schema = env.get("POSTGRES_SCHEMA")
        where = f"{env['POSTGRES_HOST']}:{env['POSTGRES_PORT']}/{env['POSTGRES_DBNAME']}"
        return f"PostgreSQL {where}" + (f" schema {schema}" if schema else "")
    return env["PERSISTENCE_MODULE"]


def secret_key(env: Any) -> str:
    """SHIPLOG_SECRET_KEY, or the key kept in `web-secret` beside the SQLite store (./var)."""
    given = env.get("SHIPLOG_SECRET_KEY")
    if given:
        return str(given)
    database = str(env.get("SQLITE_DBNAME", ""))
    on_disk = database and database != ":memory:" and "mode=memory" not in database
    folder = Path(database.removeprefix("file:").split("?")[0]).parent if on_disk else Path("var")
    path = folder / "web-secret"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text(encoding="utf-8").strip()
    except OSError:  # a read-only place: this process's own key (one worker only then)
        return secrets.token_urlsafe(32)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(secrets.token_urlsafe(32))
    return path.read_text(encoding="utf-8").strip()
