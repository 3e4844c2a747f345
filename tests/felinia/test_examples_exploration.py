"""Worked examples FE-EX-8 to 10, 24, 25, 36 (basic) and 20, 22, 30, 31, 38 (advanced) from rules
page §9: which ships sail, flipping, moving, the duty to head for a face-up tile ([EX-1]),
returning home, food steps, mysterious places and the special tiles' income."""

from __future__ import annotations

from dataclasses import replace

import domain.felinia as fe
from domain.core import ALL
from domain.core.rules import action_for
from domain.felinia.state import State, Step

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
    legal,
    names,
    new,
    no_goods,
    only_ships,
    refused,
    with_player,
    with_settled,
    with_tiles,
)

PURPLE_BASIC = {"PU-F1": "T16", "PU-F2": "T15", "PU-F3": "T17", "PU-F4": "T18", "PU-F5": "T13", "PU-F6": "T14"}
ORANGE_BASIC = {"OR-F1": "T08", "OR-F2": "T07", "OR-F3": "T09", "OR-F4": "T10", "OR-F5": "T11", "OR-F6": "T12"}


def move(province: str) -> dict[str, str]:
    return {"type": "move", "province": province}


def flip(province: str) -> dict[str, str]:
    return {"type": "flip", "province": province}


STOP = {"type": "stop"}


# -- FE-EX-8 ------------------------------------------------------------------------------------


def test_fe_ex_8_which_ships_sail() -> None:
    """§2.4.1 full ships sail by time; none full: the earliest ship, empty or not (FE-AMB-16)."""
    base = no_goods(new())
    a = only_ships(base, (0, "D01", (BLUE,)), (1, "D02", (BLUE,)), (2, "D12", ()), (3, "D15", ()))
    state, facts = explore(a)
    assert facts[0] == {"t": "ExplorationBegan", "ships": ["ship2"]}
    assert state.expedition is not None and state.expedition.country == "orange"
    state, facts = act_facts(state, BLUE, STOP)
    assert {"t": "ShipReturned", "ship": "ship2", "tile": "D02"} in facts
    assert "D02" in state.discard and state.ships[0] == "D01" and state.ship_seats[0] == (BLUE, None)
    b = only_ships(base, (0, "D04", (RED,)), (1, "D01", ()), (2, "D12", ()), (3, "D15", (GREEN,)))
    state, facts = explore(b)
    assert facts[0]["ships"] == ["ship1"] and state.expedition.country == "brown"  # type: ignore[union-attr]
    assert state.ship_seats[3] == (GREEN, None)
    c = only_ships(base, (0, "D04", ()), (1, "D01", ()), (2, "D12", ()), (3, "D15", (GREEN,)))
    state, facts = explore(c)
    assert facts[:2] == [{"t": "ExplorationBegan", "ships": ["ship1"]},
                         {"t": "DeckTileDiscarded", "ship": "ship1", "tile": "D04"}]
    assert "ShipSailed" not in names(facts) and "StorageBegan" in names(facts)
    d = only_ships(base, (1, "D03", (RED,)), (2, "D12", (YELLOW,)))
    state, facts = explore(d)
    assert facts[0]["ships"] == ["ship2", "ship3"] and fe.to_act(state) == {RED}
    state, facts = act_facts(state, RED, STOP)
    assert fe.to_act(state) == {YELLOW} and state.expedition.country == "orange"  # type: ignore[union-attr]


def fe_ex_9_start() -> State:
    state = with_tiles(no_goods(new()), PURPLE_BASIC)
    return with_player(only_ships(state, (2, "D13", (GREEN,))), GREEN, silver=2)


