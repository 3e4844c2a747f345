"""The worked examples PR-EX-32 … PR-EX-46 of the rules page §9: the New Buildings expansion.

Each test names the §10 resolution it relies on where the example depends on one. The page's
compound commands are atomic here: `build(type, black_market={...})` is `build` with
`"black_market": true` followed by one `black_market_*` action per item; `store(...)` is
`warehouse` / `keep` actions; `small_wharf({kind: n})` is `small_wharf` per kind and `done`.
"""

from __future__ import annotations

from typing import Any

import domain.puerto_rico as pr
from domain.puerto_rico.components import DRAFT_POOL, DRAFT_SLOTS, GOOD_INDEX, TILE_INDEX
from domain.puerto_rico.phases import mayor
from domain.puerto_rico.phases.builder import price
from domain.puerto_rico.scoring import breakdown
from domain.puerto_rico.state import State

from .builder import act, board, drafted, game, of_type, player, rejected, start_role
from .expansion_examples_helpers import B, _row

G = GOOD_INDEX


def nb(n: int = 4, **options: Any) -> State:
    """A New Buildings game after the draft (every violet kind on the board)."""
    return drafted(game(n, expansions=["new_buildings"], **options))


# -- New Buildings -----------------------------------------------------------------------------


def test_pr_ex_32_draft() -> None:
    # §10 A35: the office / trading post exclusion is on by default.
    s = game(3, expansions=["new_buildings"])
    assert s.step == "draft" and s.turn == 0 and s.slots == DRAFT_SLOTS
    assert all(s.building_supply[b] == 0 for b in DRAFT_POOL)
    assert s.building_supply[B["indigo_plant"]] == 3  # production buildings as in the base game
    s, facts = act(s, 0, {"type": "draft_building", "building": "black_market"})
    assert facts == [{"t": "BuildingDrafted", "seat": 0, "building": "black_market", "slot": 2, "copies": 2}]
    assert s.turn == 1 and s.building_supply[B["black_market"]] == 2
    s, _ = act(s, 1, {"type": "draft_building", "building": "hacienda"})
    assert rejected(s, 2, {"type": "draft_building", "building": "construction_hut"}) == "draft.no_slot"
    assert rejected(s, 2, {"type": "draft_building", "building": "forest_house"}) == "draft.no_slot"
    assert rejected(s, 2, {"type": "draft_building", "building": "hacienda"}) == "draft.already_drafted"
    assert rejected(s, 2, {"type": "draft_building", "building": "chapel"}) == "draft.unknown_building"
    s, facts = act(s, 2, {"type": "draft_building", "building": "statue"})
    assert facts[0]["slot"] == 10 and facts[0]["copies"] == 1
    s, _ = act(s, 0, {"type": "draft_building", "building": "office"})
    assert rejected(s, 1, {"type": "draft_building", "building": "trading_post"}) == "draft.office_and_trading_post"
    assert {"type": "draft_building", "building": "trading_post"} not in pr.legal_actions(s, 1)
    picks = [0, 0, 0]
    while s.step == "draft":
        picks[s.turn] += 1
        s, _ = act(s, s.turn, pr.legal_actions(s, s.turn)[0])
    # 17 slots filled: 12 small kinds with 2 copies, 5 large with 1; the rest go back to the box
    on_board = [b for b in DRAFT_POOL if s.building_supply[b]]
    assert len(on_board) == 17 and sorted(s.building_supply[b] for b in on_board) == [1] * 5 + [2] * 12
    assert picks == [4, 5, 4]  # with the 4 picks above: 6, 6, 5 — players may pick unequally
    assert s.step == "select_role" and s.turn == s.governor == 0 and s.round == 1
    # 2 players: every drafted small kind gets 1 copy
    t = game(2, expansions=["new_buildings"])
    t, facts = act(t, 0, {"type": "draft_building", "building": "black_market"})
    assert facts[0]["copies"] == 1
    # without the exclusion both may be drafted
    u = game(3, expansions=["new_buildings"], exclude_office_with_trading_post=False)
    u, _ = act(u, 0, {"type": "draft_building", "building": "office"})
    u, facts = act(u, 1, {"type": "draft_building", "building": "trading_post"})
    assert facts[0]["building"] == "trading_post"


