"""A seat's action: decided by the game's rules, recorded as `ActionTaken` with every fact it
caused, the draws it made and the state hash after (HMAC-SHA256 keyed by the game's seed: see
`base.hash_state`), then applied to the game (`_apply_action`).

The game remembers each seat's latest move still in effect (for take-backs, `base.Move`) and
the Idempotency-Keys of its last actions (a retried request applies once).
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from eventsourcing.domain import Aggregate

from ..errors import IllegalAction
from ..i18n import _
from ..rng import Rng
from ..rules import Action, Fact, Seat, actions_now, fold, revealing, turn_allows
from .base import GameBase, Move, Status, plain

IDEMPOTENCY_WINDOW = 512  # how many recent Idempotency-Keys each game remembers
AUTO = ("forced", "order")  # how a move is played for a person's seat without it


def key_digest(key: str) -> str:
    """What a game remembers of an Idempotency-Key: 128 bits of its sha256, so the memory of
    the last keys has a fixed size whatever length clients choose (up to 200 characters)."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]


class Play(GameBase):
    """Moves: `take_action`, and the event that records one."""

    if TYPE_CHECKING:
        def _reveal_seed(self) -> None: ...  # ending.Ending
        def _played_order(self, order: int) -> None: ...  # orders.Orders

    def take_action(
        self, seat: Seat, action: Action, idempotency_key: str | None = None, bot: str | None = None,
        auto: str | None = None, order: int | None = None,
    ) -> None:
        """Decide `action` for `seat`; record it with its facts, then finish the game if over.
        `bot`: the bot that plays it (None: the seat's person, refused while a bot plays the seat).
        `auto`: played for the seat's person without it (`AUTO`), by its standing `order`."""
        self._check_playing()
        if bot is None:
            self.check_in_person(seat)
        rules = self.rules
        if not turn_allows(rules, self.to_act(), seat, action):  # to act, or an out-of-turn action
            raise IllegalAction("turn.not_yours", _("It is not your turn."))
        before = self.state
        assert self.seed is not None
        rng = Rng(self.seed, f"event:{self.version + 1}")
        decided = rules.decide(before, seat, action, rng)
        state = getattr(decided, "state", None)  # a `facts.Tx` decision carries its state
        if state is None:
            state = fold(rules, before, decided)
        finished = rules.outcome(state) is not None
        after = frozenset() if finished else rules.to_act(state)
        # `_apply_action` takes this state (and that it ends the game) instead of folding the
        # facts again; the event is built directly, not through the library's decorator.
        self._decided = (state, finished)
        self.__dict__["_to_act"] = (state, after)
        how = {} if auto is None else {"auto": auto} if order is None else {"auto": auto, "order": order}
        self.trigger_event(
            self.ActionTaken,
            seat=seat,
            action=plain(action),
            facts=plain(decided),
            draws=rng.draws,
            state_hash=self.hash(state),
            to_act=sorted(after),
            idempotency_key=idempotency_key,
            bot=bot or self.bot_of(seat),
            **how,
        )
        if finished:
            self._reveal_seed()

    def _apply_action(self, ev: Play.ActionTaken) -> None:
        version = ev.originator_version
        seat = ev.seat
        rules = self.rules
        decided = self.__dict__.pop("_decided", None)  # (state, finished) when decided here
        if decided is not None:
            self.state, finished = decided
        else:
            self.state = fold(rules, self.state, ev.facts)
            finished = rules.outcome(self.state) is not None
        self.state_hash = ev.state_hash
        revealed = bool(ev.draws) or revealing(rules, ev.facts)
        moves = self.moves
        if revealed and not all(m.revealed for m in moves):
            moves = tuple(m if m.revealed else replace(m, revealed=True) for m in moves)
        # A move played for the seat (forced, or by its order) is taken back with the seat's last
        # move it chose itself: it is not the seat's latest move to take back (docs/api.md).
        self.moves = moves if ev.auto else (*[m for m in moves if m.seat != seat], Move(version, seat, revealed))
        if ev.order is not None:
            self._played_order(ev.order)
        self.undo_request = None  # a new move lets any pending take-back request lapse
        if ev.idempotency_key is not None:
            remembered = (key_digest(ev.idempotency_key), version)
            self.idempotency = (*self.idempotency[-(IDEMPOTENCY_WINDOW - 1) :], remembered)
        if finished:
            self.status = Status.FINISHED

    def legal_actions(self, seat: Seat) -> list[Action]:
        """What `seat`'s player may send now: its legal actions when it is to act, else any the
        game lets it take out of turn (`rules.actions_now`); nothing unless the game is in play,
        nor while a bot plays the seat (`check_in_person`: the bot plays only its turns)."""
        if self.status != Status.ACTIVE or self.bot_of(seat):
            return []
        return actions_now(self.rules, self.state, seat, self.to_act())

    def version_for_key(self, key: str) -> int | None:
        digest = key_digest(key)
        for known, version in self.idempotency:
            if known == digest:
                return version
        return None

    class ActionTaken(Aggregate.Event):
        """`auto` and `order`, optional (stored only when given, so the rows of every move
        before them keep their bytes): a move played for a person's seat without it, "forced"
        (its only legal action) or "order" (its standing order `order`); absent: the seat's
        person, or its bot, chose it. Both are the seat's secret while the game runs
        (`orders.seat_secret`)."""

        class_version = 1
        seat: int
        action: Action
        facts: list[Fact]
        draws: list[list[int]]
        state_hash: str
        to_act: list[int]
        idempotency_key: str | None
        bot: str | None
        auto: str | None = None
        order: int | None = None

        def apply(self, aggregate: Any) -> None:
            # Applied directly, not through the library's `@event` decorator, which copies and
            # filters the fields twice per event (issue 15: one event per move, thousands a game).
            aggregate._apply_action(self)

        def mutate(self, aggregate: Any) -> Any:
            # `Game.Event.mutate` without its questions about the kind of event: the library's
            # checks and bookkeeping, this event's `apply`, then the clocks.
            game: Any = Aggregate.Event.mutate(self, aggregate)
            game._keep_time(self.timestamp)  # clocks.Clocks
            return game


# An event loaded from a row without them (or made without them) reads their defaults.
Play.ActionTaken.auto = None
Play.ActionTaken.order = None
