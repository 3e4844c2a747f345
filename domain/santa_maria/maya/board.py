"""The Maya city on the web board (board.html): printed data in words and button words."""

from __future__ import annotations

from typing import Any

from .data import M


def _amounts(what: dict[str, Any]) -> str:
    return " + ".join(f"{n} {g}" for g, n in what.items()) or "nothing"


def building(kind: str | None) -> str:
    """A node's building in words: a printed effect or a built tile; "" for an empty place."""
    if not kind:
        return ""
    effects = M.building_tiles[kind]["effects"] if kind in M.building_tiles else [kind]
    words = []
    for e in effects:
        data = M.effects[e]
        words.append("+" + _amounts(data["gain"]) if "gain" in data else data["action"])
    return (f"{kind}: " if kind in M.building_tiles else "") + " and ".join(words)


def context() -> dict[str, Any]:
    return {"maya_building": building, "maya_temple_cost": lambda t: _amounts(M.temple_cost[t]),
            "maya_tucked": lambda tucked, d: sum(1 for _, x in tucked if x == d)}


def _node(node: str) -> str:
    road, _, depth = node[1:].partition("_")
    return f"road {road}, place {depth}"


def action_label(action: dict[str, Any]) -> str | None:  # noqa: PLR0911 - one line per action type
    kind = action.get("type")
    if kind == "maya_use_die":
        d = action["die"]
        name = f"white {d['face']}" if d["kind"] == "white" else f"blue die {d.get('id', '')}"
        how = {"coins": " set with coins", "cocoa": " set with a cocoa"}.get(action["adjust"], "")
        return f"{name.capitalize()}{how} → die symbol {action['value']}"
    if kind == "maya_step":
        return "Stop here" if action["to"] is None else f"Move to {_node(action['to'])}"
    if kind == "maya_temple":
        return "Build no temple" if action["district"] is None else f"Build the {action['district']} temple"
    if kind == "maya_play_card":
        return f"Play {action['card']}: {action['half']}"
    if kind == "maya_technology":
        return f"Technology card {action['card']}"
    if kind == "maya_high_priest":
        return f"High priest on {_node(action['node'])}"
    if kind == "maya_build":
        return f"Build on {_node(action['node'])}"
    if kind == "offer_reply":
        return "Accept the Maya's offer" if action["accept"] else "Decline the Maya's offer"
    if kind == "maya_end_trade":
        return "End the trade"
    return None


def text(m: dict[str, Any], names: list[str]) -> list[str]:
    """The Maya city in `replay show`'s text board (the view's "maya" part)."""
    tokens = " ".join(f"{g} {t['full']}/{t['full'] + t['empty']}" for g, t in m["tokens"].items() if t["full"] + t["empty"])
    temples = "  ".join(f"{d} {t['levels']}/3" + (f" ({t['top']})" if t["top"] else "") for d, t in m["temples"].items())
    hand = " ".join(m["hand"]) if m["hand"] is not None else f"{m['hand_size']} cards"
    lines = ["", f"Maya city ({names[m['seat']]}): tokens {tokens}; vault {m['vault']}; high priests {m['high_priests']}",
             f"  temples {temples}", f"  hand {hand}; deck {m['deck_size']}; tucked {len(m['tucked'])}"
             + (f"; road tiles on {' '.join(m['roads'])}" if m["roads"] else "")]
    taken = [f"{n} {c['occupant']}" for n, c in m["city"].items() if c["occupant"]]
    built = [f"{n} {c['building']}" for n, c in m["city"].items() if c["building"] in M.building_tiles]
    lines.append(f"  on the city: {', '.join(taken) or 'nothing'}; built: {', '.join(built) or 'nothing'}")
    return lines
