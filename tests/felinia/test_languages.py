"""Felinia speaks Russian and Hungarian (issue 31): every fact kind in all three languages, every
refusal code's sentence, the Russian rulebook's names, Russian plurals, and the board drawn in
Russian. The sentences are made in the language `speaking` activates (the shell activates the
reader's for each request)."""

from __future__ import annotations

import ast
import html
import re
from collections.abc import Iterator
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

import domain.felinia as fe
from domain.core import ALL, Rng, fold, registry
from domain.core.errors import IllegalAction
from domain.core.i18n import speaking
from domain.core.words import render
from domain.felinia.words import words
from service.languages import catalogs
from tests.englishwords import english_left
from tests.felinia.helpers import BLUE, RED, new, trade_at, with_player
from tests.test_board_input import board_of

NAMES = ["Анна", "Бела", "Кира", "Дина"]
LANGUAGES = ("ru", "hu")
PACKAGE = Path(fe.__file__).parent
# Words Hungarian spells as English does: the game's and its city's names, two big cats.
SAME_IN_HUNGARIAN = ("Felinia", "Katzburg", "puma", "ocelot")
# Facts the seeded games below rarely reach, and variants of those they do.
SAMPLES: list[dict[str, Any]] = [
    {"t": "GameSetUp", "mode": "basic", "seats": 3, "closed_markets": ["market5"]},
    {"t": "GameSetUp", "mode": "advanced", "seats": 2, "closed_markets": ["market4", "market5"]},
    {"t": "FirstPlayerChosen", "seat": 2, "drawn": False},
    {"t": "DeckTopRevealed", "tile": "D02"},
    {"t": "TradeTilesPlaced", "tiles": {"EM-F1": "T01"}, "face_up": True},
    {"t": "SilverGained", "seat": 0, "amount": 2, "lost": 1},
    {"t": "SilverGained", "seat": 0, "amount": 0, "lost": 3},
    {"t": "BidWithdrawn", "seat": 1, "venue": "guild", "auto": True, "reason": "no_option"},
    {"t": "BidWithdrawn", "seat": 1, "venue": "market2", "auto": True, "reason": "market_empty"},
    {"t": "BidWithdrawn", "seat": 1, "venue": "market3", "auto": True, "reason": "cannot_afford"},
    {"t": "BidWithdrawn", "seat": 1, "venue": "market3", "auto": False, "reason": None},
    {"t": "GoodsExchanged", "seat": 2, "give": "books", "take": "wine", "gained": "food", "amount": 1, "price": 2},
    {"t": "GoodsExchanged", "seat": 2, "give": "books", "take": "wine", "gained": "spice", "amount": 0, "price": 1},
    {"t": "BonusTileBought", "seat": 0, "bonus": "B1", "price": 3},
    {"t": "BonusTileBought", "seat": 0, "bonus": "B4", "price": 1},
    {"t": "GameEndTriggered", "reason": "last_merchant", "seat": 1},
    {"t": "GameEndTriggered", "reason": "deck_exhausted"},
    {"t": "ExplorationBegan", "ships": []},
    {"t": "ExplorationBegan", "ships": ["ship1", "ship3"]},
    {"t": "DeckTileDiscarded", "ship": "ship2", "tile": "D07"},
    {"t": "ShipReturned", "ship": "ship2", "tile": "D07"},
    {"t": "ExpeditionBound", "seat": 1},
    {"t": "FoodSpent", "seat": 1},
    {"t": "TradeTileRevealed", "seat": 1, "province": "PU-F2", "tile": "T15"},
    {"t": "TradeTileRevealed", "seat": 1, "province": "PU-F2", "tile": "S2"},
    {"t": "RewardGained", "seat": 0, "province": "EM-X1", "kind": "goods", "goods": None},
    {"t": "RewardGained", "seat": 0, "province": "EM-X1", "kind": "goods", "goods": "clothing"},
    {"t": "RewardGained", "seat": 2, "province": "BR-X3", "kind": "silver", "tile": "S7", "amount": 1, "lost": 1},
    {"t": "RewardGained", "seat": 2, "province": "BR-X3", "kind": "food", "tile": None, "amount": 1, "lost": 0},
    {"t": "RewardGained", "seat": 2, "province": "BR-X3", "kind": "spice", "amount": 2, "lost": 0},
    {"t": "MysteryCardsDrawn", "seat": 1, "count": 2, "cards": ["MP09", "MP01"]},
    {"t": "MysteryCardsDrawn", "seat": 1, "count": 1},
    {"t": "MysteryCardKept", "seat": 1, "card": "MP09", "auto": False, "goods_paid": "books"},
    {"t": "MysteryCardKept", "seat": 1, "card": "MP01", "auto": False, "goods_paid": None},
    {"t": "MysteryCardKept", "seat": 1, "auto": False, "goods_paid": "glassware"},
    {"t": "MysteryCardKept", "seat": 1, "card": None, "auto": True, "goods_paid": None},
    {"t": "MysteryCardsReturned", "seat": 1, "count": 1},
    {"t": "TradeTileTaken", "seat": 0, "province": "PU-F2", "tile": "T15"},
    {"t": "TradeTileTaken", "seat": 0, "province": "PU-F2", "tile": "S6"},
    {"t": "TradeTileTaken", "seat": 0, "province": "PU-F2"},
    {"t": "SpecialTileEffect", "seat": 2, "tile": "S6", "effect": "windfall", "goods": "wine", "removed": True,
     "gains": [{"kind": "food", "amount": 1, "lost": 0}, {"kind": "gold", "amount": 1, "lost": 0},
               {"kind": "silver", "amount": 1, "lost": 0}]},
    {"t": "SpecialTileEffect", "seat": 2, "effect": "silver_income", "goods": None, "removed": False,
     "gains": [{"kind": "silver", "amount": 1, "lost": 0}]},
    {"t": "MerchantReturnedHome", "seat": 3, "stopped": True},
    {"t": "MerchantReturnedHome", "seat": 3, "stopped": False},
    {"t": "StorageBegan", "owing": []},
    {"t": "StorageBegan", "owing": [0, 2]},
    {"t": "StorageSlotBought", "seat": 1, "price": 2},
    {"t": "ItemsSold", "seat": 1, "item": "gold", "count": 2, "goods": None, "silver_gained": 1, "silver_lost": 3},
    {"t": "ItemsSold", "seat": 1, "item": "goods", "count": 2, "goods": "wine", "silver_gained": 0, "silver_lost": 2},
    {"t": "ItemsSold", "seat": 1, "item": "spice", "count": 5, "goods": None, "silver_gained": 5, "silver_lost": 0},
    {"t": "FinalSalesBegan"},
    {"t": "FinalSalesDone", "seat": 0},
]


