"""The server's clockwork: timeouts, notifications, the read models and the analyses, kept moving.

`tick` is one round of the background work; `shiplog tick` runs one from cron, and `shiplog
serve` runs one every SHIPLOG_TICK_SECONDS (30) in each worker process (`Ticker`). Several
workers and a cron job may tick at once: a timeout is an event stored under the game's next
version, so only one of them lands it (the others get a VersionConflict and find nothing
overdue afterwards); the read models and the notifier record their position with their rows;
a delivery is leased by the worker that sends it.
"""

from __future__ import annotations

import logging
import random
import threading
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from domain.core.aggregate import Game

from .outcomes import GameNotFound, VersionConflict

if TYPE_CHECKING:
    from .application import Shiplog

log = logging.getLogger("shiplog.clocks")


@dataclass
class TickReport:
    caught_up: int = 0
    timeouts: int = 0
    queued: int = 0
    reminders: int = 0
    mails: int = 0
    pushes: int = 0
    digests: int = 0
    sent: int = 0
    retrying: int = 0
    failed: int = 0
    bot_moves: int = 0  # searching bots' moves played (`shiplog tick`; a worker's ticker has its thread play them)
    analyses: int = 0  # analyses run (`shiplog tick`) or started in the background (a worker's ticker)
    conflicts: int = 0
    errors: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return dict(vars(self))

    def line(self) -> str:
        return (f"timeouts applied: {self.timeouts}; notifications queued: {self.queued}; reminders: {self.reminders}; "
                f"mails made: {self.mails}; pushes made: {self.pushes}; "
                f"digests made: {self.digests}; deliveries sent: {self.sent}, to retry: {self.retrying}, given up: {self.failed}; "
                f"searching bots' moves: {self.bot_moves}; analyses: {self.analyses}")


def tick(app: Shiplog, now: datetime | None = None, wait: bool = True) -> TickReport:
    """One round: bring the read models up to date, apply the timeouts that are due, write the
    searching bots' moves that are due (`wait`: here; else in this worker's thread), the
    new notifications and the reminders that are due, make the e-mails and digests that are due and send the deliveries that are due (in
    the notifier's pool; `wait`: until they are done, as `shiplog tick` does before it exits), and
    run the analyses asked for (`wait`: here; else in this worker's background thread)."""
    now = now or app.clock()
    report = TickReport()
    report.caught_up = app.readmodels.catch_up()
    for gid in app.readmodels.due(now):
        try:
            result = app.time_out(gid, now)
        except VersionConflict:
            report.conflicts += 1  # another worker (or a player's move) got there first
            continue
        except GameNotFound:
            continue
        report.timeouts += sum(isinstance(e, Game.TimedOut) for e in result.new_events)
    for gid in app.readmodels.thinking():  # searching bots to move (service/thinking.py)
        if wait:
            report.bot_moves += app.thinkers.think(gid)
        else:
            app.thinkers.kick(gid)
    report.queued = app.notifier.catch_up()
    report.reminders = app.notifier.remind(now)
    report.mails = app.notifier.make_mails(now)
    report.pushes = app.notifier.make_pushes(now)
    report.digests = app.notifier.make_digests(now)
    for key, count in app.notifier.send_due(now, wait=wait).items():
        setattr(report, key, count)
    report.analyses = app.analyses.run_due() if wait else int(app.analyses.kick())
    return report


class Ticker:
    """Runs `tick` in a daemon thread until `stop`: at start, then after a random part of
    `interval` (this worker's phase), then every `interval` seconds; an error is logged and the
    next round comes as usual."""

    def __init__(self, app: Shiplog, interval: float, phase: float | None = None) -> None:
        self.app = app
        self.interval = interval
        # Each worker's rounds at a phase of its own after the first (at start): workers started
        # together would otherwise all work through the same backlog at the same moments, each
        # but one for nothing (the notifier's and read models' positions let one record it),
        # holding up the players' requests in every worker at once.
        self.phase = random.random() if phase is None else phase
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="shiplog-ticker", daemon=True)

    def start(self) -> Ticker:
        self.thread.start()
        return self

    def stop(self) -> None:
        self.stopping.set()
        self.thread.join(10)

    def _run(self) -> None:
        first = True
        while not self.stopping.is_set():
            try:
                report = tick(self.app, wait=False)  # a slow receiver never holds up the next round
                if report.timeouts or report.sent or report.failed:
                    log.info("tick: %s", report.line())
            except Exception:
                log.exception("tick failed; trying again in %s s", self.interval)
            self.stopping.wait(self.interval * self.phase if first else self.interval)
            first = False
