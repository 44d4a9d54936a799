"""Computer players: the :class:`Bot` protocol, the players by name, and a game played by bots.

Every bot chooses from a :class:`~hearts.observation.SeatView` alone.

>>> names()
['random', 'basic']
>>> from hearts import Game, variants
>>> game = Game(variants.get("modern"), seed=7)
>>> bot = get("basic")
>>> bot.choose(game.view(0))
Pass(CardSet.parse('JD KS 9H'))
>>> get("expret")
Traceback (most recent call last):
...
hearts.errors.HeartsError: there is no bot 'expret'; choose from: random, basic
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from typing import Final

from hearts.bots.base import Bot, play_game
from hearts.bots.basic import BasicBot
from hearts.bots.random_bot import RandomBot
from hearts.errors import HeartsError

__all__ = ["Bot", "BasicBot", "RandomBot", "get", "names", "play_game"]

BOTS: Final[dict[str, Callable[[int | None], Bot]]] = {
    "random": RandomBot,
    "basic": BasicBot,
}
"""Every bot by name: a maker taking the seed."""


def names() -> list[str]:
    """The bot names, weakest first."""
    return list(BOTS)


def get(name: str, seed: int | None = None) -> Bot:
    """A new bot by name (case does not matter), seeded when it uses chance.

    >>> get("Random", seed=3)
    RandomBot()
    """
    key = name.strip().lower() if isinstance(name, str) else ""
    if key in BOTS:
        return BOTS[key](seed)
    close = difflib.get_close_matches(key, BOTS, n=1)
    hint = f"did you mean {close[0]}?" if close else f"choose from: {', '.join(BOTS)}"
    raise HeartsError(f"there is no bot {name!r}; {hint}")
