"""Conditions of standing orders: a small fixed vocabulary each game declares as data
(`CONDITIONS`, optional in the rules contract), judged on what the order's seat can see.

A condition is `{"if": name, **parameters}`, e.g. Puerto Rico's
`{"if": "trading_house_has_room"}` ("only if the trading house still has room"). It is judged
when the order's step comes, on the seat's own `view` of the position (never on the state
itself), so an order's condition can tell nothing the seat could not see. The parameters are
options (`options.Option`: kind, choices, bounds) and are checked when the order is given.

    >>> from domain.core.options import Option
    >>> SPEC = {"pile_below": Condition("pile_below", "The pile holds fewer than n cards.",
    ...                                 (Option("n", "int", None, "cards", minimum=1, maximum=9),),
    ...                                 lambda view, seat, p: len(view["pile"]) < p["n"])}
    >>> rules = type("Rules", (), {"CONDITIONS": SPEC, "TITLE": "Demo"})
    >>> check_condition(rules, {"if": "pile_below", "n": 3})
    {'if': 'pile_below', 'n': 3}
    >>> holds(rules, {"if": "pile_below", "n": 3}, {"pile": [1, 2]}, 0)
    True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import IllegalAction, InvalidOptions
from .i18n import _
from .options import Option
from .rules import GameRules, Seat

Test = Callable[[Mapping[str, Any], Seat, Mapping[str, Any]], bool]


@dataclass(frozen=True)
class Condition:
    """One word of a game's vocabulary: its name, a sentence a player understands, its
    parameters and its test on the seat's view."""

    name: str
    sentence: str
    params: Sequence[Option]
    test: Test

    def to_json(self) -> dict[str, Any]:
        return {"if": self.name, "sentence": self.sentence, "params": [p.to_json() for p in self.params]}


def vocabulary(rules: GameRules) -> Mapping[str, Condition]:
    """The conditions a game's orders may carry (none for a game that declares none)."""
    return getattr(rules, "CONDITIONS", {})


def check_condition(rules: GameRules, raw: Any) -> dict[str, Any] | None:
    """A condition as it is stored (None: none), or IllegalAction `order.condition`."""
    if raw is None:
        return None
    known = vocabulary(rules)
    if not isinstance(raw, Mapping) or not isinstance(raw.get("if"), str) or raw["if"] not in known:
        words = ", ".join(map(repr, sorted(known))) or _("none")
        raise IllegalAction("order.condition", _("A condition is {{\"if\": name, ...}} with a name of this game's "
                                                 "conditions ({names}).", names=words))
    condition = known[raw["if"]]
    names = {p.name for p in condition.params}
    if set(raw) - {"if"} != names:
        if names:
            raise IllegalAction("order.condition", _("The condition {name!r} takes {params}.", name=condition.name,
                                                     params=", ".join(map(repr, sorted(names)))))
        raise IllegalAction("order.condition", _("The condition {name!r} takes no parameters.", name=condition.name))
    try:
        return {"if": condition.name, **{p.name: p.value(raw[p.name]) for p in condition.params}}
    except InvalidOptions as exc:
        raise IllegalAction("order.condition", exc.message) from None


def holds(rules: GameRules, condition: Mapping[str, Any], view: Mapping[str, Any], seat: Seat) -> bool:
    """Whether a stored condition holds on the seat's `view` (one the game no longer knows: no)."""
    known = vocabulary(rules).get(condition["if"])
    return known is not None and known.test(view, seat, condition)
