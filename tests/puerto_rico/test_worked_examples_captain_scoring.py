"""The worked examples PR-EX-19 … PR-EX-31 of the rules page §9 (base game): the captain, storage,
the large buildings and the final scoring.

Each test names the §10 resolution it relies on where the example depends on one. The
rulebook's `store(warehouse_kinds, singles)` is `warehouse` actions followed by `keep` or `done`.
"""

from __future__ import annotations

import domain.puerto_rico as pr
from domain.puerto_rico.components import GOOD_INDEX
from domain.puerto_rico.phases.captain import normal_loads
from domain.puerto_rico.scoring import breakdown, score

from .builder import act, board, finish_phase, game, of_type, player, rejected, start_role

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
