"""Standing orders (issue 32): a seat gives, changes and cancels them, and asks what it could do
next. The commands of the `Shiplog` application (mixed into it), like `tables.py`'s: each loads
the game, lets the `Game` aggregate decide (`domain/core/game/orders.py`), and stores the new
events; storing settles the game (`Shiplog._settle`), so an order that applies at once (its
seat is to act, its action legal) is played in the same command.

"What could I do next" (`next_decisions`) answers from what the seat was shown: the decision
it faces now, if it is to act, and the last decision of each other kind it met (a kind: the
action types it was offered), each with the actions it was offered then. Nothing is judged of
positions to come, so the answer tells the seat nothing it has not seen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from uuid import UUID

from domain.core.aggregate import Game
from domain.core.rules import Action, actions_now

from .outcomes import Accepted

LOOK_BACK = 400  # events: how far back "what could I do next" looks for the seat's decisions
DECISIONS = 12  # at most this many of the seat's past decisions are looked at


@dataclass(frozen=True)
class Decision:
    """A kind of decision a seat meets (the action types it is offered) and the actions it was
    offered at the last one (`at`: the version it followed; None: the one it faces now)."""

    step: tuple[str, ...]
    actions: list[Action]
    at: int | None

    def to_json(self) -> dict[str, Any]:
        return {"step": list(self.step), "actions": self.actions, "at": self.at}


def step_of(actions: list[Action]) -> tuple[str, ...]:
    return tuple(sorted({a["type"] for a in actions}))


class OrderCommands:
    """Giving, changing and cancelling standing orders; what a seat could do next."""

    if TYPE_CHECKING:
        def _fresh(self, game: UUID | Game) -> Game: ...
        def _save(self, game: Game) -> Accepted: ...
        def _expect(self, game: Game, expected_version: int | None) -> None: ...
        def get_game(self, game_id: UUID, version: int | None = None) -> Game: ...
        def events_between(self, game_id: UUID, after: int | None = None, upto: int | None = None,
                           limit: int | None = None) -> list[Any]: ...

    def give_order(self, game_id: UUID | Game, seat: int, action: Any, scope: Any = "next", condition: Any = None,
                   expected_version: int | None = None) -> Accepted:
        game = self._fresh(game_id)
        self._expect(game, expected_version)
        game.give_order(seat, action, scope, condition)
        return self._save(game)

    def change_order(self, game_id: UUID | Game, seat: int, order: int, action: Any, scope: Any = "next",
                     condition: Any = None, expected_version: int | None = None) -> Accepted:
        game = self._fresh(game_id)
        self._expect(game, expected_version)
        game.change_order(seat, order, action, scope, condition)
        return self._save(game)

    def cancel_order(self, game_id: UUID | Game, seat: int, order: int, expected_version: int | None = None) -> Accepted:
        game = self._fresh(game_id)
        self._expect(game, expected_version)
        game.cancel_order(seat, order)
        return self._save(game)

    def next_decisions(self, game: Game, seat: int) -> list[Decision]:
        """The decision `seat` faces now (if it is to act), then the last one of each other kind
        it met, newest first, each with the actions it was offered then."""
        found: dict[tuple[str, ...], Decision] = {}
        now = game.legal_actions(seat)
        if now and seat in game.to_act():
            found[step_of(now)] = Decision(step_of(now), now, None)
        rules = game.rules
        after = max(game.version - LOOK_BACK, 0)
        mine = [ev for ev in self.events_between(game.id, after, game.version)
                if isinstance(ev, Game.ActionTaken) and ev.seat == seat][-DECISIONS:]
        for ev in reversed(mine):
            before = self.get_game(game.id, ev.originator_version - 1)
            offered = actions_now(rules, before.state, seat, before.to_act())
            found.setdefault(step_of(offered), Decision(step_of(offered), offered, before.version))
        return list(found.values())
