"""The OpenAPI 3.1 document at /v1/openapi.json, built from the marshmallow schemas by apispec."""

from __future__ import annotations

from typing import Any

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

from . import schemas

PROBLEM = {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}


def _json(ref: str) -> dict[str, Any]:
    return {"application/json": {"schema": {"$ref": f"#/components/schemas/{ref}"}}}


def _problems(*codes: int) -> dict[str, Any]:
    text = {
        400: "malformed JSON, header or query",
        401: "missing or unknown token",
        403: "not your seat / not your turn / host only",
        404: "unknown game or version",
        409: "stale If-Match, lost race, or game over",
        413: "body too large",
        422: "invalid body or illegal action (rule code + a sentence)",
    }
    return {str(c): {"description": text[c], "content": PROBLEM} for c in codes}


GAME_ID = {"name": "game_id", "in": "path", "required": True, "schema": {"type": "string", "format": "uuid"}}
BEARER = [{"seatToken": []}]
OPTIONAL_BEARER = [{}, {"seatToken": []}]
IF_MATCH = {"name": "If-Match", "in": "header", "required": False, "schema": {"type": "string"},
            "description": 'the version you saw, e.g. "12"; 409 if the game moved on'}
IDEMPOTENCY = {"name": "Idempotency-Key", "in": "header", "required": False,
               "schema": {"type": "string", "minLength": 1, "maxLength": 200},
               "description": "the same key twice applies the action once"}


def build() -> dict[str, Any]:
    spec = APISpec(
        title="shiplog",
        version="1",
        openapi_version="3.1.0",
        plugins=[MarshmallowPlugin()],
        info={"description": "Asynchronous board games: play, replay and audit. Errors are RFC 9457 problem+json with a stable code."},
    )
    spec.components.security_scheme("seatToken", {"type": "http", "scheme": "bearer"})
    for name in (
        "CreateGame", "Action", "UndoAnswer", "Abandon", "Created", "GameView", "Events", "Accepted",
        "LegalActions", "GameList", "Catalog", "Problem", "Health",
    ):
        spec.components.schema(name, schema=getattr(schemas, f"{name}Schema"))

    def accepted(desc: str) -> dict[str, Any]:
        return {"description": desc, "content": _json("Accepted")}

    spec.path("/healthz", operations={"get": {"summary": "liveness and store check",
              "responses": {"200": {"description": "ok", "content": _json("Health")},
                            "503": {"description": "store unreachable", "content": PROBLEM}}}})
    spec.path("/v1/catalog", operations={"get": {"summary": "the games this server hosts",
              "responses": {"200": {"description": "games", "content": _json("Catalog")}}}})
    spec.path("/v1/games", operations={
        "post": {"summary": "create a game", "requestBody": {"required": True, "content": _json("CreateGame")},
                 "responses": {"201": {"description": "created; tokens are shown once", "content": _json("Created")},
                               **_problems(400, 413, 422)}},
        "get": {"summary": "list games", "security": OPTIONAL_BEARER,
                "parameters": [
                    {"name": "game", "in": "query", "schema": {"type": "string"}},
                    {"name": "status", "in": "query", "schema": {"type": "string", "enum": ["active", "finished", "abandoned"]}},
                    {"name": "waiting", "in": "query", "schema": {"type": "string", "enum": ["me"]},
                     "description": "only games where the Bearer token's seat is to act"},
                    {"name": "waiting_for", "in": "query", "schema": {"type": "string"},
                     "description": "only games where this seat token is to act"},
                    {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 500}},
                    {"name": "offset", "in": "query", "schema": {"type": "integer", "minimum": 0}},
                ],
                "responses": {"200": {"description": "games, most recently active first", "content": _json("GameList")},
                              **_problems(400, 401)}},
    })
    spec.path("/v1/games/{game_id}", operations={"get": {
        "summary": "the game as the caller may see it (seat token, host token, or none for a spectator)",
        "security": OPTIONAL_BEARER, "parameters": [GAME_ID, {"name": "If-None-Match", "in": "header", "required": False,
                                                             "schema": {"type": "string"}}],
        "responses": {"200": {"description": "view", "content": _json("GameView")},
                      "304": {"description": "If-None-Match names the current version: nothing new"},
                      **_problems(401, 404)}}})
    spec.path("/v1/games/{game_id}/versions/{version}", operations={"get": {
        "summary": "the caller's view of the game after event `version`", "security": OPTIONAL_BEARER,
        "parameters": [GAME_ID, {"name": "version", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 0}}],
        "responses": {"200": {"description": "view", "content": _json("GameView")}, **_problems(401, 404)}}})
    spec.path("/v1/games/{game_id}/actions", operations={
        "get": {"summary": "the caller's legal actions, each ready to POST back unchanged", "security": BEARER,
                "parameters": [GAME_ID],
                "responses": {"200": {"description": "actions", "content": _json("LegalActions")}, **_problems(401, 403, 404)}},
        "post": {"summary": "submit one action", "security": BEARER, "parameters": [GAME_ID, IF_MATCH, IDEMPOTENCY],
                 "requestBody": {"required": True, "content": _json("Action")},
                 "responses": {"201": accepted("accepted: the new version and the facts as the caller may see them"),
                               "200": accepted("an Idempotency-Key seen before: the first result, applied once"),
                               **_problems(400, 401, 403, 404, 409, 413, 422)}},
    })
    spec.path("/v1/games/{game_id}/events", operations={"get": {
        "summary": "the event log, redacted for the caller", "security": OPTIONAL_BEARER,
        "parameters": [GAME_ID, {"name": "after", "in": "query", "schema": {"type": "integer"}}],
        "responses": {"200": {"description": "events", "content": _json("Events")}, **_problems(400, 401, 404)}}})
    spec.path("/v1/games/{game_id}/record", operations={"get": {
        "summary": "the full game record (host, or anyone once the game is over)", "security": OPTIONAL_BEARER,
        "parameters": [GAME_ID],
        "responses": {"200": {"description": "a shiplog.record document", "content": {"application/json": {"schema": {"type": "object"}}}},
                      **_problems(401, 403, 404)}}})
    spec.path("/v1/games/{game_id}/undo", operations={"post": {
        "summary": "take back your last action (at once if nobody acted since and nothing was drawn; otherwise a request the other seats answer)",
        "security": BEARER, "parameters": [GAME_ID, IF_MATCH],
        "responses": {"201": accepted("undone, or requested"), **_problems(401, 403, 404, 409, 422)}}})
    spec.path("/v1/games/{game_id}/undo/answer", operations={"post": {
        "summary": "accept or decline a pending take-back request", "security": BEARER, "parameters": [GAME_ID],
        "requestBody": {"required": True, "content": _json("UndoAnswer")},
        "responses": {"201": accepted("answered"), **_problems(400, 401, 403, 404, 409, 422)}}})
    spec.path("/v1/games/{game_id}/abandon", operations={"post": {
        "summary": "stop the game (host only); the seed is revealed", "security": BEARER, "parameters": [GAME_ID],
        "requestBody": {"required": True, "content": _json("Abandon")},
        "responses": {"201": accepted("abandoned"), **_problems(400, 401, 403, 404, 409, 422)}}})
    return spec.to_dict()
