"""Worked examples SM-EX-n (§10) for passing, the end of the year, final scoring, the advanced
setup, shared blue dice, solo play and hidden information."""

from __future__ import annotations

import pytest

import domain.santa_maria as sm
from domain.core import ALL, InvalidOptions, Rng
from domain.santa_maria import scoring
from domain.santa_maria.components import C
from domain.santa_maria.scoring import achievements, colonist_vp, final_breakdown
from domain.santa_maria.state import CELLS, Phase, index, replace
from domain.santa_maria.year import conquistador_awards

from .helpers import Dice, act, at, edit, names, on, play, reject, setup_facts, start, use

P1, P2, P3, P4 = 0, 1, 2, 3


def _passed(state, seat, space):  # type: ignore[no-untyped-def]
    state = edit(state, seat, pass_space=space)
    return replace(state, pass_order=(*state.pass_order, seat))


def test_sm_ex_12_dock_income_at_passing() -> None:
    """§4 steps 2-3: the pass space first, then the docks top to bottom, once per ship."""
    state = start(3)
    state = edit(state, P1, religion=8, grain=2, coins=0, vp=0,
                 docks=(("ST01",), ("ST02", "ST03", "ST04"), (), ("ST05", "ST06")))
    state, facts = play(state, P1, {"type": "pass", "space": 3}, {"type": "religion_extra", "pay": "grain"},
                        {"type": "place_monk", "place": None}, {"type": "religion_extra", "pay": "grain"},
                        {"type": "religion_extra", "pay": None})
    steps = [(f["from"], f["to"]) for f in facts if f["t"] == "ReligionAdvanced"]
    assert steps == [(8, 9), (9, 10), (10, 11), (11, 12), (12, 13)]
    order = [f["t"] for f in facts if f["t"] in ("ConquistadorAdvanced", "CoinsGained", "ReligionAdvanced", "VPGained")]
    assert order[0] == "ConquistadorAdvanced" and order[1] == "CoinsGained" and order[-1] == "VPGained"
    p = state.players[P1]
    assert (p.coins, p.good("grain"), p.religion, p.conquistador, p.vp, p.pass_space) == (2, 0, 13, 1, 2, 3)


def test_sm_ex_13_pass_space_5_road_tile() -> None:
    """§4 space 5: take the top road tile and put it on an empty cell."""
    state = start()
    state, _ = act(state, P1, {"type": "pass", "space": 5})
    reject(state, P1, {"type": "road_tile", "cell": [1, 1]}, "road.cell_occupied")
    state, facts = act(state, P1, {"type": "road_tile", "cell": [5, 5]})
    assert "RoadTilePlaced" in names(facts) and at(state, P1, 5, 5) == "road2"
    assert state.road_stack == 2 and state.players[P1].pass_space == 5


def test_sm_ex_15_conquistador_scoring_four_players_end_of_year_2() -> None:
    """§5 steps 1-3: 9/6/3 by rank; the earlier arrival is ahead on one space."""
    state = replace(start(4), year=2, current=P4)
    for seat, space in ((P1, 1), (P2, 2), (P3, 3)):
        state = _passed(state, seat, space)
    state = edit(state, P1, conquistador=7, conquistador_stamp=1)
    state = edit(state, P2, conquistador=5, conquistador_stamp=2)
    state = edit(state, P3, conquistador=5, conquistador_stamp=3, religion=4)
    state = edit(state, P4, occupied={(2, 4): "$1"})
    state, facts = play(state, P4, {"type": "pass", "space": 5}, {"type": "road_tile", "cell": None}, rng=Dice(*[2] * 16))
    scored = next(f for f in facts if f["t"] == "ConquistadorScored")
    assert scored["awards"] == [[P1, 9], [P2, 6], [P3, 3], [P4, 0]]
    assert all(p.conquistador == 0 for p in state.players) and state.players[P3].religion == 4
    assert on(state, P4, 2, 4) == "" and state.year == 3


def test_sm_ex_16_final_goods_and_coins() -> None:
    """§6 step 1: goods sold, then 1 VP per 3 coins."""
    state = edit(start(), P1, coins=3, wood=1, grain=1, sugar=1)
    assert final_breakdown(state, P1)["coins"] == 2


def _colony(cells: dict[tuple[int, int], str]):  # type: ignore[no-untyped-def]
    grid = [""] * CELLS
    for (r, c), code in cells.items():
        grid[index(r, c)] = code
    return tuple(grid)


