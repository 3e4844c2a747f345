"""The web pages' sign-ins: revocable sessions, so a browser never holds the player token.

Signing up or in opens a session: a random id (256 bits) goes into the player cookie, and the
store keeps only its sha256 with the player's id and when it was opened (`shiplog_web_sessions`,
beside the read models, on SQLite or PostgreSQL), so every worker knows it. Signing out closes
that session; "sign out everywhere" closes all of a player's sessions, on every device. A
session lasts at most COOKIE_DAYS from the sign-in. The player token itself signs in and works
on the API; it is never kept by the browser.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta
from typing import Any

from ..readmodels import stamp

COOKIE_DAYS = 400  # the longest browsers keep a cookie; a session ends then too
PREFIX = "s1."  # a session id, as opposed to a player token (what the cookie held before sessions)
DDL = [
    "CREATE TABLE IF NOT EXISTS {web_sessions} (id TEXT PRIMARY KEY, player TEXT NOT NULL, opened TEXT NOT NULL)",
    "CREATE INDEX IF NOT EXISTS shiplog_web_sessions_player ON {web_sessions} (player)",
]


def _hash(session: str) -> str:
    return hashlib.sha256(session.encode("utf-8")).hexdigest()


class SignIns:
    """The sessions of one application (its read models' tables and its clock)."""

    def __init__(self, app: Any) -> None:
        self.views = app.readmodels.view
        self.clock = app.clock
        self.views.make_tables(DDL)

    def open(self, player: str) -> str:
        """A new session of `player`: its id, for the cookie (the store keeps only its hash)."""
        session = PREFIX + secrets.token_urlsafe(32)
        now = self.clock()
        with self.views.cursor(commit=True) as cursor:
            self.views.execute(cursor, "DELETE FROM {web_sessions} WHERE opened < :ended",
                               {"ended": stamp(now - timedelta(days=COOKIE_DAYS))})
            self.views.execute(cursor, "INSERT INTO {web_sessions} (id, player, opened) VALUES (:id, :player, :opened)",
                               {"id": _hash(session), "player": player, "opened": stamp(now)})
        return session

    def player(self, session: str) -> str | None:
        """The player of an open session (None: not a session, closed, or too old)."""
        if not session.startswith(PREFIX):
            return None
        ended = stamp(self.clock() - timedelta(days=COOKIE_DAYS))
        rows = self.views.query("SELECT player FROM {web_sessions} WHERE id = :id AND opened >= :ended",
                                {"id": _hash(session), "ended": ended})
        return str(rows[0]["player"]) if rows else None

    def close(self, session: str) -> None:
        with self.views.cursor(commit=True) as cursor:
            self.views.execute(cursor, "DELETE FROM {web_sessions} WHERE id = :id", {"id": _hash(session)})

    def close_all(self, player: str) -> int:
        """Sign `player` out everywhere: how many sessions were open."""
        with self.views.cursor(commit=True) as cursor:
            self.views.execute(cursor, "DELETE FROM {web_sessions} WHERE player = :player RETURNING id", {"player": player})
            return len(cursor.fetchall())
