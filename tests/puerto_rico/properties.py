"""The checkers behind the property tests (`test_properties.py` for the base game,
`test_properties_expansions.py` for New Buildings and Nobles): one set of expansion-aware
checks that serve a base game as the game with no expansions.

At every move: the chosen legal action is accepted; the components are conserved (goods,
colonists, nobles, VP, plantations incl. forests and a drawn tile, quarries, buildings); the
board invariants hold; only the seat to act has actions; a seat is asked only when it has
something to choose besides the step's default (`check_asked`). At a sample of positions: every listed
action is accepted; over a universe of candidate actions (values inside and outside the legal
range; with an expansion, every action type it adds) decide accepts exactly the listed ones up
to the spelling of optional fields; malformed, wrong-seat and wrong-phase actions are rejected
with IllegalAction and the state is unchanged (these two checks live in `properties_legality.py`);
the views and the redacted facts of the other seats and of spectators carry no secret (VP
totals, hidden forest kinds, a drawn tile, the pile order) while `ALL` sees everything.
`replay_checked` plays a game through the Game aggregate and verifies it from its record.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import domain.puerto_rico as pr
from domain.core import ALL, IllegalAction, Rng, fold
from domain.core.aggregate import Game
from domain.core.record import record_from_events, verify
from domain.puerto_rico.components import (
    BOX_COLONISTS,
    BOX_NOBLES,
    BUILDINGS,
    CIRCLES,
    DRAFT_POOL,
    DRAFT_SLOTS,
    GOODS,
    SETUPS,
    SIZE,
    TILE_KINDS,
    building_copies,
)
from domain.puerto_rico.phases.captain import why_not_supply
from domain.puerto_rico.phases.storage import warehouse_slots
from domain.puerto_rico.state import PLAYER_STEPS, State

from .properties_legality import check_illegal, check_universe

SETS: tuple[tuple[str, ...], ...] = ((), ("new_buildings",), ("nobles",), ("new_buildings", "nobles"))


@dataclass(frozen=True)
class Profile:
    """Which games a property test plays and how often it samples the expensive checks."""

    name: str  # the seed text prefix
    expansions_for: Callable[[int], tuple[str, ...]]
    move_bound: int
    all_actions_every: int  # check every listed action at every n-th position
    universe_every: int  # exhaustive accept-iff-listed check at every n-th position
    mutate_every: int  # illegal-action samples at every n-th position
    view_every: int
    rehash_every: int
    invariants_after_all: bool  # also check the invariants after every listed action

    def seed_text(self, seed: int) -> str:
        return f"{self.name}-{seed}"

    def options(self, seed: int) -> dict[str, Any]:
        expansions = self.expansions_for(seed)
        return {"expansions": list(expansions)} if expansions else {}


def players_for(seed: int) -> int:
    return 2 + seed % 4


# steps that random games reach rarely: checked every time they come up
RARE_STEPS = frozenset({"place_drawn_tile", "library_settle", "small_wharf", "villa"})


# -- who is asked -------------------------------------------------------------------------------

DEFAULTS = frozenset({"pass", "done", "end_turn"})  # what a step does by itself for a seat (§0.3)


def check_asked(s: State, seat: int, legal: list[dict[str, Any]]) -> None:
    """"Has options" is any() over the choices: a seat with nothing but the step's default is
    passed through by the engine, except in the two cases rules version 2 keeps
    (docs/puerto-rico.md, "Compatibility"): an open royal supplier with no kind left to send, and
    a free warehouse no kind left may go into. (The small wharf's `done` ships what is loaded:
    a move, not a default.)"""
    if s.step == "small_wharf" or any(a["type"] not in DEFAULTS for a in legal):
        return
    pl = s.players[seat]
    if s.step == "ship":
        assert why_not_supply(s, seat, pl, None) is None, legal
    elif s.step == "store":
        assert warehouse_slots(pl) > len(s.warehoused), legal
    else:
        raise AssertionError(f"seat {seat} is asked at {s.step} with nothing to choose: {legal}")


# -- conservation and invariants ---------------------------------------------------------------


COPIES = {n: [building_copies(b, n) for b in BUILDINGS] for n in SETUPS}
# copies per kind before the draft: production always, Nobles with Nobles, base violet without
# New Buildings (with it the drafted violet kinds are added by check_conservation); a base game
# has the base kinds only
EXPECTED = {
    (n, e): [
        COPIES[n][i] if (b.production and b.expansion == "base") or (b.expansion == "nobles" and "nobles" in e)
        or (b.expansion == "base" and "new_buildings" not in e) else 0
        for i, b in enumerate(BUILDINGS)
        if e or b.expansion == "base"
    ]
    for n in SETUPS
    for e in SETS
}


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
    if c.new_buildings:
        for g in range(5):
            goods[g] += s.cargo[g]  # on a small wharf being loaded
    assert tuple(goods) == spec.goods
    # colonists and nobles (§6.3: all 100 colonists and 20 nobles with Nobles)
    on_boards = sum(pl.nobles for pl in s.players)
    colonists = s.colonist_supply + s.colonist_ship + sum(pl.workers for pl in s.players) - on_boards
    nobles = s.noble_supply + s.noble_ship + on_boards
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
        if c.new_buildings:
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
    assert totals == expected


def check_invariants(s: State) -> None:
    forests = s.config.new_buildings
    for pl in s.players:
        assert pl.doubloons >= 0 and pl.vp >= 0 and pl.windrose >= 0
        assert min(pl.goods) >= 0
        if forests:
            assert min(pl.forests) >= 0 and min(pl.hidden_forests) >= 0
        assert all(0 <= m <= t for m, t in zip(pl.manned, pl.island, strict=True))
        if any(pl.manned_nobles):
            assert all(0 <= m <= t for m, t in zip(pl.manned_nobles, pl.manned, strict=True))
        if any(pl.building_nobles):
            assert all(0 <= n <= max(0, w) for n, w in zip(pl.building_nobles, pl.buildings, strict=True))
        assert 0 <= pl.windrose_nobles <= pl.windrose
        assert (pl.tiles if forests else sum(pl.island)) <= 12
        assert all(w <= CIRCLES[b] for b, w in enumerate(pl.buildings))  # statue: 0 circles
        assert sum(SIZE[b] for b, w in enumerate(pl.buildings) if w >= 0) <= 12
    kinds = [g for g, load in zip(s.ship_good, s.ship_load, strict=True) if load]
    assert len(kinds) == len(set(kinds))
    assert all(0 <= load <= cap for load, cap in zip(s.ship_load, s.ship_capacity, strict=True))
    assert all((g < 0) == (load == 0) for g, load in zip(s.ship_good, s.ship_load, strict=True))
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



# -- the games ---------------------------------------------------------------------------------


def play_checked(profile: Profile, seed: int) -> State:
    n = players_for(seed)
    text = profile.seed_text(seed)
    setup_facts = pr.setup(profile.options(seed), n, Rng(text, "setup"))
    check_redaction(setup_facts, n)
    s = fold(pr, None, setup_facts)
    assert s.config.expansions == tuple(sorted(profile.expansions_for(seed)))
    rng = Rng(text, "play")
    moves = 0
    check_conservation(s)
    while not s.over:
        assert moves < profile.move_bound, f"seed {seed}: no end after {profile.move_bound} moves"
        seat = s.turn
        assert pr.to_act(s) == frozenset({seat})
        assert all(pr.legal_actions(s, other) == [] for other in range(n) if other != seat)
        legal = pr.legal_actions(s, seat)
        assert legal, f"seed {seed}: no legal action at step {s.step}"
        check_asked(s, seat, legal)
        action = pr.BOTS["random"](s, seat, rng)
        if moves % profile.all_actions_every == 0:
            for other in legal:
                after = fold(pr, s, pr.decide(s, seat, other, Rng(text, f"all:{moves}")))
                check_conservation(after)
                if profile.invariants_after_all:
                    check_invariants(after)
        rare = s.step in RARE_STEPS
        if moves % profile.universe_every == 0 or rare:
            check_universe(s, seat, legal)
        if moves % profile.mutate_every == 0 or rare:
            check_illegal(s, seat, action, legal, rehash=moves % profile.rehash_every == 0)
        if moves % profile.view_every == 0:
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
    assert {r.seat for r in out.results} == set(range(n))
    for r in out.results:
        assert r.score == sum(r.breakdown.values())
        assert 1 <= r.rank <= n
        assert ("nobles" in r.breakdown) == s.config.nobles
        assert ("cloister" in r.breakdown) == s.config.new_buildings
    assert 1 in {r.rank for r in out.results}
    assert s.end_reasons and out.termination != "finished"
    try:
        pr.decide(s, 0, {"type": "pass"}, rng)
    except IllegalAction as exc:
        assert exc.code == "game.over"
    else:  # pragma: no cover
        raise AssertionError("a finished game accepted a move")
    return s


def replay_checked(profile: Profile, seed: int, text: str) -> None:
    """Play `seed` with the random bot through the Game aggregate, step by step alongside the
    pure engine, and verify the game from its record."""
    n = players_for(seed)
    options = profile.options(seed)
    seats = [{"name": f"p{i}", "token_hash": f"t{i}"} for i in range(n)]
    game = Game.start("puerto-rico", options, seats, "host", text, True)
    live = fold(pr, None, pr.setup(pr.check_options(options, n), n, Rng(text, "setup")))
    assert game.hash(live) == game.state_hash
    pick = Rng(text, "pick")
    moves = 0
    while game.to_act():
        seat = min(game.to_act())
        action = pr.BOTS["random"](game.state, seat, pick)
        version = game.version + 1
        game.take_action(seat, action)
        live = fold(pr, live, pr.decide(live, seat, action, Rng(text, f"event:{version}")))
        assert game.hash(live) == game.state_hash, f"seed {seed}, move {moves}"
        moves += 1
    assert game.outcome() is not None
    record = record_from_events(str(game.id), game.collect_events())
    if options:
        assert record["options"]["expansions"] == sorted(options["expansions"])
    report = verify(record)
    assert report.ok, report.divergence
    assert report.actions == moves and report.final_hash == game.state_hash
    assert record["outcome"] == pr.outcome(live).to_json()  # type: ignore[union-attr]
