"""The words on the buttons of Navegador's actions (board.py's `action_label`), in the reader's
language: no two actions of one list alike, what tells them apart is in the words (the
payment, the fleet, the count)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .components import C
from .i18n import (
    _,
    building,
    cap,
    column,
    goods,
    ngettext,
    privilege,
    region,
    ships,
    ships_from,
    space_on_board,
)

Label = Callable[[dict[str, Any]], str]


def _sources(action: dict[str, Any]) -> list[tuple[str, int]]:
    return [(str(s.get("from")), int(s.get("count", 0))) for s in action.get("sources") or []]


def _move_rondel(action: dict[str, Any]) -> str:
    pay = action.get("pay_ships") or {}
    where = space_on_board(action["space"])
    if not pay:
        return where
    return _("{space}, paying {ships} ({sources})", space=where, ships=ships(sum(pay.values())),
             sources=ships_from(pay, last=False))


def _explore(action: dict[str, Any]) -> str:
    sources = _sources(action)
    return ngettext("Explore {region} with {n} ship ({sources})", "Explore {region} with {n} ships ({sources})",
                    sum(n for _r, n in sources), region=region(action["to"]), sources=ships_from(sources, last=False))


def _build(action: dict[str, Any]) -> str:
    line = str(action["building"])
    return cap(building(line)) if line in C.building_good else line


def _sell(action: dict[str, Any]) -> str:
    return _("Sell {goods}", goods=goods(int(action["count"]), str(action["good"])))


def _process(action: dict[str, Any]) -> str:
    return _("Process {goods}", goods=goods(int(action["count"]), str(action["good"])))


LABELS: dict[str, Label] = {
    "move_rondel": _move_rondel,
    "move_ships": lambda a: _("{ships}: {origin} → {target}", ships=ships(int(a["count"])), origin=region(a["from"]),
                              target=region(a["to"])),
    "explore": _explore,
    "found_colony": lambda a: _("Found a colony in {region}", region=region(a["region"])),
    "sell": _sell,
    "process": _process,
    "build": _build,
    "build_ships": lambda a: ngettext("Build {n} ship", "Build {n} ships", int(a["count"])),
    "hire_workers": lambda a: ngettext("Hire {n} worker", "Hire {n} workers", int(a["count"])),
    "take_privilege": lambda a: cap(privilege(a["kind"])),
    "place_kings_privilege": lambda a: _("King's privilege in the {column} column", column=column(a["kind"])),
    "use_navegador": lambda a: _("Use the Navegador card (sail again)"),
    "done": lambda a: _("Done: end the action"),
}


def label(action: dict[str, Any]) -> str | None:
    """The button's words for `action` (None: an action type the platform words itself)."""
    said = LABELS.get(str(action.get("type")))
    return said(action) if said is not None else None
