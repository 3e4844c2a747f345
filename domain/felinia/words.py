"""Felinia's facts in words (`describe`): one sentence per fact, from the fact as the viewer may
see it (a redacted fact has no card or tile, and the sentence names none)."""

from __future__ import annotations

from domain.core import Fact, Viewer
from domain.core.words import Words, amount, article, listing, seat

from .components import C

words = Words("Felinia")
says = words.says
describe = words


SINGULAR = {"watches": "watch", "books": "book"}


def _goods(names: list[str]) -> str:
    counts = {g: names.count(g) for g in C.goods if g in names}
    return listing(f"{n} {SINGULAR.get(g, g) if n == 1 else g}" for g, n in counts.items()) if names else "no goods"


def _ship(ship: str) -> str:
    return f"Ship {ship.removeprefix('ship')}"


def _venue(venue: str) -> str:
    return "the guild" if venue == "guild" else f"market {venue.removeprefix('market')}"


def _tile(t: str) -> str:
    if t in C.tile_type:
        return f"{t} ({C.tile_type[t]})"
    return f"{t} ({C.effect[t].replace('_', ' ')})"


@says("GameSetUp")
def _set_up(f: Fact, v: Viewer) -> str:
    closed = f" ({listing(f['closed_markets'])} closed)" if f["closed_markets"] else ""
    return f"{article(f['mode']).capitalize()} game of Felinia for {f['seats']} players is set up{closed}."


@says("FirstPlayerChosen")
def _first(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} {'is drawn to be' if f['drawn'] else 'is'} the first player."


@says("StartGoodsDealt")
def _start_goods(f: Fact, v: Viewer) -> str:
    return "Start goods: " + "; ".join(f"{seat(d['seat'])} takes {_goods(d['goods'])}" for d in f["dealt"]) + "."


@says("DeckShuffled")
def _deck(f: Fact, v: Viewer) -> str:
    return "The deck tiles are shuffled, blue-backed at the bottom."


@says("DeckTilePlaced")
def _deck_tile_placed(f: Fact, v: Viewer) -> str:
    t = C.deck_tiles[f["tile"]]
    return (f"{_ship(f['ship'])} takes deck tile {t.id}: to {t.colour} at {t.time}, {amount(t.seats, 'seat')}, "
            f"{_goods([g for g, n in zip(C.goods, t.goods, strict=True) for _ in range(n)])}"
            f"{' + 1 silver' if t.silver else ''} per merchant.")


@says("DeckTopRevealed")
def _deck_top(f: Fact, v: Viewer) -> str:
    t = C.deck_tiles[f["tile"]]
    return f"The next deck tile is turned up: {t.id}, to {t.colour} at {t.time}."


@says("MarketRefilled")
def _refilled(f: Fact, v: Viewer) -> str:
    return f"Market {f['market'].removeprefix('market')} gets {_goods(f['drawn'])} from the bag."


@says("TradeTilesPlaced")
def _tiles_placed(f: Fact, v: Viewer) -> str:
    return f"The trade tiles are laid on the factory sites, face {'up' if f['face_up'] else 'down'}."


@says("MysteryDeckShuffled")
def _mystery_deck(f: Fact, v: Viewer) -> str:
    return "The mysterious place cards are shuffled face down."


@says("BiddingBegan")
def _bidding(f: Fact, v: Viewer) -> str:
    return f"Round {f['round']}: bidding begins with {seat(f['first'])}."


@says("BidPlaced")
def _bid(f: Fact, v: Viewer) -> str:
    where = f"income circle {f['circle']} of their board" if f["target"] == "own_board" else _venue(f["target"])
    return f"{seat(f['seat'])} places a bid token on {where}."


def _capped(gained: int, lost: int) -> tuple[str, str]:
    """Silver gained, and what the cap wasted (§3.1): said plainly, as the board's hint warns of
    a sale or an income beyond 6 before it is made."""
    if not lost:
        return f"{gained} silver", ""
    were = "is" if lost == 1 else "are"
    if not gained:
        return "nothing", f": silver stops at {C.silver_max}, the {lost} silver {were} lost"
    return f"{gained} silver", f": silver stops at {C.silver_max}, {lost} more {were} lost"


