"""What the web board (board.html beside this file) needs besides the viewer's view: the printed
component data in words (what each building does, what each development tile and sea-trade tile
holds and costs, the scholars' abilities, the bishops' demands, the missions' gifts, the symbols
on the two tracks), the running score for the replay chart, and button words for the actions.

Only printed data and the action itself: nothing here looks at a game's state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.core.words import amount

from . import boardparts, governor, specialists, words
from .ambassadors import WHITE_LIMIT
from .components import C
from .maya import board as maya_board
from .text import board_text as text  # noqa: F401  (the text board of `replay show`, replay/textboard.py)

_amounts = boardparts.amounts
_ROTATION = boardparts.ROTATION


def effect_words(effect: str) -> str:
    """One effect in words: "prod_wood" -> "+1 wood", a trade -> "pay 1 sugar: 2 VP"."""
    data = C.effects.get(effect, {})
    category = data.get("category")
    if category == "production":
        return "+" + _amounts(data["gain"])
    if category == "trade":
        return "trade " + " or ".join(f"{_amounts(o['pay'])} → {_amounts(o['gain'])}" for o in data["options"])
    return {"sea_trade": "sea trade", "conquistador": "conquistador", "religion": "religion"}.get(effect, effect.replace("_", " "))


def trade_options(effect: str) -> list[str]:
    """A trade building's options in words, in the order of the action's `option` index."""
    return [f"{_amounts(o['pay'])} → {_amounts(o['gain'])}" for o in C.effects.get(effect, {}).get("options", [])]


def cell_words(content: str) -> str:
    """A colony cell in words: a building's effects, a road's colonists, or empty."""
    if not content:
        return ""
    if content in C.roads:
        n = C.roads[content]
        return f"road, {amount(n, 'colonist')}"
    # a soft hyphen lets "conquistador" break inside a narrow cell of a phone's colony grid
    return " and ".join(effect_words(e) for e in content.split("+")).replace("conquistador", "conquis\u00adtador")


def tile_words(tile_id: str) -> str:
    tile = C.tiles.get(tile_id)
    if tile is None:
        return tile_id
    return " · ".join(cell_words(c) for c in tile.cells)


def _tile_help(tile_id: str) -> str:
    kind = C.tiles[tile_id].kind if tile_id in C.tiles else "development"
    return f"{kind.capitalize()} tile: {tile_words(tile_id).replace(chr(173), '')}. {boardparts.HELP['display']}"


def _ship(tile_id: str) -> dict[str, Any]:
    cost, vp = _amounts(C.ship_cost.get(tile_id)), C.ship_vp.get(tile_id, 0)
    return {"id": tile_id, "cost": cost, "vp": vp, "help": f"This ship costs {cost} and scores {vp} VP at the end."}


_BISHOP_PER = {
    "double_tile_in_colony": "double tile in your colony", "fully_developed_line": "fully built row or column",
    "own_monk_on_main_board": "of your monks on the main board", "sugar_symbol_on_own_ships": "sugar on your ships",
    "religion_space_beyond_2": "religion space beyond the 2nd", "colonist_in_colony": "colonist in your colony",
    "three_cell_tile_in_colony": "3-cell tile in your colony", "gem_symbol_on_own_ships": "gem on your ships",
}


def _bishop(bishop_id: str) -> str:
    rule = C.bishop_rule[bishop_id]
    if rule.get("special") == "conquistador_year3_twice":
        return "its monks' owners receive their year-3 conquistador award a second time"
    return f"{rule['vp_each']} VP per {_BISHOP_PER.get(rule['per'], rule['per'].replace('_', ' '))} (at most {rule['max']})"


def _pass_space(space: Mapping[str, Any]) -> str:
    action = space["action"]
    if action == "gain_coins":
        return f"gain {space['coins']} coins"
    return {"religion": "one religion step", "conquistador": "one conquistador step",
            "sea_trade": "one sea trade", "road_tile": "place a road tile (2 colonists)"}.get(action, action)


def _dock_income(dock: str) -> str:
    income = C.dock_income[dock]
    return f"a {income['action']} step" if "action" in income else _amounts(income)


def abilities(view: dict[str, Any]) -> dict[int, list[str]]:
    """Each seat's scholars: those its monks serve (§3.7) and its own (advanced setup, §7.1)."""
    out: dict[int, list[str]] = {p["seat"]: [] for p in view.get("players", [])}
    scholars = view.get("scholars", [])
    for place, seats in view.get("monk_places", {}).items():
        kind, _, n = place.rpartition("_")
        if kind == "scholar" and n.isdigit() and int(n) <= len(scholars):
            for s in seats:
                out.setdefault(s, []).append(scholars[int(n) - 1])
    for p in view.get("players", []):
        if p.get("personal_scholar"):
            out.setdefault(p["seat"], []).append(p["personal_scholar"])
    return out


