"""Final scoring (rules page §6), the tie-break, and the solo achievements (§7.3)."""

from __future__ import annotations

from domain.core import Fact, Outcome, SeatResult, rank
from domain.core.facts import Tx

from . import governor, kingdoms
from .colony import colonists_total, developed_lines, line_cells
from .components import C
from .maya import setup as maya
from .state import Phase, Player, State, evolves, index, put, replace, with_player

CATEGORIES = ("coins", "colonists", "scholars", "bishop_penalty", "bishops", "dock_sets", "ships", "endgame_cells")


def colonist_vp(player: Player) -> int:
    """1 VP per colonist in every fully developed row and column; twice in both (§6 step 2)."""
    return sum(C.colonists(player.grid[index(r, c)]) for kind, v in developed_lines(player) for r, c in line_cells(kind, v))


def bishop_count(state: State, seat: int, per: str) -> int:
    p = state.players[seat]
    if per == "double_tile_in_colony":
        return sum(1 for t in p.tiles if C.tiles[t[0]].kind == "double")
    if per == "fully_developed_line":
        return len(developed_lines(p))
    if per == "own_monk_on_main_board":
        return sum(1 for place in state.monk_places if seat in place)
    if per == "sugar_symbol_on_own_ships":
        return sum(C.ship_cost[t].get("sugar", 0) for dock in p.docks for t in dock)
    if per == "religion_space_beyond_2":
        return max(0, p.religion - 2)
    if per == "three_cell_tile_in_colony":  # regular triples and special 3x1 tiles (§11 A-40)
        return sum(1 for t in p.tiles if C.tiles[t[0]].kind in ("triple", "special"))
    if per == "gem_symbol_on_own_ships":
        return sum(C.ship_cost[t].get("gem", 0) for dock in p.docks for t in dock)
    return colonists_total(p)


def bishop_vp(state: State, seat: int, bishop: str) -> int:
    rule = C.bishop_rule[bishop]
    if "special" in rule:  # Conquest scores at the year-3 conquistador scoring (§11 A-41)
        return 0
    return min(rule["max"], rule["vp_each"] * bishop_count(state, seat, rule["per"]))


def endgame_cells(player: Player) -> int:
    """Purple-framed VP of the colony's cells, once each (§6 step 8, A-69): printed and placed."""
    printed = sum(C.board_endgame.get(player.board, ()))
    return printed + sum(sum(C.tiles[t[0]].endgame_vp) for t in player.tiles)


def dock_sets(player: Player) -> int:
    return min(len(d) for d in player.docks)


def final_breakdown(state: State, seat: int) -> dict[str, int]:
    """VP of each final category (§6 steps 1-5), from the state before the goods are sold."""
    p = state.players[seat]
    coins = p.coins + sum(n * C.sale_price[g] for g, n in zip(C.resources, p.goods, strict=True))
    scholars = sum(C.scholar_vp[t] for i, t in enumerate(state.scholars) if seat in state.monk_places[i])
    offset = state.places.index("bishop_1")
    mine = [b for i, b in enumerate(state.bishops) if seat in state.monk_places[offset + i]]
    return {
        "coins": coins // C.coins_per_vp,
        "colonists": colonist_vp(p),
        "scholars": scholars,
        "bishop_penalty": kingdoms.bishop_penalty(state) * len(mine),
        "bishops": sum(bishop_vp(state, seat, b) for b in mine),
        "dock_sets": C.dock_set_vp * dock_sets(p),
        "ships": sum(C.ship_vp[t] for d in p.docks for t in d),
        **governor.final_vp(state, seat),  # §6 step 6 (module A)
        "endgame_cells": endgame_cells(p),
    }


def kozlocracy(player: Player, rule: str) -> bool:
    """A fully developed row or column built of one building type (§7.3, §11 A-50)."""
    for kind, v in developed_lines(player):
        cells = [index(r, c) for r, c in line_cells(kind, v)]
        types = {player.types[i] for i in cells if C.is_building(player.grid[i])}
        roads = any(not C.is_building(player.grid[i]) for i in cells)
        if len(types) == 1 and (rule == "roads_ignored" or not roads):
            return True
    return False


