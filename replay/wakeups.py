"""Hand-offs of seeded bot games: how often each seat must come back to a correspondence game.

`replay bench --only wakeups` plays seeded games of every title, option set and player count
with the game's own heuristic bot in every seat, through the pure engine, and counts per seat:

- hand-offs: the times the seat became one of those to act (it was not to act before the
  decision just made). A seat that goes on with its own turn (several decisions in a row) is
  woken once; a seat that was already to act while another seat moved is not woken again.
- forced: hand-offs where the seat had exactly one legal action.
- only forced: hand-offs after which every decision the seat made, until it was no longer to
  act, had exactly one legal action: the wake-ups that forced moves playing themselves remove.

And the same games with forced moves and standing orders (issue 32, `count_game(...,
automatic=True)`): a decision with one legal action is played at once, and each seat keeps its
obvious orders: whenever it was woken, once it is no longer to act it replaces its orders by
the bot's own choice for each decision of its next turn as it foresees it, in order, each for
"next time" only (its forecast: the game played on from there by every seat's bot, with draws
of its own, until the seat's next turn ends). Its orders are then tried as the
server tries them (`orders.choose_order`). A hand-off then wakes the seat only if one of its
decisions until it is no longer to act was made by hand; the others were answered by forced
moves alone, or by orders (and forced moves). The forecast plays on from the true position, so
it knows what a face-down stack holds: a player who reads the table well, at best.

Nothing here is a test; the figures go to docs/perf.md.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from domain.core import registry
from domain.core.errors import InvalidOptions
from domain.core.game.orders import Order, choose_order
from domain.core.rng import Rng
from domain.core.rules import GameRules, played

FORECAST_DECISIONS = 600  # a forecast stops after so many decisions of the whole table


@dataclass
class Stretch:
    """One hand-off: the decisions a seat made from being woken until it was no longer to act."""

    first_choices: int
    all_forced: bool = True
    by_hand: bool = False  # with forced moves and orders: a decision was the seat's own
    ordered: bool = False  # an order answered one of its decisions


@dataclass
class SeatCount:
    handoffs: int = 0
    forced: int = 0
    only_forced: int = 0
    by_orders: int = 0  # with forced moves and orders: hand-offs answered by orders (and forced moves)


@dataclass
class GameCount:
    decisions: int = 0
    seats: list[SeatCount] = field(default_factory=list)


def heuristic_bot(rules: GameRules) -> str:
    """The game's bot that plays with a plan: the first one that is not the random one."""
    return next(name for name in rules.BOTS if name != "random")


def count_game(rules: GameRules, seats: int, seed: str, options: dict[str, Any], automatic: bool = False) -> GameCount:
    """Play one seeded game with the heuristic bot in every seat and count its hand-offs;
    `automatic`: with forced moves and each seat's obvious standing orders (the module's doc)."""
    bot = rules.BOTS[heuristic_bot(rules)]
    state: Any = None
    for fact in rules.setup(rules.check_options(options, seats), seats, Rng(seed, "setup")):
        state = rules.evolve(state, fact)
    count = GameCount(seats=[SeatCount() for _ in range(seats)])
    orders: dict[int, list[Order]] = {seat: [] for seat in range(seats)}
    open_stretch: dict[int, Stretch] = {}
    before: frozenset[int] = frozenset()
    while rules.outcome(state) is None:
        acting = rules.to_act(state)
        for seat in acting - before:
            open_stretch[seat] = Stretch(first_choices=-1)
        for seat in before - acting:
            stretch = open_stretch.pop(seat)
            _close(count.seats[seat], stretch, automatic)
            if automatic and stretch.by_hand:  # it was woken: it gives its orders again
                orders[seat] = forecast(rules, state, seat, seed, f"forecast:{count.decisions}")
        seat = min(acting)
        legal = rules.legal_actions(state, seat)
        stretch = open_stretch[seat]
        if stretch.first_choices < 0:
            stretch.first_choices = len(legal)
        stretch.all_forced = stretch.all_forced and len(legal) == 1
        action = None
        if automatic and len(legal) == 1:
            action = legal[0]
        elif automatic:
            chosen, dropped = choose_order(orders[seat], legal, lambda order: True)
            orders[seat] = [o for o in orders[seat] if o not in dropped and o is not chosen]
            action = chosen.action if chosen is not None else None
            stretch.ordered = stretch.ordered or chosen is not None
        if action is None:
            stretch.by_hand = True
            action = bot(state, seat, Rng(seed, f"bot:{count.decisions}"))
        state = played(rules, state, seat, action, Rng(seed, f"event:{count.decisions}"))
        count.decisions += 1
        before = acting
    for seat, stretch in open_stretch.items():
        _close(count.seats[seat], stretch, automatic)
    return count


