"""The text board of `replay show`: a viewer's `view` drawn in plain text (rules page §9.1: what
it shows is exactly what the view holds).

Each colony is a 6x6 grid of short codes: Wd wood, Gr grain, Su sugar, Ge gem, Go gold, $1/$2
coins, V1/V2 victory points, Tr a trade, Sh sea trade, Cq conquistador, Rl religion (a "+" marks
a building with several effects), r1/r2 a road with colonists, .. an empty cell; what lies on a
cell follows it: w5 a white die, b2 the blue die b2, p4 a pool blue die, aw4/ab2 an ambassador die, $3 coins,
G the governor. The codes and words are said in the reader's language (the ids of tiles and cards
stay as the view has them).
"""

from __future__ import annotations

from typing import Any

from domain.core.words import term

from .governor import GOVERNOR
from .i18n import NP_, _, colony, dock, good, monk_place, pgettext
from .maya.board import text as maya_text

_SHORT = {"prod_wood": NP_("cell", "Wd"), "prod_grain": NP_("cell", "Gr"), "prod_sugar": NP_("cell", "Su"),
          "prod_gem": NP_("cell", "Ge"), "prod_gold": NP_("cell", "Go"), "prod_coin1": "$1", "prod_coin2": "$2",
          "prod_vp1": "V1", "prod_vp2": "V2", "sea_trade": NP_("cell", "Sh"), "conquistador": NP_("cell", "Cq"),
          "religion": NP_("cell", "Rl"), "road1": "r1", "road2": "r2", "": "..", "prod_cocoa": NP_("cell", "Co")}
_TRADE = NP_("cell", "Tr")  # a trade cell (any trade_*)
_GOVERNOR = NP_("cell", "G")  # the governor on a cell (module A)
_COLOURS = {c: c for c in (NP_("ambassador", "white"), NP_("ambassador", "blue"))}


def _colour(c: str) -> str:
    """An ambassador die by its colour (module C): "white", «белый»."""
    return pgettext("ambassador", c) if c in _COLOURS else c


def _cell(cell: dict[str, Any]) -> str:
    effects = cell["content"].split("+") if cell["content"] else [""]
    short = _SHORT.get(effects[0], _TRADE if effects[0].startswith("trade") else "??")
    code = pgettext("cell", short) if short[:1].isalpha() else short
    code += "+" if len(effects) > 1 else " "
    lying = pgettext("cell", _GOVERNOR) if cell["occupant"] == GOVERNOR else cell["occupant"]
    return f"{code}{lying:<3}"


def _goods(counts: dict[str, int]) -> str:
    return " ".join(f"{term(g, good(g))} {n}" for g, n in counts.items() if n) or _("no goods")


def _board(b: str) -> str:
    return term(b, colony(b)) if b.startswith("colony_") else b


def board_text(view: dict[str, Any], names: list[str]) -> str:
    phase = term(view["phase"], pgettext("phase", view["phase"].replace("_", " ")))
    empty, none = _("(empty)"), _("none")  # (said apart: pybabel extracts no _() nested in another)
    lines = [_("Year {year}, phase {phase}; first player {player}", year=view["year"], phase=phase,
                 player=names[view["first_player"]])]
    lines.append(_("white dice {white}  blue supply {blue}", white=view["white_pool"], blue=view["blue_supply"])
                 + ("  " + _("blue pool {pool}", pool=view["blue_pool"]) if view["options"]["shared_blue_dice"] else ""))
    lines += _ambassadors(view, names)  # module C
    lines.append(_("display {display}  stacks {stacks}  road tiles {roads}", display=" ".join(view["display"]) or empty,
                     stacks=view["stacks"], roads=view["road_stack"]))
    lines.append(_("docks {docks}  (deck {deck})", docks="  ".join(f"{term(d, dock(d))}: {t or '-'}" for d, t in view["board_docks"].items()),
                     deck=view["ship_deck"]))
    if view["options"].get("expansion"):  # American Kingdoms (§8.1)
        lines.append(_("special dock: {dock}  (special ships {ships})", dock=view["special_dock"] or "-", ships=view["special_ships"]))
    lines.append(_("scholars {scholars}  bishops {bishops}", scholars=" ".join(view["scholars"]), bishops=" ".join(view["bishops"])))
    if "specialists" in view:  # module B: beside the white values 1..6
        lines.append(_("specialists {row}  (stack {stack})", row="  ".join(f"{v}: {s or '-'}" for v, s in view["specialists"]["row"].items()),
                         stack=view["specialists"]["stack"]))
    monks = [f"{term(p, monk_place(p))}: {','.join(names[s] for s in seats)}" for p, seats in view["monk_places"].items() if seats]
    lines.append(_("monks {monks}", monks="  ".join(monks) or none))
    passed = [f"{s}: {','.join(names[x] for x in seats)}" for s, seats in view["pass_spaces"].items() if seats]
    lines.append(_("pass spaces {seats}", seats="  ".join(passed) or none))
    for p in view["players"]:
        vp = "?" if p["vp"] is None else p["vp"]
        lines.append("")
        lines.append(_("{player} ({board}): {coins} coins, {goods}, VP {vp}, religion {religion}, conquistador {conquistador}, "
                         "monks {monks}, white dice taken {white}", player=names[p["seat"]], board=_board(p["board"]),
                         coins=p["coins"], goods=_goods(p["goods"]), vp=vp, religion=p["religion"],
                         conquistador=p["conquistador"], monks=p["monks"], white=p["white_taken"])
                     + (_(", cocoa {full}/{tokens}", full=p["cocoa"]["full"], tokens=p["cocoa"]["tokens"]) if "cocoa" in p else ""))
        blue = " ".join(f"{b['id']}={b['face']}{'*' if b['used'] else ''}" for b in p["blue_dice"])
        ships = "  ".join(f"{term(d, dock(d))} {len(s)}" for d, s in p["docks"].items())
        lines.append("  " + _("blue {blue}  ships {ships}", blue=blue or "-", ships=ships)
                     + ("  " + _("scholar {tile}", tile=p["personal_scholar"]) if p["personal_scholar"] else "")
                     + ("  " + _("governor {cell}", cell=p["governor"]) if p.get("governor") else "")
                     + ("  " + _("specialists {tiles}", tiles=p["specialists"]) if "specialists" in p else ""))
        if not p["board"]:  # the Maya (module D) has no colony
            continue
        lines.append("       " + "".join(f"{c:<7}" for c in range(1, 7)))
        for r, row in enumerate(p["colony"], start=1):
            lines.append(f"  {r}    " + "".join(_cell(cell) for cell in row))
    if view.get("maya"):
        lines += maya_text(view["maya"], names)
    return "\n".join(lines)


def _ambassadors(view: dict[str, Any], names: list[str]) -> list[str]:
    """Module C: each ambassador die's face, on its token or taken by whom (§8.4)."""
    if not view.get("ambassadors"):
        return []
    where = {c: _("on its token") if a["taken_by"] is None else _("taken by {player}", player=names[a["taken_by"]])
             for c, a in view["ambassadors"].items()}
    return [_("ambassador dice {dice}", dice="  ".join(f"{term(c, _colour(c))} {a['face']} {where[c]}" for c, a in view["ambassadors"].items()))]
