"""The settler phase (§4.1): plantations and quarries; with New Buildings the hacienda's draw
placed as a forest, the forest house, the library's extra tile (§2.4); with Nobles the hunting
lodge (§2.5). The settler's privilege is the quarry.

Section numbers (§) refer to the rules page `shared/rules/puerto-rico.md`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from domain.core import Action, Fact, RandomSource
from domain.core.commands import Why, fields, flag, refuse, reject
from domain.core.facts import Tx
from domain.core.words import Citation

from ..common import (
    auto_pass,
    award,
    check_vp_trigger,
    colonist_source,
    from_source,
    passed,
    phase_ended,
)
from ..components import (
    CONSTRUCTION_HUT,
    FOREST_HOUSE,
    HACIENDA,
    HOSPICE,
    HUNTING_LODGE,
    HUNTING_LODGE_VP,
    ISLAND_SPACES,
    LIBRARY,
    QUARRY,
    TILE_INDEX,
    TILE_KINDS,
)
from ..i18n import _, plantation
from ..stages import among, clockwise, turn_changes
from ..state import SETTLE, SETTLE_EXTRA, Player, State, Step, _set, _update, add, set_player
from ..tables import automatic, commands, entrants, evolves, offered, offers
from ..tiles import discard_fact, discard_targets, draw_for, plantation_kind, reshuffle
from .guests import guest_ok

SETTLING = (SETTLE, SETTLE_EXTRA)


# The rules-page section each fact of this module cites (`replay why`; `sections.py` gathers them).
CITES: dict[str, Citation] = {
    "PlantationTaken": "4.1",
    "QuarryTaken": "4.1",
    "HaciendaTileDrawn": "4.1",
    "HaciendaQuarryTaken": "4.1",
    "PlantationRowDiscarded": "4.1",
    "ForestTaken": "2.4",
    "HuntingLodgeRewarded": "2.5",
}


def _hospice_matters(s: State, pl: Player) -> bool:
    return pl.occ(HOSPICE) and (s.colonist_supply > 0 or s.colonist_ship > 0 or s.noble_ship > 0)


# -- legality, one predicate per rule: `decide` refuses with it, `settler_actions` keeps what it allows


def why_not_hacienda_draw(s: State, seat: int, pl: Player) -> Why:
    """§2.3 hacienda: one face-down plantation before the pick, once per turn."""
    if not pl.occ(HACIENDA):
        return "settler.no_hacienda", _("You need an occupied hacienda to draw a face-down plantation.")
    if s.hacienda:
        return "settler.hacienda_used", _("You have already used your hacienda this turn.")
    if pl.tiles >= ISLAND_SPACES:
        return _island_full()
    if not s.draw_pile and not s.discard:
        return "settler.no_tiles", _("There are no face-down plantations left to draw.")
    return None


def why_not_hacienda_quarry(s: State, seat: int, pl: Player) -> Why:
    """§10 A1 (an option): the hacienda's tile may be a quarry with an occupied construction hut."""
    if not s.config.hacienda_quarry_with_construction_hut:
        return (
            "settler.hacienda_quarry_disabled",
            _("In this game the hacienda tile cannot be replaced by a quarry (rules §10 A1)."),
        )
    if not (pl.occ(HACIENDA) and pl.occ(CONSTRUCTION_HUT)):
        return "settler.no_hacienda", _("You need an occupied hacienda and construction hut for that.")
    if s.hacienda:
        return "settler.hacienda_used", _("You have already used your hacienda this turn.")
    if pl.tiles >= ISLAND_SPACES:
        return _island_full()
    if s.quarries <= 0:
        return "settler.no_quarries", _("There are no quarries left.")
    return None


def why_not_take(s: State, seat: int, pl: Player, k: int, forest: bool) -> Why:
    """§4.1 S2: a plantation of kind `k` from the face-up row (§2.4: as a forest, with an occupied
    forest house; in the library pick, with an occupied library)."""
    if forest and not _forest_house(s, pl):
        return "settler.no_forest_house", _("You need an occupied forest house to take a forest.")
    if s.step == SETTLE_EXTRA and not pl.occ(LIBRARY):
        return _no_library()
    if pl.tiles >= ISLAND_SPACES:
        return _island_full()
    if k not in s.faceup:
        return "settler.not_in_row", _("There is no face-up {plantation} to take.", plantation=plantation(TILE_KINDS[k]))
    return None


