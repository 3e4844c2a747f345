"""Felinia's component data: loaded from `components.json`, validated, indexed for the rules.

Everything the rulebook shows only in pictures (the two island maps, the deck tiles, the trade
and bonus tiles, the start goods, the closed markets, the mysterious places) is data here, not
code: rules page §1 and its Appendix A, copied as it is. Each section carries a provenance tag
(rulebook, component data, DEFINED HERE) and entries that mix sources carry their own `source`.
`parse()` raises `ComponentError` with a plain sentence when the data breaks a constraint the
rulebook text imposes (rules page §1.2 and the checks listed before Appendix A).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).with_name("components.json")
PROVENANCE_TAGS = ("rulebook", "component data", "DEFINED HERE")
ENTRY_SOURCES = ("rulebook", "defined")
SECTIONS = (
    "player_counts", "player_colours", "per_player", "ships", "money_track",
    "bid_income_by_placement_round", "storage", "sale_prices", "card_supplies", "countries",
    "goods_types", "markets", "start_goods", "trade_tile_types", "trade_tiles",
    "special_trade_tiles", "bonus_tiles", "deck_tiles", "mysterious_places", "help", "map_basic",
    "map_advanced",
)
SYMBOLS = ("spice", "gold", "silver", "goods", "food", "mystery")
EFFECTS = ("food_scores_two", "spice_scores_one", "lone_merchant_scores_two", "mystery_plus_one",
           "food_income", "windfall", "silver_income", "gold_income")


class ComponentError(ValueError):
    """The component data breaks a constraint of the rules."""


@dataclass(frozen=True)
class Map:
    """One side of the board: provinces in data order, with roads and border contacts."""

    provinces: tuple[str, ...]
    index: Mapping[str, int]
    country: tuple[str, ...]
    kind: tuple[str, ...]  # port / crossroads / factory
    symbols: tuple[tuple[str, ...], ...]
    roads: tuple[frozenset[int], ...]
    adjacent: tuple[frozenset[int], ...]  # roads and borders: merchant groups (§4.2)
    port: Mapping[str, int]  # country -> its port province
    factories: Mapping[str, tuple[int, ...]]  # country -> F1, F2, ... in order


@dataclass(frozen=True)
class DeckTile:
    id: str
    back: str
    colour: str
    time: str
    minutes: int
    seats: int
    goods: tuple[int, ...]  # counts per goods type, in goods order
    silver: int


@dataclass(frozen=True)
class Components:
    goods: tuple[str, ...]  # goods types in data order (the bag-draw order, §8)
    goods_tiles: tuple[int, ...]
    goods_colour: Mapping[str, str]
    countries: tuple[str, ...]  # ring order
    country_name: Mapping[str, str]
    code: Mapping[str, str]
    markets: tuple[str, ...]
    goods_slots: int
    initial_goods: int
    closed_markets: Mapping[int, tuple[str, ...]]
    start_goods: Mapping[int, tuple[tuple[str, ...], ...]]
    tile_types: tuple[str, ...]
    cap: Mapping[str, int]
    tile_type: Mapping[str, str]  # portrait tile id -> type
    tile_country: Mapping[str, str]  # every trade tile (portrait and special) -> country
    portrait_tiles: tuple[str, ...]
    special_tiles: tuple[str, ...]
    effect: Mapping[str, str]  # special tile id -> effect key
    effect_text: Mapping[str, str]  # special tile id -> its effect in words (the tile's text)
    tile_of_effect: Mapping[str, str]
    bonus_tiles: tuple[str, ...]
    bonus_kind: Mapping[str, str]
    bonus_type: Mapping[str, str]
    deck_tiles: Mapping[str, DeckTile]
    blue_backed: tuple[str, ...]
    grey_backed: tuple[str, ...]
    mystery_cards: tuple[str, ...]
    mystery_place: Mapping[str, str]
    mystery_name: Mapping[str, str]
    mystery_cost: Mapping[str, str | None]
    maps: Mapping[str, Map]  # "basic" / "advanced"
    merchants: int
    bid_tokens: int
    start_silver: int
    silver_max: int
    income: Mapping[int, int]
    free_goods: int
    paid_goods_cost: int
    sale_price: Mapping[str, int]
    supply_cards: Mapping[str, int]
    card_faces: tuple[int, ...]
    ship_ids: tuple[str, ...]
    player_counts: Mapping[str, tuple[int, ...]]
    provenance: Mapping[str, str]
    help: Mapping[str, str]  # a sentence per component, for the board's rules help
    symbol_help: Mapping[str, str]  # a sentence per reward symbol


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise ComponentError(message)


def load(path: Path = DATA_FILE) -> Components:
    """Read and validate the component data file."""
    data = json.loads(path.read_text(encoding="utf-8"))
    _need(isinstance(data, dict) and data.get("format") == "felinia.components", "not a Felinia component file")
    return parse(data)


def _provenance(data: Mapping[str, Any]) -> dict[str, str]:
    provenance: dict[str, Any] = data.get("provenance") or {}
    _need(isinstance(provenance, dict) and bool(provenance), "the provenance block is missing")
    for section in SECTIONS:
        _need(section in data, f"section {section!r} is missing")
        tag = provenance.get(section)
        _need(isinstance(tag, str) and any(t in tag for t in PROVENANCE_TAGS),
              f"provenance of {section} must say rulebook, component data or DEFINED HERE")
    for section in ("countries", "goods_types", "deck_tiles"):
        for entry in data[section]:
            _need(entry.get("source") in ENTRY_SOURCES,
                  f"{section} entry {entry.get('id')!r} needs a source: rulebook or defined")
    return dict(provenance)


def _help(raw: Mapping[str, Any]) -> tuple[dict[str, str], dict[str, str]]:
    """The board's rules help: one sentence per component, and per reward symbol."""
    pieces, symbols = dict(raw.get("pieces") or {}), dict(raw.get("symbols") or {})
    for key, text in (*pieces.items(), *symbols.items()):
        _need(isinstance(text, str) and text.endswith(".") and len(text) <= 160, f"help for {key} must be one sentence")
    _need(set(symbols) == set(SYMBOLS), f"help for every reward symbol: {', '.join(SYMBOLS)}")
    return pieces, symbols


