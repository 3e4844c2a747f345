"""What every game shares: the rules contract, randomness, errors, hashing, the Game aggregate."""

from .codec import state_hash
from .errors import IllegalAction, InvalidOptions
from .rng import RandomSource, Rng, ScriptedRng, choice, die, shuffle
from .rules import ALL, Action, Bot, Fact, GameRules, Outcome, SeatResult, Viewer, fold, rank

__all__ = [
    "ALL",
    "Action",
    "Bot",
    "Fact",
    "GameRules",
    "IllegalAction",
    "InvalidOptions",
    "Outcome",
    "RandomSource",
    "Rng",
    "ScriptedRng",
    "SeatResult",
    "Viewer",
    "choice",
    "die",
    "fold",
    "rank",
    "shuffle",
    "state_hash",
]
