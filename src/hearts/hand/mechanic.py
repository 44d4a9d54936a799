"""The interface every mechanic of a hand offers the hand that holds it.

A mechanic owns its state (the passes made, the bids, the revokes, ...), the phases it runs and
the moves it takes. The hand asks it, through these methods only, to start its phase, list its
legal moves, say why a move is not legal, apply a move (pushing an undo record that names the
mechanic), undo such a record, copy its state for search, save and restore its state for the
hand's full snapshots, and tell what it shows each seat. Mechanics that change the trick loop
also offer hooks, which the hand calls at fixed points only when a mechanic of the hand has them:

- ``after_trick(hand, winner)`` once a trick is taken (two-handed draws, Heartsette's widow);
- ``at_end(hand)`` when every card is played (the moon choice);
- ``at_finish(hand)`` before the hand is over (the laws' gathering, when claims close).

Each returns True when it has taken the hand into a phase of its own (the hand then waits for
that phase's moves). Three more plug points are taken by the first mechanic that names them
(:class:`~hearts.hand.core.Plan`): ``winner_at(hand, cards, last)``, the position of the card
that takes a trick, or -1 when nobody does (Cancellation Hearts); ``gains(hand, last)``, cards
and points added to a trick's winner (a widow with the last trick); ``play_card(hand, seat,
card)``, a mechanic that plays every card itself (Domino Hearts). ``laws`` marks the mechanic
the core asks about a called card (:class:`~hearts.hand.laws.Laws`). A mechanic names what it
defines in :attr:`Mechanic.hooks`; one left out there is never called. A new mechanic is a new module with a subclass of :class:`Mechanic`, listed
in :data:`hearts.deal.MECHANICS`.

>>> from hearts.hand.mechanic import Mechanic
>>> Mechanic.moves, Mechanic.phases
((), ())
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from hearts.errors import IllegalMove

if TYPE_CHECKING:
    from hearts.cards import Card
    from hearts.events import Event
    from hearts.hand.core import HandCore, Phase
    from hearts.moves import Move
    from hearts.rules import Rules

__all__ = ["Mechanic"]


class Mechanic:
    """One mechanic of a hand: its state, its phases and moves, its undo, copy and view."""

    __slots__ = ()

    phases: ClassVar[tuple[Phase, ...]] = ()
    """The phases of the hand this mechanic runs (it answers for their moves)."""
    moves: ClassVar[tuple[type, ...]] = ()
    """The kinds of move this mechanic takes (in any phase it allows them)."""
    hooks: ClassVar[frozenset[str]] = frozenset()
    """The trick-loop hooks it defines: any of after_trick, at_end, at_finish, winner_at,
    gains, play_card (and laws, the mark of the laws); the hand calls only those named here."""

    def __init__(self, hand: HandCore) -> None:
        """Its state at the start of ``hand``, just dealt (the hand's core is set up)."""

    @classmethod
    def applies(cls, rules: Rules) -> bool:
        """Whether a hand of these rules has this mechanic."""
        raise NotImplementedError

    @classmethod
    def absent(cls, move: Move) -> str:
        """What to say of one of its moves in a form without this mechanic."""
        return f"this form has no {cls.__name__.lower()}"

    def open(self, hand: HandCore) -> bool:
        """Start the hand in this mechanic's phase, if it opens the hand (True when it did)."""
        return False

    def legal_moves(self, hand: HandCore, seat: int | None) -> Sequence[Move]:
        """Its moves that ``seat`` (by default the seat to act) may make now."""
        return []

    def verify(self, hand: HandCore, move: Move, seat: int | None) -> None:
        """Raise :class:`~hearts.errors.IllegalMove` saying why ``move`` is not legal now."""
        raise IllegalMove(f"{move} is not a move of this phase")

    def apply(self, hand: HandCore, move: Move, seat: int | None) -> Event:
        """Apply a verified move, pushing an undo record whose first item is this mechanic."""
        raise NotImplementedError

    def undo(self, hand: HandCore, record: tuple[Any, ...]) -> None:
        """Take back the move of one of its own undo records."""
        raise NotImplementedError

    def copy(self) -> Mechanic:
        """An independent copy of its state, for a copy of the hand."""
        return self  # stateless mechanics share one object

    def save(self) -> Any:
        """Its state, for the hand's full snapshot (None: nothing changes)."""
        return None

    def load(self, state: Any) -> None:
        """Put back a state of :meth:`save`."""

    def view(self, hand: HandCore, seat: int | None) -> dict[str, Any]:
        """The fields of :class:`~hearts.observation.SeatView` it fills for ``seat`` (None: no
        seat, a watcher's :class:`~hearts.observation.PublicView`)."""
        return {}

    def after_trick(self, hand: HandCore, winner: int) -> bool:
        """A trick was just taken by ``winner``; True if a phase of its own follows."""
        return False

    def at_end(self, hand: HandCore) -> bool:
        """Every card is played; True if a phase of its own follows before the hand is over."""
        return False

    def at_finish(self, hand: HandCore) -> bool:
        """The hand is about to be over; True if a phase of its own holds it open."""
        return False

    def gains(self, hand: HandCore, last: bool) -> tuple[int, int]:
        """Cards (a mask) and their points to add to the trick being taken (``gains`` hook)."""
        return 0, 0

    def winner_at(self, hand: HandCore, cards: Sequence[Card], last: bool) -> int:
        """The trick rule (``winner_at`` hook): the position in ``cards`` of the card that takes
        the trick, or -1 when nobody does and it is carried to the next one."""
        raise NotImplementedError

    def play_card(self, hand: HandCore, seat: int, card: Card) -> Event:
        """Play any card of ``seat`` (``play_card`` hook: the mechanic runs every card itself)."""
        raise NotImplementedError
