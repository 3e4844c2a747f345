"""flask-smorest's Api, set up for shiplog: the OpenAPI 3.1 document at /v1/openapi.json.

A route is documented where it is defined, by its decorators (see service/api.py):
`@blp.arguments(Schema)` for what it accepts (body, query or headers), `@blp.response(status,
Schema)` for what it answers, `@problems(...)` for its problem+json answers and
`@blp.doc(security=...)` for the token it needs. The schemas are in service/schemas/.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from http import HTTPStatus
from typing import Any, TypeVar

from flask import Flask, Response, jsonify
from flask_smorest import Api, Blueprint
from flask_smorest.utils import (
    prepare_response,
    set_status_and_headers_in_response,
    unpack_tuple_response,
)
from werkzeug.exceptions import HTTPException

from domain.core.i18n import _

from . import schemas
from .parsing import JSON_VALUE, MAX_BODY, Parser
from .problems import PROBLEM_JSON, Problem

F = TypeVar("F", bound=Callable[..., Any])

# What each problem status means on this API (the `code` in the body says exactly which case).
PROBLEM_STATUSES = {
    400: "malformed JSON, header or query (body.malformed_json, body.too_deep, query.invalid, ...)",
    401: "missing, malformed or unknown token",
    403: "not your seat, not your turn (the answer names who is to act), host only, record not yet public",
    404: "unknown game, version or address",
    405: "method not allowed here (the Allow header lists the methods that are)",
    409: "a lost race (another move landed first), or the game is over",
    412: "a stale If-Match: the game is no longer at the version you named",
    413: "body larger than 64 KiB",
    415: "a POST whose Content-Type is not application/json",
    422: "valid JSON but an invalid body, or an illegal action (rule code + a sentence)",
    429: "too many new games or sign-ups from this client this minute, or too many messages or streams (Retry-After says when to try again)",
    503: "the store cannot be reached or cannot write (disk full, read-only)",
}
SEAT_TOKEN = [{"seatToken": []}]
OPTIONAL_TOKEN = [{}, {"seatToken": []}]


class ApiBlueprint(Blueprint):
    """flask-smorest's Blueprint reading bodies as I-JSON and answering errors as problem+json."""

    ARGUMENTS_PARSER = Parser()

    def arguments(self, schema: Any, *args: Any, **kwargs: Any) -> Any:
        """As flask-smorest's, with the schema built once: given a class, webargs would build a
        marshmallow Schema for every request (shiplog's schemas keep no per-request state)."""
        return super().arguments(schema() if isinstance(schema, type) else schema, *args, **kwargs)

    # flask-smorest's `alt_response` and `doc` only document a route, but each wraps the view in
    # a function that calls it through `current_app.ensure_sync` (an `inspect` check per call):
    # a route with ten problem statuses paid eleven of those on every request. Here they write
    # the same document and hand back the view itself.

    def alt_response(self, *args: Any, **kwargs: Any) -> Callable[[F], F]:
        document = super().alt_response(*args, **kwargs)
        return lambda view: documented(view, document)

    @staticmethod
    def doc(**kwargs: Any) -> Callable[[F], F]:
        document = Blueprint.doc(**kwargs)
        return lambda view: documented(view, document)

    def response(self, status_code: int, schema: Any = None, *, dump: bool = True, **kwargs: Any) -> Callable[[F], F]:
        """As flask-smorest's; `dump=False` for a route whose view already builds its answer in
        the schema's shape (plain JSON values, only the schema's fields): the schema then only
        documents it, and the answer is not copied through marshmallow on every request
        (tests/test_api_answers.py checks that dumping would change nothing)."""
        document = super().response(status_code, schema, **kwargs)
        if dump:
            return document  # type: ignore[no-any-return]

        def decorate(view: F) -> F:
            @functools.wraps(view)
            def answer(*args: Any, **kw: Any) -> Any:
                result, status, headers = unpack_tuple_response(view(*args, **kw))
                response = result if isinstance(result, Response) else jsonify(result)
                set_status_and_headers_in_response(response, status, headers)
                if status is None and response is not result:
                    response.status_code = status_code
                return response

            answer._apidoc = document(view)._apidoc  # type: ignore[attr-defined]
            answer.undumped_schema = schema  # type: ignore[attr-defined]
            return answer  # type: ignore[return-value]

        return decorate


def documented(view: F, document: Callable[[F], Any]) -> F:
    """`view` with the documentation `document` would have put on a wrapper of it."""
    view._apidoc = document(view)._apidoc  # type: ignore[attr-defined]
    return view


def problems(blp: Blueprint, *statuses: int) -> Callable[[F], F]:
    """Document the problem+json answers a route can give."""

    def decorate(view: F) -> F:
        for status in statuses:
            view = blp.alt_response(status, response=HTTPStatus(status).name)(view)
        return view

    return decorate


class ShiplogApi(Api):  # type: ignore[misc]
    """Errors are RFC 9457 problem+json with a stable code, documented as such."""

    ERROR_SCHEMA = schemas.ProblemSchema
    DEFAULT_ERROR_RESPONSE_NAME = None  # every error a route gives is listed with the route

    def _register_responses(self) -> None:
        for status, meaning in PROBLEM_STATUSES.items():
            response = {"description": meaning, "schema": self.ERROR_SCHEMA}
            prepare_response(response, self.spec, PROBLEM_JSON)
            self.spec.components.response(HTTPStatus(status).name, response, lazy=True)

    def handle_http_exception(self, error: HTTPException) -> Any:
        return http_problem(error).response()


def http_problem(error: HTTPException) -> Problem:
    """werkzeug's HTTP errors, as problems (with Allow and Retry-After kept)."""
    status = error.code or 500
    codes = {404: "route.not_found", 405: "method.not_allowed", 413: "body.too_large", 400: "request.bad",
             429: "rate.limited", 415: "body.content_type"}
    details = {
        413: _("The request body is larger than {n} KiB.", n=MAX_BODY // 1024),
        404: _("There is nothing at this address."),
        429: _("Too many requests of this kind from your address; wait a minute and try again."),
    }
    headers = {k: v for k, v in error.get_headers() if k in ("Allow", "Retry-After")}
    if status == 405 and "Allow" not in headers:
        headers["Allow"] = ", ".join(getattr(error, "valid_methods", None) or [])
    detail = details.get(status) or error.description or _("The request could not be handled.")
    if status == 405:
        detail = _("This address answers {methods} only.", methods=headers["Allow"])
    return Problem(status, codes.get(status, f"http.{status}"), detail, headers=headers)


def init_api(app: Flask) -> ShiplogApi:
    app.config.update(
        API_TITLE="shiplog",
        API_VERSION="1",
        OPENAPI_VERSION="3.1.0",
        OPENAPI_URL_PREFIX="/v1",
        OPENAPI_JSON_PATH="openapi.json",
        API_SPEC_OPTIONS={
            "info": {"description": "Asynchronous board games: play, replay and audit. Errors are RFC 9457 "
                                    "problem+json with a stable code; docs/api.md lists them and the limits."},
            "components": {"securitySchemes": {"seatToken": {"type": "http", "scheme": "bearer"}}},
        },
    )
    api = ShiplogApi(app)
    components = api.spec.components
    components.schema("JsonValue", JSON_VALUE)
    components.schema("Player", schema=schemas.PlayerSchema)  # a player given as an object
    components.schema("Action", schema=schemas.ActionSchema)
    # An action's other fields are the game's to judge: any JSON values, at most 32 fields.
    components.schemas["Action"].update(additionalProperties={"$ref": "#/components/schemas/JsonValue"},
                                        maxProperties=32)
    return api
