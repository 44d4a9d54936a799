"""What one seat may know: :class:`SeatView`.

A view is the only way a bot, a face or a network client learns about a deal: the seat's own
cards (as dealt, passed, received and now), every card played and who played it, the public
counts (cards in each hand, penalties taken, tricks won, cards left in the stock) and the scores.
Nothing of another hand is in it except the cards that hand has played, and the cards this seat
passed to it.

>>> from hearts import Game, variants
>>> game = Game(variants.get("modern"), seed=1)
>>> view = game.view(0)
>>> view.seat, view.phase.value, len(view.hand), view.hand_sizes
(0, 'pass', 13, (13, 13, 13, 13))
>>> view.events[0].hands[1]          # the other hands are not in a seat's view of the deal
CardSet.parse('')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final, TypeVar

from hearts.cards import Card, CardSet
from hearts.events import (
    CardPlayed,
    Dealt,
    Discarded,
    Event,
    Passed,
    Revoked,
    StockDrawn,
    TrickWon,
)
from hearts.hand.auction import AuctionView
from hearts.hand.core import SPEEDUPS, Phase, Trick
from hearts.hand.laws import LawsView
from hearts.hand.widow import WidowView, goes_with_first_trick
from hearts.moves import Move
from hearts.rules import PassDirection, Rules

__all__ = [
    "SeatView",
    "PublicView",
    "AuctionView",
    "LawsView",
    "WidowView",
    "redact",
    "redacted_log",
    "seen_log",
    "RedactionCache",
    "Redactions",
    "make_seat_view",
    "make_public_view",
]


_NO_CARDS: Final = CardSet()
"""No cards (a frozen set, shared): the default of the views' ``cancelled``."""
_View = TypeVar("_View")


@dataclasses.dataclass(frozen=True, slots=True)
class SeatView:
    """Everything one seat may know about the hand in progress."""

    seat: int
    rules: Rules
    dealer: int
    hand_number: int
    phase: Phase
    to_act: int | None
    """The seat to act (in the pass phase, the first seat still to pass)."""
    hand: CardSet
    """The cards this seat holds now."""
    dealt: CardSet
    """The cards this seat was dealt."""
    pass_direction: PassDirection
    passed: CardSet | None
    """The cards this seat passed (None before it passes, or in a hold hand)."""
    received: CardSet | None
    """The cards passed to this seat, once every seat has passed."""
    leader: int
    trick: tuple[tuple[int, Card], ...]
    """The trick on the table: (seat, card) from the leader on."""
    tricks: tuple[Trick, ...]
    """Every completed trick (all played cards are public); a trick's points count the cards
    seen in it and in the tricks carried to it, not a widow's that went with it face down."""
    hearts_broken: bool
    hand_sizes: tuple[int, ...]
    penalties: tuple[int, ...]
    """Penalty units each seat has taken this hand, as this seat knows them: while the hand is
    played, not the points of cards face down that it has not seen (a widow gone with the first
    trick, another seat's discards: :meth:`hearts.hand.widow.WidowCards.penalties_seen`)."""
    tricks_won: tuple[int, ...]
    stock_size: int
    scores: tuple[int, ...]
    """Totals before this hand: points, or counters in a counters game."""
    pool: int
    """Counters in the pool carried into this hand (counters games)."""
    jack: bool
    """Whether that pool is a Jack, which only a sole clear seat may win (law 29)."""
    legal_moves: Sequence[Move]
    """This seat's moves now (empty when it is not this seat's turn)."""
    events: tuple[Event, ...]
    """This hand's events as this seat saw them (others' cards hidden)."""
    commitment: str | None = None
    """The hash the dealer published of the shuffled pack before the cut (a game with a seed;
    see :mod:`hearts.verify`): it reveals nothing, and the revealed seed proves the deal."""
    auction: AuctionView | None = None
    """Auction Hearts: the bidding and the suit named (None in a form without an auction)."""
    laws: LawsView | None = None
    """The laws option: exposed cards, claims, a call, this seat's revokes (None without it)."""
    cancelled: CardSet = _NO_CARDS
    """Cancellation Hearts: the cards of the trick on the table that are cancelled, each with
    its twin of the other pack in the trick (:func:`hearts.hand.cancellation.cancelled_in`);
    empty in other forms."""
    widow: WidowView | None = None
    """Heartsette's widow or Cancellation Hearts' cards left over: its size, how it goes and
    who took it, never its cards (None in a form without one)."""

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.rules.players

    @property
    def my_turn(self) -> bool:
        """Whether this seat has a move to make now."""
        return len(self.legal_moves) > 0

    @property
    def outcome_fixed(self) -> bool:
        """Whether the rest of this hand can no longer change its result, as this seat can tell.

        True in the play phase of a hand whose every card is dealt out (no stock, widow or
        second pack) once every card that counts has been taken in a trick, and, with a bonus for taking
        no trick, once every seat still holding cards has won one (or, with a bonus that does not
        apply in a moon hand, once one seat has taken every card that counts, the moon played):
        the tricks left carry nothing, so who wins them changes nothing (the moon is decided
        too). Faces use it to play the last tricks out; it reads only this view, so it tells
        nothing hidden.

        >>> from hearts import Game, variants
        >>> game = Game(variants.get("modern"), seed=1)
        >>> game.view(0).outcome_fixed
        False
        """
        rules = self.rules
        if (
            self.phase is not Phase.PLAY
            or rules.laws
            or rules.domino
            or rules.stock
            or rules.packs > 1
            or rules.widow.value != "none"
        ):
            return False
        if rules.auction:
            if self.auction is None or self.auction.named_suit is None:
                return False
            counting = CardSet(rules.pack).of_suit(self.auction.named_suit)
        else:
            counting = CardSet(sum(1 << card for card in CardSet(rules.pack) if rules.values[card]))
        taken = 0  # the cards of completed tricks: the trick on the table is still open
        for trick in self.tricks:
            for card in trick.cards:
                taken |= 1 << card
        if counting - CardSet(taken):
            return False
        bonus = rules.no_trick
        if bonus is None:
            return True
        if not bonus.with_moon and rules.moon.value != "off":
            mask = rules.penalty_mask
            takers = {t.winner for t in self.tricks if mask & sum(1 << card for card in t.cards)}
            if len(takers) == 1:
                return True  # one seat took every card that counts: the moon alone is scored
        return all(
            won > 0 or size == 0 for won, size in zip(self.tricks_won, self.hand_sizes, strict=True)
        )

    def played_cards(self) -> CardSet:
        """Every card played so far this hand, by any seat."""
        mask = 0
        for trick in self.tricks:
            for card in trick.cards:
                mask |= 1 << card
        for _, card in self.trick:
            mask |= 1 << card
        return CardSet(mask)


