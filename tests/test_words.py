"""`describe(fact, viewer)` of every registered game: a sentence for every fact the game can
apply, for every viewer, over seeded bot-played games; and no sentence tells a viewer more than
the fact it may see.

The games are played by the game's own bots (seats alternate between them) with options drawn
from the game's `OPTIONS` (so every Puerto Rico expansion set comes up); every fact is then
redacted for each seat, a spectator (None) and ALL, and described.
"""

from __future__ import annotations

import functools
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from domain.core import ALL, InvalidOptions, Rng, fold, registry
from domain.core.facts import Evolver
from domain.core.rules import Fact, GameRules, Viewer
from domain.core.words import Words, described, render
from tests.quickbots import quick_bots

GAMES_PER_GAME = 32
MOVE_BOUND = 20_000
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed"]
_FACT_LITERAL = re.compile(r"""["']t["']\s*:\s*["']([A-Z][A-Za-z]*)["']""")
_IDENTIFIER = re.compile(r"\b[a-z]+_[a-z_0-9]+\b")  # a snake_case id left in a sentence


def fact_names(rules: GameRules) -> frozenset[str]:
    """The facts the game's `evolve` applies: its `Evolver`'s names (the evolve function itself,
    or an Evolver in one of the game's modules), else its handler table (`HANDLERS`)."""
    names = getattr(rules.evolve, "names", None)
    if names is not None:
        return frozenset(names)
    package = rules.__name__  # type: ignore[attr-defined]
    modules = [m for n, m in list(sys.modules.items()) if n == package or n.startswith(package + ".")]
    found: set[str] = set()
    for module in modules:
        for value in vars(module).values():
            if isinstance(value, Evolver):
                found |= value.names
        for table in ("HANDLERS", "_HANDLERS"):
            handlers = getattr(module, table, None)
            if isinstance(handlers, dict) and all(isinstance(k, str) for k in handlers):
                found |= set(handlers)
    return frozenset(found)


def emitted_names(rules: GameRules) -> set[str]:
    """Every fact name written as a `"t": "Name"` literal in the game's source files."""
    path = Path(rules.__file__)  # type: ignore[attr-defined]
    files = sorted(path.parent.rglob("*.py")) if path.name == "__init__.py" else [path]
    return {name for f in files for name in _FACT_LITERAL.findall(f.read_text(encoding="utf-8"))}


def options_for(rules: GameRules, seed: int) -> dict[str, Any]:
    """Options drawn from the game's declared OPTIONS: every subset of a "choices" option in
    turn (all Puerto Rico expansion sets), a drawn choice and flag; integers stay default."""
    rng = Rng(f"words-{seed}", "options")
    options: dict[str, Any] = {}
    for option in rules.OPTIONS:
        if option.kind == "choices":
            options[option.name] = [c for i, c in enumerate(option.choices) if seed >> i & 1]
        elif option.kind == "choice":
            options[option.name] = option.choices[rng.below(len(option.choices))]
        elif option.kind == "bool":
            options[option.name] = bool(rng.below(2))
    return options


def checked_options(rules: GameRules, seed: int, seats: int) -> dict[str, Any]:
    options = options_for(rules, seed)
    try:
        return rules.check_options(options, seats)
    except InvalidOptions:  # a flag that needs another option: keep the set choices only
        kept = {o.name: options[o.name] for o in rules.OPTIONS if o.kind == "choices" and o.name in options}
        try:
            return rules.check_options(kept, seats)
        except InvalidOptions:  # choices that need a flag (Santa Maria's modules) or are not playable yet
            return rules.check_options({}, seats)


def play(rules: GameRules, seed: int) -> tuple[int, list[Fact]]:
    """A seeded bot game: its seat count and every fact, setup included."""
    seats = rules.MIN_SEATS + seed % (rules.MAX_SEATS - rules.MIN_SEATS + 1)
    while True:  # a seat count only some options allow (Santa Maria's 5 seats need modules C and D): fewer
        try:
            options = checked_options(rules, seed, seats)
            break
        except InvalidOptions:
            seats -= 1
    facts = list(rules.setup(options, seats, Rng(f"words-{seed}", "setup")))
    state = fold(rules, None, facts)
    bots = sorted(quick_bots(rules.BOTS))
    rng = Rng(f"words-{seed}", "bots")
    for _ in range(MOVE_BOUND):
        acting = sorted(rules.to_act(state))
        if not acting or rules.outcome(state) is not None:
            break
        seat = acting[0]
        action = rules.BOTS[bots[(seed + seat) % len(bots)]](state, seat, rng)
        new = rules.decide(state, seat, action, rng)
        state = fold(rules, state, new)
        facts.extend(new)
    return seats, facts


@functools.cache
def games(name: str) -> list[tuple[int, list[Fact]]]:
    rules = registry.get(name)
    return [play(rules, seed) for seed in range(GAMES_PER_GAME)]


