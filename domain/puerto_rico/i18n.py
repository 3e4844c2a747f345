"""Puerto Rico's words in the reader's language: its gettext functions (the catalog domain
"puerto_rico", in locales/ beside this file) and the names of its components.

The names are the rulebooks' own: Russian from the Russian deluxe rulebook (the roles
Поселенец, Мэр, Строитель, ...; the buildings «малый рынок», «гасиенда», «барак», ...),
Hungarian from the Hungarian rulebook (Ültetvényes, Polgármester, Építész, ...; «kis piac»,
«hacienda», «építőműhely», ...); docs/puerto-rico.md lists those we named ourselves.

A sentence puts a component in by its name in the nominative (Russian and Hungarian inflect
their nouns; the translations are written around the name, never inflecting it), in lower
case, with the English article where English needs one (`a`, `the`: "a coffee roaster"; the
translations of "a {thing}" and "the {thing}" drop it). Counts use `ngettext`, so Russian
says 1 дублон, 2 дублона, 5 дублонов.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from domain.core.i18n import N_, NP_, NPL_, Translator
from domain.core.words import listing

from .components import BUILDINGS, GOODS, role_phase

T = Translator(__package__ or "puerto_rico")
_, ngettext, pgettext, npgettext = T.gettext, T.ngettext, T.pgettext, T.npgettext

TITLE = N_("Puerto Rico")
_BUILDING_NAMES = {b.id: b.name for b in BUILDINGS}  # components.json: extracted by `make catalogs`
_KINDS = (NP_("good", "corn"), NP_("good", "indigo"), NP_("good", "sugar"), NP_("good", "tobacco"),
          NP_("good", "coffee"))
_ROLES = (NP_("role", "settler"), NP_("role", "mayor"), NP_("role", "builder"), NP_("role", "craftsman"),
          NP_("role", "trader"), NP_("role", "captain"), NP_("role", "prospector"))
_PHASES = {p: p for p in (NP_("phase", "settler"), NP_("phase", "mayor"), NP_("phase", "builder"),
                           NP_("phase", "craftsman"), NP_("phase", "trader"), NP_("phase", "captain"),
                           NP_("phase", "prospector"), NP_("phase", "draft"), NP_("phase", "role selection"),
                           NP_("phase", "over"))}


def good(g: str) -> str:
    """A kind of good in lower case: "corn", «кукуруза», «kukorica»."""
    return pgettext("good", g) if g in GOODS else g.replace("_", " ")


_COUNTS = {
    ("goods", "corn"): NPL_("goods", "{n} corn", "{n} corn"), ("goods", "indigo"): NPL_("goods", "{n} indigo", "{n} indigo"),
    ("goods", "sugar"): NPL_("goods", "{n} sugar", "{n} sugar"),
    ("goods", "tobacco"): NPL_("goods", "{n} tobacco", "{n} tobacco"),
    ("goods", "coffee"): NPL_("goods", "{n} coffee", "{n} coffee"),
    ("plantations", "corn"): NPL_("plantations", "{n} corn", "{n} corn"),
    ("plantations", "indigo"): NPL_("plantations", "{n} indigo", "{n} indigo"),
    ("plantations", "sugar"): NPL_("plantations", "{n} sugar", "{n} sugar"),
    ("plantations", "tobacco"): NPL_("plantations", "{n} tobacco", "{n} tobacco"),
    ("plantations", "coffee"): NPL_("plantations", "{n} coffee", "{n} coffee"),
}


def _counted(context: str, n: int, kind: str) -> str:
    forms = _COUNTS.get((context, kind))
    return npgettext(context, *forms, n) if forms is not None else f"{n} {kind}"


def goods(n: int, g: str) -> str:
    """A count of one good: "3 corn", «3 фишки кукурузы», «3 kukorica»."""
    return _counted("goods", n, g)


def goods_listed(counts: Mapping[str, int]) -> str:
    """'2 corn and 1 sugar' (in the order of GOODS; none: 'nothing')."""
    return listing(goods(counts[g], g) for g in GOODS if counts.get(g))


def counted_goods(kinds: Iterable[str]) -> str:
    """A row of goods, counted: ["sugar", "corn", "sugar"] -> "2 sugar and 1 corn"."""
    row = list(kinds)
    return listing(goods(row.count(k), k) for k in dict.fromkeys(row))


def plantations(n: int, kind: str) -> str:
    """A count of face-up plantation tiles of one kind: "2 sugar", «2 сахарные плантации»."""
    return _counted("plantations", n, kind)


def counted_plantations(kinds: Iterable[str]) -> str:
    row = list(kinds)
    return listing(plantations(row.count(k), k) for k in dict.fromkeys(row))


def plantation(kind: str) -> str:
    """One plantation by its kind: "corn plantation", «плантация кукурузы», «kukoricaültetvény»."""
    names = {"corn": NP_("tile", "corn plantation"), "indigo": NP_("tile", "indigo plantation"),
             "sugar": NP_("tile", "sugar plantation"), "tobacco": NP_("tile", "tobacco plantation"),
             "coffee": NP_("tile", "coffee plantation"), "quarry": NP_("tile", "quarry")}
    return pgettext("tile", names[kind]) if kind in names else f"{kind} plantation"


def building(bid: str) -> str:
    """A building's name as the rulebook prints it: "Coffee roaster", «Кофейная фабрика»."""
    name = _BUILDING_NAMES.get(bid)
    return _(name) if name is not None else bid.replace("_", " ")


def building_lower(bid: str) -> str:
    """The name in a sentence: "coffee roaster", «кофейная фабрика»."""
    name = building(bid)
    return name[:1].lower() + name[1:]


