"""American Kingdoms, the expansion core (rules page §8.1, §8.7): worked examples SM-EX-29..32,
46..49, 73..76, the expansion variant of SM-EX-18 and the expansion option sets of SM-EX-90, and
the rules they rest on."""

from __future__ import annotations

from typing import Any

import pytest

import domain.santa_maria as sm
from domain.core import ALL, IllegalAction, InvalidOptions, Rng, fold
from domain.santa_maria import kingdoms, scoring
from domain.santa_maria.components import C
from domain.santa_maria.setup import PLAYABLE
from domain.santa_maria.state import Pending, State, replace, with_player

from .helpers import Dice, act, at, edit, goods, names, on, play, reject, setup_facts, start, use

P1, P2, P3, P4 = 0, 1, 2, 3
def rolls() -> Dice:
    return Dice(*([3] * 40))  # the white and blue dice rolled at a year end


def kingdom_facts(seats: int = 2, halls: tuple[str, ...] = ("TH1", "TH2", "TH3", "TH4", "TH_cocoa")) -> list[dict[str, Any]]:
    """An expansion setup with known orders (ids in data order), town halls dealt in `halls` order."""
    base = setup_facts(seats, expansion=True)
    head = [f for f in base if f["t"] not in ("ColoniesDealt", "YearStarted", "TurnStarted")]
    out: list[dict[str, Any]] = []
    scholars = [s for s in kingdoms.scholar_pool({"expansion": True})]
    for f in head:
        if f["t"] == "ShipDeckShuffled":
            out += [f, {"t": "SpecialShipsShuffled", "order": list(C.special_ships)},
                    {"t": "DockRefilled", "dock": "special", "tile": C.special_ships[0]}]
            continue
        if f["t"] == "ScholarsShuffled":
            f = {**f, "order": scholars}
        if f["t"] == "ScholarsRevealed":
            f = {**f, "scholars": scholars[:4]}
        if f["t"] == "BishopsShuffled":
            f = {**f, "order": list(kingdoms.bishop_pool({"expansion": True}))}
        if f["t"] == "TileStacksShuffled":
            f = {**f, "special": list(C.specials)}
        if f["t"] == "DisplayDealt":
            f = {**f, "special": list(C.specials[:2])}
        out.append(f)
    out += [{"t": "CocoaTokensGiven", "seat": s, "tokens": 1, "full": 1} for s in range(seats)]
    out += [{"t": "TownHallsShuffled", "order": list(halls), "dealt": seats},
            {"t": "ColoniesDealt", "boards": [C.town_hall_board[h] for h in halls[:seats]], "by": "town_halls"}]
    out += [kingdoms.cocoa_colony_token(s) for s, h in enumerate(halls[:seats]) if h == C.cocoa_town_hall]
    return out + [{"t": "YearStarted", "year": 1}, {"t": "TurnStarted", "seat": 0}]


def kstart(seats: int = 2, halls: tuple[str, ...] = ("TH1", "TH2", "TH3", "TH4", "TH_cocoa"), **kw: Any) -> State:
    return replace(fold(sm, None, kingdom_facts(seats, halls)), **kw)


def holding(state: State, seat: int, scholar: str) -> State:
    """`seat` has a monk under `scholar` (on scholar_1)."""
    places = list(state.monk_places)
    places[state.places.index("scholar_1")] = (seat,)
    return replace(state, scholars=(scholar, *state.scholars[1:]), monk_places=tuple(places))


def ship_pending(state: State, seat: int) -> State:
    return replace(state, pending=Pending(seat=seat, kind="ship"))


def docks(*counts: int) -> tuple[tuple[str, ...], ...]:
    ships = iter(C.regular_ships[::-1])
    return tuple(tuple(next(ships) for _ in range(n)) for n in counts)


