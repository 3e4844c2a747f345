"""Entering a province (rules page §2.4.2 `enter`, §5.3, §5.5): the merchant stands there, takes
the rewards of its symbols (and of its owner's income tiles), draws mysterious places, and on a
face-up trade tile takes the tile and settles for the rest of the game."""

from __future__ import annotations

from domain.core import Fact, RandomSource
from domain.core.facts import Tx

from ..components import C
from ..setup import bag_draw
from ..state import (
    State,
    Step,
    add,
    apply_gain,
    evolves,
    gain_fact,
    granted,
    one,
    player,
    put,
    replace,
)

INCOME = (("food_income", "food"), ("silver_income", "silver"), ("gold_income", "gold"))  # S5, S7, S8


def holds_effect(state: State, seat: int, effect: str) -> bool:
    return C.tile_of_effect[effect] in state.players[seat].tiles


def food_on_entry(state: State, seat: int, q: int, have: int) -> int:
    """Food the owner would gain entering q holding `have` food (symbols, S5; supply, §3.3)."""
    symbols = state.board.symbols[q]
    k = symbols.count("food")
    if k and holds_effect(state, seat, "food_income"):
        k += 1
    return granted(state, seat, "food", k, have) if k else 0


def enter(tx: Tx, rng: RandomSource, q: int, landing: bool = False) -> None:
    e = tx.state.expedition
    assert e is not None
    seat, name = e.seat, tx.state.board.provinces[q]
    if not landing and e.steps == 0:
        tx.emit({"t": "FoodSpent", "seat": seat})  # §5.3 item 2: a step paid with food
    tx.emit({"t": "MerchantMoved", "seat": seat, "to": name, "landing": landing})
    symbols = tx.state.board.symbols[q]
    for kind in dict.fromkeys(symbols):
        if kind in ("silver", "gold", "spice", "food"):
            tx.emit({"t": "RewardGained", "seat": seat, "province": name, "kind": kind,
                     **gain_fact(tx.state, seat, kind, symbols.count(kind))})
        elif kind == "goods":
            for _ in range(symbols.count(kind)):
                g = bag_draw(tx.state.bag, rng)
                tx.emit({"t": "RewardGained", "seat": seat, "province": name, "kind": "goods", "goods": g,
                         "amount": int(g is not None), "lost": int(g is None)})
    for effect, kind in INCOME:  # §5.5: +1 per entry into a province showing that symbol
        if kind in symbols and holds_effect(tx.state, seat, effect):
            tx.emit({"t": "RewardGained", "seat": seat, "province": name, "kind": kind,
                     "tile": C.tile_of_effect[effect], **gain_fact(tx.state, seat, kind, 1)})
    if "mystery" in symbols and tx.state.mystery_deck:
        cards = list(tx.state.mystery_deck[:2])
        tx.emit({"t": "MysteryCardsDrawn", "seat": seat, "count": len(cards), "cards": cards})
        return  # the choice is resolved first (mystery.py), then the entry finishes
    finish_entry(tx, rng)


def finish_entry(tx: Tx, rng: RandomSource) -> None:
    """A face-up trade tile: the owner takes it, the merchant settles (FE-AMB-18: after rewards)."""
    s = tx.state
    e = s.expedition
    assert e is not None
    tile = s.tiles[e.at]
    if tile is None or not s.face_up[e.at]:
        return
    seat, name = e.seat, s.board.provinces[e.at]
    tx.emit({"t": "TradeTileTaken", "seat": seat, "province": name, "tile": tile})
    effect = C.effect.get(tile)
    if effect in ("food_income", "silver_income", "gold_income", "windfall"):
        gains = []
        kinds = ("food", "gold", "silver") if effect == "windfall" else (dict(INCOME)[effect],)
        for kind in kinds:  # FE-AMB-27: food, gold, silver (separate supplies), then the goods draw
            gains.append({"kind": kind, **gain_fact(tx.state, seat, kind, 1)})
        goods = bag_draw(tx.state.bag, rng) if effect == "windfall" else None
        tx.emit({"t": "SpecialTileEffect", "seat": seat, "tile": tile, "effect": effect, "gains": gains,
                 "goods": goods, "removed": effect == "windfall"})
    tx.emit({"t": "MerchantSettled", "seat": seat, "province": name})


@evolves("MerchantMoved")
def _merchant_moved(state: State, fact: Fact) -> State:
    e = state.expedition
    assert e is not None
    q = state.board.index[fact["to"]]
    if fact["landing"]:
        e = replace(e, at=q, visited=frozenset({q}))
    else:
        e = replace(e, at=q, visited=e.visited | {q}, moved=True, steps=max(0, e.steps - 1))
    return replace(state, expedition=e)


@evolves("FoodSpent")
def _food_spent(state: State, fact: Fact) -> State:
    return player(state, fact["seat"], food=state.players[fact["seat"]].food - 1)


@evolves("RewardGained")
def _reward_gained(state: State, fact: Fact) -> State:
    seat = fact["seat"]
    if fact["kind"] == "goods":
        g = fact["goods"]
        if g is None:
            return state
        state = replace(state, bag=add(state.bag, one(g), -1))
        return player(state, seat, goods=add(state.players[seat].goods, one(g)))
    return apply_gain(state, seat, fact["kind"], fact["amount"])


@evolves("MysteryCardsDrawn")
def _mystery_cards_drawn(state: State, fact: Fact) -> State:
    e = state.expedition
    assert e is not None
    n = fact["count"]
    return replace(state, mystery_deck=state.mystery_deck[n:], step=Step.MYSTERY,
                   expedition=replace(e, drawn=tuple(state.mystery_deck[:n])))


@evolves("TradeTileTaken")
def _trade_tile_taken(state: State, fact: Fact) -> State:
    seat, q = fact["seat"], state.board.index[fact["province"]]
    tile = state.tiles[q]
    p = state.players[seat]
    state = player(state, seat, tiles=(*p.tiles, tile), tile_provinces=(*p.tile_provinces, q))
    return replace(state, tiles=put(state.tiles, q, None), face_up=put(state.face_up, q, False))


@evolves("SpecialTileEffect")
def _special_tile_effect(state: State, fact: Fact) -> State:
    seat = fact["seat"]
    for gain in fact["gains"]:
        state = apply_gain(state, seat, gain["kind"], gain["amount"])
    if fact["goods"] is not None:
        state = replace(state, bag=add(state.bag, one(fact["goods"]), -1))
        state = player(state, seat, goods=add(state.players[seat].goods, one(fact["goods"])))
    if fact["removed"]:
        p = state.players[seat]
        i = p.tiles.index(fact["tile"])
        state = player(state, seat, tiles=p.tiles[:i] + p.tiles[i + 1 :],
                       tile_provinces=p.tile_provinces[:i] + p.tile_provinces[i + 1 :])
        state = replace(state, removed=(*state.removed, fact["tile"]))
    return state


@evolves("MerchantSettled")
def _merchant_settled(state: State, fact: Fact) -> State:
    q = state.board.index[fact["province"]]
    return replace(state, settled=put(state.settled, q, fact["seat"]), expedition=None)