def viewers(seats: int) -> list[Viewer]:
    return [*range(seats), None, ALL]


def seen(name: str) -> Iterator[tuple[int, Fact, Viewer, Fact]]:
    """(seats, fact, viewer, the fact as that viewer sees it) over the seeded games."""
    rules = registry.get(name)
    for seats, facts in games(name):
        for fact in facts:
            for viewer in viewers(seats):
                shown = rules.redact(fact, viewer)
                if shown is not None:
                    yield seats, fact, viewer, shown


def said(rules: GameRules, fact: Fact, viewer: Viewer = ALL, seats: int = 3) -> str:
    """The sentence `viewer` gets: the fact redacted for it, described, the names filled in
    (seats 0, 1, 2 ... are Ann, Bob, Cy ...)."""
    shown = rules.redact(fact, viewer)
    assert shown is not None, f"{fact['t']} is not shown to {viewer}"
    return render(rules.describe(shown, viewer), NAMES[:seats])


def leaves(value: Any, keys: bool = False) -> set[str]:
    """Every string and number inside a fact as text (and its keys, if asked)."""
    if isinstance(value, dict):
        inner = {x for v in value.values() for x in leaves(v, keys)}
        return inner | {str(k) for k in value} if keys else inner
    if isinstance(value, list | tuple):
        return {x for v in value for x in leaves(v, keys)}
    if value is None or isinstance(value, bool):
        return set()
    return {str(value)}


def mentions(sentence: str, value: str) -> bool:
    """Whether a value (an id like `gold_70` is also looked for as "gold 70") is in the sentence."""
    forms = {value, value.replace("_", " ")}
    return any(re.search(rf"(?<![\w-]){re.escape(form)}(?![\w-])", sentence, re.IGNORECASE) for form in forms)


GAME_NAMES = registry.names()


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_fact_the_game_applies_has_a_sentence(name: str) -> None:
    rules = registry.get(name)
    assert isinstance(rules.describe, Words), f"{name}: describe is a domain.core.words.Words table"
    applied = fact_names(rules)
    assert applied, f"{name}: no fact names found in its evolve"
    assert rules.describe.names == applied, (
        f"{name}: facts without a sentence {sorted(applied - rules.describe.names)}, "
        f"sentences for facts it does not apply {sorted(rules.describe.names - applied)}"
    )
    # and the evolve table is the whole list: every fact the source emits is in it
    assert emitted_names(rules) <= applied, sorted(emitted_names(rules) - applied)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_fact_reads_as_a_sentence_for_every_viewer(name: str) -> None:
    rules = registry.get(name)
    kinds: set[str] = set()
    for seats, fact, viewer, shown in seen(name):
        kinds.add(fact["t"])
        raw = rules.describe(shown, viewer)
        text = render(raw, NAMES[:seats])
        where = f"{name} {fact['t']} as seen by {viewer}: {text!r}"
        assert isinstance(raw, str) and text.strip() and text == text.strip(), where
        assert text.endswith("."), where
        assert text[0].isupper(), where
        seat_refs = [int(n) for n in re.findall(r"\{seat:(\d+)\}", raw)]
        assert all(0 <= n < seats for n in seat_refs), where
        assert "{" not in text and "None" not in text, where
        assert not _IDENTIFIER.search(text), where  # ids are said in words ("land office")
    # the seeded games reach most facts; the rest are exercised by each game's own word tests
    assert len(kinds) >= len(fact_names(rules)) * 2 // 3, sorted(fact_names(rules) - kinds)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_sentence_never_tells_more_than_the_viewer_may_see(name: str) -> None:
    rules = registry.get(name)
    checked = 0
    for seats, fact, viewer, shown in seen(name):
        if shown == fact:
            continue
        hidden = leaves(fact) - leaves(shown, keys=True)
        text = render(rules.describe(shown, viewer), NAMES[:seats])
        told = sorted(v for v in hidden if mentions(text, v))
        assert not told, f"{name} {fact['t']} as seen by {viewer} names hidden {told}: {text!r}"
        checked += 1
    assert checked, f"{name}: the seeded games had no hidden information to check"


def test_described_fills_in_names_and_survives_a_failing_sentence(caplog: pytest.LogCaptureFixture) -> None:
    rules = registry.get("high-card")
    facts = [{"t": "CardPlayed", "seat": 1, "card": 7}, {"t": "CardPlayed"}, {"t": "NoSuchFact"}]
    with caplog.at_level("ERROR", logger="shiplog.words"):
        text = described(rules, facts, 0, ["Ann", "Bob"])
    assert text == ["Bob plays the 7.", "CardPlayed", "NoSuchFact"]
    assert len([r for r in caplog.records if r.name == "shiplog.words"]) == 2


def test_every_game_has_a_blurb_for_the_catalog() -> None:
    for name in GAME_NAMES:
        blurb = registry.get(name).BLURB
        assert isinstance(blurb, str) and len(blurb) > 80 and blurb.endswith("."), name
