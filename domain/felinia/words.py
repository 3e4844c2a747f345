"""Felinia's facts in words (`describe`): one sentence per fact, from the fact as the viewer may
see it (a redacted fact has no card or tile, and the sentence names none), in the reader's
language (i18n.py: each sentence is marked whole, its counts said with `ngettext`)."""

from __future__ import annotations

from domain.core import Fact, Viewer
from domain.core.words import Words, listing, seat

from .components import C
from .i18n import (
    NP_,
    _,
    counted,
    country,
    effect,
    good,
    goods_listed,
    mystery,
    ngettext,
    number,
    pgettext,
    province,
    tile_type,
)

words = Words("Felinia")
says = words.says
describe = words


def _ship(ship: str) -> str:
    return number(ship, "ship")


def _market(venue: str) -> str:
    return number(venue, "market")


def _tile(t: str) -> str:
    """A trade tile by its id and what it is: "T15 (jaguar)", "S2 (spice scores one)"."""
    if t in C.tile_type:
        return _("{tile} ({type})", tile=t, type=tile_type(C.tile_type[t]))
    return _("{tile} ({effect})", tile=t, effect=effect(C.effect[t]))


@says("GameSetUp")
def _set_up(f: Fact, v: Viewer) -> str:
    n = f["seats"]
    if f["closed_markets"]:
        closed = listing(pgettext("venue", "market {n}", n=_market(m)) for m in f["closed_markets"])
        if f["mode"] == "advanced":
            return _("An advanced game of Felinia for {n} players is set up ({closed} closed).", n=n, closed=closed)
        return _("A basic game of Felinia for {n} players is set up ({closed} closed).", n=n, closed=closed)
    if f["mode"] == "advanced":
        return _("An advanced game of Felinia for {n} players is set up.", n=n)
    return _("A basic game of Felinia for {n} players is set up.", n=n)


@says("FirstPlayerChosen")
def _first(f: Fact, v: Viewer) -> str:
    if f["drawn"]:
        return _("{who} is drawn to be the first player.", who=seat(f["seat"]))
    return _("{who} is the first player.", who=seat(f["seat"]))


@says("StartGoodsDealt")
def _start_goods(f: Fact, v: Viewer) -> str:
    dealt = "; ".join(_("{who} takes {goods}", who=seat(d["seat"]), goods=goods_listed(d["goods"])) for d in f["dealt"])
    return _("Start goods: {dealt}.", dealt=dealt)


@says("DeckShuffled")
def _deck(f: Fact, v: Viewer) -> str:
    return _("The deck tiles are shuffled, blue-backed at the bottom.")


@says("DeckTilePlaced")
def _deck_tile_placed(f: Fact, v: Viewer) -> str:
    t = C.deck_tiles[f["tile"]]
    goods = goods_listed([g for g, n in zip(C.goods, t.goods, strict=True) for _k in range(n)])
    values = {"ship": _ship(f["ship"]), "tile": t.id, "country": country(t.colour), "time": t.time, "goods": goods}
    if t.silver:
        return ngettext("Ship {ship} takes deck tile {tile}: to the {country} at {time}, {n} seat, {goods} + 1 silver "
                        "per merchant.", "Ship {ship} takes deck tile {tile}: to the {country} at {time}, {n} seats, "
                        "{goods} + 1 silver per merchant.", t.seats, **values)
    return ngettext("Ship {ship} takes deck tile {tile}: to the {country} at {time}, {n} seat, {goods} per merchant.",
                    "Ship {ship} takes deck tile {tile}: to the {country} at {time}, {n} seats, {goods} per merchant.",
                    t.seats, **values)


@says("DeckTopRevealed")
def _deck_top(f: Fact, v: Viewer) -> str:
    t = C.deck_tiles[f["tile"]]
    return _("The next deck tile is turned up: {tile}, to the {country} at {time}.", tile=t.id,
             country=country(t.colour), time=t.time)


@says("MarketRefilled")
def _refilled(f: Fact, v: Viewer) -> str:
    if not f["drawn"]:
        return _("Market {market} gets no goods from the bag.", market=_market(f["market"]))
    return _("Market {market} gets {goods} from the bag.", market=_market(f["market"]), goods=goods_listed(f["drawn"]))


@says("TradeTilesPlaced")
def _tiles_placed(f: Fact, v: Viewer) -> str:
    if f["face_up"]:
        return _("The trade tiles are laid on the factory sites, face up.")
    return _("The trade tiles are laid on the factory sites, face down.")


@says("MysteryDeckShuffled")
def _mystery_deck(f: Fact, v: Viewer) -> str:
    return _("The mysterious place cards are shuffled face down.")


@says("BiddingBegan")
def _bidding(f: Fact, v: Viewer) -> str:
    return _("Round {round}: bidding begins with {who}.", round=f["round"], who=seat(f["first"]))


