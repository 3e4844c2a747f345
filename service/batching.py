"""What waits before it is sent: the daily digests (the e-mails of "digest" players).

Mixed into `Notifier` (service/notifications.py): the follower queues a digest player's news
(`state` "queued"), and `make_digests` turns them into one message a day at the player's hour.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

from .readmodels import stamp

if TYPE_CHECKING:
    from .ports import NotifierHost


class Batching:
    """The digests (mixed into `Notifier`)."""

    app: NotifierHost

    if TYPE_CHECKING:
        def execute(self, cursor: Any, text: str, params: dict[str, Any] | None = None) -> None: ...
        def query(self, text: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]: ...
        @property
        def view(self) -> Any: ...

    # -- digests ----------------------------------------------------------------------------

    def make_digests(self, now: datetime) -> int:
        """For every digest player with news, the day's digest once their hour has come."""
        made = 0
        queued = self.query("SELECT player, MIN(created) AS first FROM {deliveries} WHERE state = 'queued' GROUP BY player")
        for row in queued:
            player = self.app.get_player(row["player"])
            if player is None:
                continue
            slot = next_slot(datetime.fromisoformat(row["first"]), player.digest_hour)
            if now < slot:
                continue  # the news wait for the player's hour
            digest_id = f"digest:{player.id}:{slot.date().isoformat()}"
            items = self.query("SELECT id, kind, payload FROM {deliveries} WHERE player = :p AND state = 'queued' "
                               "AND created < :slot ORDER BY created, id", {"p": str(player.id), "slot": stamp(slot)})
            inbox = [w.to_json() for w in self.app.readmodels.inbox(str(player.id))]
            ended = [json.loads(i["payload"]) for i in items if i["kind"] == "ended"]
            payload = {"id": digest_id, "kind": "digest", "player": str(player.id), "time": stamp(now),
                       "inbox": inbox, "ended": ended, "events": len(items)}
            with self.view.cursor(commit=True) as cursor:
                self.execute(cursor, "INSERT INTO {deliveries} (id, player, channel, kind, game_id, version, payload, state, "
                             "attempts, next_at, lease_until, created, done_at, digest) VALUES (:id, :player, 'email', 'digest', "
                             "NULL, NULL, :payload, 'pending', 0, :now, NULL, :now, NULL, NULL) ON CONFLICT (id) DO NOTHING "
                             "RETURNING id", {"id": digest_id, "player": str(player.id), "payload": json.dumps(payload),
                                              "now": stamp(now)})
                if cursor.fetchone() is None:
                    continue  # made by another worker
                for item in items:
                    self.execute(cursor, "UPDATE {deliveries} SET state = 'digested', digest = :d, done_at = :now "
                                 "WHERE id = :id AND state = 'queued'", {"d": digest_id, "id": item["id"], "now": stamp(now)})
            made += 1
        return made


def next_slot(after: datetime, hour: int) -> datetime:
    """The first `hour`:00 UTC strictly after `after`: when a digest with news from then goes out."""
    slot = after.astimezone(UTC).replace(hour=hour, minute=0, second=0, microsecond=0)
    return slot if slot > after else slot + timedelta(days=1)
