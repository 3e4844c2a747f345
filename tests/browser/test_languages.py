"""A Russian browser plays Puerto Rico (issue 31): the pages follow the browser's language, say
`<html lang="ru">`, and no English is left on them (their text, tooltips and labels) but the
players' names: the game page as moves are played, then the home page, the lobby, the settings,
the new game form and the game's replay page; the language switch brings the game page back in
Hungarian."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from domain.core import registry
from tests.browser.helpers import action_button, bot_choice, create_game, wait_for_version
from tests.browser.shots import shoot
from tests.englishwords import english_left

pytestmark = pytest.mark.browser
ZONE = re.compile(r"\b[A-Z][a-z]+/[A-Za-z_]+\b")  # an IANA time zone's name (Europe/Moscow)
PLATFORM_BOTS = ("random", "greedy", "heuristic", "search-normal", "search-strong")  # the platform's words for them
SHOWN = """() => {
  const texts = [document.title, document.body.innerText];
  for (const el of document.querySelectorAll('[title], [aria-label], [placeholder]')) {
    for (const a of ['title', 'aria-label', 'placeholder']) if (el.getAttribute(a)) texts.push(el.getAttribute(a));
  }
  for (const el of document.querySelectorAll('option, summary')) texts.push(el.textContent);
  return texts.join('\\n');
}"""


def english_on(page: Any, names: list[str], language: str) -> list[str]:
    """The English words the page shows or reads out, besides the players' names, the
    language switch's own names of the languages, a time zone's IANA name and the texts of games
    not yet translated."""
    shown = ZONE.sub(" ", page.evaluate(SHOWN))
    return english_left(shown, language, [*names, "English", "Magyar", "API", *PROPER_NAMES, *untranslated(language)])


def every_page_in(page: Any, url: str, paths: tuple[str, ...], names: list[str], language: str) -> None:
    for path in paths:
        page.goto(f"{url}{path}")
        assert page.get_attribute("html", "lang") == language, path
        assert not english_on(page, names, language), (path, english_on(page, names, language), page.evaluate(SHOWN))


# The games' titles and the places they name are names, the same in Hungarian ("Santa Maria",
# "Navegador", "Felinia", Felinia's city "Katzburg"), whatever the heuristic's English word list says.
PROPER_NAMES = [*(registry.get(name).TITLE for name in registry.names()), "Katzburg"]


def untranslated(language: str) -> list[str]:
    """The texts (title, blurb, bots) of the games that have no catalog in `language` yet:
    theirs to translate (domain/<game>/locales), not the platform's."""
    texts: list[str] = []
    for name in registry.names():
        rules = registry.get(name)
        if not (Path(str(getattr(rules, "__file__", ""))).with_name("locales") / language).is_dir():
            texts += [rules.TITLE, rules.BLURB, *(bot for bot in rules.BOTS if bot not in PLATFORM_BOTS)]
    return sorted(texts, key=len, reverse=True)  # (the longest first: a title inside a blurb stays)


def test_a_russian_browser_plays_puerto_rico_in_russian(server: Any, browser: Any) -> None:
    started = time.monotonic()
    context = browser.new_context(locale="ru-RU", viewport={"width": 1280, "height": 900})
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/signup")
        assert page.get_attribute("html", "lang") == "ru"
        page.fill("#name", "Аня")
        page.click("form.stack button[type=submit]")
        page.wait_for_selector("[data-testid=token]")
        gid = create_game(page, server.url, "puerto-rico", 3, bots={1: "greedy", 2: "random"},
                          options={"expansions": ["new_buildings", "nobles"]})
        game = server.shiplog.get_game(UUID(gid))
        names = [s.get("name") or "" for s in game.seats]
        for move in range(4):  # the draft (New Buildings), then the bots answer by themselves
            game = server.shiplog.get_game(UUID(gid))
            wait_for_version(page, game.version)
            assert page.inner_text("#turn-h") == "Ваш ход"
            assert not english_on(page, names, "ru"), english_on(page, names, "ru")
            action_button(page, bot_choice(server, gid, 0, move)).click()
            page.wait_for_function("v => Number(document.getElementById('live').dataset.version) > v", arg=game.version)
        assert page.get_attribute("html", "lang") == "ru"
        log = page.inner_text(".log")
        assert re.search(r"вводит в игру здание «[а-яё ]+»", log), log[:400]
        assert not english_on(page, names, "ru"), english_on(page, names, "ru")
        shoot(page, "game-puerto-rico-ru")
        pages = ("/", "/lobby", "/settings", "/new/puerto-rico", f"/games/{gid}/replay", f"/games/{gid}/replay?at=3")
        every_page_in(page, server.url, pages, names, "ru")  # every other page of the player's, in Russian too
        page.goto(f"{server.url}/games/{gid}")
        page.wait_for_selector("#turn-h")
        page.click("header.top .languages button[value=hu]")  # a player's switch: kept in their settings
        page.wait_for_selector("html[lang=hu]")
        assert "Te következel" in page.inner_text("#turn-h")
        assert not english_on(page, names, "hu"), english_on(page, names, "hu")
        player = next(p for p in [server.shiplog.get_player(game.seats[0]["player"])] if p is not None)
        assert player.language == "hu"
        every_page_in(page, server.url, pages, names, "hu")
    finally:
        context.close()
    assert time.monotonic() - started < 45
