"""The undo records of a hand, and the commands its core offers the mechanics.

:class:`MechanicAPI` is the part of :class:`~hearts.hand.core.HandCore` that implements
:class:`~hearts.hand.mechanic.Hand` beyond the trick loop: the read-only properties a mechanic
reads the hand by, and the commands it changes the hand with (commit a move, hand the turn,
move cards). Each command keeps the hand's own bookkeeping, so no mechanic writes a slot of the
core. It holds no state: the core's slots are its (``__slots__`` is empty, so the accelerator's
``Core`` type may hold them).

Undo records are tuples whose first item says what they are: :data:`CARD` (a card that left its
trick open), :data:`TRICK` (a card that closed a trick, play going on), :data:`STATE` (a full
snapshot), or a mechanic (which undoes its own record).

>>> from hearts import Deal, variants
>>> deal = Deal.from_hands(variants.get("two-handed"), [
...     "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC", "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"],
...     stock="2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH")
>>> deal.acting, len(deal.stock_left), deal.trick_cards
(0, 26, ())
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from hearts.cards import Card
from hearts.events import Event, StockDrawn, TrickCarried, TrickWon

if TYPE_CHECKING:
    from hearts.hand.phase import Phase
    from hearts.hand.plan import Fixed

__all__ = ["MechanicAPI", "UndoTag", "CARD", "TRICK", "STATE"]


class UndoTag:
    """What an undo record is, as its first item (compared by identity, so a record of a
    mechanic, whose first item is the mechanic, is never taken for one)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


CARD: Final = UndoTag("CARD")
"""Undo record of a card that left its trick open: (CARD, seat, card, leader, broken)."""
TRICK: Final = UndoTag("TRICK")
"""Undo record of a card that closed a trick the plain way with play going on:
(TRICK, seat, card, broken, events, mask); the trick itself is the last of the history."""
STATE: Final = UndoTag("STATE")
"""Undo record holding a full snapshot: (STATE, snapshot)."""


_NO_SLOTS: tuple[str, ...] = ()


