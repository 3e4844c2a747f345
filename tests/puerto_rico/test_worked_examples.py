"""The worked examples PR-EX-1 … PR-EX-31 of the rules page §9 (base game and two players).

Each test names the §10 resolution it relies on where the example depends on one. The
rulebook's commands are atomic here: `arrange_workers(layout)` is a sequence of `place` /
`remove` actions ended by `done` (or automatically when nothing is left to decide), and
`store(warehouse_kinds, singles)` is `warehouse` actions followed by `keep` or `done`.
"""

from __future__ import annotations

import domain.puerto_rico as pr
from domain.puerto_rico.components import BUILDING_INDEX, GOOD_INDEX, TILE_INDEX
from domain.puerto_rico.phases.builder import price
from domain.puerto_rico.phases.captain import normal_loads
from domain.puerto_rico.phases.craftsman import production
from domain.puerto_rico.scoring import breakdown, score

from .builder import act, board, finish_phase, game, of_type, player, rejected, start_role

# -- setup and rounds --------------------------------------------------------------------------


def test_pr_ex_1_four_player_setup() -> None:
    s = game(4)
    assert s.governor == 0 and s.turn == 0
    assert [p.doubloons for p in s.players] == [3, 3, 3, 3]
    kinds = [[k for k, c in zip(("corn", "indigo", "sugar", "tobacco", "coffee", "quarry"), p.island, strict=True) if c] for p in s.players]
    assert kinds == [["indigo"], ["indigo"], ["corn"], ["corn"]]
    assert all(sum(p.manned) == 0 and p.colonists == 0 for p in s.players)
    assert s.vp_supply == 100 and s.colonist_supply == 75 and s.colonist_ship == 4 and s.quarries == 8
    assert s.goods == (10, 11, 11, 9, 9)  # corn, indigo, sugar, tobacco, coffee
    assert len(s.draw_pile) == 41 and len(s.faceup) == 5
    tiles = s.draw_pile + s.faceup
    assert [tiles.count(k) for k in range(5)] == [8, 10, 11, 9, 8]  # C 8, I 10, S 11, T 9, K 8
    assert s.roles == ("settler", "mayor", "builder", "craftsman", "trader", "captain", "prospector")
    assert s.role_doubloons == (0,) * 7
    assert s.ship_capacity == (5, 6, 7) and s.ship_load == (0, 0, 0)
    assert s.trading_house == ()
    supply = pr.view(s, None)["building_supply"]
    production = ("small_indigo_plant", "small_sugar_mill", "indigo_plant", "sugar_mill", "tobacco_storage", "coffee_roaster")
    assert [supply[b] for b in production] == [4, 4, 3, 3, 3, 3]
    violet = {b: c for b, c in supply.items() if b not in production}
    assert sorted(violet.values()) == [1] * 5 + [2] * 12  # 12 small kinds × 2, 5 large × 1


def test_pr_ex_2_doubloons_on_untaken_roles() -> None:
    # §10 A43: the doubloons on a card are paid to its taker on selection.
    s = game(4)
    for seat, role in enumerate(("builder", "mayor", "settler", "captain")):
        assert s.turn == seat
        s, _ = act(s, seat, {"type": "select_role", "role": role})
        s, _ = finish_phase(s)
    doubloons = dict(zip(s.roles, s.role_doubloons, strict=True))
    assert doubloons == {"settler": 0, "mayor": 0, "builder": 0, "craftsman": 1, "trader": 1, "captain": 0, "prospector": 1}
    assert s.governor == 1 and s.turn == 1 and s.round == 2
    before = s.players[1].doubloons
    s, facts = act(s, 1, {"type": "select_role", "role": "prospector"})
    assert s.players[1].doubloons == before + 2  # 1 on the card + 1 privilege
    assert of_type(facts, "ProspectorPrivilegeTaken") == [{"t": "ProspectorPrivilegeTaken", "seat": 1, "doubloons": 1}]
    assert s.turn == 2  # nobody else acts in the prospector phase
    s2, _ = act(s, 2, {"type": "select_role", "role": "builder"})
    s2, _ = finish_phase(s2)
    assert rejected(s2, 3, {"type": "select_role", "role": "prospector"}) == "role.taken"
    # Text variant: a prospector card carrying 2 doubloons gives its taker 3 in total.
    s3 = board(game(4), role_doubloons=(0, 0, 0, 0, 0, 0, 2))
    s3, _ = act(s3, 0, {"type": "select_role", "role": "prospector"})
    assert s3.players[0].doubloons == 3 + 3


def test_pr_ex_3_two_player_round() -> None:
    # §10 A50: the round always finishes (all six selections in a 2-player game).
    s = game(2)
    assert [p.doubloons for p in s.players] == [3, 3]
    assert s.players[0].island[TILE_INDEX["indigo"]] == 1 and s.players[1].island[TILE_INDEX["corn"]] == 1
    assert s.vp_supply == 65 and s.colonist_supply == 40 and s.colonist_ship == 2
    assert s.ship_capacity == (4, 6) and len(s.faceup) == 3 and s.quarries == 5 and len(s.roles) == 7
    order = [(0, "settler"), (1, "builder"), (0, "mayor"), (1, "trader"), (0, "craftsman"), (1, "captain")]
    for seat, role in order:
        assert s.turn == seat and s.round == 1
        s, facts = act(s, seat, {"type": "select_role", "role": role})
        assert facts[0]["t"] == "RoleSelected"
        s, _ = finish_phase(s)
    # the round is over after six selections: a 7th by the old governor is not possible
    assert s.round == 2 and s.governor == 1 and s.turn == 1
    assert rejected(s, 0, {"type": "select_role", "role": "prospector"}) == "turn.not_yours"
    assert dict(zip(s.roles, s.role_doubloons, strict=True))["prospector"] == 1
    assert sum(s.role_doubloons) == 1


