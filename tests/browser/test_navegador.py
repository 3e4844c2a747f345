"""A Navegador game against bots, played to the end in the browser; and the replay page stepped
back and forth with its buttons, its slider and the arrow keys."""

from __future__ import annotations

import time
from typing import Any
from uuid import UUID

import pytest

from tests.browser.helpers import create_game, play_to_end, serious_violations, sign_up
from tests.browser.shots import shoot

pytestmark = pytest.mark.browser


def test_a_navegador_game_against_bots_to_the_end_then_its_replay(server: Any, context_factory: Any) -> None:
    started = time.monotonic()
    ann = sign_up(context_factory(), server.url, "Ann")
    gid = create_game(ann, server.url, "navegador", 3, bots={1: "greedy", 2: "random"})
    ann.wait_for_selector("#turn-h")
    shoot(ann, "game-navegador")
    game = server.shiplog.get_game(UUID(gid))
    hidden = [r for r, v in game.rules.view(game.state, None)["regions"].items() if "colonies" in v and not v["explored"]]
    for region in hidden:  # the face-down colony tiles are face down on the page
        assert ann.inner_text(f"[data-region={region}] .na-colonies").count("face down") == 1

    clicks = play_to_end(server, gid, {0: ann})
    ann.wait_for_selector("#outcome-h")
    assert serious_violations(ann) == []
    print(f"\nNavegador against 2 bots: {clicks} clicks to the end in {time.monotonic() - started:.1f} s")
    shoot(ann, "game-navegador-over")

    # -- the replay page ------------------------------------------------------------------
    last = server.shiplog.get_game(UUID(gid)).version
    ann.goto(f"{server.url}/games/{gid}/replay")
    assert ann.input_value("#at") == str(last)
    ann.click("[data-step=first]")
    ann.wait_for_function("() => document.getElementById('at').value === '0'")
    ann.click("[data-step=next]")
    ann.wait_for_function("() => document.getElementById('at').value === '1'")
    assert "Version 1" in ann.inner_text("#move-h")
    ann.click("[data-step=prev]")
    ann.wait_for_function("() => document.getElementById('at').value === '0'")
    ann.locator("#at").fill(str(last // 2))  # the slider
    ann.wait_for_function(f"() => document.querySelector('#move-h').textContent.includes('Version {last // 2}')")
    assert ann.locator(".na-player").count() == 3
    ann.locator("body").press("ArrowRight")
    ann.wait_for_function(f"() => document.getElementById('at').value === '{last // 2 + 1}'")
    assert "every state hash matches" in ann.inner_text("[data-testid=verify]")
    assert ann.inner_text("[data-testid=fairness]").startswith("Fair:")
    assert ann.locator("svg.chart polyline").count() >= 3
    assert serious_violations(ann) == []
    shoot(ann, "replay-navegador")
