"""The captain phase (§4.6 K1-K5): loading the cargo ships, the wharf, the harbor, the captain's
privilege, "must ship", the end of loading; with New Buildings (§2.4) the lighthouse's doubloon
per shipment and the small wharf; with Nobles (§2.5) the royal supplier. The bonuses before the
first shipment (K2: lighthouse and union hall) are `captain_start.py`; storing goods afterwards
(K6) and unloading the full ships (K7) are `storage.py`.

Which cargo ship a good may go on (§4.6 K1) is `loads_of`, the one source of that legality:
`why_not_ship` accepts exactly its loads (and says which part of K1 any other breaks), the
legal actions list them, and the must-ship rule (§4.6 K3) is `why_not_pass`: a seat with one of
them may not pass. Each building's option (wharf, small wharf, royal supplier) has its own
`why_not_*`, which both `decide` and the legal actions ask.

Section numbers (§) refer to the rules page `shared/rules/puerto-rico.md`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from domain.core import Action, Fact, RandomSource
from domain.core.commands import Why, fields, refuse, reject, whole
from domain.core.facts import Tx
from domain.core.words import Citation

from ..common import (
    auto_pass,
    award,
    check_vp_trigger,
    good_of,
    goods_dict,
    passed,
    privilege,
    with_player,
)
from ..components import (
    GOOD_INDEX,
    GOODS,
    HARBOR,
    LIGHTHOUSE,
    ROYAL_SUPPLIER,
    SMALL_WHARF,
    WHARF,
)
from ..i18n import _, good
from ..stages import next_stage
from ..state import SHIP, SMALL_WHARF_STEP, Player, State, Step, _set, _update, add, put, set_player
from ..tables import automatic, commands, evolves, offers
from .guests import guest_ok

_ZERO5 = (0, 0, 0, 0, 0)


# The rules-page section each fact of this module cites (`replay why`; `sections.py` gathers them).
CITES: dict[str, Citation] = {
    "GoodsShipped": "4.6",
    "LoadingEnded": "4.6",
    "SmallWharfLoaded": "2.4",
    "SmallWharfShipped": "2.4",
    "RoyalSupplierUsed": "2.5",
}


def loads_of(s: State, g: int, have: int) -> list[tuple[int, int]]:
    """§4.6 K1: (ship, amount) for every cargo ship `have` goods of kind `g` may be loaded onto:
    the ship already carrying the kind while it has room (a full one blocks the kind for the
    phase), else, when no ship carries it, each empty ship that takes the most of it. The one
    source of which cargo ship is legal: `why_not_ship` accepts exactly these."""
    caps, kinds, loaded = s.ship_capacity, s.ship_good, s.ship_load
    if g in kinds:
        i = kinds.index(g)
        return [(i, min(have, caps[i] - loaded[i]))] if loaded[i] < caps[i] else []
    best, largest = 0, []  # the empty ships that take the most of it, and how many that is
    for i, cap in enumerate(caps):
        if loaded[i] == 0:
            takes = min(have, cap)
            if takes > best:
                best, largest = takes, [i]
            elif takes == best:
                largest.append(i)
    loads = []  # (a loop: a comprehension would make `best` a cell, at every call)
    for i in largest:
        loads.append((i, best))
    return loads


def cargo_loads(s: State, pl: Player) -> Iterator[tuple[int, int, int]]:
    """(good, ship, amount) for every legal load of `pl`'s goods onto a cargo ship; lazy, so the
    must-ship rule stops at the first."""
    for g in range(5):
        have = pl.goods[g]
        if have:
            for i, count in loads_of(s, g, have):
                yield g, i, count


def normal_loads(s: State, pl: Player) -> list[tuple[int, int, int]]:
    """§4.6 normal_loads: (good, ship, amount) for every legal load onto a cargo ship."""
    return list(cargo_loads(s, pl))


def why_not_ship(s: State, seat: int, pl: Player, g: int, ship: int | str) -> Why:
    """§4.6 K1: `g` onto cargo ship `ship` (one of `loads_of`), or onto the player's own ship
    with an occupied wharf (§2.3: all goods of the kind, once per phase)."""
    if pl.goods[g] <= 0:
        return "captain.no_good", _("You have no {good} to ship.", good=good(GOODS[g]))
    if isinstance(ship, str):  # "wharf" (the action's other strings are malformed)
        return why_not_wharf(s, seat, pl)
    if not 0 <= ship < len(s.ship_capacity):
        return "captain.unknown_ship", _("There are cargo ships 0 to {last} only.", last=len(s.ship_capacity) - 1)
    for i, _load in loads_of(s, g, pl.goods[g]):
        if i == ship:
            return None
    return _why_not_onto(s, g, ship)


def why_not_wharf(s: State, seat: int, pl: Player) -> Why:
    """§2.3 wharf: an occupied wharf, once per phase."""
    if not pl.occ(WHARF):
        return "captain.no_wharf", _("You need an occupied wharf to ship to your own ship.")
    if seat in s.wharf_used:
        return "captain.wharf_used", _("You have already used your wharf in this phase.")
    return None


def _why_not_onto(s: State, g: int, ship: int) -> tuple[str, str]:
    """Which part of §4.6 K1 a cargo ship outside `loads_of` breaks (the sentence of a refusal)."""
    kind = s.ship_good[ship]
    if kind == g:
        return "captain.ship_full", _("The {good} ship is full.", good=good(GOODS[g]))
    if s.ship_load[ship] > 0:
        return "captain.ship_has_other_good", _("That ship already carries {good}; a ship carries one kind.",
                                                good=good(GOODS[kind]))
    if g in s.ship_good:
        return "captain.good_on_other_ship", _("Another ship already carries {good}.", good=good(GOODS[g]))
    return "captain.must_use_largest", _("You must load your {good} onto the empty ship that takes the most of it.",
                                          good=good(GOODS[g]))


def why_not_pass(s: State, seat: int) -> Why:
    """§4.6 K3 must ship: a player who can load goods onto a cargo ship must (the wharf, the small
    wharf and the royal supplier are never compulsory)."""
    if next(cargo_loads(s, s.players[seat]), None) is not None:
        return "captain.must_ship", _("You must ship goods when you can.")
    return None


def shipment_count(s: State, pl: Player, g: int, ship: int | str) -> int:
    """How many goods a legal shipment moves: all of the kind onto the wharf, else as many as
    the cargo ship has room for."""
    if isinstance(ship, str):  # "wharf"
        return pl.goods[g]
    return min(pl.goods[g], s.ship_capacity[ship] - s.ship_load[ship])


def shipping_actions(s: State, seat: int) -> Iterator[Action]:
    """Every loading option but `pass`, each kept by its rule's predicate; lazy, so "has
    options" stops at the first."""
    pl = s.players[seat]
    if not any(pl.goods):
        return  # every option needs a good
    for g, i, _load in cargo_loads(s, pl):  # (a loop in this generator, not one more generator)
        yield {"type": "ship", "good": GOODS[g], "ship": i}
    # (each building's own conditions first: the goods are tried only where the building is open)
    # (loops, not generator expressions: those would make cells of `s`, `seat` and `pl` at every call)
    if why_not_wharf(s, seat, pl) is None:
        for g in range(5):
            if why_not_ship(s, seat, pl, g, "wharf") is None:
                yield {"type": "ship", "good": GOODS[g], "ship": "wharf"}
    if s.config.expansions:
        if why_not_small_wharf_open(s, seat, pl) is None:
            for g in range(5):
                for c in range(1, pl.goods[g] + 1):
                    if why_not_small_wharf(s, seat, pl, g, c) is None:
                        yield {"type": "small_wharf", "good": GOODS[g], "count": c}
        if why_not_supply(s, seat, pl, None) is None:
            for g in range(5):
                if why_not_supply(s, seat, pl, g) is None:
                    yield {"type": "royal_supplier", "good": GOODS[g]}


