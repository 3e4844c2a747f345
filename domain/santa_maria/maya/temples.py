"""The Maya's temples and its pass (rules page §8.6.5 D, §8.6.6): building a temple level for a
full token of its tile's cost, the next tile revealed, the district's reward (coins, cards, a
storage token, a road tile, a high priest), the pass spaces 4 and 5 and the temples' scoring."""

from __future__ import annotations

from domain.core import Action, Fact, RandomSource
from domain.core.commands import Why, fields, one_of, refuse
from domain.core.facts import Tx

from ..components import C
from ..flow import Ask, resume, task, why_not_decision
from ..goods import _open, gain
from ..i18n import _
from ..state import State, Task, commands, evolves, maya_of, put, with_maya, with_player
from .city import end_die_use
from .data import GOODS, M
from .goods import draw, holds, maya_gain, maya_pay

# -- temples (§8.6.6) ---------------------------------------------------------------------------------


def temple_districts(state: State, where: str) -> tuple[str, ...]:
    """The districts whose temple may be built: those bordering the node, every one at pass space 5."""
    return M.districts if where == "all" else M.borders(where)


@task("maya_temple_ask")
def _temple_ask(tx: Tx, seat: int, step: Task, rng: RandomSource) -> list[Task] | Ask:
    maya = maya_of(tx.state)
    if any(maya.level(d) < 3 for d in temple_districts(tx.state, step[1])):
        return Ask("maya_temple", {"effect": step[1]})
    end_die_use(tx, seat)  # every temple there is finished: nothing to choose
    return []


def why_not_temple(state: State, district: str) -> Why:
    pending = state.pending
    assert pending is not None and pending.effect is not None
    maya = maya_of(state)
    if district not in temple_districts(state, pending.effect):
        return ("maya.not_adjacent", _("That district does not border the building."))
    if maya.level(district) >= 3:
        return ("maya.temple_complete", _("That temple has all three levels."))
    top = maya.tops[M.districts.index(district)]
    assert top is not None
    if not holds(state, M.temple_cost[top]):
        return ("maya.cannot_pay", _("The Maya lacks a full token for the temple tile's cost."))
    return None


@commands.command("maya_temple")
def _maya_temple(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("district",))
    district = action["district"]
    if district is not None:
        district = one_of(action, "district", M.districts)
    refuse(why_not_decision(tx.state, seat, ("maya_temple",)))
    if district is None:
        end_die_use(tx, seat)
        tx.emit({"t": "Declined", "seat": seat, "decision": "maya_temple"})
        resume(tx, seat, [], rng)
        return
    refuse(why_not_temple(tx.state, district))
    end_die_use(tx, seat)
    maya = maya_of(tx.state)
    i = M.districts.index(district)
    tile = maya.tops[i]
    assert tile is not None
    maya_pay(tx, seat, M.temple_cost[tile], "temple")
    tx.emit({"t": "TempleLevelCompleted", "seat": seat, "district": district, "level": maya.levels[i] + 1, "tile": tile})
    after: list[Task] = [("maya_reward", district)]
    if maya.levels[i] + 1 < 3:
        after.append(("maya_temple_next", district))
    resume(tx, seat, after, rng)


def temple_actions(state: State, seat: int) -> list[Action]:
    out: list[Action] = [{"type": "maya_temple", "district": None}]
    return out + [{"type": "maya_temple", "district": d} for d in M.districts if why_not_temple(state, d) is None]


@evolves("TempleLevelCompleted")
def _level_completed(state: State, fact: Fact) -> State:
    maya = maya_of(state)
    i = M.districts.index(fact["district"])
    return with_maya(state, levels=put(maya.levels, i, fact["level"]), tops=put(maya.tops, i, None))


@task("maya_temple_next")
def _temple_next(tx: Tx, seat: int, step: Task, rng: RandomSource) -> list[Task]:
    """Levels 1 and 2: the next smaller stack's top tile on the temple, resource side up."""
    maya = maya_of(tx.state)
    stack = maya.medium if maya.level(step[1]) == 1 else maya.small
    if stack:
        tx.emit({"t": "TempleTileRevealed", "district": step[1], "tile": stack[0]})
    return []


@evolves("TempleTileRevealed")
def _tile_revealed(state: State, fact: Fact) -> State:
    maya = maya_of(state)
    tile = fact["tile"]
    i = M.districts.index(fact["district"])
    return with_maya(state, tops=put(maya.tops, i, tile), medium=tuple(t for t in maya.medium if t != tile),
                     small=tuple(t for t in maya.small if t != tile))


@task("maya_reward")
def _reward(tx: Tx, seat: int, step: Task, rng: RandomSource) -> list[Task] | Ask:
    maya = maya_of(tx.state)
    reward = M.reward[step[1]]
    if reward == "coins_2":
        gain(tx, seat, {"coins": 2}, "temple")
    elif reward == "draw_2_cards":
        draw(tx, seat, 2, "temple")
    elif reward == "storage_token" and any(maya.reserve):
        return Ask("maya_token")
    elif reward == "road_tile" and maya.road_tiles > 0 and len(maya.roads) < len(M.slots):
        return Ask("maya_road")
    elif reward == "high_priest" and maya.priest_supply > 0:
        tx.emit({"t": "HighPriestTaken", "seat": seat})
    return []


