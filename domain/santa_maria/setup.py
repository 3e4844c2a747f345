"""Game options and setup (rules page §1.9, §7.1-§7.3, §12.1): the starting position, the
colony draft and the town-hall draft of the advanced setup."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core import Action, Fact, RandomSource, die, shuffle
from domain.core.commands import Why, fields, malformed, one_of, refuse
from domain.core.errors import InvalidOptions
from domain.core.facts import Tx
from domain.core.options import Option, check, check_seats

from . import ambassadors, governor, kingdoms, specialists
from .actions import _anchor, _rotation
from .colony import footprint, placements, why_not_place
from .components import C
from .i18n import N_, _
from .maya import hooks as maya_hooks
from .maya import setup as maya_setup
from .state import CELLS, Phase, Player, State, commands, evolves, index, put, replace, with_player

MIN_SEATS = 1
MAX_SEATS = 5  # 5 only with the Maya city and the ambassadors (modules C and D, §8.6): four colonies and the Maya
OPTIONS = (
    Option("advanced_setup", "bool", False,
           N_("Advanced setup: colonies on side B, each player drafts a town hall with a scholar of their own.")),
    Option("colony_assignment", "choice", "draft",
           N_("Standard setup: players choose their colony boards in turn (draft), or they are dealt at random (a first game)."),
           choices=("draft", "random")),
    Option("shared_blue_dice", "bool", False,
           N_("Shared blue dice: blue dice lie in a common pool; each player uses as many a year as they have unlocked.")),
    Option("open_scores", "bool", False,
           N_("Open scores: everybody sees every player's victory points during the game (normally they lie face down).")),
    Option("kozlocracy_rule", "choice", "no_roads",
           N_("Solo achievement Kozlocracy: the line may hold no roads (no_roads), or roads do not count (roads_ignored)."),
           choices=("no_roads", "roads_ignored")),
    # American Kingdoms (§8, §12.1)
    Option("expansion", "bool", False,
           N_("American Kingdoms: cocoa, special development and sea-trade tiles, new scholars and bishops.")),
    Option("modules", "choices", (),
           N_("American Kingdoms modules: A Governor, B Specialists, C Ambassadors, D the Maya city (any combination)."),
           choices=("A", "B", "C", "D"), item="module"),
    Option("governor_sign_rule", "choice", "anti_diagonal",
           N_("Module A: which governor cells score plus (anti_diagonal: row + column at least 9; quadrant: row and column at least 4)."),
           choices=("anti_diagonal", "quadrant")),
    Option("specialist_overflow", "choice", "coins",
           N_("Module B: goods a specialist brings beyond the storage limit become coins (coins) or are lost (none)."),
           choices=("coins", "none")),
    Option("high_priest_reuse", "bool", True,
           N_("Module D: the Maya's high priests come back at the end of each year (otherwise each is used once).")),
    Option("maya_free_buy", "bool", True,
           N_("Module D: the Maya may buy wood or grain for 3 coins as a free action.")),
)

# The options of one module; where the module is not in play they do not apply and are dropped.
# A base game's normalised options (and so its GameSetUp fact and state) carry none of the
# expansion's options, so records made before the expansion keep their facts and hashes.
MODULE_OPTIONS = {"governor_sign_rule": "A", "specialist_overflow": "B", "high_priest_reuse": "D", "maya_free_buy": "D"}
MODULE_NAMES = {"A": "A (Governor)", "B": "B (Specialists)", "C": "C (Ambassadors)", "D": "D (the Maya city)"}
# What of the expansion this server plays so far; the rest is refused, never silently ignored.
PLAYABLE: dict[str, bool] = {"expansion": True, "A": True, "B": True, "C": True, "D": True}


def check_options(options: Mapping[str, Any], seats: int) -> dict[str, Any]:
    """Normalised options (§1.9 step 0); every value checked, unknown keys refused."""
    opts = check(OPTIONS, options, "Santa Maria")
    modules = opts["modules"]
    if type(seats) is int and seats == 5 and "D" not in modules:
        raise InvalidOptions("options.player_count",
                             _("Santa Maria is played by 1 to 4 players; 5 only with the Maya city (module D)."))
    check_seats(seats, MIN_SEATS, MAX_SEATS, "Santa Maria")
    if modules and not opts["expansion"]:
        raise InvalidOptions("options.modules", _("The modules A to D need the American Kingdoms expansion (expansion: true)."))
    if seats == 5 and "C" not in modules:
        raise InvalidOptions("options.modules", _("A game of five (the Maya and four colonies) needs module C, the ambassadors (§8.6)."))
    if opts["shared_blue_dice"] and ("C" in modules or "D" in modules):
        raise InvalidOptions("options.shared_blue_dice",
                             _("Shared blue dice are not played with the ambassadors (C) or the Maya city (D) (§11 A-29)."))
    if opts["expansion"] and not PLAYABLE["expansion"]:
        raise InvalidOptions("options.expansion_unavailable", _("American Kingdoms is not playable on this server yet."))
    for module in modules:
        if not PLAYABLE[module]:
            raise InvalidOptions("options.module_unavailable",
                                 _("American Kingdoms module {module} is not playable on this server yet.", module=module))
    for name, module in MODULE_OPTIONS.items():  # an option of a module not in play does not apply
        if module not in modules:
            del opts[name]
    if not opts["expansion"]:
        for name in ("expansion", "modules"):
            del opts[name]
    return opts


def setup(options: Mapping[str, Any], seats: int, rng: RandomSource) -> list[Fact]:
    """The facts of a new game, in the order of §1.9."""
    opts = check_options(options, seats)
    facts: list[Fact] = [{"t": "GameSetUp", "seats": seats, **opts}]
    facts.append({"t": "BlueSupplySet", "count": min(C.blue_per_player * seats, C.blue_in_box)})  # step 1
    starting = shuffle(rng, C.starting_ships)  # step 3
    facts.append({"t": "ShipsDealt", "docks": dict(zip(C.docks, starting, strict=True))})
    facts.append({"t": "ShipDeckShuffled", "order": list(shuffle(rng, C.regular_ships))})  # step 4
    if kingdoms.expansion(opts):  # §8.1 setup 1: the special stack and dock
        facts += kingdoms.special_ships_setup(rng)
    facts.append({"t": "WhiteDiceRolled", "faces": sorted(die(rng) for _skip in range(ambassadors.white_per_player(opts.get("modules")) * seats))})  # step 5
    facts += ambassadors.setup_dice(opts, rng)  # module C: the two ambassador dice (§8.4)
    scholars = shuffle(rng, kingdoms.scholar_pool(opts))  # step 7 (§8.1 setup 2-3: mixed pools)
    bishops = shuffle(rng, kingdoms.bishop_pool(opts))
    on_board = kingdoms.scholars_on_board(opts)
    facts.append({"t": "ScholarsShuffled", "order": list(scholars)})
    facts.append({"t": "BishopsShuffled", "order": list(bishops)})
    facts.append({"t": "ScholarsRevealed", "scholars": list(scholars[:on_board])})
    facts.append({"t": "BishopsRevealed", "bishops": list(bishops[:3])})
    doubles, triples = shuffle(rng, C.doubles), shuffle(rng, C.triples)  # step 8
    specials = kingdoms.special_tiles(rng, opts)  # §8.1 setup 4
    facts.append({"t": "TileStacksShuffled", "double": list(doubles), "triple": list(triples),
                  **kingdoms.stacks_fields(specials, opts)})
    facts.append({"t": "DisplayDealt", "double": list(doubles[: C.display["double"]]),
                  "triple": list(triples[: C.display["triple"]]), **kingdoms.display_fields(specials, opts)})
    facts += specialists.setup_facts(opts, rng)  # §8.3 setup (module B)
    with_maya = maya_setup.in_play(opts)  # module D: the first listed player is the Maya, first (§8.6.2, A-76)
    first = 0 if seats == 1 or with_maya else rng.below(seats)  # step 12 (solo: always first)
    if not with_maya:
        facts.append({"t": "FirstPlayerChosen", "seat": first})
    given = maya_hooks.starting_goods(seats, first) if with_maya else [
        ((first + k) % seats, C.start_wood, C.start_coins[k]) for k in range(seats)]
    for seat, wood, coins in given:  # step 14
        facts.append({"t": "StartingGoodsGiven", "seat": seat, "wood": wood, "coins": coins})
    if opts["shared_blue_dice"]:  # step 15, or §7.2: one blue die per player into the pool
        facts.append({"t": "BlueDiceRolled", "pool": sorted(die(rng) for _skip in range(seats)), "taken": seats})
    elif ambassadors.starting_blue_die(opts):  # module C: no starting blue die (§8.4)
        for k in range(seats):
            facts.append({"t": "BlueDieGained", "seat": (first + k) % seats, "die": f"b{k + 1}", "face": die(rng),
                          "usable_this_year": True})
    maya_seat = maya_setup.MAYA_SEAT if with_maya else None  # module D: the Maya has no colony and no cocoa tokens
    facts += kingdoms.cocoa_tokens(opts, seats, maya_seat)  # §8.1 setup 5
    if with_maya:
        facts += maya_setup.setup_facts(opts, seats, rng)
    draft = [(first - k) % seats for k in range(1, seats + 1)]  # right of the first player, counter-clockwise
    if with_maya:  # the Maya has no colony
        draft = [s for s in draft if s != maya_seat]
    if not draft:  # the solo Maya
        facts += start_of_play(first, opening(opts.get("modules", ()), seats, specialists.order(facts)))
        return facts
    if opts["advanced_setup"]:  # §7.1: 4 sets of a town hall and the next scholar of the shuffle
        sets = [[s, th, scholars[on_board + i]] for i, (s, th) in enumerate(kingdoms.sets_in_play(opts))]
        facts.append({"t": "TownHallSetsDealt", "sets": sets})
        facts.append({"t": "DraftStarted", "draft": "set", "order": draft})
        return facts
    if kingdoms.expansion(opts):  # §8.1 setup 6: colonies by the town-hall deal
        facts += kingdoms.colonies_dealt(rng, opts, seats, maya_seat)
        facts += start_of_play(first, opening(opts.get("modules", ()), seats, specialists.order(facts)))
        return facts
    if opts["colony_assignment"] == "random":
        boards = shuffle(rng, sorted(C.boards))
        dealt = iter(boards)
        facts.append({"t": "ColoniesDealt", "boards": ["" if s == maya_seat else next(dealt)
                                                      for s in range(seats)]})
        facts += start_of_play(first, opening(opts.get("modules", ()), seats, specialists.order(facts)))
        return facts
    facts.append({"t": "DraftStarted", "draft": "colony", "order": draft})
    return facts


def start_of_play(first: int, before: list[Fact] | None = None) -> list[Fact]:
    return [*(before or []), {"t": "YearStarted", "year": 1}, {"t": "TurnStarted", "seat": first}]


def opening(modules: Any, seats: int, stack: Any) -> list[Fact]:
    """American Kingdoms before year 1, once the colonies are known: governors (§8.2), the
    first specialists (§8.7)."""
    return [*governor.setup_facts(modules, seats), *specialists.deal_facts(modules, stack)]


# -- the facts of setup ----------------------------------------------------------------------------


@evolves("GameSetUp")
def _game_set_up(state: State | None, fact: Fact) -> State:
    n = fact["seats"]
    state = State(seats=n, advanced_setup=fact["advanced_setup"], colony_assignment=fact["colony_assignment"],
                  shared_blue_dice=fact["shared_blue_dice"], open_scores=fact["open_scores"],
                  kozlocracy_rule=fact["kozlocracy_rule"], players=(Player(),) * n)
    if fact.get("expansion"):  # American Kingdoms (§8.1, §12.1): its monk places, the special stacks, the modules
        state = replace(state, expansion=True, modules=tuple(fact.get("modules", ())),
                        monk_places=((),) * len(C.kingdom_places), special_stack=(), special_ships=(),
                        governor_sign_rule=fact.get("governor_sign_rule"),
                        specialist_overflow=fact.get("specialist_overflow"))
    return state


@evolves("BlueSupplySet")
def _blue_supply_set(state: State, fact: Fact) -> State:
    return replace(state, blue_supply=fact["count"])


@evolves("ShipsDealt")
def _ships_dealt(state: State, fact: Fact) -> State:
    return replace(state, board_docks=tuple(fact["docks"][d] for d in C.docks))


@evolves("ShipDeckShuffled")
def _ship_deck_shuffled(state: State, fact: Fact) -> State:
    return replace(state, ship_deck=tuple(fact["order"]))


@evolves("ScholarsShuffled", "BishopsShuffled")
def _shuffled(state: State, fact: Fact) -> State:
    return replace(state, boxed=state.boxed + tuple(fact["order"]))  # undrawn tiles stay unseen


@evolves("ScholarsRevealed")
def _scholars_revealed(state: State, fact: Fact) -> State:
    return replace(state, scholars=tuple(fact["scholars"]), boxed=tuple(t for t in state.boxed if t not in fact["scholars"]))


@evolves("BishopsRevealed")
def _bishops_revealed(state: State, fact: Fact) -> State:
    return replace(state, bishops=tuple(fact["bishops"]), boxed=tuple(t for t in state.boxed if t not in fact["bishops"]))


@evolves("TileStacksShuffled")
def _tile_stacks_shuffled(state: State, fact: Fact) -> State:
    state = replace(state, stacks=(tuple(fact["double"]), tuple(fact["triple"])))
    return replace(state, special_stack=tuple(fact["special"])) if "special" in fact else state


@evolves("FirstPlayerChosen")
def _first_player_chosen(state: State, fact: Fact) -> State:
    return replace(state, first=fact["seat"], current=fact["seat"])


@evolves("StartingGoodsGiven")
def _starting_goods(state: State, fact: Fact) -> State:
    return with_player(state, fact["seat"], coins=fact["coins"], goods=(fact["wood"], 0, 0, 0, 0))


@evolves("TownHallSetsDealt")
def _sets_dealt(state: State, fact: Fact) -> State:
    sets = tuple((s, th, sch) for s, th, sch in fact["sets"])
    return replace(state, sets=sets, boxed=tuple(t for t in state.boxed if t not in {s[2] for s in sets}))


@evolves("DraftStarted")
def _draft_started(state: State, fact: Fact) -> State:
    phase = Phase.DRAFT_SET if fact["draft"] == "set" else Phase.DRAFT_COLONY
    players = state.players
    if phase is Phase.DRAFT_SET:  # every colony on side B (§7.1 step 2)
        players = tuple(p if state.maya and state.maya.seat == s else _board(p, "side_B") for s, p in enumerate(players))
    return replace(state, phase=phase, draft=tuple(fact["order"]), players=players)


def _board(p: Player, board: str) -> Player:
    if not board:  # the Maya (module D) has no colony
        return p
    grid = C.side_b if board == "side_B" else C.grids[board]
    types = C.side_b_types if board == "side_B" else C.board_types[board]
    return replace(p, board=board, grid=grid, types=types, occupant=("",) * CELLS)


@evolves("ColoniesDealt")
def _colonies_dealt(state: State, fact: Fact) -> State:
    return replace(state, players=tuple(_board(p, b) for p, b in zip(state.players, fact["boards"], strict=True)))


@evolves("ColonyChosen")
def _colony_chosen(state: State, fact: Fact) -> State:
    seat = fact["seat"]
    state = replace(state, players=put(state.players, seat, _board(state.players[seat], fact["board"])))
    return replace(state, draft=state.draft[1:])


@evolves("SetChosen")
def _set_chosen(state: State, fact: Fact) -> State:
    chosen = next(s for s in state.sets if s[0] == fact["set"])
    state = with_player(state, fact["seat"], personal_scholar=chosen[2])
    return replace(state, sets=tuple(s for s in state.sets if s[0] != fact["set"]), placing=fact["seat"],
                   hall=fact["town_hall"], draft=state.draft[1:])


@evolves("SetsReturned")
def _sets_returned(state: State, fact: Fact) -> State:
    return replace(state, sets=(), placing=None)


# -- the drafts (§1.9 step 13, §7.1) ----------------------------------------------------------------


def _setup_turn(state: State, seat: int, phase: Phase) -> Why:
    if state.phase is not phase:
        return ("action.not_now", _("That is not a choice of this part of the game."))
    if state.placing is not None or state.draft[0] != seat:
        return ("turn.not_yours", _("It is not your pick."))
    return None


@commands.command("choose_colony")
def _choose_colony(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("board",))
    board = one_of(action, "board", sorted(C.boards))
    refuse(_setup_turn(tx.state, seat, Phase.DRAFT_COLONY))
    if any(p.board == board for p in tx.state.players):
        refuse(("setup.board_taken", _("Another player has chosen that colony.")))
    tx.emit({"t": "ColonyChosen", "seat": seat, "board": board})
    if not tx.state.draft:
        for fact in start_of_play(tx.state.first, opening(tx.state.modules or (), tx.state.seats, tx.state.specialist_stack or ())):
            tx.emit(fact)


@commands.command("choose_set")
def _choose_set(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("set",))
    chosen = one_of(action, "set", kingdoms.set_names(tx.state))
    refuse(_setup_turn(tx.state, seat, Phase.DRAFT_SET))
    if all(s[0] != chosen for s in tx.state.sets):
        refuse(("setup.set_taken", _("Another player has taken that set.")))
    tx.emit({"t": "SetChosen", "seat": seat, "set": chosen,
             "town_hall": next(s[1] for s in tx.state.sets if s[0] == chosen)})
    if chosen == C.cocoa_set:  # §8.1 setup 7: the cocoa-colony player's second token
        tx.emit(kingdoms.cocoa_colony_token(seat))


@commands.command("place_town_hall")
def _place_town_hall(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("anchor", "rotation"))
    anchor, rotation = _anchor(action), _rotation(action)
    if tx.state.phase is not Phase.DRAFT_SET or tx.state.placing != seat:
        refuse(("turn.not_yours", _("You have no town hall to place.")))
    hall = tx.state.hall
    assert hall is not None
    refuse(why_not_place(tx.state.players[seat], C.tiles[hall], anchor, rotation, "townhall"))
    cells = footprint(C.tiles[hall], anchor, rotation)
    tx.emit({"t": "TownHallPlaced", "seat": seat, "town_hall": hall, "anchor": list(anchor), "rotation": rotation,
             "cells": [[r, c, code] for (r, c), code in zip(cells, C.tiles[hall].cells, strict=True)]})
    if not tx.state.draft:
        tx.emit({"t": "SetsReturned", "sets": [list(s) for s in tx.state.sets]})
        for fact in start_of_play(tx.state.first, opening(tx.state.modules or (), tx.state.seats, tx.state.specialist_stack or ())):
            tx.emit(fact)


def setup_actions(state: State, seat: int) -> list[Action]:
    if state.phase is Phase.DRAFT_COLONY:
        if _setup_turn(state, seat, Phase.DRAFT_COLONY) is not None:
            return []
        taken = {p.board for p in state.players}
        return [{"type": "choose_colony", "board": b} for b in sorted(C.boards) if b not in taken]
    if state.placing == seat:
        hall = state.hall
        assert hall is not None
        return [{"type": "place_town_hall", "anchor": list(a), "rotation": r}
                for a, r in placements(state.players[seat], C.tiles[hall], "townhall")]
    if _setup_turn(state, seat, Phase.DRAFT_SET) is not None:
        return []
    return [{"type": "choose_set", "set": s[0]} for s in state.sets]


__all__ = ["index", "malformed"]
