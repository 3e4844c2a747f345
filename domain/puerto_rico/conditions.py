"""The conditions a standing order may carry in Puerto Rico (`domain.core.conditions`), each
judged on the order's seat's own view (`views.view`): what every player sees on the table.

    trading_house_has_room     the trading house holds fewer than its spaces (§4.5: the issue's
                               "only if the trading house still has room"). Always true when a
                               seat decides: a full house is emptied at the end of the trader
                               phase, and a trader facing a full one has no decision to make;
                               kept for the orders that carry it
    trading_house_room_for     at least `goods` of its spaces are free (a trader's order given
                               early: "take the trader only if two goods still fit")
    trading_house_lacks        no `good` in the trading house yet
    role_on_table              the `role` card is still there to take this round
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.conditions import Condition
from domain.core.i18n import N_
from domain.core.options import Option

from .components import GOODS, ROLE_PHASES, TRADING_HOUSE_SPACES


def _room(view: Mapping[str, Any], seat: int, params: Mapping[str, Any]) -> bool:
    return len(view["trading_house"]) < TRADING_HOUSE_SPACES


def _room_for(view: Mapping[str, Any], seat: int, params: Mapping[str, Any]) -> bool:
    return TRADING_HOUSE_SPACES - len(view["trading_house"]) >= params["goods"]


def _lacks(view: Mapping[str, Any], seat: int, params: Mapping[str, Any]) -> bool:
    return params["good"] not in view["trading_house"]


def _role(view: Mapping[str, Any], seat: int, params: Mapping[str, Any]) -> bool:
    return any(r["role"] == params["role"] and r["taken_by"] is None for r in view["roles"])


CONDITIONS = {
    c.name: c
    for c in (
        Condition("trading_house_has_room", N_("only if the trading house still has room"), (), _room),
        Condition("trading_house_room_for", N_("only if the trading house still has room for this many goods"),
                  (Option("goods", "int", None, "goods", minimum=1, maximum=TRADING_HOUSE_SPACES),), _room_for),
        Condition("trading_house_lacks", N_("only if the trading house holds no such good yet"),
                  (Option("good", "choice", None, "the good", choices=GOODS),), _lacks),
        Condition("role_on_table", N_("only if this role is still on the table"),
                  (Option("role", "choice", None, "the role", choices=ROLE_PHASES),), _role),
    )
}
