"""Rules of Felinia that no worked example pins down alone: the random steps of §8 as
`replay fairness` recomputes them, the card arithmetic of §3.3, the options of §1.12, and the
state's plain-data contract."""

from __future__ import annotations

import dataclasses

import pytest

import domain.felinia as fe
from domain.core import InvalidOptions, Rng, shuffle
from domain.felinia.components import C
from domain.felinia.state import cards, replace

from .helpers import new


def test_setup_draws_follow_section_8_exactly() -> None:
    """§8: below(N) for the first player, the blue then the grey deck tiles shuffled (grey on
    top), 2 bag draws per open market in data order, each country's tiles shuffled in id order,
    the mysterious places shuffled."""
    facts = fe.setup({"mode": "advanced"}, 3, Rng("s8", "setup"))
    r = Rng("s8", "setup")
    first = r.below(3)
    assert facts[1] == {"t": "FirstPlayerChosen", "seat": first, "drawn": True}
    blue, grey = shuffle(r, C.blue_backed), shuffle(r, C.grey_backed)
    assert facts[3]["deck"] == [*grey, *blue]
    bag = list(C.goods_tiles)
    for k in range(3):
        for g in C.start_goods[3][k]:
            bag[C.goods.index(g)] -= 1
    refills = [f for f in facts if f["t"] == "MarketRefilled"]
    assert [f["market"] for f in refills] == ["market1", "market2", "market3", "market4"]
    for f in refills:
        for g in f["drawn"]:
            k = r.below(sum(bag))
            listed = [x for x, n in zip(C.goods, bag, strict=True) for _ in range(n)]
            assert listed[k] == g
            bag[C.goods.index(g)] -= 1
    placed = next(f for f in facts if f["t"] == "TradeTilesPlaced")["tiles"]
    board = C.maps["advanced"]
    for country in C.countries:
        mine = [t for t in C.portrait_tiles if C.tile_country[t] == country]
        mine += [t for t in C.special_tiles if C.tile_country[t] == country]
        assert [placed[board.provinces[q]] for q in board.factories[country]] == list(shuffle(r, mine))
    assert next(f for f in facts if f["t"] == "MysteryDeckShuffled")["deck"] == list(shuffle(r, C.mystery_cards))


def test_start_goods_go_by_setup_position_from_the_first_player() -> None:
    """§1.11 / FE-AMB-31: position 1 is the first player, then clockwise."""
    state = new(4, first_player=2)
    for k in range(4):
        seat = (2 + k) % 4
        assert sorted(g for g, n in zip(C.goods, state.players[seat].goods, strict=True) for _ in range(n)) \
            == sorted(C.start_goods[4][k])
    assert sum(state.bag) == 45 - 8 - 10


@pytest.mark.parametrize("n, needed", [(0, 0), (1, 1), (2, 2), (3, 1), (4, 2), (5, 3), (6, 2), (10, 4), (11, 5)])
def test_cards_needed_combine_faces_economically(n: int, needed: int) -> None:
    """§3.3: n // 3 cards of 3 and n % 3 cards of 1."""
    assert cards(n) == needed


def test_options_and_player_counts() -> None:
    """§1.12: basic 3-4 (2 with the option), advanced 2-4; an empty mode follows the count."""
    assert fe.check_options({}, 2)["mode"] == "advanced" and fe.check_options({}, 3)["mode"] == "basic"
    assert fe.check_options({"allow_two_player_basic": True}, 2)["mode"] == "basic"
    for options, seats, code in (({"mode": "basic"}, 2, "options.player_count"), ({}, 5, "options.player_count"),
                                 ({"first_player": 3}, 3, "options.first_player"), ({"colour": "red"}, 3, "options.unknown"),
                                 ({"mode": "expert"}, 3, "options.mode")):
        with pytest.raises(InvalidOptions) as err:
            fe.check_options(options, seats)
        assert err.value.code == code


def test_the_fast_replace_makes_the_same_state_as_dataclasses_replace() -> None:
    state = new()
    mine = replace(state, round=5, players=state.players[::-1])
    theirs = dataclasses.replace(state, round=5, players=state.players[::-1])
    assert mine == theirs and hash(mine) == hash(theirs) and mine is not state and state.round == 1