# -- setup (§8.1 setup 1-7) -------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_sm_ex_46_expansion_display(seed: int) -> None:
    facts = sm.setup({"expansion": True}, 4, Rng(f"ex46-{seed}", "setup"))
    state = fold(sm, None, facts)
    kinds = [C.tiles[t].kind for t in state.display]
    assert (kinds.count("double"), kinds.count("triple"), kinds.count("special"), len(kinds)) == (5, 5, 2, 12)
    assert len(state.scholars) == 4 and "SCH_NAVIGATION" not in state.scholars
    shuffled = next(f for f in facts if f["t"] == "ScholarsShuffled")["order"]
    assert len(shuffled) == 12 and "SCH_NAVIGATION" not in shuffled  # without module A (§1.9 step 0)
    assert len(next(f for f in facts if f["t"] == "BishopsShuffled")["order"]) == 9
    assert state.special_dock in C.special_ships and len(state.special_ships or ()) == 9
    assert len(state.special_stack or ()) == 4
    cocoa = [(p.cocoa_tokens, p.cocoa) for p in state.players]
    for p, tokens in zip(state.players, cocoa, strict=True):
        assert tokens == ((2, 1) if p.board == C.cocoa_board else (1, 1))
    assert all(p.board in C.grids for p in state.players) and len({p.board for p in state.players}) == 4
    assert state.places == C.kingdom_places and len(state.monk_places) == 11


def test_sm_ex_75_cocoa_colony_tokens() -> None:
    state = kstart(4, halls=("TH1", "TH_cocoa", "TH3", "TH4", "TH2"))
    assert state.players[P2].board == "colony_cocoa"
    assert (state.players[P2].cocoa_tokens, state.players[P2].cocoa) == (2, 1)
    assert all((state.players[s].cocoa_tokens, state.players[s].cocoa) == (1, 1) for s in (P1, P3, P4))
    assert "TH2" in state.boxed and "TH_cocoa" not in state.boxed  # the undealt town hall stays unseen
    state = replace(state, current=P2)
    state, facts = act(state, P2, {"type": "activate_building", "cell": [2, 3]})
    assert state.players[P2].coins == 3 and state.players[P2].cocoa == 2
    assert "CocoaGained" in names(facts)
    state = replace(state, current=P2)
    state, facts = act(state, P2, {"type": "activate_building", "cell": [4, 4]})
    assert state.players[P2].coins == 1 and state.players[P2].cocoa == 2
    assert "CocoaLost" in names(facts) and "OverflowConverted" not in names(facts)


def test_the_cocoa_colony_of_the_advanced_setup_brings_the_second_token() -> None:
    facts = sm.setup({"expansion": True, "advanced_setup": True}, 3, Rng("advanced", "setup"))
    state = fold(sm, None, facts)
    sets = next(f for f in facts if f["t"] == "TownHallSetsDealt")["sets"]
    assert [s[0] for s in sets] == ["S1", "S2", "S3", "S4", "S5"] and sets[4][1] == "TH_cocoa"  # §8.1 setup 7
    assert len({s[2] for s in sets} | set(state.scholars)) == 9  # 4 on the board and 5 personal ones
    seat = state.draft[0]
    state, facts = act(state, seat, {"type": "choose_set", "set": "S5"})
    assert names(facts) == ["SetChosen", "CocoaTokensGiven"]
    assert (state.players[seat].cocoa_tokens, state.players[seat].cocoa) == (2, 1)  # §11 A-37
    assert state.players[seat].board == "side_B"


def test_setup_shuffles_are_redacted_and_undealt_town_halls_never_shown() -> None:
    facts = sm.setup({"expansion": True}, 2, Rng("redact", "setup"))
    state = fold(sm, None, facts)
    for f in facts:
        for viewer in (None, 0, 1):
            shown = sm.redact(f, viewer)
            if f["t"] in ("SpecialShipsShuffled", "TownHallsShuffled", "ScholarsShuffled", "BishopsShuffled"):
                assert shown["order"] == len(f["order"])
            if f["t"] == "TileStacksShuffled":
                assert shown["special"] == 6
    undealt = set(next(f for f in facts if f["t"] == "TownHallsShuffled")["order"][2:])
    assert undealt <= set(state.boxed) and len(undealt) == 3
    view = sm.view(state, 0)
    assert view["special_dock"] == state.special_dock and view["stacks"]["special"] == 4 and view["special_ships"] == 9
    assert not undealt & set(str(view).split("'"))
    assert set(sm.view(state, ALL)["hidden"]["special_ships"]) == set(state.special_ships or ())
    assert sm.reveals(next(f for f in facts if f["t"] == "DockRefilled" and f["dock"] == "special"))
    assert sm.reveals(next(f for f in facts if f["t"] == "ColoniesDealt"))
    assert not sm.reveals(next(f for f in facts if f["t"] == "TownHallsShuffled"))


# -- special sea trade (§8.1, §3.4, A-32) ----------------------------------------------------------


