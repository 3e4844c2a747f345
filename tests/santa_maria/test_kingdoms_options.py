"""American Kingdoms options (§8.5, §8.6, §12.1): combinations the page forbids are refused with a
clear code, and a base game's options are exactly what they were before the expansion existed."""

from __future__ import annotations

from typing import Any

import pytest

import domain.santa_maria as sm
from domain.core import InvalidOptions


def refused(options: dict[str, Any], seats: int) -> str:
    with pytest.raises(InvalidOptions) as err:
        sm.check_options(options, seats)
    assert err.value.message.endswith(".")
    return err.value.code


def test_a_base_game_carries_no_expansion_option() -> None:
    assert sm.check_options({}, 2) == {"advanced_setup": False, "colony_assignment": "draft",
                                       "shared_blue_dice": False, "open_scores": False,
                                       "kozlocracy_rule": "no_roads"}


def test_modules_need_the_expansion() -> None:
    assert refused({"modules": ["A"]}, 2) == "options.modules"


def test_an_unknown_module_is_named() -> None:
    assert refused({"expansion": True, "modules": ["E"]}, 2) == "options.module_unknown"


@pytest.mark.parametrize("module", ["C", "D"])
def test_shared_blue_dice_are_not_played_with_ambassadors_or_the_maya(module: str) -> None:
    code = refused({"expansion": True, "modules": [module], "shared_blue_dice": True}, 2)
    assert code == "options.shared_blue_dice"  # §11 A-29


def test_five_seats_need_the_maya_city() -> None:
    assert refused({"expansion": True, "modules": ["C"]}, 5) == "options.player_count"
