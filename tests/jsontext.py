"""JSON text for the property tests' checks, by orjson (a dependency of the service already).

The leak checks scan the JSON text of every view and redacted fact for hidden ids, and the
JSON-native checks round-trip views and facts, at every move of thousands of games: with
`json.dumps` that serialising was a fifth of a Felinia game's time. orjson gives the same verdicts
on these values: the same quoted ids in the text (they are ASCII; separators and escapes of other
characters differ, the checks do not look at them), int keys written as strings as `json.dumps`
writes them, and a value that is not JSON data (a dataclass, a datetime, a set, a tuple key, an
int beyond 64 bits) raises TypeError or does not round-trip equal, as with `json`.
"""

from __future__ import annotations

from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME


def dumps(value: Any) -> str:
    """`value` as JSON text (what `json.dumps(value)` says, up to spacing and escapes)."""
    return orjson.dumps(value, option=_OPTIONS).decode()


def loads(text: str) -> Any:
    return orjson.loads(text)


def round_trips(value: Any) -> bool:
    """`json.loads(json.dumps(value)) == value`: `value` is plain JSON data."""
    return bool(orjson.loads(orjson.dumps(value, option=_OPTIONS)) == value)
