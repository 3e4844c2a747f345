"""The Maya's city (rules page §8.6.5 A and C): the die it moves through the city node by node
and the buildings' effects, the simulated ambassador die (module C), high priests and technology
cards. goods.py has its goods and its draws (§8.6.3), religion.py its warrior, religion and vault
(§8.6.4), temples.py its temples and its pass (§8.6.5 D, §8.6.6)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from domain.core import Action, Fact, RandomSource
from domain.core.commands import Why, fields, malformed, one_of, refuse
from domain.core.facts import Tx

from .. import ambassadors
from ..flow import Ask, resume, run, task, why_not_decision, why_not_main
from ..i18n import _, ngettext
from ..state import State, Task, commands, evolves, is_maya, maya_of, put, replace, with_maya
from .data import GOODS, M
from .goods import maya_gain, maya_pay
from .state import MayaDie

# -- paths through the city (§8.6.1, §8.6.5) -------------------------------------------------------


def successors(state: State, node: str) -> tuple[str, ...]:
    """The nodes one edge on: straight, printed forks, forks opened by placed road tiles."""
    roads = maya_of(state).roads
    edges = [*M.edges, *(e for slot in roads for e in M.slots[slot])]
    return tuple(sorted({b for a, b in edges if a == node}))


def reaches_free(state: State, node: str) -> bool:
    """A free building on `node` or on some node reachable from it along the current edges."""
    maya = maya_of(state)
    todo, seen = [node], set()
    while todo:
        n = todo.pop()
        if maya.free(n):
            return True
        seen.add(n)
        todo += [s for s in successors(state, n) if s not in seen]
    return False


# -- A: use a die (§8.6.5 A) -----------------------------------------------------------------------


def why_not_maya(state: State, seat: int) -> Why:
    if not is_maya(state, seat):
        return ("maya.not_maya", _("Only the Maya takes the Maya's actions."))
    return None


def _die(action: Action) -> dict[str, Any]:
    value = action["die"]
    kinds = ("white", "blue", "ambassador")
    if type(value) is not dict or value.get("kind") not in kinds:
        raise malformed("'die' must be {kind: white, face}, {kind: blue, id} or {kind: ambassador, color}.")
    if value["kind"] == "blue" and (set(value) != {"kind", "id"} or type(value["id"]) is not str):
        raise malformed("A blue die is named {kind: blue, id}.")
    if value["kind"] == "white" and (set(value) != {"kind", "face"} or type(value["face"]) is not int
                                     or not 1 <= value["face"] <= 6):
        raise malformed("A white die is named {kind: white, face} with a face from 1 to 6.")
    if value["kind"] == "ambassador" and (set(value) != {"kind", "color"} or value["color"] not in ("white", "blue")):
        raise malformed("An ambassador die is named {kind: ambassador, color: white|blue}.")
    return value


def die_face(state: State, seat: int, d: dict[str, Any]) -> int | None:
    if d["kind"] == "white":
        return int(d["face"])
    if d["kind"] == "blue":
        return next((b.face for b in state.players[seat].blue if b.id == d["id"]), None)
    return ambassadors.face(state, d)


def white_limit(state: State) -> int:
    return ambassadors.white_limit(state)  # 3, or 2 with module C (§8.6.5 A check 2)


def why_not_die(state: State, seat: int, d: dict[str, Any], value: int, adjust: str) -> Why:
    p = state.players[seat]
    if d["kind"] == "white":
        if d["face"] not in state.white_pool:
            return ("die.not_in_pool", _("No white die shows {face}.", face=d['face']))
        if p.white_taken >= white_limit(state):
            return ("die.white_limit", ngettext("The Maya may take at most {n} white die a year.", "The Maya may take at most {n} white dice a year.", white_limit(state)))
    elif d["kind"] == "blue":
        own = next((b for b in p.blue if b.id == d["id"]), None)
        if own is None or own.used or not own.usable:
            return ("die.not_available", _("That blue die is not the Maya's to use now."))
    elif (why := ambassadors.why_not_take(state, d)) is not None:  # module C
        return why
    face = die_face(state, seat, d)
    assert face is not None
    if adjust == "gold" or (adjust == "none") != (value == face):
        return ("die.bad_adjust", _("Keep the die's value with adjust none, or change it with coins or a cocoa; the Maya has no gold."))
    if adjust == "coins" and p.coins < abs(value - face):
        return ("maya.cannot_pay", ngettext("Changing the die costs {n} coin.", "Changing the die costs {n} coins.", abs(value - face)))
    if adjust == "cocoa" and maya_of(state).full_of("cocoa") < 1:
        return ("maya.cannot_pay", _("Changing the die with cocoa needs a full cocoa token."))
    if not reaches_free(state, M.entry[value]):
        return ("maya.no_free_building", _("No free building can be reached from die symbol {value}.", value=value))
    return None


@commands.command("maya_use_die")
def _maya_use_die(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("die", "value", "adjust"))
    d = _die(action)
    value = action["value"]
    if type(value) is not int or not 1 <= value <= 6:
        raise malformed("'value' must be a whole number from 1 to 6.")
    adjust = one_of(action, "adjust", ("none", "coins", "cocoa", "gold"))
    refuse(why_not_main(tx.state, seat))
    refuse(why_not_maya(tx.state, seat))
    refuse(why_not_die(tx.state, seat, d, value, adjust))
    face = die_face(tx.state, seat, d)
    assert face is not None
    tx.emit(ambassadors.taken(seat, d, face) if d["kind"] == "ambassador" else {"t": "DieTaken", "seat": seat, "die": d})
    if value != face:
        tx.emit({"t": "DieValueChanged", "seat": seat, "die": d, "from": face, "to": value,
                 "paid": abs(value - face) if adjust == "coins" else 0, **({"cocoa": 1} if adjust == "cocoa" else {})})
    if adjust == "cocoa":
        maya_pay(tx, seat, {"cocoa": 1}, "die")
    code = f"w{value}" if d["kind"] == "white" else ambassadors.die_code(d, value) if d["kind"] == "ambassador" else str(d["id"])
    tx.emit({"t": "MayaDieStarted", "seat": seat, "die": code, "value": value})  # on die symbol `value`
    # module C: after the Maya's die, each colonist activates row (blue) or column (white) `value`
    run(tx, seat, [("maya_move",), *ambassadors.passive_agenda(tx.state, seat, d, None, value)], rng)


def die_actions(state: State, seat: int) -> Iterator[Action]:
    dice: list[dict[str, Any]] = [{"kind": "white", "face": f} for f in sorted(set(state.white_pool))]
    dice += [{"kind": "blue", "id": b.id} for b in state.players[seat].blue]
    dice += ambassadors.available(state)  # module C (§8.4, A-78)
    for d in dice:
        face = die_face(state, seat, d)
        assert face is not None
        for value in range(1, 7):
            for adjust in (("none",) if value == face else ("coins", "cocoa")):
                if why_not_die(state, seat, d, value, adjust) is None:
                    yield {"type": "maya_use_die", "die": d, "value": value, "adjust": adjust}


@evolves("MayaDieStarted")
def _die_started(state: State, fact: Fact) -> State:
    return with_maya(state, die=MayaDie(fact["die"], fact["value"]))


@task("maya_move")
def _move(tx: Tx, seat: int, step: Task, rng: RandomSource) -> Ask:
    return Ask("maya_step")  # by construction a step on or a stop is always legal (§8.6.5 check 3)


def why_not_step(state: State, to: str | None) -> Why:
    die = maya_of(state).die
    assert die is not None
    if to is None:
        if die.node is None or not die.activated:
            return ("maya.cannot_stop", _("The die stops only on a building it has just activated."))
        return None
    allowed = (M.entry[die.value],) if die.node is None else successors(state, die.node)
    if to not in allowed:
        return ("maya.bad_path", _("The die moves along the road to the next building place, never back."))
    if not reaches_free(state, to):
        return ("maya.bad_path", _("No free building lies on or beyond that place: the die would be stuck."))
    return None


@commands.command("maya_step")
def _maya_step(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("to",))
    to = action["to"]
    if to is not None:
        to = one_of(action, "to", M.nodes)
    refuse(why_not_decision(tx.state, seat, ("maya_step",)))
    refuse(why_not_step(tx.state, to))
    maya = maya_of(tx.state)
    assert maya.die is not None
    if to is None:
        assert maya.die.node is not None
        if maya.die.simulated:  # no die is left in the city (§8.6.8)
            tx.emit({"t": "MayaSimulationEnded", "seat": seat, "node": maya.die.node})
        else:
            tx.emit({"t": "MayaDiePlaced", "seat": seat, "node": maya.die.node, "die": maya.die.code})
        resume(tx, seat, [("maya_temple_ask", maya.die.node)], rng)
        return
    tx.emit({"t": "MayaDieMoved", "seat": seat, "node": to})
    if not maya.free(to):  # an empty place or an occupied building: passed without effect
        resume(tx, seat, [("maya_move",)], rng)
        return
    tx.emit({"t": "MayaBuildingActivated", "seat": seat, "node": to, "by": "die"})
    resume(tx, seat, [*effects_of(maya_of(tx.state), to), ("maya_move",)], rng)


def step_actions(state: State, seat: int) -> list[Action]:
    die = maya_of(state).die
    assert die is not None
    nodes = [M.entry[die.value]] if die.node is None else list(successors(state, die.node))
    out: list[Action] = [{"type": "maya_step", "to": None}] if why_not_step(state, None) is None else []
    return out + [{"type": "maya_step", "to": n} for n in nodes if why_not_step(state, n) is None]


@evolves("MayaDieMoved")
def _die_moved(state: State, fact: Fact) -> State:
    die = maya_of(state).die
    assert die is not None
    return with_maya(state, die=replace(die, node=fact["node"], activated=False))


@evolves("MayaBuildingActivated")
def _building_activated(state: State, fact: Fact) -> State:
    die = maya_of(state).die
    if fact["by"] != "die" or die is None:
        return state
    return with_maya(state, die=replace(die, activated=True))


@evolves("MayaDiePlaced")
def _die_placed(state: State, fact: Fact) -> State:
    maya = maya_of(state)
    die = maya.die and replace(maya.die, placed=True)
    return with_maya(state, occupant=put(maya.occupant, maya.node(fact["node"]), fact["die"]), die=die)


@evolves("MayaSimulationEnded")
def _simulation_ended(state: State, fact: Fact) -> State:
    die = maya_of(state).die
    assert die is not None
    return with_maya(state, die=replace(die, placed=True))


# -- module C: the Maya simulates another seat's ambassador die (§8.6.8) -----------------------------


@task("maya_simulation")
def _simulation(tx: Tx, seat: int, step: Task, rng: RandomSource) -> list[Task] | Ask:
    """The Maya's turn in the passive order of an ambassador die with final value step[1]: asked
    only if a free building can be reached from that die symbol. Module C's passive_tasks hook
    puts this task in the Maya seat's place (§8.4, §8.6.8)."""
    value = step[1]
    if reaches_free(tx.state, M.entry[value]):
        return Ask("maya_simulate", {"effect": str(value)})
    return []


