"""Unit tests, one per rule, for what the worked examples (test_worked_examples_*.py) leave out:
options and setup (§1.2, §1.3, §6.1), rounds, roles and the governor."""

from __future__ import annotations

import json

import pytest

import domain.puerto_rico as pr
from domain.core import InvalidOptions, Rng, fold
from domain.puerto_rico.components import (
    BUILDINGS,
    SETUPS,
    TILE_INDEX,
)

from .builder import act, finish_phase, game, of_type, rejected, start_role

# -- options and setup (§1.2, §1.3, §6.1) ----------------------------------------------------


def test_check_options_defaults_and_normalises() -> None:
    assert pr.check_options({}, 4) == {
        "expansions": [],
        "first_governor": "random",
        "max_large_buildings": 4,
        "hacienda_quarry_with_construction_hut": False,
    }
    assert pr.check_options({"expansions": []}, 2)["expansions"] == []


@pytest.mark.parametrize(
    ("options", "seats", "code"),
    [
        ({"expansions": ["nobles", "nobles"]}, 4, "options.expansions"),
        ({"exclude_office_with_trading_post": False}, 4, "options.needs_new_buildings"),
        ({"expansions": ["nobles"], "exclude_office_with_trading_post": True}, 3, "options.needs_new_buildings"),
        ({"expansions": ["new_buildings"], "exclude_office_with_trading_post": "no"}, 4, "options.exclude_office_with_trading_post"),
        ({"expansions": ["pirates"]}, 4, "options.expansion_unknown"),
        ({"expansions": "nobles"}, 4, "options.expansions"),
        ({"colour": "red"}, 4, "options.unknown"),
        ({"first_governor": 3}, 4, "options.first_governor"),
        ({"max_large_buildings": 0}, 4, "options.max_large_buildings"),
        ({"max_large_buildings": True}, 4, "options.max_large_buildings"),
        ({"hacienda_quarry_with_construction_hut": "yes"}, 4, "options.hacienda_quarry_with_construction_hut"),
        ({}, 1, "options.player_count"),
        ({}, 6, "options.player_count"),
    ],
)
def test_check_options_rejects(options: dict[str, object], seats: int, code: str) -> None:
    with pytest.raises(InvalidOptions) as exc:
        pr.check_options(options, seats)
    assert exc.value.code == code


def _copies(s: pr.State) -> dict[str, int]:
    return {b.id: left for b, left in zip(BUILDINGS, s.building_supply, strict=False)}


def test_two_player_setup_supplies() -> None:
    # §6.1: 3 quarries and 3 plantations of each kind and 2 goods of each kind go back to the box.
    s = game(2)
    assert s.goods == (8, 9, 9, 7, 7)  # corn, indigo, sugar, tobacco, coffee
    assert s.quarries == 5 and s.vp_supply == 65 and s.colonist_supply == 40 and s.colonist_ship == 2
    tiles = s.draw_pile + s.faceup
    assert len(tiles) == 33 and len(s.faceup) == 3
    assert [tiles.count(k) for k in range(5)] == [6, 8, 8, 6, 5]
    copies = _copies(s)
    assert all(copies[b.id] == (2 if b.production else 1) for b in BUILDINGS if b.expansion == "base")
    assert len(copies) == 23  # a base game's building rows hold the 23 base kinds only
    assert s.roles == ("settler", "mayor", "builder", "craftsman", "trader", "captain", "prospector")
    assert s.selections_per_round == 6 and s.ship_capacity == (4, 6)


def test_three_and_five_player_setups() -> None:
    s3 = game(3)
    assert [p.doubloons for p in s3.players] == [2, 2, 2]
    assert [p.island[TILE_INDEX["indigo"]] for p in s3.players] == [1, 1, 0]
    assert s3.vp_supply == 75 and s3.colonist_supply == 55 and s3.colonist_ship == 3
    assert s3.ship_capacity == (4, 5, 6) and "prospector" not in s3.roles and len(s3.roles) == 6
    assert len(s3.draw_pile) + len(s3.faceup) == 47 and len(s3.faceup) == 4
    s5 = game(5)
    assert [p.doubloons for p in s5.players] == [4] * 5
    assert [p.island[TILE_INDEX["corn"]] for p in s5.players] == [0, 0, 0, 1, 1]
    assert s5.vp_supply == 122 and s5.colonist_supply == 95 and s5.colonist_ship == 5
    assert s5.ship_capacity == (6, 7, 8) and s5.roles[-2:] == ("prospector_1", "prospector_2")
    assert len(s5.draw_pile) + len(s5.faceup) == 45 and len(s5.faceup) == 6
    assert _copies(s5)["small_indigo_plant"] == 4 and _copies(s5)["city_hall"] == 1


