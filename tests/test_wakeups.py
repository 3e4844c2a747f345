"""`replay bench --only wakeups` counts hand-offs the way a correspondence player feels them."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from domain.core import registry
from replay.wakeups import cases, count_game

# (who is to act, how many legal actions the lowest of them has) at each decision of a script.
SCRIPT = [
    ({0}, 3),     # seat 0 woken (1), a real choice
    ({0}, 1),     # seat 0 goes on with its turn: not woken again
    ({1}, 1),     # seat 1 woken (1), forced, and its stretch stays forced
    ({0, 1}, 2),  # seat 0 woken (2); seat 1 still to act from before: not woken again
    ({1}, 1),     # seat 1 goes on; seat 0 left to_act having made its decision
    ({0}, 1),     # seat 0 woken (3), forced: only forced decisions follow
]


def scripted() -> Any:
    def legal_actions(step: int, seat: int) -> list[dict[str, int]]:
        return [{"type": "pick", "n": n} for n in range(SCRIPT[step][1])]

    return SimpleNamespace(
        BOTS={"random": None, "planner": lambda step, seat, rng: legal_actions(step, seat)[0]},
        check_options=lambda options, seats: dict(options),
        setup=lambda options, seats, rng: [0],
        evolve=lambda state, fact: fact,
        to_act=lambda step: frozenset(SCRIPT[step][0]),
        legal_actions=legal_actions,
        decide=lambda step, seat, action, rng: [step + 1],
        outcome=lambda step: "over" if step == len(SCRIPT) else None,
    )


def test_a_seat_is_woken_when_it_becomes_to_act_and_not_while_it_goes_on() -> None:
    count = count_game(scripted(), 2, "seed", {})
    assert count.decisions == len(SCRIPT)
    seat0, seat1 = count.seats
    assert (seat0.handoffs, seat0.forced, seat0.only_forced) == (3, 1, 1)
    assert (seat1.handoffs, seat1.forced, seat1.only_forced) == (1, 1, 1)


def test_the_benchmark_covers_every_player_count_and_option_set_of_a_title() -> None:
    rules = registry.get("puerto-rico")
    found = list(cases(["puerto-rico"]))
    for options, *_ in rules.BENCH_CASES:
        seats = {n for _, opts, n in found if opts == options}
        assert seats == set(range(rules.MIN_SEATS, rules.MAX_SEATS + 1))


def test_in_a_real_game_every_seat_is_woken_every_round() -> None:
    count = count_game(registry.get("puerto-rico"), 3, "wakeups-test", {})
    rounds = 8  # a game lasts longer, and a round wakes each seat for its role and for others' phases
    assert all(seat.handoffs >= rounds * 2 for seat in count.seats)
    assert all(seat.forced <= seat.handoffs for seat in count.seats)


def test_with_forced_moves_and_orders_a_stretch_wakes_its_seat_only_for_a_choice_of_its_own() -> None:
    before, after = (count_game(scripted(), 2, "seed", {}, automatic=auto) for auto in (False, True))
    assert after.decisions == before.decisions  # (the script's decisions do not depend on the actions)
    for was, now in zip(before.seats, after.seats, strict=True):
        assert now.handoffs + now.only_forced + now.by_orders == was.handoffs  # every stretch: woken or answered
    assert after.seats[1].handoffs == 0 and after.seats[1].only_forced == 1  # its one stretch was forced
    seat0 = after.seats[0]  # woken once; then its forecast's order answers step 3, and step 5 is forced
    assert (seat0.handoffs, seat0.by_orders, seat0.only_forced) == (1, 1, 1)


def test_a_seat_that_keeps_its_obvious_orders_is_woken_far_less_often() -> None:
    rules = registry.get("puerto-rico")
    before, after = (count_game(rules, 3, "wakeups-test", {}, automatic=auto) for auto in (False, True))
    woken, was = sum(s.handoffs for s in after.seats), sum(s.handoffs for s in before.seats)
    assert woken < 0.75 * was
    assert all(s.by_orders > 0 for s in after.seats)
