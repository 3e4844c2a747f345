"""The store's JSON: the eventsourcing library's `JSONTranscoder`, written by orjson.

The library's transcoder runs the standard library's JSON encoder with a Python callback for
every object it cannot write itself (an event's timestamp, at least); orjson writes the same
JSON in a third of the instructions (issue 15: an event per move, thousands a game). What is
stored does not change: compact, UTF-8 written as it is, `datetime`, `UUID` and `Decimal` (and
any transcoding registered) as the library writes them, `{"_type_": name, "_data_": ...}`;
for the events of every game orjson writes the very bytes the library wrote
(tests/test_transcoder.py). Reading is the library's own decoder, unchanged (orjson reading
with the checks it needs took more instructions than the library's decoder).

orjson writes a few values in its own way (a `UUID` or an `Enum` not through the registered
transcodings, NaN and infinities as null) and refuses others (integers beyond 64 bits, keys
that are not strings; subclasses of str, int, float, list, tuple and dict, which the standard
library writes as their base type, are refused here): an event holding any of those, or any
float that is not finite, is written by the library's encoder, exactly as before.
"""

from __future__ import annotations

import enum
import marshal
import math
from typing import Any
from uuid import UUID

import orjson
from eventsourcing.persistence import JSONTranscoder

# Exact types orjson writes as the standard library's encoder does.
_SCALARS = frozenset({str, int, bool, type(None)})
_CONTAINERS = frozenset({dict, list, tuple})
# Types orjson writes itself where the library would call its transcodings (or refuse).
_OWN_WAY = (UUID, enum.Enum, orjson.Fragment)
# Subclasses of these are handed to `default` (the passthrough options): refused, since the
# standard library writes them as their base type, never through a transcoding.
_BASES = (str, int, float, list, tuple, dict)
_OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_SUBCLASS


def _written_alike(fields: dict[str, Any]) -> bool:
    """Whether orjson writes these fields as the library's encoder does (or refuses them).

    The top-level values are looked at here (the event's timestamp is one, written through
    its transcoding); what is nested in them is checked by `marshal` (format 0) in C: it
    refuses every type but the exact built-in ones (no UUID, Enum, subclass, datetime), and
    writes a float as its text, so a NaN or an infinity shows as "nan" or "inf" (a string
    holding those letters only sends the event to the library's encoder)."""
    nested = []
    for value in fields.values():
        kind = type(value)
        if kind in _SCALARS:
            continue
        if kind in _CONTAINERS:
            nested.append(value)
        elif kind is float:
            if not math.isfinite(value):
                return False
        elif isinstance(value, _OWN_WAY):
            return False
    if nested:
        try:
            text = marshal.dumps(nested, 0)
        except ValueError:
            return False
        if b"nan" in text or b"inf" in text:
            return False
    return True


class OrjsonTranscoder(JSONTranscoder):
    """`JSONTranscoder` with orjson writing where it gives the same JSON."""

    def __init__(self) -> None:
        super().__init__()
        self._default = self._transcode

    def _transcode(self, obj: Any) -> dict[str, Any]:
        if isinstance(obj, _BASES):
            raise TypeError(type(obj))
        return self._encode_obj(obj)

    def encode(self, obj: Any) -> bytes:
        if type(obj) is dict and _written_alike(obj):
            try:
                return orjson.dumps(obj, default=self._default, option=_OPTIONS)
            except TypeError:  # refused (orjson.JSONEncodeError): the library's encoder says what it says
                pass
        return super().encode(obj)
