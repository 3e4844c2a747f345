"""Canonical encoding of game state: for state hashes and for snapshots.

Game state is immutable plain data: frozen dataclasses, tuples, frozensets, dicts with
str/int keys, enums, str, int, bool and None. `encode` turns it into JSON-ready data with
small type tags, `decode` rebuilds it, and `state_hash` is sha256 over the canonical JSON
(sorted keys, no whitespace), so the same state always hashes the same on any machine
(keyed by the game's seed: HMAC-SHA256).

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
import hmac
import importlib
import json
import operator
from functools import cache
from typing import Any

_ALLOWED_MODULE_PREFIXES = ("domain.", "tests.")


@cache
def _fields(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


def optional(default: Any = None) -> Any:
    """A dataclass field added to a game's state after records were made (an expansion's part):
    left out of the canonical text while it is None, so the states of games that never use it
    keep the hashes their records carry.

        >>> @dataclasses.dataclass(frozen=True)
        ... class Demo:
        ...     a: int
        ...     b: Any = optional()
        >>> dumps(Demo(1)) == '{"f":{"a":1},"~c":"domain.core.codec:Demo"}'
        True
        >>> encode(Demo(1))["f"], encode(Demo(1, (2,)))["f"]
        ({'a': 1}, {'a': 1, 'b': [2]})
    """
    return dataclasses.field(default=default, metadata={_OPTIONAL: True})


_OPTIONAL = "shiplog.optional"


@cache
def _optional(cls: type) -> frozenset[str]:
    return frozenset(f.name for f in dataclasses.fields(cls) if f.metadata.get(_OPTIONAL))


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


_PLAIN = (type(None), bool, str, int)

# Immutable states share most of their parts from one move to the next, so the canonical text
# of a part is remembered by identity (the entry keeps the part alive, so its id cannot be
# reused) and only the parts a move replaced are written again. Bounded in entries and text.
_CANON_LIMIT = 200_000


def encode(value: Any) -> Any:
    """State -> JSON-ready data (see the module docstring)."""
    kind: Any = type(value)
    if kind in _PLAIN:
        return value
    if kind is tuple:
        if all(type(v) in _PLAIN for v in value):
            return list(value)
        return [encode(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        skip = _optional(kind)
        return {"~c": _class_name(kind), "f": {n: encode(v) for n in _fields(kind)
                                               if (v := getattr(value, n)) is not None or n not in skip}}
    if isinstance(value, enum.Enum):
        return {"~e": _class_name(kind), "v": value.value}
    if isinstance(value, bool | str | int) or value is None:
        return value
    if isinstance(value, tuple):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        items = [[encode(k), encode(v)] for k, v in value.items()]
        items.sort(key=_sort_key)
        return {"~m": items}
    if isinstance(value, frozenset | set):
        encoded_items = [encode(v) for v in value]
        encoded_items.sort(key=_item_key)
        return {"~s": encoded_items}
    if isinstance(value, list):
        return {"~l": [encode(v) for v in value]}
    if isinstance(value, datetime.datetime):
        return {"~t": value.isoformat()}
    raise TypeError(f"cannot encode {type(value).__name__} in game state (use plain data)")


def _item_key(encoded: Any) -> tuple[int, Any]:
    """Sort key for encoded items: numbers, then strings, then anything else by its JSON."""
    kind = type(encoded)
    if kind is int or kind is bool:
        return (0, encoded)
    if kind is str:
        return (1, encoded)
    return (2, _key(encoded))


def _sort_key(pair: list[Any]) -> tuple[int, Any]:
    return _item_key(pair[0])


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


_json_str = json.encoder.encode_basestring
_ONLY_INT = frozenset({int})
_CANON: dict[int, tuple[Any, str]] = {}


def _canon(value: Any) -> str:
    """`canonical_json(encode(value))`, built directly and remembered per dataclass instance."""
    kind: Any = type(value)
    if kind is str:
        return _json_str(value)
    if kind is int:
        return str(value)
    if kind is bool:
        return "true" if value else "false"
    if value is None:
        return "null"
    if kind is tuple:
        if len(value) < 4:
            return "[" + ",".join([_canon(v) for v in value]) + "]"
        hit = _CANON.get(id(value))
        if hit is not None and hit[0] is value:
            return hit[1]
        if _ONLY_INT.issuperset(map(type, value)):  # counts on a board: the commonest part
            text = "[" + ",".join(map(str, value)) + "]"
        else:
            text = "[" + ",".join([_canon(v) for v in value]) + "]"
        _remember(value, text)
        return text
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        hit = _CANON.get(id(value))
        if hit is not None and hit[0] is value:
            return hit[1]
        text = _dataclass_text(value, kind)
        _remember(value, text)
        return text
    if isinstance(value, dict):
        pairs = sorted(((encode(k), k, v) for k, v in value.items()), key=lambda t: _item_key(t[0]))
        return '{"~m":[' + ",".join([f"[{_canon(k)},{_canon(v)}]" for _e, k, v in pairs]) + "]}"
    if isinstance(value, frozenset | set):
        items = sorted(((encode(v), v) for v in value), key=lambda t: _item_key(t[0]))
        return '{"~s":[' + ",".join([_canon(v) for _e, v in items]) + "]}"
    return canonical_json(encode(value))


_CANON_CHARS = [0]
_CANON_CHAR_LIMIT = 16_000_000  # about 32 MB of remembered text, then start afresh


# The fields and texts of the last instance of each dataclass whose text was built. A game's
# next state is its last one with a few fields replaced, so comparing each field with the last
# instance's by identity finds the few parts to build again (issue 15: the state hash of every
# event). The entry holds the values it compares with, so an identical object is the same part.
_LAST: dict[type, tuple[tuple[Any, ...], list[str]]] = {}
_MUTABLE = frozenset({dict, list, set})  # could change in place: always built again
_MUTABLE_AT: dict[type, set[int]] = {}  # the fields of a class that have held such a value


def _dataclass_text(value: Any, kind: Any) -> str:
    fields = _sorted_fields(kind)
    values = _values(kind)(value)
    skip = _optional(kind)
    last = _LAST.get(kind)  # one read: another thread may replace it meanwhile
    mutable = _MUTABLE_AT.setdefault(kind, set())
    if last is not None and len(last[0]) == len(values):
        parts = last[1].copy()
        changed = [i for i, same in enumerate(map(operator.is_, values, last[0])) if not same]
        if mutable:
            changed = sorted({*changed, *mutable})
    else:
        parts = [""] * len(values)
        changed = list(range(len(values)))
    for i in changed:
        v = values[i]
        t = type(v)
        if t is int:
            parts[i] = f"{fields[i][0]}:{v}"
        elif t is str:
            parts[i] = f"{fields[i][0]}:{_json_str(v)}"
        elif v is None and fields[i][1] in skip:
            parts[i] = ""
        else:
            if t in _MUTABLE:
                mutable.add(i)
            parts[i] = f"{fields[i][0]}:{_canon(v)}"
    _LAST[kind] = (values, parts)
    text = ",".join([p for p in parts if p]) if skip else ",".join(parts)
    return f'{{"f":{{{text}}},"~c":{_json_str(_class_name(kind))}}}'


@cache
def _values(cls: type) -> Any:
    """A function giving an instance's field values as a tuple, in sorted field order."""
    names = [name for _quoted, name in _sorted_fields(cls)]
    if len(names) == 1:
        return lambda obj: (getattr(obj, names[0]),)
    return operator.attrgetter(*names) if names else (lambda obj: ())


