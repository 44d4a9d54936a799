"""The basic player: a few rules of thumb, chosen from its own seat's view in microseconds.

- **Pass** the most dangerous cards: those that count (by the rules' values, so the Q♠ only where
  it counts), the A♠ and K♠ while the Q♠ counts and few low spades guard them, and the highest
  cards of its shortest suits (to make a void). Cards that count in its favour are kept.
- **Lead** low, from its shortest suit, never a card that counts while it has another, nor the
  A♠/K♠ while the Q♠ is still out in another hand.
- **Follow**: play the highest card that still loses to the card winning the trick (duck); when
  every card wins, play the lowest (or, last to play, the highest that does not count).
- **Discard** when void: the card that counts most, else the highest card of its shortest suit.
- **The moon** (where it is played): when one other seat has taken every card that counts so far,
  :data:`_THREAT` of them or more, it takes that seat's tricks when it can (the lowest card that
  beats it) and keeps its own hearts rather than feed them to it; when nobody else has taken a
  card that counts and most of its cards are high (:data:`_STRONG`), it runs for the moon: it
  wins every trick it can, leads its highest cards and, void, throws its lowest plain card.
- **Moon** (when the shooter chooses): the choice that leaves it better placed.
- **The laws** (``Rules(laws=True)``): it never revokes; it claims a revoke its view proves (a
  seat that showed out of a suit and later played it, where no card can reach a hand during
  play) unless a claim made since the revoke covers it (claims are judged at the end of the
  hand, on the revokes made before them), and then lets the cards be gathered.
- **Auction Hearts**: it names the suit it is least likely to take (few high cards of it, not
  too many cards), and bids the least it may when that suit is safe enough to be worth more than
  the high bid; in play, only the named suit counts.

>>> from hearts import Deal, Pass, variants
>>> deal = Deal.from_hands(variants.get("modern"), [
...     "2C 5C 9C QC 3D 7D KD 4S 8S QS AS 6H JH",
...     "3C 6C TC KC 4D 8D AD 5S 9S KS 2H 7H QH",
...     "4C 7C JC AC 5D 9D 2D 6S TS 3H 8H KH AH",
...     "8C 6D TD JD QD 2S 3S 7S JS 4H 5H 9H TH"], pass_direction="left")
>>> BasicBot().choose(deal.view(0))   # the Q♠, the A♠ that could catch it, a short suit's J♥
Pass(CardSet.parse('QS AS JH'))
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence

from hearts import scoring
from hearts.bots.base import check_seed
from hearts.cards import QUEEN_OF_SPADES, Card, Rank, Suit
from hearts.deal import Phase
from hearts.errors import IllegalMove
from hearts.events import CardPlayed, RevokeClaimed, RevokeCorrected, TrickCarried, TrickWon
from hearts.moves import Bid, Claim, Discard, Gather, MoonChoice, Move, NameSuit, Pass
from hearts.observation import SeatView
from hearts.rules import GameEnd, Moon, Widow

__all__ = ["BasicBot", "discard", "discard_ranking", "pass_ranking"]

_GUARDS = 4
"""Low spades that make the A♠/K♠ safe to keep: the Q♠ can be ducked that many times."""
_SHORT = 5
"""A suit shorter than this is worth voiding by the pass: its high cards go first."""
_SAFE = 4
"""Auction Hearts: what a suit with no risk at all is worth bidding, in counters."""
_THREAT = 6
"""Cards that count taken by one other seat alone, which make it a threat to shoot the moon."""
_STRONG = 0.6
"""The share of its cards ranked queen or higher for which it runs for the moon (with the ace of
hearts, and at least four cards left)."""
_LONG = 4
"""Auction Hearts: cards of the named suit beyond this many are a risk (they may be forced)."""


class BasicBot:
    """A simple, fast rule-based player (see the module docstring for its rules).

    It is deterministic; ``seed`` is accepted so that every bot is made the same way.
    """

    name = "basic"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = check_seed(seed)

    def choose(self, view: SeatView) -> Move:
        """This seat's move: a pass, a card, a moon choice, or a bid or the suit to avoid."""
        moves = view.legal_moves
        if not moves:
            raise IllegalMove("{seat} has no move to make now", seat=view.seat)
        if view.phase is Phase.PASS:
            return _pass(view)
        if view.phase is Phase.MOON:
            return _moon(view)
        if view.phase is Phase.BID:
            return _bid(view)
        if view.phase is Phase.NAME:
            return NameSuit(_safest_suit(view))
        if view.phase is Phase.DISCARD:
            return _discard(view)
        if view.laws is not None:
            claimable = view.laws.claimable
            proven = [s for s in _proven_revokers(view) if s in claimable]
            if proven:
                return Claim(proven[0])
            if view.phase is Phase.GATHER:
                return Gather()
        cards = [move for move in moves if isinstance(move, Card)]
        if len(cards) == 1:
            return cards[0]
        if view.rules.moon is not Moon.OFF:
            if _running_for_the_moon(view):
                return _shoot(view, cards)
            threat = _moon_threat(view)
            if threat is not None and view.trick:
                return _stop(view, cards, threat)
        if view.trick:
            return _follow(view, cards)
        return _lead(view, cards)

    def __repr__(self) -> str:
        return "BasicBot()"


