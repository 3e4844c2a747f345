"""Santa Maria speaks Russian and Hungarian (issue 31): every fact kind in all three languages,
every refusal code's sentence, the rulebook's names, Russian plurals, the board. The sentences
are made in the language `speaking` activates (the shell activates the reader's for each request)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import jinja2
import pytest
from babel.messages.pofile import read_po

import domain.santa_maria as sm
from domain.core import ALL, Rng, fold
from domain.core.errors import IllegalAction
from domain.core.i18n import speaking
from domain.core.words import render
from domain.santa_maria import board
from domain.santa_maria.i18n import T
from domain.santa_maria.words import words
from service.languages import catalogs
from service.web.boards import add_filters
from tests.englishwords import english_left

from .playout import Policy

NAMES = ["Анна", "Бела", "Кира", "Дина", "Ева"]
SHARED = ["Santa Maria", "adjust none"]  # the game's name (Hungarian keeps it) and an API literal
LANGUAGES = ("ru", "hu")
PACKAGE = Path(sm.__file__).parent
GAMES: list[tuple[dict[str, Any], int]] = [
    ({}, 3), ({"advanced_setup": True, "shared_blue_dice": True, "open_scores": True}, 2), ({"colony_assignment": "random"}, 1),
    ({"expansion": True, "modules": ["A", "B"]}, 3), ({"expansion": True, "modules": ["C"], "advanced_setup": True}, 4),
    ({"expansion": True, "modules": ["A", "B", "C", "D"]}, 3), ({"expansion": True, "modules": ["D"]}, 1),
]
# Facts the seeded games below rarely reach, and variants of those they do.
SAMPLES: list[dict[str, Any]] = [
    {"t": "VPGained", "seat": 0, "vp": 3, "source": "mission:mission_2"},
    {"t": "VPGained", "seat": 1, "vp": None, "source": "building:6,6"},
    {"t": "CoinsGained", "seat": 1, "coins": 2, "source": "taxation"},
    {"t": "GoodsGained", "seat": 0, "goods": {"wood": 2, "gem": 1, "coins": 5}, "source": "dock:conquistador"},
    {"t": "CocoaLost", "seat": 1, "cocoa": 1},
    {"t": "CocoaTokensGiven", "seat": 0, "tokens": 2, "full": 1},
    {"t": "BishopConquestScored", "seat": 0, "vp": 6},
    {"t": "CoinsPaid", "seat": 0, "coins": 1, "for": "diagonal"},
    {"t": "ConquistadorBlocked", "seat": 2},
    {"t": "MeditationSpaceUsed", "seat": 1, "space": 3},
    {"t": "DieValueChanged", "seat": 0, "from": 2, "to": 6, "adjust": "cocoa"},
    {"t": "DockRefilled", "dock": "special", "tile": None},
    {"t": "DockRefilled", "dock": "vp", "tile": None},
    {"t": "OverflowConverted", "seat": 0, "good": "gem", "units": 2, "coins": 4},
    {"t": "ReligionAdvanced", "seat": 1, "from": 3, "to": 4, "paid": "grain"},
    {"t": "ReligionOverflowScored", "seat": 1, "vp": 2},
    {"t": "AchievementsReached", "seat": 0, "achievements": ["communism", "kozlocracy"], "total": 104, "won": True},
    {"t": "AchievementsReached", "seat": 0, "achievements": [], "total": 80, "won": False},
    {"t": "SpecialistGoodsLost", "seat": 0, "good": "grain", "units": 2},
    {"t": "GovernorBlocked", "seat": 1, "cell": [2, 3]},
    {"t": "ColonistsScored", "seat": 1, "cell": [1, 2], "vp": 2},
    {"t": "Declined", "seat": 0, "decision": "navigate"},
    {"t": "Declined", "seat": 0, "decision": "meditation_extra"},
    {"t": "DecisionAsked", "seat": 0, "decision": "ambassador_line"},
    {"t": "ExpandCancelled", "seat": 0, "tile": "D07"},
    {"t": "MayaCardsRedrawn", "seat": 2, "put_under": ["MC03", "MC11"], "drawn": ["MC07", "MC02"]},
    {"t": "MayaCardsRedrawn", "seat": 2, "put_under": 2, "drawn": 2},
    {"t": "MayaTokenAdded", "seat": 2, "type": "gem"},
    {"t": "TradeOfferOpened", "seat": 2, "to": 0},
    {"t": "TradeOfferItemAdded", "seat": 2, "item": "coin", "side": "give"},
    {"t": "TradeOfferItemRemoved", "seat": 2, "item": "sugar", "side": "get"},
    {"t": "TradeOffered", "seat": 2, "to": 0, "give": {"coin": 2, "cocoa": 1}, "get": {"gem": 1}},
    {"t": "TradeOfferAnswered", "seat": 0, "accept": False},
    {"t": "MayaGoodsGained", "seat": 2, "goods": {"wood": 1}, "lost": {"gem": 1}},
    {"t": "MayaCityCleared", "priests_back": 2},
    {"t": "ImprovementPlaced", "seat": 0, "specialist": "IMP_INN", "cell": [2, 2], "covered": True},
]


def seeded_facts() -> Iterator[dict[str, Any]]:
    """The facts of seeded games (the greedy bot mixed with random moves) with each set of options."""
    for seed, (options, seats) in enumerate(GAMES):
        facts = list(sm.setup(sm.check_options(options, seats), seats, Rng(f"i18n-{seed}", "setup")))
        yield from facts
        state, rng, policy = fold(sm, None, facts), Rng(f"i18n-{seed}", "play"), Policy(seed * 24 + 3)
        for _step in range(1500):
            if sm.outcome(state) is not None:
                break
            seat = min(sm.to_act(state))
            decided = sm.decide(state, seat, policy.action(state, seat, sm.legal_actions(state, seat)), rng)
            yield from decided
            state = decided.state


def said(fact: dict[str, Any], language: str | None, viewer: Any = ALL) -> str:
    if language is None:
        return render(sm.describe(sm.redact(fact, viewer) if viewer is not ALL else fact, viewer), NAMES)
    with speaking(language, catalogs(language)):
        return render(sm.describe(fact, viewer), NAMES)


def left(sentence: str, language: str) -> list[str]:
    return english_left(sentence, language, [*NAMES, *SHARED])


def test_every_fact_kind_is_said_in_russian_and_hungarian_without_english() -> None:
    facts = list(seeded_facts()) + SAMPLES
    assert words.names <= {f["t"] for f in facts}, f"no sample of {sorted(words.names - {f['t'] for f in facts})}"
    problems = []
    for fact in facts:
        english = said(fact, None)
        for language in LANGUAGES:
            sentence = said(fact, language)
            found = left(sentence, language)
            if found or sentence == english:
                problems.append(f"{language}: {fact['t']}: {sentence!r} (English: {found or english!r})")
    assert not problems, "\n".join(sorted(set(problems))[:40])


def test_the_rulebooks_names_and_russian_plurals() -> None:
    scholars = {"t": "ScholarsRevealed", "scholars": ["SCH_PHILOSOPHY", "SCH_TAXATION", "SCH_ARCHERY", "SCH_MEDITATION"]}
    assert "Философия, Налогообложение, Стрельба из лука и Медитация" in said(scholars, "ru")
    assert "Filozófia, Adózás, Íjászat és Meditáció" in said(scholars, "hu")
    gained = {"t": "GoodsGained", "seat": 0, "goods": {"wood": 1, "grain": 2, "sugar": 1, "gem": 5, "gold": 1}}
    assert said(gained, "ru") == "Анна получает: 1 древесина, 2 зерна, 1 сахар, 5 самоцветов и 1 золото."
    assert said(gained, "hu") == "Анна kap: 1 fa, 2 gabona, 1 cukor, 5 drágakő és 1 arany."
    for n, form in ((1, "1 монета"), (2, "2 монеты"), (5, "5 монет"), (21, "21 монета"), (12, "12 монет")):
        fact = {"t": "CoinsGained", "seat": 0, "coins": n}
        assert said(fact, "ru") == f"Анна получает: {form}.", said(fact, "ru")
    assert said({"t": "BlueSupplySet", "count": 3}, "ru") == "В запасе 3 синих кубика."
    assert said({"t": "VPGained", "seat": 1, "vp": 11}, "ru") == "Бела получает: 11 очков."


def refusal_sites() -> dict[str, set[str]]:
    """code -> the English sentences the rules refuse it with, read off the source: every
    (code, sentence) pair and InvalidOptions(code, sentence), a choice between two sentences
    (`_("a") if x else _("b")`) too; a sentence not marked for translation is a failure."""
    found: dict[str, set[str]] = {}
    unmarked = []

    def sentences(node: ast.AST) -> list[str] | None:
        if isinstance(node, ast.IfExp):
            body, orelse = sentences(node.body), sentences(node.orelse)
            return None if body is None or orelse is None else body + orelse
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("_", "ngettext") and isinstance(node.args[0], ast.Constant):
            return [node.args[0].value]
        return None

    def code_of(node: ast.AST) -> str | None:
        """A refusal's code: "expand.no_placement", or f"{area}.out_of_bounds" (one per area) as "*.out_of_bounds"."""
        if isinstance(node, ast.JoinedStr):
            text = "".join(v.value if isinstance(v, ast.Constant) else "*" for v in node.values)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            return None
        words = text.replace(".", "").replace("_", "").replace("*", "")
        return text if "." in text and words.isalpha() else None

    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            pair = None
            if isinstance(node, ast.Tuple) and len(node.elts) == 2:
                pair = node.elts
            elif isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("reject", "IllegalAction", "InvalidOptions") \
                    and len(node.args) == 2:
                pair = node.args
            code = pair and code_of(pair[0])
            if not code:
                continue
            marked = sentences(pair[1])
            if marked is None:
                unmarked.append(f"{path.name}:{node.lineno} {code}")
            else:
                found.setdefault(code, set()).update(marked)
    assert not unmarked, f"refusals without a sentence marked for translation: {unmarked}"
    return found


