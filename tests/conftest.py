"""Shared fixtures: the tiny High Card game, stores on SQLite and PostgreSQL, the Flask client."""

from __future__ import annotations

import gc
import os
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from domain.core import registry
from tests import tinygame

registry.register(tinygame.NAME, tinygame)

PG = {
    "POSTGRES_HOST": os.environ.get("SHIPLOG_TEST_PGHOST", "127.0.0.1"),
    "POSTGRES_PORT": os.environ.get("SHIPLOG_TEST_PGPORT", "5432"),
    "POSTGRES_DBNAME": os.environ.get("SHIPLOG_TEST_PGDATABASE", "test"),
    "POSTGRES_USER": os.environ.get("SHIPLOG_TEST_PGUSER", "postgres"),
    "POSTGRES_PASSWORD": os.environ.get("SHIPLOG_TEST_PGPASSWORD", ""),
}


def _pg_connect() -> Any:
    import psycopg

    return psycopg.connect(
        host=PG["POSTGRES_HOST"], port=int(PG["POSTGRES_PORT"]), dbname=PG["POSTGRES_DBNAME"],
        user=PG["POSTGRES_USER"], password=PG["POSTGRES_PASSWORD"] or None, connect_timeout=3,
        autocommit=True,
    )


def postgres_available() -> bool:
    try:
        _pg_connect().close()
        return True
    except Exception:
        return False


def require_postgres() -> None:
    """Under CI=true a missing PostgreSQL fails the run; elsewhere the test is skipped."""
    if postgres_available():
        return
    message = f"PostgreSQL is not reachable at {PG['POSTGRES_HOST']}:{PG['POSTGRES_PORT']}/{PG['POSTGRES_DBNAME']}"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(message + " (CI=true: PostgreSQL is required)")
    pytest.skip(message)


@pytest.fixture
def sqlite_env(tmp_path: Path) -> dict[str, str]:
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "shiplog.sqlite")}


@pytest.fixture
def postgres_env() -> Iterator[dict[str, str]]:
    require_postgres()
    schema = f"t_{uuid.uuid4().hex[:16]}"
    with _pg_connect() as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield {"PERSISTENCE_MODULE": "eventsourcing.postgres", **PG, "POSTGRES_SCHEMA": schema}
    finally:
        # The test's applications are unreachable now, but their pools (5 connections and more
        # each) stay open until the collector finds their cycles: two test processes then ran
        # PostgreSQL out of connections ("too many clients already").
        gc.collect()
        with _pg_connect() as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


@pytest.fixture(params=["sqlite", "postgres"])
def store_env(request: pytest.FixtureRequest) -> dict[str, str]:
    """The same tests against both stores."""
    return request.getfixturevalue(f"{request.param}_env")  # type: ignore[no-any-return]


@pytest.fixture
def shiplog(store_env: dict[str, str]) -> Any:
    from service.application import Shiplog

    return Shiplog(store_env)


@pytest.fixture
def app(sqlite_env: dict[str, str]) -> Any:
    from service.app import create_app

    return create_app({"TESTING": True}, sqlite_env)


@pytest.fixture
def client(app: Any) -> Any:
    return app.test_client()


class FakeClock:
    """A clock the test moves by hand: `clock()` is the time, `clock.advance(days=2)` moves it."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(2030, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


# SHIPLOG_TEST_CPU=<file>: each test's CPU seconds in its worker (setup, call and teardown, with the
# processes it ran and waited for), one "seconds<TAB>nodeid" line a test appended to the file, to
# size the suite by CPU, which a shared machine's load barely changes (pytest's --durations are
# wall time). docs/perf.md, "The test suite's time", sorts it.
@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: Any, nextitem: Any) -> Iterator[None]:
    target = os.environ.get("SHIPLOG_TEST_CPU")
    start = os.times()
    yield
    if target:
        end = os.times()
        spent = sum(end[:4]) - sum(start[:4])  # user and system, its own and its waited-for children's
        with open(target, "a", encoding="utf-8") as out:
            out.write(f"{spent:.3f}\t{item.nodeid}\n")
