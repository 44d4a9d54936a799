"""The shooter's choice (``settlement.moon=choice``, read as the derived ``rules.moon``): after
the last trick, old (the others score the total) or new (the shooter subtracts it), as a move of
the shooter's.

>>> from hearts import variants
>>> modern = variants.get("modern")
>>> MoonChoosing.applies(modern.replace(settlement={"moon": "choice"})), MoonChoosing.applies(modern)
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from hearts.errors import IllegalMove
from hearts.events import Event, MoonChosen
from hearts.hand.core import STATE, HandCore, Phase
from hearts.hand.mechanic import Mechanic
from hearts.moves import MoonChoice, Move
from hearts.rules import Moon, Rules

__all__ = ["MoonChoosing"]

_MOON = Phase.MOON


class MoonChoosing(Mechanic):
    """The moon choice: the phase after the last trick when a seat has shot, and its choice."""

    __slots__ = ("choice",)

    phases: ClassVar = (_MOON,)
    moves: ClassVar = (MoonChoice,)
    hooks: ClassVar = frozenset({"at_end"})

    def __init__(self, hand: HandCore) -> None:
        self.choice: MoonChoice | None = None

    @classmethod
    def applies(cls, rules: Rules) -> bool:
        return rules.moon is Moon.CHOICE

    def at_end(self, hand: HandCore) -> bool:
        shooter = hand.shooter()
        if shooter is None:
            return False
        hand._phase = _MOON
        hand._to_act = shooter
        return True

    def legal_moves(self, hand: HandCore, seat: int | None) -> Sequence[Move]:
        if seat is not None and hand.seat_number(seat) != hand._to_act:
            return []
        return [MoonChoice.OLD, MoonChoice.NEW]

    def verify(self, hand: HandCore, move: Move, seat: int | None) -> None:
        if hand._phase is not _MOON:
            raise IllegalMove("it is time to play a card")
        if seat is not None and hand.seat_number(seat) != hand._to_act:
            raise IllegalMove(f"it is seat {hand._to_act}'s turn, not seat {seat}'s")
        if not isinstance(move, MoonChoice):
            raise IllegalMove("you shot the moon: choose 'moon old' (others +26) or 'moon new'")

    def apply(self, hand: HandCore, move: Move, seat: int | None) -> Event:
        assert isinstance(move, MoonChoice)
        hand._stack.append((STATE, hand.snapshot()))
        hand._legal = -1
        self.choice = move
        event = MoonChosen(seat=hand._to_act, choice=move.value)
        hand._events.append(event)
        hand.finish()
        return event

    def copy(self) -> MoonChoosing:
        other = object.__new__(MoonChoosing)
        other.choice = self.choice
        return other

    def save(self) -> Any:
        return self.choice

    def load(self, state: Any) -> None:
        self.choice = state