def game(options: dict[str, Any], seats: int, seed: str) -> list[dict[str, Any]]:
    """Every fact of one seeded game: random moves, and every third one the heuristic bot's."""
    facts = list(fe.setup(fe.check_options(options, seats), seats, Rng(seed, "setup")))
    state, rng, step = fold(fe, None, facts), Rng(seed, "play"), 0
    while fe.outcome(state) is None and step < 3000:
        seat = min(fe.to_act(state))
        policy = fe.BOTS["heuristic" if (seat + step) % 3 == 0 else "random"]
        decided = fe.decide(state, seat, policy(state, seat, Rng(f"{seed}-{step}", "bot")), rng)
        facts += decided
        state, step = decided.state, step + 1
    return facts


def seeded_facts() -> Iterator[dict[str, Any]]:
    """The facts of three seeded games, basic and advanced, with 2, 3 and 4 players."""
    for n, (options, seats) in enumerate((({}, 3), ({"mode": "advanced"}, 2), ({"open_deck": True}, 4))):
        yield from game(options, seats, f"i18n-{n}")


def said(fact: dict[str, Any], language: str | None, viewer: Any = ALL) -> str:
    if language is None:
        return render(fe.describe(fact, viewer), NAMES)
    with speaking(language, catalogs(language)):
        return render(fe.describe(fact, viewer), NAMES)


def left(sentence: str, language: str) -> list[str]:
    return english_left(sentence, language, [*NAMES, *SAME_IN_HUNGARIAN] if language == "hu" else NAMES)


