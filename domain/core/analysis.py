"""The analysis of a finished game (issue 33): "where did I lose?".

The strong search bot of the game (`search-strong`) assesses every decision of a record: at each
move a seat chose among two or more legal actions it searches from that seat's view alone (the
search deals the hidden information again from what the seat saw: `search.assess`), and tells
the action it prefers, the seat's chance of winning after the move played and after its own
choice, and every seat's chance after the move played (the curve of the game). Forced moves and
moves played out of turn (an action the seat could take at any time) are not assessed.

The analysis is a pure function of the record, the budget and `seed`: the same record analysed
with the same seed and budget gives the same analysis (each decision's search draws from
`Rng(seed, "analysis:<version>")`). It is computed once a game is over, when nothing it uses
is secret any more; it is never an event of the game.

    >>> Decision(7, 1, {"type": "a"}, {"type": "b"}, 0.25, 0.4, (0.75, 0.25), 3).loss
    0.15
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from . import registry, search
from .i18n import _
from .record import replay_states
from .rng import Rng
from .rules import ALL, Action, Fact
from .words import described

MIN_LOSS = 0.03  # a move that cost less than this chance of winning is not worth a line
COSTLIEST = 3  # the costliest moves told per seat
LEVEL = "search-strong"
Progress = Callable[[int, int], None]  # (decisions done, decisions in all)


@dataclass(frozen=True)
class Decision:
    """One assessed decision: the move made after `version - 1` by `seat`, among `choices`."""

    version: int
    seat: int
    played: Action
    best: Action  # the search's choice
    played_chance: float  # the seat's chance of winning after the move played
    best_chance: float  # ... after the search's choice
    chances: tuple[float, ...]  # every seat's chance after the move played
    choices: int
    instead: tuple[Fact, ...] = ()  # what the search's choice would have done (for a costly move)

    @property
    def loss(self) -> float:
        """The chance of winning the move played gave away against the search's choice."""
        return round(max(0.0, self.best_chance - self.played_chance), 6)

    def to_json(self) -> dict[str, Any]:
        return {"version": self.version, "seat": self.seat, "played": self.played, "best": self.best,
                "played_chance": self.played_chance, "best_chance": self.best_chance,
                "chances": list(self.chances), "choices": self.choices, "loss": self.loss,
                "instead": list(self.instead)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Decision:
        return cls(int(data["version"]), int(data["seat"]), dict(data["played"]), dict(data["best"]),
                   float(data["played_chance"]), float(data["best_chance"]), tuple(float(c) for c in data["chances"]),
                   int(data["choices"]), tuple(data.get("instead") or ()))


@dataclass(frozen=True)
class Analysis:
    """Every assessed decision of one game, and how it was made (`level`, budget, `seed`)."""

    game: str
    seats: int
    level: str
    iterations: int
    horizon: int
    seed: str
    decisions: tuple[Decision, ...] = field(default=())

    def curve(self) -> list[tuple[int, tuple[float, ...]]]:
        """(version, every seat's chance of winning) after each assessed decision."""
        return [(d.version, d.chances) for d in self.decisions]

    def costliest(self, per_seat: int = COSTLIEST) -> list[Decision]:
        """The moves that cost most (at least MIN_LOSS), `per_seat` at most for each seat, in
        the order they were played."""
        chosen: list[Decision] = []
        for seat in range(self.seats):
            own = sorted((d for d in self.decisions if d.seat == seat and d.loss >= MIN_LOSS),
                         key=lambda d: (-d.loss, d.version))
            chosen += own[:per_seat]
        return sorted(chosen, key=lambda d: d.version)

    def agreement(self, seat: int) -> tuple[int, int]:
        """(decisions where the seat played the search's choice, the seat's decisions)."""
        own = [d for d in self.decisions if d.seat == seat]
        return sum(1 for d in own if d.played == d.best), len(own)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "seats": self.seats, "level": self.level, "iterations": self.iterations,
                "horizon": self.horizon, "seed": self.seed, "decisions": [d.to_json() for d in self.decisions]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Analysis:
        return cls(str(data["game"]), int(data["seats"]), str(data["level"]), int(data["iterations"]),
                   int(data["horizon"]), str(data["seed"]), tuple(Decision.from_json(d) for d in data["decisions"]))


def budget_of(game: str, iterations: int | None = None, horizon: int | None = None) -> search.Budget:
    """The budget of the game's strong search bot, with fewer (or more) iterations or another
    horizon where asked (tests and impatient readers)."""
    bot = registry.get(game).BOTS[LEVEL]
    budget: search.Budget = bot.budget  # type: ignore[attr-defined]
    if iterations is not None:
        budget = replace(budget, iterations=max(1, iterations))
    if horizon is not None:
        budget = replace(budget, horizon=max(0, horizon))
    return budget


def decisions_of(record: Mapping[str, Any]) -> list[tuple[int, int, Action, Any]]:
    """(version, seat, the action played, the position before it) for every move a seat chose
    in turn among two or more legal actions."""
    rules = registry.get(record["game"])
    found = []
    before: Any = None
    for version, ev, state in replay_states(dict(record)):
        if ev["type"] == "ActionTaken" and before is not None and ev.get("auto") != "forced":
            seat = ev["seat"]
            if seat in rules.to_act(before):
                legal = rules.legal_actions(before, seat)
                if len(legal) > 1 and search.key(ev["action"]) in {search.key(a) for a in legal}:
                    found.append((version, seat, ev["action"], before))
        before = state
    return found


def analyse(record: Mapping[str, Any], seed: str, iterations: int | None = None, horizon: int | None = None,
            progress: Progress | None = None) -> Analysis:
    """The strong search bot's verdict on every decision of `record` (a finished game's)."""
    rules = registry.get(record["game"])
    game: search.Game = rules.BOTS[LEVEL].game  # type: ignore[attr-defined]
    budget = budget_of(record["game"], iterations, horizon)
    found = decisions_of(record)
    out = []
    for done, (version, seat, played, before) in enumerate(found):
        verdict = search.assess(game, before, seat, Rng(seed, f"analysis:{version}"), budget)
        chances = verdict.tried.get(search.key(played))
        best = verdict.tried.get(search.key(verdict.best))
        if chances is not None and best is not None:
            decision = Decision(version, seat, dict(played), dict(verdict.best), round(chances[1][seat], 4),
                                round(best[1][seat], 4), tuple(round(c, 4) for c in chances[1]), len(rules.legal_actions(before, seat)))
            if decision.loss >= MIN_LOSS:
                facts = rules.decide(before, seat, verdict.best, Rng(seed, f"instead:{version}"))
                decision = replace(decision, instead=tuple(facts))
            out.append(decision)
        if progress is not None:
            progress(done + 1, len(found))
    return Analysis(record["game"], len(record["players"]), LEVEL, budget.iterations, budget.horizon, seed, tuple(out))


def percent(chance: float) -> str:
    return f"{round(100 * chance)}%"


def costly_lines(analysis: Analysis, record: Mapping[str, Any], names: Sequence[str]) -> list[tuple[Decision, str]]:
    """The costliest moves, each in words in the reader's language: "Move 57: Ann takes the mayor.
    Better: Ann takes the captain. That would have kept Ann's chance of winning at 41% instead
    of 28%." (The game is over: every fact is told as it was.)"""
    rules = registry.get(analysis.game)
    facts = {ev["version"]: ev.get("facts") or [] for ev in record["events"]}
    lines = []
    for d in analysis.costliest():
        played = described(rules, facts.get(d.version, [])[:1], ALL, names)
        better = described(rules, list(d.instead[:1]), ALL, names)
        lines.append((d, _("Move {n}: {played} Better: {better} That would have kept {name}'s chance of winning at "
                       "{best} instead of {chance}.", n=d.version, played=" ".join(played) or "?",
                       better=" ".join(better) or "?", name=names[d.seat], best=percent(d.best_chance),
                       chance=percent(d.played_chance))))
    return lines
