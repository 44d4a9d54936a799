"""Deals consistent with what one seat knows: the searching bots imagine the hidden cards.

A :class:`Sampler` reads a :class:`~hearts.observation.SeatView` and draws, as often as asked,
a whole :class:`~hearts.deal.Deal` in the state the view shows, with the other hands filled from
the cards this seat has not seen. Every deal it returns agrees with everything the seat knows:

- its own hand, and the cards it passed (in the receiver's hand until that seat plays them);
- every card played and who played it, and the exposed cards of the laws option;
- every void shown (a seat that did not follow a suit holds none of it, until a card can next
  reach its hand: a draw, two-handed; the widow, Heartsette);
- what the rules force, checked by playing the hand again from the imagined hands: who held the
  card that led the first trick, the first-trick rule, a heart led before hearts were broken
  (the leader held nothing else), the bids and the suit named; an imagined deal in which any
  recorded move would be illegal is thrown away and another drawn.

A prior may be asked for, a likelihood below 1 against the other deals (what most players
do, read from what they did):

- ``kept_queen``: the seat this seat passed to, had it held the Q♠, would have passed it on.
  Deals in which that seat kept the Q♠ (it holds it and did not receive it) are drawn
  ``kept_queen`` times as often as the others.

It samples every preset (:func:`supported`):

- a widow that goes with a trick (Cancellation): its cards are imagined among the unseen ones
  (face down: what they count shows in no view while the hand is played);
- Heartsette's widow taken into a hand: by this seat, known; by another, its discards are
  imagined among the unseen cards (face down: neither they nor what they count show), then
  which of the cards it has held were the widow (every card of a suit it showed out of in the
  first trick, before it took the widow, and others at random); while the taker is still
  choosing its discards, the widow is in its hand, imagined the same way;
- two-handed Hearts: the stock and the other seat's hidden draws (:class:`_StockDeals`; a void
  then holds only until the seat's next draw);
- Domino Hearts: the hands dealt and the stock in order, every seat's draws to follow as the
  view counts them (:class:`~hearts.bots._domino_deals.DominoDeals`).

Three rarer forms, none a preset, are not imagined (:func:`supported`): the bots play those by
their rules of thumb.

>>> import random
>>> from hearts import Game, variants
>>> game = Game(variants.get("modern"), seed=3)
>>> for seat in range(4):
...     _ = game.play(game.legal_moves(seat)[0], seat)
>>> view = game.view(0)
>>> deal = Sampler(view).sample(random.Random(1))
>>> deal.hand(0) == view.hand, deal.to_act == view.to_act
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

# (_TRIES, _replay and _seats live in hearts.bots._imagined, shared with Domino Hearts' deals;
# importable here as before)
from hearts.bots._domino_deals import DominoDeals
from hearts.bots._imagined import _TRIES, _replay, _seats
from hearts.cards import QUEEN_OF_SPADES, SUIT_MASKS, Card, CardSet, Suit, cards_of
from hearts.deal import Deal, Phase
from hearts.errors import InvalidArgument
from hearts.events import Dealt, Discarded, StockDrawn, move_of
from hearts.moves import Discard, Move, Pass
from hearts.observation import SeatView
from hearts.rules import Rules, Widow

__all__ = ["PassSampler", "Sampler", "passes_sampled", "supported"]


def supported(rules: Rules) -> bool:
    """Whether the sampler can imagine the hidden cards of this form: every preset; not
    two-handed or Domino Hearts played by the laws (a revoke would hide behind a draw), Domino
    Hearts with a pass, nor Heartsette's widow taken into a hand when the cards are passed (none
    of them a preset); see the module docstring for the widows and the stock.

    >>> from hearts import variants
    >>> supported(variants.get("modern")), supported(variants.get("domino"))
    (True, True)
    >>> supported(variants.get("cancellation")), supported(variants.get("heartsette"))
    (True, True)
    >>> supported(variants.get("two-handed"))
    True
    """
    if rules.stock:
        return rules.players == 2 and not rules.laws  # two-handed: see _StockDeals
    if rules.domino:
        return not rules.laws and not rules.passes  # see DominoDeals
    # (Heartsette with a pass: the cards passed may have been discarded or taken for the widow's.)
    return not (rules.widow is Widow.DISCARD and rules.passes)


class Sampler:
    """Imagined deals for one view (see the module docstring). Build one per decision."""

    def __init__(
        self,
        view: SeatView,
        *,
        kept_queen: float = 1.0,
    ) -> None:
        rules = view.rules
        if not supported(rules):
            raise InvalidArgument(
                "the sampler does not imagine two-handed or Domino Hearts played by the laws, "
                "Domino Hearts with a pass, nor Heartsette's widow taken into a hand when the "
                "cards are passed"
            )
        if view.phase is Phase.PASS:
            raise InvalidArgument("the sampler imagines deals once the cards have been passed")
        self.view = view
        self.stock: _StockDeals | DominoDeals | None = None
        """Two-handed: the stock and the other seat's draws are imagined by :class:`_StockDeals`;
        Domino Hearts: the hands dealt and the stock by :class:`DominoDeals`."""
        if rules.domino:
            self.stock = DominoDeals(view, _moves(view))
        elif rules.stock:
            self.stock = _StockDeals(view)
        if self.stock is not None:
            self.seats = _seats(view)
            return
        players = rules.players
        self.seats = _seats(view)
        me = view.seat
        played = [0] * players
        voids = [0] * players  # per seat, the mask of the suits it has shown out of
        plays: list[tuple[int, Card]] = []
        for trick in view.tricks:
            plays.extend(_plays(self.seats, trick.leader, trick.cards))
        plays.extend(view.trick)
        for seat, card in plays:
            played[seat] |= 1 << card
        for trick_plays in _by_trick(view):
            led = trick_plays[0][1] >> 4 & 3
            for seat, card in trick_plays[1:]:
                if card >> 4 & 3 != led:
                    voids[seat] |= SUIT_MASKS[led]
        seen = view.hand.mask
        for mask in played:
            seen |= mask
        # Heartsette's widow taken into a hand (widow=discard): by this seat (it saw the widow
        # and its own discards), or by another (its discards lie face down, and their points).
        self.taker: int | None = None
        self.known_widow = 0
        self.dealt = 0
        self.discard: Discard | None = None
        # Heartsette's taker may also be choosing its discards now (the widow in its hand).
        taken = next((e for e in view.events if isinstance(e, Discarded)), None)
        taker = taken.seat if taken is not None else None
        if view.phase is Phase.DISCARD:
            taker = view.to_act
        if taker is not None:
            self.taker = taker
            if taker == me:
                self.dealt = next(e for e in view.events if isinstance(e, Dealt)).hands[me].mask
                mine = view.hand.mask | played[me]
                if taken is not None:
                    mine |= taken.cards.mask
                    seen |= taken.cards.mask
                self.known_widow = mine & ~self.dealt
            else:  # its voids shown in the first trick held only until it took the widow
                voids[taker] = 0
                for trick_plays in _by_trick(view)[1:]:
                    led = trick_plays[0][1] >> 4 & 3
                    for seat, card in trick_plays[1:]:
                        if seat == taker and card >> 4 & 3 != led:
                            voids[seat] |= SUIT_MASKS[led]
        fixed = [0] * players
        for seat, exposed in enumerate(view.laws.exposed if view.laws is not None else ()):
            fixed[seat] |= exposed.mask
        if view.passed is not None and view.received is not None:
            receiver = _receiver(view)
            fixed[receiver] |= view.passed.mask & ~played[receiver]
        fixed[me] = 0
        for seat in self.seats:
            seen |= fixed[seat]
        self.played = played
        self.fixed = fixed
        self.voids = voids
        self.free = cards_of(rules.pack & ~seen)
        self.need = [0] * players
        for seat in self.seats:
            if seat != me:
                self.need[seat] = view.hand_sizes[seat] - fixed[seat].bit_count()
        self.widow = rules.pack.bit_count() - rules.hand_size * rules.dealt_seats
        """Cards imagined apart from the hands, among the unseen: the widow (cards left over from
        the deal), or, Heartsette's widow taken by another seat, that seat's discards."""
        if self.taker == me or (self.taker is not None and taken is None):
            self.widow = 0  # known, or in the hand of the seat now discarding
        if sum(self.need) + self.widow != len(self.free) or min(self.need) < 0:
            raise InvalidArgument("the view's hand sizes do not add up to the cards not seen")
        self.moves = _moves(view)
        self.kept_queen = kept_queen
        """How likely a deal is, against the others, in which the seat this seat passed to kept
        the Q♠ it held (1: as likely; below 1, a prior: most players pass the Q♠ on)."""
        self.keeper: int | None = None
        """That seat, where the prior applies: the Q♠ counts and has not been seen."""
        if kept_queen < 1 and view.passed is not None and view.received is not None:
            seen = view.hand.mask | view.played_cards().mask | view.passed.mask
            if rules.values[QUEEN_OF_SPADES] > 0 and not seen >> QUEEN_OF_SPADES & 1:
                self.keeper = _receiver(view)

    def sample(self, rng: random.Random) -> Deal | None:
        """A deal consistent with the view, in the view's state; None if no attempt fitted."""
        if self.stock is not None:
            return self.stock.sample(rng)
        for _ in range(_TRIES):
            imagined = self._hands(rng)
            if imagined is None:
                continue
            hands, widow = imagined
            keeper = self.keeper
            if (
                keeper is not None
                and hands[keeper] >> QUEEN_OF_SPADES & 1
                and rng.random() >= self.kept_queen
            ):
                continue
            deal = self._replay(hands, widow, rng)
            if deal is not None:
                return deal
        return None

    def _hands(self, rng: random.Random) -> tuple[list[int], int] | None:
        """The other seats' hands now: the fixed cards, and the free ones dealt at random to
        seats that may hold them."""
        view = self.view
        hands = self.fixed.copy()
        hands[view.seat] = view.hand.mask
        need = self.need.copy()
        cards = list(self.free)
        widow = 0
        if self.widow:
            widow = self._widow(rng)
            cards = [card for card in cards if not widow >> card & 1]
        rng.shuffle(cards)
        # The most constrained cards first: those fewest seats may hold.
        allowed = {
            card: [s for s in self.seats if need[s] and not self.voids[s] >> card & 1]
            for card in cards
        }
        cards.sort(key=lambda card: len(allowed[card]))
        for card in cards:
            open_seats = [s for s in allowed[card] if need[s]]
            if not open_seats:
                return None
            weights = [need[s] for s in open_seats]
            seat = rng.choices(open_seats, weights)[0]
            hands[seat] |= 1 << card
            need[seat] -= 1
        return hands, widow

    def _taker_widow(self, held: int, rng: random.Random) -> int | None:
        """Heartsette: which of the cards another seat held after taking the widow (but the one
        it played to the first trick) were the widow: every card of a suit it showed out of in
        the first trick, and others at random. None if that is more than the widow."""
        assert self.taker is not None
        must = held & _first_trick_voids(self.view, self.taker)
        size = self.view.rules.pack.bit_count() - self.view.rules.hand_size * len(self.seats)
        if must.bit_count() > size:
            return None
        rest = cards_of(held & ~must)
        for card in rng.sample(rest, size - must.bit_count()):
            must |= 1 << card
        return must

    def _widow(self, rng: random.Random) -> int:
        """The imagined widow (or another seat's discards): cards not seen, at random. What they
        count shows in no view while the hand is played (docs/rules.md §5.5, §7.2), and once
        the last trick is taken the cards not seen are those very cards."""
        return sum(1 << card for card in rng.sample(self.free, self.widow))

    def _replay(self, hands: list[int], widow: int, rng: random.Random) -> Deal | None:
        """The hand played again from the imagined hands (as held after the pass) and cards
        apart (``widow``); None if a recorded move would be illegal there."""
        view = self.view
        start = [hands[s] | self.played[s] for s in range(view.rules.players)]
        stock: list[Card] = []
        moves = self.moves
        taker = self.taker
        if taker == view.seat:  # it knows the widow it took, and its hand as dealt
            start[taker] = self.dealt
            stock = cards_of(self.known_widow)
        elif taker is not None:  # ``widow`` holds its discards; which cards were the widow?
            held = start[taker] | widow
            first = next(card for seat, card in _by_trick(view)[0] if seat == taker)
            kept = self._taker_widow(held & ~(1 << first), rng)
            if kept is None:
                return None
            start[taker] = held & ~kept
            stock = cards_of(kept)
            moves = [
                (seat, Discard(CardSet(widow)) if isinstance(move, Discard) else move)
                for seat, move in moves
            ]
        elif self.widow:
            dealt = 0
            for mask in start:
                dealt |= mask
            stock = cards_of(view.rules.pack & ~dealt)
        namer = None
        auction = view.auction
        if auction is not None and not any(b is not None for b in auction.bids):
            namer = auction.bidder
        return _replay(view, start, stock, moves, namer)