def test_sm_ex_29_special_sea_trade_dock_choice() -> None:
    state = ship_pending(with_player(kstart(special_dock="SS06"), P1, coins=3, docks=docks(1, 2, 2, 1)), P1)
    reject(state, P1, {"type": "ship", "source": "special", "pay": {"coins": 3}, "dock": "religion"}, "ship.dock_not_allowed")
    after, facts = act(state, P1, {"type": "ship", "source": "special", "pay": {"coins": 3}, "dock": "vp"})
    p = after.players[P1]
    assert p.coins == 0 and len(p.docks[C.docks.index("vp")]) == 2 and p.docks[3][-1] == "SS06"
    assert after.special_dock == C.special_ships[1]  # refilled from the special stack
    assert {"t": "DockRefilled", "dock": "special", "tile": C.special_ships[1]} in facts
    even = ship_pending(with_player(kstart(special_dock="SS06"), P1, coins=3, docks=docks(1, 1, 1, 1)), P1)
    for dock in C.docks:
        assert {"type": "ship", "source": "special", "pay": {"coins": 3}, "dock": dock} in sm.legal_actions(even, P1)


def test_sm_ex_74_special_ship_with_tied_maxima() -> None:
    state = ship_pending(with_player(kstart(special_dock="SS06"), P1, coins=3, docks=docks(2, 2, 1, 0)), P1)
    reject(state, P1, {"type": "ship", "source": "special", "pay": {"coins": 3}, "dock": "coins"}, "ship.dock_not_allowed")
    reject(state, P1, {"type": "ship", "source": "special", "pay": {"coins": 3}, "dock": "religion"}, "ship.dock_not_allowed")
    reject(state, P1, {"type": "ship", "source": "coins", "pay": {"coins": 3}, "dock": "vp"}, "ship.dock_not_allowed")
    assert {"type": "ship", "source": "special", "pay": {"coins": 3}, "dock": "vp"} in sm.legal_actions(state, P1)
    after, facts = act(state, P1, {"type": "ship", "source": "special", "pay": {"coins": 3}, "dock": "conquistador"})
    assert after.players[P1].coins == 0 and len(after.players[P1].docks[2]) == 2
    assert [f for f in facts if f["t"] == "DockRefilled"] == [{"t": "DockRefilled", "dock": "special", "tile": C.special_ships[1]}]
    assert next(f for f in facts if f["t"] == "ShipTaken")["from"] == "special"


def test_a_special_ship_paid_with_cocoa_or_gold_and_the_stack_running_out() -> None:
    state = ship_pending(with_player(kstart(special_dock="SS01", special_ships=()), P1, coins=0, docks=docks(0, 0, 0, 0)), P1)
    state = edit(state, P1, wood=1, gold=1)
    legal = [a for a in sm.legal_actions(state, P1) if a["type"] == "ship" and a["source"] == "special"]
    pays = {tuple(sorted(a["pay"].items())) for a in legal}
    assert pays == {(("cocoa", 1), ("wood", 1)), (("cocoa", 1), ("gold", 1)), (("gold", 1), ("wood", 1))}
    after, facts = act(state, P1, {"type": "ship", "source": "special", "pay": {"cocoa": 1, "wood": 1}, "dock": "coins"})
    assert after.players[P1].cocoa == 0 and goods(after, P1) == {"gold": 1}
    assert after.special_dock is None  # the special stack is empty: the dock stays empty
    assert {"t": "DockRefilled", "dock": "special", "tile": None} in facts


def test_a_board_dock_ship_names_no_dock_and_a_base_game_knows_no_special_dock() -> None:
    base = start()
    assert base.expansion is None
    state = ship_pending(edit(base, P1, wood=1, grain=1), P1)
    with pytest.raises(IllegalAction) as err:
        sm.decide(state, P1, {"type": "ship", "source": "special", "pay": {"coins": 3}, "dock": "vp"}, Dice())
    assert err.value.code == "action.malformed"


# -- special development tiles (§8.1, §2.4, A-35) --------------------------------------------------


