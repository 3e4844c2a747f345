"""The invariants Felinia's property tests check (rules page §2.1, §3.3, §7), and the seeded
playouts they run: a mix of the heuristic bot and uniformly random moves over 2-4 players, both
rule sets and every variant."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import domain.felinia as fe
from domain.core import IllegalAction, Rng, choice, codec
from domain.core.rules import action_for
from domain.felinia.components import C
from domain.felinia.phases import selling
from domain.felinia.state import State, cards

from .. import jsontext

MOVE_BOUND = 3000


def options_for(seed: int) -> tuple[dict[str, Any], int]:
    seats = 2 + seed % 3
    mode = "advanced" if (seed // 3) % 2 else "basic"
    options: dict[str, Any] = {"mode": mode, "open_deck": seed % 7 in (1, 4), "lenient_expedition": seed % 5 == 2}
    if seats == 2 and mode == "basic":
        options["allow_two_player_basic"] = True
    return options, seats


class Policy:
    """Who acts when several may, and what they do: random with a seeded share, else heuristic;
    now and then a seat that is not to act sells something (FE-AMB-10), at random."""

    OUT_OF_TURN_ODDS = 25  # one move in 25 is a waiting seat's sale, where one has something to sell

    def __init__(self, seed: int) -> None:
        self.rng = Rng(str(seed), "playout")
        self.random_percent = (100, 60, 30, 10)[seed % 4]

    def seat(self, state: State) -> int:
        seats = sorted(fe.to_act(state))
        if self.rng.below(self.OUT_OF_TURN_ODDS) == 0:
            sellers = [s for s in range(state.seats) if s not in seats and fe.legal_actions(state, s)]
            if sellers:
                return choice(self.rng, sellers)
        return seats[0] if len(seats) == 1 else choice(self.rng, seats)

    def action(self, state: State, seat: int) -> dict[str, Any]:
        if seat not in fe.to_act(state) or self.rng.below(100) < self.random_percent:
            return choice(self.rng, fe.legal_actions(state, seat))
        return fe.BOTS["heuristic"](state, seat, self.rng)


# -- conservation ---------------------------------------------------------------------------------


# What the conservation checks compare with, sorted once: the components of each rule set.
PORTRAITS = {False: sorted(C.portrait_tiles), True: sorted([*C.portrait_tiles, *C.special_tiles])}
DECK = sorted(C.deck_tiles)
MYSTERY = {False: [], True: sorted(C.mystery_cards)}
BONUS = sorted(C.bonus_tiles)


def check_conservation(state: State) -> None:
    """Merchants, goods, silver, tiles, tokens, cards: each somewhere, exactly once."""
    n = state.seats
    e = state.expedition
    ships = [s for seats in state.ship_seats for s in seats]  # every ship seat, taken or free
    venues = [s for stack in state.stacks for s in stack]  # every bid token on a market or the guild
    for seat, p in enumerate(state.players):
        aboard = ships.count(seat)
        settled = state.settled.count(seat)
        exploring = int(e is not None and e.seat == seat)
        assert p.merchants + aboard + settled + exploring == C.merchants, (seat, p.merchants, aboard, settled)
        on_venues = venues.count(seat)
        assert p.tokens + len(p.circles) + on_venues + p.spent == C.bid_tokens
        assert 0 <= p.silver <= C.silver_max and min(p.goods) >= 0
        assert min(p.gold, p.spice, p.food) >= 0 and (state.advanced or p.food == 0)
    held = [sum(column) for column in zip(*(p.goods for p in state.players), *state.markets, state.bag, strict=True)]
    assert held == list(C.goods_tiles) and min(state.bag) >= 0  # per goods type
    assert all(sum(m) <= C.goods_slots for m in state.markets)
    assert all(not any(m) for m, closed in zip(state.markets, state.closed, strict=True) if closed)
    tiles = [t for t in state.tiles if t is not None] + [t for p in state.players for t in p.tiles]
    tiles += list(state.removed)
    assert sorted(tiles) == PORTRAITS[state.advanced]
    deck = [*state.deck, *(t for t in state.ships if t is not None), *state.discard]
    assert sorted(deck) == DECK
    mystery = [*state.mystery_deck, *(c for p in state.players for c in p.mystery), *(e.drawn if e else ())]
    assert sorted(mystery) == MYSTERY[state.advanced]
    for p in state.players:  # never two cards of one place
        assert len({C.mystery_place[c] for c in p.mystery}) == len(p.mystery)
    assert sorted([*state.guild_bonus, *(b for p in state.players for b in p.bonus)]) == BONUS
    assert len(state.players) == n


GAINS = ("RewardGained", "GoodsExchanged", "SpecialTileEffect")


def check_supplies(state: State, facts: list[dict[str, Any]]) -> None:
    """§3.3: right after every gain of gold, spice or food the players need at most 11 cards of
    it (losses may need more: they are always allowed)."""
    if not any(f["t"] in GAINS for f in facts):
        return
    for f in facts:
        state = fe.evolve(state, f)
        if f["t"] not in GAINS:
            continue
        gains = f["gains"] if f["t"] == "SpecialTileEffect" else [{"kind": f.get("gained", f.get("kind")), **f}]
        for g in gains:
            if g["kind"] in ("gold", "spice", "food") and g["amount"] > 0:
                assert sum(cards(getattr(p, g["kind"])) for p in state.players) <= C.supply_cards[g["kind"]], f


# -- hidden information ------------------------------------------------------------------------------


def secrets(state: State, viewer: int | None) -> set[str]:
    """Ids `viewer` may not see now (§7): the deck (but a shown top), face-down tiles, the
    mysterious place deck, and other seats' trade tiles, cards and drawn cards."""
    hidden = set(state.deck[1:] if state.deck_top_shown else state.deck)
    hidden |= {t for t, up in zip(state.tiles, state.face_up, strict=True) if t is not None and not up}
    hidden |= set(state.mystery_deck)
    for seat, p in enumerate(state.players):
        if seat != viewer:
            hidden |= set(p.tiles) | set(p.mystery)
    e = state.expedition
    if e is not None and e.seat != viewer:
        hidden |= set(e.drawn)
    return hidden


