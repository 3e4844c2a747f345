"""`determinize(state, seat, rng)`: the hidden information dealt again as `seat` may imagine it
(the rules contract, domain/core/search.py; what is hidden: views.py, §6.1).

Hidden from every seat alike: the colony tiles of the unexplored regions and the tile of each
goods type left out at setup. Per goods type they are one pool, dealt again onto that type's
unexplored stacks (each sorted cheapest first, as dealt) and the left-out place.
"""

from __future__ import annotations

from domain.core import RandomSource
from domain.core.search import redeal

from .components import C
from .evolve import replace
from .state import State


def determinize(state: State, seat: int, rng: RandomSource) -> State:
    stacks = list(state.stacks)
    removed: list[str] = []
    for good in C.goods:
        hidden = [i for i, region in enumerate(C.regions)
                  if C.stack_type[i] == good and region not in state.explored]
        out = [t for t in state.removed_tiles if C.tile_good[t] == good]
        pool = [t for i in hidden for t in stacks[i]] + out
        dealt = redeal(rng, pool, [len(stacks[i]) for i in hidden] + [len(out)])
        for i, tiles in zip(hidden, dealt, strict=False):
            stacks[i] = tuple(sorted(tiles, key=C.tile_price.__getitem__))
        removed += dealt[-1]
    return replace(state, stacks=tuple(stacks), removed_tiles=tuple(removed))
