"""Table talk: a seat (or the host without a seat) posts a message, within the table's bounds
on length, rate and count (`table.py`). The game remembers each author's recent message times,
so the rate is a fold of the events too."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, cast

from eventsourcing.domain import Aggregate

from .. import table
from ..errors import IllegalAction
from ..i18n import _
from ..rules import Seat
from .base import GameBase


class Talk(GameBase):
    """`post_message` and `MessagePosted`."""

    def post_message(self, author: Seat | None, name: str, text: str) -> None:
        """Table talk: `author` is a seat, or None for the host without a seat."""
        text = table.check_message(text)
        if self.messages >= table.MESSAGES_PER_GAME:
            raise IllegalAction("message.too_many", _("This game has reached its {n} messages.", n=table.MESSAGES_PER_GAME))
        limit, window = table.MESSAGE_RATE
        now = self.now()
        recent = [t for t in self.talk.get(self._author_key(author), ()) if now - t < window]
        if len(recent) >= limit:
            raise IllegalAction("message.too_often", _("At most {n} messages in {minutes} minutes; wait a little.", n=limit,
                                                        minutes=int(window.total_seconds() // 60)))
        self.trigger_event(self.MessagePosted, author=author, name=name, text=text)

    def _note_message(self, author: int | None, when: datetime) -> None:
        key = self._author_key(author)
        limit, _window = table.MESSAGE_RATE
        self.talk = {**self.talk, key: (*self.talk.get(key, ())[-(limit - 1):], when)}

    @staticmethod
    def _author_key(author: Seat | None) -> str:
        return "host" if author is None else str(author)

    class MessagePosted(Aggregate.Event):
        """Table talk: `author` is the seat (None: the host without a seat), `name` as shown."""

        class_version = 1
        author: int | None
        name: str
        text: str
        DETAIL = ("name", "text")

        @classmethod
        def actor(cls, fields: Mapping[str, Any]) -> Seat | None:
            return cast("Seat | None", fields.get("author"))

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            return f"{fields['name']}: {fields['text']}"

        def apply(self, game: Talk) -> None:
            game.messages += 1
            game._note_message(self.author, self.timestamp)
