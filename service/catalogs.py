"""The catalogs' tooling: which sentences `pybabel extract` finds besides the code's own.

`make catalogs` runs `pybabel extract -F babel.cfg` over the platform (service, domain/core,
replay) and over every game that has a `locales/` folder. The code marks its sentences with
gettext calls (`domain/core/i18n.py`); a game's printed component texts live in its
`components.json`, and this extractor (babel.cfg's `[components: ...]`) takes from it every
string under the keys named by the mapping's `keys` option (at any depth; keys starting with
"_" are notes, skipped), so the data file stays the one place the English is written:

    [components: **/components.json]
    keys = name effect help

The game translates them where they are shown (`_(building.name)`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from typing import IO, Any

Message = tuple[int, str, str, list[str]]


def _strings(value: Any, keep: bool, keys: frozenset[str]) -> Iterator[str]:
    if isinstance(value, str):
        if keep and value:
            yield value
    elif isinstance(value, Mapping):
        for key, inner in value.items():
            if not str(key).startswith("_"):
                yield from _strings(inner, keep or key in keys, keys)
    elif isinstance(value, list):
        for inner in value:
            yield from _strings(inner, keep, keys)


def extract_components(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Mapping[str, str]) -> Iterator[Message]:
    """Babel's extractor interface: (line, function, message, comments) for each text."""
    data = json.loads(fileobj.read().decode("utf-8"))
    keys = frozenset(options.get("keys", "name").split())
    seen: set[str] = set()
    for text in _strings(data, False, keys):
        if text not in seen:
            seen.add(text)
            yield 0, "", text, []


PLACEHOLDER = re.compile(r"\{[a-zA-Z_][a-zA-Z0-9_]*(?:![rsa])?(?::[^{}]*)?\}|%\([a-zA-Z_]+\)[sdr]")
COUNTS = frozenset({"{n}", "%(num)d"})  # a plural form may say its count in words instead


def placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def placeholder_problems(catalog: Any) -> list[str]:
    """Every translation whose placeholders ({name}, %(name)s) are not its English message's
    (a plural form may leave the count out)."""
    problems = []
    for message in catalog:
        if not message.id or not message.string:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        english = set().union(*(placeholders(i) for i in ids))
        for form in forms:
            said = placeholders(form)
            if form and said != english and not (len(forms) > 1 and said | COUNTS >= english and said <= english):
                problems.append(f"{ids[0]!r} -> {form!r}: placeholders {sorted(said)} are not {sorted(english)}")
    return problems


def check(paths: list[str]) -> list[str]:
    """What is wrong with the .po files `paths`: a line Babel cannot read (read strictly), or a
    translation whose format does not fit its message (Babel's checks). `make translations`
    stops on any (pybabel compile alone reads leniently and compiles anyway)."""
    from babel.messages.pofile import (  # lazy: the build's tool, not the server's
        PoFileError,
        read_po,
    )

    problems = []
    for path in paths:
        try:
            with open(path, "rb") as fh:
                catalog = read_po(fh, abort_invalid=True)
        except PoFileError as exc:
            problems.append(f"{path}: {exc}")
            continue
        problems += [f"{path}:{message.lineno}: {error}" for message, errors in catalog.check() for error in errors]
        problems += [f"{path}: {problem}" for problem in placeholder_problems(catalog)]
    return problems


if __name__ == "__main__":
    import sys

    found = check(sys.argv[1:])
    print("\n".join(found), file=sys.stderr)
    sys.exit(1 if found else 0)
