"""What the web board (board.html beside this file) needs besides the viewer's view: the rondel's
spaces in their clockwise order with their actions, the running score for the replay chart, and
button words for the actions. Only printed data: nothing here looks at a game's state.
"""

from __future__ import annotations

from typing import Any

from domain.core.words import amount

from .components import C

_REGION_NAMES = dict(zip(C.regions, C.region_names, strict=True))


def _space_name(space: str) -> str:
    return space.replace("_", " ").capitalize()


def context(view: dict[str, Any]) -> dict[str, Any]:
    return {
        "rondel": [{"id": s, "name": _space_name(s), "action": a} for s, a in zip(C.spaces, C.space_action, strict=True)],
        "region_names": _REGION_NAMES,
    }


def scores(view: dict[str, Any]) -> list[int | None]:
    """Each seat's points if the game ended now (public in Navegador)."""
    return [int(p["score_now"]) for p in view["players"]]


def _region(region: Any) -> str:
    return _REGION_NAMES.get(str(region), str(region).replace("_", " "))


def _colony(tile: str) -> str:
    good, _, value = tile.partition("_")
    return f"{good} colony {value}" if value else tile


def _sources(sources: Any) -> str:
    pairs = sources.items() if isinstance(sources, dict) else (sources or [])
    return ", ".join(f"{_region(r)} ({n})" for r, n in pairs) or "nowhere"


def action_label(action: dict[str, Any]) -> str | None:
    """Button words; None: the platform's words."""
    kind = action.get("type")
    if kind == "move_rondel":
        pay = action.get("pay_ships") or {}
        paid = f", paying {sum(pay.values())} ship(s) ({', '.join(_region(r) for r in pay)})" if pay else ""
        return f"{_space_name(str(action['space']))}{paid}"
    if kind == "move_ships":
        count = int(action["count"])
        return f"{amount(count, 'ship')}: {_region(action['from'])} → {_region(action['to'])}"
    if kind == "explore":
        return f"Explore {_region(action['to'])} with ships from {_sources(action.get('sources'))}"
    if kind == "found_colony":
        return f"Found a colony in {_region(action['region'])}"
    if kind in ("process", "sell"):
        return f"{str(kind).capitalize()} {action['count']} {action['good']}"
    if kind == "build":
        return str(action["building"]).replace("factory_", "").replace("_", " ").capitalize() + (
            " factory" if str(action["building"]).startswith("factory_") else "")
    if kind == "build_ships":
        return f"Build {amount(int(action['count']), 'ship')}"
    if kind == "hire_workers":
        return f"Hire {amount(int(action['count']), 'worker')}"
    if kind in ("take_privilege", "place_kings_privilege"):
        return f"{str(action['kind']).capitalize()} privilege"
    if kind == "use_navegador":
        return "Use the Navegador (sail again)"
    if kind == "done":
        return "Done"
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
