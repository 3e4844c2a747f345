"""Navegador's words in the reader's language: its gettext functions (the catalog domain
"navegador", in locales/ beside this file) and the names of its components.

The Russian names are the Russian rulebook's («Мореплаватель»): the regions (Португалия,
Гвинея, ..., Мыс Доброй Надежды, ..., Нагасаки), the rondel's sectors («Рынок», «Колония»,
«Привилегия», «Корабли», «Здания», «Мореплавание», «Рабочие»), the buildings (фабрика по
переработке сахара, верфь, церковь), the colonies (сахарная колония, золотая колония, колония
специй), the privileges, the gallery and the Navegador card (карта «Мореплаватель»). There is
no Hungarian rulebook: the Hungarian names are ours, listed with the few Russian ones the
rulebook does not give in docs/navegador.md ("Names in Russian and Hungarian").

A sentence puts a component in by its name in the nominative, in lower case (Russian and
Hungarian inflect their nouns; the translations are written around the name: «сектор
«Рынок»», "Piac mező"); where a count changes the noun's case, the count has its own message
with a context (`npgettext("fleet", "{n} ship", "{n} ships", n)`: «из 2 кораблей»), so Russian
says 1 корабль, 2 корабля, 5 кораблей.
"""

from __future__ import annotations

from collections.abc import Mapping

from domain.core.i18n import N_, NP_, NPL_, Translator
from domain.core.words import listing

from .components import C

T = Translator(__package__ or "navegador")
_, ngettext, pgettext, npgettext = T.gettext, T.ngettext, T.pgettext, T.npgettext

TITLE = N_("Navegador")
_REGIONS = dict(zip(C.regions, C.region_names, strict=True))  # components.json: extracted by `make catalogs`
_SPACES = {"market_1": NP_("rondel", "Market"), "market_2": NP_("rondel", "Market"), "colony": NP_("rondel", "Colony"),
           "privilege": NP_("rondel", "Privilege"), "ships": NP_("rondel", "Ships"),
           "buildings": NP_("rondel", "Buildings"), "sailing": NP_("rondel", "Sailing"),
           "workers": NP_("rondel", "Workers")}
_ON_BOARD = {"market_1": NP_("rondel", "Market 1"), "market_2": NP_("rondel", "Market 2")}
_GOODS = {g: g for g in (NP_("good", "sugar"), NP_("good", "gold"), NP_("good", "spice"))}
_BUILDINGS = {"factory_sugar": NP_("building", "sugar factory"), "factory_gold": NP_("building", "gold factory"),
              "factory_spice": NP_("building", "spice factory"), "shipyard": NP_("building", "shipyard"),
              "church": NP_("building", "church"), "orange": NP_("building", "orange factory")}
_COLONIES = {"sugar": NP_("colony", "sugar colony"), "gold": NP_("colony", "gold colony"),
             "spice": NP_("colony", "spice colony")}
_PRIVILEGES = {"colony": NP_("privilege", "colony privilege"), "factory": NP_("privilege", "factory privilege"),
               "explorer": NP_("privilege", "explorer privilege"), "shipyard": NP_("privilege", "shipyard privilege"),
               "church": NP_("privilege", "church privilege")}
_COLUMNS = {"colony": NP_("column", "colony"), "factory": NP_("column", "factory"), "explorer": NP_("column", "explorer"),
            "shipyard": NP_("column", "shipyard"), "church": NP_("column", "church")}
_ACTIONS = {a: a for a in (NP_("action name", "market"), NP_("action name", "colony"), NP_("action name", "privilege"),
                           NP_("action name", "ships"), NP_("action name", "buildings"), NP_("action name", "sailing"),
                           NP_("action name", "workers"), NP_("action name", "navegador sailing"))}
_SOLD = {
    ("goods", "sugar"): NPL_("goods", "{n} sugar", "{n} sugar"),
    ("goods", "gold"): NPL_("goods", "{n} gold", "{n} gold"),
    ("goods", "spice"): NPL_("goods", "{n} spice", "{n} spice"),
    ("privileges", "colony"): NPL_("privileges", "{n} colony", "{n} colony"),
    ("privileges", "factory"): NPL_("privileges", "{n} factory", "{n} factory"),
    ("privileges", "explorer"): NPL_("privileges", "{n} explorer", "{n} explorer"),
    ("privileges", "shipyard"): NPL_("privileges", "{n} shipyard", "{n} shipyard"),
    ("privileges", "church"): NPL_("privileges", "{n} church", "{n} church"),
}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def cap(text: str) -> str:
    """The first letter in upper case (a name at the start of a help sentence or a button)."""
    return _cap(text)


def region(r: object) -> str:
    """A sea region by the map's name: "Guiné", «Гвинея», «Guinea»."""
    name = _REGIONS.get(str(r))
    return _(name) if name is not None else str(r).replace("_", " ")


def space(s: object) -> str:
    """A rondel space by its action's name: "Market", «Рынок», «Piac» (the two markets alike)."""
    name = _SPACES.get(str(s))
    return pgettext("rondel", name) if name is not None else str(s).replace("_", " ")


def space_on_board(s: object) -> str:
    """A rondel space on the board and its buttons, the two markets told apart: "Market 2"."""
    name = _ON_BOARD.get(str(s))
    return pgettext("rondel", name) if name is not None else space(s)


def action_name(a: object) -> str:
    """A rondel action in a sentence, lower case: "market", «рынок», "navegador sailing"."""
    name = str(a).replace("_", " ")
    return pgettext("action name", name) if name in _ACTIONS else name


