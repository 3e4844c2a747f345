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
from typing import Any

from .rules import Fact

Handler = Callable[[Any, Fact], Any]


class Evolver:
    """`evolve(state, fact)` dispatching on the fact's "t" to the handler registered for it."""

    __slots__ = ("title", "_handlers")

    def __init__(self, title: str) -> None:
        self.title = title
        self._handlers: dict[str, Handler] = {}

    def evolves(self, *names: str) -> Callable[[Handler], Handler]:
        """Register the decorated function as the handler of the facts named `names`."""

        def register(handler: Handler) -> Handler:
            for name in names:
                if name in self._handlers:
                    raise ValueError(f"{self.title}: two handlers for the fact {name!r}")
                self._handlers[name] = handler
            return handler

        return register

    def __call__(self, state: Any, fact: Fact) -> Any:
        try:
            handler = self._handlers[fact["t"]]
        except KeyError:
            raise ValueError(f"{self.title} has no fact {fact.get('t')!r}") from None
        return handler(state, fact)

    @property
    def names(self) -> frozenset[str]:
        """Every fact name this game can apply."""
        return frozenset(self._handlers)


class Facts(list[Fact]):
    """The facts of one decision; `state` is the state they lead to (set by `Tx`)."""

    state: Any = None


class Tx:
    """The facts of one decision so far, and the state they lead to (each applied once)."""

    __slots__ = ("state", "facts", "_evolve")

    def __init__(self, state: Any, evolve: Callable[[Any, Fact], Any]) -> None:
        self.state = state
        self.facts = Facts()
        self.facts.state = state
        self._evolve = evolve

    def emit(self, fact: Fact) -> None:
        self.state = self._evolve(self.state, fact)
        self.facts.append(fact)
        self.facts.state = self.state