def test_sm_ex_32_buying_a_special_development_tile() -> None:
    state = edit(kstart(display=("D01", "SD3")), P1, coins=4, wood=0)
    state, facts = play(state, P1, {"type": "expand", "tile": "SD3"}, {"type": "place_tile", "anchor": [1, 2], "rotation": 0})
    assert state.players[P1].coins == 0 and "expand_pay" not in str(facts)  # paid automatically
    assert (at(state, P1, 1, 2), at(state, P1, 1, 3), at(state, P1, 1, 4)) == ("prod_cocoa", "conquistador", "prod_grain")
    assert "SD3" not in state.display
    poor = edit(kstart(display=("D01", "SD3")), P1, coins=3, wood=2, gold=1)
    reject(poor, P1, {"type": "expand", "tile": "SD3"}, "expand.cannot_pay")  # nothing replaces coins


def test_architecture_does_not_cheapen_a_special_tile() -> None:
    state = edit(holding(kstart(display=("SD1",)), P1, "SCH_ARCHITECTURE"), P1, coins=3, wood=2)
    reject(state, P1, {"type": "expand", "tile": "SD1"}, "expand.cannot_pay")


def _end_year(state: State) -> tuple[State, list[dict[str, Any]]]:
    """Everybody else has passed; seat 0 passes on space 1 and the year ends."""
    state = replace(state, pass_order=tuple(range(1, state.seats)),
                    players=tuple(p if s == 0 else replace(p, pass_space=s + 1) for s, p in enumerate(state.players)))
    return play(state, P1, {"type": "pass", "space": 1}, rng=rolls())


def test_sm_ex_73_special_development_tiles_at_year_end() -> None:
    """The rulebook reveals 3 new special tiles at the end of years 1 and 2 ("выложите 3 новых из
    стопки"); the page (A-35) says 2. The rulebook wins: 3, then the 1 that remains."""
    state = kstart(display=("D01", "SD2"), special_stack=("SD3", "SD4", "SD5", "SD6"), stacks=(C.doubles[5:], C.triples[5:]))
    state, facts = _end_year(state)
    dealt = next(f for f in facts if f["t"] == "DisplayDealt")
    assert "SD2" in dealt["removed"] and dealt["special"] == ["SD3", "SD4", "SD5"]
    assert "SD2" in state.removed_tiles and state.special_stack == ("SD6",)
    assert [C.tiles[t].kind for t in state.display].count("special") == 3 and state.year == 2
    state, facts = _end_year(state)
    dealt = next(f for f in facts if f["t"] == "DisplayDealt")
    assert dealt["special"] == ["SD6"] and state.special_stack == () and {"SD3", "SD4", "SD5"} <= set(dealt["removed"])


# -- cocoa (§8.1, §2.6) ----------------------------------------------------------------------------


def test_sm_ex_30_cocoa_changes_a_die() -> None:
    state = edit(kstart(), P1, blue=[("b1", 2)], coins=0)
    state, facts = act(state, P1, use("blue", "b1", 6, "row", "cocoa"))
    assert state.players[P1].cocoa == 0 and state.players[P1].blue[0].face == 6
    assert names(facts)[:3] == ["DieTaken", "CocoaPaid", "DieValueChanged"]
    assert {"t": "BuildingActivated", "seat": P1, "cell": [6, 6], "by": "die"} in facts and on(state, P1, 6, 6) == "b1"
    gold = edit(kstart(), P1, blue=[("b1", 2)], coins=0, gold=1, cocoa=0)
    reject(gold, P1, use("blue", "b1", 6, "row", "cocoa"), "die.cannot_pay")
    gold, facts = act(gold, P1, use("blue", "b1", 6, "row", "gold"))
    assert goods(gold, P1) == {} and gold.players[P1].blue[0].face == 6
    assert {"t": "GoodsPaid", "seat": P1, "goods": {"gold": 1}, "for": "die"} in facts


def test_cocoa_changes_only_a_value_and_is_no_good_to_sell() -> None:
    state = edit(kstart(), P1, blue=[("b1", 2)])
    reject(state, P1, use("blue", "b1", 2, "row", "cocoa"), "die.bad_adjust")  # value = face: adjust none
    reject(state, P1, {"type": "sell", "good": "cocoa"}, "sell.not_sellable")
    base = edit(start(), P1, blue=[("b1", 2)])
    with pytest.raises(IllegalAction) as err:  # without the expansion "cocoa" is no adjustment at all
        sm.decide(base, P1, use("blue", "b1", 6, "row", "cocoa"), Dice())
    assert err.value.code == "action.malformed"


