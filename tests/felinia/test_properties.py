"""Property tests over 2,000 seeded Felinia games (seeds 0..1999; 2-4 players, basic and
advanced, the open-deck and lenient variants; random and heuristic moves).

Every game ends within MOVE_BOUND moves with an outcome; after every move every component is
conserved (merchants, goods, silver, trade tiles, bid tokens, deck tiles, mysterious places,
bonus tiles) and no gain exceeds the card supplies; no view, redacted fact or redacted action
shows any viewer the deck, a face-down tile, another seat's tiles or a kept or drawn card. At
sampled positions every listed action is accepted and every other candidate refused with the
state unchanged. Every 50th game is replayed through the `Game` aggregate and its record checked
by `replay verify`'s `verify`."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import domain.felinia as fe
from domain.core import Rng, codec, fold
from domain.core.aggregate import Game
from domain.felinia.state import State

from .. import jsontext
from ..replaying import assert_record_verifies
from .properties import (
    MOVE_BOUND,
    Policy,
    check_agreement,
    check_conservation,
    check_no_leak,
    check_outcome,
    check_supplies,
    options_for,
)

GAMES = 2000
CHUNK = 100
SAMPLE_EVERY = 41
LEAK_EVERY = 11
SECRET_FACTS = frozenset({"TradeTileTaken", "MysteryCardsDrawn", "MysteryCardKept", "SpecialTileEffect",
                          "DeckTilePlaced"})


def play_game(seed: int) -> tuple[State, int]:
    options, seats = options_for(seed)
    facts = fe.setup(fe.check_options(options, seats), seats, Rng(str(seed), "setup"))
    assert jsontext.round_trips(facts)
    state = fold(fe, None, facts)
    check_conservation(state)
    check_no_leak(state, state, 0, {"type": "setup"}, facts)
    policy = Policy(seed)
    probe = Rng(str(seed), "probe")
    moves = 0
    while fe.outcome(state) is None:
        assert moves < MOVE_BOUND, f"seed {seed}: no end after {moves} moves"
        seat = policy.seat(state)
        if moves % SAMPLE_EVERY == 0:
            check_agreement(state, seat, probe)
        action = policy.action(state, seat)
        assert action in fe.legal_actions(state, seat)
        facts = fe.decide(state, seat, action, probe)
        after = facts.state  # type: ignore[attr-defined]
        assert jsontext.round_trips(facts)  # facts are JSON-native (lists, not tuples)
        if moves % SAMPLE_EVERY == 0:  # evolve alone leads to the state decide saw
            assert fold(fe, state, facts) == after
        check_conservation(after)
        check_supplies(state, facts)
        if moves % LEAK_EVERY == 0 or any(f["t"] in SECRET_FACTS for f in facts):
            check_no_leak(state, after, seat, action, facts)
        state = after
        moves += 1
    check_outcome(state)
    assert codec.loads(codec.dumps(state)) == state
    return state, moves


def replay_game(seed: int) -> None:
    """The same kind of game through the aggregate; its record verifies with the live hashes."""
    options, seats = options_for(seed)
    people = [{"name": f"p{s}", "token_hash": f"t{s}"} for s in range(seats)]
    game = Game.start("felinia", options, people, "host", f"replay-{seed}", client_seeded=True)
    policy = Policy(seed)
    live: list[str] = []
    while game.outcome() is None:
        seat = policy.seat(game.state)
        game.take_action(seat, policy.action(game.state, seat))
        live.append(game.hash(game.state))
    record = assert_record_verifies(game, live)
    assert record["outcome"] == game.outcome().to_json()


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_games(first: int) -> None:
    seen: Counter[Any] = Counter()
    for seed in range(first, first + CHUNK):
        state, moves = play_game(seed)
        seen[state.end_trigger] += 1
        seen[(state.mode, state.seats)] += 1
    assert seen["last_merchant"] + seen["deck_exhausted"] == CHUNK
    assert {(m, n) for m in ("basic", "advanced") for n in (2, 3, 4)} <= set(seen)


@pytest.mark.parametrize("seed", range(0, GAMES, 50))
def test_games_replay_through_the_aggregate_and_verify(seed: int) -> None:
    replay_game(seed)