@says("SilverGained")
def _silver(f: Fact, v: Viewer) -> str:
    gained, lost = _capped(f["amount"], f["lost"])
    return f"{seat(f['seat'])} gains {gained}{lost}."


@says("TradeBegan")
def _trade(f: Fact, v: Viewer) -> str:
    return "The trade phase begins."


@says("VenueTurn")
def _venue_turn(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} acts at {_venue(f['venue'])} for {f['price']} silver."


@says("BidWithdrawn")
def _withdrawn(f: Fact, v: Viewer) -> str:
    why = {"market_empty": " (the market is empty)", "cannot_afford": " (the price is out of reach)",
           "no_option": " (no exchange is possible)"}.get(f["reason"] or "", "")
    return f"{seat(f['seat'])} takes back a bid token from {_venue(f['venue'])}{why}."


@says("GoodsBought")
def _bought(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} buys {_goods([f['goods']])} at {_venue(f['market'])} for {f['price']} silver."


@says("GoodsExchanged")
def _exchanged(f: Fact, v: Viewer) -> str:
    got = f" and 1 {f['gained']}" if f["amount"] else ""
    return f"{seat(f['seat'])} gives {f['give']} for {f['take']}{got} at the guild for {f['price']} silver."


@says("BonusTileBought")
def _bonus(f: Fact, v: Viewer) -> str:
    b = f["bonus"]
    return (f"{seat(f['seat'])} trades 1 gold and 1 spice for bonus tile {b} ({C.bonus_kind[b].replace('_', ' ')} "
            f"{C.bonus_type[b]}) for {f['price']} silver.")


@says("MerchantBoarded")
def _boarded(f: Fact, v: Viewer) -> str:
    silver = f" and {f['silver']} silver" if f["silver"] else ""
    return f"{seat(f['seat'])} boards a merchant on {_ship(f['ship'])} for {_goods(f['goods'])}{silver}."


@says("BoardingWindowClosed")
def _window(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} {'can board no more' if f['auto'] else 'ends the turn'}."


@says("GameEndTriggered")
def _end_triggered(f: Fact, v: Viewer) -> str:
    if f["reason"] == "last_merchant":
        return f"{seat(f['seat'])} has boarded the last merchant: this is the last round."
    return "The deck cannot fill the empty ships: every ship leaves now, and the game ends."


@says("ExplorationBegan")
def _exploration(f: Fact, v: Viewer) -> str:
    ships = listing(_ship(s) for s in f["ships"]) if f["ships"] else "no ship"
    return f"The exploration phase: {ships} leave{'s' if len(f['ships']) < 2 else ''}."


@says("DeckTileDiscarded")
def _discarded(f: Fact, v: Viewer) -> str:
    return f"{_ship(f['ship'])} leaves empty: deck tile {f['tile']} is discarded."


@says("ShipSailed")
def _sailed(f: Fact, v: Viewer) -> str:
    return f"{_ship(f['ship'])} sails to the {C.country_name[f['country']]} ({f['country']})."


@says("ExpeditionBegan")
def _expedition(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])}'s merchant goes ashore in {f['country']}."


@says("MerchantMoved")
def _moved(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])}'s merchant {'lands at' if f['landing'] else 'moves to'} {f['to']}."


@says("ExpeditionBound")
def _bound(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])}'s merchant has a face-up trade tile within its steps and must head for one."


@says("FoodSpent")
def _food(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} spends 1 food for an extra step."


@says("TradeTileRevealed")
def _revealed(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} turns up the trade tile on {f['province']}: {_tile(f['tile'])}."


