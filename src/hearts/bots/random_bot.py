"""The random player: any legal move, uniformly (a baseline, and a fuzzer for the engine).

>>> from hearts import Game, variants
>>> game = Game(variants.get("modern"), seed=2)
>>> bot = RandomBot(seed=1)
>>> bot.choose(game.view(0)) in game.legal_moves(0)
True
"""

from __future__ import annotations

import random

from hearts.bots.base import check_seed
from hearts.errors import IllegalMove
from hearts.moves import Move
from hearts.observation import SeatView

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among ``view.legal_moves``; seeded, it repeats exactly.

    In the pass phase the moves are a lazy sequence of every pass, so a choice costs nothing.
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(check_seed(seed))

    def choose(self, view: SeatView) -> Move:
        """A legal move of this seat, chosen at random."""
        if not view.legal_moves:
            raise IllegalMove("{seat} has no move to make now", seat=view.seat)
        return self._rng.choice(view.legal_moves)

    def __repr__(self) -> str:
        return "RandomBot()"
