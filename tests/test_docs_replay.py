"""docs/replay.md's examples of `log`, `show` and `step` (before "Settling a dispute", which
tests/test_docs_disputes.py checks): each command prints the lines the page shows, in that
order ("…" stands for lines left out)."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from replay.cli import main

ROOT = Path(__file__).resolve().parent.parent
PAGE = (ROOT / "docs" / "replay.md").read_text(encoding="utf-8").split("## Settling a dispute", 1)[0]


def examples() -> list[tuple[str, list[str]]]:
    """Each `$ replay ...` line of the page's code blocks, with the lines shown after it."""
    found: list[tuple[str, list[str]]] = []
    fenced = False
    for line in PAGE.splitlines():
        if line.startswith("```"):
            fenced, command = not fenced, False
        elif fenced and line.startswith("$ "):
            found.append((line[2:], []))
            command = True
        elif fenced and command and line.strip() not in ("", "…"):
            found[-1][1].append(line.rstrip())
    return found


def test_the_page_has_its_examples() -> None:
    assert [shlex.split(c)[1] for c, _ in examples()] == ["log", "show", "step"]


@pytest.mark.parametrize(("command", "shown"), examples(), ids=lambda v: v if isinstance(v, str) else "")
def test_an_example_prints_what_the_page_shows(command: str, shown: list[str]) -> None:
    argv = [a.replace("fixtures/", f"{ROOT}/fixtures/") for a in shlex.split(command)]
    assert argv[0] == "replay"
    result = CliRunner().invoke(main, argv[1:], input="q\n")
    assert result.exit_code == 0, result.output
    printed = iter(line.rstrip() for line in result.output.splitlines())
    missing = [line for line in shown if not any(line == out for out in printed)]
    assert not missing, f"{command}: not printed (in this order): {missing}"
