"""How many new games and sign-ups a client may make a minute, counted in the store.

The two requests that start new work, creating a game and signing up (`POST /v1/games`,
`POST /v1/players` and the web pages' forms), count per client address in the `limits`
library's fixed window. The counters live in a table of the store (`shiplog_rate_limits`, on
SQLite or PostgreSQL like the read models), so every worker of a server, and every machine on
one PostgreSQL database, counts together: a client gets its limit once, not once per worker.
Behind a proxy the client's address is the proxy's unless SHIPLOG_PROXIES says how many proxies
to trust (werkzeug's ProxyFix, `service/app.py`).
"""

from __future__ import annotations

import math
import time
from typing import Any

from flask import current_app, request
from limits import parse as parse_limit
from limits.storage import Storage
from limits.strategies import FixedWindowRateLimiter

from domain.core.i18n import N_, _

from .problems import Problem

# kind: (the setting, its default per minute, what the 429 says)
KINDS = {
    "games": ("SHIPLOG_GAMES_PER_MINUTE", 30, N_("Too many new games from your address; wait a minute and try again.")),
    "players": ("SHIPLOG_SIGNUPS_PER_MINUTE", 30, N_("Too many sign-ups from your address; wait a minute and try again.")),
    # an analysis costs minutes of a worker's CPU (service/analyses.py)
    "analyses": ("SHIPLOG_ANALYSES_PER_MINUTE", 5, N_("Too many analyses asked from your address; wait a minute and try again.")),
}
DDL = [
    "CREATE TABLE IF NOT EXISTS {rate_limits} (name TEXT PRIMARY KEY, hits BIGINT NOT NULL, expires DOUBLE PRECISION NOT NULL)",
    "CREATE INDEX IF NOT EXISTS shiplog_rate_limits_expires ON {rate_limits} (expires)",
]


class StoreCounters(Storage):
    """A `limits` storage whose counters are rows of the store (read models' tables, `views`):
    one row per key, its hits and when its window ends; an ended window starts again at the next
    hit. Each hit is one upsert, so two workers counting the same key at once both count."""

    STORAGE_SCHEME = None  # not a URI scheme of its own: made from the application's store

    def __init__(self, views: Any) -> None:
        super().__init__()
        self.views = views
        views.make_tables(DDL)

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return Exception  # the store's errors reach the app's handlers (503) as they are

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        with self.views.cursor(commit=True) as cursor:
            self.views.execute(cursor, "DELETE FROM {rate_limits} WHERE expires < :stale", {"stale": now - 3600})
            self.views.execute(
                cursor,
                "INSERT INTO {rate_limits} AS r (name, hits, expires) VALUES (:key, :amount, :expires) "
                "ON CONFLICT (name) DO UPDATE SET "
                "hits = CASE WHEN r.expires <= :now THEN :amount ELSE r.hits + :amount END, "
                "expires = CASE WHEN r.expires <= :now THEN :expires ELSE r.expires END RETURNING hits",
                {"key": key, "amount": amount, "expires": now + expiry, "now": now},
            )
            return int(cursor.fetchone()["hits"])

    def _row(self, key: str) -> dict[str, Any] | None:
        rows = self.views.query("SELECT hits, expires FROM {rate_limits} WHERE name = :key AND expires > :now",
                                {"key": key, "now": time.time()})
        return rows[0] if rows else None

    def get(self, key: str) -> int:
        row = self._row(key)
        return int(row["hits"]) if row else 0

    def get_expiry(self, key: str) -> float:
        row = self._row(key)
        return float(row["expires"]) if row else time.time()

    def check(self) -> bool:
        return True

    def reset(self) -> int | None:
        with self.views.cursor(commit=True) as cursor:
            self.views.execute(cursor, "DELETE FROM {rate_limits}")
        return None

    def clear(self, key: str) -> None:
        with self.views.cursor(commit=True) as cursor:
            self.views.execute(cursor, "DELETE FROM {rate_limits} WHERE name = :key", {"key": key})


class RateLimits:
    """The limits of one application: `hit(kind)` counts a request of this client or refuses it
    (429 `rate.limited` with Retry-After)."""

    def __init__(self, views: Any) -> None:
        self.window = FixedWindowRateLimiter(StoreCounters(views))

    def hit(self, kind: str) -> None:
        setting, _default, sentence = KINDS[kind]
        item = parse_limit(f"{current_app.config[setting]}/minute")
        who = request.remote_addr or "unknown"
        if not self.window.hit(item, kind, who):
            wait = self.window.get_window_stats(item, kind, who).reset_time - time.time()
            raise Problem(429, "rate.limited", _(sentence), headers={"Retry-After": str(max(1, math.ceil(wait)))})


def rate_limited(kind: str) -> None:
    """Count this request as one of `kind` for its client (or a 429)."""
    limits: RateLimits = current_app.extensions["shiplog.limits"]
    limits.hit(kind)
