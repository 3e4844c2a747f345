"""docs/api.md's "Playing a game with friends": the curl session works, as written, against
`shiplog serve`, from the invitation to the first move."""

from __future__ import annotations

import re
from pathlib import Path

from service.process import running
from tests.test_readme import curl_session, keys, send

ROOT = Path(__file__).resolve().parent.parent
SECTION = (ROOT / "docs" / "api.md").read_text(encoding="utf-8").split("## Playing a game with friends", 1)[1]


def test_the_friends_session_in_the_api_docs_works_as_written(sqlite_env: dict[str, str]) -> None:
    steps = curl_session(SECTION)
    assert len(steps) == 8
    names: dict[str, str] = {}
    with running(sqlite_env) as server:
        for argv, expected in steps:
            resp = send(server.url, argv, names)
            status = re.match(r"(\d{3}) ", expected)
            assert status and resp.status_code == int(status.group(1)), (argv, resp.text[:500])
            body = resp.json()
            assert set(re.findall(r'"(\w+)":', expected)) <= keys(body), argv
            for key in ("version", "status", "organised", "reason"):  # the values the docs show
                said = re.search(rf'"{key}": ("?[\w]+"?)', expected)
                top = body["inbox"][0] if "inbox" in body else body
                if said and key in top:
                    assert str(top[key]).lower() == said.group(1).strip('"'), (key, argv)
            if said_seat := re.match(r'\d{3} \{"seat": (\d)', expected):
                assert body["seat"] == int(said_seat.group(1))
            if "token" in body:
                names[f"{body['name'][0].upper()}…"] = body["token"]  # A… and B…
            if "invite" in body:
                names.update({"7c2e…": body["id"], "INV…": body["invite"]})
    assert set(names) == {"A…", "B…", "7c2e…", "INV…"}
