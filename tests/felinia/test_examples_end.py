"""Worked examples FE-EX-11, 13 to 17, 19, 21, 23, 28, 29, 33, 34, 35 and 39 (rules page §9):
storage, scoring and ties, the two end triggers, card supplies, the third exchange option, the
open-deck variant, the recorded and redacted setup, merchant groups, views per seat, final sales."""

from __future__ import annotations

from dataclasses import replace

import domain.felinia as fe
from domain.core import ALL, Rng, fold
from domain.core.rules import action_for
from domain.felinia.components import C
from domain.felinia.scoring import breakdown, totals
from domain.felinia.state import State, Step, granted

from .helpers import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    act,
    act_facts,
    explore,
    finish_exploration,
    goods,
    idx,
    market,
    names,
    new,
    no_goods,
    only_ships,
    refused,
    settle_facts,
    trade_at,
    with_player,
    with_settled,
)

STORE = {"type": "store_fourth"}


def sell_goods(g: str, n: int = 1) -> dict[str, object]:
    return {"type": "sell", "item": "goods", "goods": g, "count": n}


def storage(state: State) -> tuple[State, list[dict[str, object]]]:
    """The exploration phase has ended (no ship left to sail): the storage phase begins."""
    return settle_facts(replace(state, step=Step.EXPLORATION, sailing=(), expedition=None, voyage=None))


def fe_ex_11_start(blue_silver: int = 5) -> State:
    state = no_goods(new())
    state = with_player(state, BLUE, goods=goods(wine=2, books=2, watches=1, clothing=1), silver=blue_silver)
    state = with_player(state, RED, goods=goods(glassware=2, wine=2, books=1), silver=1, gold=0, spice=0)
    return with_player(state, GREEN, goods=goods(watches=2))


def test_fe_ex_11_storage_phase() -> None:
    """§2.5 / FE-AMB-9, FE-AMB-40: storage as sells and store_fourth, in the player's order."""
    state, facts = storage(fe_ex_11_start())
    assert {"t": "StorageBegan", "owing": [BLUE, RED]} in facts and fe.to_act(state) == {BLUE, RED}
    state = act(state, BLUE, STORE)
    assert state.players[BLUE].silver == 3 and fe.to_act(state) == {BLUE, RED}
    refused(state, BLUE, STORE, "storage.fourth_taken")
    refused(state, BLUE, sell_goods("books", 3), "sell.not_held")
    refused(state, GREEN, STORE, "turn.not_yours")
    # FE-AMB-10: Green owes no decision, but may sell «в любое время (!)»; nobody's turn changes
    green, facts = act_facts(state, GREEN, sell_goods("watches"))
    assert names(facts) == ["ItemsSold"] and fe.to_act(green) == {BLUE, RED}
    assert green.players[GREEN].goods == goods(watches=1) and green.bag[C.goods.index("watches")] == (
        state.bag[C.goods.index("watches")] + 1)
    state = act(state, BLUE, sell_goods("watches"))
    assert state.players[BLUE].silver == 4
    state, facts = act_facts(state, BLUE, sell_goods("clothing"))
    assert state.players[BLUE].silver == 5
    assert {"t": "GoodsStored", "seat": BLUE, "kept": {"wine": 2, "books": 2}, "fourth_slot": True} in facts
    assert fe.to_act(state) == {RED}
    refused(state, RED, STORE, "storage.insufficient_silver")
    state = act(state, RED, sell_goods("books"))
    assert state.players[RED].silver == 2 and fe.to_act(state) == {RED}
    state, facts = act_facts(state, RED, STORE)
    assert {"t": "GoodsStored", "seat": RED, "kept": {"glassware": 2, "wine": 2}, "fourth_slot": True} in facts
    assert "BidTokensReturned" in names(facts) and state.step is Step.BIDDING
    v, _ = storage(fe_ex_11_start())
    v = act(v, BLUE, sell_goods("watches"))
    v, facts = act_facts(v, BLUE, sell_goods("clothing"))
    assert facts[0]["silver_lost"] == 1 and v.players[BLUE].silver == 6
    assert act(v, BLUE, STORE).players[BLUE].silver == 4
    w, _ = storage(fe_ex_11_start(blue_silver=6))
    w = act(act(act(w, BLUE, STORE), BLUE, sell_goods("watches")), BLUE, sell_goods("clothing"))
    assert w.players[BLUE].silver == 6 and w.players[BLUE].goods_count == 4


