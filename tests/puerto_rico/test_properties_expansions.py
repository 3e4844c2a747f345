"""Property tests over 1,200 seeded random games with the expansions (seeds 0..1199): 2-5 players
and the sets [new_buildings], [nobles], [new_buildings, nobles], 100 games per combination.

At every move: the chosen legal action is accepted; the components are conserved (goods,
colonists, nobles, VP, plantations incl. forests and a drawn tile, quarries, buildings); the
board invariants hold; only the seat to act has actions. At a sample of positions: every listed
action is accepted; over a universe of candidate actions (every action type of both expansions,
values inside and outside the legal range) decide accepts exactly the listed ones up to the
spelling of optional fields; malformed, wrong-seat and wrong-phase actions are rejected with
IllegalAction and the state is unchanged; the views and the redacted facts of the other seats
and of spectators carry no secret (VP totals, hidden forest kinds, a drawn tile, the pile order)
while `ALL` sees everything. A subset is replayed through the Game aggregate and verified from
its record.
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
    BOX_COLONISTS,
    BOX_NOBLES,
    BUILDINGS,
    CATALOG,
    CIRCLES,
    DRAFT_POOL,
    DRAFT_SLOTS,
    GOODS,
    SETUPS,
    SIZE,
    TILE_KINDS,
    building_copies,
)
from domain.puerto_rico.expansions import default_piece
from domain.puerto_rico.rules import ACTION_STEPS
from domain.puerto_rico.state import PLAYER_STEPS, State

SETS = (("new_buildings",), ("nobles",), ("new_buildings", "nobles"))
GAMES = 1200
CHUNK = 50
MOVE_BOUND = 5000  # random expansion games take 250-1000 moves
ALL_ACTIONS_EVERY = 29
UNIVERSE_EVERY = 37
MUTATE_EVERY = 13
VIEW_EVERY = 17
REHASH_EVERY = 97
# steps that random games reach rarely: checked every time they come up
RARE_STEPS = frozenset({"place_drawn_tile", "library_settle", "small_wharf", "villa"})


def players_for(seed: int) -> int:
    return 2 + seed % 4


def expansions_for(seed: int) -> tuple[str, ...]:
    return SETS[(seed // 4) % 3]


def seed_text(seed: int) -> str:
    return f"pr-expansions-{seed}"


def options_for(seed: int) -> dict[str, Any]:
    return {"expansions": list(expansions_for(seed))}


# -- conservation and invariants ---------------------------------------------------------------


def check_conservation(s: State) -> None:
    spec = SETUPS[s.n]
    c = s.config
    goods = list(s.goods)
    for pl in s.players:
        for g in range(5):
            goods[g] += pl.goods[g]
    for g, load in zip(s.ship_good, s.ship_load, strict=True):
        if load:
            goods[g] += load
    for g in s.trading_house:
        goods[g] += 1
    for g in range(5):
        goods[g] += s.cargo[g]  # on a small wharf being loaded
    assert tuple(goods) == spec.goods
    # colonists and nobles (§6.3: all 100 colonists and 20 nobles with Nobles)
    colonists = s.colonist_supply + s.colonist_ship + sum(pl.colonists for pl in s.players)
    nobles = s.noble_supply + s.noble_ship + sum(pl.nobles for pl in s.players)
    if c.nobles:
        assert (colonists, nobles) == (BOX_COLONISTS, BOX_NOBLES)
    else:
        assert (colonists, nobles) == (spec.colonist_supply + spec.colonist_ship, 0)
    # VP chips and paper VP (§5.1.3)
    total_vp = sum(pl.vp for pl in s.players)
    if s.vp_supply > 0:
        assert s.vp_supply + total_vp == spec.vp
    else:
        assert total_vp >= spec.vp and "vp" in s.end_reasons
    # plantations (incl. forests and a drawn tile) and quarries
    tiles = [0] * len(TILE_KINDS)
    for k in (*s.draw_pile, *s.faceup, *s.discard):
        tiles[k] += 1
    if s.drawn >= 0:
        tiles[s.drawn] += 1
    for pl in s.players:
        for k in range(len(TILE_KINDS)):
            tiles[k] += pl.island[k]
        for k in range(5):
            tiles[k] += pl.forests[k] + pl.hidden_forests[k]
    assert tiles[:5] == list(spec.plantations)
    assert tiles[5] + s.quarries == spec.quarries
    # buildings: every kind in play has all its copies (supply + owned); the draft fills 17 slots
    owned = [sum(1 for w in column if w >= 0) for column in zip(*(pl.buildings for pl in s.players), strict=True)]
    totals = [o + left for o, left in zip(owned, s.building_supply, strict=True)]
    expected = EXPECTED[(s.n, c.expansions)]
    if c.new_buildings:
        drafted = [b for b in DRAFT_POOL if totals[b]]
        assert len(drafted) == len(DRAFT_SLOTS) - len(s.slots)
        expected = list(expected)
        for b in drafted:
            expected[b] = COPIES[s.n][b]
    assert totals == list(expected)


COPIES = {n: [building_copies(b, n) for b in BUILDINGS] for n in SETUPS}
# copies per kind before the draft: production always, Nobles with Nobles, base violet without
# New Buildings (with it the drafted violet kinds are added by check_conservation)
EXPECTED = {
    (n, tuple(sorted(e))): [
        COPIES[n][i] if (b.production and b.expansion == "base") or (b.expansion == "nobles" and "nobles" in e)
        or (b.expansion == "base" and "new_buildings" not in e) else 0
        for i, b in enumerate(BUILDINGS)
    ]
    for n in SETUPS
    for e in SETS
}


def check_invariants(s: State) -> None:
    for pl in s.players:
        assert pl.doubloons >= 0 and pl.vp >= 0 and pl.windrose >= 0
        assert min(pl.goods) >= 0 and min(pl.forests) >= 0 and min(pl.hidden_forests) >= 0
        assert all(0 <= m <= t for m, t in zip(pl.manned, pl.island, strict=True))
        if any(pl.manned_nobles):
            assert all(0 <= m <= t for m, t in zip(pl.manned_nobles, pl.manned, strict=True))
        if any(pl.building_nobles):
            assert all(0 <= n <= max(0, w) for n, w in zip(pl.building_nobles, pl.buildings, strict=True))
        assert 0 <= pl.windrose_nobles <= pl.windrose
        assert pl.tiles <= 12
        assert all(w <= c for w, c in zip(pl.buildings, CIRCLES, strict=True))  # statue: 0 circles
        assert sum(SIZE[b] for b, w in enumerate(pl.buildings) if w >= 0) <= 12
    kinds = [g for g, load in zip(s.ship_good, s.ship_load, strict=True) if load]
    assert len(kinds) == len(set(kinds))
    assert all(0 <= load <= cap for load, cap in zip(s.ship_load, s.ship_capacity, strict=True))
    assert len(s.trading_house) <= 4
    assert s.over or s.step in PLAYER_STEPS
    assert (s.drawn >= 0) == (s.step == "place_drawn_tile")
    if s.config.nobles:
        assert "colonists" not in s.end_reasons  # §6.3: no colonist end trigger with Nobles


# -- hidden information (§7) -------------------------------------------------------------------


def check_views(s: State) -> None:
    for viewer in (None, *range(s.n)):
        v = pr.view(s, viewer)
        json.dumps(v)
        assert "plantation_draw_pile_order" not in v
        for p in v["players"]:
            if p["seat"] != viewer and not s.over:
                assert p["vp"] is None
            if s.config.new_buildings:
                assert ("hidden_kinds" in p["forests"]) == (p["seat"] == viewer)
                assert p["forests"]["hidden"] == sum(s.players[p["seat"]].hidden_forests)
        if s.drawn >= 0:
            assert v["drawn_tile"] == (TILE_KINDS[s.drawn] if viewer == s.turn else "hidden")
    host = pr.view(s, ALL)
    assert [p["vp"] for p in host["players"]] == [pl.vp for pl in s.players]
    if s.config.new_buildings:
        assert [p["forests"]["hidden_kinds"] for p in host["players"]] == [
            {GOODS[k]: c for k, c in enumerate(pl.hidden_forests) if c} for pl in s.players
        ]


def check_redaction(facts: list[dict[str, Any]], n: int) -> None:
    for fact in facts:
        for viewer in (None, *range(n)):
            shown = pr.redact(fact, viewer)
            assert shown is not None
            t = fact["t"]
            if t == "PlantationsShuffled":
                assert set(shown) == {"t", "count"} and shown["count"] == len(fact["tiles"])
            elif (t == "TileDrawn" or (t == "DrawnTilePlaced" and fact["forest"])) and viewer != fact["seat"]:
                assert "kind" not in shown and shown == {k: v for k, v in fact.items() if k != "kind"}
            else:
                assert shown == fact
        assert pr.redact(fact, ALL) == fact


# -- legality agreement ------------------------------------------------------------------------

_GOOD_CHOICES = [*GOODS, "gold"]
_TARGETS = [*TILE_KINDS, *CATALOG, "windrose", "forest"]
_PIECES = ["colonist", "noble", None]
_DEFAULTS = {"hospice": True, "university": True, "black_market": False, "venue": "house"}
_PIECE_SOURCE = {"place": "windrose", "remove": "from", "deploy_guest": "guest_house", "black_market_worker": "from"}
_PIECE_TYPES = set(_PIECE_SOURCE)


def canonical(s: State, action: dict[str, Any]) -> str:
    """The action with optional fields at their defaults left out (and, in Nobles games, the
    default piece spelled out: the only kind of worker at the source, else a colonist), as
    comparable text."""
    out = {k: v for k, v in action.items() if not (k in _DEFAULTS and v == _DEFAULTS[k])}
    kind = out.get("type")
    if s.config.nobles and kind in _PIECE_TYPES and "piece" not in out:
        source = _PIECE_SOURCE[kind]
        where = source if source in ("windrose", "guest_house") else out.get(source)
        try:
            out["piece"] = default_piece(s.players[s.turn], where)
        except TypeError:  # an unhashable source: decide rejects it anyway
            out["piece"] = "colonist"
    return json.dumps(out, sort_keys=True)


def _with_piece(base: dict[str, Any]) -> list[dict[str, Any]]:
    return [base if p is None else {**base, "piece": p} for p in _PIECES]


def universe(s: State) -> list[dict[str, Any]]:
    """Candidate actions of the types the current step takes, values inside and outside range."""
    out: list[dict[str, Any]] = [
        {"type": t}
        for t in ("pass", "done", "hacienda_draw", "hacienda_quarry", "villa_take", "land_office_buy", "end_turn", "black_market_vp")
    ]
    out += [{"type": "select_role", "role": r} for r in (*s.roles, "prospector_2", "king")]
    out += [{"type": "draft_building", "building": b} for b in (*CATALOG, "palace")]
    for k in (*GOODS, "quarry"):
        for t in ("take_plantation", "take_forest"):
            out += [{"type": t, "kind": k}, {"type": t, "kind": k, "hospice": False}]
    out += [{"type": "take_quarry"}, {"type": "take_quarry", "hospice": False}]
    out += [{"type": "place_drawn_tile", "forest": f} for f in (True, False)]
    out += [{"type": "mayor_privilege", "colonists": c} for c in (-1, 0, 1, 2, 3)]
    out += [{"type": "take_from_ship", "piece": p} for p in ("colonist", "noble", "king")]
    for name in _TARGETS:
        out += _with_piece({"type": "place", "to": name})
        out += _with_piece({"type": "remove", "from": name})
        out += _with_piece({"type": "deploy_guest", "to": name})
        out += _with_piece({"type": "black_market_worker", "from": name})
    for b in (*CATALOG, "palace"):
        for extra in ({}, {"university": False}, {"black_market": True}, {"black_market": True, "university": False}):
            out.append({"type": "build", "building": b, **extra})
    for tile in (*GOODS, "quarry"):
        for t in ("hunting_lodge_discard", "land_office_sell"):
            out += [{"type": t, "tile": tile}, {"type": t, "tile": "forest", "kind": tile}]
    for g in _GOOD_CHOICES:
        out += [
            {"type": t, "good": g}
            for t in ("craftsman_bonus", "sell", "warehouse", "keep", "royal_supplier", "black_market_good")
        ]
        out.append({"type": "sell", "good": g, "venue": "trading_post"})
        out += [{"type": "ship", "good": g, "ship": i} for i in (-1, 0, 1, 2, 3, "wharf")]
        out += [{"type": "small_wharf", "good": g, "count": c} for c in (0, 1, 2, 3, 5, 12)]
    return [a for a in out if s.step in ACTION_STEPS[a["type"]]]


def accepted(s: State, seat: int, action: Any) -> bool:
    try:
        pr.decide(s, seat, action, Rng("probe", "probe"))
    except IllegalAction:
        return False
    return True


def _same_as_listed(s: State, seat: int, action: dict[str, Any], listed: set[str]) -> bool:
    """An unlisted spelling with an optional flag turned off (`"hospice": false` without an
    occupied hospice, ...) is accepted when it does exactly what the listed spelling does."""
    for key in ("hospice", "university"):
        if action.get(key) is False:
            plain = {k: v for k, v in action.items() if k != key}
            if canonical(s, plain) in listed:
                rng = "same"
                return pr.decide(s, seat, action, Rng(rng, "x")) == pr.decide(s, seat, plain, Rng(rng, "x"))
    return False


def check_universe(s: State, seat: int, legal: list[dict[str, Any]]) -> None:
    listed = {canonical(s, a) for a in legal}
    assert len(listed) == len(legal), "an action is listed twice (up to optional fields)"
    for action in universe(s):
        ok = accepted(s, seat, action)
        if ok and canonical(s, action) not in listed and _same_as_listed(s, seat, action, listed):
            continue
        assert ok == (canonical(s, action) in listed), (
            f"decide {'accepted' if ok else 'rejected'} {action} at step {s.step}; listed: {legal}"
        )


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
    other_step = "sell" if s.step != "sell" else "ship"
    probes.append((seat, {"type": other_step, "good": "corn"}, "action.not_now"))
    for key in action:
        if key == "type":
            continue
        if key not in _DEFAULTS and key != "piece":  # optional fields: leaving them out is legal
            missing = {k: v for k, v in action.items() if k != key}
            probes.append((seat, missing, "action.malformed"))
        for bad in _BAD_VALUES:
            probes.append((seat, {**action, key: bad}, None))
    listed = {canonical(s, a) for a in legal}
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
        assert isinstance(probe, dict), probe
        assert canonical(s, probe) in listed or _same_as_listed(s, who, probe, listed), probe
    if rehash:
        assert codec.state_hash(s) == before


# -- the games ---------------------------------------------------------------------------------


def play_checked(seed: int) -> State:
    n = players_for(seed)
    text = seed_text(seed)
    setup_facts = pr.setup(options_for(seed), n, Rng(text, "setup"))
    check_redaction(setup_facts, n)
    s = fold(pr, None, setup_facts)
    assert s.config.expansions == tuple(sorted(expansions_for(seed)))
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
                check_invariants(after)
        rare = s.step in RARE_STEPS
        if moves % UNIVERSE_EVERY == 0 or rare:
            check_universe(s, seat, legal)
        if moves % MUTATE_EVERY == 0 or rare:
            check_illegal(s, seat, action, legal, rehash=moves % REHASH_EVERY == 0)
        if moves % VIEW_EVERY == 0:
            check_views(s)
        facts = pr.decide(s, seat, action, rng)
        check_redaction(facts, n)
        s = fold(pr, s, facts)
        check_conservation(s)
        check_invariants(s)
        if s.drawn >= 0:
            check_views(s)  # a drawn tile is on the table: only its drawer sees it
        moves += 1
    assert pr.to_act(s) == frozenset()
    assert pr.legal_actions(s, 0) == []
    check_views(s)
    out = pr.outcome(s)
    assert out is not None and len(out.results) == n
    for r in out.results:
        assert r.score == sum(r.breakdown.values())
        assert ("nobles" in r.breakdown) == s.config.nobles
        assert ("cloister" in r.breakdown) == s.config.new_buildings
    assert 1 in {r.rank for r in out.results}
    assert s.end_reasons and out.termination != "finished"
    return s


@pytest.mark.parametrize("chunk", range(GAMES // CHUNK))
def test_random_expansion_games_are_legal_conserving_and_secret(chunk: int) -> None:
    combos: dict[tuple[int, tuple[str, ...]], int] = {}
    for seed in range(chunk * CHUNK, (chunk + 1) * CHUNK):
        play_checked(seed)
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
    seeds = list(range(REPLAY_GAMES))[chunk::REPLAY_CHUNKS]
    for seed in seeds:
        n = players_for(seed)
        text = seed_text(seed) + "-replay"
        options = options_for(seed)
        seats = [{"name": f"p{i}", "token_hash": f"t{i}"} for i in range(n)]
        game = Game.start("puerto-rico", options, seats, "host", text, True)
        live = fold(pr, None, pr.setup(pr.check_options(options, n), n, Rng(text, "setup")))
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
        assert record["options"]["expansions"] == sorted(options["expansions"])
        report = verify(record)
        assert report.ok, report.divergence
        assert report.actions == moves and report.final_hash == game.state_hash
        assert record["outcome"] == pr.outcome(live).to_json()  # type: ignore[union-attr]


def test_draft_pool_is_violet_base_and_new_buildings() -> None:
    assert {BUILDINGS[b].expansion for b in DRAFT_POOL} == {"base", "new_buildings"}
