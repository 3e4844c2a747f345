"""`determinize(state, seat, rng)`: the hidden information dealt again as `seat` may imagine it
(the rules contract, domain/core/search.py; what is hidden: views.py, §7).

Hidden from `seat`, each dealt again from one pool into the same places:

- trade tiles, per country: those face down on the map and those the other seats took (the
  province each was taken from is public, so its country is known);
- the deck tiles below the top one (below none when the open-deck variant shows it), per back
  colour (grey on top, blue below: each place keeps its back);
- mysterious place cards: the deck, the other seats' cards and those another seat's merchant
  drew and has not chosen among yet.
"""

from __future__ import annotations

from domain.core import RandomSource
from domain.core.search import redeal

from .components import C
from .state import State, put, replace


def determinize(state: State, seat: int, rng: RandomSource) -> State:
    others = [i for i in range(state.seats) if i != seat]
    state = _trade_tiles(state, others, rng)
    state = _deck(state, rng)
    return _mystery(state, others, rng)


def _trade_tiles(state: State, others: list[int], rng: RandomSource) -> State:
    board = state.board
    tiles = list(state.tiles)
    held = {i: list(state.players[i].tiles) for i in others}
    for country in C.countries:
        face_down = [q for q, t in enumerate(tiles) if t is not None and not state.face_up[q] and board.country[q] == country]
        taken = [(i, k) for i in others for k, q in enumerate(state.players[i].tile_provinces) if board.country[q] == country]
        pool = [tiles[q] or "" for q in face_down] + [held[i][k] for i, k in taken]
        if not pool:
            continue
        dealt = redeal(rng, pool, [1] * len(pool))
        for q, (tile,) in zip(face_down, dealt, strict=False):
            tiles[q] = tile
        for (i, k), (tile,) in zip(taken, dealt[len(face_down):], strict=True):
            held[i][k] = tile
    players = state.players
    for i in others:
        players = put(players, i, replace(players[i], tiles=tuple(held[i])))
    return replace(state, tiles=tuple(tiles), players=players)


def _deck(state: State, rng: RandomSource) -> State:
    deck = list(state.deck)
    shown = 1 if state.deck_top_shown else 0
    for back in ("grey", "blue"):
        places = [k for k in range(shown, len(deck)) if C.deck_tiles[deck[k]].back == back]
        for k, (tile,) in zip(places, redeal(rng, [deck[k] for k in places], [1] * len(places)), strict=True):
            deck[k] = tile
    return replace(state, deck=tuple(deck))


def _mystery(state: State, others: list[int], rng: RandomSource) -> State:
    e = state.expedition
    drawn = e is not None and e.seat in others and bool(e.drawn)
    pool = [*state.mystery_deck, *(c for i in others for c in state.players[i].mystery), *(e.drawn if drawn and e else ())]
    if not pool:
        return state
    sizes = [len(state.mystery_deck), *(len(state.players[i].mystery) for i in others), len(e.drawn) if drawn and e else 0]
    dealt = redeal(rng, pool, sizes)
    players = state.players
    for i, cards in zip(others, dealt[1:], strict=False):
        players = put(players, i, replace(players[i], mystery=cards))
    state = replace(state, mystery_deck=dealt[0], players=players)
    if drawn and e is not None:
        state = replace(state, expedition=replace(e, drawn=dealt[-1]))
    return state
