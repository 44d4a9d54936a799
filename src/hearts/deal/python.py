"""The whole hand in pure Python: :class:`PythonDeal`, the engine and the reference the C
accelerator is held to (:class:`hearts.deal.Deal` is this class, with the accelerator's fast
paths in front when it is in use).

One module: it is one class, the hand's public face (its moves, undo, copies, state and views),
with the few helpers it alone uses; the views' shared parts are in :mod:`hearts.deal.views`, the
checks of a chosen position in :mod:`hearts.deal.checks`, and the state and trick loop every hand
has in :mod:`hearts.hand.core`.

>>> from hearts import variants
>>> deal = PythonDeal.from_hands(variants.get("modern"), [
...     "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
...     "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
...     "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
...     "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"], pass_direction="hold")
>>> deal.play("2C"), deal.to_act
(CardPlayed(seat=0, card=Card.parse('2C')), 1)
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, Self

from hearts.cards import (
    _CHUNKS,
    SUIT_MASKS,
    Card,
    CardLike,
    CardSet,
    Suit,
    _cardset,
    cards_of,
)
from hearts.deal.checks import check_hands, check_options
from hearts.deal.views import _public_fields, _seat_view, _view_of, _with_seat
from hearts.errors import HeartsError, IllegalMove
from hearts.events import Dealt, Event
from hearts.hand.auction import Auction
from hearts.hand.cancellation import Cancellation
from hearts.hand.choices import PassChoices
from hearts.hand.core import (
    CARD,
    ONE_PACK,
    STATE,
    TRICK,
    HandCore,
    Phase,
    Trick,
)
from hearts.hand.domino import Domino
from hearts.hand.laws import Laws
from hearts.hand.mechanic import Mechanic
from hearts.hand.moon import MoonChoosing
from hearts.hand.passing import Passing
from hearts.hand.stock import Stock
from hearts.hand.widow import WidowCards
from hearts.moves import Bid, Claim, Move, Pass, coerce_move
from hearts.observation import (
    PublicView,
    SeatView,
    make_public_view,
)
from hearts.rules import Moon, PassDirection, Rules
from hearts.scoring import points as score_points

if TYPE_CHECKING:
    from hearts.deal import Deal

__all__ = ["PythonDeal"]

_ABSENT: Final[dict[type, type[Mechanic]]] = {
    kind: mechanic for mechanic in (Auction, WidowCards, Laws) for kind in mechanic.moves
}
"""Moves refused with their mechanic's sentence in a form without it."""

_PLAY, _PASS, _OVER = Phase.PLAY, Phase.PASS, Phase.OVER
_ENDED: Final = frozenset({Phase.OVER, Phase.MOON, Phase.GATHER})
"""The phases after the last trick, when a moon has been shot or not."""
_SUIT_CARDS = _CHUNKS[:4]

MECHANICS: Final[tuple[type[Mechanic], ...]] = (
    Auction,
    Passing,
    WidowCards,
    Cancellation,
    Stock,
    Domino,
    MoonChoosing,
    Laws,
)
"""Every mechanic a hand may have, in the order the hand asks them to open it and hook in (read
here whenever a hand is dealt, so a program, or a test, may list one more: importable as
``hearts.deal.MECHANICS`` too)."""

_AS_SHIPPED: Final = MECHANICS

_KINDS: dict[int, tuple[Rules, tuple[type[Mechanic], ...], tuple[type[Mechanic], ...]]] = {}
"""The mechanics a hand of each Rules value has, by the value's id: (the value, which keeps the id
its own, the :data:`hearts.deal.MECHANICS` asked, those that apply)."""


def _listed() -> tuple[type[Mechanic], ...]:
    """:data:`MECHANICS` as a program lists it now: here, or at the path it always had,
    ``hearts.deal.MECHANICS`` (the package, read from :data:`sys.modules` when a hand is dealt:
    it imports this module, so this one cannot import it)."""
    if MECHANICS is not _AS_SHIPPED:
        return MECHANICS
    package = sys.modules.get("hearts.deal")
    listed: tuple[type[Mechanic], ...] = getattr(package, "MECHANICS", MECHANICS)
    return listed


