"""Worked examples FE-EX-1 to 7, 12, 18, 26, 27, 32 and 37 (rules page §9): bidding, the markets,
the guild, boarding, selling within a decision, automatic withdrawal and the rejection order."""

from __future__ import annotations

from dataclasses import replace

import domain.felinia as fe
from domain.core import ALL
from domain.felinia.components import C
from domain.felinia.state import Step

from .helpers import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    act,
    act_facts,
    goods,
    legal,
    market,
    names,
    new,
    no_goods,
    only_ships,
    refused,
    trade_at,
    with_player,
    with_ship,
)

MARKET1, MARKET2, MARKET3, GUILD = 0, 1, 2, 5


def bidding(placement: int, seats: int = 4, **options: object) -> fe.State:  # type: ignore[name-defined]
    return replace(new(seats, **options), placement=placement)


# -- FE-EX-1 ------------------------------------------------------------------------------------


def test_fe_ex_1_income_from_ones_own_board() -> None:
    """§2.2 own_board: placement round r gives r silver, capped at 6 (§2.1 gain)."""
    for silver, placement, amount, lost in ((4, 4, 2, 0), (5, 4, 1, 1), (6, 8, 0, 3)):
        state = with_player(bidding(placement), BLUE, silver=silver)
        after, facts = act_facts(state, BLUE, {"type": "place_bid", "target": "own_board"})
        assert after.players[BLUE].silver == 6
        assert {"t": "SilverGained", "seat": BLUE, "amount": amount, "lost": lost} in facts
        assert after.players[BLUE].circles == (placement // 4 + 1,)
        if placement == 4:
            assert fe.to_act(after) == {RED}


def test_fe_ex_2_bidding_on_top_of_another_token() -> None:
    """§2.2 a token goes on top of the stack; §2.3.1 the top token acts first at the stack's price."""
    state = bidding(1)
    state = replace(state, stacks=((), (BLUE,), (), (), (), ()))
    state = act(state, RED, {"type": "place_bid", "target": "market2"})
    assert state.stacks[MARKET2] == (BLUE, RED)
    trade = trade_at(market(state, MARKET2, wine=1, books=1), MARKET2, (BLUE, RED))
    assert fe.to_act(trade) == {RED} and fe.views.price(trade) == 2  # type: ignore[attr-defined]
    trade = act(trade, RED, {"type": "decline"})
    assert fe.to_act(trade) == {BLUE} and len(trade.stacks[MARKET2]) == 1


def test_fe_ex_3_bidding_order_three_placement_rounds() -> None:
    """§2.2 three placement rounds clockwise from the first player; [BID-2] then the trade phase."""
    state = new(3, first_player=1)
    refused(state, 0, {"type": "place_bid", "target": "market1"}, "turn.not_yours")
    refused(state, 1, {"type": "place_bid", "target": "market5"}, "bid.market_closed")
    order, gains = [], []
    facts: list[dict[str, object]] = []
    for _ in range(9):
        (seat,) = fe.to_act(state)
        order.append(seat)
        target = "own_board" if seat == 1 else "market1" if seat == 2 else "guild"
        state, facts = act_facts(state, seat, {"type": "place_bid", "target": target})
        gains += [f["amount"] + f["lost"] for f in facts if f["t"] == "SilverGained"]  # type: ignore[operator]
    assert order == [1, 2, 0] * 3
    assert gains == [1, 2, 3]
    assert "TradeBegan" in [f["t"] for f in facts]
    assert {"t": "VenueTurn", "seat": 2, "venue": "market1", "price": 3} in facts


# -- FE-EX-4 ------------------------------------------------------------------------------------


def fe_ex_4_start() -> fe.State:  # type: ignore[name-defined]
    state = no_goods(market(new(), MARKET1, wine=1, books=1, watches=1))
    for seat, silver in ((BLUE, 5), (RED, 4), (GREEN, 3)):
        state = with_player(state, seat, silver=silver)
    return trade_at(state, MARKET1, (RED, GREEN, RED, BLUE))


def test_fe_ex_4_market_purchase_sequence_4_3_2_1() -> None:
    """§2.3.2, [TR-1] the price is the stack's height; [TR-4] no boarding without a deal."""
    state = fe_ex_4_start()
    refused(state, BLUE, {"type": "buy", "goods": "clothing"}, "trade.goods_not_on_market")
    state, facts = act_facts(state, BLUE, {"type": "buy", "goods": "wine"})
    assert state.players[BLUE].silver == 1 and state.players[BLUE].goods == goods(wine=1)
    assert state.markets[MARKET1] == goods(books=1, watches=1) and state.stacks[MARKET1] == (RED, GREEN, RED)
    assert {"t": "BoardingWindowClosed", "seat": BLUE, "auto": True} in facts
    state, facts = act_facts(state, RED, {"type": "decline"})
    assert state.stacks[MARKET1] == (RED, GREEN) and state.players[RED].silver == 4
    assert not any(f["t"] == "BoardingWindowClosed" for f in facts)
    refused(state, RED, {"type": "board", "ship": "ship1"}, "turn.not_yours")
    poor = with_player(state, GREEN, silver=1, spice=1)
    refused(poor, GREEN, {"type": "buy", "goods": "books"}, "trade.insufficient_silver")
    poor = act(poor, GREEN, {"type": "sell", "item": "spice", "count": 1})
    assert poor.players[GREEN].silver == 2 and fe.to_act(poor) == {GREEN}
    assert act(poor, GREEN, {"type": "buy", "goods": "books"}).players[GREEN].silver == 0
    state = act(state, GREEN, {"type": "buy", "goods": "books"})
    assert state.players[GREEN].silver == 1 and state.markets[MARKET1] == goods(watches=1)
    refused(state, RED, {"type": "board", "ship": "ship1"}, "boarding.no_deal")
    state, facts = act_facts(state, RED, {"type": "buy", "goods": "watches"})
    assert state.players[RED].silver == 3 and state.stacks[MARKET1] == ()
    assert facts[0] == {"t": "GoodsBought", "seat": RED, "market": "market1", "goods": "watches", "price": 1}
    assert "ExplorationBegan" in [f["t"] for f in facts]  # market1 is empty and nothing else is bid on


def test_fe_ex_5_merchant_guild() -> None:
    """§2.3.3 options A and B; the bonus tile is public (§7, FE-AMB-43)."""
    state = no_goods(new())
    state = with_player(state, BLUE, silver=3, gold=1, spice=1)
    state = with_player(state, RED, silver=2, goods=goods(books=1), spice=0)
    state = trade_at(state, GUILD, (RED, BLUE))
    state = act(state, BLUE, {"type": "exchange", "option": "bonus", "bonus": "B1"})
    blue = state.players[BLUE]
    assert (blue.silver, blue.gold, blue.spice, blue.bonus) == (1, 0, 0, ("B1",))
    assert state.guild_bonus == ("B2", "B3", "B4", "B5")
    assert fe.view(state, RED)["players"][BLUE]["bonus_tiles"] == ["B1"]
    assert fe.view(state, None)["players"][BLUE]["bonus_tiles"] == ["B1"]
    assert fe.to_act(state) == {RED}
    refused(state, RED, {"type": "exchange", "option": "goods_spice", "give": "books", "take": "books"}, "guild.same_goods")
    no_clothing = replace(state, bag=tuple(0 if g == "clothing" else n for g, n in zip(C.goods, state.bag, strict=True)))
    refused(no_clothing, RED, {"type": "exchange", "option": "goods_spice", "give": "books", "take": "clothing"}, "guild.not_in_bag")
    refused(state, RED, {"type": "exchange", "option": "goods_spice", "give": "watches", "take": "wine"}, "guild.goods_not_held")
    refused(state, RED, {"type": "exchange", "option": "bonus", "bonus": "B2"}, "guild.needs_gold_and_spice")
    refused(state, RED, {"type": "exchange", "option": "goods_food", "give": "books", "take": "wine"}, "guild.option_not_in_mode")
    state, facts = act_facts(state, RED, {"type": "exchange", "option": "goods_spice", "give": "books", "take": "wine"})
    red = state.players[RED]
    assert (red.silver, red.goods, red.spice) == (1, goods(wine=1), 1)
    assert facts[0] == {"t": "GoodsExchanged", "seat": RED, "option": "goods_spice", "give": "books", "take": "wine",
                        "price": 1, "gained": "spice", "amount": 1, "lost": 0}  # the bag: books +1, wine -1


def test_fe_ex_6_no_boarding_without_a_deal() -> None:
    """[TR-4] a declined token opens no boarding window."""
    state = no_goods(market(new(), MARKET2, books=1))
    state = only_ships(state, (1, "D02", ()))
    state = with_player(state, GREEN, goods=goods(watches=2), silver=3)
    start = trade_at(state, MARKET2, (GREEN, GREEN))
    state = act(start, GREEN, {"type": "decline"})
    refused(state, GREEN, {"type": "board", "ship": "ship2"}, "boarding.no_deal")
    assert state.players[GREEN].goods == goods(watches=2) and state.players[GREEN].silver == 3
    state = act(state, GREEN, {"type": "buy", "goods": "books"})
    assert state.players[GREEN].silver == 2 and state.step is Step.BOARDING
    state, facts = act_facts(state, GREEN, {"type": "board", "ship": "ship2"})
    assert state.players[GREEN].silver == 1 and facts[0]["ship_seat"] == 0  # ship2 is full (and sails)
    assert facts[0]["goods"] == ["watches", "watches"]
    assert state.players[GREEN].goods == goods(books=1)
    variant = trade_at(market(start, MARKET3, wine=1), MARKET2, (GREEN,), market3=(BLUE,))
    variant = act(variant, GREEN, {"type": "decline"})
    assert fe.to_act(variant) == {BLUE}
    refused(variant, GREEN, {"type": "board", "ship": "ship2"}, "turn.not_yours")


def fe_ex_7_start() -> fe.State:  # type: ignore[name-defined]
    state = no_goods(market(new(), MARKET3, watches=1, wine=1, books=1))
    state = only_ships(state, (0, "D01", ()), (1, "D02", ()), (2, "D12", ()), (3, "D15", ()))
    state = with_player(state, BLUE, goods=goods(clothing=2, glassware=1, watches=1), silver=4)
    return trade_at(state, MARKET3, (RED, BLUE))


def test_fe_ex_7_boarding_two_ships_after_one_purchase() -> None:
    """§2.3.4 any number of merchants on any ships in the window; the bow seat first."""
    state = act(fe_ex_7_start(), BLUE, {"type": "buy", "goods": "watches"})
    assert state.players[BLUE].silver == 2 and state.step is Step.BOARDING
    bag = state.bag
    state = act(state, BLUE, {"type": "board", "ship": "ship1"})
    assert state.ship_seats[0] == (BLUE, None) and state.players[BLUE].goods == goods(watches=2)
    assert state.players[BLUE].merchants == 9
    refused(state, BLUE, {"type": "board", "ship": "ship1"}, "boarding.missing_goods")
    refused(with_player(state, BLUE, silver=0), BLUE, {"type": "board", "ship": "ship2"}, "boarding.insufficient_silver")
    refused(with_ship(state, 1, "D02", (GREEN,)), BLUE, {"type": "board", "ship": "ship2"}, "boarding.ship_full")
    state, facts = act_facts(state, BLUE, {"type": "board", "ship": "ship2"})
    assert state.ship_seats[1] == (BLUE,) and state.players[BLUE].goods == goods()
    assert state.players[BLUE].silver == 1 and state.players[BLUE].merchants == 8
    assert sum(state.bag) - sum(bag) == 5
    assert {"t": "BoardingWindowClosed", "seat": BLUE, "auto": True} in facts
    assert {"t": "VenueTurn", "seat": RED, "venue": "market3", "price": 1} in facts


def test_fe_ex_12_selling_while_a_decision_is_owed() -> None:
    """§3.2 a seat that is to act may sell any number of times; selling never passes the turn.
    FE-AMB-10: a seat that is not to act may sell too («в любое время (!)»)."""
    state = no_goods(market(new(), MARKET1, wine=1))
    state = with_player(state, YELLOW, silver=5, gold=2, spice=3)
    state = with_player(state, BLUE, gold=1)
    state = trade_at(state, MARKET1, (BLUE, YELLOW))
    blue, facts = act_facts(state, BLUE, {"type": "sell", "item": "gold", "count": 1})
    assert names(facts) == ["ItemsSold"] and fe.to_act(blue) == {YELLOW}
    assert (blue.players[BLUE].gold, blue.players[BLUE].silver) == (0, state.players[BLUE].silver + 2)
    refused(state, BLUE, {"type": "buy", "goods": "wine"}, "turn.not_yours")
    state, facts = act_facts(state, YELLOW, {"type": "sell", "item": "gold", "count": 1})
    assert (state.players[YELLOW].silver, state.players[YELLOW].gold) == (6, 1) and facts[0]["silver_lost"] == 1
    assert fe.to_act(state) == {YELLOW}
    refused(state, YELLOW, {"type": "sell", "item": "gold", "count": 2}, "sell.not_held")
    state, facts = act_facts(state, YELLOW, {"type": "sell", "item": "spice", "count": 3})
    assert (state.players[YELLOW].silver, state.players[YELLOW].spice, facts[0]["silver_lost"]) == (6, 0, 3)
    state = act(state, YELLOW, {"type": "buy", "goods": "wine"})
    assert state.players[YELLOW].silver == 4
    adv = trade_at(with_player(market(new(mode="advanced"), MARKET1, wine=1), YELLOW, food=1, silver=3), MARKET1, (BLUE, YELLOW))
    refused(adv, YELLOW, {"type": "sell", "item": "food", "count": 1}, "sell.not_sellable")


def test_fe_ex_18_automatic_withdrawal() -> None:
    """§2.3.5 market_empty, cannot_afford, no_option, in that order; never a cut-off line of play."""
    def withdrawn(state: fe.State) -> list[object]:  # type: ignore[name-defined]
        return [f["reason"] for f in _facts(state) if f["t"] == "BidWithdrawn"]

    base = no_goods(new())
    base = market(market(base, MARKET1, wine=1), MARKET2)
    assert withdrawn(replace(base, stacks=((), (BLUE,), (), (), (), ()))) == ["market_empty"]
    seven = with_player(with_player(market(base, MARKET1, wine=1), GREEN, silver=6), RED, silver=6)
    state = trade_at(seven, MARKET1, (BLUE, RED, GREEN, YELLOW, BLUE, RED, GREEN))
    assert fe.to_act(state) == {RED} and len(state.stacks[MARKET1]) == 6
    assert withdrawn(replace(seven, stacks=((BLUE,) * 6 + (GREEN,), (), (), (), (), ())))[:1] == ["cannot_afford"]
    guild = replace(base, stacks=((), (), (), (), (), (RED,)))
    assert withdrawn(with_player(guild, RED, gold=1)) == ["no_option"]
    only_watches = replace(guild, bag=goods(watches=3))
    assert withdrawn(with_player(only_watches, RED, goods=goods(watches=2))) == ["no_option"]
    asked = with_player(replace(guild, stacks=((), (), (), (), (), (BLUE, RED))), RED, silver=0, gold=1, goods=goods(wine=1))
    assert withdrawn(asked) == [] and fe.to_act(trade_at(asked, GUILD, (BLUE, RED))) == {RED}
    empty_bag = with_player(replace(guild, bag=goods()), RED, silver=2, goods=goods(watches=1, books=1))
    assert withdrawn(empty_bag) == []
    assert withdrawn(replace(seven, stacks=((), (BLUE,) * 6 + (GREEN,), (), (), (), ())))[:1] == ["market_empty"]
    three = replace(guild, stacks=((), (), (), (), (), (BLUE, BLUE, RED)))
    assert withdrawn(with_player(three, RED, silver=0))[:1] == ["cannot_afford"]


def _facts(state: fe.State) -> list[dict[str, object]]:  # type: ignore[name-defined]
    from .helpers import settle_facts
    return settle_facts(replace(state, step=Step.TRADE, asked=False))[1]


def test_fe_ex_26_stacking_on_ones_own_token() -> None:
    """[BID-1] a player may bid on top of his own token; [TR-2] one deal per token."""
    state = replace(bidding(1), stacks=((), (BLUE, RED), (), (), (), ()))
    assert act(state, RED, {"type": "place_bid", "target": "market2"}).stacks[MARKET2] == (BLUE, RED, RED)
    state = no_goods(market(new(), MARKET2, wine=1, books=1, clothing=1))
    state = with_player(with_player(state, RED, silver=5), BLUE, silver=4)
    state = trade_at(state, MARKET2, (BLUE, RED, RED))
    state, facts = act_facts(state, RED, {"type": "buy", "goods": "wine"})
    assert state.players[RED].silver == 2 and ["BoardingWindowClosed" in f["t"] for f in facts].count(True) == 1
    state, facts = act_facts(state, RED, {"type": "buy", "goods": "books"})
    assert state.players[RED].silver == 0 and ["BoardingWindowClosed" in f["t"] for f in facts].count(True) == 1
    state = act(state, BLUE, {"type": "buy", "goods": "clothing"})
    assert state.players[BLUE].silver == 3


def test_fe_ex_27_guild_with_a_thin_bag() -> None:
    """§2.3.3 the taken type must be in the bag; §2.3.5 a sale can make an exchange possible."""
    state = replace(no_goods(new()), guild_bonus=("B2", "B3", "B4", "B5"), bag=goods(watches=1))
    state = with_player(state, RED, goods=goods(watches=1, books=1), silver=2, gold=0, spice=0)
    asked = trade_at(state, GUILD, (RED,))
    assert fe.to_act(asked) == {RED}
    exchanges = [a for a in legal(asked, RED) if a["type"] == "exchange"]
    assert exchanges == [{"type": "exchange", "option": "goods_spice", "give": "books", "take": "watches"}]
    assert {"type": "decline"} in legal(asked, RED)
    assert {"type": "sell", "item": "goods", "goods": "books", "count": 1} in legal(asked, RED)
    refused(asked, RED, {"type": "exchange", "option": "goods_spice", "give": "watches", "take": "watches"}, "guild.same_goods")
    refused(asked, RED, {"type": "exchange", "option": "goods_spice", "give": "books", "take": "wine"}, "guild.not_in_bag")
    refused(asked, RED, {"type": "exchange", "option": "bonus", "bonus": "B2"}, "guild.needs_gold_and_spice")
    refused(asked, RED, {"type": "exchange", "option": "goods_food", "give": "books", "take": "watches"}, "guild.option_not_in_mode")
    a = trade_at(replace(state, bag=goods()), GUILD, (RED,))
    assert fe.to_act(a) == {RED}
    a = act(a, RED, {"type": "sell", "item": "goods", "goods": "books", "count": 1})
    assert a.bag == goods(books=1) and a.players[RED].silver == 3
    a = act(a, RED, {"type": "exchange", "option": "goods_spice", "give": "watches", "take": "books"})
    assert a.players[RED].goods == goods(books=1)
    b = with_player(replace(state, bag=goods()), RED, goods=goods(watches=2))
    assert [f.get("reason") for f in _facts(replace(b, stacks=((), (), (), (), (), (RED,))))][:1] == ["no_option"]


def test_fe_ex_32_a_silver_shortage_keeps_the_boarding_window_open() -> None:
    """[TR-5] only goods, seats and merchants close the window by themselves."""
    state = no_goods(market(new(), MARKET1, watches=1))
    state = only_ships(state, (1, "D02", ()))
    state = with_player(state, BLUE, goods=goods(watches=1), silver=1, gold=1, merchants=5)
    state = act(trade_at(state, MARKET1, (BLUE,)), BLUE, {"type": "buy", "goods": "watches"})
    assert state.step is Step.BOARDING and state.players[BLUE].silver == 0
    refused(state, BLUE, {"type": "board", "ship": "ship2"}, "boarding.insufficient_silver")
    state = act(state, BLUE, {"type": "sell", "item": "gold", "count": 1})
    assert state.players[BLUE].silver == 2 and state.step is Step.BOARDING
    state, facts = act_facts(state, BLUE, {"type": "board", "ship": "ship2"})
    assert state.players[BLUE].silver == 1 and state.players[BLUE].goods == goods()
    assert {"t": "BoardingWindowClosed", "seat": BLUE, "auto": True} in facts


def test_fe_ex_37_rejection_order() -> None:
    """§2.1 / FE-AMB-41: turn, decision, shape, then the rule's own codes. The platform's shared
    codes stand for the page's: phase.not_your_turn = turn.not_yours, phase.wrong_action =
    action.not_now, phase.bad_parameter = action.malformed, phase.game_over = game.over."""
    state = no_goods(market(new(), MARKET1, wine=1))
    state = trade_at(with_player(state, BLUE, silver=0, gold=1), MARKET1, (BLUE,))
    for action in ({"type": "buy", "goods": "wine"}, {"type": "board", "ship": "ship1"}):
        refused(state, RED, action, "turn.not_yours")
    # FE-AMB-10: a sale is the one out-of-turn action; Red holds no gold, so the rule answers
    refused(with_player(state, RED, gold=0), RED, {"type": "sell", "item": "gold", "count": 1}, "sell.not_held")
    refused(state, BLUE, {"type": "flip", "province": "OR-F1"}, "action.not_now")
    refused(state, BLUE, {"type": "place_bid", "target": "moon"}, "action.not_now")
    refused(state, BLUE, {"type": "board", "ship": "ship1"}, "boarding.no_deal")
    refused(state, BLUE, {"type": "exchange", "option": "goods_spice", "give": "wine", "take": "books"}, "trade.wrong_venue")
    refused(state, BLUE, {"type": "buy", "goods": "spices"}, "action.malformed")
    refused(state, BLUE, {"type": "buy", "goods": "clothing"}, "trade.goods_not_on_market")
    refused(state, BLUE, {"type": "buy", "goods": "wine"}, "trade.insufficient_silver")
    over = replace(state, step=Step.GAME_OVER, scores=(0, 0, 0, 0))
    refused(over, RED, {"type": "sell", "item": "gold", "count": 1}, "game.over")
    assert fe.view(over, BLUE)["players"][RED]["trade_tiles"] == [] and fe.view(over, ALL)["step"] == "game_over"
