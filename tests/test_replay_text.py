"""`replay show` draws the position as a compact text board and `replay step` says each move in
words and every number it changed (issue 11, item 5), for every game with a fixture."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from domain.core import registry
from domain.core.record import replay_states
from replay.cli import main
from replay.textboard import changes, generic_text, text_board

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
RECORDS = {"puerto-rico": FIXTURES / "puerto_rico" / "2p-new-buildings-nobles.json",
           "navegador": FIXTURES / "navegador" / "3p.json"}


@pytest.mark.parametrize("game", sorted(RECORDS))
def test_show_draws_a_text_board_not_json(game: str) -> None:
    result = CliRunner().invoke(main, ["show", str(RECORDS[game]), "--at", "60", "--as", "0"])
    assert result.exit_code == 0, result.output
    assert "Round" in result.output and "{" not in result.output
    record = json.loads(RECORDS[game].read_text())
    for player in record["players"]:
        assert player["name"] in result.output


def test_show_keeps_a_seats_secrets_from_the_others() -> None:
    record = str(RECORDS["puerto-rico"])
    as_seat_0 = CliRunner().invoke(main, ["show", record, "--at", "60", "--as", "0"]).output
    assert "VP hidden" in as_seat_0  # seat 1's chips
    everything = CliRunner().invoke(main, ["show", record, "--at", "60"]).output
    assert "VP hidden" not in everything


def test_step_says_each_move_and_what_it_changed() -> None:
    result = CliRunner().invoke(main, ["step", str(RECORDS["puerto-rico"]), "--at", "30"], input="n\nv\nq\n")
    assert result.exit_code == 0, result.output
    assert "changed: " in result.output and " → " in result.output
    assert "Roles:" in result.output  # v shows the board


def test_changes_name_the_players_and_the_generic_board_covers_a_game_without_its_own() -> None:
    record = json.loads(RECORDS["navegador"].read_text())
    rules = registry.get(record["game"])
    names = [p["name"] for p in record["players"]]
    frames = [state for _v, _ev, state in replay_states(record) if state is not None][:3]
    before, after = (rules.view(s, None) for s in frames[-2:])
    said = changes(before, after, names)
    assert said and all(" → " in line for line in said)
    assert text_board(rules, after, names) != generic_text(after, names)
    assert names[0] in generic_text(after, names)  # "players 0 ..." is written with the name
