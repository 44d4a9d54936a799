"""The cards left over from the deal: Heartsette's widow and Cancellation Hearts' leftovers.

They lie face down (recorded as the Dealt event's stock) and go to the seat that takes the
first trick: with that trick (Cancellation Hearts' default, Heartsette's ``widow=first-trick``),
with the last trick instead (``widow=last-trick``), or, Heartsette's default
(``widow=discard``), into the first trick's winner's hand, who then discards as many cards
face down; the discards count against him.

>>> from hearts import Deal, variants
>>> deal = Deal.from_hands(variants.get("heartsette"), [
...     "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
...     "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"],
...     stock="AC AD AH")
>>> deal.widow
CardSet.parse('AC AD AH')
>>> deal.public_view().widow
WidowView(size=3, goes='discard', taker=None)

A view says how many cards the widow has, how it goes and, once taken, who took it
(:class:`WidowView`); never its cards, which lie face down (the seat that takes it by the
discard holds them in its hand, and sees them there).

Nor what they count, while the hand is played (docs/rules.md §5.5, §7.2): a widow that goes with
a trick is taken unseen, by its taker too, so no seat's penalties count it and the trick it went
with shows only its own points (and those of the tricks carried to it); Heartsette's discards
count in their discarder's penalties as he sees them, in no other seat's. Once the last trick is
taken the tricks are counted: every view's penalties are the whole truth, as the hand's result.

>>> for card in ("2C", "2D", "3S", "2H"):    # seat 0 takes the first trick, and the widow
...     _ = deal.play(card)
>>> deal.play("discard AC AD AH")
Discarded(seat=0, cards=CardSet.parse('AC AD AH'), points=1)
>>> deal.penalties(), deal.view(0).penalties, deal.view(1).penalties
((2, 0, 0, 0), (2, 0, 0, 0), (1, 0, 0, 0))
>>> deal.view(1).events[-1]
Discarded(seat=0, cards=CardSet.parse(''), points=None)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar, Literal

from hearts.cards import CardSet
from hearts.errors import IllegalMove
from hearts.events import Discarded, Event
from hearts.hand.choices import PassChoices
from hearts.hand.mechanic import Hand, Mechanic
from hearts.hand.phase import Phase
from hearts.moves import Discard, Move
from hearts.rules import Rules, Widow

__all__ = ["WidowCards", "WidowView", "goes_with_first_trick"]

_DISCARD, _PLAY = Phase.DISCARD, Phase.PLAY


def goes_with_first_trick(rules: Rules) -> bool:
    """Whether a hand of these rules has a widow that goes face down with the first trick taken
    (Cancellation Hearts' default, Heartsette's ``widow=first-trick``): that trick's points, as
    the log records them, count the widow's, which no seat sees while the hand is played.

    >>> from hearts import variants
    >>> goes_with_first_trick(variants.get("cancellation"))
    True
    >>> goes_with_first_trick(variants.get("heartsette")), goes_with_first_trick(variants.get("modern"))
    (False, False)
    """
    if rules.packs == 1 and rules.widow is Widow.NONE:
        return False
    return rules.widow is not Widow.DISCARD and not rules.widow_with_last_trick


@dataclasses.dataclass(frozen=True, slots=True)
class WidowView:
    """The widow as every seat (and a watcher) sees it: face down, so its size, not its cards.

    >>> WidowView(size=4, goes="first-trick", taker=2).taker
    2
    """

    size: int
    """How many cards it has (they lie face down)."""
    goes: Literal["discard", "first-trick", "last-trick"]
    """How it goes: into the first trick's winner's hand, who discards as many (``discard``),
    with the first trick taken (``first-trick``) or with the last trick (``last-trick``)."""
    taker: int | None
    """The seat that took it; None until it is taken."""


class WidowCards(Mechanic):
    """The widow: its cards, and where they go (first trick, last trick, or a discard)."""

    __slots__ = ("cards", "discard", "face_down", "last_trick")

    phases: ClassVar = (_DISCARD,)
    moves: ClassVar = (Discard,)
    hooks: ClassVar = frozenset({"gains", "after_trick"})

    def __init__(self, hand: Hand) -> None:
        rules = hand.rules
        self.cards = hand.take_stock()  # the widow is no stock to draw from
        self.discard = rules.widow is Widow.DISCARD
        self.last_trick = rules.widow_with_last_trick
        self.face_down = 0
        """What the widow counts, when it goes face down with the first trick taken (else 0):
        the points of that trick no seat sees while the hand is played."""
        if not (self.discard or self.last_trick):
            # It goes with the first trick: the first cards carried to a trick's winner.
            self.face_down = hand.card_value_sum(self.cards)
            hand.carry(self.cards, self.face_down)

    @classmethod
    def applies(cls, rules: Rules) -> bool:
        return rules.packs > 1 or rules.widow is not Widow.NONE

    @classmethod
    def absent(cls, move: Move) -> str:
        return "this form has no widow to take: there is nothing to discard"

    def gains(self, hand: Hand, last: bool) -> tuple[int, int]:
        """The widow for the winner of the last trick (``widow=last-trick``)."""
        if last and self.last_trick:
            return self.cards, hand.card_value_sum(self.cards)
        return 0, 0

    def after_trick(self, hand: Hand, winner: int) -> bool:
        """``widow=discard``: the widow into the first trick's winner's hand, who begins the
        discard."""
        if not self.discard or len(hand.history) != 1:
            return False
        hand.give_cards(winner, self.cards)
        hand.turn_to(winner, _DISCARD)
        return True

    def legal_moves(self, hand: Hand, seat: int | None) -> Sequence[Move]:
        if seat is not None and hand.seat_number(seat) != hand.acting:
            return []
        return PassChoices(hand.held(hand.acting), self.cards.bit_count(), Discard)

    def verify(self, hand: Hand, move: Move, seat: int | None) -> None:
        if hand.phase is not _DISCARD:
            if isinstance(move, Discard):
                if not self.discard:
                    raise IllegalMove(self.absent(move), seat=seat, move=move)
                raise IllegalMove(
                    "only the winner of the first trick discards, once he has taken the widow",
                    seat=seat,
                    move=move,
                )
            raise IllegalMove("it is time to play a card", seat=seat, move=move)
        to_act = hand.acting
        if seat is not None and hand.seat_number(seat) != to_act:
            raise IllegalMove(
                "it is {to_act}'s turn, not {seat}'s", seat=seat, move=move, to_act=to_act
            )
        count = self.cards.bit_count()
        if not isinstance(move, Discard):
            raise IllegalMove(
                f"{{to_act}} took the widow: discard {count} cards first ('discard 2C 3C ...')",
                seat=seat,
                move=move,
                to_act=to_act,
            )
        mask = move.cards.mask
        if mask.bit_count() != count:
            raise IllegalMove(
                f"discard exactly {count} cards, as many as the widow, not {mask.bit_count()}",
                seat=seat,
                move=move,
            )
        missing = mask & ~hand.held(to_act)
        if missing:
            raise IllegalMove(
                f"{{to_act}} does not hold {CardSet(missing).symbols()}",
                seat=seat,
                move=move,
                to_act=to_act,
            )

    def apply(self, hand: Hand, move: Move, seat: int | None) -> Event:
        """Lay the discards face down; they count against the seat that took the widow."""
        assert isinstance(move, Discard)
        mask = move.cards.mask
        seat = hand.acting
        hand.remember_all()
        hand.remove_cards(seat, mask)
        points = hand.card_value_sum(mask)
        hand.score(seat, mask, points)
        event = hand.log(Discarded(seat, CardSet(mask), points))
        self.end(hand)
        return event

    def end(self, hand: Hand) -> None:
        """The discard is made: the play goes on, the discarder (who took the trick) to lead."""
        hand.turn_to(hand.acting, _PLAY)

    def penalties_seen(self, hand: Hand, seat: int | None) -> tuple[int, ...]:
        """Each seat's penalties as ``seat`` sees them (None: a watcher): while the hand is
        played, without the points of cards that lie face down where ``seat`` has not seen
        them (a widow gone with the first trick, another seat's discards); once the last trick
        is taken, the whole truth."""
        points = hand.penalty_points
        phase = hand.phase
        if phase is not _PLAY and phase is not _DISCARD:
            return tuple(points)
        taker, hidden = -1, 0
        if self.face_down:
            cards = self.cards
            for other, taken in enumerate(hand.taken_masks):
                if taken & cards:  # the widow went with a trick this seat took, face down
                    taker, hidden = other, self.face_down
                    break
        elif self.discard and phase is _PLAY and hand.history:
            taker = hand.history[0].seat  # (the widow's taker, who discarded)
            if taker != seat:
                for event in hand.event_log:
                    if type(event) is Discarded:
                        hidden = event.points or 0
                        break
        if not hidden:
            return tuple(points)
        seen = list(points)
        seen[taker] -= hidden
        return tuple(seen)

    def view(self, hand: Hand, seat: int | None) -> dict[str, Any]:
        """The widow's size, how it goes and who took it: the same for every seat; and the
        penalties as ``seat`` sees them (:meth:`penalties_seen`), when face-down cards count."""
        goes: Literal["discard", "first-trick", "last-trick"]
        taker: int | None = None
        if self.discard:
            goes = "discard"
            history = hand.history
            if history:  # (one pack: the first trick is always won, by the widow's taker)
                taker = history[0].seat
        else:
            goes = "last-trick" if self.last_trick else "first-trick"
            cards = self.cards
            for other, taken in enumerate(hand.taken_masks):
                if taken & cards:  # its cards are among those this seat has taken
                    taker = other
                    break
        fields: dict[str, Any] = {
            "widow": WidowView(size=self.cards.bit_count(), goes=goes, taker=taker)
        }
        if taker is not None and not self.last_trick:
            fields["penalties"] = self.penalties_seen(hand, seat)
        return fields
