"""How a game ends besides by its rules, and the seed revealed once it is over.

    GameAbandoned   the host stopped the game
    SeedRevealed    the committed seed and the commitment's salt, published once the game is
                    over (finished by its rules, a resignation, a forfeit, or abandoned)

A game that ends by a resignation or on time has no scores: that seat is last, every other
seat shares first place (`ended_outcome`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from eventsourcing.domain import Aggregate

from ..errors import IllegalAction
from ..i18n import _
from ..rules import Outcome, Seat, SeatResult
from .base import GameBase, Status


def ended_outcome(seats: int, loser: Seat, termination: str) -> Outcome:
    """How a game ends when a seat resigns or forfeits on time: that seat is last, every other
    seat shares first place (scores are not counted)."""
    return Outcome(
        tuple(SeatResult(seat=n, score=0, rank=seats if n == loser else 1) for n in range(seats)),
        termination,
    )


class Ending(GameBase):
    """The outcome, abandoning, the seed revealed."""

    def outcome(self) -> Outcome | None:
        if self.ended is not None:
            termination, loser = self.ended
            return ended_outcome(len(self.seats), loser, termination)
        if self.state is None:
            return None
        return self.rules.outcome(self.state)

    def abandon(self, reason: str) -> None:
        if self.status not in (Status.OPEN, Status.ACTIVE):
            raise IllegalAction("game.over", _("This game is already over."))
        self.trigger_event(self.GameAbandoned, reason=reason)
        self._reveal_seed()

    def _reveal_seed(self) -> None:
        self.trigger_event(self.SeedRevealed, seed=self.committed_seed, salt=self.salt)

    class GameAbandoned(Aggregate.Event):
        class_version = 1
        reason: str
        DETAIL = ("reason",)

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            return _("The game is abandoned: {reason}", reason=fields["reason"]) if fields.get("reason") else _("The game is abandoned.")

        def apply(self, game: Ending) -> None:
            game.status = Status.ABANDONED

    class SeedRevealed(Aggregate.Event):
        """The committed seed and the commitment's salt, published once the game is over."""

        class_version = 2
        seed: str
        salt: str | None
        DETAIL = ("seed", "salt")

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            return _("The seed is revealed: {seed}.", seed=fields["seed"])

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["salt"] = None

        def apply(self, game: Ending) -> None:
            game.seed_revealed = True
