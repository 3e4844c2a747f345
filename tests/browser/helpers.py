"""What the browser tests do the way a player does: sign up, create a game, join by invitation,
and play by clicking the action the game's own bot would choose."""

from __future__ import annotations

import json
import re
from typing import Any
from uuid import UUID

from domain.core.rng import Rng


def serious_violations(page: Any) -> list[str]:
    """What axe-core (bundled with axe-playwright-python) finds serious or critical on the page."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
            for v in found if v.get("impact") in ("serious", "critical")]


def sign_up(context: Any, base: str, name: str) -> Any:
    page = context.new_page()
    page.goto(f"{base}/signup")
    page.fill("#name", name)
    page.click("form.stack button[type=submit]")
    page.wait_for_selector("[data-testid=token]")
    return page


def create_game(page: Any, base: str, game: str, seats: int, bots: dict[int, str] | None = None,
                options: dict[str, Any] | None = None) -> str:
    """Fill in the new-game form; the game's id."""
    page.goto(f"{base}/new/{game}")
    page.select_option("#seats", str(seats))
    for seat, bot in (bots or {}).items():
        page.select_option(f"#seat-{seat}", bot)
    for name, value in (options or {}).items():
        if isinstance(value, list):
            for choice in value:
                page.check(f"input[name='option.{name}'][value='{choice}']")
        elif isinstance(value, bool):  # a checkbox
            page.set_checked(f"input[name='option.{name}']", value)
        elif isinstance(value, int):  # a number
            page.fill(f"input[name='option.{name}']", str(value))
        else:
            page.select_option(f"[name='option.{name}']", str(value))
    page.click("form.newgame > button[type=submit]")
    page.wait_for_url(re.compile(r"/games/[0-9a-f-]+"))
    return page.url.split("/games/")[1].split("?")[0]


def shown_version(page: Any) -> int:
    return int(page.get_attribute("#live", "data-version"))


def wait_for_version(page: Any, version: int) -> None:
    page.wait_for_function("v => Number(document.getElementById('live').dataset.version) >= v", arg=version)


def bot_choice(server: Any, game_id: str, seat: int, move: int) -> dict[str, Any]:
    game = server.shiplog.get_game(UUID(game_id))
    bots = game.rules.BOTS  # the game's rule-of-thumb bot ("greedy", or another name), not the random one
    bot = bots.get("greedy") or next(b for name, b in bots.items() if name != "random")
    return bot(game.state, seat, Rng(f"browser-{move}", "bot"))  # type: ignore[no-any-return]


def open_moves(page: Any) -> None:
    """Open the list of moves where the board script folded it (the board has every move)."""
    listed = page.locator("details.fallback")
    if listed.count() and not listed.evaluate("d => d.open"):
        page.click("details.fallback > summary")


def action_button(page: Any, action: dict[str, Any]) -> Any:
    """The action's button in the list of moves (opened first where the board script folded it)."""
    open_moves(page)
    text = json.dumps(action, separators=(",", ":"), sort_keys=True)
    return page.locator(f"button.action[data-action={json.dumps(text)}]")


def play_to_end(server: Any, game_id: str, pages: dict[int, Any], check: Any = None, limit: int = 2000) -> int:
    """Click, on the page of the seat to act, the action its greedy bot would choose, until the
    game is over; `check(move, game)` looks at the pages now and then. The number of clicks."""
    clicks = 0
    while True:
        game = server.shiplog.get_game(UUID(game_id))
        if game.status != "active":
            return clicks
        assert clicks < limit, "the game did not end"
        seat = min(game.to_act())
        page = pages[seat]
        wait_for_version(page, game.version)  # the page updated itself to the current move
        if check is not None:
            check(clicks, game)
        action = bot_choice(server, game_id, seat, clicks)
        button = action_button(page, action)
        assert button.count() == 1, f"no button for {action} on seat {seat}'s page"
        button.click()
        clicks += 1
        page.wait_for_function("v => Number(document.getElementById('live').dataset.version) > v", arg=game.version)
