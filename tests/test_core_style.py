"""The pieces every game is written with (domain/core): options as data, the command table and
its opening checks with the shared codes, field parsing, the fact-handler registry, the
decision transaction and the words of `describe`."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from domain.core import IllegalAction, InvalidOptions, Rng, registry
from domain.core.commands import Commands, fields, flag, one_of, refuse, whole
from domain.core.facts import Evolver, Tx
from domain.core.options import Option, check, check_seats
from domain.core.words import amounts, listing, ordinal, render, seat
from tests import tinygame

SPEC = (
    Option("variant", "choice", "basic", "Which rules.", choices=("basic", "advanced")),
    Option("modules", "choices", (), "Which modules.", choices=("a", "b", "c"), item="module"),
    Option("rounds", "int", 3, "How many rounds.", minimum=1, maximum=5),
    Option("open_hands", "bool", False, "Whether hands are shown."),
)


def test_options_fill_defaults_and_normalise() -> None:
    assert check(SPEC, {}, "Demo") == {"variant": "basic", "modules": [], "rounds": 3, "open_hands": False}
    assert check(SPEC, {"modules": ["c", "a"], "rounds": 5}, "Demo")["modules"] == ["a", "c"]


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ([], "options.malformed"),
        ({"colour": 1}, "options.unknown"),
        ({"variant": "expert"}, "options.variant"),
        ({"modules": "a"}, "options.modules"),
        ({"modules": ["a", "a"]}, "options.modules"),
        ({"modules": ["z"]}, "options.module_unknown"),
        ({"rounds": 0}, "options.rounds"),
        ({"rounds": True}, "options.rounds"),
        ({"rounds": 2.0}, "options.rounds"),
        ({"open_hands": "yes"}, "options.open_hands"),
        ({"open_hands": 1}, "options.open_hands"),
    ],
)
def test_options_refuse_what_the_game_does_not_take(options: Any, code: str) -> None:
    with pytest.raises(InvalidOptions) as exc:
        check(SPEC, options, "Demo")
    assert exc.value.code == code and exc.value.message


def test_player_count_is_checked_with_one_code() -> None:
    assert check_seats(3, 2, 4, "Demo") == 3
    for bad in (1, 5, True, "3"):
        with pytest.raises(InvalidOptions) as exc:
            check_seats(bad, 2, 4, "Demo")
        assert exc.value.code == "options.player_count"


def test_every_registered_game_declares_its_options_as_data() -> None:
    for name in registry.names():
        rules = registry.get(name)
        assert all(isinstance(o, Option) and o.sentence.endswith(".") for o in rules.OPTIONS), name
        defaults = rules.check_options({}, rules.MIN_SEATS)
        assert set(defaults) <= {o.name for o in rules.OPTIONS}, name


# -- the command table ---------------------------------------------------------------------------

commands = Commands("Demo")


@commands.command("take", "main")
def _take(tx: Tx, seat: int, action: dict[str, Any], rng: Any) -> None:
    fields(action, ("count",), ("quick",))
    n = whole(action, "count", 1, 3)
    flag(action, "quick", False)
    refuse(("take.too_many", "Too many.") if n > tx.state else None)
    tx.emit({"t": "Taken", "n": n})


@pytest.mark.parametrize(
    ("action", "seat", "over", "step", "code"),
    [
        ({"type": "take", "count": 1}, 0, True, "main", "game.over"),
        ({"type": "take", "count": 1}, 1, False, "main", "turn.not_yours"),
        ({"type": "take", "count": 1}, True, False, "main", "turn.not_yours"),
        (["take"], 0, False, "main", "action.malformed"),
        ({"count": 1}, 0, False, "main", "action.malformed"),
        ({"type": "give"}, 0, False, "main", "action.unknown_type"),
        ({"type": "take", "count": 1}, 0, False, "end", "action.not_now"),
    ],
)
def test_the_opening_checks_come_in_one_order_with_shared_codes(
    action: Any, seat: Any, over: bool, step: str, code: str
) -> None:
    with pytest.raises(IllegalAction) as exc:
        commands.opening(action, seat, to_act={0}, over=over, step=step, waiting_for="the end")
    assert exc.value.code == code


@pytest.mark.parametrize(
    "action",
    [
        {"type": "take"},
        {"type": "take", "count": 1, "extra": 1},
        {"type": "take", "count": 0},
        {"type": "take", "count": "2"},
        {"type": "take", "count": True},
        {"type": "take", "count": 1, "quick": "yes"},
    ],
)
def test_fields_are_parsed_strictly(action: dict[str, Any]) -> None:
    command = commands.opening(action, 0, to_act={0}, over=False, step="main")
    with pytest.raises(IllegalAction) as exc:
        command.handler(Tx(5, lambda s, f: s - f["n"]), 0, action, Rng("s", "t"))
    assert exc.value.code == "action.malformed"


def test_one_of_names_the_choices() -> None:
    with pytest.raises(IllegalAction) as exc:
        one_of({"type": "t", "good": "tea"}, "good", ("corn", "sugar"))
    assert "'corn', 'sugar'" in exc.value.message  # quoted, as the options' refusal names its choices


def test_a_transaction_applies_each_fact_once_and_carries_the_state() -> None:
    applied: list[int] = []

    def evolve(state: int, fact: dict[str, Any]) -> int:
        applied.append(fact["n"])
        return state - fact["n"]

    tx = Tx(5, evolve)
    assert tx.facts.state == 5
    _take(tx, 0, {"type": "take", "count": 2}, None)
    _take(tx, 0, {"type": "take", "count": 3}, None)
    assert tx.state == 0 and tx.facts.state == 0 and applied == [2, 3]
    with pytest.raises(IllegalAction) as exc:
        _take(tx, 0, {"type": "take", "count": 1}, None)
    assert exc.value.code == "take.too_many" and tx.facts == [{"t": "Taken", "n": 2}, {"t": "Taken", "n": 3}]


def test_the_evolver_dispatches_by_fact_name_and_refuses_duplicates() -> None:
    evolver = Evolver("Demo")

    @evolver.evolves("Added", "AddedTwice")
    def _added(state: int, fact: dict[str, Any]) -> int:
        return state + fact["n"]

    assert evolver(1, {"t": "Added", "n": 2}) == 3 and evolver.names == {"Added", "AddedTwice"}
    with pytest.raises(ValueError, match="no fact 'Removed'"):
        evolver(1, {"t": "Removed"})
    with pytest.raises(ValueError, match="two handlers"):
        evolver.evolves("Added")(_added)


def test_words() -> None:
    assert render(f"{seat(0)} gives {seat(3)} {amounts({'corn': 2, 'sugar': 1, 'tea': 0})}.", ["Ann"]) == (
        "Ann gives Seat 4 2 corn and 1 sugar."
    )
    assert amounts({"doubloon": 2}, {"doubloon": "doubloons"}) == "2 doubloons"
    assert listing([]) == "nothing" and listing(["a", "b", "c"], "or") == "a, b or c"
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st",
    ]


def test_one_action_type_may_have_a_handler_per_step() -> None:
    table = Commands("Demo")

    @table.command("pass", "ship")
    def _pass_shipping(tx: Tx, seat: int, action: dict[str, Any], rng: Any) -> None:
        tx.emit({"t": "Passed", "n": 1})

    @table.command("pass", "build")
    def _pass_building(tx: Tx, seat: int, action: dict[str, Any], rng: Any) -> None:
        tx.emit({"t": "Passed", "n": 2})

    assert table.opening({"type": "pass"}, 0, to_act={0}, over=False, step="ship").handler is _pass_shipping
    assert table.opening({"type": "pass"}, 0, to_act={0}, over=False, step="build").handler is _pass_building
    assert table.steps("pass") == {"ship", "build"} and table.types == ("pass",)
    with pytest.raises(IllegalAction) as exc:
        table.opening({"type": "pass"}, 0, to_act={0}, over=False, step="sell")
    assert exc.value.code == "action.not_now"
    with pytest.raises(ValueError, match="two handlers"):
        table.command("pass", "build", "sell")(_pass_building)


def test_a_command_given_out_of_turn_passes_the_turn_check_for_a_seated_player_only() -> None:
    """Felinia's `sell` «в любое время»: a seat that is not to act may give an `out_of_turn`
    command; every other action of it, and anything from a seat not at the table, is not its turn."""
    table = Commands("Demo")

    @table.command("sell", out_of_turn=True)
    def _sell(tx: Tx, seat: int, action: dict[str, Any], rng: Any) -> None:
        tx.emit({"t": "Sold", "n": 1})

    table.command("take", "main")(_take)
    assert table.out_of_turn == {"sell"}
    seated = range(3)
    assert table.opening({"type": "sell"}, 1, to_act={0}, over=False, step="main", seated=seated).handler is _sell
    assert table.opening({"type": "sell"}, 0, to_act={0}, over=False, step="main", seated=seated).handler is _sell
    for action, who in (({"type": "take", "count": 1}, 1), ({"type": "sell"}, 3), ({"type": "sell"}, -1),
                        ({"type": "sell"}, True), (["sell"], 1), ({"type": ["sell"]}, 1), ({"type": "sell"}, "1")):
        with pytest.raises(IllegalAction) as exc:
            table.opening(action, who, to_act={0}, over=False, step="main", seated=seated)
        assert exc.value.code == "turn.not_yours", (action, who)
    with pytest.raises(IllegalAction) as exc:
        table.opening({"type": "sell"}, 1, to_act={0}, over=False, step="main")  # no seats named: nobody
    assert exc.value.code == "turn.not_yours"
    with pytest.raises(IllegalAction) as exc:
        table.opening({"type": "sell"}, 1, to_act={0}, over=True, step="main", seated=seated)
    assert exc.value.code == "game.over"


def test_the_registry_takes_out_of_turn_actions_only_as_a_set_of_action_types() -> None:
    game = vars(tinygame)
    assert registry.check_contract(SimpleNamespace(**game, OUT_OF_TURN=frozenset({"draw"})))
    for wrong in (["draw"], "draw", frozenset({1})):
        with pytest.raises(TypeError, match="OUT_OF_TURN"):
            registry.check_contract(SimpleNamespace(**game, OUT_OF_TURN=wrong))