def _proven_revokers(view: SeatView) -> list[int]:
    """The laws: seats this view proves revoked, and that no claim covers yet: each showed out
    of a suit (played another card when it was led) and played that suit later, and has not
    been claimed against since it showed out (a claim is judged on the revokes made before it).
    Only where no card reaches a hand during play (no stock to draw from, no widow taken into a
    hand); a corrected revoke proves nothing."""
    rules = view.rules
    if rules.stock or rules.domino or rules.widow is Widow.DISCARD:
        return []
    void: dict[int, dict[Suit, int]] = {}  # seat: suit it showed out of: where, first
    proven: dict[int, int] = {}  # seat: where its first proven revoke was made
    claimed: dict[int, int] = {}  # seat: where it was last claimed against
    plays: list[tuple[int, CardPlayed]] = []
    for at, event in enumerate(view.events):
        if isinstance(event, CardPlayed):
            made = void.get(event.seat, {}).get(event.card.suit)
            if made is not None:
                proven[event.seat] = min(made, proven.get(event.seat, made))
            plays.append((at, event))
        elif isinstance(event, RevokeCorrected):
            del plays[len(plays) - len(event.withdrawn) - 1 :]
        elif isinstance(event, RevokeClaimed):
            claimed[event.accused] = at
        elif isinstance(event, TrickWon | TrickCarried):
            led = plays[0][1].card.suit
            for made, play in plays[1:]:
                if play.card.suit is not led:
                    void.setdefault(play.seat, {}).setdefault(led, made)
            plays = []
    return [seat for seat, made in proven.items() if claimed.get(seat, -1) < made]


@functools.cache
def _named_values(pack: int, suit: Suit, size: int) -> tuple[int, ...]:
    """Auction Hearts: each card id's value when ``suit`` is named (one a card of it)."""
    return tuple(1 if pack >> card & 1 and card >> 4 & 3 == suit else 0 for card in range(size))


def _values(view: SeatView) -> Sequence[int]:
    """What each card counts this hand: the rules' values, or the named suit's in an auction."""
    values = view.rules.values
    if view.auction is not None and view.auction.named_suit is not None:
        return _named_values(view.rules.pack, view.auction.named_suit, len(values))
    return values


def _queen_live(view: SeatView) -> bool:
    """Whether the Q♠ counts and has not been played yet."""
    return _values(view)[QUEEN_OF_SPADES] > 0 and QUEEN_OF_SPADES not in view.played_cards()


def _risk(view: SeatView, suit: Suit) -> tuple[int, int, int]:
    """Auction Hearts: how likely this seat is to take cards of a suit if it is named: its high
    cards of it (ten up), and its cards beyond a few; then its length and its ranks."""
    cards = view.hand.of_suit(suit)
    high = sum(max(0, card.rank - Rank.NINE) for card in cards)
    return (high + max(0, len(cards) - _LONG), len(cards), sum(card.rank for card in cards))


def _safest_suit(view: SeatView) -> Suit:
    return min(Suit, key=lambda suit: (_risk(view, suit), suit))


def _bid(view: SeatView) -> Bid:
    """Bid the least it may when the safest suit is worth more than the high bid, else pass."""
    risk = _risk(view, _safest_suit(view))[0]
    worth = _SAFE - risk + view.pool // 10
    amount = (view.auction.high_bid if view.auction is not None else 0) + 1
    if amount <= worth and Bid(amount) in view.legal_moves:
        return Bid(amount)
    return Bid(0)


