"""`schemathesis run --checks all` against a running server passes: /v1/openapi.json describes every
request and response the server gives (status codes, content types, headers, bodies), valid
requests are accepted and invalid ones refused, and nothing answers 500.

Bounded: a fixed seed and 15 examples per operation and phase (some six hundred requests).
One exception to "valid data is accepted", said in the configuration below: a 422 answers a
request whose shape the document allows but whose content the game's rules refuse (an unknown
game, a move that is not legal now), and a 412 a well-formed If-Match that is stale. No schema
can know which move is legal at a given moment.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import requests

from domain.core import registry
from service.process import running

SCHEMATHESIS = str(Path(sys.executable).parent / "schemathesis")
EXAMPLES = 15  # per operation and phase


@pytest.mark.slow
def test_schemathesis_checks_all_pass(sqlite_env: dict[str, str], tmp_path: Path) -> None:
    # Live streams end at once here (they would otherwise hold each generated request for minutes).
    with running({**sqlite_env, "SHIPLOG_GAMES_PER_MINUTE": "1000000", "SHIPLOG_SIGNUPS_PER_MINUTE": "1000000",
                  "SHIPLOG_SSE_SECONDS": "0",
                  "SHIPLOG_TICK_SECONDS": "0"}) as server:
        first = registry.products()[0]  # any registered game, with its default options
        seats = max(registry.get(first).MIN_SEATS, min(3, registry.get(first).MAX_SEATS))
        game = requests.post(f"{server.url}/v1/games", timeout=10, json={
            "game": first, "players": ["ann", "bob", "cy"][:seats]}).json()
        acting = game["to_act"][0] if game["to_act"] else 0  # the token of a seat with something to do
        config = tmp_path / "schemathesis.toml"
        config.write_text(
            '[checks.positive_data_acceptance]\n'
            'expected-statuses = ["2xx", "3xx", "401", "403", "404", "409", "412", "422", "429"]\n'
        )
        result = subprocess.run(
            [SCHEMATHESIS, "--config-file", str(config), "run", f"{server.url}/v1/openapi.json",
             "--checks", "all", "--max-examples", str(EXAMPLES), "--seed", "8", "--no-color",
             "--generation-database", "none", "--request-timeout", "30",
             "--header", f"Authorization: Bearer {game['seats'][acting]['token']}"],
            cwd=tmp_path, capture_output=True, text=True, timeout=600, check=False,
        )
    print(result.stdout[-700:])  # the summary: phases, checks, how many cases were generated
    assert result.returncode == 0, result.stdout[-12000:] + result.stderr[-3000:]
    assert "passed" in result.stdout and "generated" in result.stdout
