"""Words for people: any event, move, refusal or hint of a game as a plain sentence.

One place words the game for every face: the server sends these sentences with its events and
hints (the page shows them), the terminal game and the records' text say them, and the
server's replay tells its steps with them. A sentence is worded for one seat (``me``: "you",
"your"; None: for a watcher or a record, every seat by its name) and with the table's names
(:func:`labels`: a seat with no name is "Seat 1", seats counted from 1; two seats of one name
are told apart by their seat). Nothing here decides a rule: the words say what the event says,
and a card an event hides (another seat's pass, draw or discard, as the seat receives it) is
never named, since it is not in the event.

>>> from hearts.cards import Card
>>> from hearts.events import CardPlayed, TrickWon
>>> tell = Teller(["Ann", "Bob", "Cy", "Di"], me=1)
>>> tell(CardPlayed(seat=0, card=Card.parse("2C")))
'Ann leads the 2♣.'
>>> tell(TrickWon(seat=1, leader=0, cards=tuple(map(Card.parse, "2C 5C KC 9C".split())), points=0))
'You take trick 1 (2♣ 5♣ K♣ 9♣): no points.'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

from hearts.cards import Card, Suit
from hearts.errors import HeartsError
from hearts.events import (
    BidMade,
    CardCalled,
    CardPlayed,
    CardsKept,
    ClaimJudged,
    DealerCut,
    Dealt,
    Discarded,
    Event,
    GameOver,
    Gathered,
    HandOver,
    HandSettled,
    MoonChosen,
    MoonShot,
    Passed,
    RevokeClaimed,
    RevokeCorrected,
    Revoked,
    ShuffleCommitted,
    StockDrawn,
    SuitNamed,
    TrickCarried,
    TrickWon,
)
from hearts.moves import (
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
from hearts.rules import HeartValue, Rules, SettlementMethod, Widow

__all__ = [
    "JACK",
    "SUIT_WORDS",
    "Teller",
    "cards",
    "count",
    "event",
    "events",
    "hint",
    "labels",
    "move",
    "pool",
    "pool_left",
    "refusal",
    "symbol",
    "units",
]

SUIT_WORDS: Final = {
    "clubs": "♣ clubs",
    "diamonds": "♦ diamonds",
    "spades": "♠ spades",
    "hearts": "♥ hearts",
}
"""A suit's name as the words say it, with its sign."""

JACK: Final = "a Jack: nobody took the pool, so it goes on to the next hand and grows"
"""What a Jack is, in a phrase (docs/rules.md §3.1: a sweepstakes pool nobody won, carried to
the next deal)."""


def count(number: int, word: str) -> str:
    """A number and its noun, singular for one (or minus one).

    >>> count(1, "card"), count(0, "point"), count(-1, "point"), count(13, "card")
    ('1 card', '0 points', '-1 point', '13 cards')
    """
    return f"{number} {word}" if abs(number) == 1 else f"{number} {word}s"


def symbol(card: Card) -> str:
    """A card as people write it: ``Q♠``, ``10♥``, a second pack's ``Q♠′``, ``joker``.

    >>> symbol(Card.parse("TH")), symbol(Card.parse("QS'")), symbol(Card.parse("JK"))
    ('10♥', 'Q♠′', 'joker')
    """
    if card.is_joker:
        return "joker"
    return card.symbol.replace("'", "′")


def cards(items: Iterable[Card]) -> str:
    """Cards by their signs, in the order given (:func:`symbol`): ``2♣ 10♥ Q♠``.

    >>> from hearts.cards import CardSet
    >>> cards(CardSet.parse("QS 2C TH QS'"))
    '2♣ Q♠ 10♥ Q♠′'
    """
    return " ".join(symbol(card) for card in items)


def units(rules: Rules | None, amount: int, named: Suit | None = None) -> str:
    """What cards taken count, in their unit: ``4 points``, ``1 heart``, ``2 spades`` (the suit
    named in Auction Hearts), ``no points`` for none.

    >>> from hearts import variants
    >>> units(variants.get("modern"), 1), units(variants.get("classic"), 13)
    ('1 point', '13 hearts')
    >>> units(variants.get("modern"), 0), units(None, 0, Suit.SPADES)
    ('no points', 'no spades')
    """
    if named is not None:
        word = named.singular
    elif (
        rules is None
        or not rules.counters
        or rules.card_values
        or rules.heart_value is HeartValue.PIPS
    ):
        word = "point"
    else:
        word = "heart"
    return f"no {word}s" if amount == 0 else count(amount, word)


