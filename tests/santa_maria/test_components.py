"""The component data file: loaded and validated once; each way it can break is refused with a
sentence naming what is wrong (rules page §1, §12)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from domain.santa_maria.components import DATA_FILE, C, ComponentError, parse

DATA = json.loads(DATA_FILE.read_text(encoding="utf-8"))


def test_the_data_loads_with_the_rulebook_counts() -> None:
    assert len(C.doubles) == len(C.triples) == 15 and len(C.starting_ships) == 4 and len(C.regular_ships) == 30
    assert len(C.scholars) == 10 and len(C.bishops) == 6 and len(C.town_halls) == 4 and len(C.monk_places) == 10
    assert C.storage == 3 and C.white_limit == 3 and C.monks == 6 and C.road_tiles == 3
    assert C.conquistador_scoring[4][2] == (9, 6, 3) and C.solo_trees == {1: 3, 2: 5, 3: 7}


def test_every_section_carries_a_provenance_tag_and_defined_data_says_so() -> None:
    assert all(tag.startswith(("rulebook", "RB-inferred", "†", "DEFINED HERE")) for tag in C.provenance.values())
    for section in ("effects", "colony_boards", "development_tiles", "sea_trade_tiles", "scholars", "bishops", "town_halls"):
        assert "DEFINED HERE" in C.provenance[section], section


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        keys = path.split(".")
        target: Any = data
        for key in keys[:-1]:
            target = target[int(key)] if isinstance(target, list) else target[key]
        last = keys[-1]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value
    return change


def _drop(path: str) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        keys = path.split(".")
        target: Any = data
        for key in keys[:-1]:
            target = target[key]
        del target[keys[-1]]
    return change


BROKEN = [
    (_set("format", "navegador.components"), "not a Santa Maria component file"),
    (_drop("bishops"), "section 'bishops' is missing"),
    (_set("provenance.effects", "made up"), "provenance of effects"),
    (_drop("provenance.scholars"), "has no provenance tag"),
    (_set("effects.prod_wood.category", "magic"), "unknown category"),
    (_set("effects.prod_wood.gain", {"spice": 1}), "unknown good 'spice'"),
    (_set("colony_boards.colony_1.A.0.1", "prod_tea"), "unknown effect 'prod_tea'"),
    (_set("colony_boards.colony_1.A.5", ["_"] * 5), "6x6 grid"),
    (_set("colony_boards.colony_3.A.0.0", "_"), "top-left cell must be a sea-trade"),
    (_set("colony_boards.colony_2.A.3.1", "_"), "column 2 has no building"),
    (_set("development_tiles.double.0.cells", ["prod_wood"]), "1 cells for a shape of 2"),
    (_set("development_tiles.double.1.id", "D01"), "missing or repeated"),
    (_set("development_tiles.triple", []), "0 triple tiles"),
    (_set("development_tiles.double.2.cells", ["prod_wood", "_"]), "no empty cells"),
    (_set("tile_costs.double", {"wood": 0}), "at least 1"),
    (_set("sea_trade_tiles.regular.0.vp", -1), "at least 0"),
    (_set("sea_trade_tiles.starting", []), "4 starting and 30 regular"),
    (_set("scholars.0.hook", "fly"), "unknown hook"),
    (_set("bishops.0.per", "cats"), "unknown requirement"),
    (_set("monk_places.0.kind", "mission"), "10 monk places"),
    (_set("religion_track.monk_symbols", [2, 4, 6, 8, 11]), "5 monk symbols for 6 monks"),
    (_set("religion_track.blue_die_symbols", [2, 4]), "1st and 3rd monk symbols"),
    (_set("religion_track.monk_symbols", [2, 4, 6, 8, 14, 11]), "increasing"),
    (_set("conquistador_scoring.3.2", [8]), "so 2 awards"),
    (_set("conquistador_scoring.4.1", [2, 4, 6]), "decreasing"),
    (_set("conquistador_track.solo_trees", {"1": 3}), "one solo tree per year"),
    (_set("pass_spaces.0.action", "religion"), "5 pass spaces"),
    (_set("docks.0.id", "gold"), "the docks are coins"),
    (_set("town_halls.0.board", "colony_9"), "unknown board"),
    (_set("building_types", ["production"]), "five kinds of building"),
]


@pytest.mark.parametrize(("change", "message"), BROKEN, ids=[m for _, m in BROKEN])
def test_broken_data_is_refused_with_a_clear_message(change: Callable[[dict[str, Any]], None], message: str) -> None:
    data = copy.deepcopy(DATA)
    change(data)
    with pytest.raises(ComponentError, match=message.replace("(", r"\(")):
        parse(data)


def test_a_building_of_two_categories_needs_an_explicit_type() -> None:
    data = copy.deepcopy(DATA)
    data["development_tiles"]["double"][0]["cells"] = ["prod_wood+religion", "road1"]
    with pytest.raises(ComponentError, match="explicit type"):
        parse(data)
    data["development_tiles"]["double"][0]["types"] = ["religion", None]
    assert parse(data).tiles["D01"].types == ("religion", None)


def test_purple_framed_cells_are_data_and_score_once_at_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """§3.1, §6 step 8, A-69: `endgame_vp` on a tile's cells or a board's printed cells."""
    from domain.santa_maria import scoring

    from .helpers import edit, start

    data = copy.deepcopy(DATA)
    data["development_tiles"]["double"][0]["endgame_vp"] = [2, 0]
    grid = [[0] * 6 for _ in range(6)]
    grid[5][5] = 3
    data["colony_boards"]["colony_1"]["A_endgame_vp"] = grid
    monkeypatch.setattr(scoring, "C", parse(data))
    state = edit(start(), 0, tiles=(("D01", 5, 1, 0),))
    assert scoring.final_breakdown(state, 0)["endgame_cells"] == 5
    assert scoring.final_breakdown(state, 1)["endgame_cells"] == 0
    data["development_tiles"]["double"][0]["endgame_vp"] = [2]
    with pytest.raises(ComponentError, match="endgame_vp"):
        parse(data)
