"""American Kingdoms, the expansion's core (rules page §8.1, the core row of §8.7): the setup
changes, cocoa, the special sea trade and its dock, the special development tiles, the new
scholars Archery and Meditation (Navigation's behaviour belongs to module A) and the new bishops.

The shared rule modules call in here with one line each; everything that only exists with the
expansion is decided here, and the facts it alone emits are evolved here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core import Action, Fact, RandomSource, shuffle
from domain.core.commands import Why, fields, malformed, refuse
from domain.core.facts import Tx

from .components import C
from .flow import Ask, resume, task, why_not_decision
from .i18n import _, ngettext
from .scholars import has_scholar
from .state import Player, State, Task, commands, evolves, replace, with_player

# -- setup (§8.1 setup changes 1-7) -----------------------------------------------------------------


def expansion(opts: Mapping[str, Any]) -> bool:
    return bool(opts.get("expansion"))


def scholar_pool(opts: Mapping[str, Any]) -> tuple[str, ...]:
    """§8.1 setup 2: the new scholars join the base ones; a scholar of a module not in play is left out."""
    if not expansion(opts):
        return C.scholars
    modules = opts.get("modules") or ()
    return (*C.scholars, *(s for s in C.kingdom_scholars if C.scholar_module.get(s, "") in ("", *modules)))


def scholars_on_board(opts: Mapping[str, Any]) -> int:
    """Three scholar places, four with the expansion tile 1 (scholar_4)."""
    return C.kingdom_scholars_on_board if expansion(opts) else len([p for p in C.monk_places if C.place_kind[p] == "scholar"])


def bishop_pool(opts: Mapping[str, Any]) -> tuple[str, ...]:
    """§8.1 setup 3: the new bishops shuffled with the base ones (the rulebook's "scholars" is a slip, §11 A-47)."""
    return (*C.bishops, *C.kingdom_bishops) if expansion(opts) else C.bishops


def cocoa_colony_in_play(opts: Mapping[str, Any]) -> bool:
    """With the Maya city (module D) the cocoa colony and its town hall are not used (§1.9 step 0)."""
    return "D" not in (opts.get("modules") or ())


def special_ships_setup(rng: RandomSource) -> list[Fact]:
    """§8.1 setup 1: the special stack shuffled face down, its top tile into the special dock."""
    order = shuffle(rng, C.special_ships)
    return [{"t": "SpecialShipsShuffled", "order": list(order)}, {"t": "DockRefilled", "dock": "special", "tile": order[0]}]


def special_tiles(rng: RandomSource, opts: Mapping[str, Any]) -> tuple[str, ...]:
    """§8.1 setup 4: the 6 special development tiles shuffled face down (none without the expansion)."""
    return shuffle(rng, C.specials) if expansion(opts) else ()


def stacks_fields(specials: tuple[str, ...], opts: Mapping[str, Any]) -> dict[str, Any]:
    """What TileStacksShuffled and the first DisplayDealt add: the special stack and 2 of it face up."""
    if not expansion(opts):
        return {}
    return {"special": list(specials)}


def display_fields(specials: tuple[str, ...], opts: Mapping[str, Any]) -> dict[str, Any]:
    return {"special": list(specials[: C.display_special])} if expansion(opts) else {}


def cocoa_tokens(opts: Mapping[str, Any], seats: int, maya: int | None = None) -> list[Fact]:
    """§8.1 setup 5: one full cocoa token each (the cocoa colony's second one comes with the colony);
    none for the Maya's seat, whose cocoa is on its own storage tokens (module D, §8.6.3)."""
    if not expansion(opts):
        return []
    return [{"t": "CocoaTokensGiven", "seat": s, "tokens": C.cocoa_each, "full": C.cocoa_each}
            for s in range(seats) if s != maya]


def town_hall_pool(opts: Mapping[str, Any]) -> tuple[str, ...]:
    return (*C.town_halls, *((C.cocoa_town_hall,) if cocoa_colony_in_play(opts) else ()))


def colonies_dealt(rng: RandomSource, opts: Mapping[str, Any], seats: int, maya: int | None = None) -> list[Fact]:
    """§8.1 setup 6 (A-57): the town halls shuffled, one dealt to each player, who plays the matching
    colony on side A; the town halls are then discarded, the undealt ones unseen. The Maya's seat
    (module D) gets none and no colony (its board is ""); with D only the 4 base town halls are in
    the pool (§8.6), so 4 colonists and the Maya make 5 seats."""
    halls = shuffle(rng, town_hall_pool(opts))
    hall_of = dict(zip([s for s in range(seats) if s != maya], halls, strict=False))
    facts: list[Fact] = [{"t": "TownHallsShuffled", "order": list(halls), "dealt": len(hall_of)},
                         {"t": "ColoniesDealt", "boards": [C.town_hall_board[hall_of[s]] if s in hall_of else ""
                                                           for s in range(seats)], "by": "town_halls"}]
    facts += [cocoa_colony_token(s) for s, h in hall_of.items() if h == C.cocoa_town_hall]
    return facts


def cocoa_colony_token(seat: int) -> Fact:
    """The cocoa-colony player's second token, empty side up (§8.1 setup 5, §11 A-37)."""
    return {"t": "CocoaTokensGiven", "seat": seat, "tokens": C.cocoa_each + C.cocoa_extra, "full": C.cocoa_each}


def sets_in_play(opts: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Advanced setup (§7.1, §8.1 setup 7): (set, town hall) for S1..S4, and S5 = TH_cocoa with the expansion."""
    sets = [(C.town_hall_set[th], th) for th in C.town_halls]
    if expansion(opts) and cocoa_colony_in_play(opts):
        sets.append((C.cocoa_set, C.cocoa_town_hall))
    return sets


def set_names(state: State) -> list[str]:
    opts = {"expansion": state.expansion, "modules": state.modules}
    return sorted(s for s, _skip in sets_in_play(opts))


@evolves("SpecialShipsShuffled")
def _special_ships_shuffled(state: State, fact: Fact) -> State:
    return replace(state, special_ships=tuple(fact["order"]))


@evolves("TownHallsShuffled")
def _town_halls_shuffled(state: State, fact: Fact) -> State:
    return replace(state, boxed=state.boxed + tuple(fact["order"][fact["dealt"]:]))  # undealt: unseen


@evolves("CocoaTokensGiven")
def _cocoa_tokens_given(state: State, fact: Fact) -> State:
    return with_player(state, fact["seat"], cocoa_tokens=fact["tokens"], cocoa=fact["full"])


# -- cocoa (§8.1) ---------------------------------------------------------------------------------


def gain_cocoa(tx: Tx, seat: int, n: int, source: str) -> None:
    """Flip empty tokens full; with every token full the cocoa is lost, without coins (§8.1, SM-EX-31)."""
    p = tx.state.players[seat]
    room = max(0, (p.cocoa_tokens or 0) - (p.cocoa or 0))
    if min(n, room):
        tx.emit({"t": "CocoaGained", "seat": seat, "cocoa": min(n, room), "source": source})
    if n - min(n, room):
        tx.emit({"t": "CocoaLost", "seat": seat, "cocoa": n - min(n, room), "source": source})


@evolves("CocoaGained")
def _cocoa_gained(state: State, fact: Fact) -> State:
    return with_player(state, fact["seat"], cocoa=(state.players[fact["seat"]].cocoa or 0) + fact["cocoa"])


@evolves("CocoaPaid")
def _cocoa_paid(state: State, fact: Fact) -> State:
    return with_player(state, fact["seat"], cocoa=(state.players[fact["seat"]].cocoa or 0) - fact["cocoa"])


@evolves("CocoaLost")
def _cocoa_lost(state: State, fact: Fact) -> State:
    return state  # nothing fits: the cocoa goes back to the supply


# -- special sea trade (§8.1, §3.4, §11 A-32) ------------------------------------------------------


def allowed_docks(state: State, seat: int) -> list[str]:
    """A special tile goes to a dock holding fewer ships than the fullest; all equal: any (A-32)."""
    counts = [len(d) for d in state.players[seat].docks]
    top = max(counts)
    if all(n == top for n in counts):
        return list(C.docks)
    return [d for d, n in zip(C.docks, counts, strict=True) if n < top]


def why_not_dock(state: State, seat: int, source: str, dock: str | None) -> Why:
    """§3.4 check 2: a dock exactly for a special tile, and one the rule of §8.1 allows."""
    if source != "special":
        if dock is not None:
            return ("ship.dock_not_allowed", _("A tile from the main board goes to your dock of the same kind; name no dock."))
        return None
    if dock is None or dock not in allowed_docks(state, seat):
        return ("ship.dock_not_allowed",
                _("A special ship goes to one of your docks holding fewer ships than your fullest (any dock when all hold as many)."))
    return None


def ship_tile(state: State, source: str) -> str | None:
    if source == "special":
        return state.special_dock
    return state.board_docks[C.docks.index(source)]


def refill_special(tx: Tx) -> None:
    stack = tx.state.special_ships or ()
    tx.emit({"t": "DockRefilled", "dock": "special", "tile": stack[0] if stack else None})


def special_ship_taken(state: State, fact: Fact) -> State:
    return replace(state, special_dock=None)


def special_dock_refilled(state: State, fact: Fact) -> State:
    stack = state.special_ships or ()
    return replace(state, special_dock=fact["tile"], special_ships=stack[1:] if fact["tile"] is not None else stack)


# -- dice (§2.6): cocoa or gold sets any value; Archery's diagonal ----------------------------------


ADJUSTS = ("none", "coins", "cocoa", "gold")
LINES = ("row", "column", "diagonal")


def colour(d: Mapping[str, Any]) -> str:
    """A die's colour: a white pool die is white; an own or pool blue die is blue; an ambassador
    die (module C, §8.4) has its own."""
    if d["kind"] == "ambassador":
        return str(d["color"])
    return "white" if d["kind"] == "white" else "blue"


def line_kind(d: Mapping[str, Any], line: str) -> str:
    """The line's kind as colony.line_cells reads it (§2.6)."""
    return kind_of(line, colour(d))


def kind_of(line: str, colour_: str) -> str:
    """The cells of a diagonal depend on the die's colour (§2.6): a blue die runs left to right."""
    return "diagonal_blue" if line == "diagonal" and colour_ != "white" else line


def diagonal_allowed(state: State, seat: int, value: int) -> bool:
    return bool(state.expansion) and value in (1, 6) and has_scholar(state, seat, "SCH_ARCHERY")  # §1.6 Archery


def why_not_adjust_paid(state: State, seat: int, adjust: str, coins: int) -> Why:
    """§2.6 check 5 with the expansion: the coins, and a full cocoa token or 1 gold."""
    p = state.players[seat]
    if p.coins < coins:
        return ("die.cannot_pay", ngettext("Using the die so costs {n} coin.", "Using the die so costs {n} coins.", coins))
    if adjust == "cocoa" and not holds_adjust(p, adjust):
        return ("die.cannot_pay", _("You have no cocoa to set the die's value."))
    if adjust == "gold" and not holds_adjust(p, adjust):
        return ("die.cannot_pay", _("You have no gold to set the die's value."))
    return None


def holds_adjust(p: Player, adjust: str) -> bool:
    """What a cocoa or gold adjustment pays with: a full cocoa token, 1 gold (§8.1)."""
    return bool(p.cocoa) if adjust == "cocoa" else p.good("gold") >= 1 if adjust == "gold" else True


def pay_adjust(tx: Tx, seat: int, adjust: str) -> None:
    if adjust == "cocoa":
        tx.emit({"t": "CocoaPaid", "seat": seat, "cocoa": 1, "for": "die"})
    elif adjust == "gold":
        tx.emit({"t": "GoodsPaid", "seat": seat, "goods": {"gold": 1}, "for": "die"})


# -- special development tiles at the end of years 1 and 2 (§8.1, §8.7; A-35 overruled by the rulebook) -------------------------


def special_display(state: State) -> dict[str, Any]:
    """The specials left in the display leave with the others (DisplayDealt's `removed`); 3 new ones
    from the stack [RB: "выложите 3 новых из стопки"], as many as remain (the page's A-35 says 2)."""
    if not state.expansion:
        return {}
    return {"special": list((state.special_stack or ())[: C.special_refill])}


# -- Meditation (§1.6, §4, §11 A-31) ----------------------------------------------------------------


def may_share_space(state: State, seat: int) -> bool:
    return bool(state.expansion) and has_scholar(state, seat, "SCH_MEDITATION")


def meditation_tasks(state: State, seat: int, space: int) -> list[Task]:
    """Space 5 with Meditation, occupied or not: after the road tile, the action of a free space 1-4."""
    return [("meditation",)] if space == len(C.pass_spaces) and may_share_space(state, seat) else []


def free_spaces(state: State) -> list[int]:
    taken = {p.pass_space for p in state.players}
    return [s for s in range(1, len(C.pass_spaces)) if s not in taken]


@task("meditation")
def _meditation(tx: Tx, seat: int, step: Task, rng: RandomSource) -> list[Task] | Ask:
    return Ask("meditation_extra") if free_spaces(tx.state) else []


@commands.command("meditation_extra")
def _meditation_extra(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("space",))
    space = action["space"]
    if space is not None and (type(space) is not int or not 1 <= space <= len(C.pass_spaces)):
        raise malformed("'space' must be a pass space number from 1 to 5, or null.")
    refuse(why_not_decision(tx.state, seat, ("meditation_extra",)))
    if space is None:
        tx.emit({"t": "Declined", "seat": seat, "decision": "meditation_extra"})
        resume(tx, seat, [], rng)
        return
    if space not in free_spaces(tx.state):
        refuse(("meditation.bad_space", _("Meditation lets you take the action of a pass space from 1 to 4 nobody occupies.")))
    tx.emit({"t": "MeditationSpaceUsed", "seat": seat, "space": space})
    resume(tx, seat, [("pass_space", space)], rng)  # the marker stays on space 5


def meditation_actions(state: State, seat: int) -> list[Action]:
    out: list[Action] = [{"type": "meditation_extra", "space": None}]
    return out + [{"type": "meditation_extra", "space": s} for s in free_spaces(state)]


@evolves("MeditationSpaceUsed")
def _meditation_space_used(state: State, fact: Fact) -> State:
    return state  # the facts of the space's action follow


# -- bishops (§1.7, §6 step 3, §11) -----------------------------------------------------


def bishop_penalty(state: State) -> int:
    """−2 VP per monk on a bishop in the base game; none with the expansion (§8.1)."""
    return C.kingdom_bishop_penalty if state.expansion else C.bishop_penalty


def conquest(tx: Tx, awards: list[list[int]]) -> None:
    """Bishop Conquest: at the year-3 conquistador scoring its holders receive their award again
    (§1.7, A-41); a player who scored nothing gets nothing."""
    state = tx.state
    if not state.expansion or state.year != C.years or "BSH_CONQUEST" not in state.bishops:
        return
    place = state.monk_places[state.places.index("bishop_1") + state.bishops.index("BSH_CONQUEST")]
    for seat, vp in awards:
        if seat in place and vp:
            tx.emit({"t": "BishopConquestScored", "seat": seat, "vp": vp, **({"open": True} if state.open_scores else {})})


@evolves("BishopConquestScored")
def _conquest_scored(state: State, fact: Fact) -> State:
    p = state.players[fact["seat"]]
    return with_player(state, fact["seat"], vp=p.vp + fact["vp"], conquest_vp=(p.conquest_vp or 0) + fact["vp"])


__all__ = ["ADJUSTS", "LINES"]