def test_every_refusal_code_has_its_sentence_in_russian_and_hungarian() -> None:
    sites = refusal_sites()
    assert len(sites) >= 40, sorted(sites)  # (the rules' codes: every step, the expansion's modules)
    problems = []
    for language in LANGUAGES:
        with (PACKAGE / "locales" / language / "LC_MESSAGES" / "santa_maria.po").open("rb") as fh:
            catalog = read_po(fh)
        for code, sentences in sorted(sites.items()):
            for english in sentences:
                entry = catalog.get(english)
                translations = entry.string if entry is not None else ""
                for translated in translations if isinstance(translations, tuple) else (translations,):
                    found = left(str(translated), language)
                    if not translated or translated == english or found:
                        problems.append(f"{language}: {code}: {english!r} -> {translated!r} {found}")
    assert not problems, "\n".join(problems)


def test_a_refusal_is_raised_in_the_readers_language() -> None:
    """The same illegal actions, refused in English, Russian and Hungarian: the code stays."""
    state = fold(sm, None, sm.setup(sm.check_options({"colony_assignment": "random"}, 2), 2, Rng("refusals", "setup")))
    seat = min(sm.to_act(state))
    tries = [({"type": "expand", "tile": "D99"}, seat), ({"type": "pass", "space": 9}, seat),
             ({"type": "buy", "good": "gold"}, seat), ({"type": "expand_pay", "pay": {"wood": 2}}, seat)]
    for action, seat in tries:
        messages, codes = {}, set()
        for language in (None, *LANGUAGES):
            with pytest.raises(IllegalAction) as refused:
                if language is None:
                    sm.decide(state, seat, action, Rng("refusals", "play"))
                else:
                    with speaking(language, catalogs(language)):
                        sm.decide(state, seat, action, Rng("refusals", "play"))
            codes.add(refused.value.code)
            messages[language] = refused.value.message
        assert len(codes) == 1, (action, codes)
        assert len(set(messages.values())) == 3, messages
        assert not left(messages["ru"], "ru") and not left(messages["hu"], "hu"), messages


