"""Unit tests, one per rule, for the expansions: what the worked examples
(test_worked_examples_new_buildings.py, _nobles.py) leave out — options and setup for every player count and
expansion set, forests and their hidden kinds, the combinations of the forest house with the
hacienda, hospice, library and land office, the guest windows and prefix moves, black-market
details, nobles in arrangements and returns, end triggers and scoring."""

from __future__ import annotations

import json

import pytest

import domain.puerto_rico as pr
from domain.core import ALL, InvalidOptions, Rng, fold
from domain.puerto_rico.components import BUILDING_INDEX, DRAFT_POOL, GOOD_INDEX, TILE_INDEX
from domain.puerto_rico.phases.builder import price
from domain.puerto_rico.scoring import breakdown
from domain.puerto_rico.state import State

from .builder import act, board, drafted, finish_phase, game, of_type, player, rejected, start_role

B = BUILDING_INDEX
G = GOOD_INDEX
T = TILE_INDEX
SETS = (["new_buildings"], ["nobles"], ["new_buildings", "nobles"])


def nb(n: int = 4) -> State:
    return drafted(game(n, expansions=["new_buildings"]))


def both(n: int = 4) -> State:
    return drafted(game(n, expansions=["new_buildings", "nobles"]))


# -- options and setup (§6.2 - §6.4) ---------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("expansions", SETS)
def test_every_expansion_set_is_played_by_every_player_count(n: int, expansions: list[str]) -> None:
    opts = pr.check_options({"expansions": list(reversed(expansions))}, n)
    assert opts["expansions"] == sorted(expansions)
    assert ("exclude_office_with_trading_post" in opts) == ("new_buildings" in expansions)
    facts = pr.setup(opts, n, Rng("sets", "setup"))
    json.dumps(facts)
    s = fold(pr, None, facts)
    assert s.config.new_buildings == ("new_buildings" in expansions)
    assert s.config.nobles == ("nobles" in expansions)
    assert s.step == ("draft" if s.config.new_buildings else "select_role") and s.turn == s.governor
    if s.config.nobles:
        assert (s.colonist_ship, s.noble_ship, s.noble_supply) == (n - 1, 1, 19)
        assert s.colonist_supply + s.colonist_ship == 100
    else:
        assert s.noble_supply == s.noble_ship == 0


def test_the_base_options_and_setup_facts_are_unchanged() -> None:
    opts = pr.check_options({}, 4)
    assert "exclude_office_with_trading_post" not in opts
    fact = pr.setup(opts, 4, Rng("base", "setup"))[0]
    assert set(fact) == {"t", "governor", "config", "starting_plantations", "doubloons", "vp_supply",
                         "colonist_supply", "colonist_ship", "quarries", "goods", "buildings", "cargo_ships",
                         "roles", "selections_per_round"}
    assert set(fact["config"]) == {"expansions", "max_large_buildings", "hacienda_quarry_with_construction_hut"}
    assert len(fact["buildings"]) == 23


def test_with_new_buildings_the_violet_buildings_start_undrafted() -> None:
    s = game(4, expansions=["new_buildings", "nobles"])
    assert all(s.building_supply[b] == 0 for b in DRAFT_POOL)
    assert s.building_supply[B["villa"]] == 2  # Nobles buildings are not drafted (§6.3)
    assert pr.legal_actions(s, 0)[0]["type"] == "draft_building"
    assert rejected(s, 0, {"type": "select_role", "role": "builder"}) == "action.not_now"
    assert rejected(s, 1, {"type": "draft_building", "building": "library"}) == "turn.not_yours"
    with pytest.raises(InvalidOptions):
        pr.check_options({"expansions": ["new_buildings"], "exclude_office_with_trading_post": 1}, 4)


def test_the_draft_starts_with_the_first_governor() -> None:
    facts = pr.setup({"expansions": ["new_buildings"]}, 4, Rng("draft-gov-1", "setup"))
    s = fold(pr, None, facts)
    assert s.turn == s.governor == facts[0]["governor"]
    s, _ = act(s, s.turn, {"type": "draft_building", "building": "library"})
    assert s.turn == (s.governor + 1) % 4


