"""The bidding phase (rules page §2.2): three placement rounds, clockwise from the first player;
a token goes on the player's own board (1, 2 or 3 silver) or on top of a venue's stack."""

from __future__ import annotations

from collections.abc import Iterator

from domain.core import Action, Fact, RandomSource
from domain.core.commands import Why, fields, refuse, reject
from domain.core.facts import Tx

from ..components import C
from ..i18n import _, number
from ..state import (
    VENUES,
    State,
    Step,
    commands,
    evolves,
    player,
    put,
    replace,
    silver_gain,
    why_not_offered,
)

TARGETS = ("own_board", *VENUES)


def placement_round(state: State) -> int:
    return state.placement // state.seats + 1


def why_not_bid(state: State, target: str) -> Why:
    if target in C.markets and state.closed[C.markets.index(target)]:
        return ("bid.market_closed", _("Market {market} is closed in a game of {n} players.", market=number(target, "market"),
                                     n=state.seats))
    return None


def bids(state: State) -> Iterator[Action]:
    for target in TARGETS:
        if why_not_bid(state, target) is None:
            yield {"type": "place_bid", "target": target}


@commands.command("place_bid")
def _place_bid(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    refuse(why_not_offered(tx.state, "place_bid"))
    fields(action, ("target",))
    target = action["target"]
    if type(target) is not str:
        reject("action.malformed", _("'target' must name where to bid: one of {targets}.", targets=", ".join(map(repr, TARGETS))))
    if target not in TARGETS:
        reject("bid.unknown_target", _("Bid on one of: {targets}.", targets=", ".join(map(repr, TARGETS))))
    refuse(why_not_bid(tx.state, target))
    r = placement_round(tx.state)
    tx.emit({"t": "BidPlaced", "seat": seat, "target": target, "circle": r if target == "own_board" else None})
    if target == "own_board":
        added, lost = silver_gain(tx.state.players[seat].silver, C.income[r])
        tx.emit({"t": "SilverGained", "seat": seat, "amount": added, "lost": lost})


def end_of_bidding(tx: Tx) -> bool:
    """[BID-2] after the 3N-th placement the trade phase begins."""
    if tx.state.placement < C.bid_tokens * tx.state.seats:
        return False
    tx.emit({"t": "TradeBegan", "round": tx.state.round})
    return True


@evolves("BidPlaced")
def _bid_placed(state: State, fact: Fact) -> State:
    seat, target = fact["seat"], fact["target"]
    p = state.players[seat]
    if target == "own_board":
        state = player(state, seat, tokens=p.tokens - 1, circles=(*p.circles, fact["circle"]))
    else:
        v = VENUES.index(target)
        state = player(state, seat, tokens=p.tokens - 1)
        state = replace(state, stacks=put(state.stacks, v, (*state.stacks[v], seat)))
    return replace(state, placement=state.placement + 1)


@evolves("SilverGained")
def _silver_gained(state: State, fact: Fact) -> State:
    seat = fact["seat"]
    return player(state, seat, silver=state.players[seat].silver + fact["amount"])


@evolves("TradeBegan")
def _trade_began(state: State, fact: Fact) -> State:
    return replace(state, step=Step.TRADE, asked=False)