def test_pr_ex_33_aqueduct() -> None:
    # §10 A24: the bonus needs the large building occupied and >= 1 good of its kind produced.
    s = player(nb(), 1, island={"sugar": 1}, manned={"sugar": 1},
               buildings={"aqueduct": 1, "indigo_plant": 1, "small_sugar_mill": 1})
    _, facts = start_role(s, 0, "craftsman")
    assert _row(facts, 1) == {"seat": 1, "goods": {"sugar": 1}, "factory": 0}  # 0 I, 1 S
    s = player(nb(), 1, island={"indigo": 1, "sugar": 3}, manned={"indigo": 1, "sugar": 3},
               buildings={"aqueduct": 1, "indigo_plant": 1, "sugar_mill": 3})
    s, facts = start_role(s, 0, "craftsman")
    assert _row(facts, 1) == {"seat": 1, "goods": {"indigo": 2, "sugar": 4}, "factory": 0,
                              "aqueduct": {"indigo": 1, "sugar": 1}}
    assert s.players[1].goods[G["indigo"]] == 2 and s.players[1].goods[G["sugar"]] == 4


def test_pr_ex_34_forest_discount() -> None:
    # §10 A44: the forest discount is not limited by the column and adds to everything else.
    s = player(nb(), 0, island={"quarry": 2}, manned={"quarry": 2}, forests={"corn": 3, "sugar": 1},
               hidden_forests={"coffee": 2}, doubloons=0)
    s, _ = start_role(s, 0, "builder")
    assert price(s, 0, B["large_warehouse"]) == 0  # 6 − 1 (builder) − 2 (quarries) − 3 (6 forests)
    s, facts = act(s, 0, {"type": "build", "building": "large_warehouse"})
    assert facts[0]["price"] == 0 and s.players[0].owns(B["large_warehouse"])
    # the discount holds whether or not the forest house is occupied (the player has none)
    assert price(s, 0, B["city_hall"]) == 10 - 1 - 2 - 3


def _black_market(doubloons: int) -> State:
    s = player(nb(), 1, island={"corn": 1}, manned={"corn": 1}, buildings={"black_market": 1},
               goods={"indigo": 1}, doubloons=doubloons, vp=1)
    s, _ = start_role(s, 0, "builder")
    s, _ = act(s, 0, {"type": "pass"})
    return s


def test_pr_ex_35_black_market() -> None:
    # §10 A28: exact shortfall, one item per category, not the black market's own worker.
    s = _black_market(6)
    assert rejected(s, 1, {"type": "build", "building": "harbor"}) == "builder.cannot_afford"
    assert {"type": "build", "building": "harbor", "black_market": True} in pr.legal_actions(s, 1)
    supply = s.colonist_supply
    s, facts = act(s, 1, {"type": "build", "building": "harbor", "black_market": True})
    assert facts == [{"t": "BlackMarketUsed", "seat": 1, "building": "harbor", "shortfall": 2, "university": True}]
    assert rejected(s, 1, {"type": "black_market_worker", "from": "black_market"}) == "builder.black_market_own_worker"
    s, _ = act(s, 1, {"type": "black_market_good", "good": "indigo"})
    assert rejected(s, 1, {"type": "black_market_good", "good": "indigo"}) == "builder.black_market_one_each"
    s, facts = act(s, 1, {"type": "black_market_worker", "from": "corn"})
    assert facts[1] == {"t": "BuildingBuilt", "seat": 1, "building": "harbor", "price": 6, "university": None,
                        "black_market": 2}
    pl = s.players[1]
    assert pl.doubloons == 0 and pl.goods[G["indigo"]] == 0 and pl.manned[TILE_INDEX["corn"]] == 0
    assert pl.owns(B["harbor"]) and pl.vp == 1 and s.colonist_supply == supply + 1
    # {good, worker, vp} would leave him 1 doubloon: the shortfall is 2, so after two items the
    # building is built and a third cannot be given.
    assert s.step == "build" and s.turn == 2
    # with 8 doubloons there is no shortfall: any black-market use is refused
    assert rejected(_black_market(8), 1, {"type": "build", "building": "harbor", "black_market": True}) == "builder.no_shortfall"
    # a shortfall of 3 with only two kinds of item to give (no VP) is refused as well
    short = player(_black_market(5), 1, vp=0)
    assert rejected(short, 1, {"type": "build", "building": "harbor", "black_market": True}) == "builder.black_market_short"