# -- forests and hidden information (§2.4, §7) -----------------------------------------------


def _forest_settler(**buildings: int) -> State:
    s = board(nb(), faceup=["corn", "sugar", "coffee", "indigo", "indigo"], draw_pile=["tobacco", "coffee", "corn"],
              colonist_supply=5)
    return player(s, 0, buildings={"forest_house": 1, **buildings})


def test_forest_house_takes_a_face_up_plantation_face_down() -> None:
    s, _ = start_role(_forest_settler(), 0, "settler")
    assert {"type": "take_forest", "kind": "coffee"} in pr.legal_actions(s, 0)
    s, facts = act(s, 0, {"type": "take_forest", "kind": "coffee"})
    assert facts[0] == {"t": "ForestTaken", "seat": 0, "kind": "coffee", "hospice": None}
    pl = s.players[0]
    assert pl.forests[G["coffee"]] == 1 and pl.tiles == 2
    assert pl.circles == 2  # the indigo plantation and the forest house: a forest has no circle
    # a forest from the face-up row has a public kind
    assert pr.view(s, 1)["players"][0]["forests"] == {"known": {"coffee": 1}, "hidden": 0, "total": 1}
    # without an occupied forest house no forest
    u, _ = start_role(player(nb(), 0, buildings={"forest_house": 0}), 0, "settler")
    assert rejected(u, 0, {"type": "take_forest", "kind": "corn"}) == "settler.no_forest_house"


def test_forest_with_hospice_puts_the_colonist_on_the_windrose() -> None:
    s, _ = start_role(_forest_settler(hospice=1), 0, "settler")
    s, facts = act(s, 0, {"type": "take_forest", "kind": "corn"})
    assert facts[0]["hospice"] == "supply"
    assert s.players[0].windrose == 1 and s.colonist_supply == 4


def test_hacienda_with_forest_house_looks_then_chooses_forest_or_plantation() -> None:
    s, _ = start_role(_forest_settler(hacienda=1, hospice=1), 0, "settler")
    s, facts = act(s, 0, {"type": "hacienda_draw"})
    assert facts == [{"t": "TileDrawn", "seat": 0, "kind": "tobacco", "source": "hacienda"}]
    assert s.step == "place_drawn_tile" and s.drawn == T["tobacco"]
    # §7: the drawn tile is the drawer's only
    assert pr.view(s, 0)["drawn_tile"] == "tobacco" and pr.view(s, 1)["drawn_tile"] == "hidden"
    assert pr.view(s, None)["drawn_tile"] == "hidden" and pr.view(s, ALL)["drawn_tile"] == "tobacco"
    assert pr.redact(facts[0], 1) == {"t": "TileDrawn", "seat": 0, "source": "hacienda"}
    assert pr.redact(facts[0], 0) == facts[0]
    assert pr.legal_actions(s, 0) == [
        {"type": "place_drawn_tile", "forest": False},
        {"type": "place_drawn_tile", "forest": True},
    ]
    assert rejected(s, 0, {"type": "take_plantation", "kind": "corn"}) == "action.not_now"
    s, facts = act(s, 0, {"type": "place_drawn_tile", "forest": True})
    assert facts == [{"t": "DrawnTilePlaced", "seat": 0, "kind": "tobacco", "forest": True}]
    assert pr.redact(facts[0], 2) == {"t": "DrawnTilePlaced", "seat": 0, "forest": True}
    pl = s.players[0]
    assert pl.hidden_forests[G["tobacco"]] == 1 and pl.windrose == 0  # no hospice for the hacienda tile
    assert pr.view(s, 1)["players"][0]["forests"] == {"known": {}, "hidden": 1, "total": 1}
    assert pr.view(s, 0)["players"][0]["forests"]["hidden_kinds"] == {"tobacco": 1}
    # his normal pick follows, with its hospice colonist
    assert s.step == "settle" and s.turn == 0 and {"type": "hacienda_draw"} not in pr.legal_actions(s, 0)
    s, facts = act(s, 0, {"type": "take_plantation", "kind": "sugar"})
    assert facts[0]["hospice"] == "supply"
    # placed face up, the kind is public
    f, _ = start_role(_forest_settler(hacienda=1), 0, "settler")
    f, _ = act(f, 0, {"type": "hacienda_draw"})
    f, facts = act(f, 0, {"type": "place_drawn_tile", "forest": False})
    assert pr.redact(facts[0], 2) == facts[0] and f.players[0].island[T["tobacco"]] == 1