@says("BidPlaced")
def _bid(f: Fact, v: Viewer) -> str:
    who = seat(f["seat"])
    if f["target"] == "own_board":
        return _("{who} places a bid token on income circle {circle} of their board.", who=who, circle=f["circle"])
    if f["target"] == "guild":
        return _("{who} places a bid token on the guild.", who=who)
    return _("{who} places a bid token on market {market}.", who=who, market=_market(f["target"]))


def _silver_said(gained: int, lost: int) -> str:
    """Silver gained, and what the cap wasted (§3.1): said plainly, as the board's hint warns of
    a sale or an income beyond 6 before it is made."""
    if not lost:
        return counted(gained, "silver")
    if not gained:
        return ngettext("nothing: silver stops at {cap}, the {n} silver is lost", "nothing: silver stops at {cap}, "
                        "the {n} silver are lost", lost, cap=C.silver_max)
    return ngettext("{gained}: silver stops at {cap}, {n} more is lost", "{gained}: silver stops at {cap}, {n} more "
                    "are lost", lost, gained=counted(gained, "silver"), cap=C.silver_max)


@says("SilverGained")
def _silver(f: Fact, v: Viewer) -> str:
    return _("{who} gains {silver}.", who=seat(f["seat"]), silver=_silver_said(f["amount"], f["lost"]))


@says("TradeBegan")
def _trade(f: Fact, v: Viewer) -> str:
    return _("The trade phase begins.")


@says("VenueTurn")
def _venue_turn(f: Fact, v: Viewer) -> str:
    who, n = seat(f["seat"]), f["price"]
    if f["venue"] == "guild":
        return ngettext("{who} acts at the guild for {n} silver.", "{who} acts at the guild for {n} silver.", n, who=who)
    return ngettext("{who} acts at market {market} for {n} silver.", "{who} acts at market {market} for {n} silver.", n,
                    who=who, market=_market(f["venue"]))


def _why(reason: str | None) -> str:
    if reason == "market_empty":
        return _("the market is empty")
    if reason == "cannot_afford":
        return _("the price is out of reach")
    if reason == "no_option":
        return _("no exchange is possible")
    return ""


@says("BidWithdrawn")
def _withdrawn(f: Fact, v: Viewer) -> str:
    who, why = seat(f["seat"]), _why(f["reason"])
    if f["venue"] == "guild":
        if why:
            return _("{who} takes back a bid token from the guild ({why}).", who=who, why=why)
        return _("{who} takes back a bid token from the guild.", who=who)
    market = _market(f["venue"])
    if why:
        return _("{who} takes back a bid token from market {market} ({why}).", who=who, market=market, why=why)
    return _("{who} takes back a bid token from market {market}.", who=who, market=market)


@says("GoodsBought")
def _bought(f: Fact, v: Viewer) -> str:
    return ngettext("{who} buys {goods} at market {market} for {n} silver.",
                    "{who} buys {goods} at market {market} for {n} silver.", f["price"], who=seat(f["seat"]),
                    goods=counted(1, f["goods"]), market=_market(f["market"]))


@says("GoodsExchanged")
def _exchanged(f: Fact, v: Viewer) -> str:
    values = {"who": seat(f["seat"]), "give": counted(1, f["give"]), "take": counted(1, f["take"])}
    if f["amount"]:
        return ngettext("{who} gives {give} for {take} and {gained} at the guild for {n} silver.",
                        "{who} gives {give} for {take} and {gained} at the guild for {n} silver.", f["price"],
                        gained=counted(1, f["gained"]), **values)
    return ngettext("{who} gives {give} for {take} at the guild for {n} silver.",
                    "{who} gives {give} for {take} at the guild for {n} silver.", f["price"], **values)


@says("BonusTileBought")
def _bonus(f: Fact, v: Viewer) -> str:
    b = f["bonus"]
    values = {"who": seat(f["seat"]), "bonus": b, "type": tile_type(C.bonus_type[b])}
    if C.bonus_kind[b] == "plus_one":
        return ngettext("{who} trades 1 gold and 1 spice for bonus tile {bonus} (plus one {type}) for {n} silver.",
                        "{who} trades 1 gold and 1 spice for bonus tile {bonus} (plus one {type}) for {n} silver.",
                        f["price"], **values)
    return ngettext("{who} trades 1 gold and 1 spice for bonus tile {bonus} (extra tile {type}) for {n} silver.",
                    "{who} trades 1 gold and 1 spice for bonus tile {bonus} (extra tile {type}) for {n} silver.",
                    f["price"], **values)


@says("MerchantBoarded")
def _boarded(f: Fact, v: Viewer) -> str:
    values = {"who": seat(f["seat"]), "ship": _ship(f["ship"]), "goods": goods_listed(f["goods"])}
    if f["silver"]:
        return _("{who} boards a merchant on Ship {ship} for {goods} and {silver}.", silver=counted(f["silver"], "silver"),
                 **values)
    return _("{who} boards a merchant on Ship {ship} for {goods}.", **values)


