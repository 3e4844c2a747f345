"""One module per rondel action (rules page §2): `rondel` (the stone and the Navegador card),
`workers` (Workers and Ships), `sailing` (sailing and exploring), `colony`, `buildings`,
`market`, `privilege`. Each holds its commands (registered in `turns.commands` when imported),
the `_why_not_*` predicate of each and the generator of its legal actions."""

# (in the rules page's order: the order the commands are registered in)
from . import rondel, workers, sailing, colony, buildings, market, privilege  # noqa: I001

__all__ = ["buildings", "colony", "market", "privilege", "rondel", "sailing", "workers"]
