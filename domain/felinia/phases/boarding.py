"""Boarding (rules page §2.3.4): right after a deal the dealer may put merchants on ships, paying
each deck tile's goods and silver; the last merchant boarded triggers the end (§4.1 a)."""

from __future__ import annotations

from collections.abc import Iterator

from domain.core import Action, Fact, RandomSource
from domain.core.commands import Why, fields, refuse, reject
from domain.core.facts import Tx

from ..components import C
from ..i18n import _, counted, ngettext
from ..state import State, Step, add, commands, evolves, player, put, replace, why_not_offered


def why_not_board(state: State, seat: int, ship: int) -> Why:
    tile = state.ships[ship]
    if tile is None:
        return ("boarding.no_deck_tile", _("Ship {ship} carries no deck tile.", ship=ship + 1))
    if None not in state.ship_seats[ship]:
        return ("boarding.ship_full", _("Every seat of Ship {ship} is taken.", ship=ship + 1))
    p = state.players[seat]
    if p.merchants < 1:
        return ("boarding.no_merchant", _("You have no merchant left in your supply."))
    need = C.deck_tiles[tile]
    if any(have < n for have, n in zip(p.goods, need.goods, strict=True)):
        return ("boarding.missing_goods", _("Boarding this ship takes {goods}.", goods=_cost(tile)))
    if p.silver < need.silver:
        return ("boarding.insufficient_silver", ngettext("Boarding this ship takes {n} silver besides the goods.",
                                                         "Boarding this ship takes {n} silver besides the goods.", need.silver))
    return None


def _cost(tile: str) -> str:
    need = C.deck_tiles[tile]
    return " + ".join(counted(n, g) for g, n in zip(C.goods, need.goods, strict=True) if n)


def could_board(state: State, seat: int) -> bool:
    """[TR-5] whether some `board` could still become legal (a silver shortage alone can be
    mended by selling, so it does not count)."""
    p = state.players[seat]
    if p.merchants < 1:
        return False
    return any(
        tile is not None and None in seats
        and all(have >= n for have, n in zip(p.goods, C.deck_tiles[tile].goods, strict=True))
        for tile, seats in zip(state.ships, state.ship_seats, strict=True)
    )


def boardings(state: State, seat: int) -> Iterator[Action]:
    for i, ship in enumerate(C.ship_ids):
        if why_not_board(state, seat, i) is None:
            yield {"type": "board", "ship": ship}
    yield {"type": "end_turn"}


@commands.command("board")
def _board(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    refuse(why_not_offered(tx.state, "board"))
    fields(action, ("ship",))
    if action["ship"] not in C.ship_ids:
        reject("action.malformed", _("'ship' must be one of {ships}.", ships=", ".join(map(repr, C.ship_ids))))
    ship = C.ship_ids.index(action["ship"])
    refuse(why_not_board(tx.state, seat, ship))
    tile = tx.state.ships[ship]
    assert tile is not None
    need = C.deck_tiles[tile]
    goods = [g for g, n in zip(C.goods, need.goods, strict=True) for _k in range(n)]
    tx.emit({"t": "MerchantBoarded", "seat": seat, "ship": action["ship"],
             "ship_seat": tx.state.ship_seats[ship].index(None), "goods": goods, "silver": need.silver})
    if tx.state.players[seat].merchants == 0 and tx.state.end_trigger is None:
        tx.emit({"t": "GameEndTriggered", "reason": "last_merchant", "seat": seat})


@commands.command("end_turn")
def _end_turn(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    refuse(why_not_offered(tx.state, "end_turn"))
    fields(action)
    tx.emit({"t": "BoardingWindowClosed", "seat": seat, "auto": False})


def close_if_useless(tx: Tx) -> None:
    """[TR-5] the window closes by itself when no `board` could become legal."""
    seat = tx.state.dealer
    assert seat is not None
    if not could_board(tx.state, seat):
        tx.emit({"t": "BoardingWindowClosed", "seat": seat, "auto": True})


@evolves("MerchantBoarded")
def _merchant_boarded(state: State, fact: Fact) -> State:
    seat, ship = fact["seat"], C.ship_ids.index(fact["ship"])
    p = state.players[seat]
    paid = tuple(fact["goods"].count(g) for g in C.goods)
    state = player(state, seat, goods=add(p.goods, paid, -1), silver=p.silver - fact["silver"],
                   merchants=p.merchants - 1)
    seats = put(state.ship_seats[ship], fact["ship_seat"], seat)
    return replace(state, bag=add(state.bag, paid), ship_seats=put(state.ship_seats, ship, seats))


@evolves("BoardingWindowClosed")
def _boarding_window_closed(state: State, fact: Fact) -> State:
    return replace(state, step=Step.TRADE, dealer=None, asked=False)


@evolves("GameEndTriggered")
def _game_end_triggered(state: State, fact: Fact) -> State:
    return replace(state, end_trigger=fact["reason"])