def spot(name: str) -> str:
    """An island tile or a building, by the name the facts and actions use ("corn", "quarry",
    "hospice", "windrose"): "corn plantation", «плантация кукурузы», "hospice", «гостиница»."""
    if name == "windrose":
        return _("windrose")
    if name in ("corn", "indigo", "sugar", "tobacco", "coffee", "quarry"):
        return plantation(name)
    return building_lower(name)


def a(english: str, said: str) -> str:
    """`said` with the English indefinite article the English `english` takes."""
    return _("an {thing}", thing=said) if english[:1].lower() in "aeiou" else _("a {thing}", thing=said)


def the(said: str) -> str:
    return _("the {thing}", thing=said)


def a_building(bid: str) -> str:
    return a(_BUILDING_NAMES.get(bid, bid), building_lower(bid))


def the_building(bid: str) -> str:
    return the(building_lower(bid))


def role(r: str) -> str:
    """A role card by the phase it starts: "settler", «Поселенец», «Ültetvényes»."""
    phase = role_phase(r)
    return pgettext("role", phase) if phase in _ROLES else phase.replace("_", " ")


def phase(p: str) -> str:
    """A phase by name: "captain", «капитан» (the role it belongs to), "draft"."""
    words = p.replace("_", " ")
    return pgettext("phase", words) if words in _PHASES else words


def doubloons(n: int) -> str:
    return ngettext("{n} doubloon", "{n} doubloons", n)


def vp(n: int) -> str:
    return ngettext("{n} VP", "{n} VP", n)


def colonists(n: int) -> str:
    return ngettext("{n} colonist", "{n} colonists", n)


def nobles(n: int) -> str:
    return ngettext("{n} noble", "{n} nobles", n)


def piece(p: str | None) -> str:
    """A worker: "colonist" or "noble" (lower case, singular)."""
    return pgettext("piece", "noble") if p == "noble" else pgettext("piece", "colonist")


def workers(counts: Mapping[str, int]) -> str:
    """'2 colonists and 1 noble' (zero counts left out; none: 'nothing')."""
    return listing([colonists(counts["colonist"]) if counts.get("colonist") else "",
                    nobles(counts["noble"]) if counts.get("noble") else ""])


# -- what the platform shows of Puerto Rico's data, in its words (service/web/texts.py) --------
# The labels of the options and their choices, the score categories, how a game ends and the
# action types (the titles of the move list): marked here for the catalog, translated where shown.

_OPTIONS = (
    NP_("option", "Expansions"), NP_("option", "First governor"), NP_("option", "Max large buildings"),
    NP_("option", "Hacienda quarry with construction hut"), NP_("option", "Exclude office with trading post"),
    NP_("choice", "new buildings"), NP_("choice", "nobles"), NP_("choice", "random"), NP_("choice", "seat order"),
)
_SCORES = (
    NP_("score", "shipping"), NP_("score", "buildings"), NP_("score", "guild hall"), NP_("score", "residence"),
    NP_("score", "fortress"), NP_("score", "customs house"), NP_("score", "city hall"), NP_("score", "cloister"),
    NP_("score", "nobles"), NP_("score", "royal garden"),
    NP_("termination", "colonists exhausted"), NP_("termination", "city filled"), NP_("termination", "vp exhausted"),
)
_STEPS = {s: s for s in (
    NP_("step", "select role"), NP_("step", "settle"), NP_("step", "mayor privilege"), NP_("step", "arrange"),
    NP_("step", "build"), NP_("step", "craftsman bonus"), NP_("step", "sell"), NP_("step", "ship"),
    NP_("step", "store"), NP_("step", "over"), NP_("step", "draft"), NP_("step", "guest window start"),
    NP_("step", "guest window end"), NP_("step", "library settle"), NP_("step", "place drawn tile"),
    NP_("step", "hunting lodge"), NP_("step", "villa"), NP_("step", "take from ship"), NP_("step", "black market"),
    NP_("step", "small wharf"),
)}
_ENDS = {e: e for e in (NP_("end", "colonists"), NP_("end", "city"), NP_("end", "vp"))}


def step(name: str) -> str:
    """What the game waits for, in words: "ship", «отгрузка»."""
    words = name.replace("_", " ")
    return pgettext("step", words) if words in _STEPS else words


def end_reason(reason: str) -> str:
    """Why this is the last round, in a word: "colonists", "city", "vp"."""
    return pgettext("end", reason) if reason in _ENDS else reason.replace("_", " ")


_ACTIONS = (
    NP_("action", "Black market good"), NP_("action", "Black market vp"), NP_("action", "Black market worker"),
    NP_("action", "Build"), NP_("action", "Craftsman bonus"), NP_("action", "Deploy guest"),
    NP_("action", "Done"), NP_("action", "Draft building"), NP_("action", "End turn"),
    NP_("action", "Hacienda draw"), NP_("action", "Hacienda quarry"), NP_("action", "Hunting lodge discard"),
    NP_("action", "Keep"), NP_("action", "Land office buy"), NP_("action", "Land office sell"),
    NP_("action", "Mayor privilege"), NP_("action", "Pass"), NP_("action", "Place"),
    NP_("action", "Place drawn tile"), NP_("action", "Remove"), NP_("action", "Royal supplier"),
    NP_("action", "Select role"), NP_("action", "Sell"), NP_("action", "Ship"), NP_("action", "Small wharf"),
    NP_("action", "Take forest"), NP_("action", "Take from ship"), NP_("action", "Take plantation"),
    NP_("action", "Take quarry"), NP_("action", "Villa take"), NP_("action", "Warehouse"),
)