def test_sm_ex_31_cocoa_storage_full() -> None:
    """With 0 coins the prod_cocoa building is activated by a die (a coin activation would cost 1)."""
    state = edit(kstart(), P1, coins=0, cells={(1, 2): "prod_cocoa"})
    state, facts = act(state, P1, use("white", 2, 2, "column"))
    assert state.players[P1].cocoa == 1 and state.players[P1].coins == 0
    assert {"t": "CocoaLost", "seat": P1, "cocoa": 1, "source": "building:1,2"} in facts
    assert not {"CocoaGained", "CoinsGained", "OverflowConverted"} & set(names(facts))


def test_the_cocoa_mission_fills_a_token_and_brings_wood_and_grain() -> None:
    state = replace(edit(kstart(), P1, coins=0, cocoa=0), pending=Pending(seat=P1, kind="place_monk"))
    assert {"type": "place_monk", "place": "mission_4"} not in sm.legal_actions(state, P1)
    reject(state, P1, {"type": "place_monk", "place": "mission_4"}, "monk.bad_place")
    state, facts = act(state, P1, {"type": "place_monk", "place": "mission_cocoa"})
    assert state.players[P1].cocoa == 1 and goods(state, P1) == {"wood": 3, "grain": 1}
    assert "CocoaGained" in names(facts)


# -- Archery (§1.6, §2.6) --------------------------------------------------------------------------


def test_sm_ex_49_archery_diagonal() -> None:
    state = edit(holding(kstart(), P1, "SCH_ARCHERY"), P1, coins=1, vp=0)
    reject(state, P1, use("white", 3, 3, "diagonal"), "die.bad_line")
    state, facts = play(state, P1, use("white", 1, 1, "diagonal"), {"type": "ship", "source": None})
    assert {"t": "CoinsPaid", "seat": P1, "coins": 1, "for": "diagonal"} in facts
    activated = [f["cell"] for f in facts if f["t"] == "BuildingActivated"]
    assert activated == [[1, 1], [6, 6]]
    assert state.players[P1].coins == 1 and state.players[P1].vp == 1 and on(state, P1, 6, 6) == "w1"


def test_archery_runs_a_blue_six_left_to_right_and_needs_the_coin() -> None:
    state = edit(holding(kstart(), P1, "SCH_ARCHERY"), P1, coins=1, blue=[("b1", 6)],
                 cells={(6, 1): "prod_wood", (1, 6): "prod_grain"})
    state, facts = act(state, P1, use("blue", "b1", 6, "diagonal"))
    assert [f["cell"] for f in facts if f["t"] == "BuildingActivated"] == [[6, 1], [1, 6]] and on(state, P1, 1, 6) == "b1"
    poor = edit(holding(kstart(), P1, "SCH_ARCHERY"), P1, coins=0)
    reject(poor, P1, use("white", 1, 1, "diagonal"), "die.cannot_pay")
    reject(edit(kstart(), P1, coins=1), P1, use("white", 1, 1, "diagonal"), "die.bad_line")  # no Archery


# -- Meditation (§1.6, §4, A-31) -------------------------------------------------------------------


def test_sm_ex_47_meditation_on_an_occupied_pass_space() -> None:
    state = holding(kstart(), P1, "SCH_MEDITATION")
    state = replace(with_player(state, P2, pass_space=1), pass_order=(P2,))
    coins = state.players[P1].coins
    assert {"type": "pass", "space": 1} in sm.legal_actions(state, P1)
    state, facts = act(state, P1, {"type": "pass", "space": 1}, rng=rolls())
    assert next(f for f in facts if f["t"] == "Passed")["order"] == 1
    assert {"t": "CoinsGained", "seat": P1, "coins": 2, "source": "pass"} in facts
    assert state.players[P1].coins == coins + 2
    assert {"t": "FirstPlayerSet", "seat": P2} in facts  # P2 arrived first on space 1
    other = replace(with_player(kstart(), P2, pass_space=1), pass_order=(P2,))
    reject(other, P1, {"type": "pass", "space": 1}, "pass.space_taken")


