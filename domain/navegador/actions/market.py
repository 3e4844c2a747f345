"""The Market action (§2.9): selling goods of one's colonies and processing goods in one's
factories (the orange factory once per turn), each good once per turn."""

from __future__ import annotations

from domain.core import Action, RandomSource
from domain.core.commands import Why, fields, one_of, refuse, whole
from domain.core.facts import Tx

from ..components import C
from ..i18n import _, ngettext
from ..i18n import good as good_name
from ..state import Player, State, Trading
from ..turns import _G, _need_action, commands


def _traded(good: str) -> str:
    return _("You have already sold or processed {good} this turn.", good=good_name(good))


def _why_not_sell(state: State, seat: int, ctx: Trading, good: str, count: int) -> Why:
    if good in ctx.traded:
        return ("market.good_already_traded", _traded(good))
    have = state.players[seat].colonies_of(good)
    if count > have:
        return ("market.not_enough_colonies",
                ngettext("You can sell one {good} per colony of it; you have {n}.",
                         "You can sell one {good} per colony of it; you have {n}.", have, good=good_name(good)))
    return None


def _factories_for(p: Player, ctx: Trading, good: str) -> int:
    return p.factories[_G[good]] + (0 if ctx.orange_used else 1)


def _why_not_process(state: State, seat: int, ctx: Trading, good: str, count: int) -> Why:
    if good in ctx.traded:
        return ("market.good_already_traded", _traded(good))
    have = _factories_for(state.players[seat], ctx, good)
    if count > have:
        return ("market.not_enough_factories",
                ngettext("You can process {n} {good} now: one per factory of it, plus your orange factory if it is "
                         "still unused this turn.", "You can process {n} {good} now: one per factory of it, plus your "
                         "orange factory if it is still unused this turn.", have, good=good_name(good)))
    return None


@commands.command("sell")
def _decide_sell(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    state = tx.state
    _need_action(state, seat, "market", "sell")
    fields(action, ("good", "count",))
    good = one_of(action, "good", C.goods)
    count = whole(action, "count", 1)
    ctx = state.context
    assert isinstance(ctx, Trading)
    refuse(_why_not_sell(state, seat, ctx, good, count))
    row = state.market[_G[good]]
    # §2.9: every unit at the price before the cube moves; the cube stops on the bottom row.
    tx.emit({"t": "GoodsSold", "seat": seat, "good": good, "count": count,
             "unit_price": C.price[good][row], "row_before": row,
             "row_after": min(C.bottom_row, row + count)})


@commands.command("process")
def _decide_process(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
    state = tx.state
    _need_action(state, seat, "market", "process")
    fields(action, ("good", "count",))
    good = one_of(action, "good", C.goods)
    count = whole(action, "count", 1)
    ctx = state.context
    assert isinstance(ctx, Trading)
    refuse(_why_not_process(state, seat, ctx, good, count))
    row = state.market[_G[good]]
    tx.emit({"t": "GoodsProcessed", "seat": seat, "good": good, "count": count,
             "unit_income": C.factory_income[row], "row_before": row,
             "row_after": max(C.top_row, row - count),
             "orange_used": count > state.players[seat].factories[_G[good]]})


# -- legal actions -----------------------------------------------------------------------------


def market_actions(state: State, seat: int, ctx: Trading) -> list[Action]:
    p = state.players[seat]
    out: list[Action] = []
    for good in C.goods:
        if good in ctx.traded:
            continue
        out += [{"type": "sell", "good": good, "count": k}
                for k in range(1, p.colonies_of(good) + 1)]
        out += [{"type": "process", "good": good, "count": k}
                for k in range(1, _factories_for(p, ctx, good) + 1)]
    return out
