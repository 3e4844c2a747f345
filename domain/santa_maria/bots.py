"""Bots: `random` (any legal action) and `greedy` (a rule of thumb, no look-ahead).

The greedy bot values everything in coins (a victory point is worth 3): a die or a coin
activation is worth the effects of the free buildings it activates, less what it costs; it
passes when nothing is worth more than the best pass space; at decisions it takes what pays.
"""

from __future__ import annotations

import functools
from typing import Any

from domain.core import Action, RandomSource, choice, search

from . import ambassadors, governor, kingdoms, specialists
from .colony import free_buildings
from .components import C
from .goods import held_payments, payments
from .maya.bots import maya_bot
from .rules import legal_actions
from .scoring import final_breakdown
from .state import Player, State, index, is_maya, put, replace

VP = 3.0
GOOD = {"wood": 1.5, "grain": 1.5, "sugar": 2.5, "gem": 2.5, "gold": 3.0, "coins": 1.0, "vp": VP, "cocoa": 2.0}
MONK_PLACES = ("mission_2", "scholar_1", "scholar_2", "scholar_3", "mission_3", "mission_1", "mission_4")


def random_bot(state: State, seat: int, rng: RandomSource) -> Action:
    if state.maya is not None and state.maya.seat == seat:  # module D: the Maya's player (maya/bots.py)
        return maya_bot(state, seat, rng, legal_actions(state, seat))
    return choice(rng, legal_actions(state, seat))


def _gain_value(p: Player, gain: dict[str, int]) -> float:
    total = 0.0
    for good, n in gain.items():
        if good in C.resources:
            room = max(0, C.storage - p.good(good))
            total += min(n, room) * GOOD[good] + (n - min(n, room)) * C.sale_price[good]
        else:
            total += n * GOOD[good]
    return total


def _can_ship(state: State, seat: int) -> bool:
    p = state.players[seat]
    return _payable_ship(state.board_docks, p.goods)


@functools.lru_cache(maxsize=1024)  # a pure function of plain data
def _payable_ship(docks: tuple[str | None, ...], goods: tuple[int, ...]) -> bool:
    have = dict(zip(C.resources, goods, strict=True))
    return any(t is not None and any(all(have[g] >= n for g, n in pay.items()) for pay in payments(C.ship_cost[t]))
               for t in docks)


def _effect_value(state: State, seat: int, effect: str) -> float:
    p = state.players[seat]
    data = C.effects[effect]
    late = state.year >= C.years
    if data["category"] == "production":
        return _gain_value(p, data["gain"])
    if data["category"] == "trade":
        best = 0.0
        for o in data["options"]:
            if held_payments(state, seat, o["pay"]):
                best = max(best, _gain_value(p, o["gain"]) - _gain_value(p, o["pay"]) + 0.5)
        return best
    if data["category"] == "sea_trade":
        return 5.0 if _can_ship(state, seat) and not late else (3.0 if _can_ship(state, seat) else 0.0)
    if data["category"] == "conquistador":
        return 0.5 if p.conquistador >= C.conquistador_end else 3.0
    return 3.0


def _line_value(state: State, seat: int, kind: str, value: int, p: Player | None = None) -> float:
    p = p or state.players[seat]
    return sum(_effect_value(state, seat, e) for r, c in free_buildings(p, kind, value)
               for e in C.effects_of(p.grid[index(r, c)]))