# -- mayor -------------------------------------------------------------------------------------


def test_pr_ex_4_mayor_distribution_four_players() -> None:
    # §10 A39: the privilege is optional, the distribution compulsory (and automatic).
    s = board(game(4), colonist_ship=6)
    s, facts = start_role(s, 0, "mayor")
    assert pr.legal_actions(s, 0) == [
        {"type": "mayor_privilege", "colonists": 1},
        {"type": "mayor_privilege", "colonists": 0},
    ]
    s, facts = act(s, 0, {"type": "mayor_privilege", "colonists": 1})
    assert of_type(facts, "ColonistsDistributed") == [{"t": "ColonistsDistributed", "colonists": [2, 2, 1, 1]}]
    # every player has one plantation and no other circle: each fills it, the rest wait
    assert [p.colonists for p in s.players] == [3, 2, 1, 1]
    assert s.colonist_ship == of_type(facts, "ColonistShipRefilled")[0]["colonists"]


def test_pr_ex_5_arrangement_legality() -> None:
    # §10 A19 (turn order from the mayor) and A39 (the arrangement is compulsory in shape).
    s = game(4)
    # P (seat 0) owns 2 corn plantations, 1 quarry and an indigo plant (6 circles); 2 colonists
    # are already placed (on the corn) and 3 new ones arrive (2 from the ship + the privilege).
    s = player(s, 0, island={"corn": 2, "quarry": 1}, manned={"corn": 2}, buildings={"indigo_plant": 0})
    for seat in (1, 2, 3):
        s = player(s, seat, island={}, buildings={})
    s = board(s, colonist_ship=8, colonist_supply=10)
    s, _ = start_role(s, 0, "mayor")
    s, facts = act(s, 0, {"type": "mayor_privilege", "colonists": 1})
    assert of_type(facts, "ColonistsDistributed")[0]["colonists"] == [2, 2, 2, 2]
    assert s.turn == 0 and s.players[0].windrose == 3 and s.players[0].colonists == 5
    for target in ("quarry", "indigo_plant"):
        s, _ = act(s, 0, {"type": "place", "to": target})
    # {corn1, corn2, quarry, indigo_plant: 1} and 1 on the windrose: a circle is still empty
    assert rejected(s, 0, {"type": "done"}) == "mayor.empty_circles"
    assert rejected(s, 0, {"type": "remove", "from": "corn"}) == "mayor.remove_after_place"
    s, facts = act(s, 0, {"type": "place", "to": "indigo_plant"})
    # nothing is left to decide: the arrangement ends by itself
    assert facts[:2] == [
        {"t": "ColonistPlaced", "seat": 0, "to": "indigo_plant"},
        {"t": "ArrangementFinished", "seat": 0, "auto": True},
    ]
    pl = s.players[0]
    assert pl.manned[TILE_INDEX["corn"]] == 2 and pl.manned[TILE_INDEX["quarry"]] == 1
    assert pl.buildings[BUILDING_INDEX["indigo_plant"]] == 2 and pl.windrose == 0
    # With 8 colonists: exactly 6 on circles and 2 on the windrose is the only legal shape.
    s8 = player(game(4), 0, island={"corn": 2, "quarry": 1}, buildings={"indigo_plant": 0}, windrose=8)
    s8 = board(s8, colonist_ship=0)
    s8, _ = start_role(s8, 0, "mayor")
    s8, facts = act(s8, 0, {"type": "mayor_privilege", "colonists": 0})
    assert {"t": "ColonistsAssigned", "seat": 0} in facts
    pl = s8.players[0]
    assert sum(pl.manned) == 3 and pl.buildings[BUILDING_INDEX["indigo_plant"]] == 3 and pl.windrose == 2


def _refill_setup(empty_roaster: bool = True) -> pr.State:
    s = game(4)
    s = player(s, 0, island={}, buildings={"coffee_roaster": 1})  # 1 of 2 circles filled
    s = player(s, 1, island={}, buildings={"small_market": 0})
    s = player(s, 2, island={}, buildings={})
    s = player(s, 3, island={}, buildings={"sugar_mill": 0})
    return board(s, colonist_ship=0)


