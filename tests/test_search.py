"""The search bots of every game (domain/core/search.py) and the games' `determinize`.

- A determinization keeps everything the seat sees (its view is equal) and every hidden
  component (the same multiset, dealt into places of the same sizes).
- It depends on the hidden information only through the seat's view: a position whose hidden
  information is changed (the face-down stacks, the other seats' secrets: another
  determinization of it) with the same view gets the same determinization, and the search bot's
  decision with the same seed, with the same statistics behind it, stays the same.
- The search bots choose actions the rules accept, in every seat, through whole games.

Small budgets keep this quick; strength and speed are `replay bench --only bots`, never a test.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from domain.core import Rng, registry, search
from domain.core.codec import state_hash
from domain.core.rules import GameRules, fold
from domain.navegador.components import C as NAVEGADOR

# (game, options, seats): every kind of hidden information of every game
CASES = [
    ("puerto-rico", {}, 4),
    ("puerto-rico", {"expansions": ["new_buildings", "nobles"]}, 3),
    ("navegador", {}, 4),
    ("felinia", {}, 4),
    ("felinia", {"mode": "advanced"}, 3),
    ("felinia", {"open_deck": True}, 2),
    ("santa-maria", {}, 4),
    ("santa-maria", {"expansion": True, "modules": ["A", "B", "C"]}, 3),
    ("santa-maria", {"expansion": True, "modules": ["D"]}, 2),
    ("santa-maria", {"expansion": True, "modules": ["D"]}, 1),
]
IDS = [f"{g}-{s}p-{'-'.join(o.get('expansions', o.get('modules', [o.get('mode', 'open' if o else 'base')])))}"
       for g, o, s in CASES]
TINY = search.Budget(iterations=6, horizon=6)


def _pick(rules: GameRules, move: int) -> Callable[..., Any]:
    """The random bot at every fourth move, else the game's heuristic bot: varied positions of
    games played with some sense."""
    heuristic = next(b for n, b in rules.BOTS.items() if n != "random" and not search.searching(b))
    return rules.BOTS["random"] if move % 4 == 0 else heuristic


def positions(game: str, options: dict[str, Any], seats: int, seed: str) -> Iterator[Any]:
    """Every position of one seeded game, with the seat that is to act."""
    rules = registry.get(game)
    state = fold(rules, None, rules.setup(rules.check_options(options, seats), seats, Rng(seed, "setup")))
    move = 0
    while rules.outcome(state) is None:
        seat = min(rules.to_act(state))
        yield state, seat
        action = _pick(rules, move)(state, seat, Rng(seed, f"bot:{move}"))
        state = fold(rules, state, rules.decide(state, seat, action, Rng(seed, f"event:{move}")))
        move += 1


def hidden(state: Any, seat: int) -> Counter[Any]:
    """The components hidden from `seat`, wherever they lie (an oracle from the views' docs)."""
    kind = type(state).__module__.split(".")[1]
    others = [p for i, p in enumerate(state.players) if i != seat]
    if kind == "puerto_rico":
        forests = [(k,) * n for p in others for k, n in enumerate(p.hidden_forests)]
        return Counter([*state.draw_pile, *sum(forests, ()), *([state.drawn] if state.drawn >= 0 and state.turn != seat else [])])
    if kind == "navegador":
        unexplored = [s for r, s in zip(NAVEGADOR.regions, state.stacks, strict=True) if r not in state.explored]
        return Counter([*state.removed_tiles, *(t for s in unexplored for t in s)])
    if kind == "felinia":
        e = state.expedition
        face_down = [t for t, up in zip(state.tiles, state.face_up, strict=True) if t is not None and not up]
        return Counter([*face_down, *(t for p in others for t in (*p.tiles, *p.mystery)), *state.deck[1 if state.deck_top_shown else 0:],
                        *state.mystery_deck, *(e.drawn if e is not None and e.seat != seat else ())])
    m = state.maya
    maya = () if m is None else (*m.medium, *m.small, *m.deck, *(m.hand if m.seat != seat else ()))
    return Counter([*state.stacks[0], *state.stacks[1], *state.ship_deck, *state.boxed, *(state.specialist_stack or ()),
                    *(state.special_stack or ()), *(state.special_ships or ()), *maya])


@pytest.mark.parametrize(("game", "options", "seats"), CASES, ids=IDS)
def test_a_determinization_keeps_the_view_and_the_hidden_components(game: str, options: dict[str, Any], seats: int) -> None:
    rules = registry.get(game)
    determinize = rules.determinize  # type: ignore[attr-defined]
    changed = 0
    for n, (state, _) in enumerate(positions(game, options, seats, f"determinize-{game}")):
        for seat in range(seats):
            dealt = determinize(state, seat, Rng(f"{n}", f"deal:{seat}"))
            assert rules.view(dealt, seat) == rules.view(state, seat), (n, seat)
            assert hidden(dealt, seat) == hidden(state, seat), (n, seat)
            changed += state_hash(dealt) != state_hash(state)
    assert changed > 0  # something was hidden and dealt anew


@pytest.mark.parametrize(("game", "options", "seats"), CASES, ids=IDS)
def test_the_search_bot_does_not_see_what_its_seat_cannot(game: str, options: dict[str, Any], seats: int) -> None:
    rules = registry.get(game)
    determinize = rules.determinize  # type: ignore[attr-defined]
    game_ = rules.BOTS["search-strong"].game  # type: ignore[attr-defined]
    compared = 0
    for n, (state, seat) in enumerate(positions(game, options, seats, f"cheat-{game}")):
        if n % 7 or len(rules.legal_actions(state, seat)) < 2:
            continue
        other = determinize(state, seat, Rng(f"{n}", "another truth"))  # the hidden information changed
        assert rules.view(other, seat) == rules.view(state, seat)
        if state_hash(other) == state_hash(state):
            continue
        assert state_hash(determinize(other, seat, Rng("same", "draws"))) == state_hash(determinize(state, seat, Rng("same", "draws")))
        chosen = search.search(game_, state, seat, Rng(f"{n}", "bot"), TINY)
        assert search.search(game_, other, seat, Rng(f"{n}", "bot"), TINY) == chosen, n
        compared += 1
    assert compared >= 3


@pytest.mark.parametrize(("game", "options", "seats"), CASES, ids=IDS)
def test_search_bots_choose_actions_the_rules_accept(game: str, options: dict[str, Any], seats: int) -> None:
    """A search bot (a tiny budget) at every third position of a game, the seat to act's; then the
    registered levels: `search-normal` at one position, `search-strong` the same search with more
    work."""
    rules = registry.get(game)
    normal, strong = rules.BOTS["search-normal"], rules.BOTS["search-strong"]
    assert isinstance(normal, search.SearchBot) and isinstance(strong, search.SearchBot)
    assert strong.game is normal.game and strong.budget.iterations > normal.budget.iterations
    tiny = search.SearchBot(normal.game, TINY)
    chosen = Counter[str]()
    for n, (state, seat) in enumerate(positions(game, options, seats, f"legal-{game}")):
        if n % 3 == 0:
            action = tiny(state, seat, Rng(f"{n}", "bot"))
            rules.decide(state, seat, action, Rng(f"{n}", "check"))  # accepted: no IllegalAction
            chosen[action["type"]] += 1
        if n == 30:
            rules.decide(state, seat, normal(state, seat, Rng(f"{n}", "normal")), Rng(f"{n}", "check"))
    assert sum(chosen.values()) >= 10 and len(chosen) >= 3  # many positions, many kinds of decision


@pytest.mark.parametrize("game", registry.products())
def test_every_game_offers_search_levels_over_its_own_determinization(game: str) -> None:
    rules = registry.get(game)
    levels = [bot for bot in rules.BOTS.values() if search.searching(bot)]
    assert len(levels) == 2 and all(bot.game.rules is rules for bot in levels)  # type: ignore[attr-defined]
    assert callable(rules.determinize)  # type: ignore[attr-defined]  (its own: the game has hidden information)
    assert {"random", "search-normal", "search-strong"} <= set(rules.BOTS)
