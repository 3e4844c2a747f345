"""/v1/openapi.json matches what the server does: the same routes and methods, valid schemas."""

from __future__ import annotations

import re
from typing import Any

METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


def flask_routes(app: Any) -> set[tuple[str, str]]:
    routes = set()
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static" or rule.endpoint.startswith("web."):
            continue  # the web pages (service/web) are HTML for browsers, not the API
        path = re.sub(r"<(?:[a-z]+:)?([a-z_]+)>", r"{\1}", rule.rule)
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            routes.add((path, method.lower()))
    return routes


def test_every_route_is_documented_and_every_documented_route_exists(app: Any, client: Any) -> None:
    doc = client.get("/v1/openapi.json").json
    documented = {(path, method) for path, ops in doc["paths"].items() for method in ops if method in METHODS}
    served = flask_routes(app) - {("/v1/openapi.json", "get")}
    assert documented == served


def test_the_document_is_openapi_3_1_with_resolvable_references(client: Any) -> None:
    doc = client.get("/v1/openapi.json").json
    assert doc["openapi"].startswith("3.1")
    text = str(doc)
    for kind, ref in set(re.findall(r"#/components/(schemas|responses)/([A-Za-z_]+)", text)):
        assert ref in doc["components"][kind], ref
    for path, ops in doc["paths"].items():
        for param in ops.get("parameters", []):
            if param["in"] == "path":
                assert "{" + param["name"] + "}" in path
        for method, op in ops.items():
            if method not in METHODS:
                continue
            assert op["responses"], (path, method)
            for param in op.get("parameters", []):
                if param["in"] == "path":
                    assert "{" + param["name"] + "}" in path