def has_options(s: State, seat: int) -> bool:
    """Whether `seat` is asked at the loading step: any() over its choices (`shipping_actions`,
    every option but `pass`, and a guest to place), and (rules version 2, docs/puerto-rico.md,
    "Compatibility") an open royal supplier even when every kind the seat holds has been sent
    this turn (the seat then passes by hand; auto-passing it would change what `decide` does
    for recorded games)."""
    if s.config.expansions and guest_ok(s, seat):
        return True
    pl = s.players[seat]
    if not any(pl.goods):
        return False  # every option needs a good, the royal supplier too
    # `shipping_actions`' first two kinds of option asked directly, in its order (its generator
    # and the wharf's per-good test cost more than the answer, asked at every loading turn of
    # every seat): a cargo load; else an open wharf, which takes any kind held
    if next(cargo_loads(s, pl), None) is not None or why_not_wharf(s, seat, pl) is None:
        return True
    if not s.config.expansions:
        return False
    if next(shipping_actions(s, seat), None) is not None:
        return True
    return why_not_supply(s, seat, pl, None) is None


@offers(Step.SHIP)
def _captain_actions(s: State, seat: int) -> list[Action]:
    acts = list(shipping_actions(s, seat))
    # `why_not_pass` read off the list: §4.6 K3 refuses `pass` exactly when the seat has a
    # cargo load, and `shipping_actions` lists those first (asking `cargo_loads` again cost more)
    if not acts or acts[0]["type"] != "ship" or acts[0]["ship"] == "wharf":
        acts.append({"type": "pass"})
    return acts