def test_library_settler_may_take_a_forest_and_with_a_hut_a_quarry() -> None:
    s = board(nb(), faceup=["corn", "sugar", "coffee", "indigo", "indigo"], quarries=3)
    s = player(s, 0, buildings={"library": 1, "forest_house": 1, "construction_hut": 1})
    s, _ = start_role(s, 0, "settler")
    s, _ = act(s, 0, {"type": "take_forest", "kind": "corn"})
    for seat in (1, 2, 3):
        s, _ = act(s, seat, {"type": "pass"})
    legal = pr.legal_actions(s, 0)
    assert {"type": "take_forest", "kind": "sugar"} in legal and {"type": "take_quarry"} in legal
    s, facts = act(s, 0, {"type": "take_forest", "kind": "sugar"})
    assert s.players[0].forests[G["corn"]] == s.players[0].forests[G["sugar"]] == 1  # 2 forests of 2 tiles
    q = board(nb(), faceup=["corn", "sugar"], quarries=3)
    q = player(q, 0, buildings={"library": 1, "construction_hut": 1})
    q, _ = start_role(q, 0, "settler")
    q, _ = act(q, 0, {"type": "take_quarry"})
    for seat in (1, 2, 3):
        q, _ = act(q, seat, {"type": "pass"})
    q, facts = act(q, 0, {"type": "take_quarry"})  # the hut allows a quarry as the second tile
    assert q.players[0].island[T["quarry"]] == 2


def test_library_pick_needs_an_occupied_library() -> None:
    s = board(nb(), faceup=["corn", "sugar"])
    s = player(s, 0, buildings={"library": 0})
    s, facts = start_role(s, 0, "settler")
    s, _ = act(s, 0, {"type": "take_plantation", "kind": "corn"})
    for seat in (1, 2):
        s, _ = act(s, seat, {"type": "pass"})
    s, facts = act(s, 3, {"type": "pass"})
    assert {"t": "Passed", "seat": 0, "phase": "settler", "auto": True} in facts  # no extra tile


def test_land_office_with_forest_house_buys_a_hidden_forest() -> None:
    s = player(both(), 1, buildings={"land_office": 1, "forest_house": 1}, doubloons=3, goods={"corn": 1})
    s = board(s, draw_pile=["coffee"])
    s, _ = start_role(s, 0, "trader")
    s, facts = act(s, 1, {"type": "land_office_buy"})
    assert facts == [{"t": "TileDrawn", "seat": 1, "kind": "coffee", "source": "land_office"}]
    assert s.players[1].doubloons == 2 and s.step == "place_drawn_tile"
    s, facts = act(s, 1, {"type": "place_drawn_tile", "forest": True})
    assert s.players[1].hidden_forests[G["coffee"]] == 1 and s.step == "sell" and s.turn == 1
    assert pr.legal_actions(s, 1) == [{"type": "sell", "good": "corn"}, {"type": "pass"}]  # office used


def test_discarding_a_hidden_forest_reveals_its_kind() -> None:
    s = board(both(3), faceup=[], quarries=0)
    s = player(s, 0, buildings={"hunting_lodge": 1}, hidden_forests={"sugar": 1}, forests={"corn": 1})
    s, _ = start_role(s, 1, "settler")
    assert s.step == "hunting_lodge"
    legal = pr.legal_actions(s, 0)
    assert {"type": "hunting_lodge_discard", "tile": "forest", "kind": "sugar"} in legal
    s, facts = act(s, 0, {"type": "hunting_lodge_discard", "tile": "forest", "kind": "sugar"})
    assert facts[0] == {"t": "TileDiscarded", "seat": 0, "tile": "forest", "kind": "sugar", "worker": None,
                        "by": "hunting_lodge"}
    assert pr.redact(facts[0], 2) == facts[0]  # now face up: public
    pl = s.players[0]
    assert pl.hidden_forests == (0, 0, 0, 0, 0) and pl.forests[G["corn"]] == 1