def forecast(rules: GameRules, state: Any, seat: int, seed: str, stream: str) -> list[Order]:
    """`seat`'s obvious orders: the game played on by every seat's bot (its draws from `stream`)
    until the seat's next turn ends; the bot's own choice at each decision the seat meets there
    (but those with a single legal action, which play themselves), in order, each "next time"
    only."""
    bot = rules.BOTS[heuristic_bot(rules)]
    plan: list[Order] = []
    started = False
    for i in range(FORECAST_DECISIONS):
        if rules.outcome(state) is not None:
            break
        acting = rules.to_act(state)
        if started and seat not in acting:
            break
        mover = seat if seat in acting else min(acting)
        started = started or mover == seat
        legal = rules.legal_actions(state, mover)
        action = bot(state, mover, Rng(seed, f"{stream}:bot:{i}"))
        if mover == seat and len(legal) > 1:
            plan.append(Order(len(plan), seat, action, "next"))
        state = played(rules, state, mover, action, Rng(seed, f"{stream}:event:{i}"))
    return plan


def _close(seat: SeatCount, stretch: Stretch, automatic: bool) -> None:
    if stretch.first_choices < 0:  # woken together with others, the game went on without it
        return
    if automatic and not stretch.by_hand:  # answered without it: not a wake-up
        seat.only_forced += not stretch.ordered
        seat.by_orders += stretch.ordered
        return
    seat.handoffs += 1
    seat.forced += stretch.first_choices == 1
    seat.only_forced += stretch.all_forced and not automatic


def cases(games: list[str]) -> Iterator[tuple[str, dict[str, Any], int]]:
    """Every title, each option set it benchmarks, every player count those options allow."""
    for name in games:
        rules = registry.get(name)
        for options, *_ in getattr(rules, "BENCH_CASES", [({}, 0, 0)]):
            for seats in range(rules.MIN_SEATS, rules.MAX_SEATS + 1):
                try:
                    rules.check_options(options, seats)
                except InvalidOptions:
                    continue
                yield name, dict(options), seats


Row = tuple[str, str, str]


def bench_wakeups(games: list[str], per_case: int = 10) -> list[Row]:
    """Per case: hand-offs per seat and game (mean), the forced ones, the only-forced ones; then
    with forced moves and orders (the same seeds): the hand-offs left, those answered without the
    seat, how many fewer than without."""
    rows: list[Row] = []
    for name, options, seats in cases(games):
        rules = registry.get(name)
        label = f"wakeups {name} {seats}p" + (f" {_options_text(options)}" if options else "")
        seeds = [f"wakeups-{name}-{seats}-{i}" for i in range(per_case)]
        counted = [count_game(rules, seats, seed, options) for seed in seeds]
        handoffs = _mean(counted, "handoffs")
        forced, only = _mean(counted, "forced"), _mean(counted, "only_forced")
        rows.append((label, "hand-offs per seat and game (mean)", f"{handoffs:.1f}"))
        rows.append((label, "of which forced (one legal action)", f"{forced:.1f} ({forced / handoffs:.0%})"))
        rows.append((label, "of which only forced decisions", f"{only:.1f} ({only / handoffs:.0%})"))
        rows.append((label, "decisions per game (mean)", f"{statistics.fmean(c.decisions for c in counted):.0f}"))
        auto = [count_game(rules, seats, seed, options, automatic=True) for seed in seeds]
        woken = _mean(auto, "handoffs")
        rows.append((label, "with forced moves and orders: hand-offs", f"{woken:.1f} ({1 - woken / handoffs:.0%} fewer)"))
        rows.append((label, "answered by forced moves alone", f"{_mean(auto, 'only_forced'):.1f}"))
        rows.append((label, "answered by standing orders", f"{_mean(auto, 'by_orders'):.1f}"))
        rows.append((label, "with them: decisions per game", f"{statistics.fmean(c.decisions for c in auto):.0f}"))
    return rows


def _mean(counted: list[GameCount], name: str) -> float:
    """The mean of a `SeatCount` field over every seat of every game."""
    return statistics.fmean(getattr(s, name) for c in counted for s in c.seats)


def _options_text(options: dict[str, Any]) -> str:
    return ",".join(f"{k}={'+'.join(map(str, v)) if isinstance(v, list) else v}" for k, v in options.items())
