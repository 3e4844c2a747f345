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
from functools import cache, partial
from itertools import compress
from typing import Any

import orjson

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


def _canon(value: Any, slot: Any = None, index: int = 0) -> str:
    """`canonical_json(encode(value))`, built directly and remembered per dataclass instance
    and per tuple of four items or more.

    `slot` and `index` say where the value sits in the state (its parent's slot, and its field
    or item number there): a dataclass is compared with the last instance written at the same
    place (see `_dataclass_text`)."""
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
        if _ONLY_INT.issuperset(map(type, value)):  # counts on a board: the commonest part,
            return "[" + ",".join(map(str, value)) + "]"  # written again faster than remembered
        if len(value) < 4:
            here = (slot, index)
            return "[" + ",".join([_canon(v, here, j) for j, v in enumerate(value)]) + "]"
    hit = _CANON.get(id(value))  # a remembered part is kept alive by its entry: its id is its own
    if hit is not None and hit[0] is value:
        return hit[1]
    if kind is tuple:
        here = (slot, index)
        text = "[" + ",".join([_canon(v, here, j) for j, v in enumerate(value)]) + "]"
        _remember(value, text)
        return text
    if kind in _SHAPES or (dataclasses.is_dataclass(value) and not isinstance(value, type)):
        text = _dataclass_text(value, kind, (slot, index) if slot is not None else kind)
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


class _Shape:
    """How a dataclass is written: `keys[i]` is ',"name":' of its i-th field in sorted order
    (the leading comma is dropped from the first part written), `values` gives the fields'
    values in that order, `skip` the optional fields (left out while None), `tail` closes the
    text with the class tag, `mutable` the fields that have held a dict, list or set."""

    __slots__ = ("keys", "values", "skip", "tail", "mutable")

    def __init__(self, cls: type) -> None:
        names = [name for _quoted, name in _sorted_fields(cls)]
        optional_names = _optional(cls)
        self.keys = tuple(f",{_json_str(name)}:" for name in names)
        self.values = _values(cls)
        self.skip = frozenset(i for i, name in enumerate(names) if name in optional_names)
        self.tail = '},"~c":' + _json_str(_class_name(cls)) + "}"
        self.mutable: set[int] = set()


_SHAPES: dict[type, _Shape] = {}
_TUPLE: Any = object()  # the shape of a tuple's entry in `_LAST`


# The shape, values and texts of the last dataclass instance written at each place of a state
# (its slot: the top-level class, or (parent slot, field or item number)). A game's next state
# is its last one with a few fields replaced, so comparing each field with the last instance's
# at the same place (a player with the same seat's previous self, not with whichever player
# changed last) by identity finds the few parts to build again (issue 15: the state hash of
# every event). The entry holds the values it compares with, so an identical object is the
# same part. Bounded: a state has a fixed number of places.
_LAST: dict[Any, tuple[Any, tuple[Any, ...], list[str]]] = {}
_MUTABLE = frozenset({dict, list, set})  # could change in place: always built again
_LAST_LIMIT = 100_000


def _dataclass_text(value: Any, kind: Any, slot: Any) -> str:
    shape = _SHAPES.get(kind)
    if shape is None:
        shape = _SHAPES[kind] = _Shape(kind)
    values = shape.values(value)
    last = _LAST.get(slot)  # one read: another thread may replace it meanwhile
    if last is not None and last[0] is shape:
        parts = last[2].copy()
        changed: Any = list(compress(range(len(values)), map(operator.is_not, values, last[1])))
        if shape.mutable:
            changed = sorted({*changed, *shape.mutable})
    else:
        parts = [""] * len(values)
        changed = range(len(values))
    keys = shape.keys
    for i in changed:
        v = values[i]
        t = type(v)
        if t is int:
            parts[i] = f"{keys[i]}{v}"
        elif t is str:
            parts[i] = keys[i] + _json_str(v)
        elif t is tuple:
            if _ONLY_INT.issuperset(map(type, v)):
                parts[i] = keys[i] + "[" + ",".join(map(str, v)) + "]"
            else:
                parts[i] = keys[i] + _tuple_text(v, (slot, i))
        elif v is None and i in shape.skip:
            parts[i] = ""
        else:
            if t in _MUTABLE:
                shape.mutable.add(i)
            parts[i] = keys[i] + _canon(v, slot, i)
    if len(_LAST) >= _LAST_LIMIT:
        _LAST.clear()
    _LAST[slot] = (shape, values, parts)
    return '{"f":{' + "".join(parts)[1:] + shape.tail