def _remember(value: Any, text: str) -> None:
    if len(_CANON) >= _CANON_LIMIT or _CANON_CHARS[0] > _CANON_CHAR_LIMIT:
        _CANON.clear()
        _CANON_CHARS[0] = 0
    _CANON[id(value)] = (value, text)
    _CANON_CHARS[0] += len(text)


@cache
def _sorted_fields(cls: type) -> tuple[tuple[str, str], ...]:
    return tuple((_json_str(name), name) for name in sorted(_fields(cls)))


def dumps(state: Any) -> str:
    """The canonical JSON text of a state (what snapshots store and hashes cover).

    The parts of a state are remembered (they recur from move to move); the whole state is not,
    since the next move makes a new one."""
    kind: Any = type(state)
    if dataclasses.is_dataclass(state) and not isinstance(state, type):
        return _dataclass_text(state, kind)
    return _canon(state)


def loads(text: str) -> Any:
    return decode(json.loads(text))


def state_hash(state: Any, key: str | None = None) -> str:
    """The hash of a state's canonical encoding, hex: HMAC-SHA256 keyed by the game's seed
    (`key`), so a published hash cannot be brute-forced to learn a small hidden part of the
    state before the seed is revealed; plain sha256 without a key (records of format 1)."""
    text = dumps(state).encode("utf-8")
    if key is None:
        return hashlib.sha256(text).hexdigest()
    return hmac.new(key.encode("utf-8"), text, hashlib.sha256).hexdigest()
