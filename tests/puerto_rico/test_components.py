"""The component data file against the rules page's tables (§1.1, §1.2, §2.2, §2.4, §2.5)."""

from __future__ import annotations

from domain.puerto_rico.components import (
    BUILDINGS,
    CHURCH_VP,
    CLOISTER_BONUS,
    DRAFT_POOL,
    DRAFT_SLOTS,
    PRICES,
    SETUPS,
    building_copies,
)

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


# §2.4 New Buildings table (all violet; small: 2 copies, 1 with two players; large: 1)
NEW_BUILDINGS = {
    "aqueduct": (1, 1, 1, 1, 1, 2, 1),
    "forest_house": (2, 1, 1, 1, 1, 2, 1),
    "black_market": (2, 1, 1, 1, 1, 2, 1),
    "storehouse": (3, 1, 1, 1, 1, 2, 1),
    "guest_house": (4, 2, 2, 2, 1, 2, 1),
    "trading_post": (5, 2, 1, 2, 1, 2, 1),
    "church": (5, 2, 1, 2, 1, 2, 1),
    "small_wharf": (6, 2, 1, 2, 1, 2, 1),
    "lighthouse": (7, 3, 1, 3, 1, 2, 1),
    "specialty_factory": (8, 3, 1, 3, 1, 2, 1),
    "library": (8, 3, 1, 3, 1, 2, 1),
    "union_hall": (9, 3, 1, 3, 1, 2, 1),
    "statue": (10, 8, 0, 4, 2, 1, 1),
    "cloister": (10, 4, 1, 4, 2, 1, 1),
}

# §2.5 Nobles table (‡ values; 2-player copies §10 A31)
NOBLES = {
    "land_office": (2, 1, 1, 1, 1, 2, 1),
    "chapel": (3, 1, 1, 1, 1, 2, 1),
    "hunting_lodge": (4, 2, 1, 2, 1, 2, 1),
    "construction_office": (5, 2, 1, 2, 1, 2, 1),
    "royal_supplier": (6, 2, 1, 2, 1, 2, 1),
    "villa": (7, 3, 1, 3, 1, 2, 1),
    "jeweler": (8, 3, 1, 3, 1, 2, 2),
    "royal_garden": (10, 4, 1, 4, 2, 1, 1),
}


def test_building_table_matches_the_rules_page() -> None:
    got = {
        b.id: (b.cost, b.vp, b.circles, b.column, b.size, building_copies(b, 4), building_copies(b, 2))
        for b in BUILDINGS
    }
    assert got == {**TABLE, **NEW_BUILDINGS, **NOBLES}
    assert {b.id for b in BUILDINGS if b.expansion == "new_buildings"} == set(NEW_BUILDINGS)
    assert {b.id for b in BUILDINGS if b.expansion == "nobles"} == set(NOBLES)
    tiles = {e: sum(building_copies(b, 3) for b in BUILDINGS if b.expansion == e) for e in ("base", "new_buildings", "nobles")}
    assert tiles == {"base": 49, "new_buildings": 26, "nobles": 15}  # §1.1: 49; 2 × 12 + 2; 2 × 6 + 1 + 2
    assert [b.id for b in BUILDINGS if b.production and b.guild_hall_class == "small"] == [
        "small_indigo_plant",
        "small_sugar_mill",
    ]
    # the jeweler is a large production building that produces nothing (§2.5)
    jeweler = next(b for b in BUILDINGS if b.id == "jeweler")
    assert jeweler.production and jeweler.guild_hall_class == "large" and jeweler.good == -1


def test_new_buildings_draft_and_effect_numbers() -> None:
    # §6.2: 12 small slots (costs 1,2,2,3,4,5,5,6,7,8,8,9) and 5 large ones; 31 kinds in the pool
    assert DRAFT_SLOTS == (1, 2, 2, 3, 4, 5, 5, 6, 7, 8, 8, 9, 10, 10, 10, 10, 10)
    assert len(DRAFT_POOL) == 31 and not any(BUILDINGS[b].production for b in DRAFT_POOL)
    assert CHURCH_VP == (0, 1, 1, 2)  # §2.4 church by column
    assert CLOISTER_BONUS == (0, 1, 3, 6, 10)  # §2.4 cloister by sets


def test_prices_and_setup_table() -> None:
    assert PRICES == (0, 1, 2, 3, 4)
    assert {n: (s.doubloons, s.vp, s.colonist_supply, s.colonist_ship, s.cargo_ships, len(s.roles))
            for n, s in SETUPS.items()} == {
        2: (3, 65, 40, 2, (4, 6), 7),
        3: (2, 75, 55, 3, (4, 5, 6), 6),
        4: (3, 100, 75, 4, (5, 6, 7), 7),
        5: (4, 122, 95, 5, (6, 7, 8), 8),
    }