def _suit_lengths(view: SeatView) -> dict[Suit, int]:
    return {suit: len(view.hand.of_suit(suit)) for suit in Suit}


def _discard(view: SeatView) -> Discard:
    first = view.legal_moves[0]
    assert isinstance(first, Discard)
    return discard(view.hand, _values(view), len(first.cards))


def discard(hand: Iterable[Card], values: Sequence[int], count: int) -> Discard:
    """Heartsette: the discards count against the discarder, so lay down what counts for him
    (a negative value), then the highest cards that count nothing (they would win tricks).

    >>> from hearts.cards import CardSet
    >>> from hearts import variants
    >>> discard(CardSet.parse("2C AC QS 5H KD"), variants.get("heartsette").values, 2)
    Discard(CardSet.parse('AC KD'))
    """
    return Discard(discard_ranking(hand, values)[:count])


def discard_ranking(hand: Iterable[Card], values: Sequence[int]) -> list[Card]:
    """Heartsette: the cards of the hand, the ones :func:`discard` would rather lay down first.

    >>> from hearts.cards import CardSet
    >>> from hearts import variants
    >>> discard_ranking(CardSet.parse("2C AC QS 5H KD"), variants.get("heartsette").values)
    [Card.parse('AC'), Card.parse('KD'), Card.parse('QS'), Card.parse('2C'), Card.parse('5H')]
    """
    return sorted(hand, key=lambda card: (values[card], -card.rank, card))


def _pass(view: SeatView) -> Pass:
    return Pass(pass_ranking(view)[: view.rules.pass_count])


def pass_ranking(view: SeatView) -> list[Card]:
    """The cards of the hand, the ones the basic player would rather pass first: what counts,
    the A♠/K♠ ill guarded while the Q♠ counts, the high cards of short suits; last, any card
    that counts in the holder's favour."""
    values = _values(view)
    lengths = _suit_lengths(view)
    spades = view.hand.of_suit(Suit.SPADES)
    guarded = sum(1 for card in spades if card.rank < Rank.QUEEN) >= _GUARDS
    queen_counts = values[QUEEN_OF_SPADES] > 0

    def danger(card: Card) -> tuple[int, Card]:
        value = values[card]
        if value < 0:
            return (-100, card)  # a card that counts in our favour: keep it
        score = card.rank + 2 * value + 4 * max(0, _SHORT - lengths[card.suit])
        if queen_counts and card.suit is Suit.SPADES and card.rank > Rank.QUEEN:
            score += -10 if guarded else 20
        return (score, card)

    return sorted(view.hand, key=danger, reverse=True)


def _lead(view: SeatView, cards: Sequence[Card]) -> Card:
    values = _values(view)
    lengths = _suit_lengths(view)
    queen_out = _queen_live(view) and QUEEN_OF_SPADES not in view.hand

    def key(card: Card) -> tuple[bool, bool, bool, bool, int, int]:
        value = values[card]
        catches_queen = queen_out and card.suit is Suit.SPADES and card.rank > Rank.QUEEN
        return (
            value > 0,
            value < 0,
            catches_queen,
            card.rank >= Rank.JACK,
            lengths[card.suit],
            card.rank,
        )

    return min(cards, key=key)


def _follow(view: SeatView, cards: Sequence[Card]) -> Card:
    values = _values(view)
    led = view.trick[0][1].suit
    winning = max((card for _, card in view.trick if card.suit is led), key=lambda c: c.rank)
    if cards[0].suit is led:  # able to follow: every legal card is of the suit led
        below = [card for card in cards if card.rank < winning.rank]
        if below:
            return max(below, key=lambda c: (values[c] >= 0, c.rank))
        seats = view.players - (1 if view.players == 7 else 0)
        if len(view.trick) == seats - 1:  # last to play: the trick is ours whatever we play
            return max(cards, key=lambda c: (-values[c], c.rank))
        return min(cards, key=lambda c: (values[c] < 0, c.rank))
    penalties = [card for card in cards if values[card] > 0]
    if penalties:
        return max(penalties, key=lambda c: (values[c], c.rank))
    lengths = _suit_lengths(view)
    plain = [card for card in cards if values[card] == 0] or list(cards)
    return max(plain, key=lambda c: (c.rank, -lengths[c.suit]))


