"""The craftsman phase (§4.4): production in turn order, the factory, the craftsman's extra good;
with New Buildings (§2.4) the aqueduct, the specialty factory and the library's second good;
with Nobles (§2.5) the chapel and the jeweler.

Section numbers (§) refer to the rules page `shared/rules/puerto-rico.md`.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from itertools import compress
from typing import Any

from domain.core import Action, Fact, RandomSource, Viewer
from domain.core.commands import fields, reject
from domain.core.facts import Tx
from domain.core.words import Citation, listing
from domain.core.words import seat as seat_word

from ..common import (
    auto_pass,
    check_vp_trigger,
    good_of,
    goods_dict,
    goods_vector,
    order,
    passed,
    phase_ended,
)
from ..components import (
    AQUEDUCT,
    CHAPEL,
    CORN,
    FACTORY,
    FACTORY_BONUS,
    GOOD_INDEX,
    GOODS,
    INDIGO,
    INDIGO_PLANT,
    JEWELER,
    LIBRARY,
    PRODUCTION_BY_GOOD,
    SPECIALTY_FACTORY,
    SUGAR,
    SUGAR_MILL,
)
from ..i18n import _, good, the_building, vp
from ..stages import next_stage
from ..state import Player, State, Step, _set, _update, add, set_player
from ..tables import automatic, commands, evolves, offered, offers
from ..words import say_doubloons, say_goods, says
from .guests import guest_ok

# The rules-page section each fact of this module cites (`replay why`; `sections.py` gathers them).
CITES: dict[str, Citation] = {
    "GoodsProduced": "4.4",
    "CraftsmanBonusTaken": "4.4",
}


def production(pl: Player) -> list[int]:
    """§2.3: corn from occupied corn plantations; other kinds min(occupied plantations, workers
    on that kind's production buildings)."""
    manned, buildings = pl.manned, pl.buildings
    out = [manned[CORN], 0, 0, 0, 0]
    for g in range(1, 5):
        if manned[g]:
            workers = 0
            for b in PRODUCTION_BY_GOOD[g]:
                if buildings[b] > 0:  # (-1: not owned)
                    workers += buildings[b]
            out[g] = min(manned[g], workers)
    return out


@automatic(Step.PRODUCE)
def _produce(tx: Tx, rng: RandomSource) -> bool:
    s = tx.state
    nb, nobles = s.config.new_buildings, s.config.nobles
    supply = list(s.goods)
    rows: list[dict[str, Any]] = []
    chapel_vp = False
    for seat in order(s, s.chooser):  # §10 A6: served in turn order from the craftsman
        pl = s.players[seat]
        got = list(map(min, production(pl), supply))  # what the supply still holds of each kind
        supply = list(map(operator.sub, supply, got))
        extra: dict[str, Any] = {}
        doubloons = vp = 0
        if nb and pl.occ(AQUEDUCT):
            # §2.4 / §10 A24: +1 with an occupied large indigo plant / sugar mill, supply permitting
            aqueduct = {}
            for plant, g in ((INDIGO_PLANT, INDIGO), (SUGAR_MILL, SUGAR)):
                if pl.occ(plant) and got[g] >= 1 and supply[g] > 0:
                    got[g] += 1
                    supply[g] -= 1
                    aqueduct[GOODS[g]] = 1
            if aqueduct:
                extra["aqueduct"] = aqueduct
        factory = FACTORY_BONUS[sum(1 for c in got if c)] if pl.occ(FACTORY) else 0
        if nb and pl.occ(SPECIALTY_FACTORY):
            special = max(0, max(got[1:]) - 1)  # §2.4: corn does not count (§10 A25)
            if special:
                extra["specialty_factory"] = special
                doubloons += special
        if nobles and pl.occ(CHAPEL):
            if pl.occ_noble(CHAPEL):
                extra["chapel"] = "vp"
                vp += 1
            else:
                extra["chapel"] = "doubloon"
                doubloons += 1
        if nobles and pl.occ(JEWELER) and pl.nobles:
            extra["jeweler"] = pl.nobles
            doubloons += pl.nobles
        if any(got) or factory or doubloons or vp:
            row: dict[str, Any] = {"seat": seat, "goods": goods_dict(got), "factory": factory, **extra}
            if doubloons:
                row["doubloons"] = doubloons
            if vp:
                row["vp"] = vp
                chapel_vp = True
            rows.append(row)
    tx.emit({"t": "GoodsProduced", "production": rows})
    if chapel_vp:
        check_vp_trigger(tx)
    return True


@evolves("GoodsProduced")
def _goods_produced(s: State, f: Fact) -> State:
    supply = list(s.goods)
    players = list(s.players)
    produced: tuple[int, ...] = ()
    vp_supply = s.vp_supply
    for row in f["production"]:
        seat = row["seat"]
        got = goods_vector(row["goods"])
        pl = players[seat]
        pl = _set(
            pl,
            goods=tuple(map(operator.add, pl.goods, got)),
            doubloons=pl.doubloons + row["factory"] + row.get("doubloons", 0),
        )
        vp = row.get("vp", 0)
        if vp:
            vp_supply -= min(vp, vp_supply)
            pl = _set(pl, vp=pl.vp + vp)
        players[seat] = pl
        supply = list(map(operator.sub, supply, got))
        if seat == s.chooser:
            produced = tuple(compress(range(5), got))  # the kinds he received
    return _update(s, {"players": tuple(players), "goods": tuple(supply), "produced": produced, "vp_supply": vp_supply, **next_stage(s)})


# -- the craftsman's privilege (§4.4 C3) ---------------------------------------------------------


def bonus_actions(s: State, seat: int) -> list[Action]:
    # §4.4 C3: an extra good of a kind he received, if the supply still has one
    acts: list[Action] = []  # (a loop: a comprehension would make `s` a cell, at every call)
    for g in s.produced:
        if s.goods[g] > 0:
            acts.append({"type": "craftsman_bonus", "good": GOODS[g]})
    return acts


@offers(Step.CRAFTSMAN_BONUS)
def _bonus_offers(s: State, seat: int) -> list[Action]:
    return [*bonus_actions(s, seat), {"type": "pass"}]


@automatic(Step.CRAFTSMAN_BONUS)
def _bonus_auto(tx: Tx, rng: RandomSource) -> bool:
    s = tx.state
    options = _bonus_offers(s, s.turn)
    if len(options) > 1:  # more than `pass`: listed once, for the listing that follows (`offered`)
        return offered(s, options)
    if s.config.expansions and guest_ok(s, s.turn):
        return False
    return auto_pass(tx)


@commands.command("craftsman_bonus", Step.CRAFTSMAN_BONUS)
def _craftsman_bonus(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("good",))
    g = good_of(action)
    s = tx.state
    if g not in s.produced:
        reject("craftsman.not_produced", _("You did not produce any {good} in this phase.", good=good(GOODS[g])))
    if s.goods[g] <= 0:
        reject("craftsman.supply_empty", _("There is no {good} left in the supply.", good=good(GOODS[g])))
    tx.emit({"t": "CraftsmanBonusTaken", "seat": seat, "good": GOODS[g]})


@commands.command("pass", Step.CRAFTSMAN_BONUS)
def _pass(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    passed(tx, seat)


@evolves("CraftsmanBonusTaken")
def _craftsman_bonus_taken(s: State, f: Fact) -> State:
    seat, g = f["seat"], GOOD_INDEX[f["good"]]
    pl = s.players[seat]
    s = _set(s, players=set_player(s, seat, _set(pl, goods=add(pl.goods, g, 1))), goods=add(s.goods, g, -1))
    if s.config.new_buildings and s.bonus_taken == 0 and pl.occ(LIBRARY):
        return _set(s, bonus_taken=1)  # §2.4 library: a second extra good
    return _update(s, {"bonus_taken": s.bonus_taken + 1, **next_stage(s)})


def after_pass(s: State) -> State:
    """A pass ends the craftsman's privilege (the only seat to act at this step)."""
    return _update(s, next_stage(s))


@automatic(Step.CRAFTSMAN_END)
def _craftsman_end(tx: Tx, rng: RandomSource) -> bool:
    return phase_ended(tx)


# -- in words (`describe`) ------------------------------------------------------------------------


def _production(row: Mapping[str, Any]) -> str:
    got = say_goods(row["goods"])
    extras = []
    if row.get("aqueduct"):
        extras.append(_("{goods} of it from the aqueduct", goods=say_goods(row["aqueduct"])))
    if row["factory"]:
        extras.append(_("{money} from the factory", money=say_doubloons(row["factory"])))
    if row.get("doubloons"):
        extras.append(_("{money} from {buildings}", money=say_doubloons(row["doubloons"]), buildings=listing(_earners(row))))
    if row.get("vp"):
        extras.append(_("{vp} from the chapel", vp=vp(row["vp"])))
    if extras:
        return _("{who} {goods} ({extras})", who=seat_word(row["seat"]), goods=got, extras="; ".join(extras))
    return _("{who} {goods}", who=seat_word(row["seat"]), goods=got)


def _earners(row: Mapping[str, Any]) -> list[str]:
    out = []
    if row.get("specialty_factory"):
        out.append(the_building("specialty_factory"))
    if row.get("chapel") == "doubloon":
        out.append(the_building("chapel"))
    if row.get("jeweler"):
        out.append(the_building("jeweler"))
    return out


@says("GoodsProduced")
def _goods_produced_said(fact: Fact, viewer: Viewer) -> str:
    rows = fact["production"]
    if not rows:
        return _("Production: nobody produces anything.")
    return _("Production: {rows}.", rows="; ".join(_production(r) for r in rows))


@says("CraftsmanBonusTaken")
def _craftsman_bonus_taken_said(fact: Fact, viewer: Viewer) -> str:
    return _("{who} takes 1 extra {good} (the craftsman's privilege).", who=seat_word(fact["seat"]), good=good(fact["good"]))
