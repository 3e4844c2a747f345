"""Preparation for the next round (rules page §2.6) and the deck running out (§4.1 b): tokens
return, empty ships get deck tiles (or the final exploration begins), the variant shows the next
tile, the markets are refilled to 3, the first player card moves on."""

from __future__ import annotations

from domain.core import Fact, RandomSource
from domain.core.facts import Tx

from ..components import C
from ..setup import bag_draw
from ..state import State, add, evolves, one, put, replace
from . import exploration


def prepare(tx: Tx, rng: RandomSource) -> None:
    tx.emit({"t": "BidTokensReturned"})
    s = tx.state
    empty = [i for i in range(len(C.ship_ids)) if s.ships[i] is None]
    if len(s.deck) < len(empty):  # FE-AMB-14: no tile is placed; the final exploration at once
        tx.emit({"t": "GameEndTriggered", "reason": "deck_exhausted", "seat": None})
        exploration.begin(tx)
        return
    for i in empty:
        tx.emit({"t": "DeckTilePlaced", "ship": C.ship_ids[i], "tile": tx.state.deck[0]})
    if s.open_deck and tx.state.deck:
        tx.emit({"t": "DeckTopRevealed", "tile": tx.state.deck[0]})
    for m, market in enumerate(C.markets):
        if s.closed[m]:
            continue
        drawn: list[str] = []
        bag = tx.state.bag
        for _ in range(C.goods_slots - sum(tx.state.markets[m])):
            g = bag_draw(bag, rng)
            if g is None:
                break
            drawn.append(g)
            bag = add(bag, one(g), -1)
        tx.emit({"t": "MarketRefilled", "market": market, "drawn": drawn})
    nxt = (s.first + 1) % s.seats
    tx.emit({"t": "FirstPlayerPassed", "to": nxt})
    tx.emit({"t": "BiddingBegan", "round": s.round + 1, "first": nxt})


@evolves("BidTokensReturned")
def _bid_tokens_returned(state: State, fact: Fact) -> State:
    players = tuple(replace(p, tokens=C.bid_tokens, circles=(), spent=0) for p in state.players)
    return replace(state, players=players, stacks=((),) * 6)


@evolves("DeckTilePlaced")
def _deck_tile_placed(state: State, fact: Fact) -> State:
    ship, tile = C.ship_ids.index(fact["ship"]), fact["tile"]
    return replace(state, ships=put(state.ships, ship, tile), deck=state.deck[1:], deck_top_shown=False,
                   ship_seats=put(state.ship_seats, ship, (None,) * C.deck_tiles[tile].seats))


@evolves("DeckTopRevealed")
def _deck_top_revealed(state: State, fact: Fact) -> State:
    return replace(state, deck_top_shown=True)


@evolves("MarketRefilled")
def _market_refilled(state: State, fact: Fact) -> State:
    m = C.markets.index(fact["market"])
    drawn = tuple(fact["drawn"].count(g) for g in C.goods)
    return replace(state, bag=add(state.bag, drawn, -1), markets=put(state.markets, m, add(state.markets[m], drawn)))


@evolves("FirstPlayerPassed")
def _first_player_passed(state: State, fact: Fact) -> State:
    return replace(state, first=fact["to"])
