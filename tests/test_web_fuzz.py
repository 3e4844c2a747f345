"""Hostile values in every page's address and every form's fields (issue 27 item 7: 13 of 25
hostile query values gave a 500): every page answers 2xx, 3xx or 4xx, never 5xx."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest

from service.app import create_app
from tests.test_web import create, csrf, play_out, sign_up

HOSTILE = [
    "²", "٣", "9" * 5000, "-1", "-99999999999999999999", "1e9", "0x10", " 1", "1 ", "3.0", "NaN", "Infinity",
    "\n", "\r\nX-Injected: 1", "/\t/evil.example", "//evil.example", "\\\\evil", "\x00", "\x7f", "🙂",
    "[" * 5000, '{"type":' * 3000, '{"type": "draw", "x": ' + "[" * 40 + "]" * 40 + "}", '{"type": "draw"}', "{nope",
    "null", "[]", "true", "all", "x" * 20_000, "%", "&=&", "\ud7ff",
]
RAW = ["%ff%fe", "%c0%af", "%00", "%0a", "%e2%80%ae"]  # bytes that are not UTF-8 text, and controls


@pytest.fixture
def fuzz_app(sqlite_env: dict[str, str]) -> Any:
    return create_app({"TESTING": True, "SHIPLOG_GAMES_PER_MINUTE": 10**6, "SHIPLOG_SIGNUPS_PER_MINUTE": 10**6},
                      {**sqlite_env, "SHIPLOG_SSE_SECONDS": "0"})


def test_no_hostile_query_value_makes_any_page_fail(fuzz_app: Any) -> None:
    ann = sign_up(fuzz_app, "ann")
    running = create(ann, "high-card", 2, **{"seat.1": "random"})
    over = create(ann, "high-card", 2, **{"seat.1": "random"})
    play_out(fuzz_app.extensions["shiplog"], over)
    routes = {
        "/": ["x"], "/signup": ["next"], "/signin": ["next"], "/lobby": ["x"], "/settings": ["x"], "/new/high-card": ["x"],
        f"/games/{running}": ["invite", "log"], f"/games/{running}/replay": ["at", "as", "ask", "try", "invite"],
        f"/games/{over}": ["log"], f"/games/{over}/replay": ["at", "as", "ask", "try"],
        f"/games/{running}/live": ["after", "invite"], "/games/not-a-game": ["x"],
    }
    failed = []
    for visitor in (ann, fuzz_app.test_client()):
        for path, names in routes.items():
            for name in names:
                for value in [quote(v, safe="") for v in HOSTILE] + RAW:
                    response = visitor.get(path, query_string=f"{name}={value}")
                    if response.status_code >= 500:
                        failed.append((path, name, value[:40], response.status_code))
                    response.close()
    assert failed == []


def test_no_hostile_form_value_makes_any_form_fail(fuzz_app: Any) -> None:
    ann = sign_up(fuzz_app, "ann")
    gid = create(ann, "high-card", 2)
    bob = sign_up(fuzz_app, "bob")
    forms = [
        (fuzz_app.test_client, "/signup", "/signup", ["name", "email", "next"], {"name": "cy"}),
        (fuzz_app.test_client, "/signin", "/signin", ["token", "next"], {}),
        (lambda: ann, "/settings", "/settings", ["name", "email", "email_mode", "digest_hour", "webhook_url"], {"name": "ann"}),
        (lambda: ann, "/new/high-card", "/new/high-card",
         ["seats", "seat.1", "days_per_move", "on_timeout", "on_resign", "entropy", "option.x", "private"], {"seats": "2"}),
        (lambda: ann, f"/games/{gid}", f"/games/{gid}/act", ["action", "version", "invite"], {"action": '{"type": "draw"}'}),
        (lambda: ann, f"/games/{gid}", f"/games/{gid}/talk", ["text", "invite"], {"text": "hi"}),
        (lambda: ann, f"/games/{gid}", f"/games/{gid}/bot", ["bot"], {}),
        (lambda: ann, f"/games/{gid}", f"/games/{gid}/undo/answer", ["accept"], {}),
        (lambda: ann, f"/games/{gid}", f"/games/{gid}/resign", ["sure"], {}),
        (lambda: ann, f"/games/{gid}", f"/games/{gid}/stand-in", ["seat", "bot"], {}),
        (lambda: ann, f"/games/{gid}", f"/games/{gid}/return", ["seat"], {}),
        (lambda: bob, f"/games/{gid}", f"/games/{gid}/join", ["invite", "entropy"], {}),
    ]
    failed = []
    for client_of, page, target, fields, base in forms:
        client = client_of()
        token = csrf(client.get(page).get_data(as_text=True))
        for field in fields:
            for value in HOSTILE[::2]:  # every other value: the forms are slower than the pages
                response = client.post(target, data={**base, "csrf_token": token, field: value})
                if response.status_code >= 500:
                    failed.append((target, field, value[:40], response.status_code))
                if target in ("/signup", "/signin") and response.status_code < 400:  # signed in: a new CSRF token
                    token = csrf(client.get(page).get_data(as_text=True))
    assert failed == []
