"""The pass after the deal: each seat chooses cards to pass to the seat the hand's direction names.

The passes may be made in any order (a face lets every seat choose at once); the pass phase asks
first the first seat from the eldest hand on that has not passed. When the last seat has
passed, the cards change hands together and the play begins.

>>> from hearts import Game, variants
>>> game = Game(variants.get("modern"), seed=7)
>>> game.deal.phase.value, len(game.legal_moves())
('pass', 286)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from hearts.cards import CardSet, _cardset
from hearts.errors import IllegalMove
from hearts.events import Event, Passed
from hearts.hand.choices import PassChoices
from hearts.hand.core import HandCore, Phase
from hearts.hand.mechanic import Mechanic
from hearts.moves import Move, Pass
from hearts.rules import Rules

__all__ = ["Passing", "PassChoices"]

_PASS = Phase.PASS


class Passing(Mechanic):
    """The pass: its count, the hand's offset to the receiver, and what each seat passed."""

    __slots__ = ("count", "offset", "passes")

    phases: ClassVar = (_PASS,)
    moves: ClassVar = (Pass,)

    def __init__(self, hand: HandCore) -> None:
        self.count = hand.rules.pass_count
        self.offset = hand.pass_direction.offset(hand.rules.players)
        self.passes = [-1] * hand.rules.players  # each seat's pass as a mask; -1: not yet

    @classmethod
    def applies(cls, rules: Rules) -> bool:
        return rules.pass_count > 0

    def open(self, hand: HandCore) -> bool:
        if not self.offset:
            return False  # a hold hand
        hand._phase = _PASS
        hand._to_act = self.first_to_pass(hand)
        return True

    def first_to_pass(self, hand: HandCore) -> int:
        """The first seat from the eldest hand on that has not passed yet, or -1."""
        seat = hand.eldest()
        for _ in range(len(hand._fixed.active)):
            if self.passes[seat] < 0:
                return seat
            seat = hand._next[seat]
        return -1

    def legal_moves(self, hand: HandCore, seat: int | None) -> Sequence[Move]:
        seat = hand._to_act if seat is None else hand.seat_number(seat)
        if self.passes[seat] >= 0:
            return []
        return PassChoices(hand._hands[seat], self.count)

    def verify(self, hand: HandCore, move: Move, seat: int | None) -> None:
        if hand._phase is not _PASS:
            raise IllegalMove("it is time to play a card")
        if not isinstance(move, Pass):
            raise IllegalMove(
                f"it is time to pass: choose {self.count} cards to pass {hand.pass_direction.value}"
            )
        seat = hand._to_act if seat is None else hand.seat_number(seat)
        if self.passes[seat] >= 0:
            raise IllegalMove(f"seat {seat} has already passed")
        mask = move.cards.mask
        if mask.bit_count() != self.count:
            raise IllegalMove(f"pass exactly {self.count} cards, not {mask.bit_count()}")
        missing = mask & ~hand._hands[seat]
        if missing:
            raise IllegalMove(f"seat {seat} does not hold {CardSet(missing).symbols()}")

    def apply(self, hand: HandCore, move: Move, seat: int | None) -> Event:
        assert isinstance(move, Pass)
        return self.give(hand, hand._to_act if seat is None else seat, move.cards.mask)

    def ready(self, hand: HandCore, seat: int, mask: int) -> bool:
        """Whether ``seat`` may pass ``mask`` now (the checks of :meth:`verify`, in short)."""
        return (
            0 <= seat < len(self.passes)
            and self.passes[seat] < 0
            and mask.bit_count() == self.count
            and not mask & ~hand._hands[seat]
        )

    def give(self, hand: HandCore, seat: int, mask: int) -> Event:
        """``seat`` passes the cards of ``mask`` (checked); the last pass starts the play."""
        passes = self.passes
        last = passes.count(-1) == 1 + (hand._fixed.sits_out is not None)
        # Only the passer's hand and the seat to act change, and with the last pass the cards
        # change hands and the play starts (the leader too): a short record undoes either.
        hand._stack.append((self, seat, mask, hand._to_act, hand._leader))
        hand._legal = -1
        passes[seat] = mask
        hand._hands[seat] &= ~mask
        players = len(passes)
        event = Passed(seat, _cardset(mask), (seat + self.offset) % players)
        hand._events.append(event)
        if not last:
            hand._to_act = self.first_to_pass(hand)
            return event
        for giver in hand._fixed.active:
            hand._hands[(giver + self.offset) % players] |= passes[giver]
        hand.start_play()
        return event

    def undo(self, hand: HandCore, record: tuple[Any, ...]) -> None:
        _, seat, mask, hand._to_act, leader = record
        passes = self.passes
        if hand._phase is not _PASS:  # the last pass: the cards passed go back first
            players = len(passes)
            for giver in hand._fixed.active:
                hand._hands[(giver + self.offset) % players] &= ~passes[giver]
            hand._leader = leader
            hand._phase = _PASS
        hand._hands[seat] |= mask
        passes[seat] = -1
        hand._events.pop()

    def copy(self) -> Passing:
        other = object.__new__(Passing)
        other.count = self.count
        other.offset = self.offset
        other.passes = self.passes.copy()
        return other

    def save(self) -> Any:
        return tuple(self.passes)

    def load(self, state: Any) -> None:
        self.passes = list(state)

    def view(self, hand: HandCore, seat: int | None) -> dict[str, Any]:
        if seat is None:
            return {}  # (a watcher sees no card passed)
        return {"passed": self.passed(seat), "received": self.received(hand, seat)}

    def passed(self, seat: int) -> CardSet | None:
        """The cards ``seat`` passed, or None if it has not passed."""
        mask = self.passes[seat]
        return None if mask < 0 else CardSet(mask)

    def received(self, hand: HandCore, seat: int) -> CardSet | None:
        """The cards passed to ``seat``, once every seat has passed (else None)."""
        if hand._phase is _PASS or not self.offset:
            return None
        return CardSet(self.passes[(seat - self.offset) % len(self.passes)])