def _storage(goods: dict[str, int]) -> State:
    s = player(nb(), 0, buildings={"storehouse": 1, "large_warehouse": 1}, goods=goods)
    s = board(s, ships=[(5, "coffee", 5), (6, "corn", 6), (7, "sugar", 7)])  # nothing can be loaded
    s, _ = start_role(s, 0, "captain")
    assert s.step == "store" and s.turn == 0
    return s


def test_pr_ex_36_storehouse_and_large_warehouse() -> None:
    goods = {"corn": 3, "sugar": 4, "indigo": 2, "tobacco": 2, "coffee": 1}
    s = _storage(goods)
    for a in ({"type": "warehouse", "good": "sugar"}, {"type": "warehouse", "good": "corn"},
              {"type": "keep", "good": "indigo"}, {"type": "keep", "good": "indigo"},
              {"type": "keep", "good": "tobacco"}):
        s, _ = act(s, 0, a)
    s, facts = act(s, 0, {"type": "keep", "good": "tobacco"})
    assert facts[1] == {"t": "GoodsStored", "seat": 0, "kept": None, "discarded": {"coffee": 1}, "auto": True}
    assert s.players[0].goods == (3, 2, 4, 2, 0)
    s = _storage(goods)
    for a in ({"type": "warehouse", "good": "sugar"}, {"type": "warehouse", "good": "corn"},
              {"type": "keep", "good": "coffee"}, {"type": "keep", "good": "tobacco"},
              {"type": "keep", "good": "tobacco"}):
        s, _ = act(s, 0, a)
    s, facts = act(s, 0, {"type": "keep", "good": "indigo"})
    assert facts[1]["discarded"] == {"indigo": 1}
    # 5 singles are too many: after 4 the fifth is refused
    s = _storage(goods)
    for g in ("indigo", "indigo", "tobacco", "tobacco"):
        s, _ = act(s, 0, {"type": "keep", "good": g})
    assert rejected(s, 0, {"type": "keep", "good": "coffee"}) == "storage.singles_full"


def test_pr_ex_37_guest_house() -> None:
    # §4.8 / §10 A27: guest windows at the start and end of non-mayor phases, and as a prefix.
    s = player(nb(3), 0, island={}, buildings={"guest_house": 2, "storehouse": 0, "library": 0},
               goods={"corn": 2, "sugar": 1, "coffee": 1, "tobacco": 1})
    s = board(s, ships=[(4, "corn", 4), (5, "sugar", 5), (6, "coffee", 6)])
    s, _ = start_role(s, 1, "captain")
    assert s.step == "guest_window_start" and s.turn == 0  # K1
    s, _ = act(s, 0, {"type": "done"})
    assert s.step == "ship" and s.turn == 0  # the others had nothing to ship
    assert {"type": "deploy_guest", "to": "storehouse"} in pr.legal_actions(s, 0)
    s, _ = act(s, 0, {"type": "pass"})
    assert s.step == "guest_window_end" and s.turn == 0  # K5
    s, facts = act(s, 0, {"type": "deploy_guest", "to": "storehouse"})
    assert facts == [{"t": "GuestDeployed", "seat": 0, "to": "storehouse"}]
    assert s.players[0].occ(B["storehouse"]) and s.players[0].guests == 1
    s, _ = act(s, 0, {"type": "done"})
    assert s.step == "store" and s.turn == 0
    for g in ("coffee", "corn", "corn"):
        s, _ = act(s, 0, {"type": "keep", "good": g})
    s, _ = act(s, 0, {"type": "keep", "good": "sugar"})  # 1 + 3 singles with the storehouse
    # he still holds a guest (it could go to the library now), so he ends his storage himself
    s, facts = act(s, 0, {"type": "done"})
    assert facts[0] == {"t": "GoodsStored", "seat": 0, "kept": None, "discarded": {"tobacco": 1}}
    s, facts = start_role(s, 0, "trader")
    assert s.step == "guest_window_start" and s.turn == 0  # T1
    s, facts = act(s, 0, {"type": "deploy_guest", "to": "library"})
    assert s.step == "sell" and s.turn == 0  # no guest left: the window closed by itself
    s, facts = act(s, 0, {"type": "sell", "good": "coffee"})
    assert facts[0] == {"t": "GoodSold", "seat": 0, "good": "coffee", "price": 6}  # 4 + 2 (library)
    pl = s.players[0]
    assert pl.buildings[B["storehouse"]] == 1 and pl.buildings[B["library"]] == 1 and pl.guests == 0
    # during a mayor phase guests cannot move
    m = player(nb(3), 0, island={}, buildings={"guest_house": 2, "library": 0})
    m, _ = start_role(m, 0, "mayor")
    assert rejected(m, 0, {"type": "deploy_guest", "to": "library"}) == "action.not_now"


