"""The shape of an action (rules page §2.1 step 3, FE-AMB-41): a field of the wrong JSON type is
`action.malformed` (`phase.bad_parameter`), for every field of every Felinia action; a field of
the right type naming something unknown keeps its rule's code (`bid.unknown_target`,
`sell.not_sellable`; an unknown goods type, ship, province or card is the shape code itself).
Checked on every action `legal_actions` lists at seeded positions of every kind of decision."""

from __future__ import annotations

from typing import Any

import pytest

import domain.felinia as fe
from domain.core import IllegalAction, Rng, fold

from .properties import Policy

GAMES = 40  # enough seeded games to list every field (the first few do)

# The JSON type each field takes: a name, or a whole number (`keep_mystery`'s card may be null).
NAMES = {"target", "goods", "option", "give", "take", "bonus", "ship", "province", "card", "item"}
NUMBERS = {"count"}
WRONG_FOR_NAME: tuple[Any, ...] = (5, 1.5, True, False, None, [], {}, ["wine"], {"goods": "wine"})
WRONG_FOR_NUMBER: tuple[Any, ...] = ("1", 1.0, True, None, [], {}, [1], {"count": 1})
UNKNOWN_NAME_CODE = {("place_bid", "target"): "bid.unknown_target", ("sell", "item"): "sell.not_sellable"}
FIELDS = {
    ("place_bid", "target"), ("buy", "goods"), ("exchange", "option"), ("exchange", "give"), ("exchange", "take"),
    ("exchange", "bonus"), ("board", "ship"), ("flip", "province"), ("move", "province"), ("keep_mystery", "card"),
    ("sell", "item"), ("sell", "goods"), ("sell", "count"),
}


def examples() -> dict[tuple[str, str, str | None], tuple[Any, int, dict[str, Any]]]:
    """One listed action (with its position and seat) per action type, field and exchange option,
    from seeded games (both rule sets, 3 players) played until every one has been listed."""
    out: dict[tuple[str, str, str | None], tuple[Any, int, dict[str, Any]]] = {}
    for seed in range(GAMES):
        options = {"mode": ("basic", "advanced")[seed % 2]}
        state = fold(fe, None, fe.setup(options, 3, Rng(f"shapes-{seed}", "setup")))
        policy = Policy(seed)
        while fe.outcome(state) is None:
            seat = policy.seat(state)
            for action in fe.legal_actions(state, seat):
                for key in action:
                    if key != "type":
                        out.setdefault((action["type"], key, action.get("option")), (state, seat, action))
            state = fe.decide(state, seat, policy.action(state, seat), Rng("shapes", "move")).state  # type: ignore[attr-defined]
        if covered(out):
            break
    return out


def covered(found: dict[tuple[str, str, str | None], Any]) -> bool:
    """Every field of every action type, and each of the guild's three exchange options."""
    return ({(kind, key) for kind, key, _ in found} == FIELDS
            and {option for kind, _, option in found if kind == "exchange"} == {"goods_spice", "goods_food", "bonus"})


EXAMPLES = examples()


def code_of(state: Any, seat: int, action: dict[str, Any]) -> str:
    with pytest.raises(IllegalAction) as err:
        fe.decide(state, seat, action, Rng("shape", "probe"))
    assert err.value.message.endswith(".")
    return err.value.code


def test_the_positions_list_every_field_of_every_action() -> None:
    assert covered(EXAMPLES)


@pytest.mark.parametrize("where", sorted(EXAMPLES, key=str), ids=lambda w: "-".join(filter(None, w)))
def test_a_field_of_the_wrong_json_type_is_malformed(where: tuple[str, str, str | None]) -> None:
    state, seat, action = EXAMPLES[where]
    kind, key, _ = where
    assert key in NAMES | NUMBERS
    wrong = WRONG_FOR_NUMBER if key in NUMBERS else WRONG_FOR_NAME
    for value in wrong:
        if kind == "keep_mystery" and value is None:
            continue  # `keep_mystery {card: null}` is well-formed: "I keep none" (§5.3)
        assert code_of(state, seat, {**action, key: value}) == "action.malformed", (action, key, value)
        if kind == "sell" and key != "item":  # whatever the item names (the shape comes first, §2.1)
            assert code_of(state, seat, {**action, "item": "food", key: value}) == "action.malformed", (key, value)


@pytest.mark.parametrize("where", sorted(EXAMPLES, key=str), ids=lambda w: "-".join(filter(None, w)))
def test_a_name_of_the_right_type_that_is_unknown_keeps_its_rule_code(where: tuple[str, str, str | None]) -> None:
    state, seat, action = EXAMPLES[where]
    kind, key, _ = where
    if key in NUMBERS:
        assert code_of(state, seat, {**action, key: 0}) == "action.malformed"  # below 1 (§3.2)
        return
    expected = UNKNOWN_NAME_CODE.get((kind, key), "action.malformed")
    assert code_of(state, seat, {**action, key: "moon"}) == expected, (action, key)
