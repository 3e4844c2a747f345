"""Game options as data: each game declares `OPTIONS`, a tuple of `Option`; `check` validates.

    >>> from domain.core.options import Option, check
    >>> SPEC = (Option("variant", "choice", "basic", "Which rules to play.", choices=("basic", "advanced")),)
    >>> check(SPEC, {}, "Demo")
    {'variant': 'basic'}
    >>> check(SPEC, {"variant": "expert"}, "Demo")
    Traceback (most recent call last):
    ...
    domain.core.errors.InvalidOptions: options.variant: variant must be one of 'basic', 'advanced'.

The catalog (`GET /v1/catalog`) publishes `to_json()` of every option and the web page builds
its "new game" form from it. Checks that relate options to each other or to the number of
players stay in the game's own `check_options`, which starts with `check`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .errors import InvalidOptions
from .i18n import _

Kind = Literal["bool", "int", "choice", "choices"]


@dataclass(frozen=True)
class Option:
    """One option: its name, kind, default and a sentence a player understands.

    kinds: "bool" (true/false), "int" (a whole number from `minimum` to `maximum`), "choice"
    (one of `choices`), "choices" (a list of distinct `choices`, in any order; normalised to the
    order of `choices`). `default` None means "not set" (the game decides what that means).
    `item` names one choice of a "choices" option in sentences and codes ("expansion": an
    unknown one is `options.expansion_unknown`).
    """

    name: str
    kind: Kind
    default: Any
    sentence: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    item: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "type": self.kind, "default": self.default,
                               "sentence": self.sentence}
        if self.choices:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out

    def value(self, given: Any) -> Any:
        """The normalised value of `given`, or InvalidOptions(`options.<name>`)."""
        name = self.name
        if self.kind == "bool":
            if type(given) is not bool:
                raise InvalidOptions(f"options.{name}", _("{name} must be true or false.", name=name))
            return given
        if self.kind == "int":
            lo, hi = self.minimum, self.maximum
            if type(given) is not int or (lo is not None and given < lo) or (hi is not None and given > hi):
                if lo is not None and hi is not None:
                    raise InvalidOptions(f"options.{name}", _("{name} must be a whole number from {low} to {high}.",
                                                              name=name, low=lo, high=hi))
                raise InvalidOptions(f"options.{name}", _("{name} must be a whole number.", name=name))
            return given
        if self.kind == "choice":
            if type(given) is not str or given not in self.choices:
                raise InvalidOptions(f"options.{name}", _("{name} must be one of {choices}.", name=name,
                                                          choices=", ".join(map(repr, self.choices))))
            return given
        if not isinstance(given, list | tuple) or not all(type(v) is str for v in given):
            raise InvalidOptions(f"options.{name}", _("{name} must be a list of names.", name=name))
        unknown = [v for v in given if v not in self.choices]
        if unknown:
            item = self.item or name
            raise InvalidOptions(
                f"options.{item}_unknown",
                _("There is no {item} {name!r}; the choices are {choices}.", item=item, name=unknown[0],
                  choices=", ".join(map(repr, self.choices))),
            )
        if len(set(given)) != len(given):
            raise InvalidOptions(f"options.{name}", _("Each of {name} may be named only once.", name=name))
        return [c for c in self.choices if c in given]


def check(spec: Sequence[Option], options: Any, title: str) -> dict[str, Any]:
    """The options with every default filled in and every value checked (strict types).

    Codes: `options.malformed` (not an object), `options.unknown` (a name the game does not
    have), `options.<name>` (a bad value)."""
    if not isinstance(options, Mapping):
        raise InvalidOptions("options.malformed", _("Options must be a JSON object."))
    known = {o.name: o for o in spec}
    unknown = sorted(str(k) for k in options if k not in known)
    if unknown:
        raise InvalidOptions("options.unknown", _("{game} has no option {name!r}.", game=title, name=unknown[0]))
    out: dict[str, Any] = {}
    for option in spec:
        given = options.get(option.name)
        if option.name not in options or given is None:
            out[option.name] = list(option.default) if isinstance(option.default, tuple) else option.default
        else:
            out[option.name] = option.value(given)
    return out


def check_seats(seats: Any, minimum: int, maximum: int, title: str) -> int:
    """The number of players, or InvalidOptions(`options.player_count`)."""
    if type(seats) is not int or not minimum <= seats <= maximum:
        raise InvalidOptions("options.player_count", _("{game} is played by {low} to {high} players.", game=title,
                                                         low=minimum, high=maximum))
    return seats


def catalog(spec: Sequence[Option]) -> list[dict[str, Any]]:
    return [o.to_json() for o in spec]
