"""The plantation tiles, shared by setup, the settler and the trader: the face-down pile and its
reshuffle (procedure R), the face-up row, face-down draws that an occupied forest house lets its
drawer place as a forest (New Buildings), and discarding a tile (Nobles' hunting lodge and land
office).

Section numbers (§) refer to the rules page `shared/rules/puerto-rico.md`.
"""

from __future__ import annotations

from typing import Any

from domain.core import Action, Fact, RandomSource, shuffle
from domain.core.commands import Why, fields, flag, one_of, refuse, reject
from domain.core.facts import Tx
from domain.core.words import Citation

from .components import GOODS, TILE_INDEX, TILE_KINDS
from .i18n import _, good, plantation
from .stages import turn_changes
from .state import PLACE_TILE, SETTLE, Player, State, Step, _set, _update, add, set_player
from .tables import commands, evolves, offers

# The rules-page section each fact of this module cites (`replay why`; `sections.py` gathers them).
CITES: dict[str, Citation] = {
    "PlantationsShuffled": "8",
    "PlantationsDrawn": "4.1",
    "TileDrawn": "4.1",
    "DrawnTilePlaced": "4.1",
    "TileDiscarded": "4.1",
}


def plantation_kind(action: Action) -> int:
    """A "kind" field naming one of the five plantation kinds (they have the goods' names)."""
    return TILE_INDEX[one_of(action, "kind", GOODS)]


# -- the face-down pile and the face-up row ------------------------------------------------------


def reshuffle(s: State, rng: RandomSource) -> Fact:
    """§4.1 procedure R: the discard pile, shuffled face down, becomes the draw pile (§8.5)."""
    return {"t": "PlantationsShuffled", "tiles": [TILE_KINDS[k] for k in shuffle(rng, s.discard)]}


def draw_top(tx: Tx, rng: RandomSource) -> int:
    """Procedure R for one face-down draw (§10 A9): reshuffle first if the pile is empty.
    The caller has checked that a tile is drawable. Returns the kind on top."""
    if not tx.state.draw_pile:
        tx.emit(reshuffle(tx.state, rng))
    return tx.state.draw_pile[0]


@evolves("PlantationsShuffled")
def _plantations_shuffled(s: State, f: Fact) -> State:
    # §4.1 procedure R / §1.3 step 4: the tiles become the new face-down pile (the discard pile,
    # when this is a reshuffle, is used up).
    return _set(s, draw_pile=tuple(TILE_INDEX[k] for k in f["tiles"]), discard=())


@evolves("PlantationsDrawn")
def _plantations_drawn(s: State, f: Fact) -> State:
    k = len(f["tiles"])
    return _set(s, faceup=s.faceup + s.draw_pile[:k], draw_pile=s.draw_pile[k:])


# -- a face-down draw its drawer may place as a forest (§2.4 forest house) -----------------------


def draw_for(tx: Tx, seat: int, source: str, rng: RandomSource) -> None:
    """A face-down draw that its drawer may place as a forest (occupied forest house, §2.4)."""
    kind = draw_top(tx, rng)
    tx.emit({"t": "TileDrawn", "seat": seat, "kind": TILE_KINDS[kind], "source": source})


@offers(Step.PLACE_TILE)
def _place_actions(s: State, seat: int) -> list[Action]:
    return [{"type": "place_drawn_tile", "forest": False}, {"type": "place_drawn_tile", "forest": True}]


