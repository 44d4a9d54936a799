"""Computer players: the :class:`Bot` protocol, the players by name, their levels for the faces
(:mod:`hearts.bots.levels`), and a game played by bots.

Every bot chooses from a :class:`~hearts.observation.SeatView` alone.

>>> names()
['random', 'basic', 'expert', 'ismcts']
>>> levels()
['easy', 'medium', 'hard']
>>> get("hard", seed=1).think
0.3
>>> from hearts import Game, variants
>>> game = Game(variants.get("modern"), seed=7)
>>> bot = get("basic")
>>> bot.choose(game.view(0))
Pass(CardSet.parse('JD KS 9H'))
>>> get("expret")
Traceback (most recent call last):
...
hearts.errors.UnknownName: there is no bot 'expret'; did you mean expert?
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from hearts.bots.base import Bot, check_seed, play_game
from hearts.bots.basic import BasicBot
from hearts.bots.expert import ExpertBot, hint
from hearts.bots.ismcts import IsmctsBot
from hearts.bots.levels import LEVELS, Level, levels
from hearts.bots.random_bot import RandomBot
from hearts.bots.search import (
    DEFAULT_THINK,
    MAX_SAMPLES,
    MAX_THINK,
    Searcher,
    check_budget,
)
from hearts.bots.search import think_for as _think_for
from hearts.errors import UnknownName

__all__ = [
    "BasicBot",
    "Bot",
    "ExpertBot",
    "IsmctsBot",
    "LEVELS",
    "Level",
    "MAX_SAMPLES",
    "MAX_THINK",
    "RandomBot",
    "SEARCHERS",
    "check_budget",
    "get",
    "hint",
    "known",
    "levels",
    "names",
    "play_game",
    "think_for",
]

BOTS: Final[dict[str, Callable[[int | None], Bot]]] = {
    "random": RandomBot,
    "basic": BasicBot,
    "expert": ExpertBot,
    "ismcts": IsmctsBot,
}
"""Every bot by name: a maker taking the seed (and, for the searchers, the search options)."""

SEARCHERS: Final[frozenset[str]] = frozenset(
    [
        name
        for name, maker in BOTS.items()
        if isinstance(maker, type) and issubclass(maker, Searcher)
    ]
    + [name for name, level in LEVELS.items() if level.searches]
)
r"""The names of the bots (and levels) that search and take ``think`` and ``samples``: the bots
that are :class:`~hearts.bots.search.Searcher`\ s and the levels with a cap (read off them, not
listed again).

>>> sorted(SEARCHERS)
['expert', 'hard', 'ismcts', 'medium']
"""


def names() -> list[str]:
    """The bot names: the players weakest first, then the ISMCTS baseline the expert is measured
    against (the levels, :func:`levels`, are names of these players with a budget)."""
    return list(BOTS)


def known() -> list[str]:
    """Every name :func:`get` makes a bot of: the levels, easiest first, then the bots."""
    return [*LEVELS, *BOTS]


SEARCH_OPTIONS: Final = ("think", "samples")
"""Options of the bots that search (``think``: seconds a move; ``samples``: deals sampled a
move, for reproducible runs); the other bots do not take them and are made without them."""


def get(
    name: str, seed: int | None = None, *, think: float | None = None, samples: int | None = None
) -> Bot:
    """A new bot by name or level (case does not matter), seeded when it uses chance.

    ``think`` and ``samples`` bound the search of the bots that search (see
    :data:`SEARCH_OPTIONS`); bots that do not search are made without them, but a budget that is
    no budget is refused for every bot, as a seed that is not a whole number is. A level that
    searches thinks at most its own seconds (``think`` lowers them, never raises them:
    :class:`~hearts.bots.levels.Level`). An unknown name raises
    :class:`~hearts.errors.UnknownName`, a bad option :class:`~hearts.errors.InvalidArgument`.

    >>> get("Random", seed=3)
    RandomBot()
    >>> get("basic", think=1.0)
    BasicBot()
    >>> get("medium", think=1.0).think
    0.05
    """
    check_seed(seed)
    check_budget(think, samples)
    key = name.strip().lower() if isinstance(name, str) else ""
    if key in LEVELS:
        return LEVELS[key].make(seed, think=think, samples=samples)
    if key in BOTS:
        maker = BOTS[key]
        options = {"think": think, "samples": samples}
        if key in SEARCHERS:
            return maker(seed, **{k: v for k, v in options.items() if v is not None})
        return maker(seed)
    raise UnknownName.among("bot", name, known(), key=key)


def think_for(name: str, think: float | None = None, *, share: float = 1.0) -> float | None:
    """The seconds a move the bot or level ``name`` thinks when ``think`` is asked of the table
    (None: the default), as :func:`get` makes it: a level at most its own seconds, another
    searcher ``think`` or :data:`~hearts.bots.search.DEFAULT_THINK`; with no ``think``, those
    times ``share`` (a helper sampling beside it: as many deals, sooner). None for a bot that
    does not search. A face that changes a bot's budget after making it (a helper started)
    asks here, so the level's cap holds (:func:`hearts.bots.search.think_for`).

    >>> think_for("hard"), think_for("hard", 5.0), think_for("Expert", share=0.7)
    (0.3, 0.3, 0.7)
    >>> think_for("basic", 5.0) is None
    True
    """
    check_budget(think, None)
    key = name.strip().lower() if isinstance(name, str) else ""
    if key in LEVELS:
        level = LEVELS[key]
        return _think_for(level.think, think, share=share) if level.searches else None
    if key not in BOTS:
        raise UnknownName.among("bot", name, known(), key=key)
    return _think_for(None, think, default=DEFAULT_THINK, share=share) if key in SEARCHERS else None
