"""The Maya's facts in one sentence each (registered with the game's `describe`)."""

from __future__ import annotations

from typing import Any

from domain.core import Fact, Viewer
from domain.core.words import amount, amounts, listing, seat

from ..words import says
from .data import ITEMS, M

HALF = {"trade": "trade", "festival": "festival", "construction": "construction", "technology": "technology"}
EXCHANGE = {"buy_cocoa": "buys 1 cocoa from the supply for 1 coin", "buy_simple": "buys 1 {good} from the supply for 2 coins",
            "sell": "sells 1 {good} to the supply for 1 coin"}


def _node(node: str) -> str:
    road, _, depth = node[1:].partition("_")
    return f"the building place {depth} of road {road}"


def _items(items: dict[str, int]) -> str:
    return amounts({i: items[i] for i in ITEMS if i in items}, {"coin": "coins"}) or "nothing"


def _count(value: Any) -> int:
    return value if isinstance(value, int) else len(value)


@says("MayaSetUp")
def _set_up(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} plays the Maya city, with 1 cocoa, 1 grain and 1 wood in storage."


@says("TemplesDealt")
def _temples(f: Fact, v: Viewer) -> str:
    return "The large temple tiles are laid out: " + listing(f"{t} in the {d} district" for d, t in f["temples"].items()) + "."


@says("TempleStacksShuffled")
def _stacks(f: Fact, v: Viewer) -> str:
    return f"The {_count(f['medium'])} medium and {_count(f['small'])} small temple tiles are shuffled face down."


@says("MayaDeckShuffled")
def _deck(f: Fact, v: Viewer) -> str:
    return f"The {_count(f['order'])} Maya action cards are shuffled face down."


@says("MayaCardsDrawn")
def _drawn(f: Fact, v: Viewer) -> str:
    if "cards" in f:
        return f"{seat(f['seat'])} draws {listing(f['cards'])}."
    return f"{seat(f['seat'])} draws {amount(f['count'], 'card')}."


@says("VaultGoldAdded")
def _vault_added(f: Fact, v: Viewer) -> str:
    if "from_seat" in f:
        return f"{seat(f['from_seat'])} gives the Maya {f['gold']} gold, into the vault."
    return f"The supply puts {f['gold']} gold into the Maya's vault."


@says("VaultGoldTaken")
def _vault_taken(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} takes {f['gold']} gold from the Maya's vault."


@says("MayaGoodsGained")
def _gained(f: Fact, v: Viewer) -> str:
    lost = f" ({amounts(f['lost'])} lost: no empty token)" if f.get("lost") else ""
    filled = amounts(f["goods"]) if f["goods"] else "nothing"
    return f"{seat(f['seat'])} fills tokens: {filled}{lost}."


@says("MayaGoodsPaid")
def _paid(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} empties tokens: {amounts(f['goods'])}."


@says("MayaTokenAdded")
def _token(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} takes a full {f['type']} token from the reserve."


@says("MayaDieStarted")
def _die_started(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} puts the die on the city's die symbol {f['value']}."


@says("MayaDieMoved")
def _die_moved(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} moves the die to {_node(f['node'])}."


@says("MayaBuildingActivated")
def _activated(f: Fact, v: Viewer) -> str:
    by = "the die" if f["by"] == "die" else "a high priest"
    return f"{seat(f['seat'])} activates the building on {_node(f['node'])} with {by}."


@says("MayaDiePlaced")
def _die_placed(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} leaves the die on {_node(f['node'])}."


@says("MayaDieUseEnded")
def _die_done(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} has finished using the die."


@says("HighPriestPlaced")
def _priest_placed(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} places a high priest on {_node(f['node'])}."


@says("HighPriestTaken")
def _priest_taken(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} takes a high priest token."


@says("MayaCardPlayed")
def _card_played(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} plays {f['card']} for its {HALF[f['half']]} half."


@says("CardTucked")
def _tucked(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} tucks {f['card']} under the {f['district']} district."


@says("MayaBuildingBuilt")
def _built(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} builds a {f['kind']} building on {_node(f['node'])}."


@says("TempleLevelCompleted")
def _level(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} completes level {f['level']} of the {f['district']} temple ({f['tile']})."


@says("TempleTileRevealed")
def _revealed(f: Fact, v: Viewer) -> str:
    return f"The temple tile {f['tile']} goes on top of the {f['district']} temple."


@says("MayaRoadPlaced")
def _road(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} lays a road tile across road {f['slot'].partition('_')[2]}."


@says("MayaTemplesScored")
def _scored(f: Fact, v: Viewer) -> str:
    vp = "victory points (face down)" if f["vp"] is None else amount(f["vp"], "victory point")
    return f"{seat(f['seat'])} scores the temples: {vp}."


@says("TradeSessionOpened")
def _session(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} opens a trade with {f['card']}."


@says("TradeSessionClosed")
def _session_closed(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} ends the trade."


@says("MayaExchangeMade")
def _exchange(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} {EXCHANGE[f['id']].format(good=f['good'])}."


@says("MayaRedrawStarted")
def _redraw(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} starts a redraw."


@says("MayaRedrawMarked")
def _marked(f: Fact, v: Viewer) -> str:
    card = f"{f['card']}" if f["card"] else "a card"
    return f"{seat(f['seat'])} marks {card} to put under the deck."


@says("MayaRedrawCancelled")
def _redraw_cancelled(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} cancels the redraw."


@says("MayaCardsRedrawn")
def _redrawn(f: Fact, v: Viewer) -> str:
    under, drawn = f["put_under"], f["drawn"]
    if isinstance(under, int):
        return f"{seat(f['seat'])} pays 1 coin, puts {amount(under, 'card')} under the deck and draws {amount(drawn, 'card')}."
    return f"{seat(f['seat'])} pays 1 coin, puts {listing(under)} under the deck and draws {listing(drawn)}."


@says("TradeOfferOpened")
def _offer_opened(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} drafts an offer to {seat(f['to'])}."


@says("TradeOfferItemAdded", "TradeOfferItemRemoved")
def _offer_item(f: Fact, v: Viewer) -> str:
    verb = "adds" if f["t"] == "TradeOfferItemAdded" else "removes"
    side = "to give" if f["side"] == "give" else "to get"
    return f"{seat(f['seat'])} {verb} 1 {f['item']} {side}."


@says("TradeOffered")
def _offered(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} offers {seat(f['to'])} {_items(f['give'])} for {_items(f['get'])}."


@says("TradeOfferAnswered")
def _answered(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} {'accepts' if f['accept'] else 'declines'} the Maya's offer."


@says("TradeOfferCancelled")
def _offer_cancelled(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} withdraws the offer."


@says("MayaSimulationStarted")
def _simulation_started(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} simulates the ambassador die from the city's die symbol {f['value']}."


@says("MayaSimulationEnded")
def _simulation_ended(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} ends the simulated die on {_node(f['node'])}; no die stays there."


@says("MayaCityCleared")
def _city_cleared(f: Fact, v: Viewer) -> str:
    back = f"; {amount(f['priests_back'], 'high priest')} back to the Maya" if f["priests_back"] else ""
    return f"The dice and high priests leave the Maya city{back}."


__all__ = ["M"]
