"""Hidden information, every game alike: what a viewer may not see at a position, the action types
a game has, a policy that soon plays each of them, and the checks of what the rules show.

A game's secrets are ids (a tile, a card, a ship, a scholar): `hidden(game, state, viewer)` is the
set of ids `viewer` (a seat, or None for spectators and the host) may not see then, from each
game's own property tests. An answer leaks when one of them appears in it as a whole word
(`leaked`). Puerto Rico has no secret ids (its secrets are kinds and counts: a drawn tile, a
forest's kind, VP), so for the actions of every game `ActionChecks` also asks the one question that
needs no ids: two actions a viewer cannot tell apart by what they did (the same redacted facts, the
same view after) must look the same to it.

A move is judged against what was hidden all through it, before, after and between its facts: a
card played face up shows in its own action and facts, cards a player draws and puts back in one
move show in the facts he is shown, and a card marked for a redraw stays in the hand and must not
show to anyone but the Maya.
"""

from __future__ import annotations

import copy
import re
import sys
from collections import defaultdict
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from domain.core import Rng, choice, fold, registry
from domain.core.commands import Commands
from domain.core.rules import Action, Fact, GameRules, Viewer, action_for, redacted

from . import jsontext
from .felinia.properties import secrets as felinia_secrets
from .navegador.test_properties import hidden_tiles as navegador_tiles
from .santa_maria.test_properties import hidden_ids as santa_maria_ids
from .santa_maria.test_properties_maya import hidden_for as maya_hidden_for

_WORD = re.compile(r"[A-Za-z0-9_]+")
_STRING = re.compile(r'"([A-Za-z0-9_]+)"')


def _santa_maria(state: Any, viewer: Viewer) -> set[str]:
    return maya_hidden_for(state, viewer) if state.maya is not None else santa_maria_ids(state)


BOT = {"puerto-rico": "greedy", "navegador": "greedy", "santa-maria": "greedy", "felinia": "heuristic"}  # the best bot
HIDDEN: dict[str, Callable[[Any, Viewer], set[str]]] = {
    "puerto-rico": lambda state, viewer: set(),  # kinds and counts only (see the module docstring)
    "navegador": lambda state, viewer: navegador_tiles(state),
    "santa-maria": _santa_maria,
    "felinia": felinia_secrets,
}


def hidden(game: str, state: Any, viewer: Viewer) -> frozenset[str]:
    """The ids `viewer` may not see at `state` (none once the game is over)."""
    rules = registry.get(game)
    if state is None or rules.outcome(state) is not None:
        return frozenset()
    return frozenset(HIDDEN[game](state, viewer))


def still_hidden(game: str, state: Any, facts: list[Fact], viewer: Viewer, ids: set[str]) -> set[str]:
    """Those of `ids` hidden from `viewer` all through the move from `state` by `facts`."""
    rules = registry.get(game)
    for fact in facts:
        if not ids:
            break
        state = rules.evolve(state, fact)
        ids = ids & hidden(game, state, viewer)
    return ids


def leaked(secret: Collection[str], shown: Any) -> set[str]:
    """The secret ids that appear in `shown`: as whole words in a text (a page), as whole strings
    in JSON data."""
    if not secret:
        return set()
    if isinstance(shown, str):
        return set(secret) & set(_WORD.findall(shown))
    return set(secret) & set(_STRING.findall(jsontext.dumps(shown)))


def action_types(rules: GameRules) -> set[str]:
    """Every action type the game has: its `Commands` table, wherever in its package it lives."""
    package = rules.__name__  # type: ignore[attr-defined]
    tables = {id(value): value for name, module in list(sys.modules.items())
              if name == package or name.startswith(package + ".")
              for value in vars(module).values() if isinstance(value, Commands)}
    assert len(tables) == 1, f"{package}: one Commands table, found {len(tables)}"
    return set(next(iter(tables.values())).types)


# -- a policy that tries every action type soon ----------------------------------------------


def _signature(action: Action) -> tuple[Any, ...]:
    return (action["type"], *sorted((k, v) for k, v in action.items() if k != "type" and isinstance(v, str | bool | int)))


@dataclass
class Curious:
    """Plays an action of a type not played yet whenever one is legal, often one with names
    (a building, a card, a space) not played yet in this game, and otherwise the game's `bot`:
    so the rare action types come up in a few short games. The types it played are remembered
    over the games it plays (`begin` starts a game)."""

    bot: str
    played: set[str] = field(default_factory=set)
    signatures: set[tuple[Any, ...]] = field(default_factory=set)

    def begin(self) -> None:
        self.signatures.clear()

    def choose(self, rules: GameRules, state: Any, seat: int, legal: list[Action], rng: Rng) -> Action:
        fresh = [a for a in legal if a["type"] not in self.played]
        if not fresh and rng.below(2):
            fresh = [a for a in legal if _signature(a) not in self.signatures]
        if fresh:
            action = choice(rng, fresh)
        elif rng.below(10) == 0:
            action = choice(rng, legal)
        else:
            action = rules.BOTS[self.bot](state, seat, rng)
        self.played.add(action["type"])
        self.signatures.add(_signature(action))
        return action


