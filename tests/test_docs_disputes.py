"""docs/replay.md's "Settling a dispute": the replay session prints exactly what the page shows,
and the curl session answers as the page says (on the same fixture, imported into a store)."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from replay.cli import main
from tests.test_readme import curl_session, keys

ROOT = Path(__file__).resolve().parent.parent
SECTION = (ROOT / "docs" / "replay.md").read_text(encoding="utf-8").split("## Settling a dispute", 1)[1]
FIXTURE = ROOT / "fixtures" / "puerto_rico" / "3p.json"


def console_session(text: str) -> list[tuple[str, str]]:
    """Each `$ replay ...` command of the section's console block, with the output shown after it."""
    block = re.search(r"```console\n(.*?)```", text, re.S)
    assert block, "the section has no console session"
    steps: list[tuple[str, str]] = []
    for line in block.group(1).splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], ""))
        else:
            steps[-1] = (steps[-1][0], steps[-1][1] + line + "\n")
    return steps


def test_the_dispute_session_prints_what_the_page_shows() -> None:
    steps = console_session(SECTION)
    assert [shlex.split(c)[1] for c, _ in steps] == ["why", "legal", "try", "try", "try"]
    for command, shown in steps:
        argv = [a.replace("fixtures/", f"{ROOT}/fixtures/") for a in shlex.split(command)]
        assert argv[0] == "replay"
        result = CliRunner().invoke(main, argv[1:])
        assert result.exit_code == (1 if shown.startswith("REFUSED") else 0), result.output
        assert result.output == shown, command


def test_the_dispute_curl_session_answers_as_the_page_says(client: Any) -> None:
    record = json.loads(FIXTURE.read_text())
    client.application.extensions["shiplog"].import_record(record)
    steps = curl_session(SECTION)
    assert len(steps) == 2
    for argv, expected in steps:
        method, headers, data, url = "GET", {}, None, ""
        args = iter(argv[1:])
        for arg in args:
            if arg == "-X":
                method = next(args)
            elif arg == "-H":
                name, _, value = next(args).partition(": ")
                headers[name] = value
            elif arg == "-d":
                data = next(args)
            elif arg != "-s":
                url = arg.replace("localhost:8000", "").replace("f72e…", record["id"])
        resp = client.open(url, method=method, headers=headers, data=data)
        said = re.match(r"(\d{3}) (\{.*)", expected)
        assert said and resp.status_code == int(said.group(1)), (argv, resp.json)
        body = resp.json
        assert set(re.findall(r'"(\w+)":', said.group(2))) <= keys(body), argv
        for key in ("version", "accepted", "code", "message", "seat"):
            shown = re.search(rf'"{key}": ("[^"]*"|\w+)', said.group(2))
            if shown and key in body:
                assert json.dumps(body[key]) == shown.group(1), (key, argv)
        if "actions" in body.get("seats", [{}])[0]:
            first = body["seats"][0]["actions"][0]
            action = re.search(r'"action": (\{[^}]*\})', said.group(2))
            assert action and first["action"] == json.loads(action.group(1)) and first["text"][0] in said.group(2)
