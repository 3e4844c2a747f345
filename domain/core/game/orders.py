"""Moves played for a person's seat without it (issue 32): forced moves and standing orders.

    forced     the seat to act has exactly one legal action: it is played at once in its name
               (`ActionTaken.auto` "forced"), unless the table's `forced_moves` setting is off
    orders     actions a seat queued for its coming decisions, each with a scope ("next": the
               next time its step comes, "always": every time) and an optional condition on what
               the seat can see (`conditions.py`). When the seat is to act, its orders whose
               action type is among those it is offered are tried in the order given: the
               first whose action is legal (and whose condition holds) is played
               (`ActionTaken.auto` "order"); a "next" order tried before it is dropped
               (`OrderDropped`, shown to its seat), an "always" order stays.

    OrderGiven / OrderChanged / OrderCancelled / OrderDropped

Orders are the seat's secret while the game runs: their events, and how a move was played, are
shown to that seat only (`seat_secret`), to everyone once the game is over. Nothing is decided
when an order is given (its legality is judged only when it is played), so giving one tells
the seat nothing it could not see.

A take-back treats a move played for the seat like the seat's own, taken back with the seat's
last move it chose itself (`play.Play._apply_action` keeps that one as the seat's move):
taking back only a forced move would play it again at once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from eventsourcing.domain import Aggregate

from .. import table
from ..conditions import check_condition, holds
from ..errors import IllegalAction
from ..i18n import _
from ..rules import ALL, Action, Seat, Viewer
from ..words import seat as seat_words
from .base import GameBase, Status, plain

SCOPES = ("next", "always")
MAX_ORDERS = 20  # a seat's standing orders at once
ORDER_RATE = (30, timedelta(minutes=10))  # orders given, changed or cancelled per seat in any 10 minutes
ORDER_EVENTS = ("OrderGiven", "OrderChanged", "OrderCancelled", "OrderDropped")


@dataclass(frozen=True)
class Order:
    """A standing order: its id (the version of the event that gave it), the seat, the action
    as the game lists it, "next" or "always", and a condition or None."""

    id: int
    seat: Seat
    action: Action
    scope: str
    condition: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "action": self.action, "scope": self.scope, "condition": self.condition}


SECRET = "Secret"  # the type of a row that is another seat's secret, as anyone else is shown it


def played_for(seat: Seat, auto: str, order: int | None) -> str:
    """The sentence that says how a move was played for `seat` (seats as `words.seat(n)`)."""
    if auto == "order":
        return _("Played by {who}'s standing order #{order}:", who=seat_words(seat), order=order)
    return _("Played for {who}, its only legal action:", who=seat_words(seat))


def seat_secret(kind: str, fields: Mapping[str, Any]) -> Seat | None:
    """The seat whose secret (part of) an event is while the game runs: an order's event, or
    how a move was played for the seat; None for anything everyone may see."""
    if kind in ORDER_EVENTS or (kind == "ActionTaken" and fields.get("auto")):
        return fields["seat"]
    return None


def choose_order(orders: Sequence[Order], legal: list[Action],
                 condition_holds: Callable[[Order], bool]) -> tuple[Order | None, list[Order]]:
    """At a decision that offers `legal`, the seat's order to play (None: none applies) and its
    "next" orders tried before it that could not be played, to drop. An order is tried when its
    action's type is offered; it is played when its action is one of `legal` and its condition
    (if any) holds."""
    offered = {a["type"] for a in legal}
    dropped: list[Order] = []
    for order in orders:
        if order.action["type"] not in offered:
            continue  # its step has not come
        if order.action in legal and (order.condition is None or condition_holds(order)):
            return order, dropped
        if order.scope == "next":
            dropped.append(order)
    return None, dropped


def hidden_from(kind: str, fields: Mapping[str, Any], viewer: Viewer) -> bool:
    """Whether (part of) an event is a seat's secret that `viewer` may not see (`ALL` sees all)."""
    owner = seat_secret(kind, fields)
    return owner is not None and viewer not in (owner, ALL)


