"""Game options and the starting position (rules page §1.10, §6.2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core import InvalidOptions, RandomSource, shuffle

from .components import C

MIN_SEATS = 2
MAX_SEATS = 5
OPTIONS = {"kings_privilege_placement": ("auto", "manual")}  # §5.3; "auto" is the default

Fact = dict[str, Any]


def check_options(options: Mapping[str, Any], seats: int) -> dict[str, Any]:
    """Normalised options, or InvalidOptions with an `options.*` code."""
    if not isinstance(options, Mapping):
        raise InvalidOptions("options.malformed", "Options must be a JSON object.")
    unknown = sorted(str(k) for k in options if k not in OPTIONS)
    if unknown:
        raise InvalidOptions("options.unknown", f"Navegador has no option {unknown[0]!r}.")
    if type(seats) is not int or not MIN_SEATS <= seats <= MAX_SEATS:
        raise InvalidOptions("options.player_count",
                             f"Navegador is played by {MIN_SEATS} to {MAX_SEATS} players.")
    mode = options.get("kings_privilege_placement", "auto")
    if mode not in OPTIONS["kings_privilege_placement"]:
        raise InvalidOptions("options.kings_privilege_placement",
                             "kings_privilege_placement must be \"auto\" or \"manual\".")
    return {"kings_privilege_placement": mode}


def setup(options: Mapping[str, Any], seats: int, rng: RandomSource) -> list[Fact]:
    """The facts of a new game: the board, the first player, the face-down colony stacks."""
    opts = check_options(options, seats)
    facts: list[Fact] = [{"t": "GameSetUp", "seats": seats, **opts}]
    # §1.10 step 1: the first player is drawn at random.
    facts.append({"t": "FirstPlayerChosen", "seat": rng.below(seats)})
    # §1.10 step 4: per type, shuffle and deal onto that type's stacks in map order; the
    # one tile left over of each type leaves the game unseen.
    stacks: dict[str, list[str]] = {}
    removed: list[str] = []
    for good in C.goods:
        order = shuffle(rng, C.tiles[good])
        pos = 0
        for i, region in enumerate(C.regions):
            if C.stack_type[i] == good:
                stacks[region] = list(order[pos : pos + C.stack_size[i]])
                pos += C.stack_size[i]
        removed += order[pos:]
    facts.append({"t": "ColoniesDealt", "stacks": {r: stacks[r] for r in C.regions if r in stacks},
                  "removed": removed})
    return facts
