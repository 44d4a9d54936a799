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
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from hearts import bots as bot_registry
from hearts import record, variants
from hearts.bots.base import Bot
from hearts.bots.expert import ExpertBot, Hint, hint
from hearts.bots.helper import Helper
from hearts.bots.search import DEFAULT_THINK
from hearts.deal import Phase
from hearts.errors import HeartsError, IllegalMove, InvalidArgument, InvalidRecord
from hearts.events import Event
from hearts.game import Game
from hearts.moves import Call, Claim, Correct, Move, coerce_move
from hearts.observation import SeatView
from hearts.rules import Rules
from hearts.tui import words

__all__ = [
    "HELPED_THINK",
    "ME",
    "SAVE_FORMAT",
    "SAVE_VERSION",
    "Session",
    "seat_names",
    "table_helper",
]

ME: Final = 0
"""The person's seat."""

HINT_SECONDS: Final = 0.5
"""Seconds the expert thinks for a hint."""

HELPED_THINK: Final = 0.7
"""Seconds a move the table's experts think by default when a :class:`Helper` samples beside
them on a second core: about as many imagined deals as :data:`DEFAULT_THINK` alone (measured
in ``benchmarks/helper.py``), in well under the time."""

SAVE_FORMAT: Final = "hearts-play"
"""The ``format`` of a saved game (a game record with the table's seats and bots)."""

