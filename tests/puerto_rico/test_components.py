"""The component data file against the rules page's tables (§1.1, §1.2, §2.2)."""

from __future__ import annotations

from domain.puerto_rico.components import BUILDINGS, PRICES, SETUPS, building_copies

# id: (cost, VP, circles, column, size, copies 3-5p, copies 2p) — §2.2
TABLE = {
    "small_indigo_plant": (1, 1, 1, 1, 1, 4, 2),
    "small_sugar_mill": (2, 1, 1, 1, 1, 4, 2),
    "indigo_plant": (3, 2, 3, 1, 1, 3, 2),
    "sugar_mill": (4, 2, 3, 2, 1, 3, 2),
    "tobacco_storage": (5, 3, 3, 2, 1, 3, 2),
    "coffee_roaster": (6, 3, 2, 2, 1, 3, 2),
    "small_market": (1, 1, 1, 1, 1, 2, 1),
    "hacienda": (2, 1, 1, 1, 1, 2, 1),
    "construction_hut": (2, 1, 1, 1, 1, 2, 1),
    "small_warehouse": (3, 1, 1, 1, 1, 2, 1),
    "hospice": (4, 2, 1, 2, 1, 2, 1),
    "office": (5, 2, 1, 2, 1, 2, 1),
    "large_market": (5, 2, 1, 2, 1, 2, 1),
    "large_warehouse": (6, 2, 1, 2, 1, 2, 1),
    "factory": (7, 3, 1, 3, 1, 2, 1),
    "university": (8, 3, 1, 3, 1, 2, 1),
    "harbor": (8, 3, 1, 3, 1, 2, 1),
    "wharf": (9, 3, 1, 3, 1, 2, 1),
    "guild_hall": (10, 4, 1, 4, 2, 1, 1),
    "residence": (10, 4, 1, 4, 2, 1, 1),
    "fortress": (10, 4, 1, 4, 2, 1, 1),
    "customs_house": (10, 4, 1, 4, 2, 1, 1),
    "city_hall": (10, 4, 1, 4, 2, 1, 1),
}


def test_building_table_matches_the_rules_page() -> None:
    got = {
        b.id: (b.cost, b.vp, b.circles, b.column, b.size, building_copies(b, 4), building_copies(b, 2))
        for b in BUILDINGS
    }
    assert got == TABLE
    assert sum(building_copies(b, 3) for b in BUILDINGS) == 49
    assert [b.id for b in BUILDINGS if b.production and b.guild_hall_class == "small"] == [
        "small_indigo_plant",
        "small_sugar_mill",
    ]


def test_prices_and_setup_table() -> None:
    assert PRICES == (0, 1, 2, 3, 4)
    assert {n: (s.doubloons, s.vp, s.colonist_supply, s.colonist_ship, s.cargo_ships, len(s.roles))
            for n, s in SETUPS.items()} == {
        2: (3, 65, 40, 2, (4, 6), 7),
        3: (2, 75, 55, 3, (4, 5, 6), 6),
        4: (3, 100, 75, 4, (5, 6, 7), 7),
        5: (4, 122, 95, 5, (6, 7, 8), 8),
    }
