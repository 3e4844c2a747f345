"""Felinia (Michael Schacht, Matagot 2010) for 2-4 players, as a pure rules engine."""