@pytest.mark.parametrize("occupied", [True, False])
def test_sm_ex_76_meditation_on_space_5(occupied: bool) -> None:
    state = holding(kstart(3, road_stack=2), P1, "SCH_MEDITATION")
    state = with_player(with_player(state, P2, pass_space=1), P3, pass_space=5 if occupied else 3)
    state = replace(state, pass_order=(P2, P3))
    state, facts = play(state, P1, {"type": "pass", "space": 5}, {"type": "road_tile", "cell": [5, 5]})
    assert next(f for f in facts if f["t"] == "Passed")["order"] == 2
    assert at(state, P1, 5, 5) == "road2" and state.road_stack == 1
    assert state.pending is not None and state.pending.kind == "meditation_extra"
    reject(state, P1, {"type": "meditation_extra", "space": 1}, "meditation.bad_space")
    free = [2, 3, 4] if occupied else [2, 4]
    assert [a["space"] for a in sm.legal_actions(state, P1) if a["type"] == "meditation_extra"] == [None, *free]
    state, facts = act(state, P1, {"type": "meditation_extra", "space": 2})
    assert {"t": "ReligionAdvanced", "seat": P1, "from": 0, "to": 1, "paid": None} in facts
    assert state.players[P1].pass_space == 5 and not any(p.pass_space == 2 for p in state.players)
    assert state.pass_order == (P2, P3, P1)
    state, facts = act(state, P1, {"type": "religion_extra", "pay": None}, rng=rolls())
    assert "YearStarted" in names(facts) and state.players[P1].religion == 1


# -- bishops (§1.7, §6, §8.1, A-40, A-41) ----------------------------------------------------------


def test_sm_ex_48_bishop_conquest() -> None:
    state = kstart(3, year=3, bishops=("BSH_CONQUEST", "BSH_ESTATES", "BSH_JEWELS"))
    places = list(state.monk_places)
    places[state.places.index("bishop_1")] = (P1,)
    state = replace(state, monk_places=tuple(places), stamp=3)
    for seat, pos in ((P1, 8), (P2, 5), (P3, 1)):
        state = with_player(state, seat, conquistador=pos, conquistador_stamp=seat + 1, vp=0, coins=0, goods=(0,) * 5)
    state, facts = _end_year(state)
    scored = next(f for f in facts if f["t"] == "ConquistadorScored")
    assert scored["awards"] == [[P1, 10], [P2, 5], [P3, 0]]
    assert [f for f in facts if f["t"] == "BishopConquestScored"] == [{"t": "BishopConquestScored", "seat": P1, "vp": 10}]
    bishops = {f["seat"]: f["vp"] for f in facts if f["t"] == "FinalScored" and f["category"] == "bishops"}
    assert bishops[P1] == 0  # received at the year-3 scoring, not again at the end
    assert sm.redact(next(f for f in facts if f["t"] == "BishopConquestScored"), P2)["vp"] is None
    assert state.players[P1].conquest_vp == 10 and state.players[P1].vp >= 20


def test_sm_ex_18_monks_at_game_end_with_the_expansion() -> None:
    state = kstart(2, bishops=("BSH_BUILDERS", "BSH_SETTLERS", "BSH_FLOCK"))
    state = holding(replace(state, scholars=("SCH_DIPLOMACY", *state.scholars[1:])), P1, "SCH_DIPLOMACY")
    places = list(state.monk_places)
    places[state.places.index("bishop_1")] = (P1,)
    places[state.places.index("bishop_2")] = (P1,)
    state = replace(state, monk_places=tuple(places))
    tiles = (("D02", 1, 2, 0), ("D03", 2, 2, 0), ("D15", 3, 3, 0))
    state = edit(with_player(state, P1, tiles=tiles), P1, cells={(1, 2): "prod_wood", (1, 3): "road1", (2, 2): "prod_grain",
                                                                 (2, 3): "road1", (3, 3): "road1", (3, 4): "road2"})
    parts = scoring.final_breakdown(state, P1)
    assert (parts["scholars"], parts["bishop_penalty"], parts["bishops"]) == (3, 0, 6 + 5)
    assert parts["scholars"] + parts["bishop_penalty"] + parts["bishops"] == 14  # base game: +10


def test_estates_counts_special_tiles_and_jewels_counts_gems_on_ships() -> None:
    state = kstart(2, bishops=("BSH_ESTATES", "BSH_JEWELS", "BSH_FLOCK"))
    state = with_player(state, P1, tiles=(("T01", 1, 2, 0), ("SD1", 3, 2, 0), ("D01", 5, 1, 0)),
                        docks=(("ST26",), ("SS04",), (), ("ST01",)))
    assert scoring.bishop_vp(state, P1, "BSH_ESTATES") == 4  # a triple and a special tile
    assert scoring.bishop_vp(state, P1, "BSH_JEWELS") == 2 * (2 + 1)