def _map(raw: Mapping[str, Any], countries: tuple[str, ...], code: Mapping[str, str], name: str) -> Map:
    provinces = tuple(raw)
    index = {p: i for i, p in enumerate(provinces)}
    for p, row in raw.items():
        _need(row["country"] in countries, f"{name}: {p} lies in an unknown country {row['country']!r}")
        _need(p.startswith(code[row["country"]] + "-"), f"{name}: {p} must start with its country's code")
        _need(row["kind"] in ("port", "crossroads", "factory"), f"{name}: {p} has an unknown kind")
        _need(all(s in SYMBOLS for s in row["symbols"]), f"{name}: {p} shows an unknown symbol")
        _need(row["kind"] != "factory" or not row["symbols"], f"{name}: factory site {p} shows a symbol")
        for other in (*row["roads"], *row["borders"]):
            _need(other in index, f"{name}: {p} touches an unknown province {other!r}")
        _need(not set(row["roads"]) & set(row["borders"]), f"{name}: {p} has a road and a border to one province")
    for p, row in raw.items():
        for other in row["roads"]:
            _need(p in raw[other]["roads"], f"{name}: the road {p}-{other} goes one way only")
            _need(raw[other]["country"] == row["country"], f"{name}: the road {p}-{other} crosses a border")
        for other in row["borders"]:
            _need(p in raw[other]["borders"], f"{name}: the border contact {p}-{other} goes one way only")
            _need(raw[other]["country"] != row["country"] and row["kind"] == raw[other]["kind"] == "factory",
                  f"{name}: the border contact {p}-{other} must join factory sites of two countries")
    port: dict[str, int] = {}
    factories: dict[str, tuple[int, ...]] = {}
    for c in countries:
        mine = [p for p in provinces if raw[p]["country"] == c]
        ports = [p for p in mine if raw[p]["kind"] == "port"]
        _need(len(ports) == 1, f"{name}: {c} must have exactly one port province")
        port[c] = index[ports[0]]
        factories[c] = tuple(index[p] for p in mine if raw[p]["kind"] == "factory")
    roads = tuple(frozenset(index[o] for o in raw[p]["roads"]) for p in provinces)
    borders = tuple(frozenset(index[o] for o in raw[p]["borders"]) for p in provinces)
    return Map(
        provinces, index, tuple(raw[p]["country"] for p in provinces), tuple(raw[p]["kind"] for p in provinces),
        tuple(tuple(raw[p]["symbols"]) for p in provinces), roads,
        tuple(r | b for r, b in zip(roads, borders, strict=True)), port, factories,
    )


