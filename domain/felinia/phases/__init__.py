"""One module per phase of the round (rules page §2), each with its legality predicates, command
handlers, automatic steps and the handlers of its facts; `selling` is the sale every decision
offers (§3.2)."""
