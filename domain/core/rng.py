"""The seeded generator every game draws its randomness from.

Algorithm (version-stable, documented so anyone can re-check a game with its revealed seed):

    block(k)   = HMAC-SHA256(key=seed, msg=f"{stream}#{k}".encode("utf-8"))   k = 0, 1, 2, ...
    below(n)   : take the next block as a 256-bit big-endian integer x; with
                 limit = 2**256 - (2**256 % n), accept x % n when x < limit, otherwise take the
                 next block (rejection sampling, so every result is exactly uniform).
    shuffle(s) : Fisher-Yates from the end: for i = len-1 .. 1, j = below(i + 1), swap i, j.
    choice(s)  : s[below(len(s))]
    die(k)     : 1 + below(k)

`stream` names the occasion ("setup", "event:17", "bot:17"), so draws for one move never depend
on draws for another. Every call to `below` is logged as `[n, result]` in `draws`; the aggregate
stores those next to the facts, and `replay fairness` recomputes them from the revealed seed.
`ScriptedRng` plays a recorded list back (used by `replay verify` when the seed is still secret).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import MutableSequence, Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

Draw = list[int]  # [n, result]


class RandomSource(Protocol):
    """What rules may ask of randomness. Implemented by `Rng` and `ScriptedRng`."""

    draws: list[Draw]

    def below(self, n: int) -> int: ...


class RngMismatch(Exception):
    """A scripted replay asked for a draw the record does not hold (a divergence)."""


def new_seed() -> str:
    """A fresh secret seed: 32 random bytes as hex."""
    return secrets.token_hex(32)


def new_salt() -> str:
    """A fresh secret salt for a seed commitment: 16 random bytes as hex."""
    return secrets.token_hex(16)


def seed_commitment(seed: str, salt: str | None) -> str:
    """The public commitment published at creation, hex: HMAC-SHA256(key=salt, msg=seed).

    The salt is secret until the seed is revealed with it, so a guessable seed ("table-417")
    cannot be read back from its commitment. Records of format 1 have no salt: sha256(seed).
    """
    if salt is None:
        return hashlib.sha256(seed.encode("utf-8")).hexdigest()
    return hmac.new(salt.encode("utf-8"), seed.encode("utf-8"), hashlib.sha256).hexdigest()


def game_seed(committed: str, entropies: Sequence[str], client_seeded: bool) -> str:
    """The seed the game draws from.

    A client-seeded game draws from the client's seed as it is. Otherwise the server committed
    to a secret seed before any seat joined, each seat may add entropy, and the game's seed is
    HMAC-SHA256(key=server seed, msg=JSON array of the entropies in seat order), hex: the server
    could not choose the entropies, and the seats could not predict the server's part.
    """
    if client_seeded:
        return committed
    message = json.dumps(list(entropies), ensure_ascii=False, separators=(",", ":"))
    return hmac.new(committed.encode("utf-8"), message.encode("utf-8"), hashlib.sha256).hexdigest()


# HMAC-SHA256 (RFC 2104) as its two SHA-256 passes: inner = H((K ^ ipad) || msg), block =
# H((K ^ opad) || inner), K the key padded with zeros to SHA-256's 64-byte block (a longer key is
# hashed first). The pads' states are computed once per seed and copied per block: the same
# bytes as `hmac.new(seed, msg, sha256).digest()` (tests/test_rng.py), without hashing the pads
# again or the `hmac` module's Python wrapper object per block.
_IPAD = bytes(x ^ 0x36 for x in range(256))
_OPAD = bytes(x ^ 0x5C for x in range(256))
_PADS: dict[str, tuple[Any, Any]] = {}
_SPAN = 1 << 256  # the blocks' range (a constant: `1 << 256` is not folded by the compiler)


def _pads(seed: str) -> tuple[Any, Any]:
    """The inner and outer SHA-256 states of HMAC keyed by `seed` (remembered per seed: one
    game's seed serves all its streams; a bounded cache of a pure function, emptied when full)."""
    key = seed.encode("utf-8")
    if len(key) > 64:
        key = hashlib.sha256(key).digest()
    key = key.ljust(64, b"\0")
    if len(_PADS) >= 1024:
        _PADS.clear()
    _PADS[seed] = pads = (hashlib.sha256(key.translate(_IPAD)), hashlib.sha256(key.translate(_OPAD)))
    return pads


class Rng:
    """HMAC-SHA256 in counter mode, keyed by the game's seed, for one named stream."""

    __slots__ = ("_seed", "_stream", "_counter", "draws")

    def __init__(self, seed: str, stream: str) -> None:
        self._seed = seed
        self._stream = stream
        self._counter = 0
        self.draws: list[Draw] = []

    def _block(self) -> int:
        inner, outer = _PADS.get(self._seed) or _pads(self._seed)
        inner = inner.copy()
        inner.update(f"{self._stream}#{self._counter}".encode())
        self._counter += 1
        outer = outer.copy()
        outer.update(inner.digest())
        return int.from_bytes(outer.digest(), "big")

    def below(self, n: int) -> int:
        if n < 1:
            raise ValueError("below(n) needs n >= 1")
        limit = _SPAN - (_SPAN % n)
        while True:
            x = self._block()
            if x < limit:
                result = x % n
                self.draws.append([n, result])
                return result


class ScriptedRng:
    """Plays back recorded draws; fails loudly when asked for anything else."""

    __slots__ = ("_script", "_next", "draws")

    def __init__(self, script: Sequence[Sequence[int]]) -> None:
        self._script = [list(d) for d in script]
        self._next = 0
        self.draws: list[Draw] = []

    def below(self, n: int) -> int:
        if self._next >= len(self._script):
            raise RngMismatch(f"draw #{self._next + 1} (below {n}) is not in the record")
        want_n, result = self._script[self._next]
        if want_n != n or not 0 <= result < n:
            raise RngMismatch(
                f"draw #{self._next + 1}: the record has below({want_n}) = {result}, "
                f"the rules asked for below({n})"
            )
        self._next += 1
        self.draws.append([n, result])
        return result

    def exhausted(self) -> bool:
        return self._next == len(self._script)


# Helpers the rules use; they only call `below`, so they work with either source.


def shuffle(rng: RandomSource, items: Sequence[T]) -> tuple[T, ...]:
    """A shuffled copy of `items` (Fisher-Yates, see the module docstring)."""
    out: MutableSequence[T] = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out)


def choice(rng: RandomSource, items: Sequence[T]) -> T:
    if not items:
        raise ValueError("choice from an empty sequence")
    return items[rng.below(len(items))]


def die(rng: RandomSource, sides: int = 6) -> int:
    return 1 + rng.below(sides)
