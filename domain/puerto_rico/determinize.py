"""`determinize(state, seat, rng)`: the hidden information dealt again as `seat` may imagine it
(the rules contract, domain/core/search.py; what is hidden: views.py, §7).

Hidden from `seat`: the order of the face-down plantation pile, the true kinds of the other
seats' forests from face-down draws, a tile another seat drew face down and has not placed yet
(one pool of plantation tiles: the seat knows how many lie in each place, not which), and the
other seats' VP totals. Those totals are guessed from the supply: the chips taken from it less
the seat's own, shared evenly (the rest at random); "paper" VP past an empty supply (§5.1.3)
are not guessed.
"""

from __future__ import annotations

from domain.core import RandomSource
from domain.core.search import redeal

from .components import SETUPS
from .state import State, _set


def determinize(state: State, seat: int, rng: RandomSource) -> State:
    s = state
    others = [i for i in range(s.n) if i != seat]
    drawn_hidden = s.drawn >= 0 and s.turn != seat
    pool = [*s.draw_pile, *(k for i in others for k, n in enumerate(s.players[i].hidden_forests) for _ in range(n))]
    if drawn_hidden:
        pool.append(s.drawn)
    sizes = [len(s.draw_pile), *(sum(s.players[i].hidden_forests) for i in others), 1 if drawn_hidden else 0]
    dealt = redeal(rng, pool, sizes)
    players = list(s.players)
    chips = max(0, SETUPS[s.n].vp - s.vp_supply - s.players[seat].vp)
    shares = [chips // len(others)] * len(others)
    if chips % len(others):
        start = rng.below(len(others))
        for k in range(chips % len(others)):
            shares[(start + k) % len(others)] += 1
    for i, forests, vp in zip(others, dealt[1:-1], shares, strict=True):
        kinds = tuple(forests.count(k) for k in range(len(s.players[i].hidden_forests)))
        players[i] = _set(players[i], hidden_forests=kinds, vp=vp)
    drawn = dealt[-1][0] if drawn_hidden else s.drawn
    return _set(s, draw_pile=dealt[0], players=tuple(players), drawn=drawn)
