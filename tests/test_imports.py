"""The direction of imports (pyproject.toml, [tool.importlinter]): `lint-imports` keeps every
contract, and the two contract types of our own (tests/import_contracts.py) catch what they are
for, on small packages made here."""

from __future__ import annotations

import importlib
import subprocess
import sys
import textwrap
from pathlib import Path

import grimp
import pytest

from tests.import_contracts import AcyclicModules, ImportsAtTop

ROOT = Path(__file__).resolve().parent.parent


def test_lint_imports_keeps_every_contract() -> None:
    """No new import circle in domain/, service/, replay/; no listed circle that is gone; no import
    inside a function that does not say why; the core imports nothing of the shell."""
    run = subprocess.run(
        [sys.executable, "-c", "from importlinter.cli import lint_imports_command; lint_imports_command()",
         "--no-cache", "--no-logo"],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stdout + run.stderr


def _package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, files: dict[str, str]) -> grimp.ImportGraph:
    for path, text in {"__init__.py": "", **files}.items():
        (tmp_path / name / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name / path).write_text(textwrap.dedent(text), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    return grimp.build_graph(name, cache_dir=None)


def _acyclic(package: str, allowed: list[str]) -> AcyclicModules:
    return AcyclicModules("circles", {}, {"packages": [package], "allowed": allowed})


CIRCLE = {
    "year.py": "from . import flow\n",
    "flow.py": """\
        def finish_turn():
            from .year import end_of_year  # lazy: it says so, yet it closes a circle
            end_of_year()
        """,
    "goods.py": "from . import flow\n",
}


def test_a_circle_closed_inside_a_function_breaks_the_contract(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    graph = _package(tmp_path, monkeypatch, "circle_toy", CIRCLE)
    check = _acyclic("circle_toy", []).check(graph, verbose=False)
    assert not check.kept
    ((circle, loop),) = check.metadata["new"]
    assert circle == ["circle_toy.flow", "circle_toy.year"]
    assert loop == ["circle_toy.flow (l. 2) -> circle_toy.year", "circle_toy.year (l. 1) -> circle_toy.flow"]


def test_a_listed_circle_is_allowed_and_one_that_is_gone_must_be_unlisted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    graph = _package(tmp_path, monkeypatch, "listed_toy", CIRCLE)
    assert _acyclic("listed_toy", ["listed_toy.year listed_toy.flow"]).check(graph, verbose=False).kept
    graph.remove_import(importer="listed_toy.flow", imported="listed_toy.year")  # the circle undone
    check = _acyclic("listed_toy", ["listed_toy.year listed_toy.flow"]).check(graph, verbose=False)
    assert not check.kept and check.metadata["gone"] == [["listed_toy.flow", "listed_toy.year"]]
    assert check.metadata["new"] == []


def test_an_import_inside_a_function_says_why_unless_it_closes_a_circle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    graph = _package(tmp_path, monkeypatch, "lazy_toy", {
        **CIRCLE,
        "cli.py": """\
            def bench():
                from . import goods  # lazy: heavy, only for bench
                import json
                from .flow import (
                    finish_turn,
                )
                return goods, json, finish_turn
            """,
    })
    check = ImportsAtTop("at top", {}, {"packages": ["lazy_toy"]}).check(graph, verbose=False)
    assert not check.kept
    assert check.metadata["unsaid"] == [  # flow's import of year closes a circle: acyclic_modules' business
        "lazy_toy.cli (l. 3): import json",
        "lazy_toy.cli (l. 4): from .flow import ( finish_turn, )",
    ]
