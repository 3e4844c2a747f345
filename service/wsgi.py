"""WSGI entry point for gunicorn and friends: `gunicorn service.wsgi:app`."""

from .app import create_app

app = create_app()