class PassSampler:
    """Deals imagined before the pass, for a seat choosing what to pass: its own hand as dealt,
    the other hands from the rest of the pack at random (nothing else is known yet). Forms with
    a pass and nothing else before the play: :func:`passes_sampled`.

    >>> import random
    >>> from hearts import Game, variants
    >>> view = Game(variants.get("modern"), seed=3).view(0)
    >>> deal = PassSampler(view).sample(random.Random(1))
    >>> deal.hand(0) == view.hand, deal.phase.value
    (True, 'pass')
    """

    def __init__(self, view: SeatView) -> None:
        if not passes_sampled(view.rules) or view.phase is not Phase.PASS:
            raise InvalidArgument(
                "the pass sampler imagines deals at the pass of the forms it knows"
            )
        self.view = view
        self.seats = _seats(view)
        self.free = cards_of(view.rules.pack & ~view.hand.mask)

    def sample(self, rng: random.Random) -> Deal | None:
        """A deal at the pass, the other hands at random."""
        view = self.view
        cards = list(self.free)
        rng.shuffle(cards)
        size = view.rules.hand_size
        hands: list[CardSet] = []
        for seat in range(view.rules.players):
            if seat == view.seat:
                hands.append(view.hand)
            elif seat in self.seats:
                hands.append(CardSet(cards[:size]))
                del cards[:size]
            else:
                hands.append(CardSet())
        return Deal.from_hands(
            view.rules,
            hands,
            dealer=view.dealer,
            hand_number=view.hand_number,
            pass_direction=view.pass_direction,
        )


