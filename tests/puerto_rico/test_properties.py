"""Property tests over 2,000 seeded random games (seeds 0..1999, 2-5 players evenly).

At every move: the chosen legal action is accepted; the components are conserved; the board
invariants hold; the view and the redacted facts of the other seats carry no secret. At a sample
of positions: every listed action is accepted, and over a universe of candidate actions decide
accepts exactly the listed ones (up to payload normalisation); malformed, wrong-seat and
wrong-phase actions are rejected with IllegalAction and the state is unchanged. A subset of the
games is replayed through the Game aggregate and verified from its record.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import domain.puerto_rico as pr
from domain.core import ALL, IllegalAction, Rng, codec, fold
from domain.core.aggregate import Game
from domain.core.record import record_from_events, verify
from domain.puerto_rico.components import (
    BUILDINGS,
    CATALOG,
    CIRCLES,
    GOODS,
    SETUPS,
    SIZE,
    TILE_KINDS,
    building_copies,
)
from domain.puerto_rico.rules import ACTION_STEPS
from domain.puerto_rico.state import PLAYER_STEPS, State

GAMES = 2000
CHUNK = 100
MOVE_BOUND = 3000  # no random game comes near it (they take 150-700 moves)
ALL_ACTIONS_EVERY = 13  # check every listed action at every 13th position
UNIVERSE_EVERY = 17  # exhaustive accept-iff-listed check at every 17th position
MUTATE_EVERY = 5  # illegal-action samples at every 5th position
VIEW_EVERY = 11
REHASH_EVERY = 50


def players_for(seed: int) -> int:
    return 2 + seed % 4


def seed_text(seed: int) -> str:
    return f"pr-property-{seed}"


# -- conservation and invariants ---------------------------------------------------------------


COPIES = {n: [building_copies(b, n) for b in BUILDINGS if b.expansion == "base"] for n in SETUPS}


def check_conservation(s: State) -> None:
    spec = SETUPS[s.n]
    # goods: supply + players + cargo ships + trading house
    goods = list(s.goods)
    for pl in s.players:
        for g in range(5):
            goods[g] += pl.goods[g]
    for g, load in zip(s.ship_good, s.ship_load, strict=True):
        if load:
            goods[g] += load
    for g in s.trading_house:
        goods[g] += 1
    assert tuple(goods) == spec.goods
    # colonists: supply + ship + every board
    assert s.colonist_supply + s.colonist_ship + sum(pl.colonists for pl in s.players) == (
        spec.colonist_supply + spec.colonist_ship
    )
    # VP chips: supply + players (beyond the supply only "paper" VP, §5.1.3)
    total_vp = sum(pl.vp for pl in s.players)
    if s.vp_supply > 0:
        assert s.vp_supply + total_vp == spec.vp
    else:
        assert total_vp >= spec.vp and "vp" in s.end_reasons
    # plantations and quarries
    tiles = [0] * len(TILE_KINDS)
    for k in (*s.draw_pile, *s.faceup, *s.discard):
        tiles[k] += 1
    for pl in s.players:
        for k in range(len(TILE_KINDS)):
            tiles[k] += pl.island[k]
    start = list(spec.plantations)
    assert tiles[:5] == start
    assert tiles[5] + s.quarries == spec.quarries
    # buildings
    owned = [sum(1 for w in column if w >= 0) for column in zip(*(pl.buildings for pl in s.players), strict=True)]
    assert [o + left for o, left in zip(owned, s.building_supply, strict=True)] == COPIES[s.n]


def check_invariants(s: State) -> None:
    for pl in s.players:
        assert pl.doubloons >= 0 and pl.vp >= 0 and pl.windrose >= 0
        assert all(c >= 0 for c in pl.goods)
        assert all(0 <= m <= t for m, t in zip(pl.manned, pl.island, strict=True))
        assert sum(pl.island) <= 12
        assert all(w <= CIRCLES[b] for b, w in enumerate(pl.buildings))
        assert sum(SIZE[b] for b, w in enumerate(pl.buildings) if w >= 0) <= 12
    kinds = [g for g, load in zip(s.ship_good, s.ship_load, strict=True) if load]
    assert len(kinds) == len(set(kinds))
    assert all(0 <= load <= cap for load, cap in zip(s.ship_load, s.ship_capacity, strict=True))
    assert all((g < 0) == (load == 0) for g, load in zip(s.ship_good, s.ship_load, strict=True))
    assert len(s.trading_house) <= 4
    assert s.over or s.step in PLAYER_STEPS


# -- hidden information (§7) -------------------------------------------------------------------


def check_views(s: State) -> None:
    for viewer in (None, *range(s.n)):
        v = pr.view(s, viewer)
        json.dumps(v)
        assert "plantation_draw_pile_order" not in v
        for p in v["players"]:
            if p["seat"] != viewer and not s.over:
                assert p["vp"] is None
    host = pr.view(s, ALL)
    assert [p["vp"] for p in host["players"]] == [pl.vp for pl in s.players]


def check_redaction(facts: list[dict[str, Any]], n: int) -> None:
    for fact in facts:
        for viewer in (None, *range(n)):
            shown = pr.redact(fact, viewer)
            assert shown is not None
            if fact["t"] == "PlantationsShuffled":
                assert set(shown) == {"t", "count"} and shown["count"] == len(fact["tiles"])
            else:
                assert "scores" not in shown or fact["t"] == "GameEnded"
        assert pr.redact(fact, ALL) == fact


# -- legality agreement ------------------------------------------------------------------------

_GOOD_CHOICES = [*GOODS, "gold"]
_TARGETS = [*TILE_KINDS, *CATALOG, "windrose"]


def universe(s: State) -> list[dict[str, Any]]:
    """Candidate actions of the types the current step takes, with values inside and outside
    the legal range (other types are rejected with `action.not_now`, see check_illegal)."""
    out: list[dict[str, Any]] = [{"type": "pass"}, {"type": "done"}, {"type": "hacienda_draw"}, {"type": "hacienda_quarry"}]
    out += [{"type": "select_role", "role": r} for r in (*s.roles, "prospector_2", "king")]
    for k in (*GOODS, "quarry"):
        out += [{"type": "take_plantation", "kind": k}, {"type": "take_plantation", "kind": k, "hospice": False}]
    out += [{"type": "take_quarry"}, {"type": "take_quarry", "hospice": False}]
    out += [{"type": "mayor_privilege", "colonists": c} for c in (-1, 0, 1, 2)]
    out += [{"type": t, key: name} for t, key in (("place", "to"), ("remove", "from")) for name in _TARGETS]
    for b in (*CATALOG, "palace"):
        out += [{"type": "build", "building": b}, {"type": "build", "building": b, "university": False}]
    for g in _GOOD_CHOICES:
        out += [{"type": t, "good": g} for t in ("craftsman_bonus", "sell", "warehouse", "keep")]
        out += [{"type": "ship", "good": g, "ship": i} for i in (-1, 0, 1, 2, 3, "wharf")]
    return [a for a in out if s.step in ACTION_STEPS[a["type"]]]


def normal_forms(action: dict[str, Any]) -> list[dict[str, Any]]:
    """The action and its spelling with the optional building flags at their defaults."""
    stripped = {k: v for k, v in action.items() if k not in ("hospice", "university")}
    return [action, stripped]


def accepted(s: State, seat: int, action: Any) -> bool:
    try:
        pr.decide(s, seat, action, Rng("probe", "probe"))
    except IllegalAction:
        return False
    return True


def check_universe(s: State, seat: int, legal: list[dict[str, Any]]) -> None:
    for action in universe(s):
        ok = accepted(s, seat, action)
        listed = any(form in legal for form in normal_forms(action))
        if action in legal:
            assert ok, action
        if ok:
            assert listed, f"decide accepted an unlisted action {action} at step {s.step}"
        elif listed and action not in legal:
            # an explicit flag the listed spelling leaves out must mean the same thing
            raise AssertionError(f"{action} rejected although its normal form is listed")


_BAD_VALUES: list[Any] = [None, 10**30, -(10**30), -1, "nonsense", [1], {"a": 1}, True, 1.5]


def check_illegal(s: State, seat: int, action: dict[str, Any], legal: list[dict[str, Any]], rehash: bool) -> None:
    before = codec.state_hash(s) if rehash else None
    rng = Rng("probe", "illegal")
    probes: list[tuple[int, Any, str | None]] = [
        ((seat + 1) % s.n, action, "turn.not_yours"),
        (-1, action, "turn.not_yours"),
        (seat, {"type": "fly"}, "action.unknown_type"),
        (seat, {}, "action.malformed"),
        (seat, [], "action.malformed"),
        (seat, "ship", "action.malformed"),
        (seat, {"type": 7}, "action.malformed"),
        (seat, {**action, "zzz": 1}, "action.malformed"),
    ]
    if s.n == 1:  # pragma: no cover - at least two seats
        probes.pop(0)
    other_step = "sell" if s.step != "sell" else "ship"
    probes.append((seat, {"type": other_step, "good": "corn"}, "action.not_now"))
    for key in action:
        if key == "type":
            continue
        if key not in ("hospice", "university"):  # optional flags: leaving them out is legal
            missing = {k: v for k, v in action.items() if k != key}
            probes.append((seat, missing, "action.malformed"))
        for bad in _BAD_VALUES:
            probes.append((seat, {**action, key: bad}, None))
    for who, probe, code in probes:
        try:
            pr.decide(s, who, probe, rng)
        except IllegalAction as exc:
            if code is not None:
                assert exc.code == code, (probe, exc.code)
            continue
        except Exception as exc:  # pragma: no cover - the point of the test
            raise AssertionError(f"decide raised {type(exc).__name__} for {probe!r}") from exc
        assert code is None, f"{probe!r} was accepted"
        assert isinstance(probe, dict) and any(form in legal for form in normal_forms(probe)), probe
    if rehash:  # the state is immutable; check it on a sample anyway
        assert codec.state_hash(s) == before


# -- the games ---------------------------------------------------------------------------------


def play_checked(seed: int) -> State:
    n = players_for(seed)
    text = seed_text(seed)
    setup_facts = pr.setup({}, n, Rng(text, "setup"))
    check_redaction(setup_facts, n)
    s = fold(pr, None, setup_facts)
    rng = Rng(text, "play")
    moves = 0
    check_conservation(s)
    while not s.over:
        assert moves < MOVE_BOUND, f"seed {seed}: no end after {MOVE_BOUND} moves"
        seat = s.turn
        assert pr.to_act(s) == frozenset({seat})
        assert all(pr.legal_actions(s, other) == [] for other in range(n) if other != seat)
        legal = pr.legal_actions(s, seat)
        assert legal, f"seed {seed}: no legal action at step {s.step}"
        action = pr.BOTS["random"](s, seat, rng)
        if moves % ALL_ACTIONS_EVERY == 0:
            for other in legal:
                after = fold(pr, s, pr.decide(s, seat, other, Rng(text, f"all:{moves}")))
                check_conservation(after)
        if moves % UNIVERSE_EVERY == 0:
            check_universe(s, seat, legal)
        if moves % MUTATE_EVERY == 0:
            check_illegal(s, seat, action, legal, rehash=moves % REHASH_EVERY == 0)
        if moves % VIEW_EVERY == 0:
            check_views(s)
        facts = pr.decide(s, seat, action, rng)
        check_redaction(facts, n)
        s = fold(pr, s, facts)
        check_conservation(s)
        check_invariants(s)
        moves += 1
    assert pr.to_act(s) == frozenset()
    assert pr.legal_actions(s, 0) == []
    check_views(s)
    out = pr.outcome(s)
    assert out is not None and len(out.results) == n
    assert {r.seat for r in out.results} == set(range(n))
    for r in out.results:
        assert r.score == sum(r.breakdown.values())
        assert 1 <= r.rank <= n
    assert 1 in {r.rank for r in out.results}
    assert s.end_reasons and out.termination != "finished"
    try:
        pr.decide(s, 0, {"type": "pass"}, rng)
    except IllegalAction as exc:
        assert exc.code == "game.over"
    else:  # pragma: no cover
        raise AssertionError("a finished game accepted a move")
    return s


@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_random_games_are_legal_conserving_and_secret(chunk: int) -> None:
    counts = [0, 0, 0, 0]
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        play_checked(seed)
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
        n = players_for(seed)
        text = seed_text(seed)
        seats = [{"name": f"p{i}", "token_hash": f"t{i}"} for i in range(n)]
        game = Game.start("puerto-rico", {}, seats, "host", text, True)
        live = fold(pr, None, pr.setup(pr.check_options({}, n), n, Rng(text, "setup")))
        assert codec.state_hash(live) == game.state_hash
        pick = Rng(text, "pick")
        moves = 0
        while game.to_act():
            seat = min(game.to_act())
            action = pr.BOTS["random"](game.state, seat, pick)
            version = game.version + 1
            game.take_action(seat, action)
            live = fold(pr, live, pr.decide(live, seat, action, Rng(text, f"event:{version}")))
            assert codec.state_hash(live) == game.state_hash, f"seed {seed}, move {moves}"
            moves += 1
        assert game.outcome() is not None
        record = record_from_events(str(game.id), game.collect_events())
        report = verify(record)
        assert report.ok, report.divergence
        assert report.actions == moves and report.final_hash == game.state_hash
        assert record["outcome"] == pr.outcome(live).to_json()  # type: ignore[union-attr]