def test_sm_ex_17_colonists_in_complete_lines() -> None:
    """§6 step 2: columns 4 and 6 and row 4 complete; (4,4) counts twice."""
    cells = {(r, 4): "prod_wood" for r in range(1, 7)} | {(r, 6): "prod_wood" for r in range(1, 7)}
    cells |= {(4, c): "prod_wood" for c in range(1, 7)}
    cells |= {(4, 4): "road1", (6, 4): "road1", (2, 6): "road1", (4, 2): "road2"}
    state = edit(start(), P1, grid=_colony(cells))
    assert colonist_vp(state.players[P1]) == 6


def test_sm_ex_18_monks_at_game_end() -> None:
    """§6 step 3: +3 (scholar) -2 -2 (bishops) +6 (Builders) +5 (Settlers) = +10."""
    state = replace(start(), scholars=("SCH_DIPLOMACY", "SCH_TAXATION", "SCH_ECONOMICS"),
                    bishops=("BSH_BUILDERS", "BSH_SETTLERS", "BSH_FLOCK"))
    places = [()] * 10
    for place in ("scholar_1", "bishop_1", "bishop_2"):
        places[C.monk_places.index(place)] = (P1,)
    state = replace(state, monk_places=tuple(places))
    grid = _colony({(1, 1): "road2", (1, 2): "road2", (1, 3): "road1"})
    state = edit(state, P1, grid=grid, tiles=(("D01", 2, 1, 0), ("D02", 3, 1, 0), ("D03", 4, 1, 0)))
    parts = final_breakdown(state, P1)
    assert (parts["scholars"], parts["bishop_penalty"], parts["bishops"]) == (3, -4, 11)
    assert parts["scholars"] + parts["bishop_penalty"] + parts["bishops"] == 10


def test_sm_ex_19_dock_sets_and_ship_vp() -> None:
    """§6 steps 4-5: 2 complete sets = 6 VP; the ships' printed VP."""
    docks = (("STS1", "ST08"), ("ST01", "ST02", "ST03"), ("ST05", "ST06"), ("ST07", "ST10"))
    parts = final_breakdown(edit(start(), P1, docks=docks), P1)
    assert (parts["dock_sets"], parts["ships"]) == (6, 10)


def test_sm_ex_20_tie_break_by_pass_space() -> None:
    """§6 [RB]: equal totals, the higher pass space wins."""
    state = replace(start(), phase=Phase.OVER, pass_order=(P2, P1), scored=((), ()))
    state = edit(state, P1, vp=87, pass_space=4)
    state = edit(state, P2, vp=87, pass_space=1)
    result = sm.outcome(state)
    assert result is not None and result.winners == (P2,)
    assert scoring.ranking(state) == [P2, P1]


def test_sm_ex_21_first_player_of_the_next_year() -> None:
    """§5 step 5: the topmost occupied pass space starts; then clockwise by seat."""
    state = replace(start(3), current=P2)
    state, _ = play(state, P2, {"type": "pass", "space": 4}, {"type": "ship", "source": None})
    state, _ = play(state, P3, {"type": "pass", "space": 2}, {"type": "religion_extra", "pay": None})
    state, facts = play(state, P1, {"type": "pass", "space": 5}, {"type": "road_tile", "cell": None}, rng=Dice(*[3] * 12))
    assert next(f for f in facts if f["t"] == "FirstPlayerSet")["seat"] == P3
    assert state.year == 2 and sm.to_act(state) == {P3} and all(p.pass_space == 0 for p in state.players)
    assert state.display == (*C.doubles[5:10], *C.triples[5:10]) and state.white_pool == (3,) * 9
    state, _ = act(state, P3, {"type": "pass", "space": 1})
    assert sm.to_act(state) == {P1}
    state, _ = act(state, P1, {"type": "pass", "space": 2})
    state, _ = act(state, P1, {"type": "religion_extra", "pay": None})
    assert sm.to_act(state) == {P2}


def test_sm_ex_22_religion_past_the_end_of_the_track() -> None:
    """§3.6 [RB]: at the end each step is 1 VP."""
    state = edit(start(), P1, religion=13, grain=1, monks=1, coins=1)
    state, _ = play(state, P1, {"type": "activate_building", "cell": [4, 5]}, {"type": "place_monk", "place": None})
    state, facts = act(state, P1, {"type": "religion_extra", "pay": "grain"})
    p = state.players[P1]
    assert (p.religion, p.vp, p.good("grain")) == (14, 1, 0) and "ReligionOverflowScored" in names(facts)


