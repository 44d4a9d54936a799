"""What every hand has: the cards, the trick loop, the log and the undo stack.

:class:`HandCore` is the state a :class:`~hearts.deal.Deal` and its mechanics share: each seat's
cards as an int bitmask, the trick on the table, the tricks taken, the cards waiting for the
next trick's winner (a widow, or a trick nobody won), the undealt cards, the event log and the
undo stack. It knows the trick loop of every form: which cards a seat may play, who takes a
trick, and how play ends. The mechanics of :mod:`hearts.hand` plug in at fixed points chosen
when the hand is built (:meth:`HandCore._wire`, by a :class:`~hearts.hand.plan.Plan`): the plain
close of a trick (kept inline for speed) or the general one with the mechanics' hooks, a
mechanic that plays every card itself (Domino Hearts), and hooks after a trick, at the end of
play and before the hand is over. The mechanics change the hand only through the commands of
:class:`~hearts.hand.mechanic.Hand`, which the core implements (:mod:`hearts.hand.api`, a base
of :class:`HandCore`, with the undo records :data:`CARD`, :data:`TRICK` and :data:`STATE`).

This module re-exports what moved out of it (:class:`Phase`, :class:`Plan`, :class:`Fixed`,
:func:`seating`, the undo records), so old imports keep working.

One module: the hand's shared state and the one Python trick loop that reads and writes it (the
legal cards, a card put down, a trick closed, play's end, the snapshot and the copy); the C
accelerator's fast paths mirror exactly this module, so it is kept whole beside them.

>>> Phase.PLAY.value, Trick((0, (), 1, 0)).winner
('play', 1)
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

from hearts.cards import (
    _CARDS,
    HEARTS_MASK,
    SUIT_MASKS,
    Card,
    Suit,
)
from hearts.errors import IllegalMove, InvalidArgument
from hearts.events import CardPlayed, Event, HandOver, MoonShot, TrickCarried, TrickWon
from hearts.hand.api import CARD, STATE, TRICK, MechanicAPI
from hearts.hand.phase import Phase
from hearts.hand.plan import (
    BY_MECHANIC,
    GENERAL,
    JOKER_WIN_MASKS,
    ONE_PACK,
    PLAIN,
    QS_BIT,
    Fixed,
    Plan,
    ring,
    seating,
)
from hearts.rules import Moon, PassDirection, Rules, SettlementMethod

if TYPE_CHECKING:
    from hearts.hand.mechanic import Mechanic

__all__ = ["Phase", "Trick", "HandCore", "Fixed", "Plan", "CARD", "TRICK", "STATE", "seating"]
__all__ += ["ring", "PLAIN", "GENERAL", "BY_MECHANIC", "ONE_PACK", "QS_BIT", "JOKER_WIN_MASKS"]

_MOON_OFF: Final = Moon.OFF
_POINTS: Final = SettlementMethod.POINTS
"""(Enum members read once: a member read from its class is slow where every hand ends.)"""


def _load_speedups() -> Any:
    """The optional C accelerator of the trick loop (``hearts.hand._speedups``), or None when it
    was not built or ``HEARTS_PURE`` is set in the environment (see :class:`HandCore`).

    The one loader: what it finds, once, decides where a hand's state lives (:class:`HandCore`'s
    base) and which class :class:`hearts.deal.Deal` is (``FastPaths`` first, or the Python
    methods alone)."""
    if os.environ.get("HEARTS_PURE", "") not in ("", "0"):
        return None
    try:
        return importlib.import_module("hearts.hand._speedups")
    except ImportError:
        return None


SPEEDUPS: Final = _load_speedups()
"""The C accelerator's module when it is in use, else None."""


# The phases as module globals: an enum member read from its class is slow on a hot path.
PLAY: Final = Phase.PLAY
OVER: Final = Phase.OVER

# One shared, frozen CardPlayed event per (seat, card): playing a card builds no new object.
CARD_PLAYED: Final = [CardPlayed(seat=seat, card=card) for seat in range(11) for card in _CARDS]
"""The event of each seat playing each card (events are frozen, so one of each serves)."""


