"""Module D of American Kingdoms: the Maya city (rules page §8.6), played by one seat.

data.py loads city.json (the city, temples, cards, tokens); state.py holds `Maya`, the one
optional field of the game's State; hooks.py is what the shared modules call (kept free of
imports of the rule modules, so they can import it at the top); city.py has the Maya's goods,
die, high priests and technology; religion.py its warrior, religion and vault; temples.py its
temples, their rewards and its pass; cards.py the action cards, the trade session and the
offers to colonists; setup.py, year.py and views.py its parts of setup, the year's end and the views;
bots.py the Maya's random player.

The rule modules register their commands and facts when imported; rules.py imports them.
"""
