"""Every page in the browser: readable at a phone's width and a desktop's (screenshots), no
serious accessibility violation (axe-core), a form without its CSRF token refused, a rule
violation shown as the rules' sentence with nothing changed."""

from __future__ import annotations

import json
import re
from typing import Any
from uuid import UUID

import pytest

from tests.browser.helpers import (
    create_game,
    open_moves,
    serious_violations,
    shown_version,
    sign_up,
    wait_for_version,
)
from tests.browser.shots import shoot

pytestmark = pytest.mark.browser


def test_every_page_has_no_serious_accessibility_violation(server: Any, context_factory: Any) -> None:
    visitor = context_factory().new_page()
    visitor.goto(server.url + "/")
    pages = {"home-visitor": server.url + "/", "signup": server.url + "/signup", "signin": server.url + "/signin"}
    shots = {"signup", "signin", "welcome", "home", "lobby", "settings", "new-game", "replay-running"}
    for name, url in pages.items():
        visitor.goto(url)
        assert serious_violations(visitor) == [], name
        if name in shots:
            shoot(visitor, name)
    ann = sign_up(context_factory(), server.url, "Ann")
    assert serious_violations(ann) == [], "welcome"
    shoot(ann, "welcome")
    gid = create_game(ann, server.url, "puerto-rico", 3, bots={1: "greedy"})  # one seat stays open
    assert serious_violations(ann) == [], "game, open"
    shoot(ann, "game-open")
    bob = sign_up(context_factory(), server.url, "Bob")
    bob.goto(f"{server.url}/lobby")
    assert bob.locator(f"a[href='/games/{gid}']").count() == 1  # listed among the open games
    shoot(bob, "lobby-open-games")
    bob.click(f"a[href='/games/{gid}']")
    bob.click("text=Take a seat")
    ann.wait_for_selector("#turn-h")
    for path, name in (("/", "home"), ("/lobby", "lobby"), ("/settings", "settings"), ("/new/puerto-rico", "new-game"),
                       (f"/games/{gid}", "game"), (f"/games/{gid}/replay", "replay-running")):
        ann.goto(server.url + path)
        assert serious_violations(ann) == [], name
        if name in shots:  # the game page is shot by the games' own tests
            shoot(ann, name)
    ann.goto(f"{server.url}/lobby")
    assert ann.locator("#turn-h + ul a, #turn-h ~ ul a").count() + ann.locator("#mine-h ~ ul a").count() >= 1


def test_a_form_without_its_csrf_token_is_refused_and_changes_nothing(server: Any, context_factory: Any) -> None:
    ann = sign_up(context_factory(), server.url, "Ann")
    gid = create_game(ann, server.url, "navegador", 2, bots={1: "greedy"})
    before = server.shiplog.get_game(UUID(gid)).version
    ann.evaluate("() => document.querySelectorAll('input[name=csrf_token]').forEach(i => i.remove())")
    with ann.expect_navigation():
        ann.evaluate("() => document.querySelector('button.action').closest('form').submit()")  # the plain way
    assert "This form was refused" in ann.content()
    assert "CSRF token is missing" in ann.content()
    assert server.shiplog.get_game(UUID(gid)).version == before


def test_a_rule_violation_shows_the_rules_sentence_and_nothing_changes(server: Any, context_factory: Any) -> None:
    ann = sign_up(context_factory(), server.url, "Ann")
    gid = create_game(ann, server.url, "puerto-rico", 2, bots={1: "greedy"}, options={"first_governor": "seat_order"})
    before = server.shiplog.get_game(UUID(gid)).version
    assert shown_version(ann) == before
    forged = json.dumps({"type": "build", "building": "residence"})  # not a legal action now
    ann.evaluate("a => { const b = document.querySelector('button.action'); b.closest('form').querySelector('input[name=action]').value = a; }",
                 forged)
    open_moves(ann)  # the list of moves, folded away: the board is the input
    ann.click("button.action >> nth=0")
    error = ann.wait_for_selector("#live .error")
    sentence = error.inner_text()
    assert sentence and "{" not in sentence, sentence  # a sentence, not a code or a payload
    game = server.shiplog.get_game(UUID(gid))
    assert game.version == before
    assert shown_version(ann) == before
    assert ann.locator("button.action").count() == len(game.rules.legal_actions(game.state, 0))
    shoot(ann, "game-rule-violation")


def test_without_javascript_a_move_is_a_plain_form_post_and_the_page_reloads(server: Any, browser: Any) -> None:
    context = browser.new_context(java_script_enabled=False)
    try:
        ann = sign_up(context, server.url, "Ann")
        gid = create_game(ann, server.url, "navegador", 2, bots={1: "greedy"})
        before = server.shiplog.get_game(UUID(gid)).version
        with ann.expect_navigation():
            ann.click("button.action >> nth=0")
        after = server.shiplog.get_game(UUID(gid))
        assert after.version > before and shown_version(ann) == after.version
        assert ann.locator("noscript").count() == 1  # a waiting page reloads itself every 20 s
    finally:
        context.close()