def test_pr_ex_6_colonist_ship_refill_and_end_trigger() -> None:
    # §10 A7: a short supply puts all remaining colonists on the ship and triggers the end.
    s, _ = start_role(_refill_setup(), 0, "mayor")
    s, _ = act(s, 0, {"type": "mayor_privilege", "colonists": 0})
    assert pr.legal_actions(s, 0)[-1] == {"type": "done"}
    s, facts = act(s, 0, {"type": "done"})
    assert of_type(facts, "ColonistShipRefilled") == [{"t": "ColonistShipRefilled", "colonists": 5}]  # E = 1+1+3
    assert s.colonist_ship == 5
    # Variant: E = 2 → T = max(2, 4) = 4
    v = player(_refill_setup(), 3, island={}, buildings={})
    v, _ = start_role(v, 0, "mayor")
    v, _ = act(v, 0, {"type": "mayor_privilege", "colonists": 0})
    v, facts = act(v, 0, {"type": "done"})
    assert of_type(facts, "ColonistShipRefilled")[0]["colonists"] == 4
    # Variant: E = 5 with only 3 colonists left → 3 go to the ship, the end is triggered,
    # the round is completed and then the game ends.
    e = board(_refill_setup(), colonist_supply=3)
    e, _ = start_role(e, 0, "mayor")
    e, _ = act(e, 0, {"type": "mayor_privilege", "colonists": 0})
    e, facts = act(e, 0, {"type": "done"})
    assert of_type(facts, "ColonistShipRefilled") == [{"t": "ColonistShipRefilled", "colonists": 3, "short": True}]
    assert {"t": "GameEndTriggered", "reason": "colonists"} in facts
    assert e.colonist_supply == 0 and e.end_reasons == ("colonists",)
    assert e.step == "select_role" and pr.outcome(e) is None  # the round goes on
    while e.step != "over":
        e, _ = act(e, e.turn, {"type": "select_role", "role": pr.legal_actions(e, e.turn)[0]["role"]})
        e, _ = finish_phase(e)
    assert e.round == 1 and pr.outcome(e) is not None
    assert pr.outcome(e).termination == "colonists_exhausted"  # type: ignore[union-attr]


# -- settler -----------------------------------------------------------------------------------


def _settler_setup(hacienda_quarry: bool = False) -> pr.State:
    s = game(4, hacienda_quarry_with_construction_hut=hacienda_quarry)
    s = board(s, faceup=["corn", "sugar", "sugar", "coffee", "indigo"], draw_pile=["tobacco", "corn", "corn", "sugar", "indigo", "coffee", "corn"], quarries=8, colonist_supply=10)
    s = player(s, 0, buildings={"hacienda": 1, "hospice": 1})
    s = player(s, 1, buildings={"construction_hut": 1})
    return s


def test_pr_ex_7_settler_with_hacienda_hospice_construction_hut() -> None:
    # §10 A1: the hacienda tile cannot be replaced by a quarry (default configuration).
    s, _ = start_role(_settler_setup(), 0, "settler")
    s, facts = act(s, 0, {"type": "hacienda_draw"})
    assert facts == [{"t": "HaciendaTileDrawn", "seat": 0, "kind": "tobacco"}]
    a = s.players[0]
    assert a.island[TILE_INDEX["tobacco"]] == 1 and a.manned[TILE_INDEX["tobacco"]] == 0  # no hospice colonist
    assert s.turn == 0 and {"type": "hacienda_draw"} not in pr.legal_actions(s, 0)
    s, facts = act(s, 0, {"type": "take_quarry"})
    assert facts[0] == {"t": "QuarryTaken", "seat": 0, "hospice": "supply"}
    a = s.players[0]
    assert a.island[TILE_INDEX["quarry"]] == 1 and a.manned[TILE_INDEX["quarry"]] == 1
    assert s.quarries == 7 and s.colonist_supply == 9
    s, _ = act(s, 1, {"type": "take_quarry"})  # construction hut
    assert s.quarries == 6
    assert rejected(s, 2, {"type": "take_quarry"}) == "settler.quarry_not_allowed"
    s, _ = act(s, 2, {"type": "take_plantation", "kind": "coffee"})
    s, facts = act(s, 3, {"type": "take_plantation", "kind": "sugar"})
    # cleanup: C, S, I are discarded; 5 new tiles are drawn
    assert {"t": "PlantationRowDiscarded", "tiles": ["corn", "sugar", "indigo"]} in facts
    assert {"t": "PlantationsDrawn", "tiles": ["corn", "corn", "sugar", "indigo", "coffee"]} in facts
    assert len(s.faceup) == 5 and sorted(s.discard) == sorted(TILE_INDEX[k] for k in ("corn", "sugar", "indigo"))
    assert s.step == "select_role"


def test_pr_ex_7_conflict_check_hacienda_quarry_option() -> None:
    # §10 A1: with an occupied construction hut, a quarry in place of the hacienda draw is
    # rejected by default and allowed with hacienda_quarry_with_construction_hut = true.
    s = player(_settler_setup(), 0, buildings={"hacienda": 1, "hospice": 1, "construction_hut": 1})
    s, _ = start_role(s, 0, "settler")
    assert rejected(s, 0, {"type": "hacienda_quarry"}) == "settler.hacienda_quarry_disabled"
    o = _settler_setup(hacienda_quarry=True)
    o = player(o, 0, buildings={"hacienda": 1, "hospice": 1, "construction_hut": 1})
    o, _ = start_role(o, 0, "settler")
    assert {"type": "hacienda_quarry"} in pr.legal_actions(o, 0)
    o, facts = act(o, 0, {"type": "hacienda_quarry"})
    assert facts == [{"t": "HaciendaQuarryTaken", "seat": 0}]
    pl = o.players[0]
    assert pl.island[TILE_INDEX["quarry"]] == 1 and pl.manned[TILE_INDEX["quarry"]] == 0  # no hospice colonist
    # the settler still takes only one quarry in all
    assert rejected(o, 0, {"type": "take_quarry"}) == "settler.one_quarry"


