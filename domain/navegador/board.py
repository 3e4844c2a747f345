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

from domain.core.words import amount

from .actions.rondel import _payments, rondel_cost
from .actions.sailing import fleets
from .components import C

_REGION_NAMES = dict(zip(C.regions, C.region_names, strict=True))
_HELP = C.help
_NUMBERS: dict[str, Any] = {
    "colony_workers": C.colony_workers_per_colony, "workers_min": C.workers_min, "workers_max": C.workers_max,
    "shipyard_price": C.shipyard_ship_price, "church_price": C.church_worker_price,
    **{f"{C.building_kind[b]}_workers": C.workers_required[b] for b in C.buildings},
}
_MOVING = ("turn_start", "after_navegador")
_SAILING = ("sailing", "navegador_sailing")


def _say(sentence: str, **words: Any) -> str:
    """A help sentence with its {words} filled in."""
    return sentence.format_map({**_NUMBERS, **words})


def _space_name(space: str) -> str:
    return space.replace("_", " ").capitalize()


def _building_name(line: str) -> str:
    good = C.building_good[line]
    return f"{good.capitalize()} factory" if good else line.capitalize()


def _building_help(line: str) -> str:
    kind, good = C.building_kind[line], C.building_good[line] or ""
    return _say(_HELP["buildings"][kind], good=good, Good=good.capitalize(), workers=C.workers_required[line],
                vp=C.base_vp[kind])


def _kind_help(kind: str) -> dict[str, str]:
    """A privilege kind's help: the privilege tile's, and its player board column's."""
    items = _HELP["items"][kind]
    return {
        "privilege": _say(_HELP["privilege"], Kind=kind.capitalize(), items=items, vp=C.privilege_vp[kind],
                          cash="/".join(str(c) for c in C.privilege_cells_cr[kind])),
        "column": _say(_HELP["column"], Kind=kind.capitalize(), items=items[0].upper() + items[1:], base=C.base_vp[kind]),
    }


def _help(view: dict[str, Any]) -> dict[str, Any]:
    phase = {"range": view["sail_range"], "extra_price": view["extra_unit_price"]}
    return {
        "actions": {a: _say(s, **phase) for a, s in _HELP["actions"].items()},
        "pieces": {k: _say(s, vp=C.base_vp["explorer"]) for k, s in _HELP["pieces"].items()},
        "buildings": {b: _building_help(b) for b in C.buildings},
        "kinds": {k: _kind_help(k) for k in C.kinds},
        "goods": {g: _say(_HELP["good"], good=g, Good=g.capitalize(), price=m["price"], income=m["factory_income"])
                  for g, m in view["market"].items()},
        "tiles": {t: _say(_HELP["colony_tile"], good=C.tile_good[t], price=p, vp=C.base_vp["colony"])
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
        spaces.append({"id": space, "name": _space_name(space), "action": action, "cost": cost,
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


def context(view: dict[str, Any]) -> dict[str, Any]:
    return {
        "rondel": _rondel(view),
        "region_names": _REGION_NAMES,
        "building_names": {b: _building_name(b) for b in C.buildings},
        "help": _help(view),
        "fleets": _fleets(view),
        "counts": _counts(view),
        "doing": _doing(view),
        "sailing": (view.get("action") or {}).get("kind") in _SAILING,
    }


def scores(view: dict[str, Any]) -> list[int | None]:
    """Each seat's points if the game ended now (public in Navegador)."""
    return [int(p["score_now"]) for p in view["players"]]


def _region(region: Any) -> str:
    return _REGION_NAMES.get(str(region), str(region).replace("_", " "))


def _ships(counts: Any) -> str:
    """`{"guine": 2}` or `[{"from": "guine", "count": 2}]`: "2 from Guiné" (and so on)."""
    pairs = counts.items() if isinstance(counts, dict) else [(s.get("from"), s.get("count")) for s in counts or []]
    return ", ".join(f"{n} from {_region(r)}" for r, n in pairs) or "nowhere"


def action_label(action: dict[str, Any]) -> str | None:
    """Button words, no two actions of one list alike (what tells them apart is in the words);
    None: the platform's words."""
    kind = action.get("type")
    if kind == "move_rondel":
        pay = action.get("pay_ships") or {}
        paid = f", paying {amount(sum(pay.values()), 'ship')} ({_ships(pay)})" if pay else ""
        return f"{_space_name(str(action['space']))}{paid}"
    if kind == "move_ships":
        count = int(action["count"])
        return f"{amount(count, 'ship')}: {_region(action['from'])} → {_region(action['to'])}"
    if kind == "explore":
        sources = action.get("sources") or []
        fleet = sum(int(s.get("count", 0)) for s in sources)
        return f"Explore {_region(action['to'])} with {amount(fleet, 'ship')} ({_ships(sources)})"
    if kind == "found_colony":
        return f"Found a colony in {_region(action['region'])}"
    if kind in ("process", "sell"):
        return f"{str(kind).capitalize()} {action['count']} {action['good']}"
    if kind == "build":
        return _building_name(str(action["building"])) if action["building"] in C.building_good else str(action["building"])
    if kind == "build_ships":
        return f"Build {amount(int(action['count']), 'ship')}"
    if kind == "hire_workers":
        return f"Hire {amount(int(action['count']), 'worker')}"
    if kind == "take_privilege":
        return f"{str(action['kind']).capitalize()} privilege"
    if kind == "place_kings_privilege":
        return f"King's privilege in the {action['kind']} column"
    if kind == "use_navegador":
        return "Use the Navegador card (sail again)"
    if kind == "done":
        return "Done: end the action"
    return None


def text(view: dict[str, Any], names: list[str]) -> str:
    """A compact text board (`replay show`)."""
    stones: dict[Any, list[str]] = {p["rondel"]: [] for p in view["players"]}
    for p in view["players"]:
        stones[p["rondel"]].append(names[p["seat"]])
    rondel = " ".join(f"{s}{'[' + ','.join(stones[s]) + ']' if s in stones else ''}" for s in C.spaces)
    market = " ".join(f"{g} {m['price']}" for g, m in view["market"].items())
    lines = [f"Round {view['round']} · phase {view['phase']} · {names[view['current']] if view['current'] is not None else '-'} to act",
             f"Rondel: {rondel} · orange ship on {view['navegador']['orange_ship']}",
             f"Market: {market}"]
    route = []
    for region, r in view["regions"].items():
        ships = ", ".join(f"{names[p['seat']]}: {p['ships'][region]}" for p in view["players"] if p["ships"].get(region))
        mark = "" if r["explored"] else "?"
        route.append(f"{_region(region)}{mark}{'(' + ships + ')' if ships else ''}")
    lines.append("Route: " + " → ".join(route))
    for p in view["players"]:
        lines.append(f"{names[p['seat']]}: {p['money']} Cr · {p['workers']} workers · {p['ships_on_board']} ships"
                     f" · colonies {len(p['colonies'])} · factories {sum(p['factories'].values())}"
                     f" · points now {p['score_now']}")
    return "\n".join(lines)
