"""Browser tests: pytest drives Debian's Chromium through Playwright (`executable_path`; no
browser is ever downloaded). `make test` installs the chromium package when it is missing; if it
is still missing these tests are skipped, except under CI=true, where that is a failure.

`server` runs the whole application (API and pages) on a free port of 127.0.0.1 in this
process, so a test can look at the store while the browser plays.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("SHIPLOG_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


def require_chromium() -> None:
    problem = None
    if not Path(CHROMIUM).is_file():
        problem = f"Chromium is not installed at {CHROMIUM} (make test installs Debian's chromium package)"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            problem = "the playwright package is missing (pip install -e '.[dev]')"
    if problem is None:
        return
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(problem + " (CI=true: the browser tests must run)")
    pytest.skip(problem)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One Chromium per test module, closed after it (Playwright's sync API keeps an event loop
    of its own: it must not outlive the module into other tests of the same worker)."""
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


@dataclass
class Server:
    url: str
    app: Any  # the Flask app

    @property
    def shiplog(self) -> Any:
        return self.app.extensions["shiplog"]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    import logging

    from werkzeug.serving import make_server

    from service.app import create_app

    env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(tmp_path / "shiplog.sqlite"),
           "SHIPLOG_SSE_PER_CLIENT": "50", "SHIPLOG_SSE_MAX": "200", "SHIPLOG_SSE_SECONDS": "120",
           "SHIPLOG_SSE_POLL": "2", "SHIPLOG_TICK_SECONDS": "0"}
    app = create_app({"TESTING": True, "SHIPLOG_GAMES_PER_MINUTE": 1000, "SHIPLOG_SIGNUPS_PER_MINUTE": 1000}, env)
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield Server(f"http://127.0.0.1:{httpd.server_port}", app)
    finally:
        httpd.shutdown()


@pytest.fixture
def context_factory(browser: Any) -> Iterator[Any]:
    """New browser contexts (one per player: each has its own cookies), closed afterwards."""
    made: list[Any] = []

    def make(width: int = 1280, height: int = 900) -> Any:
        context = browser.new_context(viewport={"width": width, "height": height})
        context.set_default_timeout(20_000)
        made.append(context)
        return context

    yield make
    for context in made:
        context.close()
