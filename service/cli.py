"""`shiplog serve`: run the server (waitress by default; gunicorn with --workers > 1)."""

from __future__ import annotations

import logging
import os
import sys

import click

from .settings import describe_store, listen_address, store_env


@click.group()
def main() -> None:
    """shiplog: asynchronous board games, event-sourced."""


@main.command()
@click.option("--host", default=None, help="address to listen on (SHIPLOG_HOST, default 127.0.0.1)")
@click.option("--port", default=None, type=int, help="port (SHIPLOG_PORT, default 8000)")
@click.option("--workers", default=1, show_default=True, help="processes (gunicorn when more than 1)")
@click.option("--threads", default=8, show_default=True, help="threads per process")
def serve(host: str | None, port: int | None, workers: int, threads: int) -> None:
    """Start the HTTP API on SQLite under ./var/ unless the environment says otherwise."""
    default_host, default_port = listen_address()
    host, port = host or default_host, port or default_port
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    click.echo(f"shiplog listening on http://{host}:{port}  (store: {describe_store(store_env())})")
    if workers > 1:
        os.execv(
            sys.executable,
            [sys.executable, "-m", "gunicorn", "--workers", str(workers), "--threads", str(threads), "--bind", f"{host}:{port}",
             "--log-level", "warning", "service.wsgi:app"],
        )
    from waitress import serve as waitress_serve

    from .app import create_app

    waitress_serve(create_app(), host=host, port=port, threads=threads, ident="shiplog")