def test_pr_ex_38_trading_post() -> None:
    # §10 A42: the trading post pays the price (+ trader privilege), never the market bonuses.
    s = player(nb(), 1, buildings={"trading_post": 1, "small_market": 1}, goods={"coffee": 1})
    s = board(s, trading_house=["coffee"])
    t, _ = start_role(s, 0, "trader")
    assert rejected(t, 1, {"type": "sell", "good": "coffee"}) == "trader.kind_present"
    supply = t.goods[G["coffee"]]
    t, facts = act(t, 1, {"type": "sell", "good": "coffee", "venue": "trading_post"})
    assert facts[0] == {"t": "GoodSold", "seat": 1, "good": "coffee", "price": 4, "venue": "trading_post"}
    assert t.trading_house == (G["coffee"],) and t.goods[G["coffee"]] == supply + 1
    b, _ = start_role(s, 1, "trader")
    b, facts = act(b, 1, {"type": "sell", "good": "coffee", "venue": "trading_post"})
    assert facts[0]["price"] == 5


def test_pr_ex_39_church() -> None:
    # §10 A37: 0/1/1/2 VP by the column of the new building; nothing for the church itself.
    for building, vp in {"small_market": 0, "sugar_mill": 1, "harbor": 1, "city_hall": 2}.items():
        s = player(nb(), 1, buildings={"church": 1}, doubloons=20)
        s, _ = start_role(s, 0, "builder")
        s, _ = act(s, 0, {"type": "pass"})
        s, facts = act(s, 1, {"type": "build", "building": building})
        assert facts[0].get("church", 0) == vp and s.players[1].vp == vp
    s = player(nb(), 1, doubloons=20)
    s, _ = start_role(s, 0, "builder")
    s, _ = act(s, 0, {"type": "pass"})
    s, facts = act(s, 1, {"type": "build", "building": "church"})
    assert "church" not in facts[0] and s.players[1].vp == 0


def test_pr_ex_40_small_wharf() -> None:
    # §10 A16: a small-wharf shipment counts for harbor and the captain privilege.
    def setup(captain: int) -> State:
        s = player(nb(), 1, buildings={"small_wharf": 1, "harbor": 1}, goods={"corn": 2, "indigo": 3, "tobacco": 2})
        s = board(s, ships=[(5, "corn", 5), (6, "indigo", 6), (7, None, 0)])
        s, _ = start_role(s, captain, "captain")
        return s

    s = setup(0)
    assert s.turn == 1
    s, facts = act(s, 1, {"type": "small_wharf", "good": "corn", "count": 2})
    assert facts == [{"t": "SmallWharfLoaded", "seat": 1, "good": "corn", "count": 2}] and s.step == "small_wharf"
    s, _ = act(s, 1, {"type": "small_wharf", "good": "indigo", "count": 3})
    s, facts = act(s, 1, {"type": "done"})
    assert facts[0] == {"t": "SmallWharfShipped", "seat": 1, "goods": {"corn": 2, "indigo": 3}, "count": 5, "vp": 3}
    assert s.players[1].vp == 3
    # his next turn: the small wharf is used up for this phase (the tobacco must be loaded)
    assert s.turn == 1 and rejected(s, 1, {"type": "small_wharf", "good": "tobacco", "count": 1}) == "captain.small_wharf_used"
    c = setup(1)  # as the captain, with his first shipment of the phase: +1
    c, _ = act(c, 1, {"type": "small_wharf", "good": "corn", "count": 2})
    c, _ = act(c, 1, {"type": "small_wharf", "good": "indigo", "count": 3})
    c, facts = act(c, 1, {"type": "done"})
    assert facts[0]["vp"] == 4
    one = setup(0)
    one, _ = act(one, 1, {"type": "small_wharf", "good": "corn", "count": 1})
    one, facts = act(one, 1, {"type": "done"})
    assert facts[0]["vp"] == 1  # floor(1 / 2) + harbor


