"""WSGI entry point for gunicorn and friends: `gunicorn service.wsgi:app` (and `shiplog serve --wsgi`).

Under `shiplog serve` (SHIPLOG_BACKGROUND=1) each worker also runs the background ticker."""

import os

from .app import create_app, start_background, whole_bodies

flask_app = create_app()
if os.environ.get("SHIPLOG_BACKGROUND") == "1":
    start_background(flask_app)
app = whole_bodies(flask_app)
__all__ = ["app", "flask_app", "whole_bodies"]
