"""The seeded generator: documented, deterministic, uniform, replayable."""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter

import pytest

from domain.core.rng import (
    Rng,
    RngMismatch,
    ScriptedRng,
    choice,
    die,
    game_seed,
    new_salt,
    seed_commitment,
    shuffle,
)


def test_below_follows_the_documented_hmac_counter_algorithm() -> None:
    seed, stream = "abc", "event:3"
    rng = Rng(seed, stream)
    got = [rng.below(10) for _ in range(5)]
    expected, k = [], 0
    while len(expected) < 5:
        block = hmac.new(seed.encode(), f"{stream}#{k}".encode(), hashlib.sha256).digest()
        k += 1
        x = int.from_bytes(block, "big")
        if x < (1 << 256) - ((1 << 256) % 10):
            expected.append(x % 10)
    assert got == expected


@pytest.mark.parametrize("seed", ["", "a", "x" * 63, "x" * 64, "x" * 65, "é" * 40, "k" * 200, "0f" * 32])
def test_a_block_is_hmac_sha256_for_keys_of_every_length(seed: str) -> None:
    """The blocks are HMAC-SHA256 computed from the key's padded states (rng._pads): keys
    shorter than, as long as and longer than SHA-256's 64-byte block (hashed first), UTF-8."""
    for stream in ("setup", "event:12", "bot:3"):
        rng = Rng(seed, stream)
        for k in range(3):
            block = hmac.new(seed.encode("utf-8"), f"{stream}#{k}".encode(), hashlib.sha256).digest()
            assert rng._block() == int.from_bytes(block, "big")


def test_same_seed_and_stream_give_the_same_draws_and_other_streams_differ() -> None:
    a = [Rng("s", "setup").below(1000) for _ in range(1)] + [Rng("s", "setup").below(1000)]
    assert a[0] == a[1]
    draws = {tuple(shuffle(Rng("s", f"event:{i}"), range(20))) for i in range(30)}
    assert len(draws) == 30


def test_draws_are_recorded_and_play_back() -> None:
    rng = Rng("seed", "setup")
    deck = shuffle(rng, list(range(12)))
    assert len(rng.draws) == 11
    again = shuffle(ScriptedRng(rng.draws), list(range(12)))
    assert again == deck


def test_scripted_rng_fails_loudly_on_a_different_question() -> None:
    rng = ScriptedRng([[6, 2]])
    with pytest.raises(RngMismatch):
        rng.below(5)
    with pytest.raises(RngMismatch):
        ScriptedRng([]).below(2)


def test_shuffle_is_uniform_enough_over_many_streams() -> None:
    counts = Counter(shuffle(Rng("u", f"{i}"), "abc") for i in range(6000))
    assert len(counts) == 6
    assert all(800 <= c <= 1200 for c in counts.values()), counts


def test_choice_die_and_commitment() -> None:
    rng = Rng("x", "y")
    assert {die(rng) for _ in range(300)} == set(range(1, 7))
    assert choice(rng, ["only"]) == "only"
    with pytest.raises(ValueError):
        choice(rng, [])
    # format-1 records: sha256 of the seed
    assert seed_commitment("x", None) == hashlib.sha256(b"x").hexdigest()


def test_a_salted_commitment_does_not_give_a_guessable_seed_away() -> None:
    """The salt is secret until the reveal: the same guessable seed commits differently in
    every game, and trying seeds without the salt finds nothing."""
    seed = "table-417"
    a, b = seed_commitment(seed, new_salt()), seed_commitment(seed, new_salt())
    assert a != b
    assert hashlib.sha256(seed.encode()).hexdigest() not in (a, b)
    salt = "00" * 16
    assert seed_commitment(seed, salt) == hmac.new(salt.encode(), seed.encode(), hashlib.sha256).hexdigest()


def test_the_game_seed_mixes_every_seats_entropy_into_the_servers_seed() -> None:
    server = "s" * 64
    base = game_seed(server, ["a", "b"], client_seeded=False)
    assert base != server
    assert game_seed(server, ["a", "c"], client_seeded=False) != base
    assert game_seed(server, ["b", "a"], client_seeded=False) != base  # seat order matters
    assert game_seed("client seed", ["a"], client_seeded=True) == "client seed"