def test_fe_ex_28_storage_discharged_by_selling() -> None:
    """§2.5: a player sold down to his allowance owes nothing more (FE-AMB-40)."""
    start = with_player(no_goods(new()), BLUE, goods=goods(wine=2, books=2), silver=1)
    state, _ = storage(start)
    assert fe.to_act(state) == {BLUE}
    refused(state, BLUE, STORE, "storage.insufficient_silver")
    state, facts = act_facts(state, BLUE, sell_goods("wine"))
    assert state.players[BLUE].silver == 2
    assert {"t": "GoodsStored", "seat": BLUE, "kept": {"wine": 1, "books": 2}, "fourth_slot": False} in facts
    assert "BidTokensReturned" in names(facts)
    v, _ = storage(with_player(start, BLUE, silver=2))
    v, facts = act_facts(v, BLUE, STORE)
    assert v.players[BLUE].silver == 0
    assert {"t": "GoodsStored", "seat": BLUE, "kept": {"wine": 2, "books": 2}, "fourth_slot": True} in facts


def test_fe_ex_13_the_scoring_example() -> None:
    """§4.2 the rulebook's example: 20 + 2 + 20 + 5 = 47 (FE-AMB-1, FE-AMB-34)."""
    state = no_goods(new())
    tiles = ("T01", "T02", "T03", "T04", "T09", "T10", "T21", "T24")
    posts = ("EM-F1", "EM-F2", "EM-F3", "EM-F4", "OR-F4", "OR-F5", "BR-F2", "BR-F3")
    state = with_settled(state, dict.fromkeys(posts, BLUE))
    state = with_player(state, BLUE, tiles=tiles, bonus=("B1",), goods=goods(wine=1, books=1), gold=2, spice=3, silver=4)
    parts = breakdown(state, BLUE)
    assert (parts["trade_sets"], parts["bonus_plus_one"], parts["merchant_groups"]) == (20, 2, 20)
    assert parts["goods"] + parts["gold"] + parts["spice"] == 5 and sum(parts.values()) == 47
    over = fe.evolve(state, {"t": "GameScored", "scores": totals(state)})
    blue = next(r for r in fe.outcome(over).results if r.seat == BLUE)  # type: ignore[union-attr]
    assert blue.score == sum(blue.breakdown.values()) == 47 and blue.tiebreak == (4,)  # not 51 with the silver


def test_fe_ex_14_more_set_and_bonus_arithmetic() -> None:
    """§4.2 n x min(n, cap) per type; bonus tiles (FE-AMB-2); groups by roads and borders."""
    base = no_goods(new())

    def score(part: str, **player: object) -> int:
        return breakdown(with_player(base, BLUE, **player), BLUE)[part]  # type: ignore[arg-type]

    ocelots = tuple(t for t in C.portrait_tiles if C.tile_type[t] == "ocelot")
    assert score("trade_sets", tiles=ocelots[:2], bonus=("B4",)) == 9
    assert score("trade_sets", bonus=("B3",)) == 1
    panthers = tuple(t for t in C.portrait_tiles if C.tile_type[t] == "panther")
    assert score("trade_sets", tiles=panthers[:4]) + score("bonus_plus_one", tiles=panthers[:4], bonus=("B1",)) == 20
    pumas = tuple(t for t in C.portrait_tiles if C.tile_type[t] == "puma")
    assert score("trade_sets", tiles=pumas) == 20
    servals = tuple(t for t in C.portrait_tiles if C.tile_type[t] == "serval")
    assert score("trade_sets", tiles=servals) == 18
    assert score("bonus_plus_one", bonus=("B2",)) == 0

    def groups(*posts: str) -> int:
        return breakdown(with_settled(base, dict.fromkeys(posts, BLUE)), BLUE)["merchant_groups"]

    assert groups("EM-F1", "EM-F2", "EM-F3", "EM-F4", "EM-F5") == 15
    assert groups("EM-F6", "OR-F2", "OR-F3") == 9
    assert groups("EM-F1", "PU-F6") == 2


