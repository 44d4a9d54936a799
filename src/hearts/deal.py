"""One hand of Hearts as a state machine: (bid → name, or pass) → play (→ draw) → (moon) → over.

A :class:`Deal` holds the cards of every seat (the referee's whole truth), offers the moves of the
seat to act, applies them, undoes them, copies itself for search, and shows each seat exactly what
that seat may know (:meth:`Deal.view`). Inside, sets of cards are int bitmasks; the public methods
take and return :class:`~hearts.cards.Card` and :class:`~hearts.moves.Pass` values.

Every illegal move raises :class:`~hearts.errors.IllegalMove` with the reason in the game's words,
and leaves the deal exactly as it was.

>>> from hearts import variants
>>> from hearts.cards import Card
>>> deal = Deal.from_hands(variants.get("modern"), [
...     "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
...     "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
...     "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
...     "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"], pass_direction="hold")
>>> deal.phase, deal.to_act, deal.legal_moves()
(<Phase.PLAY: 'play'>, 0, [Card.parse('2C')])
>>> deal.play("2C")
CardPlayed(seat=0, card=Card.parse('2C'))
>>> deal.legal_moves()      # seat 1 has no club: anything but a card that counts, on trick one
[Card.parse('2D'), Card.parse('3D'), Card.parse('4D'), Card.parse('5D'), Card.parse('6D'), Card.parse('7D'), Card.parse('8D'), Card.parse('9D'), Card.parse('TD'), Card.parse('JD'), Card.parse('QD'), Card.parse('KD'), Card.parse('AD')]
>>> deal.play("AC")
Traceback (most recent call last):
...
hearts.errors.IllegalMove: seat 1 does not hold the A♣
>>> deal.undo(); deal.to_act
0
"""

from __future__ import annotations

import enum
import functools
import itertools
import math
import operator
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final, Protocol, overload

from hearts.cards import (
    _CARDS,
    _CHUNKS,
    HEARTS_MASK,
    JOKER,
    QUEEN_OF_SPADES,
    SUIT_MASKS,
    Card,
    CardLike,
    CardSet,
    Suit,
    cards_of,
    mask_of,
)
from hearts.errors import HeartsError, IllegalMove, InvalidCard
from hearts.events import (
    BidMade,
    CardCalled,
    CardPlayed,
    CardsKept,
    Dealt,
    Discarded,
    Event,
    Gathered,
    HandOver,
    MoonChosen,
    MoonShot,
    Passed,
    RevokeClaimed,
    RevokeCorrected,
    Revoked,
    StockDrawn,
    SuitNamed,
    TrickCarried,
    TrickWon,
)
from hearts.moves import (
    LAWS_MOVES,
    Bid,
    Call,
    Claim,
    Correct,
    Discard,
    Gather,
    MoonChoice,
    Move,
    NameSuit,
    Pass,
    Revoke,
)
from hearts.rules import (
    FirstLead,
    LastTrick,
    Moon,
    PassDirection,
    Rules,
    SettlementMethod,
    Widow,
)
from hearts.scoring import points as score_points

if TYPE_CHECKING:
    from hearts.observation import SeatView

__all__ = ["Phase", "Trick", "Deal", "PassChoices", "check_hands"]

_QS_BIT = 1 << QUEEN_OF_SPADES
_ONE_PACK = 1 << 64
_SUIT_CARDS = _CHUNKS[:4]


@functools.cache
def _suit_values(pack: int, suit: Suit) -> tuple[int, ...]:
    """Auction Hearts: the value of each card id when ``suit`` is named (one a card of it)."""
    named = pack & SUIT_MASKS[suit]
    return tuple(named >> card & 1 for card in range(128))


_JOKER_WIN_MASKS: Final = tuple(suit | 1 << JOKER for suit in SUIT_MASKS)
"""For each suit led, the cards that may take the trick when the joker wins any trick."""  # for each suit, the cards of each 16-bit value of its field


class Phase(enum.Enum):
    """Where a deal stands."""

    BID = "bid"
    """Auction Hearts: each seat bids once, from the eldest hand to the dealer (law 30)."""
    NAME = "name"
    """Auction Hearts: the highest bidder names the suit to avoid."""
    PASS = "pass"
    """Seats choose the cards they pass."""
    PLAY = "play"
    """Tricks are played."""
    DISCARD = "discard"
    """Heartsette: the winner of the first trick, the widow in his hand, discards as many cards."""
    MOON = "moon"
    """The shooter chooses how the moon is scored (``moon=choice``)."""
    GATHER = "gather"
    """The laws option: the last trick is taken; each seat in turn lets the cards be gathered
    for the next deal (``Gather``), and until all have, any seat may claim a revoke (laws
    25–26)."""
    OVER = "over"
    """Every card has been played; the hand is ready to settle."""


# The phases as module globals: an enum member read from its class is slow on a hot path.
_PASS, _PLAY, _MOON, _OVER = Phase.PASS, Phase.PLAY, Phase.MOON, Phase.OVER
_BID, _NAME, _DISCARD, _GATHER = Phase.BID, Phase.NAME, Phase.DISCARD, Phase.GATHER

# One shared, frozen CardPlayed event per (seat, card): playing a card builds no new object.
_CARD_PLAYED: Final = [CardPlayed(seat=seat, card=card) for seat in range(11) for card in _CARDS]
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


@functools.cache
def _seating(players: int, sits_out: int | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seats that take cards, and the next such seat to the left of each seat (-1: none)."""
    active = tuple(s for s in range(players) if s != sits_out)
    following = tuple(
        active[(active.index(s) + 1) % len(active)] if s in active else -1 for s in range(players)
    )
    return active, following


class _Owner(Protocol):
    """What a deal tells the game that owns it."""

    def _deal_over(self, deal: Deal) -> None: ...


_COMBINATIONS: dict[tuple[int, int], tuple[tuple[int, ...], ...] | None] = {}


def _combinations(n: int, k: int) -> tuple[tuple[int, ...], ...] | None:
    """Every choice of k positions out of n, in lexicographic order, when there are few."""
    try:
        return _COMBINATIONS[n, k]
    except KeyError:
        table = tuple(itertools.combinations(range(n), k)) if math.comb(n, k) <= 4096 else None
        _COMBINATIONS[n, k] = table
        return table


class PassChoices(Sequence[Pass | Discard]):
    """Every pass a seat may make: all ways to choose ``count`` cards of its hand, built lazily.

    It is a sequence, so ``random.choice`` picks a uniform pass without building all of them.

    >>> choices = PassChoices(CardSet.parse("2C 3C 4C 5C"), 3)
    >>> len(choices), choices[0], Pass("3C 4C 5C") in choices
    (4, Pass(CardSet.parse('2C 3C 4C')), True)
    """

    __slots__ = ("_cards", "_count", "_kind", "_len")

    def __init__(
        self, hand: CardSet | int, count: int, kind: type[Pass] | type[Discard] = Pass
    ) -> None:
        self._cards = cards_of(hand if type(hand) is int else hand.mask)  # type: ignore[union-attr]
        self._count = count
        self._len = math.comb(len(self._cards), count)
        self._kind = kind  # Heartsette's discards are chosen the same way (as Discard moves)

    def __len__(self) -> int:
        return self._len

    @property
    def per_choice(self) -> int:
        """Cards in each choice (3 for the usual pass; a Heartsette discard, the widow's size)."""
        return self._count

    @overload
    def __getitem__(self, index: int) -> Pass | Discard: ...

    @overload
    def __getitem__(self, index: slice) -> list[Pass | Discard]: ...

    def __getitem__(self, index: int | slice) -> Pass | Discard | list[Pass | Discard]:
        if type(index) is not int:
            if isinstance(index, slice):
                return [self[i] for i in range(*index.indices(self._len))]
            index = operator.index(index)
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError("pass choice out of range")
        cards = self._cards
        mask = 0
        table = _combinations(len(cards), self._count)
        if table is not None:
            for i in table[index]:
                mask |= 1 << cards[i]
            return self._kind(CardSet(mask))
        # Too many to list: unrank the index-th combination in lexicographic order.
        comb = math.comb
        n, k, start = len(cards), self._count, 0
        while k:
            for i in range(start, n):
                block = comb(n - i - 1, k - 1)
                if index < block:
                    mask |= 1 << cards[i]
                    start, k = i + 1, k - 1
                    break
                index -= block
        return self._kind(CardSet(mask))

    def __iter__(self) -> Iterator[Pass | Discard]:
        kind = self._kind
        for combo in itertools.combinations(self._cards, self._count):
            yield kind(combo)

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, self._kind):
            return False
        mask = move.cards.mask
        return mask.bit_count() == self._count and mask & ~mask_of(self._cards) == 0

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PassChoices):
            return NotImplemented
        return (
            self._count == other._count
            and self._cards == other._cards
            and self._kind is other._kind
        )

    def __hash__(self) -> int:
        return hash((self._count, tuple(self._cards)))

    def __repr__(self) -> str:
        verb = "pass" if self._kind is Pass else "discard"
        return f"<PassChoices: {self._len} ways to {verb} {self._count}>"


