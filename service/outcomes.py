"""What the application's commands answer (`Accepted`, `CreatedGame`) and the errors its
commands and queries raise for the callers to translate (the API into 404/409/412)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.core.aggregate import Game


class GameNotFound(Exception):
    pass


class VersionConflict(Exception):
    """The game moved on: a stale If-Match, or another command won the race for this version."""

    def __init__(self, message: str, current: int | None = None) -> None:
        super().__init__(message)
        self.current = current


class StaleVersion(VersionConflict):
    """The caller named a version (If-Match) the game has moved on from: HTTP's 412."""


@dataclass(frozen=True)
class CreatedGame:
    game: Game
    tokens: list[str | None]
    host_token: str
    new_events: list[Any]


@dataclass(frozen=True)
class Accepted:
    """What a command stored: the new events (empty when an Idempotency-Key replays)."""

    game: Game
    new_events: list[Any]
    replayed: bool = False
