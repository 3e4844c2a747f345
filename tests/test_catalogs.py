"""The catalogs are complete and kept complete (issue 31): every sentence the code marks for
translation (extracted here from the sources, as `make catalogs` does) has a Russian and a
Hungarian translation, none fuzzy, with the same placeholders as the English; every catalog
compiles, and the compiled .mo beside it is the one its .po gives (`make translations`)."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from service.catalogs import check, placeholder_problems

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("ru", "hu")
# (folder of the catalog, its gettext domain, the source folders it is extracted from)
CATALOGS = [("service/locales", "shiplog", ("service", "domain/core", "replay"))] + [
    (f"domain/{game.name}/locales", game.name, (f"domain/{game.name}",))
    for game in sorted((ROOT / "domain").iterdir()) if (game / "locales").is_dir()
]
KEYWORDS = {**DEFAULT_KEYWORDS, "NP_": ((1, "c"), 2), "NPL_": ((1, "c"), 2, 3)}  # as the Makefile's -k


def extracted(inputs: tuple[str, ...]) -> dict[tuple[str | None, str], Any]:
    """The messages `make catalogs` extracts from `inputs`: (context, id) -> id (a tuple for plurals)."""
    with (ROOT / "babel.cfg").open() as fh:
        method_map, options_map = parse_mapping_cfg(fh)
    found: dict[tuple[str | None, str], Any] = {}
    for folder in inputs:
        for _file, _line, message, _comments, context in extract_from_dir(
                ROOT / folder, method_map, options_map, keywords=KEYWORDS):
            single = message[0] if isinstance(message, tuple) else message
            if single:
                found[(context, single)] = message
    return found


def catalog(folder: str, domain: str, language: str) -> Catalog:
    with (ROOT / folder / language / "LC_MESSAGES" / f"{domain}.po").open("rb") as fh:
        return read_po(fh, locale=language, domain=domain)


@pytest.mark.parametrize(("folder", "domain", "inputs"), CATALOGS, ids=[c[1] for c in CATALOGS])
def test_every_marked_sentence_is_translated_with_the_same_placeholders(folder: str, domain: str, inputs: tuple[str, ...]) -> None:
    wanted = extracted(inputs)
    assert wanted, f"nothing extracted from {inputs}"
    problems = []
    for language in LANGUAGES:
        cat = catalog(folder, domain, language)
        for (context, single), message in wanted.items():
            entry = cat.get(single, context)
            if entry is None:
                problems.append(f"{language}: {single!r} is not in the catalog (run `make catalogs`, then translate it)")
                continue
            forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            if entry.fuzzy or not all(forms):
                problems.append(f"{language}: {single!r} has no translation" + (" (fuzzy)" if entry.fuzzy else ""))
                continue
            if isinstance(message, tuple) != isinstance(entry.id, tuple):
                problems.append(f"{language}: {single!r}: plural in the code, not in the catalog (or the other way)")
                continue
            if isinstance(entry.id, tuple) and len(forms) != cat.num_plurals:
                problems.append(f"{language}: {single!r} has {len(forms)} plural forms, not {cat.num_plurals}")
        problems += [f"{language}: {problem}" for problem in placeholder_problems(cat)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("folder", "domain", "inputs"), CATALOGS, ids=[c[1] for c in CATALOGS])
def test_every_catalog_compiles_and_its_compiled_form_is_current(folder: str, domain: str, inputs: tuple[str, ...]) -> None:
    for language in LANGUAGES:
        cat = catalog(folder, domain, language)
        assert not check([str(ROOT / folder / language / "LC_MESSAGES" / f"{domain}.po")])  # as `make translations`
        compiled = io.BytesIO()
        write_mo(compiled, cat)
        mo = ROOT / folder / language / "LC_MESSAGES" / f"{domain}.mo"
        assert mo.is_file() and mo.read_bytes() == compiled.getvalue(), (
            f"{mo.relative_to(ROOT)} is missing or older than its .po: run `make translations`")


def test_russian_plurals_follow_the_cldr_rules() -> None:
    """1 ход, 2 хода, 5 ходов: the catalogs carry CLDR's Russian plural rule (three forms)."""
    cat = catalog("service/locales", "shiplog", "ru")
    assert cat.num_plurals == 3
    expected = {1: 0, 2: 1, 4: 1, 5: 2, 11: 2, 12: 2, 21: 0, 22: 1, 25: 2, 101: 0, 111: 2}
    assert {n: cat.plural_expr and eval_plural(cat.plural_expr, n) for n in expected} == expected
    assert catalog("service/locales", "shiplog", "hu").num_plurals == 2


def eval_plural(expression: str, n: int) -> int:
    """A gettext plural expression evaluated as gettext would (C's ?: and && in Python)."""
    from gettext import c2py  # lazy: a test helper only

    return int(c2py(expression)(n))


def test_no_module_rebinds_the_gettext_function_it_imports_or_hides_a_sentence_in_an_f_string() -> None:
    """`_` is the translation function where a module imports it: a loop or unpacking that
    names a throwaway `_` there would turn every later sentence into a crash. And a sentence
    marked inside an f-string is never extracted (Python tokenizes the f-string whole)."""
    import ast  # lazy: a test helper only

    rebound, hidden = [], []
    marks = {"_", "ngettext", "pgettext", "npgettext", "N_", "NP_", "NPL_"}
    for folder in ("service", "domain", "replay"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            imports = any(isinstance(n, ast.ImportFrom) and any(a.name == "_" and a.asname is None for a in n.names)
                          for n in ast.walk(tree))
            if imports:
                rebound += [f"{path.relative_to(ROOT)}:{n.lineno}" for n in ast.walk(tree)
                            if isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Store)]
            hidden += [f"{path.relative_to(ROOT)}:{c.lineno}" for f in ast.walk(tree) if isinstance(f, ast.JoinedStr)
                       for c in ast.walk(f) if isinstance(c, ast.Call) and getattr(c.func, "id", "") in marks
                       and c.args and isinstance(c.args[0], ast.Constant)]
    assert not rebound, f"`_` rebound where it is the gettext function: {rebound}"
    assert not hidden, f"a sentence marked inside an f-string is never extracted: {hidden}"