def _main_value(state: State, seat: int, a: Action, known: dict[tuple[Any, ...], Any] | None = None) -> float:
    """`known`: what this position's lines and specialists are worth, kept over the actions valued
    at one move (a die's line is worth the same whatever its face and adjustment)."""
    known = {} if known is None else known
    p = state.players[seat]
    kind = a["type"]
    if kind == "use_die" and a["die"]["kind"] == "ambassador":
        return _ambassador_value(state, seat, a, known)  # module C
    if kind == "use_die":
        face = a["die"].get("face")
        if face is None:
            face = next(b.face for b in p.blue if b.id == a["die"]["id"])
        cost = abs(a["value"] - face) if a["adjust"] in ("none", "coins") else GOOD[a["adjust"]] / 1.2  # cocoa or gold (§8.1)
        cost += 1 if a["line"] == "diagonal" else 0
        scarce = 0.5 if a["die"]["kind"] == "white" else 0.0
        line = (kingdoms.colour(a["die"]), a["line"], a["value"])
        if line not in known:
            moved = governor.after_forced_move(state, seat, *line)
            known[line] = (_line_value(state, seat, kingdoms.line_kind(a["die"], a["line"]), a["value"], moved),
                           _governor_value(state, seat, moved))
        specialist = ("specialist", specialists.is_white(a["die"]), a["value"])
        if specialist not in known:
            known[specialist] = _specialist_value(state, seat, a)
        worth, governor_worth = known[line]
        return worth - cost * 1.2 - scarce + governor_worth + known[specialist]
    if kind == "activate_building":
        r, c = a["cell"]
        value = sum(_effect_value(state, seat, e) for e in C.effects_of(p.grid[index(r, c)]))
        return value - (p.coin_activations + 1) * 1.3
    if kind == "expand":
        return {1: 6.0, 2: 3.5}.get(state.year, 0.5) + (1.0 if C.tiles[a["tile"]].kind == "triple" else 0.0)
    return -99.0


def _governor_value(state: State, seat: int, moved: Player) -> float:
    """Module A: what the governor's move brings now (the cell it enters) and at the end (§8.2)."""
    before, after = governor.cell(state.players[seat]), governor.cell(moved)
    if before is None or after is None or before == after:
        return 0.0
    code = moved.grid[index(*after)]
    now = sum(_effect_value(state, seat, e) for e in C.effects_of(code)) + C.colonists(code) * VP
    rule = state.governor_sign_rule or "anti_diagonal"
    return now + (governor.score(rule, *after) - governor.score(rule, *before)) * VP * 0.5


def _specialist_value(state: State, seat: int, a: Action) -> float:
    """Module B: a white die's value brings the specialist beside it within reach."""
    row = state.specialist_row or ()
    if not specialists.is_white(a["die"]) or len(row) < a["value"] or row[a["value"] - 1] is None:
        return 0.0
    sid = row[a["value"] - 1]
    assert sid is not None
    return max(0.0, _hire_value(state, seat, specialists.SPECIALISTS[sid], None)[0])


def _hire_value(state: State, seat: int, spec: specialists.Specialist, cell: tuple[int, int] | None) -> tuple[float, Action]:
    """The best hire of `spec` and its worth in coins (less the price); a decline is worth 0."""
    p = state.players[seat]
    if spec.kind != "improvement":
        k = specialists.hired(p, spec.kind) + 1
        gain = k * 2.5 if spec.gives == "conquistador_steps" else _gain_value(p, {str(spec.gives): k})
        return gain - k, {"type": "hire", "accept": True}
    best: tuple[float, Action] = (0.0, {"type": "hire", "accept": False})
    worth = sum(_effect_value(state, seat, e) for e in spec.effects)
    for r in range(1, 7):
        for c in range(1, 7):
            if p.occupant[index(r, c)]:
                continue
            code = p.grid[index(r, c)]
            lost = sum(_effect_value(state, seat, e) for e in C.effects_of(code)) + C.colonists(code) * VP * 0.7
            price = specialists.ON_BUILT if code else specialists.ON_EMPTY
            uses = {1: 3.0, 2: 2.0}.get(state.year, 1.0)  # a building works again in the years left
            value = (worth - lost) * uses - price + _placement_score(p, [r, c]) * 0.2
            if value > best[0]:
                best = (value, {"type": "hire", "accept": True, "cell": [r, c]})
    return best


def _pass_value(state: State, seat: int, space: int) -> float:
    action = C.pass_spaces[space - 1]["action"]
    p = state.players[seat]
    first = 1.5 if space == min((s for s in range(1, 6) if all(q.pass_space != s for q in state.players)), default=0) else 0.0
    value = {"gain_coins": 2.0, "religion": 3.0, "conquistador": 3.0 if p.conquistador < C.conquistador_end else 0.0,
             "sea_trade": 5.0 if _can_ship(state, seat) else 0.0, "road_tile": 1.5 if state.year < C.years else 0.5}[action]
    return value + (first if state.year < C.years else 0.0)