def test_random_first_governor_gets_the_first_indigo_plantation() -> None:
    governors = set()
    for i in range(12):
        facts = pr.setup({}, 4, Rng(f"gov-{i}", "setup"))
        s = fold(pr, None, facts)
        g = facts[0]["governor"]
        governors.add(g)
        assert s.governor == g and s.turn == g
        # §1.2: counted from the first governor clockwise: indigo, indigo, corn, corn
        kinds = [facts[0]["starting_plantations"][(g + i) % 4] for i in range(4)]
        assert kinds == ["indigo", "indigo", "corn", "corn"]
    assert len(governors) > 1


def test_setup_is_deterministic_and_records_the_shuffle() -> None:
    a = pr.setup({}, 4, Rng("same", "setup"))
    b = pr.setup({}, 4, Rng("same", "setup"))
    assert a == b and json.loads(json.dumps(a)) == a
    assert a[1]["t"] == "PlantationsShuffled" and len(a[1]["tiles"]) == 46
    assert a[2] == {"t": "PlantationsDrawn", "tiles": a[1]["tiles"][:5]}


# -- rounds, roles, governor -------------------------------------------------------------------


def test_doubloons_accumulate_on_roles_left_untaken() -> None:
    s = game(3)
    for _ in range(2):  # two rounds in which nobody takes the craftsman
        for _ in range(3):
            role = next(a["role"] for a in pr.legal_actions(s, s.turn) if a["role"] != "craftsman")
            s, _ = act(s, s.turn, {"type": "select_role", "role": role})
            s, _ = finish_phase(s)
    roles = dict(zip(s.roles, s.role_doubloons, strict=True))
    assert roles["craftsman"] == 2
    before = s.players[s.turn].doubloons
    seat = s.turn
    s, facts = act(s, seat, {"type": "select_role", "role": "craftsman"})
    assert facts[0] == {"t": "RoleSelected", "seat": seat, "role": "craftsman", "doubloons": 2}
    assert s.players[seat].doubloons == before + 2 and dict(zip(s.roles, s.role_doubloons, strict=True))["craftsman"] == 0


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_governor_rotates_clockwise_each_round(n: int) -> None:
    s = game(n)
    selectors: list[int] = []
    governors = [s.governor]
    for _ in range(3 * SETUPS[n].selections_per_round):
        selectors.append(s.turn)
        role = pr.legal_actions(s, s.turn)[-1]["role"]
        s, facts = act(s, s.turn, {"type": "select_role", "role": role})
        s, more = finish_phase(s)
        if of_type(facts + more, "RoundEnded"):
            governors.append(s.governor)
    per_round = SETUPS[n].selections_per_round
    assert governors == [0, 1 % n, 2 % n, 3 % n]
    for r in range(3):
        assert selectors[r * per_round : (r + 1) * per_round] == [(r + k) % n for k in range(per_round)]


def test_prospector_takes_one_doubloon_and_nobody_else_acts() -> None:
    s, facts = start_role(game(5), 2, "prospector_2")
    assert [f["t"] for f in facts] == ["RoleSelected", "ProspectorPrivilegeTaken", "PhaseEnded"]
    assert s.players[2].doubloons == 5


def test_a_taken_role_cannot_be_taken_again_and_unknown_roles_are_refused() -> None:
    s, _ = start_role(game(4), 0, "prospector")
    assert rejected(s, 1, {"type": "select_role", "role": "prospector"}) == "role.taken"
    assert rejected(s, 1, {"type": "select_role", "role": "prospector_2"}) == "role.unknown"
    assert rejected(s, 1, {"type": "select_role", "role": 3}) == "action.malformed"  # not a name
