"""The board is the input (issue 29, DESIGN.md): every legal action of a seat can be reached by
clicks on its board (the set of actions the marked elements lead to, as the page's script
follows them, is the set `legal_actions` lists), every entry of the fallback list has words no
other entry has, and the game page gives its script the legal actions with their words and
consequences and says what happened since the viewer's last turn.

The reachability test takes a game's name: a game whose board marks its elements joins
BOARD_GAMES (tests/boardclicks.py reads the marks the way static/board.js does)."""

from __future__ import annotations

import html
import json
import re
from collections import Counter
from types import SimpleNamespace
from typing import Any
from uuid import UUID

import pytest
from flask import render_template

from domain.core import registry
from service.views import event_json
from service.web import boards
from tests.boardclicks import key, marks, positions, reachable
from tests.test_web import create, sign_up

BOARD_GAMES = ["puerto-rico", "felinia", "navegador", "santa-maria"]  # the games whose every legal action is on the board
POSITIONS = 300


def board_of(rules: Any, game: str, state: Any, seat: int) -> str:
    view = rules.view(state, seat)
    return render_template(boards.board_template(game, rules), view=view, seat=seat, info=boards.context(rules, view),
                           names=[f"P{s}" for s in range(len(view["players"]))], players=[], to_act=sorted(rules.to_act(state)))


def unreached(app: Any, game: str, count: int) -> list[str]:
    """For `count` seeded positions of `game`: the seat to act's board, and every difference
    between the actions its clicks reach and its legal actions (none: the board is the input)."""
    rules = registry.get(game)
    wrong: list[str] = []
    with app.test_request_context():
        for n, (state, seat, options) in enumerate(positions(game, count)):
            legal = rules.legal_actions(state, seat)
            got = reachable(marks(board_of(rules, game, state, seat)), legal, seat)
            want = {key(a) for a in legal}
            wrong += [f"position {n} {options} seat {seat}: cannot reach {a}" for a in sorted(want - got)]
            wrong += [f"position {n} {options} seat {seat}: reaches {a}, not legal" for a in sorted(got - want)]
    return wrong


@pytest.mark.parametrize("game", BOARD_GAMES)
def test_every_legal_action_of_hundreds_of_positions_is_reached_by_clicks_on_the_board(app: Any, game: str) -> None:
    wrong = unreached(app, game, POSITIONS)
    assert wrong == [], f"{len(wrong)} differences, e.g. {wrong[:5]}"


