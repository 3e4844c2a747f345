"""A field of the wrong JSON type is `action.malformed` in every game (docs/api.md; issue 27
item 11), driven by each game's own legal actions: take an action the game lists, give one of
its fields (or a value inside one) a value of another JSON type, and decide it, or POST it.

Which types a field takes is read off the actions listed over the game's fixtures (a Santa
Maria trade's "option" is a number or null), and `UNLISTED`: a value of any other type must be
refused as malformed, never with a rule's code (`role.unknown`), never accepted, never a crash.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import pytest

from domain.core import Rng, registry
from domain.core.errors import IllegalAction
from domain.core.record import replay_states
from tests.mistyped import Path as FieldPath
from tests.mistyped import field_paths, json_type, replaced, shape, wrong_values

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
PER_FIELD = 3  # positions tried for each field of each action type
GAMES = registry.products()

# Types a field takes that no listed action of the fixtures shows
UNLISTED = {("felinia", "keep_mystery", ("card",)): {"null"}}  # keeping no card is well-formed (rules 2.1, 5.3)

Probe = tuple[Any, int, dict[str, Any], FieldPath, Any]
Field = tuple[str, tuple[str, ...]]  # an action type and a field's shape ("use_die", ("die", "face"))


def listed(game: str) -> tuple[dict[Field, set[str]], list[Probe]]:
    """The JSON types each field of each action type takes in the actions listed at every
    position of the game's fixtures, and the first `PER_FIELD` (position, seat, action, field,
    value) of each field."""
    rules = registry.get(game)
    types: dict[Field, set[str]] = defaultdict(set)
    tried: Counter[Field] = Counter()
    probes: list[Probe] = []
    for path in sorted((FIXTURES / game.replace("-", "_")).glob("*.json")):
        for _version, _event, state in replay_states(json.loads(path.read_text())):
            if state is None or rules.outcome(state) is not None:
                continue
            for seat in sorted(rules.to_act(state)):
                for action in rules.legal_actions(state, seat):
                    for field, value in field_paths(action):
                        key = (action["type"], shape(field))
                        types[key].add(json_type(value))
                        if tried[key] < PER_FIELD:
                            tried[key] += 1
                            probes.append((state, seat, action, field, value))
    return types, probes


def answer(rules: Any, state: Any, seat: int, action: dict[str, Any]) -> str:
    try:
        rules.decide(state, seat, action, Rng("mistyped", "decide"))
    except IllegalAction as exc:
        return exc.code
    except Exception as exc:  # noqa: BLE001 - the answer is what the test is about
        return f"crash: {type(exc).__name__}: {exc}"
    return "accepted"


@pytest.mark.parametrize("game", GAMES)
def test_every_listed_field_given_a_value_of_another_json_type_is_malformed(game: str) -> None:
    rules = registry.get(game)
    types, probes = listed(game)
    assert probes, f"{game}: no listed action with a field in the fixtures"
    wrong: dict[tuple[str, tuple[str, ...], str], str] = {}
    for state, seat, action, field, value in probes:
        key = (action["type"], shape(field))
        for bad in wrong_values(value, types[key] | UNLISTED.get((game, *key), set())):
            code = answer(rules, state, seat, replaced(action, field, bad))
            if code != "action.malformed":
                wrong.setdefault((action["type"], shape(field), json_type(bad)), code)
    assert not wrong, "\n".join(f"{t} {'.'.join(f)} given {j}: {c}" for (t, f, j), c in sorted(wrong.items()))


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.mark.parametrize("game", GAMES)
def test_over_the_api_a_field_of_the_wrong_json_type_is_422_action_malformed(client: Any, game: str) -> None:
    """The first listed action with a field of a new game, each field mistyped: 422
    `action.malformed`, and the game does not move."""
    seats = max(2, registry.get(game).MIN_SEATS)
    created = client.post("/v1/games", json={"game": game, "players": [f"p{n}" for n in range(seats)],
                                              "seed": "mistyped"}).json
    gid, version = created["id"], created["version"]
    token = ""
    for seat in client.get(f"/v1/games/{gid}").json["to_act"]:
        token = created["seats"][seat]["token"]
        actions = client.get(f"/v1/games/{gid}/actions", headers=auth(token)).json["actions"]
        action = next((a for a in actions if len(a) > 1), None)
        if action is not None:
            break
    assert action is not None, f"{game}: no listed action with a field at the start"
    for field, value in field_paths(action):
        for bad in wrong_values(value, {json_type(value)}):
            resp = client.post(f"/v1/games/{gid}/actions", json=replaced(action, field, bad), headers=auth(token))
            assert (resp.status_code, resp.json["code"]) == (422, "action.malformed"), (field, bad, resp.json)
    assert client.get(f"/v1/games/{gid}").json["version"] == version
