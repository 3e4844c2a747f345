"""Standing orders on the game page (issue 32): the seat's own orders, each with a form to
change it and a button to cancel it, and a form to queue one of the actions of its "what could I do next" answer (or any
action as JSON), next time only or every time, with one of the game's conditions (the routes
are play.py's, with the page's other forms).

Shown to the seat's own player alone, while a person plays the seat: the panel is built from
`Game.orders_of(seat)` and `Shiplog.next_decisions`, which nobody else is given.
"""

from __future__ import annotations

import itertools
from typing import Any

from domain.core.aggregate import Game
from domain.core.conditions import Condition, vocabulary
from domain.core.i18n import N_, _, words_of
from domain.core.rules import GameRules
from domain.core.words import listing

from .. import schemas
from ..parsing import parse_json
from ..problems import Problem
from . import boards, forms
from .session import shiplog

SCOPES = {"next": N_("next time"), "always": N_("every time")}


def condition_choices(rules: GameRules) -> list[dict[str, Any]]:
    """The game's conditions the form offers, each fully given: one per choice of its parameters
    (a condition with a number to give is left to the API)."""
    out = []
    for condition in vocabulary(rules).values():
        if any(p.kind != "choice" for p in condition.params):
            continue
        for values in itertools.product(*(p.choices for p in condition.params)):
            given = dict(zip((p.name for p in condition.params), values, strict=True))
            out.append({"json": boards.canonical({"if": condition.name, **given}),
                        "label": condition_words(rules, condition, given)})
    return out


def condition_words(rules: GameRules, condition: Condition, given: dict[str, Any]) -> str:
    """A condition in the game's words, and its parameters' values (each in the game's words for
    things of the parameter's name: Puerto Rico's `pgettext("good", "corn")`)."""
    words = words_of(rules)
    sentence = words.gettext(condition.sentence)
    extra = ", ".join(words.pgettext(name, str(v)).replace("_", " ") for name, v in given.items())
    return f"{sentence}: {extra}" if extra else sentence


def labelled(rules: GameRules, action: dict[str, Any]) -> str:
    """An order's move in words: its type's, then its button's ("Play: 5")."""
    kind = words_of(rules).pgettext("action", boards.words(str(action["type"])).capitalize())
    return f"{kind}: {boards.unique_labels(rules, [action])[0]}"


def panel(game: Game, seat: int) -> dict[str, Any]:
    """What the page's "Standing orders" panel shows the seat."""
    rules = game.rules
    known = vocabulary(rules)
    mine = []
    for order in game.orders_of(seat):
        condition = order.condition
        words = condition_words(rules, known[condition["if"]], {k: v for k, v in condition.items() if k != "if"}) \
            if condition and condition["if"] in known else ""
        mine.append({"id": order.id, "label": labelled(rules, order.action), "json": boards.canonical(order.action),
                     "scope": _(SCOPES[order.scope]), "scope_key": order.scope, "condition": words,
                     "condition_json": boards.canonical(condition) if condition else ""})
    choices = []
    for decision in shiplog().next_decisions(game, seat):
        labels = boards.unique_labels(rules, decision.actions)
        choices.append({"step": listing((t.replace("_", " ") for t in decision.step), "or"),
                        "now": decision.at is None,
                        "actions": [{"json": boards.canonical(a), "label": label}
                                    for a, label in zip(decision.actions, labels, strict=True)]})
    listed = {a["json"] for d in choices for a in d["actions"]}
    for entry in mine:  # an order whose move is not among today's choices is edited as JSON
        entry["typed"] = "" if entry["json"] in listed else entry["json"]
    return {"orders": mine, "decisions": choices, "conditions": condition_choices(rules),
            "scopes": {k: _(v) for k, v in SCOPES.items()}}


def order_form(form: Any) -> tuple[dict[str, Any], str, dict[str, Any] | None]:
    """The action (a choice of the list, or typed JSON), the scope and the condition of the form,
    as the API's schema takes them."""
    typed = (form.get("typed") or "").strip()
    action, _version = forms.action({"action": typed or form.get("action", "")})
    raw = form.get("condition") or ""
    try:
        condition = parse_json(raw.encode("utf-8", "surrogatepass")) if raw else None
    except Problem:
        condition = "?"
    data = forms.checked(schemas.OrderSchema(), {"action": action, "scope": form.get("scope") or "next",
                                                 "condition": condition}, keep_nulls=True)
    return data["action"], data["scope"], data["condition"]