def pool(size: int, jack: bool) -> str:
    """The pool on the table, in a phrase (empty when there is none).

    >>> pool(16, True)
    'Pool: 16 counters (a Jack: nobody took the pool, so it goes on to the next hand and grows)'
    >>> pool(3, False), pool(0, False)
    ('Pool: 3 counters', '')
    """
    if not size:
        return ""
    return f"Pool: {count(size, 'counter')}" + (f" ({JACK})" if jack else "")


def pool_left(size: int, jack: bool) -> str:
    """What became of the pool when a hand was settled, in a sentence.

    >>> pool_left(0, False)
    'The pool is won.'
    >>> pool_left(26, True)
    'The pool of 26 counters stays on the table as a Jack: nobody took it, so it goes on to the next hand.'
    """
    if not size:
        return "The pool is won."
    jack_ = " as a Jack: nobody took it, so it goes on to the next hand" if jack else ""
    return f"The pool of {count(size, 'counter')} stays on the table{jack_}."


def labels(names: Sequence[str] | None, players: int) -> list[str]:
    """Each seat as the words name it: its name, ``Seat 3`` for a seat with none (seats counted
    from 1), and a name two seats share told apart by the seat.

    >>> labels(["Ann", "", "basic bot", "basic bot"], 4)
    ['Ann', 'Seat 2', 'basic bot (seat 3)', 'basic bot (seat 4)']
    >>> labels(None, 2)
    ['Seat 1', 'Seat 2']
    """
    given = [str(name).strip() if name else "" for name in (names or [])]
    seats = [
        given[seat] if seat < len(given) and given[seat] else f"Seat {seat + 1}"
        for seat in range(players)
    ]
    return [
        f"{name} (seat {seat + 1})" if seats.count(name) > 1 else name
        for seat, name in enumerate(seats)
    ]


