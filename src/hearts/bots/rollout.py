"""Playing an imagined deal out: the rules of thumb every seat follows in the expert's
roll-outs (:func:`rollout_card`, :func:`rollout_discard`), running for the moon
(:func:`run_card`, :func:`run_on`, :func:`may_run`, :func:`strong_run`), the exact search of the
last tricks (:func:`_exact`) and the score of a finished deal for a seat (:func:`score_deal`).

These are what the expert (:mod:`hearts.bots.expert`) does inside each imagined deal, after the
card it tries; the review (:mod:`hearts.bots.review`) and the ISMCTS baseline score deals the
same way. :mod:`hearts.bots.expert` re-exports every name here, as it held them before.

>>> from hearts import Deal, variants
>>> deal = Deal.from_hands(variants.get("modern"), [
...     "2C 5C 9C QC 3D 7D KD 4S 8S QS AS 6H JH",
...     "3C 6C TC KC 4D 8D AD 5S 9S KS 2H 7H QH",
...     "4C 7C JC AC 5D 9D 2D 6S TS 3H 8H KH AH",
...     "8C 6D TD JD QD 2S 3S 7S JS 4H 5H 9H TH"], pass_direction="hold")
>>> while deal.phase.value == "play":
...     _ = deal.play(rollout_card(deal))
>>> score_deal(deal, deal.view(0))    # each seat: the others' mean points minus its own
[-22.0, 8.666666666666666, 4.666666666666667, 8.666666666666666]
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts.bots.basic import discard, run_open
from hearts.bots.search import alike
from hearts.bots.standing import Standing
from hearts.cards import QUEEN_OF_SPADES, SUIT_MASKS, Card, Rank, Suit
from hearts.deal import Deal, Phase
from hearts.errors import InvalidArgument
from hearts.moves import Discard, Gather, MoonChoice
from hearts.observation import SeatView
from hearts.rules import Moon, Widow
from hearts.scoring import settle

__all__ = [
    "EXACT_CARDS",
    "MOON_THREAT",
    "RUN_HIGH",
    "STRONG_RUN",
    "may_run",
    "rollout_card",
    "rollout_discard",
    "run_card",
    "run_on",
    "score_deal",
    "strong_run",
]

EXACT_CARDS = 2
"""When every hand holds at most this many cards, the rest of the hand is searched exactly."""


def _finish(
    deal: Deal,
    view: SeatView,
    left: int,
    runner: int | None = None,
    others: bool = False,
    standing: Standing | None = None,
) -> float:
    """Play an imagined deal to its end and score it for the view's seat; ``left`` is the
    number of cards still to be played (in the hands and the stock). ``runner``, a seat that
    runs for the moon (:func:`run_card`) while nobody else has taken a card that counts; the
    others, and it once its run is off, play by the rules of thumb (:func:`rollout_card`).
    With ``others``, another seat runs too while its hand is strong, as the basic player
    does (:func:`strong_run`). ``standing``: the deal is judged by
    the chance it leaves the seat to win the game (:func:`score_deal`)."""
    me = view.seat
    exact = EXACT_CARDS * len(deal.seats)
    holder = None  # (the other seat holding the A♥: only it may run, as the basic player)
    if others and deal.rules.moon is not Moon.OFF and deal.rules.cancellation is None:
        holder = next((s for s in deal.seats if s != me and deal.hand(s).mask >> _AH & 1), None)
    while True:
        phase = deal.phase
        if phase is not Phase.PLAY:
            if phase is not Phase.DISCARD:
                return score_deal(deal, view, standing)[me]
            deal.play(rollout_discard(deal))  # (as many cards as the widow brought)
            continue
        if left <= exact and left % len(deal.seats) == 0:  # a trick's start, few cards left
            return _exact(deal, view, standing)[me]
        seat = deal.to_act
        assert seat is not None  # (the play: a seat is to act)
        if seat == runner and not run_on(deal, seat):
            runner = None  # (its run is off: it plays on by the rules of thumb)
        running = seat == runner or (seat == holder and strong_run(deal, seat))
        deal.play(run_card(deal) if running else rollout_card(deal))
        left -= 1


_AH = Card.of(Rank.ACE, Suit.HEARTS)
_HIGH = sum(1 << Card.of(rank, suit) for rank in (12, 13, 14) for suit in Suit)
"""The queens, kings and aces (of the one pack: two packs' forms do not run in roll-outs)."""
STRONG_RUN = 0.6
"""In a roll-out (with the moon weighed), another seat runs for the moon while it holds the A♥
and at least this share of its cards (four or more) ranked queen or higher, as the basic
player does."""


def strong_run(deal: Deal, seat: int) -> bool:
    """Whether ``seat`` runs for the moon in a roll-out: the A♥ and :data:`STRONG_RUN` of its
    cards (four or more) queen or higher, and nobody else has taken a card that counts."""
    hand = deal.hand(seat).mask
    count = hand.bit_count()
    if count < 4 or not hand >> _AH & 1 or (hand & _HIGH).bit_count() < STRONG_RUN * count:
        return False
    return run_on(deal, seat)


def _close(deal: Deal) -> None:
    """Past the last card of an imagined deal: the shooter takes the old moon (docs/rules.md §6.4's
    default; a roll-out does not weigh his choice), and under the laws every seat gathers."""
    while not deal.is_over:
        if deal.phase is Phase.MOON:
            deal.play(MoonChoice.OLD)
        elif deal.phase is Phase.GATHER:
            deal.play(Gather())
        else:  # pragma: no cover - only the moon choice and the gathering follow the play
            raise InvalidArgument(f"cannot finish a deal in phase {deal.phase.value}")


def score_deal(deal: Deal, view: SeatView, standing: Standing | None = None) -> list[float]:
    """Each seat's result of a finished imagined deal, as the searching bots score it: its
    points ahead of the others' mean (points games: the others' mean minus its own), or the
    counters it won (counters games, with the view's pool and Jack carried in). With a
    ``standing`` (score-aware play), what the deal is worth to each seat: its chance in percent
    to win the game once the deal's points are added to the totals, with its points against
    the others' beside it (:meth:`Standing.worth`).

    >>> import random
    >>> from hearts import Game, variants
    >>> game = Game(variants.get("modern").replace(passing=None), seed=4)
    >>> view, deal = game.view(0), game.deal.copy()
    >>> rng = random.Random(4)
    >>> while not deal.is_over:
    ...     _ = deal.play(rng.choice(deal.legal_moves()))
    >>> [round(x, 2) for x in score_deal(deal, view)], deal.points()
    ([6.0, 8.67, 3.33, -18.0], (2, 0, 4, 20))
    """
    if not deal.is_over:
        deal = deal.copy(stack=False)
        _close(deal)
    deltas = settle(deal, pool=view.pool, jack=view.jack).deltas
    if standing is not None:
        return standing.worth(deltas)
    if not view.rules.counters:
        seats = deal.seats
        total = sum(deltas[s] for s in seats)
        others = len(seats) - 1
        return [(total - deltas[s]) / others - deltas[s] for s in range(len(deltas))]
    return [float(delta) for delta in deltas]


def _exact(deal: Deal, view: SeatView, standing: Standing | None = None) -> list[float]:
    """Max-n: every seat plays the card best for itself to the end of the hand (the first of
    the best on a tie, in the order of the legal cards), each judging the deal as
    :func:`score_deal` does (with a ``standing``: by its chance to win the game).

    The same search as the plain one, made cheaper without changing its result: forced cards
    (a seat with one legal card, as in the last trick) are played without a choice; and of two
    cards that are twins in the imagined deal (:func:`_twin`) only the first is searched: the
    other's subtree is the same with the two cards swapped, so its result is the same to the
    bit and would not displace the first (a later card displaces only a strictly better one).
    """
    played = 0
    try:
        while True:
            phase = deal.phase
            if phase is not Phase.PLAY:
                if phase is Phase.DISCARD:
                    deal.play(rollout_discard(deal))
                    played += 1
                    continue
                return score_deal(deal, view, standing)
            moves = deal.legal_moves()
            if len(moves) != 1:
                break
            deal.play(moves[0])
            played += 1
        seat = deal.to_act
        assert seat is not None
        best: list[float] | None = None
        previous: Card | None = None
        for card in moves:
            assert isinstance(card, Card)
            if previous is not None and _twin(deal, previous, card):
                previous = card  # (its result is the one before's: it cannot be better)
                continue
            previous = card
            deal.play(card)
            result = _exact(deal, view, standing)
            deal.undo()
            if best is None or result[seat] > best[seat]:
                best = result
        assert best is not None
        return best
    finally:
        for _ in range(played):
            deal.undo()


def _twin(deal: Deal, first: Card, card: Card) -> bool:
    """Whether ``card`` is the twin of ``first``, the legal card before it of the seat to act in
    an imagined deal: in one suit, counting the same, and every card between them in rank out of
    play (in a trick taken, or not in the pack), so that no card still in a hand or in the trick
    on the table tells them apart. Then swapping the two throughout the rest of the hand changes
    no trick's winner, no card's worth, no legal move and no score; and, the two being next to
    each other among the seat's cards, not the order of any seat's legal cards either. Never in
    the forms where a card may matter otherwise (as :func:`~hearts.bots.search.equivalent`: two
    packs, the auction, the laws, the joker, the Q♠ where it breaks hearts: :func:`alike`), nor
    where a widow is discarded (the roll-out's discard reads the order of the cards)."""
    rules = deal.rules
    if rules.widow is Widow.DISCARD or not alike(rules, deal.card_values, first, card):
        return False
    if card - first == 1:
        return True  # touching ids (the same suit): no card between
    gone = ~rules.pack
    for seat in deal.seats:
        gone |= deal.taken(seat).mask
    between = ((1 << card) - 1) & ~((2 << first) - 1)
    return between & ~gone == 0


def rollout_card(deal: Deal) -> Card:
    """The basic player's rules of thumb for the seat to act, read off an imagined deal. It looks
    at its own hand, the trick and the points taken, and whether the (first pack's) Q♠ is still
    in another hand: in the forms dealt out, that is public (whether it has been played); with a
    stock or a widow the roll-out also knows whether the imagined Q♠ lies there, a liberty taken
    on imagined cards for speed.

    - **lead** low, from its shortest suit, below the jack when it can, never a card that counts
      while it has another, nor the A♠/K♠ while the Q♠ is out in another hand;
    - **follow**: duck under the card winning the trick; when every card wins, the lowest (last to
      play, the highest that does not count);
    - **void**: shed what counts most, else its highest card;
    - **the moon** (where it is played): when one seat has taken every point so far, at least
      :data:`MOON_THREAT`, the others take its tricks with the lowest card that beats it and do
      not feed it a card that counts.

    >>> from hearts import Deal, variants
    >>> deal = Deal.from_hands(variants.get("modern"), [
    ...     "2C 5C 9C QC 3D 7D KD 4S 8S QS AS 6H JH",
    ...     "3C 6C TC KC 4D 8D AD 5S 9S KS 2H 7H QH",
    ...     "4C 7C JC AC 5D 9D 2D 6S TS 3H 8H KH AH",
    ...     "8C 6D TD JD QD 2S 3S 7S JS 4H 5H 9H TH"], pass_direction="hold")
    >>> for card in ("2C", "3C", "4C", "8C"):
    ...     _ = deal.play(card)
    >>> rollout_card(deal)    # seat 3 took the trick; it leads low from its shortest suit
    Card.parse('2S')
    """
    moves: Sequence[Card] = deal.legal_moves()  # type: ignore[assignment]
    if len(moves) == 1:
        return moves[0]
    values = deal.card_values
    trick = deal.trick
    if not trick:
        return _rollout_lead(deal, moves, values)
    led = trick[0][1].suit
    winner, winning = max(((s, c) for s, c in trick if c.suit is led), key=lambda p: p[1].rank)
    if deal.rules.moon is not Moon.OFF and winner != deal.to_act and winner == _moon_threat(deal):
        beaters = [card for card in moves if card.suit is led and card.rank > winning.rank]
        if beaters:
            return min(beaters, key=lambda c: c.rank)
        if moves[0].suit is not led:
            plain = [card for card in moves if values[card] <= 0]
            if plain:
                return max(plain, key=lambda c: c.rank)
    if moves[0].suit is led:
        below = [card for card in moves if card.rank < winning.rank]
        if below:
            return max(below, key=lambda c: (values[c] >= 0, c.rank))
        if len(trick) == len(deal.seats) - 1:
            return max(moves, key=lambda c: (-values[c], c.rank))
        return min(moves, key=lambda c: (values[c] < 0, c.rank))
    return max(moves, key=lambda c: (values[c], c.rank))


def _queen_out(deal: Deal, values: Sequence[int]) -> bool:
    """Whether the Q♠ counts and is in the hand of a seat other than the one to act."""
    if values[QUEEN_OF_SPADES] <= 0:
        return False
    seat = deal.to_act
    return any(
        deal.hand(other).mask >> QUEEN_OF_SPADES & 1 for other in deal.seats if other != seat
    )


def run_card(deal: Deal) -> Card:
    """Running for the moon, in a roll-out: the seat to act plays to win every trick.

    - **lead** a card no other hand can beat in its suit (from its longest such suit), else its
      highest card;
    - **follow**: the highest card that wins the trick (the lowest that wins when last to
      play); when none wins, the lowest, one that does not count first;
    - **void**: the lowest card that does not count (it would give away the run), else the
      lowest.

    >>> from hearts import Deal, variants
    >>> deal = Deal.from_hands(variants.get("modern"), [
    ...     "2C 5C 9C QC 3D 7D KD 4S 8S QS AS 6H JH",
    ...     "3C 6C TC KC 4D 8D AD 5S 9S KS 2H 7H QH",
    ...     "4C 7C JC AC 5D 9D 2D 6S TS 3H 8H KH AH",
    ...     "8C 6D TD JD QD 2S 3S 7S JS 4H 5H 9H TH"], pass_direction="hold")
    >>> _ = deal.play("2C"), deal.play("3C")
    >>> run_card(deal), rollout_card(deal)   # seat 2: win it with the A♣, or play low
    (Card.parse('AC'), Card.parse('4C'))
    """
    moves: Sequence[Card] = deal.legal_moves()  # type: ignore[assignment]
    if len(moves) == 1:
        return moves[0]
    penalty = deal.rules.penalty_mask
    trick = deal.trick
    if not trick:
        seat = deal.to_act
        assert seat is not None
        others = 0
        for other in deal.seats:
            if other != seat:
                others |= deal.hand(other).mask
        hand = deal.hand(seat).mask
        lengths = [(hand & mask).bit_count() for mask in SUIT_MASKS]
        bosses = [c for c in moves if not others & SUIT_MASKS[c.suit] & ~((2 << c) - 1)]
        if bosses:
            return max(bosses, key=lambda c: (lengths[c.suit], c.rank))
        return max(moves, key=lambda c: (c.rank, lengths[c.suit]))
    led = trick[0][1].suit
    winning = max((card for _, card in trick if card.suit is led), key=lambda c: c.rank)
    winners = [card for card in moves if card.suit is led and card.rank > winning.rank]
    if winners:
        last = len(trick) == len(deal.seats) - 1
        return (min if last else max)(winners, key=lambda c: c.rank)
    plain = [card for card in moves if not penalty >> card & 1] or list(moves)
    return min(plain, key=lambda c: (c.rank, c))


def run_on(deal: Deal, runner: int) -> bool:
    """Whether ``runner`` may still take every card that counts: nobody else has taken one."""
    penalty = deal.rules.penalty_mask
    return not any(deal.taken(seat).mask & penalty for seat in deal.seats if seat != runner)


RUN_HIGH = 0.4
"""The share of its cards ranked queen or higher from which the expert weighs running for the
moon (:func:`may_run`): the search, not this share, decides whether it runs."""


def may_run(view: SeatView) -> bool:
    """Whether the expert weighs running for the moon from this view: the moon is played (with
    one pack: not in Cancellation Hearts, whose twins cancel), no other seat has taken a card
    that counts, and at least :data:`RUN_HIGH` of its cards (four or more) are ranked queen or
    higher."""
    rules = view.rules
    if rules.moon is Moon.OFF or rules.counters or rules.cancellation is not None:
        return False  # (two packs: twins cancel, and run_card reads one pack's order)
    hand = view.hand
    if len(hand) < 4 or not run_open(view):
        return False
    high = sum(1 for card in hand if card.rank >= Rank.QUEEN)
    return high >= RUN_HIGH * len(hand)


def rollout_discard(deal: Deal) -> Discard:
    """Heartsette, in a roll-out: the widow's taker discards as the basic player does."""
    first = deal.legal_moves()[0]
    assert isinstance(first, Discard) and deal.to_act is not None
    return discard(deal.hand(deal.to_act), deal.card_values, len(first.cards))


MOON_THREAT = 6
"""Points taken by one seat alone (nobody else having taken any) that make it a moon threat in a
roll-out."""


def _moon_threat(deal: Deal) -> int | None:
    """The seat that has taken every point so far, if it has taken :data:`MOON_THREAT` or more."""
    takers = [(seat, points) for seat, points in enumerate(deal.penalties()) if points]
    if len(takers) == 1 and takers[0][1] >= MOON_THREAT:
        return takers[0][0]
    return None


def _rollout_lead(deal: Deal, moves: Sequence[Card], values: Sequence[int]) -> Card:
    """A roll-out's lead (see :func:`rollout_card`)."""
    seat = deal.to_act
    assert seat is not None
    hand = deal.hand(seat).mask
    lengths = [(hand & mask).bit_count() for mask in SUIT_MASKS]
    queen_out = _queen_out(deal, values)

    def key(card: Card) -> tuple[bool, bool, bool, bool, int, int]:
        value = values[card]
        rank = card.rank
        return (
            value > 0,
            value < 0,
            queen_out and card.suit is Suit.SPADES and rank > Rank.QUEEN,
            rank >= Rank.JACK,
            lengths[card.suit],
            rank,
        )

    return min(moves, key=key)
