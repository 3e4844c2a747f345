"""WSGI entry point for gunicorn and friends: `gunicorn service.wsgi:app`.

Under `shiplog serve` (SHIPLOG_BACKGROUND=1) each worker also runs the background ticker."""

import os

from .app import create_app, start_background

app = create_app()
if os.environ.get("SHIPLOG_BACKGROUND") == "1":
    start_background(app)
