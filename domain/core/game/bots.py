"""Bots: a bot seat (or a bot standing in for a person) moves whenever it is to act, through
the same `take_action` as a person, its choice drawn from the `bot:N` stream (not part of the
rules). The service lets them move after every command, and the moves played for people with
them (`play_automatic`, `Shiplog._settle`).

A bot that searches (`search.searching`: a budget of work, not microseconds) may be left to
think outside the command (`think=False`): the game then waits for it (`thinking`), and the
service decides its move in the background and plays it (`play_thought`), so no request waits
for a search."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import IllegalAction
from ..i18n import _
from ..rng import Rng
from ..rules import Action, Bot, Seat
from ..search import searching
from .base import GameBase, Status

MAX_BOT_MOVES = 20_000  # a safety bound on how many moves bots play in one go


class Bots(GameBase):
    """`play_bots`: bots move while one is to act; `play_automatic`: and moves for people."""

    if TYPE_CHECKING:
        def take_action(self, seat: Seat, action: Action, idempotency_key: str | None = None,
                        bot: str | None = None, auto: str | None = None, order: int | None = None) -> None: ...  # play.Play
        def play_for_people(self) -> bool: ...  # orders.Orders

    def bot_choice(self, seat: Seat, bot: Bot | None = None) -> Action:
        """What the seat's bot (or `bot`, the same one with another budget) plays now, drawn
        from the `bot:N` stream of the next version: whoever asks, the same choice."""
        chooser = bot or self.rules.BOTS[self.bot_of(seat)]  # type: ignore[index]
        return chooser(self.state, seat, Rng(self.seed, f"bot:{self.version + 1}"))  # type: ignore[arg-type]

    def _bot_move(self, seat: Seat, bot: str) -> None:
        self.take_action(seat, self.bot_choice(seat), bot=bot)

    def thinking(self) -> frozenset[Seat]:
        """The seats to act now whose bot searches (what the service plays outside a command)."""
        if self.status != Status.ACTIVE:
            return frozenset()
        return frozenset(s for s in self.to_act() & self.bot_seats() if searching(self.rules.BOTS[self.bot_of(s)]))  # type: ignore[index]

    def play_thought(self, seat: Seat, action: Action) -> None:
        """A searching bot's move, decided outside the command (`bot_choice` on this version)."""
        if seat not in self.thinking():
            raise IllegalAction("bot.not_thinking", _("No searching bot is to move for this seat now."))
        self.take_action(seat, action, bot=self.bot_of(seat))

    def play_bots(self, think: bool = True) -> int:
        """Let bot seats move whenever one may act; returns how many moves they made.

        Where the rules let several seats act at once, bots answer at once and people keep
        whatever the rules leave open to them. The service calls it after every command
        (`Shiplog._settle`), so no position waits for a bot, except a searching one when not
        `think`: that one is left `thinking`.
        """
        played = 0
        while played < MAX_BOT_MOVES and self.status == Status.ACTIVE:
            waiting = self.to_act() & self.bot_seats()
            if not think:
                waiting -= self.thinking()
            if not waiting:
                break
            seat = min(waiting)
            self._bot_move(seat, self.bot_of(seat))  # type: ignore[arg-type]
            played += 1
        return played

    def play_automatic(self, think: bool = True) -> int:
        """Every move due without a person: bots move (searching ones only if `think`), and the
        moves played for people (forced moves, standing orders: `orders.Orders.play_for_people`),
        until a person must choose or a searching bot is left to think. Returns how many moves
        were played. The service calls it after every command (`Shiplog._settle`)."""
        played = self.play_bots(think)
        while played < MAX_BOT_MOVES and self.play_for_people():
            played += 1 + self.play_bots(think)
        return played