def good(g: object) -> str:
    """A good in lower case: "sugar", «сахар», «cukor»."""
    return pgettext("good", str(g)) if g in _GOODS else str(g).replace("_", " ")


def goods(n: int, g: str) -> str:
    """Units of a good sold or processed: "3 sugar", «3 единицы сахара», «3 egység cukrot»."""
    forms = _SOLD.get(("goods", g))
    return npgettext("goods", *forms, n) if forms is not None else f"{n} {g}"


def building(line: object) -> str:
    """A building of the building board, lower case: "sugar factory", «фабрика по переработке
    сахара», «cukorgyár»; "shipyard", «верфь»; "church", «церковь»."""
    name = _BUILDINGS.get(str(line))
    return pgettext("building", name) if name is not None else str(line).replace("_", " ")


def colony(g: object) -> str:
    """A kind of colony: "gold colony", «золотая колония», «aranygyarmat»."""
    name = _COLONIES.get(str(g))
    return pgettext("colony", name) if name is not None else f"{g} colony"


def tile(t: object) -> str:
    """A colony tile by its good and price ("gold_70"): "gold 70", «золото 70», «arany 70»."""
    g, _sep, price = str(t).partition("_")
    return _("{good} {price}", good=good(g), price=price)


def privilege(kind: object) -> str:
    """A kind of privilege tile: "colony privilege", «привилегия для колоний», «gyarmatkiváltság»."""
    name = _PRIVILEGES.get(str(kind))
    return pgettext("privilege", name) if name is not None else f"{kind} privilege"


def column(kind: object) -> str:
    """A column of the player board (a category of the final scoring): "colony", «колонии»."""
    name = _COLUMNS.get(str(kind))
    return pgettext("column", name) if name is not None else str(kind)


def privileges_listed(counts: Mapping[str, int]) -> str:
    """'1 colony, 1 explorer and 1 church' (privileges of each kind; zero counts left out)."""
    return listing(npgettext("privileges", *_SOLD[("privileges", k)], n) if ("privileges", k) in _SOLD else f"{n} {k}"
                   for k, n in counts.items() if n)


def a(english: str, said: str) -> str:
    """`said` with the English indefinite article the English `english` takes."""
    return _("an {thing}", thing=said) if english[:1].lower() in "aeiou" else _("a {thing}", thing=said)


def cr(n: int) -> str:
    """Money: "50 Cr", «50 крузадо»."""
    return ngettext("{n} Cr", "{n} Cr", n)


def vp(n: int) -> str:
    return ngettext("{n} VP", "{n} VP", n)


def ships(n: int) -> str:
    """Ships as a subject or an object: "2 ships", «2 корабля», «2 hajó»."""
    return ngettext("{n} ship", "{n} ships", n)


def fleet(n: int) -> str:
    """Ships after "with" (a fleet of ...): "3 ships", «из 3 кораблей», «3 hajóval»."""
    return npgettext("fleet", "{n} ship", "{n} ships", n)


def workers(n: int) -> str:
    """Workers as a subject: "3 workers", «3 рабочих», «3 munkás»."""
    return ngettext("{n} worker", "{n} workers", n)


def ships_from(paid: Mapping[str, int] | list[tuple[str, int]], last: bool = True) -> str:
    """Ships by where they come from: "1 from Guiné and 1 from Portugal" (`last`: with "and",
    otherwise commas only, as on the buttons)."""
    pairs = paid.items() if isinstance(paid, Mapping) else paid
    said = [npgettext("from", "{n} from {region}", "{n} from {region}", int(n), region=region(r)) for r, n in pairs]
    if not said:
        return _("nowhere")
    return listing(said) if last else ", ".join(said)


# -- what the platform shows of Navegador's data, in its words (service/web/texts.py) --------
# The option's label and choices, the score categories, how a game ends and the action types
# (the titles of the move list): marked here for the catalog, translated where shown.

_OPTIONS = (
    NP_("option", "Kings privilege placement"), NP_("choice", "auto"), NP_("choice", "manual"),
)
_SCORES = (
    NP_("score", "workers"), NP_("score", "ships"), NP_("score", "money"),
    NP_("score", "colony"), NP_("score", "colony items"), NP_("score", "colony vp per item"),
    NP_("score", "factory"), NP_("score", "factory items"), NP_("score", "factory vp per item"),
    NP_("score", "explorer"), NP_("score", "explorer items"), NP_("score", "explorer vp per item"),
    NP_("score", "shipyard"), NP_("score", "shipyard items"), NP_("score", "shipyard vp per item"),
    NP_("score", "church"), NP_("score", "church items"), NP_("score", "church vp per item"),
    NP_("termination", "nagasaki explored"), NP_("termination", "buildings sold out"),
)
_MOVES = (
    NP_("action", "Move rondel"), NP_("action", "Use navegador"), NP_("action", "Move ships"), NP_("action", "Explore"),
    NP_("action", "Found colony"), NP_("action", "Build"), NP_("action", "Sell"), NP_("action", "Process"),
    NP_("action", "Hire workers"), NP_("action", "Build ships"), NP_("action", "Take privilege"),
    NP_("action", "Place kings privilege"), NP_("action", "Done"),
)
# The rondel spaces as a standing order's condition names them (service/web/orders.py).
_CONDITION_SPACES = (
    NP_("space", "market_1"), NP_("space", "market_2"), NP_("space", "colony"), NP_("space", "privilege"),
    NP_("space", "ships"), NP_("space", "buildings"), NP_("space", "sailing"), NP_("space", "workers"),
)