def test_pr_ex_8_hospice_takes_from_the_ship() -> None:
    # §10 A14: supply, else ship, else nothing.
    s = board(game(4), colonist_supply=0, colonist_ship=3, faceup=["sugar", "corn"])
    s = player(s, 1, buildings={"hospice": 1})
    s, _ = start_role(s, 1, "settler")
    s, facts = act(s, 1, {"type": "take_plantation", "kind": "sugar"})
    assert facts[0] == {"t": "PlantationTaken", "seat": 1, "kind": "sugar", "hospice": "ship"}
    assert s.players[1].manned[TILE_INDEX["sugar"]] == 1 and s.colonist_ship == 2
    e = board(game(4), colonist_supply=0, colonist_ship=0, faceup=["sugar", "corn"])
    e = player(e, 1, buildings={"hospice": 1})
    e, _ = start_role(e, 1, "settler")
    assert {"type": "take_plantation", "kind": "sugar", "hospice": False} not in pr.legal_actions(e, 1)
    e, facts = act(e, 1, {"type": "take_plantation", "kind": "sugar"})
    assert facts[0]["hospice"] is None and e.players[1].manned[TILE_INDEX["sugar"]] == 0


def test_pr_ex_9_refill_with_an_exhausted_draw_pile() -> None:
    # §10 A9: procedure R reshuffles the discard pile (including the row just discarded).
    s = board(game(4), faceup=["coffee", "corn", "corn", "sugar", "indigo"], draw_pile=["sugar", "tobacco"],
              discard=["corn"] * 3 + ["indigo"] * 4)
    s, _ = start_role(s, 0, "settler")
    for seat, kind in ((0, "corn"), (1, "corn"), (2, "sugar"), (3, "indigo")):
        s, facts = act(s, seat, {"type": "take_plantation", "kind": kind})
    assert facts[1] == {"t": "PlantationRowDiscarded", "tiles": ["coffee"]}
    assert facts[2] == {"t": "PlantationsDrawn", "tiles": ["sugar", "tobacco"]}
    assert facts[3]["t"] == "PlantationsShuffled" and len(facts[3]["tiles"]) == 8
    assert facts[4] == {"t": "PlantationsDrawn", "tiles": facts[3]["tiles"][:3]}
    assert len(s.faceup) == 5 and len(s.draw_pile) == 5 and s.discard == ()
    # Variant: the discard pile is empty as well → only 2 tiles this round.
    v = board(game(4), faceup=["coffee", "corn", "corn", "sugar", "indigo"], draw_pile=["sugar", "tobacco"], discard=[])
    v, _ = start_role(v, 0, "settler")
    for seat, kind in ((0, "corn"), (1, "corn"), (2, "sugar"), (3, "indigo")):
        v, facts = act(v, seat, {"type": "take_plantation", "kind": kind})
    # the discarded coffee is reshuffled as the only tile left → row of 3 (2 drawn + coffee)
    assert len(v.faceup) == 3 and v.draw_pile == () and v.discard == ()
    w = board(game(4), faceup=["corn", "corn", "sugar", "indigo"], draw_pile=["sugar", "tobacco"], discard=[])
    w, _ = start_role(w, 0, "settler")
    for seat, kind in ((0, "corn"), (1, "corn"), (2, "sugar"), (3, "indigo")):
        w, facts = act(w, seat, {"type": "take_plantation", "kind": kind})
    assert [TILE_INDEX["sugar"], TILE_INDEX["tobacco"]] == list(w.faceup) and w.draw_pile == ()
    assert not of_type(facts, "PlantationsShuffled")


# -- builder -----------------------------------------------------------------------------------


def test_pr_ex_10_quarry_discounts() -> None:
    # §10 A44 (base part): the quarry discount is capped by the column, the privilege is not.
    base = player(game(4), 1, island={"quarry": 3}, manned={"quarry": 3}, doubloons=20)
    s, _ = start_role(base, 0, "builder")
    s, _ = act(s, 0, {"type": "pass"})
    expected = {"construction_hut": 1, "office": 3, "harbor": 5, "city_hall": 7}
    assert {b: price(s, 1, BUILDING_INDEX[b]) for b in expected} == expected
    for b, cost in expected.items():
        after, facts = act(s, 1, {"type": "build", "building": b})
        assert facts[0]["price"] == cost and after.players[1].doubloons == 20 - cost
    # if P is the builder himself: 0, 2, 4, 6
    b0, _ = start_role(base, 1, "builder")
    assert {b: price(b0, 1, BUILDING_INDEX[b]) for b in expected} == {"construction_hut": 0, "office": 2, "harbor": 4, "city_hall": 6}


