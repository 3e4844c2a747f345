"""Bots: a bot seat (or a bot standing in for a person) moves whenever it is to act, through
the same `take_action` as a person, its choice drawn from the `bot:N` stream (not part of the
rules). The service lets them move after every command, and the moves played for people with
them (`play_automatic`, `Shiplog._settle`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rng import Rng
from ..rules import Action, Seat
from .base import GameBase, Status

MAX_BOT_MOVES = 20_000  # a safety bound on how many moves bots play in one go


class Bots(GameBase):
    """`play_bots`: bots move while one is to act; `play_automatic`: and moves for people."""

    if TYPE_CHECKING:
        def take_action(self, seat: Seat, action: Action, idempotency_key: str | None = None,
                        bot: str | None = None, auto: str | None = None, order: int | None = None) -> None: ...  # play.Play
        def play_for_people(self) -> bool: ...  # orders.Orders

    def _bot_move(self, seat: Seat, bot: str) -> None:
        action = self.rules.BOTS[bot](self.state, seat, Rng(self.seed, f"bot:{self.version + 1}"))  # type: ignore[arg-type]
        self.take_action(seat, action, bot=bot)

    def play_bots(self) -> int:
        """Let bot seats move whenever one may act; returns how many moves they made.

        Where the rules let several seats act at once, bots answer at once and people keep
        whatever the rules leave open to them. The service calls it after every command
        (`Shiplog._settle`), so no position waits for a bot.
        """
        played = 0
        while played < MAX_BOT_MOVES and self.status == Status.ACTIVE:
            waiting = self.to_act() & self.bot_seats()
            if not waiting:
                break
            seat = min(waiting)
            self._bot_move(seat, self.bot_of(seat))  # type: ignore[arg-type]
            played += 1
        return played

    def play_automatic(self) -> int:
        """Every move due without a person: bots move, and the moves played for people (forced
        moves, standing orders: `orders.Orders.play_for_people`), until a person must choose.
        Returns how many moves were played. The service calls it after every command
        (`Shiplog._settle`)."""
        played = self.play_bots()
        while played < MAX_BOT_MOVES and self.play_for_people():
            played += 1 + self.play_bots()
        return played
