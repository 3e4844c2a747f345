"""Guests (§4.8, New Buildings' guest house): a worker parked on the guest house may move to an
empty circle in the guest windows that open and close every phase but the mayor's, and before
any command its owner gives in those phases. Nothing here runs in a game without New Buildings.
"""

from __future__ import annotations

from typing import Any

from domain.core import Action, Fact, RandomSource
from domain.core.commands import fields, named, reject
from domain.core.facts import Tx
from domain.core.words import Citation

from ..common import (
    auto_pass,
    default_piece,
    passed,
    piece,
    piece_fields,
    piece_of,
    pieces_at,
    target,
    targets,
)
from ..components import BUILDING_INDEX, TILE_INDEX
from ..i18n import _
from ..i18n import piece as piece_name
from ..i18n import spot as spot_name
from ..stages import among, clockwise
from ..state import (
    BLACK_MARKET_STEP,
    BUILD,
    CRAFTSMAN_BONUS,
    GUEST_END,
    GUEST_START,
    LODGE,
    PLACE_TILE,
    SELL,
    SETTLE,
    SETTLE_EXTRA,
    SHIP,
    SMALL_WHARF_STEP,
    STORE,
    Player,
    State,
    Step,
    _set,
    add,
    set_player,
)
from ..tables import automatic, commands, entrants, evolves, offers

# §4.8: a guest may move "as a prefix" whenever its owner is asked for a command in a phase
# other than the mayor's, and in the guest windows.
GUEST_STEPS = frozenset(
    {GUEST_START, GUEST_END, SETTLE, SETTLE_EXTRA, PLACE_TILE, LODGE, BUILD,
     BLACK_MARKET_STEP, CRAFTSMAN_BONUS, SELL, SHIP, SMALL_WHARF_STEP, STORE}
)
_GUEST_HOUSE = BUILDING_INDEX["guest_house"]


# The rules-page section each fact of this module cites (`replay why`; `sections.py` gathers them).
CITES: dict[str, Citation] = {
    "GuestDeployed": "4.8",
}


def guest_ready(pl: Player) -> bool:
    """§4.8: the player holds a guest and some tile or building has an empty circle for it."""
    return pl.buildings[_GUEST_HOUSE] > 0 and pl.open_circles > 0  # (`guests` without its property call)


def guest_ok(s: State, seat: int) -> bool:
    """Whether `seat` may deploy a guest now, if it is the seat asked for a command."""
    # (`guest_ready` with the guest house read first: most players have no guest, so this is
    # answered before the step is looked up; asked at every decision with New Buildings)
    if not s.config.new_buildings:
        return False
    pl = s.players[seat]
    return pl.buildings[_GUEST_HOUSE] > 0 and s.step in GUEST_STEPS and pl.open_circles > 0


def guest_actions(s: State, seat: int) -> list[Action]:
    pl = s.players[seat]
    kinds = pieces_at(pl, "guest_house", pl.guests)
    return [
        {"type": "deploy_guest", "to": name, **piece(s, kind)}
        for name, w, c in targets(pl)
        if w < c and name != "guest_house"
        for kind in kinds
    ]


@entrants(Step.GUEST_START, Step.GUEST_END)
def _window(s: State, stage: str, c: int) -> dict[str, Any] | None:
    return among(stage, [p for p in clockwise(s, c) if guest_ready(s.players[p])])


@offers(Step.GUEST_START, Step.GUEST_END)
def _window_actions(s: State, seat: int) -> list[Action]:
    return [{"type": "done"}]  # the guests themselves are offered before every step's actions


@automatic(Step.GUEST_START, Step.GUEST_END)
def _window_auto(tx: Tx, rng: RandomSource) -> bool:
    return not guest_ok(tx.state, tx.state.turn) and auto_pass(tx)


@commands.command("deploy_guest", *GUEST_STEPS)
def _deploy_guest(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    s = tx.state
    fields(action, ("to",), piece_fields(s))
    pl = s.players[seat]
    name = named(action, "to")
    kind = piece_of(action, default_piece(pl, "guest_house"))
    if not s.config.new_buildings or pl.guests <= 0:
        reject("guest.no_guest", _("You have no guest waiting on a guest house."))
    if kind not in pieces_at(pl, "guest_house", pl.guests):
        reject("guest.no_such_piece", _("There is no {piece} among your guests.", piece=piece_name(kind)))
    if name == "guest_house":
        reject("guest.same_place", _("A guest moves from the guest house to another building or tile."))
    spot = target(pl, name)
    if spot is None:
        reject("guest.unknown_target", _("You have no plantation, quarry or building {name!r}.", name=name))
    if spot[0] >= spot[1]:
        reject("guest.target_full", _("Your {spot} has no empty circle.", spot=spot_name(name)))
    tx.emit({"t": "GuestDeployed", "seat": seat, "to": name, **piece(s, kind)})


@commands.command("done", Step.GUEST_START, Step.GUEST_END)
def _window_done(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    passed(tx, seat)


@evolves("GuestDeployed")
def _guest_deployed(s: State, f: Fact) -> State:
    seat, where, noble = f["seat"], f["to"], f.get("piece") == "noble"
    pl = s.players[seat]
    pl = _set(pl, buildings=add(pl.buildings, _GUEST_HOUSE, -1))
    if noble:
        pl = _set(pl, building_nobles=add(pl.building_nobles, _GUEST_HOUSE, -1))
    k = TILE_INDEX.get(where)
    if k is not None:
        pl = _set(pl, manned=add(pl.manned, k, 1))
        if noble:
            pl = _set(pl, manned_nobles=add(pl.manned_nobles, k, 1))
    else:
        b = BUILDING_INDEX[where]
        pl = _set(pl, buildings=add(pl.buildings, b, 1))
        if noble:
            pl = _set(pl, building_nobles=add(pl.building_nobles, b, 1))
    return _set(s, players=set_player(s, seat, pl))