def test_a_late_answer_to_a_refresh_never_takes_the_page_back_to_an_older_move(server: Any, context_factory: Any) -> None:
    """A refresh the event stream asked for before the player's own move can answer after it: the
    page keeps the newer move (it used to go back, and stay there: the stream had already
    announced the newer move while the page showed it)."""
    ann = sign_up(context_factory(), server.url, "Ann")
    gid = create_game(ann, server.url, "navegador", 2, bots={1: "greedy"})
    before = shown_version(ann)
    stale = ann.evaluate("() => fetch(location.href, {headers: {Accept: 'text/html'}, cache: 'no-store'}).then(r => r.text())")
    ann.evaluate("""() => { window.shown = [];
        new MutationObserver(() => window.shown.push(Number(document.getElementById('live').dataset.version)))
          .observe(document.getElementById('live'), {attributes: true, attributeFilter: ['data-version']}); }""")
    # From now on a refresh of the page is answered with the page as it was before the move.
    ann.route(re.compile(rf".*/games/{gid}(\?.*)?$"),
              lambda route: route.fulfill(body=stale, content_type="text/html; charset=utf-8")
              if route.request.method == "GET" else route.continue_())
    open_moves(ann)  # (folded away: the board is the input)
    ann.click("button.action >> nth=0")
    ann.wait_for_function("v => Number(document.getElementById('live').dataset.version) > v", arg=before)
    moved = shown_version(ann)
    with ann.expect_response(lambda r: r.request.method == "GET" and f"/games/{gid}" in r.url
                             and "/live" not in r.url):
        server.shiplog.post_message(UUID(gid), None, "Host", "a new event: the stream asks the page to refresh")
    ann.wait_for_timeout(500)  # the late answer read and (wrongly) swapped in
    assert shown_version(ann) >= moved
    shown = ann.evaluate("() => window.shown")  # every version the page showed since the move
    assert shown == sorted(shown) and shown[-1] >= moved, shown


def test_a_resignation_shows_in_the_players_panel_and_the_resigned_seat_is_offered_nothing(
        server: Any, context_factory: Any) -> None:
    ann = sign_up(context_factory(), server.url, "Ann")
    gid = create_game(ann, server.url, "high-card", 2)
    bob = sign_up(context_factory(), server.url, "Bob")
    bob.goto(f"{server.url}/games/{gid}")
    bob.click("text=Take a seat")
    ann.wait_for_selector("#turn-h")
    wait_for_version(ann, server.shiplog.get_game(UUID(gid)).version)  # no swap of the page left to come
    ann.click("details.resign summary")
    ann.check("input[name=sure]")
    ann.click("details.resign button[type=submit]")
    seats = "#seats-h + ul.seats"
    for page in (ann, bob):  # bob's page without a reload: the live stream brings it
        page.wait_for_selector(f"{seats} >> text=resigned — played by highest bot")
    assert "You resigned" in ann.inner_text("#live")
    for offer in ("Take back my last move", "Resign", "Let a bot play for me"):
        assert ann.locator(f"#live button:has-text('{offer}')").count() == 0, offer
    assert bob.locator("#live summary:has-text('Resign')").count() == 1  # bob may still resign
    assert serious_violations(ann) == [] and serious_violations(bob) == []
    shoot(bob, "game-resigned")


def test_what_a_player_opened_stays_open_when_the_page_is_drawn_again_for_someone_else(
        server: Any, context_factory: Any) -> None:
    """A live swap (another seat's chat line or move) keeps the player's open <details> and what
    they ticked in it: the resign box stays open with "sure" ticked, not closed under their hand."""
    ann = sign_up(context_factory(), server.url, "Ann")
    gid = create_game(ann, server.url, "high-card", 2)
    bob = sign_up(context_factory(), server.url, "Bob")
    bob.goto(f"{server.url}/games/{gid}")
    bob.click("text=Take a seat")
    wait_for_version(ann, server.shiplog.get_game(UUID(gid)).version)
    ann.click("details.resign summary")
    ann.check("input[name=sure]")
    ann.evaluate("() => { document.getElementById('live').dataset.marker = 'before'; "
                 "document.getElementById('live').addEventListener('shiplog:swapped', () => { window.swapped = true; }); }")
    bob.fill("input[name=text]", "good luck")
    bob.press("input[name=text]", "Enter")
    ann.wait_for_function("() => window.swapped === true")  # ann's page was drawn again
    assert ann.evaluate("() => document.querySelector('details.resign').open")
    assert ann.is_checked("details.resign input[name=sure]")