SAVE_VERSION: Final = 2
"""The ``version`` of the saves written now. Version 2 adds the table's settings (``speed``,
``no_color``), when the game was started and last played, where a finished game's record was
kept and a ``summary`` (hand, totals, finished) for listing without replaying; version 1 saves
(no settings: the speed is "normal", colour on) still load."""

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
    speed: str = "normal"
    """How fast the bots play (a name of :data:`hearts.tui.app.SPEEDS`), kept with the game."""
    no_color: bool = False
    """Whether the person chose to play without colour (``--no-color``), kept with the game."""
    created: float = 0.0
    """When the game was started (seconds since the epoch; 0 for a version 1 save)."""
    record_file: str = ""
    """Where the finished game's record was kept (:meth:`finish`); empty while it goes on."""
    bots: dict[int, Bot] = field(default_factory=dict, repr=False)
    helper: Helper | None = field(default=None, repr=False, compare=False)
    """The process that samples beside the experts and the hint (:meth:`use_helper`)."""

    def __post_init__(self) -> None:
        if not self.variant:
            self.variant = variants.name_of(self.game.rules)
        if len(self.bot_names) != self.game.players - 1:
            raise InvalidArgument(
                f"{self.game.players} players need {self.game.players - 1} bots, "
                f"not {len(self.bot_names)}"
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
        *,
        speed: str = "normal",
        no_color: bool = False,
    ) -> Session:
        """A new game of these rules against these bots (one name per other seat), with the
        table's settings kept in its save."""
        return cls(
            Game(rules, seed=seed),
            tuple(bot_names),
            seed,
            think,
            variant,
            speed=speed,
            no_color=no_color,
            created=time.time(),
        )

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
        refuse it; by the laws (``Rules(laws=True)``) a claim, a call of the exposed card of the
        seat to play, or the correction of a revoke in the trick on the table is made whoever's
        turn it is. ``checkpoint=False``: a move played for the person (the last tricks, once
        they change nothing), which ``undo`` goes back past."""
        if self.game.is_over:
            raise IllegalMove("the game is over")
        deal = self.game.deal
        anytime = isinstance(coerce_move(move), Claim | Call | Correct)  # (the laws: off turn)
        if deal.phase is not Phase.PASS and deal.to_act != ME and not anytime:
            raise IllegalMove(
                f"it is {self.seat_name(deal.to_act or 0)}'s turn, not yours", seat=ME, move=move
            )
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

    def use_helper(self, helper: Helper | None) -> None:
        """Let the experts at this table, and the hint, sample on a second core with
        ``helper`` (None: each alone). With the default budget (``think`` not given) the
        experts then think :data:`HELPED_THINK` seconds a move instead of
        :data:`~hearts.bots.search.DEFAULT_THINK`, and the levels that search
        (:mod:`hearts.bots.levels`) their own seconds in the same proportion: as many deals
        as alone, sooner."""
        self.helper = helper
        share = HELPED_THINK / DEFAULT_THINK if helper else 1.0
        for seat, bot in self.bots.items():
            if isinstance(bot, ExpertBot):
                bot.helper = helper
                think = bot_registry.think_for(self.bot_names[seat - 1], self.think, share=share)
                if think is not None:  # (the level's cap and the budget's checks: the bots')
                    bot.think = think

    def hint(self, view: SeatView | None = None, think: float = HINT_SECONDS) -> Hint:
        """The expert's move for the person and a one-line reason, from the person's view
        (``view``: one taken earlier, so a thread can think while the game goes on)."""
        view = view if view is not None else self.view
        return hint(view, think=think, seed=self.seed, helper=self.helper)

    # ------------------------------------------------------------------ saving

    def to_dict(self) -> dict[str, Any]:
        """The session as JSON data: the game's record, the table and its settings, and a
        summary of where the game stands (read by the list of kept games)."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "variant": self.variant,
            "bots": list(self.bot_names),
            "seed": self.seed,
            "think": self.think,
            "speed": self.speed,
            "no_color": self.no_color,
            "created": self.created,
            "played": time.time(),
            "record_file": self.record_file,
            "summary": self.summary(),
            "checkpoints": [list(mark) for mark in self.checkpoints],
            "record": record.to_dict(self.game),
        }

    def summary(self) -> dict[str, Any]:
        """Where the game stands, as the list of kept games shows it: the hand (1 first), each
        seat's total, whether they are points or counters, and whether the game is over."""
        return {
            "players": self.players,
            "hand": len(self.game.hands),
            "totals": words.totals_by_hand(self.game)[-1],
            "unit": "counters" if self.game.rules.counters else "points",
            "finished": self.game.is_over,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Session:
        """A session from :meth:`to_dict`'s data (this version or version 1);
        :class:`InvalidRecord` says what is wrong."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise InvalidRecord("this is not a saved game of `hearts play`")
        if data.get("version") not in (1, SAVE_VERSION):
            raise InvalidRecord(f"saved game version {data.get('version')!r} is not supported")
        names = data.get("bots")
        seed = data.get("seed")
        think = data.get("think")
        marks = data.get("checkpoints", [])
        variant = data.get("variant", "")
        speed = data.get("speed", "normal")
        no_color = data.get("no_color", False)
        created = data.get("created", 0.0)
        record_file = data.get("record_file", "")
        if not isinstance(variant, str):
            raise InvalidRecord("the saved game's 'variant' must be a name")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise InvalidRecord("the saved game's 'bots' must be a list of bot names")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise InvalidRecord("the saved game's 'seed' must be a whole number")
        if think is not None and not (isinstance(think, int | float) and think > 0):
            raise InvalidRecord("the saved game's 'think' must be a positive number or null")
        if not isinstance(speed, str) or not speed:
            raise InvalidRecord("the saved game's 'speed' must be the name of a speed")
        if not isinstance(no_color, bool):
            raise InvalidRecord("the saved game's 'no_color' must be true or false")
        if not isinstance(created, int | float) or isinstance(created, bool):
            raise InvalidRecord("the saved game's 'created' must be a time in seconds")
        if not isinstance(record_file, str):
            raise InvalidRecord("the saved game's 'record_file' must be a path")
        if not isinstance(marks, list) or not all(
            isinstance(m, list) and len(m) == 2 and all(isinstance(x, int) for x in m)
            for m in marks
        ):
            raise InvalidRecord("the saved game's 'checkpoints' must be pairs of whole numbers")
        game = record.from_dict(data.get("record"))
        try:
            session = cls(
                game,
                tuple(names),
                seed,
                think,
                variant,
                speed=speed,
                no_color=no_color,
                created=float(created),
                record_file=record_file,
            )
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

    def finish(self, folder: Path) -> Path | None:
        """The game is over: keep its record in ``folder`` (where ``hearts replay`` reads it)
        and remember where (:attr:`record_file`, written with the next save; the save itself
        stays, listed as finished). Returns the record's path (None if the game is not over);
        once kept, the same path again."""
        if not self.game.is_over:
            return None
        if self.record_file and Path(self.record_file).exists():
            return Path(self.record_file)
        folder.mkdir(parents=True, exist_ok=True)
        kept = folder / f"game-{self.seed}.json"
        number = 1
        while kept.exists():  # the same seed played again: keep both
            number += 1
            kept = folder / f"game-{self.seed}~{number}.json"
        record.dump(self.game, kept)
        self.record_file = str(kept)
        return kept

    @classmethod
    def load(cls, path: Path) -> Session:
        """A saved session; :class:`InvalidRecord` (or ``OSError``) says why it cannot be."""
        return cls.from_dict(record.parse_json(path.read_bytes()))


def table_helper() -> Helper | None:
    """A helper for the table's experts, its process started (it readies itself in the
    background), on a machine of two cores or more; None on one core, where it would only take
    turns with the bots for the same core."""
    if (os.cpu_count() or 1) < 2:
        return None
    helper = Helper()
    helper.start()
    return helper
