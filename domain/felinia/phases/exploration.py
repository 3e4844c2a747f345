"""The exploration phase (rules page §2.4, §5.3): which ships sail, and each merchant's
expedition: landing in the port province, flipping (basic), moving along roads, stopping, and the
duty to head for a face-up trade tile ([EX-1], FE-AMB-3, FE-AMB-44)."""

from __future__ import annotations

from collections.abc import Iterator

from domain.core import Action, Fact, RandomSource
from domain.core.commands import Why, fields, refuse, reject
from domain.core.facts import Tx

from ..components import C
from ..i18n import _, province
from ..state import (
    Expedition,
    State,
    Step,
    commands,
    evolves,
    player,
    put,
    replace,
    why_not_offered,
)
from .arrival import enter, food_on_entry


def _time(state: State, ship: int) -> int:
    tile = state.ships[ship]
    assert tile is not None
    return C.deck_tiles[tile].minutes


def begin(tx: Tx) -> None:
    """§2.4.1 which ships sail: all with a deck tile at the end, else the full ones, else the earliest."""
    s = tx.state
    carrying = [i for i in range(len(C.ship_ids)) if s.ships[i] is not None]
    if s.end_trigger is not None:
        sailing = carrying
    else:
        full = [i for i in carrying if None not in s.ship_seats[i]]
        sailing = full or [min(carrying, key=lambda i: _time(s, i))] if carrying else []
    sailing.sort(key=lambda i: _time(s, i))
    tx.emit({"t": "ExplorationBegan", "ships": [C.ship_ids[i] for i in sailing]})


# -- where a merchant may go --------------------------------------------------------------------


def _target(state: State, q: int) -> bool:
    return state.tiles[q] is not None and state.face_up[q]


def _open(state: State, e: Expedition, at: int, q: int, visited: frozenset[int]) -> bool:
    """The movement requirements of `move` (roads, same country, not visited, no merchant, no
    face-down tile), without [EX-1]."""
    b = state.board
    return (q in b.roads[at] and b.country[q] == e.country and q not in visited
            and state.settled[q] is None and (state.tiles[q] is None or state.face_up[q]))


def within_steps(state: State, e: Expedition) -> bool:
    """[EX-1] a face-up tile can be entered using only the remaining standard steps."""

    def go(at: int, visited: frozenset[int], steps: int) -> bool:
        for q in state.board.roads[at]:
            if _open(state, e, at, q, visited) and (_target(state, q) or (steps > 1 and go(q, visited | {q}, steps - 1))):
                return True
        return False

    return e.steps > 0 and go(e.at, e.visited, e.steps)


def _after(state: State, e: Expedition, q: int, steps: int, food: int) -> tuple[int, int]:
    """(standard steps, food) after moving into q: a step or a food spent, food gained there."""
    if steps > 0:
        steps -= 1
    else:
        food -= 1
    return steps, food + (food_on_entry(state, e.seat, q, food) if state.advanced else 0)


def within_reach(state: State, e: Expedition, at: int, visited: frozenset[int], steps: int, food: int) -> bool:
    """[EX-1] as `within_steps`, once the standard steps are used each move spends 1 food,
    counting the food held and the food gained on the way."""
    seen: dict[tuple[int, frozenset[int], int, int], bool] = {}

    def go(at: int, visited: frozenset[int], steps: int, food: int) -> bool:
        key = (at, visited, steps, food)
        if key not in seen:
            seen[key] = False
            seen[key] = any(
                _open(state, e, at, q, visited) and (steps > 0 or food > 0)
                and (_target(state, q) or go(q, visited | {q}, *_after(state, e, q, steps, food)))
                for q in state.board.roads[at]
            )
        return seen[key]

    return go(at, visited, steps, food if state.advanced else 0)


def _bound_now(state: State, e: Expedition) -> bool:
    """A bound merchant is held while some tile stays within reach."""
    return (e.bound and not state.lenient
            and within_reach(state, e, e.at, e.visited, e.steps, state.players[e.seat].food))