def test_pr_ex_11_column_limits_and_zero_price() -> None:
    # §10 A11: owned kinds and a full city cannot be built; the price never goes below 0.
    s = player(game(4), 1, island={"quarry": 4}, manned={"quarry": 4}, doubloons=20)
    s, _ = start_role(s, 0, "builder")
    assert [price(s, 1, BUILDING_INDEX[b]) for b in ("coffee_roaster", "wharf", "fortress")] == [4, 6, 6]
    z = player(game(4), 0, island={"quarry": 1}, manned={"quarry": 1}, doubloons=0)
    z, _ = start_role(z, 0, "builder")
    assert {"type": "build", "building": "small_indigo_plant"} in pr.legal_actions(z, 0)
    z, facts = act(z, 0, {"type": "build", "building": "small_indigo_plant"})
    assert facts[0]["price"] == 0
    o = player(game(4), 0, buildings={"indigo_plant": 0}, doubloons=20)
    o, _ = start_role(o, 0, "builder")
    assert rejected(o, 0, {"type": "build", "building": "indigo_plant"}) == "builder.already_owned"
    eleven = {b: 0 for b in ("small_market", "hacienda", "construction_hut", "small_warehouse", "hospice", "office",
                             "large_market", "large_warehouse", "factory", "university", "harbor")}
    c = player(game(4), 0, buildings=eleven, doubloons=20)
    c, _ = start_role(c, 0, "builder")
    assert rejected(c, 0, {"type": "build", "building": "city_hall"}) == "builder.no_space"


def test_pr_ex_12_university_from_the_ship() -> None:
    # §10 A15: supply, else ship, else nothing; one colonist only.
    s = board(game(4), colonist_supply=0, colonist_ship=4)
    s = player(s, 0, buildings={"university": 1}, doubloons=10)
    s, _ = start_role(s, 0, "builder")
    s, facts = act(s, 0, {"type": "build", "building": "tobacco_storage"})
    assert facts[0]["university"] == "ship"
    assert s.players[0].buildings[BUILDING_INDEX["tobacco_storage"]] == 1 and s.colonist_ship == 3


# -- craftsman ---------------------------------------------------------------------------------


def _ex13_player(s: pr.State, seat: int) -> pr.State:
    return player(
        s, seat,
        island={"corn": 3, "tobacco": 2, "sugar": 4},
        manned={"corn": 2, "tobacco": 2, "sugar": 3},
        buildings={"tobacco_storage": 1, "small_sugar_mill": 1, "sugar_mill": 3},
    )


def test_pr_ex_13_production() -> None:
    # §10 A21: production is automatic; unused workers produce nothing.
    s = _ex13_player(game(4), 1)
    assert production(s.players[1]) == [2, 0, 3, 1, 0]  # C 2, S 3, T 1
    s, facts = start_role(s, 0, "craftsman")
    rows = of_type(facts, "GoodsProduced")[0]["production"]
    assert {"seat": 1, "goods": {"corn": 2, "sugar": 3, "tobacco": 1}, "factory": 0} in rows
    assert s.players[1].goods == (2, 0, 3, 1, 0)


def test_pr_ex_14_supply_shortage_and_privilege() -> None:
    # §10 A6: turn order from the craftsman; §10 A25: the privilege needs a kind he received.
    s = game(3)
    s = player(s, 0, island={"sugar": 3, "corn": 1}, manned={"sugar": 3, "corn": 1}, buildings={"sugar_mill": 3})
    s = player(s, 1, island={"sugar": 3}, manned={"sugar": 3}, buildings={"sugar_mill": 3})
    s = player(s, 2, island={}, buildings={})
    s = board(s, goods={"sugar": 4})
    s, facts = start_role(s, 0, "craftsman")
    assert s.players[0].goods[GOOD_INDEX["sugar"]] == 3 and s.players[0].goods[GOOD_INDEX["corn"]] == 1
    assert s.players[1].goods[GOOD_INDEX["sugar"]] == 1 and s.goods[GOOD_INDEX["sugar"]] == 0
    assert rejected(s, 0, {"type": "craftsman_bonus", "good": "sugar"}) == "craftsman.supply_empty"
    assert rejected(s, 0, {"type": "craftsman_bonus", "good": "coffee"}) == "craftsman.not_produced"
    assert pr.legal_actions(s, 0) == [{"type": "craftsman_bonus", "good": "corn"}, {"type": "pass"}]
    s, facts = act(s, 0, {"type": "craftsman_bonus", "good": "corn"})
    assert s.players[0].goods[GOOD_INDEX["corn"]] == 2


def test_pr_ex_15_factory() -> None:
    # §10 A4: the RU version (3 sugar plantations; the supply limits production).
    s = game(4)
    s = player(
        s, 3, doubloons=0,
        island={"corn": 3, "sugar": 3, "tobacco": 1}, manned={"corn": 3, "sugar": 3, "tobacco": 1},
        buildings={"factory": 1, "sugar_mill": 3, "tobacco_storage": 1},
    )
    s = board(s, goods={"corn": 0, "sugar": 2, "tobacco": 9})
    for seat in (0, 1, 2):
        s = player(s, seat, island={}, buildings={})
    s, facts = start_role(s, 0, "craftsman")
    assert of_type(facts, "GoodsProduced")[0]["production"] == [
        {"seat": 3, "goods": {"sugar": 2, "tobacco": 1}, "factory": 1}
    ]
    assert s.players[3].doubloons == 1


# -- trader ------------------------------------------------------------------------------------


def _ex16() -> pr.State:
    s = board(game(4), trading_house=["indigo"])
    s = player(s, 0, goods={"coffee": 1}, doubloons=0)
    s = player(s, 1, goods={"sugar": 1, "indigo": 1}, doubloons=0)
    s = player(s, 2, goods={"tobacco": 2}, doubloons=0)
    return player(s, 3, goods={"corn": 1}, doubloons=0)