@commands.command("maya_simulate")
def _maya_simulate(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("accept",))
    accept = action["accept"]
    if type(accept) is not bool:
        raise malformed("'accept' must be true or false.")
    refuse(why_not_decision(tx.state, seat, ("maya_simulate",)))
    pending = tx.state.pending
    assert pending is not None and pending.effect is not None
    if not accept:
        tx.emit({"t": "Declined", "seat": seat, "decision": "maya_simulate"})
        resume(tx, seat, [], rng)
        return
    # the simulated die lies on its die symbol: no cost, no value change, no die taken (§8.6.8)
    tx.emit({"t": "MayaSimulationStarted", "seat": seat, "value": int(pending.effect)})
    resume(tx, seat, [("maya_move",)], rng)


def simulate_actions(state: State, seat: int) -> list[Action]:
    return [{"type": "maya_simulate", "accept": True}, {"type": "maya_simulate", "accept": False}]


@evolves("MayaSimulationStarted")
def _simulation_started(state: State, fact: Fact) -> State:
    return with_maya(state, die=MayaDie("", fact["value"], simulated=True))


@evolves("MayaDieUseEnded")
def _die_use_ended(state: State, fact: Fact) -> State:
    return with_maya(state, die=None)


def end_die_use(tx: Tx, seat: int) -> None:
    """The die use ends when maya_temple is answered (or skipped): no technology card after."""
    if maya_of(tx.state).die is not None:
        tx.emit({"t": "MayaDieUseEnded", "seat": seat})