def _placement(state: State, seat: int, legal: list[Action]) -> Action:
    """A tile where its buildings join the rows and columns that already hold most buildings."""
    p = state.players[seat]

    def crowd(a: Action) -> float:
        r, c = a["anchor"]
        return sum(1 for i in range(6) if p.grid[index(r, i + 1)]) + sum(1 for i in range(6) if p.grid[index(i + 1, c)])

    return max(legal, key=crowd)


def _decision(state: State, seat: int, legal: list[Action]) -> Action:
    kind = state.pending.kind if state.pending else ""
    p = state.players[seat]
    if kind == "place_tile":
        places = [a for a in legal if a["type"] == "place_tile"]
        return _placement(state, seat, places) if places else {"type": "expand_cancel"}
    if kind == "expand_pay":
        pays = [a for a in legal if a["type"] == "expand_pay"]
        return min(pays, key=lambda a: a["pay"].get("gold", 0))
    if kind == "trade":
        effect = state.pending.effect if state.pending else None
        trades = [a for a in legal if a["type"] == "trade" and a["option"] is not None]
        if effect and trades:
            best = max(trades, key=lambda a: _gain_value(p, C.effects[effect]["options"][a["option"]]["gain"])
                       - _gain_value(p, a["pay"]))
            opt = C.effects[effect]["options"][best["option"]]
            if _gain_value(p, opt["gain"]) > _gain_value(p, best["pay"]):
                return best
        return {"type": "trade", "option": None}
    if kind == "ship":
        ships = [a for a in legal if a["type"] == "ship" and a["source"] is not None]
        if ships:
            def worth(a: Action) -> float:
                tile = kingdoms.ship_tile(state, a["source"])
                assert tile is not None
                return C.ship_vp[tile] * VP + 3.0 - _gain_value(p, a["pay"])

            return max(ships, key=worth)
        return {"type": "ship", "source": None}
    if kind == "religion_extra":
        for pay in ("grain", "coins", "gold"):
            if {"type": "religion_extra", "pay": pay} in legal and (pay != "gold" or state.year == C.years):
                return {"type": "religion_extra", "pay": pay}
        return {"type": "religion_extra", "pay": None}
    if kind == "place_monk":
        for place in MONK_PLACES:
            if {"type": "place_monk", "place": place} in legal:
                return {"type": "place_monk", "place": place}
        return {"type": "place_monk", "place": None}
    if kind == "conquistador_extra":
        return {"type": "conquistador_extra", "pay": "coins" if p.coins >= 3 else None}
    if kind == "meditation_extra":  # the best free pass space (§1.6 Meditation)
        return max(legal, key=lambda a: -1.0 if a.get("space") is None else _pass_value(state, seat, a["space"]))
    if kind == "ambassador_line":
        return _ambassador_line(state, seat, legal)  # module C
    if kind == "road_tile":
        roads = [a for a in legal if a["type"] == "road_tile" and a["cell"] is not None]
        if not roads:
            return {"type": "road_tile", "cell": None}
        return max(roads, key=lambda a: _placement_score(p, a["cell"]))
    if kind == "hire":
        assert state.pending is not None and state.pending.tile is not None
        value, hire = _hire_value(state, seat, specialists.SPECIALISTS[state.pending.tile], None)
        return hire if value > 0 and hire in legal else {"type": "hire", "accept": False}
    if kind == "navigate":
        assert state.pending is not None and state.pending.cell is not None
        moved = replace(p, occupant=put(put(p.occupant, p.occupant.index("G"), ""), index(*state.pending.cell), "G"))
        onward: Action = {"type": "navigate", "pay": True}
        return onward if onward in legal and _governor_value(state, seat, moved) > 1.0 else {"type": "navigate", "pay": False}
    return next(a for a in legal if a["type"] not in ("sell", "buy"))


def _placement_score(p: Player, cell: list[int]) -> int:
    r, c = cell
    return sum(1 for i in range(6) if p.grid[index(r, i + 1)]) + sum(1 for i in range(6) if p.grid[index(i + 1, c)])


