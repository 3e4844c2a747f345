"""The player's alerts in the browser: the Web Push subscription of a browser (asked for by a
button of the pages, static/notify.js, never on load) and the service worker that shows the
pushes (served from the site's root, so that it may show a notification for any page)."""

from __future__ import annotations

from typing import Any

from flask import Response, abort, request, send_from_directory

from ..push import Refused
from .session import bp, current_player, shiplog


def subscriber() -> Any:
    player = current_player()
    if player is None:
        abort(401)
    return player


@bp.route("/sw.js")
def service_worker() -> Response:
    """The service worker (static/sw.js) from the root: its scope is the whole site."""
    response = send_from_directory(bp.static_folder or "", "sw.js", mimetype="text/javascript", max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.route("/push/key")
def push_key() -> Response:
    """The server's VAPID public key (the applicationServerKey a browser subscribes with)."""
    subscriber()
    return Response(shiplog().push.public_key(), mimetype="text/plain")


@bp.route("/push/subscribe", methods=["POST"])
def push_subscribe() -> tuple[dict[str, Any], int]:
    """Keep this browser's push subscription (PushSubscription.toJSON(), as JSON) for the player
    signed in; the page sends its CSRF token in X-CSRFToken."""
    player = subscriber()
    try:
        shiplog().push.subscribe(str(player.id), request.get_json(silent=True) or {}, shiplog().clock())
    except Refused as exc:
        return {"code": "push.refused", "detail": str(exc)}, 422
    return {"subscribed": True}, 201


@bp.route("/push/unsubscribe", methods=["POST"])
def push_unsubscribe() -> dict[str, Any]:
    player = subscriber()
    endpoint = (request.get_json(silent=True) or {}).get("endpoint")
    return {"unsubscribed": bool(isinstance(endpoint, str) and shiplog().push.unsubscribe(str(player.id), endpoint))}
