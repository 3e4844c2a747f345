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
from .i18n import (
    NP_,
    _,
    colour,
    counted,
    country,
    effect_text,
    good,
    help_text,
    item,
    kind,
    mystery,
    ngettext,
    number,
    pgettext,
    province,
    short,
    symbol_help,
    tile_type,
)
from .textboard import text_word as text_word  # `replay show` writes the view out in these words

_SYMBOL = {"silver": NP_("symbol", "1 silver"), "gold": NP_("symbol", "a gold card"),
           "spice": NP_("symbol", "a spice card"), "goods": NP_("symbol", "a goods tile from the bag"),
           "food": NP_("symbol", "a food card"), "mystery": NP_("symbol", "a mysterious place")}


def deck_tile(tile_id: str) -> dict[str, Any]:
    t = C.deck_tiles[tile_id]
    goods = [counted(n, g) for g, n in zip(C.goods, t.goods, strict=True) if n]
    if t.silver:
        goods.append(counted(t.silver, "silver"))
    cost = " + ".join(goods)
    where = country(t.colour)
    said = ngettext("This one: to the {country} at {time}, {n} seat, boarding costs {cost}.",
                    "This one: to the {country} at {time}, {n} seats, boarding costs {cost}.", t.seats,
                    country=where, time=t.time, cost=cost)
    return {"id": tile_id, "country": where, "colour": t.colour, "time": t.time, "seats": t.seats, "cost": cost,
            "help": f"{help_text('ship')} {said}"}


def trade_tile(tile_id: str) -> str:
    if tile_id in C.effect:
        return _("special tile {tile}: {effect}", tile=tile_id, effect=effect_text(tile_id))
    k = C.tile_type.get(tile_id)
    return _("{type} ({tile}, sets up to {cap})", type=tile_type(k), tile=tile_id, cap=C.cap[k]) if k else tile_id


def trade_tile_help(tile_id: str) -> str:
    if tile_id in C.effect:
        return _("Special tile {tile}: {effect}", tile=tile_id, effect=effect_text(tile_id))
    k = C.tile_type.get(tile_id)
    return help_text("trade_tile").format(type=tile_type(k), cap=C.cap[k]) if k else help_text("trade_tiles")


def bonus_tile(tile_id: str) -> str:
    k, of = C.bonus_kind[tile_id], tile_type(C.bonus_type[tile_id])
    return _("+1 per {type} tile", type=of) if k == "plus_one" else _("counts as one more {type} tile", type=of)


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
    for land, port in m.port.items():
        distance = {port: 0}
        frontier = [port]
        while frontier:
            nxt = []
            for i in frontier:
                for j in sorted(m.roads[i]):
                    if j not in distance and m.country[j] == land:
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
        code = f"{C.code.get(land, '')}-"
        nodes = [{"id": m.provinces[i], "short": m.provinces[i].removeprefix(code), "x": x, "y": y}
                 for i, (x, y) in at.items()]
        lines = sorted({(min(i, j), max(i, j)) for i in at for j in m.roads[i] if j in at})
        out[land] = {"nodes": nodes, "roads": [(*at[i], *at[j]) for i, j in lines],
                        "width": width, "height": 52 + max(rows) * step}
    return out


def _province_help(province: dict[str, Any]) -> str:
    """A province's rules help: its kind, and its symbols or its tile."""
    where = province["kind"]
    said = [help_text(where)]
    said += [symbol_help(s) for s in dict.fromkeys(province.get("symbols") or ())]
    if province.get("face_down"):
        said.append(help_text("face_down"))
    elif province.get("tile"):
        said.append(trade_tile_help(province["tile"]))
    elif where == "factory" and province.get("merchant") is not None:
        said.append(help_text("taken"))
    return " ".join(said)


def _mystery_help(card: str) -> str:
    cost = C.mystery_cost[card]
    if cost:
        return _("{place}: {help} Keeping it costs a {goods} tile.", place=mystery(card), help=help_text("mystery_card"),
                 goods=good(cost))
    return _("{place}: {help}", place=mystery(card), help=help_text("mystery_card"))


_PHASES = {"bidding": NP_("phase", "Bidding phase"), "trade": NP_("phase", "Trade phase"),
           "boarding": NP_("phase", "Boarding phase"), "exploration": NP_("phase", "Exploration phase"),
           "mystery": NP_("phase", "Mystery phase"), "storage": NP_("phase", "Storage phase"),
           "final_sales": NP_("phase", "Final sales phase"), "game_over": NP_("phase", "Game over")}
_SYMBOL_WORDS = {"silver": NP_("symbol word", "silver"), "gold": NP_("symbol word", "gold"),
                 "spice": NP_("symbol word", "spice"), "goods": NP_("symbol word", "goods"),
                 "food": NP_("symbol word", "food"), "mystery": NP_("symbol word", "mystery")}


def _mode(view: dict[str, Any]) -> str:
    said = [_("Advanced game")] if view.get("mode") == "advanced" else [_("Basic game")]
    if view.get("open_deck"):
        said.append(_("open deck"))
    if view.get("lenient_expedition"):
        said.append(_("lenient expeditions"))
    return ", ".join(said)


