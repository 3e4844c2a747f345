"""The American Kingdoms core's component data (rules page §8.1, §1.3, §1.6-§1.8): loaded with the
rulebook's counts, and each way it can break refused with a sentence naming what is wrong."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from domain.santa_maria.components import C, ComponentError, parse

from .test_components import DATA, _drop, _set

AK = "american_kingdoms"


def test_the_expansion_data_loads_with_the_rulebook_counts() -> None:
    assert len(C.special_ships) == 10 and len(C.specials) == 6 and C.tile_cost["special"] == {"coins": 4}
    assert all(C.tiles[t].shape == ((0, 0), (0, 1), (0, 2)) and C.tiles[t].kind == "special" for t in C.specials)
    assert C.kingdom_scholars == ("SCH_ARCHERY", "SCH_MEDITATION", "SCH_NAVIGATION") and C.scholar_module == {"SCH_NAVIGATION": "A"}
    assert C.kingdom_bishops == ("BSH_CONQUEST", "BSH_ESTATES", "BSH_JEWELS") and C.kingdom_bishop_penalty == 0
    assert C.kingdom_places[:4] == ("scholar_1", "scholar_2", "scholar_3", "scholar_4") and "mission_4" not in C.kingdom_places
    assert C.mission_gain["mission_cocoa"] == {"cocoa": 1, "wood": 1, "grain": 1}
    assert C.cocoa_board == "colony_cocoa" and C.town_hall_board["TH_cocoa"] == "colony_cocoa" and C.cocoa_set == "S5"
    assert C.grids["colony_cocoa"][C.grids["colony_cocoa"].index("prod_cocoa")] == "prod_cocoa"
    assert sorted(C.boards) == ["colony_1", "colony_2", "colony_3", "colony_4"]  # the base draft is unchanged
    assert (C.display_special, C.special_refill) == (2, 3)
    assert "DEFINED HERE" in C.provenance[AK] and C.provenance[AK].startswith("rulebook")


BROKEN = [
    (_drop(AK), "section 'american_kingdoms' is missing"),
    (_set(f"{AK}.special_sea_trade_tiles", []), "10 special sea-trade tiles"),
    (_set(f"{AK}.special_sea_trade_tiles.0.cost", {"tea": 1}), "unknown good 'tea'"),
    (_set(f"{AK}.special_development_tiles.0.cells", ["prod_cocoa", "road1"]), "2 cells for a shape of 3"),
    (_set(f"{AK}.monk_places.3.id", "mission_4"), "mission_cocoa replaces mission_4"),
    (_set(f"{AK}.monk_places.10.gain", {"cocoa": 2}), "1 cocoa, 1 wood and 1 grain"),
    (_set(f"{AK}.colony_boards.colony_cocoa.A.0.0", "_"), "top-left cell must be a sea-trade"),
    (_set(f"{AK}.town_hall.board", "colony_9"), "belongs to the cocoa colony"),
    (_set(f"{AK}.scholars", []), "adds 3 scholars"),
    (_set(f"{AK}.scholars.0.hook", "fly"), "unknown hook"),
    (_set(f"{AK}.bishops.0.special", "everything"), "unknown special requirement"),
    (_set(f"{AK}.bishops.1.per", "cats"), "unknown requirement"),
    (_set(f"{AK}.special_tile_cost", {"wood": 2}), "unknown good 'wood'"),
]


@pytest.mark.parametrize(("change", "message"), BROKEN, ids=[m for _, m in BROKEN])
def test_broken_expansion_data_is_refused_with_a_clear_message(change: Callable[[dict[str, Any]], None], message: str) -> None:
    data = copy.deepcopy(DATA)
    change(data)
    with pytest.raises(ComponentError, match=message.replace("(", r"\(")):
        parse(data)