# -- options (SM-EX-90, A-76) ----------------------------------------------------------------------


REFUSED = [({"expansion": True, "modules": ["D"]}, 5), ({"expansion": False, "modules": ["A"]}, 3),
           ({"shared_blue_dice": True, "expansion": True, "modules": ["C"]}, 3)]
ACCEPTED = [({"expansion": True, "modules": ["C", "D"]}, 5), ({"expansion": True, "modules": ["D"]}, 1),
            ({"expansion": True}, 1), ({"expansion": True, "advanced_setup": True}, 4)]


@pytest.mark.parametrize(("options", "seats"), REFUSED)
def test_sm_ex_90_expansion_option_sets_refused(options: dict[str, Any], seats: int) -> None:
    with pytest.raises(InvalidOptions):
        sm.check_options(options, seats)


@pytest.mark.parametrize(("options", "seats"), ACCEPTED)
def test_sm_ex_90_expansion_option_sets_accepted(options: dict[str, Any], seats: int) -> None:
    """Accepted by the page; a module this server does not play yet is refused with its own code."""
    if all(PLAYABLE[m] for m in options.get("modules", [])):
        opts = sm.check_options(options, seats)
        assert opts["expansion"] is True
        return
    with pytest.raises(InvalidOptions) as err:
        sm.check_options(options, seats)
    # module D's fifth seat is counted with the seats until the Maya city is playable
    assert err.value.code in ("options.module_unavailable", "options.player_count")


def test_the_expansion_core_is_playable() -> None:
    assert PLAYABLE["expansion"] is True


def test_conquest_counts_as_bishop_vp_for_theocracy() -> None:
    """Solo: the Conquest award received at the year-3 scoring is bishop-requirement VP (A-41)."""
    state = with_player(kstart(1), P1, conquest_vp=6)
    parts = {"colonists": 0, "bishops": 24}
    assert "theocracy" in scoring.achievements(state, parts, 60)
    assert "theocracy" not in scoring.achievements(with_player(state, P1, conquest_vp=None), parts, 60)


def test_special_ships_score_their_vp_and_complete_dock_sets() -> None:
    state = with_player(kstart(2), P1, docks=(("ST01",), ("SS04",), ("ST02",), ("SS09",)))
    parts = scoring.final_breakdown(state, P1)
    assert parts["dock_sets"] == C.dock_set_vp and parts["ships"] == 1 + 2 + 1 + 2


def test_meditation_extra_is_only_an_answer_to_its_decision() -> None:
    state = holding(kstart(), P1, "SCH_MEDITATION")
    reject(state, P1, {"type": "meditation_extra", "space": 2}, "turn.no_decision_pending")
    with pytest.raises(IllegalAction) as err:
        sm.decide(ship_pending(state, P1), P1, {"type": "meditation_extra", "space": 7}, Dice())
    assert err.value.code == "action.malformed"
    reject(ship_pending(state, P1), P1, {"type": "meditation_extra", "space": 2}, "turn.wrong_decision")


def test_an_empty_special_dock_offers_nothing() -> None:
    state = ship_pending(with_player(kstart(special_dock=None, special_ships=()), P1, coins=6, docks=docks(0, 0, 0, 0)), P1)
    reject(state, P1, {"type": "ship", "source": "special", "pay": {"coins": 3}, "dock": "vp"}, "ship.no_tile")
    assert all(a.get("source") != "special" for a in sm.legal_actions(state, P1))


def test_navigation_joins_the_scholars_only_with_the_governor() -> None:
    assert "SCH_NAVIGATION" not in kingdoms.scholar_pool({"expansion": True, "modules": []})
    assert "SCH_NAVIGATION" in kingdoms.scholar_pool({"expansion": True, "modules": ["A"]})  # §1.6, §1.9 step 0
    assert kingdoms.scholar_pool({}) == C.scholars and kingdoms.bishop_pool({}) == C.bishops


def test_with_the_maya_city_the_cocoa_colony_stays_in_the_box() -> None:
    assert C.cocoa_town_hall not in kingdoms.town_hall_pool({"expansion": True, "modules": ["D"]})
    assert [s for s, _ in kingdoms.sets_in_play({"expansion": True, "modules": ["C", "D"]})] == ["S1", "S2", "S3", "S4"]
