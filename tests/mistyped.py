"""Values of the wrong JSON type for an action's fields, for the tests that every game answers
them with `action.malformed` (docs/api.md; `domain.core.commands`).

    >>> wrong_values("mayor", {"string"})
    [0, 1, 1.0, True, False, None, ['mayor'], {'value': 'mayor'}]
    >>> wrong_values(2, {"number", "null"})
    ['2', 2.0, True, False, [2], {'value': 2}]
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from copy import deepcopy
from typing import Any

Path = tuple[str | int, ...]


def json_type(value: Any) -> str:
    """The value's JSON type; a float is its own ("float"): a whole number is never one."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "number"
    if isinstance(value, float):
        return "float"
    if isinstance(value, str):
        return "string"
    return "list" if isinstance(value, list) else "object"


def wrong_values(value: Any, accepted: Collection[str]) -> list[Any]:
    """Values standing in for `value` whose JSON type is none of `accepted`: a number for a
    name, the number's text or a float or a true/false for a number, and so on, and a list or
    an object holding the right value."""
    number = value if json_type(value) == "number" else 1
    candidates = [str(value) if json_type(value) != "string" else "x", 0, number, float(number), True, False,
                  None, [value], {"value": value}]
    return [c for c in candidates if json_type(c) not in accepted]


def field_paths(action: dict[str, Any]) -> Iterator[tuple[Path, Any]]:
    """(path, value) of every field of an action but its "type", and of every value inside a
    field that is a list or an object (["die", "face"], ["anchor", 0])."""

    def walk(path: Path, value: Any) -> Iterator[tuple[Path, Any]]:
        yield path, value
        items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
        for key, inner in items:
            yield from walk((*path, key), inner)

    for key, value in action.items():
        if key != "type":
            yield from walk((key,), value)


def shape(path: Path) -> tuple[str, ...]:
    """A path with list positions as "[]": the fields that hold the same kind of value."""
    return tuple("[]" if isinstance(p, int) else p for p in path)


def replaced(action: dict[str, Any], path: Path, new: Any) -> dict[str, Any]:
    """A copy of `action` with the value at `path` replaced by `new`."""
    copy = deepcopy(action)
    holder: Any = copy
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = new
    return copy