def test_pr_ex_16_trading_house_filling_and_emptying() -> None:
    # §10 A18: once the house is full the remaining players are auto-passed; emptied at the end.
    s, _ = start_role(_ex16(), 0, "trader")
    s, _ = act(s, 0, {"type": "sell", "good": "coffee"})
    assert s.players[0].doubloons == 5
    assert rejected(s, 1, {"type": "sell", "good": "indigo"}) == "trader.kind_present"
    s, _ = act(s, 1, {"type": "sell", "good": "sugar"})
    assert s.players[1].doubloons == 2
    before = s.goods
    s, facts = act(s, 2, {"type": "sell", "good": "tobacco"})
    assert s.players[2].doubloons == 3
    assert {"t": "Passed", "seat": 3, "phase": "trader", "auto": True} in facts  # D auto-passes
    assert {"t": "TradingHouseEmptied", "goods": ["indigo", "coffee", "sugar", "tobacco"]} in facts
    assert s.trading_house == () and s.players[3].goods[GOOD_INDEX["corn"]] == 1
    assert [a - b for a, b in zip(s.goods, before, strict=True)] == [0, 1, 1, 1, 1]
    # Variant: C passes → D sells corn for 0 → the house is full and emptied at the end.
    v, _ = start_role(_ex16(), 0, "trader")
    v, _ = act(v, 0, {"type": "sell", "good": "coffee"})
    v, _ = act(v, 1, {"type": "sell", "good": "sugar"})
    v, _ = act(v, 2, {"type": "pass"})
    v, facts = act(v, 3, {"type": "sell", "good": "corn"})
    assert v.players[3].doubloons == 0
    assert of_type(facts, "TradingHouseEmptied") and v.trading_house == ()


def test_pr_ex_17_small_market() -> None:
    # §10 A42: the privilege and the markets add up; corn sells for 0 + bonuses.
    s = player(game(4), 1, goods={"corn": 1}, buildings={"small_market": 1}, doubloons=0)
    a, _ = start_role(s, 0, "trader")  # seat 0 has nothing to sell: auto-passed
    a, _ = act(a, 1, {"type": "sell", "good": "corn"})
    assert a.players[1].doubloons == 1
    t, _ = start_role(s, 1, "trader")
    t, _ = act(t, 1, {"type": "sell", "good": "corn"})
    assert t.players[1].doubloons == 2
    both = player(s, 1, goods={"corn": 1}, buildings={"small_market": 1, "large_market": 1}, doubloons=0)
    both, _ = start_role(both, 0, "trader")
    both, _ = act(both, 1, {"type": "sell", "good": "corn"})
    assert both.players[1].doubloons == 3


def test_pr_ex_18_office() -> None:
    s = board(game(4), trading_house=["tobacco"])
    s = player(s, 1, goods={"tobacco": 1}, buildings={"office": 1}, doubloons=0)
    s = player(s, 2, goods={"tobacco": 1}, buildings={"office": 1}, doubloons=0)
    s, _ = start_role(s, 0, "trader")  # seat 0 has nothing to sell: auto-passed
    s, _ = act(s, 1, {"type": "sell", "good": "tobacco"})
    s, _ = act(s, 2, {"type": "sell", "good": "tobacco"})
    assert s.players[1].doubloons == 3 and s.players[2].doubloons == 3
    assert s.trading_house == (3, 3, 3)


# -- captain -----------------------------------------------------------------------------------


def _ex19() -> pr.State:
    s = board(game(4), ships=[(5, None, 0), (6, "corn", 3), (7, None, 0)])
    s = player(s, 0, goods={"corn": 2, "sugar": 6})  # Anna, captain
    s = player(s, 1, goods={"sugar": 2, "tobacco": 3})  # Boris
    s = player(s, 2, goods={"corn": 2, "tobacco": 1})  # Kristina
    return player(s, 3, goods={"corn": 1, "indigo": 5})  # Dmitry