def context(view: dict[str, Any]) -> dict[str, Any]:
    """The printed data the board shows next to the view (only for the ids the view names)."""
    tiles = {t for t in view.get("display", [])} | {t[0] for p in view.get("players", []) for t in p.get("tiles", [])}
    ships = {t for t in (*view.get("board_docks", {}).values(), view.get("special_dock")) if t} | {
        t for p in view.get("players", []) for d in p.get("docks", {}).values() for t in d}
    return {
        "tiles": {t: {"kind": C.tiles[t].kind if t in C.tiles else "", "words": tile_words(t), "help": _tile_help(t)} for t in tiles},
        "tile_words": tile_words,
        "tile_cost": {k: _amounts(v) for k, v in C.tile_cost.items()},
        "ships": {t: _ship(t) for t in ships},
        "scholars": {s: {"name": s.removeprefix("SCH_").capitalize(), "vp": C.scholar_vp[s], "ability": C.scholar_ability[s]}
                     for s in C.scholar_vp},
        "bishops": {b: {"name": b.removeprefix("BSH_").capitalize(), "rule": _bishop(b)} for b in C.bishop_rule},
        "missions": {m: _amounts(g) for m, g in C.mission_gain.items()},
        "pass_spaces": {str(s["id"]): _pass_space(s) for s in C.pass_spaces},
        "dock_income": {d: _dock_income(d) for d in C.docks},
        "religion": {"end": C.religion_end, "monks": sorted(C.monk_symbols), "blue": sorted(C.blue_die_symbols)},
        "conquistador": {"end": C.conquistador_end, "gold": sorted(C.gold_symbols)},
        "storage": C.storage, "white_limit": C.white_limit, "sale": C.sale_price, "buy": C.buy_price,
        "years": C.years, "monks": C.monks,
        "bishop_penalty": C.kingdom_bishop_penalty if view.get("options", {}).get("expansion") else C.bishop_penalty,
        "cell": cell_words, "occupant": occupant_words, "effect": effect_words, "trade_options": trade_options,
        "abilities": abilities(view),
        "conquistador_awards": C.conquistador_scoring.get(len(view.get("players", [])), {}),
        "dock_set_vp": C.dock_set_vp, "coins_per_vp": C.coins_per_vp,
        **maya_board.context(),  # module D: the city's printed data
        "specialist": specialist_words, "governor_score": governor.score,  # modules B, A
        **ambassador_context(view),  # module C
        # the board as the input (boardparts.py): the controls, the previews, the payments, the rules help
        "decides": words.DECISIONS, "help": boardparts.HELP, "chips": [{**c, "words": c["words"] or action_label(c["fields"])} for c in boardparts.chips(view, cell_words)],
        "previews": boardparts.previews(view), "ship_pays": {t: boardparts.ship_payments(t) for t in ships},
        "amounts": boardparts.amounts, "cell_help": boardparts.cell_help,
    }


def specialist_words(specialist_id: str) -> str:
    """A specialist tile in words (§8.3): what it brings and what it costs."""
    s = specialists.SPECIALISTS.get(specialist_id)
    if s is None:
        return specialist_id
    if s.kind != "improvement":
        what = "conquistador steps" if s.gives == "conquistador_steps" else str(s.gives)
        return f"{s.name}: your k-th {s.name} costs k coins and brings k {what}"
    effects = " and ".join(effect_words(e) for e in s.effects)
    return (f"{s.name} improvement ({effects}): {amount(specialists.ON_BUILT, 'coin')} on a built cell, "
            f"{amount(specialists.ON_EMPTY, 'coin')} on an empty one")


def occupant_words(occupant: str) -> str:
    """What lies on a cell: "w5" a white die showing 5, "b2" the blue die b2, "p4" a pool blue die
    showing 4, "$3" 3 coins (rules page §2.5, §2.6)."""
    if not occupant or occupant == "priest":  # the Maya city's high priest (module D)
        return "high priest" if occupant else ""
    kind, rest = occupant[0], occupant[1:]
    if kind == "a":  # module C: "aw4" the white ambassador die showing 4
        return f"{'white' if rest[0] == 'w' else 'blue'} ambassador die {rest[1:]}"
    if kind == "$":
        return amount(int(rest), "coin")
    return {"w": f"white die {rest}", "b": f"blue die {rest}", "p": f"blue die {rest}", "G": "governor"}.get(kind, occupant)


def scores(view: dict[str, Any]) -> list[int | None]:
    """Each seat's victory points as the view shows them (None: face down for this viewer)."""
    return [p["vp"] for p in view["players"]]


