"""What the web board (board.html beside this file) needs besides the viewer's view: the printed
component data (building costs, points and circles, trading-house prices, island and city
spaces), the running score the replay chart draws, and button words for the actions.

Only public, printed data: nothing here looks at a game's state.
"""

from __future__ import annotations

from typing import Any

from domain.core.words import amount

from .components import BUILDINGS, CITY_SPACES, GOODS, ISLAND_SPACES, PRICES, TRADING_HOUSE_SPACES

_BUILDING = {b.id: b for b in BUILDINGS}
_NAMES = {b.id: b.name for b in BUILDINGS}


def context(view: dict[str, Any]) -> dict[str, Any]:
    """The printed data the board shows next to the view."""
    return {
        "buildings": {
            b.id: {"name": b.name, "cost": b.cost, "vp": b.vp, "circles": b.circles, "column": b.column,
                   "large": b.large, "production": b.production, "good": GOODS[b.good] if b.good >= 0 else None,
                   "expansion": b.expansion}
            for b in BUILDINGS
        },
        "prices": dict(zip(GOODS, PRICES, strict=True)),
        "goods": GOODS,
        "trading_house_spaces": TRADING_HOUSE_SPACES,
        "island_spaces": ISLAND_SPACES,
        "city_spaces": CITY_SPACES,
    }


def scores(view: dict[str, Any]) -> list[int | None]:
    """Each seat's score so far as the view shows it: its VP chips and its buildings' points
    (None where the chips are hidden from this viewer; the large buildings' bonuses count only
    at the end, in the final scores)."""
    out: list[int | None] = []
    for player in view["players"]:
        if player.get("vp") is None:
            out.append(None)
            continue
        built = sum(_BUILDING[b["building"]].vp for b in player["buildings"] if b["building"] in _BUILDING)
        out.append(int(player["vp"]) + built)
    return out


def _name(building: str) -> str:
    return _NAMES.get(building, building.replace("_", " "))


def _piece(action: dict[str, Any]) -> str:
    return str(action.get("piece", "colonist"))


def action_label(action: dict[str, Any]) -> str | None:
    """Button words for the actions whose fields alone read badly; None: the platform's words."""
    kind = action.get("type")
    if kind in ("build", "draft_building"):
        return _name(str(action["building"]))
    if kind == "select_role":
        return str(action["role"]).capitalize()
    if kind == "place":
        return f"{_piece(action).capitalize()} to {_name(str(action['to']))}"
    if kind == "remove":
        return f"{_piece(action).capitalize()} off {_name(str(action['from']))}"
    if kind == "deploy_guest":
        return f"Guest {_piece(action)} to {_name(str(action['to']))}"
    if kind == "black_market_worker":
        return f"Sell the {_piece(action)} on {_name(str(action['from']))}"
    if kind == "ship":
        where = "the wharf" if action["ship"] == "wharf" else f"ship {int(action['ship']) + 1}"
        return f"{str(action['good']).capitalize()} on {where}"
    if kind == "sell":
        venue = " at the trading post" if action.get("venue") == "trading_post" else ""
        return f"Sell {action['good']}{venue}"
    if kind == "take_quarry":
        return "Quarry" + (" (hospice colonist)" if action.get("hospice") else "")
    if kind == "take_plantation":
        return f"{str(action['kind']).capitalize()} plantation"
    if kind == "mayor_privilege":
        return f"Take {amount(int(action['colonists']), 'extra colonist')}"
    if kind == "small_wharf":
        return f"{action['count']} {action['good']} on the small wharf"
    if kind == "place_drawn_tile":
        return "Place it as a forest" if action.get("forest") else "Place it face up"
    return None


def _goods(counts: dict[str, int]) -> str:
    return " ".join(f"{g} {n}" for g, n in counts.items() if n) or "none"


def text(view: dict[str, Any], names: list[str]) -> str:
    """A compact text board (`replay show`): the shared board, then a line or two per player."""
    to_act = ", ".join(names[s] for s in view["to_act"]) or "nobody"
    roles = " ".join(
        r["role"] + (f"({names[r['taken_by']]})" if r["taken_by"] is not None else f"[+{r['doubloons']}]" if r["doubloons"] else "")
        for r in view["roles"])
    ships = " ".join(f"{s['ship'] + 1}:[{s['good'] or '-'} {s['count']}/{s['capacity']}]" for s in view["cargo_ships"])
    house = ", ".join(view["trading_house"]) or "empty"
    lines = [
        f"Round {view['round']} · governor {names[view['governor']]} · {view['phase']} ({view['step']}) · to act: {to_act}",
        f"Roles: {roles}",
        f"Supply: VP {view['vp_supply']} · colonists {view['colonist_supply']} · on the ship {view['colonist_ship']}"
        f" · quarries {view['quarries']} · face-down plantations {view['plantation_draw_pile']}",
        f"Plantations to take: {' '.join(view['plantation_row']) or 'none'} · goods: {_goods(view['goods_supply'])}",
        f"Ships: {ships} · trading house: {house}",
    ]
    if view["end_triggered"]:
        lines.append(f"Last round: {', '.join(view['end_triggered'])}")
    for p in view["players"]:
        vp = "hidden" if p["vp"] is None else p["vp"]
        island = " ".join(f"{t['kind']}×{t['tiles']}({t['occupied']})" for t in p["island"]) or "-"
        city = " ".join(f"{_name(b['building'])}({b['colonists']}/{b['circles']})" for b in p["buildings"]) or "-"
        lines.append(f"{names[p['seat']]}: {p['doubloons']} doubloons · VP {vp} · goods {_goods(p['goods'])}"
                     f" · San Juan {p['windrose_colonists']}")
        lines.append(f"    island {island} · city {city}")
    return "\n".join(lines)