def test_fe_ex_9_the_exploration_example() -> None:
    """§2.4.2 landing, flipping up to two tiles, moving along roads, taking a face-up tile."""
    start = fe_ex_9_start()
    supply = start.players[GREEN].merchants
    state, _ = explore(start)
    e = state.expedition
    assert e is not None and e.at == idx(state, "PU-P") and (e.steps, e.flips) == (2, 2)
    state = act(state, GREEN, flip("PU-F2"))
    assert state.face_up[idx(state, "PU-F2")]
    state = act(state, GREEN, flip("PU-F5"))
    refused(state, GREEN, STOP, "explore.must_continue")
    refused(state, GREEN, flip("PU-F3"), "explore.flip_limit")
    refused(state, GREEN, move("PU-F1"), "explore.face_down_tile")
    assert move("PU-X2") in legal(state, GREEN)
    state = act(state, GREEN, move("PU-X1"))
    assert state.players[GREEN].silver == 3
    refused(state, GREEN, move("PU-P"), "explore.revisit")
    refused(state, GREEN, move("PU-F3"), "explore.face_down_tile")
    refused(state, GREEN, move("PU-F5"), "explore.not_adjacent")
    refused(state, GREEN, flip("PU-F3"), "explore.flip_after_move")
    refused(state, GREEN, STOP, "explore.must_continue")
    state, facts = act_facts(state, GREEN, move("PU-F2"))
    assert {"t": "TradeTileTaken", "seat": GREEN, "province": "PU-F2", "tile": "T15"} in facts
    assert {"t": "ShipReturned", "ship": "ship3", "tile": "D13"} in facts
    assert state.players[GREEN].tiles == ("T15",) and state.settled[idx(state, "PU-F2")] == GREEN
    assert state.tiles[idx(state, "PU-F2")] is None
    assert state.tiles[idx(state, "PU-F5")] == "T13" and state.face_up[idx(state, "PU-F5")]
    assert state.players[GREEN].silver == 3 and state.players[GREEN].merchants == supply


def fe_ex_10_start(**options: object) -> State:
    state = with_tiles(no_goods(new(**options)), ORANGE_BASIC)
    return with_player(only_ships(state, (1, "D02", (RED,))), RED, gold=0)


def test_fe_ex_10_returning_home_and_the_duty_to_head_for_a_tile() -> None:
    """[EX-1]: bound only by a face-up tile within the steps; FE-AMB-4: rewards are kept."""
    start, _ = explore(fe_ex_10_start())
    assert not start.expedition.bound  # type: ignore[union-attr]
    supply = start.players[RED].merchants
    a, facts = act_facts(start, RED, move("OR-X1"))
    assert a.players[RED].gold == 1 and a.players[RED].merchants == supply + 1
    assert {"t": "MerchantReturnedHome", "seat": RED, "stopped": False} in facts
    b = act(start, RED, STOP)
    assert b.players[RED].merchants == supply + 1 and b.players[RED].gold == 0
    c, facts = act_facts(start, RED, flip("OR-F5"))
    assert c.expedition.bound and "ExpeditionBound" in names(facts)  # type: ignore[union-attr]
    refused(c, RED, STOP, "explore.must_continue")
    refused(c, RED, move("OR-X1"), "explore.must_reach_tile")
    c, facts = act_facts(c, RED, move("OR-X2"))
    assert [f["kind"] for f in facts if f["t"] == "RewardGained"] == ["goods"] and sum(c.players[RED].goods) == 1
    c, facts = act_facts(c, RED, move("OR-F5"))
    assert c.settled[idx(c, "OR-F5")] == RED and c.players[RED].tiles == ("T11",)
    d, _ = explore(fe_ex_10_start(lenient_expedition=True))
    d = act(d, RED, flip("OR-F5"))
    assert not d.expedition.bound  # type: ignore[union-attr]
    d, facts = act_facts(d, RED, move("OR-X1"))
    assert d.players[RED].gold == 1 and "MerchantReturnedHome" in names(facts)
    assert d.face_up[idx(d, "OR-F5")]


