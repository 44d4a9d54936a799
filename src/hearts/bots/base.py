"""The bot protocol: a computer player chooses its move from what its seat may know.

A bot sees a :class:`~hearts.observation.SeatView` and nothing else (never the deal), and returns
one of ``view.legal_moves``: a card, a :class:`~hearts.moves.Pass` or a
:class:`~hearts.moves.MoonChoice`. :func:`play_game` seats bots at a game and plays it out.

>>> from hearts import Game, variants
>>> from hearts.bots import get
>>> game = play_game(Game(variants.get("classic"), seed=1), [get("basic")] * 4)
>>> game.is_over, game.winners()
(True, (2,))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from hearts.errors import InvalidArgument
from hearts.game import Game
from hearts.moves import Move
from hearts.observation import SeatView

__all__ = ["Bot", "check_seed", "play_game"]


@runtime_checkable
class Bot(Protocol):
    """A computer player: given what its seat may know, it chooses one of the legal moves."""

    def choose(self, view: SeatView) -> Move:
        """One of ``view.legal_moves`` (it is this seat's turn when this is called)."""
        ...


def check_seed(seed: object) -> int | None:
    """A bot's seed, checked: a whole number, or None for none.

    >>> check_seed(7), check_seed(None)
    (7, None)
    >>> check_seed("7")
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: a bot's seed must be a whole number (or None), not '7'
    """
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise InvalidArgument(f"a bot's seed must be a whole number (or None), not {seed!r}")
    return seed


def play_game(game: Game, bots: Sequence[Bot]) -> Game:
    """Play a game to its end with a bot in each seat (``bots[seat]``); return the game.

    Each bot is shown only its own seat's view.
    """
    if not isinstance(game, Game):
        raise InvalidArgument(f"play_game plays a Game, not {type(game).__name__}")
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise InvalidArgument(f"play_game needs a sequence of bots, one a seat, not {bots!r}")
    if len(bots) != game.players:
        raise InvalidArgument(
            f"a game of {game.players} seats needs {game.players} bots, not {len(bots)}"
        )
    for number, bot in enumerate(bots):
        if not isinstance(bot, Bot):
            raise InvalidArgument(f"the bot for seat {number} has no choose(view): {bot!r}")
    while not game.is_over:
        seat = game.deal.to_act
        assert seat is not None  # a game that is not over has a seat to act
        game.play(bots[seat].choose(game.view(seat)), seat)
    return game
