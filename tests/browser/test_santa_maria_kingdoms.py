"""Santa Maria with American Kingdoms and all four modules, in a browser, to the end: Ann plays the
Maya city (the first seat), two greedy bots the colonies; every one of Ann's moves is a click on
her page, and the page shows the expansion's parts as the game goes: the governors, the
specialists, the ambassador dice and the Maya city with its temples (issue 14 item 7)."""

from __future__ import annotations

import time
from typing import Any
from uuid import UUID

import pytest

from tests.browser.helpers import create_game, play_to_end, serious_violations, sign_up
from tests.browser.shots import shoot

pytestmark = pytest.mark.browser

PARTS = {  # what the board says of each part, somewhere during the game
    "governors": "Governor:",
    "specialists": "Specialists",
    "ambassadors": "Ambassador dice:",
    "the Maya city": "The Maya city",
    "its temples": "Temples:",
}


def test_the_maya_and_two_colonies_play_all_four_modules_to_the_end(server: Any, context_factory: Any) -> None:
    started = time.monotonic()
    ann = sign_up(context_factory(), server.url, "Ann")
    gid = create_game(ann, server.url, "santa-maria", 3, bots={1: "greedy", 2: "greedy"},
                      options={"expansion": True, "modules": ["A", "B", "C", "D"]})
    game = server.shiplog.get_game(UUID(gid))
    assert game.options["modules"] == ["A", "B", "C", "D"]
    seen: set[str] = set()
    shot = False

    def check(move: int, game: Any) -> None:
        nonlocal shot
        text = ann.inner_text(".sm")
        seen.update(part for part, words in PARTS.items() if words in text)
        if not shot and game.state.year >= 2:
            shoot(ann, "game-santa-maria-kingdoms")
            assert serious_violations(ann) == []
            shot = True

    clicks = play_to_end(server, gid, {0: ann}, check, limit=3000)
    assert server.shiplog.get_game(UUID(gid)).status == "finished"
    ann.wait_for_selector("#outcome-h")
    assert seen == set(PARTS), f"never shown: {set(PARTS) - seen}"
    print(f"\nSanta Maria, the Maya and all four modules in a browser: {clicks} clicks to the end "
          f"in {time.monotonic() - started:.1f} s")
    shoot(ann, "game-santa-maria-kingdoms-over")
