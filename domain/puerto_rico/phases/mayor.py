"""The mayor phase (§4.2): the mayor's privilege, the colonist ship's distribution, arranging
workers, the refill of the ship and the colonist end trigger; with Nobles (§2.5, §6.3) the villa,
nobles on the ship and choosing which piece goes where.

Section numbers (§) refer to the rules page `shared/rules/puerto-rico.md`.
"""

from __future__ import annotations

from typing import Any

from domain.core import Action, Fact, RandomSource
from domain.core.commands import Why, fields, named, refuse, reject, whole
from domain.core.facts import Tx
from domain.core.words import Citation

from ..common import (
    auto_pass,
    default_piece,
    move_worker,
    order,
    passed,
    phase_ended,
    piece_fields,
    piece_of,
    pieces_at,
    privilege,
    target,
    targets,
)
from ..components import CIRCLES, TILE_KINDS, VILLA
from ..i18n import _
from ..i18n import piece as piece_name
from ..i18n import spot as spot_name
from ..stages import among, clockwise, next_stage, turn_changes
from ..state import DISTRIBUTE, Player, State, Step, _set, _update, owned, set_player
from ..tables import automatic, commands, entrants, evolves, offers

# The rules-page section each fact of this module cites (`replay why`; `sections.py` gathers them).
CITES: dict[str, Citation] = {
    "MayorPrivilegeTaken": "4.2",
    "PieceTaken": "4.2",
    "ColonistsDistributed": "4.2",
    "ColonistPlaced": "4.2",
    "ColonistRemoved": "4.2",
    "ColonistsAssigned": "4.2",
    "ArrangementFinished": "4.2",
    "ColonistShipRefilled": "4.2",
    "VillaUsed": "2.5",
}


# -- the mayor's privilege (§4.2 M1) -------------------------------------------------------------


@offers(Step.MAYOR_PRIVILEGE)
def _privilege_actions(s: State, seat: int) -> list[Action]:
    top = min(privilege(s, seat), s.colonist_supply)  # 2 with an occupied library (§2.4)
    return [{"type": "mayor_privilege", "colonists": n} for n in range(top, -1, -1)]


@automatic(Step.MAYOR_PRIVILEGE)
def _privilege_auto(tx: Tx, rng: RandomSource) -> bool:
    s = tx.state
    if s.colonist_supply > 0:
        return False
    tx.emit({"t": "MayorPrivilegeTaken", "seat": s.turn, "colonists": 0, "auto": True})
    return True


@commands.command("mayor_privilege", Step.MAYOR_PRIVILEGE)
def _mayor_privilege(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("colonists",))
    n = whole(action, "colonists")
    cap = privilege(tx.state, seat)
    if not 0 <= n <= cap:
        reject("mayor.privilege_limit", _("The mayor may take 0 to {n} colonist from the supply.", n=cap))
    if n > tx.state.colonist_supply:
        reject("mayor.supply_empty", _("There are not that many colonists left in the supply."))
    tx.emit({"t": "MayorPrivilegeTaken", "seat": seat, "colonists": n})


@evolves("MayorPrivilegeTaken")
def _mayor_privilege_taken(s: State, f: Fact) -> State:
    seat, n = f["seat"], f["colonists"]
    pl = s.players[seat]
    return _set(
        s,
        colonist_supply=s.colonist_supply - n,
        players=set_player(s, seat, _set(pl, windrose=pl.windrose + n)),
        **next_stage(s),  # the villa / distribution stages do not depend on the privilege
    )


# -- the villa (§2.5, Nobles): before the distribution -------------------------------------------


@entrants(Step.VILLA)
def _villa_owners(s: State, stage: str, c: int) -> dict[str, Any] | None:
    return among(stage, [p for p in clockwise(s, c) if s.players[p].owns(VILLA)])


def villa_actions(s: State, seat: int) -> list[Action]:
    pl = s.players[seat]
    if pl.occ(VILLA) and (s.noble_supply > 0 or s.colonist_supply > 0):
        return [{"type": "villa_take"}]
    return []


@offers(Step.VILLA)
def _villa_offers(s: State, seat: int) -> list[Action]:
    return [*villa_actions(s, seat), {"type": "pass"}]


