"""Game options and the starting position (rules page §1.10, §6.2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core import Fact, RandomSource, shuffle
from domain.core.options import Option, check, check_seats

from .components import C
from .i18n import N_, TITLE, _

MIN_SEATS = 2
MAX_SEATS = 5
OPTIONS = (
    Option(
        "kings_privilege_placement", "choice", "auto",
        N_("Where the king's privileges of the final scoring go: placed for each player where they "
           "score most (auto), or chosen by each player (manual)."),
        choices=("auto", "manual"),
    ),
)



def check_options(options: Mapping[str, Any], seats: int) -> dict[str, Any]:
    """Normalised options, or InvalidOptions with an `options.*` code."""
    opts = check(OPTIONS, options, _(TITLE))
    check_seats(seats, MIN_SEATS, MAX_SEATS, _(TITLE))
    return opts


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