def test_fe_ex_24_two_merchants_on_one_ship() -> None:
    """§2.4.1 the bow merchant's whole expedition first; each has his own flips (FE-AMB-6)."""
    state = with_tiles(no_goods(new()), ORANGE_BASIC)
    state, _ = explore(only_ships(state, (0, "D07", (RED, BLUE))))
    assert fe.to_act(state) == {RED} and not state.expedition.bound  # type: ignore[union-attr]
    state = act(state, RED, flip("OR-F1"))
    state = act(state, RED, flip("OR-F5"))
    state, facts = act_facts(state, RED, move("OR-F1"))
    assert state.players[RED].tiles == ("T08",) and fe.to_act(state) == {BLUE}
    assert state.expedition.bound  # type: ignore[union-attr]
    refused(state, BLUE, move("OR-F1"), "explore.occupied")
    refused(state, BLUE, flip("OR-F5"), "explore.flip_not_face_down")
    refused(state, BLUE, STOP, "explore.must_continue")
    refused(state, BLUE, move("OR-X1"), "explore.must_reach_tile")
    state, facts = act_facts(state, BLUE, move("OR-X2"))
    assert facts[-1]["kind"] == "goods"
    state, facts = act_facts(state, BLUE, move("OR-F5"))
    assert {"t": "ShipReturned", "ship": "ship1", "tile": "D07"} in facts
    assert state.settled[idx(state, "OR-F1")] == RED and state.settled[idx(state, "OR-F5")] == BLUE
    for p in ("OR-F2", "OR-F3", "OR-F4", "OR-F6"):
        assert state.tiles[idx(state, p)] is not None and not state.face_up[idx(state, p)]


def test_fe_ex_25_two_ships_to_one_country_in_one_phase() -> None:
    """FE-AMB-17: strictly by departure time; earlier merchants change what later ones find."""
    state = with_tiles(no_goods(new()), ORANGE_BASIC, face_up={"OR-F3": True})
    state, facts = explore(only_ships(state, (1, "D02", (GREEN,)), (2, "D12", (YELLOW,))))
    assert facts[0]["ships"] == ["ship2", "ship3"] and state.expedition.bound  # type: ignore[union-attr]
    state = act(state, GREEN, move("OR-X1"))
    assert state.players[GREEN].gold == 1
    state, facts = act_facts(state, GREEN, move("OR-F3"))
    assert {"t": "ShipReturned", "ship": "ship2", "tile": "D02"} in facts and fe.to_act(state) == {YELLOW}
    assert not state.expedition.bound  # type: ignore[union-attr]
    state = act(state, YELLOW, flip("OR-F2"))
    assert state.expedition.bound  # type: ignore[union-attr]
    state = act(state, YELLOW, move("OR-X1"))
    assert state.players[YELLOW].gold == 1
    refused(state, YELLOW, move("OR-F3"), "explore.occupied")
    state = act(state, YELLOW, move("OR-F2"))
    assert state.players[YELLOW].tiles == ("T07",) and state.players[GREEN].tiles == ("T09",)


def test_fe_ex_36_a_country_without_trade_tiles() -> None:
    """FE-AMB-33: the ship sails; its merchant collects rewards and returns home."""
    state = with_settled(no_goods(new()), {f"EM-F{i}": i % 2 for i in range(1, 7)})
    state, _ = explore(with_player(only_ships(state, (0, "D06", (GREEN,))), GREEN, silver=2))
    assert not state.expedition.bound and STOP in legal(state, GREEN)  # type: ignore[union-attr]
    state, facts = act_facts(state, GREEN, move("EM-X1"))
    assert state.players[GREEN].silver == 3
    assert "MerchantReturnedHome" in names(facts) and {"t": "ShipReturned", "ship": "ship1", "tile": "D06"} in facts


# -- the advanced game ----------------------------------------------------------------------------


def advanced(**options: object) -> State:
    return no_goods(new(mode="advanced", **options))


def fe_ex_20_start(**options: object) -> State:
    state = with_tiles(advanced(**options), {"EM-F5": "T05"}, face_up=True)
    deck = ("MP09", "MP01", *(c for c in state.mystery_deck if c not in ("MP09", "MP01", "MP02")))
    state = replace(state, mystery_deck=deck)
    state = with_player(state, RED, food=0, goods=goods(books=1), mystery=("MP02",))
    return only_ships(state, (0, "D11", (RED,)))


