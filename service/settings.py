"""Where the server and the replay CLI find their store, and where the server listens.

The eventsourcing library's own variables decide persistence:
    PERSISTENCE_MODULE   eventsourcing.sqlite (default here) or eventsourcing.postgres
    SQLITE_DBNAME        default ./var/shiplog.sqlite (the folder is created on first run)
    POSTGRES_DBNAME, POSTGRES_HOST, POSTGRES_PORT, POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_SCHEMA
Ours:
    SHIPLOG_HOST (127.0.0.1), SHIPLOG_PORT (8000), SHIPLOG_SNAPSHOT_INTERVAL (50)
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

DEFAULT_SQLITE = "var/shiplog.sqlite"


def store_env(overrides: Mapping[str, str] | None = None) -> dict[str, str]:
    """The persistence environment: the process environment with shiplog's defaults filled in."""
    env = {k: v for k, v in os.environ.items() if k.startswith(("PERSISTENCE_", "SQLITE_", "POSTGRES_", "AGGREGATE_", "SHIPLOG_", "CIPHER_", "COMPRESSOR_"))}
    env.update(overrides or {})
    module = env.setdefault("PERSISTENCE_MODULE", "eventsourcing.sqlite")
    if module in ("sqlite", "eventsourcing.sqlite"):
        env["PERSISTENCE_MODULE"] = "eventsourcing.sqlite"
        dbname = env.setdefault("SQLITE_DBNAME", DEFAULT_SQLITE)
        if dbname != ":memory:" and "mode=memory" not in dbname:
            Path(dbname).expanduser().resolve().parent.mkdir(parents=True, exist_ok=True)
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
