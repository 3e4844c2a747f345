"""Options and setup (rules page §1.12, §1.13, §8): the facts of the starting position.

Every random step draws from `rng` in the page's order and is recorded as a fact, so replay never
draws again: the first player, the deck, the market goods, the trade tiles, the mysterious places.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core import Fact, InvalidOptions, RandomSource, shuffle
from domain.core.options import Option, check_seats
from domain.core.options import check as check_spec

from .components import C
from .i18n import N_, TITLE, _
from .state import Player, State, Step, add, counts, evolves, one, put, replace

MIN_SEATS = 2
MAX_SEATS = 4

OPTIONS = (
    Option("mode", "choice", None,
           N_("The basic game, or the advanced game: the other board side, food, mysterious places and the "
           "8 special trade tiles, every trade tile face up from the start (empty: basic with 3 or 4 "
           "players, advanced with 2)."), choices=("basic", "advanced")),
    Option("open_deck", "bool", False,
           N_("Variant for very experienced players: the top deck tile is always face up, so everyone knows "
              "which ship comes next.")),
    Option("first_player", "int", None, N_("The seat that starts with the first player card (empty: drawn at random)."),
           minimum=0, maximum=3),
    Option("lenient_expedition", "bool", False,
           N_("A merchant may stop at any time, even when a face-up trade tile is within its steps (the "
              "rulebook says it must head for one).")),
    Option("allow_two_player_basic", "bool", False,
           N_("Allow the basic game with 2 players (the rulebook meant it for 3-4; the advanced game takes 2).")),
)


def check_options(options: Mapping[str, Any], seats: int) -> dict[str, Any]:
    opts = check_spec(OPTIONS, options, _(TITLE))
    check_seats(seats, MIN_SEATS, MAX_SEATS, _(TITLE))
    if opts["mode"] is None:  # DEFINED HERE: the rulebook meant the basic game for 3-4 players (FE-AMB-12)
        opts["mode"] = "advanced" if seats < 3 and not opts["allow_two_player_basic"] else "basic"
    if opts["mode"] == "basic" and seats < 3 and not opts["allow_two_player_basic"]:
        raise InvalidOptions("options.player_count",
                             _("The basic game is for 3 or 4 players; with 2, play the advanced game or allow two "
                               "players in the basic game."))
    if opts["first_player"] is not None and opts["first_player"] >= seats:
        raise InvalidOptions("options.first_player", _("first_player must be a seat from 0 to {last}.", last=seats - 1))
    return opts


def bag_draw(bag: tuple[int, ...], rng: RandomSource) -> str | None:
    """One random goods tile from the bag: the types in data order, each repeated by its count
    (§8); None when the bag is empty (no draw is made)."""
    total = sum(bag)
    if total == 0:
        return None
    k = rng.below(total)
    for g, n in zip(C.goods, bag, strict=True):
        if k < n:
            return g
        k -= n
    raise AssertionError("unreachable")


def setup(options: Mapping[str, Any], seats: int, rng: RandomSource) -> list[Fact]:
    opts = check_options(options, seats)
    mode = opts["mode"]
    closed = list(C.closed_markets[seats])
    facts: list[Fact] = [{"t": "GameSetUp", "options": opts, "seats": seats, "mode": mode,
                          "closed_markets": closed, "guild": list(C.bonus_tiles),
                          "silver": C.start_silver, "merchants": C.merchants, "bid_tokens": C.bid_tokens}]
    # step 2: the first player (FE-AMB-31: before the start goods)
    first = opts["first_player"]
    facts.append({"t": "FirstPlayerChosen", "seat": rng.below(seats) if first is None else first,
                  "drawn": first is None})
    first = facts[-1]["seat"]
    # step 3: start goods by setup position
    dealt = [{"seat": (first + k) % seats, "position": k + 1, "goods": list(C.start_goods[seats][k])}
             for k in range(seats)]
    facts.append({"t": "StartGoodsDealt", "dealt": dealt})
    # step 5: the deck, blue-backed at the bottom, grey on top
    blue = shuffle(rng, C.blue_backed)
    grey = shuffle(rng, C.grey_backed)
    deck = [*grey, *blue]
    facts.append({"t": "DeckShuffled", "deck": deck})
    # step 6: the ships
    facts.extend({"t": "DeckTilePlaced", "ship": C.ship_ids[i], "tile": deck[i]} for i in range(4))
    # step 7: the variant
    if opts["open_deck"]:
        facts.append({"t": "DeckTopRevealed", "tile": deck[4]})
    # step 8: 2 goods on each open market
    bag = tuple(C.goods_tiles)
    for d in dealt:
        bag = add(bag, counts(d["goods"]), -1)
    for m in C.markets:
        if m in closed:
            continue
        drawn: list[str] = []
        for _draw in range(C.initial_goods):
            g = bag_draw(bag, rng)
            if g is not None:
                drawn.append(g)
                bag = add(bag, one(g), -1)
        facts.append({"t": "MarketRefilled", "market": m, "drawn": drawn})
    # step 9: trade tiles on the factory sites, country by country
    board = C.maps[mode]
    placed: dict[str, str] = {}
    for country in C.countries:
        mine = [t for t in C.portrait_tiles if C.tile_country[t] == country]
        if mode == "advanced":
            mine += [t for t in C.special_tiles if C.tile_country[t] == country]
        for site, tile in zip(board.factories[country], shuffle(rng, mine), strict=True):
            placed[board.provinces[site]] = tile
    facts.append({"t": "TradeTilesPlaced", "tiles": placed, "face_up": mode == "advanced"})
    # step 11: the mysterious place deck
    if mode == "advanced":
        facts.append({"t": "MysteryDeckShuffled", "deck": list(shuffle(rng, C.mystery_cards))})
    facts.append({"t": "BiddingBegan", "round": 1, "first": first})
    return facts


@evolves("GameSetUp")
def _game_set_up(state: State | None, fact: Fact) -> State:
    opts, n = fact["options"], fact["seats"]
    board = C.maps[fact["mode"]]
    players = tuple(Player(fact["silver"], (0,) * len(C.goods), merchants=fact["merchants"],
                           tokens=fact["bid_tokens"]) for _seat in range(n))
    return State(
        mode=fact["mode"], open_deck=opts["open_deck"], lenient=opts["lenient_expedition"], seats=n,
        players=players, markets=((0,) * len(C.goods),) * len(C.markets),
        closed=tuple(m in fact["closed_markets"] for m in C.markets), guild_bonus=tuple(fact["guild"]),
        bag=tuple(C.goods_tiles), tiles=(None,) * len(board.provinces),
        face_up=(False,) * len(board.provinces), settled=(None,) * len(board.provinces),
    )


@evolves("FirstPlayerChosen")
def _first_player_chosen(state: State, fact: Fact) -> State:
    return replace(state, first=fact["seat"])


@evolves("StartGoodsDealt")
def _start_goods_dealt(state: State, fact: Fact) -> State:
    players, bag = state.players, state.bag
    for d in fact["dealt"]:
        got = counts(d["goods"])
        players = put(players, d["seat"], replace(players[d["seat"]], goods=add(players[d["seat"]].goods, got)))
        bag = add(bag, got, -1)
    return replace(state, players=players, bag=bag)


@evolves("DeckShuffled")
def _deck_shuffled(state: State, fact: Fact) -> State:
    return replace(state, deck=tuple(fact["deck"]))


@evolves("TradeTilesPlaced")
def _trade_tiles_placed(state: State, fact: Fact) -> State:
    index = state.board.index
    tiles = list(state.tiles)
    for province, tile in fact["tiles"].items():
        tiles[index[province]] = tile
    up = tuple(fact["face_up"] and t is not None for t in tiles)
    return replace(state, tiles=tuple(tiles), face_up=up)


@evolves("MysteryDeckShuffled")
def _mystery_deck_shuffled(state: State, fact: Fact) -> State:
    return replace(state, mystery_deck=tuple(fact["deck"]))


@evolves("BiddingBegan")
def _bidding_began(state: State, fact: Fact) -> State:
    return replace(state, step=Step.BIDDING, round=fact["round"], first=fact["first"], placement=0)