def test_fe_ex_20_food_extra_step_mysterious_place() -> None:
    """§5.3 food steps, the mysterious place procedure, [EX-1] counting food (FE-AMB-44)."""
    state, _ = explore(fe_ex_20_start())
    assert state.expedition.bound  # type: ignore[union-attr]
    state = act(state, RED, move("EM-X1"))
    assert state.players[RED].food == 1 and state.expedition.steps == 1  # type: ignore[union-attr]
    state, facts = act_facts(state, RED, move("EM-X3"))
    assert {"t": "MysteryCardsDrawn", "seat": RED, "count": 2, "cards": ["MP09", "MP01"]} in facts
    assert state.step is Step.MYSTERY and state.expedition.steps == 0  # type: ignore[union-attr]
    assert "cards" not in fe.redact(facts[-1], BLUE)
    refused(state, RED, move("EM-F5"), "action.not_now")
    refused(state, RED, {"type": "keep_mystery", "card": "MP01"}, "mystery.duplicate")
    refused(state, RED, {"type": "keep_mystery", "card": None}, "mystery.must_keep")
    keep = {"type": "keep_mystery", "card": "MP09"}
    kept, facts = act_facts(state, RED, keep)
    assert kept.players[RED].mystery == ("MP02", "MP09") and kept.players[RED].goods == goods()
    assert kept.mystery_deck[-1] == "MP01"
    assert action_for(fe, keep, RED, BLUE) == {"type": "keep_mystery"}
    assert action_for(fe, keep, RED, None) == {"type": "keep_mystery"}
    assert action_for(fe, keep, RED, RED) == keep and action_for(fe, keep, RED, ALL) == keep
    assert fe.redact(facts[0], BLUE) == {"t": "MysteryCardKept", "seat": RED, "auto": False, "goods_paid": "books"}
    refused(kept, RED, STOP, "explore.must_continue")
    done, facts = act_facts(kept, RED, move("EM-F5"))
    assert names(facts)[:3] == ["FoodSpent", "MerchantMoved", "TradeTileTaken"]
    assert done.players[RED].food == 0 and done.players[RED].tiles == ("T05",)
    lenient, _ = explore(fe_ex_20_start(lenient_expedition=True))
    lenient = act(act(act(lenient, RED, move("EM-X1")), RED, move("EM-X3")), RED, keep)
    lenient, facts = act_facts(lenient, RED, STOP)
    assert "MerchantReturnedHome" in names(facts)
    assert lenient.players[RED].mystery == ("MP02", "MP09") and lenient.players[RED].food == 1


def mystery_at_em_x3(deck: tuple[str, ...], **red: object) -> tuple[State, list[dict[str, object]]]:
    """Red's merchant enters EM-X3 (mystery symbol) with food left (FE-EX-30)."""
    state = replace(advanced(), mystery_deck=deck)
    state = with_player(only_ships(state, (0, "D11", (RED,))), RED, **{"food": 0, **red})  # type: ignore[arg-type]
    state, _ = explore(state)
    state = act(state, RED, move("EM-X1"))
    return act_facts(state, RED, move("EM-X3"))


