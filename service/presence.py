"""Where a player was last seen: a live page open (a game's, or the inbox's), or a move of theirs.

The e-mail of a turn waits while its player is at the table (service/batching.py): a live
stream of theirs is open, or they acted a few minutes ago. With several workers and machines
the streams are spread over processes, so "seen" is kept in the store, one row per player and
place, each the latest time:

    place "game:<id>"   a stream of that game is open (the game's page, or the API's stream)
    place "inbox"       a stream of the player's inbox is open (the lobby, the home page)
    place "acted"       the player's latest move, take-back request or answer, or table talk
                        (written by the notifier as it follows the log: the event's own time)

An open stream writes its row again every `REFRESH` (30 s) at most, from any process: a page
counts as open until `SHIPLOG_MAIL_LIVE_SECONDS` (90) after the last write, so a page that
was closed (or lost its connection) stops holding mail back soon after.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from .readmodels import stamp

REFRESH = timedelta(seconds=30)
INBOX = "inbox"
ACTED = "acted"

DDL = [
    """CREATE TABLE IF NOT EXISTS {presence} (
        player TEXT NOT NULL, place TEXT NOT NULL, at TEXT NOT NULL, PRIMARY KEY (player, place))""",
]
UPSERT = ("INSERT INTO {presence} AS p (player, place, at) VALUES (:player, :place, :at) "
          "ON CONFLICT (player, place) DO UPDATE SET at = excluded.at WHERE p.at < excluded.at")


def game_place(game_id: Any) -> str:
    return f"game:{game_id}"


class Presence:
    """The presence rows of one application (they live in the read models' store)."""

    def __init__(self, view: Any) -> None:
        self.view = view
        self.lock = threading.Lock()
        self.written: dict[tuple[str, str], datetime] = {}  # this process's latest writes
        view.make_tables(DDL)

    def seen(self, player: str, place: str, now: datetime) -> None:
        """A live stream of `player` at `place` is open now: written at most every REFRESH."""
        self.seen_all([(player, place)], now)

    def seen_all(self, marks: Iterable[tuple[str, str]], now: datetime) -> int:
        """Live streams of these (player, place) are open now: the rows not written in the last
        REFRESH are written, in one transaction (a worker's hub writes its streams' so)."""
        due = []
        with self.lock:
            for key in set(marks):
                last = self.written.get(key)
                if last is not None and last <= now < last + REFRESH:
                    continue
                self.written[key] = now
                due.append(key)
            if len(self.written) > 10_000:  # forget the oldest half: they are written again when seen
                for old in sorted(self.written, key=self.written.__getitem__)[:5_000]:
                    del self.written[old]
        if due:
            with self.view.cursor(commit=True) as cursor:
                for player, place in due:
                    self.view.execute(cursor, UPSERT, {"player": player, "place": place, "at": stamp(now)})
        return len(due)

    def record(self, cursor: Any, player: str, place: str, at: datetime) -> None:
        """Write a time in the caller's transaction (the notifier's, for "acted")."""
        self.view.execute(cursor, UPSERT, {"player": player, "place": place, "at": stamp(at)})

    def of(self, player: str) -> dict[str, datetime]:
        """Every place `player` was seen, and when last."""
        rows = self.view.query("SELECT place, at FROM {presence} WHERE player = :player", {"player": player})
        return {row["place"]: datetime.fromisoformat(row["at"]) for row in rows}
