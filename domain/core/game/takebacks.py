"""Take-backs: a seat may take back its own last action at once when it is the latest action
and it showed nothing hidden; otherwise it becomes a request every other seat must accept
(bots accept at once). Nothing is ever deleted: `UndoApplied` carries the restored state.

    UndoRequested / UndoAnswered / UndoApplied
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from eventsourcing.domain import Aggregate

from .. import codec
from ..errors import IllegalAction
from ..i18n import _
from ..rules import Seat
from ..words import seat as seat_words
from .base import GameBase, Move, Status, UndoRequest


class TakeBacks(GameBase):
    """Asking for a take-back, answering it, applying it."""

    def can_take_back_at_once(self, seat: Seat) -> bool:
        """Only the seat's own latest move, and only if it showed nothing hidden: a move that
        drew or revealed something is taken back only with the other seats' consent."""
        last = self.moves[-1] if self.moves else None
        return last is not None and last.seat == seat and not last.revealed

    def undo_target(self, seat: Seat) -> int:
        """The version to go back to: just before `seat`'s last action still in effect. A seat
        a bot plays has no take-back: its latest moves are the bot's (`check_in_person`)."""
        if self.status != Status.ACTIVE:
            raise IllegalAction("undo.game_over", _("Only a game in play can be taken back."))
        self.check_in_person(seat)
        for move in reversed(self.moves):
            if move.seat == seat:
                return move.version - 1
        raise IllegalAction("undo.nothing", _("You have no move to take back."))

    def request_undo(self, seat: Seat) -> None:
        if self.undo_request is not None:
            raise IllegalAction("undo.pending", _("A take-back request is already waiting for answers."))
        self.trigger_event(self.UndoRequested, seat=seat, to_version=self.undo_target(seat))
        self.bots_answer()

    def bots_answer(self) -> None:
        """Bots accept a pending take-back request at once: those at the table when it was
        asked, and a bot that took a seat since (a resignation, a stand-in, a timeout), which
        would otherwise leave the request waiting for an answer nobody gives."""
        request = self.undo_request
        if request is None or self.status != Status.ACTIVE:
            return
        for bot_seat in sorted(self.bot_seats() - request.accepted - {request.seat}):
            self.trigger_event(self.UndoAnswered, seat=bot_seat, accept=True)

    def answer_undo(self, seat: Seat, accept: bool) -> None:
        self.check_in_person(seat)
        request = self.undo_request
        if request is None:
            raise IllegalAction("undo.none_pending", _("There is no take-back request to answer."))
        if seat == request.seat:
            raise IllegalAction("undo.own_request", _("You cannot answer your own take-back request."))
        if seat in request.accepted:
            raise IllegalAction("undo.already_answered", _("You have already accepted this request."))
        self.trigger_event(self.UndoAnswered, seat=seat, accept=accept)

    def undo_granted(self) -> bool:
        request = self.undo_request
        if request is None:
            return False
        others = set(range(len(self.seats))) - {request.seat}
        return others <= request.accepted

    def apply_undo(self, then: GameBase, requested_by: Seat) -> None:
        """Return to `then`, this game as it stood at an earlier version (loaded by the caller
        from the store): its state, and which moves were in effect then."""
        self.trigger_event(
            self.UndoApplied,
            to_version=then.version,
            requested_by=requested_by,
            state=codec.dumps(then.state),
            state_hash=self.hash(then.state),
            moves=[[m.version, m.seat, m.revealed] for m in then.moves],
        )

    # -- events -----------------------------------------------------------------------------

    class UndoRequested(Aggregate.Event):
        class_version = 1
        seat: int
        to_version: int
        DETAIL = ("to_version",)

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            return _("{who} asks to take back (to #{n}).", who=seat_words(fields["seat"]), n=fields["to_version"])

        def apply(self, game: TakeBacks) -> None:
            game.undo_request = UndoRequest(self.seat, self.to_version, frozenset(), at=self.timestamp)

    class UndoAnswered(Aggregate.Event):
        class_version = 1
        seat: int
        accept: bool
        DETAIL = ("accept",)

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            if fields["accept"]:
                return _("{who} accepts the take-back.", who=seat_words(fields["seat"]))
            return _("{who} declines the take-back.", who=seat_words(fields["seat"]))

        def apply(self, game: TakeBacks) -> None:
            request = game.undo_request
            if request is None:
                return
            if self.accept:
                game.undo_request = replace(request, accepted=request.accepted | {self.seat})
            else:
                game.undo_request = None

    class UndoApplied(Aggregate.Event):
        """`moves`: each seat's latest move in effect at `to_version`, as [version, seat, revealed]
        (None in v1 events, which relied on the aggregate keeping every move)."""

        class_version = 2
        to_version: int
        requested_by: int
        state: str
        state_hash: str
        moves: list[list[Any]] | None
        DETAIL = ("to_version", "requested_by")

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            return (f"Take-back by {seat_words(fields['requested_by'])}: "
                    f"back to the position after #{fields['to_version']}.")

        @staticmethod
        def upcast_v1_v2(state: dict[str, Any]) -> None:
            state["moves"] = None

        def apply(self, game: TakeBacks) -> None:
            game.state = codec.loads(self.state)
            game.state_hash = self.state_hash
            if self.moves is None:  # a v1 event: seats whose latest move is undone have none to take back
                game.moves = tuple(m for m in game.moves if m.version <= self.to_version)
            else:
                game.moves = tuple(Move(version, seat, bool(revealed)) for version, seat, revealed in self.moves)
            game.undo_request = None
