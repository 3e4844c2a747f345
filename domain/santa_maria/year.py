"""End of year (rules page §5): conquistador scoring, reset, clearing the buildings, and the
start of the next year (display, dice, first player)."""

from __future__ import annotations

from domain.core import Fact, RandomSource, die
from domain.core.facts import Tx

from . import ambassadors, kingdoms, specialists
from .components import C
from .flow import ends_the_year
from .goods import _open
from .maya import setup as maya
from .scoring import final_scoring
from .state import BlueDie, Phase, Player, State, evolves, replace, with_player


def conquistador_ranking(state: State) -> list[int]:
    """Higher position first; on one space the marker lower in the stack (earlier) is ahead (§3.5)."""
    return sorted(range(state.seats), key=lambda s: (-state.players[s].conquistador, state.players[s].conquistador_stamp))


def conquistador_awards(state: State) -> list[list[int]]:
    """[seat, vp] per seat in ranking order (§5 step 1, §7.3 solo; §11 A-13: start scores nothing)."""
    ranking = conquistador_ranking(state)
    if state.seats == 1:
        pos = state.players[0].conquistador
        return [[0, C.solo_vp[state.year] if pos >= C.solo_trees[state.year] else 0]]
    table = C.conquistador_scoring[min(state.seats, 4)][state.year]  # 5 seats (C + D): the 4-player table (§8.6.4)
    out = []
    for rank, seat in enumerate(ranking):
        vp = table[rank] if rank < len(table) and state.players[seat].conquistador > 0 else 0
        out.append([seat, vp])
    return out


@ends_the_year
def end_of_year(tx: Tx, rng: RandomSource) -> None:
    state = tx.state
    tx.emit({"t": "ConquistadorScored", "year": state.year, "ranking": conquistador_ranking(state),
             "awards": conquistador_awards(state), **_open(state)})
    kingdoms.conquest(tx, conquistador_awards(state))  # bishop Conquest, year 3 (§1.7, A-41)
    tx.emit({"t": "ConquistadorReset"})
    tx.emit({"t": "BuildingsCleared"})
    maya.year_end(tx)  # module D: the city cleared, 3 cards drawn (§8.6.7)
    specialists.discard(tx)  # §8.7 (module B)
    if state.year >= C.years:
        final_scoring(tx)
        return
    state = tx.state
    # §5 step 5.1: the display leaves the game, 5 new doubles and 5 new triples
    tx.emit({"t": "DisplayDealt", "removed": list(state.display), "double": list(state.stacks[0][: C.display["double"]]),
             "triple": list(state.stacks[1][: C.display["triple"]]), **kingdoms.special_display(state)})  # §8.7, A-35
    # §5.2: all white dice rerolled into the pool
    year = state.year + 1
    tx.emit({"t": "WhiteDiceRolled", "faces": sorted(die(rng) for _ in range(ambassadors.white_per_player(state.modules) * state.seats)),
             "year": year})
    # §5.3: every player's blue dice rerolled (shared variant: the whole blue pool)
    if state.shared_blue_dice:
        tx.emit({"t": "BlueDiceRolled", "pool": sorted(die(rng) for _ in range(state.blue_made)), "taken": 0,
                 "year": year})
    else:
        tx.emit({"t": "BlueDiceRolled", "dice": [[s, b.id, die(rng)] for s, p in enumerate(state.players) for b in p.blue],
                 "year": year})
    # §5.4: the topmost occupied pass space (earlier arrival first) gives the first player
    first = min(state.pass_order, key=lambda s: (state.players[s].pass_space, state.pass_order.index(s)))
    tx.emit({"t": "FirstPlayerSet", "seat": first})
    maya.year_start(tx)  # module D: gold into the vault (§8.7)
    specialists.deal(tx)  # §8.7 (module B)
    ambassadors.new_year(tx, rng, year)  # module C: the ambassador dice rerolled onto their tokens (§8.7)
    tx.emit({"t": "YearStarted", "year": year})
    tx.emit({"t": "TurnStarted", "seat": first})


@evolves("ConquistadorScored")
def _conquistador_scored(state: State, fact: Fact) -> State:
    for seat, vp in fact["awards"]:
        state = with_player(state, seat, vp=state.players[seat].vp + vp)
    return state


@evolves("ConquistadorReset")
def _conquistador_reset(state: State, fact: Fact) -> State:
    return replace(state, players=tuple(replace(p, conquistador=0, conquistador_stamp=0) for p in state.players))


@evolves("BuildingsCleared")
def _buildings_cleared(state: State, fact: Fact) -> State:
    return replace(state, players=tuple(
        replace(p, occupant=tuple("" if o.startswith("$") else o for o in p.occupant), coin_activations=0)
        for p in state.players))


@evolves("DisplayDealt")
def _display_dealt(state: State, fact: Fact) -> State:
    double, triple, special = tuple(fact["double"]), tuple(fact["triple"]), tuple(fact.get("special", ()))
    state = replace(state, display=double + triple + special, removed_tiles=state.removed_tiles + tuple(fact.get("removed", ())),
                    stacks=(state.stacks[0][len(double):], state.stacks[1][len(triple):]))
    return replace(state, special_stack=(state.special_stack or ())[len(special):]) if "special" in fact else state


@evolves("WhiteDiceRolled")
def _white_dice_rolled(state: State, fact: Fact) -> State:
    players = tuple(replace(p, occupant=tuple("" if o.startswith("w") else o for o in p.occupant), white_taken=0)
                    for p in state.players)
    return replace(state, white_pool=tuple(sorted(fact["faces"])), players=players)


@evolves("BlueDiceRolled")
def _blue_dice_rolled(state: State, fact: Fact) -> State:
    if "pool" in fact:
        taken = fact.get("taken", 0)
        players = tuple(replace(p, occupant=tuple("" if o.startswith("p") else o for o in p.occupant), blue_used=0)
                        for p in state.players)
        return replace(state, blue_pool=tuple(sorted(fact["pool"])), players=players,
                       blue_supply=state.blue_supply - taken, blue_made=state.blue_made + taken)
    faces = {(seat, die_id): face for seat, die_id, face in fact["dice"]}
    rolled: list[Player] = []
    for s, p in enumerate(state.players):
        blue = tuple(BlueDie(b.id, faces.get((s, b.id), b.face)) for b in p.blue)
        rolled.append(replace(p, blue=blue, occupant=tuple("" if o.startswith("b") else o for o in p.occupant)))
    return replace(state, players=tuple(rolled))


@evolves("FirstPlayerSet")
def _first_player_set(state: State, fact: Fact) -> State:
    return replace(state, current=fact["seat"])


@evolves("YearStarted")
def _year_started(state: State, fact: Fact) -> State:
    players = tuple(replace(p, pass_space=0) for p in state.players)  # markers back on the market square
    return replace(state, year=fact["year"], phase=Phase.PLAY, players=players, pass_order=(), pending=None)
