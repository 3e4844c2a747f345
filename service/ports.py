"""What the parts of the application (read models, notifier, table and player commands) need of
it, as small interfaces: the application (`service/application.py`) composes the parts and
passes itself; the parts never import it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from typing import Any, Protocol
from uuid import UUID

from domain.core.aggregate import Game

from .players import Player

Clock = Callable[[], datetime]


class EventStore(Protocol):
    """The store the read models follow: its datastore (`factory`), the notification log
    (`recorder`), the writer lock (`writing`) and the games at a version."""

    @property
    def factory(self) -> Any: ...

    @property
    def recorder(self) -> Any: ...

    @property
    def writing(self) -> Any: ...

    def get_game(self, game_id: UUID, version: int | None = None) -> Game: ...


class Inbox(Protocol):
    """The read models as the notifier reads them: their datastore and a player's waiting games."""

    @property
    def view(self) -> Any: ...

    def inbox(self, player: str) -> Sequence[Any]: ...


class Seen(Protocol):
    """Where players were seen (service/presence.py): written in a transaction of the caller's,
    and read back per player."""

    def record(self, cursor: Any, player: str, place: str, at: datetime) -> None: ...

    def of(self, player: str) -> dict[str, datetime]: ...


class Pushes(Protocol):
    """The players' push subscriptions (service/push.py)."""

    def of(self, player: str) -> list[dict[str, Any]]: ...

    def send(self, player: str, message: Mapping[str, Any], subject: str) -> tuple[int, int, list[str]]: ...


class NotifierHost(EventStore, Protocol):
    """What the notifier needs besides the store: the settings, the event mapper, the read
    models, where players were seen, the push subscriptions, the players and whether webhooks
    may go to private addresses."""

    @property
    def env(self) -> Mapping[str, str]: ...

    @property
    def mapper(self) -> Any: ...

    @property
    def readmodels(self) -> Inbox: ...

    @property
    def presence(self) -> Seen: ...

    @property
    def push(self) -> Pushes: ...

    def events_between(self, game_id: UUID, after: int | None = None, upto: int | None = None,
                       limit: int | None = None) -> list[Any]: ...

    def get_player(self, pid: UUID | str) -> Player | None: ...

    def allow_private_webhooks(self) -> bool: ...
