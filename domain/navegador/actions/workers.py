"""The Workers (§2.4) and Ships (§2.5) actions: one unit per church / shipyard at the cheap
price, the rest at the phase's price; units beyond the track or the supply are sold at once."""

from __future__ import annotations

from domain.core import Action, RandomSource
from domain.core.commands import Why, fields, refuse, whole
from domain.core.facts import Tx

from ..components import C
from ..i18n import cr, ngettext
from ..state import Player, State
from ..turns import _end_turn, _need_action, commands


def _units(count: int, cheap_slots: int, cheap_price: int, room: int, phase: int) -> tuple[int, int, int]:
    """(cost, real, virtual) of `count` workers or ships (§2.4, §2.5): one per church / shipyard
    at the cheap price, the rest at 100 x phase; units beyond the track / supply are virtual."""
    cheap = min(count, cheap_slots)
    cost = cheap_price * cheap + C.extra_unit_price[phase] * (count - cheap)
    real = min(count, room)
    return cost, real, count - real


def _why_not_hire(state: State, p: Player, count: int) -> Why:
    room = C.workers_max - p.workers
    if count > max(p.churches, room):
        return ("workers.over_limit",
                ngettext("You can hire at most {n} worker: one per church, or as many as still fit on the Lisboa track.",
                         "You can hire at most {n} workers: one per church, or as many as still fit on the Lisboa track.",
                         max(p.churches, room)))
    cost = _units(count, p.churches, C.church_worker_price, room, state.phase)[0]
    if cost > p.money:
        return ("workers.not_enough_money", ngettext("{n} worker costs {price}; you have {have}.",
                                                     "{n} workers cost {price}; you have {have}.", count,
                                                     price=cr(cost), have=p.money))
    return None


def _why_not_build_ships(state: State, p: Player, count: int) -> Why:
    if count > max(p.shipyards, p.supply):
        return ("ships.over_limit",
                ngettext("You can build at most {n} ship: one per shipyard, or as many as are still in your supply.",
                         "You can build at most {n} ships: one per shipyard, or as many as are still in your supply.",
                         max(p.shipyards, p.supply)))
    cost = _units(count, p.shipyards, C.shipyard_ship_price, p.supply, state.phase)[0]
    if cost > p.money:
        return ("ships.not_enough_money", ngettext("{n} ship costs {price}; you have {have}.",
                                                   "{n} ships cost {price}; you have {have}.", count,
                                                   price=cr(cost), have=p.money))
    return None


@commands.command("hire_workers")
def _decide_hire_workers(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    state = tx.state
    _need_action(state, seat, "workers", "hire_workers")
    fields(action, ("count",))
    count = whole(action, "count", 1)
    p = state.players[seat]
    refuse(_why_not_hire(state, p, count))
    cost, real, virtual = _units(count, p.churches, C.church_worker_price, C.workers_max - p.workers,
                                 state.phase)
    # §2.4: the price is paid first; virtual workers are sold to the bank at once.
    tx.emit({"t": "WorkersHired", "seat": seat, "count": count, "real": real, "virtual": virtual,
            "paid": cost, "received": C.virtual_unit_sale_price * virtual})
    _end_turn(tx, seat)
    return


@commands.command("build_ships")
def _decide_build_ships(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    state = tx.state
    _need_action(state, seat, "ships", "build_ships")
    fields(action, ("count",))
    count = whole(action, "count", 1)
    p = state.players[seat]
    refuse(_why_not_build_ships(state, p, count))
    cost, real, virtual = _units(count, p.shipyards, C.shipyard_ship_price, p.supply, state.phase)
    # §2.5: new ships appear in Portugal; virtual ships are sold back at once.
    tx.emit({"t": "ShipsBuilt", "seat": seat, "count": count, "real": real, "virtual": virtual,
            "paid": cost, "received": C.virtual_unit_sale_price * virtual})
    _end_turn(tx, seat)
    return


# -- legal actions -----------------------------------------------------------------------------


def worker_actions(state: State, p: Player) -> list[Action]:
    return [{"type": "hire_workers", "count": k}
            for k in range(1, max(p.churches, C.workers_max - p.workers) + 1)
            if _why_not_hire(state, p, k) is None]


def ship_actions(state: State, p: Player) -> list[Action]:
    return [{"type": "build_ships", "count": k}
            for k in range(1, max(p.shipyards, p.supply) + 1)
            if _why_not_build_ships(state, p, k) is None]
