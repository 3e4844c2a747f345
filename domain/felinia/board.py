"""What the web board (board.html beside this file) needs besides the viewer's view: the printed
component data in words (the map's roads and border contacts, what each deck tile asks to
board, each trade, bonus and special tile, the prices) with every component's effect in a
sentence (components.json "help": the rules help the board shows on hover or tap), the running
score for the replay chart, and button words for the actions (no two actions of one list alike).

Only printed data and the action itself: nothing here looks at a game's state.
"""

from __future__ import annotations

from typing import Any

from .components import C

_SYMBOL = {"silver": "1 silver", "gold": "a gold card", "spice": "a spice card", "goods": "a goods tile from the bag",
           "food": "a food card", "mystery": "a mysterious place"}
_OPTION_GAIN = {"goods_spice": "spice", "goods_food": "food"}  # what options A and C add to the swap (§2.3.3, §5.2)


def deck_tile(tile_id: str) -> dict[str, Any]:
    t = C.deck_tiles[tile_id]
    goods = [g for g, n in zip(C.goods, t.goods, strict=True) for _k in range(n)]
    cost = ", ".join(goods) + (f" + {t.silver} silver" if t.silver else "")
    country = C.country_name.get(t.colour, t.colour)
    seats = "1 seat" if t.seats == 1 else f"{t.seats} seats"
    return {"id": tile_id, "country": country, "colour": t.colour, "time": t.time, "seats": t.seats, "cost": cost,
            "help": f"{C.help['ship']} This one: to the {country} at {t.time}, {seats}, boarding costs {cost}."}


def trade_tile(tile_id: str) -> str:
    if tile_id in C.effect:
        return f"special tile {tile_id}: {C.effect_text[tile_id]}"
    kind = C.tile_type.get(tile_id)
    return f"{kind} ({tile_id}, sets up to {C.cap[kind]})" if kind else tile_id


def trade_tile_help(tile_id: str) -> str:
    if tile_id in C.effect:
        return f"Special tile {tile_id}: {C.effect_text[tile_id]}"
    kind = C.tile_type.get(tile_id)
    return C.help["trade_tile"].format(type=kind, cap=C.cap[kind]) if kind else C.help["trade_tiles"]


def bonus_tile(tile_id: str) -> str:
    kind, of = C.bonus_kind[tile_id], C.bonus_type[tile_id]
    return f"+1 per {of} tile" if kind == "plus_one" else f"counts as one more {of} tile"


def _map(mode: str) -> dict[str, Any]:
    m = C.maps.get(mode) or C.maps["basic"]
    countries: dict[str, list[dict[str, Any]]] = {c: [] for c in C.countries}
    for i, name in enumerate(m.provinces):
        here = f"{C.code.get(m.country[i], '')}-"
        roads = sorted(m.provinces[j].removeprefix(here) for j in m.roads[i])
        borders = sorted(m.provinces[j] for j in m.adjacent[i] - m.roads[i])
        countries.setdefault(m.country[i], []).append({"id": name, "roads": roads, "borders": borders})
    return countries


def _drawing(mode: str) -> dict[str, dict[str, Any]]:
    """Each country drawn as a small graph: its provinces in rows by their distance from the port
    province along roads, and a line for every road (the map's data, whatever its shape)."""
    m = C.maps.get(mode) or C.maps["basic"]
    out: dict[str, dict[str, Any]] = {}
    for country, port in m.port.items():
        distance = {port: 0}
        frontier = [port]
        while frontier:
            nxt = []
            for i in frontier:
                for j in sorted(m.roads[i]):
                    if j not in distance and m.country[j] == country:
                        distance[j] = distance[i] + 1
                        nxt.append(j)
            frontier = nxt
        rows: dict[int, list[int]] = {}
        for i, d in sorted(distance.items(), key=lambda kv: (kv[1], m.provinces[kv[0]])):
            rows.setdefault(d, []).append(i)
        width, step = 300, 56
        at = {}
        for d, members in rows.items():
            for k, i in enumerate(members):
                at[i] = (round(width * (k + 1) / (len(members) + 1)), 26 + d * step)
        code = f"{C.code.get(country, '')}-"
        nodes = [{"id": m.provinces[i], "short": m.provinces[i].removeprefix(code), "x": x, "y": y}
                 for i, (x, y) in at.items()]
        lines = sorted({(min(i, j), max(i, j)) for i in at for j in m.roads[i] if j in at})
        out[country] = {"nodes": nodes, "roads": [(*at[i], *at[j]) for i, j in lines],
                        "width": width, "height": 52 + max(rows) * step}
    return out


def _province_help(province: dict[str, Any]) -> str:
    """A province's rules help: its kind, and its symbols or its tile."""
    kind = province["kind"]
    said = [C.help[kind]]
    said += [C.symbol_help[s] for s in dict.fromkeys(province.get("symbols") or ())]
    if province.get("face_down"):
        said.append(C.help["face_down"])
    elif province.get("tile"):
        said.append(trade_tile_help(province["tile"]))
    elif kind == "factory" and province.get("merchant") is not None:
        said.append(C.help["taken"])
    return " ".join(said)


