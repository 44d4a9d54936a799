"""Levels of play for the faces: ``easy``, ``medium`` and ``hard``, each a player and a budget.

A level is what a person picks at a table: a name, the player behind it and the most time it
thinks over a move, so that its strength and a table's CPU are known before the game starts.
The numbers are measured (``benchmarks/arena.py``, duplicate modern deals, in
benchmarks/RESULTS.md): the margin is points a hand against three ``basic`` players at the same
table (negative: fewer points than they take, so stronger).

========  ===============================  =================  ================================
level     the player                       time a move        measured against ``basic``
========  ===============================  =================  ================================
easy      ``basic``: rules of thumb        microseconds       (it is ``basic``)
medium    ``expert`` with the value model  0.05 s at most     -4.34 ± 0.99 points a hand
hard      ``expert`` with the value model  0.3 s at most      -5.17 ± 0.97 points a hand
========  ===============================  =================  ================================

The searching levels judge their cards and their pass by the expert's value model
(:mod:`hearts.bots.value`, :data:`MODEL`) where it fits the form, and play the imagined deals
out elsewhere. Hard measured -0.82 ± 0.45 points a hand against the plain ``expert`` at 1 s a
move (500 deals). In a game to a points target both play score-aware
(:mod:`hearts.bots.standing`: each imagined hand judged by the chance it leaves them to win the
game): from positions where a seat had 70 points or more, the score-aware expert won 1.4 (0.2 to
2.6) points of percent more of the games than the same expert without (500 positions), in whole
games 2.7 (0.1 to 5.2) more, its points a hand the same. (The margins above were measured before
score-aware play was on.)

A level that searches thinks at most its own seconds: a smaller ``think`` asked of it (a
server's bound, say) lowers that, a larger one does not raise it; ``samples`` makes it sample
exactly that many deals instead, for reproducible runs (the same switches, those deals).

>>> levels()
['easy', 'medium', 'hard']
>>> LEVELS["hard"].make(seed=1).think
0.3
>>> LEVELS["hard"].make(seed=1, think=0.1).think
0.1
>>> LEVELS["hard"].make(seed=1, think=5.0).think
0.3
"""

from __future__ import annotations

import dataclasses
from typing import Any, Final

from hearts.bots.base import Bot
from hearts.bots.basic import BasicBot
from hearts.bots.expert import ExpertBot
from hearts.bots.search import check_budget, think_for

__all__ = ["LEVELS", "Level", "levels"]


@dataclasses.dataclass(frozen=True, slots=True)
class Level:
    """A named level of play: the player behind it and the most seconds it thinks a move."""

    name: str
    """The level's name, as the faces offer it."""
    player: str
    """The bot that plays it (``basic`` or ``expert``)."""
    think: float | None
    """The most seconds it thinks over a move (None: it does not search)."""
    summary: str
    """One line for the faces: how it plays and how strong it measured."""
    options: tuple[tuple[str, bool], ...] = ()
    """The expert's switches this level turns on or off (:meth:`ExpertBot.options`), as pairs."""

    def make(
        self, seed: int | None = None, *, think: float | None = None, samples: int | None = None
    ) -> Bot:
        """A new bot of this level, seeded; ``think`` caps its seconds a move (never raises
        them: :func:`~hearts.bots.search.think_for`), ``samples`` fixes its deals a move instead
        (see the module docstring). A budget that is no budget is refused
        (:func:`~hearts.bots.search.check_budget`), by every level."""
        check_budget(think, samples)
        if self.think is None:
            return BasicBot(seed)
        if samples is not None:
            return ExpertBot(seed, samples=samples, **self.switches())
        return ExpertBot(seed, think=think_for(self.think, think), **self.switches())

    def switches(self) -> dict[str, Any]:
        """The expert's switches of this level, by name."""
        return dict(self.options)

    @property
    def searches(self) -> bool:
        """Whether this level searches (and so takes ``think`` and ``samples``): it has a cap."""
        return self.think is not None


MODEL: Final = (("value", True), ("search_pass", True), ("score_aware", True))
"""The searching levels' switches: the expert judges its cards and its pass by its value model
(:mod:`hearts.bots.value`) where the model fits the form, and plays the deals out elsewhere; in
a game to a points target it plays score-aware (:mod:`hearts.bots.standing`)."""

LEVELS: Final[dict[str, Level]] = {
    "easy": Level(
        "easy",
        "basic",
        None,
        "plays by rules of thumb at once: ducks, sheds the cards that count, stops a moon",
    ),
    "medium": Level(
        "medium",
        "expert",
        0.05,
        "imagines the hidden cards for a twentieth of a second a move: "
        "4.3 points a hand ahead of basic",
        MODEL,
    ),
    "hard": Level(
        "hard",
        "expert",
        0.3,
        "imagines the hidden cards for up to 0.3 s a move: 5.2 points a hand ahead of basic",
        MODEL,
    ),
}
"""The levels by name, easiest first."""


def levels() -> list[str]:
    """The levels' names, easiest first."""
    return list(LEVELS)
