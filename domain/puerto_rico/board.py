"""What the web board (board.html beside this file) needs besides the viewer's view: the printed
component data (building costs, points and circles, trading-house prices, island and city
spaces, the draft pool) with every component's effect in a sentence (components.json: the rules
help the board shows on hover or tap), the running score the replay chart draws, and button
words for the actions (no two actions of one list alike).

Only public, printed data: nothing here looks at a game's state.
"""

from __future__ import annotations

from typing import Any

from domain.core.words import listing, term

from . import labels
from .components import (
    BUILDINGS,
    CATALOG,
    CITY_SPACES,
    DRAFT_POOL,
    GOODS,
    ISLAND_SPACES,
    PIECE_HELP,
    PRICES,
    ROLE_HELP,
    TRADING_HOUSE_SPACES,
    draft_slot,
    role_phase,
)
from .i18n import (
    _,
    building,
    building_lower,
    doubloons,
    end_reason,
    good,
    phase,
    plantation,
    role,
    step,
)

_BUILDING = {b.id: b for b in BUILDINGS}


def _good_help(g: int) -> str:
    made = [building_lower(b.id) for b in BUILDINGS if b.good == g]
    if made:
        return _("{Good}: made by a manned {good} plantation and a worker in a {buildings}; the trading house pays "
                 "{money}.", Good=_cap(good(GOODS[g])), good=good(GOODS[g]), buildings=listing(made, "or"),
                 money=doubloons(PRICES[g]))
    return _("{Good}: made by a manned {good} plantation alone; the trading house pays {money}.",
             Good=_cap(good(GOODS[g])), good=good(GOODS[g]), money=doubloons(PRICES[g]))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def context(view: dict[str, Any]) -> dict[str, Any]:
    """The printed data the board shows next to the view, and the rules help of each component,
    in the reader's language (with the goods', roles' and phases' names)."""
    return {
        "buildings": {
            b.id: {"name": building(b.id), "cost": b.cost, "vp": b.vp, "circles": b.circles, "column": b.column,
                   "large": b.large, "production": b.production, "good": GOODS[b.good] if b.good >= 0 else None,
                   "expansion": b.expansion, "effect": _(b.effect)}
            for b in BUILDINGS
        },
        "prices": dict(zip(GOODS, PRICES, strict=True)),
        "goods": GOODS,
        "good_names": {g: good(g) for g in GOODS},
        "role_names": {r["role"]: role(r["role"]) for r in view.get("roles", [])},
        "phase": phase(str(view.get("phase", ""))),
        "step": step(str(view.get("step", ""))),
        "end_reasons": [end_reason(r) for r in view.get("end_triggered", [])],
        "trading_house_spaces": TRADING_HOUSE_SPACES,
        "island_spaces": ISLAND_SPACES,
        "city_spaces": CITY_SPACES,
        "draft_pool": [{"id": CATALOG[b], "slot": draft_slot(b)} for b in DRAFT_POOL],
        "roles": {r["role"]: _(ROLE_HELP[role_phase(r["role"])]) for r in view.get("roles", [])},
        "help": {**{k: _(v) for k, v in PIECE_HELP.items()}, **{g: _good_help(i) for i, g in enumerate(GOODS)}},
        "tiles": {**{g: _("{plantation}: {help}", plantation=_cap(plantation(g)), help=_(PIECE_HELP["plantation"]))
                     for g in GOODS}, "quarry": _(PIECE_HELP["quarry"])},
    }


def scores(view: dict[str, Any]) -> list[int | None]:
    """Each seat's score so far as the view shows it: its VP chips and its buildings' points
    (None where the chips are hidden from this viewer; the large buildings' bonuses count only
    at the end, in the final scores)."""
    out: list[int | None] = []
    for player in view["players"]:
        if player.get("vp") is None:
            out.append(None)
            continue
        built = sum(_BUILDING[b["building"]].vp for b in player["buildings"] if b["building"] in _BUILDING)
        out.append(int(player["vp"]) + built)
    return out


def action_label(action: dict[str, Any]) -> str | None:
    """Button words, no two actions of one list alike (what tells them apart is in the words);
    None: the platform's words."""
    return labels.label(action)


def _goods(counts: dict[str, int]) -> str:
    return " ".join(f"{term(g, good(g))} {n}" for g, n in counts.items() if n) or _("none")


def _tile(kind: str) -> str:
    """An island tile by its kind: "corn", "quarry", «кукуруза», «каменоломня»."""
    return term(kind, good(kind) if kind in GOODS else plantation(kind))


def _role(r: str) -> str:
    """A role card as the board writes it: "settler", "prospector_2", «Старатель_2»."""
    number = r.partition("_")[2]
    return term(r, role(r) + (f" {number}" if number else ""))


def text(view: dict[str, Any], names: list[str]) -> str:
    """A compact text board (`replay show`) in the reader's language: the shared board, then a
    line or two per player."""
    to_act = ", ".join(names[s] for s in view["to_act"]) or _("nobody")
    roles = " ".join(
        _role(r["role"]) + (f"({names[r['taken_by']]})" if r["taken_by"] is not None else f"[+{r['doubloons']}]" if r["doubloons"] else "")
        for r in view["roles"])
    ships = " ".join(f"{s['ship'] + 1}:[{term(s['good'], good(s['good'])) if s['good'] else '-'} {s['count']}/{s['capacity']}]"
                     for s in view["cargo_ships"])
    house = ", ".join(term(g, good(g)) for g in view["trading_house"]) or _("empty")
    row = " ".join(_tile(k) for k in view["plantation_row"]) or _("none")
    lines = [
        _("Round {round} · governor {governor} · {phase} ({step}) · to act: {to_act}", round=view["round"],
          governor=names[view["governor"]], phase=term(view["phase"], phase(view["phase"])),
          step=term(view["step"], step(view["step"])), to_act=to_act),
        _("Roles: {roles}", roles=roles),
        _("Supply: VP {vp} · colonists {colonists} · on the ship {ship} · quarries {quarries} · face-down plantations "
          "{pile}", vp=view["vp_supply"], colonists=view["colonist_supply"], ship=view["colonist_ship"],
          quarries=view["quarries"], pile=view["plantation_draw_pile"]),
        _("Plantations to take: {row} · goods: {goods}", row=row, goods=_goods(view["goods_supply"])),
        _("Ships: {ships} · trading house: {house}", ships=ships, house=house),
    ]
    if view["end_triggered"]:
        lines.append(_("Last round: {reasons}", reasons=", ".join(term(r, end_reason(r)) for r in view["end_triggered"])))
    for p in view["players"]:
        vp = _("hidden") if p["vp"] is None else p["vp"]
        island = " ".join(f"{_tile(t['kind'])}×{t['tiles']}({t['occupied']})"
                          for t in p["island"]) or "-"
        city = " ".join(f"{building(b['building'])}({b['colonists']}/{b['circles']})" for b in p["buildings"]) or "-"
        lines.append(_("{player}: {doubloons} doubloons · VP {vp} · goods {goods} · San Juan {windrose}",
                       player=names[p["seat"]], doubloons=p["doubloons"], vp=vp, goods=_goods(p["goods"]),
                       windrose=p["windrose_colonists"]))
        lines.append("    " + _("island {island} · city {city}", island=island, city=city))
    return "\n".join(lines)
