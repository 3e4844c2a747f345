"""Property tests over 2,000 seeded random base games (seeds 0..1999, 2-5 players evenly), with
the checkers of `properties.py` (the expansion-aware ones, here with no expansion in play).

A subset of the games is replayed through the Game aggregate and verified from its record.
"""

from __future__ import annotations

import pytest

from .properties import Profile, play_checked, players_for, replay_checked

BASE = Profile(
    name="pr-property",
    expansions_for=lambda seed: (),
    move_bound=3000,  # no random game comes near it (they take 150-700 moves)
    all_actions_every=13,
    universe_every=17,
    mutate_every=5,
    view_every=11,
    rehash_every=50,
    invariants_after_all=False,
)
GAMES = 2000
CHUNK = 100


@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_random_games_are_legal_conserving_and_secret(chunk: int) -> None:
    counts = [0, 0, 0, 0]
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        play_checked(BASE, seed)
        counts[players_for(seed) - 2] += 1
    assert counts == [CHUNK // 4] * 4  # spread evenly over 2-5 players


# -- replay exactness through the aggregate ----------------------------------------------------

REPLAY_CHUNKS = 4


def replay_seeds(chunk: int) -> list[int]:
    """Every 10th block of four consecutive seeds (so all player counts), 200 games in all."""
    seeds = [s for s in range(GAMES) if (s // 4) % 10 == 0]
    return seeds[chunk::REPLAY_CHUNKS]


@pytest.mark.parametrize("chunk", range(REPLAY_CHUNKS))
def test_games_replay_exactly_through_the_aggregate(chunk: int) -> None:
    seeds = replay_seeds(chunk)
    assert len(seeds) == 50
    for seed in seeds:
        replay_checked(BASE, seed, BASE.seed_text(seed))
