"""The component data file: loaded, validated, and refused when it breaks the rulebook's text."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from domain.navegador.components import DATA_FILE, ComponentError, load, parse

DATA: dict[str, Any] = json.loads(DATA_FILE.read_text(encoding="utf-8"))


def region(data: dict[str, Any], rid: str) -> dict[str, Any]:
    return next(r for r in data["map"]["regions"] if r["id"] == rid)


def test_the_shipped_data_loads() -> None:
    c = load()
    assert len(c.regions) == 13 and c.regions[c.home] == "portugal"
    assert sum(c.stack_size) == 30 and len(c.tile_price) == 33
    assert c.price["gold"][4] == 60 and c.factory_income[7] == 40  # spice 60 reads 40 (rulebook)
    assert c.on_board["church"] == {2: 8, 3: 7, 4: 6, 5: 5}
    assert all(tag.startswith(("rulebook", "component data", "DEFINED HERE", "inferred"))
               for tag in c.provenance.values())


BREAKAGES: dict[str, Callable[[dict[str, Any]], None]] = {
    "one-sided border": lambda d: region(d, "guine")["neighbours"].pop("angola"),
    "border colours differ": lambda d: region(d, "angola")["neighbours"].update(cabo_da_boa_esperanca="blue"),
    "a disc in Portugal": lambda d: region(d, "portugal").update(explorer_disc=True),
    "stack of five": lambda d: region(d, "bahia")["colony_stack"].update(size=5),
    "too few gold tiles dealt": lambda d: region(d, "guine")["colony_stack"].update(size=2),
    "two phase-2 regions": lambda d: region(d, "angola").update(starts_phase=2),
    "two tiles at one price": lambda d: d["colony_tiles"]["sugar"].__setitem__(1, 40),
    "market row missing": lambda d: d["market"]["rows"].pop(3),
    "prices rise downwards": lambda d: d["market"]["rows"][9].update(gold=90),
    "shipyards are not 10 - N": lambda d: d["buildings"]["shipyard"]["on_board"].update({"4": 7}),
    "cells not cheapest first": lambda d: d["buildings"]["church"]["cells"].reverse(),
    "more privileges offered than exist": lambda d: d["gallery"]["added_at_phase_start"]["5"].update({"3": 5}),
    "three markets": lambda d: d["rondel"]["spaces"][1].update(action="market"),
    "no provenance for a section": lambda d: [d["provenance"].pop(k) for k in list(d["provenance"]) if k.startswith("market")],
    "unknown provenance tag": lambda d: d["provenance"].update(phases="guessed"),
}


@pytest.mark.parametrize("name", sorted(BREAKAGES))
def test_broken_data_is_refused(name: str) -> None:
    data = copy.deepcopy(DATA)
    BREAKAGES[name](data)
    with pytest.raises(ComponentError):
        parse(data)