# An id as a whole JSON string: T01, MP01, D01 or S1. The alternatives are spelled out, each
# with its own first letter (the same strings as "(?:T|MP|D)\d\d|S\d"): the scan, tried at every
# quote of a view's text, is a third faster so.
ID = re.compile(r'"(T\d\d|MP\d\d|D\d\d|S\d)"')


def ids(shown: Any) -> set[str]:
    """Every id (tile, card, deck tile) that appears as a string anywhere in `shown`."""
    return set(ID.findall(jsontext.dumps(shown)))


def leaked(hidden: set[str], shown: Any) -> set[str]:
    """The hidden ids (tiles, cards, deck tiles) that appear as strings anywhere in `shown`."""
    return hidden & ids(shown)


class Scanned:
    """`ids` of what one move shows its viewers: a fact or action most viewers are shown as it
    is (the same object) is scanned once, not once a viewer, and so is the island of their
    views when its text is the same. Each scanned object is kept, so the identity it is
    remembered by stays its own."""

    def __init__(self) -> None:
        self.seen: dict[int, tuple[Any, set[str]]] = {}
        self.texts: dict[str, set[str]] = {}

    def view_ids(self, view: dict[str, Any]) -> set[str]:
        """`ids(view)`, the island apart: an id found is one whole JSON string, so the ids of a
        dictionary's text are those of its parts' texts; the provinces, most of a view's text, are
        the same text for each viewer but the owner of everything (face-down tiles hidden alike)
        and are scanned once a move."""
        rest = {key: value for key, value in view.items() if key != "provinces"}
        text = jsontext.dumps(view.get("provinces"))
        island = self.texts.get(text)
        if island is None:
            island = self.texts[text] = set(ID.findall(text))
        return ids(rest) | island

    def leaked(self, hidden: set[str], shown: Any) -> set[str]:
        known = self.seen.get(id(shown))
        if known is None:
            known = self.seen[id(shown)] = (shown, ids(shown))
        return hidden & known[1]


def check_no_leak(before: State, after: State, seat: int, action: dict[str, Any], facts: list[dict[str, Any]]) -> None:
    """No view, redacted fact or redacted action shows a viewer what it may not see."""
    scanned = Scanned()
    for viewer in (*range(after.seats), None):
        if after.over:
            break
        hidden = secrets(after, viewer)
        assert not hidden & scanned.view_ids(fe.view(after, viewer)), viewer
        for f in facts:
            shown = fe.redact(f, viewer)
            mine = set(f.get("cards") or ()) if f.get("seat") == viewer else set()  # he drew them himself
            # (hidden & shown's ids) - mine: the hidden ids less his own cards, without a copy
            # of `hidden` a fact
            assert shown is None or not scanned.leaked(hidden, shown) - mine, (f["t"], viewer)
        assert not scanned.leaked(hidden, action_for(fe, action, seat, viewer)), (action, viewer)


# -- listed = accepted ------------------------------------------------------------------------------


