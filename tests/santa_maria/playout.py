"""Seeded playouts for the property tests: options by seed, and a policy mixing the greedy bot
with uniformly random moves (random moves alone pass early; greedy alone builds more)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import domain.santa_maria as sm
from domain.core import IllegalAction, Rng, choice, codec, fold
from domain.core.aggregate import Game
from domain.santa_maria.state import State, replace, with_player

from ..replaying import assert_record_verifies

MOVE_BOUND = 3000
VARIANTS: list[dict[str, Any]] = [
    {},  # draft of the colony boards
    {"colony_assignment": "random"},
    {"advanced_setup": True},
    {"shared_blue_dice": True},
    {"shared_blue_dice": True, "advanced_setup": True, "open_scores": True},
    {"colony_assignment": "random", "open_scores": True, "kozlocracy_rule": "roads_ignored"},
]


def options_for(seed: int) -> dict[str, Any]:
    return VARIANTS[seed % len(VARIANTS)]


def seats_for(seed: int) -> int:
    return 1 + (seed // len(VARIANTS)) % 4


class Policy:
    def __init__(self, seed: int) -> None:
        self.rng = Rng(str(seed), "playout")
        self.random_percent = (10, 30, 60, 100)[(seed // 24) % 4]

    def action(self, state: State, seat: int, legal: list[dict[str, Any]]) -> dict[str, Any]:
        if self.rng.below(100) < self.random_percent:
            return choice(self.rng, legal)
        return sm.BOTS["greedy"](state, seat, self.rng, legal)  # `legal` is the seat's legal_actions


# -- the one driver of the property tests ------------------------------------------------------------------
# Each property-test file says what it checks (a `Checks`); `play` runs a seeded game with those
# checks after every move, and `replay` plays the same kind of game through the aggregate.

Facts = list[dict[str, Any]]
Viewers = list[int | None]


def personal_scholars(seed: int, scholars: tuple[str, ...]) -> Callable[[State], State]:
    """A `prepare` giving each seat one of `scholars` as its own (taken out of the unseen pool), so
    their rules come up often; such a game's state is then not its facts' (it is not replayed)."""
    def prepare(state: State) -> State:
        for s in range(state.seats):
            state = with_player(state, s, personal_scholar=scholars[(seed + s) % len(scholars)])
        return replace(state, boxed=tuple(t for t in state.boxed if t not in scholars))  # now seen
    return prepare


def on_after(check: Callable[[State, Facts, Viewers], None]) -> Callable[[State, State, Facts, Viewers], None]:
    """A leak check that looks only at the state after the move (what is hidden then)."""
    return lambda _before, after, facts, viewers: check(after, facts, viewers)


def check_exact(state: State, seat: int, rng: Rng, universe: Callable[[State, int], list[dict[str, Any]]],
                legal: list[dict[str, Any]]) -> None:
    """Over the whole finite domain of the step (`universe`): decide accepts exactly what is listed
    (`legal`: the seat's legal_actions)."""
    for action in universe(state, seat):
        try:
            sm.decide(state, seat, action, rng)
            accepted = True
        except IllegalAction:
            accepted = False
        assert accepted == (action in legal), (action, accepted, state.pending)


@dataclass(frozen=True)
class Checks:
    """What a property-test file checks in each of its games.

    agreement: at sampled positions, listed actions accepted and near misses refused (state unchanged);
    views: no view shows what its viewer may not see; universe: the step's whole domain for `check_exact`;
    no_leak(before, after, facts, viewers): no redacted fact shows a hidden part; coin_flows: each seat's
    coins change by what the facts say; conservation: every part is somewhere; final(state, options):
    the outcome's own checks; observe(before, after, action, facts, seen): counts what came up
    (action None: the setup's facts)."""

    agreement: Callable[[State, int, Rng], None]
    views: Callable[[State], None]
    universe: Callable[[State, int], list[dict[str, Any]]]
    no_leak: Callable[[State, State, Facts, Viewers], None]
    coin_flows: Callable[[Facts, int], Counter[int]]
    conservation: Callable[[State], None]
    final: Callable[[State, dict[str, Any]], None]
    observe: Callable[[State, State, dict[str, Any] | None, Facts, Counter[str]], None] | None = None
    sample_every: int = 15
    sample_kinds: tuple[str, ...] = ()  # pending decisions always sampled
    exact_every: int = 70
    exact_pending_every: int = 11  # a pending decision: its whole domain every so many moves
    exact_kinds: tuple[str, ...] = ()  # pending decisions whose whole domain is always checked


def play(seed: int, options: dict[str, Any], seats: int, rng_name: str, checks: Checks,
         setup_stream: str = "setup", probe_stream: str = "probe",
         prepare: Callable[[State], State] | None = None, seen: Counter[str] | None = None) -> tuple[State, int]:
    """One seeded game by `Policy(seed)`, `checks` after every move; returns the final state and the
    number of moves. `prepare` changes the state after setup (a stand-in for a rarely dealt part)."""
    seen = Counter() if seen is None else seen
    facts = sm.setup(sm.check_options(options, seats), seats, Rng(rng_name, setup_stream))
    state = fold(sm, None, facts)
    checks.no_leak(state, state, facts, [None, *range(seats)])
    if checks.observe is not None:
        checks.observe(state, state, None, facts, seen)
    if prepare is not None:
        state = prepare(state)
    checks.conservation(state)
    policy = Policy(seed)
    probe = Rng(rng_name, probe_stream)
    moves = 0
    while sm.outcome(state) is None:
        assert moves < MOVE_BOUND, f"seed {seed}: no end after {moves} moves"
        (seat,) = sm.to_act(state)
        legal = sm.legal_actions(state, seat)
        pending = state.pending.kind if state.pending else None
        if moves % checks.sample_every == 0 or pending in checks.sample_kinds:
            checks.agreement(state, seat, probe)
            checks.views(state)
        if (moves % checks.exact_every == checks.exact_every - 1 or pending in checks.exact_kinds
                or (pending is not None and moves % checks.exact_pending_every == 0)):
            check_exact(state, seat, probe, checks.universe, legal)
        action = policy.action(state, seat, legal)
        assert action in legal
        facts = sm.decide(state, seat, action, probe)
        after = fold(sm, state, facts)
        flows = checks.coin_flows(facts, seats)
        for s in range(seats):
            assert after.players[s].coins == state.players[s].coins + flows[s], (seed, moves, facts)
        checks.conservation(after)
        checks.no_leak(state, after, facts, [None, moves % seats])
        if checks.observe is not None:
            checks.observe(state, after, action, facts, seen)
        state = after
        moves += 1
    result = sm.outcome(state)
    assert result is not None and sorted(r.rank for r in result.results) == list(range(1, seats + 1))
    checks.final(state, options)
    assert sm.to_act(state) == frozenset() and all(sm.legal_actions(state, s) == [] for s in range(seats))
    checks.views(state)
    assert codec.loads(codec.dumps(state)) == state
    return state, moves


def replay(seed: int, options: dict[str, Any], seats: int, name: str) -> None:
    """The same kind of game through the `Game` aggregate; its record verifies with the live hash at
    every move."""
    people = [{"name": f"p{s}", "token_hash": f"t{s}"} for s in range(seats)]
    game = Game.start("santa-maria", options, people, "host", name, client_seeded=True)
    policy = Policy(seed)
    live: list[str] = []
    while game.outcome() is None:
        (seat,) = game.to_act()
        game.take_action(seat, policy.action(game.state, seat, sm.legal_actions(game.state, seat)))
        live.append(game.hash(game.state))
    assert_record_verifies(game, live)
