"""Every kind of page keeps to its Content-Security-Policy in Chromium (issue 27 item 7): no
inline script, the boards' own styles allowed by their hashes, also when the game page swaps in
a newer board by itself (an open game that starts, a move), the replay page and its question,
the pages of a signed-in and of a signed-out visitor, and the pages that refuse something."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import pytest

from domain.core import registry
from service.web import boards
from tests.browser.helpers import create_game, open_moves, shown_version, sign_up, wait_for_version
from tests.test_web import play_out

pytestmark = pytest.mark.browser

REPORT = """document.addEventListener('securitypolicyviolation', e =>
  console.error('Content Security Policy violation: ' + e.violatedDirective + ' ' + (e.blockedURI || 'inline')));"""


def watched(context: Any, seen: list[str]) -> Any:
    """The context, with every CSP violation of its pages (as reported and as logged) in `seen`."""
    context.add_init_script(REPORT)
    context.on("console", lambda m: seen.append(f"{m.page.url if m.page else '?'}: {m.text}")
               if m.type == "error" and "Content Security Policy" in m.text else None)
    return context


def test_no_page_breaks_its_content_security_policy(server: Any, context_factory: Any) -> None:
    seen: list[str] = []
    visitor = watched(context_factory(), seen).new_page()
    for path in ("/", "/signup", "/signin", "/lobby", "/games/not-a-game", "/new/navegador"):
        visitor.goto(server.url + path)
    ann = sign_up(watched(context_factory(), seen), server.url, "Ann")  # the welcome page
    for path in ("/", "/lobby", "/settings"):
        ann.goto(server.url + path)
    for game in [g for g in registry.names() if boards.board_path(registry.get(g)) is not None]:
        rules = registry.get(game)
        ann.goto(f"{server.url}/new/{game}")
        bot = next(b for b in rules.BOTS if b != "random")
        seats = max(rules.MIN_SEATS, min(3, rules.MAX_SEATS))
        gid = create_game(ann, server.url, game, seats, bots={n: bot for n in range(1, seats)})
        ann.wait_for_selector("#turn-h")
        before = shown_version(ann)
        open_moves(ann)  # (folded away where the board has every move)
        ann.click("button.action >> nth=0")  # the live part, board included, swapped in by live.js
        ann.wait_for_function("v => Number(document.getElementById('live').dataset.version) > v", arg=before)
        ann.goto(f"{server.url}/games/{gid}/replay?at=1")
        ann.keyboard.press("ArrowRight")  # replay.js steps
    # An open game whose board appears by itself when the last seat is taken.
    gid = create_game(ann, server.url, "puerto-rico", 2)
    bob = sign_up(watched(context_factory(), seen), server.url, "Bob")
    bob.goto(f"{server.url}/games/{gid}")
    bob.click("text=Take a seat")
    wait_for_version(ann, server.shiplog.get_game(UUID(gid)).version)
    ann.wait_for_selector("#turn-h")
    # A finished game's replay, with the question panel and a tried action.
    over = create_game(ann, server.url, "high-card", 2, bots={1: "random"})
    play_out(server.shiplog, over)
    ann.goto(f"{server.url}/games/{over}/replay?at=1&ask=0&try=%7B%22type%22%3A%22draw%22%7D")
    ann.wait_for_selector("[data-testid=tried]")
    assert seen == []