class Trick(tuple[int, tuple[Card, ...], int, int]):
    """A completed trick: (leader, cards in play order, winner, points).

    In Cancellation Hearts a trick that nobody won has winner -1 and its own points; the seat
    that takes the next trick takes its cards too, and that trick's points count them (and the
    widow's, for the first trick taken).

    >>> t = Trick((0, (Card.parse("2C"), Card.parse("AC")), 1, 0))
    >>> t.leader, t.winner, t.points, [str(c) for c in t.cards]
    (0, 1, 0, ['2C', 'AC'])
    """

    __slots__ = ()

    @property
    def leader(self) -> int:
        """The seat that led."""
        return self[0]

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, from the leader's on, in play order."""
        return self[1]

    @property
    def winner(self) -> int:
        """The seat that took the trick (-1: nobody won it, Cancellation Hearts)."""
        return self[2]

    @property
    def points(self) -> int:
        """The penalty units in the trick."""
        return self[3]


_SLOTS: Final = (
    "_broken",
    "_carry",
    "_carry_points",
    "_closed",
    "_events",
    "_fixed",
    "_hands",
    "_history",
    "_laws",
    "_leader",
    "_legal",
    "_mechanics",
    "_next",
    "_on_over",
    "_penalty_mask",
    "_phase",
    "_points",
    "_seen",
    "_shared",
    "_stack",
    "_stock_pos",
    "_taken",
    "_to_act",
    "_trick",
    "_values",
    "_won",
)
"""The state of a hand: the slots of :class:`HandCore`, or the members of the accelerator's
``Core`` type (the same names) when it is in use."""


class _PureBase:
    """Where the state lives in pure Python (in :class:`HandCore`'s own slots)."""

    __slots__ = ()


if TYPE_CHECKING:
    _Base = _PureBase
else:
    _Base = _PureBase if SPEEDUPS is None else SPEEDUPS.Core


