"""The Maya's facts in one sentence each (registered with the game's `describe`), in the reader's
language (the words: ../i18n.py)."""

from __future__ import annotations

from typing import Any

from domain.core import Fact, Viewer
from domain.core.words import listing, seat

from ..i18n import N_, _, district, good, goods, goods_listed, maya_building, ngettext, vp
from ..words import says
from .data import ITEMS, M


def _node(node: str) -> str:
    road, _sep, depth = node[1:].partition("_")
    return _("the building place {depth} of road {road}", depth=depth, road=road)


def _items(items: dict[str, int]) -> str:
    return goods_listed({("coins" if i == "coin" else i): items[i] for i in ITEMS if i in items})


def _count(value: Any) -> int:
    return value if isinstance(value, int) else len(value)


@says("MayaSetUp")
def _set_up(f: Fact, v: Viewer) -> str:
    return _("{who} plays the Maya city, with 1 cocoa, 1 grain and 1 wood in storage.", who=seat(f["seat"]))


@says("TemplesDealt")
def _temples(f: Fact, v: Viewer) -> str:
    laid = [_("{tile} in the {district} district", tile=t, district=district(d)) for d, t in f["temples"].items()]
    return _("The large temple tiles are laid out: {temples}.", temples=listing(laid))


@says("TempleStacksShuffled")
def _stacks(f: Fact, v: Viewer) -> str:
    return _("The {medium} medium and {small} small temple tiles are shuffled face down.", medium=_count(f["medium"]),
             small=_count(f["small"]))


@says("MayaDeckShuffled")
def _deck(f: Fact, v: Viewer) -> str:
    return ngettext("The {n} Maya action card is shuffled face down.", "The {n} Maya action cards are shuffled face down.",
                    _count(f["order"]))


@says("MayaCardsDrawn")
def _drawn(f: Fact, v: Viewer) -> str:
    if "cards" in f:
        return _("{who} draws {cards}.", who=seat(f["seat"]), cards=listing(f["cards"]))
    return ngettext("{who} draws {n} card.", "{who} draws {n} cards.", f["count"], who=seat(f["seat"]))


@says("VaultGoldAdded")
def _vault_added(f: Fact, v: Viewer) -> str:
    if "from_seat" in f:
        return _("{who} gives the Maya {gold}, into the vault.", who=seat(f["from_seat"]), gold=goods(f["gold"], "gold"))
    return _("The supply puts {gold} into the Maya's vault.", gold=goods(f["gold"], "gold"))


@says("VaultGoldTaken")
def _vault_taken(f: Fact, v: Viewer) -> str:
    return _("{who} takes {gold} from the Maya's vault.", who=seat(f["seat"]), gold=goods(f["gold"], "gold"))


@says("MayaGoodsGained")
def _gained(f: Fact, v: Viewer) -> str:
    filled = goods_listed(f["goods"])
    if f.get("lost"):
        return _("{who} fills tokens: {goods} ({lost} lost: no empty token).", who=seat(f["seat"]), goods=filled,
                 lost=goods_listed(f["lost"]))
    return _("{who} fills tokens: {goods}.", who=seat(f["seat"]), goods=filled)


@says("MayaGoodsPaid")
def _paid(f: Fact, v: Viewer) -> str:
    return _("{who} empties tokens: {goods}.", who=seat(f["seat"]), goods=goods_listed(f["goods"]))


@says("MayaTokenAdded")
def _token(f: Fact, v: Viewer) -> str:
    return _("{who} takes a full {good} token from the reserve.", who=seat(f["seat"]), good=good(f["type"]))


@says("MayaDieStarted")
def _die_started(f: Fact, v: Viewer) -> str:
    return _("{who} puts the die on the city's die symbol {value}.", who=seat(f["seat"]), value=f["value"])


@says("MayaDieMoved")
def _die_moved(f: Fact, v: Viewer) -> str:
    return _("{who} moves the die to {place}.", who=seat(f["seat"]), place=_node(f["node"]))


@says("MayaBuildingActivated")
def _activated(f: Fact, v: Viewer) -> str:
    if f["by"] == "die":
        return _("{who} activates the building on {place} with the die.", who=seat(f["seat"]), place=_node(f["node"]))
    return _("{who} activates the building on {place} with a high priest.", who=seat(f["seat"]), place=_node(f["node"]))


@says("MayaDiePlaced")
def _die_placed(f: Fact, v: Viewer) -> str:
    return _("{who} leaves the die on {place}.", who=seat(f["seat"]), place=_node(f["node"]))


@says("MayaDieUseEnded")
def _die_done(f: Fact, v: Viewer) -> str:
    return _("{who} has finished using the die.", who=seat(f["seat"]))


@says("HighPriestPlaced")
def _priest_placed(f: Fact, v: Viewer) -> str:
    return _("{who} places a high priest on {place}.", who=seat(f["seat"]), place=_node(f["node"]))


@says("HighPriestTaken")
def _priest_taken(f: Fact, v: Viewer) -> str:
    return _("{who} takes a high priest token.", who=seat(f["seat"]))


@says("MayaCardPlayed")
def _card_played(f: Fact, v: Viewer) -> str:
    return _("{who} plays {card} for its half: {half}.", who=seat(f["seat"]), card=f["card"], half=district(f["half"]))


@says("CardTucked")
def _tucked(f: Fact, v: Viewer) -> str:
    return _("{who} tucks {card} under the {district} district.", who=seat(f["seat"]), card=f["card"], district=district(f["district"]))


