"""What the web board (board.html beside this file) needs besides the viewer's view: the printed
component data in words (what each building does, what each development tile and sea-trade tile
holds and costs, the scholars' abilities, the bishops' demands, the missions' gifts, the symbols
on the two tracks), the running score for the replay chart, and button words for the actions.

Only printed data and the action itself: nothing here looks at a game's state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import boardparts, governor, specialists, words
from .ambassadors import WHITE_LIMIT
from .components import C
from .i18n import (
    N_,
    NP_,
    NPL_,
    _,
    cell,
    coins,
    colony,
    dock,
    good,
    goods,
    line,
    monk_place,
    named,
    ngettext,
    npgettext,
    pgettext,
)
from .maya import board as maya_board
from .text import board_text as text  # noqa: F401  (the text board of `replay show`, replay/textboard.py)

_amounts = boardparts.amounts


def effect_words(effect: str) -> str:
    """One effect in words: "prod_wood" -> "+1 wood", a trade -> "trade 1 sugar → 2 VP"."""
    data = C.effects.get(effect, {})
    category = data.get("category")
    if category == "production":
        return "+" + _amounts(data["gain"])
    if category == "trade":
        return _("trade {options}", options=_(" or ").join(trade_options(effect)))
    said = {"sea_trade": N_("sea trade"), "conquistador": N_("conquistador"), "religion": N_("religion")}.get(effect)
    return _(said) if said is not None else effect.replace("_", " ")


def trade_options(effect: str) -> list[str]:
    """A trade building's options in words, in the order of the action's `option` index."""
    return [f"{_amounts(o['pay'])} → {_amounts(o['gain'])}" for o in C.effects.get(effect, {}).get("options", [])]


def cell_words(content: str) -> str:
    """A colony cell in words: a building's effects, a road's colonists, or empty."""
    if not content:
        return ""
    if content in C.roads:
        return ngettext("road, {n} colonist", "road, {n} colonists", C.roads[content])
    # a soft hyphen lets "conquistador" break inside a narrow cell of a phone's colony grid
    said = _(" and ").join(effect_words(e) for e in content.split("+"))
    return said.replace("conquistador", "conquis\u00adtador").replace("конкистадор", "конкис\u00adтадор")


def tile_words(tile_id: str) -> str:
    tile = C.tiles.get(tile_id)
    if tile is None:
        return tile_id
    return " · ".join(cell_words(c) for c in tile.cells)


_TILE_KINDS = {k: k for k in (NP_("tile", "double"), NP_("tile", "triple"), NP_("tile", "special"), NP_("tile", "road"),
                               NP_("tile", "town hall"), NP_("tile", "development"))}


def tile_kind(kind: str) -> str:
    """A tile's kind in words: "double", «двойной»."""
    words = kind.replace("_", " ")
    return pgettext("tile", words) if words in _TILE_KINDS else words


def _tile_help(tile_id: str) -> str:
    kind = C.tiles[tile_id].kind if tile_id in C.tiles else "development"
    return _("{Kind} tile: {words}. {help}", Kind=tile_kind(kind).capitalize(), words=tile_words(tile_id).replace(chr(173), ""),
             help=_(boardparts.HELP["display"]))


def _ship(tile_id: str) -> dict[str, Any]:
    cost, points = _amounts(C.ship_cost.get(tile_id)), C.ship_vp.get(tile_id, 0)
    return {"id": tile_id, "cost": cost, "vp": points,
            "help": ngettext("This ship costs {cost} and scores {n} VP at the end.", "This ship costs {cost} and scores {n} VP at the end.",
                             points, cost=cost)}