def achievements(state: State, parts: dict[str, int], total: int) -> list[str]:
    p = state.players[0]
    a = C.achievements
    reached = []
    if parts["colonists"] >= a["communism"]:
        reached.append("communism")
    if dock_sets(p) >= a["capitalism"]:
        reached.append("capitalism")
    if parts["bishops"] + (p.conquest_vp or 0) >= a["theocracy"]:  # Conquest counts as bishop VP
        reached.append("theocracy")
    if kozlocracy(p, state.kozlocracy_rule):
        reached.append("kozlocracy")
    if total >= a["democracy"]:
        reached.append("democracy")
    if total >= a["utopia"]:
        reached.append("utopia")
    return reached


def final_scoring(tx: Tx) -> None:
    """§6: every seat sells its goods and scores each category; then the game ends."""
    for seat in range(tx.state.seats):
        if maya.final_sale(tx, seat):  # module D: the Maya's own final sale (§8.6.7)
            continue
        parts = final_breakdown(tx.state, seat)
        p = tx.state.players[seat]
        sold = {g: n for g, n in zip(C.resources, p.goods, strict=True) if n}
        tx.emit({"t": "FinalGoodsSold", "seat": seat, "goods": sold,
                 "coins": sum(n * C.sale_price[g] for g, n in sold.items())})
        for category, vp in parts.items():
            tx.emit({"t": "FinalScored", "seat": seat, "category": category, "vp": vp})
    state = tx.state
    if state.seats == 1 and state.maya is None:  # the solo Maya has no colony achievements
        total = state.players[0].vp
        reached = achievements(state, dict(state.scored[0]), total)
        tx.emit({"t": "AchievementsReached", "seat": 0, "achievements": reached, "total": total,
                 "won": total >= C.win_threshold})
    tx.emit({"t": "GameEnded", "scores": [p.vp for p in state.players], "ranking": ranking(state)})


def sort_key(state: State, seat: int) -> tuple[int, int, int]:
    """Higher VP; then the higher pass space (closer to "1st"), earlier arrival (§6, §11 A-12)."""
    p = state.players[seat]
    arrival = state.pass_order.index(seat) if seat in state.pass_order else state.seats
    return (p.vp, -p.pass_space, -arrival)


def ranking(state: State) -> list[int]:
    return sorted(range(state.seats), key=lambda s: sort_key(state, s), reverse=True)


@evolves("FinalGoodsSold")
def _final_goods_sold(state: State, fact: Fact) -> State:
    p = state.players[fact["seat"]]
    return with_player(state, fact["seat"], goods=(0,) * len(C.resources), coins=p.coins + fact["coins"])


@evolves("FinalScored")
def _final_scored(state: State, fact: Fact) -> State:
    seat = fact["seat"]
    scored = state.scored or ((),) * state.seats
    scored = put(scored, seat, (*scored[seat], (fact["category"], fact["vp"])))
    state = replace(state, scored=scored)
    return with_player(state, seat, vp=state.players[seat].vp + fact["vp"])


@evolves("AchievementsReached")
def _achievements(state: State, fact: Fact) -> State:
    return replace(state, achievements=tuple(fact["achievements"]))


@evolves("GameEnded")
def _game_ended(state: State, fact: Fact) -> State:
    return replace(state, phase=Phase.OVER, pending=None)


def outcome(state: State) -> Outcome | None:
    if state.phase is not Phase.OVER:
        return None
    keys = {s: sort_key(state, s) for s in range(state.seats)}
    ranks = rank(keys)
    results = []
    for s in range(state.seats):
        final = dict(state.scored[s]) if state.scored else {}
        breakdown = {"during_play": state.players[s].vp - sum(final.values()), **final}
        if state.seats == 1:
            breakdown.update({f"achievement_{a}": 1 for a in state.achievements})
            breakdown["won"] = int(state.players[s].vp >= C.win_threshold)
        results.append(SeatResult(s, state.players[s].vp, ranks[s], breakdown, keys[s][1:]))
    return Outcome(tuple(results), "three_years_played")