def test_pr_ex_41_lighthouse() -> None:
    # §10 A5: the lighthouse (not the harbor) owner as captain gets the extra doubloon.
    s = player(nb(), 0, buildings={"lighthouse": 1}, goods={"corn": 3, "sugar": 2}, doubloons=0)
    s, facts = start_role(s, 0, "captain")
    assert facts[1] == {"t": "CaptainBonusesPaid", "lighthouse": 0, "union_hall": []}
    assert s.players[0].doubloons == 1
    s, facts = act(s, 0, {"type": "ship", "good": "corn", "ship": 0})
    assert facts[0]["doubloons"] == 1
    s, _ = act(s, 0, {"type": "ship", "good": "sugar", "ship": 1})
    assert s.players[0].doubloons == 3
    e = player(nb(), 0, buildings={"lighthouse": 1}, doubloons=0)
    e, _ = start_role(e, 0, "captain")
    assert e.players[0].doubloons == 1  # even without shipping


def test_pr_ex_42_specialty_factory() -> None:
    def produce(island: dict[str, int], buildings: dict[str, int]) -> dict[str, Any] | None:
        s = player(nb(), 1, island=island, manned=island, buildings={"specialty_factory": 1, **buildings})
        _, facts = start_role(s, 0, "craftsman")
        return _row(facts, 1)

    row = produce({"corn": 4, "sugar": 3, "coffee": 2}, {"sugar_mill": 3, "coffee_roaster": 2})
    assert row is not None and row["specialty_factory"] == 2 and row["doubloons"] == 2  # sugar: 3 − 1
    row = produce({"corn": 5}, {})
    assert row is not None and "specialty_factory" not in row  # corn does not count
    row = produce({"indigo": 1}, {"small_indigo_plant": 1})
    assert row is not None and "specialty_factory" not in row  # 1 − 1 = 0


def test_pr_ex_43_library() -> None:
    # §10 A13: every privilege doubled; the role card's doubloons are not.
    s = board(nb(), faceup=["corn", "sugar", "sugar", "coffee", "indigo"], quarries=8, colonist_supply=10)
    s = player(s, 0, buildings={"library": 1, "hospice": 1})
    s, _ = start_role(s, 0, "settler")
    s, facts = act(s, 0, {"type": "take_quarry"})
    assert facts[0] == {"t": "QuarryTaken", "seat": 0, "hospice": "supply"}
    for seat, kind in ((1, "coffee"), (2, "sugar"), (3, "indigo")):
        s, _ = act(s, seat, {"type": "take_plantation", "kind": kind})
    assert s.step == "library_settle" and s.turn == 0
    assert rejected(s, 0, {"type": "take_quarry"}) == "settler.quarry_not_allowed"
    assert rejected(s, 0, {"type": "take_plantation", "kind": "sugar", "hospice": True}) == "action.malformed"
    s, facts = act(s, 0, {"type": "take_plantation", "kind": "sugar"})
    assert facts[0] == {"t": "PlantationTaken", "seat": 0, "kind": "sugar", "hospice": None}
    assert {"t": "PlantationRowDiscarded", "tiles": ["corn"]} in facts
    assert s.players[0].manned[TILE_INDEX["sugar"]] == 0
    lib = {"library": 1}
    # builder: city hall 10 − 3 quarries − 2
    b = player(nb(), 0, island={"quarry": 3}, manned={"quarry": 3}, buildings=lib, doubloons=20)
    b, _ = start_role(b, 0, "builder")
    assert price(b, 0, B["city_hall"]) == 5
    # trader: coffee 4 + 2
    t = player(nb(), 0, buildings=lib, goods={"coffee": 1})
    t, _ = start_role(t, 0, "trader")
    t, facts = act(t, 0, {"type": "sell", "good": "coffee"})
    assert facts[0]["price"] == 6
    # craftsman: two extra goods, the same or different kinds he produced
    c = player(nb(), 0, island={"corn": 1, "sugar": 1}, manned={"corn": 1, "sugar": 1},
               buildings={**lib, "small_sugar_mill": 1})
    c, _ = start_role(c, 0, "craftsman")
    c2, _ = act(c, 0, {"type": "craftsman_bonus", "good": "sugar"})
    assert c2.step == "craftsman_bonus" and c2.turn == 0
    c3, _ = act(c2, 0, {"type": "craftsman_bonus", "good": "sugar"})
    assert c3.players[0].goods[G["sugar"]] == 3 and c3.step == "select_role"
    c4, _ = act(c2, 0, {"type": "craftsman_bonus", "good": "corn"})
    assert c4.players[0].goods[G["corn"]] == 2
    # mayor: 2 colonists from the supply
    m = player(nb(), 0, buildings=lib)
    m, _ = start_role(m, 0, "mayor")
    assert pr.legal_actions(m, 0)[0] == {"type": "mayor_privilege", "colonists": 2}
    # captain: the first shipment of 3 goods gives 3 + 2
    k = player(nb(), 0, buildings=lib, goods={"corn": 3})
    k, _ = start_role(k, 0, "captain")
    k, facts = act(k, 0, {"type": "ship", "good": "corn", "ship": 0})
    assert facts[0]["vp"] == 5
    # prospector: 2 doubloons + the card's (not doubled)
    p = board(player(nb(), 0, buildings=lib, doubloons=0), role_doubloons=(0, 0, 0, 0, 0, 0, 1))
    p, facts = start_role(p, 0, "prospector")
    assert of_type(facts, "ProspectorPrivilegeTaken")[0]["doubloons"] == 2 and p.players[0].doubloons == 3


