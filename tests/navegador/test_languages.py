"""Navegador speaks Russian and Hungarian (issue 31): every fact kind in all three languages,
every refusal code's sentence, the buttons and the board, the Russian rulebook's names
(«Мореплаватель»), Russian plurals. The sentences are made in the language `speaking`
activates (the shell activates the reader's for each request)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from contextlib import nullcontext
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

import domain.navegador as nav
from domain.core import ALL, Rng, fold
from domain.core.errors import IllegalAction
from domain.core.i18n import speaking
from domain.core.words import render
from domain.navegador.components import C
from domain.navegador.i18n import region
from domain.navegador.state import State
from domain.navegador.words import words
from service.languages import catalogs
from service.web import boards
from service.web.texts import ending, game_label, game_words
from tests.englishwords import english_left
from tests.test_board_input import board_of

NAMES = ["Анна", "Бела", "Кира", "Дина", "Ева"]
LANGUAGES = ("ru", "hu")
PACKAGE = Path(nav.__file__).parent


def proper_names(language: str) -> list[str]:
    """What may stay as it is in a sentence: the players' names, the game's title and, in
    Hungarian, the map's place names (Angola, Goa, Timor are the same words in English) and
    the cruzado's sign."""
    with speaking(language, catalogs(language)):
        places = [region(r) for r in C.regions]
    sign = ["Cr"] if language == "hu" else []  # (the cruzado's sign, as the board prints it)
    return [*NAMES, "Navegador", *sign, *sorted(places, key=len, reverse=True)]


# Facts the seeded games below rarely reach, and variants of those they do.
SAMPLES: list[dict[str, Any]] = [
    {"t": "GameSetUp", "seats": 3, "kings_privilege_placement": "manual"},
    {"t": "GameSetUp", "seats": 5, "kings_privilege_placement": "auto"},
    {"t": "ColoniesDealt", "stacks": {"guine": ["gold_70", "gold_100"]}, "removed": ["gold_40", "spice_90"]},
    {"t": "RondelMoved", "seat": 0, "from": "sailing", "to": "ships", "distance": 5, "ships_paid": {"guine": 1, "portugal": 1}},
    {"t": "RondelMoved", "seat": 1, "from": None, "to": "market_2", "distance": 0, "ships_paid": {}},
    {"t": "NavegadorPassed", "from": 0, "to": 2, "reason": "deadline", "orange_ship": None},
    {"t": "NavegadorPassed", "from": 0, "to": 2, "reason": "deadline", "orange_ship": "colony"},
    {"t": "NavegadorPassed", "from": 1, "to": 0, "reason": "used", "orange_ship": None},
    {"t": "NavegadorPassed", "from": 1, "to": 0, "reason": "used", "orange_ship": "workers"},
    {"t": "NavegadorUsed", "seat": 2},
    {"t": "RegionExplored", "seat": 1, "region": "cabo_da_boa_esperanca", "sources": [{"from": "angola", "count": 2},
     {"from": "guine", "count": 1}], "ships_lost": 1, "tiles_revealed": ["gold_50"], "bonus": 50, "phase_pending": 2},
    {"t": "RegionExplored", "seat": 0, "region": "goa", "sources": [{"from": "mocambique", "count": 3}], "ships_lost": 1,
     "tiles_revealed": ["spice_60", "spice_90"], "bonus": 60, "phase_pending": None},
    {"t": "RegionExplored", "seat": 0, "region": "nagasaki", "sources": [{"from": "macau", "count": 3}], "ships_lost": 2,
     "tiles_revealed": [], "bonus": 0, "phase_pending": None},
    {"t": "PhaseStarted", "phase": 3, "privileges_added": {"colony": 1, "factory": 0, "explorer": 1, "shipyard": 1, "church": 1}},
    {"t": "PhaseStarted", "phase": 2, "privileges_added": {"colony": 2, "factory": 2, "explorer": 2, "shipyard": 2, "church": 2}},
    {"t": "PhaseStarted", "phase": 3, "privileges_added": {"colony": 0, "factory": 0, "explorer": 0, "shipyard": 0, "church": 0}},
    {"t": "GameEndTriggered", "seat": 0, "reason": "nagasaki"},
    {"t": "GameEndTriggered", "seat": 1, "reason": "buildings"},
    {"t": "WorkersHired", "seat": 2, "count": 2, "real": 1, "virtual": 1, "paid": 100, "received": 100},
    {"t": "ShipsBuilt", "seat": 0, "count": 3, "real": 1, "virtual": 2, "paid": 150, "received": 200},
    {"t": "GoodsProcessed", "seat": 2, "good": "sugar", "count": 3, "unit_income": 30, "row_before": 4, "row_after": 1,
     "orange_used": True},
    {"t": "PrivilegeTaken", "seat": 0, "kind": "explorer", "cell": 1, "bonus": 0},
    {"t": "PrivilegeTaken", "seat": 0, "kind": "church", "cell": 0, "bonus": 100},
    {"t": "ActionEnded", "seat": 1, "action": "navegador"},
    {"t": "FinalRoundStarted", "trigger": "nagasaki", "turns": 3},
    {"t": "TurnEnded", "seat": 1, "final_turns_left": 0},
    {"t": "TurnEnded", "seat": 1, "final_turns_left": 2},
    {"t": "GameEnded", "reason": "nagasaki"},
    {"t": "GameEnded", "reason": "buildings"},
    {"t": "KingsPrivilegePlaced", "seat": 1, "kind": "none", "how": "forced"},
    {"t": "KingsPrivilegePlaced", "seat": 1, "kind": "church", "how": "forced"},
    {"t": "KingsPrivilegePlaced", "seat": 2, "kind": "colony", "how": "chosen"},
    {"t": "GameScored", "scores": [120, 133, 98], "ranks": [2, 1, 3]},
]