@says("MayaBuildingBuilt")
def _built(f: Fact, v: Viewer) -> str:
    return _("{who} builds a building ({kind}) on {place}.", who=seat(f["seat"]), kind=maya_building(f["kind"]), place=_node(f["node"]))


@says("TempleLevelCompleted")
def _level(f: Fact, v: Viewer) -> str:
    return _("{who} completes level {level} of the {district} temple ({tile}).", who=seat(f["seat"]), level=f["level"],
             district=district(f["district"]), tile=f["tile"])


@says("TempleTileRevealed")
def _revealed(f: Fact, v: Viewer) -> str:
    return _("The temple tile {tile} goes on top of the {district} temple.", tile=f["tile"], district=district(f["district"]))


@says("MayaRoadPlaced")
def _road(f: Fact, v: Viewer) -> str:
    return _("{who} lays a road tile across road {road}.", who=seat(f["seat"]), road=f["slot"].partition("_")[2])


@says("MayaTemplesScored")
def _scored(f: Fact, v: Viewer) -> str:
    points = _("victory points (face down)") if f["vp"] is None else vp(f["vp"])
    return _("{who} scores the temples: {vp}.", who=seat(f["seat"]), vp=points)


@says("TradeSessionOpened")
def _session(f: Fact, v: Viewer) -> str:
    return _("{who} opens a trade with {card}.", who=seat(f["seat"]), card=f["card"])


@says("TradeSessionClosed")
def _session_closed(f: Fact, v: Viewer) -> str:
    return _("{who} ends the trade.", who=seat(f["seat"]))


_EXCHANGE = {"buy_cocoa": N_("{who} buys 1 cocoa from the supply for 1 coin."),
             "buy_simple": N_("{who} buys {good} from the supply for 2 coins."),
             "sell": N_("{who} sells {good} to the supply for 1 coin.")}


@says("MayaExchangeMade")
def _exchange(f: Fact, v: Viewer) -> str:
    return _(_EXCHANGE[f["id"]], who=seat(f["seat"]), good=goods(1, f["good"]))


@says("MayaRedrawStarted")
def _redraw(f: Fact, v: Viewer) -> str:
    return _("{who} starts a redraw.", who=seat(f["seat"]))


@says("MayaRedrawMarked")
def _marked(f: Fact, v: Viewer) -> str:
    if f["card"]:
        return _("{who} marks {card} to put under the deck.", who=seat(f["seat"]), card=f["card"])
    return _("{who} marks a card to put under the deck.", who=seat(f["seat"]))


@says("MayaRedrawCancelled")
def _redraw_cancelled(f: Fact, v: Viewer) -> str:
    return _("{who} cancels the redraw.", who=seat(f["seat"]))


@says("MayaCardsRedrawn")
def _redrawn(f: Fact, v: Viewer) -> str:
    under, drawn = f["put_under"], f["drawn"]
    if isinstance(under, int):
        under, drawn = ngettext("{n} card", "{n} cards", under), ngettext("{n} card", "{n} cards", drawn)
    else:
        under, drawn = listing(under), listing(drawn)
    return _("{who} pays 1 coin, puts {under} under the deck and draws {drawn}.", who=seat(f["seat"]), under=under, drawn=drawn)


@says("TradeOfferOpened")
def _offer_opened(f: Fact, v: Viewer) -> str:
    return _("{who} drafts an offer to {whom}.", who=seat(f["seat"]), whom=seat(f["to"]))


_OFFER_ITEM = {("TradeOfferItemAdded", "give"): N_("{who} adds {item} to give."),
               ("TradeOfferItemAdded", "get"): N_("{who} adds {item} to get."),
               ("TradeOfferItemRemoved", "give"): N_("{who} removes {item} to give."),
               ("TradeOfferItemRemoved", "get"): N_("{who} removes {item} to get.")}


@says("TradeOfferItemAdded", "TradeOfferItemRemoved")
def _offer_item(f: Fact, v: Viewer) -> str:
    item = _items({f["item"]: 1})
    return _(_OFFER_ITEM[f["t"], "give" if f["side"] == "give" else "get"], who=seat(f["seat"]), item=item)


@says("TradeOffered")
def _offered(f: Fact, v: Viewer) -> str:
    return _("{who} offers {whom} {give} for {get}.", who=seat(f["seat"]), whom=seat(f["to"]), give=_items(f["give"]),
             get=_items(f["get"]))


@says("TradeOfferAnswered")
def _answered(f: Fact, v: Viewer) -> str:
    if f["accept"]:
        return _("{who} accepts the Maya's offer.", who=seat(f["seat"]))
    return _("{who} declines the Maya's offer.", who=seat(f["seat"]))


@says("TradeOfferCancelled")
def _offer_cancelled(f: Fact, v: Viewer) -> str:
    return _("{who} withdraws the offer.", who=seat(f["seat"]))


@says("MayaSimulationStarted")
def _simulation_started(f: Fact, v: Viewer) -> str:
    return _("{who} simulates the ambassador die from the city's die symbol {value}.", who=seat(f["seat"]), value=f["value"])


@says("MayaSimulationEnded")
def _simulation_ended(f: Fact, v: Viewer) -> str:
    return _("{who} ends the simulated die on {place}; no die stays there.", who=seat(f["seat"]), place=_node(f["node"]))


@says("MayaCityCleared")
def _city_cleared(f: Fact, v: Viewer) -> str:
    if f["priests_back"]:
        return ngettext("The dice and high priests leave the Maya city; {n} high priest back to the Maya.",
                        "The dice and high priests leave the Maya city; {n} high priests back to the Maya.", f["priests_back"])
    return _("The dice and high priests leave the Maya city.")


__all__ = ["M"]
