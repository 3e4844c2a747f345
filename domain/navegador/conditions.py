"""The conditions a standing order may carry in Navegador (`domain.core.conditions`), judged
on the order's seat's own view (`views.view`: the rondel and the money are public, §8.31).

    rondel_at       the seat's stone stands on `space` (so "from the colony space, go to the
                    market" is one order; a rondel move always depends on where the stone is)
    money_at_least  the seat holds at least `money` cruzados
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.conditions import Condition
from domain.core.i18n import N_
from domain.core.options import Option

from .components import C


def _at(view: Mapping[str, Any], seat: int, params: Mapping[str, Any]) -> bool:
    return bool(view["players"][seat]["rondel"] == params["space"])


def _money(view: Mapping[str, Any], seat: int, params: Mapping[str, Any]) -> bool:
    return bool(view["players"][seat]["money"] >= params["money"])


CONDITIONS = {
    c.name: c
    for c in (
        Condition("rondel_at", N_("only if my stone stands on this rondel space"),
                  (Option("space", "choice", None, "the rondel space", choices=C.spaces),), _at),
        Condition("money_at_least", N_("only if I hold at least this much money"),
                  (Option("money", "int", None, "cruzados", minimum=0, maximum=999),), _money),
    )
}
