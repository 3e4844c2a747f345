"""The text board of `replay show`: a viewer's `view` drawn in plain text (rules page §9.1: what
it shows is exactly what the view holds).

Each colony is a 6x6 grid of short codes: Wd wood, Gr grain, Su sugar, Ge gem, Go gold, $1/$2
coins, V1/V2 victory points, Tr a trade, Sh sea trade, Cq conquistador, Rl religion (a "+" marks
a building with several effects), r1/r2 a road with colonists, .. an empty cell; what lies on a
cell follows it: w5 a white die, b2 the blue die b2, p4 a pool blue die, aw4/ab2 an ambassador die, $3 coins,
G the governor.
"""

from __future__ import annotations

from typing import Any

from .maya.board import text as maya_text

_SHORT = {"prod_wood": "Wd", "prod_grain": "Gr", "prod_sugar": "Su", "prod_gem": "Ge", "prod_gold": "Go",
          "prod_coin1": "$1", "prod_coin2": "$2", "prod_vp1": "V1", "prod_vp2": "V2", "sea_trade": "Sh",
          "conquistador": "Cq", "religion": "Rl", "road1": "r1", "road2": "r2", "": "..", "prod_cocoa": "Co"}


def _cell(cell: dict[str, Any]) -> str:
    effects = cell["content"].split("+") if cell["content"] else [""]
    code = _SHORT.get(effects[0], "Tr" if effects[0].startswith("trade") else "??")
    code += "+" if len(effects) > 1 else " "
    return f"{code}{cell['occupant']:<3}"


def board_text(view: dict[str, Any], names: list[str]) -> str:
    lines = [f"Year {view['year']}, phase {view['phase']}; first player {names[view['first_player']]}"]
    lines.append(f"white dice {view['white_pool']}  blue supply {view['blue_supply']}"
                 + (f"  blue pool {view['blue_pool']}" if view["options"]["shared_blue_dice"] else ""))
    lines += _ambassadors(view, names)  # module C
    lines.append(f"display {' '.join(view['display']) or '(empty)'}  stacks {view['stacks']}  road tiles {view['road_stack']}")
    lines.append("docks " + "  ".join(f"{d}: {t or '-'}" for d, t in view["board_docks"].items())
                 + f"  (deck {view['ship_deck']})")
    if view["options"].get("expansion"):  # American Kingdoms (§8.1)
        lines.append(f"special dock: {view['special_dock'] or '-'}  (special ships {view['special_ships']})")
    lines.append(f"scholars {' '.join(view['scholars'])}  bishops {' '.join(view['bishops'])}")
    if "specialists" in view:  # module B: beside the white values 1..6
        lines.append("specialists " + "  ".join(f"{v}: {s or '-'}" for v, s in view["specialists"]["row"].items())
                     + f"  (stack {view['specialists']['stack']})")
    monks = [f"{p}: {','.join(names[s] for s in seats)}" for p, seats in view["monk_places"].items() if seats]
    lines.append("monks " + ("  ".join(monks) or "none"))
    passed = [f"{s}: {','.join(names[x] for x in seats)}" for s, seats in view["pass_spaces"].items() if seats]
    lines.append("pass spaces " + ("  ".join(passed) or "none"))
    for p in view["players"]:
        goods = " ".join(f"{g} {n}" for g, n in p["goods"].items() if n) or "no goods"
        vp = "?" if p["vp"] is None else p["vp"]
        lines.append("")
        lines.append(f"{names[p['seat']]} ({p['board']}): {p['coins']} coins, {goods}, VP {vp}, religion {p['religion']}, "
                     f"conquistador {p['conquistador']}, monks {p['monks']}, white dice taken {p['white_taken']}"
                     + (f", cocoa {p['cocoa']['full']}/{p['cocoa']['tokens']}" if "cocoa" in p else ""))
        blue = " ".join(f"{b['id']}={b['face']}{'*' if b['used'] else ''}" for b in p["blue_dice"])
        ships = "  ".join(f"{d} {len(s)}" for d, s in p["docks"].items())
        lines.append(f"  blue {blue or '-'}  ships {ships}"
                     + (f"  scholar {p['personal_scholar']}" if p["personal_scholar"] else "")
                     + (f"  governor {p['governor']}" if p.get("governor") else "")
                     + (f"  specialists {p['specialists']}" if "specialists" in p else ""))
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
    where = {c: "on its token" if a["taken_by"] is None else f"taken by {names[a['taken_by']]}" for c, a in view["ambassadors"].items()}
    return ["ambassador dice " + "  ".join(f"{c} {a['face']} {where[c]}" for c, a in view["ambassadors"].items())]