# -- what the rules show -----------------------------------------------------------------------


@dataclass
class ActionChecks:
    """The checks of a game's actions (`check`), and how many positions of each action type they
    checked."""

    game: str
    per_type: int = 4  # actions of a type tried at a position
    positions: int = 12  # positions a type is checked at, at most
    checked: defaultdict[str, int] = field(default_factory=lambda: defaultdict(int))

    def check(self, state: Any, seat: int, legal: list[Action], viewers: list[Viewer], rng: Rng) -> None:
        """At `state`, for a few legal actions of `seat` of each type: no viewer but the seat sees
        in the action (`action_for`) an id hidden from it all through the action; and two
        actions of a type whose facts differ but look alike to a viewer (redacted facts and
        view) look alike to it as actions too."""
        rules = registry.get(self.game)
        others = [v for v in viewers if v != seat]
        before = {v: hidden(self.game, state, v) for v in others}
        by_type: defaultdict[str, list[Action]] = defaultdict(list)
        for action in legal:
            by_type[action["type"]].append(action)
        for kind, actions in by_type.items():
            if self.checked[kind] >= self.positions:
                continue
            if len(actions) > self.per_type:
                actions = [actions[0], actions[-1], *(choice(rng, actions) for _ in range(self.per_type - 2))]
            probe = rng.below(1 << 30)  # the same draws for each action
            tried = [(a, rules.decide(state, seat, copy.deepcopy(a), Rng(str(probe), "event"))) for a in actions]
            for viewer in others:
                self._no_hidden_id(rules, state, seat, viewer, before[viewer], tried)
                self._alike_looks_alike(rules, state, seat, viewer, tried)
            self.checked[kind] += 1

    def _no_hidden_id(self, rules: GameRules, state: Any, seat: int, viewer: Viewer, secret: frozenset[str],
                      tried: list[tuple[Action, list[Fact]]]) -> None:
        for action, facts in tried:
            shown = still_hidden(self.game, state, facts, viewer,
                                 leaked(secret, action_for(rules, action, seat, viewer)))
            assert not shown, f"{self.game}: {action} shows viewer {viewer} the hidden {sorted(shown)}"

    def _alike_looks_alike(self, rules: GameRules, state: Any, seat: int, viewer: Viewer,
                           tried: list[tuple[Action, list[Fact]]]) -> None:
        groups: defaultdict[str, list[tuple[Action, list[Fact]]]] = defaultdict(list)
        for action, facts in tried:
            groups[jsontext.dumps(redacted(rules, facts, viewer))].append((action, facts))
        for group in groups.values():
            first, facts = group[0]
            for other, other_facts in group[1:]:
                if jsontext.dumps(facts) == jsontext.dumps(other_facts):
                    continue  # the same doing: nothing hidden tells them apart
                if action_for(rules, first, seat, viewer) == action_for(rules, other, seat, viewer):
                    continue
                views = [rules.view(fold(rules, state, f), viewer) for f in (facts, other_facts)]
                assert views[0] != views[1], (
                    f"{self.game}: viewer {viewer} sees the same facts and view after {first} and {other}, "
                    f"but not the same action: {action_for(rules, first, seat, viewer)} and "
                    f"{action_for(rules, other, seat, viewer)}")


def check_move(game: str, before: Any, after: Any, seat: int, action: Action, facts: list[Fact],
               viewers: list[Viewer], views: bool) -> None:
    """The move as each viewer is shown it (its action and facts, and with `views` the view
    after it) carries no id hidden from that viewer all through it."""
    rules = registry.get(game)
    for viewer in viewers:
        secret = hidden(game, before, viewer) & hidden(game, after, viewer)
        shown = leaked(secret, redacted(rules, facts, viewer))
        if viewer != seat:
            shown |= leaked(secret, action_for(rules, action, seat, viewer))
        shown = still_hidden(game, before, facts, viewer, shown)
        assert not shown, f"{game}: {action} shows viewer {viewer} the hidden {sorted(shown)}"
        if views:
            now = hidden(game, after, viewer)
            assert not leaked(now, rules.view(after, viewer)), (game, viewer, leaked(now, rules.view(after, viewer)))