def test_forests_fill_island_spaces_for_residence_and_the_settler() -> None:
    s = player(nb(), 0, island={"corn": 6}, forests={"corn": 6}, buildings={"residence": 1})
    assert breakdown(s.players[0], s.config)["residence"] == 7
    s = board(s, faceup=["corn"])
    s, facts = start_role(s, 0, "settler")
    assert facts[1] == {"t": "Passed", "seat": 0, "phase": "settler", "auto": True}  # island full


# -- guests (§4.8) -----------------------------------------------------------------------------


def test_a_guest_deployed_at_the_craftsman_start_produces_at_once() -> None:
    s = player(nb(), 1, island={"indigo": 1}, manned={"indigo": 1},
               buildings={"guest_house": 1, "small_indigo_plant": 0})
    s, facts = start_role(s, 0, "craftsman")
    assert s.step == "guest_window_start" and s.turn == 1
    s, facts = act(s, 1, {"type": "deploy_guest", "to": "small_indigo_plant"})
    # no guest left: the window closed by itself and production ran
    produced = of_type(facts, "GoodsProduced")[0]["production"]
    assert {"seat": 1, "goods": {"indigo": 1}, "factory": 0} in produced


def test_guest_windows_skip_players_without_a_free_circle() -> None:
    s = player(nb(), 1, island={}, buildings={"guest_house": 2})  # no other circle
    s, facts = start_role(s, 0, "builder")
    assert s.step == "build" and s.turn == 0


def test_a_guest_may_move_as_a_prefix_to_a_builder_turn() -> None:
    s = player(nb(), 1, buildings={"guest_house": 1, "university": 0}, doubloons=5)
    s, _ = start_role(s, 0, "builder")
    s, _ = act(s, 1, {"type": "done"})  # the start window: he keeps his guest for now
    s, _ = act(s, 0, {"type": "pass"})
    assert s.turn == 1 and {"type": "deploy_guest", "to": "university"} in pr.legal_actions(s, 1)
    s, _ = act(s, 1, {"type": "deploy_guest", "to": "university"})
    assert s.turn == 1 and s.step == "build"
    s, facts = act(s, 1, {"type": "build", "building": "small_market"})
    assert facts[0]["university"] == "supply"  # the guest works at once


def test_guests_stay_until_the_next_mayor_phase_where_they_are_rearranged() -> None:
    s = player(nb(), 1, island={"corn": 1}, buildings={"guest_house": 2})
    s = board(s, colonist_ship=0)
    s, _ = start_role(s, 0, "mayor")
    s, _ = act(s, 0, {"type": "mayor_privilege", "colonists": 0})
    assert s.step == "arrange"
    while s.turn != 1:
        s, _ = act(s, s.turn, pr.legal_actions(s, s.turn)[-1])
    assert {"type": "remove", "from": "guest_house"} in pr.legal_actions(s, 1)


def test_deploy_guest_rejections() -> None:
    s = player(nb(), 1, island={"corn": 1}, manned={"corn": 1}, buildings={"guest_house": 1, "library": 1})
    s, _ = start_role(s, 0, "builder")
    s, _ = act(s, 0, {"type": "pass"})
    assert rejected(s, 1, {"type": "deploy_guest", "to": "library"}) == "guest.target_full"
    assert rejected(s, 1, {"type": "deploy_guest", "to": "guest_house"}) == "guest.same_place"
    assert rejected(s, 1, {"type": "deploy_guest", "to": "harbor"}) == "guest.unknown_target"
    assert rejected(s, 1, {"type": "deploy_guest", "to": "forest"}) == "guest.unknown_target"
    assert rejected(s, 1, {"type": "deploy_guest", "to": "corn", "piece": "noble"}) == "action.malformed"
    n = player(both(), 1, island={"corn": 1}, buildings={"guest_house": 1}, nobles={"guest_house": 1})
    n, _ = start_role(n, 0, "builder")
    assert rejected(n, 1, {"type": "deploy_guest", "to": "corn", "piece": "colonist"}) == "guest.no_such_piece"
    assert pr.legal_actions(n, 1)[0] == {"type": "deploy_guest", "to": "corn", "piece": "noble"}
    n, facts = act(n, 1, {"type": "deploy_guest", "to": "corn"})  # no piece: the only kind there
    assert facts[0] == {"t": "GuestDeployed", "seat": 1, "to": "corn", "piece": "noble"}
    assert n.players[1].manned_nobles[T["corn"]] == 1


