"""The board as its script sees it (service/web/static/board.js), for tests of any game: the
elements of a rendered board that stand for an action or a part of one, which of them a seat
may click, and every action a seat reaches by clicks. The rules here are the script's, line for
line: what is chosen stays chosen and a click fills in the fields still open; a choice is posted
as soon as the legal actions it fits include one that every other extends; an element inside
`[data-seat=n]` is seat n's alone.

Also seeded random positions of every game, for tests that ask something of many positions.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from domain.core import Rng, fold, registry

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@dataclass(frozen=True)
class Mark:
    part: dict[str, Any]  # the action, or the part of one, the element stands for
    seat: int | None  # the seat whose element it is (inside [data-seat]), None: anyone's
    whole: bool  # data-action (a whole action) rather than data-part
    tag: str


TAG = re.compile(r"""<(/?)([a-zA-Z][\w-]*)((?:[^>"']+|"[^"]*"|'[^']*')*)>""")
ATTR = re.compile(r"""([\w:-]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+))?""")


def _attrs(text: str) -> dict[str, str]:
    return {m.group(1): html.unescape((m.group(2) or "").strip("\"'")) for m in ATTR.finditer(text)}


def marks(board: str) -> list[Mark]:
    """The marked elements of a rendered board (the inside of #board), in the order of the page.
    (Tags read with a pattern and a stack of the open elements: the standard library's parser
    took most of a test's time.)"""
    stack: list[tuple[str, int | None]] = []
    found: list[Mark] = []
    for m in TAG.finditer(board):
        closing, tag, rest = m.group(1), m.group(2).lower(), m.group(3)
        if closing:
            while stack and stack.pop()[0] != tag:
                pass
            continue
        seat = stack[-1][1] if stack else None
        if "data-" in rest:
            attrs = _attrs(rest)
            if attrs.get("data-seat"):
                seat = int(attrs["data-seat"])
            for name in ("data-action", "data-part"):
                part = json.loads(attrs[name]) if attrs.get(name) else None
                if isinstance(part, dict) and part:
                    found.append(Mark(part, seat, name == "data-action", tag))
        if tag not in VOID and not rest.rstrip().endswith("/"):
            stack.append((tag, seat))
    return found


def fits(action: dict[str, Any], part: dict[str, Any]) -> bool:
    return all(k in action and action[k] == v for k, v in part.items())


def outcome(legal: list[dict[str, Any]], target: dict[str, Any]) -> tuple[list[dict[str, Any]], dict[str, Any] | None] | None:
    """The legal actions `target` fits, and the one to post (every other extends it), if any."""
    fitting = [a for a in legal if fits(a, target)]
    if not fitting:
        return None
    least = next((a for a in fitting if all(fits(o, a) for o in fitting)), None)
    return fitting, least


def key(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def reachable(found: list[Mark], legal: list[dict[str, Any]], viewer: int | None, limit: int = 5000) -> set[str]:
    """Every action `viewer` posts by clicks on these marks, from nothing chosen (as keys)."""
    shapes = [set(a) for a in legal]
    usable = list({key(m.part): m.part for m in found  # (alike elements once; a part no action has the fields of never leads anywhere)
                   if (m.seat is None or m.seat == viewer) and any(set(m.part) <= s for s in shapes)}.values())
    posted: set[str] = set()
    seen: set[str] = set()
    queue: list[dict[str, Any]] = [{}]
    while queue:
        chosen = queue.pop()
        for part in usable:
            if all(k in chosen for k in part):
                continue  # adds nothing: chosen already (a click on it cancels)
            target = {**part, **chosen}
            result = outcome(legal, target)
            if result is None:
                continue
            if result[1] is not None:
                posted.add(key(result[1]))
            elif key(target) not in seen:
                seen.add(key(target))
                queue.append(target)
                assert len(seen) < limit, "too many partial choices"
    return posted


def clicks_to(found: list[Mark], legal: list[dict[str, Any]], viewer: int | None, target: dict[str, Any]) -> list[int] | None:
    """The shortest series of clicks (indexes into `found`) that posts `target`, or None."""
    goal = key(target)
    queue: list[tuple[dict[str, Any], list[int]]] = [({}, [])]
    seen: set[str] = set()
    while queue:
        chosen, path = queue.pop(0)
        for i, m in enumerate(found):
            if not (m.seat is None or m.seat == viewer) or all(k in chosen for k in m.part):
                continue
            picked = {**m.part, **chosen}
            result = outcome(legal, picked)
            if result is None:
                continue
            if result[1] is not None:
                if key(result[1]) == goal:
                    return [*path, i]
            elif key(picked) not in seen:
                seen.add(key(picked))
                queue.append((picked, [*path, i]))
    return None


def clickable(found: list[Mark], legal: list[dict[str, Any]], viewer: int | None, chosen: dict[str, Any] | None = None) -> list[int]:
    """The indexes of the elements the script lets `viewer` click with `chosen` so far."""
    chosen = chosen or {}
    return [i for i, m in enumerate(found) if (m.seat is None or m.seat == viewer)
            and not all(k in chosen for k in m.part) and outcome(legal, {**m.part, **chosen}) is not None]


# Options and seat counts each game's random positions are drawn from.
VARIANTS: dict[str, list[tuple[dict[str, Any], int]]] = {
    "puerto-rico": [(o, n) for o in ({}, {"expansions": ["new_buildings"]}, {"expansions": ["nobles"]},
                                      {"expansions": ["new_buildings", "nobles"]}) for n in (2, 3, 4, 5)]
    + [({"expansions": ["new_buildings", "nobles"], "hacienda_quarry_with_construction_hut": True}, 3)],
    "santa-maria": [({}, 2), ({"advanced_setup": True, "shared_blue_dice": True}, 3),
                    ({"expansion": True, "modules": ["A", "B"]}, 2), ({"expansion": True, "modules": ["A", "B", "C", "D"]}, 4),
                    ({"expansion": True, "modules": ["D"]}, 1)],
    "felinia": [({}, 3), ({"mode": "advanced"}, 4)],
    "navegador": [({}, 3), ({}, 5)],
}


def positions(game: str, count: int, seed: str = "board") -> Iterator[tuple[Any, int, dict[str, Any]]]:
    """`count` seeded positions of `game` (state, the seat to act, the options), spread over its
    VARIANTS and over whole games: random and rule-of-thumb moves in turn, every few moves kept,
    and every position where an action type no kept position offered yet is legal (the rare
    ones: a black market, a small wharf)."""
    rules = registry.get(game)
    variants = VARIANTS.get(game) or [({}, max(rules.MIN_SEATS, min(3, rules.MAX_SEATS)))]
    smart = next((b for n, b in rules.BOTS.items() if n != "random"), rules.BOTS["random"])
    made, game_no, offered = 0, 0, set()
    while made < count:
        options, seats = variants[game_no % len(variants)]
        rng = Rng(f"{seed}-{game}-{game_no}", "setup")
        state = fold(rules, None, rules.setup(rules.check_options(options, seats), seats, rng))
        every = 37 + game_no % 17
        for move in range(5000):
            if rules.outcome(state) is not None or made >= count:
                break
            seat = min(rules.to_act(state))
            kinds = {str(a.get("type")) for a in rules.legal_actions(state, seat)}
            if move % every == 0 or not kinds <= offered:
                offered |= kinds
                made += 1
                yield state, seat, options
            bot = rules.BOTS["random"] if (move + game_no) % 4 else smart
            draw = Rng(f"{seed}-{game_no}-{move}", "bot")
            action = bot(state, seat, draw)
            for fact in rules.decide(state, seat, action, Rng(f"{seed}-{game_no}-{move}", "decide")):
                state = rules.evolve(state, fact)
        game_no += 1
