"""The Maya's action cards (rules page §8.6.5 B): construction, festival and the trade session
with the supply (exchanges, redraws) and with the colonists (offers, `offer_reply`)."""

from __future__ import annotations

from typing import Any

from domain.core import Action, Fact, RandomSource
from domain.core.commands import Why, fields, malformed, one_of, refuse
from domain.core.facts import Tx

from ..flow import Ask, resume, run, task, why_not_decision, why_not_main
from ..goods import gain, pay
from ..state import State, Task, commands, evolves, put, replace, thaw
from .city import why_not_maya
from .data import GOODS, ITEMS, M
from .goods import holds, maya_gain, maya_pay
from .state import Offer, Session, flip, maya_of, with_maya

PLAYABLE_HALVES = ("trade", "festival", "construction")
TILE_FOR = {"wood": "wooden", "grain": "straw"}


def empty_places(state: State) -> list[str]:
    maya = maya_of(state)
    return [n for n in M.nodes if M.printed[n] is None and not maya.built[maya.node(n)]]


# -- B: play an action card ------------------------------------------------------------------------


def why_not_card(state: State, card: str, half: str) -> Why:
    maya = maya_of(state)
    if card not in maya.hand:
        return ("maya.card_not_in_hand", "That card is not in the Maya's hand.")
    data = M.cards[card].get(half)
    if half not in PLAYABLE_HALVES or data is None:
        return ("maya.bad_half", "Play a trade, festival or construction half the card has "
                "(technology halves go with a die).")
    if half == "festival" and not holds(state, data["pay"]):
        return ("maya.cannot_pay", "The Maya lacks a full token for the festival's cost.")
    if half == "construction":
        if maya.full_of(data["pay"]) < 1:
            return ("maya.cannot_pay", f"The construction costs a full {data['pay']} token.")
        kind = TILE_FOR[data["pay"]]
        if getattr(maya, kind) < 1 or not empty_places(state):
            return ("maya.no_building_place", f"No {kind} building tile is left or the city has no empty building place.")
    return None


@commands.command("maya_play_card")
def _maya_play_card(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("card", "half"))
    card = one_of(action, "card", M.card_ids)
    half = one_of(action, "half", ("trade", "festival", "construction", "technology"))
    refuse(why_not_main(tx.state, seat))
    refuse(why_not_maya(tx.state, seat))
    refuse(why_not_card(tx.state, card, half))
    data = M.cards[card][half]
    tx.emit({"t": "MayaCardPlayed", "seat": seat, "card": card, "half": half})
    tuck: Task = ("maya_tuck", card, half)
    if half == "construction":
        maya_pay(tx, seat, {data["pay"]: 1}, "construction")
        run(tx, seat, [("maya_ask_build", TILE_FOR[data["pay"]]), tuck], rng)
    elif half == "festival":
        maya_pay(tx, seat, data["pay"], "festival")
        maya_gain(tx, seat, data["gain"], "festival")
        run(tx, seat, [tuck], rng)
    else:
        gain(tx, seat, {"coins": 1}, "trade_card")
        tx.emit({"t": "TradeSessionOpened", "seat": seat, "card": card})
        run(tx, seat, [("maya_session",), tuck], rng)


def card_actions(state: State, seat: int) -> list[Action]:
    return [{"type": "maya_play_card", "card": c, "half": h} for c in maya_of(state).hand for h in PLAYABLE_HALVES
            if why_not_card(state, c, h) is None]


@task("maya_ask_build")
def _ask_build(tx: Tx, seat: int, step: Task, rng: RandomSource) -> Ask:
    return Ask("maya_build", {"effect": step[1]})


def why_not_build(state: State, node: str) -> Why:
    if node not in empty_places(state):
        return ("maya.not_empty_place", "A building tile goes on an empty building place.")
    return None


