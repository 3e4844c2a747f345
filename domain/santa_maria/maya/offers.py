"""The Maya's offers to colonists in a trade session (rules page §8.6.5 B, §11 A-73): drafting an
offer, sending it, the colonist's `offer_reply`, and the transfer both ways (A-43, A-45)."""

from __future__ import annotations

from domain.core import Action, Fact, RandomSource
from domain.core.commands import Why, fields, malformed, one_of, refuse
from domain.core.facts import Tx

from ..flow import why_not_decision
from ..goods import gain, pay
from ..i18n import _
from ..i18n import good as item_name
from ..state import State, commands, evolves, maya_of, put, replace, thaw, with_maya
from .data import GOODS, ITEMS
from .goods import maya_gain, maya_pay
from .state import Offer
from .trade import session, why_not_idle

# offers to colonists (§11 A-73)


def colonist_holds(state: State, seat: int, item: str) -> int:
    """What a colonist can give: goods and gold in storage, coins, full cocoa tokens (§8.1)."""
    p = state.players[seat]
    if item == "coin":
        return p.coins
    if item == "cocoa":
        return p.cocoa or 0
    return p.good(item)


def maya_holds(state: State, item: str) -> int:
    maya = maya_of(state)
    if item == "coin":
        return state.players[maya.seat].coins
    if item == "gold":
        return maya.vault
    return maya.full_of(item)


def offer(state: State) -> Offer:
    o = session(state).offer
    assert o is not None
    return o


def why_not_open(state: State, to: int) -> Why:
    if state.seats == 1:
        return ("offer.supply_only", _("In the solo game the Maya trades with the supply only."))
    if not 0 <= to < state.seats or to == maya_of(state).seat:
        return ("offer.bad_seat", _("Offer a trade to a colonist's seat."))
    return None


def why_not_drafting(state: State) -> Why:
    o = session(state).offer
    if o is None or o.sent:
        return ("offer.none_open", _("Open an offer first (maya_offer_open)."))
    return None


def holder(state: State, side: str, item: str) -> int:
    o = offer(state)
    return maya_holds(state, item) if side == "give" else colonist_holds(state, o.to, item)


def why_not_add(state: State, side: str, item: str) -> Why:
    o = offer(state)
    listed = (o.give if side == "give" else o.get)[ITEMS.index(item)]
    if holder(state, side, item) < listed + 1:
        if side == "give":
            return ("offer.bad_item", _("The Maya does not hold one more {item} than the offer lists.", item=item_name(item)))
        return ("offer.bad_item", _("That colonist does not hold one more {item} than the offer lists.", item=item_name(item)))
    return None


def why_not_remove(state: State, side: str, item: str) -> Why:
    o = offer(state)
    if (o.give if side == "give" else o.get)[ITEMS.index(item)] < 1:
        return ("offer.bad_item", _("The offer lists no {item} on that side.", item=item_name(item)))
    return None


def _side_item(action: Action) -> tuple[str, str]:
    return one_of(action, "side", ("give", "get")), one_of(action, "item", ITEMS)


@commands.command("maya_offer_open")
def _offer_open(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("to",))
    to = action["to"]
    if type(to) is not int:
        raise malformed("'to' must be a seat number.")
    refuse(why_not_decision(tx.state, seat, ("maya_trade",)))
    refuse(why_not_idle(tx.state))
    refuse(why_not_open(tx.state, to))
    tx.emit({"t": "TradeOfferOpened", "seat": seat, "to": to})


@commands.command("maya_offer_add")
def _offer_add(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("side", "item"))
    side, item = _side_item(action)
    refuse(why_not_decision(tx.state, seat, ("maya_trade",)))
    refuse(why_not_drafting(tx.state))
    refuse(why_not_add(tx.state, side, item))
    tx.emit({"t": "TradeOfferItemAdded", "seat": seat, "side": side, "item": item})


@commands.command("maya_offer_remove")
def _offer_remove(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("side", "item"))
    side, item = _side_item(action)
    refuse(why_not_decision(tx.state, seat, ("maya_trade",)))
    refuse(why_not_drafting(tx.state))
    refuse(why_not_remove(tx.state, side, item))
    tx.emit({"t": "TradeOfferItemRemoved", "seat": seat, "side": side, "item": item})


def as_map(counts: tuple[int, ...]) -> dict[str, int]:
    return {i: n for i, n in zip(ITEMS, counts, strict=True) if n}