def test_pr_ex_19_captain_phase_four_players() -> None:
    # §10 A3: Boris keeps 1 sugar (the rulebook sentence says no goods; its numbers say 1).
    # §10 A17: loading ends after a full circuit without a shipment.
    s, _ = start_role(_ex19(), 0, "captain")
    assert pr.legal_actions(s, 0) == [
        {"type": "ship", "good": "corn", "ship": 1},
        {"type": "ship", "good": "sugar", "ship": 2},
    ]
    assert rejected(s, 0, {"type": "ship", "good": "sugar", "ship": 0}) == "captain.must_use_largest"
    s, facts = act(s, 0, {"type": "ship", "good": "sugar", "ship": 2})
    assert facts[0] == {"t": "GoodsShipped", "seat": 0, "good": "sugar", "ship": 2, "count": 6, "vp": 7}
    assert pr.legal_actions(s, 1) == [
        {"type": "ship", "good": "sugar", "ship": 2},
        {"type": "ship", "good": "tobacco", "ship": 0},
    ]
    s, facts = act(s, 1, {"type": "ship", "good": "sugar", "ship": 2})
    assert facts[0]["count"] == 1 and facts[0]["vp"] == 1 and s.players[1].goods[GOOD_INDEX["sugar"]] == 1
    assert pr.legal_actions(s, 2) == [
        {"type": "ship", "good": "corn", "ship": 1},
        {"type": "ship", "good": "tobacco", "ship": 0},
    ]
    s, _ = act(s, 2, {"type": "ship", "good": "tobacco", "ship": 0})
    assert pr.legal_actions(s, 3) == [{"type": "ship", "good": "corn", "ship": 1}]
    assert rejected(s, 3, {"type": "pass"}) == "captain.must_ship"
    s, _ = act(s, 3, {"type": "ship", "good": "corn", "ship": 1})
    s, facts = act(s, 0, {"type": "ship", "good": "corn", "ship": 1})
    assert facts[0]["vp"] == 2  # no second privilege
    s, facts = act(s, 1, {"type": "ship", "good": "tobacco", "ship": 0})
    assert facts[0]["count"] == 3
    # Kristina, Dmitry, Anna and Boris cannot load: their four passes would end loading
    # (§10 A17); since nobody can ship any more the engine ends it at once, equivalently.
    assert of_type(facts, "LoadingEnded") == [{"t": "LoadingEnded"}] and not of_type(facts, "Passed")
    stored = {f["seat"]: f for f in of_type(facts, "GoodsStored")}
    assert stored[0]["discarded"] == {} and stored[1]["discarded"] == {}  # Anna none, Boris keeps S 1
    assert s.step == "store" and s.turn == 2
    s, facts = act(s, 2, {"type": "keep", "good": "corn"})
    assert facts[0] == {"t": "GoodsStored", "seat": 2, "kept": "corn", "discarded": {"corn": 1}}
    s, facts = act(s, 3, {"type": "keep", "good": "indigo"})
    assert facts[0]["discarded"] == {"indigo": 4}
    assert of_type(facts, "ShipUnloaded") == [
        {"t": "ShipUnloaded", "ship": 1, "good": "corn", "count": 6},
        {"t": "ShipUnloaded", "ship": 2, "good": "sugar", "count": 7},
    ]
    assert s.ship_load == (4, 0, 0) and s.ship_good == (GOOD_INDEX["tobacco"], -1, -1)
    assert [p.vp for p in s.players] == [9, 4, 1, 1] and s.vp_supply == 85
    assert [p.goods for p in s.players] == [(0, 0, 0, 0, 0), (0, 0, 1, 0, 0), (1, 0, 0, 0, 0), (0, 1, 0, 0, 0)]


def test_pr_ex_20_choice_among_empty_ships() -> None:
    # §10 A48: ships are numbered 0.. by ascending capacity.
    s = board(game(4), ships=[(5, None, 0), (7, None, 0)])
    pl = player(s, 0, goods={"sugar": 4}).players[0]
    assert normal_loads(s, pl) == [(2, 0, 4), (2, 1, 4)]
    pl = player(s, 0, goods={"sugar": 6}).players[0]
    assert normal_loads(s, pl) == [(2, 1, 6)]
    three = board(game(4), ships=[(5, None, 0), (6, None, 0), (7, None, 0)])
    pl = player(three, 0, goods={"sugar": 8}).players[0]
    assert normal_loads(three, pl) == [(2, 2, 7)]


def _ex21() -> pr.State:
    s = board(game(3), ships=[(4, "tobacco", 1), (5, "sugar", 3), (6, None, 0)])
    s = player(s, 0, goods={})
    s = player(s, 1, goods={"tobacco": 5, "sugar": 2}, buildings={"harbor": 1, "wharf": 1})
    return player(s, 2, goods={})


def test_pr_ex_21_harbor_and_wharf() -> None:
    # §10 A16: every ship(...) — cargo ship or wharf — is one shipment for the harbor.
    s, facts = start_role(_ex21(), 0, "captain")
    assert {"t": "Passed", "seat": 0, "phase": "captain", "auto": True} in facts  # P1 has no goods
    s, facts = act(s, 1, {"type": "ship", "good": "tobacco", "ship": 0})
    assert facts[0]["count"] == 3 and facts[0]["vp"] == 4
    s, facts = act(s, 1, {"type": "ship", "good": "sugar", "ship": 1})
    assert facts[0]["count"] == 2 and facts[0]["vp"] == 3
    assert pr.legal_actions(s, 1) == [{"type": "ship", "good": "tobacco", "ship": "wharf"}, {"type": "pass"}]
    s, facts = act(s, 1, {"type": "ship", "good": "tobacco", "ship": "wharf"})
    assert facts[0]["count"] == 2 and facts[0]["vp"] == 3
    assert s.players[1].vp == 10 and s.players[0].vp == 0
    assert of_type(facts, "ShipUnloaded") == [
        {"t": "ShipUnloaded", "ship": 0, "good": "tobacco", "count": 4},
        {"t": "ShipUnloaded", "ship": 1, "good": "sugar", "count": 5},
    ]


def test_pr_ex_22_wharf_instead_of_a_possible_load() -> None:
    # §10 A16/A17: the wharf is usable instead of a possible load; only full ships are unloaded.
    s, _ = start_role(_ex21(), 0, "captain")
    s, facts = act(s, 1, {"type": "ship", "good": "tobacco", "ship": "wharf"})
    assert facts[0]["count"] == 5 and facts[0]["vp"] == 6
    s, facts = act(s, 1, {"type": "ship", "good": "sugar", "ship": 1})
    assert facts[0]["vp"] == 3 and s.players[1].vp == 9
    assert of_type(facts, "ShipUnloaded") == [{"t": "ShipUnloaded", "ship": 1, "good": "sugar", "count": 5}]
    assert s.ship_load == (1, 0, 0) and s.ship_good[0] == GOOD_INDEX["tobacco"]


