"""Playing by clicks on the board alone (issue 29): the series of clicks on elements inside
#board that posts an action, found with the script's own rules (tests/boardclicks.py) from what
the page shows, and a whole game played that way. Each move also checks that the page's script
lets the seat click exactly the elements those rules allow."""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

from tests.boardclicks import Mark, clickable, clicks_to
from tests.browser.helpers import bot_choice

MARKED = "#board [data-action], #board [data-part]"
READ = """() => Array.from(document.querySelectorAll('#board [data-action], #board [data-part]')).map(el => {
  const home = el.closest('[data-seat]');
  return {part: el.getAttribute('data-action') || el.getAttribute('data-part'), can: el.classList.contains('can'),
          seat: home && document.getElementById('board').contains(home) ? Number(home.dataset.seat) : null};
})"""


def ready(page: Any, version: int) -> None:
    """The page shows `version` (or newer) and its board script has drawn it."""
    page.wait_for_function("v => Number(document.getElementById('live').dataset.version) >= v"
                           " && document.getElementById('live').dataset.board === document.getElementById('live').dataset.version",
                           arg=version)


def click_on_board(page: Any, seat: int, action: dict[str, Any]) -> int:
    """Click, inside #board only, the elements that post `action`; the number of clicks."""
    shown = page.evaluate(READ)
    found = [Mark(json.loads(r["part"]) if r["part"] else {}, r["seat"], False, "") for r in shown]
    legal = [c["action"] for c in json.loads(page.text_content("#legal-actions"))]
    assert action in legal
    assert [i for i, r in enumerate(shown) if r["can"]] == clickable(found, legal, seat), "the script lets other elements be clicked"
    path = clicks_to(found, legal, seat, action)
    assert path is not None, f"{action} cannot be reached on seat {seat}'s board"
    elements = page.locator(MARKED)
    chosen: dict[str, Any] = {}
    for n, i in enumerate(path):
        element = elements.nth(i)
        assert "can" in (element.get_attribute("class") or "").split(), (action, n)
        if n < len(path) - 1:  # the choice so far, then only what continues it is clickable
            element.click()
            chosen = {**found[i].part, **chosen}
            page.wait_for_selector("#board.choosing")
            now = [j for j, r in enumerate(page.evaluate(READ)) if r["can"]]
            assert now == clickable(found, legal, seat, chosen), (action, chosen)
            assert page.is_visible("#board-bar [data-cancel]")
        else:
            element.click()
    return len(path)


def play_on_board_to_end(server: Any, game_id: str, pages: dict[int, Any], check: Any = None, limit: int = 3000) -> tuple[int, int]:
    """Play, on the page of the seat to act, its greedy bot's choice by clicks on the board,
    until the game is over; `check(move, game, page)` looks at the pages before each move.
    The number of moves and of clicks."""
    moves = clicks = 0
    while True:
        game = server.shiplog.get_game(UUID(game_id))
        if game.status != "active":
            return moves, clicks
        assert moves < limit, "the game did not end"
        seat = min(game.to_act())
        page = pages[seat]
        ready(page, game.version)
        if check is not None:
            check(moves, game, page)
        action = bot_choice(server, game_id, seat, moves)
        clicks += click_on_board(page, seat, action)
        moves += 1
        try:
            page.wait_for_function("v => Number(document.getElementById('live').dataset.version) > v", arg=game.version)
        except Exception as exc:  # say what the page and the store show, not only that it timed out
            raise AssertionError(stuck(server, game_id, page, seat, action, game.version)) from exc


def stuck(server: Any, game_id: str, page: Any, seat: int, action: dict[str, Any], version: int) -> str:
    """What a move that never showed left behind: the store's version, the page's, its bar and messages."""
    shows = page.evaluate("""() => ({live: {...document.getElementById('live').dataset},
      bar: document.getElementById('board-bar')?.innerText, choosing: document.getElementById('board').className,
      alerts: [...document.querySelectorAll('[role=alert], .error, .problem, #status')].map(e => e.innerText)})""")
    now = server.shiplog.get_game(UUID(game_id))
    return (f"seat {seat}'s click for {action} at version {version} never showed: the store is at version "
            f"{now.version} (to act {sorted(now.to_act())}), the page shows {shows}")