def passes_sampled(rules: Rules) -> bool:
    """Whether :class:`PassSampler` imagines this form's pass: a pass, the whole pack dealt, no
    bidding.

    >>> from hearts import variants
    >>> passes_sampled(variants.get("modern")), passes_sampled(variants.get("auction"))
    (True, False)
    """
    return (
        rules.passes
        and not rules.auction
        and not rules.stock
        and not rules.domino
        and rules.widow is Widow.NONE
        and not rules.widow_with_last_trick  # (two packs' widow with the last trick, as before)
        and rules.pack.bit_count() == rules.hand_size * rules.dealt_seats
    )


class _StockDeals:
    """Two-handed deals (docs/rules.md §4.1, two-handed: after each trick the winner draws the top
    card of the stock, then the other seat). This seat knows its own hand as dealt and its own
    draws; the other seat's draws are hidden. An imagined deal chooses which unseen cards the
    other seat holds now (the rest is the stock, in random order) and when each card it has held
    reached its hand: dealt, or drawn after a given trick. A card reaches it no later than it was
    played, and after the last trick in which it showed out of that card's suit (before the card
    left its hand). The hand is then played again from the imagined deal, as for the other
    forms, and thrown away if a recorded move would be illegal."""

    def __init__(self, view: SeatView) -> None:
        rules = view.rules
        me = view.seat
        other = 1 - me
        self.view = view
        self.other = other
        dealt = next(event for event in view.events if isinstance(event, Dealt))
        self.dealt = dealt.hands[me].mask
        mine = self.dealt
        draws: list[Card] = []
        for event in view.events:
            if isinstance(event, StockDrawn) and event.card is not None:  # its own draws
                draws.append(event.card)
                mine |= 1 << event.card
        self.draws = draws
        self.tricks = list(view.tricks)
        self.drawn = min(len(self.tricks), (rules.pack.bit_count() - 2 * rules.hand_size) // 2)
        """Tricks after which both seats drew."""
        played: dict[Card, int] = {}  # the other seat's cards played, by trick
        voids: dict[Suit, list[int]] = {}  # the tricks in which it showed out of each suit
        for index, trick in enumerate(self.tricks):
            plays = _plays((0, 1), trick.leader, trick.cards)
            led = trick.cards[0].suit
            for seat, card in plays:
                if seat == other:
                    played[card] = index
                    if card.suit is not led:
                        voids.setdefault(led, []).append(index)
        for seat, card in view.trick:
            if seat == other:
                played[card] = len(self.tricks)
        self.played = played
        self.voids = voids
        unseen = rules.pack & ~mine
        for card in played:
            unseen &= ~(1 << card)
        self.unseen = cards_of(unseen)
        self.holds = view.hand_sizes[other]
        if len(self.unseen) != self.holds + view.stock_size:
            raise InvalidArgument("the view's hand sizes do not add up to the cards not seen")
        self.moves = _moves(view)

    def _earliest(self, card: Card, leaves: int) -> int:
        """The earliest a card can have reached the other seat's hand (0: dealt; t + 1: drawn
        after trick t), held until trick ``leaves``: after it last showed out of its suit."""
        shown = [trick for trick in self.voids.get(card.suit, ()) if trick < leaves]
        return max(shown) + 1 if shown else 0

    def sample(self, rng: random.Random) -> Deal | None:
        """A two-handed deal consistent with the view; None if no attempt fitted."""
        now = len(self.tricks)
        for _ in range(_TRIES):
            # The cards the other seat may hold now: none of a suit it showed out of since its
            # last draw.
            eligible = [c for c in self.unseen if self._earliest(c, now + 1) <= self.drawn]
            if len(eligible) < self.holds:
                return None
            held = rng.sample(eligible, self.holds)
            spans = {
                card: (self._earliest(card, leaves), leaves) for card, leaves in self.played.items()
            }
            for card in held:
                spans[card] = (self._earliest(card, now + 1), self.drawn)
            arrivals = _arrivals(spans, self.drawn, rng)
            if arrivals is None:
                continue
            stock = self._stock(arrivals, [c for c in self.unseen if c not in spans], rng)
            deal = self._replay(
                [arrivals[0] if seat == self.other else self.dealt for seat in (0, 1)], stock
            )
            if deal is not None:
                return deal
        return None

    def _stock(self, arrivals: dict[int, int], rest: list[Card], rng: random.Random) -> list[Card]:
        """The stock in order: after trick t the winner draws first; this seat's draws are known,
        the other's imagined; what nobody has drawn yet, shuffled."""
        order: list[Card] = []
        mine = iter(self.draws)
        for index in range(self.drawn):
            winner = self.tricks[index].winner
            for seat in (winner, 1 - winner):
                order.append(next(mine) if seat != self.other else Card(arrivals[index + 1]))
        rng.shuffle(rest)
        return order + rest

    def _replay(self, hands: list[int], stock: list[Card]) -> Deal | None:
        return _replay(self.view, hands, stock, self.moves, None)


def _arrivals(
    spans: dict[Card, tuple[int, int]], drawn: int, rng: random.Random
) -> dict[int, int] | None:
    """When each card held reached the hand: one drawn after each of the first ``drawn`` tricks
    (key t + 1: the card, as an int), the rest dealt (key 0: their mask); each card within its
    (earliest, latest) span. Filled from the last draw back, each draw taking a card at random
    among those that may take it and leave the rest a way to fit (:func:`_fits`). None if the
    cards cannot all fit."""
    left = dict(spans)
    if not _fits(left, drawn):
        return None
    arrivals: dict[int, int] = {}
    for time in range(drawn, 0, -1):
        fits = [card for card, (first, last) in left.items() if first <= time <= last]
        rng.shuffle(fits)
        for card in fits:
            span = left.pop(card)
            if _fits(left, time - 1):
                break
            left[card] = span
        else:  # pragma: no cover - _fits said the cards fit, so one of them leaves a way
            return None
        arrivals[time] = int(card)
    arrivals[0] = sum(1 << card for card in left)
    return arrivals


def _fits(spans: dict[Card, tuple[int, int]], drawn: int) -> bool:
    """Whether cards with these (earliest, latest) spans fit one to each draw 1..``drawn`` and
    the rest at 0 (dealt): from the last draw back, each takes the card that can arrive latest
    at the earliest (the one with the least room left), which fits them if anything does."""
    left = list(spans.values())
    for time in range(drawn, 0, -1):
        if any(first > time for first, _ in left):
            return False
        fits = [i for i, (first, last) in enumerate(left) if first <= time <= last]
        if not fits:
            return False
        del left[max(fits, key=lambda i: left[i][0])]
    return all(first == 0 for first, _ in left)


def _first_trick_voids(view: SeatView, seat: int) -> int:
    """The suits (a mask) a seat showed out of in the first trick."""
    plays = _by_trick(view)[0]
    led = plays[0][1] >> 4 & 3
    return SUIT_MASKS[led] if any(s == seat and c >> 4 & 3 != led for s, c in plays[1:]) else 0


def _plays(seats: Sequence[int], leader: int, cards: Sequence[Card]) -> list[tuple[int, Card]]:
    """(seat, card) of a trick, from its leader round the seats that take cards."""
    at = seats.index(leader)
    return [(seats[(at + i) % len(seats)], card) for i, card in enumerate(cards)]


def _by_trick(view: SeatView) -> list[list[tuple[int, Card]]]:
    """Every trick's plays, completed ones and the one on the table."""
    seats = _seats(view)
    tricks = [_plays(seats, trick.leader, trick.cards) for trick in view.tricks]
    if view.trick:
        tricks.append(list(view.trick))
    return tricks


def _receiver(view: SeatView) -> int:
    """The seat this seat passed to."""
    return (view.seat + view.pass_direction.offset(view.rules.players)) % view.rules.players


def _moves(view: SeatView) -> list[tuple[int, Move]]:
    """The moves of this hand after the pass, in order, as the view records them (the passes
    are left out: the imagined hands are those held after the pass)."""
    moves = []
    for event in view.events:
        found = move_of(event)
        if found is not None and not isinstance(found[1], Pass):
            moves.append(found)
    return moves
