"""The Maya city's component data (rules page §8.6.1), loaded from city.json and indexed.

Nodes are building places "B<road>_<depth>"; an edge always leads one depth deeper, so a die
never turns back. The layout, the effects, the temple tiles and the cards are DEFINED HERE (not
from the rulebook); the counts are the rulebook's.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).with_name("city.json")
GOODS = ("wood", "grain", "cocoa", "sugar", "gem")  # the Maya's storage token types (§8.6.3)
ITEMS = ("wood", "grain", "sugar", "gem", "cocoa", "gold", "coin")  # what an offer may hold (§8.6.5)
HALVES = ("trade", "festival", "construction", "technology")
SIZES = ("large", "medium", "small")


@dataclass(frozen=True)
class MayaData:
    districts: tuple[str, ...]
    reward: dict[str, str]
    between: dict[str, tuple[int, ...]]
    entry: dict[int, str]
    nodes: tuple[str, ...]
    road: dict[str, int]
    printed: dict[str, str | None]
    edges: tuple[tuple[str, str], ...]
    slots: dict[str, tuple[tuple[str, str], ...]]
    road_tiles: int
    high_priests: int
    effects: dict[str, dict[str, Any]]
    building_tiles: dict[str, dict[str, Any]]
    start_full: tuple[str, ...]
    start_empty: tuple[str, ...]
    reserve: tuple[str, ...]
    temple_cost: dict[str, dict[str, int]]
    temple_size: dict[str, str]
    cards: dict[str, dict[str, dict[str, Any]]]  # card -> half kind -> its data
    card_ids: tuple[str, ...]
    maya_coins: int
    hand: int
    year_end_draw: int

    def borders(self, node: str) -> tuple[str, ...]:
        """The districts a node on road k borders: those whose `between` holds k (§8.6.1)."""
        return tuple(d for d in self.districts if self.road[node] in self.between[d])

    def tiles(self, size: str) -> tuple[str, ...]:
        return tuple(t for t, s in self.temple_size.items() if s == size)


def load(path: Path = DATA_FILE) -> MayaData:
    raw = json.loads(path.read_text(encoding="utf-8"))
    districts = tuple(d["id"] for d in raw["districts"])
    nodes = tuple(raw["nodes"])
    edges = tuple((a, b) for kind in ("straight", "printed_forks") for a, b in raw["edges"][kind])
    slots = {s: tuple((a, b) for a, b in pairs) for s, pairs in raw["road_tile_slots"].items()}
    depth = {n: v["depth"] for n, v in raw["nodes"].items()}
    for a, b in (*edges, *(e for pairs in slots.values() for e in pairs)):
        assert depth[b] == depth[a] + 1, f"the edge {a}->{b} must lead one depth deeper"
    cards = {cid: {kind: data for half in halves for kind, data in half.items()} for cid, halves in raw["cards"].items()}
    assert len(cards) == 24 and all(len(h) == 2 for h in cards.values()), "24 cards of two halves [RB]"
    tokens = raw["storage_tokens"]
    assert len(tokens["start_full"]) + len(tokens["start_empty"]) + len(tokens["reserve"]) == 10, "10 storage tokens [RB]"
    temple_cost = {t: dict(c) for size in SIZES for t, c in raw["temple_tiles"][size].items()}
    start = raw["start"]
    return MayaData(
        districts=districts,
        reward={d["id"]: d["temple_reward"] for d in raw["districts"]},
        between={d["id"]: tuple(d["between"]) for d in raw["districts"]},
        entry={int(v): n for v, n in raw["entry"].items()},
        nodes=nodes,
        road={n: v["road"] for n, v in raw["nodes"].items()},
        printed={n: v["printed"] for n, v in raw["nodes"].items()},
        edges=edges,
        slots=slots,
        road_tiles=raw["road_tiles"],
        high_priests=raw["high_priests"],
        effects=raw["effects"],
        building_tiles=raw["building_tiles"],
        start_full=tuple(tokens["start_full"]),
        start_empty=tuple(tokens["start_empty"]),
        reserve=tuple(tokens["reserve"]),
        temple_cost=temple_cost,
        temple_size={t: size for size in SIZES for t in raw["temple_tiles"][size]},
        cards=cards,
        card_ids=tuple(sorted(cards)),
        maya_coins=start["maya_coins"],
        hand=start["hand"],
        year_end_draw=start["year_end_draw"],
    )


M = load()
