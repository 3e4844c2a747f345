"""How request bodies, query strings and headers become Python values, or a problem+json.

Bodies are read as I-JSON (RFC 7493): UTF-8, no NaN or Infinity, no duplicate names, no lone
surrogates, integers a JavaScript client can hold, and at most `MAX_DEPTH` levels of nesting.
Anything else is a 400 with a stable code, never a 500. The webargs parser that flask-smorest
uses for `@blp.arguments` reads bodies this way and turns validation errors into problems:
422 `body.invalid` for a body, 400 `query.invalid` for a query string, 400 `header.<name>`
for a header.
"""

from __future__ import annotations

import io
import json
import math
import re
from collections.abc import Callable, Iterable
from typing import Any

import marshmallow as ma
from flask import Request
from marshmallow.utils import missing
from webargs.flaskparser import FlaskParser

from domain.core.i18n import N_, _

from .problems import Problem

MAX_BODY = 64 * 1024  # bytes in a request body (413 above)
MAX_DRAINED = 16 * 1024 * 1024  # of a body too large, read (and dropped) so the client hears the 413
MAX_DEPTH = 32  # levels of arrays and objects in a body; shiplog's own bodies use 3
MAX_SAFE_INTEGER = 2**53 - 1  # I-JSON: what every JSON client can hold exactly
# Any JSON value within these rules, as JSON Schema (depth and text rules cannot be said there).
JSON_VALUE = {
    "description": f"any JSON value; numbers within ±{MAX_SAFE_INTEGER}, at most {32} levels deep",
    "type": ["null", "boolean", "string", "number", "array", "object"],
    "minimum": -MAX_SAFE_INTEGER,
    "maximum": MAX_SAFE_INTEGER,
    "items": {"$ref": "#/components/schemas/JsonValue"},
    "additionalProperties": {"$ref": "#/components/schemas/JsonValue"},
}


class _Refused(ValueError):
    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise _Refused("body.duplicate_key", _("The name {key!r} appears twice in one JSON object.", key=key[:40]))
        obj[key] = value
    return obj


def _constant(name: str) -> Any:
    raise _Refused("body.malformed_json", _("{name} is not a JSON number.", name=name))


def out_of_range() -> str:
    return _("Numbers must lie between -{most} and {most}.", most=MAX_SAFE_INTEGER)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or abs(value) > MAX_SAFE_INTEGER:
        raise _Refused("body.number_out_of_range", out_of_range())
    return value


def _int(text: str) -> int:
    if len(text.lstrip("-")) > 16 or abs(value := int(text)) > MAX_SAFE_INTEGER:
        raise _Refused("body.number_out_of_range", out_of_range())
    return value


def _check_tree(data: Any) -> None:
    """Depth and text checks without recursion (the parsed tree may be deep)."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, str):
            _check_text(node)
        elif isinstance(node, (dict, list)):
            if depth >= MAX_DEPTH:
                raise _Refused("body.too_deep", _("The body nests more than {n} levels of arrays and objects.", n=MAX_DEPTH))
            items = node.items() if isinstance(node, dict) else enumerate(node)
            for key, value in items:
                if isinstance(key, str):
                    _check_text(key)
                stack.append((value, depth + 1))


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise _Refused(
            "body.invalid_text", _("The body contains a lone UTF-16 surrogate (\\ud800-\\udfff), which is not text.")
        ) from None


# What json.loads(text, object_pairs_hook=..., ...) builds on every call, built once.
_DECODER = json.JSONDecoder(object_pairs_hook=_object, parse_constant=_constant, parse_float=_float, parse_int=_int)


def parse_json(raw: bytes) -> Any:
    """The body as I-JSON, or a 400 Problem with a code saying what is wrong."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise Problem(400, "body.malformed_json", _("The request body is not UTF-8 text.")) from None
    try:
        if text.startswith("\ufeff"):  # as json.loads refuses it
            raise json.JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
        data = _DECODER.decode(text)
    except _Refused as exc:
        raise Problem(400, exc.code, exc.detail) from None
    except RecursionError:
        raise Problem(400, "body.too_deep", _("The body nests more than {n} levels of arrays and objects.", n=MAX_DEPTH)) from None
    except ValueError as exc:
        raise Problem(400, "body.malformed_json", _("The request body is not valid JSON: {error}.", error=exc)) from None
    try:
        _check_tree(data)
    except _Refused as exc:
        raise Problem(400, exc.code, exc.detail) from None
    return data


# marshmallow's own messages (English), said in the reader's language where they are shown (first_error)
SCHEMA_WORDS = frozenset({
    N_("Missing data for required field."), N_("Unknown field."), N_("Field may not be null."), N_("Invalid input type."),
    N_("Not a valid string."), N_("Not a valid integer."), N_("Not a valid number."), N_("Not a valid boolean."),
    N_("Not a valid list."), N_("Not a valid mapping type."), N_("Invalid value."),
})


def first_error(messages: Any, path: str = "") -> str:
    """The first validation message, with the path of the field it is about."""
    if isinstance(messages, dict):
        for key, value in messages.items():
            return first_error(value, f"{path}.{key}" if path else str(key))
    if isinstance(messages, list) and messages:
        return first_error(messages[0], path)
    said = schema_words(str(messages))
    return f"{path}: {said}" if path else said


