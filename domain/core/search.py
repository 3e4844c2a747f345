"""Search bots: information-set Monte Carlo tree search (ISMCTS) over the rules contract.

A search bot sees only what its seat sees. Every iteration starts from a *determinization*: the
game's `determinize(state, seat, rng)` deals the hidden information again (the face-down stacks,
the other seats' secrets), consistent with the seat's view, so the search never reads what the
seat could not know. From there one iteration

1. walks down the tree of the seat's own decisions (one tree for all determinizations, edges
   keyed by the actions taken: single-observer ISMCTS, Cowling, Powley and Whitehouse 2012),
   picking by UCB1 among the actions legal in this determinization, with availability counts
   in place of the parent's visits; the other seats meanwhile decide as the game's heuristic
   bot (the playout policy) would, unless the budget lets them search too;
2. stops at an action tried fewer than `expand_after` times (an untried one first, the
   policy's own choice before the others): the tree grows below an action only once its
   value is known a little;
3. plays on with the policy in every seat for `horizon` decisions (or to the end);
4. scores the position reached for every seat (the final result, or the game's evaluation:
   each seat's points if the game ended now plus what its position promises) and adds the
   scores to every edge on the way.

A seat's reward is half its chance of winning (a win at the end; before it, a logistic curve of
its lead over the best other seat, `Game.spread` points of lead giving about 73%) and half that
lead itself, linear within three spreads: a seat far behind or far ahead still tells its
actions apart. The action played is the one with the best mean reward among those tried at
least half as often as the most tried one, unless the heuristic bot's own choice is within a
standard error of it: the search departs from the heuristic only for a difference it has seen.

The budget is a number of iterations (the domain reads no clock). A caller in the shell may pass
`deadline`, a function that says when to stop (e.g. after a second of CPU): then the result
depends on the machine's speed, as any time-bound search does.

A determinization serves a block of as many iterations as the seat has actions, each with the
same draws: the first block tries every action once in the same world with the same luck, and
later ones compare actions more often so (common random numbers: the differences between
actions are measured with less noise than the rewards themselves).

`assess` is the same search for the analysis of a game (domain/core/analysis.py): every legal
action tried at least once, and each one's mean chance of winning for every seat (the chances
the rewards count, shared out to add up to one) beside the action the search prefers.

The randomness of the search (determinizations, the playouts' draws, the order of untried
actions) comes from `random.Random`s seeded from a single draw from the bot's stream, so a
search is a pure function of the seat's view, the budget and that stream.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from . import registry
from .rng import RandomSource
from .rules import Action, Bot, GameRules, Outcome, Seat, fold

T = TypeVar("T")

Determinize = Callable[[Any, Seat, RandomSource], Any]
"""`determinize(state, seat, rng) -> state`: a state the seat cannot tell from `state` (its view is
the same), the hidden information dealt again at random from what the seat's view leaves
possible. It must depend on the hidden information only through the seat's view: the same view
and the same draws give the same state (so a bot built on it cannot cheat)."""


class Draws:
    """A `RandomSource` for the search's own use (determinizations, playouts): Python's Mersenne
    Twister seeded once, fast, deterministic. Its draws are not recorded: nothing the search draws
    becomes part of a game (the bot's action is decided again by the rules with the game's own
    randomness)."""

    __slots__ = ("_random", "draws")

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)
        self.draws: list[list[int]] = []  # (the protocol's; left empty)

    def below(self, n: int) -> int:
        if n < 1:
            raise ValueError("below(n) needs n >= 1")
        return self._random.randrange(n)


def redeal(rng: RandomSource, hidden: Collection[T], sizes: Sequence[int]) -> list[tuple[T, ...]]:
    """The hidden items dealt again at random into places of the given sizes (in order), for a
    `determinize`: the items are sorted first, so the deal depends on which items are hidden,
    never on where they were (that is the secret)."""
    pool = sorted(hidden)  # type: ignore[type-var]
    if len(pool) != sum(sizes):
        raise ValueError(f"{len(pool)} hidden items for places of {sum(sizes)}")
    for i in range(len(pool) - 1, 0, -1):
        j = rng.below(i + 1)
        pool[i], pool[j] = pool[j], pool[i]
    out, at = [], 0
    for size in sizes:
        out.append(tuple(pool[at : at + size]))
        at += size
    return out


@dataclass(frozen=True)
class Game:
    """What the search asks of a game: its rules (the registered game `name`: the contract's
    functions and its `determinize`), the bot its playouts use and its evaluation of an
    unfinished position."""

    name: str  # as registered: "puerto-rico"
    policy: Bot  # the playouts' bot: the game's heuristic bot
    evaluate: Callable[[Any], Sequence[float]]  # per seat: points now plus what the position promises
    spread: float  # points of lead worth about a 73% chance of winning (the reward's scale)

    @property
    def rules(self) -> GameRules:
        return registry.get(self.name)  # (looked up when asked: the game's bots are part of its module)

    def legal_actions(self, state: Any, seat: Seat) -> list[Action]:
        return self.rules.legal_actions(state, seat)

    def to_act(self, state: Any) -> Collection[Seat]:
        return self.rules.to_act(state)

    def outcome(self, state: Any) -> Outcome | None:
        return self.rules.outcome(state)

    def determinize(self, state: Any, seat: Seat, rng: RandomSource) -> Any:
        deal: Determinize = getattr(self.rules, "determinize", open_information)
        return deal(state, seat, rng)

    def play(self, state: Any, seat: Seat, action: Action, rng: RandomSource) -> Any:
        """The state after `seat` takes `action`."""
        rules = self.rules
        facts = rules.decide(state, seat, action, rng)
        after = getattr(facts, "state", None)  # a `facts.Tx` decision carries its state
        return after if after is not None else fold(rules, state, facts)


@dataclass(frozen=True)
class Budget:
    """How much a search may do, and how: `iterations` determinized playouts of `horizon`
    decisions each (0: to the end of the game). An action gets a node of its own (the tree grows
    below it) once it was tried `expand_after` times: below that its value is the playouts' of
    the policy after it (few iterations spread over a deep tree average over poor moves). The
    other seats decide as the policy would, unless `others_search`: then they too choose in the
    tree, each for its own reward. `exploration` is UCB1's constant."""

    iterations: int
    horizon: int = 0
    exploration: float = 0.7
    expand_after: int = 8
    others_search: bool = False


