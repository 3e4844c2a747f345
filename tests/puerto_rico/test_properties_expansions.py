"""Property tests over 1,200 seeded random games with the expansions (seeds 0..1199): 2-5 players
and the sets [new_buildings], [nobles], [new_buildings, nobles], 100 games per combination, with
the checkers of `properties.py`. Steps that random games reach rarely are checked every time
they come up. A subset is replayed through the Game aggregate and verified from its record.
"""

from __future__ import annotations

import pytest

from domain.puerto_rico.components import BUILDINGS, DRAFT_POOL

from .properties import SETS, Profile, play_checked, players_for, replay_checked

EXPANSION_SETS = SETS[1:]  # every set with at least one expansion


def expansions_for(seed: int) -> tuple[str, ...]:
    return EXPANSION_SETS[(seed // 4) % 3]


EXPANSIONS = Profile(
    name="pr-expansions",
    expansions_for=expansions_for,
    move_bound=5000,  # random expansion games take 250-1000 moves
    all_actions_every=29,
    universe_every=37,
    mutate_every=13,
    view_every=17,
    rehash_every=97,
    invariants_after_all=True,
)
GAMES = 1200
CHUNK = 50


@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_random_expansion_games_are_legal_conserving_and_secret(chunk: int) -> None:
    combos: dict[tuple[int, tuple[str, ...]], int] = {}
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        play_checked(EXPANSIONS, seed)
        key = (players_for(seed), expansions_for(seed))
        combos[key] = combos.get(key, 0) + 1
    assert len(combos) >= 12  # every player count with every expansion set in each chunk


def test_the_seeds_cover_every_player_count_and_expansion_set_evenly() -> None:
    combos: dict[tuple[int, tuple[str, ...]], int] = {}
    for seed in range(GAMES):
        key = (players_for(seed), expansions_for(seed))
        combos[key] = combos.get(key, 0) + 1
    assert len(combos) == 12 and set(combos.values()) == {GAMES // 12}


# -- replay exactness through the aggregate ----------------------------------------------------

REPLAY_CHUNKS = 4
REPLAY_GAMES = 48


@pytest.mark.parametrize("chunk", range(REPLAY_CHUNKS))
def test_expansion_games_replay_exactly_through_the_aggregate(chunk: int) -> None:
    for seed in list(range(REPLAY_GAMES))[chunk::REPLAY_CHUNKS]:
        replay_checked(EXPANSIONS, seed, EXPANSIONS.seed_text(seed) + "-replay")


def test_draft_pool_is_violet_base_and_new_buildings() -> None:
    assert {BUILDINGS[b].expansion for b in DRAFT_POOL} == {"base", "new_buildings"}
