"""One module per phase of the rulebook (§4), each with its base and expansion rules: the legal
actions (`offers`), the command handlers (`commands`), the automatic steps (`automatic`), who
takes part in its expansion stages (`entrants`) and the handlers of its facts (`evolves`).
Importing the package fills those tables (`..tables`)."""

from . import (
    builder,
    captain,
    captain_start,
    craftsman,
    guests,
    mayor,
    prospector,
    settler,
    storage,
    trader,
)

__all__ = [
    "builder",
    "captain",
    "captain_start",
    "craftsman",
    "guests",
    "mayor",
    "prospector",
    "settler",
    "storage",
    "trader",
]
