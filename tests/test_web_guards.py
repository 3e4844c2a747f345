"""What the web pages refuse and protect (issue 27, items 4 and 7): every form is checked by the
API's schema before any work, sign-ups and new games are counted per client in the store (all
workers together), no redirect leaves the site, the session in the cookie can be signed out
everywhere, the CSRF token changes at sign-in, and every page carries its security headers."""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
from typing import Any
from uuid import UUID

import pytest

from service.app import create_app
from service.web.session import COOKIE
from tests.test_web import create, csrf, player_cookie, sign_up


def token_of(client: Any) -> str:
    page = client.response.get_data(as_text=True)
    return re.search(r'value="([^"]+)" data-testid="token"', page).group(1)  # type: ignore[union-attr]


def sentence(response: Any) -> str:
    found = re.search(r'class="error" role="alert">([^<]*)<', response.get_data(as_text=True))
    return html.unescape(found.group(1)) if found else ""


# -- item 4: the API's schema, before any work ---------------------------------------------


@pytest.mark.parametrize("seats", ["3000000", "-1", "0", "9", "abc", "9" * 5000, "²", "1e9", "3.0", " "])
def test_the_new_game_form_is_checked_by_the_apis_schema_before_anything_is_done(app: Any, seats: str) -> None:
    """Issue 27 item 4: `seats=3000000` held a worker for 27 s (the form looped over the seats
    first). The schema of POST /v1/games refuses it at once, in its own words."""
    ann = sign_up(app, "ann")
    form = ann.get("/new/high-card").get_data(as_text=True)
    response = ann.post("/new/high-card", data={"csrf_token": csrf(form), "seats": seats, "seat.1": "random"})
    assert response.status_code == 422
    said = sentence(response)
    assert said in ("seats: Not a valid integer.", "seats: Must be greater than or equal to 1 and less than or equal to 8."), said
    assert app.extensions["shiplog"].readmodels.search(include_private=True) == []


def post_form(client: Any, page: str, target: str, **fields: Any) -> Any:
    form = client.get(page).get_data(as_text=True)
    return client.post(target, data={"csrf_token": csrf(form), **fields})


def test_over_long_and_malformed_fields_of_every_form_are_refused_in_the_schemas_words(app: Any) -> None:
    ann = sign_up(app, "ann")
    gid = create(ann, "high-card", 2)
    bob = sign_up(app, "bob")
    game_page = f"/games/{gid}"
    shiplog = app.extensions["shiplog"]
    before = shiplog.get_game(UUID(gid)).version
    cases = [
        (app.test_client(), "/signup", "/signup", {"name": "x" * 41}, "name: "),
        (app.test_client(), "/signup", "/signup", {"name": "ann", "email": "a@" + "b" * 300 + ".org"}, "An e-mail address is one mailbox"),
        (app.test_client(), "/signup", "/signup", {"name": "a\x1bb"}, "name: "),
        (ann, "/settings", "/settings", {"name": "y" * 41}, "name: "),
        (ann, "/settings", "/settings", {"name": "ann", "digest_hour": "99"}, "digest_hour: "),
        (ann, "/settings", "/settings", {"name": "ann", "digest_hour": "²"}, "digest_hour: "),
        (ann, "/settings", "/settings", {"name": "ann", "email_mode": "often"}, "email_mode: "),
        (ann, "/settings", "/settings", {"name": "ann", "webhook_url": "http://e.org/" + "x" * 2000}, "webhook_url: "),
        (ann, "/new/high-card", "/new/high-card", {"seats": "2", "entropy": "e" * 129}, "entropy: "),
        (ann, "/new/high-card", "/new/high-card", {"seats": "2", "on_timeout": "explode"}, "on_timeout: "),
        (bob, game_page, f"{game_page}/join", {"entropy": "\x07"}, "entropy: "),
        (bob, game_page, f"{game_page}/join", {"invite": "i" * 201}, "invite: "),
        (ann, game_page, f"{game_page}/talk", {"text": "t" * 4001}, "text: "),
        (ann, game_page, f"{game_page}/bot", {"bot": "b" * 41}, "bot: "),
    ]
    for client, page, target, fields, said in cases:
        response = post_form(client, page, target, **fields)
        assert response.status_code == 422 and sentence(response).startswith(said), (target, fields, sentence(response))
    assert [p["name"] for p in shiplog.get_game(UUID(gid)).seats if p.get("name")] == ["ann"]
    assert shiplog.get_game(UUID(gid)).version == before  # no seat taken, no bot, no word said
    assert ">ann</a>" in ann.get("/").get_data(as_text=True)  # ann's name unchanged


