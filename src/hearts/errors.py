"""Errors raised by the Hearts engine.

Every error a user can cause is a :class:`HeartsError` (a :class:`ValueError`), whose message is a
sentence in the game's own words. The engine checks before it changes anything, so the state of a
deal or a game is exactly as it was after any of these is raised.

The kinds say what was wrong::

    HeartsError (ValueError)        anything the engine refuses
    ├── IllegalMove                 a move the rules do not allow now (in this position)
    ├── InvalidArgument             a value a function does not take: of the wrong kind, out of
    │   │                           range, or clashing with another argument
    │   ├── InvalidCard             card text or a card number that denotes no card
    │   └── UnknownName (+ LookupError)
    │                               a name that names nothing: no such variant, bot, ...
    ├── InvalidRules                rules whose options are out of range or contradict each other
    └── InvalidRecord               a record (JSON) that is malformed or does not match its game

A move is judged against a position: a :class:`IllegalMove` is a move of the right shape that
this seat may not make now (another seat's turn, the wrong phase, a card it must not play). A
value that is no move at all (``None``, a list of cards, text that reads as no move) is an
:class:`InvalidArgument`, whatever the position.

:class:`InvalidArgument` is deliberately not a :class:`TypeError` as well: it covers values out of
range (``dealer=9``) as much as values of the wrong type (``seed="x"``), and ``except TypeError``
should not catch a seat number that is too large. Being a :class:`HeartsError`, and so a
:class:`ValueError`, every kind is caught by the code that caught the engine's errors before the
kinds were told apart. :class:`UnknownName` is also a :class:`LookupError`, as a missing key is.

>>> try:
...     raise IllegalMove("you must follow suit: you hold a club")
... except HeartsError as error:
...     print(error)
you must follow suit: you hold a club
>>> error = UnknownName.among("bot", "expret", ["random", "basic", "expert"])
>>> print(error)
there is no bot 'expret'; did you mean expert?
>>> error.suggestion, isinstance(error, InvalidArgument), isinstance(error, LookupError)
('expert', True, True)
>>> [kind.__name__ for kind in UnknownName.__mro__[:6]]
['UnknownName', 'InvalidArgument', 'HeartsError', 'ValueError', 'LookupError', 'Exception']
>>> issubclass(InvalidCard, InvalidArgument), issubclass(InvalidArgument, TypeError)
(True, False)

An error that names seats carries them as fields, not only as text: its sentence is a template
whose ``{fields}`` are seat numbers, so a face can say them its own way (by name, from 1, "you")
without reading numbers back out of the text. An :class:`IllegalMove` also carries the seat that
tried the move and the move:

>>> error = IllegalMove("it is {to_act}'s turn, not {seat}'s", seat=0, move="2♣", to_act=2)
>>> print(error)
it is seat 2's turn, not seat 0's
>>> error.seat, error.move, error.seats
(0, '2♣', {'to_act': 2, 'seat': 0})
>>> error.said(lambda seat: f"player {seat + 1}", lambda seat: f"player {seat + 1}'s")
"it is player 3's turn, not player 1's"
"""

from __future__ import annotations

import difflib
import string
from collections.abc import Callable, Iterable
from typing import Any

__all__ = [
    "HeartsError",
    "IllegalMove",
    "InvalidArgument",
    "InvalidCard",
    "UnknownName",
    "InvalidRules",
    "InvalidRecord",
]


def _whom(seat: int) -> str:
    return f"seat {seat}"


def _whose(seat: int) -> str:
    return f"seat {seat}'s"


