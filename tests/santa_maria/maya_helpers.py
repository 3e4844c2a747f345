"""Building Maya positions (module D) directly: the shared helpers' known setup with the Maya in
seat 0 (the page's seat 1), temples TL1..TL5 in district order, the stacks and the deck in id
order (hand MC01..MC05), 1 gold per seat in the vault."""

from __future__ import annotations

from typing import Any

import domain.santa_maria as sm
from domain.core import fold
from domain.santa_maria.components import C
from domain.santa_maria.maya.data import GOODS, M
from domain.santa_maria.maya.state import Maya
from domain.santa_maria.state import State, maya_of, replace

from .helpers import setup_facts

MAYA = 0


def maya_facts(seats: int = 2, boards: tuple[str, ...] = ("colony_2", "colony_1", "colony_3", "colony_4"),
               **options: Any) -> list[dict[str, Any]]:
    opts = {"expansion": True, "modules": ["D"], **options}
    out: list[dict[str, Any]] = []
    for f in setup_facts(seats, **opts):
        if f["t"] == "FirstPlayerChosen":
            continue
        if f["t"] == "StartingGoodsGiven":
            s = f["seat"]
            f = {**f, "wood": 0 if s == MAYA else 2, "coins": 2 if s == MAYA else C.start_coins[s - 1]}
        if f["t"] == "ColoniesDealt":
            out += [
                {"t": "MayaSetUp", "seat": MAYA, "free_buy": opts.get("maya_free_buy", True),
                 "priest_reuse": opts.get("high_priest_reuse", True)},
                {"t": "TemplesDealt", "temples": dict(zip(M.districts, M.tiles("large"), strict=True))},
                {"t": "TempleStacksShuffled", "medium": list(M.tiles("medium")), "small": list(M.tiles("small"))},
                {"t": "MayaDeckShuffled", "order": list(M.card_ids)},
                {"t": "MayaCardsDrawn", "seat": MAYA, "cards": list(M.card_ids[:5]), "for": "setup"},
                {"t": "VaultGoldAdded", "gold": seats, "source": "setup"},
            ]
            f = {**f, "boards": ["", *boards[: seats - 1]]}
        out.append(f)
    return out


def maya_start(seats: int = 2, **kw: Any) -> State:
    options = {k: kw.pop(k) for k in list(kw) if k in {o.name for o in sm.OPTIONS}}
    state = fold(sm, None, maya_facts(seats, **options))
    return replace(state, **kw)


def city(state: State, tokens: dict[str, tuple[int, int]] | None = None, **changes: Any) -> State:
    """Change the Maya: tokens {good: (full, owned)}; tops {district: tile}; levels {district: n};
    any other field of `Maya` as is."""
    maya = maya_of(state)
    if tokens is not None:
        changes["full"] = tuple(tokens.get(g, (0, 0))[0] for g in GOODS)
        changes["owned"] = tuple(tokens.get(g, (0, 0))[1] for g in GOODS)
    if "tops" in changes and isinstance(changes["tops"], dict):
        changes["tops"] = tuple(changes["tops"].get(d, t) for d, t in zip(M.districts, maya.tops, strict=True))
    if "levels" in changes and isinstance(changes["levels"], dict):
        changes["levels"] = tuple(changes["levels"].get(d, n) for d, n in zip(M.districts, maya.levels, strict=True))
    return replace(state, maya=replace(maya, **changes))


def tokens(state: State) -> dict[str, tuple[int, int]]:
    maya = maya_of(state)
    return {g: (maya.full[i], maya.owned[i]) for i, g in enumerate(GOODS) if maya.owned[i]}


def at_node(state: State, node: str) -> str:
    maya: Maya = maya_of(state)
    return maya.occupant[M.nodes.index(node)]


def use(face: int, value: int | None = None, adjust: str | None = None) -> dict[str, Any]:
    value = face if value is None else value
    return {"type": "maya_use_die", "die": {"kind": "white", "face": face}, "value": value,
            "adjust": adjust or ("none" if value == face else "coins")}


def step(to: str | None) -> dict[str, Any]:
    return {"type": "maya_step", "to": to}


def temple(district: str | None) -> dict[str, Any]:
    return {"type": "maya_temple", "district": district}