def why_not_token(state: State, good: str) -> Why:
    if maya_of(state).reserve[GOODS.index(good)] < 1:
        return ("maya.bad_reward", _("Take a token of a type left in the token reserve."))
    return None


@commands.command("maya_token")
def _maya_token(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("good",))  # the page's `type`: an action's own "type" field names the action
    good = one_of(action, "good", GOODS)
    refuse(why_not_decision(tx.state, seat, ("maya_token",)))
    refuse(why_not_token(tx.state, good))
    tx.emit({"t": "MayaTokenAdded", "seat": seat, "type": good})
    resume(tx, seat, [], rng)


def token_actions(state: State, seat: int) -> list[Action]:
    return [{"type": "maya_token", "good": g} for g in GOODS if why_not_token(state, g) is None]


@evolves("MayaTokenAdded")
def _token_added(state: State, fact: Fact) -> State:
    maya = maya_of(state)
    i = GOODS.index(fact["type"])
    return with_maya(state, owned=put(maya.owned, i, maya.owned[i] + 1), full=put(maya.full, i, maya.full[i] + 1),
                     reserve=put(maya.reserve, i, maya.reserve[i] - 1))


def why_not_road(state: State, slot: str) -> Why:
    if slot in maya_of(state).roads:
        return ("maya.bad_slot", _("That slot holds a road tile already."))
    return None


@commands.command("maya_road")
def _maya_road(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("slot",))
    slot = one_of(action, "slot", tuple(M.slots))
    refuse(why_not_decision(tx.state, seat, ("maya_road",)))
    refuse(why_not_road(tx.state, slot))
    tx.emit({"t": "MayaRoadPlaced", "seat": seat, "slot": slot})
    resume(tx, seat, [], rng)


def road_actions(state: State, seat: int) -> list[Action]:
    return [{"type": "maya_road", "slot": s} for s in M.slots if why_not_road(state, s) is None]


@evolves("MayaRoadPlaced")
def _road_placed(state: State, fact: Fact) -> State:
    maya = maya_of(state)
    return with_maya(state, roads=tuple(sorted((*maya.roads, fact["slot"]))), road_tiles=maya.road_tiles - 1)


# -- D: pass (§8.6.5 D) --------------------------------------------------------------------------------


def pass_space(tx: Tx, seat: int, space: int) -> list[Task] | Ask:
    """The Maya's pass spaces: 1 coins, 2 religion, 3 warrior, 4 a token flip, 5 a temple level."""
    if space == 1:
        gain(tx, seat, {"coins": C.pass_spaces[0]["coins"]}, "pass")
        return []
    if space in (2, 3):
        return [("maya_religion",)] if space == 2 else [("maya_warrior",)]
    if space == 4:
        return Ask("maya_pass_flip") if any(maya_of(tx.state).empty_of(g) for g in GOODS) else []
    return [("maya_temple_ask", "all")]


def why_not_flip(state: State, good: str) -> Why:
    if maya_of(state).empty_of(good) < 1:
        return ("maya.bad_reward", _("Flip one of your empty tokens."))
    return None


@commands.command("maya_pass_flip")
def _maya_pass_flip(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("good",))  # the page's `type`: an action's own "type" field names the action
    good = one_of(action, "good", GOODS)
    refuse(why_not_decision(tx.state, seat, ("maya_pass_flip",)))
    refuse(why_not_flip(tx.state, good))
    maya_gain(tx, seat, {good: 1}, "pass")
    resume(tx, seat, [], rng)


def flip_actions(state: State, seat: int) -> list[Action]:
    return [{"type": "maya_pass_flip", "good": g} for g in GOODS if why_not_flip(state, g) is None]


def temple_score(state: State) -> tuple[dict[str, list[int]], int]:
    """Cards under each of the four districts × its temple levels, and gold levels × vault gold."""
    maya = maya_of(state)
    by = {d: [maya.cards_under(d), maya.level(d)] for d in M.districts if d != "gold"}
    by["gold"] = [maya.vault, maya.level("gold")]
    return by, sum(n * lv for n, lv in by.values())


@task("maya_temple_scoring")
def _temple_scoring(tx: Tx, seat: int, step: Task, rng: RandomSource) -> list[Task]:
    by, vp = temple_score(tx.state)
    tx.emit({"t": "MayaTemplesScored", "seat": seat, "by_district": by, "vp": vp, **_open(tx.state)})
    return []


@evolves("MayaTemplesScored")
def _temples_scored(state: State, fact: Fact) -> State:
    p = state.players[fact["seat"]]
    return with_player(state, fact["seat"], vp=p.vp + fact["vp"])