@automatic(Step.SHIP)
def _loading(tx: Tx, rng: RandomSource) -> bool:
    s = tx.state
    if has_options(s, s.turn):
        return False
    for seat in range(len(s.players)):  # (a loop, not any() over a generator: asked at every automatic pass)
        if seat != s.turn and has_options(s, seat):
            return auto_pass(tx)  # another seat can still load: this one passes
    tx.emit({"t": "LoadingEnded"})  # nobody can ship any more (§10 A17)
    return True


@commands.command("pass", Step.SHIP)
def _pass(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    refuse(why_not_pass(tx.state, seat))
    passed(tx, seat)


def shipment_bonus(s: State, seat: int, pl: Player) -> tuple[int, int]:
    """(VP, doubloons) one shipment adds: harbor, captain privilege (§10 A16), lighthouse."""
    vp = 1 if pl.occ(HARBOR) else 0
    if seat == s.chooser and not s.captain_shipped:
        vp += privilege(s, seat)
    return vp, (1 if s.config.new_buildings and pl.occ(LIGHTHOUSE) else 0)


@commands.command("ship", Step.SHIP)
def _ship(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("good", "ship"))
    g = good_of(action)
    ship = action["ship"]
    s = tx.state
    pl = s.players[seat]
    if ship != "wharf" and (not isinstance(ship, int) or isinstance(ship, bool)):
        reject("action.malformed", _("'ship' must be a cargo ship number or \"wharf\"."))
    refuse(why_not_ship(s, seat, pl, g, ship))
    count = shipment_count(s, pl, g, ship)
    # §4.6 scoring a shipment
    if s.config.expansions:
        bonus, doubloons = shipment_bonus(s, seat, pl)
        fact: Fact = {"t": "GoodsShipped", "seat": seat, "good": GOODS[g], "ship": ship, "count": count, "vp": count + bonus}
        if doubloons:
            fact["doubloons"] = doubloons  # §2.4 lighthouse
        tx.emit(fact)
        check_vp_trigger(tx)
        return
    vp = count + (1 if pl.occ(HARBOR) else 0)
    if seat == s.chooser and not s.captain_shipped:
        vp += 1  # captain privilege, once, with the first shipment
    tx.emit({"t": "GoodsShipped", "seat": seat, "good": GOODS[g], "ship": ship, "count": count, "vp": vp})
    check_vp_trigger(tx)


def _shipped(s: State, seat: int) -> dict[str, Any]:
    """What every shipment changes: the turn passes on, the captain's privilege is used."""
    changes: dict[str, Any] = {"passes": 0, "turn": (seat + 1) % len(s.players)}  # (not `s.n`: a property call)
    if seat == s.chooser:
        changes["captain_shipped"] = True
    if s.config.nobles:
        changes["supplied"] = ()
        if seat not in s.captain_turned:
            changes["captain_turned"] = (*s.captain_turned, seat)
    return changes


@evolves("GoodsShipped")
def _goods_shipped(s: State, f: Fact) -> State:
    seat, g, count, vp, ship = f["seat"], GOOD_INDEX[f["good"]], f["count"], f["vp"], f["ship"]
    pl = s.players[seat]
    chips = min(vp, s.vp_supply)  # §5.1.3: the rest is "paper" VP
    changes: dict[str, Any] = {
        "players": with_player(
            s, seat, goods=add(pl.goods, g, -count), vp=pl.vp + vp, doubloons=pl.doubloons + f.get("doubloons", 0)
        ),
        "vp_supply": s.vp_supply - chips,
        **_shipped(s, seat),
    }
    if ship == "wharf":
        changes["goods"] = add(s.goods, g, count)
        changes["wharf_used"] = (*s.wharf_used, seat)
    else:
        changes["ship_good"] = put(s.ship_good, ship, g)
        changes["ship_load"] = add(s.ship_load, ship, count)
    return _update(s, changes)


def after_pass(s: State) -> State:
    """§4.6 K4: loading ends after a full circuit without a shipment (§10 A17)."""
    turned = s.captain_turned
    if s.config.nobles and s.turn not in turned:
        turned = (*turned, s.turn)
    passes, n = s.passes + 1, len(s.players)  # (the seats, without a call of the `n` property per pass)
    if passes >= n:
        return _update(s, {"captain_turned": turned, **next_stage(s)})
    return _set(s, passes=passes, turn=(s.turn + 1) % n, captain_turned=turned, supplied=())


@evolves("LoadingEnded")
def _loading_ended(s: State, f: Fact) -> State:
    return _update(s, next_stage(s))


# -- the small wharf (§2.4, New Buildings) -------------------------------------------------------


def why_not_small_wharf_open(s: State, seat: int, pl: Player) -> Why:
    """§2.4 small wharf: an occupied one, once per phase (at the loading step)."""
    if not (s.config.new_buildings and pl.occ(SMALL_WHARF)):
        return "captain.no_small_wharf", _("You need an occupied small wharf.")
    if seat in s.small_wharf_used:
        return "captain.small_wharf_used", _("You have already used your small wharf in this phase.")
    return None


def why_not_small_wharf(s: State, seat: int, pl: Player, g: int, count: int) -> Why:
    """§2.4 small wharf: 1 to all goods of a kind, one kind at a time (the first kind opens the
    small wharf at the loading step, the others follow at the SMALL_WHARF step)."""
    if s.step == SHIP:
        why = why_not_small_wharf_open(s, seat, pl)
        if why is not None:
            return why
    elif s.cargo[g] > 0:
        return "captain.already_loaded", _("Your {good} is already on the small wharf.", good=good(GOODS[g]))
    if not 1 <= count <= pl.goods[g]:
        return "captain.not_enough_goods", _("You can load 1 to {n} {good}.", n=pl.goods[g], good=good(GOODS[g]))
    return None


@commands.command("small_wharf", Step.SHIP, Step.SMALL_WHARF)
def _small_wharf(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("good", "count"))
    g = good_of(action)
    count = whole(action, "count")
    refuse(why_not_small_wharf(tx.state, seat, tx.state.players[seat], g, count))
    tx.emit({"t": "SmallWharfLoaded", "seat": seat, "good": GOODS[g], "count": count})


@offers(Step.SMALL_WHARF)
def _small_wharf_actions(s: State, seat: int) -> list[Action]:
    pl = s.players[seat]
    acts: list[Action] = [
        {"type": "small_wharf", "good": GOODS[g], "count": c}
        for g in range(5)
        for c in range(1, pl.goods[g] + 1)
        if why_not_small_wharf(s, seat, pl, g, c) is None
    ]
    acts.append({"type": "done"})
    return acts


@commands.command("done", Step.SMALL_WHARF)
def _small_wharf_sail(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    """§2.4 small wharf: 1 VP per 2 goods, and (§10 A16) a shipment for harbor, lighthouse and
    the captain privilege."""
    fields(action)
    s = tx.state
    total = sum(s.cargo)
    vp, doubloons = shipment_bonus(s, seat, s.players[seat])
    fact: Fact = {"t": "SmallWharfShipped", "seat": seat, "goods": goods_dict(s.cargo), "count": total, "vp": total // 2 + vp}
    if doubloons:
        fact["doubloons"] = doubloons
    tx.emit(fact)
    check_vp_trigger(tx)


@evolves("SmallWharfLoaded")
def _small_wharf_loaded(s: State, f: Fact) -> State:
    seat, g, count = f["seat"], GOOD_INDEX[f["good"]], f["count"]
    pl = s.players[seat]
    return _set(s, players=with_player(s, seat, goods=add(pl.goods, g, -count)), cargo=add(s.cargo, g, count), step=SMALL_WHARF_STEP)


@evolves("SmallWharfShipped")
def _small_wharf_shipped(s: State, f: Fact) -> State:
    # §2.4 small wharf: the loaded goods go to the supply; one shipment (§10 A16).
    seat, vp = f["seat"], f["vp"]
    pl = s.players[seat]
    return _set(
        s,
        players=with_player(s, seat, vp=pl.vp + vp, doubloons=pl.doubloons + f.get("doubloons", 0)),
        vp_supply=s.vp_supply - min(vp, s.vp_supply),
        goods=tuple(a + b for a, b in zip(s.goods, s.cargo, strict=True)),
        cargo=_ZERO5,
        small_wharf_used=(*s.small_wharf_used, seat),
        step=SHIP,
        **_shipped(s, seat),
    )


# -- the royal supplier (§2.5, Nobles) -----------------------------------------------------------


def why_not_supply(s: State, seat: int, pl: Player, g: int | None) -> Why:
    """§2.5 royal supplier: in the player's first captain turn, before he ships, one good per
    noble he owns, each of a different kind, 1 VP each. `g` None: whether it can send a good of
    some kind at all (what the loading step asks, see `has_options`)."""
    if not (s.config.nobles and pl.occ(ROYAL_SUPPLIER)):
        return "captain.no_royal_supplier", _("You need an occupied royal supplier.")
    if seat in s.captain_turned:
        return "captain.royal_supplier_late", _("The royal supplier works only in your first turn, before you ship.")
    if g is not None and g in s.supplied:
        return "captain.royal_supplier_same_kind", _("The goods sent by the royal supplier must be of different kinds.")
    if len(s.supplied) >= pl.nobles:
        return "captain.royal_supplier_nobles", _("The royal supplier sends one good per noble you own.")
    if g is not None and pl.goods[g] <= 0:
        return "captain.no_good", _("You have no {good}.", good=good(GOODS[g]))
    return None


@commands.command("royal_supplier", Step.SHIP)
def _royal_supplier(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("good",))
    g = good_of(action)
    s = tx.state
    refuse(why_not_supply(s, seat, s.players[seat], g))
    tx.emit({"t": "RoyalSupplierUsed", "seat": seat, "good": GOODS[g], "vp": 1})
    check_vp_trigger(tx)


@evolves("RoyalSupplierUsed")
def _royal_supplier_used(s: State, f: Fact) -> State:
    seat, g = f["seat"], GOOD_INDEX[f["good"]]
    pl, supply = award(s, s.players[seat], f["vp"])
    pl = _set(pl, goods=add(pl.goods, g, -1))
    return _set(s, players=set_player(s, seat, pl), vp_supply=supply, goods=add(s.goods, g, 1), supplied=(*s.supplied, g))
