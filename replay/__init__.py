"""`replay`: rebuild any past state of a game, audit it, step through it."""