def _kinds(rules: Rules) -> tuple[type[Mechanic], ...]:
    """The kinds of :data:`hearts.deal.MECHANICS` that apply to ``rules``, asked once per Rules
    value (a deal is built for every hand)."""
    mechanics = _listed()
    known = _KINDS.get(id(rules))
    if known is not None and known[0] is rules and known[1] is mechanics:
        return known[2]
    kinds = tuple(kind for kind in mechanics if kind.applies(rules))
    if len(_KINDS) >= 64:  # (a program that makes many Rules values keeps only the latest)
        _KINDS.clear()
    _KINDS[id(rules)] = (rules, mechanics, kinds)
    return kinds


class PythonDeal(HandCore):
    """One hand in pure Python: the whole engine, and the reference the C accelerator is held to.

    Construct :class:`Deal` (which is this class, with the accelerator's fast paths in front
    when it is in use); this class is named only to compare both paths in one process.
    """

    __slots__ = ()

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
        on_over: Callable[[Deal], None] | None = None,
        namer: int | None = None,
    ) -> None:
        """Start a hand from checked masks; callers use :meth:`from_hands` or a game.

        ``scores``, ``pool`` and ``jack``: the game's standing before the hand (for the views).
        ``on_over`` is called with the deal when its last move ends it. ``namer``: Auction
        Hearts, a deal played for a Jack: no bidding, this seat names the suit again."""
        standing = (tuple(scores) if scores is not None else (0,) * rules.players, pool, jack)
        self._setup(
            rules,
            hands,
            dealer=dealer,
            hand_number=hand_number,
            pass_direction=pass_direction,
            stock=stock,
            cut=cut,
            standing=standing,
        )
        self._events.append(
            Dealt(
                hand_number,
                dealer,
                cut,
                pass_direction.value,
                tuple(map(_cardset, hands)),
                self._fixed.stock,
            )
        )
        self._mechanics = tuple(
            [Auction(self, namer) if kind is Auction else kind(self) for kind in _kinds(rules)]
        )
        self._wire()
        for mechanic in self._mechanics:
            if mechanic.begin(self):
                break
        else:
            self.start_play()
        self._on_over = on_over

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
    ) -> Self:
        """Set up a chosen position: the hands of every seat (and the stock, two-handed; with two
        packs, the widow: the cards left over).

        ``dealer`` defaults to the seat on the right of seat 0, so seat 0 is the eldest hand;
        ``pass_direction`` defaults to the pass of ``hand_number`` in the rules' cycle. Hands must
        be disjoint, hold cards of this pack only, and have the size the rules deal.

        >>> from hearts import Deal, variants
        >>> Deal.from_hands(variants.get("modern"), ["2C", "3C", "4C"])
        Traceback (most recent call last):
        ...
        hearts.errors.InvalidArgument: these rules seat 4: give 4 hands, not 3
        """
        dealer, direction = check_options(rules, dealer, hand_number, pass_direction, namer)
        masks, stock_cards = check_hands(rules, hands, stock, dealer)
        return cls(
            rules,
            masks,
            dealer=dealer,
            hand_number=hand_number,
            pass_direction=direction,
            stock=stock_cards,
            namer=namer,
        )

    def copy(self, *, stack: bool = True) -> Self:
        """An independent copy, for search; with ``stack=False`` the copy cannot undo past now.

        The copy belongs to no game: it is never closed, and nobody is told when it ends.
        """
        kind = type(self)
        other = kind.__new__(kind)
        self.copy_into(other, stack=stack)
        return other

    def close(self) -> None:
        """The owner has settled this hand: from now on it takes no move and no undo."""
        self._closed = True

    def reopen(self) -> None:
        """The owner has taken its settlement back: the last move may be undone again."""
        self._closed = False

    @property
    def closed(self) -> bool:
        """Whether the owner has settled this hand (see :meth:`close`)."""
        return self._closed

    # ------------------------------------------------------------------ public state

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self._fixed.players

    @property
    def seats(self) -> tuple[int, ...]:
        """The seats that take cards this hand (all but the dealer at a table of seven)."""
        return self._fixed.active

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
        """Whether every card has been played (and any moon choice made, and under the laws
        every seat has let the cards be gathered)."""
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
    def standing(self) -> tuple[tuple[int, ...], int, bool]:
        """The game's totals, pool and Jack before this hand (what every seat knows)."""
        return self._fixed.standing

    @property
    def card_values(self) -> tuple[int, ...]:
        """What each card id counts against its taker this hand: the rules' values, or in
        Auction Hearts one a card of the suit named."""
        return self._values

    def mechanic(self, kind: type[Mechanic]) -> Mechanic | None:
        """This hand's mechanic of a kind (e.g. :class:`~hearts.hand.auction.Auction`), or None."""
        for mechanic in self._mechanics:
            if type(mechanic) is kind:
                return mechanic
        return None

    @property
    def bids(self) -> tuple[int | None, ...]:
        """Auction Hearts: each seat's bid so far (0 a pass, None not yet bid), in seat order."""
        auction = self._auction()
        if auction is None:
            return (None,) * self._fixed.players
        return tuple(None if bid < 0 else bid for bid in auction.bids)

    @property
    def high_bid(self) -> int:
        """Auction Hearts: the highest bid so far (0 while nobody has bid)."""
        auction = self._auction()
        return 0 if auction is None else auction.high_bid

    @property
    def bidder(self) -> int | None:
        """Auction Hearts: the highest bidder so far (or the seat naming again for a Jack)."""
        auction = self._auction()
        return None if auction is None or auction.bidder < 0 else auction.bidder

    @property
    def named_suit(self) -> Suit | None:
        """Auction Hearts: the suit to avoid this hand, once named (hearts when nobody bid)."""
        auction = self._auction()
        return None if auction is None else auction.named

    def _auction(self) -> Auction | None:
        auction = self.mechanic_of_move(Bid)
        return auction if isinstance(auction, Auction) else None

    @property
    def revokes(self) -> list[tuple[int, int, Card]]:
        """The laws option: every revoke not corrected, as (seat, trick number from 0, card).

        The whole truth, for the record and the settlement: a seat's view shows only its own
        revokes (the others see cards played; a revoke is found out and claimed, laws 25–26).
        """
        if self._laws is None:
            return []
        return [(seat, trick, card) for seat, trick, card, _ in self._laws.revokes]

    @property
    def revokers(self) -> tuple[int, ...]:
        """The laws option: the seats with an established revoke (a claim against them, judged
        once the hand is played out, found one made before it and not corrected: laws 23–26).
        They pay all the losses of the hand. Empty until the claims are judged (then public)."""
        return self._laws.revokers() if self._laws is not None else ()

    @property
    def claims(self) -> tuple[int, ...]:
        """The laws option: the seats claimed against this hand, judged or not (public)."""
        return self._laws.claims() if self._laws is not None else ()

    def exposed(self, seat: int) -> CardSet:
        """The laws option: the exposed cards ``seat`` still holds (law 22: a revoke corrected
        leaves its card face up); any other seat may call one (law 19). Public."""
        seat = self.seat_number(seat)
        if self._laws is None:
            return CardSet()
        return CardSet(self._laws.exposed[seat] & self._hands[seat])

    @property
    def called(self) -> Card | None:
        """The laws option: the exposed card the seat to act has been called on to play."""
        return self._laws.pending_call(self) if self._laws is not None else None

    def hand(self, seat: int) -> CardSet:
        """The cards a seat holds now (referee's knowledge; seats learn only their own)."""
        return CardSet(self._hands[self.seat_number(seat)])

    def dealt_hand(self, seat: int) -> CardSet:
        """The cards a seat was dealt."""
        return CardSet(self._fixed.dealt[self.seat_number(seat)])

    def passed(self, seat: int) -> CardSet | None:
        """The cards a seat passed, or None if it has not passed."""
        seat = self.seat_number(seat)
        passing = self.mechanic_of_move(Pass)
        return passing.passed(seat) if isinstance(passing, Passing) else None

    def received(self, seat: int) -> CardSet | None:
        """The cards passed to a seat, once every seat has passed (else None)."""
        seat = self.seat_number(seat)
        passing = self.mechanic_of_move(Pass)
        return passing.received(self, seat) if isinstance(passing, Passing) else None

    def taken(self, seat: int) -> CardSet:
        """The cards in the tricks a seat has taken."""
        return CardSet(self._taken[self.seat_number(seat)])

    def masks(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Every seat's cards and the cards each has taken, as bitmasks (referee's knowledge)."""
        return tuple(self._hands), tuple(self._taken)

    def tricks_won(self, seat: int) -> int:
        """How many tricks a seat has taken."""
        return self._won[self.seat_number(seat)]

    @property
    def widow(self) -> CardSet:
        """Cancellation Hearts and Heartsette: the cards left over from the deal, which go to the
        seat that takes the first trick (empty in other forms). Referee's knowledge."""
        widow = self.mechanic(WidowCards)
        return CardSet(widow.cards) if isinstance(widow, WidowCards) else CardSet()

    @property
    def carried(self) -> CardSet:
        """Cancellation Hearts: the cards waiting for the seat that takes the next trick (the
        widow until the first trick is taken, and any trick nobody won)."""
        return CardSet(self._carry)

    @property
    def stock(self) -> list[Card]:
        """The cards left in the stock, top first (two-handed, Domino Hearts)."""
        return list(self._fixed.stock[self._stock_pos :])

    def penalties(self) -> tuple[int, ...]:
        """Penalty units each seat has taken so far this hand (before any moon).

        >>> from hearts import Deal, variants
        >>> Deal.from_hands(variants.get("modern"), ["2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        ...     "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD", "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        ...     "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"], pass_direction="hold").penalties()
        (0, 0, 0, 0)
        """
        return tuple(self._points)

    def moon_shooter(self) -> int | None:
        """The seat that shot the moon this hand (when the moon is played), else None."""
        if self._phase not in _ENDED:
            return None
        return self.shooter()

    def points(self) -> tuple[int, ...]:
        """This hand's points per seat in a points game: penalties, the moon and any bonus."""
        laws = self._laws
        rules = self._fixed.rules
        if laws is not None:
            revokers = laws.revokers()  # (self.revokers)
            if revokers:
                # Each established revoker is charged every point of the hand, the others nothing.
                return score_points(self._points, moon_total=rules.penalty_total, revokers=revokers)
        shooter = self.shooter() if self._phase in _ENDED else None  # (self.moon_shooter())
        bonus = rules.no_trick
        if shooter is None and bonus is None:
            return tuple(self._points)  # the common case: points are the penalties taken
        moon = rules.moon
        if moon is Moon.CHOICE:
            chooser = self.mechanic(MoonChoosing)
            choice = chooser.choice if isinstance(chooser, MoonChoosing) else None
            moon_name = choice.value if choice is not None else "old"
        else:
            moon_name = moon.value
        no_trick = [
            self._won[s] == 0 and s in self._fixed.active for s in range(self._fixed.players)
        ]
        scores = score_points(
            self._points,
            shooter=shooter,
            moon=moon_name,
            moon_total=rules.penalty_total,
            no_trick=no_trick,
            no_trick_bonus=0 if bonus is None else bonus.points,
            no_trick_with_moon=bonus is None or bonus.with_moon,
        )
        if self._fixed.sits_out is not None:  # the dealer at seven takes no cards: no moon for him
            scores = tuple(0 if s == self._fixed.sits_out else p for s, p in enumerate(scores))
        return scores

    # ------------------------------------------------------------------ moves

    def legal_moves(self, seat: int | None = None) -> list[Move] | PassChoices:
        """The moves a seat may make now (by default the seat to act); empty if none.

        In the play phase these are cards; in the pass phase, a :class:`PassChoices` sequence of
        every pass; when the shooter chooses, the two :class:`~hearts.moves.MoonChoice` values;
        in Auction Hearts, a pass (``Bid(0)``) and every :class:`~hearts.moves.Bid` above the high
        bid up to the maximum bid, then the four :class:`~hearts.moves.NameSuit` moves of the
        winner; Heartsette's discards; the laws' :class:`~hearts.moves.Gather`.
        """
        phase = self._phase
        if phase is _PLAY:
            if seat is not None and self.seat_number(seat) != self._to_act:
                return []
            legal = self._legal
            if legal < 0:
                trick = self._trick
                # Following suit, the commonest case, inline; everything else in legal_mask.
                if trick:
                    led = trick[0] >> 4 & 3
                    legal = self._hands[self._to_act] & SUIT_MASKS[led]
                    if 0 < legal < ONE_PACK:
                        self._legal = legal
                        return list(_SUIT_CARDS[led][legal >> 16 * led])
                if legal <= 0:
                    legal = self.legal_mask(self._to_act)
                self._legal = legal
            return cards_of(legal)  # type: ignore[return-value]
        if phase is _OVER:
            if seat is not None:
                self.seat_number(seat)
            return []
        return self.mechanic_of_phase(phase).legal_moves(self, seat)  # type: ignore[return-value]

    def legal_cards(self) -> CardSet:
        """The cards the seat to act may play now (empty outside the play phase)."""
        if self._phase is not _PLAY:
            return CardSet()
        called = self.called
        if called is not None:
            return CardSet(1 << called)
        return CardSet(self.legal_mask(self._to_act))

    def can_play(self, move: Move | CardLike, seat: int | None = None) -> bool:
        """Whether a move is legal now."""
        try:
            self.verify_play(move, seat)
        except HeartsError:
            return False
        return True

    def verify_play(self, move: Move | CardLike, seat: int | None = None) -> None:
        """Raise :class:`~hearts.errors.IllegalMove` saying why a move is not legal now."""
        move = coerce_move(move)
        if self._closed:
            raise IllegalMove("this hand has been settled: undo through the game")
        owner = self.mechanic_of_move(type(move))
        if owner is not None and type(move) is Claim:
            owner.verify(self, move, seat)  # (too late once the cards are gathered: law 26)
            return
        phase = self._phase
        if phase is _OVER:
            raise IllegalMove("the hand is over: every card has been played")
        if owner is None and type(move) in _ABSENT:
            raise IllegalMove(_ABSENT[type(move)].absent(move))
        if owner is not None and owner is self._laws:
            owner.verify(self, move, seat)
            return
        if phase is not _PLAY:
            self.mechanic_of_phase(phase).verify(self, move, seat)
            return
        if owner is not None:
            owner.verify(self, move, seat)  # a move of another phase, in the play
            return
        if seat is not None and self.seat_number(seat) != self._to_act:
            raise IllegalMove(
                "it is {to_act}'s turn, not {seat}'s", seat=seat, move=move, to_act=self._to_act
            )
        if not isinstance(move, Card):
            raise IllegalMove("it is time to play a card")
        self.check_card(self._to_act, move)

    def play(self, move: Move | CardLike, seat: int | None = None) -> Event:
        """Apply a move of the seat to act (or, when passing, of ``seat``); return its event.

        A card may be given as a :class:`~hearts.cards.Card`, its id or its name.
        """
        # (A settled deal is over, so these fast paths never meet a closed one.)
        if self._phase is _PLAY:
            if type(move) is Card and seat is None:
                to_act = self._to_act
                legal = self._legal
                if legal < 0:
                    legal = self.legal_mask(to_act)
                if legal >> move & 1:
                    return self.play_unchecked(to_act, move)  # (the one trick loop: HandCore's)
            else:
                card = coerce_move(move)
                if type(card) is Card and (
                    seat is None or (type(seat) is int and seat == self._to_act)
                ):
                    return self.play(card)  # a card by id or name, or with its seat: as a Card
        elif type(move) is Pass and self._phase is _PASS:
            # The checks of verify_play for a pass, in short; anything else takes the long way.
            if self._shared:
                self.unshare()
            passing = self.mechanic_of_phase(_PASS)
            giver = self._to_act if seat is None else seat
            if type(giver) is int and isinstance(passing, Passing):
                mask = move.cards.mask
                if passing.ready(self, giver, mask):
                    return passing.give(self, giver, mask)
        self.verify_play(move, seat)
        move = coerce_move(move)
        if self._shared:
            self.unshare()
        if isinstance(move, Card):
            return self.play_unchecked(self._to_act, move)
        mechanic = self.mechanic_of_move(type(move))
        assert mechanic is not None  # (verify_play passed: the hand has the move's mechanic)
        return mechanic.apply(self, move, seat)

    def undo(self) -> None:
        """Take back the last move (any number of times, back to the deal)."""
        if self._closed:
            raise IllegalMove("this hand has been settled: undo through the game")
        try:
            entry = self._stack.pop()
        except IndexError:
            raise IllegalMove("nothing to undo: no move has been made this hand") from None
        self._legal = -1
        kind = entry[0]
        if kind is CARD:
            _, seat, card, self._leader, self._broken = entry
            self._hands[seat] |= 1 << card
            self._trick.pop()
            self._to_act = seat  # (the phase is the play's: the card did not change it)
            self._events.pop()
        else:
            if self._shared:
                self.unshare()
            if kind is TRICK:
                _, seat, card, self._broken, events, mask = entry
                won = self._history.pop()  # the trick this card closed
                winner = won.seat
                self._hands[seat] |= 1 << card
                self._trick = list(won.cards[:-1])
                self._leader = won.leader
                self._taken[winner] &= ~mask
                self._points[winner] -= won.points
                self._won[winner] -= 1
                self._to_act = seat
                del self._events[events:]
            elif kind is STATE:
                self.restore(entry[1])
            else:
                # A mechanic's own record; made before a copy, it names the original's
                # mechanic, so the deal's own mechanic of that kind takes it back.
                mechanic = self.mechanic(type(kind))
                assert mechanic is not None
                mechanic.undo(self, entry)
        if self._laws is not None:
            self._laws.refresh(self)

    # ------------------------------------------------------------------ views

    def view(self, seat: int, *, commitment: str | None = None) -> SeatView:
        """What one seat may know: its own cards, every card played, public counts and scores
        (and ``commitment``, the commitment to the shuffle it was dealt from, when the caller
        holds one: :meth:`hearts.Game.view` gives it)."""
        seat = self.seat_number(seat)
        return _seat_view(self, seat, self._seen_by(seat), commitment)

    def viewer(self) -> Callable[[int], SeatView]:
        """A maker of the seats' views of the deal as it stands, which makes what every seat
        sees alike once: ``viewer(seat) == view(seat)`` until the deal changes.

        >>> from hearts import Game, variants
        >>> deal = Game(variants.get("modern"), seed=1).deal
        >>> all(deal.viewer()(seat) == deal.view(seat) for seat in deal.seats)
        True
        """
        return functools.partial(_view_of, self, _public_fields(self))

    def public_view(self, *, commitment: str | None = None) -> PublicView:
        """What anyone at the table may know, a watcher too: every card played, the public
        counts and scores, and no card of any hand (nor any card passed, drawn or discarded
        face down); ``commitment`` as in :meth:`view`.

        >>> from hearts import Game, variants
        >>> deal = Game(variants.get("modern"), seed=1).deal
        >>> watcher = deal.public_view()
        >>> watcher.hand_sizes, any(watcher.events[0].hands)
        ((13, 13, 13, 13), False)
        """
        return make_public_view({**self._seen_by(None), "commitment": commitment})

    def _seen_by(self, seat: int | None) -> dict[str, Any]:
        """A view's public fields and the events and mechanics' as ``seat`` sees them (None: a
        watcher)."""
        return _with_seat(self, _public_fields(self), seat)

    def __repr__(self) -> str:
        return (
            f"<Deal hand {self.hand_number + 1} of {self._fixed.players} players: "
            f"{self._phase.value}, "
            f"seat {self.to_act} to act, {len(self._history)} "
            f"trick{'' if len(self._history) == 1 else 's'} played>"
        )
