"""What the shared rule modules ask of module D about its state (each hook is one or two lines
there).

Only state and data are imported here, so goods.py, the lowest of the rule modules, can import
it. A shared module that needs one of the Maya's rules imports that rule's module instead
(effects.py its religion, passing.py its temples, year.py and scoring.py its setup), which sits
below it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.commands import Why
from domain.core.facts import Tx

from ..components import C
from ..i18n import _, ngettext
from ..i18n import good as good_name
from ..state import State, is_maya, maya_of, with_maya, with_player
from .data import M
from .state import flip

GOLD_IN_SUPPLY = 12  # §0.2: 12 of each resource in the supply


def gold_in_supply(state: State) -> int:
    """The gold pieces neither in a colony's storage nor in the vault."""
    return GOLD_IN_SUPPLY - sum(p.good("gold") for p in state.players) - (state.maya.vault if state.maya else 0)


def guarded(state: State, symbol: int) -> bool:
    """§8.6.4: a gold symbol the Maya's warrior has crossed this year gives colonists nothing (its
    marker only moves forward during a year and starts again at 0, so crossed = reached)."""
    return state.maya is not None and state.players[state.maya.seat].conquistador >= symbol


def vault_gold(tx: Tx, seat: int, fitting: dict[str, int]) -> dict[str, int]:
    """§8.6.4: gold a colonist gains comes from the vault while it holds any, then from the
    supply; only gold that fits is taken (a colonist at 3 gold gets coins instead, A-45)."""
    maya = tx.state.maya
    if maya is None or not fitting.get("gold") or not maya.vault:
        return fitting
    taken = min(fitting["gold"], maya.vault)
    tx.emit({"t": "VaultGoldTaken", "seat": seat, "gold": taken})
    rest = {g: n for g, n in fitting.items() if g != "gold"}
    if fitting["gold"] > taken:
        rest["gold"] = fitting["gold"] - taken
    return rest


def colonist_only(state: State, seat: int) -> Why:
    """§2.2: expanding and colony dice are colonist actions."""
    if is_maya(state, seat):
        return ("maya.colonist_only", _("The Maya has no colony: expanding and colony dice are colonist actions."))
    return None


def no_coin_activation(state: State, seat: int) -> Why:
    if is_maya(state, seat):
        return ("maya.no_coin_activation", _("The Maya may not activate buildings with coins."))
    return None


def why_not_sell(state: State, seat: int) -> Why:
    if is_maya(state, seat):
        return ("maya.cannot_sell", _("The Maya sells goods only through a trade card."))
    return None


def why_not_buy(state: State, seat: int, good: str) -> Why:
    """§2.8 for the Maya (A-44): into an empty token, 3 coins, with the option maya_free_buy."""
    maya = maya_of(state)
    if good not in C.simple:
        return ("buy.not_simple", _("Only wood and grain can be bought."))
    if not maya.free_buy:
        return ("maya.cannot_buy", _("In this game the Maya buys goods only through its trade card."))
    if maya.empty_of(good) < 1:
        return ("buy.storage_full", _("The Maya has no empty {good} token to fill.", good=good_name(good)))
    if state.players[seat].coins < C.buy_price:
        return ("buy.cannot_pay", ngettext("Buying costs {n} coin.", "Buying costs {n} coins.", C.buy_price))
    return None


def reply_window(state: State) -> Why:
    """§2.8: a colonist answering a Maya offer is not on its turn (no free actions)."""
    if state.pending is not None and state.pending.kind == "offer_reply":
        return ("turn.not_yours", _("Answer the Maya's offer first; it is not your turn."))
    return None


def starting_goods(state_seats: int, maya_seat: int) -> list[tuple[int, int, int]]:
    """§8.6.2 step 9: (seat, wood, coins): the Maya 2 coins, the colonists 3, 4, 5, 6 and 2 wood."""
    out = [(maya_seat, 0, M.maya_coins)]
    for k in range(1, state_seats):
        out.append(((maya_seat + k) % state_seats, C.start_wood, C.start_coins[k - 1]))
    return out


def cost_of(goods: Mapping[str, int]) -> dict[str, int]:
    return {g: n for g, n in goods.items() if n}


def bought(state: State, fact: dict[str, Any]) -> State:
    """GoodBought by the Maya: 3 coins, an empty token of the good flipped full (§2.8, A-44)."""
    p = state.players[fact["seat"]]
    state = with_player(state, fact["seat"], coins=p.coins - fact["coins"])
    return with_maya(state, full=flip(maya_of(state), {fact["good"]: 1}, 1))


def after_pass(state: State, seat: int) -> list[Any]:
    return [("maya_temple_scoring",)] if is_maya(state, seat) else []
