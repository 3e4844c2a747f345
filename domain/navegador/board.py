"""What the web board (board.html beside this file) needs besides the viewer's view: the rondel's
spaces clockwise with what a move there costs the player to act and the ways to pay it, the
fleets that may explore each unexplored region in a sailing action, how many units the chips of
a count offer, every component's rules help in a sentence (components.json "help", its numbers
filled in from the component data and the phase), the running score for the replay chart, and
button words for the actions (no two actions of one list alike).

It reads nothing but the view (the stone, the ships and the unmoved ships of the player to act
are public, as on the table); the rules' own functions say what a move costs and which fleets
may explore, so the board and `legal_actions` cannot disagree.
"""

from __future__ import annotations

from typing import Any

from domain.core.words import term

from . import labels
from .actions.rondel import _payments, rondel_cost
from .actions.sailing import fleets
from .components import C
from .i18n import (
    _,
    action_name,
    building,
    cap,
    colony,
    column,
    cr,
    good,
    goods,
    ngettext,
    privilege,
    region,
    space_on_board,
)

_HELP = C.help
_NUMBERS: dict[str, Any] = {
    "colony_workers": C.colony_workers_per_colony, "workers_min": C.workers_min, "workers_max": C.workers_max,
    "shipyard_price": C.shipyard_ship_price, "church_price": C.church_worker_price,
    **{f"{C.building_kind[b]}_workers": C.workers_required[b] for b in C.buildings},
}
_MOVING = ("turn_start", "after_navegador")
_SAILING = ("sailing", "navegador_sailing")


def _say(sentence: str, **words: Any) -> str:
    """A help sentence of components.json in the reader's language, its {words} filled in."""
    return _(sentence).format_map({**_NUMBERS, **words})


def _building_help(line: str) -> str:
    kind, g = C.building_kind[line], C.building_good[line] or ""
    return _say(_HELP["buildings"][kind], Factory=cap(building(line)), good=good(g), workers=C.workers_required[line],
                vp=C.base_vp[kind])


def _kind_help(kind: str) -> dict[str, str]:
    """A privilege kind's help: the privilege tile's, and its player board column's."""
    items = _(_HELP["items"][kind])
    return {
        "privilege": _say(_HELP["privilege"], Privilege=cap(privilege(kind)), items=items, vp=C.privilege_vp[kind],
                          cash="/".join(str(c) for c in C.privilege_cells_cr[kind])),
        "column": _say(_HELP["column"], Column=cap(_("{column} column", column=column(kind))), items=items,
                       base=C.base_vp[kind]),
    }


def _help(view: dict[str, Any]) -> dict[str, Any]:
    phase = {"range": view["sail_range"], "extra_price": view["extra_unit_price"]}
    return {
        "actions": {a: _say(s, **phase) for a, s in _HELP["actions"].items()},
        "pieces": {k: _say(s, vp=C.base_vp["explorer"]) for k, s in _HELP["pieces"].items()},
        "buildings": {b: _building_help(b) for b in C.buildings},
        "kinds": {k: _kind_help(k) for k in C.kinds},
        "goods": {g: _say(_HELP["good"], Good=cap(good(g)), price=m["price"], income=m["factory_income"])
                  for g, m in view["market"].items()},
        "tiles": {t: _say(_HELP["colony_tile"], Colony=cap(colony(C.tile_good[t])), good=good(C.tile_good[t]), price=p,
                          vp=C.base_vp["colony"])
                  for t, p in C.tile_price.items()},
    }


def _to_act(view: dict[str, Any]) -> dict[str, Any] | None:
    current = view.get("current")
    return view["players"][current] if current is not None and view["step"] != "kings_privilege" else None


def _rondel(view: dict[str, Any]) -> list[dict[str, Any]]:
    """The spaces clockwise; while the player to act moves his stone, what each costs him and,
    where his ships at sea can pay it in more than one way, every way (a chip each)."""
    player = _to_act(view) if view["step"] in _MOVING else None
    stone = C.space_index[player["rondel"]] if player is not None and player["rondel"] else None
    ships = tuple(player["ships"].get(r, 0) for r in C.regions) if player is not None else ()
    spaces = []
    for target, (space, action) in enumerate(zip(C.spaces, C.space_action, strict=True)):
        cost = rondel_cost(stone, target) if player is not None else None
        ways = [dict(way) for way in _payments(ships, cost)] if cost and cost <= sum(ships) else []
        spaces.append({"id": space, "name": space_on_board(space), "action": action, "cost": cost,
                       "payments": ways if len(ways) > 1 else [], "too_dear": bool(cost) and not ways})
    return spaces


def _fleets(view: dict[str, Any]) -> dict[str, list[list[dict[str, Any]]]]:
    """In a sailing action that has not explored yet: each unexplored region's fleets (§2.6)."""
    action = view.get("action") or {}
    if action.get("kind") not in _SAILING or action.get("explored_now") is not None:
        return {}
    regions = view["regions"]
    explored = frozenset(r for r, v in regions.items() if v["explored"])  # (nothing explored yet in this action)
    unmoved = tuple(action["unmoved"].get(r, 0) for r in C.regions)
    found = {r: fleets(unmoved, explored, action["range"], j, 3 if regions[r]["double_loss"] else 2)
             for j, r in enumerate(C.regions) if not regions[r]["explored"]}
    return {r: f for r, f in found.items() if f}