def _forest_house(s: State, pl: Player) -> bool:
    """§2.4 forest house (New Buildings): occupied, its owner may take a tile as a forest."""
    return bool(s.config.new_buildings) and pl.occ(FOREST_HOUSE)


def why_not_quarry(s: State, seat: int, pl: Player) -> Why:
    """§4.1 S3: the settler's privilege or an occupied construction hut; never a second quarry
    (§2.3); the library's extra tile is a quarry only with a construction hut (§2.4)."""
    extra = s.step == SETTLE_EXTRA
    if extra and not pl.occ(LIBRARY):
        return _no_library()
    if pl.tiles >= ISLAND_SPACES:
        return _island_full()
    if s.hacienda == 2:
        return "settler.one_quarry", _("You have already taken a quarry this turn.")
    if extra:
        if not pl.occ(CONSTRUCTION_HUT):
            return "settler.quarry_not_allowed", _("The library's extra tile is a quarry only with an occupied construction hut.")
    elif not (seat == s.chooser or pl.occ(CONSTRUCTION_HUT)):
        return "settler.quarry_not_allowed", _("Only the settler, or the owner of an occupied construction hut, may take a quarry.")
    if s.quarries <= 0:
        return "settler.no_quarries", _("There are no quarries left.")
    return None


def _island_full() -> Why:
    return "settler.island_full", _("Your island is full: all 12 spaces hold a tile.")


def _no_library() -> Why:
    return "settler.library_unoccupied", _("The extra tile needs an occupied library.")


def settler_actions(s: State, seat: int) -> Iterator[Action]:
    """The settler options other than `pass` (none: the player is auto-passed), in SETTLE and in
    the library pick (SETTLE_EXTRA, New Buildings); lazy, so "has options" stops at the first."""
    pl = s.players[seat]
    if pl.tiles >= ISLAND_SPACES:
        return  # §4.1: a full island takes no more tiles (forests count, §10 A23); every rule says so
    kinds = sorted(set(s.faceup))
    if s.step == SETTLE:
        if why_not_hacienda_draw(s, seat, pl) is None:
            yield {"type": "hacienda_draw"}
        # (§10 A1 is an option, off by default: its predicate is not asked without it)
        if s.config.hacienda_quarry_with_construction_hut and why_not_hacienda_quarry(s, seat, pl) is None:
            yield {"type": "hacienda_quarry"}
        hospice = _hospice_matters(s, pl)
        # (`why_not_take` allows every kind of the row here: a free island space, the settle
        # step, the kind in the row; not asked per kind. Without a forest house it refuses
        # every forest.)
        for kind in ("take_plantation", "take_forest") if _forest_house(s, pl) else ("take_plantation",):
            for k in kinds:
                yield {"type": kind, "kind": TILE_KINDS[k]}
                if hospice:
                    yield {"type": kind, "kind": TILE_KINDS[k], "hospice": False}
        if why_not_quarry(s, seat, pl) is None:
            yield {"type": "take_quarry"}
            if hospice:
                yield {"type": "take_quarry", "hospice": False}
        return
    # §2.4 library: one more face-up tile; a quarry only with a construction hut; no hospice
    # (loops, not generator expressions: those would make cells of `s`, `seat` and `pl` at every call)
    for k in kinds:
        if why_not_take(s, seat, pl, k, False) is None:
            yield {"type": "take_plantation", "kind": TILE_KINDS[k]}
    if why_not_quarry(s, seat, pl) is None:
        yield {"type": "take_quarry"}
    if _forest_house(s, pl):  # (`why_not_take` refuses every forest without one)
        for k in kinds:
            if why_not_take(s, seat, pl, k, True) is None:
                yield {"type": "take_forest", "kind": TILE_KINDS[k]}


@offers(*SETTLING)
def _settler_offers(s: State, seat: int) -> list[Action]:
    return [*settler_actions(s, seat), {"type": "pass"}]


@automatic(*SETTLING)
def _settler_auto(tx: Tx, rng: RandomSource) -> bool:
    s = tx.state
    if s.config.expansions and guest_ok(s, s.turn):
        return False
    options = _settler_offers(s, s.turn)
    if len(options) > 1:  # more than `pass`: listed once, for the listing that follows (`offered`)
        return offered(s, options)
    return auto_pass(tx)


@entrants(Step.SETTLE_EXTRA)
def _library_pick(s: State, stage: str, c: int) -> dict[str, Any] | None:
    return among(stage, [c] if s.players[c].owns(LIBRARY) else [])


