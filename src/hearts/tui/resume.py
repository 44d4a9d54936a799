"""Which kept game ``hearts play`` goes on with, and when it asks first: the resume policy.

Its flags say what the person wants, and the kept games (:meth:`~hearts.tui.saves.Saves.scan`)
what there is; :func:`check_flags` refuses flags that contradict each other, before any save
is read, and :func:`choose` decides:

- ``--resume`` goes on with the last played unfinished game without asking; ``--resume GAME``
  (or ``GAME`` alone) with the game named, by its id or its number in ``--list``
  (:class:`Resume`). A game resumed is played as it was saved: the options that would make
  another game (``--variant``, ``--bots``, ...) are refused beside it;
- otherwise a new game is started (:class:`Start`), and when unfinished games are kept the
  person is first offered to go on with one of them, the last played first (``--new`` starts
  one without asking: the kept games stay kept).

The policy reads no file and draws nothing: the command line opens the game chosen, and the
terminal app asks the question.

>>> import time
>>> from pathlib import Path
>>> from hearts.tui.saves import KeptGame, Saves
>>> def kept(id, finished=False):
...     return KeptGame(id, Path(id + ".json"), "modern", 4, ("expert",) * 3, 2, (0, 0, 0, 0),
...                     "points", time.time(), finished)
>>> games = [kept("b"), kept("a", finished=True), kept("c")]
>>> choose(Saves(Path("saves")), games, game=None, resume=False, new=False).offer_ids
('b', 'c')
>>> choose(Saves(Path("saves")), games, game=None, resume=True, new=False).game.id
'b'
>>> choose(Saves(Path("saves")), games, game="2", resume=False, new=False).game.id
'a'
>>> check_flags(game=None, resume=True, new=True, listing=False)
Traceback (most recent call last):
...
hearts.errors.InvalidArgument: --resume continues a kept game and --new starts one: give one of them
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from hearts.errors import InvalidArgument
from hearts.tui.saves import KeptGame, Saves

__all__ = ["Resume", "Start", "check_flags", "choose"]


@dataclass(frozen=True)
class Resume:
    """Go on with ``game`` at once, without asking."""

    game: KeptGame
    named: bool = False
    """Whether the person named the game (then the saves that cannot be read are not reported:
    the one named was found)."""


@dataclass(frozen=True)
class Start:
    """Start a new game; when unfinished games are kept, first offer them (``offer``, the last
    played first: the terminal app's choice continues it on Enter, another by its number)."""

    offer: tuple[KeptGame, ...] = ()

    @property
    def asks(self) -> bool:
        """Whether the person is asked first (else the new game is started and saved at once)."""
        return bool(self.offer)

    @property
    def offer_ids(self) -> tuple[str, ...]:
        """The ids of the games offered, the last played first."""
        return tuple(game.id for game in self.offer)


def check_flags(
    *, game: str | None, resume: bool, new: bool, listing: bool, given: Sequence[str] = ()
) -> None:
    """Refuse, with :class:`~hearts.errors.InvalidArgument`, flags of ``hearts play`` that
    contradict each other: ``--list`` with anything that plays, ``--resume`` (or a ``GAME``)
    with ``--new``, or a game resumed with ``given``, the options that make a new game.

    >>> check_flags(game="3", resume=False, new=False, listing=False, given=["--seed"])
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: --resume continues the saved game as it was: leave out --seed
    """
    if listing:
        if resume or new or game is not None:
            raise InvalidArgument(
                "--list only lists the kept games: give it alone (then --resume GAME or --new)"
            )
        return
    resume = resume or game is not None
    if resume and new:
        raise InvalidArgument(
            "--resume continues a kept game and --new starts one: give one of them"
        )
    if resume and given:
        raise InvalidArgument(
            f"--resume continues the saved game as it was: leave out {', '.join(given)}"
        )


def choose(
    saves: Saves, kept: Sequence[KeptGame], *, game: str | None, resume: bool, new: bool
) -> Resume | Start:
    """What ``hearts play`` does with the kept games ``kept`` (as ``saves.scan()`` lists them,
    the last played first), given its flags (already checked by :func:`check_flags`).

    A game named that is not kept raises :class:`~hearts.errors.InvalidArgument`, one whose
    file cannot be read :class:`~hearts.errors.InvalidRecord` (:meth:`Saves.find`); ``--resume``
    with no unfinished game kept, :class:`~hearts.errors.InvalidArgument`. A finished game is
    chosen when named (opening it says it is finished, and where its record is).
    """
    if game is not None:
        return Resume(saves.find(game, kept), named=True)
    unfinished = saves.unfinished(kept)
    if resume:
        if not unfinished:
            raise InvalidArgument(
                f"there is no game in progress to resume (none is kept in {saves.root})"
            )
        return Resume(unfinished[0])
    return Start(() if new else tuple(unfinished))
