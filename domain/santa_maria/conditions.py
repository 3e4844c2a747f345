"""The conditions a standing order may carry in Santa Maria (`domain.core.conditions`), judged
on the order's seat's own view (`views.view`: the dice pool and every colonist's coins are on
the table).

    coins_at_least  the seat holds at least `coins` coins (what it takes to pay an activation)
    white_die_left  a white die showing `face` is still in the pool (§ the dice: taking one
                    activates that row or column)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.conditions import Condition
from domain.core.i18n import N_
from domain.core.options import Option


def _coins(view: Mapping[str, Any], seat: int, params: Mapping[str, Any]) -> bool:
    return bool(view["players"][seat]["coins"] >= params["coins"])


def _white(view: Mapping[str, Any], seat: int, params: Mapping[str, Any]) -> bool:
    return params["face"] in view["white_pool"]


CONDITIONS = {
    c.name: c
    for c in (
        Condition("coins_at_least", N_("only if I hold at least this many coins"),
                  (Option("coins", "int", None, "coins", minimum=0, maximum=99),), _coins),
        Condition("white_die_left", N_("only if a white die with this number is still in the pool"),
                  (Option("face", "int", None, "the number", minimum=1, maximum=6),), _white),
    )
}