def test_pr_ex_44_union_hall() -> None:
    # §10 A26: at the start of the owner's first captain turn (all owners at phase start).
    s = player(nb(), 1, buildings={"union_hall": 1}, goods={"corn": 3, "indigo": 2, "coffee": 1})
    s, facts = start_role(s, 0, "captain")
    assert facts[1] == {"t": "CaptainBonusesPaid", "lighthouse": None, "union_hall": [{"seat": 1, "vp": 2}]}
    s = player(nb(), 1, buildings={"union_hall": 1}, goods={"corn": 4, "coffee": 2})
    s, facts = start_role(s, 0, "captain")
    assert facts[1]["union_hall"] == [{"seat": 1, "vp": 3}] and s.players[1].vp == 3
    s, facts = act(s, 1, {"type": "ship", "good": "corn", "ship": 0})  # then he ships normally
    assert facts[0]["vp"] == 4 and s.players[1].vp == 7


def test_pr_ex_45_cloister() -> None:
    config = nb().config
    island = {"quarry": 3, "corn": 2, "coffee": 1}
    pl = player(nb(), 0, island=island, forests={"corn": 3}, hidden_forests={"sugar": 3},
                buildings={"cloister": 1}).players[0]
    assert breakdown(pl, config)["cloister"] == 6  # 3 sets: forests ×2, quarries
    pl = player(nb(), 0, island={"quarry": 3, "corn": 3}, forests={"corn": 6}, buildings={"cloister": 1}).players[0]
    assert breakdown(pl, config)["cloister"] == 10  # 4 sets


def test_pr_ex_46_statue() -> None:
    config = nb().config
    s = player(nb(), 0, buildings={"statue": 0, "city_hall": 1})
    pl = s.players[0]
    assert breakdown(pl, config)["buildings"] == 8 + 4 and breakdown(pl, config)["city_hall"] == 2
    assert mayor.empty_building_circles(player(s, 0, buildings={"statue": 0})) == 0
    u = player(nb(), 0, buildings={"university": 1}, doubloons=20)
    u, _ = start_role(u, 0, "builder")
    assert {"type": "build", "building": "statue", "university": False} not in pr.legal_actions(u, 0)
    u, facts = act(u, 0, {"type": "build", "building": "statue"})
    assert facts[0]["university"] is None and u.players[0].buildings[B["statue"]] == 0