def _trading(view: dict[str, Any]) -> str:
    venue = str(view.get("active_venue"))
    where = _("the guild") if venue == "guild" else _("market {market}", market=number(venue, "market"))
    if view.get("price") is None:
        return _("{venue}.", venue=where)
    return ngettext("{venue}, a deal costs {n} silver.", "{venue}, a deal costs {n} silver.", int(view["price"]), venue=where)


def _left(e: dict[str, Any], advanced: bool) -> str:
    steps = ngettext("{n} step", "{n} steps", int(e.get("steps_left") or 0))
    if advanced:
        return _("{steps} left", steps=steps)
    return _("{steps} and {flips} left", steps=steps, flips=ngettext("{n} flip", "{n} flips", int(e.get("flips_left") or 0)))


def _expedition(view: dict[str, Any]) -> tuple[str, str]:
    """The expedition in words, with "{name}" for the merchant's owner (the board knows the names)."""
    e = view.get("expedition")
    if not e:
        return "", ""
    left = _left(e, view.get("mode") == "advanced")
    values = {"name": "{name}", "ship": number(str(e.get("ship")), "ship"), "country": country(str(e.get("country"))),
              "left": left}
    if e.get("at"):
        said = _("{name}'s merchant from ship {ship} in the {country}, now at {province}; {left}.",
                 province=province(str(e["at"])), **values)
    else:
        said = _("{name}'s merchant from ship {ship} in the {country}; {left}.", **values)
    return said, _("{name}'s merchant: {left}.", name="{name}", left=left)


def _supplies(view: dict[str, Any]) -> str:
    forms = {"gold": lambda n: ngettext("{n} gold card", "{n} gold cards", n),
             "spice": lambda n: ngettext("{n} spice card", "{n} spice cards", n),
             "food": lambda n: ngettext("{n} food card", "{n} food cards", n)}
    return ", ".join(forms[r](int(n)) if r in forms else f"{n} {r}" for r, n in view.get("supplies", {}).items())


def _sales() -> str:
    forms = {"gold": lambda n: ngettext("{n} silver per gold", "{n} silver per gold", n),
             "spice": lambda n: ngettext("{n} silver per spice", "{n} silver per spice", n),
             "goods": lambda n: ngettext("{n} silver per goods tile", "{n} silver per goods tile", n)}
    return ", ".join(forms[k](n) for k, n in C.sale_price.items() if k in forms)


def _words(view: dict[str, Any]) -> dict[str, Any]:
    """The board's words that depend on the view: its phase, mode, venues, ships, the expedition."""
    step = str(view.get("step"))
    expedition, left = _expedition(view)
    provinces = view.get("provinces", {})
    m = C.maps.get(str(view.get("mode", "basic"))) or C.maps["basic"]
    return {
        "phase": pgettext("phase", _PHASES[step]) if step in _PHASES else step.replace("_", " "),
        "mode": _mode(view),
        "end_trigger": pgettext("termination", str(view.get("end_trigger")).replace("_", " ")),
        "trading": _trading(view) if view.get("active_venue") else "",
        "expedition": expedition, "expedition_left": left,
        "venue_title": {v: _("Market {market}", market=number(v, "market")) for v in view.get("markets", {})},
        "ship": {s: _("Ship {ship}", ship=number(s, "ship")) for s in view.get("ships", {})},
        "top_back": colour(str((view.get("deck") or {}).get("top_back"))),
        "supplies": _supplies(view), "sale_said": _sales(),
        "income_said": ", ".join(f"+{n}" for n in C.income.values()),
        "province": {q: province(q) for q in provinces},
        "short": {q: short(q.partition("-")[2]) for q in provinces},
        "roads": {m.provinces[i]: ", ".join(sorted(short(m.provinces[j].partition("-")[2]) for j in m.roads[i]))
                  for i in range(len(m.provinces))},
        "borders": {m.provinces[i]: ", ".join(sorted(province(m.provinces[j]) for j in m.adjacent[i] - m.roads[i]))
                    for i in range(len(m.provinces))},
        "from": {p.get("seat"): ", ".join(province(q) for q in p.get("trade_tiles_from") or []) for p in view.get("players", [])},
        "codes": {c: short(c) for c in ("P", "X", "F")},
        "named": lambda seats, names: ", ".join(names[s] for s in seats),
    }