def test_fe_ex_34_groups_are_not_joined_through_other_players() -> None:
    """§4.2 a group is the player's own merchants; a road or a border contact joins two."""
    state = with_settled(no_goods(new()), {"EM-F1": BLUE, "EM-F4": BLUE, "EM-F6": BLUE, "OR-F2": BLUE, "EM-F5": RED})
    assert breakdown(state, BLUE)["merchant_groups"] == 8
    assert breakdown(state, RED)["merchant_groups"] == 1


def test_fe_ex_15_winner_and_ties() -> None:
    """§4.4 most points; then most silver; then the rank is shared."""
    state = replace(new(3), step=Step.GAME_OVER, scores=(41, 41, 38))
    state = with_player(with_player(state, 0, silver=3), 1, silver=5)  # seat 0 Red, 1 Blue, 2 Green
    ranks = {r.seat: r.rank for r in fe.outcome(state).results}  # type: ignore[union-attr]
    assert ranks == {1: 1, 0: 2, 2: 3}
    tied = with_player(state, 1, silver=3)
    assert {r.seat: r.rank for r in fe.outcome(tied).results} == {0: 1, 1: 1, 2: 3}  # type: ignore[union-attr]
    assert fe.outcome(tied).winners == (0, 1)  # type: ignore[union-attr]


def test_fe_ex_16_end_trigger_a_the_last_merchant() -> None:
    """§4.1 (a): the trade phase goes on, every ship leaves by time, no storage, final sales."""
    state = no_goods(market(new(), 0, clothing=1))
    state = only_ships(state, (3, "D05", ()), (0, "D08", (RED,)), (1, "D10", ()), (2, "D11", (GREEN,)))
    state = replace(state, round=9)
    state = with_player(state, YELLOW, merchants=1, goods=goods(clothing=1), silver=3)
    state = trade_at(state, 0, (YELLOW,))
    state = act(state, YELLOW, {"type": "buy", "goods": "clothing"})
    assert state.players[YELLOW].silver == 2
    state, facts = act_facts(state, YELLOW, {"type": "board", "ship": "ship4"})
    assert state.players[YELLOW].merchants == 0 and state.players[YELLOW].goods == goods()
    assert {"t": "GameEndTriggered", "reason": "last_merchant", "seat": YELLOW} in facts
    assert {"t": "BoardingWindowClosed", "seat": YELLOW, "auto": True} in facts
    assert {"t": "ExplorationBegan", "ships": ["ship4", "ship1", "ship2", "ship3"]} in facts
    state, more = finish_exploration(state)
    facts += more
    sailed = [f["ship"] for f in facts if f["t"] in ("ShipSailed", "DeckTileDiscarded")]
    assert sailed == ["ship4", "ship1", "ship2", "ship3"]
    assert {"t": "DeckTileDiscarded", "ship": "ship2", "tile": "D10"} in facts
    assert "StorageBegan" not in names(facts) and "FinalSalesBegan" in names(facts)