def test_fe_ex_30_mysterious_place_edge_cases() -> None:
    """FE-AMB-24, FE-AMB-45: keep one when one can be kept; none only when none can."""
    a, facts = mystery_at_em_x3(("MP07",))
    assert facts[-1]["count"] == 1 and legal(a, RED)[0] == {"type": "keep_mystery", "card": "MP07"}
    b, facts = mystery_at_em_x3(())
    assert "MysteryCardsDrawn" not in names(facts) and b.step is Step.EXPLORATION
    c, facts = mystery_at_em_x3(("MP02", "MP04", "MP05"), mystery=("MP01", "MP03"))
    assert {"t": "MysteryCardKept", "seat": RED, "card": None, "auto": True, "goods_paid": None} in facts
    assert {"t": "MysteryCardsReturned", "seat": RED, "count": 2, "cards": ["MP02", "MP04"]} in facts
    assert c.mystery_deck == ("MP05", "MP02", "MP04") and c.step is Step.EXPLORATION
    refused(c, RED, {"type": "keep_mystery", "card": "MP02"}, "action.not_now")
    d, _ = mystery_at_em_x3(("MP05", "MP11"))
    refused(d, RED, {"type": "keep_mystery", "card": None}, "mystery.must_keep")
    refused(d, RED, {"type": "keep_mystery", "card": "MP07"}, "mystery.not_drawn")
    refused(d, RED, {"type": "keep_mystery", "card": "MP11"}, "mystery.missing_goods")
    d = act(d, RED, {"type": "keep_mystery", "card": "MP05"})
    assert d.players[RED].mystery == ("MP05",) and d.mystery_deck == ("MP11",)
    e, _ = mystery_at_em_x3(("MP09", "MP01"), mystery=("MP02",), goods=goods(books=1), silver=3)
    assert legal(e, RED)[0] == {"type": "keep_mystery", "card": "MP09"}
    e, facts = act_facts(e, RED, {"type": "sell", "item": "goods", "goods": "books", "count": 1})
    assert e.players[RED].silver == 4 and facts[1]["auto"] is True
    assert e.mystery_deck == ("MP09", "MP01")


def test_fe_ex_31_income_tiles_work_only_after_the_taking_entry() -> None:
    """§5.5 / FE-AMB-26: S8 gives 1 gold on taking, then +1 per entry into a gold province."""
    state = with_tiles(advanced(), {"PU-F7": "S8"}, face_up=True)
    state = with_player(only_ships(state, (0, "D13", (RED,))), RED, gold=0, food=1)
    state, _ = explore(state)
    state = act(act(state, RED, move("PU-X2")), RED, move("PU-X4"))
    assert state.players[RED].gold == 1  # PU-X4's gold symbol, before S8
    state, facts = act_facts(state, RED, move("PU-F7"))
    assert state.players[RED].gold == 2 and state.players[RED].tiles == ("S8",)
    assert [f["t"] for f in facts if f["t"] == "RewardGained"] == []
    later = with_player(only_ships(state, (0, "D05", (RED,))), RED, gold=0, food=1)  # bound in grey: food keeps a tile within reach
    later, _ = explore(later)
    later = act(later, RED, move("GR-X1"))
    later, facts = act_facts(later, RED, move("GR-X3"))
    assert later.players[RED].gold == 3
    assert [f.get("tile") for f in facts if f["t"] == "RewardGained"] == [None, "S8"]
    purple = with_player(only_ships(state, (0, "D18", (RED,))), RED, gold=0, food=1)
    purple, _ = explore(purple)
    purple = act(act(purple, RED, move("PU-X2")), RED, move("PU-X4"))
    assert purple.players[RED].gold == 2