# -- builder details ---------------------------------------------------------------------------


def test_black_market_returning_the_university_worker_loses_the_university() -> None:
    # §10 A15: the university is checked after the black-market returns.
    s = player(nb(), 1, buildings={"black_market": 1, "university": 1}, doubloons=7, goods={"corn": 1})
    s, _ = start_role(s, 0, "builder")
    s, _ = act(s, 0, {"type": "pass"})
    s, _ = act(s, 1, {"type": "build", "building": "harbor", "black_market": True})
    s, _ = act(s, 1, {"type": "black_market_worker", "from": "university"})
    assert s.players[1].buildings[B["harbor"]] == 0 and s.players[1].buildings[B["university"]] == 0


def test_black_market_returns_a_noble_and_a_vp_chip() -> None:
    s = player(both(), 1, buildings={"black_market": 1}, windrose=1, nobles={"windrose": 1},
               goods={"corn": 1}, vp=2, doubloons=5)
    s = board(s, vp_supply=s.vp_supply - 2)
    s, _ = start_role(s, 0, "builder")
    s, _ = act(s, 0, {"type": "pass"})
    nobles, vp = s.noble_supply, s.vp_supply
    s, _ = act(s, 1, {"type": "build", "building": "harbor", "black_market": True})
    assert pr.legal_actions(s, 1)[:1] == [{"type": "black_market_worker", "from": "windrose", "piece": "noble"}]
    s, _ = act(s, 1, {"type": "black_market_worker", "from": "windrose", "piece": "noble"})
    s, _ = act(s, 1, {"type": "black_market_good", "good": "corn"})
    s, facts = act(s, 1, {"type": "black_market_vp"})
    assert facts[0] == {"t": "BlackMarketPaid", "seat": 1, "item": "vp", "to_supply": True}
    assert s.noble_supply == nobles + 1 and s.vp_supply == vp + 1 and s.players[1].vp == 1
    assert s.players[1].owns(B["harbor"]) and s.players[1].doubloons == 0


def test_a_returned_paper_vp_does_not_refill_the_supply_or_cancel_the_end() -> None:
    # §10 A8 / A28
    s = player(nb(), 1, buildings={"black_market": 1}, goods={"corn": 1}, vp=101, doubloons=7)
    s = board(s, vp_supply=0, end_reasons=("vp",))
    s, _ = start_role(s, 0, "builder")
    s, _ = act(s, 0, {"type": "pass"})
    s, _ = act(s, 1, {"type": "build", "building": "harbor", "black_market": True})
    s, facts = act(s, 1, {"type": "black_market_vp"})
    assert facts[0]["to_supply"] is False and s.vp_supply == 0 and s.end_reasons == ("vp",)


def test_church_vp_can_trigger_the_end() -> None:
    # §10 A8: the VP trigger fires in whatever phase the supply runs out.
    s = player(nb(), 1, buildings={"church": 1}, doubloons=20)
    s = board(s, vp_supply=1)
    s, _ = start_role(s, 0, "builder")
    s, _ = act(s, 0, {"type": "pass"})
    s, facts = act(s, 1, {"type": "build", "building": "city_hall"})
    assert {"t": "GameEndTriggered", "reason": "vp"} in facts and s.players[1].vp == 2 and s.vp_supply == 0


def test_construction_office_and_forests_make_prices_free() -> None:
    s = player(both(), 1, buildings={"construction_office": 1}, forests={"corn": 4})
    assert price(s, 1, B["small_market"]) == 0  # 1 − 1 − 2, at least 0


# -- trader and captain details ----------------------------------------------------------------