@commands.command("place_drawn_tile", Step.PLACE_TILE)
def _place_drawn_tile(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    fields(action, ("forest",))
    forest = flag(action, "forest", False)
    tx.emit({"t": "DrawnTilePlaced", "seat": seat, "kind": TILE_KINDS[tx.state.drawn], "forest": forest})


@evolves("TileDrawn")
def _tile_drawn(s: State, f: Fact) -> State:
    # A face-down tile seen by its drawer only, who now chooses face up or forest (§2.4).
    seat = f["seat"]
    changes: dict[str, Any] = {}
    if f["source"] == "land_office":
        pl = s.players[seat]
        changes["players"] = set_player(s, seat, _set(pl, doubloons=pl.doubloons - 1))
        changes["land_office_used"] = True
    return _update(s, {"draw_pile": s.draw_pile[1:], "drawn": s.draw_pile[0], "resume": s.step, "step": PLACE_TILE, **changes})


@evolves("DrawnTilePlaced")
def _drawn_tile_placed(s: State, f: Fact) -> State:
    seat, k = f["seat"], s.drawn
    pl = s.players[seat]
    if f["forest"]:
        pl = _set(pl, hidden_forests=add(pl.hidden_forests, k, 1))
    else:
        pl = _set(pl, island=add(pl.island, k, 1))
    s = _set(s, players=set_player(s, seat, pl), drawn=-1, step=s.resume, resume="")
    if s.step == SETTLE:
        return _set(s, hacienda=1)
    return after_land_office(s)


def after_land_office(s: State) -> State:
    """§4.5 T2: after the land office and the sale decision, the trader turn is over."""
    if s.sale_done:
        return _update(s, turn_changes(s))
    return s


# -- discarding a tile (§2.5 hunting lodge, land office) -----------------------------------------


def why_not_discard(pl: Player, k: int, forest: bool) -> Why:
    """§2.5 hunting lodge / land office: a plantation or a forest (of plantation kind `k`) the
    player has (never a quarry, §10 A29)."""
    if forest:
        if pl.forests[k] + pl.hidden_forests[k] <= 0:
            return "tile.no_such_tile", _("You have no forest of {good}.", good=good(GOODS[k]))
    elif pl.island[k] <= 0:
        return "tile.no_such_tile", _("You have no {plantation}.", plantation=plantation(GOODS[k]))
    return None


def discard_targets(pl: Player) -> list[dict[str, str]]:
    """The tiles `pl` may discard: plantations, then forests."""
    out = [{"tile": GOODS[k]} for k in range(5) if why_not_discard(pl, k, False) is None]
    out.extend({"tile": "forest", "kind": GOODS[k]} for k in range(5) if why_not_discard(pl, k, True) is None)
    return out


def discard_fact(pl: Player, action: Action) -> dict[str, Any]:
    """Which tile goes: an unoccupied one of the kind when there is one (the same tile otherwise;
    no rule effect differs), else an occupied one whose worker goes to the windrose."""
    tile = action["tile"]
    if tile == "forest":
        if "kind" not in action:
            reject("action.malformed", _("Name the forest's 'kind' (its plantation side)."))
        k = plantation_kind(action)
        refuse(why_not_discard(pl, k, True))
        return {"tile": "forest", "kind": GOODS[k], "worker": None}
    if "kind" in action:
        reject("action.malformed", _("'kind' is only for forests."))
    if tile == "quarry":
        reject("tile.quarry", _("A quarry cannot be discarded; only plantations and forests."))
    if not isinstance(tile, str) or tile not in GOODS:
        reject("action.malformed", _("'tile' must be a plantation kind ({kinds}) or \"forest\".", kinds=", ".join(map(repr, GOODS))))
    k = TILE_INDEX[tile]
    refuse(why_not_discard(pl, k, False))
    worker = None
    if pl.island[k] - pl.manned[k] <= 0:
        worker = "colonist" if pl.manned[k] - pl.manned_nobles[k] > 0 else "noble"
    return {"tile": tile, "kind": tile, "worker": worker}


@evolves("TileDiscarded")
def _tile_discarded(s: State, f: Fact) -> State:
    # Hunting lodge (colonist) or land office (noble): a plantation or forest goes to the discard
    # pile face up; a worker on it goes to the windrose.
    seat, k, worker = f["seat"], TILE_INDEX[f["kind"]], f.get("worker")
    pl = s.players[seat]
    if f["tile"] == "forest":
        if pl.forests[k] > 0:
            pl = _set(pl, forests=add(pl.forests, k, -1))
        else:
            pl = _set(pl, hidden_forests=add(pl.hidden_forests, k, -1))
    else:
        pl = _set(pl, island=add(pl.island, k, -1))
        if worker:
            pl = _set(pl, manned=add(pl.manned, k, -1), windrose=pl.windrose + 1)
            if worker == "noble":
                pl = _set(pl, manned_nobles=add(pl.manned_nobles, k, -1), windrose_nobles=pl.windrose_nobles + 1)
    pl = _set(pl, doubloons=pl.doubloons + f.get("doubloons", 0))
    s = _set(s, players=set_player(s, seat, pl), discard=(*s.discard, k))
    if f["by"] == "land_office":
        return after_land_office(_set(s, land_office_used=True))
    return _update(s, turn_changes(s))
