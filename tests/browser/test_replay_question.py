"""The replay page asks "what else could this seat have done here?" (issue 16, item 4): at a past
version of a running game a seat sees its own legal actions then with what each would have
caused, tries an action in the form and reads the rules' answer; a player without a seat is told
that only a seat may ask while the game runs."""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

import pytest

from domain.core.aggregate import Status
from domain.core.dispute import Position, legal
from tests.browser.helpers import create_game, open_moves, serious_violations, sign_up
from tests.browser.shots import shoot

pytestmark = pytest.mark.browser


def test_the_replay_page_lists_what_else_a_seat_could_have_done_and_tries_an_action(server: Any, context_factory: Any) -> None:
    ann = sign_up(context_factory(), server.url, "Ann")
    gid = create_game(ann, server.url, "navegador", 2, bots={1: "greedy"})
    shiplog = server.shiplog
    game = shiplog.get_game(UUID(gid))
    start = game.version
    for _ in range(3):  # three moves of Ann's, by clicks
        game = shiplog.get_game(UUID(gid))
        ann.wait_for_function("v => Number(document.getElementById('live').dataset.version) >= v", arg=game.version)
        open_moves(ann)  # (folded away: the board is the input)
        ann.click("button.action >> nth=0")
        ann.wait_for_function("v => Number(document.getElementById('live').dataset.version) > v", arg=game.version)
    game = shiplog.get_game(UUID(gid))
    assert game.status == Status.ACTIVE
    at = start  # a position where Ann was to act
    then = shiplog.get_game(UUID(gid), at)
    expected = legal(Position(game.rules, at, then.state, False), 0)
    assert expected

    ann.goto(f"{server.url}/games/{gid}/replay?at={at}")
    items = ann.locator("[data-testid=alternatives] li")
    assert items.count() == len(expected)
    assert ann.locator("[data-testid=alternatives] li.taken").count() == 1  # the move she made is marked
    ann.fill("#try", json.dumps(expected[-1]))
    ann.click("text=Try it")
    assert ann.inner_text("[data-testid=tried]").startswith("Accepted")
    ann.fill("#try", json.dumps({"type": "move_rondel", "space": "nowhere"}))
    ann.click("text=Try it")
    refused = ann.inner_text("[data-testid=tried]")
    assert refused.startswith("Refused (") and "{" not in refused.split(":", 1)[1]
    shoot(ann, "replay-question")
    assert serious_violations(ann) == []
    assert shiplog.get_game(UUID(gid)).version == game.version  # nothing was stored
    ann.goto(f"{server.url}/games/{gid}/replay?at={at + 1}&ask=1")  # the bot's seat: not while the game runs
    assert ann.inner_text("#ask-h") == "What else could Ann have done here?"

    dee = sign_up(context_factory(), server.url, "Dee")  # no seat: cannot ask while the game runs
    dee.goto(f"{server.url}/games/{gid}/replay?at={at}")
    assert "only a seat may ask" in dee.inner_text("#ask")
    assert dee.locator("[data-testid=alternatives]").count() == 0