_BISHOP_PER = {
    "double_tile_in_colony": NPL_("bishop", "{n} VP per double tile in your colony (at most {max})",
                                  "{n} VP per double tile in your colony (at most {max})"),
    "fully_developed_line": NPL_("bishop", "{n} VP per fully built row or column (at most {max})",
                                 "{n} VP per fully built row or column (at most {max})"),
    "own_monk_on_main_board": NPL_("bishop", "{n} VP per each of your monks on the main board (at most {max})",
                                   "{n} VP per each of your monks on the main board (at most {max})"),
    "sugar_symbol_on_own_ships": NPL_("bishop", "{n} VP per sugar on your ships (at most {max})",
                                      "{n} VP per sugar on your ships (at most {max})"),
    "religion_space_beyond_2": NPL_("bishop", "{n} VP per religion space beyond the 2nd (at most {max})",
                                    "{n} VP per religion space beyond the 2nd (at most {max})"),
    "colonist_in_colony": NPL_("bishop", "{n} VP per colonist in your colony (at most {max})",
                               "{n} VP per colonist in your colony (at most {max})"),
    "three_cell_tile_in_colony": NPL_("bishop", "{n} VP per 3-cell tile in your colony (at most {max})",
                                      "{n} VP per 3-cell tile in your colony (at most {max})"),
    "gem_symbol_on_own_ships": NPL_("bishop", "{n} VP per gem on your ships (at most {max})",
                                    "{n} VP per gem on your ships (at most {max})"),
}


def _bishop(bishop_id: str) -> str:
    rule = C.bishop_rule[bishop_id]
    if rule.get("special") == "conquistador_year3_twice":
        return _("its monks' owners receive their year-3 conquistador award a second time")
    forms = _BISHOP_PER.get(rule["per"])
    if forms is None:
        return rule["per"].replace("_", " ")
    return npgettext("bishop", *forms, rule["vp_each"], max=rule["max"])


def _pass_space(space: Mapping[str, Any]) -> str:
    action = space["action"]
    if action == "gain_coins":
        return ngettext("gain {n} coin", "gain {n} coins", space["coins"])
    said = {"religion": N_("one religion step"), "conquistador": N_("one conquistador step"), "sea_trade": N_("one sea trade"),
            "road_tile": N_("place a road tile (2 colonists)")}.get(action)
    return _(said) if said is not None else action


def _dock_income(dock: str) -> str:
    income = C.dock_income[dock]
    if "action" not in income:
        return _amounts(income)
    return _("a religion step") if income["action"] == "religion" else _("a conquistador step")


def abilities(view: dict[str, Any]) -> dict[int, list[str]]:
    """Each seat's scholars: those its monks serve (§3.7) and its own (advanced setup, §7.1)."""
    out: dict[int, list[str]] = {p["seat"]: [] for p in view.get("players", [])}
    scholars = view.get("scholars", [])
    for place, seats in view.get("monk_places", {}).items():
        kind, _sep, n = place.rpartition("_")
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
        "tiles": {t: {"kind": tile_kind(C.tiles[t].kind) if t in C.tiles else "", "words": tile_words(t), "help": _tile_help(t)}
                  for t in tiles},
        "tile_words": tile_words,
        "tile_cost": {k: _amounts(v) for k, v in C.tile_cost.items()},
        "ships": {t: _ship(t) for t in ships},
        "scholars": {s: {"name": named(s), "vp": C.scholar_vp[s], "ability": _(C.scholar_ability[s])} for s in C.scholar_vp},
        "bishops": {b: {"name": named(b), "rule": _bishop(b)} for b in C.bishop_rule},
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
        "decides": {k: _(v) for k, v in words.DECISIONS.items()}, "help": {k: _(v) for k, v in boardparts.HELP.items()}, "chips": [{**c, "words": c["words"] or action_label(c["fields"])} for c in boardparts.chips(view, cell_words)],
        "previews": boardparts.previews(view), "ship_pays": {t: boardparts.ship_payments(t) for t in ships},
        "amounts": boardparts.amounts, "cell_help": boardparts.cell_help,
        # the board's words (board.html): names in the reader's language
        "phase": phase, "cell_at": cell, "colony": colony, "good": good, "dock": dock, "monk_place": monk_place,
        "specialist_count": specialist_count, "specialist_name": lambda s: specialist_words(s).split(" (")[0],
        "maya_node": maya_board.node, "maya_items": maya_board.items, "awards": awards,
    }


_PHASES = {p: p for p in (NP_("phase", "draft colony"), NP_("phase", "draft set"), NP_("phase", "play"), NP_("phase", "over"))}


def phase(name: str) -> str:
    """The part of the game in words: "Play", «Игра»."""
    words = str(name).replace("_", " ")
    return (pgettext("phase", words) if words in _PHASES else words).capitalize()


