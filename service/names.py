"""The names people give themselves and their seats: one line of text that shows something.

A name is shown to the other players, on the board, in the event log, in e-mails (a subject
line), in server logs and terminals. So it is one line of visible text, at most `NAME_MAX`
characters:

- no control characters (line feed, carriage return, tab, escape...), no line or paragraph
  separators (U+2028, U+2029) and no formatting characters (Unicode category Cf: zero-width
  space, byte order mark, the bidirectional overrides that turn "Ann" into "nnA", tag
  characters), except the zero-width joiner and non-joiner that emoji sequences and scripts
  such as Persian need inside a name;
- at least one visible character: a letter, digit, punctuation mark or symbol. A name made only
  of spaces, combining marks, joiners or characters that draw nothing (the Hangul fillers, the
  blank Braille pattern) is refused.

`name_problem` is the one place these rules are written: the request schemas (player names,
the seats of an organised game) and the player commands (the API and the web forms) ask it.
"""

from __future__ import annotations

import unicodedata

from domain.core.i18n import N_, _

NAME_MAX = 40
# Characters whose Unicode category says "format" but that join visible characters into one
# (a family emoji, a Persian word): allowed inside a name, never enough on their own.
JOINERS = frozenset("\u200c\u200d")
# Letters and symbols that draw nothing: a name of them alone looks empty.
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Categories never allowed: controls, formatting characters, line and paragraph separators,
# surrogates, private use.
REFUSED = frozenset(("Cc", "Cf", "Zl", "Zp", "Cs", "Co"))

NOT_ONE_LINE = N_("A name is one line of visible text: no line breaks, tabs, or invisible control "
                  "or formatting characters.")
NOTHING_VISIBLE = N_("A name needs at least one visible letter, digit or sign.")
TOO_LONG = f"A name is at most {NAME_MAX} characters."  # (in English: name_problem says it in the reader's)


def refused(char: str) -> bool:
    """Whether `char` may not appear anywhere in a name."""
    return unicodedata.category(char) in REFUSED and char not in JOINERS


def visible(char: str) -> bool:
    """Whether `char` draws something on its own: a letter, digit, punctuation or symbol."""
    return unicodedata.category(char)[0] in "LNPS" and char not in BLANKS


def name_problem(name: str) -> str | None:
    """Why `name` cannot be a name (a sentence for the player), or None when it can."""
    if any(refused(char) for char in name):
        return _(NOT_ONE_LINE)
    if not any(visible(char) for char in name):
        return _(NOTHING_VISIBLE)
    if len(name) > NAME_MAX:
        return _("A name is at most {n} characters.", n=NAME_MAX)
    return None