def test_an_action_form_is_the_apis_action_or_refused(app: Any) -> None:
    ann = sign_up(app, "ann")
    gid = create(ann, "high-card", 2, **{"seat.1": "random"})
    shiplog = app.extensions["shiplog"]
    before = shiplog.get_game(UUID(gid)).version
    wide = json.dumps({"type": "draw", **{f"f{n}": n for n in range(40)}})
    deep = '{"type": "draw", "x": ' + "[" * 40 + "]" * 40 + "}"
    for action, version in ((wide, ""), (deep, ""), ('{"type": ""}', ""), ("[1]", ""), ('{"type": "draw"}', "9" * 30),
                            ('{"type": "draw"}', "-1"), ('{"type": "draw"}', "²")):
        response = post_form(ann, f"/games/{gid}", f"/games/{gid}/act", action=action, version=version)
        assert response.status_code == 422, (action, version)
    assert shiplog.get_game(UUID(gid)).version == before
    answer = post_form(ann, f"/games/{gid}", f"/games/{gid}/undo/answer", accept="maybe")
    assert answer.status_code in (409, 422)  # nothing to answer, or not a yes or no: refused either way


@pytest.mark.parametrize("game", ["puerto-rico", "navegador", "santa-maria", "felinia"])
def test_every_listed_action_posted_as_a_form_loads_as_itself(game: str) -> None:
    """A button posts the action's JSON as listed; the form reads back exactly that action, its
    nulls included (Santa Maria's "pay": null is "no extra step", not a missing field)."""
    from domain.core import registry
    from service.web import forms
    from tests.boardclicks import positions

    rules, nulls = registry.get(game), 0
    for state, seat, _options in positions(game, 60, seed="forms"):
        for listed in rules.legal_actions(state, seat):
            loaded, version = forms.action({"action": json.dumps(listed), "version": "3"})
            assert (loaded, version) == (listed, 3)
            nulls += None in listed.values()
    if game == "santa-maria":
        assert nulls > 0  # the positions did offer actions with a null field


# -- item 4: how many sign-ups and games a client makes ------------------------------------


def test_too_many_sign_ups_and_games_from_one_address_are_a_429_page(sqlite_env: dict[str, str]) -> None:
    app = create_app({"TESTING": True, "SHIPLOG_SIGNUPS_PER_MINUTE": 2, "SHIPLOG_GAMES_PER_MINUTE": 2}, sqlite_env)
    ann = sign_up(app, "ann")
    sign_up(app, "bob")
    late = app.test_client()
    form = late.get("/signup").get_data(as_text=True)
    refused = late.post("/signup", data={"name": "cy", "csrf_token": csrf(form)})
    assert refused.status_code == 429 and refused.mimetype == "text/html"
    assert int(refused.headers["Retry-After"]) > 0 and "Too many sign-ups" in refused.get_data(as_text=True)
    assert not any(c.startswith(f"{COOKIE}=") for c in refused.headers.getlist("Set-Cookie"))
    assert late.post("/v1/players", json={"name": "cy"}).status_code == 429  # the API counts with the pages
    assert late.post("/v1/players", json={"name": "cy"}, environ_base={"REMOTE_ADDR": "10.0.0.9"}).status_code == 201
    create(ann, "high-card", 2)
    create(ann, "high-card", 2)
    form = ann.get("/new/high-card").get_data(as_text=True)
    third = ann.post("/new/high-card", data={"csrf_token": csrf(form), "seats": "2"})
    assert third.status_code == 429 and "Too many new games" in third.get_data(as_text=True)
    assert len(app.extensions["shiplog"].readmodels.search(include_private=True)) == 2
    assert ann.post("/v1/games", json={"game": "high-card", "players": ["a", "b"]}).status_code == 429


# -- item 7: redirects, headers, cookies, sessions, CSRF -----------------------------------


@pytest.mark.parametrize("target", ["/\t/evil.example", "//evil.example", "/\\evil.example", "https://evil.example",
                                    "/\n/evil.example", "\t//evil.example", "/\r\n\tSet-Cookie: x=1", "javascript:alert(1)",
                                    "/ /evil.example", "/\x00/evil.example", "x" * 3000])
def test_signing_in_never_leads_off_the_site(app: Any, target: str) -> None:
    """Issue 27 item 7: `next=/<TAB>/evil` gave `Location: //evil`, which a browser reads as
    another host (browsers drop tabs and newlines from addresses); a newline gave a 500."""
    token = token_of(sign_up(app, "ann"))
    client = app.test_client()
    form = client.get("/signin").get_data(as_text=True)
    response = client.post("/signin", data={"csrf_token": csrf(form), "token": token, "next": target})
    assert response.status_code == 303 and response.headers["Location"] == "/lobby"
    ok = client.post("/signin", data={"csrf_token": csrf(client.get("/signin").get_data(as_text=True)), "token": token,
                                      "next": "/games?x=1"})
    assert ok.headers["Location"] == "/games?x=1"  # a path of this site is where it goes


def test_every_page_and_answer_carries_its_security_headers(app: Any) -> None:
    ann = sign_up(app, "ann")
    gid = create(ann, "high-card", 2, **{"seat.1": "random"})
    for path in ("/", "/lobby", "/settings", f"/games/{gid}", f"/games/{gid}/replay", "/signin", "/games/nope"):
        page = ann.get(path)
        policy = page.headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "unsafe-inline" not in policy and "frame-ancestors 'none'" in policy
        assert page.headers["X-Content-Type-Options"] == "nosniff" and page.headers["Cache-Control"] == "no-store"
    assert "no-store" not in (ann.get("/web-static/live.js").headers.get("Cache-Control") or "")
    assert ann.get("/web-static/live.js").headers["X-Content-Type-Options"] == "nosniff"
    api = app.test_client()
    for answer in (api.post("/v1/players", json={"name": "api"}),
                   api.post("/v1/games", json={"game": "high-card", "players": ["a", "b"]})):
        assert answer.status_code == 201 and answer.headers["Cache-Control"] == "no-store"  # tokens inside
        assert answer.headers["X-Content-Type-Options"] == "nosniff"


