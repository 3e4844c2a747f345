"""Searching bots play outside the requests (issue 33, item 5): a seat whose bot searches
(search-normal, search-strong: a budget of work, up to about a second of CPU) is left to think
when a command ends (`Shiplog._settle` plays the other bots at once), and its move is decided
here, in a worker's background thread (started when a command leaves one thinking, and by the
tick for any game the read models list in `thinking`), then played through `Game.play_thought`
like any command. The page shows "thinking" for that seat meanwhile.

The move is the bot's choice from the `bot:N` stream of the version it was decided on, so two
workers deciding it at once decide the same and only one stores it (the other's save is a lost
race and looks again). SHIPLOG_BOT_ITERATIONS caps the searching bots' iterations (tests use a
tiny budget).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Mapping
from dataclasses import replace
from typing import Any
from uuid import UUID

from domain.core import search
from domain.core.rules import Bot

from .outcomes import GameNotFound, VersionConflict

log = logging.getLogger("shiplog.thinking")
MAX_MOVES = 1000  # moves one call plays for a game before it lets the others have their turn


def budgeted(bot: Bot, iterations: int | None) -> Bot:
    """The bot, its search capped at `iterations` (None: as it is)."""
    if iterations is None or not isinstance(bot, search.SearchBot):
        return bot
    return search.SearchBot(bot.game, replace(bot.budget, iterations=min(iterations, bot.budget.iterations)))


class Thinkers:
    """The searching bots' moves of one application: `think` plays them for a game, in this
    thread; `kick` has this worker's background thread do it."""

    def __init__(self, app: Any, env: Mapping[str, str]) -> None:  # the Shiplog application (which imports this)
        self.app = app
        self.iterations = int(env["SHIPLOG_BOT_ITERATIONS"]) if env.get("SHIPLOG_BOT_ITERATIONS") else None
        self.pending: list[UUID] = []
        self.lock = threading.Lock()
        self.thread: threading.Thread | None = None

    def think(self, game_id: UUID) -> int:
        """Play every searching bot's move due in the game (and what follows them at once);
        returns how many they played."""
        played = 0
        while played < MAX_MOVES:
            try:
                game = self.app.get_game(game_id)
            except GameNotFound:
                return played
            seats = game.thinking()
            if not seats:
                return played
            seat = min(seats)
            action = game.bot_choice(seat, budgeted(game.rules.BOTS[game.bot_of(seat)], self.iterations))
            try:
                self.app.play_thought(game, seat, action)
            except VersionConflict:
                continue  # another worker (or a person acting meanwhile) got there first: look again
            played += 1
        return played

    def kick(self, game_id: UUID) -> None:
        """Have this worker's background thread play the game's searching bots."""
        with self.lock:
            if game_id not in self.pending:
                self.pending.append(game_id)
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._run, name="shiplog-thinking", daemon=True)
                self.thread.start()

    def _run(self) -> None:
        while True:
            with self.lock:
                if not self.pending:
                    self.thread = None
                    return
                game_id = self.pending.pop(0)
            try:
                self.think(game_id)
            except Exception:
                log.exception("a searching bot failed to move in game %s; the next tick tries again", game_id)


def noted(app: Any, game: Any) -> None:
    """After a command: a game left waiting for a searching bot has it think in the background
    (a server's worker), or waits for a tick (`shiplog tick`, tests)."""
    if app.background and game.thinking():
        app.thinkers.kick(game.id)
