"""What each viewer may see (rules page §9): face-down stacks and the ship deck are sizes, the
scholars and bishops back in the box are nobody's, and other seats' victory points are hidden
until the final scoring (unless the table plays with open scores). Shuffles are facts whose
order is redacted to its size; `reveals` marks every fact that turns something face up."""

from __future__ import annotations

from typing import Any

from domain.core import ALL, Action, Fact, Viewer

from . import ambassadors, governor, specialists
from .colony import SIZE
from .components import C
from .flow import to_act
from .maya import views as maya
from .scoring import outcome
from .state import Phase, Player, State

SHUFFLES = ("ShipDeckShuffled", "ScholarsShuffled", "BishopsShuffled", "SpecialShipsShuffled", "TownHallsShuffled",
            "SpecialistsShuffled")
VP_FACTS = ("VPGained", "ReligionOverflowScored", "BishopConquestScored", "ColonistsScored")
REVEALING = frozenset({"ScholarsRevealed", "BishopsRevealed", "DisplayDealt", "TownHallSetsDealt", "FinalScored",
                       "SpecialistsDealt"})


def _sees_vp(state: State, seat: int, viewer: Viewer) -> bool:
    return state.open_scores or viewer in (seat, ALL) or state.phase is Phase.OVER


def _colony(p: Player) -> list[list[dict[str, Any]]]:
    """Row by row, each row's cells left to right (the grid's order, state.index)."""
    cells = [{"content": g, "type": t, "occupant": o} for g, t, o in zip(p.grid, p.types, p.occupant, strict=True)]
    return [cells[k : k + SIZE] for k in range(0, SIZE * SIZE, SIZE)]


def _player(state: State, seat: int, viewer: Viewer) -> dict[str, Any]:
    p = state.players[seat]
    return {
        "seat": seat,
        "position": state.position(seat) + 1,
        "board": p.board,
        "colony": _colony(p),
        "tiles": [list(t) for t in p.tiles],
        "coins": p.coins,
        "goods": dict(zip(C.resources, p.goods, strict=True)),
        "vp": p.vp if _sees_vp(state, seat, viewer) else None,
        "monks": p.monks,
        "religion": p.religion,
        "conquistador": p.conquistador,
        "docks": {d: list(ships) for d, ships in zip(C.docks, p.docks, strict=True)},
        "blue_dice": [{"id": b.id, "face": b.face, "used": b.used, "usable": b.usable} for b in p.blue],
        "white_taken": p.white_taken,
        "blue_used": p.blue_used,
        "unlocked": p.unlocked,
        "coin_activations": p.coin_activations,
        "pass_space": p.pass_space or None,
        "personal_scholar": p.personal_scholar,
        **({"cocoa": {"tokens": p.cocoa_tokens, "full": p.cocoa}} if state.expansion else {}),  # §8.1, public (§9.1)
        **governor.player_view(state, seat), **specialists.player_view(state, seat),  # modules A, B
    }


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    pending = state.pending
    out: dict[str, Any] = {
        "game": "santa-maria",
        "phase": state.phase.value,
        "year": state.year,
        "first_player": state.first,
        "current": state.current,
        "to_act": sorted(to_act(state)),
        "options": {"advanced_setup": state.advanced_setup, "colony_assignment": state.colony_assignment,
                    "shared_blue_dice": state.shared_blue_dice, "open_scores": state.open_scores,
                    "kozlocracy_rule": state.kozlocracy_rule},
        "pending": None if pending is None else {
            "seat": pending.seat, "decision": pending.kind, "tile": pending.tile,
            "anchor": list(pending.anchor) if pending.anchor else None, "rotation": pending.rotation,
            "cell": list(pending.cell) if pending.cell else None, "effect": pending.effect},
        "draft": list(state.draft),
        "town_hall_sets": [list(s) for s in state.sets],
        "town_hall_placing": None if state.placing is None else {"seat": state.placing, "town_hall": state.hall},  # §7.1 step 4
        "white_pool": list(state.white_pool),
        "blue_supply": state.blue_supply,
        "blue_pool": list(state.blue_pool),
        "display": list(state.display),
        "stacks": {"double": len(state.stacks[0]), "triple": len(state.stacks[1])},
        "board_docks": dict(zip(C.docks, state.board_docks, strict=True)),
        "ship_deck": len(state.ship_deck),
        "road_stack": state.road_stack,
        "scholars": list(state.scholars),
        "bishops": list(state.bishops),
        "monk_places": {pid: list(seats) for pid, seats in zip(state.places, state.monk_places, strict=True)},
        "pass_spaces": {str(s): [seat for seat in state.pass_order if state.players[seat].pass_space == s]
                        for s in range(1, len(C.pass_spaces) + 1)},
        "players": [_player(state, s, viewer) for s in range(state.seats)],
        **governor.view(state), **specialists.view(state), **ambassadors.view(state),  # modules A, B, C (§9.1)
    }
    if state.expansion:  # §8.1, §9.1: the special dock face up, the special stacks by size
        out["options"].update({"expansion": True, "modules": list(state.modules or ())})
        out["stacks"]["special"] = len(state.special_stack or ())
        out["special_dock"] = state.special_dock
        out["special_ships"] = len(state.special_ships or ())
    if state.maya is not None:  # module D (§9.1, §9.2)
        out["maya"] = maya.view(state, viewer)
    if viewer == ALL:
        out["hidden"] = {"ship_deck": list(state.ship_deck), "double_stack": list(state.stacks[0]),
                         "triple_stack": list(state.stacks[1]), "boxed": list(state.boxed), **specialists.hidden(state)}
        if state.expansion:
            out["hidden"].update({"special_stack": list(state.special_stack or ()), "special_ships": list(state.special_ships or ())})
    if state.phase is Phase.OVER:
        result = outcome(state)
        out["outcome"] = result.to_json() if result is not None else None
        out["achievements"] = list(state.achievements)
    return out


def redact(fact: Fact, viewer: Viewer) -> Fact | None:
    """The fact as `viewer` may see it (§9.2, §9.3)."""
    if viewer == ALL:
        return fact
    t = fact["t"]
    if t in maya.REDACTED:
        return maya.redact(fact, viewer)
    if t in SHUFFLES:
        return {**fact, "order": len(fact["order"])}
    if t == "TileStacksShuffled":
        return {**fact, "double": len(fact["double"]), "triple": len(fact["triple"]),
                **({"special": len(fact["special"])} if "special" in fact else {})}
    if t in VP_FACTS and not fact.get("open") and fact["seat"] != viewer:
        return {**fact, "vp": None}
    if t == "ConquistadorScored" and not fact.get("open"):
        return {**fact, "awards": [[s, vp if s == viewer else None] for s, vp in fact["awards"]]}
    return fact


def redact_action(action: Action, seat: int, viewer: Viewer) -> Action:
    """The action `seat` took as another seat or a spectator may see it (§9): only the Maya's
    actions carry something hidden (module D)."""
    return maya.redact_action(action)


def reveals(fact: Fact) -> bool:
    """Tiles turned face up (scholars, bishops, the display, town-hall scholars, a refilled dock)
    and the final scores show something that was hidden."""
    if fact["t"] == "ColoniesDealt" and fact.get("by") == "town_halls":  # the dealt town halls (§8.1 setup 6)
        return True
    return fact["t"] in REVEALING or maya.reveals(fact) or (fact["t"] == "DockRefilled" and fact["tile"] is not None)