def why_not_move(state: State, q: int) -> Why:
    e = state.expedition
    assert e is not None
    food = state.players[e.seat].food
    b = state.board
    if e.steps < 1 and not (state.advanced and food >= 1):
        return ("explore.no_steps", _("Your merchant has no step left."))
    if q not in b.roads[e.at]:
        return ("explore.not_adjacent", _("No road leads from {start} to {end}.", start=province(b.provinces[e.at]),
                                         end=province(b.provinces[q])))
    if b.country[q] != e.country:
        return ("explore.other_country", _("Your merchant must stay in the country it landed in."))
    if q in e.visited:
        return ("explore.revisit", _("Your merchant has been in {province} already on this expedition.",
                                    province=province(b.provinces[q])))
    if state.settled[q] is not None:
        return ("explore.occupied", _("A merchant stands in {province}.", province=province(b.provinces[q])))
    if state.tiles[q] is not None and not state.face_up[q]:
        return ("explore.face_down_tile", _("{province} holds a face-down trade tile.", province=province(b.provinces[q])))
    if _bound_now(state, e) and not _target(state, q):
        steps, food2 = _after(state, e, q, e.steps, food)
        if not within_reach(state, e, q, e.visited | {q}, steps, food2):
            return ("explore.must_reach_tile", _("Your merchant must head for a face-up trade tile it can still reach."))
    return None


def why_not_flip(state: State, q: int) -> Why:
    e = state.expedition
    assert e is not None
    if e.moved:
        return ("explore.flip_after_move", _("Tiles can be flipped only before your merchant's first move."))
    if e.flips < 1:
        return ("explore.flip_limit", _("Your merchant has flipped two tiles already."))
    if state.board.country[q] != e.country:
        return ("explore.flip_other_country", _("Flip a tile of the country your merchant landed in."))
    if state.tiles[q] is None or state.face_up[q]:
        return ("explore.flip_not_face_down", _("{province} holds no face-down trade tile.",
                                               province=province(state.board.provinces[q])))
    return None


def why_not_stop(state: State) -> Why:
    e = state.expedition
    assert e is not None
    if _bound_now(state, e):
        return ("explore.must_continue", _("A face-up trade tile is within reach: your merchant must head for it."))
    return None


def _candidates(state: State) -> list[int]:
    e = state.expedition
    assert e is not None
    return sorted(q for q in range(len(state.board.provinces)) if state.board.country[q] == e.country)


def moves(state: State) -> Iterator[Action]:
    e = state.expedition
    assert e is not None
    if not state.advanced:
        for q in _candidates(state):
            if why_not_flip(state, q) is None:
                yield {"type": "flip", "province": state.board.provinces[q]}
    for q in sorted(state.board.roads[e.at]):
        if why_not_move(state, q) is None:
            yield {"type": "move", "province": state.board.provinces[q]}
    if why_not_stop(state) is None:
        yield {"type": "stop"}


def _province(state: State, action: Action) -> int:
    fields(action, ("province",))
    q = state.board.index.get(action["province"]) if type(action["province"]) is str else None
    if q is None:
        reject("action.malformed", _("{province!r} is not a province of this board.", province=action["province"]))
    return q


