"""The Maya's goods (rules page §8.6.3): a full token is one unit; gaining flips an empty token
full, paying a full one empty. And the cards it draws from its deck (§8.6.6). Below the Maya's
rule modules (city, religion, temples, cards, setup), which all gain, pay or draw."""

from __future__ import annotations

from domain.core import Fact
from domain.core.facts import Tx

from ..goods import gain
from ..state import State, evolves, maya_of, with_maya
from .data import GOODS
from .state import flip

# -- the Maya's goods (§8.6.3): a full token is one unit -------------------------------------------


def maya_gain(tx: Tx, seat: int, what: dict[str, int], source: str) -> None:
    """Gain = flip an empty token of that type; none empty: nothing (§8.6.3). Coins, VP as usual."""
    maya = maya_of(tx.state)
    flipped = {g: min(n, maya.empty_of(g)) for g, n in what.items() if g in GOODS}
    lost = {g: n - flipped[g] for g, n in what.items() if g in GOODS and n > flipped[g]}
    if any(flipped.values()) or lost:
        tx.emit({"t": "MayaGoodsGained", "seat": seat, "goods": {g: n for g, n in flipped.items() if n},
                 "lost": lost, "source": source})
    rest = {k: v for k, v in what.items() if k in ("coins", "vp")}
    if rest:
        gain(tx, seat, rest, source)


def maya_pay(tx: Tx, seat: int, what: dict[str, int], why: str) -> None:
    tx.emit({"t": "MayaGoodsPaid", "seat": seat, "goods": dict(what), "for": why})


def holds(state: State, cost: dict[str, int]) -> bool:
    maya = maya_of(state)
    return all(maya.full_of(g) >= n for g, n in cost.items())


@evolves("MayaGoodsGained")
def _goods_gained(state: State, fact: Fact) -> State:
    return with_maya(state, full=flip(maya_of(state), fact["goods"], 1))


@evolves("MayaGoodsPaid")
def _goods_paid(state: State, fact: Fact) -> State:
    return with_maya(state, full=flip(maya_of(state), fact["goods"], -1))


def draw(tx: Tx, seat: int, n: int, why: str) -> None:
    """Draw up to n cards from the top of the deck (fewer if it runs out, §8.6.6)."""
    cards = maya_of(tx.state).deck[:n]
    if cards:
        tx.emit({"t": "MayaCardsDrawn", "seat": seat, "cards": list(cards), "for": why})


@evolves("MayaCardsDrawn")
def _cards_drawn(state: State, fact: Fact) -> State:
    maya = maya_of(state)
    cards = tuple(fact["cards"])
    return with_maya(state, hand=maya.hand + cards, deck=maya.deck[len(cards):],
                     known_bottom=tuple(c for c in maya.known_bottom if c not in cards))
