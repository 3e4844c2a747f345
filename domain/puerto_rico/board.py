"""What the web board (board.html beside this file) needs besides the viewer's view: the printed
component data (building costs, points and circles, trading-house prices, island and city
spaces, the draft pool) with every component's effect in a sentence (components.json: the rules
help the board shows on hover or tap), the running score the replay chart draws, and button
words for the actions (no two actions of one list alike).

Only public, printed data: nothing here looks at a game's state.
"""

from __future__ import annotations

from typing import Any

from domain.core.words import amount

from .components import (
    BUILDINGS,
    CATALOG,
    CITY_SPACES,
    DRAFT_POOL,
    GOODS,
    ISLAND_SPACES,
    PIECE_HELP,
    PRICES,
    ROLE_HELP,
    TRADING_HOUSE_SPACES,
    draft_slot,
    role_phase,
)

_BUILDING = {b.id: b for b in BUILDINGS}
_NAMES = {b.id: b.name for b in BUILDINGS}


def _good_help(g: int) -> str:
    made = [b.name.lower() for b in BUILDINGS if b.good == g]
    where = f"a manned {GOODS[g]} plantation and a worker in a {' or '.join(made)}" if made else f"a manned {GOODS[g]} plantation alone"
    return f"{GOODS[g].capitalize()}: made by {where}; the trading house pays {amount(PRICES[g], 'doubloon')}."


def context(view: dict[str, Any]) -> dict[str, Any]:
    """The printed data the board shows next to the view, and the rules help of each component."""
    return {
        "buildings": {
            b.id: {"name": b.name, "cost": b.cost, "vp": b.vp, "circles": b.circles, "column": b.column,
                   "large": b.large, "production": b.production, "good": GOODS[b.good] if b.good >= 0 else None,
                   "expansion": b.expansion, "effect": b.effect}
            for b in BUILDINGS
        },
        "prices": dict(zip(GOODS, PRICES, strict=True)),
        "goods": GOODS,
        "trading_house_spaces": TRADING_HOUSE_SPACES,
        "island_spaces": ISLAND_SPACES,
        "city_spaces": CITY_SPACES,
        "draft_pool": [{"id": CATALOG[b], "slot": draft_slot(b)} for b in DRAFT_POOL],
        "roles": {r["role"]: ROLE_HELP[role_phase(r["role"])] for r in view.get("roles", [])},
        "help": {**PIECE_HELP, **{g: _good_help(i) for i, g in enumerate(GOODS)}},
        "tiles": {**{g: f"{g.capitalize()} plantation: {PIECE_HELP['plantation']}" for g in GOODS}, "quarry": PIECE_HELP["quarry"]},
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


# Button words per action type, filled in with `_fields`; no two actions of one list alike.
_WORDS = {
    "hacienda_draw": "Draw a face-down plantation (hacienda)",
    "hacienda_quarry": "A quarry instead of the hacienda's plantation",
    "land_office_buy": "Buy a face-down plantation for 1 doubloon (land office)",
    "villa_take": "Take a noble (villa)",
    "black_market_vp": "Give 1 VP (black market)",
    "select_role": "{Role}",
    "draft_building": "Draft the {building_lower}",
    "place": "{Piece} to {to}",
    "remove": "{Piece} off {from}",
    "deploy_guest": "Guest {piece} to {to}",
    "black_market_worker": "Give the {piece} on {from} (black market)",
    "black_market_good": "Give 1 {good} (black market)",
    "ship": "{Good} on {ship}",
    "sell": "Sell {good}{venue}",
    "keep": "Keep 1 {good}",
    "warehouse": "Keep all {good} in a warehouse",
    "craftsman_bonus": "1 more {good} (craftsman)",
    "royal_supplier": "Send 1 {good} to the royal supplier",
    "land_office_sell": "Discard {tile} for 1 doubloon (land office)",
    "hunting_lodge_discard": "Discard {tile} (hunting lodge)",
    "take_from_ship": "Take a {piece} from the colonist ship",
    "small_wharf": "{count} {good} on the small wharf",
    "take_plantation": "{Kind} plantation{hospice}",
    "take_forest": "{Kind} plantation as a forest{hospice}",
    "take_quarry": "Quarry{hospice}",
    "build": "{building}{black_market}{university}",
    "mayor_privilege": "{colonists}",
    "place_drawn_tile": "Place it {forest}",
}


def _fields(action: dict[str, Any]) -> dict[str, str]:
    """The words an action's fields fill into `_WORDS`."""
    piece, good, kind = str(action.get("piece", "colonist")), str(action.get("good", "")), str(action.get("kind", ""))
    building, ship, tile = _name(str(action.get("building", ""))), action.get("ship"), action.get("tile")
    colonists = int(action.get("colonists", 0))
    return {
        "Role": str(action.get("role", "")).replace("_", " ").capitalize(),
        "building": building, "building_lower": building.lower(),
        "piece": piece, "Piece": piece.capitalize(), "good": good, "Good": good.capitalize(), "Kind": kind.capitalize(),
        "to": _name(str(action.get("to", ""))),
        "from": "San Juan" if action.get("from") == "windrose" else _name(str(action.get("from", ""))),
        "ship": "the wharf" if ship == "wharf" else f"ship {int(ship) + 1}" if isinstance(ship, int) else "",
        "venue": " at the trading post" if action.get("venue") == "trading_post" else "",
        "tile": f"a {kind} forest" if tile == "forest" else f"a {tile} plantation",
        "count": str(action.get("count", "")),
        "hospice": " without the hospice's colonist" if action.get("hospice") is False else "",
        "black_market": ", the black market paying what you lack" if action.get("black_market") else "",
        "university": ", without the university's colonist" if action.get("university") is False else "",
        "colonists": f"Take {amount(colonists, 'extra colonist')}" if colonists else "No extra colonist",
        "forest": "as a forest" if action.get("forest") else "face up",
    }


def action_label(action: dict[str, Any]) -> str | None:
    """Button words, no two actions of one list alike (what tells them apart is in the words);
    None: the platform's words."""
    words = _WORDS.get(str(action.get("type")))
    return words.format_map(_fields(action)) if words is not None else None


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
