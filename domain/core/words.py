"""Words for `describe(fact, viewer)`: one sentence a player understands per fact.

The rules do not know the players' names, so a sentence names a seat as `seat(n)` (the text
`{seat:n}`); the platform fills in the names with `render`:

    >>> from domain.core.words import seat, amount, render
    >>> text = f"{seat(2)} ships {amount(3, 'barrel')} of corn on the 5-ship."
    >>> render(text, ["Ann", "Bob", "Cy"])
    'Cy ships 3 barrels of corn on the 5-ship.'
    >>> amount(1, "doubloon"), amount(2, "doubloon"), amount(2, "corn", "corn")
    ('1 doubloon', '2 doubloons', '2 corn')

A game's `describe` is a `Words` table (one sentence per fact name, registered with `says`);
the platform calls `described`, which fills in the names and never lets a failing sentence
through as an error. `describe` is given the fact as already redacted for the viewer, so it
cannot tell what the viewer may not see; it must not guess either.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .facts import FactTable
from .i18n import NP_, _, language, pgettext
from .rules import Fact, Viewer

if TYPE_CHECKING:
    from .rules import GameRules

log = logging.getLogger("shiplog.words")
_SEAT = re.compile(r"\{seat:(\d+)\}")


def seat(n: int) -> str:
    """A seat in a sentence; `render` puts the player's name there."""
    return f"{{seat:{n}}}"


def render(sentence: str, names: Sequence[str]) -> str:
    """The sentence with every `{seat:n}` replaced by that seat's name ("Seat n+1" unknown)."""

    def name(match: re.Match[str]) -> str:
        n = int(match.group(1))
        return names[n] if 0 <= n < len(names) and names[n] else _("Seat {n}", n=n + 1)

    return _SEAT.sub(name, sentence)


def amount(n: int, noun: str, plural: str | None = None) -> str:
    """'1 doubloon', '2 doubloons' (or the given plural)."""
    return f"{n} {noun if n == 1 else (plural if plural is not None else noun + 's')}"


def listing(items: Iterable[str], last: str = "and") -> str:
    """'a', 'a and b', 'a, b and c'; 'nothing' for no items (in the reader's language; `last`
    is "and" or "or")."""
    items = [i for i in items if i]
    if not items:
        return _("nothing")
    if len(items) == 1:
        return items[0]
    head = ", ".join(items[:-1])
    if last == "or":
        return _("{items} or {last}", items=head, last=items[-1])
    return _("{items} and {last}", items=head, last=items[-1])


def amounts(counts: Mapping[str, int], plurals: Mapping[str, str] | None = None) -> str:
    """'2 corn and 1 sugar' from {"corn": 2, "sugar": 1} (zero counts left out; a noun is
    its own plural unless `plurals` says otherwise, as goods are)."""
    plurals = plurals or {}
    return listing(amount(n, k, plurals.get(k, k)) for k, n in counts.items() if n)


_BOTS = {b: b for b in (NP_("bot", "random"), NP_("bot", "greedy"), NP_("bot", "heuristic"),
                        NP_("bot", "search-normal"), NP_("bot", "search-strong"))}  # (the search bots: domain/core/search.py)


def bot_words(bot: object) -> str:
    """A kind of bot in words ("greedy"; Russian "жадный"); an unknown kind as it is named."""
    text = str(bot)
    return pgettext("bot", text) if text in _BOTS else text.replace("_", " ")


def term(raw: str, said: str) -> str:
    """An id as a text board writes it (`replay show`): the id itself for an English reader
    ("craftsman_bonus", as the view has it), the reader's word in another language
    («премия ремесленника»)."""
    return raw if language() == "en" else said


