"""A person's game against computer players, without the screen: :class:`Session`.

The terminal app draws a session and sends it the keys' moves; everything here is plain Python
so that it can be tested, saved and resumed without a terminal. The person sits in seat 0 and
sees only ``view(0)``; the other seats are bots from :mod:`hearts.bots`. Every rule is the
core's: a move the rules refuse raises :class:`~hearts.errors.IllegalMove` with the reason and
changes nothing.

>>> from hearts import variants
>>> session = Session.new(variants.get("modern"), ["basic"] * 3, seed=5)
>>> session.seat_name(1), session.seat_name(2), session.seat_name(3)
('West', 'North', 'East')
>>> session.bots_to_move()            # in the pass, the bots choose first
[1, 2, 3]
>>> for seat in session.bots_to_move():
...     _ = session.bot_move(seat)
>>> session.my_turn
True
>>> session.play(session.view.hand.cards()[0])
Traceback (most recent call last):
...
hearts.errors.IllegalMove: it is time to pass: choose 3 cards to pass left
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from hearts import bots as bot_registry
from hearts import record, variants
from hearts.bots.base import Bot
from hearts.bots.expert import Hint, hint
from hearts.deal import Phase
from hearts.errors import HeartsError, IllegalMove, InvalidArgument, InvalidRecord
from hearts.events import Event
from hearts.game import Game
from hearts.moves import Move
from hearts.observation import SeatView
from hearts.rules import Rules

__all__ = ["ME", "SAVE_FORMAT", "Session", "seat_names"]

ME: Final = 0
"""The person's seat."""

HINT_SECONDS: Final = 0.5
"""Seconds the expert thinks for a hint."""

SAVE_FORMAT: Final = "hearts-play"
"""The ``format`` of a saved game (a game record with the table's seats and bots)."""

_COMPASS: Final[dict[int, tuple[str, ...]]] = {
    2: ("You", "North"),
    3: ("You", "West", "East"),
    4: ("You", "West", "North", "East"),
}


def seat_names(players: int) -> tuple[str, ...]:
    """What the faces call each seat: the person is "You"; the others by where they sit (play
    goes to the left, so seat 1 sits on your left).

    >>> seat_names(4)
    ('You', 'West', 'North', 'East')
    >>> seat_names(6)[1:]
    ('Seat 1', 'Seat 2', 'Seat 3', 'Seat 4', 'Seat 5')
    """
    return _COMPASS.get(players, ("You", *(f"Seat {seat}" for seat in range(1, players))))