def test_sm_ex_25_advanced_setup_draft() -> None:
    """§7.1: sets drafted counter-clockwise from the right of the first player; each town hall placed at once."""
    order = ["SCH_PHILOSOPHY", "SCH_TAXATION", "SCH_ASTRONOMY", "SCH_ENGINEERING", "SCH_MATHEMATICS",
             "SCH_THEOLOGY", "SCH_ECONOMICS", "SCH_ARCHITECTURE", "SCH_DIPLOMACY", "SCH_STRATEGY"]
    facts = setup_facts(3, advanced_setup=True)[:-3]
    facts = [dict(f, order=order) if f["t"] == "ScholarsShuffled" else f for f in facts]
    facts = [dict(f, scholars=order[:3]) if f["t"] == "ScholarsRevealed" else f for f in facts]
    sets = [["S1", "TH1", "SCH_ENGINEERING"], ["S2", "TH2", "SCH_MATHEMATICS"], ["S3", "TH3", "SCH_THEOLOGY"],
            ["S4", "TH4", "SCH_ECONOMICS"]]
    facts += [{"t": "TownHallSetsDealt", "sets": sets}, {"t": "DraftStarted", "draft": "set", "order": [2, 1, 0]}]
    from domain.core import fold

    state = fold(sm, None, facts)
    assert sm.to_act(state) == {P3}
    state, _ = play(state, P3, {"type": "choose_set", "set": "S2"}, {"type": "place_town_hall", "anchor": [3, 4], "rotation": 0})
    assert (at(state, P3, 3, 4), at(state, P3, 3, 5)) == ("prod_sugar+prod_coin1", "religion")
    assert state.players[P3].personal_scholar == "SCH_MATHEMATICS"
    state, _ = act(state, P2, {"type": "choose_set", "set": "S4"})
    reject(state, P2, {"type": "place_town_hall", "anchor": [5, 5], "rotation": 90}, "townhall.cell_occupied")
    reject(state, P2, {"type": "choose_set", "set": "S1"}, "turn.not_yours")
    state, _ = act(state, P2, {"type": "place_town_hall", "anchor": [4, 4], "rotation": 90})
    assert (at(state, P2, 4, 4), at(state, P2, 5, 4)) == ("sea_trade", "prod_coin1+prod_vp1")
    reject(state, P1, {"type": "choose_set", "set": "S2"}, "setup.set_taken")
    state, facts = play(state, P1, {"type": "choose_set", "set": "S1"}, {"type": "place_town_hall", "anchor": [1, 2], "rotation": 0})
    assert (at(state, P1, 1, 2), at(state, P1, 1, 3)) == ("prod_wood+prod_grain", "trade_sugar_2vp")
    assert state.players[P1].personal_scholar == "SCH_ENGINEERING"
    assert next(f for f in facts if f["t"] == "SetsReturned")["sets"] == [["S3", "TH3", "SCH_THEOLOGY"]]
    assert state.year == 1 and sm.to_act(state) == {P1} and state.players[P1].board == "side_B"


def _shared(**kw):  # type: ignore[no-untyped-def]
    state = start(shared_blue_dice=True)
    state = edit(edit(state, P1, blue=[]), P2, blue=[])
    return replace(state, **kw)


def test_sm_ex_26_shared_blue_dice() -> None:
    """§7.2: pool blue dice activate rows, within the number unlocked on the religion track."""
    state = _shared(blue_pool=(3, 5), blue_made=2, blue_supply=4)
    state = edit(state, P1, coins=3, religion=1, wood=0)
    state, _ = play(state, P1, use("pool_blue", 3, 3, "row"), {"type": "trade", "option": None})
    p = state.players[P1]
    assert (p.good("grain"), on(state, P1, 3, 6), p.blue_used) == (1, "p3", 1)
    state, _ = act(state, P2, {"type": "pass", "space": 1})
    reject(state, P1, use("pool_blue", 5, 5, "row"), "die.blue_limit")
    state, facts = act(state, P1, {"type": "activate_building", "cell": [4, 5]}, Dice(6))
    assert next(f for f in facts if f["t"] == "BlueDieAddedToPool") == {"t": "BlueDieAddedToPool", "seat": P1, "face": 6}
    state, _ = play(state, P1, {"type": "place_monk", "place": None}, {"type": "religion_extra", "pay": None})
    assert state.players[P1].coins == 2 and state.players[P1].unlocked == 2 and state.blue_pool == (5, 6)
    state, _ = act(state, P1, use("pool_blue", 5, 5, "row"))
    p = state.players[P1]
    assert (p.conquistador, on(state, P1, 5, 3), p.blue_used, state.blue_pool) == (1, "p5", 2, (6,))


