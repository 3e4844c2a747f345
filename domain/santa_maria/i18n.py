"""Santa Maria's words in the reader's language: its gettext functions (the catalog domain
"santa_maria", in locales/ beside this file; the Maya's modules use it too) and the names of
its components.

The names are the Russian rulebook's own where it gives them (древесина, зерно, сахар,
самоцвет, золото, какао; монеты, очки; the scholars Философия, Налогообложение, Стрельба из
лука, Медитация, Навигация; губернатор, специалисты, послы, город Майя); docs/santa-maria.md
lists the names we gave ourselves (the other scholars and bishops, all Hungarian names).

A sentence puts a component in by its name in the nominative, in lower case (Russian and
Hungarian inflect their nouns; the translations are written around the name). Counts use
`ngettext`, so Russian says 1 монета, 2 монеты, 5 монет.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from domain.core.i18n import N_, NP_, NPL_, Translator
from domain.core.words import listing

T = Translator(__package__ or "santa_maria")
_, ngettext, pgettext, npgettext = T.gettext, T.ngettext, T.pgettext, T.npgettext

TITLE = N_("Santa Maria")

_GOODS = {g: g for g in (NP_("good", "coins"), NP_("good", "wood"), NP_("good", "grain"), NP_("good", "sugar"), NP_("good", "gem"),
                          NP_("good", "gold"), NP_("good", "cocoa"))}
_COUNTS = {
    "wood": NPL_("goods", "{n} wood", "{n} wood"), "grain": NPL_("goods", "{n} grain", "{n} grain"),
    "sugar": NPL_("goods", "{n} sugar", "{n} sugar"), "gem": NPL_("goods", "{n} gem", "{n} gems"),
    "gold": NPL_("goods", "{n} gold", "{n} gold"), "cocoa": NPL_("goods", "{n} cocoa", "{n} cocoa"),
}
ORDER = ("wood", "grain", "sugar", "gem", "gold", "cocoa", "coins", "vp")


def good(g: str) -> str:
    """A kind of good in lower case: "wood", «древесина», «fa» (coins too: an offer's item)."""
    if g in ("coin", "coins"):
        return pgettext("good", "coins")
    return pgettext("good", g) if g in _GOODS else g.replace("_", " ")


def coins(n: int) -> str:
    return ngettext("{n} coin", "{n} coins", n)


def vp(n: int) -> str:
    return ngettext("{n} victory point", "{n} victory points", n)


def short_vp(n: int) -> str:
    return ngettext("{n} VP", "{n} VP", n)


def goods(n: int, g: str) -> str:
    """A count of one good: "2 wood", «2 древесины», «2 fa»; coins and VP too."""
    if g in ("coins", "coin"):
        return coins(n)
    if g == "vp":
        return short_vp(n)
    forms = _COUNTS.get(g)
    return npgettext("goods", *forms, n) if forms is not None else f"{n} {g}"


def _ordered(counts: Mapping[str, int]) -> list[str]:
    known = [g for g in ORDER if g in counts] + [g for g in counts if g not in ORDER]
    return [goods(counts[g], g) for g in known if counts[g]]


def goods_listed(counts: Mapping[str, int]) -> str:
    """'2 wood, 1 grain and 3 coins' (in the storage's order; none: 'nothing')."""
    return listing(_ordered(counts))


def goods_plus(counts: Any) -> str:
    """'2 wood + 1 grain' (a cost or a gain on the board; none: 'nothing')."""
    return " + ".join(_ordered(counts if isinstance(counts, Mapping) else {})) or _("nothing")


def cell(where: Iterable[Any]) -> str:
    r, c = list(where)[:2]
    return _("row {row}, column {column}", row=r, column=c)


def cells(where: Iterable[Any]) -> str:
    return listing(cell(c) for c in where)


_DOCKS = {d: d for d in (NP_("dock", "coins"), NP_("dock", "religion"), NP_("dock", "conquistador"),
                          NP_("dock", "VP"), NP_("dock", "special"))}


def dock(d: str) -> str:
    """A dock by its income: "coins", «монеты», «érme»."""
    name = "VP" if d == "vp" else d
    return pgettext("dock", name) if name in _DOCKS else name


_LINES = {x: x for x in (NP_("line", "row"), NP_("line", "column"), NP_("line", "diagonal"))}


def line(kind: str) -> str:
    return pgettext("line", kind) if kind in _LINES else kind


_SCHOLARS = {
    "SCH_PHILOSOPHY": NP_("scholar", "Philosophy"), "SCH_TAXATION": NP_("scholar", "Taxation"),
    "SCH_MATHEMATICS": NP_("scholar", "Mathematics"), "SCH_ECONOMICS": NP_("scholar", "Economics"),
    "SCH_ASTRONOMY": NP_("scholar", "Astronomy"), "SCH_ARCHITECTURE": NP_("scholar", "Architecture"),
    "SCH_ENGINEERING": NP_("scholar", "Engineering"), "SCH_DIPLOMACY": NP_("scholar", "Diplomacy"),
    "SCH_STRATEGY": NP_("scholar", "Strategy"), "SCH_THEOLOGY": NP_("scholar", "Theology"),
    "SCH_ARCHERY": NP_("scholar", "Archery"), "SCH_MEDITATION": NP_("scholar", "Meditation"),
    "SCH_NAVIGATION": NP_("scholar", "Navigation"),
}
_BISHOPS = {
    "BSH_BUILDERS": NP_("bishop", "Builders"), "BSH_ORDER": NP_("bishop", "Order"), "BSH_FLOCK": NP_("bishop", "Flock"),
    "BSH_COMMERCE": NP_("bishop", "Commerce"), "BSH_PILGRIMS": NP_("bishop", "Pilgrims"),
    "BSH_SETTLERS": NP_("bishop", "Settlers"), "BSH_CONQUEST": NP_("bishop", "Conquest"),
    "BSH_ESTATES": NP_("bishop", "Estates"), "BSH_JEWELS": NP_("bishop", "Jewels"),
}


def named(tile: str) -> str:
    """A scholar or bishop by its name: SCH_PHILOSOPHY -> Philosophy, «Философия»."""
    if tile in _SCHOLARS:
        return pgettext("scholar", _SCHOLARS[tile])
    if tile in _BISHOPS:
        return pgettext("bishop", _BISHOPS[tile])
    return tile.split("_", 1)[-1].capitalize()


def colony(board: str) -> str:
    """A colony board: "colony 2", «колония 2»; the cocoa colony (American Kingdoms)."""
    if board == "colony_cocoa":
        return _("the cocoa colony")
    if not board:  # module D: the Maya's seat has no colony
        return _("the Maya city")
    return _("colony {n}", n=board.removeprefix("colony_"))


def monk_place(place: str) -> str:
    """A monk place of the main board: "scholar 2", «учёный 2»."""
    kind, _sep, n = place.rpartition("_")
    if place == "mission_cocoa":  # American Kingdoms' missionary station
        return _("the cocoa mission")
    said = {"scholar": _("scholar {n}", n=n), "bishop": _("bishop {n}", n=n), "mission": _("mission {n}", n=n)}
    return said.get(kind, place.replace("_", " "))


_DISTRICTS = {d: d for d in (NP_("district", "trade"), NP_("district", "festival"), NP_("district", "gold"),
                              NP_("district", "construction"), NP_("district", "technology"))}
_BUILDINGS = {b: b for b in (NP_("building", "wooden"), NP_("building", "straw"))}


def district(d: str) -> str:
    """A district of the Maya city (and the half of an action card of that name): «торговля»."""
    return pgettext("district", d) if d in _DISTRICTS else d.replace("_", " ")


def maya_building(kind: str) -> str:
    """A building tile of the Maya city by kind: "wooden", «деревянное»."""
    return pgettext("building", kind) if kind in _BUILDINGS else kind.replace("_", " ")


# -- what the platform shows of Santa Maria's data, in its words (service/web/texts.py) ---------

_OPTIONS = (
    NP_("option", "Advanced setup"), NP_("option", "Colony assignment"), NP_("option", "Shared blue dice"),
    NP_("option", "Open scores"), NP_("option", "Kozlocracy rule"), NP_("option", "Expansion"), NP_("option", "Modules"),
    NP_("option", "Governor sign rule"), NP_("option", "Specialist overflow"), NP_("option", "High priest reuse"),
    NP_("option", "Maya free buy"),
    NP_("choice", "draft"), NP_("choice", "random"), NP_("choice", "no roads"), NP_("choice", "roads ignored"),
    NP_("choice", "A"), NP_("choice", "B"), NP_("choice", "C"), NP_("choice", "D"), NP_("choice", "anti diagonal"),
    NP_("choice", "quadrant"), NP_("choice", "coins"), NP_("choice", "none"),
)
_SCORES = (
    NP_("score", "during play"), NP_("score", "coins"), NP_("score", "colonists"), NP_("score", "scholars"),
    NP_("score", "bishop penalty"), NP_("score", "bishops"), NP_("score", "dock sets"), NP_("score", "ships"),
    NP_("score", "endgame cells"), NP_("score", "governor"), NP_("score", "maya goods"),
    NP_("score", "achievement communism"), NP_("score", "achievement capitalism"), NP_("score", "achievement theocracy"),
    NP_("score", "achievement democracy"), NP_("score", "achievement utopia"), NP_("score", "achievement kozlocracy"),
    NP_("score", "won"), NP_("termination", "three years played"),
)
_ACTIONS = (
    NP_("action", "Activate building"), NP_("action", "Ambassador line"), NP_("action", "Buy"),
    NP_("action", "Choose colony"), NP_("action", "Choose set"), NP_("action", "Conquistador extra"),
    NP_("action", "Expand"), NP_("action", "Expand cancel"), NP_("action", "Expand pay"), NP_("action", "Hire"),
    NP_("action", "Meditation extra"), NP_("action", "Navigate"), NP_("action", "Pass"), NP_("action", "Place monk"),
    NP_("action", "Place tile"), NP_("action", "Place town hall"), NP_("action", "Religion extra"),
    NP_("action", "Road tile"), NP_("action", "Sell"), NP_("action", "Ship"), NP_("action", "Trade"),
    NP_("action", "Use die"),
    NP_("action", "Maya build"), NP_("action", "Maya end trade"), NP_("action", "Maya exchange"),
    NP_("action", "Maya high priest"), NP_("action", "Maya monk reward"), NP_("action", "Maya offer add"),
    NP_("action", "Maya offer cancel"), NP_("action", "Maya offer open"), NP_("action", "Maya offer remove"),
    NP_("action", "Maya offer send"), NP_("action", "Maya pass flip"), NP_("action", "Maya play card"),
    NP_("action", "Maya redraw cancel"), NP_("action", "Maya redraw done"), NP_("action", "Maya redraw mark"),
    NP_("action", "Maya redraw start"), NP_("action", "Maya road"), NP_("action", "Maya simulate"),
    NP_("action", "Maya step"), NP_("action", "Maya technology"), NP_("action", "Maya temple"),
    NP_("action", "Maya token"), NP_("action", "Maya use die"), NP_("action", "Offer reply"),
)


DECISIONS = {  # "… decides <these words>": the log and the board (board.html)
    "place_tile": N_("where to place the tile"), "expand_pay": N_("how to pay for the tile"),
    "trade": N_("whether to trade"), "ship": N_("whether to take a sea-trade tile"),
    "religion_extra": N_("whether to pay for an extra religion step"), "place_monk": N_("where to place a monk"),
    "conquistador_extra": N_("whether to pay for an extra conquistador step"),
    "road_tile": N_("where to place the road tile"),
    "meditation_extra": N_("which free pass space's action to take with Meditation"),
    "hire": N_("whether to hire the specialist"), "navigate": N_("whether to pay 1 coin to move the governor one more cell"),
    "ambassador_line": N_("whether to activate the diagonal (Archery) instead of the ambassador's line"),
    # module D, the Maya city
    "maya_step": N_("where the die goes next in the city"), "maya_temple": N_("whether to build a temple level"),
    "maya_token": N_("which storage token to take"), "maya_road": N_("where to lay the road tile"),
    "maya_build": N_("where to build"), "maya_monk_reward": N_("the monk's reward"), "maya_pass_flip": N_("which token to fill"),
    "maya_trade": N_("what to trade"), "offer_reply": N_("whether to accept the Maya's offer"),
    "maya_simulate": N_("whether to simulate the ambassador die in the city"),
}


def decision_words(kind: str) -> str:
    """What a pending decision asks, in words: "whether to trade", «торговать ли»."""
    said = DECISIONS.get(kind)
    return _(said) if said is not None else kind.replace("_", " ")