@dataclasses.dataclass(frozen=True, slots=True)
class PublicView:
    """What anyone at the table may know, a watcher too (:meth:`Deal.public_view
    <hearts.deal.Deal.public_view>`): a :class:`SeatView` of no seat. It has no hand, no
    cards dealt, passed or received and no moves; its events show no card of any hand, no
    card passed and none drawn or discarded face down, and nothing of what cards face down
    count while the hand is played (its penalties and tricks as :class:`SeatView`'s). Every
    card played is in it, and the public counts and scores."""

    rules: Rules
    dealer: int
    hand_number: int
    phase: Phase
    to_act: int | None
    pass_direction: PassDirection
    leader: int
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[Trick, ...]
    hearts_broken: bool
    hand_sizes: tuple[int, ...]
    penalties: tuple[int, ...]
    tricks_won: tuple[int, ...]
    stock_size: int
    scores: tuple[int, ...]
    pool: int
    jack: bool
    events: tuple[Event, ...]
    commitment: str | None = None
    auction: AuctionView | None = None
    laws: LawsView | None = None
    """The laws option: exposed cards, claims, their judgements and a call, all public;
    ``revokes`` is empty (a seat knows only its own), and so is ``claimable`` (a watcher claims
    nothing)."""
    cancelled: CardSet = _NO_CARDS
    """Cancellation Hearts: the cancelled cards of the trick on the table (as a seat's)."""
    widow: WidowView | None = None
    """The widow's size, how it goes and who took it (as a seat's)."""

    @property
    def players(self) -> int:
        return len(self.hand_sizes)