class HeartsError(ValueError):
    """Base class of every error the engine raises for bad input.

    ``text`` is the sentence; given seats as keywords (``to_act=2``), it is a template naming
    them as ``{to_act}`` (and ``{to_act}'s``), and :attr:`seats` holds them. ``str(error)`` says
    a seat as "seat N" (numbered from 0, as the API numbers seats); :meth:`said` lets a face say
    them its own way. With no seats the text is taken as it is (braces and all).
    """

    template: str
    """The sentence, with a ``{name}`` where each of :attr:`seats` is said."""
    seats: dict[str, int]
    """The seats the sentence names, by the names its template gives them."""

    def __init__(self, text: str = "", /, **seats: int) -> None:
        self.template = text if seats else text.replace("{", "{{").replace("}", "}}")
        self.seats = dict(seats)
        super().__init__(self.said(_whom, _whose))

    def said(self, whom: Callable[[int], str], whose: Callable[[int], str]) -> str:
        """The sentence with each seat said by ``whom`` (``{seat}``) or ``whose`` (``{seat}'s``,
        which then replaces the ``'s``).

        >>> error = IllegalMove("{seat} cannot claim a revoke of its own", seat=3)
        >>> error.said(lambda seat: "you" if seat == 3 else f"seat {seat}", str)
        'you cannot claim a revoke of its own'
        """
        parts: list[str] = []
        named: str | None = None  # (the seat just named: whose or whom by what follows it)
        for literal, field, _, _ in string.Formatter().parse(self.template):
            if named is not None and literal.startswith("'s"):
                parts.append(whose(self.seats[named]))
                literal = literal[2:]
            elif named is not None:
                parts.append(whom(self.seats[named]))
            parts.append(literal)
            named = field
        if named is not None:
            parts.append(whom(self.seats[named]))
        return "".join(parts)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_remake, (type(self), self.template, self.seats, self.__dict__))


def _remake(
    kind: type[HeartsError], template: str, seats: dict[str, int], fields: dict[str, Any]
) -> HeartsError:
    """An error read back from a pickle (a bot's worker sends its refusals whole)."""
    error = kind.__new__(kind)
    error.__dict__.update(fields)
    error.template, error.seats = template, seats
    ValueError.__init__(error, error.said(_whom, _whose))
    return error


class IllegalMove(HeartsError):
    """A move the rules do not allow now: wrong seat, wrong phase, or against a rule of play.

    :attr:`seat` is the seat the move was tried for and :attr:`move` the move (a move or a card),
    when the refusal knows them; a template's ``{seat}`` names :attr:`seat`.
    """

    seat: int | None
    """The seat that tried the move (None when the refusal does not know it)."""
    move: object
    """The move refused (None when the refusal does not know it)."""

    def __init__(
        self, text: str = "", /, *, seat: int | None = None, move: object = None, **seats: int
    ) -> None:
        self.seat = seat
        self.move = move
        if seat is not None and "{seat}" in text:
            seats = {**seats, "seat": seat}
        super().__init__(text, **seats)


class InvalidArgument(HeartsError):
    """A value a function does not take: of the wrong kind (``Game("modern")``), out of range
    (``dealer=9``), clashing with another argument (a seed and a generator), or given as a move
    when it is no move at all."""


class InvalidCard(InvalidArgument):
    """A card name or card number that does not denote a card (``"1X"``, ``99``)."""


class UnknownName(InvalidArgument, LookupError):
    """A name that names nothing of its kind: no variant ``"modren"``, no bot ``"expret"``.

    :meth:`among` makes one that suggests the closest name, or lists the names there are.
    ``name`` is the name given, ``choices`` the names there are and ``suggestion`` the closest
    of them (or None); they are empty when the error was made from a message alone.
    """

    name: object = None
    choices: tuple[str, ...] = ()
    suggestion: str | None = None

    @classmethod
    def among(
        cls,
        kind: str,
        name: object,
        choices: Iterable[str],
        *,
        key: str | None = None,
        also: Iterable[str] = (),
        where: str = "",
    ) -> UnknownName:
        """The error for ``name``, not one of the ``choices`` of its ``kind``: it suggests the
        closest of them (or of the other names ``also`` accepted), or else lists them.

        ``key`` is the name as it was looked up (lower case, say), for the suggestion; ``where``
        says where the names were looked for.

        >>> print(UnknownName.among("variant", "zzz", ["modern", "classic"]))
        there is no variant 'zzz'; choose from: modern, classic
        >>> print(UnknownName.among("bot", "basc", ["basic"], where=" in this arena"))
        there is no bot 'basc' in this arena; did you mean basic?
        """
        names = tuple(choices)
        if key is None:
            key = name.strip().lower() if isinstance(name, str) else ""
        close = difflib.get_close_matches(key, [*names, *also], n=1) if key else []
        hint = f"did you mean {close[0]}?" if close else f"choose from: {', '.join(names)}"
        error = cls(f"there is no {kind} {name!r}{where}; {hint}")
        error.name = name
        error.choices = names
        error.suggestion = close[0] if close else None
        return error


class InvalidRules(HeartsError):
    """A :class:`~hearts.rules.Rules` value whose options are out of range or contradict each other."""


class InvalidRecord(HeartsError):
    """A game record (JSON) that is malformed or does not match the game it claims to be."""
