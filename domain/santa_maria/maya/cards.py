"""The Maya's action cards (rules page §8.6.5 B): playing one, the construction and festival
halves, and in the trade session a trade half opens, the redraw of the hand (§11 A-74) and the
list of the session's actions. The session's frame and its exchanges with the supply are
trade.py's, the offers to colonists (`offer_reply`) offers.py's."""

from __future__ import annotations

from typing import Any

from domain.core import Action, Fact, RandomSource
from domain.core.commands import Why, fields, one_of, refuse
from domain.core.facts import Tx

from ..flow import Ask, resume, run, task, why_not_decision, why_not_main
from ..goods import gain
from ..i18n import _, maya_building
from ..i18n import good as good_name
from ..state import State, Task, commands, evolves, maya_of, put, replace, with_maya
from .city import why_not_maya
from .data import ITEMS, M
from .goods import holds, maya_gain, maya_pay
from .offers import why_not_add, why_not_open, why_not_remove, why_not_send
from .trade import (
    EXCHANGES,
    _exchange_action,
    exchange_goods,
    session,
    why_not_exchange,
    why_not_idle,
)

PLAYABLE_HALVES = ("trade", "festival", "construction")
TILE_FOR = {"wood": "wooden", "grain": "straw"}


def empty_places(state: State) -> list[str]:
    maya = maya_of(state)
    return [n for n in M.nodes if M.printed[n] is None and not maya.built[maya.node(n)]]


# -- B: play an action card ------------------------------------------------------------------------


def why_not_card(state: State, card: str, half: str) -> Why:
    maya = maya_of(state)
    if card not in maya.hand:
        return ("maya.card_not_in_hand", _("That card is not in the Maya's hand."))
    data = M.cards[card].get(half)
    if half not in PLAYABLE_HALVES or data is None:
        return ("maya.bad_half", _("Play a trade, festival or construction half the card has (technology halves go with a die)."))
    if half == "festival" and not holds(state, data["pay"]):
        return ("maya.cannot_pay", _("The Maya lacks a full token for the festival's cost."))
    if half == "construction":
        if maya.full_of(data["pay"]) < 1:
            return ("maya.cannot_pay", _("The construction costs a full {pay} token.", pay=good_name(str(data['pay']))))
        kind = TILE_FOR[data["pay"]]
        if getattr(maya, kind) < 1 or not empty_places(state):
            return ("maya.no_building_place", _("No building tile ({kind}) is left or the city has no empty building place.", kind=maya_building(kind)))
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
        return ("maya.not_empty_place", _("A building tile goes on an empty building place."))
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


# redraw (§11 A-74)


def why_not_redraw_start(state: State, seat: int) -> Why:
    if state.players[seat].coins < 1:
        return ("maya.cannot_pay", _("A redraw costs 1 coin."))
    if not maya_of(state).hand:
        return ("maya.empty_hand", _("The Maya has no card in hand to put back."))
    return None


def why_not_redrawing(state: State) -> Why:
    if session(state).marks is None:
        return ("maya.no_redraw", _("Start a redraw first (maya_redraw_start)."))
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
        return ("maya.card_not_in_hand", _("Mark a card of the hand not marked yet."))
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
        return ("maya.redraw_empty", _("Mark at least one card to put under the deck."))
    if state.players[seat].coins < 1:  # a free buy since the start may have spent it
        return ("maya.cannot_pay", _("A redraw costs 1 coin."))
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


__all__ = ["Any"]