def test_sm_ex_27_solo_conquistador_trees() -> None:
    """§7.3: 4/5/6 VP only past tree 1/2/3 (at 3, 5, 7); markers reset each year."""
    solo = start(1)
    assert conquistador_awards(edit(replace(solo, year=1), P1, conquistador=3)) == [[P1, 4]]
    assert conquistador_awards(edit(replace(solo, year=2), P1, conquistador=4)) == [[P1, 0]]
    assert conquistador_awards(edit(replace(solo, year=3), P1, conquistador=7)) == [[P1, 6]]
    state, _ = act(edit(solo, P1, conquistador=3), P1, {"type": "pass", "space": 1}, Dice(*[1] * 4))
    assert state.players[P1].vp == 4 and state.players[P1].conquistador == 0 and state.year == 2


def test_sm_ex_28_solo_achievements() -> None:
    """§7.3: the achievement list; Kozlocracy read both ways (A-50)."""
    cells = {(r, 2): "prod_wood" for r in range(1, 7)}
    state = edit(start(1), P1, grid=_colony(cells), types=tuple("production" if i % 6 == 1 else None for i in range(CELLS)),
                 docks=(("ST01",) * 4,) * 4)
    parts = {"colonists": 28, "bishops": 31}
    assert achievements(state, parts, 118) == ["communism", "capitalism", "theocracy", "kozlocracy"]
    road = edit(state, P1, grid=_colony(cells | {(6, 2): "road1"}))
    assert "kozlocracy" not in achievements(road, parts, 118)
    assert "kozlocracy" in achievements(replace(road, kozlocracy_rule="roads_ignored"), parts, 118)
    assert achievements(state, {"colonists": 0, "bishops": 0}, 150)[-2:] == ["democracy", "utopia"]


def test_sm_ex_51_blue_die_gained_while_passing() -> None:
    """§3.8 [RB]: a blue die gained while passing is not usable this year; all reroll next year."""
    state = edit(start(), P1, religion=1, grain=0, monks=6, blue=[("b1", 1)])
    state = replace(edit(state, P1, blue=list((b.id, b.face) for b in state.players[P1].blue)),
                    blue_supply=4)
    state = replace(state, players=(replace(state.players[P1], blue=(replace(state.players[P1].blue[0], used=True),)),
                                    state.players[P2]))
    state, facts = act(state, P1, {"type": "pass", "space": 2}, Dice(5))
    gained = next(f for f in facts if f["t"] == "BlueDieGained")
    assert gained == {"t": "BlueDieGained", "seat": P1, "die": "b3", "face": 5, "usable_this_year": False}
    assert state.pending.kind == "place_monk" and state.blue_supply == 3  # type: ignore[union-attr]
    state, _ = act(state, P1, {"type": "place_monk", "place": None})
    assert state.pending.kind == "religion_extra"  # type: ignore[union-attr]
    state, _ = act(state, P1, {"type": "religion_extra", "pay": None})
    assert state.players[P1].pass_space == 2
    state, facts = act(state, P2, {"type": "pass", "space": 1}, Dice(*[4] * 9))
    rolled = next(f for f in facts if f["t"] == "BlueDiceRolled")
    assert [d[1] for d in rolled["dice"] if d[0] == P1] == ["b1", "b3"]
    assert all(b.usable and not b.used for b in state.players[P1].blue)