def test_fe_ex_17_end_trigger_b_the_deck_runs_out() -> None:
    """§4.1 (b) / FE-AMB-14: no tile placed, every ship with a tile leaves, then final sales."""
    state = only_ships(no_goods(new()), (1, "D17", (RED,)), (3, "D20", ()))
    state = replace(state, round=12, deck=("D19",), step=Step.STORAGE, owing=frozenset())
    state, facts = settle_facts(state)
    assert {"t": "GameEndTriggered", "reason": "deck_exhausted", "seat": None} in facts
    assert "DeckTilePlaced" not in names(facts)
    assert {"t": "ExplorationBegan", "ships": ["ship2", "ship4"]} in facts and fe.to_act(state) == {RED}
    state, more = finish_exploration(state)
    assert {"t": "DeckTileDiscarded", "ship": "ship4", "tile": "D20"} in more
    assert "FinalSalesBegan" in names(more)
    assert not {"MarketRefilled", "FirstPlayerPassed"} & set(names(facts + more))
    two = replace(state, step=Step.STORAGE, owing=frozenset(), end_trigger=None, deck=("D19", "D18"))
    two = only_ships(two, (1, "D17", (RED,)), (3, "D20", ()))
    two, facts = settle_facts(two)
    assert names(facts).count("DeckTilePlaced") == 2 and two.deck == () and two.step is Step.BIDDING


def test_fe_ex_19_card_supply_limits() -> None:
    """§3.3 / FE-AMB-11: 11 cards, faces 1 and 3; gains that would need more are lost."""
    state = no_goods(new())
    for seat, n in ((BLUE, 10), (RED, 10), (GREEN, 2), (YELLOW, 1)):
        state = with_player(state, seat, gold=n)
    assert granted(state, YELLOW, "gold", 1) == 0 and granted(state, GREEN, "gold", 1) == 1
    yellow, _ = explore(only_ships(state, (1, "D02", (YELLOW,))))
    yellow, facts = act_facts(yellow, YELLOW, {"type": "move", "province": "OR-X1"})
    assert {"t": "RewardGained", "seat": YELLOW, "province": "OR-X1", "kind": "gold", "amount": 0, "lost": 1} in facts
    green, _ = explore(only_ships(state, (1, "D02", (GREEN,))))
    green = act(green, GREEN, {"type": "move", "province": "OR-X1"})
    assert green.players[GREEN].gold == 3
    blue = trade_at(market(state, 0, wine=1), 0, (BLUE,))
    assert act(blue, BLUE, {"type": "sell", "item": "gold", "count": 1}).players[BLUE].gold == 9


def test_fe_ex_21_advanced_third_exchange_option() -> None:
    """§5.2 option C: goods for goods and 1 food; the boarding window closes at once (FE-AMB-21)."""
    state = with_player(no_goods(new(mode="advanced")), GREEN, goods=goods(wine=1), silver=2, food=0)
    state = trade_at(state, 5, (GREEN,))
    state, facts = act_facts(state, GREEN, {"type": "exchange", "option": "goods_food", "give": "wine", "take": "clothing"})
    g = state.players[GREEN]
    assert (g.silver, g.goods, g.food) == (1, goods(clothing=1), 1)
    assert facts[1] == {"t": "BoardingWindowClosed", "seat": GREEN, "auto": True}


def test_fe_ex_23_variant_for_very_experienced_players() -> None:
    """§6 / FE-AMB-30: the top deck tile is face up after setup and after every refill."""
    state = new(open_deck=True)
    facts = fe.setup({"open_deck": True, "first_player": 0}, 4, Rng("fe", "setup"))
    placed = [i for i, f in enumerate(facts) if f["t"] == "DeckTilePlaced"]
    assert facts[placed[-1] + 1] == {"t": "DeckTopRevealed", "tile": state.deck[0]}
    for viewer in (0, 1, 2, 3, None):
        assert fe.view(state, viewer)["deck"]["top"] == state.deck[0]
    assert fe.view(new(), 0)["deck"]["top"] is None
    refill = only_ships(replace(state, step=Step.STORAGE, owing=frozenset()), (0, "D01", ()), (1, "D02", ()), (2, "D03", ()))
    refill, facts = settle_facts(refill)
    i = names(facts).index("DeckTilePlaced")
    assert facts[i + 1] == {"t": "DeckTopRevealed", "tile": refill.deck[0]}
    last = only_ships(replace(state, step=Step.STORAGE, owing=frozenset(), deck=("D19",)), (0, "D01", ()), (1, "D02", ()), (2, "D03", ()))
    last, facts = settle_facts(last)
    assert "DeckTilePlaced" in names(facts) and "DeckTopRevealed" not in names(facts) and last.deck == ()