def _maker(cls: type[_View]) -> Callable[[dict[str, Any]], _View]:
    """A constructor of a view class (a frozen dataclass with slots) from a dict of its fields,
    which sets each field through its slot: the faces ask for a view at every move, and the
    dataclass's ``__init__`` (keywords parsed, ``object.__setattr__`` for each of some thirty
    fields) was a third of its cost. Like that ``__init__``, the constructor is a function
    written for the class, one statement a field (a loop over the fields cost a third more).
    The same checks: a field missing with no default, or one the class has not, is a TypeError.

    >>> make = _maker(WidowView)
    >>> make({"size": 4, "goes": "first-trick", "taker": None})
    WidowView(size=4, goes='first-trick', taker=None)
    >>> make({"size": 4})
    Traceback (most recent call last):
    ...
    TypeError: WidowView needs its field 'goes'
    >>> make({"size": 4, "goes": "discard", "taker": None, "cards": ()})
    Traceback (most recent call last):
    ...
    TypeError: WidowView has no field 'cards'
    """
    names, required = [], []
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls}
    lines = []
    for at, field in enumerate(dataclasses.fields(cls)):  # type: ignore[arg-type]
        assert field.default_factory is dataclasses.MISSING, "no view field has a factory"
        names.append(field.name)
        scope[f"put{at}"] = getattr(cls, field.name).__set__
        if field.default is dataclasses.MISSING:
            required.append(field.name)
            lines.append(f"    put{at}(view, fields[{field.name!r}])")
        else:
            scope[f"default{at}"] = field.default
            lines.append(f"    put{at}(view, get({field.name!r}, default{at}))")
    assert not hasattr(cls, "__post_init__"), "a view with checks of its own needs __init__"
    every, needed = frozenset(names), frozenset(required)

    def check(fields: dict[str, Any]) -> None:
        missing = [name for name in required if name not in fields]
        if missing:
            raise TypeError(f"{cls.__name__} needs its field {missing[0]!r}")
        raise TypeError(f"{cls.__name__} has no field {sorted(set(fields) - every)[0]!r}")

    scope.update(needed=needed, every=every, check=check)
    source = "\n".join(
        [
            "def make(fields):",
            "    if not needed.issubset(fields) or not every.issuperset(fields):",
            "        check(fields)",
            "    view = new(cls)",
            "    get = fields.get",
            *lines,
            "    return view",
        ]
    )
    exec(source, scope)  # (the source is built above from the class's own fields)
    slow: Callable[[dict[str, Any]], _View] = scope["make"]
    if SPEEDUPS is None:
        return slow
    # The C accelerator sets the slots in one call (a view is made for each seat at every
    # move); anything but a dict of exactly the class's fields goes to the Python maker, which
    # says what is wrong.
    fast = SPEEDUPS.make_view
    keys = tuple(names)
    offsets = SPEEDUPS.slot_offsets(cls, keys)
    missing = object()
    defaults = tuple(scope.get(f"default{at}", missing) for at in range(len(keys)))

    def make(fields: dict[str, Any]) -> _View:
        view: _View | None = fast(cls, offsets, keys, defaults, missing, fields)
        return view if view is not None else slow(fields)

    return make


make_seat_view: Final = _maker(SeatView)
"""A :class:`SeatView` from a dict of its fields (as ``SeatView(**fields)``, faster)."""
make_public_view: Final = _maker(PublicView)
"""A :class:`PublicView` from a dict of its fields (as ``PublicView(**fields)``, faster)."""


def redact(event: Event, seat: int | None, face_down: int = 0) -> Event:
    """An event as ``seat`` may see it: other hands blanked, others' draws face down (no
    card), others' discards face down (no cards, and ``points`` None: what they count is not
    seen either). With no seat (None: a watcher), every hand is blanked. Every event is seen,
    as it may be: a seat learns that something happened even where it does not learn what.

    ``face_down``: the points a :class:`~hearts.events.TrickWon` counts of cards that went with
    it face down, unseen by anyone (a widow with the first trick taken): the trick as seen
    counts only its other points. The log says which trick that is (:func:`seen_log`).

    >>> from hearts.cards import Card
    >>> redact(StockDrawn(seat=1, card=Card.parse("2C")), 0)
    StockDrawn(seat=1, card=None)
    >>> redact(Passed(seat=1, to=2, cards=CardSet.parse("2C 3C 4C")), None).cards
    CardSet.parse('')
    >>> redact(Discarded(seat=1, cards=CardSet.parse("2H 3C 4C"), points=1), 2)
    Discarded(seat=1, cards=CardSet.parse(''), points=None)
    >>> redact(TrickWon(seat=1, leader=0, cards=(Card.parse("2H"),), points=14), 2, 13).points
    1
    """
    if face_down and isinstance(event, TrickWon):
        return dataclasses.replace(event, points=event.points - face_down)
    if isinstance(event, Dealt):
        hands = tuple(hand if s == seat else CardSet() for s, hand in enumerate(event.hands))
        return dataclasses.replace(event, hands=hands, stock=())
    if isinstance(event, Passed) and event.seat != seat:
        return dataclasses.replace(event, cards=CardSet())
    if isinstance(event, StockDrawn) and event.seat != seat:
        return dataclasses.replace(event, card=None)
    if isinstance(event, Discarded) and event.seat != seat:
        # Heartsette: the discards lie face down; only the discarder knows them, and what
        # they count.
        return dataclasses.replace(event, cards=CardSet(), points=None)
    if isinstance(event, Revoked) and event.seat != seat:
        # The laws: a revoke is a card played; the others find it out, if they do (law 25).
        return CardPlayed(seat=event.seat, card=event.card)
    return event