# marshmallow's validators' messages with their numbers filled in: said again from these
# templates (the same English), in the reader's language
SCHEMA_FORMATS = (
    N_("Length must be between {min} and {max}."), N_("Length must be {equal}."), N_("Longer than maximum length {max}."),
    N_("Shorter than minimum length {min}."), N_("Must be greater than or equal to {min} and less than or equal to {max}."),
    N_("Must be greater than or equal to {min}."), N_("Must be less than or equal to {max}."), N_("Must be one of: {choices}."),
    N_("String does not match expected pattern."), N_("Not a valid URL."), N_("Not a valid email address."),
)
_FORMATS = [(template, re.compile("^" + re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>.+?)", re.escape(template)) + "$"))
            for template in SCHEMA_FORMATS]


def schema_words(message: str) -> str:
    """A validation message in the reader's language: marshmallow's (SCHEMA_WORDS, SCHEMA_FORMATS)
    and the schemas' own (marked N_); any other as it is."""
    for template, pattern in _FORMATS:
        found = pattern.match(message)
        if found:
            return _(template, **found.groupdict())
    return _(message)


class Parser(FlaskParser):
    """webargs' Flask parser with shiplog's body rules and problem+json errors."""

    def _raw_load_json(self, req: Request) -> Any:
        raw = req.get_data(cache=True)
        if not raw.strip():
            return missing  # an absent body: the schema's required fields say if that is fine
        data = parse_json(raw)
        if not isinstance(data, dict):
            raise Problem(422, "body.not_an_object", _("The request body must be a JSON object."))
        return data

    def parse(self, argmap: Any, req: Request | None = None, *, location: str | None = None, **kwargs: Any) -> Any:
        """As webargs', but a schema with a `quick` check (the hot routes': an action and its
        headers) gets what it accepts without marshmallow; anything `quick` does not accept
        goes through `load`, which words the error. `quick` is given the body, or for headers
        the WSGI environ."""
        quick = getattr(argmap, "quick", None)
        if quick is not None and location in ("json", "headers") and not kwargs.get("validate"):
            req = req if req is not None else self.get_default_request()
            data = self._raw_load_json(req) if location == "json" else req.environ
            loaded = quick(data) if data is not missing else None
            if loaded is not None:
                return loaded
        return super().parse(argmap, req, location=location, **kwargs)

    def load_json(self, req: Request, schema: ma.Schema) -> Any:
        data = self._raw_load_json(req)
        if data is missing and any(f.required for f in schema.fields.values()):
            raise Problem(400, "body.empty", _("The request needs a JSON body."))
        return data

    def handle_error(self, error: ma.ValidationError, req: Request, schema: ma.Schema, *,
                     error_status_code: int | None, error_headers: Any) -> Any:
        messages = error.messages if isinstance(error.messages, dict) else {"json": error.messages}
        location, errors = next(iter(messages.items()))
        if location == "json":
            raise Problem(422, "body.invalid", _("The request body is not valid: {error}", error=first_error(errors)), errors=errors)
        if location == "headers":
            name = next(iter(errors)) if isinstance(errors, dict) and errors else "header"
            code = "header." + str(name).lower().replace("-", "_")
            raise Problem(400, code, _("The {name} header is not valid: {error}", name=name, error=first_error(errors)), errors=errors)
        raise Problem(400, "query.invalid", _("The query string is not valid: {error}", error=first_error(errors)), errors=errors)


Wsgi = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


def _drain(stream: Any, limit: int) -> None:
    """Read and drop up to `limit` bytes of what the client is still sending."""
    while limit > 0:
        piece = stream.read(min(limit, MAX_BODY))
        if not piece:
            return
        limit -= len(piece)


def limit_bodies(wsgi: Wsgi) -> Wsgi:
    """Bodies of at most MAX_BODY bytes, however they come; a larger one is a 413 problem+json.

    A Content-Length above the limit is refused before the application runs. A chunked body
    (no Content-Length; the server ends the stream, `wsgi.input_terminated`) is read here up to
    one byte past the limit: within it, the application gets it as a body of known length;
    beyond it, a 413 (werkzeug alone would cut it at the limit and hand the application the
    first 64 KiB as if that were all). Before a 413 the rest of the body is read and dropped, up
    to MAX_DRAINED bytes, so the client, still sending, is not cut off before it reads the
    answer (servers close a connection with unread data, and the reset can lose the 413)."""

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        length = environ.get("CONTENT_LENGTH")
        if length and length.isascii() and length.isdigit():  # (werkzeug reads any other value as none)
            if len(length) < 7 and int(length) <= MAX_BODY:
                return wsgi(environ, start_response)  # the usual request: nothing more to look at
            _drain(environ["wsgi.input"], min(int(length), MAX_DRAINED) if len(length) < 20 else MAX_DRAINED)
            return too_large(environ, start_response)
        if not length and environ.get("HTTP_TRANSFER_ENCODING") and environ.get("wsgi.input_terminated"):
            stream = environ["wsgi.input"]
            body = b""
            while len(body) <= MAX_BODY and (piece := stream.read(MAX_BODY + 1 - len(body))):
                body += piece  # a stream may give less than asked before its end
            if len(body) > MAX_BODY:
                _drain(stream, MAX_DRAINED)
                return too_large(environ, start_response)
            environ["wsgi.input"] = io.BytesIO(body)  # from here on a body of known length
            environ["CONTENT_LENGTH"] = str(len(body))
            del environ["HTTP_TRANSFER_ENCODING"], environ["wsgi.input_terminated"]
        return wsgi(environ, start_response)

    return app


def too_large(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    problem = Problem(413, "body.too_large", _("The request body is larger than {n} KiB.", n=MAX_BODY // 1024))
    return problem.response()(environ, start_response)  # type: ignore[no-any-return]