def specialist_count(kind: str, n: int) -> str:
    """"2 farmers" (module B's production specialists a seat has hired)."""
    forms = {"farmer": NPL_("specialists", "{n} farmer", "{n} farmers"), "forester": NPL_("specialists", "{n} forester", "{n} foresters"),
             "soldier": NPL_("specialists", "{n} soldier", "{n} soldiers")}.get(kind)
    return npgettext("specialists", *forms, n) if forms is not None else f"{n} {kind}"


def awards(by_year: Mapping[Any, Any]) -> str:
    """The conquistador awards by year: "year 1: 6 / 3; year 2: 8 / 4"."""
    return "; ".join(_("year {year}: {awards}", year=y, awards=" / ".join(map(str, a))) for y, a in by_year.items())


def specialist_words(specialist_id: str) -> str:
    """A specialist tile in words (§8.3): what it brings and what it costs."""
    s = specialists.SPECIALISTS.get(specialist_id)
    if s is None:
        return specialist_id
    name = specialists.name(specialist_id)
    if s.kind != "improvement":
        if s.gives == "conquistador_steps":
            return _("{name}: your k-th {name} costs k coins and brings k conquistador steps", name=name)
        return _("{name}: your k-th {name} costs k coins and brings k {good}", name=name, good=good(str(s.gives)))
    return _("{name} ({effects}): {built} on a built cell, {empty} on an empty one", name=name,
             effects=_(" and ").join(effect_words(e) for e in s.effects), built=coins(specialists.ON_BUILT),
             empty=coins(specialists.ON_EMPTY))


def occupant_words(occupant: str) -> str:
    """What lies on a cell: "w5" a white die showing 5, "b2" the blue die b2, "p4" a pool blue die
    showing 4, "$3" 3 coins (rules page §2.5, §2.6)."""
    if not occupant or occupant == "priest":  # the Maya city's high priest (module D)
        return _("high priest") if occupant else ""
    kind, rest = occupant[0], occupant[1:]
    if kind == "a":  # module C: "aw4" the white ambassador die showing 4
        if rest[0] == "w":
            return _("white ambassador die {face}", face=rest[1:])
        return _("blue ambassador die {face}", face=rest[1:])
    if kind == "$":
        return coins(int(rest))
    if kind == "w":
        return _("white die {face}", face=rest)
    if kind in "bp":
        return _("blue die {die}", die=rest)
    return _("governor") if kind == "G" else occupant


def scores(view: dict[str, Any]) -> list[int | None]:
    """Each seat's victory points as the view shows them (None: face down for this viewer)."""
    return [p["vp"] for p in view["players"]]


def _pay(action: dict[str, Any], words: str) -> str:
    """`words` of a choice that pays: "Extra religion step, paying with grain"."""
    pay = action.get("pay")
    if isinstance(pay, str):
        return _("{choice}, paying with {what}", choice=words, what=pgettext("paid", "coins") if pay == "coins" else good(pay))
    return _("{choice}, paying {what}", choice=words, what=_amounts(pay)) if pay else words


def _use_die(action: dict[str, Any]) -> str:
    die = action["die"]
    if die["kind"] == "white":
        name = _("White {face}", face=die["face"])
    elif die["kind"] == "pool_blue":
        name = _("Pool blue {face}", face=die["face"])
    else:
        name = _("Blue die {die}", die=die.get("id", ""))
    target = _("{line} {value}", line=line(str(action["line"])), value=action["value"])
    if action.get("adjust") in ("cocoa", "gold"):  # American Kingdoms (§8.1)
        return _("{die} set to {value} for {price} → {target}", die=name, value=action["value"],
                 price=goods(1, str(action["adjust"])), target=target)
    if action.get("adjust") == "coins":
        steps = abs(int(action["value"]) - int(die["face"])) if "face" in die else None
        if steps:
            return ngettext("{die} set to {value}, {n} step for coins → {target}", "{die} set to {value}, {n} steps for coins → {target}",
                            steps, die=name, value=action["value"], target=target)
        return _("{die} set to {value} for coins → {target}", die=name, value=action["value"], target=target)
    return _("{die} → {target}", die=name, target=target)