# -- building effects (§8.6.1 maya_effects) ---------------------------------------------------------


def effects_of(maya: Any, node: str) -> list[Task]:
    return [("maya_effect", e) for e in maya.building(node)]


@task("maya_effect")
def _effect(tx: Tx, seat: int, step: Task, rng: RandomSource) -> list[Task]:
    data = M.effects[step[1]]
    if "gain" in data:
        maya_gain(tx, seat, data["gain"], f"city:{step[1]}")
        return []
    return [("maya_religion",)] if data["action"] == "religion" else [("maya_warrior",)]


# -- C: high priest (§8.6.5 C) ----------------------------------------------------------------------


def why_not_priest(state: State, node: str) -> Why:
    maya = maya_of(state)
    if maya.priests < 1:
        return ("maya.no_priest", _("The Maya holds no unused high priest."))
    if not maya.free(node):
        return ("maya.not_free", _("A high priest goes on a free building: no die, no high priest on it."))
    return None


@commands.command("maya_high_priest")
def _maya_high_priest(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("node",))
    node = one_of(action, "node", M.nodes)
    refuse(why_not_main(tx.state, seat))
    refuse(why_not_maya(tx.state, seat))
    refuse(why_not_priest(tx.state, node))
    tx.emit({"t": "HighPriestPlaced", "seat": seat, "node": node})
    tx.emit({"t": "MayaBuildingActivated", "seat": seat, "node": node, "by": "priest"})
    run(tx, seat, [*effects_of(maya_of(tx.state), node), ("maya_temple_ask", node)], rng)


