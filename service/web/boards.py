"""The games' own boards: `domain/<game>/board.html`, and the optional `board.py` beside it.

The shell is generic: it includes the template `boards/<game>.html`, which this loader finds in
the game's folder, and gives it the viewer's view (the API's `rules.view` for that viewer, so
nothing hidden can reach it), the seat it is drawn for, the players' names and `info` (what the
game's `board.py` adds: printed component data such as building costs, which the rules keep in
data files rather than in the view). A game without a board.html is drawn by the generic one
(every field of the view, as lists). Besides Jinja's own filters a board may use `amount`
(`{{ n | amount('ship') }}`: "1 ship", "2 ships"; see `add_filters`).

The board is the input (DESIGN.md): an element a player may click carries what it stands for,
`{{ act(type="select_role", role=r.role) }}` (a whole action, `data-action`) or
`{{ part(type="ship", ship=s.ship) }}` (a part of one, `data-part`, the rest chosen by further
clicks; a dict as well: `part({"type": "remove", "from": name})`). The board marks them from the
view alone; the page's script (static/board.js) lets the viewer click only those that lead to
one of their legal actions. docs/web.md, "The board is the input", says how.

A game's `board.py` may provide (each optional):

    context(view)          -> dict             more for the template (static component data)
    scores(view)           -> list[int | None] each seat's score so far as this view shows it
                                               (None: hidden from this viewer), for the replay
                                               chart until the game ends (`scores_at`)
    action_label(action)   -> str | None       the words on an action's button
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jinja2 import BaseLoader, Environment, TemplateNotFound
from markupsafe import Markup

from domain.core import registry
from domain.core.errors import IllegalAction
from domain.core.i18n import _, words_of
from domain.core.registry import board_helpers as helpers
from domain.core.rules import Action, GameRules, Viewer
from domain.core.words import amount

PREFIX = "boards/"


def add_filters(env: Environment) -> None:
    """The filters and helpers the pages and the games' boards use beyond Jinja's own."""
    env.filters["amount"] = amount
    env.globals["act"] = act
    env.globals["part"] = part


def canonical(action: Action) -> str:
    """An action's JSON as the page's forms post it (keys sorted, no spaces)."""
    return json.dumps(action, separators=(",", ":"), sort_keys=True)


_ATTRIBUTE = str.maketrans({"&": "&amp;", "'": "&#39;", "<": "&lt;", ">": "&gt;"})


def _marked(attribute: str, fields: dict[str, Any] | None, more: dict[str, Any]) -> Markup:
    # (in single quotes: the JSON's double quotes stay as they are, a third of the board's size)
    return Markup(f" {attribute}='{canonical({**(fields or {}), **more}).translate(_ATTRIBUTE)}'")


def act(fields: dict[str, Any] | None = None, **more: Any) -> Markup:
    """` data-action="…"`: the board element stands for this whole action."""
    return _marked("data-action", fields, more)


def part(fields: dict[str, Any] | None = None, **more: Any) -> Markup:
    """` data-part="…"`: the board element stands for this part of an action (the rest is
    chosen by other clicks)."""
    return _marked("data-part", fields, more)


def board_path(rules: GameRules) -> Path | None:
    where = getattr(rules, "__file__", None)
    path = Path(where).with_name("board.html") if where else None
    return path if path is not None and path.is_file() else None


class BoardLoader(BaseLoader):
    """`boards/<game>.html` is the game's own `board.html`, read from its folder."""

    def get_source(self, environment: Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        if not template.startswith(PREFIX) or not template.endswith(".html"):
            raise TemplateNotFound(template)
        try:
            rules = registry.get(template[len(PREFIX):-len(".html")])
        except IllegalAction:
            raise TemplateNotFound(template) from None
        path = board_path(rules)
        if path is None:
            raise TemplateNotFound(template)
        mtime = path.stat().st_mtime
        # The board speaks its game's catalog: `_`, `ngettext` and `pgettext` are the game's own
        # (domain.core.i18n: {placeholders} filled by keyword), whoever renders it.
        words = f"{{% set _, ngettext, pgettext = board_words({rules.__name__!r}) %}}"  # type: ignore[attr-defined]
        return words + path.read_text(encoding="utf-8"), str(path), lambda: path.stat().st_mtime == mtime


def board_template(game: str, rules: GameRules) -> str:
    return f"{PREFIX}{game}.html" if board_path(rules) is not None else "generic_board.html"


def context(rules: GameRules, view: dict[str, Any] | None) -> dict[str, Any]:
    helper = helpers(rules)
    fn = getattr(helper, "context", None)
    return dict(fn(view)) if fn is not None and view is not None else {}


def scores(rules: GameRules, view: dict[str, Any] | None, seats: int) -> list[int | None]:
    """Each seat's score as `view` shows it; None where it is hidden or the game says none."""
    fn = getattr(helpers(rules), "scores", None)
    if fn is None or view is None:
        return [None] * seats
    got = list(fn(view))
    return [v if isinstance(v, int) else None for v in got[:seats]] + [None] * (seats - len(got))


def scores_at(rules: GameRules, state: Any, viewer: Viewer, seats: int) -> list[int | None]:
    """Each seat's score after a move, as the replay chart plots it: once the rules say the game
    is over, the final score of its outcome, which every viewer may see (the end-of-game bonuses
    counted, such as Puerto Rico's large buildings: the score the players read as the result);
    before that, the count the game's `scores` reads off `viewer`'s view."""
    outcome = rules.outcome(state)
    if outcome is None:
        return scores(rules, rules.view(state, viewer), seats)
    final = {result.seat: result.score for result in outcome.results}
    return [final.get(seat) for seat in range(seats)]


def words(value: Any) -> str:
    """A value of an action in words: "small_indigo_plant" is "small indigo plant"."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, dict):
        return ", ".join(f"{words(k)} {words(v)}" for k, v in value.items()) or _("none")
    if isinstance(value, list | tuple):
        return ", ".join(words(v) for v in value) or _("none")
    return str(value).replace("_", " ")


def action_label(rules: GameRules, action: Action) -> str:
    """The words on the action's button: the game's own, or its fields in words."""
    fn = getattr(helpers(rules), "action_label", None)
    said = fn(action) if fn is not None else None
    if said:
        return str(said)
    fields = [(k, v) for k, v in action.items() if k != "type" and v not in ({}, [], None)]
    if not fields:
        return words(action.get("type", "?")).capitalize()
    if len(fields) == 1:
        return words(fields[0][1]).capitalize()
    return "; ".join(f"{words(k)}: {words(v)}" for k, v in fields).capitalize()


def _told_apart(label: str, action: Action, others: list[Action]) -> str:
    """`label` with the fields in which `action` differs from the `others` of the same label."""
    differ = [k for k in action if k != "type" and any(o.get(k) != action[k] for o in others)]
    differ += [k for o in others for k in o if k not in action and k not in differ]
    none = _("none")
    said = "; ".join(f"{words(k)} {words(action[k]) if k in action else none}" for k in differ)
    return f"{label} ({said})" if said else label


def unique_labels(rules: GameRules, actions: list[Action]) -> list[str]:
    """The button words of each action, no two alike (a screen reader reads a button alone): the
    game's words (`action_label`), and where two actions of a list get the same words, the
    fields that tell them apart in words after them; a number as the last resort."""
    labels = [action_label(rules, a) for a in actions]
    seen: dict[str, list[int]] = {}
    for i, label in enumerate(labels):
        seen.setdefault(label, []).append(i)
    for same in (ix for ix in seen.values() if len(ix) > 1):
        for i in same:
            labels[i] = _told_apart(labels[i], actions[i], [actions[j] for j in same if j != i])
    counted: dict[str, int] = {}
    for i, label in enumerate(labels):
        counted[label] = counted.get(label, 0) + 1
        if counted[label] > 1:
            labels[i] = _("{label} (choice {n})", label=label, n=counted[label])
    return labels


def grouped_actions(rules: GameRules, actions: list[Action]) -> list[dict[str, Any]]:
    """The legal actions grouped by type (in the order the rules listed them), each with its
    button words (unique in the list) and the JSON the form posts back unchanged."""
    groups: dict[str, dict[str, Any]] = {}
    for action, label in zip(actions, unique_labels(rules, actions), strict=True):
        kind = str(action.get("type", "?"))
        title = words_of(rules).pgettext("action", words(kind).capitalize())  # the game's NP_("action", ...)
        group = groups.setdefault(kind, {"type": kind, "title": title, "actions": []})
        group["actions"].append({"label": label, "json": canonical(action)})
    return list(groups.values())