def action_label(action: dict[str, Any]) -> str | None:  # noqa: C901, PLR0911, PLR0912 - one line per action type
    """Button words; None: the platform's words."""
    kind = action.get("type")
    if kind == "use_die" and action["die"].get("kind") == "ambassador":
        return ambassador_label(action)  # module C
    if kind == "use_die":
        return _use_die(action)
    if kind == "activate_building":
        return _("Activate {cell} with coins", cell=cell(action["cell"]))
    if kind == "expand":
        return _("Expand: {tile} ({words})", tile=action["tile"], words=tile_words(str(action["tile"])))
    if kind in ("place_tile", "place_town_hall"):
        return _("Place at {cell}, {rotation}", cell=cell(action["anchor"]), rotation=boardparts.rotation(action["rotation"]))
    if kind == "expand_pay":
        return _("Pay {what}", what=_amounts(action["pay"]))
    if kind == "expand_cancel":
        return _("Cancel the expansion")
    if kind == "pass":
        return _("Pass to space {space}: {action}", space=action["space"], action=_pass_space(C.pass_spaces[int(action["space"]) - 1]))
    if kind in ("sell", "buy"):
        g = goods(1, str(action["good"]))
        if kind == "sell":
            return _("Sell {good} for {coins}", good=g, coins=coins(C.sale_price[action["good"]]))
        return _("Buy {good} for {coins}", good=g, coins=coins(C.buy_price))
    if kind == "ship":
        if action.get("source") == "special":
            return _pay(action, _("Special ship to your {dock} dock", dock=dock(str(action.get("dock")))))
        if action.get("source") is None:
            return _("Take no ship")
        return _pay(action, _("Ship from the {dock} dock", dock=dock(str(action["source"]))))
    if kind == "trade":
        return _("Do not trade") if action.get("option") is None else _pay(action, _("Trade (option {n})", n=int(action["option"]) + 1))
    if kind == "religion_extra":
        return _("No extra religion step") if action.get("pay") is None else _pay(action, _("Extra religion step"))
    if kind == "conquistador_extra":
        return _("No extra conquistador step") if action.get("pay") is None else _pay(action, _("Extra conquistador step"))
    if kind == "place_monk":
        return _("Keep the monk") if action.get("place") is None else _("Monk to {place}", place=monk_place(str(action["place"])))
    if kind == "meditation_extra":
        if action.get("space") is None:
            return _("No extra pass-space action")
        return _("Meditation: {action} (space {space})", action=_pass_space(C.pass_spaces[int(action["space"]) - 1]),
                 space=action["space"])
    if kind == "ambassador_line":
        if action["line"] == "diagonal":
            return _("Activate the diagonal for 1 coin (Archery)")
        return _("Activate the ambassador's row") if action["line"] == "row" else _("Activate the ambassador's column")
    if kind == "road_tile":
        return _("No road tile") if action.get("cell") is None else _("Road tile on {cell}", cell=cell(action["cell"]))
    if kind == "hire":
        if not action.get("accept"):
            return _("Do not hire the specialist")
        return _("Hire the specialist onto {cell}", cell=cell(action["cell"])) if action.get("cell") else _("Hire the specialist")
    if kind == "navigate":
        return _("Move the governor one more cell for 1 coin") if action.get("pay") else _("Leave the governor here")
    if kind == "choose_colony":
        return colony(str(action["board"])).capitalize()
    if kind == "choose_set":
        return _("Town hall set {set}", set=action["set"])
    return maya_board.action_label(action)  # module D's actions, or None


# -- module C, the ambassadors (§8.4) ------------------------------------------------------------------


def ambassador_context(view: dict[str, Any]) -> dict[str, Any]:
    """With the ambassadors: the white-die limit is 2 (§8.4)."""
    return {"white_limit": WHITE_LIMIT} if "ambassadors" in view else {}


def ambassador_label(action: dict[str, Any]) -> str:
    target = _("{line} {value}", line=line(str(action["line"])), value=action["value"])
    white = action["die"]["color"] == "white"
    if action.get("adjust") == "coins":
        if white:
            return _("White ambassador die set to {value} for coins → {target}, then everybody else", value=action["value"], target=target)
        return _("Blue ambassador die set to {value} for coins → {target}, then everybody else", value=action["value"], target=target)
    if white:
        return _("White ambassador die → {target}, then everybody else", target=target)
    return _("Blue ambassador die → {target}, then everybody else", target=target)