@says("BoardingWindowClosed")
def _window(f: Fact, v: Viewer) -> str:
    if f["auto"]:
        return _("{who} can board no more.", who=seat(f["seat"]))
    return _("{who} ends the turn.", who=seat(f["seat"]))


@says("GameEndTriggered")
def _end_triggered(f: Fact, v: Viewer) -> str:
    if f["reason"] == "last_merchant":
        return _("{who} has boarded the last merchant: this is the last round.", who=seat(f["seat"]))
    return _("The deck cannot fill the empty ships: every ship leaves now, and the game ends.")


@says("ExplorationBegan")
def _exploration(f: Fact, v: Viewer) -> str:
    ships = f["ships"]
    if not ships:
        return _("The exploration phase: no ship leaves.")
    return ngettext("The exploration phase: Ship {ships} leaves.", "The exploration phase: Ships {ships} leave.",
                    len(ships), ships=listing(_ship(s) for s in ships))


@says("DeckTileDiscarded")
def _discarded(f: Fact, v: Viewer) -> str:
    return _("Ship {ship} leaves empty: deck tile {tile} is discarded.", ship=_ship(f["ship"]), tile=f["tile"])


@says("ShipSailed")
def _sailed(f: Fact, v: Viewer) -> str:
    return _("Ship {ship} sails to the {country} ({code}).", ship=_ship(f["ship"]), country=country(f["country"]),
             code=colour_word(f["country"]))


_COLOURS = {c: c for c in (NP_("country colour", "emerald"), NP_("country colour", "orange"),
                           NP_("country colour", "purple"), NP_("country colour", "brown"), NP_("country colour", "grey"))}


def colour_word(c: str) -> str:
    """A country's colour, as the rulebook names the kingdoms by it: "emerald"."""
    return pgettext("country colour", c) if c in _COLOURS else c


@says("ExpeditionBegan")
def _expedition(f: Fact, v: Viewer) -> str:
    return _("{who}'s merchant goes ashore in the {country}.", who=seat(f["seat"]), country=country(f["country"]))


@says("MerchantMoved")
def _moved(f: Fact, v: Viewer) -> str:
    if f["landing"]:
        return _("{who}'s merchant lands at {province}.", who=seat(f["seat"]), province=province(f["to"]))
    return _("{who}'s merchant moves to {province}.", who=seat(f["seat"]), province=province(f["to"]))


@says("ExpeditionBound")
def _bound(f: Fact, v: Viewer) -> str:
    return _("{who}'s merchant has a face-up trade tile within its steps and must head for one.", who=seat(f["seat"]))


@says("FoodSpent")
def _food(f: Fact, v: Viewer) -> str:
    return _("{who} spends 1 food for an extra step.", who=seat(f["seat"]))


@says("TradeTileRevealed")
def _revealed(f: Fact, v: Viewer) -> str:
    return _("{who} turns up the trade tile on {province}: {tile}.", who=seat(f["seat"]), province=province(f["province"]),
             tile=_tile(f["tile"]))


@says("RewardGained")
def _reward(f: Fact, v: Viewer) -> str:
    who, where = seat(f["seat"]), province(f["province"])
    if f["kind"] == "goods":
        if not f["goods"]:
            return _("{who} draws nothing (the bag is empty) from the bag at {province}.", who=who, province=where)
        return _("{who} draws {goods} from the bag at {province}.", who=who, goods=counted(1, f["goods"]), province=where)
    gained = counted(f["amount"], f["kind"])
    if "tile" not in f:
        said = _("{who} gains {gained} at {province}", who=who, gained=gained, province=where)
    elif f["tile"]:
        said = _("{who} gains {gained} at {province} (tile {tile})", who=who, gained=gained, province=where, tile=f["tile"])
    else:
        said = _("{who} gains {gained} at {province} (a special tile)", who=who, gained=gained, province=where)
    if f["lost"]:
        return ngettext("{said}, {n} lost.", "{said}, {n} lost.", f["lost"], said=said)
    return _("{said}.", said=said)


@says("MysteryCardsDrawn")
def _drawn(f: Fact, v: Viewer) -> str:
    who, n = seat(f["seat"]), f["count"]
    if "cards" in f:
        cards = listing(_("{name} ({card})", name=mystery(c), card=c) for c in f["cards"])
        return ngettext("{who} draws {n} mysterious place card: {cards}.", "{who} draws {n} mysterious place cards: {cards}.",
                        n, who=who, cards=cards)
    return ngettext("{who} draws {n} mysterious place card.", "{who} draws {n} mysterious place cards.", n, who=who)


