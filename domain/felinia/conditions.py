"""The conditions a standing order may carry in Felinia (`domain.core.conditions`), judged on
the order's seat's own view (`views.view`: the markets, their bids and every player's silver
are on the table).

    silver_at_least  the seat holds at least `silver` silver (a bid or a purchase it can pay)
    market_open      the market `market` is still open this round (nobody closed it by buying)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.conditions import Condition
from domain.core.i18n import N_
from domain.core.options import Option

from .components import C


def _silver(view: Mapping[str, Any], seat: int, params: Mapping[str, Any]) -> bool:
    return bool(view["players"][seat]["silver"] >= params["silver"])


def _open(view: Mapping[str, Any], seat: int, params: Mapping[str, Any]) -> bool:
    market = view["markets"].get(params["market"])
    return market is not None and not market["closed"]


CONDITIONS = {
    c.name: c
    for c in (
        Condition("silver_at_least", N_("only if I hold at least this much silver"),
                  (Option("silver", "int", None, "silver", minimum=0, maximum=99),), _silver),
        Condition("market_open", N_("only if this market is still open"),
                  (Option("market", "choice", None, "the market", choices=C.markets),), _open),
    )
}
