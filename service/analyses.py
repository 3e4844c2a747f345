"""The analyses of finished games (issue 33, item 4), computed in the background and kept beside
the games: a row per game in `analyses`, never an event of the game.

A reader asks for a game's analysis once it is over (`request`: a queued row); a worker's
background thread claims the oldest queued row (`claim`: one worker wins it) and runs
`domain.core.analysis.analyse` on the game's record, writing its progress to the row as it goes
(the page's progress bar reads it) and the result at the end. `shiplog tick` (cron) runs the
queued analyses itself; `shiplog serve`'s workers start their thread when one is asked and at
every tick. A row left "running" by a worker that died is claimed again after STALE.

SHIPLOG_ANALYSIS_ITERATIONS and SHIPLOG_ANALYSIS_HORIZON change the strong bot's budget (tests
use a tiny one); the search's seed is the game's id, so `replay analyse GAME` gives the same.
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any
from uuid import UUID

from domain.core.analysis import Analysis, analyse, costly_lines

from .readmodels import conflicts, stamp

log = logging.getLogger("shiplog.analyses")

DDL = [
    """CREATE TABLE IF NOT EXISTS {analyses} (
        game_id TEXT PRIMARY KEY, status TEXT NOT NULL, done INTEGER NOT NULL, total INTEGER NOT NULL,
        result TEXT, error TEXT, requested TEXT NOT NULL, updated TEXT NOT NULL)""",
]
QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
STALE = timedelta(minutes=10)  # a running row not written for this long: its worker is gone
STEPS = 50  # progress is written about this many times per analysis


@dataclass(frozen=True)
class State:
    """Where a game's analysis stands."""

    game_id: str
    status: str  # queued, running, done, failed
    done: int  # decisions assessed
    total: int  # decisions to assess (0 until it runs)
    analysis: Analysis | None

    @property
    def progress(self) -> float:
        return 1.0 if self.status == DONE else self.done / self.total if self.total else 0.0

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> State:
        result = row.get("result")
        return cls(str(row["game_id"]), str(row["status"]), int(row["done"]), int(row["total"]),
                   Analysis.from_json(json.loads(result)) if result else None)


class Analyses:
    """The analyses of one application (their rows live in the read models' store)."""

    def __init__(self, app: Any, view: Any, env: Mapping[str, str], clock: Callable[[], datetime]) -> None:
        self.app = app
        self.view = view
        self.clock = clock
        self.iterations = int(env["SHIPLOG_ANALYSIS_ITERATIONS"]) if env.get("SHIPLOG_ANALYSIS_ITERATIONS") else None
        self.horizon = int(env["SHIPLOG_ANALYSIS_HORIZON"]) if env.get("SHIPLOG_ANALYSIS_HORIZON") else None
        self.thread: threading.Thread | None = None
        self.lock = threading.Lock()
        view.make_tables(DDL)

    def state(self, game_id: UUID) -> State | None:
        rows = self.view.query("SELECT * FROM {analyses} WHERE game_id = :id", {"id": str(game_id)})
        return State.from_row(rows[0]) if rows else None

    def request(self, game_id: UUID) -> State:
        """Queue the analysis of a finished game (the caller checked it is over); one already
        queued, running or done stays as it is, a failed one is queued again."""
        now = stamp(self.clock())
        try:
            with self.view.cursor(commit=True) as cursor:
                self.view.execute(cursor, "INSERT INTO {analyses} AS a (game_id, status, done, total, requested, updated) "
                                  "VALUES (:id, 'queued', 0, 0, :now, :now) ON CONFLICT (game_id) DO UPDATE SET "
                                  "status = 'queued', done = 0, error = NULL, requested = :now, updated = :now "
                                  "WHERE a.status = 'failed'", {"id": str(game_id), "now": now})
        except conflicts():
            pass  # asked twice at once: the other request queued it
        state = self.state(game_id)
        assert state is not None
        return state

    def claim(self) -> str | None:
        """The oldest queued analysis (or one whose worker went quiet), now this worker's."""
        now = self.clock()
        rows = self.view.query("SELECT game_id FROM {analyses} WHERE status = 'queued' OR (status = 'running' AND "
                               "updated < :stale) ORDER BY requested LIMIT 1", {"stale": stamp(now - STALE)})
        if not rows:
            return None
        with self.view.cursor(commit=True) as cursor:
            self.view.execute(cursor, "UPDATE {analyses} SET status = 'running', done = 0, updated = :now WHERE game_id = :id "
                              "AND (status = 'queued' OR (status = 'running' AND updated < :stale)) RETURNING game_id",
                              {"id": rows[0]["game_id"], "now": stamp(now), "stale": stamp(now - STALE)})
            won = cursor.fetchone() is not None
        return str(rows[0]["game_id"]) if won else None

    def run(self, game_id: str) -> None:
        """Analyse a claimed game, writing its progress and then its result (or why it failed)."""
        try:
            record = self.app.record(UUID(game_id))
            step = [1]

            def progress(done: int, total: int) -> None:
                step[0] = max(1, total // STEPS)
                if done % step[0] == 0 or done == total:
                    self._write(game_id, "done = :done, total = :total", {"done": done, "total": total})

            result = analyse(record, game_id, self.iterations, self.horizon, progress)
            self._write(game_id, "status = 'done', done = :n, total = :n, result = :result",
                        {"n": len(result.decisions), "result": json.dumps(result.to_json(), separators=(",", ":"))})
        except Exception as exc:
            log.exception("the analysis of game %s failed", game_id)
            self._write(game_id, "status = 'failed', error = :error", {"error": repr(exc)[:500]})

    def _write(self, game_id: str, assignments: str, params: dict[str, Any]) -> None:
        with self.view.cursor(commit=True) as cursor:
            self.view.execute(cursor, f"UPDATE {{analyses}} SET {assignments}, updated = :now WHERE game_id = :id",
                              {**params, "id": game_id, "now": stamp(self.clock())})

    def run_due(self) -> int:
        """Run the queued analyses one after another, in this thread; returns how many."""
        ran = 0
        while (game_id := self.claim()) is not None:
            self.run(game_id)
            ran += 1
        return ran

    def kick(self) -> bool:
        """Run the queued analyses in this process's background thread (started unless it runs
        already); returns whether one was started."""
        with self.lock:
            if self.thread is not None and self.thread.is_alive():
                return False
            self.thread = threading.Thread(target=self._background, name="shiplog-analyses", daemon=True)
            self.thread.start()
            return True

    def _background(self) -> None:
        try:
            self.run_due()
        except Exception:
            log.exception("the analyses' thread stopped; the next tick starts it again")


def answer(game_id: UUID, state: State, record: Callable[[], dict[str, Any]], names: list[str]) -> dict[str, Any]:
    """The analysis as the API and the pages give it (the costly moves in the reader's language;
    `record` is asked only once it is done)."""
    body: dict[str, Any] = {"id": str(game_id), "status": state.status, "done": state.done, "total": state.total,
                            "progress": round(state.progress, 4), "analysis": None}
    if state.analysis is not None:
        body["analysis"] = {**state.analysis.to_json(), "costly": [
            {"version": d.version, "seat": d.seat, "loss": d.loss, "text": text}
            for d, text in costly_lines(state.analysis, record(), names)]}
    return body
