"""Canonical encoding of game state: for state hashes and for snapshots.

Game state is immutable plain data: frozen dataclasses, tuples, frozensets, dicts with
str/int keys, enums, str, int, bool and None. `encode` turns it into JSON-ready data with
small type tags, `decode` rebuilds it, and `state_hash` is sha256 over the canonical JSON
(sorted keys, no whitespace), so the same state always hashes the same on any machine.

Tags: {"~c": "module:Class", "f": {...}} dataclass; {"~e": "module:Class", "v": value} enum;
{"~m": [[k, v], ...]} dict (sorted by encoded key); {"~s": [...]} frozenset (sorted);
{"~l": [...]} list; {"~t": iso} datetime; a bare JSON array is a tuple. Classes are only resolved from modules under
`domain.` or `tests.`, so a stored snapshot can never name arbitrary code.
"""

from __future__ import annotations

import dataclasses
import datetime
import enum
import hashlib
import importlib
import json
from functools import cache
from typing import Any

_ALLOWED_MODULE_PREFIXES = ("domain.", "tests.")


@cache
def _fields(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


@cache
def _class_name(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


@cache
def _resolve(name: str) -> type:
    module_name, _, qualname = name.partition(":")
    if not module_name.startswith(_ALLOWED_MODULE_PREFIXES):
        raise ValueError(f"refusing to decode a class from module {module_name!r}")
    obj: Any = importlib.import_module(module_name)
    for part in qualname.split("."):
        obj = getattr(obj, part)
    if not isinstance(obj, type):
        raise ValueError(f"{name!r} is not a class")
    return obj


def _key(encoded: Any) -> str:
    return json.dumps(encoded, sort_keys=True, separators=(",", ":"))


def encode(value: Any) -> Any:
    """State -> JSON-ready data (see the module docstring)."""
    if value is None or isinstance(value, bool | str):
        return value
    if isinstance(value, enum.Enum):
        return {"~e": _class_name(type(value)), "v": value.value}
    if isinstance(value, int):
        return value
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        cls = type(value)
        return {"~c": _class_name(cls), "f": {n: encode(getattr(value, n)) for n in _fields(cls)}}
    if isinstance(value, dict):
        items = [[encode(k), encode(v)] for k, v in value.items()]
        items.sort(key=lambda kv: _key(kv[0]))
        return {"~m": items}
    if isinstance(value, frozenset | set):
        return {"~s": sorted((encode(v) for v in value), key=_key)}
    if isinstance(value, list):
        return {"~l": [encode(v) for v in value]}
    if isinstance(value, datetime.datetime):
        return {"~t": value.isoformat()}
    raise TypeError(f"cannot encode {type(value).__name__} in game state (use plain data)")


def decode(data: Any) -> Any:
    """JSON-ready data -> state; the inverse of `encode`."""
    if isinstance(data, list):
        return tuple(decode(v) for v in data)
    if isinstance(data, dict):
        if "~c" in data:
            cls = _resolve(data["~c"])
            return cls(**{k: decode(v) for k, v in data["f"].items()})
        if "~e" in data:
            return _resolve(data["~e"])(data["v"])
        if "~m" in data:
            return {decode(k): decode(v) for k, v in data["~m"]}
        if "~s" in data:
            return frozenset(decode(v) for v in data["~s"])
        if "~l" in data:
            return [decode(v) for v in data["~l"]]
        if "~t" in data:
            return datetime.datetime.fromisoformat(data["~t"])
        raise ValueError(f"untagged object in encoded state: {sorted(data)[:3]}")
    return data


def canonical_json(value: Any) -> str:
    """Canonical JSON text of JSON-ready data: sorted keys, no spaces, UTF-8 kept."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def dumps(state: Any) -> str:
    return canonical_json(encode(state))


def loads(text: str) -> Any:
    return decode(json.loads(text))


def state_hash(state: Any) -> str:
    """sha256 (hex) of the canonical encoding of a state."""
    return hashlib.sha256(dumps(state).encode("utf-8")).hexdigest()