class Text(HTMLParser):
    """What a reader reads on a page: its text and its tooltips and labels."""

    def __init__(self) -> None:
        super().__init__()
        self.read: list[str] = []
        self.skip = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.skip = tag == "style"
        self.read += [value for name, value in attrs if name in ("title", "aria-label") and value]

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.read.append(data)


def boards_read(language: str) -> Iterator[str]:
    """The board of the seat to act at every 25th position of the seeded games, in `language`."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(PACKAGE), autoescape=True)
    add_filters(env)
    env.globals.update(_=T.gettext, ngettext=T.ngettext, pgettext=T.pgettext)
    for seed, (options, seats) in enumerate(GAMES):
        state = fold(sm, None, sm.setup(sm.check_options(options, seats), seats, Rng(f"i18n-{seed}", "setup")))
        rng, policy = Rng(f"i18n-{seed}", "play"), Policy(seed * 24 + 3)
        for step in range(1500):
            if sm.outcome(state) is not None:
                break
            seat = min(sm.to_act(state))
            if step % 25 == 0:
                shown = sm.view(state, seat)
                with speaking(language, catalogs(language)):
                    page = env.get_template("board.html").render(view=shown, seat=seat, names=NAMES[:seats], info=board.context(shown),
                                                                 to_act=shown["to_act"])
                    labels = [board.action_label(a) or "" for a in sm.legal_actions(state, seat)]
                text = Text()
                text.feed(page)
                yield from text.read
                yield from labels
            state = sm.decide(state, seat, policy.action(state, seat, sm.legal_actions(state, seat)), rng).state


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_board_and_its_buttons_speak_the_readers_language(language: str) -> None:
    problems = sorted({f"{text.strip()!r}: {found}" for text in boards_read(language) if (found := left(text, language))})
    assert not problems, "\n".join(problems[:40])