def ordinal(n: int) -> str:
    """'1st', '2nd', '3rd', '4th', '11th', '21st' (Russian '2-й', Hungarian '2.')."""
    spoken = language()
    if spoken == "ru":
        return f"{n}-й"
    if spoken == "hu":
        return f"{n}."
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def article(noun: str) -> str:
    """'an indigo plantation', 'a corn plantation' (by the first letter; no exceptions needed
    for the games' words so far)."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


Sentence = Callable[[Fact, Viewer], str]


class Words(FactTable[Sentence]):
    """A game's `describe(fact, viewer)`: the sentence registered for the fact's "t".

        words = Words("Puerto Rico")
        says = words.says

        @says("GoodsShipped")
        def _goods_shipped(fact: Fact, viewer: Viewer) -> str: ...

        describe = words

    `names` are the facts it has words for; the shared tests compare them with the facts the
    game's `evolve` applies, so a new fact without a sentence fails there.
    """

    __slots__ = ()
    kind = "sentence"
    missing = "{title} has no words for the fact {name!r}"
    says = FactTable.register

    def __call__(self, fact: Fact, viewer: Viewer) -> str:
        try:
            sentence = self._handlers[fact["t"]]
        except KeyError:
            raise self.unknown(fact) from None
        return sentence(fact, viewer)


def described(rules: GameRules, facts: Iterable[Fact], viewer: Viewer, names: Sequence[str]) -> list[str]:
    """The platform's words for facts already redacted for `viewer`: one sentence each, with the
    players' names filled in. A `describe` that fails gives the fact's name instead (and is
    logged): a missing sentence must never cost a player the event log."""
    out = []
    for fact in facts:
        try:
            text = render(rules.describe(fact, viewer), names)
        except Exception:  # any bug in a game's words: logged, never an error for the caller
            log.exception("describe failed for the fact %r", fact.get("t"))
            text = str(fact.get("t", "?"))
        out.append(text)
    return out


# -- which rule a fact comes from --------------------------------------------------------------


@dataclass(frozen=True)
class Section:
    """A section of a game's rules page: its number ("4.6") and title ("Captain — shipping")."""

    number: str
    title: str

    def __str__(self) -> str:
        return f"§{self.number} {self.title}"

    def to_json(self) -> dict[str, str]:
        return {"number": self.number, "title": self.title}


Citation = str | Callable[[Fact], str | None]


class Sections:
    """A game's `SECTIONS`: which section of its rules page produced a fact (for `replay why`).

        SECTIONS = Sections(
            "puerto-rico.md",
            say=_,   # the game's gettext (its i18n.py): the titles are said in the reader's language
            titles={"4.6": N_("Captain — shipping"), "5.2": N_("Final score")},
            facts={"GoodsShipped": "4.6", "GameScored": "5.2",
                   "DoubloonsPaid": lambda fact: "4.5" if fact["why"] == "trade" else None},
        )
        SECTIONS({"t": "GoodsShipped", ...})   # Section("4.6", "Captain — shipping")

    A fact name maps to a section number, or to a function of the fact where one fact is
    produced by several rules. Facts it does not name (and functions answering None) cite no
    section. Every number used must have a title: checked when the table is made. The titles are
    the page's English headings, marked for the game's catalog (`N_`) and said through `say` (the
    game's `_`) when a section is cited, in the language active then.
    """

    __slots__ = ("page", "say", "titles", "facts")

    def __init__(self, page: str, titles: Mapping[str, str], facts: Mapping[str, Citation],
                 say: Callable[[str], str] = str) -> None:
        self.page = page
        self.say = say
        self.titles = dict(titles)
        self.facts = dict(facts)
        for name, cited in self.facts.items():
            if isinstance(cited, str) and cited not in self.titles:
                raise ValueError(f"{page}: the fact {name!r} cites §{cited}, which has no title")

    def __call__(self, fact: Fact) -> Section | None:
        cited = self.facts.get(fact.get("t", ""))
        number = cited(fact) if callable(cited) else cited
        if number is None:
            return None
        if number not in self.titles:
            raise ValueError(f"{self.page}: §{number} has no title")
        return Section(number, self.say(self.titles[number]))


def section_of(rules: GameRules, fact: Fact) -> Section | None:
    """The rules-page section that produced `fact`, where the game records one (its optional
    `SECTIONS`); None otherwise, and never an error for the caller (a failure is logged)."""
    sections = getattr(rules, "SECTIONS", None)
    if sections is None:
        return None
    try:
        found = sections(fact)
    except Exception:  # a bug in a game's table must not cost anyone the answer
        log.exception("SECTIONS failed for the fact %r", fact.get("t"))
        return None
    return found if isinstance(found, Section) else None