def _tuple_text(value: tuple[Any, ...], here: Any) -> str:
    """A tuple field's text (not only ints), its items compared with the last tuple written at
    the same place: the items that are the same objects keep their texts (the players of a
    state, of whom a move changes one or two)."""
    last = _LAST.get(here)
    if last is not None and last[0] is _TUPLE and len(last[1]) == len(value) and _MUTABLE.isdisjoint(map(type, value)):
        texts = last[2].copy()
        for j in compress(range(len(value)), map(operator.is_not, value, last[1])):
            texts[j] = _canon(value[j], here, j)
    else:
        texts = [_canon(v, here, j) for j, v in enumerate(value)]
    if len(_LAST) >= _LAST_LIMIT:
        _LAST.clear()
    _LAST[here] = (_TUPLE, value, texts)
    return "[" + ",".join(texts) + "]"


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
        return _dataclass_text(state, kind, kind)
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
    return hmac.digest(key.encode("utf-8"), text, "sha256").hex()  # = hmac.new(...).hexdigest()


# -- the fields' JSON: the bytes of hash scheme "hmac-sha256-fields" ------------------------------
#
# A state written by orjson (in C) instead of the canonical text above (issue 15: the state hash
# of every event was the event-sourced path's largest cost). The definition, which docs/replay.md
# ("State hashes") gives in full and tests/test_state_hash.py implements again with the standard
# library: a dataclass is an object of its fields (keys sorted; a field declared `optional()` left
# out while None; no class name, no attribute that is not a field); a tuple or list an array; a
# frozenset or set an array of its items in the order of their own bytes; an enum its value; a
# dict an object with sorted str keys; compact, UTF-8.


class _Fields:
    """What `_plain` needs of a dataclass: its field count, its optional fields, its fields."""

    __slots__ = ("count", "optional", "names")

    def __init__(self, cls: type) -> None:
        self.names = _fields(cls)
        self.count = len(self.names)
        self.optional = tuple(name for name in self.names if name in _optional(cls))


_FIELDS: dict[type, _Fields] = {}


def _plain(value: Any) -> Any:
    """orjson's `default`: what orjson writes in place of a dataclass or a set."""
    kind = type(value)
    shape = _FIELDS.get(kind)
    if shape is not None:
        fields = value.__dict__  # the fields in some order (orjson sorts the keys)
        if len(fields) != shape.count:  # something besides the fields (a cached property)
            fields = {name: getattr(value, name) for name in shape.names}
        elif shape.optional:
            fields = fields.copy()
        else:
            return fields
        for name in shape.optional:
            if fields[name] is None:
                del fields[name]
        return fields
    if kind is frozenset or kind is set:
        return orjson.Fragment(b"[" + b",".join(sorted([_item_json(v) for v in value])) + b"]")
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if not hasattr(value, "__dict__"):
            raise TypeError(f"{kind.__name__} has __slots__: a state's dataclasses keep a __dict__")
        _FIELDS[kind] = _Fields(kind)
        return _plain(value)
    raise TypeError(f"cannot hash {kind.__name__} in game state (use plain data)")


_OPTIONS = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_SORT_KEYS
_item_json = partial(orjson.dumps, default=_plain, option=_OPTIONS)


def fields_json(state: Any) -> bytes:
    """The bytes hash scheme "hmac-sha256-fields" covers: the state's fields as compact JSON.

        >>> @dataclasses.dataclass(frozen=True)
        ... class Demo:
        ...     seat: int
        ...     hand: frozenset[str]
        ...     later: Any = optional()
        >>> fields_json(Demo(2, frozenset({"b", "a"})))
        b'{"hand":["a","b"],"seat":2}'
    """
    return orjson.dumps(state, default=_plain, option=_OPTIONS)


def fields_hash(state: Any, key: str) -> str:
    """Hash scheme "hmac-sha256-fields", hex: HMAC-SHA256 keyed by the game's seed over
    `fields_json(state)`."""
    return hmac.digest(key.encode("utf-8"), orjson.dumps(state, default=_plain, option=_OPTIONS), "sha256").hex()
