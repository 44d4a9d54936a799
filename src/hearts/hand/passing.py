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
from hearts.hand.mechanic import Hand, Mechanic
from hearts.hand.phase import Phase
from hearts.moves import Move, Pass
from hearts.rules import Rules

__all__ = ["Passing", "PassChoices"]

_PASS = Phase.PASS


class Passing(Mechanic):
    """The pass: its count, the hand's offset to the receiver, and what each seat passed."""

    __slots__ = ("count", "offset", "passes")

    phases: ClassVar = (_PASS,)
    moves: ClassVar = (Pass,)

    def __init__(self, hand: Hand) -> None:
        self.count = hand.rules.pass_count
        self.offset = hand.pass_direction.offset(hand.rules.players)
        self.passes = [-1] * hand.rules.players  # each seat's pass as a mask; -1: not yet

    @classmethod
    def applies(cls, rules: Rules) -> bool:
        return rules.pass_count > 0

    def begin(self, hand: Hand) -> bool:
        if not self.offset:
            return False  # a hold hand
        hand.turn_to(self.first_to_pass(hand), _PASS)
        return True

    def first_to_pass(self, hand: Hand) -> int:
        """The first seat from the eldest hand on that has not passed yet, or -1."""
        passes = self.passes
        seat = hand.eldest()
        if passes[seat] < 0:
            return seat  # (the common case, on the path of every pass: one look)
        following = hand.next_seat
        for _ in range(len(hand.seats) - 1):
            seat = following(seat)
            if passes[seat] < 0:
                return seat
        return -1

    def legal_moves(self, hand: Hand, seat: int | None) -> Sequence[Move]:
        seat = hand.acting if seat is None else hand.seat_number(seat)
        if self.passes[seat] >= 0:
            return []
        return PassChoices(hand.held(seat), self.count)

    def verify(self, hand: Hand, move: Move, seat: int | None) -> None:
        if hand.phase is not _PASS:
            raise IllegalMove("it is time to play a card", seat=seat, move=move)
        if not isinstance(move, Pass):
            raise IllegalMove(
                f"it is time to pass: choose {self.count} cards to pass {hand.pass_direction.value}",
                seat=seat,
                move=move,
            )
        seat = hand.acting if seat is None else hand.seat_number(seat)
        if self.passes[seat] >= 0:
            raise IllegalMove("{seat} has already passed", seat=seat, move=move)
        mask = move.cards.mask
        if mask.bit_count() != self.count:
            raise IllegalMove(
                f"pass exactly {self.count} cards, not {mask.bit_count()}", seat=seat, move=move
            )
        missing = mask & ~hand.held(seat)
        if missing:
            raise IllegalMove(
                f"{{seat}} does not hold {CardSet(missing).symbols()}", seat=seat, move=move
            )

    def apply(self, hand: Hand, move: Move, seat: int | None) -> Event:
        assert isinstance(move, Pass)
        return self.give(hand, hand.acting if seat is None else seat, move.cards.mask)

    def ready(self, hand: Hand, seat: int, mask: int) -> bool:
        """Whether ``seat`` may pass ``mask`` now (the checks of :meth:`verify`, in short)."""
        return (
            0 <= seat < len(self.passes)
            and self.passes[seat] < 0
            and mask.bit_count() == self.count
            and not mask & ~hand.held(seat)
        )

    def give(self, hand: Hand, seat: int, mask: int) -> Event:
        """``seat`` passes the cards of ``mask`` (checked); the last pass ends the phase."""
        passes = self.passes
        # Only the passer's hand and the seat to act change, and with the last pass the cards
        # change hands and the play starts (the leader too): a short record undoes either.
        hand.remember((self, seat, mask, hand.acting, hand.leader))
        passes[seat] = mask
        hand.remove_cards(seat, mask)
        event = hand.log(Passed(seat, _cardset(mask), (seat + self.offset) % len(passes)))
        to_pass = self.first_to_pass(hand)
        if to_pass >= 0:
            hand.turn_to(to_pass)
        else:
            self.end(hand)
        return event

    def end(self, hand: Hand) -> None:
        """Every seat has passed: the cards change hands together, and the play begins."""
        players = len(self.passes)
        for giver in hand.seats:
            hand.give_cards((giver + self.offset) % players, self.passes[giver])
        hand.start_play()

    def undo(self, hand: Hand, record: tuple[Any, ...]) -> None:
        _, seat, mask, to_act, leader = record
        passes = self.passes
        if hand.phase is not _PASS:  # the last pass: the cards passed go back first
            players = len(passes)
            for giver in hand.seats:
                hand.remove_cards((giver + self.offset) % players, passes[giver])
            hand.turn_to(to_act, _PASS, leader=leader)
        else:
            hand.turn_to(to_act)
        hand.give_cards(seat, mask)
        passes[seat] = -1
        hand.unlog()

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

    def view(self, hand: Hand, seat: int | None) -> dict[str, Any]:
        if seat is None:
            return {}  # (a watcher sees no card passed)
        return {"passed": self.passed(seat), "received": self.received(hand, seat)}

    def passed(self, seat: int) -> CardSet | None:
        """The cards ``seat`` passed, or None if it has not passed."""
        mask = self.passes[seat]
        return None if mask < 0 else CardSet(mask)

    def received(self, hand: Hand, seat: int) -> CardSet | None:
        """The cards passed to ``seat``, once every seat has passed (else None)."""
        if hand.phase is _PASS or not self.offset:
            return None
        return CardSet(self.passes[(seat - self.offset) % len(self.passes)])
