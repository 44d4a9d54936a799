"""The two sides of a mechanic: what it offers the hand, and the small API the hand offers it.

A mechanic owns its state (the passes made, the bids, the revokes, ...), the phases it runs and
the moves it takes; the hand owns everything else. They meet here, and only here:

**What the hand calls** (:class:`Mechanic`): every phase of a hand has one shape, and the hand
drives each mechanic through it:

- ``begin(hand)``: open the hand in the mechanic's phase (the pass, the bidding), or say it
  does not (False); a mechanic whose phase comes later begins it from a hook (below);
- ``legal_moves(hand, seat)``, ``verify(hand, move, seat)``, ``apply(hand, move, seat)``: its
  moves, why one is not legal now, and the move made;
- ``undo(hand, record)``: take back one of its own undo records (a mechanic that commits full
  snapshots needs none: the hand undoes those itself);
- ``view(hand, seat)``: the fields of a seat's (or a watcher's) view it fills;
- ``end(hand)``: its phase is over: hand the hand on (by default, the play of the cards starts);
- ``copy``, ``save``, ``load``: its state, for a copy of the hand and its full snapshots.

Mechanics that change the trick loop also offer hooks, which the hand calls at fixed points only
when a mechanic of the hand names them in :attr:`Mechanic.hooks`:

- ``after_trick(hand, winner)`` once a trick is taken (two-handed draws, Heartsette's widow);
- ``at_end(hand)`` when every card is played (the moon choice);
- ``at_finish(hand)`` before the hand is over (the laws' gathering, when claims close).

Each returns True when it has begun a phase of its own (the hand then waits for that phase's
moves). Three more plug points are taken by the first mechanic that names them
(:class:`~hearts.hand.plan.Plan`): ``winner_at(hand, cards, last)``, the position of the card
that takes a trick, or -1 when nobody does (Cancellation Hearts); ``gains(hand, last)``, cards
and points added to a trick's winner (a widow with the last trick); ``play_card(hand, seat,
card)``, a mechanic that plays every card itself (Domino Hearts). ``laws`` marks the mechanic
the core asks about a called card (:class:`~hearts.hand.laws.Laws`). A new mechanic is a new
module with a subclass of :class:`Mechanic`, listed in :data:`hearts.deal.python.MECHANICS` (also
:data:`hearts.deal.MECHANICS`).

**What the hand offers** (:class:`Hand`): the ``hand`` every method above receives. A mechanic
reads the hand and changes it through these members only, never through its slots (a test holds
every module of :mod:`hearts.hand` to that): read-only properties and questions, and a few
commands, each of which keeps the hand's bookkeeping (the cache of legal cards, the log):

- *commit a move*: :meth:`Hand.remember` pushes the mechanic's own undo record (its first item
  the mechanic, which :meth:`Mechanic.undo` takes back), :meth:`Hand.remember_all` a full
  snapshot the hand takes back itself; :meth:`Hand.log` appends the move's event
  (:meth:`Hand.unlog` takes the last ones back);
- *hand the turn*: :meth:`Hand.turn_to` (the seat to act, and the phase and the trick's leader
  when they change), :meth:`Hand.start_play`, :meth:`Hand.finish`, :meth:`Hand.close_hand`,
  :meth:`Hand.end_of_play`;
- *move cards*: :meth:`Hand.give_cards`, :meth:`Hand.remove_cards`, :meth:`Hand.score`,
  :meth:`Hand.draw`, :meth:`Hand.take_stock`, :meth:`Hand.carry`, :meth:`Hand.put_card`,
  :meth:`Hand.take`, :meth:`Hand.quit_trick`, :meth:`Hand.take_back`, :meth:`Hand.play_as`;
- *change the counting or the seating*: :meth:`Hand.count_as`, :meth:`Hand.reseat`,
  :meth:`Hand.only_legal`.

The hand takes its own copy of anything it shares with a copy of itself before it calls a
mechanic's ``apply``, ``undo``, ``play_card`` or hooks, so a command never needs to.
:class:`~hearts.hand.core.HandCore` implements :class:`Hand` (the commands in
:mod:`hearts.hand.api`); this module imports neither, so the core may import it.

>>> from hearts.hand.mechanic import Mechanic
>>> Mechanic.moves, Mechanic.phases
((), ())
>>> from hearts.hand.core import HandCore
>>> all(hasattr(HandCore, name) for name in HAND_API)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, Protocol

from hearts.errors import IllegalMove

if TYPE_CHECKING:
    from hearts.cards import Card
    from hearts.events import Event, TrickCarried, TrickWon
    from hearts.hand.phase import Phase
    from hearts.moves import Move
    from hearts.rules import PassDirection, Rules

__all__ = ["Mechanic", "Hand", "HAND_API"]


class Hand(Protocol):
    """The hand as its mechanics see it: what they may read, and the commands they may give."""

    # ------------------------------------------------------------------ read

    @property
    def rules(self) -> Rules:
        """The rules of the hand."""

    @property
    def pass_direction(self) -> PassDirection:
        """Where this hand's pass goes (``hold``: no pass)."""

    @property
    def phase(self) -> Phase:
        """The phase the hand is in."""

    @property
    def acting(self) -> int:
        """The seat to act (or the last to have acted, once the hand is over)."""

    @property
    def leader(self) -> int:
        """The seat that led the trick on the table (or leads the next)."""

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats that take cards this hand."""

    @property
    def closed(self) -> bool:
        """Whether the hand has been settled by its game."""

    @property
    def trick_cards(self) -> tuple[Card, ...]:
        """The cards of the trick on the table, in play order from its leader's."""

    @property
    def history(self) -> tuple[TrickWon | TrickCarried, ...]:
        """The tricks taken (or carried) so far, in order."""

    @property
    def event_log(self) -> tuple[Event, ...]:
        """The hand's log so far (the whole truth: no seat's redaction)."""

    @property
    def event_count(self) -> int:
        """How many events the log holds."""

    @property
    def taken_masks(self) -> tuple[int, ...]:
        """Each seat's cards taken so far, as masks."""

    @property
    def penalty_points(self) -> tuple[int, ...]:
        """Each seat's penalty units taken so far."""

    @property
    def stock_left(self) -> tuple[Card, ...]:
        """The cards left in the stock, top first."""

    @property
    def win_masks(self) -> tuple[int, ...]:
        """For each suit led, the cards that may take the trick (the suit's, and a joker that
        wins any trick)."""

    def held(self, seat: int) -> int:
        """The cards ``seat`` holds, as a mask."""

    def next_seat(self, seat: int) -> int:
        """The seat that plays after ``seat``."""

    def eldest(self) -> int:
        """The eldest hand: the first seat on the dealer's left that takes cards."""

    def seat_number(self, seat: object) -> int:
        """``seat`` checked to be a seat of this table."""

    def card_value_sum(self, mask: int) -> int:
        """What the cards of ``mask`` count against their taker this hand."""

    def shooter(self) -> int | None:
        """The seat that took every card that counts, when the moon is played, else None."""

    def legal_mask(self, seat: int) -> int:
        """The cards ``seat`` may play now by the rules of the trick loop."""

    def seat_at(self, leader: int, position: int) -> int:
        """The seat that played the card at ``position`` of a trick ``leader`` led."""

    def winner_at(self, cards: Sequence[Card], mask: int) -> int:
        """The position in ``cards`` (their mask ``mask``) of the card that takes the trick."""

    # ------------------------------------------------------------------ commit a move

    def remember(self, record: tuple[Any, ...]) -> None:
        """Push an undo record whose first item is the mechanic (it takes the record back)."""

    def remember_all(self) -> None:
        """Push a full snapshot of the hand, the mechanics' state included (the hand takes it
        back itself): made before the mechanic changes anything."""

    def log(self, event: Event) -> Event:
        """Append ``event`` to the hand's log, and return it."""

    def unlog(self, count: int = 1) -> None:
        """Take the last ``count`` events back off the log."""

    # ------------------------------------------------------------------ hand the turn

    def turn_to(self, seat: int, phase: Phase | None = None, *, leader: int | None = None) -> None:
        """``seat`` is to act now (in ``phase``, and with ``leader`` leading the trick, when
        given)."""

    def start_play(self, leader: int | None = None) -> None:
        """The play of the cards begins, ``leader`` (by default the rules' first leader) to lead."""

    def end_of_play(self) -> None:
        """Every card is played: note a moon, then let the mechanics have their say."""

    def finish(self) -> None:
        """The hand is over unless a mechanic holds it open."""

    def close_hand(self) -> None:
        """Log the end of the hand and tell its owner."""

    # ------------------------------------------------------------------ move cards

    def give_cards(self, seat: int, mask: int) -> None:
        """Put the cards of ``mask`` into ``seat``'s hand."""

    def remove_cards(self, seat: int, mask: int) -> None:
        """Take the cards of ``mask`` out of ``seat``'s hand."""

    def score(self, seat: int, mask: int, points: int) -> None:
        """Count the cards of ``mask``, worth ``points``, among those ``seat`` has taken."""

    def draw(self, seat: int, until: int = 0) -> bool:
        """``seat`` draws the top card of the stock (logged); with ``until``, cards until it
        holds one of that mask. Whether it drew any (False: the stock is out, or it held one)."""

    def take_stock(self) -> int:
        """Take every card left in the stock, unlogged (a widow, the cards kept): their mask."""

    def carry(self, mask: int, points: int) -> None:
        """Add cards (and their points) to those the next trick's winner takes with it."""

    def put_card(self, seat: int, card: Card) -> Event:
        """Move a card from ``seat``'s hand to the trick and log it (no undo record)."""

    def take(
        self, winner: int, leader: int, cards: tuple[Card, ...], mask: int, points: int
    ) -> None:
        """``winner`` takes a trick (its cards ``mask``, worth ``points``) and leads the next."""

    def quit_trick(self) -> None:
        """The trick on the table is gathered (once taken): the table is empty."""

    def take_back(self, position: int) -> tuple[tuple[int, Card], ...]:
        """The cards of the trick on the table from ``position`` on go back to the seats that
        played them; return those (seat, card) plays."""

    def play_as(self, seat: int, card: Card, event: Event) -> None:
        """Play a card through the trick loop as a move of the mechanic's: under the undo record
        it pushed already, and logged as ``event`` instead of the card played."""

    # ------------------------------------------------------------------ counting, seating

    def count_as(self, values: tuple[int, ...], penalty_mask: int) -> None:
        """This hand's cards count ``values`` (by card id), the cards that count ``penalty_mask``."""

    def reseat(self, following: tuple[int, ...]) -> None:
        """The seat that plays after each seat, from now on (seats dropping out)."""

    def only_legal(self, mask: int) -> None:
        """The seat to act may play only the cards of ``mask`` until the next move (law 19)."""


