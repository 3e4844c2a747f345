"""Santa Maria with American Kingdoms and all four modules, in a browser, to the end on the board
alone (issue 29): Ann plays the Maya city (the first seat), two greedy bots the colonies; every
one of Ann's moves is a series of clicks inside #board (a die and then a die symbol of the city,
a place of the city, a temple, a half of an action card, the controls of a decision; never the
list of moves), and the page shows the expansion's parts as the game goes: the governors, the
specialists, the ambassador dice and the Maya city with its temples (issue 14 item 7), with the
rules help of each piece; the other colonies' pages would show nothing of the Maya's hand."""

from __future__ import annotations

import time
from typing import Any
from uuid import UUID

import pytest

from tests.browser.boardplay import play_on_board_to_end
from tests.browser.helpers import create_game, serious_violations, sign_up
from tests.browser.shots import shoot
from tests.browser.test_policy import watched

pytestmark = pytest.mark.browser

PARTS = {  # what the board says of each part, somewhere during the game
    "governors": "Governor:",
    "specialists": "Specialists",
    "ambassadors": "Ambassador dice:",
    "the Maya city": "The Maya city",
    "its temples": "Temples:",
}


def test_the_maya_plays_all_four_modules_to_the_end_by_clicks_on_the_board(server: Any, context_factory: Any) -> None:
    started = time.monotonic()
    broken: list[str] = []
    ann = sign_up(watched(context_factory(), broken), server.url, "Ann")
    gid = create_game(ann, server.url, "santa-maria", 3, bots={1: "greedy", 2: "greedy"},
                      options={"expansion": True, "modules": ["A", "B", "C", "D"]})
    game = server.shiplog.get_game(UUID(gid))
    assert game.options["modules"] == ["A", "B", "C", "D"]
    seen: set[str] = set()
    kinds: set[str] = set()
    shot = False

    def check(move: int, game: Any, page: Any) -> None:
        nonlocal shot
        assert page.evaluate("() => !document.querySelector('details.fallback').open")  # every move is on the board
        text = page.inner_text(".sm")
        seen.update(part for part, words in PARTS.items() if words in text)
        kinds.update(a["type"] for a in game.rules.legal_actions(game.state, 0))
        if move % 15 == 0:  # every piece the board shows says what it does (its rules help)
            helpless = page.evaluate("""() => [...document.querySelectorAll('#board [data-action], #board [data-part]')]
              .filter(el => !el.hasAttribute('data-control') && !el.closest('[data-help]')).map(el => el.outerHTML.slice(0, 80))""")
            assert helpless == []
        if not shot and game.state.year >= 2:
            shoot(page, "game-santa-maria-kingdoms")
            assert serious_violations(page) == []
            shot = True

    moves, clicks = play_on_board_to_end(server, gid, {0: ann}, check)
    assert server.shiplog.get_game(UUID(gid)).status == "finished"
    ann.wait_for_selector("#outcome-h")
    assert seen == set(PARTS), f"never shown: {set(PARTS) - seen}"
    assert {"maya_use_die", "maya_step", "maya_play_card", "pass"} <= kinds
    assert broken == []
    print(f"\nSanta Maria, the Maya and all four modules on the board: {moves} moves in {clicks} clicks "
          f"({len(kinds)} kinds of move offered) in {time.monotonic() - started:.1f} s")
    shoot(ann, "game-santa-maria-kingdoms-over")
