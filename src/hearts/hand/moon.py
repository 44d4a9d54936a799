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
from hearts.hand.mechanic import Hand, Mechanic
from hearts.hand.phase import Phase
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

    def __init__(self, hand: Hand) -> None:
        self.choice: MoonChoice | None = None

    @classmethod
    def applies(cls, rules: Rules) -> bool:
        return rules.moon is Moon.CHOICE

    def at_end(self, hand: Hand) -> bool:
        """Every card is played: a seat that shot the moon begins the phase of its choice."""
        shooter = hand.shooter()
        if shooter is None:
            return False
        hand.turn_to(shooter, _MOON)
        return True

    def legal_moves(self, hand: Hand, seat: int | None) -> Sequence[Move]:
        if seat is not None and hand.seat_number(seat) != hand.acting:
            return []
        return [MoonChoice.OLD, MoonChoice.NEW]

    def verify(self, hand: Hand, move: Move, seat: int | None) -> None:
        if hand.phase is not _MOON:
            raise IllegalMove("it is time to play a card", seat=seat, move=move)
        if seat is not None and hand.seat_number(seat) != hand.acting:
            raise IllegalMove(
                "it is {to_act}'s turn, not {seat}'s", seat=seat, move=move, to_act=hand.acting
            )
        if not isinstance(move, MoonChoice):
            raise IllegalMove(
                "you shot the moon: choose 'moon old' (others +26) or 'moon new'",
                seat=seat,
                move=move,
            )

    def apply(self, hand: Hand, move: Move, seat: int | None) -> Event:
        assert isinstance(move, MoonChoice)
        hand.remember_all()
        self.choice = move
        event = hand.log(MoonChosen(seat=hand.acting, choice=move.value))
        self.end(hand)
        return event

    def end(self, hand: Hand) -> None:
        """The choice is made: the hand is over (unless another mechanic holds it open)."""
        hand.finish()

    def copy(self) -> MoonChoosing:
        other = object.__new__(MoonChoosing)
        other.choice = self.choice
        return other

    def save(self) -> Any:
        return self.choice

    def load(self, state: Any) -> None:
        self.choice = state
