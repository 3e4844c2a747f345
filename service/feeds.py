"""What the live streams of one game share in a process: its new events, read once for all of
them, and each event written once per viewer.

A thousand streams over forty games would otherwise each read the same events from the store,
load the game at the same version and write the same JSON after every move. The feed keeps, per
game with a stream, the latest events read (`KEEP`) and the game as they left it; a stream asks
for what came after the version it sent last. The store is asked for what is newer (so an event
stored by another process is never missed), once at a time per game:
the streams woken together by one move find it read already; under ASGI the hub says which
version it saw stored last (`heard`), and streams whose game is read that far ask nothing. Each event's frame is kept per
viewer (a seat, a spectator, everyone), so the spectators of a game share theirs; and so is each
batch (the frames after a version up to the newest, for one viewer): the streams of one viewer
woken together, which sent the same version last, share one list.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from domain.core.aggregate import Game
from domain.core.i18n import language
from domain.core.rules import Viewer

from .views import event_json

KEEP = 64  # events kept per game: a stream further behind reads the store itself
GAMES = 512  # games kept per process (the least recently asked for goes first)
FRAMES = 8192  # frames kept per process
BATCHES = 2048  # batches kept per process (a game's frames after a version, to its newest, for one viewer)


def frame(data: Any, event: str | None = None, event_id: int | None = None) -> str:
    """One server-sent event: `id:`, `event:` and its JSON `data:`."""
    lines = []
    if event_id is not None:
        lines.append(f"id: {event_id}")
    if event is not None:
        lines.append(f"event: {event}")
    lines.append("data: " + json.dumps(data, separators=(",", ":")))
    return "\n".join(lines) + "\n\n"


@dataclass
class Recent:
    """One game's latest events (consecutive versions) and the game as they left it."""

    events: list[Any] = field(default_factory=list)
    game: Game | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)

    def after(self, version: int) -> list[Any]:
        if not self.events:
            return []
        return self.events[max(0, version + 1 - self.events[0].originator_version):]  # (consecutive versions)

    def behind(self, version: int) -> bool:
        """Whether events after `version` that are not kept are wanted (kept: those up to the game)."""
        if self.game is None:
            return False
        first = self.events[0].originator_version if self.events else self.game.version + 1
        return version < first - 1


class Feed:
    """The games' recent events and frames of one application (one per process)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.lock = threading.Lock()
        self.games: OrderedDict[UUID, Recent] = OrderedDict()
        self.texts: OrderedDict[tuple[Any, ...], str] = OrderedDict()
        self.batches: OrderedDict[tuple[Any, ...], list[str]] = OrderedDict()
        self.latest: dict[UUID, int] = {}  # the newest version of each game the hub has seen (ASGI)

    def heard(self, newest: dict[UUID, int]) -> None:
        """The hub saw these versions stored (service/hub.py): a game whose kept events reach
        them needs no look at the store until it sees a newer one."""
        with self.lock:
            for gid, version in newest.items():
                if gid in self.games:
                    self.latest[gid] = max(self.latest.get(gid, -1), version)

    def recent(self, game_id: UUID) -> Recent:
        with self.lock:
            found = self.games.get(game_id)
            if found is None:
                found = self.games[game_id] = Recent()
                if len(self.games) > GAMES:
                    gone, _recent = self.games.popitem(last=False)
                    self.latest.pop(gone, None)
            else:
                self.games.move_to_end(game_id)
            return found

    def news(self, game_id: UUID, after: int) -> tuple[list[Any], Game | None]:
        """The stored events of the game after version `after`, and the game as it now stands
        (None when there is nothing new)."""
        recent = self.recent(game_id)
        with recent.lock:
            if recent.behind(after):
                return self.read(game_id, after)  # far behind: the store, for this stream alone
            known = recent.game.version if recent.game is not None else None
            if known is None or known < self.latest.get(game_id, known + 1):
                self.catch_up(game_id, recent, after)
                if recent.behind(after):
                    return self.read(game_id, after)
            kept = recent.after(after)
            return (kept, recent.game) if kept else ([], None)

    def current(self, game_id: UUID) -> Game:
        """The game as it now stands (read as for a stream: the streams then find it read). The
        hub's alone (ASGI): what it reads is as far as it has heard, for a game new to the feed
        too (`heard` kept nothing for it), so its streams then ask the store nothing."""
        recent = self.recent(game_id)
        with recent.lock:
            known = recent.game.version if recent.game is not None else None
            if known is None or known < self.latest.get(game_id, known + 1):
                self.catch_up(game_id, recent, known if known is not None else -1)
            assert recent.game is not None
            with self.lock:
                self.latest[game_id] = max(self.latest.get(game_id, -1), recent.game.version)
            return recent.game

    def catch_up(self, game_id: UUID, recent: Recent, after: int) -> None:
        """Bring the kept game up to date: the events after it (one look at the store, each
        event read once) applied to a copy of it, as the application fast-forwards its own; the
        first time, the game as this process has it (its cached copy brought up to date) and the
        events since `after`."""
        if recent.game is None:
            game = self.app.get_game(game_id)
            since = max(after, game.version - KEEP)
            recent.events = self.app.events_between(game_id, since if since >= 0 else None, game.version) \
                if game.version > since else []
            recent.game = game
            return
        fresh = self.app.events_between(game_id, recent.game.version)
        if fresh:
            game = recent.game.copied()
            for event in fresh:
                game = event.mutate(game)
            recent.events = (recent.events + fresh)[-KEEP:]
            recent.game = game

    def read(self, game_id: UUID, after: int) -> tuple[list[Any], Game | None]:
        events = self.app.events_between(game_id, after if after >= 0 else None)
        return events, (self.app.get_game(game_id, events[-1].originator_version) if events else None)

    def frames(self, game_id: UUID, after: int, viewer: Callable[[Game], Viewer]) -> tuple[list[str], int]:
        """The frames of the events after `after` as `viewer` (of the game as it now stands) may
        see them, and the version of the newest."""
        events, then = self.news(game_id, after)
        if not events or then is None:
            return [], after
        shown = viewer(then)
        key = (game_id, after, then.version, shown, language())  # the streams woken together share their batch
        with self.lock:
            found = self.batches.get(key)
        if found is None:
            names = [s.get("name") or "" for s in then.seats]
            found = [self.text(game_id, ev, then, shown, names) for ev in events]
            with self.lock:
                self.batches[key] = found
                if len(self.batches) > BATCHES:
                    self.batches.popitem(last=False)
        return found, events[-1].originator_version

    def text(self, game_id: UUID, ev: Any, then: Game, shown: Viewer, names: list[str]) -> str:
        key = (game_id, ev.originator_version, then.version, shown, language())  # its sentences are in the reader's
        with self.lock:
            found = self.texts.get(key)
        if found is None:
            row = event_json(ev, then.rules, shown, names)
            found = frame(row, row["type"], ev.originator_version)  # (a seat's secret is named "Secret" to the others too)
            with self.lock:
                self.texts[key] = found
                if len(self.texts) > FRAMES:
                    self.texts.popitem(last=False)
        return found


def feed(app: Any) -> Feed:
    """The application's feed (made once per process)."""
    found = app.__dict__.get("_live_feed")
    if found is None:
        found = app.__dict__.setdefault("_live_feed", Feed(app))
    return found  # type: ignore[no-any-return]
