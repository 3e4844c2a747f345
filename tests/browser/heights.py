"""The height of a game page at 390 and 1280 px (issue 29 item 6: docs/web.md records them), the
same position every run: a fixed server seed and entropy, seat 0 a person who plays its greedy
bot's moves MOVES times through the store, the other seats greedy bots (Felinia's: heuristic).

    .venv/bin/python -m tests.browser.heights puerto-rico 4 40 '{"expansions": ["nobles"]}'

prints one JSON line: the move and step reached, and per width the page's height, whether it
scrolls sideways, and how many board elements are clickable and on screen once the page has
loaded (and, with the board script, scrolled to the decision). Run it on two commits to compare.
"""

from __future__ import annotations

import json
import logging
import re
import sys
import tempfile
import threading
from typing import Any
from uuid import UUID

from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

import service.tables
from domain.core import registry
from domain.core.rng import Rng
from service.app import create_app
from tests.browser.conftest import ARGS, CHROMIUM

SIZES = {390: 844, 1280: 900}
ON_SCREEN = """() => {
  const all = [...document.querySelectorAll('#board .can')];
  const seen = all.filter(el => { const r = el.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; });
  return {clickable: all.length, on_screen: seen.length};
}"""


def measure(game: str, seats: int, moves: int, options: dict[str, Any]) -> dict[str, Any]:
    bots = registry.get(game).BOTS
    greedy = "greedy" if "greedy" in bots else next(name for name in bots if name != "random")
    service.tables.new_seed = lambda: "heights"  # type: ignore[attr-defined] # the same game on every commit
    app = create_app({"TESTING": True, "SHIPLOG_GAMES_PER_MINUTE": 1000},
                     {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": f"{tempfile.mkdtemp()}/s.sqlite",
                      "SHIPLOG_TICK_SECONDS": "0"})
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base, shiplog = f"http://127.0.0.1:{httpd.server_port}", app.extensions["shiplog"]
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            page.goto(f"{base}/signup")
            page.fill("#name", "ann")
            page.click("form.stack button[type=submit]")
            page.wait_for_selector("[data-testid=token]")
            page.goto(f"{base}/new/{game}")
            page.select_option("#seats", str(seats))
            for seat in range(1, seats):
                page.select_option(f"#seat-{seat}", greedy)
            for name, value in options.items():
                for choice in value if isinstance(value, list) else []:
                    page.check(f"input[name='option.{name}'][value='{choice}']")
                if isinstance(value, bool):
                    page.set_checked(f"input[name='option.{name}']", value)
                elif not isinstance(value, list):
                    page.select_option(f"[name='option.{name}']", str(value))
            page.evaluate("() => document.querySelectorAll('input[data-entropy]').forEach(i => { i.value = 'heights'; })")
            page.click("form.newgame > button[type=submit]")
            page.wait_for_url(re.compile(r"/games/"))
            game_now = shiplog.get_game(UUID(page.url.split("/games/")[1].split("?")[0]))
            for move in range(moves):
                if game_now.status != "active" or 0 not in game_now.to_act():
                    break
                shiplog.submit(game_now.id, 0, bots[greedy](game_now.state, 0, Rng(f"m{move}", "bot")))
                game_now = shiplog.get_game(game_now.id)
            found: dict[str, Any] = {"game": game, "options": options, "move": game_now.version,
                                     "step": getattr(game_now.state, "step", None)}
            for width, height in SIZES.items():
                page.set_viewport_size({"width": width, "height": height})
                page.goto(f"{base}/games/{game_now.id}")
                page.wait_for_load_state("networkidle")
                size = page.evaluate("() => [document.documentElement.scrollHeight, document.documentElement.scrollWidth,"
                                     " document.documentElement.clientWidth]")
                found[str(width)] = {"height": size[0], "sideways": size[1] > size[2], **page.evaluate(ON_SCREEN)}
            browser.close()
            return found
    finally:
        httpd.shutdown()


if __name__ == "__main__":
    print(json.dumps(measure(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), json.loads(sys.argv[4]) if len(sys.argv) > 4 else {})))
