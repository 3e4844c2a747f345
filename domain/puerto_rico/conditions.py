"""The conditions a standing order may carry in Puerto Rico (`domain.core.conditions`), each
judged on the order's seat's own view (`views.view`): what every player sees on the table.

    trading_house_has_room     the trading house holds fewer than its spaces (§4.5: the issue's
                               "only if the trading house still has room")
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


def _lacks(view: Mapping[str, Any], seat: int, params: Mapping[str, Any]) -> bool:
    return params["good"] not in view["trading_house"]


def _role(view: Mapping[str, Any], seat: int, params: Mapping[str, Any]) -> bool:
    return any(r["role"] == params["role"] and r["taken_by"] is None for r in view["roles"])


CONDITIONS = {
    c.name: c
    for c in (
        Condition("trading_house_has_room", N_("only if the trading house still has room"), (), _room),
        Condition("trading_house_lacks", N_("only if the trading house holds no such good yet"),
                  (Option("good", "choice", None, "the good", choices=GOODS),), _lacks),
        Condition("role_on_table", N_("only if this role is still on the table"),
                  (Option("role", "choice", None, "the role", choices=ROLE_PHASES),), _role),
    )
}
