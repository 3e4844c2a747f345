"""Navegador's board is the input (issue 29) at every position of whole games: the platform's test
(tests/test_board_input.py) samples a few hundred positions of mostly random games, where
sailing, exploring, founding colonies and the king's privilege are rare; here two games of the
rule-of-thumb bot are followed move by move, and at each position every legal action of each
seat to act is reached by clicks on its board, and nothing else is. Also: the buttons' own words
tell every two actions of a list apart, and the board shows each component's rules help."""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import domain.navegador as nav
from domain.core import Rng, fold
from domain.navegador.components import C
from domain.navegador.decide import COMMANDS
from domain.navegador.state import State
from service.web import boards
from tests.boardclicks import key, marks, reachable
from tests.test_board_input import board_of

GAMES = [({"kings_privilege_placement": "manual"}, 3), ({}, 5)]


def whole_games() -> Iterator[State]:
    """Every position of two games of greedy bots, to the end."""
    for n, (options, seats) in enumerate(GAMES):
        state = fold(nav, None, nav.setup(nav.check_options(options, seats), seats, Rng(f"board-{n}", "setup")))
        for move in range(3000):
            yield state
            if nav.outcome(state) is not None:
                break
            seat = min(nav.to_act(state))
            action = nav.BOTS["greedy"](state, seat, Rng(f"board-{n}-{move}", "bot"))
            state = fold(nav, state, nav.decide(state, seat, action, Rng(f"board-{n}-{move}", "decide")))


def test_every_legal_action_of_every_position_of_two_games_is_reached_on_the_board(app: Any) -> None:
    kinds: Counter[str] = Counter()
    wrong: list[str] = []
    with app.test_request_context():
        for n, state in enumerate(whole_games()):
            for seat in sorted(nav.to_act(state)):
                legal = nav.legal_actions(state, seat)
                kinds.update(a["type"] for a in legal)
                got = reachable(marks(board_of(nav, "navegador", state, seat)), legal, seat)
                want = {key(a) for a in legal}
                wrong += [f"move {n} seat {seat}: cannot reach {a}" for a in sorted(want - got)]
                wrong += [f"move {n} seat {seat}: reaches {a}, not legal" for a in sorted(got - want)]
    assert wrong == [], f"{len(wrong)} differences, e.g. {wrong[:5]}"
    assert set(kinds) == set(COMMANDS), kinds  # every command was offered somewhere


def test_the_buttons_own_words_tell_every_two_actions_of_a_list_apart() -> None:
    """Without the platform's last resort (the fields after the words): the payment, the fleet,
    the count say themselves."""
    for state in whole_games():
        for seat in nav.to_act(state):
            labels = [boards.action_label(nav, a) for a in nav.legal_actions(state, seat)]
            assert len(set(labels)) == len(labels), [label for label, k in Counter(labels).items() if k > 1]


def test_the_words_of_a_fleet_and_of_a_payment() -> None:
    explore = {"type": "explore", "to": "angola", "sources": [{"from": "guine", "count": 2}, {"from": "rio_de_janeiro", "count": 1}]}
    assert boards.action_label(nav, explore) == "Explore Angola with 3 ships (2 from Guiné, 1 from Rio de Janeiro)"
    move = {"type": "move_rondel", "space": "ships", "pay_ships": {"guine": 1, "portugal": 1}}
    assert boards.action_label(nav, move) == "Ships, paying 2 ships (1 from Guiné, 1 from Portugal)"


def test_the_board_shows_each_components_rules_help_from_the_component_data(app: Any) -> None:
    """The help of every rondel action, building line and privilege kind, with the numbers of the
    component data and the phase filled in, is on the board as the title of its component."""
    state = next(s for s in whole_games() if s.round == 3)
    with app.test_request_context():
        board = board_of(nav, "navegador", state, state.current)
    titles = {html.unescape(t) for t in re.findall(r'title="([^"]*)"', board)}
    assert "" not in titles and not any("{" in t for t in titles)
    church = next(t for t in titles if t.startswith("Church:"))
    assert f"{C.church_worker_price} Cr" in church and f"needs {C.workers_required['church']} workers" in church
    workers = next(t for t in titles if t.startswith("Workers:"))
    assert f"{C.extra_unit_price[state.phase]} Cr each in this phase" in workers
    for kind in C.kinds:
        assert any(t.startswith(f"{kind.capitalize()} privilege:") for t in titles), kind
    for action in set(C.space_action):
        assert any(t.startswith(f"{action.capitalize()}:") for t in titles), action
