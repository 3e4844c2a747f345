"""Property tests over 2,000 seeded games (seeds 0..1999, 2-5 players).

For every game: it ends with an outcome within MOVE_BOUND moves; every move is accepted and its
facts balance (money, ships, workers, buildings, colonies, privileges are conserved, every Cr
that moves is accounted for by a fact). At sampled positions: every listed action is accepted,
a batch of unlisted and malformed actions is rejected with IllegalAction leaving the state
unchanged, nobody but ALL sees a face-down colony tile in any view or redacted fact. Every 10th
game is also played through the `Game` aggregate and its record re-verified move by move.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

import domain.navegador as nav
from domain.core import ALL, IllegalAction, Rng, codec, fold
from domain.core.aggregate import Game
from domain.navegador.components import C
from domain.navegador.state import State

from .. import jsontext
from ..replaying import assert_record_verifies
from .playout import MOVE_BOUND, Policy, options_for, seats_for

GAMES = 2000
CHUNK = 50
SAMPLE_EVERY = 67  # moves between full legality / leak checks
ALL_TILES = sorted(C.tile_price)


# -- invariants ----------------------------------------------------------------------------------


SHIPS, WORKERS = C.ships_per_player, range(C.workers_min, C.workers_max + 1)
MOVES_PIECES = frozenset({"ColonyFounded", "RegionExplored", "BuildingBuilt", "PrivilegeTaken",
                          "PhaseStarted", "GameSetUp", "ColoniesDealt"})


def check_players(state: State) -> None:
    """Ships and workers of every player are conserved (cheap: checked after every move)."""
    for p in state.players:
        assert sum(p.ships) + p.supply == SHIPS and min(p.ships) >= 0 and p.supply >= 0
        assert p.workers in WORKERS and p.money >= 0


def check_conservation(state: State) -> None:
    """Everything on the board is somewhere, exactly once."""
    check_players(state)
    n = state.seats
    for p in state.players:
        assert all(0 <= k <= C.max_privileges_per_kind for k in p.privileges)
    for i, kind in enumerate(C.kinds):  # privileges
        owned = sum(p.privileges[i] for p in state.players)
        assert state.gallery[i] >= 0 and state.privilege_supply[i] >= 0
        assert state.gallery[i] + state.privilege_supply[i] + owned == C.privilege_count[kind]
    for i, line in enumerate(C.buildings):  # buildings
        assert 0 <= state.next_cell[i] <= state.on_board[i] == C.on_board[line][n]
    for g, good in enumerate(C.goods):
        assert sum(p.factories[g] for p in state.players) == state.next_cell[C.buildings.index(f"factory_{good}")]
    assert sum(p.shipyards for p in state.players) == n + state.next_cell[C.buildings.index("shipyard")]
    assert sum(p.churches for p in state.players) == n + state.next_cell[C.buildings.index("church")]
    tiles = [t for stack in state.stacks for t in stack] + list(state.removed_tiles)
    tiles += [t for p in state.players for t in p.colonies]
    assert sorted(tiles) == ALL_TILES  # colonies: every tile in exactly one place
    discs = [r for p in state.players for r in p.explorers]
    assert len(discs) == len(set(discs)) and set(discs) == state.explored - {"portugal"}
    for i, region in enumerate(C.regions):  # ships stand only in explored regions
        if region not in state.explored:
            assert all(p.ships[i] == 0 for p in state.players)
    assert all(C.top_row <= row <= C.bottom_row for row in state.market)
    assert 1 <= state.phase <= 3


MONEY_FACTS = frozenset({"WorkersHired", "ShipsBuilt", "ColonyFounded", "BuildingBuilt", "GoodsSold",
                         "GoodsProcessed", "PrivilegeTaken", "RegionExplored"})


def money_flows(state: State, facts: list[dict[str, Any]]) -> dict[int, int]:
    """Every Cr paid or received, recomputed from the component data and the state before.

    One command moves money at most once, so each money fact is checked against `state`.
    """
    money = [f for f in facts if f["t"] in MONEY_FACTS]
    assert len(money) <= 1, [f["t"] for f in money]
    delta: Counter[int] = Counter()
    for f in money:
        t, seat = f["t"], f["seat"]
        if t in ("WorkersHired", "ShipsBuilt"):
            delta[seat] += f["received"] - f["paid"]
            assert f["received"] == C.virtual_unit_sale_price * f["virtual"]
            assert f["real"] + f["virtual"] == f["count"]
        elif t == "ColonyFounded":
            assert f["price"] == C.tile_price[f["tile"]]
            delta[seat] -= f["price"]
        elif t == "BuildingBuilt":
            assert f["cell"] == state.next_cell[C.buildings.index(f["building"])]
            assert f["price"] == C.cells[f["building"]][f["cell"]]
            delta[seat] -= f["price"]
        elif t == "GoodsSold":
            row = state.market[C.goods.index(f["good"])]
            assert f["row_before"] == row and f["unit_price"] == C.price[f["good"]][row]
            delta[seat] += f["count"] * f["unit_price"]
        elif t == "GoodsProcessed":
            row = state.market[C.goods.index(f["good"])]
            assert f["row_before"] == row and f["unit_income"] == C.factory_income[row]
            delta[seat] += f["count"] * f["unit_income"]
        elif t == "PrivilegeTaken":
            kind = f["kind"]
            items = state.players[seat].items(kind)
            assert f["bonus"] == C.privilege_cells_cr[kind][f["cell"]] * items
            delta[seat] += f["bonus"]
        elif t == "RegionExplored":
            tiles = f["tiles_revealed"]
            assert f["bonus"] == (min(C.tile_price[x] for x in tiles) if tiles else 0)
            delta[seat] += f["bonus"]
    return delta


def hidden_tiles(state: State) -> set[str]:
    hidden = set(state.removed_tiles)
    for i, region in enumerate(C.regions):
        if region not in state.explored:
            hidden.update(state.stacks[i])
    return hidden


def leaked(hidden: set[str], shown: Any) -> set[str]:
    """The hidden tile ids that appear anywhere in `shown` (as JSON strings)."""
    text = jsontext.dumps(shown)
    return {t for t in hidden if f'"{t}"' in text}


def check_no_leak(state: State, facts: list[dict[str, Any]], viewers: list[int | None]) -> None:
    """No redacted fact shows a face-down tile; every seat sees the log as a spectator does."""
    hidden = hidden_tiles(state)
    for f in facts:
        shown = nav.redact(f, None)
        assert shown is None or not leaked(hidden, shown), f["t"]
        assert all(nav.redact(f, viewer) == shown for viewer in viewers)


def check_views(state: State, seat: int) -> None:
    hidden = hidden_tiles(state)
    public = nav.view(state, None)
    assert jsontext.round_trips(public)  # JSON-native
    assert not leaked(hidden, public)
    assert nav.view(state, seat) == public  # no seat has secrets of its own
    assert leaked(hidden, nav.view(state, ALL)) == hidden  # the host sees everything


def illegal_candidates(state: State, seat: int, rng: Rng) -> list[Any]:
    r = C.regions
    pick = lambda xs: xs[rng.below(len(xs))]  # noqa: E731
    out: list[Any] = [
        None, [], "done", 5, {}, {"type": 5}, {"type": "fly"}, {"type": "done", "x": 1},
        {"type": "use_navegador"}, {"type": "done"},
        {"type": "move_rondel", "space": pick(C.spaces), "pay_ships": {}},
        {"type": "move_rondel", "space": pick(C.spaces), "pay_ships": {pick(r): 1}},
        {"type": "move_rondel", "space": "harbour", "pay_ships": {}},
        {"type": "move_rondel", "space": pick(C.spaces), "pay_ships": {"portugal": 0}},
        {"type": "move_rondel", "space": pick(C.spaces), "pay_ships": []},
        {"type": "move_rondel", "space": pick(C.spaces)},
        {"type": "hire_workers", "count": rng.below(11)}, {"type": "hire_workers", "count": True},
        {"type": "hire_workers", "count": "2"}, {"type": "build_ships", "count": 10**40},
        {"type": "build_ships", "count": -3}, {"type": "build_ships", "count": 1.0},
        {"type": "move_ships", "from": pick(r), "to": pick(r), "count": 1 + rng.below(3)},
        {"type": "move_ships", "from": "atlantis", "to": pick(r), "count": 1},
        {"type": "explore", "to": pick(r), "sources": [{"from": pick(r), "count": 2 + rng.below(2)}]},
        {"type": "explore", "to": pick(r), "sources": [{"from": "guine", "count": 1},
                                                       {"from": "portugal", "count": 1}]},
        {"type": "explore", "to": pick(r), "sources": [{"from": "guine", "count": 1},
                                                       {"from": "guine", "count": 1}]},
        {"type": "explore", "to": pick(r), "sources": "guine"},
        {"type": "explore", "to": pick(r), "sources": [{"from": "guine"}]},
        {"type": "found_colony", "region": pick(r)}, {"type": "found_colony", "region": None},
        {"type": "build", "building": pick(C.buildings)}, {"type": "build", "building": "palace"},
        {"type": "sell", "good": pick(C.goods), "count": 1 + rng.below(4)},
        {"type": "process", "good": pick(C.goods), "count": 1 + rng.below(4)},
        {"type": "sell", "good": "tea", "count": 1}, {"type": "process", "good": "gold", "count": 0},
        {"type": "take_privilege", "kind": pick(C.kinds)}, {"type": "take_privilege", "kind": "kings"},
        {"type": "place_kings_privilege", "kind": pick(C.kinds)},
    ]
    for a in nav.legal_actions(state, seat)[:6]:  # near misses of legal actions
        if "count" in a:
            out.append({**a, "count": a["count"] + 1})
        if "sources" in a and len(a["sources"]) > 1:
            out.append({**a, "sources": list(reversed(a["sources"]))})
        if "pay_ships" in a:
            out.append({**a, "pay_ships": {**a["pay_ships"], "nagasaki": 1}})
    return out


def check_agreement(state: State, seat: int, rng: Rng) -> None:
    legal = nav.legal_actions(state, seat)
    assert legal, "the seat to act always has something to do"
    fingerprint = hash(state)
    for action in legal:  # every listed action is accepted
        nav.decide(state, seat, action, rng)
    for action in illegal_candidates(state, seat, rng):
        if isinstance(action, dict) and action in legal:
            continue
        with pytest.raises(IllegalAction) as err:
            nav.decide(state, seat, action, rng)
        assert err.value.code and err.value.message.endswith(".")
    for other in range(state.seats):  # nobody else may act
        if other not in nav.to_act(state):
            assert nav.legal_actions(state, other) == []
            with pytest.raises(IllegalAction) as err:
                nav.decide(state, other, {"type": "done"}, rng)
            assert err.value.code == "turn.not_yours"
    assert hash(state) == fingerprint  # decide changed nothing


def check_outcome(state: State, facts: list[dict[str, Any]]) -> None:
    result = nav.outcome(state)
    assert result is not None and result.termination in ("nagasaki_explored", "buildings_sold_out")
    assert sorted(r.rank for r in result.results) == list(range(1, state.seats + 1))
    scored = next(f for f in facts if f["t"] == "GameScored")
    assert scored["scores"] == [r.score for r in result.results]
    for r in result.results:
        b = r.breakdown
        assert r.score == b["workers"] + b["ships"] + b["money"] + sum(b[k] for k in C.kinds)
    ordered = sorted(result.results, key=lambda r: r.rank)
    assert all(a.score >= b.score for a, b in zip(ordered, ordered[1:], strict=False))
    assert all(p.kings is not None for p in state.players)
    assert nav.to_act(state) == frozenset() and nav.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction) as err:
        nav.decide(state, 0, {"type": "done"}, None)
    assert err.value.code == "game.over"
    json.dumps(result.to_json())


def check_plain_data(state: State) -> None:
    """State is plain data: no lists, no floats, and the codec round-trips it."""

    def walk(value: Any) -> None:
        assert not isinstance(value, float | list | set | bytearray), type(value)
        if isinstance(value, tuple | frozenset):
            for v in value:
                walk(v)
        elif isinstance(value, dict):
            assert all(isinstance(k, str | int) for k in value)
            for v in value.values():
                walk(v)
        elif hasattr(value, "__dataclass_fields__"):
            assert type(value).__dataclass_params__.frozen  # type: ignore[attr-defined]
            for name in value.__dataclass_fields__:
                walk(getattr(value, name))

    walk(state)
    assert codec.loads(codec.dumps(state)) == state


# -- one game ------------------------------------------------------------------------------------


def play_game(seed: int) -> tuple[State, int]:
    seats = seats_for(seed)
    facts = nav.setup(nav.check_options(options_for(seed), seats), seats, Rng(str(seed), "setup"))
    state = fold(nav, None, facts)
    check_conservation(state)
    check_no_leak(state, facts, [None, *range(seats)])
    assert nav.redact(facts[2], ALL) == facts[2]
    policy = Policy(seed)
    probe = Rng(str(seed), "probe")
    moves = 0
    every: list[dict[str, Any]] = list(facts)
    while nav.outcome(state) is None:
        assert moves < MOVE_BOUND, f"seed {seed}: no end after {moves} moves"
        seat = policy.seat(state)
        legal = nav.legal_actions(state, seat)
        sample = moves % SAMPLE_EVERY == 0
        if sample:
            check_agreement(state, seat, probe)
            check_views(state, moves % seats)
            check_plain_data(state)
        action = policy.action(state, seat, legal)
        assert action in legal
        facts = nav.decide(state, seat, action, probe)
        assert facts and all(isinstance(f["t"], str) for f in facts)
        fingerprint = hash(state) if sample else 0
        after = fold(nav, state, facts)
        assert not sample or hash(state) == fingerprint  # evolve never mutates its input
        flows = money_flows(state, facts)
        for s in range(seats):
            assert after.players[s].money == state.players[s].money + flows[s]
        if moves % SAMPLE_EVERY == 0 or any(f["t"] in MOVES_PIECES for f in facts):
            check_conservation(after)
        else:
            check_players(after)
        check_no_leak(after, facts, [None, moves % seats])
        state = after
        every += facts
        moves += 1
    check_outcome(state, every)
    check_plain_data(state)
    return state, moves


def replay_game(seed: int) -> None:
    """The same game through the aggregate; its record verifies with the live hash at every move."""
    seats = seats_for(seed)
    people = [{"name": f"p{s}", "token_hash": f"t{s}"} for s in range(seats)]
    game = Game.start("navegador", options_for(seed), people, "host", f"replay-{seed}", client_seeded=True)
    policy = Policy(seed)
    live: list[str] = []
    while game.outcome() is None:
        seat = policy.seat(game.state)
        action = policy.action(game.state, seat, nav.legal_actions(game.state, seat))
        game.take_action(seat, action)
        live.append(game.hash(game.state))
    record = assert_record_verifies(game, live)
    assert record["outcome"] == game.outcome().to_json()


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_games(first: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(first, first + CHUNK):
        state, _ = play_game(seed)
        seen[state.end_trigger or ""] += 1
        seen[f"phase {state.phase}"] += 1
        seen[f"{state.seats} players"] += 1
        seen[state.kings_mode] += 1
        if seed % 10 == 0:
            replay_game(seed)
    # every chunk covers both endings, phase 3, every player count and both king's modes
    assert seen["nagasaki"] and seen["buildings"] and seen["phase 3"], seen
    assert all(seen[f"{n} players"] for n in range(2, 6)) and seen["manual"] and seen["auto"]