@dataclass
class Session:
    """One game: the person in seat 0, bots in the other seats, and the person's undo points."""

    game: Game
    bot_names: tuple[str, ...]
    """The bot in each seat other than the person's (seat 1 first)."""
    seed: int
    think: float | None = None
    """Seconds a move for the bots that search (their default when None)."""
    variant: str = ""
    """The preset's name as the person gave it (for the title and the rules page); by
    default the name of the rules (:func:`hearts.variants.name_of`)."""
    checkpoints: list[tuple[int, int]] = field(default_factory=list)
    """Where the game stood before each of the person's moves: (hands dealt, moves made in the
    last). ``undo`` goes back to the last of them."""
    bots: dict[int, Bot] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        if not self.variant:
            self.variant = variants.name_of(self.game.rules)
        if len(self.bot_names) != self.game.players - 1:
            raise InvalidArgument(
                f"{self.game.players} players need {self.game.players - 1} bots, "
                f"not {len(self.bot_names)}"
            )
        if self.game.rules.laws:
            raise InvalidArgument(
                "the terminal game does not play by the laws (revokes and claims): "
                "play without --laws"
            )
        for seat, name in enumerate(self.bot_names, start=1):
            self.bots[seat] = bot_registry.get(name, seed=self.seed * 100 + seat, think=self.think)

    @classmethod
    def new(
        cls,
        rules: Rules,
        bot_names: Sequence[str],
        seed: int,
        think: float | None = None,
        variant: str = "",
    ) -> Session:
        """A new game of these rules against these bots (one name per other seat)."""
        return cls(Game(rules, seed=seed), tuple(bot_names), seed, think, variant)

    # ------------------------------------------------------------------ what the person sees

    @property
    def view(self) -> SeatView:
        """The person's view of the hand in progress: all the app ever shows."""
        return self.game.view(ME)

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.game.players

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.game.is_over

    def seat_name(self, seat: int) -> str:
        """The person ("You"), or where the seat sits."""
        return seat_names(self.players)[seat]

    @property
    def my_turn(self) -> bool:
        """Whether the person has a move to make now."""
        return not self.game.is_over and self.view.my_turn

    def bots_to_move(self) -> list[int]:
        """The bot seats that may move now: the one to act, or in a pass every bot still to
        choose (they choose before the person, who sees nothing of it until all have passed)."""
        deal = self.game.deal
        if self.game.is_over or deal.to_act is None:
            return []
        if deal.phase is Phase.PASS:
            return [seat for seat in self.bots if deal.passed(seat) is None]
        return [deal.to_act] if deal.to_act != ME else []

    # ------------------------------------------------------------------ moves

    def play(self, move: Move | str, *, checkpoint: bool = True) -> Event:
        """The person's move; raises :class:`IllegalMove` (and changes nothing) if the rules
        refuse it. ``checkpoint=False``: a move played for the person (the last tricks, once
        they change nothing), which ``undo`` goes back past."""
        if self.game.is_over:
            raise IllegalMove("the game is over")
        deal = self.game.deal
        if deal.phase is not Phase.PASS and deal.to_act != ME:
            raise IllegalMove(f"it is {self.seat_name(deal.to_act or 0)}'s turn, not yours")
        mark = self.position
        event = self.game.play(move, seat=ME)
        if checkpoint:
            self.checkpoints.append(mark)
        return event

    def bot_move(self, seat: int) -> Event:
        """Let a bot choose and make its move (it sees only its own view)."""
        move = self.bots[seat].choose(self.game.view(seat))
        return self.game.play(move, seat=seat)

    def can_undo(self) -> bool:
        """Whether the person has a move to take back."""
        return bool(self.checkpoints)

    def undo(self) -> None:
        """Take back the person's last move and every bot's move since (back to the moment
        before it); raises :class:`IllegalMove` when there is none."""
        if not self.checkpoints:
            raise IllegalMove("nothing to undo: you have not moved yet")
        mark = self.checkpoints[-1]
        if not (1, 0) <= mark <= self.position:
            raise IllegalMove("this undo point is not in this game: nothing was undone")
        self.checkpoints.pop()
        while self.position != mark:
            self.game.undo()

    @property
    def position(self) -> tuple[int, int]:
        """Where the game stands: (hands dealt, moves made in the last)."""
        return (len(self.game.hands), self.game.deal.moves_made)

    def hint(self, view: SeatView | None = None, think: float = HINT_SECONDS) -> Hint:
        """The expert's move for the person and a one-line reason, from the person's view
        (``view``: one taken earlier, so a thread can think while the game goes on)."""
        return hint(view if view is not None else self.view, think=think, seed=self.seed)

    # ------------------------------------------------------------------ saving

    def to_dict(self) -> dict[str, Any]:
        """The session as JSON data: the game's record and the table."""
        return {
            "format": SAVE_FORMAT,
            "version": 1,
            "variant": self.variant,
            "bots": list(self.bot_names),
            "seed": self.seed,
            "think": self.think,
            "checkpoints": [list(mark) for mark in self.checkpoints],
            "record": record.to_dict(self.game),
        }

    @classmethod
    def from_dict(cls, data: Any) -> Session:
        """A session from :meth:`to_dict`'s data; :class:`InvalidRecord` says what is wrong."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise InvalidRecord("this is not a saved game of `hearts play`")
        if data.get("version") != 1:
            raise InvalidRecord(f"saved game version {data.get('version')!r} is not supported")
        names = data.get("bots")
        seed = data.get("seed")
        think = data.get("think")
        marks = data.get("checkpoints", [])
        variant = data.get("variant", "")
        if not isinstance(variant, str):
            raise InvalidRecord("the saved game's 'variant' must be a name")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise InvalidRecord("the saved game's 'bots' must be a list of bot names")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InvalidRecord("the saved game's 'seed' must be a whole number")
        if think is not None and not (isinstance(think, int | float) and think > 0):
            raise InvalidRecord("the saved game's 'think' must be a positive number or null")
        if not isinstance(marks, list) or not all(
            isinstance(m, list) and len(m) == 2 and all(isinstance(x, int) for x in m)
            for m in marks
        ):
            raise InvalidRecord("the saved game's 'checkpoints' must be pairs of whole numbers")
        game = record.from_dict(data.get("record"))
        try:
            session = cls(game, tuple(names), seed, think, variant)
        except HeartsError as error:
            raise InvalidRecord(f"the saved game cannot be seated: {error}") from None
        points = [(m[0], m[1]) for m in marks]
        if points != sorted(points) or any(not (1, 0) <= p <= session.position for p in points):
            raise InvalidRecord(
                "the saved game's 'checkpoints' are not moves of its game: they must be in "
                "order and no later than where it stands"
            )
        session.checkpoints = points
        return session

    def save(self, path: Path) -> None:
        """Write the session to ``path`` atomically (a crash never leaves half a file)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(self.to_dict(), separators=(",", ":"))
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".saving-", suffix=".json")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    def finish(self, path: Path) -> Path | None:
        """The game is over: keep its record beside the save, in ``finished/`` (where
        ``hearts replay`` reads it), and remove the save so ``--resume`` finds no game in
        progress. Returns the record's path (None if the game is not over)."""
        if not self.game.is_over:
            return None
        done = path.parent / "finished"
        done.mkdir(parents=True, exist_ok=True)
        kept = done / f"game-{self.seed}.json"
        number = 1
        while kept.exists():  # the same seed played again: keep both
            number += 1
            kept = done / f"game-{self.seed}~{number}.json"
        record.dump(self.game, kept)
        path.unlink(missing_ok=True)
        return kept

    @classmethod
    def load(cls, path: Path) -> Session:
        """A saved session; :class:`InvalidRecord` (or ``OSError``) says why it cannot be."""
        return cls.from_dict(record.parse_json(path.read_bytes()))