@says("RewardGained")
def _reward(f: Fact, v: Viewer) -> str:
    src = "" if "tile" not in f else f" (tile {f['tile']})" if f["tile"] else " (a special tile)"
    if f["kind"] == "goods":
        what = SINGULAR.get(f["goods"], f["goods"]) if f["goods"] else "nothing (the bag is empty)"
        return f"{seat(f['seat'])} draws {what} from the bag at {f['province']}."
    lost = f", {f['lost']} lost" if f["lost"] else ""
    return f"{seat(f['seat'])} gains {f['amount']} {f['kind']} at {f['province']}{src}{lost}."


@says("MysteryCardsDrawn")
def _drawn(f: Fact, v: Viewer) -> str:
    which = f": {listing(C.mystery_name[c] + ' (' + c + ')' for c in f['cards'])}" if "cards" in f else ""
    return f"{seat(f['seat'])} draws {amount(f['count'], 'mysterious place card')}{which}."


@says("MysteryCardKept")
def _kept(f: Fact, v: Viewer) -> str:
    if f["auto"]:
        return f"{seat(f['seat'])} can keep none of the drawn cards."
    card = f" {C.mystery_name[f['card']]} ({f['card']})" if f.get("card") else " a card"
    paid = f", handing in {f['goods_paid']}" if f["goods_paid"] else ""
    return f"{seat(f['seat'])} keeps{card}{paid}."


@says("MysteryCardsReturned")
def _returned(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} puts {amount(f['count'], 'card')} under the mysterious place deck."


@says("TradeTileTaken")
def _taken(f: Fact, v: Viewer) -> str:
    what = _tile(f["tile"]) if "tile" in f else "the trade tile"
    return f"{seat(f['seat'])} takes {what} at {f['province']}."


@says("SpecialTileEffect")
def _special(f: Fact, v: Viewer) -> str:
    got = [f"{g['amount']} {g['kind']}" for g in f["gains"] if g["amount"]]
    if f["goods"]:
        got.append(f["goods"])
    gone = "; the tile leaves the game" if f["removed"] else ""
    tile = f"special tile {f['tile']}" if "tile" in f else "a special tile"
    return f"{seat(f['seat'])} gains {listing(got)} from {tile}{gone}."


@says("MerchantSettled")
def _settled(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])}'s merchant founds a trading post on {f['province']}."


@says("MerchantReturnedHome")
def _home(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])}'s merchant {'stops and ' if f['stopped'] else ''}returns home."


@says("ShipReturned")
def _ship_returned(f: Fact, v: Viewer) -> str:
    return f"{_ship(f['ship'])} returns empty to Katzburg; deck tile {f['tile']} is discarded."


@says("StorageBegan")
def _storage(f: Fact, v: Viewer) -> str:
    who = listing(seat(s) for s in f["owing"]) if f["owing"] else "nobody"
    return f"Storage: {who} must store or sell goods beyond 3."


@says("StorageSlotBought")
def _slot(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} pays {f['price']} silver to store a 4th goods tile."


@says("GoodsStored")
def _stored(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} stores {_goods([g for g, n in f['kept'].items() for _ in range(n)])}."


@says("ItemsSold")
def _sold(f: Fact, v: Viewer) -> str:
    what = _goods([f["goods"]] * f["count"]) if f["item"] == "goods" else f"{f['count']} {f['item']}"
    gained, lost = _capped(f["silver_gained"], f["silver_lost"])
    return f"{seat(f['seat'])} sells {what} for {gained}{lost}."


@says("BidTokensReturned")
def _tokens(f: Fact, v: Viewer) -> str:
    return "Every bid token returns to its owner."


@says("FirstPlayerPassed")
def _first_passed(f: Fact, v: Viewer) -> str:
    return f"The first player card passes to {seat(f['to'])}."


@says("FinalSalesBegan")
def _final(f: Fact, v: Viewer) -> str:
    return "Final sales: a last chance to sell for the silver that breaks ties."


@says("FinalSalesDone")
def _final_done(f: Fact, v: Viewer) -> str:
    return f"{seat(f['seat'])} is done selling."


@says("GameScored")
def _scored(f: Fact, v: Viewer) -> str:
    return "Final scores: " + ", ".join(f"{seat(s)} {p}" for s, p in enumerate(f["scores"])) + "."