class MechanicAPI:
    """The commands and read-only properties of :class:`~hearts.hand.mechanic.Hand` (see there
    for each one's meaning), on the core's slots."""

    __slots__ = _NO_SLOTS  # (the core's slots are HandCore's, or the accelerator Core's)

    _fixed: Fixed
    _hands: list[int]
    _taken: list[int]
    _points: list[int]
    _trick: list[Card]
    _history: list[TrickWon | TrickCarried]
    _events: list[Event]
    _stack: list[tuple[Any, ...]]
    _values: tuple[int, ...]
    _penalty_mask: int
    _legal: int
    _phase: Phase
    _to_act: int
    _leader: int
    _broken: bool
    _stock_pos: int
    _carry: int
    _carry_points: int
    _next: tuple[int, ...]
    _closed: bool

    if TYPE_CHECKING:

        def snapshot(self) -> tuple[Any, ...]: ...

        def play_unchecked(self, seat: int, card: Card) -> Event: ...

    # ------------------------------------------------------------------ read

    @property
    def phase(self) -> Phase:
        """The phase the hand is in."""
        return self._phase

    @property
    def acting(self) -> int:
        """The seat to act (or the last to have acted, once the hand is over)."""
        return self._to_act

    @property
    def leader(self) -> int:
        """The seat that led the trick on the table (or leads the next)."""
        return self._leader

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats that take cards this hand."""
        return self._fixed.active

    @property
    def closed(self) -> bool:
        """Whether the hand has been settled by its game."""
        return self._closed

    @property
    def trick_cards(self) -> tuple[Card, ...]:
        """The cards of the trick on the table, in play order from its leader's."""
        return tuple(self._trick)

    @property
    def history(self) -> tuple[TrickWon | TrickCarried, ...]:
        """The tricks taken (or carried) so far, in order."""
        return tuple(self._history)

    @property
    def event_log(self) -> tuple[Event, ...]:
        """The hand's log so far (the whole truth: no seat's redaction)."""
        return tuple(self._events)

    @property
    def event_count(self) -> int:
        """How many events the log holds."""
        return len(self._events)

    @property
    def taken_masks(self) -> tuple[int, ...]:
        """Each seat's cards taken so far, as masks."""
        return tuple(self._taken)

    @property
    def penalty_points(self) -> tuple[int, ...]:
        """Each seat's penalty units taken so far."""
        return tuple(self._points)

    @property
    def stock_left(self) -> tuple[Card, ...]:
        """The cards left in the stock, top first."""
        return self._fixed.stock[self._stock_pos :]

    @property
    def win_masks(self) -> tuple[int, ...]:
        """For each suit led, the cards that may take the trick."""
        return self._fixed.win_masks

    def held(self, seat: int) -> int:
        """The cards ``seat`` holds, as a mask."""
        return self._hands[seat]

    def next_seat(self, seat: int) -> int:
        """The seat that plays after ``seat``."""
        return self._next[seat]

    # ------------------------------------------------------------------ commit a move

    def remember(self, record: tuple[Any, ...]) -> None:
        """Push an undo record whose first item is the mechanic (it takes the record back)."""
        self._stack.append(record)
        self._legal = -1

    def remember_all(self) -> None:
        """Push a full snapshot of the hand, the mechanics' state included."""
        self._stack.append((STATE, self.snapshot()))
        self._legal = -1

    def log(self, event: Event) -> Event:
        """Append ``event`` to the hand's log, and return it."""
        self._events.append(event)
        return event

    def unlog(self, count: int = 1) -> None:
        """Take the last ``count`` events back off the log."""
        if count == 1:
            self._events.pop()
        elif count > 0:
            del self._events[-count:]

    # ------------------------------------------------------------------ hand the turn

    def turn_to(self, seat: int, phase: Phase | None = None, *, leader: int | None = None) -> None:
        """``seat`` is to act now (in ``phase``, and ``leader`` leading, when given)."""
        self._to_act = seat
        if phase is not None:
            self._phase = phase
        if leader is not None:
            self._leader = leader
        self._legal = -1

    # ------------------------------------------------------------------ move cards

    def give_cards(self, seat: int, mask: int) -> None:
        """Put the cards of ``mask`` into ``seat``'s hand."""
        self._hands[seat] |= mask
        self._legal = -1

    def remove_cards(self, seat: int, mask: int) -> None:
        """Take the cards of ``mask`` out of ``seat``'s hand."""
        self._hands[seat] &= ~mask
        self._legal = -1

    def score(self, seat: int, mask: int, points: int) -> None:
        """Count the cards of ``mask``, worth ``points``, among those ``seat`` has taken."""
        self._taken[seat] |= mask
        self._points[seat] += points

    def draw(self, seat: int, until: int = 0) -> bool:
        """``seat`` draws the top card of the stock (logged); with ``until``, cards until it
        holds one of that mask. Whether it drew any (False: the stock is out, or it held one)."""
        stock = self._fixed.stock
        position = self._stock_pos
        hands = self._hands
        if position >= len(stock) or hands[seat] & until:
            return False
        events = self._events
        while position < len(stock):
            card = stock[position]
            position += 1
            hands[seat] |= 1 << card
            events.append(StockDrawn(seat=seat, card=card))
            if hands[seat] & until or not until:
                break
        self._stock_pos = position
        self._legal = -1
        return True

    def take_stock(self) -> int:
        """Take every card left in the stock, unlogged: their mask."""
        mask = 0
        for card in self._fixed.stock[self._stock_pos :]:
            mask |= 1 << card
        self._stock_pos = len(self._fixed.stock)
        return mask

    def carry(self, mask: int, points: int) -> None:
        """Add cards (and their points) to those the next trick's winner takes with it."""
        self._carry |= mask
        self._carry_points += points

    def quit_trick(self) -> None:
        """The trick on the table is gathered (once taken): the table is empty."""
        self._trick = []

    def take_back(self, position: int) -> tuple[tuple[int, Card], ...]:
        """The cards of the trick on the table from ``position`` on go back to their seats;
        hearts are broken again only by the cards still played."""
        plays = []
        owner = self._leader
        for card in self._trick:
            plays.append((owner, card))
            owner = self._next[owner]
        back = tuple(plays[position:])
        for owner, card in back:
            self._hands[owner] |= 1 << card
        del self._trick[position:]
        played = 0
        for trick in self._history:
            for card in trick.cards:
                played |= 1 << card
        for card in self._trick:
            played |= 1 << card
        self._broken = bool(played & self._fixed.break_mask)
        self._legal = -1
        return back

    def play_as(self, seat: int, card: Card, event: Event) -> None:
        """Play a card through the trick loop under the undo record pushed already, logged as
        ``event``."""
        depth = len(self._stack)
        at = len(self._events)
        self.play_unchecked(seat, card)
        del self._stack[depth:]
        self._events[at] = event

    # ------------------------------------------------------------------ counting, seating

    def count_as(self, values: tuple[int, ...], penalty_mask: int) -> None:
        """This hand's cards count ``values``, the cards that count ``penalty_mask``."""
        self._values = values
        self._penalty_mask = penalty_mask

    def reseat(self, following: tuple[int, ...]) -> None:
        """The seat that plays after each seat, from now on."""
        self._next = following
        self._legal = -1

    def only_legal(self, mask: int) -> None:
        """The seat to act may play only the cards of ``mask`` until the next move."""
        self._legal = mask
