"""Property tests over 2,000 seeded games (seeds 0..1999: 1-4 players; the colony draft, random
colonies, the advanced setup, shared blue dice, open scores).

Every game ends with an outcome; every move is listed and accepted; dice, goods, coins, monks,
tiles, ships and road tiles are conserved after every move (coins: every change is a fact's).
At sampled positions: every listed action is accepted, unlisted and malformed actions are refused
with the state unchanged, and over the whole finite domain of the step (every tile, cell, die x
value x adjust x line, pass space, payment, place ...) decide accepts exactly what is listed; nobody else may act, no view or redacted fact shows a face-down tile,
an undrawn ship or scholar, or another seat's VP. Every 40th game is replayed through the `Game`
aggregate and its record verified move by move.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import pytest

import domain.santa_maria as sm
from domain.core import ALL, IllegalAction, Rng, codec
from domain.santa_maria import ambassadors as ambassador_dice
from domain.santa_maria import governor, scoring, specialists
from domain.santa_maria.components import C
from domain.santa_maria.goods import payments as goods_payments
from domain.santa_maria.maya.data import M
from domain.santa_maria.state import Phase, State, index

from .. import jsontext
from .playout import Checks, on_after, options_for, play, replay, seats_for

GAMES = 2000
CHUNK = 100
SAMPLE_EVERY = 15
EXACT_EVERY = 70
REPLAY_EVERY = 40
TILES = sorted((*C.doubles, *C.triples))
SHIPS = sorted((*C.starting_ships, *C.regular_ships))
KINGDOM_TILES = sorted((*TILES, *C.specials))
KINGDOM_SHIPS = sorted((*SHIPS, *C.special_ships))


def check_conservation(state: State) -> None:
    """The one conservation check, for the base game and every part of American Kingdoms: dice
    (module C: a white pool of 2 per player, the blue ambassador die out of the supply, each
    ambassador die on its token or its taker's colony), goods, coins, monks, tiles and ships (the
    core's special tiles, ships and dock), road tiles, cocoa within its tokens (core), one governor
    per colony (module A), the 18 specialists (module B) and the Maya city (module D: its dice,
    cards, temple tiles, storage tokens, high priests, buildings, roads and gold vault)."""
    n = state.seats
    modules = state.modules or ()
    occupants = [(seat, o) for seat, p in enumerate(state.players) for o in p.occupant if o and o != governor.GOVERNOR]
    if state.pending is not None:  # a die in use while its line waits for a decision (modules A/B: in a die_line task)
        occupants += [(state.current, t[1]) for t in state.pending.agenda if t[0] == "place_die"]
        occupants += [(state.current, t[3]) for t in state.pending.agenda if t[0] == "die_line"]
    maya = state.maya
    if maya is not None:  # module D: dice in the city, and the die moving through it
        occupants += [(maya.seat, o) for o in maya.occupant if o and o != "priest"]
        if maya.die is not None and not maya.die.placed and not maya.die.simulated:
            occupants.append((maya.seat, maya.die.code))
    codes = [o for _, o in occupants]
    ambassadors = "C" in modules
    white = ambassador_dice.white_per_player(modules)
    assert len(state.white_pool) + sum(1 for o in codes if o[0] == "w") == white * n
    supply = min(C.blue_per_player * n, C.blue_in_box) - (1 if ambassadors else 0)  # §8.4: the blue ambassador die
    assert state.blue_supply + state.blue_made == supply and state.blue_supply >= 0
    if state.shared_blue_dice:
        assert len(state.blue_pool) + sum(1 for o in codes if o[0] == "p") == state.blue_made
        assert all(not p.blue for p in state.players)
    else:
        assert sum(len(p.blue) for p in state.players) == state.blue_made
        placed = {o for o in codes if o[0] == "b"}
        used = {b.id for p in state.players for b in p.blue if b.used}
        assert placed == used
    if ambassadors:  # §8.4
        # personal blue dice: the 1st and 2nd only; the Maya's starting one and 2 more (§8.6.4, A-46)
        assert all(len(p.blue) <= (3 if maya is not None and s == maya.seat else 2) for s, p in enumerate(state.players))
        assert state.ambassadors is not None and not state.blue_pool
        for colour, (face, taker) in zip(ambassador_dice.COLOURS, state.ambassadors, strict=True):
            assert 1 <= face <= 6
            where = [seat for seat, o in occupants if o[:2] == f"a{colour[0]}"]
            assert where == ([] if taker is None else [taker]), (colour, taker, where)
    vault = maya.vault if maya is not None else 0  # module D: gold in the vault is out of the supply
    for i, good in enumerate(C.resources):
        assert all(0 <= p.goods[i] <= C.storage for p in state.players)
        assert sum(p.goods[i] for p in state.players) + (vault if good == "gold" else 0) <= 12, good
    for seat, p in enumerate(state.players):
        assert p.coins >= 0
        monks = 0 if maya is not None and seat == maya.seat else C.monks  # the Maya places no monks (§8.6.4)
        assert p.monks + sum(1 for place in state.monk_places if seat in place) == monks
        assert 0 <= p.religion <= C.religion_end and 0 <= p.conquistador <= C.conquistador_end
    placed_tiles = [t[0] for p in state.players for t in p.tiles]
    tiles = [*state.display, *state.stacks[0], *state.stacks[1], *(state.special_stack or ()), *state.removed_tiles,
             *(t for t in placed_tiles if t in C.tiles and C.tiles[t].kind in ("double", "triple", "special"))]
    assert sorted(tiles) == (KINGDOM_TILES if state.expansion else TILES)
    assert state.road_stack + placed_tiles.count(C.road_tile) == C.road_tiles
    ships = [*state.ship_deck, *(state.special_ships or ()), *(t for t in (*state.board_docks, state.special_dock) if t),
             *(t for p in state.players for d in p.docks for t in d)]
    assert sorted(ships) == (KINGDOM_SHIPS if state.expansion else SHIPS)
    for place in state.monk_places:
        assert len(place) == len(set(place))
    if state.expansion:  # the core (§8.1): cocoa within its tokens, the expansion's monk places
        for p in state.players:
            tokens = p.cocoa_tokens or 0
            assert 0 <= (p.cocoa or 0) <= tokens and tokens in (0, 1, 2)
        assert len(state.monk_places) == len(C.kingdom_places) and len(state.scholars) in (0, 4)
    if governor.in_play(state) and state.phase is Phase.PLAY:  # module A: one governor in every colony, none for the Maya
        assert all(p.occupant.count(governor.GOVERNOR) == (0 if maya is not None and s == maya.seat else 1)
                   for s, p in enumerate(state.players))
    if specialists.in_play(state):  # module B: the 18 specialists are all somewhere
        hired = [sid for p in state.players for sid in p.specialists or ()]
        improvements = [i[0] for p in state.players for i in p.improvements or ()]
        where = [*(state.specialist_stack or ()), *(sid for sid in state.specialist_row or () if sid),
                 *(state.specialists_boxed or ()), *hired, *improvements]
        assert sorted(where) == sorted(specialists.TILES)
        for p in state.players:
            assert all(specialists.SPECIALISTS[sid].kind != "improvement" for sid in p.specialists or ())
            assert all(specialists.hired(p, k) <= 3 for k in specialists.PRODUCTION)
            for sid, r, c in p.improvements or ():
                covered_later = [i for i in p.improvements or () if (i[1], i[2]) == (r, c)][-1][0] != sid
                assert covered_later or p.grid[index(r, c)] == specialists.SPECIALISTS[sid].code
    if maya is not None:
        check_maya(state)


def check_maya(state: State) -> None:
    """Module D (§8.6): the Maya's cards, temple tiles, storage tokens, high priests, building and
    road tiles are all somewhere; it holds no goods, no cocoa token and no monk."""
    maya = state.maya
    assert maya is not None
    agenda = state.pending.agenda if state.pending is not None else ()
    cards = [*maya.hand, *maya.deck, *(c for c, _ in maya.tucked), *(t[1] for t in agenda if t[0] == "maya_tuck")]
    assert sorted(cards) == sorted(M.card_ids)
    assert set(maya.known_bottom) <= set(maya.deck)
    assert sum(maya.levels) + sum(1 for t in maya.tops if t) + len(maya.medium) + len(maya.small) == 15
    assert all(t is None for lv, t in zip(maya.levels, maya.tops, strict=True) if lv == 3)
    assert sum(maya.owned) + sum(maya.reserve) == 10
    assert all(0 <= f <= o for f, o in zip(maya.full, maya.owned, strict=True))
    assert maya.priests + maya.priest_supply + maya.priests_used + maya.occupant.count("priest") == M.high_priests
    assert maya.wooden + maya.built.count("wooden") == 6 and maya.straw + maya.built.count("straw") == 6
    assert maya.road_tiles + len(maya.roads) == M.road_tiles
    assert maya.vault >= 0
    me = state.players[maya.seat]
    assert all(g == 0 for g in me.goods) and not me.cocoa_tokens and not me.board
    assert not me.specialists and not me.improvements  # the Maya never hires (module B)


COIN_FACTS = {"CoinsGained": 1, "OverflowConverted": 1, "GoodSold": 1, "FinalGoodsSold": 1, "CoinsPaid": -1,
              "GoodBought": -1, "BuildingActivatedWithCoins": -1}


def coin_flows(facts: list[dict[str, Any]], seats: int) -> Counter[int]:
    delta: Counter[int] = Counter()
    for f in facts:
        t = f["t"]
        if t in COIN_FACTS:
            delta[f["seat"]] += COIN_FACTS[t] * f["coins"]
        elif t == "GoodsPaid":
            delta[f["seat"]] -= f["goods"].get("coins", 0)
        elif t == "DieValueChanged":
            delta[f["seat"]] -= f["paid"]
        elif t == "CoinsTransferred":
            delta[f["from"]] -= f["coins"]
            delta[f["to"]] += f["coins"]
    return delta


def hidden_ids(state: State) -> set[str]:
    """Everything face down: the base game's, the core's special stacks, module B's specialist stack."""
    return {*state.ship_deck, *state.stacks[0], *state.stacks[1], *state.boxed, *(state.special_stack or ()),
            *(state.special_ships or ()), *(state.specialist_stack or ())}


_ID = re.compile(r'"([A-Z][A-Za-z0-9_]+)"')  # TH_cocoa too


def leaked(hidden: set[str], shown: Any) -> set[str]:
    """The hidden ids (tiles, ships, scholars, bishops) that appear as strings in `shown`."""
    return leaked_in(hidden, jsontext.dumps(shown))


def leaked_in(hidden: set[str], text: str) -> set[str]:
    """`leaked` over the JSON text of what is shown (`jsontext.dumps`), when a check has it already."""
    return hidden & set(_ID.findall(text))


def plain_json(shown: Any) -> str:
    """Asserts `jsontext.round_trips(shown)` (plain JSON data) and returns the JSON text it read."""
    text = jsontext.dumps(shown)
    assert jsontext.loads(text) == shown
    return text


VP_FACTS = ("VPGained", "ReligionOverflowScored", "BishopConquestScored", "ColonistsScored")


def check_no_leak(state: State, facts: list[dict[str, Any]], viewers: list[int | None]) -> None:
    hidden = hidden_ids(state)
    for f in facts:
        for viewer in viewers:
            shown = sm.redact(f, viewer)
            assert shown is not None and not leaked(hidden, shown), f["t"]
            if state.open_scores or state.phase is Phase.OVER:
                continue
            if f["t"] in VP_FACTS and f["seat"] != viewer:  # VP face down (§9.2), the modules' too
                assert shown["vp"] is None
            if f["t"] == "ConquistadorScored":
                assert all(vp is None for s, vp in shown["awards"] if s != viewer)


def check_views(state: State) -> None:
    hidden = hidden_ids(state)
    for viewer in [None, *range(state.seats)]:
        shown = sm.view(state, viewer)
        assert not leaked_in(hidden, plain_json(shown))  # plain JSON data, and nothing hidden in it
        if not state.open_scores and state.phase is not Phase.OVER:
            assert all(p["vp"] is None for p in shown["players"] if p["seat"] != viewer)
    assert leaked(hidden, sm.view(state, ALL)) == hidden


def illegal_candidates(state: State, seat: int, rng: Rng) -> list[Any]:
    pick = lambda xs: xs[rng.below(len(xs))]  # noqa: E731
    cell = [1 + rng.below(6), 1 + rng.below(6)]
    out: list[Any] = [
        None, [], "pass", 5, {}, {"type": 5}, {"type": "fly"}, {"type": "pass"}, {"type": "pass", "space": 0},
        {"type": "pass", "space": 1 + rng.below(5)}, {"type": "pass", "space": "1"}, {"type": "pass", "space": 6},
        {"type": "expand", "tile": pick(TILES)}, {"type": "expand", "tile": "X1"},
        {"type": "place_tile", "anchor": cell, "rotation": pick([0, 90, 180, 270])},
        {"type": "place_tile", "anchor": cell, "rotation": 45}, {"type": "expand_cancel"},
        {"type": "expand_pay", "pay": {"wood": 2}}, {"type": "expand_pay", "pay": {"wood": 0}},
        {"type": "activate_building", "cell": cell}, {"type": "activate_building", "cell": [0, 7]},
        {"type": "use_die", "die": {"kind": "white", "face": 1 + rng.below(6)}, "value": 1 + rng.below(6),
         "adjust": pick(["none", "coins"]), "line": pick(["row", "column"])},
        {"type": "use_die", "die": {"kind": "blue", "id": "b1"}, "value": 3, "adjust": "none", "line": "row"},
        {"type": "use_die", "die": {"kind": "pool_blue", "face": 2}, "value": 2, "adjust": "none", "line": "row"},
        {"type": "use_die", "die": {"kind": "white", "face": 7}, "value": 2, "adjust": "none", "line": "row"},
        {"type": "use_die", "die": {"kind": "white", "face": 2}, "value": 2, "adjust": "cocoa", "line": "column"},
        {"type": "sell", "good": pick(C.resources)}, {"type": "sell", "good": "cocoa"}, {"type": "buy", "good": "sugar"},
        {"type": "buy", "good": pick(C.resources)}, {"type": "trade", "option": 0, "pay": {"wood": 1}},
        {"type": "trade", "option": 3, "pay": {"gem": 1}}, {"type": "trade", "option": None, "pay": {"gem": 1}},
        {"type": "ship", "source": pick(C.docks), "pay": {"wood": 1, "grain": 1}}, {"type": "ship", "source": "special"},
        {"type": "religion_extra", "pay": pick(["grain", "gold", "coins"])}, {"type": "religion_extra", "pay": "wood"},
        {"type": "place_monk", "place": pick(C.monk_places)}, {"type": "place_monk", "place": "scholar_4"},
        {"type": "conquistador_extra", "pay": "coins"}, {"type": "road_tile", "cell": cell},
        {"type": "choose_colony", "board": "colony_1"}, {"type": "choose_set", "set": "S1"},
        {"type": "place_town_hall", "anchor": cell, "rotation": 0},
    ]
    return out


# every payment of a ship, a tile (with and without Architecture) as (good, units) items (a set's order)
PAYS = tuple({tuple(sorted(p.items())) for cost in [*C.ship_cost.values(), {"wood": 2}, {"wood": 2, "grain": 1},
                                                    {"wood": 1}, {"wood": 1, "grain": 1}]
              for p in goods_payments(cost)})


def universe(state: State, seat: int) -> list[dict[str, Any]]:
    """Every well-formed action of the step the game is at (a finite domain): listed = accepted
    must hold over all of it, not only over a sample of near misses."""
    cells = [[r, c] for r in range(1, 7) for c in range(1, 7)]
    pays = [dict(p) for p in PAYS]
    out: list[dict[str, Any]] = [{"type": "sell", "good": g} for g in C.resources] + [{"type": "buy", "good": g} for g in C.resources]
    if state.phase is not Phase.PLAY:
        out += [{"type": "choose_colony", "board": b} for b in sorted(C.boards)]
        out += [{"type": "choose_set", "set": f"S{i}"} for i in range(1, 5)]
        return out + [{"type": "place_town_hall", "anchor": a, "rotation": r} for a in cells for r in (0, 90, 180, 270)]
    kind = state.pending.kind if state.pending else None
    if kind is None:
        out += [{"type": "expand", "tile": t} for t in TILES]
        out += [{"type": "activate_building", "cell": a} for a in cells]
        out += [{"type": "pass", "space": s} for s in range(0, 7)]
        dice = [{"kind": "white", "face": f} for f in range(1, 7)] + [{"kind": "pool_blue", "face": f} for f in range(1, 7)]
        dice += [{"kind": "blue", "id": f"b{i}"} for i in range(1, 13)]
        out += [{"type": "use_die", "die": d, "value": v, "adjust": a, "line": line}
                for d in dice for v in range(1, 7) for a in ("none", "coins") for line in ("row", "column")]
    elif kind == "place_tile":
        out += [{"type": "place_tile", "anchor": a, "rotation": r} for a in cells for r in (0, 90, 180, 270)]
        out.append({"type": "expand_cancel"})
    elif kind == "expand_pay":
        out += [{"type": "expand_pay", "pay": p} for p in pays] + [{"type": "expand_cancel"}]
    elif kind == "trade":
        trade_pays = [*pays, {"coins": 3}, {"sugar": 1}, {"gem": 1}, {"gold": 1}, {"sugar": 1, "gem": 1}]
        out += [{"type": "trade", "option": o, "pay": p} for o in range(3) for p in trade_pays]
        out.append({"type": "trade", "option": None})
    elif kind == "ship":
        out += [{"type": "ship", "source": d, "pay": p} for d in C.docks for p in pays] + [{"type": "ship", "source": None}]
    elif kind == "religion_extra":
        out += [{"type": "religion_extra", "pay": p} for p in ("grain", "gold", "coins", None)]
    elif kind == "place_monk":
        out += [{"type": "place_monk", "place": p} for p in (*C.monk_places, None)]
    elif kind == "conquistador_extra":
        out += [{"type": "conquistador_extra", "pay": p} for p in ("coins", None)]
    elif kind == "road_tile":
        out += [{"type": "road_tile", "cell": a} for a in [*cells, None]]
    return out


def check_agreement(state: State, seat: int, rng: Rng) -> None:
    legal = sm.legal_actions(state, seat)
    assert legal, "the seat to act always has something to do"
    before = codec.dumps(state)
    for action in legal:
        sm.decide(state, seat, action, rng)
    for action in illegal_candidates(state, seat, rng):
        if isinstance(action, dict) and action in legal:
            continue
        with pytest.raises(IllegalAction) as err:
            sm.decide(state, seat, action, rng)
        assert err.value.code and err.value.message.endswith(".")
    for other in range(state.seats):
        if other not in sm.to_act(state):
            assert sm.legal_actions(state, other) == []
            with pytest.raises(IllegalAction) as err:
                sm.decide(state, other, {"type": "pass", "space": 1}, rng)
            assert err.value.code == "turn.not_yours"
    assert codec.dumps(state) == before  # decide changed nothing


def final_scores(state: State, options: dict[str, Any]) -> None:
    result = sm.outcome(state)
    assert result is not None
    assert all(r.score == sum(r.breakdown[k] for k in ("during_play", *scoring.CATEGORIES)) for r in result.results)


CHECKS = Checks(
    agreement=check_agreement, views=check_views, universe=universe, no_leak=on_after(check_no_leak),
    coin_flows=coin_flows, conservation=check_conservation, final=final_scores,
    sample_every=SAMPLE_EVERY, exact_every=EXACT_EVERY,
)


def play_game(seed: int) -> tuple[State, int]:
    return play(seed, options_for(seed), seats_for(seed), str(seed), CHECKS)


def replay_game(seed: int) -> None:
    replay(seed, options_for(seed), seats_for(seed), f"replay-{seed}")


@pytest.mark.parametrize("first", range(0, GAMES, CHUNK))
def test_random_games(first: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(first, first + CHUNK):
        state, _ = play_game(seed)
        seen[f"{state.seats} players"] += 1
        seen["advanced" if state.advanced_setup else "standard"] += 1
        seen["shared" if state.shared_blue_dice else "own dice"] += 1
        if seed % REPLAY_EVERY == 0:
            replay_game(seed)
    assert all(seen[f"{n} players"] for n in range(1, 5)), seen
    assert seen["advanced"] and seen["standard"] and seen["shared"] and seen["own dice"], seen
