"""The trade session a trade card opens (rules page §8.6.5 B, §11 A-73, A-74): what is in progress,
closing it, and the exchanges with the supply (§8.6.1 maya_trade_menu). The redraw is the cards'
(cards.py), the offers to colonists are offers.py's; cards.py lists the whole session's actions."""

from __future__ import annotations

from domain.core import Action, Fact, RandomSource
from domain.core.commands import Why, fields, malformed, one_of, refuse
from domain.core.facts import Tx

from ..flow import Ask, resume, task, why_not_decision
from ..i18n import _, ngettext
from ..i18n import good as good_name
from ..state import State, Task, commands, evolves, maya_of, put, replace, with_maya
from .data import GOODS
from .state import Session, flip

# -- the trade session (§8.6.5 B, §11) ----------------------------------------------------


@task("maya_session")
def _session(tx: Tx, seat: int, step: Task, rng: RandomSource) -> Ask:
    return Ask("maya_trade")


def session(state: State) -> Session:
    s = maya_of(state).session
    assert s is not None
    return s


def why_not_idle(state: State) -> Why:
    s = session(state)
    if s.marks is not None or s.offer is not None:
        return ("maya.session_busy", _("Finish or cancel the redraw or the offer in progress first."))
    return None


@evolves("TradeSessionOpened")
def _session_opened(state: State, fact: Fact) -> State:
    return with_maya(state, session=Session(fact["card"]))


@evolves("TradeSessionClosed")
def _session_closed(state: State, fact: Fact) -> State:
    return with_maya(state, session=None)


@commands.command("maya_end_trade")
def _maya_end_trade(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    refuse(why_not_decision(tx.state, seat, ("maya_trade",)))
    refuse(why_not_idle(tx.state))
    tx.emit({"t": "TradeSessionClosed", "seat": seat})
    resume(tx, seat, [], rng)


# exchanges with the supply (§8.6.1 maya_trade_menu)

EXCHANGES = ("buy_cocoa", "buy_simple", "sell")


def exchange_goods(kind: str) -> tuple[str | None, ...]:
    return {"buy_cocoa": (None,), "buy_simple": ("grain", "wood"), "sell": GOODS}[kind]


def why_not_exchange(state: State, seat: int, kind: str, good: str | None) -> Why:
    maya = maya_of(state)
    coins = state.players[seat].coins
    if kind == "sell":
        assert good is not None
        if maya.full_of(good) < 1:
            return ("maya.cannot_pay", _("The Maya has no full {good} token to sell.", good=good_name(good)))
        return None
    price = 1 if kind == "buy_cocoa" else 2
    if coins < price:
        return ("maya.cannot_pay", ngettext("That purchase costs {n} coin.", "That purchase costs {n} coins.", price))
    if maya.empty_of(good or "cocoa") < 1:
        return ("maya.no_room", _("The Maya has no empty {good} token to fill.", good=good_name(good or 'cocoa')))
    return None


@commands.command("maya_exchange")
def _maya_exchange(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("id",), ("good",))
    kind = one_of(action, "id", EXCHANGES)
    if kind == "buy_cocoa" and "good" in action:
        raise malformed("buy_cocoa takes no 'good'.")
    goods = ("grain", "wood") if kind == "buy_simple" else GOODS
    good = one_of(action, "good", goods) if kind != "buy_cocoa" and "good" in action else None
    if kind != "buy_cocoa" and good is None:
        raise malformed(f"{kind} needs a 'good'.")
    refuse(why_not_decision(tx.state, seat, ("maya_trade",)))
    refuse(why_not_idle(tx.state))
    refuse(why_not_exchange(tx.state, seat, kind, good))
    coins = {"buy_cocoa": -1, "buy_simple": -2, "sell": 1}[kind]
    tx.emit({"t": "MayaExchangeMade", "seat": seat, "id": kind, "good": good or "cocoa", "coins": coins})


@evolves("MayaExchangeMade")
def _exchange_made(state: State, fact: Fact) -> State:
    maya = maya_of(state)
    sign = -1 if fact["id"] == "sell" else 1
    p = state.players[fact["seat"]]
    state = replace(state, players=put(state.players, fact["seat"], replace(p, coins=p.coins + fact["coins"])))
    return with_maya(state, full=flip(maya, {fact["good"]: 1}, sign))


def _exchange_action(kind: str, good: str | None) -> Action:
    return {"type": "maya_exchange", "id": kind} if good is None else {"type": "maya_exchange", "id": kind, "good": good}