def priest_actions(state: State, seat: int) -> list[Action]:
    return [{"type": "maya_high_priest", "node": n} for n in M.nodes if why_not_priest(state, n) is None]


@evolves("HighPriestPlaced")
def _priest_placed(state: State, fact: Fact) -> State:
    maya = maya_of(state)
    return with_maya(state, priests=maya.priests - 1, occupant=put(maya.occupant, maya.node(fact["node"]), "priest"))


@evolves("HighPriestTaken")
def _priest_taken(state: State, fact: Fact) -> State:
    maya = maya_of(state)
    return with_maya(state, priests=maya.priests + 1, priest_supply=maya.priest_supply - 1)


# -- technology (§8.6.5, free action during a die use) ----------------------------------------------


def why_not_technology(state: State, seat: int, card: str) -> Why:
    maya = maya_of(state)
    die = maya.die
    if die is None or state.pending is None or state.pending.seat != seat:
        return ("maya.no_die_use", _("Technology cards are played while the Maya uses a die."))
    if card not in maya.hand:
        return ("maya.card_not_in_hand", _("That card is not in the Maya's hand."))
    tech = M.cards[card].get("technology")
    if tech is None:
        return ("maya.bad_half", _("That card has no technology half."))
    if tech["value"] != die.value:
        return ("maya.tech_value", _("The technology half must show the die's value, {value}.", value=die.value))
    if die.tech:
        return ("maya.tech_used", _("Only one technology card may be played per die use."))
    return None


@commands.command("maya_technology")
def _maya_technology(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("card",))
    card = one_of(action, "card", M.card_ids)
    if not is_maya(tx.state, seat):
        refuse(("maya.not_maya", _("Only the Maya plays technology cards.")))
    refuse(why_not_technology(tx.state, seat, card))
    pending = tx.state.pending
    assert pending is not None
    bonus = M.cards[card]["technology"]["bonus"]
    tx.emit({"t": "MayaCardPlayed", "seat": seat, "card": card, "half": "technology"})
    tasks: list[Task] = {"warrior": [("maya_warrior",)], "culture": [("maya_religion",)]}.get(bonus, [])
    if bonus in GOODS:
        maya_gain(tx, seat, {bonus: 1}, "technology")
    # the bonus, the card under the technology district, then the decision that was waiting
    resume(tx, seat, [*tasks, ("maya_tuck", card, "technology"), ("maya_reask", pending.kind, pending.effect)], rng)


def technology_actions(state: State, seat: int) -> list[Action]:
    maya = maya_of(state)
    if maya.die is None:
        return []
    return [{"type": "maya_technology", "card": c} for c in maya.hand if why_not_technology(state, seat, c) is None]


@task("maya_reask")
def _reask(tx: Tx, seat: int, step: Task, rng: RandomSource) -> Ask:
    _skip, kind, effect = step
    return Ask(kind, {} if effect is None else {"effect": effect})


@task("maya_tuck")
def _tuck(tx: Tx, seat: int, step: Task, rng: RandomSource) -> list[Task]:
    tx.emit({"t": "CardTucked", "seat": seat, "card": step[1], "district": step[2]})
    return []


@evolves("MayaCardPlayed")
def _card_played(state: State, fact: Fact) -> State:
    maya = maya_of(state)
    die = maya.die
    if fact["half"] == "technology" and die is not None:
        die = replace(die, tech=True)
    return with_maya(state, hand=tuple(c for c in maya.hand if c != fact["card"]), die=die)


@evolves("CardTucked")
def _card_tucked(state: State, fact: Fact) -> State:
    maya = maya_of(state)
    return with_maya(state, tucked=(*maya.tucked, (fact["card"], fact["district"])))