@commands.command("maya_build")
def _maya_build(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("node",))
    node = one_of(action, "node", M.nodes)
    refuse(why_not_decision(tx.state, seat, ("maya_build",)))
    refuse(why_not_build(tx.state, node))
    pending = tx.state.pending
    assert pending is not None
    tx.emit({"t": "MayaBuildingBuilt", "seat": seat, "node": node, "kind": pending.effect})
    resume(tx, seat, [], rng)


def build_actions(state: State, seat: int) -> list[Action]:
    return [{"type": "maya_build", "node": n} for n in empty_places(state)]


@evolves("MayaBuildingBuilt")
def _building_built(state: State, fact: Fact) -> State:
    maya = maya_of(state)
    kind = fact["kind"]
    return with_maya(state, built=put(maya.built, maya.node(fact["node"]), kind), **{kind: getattr(maya, kind) - 1})


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
        return ("maya.session_busy", "Finish or cancel the redraw or the offer in progress first.")
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
            return ("maya.cannot_pay", f"The Maya has no full {good} token to sell.")
        return None
    price = 1 if kind == "buy_cocoa" else 2
    if coins < price:
        return ("maya.cannot_pay", f"That purchase costs {price} coin{'s' if price > 1 else ''}.")
    if maya.empty_of(good or "cocoa") < 1:
        return ("maya.no_room", f"The Maya has no empty {good or 'cocoa'} token to fill.")
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


# redraw (§11 A-74)


def why_not_redraw_start(state: State, seat: int) -> Why:
    if state.players[seat].coins < 1:
        return ("maya.cannot_pay", "A redraw costs 1 coin.")
    if not maya_of(state).hand:
        return ("maya.empty_hand", "The Maya has no card in hand to put back.")
    return None


def why_not_redrawing(state: State) -> Why:
    if session(state).marks is None:
        return ("maya.no_redraw", "Start a redraw first (maya_redraw_start).")
    return None