@dataclass
class _Edge:
    """An action tried at a node: how often it was legal there, taken, and the rewards it led to."""

    available: int = 0
    visits: int = 0
    reward: list[float] = field(default_factory=list)  # per seat, summed
    squares: list[float] = field(default_factory=list)  # per seat, the rewards' squares summed
    chance: list[float] = field(default_factory=list)  # per seat, the chances of winning summed (`chances`)
    node: _Node | None = None

    def mean(self, seat: Seat) -> float:
        return self.reward[seat] / self.visits

    def error(self, seat: Seat) -> float:
        """The standard error of the mean reward."""
        mean = self.mean(seat)
        return math.sqrt(max(0.0, self.squares[seat] / self.visits - mean * mean) / self.visits)


@dataclass
class _Node:
    edges: dict[str, _Edge] = field(default_factory=dict)
    usual: str | None = None  # the policy's choice here (in the first determinization that asked)


def key(action: Action) -> str:
    """An action as a dictionary key (its JSON with sorted keys)."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, x))))


def rewards(game: Game, state: Any, solo: float = 0.0) -> list[float]:
    """Each seat's reward for a position, in [0, 1]: half its chance of winning (a win at the
    end, else what its lead over the best other seat suggests), half its lead itself (linear
    within three spreads either way: a seat far behind still prefers to come closer). A solo
    seat's lead is its points over `solo` (those it had where the search began)."""
    return _rewards(game, *_standing(game, state, solo))


def _standing(game: Game, state: Any, solo: float) -> tuple[list[float], list[float]]:
    """Each seat's chance of winning from a position (as `rewards` counts it) and its points."""
    result = game.outcome(state)
    if result is None:
        points = list(game.evaluate(state))
        return [_logistic(lead / game.spread) for lead in _leads(points, solo)], points
    points = [0.0] * len(result.results)
    for r in result.results:
        points[r.seat] = float(r.score)
    winners = sum(1 for r in result.results if r.rank == 1)
    chances = [0.0] * len(points)
    for r in result.results:
        chances[r.seat] = 1.0 / winners if r.rank == 1 else 0.0
    return chances, points


def _rewards(game: Game, chances: list[float], points: list[float], solo: float = 0.0) -> list[float]:
    scale = 6 * game.spread
    return [0.5 * chance + 0.5 * min(1.0, max(0.0, 0.5 + lead / scale))
            for chance, lead in zip(chances, _leads(points, solo), strict=True)]


def chances(game: Game, state: Any, solo: float = 0.0) -> list[float]:
    """Each seat's chance of winning from a position, as the analysis of a game tells it: the
    chances `rewards` counts, shared out so that they add up to one (a seat alone keeps its own)."""
    return _shared(_standing(game, state, solo)[0])


def _shared(each: list[float]) -> list[float]:
    total = sum(each)
    return each if len(each) == 1 or total <= 0 else [c / total for c in each]