def _cell(cell: Any) -> str:
    return f"row {cell[0]}, column {cell[1]}"


def _pay(action: dict[str, Any]) -> str:
    pay = action.get("pay")
    if isinstance(pay, str):
        return f", paying with {'coins' if pay == 'coins' else pay}"
    return f", paying {_amounts(pay)}" if pay else ""


def action_label(action: dict[str, Any]) -> str | None:  # noqa: C901, PLR0911 - one line per action type
    """Button words; None: the platform's words."""
    kind = action.get("type")
    if kind == "use_die" and action["die"].get("kind") == "ambassador":
        return ambassador_label(action)  # module C
    if kind == "use_die":
        die = action["die"]
        name = f"white {die['face']}" if die["kind"] == "white" else (
            f"pool blue {die['face']}" if die["kind"] == "pool_blue" else f"blue die {die.get('id', '')}")
        steps = abs(int(action["value"]) - int(die["face"])) if "face" in die else None
        paid = f", {amount(steps, 'step')} for coins" if steps else " for coins"
        changed = f" set to {action['value']}{paid}" if action.get("adjust") == "coins" else ""
        if action.get("adjust") in ("cocoa", "gold"):  # American Kingdoms (§8.1)
            changed = f" set to {action['value']} for 1 {action['adjust']}"
        return f"{name.capitalize()}{changed} → {action['line']} {action['value']}"
    if kind == "activate_building":
        return f"Activate {_cell(action['cell'])} with coins"
    if kind == "expand":
        return f"Expand: {action['tile']} ({tile_words(str(action['tile']))})"
    if kind in ("place_tile", "place_town_hall"):
        return f"Place at {_cell(action['anchor'])}, {_ROTATION.get(action['rotation'], action['rotation'])}"
    if kind == "expand_pay":
        return f"Pay {_amounts(action['pay'])}"
    if kind == "expand_cancel":
        return "Cancel the expansion"
    if kind == "pass":
        space = C.pass_spaces[int(action["space"]) - 1]
        return f"Pass to space {action['space']}: {_pass_space(space)}"
    if kind in ("sell", "buy"):
        price = C.sale_price[action["good"]] if kind == "sell" else C.buy_price
        return f"{kind.capitalize()} 1 {action['good']} for {amount(price, 'coin')}"
    if kind == "ship":
        if action.get("source") == "special":
            return f"Special ship to your {action.get('dock')} dock{_pay(action)}"
        return "Take no ship" if action.get("source") is None else f"Ship from the {action['source']} dock{_pay(action)}"
    if kind == "trade":
        return "Do not trade" if action.get("option") is None else f"Trade (option {int(action['option']) + 1}){_pay(action)}"
    if kind in ("religion_extra", "conquistador_extra"):
        track = kind.removesuffix("_extra")
        return f"No extra {track} step" if action.get("pay") is None else f"Extra {track} step{_pay(action)}"
    if kind == "place_monk":
        return "Keep the monk" if action.get("place") is None else f"Monk to {str(action['place']).replace('_', ' ')}"
    if kind == "meditation_extra":
        if action.get("space") is None:
            return "No extra pass-space action"
        return f"Meditation: {_pass_space(C.pass_spaces[int(action['space']) - 1])} (space {action['space']})"
    if kind == "ambassador_line":
        return "Activate the diagonal for 1 coin (Archery)" if action["line"] == "diagonal" else f"Activate the ambassador's {action['line']}"
    if kind == "road_tile":
        return "No road tile" if action.get("cell") is None else f"Road tile on {_cell(action['cell'])}"
    if kind == "hire":
        if not action.get("accept"):
            return "Do not hire the specialist"
        return f"Hire the specialist{' onto ' + _cell(action['cell']) if action.get('cell') else ''}"
    if kind == "navigate":
        return "Move the governor one more cell for 1 coin" if action.get("pay") else "Leave the governor here"
    if kind == "choose_colony":
        return f"Colony {str(action['board']).removeprefix('colony_')}"
    if kind == "choose_set":
        return f"Town hall set {action['set']}"
    return maya_board.action_label(action)  # module D's actions, or None


# -- module C, the ambassadors (§8.4) ------------------------------------------------------------------


def ambassador_context(view: dict[str, Any]) -> dict[str, Any]:
    """With the ambassadors: the white-die limit is 2 (§8.4)."""
    return {"white_limit": WHITE_LIMIT} if "ambassadors" in view else {}


def ambassador_label(action: dict[str, Any]) -> str:
    changed = f" set to {action['value']} for coins" if action.get("adjust") == "coins" else ""
    return f"{action['die']['color'].capitalize()} ambassador die{changed} → {action['line']} {action['value']}, then everybody else"
