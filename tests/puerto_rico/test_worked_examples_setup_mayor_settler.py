"""The worked examples PR-EX-1 … PR-EX-9 of the rules page §9 (base game and two players): setup,
rounds, the mayor and the settler.

Each test names the §10 resolution it relies on where the example depends on one. The
rulebook's `arrange_workers(layout)` is a sequence of `place` / `remove` actions ended by `done`
(or automatically when nothing is left to decide).
"""

from __future__ import annotations

import domain.puerto_rico as pr
from domain.puerto_rico.components import BUILDING_INDEX, TILE_INDEX

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