def test_fe_ex_29_setup_is_recorded_and_redacted() -> None:
    """§1.13 the facts in order, the random steps recorded; §7 what every seat sees of them."""
    facts = fe.setup({}, 3, Rng("client seed", "setup"))
    expected = ["GameSetUp", "FirstPlayerChosen", "StartGoodsDealt", "DeckShuffled", *["DeckTilePlaced"] * 4,
                *["MarketRefilled"] * 4, "TradeTilesPlaced", "BiddingBegan"]
    assert names(facts) == expected
    assert facts[0]["closed_markets"] == ["market5"] and facts[0]["guild"] == list(C.bonus_tiles)
    assert [d["position"] for d in facts[2]["dealt"]] == [1, 2, 3]
    assert all(len(f["drawn"]) == 2 for f in facts if f["t"] == "MarketRefilled")
    state = fold(fe, None, facts)
    assert sum(state.bag) == 31 and len(state.deck) == 16 and C.deck_tiles[state.deck[0]].back == "grey"
    assert fe.to_act(state) == {facts[1]["seat"]} and state.step is Step.BIDDING
    for viewer in (0, 1, 2, None):
        v = fe.view(state, viewer)
        assert v["deck"] == {"size": 16, "top_back": "grey", "top": None}
        assert all(p["tile"] is None and p["face_down"] for p in v["provinces"].values() if p["kind"] == "factory")
        assert fe.redact(facts[3], viewer) == {"t": "DeckShuffled", "count": 20}
        assert "tiles" not in fe.redact(facts[-2], viewer)  # type: ignore[operator]
    assert fe.setup({}, 3, Rng("client seed", "setup")) == facts


def test_fe_ex_33_the_last_merchant_twice_and_a_ship_that_is_not_full() -> None:
    """FE-AMB-32: only the first trigger counts; at the end every ship leaves by time."""
    state = no_goods(market(new(), 0, clothing=1))
    state = only_ships(state, (0, "D08", (GREEN,)), (1, "D02", ()), (2, "D14", (BLUE,)), (3, "D05", ()))
    state = with_player(state, YELLOW, merchants=1, goods=goods(clothing=1), silver=3)
    state = with_player(state, RED, merchants=1, goods=goods(wine=1, glassware=1, books=1), silver=3)
    state = trade_at(state, 0, (YELLOW,), guild=(RED,))
    state = act(state, YELLOW, {"type": "buy", "goods": "clothing"})
    state, facts = act_facts(state, YELLOW, {"type": "board", "ship": "ship4"})
    assert {"t": "GameEndTriggered", "reason": "last_merchant", "seat": YELLOW} in facts
    state = act(state, RED, {"type": "exchange", "option": "goods_spice", "give": "books", "take": "wine"})
    state, facts = act_facts(state, RED, {"type": "board", "ship": "ship1"})
    assert facts[0]["ship_seat"] == 1 and "GameEndTriggered" not in names(facts)
    assert {"t": "ExplorationBegan", "ships": ["ship4", "ship2", "ship1", "ship3"]} in facts
    state, more = finish_exploration(state)
    facts += more
    explorers = [f["seat"] for f in facts if f["t"] == "ExpeditionBegan"]
    assert explorers == [YELLOW, GREEN, RED, BLUE]
    assert {"t": "DeckTileDiscarded", "ship": "ship2", "tile": "D02"} in facts
    assert "StorageBegan" not in names(facts) and "FinalSalesBegan" in names(facts)