def why_not_send(state: State) -> Why:
    o = offer(state)
    if not any(o.give) and not any(o.get):
        return ("offer.empty", _("Put at least one unit into the offer."))
    for side, counts in (("give", o.give), ("get", o.get)):  # free actions may have changed holdings
        for item, n in as_map(counts).items():
            if holder(state, side, item) < n:
                return ("offer.bad_item", _("The offer lists more {item} than is held now.", item=item_name(item)))
    return None


@commands.command("maya_offer_send")
def _offer_send(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    refuse(why_not_decision(tx.state, seat, ("maya_trade",)))
    refuse(why_not_drafting(tx.state))
    refuse(why_not_send(tx.state))
    o = offer(tx.state)
    pending = tx.state.pending
    assert pending is not None
    tx.emit({"t": "TradeOffered", "seat": seat, "to": o.to, "give": as_map(o.give), "get": as_map(o.get)})
    tx.emit({"t": "DecisionAsked", "seat": o.to, "decision": "offer_reply", "then": thaw(pending.agenda)})


@commands.command("maya_offer_cancel")
def _offer_cancel(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    refuse(why_not_decision(tx.state, seat, ("maya_trade",)))
    refuse(why_not_drafting(tx.state))
    tx.emit({"t": "TradeOfferCancelled", "seat": seat})


@commands.command("offer_reply")
def _offer_reply(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("accept",))
    accept = action["accept"]
    if type(accept) is not bool:
        raise malformed("'accept' must be true or false.")
    refuse(why_not_decision(tx.state, seat, ("offer_reply",)))
    o = offer(tx.state)
    maya = maya_of(tx.state)
    pending = tx.state.pending
    assert pending is not None
    tx.emit({"t": "TradeOfferAnswered", "seat": seat, "accept": accept})
    if accept:
        transfer(tx, maya.seat, o)
    tx.emit({"t": "DecisionAsked", "seat": maya.seat, "decision": "maya_trade", "then": thaw(pending.agenda)})


def transfer(tx: Tx, maya_seat: int, o: Offer) -> None:
    """Both sides at once: first each pays, then each receives by its own rules (§8.6.5, A-43)."""
    give, get = as_map(o.give), as_map(o.get)
    paid = {g: n for g, n in get.items() if g in ("wood", "grain", "sugar", "gem", "cocoa")}
    if paid:  # a colonist's cocoa: full cocoa tokens flipped empty (§8.1)
        pay(tx, o.to, paid, "maya_trade")
    if get.get("gold"):  # gold given to the Maya goes into the vault
        tx.emit({"t": "VaultGoldAdded", "gold": get["gold"], "from_seat": o.to, "source": "trade"})
    if get.get("coin"):
        tx.emit({"t": "CoinsTransferred", "from": o.to, "to": maya_seat, "coins": get["coin"]})
    tokens = {g: n for g, n in give.items() if g in GOODS}
    if tokens:
        maya_pay(tx, maya_seat, tokens, "trade")
    if give.get("coin"):
        tx.emit({"t": "CoinsTransferred", "from": maya_seat, "to": o.to, "coins": give["coin"]})
    received = {g: n for g, n in get.items() if g in GOODS}
    if received:
        maya_gain(tx, maya_seat, received, "trade")  # a unit without an empty token is lost
    goods = {g: n for g, n in give.items() if g in ("wood", "grain", "sugar", "gem", "gold", "cocoa")}
    if goods:  # overflow to coins; gold out of the vault; cocoa onto empty tokens, else lost (§8.1)
        gain(tx, o.to, goods, "maya_trade")


@evolves("TradeOfferOpened")
def _offer_opened(state: State, fact: Fact) -> State:
    return with_maya(state, session=replace(session(state), offer=Offer(fact["to"])))


@evolves("TradeOfferItemAdded", "TradeOfferItemRemoved")
def _offer_item(state: State, fact: Fact) -> State:
    o = offer(state)
    i, sign = ITEMS.index(fact["item"]), (1 if fact["t"] == "TradeOfferItemAdded" else -1)
    if fact["side"] == "give":
        o = replace(o, give=put(o.give, i, o.give[i] + sign))
    else:
        o = replace(o, get=put(o.get, i, o.get[i] + sign))
    return with_maya(state, session=replace(session(state), offer=o))


@evolves("TradeOffered")
def _offered(state: State, fact: Fact) -> State:
    return with_maya(state, session=replace(session(state), offer=replace(offer(state), sent=True)))


@evolves("TradeOfferAnswered", "TradeOfferCancelled")
def _offer_closed(state: State, fact: Fact) -> State:
    return with_maya(state, session=replace(session(state), offer=None))


def reply_actions(state: State, seat: int) -> list[Action]:
    return [{"type": "offer_reply", "accept": True}, {"type": "offer_reply", "accept": False}]