# (The API comes after the state's base in the method resolution order: the slots and the trick
# loop are found first, as before it was added. Put first, the modern hand through a Game
# measured 0.93-0.96x of the base in a process with many types loaded, 0.96-1.02x after: a
# noisy machine, see benchmarks/RESULTS.md, issue 40 part 1.)
class HandCore(_Base, MechanicAPI):
    """The state of one hand that every mechanic shares, and the trick loop.

    Pure Python is the whole engine. When the optional C accelerator is built (and
    ``HEARTS_PURE`` is not set), the state lives in its ``Core`` type under the same names, and
    :class:`~hearts.deal.Deal`'s ``play``, ``legal_moves``, ``undo`` and ``copy`` run the plain
    hand's fast path in C, handing every other case to their Python code.

    The slots are the core's alone: a mechanic reads and changes the hand through
    :class:`~hearts.hand.mechanic.Hand`, which this class implements (its commands are
    :class:`~hearts.hand.api.MechanicAPI`'s).
    """

    __slots__ = _SLOTS if SPEEDUPS is None else ()

    _fixed: Fixed
    _hands: list[int]
    _taken: list[int]
    _points: list[int]
    _won: list[int]
    _trick: list[Card]
    _history: list[TrickWon | TrickCarried]
    _events: list[Event]
    _stack: list[tuple[Any, ...]]
    _values: tuple[int, ...]
    _mechanics: tuple[Mechanic, ...]
    _laws: Any
    _on_over: Callable[[Any], None] | None
    _seen: Any
    """What the deal's views share while it stands (each seat's redacted log, the completed
    tricks: ``hearts.deal._ViewCache``), set on the first view and never copied: a copy
    builds its own."""

    def __getstate__(self) -> tuple[None, dict[str, Any]]:
        """What pickle and the copy module save: every slot set (whichever type holds them)."""
        absent = object()
        state = {name: getattr(self, name, absent) for name in _SLOTS}
        return None, {name: value for name, value in state.items() if value is not absent}

    def __setstate__(self, state: tuple[None, dict[str, Any]]) -> None:
        for name, value in state[1].items():
            setattr(self, name, value)

    @property
    def rules(self) -> Rules:
        """The rules of the hand."""
        return self._fixed.rules

    @property
    def dealer(self) -> int:
        """The seat that dealt."""
        return self._fixed.dealer

    @property
    def hand_number(self) -> int:
        """The hand's number in its game, from 0."""
        return self._fixed.hand_number

    @property
    def pass_direction(self) -> PassDirection:
        """Where this hand's pass goes (``hold``: no pass)."""
        return self._fixed.pass_direction

    @property
    def cut(self) -> int | None:
        """Cards the pone lifted when the hand was cut (None: not cut)."""
        return self._fixed.cut

    def _setup(
        self,
        rules: Rules,
        hands: Sequence[int],
        *,
        dealer: int,
        hand_number: int,
        pass_direction: PassDirection,
        stock: Sequence[Card],
        cut: int | None,
        standing: tuple[tuple[int, ...], int, bool],
    ) -> None:
        """The state of a hand just dealt, before any mechanic has opened it."""
        players = rules.players
        self._fixed = fixed = Fixed(rules, dealer, hand_number, pass_direction, cut, stock)
        fixed.dealt = tuple(hands)
        fixed.standing = standing
        self._next = seating(players, fixed.sits_out)[1]
        self._values = rules.values
        self._penalty_mask = rules.penalty_mask
        self._legal = -1  # the legal cards of the seat to act, once asked; -1: not yet known
        self._hands = list(hands)
        self._taken = [0] * players
        self._points = [0] * players
        self._won = [0] * players
        self._trick = []
        self._history = []
        self._broken = False
        self._stock_pos = 0
        self._carry = self._carry_points = 0
        self._events = []
        self._stack = []
        self._closed = False
        self._shared = False
        self._on_over = None
        self._phase = PLAY
        self._leader = self._to_act = self.eldest()

    def _wire(self) -> None:
        """Plug the mechanics into the trick loop at its fixed points (see :class:`Plan`)."""
        fixed = self._fixed
        plan = fixed.plan = Plan.of(self._mechanics)
        fixed.closer = plan.closer
        if plan.player >= 0:
            fixed.closing = 0  # every card takes the way of the mechanic that plays them all
        self._laws = self._mechanics[plan.laws] if plan.laws >= 0 else None

    def mechanic_of_phase(self, phase: Phase) -> Mechanic:
        """The mechanic that runs ``phase`` (a phase other than the play)."""
        return self._mechanics[self._fixed.plan.by_phase[phase]]

    def mechanic_of_move(self, kind: type) -> Mechanic | None:
        """The mechanic that takes moves of ``kind``, or None if the hand has none."""
        index = self._fixed.plan.by_move.get(kind)
        return None if index is None else self._mechanics[index]

    def close_trick(self, seat: int, card: Card) -> Event:
        """Play the card that closes a trick (or, in Domino Hearts, any card) by the hand's plan."""
        closer = self._fixed.closer
        if closer == PLAIN:
            return self._close_plain(seat, card)
        if self._shared:
            self.unshare()
        if closer == GENERAL:
            return self._close_general(seat, card)
        return self._mechanics[self._fixed.plan.player].play_card(self, seat, card)

    def copy_into(self, other: HandCore, *, stack: bool) -> None:
        """Make ``other`` (a new, empty object) an independent copy of this hand: the changing
        slots one by one (for speed), the rest shared (see :meth:`hearts.deal.Deal.copy`)."""
        # Shared with the original: what is fixed for the hand, and what is replaced whole.
        other._fixed = self._fixed
        other._next = self._next
        other._values = self._values
        other._penalty_mask = self._penalty_mask
        other._legal = self._legal
        other._broken = self._broken
        other._stock_pos = self._stock_pos
        other._carry = self._carry
        other._carry_points = self._carry_points
        other._phase = self._phase
        other._leader = self._leader
        other._to_act = self._to_act
        # Changed in place by every move: copied.
        other._hands = self._hands.copy()
        other._trick = self._trick.copy()
        other._events = self._events.copy()
        other._stack = self._stack.copy() if stack else []
        other._closed = False
        other._on_over = None
        # Changed only when a trick closes, a mechanic moves or a move is undone: shared until
        # either deal changes them (copy on write: HandCore.unshare), since a search mostly
        # plays one card on a copy and undoes it.
        self._shared = other._shared = True
        other._taken = self._taken
        other._points = self._points
        other._won = self._won
        other._history = self._history
        other._mechanics = self._mechanics
        other._laws = self._laws

    # ------------------------------------------------------------------ seats

    def seat_number(self, seat: object) -> int:
        """``seat`` checked to be a seat of this table."""
        if (
            isinstance(seat, bool)
            or not isinstance(seat, int)
            or not 0 <= seat < self._fixed.players
        ):
            raise InvalidArgument(
                f"{seat!r} is not a seat: seats are 0 to {self._fixed.players - 1}"
            )
        return seat

    def eldest(self) -> int:
        """The eldest hand: the first seat on the dealer's left that takes cards."""
        fixed = self._fixed
        seat = (fixed.dealer + 1) % fixed.players
        while seat == fixed.sits_out:
            seat = (seat + 1) % fixed.players
        return seat

    def first_leader(self) -> int:
        """Who leads the first trick: the holder of the lowest club, or the eldest hand."""
        fixed = self._fixed
        if fixed.club_lead:
            club = fixed.lowest_club
            for seat in fixed.active:
                if self._hands[seat] >> club & 1:
                    return seat
        return self.eldest()

    def start_play(self, leader: int | None = None) -> None:
        """The play of the cards begins, ``leader`` (by default the rules' first leader) to lead."""
        self._phase = PLAY
        self._leader = self._to_act = self.first_leader() if leader is None else leader

    def card_value_sum(self, mask: int) -> int:
        """What the cards of ``mask`` count against their taker this hand."""
        values = self._values
        total = 0
        while mask:
            low = mask & -mask
            total += values[low.bit_length() - 1]
            mask ^= low
        return total

    # ------------------------------------------------------------------ legality

    def legal_mask(self, seat: int) -> int:
        """The cards ``seat`` may play now, by the rules of following, breaking and trick one."""
        hand = self._hands[seat]
        trick = self._trick
        fixed = self._fixed
        if trick:
            follow = hand & SUIT_MASKS[trick[0] >> 4 & 3]
            if follow:
                return follow
            if fixed.first_trick_rule and not self._history:
                safe = hand & ~self._penalty_mask
                if safe:
                    return safe
            return hand
        if not self._history and fixed.club_lead and hand >> fixed.lowest_club & 1:
            # (two-handed, the lowest club may lie in the stock: then the leader leads freely)
            return hand & fixed.club_lead
        if fixed.must_break and not self._broken:
            others = hand & ~HEARTS_MASK
            if others and not (fixed.only_penalty_lead and others == QS_BIT):
                return others
        return hand

    def check_card(self, seat: int, card: Card) -> None:
        """Raise the reason a card is not legal for ``seat`` (called only when it is not)."""
        hand = self._hands[seat]
        if not hand >> card & 1:
            raise IllegalMove(f"{{seat}} does not hold the {card.symbol}", seat=seat, move=card)
        laws = self._laws
        if laws is not None:
            laws.check_call(self, card)
        if self.legal_mask(seat) >> card & 1:
            return
        if self._trick:
            led = Suit(self._trick[0] >> 4 & 3)
            if hand & SUIT_MASKS[led]:
                if laws is not None:
                    raise IllegalMove(
                        f"you must follow suit: you hold a {led.singular} (to revoke all the "
                        f"same, as at a real table: 'revoke {card}')",
                        seat=seat,
                        move=card,
                    )
                raise IllegalMove(
                    f"you must follow suit: you hold a {led.singular}", seat=seat, move=card
                )
            raise IllegalMove(
                "no card that counts may be played to the first trick while you hold another",
                seat=seat,
                move=card,
            )
        fixed = self._fixed
        if not self._history and fixed.club_lead and hand >> fixed.lowest_club & 1:
            if fixed.club_lead == 1 << fixed.lowest_club:
                raise IllegalMove(
                    f"the {fixed.lowest_club.symbol} must lead the first trick",
                    seat=seat,
                    move=card,
                )
            raise IllegalMove(
                f"the holder of the {fixed.lowest_club.symbol} leads a club to the first trick",
                seat=seat,
                move=card,
            )
        raise IllegalMove("hearts are not broken: lead another suit", seat=seat, move=card)

    # ------------------------------------------------------------------ the trick loop

    def put_card(self, seat: int, card: Card) -> Event:
        """Move a card from ``seat``'s hand to the trick and log it (no undo record)."""
        self._legal = -1
        self._hands[seat] &= ~(1 << card)
        if not self._trick:
            self._leader = seat
        self._trick.append(card)
        if not self._broken and self._fixed.break_mask >> card & 1:
            self._broken = True
        event = CARD_PLAYED[seat << 7 | card]
        self._events.append(event)
        return event

    def winner_at(self, cards: Sequence[Card], mask: int) -> int:
        """The position in ``cards`` of the card that takes the trick (one pack)."""
        return cards.index((mask & self._fixed.win_masks[cards[0] >> 4 & 3]).bit_length() - 1)

    def seat_at(self, leader: int, position: int) -> int:
        """The seat that played the card at ``position`` of a trick ``leader`` led."""
        seat = leader
        nxt = self._next
        for _ in range(position):
            seat = nxt[seat]
        return seat

    def take(
        self, winner: int, leader: int, cards: tuple[Card, ...], mask: int, points: int
    ) -> None:
        """``winner`` takes a trick (its cards ``mask``, worth ``points``) and leads the next."""
        self._taken[winner] |= mask
        self._points[winner] += points
        self._won[winner] += 1
        won = TrickWon(winner, leader, cards, points)
        self._history.append(won)
        self._events.append(won)
        self._leader = self._to_act = winner

    def _close_plain(self, seat: int, card: Card) -> Event:
        """Play the card that closes a trick of one pack with nothing carried (the hot path)."""
        if self._shared:
            self.unshare()
        trick = self._trick
        events = self._events
        leader = self._leader if trick else seat
        cards = (*trick, card)
        values = self._values
        if len(cards) == 4:  # four at the table, unrolled: the engine's hottest path
            a, b, c, d = cards
            points = values[a] + values[b] + values[c] + values[d]
            mask = 1 << a | 1 << b | 1 << c | 1 << d
        else:
            points = 0
            mask = 0
            for other in cards:
                points += values[other]
                mask |= 1 << other
        # Who takes the trick: the highest card of the suit led (or the joker, when it wins any
        # trick: its bit is above every card of one pack, so it is the top bit of its mask).
        fixed = self._fixed
        best_at = cards.index((mask & fixed.win_masks[cards[0] >> 4 & 3]).bit_length() - 1)
        winner = fixed.ring[leader][best_at]
        hands = self._hands
        left = hands[seat] & ~(1 << card)
        if left:
            # (The trick and who took it are the last of the history: the record needs no copy.)
            self._stack.append((TRICK, seat, card, self._broken, len(events), mask))
        else:
            self._stack.append((STATE, self.snapshot()))  # the end of play follows
        self._legal = -1
        hands[seat] = left
        if not self._broken and fixed.break_mask >> card & 1:
            self._broken = True
        event = CARD_PLAYED[seat << 7 | card]
        events.append(event)
        self._taken[winner] |= mask
        self._points[winner] += points
        self._won[winner] += 1
        won = TrickWon(winner, leader, cards, points)
        self._history.append(won)
        events.append(won)
        self._trick = []
        self._leader = self._to_act = winner
        if not hands[winner]:
            self.end_of_play()
        return event

    def unshare(self) -> None:
        """Take private copies of what a copy of the hand shares with it until either changes
        it: the tricks taken (cards, points, count), the history and the mechanics' state.

        Every path that changes one of them (a trick closed, a mechanic's move, an undo other
        than a card's) calls this first while ``_shared`` is set (see :meth:`Deal.copy`).
        """
        self._shared = False
        self._taken = self._taken.copy()
        self._points = self._points.copy()
        self._won = self._won.copy()
        self._history = self._history.copy()
        self._mechanics = mechanics = tuple([m.copy() for m in self._mechanics])
        laws = self._fixed.plan.laws
        self._laws = mechanics[laws] if laws >= 0 else None

    def _close_general(self, seat: int, card: Card) -> Event:
        """Play the card that closes a trick, with the mechanics' hooks (a full snapshot undoes it).

        The trick rule (Cancellation Hearts' twins) may find that nobody wins: the trick is
        carried to the next one, its leader leading again. The winner takes any cards carried
        (a widow, tricks nobody won) and what the mechanics add (a widow with the last trick);
        then the hooks after a trick run (draws from a stock, Heartsette's discard).
        """
        self._stack.append((STATE, self.snapshot()))
        leader = self._leader if self._trick else seat
        cards = (*self._trick, card)
        mask = 0
        for other in cards:
            mask |= 1 << other
        points = self.card_value_sum(mask)
        last = not self._hands[seat] & ~(1 << card)  # every hand is as short as the closer's
        plan = self._fixed.plan
        mechanics = self._mechanics
        if plan.trick_rule < 0:
            best_at = self.winner_at(cards, mask)
        else:
            best_at = mechanics[plan.trick_rule].winner_at(self, cards, last)
        event = self.put_card(seat, card)
        self._trick = []
        if best_at < 0:  # nobody wins it: it goes with the next trick
            carried = TrickCarried(leader, cards, points)
            self._history.append(carried)
            self._events.append(carried)
            self._carry |= mask
            self._carry_points += points
            self._leader = self._to_act = leader
            return event
        winner = self.seat_at(leader, best_at)
        mask |= self._carry
        points += self._carry_points
        self._carry = self._carry_points = 0
        if plan.gains >= 0:
            extra, extra_points = mechanics[plan.gains].gains(self, last)
            mask |= extra
            points += extra_points
        self.take(winner, leader, cards, mask, points)
        for index in plan.after_trick:
            if mechanics[index].after_trick(self, winner):
                return event
        if not self._hands[winner]:
            self.end_of_play()
        return event

    def shooter(self) -> int | None:
        """The seat that took every card that counts, when the moon is played, else None."""
        if self._fixed.rules.moon is _MOON_OFF:
            return None
        mask = self._penalty_mask
        for seat in self._fixed.active:
            if self._taken[seat] & mask == mask:
                return seat
        return None

    def end_of_play(self) -> None:
        """Every card is played: note a moon, then let the mechanics have their say."""
        shooter = self.shooter()
        if shooter is not None:
            self._events.append(MoonShot(seat=shooter))
        for index in self._fixed.plan.at_end:
            if self._mechanics[index].at_end(self):
                return
        self.finish()

    def finish(self) -> None:
        """The hand is over unless a mechanic holds it open (the laws' claims)."""
        for index in self._fixed.plan.at_finish:
            if self._mechanics[index].at_finish(self):
                return
        self.close_hand()

    def close_hand(self) -> None:
        """Log the end of the hand and tell its owner."""
        self._phase = OVER
        penalties = tuple(self._points)
        points = self.points() if self._fixed.rules.method is _POINTS else penalties
        self._events.append(HandOver(penalties, points))
        if self._on_over is not None:
            self._on_over(self)

    def points(self) -> tuple[int, ...]:
        """This hand's points per seat in a points game (see :meth:`hearts.deal.Deal.points`)."""
        raise NotImplementedError

    def play_unchecked(self, seat: int, card: Card) -> Event:
        """Play a card the caller has checked (the path of :meth:`hearts.deal.Deal.play`)."""
        trick = self._trick
        if len(trick) >= self._fixed.closing:
            return self.close_trick(seat, card)
        self._stack.append((CARD, seat, card, self._leader, self._broken))
        event = self.put_card(seat, card)
        self._to_act = self._next[seat]
        return event

    # ------------------------------------------------------------------ snapshots

    def snapshot(self) -> tuple[Any, ...]:
        """The whole state of the hand, the mechanics' included, for a full undo record."""
        return (
            self._phase,
            self._to_act,
            tuple(self._hands),
            tuple(self._taken),
            tuple(self._points),
            tuple(self._won),
            tuple(self._trick),
            self._leader,
            len(self._history),
            self._broken,
            self._stock_pos,
            len(self._events),
            self._carry,
            self._carry_points,
            self._next,
            self._values,
            self._penalty_mask,
            tuple([m.save() for m in self._mechanics]),
        )

    def restore(self, snapshot: tuple[Any, ...]) -> None:
        """Put back the state of a :meth:`snapshot`."""
        (
            self._phase,
            self._to_act,
            hands,
            taken,
            points,
            won,
            trick,
            self._leader,
            history,
            self._broken,
            self._stock_pos,
            events,
            self._carry,
            self._carry_points,
            self._next,
            self._values,
            self._penalty_mask,
            saved,
        ) = snapshot
        self._hands = list(hands)
        self._taken = list(taken)
        self._points = list(points)
        self._won = list(won)
        self._trick = list(trick)
        del self._history[history:]
        del self._events[events:]
        for mechanic, state in zip(self._mechanics, saved, strict=True):
            mechanic.load(state)
        self._legal = -1
