"""Mysterious places (rules page §5.3, FE-AMB-24, FE-AMB-45): of the two cards drawn the owner
must keep one he can keep (no second card of the same place; a card showing goods costs such a
tile); the others go under the deck in the order drawn. The kept card is secret until the end."""

from __future__ import annotations

from collections.abc import Iterator

from domain.core import Action, Fact, RandomSource
from domain.core.commands import Why, fields, refuse, reject
from domain.core.facts import Tx

from ..components import C
from ..i18n import _, good, mystery
from ..state import State, Step, add, commands, evolves, one, player, replace, why_not_offered
from .arrival import finish_entry


def why_not_keep(state: State, seat: int, card: str | None) -> Why:
    e = state.expedition
    assert e is not None
    if card is None:
        return ("mystery.must_keep", _("You must keep one of the drawn cards that you can keep."))
    if card not in e.drawn:
        return ("mystery.not_drawn", _("{card} is not one of the cards you drew.", card=card))
    p = state.players[seat]
    if any(C.mystery_place[c] == C.mystery_place[card] for c in p.mystery):
        return ("mystery.duplicate", _("You hold a card of {place} already.", place=mystery(card)))
    cost = C.mystery_cost[card]
    if cost is not None and not p.goods[C.goods.index(cost)]:
        return ("mystery.missing_goods", _("To keep {place} you must hand in a {goods} tile.", place=mystery(card),
                                          goods=good(cost)))
    return None


def keeps(state: State, seat: int) -> Iterator[Action]:
    e = state.expedition
    assert e is not None
    for card in e.drawn:
        if why_not_keep(state, seat, card) is None:
            yield {"type": "keep_mystery", "card": card}


def _resolve(tx: Tx, rng: RandomSource, card: str | None, auto: bool) -> None:
    e = tx.state.expedition
    assert e is not None
    drawn = e.drawn
    tx.emit({"t": "MysteryCardKept", "seat": e.seat, "card": card, "auto": auto,
             "goods_paid": C.mystery_cost[card] if card is not None else None})
    rest = [c for c in drawn if c != card]
    if rest:
        tx.emit({"t": "MysteryCardsReturned", "seat": e.seat, "count": len(rest), "cards": rest})
    finish_entry(tx, rng)


@commands.command("keep_mystery")
def _keep_mystery(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    refuse(why_not_offered(tx.state, "keep_mystery"))
    fields(action, ("card",))
    card = action["card"]
    if card is not None and card not in C.mystery_cards:
        reject("action.malformed", _("{card!r} is not a mysterious place card.", card=card))
    refuse(why_not_keep(tx.state, seat, card))
    _resolve(tx, rng, card, auto=False)


def step(tx: Tx, rng: RandomSource) -> bool:
    """No drawn card can be kept (any more): nothing is kept, automatically."""
    e = tx.state.expedition
    assert e is not None
    if any(True for _keep in keeps(tx.state, e.seat)):
        return False
    _resolve(tx, rng, None, auto=True)
    return True


def redact_action(action: Action, seat: int, viewer: int | None) -> Action:
    """§7: the card kept is hidden from other seats and spectators until the game is over."""
    if action.get("type") == "keep_mystery":
        return {"type": "keep_mystery"}
    return action


@evolves("MysteryCardKept")
def _mystery_card_kept(state: State, fact: Fact) -> State:
    e = state.expedition
    assert e is not None
    seat, card = fact["seat"], fact["card"]
    if card is not None:
        p = state.players[seat]
        state = player(state, seat, mystery=(*p.mystery, card))
        if fact["goods_paid"] is not None:
            state = player(state, seat, goods=add(p.goods, one(fact["goods_paid"]), -1))
            state = replace(state, bag=add(state.bag, one(fact["goods_paid"])))
    return replace(state, step=Step.EXPLORATION, expedition=replace(e, drawn=()))


@evolves("MysteryCardsReturned")
def _mystery_cards_returned(state: State, fact: Fact) -> State:
    return replace(state, mystery_deck=(*state.mystery_deck, *fact["cards"]))