@commands.command("pass", *SETTLING, Step.LODGE)
def _pass(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    passed(tx, seat)


@commands.command("hacienda_draw", Step.SETTLE)
def _hacienda_draw(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    s = tx.state
    pl = s.players[seat]
    refuse(why_not_hacienda_draw(s, seat, pl))
    if s.config.new_buildings and pl.occ(FOREST_HOUSE):
        draw_for(tx, seat, "hacienda", rng)  # §2.4: he looks at it, then face up or forest
        return
    if not s.draw_pile:
        tx.emit(reshuffle(s, rng))  # §10 A9: procedure R for every face-down draw
    tx.emit({"t": "HaciendaTileDrawn", "seat": seat, "kind": TILE_KINDS[tx.state.draw_pile[0]]})


@commands.command("hacienda_quarry", Step.SETTLE)
def _hacienda_quarry(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action)
    refuse(why_not_hacienda_quarry(tx.state, seat, tx.state.players[seat]))
    tx.emit({"t": "HaciendaQuarryTaken", "seat": seat})


def _take(tx: Tx, seat: int, action: Action, forest: bool) -> None:
    """take_plantation / take_forest: the fields, the rule, the fact."""
    s = tx.state
    extra = s.step == SETTLE_EXTRA  # §2.4 library pick: no hospice
    fields(action, ("kind",), () if extra else ("hospice",))
    k = plantation_kind(action)
    use_hospice = flag(action, "hospice", True)
    pl = s.players[seat]
    refuse(why_not_take(s, seat, pl, k, forest))
    source = colonist_source(s) if not extra and use_hospice and pl.occ(HOSPICE) else None
    tx.emit({"t": "ForestTaken" if forest else "PlantationTaken", "seat": seat, "kind": TILE_KINDS[k], "hospice": source})


@commands.command("take_plantation", *SETTLING)
def _take_plantation(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    _take(tx, seat, action, forest=False)


@commands.command("take_forest", *SETTLING)
def _take_forest(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    _take(tx, seat, action, forest=True)  # §2.4 forest house: placed face down as a forest


@commands.command("take_quarry", *SETTLING)
def _take_quarry(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    s = tx.state
    extra = s.step == SETTLE_EXTRA
    fields(action, (), () if extra else ("hospice",))
    use_hospice = flag(action, "hospice", True)
    pl = s.players[seat]
    refuse(why_not_quarry(s, seat, pl))
    source = colonist_source(s) if not extra and use_hospice and pl.occ(HOSPICE) else None
    tx.emit({"t": "QuarryTaken", "seat": seat, "hospice": source})


# -- the hunting lodge (§2.5, Nobles): at the end of the settler phase ---------------------------


@entrants(Step.LODGE)
def _lodge_owners(s: State, stage: str, c: int) -> dict[str, Any] | None:
    return among(stage, [p for p in clockwise(s, c) if s.players[p].owns(HUNTING_LODGE)])


def lodge_actions(s: State, seat: int) -> list[Action]:
    pl = s.players[seat]
    if not pl.occ_colonist(HUNTING_LODGE):
        return []
    return [{"type": "hunting_lodge_discard", **t} for t in discard_targets(pl)]


def lodge_bonus(s: State, seat: int) -> int:
    """§2.5 hunting lodge (noble): 2 VP for strictly the most empty island spaces (§10 A36)."""
    mine = ISLAND_SPACES - s.players[seat].tiles
    if all(mine > ISLAND_SPACES - pl.tiles for p, pl in enumerate(s.players) if p != seat):
        return HUNTING_LODGE_VP
    return 0


@offers(Step.LODGE)
def _lodge_offers(s: State, seat: int) -> list[Action]:
    return [*lodge_actions(s, seat), {"type": "pass"}]


@automatic(Step.LODGE)
def _lodge_auto(tx: Tx, rng: RandomSource) -> bool:
    s = tx.state
    if s.players[s.turn].occ_noble(HUNTING_LODGE):
        vp = lodge_bonus(s, s.turn)
        if not vp:
            return auto_pass(tx)
        tx.emit({"t": "HuntingLodgeRewarded", "seat": s.turn, "vp": vp})
        check_vp_trigger(tx)
        return True
    if lodge_actions(s, s.turn) or guest_ok(s, s.turn):
        return False
    return auto_pass(tx)


@commands.command("hunting_lodge_discard", Step.LODGE)
def _hunting_lodge_discard(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("tile",), ("kind",))
    s = tx.state
    pl = s.players[seat]
    if not (s.config.nobles and pl.occ_colonist(HUNTING_LODGE)):
        reject("settler.hunting_lodge_unusable", _("Only a hunting lodge occupied by a colonist lets you discard a plantation."))
    tx.emit({"t": "TileDiscarded", "seat": seat, **discard_fact(pl, action), "by": "hunting_lodge"})


# -- the end of the phase: §4.1 S6 ---------------------------------------------------------------


@automatic(Step.SETTLER_END)
def _refill_row(tx: Tx, rng: RandomSource) -> bool:
    """§4.1 S6: discard the rest of the row, draw N + 1 new tiles (procedure R)."""
    s = tx.state
    if s.faceup:
        tx.emit({"t": "PlantationRowDiscarded", "tiles": [TILE_KINDS[k] for k in s.faceup]})
    need = s.n + 1
    while need > 0:
        s = tx.state
        if s.draw_pile:
            k = min(need, len(s.draw_pile))
            tx.emit({"t": "PlantationsDrawn", "tiles": [TILE_KINDS[t] for t in s.draw_pile[:k]]})
            need -= k
        elif s.discard:
            tx.emit(reshuffle(s, rng))
        else:
            break  # play continues with fewer face-up tiles
    return phase_ended(tx)


# -- facts -----------------------------------------------------------------------------------------


@evolves("HaciendaTileDrawn")
def _hacienda_tile_drawn(s: State, f: Fact) -> State:
    seat, k = f["seat"], s.draw_pile[0]
    pl = s.players[seat]
    return _set(s, draw_pile=s.draw_pile[1:], players=set_player(s, seat, _set(pl, island=add(pl.island, k, 1))), hacienda=1)


@evolves("HaciendaQuarryTaken")
def _hacienda_quarry_taken(s: State, f: Fact) -> State:
    seat = f["seat"]
    pl = s.players[seat]
    return _set(s, quarries=s.quarries - 1, players=set_player(s, seat, _set(pl, island=add(pl.island, QUARRY, 1))), hacienda=2)


@evolves("PlantationTaken")
def _plantation_taken(s: State, f: Fact) -> State:
    seat, k, source = f["seat"], TILE_INDEX[f["kind"]], f["hospice"]
    pl = s.players[seat]
    row = list(s.faceup)
    row.remove(k)
    pl = _set(pl, island=add(pl.island, k, 1), manned=add(pl.manned, k, 1) if source else pl.manned)
    if source == "ship_noble":
        pl = _set(pl, manned_nobles=add(pl.manned_nobles, k, 1))
    return _update(s, {"faceup": tuple(row), "players": set_player(s, seat, pl), "hacienda": 0, **from_source(s, source), **turn_changes(s)})


@evolves("QuarryTaken")
def _quarry_taken(s: State, f: Fact) -> State:
    seat, source = f["seat"], f["hospice"]
    pl = s.players[seat]
    pl = _set(pl, island=add(pl.island, QUARRY, 1), manned=add(pl.manned, QUARRY, 1) if source else pl.manned)
    if source == "ship_noble":
        pl = _set(pl, manned_nobles=add(pl.manned_nobles, QUARRY, 1))
    return _set(
        s, quarries=s.quarries - 1, players=set_player(s, seat, pl), hacienda=0, **from_source(s, source), **turn_changes(s)
    )


@evolves("ForestTaken")
def _forest_taken(s: State, f: Fact) -> State:
    # a hospice colonist waits on the windrose (a forest has no circle)
    seat, k, source = f["seat"], TILE_INDEX[f["kind"]], f["hospice"]
    pl = s.players[seat]
    row = list(s.faceup)
    row.remove(k)
    pl = _set(pl, forests=add(pl.forests, k, 1), windrose=pl.windrose + (1 if source else 0))
    if source == "ship_noble":
        pl = _set(pl, windrose_nobles=pl.windrose_nobles + 1)
    return _update(s, {"faceup": tuple(row), "players": set_player(s, seat, pl), "hacienda": 0, **from_source(s, source), **turn_changes(s)})


@evolves("HuntingLodgeRewarded")
def _hunting_lodge_rewarded(s: State, f: Fact) -> State:
    seat = f["seat"]
    pl, supply = award(s, s.players[seat], f["vp"])
    return _update(s, {"players": set_player(s, seat, pl), "vp_supply": supply, **turn_changes(s)})


@evolves("PlantationRowDiscarded")
def _plantation_row_discarded(s: State, f: Fact) -> State:
    return _set(s, discard=s.discard + s.faceup, faceup=())