def seeded_states() -> Iterator[tuple[State, list[dict[str, Any]]]]:
    """Two seeded games, each state with the facts that led to it: the greedy bot's to the end
    (the king's privileges placed by hand), then the greedy and the random bot by turns."""
    for n, (options, seats, steps) in enumerate((({"kings_privilege_placement": "manual"}, 3, 3000), ({}, 4, 600))):
        facts = list(nav.setup(nav.check_options(options, seats), seats, Rng(f"i18n-{n}", "setup")))
        state = fold(nav, None, facts)
        yield state, facts
        for step in range(steps):
            if nav.outcome(state) is not None:
                break
            seat = min(nav.to_act(state))
            bot = nav.BOTS["greedy" if n == 0 or (seat + step // 50) % 2 else "random"]
            decided = nav.decide(state, seat, bot(state, seat, Rng(f"i18n-{n}-{step}", "bot")), Rng(f"i18n-{n}", "play"))
            state = decided.state
            yield state, list(decided)


def said(fact: dict[str, Any], language: str | None, viewer: Any = ALL) -> str:
    shown = nav.redact(fact, viewer) if viewer is not ALL else fact
    if language is None:
        return render(nav.describe(shown, viewer), NAMES)
    with speaking(language, catalogs(language)):
        return render(nav.describe(shown, viewer), NAMES)


def test_every_fact_kind_is_said_in_russian_and_hungarian_without_english() -> None:
    facts = [f for _state, batch in seeded_states() for f in batch] + SAMPLES
    assert words.names <= {f["t"] for f in facts}, f"no sample of {sorted(words.names - {f['t'] for f in facts})}"
    names = {language: proper_names(language) for language in LANGUAGES}
    problems = []
    for fact in facts:
        for viewer in (ALL, 0):
            english = said(fact, None, viewer)
            for language in LANGUAGES:
                sentence = said(fact, language, viewer)
                left = english_left(sentence, language, names[language])
                if left or sentence == english:
                    problems.append(f"{language}: {fact['t']}: {sentence!r} (English: {left or english!r})")
    assert not problems, "\n".join(sorted(set(problems))[:40])


def test_the_rulebooks_names_and_russian_plurals() -> None:
    route = {"t": "ShipsMoved", "seat": 0, "from": "cabo_da_boa_esperanca", "to": "mocambique", "count": 1}
    assert "«Мыс Доброй Надежды» → «Мозамбик»" in said(route, "ru")
    for n, form in ((1, "1 корабль"), (2, "2 корабля"), (4, "4 корабля"), (5, "5 кораблей"), (11, "11 кораблей"),
                    (21, "21 корабль")):
        assert f" {form}: " in said({**route, "count": n}, "ru"), said({**route, "count": n}, "ru")
    moved = {"t": "RondelMoved", "seat": 0, "from": "ships", "to": "sailing", "distance": 2, "ships_paid": {}}
    assert "на 2 сектора вперёд, на сектор «Мореплавание»" in said(moved, "ru")
    built = {"t": "BuildingBuilt", "seat": 0, "building": "shipyard", "cell": 0, "price": 150}
    assert "«верфь» за 150 крузадо" in said(built, "ru") and "hajógyár" in said(built, "hu")
    church = {**built, "building": "church", "price": 200}
    assert "«церковь»" in said(church, "ru") and "templom" in said(church, "hu")
    privilege = {"t": "PrivilegeTaken", "seat": 1, "kind": "colony", "cell": 0, "bonus": 60}
    assert "привилегия для колоний" in said(privilege, "ru") and "gyarmatkiváltság" in said(privilege, "hu")
    card = {"t": "NavegadorUsed", "seat": 0}
    assert "карту «Мореплаватель»" in said(card, "ru") and "Navegador-kártyát" in said(card, "hu")
    for n, form in ((1, "остался 1 ход"), (3, "осталось 3 хода"), (5, "осталось 5 ходов")):
        assert said({"t": "FinalRoundStarted", "trigger": "buildings", "turns": n}, "ru").endswith(f"{form}.")
    hired = {"t": "WorkersHired", "seat": 0, "count": 1, "real": 1, "virtual": 0, "paid": 50, "received": 0}
    assert "нанимает 1 рабочего за 50 крузадо" in said(hired, "ru")
    assert "нанимает 5 рабочих" in said({**hired, "count": 5}, "ru")
    with speaking("ru", catalogs("ru")):
        assert game_words(nav, nav.TITLE) == "Мореплаватель"


def _marked(node: ast.AST) -> bool:
    """A refusal's sentence marked for translation: `_("...")` or `ngettext("...", "...", n)`."""
    return (isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("_", "ngettext")
            and bool(node.args) and isinstance(node.args[0], ast.Constant))


_REFUSERS = ("reject", "IllegalAction", "InvalidOptions")


def _code_and_sentence(node: ast.AST) -> tuple[str, ast.AST] | None:
    """A refusal in the source: a ("code.name", sentence) pair or a refuser called with both."""
    if isinstance(node, ast.Tuple) and len(node.elts) == 2:
        code, sentence = node.elts
    elif isinstance(node, ast.Call) and getattr(node.func, "id", "") in _REFUSERS and len(node.args) == 2:
        code, sentence = node.args
    else:
        return None
    name = code.value if isinstance(code, ast.Constant) else None
    if not isinstance(name, str) or "." not in name or not name.replace(".", "").replace("_", "").isalpha():
        return None
    return name, sentence


def refusal_sites() -> dict[str, list[ast.AST]]:
    """code -> how the rules say it, read off the source: every (code, sentence) pair,
    IllegalAction(code, sentence) and reject(code, sentence); the sentence is marked for
    translation, or made by a helper of the module that returns only marked sentences."""
    found: dict[str, list[ast.AST]] = {}
    unmarked = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        helpers = {f.name for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)
                   and (returns := [r.value for r in ast.walk(f) if isinstance(r, ast.Return) and r.value is not None])
                   and all(_marked(v) for v in returns)}
        for node in ast.walk(tree):
            said = _code_and_sentence(node)
            if said is None:
                continue
            code, message = said
            if _marked(message) or isinstance(message, ast.Call) and getattr(message.func, "id", "") in helpers:
                found.setdefault(code, []).append(message)
            else:
                unmarked.append(f"{path.name}:{node.lineno} {code}")
    assert not unmarked, f"refusals without a sentence marked for translation: {unmarked}"
    return found


def test_every_refusal_code_and_every_sentence_of_the_catalog_is_russian_and_hungarian() -> None:
    """Every code the rules refuse with has its sentence marked; and every sentence of the
    game's catalog (the refusals', the board's, the help's, the facts') is translated into
    each language without English words left, and not just copied."""
    assert len(refusal_sites()) >= 34, sorted(refusal_sites())
    problems = []
    for language in LANGUAGES:
        names = proper_names(language)
        with (PACKAGE / "locales" / language / "LC_MESSAGES" / "navegador.po").open("rb") as fh:
            catalog = read_po(fh)
        for entry in catalog:
            if not entry.id:
                continue
            ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
            forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            for form in forms:
                left = english_left(str(form), language, names)
                copied = form in ids and any(c.isalpha() for c in english_left(str(form), "ru", names))
                if not form or left or copied:
                    problems.append(f"{language}: {ids[0]!r} -> {form!r} {left}")
    assert not problems, "\n".join(problems)


def refusal(state: State, seat: int, action: dict[str, Any], language: str) -> IllegalAction:
    """What the rules say to `action`, in `language` ("en": no catalogs)."""
    with speaking(language, catalogs(language)) if language != "en" else nullcontext():
        try:
            nav.decide(state, seat, action, Rng("refusals", "play"))
        except IllegalAction as refused:
            return refused
    raise AssertionError(f"{action} was accepted")


def test_a_refusal_is_raised_in_the_readers_language() -> None:
    """The same illegal actions, refused in English, Russian and Hungarian: the code stays."""
    state = fold(nav, None, nav.setup(nav.check_options({}, 3), 3, Rng("refusals", "setup")))
    seat = state.current
    tries = {"rondel.unknown_space": ({"type": "move_rondel", "space": "harbour", "pay_ships": {}}, seat),
             "action.unknown_type": ({"type": "fly"}, seat), "navegador.not_holder": ({"type": "use_navegador"}, seat),
             "action.not_now": ({"type": "sell", "good": "gold", "count": 1}, seat),
             "turn.not_yours": ({"type": "move_rondel", "space": "ships", "pay_ships": {}}, (seat + 1) % 3),
             "action.malformed": ({"type": "move_rondel", "space": "ships", "pay_ships": {"bahia": 0}}, seat)}
    for code, (action, who) in tries.items():
        said = {language: refusal(state, who, action, language) for language in ("en", *LANGUAGES)}
        assert {r.code for r in said.values()} == {code}, said
        assert len({r.message for r in said.values()}) == 3, said
        assert not english_left(said["ru"].message, "ru") and not english_left(said["hu"].message, "hu", ["Navegador"]), said


class _Text(HTMLParser):
    """The words a board shows: its text and its tooltips and labels (not its style)."""

    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []
        self._style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._style = tag in ("style", "script")
        self.words += [v for k, v in attrs if k in ("title", "aria-label") and v]

    def handle_endtag(self, tag: str) -> None:
        self._style = False

    def handle_data(self, data: str) -> None:
        if not self._style:
            self.words.append(data)


def test_the_board_and_its_buttons_in_russian_and_hungarian_have_no_english(app: Any) -> None:
    """The board of positions of two seeded games (moving, sailing, trading, building, the end),
    its tooltips and every legal action's button, in Russian and in Hungarian."""
    states = [s for n, (s, _facts) in enumerate(seeded_states()) if n % 37 == 0 or nav.outcome(s) is not None]
    seen_steps = {s.step.value for s in states}
    assert {"turn_start", "action", "game_over"} <= seen_steps, seen_steps
    problems: set[str] = set()
    with app.test_request_context():
        for language in LANGUAGES:
            names = [*proper_names(language), *(f"P{s}" for s in range(5))]
            with speaking(language, catalogs(language)):
                for state in states:
                    seat = min(nav.to_act(state)) if nav.to_act(state) else 0
                    text = _Text()
                    text.feed(board_of(nav, "navegador", state, seat))
                    labels = [boards.action_label(nav, a) or "" for a in nav.legal_actions(state, seat)]
                    for words_shown in (*text.words, *labels):
                        left = english_left(words_shown, language, names)
                        if left:
                            problems.add(f"{language}: {words_shown.strip()!r}: {left}")
    assert not problems, "\n".join(sorted(problems)[:40])


def test_the_catalog_texts_the_platform_shows_are_translated() -> None:
    """The title, blurb, option, its choices, the score categories and the terminations."""
    state = next(s for s, _facts in seeded_states() if nav.outcome(s) is not None)
    result = nav.outcome(state)
    assert result is not None
    shown = [game_words(nav, nav.TITLE), game_words(nav, nav.BLURB), game_words(nav, nav.OPTIONS[0].sentence),
             game_label(nav, "option", "kings_privilege_placement"), *(game_label(nav, "choice", c) for c in ("auto", "manual")),
             *(game_label(nav, "score", k) for k in result.results[0].breakdown), ending(result.termination, nav),
             *(game_label(nav, "termination", t) for t in ("nagasaki_explored", "buildings_sold_out"))]
    english = list(shown)
    for language in LANGUAGES:
        with speaking(language, catalogs(language)):
            translated = [game_words(nav, nav.TITLE), game_words(nav, nav.BLURB), game_words(nav, nav.OPTIONS[0].sentence),
                          game_label(nav, "option", "kings_privilege_placement"),
                          *(game_label(nav, "choice", c) for c in ("auto", "manual")),
                          *(game_label(nav, "score", k) for k in result.results[0].breakdown), ending(result.termination, nav),
                          *(game_label(nav, "termination", t) for t in ("nagasaki_explored", "buildings_sold_out"))]
        names = proper_names(language)
        left = [t for t in translated[1:] if english_left(t, language, names)]
        same = [t for t, e in zip(translated[1:], english[1:], strict=True) if t == e]
        assert not left and not same, (language, left, same)