def _mystery_help(card: str) -> str:
    cost = C.mystery_cost[card]
    asks = f" Keeping it costs a {cost} tile." if cost else ""
    return f"{C.mystery_name[card]}: {C.help['mystery_card']}{asks}"


def context(view: dict[str, Any]) -> dict[str, Any]:
    """The printed data the board shows next to the view, and the rules help of each component."""
    tiles = {p.get("tile") for p in view.get("provinces", {}).values()} | {
        t for p in view.get("players", []) for t in (p.get("trade_tiles") or [])}
    decks = {s["deck_tile"] for s in view.get("ships", {}).values() if s.get("deck_tile")} | set(view.get("discarded", []))
    if view.get("deck", {}).get("top"):
        decks.add(view["deck"]["top"])
    mystery = {c for p in view.get("players", []) for c in (p.get("mystery_cards") or [])}
    mystery |= set((view.get("expedition") or {}).get("drawn") or [])
    return {
        "map": _map(str(view.get("mode", "basic"))),
        "drawing": _drawing(str(view.get("mode", "basic"))),
        "country_name": C.country_name, "goods_colour": C.goods_colour,
        "country_goods": {c: g for g, c in C.goods_colour.items()},
        "symbol": _SYMBOL,
        "deck_tiles": {d: deck_tile(d) for d in decks if d in C.deck_tiles},
        "trade_tiles": {t: trade_tile(t) for t in tiles if t},
        "trade_help": {t: trade_tile_help(t) for t in tiles if t},
        "bonus_tiles": {b: bonus_tile(b) for b in C.bonus_tiles},
        "bonus_help": {b: f"Bonus tile {b}: {C.help[C.bonus_kind[b]].format(type=C.bonus_type[b])}" for b in C.bonus_tiles},
        "mystery": dict(C.mystery_name),
        "mystery_help": {c: _mystery_help(c) for c in mystery if c in C.mystery_name},
        "province_help": {q: _province_help(p) for q, p in view.get("provinces", {}).items()},
        "goods_help": {g: f"{g.capitalize()} ({C.country_name[c]}'s colour): {C.help['goods']}" for g, c in C.goods_colour.items()},
        "help": C.help,
        "sale": dict(C.sale_price), "silver_max": C.silver_max, "income": dict(C.income),
    }


def scores(view: dict[str, Any]) -> list[int | None]:
    """Each seat's points as the view shows them: only once everything is known (the trade tiles
    scored are secret during play)."""
    now = view.get("score_now")
    return list(now) if now else [None] * len(view["players"])


def _province(name: Any) -> str:
    code, _, place = str(name).partition("-")
    country = next((c for c, k in C.code.items() if k == code), code)
    kind = {"P": "port province"}.get(place, "crossroads " + place if place.startswith("X") else "factory site " + place)
    return f"{C.country_name.get(country, country).removeprefix('Kingdom of the ')} {kind}"


def _sold(action: dict[str, Any]) -> str:
    n, item = int(action.get("count", 1)), str(action.get("item"))
    return f"{n} {action.get('goods') if item == 'goods' else item}"


# Button words per action type, filled in with the action's fields; no two actions of one list alike.
_WORDS = {
    "buy": lambda a: f"Buy {a['goods']}",
    "sell": lambda a: f"Sell {_sold(a)}",
    "board": lambda a: f"Board {str(a['ship']).replace('ship', 'ship ')}",
    "move": lambda a: f"Move to {_province(a['province'])}",
    "flip": lambda a: f"Flip the tile of {_province(a['province'])}",
    "keep_mystery": lambda a: f"Keep {C.mystery_name.get(str(a['card']), a['card'])} ({a['card']})",
    "place_bid": lambda a: "Bid on my own board (income)" if a["target"] == "own_board"
    else f"Bid on {'the guild' if a['target'] == 'guild' else str(a['target']).replace('market', 'market ')}",
}


def action_label(action: dict[str, Any]) -> str | None:
    """Button words, no two actions of one list alike (what tells them apart is in the words)."""
    kind = str(action.get("type"))
    if kind in _WORDS:
        return str(_WORDS[kind](action))
    if kind == "exchange":
        if action.get("option") == "bonus":
            return f"Take bonus tile {action['bonus']} ({bonus_tile(str(action['bonus']))})"
        gain = _OPTION_GAIN.get(str(action.get("option")), str(action.get("option")))
        return f"Exchange {action.get('give', '')} for {action.get('take', '')}, +1 {gain}"
    return {"decline": "Decline", "end_turn": "End my turn", "stop": "Stop here", "store_fourth": "Store a fourth good",
            "final_done": "Done selling"}.get(kind)
