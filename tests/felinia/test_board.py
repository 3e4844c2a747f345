"""Felinia's board as the input (issue 29): the moves the seeded positions of
tests/test_board_input.py rarely reach (a guild turn with all three options, a sale out of turn),
the words of the list of moves, the warning of a sale beyond the silver cap, and the rules help
of every component the board draws."""

from __future__ import annotations

import html
import re
from typing import Any

import domain.felinia as fe
from domain.core import registry
from domain.core.dispute import Position, attempt
from domain.core.rules import actions_now
from domain.felinia.components import C
from domain.felinia.state import GUILD
from service.web import boards
from tests.boardclicks import clicks_to, key, marks, positions, reachable
from tests.felinia.helpers import BLUE, RED, goods, new, no_goods, trade_at, with_player
from tests.test_board_input import board_of

NAMES = ["Blue", "Red", "Green", "Yellow"]


def guild_turn() -> Any:
    """The advanced game, Blue's token on top of the guild: Blue may swap a goods tile (options A
    and C), take a bonus tile (B: gold and spice held) or decline, and sell."""
    state = no_goods(new(mode="advanced"))
    state = with_player(state, BLUE, silver=3, gold=1, spice=2, goods=goods(books=2, wine=1))
    state = with_player(state, RED, silver=5, gold=2, goods=goods(watches=1))
    return trade_at(state, GUILD, (RED, BLUE))


def test_a_guild_turn_every_option_by_clicks_an_exchange_in_three(app: Any) -> None:
    rules = registry.get("felinia")
    state = guild_turn()
    legal = rules.legal_actions(state, BLUE)
    assert {a.get("option") for a in legal if a["type"] == "exchange"} == {"goods_spice", "goods_food", "bonus"}
    with app.test_request_context():
        found = marks(board_of(rules, "felinia", state, BLUE))
    assert reachable(found, legal, BLUE) == {key(a) for a in legal}
    swap = {"type": "exchange", "option": "goods_food", "give": "books", "take": "watches"}
    path = clicks_to(found, legal, BLUE, swap)  # a tile of the bag, the option, a tile of mine, in any order
    assert path is not None and sorted(map(key, (found[i].part for i in path))) == sorted(
        map(key, [{"take": "watches"}, {"type": "exchange", "option": "goods_food"}, {"give": "books"}]))
    assert [found[i].seat for i in path if "give" in found[i].part] == [BLUE]  # what I give lies on my own board
    bonus = clicks_to(found, legal, BLUE, {"type": "exchange", "option": "bonus", "bonus": "B1"})
    assert bonus is not None and len(bonus) == 1


def test_a_seat_waiting_for_another_sells_on_its_board_and_does_nothing_else(app: Any) -> None:
    rules = registry.get("felinia")
    state = guild_turn()
    assert RED not in rules.to_act(state)
    now = actions_now(rules, state, RED, rules.to_act(state))
    assert now and {a["type"] for a in now} == {"sell"}
    with app.test_request_context():
        found = marks(board_of(rules, "felinia", state, RED))
    assert reachable(found, now, RED) == {key(a) for a in now}  # 2 gold in ones and twos, 1 watch


def test_felinias_own_words_tell_every_two_actions_of_a_list_apart() -> None:
    """Without the platform's last resort: options A and C of the guild say what they add, two
    mysterious place cards of one place their ids."""
    rules = registry.get("felinia")
    for state, seat, options in positions("felinia", 300, seed="labels"):
        labels = [boards.action_label(rules, a) for a in rules.legal_actions(state, seat)]
        assert len(set(labels)) == len(labels), (options, labels)
    a, c = ({"type": "exchange", "option": o, "give": "watches", "take": "wine"} for o in ("goods_spice", "goods_food"))
    assert boards.action_label(rules, a) == "Exchange watches for wine, +1 spice"
    assert boards.action_label(rules, c) == "Exchange watches for wine, +1 food"


def test_a_sale_beyond_the_silver_cap_warns_before_it_is_made() -> None:
    """The hint of a move is the sentence its consequences write: a sale that would take silver
    past 6 says the silver is lost, and a sale at 6 that it earns nothing."""
    state = with_player(no_goods(new()), RED, silver=5, gold=2, goods=goods(wine=3))
    at = Position(fe, 1, state, over=False)
    two = attempt(at, RED, {"type": "sell", "item": "gold", "count": 2}, RED, NAMES)
    assert two.accepted and list(two.text) == ["Red sells 2 gold for 1 silver: silver stops at 6, 3 more are lost."]
    one = attempt(at, RED, {"type": "sell", "item": "goods", "goods": "wine", "count": 1}, RED, NAMES)
    assert list(one.text) == ["Red sells 1 wine for 1 silver."]  # nothing lost, nothing said
    full = Position(fe, 1, with_player(state, RED, silver=6), over=False)
    wasted = attempt(full, RED, {"type": "sell", "item": "goods", "goods": "wine", "count": 2}, RED, NAMES)
    assert list(wasted.text) == ["Red sells 2 wine for nothing: silver stops at 6, the 2 silver are lost."]


def test_every_component_drawn_and_every_clickable_element_has_its_rules_help(app: Any) -> None:
    """Each marked element of the drawing is, or lies inside, an element with a title (the script
    shows the innermost in its bar); the titles are the sentences of the component data."""
    rules = registry.get("felinia")
    known = [*C.help.values(), *C.symbol_help.values(), *C.effect_text.values(), C.help["mystery_card"],
             *(C.help["trade_tile"].format(type=t, cap=C.cap[t]) for t in C.tile_types),
             *(C.help[C.bonus_kind[b]].format(type=C.bonus_type[b]) for b in C.bonus_tiles)]
    for n, (state, seat, _) in enumerate(positions("felinia", 40, seed="help")):
        with app.test_request_context():
            board = board_of(rules, "felinia", state, seat)
        stack: list[bool] = []  # per open element: it or an ancestor has a title
        for m in re.finditer(r"<(/?)([a-zA-Z]+)((?:[^>'\"]|'[^']*'|\"[^\"]*\")*)>", board):
            closing, tag, rest = m.groups()
            if tag.lower() in ("style",) or rest.endswith("/") or tag.lower() in ("br", "input"):
                continue
            if closing:
                stack.pop()
                continue
            helped = bool(stack and stack[-1]) or ' title="' in rest
            if ("data-action=" in rest or "data-part=" in rest) and "data-control" not in rest:  # (a Pass button says itself)
                assert helped, (n, tag, rest[:160])
            stack.append(helped)
        titles = {html.unescape(t) for t in re.findall(r' title="([^"]+)"', board)} - {f"P{s}" for s in range(4)}
        assert titles and all(any(sentence in t for sentence in known) for t in titles), titles - {
            t for t in titles if any(sentence in t for sentence in known)}
