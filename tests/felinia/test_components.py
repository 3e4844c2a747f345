"""Felinia's component data (rules page §1, Appendix A): the loader accepts the data file and
refuses every way of breaking a constraint the rulebook imposes, with a plain sentence."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from domain.felinia.components import DATA_FILE, ComponentError, load, parse

RAW: dict[str, Any] = json.loads(DATA_FILE.read_text(encoding="utf-8"))
C = load()


def broken(change: Callable[[dict[str, Any]], None], message: str) -> None:
    data = copy.deepcopy(RAW)
    change(data)
    with pytest.raises(ComponentError, match=message):
        parse(data)


def test_the_data_file_loads_with_the_rulebooks_counts() -> None:
    assert len(C.goods) == 5 and sum(C.goods_tiles) == 45
    assert len(C.portrait_tiles) == 30 and len(C.special_tiles) == 8 and len(C.bonus_tiles) == 5
    assert len(C.deck_tiles) == 20 and len(C.mystery_cards) == 18
    assert sum(len(f) for f in C.maps["basic"].factories.values()) == 30
    assert sum(len(f) for f in C.maps["advanced"].factories.values()) == 38


def test_every_section_carries_a_provenance_tag() -> None:
    assert set(C.provenance) >= {"map_basic", "deck_tiles", "mysterious_places"}
    assert all(any(t in tag for t in ("rulebook", "component data", "DEFINED HERE")) for tag in C.provenance.values())


def test_ship_tile_cost_pattern_holds_for_every_tile() -> None:
    """§1.9 (component data†): three goods with one pair and no silver, or one pair and 1 silver;
    a 1-seat tile asks for a pair of its own colour, every tile for a goods tile of its colour."""
    for tile in C.deck_tiles.values():
        own = C.goods.index(next(g for g in C.goods if C.goods_colour[g] == tile.colour))
        assert tile.goods[own] >= 1, tile.id
        if tile.seats == 1:
            assert sorted(n for n in tile.goods if n) == [2] and tile.goods[own] == 2 and tile.silver == 1, tile.id
        else:
            assert tile.seats == 2 and sorted(n for n in tile.goods if n) == [1, 2] and tile.silver == 0, tile.id
    asked = [sum(t.goods[i] for t in C.deck_tiles.values()) for i in range(5)]
    assert asked == [10] * 5  # each goods type is asked for 10 times (DEFINED HERE)


def test_the_last_five_deck_tiles_have_five_colours() -> None:
    assert len({C.deck_tiles[t].colour for t in C.blue_backed}) == 5


@pytest.mark.parametrize("change, message", [
    (lambda d: d.pop("provenance"), "provenance block is missing"),
    (lambda d: d["provenance"].update(map_basic="made up"), "provenance of map_basic"),
    (lambda d: d["provenance"].pop("deck_tiles"), "provenance of deck_tiles"),
    (lambda d: d["deck_tiles"][3].update(source="guess"), "needs a source"),
    (lambda d: d.pop("markets"), "section 'markets' is missing"),
    (lambda d: d["countries"].pop(), "5 countries"),
    (lambda d: d["countries"][1].update(name="Kingdom of the Mouse"), "Lion"),
    (lambda d: d["goods_types"][0].update(tiles=10), "45 goods tiles"),
    (lambda d: d["goods_types"][1].update(colour="purple"), "colour of one country|watches are orange"),
    (lambda d: d["deck_tiles"][2].update(goods=["wine", "books"]), "1-seat deck tile D03"),
    (lambda d: d["deck_tiles"][2].update(silver=0), "1-seat deck tile D03"),
    (lambda d: d["deck_tiles"][3].update(goods=["glassware", "glassware", "glassware"]), "D04"),
    (lambda d: d["deck_tiles"][3].update(goods=["glassware", "books", "wine"]), "D04"),
    (lambda d: d["deck_tiles"][3].update(goods=["wine", "wine", "glassware"]), "own colour"),
    (lambda d: d["deck_tiles"][4].update(minutes=181), "its time"),
    (lambda d: d["deck_tiles"][4].update(time="1:30", minutes=90), "distinct times"),
    (lambda d: d["deck_tiles"][15].update(back="grey"), "blue-backed"),
    (lambda d: d["deck_tiles"][0].update(time="9:00", minutes=540), "D01"),
    (lambda d: d["trade_tiles"].pop(), "30 portrait"),
    (lambda d: d["trade_tiles"][0].update(cap=3), "T01"),
    (lambda d: d["special_trade_tiles"][0].update(power="windfall"), "one per effect"),
    (lambda d: d["bonus_tiles"][0].update(type="puma"), "B1 is"),
    (lambda d: d["mysterious_places"].pop(), "18 mysterious"),
    (lambda d: d["mysterious_places"][8].update(goods_cost="cheese"), "known goods"),
    (lambda d: d["map_basic"]["EM-X1"]["roads"].remove("EM-F3"), "one way only"),
    (lambda d: d["map_basic"]["EM-F2"]["borders"].remove("GR-F6"), "one way only"),
    (lambda d: (d["map_basic"]["EM-F6"]["roads"].append("OR-F3"), d["map_basic"]["OR-F3"]["roads"].append("EM-F6")),
     "has a road and a border|crosses a border"),
    (lambda d: d["map_basic"]["EM-F1"].update(symbols=["gold"]), "factory site EM-F1 shows a symbol"),
    (lambda d: d["map_basic"]["EM-X1"].update(symbols=["food"]), "only spice, gold, silver and goods"),
    (lambda d: d["map_basic"]["EM-X1"].update(kind="port"), "exactly one port"),
    (lambda d: d["map_basic"]["EM-X1"].update(symbols=["dragons"]), "unknown symbol"),
    (lambda d: d["map_advanced"]["EM-F8"].update(kind="crossroads"), "a factory site for each|border contact"),
    (lambda d: d["start_goods"]["3"].pop(), "3 players"),
    (lambda d: d["markets"]["closed_markets"].update({"3": ["market9"]}), "closed markets for 3"),
])
def test_the_loader_refuses_broken_data(change: Callable[[dict[str, Any]], None], message: str) -> None:
    broken(change, message)


def test_a_file_of_another_game_is_refused(tmp_path: Any) -> None:
    path = tmp_path / "other.json"
    path.write_text(json.dumps({"format": "navegador.components"}))
    with pytest.raises(ComponentError, match="not a Felinia component file"):
        load(path)


@pytest.mark.data
def test_defined_basic_map_consequences() -> None:
    """§1.5 (data test: a consequence of the DEFINED map): every factory site is within two steps
    after the port province, and no road leaves a country."""
    b = C.maps["basic"]
    for country, port in b.port.items():
        two = {r for q in b.roads[port] for r in b.roads[q]} | set(b.roads[port])
        assert set(b.factories[country]) <= two
    assert all(b.country[q] == b.country[r] for q in range(len(b.provinces)) for r in b.roads[q])