@commands.command("maya_redraw_start")
def _redraw_start(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    refuse(why_not_decision(tx.state, seat, ("maya_trade",)))
    refuse(why_not_idle(tx.state))
    refuse(why_not_redraw_start(tx.state, seat))
    tx.emit({"t": "MayaRedrawStarted", "seat": seat})


def why_not_mark(state: State, card: str) -> Why:
    marks = session(state).marks
    assert marks is not None
    if card not in maya_of(state).hand or card in marks:
        return ("maya.card_not_in_hand", "Mark a card of the hand not marked yet.")
    return None


@commands.command("maya_redraw_mark")
def _redraw_mark(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("card",))
    card = one_of(action, "card", M.card_ids)
    refuse(why_not_decision(tx.state, seat, ("maya_trade",)))
    refuse(why_not_redrawing(tx.state))
    refuse(why_not_mark(tx.state, card))
    tx.emit({"t": "MayaRedrawMarked", "seat": seat, "card": card})


def why_not_redraw_done(state: State, seat: int) -> Why:
    if not session(state).marks:
        return ("maya.redraw_empty", "Mark at least one card to put under the deck.")
    if state.players[seat].coins < 1:  # a free buy since the start may have spent it
        return ("maya.cannot_pay", "A redraw costs 1 coin.")
    return None


@commands.command("maya_redraw_done")
def _redraw_done(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    refuse(why_not_decision(tx.state, seat, ("maya_trade",)))
    refuse(why_not_redrawing(tx.state))
    refuse(why_not_redraw_done(tx.state, seat))
    marks = session(tx.state).marks
    assert marks is not None
    tx.emit({"t": "CoinsPaid", "seat": seat, "coins": 1, "for": "redraw"})
    pile = maya_of(tx.state).deck + marks  # under the deck in marking order, then as many from the top
    tx.emit({"t": "MayaCardsRedrawn", "seat": seat, "put_under": list(marks), "drawn": list(pile[: len(marks)])})


@commands.command("maya_redraw_cancel")
def _redraw_cancel(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    refuse(why_not_decision(tx.state, seat, ("maya_trade",)))
    refuse(why_not_redrawing(tx.state))
    tx.emit({"t": "MayaRedrawCancelled", "seat": seat})


@evolves("MayaRedrawStarted", "MayaRedrawMarked", "MayaRedrawCancelled")
def _redraw_marks(state: State, fact: Fact) -> State:
    s = session(state)
    marks = {"MayaRedrawStarted": (), "MayaRedrawCancelled": None}.get(fact["t"], (*(s.marks or ()), fact.get("card")))
    return with_maya(state, session=replace(s, marks=marks))


@evolves("MayaCardsRedrawn")
def _cards_redrawn(state: State, fact: Fact) -> State:
    maya = maya_of(state)
    under, drawn = tuple(fact["put_under"]), tuple(fact["drawn"])
    pile = maya.deck + under
    hand = tuple(c for c in maya.hand if c not in under) + drawn
    known = tuple(c for c in (*maya.known_bottom, *under) if c not in drawn)
    return with_maya(state, hand=hand, deck=pile[len(drawn):], known_bottom=known,
                     session=replace(session(state), marks=None))


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
        return ("offer.supply_only", "In the solo game the Maya trades with the supply only.")
    if not 0 <= to < state.seats or to == maya_of(state).seat:
        return ("offer.bad_seat", "Offer a trade to a colonist's seat.")
    return None


def why_not_drafting(state: State) -> Why:
    o = session(state).offer
    if o is None or o.sent:
        return ("offer.none_open", "Open an offer first (maya_offer_open).")
    return None


def holder(state: State, side: str, item: str) -> int:
    o = offer(state)
    return maya_holds(state, item) if side == "give" else colonist_holds(state, o.to, item)


def why_not_add(state: State, side: str, item: str) -> Why:
    o = offer(state)
    listed = (o.give if side == "give" else o.get)[ITEMS.index(item)]
    if holder(state, side, item) < listed + 1:
        who = "The Maya" if side == "give" else "That colonist"
        return ("offer.bad_item", f"{who} does not hold one more {item} than the offer lists.")
    return None


def why_not_remove(state: State, side: str, item: str) -> Why:
    o = offer(state)
    if (o.give if side == "give" else o.get)[ITEMS.index(item)] < 1:
        return ("offer.bad_item", f"The offer lists no {item} on that side.")
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
        return ("offer.empty", "Put at least one unit into the offer.")
    for side, counts in (("give", o.give), ("get", o.get)):  # free actions may have changed holdings
        for item, n in as_map(counts).items():
            if holder(state, side, item) < n:
                return ("offer.bad_item", f"The offer lists more {item} than is held now.")
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


def session_actions(state: State, seat: int) -> list[Action]:
    s = session(state)
    if s.marks is not None:
        out: list[Action] = [{"type": "maya_redraw_cancel"}]
        if why_not_redraw_done(state, seat) is None:
            out.append({"type": "maya_redraw_done"})
        return out + [{"type": "maya_redraw_mark", "card": c} for c in maya_of(state).hand if c not in s.marks]
    if s.offer is not None:
        out = [{"type": "maya_offer_cancel"}]
        if why_not_send(state) is None:
            out.append({"type": "maya_offer_send"})
        for side in ("give", "get"):
            out += [{"type": "maya_offer_add", "side": side, "item": i} for i in ITEMS if why_not_add(state, side, i) is None]
            out += [{"type": "maya_offer_remove", "side": side, "item": i} for i in ITEMS
                    if why_not_remove(state, side, i) is None]
        return out
    out = [{"type": "maya_end_trade"}]
    out += [_exchange_action(k, g) for k in EXCHANGES for g in exchange_goods(k) if why_not_exchange(state, seat, k, g) is None]
    if why_not_redraw_start(state, seat) is None:
        out.append({"type": "maya_redraw_start"})
    out += [{"type": "maya_offer_open", "to": s2} for s2 in range(state.seats) if why_not_open(state, s2) is None]
    return out


def reply_actions(state: State, seat: int) -> list[Action]:
    return [{"type": "offer_reply", "accept": True}, {"type": "offer_reply", "accept": False}]


__all__ = ["Any"]