def _leads(points: list[float], solo: float) -> list[float]:
    """Each seat's lead over the best other seat (a solo seat's: over `solo`)."""
    if len(points) == 1:
        return [points[0] - solo]
    return [p - max(q for j, q in enumerate(points) if j != i) for i, p in enumerate(points)]


def _actor(game: Game, state: Any) -> Seat | None:
    waiting = game.to_act(state)
    return min(waiting) if waiting else None


def playout(game: Game, state: Any, horizon: int, rng: RandomSource) -> Any:
    """The state after the heuristic bot plays every seat for `horizon` decisions (0: to the end)."""
    played = 0
    while game.outcome(state) is None and (horizon <= 0 or played < horizon):
        actor = _actor(game, state)
        if actor is None:
            break
        state = game.play(state, actor, game.policy(state, actor, rng), rng)
        played += 1
    return state


def search(game: Game, state: Any, seat: Seat, rng: RandomSource, budget: Budget,
           deadline: Callable[[], bool] | None = None) -> tuple[Action, dict[str, tuple[int, float]]]:
    """The action the search prefers for `seat`, and every root action's (visits, mean reward)
    by its `key`. `deadline()`, when given, is asked before each iteration: True stops."""
    actions = game.legal_actions(state, seat)
    if len(actions) == 1:
        return actions[0], {key(actions[0]): (0, 0.0)}
    root = _grow(game, state, seat, actions, rng, budget, deadline)
    by_key = {key(a): a for a in actions}
    stats = {k: (e.visits, e.mean(seat)) for k, e in root.edges.items() if e.visits}
    return by_key[_best(list(by_key), root, seat)], {k: stats.get(k, (0, 0.0)) for k in by_key}


@dataclass(frozen=True)
class Assessment:
    """What a search makes of a seat's decision: the action it prefers, and for each legal action
    (by its `key`) how often it was tried and every seat's mean chance of winning after it."""

    best: Action
    tried: dict[str, tuple[int, tuple[float, ...]]]


def assess(game: Game, state: Any, seat: Seat, rng: RandomSource, budget: Budget) -> Assessment:
    """`search`, telling each action's chances of winning (`chances`): the analysis of a game.
    Every legal action is tried at least once (the iterations are at least as many as the
    actions: the first block of iterations tries each in the same world)."""
    actions = game.legal_actions(state, seat)
    if len(actions) == 1:
        return Assessment(actions[0], {})
    wide = Budget(max(budget.iterations, len(actions)), budget.horizon, budget.exploration, budget.expand_after,
                  budget.others_search)
    root = _grow(game, state, seat, actions, rng, wide, None)
    keys = [key(a) for a in actions]
    tried = {k: (e.visits, tuple(c / e.visits for c in e.chance)) for k in keys
             if (e := root.edges.get(k)) is not None and e.visits}
    return Assessment(actions[keys.index(_best(keys, root, seat))], tried)


def _grow(game: Game, state: Any, seat: Seat, actions: list[Action], rng: RandomSource, budget: Budget,
          deadline: Callable[[], bool] | None) -> _Node:
    """The search tree after `budget.iterations` iterations (fewer if `deadline()` says stop)."""
    draws = Draws(rng.below(1 << 62))
    root = _Node()
    solo = 0.0
    dealt, world = state, 0
    for n in range(budget.iterations):
        if deadline is not None and deadline():
            break
        if n % len(actions) == 0:  # a new world for the next block of iterations
            world = draws.below(1 << 62)
            dealt = game.determinize(state, seat, Draws(world))
            if n == 0:
                solo = game.evaluate(dealt)[seat]  # (only a solo seat's reward asks)
        _iterate(game, dealt, seat, root, budget, Draws(world + 1), solo)
    return root


def _best(keys: list[str], root: _Node, seat: Seat) -> str:
    """The action with the best mean reward among those tried at least half as often as the
    most tried one (a lucky action tried once does not win; with few iterations spread evenly,
    the mean tells more than the count; ties: the first listed), unless the policy's own choice
    is within a standard error of it: the search departs from the heuristic bot only for a
    difference it has seen (noise would make it wander, even round a loop of moves that undo
    each other, such as an expansion and its cancellation)."""
    tried = {k: e for k in keys if (e := root.edges.get(k)) is not None and e.visits}
    if not tried:
        return keys[0]
    most = max(e.visits for e in tried.values())
    often = [k for k in keys if k in tried and tried[k].visits * 2 >= most]
    best = max(often, key=lambda k: (tried[k].mean(seat), -keys.index(k)))
    usual = root.usual
    if usual is not None and usual in often and best != usual:
        margin = math.hypot(tried[best].error(seat), tried[usual].error(seat))
        if tried[best].mean(seat) - tried[usual].mean(seat) <= margin:
            return usual
    return best


