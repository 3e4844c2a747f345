"""Errors the rules raise. `IllegalAction` carries a stable dotted code and a player's sentence."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules do not allow now.

    `code` is stable and dotted (`captain.must_ship`, `action.unknown_type`); clients switch on it.
    `message` is one sentence a player understands ("You must ship if you can.").
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class InvalidOptions(IllegalAction):
    """The options given at creation are not a game the rules allow (code `options.*`)."""