@automatic(Step.VILLA)
def _villa_auto(tx: Tx, rng: RandomSource) -> bool:
    return not villa_actions(tx.state, tx.state.turn) and auto_pass(tx)


@commands.command("villa_take", Step.VILLA)
def _villa_take(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    s = tx.state
    if not (s.config.nobles and s.players[seat].occ(VILLA)):
        reject("mayor.no_villa", _("You need an occupied villa to take a noble."))
    if s.noble_supply <= 0 and s.colonist_supply <= 0:
        reject("mayor.villa_empty", _("There is no noble and no colonist left in the supply."))
    # §2.5: a noble from the supply (not the ship); if none is left, a colonist
    tx.emit({"t": "VillaUsed", "seat": seat, "piece": "noble" if s.noble_supply > 0 else "colonist"})


@commands.command("pass", Step.VILLA)
def _villa_pass(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    passed(tx, seat)


def _to_windrose(s: State, seat: int, piece: str, source: str) -> tuple[State, Player]:
    """One worker leaves the supply or the colonist ship: the state without it, and the seat's
    player with it on the windrose (the caller puts the player back)."""
    pl = s.players[seat]
    if piece == "noble":
        pl = _set(pl, windrose=pl.windrose + 1, windrose_nobles=pl.windrose_nobles + 1)
        field = "noble_supply" if source == "supply" else "noble_ship"
    else:
        pl = _set(pl, windrose=pl.windrose + 1)
        field = "colonist_supply" if source == "supply" else "colonist_ship"
    return _update(s, {field: getattr(s, field) - 1}), pl


@evolves("VillaUsed")
def _villa_used(s: State, f: Fact) -> State:
    seat = f["seat"]
    s, pl = _to_windrose(s, seat, f["piece"], "supply")
    return _update(s, {"players": set_player(s, seat, pl), **turn_changes(s)})


# -- the distribution (§4.2 M3) ------------------------------------------------------------------


def _distribution(s: State) -> Fact:
    """§4.2 M3: one at a time from the mayor clockwise until the ship is empty."""
    ship, n = s.colonist_ship, s.n
    counts = [0] * n
    for i, seat in enumerate(order(s, s.chooser)):
        counts[seat] = ship // n + (1 if i < ship % n else 0)
    return {"t": "ColonistsDistributed", "colonists": counts}


def _noble_distribution(s: State) -> Fact:
    """§4.2 M3 with Nobles: one piece at a time from the next receiver clockwise until the ship is
    empty (only one kind is left on the ship when this runs)."""
    ship = s.colonist_ship + s.noble_ship
    n = s.n
    first = s.receiver if s.receiver >= 0 else s.chooser
    counts = [0] * n
    for i, seat in enumerate(order(s, first)):
        counts[seat] = ship // n + (1 if i < ship % n else 0)
    zeros = [0] * n
    if s.noble_ship:
        return {"t": "ColonistsDistributed", "colonists": zeros, "nobles": counts}
    return {"t": "ColonistsDistributed", "colonists": counts, "nobles": zeros}


@automatic(Step.DISTRIBUTE)
def _distribute(tx: Tx, rng: RandomSource) -> bool:
    s = tx.state
    tx.emit(_noble_distribution(s) if s.config.nobles else _distribution(s))
    return True


@offers(Step.TAKE_PIECE)
def _take_piece_actions(s: State, seat: int) -> list[Action]:
    return [{"type": "take_from_ship", "piece": "colonist"}, {"type": "take_from_ship", "piece": "noble"}]


@commands.command("take_from_ship", Step.TAKE_PIECE)
def _take_from_ship(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("piece",))
    tx.emit({"t": "PieceTaken", "seat": seat, "piece": piece_of(action)})


@evolves("PieceTaken")
def _piece_taken(s: State, f: Fact) -> State:
    seat = f["seat"]
    s, pl = _to_windrose(s, seat, f["piece"], "ship")
    s = _set(s, players=set_player(s, seat, pl), receiver=(seat + 1) % s.n)
    if s.colonist_ship > 0 and s.noble_ship > 0:
        return _set(s, turn=s.receiver)
    if s.colonist_ship + s.noble_ship > 0:
        return _set(s, step=DISTRIBUTE, turn=-1)
    return _update(s, next_stage(s, DISTRIBUTE))


@evolves("ColonistsDistributed")
def _colonists_distributed(s: State, f: Fact) -> State:
    counts = f["colonists"]
    nobles = f.get("nobles")
    players = tuple(_set(pl, windrose=pl.windrose + c) if c else pl for pl, c in zip(s.players, counts, strict=True))
    if nobles:
        players = tuple(
            _set(pl, windrose=pl.windrose + c, windrose_nobles=pl.windrose_nobles + c) if c else pl
            for pl, c in zip(players, nobles, strict=True)
        )
        s = _set(s, noble_ship=s.noble_ship - sum(nobles))
    return _update(s, {"players": players, "colonist_ship": s.colonist_ship - sum(counts), **next_stage(s, DISTRIBUTE)})


# -- arranging workers (§4.2 M4) -----------------------------------------------------------------


def arrangements(s: State, pl: Player) -> list[Action]:
    """§4.2 M4: the legal moves on `pl`'s board (its tiles and buildings, as `targets` lists
    them): a worker from the windrose onto an empty circle; before the player's first
    placement, a worker off a tile or building back to the windrose. With Nobles each move
    names its piece, one of the kinds standing where it comes from. The one source of these
    moves' legality: `why_not_arrange` accepts exactly what this lists (`_movable` is its test
    for one move). (Lists built by loops: a generator resumed per move cost more, asked at
    every decision of the step; without Nobles the tile kinds are walked by index, not
    gathered into `targets`' tuples first, which cost a quarter of the listing.)"""
    moves: list[Action] = []
    if s.config.nobles:
        spots = targets(pl)
        waiting = pieces_at(pl, "windrose", pl.windrose)
        for name, w, c in spots:
            if w < c:
                for p in waiting:
                    moves.append({"type": "place", "to": name, "piece": p})
        if not s.placed:
            for name, w, _circles in spots:
                if w > 0:
                    for p in pieces_at(pl, name, w):
                        moves.append({"type": "remove", "from": name, "piece": p})
        return moves
    buildings = owned(pl.buildings)[0]  # (name, workers, circles) of each owned building
    manned = pl.manned
    if pl.windrose > 0:
        for k, c in enumerate(pl.island):  # (a tile kind not held has no circle: never listed)
            if manned[k] < c:
                moves.append({"type": "place", "to": TILE_KINDS[k]})
        for name, w, c in buildings:
            if w < c:
                moves.append({"type": "place", "to": name})
    if not s.placed:
        for k, w in enumerate(manned):
            if w > 0:
                moves.append({"type": "remove", "from": TILE_KINDS[k]})
        for name, w, _circles in buildings:
            if w > 0:
                moves.append({"type": "remove", "from": name})
    return moves


def _movable(s: State, pl: Player, move: Action, where: str, w: int, c: int) -> bool:
    """Whether `arrangements` lists `move` (a place / remove at `where`, holding `w` workers on
    `c` circles; its piece named with Nobles): its conditions for that one spot, asked directly
    (listing the spot's moves and comparing the dictionaries cost several times more, at every
    place and remove)."""
    if move["type"] == "place":
        if s.config.nobles:
            return w < c and move.get("piece") in pieces_at(pl, "windrose", pl.windrose)
        return pl.windrose > 0 and w < c
    if s.placed or w <= 0:
        return False
    return not s.config.nobles or move.get("piece") in pieces_at(pl, where, w)


def why_not_arrange(s: State, pl: Player, move: Action, spot: tuple[int, int]) -> Why:
    """A place / remove `move` (its piece named with Nobles) at a tile or building holding
    `spot` (workers, circles): allowed when `arrangements` lists it; else which part of §4.2 M4
    it breaks."""
    where = move["to"] if move["type"] == "place" else move["from"]
    if _movable(s, pl, move, where, spot[0], spot[1]):
        return None
    if move["type"] == "place":
        if pl.windrose <= 0:
            return "mayor.no_colonist", _("You have no colonist waiting on your windrose to place.")
        if spot[0] >= spot[1]:
            return "mayor.target_full", _("Every circle of your {spot} is already occupied.", spot=spot_name(where))
    else:
        if s.placed:
            return (
                "mayor.remove_after_place",
                _("Take colonists off your tiles before you start placing; you have already placed one."),
            )
        if spot[0] <= 0:
            return "mayor.nothing_to_remove", _("There is no colonist on your {spot}.", spot=spot_name(where))
    return "mayor.no_such_piece", _("There is no {piece} there.", piece=piece_name(move["piece"]))


def why_not_done(pl: Player) -> Why:
    """§4.2 M4 rule 3: workers stay on the windrose only when every circle is filled."""
    if pl.windrose > 0:
        for _name, w, c in targets(pl):
            if w < c:
                return (
                    "mayor.empty_circles",
                    _("Colonists may stay on the windrose only when every circle on your board is filled."),
                )
    return None


@offers(Step.ARRANGE)
def _arrange_actions(s: State, seat: int) -> list[Action]:
    pl = s.players[seat]
    acts = arrangements(s, pl)
    # `why_not_done` read off the list: it refuses `done` exactly when a worker waits and a
    # circle is empty, which is when `arrangements` lists a place (first, before any remove);
    # its loop over the board again cost more than the check
    if not acts or acts[0]["type"] != "place":
        acts.append({"type": "done"})
    return acts


@automatic(Step.ARRANGE)
def _arrange_auto(tx: Tx, rng: RandomSource) -> bool:
    """§4.2 M4 steps with nothing left to decide; False when the player must choose."""
    s = tx.state
    pl = s.players[s.turn]
    if s.placed and not s.config.nobles:
        # After the player's first placement, without Nobles: his turn began with fewer workers
        # than circles (else the first case below ended it; placing and removing change
        # neither count), so a circle stays empty and the turn ends only when no worker waits.
        # (Half the calls; the counts below cost more than the rest of the step.)
        if pl.windrose > 0:
            return False
        tx.emit({"t": "ArrangementFinished", "seat": s.turn, "auto": True})
        return True
    placed, circles = pl.crew()  # (the workers on tiles and buildings, the circles of his board)
    total = placed + pl.windrose
    # (the first case is asked before the player's first placement: after it, with Nobles, the
    # turn began with these same counts and that check found a choice; only the Nobles
    # expansion has nobles to count)
    if (
        not s.placed
        and total >= circles
        and (not s.config.nobles or pl.nobles == 0 or pl.nobles == total)
    ):
        # §4.2 M4 rule 3, "a worker may stay on the windrose only if every circle of p is filled":
        # with workers of one kind and at least as many as circles, every legal arrangement is
        # the same (§4.2: "if a player has no real choice the engine may auto-arrange"). (No
        # empty board comes here: every board keeps a circle, its first plantation or the
        # building that discarded it.)
        tx.emit({"t": "ColonistsAssigned", "seat": s.turn})
    elif (pl.windrose == 0 or placed >= circles) and (s.placed or placed == 0):
        # `arrangements` lists nothing, `done` is all there is (§0.3): said in counts, as the
        # generator's own conditions over the whole board (no worker waits or no circle is
        # empty; no worker may come off, after the first placement, or none stands anywhere),
        # because this runs at every move of every arrangement and listing the board costs ~5 %
        # of a game (the property tests check that no seat is asked with `done` alone)
        tx.emit({"t": "ArrangementFinished", "seat": s.turn, "auto": True})
    else:
        return False
    return True


def _arrange(tx: Tx, seat: int, action: Action, key: str, fact: Fact) -> None:
    """A place / remove action (`key`: "to" or "from"): checked by `why_not_arrange`, the fact
    naming the piece moved with Nobles."""
    s = tx.state
    fields(action, (key,), piece_fields(s))
    pl = s.players[seat]
    where = named(action, key)
    spot = target(pl, where)
    if spot is None:
        reject("mayor.unknown_target", _("You have no plantation, quarry or building {name!r}.", name=where))
    move: Action = {"type": action["type"], key: where}
    if s.config.nobles:  # the piece named, else the only kind of worker where it comes from
        move["piece"] = piece_of(action, default_piece(pl, "windrose" if key == "to" else where))
    if not _movable(s, pl, move, where, spot[0], spot[1]):  # (`why_not_arrange`'s test; why, only if refused)
        refuse(why_not_arrange(s, pl, move, spot))
    fact[key] = where
    if s.config.nobles:
        fact["piece"] = move["piece"]
    tx.emit(fact)


@commands.command("place", Step.ARRANGE)
def _place(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    _arrange(tx, seat, action, "to", {"t": "ColonistPlaced", "seat": seat})


@commands.command("remove", Step.ARRANGE)
def _remove(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    _arrange(tx, seat, action, "from", {"t": "ColonistRemoved", "seat": seat})


@commands.command("done", Step.ARRANGE)
def _arrange_done(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    refuse(why_not_done(tx.state.players[seat]))
    tx.emit({"t": "ArrangementFinished", "seat": seat})


@evolves("ColonistPlaced")
def _colonist_placed(s: State, f: Fact) -> State:
    seat = f["seat"]
    pl = move_worker(s.players[seat], f["to"], 1, f.get("piece") == "noble")
    return _update(s, {"players": set_player(s, seat, pl), "placed": True})  # (a call less than `_set`)


@evolves("ColonistRemoved")
def _colonist_removed(s: State, f: Fact) -> State:
    seat = f["seat"]
    pl = move_worker(s.players[seat], f["from"], -1, f.get("piece") == "noble")
    return _update(s, {"players": set_player(s, seat, pl)})


@evolves("ColonistsAssigned")
def _colonists_assigned(s: State, f: Fact) -> State:
    # §4.2 M4 with no choice: every circle filled, the rest wait on the windrose (all workers of
    # the player are of one kind: colonists, or only nobles).
    seat = f["seat"]
    pl = s.players[seat]
    placed, circles = pl.crew()
    total = placed + pl.windrose  # (`pl.workers`, without another property call)
    nobles = s.config.nobles and pl.nobles > 0  # (only the Nobles expansion has nobles)
    # every owned building with its circles filled (a base game's row is shorter than the catalog)
    full = tuple([c if w >= 0 else -1 for w, c in zip(pl.buildings, CIRCLES, strict=False)])
    pl = _set(pl, manned=pl.island, buildings=full, windrose=total - circles)
    if nobles:
        pl = _set(pl, manned_nobles=pl.island, building_nobles=tuple([max(0, w) for w in full]), windrose_nobles=pl.windrose)
    return _update(s, {"players": set_player(s, seat, pl), "placed": False, **turn_changes(s)})


@evolves("ArrangementFinished")
def _arrangement_finished(s: State, f: Fact) -> State:
    return _update(s, {"placed": False, **turn_changes(s)})


# -- the end of the phase: §4.2 M5 ---------------------------------------------------------------


def empty_building_circles(s: State) -> int:
    """§4.2 M5: empty circles on buildings of all players (plantations and quarries do not count)."""
    # (a player's circles on owned buildings less the workers on them; -1 marks a building not owned)
    return sum(owned(pl.buildings)[1] - sum(pl.buildings) - pl.buildings.count(-1) for pl in s.players)


@automatic(Step.MAYOR_END)
def _refill_ship(tx: Tx, rng: RandomSource) -> bool:
    s = tx.state
    need = max(empty_building_circles(s), s.n)
    if s.config.nobles:
        # §6.3: 1 noble (while any is left) and the rest colonists; no colonist end trigger
        nobles = 1 if s.noble_supply > 0 else 0
        tx.emit({"t": "ColonistShipRefilled", "colonists": min(need - nobles, s.colonist_supply), "nobles": nobles})
    elif s.colonist_supply >= need:  # §4.2 M5: refill the colonist ship
        tx.emit({"t": "ColonistShipRefilled", "colonists": need})
    else:  # §5.1.1 colonist end trigger (§10 A7)
        tx.emit({"t": "ColonistShipRefilled", "colonists": s.colonist_supply, "short": True})
        if "colonists" not in tx.state.end_reasons:
            tx.emit({"t": "GameEndTriggered", "reason": "colonists"})
    return phase_ended(tx)


@evolves("ColonistShipRefilled")
def _colonist_ship_refilled(s: State, f: Fact) -> State:
    n, k = f["colonists"], f.get("nobles", 0)
    return _set(
        s,
        colonist_supply=s.colonist_supply - n,
        colonist_ship=s.colonist_ship + n,
        noble_supply=s.noble_supply - k,
        noble_ship=s.noble_ship + k,
    )