def parse(data: Mapping[str, Any]) -> Components:  # noqa: C901 - one check per constraint
    provenance = _provenance(data)
    countries = tuple(c["id"] for c in data["countries"])
    _need(len(countries) == 5, "the island has 5 countries")
    code = {c["id"]: c["code"] for c in data["countries"]}
    named = {c["id"]: c["name"] for c in data["countries"]}
    for cid, nm in (("emerald", "Cheetah"), ("orange", "Lion"), ("purple", "Tiger")):
        _need(cid in named and nm in named[cid], f"the rulebook's Kingdom of the {nm} is {cid}")
    goods = tuple(g["id"] for g in data["goods_types"])
    goods_tiles = tuple(g["tiles"] for g in data["goods_types"])
    _need(len(goods) == 5 and sum(goods_tiles) == 45, "there are 45 goods tiles of 5 types")
    colour = {g["id"]: g["colour"] for g in data["goods_types"]}
    _need(sorted(colour.values()) == sorted(countries), "each goods type has the colour of one country")
    _need(colour.get("watches") == "orange", "watches are orange (the rulebook's 5:00 Lion ship)")
    gi = {g: i for i, g in enumerate(goods)}

    markets = data["markets"]
    market_ids = tuple(m for m in markets["activation_order"] if m != "guild")
    _need(len(market_ids) == 5 and markets["activation_order"][-1] == "guild",
          "5 markets are activated from the top, then the guild")
    closed = {int(k): tuple(v) for k, v in markets["closed_markets"].items()}
    start = {int(k): tuple(tuple(p) for p in v) for k, v in data["start_goods"].items()}
    for n in (2, 3, 4):
        _need(n in closed and all(m in market_ids for m in closed[n]), f"closed markets for {n} players")
        _need(len(start.get(n, ())) == n and all(len(p) == 2 and set(p) <= set(goods) for p in start[n]),
              f"every one of {n} players starts with two goods tiles")

    types = tuple(t["id"] for t in data["trade_tile_types"])
    cap = {t["id"]: t["cap"] for t in data["trade_tile_types"]}
    _need("panther" in cap and set(cap.values()) == {3, 4}, "the panther type and caps 3 and 4 (rulebook)")
    portrait = tuple(t["id"] for t in data["trade_tiles"])
    _need(len(portrait) == 30 and len(set(portrait)) == 30, "there are 30 portrait trade tiles")
    tile_type = {t["id"]: t["type"] for t in data["trade_tiles"]}
    for t in data["trade_tiles"]:
        _need(t["type"] in cap and t["cap"] == cap[t["type"]] and t["country"] in countries,
              f"trade tile {t['id']} has a known type, its type's cap and a country")
    counts = Counter(tile_type.values())
    for t in data["trade_tile_types"]:
        _need(counts[t["id"]] == t["tiles"], f"{t['tiles']} {t['id']} tiles are listed")
    special = tuple(s["id"] for s in data["special_trade_tiles"])
    effect = {s["id"]: s["power"] for s in data["special_trade_tiles"]}
    _need(len(special) == 8 and sorted(effect.values()) == sorted(EFFECTS), "8 special tiles, one per effect")
    tile_country = {t["id"]: t["country"] for t in (*data["trade_tiles"], *data["special_trade_tiles"])}
    _need(all(c in countries for c in tile_country.values()), "every special tile has a country")

    bonus = tuple(b["id"] for b in data["bonus_tiles"])
    _need(len(bonus) == 5, "there are 5 bonus tiles")
    for b in data["bonus_tiles"]:
        _need(b["kind"] in ("plus_one", "extra_tile") and b["type"] in cap, f"bonus tile {b['id']}: kind and type")
    _need({"id": "B1", "kind": "plus_one", "type": "panther"} in data["bonus_tiles"], "B1 is +1 panther (rulebook)")

    deck: dict[str, DeckTile] = {}
    for d in data["deck_tiles"]:
        want = Counter(d["goods"])
        _need(set(want) <= set(goods) and d["colour"] in countries, f"deck tile {d['id']}: goods and colour")
        h, m = (int(x) for x in d["time"].split(":"))
        _need(60 <= h * 60 + m == d["minutes"] < 12 * 60, f"deck tile {d['id']}: its time is {d['minutes']} minutes")
        own = next(g for g in goods if colour[g] == d["colour"])
        _need(want[own] >= 1, f"deck tile {d['id']} needs a goods tile of its own colour")
        if d["seats"] == 1:  # the cost pattern (component data, rules page §1.9)
            _need(want == Counter({own: 2}) and d["silver"] == 1,
                  f"1-seat deck tile {d['id']} must cost 2 goods of its own colour and 1 silver")
        else:
            _need(d["seats"] == 2 and sum(want.values()) == 3 and sorted(want.values()) == [1, 2]
                  and d["silver"] == 0, f"2-seat deck tile {d['id']} must cost one pair and one single, no silver")
        deck[d["id"]] = DeckTile(d["id"], d["back"], d["colour"], d["time"], d["minutes"], d["seats"],
                                 tuple(want[g] for g in goods), d["silver"])
    _need(len(deck) == 20 and len({t.minutes for t in deck.values()}) == 20, "20 deck tiles with distinct times")
    blue = tuple(t for t in deck if deck[t].back == "blue")
    grey = tuple(t for t in deck if deck[t].back == "grey")
    _need(len(blue) == 5 and len({deck[t].colour for t in blue}) == 5, "5 blue-backed deck tiles of 5 colours")
    _need(len(grey) == 15, "15 grey-backed deck tiles")
    d01, d02 = deck.get("D01"), deck.get("D02")
    _need(d01 is not None and d01.time == "9:45" and d01.colour == "emerald" and d01.seats == 2
          and d01.goods[gi["clothing"]] == 2 and d01.goods[gi["glassware"]] == 1, "D01 is the rulebook's 9:45 ship")
    _need(d02 is not None and d02.time == "5:00" and d02.colour == "orange" and d02.seats == 1
          and d02.goods[gi["watches"]] == 2 and d02.silver == 1, "D02 is the rulebook's 5:00 ship")

    cards = tuple(c["id"] for c in data["mysterious_places"])
    _need(len(cards) == 18 and len(set(cards)) == 18, "there are 18 mysterious place cards")
    cost = {c["id"]: c["goods_cost"] for c in data["mysterious_places"]}
    _need(all(g is None or g in goods for g in cost.values()), "a mysterious place costs a known goods type")

    maps = {m: _map(data[f"map_{m}"], countries, code, f"map_{m}") for m in ("basic", "advanced")}
    for c in countries:
        b = maps["basic"]
        kinds = Counter(b.kind[i] for i in range(len(b.provinces)) if b.country[i] == c)
        _need(kinds == Counter({"port": 1, "crossroads": 2, "factory": 6}),
              f"basic map: {c} has 1 port province, 2 crossroads and 6 factory sites")
        _need(len(b.factories[c]) == sum(1 for t in portrait if tile_country[t] == c),
              f"basic map: {c} has a factory site for each of its portrait trade tiles")
        _need(len(maps["advanced"].factories[c]) == sum(1 for t in tile_country if tile_country[t] == c),
              f"advanced map: {c} has a factory site for each of its trade tiles")
    _need(all(not set(s) - {"spice", "gold", "silver", "goods"} for s in maps["basic"].symbols),
          "basic map: only spice, gold, silver and goods symbols")

    supplies = data["card_supplies"]
    pieces, symbols = _help(data["help"])
    return Components(
        goods=goods, goods_tiles=goods_tiles, goods_colour=colour, countries=countries, country_name=named,
        code=code, markets=market_ids, goods_slots=markets["goods_slots"], initial_goods=markets["initial_goods"],
        closed_markets=closed, start_goods=start, tile_types=types, cap=cap, tile_type=tile_type,
        tile_country=tile_country, portrait_tiles=portrait, special_tiles=special, effect=effect,
        effect_text={s["id"]: s["help"] for s in data["special_trade_tiles"]},
        tile_of_effect={e: s for s, e in effect.items()}, bonus_tiles=bonus,
        bonus_kind={b["id"]: b["kind"] for b in data["bonus_tiles"]},
        bonus_type={b["id"]: b["type"] for b in data["bonus_tiles"]}, deck_tiles=deck, blue_backed=blue,
        grey_backed=grey, mystery_cards=cards,
        mystery_place={c["id"]: c["place"] for c in data["mysterious_places"]},
        mystery_name={c["id"]: c["name"] for c in data["mysterious_places"]}, mystery_cost=cost, maps=maps,
        merchants=data["per_player"]["merchants"], bid_tokens=data["per_player"]["bid_tokens"],
        start_silver=data["per_player"]["start_silver"], silver_max=data["money_track"]["max"],
        income={int(k): v for k, v in data["bid_income_by_placement_round"].items()},
        free_goods=data["storage"]["free_goods"], paid_goods_cost=data["storage"]["paid_goods_cost"],
        sale_price=dict(data["sale_prices"]), supply_cards={k: v["cards"] for k, v in supplies.items()},
        card_faces=tuple(supplies["gold"]["faces"]), ship_ids=tuple(data["ships"]["ids"]),
        player_counts={k: tuple(v) for k, v in data["player_counts"].items()}, provenance=provenance,
        help=pieces, symbol_help=symbols,
    )


C = load()
"""The game's components, loaded once when the module is imported (read-only data)."""
