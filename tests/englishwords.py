"""A heuristic for "no English left" in a Russian or Hungarian sentence (issue 31): the English
words of the catalogs' own sentences, and for Russian any word in Latin letters at all, besides
names, placeholders, quoted API literals and a few words the languages share."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
SHARED = frozenset({
    "hacienda", "villa", "san", "juan", "json", "api", "utc", "http", "https", "bearer", "token", "authorization",
    "content", "type", "application", "post", "kib", "idempotency", "key", "match", "none", "shiplog", "play",
    "bots", "webhook", "url", "true", "false", "null", "indigo", "puerto", "rico", "db", "vp", "or", "if",
})
_PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([a-z_]+\)[sd]")
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|`[^`]*`")
_WORD = re.compile(r"\b[A-Za-z][A-Za-z'-]*\b")
_IDENTIFIER = re.compile(r"\b\w+_\w+\b")  # an API's literal (end_turn, new_buildings)
HUNGARIAN = frozenset({"add", "most", "hat", "fel", "les", "vagy", "kis", "tart", "van", "e-mail", "link"})  # Hungarian words, English spelling


@cache
def english_words() -> frozenset[str]:
    """Every word of three letters or more in the English of the catalogs."""
    words: set[str] = set()
    for po in ROOT.glob("**/locales/ru/LC_MESSAGES/*.po"):
        with po.open("rb") as fh:
            for message in read_po(fh):
                ids = message.id if isinstance(message.id, tuple) else (message.id,)
                for text in ids:
                    words.update(w.lower() for w in _WORD.findall(_QUOTED.sub(" ", _PLACEHOLDER.sub(" ", text or ""))))
    return frozenset(w for w in words if len(w) >= 3) - SHARED


def english_left(text: str, language: str, names: Iterable[str] = ()) -> list[str]:
    """The English words (Russian: the Latin words) left in `text`, besides `names`."""
    for name in names:
        text = text.replace(name, " ")
    text = _IDENTIFIER.sub(" ", _QUOTED.sub(" ", _PLACEHOLDER.sub(" ", text)))
    found = [w for w in _WORD.findall(text) if w.lower() not in SHARED]
    if language == "ru":
        return found
    known = english_words() - HUNGARIAN
    return [w for w in found if w.lower() in known]