class Deal:
    """One hand: the cards of every seat, the moves so far, and what each seat may do next.

    Build one with :meth:`from_hands` (a chosen position) or let :class:`~hearts.game.Game` deal
    it. Seats are numbered 0 to ``players - 1`` clockwise; play goes to the left.
    """

    __slots__ = (
        "_active",
        "_auction",
        "_bidder",
        "_bids",
        "_break_mask",
        "_broken",
        "_called",
        "_cancel",
        "_carry",
        "_carry_points",
        "_claimed",
        "_closed",
        "_closing",
        "_club_lead",
        "_dealt",
        "_discard",
        "_domino",
        "_events",
        "_exposed",
        "_first_trick_rule",
        "_gathered",
        "_hands",
        "_history",
        "_in_play",
        "_laws",
        "_leader",
        "_legal",
        "_lowest_club",
        "_moon",
        "_moon_played",
        "_must_break",
        "_named",
        "_next",
        "_only_penalty_lead",
        "_owner",
        "_pass_offset",
        "_passes",
        "_penalty_mask",
        "_phase",
        "_players",
        "_points",
        "_points_game",
        "_revokes",
        "_sits_out",
        "_stack",
        "_start_jack",
        "_start_pool",
        "_start_scores",
        "_stock",
        "_stock_pos",
        "_taken",
        "_to_act",
        "_trick",
        "_values",
        "_widow",
        "_win_masks",
        "_won",
        "cut",
        "dealer",
        "hand_number",
        "pass_direction",
        "rules",
    )

    rules: Rules
    dealer: int
    hand_number: int
    pass_direction: PassDirection
    cut: int | None
    _hands: list[int]
    _taken: list[int]
    _points: list[int]
    _won: list[int]
    _trick: list[Card]
    _history: list[TrickWon | TrickCarried]
    _passes: list[int]
    _stock: tuple[Card, ...]
    _events: list[Event]
    _stack: list[tuple[Any, ...]]
    _owner: _Owner | None
    _moon: MoonChoice | None
    _win_masks: tuple[int, ...]
    _values: tuple[int, ...]
    _bids: list[int]
    _named: Suit | None

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[int],
        *,
        dealer: int = 0,
        hand_number: int = 0,
        pass_direction: PassDirection = PassDirection.HOLD,
        stock: Sequence[Card] = (),
        cut: int | None = None,
        scores: Sequence[int] | None = None,
        pool: int = 0,
        jack: bool = False,
        owner: _Owner | None = None,
        namer: int | None = None,
    ) -> None:
        """Start a hand from checked masks; callers use :meth:`from_hands` or a game.

        ``namer``: Auction Hearts, a deal played for a Jack: no bidding, this seat names the suit
        again (RULES.md §5.1.7)."""
        players = rules.players
        self.rules = rules
        self.dealer = dealer
        self.hand_number = hand_number
        self.pass_direction = pass_direction
        self.cut = cut
        self._players = players
        self._sits_out = dealer if rules.dealt_seats < players else None
        self._active, self._next = _seating(players, self._sits_out)
        self._closing = len(self._active) - 1  # cards on the table when the next one closes it
        self._moon_played = rules.moon is not Moon.OFF
        self._points_game = rules.settlement is SettlementMethod.POINTS
        self._values = rules.values
        # The cards that can take a trick, by the suit led: the suit's own, and the joker too
        # when it wins any trick it is played to (Joker Hearts; RULES.md §5.2).
        joker_wins = rules.joker is not None and rules.joker.wins_any_trick
        self._win_masks = _JOKER_WIN_MASKS if joker_wins else SUIT_MASKS
        self._penalty_mask = rules.penalty_mask
        self._first_trick_rule = rules.penalty_free_first_trick
        self._must_break = rules.hearts_must_be_broken
        self._break_mask = HEARTS_MASK | (_QS_BIT if rules.queen_breaks_hearts else 0)
        self._club_lead = rules.first_lead is FirstLead.LOWEST_CLUB
        self._lowest_club = rules.lowest_club
        self._only_penalty_lead = rules.lead_hearts_with_only_penalty and bool(rules.pack & _QS_BIT)
        self._pass_offset = pass_direction.offset(players) if rules.pass_count else 0
        self._legal = -1  # the legal cards of the seat to act, once asked; -1: not yet known
        self._hands = list(hands)
        self._dealt = tuple(hands)
        self._taken = [0] * players
        self._points = [0] * players
        self._won = [0] * players
        self._trick = []
        self._history = []
        self._broken = False
        self._stock = tuple(stock)
        self._stock_pos = 0
        # Cancellation Hearts (two packs, RULES.md §7): twins cancel, a trick nobody wins is
        # carried to the next one, and the cards left over from the deal (the widow, recorded as
        # the Dealt event's stock) go to the seat that takes the first trick: they are the first
        # cards carried.
        # Heartsette (RULES.md §5.5) deals a widow too, and closes its tricks the same way (with
        # one pack nothing cancels): the widow goes with the first trick, or, with
        # widow=discard, into the hand of its winner, who then discards as many cards.
        dealt_stock = self._stock
        # _cancel: 0, or bits: 1 closes tricks the cancelling way, 2 the widow goes with the last
        # trick, 4 a last trick nobody wins goes to the second of its top pair (RULES.md §7.6).
        two = rules.cancellation  # Cancellation Hearts' options (None: one pack)
        self._cancel = (
            (rules.packs > 1 or rules.widow is not Widow.NONE)
            | rules.widow_with_last_trick << 1
            | ((two and two.unwon_last_trick) is LastTrick.SECOND_OF_PAIR) << 2
        )
        self._discard = rules.widow is Widow.DISCARD
        if self._cancel:
            self._widow = mask_of(self._stock)
            self._carry = 0 if self._discard or self._cancel & 2 else self._widow
            self._carry_points = sum(self._values[card] for card in cards_of(self._carry))
            self._stock = ()
        else:
            self._widow = self._carry = self._carry_points = 0
        # Domino Hearts (RULES.md §5.6): every card takes the long way (_play_domino), since the
        # seats in a trick change as they run out of cards; _in_play counts the seats still in.
        self._domino = rules.domino
        self._in_play = len(self._active)
        if self._domino:
            self._closing = 0
        # The laws at a real table (laws 19, 22–27): revokes as (seat, trick number, card) until
        # corrected; claims against each seat; cards exposed by a correction (while still held,
        # they may be called); a call waiting on the seat to act; who let the cards be gathered.
        # (Without the laws option none of it is ever read, so none of it is made.)
        self._laws = rules.laws
        if self._laws:
            self._revokes: list[tuple[int, int, Card]] = []
            self._claimed = [False] * players
            self._exposed = [0] * players
            self._called: tuple[int, Card] | None = None
            self._gathered = [False] * players
        self._moon = None
        self._passes = [-1] * players
        self._events = []
        self._stack = []
        self._owner = owner
        self._closed = False
        self._start_scores = tuple(scores) if scores is not None else (0,) * players
        self._start_pool = pool
        self._start_jack = jack
        self._events.append(
            Dealt(
                hand_number,
                dealer,
                cut,
                pass_direction.value,
                tuple(map(CardSet, hands)),
                dealt_stock,
            )
        )
        self._leader = self._first_leader_eldest()
        self._auction = rules.auction
        self._bids = [-1] * players  # Auction Hearts: each seat's bid (0 a pass; -1 not yet)
        self._bidder = -1  # the highest bidder so far (or the namer of a Jack); -1: none
        self._named = None
        if self._auction:
            if namer is None:
                self._phase = _BID
                self._to_act = self._leader
            else:
                self._phase = _NAME
                self._to_act = self._bidder = namer
        elif self._pass_offset:
            self._phase = Phase.PASS
            self._to_act = self._first_to_pass()
        else:
            self._start_play()

    # ------------------------------------------------------------------ construction

    @classmethod
    def from_hands(
        cls,
        rules: Rules,
        hands: Sequence[CardSet | str | Sequence[CardLike]],
        *,
        dealer: int | None = None,
        hand_number: int = 0,
        pass_direction: PassDirection | str | None = None,
        stock: Sequence[CardLike] | str = (),
        namer: int | None = None,
    ) -> Deal:
        """Set up a chosen position: the hands of every seat (and the stock, two-handed; with two
        packs, the widow: the cards left over).

        ``dealer`` defaults to the seat on the right of seat 0, so seat 0 is the eldest hand;
        ``pass_direction`` defaults to the pass of ``hand_number`` in the rules' cycle. Hands must
        be disjoint, hold cards of this pack only, and have the size the rules deal.

        >>> from hearts import variants
        >>> Deal.from_hands(variants.get("modern"), ["2C", "3C", "4C"])
        Traceback (most recent call last):
        ...
        hearts.errors.HeartsError: modern has 4 seats: give 4 hands, not 3
        """
        if not isinstance(rules, Rules):
            raise HeartsError(f"a deal needs Rules, not {type(rules).__name__}")
        players = rules.players
        if dealer is None:
            dealer = players - 1
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
            raise HeartsError(f"dealer={dealer!r} is not a seat: seats are 0 to {players - 1}")
        if isinstance(hand_number, bool) or not isinstance(hand_number, int) or hand_number < 0:
            raise HeartsError(f"hand_number={hand_number!r} must be a whole number from 0")
        masks, stock_cards = check_hands(rules, hands, stock, dealer)
        if pass_direction is None:
            direction = rules.pass_direction(hand_number)
        else:
            try:
                direction = PassDirection(pass_direction)
            except ValueError:
                raise HeartsError(f"{pass_direction!r} is not a pass direction") from None
        if direction is not PassDirection.HOLD and not rules.passes:
            raise HeartsError(f"this form does not pass: pass_direction={direction.value}")
        if direction is PassDirection.ACROSS and players % 2:
            raise HeartsError(f"no seat is across a table of {players}: pass_direction=across")
        if namer is not None:
            if not rules.auction:
                raise HeartsError(f"namer={namer!r}: this form has no auction, no suit is named")
            if (
                isinstance(namer, bool)
                or not isinstance(namer, int)
                or not 0 <= namer < players
                or (players == 7 and namer == dealer)
            ):
                raise HeartsError(f"namer={namer!r} is not a seat that takes cards this hand")
        return cls(
            rules,
            masks,
            dealer=dealer,
            hand_number=hand_number,
            pass_direction=direction,
            stock=stock_cards,
            namer=namer,
        )

    def copy(self, *, stack: bool = True) -> Deal:
        """An independent copy, for search; with ``stack=False`` the copy cannot undo past now.

        The copy belongs to no game.
        """
        other = object.__new__(Deal)
        # Shared with the original: the rules and everything immutable or replaced whole.
        other.rules = self.rules
        other.dealer = self.dealer
        other.hand_number = self.hand_number
        other.pass_direction = self.pass_direction
        other.cut = self.cut
        other._players = self._players
        other._next = self._next
        other._values = self._values
        other._win_masks = self._win_masks
        other._cancel = self._cancel
        other._domino = self._domino
        other._laws = self._laws
        if self._laws:  # (without the laws option its state is never read: not copied)
            other._revokes = self._revokes.copy()
            other._claimed = self._claimed.copy()
            other._exposed = self._exposed.copy()
            other._called = self._called
            other._gathered = self._gathered.copy()
        other._in_play = self._in_play
        other._discard = self._discard
        other._widow = self._widow
        other._carry = self._carry
        other._carry_points = self._carry_points
        other._auction = self._auction
        other._bids = self._bids.copy()
        other._bidder = self._bidder
        other._named = self._named
        other._active = self._active
        other._sits_out = self._sits_out
        other._dealt = self._dealt
        other._broken = self._broken
        other._phase = self._phase
        other._to_act = self._to_act
        other._stock = self._stock
        other._stock_pos = self._stock_pos
        other._moon = self._moon
        other._start_scores = self._start_scores
        other._start_pool = self._start_pool
        other._start_jack = self._start_jack
        other._leader = self._leader
        other._first_trick_rule = self._first_trick_rule
        other._must_break = self._must_break
        other._break_mask = self._break_mask
        other._club_lead = self._club_lead
        other._lowest_club = self._lowest_club
        other._only_penalty_lead = self._only_penalty_lead
        other._penalty_mask = self._penalty_mask
        other._pass_offset = self._pass_offset
        other._legal = self._legal
        other._closing = self._closing
        other._moon_played = self._moon_played
        other._points_game = self._points_game
        other._hands = self._hands.copy()
        other._taken = self._taken.copy()
        other._points = self._points.copy()
        other._won = self._won.copy()
        other._trick = self._trick.copy()
        other._history = self._history.copy()
        other._passes = self._passes.copy()
        other._events = self._events.copy()
        other._stack = self._stack.copy() if stack else []
        other._owner = None
        other._closed = False
        return other

    # ------------------------------------------------------------------ public state

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self._players

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats that take cards this hand (all but the dealer at a table of seven)."""
        return self._active

    @property
    def phase(self) -> Phase:
        """Where the hand stands."""
        return self._phase

    @property
    def to_act(self) -> int | None:
        """The seat whose move it is (in the pass phase, the first seat still to pass), or None."""
        return self._to_act if self._phase is not _OVER else None

    @property
    def is_over(self) -> bool:
        """Whether every card has been played (and any moon choice made)."""
        return self._phase is _OVER

    @property
    def events(self) -> list[Event]:
        """This hand's events so far (a copy)."""
        return self._events.copy()

    @property
    def tricks(self) -> list[Trick]:
        """The completed tricks, in order."""
        return [Trick((e.leader, e.cards, e.seat, e.points)) for e in self._history]

    @property
    def trick(self) -> list[tuple[int, Card]]:
        """The trick on the table: (seat, card) from the leader on."""
        seat = self._leader
        plays = []
        for card in self._trick:
            plays.append((seat, card))
            seat = self._next[seat]
        return plays

    @property
    def leader(self) -> int:
        """The seat that leads (or led) the trick on the table."""
        return self._leader

    @property
    def hearts_broken(self) -> bool:
        """Whether a heart (or, when it breaks them, the Q♠) has been played."""
        return self._broken

    @property
    def moves_made(self) -> int:
        """How many moves :meth:`undo` can take back."""
        return len(self._stack)

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Auction Hearts: each seat's bid so far (0 a pass, None not yet bid), in seat order."""
        return tuple(None if bid < 0 else bid for bid in self._bids)

    @property
    def high_bid(self) -> int:
        """Auction Hearts: the highest bid so far (0 while nobody has bid)."""
        return max(0, *self._bids)

    @property
    def bidder(self) -> int | None:
        """Auction Hearts: the highest bidder so far (or the seat naming again for a Jack)."""
        return None if self._bidder < 0 else self._bidder

    @property
    def card_values(self) -> tuple[int, ...]:
        """What each card id counts against its taker this hand: the rules' values, or in
        Auction Hearts one a card of the suit named."""
        return self._values

    @property
    def named_suit(self) -> Suit | None:
        """Auction Hearts: the suit to avoid this hand, once named (hearts when nobody bid)."""
        return self._named

    @property
    def revokes(self) -> list[tuple[int, int, Card]]:
        """The laws option: every revoke not corrected, as (seat, trick number from 0, card).

        The whole truth, for the record and the settlement: a seat's view shows only its own
        revokes (the others see cards played; a revoke is found out and claimed, laws 25–26).
        """
        return list(self._revokes) if self._laws else []

    @property
    def revokers(self) -> tuple[int, ...]:
        """The laws option: the seats with an established revoke: one claimed and not corrected
        (laws 23–26). They pay all the losses of the hand when it is settled."""
        if not self._laws:
            return ()
        revoked = {seat for seat, _, _ in self._revokes}
        return tuple(s for s in range(self._players) if self._claimed[s] and s in revoked)

    @property
    def claims(self) -> tuple[int, ...]:
        """The laws option: the seats claimed against this hand (public)."""
        if not self._laws:
            return ()
        return tuple(s for s in range(self._players) if self._claimed[s])

    def exposed(self, seat: int) -> CardSet:
        """The laws option: the exposed cards ``seat`` still holds (law 22: a revoke corrected
        leaves its card face up); any other seat may call one (law 19). Public."""
        seat = self._seat(seat)
        if not self._laws:
            return CardSet()
        return CardSet(self._exposed[seat] & self._hands[seat])

    @property
    def called(self) -> Card | None:
        """The laws option: the exposed card the seat to act has been called on to play."""
        return self._pending_call()

    def hand(self, seat: int) -> CardSet:
        """The cards a seat holds now (referee's knowledge; seats learn only their own)."""
        return CardSet(self._hands[self._seat(seat)])

    def dealt_hand(self, seat: int) -> CardSet:
        """The cards a seat was dealt."""
        return CardSet(self._dealt[self._seat(seat)])

    def passed(self, seat: int) -> CardSet | None:
        """The cards a seat passed, or None if it has not passed."""
        mask = self._passes[self._seat(seat)]
        return None if mask < 0 else CardSet(mask)

    def taken(self, seat: int) -> CardSet:
        """The cards in the tricks a seat has taken."""
        return CardSet(self._taken[self._seat(seat)])

    def tricks_won(self, seat: int) -> int:
        """How many tricks a seat has taken."""
        return self._won[self._seat(seat)]

    @property
    def widow(self) -> CardSet:
        """Cancellation Hearts and Heartsette: the cards left over from the deal, which go to the
        seat that takes the first trick (empty in other forms). Referee's knowledge."""
        return CardSet(self._widow)

    @property
    def carried(self) -> CardSet:
        """Cancellation Hearts: the cards waiting for the seat that takes the next trick (the
        widow until the first trick is taken, and any trick nobody won)."""
        return CardSet(self._carry)

    @property
    def stock(self) -> list[Card]:
        """The cards left in the stock, top first (two-handed)."""
        return list(self._stock[self._stock_pos :])

    def penalties(self) -> tuple[int, ...]:
        """Penalty units each seat has taken so far this hand (before any moon).

        >>> from hearts import variants
        >>> Deal.from_hands(variants.get("modern"), ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        ...     "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        ...     "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"], pass_direction="hold").penalties()
        (0, 0, 0, 0)
        """
        return tuple(self._points)

    def moon_shooter(self) -> int | None:
        """The seat that shot the moon this hand (when the moon is played), else None."""
        if self._phase is not _OVER and self._phase is not _MOON and self._phase is not _GATHER:
            return None
        return self._shooter()

    def _shooter(self) -> int | None:
        if not self._moon_played:
            return None
        mask = self._penalty_mask
        for seat in self._active:
            if self._taken[seat] & mask == mask:
                return seat
        return None

    def points(self) -> tuple[int, ...]:
        """This hand's points per seat in a points game: penalties, the moon and any bonus."""
        shooter = self.moon_shooter()
        if self._laws and self.revokers:
            # Each established revoker is charged every point of the hand, the others nothing
            # (RULES.md §8.2, the modern comparison [PW0]).
            return score_points(
                self._points, moon_total=self.rules.penalty_total, revokers=self.revokers
            )
        if shooter is None and not self.rules.no_trick_bonus:
            return tuple(self._points)  # the common case: points are the penalties taken
        moon = self.rules.moon
        if moon is Moon.CHOICE:
            moon_name = (self._moon or MoonChoice.OLD).value
        else:
            moon_name = "off" if moon is Moon.OFF else moon.value
        no_trick = [self._won[s] == 0 and s in self._active for s in range(self._players)]
        scores = score_points(
            self._points,
            shooter=shooter,
            moon=moon_name,
            moon_total=self.rules.penalty_total,
            no_trick=no_trick,
            no_trick_bonus=self.rules.no_trick_bonus,
        )
        if self._sits_out is not None:  # the dealer at seven takes no cards: no moon for him
            scores = tuple(0 if s == self._sits_out else p for s, p in enumerate(scores))
        return scores

    # ------------------------------------------------------------------ moves

    def legal_moves(self, seat: int | None = None) -> list[Move] | PassChoices:
        """The moves a seat may make now (by default the seat to act); empty if none.

        In the play phase these are cards; in the pass phase, a :class:`PassChoices` sequence of
        every pass; when the shooter chooses, the two :class:`~hearts.moves.MoonChoice` values;
        in Auction Hearts, a pass (``Bid(0)``) and every :class:`~hearts.moves.Bid` above the high
        bid up to ``max_bid``, then the four :class:`~hearts.moves.NameSuit` moves of the winner.
        """
        phase = self._phase
        if phase is _PLAY:
            if seat is not None and self._seat(seat) != self._to_act:
                return []
            legal = self._legal
            if legal < 0:
                trick = self._trick
                # Following suit, the commonest case, inline; everything else in _legal_mask.
                if trick:
                    led = trick[0] >> 4 & 3
                    legal = self._hands[self._to_act] & SUIT_MASKS[led]
                    if 0 < legal < _ONE_PACK:
                        self._legal = legal
                        return list(_SUIT_CARDS[led][legal >> 16 * led])
                if legal <= 0:
                    legal = self._legal_mask(self._to_act)
                self._legal = legal
            return cards_of(legal)  # type: ignore[return-value]
        if phase is Phase.PASS:
            seat = self._to_act if seat is None else self._seat(seat)
            if self._passes[seat] >= 0:
                return []
            return PassChoices(self._hands[seat], self.rules.pass_count)
        if phase is Phase.MOON:
            if seat is not None and self._seat(seat) != self._to_act:
                return []
            return [MoonChoice.OLD, MoonChoice.NEW]
        if phase is _BID:
            if seat is not None and self._seat(seat) != self._to_act:
                return []
            top = self.rules.auction.max_bid if self.rules.auction else 0
            return [Bid(0), *map(Bid, range(self.high_bid + 1, top + 1))]
        if phase is _NAME:
            if seat is not None and self._seat(seat) != self._to_act:
                return []
            return [NameSuit(suit) for suit in Suit]
        if phase is _DISCARD:
            if seat is not None and self._seat(seat) != self._to_act:
                return []
            return PassChoices(self._hands[self._to_act], self._widow.bit_count(), Discard)
        if phase is _GATHER:
            if seat is not None and self._seat(seat) != self._to_act:
                return []
            return [Gather()]
        return []

    def legal_cards(self) -> CardSet:
        """The cards the seat to act may play now (empty outside the play phase)."""
        if self._phase is not Phase.PLAY:
            return CardSet()
        called = self._pending_call()
        if called is not None:
            return CardSet(1 << called)
        return CardSet(self._legal_mask(self._to_act))

    def can_play(self, move: Move | CardLike, seat: int | None = None) -> bool:
        """Whether a move is legal now."""
        try:
            self.verify_play(move, seat)
        except HeartsError:
            return False
        return True

    def verify_play(self, move: Move | CardLike, seat: int | None = None) -> None:
        """Raise :class:`~hearts.errors.IllegalMove` saying why a move is not legal now."""
        move = self._coerce(move)
        phase = self._phase
        if self._closed:
            raise IllegalMove("this hand has been settled: undo through the game")
        if isinstance(move, Claim) and self._laws:
            self._check_laws_move(move, seat)  # (too late once the cards are gathered: law 26)
            return
        if phase is Phase.OVER:
            raise IllegalMove("the hand is over: every card has been played")
        if isinstance(move, LAWS_MOVES):
            self._check_laws_move(move, seat)
            return
        if phase is _GATHER:
            raise IllegalMove(
                "every trick is taken: let the cards be gathered ('gather'), or claim a revoke "
                "('claim SEAT') before they are (laws 25–26)"
            )
        if isinstance(move, Bid | NameSuit) and not self._auction:
            raise IllegalMove(
                "this form has no auction: there is nothing to bid for and no suit to name"
            )
        if phase is _BID or phase is _NAME:
            self._check_auction_move(move, seat)
            return
        if isinstance(move, Discard) and phase is not _DISCARD:
            if not self._discard:
                raise IllegalMove("this form has no widow to take: there is nothing to discard")
            raise IllegalMove(
                "only the winner of the first trick discards, once he has taken the widow"
            )
        if phase is Phase.PASS:
            if not isinstance(move, Pass):
                raise IllegalMove(
                    f"it is time to pass: choose {self.rules.pass_count} cards to pass "
                    f"{self.pass_direction.value}"
                )
            seat = self._to_act if seat is None else self._seat(seat)
            if self._passes[seat] >= 0:
                raise IllegalMove(f"seat {seat} has already passed")
            mask = move.cards.mask
            count = self.rules.pass_count
            if mask.bit_count() != count:
                raise IllegalMove(f"pass exactly {count} cards, not {mask.bit_count()}")
            missing = mask & ~self._hands[seat]
            if missing:
                raise IllegalMove(f"seat {seat} does not hold {CardSet(missing).symbols()}")
            return
        if seat is not None and self._seat(seat) != self._to_act:
            raise IllegalMove(f"it is seat {self._to_act}'s turn, not seat {seat}'s")
        if phase is _DISCARD:
            count = self._widow.bit_count()
            if not isinstance(move, Discard):
                raise IllegalMove(
                    f"seat {self._to_act} took the widow: discard {count} cards first "
                    "('discard 2C 3C ...')"
                )
            mask = move.cards.mask
            if mask.bit_count() != count:
                raise IllegalMove(
                    f"discard exactly {count} cards, as many as the widow, not {mask.bit_count()}"
                )
            missing = mask & ~self._hands[self._to_act]
            if missing:
                raise IllegalMove(f"seat {self._to_act} does not hold {CardSet(missing).symbols()}")
            return
        if phase is Phase.MOON:
            if not isinstance(move, MoonChoice):
                raise IllegalMove("you shot the moon: choose 'moon old' (others +26) or 'moon new'")
            return
        if isinstance(move, Bid):
            raise IllegalMove("the bidding is over, and there is no second bid (law 30)")
        if isinstance(move, NameSuit):
            raise IllegalMove(f"the suit to avoid is named already: {self._named_words()}")
        if not isinstance(move, Card):
            raise IllegalMove("it is time to play a card")
        self._check_card(self._to_act, move)

    def play(self, move: Move | CardLike, seat: int | None = None) -> Event:
        """Apply a move of the seat to act (or, when passing, of ``seat``); return its event.

        A card may be given as a :class:`~hearts.cards.Card`, its id or its name.
        """
        # (A settled deal is over, so these fast paths never meet a closed one.)
        if self._phase is _PLAY:
            card = move if type(move) is Card else self._coerce(move)
            to_act = self._to_act
            legal = self._legal
            if legal < 0:
                legal = self._legal_mask(to_act)
            if (
                type(card) is Card
                and (seat is None or (type(seat) is int and seat == to_act))
                and legal >> card & 1
            ):
                trick = self._trick
                if len(trick) >= self._closing:
                    return self._play_card(to_act, card)
                # The card leaves the trick open (the common case, kept inline for speed): only
                # the hand, the trick, the leader, hearts broken and the log change, and a short
                # record undoes it.
                self._stack.append((to_act, card, self._leader, self._broken))
                self._legal = -1
                self._hands[to_act] &= ~(1 << card)
                if not trick:
                    self._leader = to_act
                trick.append(card)
                if not self._broken and self._break_mask >> card & 1:
                    self._broken = True
                event = _CARD_PLAYED[to_act << 7 | card]
                self._events.append(event)
                self._to_act = self._next[to_act]
                return event
        elif type(move) is Pass and self._phase is _PASS:
            # The checks of verify_play for a pass, in short; anything else takes the long way.
            giver = self._to_act if seat is None else seat
            if type(giver) is int and 0 <= giver < self._players and self._passes[giver] < 0:
                mask = move.cards.mask
                if mask.bit_count() == self.rules.pass_count and not mask & ~self._hands[giver]:
                    return self._pass(giver, mask)
        self.verify_play(move, seat)
        # verify_play passed, so the move is a pass, a bid, a suit named or a moon choice here.
        move = self._coerce(move)
        if isinstance(move, Pass):
            return self._pass(self._to_act if seat is None else self._seat(seat), move.cards.mask)
        if isinstance(move, Bid):
            return self._bid(move.amount)
        if isinstance(move, NameSuit):
            return self._name(move.suit)
        if isinstance(move, Discard):
            return self._discard_cards(move.cards.mask)
        if isinstance(move, LAWS_MOVES):
            return self._laws_move(move, seat)
        assert isinstance(move, MoonChoice)
        return self._choose_moon(move)

    def undo(self) -> None:
        """Take back the last move (any number of times, back to the deal)."""
        if self._closed or self._laws:
            if self._closed:
                raise IllegalMove("this hand has been settled: undo through the game")
            # The laws option: the plain undo below, then a call waiting on the seat to act is
            # put back in the cache of legal cards (one flag test keeps this off the hot path).
            self._laws = False
            try:
                self.undo()
            finally:
                self._laws = True
            self._refresh_call()
            return
        if not self._stack:
            raise IllegalMove("nothing to undo: no move has been made this hand")
        entry = self._stack.pop()
        self._legal = -1
        if len(entry) == 9:
            # A card that closed a trick with play going on (see _play_card).
            seat, card, self._leader, self._broken, events, trick, winner, points, mask = entry
            self._hands[seat] |= 1 << card
            self._trick = list(trick)
            self._taken[winner] &= ~mask
            self._points[winner] -= points
            self._won[winner] -= 1
            self._history.pop()
            self._to_act = seat
            self._phase = _PLAY
            del self._events[events:]
            return
        if len(entry) == 4:
            # A card that did not close its trick (see play): put it back in the hand.
            seat, card, self._leader, self._broken = entry
            self._hands[seat] |= 1 << card
            self._trick.pop()
            self._to_act = seat
            self._phase = _PLAY
            self._events.pop()
            return
        if len(entry) == 2 and entry[0] == "laws":
            self._restore_laws(entry[1])
            return
        if len(entry) == 2 and entry[0] == "domino":
            # Domino Hearts: any card (see _play_domino), with who was still in play.
            snapshot, self._next, self._in_play = entry[1]
            self._restore(snapshot)
            return
        if len(entry) == 2 and entry[0] == "cancel":
            # Cancellation Hearts: a card that closed a trick (see _close_cancelling).
            snapshot, self._carry, self._carry_points = entry[1]
            self._restore(snapshot)
            return
        if len(entry) == 2:
            # A bid or the suit named (see _bid, _name): the auction's state before it.
            (
                self._phase,
                self._to_act,
                self._leader,
                bids,
                self._bidder,
                self._named,
                self._values,
                self._penalty_mask,
                events,
            ) = entry[1]
            self._bids = list(bids)
            del self._events[events:]
            return
        if len(entry) == 3:
            # A pass that was not the last one (see _pass).
            seat, mask, self._to_act = entry
            self._hands[seat] |= mask
            self._passes[seat] = -1
            self._phase = _PASS
            self._events.pop()
            return
        self._restore(entry)

    def _restore(self, entry: tuple[Any, ...]) -> None:
        """Put back the state of a :meth:`_snapshot`."""
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
            passes,
            self._stock_pos,
            events,
            self._moon,
        ) = entry
        self._hands = list(hands)
        self._taken = list(taken)
        self._points = list(points)
        self._won = list(won)
        self._trick = list(trick)
        del self._history[history:]
        self._passes = list(passes)
        del self._events[events:]

    # ------------------------------------------------------------------ views

    def view(self, seat: int) -> SeatView:
        """What one seat may know: its own cards, every card played, public counts and scores."""
        from hearts.observation import view_of

        return view_of(self, self._seat(seat))

    # ------------------------------------------------------------------ internals

    def _seat(self, seat: object) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self._players:
            raise IllegalMove(f"{seat!r} is not a seat: seats are 0 to {self._players - 1}")
        return seat

    @staticmethod
    def _coerce(move: object) -> Move:
        if isinstance(move, (Card, Pass, MoonChoice, Bid, NameSuit, Discard, *LAWS_MOVES)):
            return move
        if isinstance(move, str):
            from hearts.moves import parse_move

            return parse_move(move)
        try:
            return Card.coerce(move)  # type: ignore[arg-type]
        except InvalidCard:
            raise IllegalMove(f"{move!r} is not a move") from None

    def _snapshot(self) -> tuple[Any, ...]:
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
            tuple(self._passes),
            self._stock_pos,
            len(self._events),
            self._moon,
        )

    # ------------------------------------------------------------------ the laws option

    def _pending_call(self) -> Card | None:
        """The card called that the seat to act must play now (law 19), if any."""
        if not self._laws:
            return None
        called = self._called
        if called is None:
            return None
        owner, card = called
        if self._phase is _PLAY and self._to_act == owner and self._hands[owner] >> card & 1:
            return card
        return None

    def _refresh_call(self) -> None:
        """Keep a pending call in the cache of legal cards: the called card is the only one."""
        card = self._pending_call()
        if card is not None:
            self._legal = 1 << card

    def _laws_entry(self) -> tuple[str, tuple[Any, ...]]:
        """The undo record of a laws move: the whole state (a pair: see :meth:`undo`)."""
        return (
            "laws",
            (
                self._snapshot(),
                tuple(self._revokes),
                tuple(self._claimed),
                tuple(self._exposed),
                self._called,
                tuple(self._gathered),
                self._carry,
                self._carry_points,
                self._next,
                self._in_play,
            ),
        )

    def _restore_laws(self, state: tuple[Any, ...]) -> None:
        (
            snapshot,
            revokes,
            claimed,
            exposed,
            self._called,
            gathered,
            self._carry,
            self._carry_points,
            self._next,
            self._in_play,
        ) = state
        self._restore(snapshot)
        self._revokes = list(revokes)
        self._claimed = list(claimed)
        self._exposed = list(exposed)
        self._gathered = list(gathered)

    def _check_laws_move(self, move: Move, seat: int | None) -> None:
        """Raise the reason a move of the laws option is not lawful now."""
        if not self._laws:
            what = type(move).__name__.lower()
            raise IllegalMove(
                f"there is no {what} without the laws option (Rules(laws=True)): the engine "
                "makes every irregularity impossible, so there is nothing to "
                + {
                    "revoke": "revoke: you must follow suit",
                    "correct": "correct",
                    "claim": "claim: nobody can revoke",
                    "call": "call: no card is ever exposed",
                    "gather": "gather: the next hand is dealt at once",
                }[what]
            )
        if seat is not None:
            self._seat(seat)
        phase = self._phase
        if isinstance(move, Claim):
            self._check_claim(move.seat, seat)
            return
        if isinstance(move, Gather):
            if phase is not _GATHER:
                raise IllegalMove("the cards are gathered when every trick has been taken")
            if seat is not None and seat != self._to_act:
                raise IllegalMove(f"it is seat {self._to_act}'s turn to let the cards be gathered")
            return
        if phase is not _PLAY:
            raise IllegalMove(f"a {type(move).__name__.lower()} belongs to the play of the cards")
        if isinstance(move, Correct):
            if seat is None:
                raise IllegalMove(
                    "say which seat corrects its revoke: correct(seat=...) (only the revoker "
                    "knows it revoked)"
                )
            self._correction_of(seat)
            return
        if isinstance(move, Call):
            self._check_call(move.card, seat)
            return
        assert isinstance(move, Revoke)
        self._check_revoke(move.card, seat)

    def _check_claim(self, accused: int, seat: int | None) -> None:
        if self._phase is _OVER or self._closed:
            raise IllegalMove(
                "the cards have been gathered for the next deal: too late to claim (law 26)"
            )
        claimant = self._to_act if seat is None else seat
        if accused >= self._players:
            raise IllegalMove(f"{accused} is not a seat: seats are 0 to {self._players - 1}")
        if accused == claimant:
            raise IllegalMove(f"seat {claimant} cannot claim a revoke of its own")
        if self._claimed[accused]:
            raise IllegalMove(f"seat {accused}'s revoke has been claimed already")
        if not any(s == accused for s, _, _ in self._revokes):
            raise IllegalMove(
                f"seat {accused} has not revoked this hand: the tricks show no revoke (law 25)"
            )

    def _check_call(self, card: Card, seat: int | None) -> None:
        owner = self._to_act
        if seat is None:
            raise IllegalMove("say which seat calls the card: call(seat=...)")
        if seat == owner:
            raise IllegalMove("a seat cannot call its own exposed card: it may simply play it")
        if not (self._exposed[owner] & self._hands[owner]) >> card & 1:
            raise IllegalMove(
                f"the {card.symbol} is not an exposed card of seat {owner}, the seat to play"
            )
        if self._pending_call() is not None:
            raise IllegalMove(
                f"the {self._called[1].symbol} is called already: the first call "  # type: ignore[index]
                "binds (law 19)"
            )
        if not self._legal_mask(owner) >> card & 1:
            raise IllegalMove(
                f"seat {owner} cannot play the {card.symbol} now without revoking, so it cannot "
                "be called (law 19)"
            )

    def _check_revoke(self, card: Card, seat: int | None) -> None:
        to_act = self._to_act
        if seat is not None and seat != to_act:
            raise IllegalMove(f"it is seat {to_act}'s turn, not seat {seat}'s")
        if not self._hands[to_act] >> card & 1:
            raise IllegalMove(f"seat {to_act} does not hold the {card.symbol}")
        called = self._pending_call()
        if called is not None:
            if card == called:
                raise IllegalMove(f"the {card.symbol} is the card called: play it, it is no revoke")
            return  # failing to play a card lawfully called is a revoke (law 27)
        trick = self._trick
        if trick:
            led = trick[0] >> 4 & 3
            if card >> 4 & 3 != led and self._hands[to_act] & SUIT_MASKS[led]:
                return  # off the suit led while holding it: a revoke (law 22)
        if self._legal_mask(to_act) >> card & 1:
            raise IllegalMove(
                f"the {card.symbol} is a lawful play, not a revoke: play it as a card"
            )
        raise IllegalMove(
            f"the {card.symbol} breaks a rule of this form's play, not the law of following suit: "
            "a revoke is a card off the suit led while holding it (law 22)"
        )

    def _correction_of(self, seat: int) -> int:
        """The position in the trick on the table of ``seat``'s revoke, which it may correct."""
        number = len(self._history)
        for s, at, card in self._revokes:
            if s == seat and at == number and card in self._trick:
                return self._trick.index(card)
        if any(s == seat for s, _, _ in self._revokes):
            raise IllegalMove(
                f"seat {seat}'s revoke is in a trick already quitted: it stands, to be claimed "
                "and paid for (law 23)"
            )
        raise IllegalMove(f"seat {seat} has no revoke in the trick on the table to correct")

    def _laws_move(self, move: Move, seat: int | None) -> Event:
        """Apply a checked move of the laws option (a full record undoes it)."""
        entry = self._laws_entry()
        if isinstance(move, Revoke):
            return self._revoke(move.card, entry)
        self._stack.append(entry)
        self._legal = -1
        if isinstance(move, Claim):
            claimant = self._to_act if seat is None else seat
            self._claimed[move.seat] = True
            event: Event = RevokeClaimed(seat=claimant, accused=move.seat)
            self._events.append(event)
        elif isinstance(move, Call):
            assert seat is not None
            self._called = (self._to_act, move.card)
            event = CardCalled(seat=seat, owner=self._to_act, card=move.card)
            self._events.append(event)
        elif isinstance(move, Correct):
            assert seat is not None
            event = self._correct(seat)
        else:
            assert isinstance(move, Gather)
            event = self._gather()
        self._refresh_call()
        return event

    def _revoke(self, card: Card, entry: tuple[str, tuple[Any, ...]]) -> Event:
        """Play a card the laws forbid, as any card is played, and note the revoke."""
        seat = self._to_act
        depth = len(self._stack)
        at = len(self._events)
        self._revokes.append((seat, len(self._history), card))
        self._called = None
        self._legal = 1 << card  # let the card through the play below, once
        self.play(card)
        del self._stack[depth:]  # the whole state before the revoke undoes it
        self._stack.append(entry)
        event = Revoked(seat=seat, card=card)
        self._events[at] = event
        self._refresh_call()
        return event

    def _correct(self, seat: int) -> Event:
        """Law 22: the revoker takes back his card (now exposed); those after him take back
        theirs; he plays again."""
        position = self._correction_of(seat)
        plays = self.trick
        card = plays[position][1]
        withdrawn = tuple(plays[position + 1 :])
        for owner, other in plays[position:]:
            self._hands[owner] |= 1 << other
        number = len(self._history)
        gone = {other for _, other in plays[position:]}
        self._revokes = [r for r in self._revokes if not (r[1] == number and r[2] in gone)]
        # A claim lapses with the revoke it claimed: a later revoke of that seat is claimed anew.
        revoked = {s for s, _, _ in self._revokes}
        for claimed in range(self._players):
            if self._claimed[claimed] and claimed not in revoked:
                self._claimed[claimed] = False
        del self._trick[position:]
        self._exposed[seat] |= 1 << card
        self._called = None
        played = 0
        for trick in self._history:
            for other in trick.cards:
                played |= 1 << other
        for other in self._trick:
            played |= 1 << other
        self._broken = bool(played & self._break_mask)
        self._to_act = seat
        event = RevokeCorrected(seat=seat, card=card, withdrawn=withdrawn)
        self._events.append(event)
        return event

    def _gather(self) -> Event:
        """A seat lets the cards be gathered; the last to do so closes claims and the hand."""
        seat = self._to_act
        self._gathered[seat] = True
        event = Gathered(seat=seat)
        self._events.append(event)
        for _ in range(self._players):
            seat = (seat + 1) % self._players
            if not self._gathered[seat] and seat in self._active:
                self._to_act = seat
                return event
        self._finish()
        return event

    # ------------------------------------------------------------------ Auction Hearts

    def _check_auction_move(self, move: Move, seat: int | None) -> None:
        """Raise the reason a move is not legal in the bidding or the naming of the suit."""
        to_act = self._to_act
        if self._phase is _BID:
            if seat is not None and self._seat(seat) != to_act:
                if self._bids[seat] >= 0:
                    raise IllegalMove(
                        f"seat {seat} has bid already: there is no second bid (law 30)"
                    )
                raise IllegalMove(
                    f"it is seat {to_act}'s turn to bid, not seat {seat}'s: the eldest hand bids "
                    "first and the dealer last (law 30)"
                )
            high = self.high_bid
            if isinstance(move, NameSuit):
                raise IllegalMove(
                    "the bidding is not over: the highest bidder names the suit when all have bid"
                )
            if not isinstance(move, Bid):
                raise IllegalMove(f"it is time to bid: bid more than {high} counters, or pass")
            if move.amount and move.amount <= high:
                raise IllegalMove(
                    f"a bid must be higher than the high bid of {high}: bid more, or pass"
                )
            top = self.rules.auction.max_bid if self.rules.auction else 0
            if move.amount > top:
                raise IllegalMove(
                    f"a bid may be at most {top} counters (max_bid), not {move.amount}"
                )
            return
        if seat is not None and self._seat(seat) != to_act:
            raise IllegalMove(
                f"seat {seat} did not win the auction: seat {to_act} names the suit to avoid"
            )
        if isinstance(move, Bid):
            raise IllegalMove(
                f"the bidding is over, and there is no second bid (law 30): seat {to_act} "
                "names the suit to avoid"
            )
        if not isinstance(move, NameSuit):
            raise IllegalMove(
                f"seat {to_act} names the suit to avoid first: 'name hearts', 'name spades', ..."
            )

    def _auction_entry(self) -> tuple[str, tuple[Any, ...]]:
        """The undo record of a bid or of naming the suit (a pair: see :meth:`undo`)."""
        return (
            "auction",
            (
                self._phase,
                self._to_act,
                self._leader,
                tuple(self._bids),
                self._bidder,
                self._named,
                self._values,
                self._penalty_mask,
                len(self._events),
            ),
        )

    def _bid(self, amount: int) -> Event:
        seat = self._to_act
        self._stack.append(self._auction_entry())
        self._legal = -1
        if amount:  # checked above the high bid
            self._bidder = seat
        self._bids[seat] = amount
        event = BidMade(seat=seat, amount=amount)
        self._events.append(event)
        if any(self._bids[s] < 0 for s in self._active):
            self._to_act = self._next[seat]
        elif self._bidder >= 0:
            self._phase = _NAME
            self._to_act = self._bidder
        else:
            # Nobody bid: hearts, and the eldest leads (RULES.md §5.1.8, UNVERIFIED).
            self._set_named(Suit.HEARTS, -1)
            self._phase = _PLAY
            self._leader = self._to_act = self._first_leader_eldest()
        return event

    def _name(self, suit: Suit) -> Event:
        seat = self._to_act
        self._stack.append(self._auction_entry())
        self._legal = -1
        event = self._set_named(suit, seat)
        # The highest bidder leads to the first trick, whatever his seat (RULES.md §5.1.4).
        self._phase = _PLAY
        self._leader = self._to_act = seat
        return event

    def _set_named(self, suit: Suit, seat: int) -> Event:
        """This hand's penalties: one unit a card of the named suit."""
        self._named = suit
        self._values = _suit_values(self.rules.pack, suit)
        self._penalty_mask = self.rules.pack & SUIT_MASKS[suit]
        event = SuitNamed(seat=seat, suit=suit.name.lower())
        self._events.append(event)
        return event

    def _named_words(self) -> str:
        suit = self._named
        return "none" if suit is None else f"{suit.name.lower()}"

    def _first_to_pass(self) -> int:
        """The first seat from the eldest hand on that has not passed yet, or -1."""
        seat = self._first_leader_eldest()
        for _ in range(len(self._active)):
            if self._passes[seat] < 0:
                return seat
            seat = self._next[seat]
        return -1

    def _first_leader_eldest(self) -> int:
        """The eldest hand: the first seat on the dealer's left that takes cards."""
        seat = (self.dealer + 1) % self._players
        while seat == self._sits_out:
            seat = (seat + 1) % self._players
        return seat

    def _first_leader(self) -> int:
        if self._club_lead:
            club = self._lowest_club
            for seat in self._active:
                if self._hands[seat] >> club & 1:
                    return seat
        return self._first_leader_eldest()

    def _start_play(self) -> None:
        self._phase = Phase.PLAY
        self._leader = self._to_act = self._first_leader()

    def _legal_mask(self, seat: int) -> int:
        hand = self._hands[seat]
        trick = self._trick
        if trick:
            follow = hand & SUIT_MASKS[trick[0] >> 4 & 3]
            if follow:
                return follow
            if self._first_trick_rule and not self._history:
                safe = hand & ~self._penalty_mask
                if safe:
                    return safe
            return hand
        if not self._history and self._club_lead and hand >> self._lowest_club & 1:
            # (two-handed, the lowest club may lie in the stock: then the leader leads freely)
            return 1 << self._lowest_club
        if self._must_break and not self._broken:
            others = hand & ~HEARTS_MASK
            if others and not (self._only_penalty_lead and others == _QS_BIT):
                return others
        return hand

    def _check_card(self, seat: int, card: Card) -> None:
        """Raise the reason a card is not legal for ``seat`` (called only when it is not)."""
        hand = self._hands[seat]
        if not hand >> card & 1:
            raise IllegalMove(f"seat {seat} does not hold the {card.symbol}")
        called = self._pending_call()
        if called is not None and card != called:
            raise IllegalMove(
                f"your exposed {called.symbol} is called: play it (law 19), or revoke "
                f"('revoke {card}', law 27)"
            )
        if self._legal_mask(seat) >> card & 1:
            return
        if self._trick:
            led = Suit(self._trick[0] >> 4 & 3)
            if hand & SUIT_MASKS[led]:
                if self._laws:
                    raise IllegalMove(
                        f"you must follow suit: you hold a {led.singular} (to revoke all the "
                        f"same, as at a real table: 'revoke {card}')"
                    )
                raise IllegalMove(f"you must follow suit: you hold a {led.singular}")
            raise IllegalMove(
                "no card that counts may be played to the first trick while you hold another"
            )
        if not self._history and self._club_lead and hand >> self._lowest_club & 1:
            raise IllegalMove(f"the {self._lowest_club.symbol} must lead the first trick")
        raise IllegalMove("hearts are not broken: lead another suit")

    def _play_card(self, seat: int, card: Card) -> Event:
        """Play the card that closes the trick (``play`` handles the others inline)."""
        if self._cancel:
            return self._close_cancelling(seat, card)
        if self._domino:
            return self._play_domino(seat, card)
        trick = self._trick
        events = self._events
        leader = self._leader if trick else seat
        # Who takes the trick: the highest card of the suit led (or the joker, when it wins any
        # trick: its bit is above every card of one pack, so it is the top bit of its mask).
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
        suit = self._win_masks[cards[0] >> 4 & 3]
        if mask >> 64 == 0:  # one pack: the highest card of the suit led is the top bit
            best_at = cards.index((mask & suit).bit_length() - 1)
        else:
            best = cards[0] & 63
            best_at = 0
            for i in range(1, len(cards)):
                other = cards[i]
                if suit >> other & 1 and other & 63 > best:
                    best, best_at = other & 63, i
        winner = leader
        nxt = self._next
        for _ in range(best_at):
            winner = nxt[winner]
        if self._stock_pos < len(self._stock) or not self._hands[seat] & ~(1 << card):
            self._stack.append(self._snapshot())  # a draw or the end of play follows
        else:
            self._stack.append(
                (
                    seat,
                    card,
                    self._leader,
                    self._broken,
                    len(events),
                    tuple(trick),
                    winner,
                    points,
                    mask,
                )
            )
        self._legal = -1
        self._hands[seat] &= ~(1 << card)
        if not self._broken and self._break_mask >> card & 1:
            self._broken = True
        event = _CARD_PLAYED[seat << 7 | card]
        events.append(event)
        self._taken[winner] |= mask
        self._points[winner] += points
        self._won[winner] += 1
        won = TrickWon(winner, leader, cards, points)
        self._history.append(won)
        events.append(won)
        self._trick = []
        self._leader = self._to_act = winner
        if self._stock_pos < len(self._stock):
            self._draw(winner)
        if not self._hands[winner]:
            self._end_of_play()
        return event

    def _close_cancelling(self, seat: int, card: Card) -> Event:
        """Cancellation Hearts (RULES.md §7.3–7.6): play the card that closes the trick.

        Two identical cards cancel each other: the highest card of the suit led whose twin is not
        in the trick wins it, with every card carried to it. If none is left, nobody wins: the
        trick waits for the next one and its leader leads again; the last trick goes to its
        leader. A full snapshot (and what was carried) undoes it.
        """
        trick = self._trick
        events = self._events
        leader = self._leader if trick else seat
        cards = (*trick, card)
        values = self._values
        points = 0
        mask = 0
        for other in cards:
            points += values[other]
            mask |= 1 << other
        suit = self._win_masks[cards[0] >> 4 & 3]
        best = best_at = -1
        for i, other in enumerate(cards):
            # other ^ 64 is its twin of the other pack: both in the trick, neither can win.
            if suit >> other & 1 and not mask >> (other ^ 64) & 1 and other & 63 > best:
                best, best_at = other & 63, i
        self._stack.append(("cancel", (self._snapshot(), self._carry, self._carry_points)))
        self._legal = -1
        self._hands[seat] &= ~(1 << card)
        if not self._broken and self._break_mask >> card & 1:
            self._broken = True
        event = _CARD_PLAYED[seat << 7 | card]
        events.append(event)
        self._trick = []
        last = not self._hands[seat]  # every hand is as short as the closer's now
        if best_at < 0 and not last:
            carried = TrickCarried(leader, cards, points)
            self._history.append(carried)
            events.append(carried)
            self._carry |= mask
            self._carry_points += points
            self._leader = self._to_act = leader
            return event
        if best_at < 0 and self._cancel & 4:
            # A last trick nobody wins, to the second of its two highest cards (Grace).
            top = max(other & 63 for other in cards if suit >> other & 1)
            best_at = max(i for i, other in enumerate(cards) if other & 63 == top)
        winner = leader  # (else a last trick that nobody wins goes to its leader: RULES.md §7.6)
        nxt = self._next
        for _ in range(max(best_at, 0)):
            winner = nxt[winner]
        mask |= self._carry
        points += self._carry_points
        if last and self._cancel & 2:  # the widow goes with the last trick (Parlett)
            mask |= self._widow
            points += sum(values[other] for other in cards_of(self._widow))
        self._carry = self._carry_points = 0
        self._taken[winner] |= mask
        self._points[winner] += points
        self._won[winner] += 1
        won = TrickWon(winner, leader, cards, points)
        self._history.append(won)
        events.append(won)
        self._leader = self._to_act = winner
        if self._discard and len(self._history) == 1:
            # Heartsette: the widow into the winner's hand; he discards as many (RULES.md §5.5).
            self._hands[winner] |= self._widow
            self._phase = _DISCARD
            return event
        if not self._hands[winner]:
            self._end_of_play()
        return event

    def _play_domino(self, seat: int, card: Card) -> Event:
        """Domino Hearts (RULES.md §5.6): play a card; draw for the next seat; drop out.

        The next seat to play draws from the stock until it can follow suit (or the stock is
        out). When a trick closes, the seats out of cards drop out, and the lead passes from a
        winner with no cards to the next seat still in; when one seat (or none) is left holding
        cards, it keeps them and the rest of the stock, and play is over. A full snapshot, with
        the seating, undoes any card.
        """
        self._stack.append(("domino", (self._snapshot(), self._next, self._in_play)))
        self._legal = -1
        trick = self._trick
        events = self._events
        if not trick:
            self._leader = seat
        self._hands[seat] &= ~(1 << card)
        trick.append(card)
        if not self._broken and self._break_mask >> card & 1:
            self._broken = True
        event = _CARD_PLAYED[seat << 7 | card]
        events.append(event)
        if len(trick) < self._in_play:
            self._to_act = self._next[seat]
            self._draw_to_follow(self._to_act)
            return event
        leader = self._leader
        cards = tuple(trick)
        values = self._values
        points = sum(values[other] for other in cards)
        mask = 0
        for other in cards:
            mask |= 1 << other
        best_at = cards.index((mask & self._win_masks[cards[0] >> 4 & 3]).bit_length() - 1)
        winner = leader
        for _ in range(best_at):
            winner = self._next[winner]
        self._taken[winner] |= mask
        self._points[winner] += points
        self._won[winner] += 1
        won = TrickWon(winner, leader, cards, points)
        self._history.append(won)
        events.append(won)
        self._trick = []
        holding = [s for s in self._active if self._hands[s]]
        if len(holding) <= 1:
            # The last seat holding cards keeps them and the stock; if every seat ran out
            # together, the stock goes to the winner of the last trick (our reading).
            keeper = holding[0] if holding else winner
            kept = self._hands[keeper] | mask_of(self._stock[self._stock_pos :])
            kept_points = sum(values[other] for other in cards_of(kept))
            self._hands[keeper] = 0
            self._stock_pos = len(self._stock)
            self._taken[keeper] |= kept
            self._points[keeper] += kept_points
            events.append(CardsKept(keeper, CardSet(kept), kept_points))
            self._leader = self._to_act = keeper
            self._end_of_play()
            return event
        if len(holding) < self._in_play:
            self._in_play = len(holding)
            following = []
            for s in range(self._players):
                after = (s + 1) % self._players
                while not self._hands[after]:
                    after = (after + 1) % self._players
                following.append(after)
            self._next = tuple(following)
        leader = winner if self._hands[winner] else self._next[winner]
        self._leader = self._to_act = leader
        return event

    def _draw_to_follow(self, seat: int) -> None:
        """Domino Hearts: ``seat`` draws the top card of the stock until it holds a card of the
        suit led, or the stock is out (RULES.md §5.6.2)."""
        follow = SUIT_MASKS[self._trick[0] >> 4 & 3]
        stock = self._stock
        while not self._hands[seat] & follow and self._stock_pos < len(stock):
            drawn = stock[self._stock_pos]
            self._stock_pos += 1
            self._hands[seat] |= 1 << drawn
            self._events.append(StockDrawn(seat=seat, card=drawn))

    def _discard_cards(self, mask: int) -> Event:
        """Heartsette: lay the discards face down; they count against the seat that took the
        widow (RULES.md §5.5 default). A full snapshot undoes it."""
        seat = self._to_act
        self._stack.append(self._snapshot())
        self._legal = -1
        self._hands[seat] &= ~mask
        self._taken[seat] |= mask
        points = sum(self._values[card] for card in cards_of(mask))
        self._points[seat] += points
        event = Discarded(seat, CardSet(mask), points)
        self._events.append(event)
        self._phase = _PLAY
        return event

    def _draw(self, winner: int) -> None:
        """Two-handed: the winner draws the top card of the stock, then the other seat."""
        seat = winner
        for _ in range(2):
            if self._stock_pos >= len(self._stock):
                return
            card = self._stock[self._stock_pos]
            self._stock_pos += 1
            self._hands[seat] |= 1 << card
            self._events.append(StockDrawn(seat=seat, card=card))
            seat = self._next[seat]

    def _end_of_play(self) -> None:
        shooter = self._shooter()
        if shooter is not None:
            self._events.append(MoonShot(seat=shooter))
            if self.rules.moon is Moon.CHOICE:
                self._phase = _MOON
                self._to_act = shooter
                return
        self._finish()

    def _finish(self) -> None:
        if self._laws and self._phase is not _GATHER:
            # The laws: claims stay open until every seat lets the cards be gathered.
            self._phase = _GATHER
            self._gathered = [False] * self._players
            self._to_act = self._first_leader_eldest()
            return
        self._phase = _OVER
        penalties = tuple(self._points)
        points = self.points() if self._points_game else penalties
        self._events.append(HandOver(penalties, points))
        if self._owner is not None:
            self._owner._deal_over(self)

    def _choose_moon(self, choice: MoonChoice) -> Event:
        self._stack.append(self._snapshot())
        self._legal = -1
        self._moon = choice
        event = MoonChosen(seat=self._to_act, choice=choice.value)
        self._events.append(event)
        self._finish()
        return event

    def _pass(self, seat: int, mask: int) -> Event:
        last = self._passes.count(-1) == 1 + (self._sits_out is not None)
        # The last pass exchanges the cards and starts play: a full snapshot undoes it; any
        # other pass changes only the passer's hand and the seat to act.
        self._stack.append(self._snapshot() if last else (seat, mask, self._to_act))
        self._legal = -1
        self._passes[seat] = mask
        self._hands[seat] &= ~mask
        to = (seat + self._pass_offset) % self._players
        event = Passed(seat, CardSet(mask), to)
        self._events.append(event)
        if not last:
            self._to_act = self._first_to_pass()
            return event
        for giver in self._active:
            receiver = (giver + self._pass_offset) % self._players
            self._hands[receiver] |= self._passes[giver]
        self._start_play()
        return event

    def received(self, seat: int) -> CardSet | None:
        """The cards passed to a seat, once every seat has passed (else None)."""
        seat = self._seat(seat)
        if self._phase is Phase.PASS or not self._pass_offset:
            return None
        giver = (seat - self._pass_offset) % self._players
        return CardSet(self._passes[giver])

    def __repr__(self) -> str:
        return (
            f"<Deal hand {self.hand_number} of {_form_name(self.rules)}: {self._phase.value}, "
            f"seat {self.to_act} to act, {len(self._history)} tricks played>"
        )


