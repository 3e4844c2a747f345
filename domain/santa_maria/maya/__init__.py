"""Module D of American Kingdoms: the Maya city (rules page §8.6), played by one seat.

data.py loads city.json (the city, temples, cards, tokens); state.py holds `Maya`, the one
optional field of the game's State; hooks.py is what the shared modules ask about the Maya's
state (free of imports of the rule modules, so goods.py, the lowest shared rule module, can
import it); goods.py has the Maya's goods and draws; city.py its die, high priests and
technology; religion.py its warrior, religion and vault; temples.py its temples, their rewards
and its pass; cards.py the action cards and the redraw, trade.py the trade session and its
exchanges, offers.py the offers to colonists; setup.py and views.py its parts of setup, the
year's end and the views; bots.py the Maya's random player. The shared modules import religion
(effects), temples (passing) and setup (year, scoring), which sit below them.

The rule modules register their commands and facts when imported; rules.py imports them.
"""
