"""Commands: a game's table of actions, the opening checks every `decide` makes, and the
parsing of an action's fields — with the codes every game shares.

A game declares its commands next to their rules and opens every decision the same way:

    commands = Commands("Puerto Rico")

    @commands.command("ship", Step.SHIP)
    def ship(tx: Tx, seat: int, action: Action, rng: RandomSource) -> None:
        fields(action, ("good", "ship"))
        refuse(why_not_ship(tx.state, seat, ...))
        tx.emit({"t": "GoodsShipped", ...})

    def decide(state, seat, action, rng):
        command = commands.opening(action, seat, to_act=to_act(state), over=..., step=state.step)
        tx = Tx(state, evolve)
        command.handler(tx, seat, action, rng)
        ...                                   # what follows automatically
        return tx.facts

Legality is written once per rule: a `why_not_*(state, ...) -> Why` predicate returns the first
failed condition as `(code, sentence)`, or None when the action is allowed. `decide` raises it
(`refuse`), `legal_actions` keeps the candidates whose answer is None, and "has options" is
`any()` over the same generator.

Shared codes (`opening` checks them in this order):

    game.over             the game has ended
    turn.not_yours        the seat is not among those to act now (and the action is not one the
                          game lets a seated player take out of turn: `out_of_turn=True`)
    action.malformed      not a JSON object with a string "type"; or a field of a known action
                          is missing, unknown or of the wrong JSON type (`fields`, `whole`,
                          `named`, ...). A name of the right type that the game does not
                          know ("role": "pirate") is the rule's to refuse, with its own code.
    action.unknown_type   the game has no action of that type
    action.not_now        the game has that action, but not at this step
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any, NoReturn

from .errors import IllegalAction
from .facts import Tx
from .i18n import Translator, _
from .rng import RandomSource
from .rules import Action, Seat

Why = tuple[str, str] | None
"""Why an action is not allowed: (code, sentence), or None when it is."""

Handler = Callable[[Tx, Seat, Action, RandomSource], None]


def refuse(why: Why) -> None:
    """Raise the refusal `why` names, if any."""
    if why is not None:
        raise IllegalAction(*why)


def reject(code: str, message: str) -> NoReturn:
    raise IllegalAction(code, message)


def malformed(message: str) -> IllegalAction:
    return IllegalAction("action.malformed", message)


def not_now(message: str) -> IllegalAction:
    return IllegalAction("action.not_now", message)


# -- the fields of an action -------------------------------------------------------------------


def fields(action: Mapping[str, Any], required: Collection[str] = (), optional: Collection[str] = ()) -> None:
    """The action has every `required` field and no field besides those and `optional`."""
    for key in required:
        if key not in action:
            raise malformed(_("A {action!r} action needs a {key!r} field.", action=action["type"], key=key))
    for key in action:
        if key != "type" and key not in required and key not in optional:
            raise malformed(_("A {action!r} action has no field {key!r}.", action=action["type"], key=key))


def whole(action: Mapping[str, Any], key: str, minimum: int | None = None, maximum: int | None = None) -> int:
    """A whole-number field (true/false are not numbers), within the bounds given."""
    value = action[key]
    if type(value) is not int or (minimum is not None and value < minimum) or (
        maximum is not None and value > maximum
    ):
        if minimum is not None and maximum is not None:
            raise malformed(_("{key!r} must be a whole number from {low} to {high}.", key=key, low=minimum, high=maximum))
        if minimum is not None:
            raise malformed(_("{key!r} must be a whole number of at least {low}.", key=key, low=minimum))
        raise malformed(_("{key!r} must be a whole number.", key=key))
    return value


def named(action: Mapping[str, Any], key: str) -> str:
    """A field that names something (a role, a building, a tile): a string. A value of another
    JSON type is malformed; whether the game knows the name is for its rule to say."""
    value = action[key]
    if type(value) is not str:
        raise malformed(_("{key!r} must be a name (a string).", key=key))
    return value


def one_of(action: Mapping[str, Any], key: str, choices: Collection[str]) -> str:
    """A field naming one of `choices`."""
    value = action[key]
    if type(value) is not str or value not in choices:
        raise malformed(_("{key!r} must be one of {choices}.", key=key, choices=", ".join(map(repr, map(str, choices)))))
    return value


def flag(action: Mapping[str, Any], key: str, default: bool) -> bool:
    """An optional true/false field (strict: "yes" and 1 are not true)."""
    value = action.get(key, default)
    if type(value) is not bool:
        raise malformed(_("{key!r} must be true or false.", key=key))
    return value


# -- the table of commands ---------------------------------------------------------------------


@dataclass(frozen=True)
class Command:
    type: str
    handler: Handler
    steps: frozenset[Any]  # the steps at which the command may be given; empty: the handler checks


class Commands:
    """A game's commands by action type, each with the steps at which it may be given.

    One action type may have a different handler at different steps (a `pass` in the captain's
    phase is not a `pass` in the builder's): register it once per rule with disjoint steps, and
    `opening` returns the one registered for the current step.

    A command registered `out_of_turn=True` may also be given by a seated player who is not to
    act (Felinia's `sell`, «в любое время»): `opening` lets it through to its handler, which
    applies the rule's own checks; every other action of such a seat is `turn.not_yours`. The
    game publishes the types as `OUT_OF_TURN` (`domain.core.rules`).
    """

    __slots__ = ("title", "words", "_table", "_at", "_out_of_turn")

    def __init__(self, title: str, words: Translator | None = None) -> None:
        self.title = title
        self.words = words  # the game's catalog: its title and its actions' names in refusals
        self._table: dict[str, Command] = {}  # by type: the first handler, with every step
        self._at: dict[tuple[str, Any], Command] = {}  # (type, step) -> its handler there
        self._out_of_turn: frozenset[str] = frozenset()

    def command(self, type_: str, *steps: Any, out_of_turn: bool = False) -> Callable[[Handler], Handler]:
        """Register the decorated handler for actions of `type_`, allowed at `steps` (and, with
        `out_of_turn`, to a seated player who is not to act)."""

        def register(handler: Handler) -> Handler:
            known = self._table.get(type_)
            if known is not None and (not steps or not known.steps or known.steps & frozenset(steps)):
                raise ValueError(f"{self.title}: two handlers for the action {type_!r}")
            if out_of_turn:
                self._out_of_turn |= {type_}
            command = Command(type_, handler, frozenset(steps))
            for step in steps:
                self._at[type_, step] = command
            self._table[type_] = command if known is None else Command(
                type_, known.handler, known.steps | command.steps
            )
            return handler

        return register

    def add_steps(self, type_: str, *steps: Any) -> None:
        """Allow an already registered command (of one handler) at more steps."""
        command = self._table[type_]
        self._table[type_] = command = Command(type_, command.handler, command.steps | frozenset(steps))
        for step in command.steps:
            self._at[type_, step] = command

    @property
    def types(self) -> tuple[str, ...]:
        return tuple(self._table)

    @property
    def out_of_turn(self) -> frozenset[str]:
        """The action types a seated player may give while another seat is to act."""
        return self._out_of_turn

    def steps(self, type_: str) -> frozenset[Any]:
        """The steps at which actions of `type_` may be given (empty: the handler checks)."""
        return self._table[type_].steps

    def __getitem__(self, type_: str) -> Command:
        return self._table[type_]

    def handlers(self) -> dict[tuple[str, Any], Handler]:
        """The handler of each (type, step) a command is registered at: a copy, for a game's
        own look-up of the common case `opening` ends with (a known action at one of its
        steps), once the game's turn and the action's shape are checked as `opening` does."""
        return {key: command.handler for key, command in self._at.items()}

    def allows_out_of_turn(self, action: Any) -> bool:
        """Whether `action` is of a type a seat may give out of turn (whatever else it holds)."""
        kind = action.get("type") if type(action) is dict else None
        return type(kind) is str and kind in self._out_of_turn

    def _said(self, text: str, context: str | None = None) -> str:
        """`text` in the game's words (the English when it has none)."""
        if self.words is None:
            return text
        return self.words.pgettext(context, text) if context else self.words.gettext(text)

    def opening(
        self,
        action: Any,
        seat: Any,
        *,
        to_act: Collection[Seat],
        over: bool,
        step: Any = None,
        waiting_for: str | None = None,
        seated: Collection[Seat] = (),
    ) -> Command:
        """The checks every decision starts with (see the module docstring), in order; the
        command to run. `waiting_for` completes "the game is waiting for ..." in `not_now`;
        `seated` names the seats at the table, any of which may give an `out_of_turn` command.
        (`waiting_for` is English: said in the game's words, from its catalog, when refused.)"""
        if over:
            reject("game.over", _("This game is over; no more moves can be made."))
        if type(seat) is not int or seat not in to_act and not (seat in seated and self.allows_out_of_turn(action)):
            reject("turn.not_yours", _("It is not your turn."))
        if type(action) is not dict:
            raise malformed(_("An action must be a JSON object with a 'type'."))
        kind = action.get("type")
        if type(kind) is not str:
            raise malformed(_("An action must have a 'type' naming what to do."))
        at = self._at.get((kind, step))  # the common case: a known action at one of its steps
        if at is not None:
            return at
        command = self._table.get(kind)
        if command is None:
            reject(
                "action.unknown_type",
                _("{game} has no action {kind!r}; its actions are {actions}.", game=self._said(self.title), kind=kind,
                  actions=", ".join(map(repr, sorted(self._table)))),
            )
        if not command.steps:
            return command
        at = self._at.get((kind, step))
        if at is None:
            what = self._said(kind.replace("_", " ").capitalize(), "action").lower()
            if waiting_for:
                raise not_now(_("You cannot {what} now; the game is waiting for {waiting}.", what=what,
                                waiting=self._said(waiting_for)))
            raise not_now(_("You cannot {what} now.", what=what))
        return at
