"""Canonical state encoding: round trips exactly, hashes stably, refuses what it cannot keep."""

from __future__ import annotations

import enum
from dataclasses import dataclass

import pytest

from domain.core import codec


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


@dataclass(frozen=True)
class Inner:
    n: int
    tags: frozenset[str]


@dataclass(frozen=True)
class Outer:
    items: tuple[Inner, ...]
    by_seat: dict[int, str]
    colour: Colour
    note: str | None = None


def sample() -> Outer:
    return Outer((Inner(1, frozenset({"b", "a"})), Inner(2, frozenset())), {1: "x", 0: "y"}, Colour.RED)


def test_round_trip_is_exact() -> None:
    state = sample()
    assert codec.loads(codec.dumps(state)) == state


def test_hash_ignores_dict_and_set_order_but_not_content() -> None:
    a = sample()
    b = Outer((Inner(1, frozenset({"a", "b"})), Inner(2, frozenset())), {0: "y", 1: "x"}, Colour.RED)
    assert codec.state_hash(a) == codec.state_hash(b)
    c = Outer(a.items, {0: "y", 1: "z"}, Colour.RED)
    assert codec.state_hash(a) != codec.state_hash(c)


def test_floats_and_foreign_classes_are_refused() -> None:
    with pytest.raises(TypeError):
        codec.encode(1.5)
    with pytest.raises(ValueError):
        codec.decode({"~c": "os:PathLike", "f": {}})


def test_the_fast_canonical_text_is_exactly_the_json_of_the_encoding() -> None:
    """`dumps` builds the text directly; it must equal canonical_json(encode(state)) for real games."""
    from domain.core import registry
    from domain.core.rng import Rng, choice
    from domain.core.rules import fold

    samples = [sample(), Outer((), {"b": "x", "a": None}, Colour.BLUE, "é \" ✓")]
    for game in registry.products():
        rules = registry.get(game)
        state = fold(rules, None, rules.setup(rules.check_options({}, 3), 3, Rng("c", "setup")))
        for move in range(120):
            samples.append(state)
            if not rules.to_act(state):
                break  # a short game is over
            seat = min(rules.to_act(state))
            action = choice(Rng("c", f"m{move}"), rules.legal_actions(state, seat))
            state = fold(rules, state, rules.decide(state, seat, action, Rng("c", f"e{move}")))
    for state in samples:
        assert codec.dumps(state) == codec.canonical_json(codec.encode(state))
        assert codec.loads(codec.dumps(state)) == state


def test_parts_remembered_from_the_last_state_are_only_the_unchanged_immutable_ones() -> None:
    """`dumps` reuses the text of fields identical to the last instance's (issue 15); a field
    replaced, or a dict changed in place, is built again."""
    a = sample()
    assert codec.dumps(a) == codec.canonical_json(codec.encode(a))
    b = Outer(a.items[:1], a.by_seat, Colour.BLUE)  # two fields replaced, one shared
    assert codec.dumps(b) == codec.canonical_json(codec.encode(b))
    b.by_seat[5] = "changed in place"
    assert codec.dumps(b) == codec.canonical_json(codec.encode(b))


@dataclass(frozen=True)
class Before:
    n: int


@dataclass(frozen=True)
class After:
    n: int
    expansion: Inner | None = codec.optional()


def test_an_optional_part_added_later_keeps_the_old_states_text_and_round_trips() -> None:
    old = codec.dumps(Before(3)).replace("Before", "After")
    assert codec.dumps(After(3)) == old
    assert codec.canonical_json(codec.encode(After(3))) == old
    grown = After(3, Inner(1, frozenset({"x"})))
    assert '"expansion":' in codec.dumps(grown)
    assert codec.loads(codec.dumps(grown)) == grown
    assert codec.loads(codec.dumps(After(3))) == After(3)
