"""A newcomer's first ten minutes (issue 8.10): the README's curl session works, as written,
against `shiplog serve`; the repository carries its license; the docs point at nothing outside it."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import requests

from service.process import running

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def curl_session(text: str) -> list[tuple[list[str], str]]:
    """Each curl command of the README's first curl block, with the comment that follows it."""
    block = re.search(r"```sh\n(curl .*?)```", text, re.S)
    assert block, "the README has no curl session"
    steps: list[tuple[list[str], str]] = []
    for line in block.group(1).replace("\\\n", " ").splitlines():
        if line.startswith("curl "):
            steps.append((shlex.split(line), ""))
        elif line.startswith("#") and steps:
            steps[-1] = (steps[-1][0], steps[-1][1] + line.lstrip("#→ "))
    return steps


def keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys(v)}
    return set()


def send(base: str, argv: list[str], names: dict[str, str]) -> requests.Response:
    method, headers, data, url = "GET", {}, None, None
    args = iter(argv[1:])
    for arg in args:
        if arg == "-s":
            continue
        if arg == "-X":
            method = next(args)
        elif arg == "-H":
            name, _, value = next(args).partition(": ")
            headers[name] = value
        elif arg == "-d":
            data = next(args)
            method = "POST" if method == "GET" else method
        else:
            url = arg
    assert url is not None and url.startswith("localhost:8000/"), argv
    def fill(text: str) -> str:
        for placeholder, value in names.items():
            text = text.replace(placeholder, value)
        return text

    return requests.request(method, base + fill(url).removeprefix("localhost:8000"), timeout=30,
                            headers={k: fill(v) for k, v in headers.items()}, data=data)


def test_the_readme_curl_session_works_as_written(sqlite_env: dict[str, str]) -> None:
    steps = curl_session(README)
    assert len(steps) >= 3
    names: dict[str, str] = {}
    with running(sqlite_env) as server:
        for argv, expected in steps:
            resp = send(server.url, argv, names)
            status = re.match(r"(\d{3}) ", expected)
            assert status, f"say the status after each command: {expected!r}"
            assert resp.status_code == int(status.group(1)), (argv, resp.text[:500])
            body = resp.json()
            shown = set(re.findall(r'"(\w+)":', expected))
            assert shown <= keys(body), (shown - keys(body), argv)
            if "host_token" in body:  # the create answer: the names the later commands use
                assert body["to_act"] == [0], "the README says ann (seat 0) acts first"
                names = {"4f0c…": body["id"], "T0…": body["seats"][0]["token"], "H…": body["host_token"]}
            if body.get("to_act") is not None and "to_act" in expected:
                said = re.search(r'"to_act": (\[[^\]]*\])', expected)
                assert said and str(body["to_act"]).replace(" ", "") == said.group(1).replace(" ", "")


def test_a_license_and_the_license_field() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert "Apache License" in text and "Version 2.0, January 2004" in text
    assert tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["license"] == "Apache-2.0"


def test_the_docs_point_at_nothing_outside_the_repository() -> None:
    for doc in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = doc.read_text(encoding="utf-8")
        outside = re.findall(r"\.\./[\w./-]+|\bshared/[\w./-]+", text)
        assert not outside, (doc.name, outside)
        for path in re.findall(r"`((?:docs|domain|service|replay|tests|fixtures)/[\w./-]+)`", text):
            if "<" not in path and "*" not in path:
                assert (ROOT / path).exists(), (doc.name, path)


def test_version_options() -> None:
    bin_dir = Path(sys.executable).parent
    for command in ("shiplog", "replay"):
        result = subprocess.run([str(bin_dir / command), "--version"], capture_output=True, text=True, check=False)
        assert result.returncode == 0 and re.fullmatch(rf"{command}, version \d+\.\d+\.\d+\n", result.stdout), result


def test_serve_says_so_when_the_port_is_taken(sqlite_env: dict[str, str]) -> None:
    with running(sqlite_env) as server:
        result = subprocess.run(
            [str(Path(sys.executable).parent / "shiplog"), "serve", "--port", str(server.port)],
            capture_output=True, text=True, timeout=60, check=False, env={**server.env},
        )
    assert result.returncode == 1, result
    assert f"port {server.port} on 127.0.0.1 is already in use" in result.stderr
    assert "Traceback" not in result.stderr + result.stdout