def _and(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def _verb(base: str) -> str:
    """A verb for he or she: ``takes``, ``passes``, ``has``."""
    if base == "have":
        return "has"
    if base == "are":
        return "is"
    if re.search(r"(s|sh|ch|x)$", base):
        return base + "es"
    return base + "s"


class _Voice:
    """How a sentence names seats, for the seat ``me`` reads it (None: nobody's)."""

    def __init__(self, names: Sequence[str] | None, me: int | None, players: int) -> None:
        self.me = me
        self.names = labels(names, max(players, len(names or ()), (me or 0) + 1))

    def name(self, seat: int) -> str:
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return f"Seat {seat + 1}"

    def who(self, seat: int) -> str:
        """The subject: ``You``, ``Ann``."""
        return "You" if seat == self.me else self.name(seat)

    def whom(self, seat: int) -> str:
        """The object: ``you``, ``Ann``."""
        return "you" if seat == self.me else self.name(seat)

    def whose(self, seat: int) -> str:
        """``your``, ``Ann's``."""
        return "your" if seat == self.me else f"{self.name(seat)}'s"

    def their(self, seat: int) -> str:
        return "your" if seat == self.me else "their"

    def verb(self, seat: int, base: str) -> str:
        return base if seat == self.me else _verb(base)

    def does(self, seat: int, base: str) -> str:
        """``You take``, ``Ann takes``."""
        return f"{self.who(seat)} {self.verb(seat, base)}"


class Teller:
    """Words a game's events in order, for the seat ``me`` (None: nobody's) and the table's
    ``names``; it follows what a sentence needs of the events before (a trick's first card is
    led, tricks are numbered, the suit named in Auction Hearts is the unit of what is taken).
    Give it the events as the seat received them: it names only the cards they show.

    >>> from hearts import Game, variants
    >>> game = Game(variants.get("modern"), seed=1)
    >>> Teller(["Ann", "Bob", "Cy", "Di"], me=2, rules=game.rules)(game.view(2).events[-1])
    'Ann deals hand 1: the pack is cut at 15 cards; you are dealt 13 cards; each passes 3 cards left.'
    """

    def __init__(
        self,
        names: Sequence[str] | None = None,
        me: int | None = None,
        rules: Rules | None = None,
        *,
        named: Suit | None = None,
        high_bid: int = 0,
        tricks: int = 0,
        played: int = 0,
    ) -> None:
        players = rules.players if rules is not None else len(names or ())
        self.voice = _Voice(names, me, players)
        self.rules = rules
        self.named = named
        """The suit to avoid named this hand (Auction Hearts), or None."""
        self.high_bid = high_bid
        self.tricks = tricks
        """Tricks taken (or carried) so far this hand."""
        self.played = played
        """Cards on the table in the trick being played."""
        self.hands = 0
        """Hands dealt among the events told."""

    def __call__(self, event: Event) -> str:
        """The event in one sentence (or two), and note what later sentences need of it."""
        said = self._say(event)
        self.follow(event)
        return said

    def follow(self, event: Event) -> None:
        """Note what later sentences need of an event told before (its cards are not read)."""
        if isinstance(event, Dealt):
            self.named, self.high_bid, self.tricks, self.played = None, 0, 0, 0
            self.hands += 1
        elif isinstance(event, BidMade):
            self.high_bid = max(self.high_bid, event.amount)
        elif isinstance(event, SuitNamed):
            self.named = _suit(event.suit)
        elif isinstance(event, CardPlayed):
            self.played += 1
        elif isinstance(event, RevokeCorrected):
            self.played = max(0, self.played - 1 - len(event.withdrawn))
        elif isinstance(event, TrickWon | TrickCarried):
            self.tricks += 1
            self.played = 0

    def _units(self, amount: int) -> str:
        return units(self.rules, amount, self.named)

    def _say(self, event: Event) -> str:
        v = self.voice
        rules = self.rules
        if isinstance(event, DealerCut):
            cut = ", ".join(f"{v.who(seat)} {symbol(card)}" for seat, card in event.cuts)
            return f"Cut for the deal (ace low): {cut}; {v.does(event.dealer, 'deal')}."
        if isinstance(event, ShuffleCommitted):
            return (
                f"Hand {event.hand_number + 1}: the shuffled pack is sealed before the cut, so "
                "the deal can be checked afterwards."
            )
        if isinstance(event, Dealt):
            return self._dealt(event)
        if isinstance(event, Passed):
            if event.cards:
                return f"{v.does(event.seat, 'pass')} {cards(event.cards)} to {v.whom(event.to)}."
            many = count(rules.pass_count, "card") if rules and rules.pass_count else "cards"
            return f"{v.does(event.seat, 'pass')} {many} to {v.whom(event.to)}."
        if isinstance(event, Revoked):
            return f"{v.does(event.seat, 'play')} the {symbol(event.card)}: a revoke."
        if isinstance(event, CardPlayed):
            verb = "lead" if self.played == 0 else "play"
            return f"{v.does(event.seat, verb)} the {_card(event.card)}."
        if isinstance(event, RevokeCorrected):
            back = [f"{v.whose(seat)} {symbol(card)}" for seat, card in event.withdrawn]
            also = f"; the cards played after it go back too ({_and(back)})" if back else ""
            return (
                f"{v.does(event.seat, 'take')} back the revoked {symbol(event.card)}, now an "
                f"exposed card{also}."
            )
        if isinstance(event, RevokeClaimed):
            return (
                f"{v.does(event.seat, 'claim')} a revoke by {v.whom(event.accused)}: to be "
                "judged when the hand has been played out."
            )
        if isinstance(event, ClaimJudged):
            claim = f"{v.whose(event.seat)} claim of a revoke by {v.whom(event.accused)}"
            claim = claim[:1].upper() + claim[1:]
            if not event.upheld:
                return f"{claim} is void: the tricks show none made before it."
            found = _and([f"the {symbol(card)} in trick {t + 1}" for t, card in event.revokes])
            pays = v.does(event.accused, "pay")
            return (
                f"{claim} stands: the tricks show it ({found}); {pays} all the losses of the hand."
            )
        if isinstance(event, CardCalled):
            they = "you" if event.owner == v.me else "they"
            return (
                f"{v.does(event.seat, 'call')} {v.whose(event.owner)} exposed "
                f"{symbol(event.card)}: {v.whom(event.owner)} must play it now, if {they} can "
                "without revoking."
            )
        if isinstance(event, Gathered):
            return f"{v.does(event.seat, 'let')} the cards be gathered."
        if isinstance(event, TrickWon):
            taken = self._units(event.points)
            return (
                f"{v.does(event.seat, 'take')} trick {self.tricks + 1} ({cards(event.cards)}): "
                f"{taken}.{_cancelled(event.cards)}"
            )
        if isinstance(event, TrickCarried):
            return (
                f"Nobody takes trick {self.tricks + 1} ({cards(event.cards)}): every card of the "
                f"suit led is cancelled, so it is carried, with {self._units(event.points)}, to "
                f"whoever takes the next; {v.does(event.leader, 'lead')} again."
                f"{_cancelled(event.cards)}"
            )
        if isinstance(event, Discarded):
            if not event.cards:
                return (
                    f"{v.does(event.seat, 'take')} the widow and {v.verb(event.seat, 'lay')} as "
                    "many cards face down (what they count shows when the hand is over)."
                )
            return (
                f"{v.does(event.seat, 'take')} the widow and {v.verb(event.seat, 'discard')} "
                f"{cards(event.cards)} face down: {self._units(event.points or 0)} against "
                f"{v.whom(event.seat)}."
            )
        if isinstance(event, CardsKept):
            if not event.cards:
                return f"{v.who(event.seat)} {v.verb(event.seat, 'are')} the last in the hand."
            return (
                f"{v.does(event.seat, 'keep')} {v.their(event.seat)} last cards with what was left "
                f"of the stock ({cards(event.cards)}): {self._units(event.points)}."
            )
        if isinstance(event, StockDrawn):
            if event.card is None:
                return f"{v.does(event.seat, 'draw')} a card from the stock."
            return f"{v.does(event.seat, 'draw')} the {_card(event.card)} from the stock."
        if isinstance(event, MoonShot):
            return f"{v.does(event.seat, 'shoot')} the moon: every card that counts!"
        if isinstance(event, MoonChosen):
            total = count(rules.penalty_total, "point") if rules is not None else "the points"
            if event.choice == "old":
                return f"{v.does(event.seat, 'choose')} the old moon: the others each take {total}."
            if event.choice == "new":
                off = f"{v.their(event.seat)} score"
                return f"{v.does(event.seat, 'choose')} the new moon: {total} off {off}."
            return f"{v.does(event.seat, 'choose')} the {event.choice} moon."  # pragma: no cover
        if isinstance(event, BidMade):
            if event.amount:
                return f"{v.does(event.seat, 'bid')} {count(event.amount, 'counter')}."
            return f"{v.who(event.seat)} {'do' if event.seat == v.me else 'does'} not bid."
        if isinstance(event, SuitNamed):
            return self._named(event)
        if isinstance(event, HandOver):
            took = [
                f"{v.who(seat) if seat == 0 else v.whom(seat)} took {self._units(amount)}"
                for seat, amount in enumerate(event.penalties)
            ]
            return f"The hand is over. {_and(took)}."
        if isinstance(event, HandSettled):
            return self._settled(event)
        if isinstance(event, GameOver):
            return self._game_over(event)
        return f"{event.kind.replace('_', ' ').capitalize()}."  # pragma: no cover

    def _dealt(self, event: Dealt) -> str:
        v = self.voice
        rules = self.rules
        cut = (
            "the pack is not cut" if event.cut is None else f"the pack is cut at {event.cut} cards"
        )
        mine = len(event.hands[v.me]) if v.me is not None and v.me < len(event.hands) else 0
        parts = [cut, f"you are dealt {count(mine, 'card')}" if mine else "the cards are dealt"]
        if rules is None or rules.passes:
            if event.pass_direction == "hold":
                parts.append("no pass this hand")
            else:
                many = count(rules.pass_count, "card") if rules and rules.pass_count else "cards"
                parts.append(f"each passes {many} {event.pass_direction}")
        if event.stock:
            widow = rules is not None and (
                rules.widow is not Widow.NONE or rules.widow_with_last_trick
            )
            face = "widow" if widow else "stock"
            parts.append(f"{count(len(event.stock), 'card')} lie face down as the {face}")
        hand = event.hand_number + 1
        return f"{v.does(event.dealer, 'deal')} hand {hand}: {'; '.join(parts)}."

    def _named(self, event: SuitNamed) -> str:
        v = self.voice
        suit = SUIT_WORDS.get(event.suit, event.suit)
        if event.seat < 0:
            return f"Nobody bid: {suit} are the suit to avoid; the player left of the dealer leads."
        if self.high_bid:
            return (
                f"{v.does(event.seat, 'name')} {suit} as the suit to avoid, "
                f"{v.verb(event.seat, 'pay')} the bid of {count(self.high_bid, 'counter')} into "
                f"the pool and {v.verb(event.seat, 'lead')}."
            )
        return (
            f"For the Jack there is no bidding: {v.whom(event.seat)} {v.verb(event.seat, 'name')} "
            f"{suit} again as the suit to avoid, and {v.verb(event.seat, 'lead')}."
        )

    def _settled(self, event: HandSettled) -> str:
        v = self.voice
        rules = self.rules
        counters = rules is not None and rules.counters
        rows = [
            f"{v.whom(seat)} {total}" + (f" ({_signed(delta)})" if delta else "")
            for seat, (delta, total) in enumerate(zip(event.deltas, event.totals, strict=False))
        ]
        what = "Counters" if counters else "Scores"
        said = f"{what} after hand {event.hand_number + 1}: {_and(rows)}."
        sweep = rules is not None and rules.method in (
            SettlementMethod.SWEEPSTAKES,
            SettlementMethod.SIMPLE,
        )
        if counters and sweep:
            said += f" {pool_left(event.pool, event.jack)}"
        return said

    def _game_over(self, event: GameOver) -> str:
        v = self.voice
        rules = self.rules
        unit = "counter" if rules is not None and rules.counters else "point"
        winners = list(event.winners)
        best = event.totals[winners[0]] if winners else 0
        played = f" after {count(self.hands, 'hand')}" if self.hands > 1 else ""
        if not winners:  # pragma: no cover - a game over has a winner
            return f"The game is over{played}."
        if len(winners) == 1:
            win = "win" if winners[0] == v.me else "wins"
            return f"The game is over{played}: {v.who(winners[0])} {win}, with {count(best, unit)}!"
        names = [v.whom(seat) for seat in winners]
        names[0] = names[0][:1].upper() + names[0][1:]
        return f"The game is over{played}: {_and(names)} share the win, with {count(best, unit)}."


def _card(card: Card) -> str:
    return symbol(card)


def _suit(name: str) -> Suit | None:
    try:
        return Suit.parse(name)
    except ValueError:
        return None


def _signed(number: int) -> str:
    return f"+{number}" if number > 0 else f"−{-number}"


def _cancelled(played: Iterable[Card]) -> str:
    """`` 8♣ and 8♣' cancelled each other.`` for the twins of a trick (Cancellation Hearts)."""
    by_number = {int(card): card for card in played}
    pairs = [
        f"{symbol(card)} and {symbol(by_number[int(card) | 64])}"
        for number, card in by_number.items()
        if number < 64 and number | 64 in by_number
    ]
    if not pairs:
        return ""
    if len(pairs) == 1:
        return f" {pairs[0]} cancelled each other."
    return f" {'; '.join(pairs)}: each pair cancelled."


def event(
    happened: Event,
    me: int | None = None,
    names: Sequence[str] | None = None,
    rules: Rules | None = None,
) -> str:
    """One event in words, for the seat ``me``, on its own (no events before it: a card is
    "played", tricks are not numbered right; :class:`Teller` follows a whole log).

    >>> from hearts.events import BidMade, SuitNamed
    >>> event(BidMade(seat=2, amount=0), me=2), event(BidMade(seat=2, amount=3), None, ["A", "B", "C"])
    ('You do not bid.', 'C bids 3 counters.')
    >>> event(SuitNamed(seat=-1, suit="hearts"))
    'Nobody bid: ♥ hearts are the suit to avoid; the player left of the dealer leads.'
    """
    return Teller(names, me, rules, played=1)(happened)


def events(
    log: Sequence[Event],
    me: int | None = None,
    names: Sequence[str] | None = None,
    rules: Rules | None = None,
) -> list[str]:
    """Each event of a log (as ``me`` received it) in words, in order (:class:`Teller`)."""
    tell = Teller(names, me, rules)
    return [tell(item) for item in log]


def move(made: Move, me: int | None = None, names: Sequence[str] | None = None) -> str:
    """A move in words, as a button or a hint says it (for ``me``, the seat that may make it).

    >>> move(Card.parse("QS")), move(Pass("2C 3C QS")), move(Bid(0)), move(Bid(4))
    ('Play the Q♠', 'Pass 2♣ 3♣ Q♠', 'Pass: no bid', 'Bid 4 counters')
    >>> move(NameSuit("s")), move(MoonChoice("new")), move(Claim(2), 0, ["You", "Bob", "Cy"])
    ('Name ♠ spades as the suit to avoid', 'Take the points off your score', 'Claim a revoke by Cy')
    """
    voice = _Voice(names, me, len(names or ()))
    if isinstance(made, Revoke):
        return f"Play the {symbol(made.card)} anyway, as a revoke"
    if isinstance(made, Call):
        return f"Call the exposed {symbol(made.card)}"
    if isinstance(made, Card):
        return f"Play the {_card(made)}"
    if isinstance(made, Pass):
        return f"Pass {cards(made.cards)}"
    if isinstance(made, Discard):
        return f"Discard {cards(made.cards)}"
    if isinstance(made, Bid):
        return "Pass: no bid" if made.amount == 0 else f"Bid {count(made.amount, 'counter')}"
    if isinstance(made, NameSuit):
        name = made.suit.name.lower()
        return f"Name {SUIT_WORDS.get(name, name)} as the suit to avoid"
    if isinstance(made, MoonChoice):
        if made is MoonChoice.OLD:
            return "The others take the points"
        return "Take the points off your score"
    if isinstance(made, Claim):
        return f"Claim a revoke by {voice.whom(made.seat)}"
    if isinstance(made, Gather):
        return "Let the cards be gathered"
    if isinstance(made, Correct):
        return "Take the revoked card back"
    return str(made)  # pragma: no cover - every move is above


_YOU: Final = {"does": "do", "has": "have", "is": "are", "was": "were"}


def refusal(
    error: HeartsError | str, me: int | None = None, names: Sequence[str] | None = None
) -> str:
    """A refusal of the core (a :class:`~hearts.errors.HeartsError`) as a sentence for people:
    the seats its fields name said by name (from 1 with no names), ``me`` as "you" ("yours",
    "your"), capitalised, with its full stop. The seats come from the error's fields
    (:meth:`~hearts.errors.HeartsError.said`), never from its text: text given as it is (a
    ``str``, or an error that names no seat) is only capitalised and ended.

    >>> from hearts.errors import IllegalMove
    >>> turn = IllegalMove("it is {to_act}'s turn, not {seat}'s", seat=0, to_act=2)
    >>> refusal(turn, me=0, names=["Ann", "Bob", "Cy"])
    "It is Cy's turn, not yours."
    >>> refusal(IllegalMove("{seat} does not hold the Q♠", seat=1))
    'Seat 2 does not hold the Q♠.'
    >>> refusal(IllegalMove("{seat} does not hold the Q♠", seat=1), me=1)
    'You do not hold the Q♠.'
    >>> refusal("seat 2 is free text")
    'Seat 2 is free text.'
    """
    if isinstance(error, HeartsError):
        seats = error.seats.values()
        voice = _Voice(names, me, max([len(names or ()), *(seat + 1 for seat in seats)]))
        said = error.said(
            voice.whom, lambda seat: "yours" if seat == me else voice.whose(seat)
        ).strip()
        if me in seats:  # (the grammar of "you": "you do", "your turn" but "not yours")
            said = re.sub(r"\byou (does|has|is|was)\b", lambda verb: f"you {_YOU[verb[1]]}", said)
            said = re.sub(r"\byours\b(?=\s+\w)", "your", said)
    else:
        said = error.strip()
    said = said[:1].upper() + said[1:]
    return said if said.endswith((".", "!", "?")) else said + "."


def hint(
    suggested: Move,
    *,
    than: Move | None = None,
    better: float | None = None,
    unit: str = "point",
    why: str = "",
    running: bool = False,
) -> str:
    """A hint in words: what the move saves against the next best (``better``: how much, on
    average, in ``unit``), or, with no comparison, ``why`` in a phrase.

    >>> hint(Card.parse("KC"), than=Card.parse("9C"), better=4.2)
    'K♣: about 4 points better than 9♣.'
    >>> hint(Card.parse("AH"), than=Card.parse("2H"), better=0.3, running=True)
    'A♥, to shoot the moon: a little better than 2♥.'
    >>> hint(Pass("2C 3C QS"), why="the only move you have")
    'Pass 2♣ 3♣ Q♠: the only move you have.'
    """
    name = _short(suggested)
    if running:
        name += ", to shoot the moon"
    if than is not None and better is not None:
        other = _short(than)
        if isinstance(than, Pass | Discard):
            other = other[:1].lower() + other[1:]
        whole = round(better)
        if whole >= 1:
            return f"{name}: about {count(whole, unit)} better than {other}."
        if better > 0.05:
            return f"{name}: a little better than {other}."
        return f"{name}: as good as {other}."
    return f"{name}: {why or 'the expert’s choice'}."


def _short(made: Move) -> str:
    if isinstance(made, Card):
        return _card(made)
    return move(made)