def check_hands(
    rules: Rules,
    hands: Sequence[CardSet | str | Sequence[CardLike]],
    stock: Sequence[CardLike] | str,
    dealer: int,
) -> tuple[list[int], tuple[Card, ...]]:
    """Check that hands (and a stock) are a deal of this pack; return their masks and the stock.

    Hands must be disjoint, hold cards of the pack only, and have the size the rules deal (none
    for the dealer at a table of seven); with a stock, hands and stock hold the whole pack.

    >>> from hearts import variants
    >>> check_hands(variants.get("two-handed"), ["2C", "3C"], "", 0)
    Traceback (most recent call last):
    ...
    hearts.errors.HeartsError: seat 0 holds 1 cards; this form deals 13
    """
    players = rules.players
    if not isinstance(hands, Sequence) or isinstance(hands, str):
        raise HeartsError(f"give the hands as a list of {players} hands, one per seat")
    if len(hands) != players:
        raise HeartsError(
            f"{_form_name(rules)} has {players} seats: give {players} hands, not {len(hands)}"
        )
    masks: list[int] = []
    for seat, hand in enumerate(hands):
        if isinstance(hand, CardSet):
            masks.append(hand.mask)
        elif isinstance(hand, str):
            masks.append(CardSet.parse(hand).mask)
        elif isinstance(hand, Sequence | frozenset | set):
            masks.append(mask_of(hand))
        else:
            raise HeartsError(f"seat {seat}'s hand must be cards, not {hand!r}")
    if isinstance(stock, str):
        # In order, top first: the order decides who draws what.
        stock_cards = tuple(Card.parse(word) for word in stock.replace(",", " ").split())
    elif isinstance(stock, Sequence):
        stock_cards = tuple(Card.coerce(card) for card in stock)
    else:
        raise HeartsError(f"the stock must be cards in order, top first, not {stock!r}")
    if len(set(stock_cards)) != len(stock_cards):
        raise HeartsError("a card is twice in the stock")
    sits_out = dealer if rules.dealt_seats < players else None
    seen = 0
    for seat, mask in enumerate(masks):
        outside = mask & ~rules.pack
        if outside:
            raise HeartsError(f"seat {seat} holds {CardSet(outside).symbols()}, not in this pack")
        if mask & seen:
            raise HeartsError(f"{CardSet(mask & seen).symbols()} is dealt twice")
        seen |= mask
        want = 0 if seat == sits_out else rules.hand_size
        if mask.bit_count() != want:
            raise HeartsError(f"seat {seat} holds {mask.bit_count()} cards; this form deals {want}")
    for card in stock_cards:
        if seen >> card & 1 or not rules.pack >> card & 1:
            raise HeartsError(f"the stock's {card.symbol} is dealt twice or not in this pack")
        seen |= 1 << card
    if rules.packs > 1:  # Cancellation Hearts: the stock is the widow, the cards left over
        if seen != rules.pack:
            raise HeartsError("hands and widow (the stock) must hold both packs")
    elif rules.widow is not Widow.NONE:  # Heartsette: the stock is the widow
        if seen != rules.pack:
            raise HeartsError("hands and widow (the stock) must hold the whole pack")
    elif not (rules.stock or rules.domino) and stock_cards:
        raise HeartsError("this form has no stock")
    if (rules.stock or rules.domino) and seen != rules.pack:
        raise HeartsError("hands and stock must hold the whole pack")
    return masks, stock_cards


def _form_name(rules: Rules) -> str:
    from hearts.variants import name_of

    return name_of(rules)