class Redactions:
    """One seat's redacted log as last shown: the events (the objects), and each as the seat
    saw it, in a tuple that views share until the log changes."""

    __slots__ = ("seen", "source")

    def __init__(self) -> None:
        self.source: list[Event] = []
        self.seen: tuple[Event, ...] = ()


RedactionCache = dict[int | None, Redactions]
"""Per seat (None: a watcher), its :class:`Redactions`."""


def redacted_log(
    cache: RedactionCache, log: Sequence[Event], seat: int | None, face_down: int = 0
) -> tuple[Event, ...]:
    """The events of ``log`` (one hand's, from its deal) as ``seat`` may see them, each
    redacted once; ``face_down``: what the cards that go face down with the first trick taken
    count (a widow), which that trick's :class:`~hearts.events.TrickWon` shows without.

    ``cache`` keeps, per seat, the log of the last call with its redactions; the part of the
    log that is still the same (an undo, or the laws replacing an event, changes it from there
    on) is reused, so a view costs only the events made since the last, and a view with no
    new event gets the same tuple as the one before.

    >>> cache: RedactionCache = {}
    >>> log = [Passed(seat=1, to=2, cards=CardSet.parse("2C 3C 4C"))]
    >>> redacted_log(cache, log, 0)[0].cards, redacted_log(cache, log, 1)[0].cards
    (CardSet.parse(''), CardSet.parse('2C 3C 4C'))
    >>> redacted_log(cache, log, 0) is redacted_log(cache, log, 0)
    True
    """
    kept = cache.get(seat)
    if kept is None:
        kept = cache[seat] = Redactions()
    source = kept.source
    known = len(source)
    # (One comparison in C: the same objects are equal at once, and equal events are redacted
    # alike, so an event only equal to the one shown before may stay.)
    if known > len(log) or log[:known] != source:
        same = next(
            (i for i, (was, now) in enumerate(zip(source, log, strict=False)) if was != now),
            min(known, len(log)),
        )
        del source[same:]
        kept.seen = kept.seen[:same]
        known = same
    if len(log) > known:
        new = log[known:]
        if face_down and any(type(event) is TrickWon for event in source):
            face_down = 0  # (the first trick taken, which the widow went with, is seen already)
        source += new
        if face_down:
            kept.seen += tuple(_seen(new, seat, face_down, lambda dealt: face_down))
        else:
            # (A card played is seen by all as it is: most of a log.)
            kept.seen += tuple(
                [event if type(event) is CardPlayed else redact(event, seat) for event in new]
            )
    return kept.seen


def seen_log(log: Sequence[Event], seat: int | None, rules: Rules, start: int = 0) -> list[Event]:
    """The events of ``log[start:]`` as ``seat`` may see them (None: a watcher): ``log`` is the
    whole truth of a game (:attr:`hearts.Game.events`) or of a hand (:attr:`hearts.Deal.events`)
    from its start, of these rules. Each event is redacted (:func:`redact`) as a seat's view
    redacts it: the first trick taken of a hand whose widow goes with it face down shows its
    points without the widow's (the log's deal says which cards the widow holds).

    >>> from hearts import Game, variants
    >>> game = Game(variants.get("cancellation"), seed=10)     # the Q♠ left over
    >>> while not game.deal.tricks or game.deal.tricks[-1].winner < 0:
    ...     _ = game.play(game.legal_moves()[0])
    >>> first = game.deal.tricks[-1]
    >>> widow = sum(game.rules.values[card] for card in game.deal.widow)
    >>> seen = seen_log(game.events, 0, game.rules)[-1]
    >>> seen.points == first.points - widow == game.view(0).tricks[-1].points, widow
    (True, 13)
    """
    events = log[start:]
    if not goes_with_first_trick(rules):
        return [redact(event, seat) for event in events]
    values = rules.values

    def widow_of(dealt: Dealt) -> int:
        return sum(values[card] for card in dealt.stock)

    pending = 0  # what the widow of the hand at ``start`` counts, until its first trick taken
    for at in range(start - 1, -1, -1):
        event = log[at]
        if type(event) is TrickWon:
            break
        if type(event) is Dealt:
            pending = widow_of(event)
            break
    return list(_seen(events, seat, pending, widow_of))


def _seen(
    events: Sequence[Event], seat: int | None, pending: int, widow_of: Callable[[Dealt], int]
) -> Iterator[Event]:
    """``events`` as ``seat`` sees them, where a widow that counts ``pending`` waits face down
    for the next trick taken (and each deal's widow, ``widow_of`` it, for its first)."""
    for event in events:
        kind = type(event)
        if kind is CardPlayed:
            yield event
            continue
        if kind is Dealt:
            assert isinstance(event, Dealt)
            pending = widow_of(event)
        elif kind is TrickWon and pending:
            yield redact(event, seat, pending)
            pending = 0
            continue
        yield redact(event, seat)
