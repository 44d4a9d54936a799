"""Replaying a record's play: its moves replayed by the rules, hand by hand from the deals given,
and the record's events compared with the events the replay logs.

:mod:`hearts.verify` checks each hand's commitment and deal against the seed; the play check is
this module's: every move the record holds is played by the rules from the recorded deals, and
the first event of a hand that the replay does not reproduce is a :class:`Mismatch`, named by
the hand's move and the record's event. :class:`Mismatch` is importable from
:mod:`hearts.verify` too. Standard library only.

>>> Mismatch(1, 3, "trick_won", "move 1 ...").event
3
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from hearts import record
from hearts.errors import HeartsError, InvalidRecord
from hearts.events import Dealt, Event, ShuffleCommitted, first_difference, move_of
from hearts.game import Game
from hearts.rules import Rules

__all__ = ["Mismatch"]


@dataclasses.dataclass(frozen=True, slots=True)
class Mismatch:
    """The first place where a hand's recorded play parts from its replay by the rules."""

    move: int
    """The hand's moves up to this point, counted from 1 (0: before its first move)."""
    event: int | None
    """The record's index of the event (None: the record lacks an event the replay logs)."""
    kind: str
    """The kind of that event (where the record lacks one, of the replay's)."""
    text: str
    """All of it in a sentence: the move, the event and what differs."""


# ------------------------------------------------------------------------------ the replay

_Indexed = list[tuple[int, Event]]
"""Events with their index in the log they come from."""


def _by_hand(events: Sequence[Event]) -> tuple[_Indexed, dict[int, _Indexed]]:
    """A log split into what comes before the first deal and each hand's events by its number
    (a hand starts at a commitment or a deal of a hand number other than the current one)."""
    opening: _Indexed = []
    hands: dict[int, _Indexed] = {}
    current: int | None = None
    for index, event in enumerate(events):
        if isinstance(event, ShuffleCommitted | Dealt) and event.hand_number != current:
            current = event.hand_number
        (opening if current is None else hands.setdefault(current, [])).append((index, event))
    return opening, hands


def _is_move(event: Event) -> bool:
    try:
        return move_of(event) is not None
    except InvalidRecord:
        return True  # a move whose value is bad (refused when replayed)


class _Replay:
    """The record's moves replayed by the rules, hand by hand from the deals given, and the
    record's events compared with the events the replay logs."""

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        deals: Sequence[Dealt],
        events: Sequence[Event],
        stop: int | None = None,
    ) -> None:
        try:
            game = Game(rules, rng=random.Random(0), dealer=dealer, deals=deals)
        except HeartsError as error:  # pragma: no cover - the deals given are checked
            raise InvalidRecord(f"the record's rules cannot be dealt: {error}") from None
        # The first hand that cannot be replayed: its seed is not revealed and the record does
        # not hold its deal whole (a game in progress, as a client holds it).
        self.stop = stop
        cutoff = len(events)
        if stop is not None:
            later = _by_hand(events)[1].get(stop)
            if later:
                cutoff = later[0][0]
        # The record's event at which the rules refused its move, and why.
        self.refused: tuple[int, str] | None = None
        for index, event in enumerate(events[:cutoff]):
            try:
                move = move_of(event, index)
                if move is not None:
                    game.play(move[1], move[0])
            except HeartsError as error:
                reason = str(error).removeprefix(f"event {index} ({event.kind}): ")
                self.refused = (index, reason)
                break
        self.over = game.is_over
        self.opening, self.recorded = _by_hand(events)
        _, self.dealt = _by_hand(game.events)
        # The hand of the refused move (-1: before the first deal): the replay stops there.
        self._refused_in: int | None = None
        if self.refused is not None:
            self._refused_in = -1
            for number, hand in self.recorded.items():
                if any(index == self.refused[0] for index, _ in hand):
                    self._refused_in = number

    def check(self, number: int) -> tuple[bool, list[str], Mismatch | None]:
        """Whether hand ``number`` of the record is what the replay logs: (ok, problems, the
        first mismatch)."""
        if self.stop is not None and number >= self.stop:
            return (
                False,
                [
                    f"not replayed: the seed of hand {self.stop + 1} is not revealed and the "
                    "record does not hold its deal whole"
                ],
                None,
            )
        if self._refused_in is not None and number > self._refused_in:
            where = (
                f"of hand {self._refused_in + 1}"
                if self._refused_in >= 0
                else "before the first deal"
            )
            return False, [f"not replayed: the rules refused a move {where}"], None
        if number not in self.dealt:
            last = max(self.dealt, default=-1) + 1
            if self.over:
                return False, [f"by the rules the game is over after hand {last}"], None
            return False, [f"the record's moves end in hand {last}, before this hand"], None
        recorded = self.recorded.get(number, [])
        # (A hand recorded before claims were judged at its end has no judgement to compare.)
        replayed = record.as_recorded([e for _, e in recorded], [e for _, e in self.dealt[number]])
        mismatch = self._first_mismatch(
            [(i, e) for i, e in recorded if not _is_deal(e)],
            [e for e in replayed if not _is_deal(e)],
        )
        if mismatch is None:
            return True, [], None
        return False, [mismatch.text], mismatch

    def _first_mismatch(self, recorded: _Indexed, replayed: list[Event]) -> Mismatch | None:
        moves = 0
        for position in range(max(len(recorded), len(replayed))):
            if position >= len(recorded):
                theirs = replayed[position]
                more = len(replayed) - position - 1
                rest = f" (and {more} more)" if more else ""
                return Mismatch(
                    moves,
                    None,
                    theirs.kind,
                    f"{_after(moves)}, the replay logs a {theirs.kind} event{rest} that the "
                    "record's hand does not have",
                )
            index, ours = recorded[position]
            is_move = _is_move(ours)
            moves += is_move
            where = (
                f"move {moves}, event {index} ({ours.kind}),"
                if is_move
                else f"{_after(moves)}, event {index} ({ours.kind})"
            )
            if self.refused is not None and self.refused[0] == index:
                return Mismatch(
                    moves, index, ours.kind, f"{where} is refused by the rules: {self.refused[1]}"
                )
            if position >= len(replayed):
                return Mismatch(
                    moves,
                    index,
                    ours.kind,
                    f"{where} is not in the replay, in which the hand has no more events",
                )
            theirs = replayed[position]
            if ours != theirs:
                return Mismatch(
                    moves,
                    index,
                    ours.kind,
                    f"{where} is not what the rules make of the moves: {_difference(ours, theirs)}",
                )
        return None


def _is_deal(event: Event) -> bool:
    """The commitment and the deal are the deal check's; the play check compares the rest."""
    return isinstance(event, ShuffleCommitted | Dealt)


def _after(moves: int) -> str:
    return f"after move {moves}" if moves else "before the hand's first move"


def _difference(ours: Event, theirs: Event) -> str:
    """What differs between a recorded event and the replay's, in words."""
    if ours.kind != theirs.kind:
        return f"the replay logs a {theirs.kind} event there"
    difference = first_difference(ours, theirs)
    if difference is None:  # pragma: no cover - events that differ differ in a field
        return "it differs from the replay's"
    where, value, other_value = difference
    return f"its {where} is {value!r} in the record, but {other_value!r} in the replay"