def test_trading_post_sells_even_into_a_full_trading_house() -> None:
    # §10 A18: the trading post owner still has his turn when the trading house is full.
    s = player(nb(), 1, buildings={"trading_post": 1}, goods={"corn": 1})
    s = board(s, trading_house=["indigo", "sugar", "tobacco", "coffee"])
    s, _ = start_role(s, 0, "trader")
    assert s.turn == 1 and pr.legal_actions(s, 1) == [
        {"type": "sell", "good": "corn", "venue": "trading_post"},
        {"type": "pass"},
    ]
    assert rejected(s, 1, {"type": "sell", "good": "corn"}) == "trader.house_full"


def test_small_wharf_with_lighthouse_pays_a_doubloon() -> None:
    s = player(nb(), 1, buildings={"small_wharf": 1, "lighthouse": 1}, goods={"corn": 2}, doubloons=0)
    s = board(s, ships=[(5, "corn", 5), (6, "indigo", 6), (7, "sugar", 7)])
    s, _ = start_role(s, 0, "captain")
    s, _ = act(s, 1, {"type": "small_wharf", "good": "corn", "count": 2})
    s, facts = act(s, 1, {"type": "done"})
    assert facts[0]["doubloons"] == 1 and s.players[1].doubloons == 1 and s.players[1].vp == 1


def test_royal_supplier_needs_nobles() -> None:
    s = player(both(), 1, buildings={"royal_supplier": 1}, goods={"corn": 2})
    s, _ = start_role(s, 0, "captain")
    assert not [a for a in pr.legal_actions(s, 1) if a["type"] == "royal_supplier"]
    assert rejected(s, 1, {"type": "royal_supplier", "good": "corn"}) == "captain.royal_supplier_nobles"


def test_storehouse_keeps_everything_automatically_when_it_fits() -> None:
    s = player(nb(), 1, buildings={"storehouse": 1}, goods={"corn": 2, "sugar": 2})
    s = board(s, ships=[(5, "coffee", 5), (6, "corn", 6), (7, "sugar", 7)])
    s, facts = start_role(s, 0, "captain")
    assert {"t": "GoodsStored", "seat": 1, "kept": None, "discarded": {}, "auto": True} in facts


def test_rules_version_2_asks_two_seats_with_only_their_default() -> None:
    # docs/puerto-rico.md, "Compatibility": kept so that recorded games replay the same.
    # A free warehouse no kind left may go into (both are kept as singles already), the
    # storehouse full: `done` alone, asked.
    s = player(nb(), 0, buildings={"storehouse": 1, "small_warehouse": 1}, goods={"corn": 5, "indigo": 5})
    s = board(s, ships=[(5, "coffee", 5), (6, "corn", 6), (7, "indigo", 7)])
    s, _ = start_role(s, 0, "captain")
    for good in ("corn", "corn", "indigo", "indigo"):
        s, _ = act(s, 0, {"type": "keep", "good": good})
    assert (s.step, s.turn) == ("store", 0) and pr.legal_actions(s, 0) == [{"type": "done"}]
    s, facts = act(s, 0, {"type": "done"})
    assert facts[0] == {"t": "GoodsStored", "seat": 0, "kept": None, "discarded": {"corn": 3, "indigo": 3}}
    # An open royal supplier with every kind held sent already: `pass` alone, asked.
    s = player(both(), 1, buildings={"royal_supplier": 1}, goods={"corn": 2}, windrose=2, nobles={"windrose": 2})
    s = board(s, ships=[(5, "coffee", 5), (6, "corn", 6), (7, "sugar", 7)])
    s, _ = start_role(s, 0, "captain")
    s, _ = act(s, 1, {"type": "royal_supplier", "good": "corn"})
    assert (s.step, s.turn) == ("ship", 1) and pr.legal_actions(s, 1) == [{"type": "pass"}]


# -- nobles ------------------------------------------------------------------------------------


