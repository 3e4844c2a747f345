"""A finished game's analysis on the server (service/analyses.py, GET/POST /v1/games/{id}/analysis,
the replay page's button): asked once the game is over, computed outside the request (here the
test runs the background's work itself: `run_due`), its progress and result kept in a table of
their own beside the game, never as an event of it. A tiny budget (SHIPLOG_ANALYSIS_*)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from domain.core.analysis import Analysis, analyse
from service.app import create_app
from service.clocks import tick

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "santa_maria" / "2p.json"
TINY = {"SHIPLOG_ANALYSIS_ITERATIONS": "2", "SHIPLOG_ANALYSIS_HORIZON": "3"}


@pytest.fixture(scope="module")
def expected() -> Analysis:
    """The fixture's analysis with the game's id as the seed (as `replay analyse` makes it)."""
    record = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return analyse(record, record["id"], 2, 3)


@pytest.fixture
def app(sqlite_env: dict[str, str]) -> Any:
    return create_app({"TESTING": True}, {**sqlite_env, **TINY})


def finished(app: Any) -> tuple[str, dict[str, Any]]:
    """A finished game in the store (a fixture imported), and its record."""
    record = json.loads(FIXTURE.read_text(encoding="utf-8"))
    gid, _tokens, _host = app.extensions["shiplog"].import_record(record)
    return str(gid), record


def csrf(page: str) -> str:
    return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]


def test_the_analysis_is_asked_run_in_the_background_and_kept_beside_the_game(app: Any, expected: Analysis) -> None:
    shiplog = app.extensions["shiplog"]
    client = app.test_client()
    gid, record = finished(app)
    none = client.get(f"/v1/games/{gid}/analysis")
    assert none.status_code == 404 and none.get_json()["code"] == "analysis.none"
    events = len(shiplog.events_between(UUID(gid)))
    asked = client.post(f"/v1/games/{gid}/analysis")
    assert asked.status_code == 202
    assert {k: asked.get_json()[k] for k in ("status", "done", "progress", "analysis")} == \
        {"status": "queued", "done": 0, "progress": 0.0, "analysis": None}  # nothing computed in the request
    assert tick(shiplog).analyses == 1  # `shiplog tick` runs what is queued
    body = client.get(f"/v1/games/{gid}/analysis").get_json()
    assert body["status"] == "done" and body["progress"] == 1.0 and body["done"] == body["total"] == len(expected.decisions)
    assert [d["version"] for d in body["analysis"]["decisions"]] == [d.version for d in expected.decisions]
    assert body["analysis"]["decisions"] == [d.to_json() for d in expected.decisions]
    assert [c["version"] for c in body["analysis"]["costly"]] == [d.version for d in expected.costliest()]
    assert all(c["text"].startswith(f"Move {c['version']}: ") for c in body["analysis"]["costly"])
    assert len(shiplog.events_between(UUID(gid))) == events  # never an event of the game
    again = client.post(f"/v1/games/{gid}/analysis")
    assert again.status_code == 202 and again.get_json()["status"] == "done"  # asked once, kept
    assert shiplog.analyses.run_due() == 0


def test_a_running_game_has_no_analysis_yet(app: Any) -> None:
    client = app.test_client()
    created = client.post("/v1/games", json={"game": "high-card", "players": ["ann", "bob"]}).get_json()
    for answer in (client.get(f"/v1/games/{created['id']}/analysis"), client.post(f"/v1/games/{created['id']}/analysis")):
        assert answer.status_code == 403
        assert answer.get_json()["code"] == "analysis.not_yet"
        assert "once the game is over" in answer.get_json()["detail"]
    assert app.extensions["shiplog"].analyses.state(UUID(created["id"])) is None
    page = client.get(f"/games/{created['id']}/replay").get_data(as_text=True)
    assert 'id="analysis"' not in page
    token = csrf(client.get("/signup").get_data(as_text=True))
    assert client.post(f"/games/{created['id']}/analysis", data={"csrf_token": token}).status_code == 403


def test_the_replay_page_asks_for_it_follows_its_progress_and_shows_the_chances(app: Any, expected: Analysis) -> None:
    shiplog = app.extensions["shiplog"]
    client = app.test_client()
    gid, _record = finished(app)
    page = client.get(f"/games/{gid}/replay").get_data(as_text=True)
    assert "Analyse this game" in page
    asked = client.post(f"/games/{gid}/analysis", data={"csrf_token": csrf(page), "at": "5"})
    assert asked.status_code == 303 and asked.headers["Location"].endswith("#analysis")
    waiting = client.get(f"/games/{gid}/replay").get_data(as_text=True)
    assert "The analysis waits for its turn." in waiting and '<progress id="analysis-progress"' in waiting
    assert f'data-analysis="/v1/games/{gid}/analysis"' in waiting  # what replay.js follows
    shiplog.analyses.run_due()
    costly = expected.costliest()[0]
    done = client.get(f"/games/{gid}/replay?at={costly.version}").get_data(as_text=True)
    assert "Chance of winning of each player over the game (percent)" in done
    assert "The moves that cost most" in done and f"Move {costly.version}: " in done
    verdict = re.search(r'data-testid="verdict">([^<]+)<', done).group(1)  # type: ignore[union-attr]
    assert "the search prefers" in verdict and f"({round(100 * costly.best_chance)}%)" in verdict
    assert "Analyse this game" not in done


def test_an_analysis_row_is_claimed_by_one_worker_and_again_once_its_worker_went_quiet(store_env: dict[str, str]) -> None:
    """The table's SQL on both stores: asked twice, one row; one claim wins it; a running row not
    written for STALE is claimed again; a failed one is queued again when asked."""
    from datetime import UTC, datetime

    from service.analyses import STALE
    from service.application import Shiplog
    from tests.conftest import FakeClock

    clock = FakeClock(datetime(2030, 1, 1, tzinfo=UTC))
    one, other = Shiplog(store_env, clock=clock), Shiplog(store_env, clock=clock)  # two workers, one store
    gid = UUID("00000000-0000-4000-8000-000000000033")
    assert one.analyses.request(gid).status == "queued"
    assert other.analyses.request(gid).status == "queued"
    assert one.analyses.claim() == str(gid)
    assert other.analyses.claim() is None  # the other worker's claim finds it taken
    one.analyses._write(str(gid), "done = :done, total = :total", {"done": 3, "total": 12})
    state = other.analyses.state(gid)
    assert state is not None and (state.status, state.done, state.total, state.progress) == ("running", 3, 12, 0.25)
    clock.advance(seconds=STALE.total_seconds() + 1)
    assert other.analyses.claim() == str(gid)  # its worker went quiet
    other.analyses._write(str(gid), "status = 'failed', error = :error", {"error": "boom"})
    assert one.analyses.request(gid).status == "queued"


def test_analyses_asked_per_client_and_minute_are_limited(sqlite_env: dict[str, str]) -> None:
    """An analysis costs minutes of a worker's CPU: a client asks for few a minute (API and page alike)."""
    app = create_app({"TESTING": True, "SHIPLOG_ANALYSES_PER_MINUTE": 2}, {**sqlite_env, **TINY})
    gid, _record = finished(app)
    client = app.test_client()
    assert [client.post(f"/v1/games/{gid}/analysis").status_code for _ in range(2)] == [202, 202]
    refused = client.post(f"/v1/games/{gid}/analysis")
    assert refused.status_code == 429 and refused.json["code"] == "rate.limited" and "analyses" in refused.json["detail"]
    assert client.post(f"/v1/games/{gid}/analysis", environ_base={"REMOTE_ADDR": "10.0.0.2"}).status_code == 202
