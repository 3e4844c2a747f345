"""Storing goods at the end of the captain phase (§4.6 K6): one good kept, the warehouses keep whole
kinds, the rest goes back to the supply; with New Buildings (§2.4) the storehouse keeps more
single goods. Then the full cargo ships are unloaded (K7) and the phase ends.

Section numbers (§) refer to the rules page `shared/rules/puerto-rico.md`.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import compress
from typing import Any

from domain.core import Action, Fact, RandomSource, Viewer
from domain.core.commands import Why, fields, refuse
from domain.core.facts import Tx
from domain.core.words import Citation
from domain.core.words import seat as seat_word

from ..common import good_of, goods_vector, phase_ended
from ..components import (
    GOOD_INDEX,
    GOODS,
    LARGE_WAREHOUSE,
    SMALL_WAREHOUSE,
    STOREHOUSE,
    STOREHOUSE_SINGLES,
)
from ..i18n import _, good, goods
from ..stages import turn_changes
from ..state import Player, State, Step, _set, _update, add, put, set_player
from ..tables import automatic, commands, evolves, offers
from ..words import say_auto, say_goods, says
from .guests import guest_ok

_ZERO5 = (0, 0, 0, 0, 0)


# The rules-page section each fact of this module cites (`replay why`; `sections.py` gathers them).
CITES: dict[str, Citation] = {
    "GoodsWarehoused": "4.6",
    "GoodKept": "4.6",
    "GoodsStored": "4.6",
    "ShipUnloaded": "4.6",
}


def warehouse_slots(pl: Player) -> int:
    return (1 if pl.occ(SMALL_WAREHOUSE) else 0) + (2 if pl.occ(LARGE_WAREHOUSE) else 0)


def _singles_limit(s: State, pl: Player) -> int:
    """§4.6 K6: one good kept (with an occupied storehouse, §2.4: 3 more)."""
    return 1 + (STOREHOUSE_SINGLES if s.config.new_buildings and pl.occ(STOREHOUSE) else 0)


def _unprotected(s: State, pl: Player) -> list[int]:
    """Goods per kind neither warehoused nor already kept as singles."""
    warehoused, kept = s.warehoused, s.singles
    return [0 if not c or g in warehoused else c - kept[g] for g, c in enumerate(pl.goods)]


def why_not_warehouse(s: State, pl: Player, g: int) -> Why:
    """§4.6 K6: a free occupied warehouse keeps every good of one kind (with a storehouse, §2.4:
    a kind not already kept as singles)."""
    why = _why_no_warehouse_room(s, pl)
    if why is not None:
        return why
    if g in s.warehoused:
        return "storage.already_stored", _("Your {good} is already in a warehouse.", good=good(GOODS[g]))
    if s.singles[g]:
        return "storage.already_kept", _("You already keep single {good}; warehouse a kind before keeping singles of it.",
                                         good=good(GOODS[g]))
    if pl.goods[g] <= 0:
        return "storage.no_good", _("You have no {good}.", good=good(GOODS[g]))
    return None


def _why_no_warehouse_room(s: State, pl: Player) -> Why:
    if warehouse_slots(pl) <= len(s.warehoused):
        return "storage.no_warehouse", _("You have no free occupied warehouse for another kind of goods.")
    return None


def why_not_keep(s: State, pl: Player, g: int) -> Why:
    """§4.6 K6: one good kept on the windrose (§2.4 storehouse: up to 3 more single goods)."""
    if g in s.warehoused:
        return "storage.already_stored", _("Your {good} is already in a warehouse.", good=good(GOODS[g]))
    if pl.goods[g] - s.singles[g] <= 0:
        if s.singles[g]:
            return "storage.no_good", _("You have no more {good} to keep.", good=good(GOODS[g]))
        return "storage.no_good", _("You have no {good}.", good=good(GOODS[g]))
    return _why_no_single_room(s, pl)


def _why_no_single_room(s: State, pl: Player) -> Why:
    """Without a storehouse the one good kept ends the storing (no single is counted)."""
    if s.config.new_buildings and pl.occ(STOREHOUSE) and sum(s.singles) >= _singles_limit(s, pl):
        return "storage.singles_full", _("You already keep {n} single goods.", n=_singles_limit(s, pl))
    return None


def storage_choices(s: State, pl: Player) -> Iterator[Action]:
    """What the player may choose at the storing step besides `done` (which loses every good
    not protected): a kind into a free warehouse, a good kept; lazily, each kept by its rule's
    predicate."""
    # (loops, not generator expressions: those would make cells of `s` and `pl` at every call)
    held = list(compress(range(5), pl.goods))  # (every option names a good the player holds)
    if _why_no_warehouse_room(s, pl) is None:
        for g in held:
            if why_not_warehouse(s, pl, g) is None:
                yield {"type": "warehouse", "good": GOODS[g]}
    for g in held:
        if why_not_keep(s, pl, g) is None:
            yield {"type": "keep", "good": GOODS[g]}


@offers(Step.STORE)
def _storage_actions(s: State, seat: int) -> list[Action]:
    return [*storage_choices(s, s.players[seat]), {"type": "done"}]


def _fits(s: State, pl: Player) -> bool:
    """§4.6 K6, the rulebook's sentence: "If the player's goods can all be kept (after choosing
    the W kinds with most goods, at most E goods remain) the engine auto-keeps everything" (W:
    his free occupied warehouses; E: the single goods he may still keep, 1, with an occupied
    storehouse 4 less those kept, §2.4)."""
    if sum(pl.goods) <= 1:  # (at most one good: it is the one kept, so no sort; most turns end here)
        return True
    rest = sorted(_unprotected(s, pl), reverse=True)
    free = warehouse_slots(pl) - len(s.warehoused)  # (never below 0: a kind goes in only while one is free)
    return sum(rest[free:]) <= _singles_limit(s, pl) - sum(s.singles)


def has_choice(s: State, pl: Player) -> bool:
    """Whether the player, his goods not all fitting (`_fits`), is asked what to keep: when he has
    a choice besides `done` (`storage_choices`; else the rest is lost by itself). One more case,
    kept from rules version 2 (docs/puerto-rico.md, "Compatibility"): a free warehouse slot asks
    him even when no kind left may go into it (each is kept as singles already) and no single
    may be added, `done` being his only action; storing then automatically would change what
    `decide` does for recorded games."""
    if next(storage_choices(s, pl), None) is not None:
        return True
    return _why_no_warehouse_room(s, pl) is None  # (rules version 2)


def lost_goods(s: State, pl: Player, kept: int) -> dict[str, int]:
    rest = _unprotected(s, pl)
    return {GOODS[g]: c - (1 if g == kept else 0) for g, c in enumerate(rest) if c - (1 if g == kept else 0) > 0}


@automatic(Step.STORE)
def _auto_store(tx: Tx, rng: RandomSource) -> bool:
    """§4.6 K6: everything left fits, so it is kept; or there is nothing to choose, so what is
    not protected goes back to the supply; else (or with a guest to place) the player chooses."""
    s = tx.state
    seat = s.turn
    pl = s.players[seat]
    if s.config.new_buildings and guest_ok(s, seat):
        return False
    if _fits(s, pl):
        lost: dict[str, int] = {}
    elif has_choice(s, pl):
        return False
    else:
        lost = lost_goods(s, pl, -1)
    tx.emit({"t": "GoodsStored", "seat": seat, "kept": None, "discarded": lost, "auto": True})
    return True


@commands.command("warehouse", Step.STORE)
def _warehouse(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("good",))
    g = good_of(action)
    refuse(why_not_warehouse(tx.state, tx.state.players[seat], g))
    tx.emit({"t": "GoodsWarehoused", "seat": seat, "good": GOODS[g]})


@commands.command("keep", Step.STORE)
def _keep(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("good",))
    g = good_of(action)
    s = tx.state
    pl = s.players[seat]
    refuse(why_not_keep(s, pl, g))
    if not (s.config.new_buildings and pl.occ(STOREHOUSE)):
        tx.emit({"t": "GoodsStored", "seat": seat, "kept": GOODS[g], "discarded": lost_goods(s, pl, g)})
        return
    tx.emit({"t": "GoodKept", "seat": seat, "good": GOODS[g]})  # §2.4 storehouse: up to 3 more


@commands.command("done", Step.STORE)
def _store_done(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    s = tx.state
    tx.emit({"t": "GoodsStored", "seat": seat, "kept": None, "discarded": lost_goods(s, s.players[seat], -1)})


@evolves("GoodsWarehoused")
def _goods_warehoused(s: State, f: Fact) -> State:
    return _set(s, warehoused=(*s.warehoused, GOOD_INDEX[f["good"]]))


@evolves("GoodKept")
def _good_kept(s: State, f: Fact) -> State:
    return _set(s, singles=add(s.singles, GOOD_INDEX[f["good"]], 1))


@evolves("GoodsStored")
def _goods_stored(s: State, f: Fact) -> State:
    discarded = f["discarded"]
    extra: dict[str, Any] = {"singles": _ZERO5} if s.config.new_buildings else {}
    if not discarded:
        return _update(s, {"warehoused": (), **extra, **turn_changes(s)})
    seat = f["seat"]
    lost = goods_vector(discarded)
    pl = s.players[seat]
    return _update(
        s,
        {
            "players": set_player(s, seat, _set(pl, goods=tuple([a - b for a, b in zip(pl.goods, lost, strict=True)]))),
            "goods": tuple([a + b for a, b in zip(s.goods, lost, strict=True)]),
            "warehoused": (),
            **extra,
            **turn_changes(s),
        },
    )


# -- the end of the captain phase (§4.6 K7) ------------------------------------------------------


@automatic(Step.CAPTAIN_END)
def _unload(tx: Tx, rng: RandomSource) -> bool:
    # §4.6 K7: full ships are unloaded into the supply
    s = tx.state
    for i, cap in enumerate(s.ship_capacity):
        if s.ship_load[i] >= cap:
            tx.emit({"t": "ShipUnloaded", "ship": i, "good": GOODS[s.ship_good[i]], "count": cap})
    return phase_ended(tx)


@evolves("ShipUnloaded")
def _ship_unloaded(s: State, f: Fact) -> State:
    i = f["ship"]
    g = s.ship_good[i]
    return _set(s, goods=add(s.goods, g, s.ship_load[i]), ship_good=put(s.ship_good, i, -1), ship_load=put(s.ship_load, i, 0))


# -- in words (`describe`) ------------------------------------------------------------------------


@says("GoodsWarehoused")
def _goods_warehoused_said(fact: Fact, viewer: Viewer) -> str:
    return _("{who} keeps all {good} in a warehouse.", who=seat_word(fact["seat"]), good=good(fact["good"]))


@says("GoodKept")
def _good_kept_said(fact: Fact, viewer: Viewer) -> str:
    return _("{who} keeps {good} in the storehouse.", who=seat_word(fact["seat"]), good=goods(1, fact["good"]))


@says("GoodsStored")
def _goods_stored_said(fact: Fact, viewer: Viewer) -> str:
    who, lost = seat_word(fact["seat"]), say_goods(fact["discarded"])
    kept = goods(1, fact["kept"]) if fact["kept"] else ""
    if not any(fact["discarded"].values()):
        if kept:
            return _("{who} keeps {good} on the windrose and loses nothing.", who=who, good=kept)
        return say_auto(fact, _("{who} keeps every good left", who=who))
    if kept:
        return _("{who} keeps {good} on the windrose; {lost} go back to the supply.", who=who, good=kept, lost=lost)
    return say_auto(fact, _("{who} cannot keep {lost}: back to the supply", who=who, lost=lost))
