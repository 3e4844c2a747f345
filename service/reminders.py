"""Reminders before a deadline: "your time runs out" once, `reminder_hours` before it (a player
setting, 12 by default; 0: none).

Mixed into `Notifier` (service/notifications.py). Every round of the clockwork looks at the
turns whose deadline is near (the read models' `waiting` rows) and writes a "reminder"
occasion for each one whose moment has come: by webhook at once, by e-mail through the same
queue as the turns (service/batching.py: held back while the player is at the table, dropped if
the turn was taken or the deadline moved). Its id is made of the game, the seat and the
deadline, so it is written once per deadline whatever the workers and rounds; a deadline that
moves (the host gives more time, a day off) gets a reminder of its own. A turn shorter than the
player's reminder time gets none: its "your turn" already says the deadline.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any
from uuid import UUID

from domain.core.aggregate import Game, Status

from .outcomes import GameNotFound
from .players import MAX_REMINDER_HOURS
from .readmodels import stamp

if TYPE_CHECKING:
    from .players import Player
    from .ports import NotifierHost



class Reminders:
    """Reminders before deadlines (mixed into `Notifier`)."""

    app: NotifierHost

    if TYPE_CHECKING:
        def query(self, text: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]: ...
        def insert(self, cursor: Any, rows: Sequence[dict[str, Any]]) -> int: ...
        def _deliveries(self, game: Game, seat: int, kind: str, players: dict[str, Player | None],
                        key: str | None = None, at: datetime | None = None) -> list[dict[str, Any]]: ...
        @property
        def view(self) -> Any: ...

    def remind(self, now: datetime) -> int:
        """Write the reminders whose moment has come by `now`; returns how many are new."""
        near = self.query("SELECT game_id, seat, player, since, deadline FROM {waiting} WHERE reason = 'turn' "
                          "AND player IS NOT NULL AND deadline IS NOT NULL AND deadline > :now AND deadline <= :horizon",
                          {"now": stamp(now), "horizon": stamp(now + timedelta(hours=MAX_REMINDER_HOURS))})
        players: dict[str, Player | None] = {}
        rows: list[dict[str, Any]] = []
        for row in near:
            if row["player"] not in players:
                players[row["player"]] = self.app.get_player(row["player"])
            player = players[row["player"]]
            hours = player.reminder_hours if player is not None else 0
            moment = datetime.fromisoformat(row["deadline"]) - timedelta(hours=hours)
            if not hours or now < moment or moment <= datetime.fromisoformat(row["since"]):
                continue
            try:
                game = self.app.get_game(UUID(row["game_id"]))
            except GameNotFound:
                continue
            deadline = game.deadline(row["seat"])
            if game.status != Status.ACTIVE or deadline is None or stamp(deadline) != row["deadline"]:
                continue  # the game moved on since the read models saw it: the next round sees it anew
            rows += self._deliveries(game, row["seat"], "reminder", players, key=f"{game.id}:{row['deadline']}", at=now)
        if not rows:
            return 0
        with self.view.cursor(commit=True) as cursor:
            return self.insert(cursor, rows)
