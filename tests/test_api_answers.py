"""The hot routes' shortcuts change no answer (issue 8 item 7, docs/perf.md "The server's CPU
per action"): the routes whose answers skip marshmallow's dump (`dump=False`) build exactly what
the dump would give, and the quick checks of an action and its headers accept exactly what the
schemas' `load` accepts, with the same result."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import Schema, ValidationError
from webargs.core import MultiDictProxy

from service import schemas

UNDUMPED = {"v1.legal_actions", "v1.submit_action", "v1.request_undo", "v1.answer_undo", "v1.abandon"}


def undumped(app: Any) -> dict[str, Schema]:
    found = {}
    for endpoint, view in app.view_functions.items():
        schema = getattr(view, "undumped_schema", None)
        if schema is not None:
            found[endpoint] = schema() if isinstance(schema, type) else schema
    return found


def same_as_dumped(schema: Schema, body: Any) -> None:
    assert schema.dump(body) == body


def test_only_the_hot_routes_skip_the_dump(app: Any) -> None:
    assert set(undumped(app)) == UNDUMPED


def test_every_answer_of_a_game_is_what_the_dump_would_give(client: Any, app: Any) -> None:
    found = undumped(app)
    accepted, legal = found["v1.submit_action"], found["v1.legal_actions"]
    created = client.post("/v1/games", json={"game": "puerto-rico", "players": ["a", "b", "c", "d"], "seed": "answers"}).json
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    rng = random.Random("answers")
    to_act, version = created["to_act"], created["version"]
    for _ in range(120):
        auth = {"Authorization": f"Bearer {tokens[to_act[0]]}"}
        resp = client.get(f"/v1/games/{gid}/actions", headers=auth)
        assert resp.status_code == 200
        same_as_dumped(legal, resp.json)
        action = rng.choice(resp.json["actions"])
        resp = client.post(f"/v1/games/{gid}/actions", json=action, headers={**auth, "If-Match": f'"{version}"'})
        assert resp.status_code == 201, resp.json
        same_as_dumped(accepted, resp.json)
        to_act, version = resp.json["to_act"], resp.json["version"]
    resp = client.post(f"/v1/games/{gid}/undo", json={}, headers={"Authorization": f"Bearer {tokens[to_act[0]]}"})
    if resp.status_code == 201:
        same_as_dumped(found["v1.request_undo"], resp.json)
    resp = client.post(f"/v1/games/{gid}/abandon", json={}, headers={"Authorization": f"Bearer {created['host_token']}"})
    assert resp.status_code == 201, resp.json
    same_as_dumped(found["v1.abandon"], resp.json)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
                    max_leaves=5)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["type", "a", "b"]) | st.text(max_size=3), JSON | st.text(max_size=70), max_size=35)
       | JSON)
def test_the_quick_check_of_an_action_accepts_what_load_accepts(body: Any) -> None:
    schema = schemas.ActionSchema()
    quick = schema.quick(body)
    try:
        loaded = schema.load(body)
    except (ValidationError, TypeError):
        assert quick is None
    else:
        assert quick == loaded


TAGS = st.sampled_from(['"12"', 'W/"3"', "*", "12", '"1", "2"', "", ' "4" ', '"x"', '"12"\n', "a" * 201]) | st.text(max_size=8)
KEYS = st.text(max_size=6) | st.sampled_from(["abc", "x" * 201, "a b", "é", "k\n"])


@settings(max_examples=300, deadline=None)
@given(st.none() | TAGS, st.none() | KEYS)
def test_the_quick_check_of_action_headers_accepts_what_load_accepts(tag: str | None, key: str | None) -> None:
    schema = schemas.ActionHeadersSchema()
    headers = {name: value for name, value in (("If-Match", tag), ("Idempotency-Key", key)) if value is not None}
    environ = {"HTTP_" + name.upper().replace("-", "_"): value for name, value in headers.items()}
    quick = schema.quick(environ)
    try:
        loaded = schema.load(MultiDictProxy(headers, schema), unknown="exclude")
    except ValidationError:
        assert quick is None
    else:
        assert quick == loaded


def test_answers_of_known_length_go_to_the_server_whole_and_streams_as_they_are() -> None:
    from werkzeug.test import EnvironBuilder
    from werkzeug.wrappers import Response

    from service.wsgi import whole_bodies

    closed = []

    def stream() -> Any:
        yield b"data: 1\n\n"
        yield b"data: 2\n\n"

    def inner(environ: dict[str, Any], start_response: Any) -> Any:
        if environ["PATH_INFO"] == "/stream":
            response = Response(stream(), mimetype="text/event-stream")
        else:
            response = Response(b'{"a": 1}\n', mimetype="application/json")
        response.call_on_close(lambda: closed.append(environ["PATH_INFO"]))
        return response(environ, start_response)

    app = whole_bodies(inner)
    started = []
    whole = app(EnvironBuilder(path="/json").get_environ(), lambda status, headers, exc_info=None: started.append(status))
    assert whole == [b'{"a": 1}\n'] and closed == ["/json"] and started == ["200 OK"]
    streamed = app(EnvironBuilder(path="/stream").get_environ(), lambda status, headers, exc_info=None: None)
    assert not isinstance(streamed, list) and closed == ["/json"]
    assert b"".join(streamed) == b"data: 1\n\ndata: 2\n\n"


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70) | st.text(max_size=8)
    | st.floats(allow_nan=False, allow_infinity=False, min_value=-1e15, max_value=1e15).filter(lambda f: f == 0 or abs(f) >= 1e-4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    | st.dictionaries(st.integers(0, 20), inner, max_size=3),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(JSON_VALUES)
def test_orjson_answers_are_flasks_bytes(value: Any) -> None:
    """The answers' JSON (orjson) is byte for byte what Flask's own provider writes: sorted keys,
    compact, ASCII; non-ASCII text, keys that are not strings and integers beyond 64 bits go
    through Flask's provider (floats are drawn where both write the same digits)."""
    from flask import Flask
    from flask.json.provider import DefaultJSONProvider

    from service.app import JsonAnswers

    app = Flask(__name__)
    ours = JsonAnswers(app).response(value).get_data()
    flasks = DefaultJSONProvider(app).response(value).get_data()
    assert ours == flasks