@commands.command("flip")
def _flip(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    refuse(why_not_offered(tx.state, "flip"))
    q = _province(tx.state, action)
    refuse(why_not_flip(tx.state, q))
    tx.emit({"t": "TradeTileRevealed", "seat": seat, "province": action["province"], "tile": tx.state.tiles[q]})


@commands.command("move")
def _move(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    refuse(why_not_offered(tx.state, "move"))
    q = _province(tx.state, action)
    refuse(why_not_move(tx.state, q))
    enter(tx, rng, q)


@commands.command("stop")
def _stop(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    refuse(why_not_offered(tx.state, "stop"))
    fields(action)
    refuse(why_not_stop(tx.state))
    tx.emit({"t": "MerchantReturnedHome", "seat": seat, "stopped": True})


def step(tx: Tx, rng: RandomSource) -> bool:
    """One automatic step of the exploration phase; False when the game waits for a seat."""
    s = tx.state
    e = s.expedition
    if e is None:
        if not s.sailing:
            return _end(tx)
        ship = s.sailing[0]
        tile = s.ships[ship]
        assert tile is not None
        seats = s.ship_seats[ship]
        if s.voyage is None:
            if all(x is None for x in seats):
                tx.emit({"t": "DeckTileDiscarded", "ship": C.ship_ids[ship], "tile": tile})
            else:
                tx.emit({"t": "ShipSailed", "ship": C.ship_ids[ship], "tile": tile, "country": C.deck_tiles[tile].colour})
            return True
        aboard = next((i for i, x in enumerate(seats) if x is not None), None)
        if aboard is None:
            tx.emit({"t": "ShipReturned", "ship": C.ship_ids[ship], "tile": tile})
            return True
        country = C.deck_tiles[tile].colour
        tx.emit({"t": "ExpeditionBegan", "ship": C.ship_ids[ship], "ship_seat": aboard, "seat": seats[aboard],
                 "country": country})
        enter(tx, rng, s.board.port[country], landing=True)
        return True
    if s.step is not Step.EXPLORATION:
        return False
    food = s.players[e.seat].food
    if e.steps == 0 and not (s.advanced and food > 0):
        tx.emit({"t": "MerchantReturnedHome", "seat": e.seat, "stopped": False})
        return True
    if not s.lenient and not e.bound and within_steps(s, e):
        tx.emit({"t": "ExpeditionBound", "seat": e.seat, "province": s.board.provinces[e.at]})
        return True
    if not any(a["type"] != "stop" for a in moves(s)):
        tx.emit({"t": "MerchantReturnedHome", "seat": e.seat, "stopped": False})
        return True
    return False


def _end(tx: Tx) -> bool:
    s = tx.state
    if s.end_trigger is not None:
        tx.emit({"t": "FinalSalesBegan"})
    else:
        owing = [seat for seat, p in enumerate(s.players) if p.goods_count > C.free_goods]
        tx.emit({"t": "StorageBegan", "owing": owing})
    return True


@evolves("ExplorationBegan")
def _exploration_began(state: State, fact: Fact) -> State:
    return replace(state, step=Step.EXPLORATION, sailing=tuple(C.ship_ids.index(s) for s in fact["ships"]),
                   voyage=None, expedition=None)


def _ship_done(state: State, ship: int, tile: str) -> State:
    return replace(state, ships=put(state.ships, ship, None), ship_seats=put(state.ship_seats, ship, ()),
                   discard=(*state.discard, tile), sailing=state.sailing[1:], voyage=None)


@evolves("DeckTileDiscarded")
def _deck_tile_discarded(state: State, fact: Fact) -> State:
    return _ship_done(state, C.ship_ids.index(fact["ship"]), fact["tile"])


@evolves("ShipReturned")
def _ship_returned(state: State, fact: Fact) -> State:
    return _ship_done(state, C.ship_ids.index(fact["ship"]), fact["tile"])


@evolves("ShipSailed")
def _ship_sailed(state: State, fact: Fact) -> State:
    return replace(state, voyage=C.ship_ids.index(fact["ship"]))


@evolves("ExpeditionBegan")
def _expedition_began(state: State, fact: Fact) -> State:
    ship = C.ship_ids.index(fact["ship"])
    seats = put(state.ship_seats[ship], fact["ship_seat"], None)
    e = Expedition(ship, fact["ship_seat"], fact["seat"], fact["country"], -1, frozenset())
    return replace(state, ship_seats=put(state.ship_seats, ship, seats), expedition=e)


@evolves("ExpeditionBound")
def _expedition_bound(state: State, fact: Fact) -> State:
    assert state.expedition is not None
    return replace(state, expedition=replace(state.expedition, bound=True))


@evolves("TradeTileRevealed")
def _trade_tile_revealed(state: State, fact: Fact) -> State:
    q = state.board.index[fact["province"]]
    e = state.expedition
    assert e is not None
    return replace(state, face_up=put(state.face_up, q, True), expedition=replace(e, flips=e.flips - 1))


@evolves("MerchantReturnedHome")
def _merchant_returned_home(state: State, fact: Fact) -> State:
    seat = fact["seat"]
    return replace(player(state, seat, merchants=state.players[seat].merchants + 1), expedition=None)