HAND_API: Final = frozenset(
    name for name in vars(Hand) if not name.startswith("_") and name not in vars(Protocol)
)
"""The names of :class:`Hand`'s members: all a mechanic may use of the hand it is given."""


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

    def __init__(self, hand: Hand) -> None:
        """Its state at the start of ``hand``, just dealt (the hand's core is set up)."""

    @classmethod
    def applies(cls, rules: Rules) -> bool:
        """Whether a hand of these rules has this mechanic."""
        raise NotImplementedError

    @classmethod
    def absent(cls, move: Move) -> str:
        """What to say of one of its moves in a form without this mechanic."""
        return f"this form has no {cls.__name__.lower()}"

    def begin(self, hand: Hand) -> bool:
        """Open the hand in this mechanic's phase, if it opens the hand (True when it did)."""
        return False

    def legal_moves(self, hand: Hand, seat: int | None) -> Sequence[Move]:
        """Its moves that ``seat`` (by default the seat to act) may make now."""
        return []

    def verify(self, hand: Hand, move: Move, seat: int | None) -> None:
        """Raise :class:`~hearts.errors.IllegalMove` saying why ``move`` is not legal now."""
        raise IllegalMove(f"{move} is not a move of this phase")

    def apply(self, hand: Hand, move: Move, seat: int | None) -> Event:
        """Apply a verified move: commit it first (:meth:`Hand.remember` or
        :meth:`Hand.remember_all`), then change the hand through :class:`Hand`'s commands."""
        raise NotImplementedError

    def undo(self, hand: Hand, record: tuple[Any, ...]) -> None:
        """Take back the move of one of its own undo records (see :meth:`Hand.remember`)."""
        raise NotImplementedError

    def end(self, hand: Hand) -> None:
        """Its phase is over: hand the hand on (by default the play of the cards begins)."""
        hand.start_play()

    def copy(self) -> Mechanic:
        """An independent copy of its state, for a copy of the hand."""
        return self  # stateless mechanics share one object

    def save(self) -> Any:
        """Its state, for the hand's full snapshot (None: nothing changes)."""
        return None

    def load(self, state: Any) -> None:
        """Put back a state of :meth:`save`."""

    def view(self, hand: Hand, seat: int | None) -> dict[str, Any]:
        """The fields of :class:`~hearts.observation.SeatView` it fills for ``seat`` (None: no
        seat, a watcher's :class:`~hearts.observation.PublicView`)."""
        return {}

    def after_trick(self, hand: Hand, winner: int) -> bool:
        """A trick was just taken by ``winner``; True if a phase of its own follows."""
        return False

    def at_end(self, hand: Hand) -> bool:
        """Every card is played; True if a phase of its own follows before the hand is over."""
        return False

    def at_finish(self, hand: Hand) -> bool:
        """The hand is about to be over; True if a phase of its own holds it open."""
        return False

    def gains(self, hand: Hand, last: bool) -> tuple[int, int]:
        """Cards (a mask) and their points to add to the trick being taken (``gains`` hook)."""
        return 0, 0

    def winner_at(self, hand: Hand, cards: Sequence[Card], last: bool) -> int:
        """The trick rule (``winner_at`` hook): the position in ``cards`` of the card that takes
        the trick, or -1 when nobody does and it is carried to the next one."""
        raise NotImplementedError

    def play_card(self, hand: Hand, seat: int, card: Card) -> Event:
        """Play any card of ``seat`` (``play_card`` hook: the mechanic runs every card itself)."""
        raise NotImplementedError