def _counts(view: dict[str, Any]) -> dict[str, Any]:
    """The counts the player to act's chips offer (at most; the page lets him click the legal
    ones): workers to hire, ships to build, units of each good to sell and to process."""
    player = _to_act(view)
    if player is None or view["step"] != "action":
        return {}
    return {
        "workers": max(player["churches"], C.workers_max - C.workers_min),
        "ships": max(player["shipyards"], C.ships_per_player),
        "sell": {g: sum(1 for t in player["colonies"] if C.tile_good.get(t) == g) for g in C.goods},
        "process": {g: player["factories"].get(g, 0) + 1 for g in C.goods},
    }


def _doing(view: dict[str, Any]) -> str | None:
    """The action under way: its kind ("sailing", "navegador_sailing", "colony", ...), or the
    action of the space the player to act stands on (the one-command actions: workers, ships,
    privilege)."""
    action = view.get("action") or {}
    player = _to_act(view)
    if action.get("kind"):
        return str(action["kind"])
    if player is None or view["step"] != "action" or not player["rondel"]:
        return None
    return C.space_action[C.space_index[player["rondel"]]]


def _end_words(view: dict[str, Any]) -> str:
    """The pill of a game whose end is triggered: why, and how many turns are left."""
    end = view["end"]
    why = {"nagasaki": _("Game end: Nagasaki explored"), "buildings": _("Game end: the building board is empty")}
    said = why.get(str(end["triggered"]), str(end["triggered"]))
    left = end["final_turns_left"]
    return said if left is None else ngettext("{end}, {n} turn left", "{end}, {n} turns left", left, end=said)


def _names(view: dict[str, Any]) -> dict[str, Any]:
    """The components' names on the board, in the reader's language."""
    red = {r: ", ".join(region(o) for o, colour in v["neighbours"].items() if colour == "red")
           for r, v in view["regions"].items()}
    counts = _counts(view)
    most = max([*counts.get("sell", {}).values(), *counts.get("process", {}).values(), 0])
    action = view.get("action") or {}
    return {
        "region_names": {r: region(r) for r in C.regions},
        "space_names": {s: space_on_board(s) for s in C.spaces},
        "building_names": {b: cap(building(b)) for b in C.buildings},
        "factory_names": {"orange": building("orange"),
                          **{str(C.building_good[b]): building(b) for b in C.buildings if C.building_good[b]}},
        "good_names": {g: good(g) for g in C.goods},
        "goods_words": {g: {n: goods(n, g) for n in range(1, most + 1)} for g in C.goods},
        "colony_names": {g: cap(colony(g)) for g in C.goods},
        "tile_names": {t: _("{good} {price}", good=good(C.tile_good[t]), price=cr(p)) for t, p in C.tile_price.items()},
        "column_names": {k: column(k) for k in C.kinds},
        "privilege_names": {k: cap(privilege(k)) for k in C.kinds},
        "red_borders": red,
        "doing_name": action_name(_doing(view) or ""),
        "traded_names": ", ".join(good(g) for g in action.get("traded", [])),
        "end_words": _end_words(view) if view["end"]["triggered"] else "",
    }


def context(view: dict[str, Any]) -> dict[str, Any]:
    """What the board shows besides the view, in the reader's language: the names of the
    regions, spaces, buildings, goods and privilege kinds, every component's rules help."""
    return {
        "rondel": _rondel(view),
        **_names(view),
        "help": _help(view),
        "fleets": _fleets(view),
        "counts": _counts(view),
        "doing": _doing(view),
        "sailing": (view.get("action") or {}).get("kind") in _SAILING,
    }


def scores(view: dict[str, Any]) -> list[int | None]:
    """Each seat's points if the game ended now (public in Navegador)."""
    return [int(p["score_now"]) for p in view["players"]]


def action_label(action: dict[str, Any]) -> str | None:
    """Button words, no two actions of one list alike (labels.py); None: the platform's words."""
    return labels.label(action)


def text(view: dict[str, Any], names: list[str]) -> str:
    """A compact text board (`replay show`) in the reader's language."""
    stones: dict[Any, list[str]] = {p["rondel"]: [] for p in view["players"]}
    for p in view["players"]:
        stones[p["rondel"]].append(names[p["seat"]])
    rondel = " ".join(f"{term(s, space_on_board(s))}{'[' + ','.join(stones[s]) + ']' if s in stones else ''}" for s in C.spaces)
    market = " ".join(f"{term(g, good(g))} {m['price']}" for g, m in view["market"].items())
    orange = view["navegador"]["orange_ship"]
    lines = [_("Round {round} · phase {phase} · {player} to act", round=view["round"], phase=view["phase"],
               player=names[view["current"]] if view["current"] is not None else "-"),
             _("Rondel: {rondel} · orange ship on {space}", rondel=rondel, space=term(str(orange), space_on_board(orange))),
             _("Market: {market}", market=market)]
    route = []
    for where, r in view["regions"].items():
        ships = ", ".join(f"{names[p['seat']]}: {p['ships'][where]}" for p in view["players"] if p["ships"].get(where))
        mark = "" if r["explored"] else "?"
        route.append(f"{region(where)}{mark}{'(' + ships + ')' if ships else ''}")
    lines.append(_("Route: {route}", route=" → ".join(route)))
    for p in view["players"]:
        lines.append(_("{player}: {money} Cr · {workers} workers · {ships} ships · colonies {colonies} · factories "
                       "{factories} · points now {points}", player=names[p["seat"]], money=p["money"],
                       workers=p["workers"], ships=p["ships_on_board"], colonies=len(p["colonies"]),
                       factories=sum(p["factories"].values()), points=p["score_now"]))
    return "\n".join(lines)
