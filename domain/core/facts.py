"""Facts and how they are applied: the fact-handler registry (`Evolver`) and the transaction
a decision builds (`Tx`).

A game keeps one `Evolver` (usually in its state module); each rule module registers the
handlers of its own facts next to the rules that emit them:

    evolver = Evolver("Puerto Rico")
    evolves = evolver.evolves

    @evolves("GoodsShipped")
    def _goods_shipped(state: State, fact: Fact) -> State: ...

and the game's `evolve` is the evolver itself (`evolve = evolver`). A decision collects its
facts in a `Tx`, which applies each fact once as it is emitted, so the rules can look at the
state every fact led to; `decide` returns `tx.facts`, which carries that final state (`.state`)
so the platform need not fold the facts a second time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

from .rules import Fact

Handler = Callable[[Any, Fact], Any]
H = TypeVar("H", bound=Callable[..., Any])


class FactTable(Generic[H]):
    """One function per fact name, registered with a decorator and found by a fact's "t": the
    shape of `Evolver` (how a fact changes the state) and `words.Words` (how it is said)."""

    __slots__ = ("title", "_handlers")
    kind = "handler"  # what the table holds, for its error messages
    missing = "{title} has no fact {name!r}"

    def __init__(self, title: str) -> None:
        self.title = title
        self._handlers: dict[str, H] = {}

    def register(self, *names: str) -> Callable[[H], H]:
        """Register the decorated function for the facts named `names`."""

        def register(handler: H) -> H:
            for name in names:
                if name in self._handlers:
                    raise ValueError(f"{self.title}: two {self.kind}s for the fact {name!r}")
                self._handlers[name] = handler
            return handler

        return register

    def unknown(self, fact: Fact) -> ValueError:
        return ValueError(self.missing.format(title=self.title, name=fact.get("t")))

    @property
    def names(self) -> frozenset[str]:
        """Every fact name the table has a function for."""
        return frozenset(self._handlers)


class Evolver(FactTable[Handler]):
    """`evolve(state, fact)` dispatching on the fact's "t" to the handler registered for it
    (`evolves`, the decorator; `names`, every fact the game can apply)."""

    __slots__ = ()
    evolves = FactTable.register

    def __call__(self, state: Any, fact: Fact) -> Any:
        try:
            handler = self._handlers[fact["t"]]
        except KeyError:
            raise self.unknown(fact) from None
        return handler(state, fact)


class Facts(list[Fact]):
    """The facts of one decision; `state` is the state they lead to (set by `Tx`; a slot, not
    an instance dict: one per decision, written at every fact)."""

    __slots__ = ("state",)
    state: Any


class Tx(Facts):
    """The facts of one decision so far, and the state they lead to (each applied once).

    A `Facts` itself (the list is the facts, `state` the state they lead to): `decide` may hand
    the transaction out as its facts, and a decision builds one object for both, not two."""

    __slots__ = ("_evolve", "_handlers")

    def __init__(self, state: Any, evolve: Callable[[Any, Fact], Any]) -> None:
        self.state = state
        self._evolve = evolve
        # An Evolver's handlers are looked up here directly: one call less per fact, on the
        # engine's hottest path (issue 9: the reorganisation by phase must not cost speed).
        self._handlers: dict[str, Handler] = evolve._handlers if isinstance(evolve, Evolver) else {}

    @property
    def facts(self) -> Facts:
        """The facts so far (the transaction itself)."""
        return self

    def emit(self, fact: Fact) -> None:
        self.state = self._handlers.get(fact["t"], self._evolve)(self.state, fact)
        self.append(fact)