def test_hospice_and_university_take_a_noble_only_when_the_ship_holds_nothing_else() -> None:
    # §10 A32
    s = board(game(4, expansions=["nobles"]), colonist_supply=0, colonist_ship=0, noble_ship=1, faceup=["corn"])
    s = player(s, 1, buildings={"hospice": 1})
    s, _ = start_role(s, 1, "settler")
    s, facts = act(s, 1, {"type": "take_plantation", "kind": "corn"})
    assert facts[0]["hospice"] == "ship_noble"
    pl = s.players[1]
    assert pl.manned_nobles[T["corn"]] == 1 and pl.nobles == 1 and s.noble_ship == 0


def test_mayor_privilege_gives_brown_colonists_only() -> None:
    s = board(game(4, expansions=["nobles"]), colonist_supply=0)
    s, facts = start_role(s, 0, "mayor")
    assert {"t": "MayorPrivilegeTaken", "seat": 0, "colonists": 0, "auto": True} in facts


def test_arrangement_with_nobles_is_chosen_piece_by_piece() -> None:
    s = game(4, expansions=["nobles"])
    s = player(s, 0, island={"corn": 1}, manned={"corn": 1}, buildings={"chapel": 0}, windrose=1,
               nobles={"windrose": 1})
    s = board(s, colonist_ship=0, noble_ship=0)
    s, _ = start_role(s, 0, "mayor")
    s, _ = act(s, 0, {"type": "mayor_privilege", "colonists": 0})
    legal = pr.legal_actions(s, 0)
    assert {"type": "place", "to": "chapel", "piece": "noble"} in legal
    assert {"type": "remove", "from": "corn", "piece": "colonist"} in legal
    assert {"type": "place", "to": "chapel", "piece": "colonist"} not in legal
    assert rejected(s, 0, {"type": "place", "to": "chapel", "piece": "colonist"}) == "mayor.no_such_piece"
    s, facts = act(s, 0, {"type": "place", "to": "chapel"})  # no piece: the only kind waiting
    assert facts[:2] == [
        {"t": "ColonistPlaced", "seat": 0, "to": "chapel", "piece": "noble"},
        {"t": "ArrangementFinished", "seat": 0, "auto": True},
    ]
    assert s.players[0].occ_noble(B["chapel"])


def test_only_nobles_are_assigned_automatically() -> None:
    s = game(4, expansions=["nobles"])
    s = player(s, 1, island={"corn": 1}, buildings={}, windrose=2, nobles={"windrose": 2})
    s = board(s, colonist_ship=0, noble_ship=0)
    s, facts = start_role(s, 0, "mayor")
    s, facts = act(s, 0, {"type": "mayor_privilege", "colonists": 0})
    assert {"t": "ColonistsAssigned", "seat": 1} in facts
    pl = s.players[1]
    assert pl.manned_nobles[T["corn"]] == 1 and pl.windrose_nobles == 1


def test_ship_holding_only_nobles_is_handed_out_automatically() -> None:
    s = board(game(4, expansions=["nobles"]), colonist_ship=0, noble_ship=5)
    s, _ = start_role(s, 2, "mayor")
    s, facts = act(s, 2, {"type": "mayor_privilege", "colonists": 0})
    assert facts[1] == {"t": "ColonistsDistributed", "colonists": [0, 0, 0, 0], "nobles": [1, 1, 2, 1]}


def test_nobles_games_never_end_by_colonists() -> None:
    s = board(game(3, expansions=["nobles"]), colonist_supply=0)
    s, _ = start_role(s, 0, "mayor")
    s, facts = finish_phase(s)
    assert s.end_reasons == () and not of_type(facts, "GameEndTriggered")


def test_scoring_breakdown_keys_follow_the_expansions() -> None:
    base = pr.outcome(board(game(4), step="over", phase="over"))
    assert base is not None and set(base.results[0].breakdown) == {
        "shipping", "buildings", "guild_hall", "residence", "fortress", "customs_house", "city_hall"}
    s = player(both(), 0, buildings={"guild_hall": 1, "jeweler": 0, "city_hall": 1, "fortress": 1},
               windrose=3, nobles={"windrose": 2})
    b = breakdown(s.players[0], s.config)
    assert {"cloister", "nobles", "royal_garden"} <= set(b)
    assert b["guild_hall"] == 2 and b["city_hall"] == 3 and b["fortress"] == 2  # jeweler: large production
    assert b["nobles"] == 2