@says("MysteryCardKept")
def _kept(f: Fact, v: Viewer) -> str:
    who = seat(f["seat"])
    if f["auto"]:
        return _("{who} can keep none of the drawn cards.", who=who)
    paid = f["goods_paid"]
    if f.get("card"):
        card = _("{name} ({card})", name=mystery(f["card"]), card=f["card"])
        if paid:
            return _("{who} keeps {card}, handing in {goods}.", who=who, card=card, goods=good(paid))
        return _("{who} keeps {card}.", who=who, card=card)
    if paid:
        return _("{who} keeps a card, handing in {goods}.", who=who, goods=good(paid))
    return _("{who} keeps a card.", who=who)


@says("MysteryCardsReturned")
def _returned(f: Fact, v: Viewer) -> str:
    return ngettext("{who} puts {n} card under the mysterious place deck.", "{who} puts {n} cards under the mysterious "
                    "place deck.", f["count"], who=seat(f["seat"]))


@says("TradeTileTaken")
def _taken(f: Fact, v: Viewer) -> str:
    who, where = seat(f["seat"]), province(f["province"])
    if "tile" in f:
        return _("{who} takes {tile} at {province}.", who=who, tile=_tile(f["tile"]), province=where)
    return _("{who} takes the trade tile at {province}.", who=who, province=where)


@says("SpecialTileEffect")
def _special(f: Fact, v: Viewer) -> str:
    got = [counted(g["amount"], g["kind"]) for g in f["gains"] if g["amount"]]
    if f["goods"]:
        got.append(counted(1, f["goods"]))
    values = {"who": seat(f["seat"]), "gains": listing(got)}
    if "tile" in f:
        if f["removed"]:
            return _("{who} gains {gains} from special tile {tile}; the tile leaves the game.", tile=f["tile"], **values)
        return _("{who} gains {gains} from special tile {tile}.", tile=f["tile"], **values)
    if f["removed"]:
        return _("{who} gains {gains} from a special tile; the tile leaves the game.", **values)
    return _("{who} gains {gains} from a special tile.", **values)


@says("MerchantSettled")
def _settled(f: Fact, v: Viewer) -> str:
    return _("{who}'s merchant founds a trading post on {province}.", who=seat(f["seat"]), province=province(f["province"]))


@says("MerchantReturnedHome")
def _home(f: Fact, v: Viewer) -> str:
    if f["stopped"]:
        return _("{who}'s merchant stops and returns home.", who=seat(f["seat"]))
    return _("{who}'s merchant returns home.", who=seat(f["seat"]))


@says("ShipReturned")
def _ship_returned(f: Fact, v: Viewer) -> str:
    return _("Ship {ship} returns empty to Katzburg; deck tile {tile} is discarded.", ship=_ship(f["ship"]), tile=f["tile"])


@says("StorageBegan")
def _storage(f: Fact, v: Viewer) -> str:
    if not f["owing"]:
        return _("Storage: nobody must store or sell goods beyond 3.")
    return _("Storage: {who} must store or sell goods beyond 3.", who=listing(seat(s) for s in f["owing"]))


@says("StorageSlotBought")
def _slot(f: Fact, v: Viewer) -> str:
    return ngettext("{who} pays {n} silver to store a 4th goods tile.", "{who} pays {n} silver to store a 4th goods tile.",
                    f["price"], who=seat(f["seat"]))


@says("GoodsStored")
def _stored(f: Fact, v: Viewer) -> str:
    kept = [g for g, n in f["kept"].items() for _k in range(n)]
    return _("{who} stores {goods}.", who=seat(f["seat"]), goods=goods_listed(kept))


@says("ItemsSold")
def _sold(f: Fact, v: Viewer) -> str:
    what = goods_listed([f["goods"]] * f["count"]) if f["item"] == "goods" else counted(f["count"], f["item"])
    return _("{who} sells {what} for {silver}.", who=seat(f["seat"]), what=what,
             silver=_silver_said(f["silver_gained"], f["silver_lost"]))


@says("BidTokensReturned")
def _tokens(f: Fact, v: Viewer) -> str:
    return _("Every bid token returns to its owner.")


@says("FirstPlayerPassed")
def _first_passed(f: Fact, v: Viewer) -> str:
    return _("The first player card passes to {who}.", who=seat(f["to"]))


@says("FinalSalesBegan")
def _final(f: Fact, v: Viewer) -> str:
    return _("Final sales: a last chance to sell for the silver that breaks ties.")


@says("FinalSalesDone")
def _final_done(f: Fact, v: Viewer) -> str:
    return _("{who} is done selling.", who=seat(f["seat"]))


@says("GameScored")
def _scored(f: Fact, v: Viewer) -> str:
    scores = ", ".join(f"{seat(s)} {p}" for s, p in enumerate(f["scores"]))
    return _("Final scores: {scores}.", scores=scores)