def test_fe_ex_35_views_per_seat() -> None:
    """§7: trade tiles and mysterious place cards are the owner's until the game is over."""
    state = with_settled(no_goods(new(mode="advanced")), {"PU-F2": BLUE})
    state = with_player(state, BLUE, bonus=("B1",), tiles=("T15",), tile_provinces=(idx(state, "PU-F2"),))
    state = with_player(state, GREEN, mystery=("MP03",))
    for viewer in (RED, None):
        v = fe.view(state, viewer)["players"]
        assert (v[BLUE]["bonus_tiles"], v[BLUE]["trade_tiles"], v[BLUE]["trade_tile_count"]) == (["B1"], None, 1)
        assert v[BLUE]["trade_tiles_from"] == ["PU-F2"]
        assert (v[GREEN]["mystery_cards"], v[GREEN]["mystery_card_count"]) == (None, 1)
    assert fe.view(state, BLUE)["players"][BLUE]["trade_tiles"] == ["T15"]
    assert fe.view(state, GREEN)["players"][GREEN]["mystery_cards"] == ["MP03"]
    bonus = {"type": "exchange", "option": "bonus", "bonus": "B1"}
    assert all(action_for(fe, bonus, BLUE, v) == bonus for v in (RED, GREEN, None))
    keep = {"type": "keep_mystery", "card": "MP03"}
    for viewer in (RED, BLUE, YELLOW, None):
        assert action_for(fe, keep, GREEN, viewer) == {"type": "keep_mystery"}
    assert action_for(fe, keep, GREEN, GREEN) == keep
    kept = {"t": "MysteryCardKept", "seat": GREEN, "card": "MP03", "auto": False, "goods_paid": None}
    assert "card" not in fe.redact(kept, RED) and fe.redact(kept, GREEN) == kept  # type: ignore[operator]
    taken = {"t": "TradeTileTaken", "seat": BLUE, "province": "PU-F2", "tile": "T15"}
    assert "tile" not in fe.redact(taken, RED) and fe.redact(taken, BLUE) == taken  # type: ignore[operator]
    assert fe.redact(taken, ALL) == taken and action_for(fe, keep, GREEN, ALL) == keep
    over = replace(state, step=Step.GAME_OVER, scores=(0, 0, 0, 0))
    v = fe.view(over, RED)["players"]
    assert v[BLUE]["trade_tiles"] == ["T15"] and v[GREEN]["mystery_cards"] == ["MP03"]


def test_fe_ex_39_final_sales() -> None:
    """§4.1 / FE-AMB-39: seats that could change their silver may sell, then final_done."""
    state = no_goods(new())
    state = with_player(state, BLUE, silver=6, gold=2)
    state = with_player(state, GREEN, silver=4, gold=0, spice=0)
    state = with_player(state, RED, silver=3, spice=3, gold=0)
    state = with_player(state, YELLOW, silver=2, goods=goods(wine=1), gold=0, spice=0)
    state = replace(state, end_trigger="last_merchant", step=Step.EXPLORATION, sailing=(), expedition=None)
    state, facts = settle_facts(state)
    assert {"t": "FinalSalesDone", "seat": BLUE, "auto": True} in facts
    assert {"t": "FinalSalesDone", "seat": GREEN, "auto": True} in facts
    assert fe.to_act(state) == {RED, YELLOW}
    refused(state, BLUE, {"type": "final_done"}, "turn.not_yours")
    refused(state, RED, {"type": "buy", "goods": "wine"}, "action.not_now")
    # FE-AMB-10: Blue, done, may still sell (for nothing at 6 silver); he is not waited for again
    blue, facts = act_facts(state, BLUE, {"type": "sell", "item": "gold", "count": 1})
    assert names(facts) == ["ItemsSold"] and facts[0]["silver_lost"] == 2 and fe.to_act(blue) == {RED, YELLOW}
    state = act(state, RED, {"type": "sell", "item": "spice", "count": 1})
    assert (state.players[RED].silver, state.players[RED].spice) == (4, 2)
    assert breakdown(state, RED)["spice"] == 1
    state = act(state, RED, {"type": "final_done"})
    state, facts = act_facts(state, YELLOW, {"type": "final_done"})
    assert names(facts) == ["FinalSalesDone", "GameScored"] and state.over
    red = next(r for r in fe.outcome(state).results if r.seat == RED)  # type: ignore[union-attr]
    assert red.tiebreak == (4,) and breakdown(state, YELLOW)["goods"] == 1
