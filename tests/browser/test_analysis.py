"""The replay page's analysis in a browser (issue 33, item 4): the button starts it, the worker's
background thread runs it, the page follows its progress (replay.js polls the API) and shows the
chance chart and the costliest moves when it is done, without a reload by hand."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser.helpers import serious_violations, sign_up
from tests.browser.shots import shoot

pytestmark = pytest.mark.browser
FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "santa_maria" / "2p.json"


def test_the_analyse_button_runs_in_the_background_and_the_page_shows_the_result(server: Any, context_factory: Any) -> None:
    shiplog = server.shiplog
    shiplog.background = True  # as in a server's worker: the analysis runs in a thread of its own
    shiplog.analyses.iterations, shiplog.analyses.horizon = 2, 3  # a tiny budget
    gid, _tokens, _host = shiplog.import_record(json.loads(FIXTURE.read_text(encoding="utf-8")))
    ann = sign_up(context_factory(), server.url, "Ann")
    ann.goto(f"{server.url}/games/{gid}/replay?at=23")
    ann.click("text=Analyse this game")
    ann.wait_for_selector("text=The moves that cost most", timeout=120_000)  # followed by replay.js, then shown
    assert ann.locator("#analysis svg.chart").count() == 1
    assert ann.locator("#analysis ol.costly li").count() >= 1
    assert shiplog.analyses.state(gid).status == "done"
    assert serious_violations(ann) == []
    shoot(ann, "replay-analysis")