def _counting_taken(view: SeatView) -> list[int]:
    """Per seat, the cards that count against it taken so far this hand."""
    values = _values(view)
    taken = [0] * view.players
    for trick in view.tricks:
        if trick.winner >= 0:
            taken[trick.winner] += sum(1 for card in trick.cards if values[card] > 0)
    return taken


def _moon_threat(view: SeatView) -> int | None:
    """Another seat that has taken every card that counts so far, enough to be running for it."""
    taken = _counting_taken(view)
    takers = [seat for seat, count in enumerate(taken) if count]
    if len(takers) == 1 and takers[0] != view.seat and taken[takers[0]] >= _THREAT:
        return takers[0]
    return None


def run_open(view: SeatView) -> bool:
    """Whether the seat may still take every card that counts: nobody else has taken one."""
    taken = _counting_taken(view)
    return not any(count for seat, count in enumerate(taken) if seat != view.seat)


def _running_for_the_moon(view: SeatView) -> bool:
    """Nobody else has taken a card that counts, and this hand is strong enough to take the
    rest."""
    if not run_open(view):
        return False
    hand = view.hand
    if len(hand) < 4 or Card.of(Rank.ACE, Suit.HEARTS) not in hand:
        return False
    high = sum(1 for card in hand if card.rank >= Rank.QUEEN)
    return high >= _STRONG * len(hand)


def _shoot(view: SeatView, cards: Sequence[Card]) -> Card:
    """Running for the moon: win every trick it can; void, throw the lowest plain card."""
    values = _values(view)
    if not view.trick:
        lengths = _suit_lengths(view)
        return max(cards, key=lambda c: (c.rank, lengths[c.suit]))
    led = view.trick[0][1].suit
    winning = max((card for _, card in view.trick if card.suit is led), key=lambda c: c.rank)
    winners = [card for card in cards if card.suit is led and card.rank > winning.rank]
    if winners:
        return max(winners, key=lambda c: c.rank)
    plain = [card for card in cards if values[card] <= 0] or list(cards)
    return min(plain, key=lambda c: (c.rank, c))


def _stop(view: SeatView, cards: Sequence[Card], threat: int) -> Card:
    """Another seat runs for the moon: take its trick with the lowest card that beats it, and
    never feed it a card that counts."""
    values = _values(view)
    led = view.trick[0][1].suit
    winner, winning = max(
        ((seat, card) for seat, card in view.trick if card.suit is led), key=lambda p: p[1].rank
    )
    if winner == threat:
        beaters = [c for c in cards if c.suit is led and c.rank > winning.rank]
        if beaters:
            return min(beaters, key=lambda c: c.rank)
        plain = [card for card in cards if values[card] <= 0]
        if plain and cards[0].suit is not led:
            return max(plain, key=lambda c: c.rank)
    return _follow(view, cards)


def _moon(view: SeatView) -> MoonChoice:
    """The moon choice that leaves this seat better placed (a win if it ends the game)."""
    rules = view.rules
    seat = view.seat
    sits_out = view.dealer if view.players == 7 else None
    no_trick = [won == 0 and s != sits_out for s, won in enumerate(view.tricks_won)]

    def outlook(choice: MoonChoice) -> tuple[bool, bool, int, int]:
        hand = scoring.points(
            view.penalties,
            shooter=seat,
            moon=choice.value,
            moon_total=rules.penalty_total,
            no_trick=no_trick,
            no_trick_bonus=rules.no_trick.points if rules.no_trick else 0,
            no_trick_with_moon=rules.no_trick is None or rules.no_trick.with_moon,
        )
        totals = [before + now for before, now in zip(view.scores, hand, strict=True)]
        mine = totals[seat]
        best_other = min(total for s, total in enumerate(totals) if s != seat)
        if rules.end is GameEnd.TARGET:
            ends = max(totals) >= rules.target
        else:
            ends = rules.end is GameEnd.DEALS and view.hand_number + 1 >= rules.deals
        return (
            not (ends and mine < best_other),
            ends and mine > best_other,
            mine - best_other,
            mine,
        )

    return min((MoonChoice.NEW, MoonChoice.OLD), key=outlook)
