"""The legality agreement checks of the property tests (properties.py runs them at a sample of
positions): over a universe of candidate actions (values inside and outside the legal range;
with an expansion, every action type it adds) decide accepts exactly the listed ones up to the
spelling of optional fields; malformed, wrong-seat and wrong-phase actions are rejected with
IllegalAction and the state is unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from typing import Any

import domain.puerto_rico as pr
from domain.core import IllegalAction, Rng, codec
from domain.puerto_rico.common import default_piece
from domain.puerto_rico.components import CATALOG, GOODS, TILE_KINDS
from domain.puerto_rico.flow import ACTION_STEPS
from domain.puerto_rico.state import State

# -- legality agreement ------------------------------------------------------------------------

_GOOD_CHOICES = [*GOODS, "gold"]
_TARGETS = [*TILE_KINDS, *CATALOG, "windrose"]
_PIECES = ["colonist", "noble", None]
_DEFAULTS = {"hospice": True, "university": True, "black_market": False, "venue": "house"}
_PIECE_SOURCE = {"place": "windrose", "remove": "from", "deploy_guest": "guest_house", "black_market_worker": "from"}
_PIECE_TYPES = set(_PIECE_SOURCE)


def canonical(s: State, action: dict[str, Any]) -> Hashable:
    """The action with optional fields at their defaults left out (and, in Nobles games, the
    default piece spelled out: the only kind of worker at the source, else a colonist), as a
    comparable key that tells the types of the values apart (1 is not true)."""
    out = {k: v for k, v in action.items() if not (k in _DEFAULTS and v == _DEFAULTS[k])}
    kind = out.get("type")
    if s.config.nobles and kind in _PIECE_TYPES and "piece" not in out:
        source = _PIECE_SOURCE[kind]
        where = source if source in ("windrose", "guest_house") else out.get(source)
        try:
            out["piece"] = default_piece(s.players[s.turn], where)
        except TypeError:  # an unhashable source: decide rejects it anyway
            out["piece"] = "colonist"
    key = tuple(sorted([(k, v.__class__, v) for k, v in out.items()]))
    try:
        hash(key)
    except TypeError:  # a list or object value (a malformed probe): compare the JSON text
        return json.dumps(out, sort_keys=True)
    return key


def _with_piece(base: dict[str, Any]) -> list[dict[str, Any]]:
    return [base if p is None else {**base, "piece": p} for p in _PIECES]


def _base_universe(s: State) -> list[dict[str, Any]]:
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
    return out


def _expansion_universe(s: State) -> list[dict[str, Any]]:
    """The candidates the expansions add to `_base_universe`."""
    out: list[dict[str, Any]] = [
        {"type": t} for t in ("villa_take", "land_office_buy", "end_turn", "black_market_vp")
    ]
    out += [{"type": "draft_building", "building": b} for b in (*CATALOG, "palace")]
    for k in (*GOODS, "quarry"):
        out += [{"type": "take_forest", "kind": k}, {"type": "take_forest", "kind": k, "hospice": False}]
    out += [{"type": "place_drawn_tile", "forest": f} for f in (True, False)]
    out.append({"type": "mayor_privilege", "colonists": 3})
    out += [{"type": "take_from_ship", "piece": p} for p in ("colonist", "noble", "king")]
    for name in _TARGETS:
        out += _with_piece({"type": "place", "to": name})[:-1]  # (the plain spelling is a base one)
        out += _with_piece({"type": "remove", "from": name})[:-1]
        out += _with_piece({"type": "deploy_guest", "to": name})
        out += _with_piece({"type": "black_market_worker", "from": name})
    out += _with_piece({"type": "place", "to": "forest"})
    out += _with_piece({"type": "remove", "from": "forest"})
    out += _with_piece({"type": "deploy_guest", "to": "forest"})
    out += _with_piece({"type": "black_market_worker", "from": "forest"})
    for b in (*CATALOG, "palace"):
        for extra in ({"black_market": True}, {"black_market": True, "university": False}):
            out.append({"type": "build", "building": b, **extra})
    for tile in (*GOODS, "quarry"):
        for t in ("hunting_lodge_discard", "land_office_sell"):
            out += [{"type": t, "tile": tile}, {"type": t, "tile": "forest", "kind": tile}]
    for g in _GOOD_CHOICES:
        out += [{"type": t, "good": g} for t in ("royal_supplier", "black_market_good")]
        out.append({"type": "sell", "good": g, "venue": "trading_post"})
        out += [{"type": "small_wharf", "good": g, "count": c} for c in (0, 1, 2, 3, 5, 12)]
    return out


def universe(s: State) -> list[dict[str, Any]]:
    """Candidate actions of the types the current step takes, with values inside and outside
    the legal range (other types are rejected with `action.not_now`, see check_illegal); the
    expansions' action types only in games with an expansion."""
    out = _base_universe(s)
    if s.config.expansions:
        out += _expansion_universe(s)
    return [a for a in out if s.step in ACTION_STEPS[a["type"]]]


def accepted(s: State, seat: int, action: Any) -> bool:
    try:
        pr.decide(s, seat, action, Rng("probe", "probe"))
    except IllegalAction:
        return False
    return True


def _same_as_listed(s: State, seat: int, action: dict[str, Any], listed: set[Hashable]) -> bool:
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
        is_listed = canonical(s, action) in listed
        if ok and not is_listed and _same_as_listed(s, seat, action, listed):
            continue
        assert ok == is_listed, (
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
    listed: set[Hashable] | None = None  # built when a probe is accepted
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
        if listed is None:
            listed = {canonical(s, a) for a in legal}
        assert canonical(s, probe) in listed or _same_as_listed(s, who, probe, listed), probe
    if rehash:  # the state is immutable; check it on a sample anyway
        assert codec.state_hash(s) == before
