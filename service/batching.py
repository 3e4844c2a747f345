"""What waits before it is sent: the e-mails of "turn" players and the daily digests.

Mixed into `Notifier` (service/notifications.py). The follower does not mail an occasion (a
turn, a take-back to answer, a game over) as it comes: it queues it (`state` "queued", channel
"email" or "digest"), and a round of the clockwork makes the messages:

- `make_mails` ("turn" players): one e-mail with every occasion queued for the player that is
  still true and no longer held back, each said as its game stands then (service/news.py). An occasion is held back while its player is at the
  table: a live page of theirs is open (the game's, or the inbox's: service/presence.py) or
  they acted less than `SHIPLOG_MAIL_QUIET_MINUTES` (5) ago. One that is no longer true when
  its mail is made (the turn was taken, the take-back answered) is dropped ("skipped"). So a
  player who plays with the page open gets no mail at all, and turns that come while a mail
  waits go out together in one.
- `make_pushes` (players with a push subscription): the same, one push (service/push.py).
- `make_digests` ("digest" players): one message a day at the player's `digest_hour` (UTC),
  listing their inbox and the games that ended, when something happened since the last one.

What a message says is in its player's language (their setting, `speaking_to`): the sentences
made here (the moves since their last turn, a push's words) and those made when it is sent
(an e-mail's subject and body: service/sending.py).

The message is a delivery of its own (sent, retried and recorded like any other); its items
are marked "merged" or "digested" with its id, in the same transaction that writes it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any
from uuid import UUID

from . import news, push
from .languages import speaking_to
from .mails import Links
from .presence import ACTED, INBOX, game_place
from .readmodels import Waiting, stamp
from .views import SINCE_EVENTS, event_json, viewer_of

if TYPE_CHECKING:
    from .ports import NotifierHost


class Batching:
    """The e-mails that wait for their player to be away, and the digests (mixed into `Notifier`)."""

    app: NotifierHost
    links: Links
    quiet: timedelta  # no mail this long after the player acted
    live_for: timedelta  # a live page counts as open this long after it was last seen

    if TYPE_CHECKING:
        def execute(self, cursor: Any, text: str, params: dict[str, Any] | None = None) -> None: ...
        def query(self, text: str, params: dict[str, Any] | None = None) -> list[dict[str, Any]]: ...
        @property
        def view(self) -> Any: ...

    def queued(self, player: str, channel: str, before: datetime | None = None) -> list[dict[str, Any]]:
        return self.query("SELECT id, kind, game_id, payload, created FROM {deliveries} WHERE player = :p AND "
                          "channel = :channel AND state = 'queued'" + (" AND created < :before" if before else "")
                          + " ORDER BY created, id",
                          {"p": player, "channel": channel, "before": stamp(before) if before else None})

    def bundle(self, bundle_id: str, player: str, kind: str, payload: dict[str, Any], now: datetime,
               items: Mapping[str, Sequence[dict[str, Any]]], channel: str = "email") -> bool:
        """Write the message `bundle_id` (a delivery due now) and mark its items, each list
        with its state ("merged", "digested", "skipped"), in one transaction. False when
        another worker wrote it first."""
        with self.view.cursor(commit=True) as cursor:
            self.execute(cursor, "INSERT INTO {deliveries} (id, player, channel, kind, game_id, version, payload, state, "
                         "attempts, next_at, lease_until, created, done_at, digest) VALUES (:id, :player, :channel, :kind, "
                         "NULL, NULL, :payload, 'pending', 0, :now, NULL, :now, NULL, NULL) ON CONFLICT (id) DO NOTHING "
                         "RETURNING id", {"id": bundle_id, "player": player, "kind": kind, "payload": json.dumps(payload),
                                          "now": stamp(now), "channel": channel})
            if cursor.fetchone() is None:
                return False
            for state, rows in items.items():
                self._mark(cursor, rows, state, bundle_id if state != "skipped" else None, now)
        return True

    def _mark(self, cursor: Any, rows: Sequence[dict[str, Any]], state: str, bundle_id: str | None, now: datetime) -> None:
        for row in rows:
            self.execute(cursor, "UPDATE {deliveries} SET state = :state, digest = :d, done_at = :now "
                         "WHERE id = :id AND state = 'queued'", {"state": state, "d": bundle_id, "id": row["id"], "now": stamp(now)})

    # -- the e-mails of "turn" players ------------------------------------------------------

    def make_mails(self, now: datetime) -> int:
        """For every "turn" player with occasions queued, one e-mail with those that are still
        true and no longer held back; returns how many e-mails were made."""
        players = self.query("SELECT DISTINCT player FROM {deliveries} WHERE channel = 'email' AND state = 'queued'")
        return sum(self._make_mail(row["player"], now) for row in players)

    def _make_mail(self, pid: str, now: datetime) -> int:
        player = self.app.get_player(pid)
        if player is None or not player.email or player.email_mode != "turn":
            with self.view.cursor(commit=True) as cursor:  # mail turned off since: not sent
                self._mark(cursor, self.queued(pid, "email"), "skipped", None, now)
            return 0
        ready, covered, stale = self.gather(pid, "email", now)
        if not ready:
            return 0
        merged = [item for item, _data in ready.values()]
        mail_id = f"mail:{pid}:{min(i['id'] for i in merged + covered)}"
        with speaking_to(player):  # the moves since the player's last turn, in their language
            sections = [self.section(data) for _item, data in ready.values()]
        payload = {"id": mail_id, "kind": "mail", "player": pid, "time": stamp(now), "time_zone": player.time_zone,
                   "sections": urgent_first(sections)}
        made = self.bundle(mail_id, pid, "mail", payload, now, {"merged": merged + covered, "skipped": stale})
        return int(made)

    def gather(self, pid: str, channel: str, now: datetime) -> tuple[dict[Any, Any], list[Any], list[Any]]:
        """The player's queued occasions on `channel`: those ready to go (the player is away; one
        per game, seat and kind, the newest), those the ready ones cover, and those no longer
        true. The stale ones are marked "skipped" at once when nothing is ready."""
        items = self.queued(pid, channel)
        seen = self.app.presence.of(pid)
        waiting = {(w.game.id, w.seat, w.reason): w for w in self.app.readmodels.inbox(pid)}
        ready: dict[tuple[str, int, str], tuple[dict[str, Any], dict[str, Any]]] = {}
        covered, stale = [], []
        for item in items:
            data = json.loads(item["payload"])
            if not still_true(data, waiting, now):
                stale.append(item)
            elif not held(seen, item["game_id"], now, self.quiet, self.live_for):
                key = (item["game_id"], data["seat"], data["kind"])
                if key in ready:
                    covered.append(ready[key][0])  # the same occasion again: the newest says it
                ready[key] = (item, data)
        if not ready and stale:
            with self.view.cursor(commit=True) as cursor:
                self._mark(cursor, stale, "skipped", None, now)
        return ready, covered, stale

    # -- Web Push ---------------------------------------------------------------------------

    def make_pushes(self, now: datetime) -> int:
        """For every player with push occasions queued, one push with those still true and no
        longer held back (the same rules as the turn e-mails); returns how many were made."""
        players = self.query("SELECT DISTINCT player FROM {deliveries} WHERE channel = 'push' AND state = 'queued'")
        made = 0
        for row in players:
            pid = row["player"]
            ready, covered, stale = self.gather(pid, "push", now)
            if not ready:
                continue
            player = self.app.get_player(pid)
            merged = [item for item, _data in ready.values()]
            push_id = f"push:{pid}:{min(i['id'] for i in merged + covered)}"
            occasions = urgent_first([data for _item, data in ready.values()])
            with speaking_to(player):
                said = push.message(occasions, now, player.time_zone if player else None, self.links)
            payload = {"id": push_id, "kind": "push", "player": pid, "time": stamp(now), "message": said}
            made += self.bundle(push_id, pid, "push", payload, now, {"merged": merged + covered, "skipped": stale},
                                channel="push")
        return made

    def section(self, occasion: Mapping[str, Any]) -> dict[str, Any]:
        """What the mail says of the occasion's game, as it stands now (service/news.py)."""
        game = self.app.get_game(UUID(occasion["game"]["id"]))
        first = game.version - SINCE_EVENTS
        stored = self.app.events_between(game.id, first - 1 if first > 0 else None)
        return news.section(game, stored, occasion, self.links)

    # -- digests ----------------------------------------------------------------------------

    def make_digests(self, now: datetime) -> int:
        """For every digest player with news, the day's digest once their hour has come."""
        made = 0
        queued = self.query("SELECT player, MIN(created) AS first FROM {deliveries} WHERE channel = 'digest' "
                            "AND state = 'queued' GROUP BY player")
        for row in queued:
            player = self.app.get_player(row["player"])
            if player is None:
                continue
            slot = next_slot(datetime.fromisoformat(row["first"]), player.digest_hour)
            if now < slot:
                continue  # the news wait for the player's hour
            digest_id = f"digest:{player.id}:{slot.date().isoformat()}"
            items = self.queued(str(player.id), "digest", before=slot)
            inbox = [{**w.to_json(), "url": self.links.game(w.game.id)} for w in self.app.readmodels.inbox(str(player.id))]
            ended = [json.loads(i["payload"]) for i in items if i["kind"] == "ended"]
            with speaking_to(player):  # the moves' sentences, in the player's language
                played = self.played_for([json.loads(i["payload"]) for i in items if i["kind"] == "played"])
            payload = {"id": digest_id, "kind": "digest", "player": str(player.id), "time": stamp(now),
                       "time_zone": player.time_zone, "inbox": inbox, "ended": ended, "played": played,
                       "events": len(items)}
            made += self.bundle(digest_id, str(player.id), "digest", payload, now, {"digested": items})
        return made

    def played_for(self, occasions: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """The moves played for the player (forced, or by their standing orders), per game in
        the order they came: each move's sentences as its seat sees them."""
        games: dict[str, dict[str, Any]] = {}
        loaded: dict[str, Any] = {}  # each game once, however many of its moves were played for the player
        for occasion in occasions:
            gid, version, seat = occasion["game"]["id"], int(occasion["game"]["version"]), int(occasion["seat"])
            game = loaded.get(gid) or loaded.setdefault(gid, self.app.get_game(UUID(gid)))
            event = self.app.events_between(game.id, version - 1, version)
            if not event:
                continue
            row = event_json(event[0], game.rules, viewer_of(game, "seat", seat), news.names_of(game))
            entry = games.setdefault(gid, {"game": occasion["game"]["game"], "title": occasion["game"]["title"], "url": occasion["game"]["url"], "moves": []})
            entry["moves"].append(" ".join(row.get("text", [])))
        return list(games.values())


def still_true(data: Mapping[str, Any], waiting: Mapping[tuple[str, int, str], Waiting], now: datetime) -> bool:
    """Whether a queued occasion still holds: the game still waits for the seat (for that
    reason; a reminder: with the same deadline, not yet past). A game over always holds."""
    kind, game = data["kind"], data["game"]["id"]
    if kind == "ended":
        return True
    if kind == "reminder":
        turn = waiting.get((game, data["seat"], "turn"))
        return turn is not None and turn.deadline == data["deadline"] and now < datetime.fromisoformat(data["deadline"])
    return (game, data["seat"], kind) in waiting


def urgent_first(sections: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The games with a deadline first, the nearest first; then the others as they came."""
    return sorted(sections, key=lambda s: (s.get("deadline") is None, s.get("deadline") or ""))


def held(seen: Mapping[str, datetime], game_id: str | None, now: datetime, quiet: timedelta, live_for: timedelta) -> bool:
    """Whether the player is at the table: they acted less than `quiet` ago, or a live page of
    theirs (this game's, or the inbox's) was seen less than `live_for` ago."""
    acted = seen.get(ACTED)
    if acted is not None and now < acted + quiet:
        return True
    places = [INBOX] + ([game_place(game_id)] if game_id else [])
    return any((at := seen.get(place)) is not None and now < at + live_for for place in places)


def next_slot(after: datetime, hour: int) -> datetime:
    """The first `hour`:00 UTC strictly after `after`: when a digest with news from then goes out."""
    slot = after.astimezone(UTC).replace(hour=hour, minute=0, second=0, microsecond=0)
    return slot if slot > after else slot + timedelta(days=1)