def test_sm_ex_52_players_on_start_score_nothing() -> None:
    """§5 step 1, §11 A-13: a player still on start scores nothing, whatever the rank."""
    state = replace(start(4), current=P4)
    for seat, space in ((P1, 2), (P2, 3), (P3, 4)):
        state = _passed(state, seat, space)
    state = edit(edit(state, P1, conquistador=4, conquistador_stamp=1), P3, conquistador=2, conquistador_stamp=2)
    coins = state.players[P4].coins
    state, facts = act(state, P4, {"type": "pass", "space": 1}, Dice(*[1] * 16))
    scored = next(f for f in facts if f["t"] == "ConquistadorScored")
    assert dict(map(tuple, scored["awards"])) == {P1: 6, P3: 4, P2: 0, P4: 0}
    assert state.players[P4].coins == coins + 2 and all(p.conquistador == 0 for p in state.players)


def test_sm_ex_55_exhausted_ship_deck() -> None:
    """§3.4 [RB]: an emptied dock stays empty once the deck is out; no tile anywhere, no decision (A-59)."""
    state = replace(start(), ship_deck=(), board_docks=("ST01", "ST02", None, None))
    state = edit(state, P1, wood=2, sugar=1, gem=1, coins=3)
    state, facts = play(state, P1, {"type": "activate_building", "cell": [1, 1]},
                        {"type": "ship", "source": "coins", "pay": {"wood": 1, "sugar": 1}})
    assert {"t": "DockRefilled", "dock": "coins", "tile": None} in facts and state.players[P1].docks[0] == ("ST01",)
    state, _ = act(state, P2, {"type": "pass", "space": 1})
    state, _ = act(state, P1, {"type": "pass", "space": 4})
    reject(state, P1, {"type": "ship", "source": "coins", "pay": {"wood": 1, "gem": 1}}, "ship.no_tile")
    state, facts = act(state, P1, {"type": "ship", "source": "religion", "pay": {"wood": 1, "gem": 1}})
    assert {"t": "DockRefilled", "dock": "religion", "tile": None} in facts
    assert state.players[P1].coins == 4 and state.players[P1].religion == 1
    state, _ = act(state, P1, {"type": "religion_extra", "pay": None}, Dice(*[2] * 8))
    state = edit(replace(state, current=P1), P1, coins=1)
    state, facts = act(state, P1, {"type": "activate_building", "cell": [1, 1]})
    assert "DecisionAsked" not in names(facts) and state.pending is None


def test_sm_ex_59_conquistador_dock_at_passing() -> None:
    """§4: space 3, then one conquistador action per ship of the conquistador dock."""
    state = edit(start(), P1, conquistador=1, gold=0, docks=((), (), ("ST05",), ()))
    state, facts = act(state, P1, {"type": "pass", "space": 3})
    assert "GoldFound" in names(facts) and state.players[P1].conquistador == 3 and state.players[P1].good("gold") == 1


def _sm_ex_70():  # type: ignore[no-untyped-def]
    """SM-EX-70: P1 passes to space 2 and unlocks a die; P2 uses it from the pool."""
    state = _shared(blue_pool=(2,), blue_made=3, blue_supply=3)
    state = edit(state, P1, religion=1, unlocked=1, blue_used=1, occupied={(3, 6): "p3"})
    state = edit(state, P2, unlocked=2, blue_used=1, occupied={(1, 1): "p5"})  # P2 plays colony_2
    state, facts = play(state, P1, {"type": "pass", "space": 2}, {"type": "place_monk", "place": None},
                        {"type": "religion_extra", "pay": None}, rng=Dice(4))
    after, _ = act(state, P2, use("pool_blue", 4, 4, "row"))
    return state, facts, after


def test_sm_ex_70_shared_blue_a_pass_feeds_the_pool() -> None:
    """§7.2, §11 A-24: a die unlocked while passing goes to the pool for the others."""
    state, facts, after = _sm_ex_70()
    assert {"t": "BlueDieAddedToPool", "seat": P1, "face": 4} in facts
    assert state.players[P1].unlocked == 2 and state.blue_pool == (2, 4)
    assert after.players[P2].conquistador == 1 and on(after, P2, 4, 2) == "p4" and after.players[P2].blue_used == 2


def test_sm_ex_71_shared_blue_at_year_end() -> None:
    """§7.2 [RB]: at the year end every blue die in the game is rerolled into the pool."""
    _, _, state = _sm_ex_70()
    state, facts = act(state, P2, {"type": "pass", "space": 1}, Dice(*[6] * 10))
    rolled = next(f for f in facts if f["t"] == "BlueDiceRolled")
    assert len(rolled["pool"]) == 4 and state.blue_pool == (6, 6, 6, 6)
    assert all(p.blue_used == 0 for p in state.players) and on(state, P2, 4, 2) == "" and on(state, P1, 3, 6) == ""