def _iterate(game: Game, state: Any, seat: Seat, root: _Node, budget: Budget, rng: Draws, solo: float) -> None:
    node: _Node | None = root
    path: list[_Edge] = []
    # 1-2: down the tree, until an action tried fewer than `expand_after` times (or the end)
    while node is not None and game.outcome(state) is None:
        actor = _actor(game, state)
        if actor is None:
            break
        if actor != seat and not budget.others_search:  # the others play as the policy would
            state = game.play(state, actor, game.policy(state, actor, rng), rng)
            continue
        actions = game.legal_actions(state, actor)
        if len(actions) == 1:  # a forced move is no choice: no node
            state = game.play(state, actor, actions[0], rng)
            continue
        edge, action = _select(game, node, state, actor, actions, budget, rng)
        path.append(edge)
        state = game.play(state, actor, action, rng)
        if edge.visits < budget.expand_after:  # a leaf: what follows is the playout's
            node = None
        else:
            node = edge.node = edge.node or _Node()
    # 3: the playout; 4: its rewards (and chances, for an analysis), to every edge on the way
    each, points = _standing(game, playout(game, state, budget.horizon, rng), solo)
    reward, chance = _rewards(game, each, points, solo), _shared(each)
    for edge in path:
        edge.visits += 1
        if not edge.reward:
            edge.reward = [0.0] * len(reward)
            edge.squares = [0.0] * len(reward)
            edge.chance = [0.0] * len(reward)
        for i, r in enumerate(reward):
            edge.reward[i] += r
            edge.squares[i] += r * r
            edge.chance[i] += chance[i]


def _select(game: Game, node: _Node, state: Any, actor: Seat, actions: list[Action], budget: Budget,
            rng: Draws) -> tuple[_Edge, Action]:
    """The edge to follow at `node` (UCB1 over the actions legal here; untried ones first, the
    playout policy's choice before the others)."""
    untried: list[tuple[_Edge, Action]] = []
    best: tuple[float, _Edge, Action] | None = None
    c = budget.exploration
    for action in actions:
        edge = node.edges.get(k := key(action))
        if edge is None:
            edge = node.edges[k] = _Edge()
        edge.available += 1
        if edge.visits == 0:
            untried.append((edge, action))
        elif not untried:
            score = edge.mean(actor) + c * math.sqrt(math.log(edge.available) / edge.visits)
            if best is None or score > best[0]:
                best = (score, edge, action)
    if untried:
        if len(untried) == len(actions):  # nothing tried here yet: the policy's move first
            choice = game.policy(state, actor, rng)
            for edge, action in untried:
                if action == choice:
                    node.usual = key(action)
                    return edge, action
        return untried[rng.below(len(untried))]
    assert best is not None
    return best[1], best[2]


@dataclass(frozen=True)
class SearchBot:
    """A bot `(state, seat, rng) -> action` that searches with `budget` (a game's BOTS holds it
    like any other bot; `searching` tells it apart, e.g. to keep it out of tests that play whole
    games with every bot)."""

    game: Game
    budget: Budget

    def __call__(self, state: Any, seat: Seat, rng: RandomSource) -> Action:
        return search(self.game, state, seat, rng, self.budget)[0]


def searching(bot: Bot) -> bool:
    """Whether the bot searches (it takes a budget of work, not microseconds)."""
    return isinstance(bot, SearchBot)


def levels(game: Game, normal: Budget, strong: Budget) -> dict[str, Bot]:
    """A game's search levels for its BOTS: "search-normal" and "search-strong" (the catalog's
    easy level is the game's heuristic bot)."""
    return {"search-normal": SearchBot(game, normal), "search-strong": SearchBot(game, strong)}


LEVELS = ("easy", "normal", "strong")


def catalog_levels(bots: Mapping[str, Bot]) -> dict[str, str]:
    """The catalog's levels of a game's bots, by the bot's name: easy is its heuristic bot (the
    first that is neither random nor a search), normal and strong its search levels, where it
    has them."""
    heuristic = next((name for name, bot in bots.items() if name != "random" and not searching(bot)), None)
    named = {"easy": heuristic, "normal": "search-normal", "strong": "search-strong"}
    return {level: name for level, name in named.items() if name is not None and name in bots}


def open_information(state: Any, seat: Seat, rng: RandomSource) -> Any:
    """The `determinize` of a game without hidden information: the state itself."""
    return state