def test_fe_ex_22_special_trade_tiles() -> None:
    """§5.5 S7 and S6 on taking and after; S1-S4 at the end; S5 and option C."""
    s7 = with_tiles(advanced(), {"OR-F1": "S7"}, face_up=True)
    s7 = with_player(only_ships(s7, (1, "D02", (BLUE,))), BLUE, silver=4)
    s7, _ = explore(s7)
    s7 = act(s7, BLUE, move("OR-F1"))
    assert s7.players[BLUE].silver == 5 and s7.settled[idx(s7, "OR-F1")] == BLUE
    brown = with_player(only_ships(s7, (0, "D09", (BLUE,))), BLUE, silver=2)
    brown, _ = explore(brown)
    brown = act(act(brown, BLUE, move("BR-X1")), BLUE, move("BR-X3"))
    assert brown.players[BLUE].silver == 5
    s6 = with_tiles(advanced(), {"EM-F1": "S6"}, face_up=True)
    s6 = with_player(only_ships(s6, (0, "D06", (GREEN,))), GREEN, food=0, gold=0, silver=3)
    s6, _ = explore(s6)
    bag = sum(s6.bag)
    s6, facts = act_facts(s6, GREEN, move("EM-F1"))
    g = s6.players[GREEN]
    assert (g.food, g.gold, g.silver, sum(g.goods), g.tiles) == (1, 1, 4, 1, ())
    assert sum(s6.bag) <= bag - 1 + 2 and "S6" in s6.removed and s6.settled[idx(s6, "EM-F1")] == GREEN
    assert [x for x in facts if x["t"] == "SpecialTileEffect"][0]["removed"] is True
    from domain.felinia.scoring import breakdown
    y = with_player(advanced(), YELLOW, tiles=("S1", "S2", "S3", "S4"), food=3, spice=5, mystery=("MP01", "MP03", "MP05"))
    y = with_settled(y, {"EM-F1": YELLOW, "OR-F6": YELLOW})
    parts = breakdown(y, YELLOW)
    assert (parts["food"], parts["spice"], parts["merchant_groups"], parts["mystery"]) == (6, 5, 4, 9)
    assert breakdown(with_player(y, YELLOW, tiles=(), mystery=("MP01",)), YELLOW)["mystery"] == 1
    assert breakdown(with_player(y, YELLOW, tiles=(), mystery=("MP01", "MP03")), YELLOW)["mystery"] == 4
    s5 = with_player(only_ships(advanced(), (0, "D13", (RED,))), RED, tiles=("S5",), food=0)
    s5, _ = explore(s5)
    s5 = act(act(s5, RED, move("PU-X1")), RED, move("PU-X3"))
    assert s5.players[RED].food == 3
    from .helpers import trade_at
    guild = trade_at(with_player(advanced(), RED, tiles=("S5",), food=0, goods=goods(wine=1), silver=2), 5, (RED,))
    guild = act(guild, RED, {"type": "exchange", "option": "goods_food", "give": "wine", "take": "books"})
    assert guild.players[RED].food == 1


def test_fe_ex_38_advanced_bound_and_unbound_merchants() -> None:
    """[EX-1] / FE-AMB-44: only tiles within the standard steps bind; food widens the routes."""
    start = with_settled(advanced(), {f"PU-F{i}": BLUE for i in range(1, 5)})
    start = with_tiles(start, {"PU-F5": "T13", "PU-F6": "T14", "PU-F7": "T17", "PU-F8": "T18"}, face_up=True)
    start = with_player(only_ships(start, (0, "D13", (RED,))), RED, food=0, silver=2)
    a, _ = explore(start)
    assert not a.expedition.bound and STOP in legal(a, RED)  # type: ignore[union-attr]
    b = act(act(a, RED, move("PU-X1")), RED, move("PU-X3"))
    assert (b.players[RED].silver, b.players[RED].food, b.expedition.steps) == (3, 2, 0)  # type: ignore[union-attr]
    assert STOP in legal(b, RED)
    b2 = act(b, RED, move("PU-F5"))
    assert b2.players[RED].food == 1 and b2.players[RED].tiles == ("T13",)
    c0 = with_tiles(replace(start, settled=tuple(None if s == idx(start, "PU-F2") else x for s, x in enumerate(start.settled))),
                    {"PU-F2": "T15"}, face_up=True)
    c, _ = explore(c0)
    assert c.expedition.bound  # type: ignore[union-attr]
    refused(c, RED, STOP, "explore.must_continue")
    refused(c, RED, move("PU-X2"), "explore.must_reach_tile")
    c = act(c, RED, move("PU-X1"))
    c = act(c, RED, move("PU-X3"))
    assert c.players[RED].food == 2
    refused(c, RED, STOP, "explore.must_continue")
    c = act(c, RED, move("PU-F6"))
    assert c.players[RED].food == 1 and c.players[RED].tiles == ("T14",)
    d, _ = explore(replace(c0, lenient=True))
    assert STOP in legal(d, RED) and move("PU-X2") in legal(d, RED)
    d = act(act(d, RED, move("PU-X1")), RED, move("PU-X3"))
    assert STOP in legal(d, RED)


def test_finish_exploration_helper_plays_every_merchant() -> None:
    state, _ = explore(only_ships(no_goods(new()), (1, "D03", (RED,)), (2, "D12", (YELLOW,))))
    state, facts = finish_exploration(state)
    assert names(facts).count("ShipReturned") == 2 and state.step is not Step.EXPLORATION
