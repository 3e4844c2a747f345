"""Puerto Rico speaks Russian and Hungarian (issue 31): every fact kind in all three languages,
every refusal code's sentence, the rulebooks' names, Russian plurals. The sentences are made
in the language `speaking` activates (the shell activates the reader's for each request)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

import domain.puerto_rico as pr
from domain.core import ALL, Rng, fold
from domain.core.errors import IllegalAction
from domain.core.i18n import speaking
from domain.core.words import render
from domain.puerto_rico.words import words
from service.languages import catalogs
from tests.englishwords import english_left

NAMES = ["Анна", "Бела", "Кира", "Дина", "Ева"]
LANGUAGES = ("ru", "hu")
PACKAGE = Path(pr.__file__).parent
# Facts the seeded games below rarely reach, and variants of those they do.
SAMPLES: list[dict[str, Any]] = [
    {"t": "BlackMarketUsed", "seat": 0, "building": "harbor", "shortfall": 2},
    {"t": "BlackMarketPaid", "seat": 1, "item": "worker", "from": "windrose", "piece": "colonist"},
    {"t": "BlackMarketPaid", "seat": 1, "item": "good", "good": "sugar"},
    {"t": "BlackMarketPaid", "seat": 1, "item": "vp"},
    {"t": "CaptainBonusesPaid", "lighthouse": 2, "union_hall": [{"seat": 0, "vp": 2}]},
    {"t": "CaptainBonusesPaid"},
    {"t": "GoodKept", "seat": 1, "good": "tobacco"},
    {"t": "GoodsWarehoused", "seat": 2, "good": "coffee"},
    {"t": "HaciendaQuarryTaken", "seat": 0},
    {"t": "HuntingLodgeRewarded", "seat": 0, "vp": 2},
    {"t": "SmallWharfLoaded", "seat": 1, "good": "corn", "count": 3},
    {"t": "SmallWharfShipped", "seat": 2, "goods": {"corn": 2, "sugar": 1}, "count": 3, "vp": 1, "doubloons": 1},
    {"t": "VillaUsed", "seat": 1, "piece": "noble"},
    {"t": "GoodsShipped", "seat": 1, "good": "coffee", "ship": "wharf", "count": 2, "vp": 3, "doubloons": 1},
    {"t": "GoodsShipped", "seat": 0, "good": "corn", "ship": 2, "count": 5, "vp": 5},
    {"t": "PlantationTaken", "seat": 1, "kind": "indigo", "hospice": "ship_noble"},
    {"t": "BuildingBuilt", "seat": 0, "building": "coffee_roaster", "price": 0, "university": "ship", "church": 1},
    {"t": "BuildingBuilt", "seat": 2, "building": "large_market", "price": 3, "university": None, "black_market": 2},
    {"t": "GoodsProduced", "production": [
        {"seat": 1, "goods": {"indigo": 3, "corn": 1}, "factory": 1, "aqueduct": {"indigo": 1}},
        {"seat": 2, "goods": {}, "factory": 0, "chapel": "vp", "vp": 1},
        {"seat": 0, "goods": {"sugar": 2}, "factory": 0, "jeweler": 3, "doubloons": 3}]},
    {"t": "GameEndTriggered", "reason": "city", "seat": 1},
    {"t": "TileDiscarded", "seat": 0, "tile": "forest", "kind": "sugar", "worker": "noble", "by": "land_office", "doubloons": 1},
    {"t": "TileDrawn", "seat": 1, "kind": "coffee", "source": "land_office"},
    {"t": "DrawnTilePlaced", "seat": 1, "kind": "coffee", "forest": True},
    {"t": "ForestTaken", "seat": 0, "kind": "sugar", "hospice": "supply"},
    {"t": "GuestDeployed", "seat": 2, "to": "coffee", "piece": "noble"},
    {"t": "RoyalSupplierUsed", "seat": 0, "good": "indigo", "vp": 1},
]


def seeded_facts() -> Iterator[dict[str, Any]]:
    """The facts of four short seeded games (a greedy and a random bot), with each expansion set."""
    for seed, expansions in enumerate(([], ["new_buildings"], ["nobles"], ["new_buildings", "nobles"])):
        seats = 3 + seed % 2
        options = pr.check_options({"expansions": expansions}, seats)
        facts = list(pr.setup(options, seats, Rng(f"i18n-{seed}", "setup")))
        yield from facts
        state, rng = fold(pr, None, facts), Rng(f"i18n-{seed}", "play")
        for step in range(400):
            if pr.outcome(state) is not None:
                break
            seat = min(pr.to_act(state))
            bot = pr.BOTS["greedy" if (seat + seed) % 2 else "random"]
            decided = pr.decide(state, seat, bot(state, seat, Rng(f"i18n-{seed}-{step}", "bot")), rng)
            yield from decided
            state = decided.state


def said(fact: dict[str, Any], language: str | None, viewer: Any = ALL) -> str:
    if language is None:
        return render(pr.describe(pr.redact(fact, viewer) if viewer is not ALL else fact, viewer), NAMES)
    with speaking(language, catalogs(language)):
        return render(pr.describe(fact, viewer), NAMES)


def test_every_fact_kind_is_said_in_russian_and_hungarian_without_english() -> None:
    facts = list(seeded_facts()) + SAMPLES
    assert words.names <= {f["t"] for f in facts}, f"no sample of {sorted(words.names - {f['t'] for f in facts})}"
    problems = []
    for fact in facts:
        english = said(fact, None)
        for language in LANGUAGES:
            sentence = said(fact, language)
            left = english_left(sentence, language, NAMES)
            if left or sentence == english and any(c.isalpha() for c in english.replace("Анна", "")):
                problems.append(f"{language}: {fact['t']}: {sentence!r} (English: {left or english!r})")
    assert not problems, "\n".join(sorted(set(problems))[:40])


def test_the_rulebooks_names_and_russian_plurals() -> None:
    roles = {"t": "RoundEnded", "round": 2, "governor": 1, "bonus_roles": ["settler", "mayor", "builder", "craftsman",
                                                                            "trader", "captain", "prospector"]}
    assert "Поселенец, Мэр, Строитель, Ремесленник, Торговец, Капитан и Старатель" in said(roles, "ru")
    assert "Ültetvényes, Polgármester, Építész, Iparos, Kereskedő, Kapitány és Aranyásó" in said(roles, "hu")
    built = {"t": "BuildingBuilt", "seat": 0, "building": "construction_hut", "price": 1, "university": None}
    assert "«барак»" in said(built, "ru") and "építőműhely" in said(built, "hu")
    for n, form in ((1, "1 дублон"), (2, "2 дублона"), (5, "5 дублонов"), (21, "21 дублон"), (12, "12 дублонов")):
        fact = {"t": "ProspectorPrivilegeTaken", "seat": 0, "doubloons": n}
        assert said(fact, "ru").endswith(f" {form}."), said(fact, "ru")
    colonists = {"t": "ColonistShipRefilled", "colonists": 3, "nobles": 0}
    assert said(colonists, "ru").endswith("3 колониста.") and said(colonists, "hu").endswith("3 telepes.")


def refusal_sites() -> dict[str, set[str]]:
    """code -> the English sentences the rules refuse it with, read off the source: every
    (code, sentence) pair, reject(code, sentence) and IllegalAction(code, sentence); a sentence
    not marked for translation is a failure."""
    found: dict[str, set[str]] = {}
    unmarked = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            pair = None
            if isinstance(node, ast.Tuple) and len(node.elts) == 2:
                pair = node.elts
            elif isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("reject", "IllegalAction", "InvalidOptions") \
                    and len(node.args) == 2:
                pair = node.args
            if pair is None or not (isinstance(pair[0], ast.Constant) and isinstance(pair[0].value, str)
                                    and "." in pair[0].value and pair[0].value.replace(".", "").replace("_", "").isalpha()):
                continue
            message = pair[1]
            if isinstance(message, ast.Call) and getattr(message.func, "id", "") == "_" and isinstance(message.args[0], ast.Constant):
                found.setdefault(pair[0].value, set()).add(message.args[0].value)
            else:
                unmarked.append(f"{path.name}:{node.lineno} {pair[0].value}")
    assert not unmarked, f"refusals without a sentence marked for translation: {unmarked}"
    return found


def test_every_refusal_code_has_its_sentence_in_russian_and_hungarian() -> None:
    sites = refusal_sites()
    assert len(sites) >= 60, sorted(sites)  # (the rules' codes: every phase, the draft, tiles)
    problems = []
    for language in LANGUAGES:
        with (PACKAGE / "locales" / language / "LC_MESSAGES" / "puerto_rico.po").open("rb") as fh:
            catalog = read_po(fh)
        for code, sentences in sorted(sites.items()):
            for english in sentences:
                entry = catalog.get(english)
                translated = entry.string if entry is not None else ""
                left = english_left(str(translated), language)
                if not translated or translated == english or left:
                    problems.append(f"{language}: {code}: {english!r} -> {translated!r} {left}")
    assert not problems, "\n".join(problems)


def test_a_refusal_is_raised_in_the_readers_language() -> None:
    """The same illegal actions, refused in English, Russian and Hungarian: the code stays."""
    state = fold(pr, None, pr.setup(pr.check_options({}, 3), 3, Rng("refusals", "setup")))
    seat = min(pr.to_act(state))
    tries = [({"type": "select_role", "role": "pirate"}, "role.unknown", seat), ({"type": "fly"}, "action.unknown_type", seat),
             ({"type": "ship", "good": "corn", "ship": 0}, "action.not_now", seat),
             ({"type": "select_role", "role": "settler"}, "turn.not_yours", (seat + 1) % 3)]
    for action, code, seat in tries:
        messages = {}
        for language in (None, *LANGUAGES):
            with pytest.raises(IllegalAction) as refused:
                if language is None:
                    pr.decide(state, seat, action, Rng("refusals", "play"))
                else:
                    with speaking(language, catalogs(language)):
                        pr.decide(state, seat, action, Rng("refusals", "play"))
            assert refused.value.code == code
            messages[language] = refused.value.message
        assert len(set(messages.values())) == 3, messages
        assert not english_left(messages["ru"], "ru") and not english_left(messages["hu"], "hu"), messages