def test_sm_ex_72_personal_scholar_at_scoring() -> None:
    """§7.1 step 6, §11 A-36: the personal scholar holds no monk and scores nothing."""
    state = replace(start(), bishops=("BSH_FLOCK", "BSH_ORDER", "BSH_SETTLERS"))
    places = [()] * 10
    places[C.monk_places.index("bishop_1")] = (P1,)
    places[C.monk_places.index("mission_1")] = (P1,)
    state = edit(replace(state, monk_places=tuple(places)), P1, personal_scholar="SCH_ENGINEERING")
    parts = final_breakdown(state, P1)
    assert (parts["scholars"], parts["bishops"], parts["bishop_penalty"]) == (0, 4, -2)


def test_sm_ex_89_hidden_vp_in_views_and_facts() -> None:
    """§9.2, §11 A-18: other seats' VP are null in views and facts until the end."""
    state = edit(start(), P1, vp=0, coins=1)
    after, facts = act(state, P1, {"type": "activate_building", "cell": [6, 6]})
    assert names(facts)[:3] == ["BuildingActivatedWithCoins", "CoinsGained", "VPGained"]
    vp = next(f for f in facts if f["t"] == "VPGained")
    assert sm.redact(vp, P2)["vp"] is None and sm.redact(vp, None)["vp"] is None and sm.redact(vp, P1) == vp
    assert sm.view(after, P2)["players"][P1]["vp"] is None and sm.view(after, P2)["players"][P2]["vp"] == 0
    assert sm.view(after, P1)["players"][P1]["vp"] == 1 and sm.view(after, ALL)["players"][P1]["vp"] == 1
    opened, facts = act(replace(state, open_scores=True), P1, {"type": "activate_building", "cell": [6, 6]})
    vp = next(f for f in facts if f["t"] == "VPGained")
    assert sm.redact(vp, P2)["vp"] == 1 and sm.view(opened, None)["players"][P1]["vp"] == 1
    final = {"t": "FinalScored", "seat": P1, "category": "coins", "vp": 3}
    ended = {"t": "GameEnded", "scores": [3, 1], "ranking": [P1, P2]}
    assert sm.redact(final, P2) == final and sm.redact(ended, None) == ended


def test_sm_ex_90_option_validation_base_parts() -> None:
    """§1.9 step 0, §11 A-76 (the base parts; the expansion's combinations are issue 14)."""
    for options, seats, code in (({}, 0, "options.player_count"), ({}, 5, "options.player_count"),
                                 ({"colony_assignment": "first"}, 4, "options.colony_assignment"),
                                 ({"colour": "red"}, 2, "options.unknown"),
                                 ({"shared_blue_dice": "yes"}, 2, "options.shared_blue_dice")):
        with pytest.raises(InvalidOptions) as err:
            sm.check_options(options, seats)
        assert err.value.code == code
    assert sm.check_options({"advanced_setup": True}, 1)["advanced_setup"] is True  # solo may


def test_sm_ex_93_shuffle_facts_are_redacted() -> None:
    """§9.3, §11 A-79: shuffles carry their order, shown to everybody as its size only."""
    facts = sm.setup({}, 2, Rng("ex93", "setup"))
    by = {f["t"]: f for f in facts}
    assert len(by["ShipDeckShuffled"]["order"]) == 30 and len(by["ScholarsShuffled"]["order"]) == 10
    assert len(by["BishopsShuffled"]["order"]) == 6
    for viewer in (P1, P2, None):
        assert sm.redact(by["ShipDeckShuffled"], viewer)["order"] == 30
        assert sm.redact(by["ScholarsShuffled"], viewer)["order"] == 10
        assert sm.redact(by["BishopsShuffled"], viewer)["order"] == 6
        assert sm.redact(by["TileStacksShuffled"], viewer) | {"t": ""} == {"t": "", "double": 15, "triple": 15}
    assert by["ScholarsRevealed"]["scholars"] == by["ScholarsShuffled"]["order"][:3]
    from domain.core import fold

    state = fold(sm, None, facts)
    assert state.ship_deck == tuple(by["ShipDeckShuffled"]["order"])
    assert state.stacks[0] == tuple(by["TileStacksShuffled"]["double"][5:])