def candidates(state: State, seat: int) -> list[Any]:
    """Every action a client could think of now: each accepted exactly when it is listed."""
    b = state.board
    out: list[Any] = [{"type": "place_bid", "target": t} for t in ("own_board", *C.markets, "guild", "moon")]
    out += [{"type": "buy", "goods": g} for g in (*C.goods, "spices")]
    out += [{"type": "exchange", "option": o, "give": g, "take": t}
            for o in ("goods_spice", "goods_food") for g in C.goods for t in C.goods]
    out += [{"type": "exchange", "option": "bonus", "bonus": x} for x in C.bonus_tiles]
    out += [{"type": t} for t in ("decline", "end_turn", "stop", "store_fourth", "final_done")]
    out += [{"type": "board", "ship": s} for s in (*C.ship_ids, "ship9")]
    e = state.expedition
    if e is not None:
        near = sorted({q for q in range(len(b.provinces)) if b.country[q] == e.country} | set(b.roads[e.at]))
        out += [{"type": t, "province": b.provinces[q]} for t in ("move", "flip") for q in near]
        out += [{"type": "keep_mystery", "card": c} for c in (*e.drawn, None, "MP01")]
    p = state.players[seat]
    out += [{"type": "sell", "item": i, "count": n} for i in ("gold", "spice", "food") for n in range(1, getattr(p, i) + 2)]
    out += [{"type": "sell", "item": "goods", "goods": g, "count": n}
            for i, g in enumerate(C.goods) for n in range(1, p.goods[i] + 2)]
    out += [None, 5, {}, {"type": 5}, {"type": "fly"}, {"type": "decline", "x": 1},
            {"type": "sell", "item": "gold", "count": 0}, {"type": "sell", "item": "goods", "count": 1},
            {"type": "buy"}, {"type": "exchange", "option": ["bonus"]}, {"type": "board", "ship": ["ship1"]},
            {"type": "move", "province": 7}, {"type": "keep_mystery", "card": 3}]
    return out


def refusal(state: State, seat: int, action: Any, rng: Rng) -> IllegalAction:
    """The IllegalAction `decide` refuses `action` with; the test fails if it accepts it (and
    any other exception goes on up), as under `pytest.raises(IllegalAction)`: these are asked
    some eighty thousand times a hundred games, and a plain `try` costs a fraction of it."""
    try:
        fe.decide(state, seat, action, rng)
    except IllegalAction as err:
        return err
    pytest.fail(f"DID NOT RAISE {IllegalAction}: seat {seat}, {action!r}")


def check_agreement(state: State, seat: int, rng: Rng) -> None:
    legal = fe.legal_actions(state, seat)
    assert legal, "a seat that is to act always has something to do"
    fingerprint = codec.state_hash(state)
    for action in legal:
        fe.decide(state, seat, action, rng)
    for action in candidates(state, seat):
        if isinstance(action, dict) and action in legal:
            continue
        err = refusal(state, seat, action, rng)
        assert err.code and err.message.endswith("."), (action, err)
    waiting = fe.to_act(state)
    for other in range(state.seats):
        if other not in waiting:  # FE-AMB-10: its sales, and nothing else, out of turn
            sales = fe.legal_actions(state, other)
            assert sales == list(selling.sales(state, other))
            for action in sales:  # a sale out of turn changes nobody's turn and starts nothing
                facts = fe.decide(state, other, action, rng)
                assert [f["t"] for f in facts] == ["ItemsSold"] and fe.to_act(facts.state) == waiting  # type: ignore[attr-defined]
            assert refusal(state, other, {"type": "decline"}, rng).code == "turn.not_yours"
            assert refusal(state, other, {"type": "sell", "item": "food", "count": 1}, rng).code == "sell.not_sellable"
    for stranger in (-1, state.seats):
        assert refusal(state, stranger, {"type": "sell", "item": "gold", "count": 1}, rng).code == "turn.not_yours"
    assert codec.state_hash(state) == fingerprint  # refusals and trials changed nothing


def check_outcome(state: State) -> None:
    result = fe.outcome(state)
    assert result is not None and result.termination in ("last_merchant", "deck_exhausted")
    for r in result.results:  # the breakdown adds up to the score; silver is the tie-break (§4.4)
        assert r.score == sum(r.breakdown.values()) and r.tiebreak == (state.players[r.seat].silver,)
    ordered = sorted(result.results, key=lambda r: r.rank)
    assert all((a.score, a.tiebreak) >= (b.score, b.tiebreak) for a, b in zip(ordered, ordered[1:], strict=False))
    assert fe.to_act(state) == frozenset() and all(fe.legal_actions(state, s) == [] for s in range(state.seats))
    assert all(t is None for t in state.ships)  # every ship with a deck tile left at the end (§4.1)
    with pytest.raises(IllegalAction) as err:
        fe.decide(state, 0, {"type": "final_done"}, Rng("x", "y"))
    assert err.value.code == "game.over"
    taken = {t for p in state.players for t in p.tiles} | {c for p in state.players for c in p.mystery}
    assert leaked(taken, fe.view(state, None)) == taken  # after the game nothing is hidden (FE-AMB-47)
    json.dumps(result.to_json())