def test_every_fact_kind_is_said_in_russian_and_hungarian_without_english() -> None:
    facts = list(seeded_facts()) + SAMPLES
    assert words.names <= {f["t"] for f in facts}, f"no sample of {sorted(words.names - {f['t'] for f in facts})}"
    problems = []
    for fact in facts:
        for viewer in (ALL, None):
            shown = fe.redact(fact, viewer) if viewer is not ALL else fact
            if shown is None:
                continue
            english = said(shown, None, viewer)
            for language in LANGUAGES:
                sentence = said(shown, language, viewer)
                found = left(sentence, language)
                if found or sentence == english:
                    problems.append(f"{language}: {fact['t']}: {sentence!r} (English: {found or english!r})")
    assert not problems, "\n".join(sorted(set(problems))[:40])


def test_the_rulebooks_names_and_russian_plurals() -> None:
    sailed = {"t": "ShipSailed", "ship": "ship2", "country": "emerald"}
    assert said(sailed, "ru") == "Корабль 2 плывёт в страну «Королевство Гепарда» (изумрудная)."
    assert "Gepárd Királyság" in said(sailed, "hu")
    boarded = {"t": "MerchantBoarded", "seat": 0, "ship": "ship1", "ship_seat": 0, "goods": ["clothing", "clothing",
                                                                                         "glassware"], "silver": 0}
    assert said(boarded, "ru") == "Анна сажает Купца на Корабль 1, отдав 1 тайл посуды и 2 тайла одежды."
    taken = {"t": "TradeTileTaken", "seat": 0, "province": "PU-F2", "tile": "T01"}
    assert "(пантера)" in said(taken, "ru") and "ФИ-Ф2" in said(taken, "ru") and "(párduc)" in said(taken, "hu")
    for n, form in ((1, "1 серебряную монету"), (2, "2 серебряные монеты"), (5, "5 серебряных монет"),
                    (21, "21 серебряную монету"), (12, "12 серебряных монет")):
        bought = {"t": "GoodsBought", "seat": 1, "market": "market1", "goods": "wine", "price": n}
        assert said(bought, "ru") == f"Бела покупает 1 тайл вина на рынке 1 за {form}.", said(bought, "ru")
        assert said(bought, "hu") == f"Бела vesz 1 bort a(z) 1. piacon {n} ezüstért."
    for n, form in ((1, "1 карту Таинственного Места"), (3, "3 карты Таинственных Мест"), (5, "5 карт Таинственных Мест")):
        assert said({"t": "MysteryCardsDrawn", "seat": 2, "count": n}, "ru") == f"Кира берёт {form}."
    sold = {"t": "ItemsSold", "seat": 1, "item": "goods", "count": 2, "goods": "wine", "silver_gained": 0, "silver_lost": 2}
    assert said(sold, "ru").startswith("Бела продаёт 2 тайла вина и получает 0 серебряных монет: серебра не может быть "
                                       "больше 6, 2 серебряные монеты теряются")


CODE = re.compile(r"[a-z_]+\.[a-z_]+")
RAISERS = ("reject", "IllegalAction", "InvalidOptions")