def context(view: dict[str, Any]) -> dict[str, Any]:
    """The printed data the board shows next to the view, and the rules help of each component."""
    tiles = {p.get("tile") for p in view.get("provinces", {}).values()} | {
        t for p in view.get("players", []) for t in (p.get("trade_tiles") or [])}
    decks = {s["deck_tile"] for s in view.get("ships", {}).values() if s.get("deck_tile")} | set(view.get("discarded", []))
    if view.get("deck", {}).get("top"):
        decks.add(view["deck"]["top"])
    cards = {c for p in view.get("players", []) for c in (p.get("mystery_cards") or [])}
    cards |= set((view.get("expedition") or {}).get("drawn") or [])
    return {
        "map": _map(str(view.get("mode", "basic"))),
        "drawing": _drawing(str(view.get("mode", "basic"))),
        "country_name": {c: country(c) for c in C.countries}, "goods_colour": C.goods_colour,
        "country_goods": {c: good(g) for g, c in C.goods_colour.items()},
        "goods": {g: good(g) for g in C.goods},
        "kind": {k: kind(k) for k in ("port", "crossroads", "factory")},
        "resources": {i: item(i) for i in ("gold", "spice", "food", "silver")},
        "symbol": {s: pgettext("symbol", w) for s, w in _SYMBOL.items()},
        "symbol_word": {s: pgettext("symbol word", w) for s, w in _SYMBOL_WORDS.items()},
        "deck_tiles": {d: deck_tile(d) for d in decks if d in C.deck_tiles},
        "trade_tiles": {t: trade_tile(t) for t in tiles if t},
        "trade_help": {t: trade_tile_help(t) for t in tiles if t},
        "bonus_tiles": {b: bonus_tile(b) for b in C.bonus_tiles},
        "bonus_help": {b: _("Bonus tile {bonus}: {help}", bonus=b,
                            help=help_text(C.bonus_kind[b]).format(type=tile_type(C.bonus_type[b]))) for b in C.bonus_tiles},
        "mystery": {c: mystery(c) for c in C.mystery_cards},
        "mystery_help": {c: _mystery_help(c) for c in cards if c in C.mystery_name},
        "province_help": {q: _province_help(p) for q, p in view.get("provinces", {}).items()},
        "goods_help": {g: _("{Goods} (the colour of the {country}): {help}", Goods=_cap(good(g)), country=country(c),
                            help=help_text("goods")) for g, c in C.goods_colour.items()},
        "help": {k: help_text(k) for k in C.help},
        "sale": dict(C.sale_price), "silver_max": C.silver_max, "income": dict(C.income),
        **_words(view),
    }


def scores(view: dict[str, Any]) -> list[int | None]:
    """Each seat's points as the view shows them: only once everything is known (the trade tiles
    scored are secret during play)."""
    now = view.get("score_now")
    return list(now) if now else [None] * len(view["players"])


_KINGDOMS = {"emerald": NP_("kingdom", "Cheetah"), "orange": NP_("kingdom", "Lion"), "purple": NP_("kingdom", "Tiger"),
             "brown": NP_("kingdom", "Leopard"), "grey": NP_("kingdom", "Lynx")}


def _place(name: Any) -> str:
    """A province on a button: "Cheetah crossroads X1", the kingdom by its animal."""
    code, _dash, place = str(name).partition("-")
    land = next((c for c, k in C.code.items() if k == code), code)
    animal = pgettext("kingdom", _KINGDOMS[land]) if land in _KINGDOMS else land
    if place == "P":
        return _("{kingdom} port province", kingdom=animal)
    if place.startswith("X"):
        return _("{kingdom} crossroads {place}", kingdom=animal, place=short(place))
    return _("{kingdom} factory site {place}", kingdom=animal, place=short(place))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _sold(action: dict[str, Any]) -> str:
    n, what = int(action.get("count", 1)), str(action.get("item"))
    return counted(n, str(action.get("goods")) if what == "goods" else what)


def _bid(action: dict[str, Any]) -> str:
    target = str(action["target"])
    if target == "own_board":
        return _("Bid on my own board (income)")
    if target == "guild":
        return _("Bid on the guild")
    return _("Bid on market {market}", market=number(target, "market"))


def _exchange(action: dict[str, Any]) -> str:
    if action.get("option") == "bonus":
        return _("Take bonus tile {bonus} ({effect})", bonus=action["bonus"], effect=bonus_tile(str(action["bonus"])))
    values = {"give": good(str(action.get("give", ""))), "take": good(str(action.get("take", "")))}
    if action.get("option") == "goods_food":
        return _("Exchange {give} for {take}, +1 food", **values)
    return _("Exchange {give} for {take}, +1 spice", **values)


# Button words per action type, filled in with the action's fields; no two actions of one list alike.
_WORDS = {
    "buy": lambda a: _("Buy {goods}", goods=good(str(a["goods"]))),
    "sell": lambda a: _("Sell {what}", what=_sold(a)),
    "board": lambda a: _("Board ship {ship}", ship=number(str(a["ship"]), "ship")),
    "move": lambda a: _("Move to {province}", province=_place(a["province"])),
    "flip": lambda a: _("Flip the tile of {province}", province=_place(a["province"])),
    "keep_mystery": lambda a: _("Keep {place} ({card})", place=mystery(str(a["card"])), card=a["card"]),
    "place_bid": _bid,
    "exchange": _exchange,
    "decline": lambda a: _("Decline"),
    "end_turn": lambda a: _("End my turn"),
    "stop": lambda a: _("Stop here"),
    "store_fourth": lambda a: _("Store a fourth good"),
    "final_done": lambda a: _("Done selling"),
}


def action_label(action: dict[str, Any]) -> str | None:
    """Button words, no two actions of one list alike (what tells them apart is in the words)."""
    said = _WORDS.get(str(action.get("type")))
    return str(said(action)) if said is not None else None