def _storage(buildings: dict[str, int]) -> pr.State:
    s = board(game(4), ships=[(5, "corn", 5), (6, "indigo", 6), (7, "sugar", 7)])
    s = player(s, 0, goods={"corn": 3, "indigo": 2, "sugar": 1}, buildings=buildings)
    s, _ = start_role(s, 0, "captain")
    return s


def test_pr_ex_23_storage() -> None:
    # §10 A20: what to keep is the player's choice; everything kept automatically when it fits.
    s = _storage({})
    assert s.step == "store" and s.turn == 0
    after, facts = act(s, 0, {"type": "keep", "good": "corn"})
    assert facts[0] == {"t": "GoodsStored", "seat": 0, "kept": "corn", "discarded": {"corn": 2, "indigo": 2, "sugar": 1}}
    assert after.players[0].goods == (1, 0, 0, 0, 0)
    w = _storage({"small_warehouse": 1})
    w1, _ = act(w, 0, {"type": "warehouse", "good": "corn"})
    assert rejected(w1, 0, {"type": "warehouse", "good": "indigo"}) == "storage.no_warehouse"
    w1, _ = act(w1, 0, {"type": "keep", "good": "indigo"})
    assert w1.players[0].goods == (3, 1, 0, 0, 0)
    both = _storage({"small_warehouse": 1, "large_warehouse": 1})
    assert both.step != "store"  # W = 3: everything kept automatically
    assert both.players[0].goods == (3, 2, 1, 0, 0)


# -- large buildings and final scoring ---------------------------------------------------------


def test_pr_ex_24_guild_hall() -> None:
    pl = player(game(4), 0, buildings={"guild_hall": 1, "small_sugar_mill": 0, "sugar_mill": 0,
                                       "small_indigo_plant": 0, "coffee_roaster": 0}).players[0]
    b = breakdown(pl)
    assert b["guild_hall"] == 6
    assert b["buildings"] == 4 + 1 + 2 + 1 + 3


def test_pr_ex_25_residence() -> None:
    # §10 A23: every filled island space counts (plantations and quarries).
    pl = player(game(4), 0, island={"corn": 6, "quarry": 4}, buildings={"residence": 1}).players[0]
    assert breakdown(pl)["residence"] == 5


def test_pr_ex_26_fortress() -> None:
    pl = player(game(4), 0, island={"corn": 8}, manned={"corn": 8}, buildings={"fortress": 1, "sugar_mill": 3},
                windrose=8).players[0]
    assert pl.colonists == 20 and breakdown(pl)["fortress"] == 6


def test_pr_ex_27_customs_house() -> None:
    # §10 A49: VP chips (and paper VP) only.
    pl = player(game(4), 0, vp=23, buildings={"customs_house": 1}).players[0]
    assert breakdown(pl)["customs_house"] == 5


def test_pr_ex_28_city_hall() -> None:
    pl = player(game(4), 0, buildings={"city_hall": 1, "hacienda": 0, "harbor": 0, "office": 0, "construction_hut": 0,
                                       "large_warehouse": 0, "residence": 0, "coffee_roaster": 0}).players[0]
    assert breakdown(pl)["city_hall"] == 7


def test_pr_ex_29_unoccupied_large_building() -> None:
    pl = player(game(4), 0, island={"corn": 12}, buildings={"residence": 0}).players[0]
    b = breakdown(pl)
    assert b["residence"] == 0 and b["buildings"] == 4 and score(pl) == 4


def test_pr_ex_30_tie_break() -> None:
    # §10 A33: still tied after doubloons + goods → shared victory.
    s = game(2)
    s = player(s, 0, vp=50, doubloons=3, goods={"corn": 2})
    s = player(s, 1, vp=50, doubloons=4, goods={})
    s = board(s, step="over", phase="over", turn=-1)
    out = pr.outcome(s)
    assert out is not None and out.winners == (0,)
    assert [r.tiebreak for r in out.results] == [(5,), (4,)]
    tied = player(s, 1, vp=50, doubloons=5, goods={})
    out = pr.outcome(tied)
    assert out is not None and out.winners == (0, 1)


def test_pr_ex_31_vp_supply_runs_out() -> None:
    # §10 A8: integer model; paper VP beyond the supply; the round continues.
    s = board(game(4), vp_supply=3, ships=[(5, None, 0), (6, None, 0), (7, None, 0)])
    s = player(s, 0, goods={"corn": 5})
    s = player(s, 1, goods={"indigo": 2})
    s, facts = start_role(s, 0, "captain")
    s, facts = act(s, 0, {"type": "ship", "good": "corn", "ship": 0})
    assert facts[0]["vp"] == 6 and s.players[0].vp == 6 and s.vp_supply == 0
    assert {"t": "GameEndTriggered", "reason": "vp"} in facts and s.end_reasons == ("vp",)
    s, facts = act(s, 1, {"type": "ship", "good": "indigo", "ship": 1})
    assert s.players[1].vp == 2 and s.vp_supply == 0  # further shipments still score
    assert not of_type(facts, "GameEndTriggered")
    assert s.step == "select_role" and pr.outcome(s) is None
    while s.step != "over":
        s, _ = act(s, s.turn, pr.legal_actions(s, s.turn)[0])
        s, _ = finish_phase(s)
    assert s.round == 1
    out = pr.outcome(s)
    assert out is not None and out.termination == "vp_exhausted"
