"""Copy-on-write for Santa Maria's frozen data: a dataclass with some fields changed, a tuple with
one item changed. The lowest module of the game: the state of the seats and of the Maya both use it."""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")


def replace(obj: T, **changes: Any) -> T:
    """`dataclasses.replace` for our frozen dataclasses, without re-running __init__ (fast)."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    new.__dict__.update(changes)
    return new


def put(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    return t[:i] + (v,) + t[i + 1 :]