def test_the_reachability_test_fails_for_a_board_that_does_not_mark_an_action(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The test above can fail: the same positions with the role cards unmarked."""
    real = boards.act

    def no_roles(fields: Any = None, **more: Any) -> Any:
        return "" if more.get("type") == "select_role" else real(fields, **more)

    monkeypatch.setitem(app.jinja_env.globals, "act", no_roles)
    wrong = unreached(app, "puerto-rico", 10)
    assert wrong and all("select_role" in w for w in wrong)


def test_the_scripts_rules_a_part_then_the_rest_the_least_said_first_and_only_ones_own_elements() -> None:
    board = """<p data-part='{"good":"corn"}'></p><p data-part='{"ship":1,"type":"ship"}'></p>
    <p data-part='{"hospice":false}'></p><p data-action='{"kind":"corn","type":"take"}'></p>
    <div data-seat="1"><p data-action='{"type":"theirs"}'></p></div><p data-action='{"type":"mine"}'></p>"""
    found = marks(board)
    assert [m.seat for m in found] == [None, None, None, None, 1, None]
    legal = [{"type": "ship", "good": "corn", "ship": 1}, {"type": "ship", "good": "corn", "ship": 2},
             {"type": "take", "kind": "corn"}, {"type": "take", "kind": "corn", "hospice": False},
             {"type": "theirs"}, {"type": "mine"}]
    got = reachable(found, legal, 0)
    assert key({"type": "ship", "good": "corn", "ship": 2}) not in got  # no element stands for ship 2
    assert key({"type": "theirs"}) not in got  # seat 1's element, not seat 0's
    assert got == {key(a) for a in legal[:1] + legal[2:4] + legal[5:]}
    assert key({"type": "theirs"}) in reachable(found, legal, 1)


@pytest.mark.parametrize("game", registry.names())
def test_no_two_entries_of_a_fallback_list_have_the_same_words(game: str) -> None:
    rules = registry.get(game)
    for state, seat, options in positions(game, POSITIONS, seed="labels"):
        actions = rules.legal_actions(state, seat)
        labels = [a["label"] for g in boards.grouped_actions(rules, actions) for a in g["actions"]]
        twice = [label for label, n in Counter(labels).items() if n > 1]
        assert twice == [], (options, twice)


def test_puerto_ricos_own_words_tell_every_two_actions_of_a_list_apart() -> None:
    """Without the platform's last resort (the fields after the words): the hospice's colonist,
    the forest, the university, the warehouse say themselves."""
    rules = registry.get("puerto-rico")
    for state, seat, options in positions("puerto-rico", POSITIONS, seed="labels"):
        labels = [boards.action_label(rules, a) for a in rules.legal_actions(state, seat)]
        assert len(set(labels)) == len(labels), (options, labels)


def test_two_actions_with_the_same_words_are_told_apart_by_the_fields_that_differ(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = registry.get("felinia")  # with words that say nothing of the option: "Exchange: watches for wine" twice
    monkeypatch.setattr(boards, "helpers", lambda _: SimpleNamespace(action_label=lambda a: f"Exchange: {a['give']} for {a['take']}"))
    actions = [{"type": "exchange", "option": "goods_spice", "give": "watches", "take": "wine"},
               {"type": "exchange", "option": "goods_food", "give": "watches", "take": "wine"}]
    assert boards.action_label(rules, actions[0]) == boards.action_label(rules, actions[1])
    first, second = boards.unique_labels(rules, actions)
    assert first != second and first.endswith("(option goods spice)") and second.endswith("(option goods food)")


def test_the_game_page_gives_the_board_the_legal_actions_and_says_what_happened_since_my_last_turn(app: Any) -> None:
    ann = sign_up(app, "ann")
    gid = create(ann, "puerto-rico", 3, **{"seat.1": "greedy", "seat.2": "greedy"})
    shiplog = app.extensions["shiplog"]
    game = shiplog.get_game(UUID(gid))
    while True:  # until the bots moved between two of ann's moves
        shiplog.submit(game.id, 0, game.rules.legal_actions(game.state, 0)[0])
        game = shiplog.get_game(game.id)
        if getattr(shiplog.events_between(game.id)[-1], "seat", 0) != 0:
            break
    assert 0 in game.to_act()
    page = ann.get(f"/games/{gid}").get_data(as_text=True)
    data = json.loads(re.search(r'<script type="application/json" id="legal-actions">(.*?)</script>', page, re.S).group(1))  # type: ignore[union-attr]
    legal = game.rules.legal_actions(game.state, 0)
    assert [c["action"] for c in data] == legal
    buttons = re.findall(r'<input type="hidden" name="action" value="([^"]+)">\s*<input[^>]*>\s*<button type="submit" class="action"[^>]*>([^<]+)</button>', page)
    assert [(c["json"], c["label"]) for c in data] == [(html.unescape(j), html.unescape(t)) for j, t in buttons]
    assert all(c["hint"] for c in data)  # what each would do, in words
    assert 'id="board"' in page and 'data-viewer="0"' in page
    assert '<details class="fallback" open>' in page  # open without the script; board.js folds it
    events = shiplog.events_between(game.id)
    mine = max(i for i, ev in enumerate(events) if type(ev).__name__ == "ActionTaken" and ev.seat == 0)
    names = [s["name"] for s in game.seats]
    since = [t for ev in events[mine + 1:] for t in event_json(ev, game.rules, 0, names).get("text", [])]
    listed = re.search(r'id="since-h">Since your last turn</h2>\s*<ol[^>]*>(.*?)</ol>', page, re.S)
    assert listed is not None and since
    assert [html.unescape(t) for t in re.findall(r"<li>(.*?)</li>", listed.group(1))] == since[-12:]
    moves = json.loads(re.search(r'id="recent-moves">(.*?)</script>', page, re.S).group(1))  # type: ignore[union-attr]
    assert moves and all(m["seat"] != 0 for m in moves)  # the bots' moves since mine, not mine
    spectator = sign_up(app, "dee").get(f"/games/{gid}").get_data(as_text=True)
    assert 'id="legal-actions">[]</script>' in spectator and 'id="since-h"' not in spectator