def _pairs(tree: ast.AST) -> Iterator[tuple[str, ast.expr, int]]:
    """Every (code, message) the source writes: a 2-tuple, or a raiser's two arguments."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Tuple):
            args = node.elts
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") in RAISERS:
            args = node.args
        else:
            continue
        code = args[0] if len(args) == 2 else None
        if isinstance(code, ast.Constant) and isinstance(code.value, str) and CODE.fullmatch(code.value):
            yield code.value, args[1], node.lineno


def _english(message: ast.expr) -> str | None:
    """The English of a message marked for translation (`_` or `ngettext`), else None."""
    marked = isinstance(message, ast.Call) and getattr(message.func, "id", "") in ("_", "ngettext")
    first = message.args[0] if marked and isinstance(message, ast.Call) and message.args else None
    return first.value if isinstance(first, ast.Constant) and isinstance(first.value, str) else None


def refusal_sites() -> dict[str, set[str]]:
    """code -> the English sentences the rules refuse it with, read off the source; a sentence
    not marked for translation is a failure."""
    found: dict[str, set[str]] = {}
    unmarked = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for code, message, line in _pairs(ast.parse(path.read_text(encoding="utf-8"))):
            english = _english(message)
            if english is None:
                unmarked.append(f"{path.name}:{line} {code}")
            else:
                found.setdefault(code, set()).add(english)
    assert not unmarked, f"refusals without a sentence marked for translation: {unmarked}"
    return found


def translations(language: str) -> dict[str, tuple[str, ...]]:
    """The catalog of `language`: English -> its translation's forms (one, or a count's)."""
    with (PACKAGE / "locales" / language / "LC_MESSAGES" / "felinia.po").open("rb") as fh:
        entries = [m for m in read_po(fh) if m.id]
    return {m.id[0] if isinstance(m.id, tuple) else m.id: m.string if isinstance(m.string, tuple) else (m.string,)
            for m in entries}


def test_every_refusal_code_has_its_sentence_in_russian_and_hungarian() -> None:
    sites = refusal_sites()
    assert len(sites) >= 40, sorted(sites)  # (every phase's codes, the options')
    wanted = [(code, english) for code, sentences in sorted(sites.items()) for english in sorted(sentences)]
    problems = []
    for language in LANGUAGES:
        catalog = translations(language)
        problems += [f"{language}: {code}: {english!r} -> {form!r} {left(form, language)}"
                     for code, english in wanted for form in catalog.get(english, ("",))
                     if not form or form == english or left(form, language)]
    assert not problems, "\n".join(problems)


def refusal(position: Any, seat: int, action: dict[str, Any], language: str) -> tuple[str, str]:
    """The code and the sentence `decide` refuses `action` with, for a reader of `language`."""
    with speaking(language, catalogs(language)) if language != "en" else nullcontext(), \
            pytest.raises(IllegalAction) as refused:
        fe.decide(position, seat, action, Rng("refusals", "play"))
    return refused.value.code, refused.value.message


def test_a_refusal_is_raised_in_the_readers_language() -> None:
    """The same illegal actions, refused in English, Russian and Hungarian: the code stays."""
    state = new()
    poor = trade_at(with_player(state, BLUE, silver=0), 0, (BLUE,))
    tries = [(state, BLUE, {"type": "place_bid", "target": "moon"}, "bid.unknown_target"),
             (state, BLUE, {"type": "fly"}, "action.unknown_type"),
             (state, BLUE, {"type": "board", "ship": "ship1"}, "action.not_now"),
             (state, RED, {"type": "place_bid", "target": "guild"}, "turn.not_yours"),
             (poor, BLUE, {"type": "buy", "goods": next(g for g, n in zip(fe.components.C.goods, poor.markets[0],
                                                                           strict=True) if n)},
              "trade.insufficient_silver")]
    for position, seat, action, code in tries:
        said = {language: refusal(position, seat, action, language) for language in ("en", *LANGUAGES)}
        assert {c for c, _message in said.values()} == {code}, said
        messages = {language: message for language, (_code, message) in said.items()}
        assert len(set(messages.values())) == 3, messages
        assert not left(messages["ru"], "ru") and not left(messages["hu"], "hu"), messages


_TAG = re.compile(r"<(/?)([a-zA-Z]+)((?:[^>'\"]|'[^']*'|\"[^\"]*\")*)>")
_SHOWN = re.compile(r' (?:title|aria-label)="([^"]*)"')


def shown_text(board: str) -> list[str]:
    """What a reader of the board sees or hears: its text and its titles and labels (not its
    classes, ids or the actions the elements stand for)."""
    board = re.sub(r"<style>.*?</style>", " ", board, flags=re.S)
    said = [html.unescape(t) for m in _TAG.finditer(board) for t in _SHOWN.findall(m.group(3))]
    said += [html.unescape(t) for t in _TAG.sub("\n", board).split("\n") if t.strip()]
    return said


def test_the_board_drawn_in_russian_or_hungarian_has_no_english(app: Any) -> None:
    from tests.boardclicks import positions

    rules = registry.get("felinia")
    label = registry.board_helpers(rules).action_label  # type: ignore[union-attr]
    seen: set[str] = set()
    problems = []
    for n, (state, seat, options) in enumerate(positions("felinia", 30, seed="languages")):
        seen |= {state.step.value}
        for language in LANGUAGES:
            with app.test_request_context(), speaking(language, catalogs(language)):
                board = board_of(rules, "felinia", state, seat)
                labels = [label(a) for a in rules.legal_actions(state, seat)]
            names = [f"P{s}" for s in range(4)] + (list(SAME_IN_HUNGARIAN) if language == "hu" else [])
            problems += [f"{language} position {n} {options}: {text!r} {english_left(text, language, names)}"
                         for text in shown_text(board) + labels if english_left(text, language, names)]
    assert len(seen) >= 4, seen
    assert not problems, "\n".join(sorted(set(problems))[:30])