def greedy_bot(state: State, seat: int, rng: RandomSource, legal: list[Action] | None = None) -> Action:
    """`legal`: the seat's legal actions when the caller has them already (they are not asked again)."""
    if legal is None:
        legal = legal_actions(state, seat)
    if state.maya is not None and state.maya.seat == seat:  # module D: the Maya plays at random (maya/bots.py)
        return maya_bot(state, seat, rng, legal)
    if state.pending is not None or legal[0]["type"] in ("choose_colony", "choose_set", "place_town_hall"):
        if legal[0]["type"] == "place_town_hall":
            return _placement(state, seat, legal)
        if legal[0]["type"] in ("choose_colony", "choose_set"):
            return choice(rng, legal)
        return _decision(state, seat, legal)
    mains = [a for a in legal if a["type"] not in ("sell", "buy", "pass")]
    passes = [a for a in legal if a["type"] == "pass"]
    best_pass = max(passes, key=lambda a: _pass_value(state, seat, a["space"]))
    if mains:
        known: dict[tuple[Any, ...], Any] = {}
        best = max(mains, key=lambda a: _main_value(state, seat, a, known))
        if _main_value(state, seat, best, known) > _pass_value(state, seat, best_pass["space"]) * 0.6:
            return best
    return best_pass


# -- module C, the ambassadors (§8.4) ------------------------------------------------------------------


def _targets_value(state: State, seat: int, cells: list[tuple[int, int]]) -> float:
    p = state.players[seat]
    return sum(_effect_value(state, seat, e) for r, c in cells for e in C.effects_of(p.grid[index(r, c)]))


def _ambassador_value(state: State, seat: int, a: Action, known: dict[tuple[Any, ...], Any]) -> float:
    """An ambassador die is worth its line to the taker, less what it costs, less half of what
    the others gain from their passive lines on average (it never counts as a white die).
    `known`: the lines' worth at this move, by colour, value and line."""
    color, value, line = a["die"]["color"], a["value"], a["line"]
    face = ambassadors.face(state, a["die"]) or value
    if ("ambassador", color, value, line) not in known:
        own = _targets_value(state, seat, ambassadors.targets(state, seat, line, value, color))
        passive = ambassadors.passive_line(line, value, color)
        known["ambassador", color, value, line] = own, [
            _targets_value(state, s, ambassadors.targets(state, s, passive, value, color)) for s in range(state.seats) if s != seat]
    own, others = known["ambassador", color, value, line]
    cost = abs(value - face) if a["adjust"] in ("none", "coins") else 2.0  # cocoa or gold: about 2 coins
    cost += 1 if line == "diagonal" else 0  # Archery's coin
    return own - cost * 1.2 - (0.5 * sum(others) / len(others) if others else 0.0)


def _ambassador_line(state: State, seat: int, legal: list[Action]) -> Action:
    """The diagonal when it is worth more than the passive line and its coin."""
    kind, value, color = ambassadors.asked_line(state)
    best = {"type": "ambassador_line", "line": kind}
    diagonal = {"type": "ambassador_line", "line": "diagonal"}
    if diagonal in legal:
        worth = _targets_value(state, seat, ambassadors.targets(state, seat, "diagonal", value, color)) - 1.0
        if worth > _targets_value(state, seat, ambassadors.targets(state, seat, kind, value, color)):
            return diagonal
    return best


def evaluate(state: State) -> list[float]:
    """Every seat's VP if the game ended now: its VP so far and the final scoring's (the Maya's:
    its coins and full tokens sold) (the search's evaluation)."""
    out = []
    for seat, p in enumerate(state.players):
        if is_maya(state, seat):
            maya = state.maya
            assert maya is not None
            out.append(p.vp + (p.coins + sum(maya.full)) / C.coins_per_vp)
        else:
            out.append(p.vp + sum(final_breakdown(state, seat).values()))
    return out


GAME = search.Game("santa-maria", policy=greedy_bot, evaluate=evaluate, spread=6.0)

# Playouts of 60 decisions scored by `evaluate`: played to the end, the first decisions of a game
# cost most (over 1 s of CPU for 60 iterations); a horizon makes every decision cost about the same.

BOTS: dict[str, Any] = {
    "greedy": greedy_bot,
    "random": random_bot,
    **search.levels(GAME, normal=search.Budget(iterations=25, horizon=60), strong=search.Budget(iterations=80, horizon=60)),
}