def row_as_seen(row: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
    """A record's row as `viewer` may see it while the game runs: another seat's order event is
    a "Secret" row (its version and time), a move played for another seat has no `auto`/`order`."""
    if not hidden_from(row["type"], row, viewer):
        return row
    if row["type"] != "ActionTaken":
        return {"version": row["version"], "type": SECRET, "timestamp": row.get("timestamp")}
    return {k: v for k, v in row.items() if k not in ("auto", "order")}


class Orders(GameBase):
    """Forced moves and standing orders: `play_for_people`, and giving, changing, cancelling
    orders."""

    if TYPE_CHECKING:
        def take_action(self, seat: Seat, action: Action, idempotency_key: str | None = None, bot: str | None = None,
                        auto: str | None = None, order: int | None = None) -> None: ...  # play.Play
        def legal_actions(self, seat: Seat) -> list[Action]: ...  # play.Play

    # -- moves played for people --------------------------------------------------------------

    def play_for_people(self) -> bool:
        """One move for a person's seat to act, if any is due: its only legal action (forced
        moves on), else its first standing order that applies. Whether a move was played."""
        if self.status != Status.ACTIVE:
            return False
        waiting = self.to_act() - self.bot_seats()
        forced = table.forced_moves(self.settings)
        for seat in sorted(waiting):
            if not forced and not self._has_orders(seat):
                continue
            legal = self.legal_actions(seat)
            if forced and len(legal) == 1:
                self.take_action(seat, legal[0], auto="forced")
                return True
            if self._has_orders(seat) and self._play_order(seat, legal):
                return True
        return False

    def _has_orders(self, seat: Seat) -> bool:
        return any(o.seat == seat for o in self.orders)

    def _play_order(self, seat: Seat, legal: list[Action]) -> bool:
        view: list[Any] = []  # the seat's view, made once when a condition asks

        def condition_holds(order: Order) -> bool:
            if not view:
                view.append(self.rules.view(self.state, seat))
            return holds(self.rules, order.condition or {}, view[0], seat)

        chosen, dropped = choose_order(self.orders_of(seat), legal, condition_holds)
        for order in dropped:
            reason = "condition" if order.action in legal else "not_legal"
            self.trigger_event(self.OrderDropped, seat=seat, order=order.id, reason=reason)
        if chosen is None:
            return False
        self.take_action(seat, chosen.action, auto="order", order=chosen.id)
        return True

    def _played_order(self, order_id: int) -> None:
        """After a move played by order `order_id`: a "next" order is used up."""
        self.orders = tuple(o for o in self.orders if o.id != order_id or o.scope != "next")

    # -- the seat's commands ------------------------------------------------------------------

    def orders_of(self, seat: Seat) -> list[Order]:
        return [o for o in self.orders if o.seat == seat]

    def give_order(self, seat: Seat, action: Any, scope: Any = "next", condition: Any = None) -> None:
        """Queue `action` for `seat`'s coming decisions. Nothing about it is judged now but its
        shape: whether it is legal is decided when its step comes."""
        self._check_orders(seat)
        if len(self.orders_of(seat)) >= MAX_ORDERS:
            raise IllegalAction("order.too_many", _("A seat keeps at most {n} standing orders; cancel one first.",
                                                  n=MAX_ORDERS))
        self.trigger_event(self.OrderGiven, seat=seat, **self._checked(action, scope, condition))

    def change_order(self, seat: Seat, order: int, action: Any, scope: Any = "next", condition: Any = None) -> None:
        self._check_orders(seat)
        self._own_order(seat, order)
        self.trigger_event(self.OrderChanged, seat=seat, order=order, **self._checked(action, scope, condition))

    def cancel_order(self, seat: Seat, order: int) -> None:
        self._check_orders(seat)
        self._own_order(seat, order)
        self.trigger_event(self.OrderCancelled, seat=seat, order=order)

    def _check_orders(self, seat: Seat) -> None:
        self._check_playing()
        self.check_in_person(seat)
        if self.bot_of(seat):
            raise IllegalAction("order.bot_seat", _("A bot plays this seat: it takes no standing orders."))
        limit, window = ORDER_RATE
        now = self.now()
        if sum(1 for t in self.order_times.get(seat, ()) if now - t < window) >= limit:
            raise IllegalAction("order.too_often", _("At most {n} changes to your standing orders in {minutes} minutes; "
                                                     "wait a little.", n=limit, minutes=int(window.total_seconds() // 60)))

    def _note_order(self, seat: Seat, when: datetime) -> None:
        limit, _window = ORDER_RATE
        self.order_times = {**self.order_times, seat: (*self.order_times.get(seat, ())[-(limit - 1):], when)}

    def _own_order(self, seat: Seat, order: int) -> Order:
        for known in self.orders:
            if known.id == order and known.seat == seat:
                return known
        raise IllegalAction("order.not_found", _("You have no standing order #{order}.", order=order))

    def _checked(self, action: Any, scope: Any, condition: Any) -> dict[str, Any]:
        if not isinstance(action, dict) or not isinstance(action.get("type"), str) or not action["type"]:
            raise IllegalAction("order.action", _("An order's action is an action as the game lists it, with its \"type\"."))
        if scope not in SCOPES:
            raise IllegalAction("order.scope", _("An order's scope is \"next\" (the next time its step comes) or "
                                                 "\"always\" (every time)."))
        return {"action": plain(action), "scope": scope, "condition": check_condition(self.rules, condition)}

    # -- events -------------------------------------------------------------------------------

    class OrderGiven(Aggregate.Event):
        """A standing order of `seat`; its id is this event's version."""

        class_version = 1
        seat: int
        action: Action
        scope: str
        condition: dict[str, Any] | None
        DETAIL = ("action", "scope", "condition")

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            return _("{who} gives a standing order: {order}.", who=seat_words(fields["seat"]), order=_order_words(fields))

        def apply(self, game: Orders) -> None:
            order = Order(self.originator_version, self.seat, self.action, self.scope, self.condition)
            game.orders = (*game.orders, order)
            game._note_order(self.seat, self.timestamp)

    class OrderChanged(Aggregate.Event):
        class_version = 1
        seat: int
        order: int
        action: Action
        scope: str
        condition: dict[str, Any] | None
        DETAIL = ("order", "action", "scope", "condition")

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            return _("{who} changes standing order #{n}: {order}.", who=seat_words(fields["seat"]), n=fields["order"],
                     order=_order_words(fields))

        def apply(self, game: Orders) -> None:
            game.orders = tuple(Order(o.id, o.seat, self.action, self.scope, self.condition) if o.id == self.order else o
                                for o in game.orders)
            game._note_order(self.seat, self.timestamp)

    class OrderCancelled(Aggregate.Event):
        class_version = 1
        seat: int
        order: int
        DETAIL = ("order",)

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            return _("{who} cancels standing order #{n}.", who=seat_words(fields["seat"]), n=fields["order"])

        def apply(self, game: Orders) -> None:
            game.orders = tuple(o for o in game.orders if o.id != self.order)
            game._note_order(self.seat, self.timestamp)

    class OrderDropped(Aggregate.Event):
        """A "next" order tried when its step came but not played: its action was not legal
        then (`reason` "not_legal"), or its condition did not hold ("condition")."""

        class_version = 1
        seat: int
        order: int
        reason: str
        DETAIL = ("order", "reason")

        @staticmethod
        def said(fields: Mapping[str, Any]) -> str | None:
            if fields["reason"] == "condition":
                return _("Standing order #{n} of {who} is dropped: its condition did not hold.", n=fields["order"],
                         who=seat_words(fields["seat"]))
            return _("Standing order #{n} of {who} is dropped: its action was not legal then.", n=fields["order"],
                     who=seat_words(fields["seat"]))

        def apply(self, game: Orders) -> None:
            game.orders = tuple(o for o in game.orders if o.id != self.order)


def _order_words(fields: Mapping[str, Any]) -> str:
    action = fields["action"]
    args = ", ".join(f"{k} {v}" for k, v in action.items() if k != "type")
    what = f"{action['type']} ({args})" if args else str(action["type"])  # (the action as the API names it)
    scope = _("every time") if fields["scope"] == "always" else _("next time")
    condition = fields.get("condition")
    if condition:
        return _("{action}, {scope}, if {condition}", action=what, scope=scope, condition=condition["if"])
    return _("{action}, {scope}", action=what, scope=scope)
