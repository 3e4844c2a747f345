"""A decision's draft state (domain/puerto_rico/state.py `draft`) changes nothing but speed.

`decide` applies its facts to one private copy of the state in place; that is only correct while
every fact handler keeps the rule in `draft`'s docstring (never read a state after deriving the
next one from it with `_set`/`_update`). A handler that broke it would read values of the
state it has just changed. Here every decision of seeded games is made twice, once with the
draft and once with a copy per fact (as without the draft), and folded a third time from its
facts: the facts, the states and the state hashes must be the same, the state given to `decide`
must be untouched, so a handler that broke the rule on any path these games take fails here.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.core import codec, registry
from domain.core.rng import Rng, choice
from domain.core.rules import fold
from domain.puerto_rico import flow
from domain.puerto_rico import state as state_module

RULES = registry.get("puerto-rico")
OPTION_SETS = [{}, {"expansions": ["new_buildings"]}, {"expansions": ["nobles"]},
               {"expansions": ["new_buildings", "nobles"]}]


def copying_draft(s: state_module.State) -> state_module.State:
    """`draft` without changes in place: a copy, never in the draft's slot, so every fact copies."""
    new = object.__new__(state_module.State)
    object.__setattr__(new, "__dict__", s.__dict__.copy())
    return new


def decisions(seats: int, seed: str, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> int:
    opts = RULES.check_options(options, seats)
    state: Any = None
    for fact in RULES.setup(opts, seats, Rng(seed, "setup")):
        state = RULES.evolve(state, fact)
    made = 0
    while RULES.outcome(state) is None:
        seat = min(RULES.to_act(state))
        action = choice(Rng(seed, f"bot:{made}"), RULES.legal_actions(state, seat))
        before = codec.fields_json(state)
        drafted: Any = RULES.decide(state, seat, action, Rng(seed, f"event:{made}"))  # facts.Facts, with .state
        with monkeypatch.context() as m:
            m.setattr(flow, "draft", copying_draft)
            copied: Any = RULES.decide(state, seat, action, Rng(seed, f"event:{made}"))
        assert codec.fields_json(state) == before, f"decision {made} changed the state it was given"
        assert list(drafted) == list(copied), f"decision {made} ({action}): other facts with the draft"
        after = codec.fields_json(drafted.state)
        assert after == codec.fields_json(copied.state), f"decision {made} ({action}): another state with the draft"
        assert after == codec.fields_json(fold(RULES, state, drafted)), f"decision {made}: its facts fold elsewhere"
        state = drafted.state
        made += 1
    return made


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(o.get("expansions", ["base"])))
def test_the_draft_gives_the_facts_and_states_of_a_copy_per_fact(options: dict[str, Any],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    made = sum(decisions(seats, f"draft-{seats}-{n}", options, monkeypatch) for seats in (2, 3, 4, 5) for n in range(3))
    assert made > 12 * 200  # every game was played to its end, move by move