def test_every_inline_style_of_every_game_page_is_allowed_by_the_policy(app: Any) -> None:
    """The boards' own <style> blocks are allowed by their hashes (no 'unsafe-inline'); the
    browser test checks the same in Chromium."""
    from domain.core import registry
    from service.web import boards

    ann = sign_up(app, "ann")
    shown = 0
    for game in [g for g in registry.names() if boards.board_path(registry.get(g)) is not None] + ["high-card"]:
        rules = registry.get(game)
        gid = create(ann, game, rules.MIN_SEATS, **{f"seat.{n}": next(iter(rules.BOTS)) for n in range(1, rules.MIN_SEATS)})
        for path in (f"/games/{gid}", f"/games/{gid}/replay"):
            page = ann.get(path)
            allowed = set(re.findall(r"'(sha256-[^']+)'", page.headers["Content-Security-Policy"]))
            for block in re.findall(r"<style>(.*?)</style>", page.get_data(as_text=True), re.S):
                digest = "sha256-" + base64.b64encode(hashlib.sha256(block.encode()).digest()).decode()
                assert digest in allowed, (game, path)
                shown += 1
    assert shown >= 4


def test_the_cookie_is_secure_behind_a_trusted_https_proxy_only(sqlite_env: dict[str, str]) -> None:
    forwarded = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7"}
    for proxies, secure in (("1", True), ("0", False)):
        app = create_app({"TESTING": True}, {**sqlite_env, "SHIPLOG_PROXIES": proxies})
        client = app.test_client()
        form = client.get("/signup", headers=forwarded).get_data(as_text=True)
        response = client.post("/signup", data={"name": "ann", "csrf_token": csrf(form)},
                               headers={**forwarded, "Referer": "https://localhost/signup"})
        assert response.status_code == 201
        assert ("Secure" in player_cookie(response)) is secure
        assert all(("Secure" in c) is secure for c in response.headers.getlist("Set-Cookie"))


def test_signing_out_closes_the_session_and_everywhere_closes_them_all(store_env: dict[str, str]) -> None:
    app = create_app({"TESTING": True}, store_env)
    ann = sign_up(app, "ann")
    token = token_of(ann)
    laptop = app.test_client()
    form = laptop.get("/signin").get_data(as_text=True)
    assert laptop.post("/signin", data={"csrf_token": csrf(form), "token": token}).status_code == 303
    phone = app.test_client()
    form = phone.get("/signin").get_data(as_text=True)
    phone.post("/signin", data={"csrf_token": csrf(form), "token": token})
    kept = phone.get_cookie(COOKIE).value
    post_form(phone, "/", "/signout")
    assert phone.get_cookie(COOKIE) is None
    phone.set_cookie(COOKIE, kept)  # a copy of the cookie from before: its session is closed
    assert "Sign in" in phone.get("/").get_data(as_text=True) and ">ann</a>" not in phone.get("/").get_data(as_text=True)
    assert ">ann</a>" in laptop.get("/").get_data(as_text=True)
    response = post_form(ann, "/settings", "/signout/everywhere")
    assert response.status_code == 303
    for client in (ann, laptop):
        assert ">ann</a>" not in client.get("/").get_data(as_text=True)
        assert client.get("/settings").status_code == 302  # to the sign-in page
    form = laptop.get("/signin").get_data(as_text=True)
    assert laptop.post("/signin", data={"csrf_token": csrf(form), "token": token}).status_code == 303  # the token still works
    assert ">ann</a>" in laptop.get("/").get_data(as_text=True)


def test_a_cookie_from_before_sessions_signs_in_once_and_becomes_a_session(app: Any) -> None:
    token = token_of(sign_up(app, "ann"))
    old = app.test_client()
    old.set_cookie(COOKIE, token)
    page = old.get("/")
    assert ">ann</a>" in page.get_data(as_text=True)
    assert old.get_cookie(COOKIE).value != token and ">ann</a>" in old.get("/lobby").get_data(as_text=True)


def test_signing_in_renews_the_csrf_token(app: Any) -> None:
    token = token_of(sign_up(app, "ann"))
    client = app.test_client()
    before = csrf(client.get("/signin").get_data(as_text=True))
    assert client.post("/signin", data={"csrf_token": before, "token": token}).status_code == 303
    after = csrf(client.get("/settings").get_data(as_text=True))
    assert after != before
    refused = client.post("/settings", data={"csrf_token": before, "name": "mallory"})
    assert refused.status_code == 400 and "This form was refused" in refused.get_data(as_text=True)
    assert client.post("/settings", data={"csrf_token": after, "name": "ann2"}).status_code == 200
