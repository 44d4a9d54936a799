"""Events: the log that is a game's truth.

Every change of a deal or a game appends one frozen event. A game is rebuilt from its rules, its
seed and the moves among its events (:func:`move_of` reads the move an event stands for;
:func:`hearts.record.load` replays them); replays, records and the faces' animations all read
this log. Each event turns into plain JSON data and back.

>>> from hearts.cards import Card
>>> event = CardPlayed(seat=2, card=Card.parse("QS"))
>>> event.to_dict()
{'kind': 'card_played', 'seat': 2, 'card': 'QS'}
>>> Event.from_dict(event.to_dict()) == event
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from hearts.cards import Card, CardSet
from hearts.errors import HeartsError, InvalidRecord
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

__all__ = [
    "Event",
    "DealerCut",
    "ShuffleCommitted",
    "Dealt",
    "Passed",
    "CardPlayed",
    "TrickWon",
    "TrickCarried",
    "StockDrawn",
    "MoonShot",
    "MoonChosen",
    "BidMade",
    "SuitNamed",
    "HandOver",
    "HandSettled",
    "GameOver",
    "Discarded",
    "CardsKept",
    "Revoked",
    "RevokeCorrected",
    "RevokeClaimed",
    "ClaimJudged",
    "CardCalled",
    "Gathered",
    "EVENT_KINDS",
    "move_of",
    "first_difference",
]


@dataclasses.dataclass(frozen=True, slots=True)
class Event:
    """Base of every event; ``kind`` names it in records."""

    kind: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        """The event as JSON data: ``kind`` and its fields (cards by name)."""
        data: dict[str, Any] = {"kind": self.kind}
        for field in dataclasses.fields(self):
            data[field.name] = _ENCODE[str(field.type)](getattr(self, field.name))
        return data

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Event:
        """The event that :meth:`to_dict` wrote; a bad field is refused by name."""
        if not isinstance(data, Mapping):
            raise InvalidRecord(f"an event must be a JSON object, not {type(data).__name__}")
        kind = data.get("kind")
        cls = EVENT_KINDS.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise InvalidRecord(f"kind={kind!r} is not an event kind")
        names = {field.name for field in dataclasses.fields(cls)}
        extra = set(data) - names - {"kind"}
        if extra:
            raise InvalidRecord(f"{kind} event has unknown field {sorted(extra)[0]!r}")
        values: dict[str, Any] = {}
        for field in dataclasses.fields(cls):
            if field.name not in data:
                raise InvalidRecord(f"{kind} event lacks the field {field.name!r}")
            try:
                values[field.name] = _DECODE[str(field.type)](data[field.name])
            except (HeartsError, TypeError, ValueError, AttributeError) as error:
                raise InvalidRecord(
                    f"{kind} event field {field.name!r} is wrong: {data[field.name]!r} ({error})"
                ) from None
        return cls(**values)


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError("not a whole number")
    return value


def _optional_int(value: Any) -> int | None:
    return None if value is None else _int(value)


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError("not true or false")
    return value


def _str(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError("not a string")
    return value


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise TypeError("not a list")
    return list(value)


_ENCODE: dict[str, Callable[[Any], Any]] = {
    "int": lambda v: v,
    "int | None": lambda v: v,
    "bool": lambda v: v,
    "str": lambda v: v,
    "Card": str,
    "Card | None": lambda v: None if v is None else str(v),
    "CardSet": str,
    "tuple[int, ...]": list,
    "tuple[Card, ...]": lambda v: [str(c) for c in v],
    "tuple[CardSet, ...]": lambda v: [str(c) for c in v],
    "tuple[tuple[int, Card], ...]": lambda v: [[s, str(c)] for s, c in v],
}
_DECODE: dict[str, Callable[[Any], Any]] = {
    "int": _int,
    "int | None": _optional_int,
    "bool": _bool,
    "str": _str,
    "Card": lambda v: Card.parse(_str(v)),
    "Card | None": lambda v: None if v is None else Card.parse(_str(v)),
    "CardSet": lambda v: CardSet.parse(_str(v)),
    "tuple[int, ...]": lambda v: tuple(_int(x) for x in _list(v)),
    "tuple[Card, ...]": lambda v: tuple(Card.parse(_str(x)) for x in _list(v)),
    "tuple[CardSet, ...]": lambda v: tuple(CardSet.parse(_str(x)) for x in _list(v)),
    "tuple[tuple[int, Card], ...]": lambda v: tuple(
        (_int(s), Card.parse(_str(c))) for s, c in (_list(p) for p in _list(v))
    ),
}


@dataclasses.dataclass(frozen=True, slots=True)
class DealerCut(Event):
    """Seats cut for the first deal (laws 1–2): each round's cuts, ace low; the lowest deals."""

    kind: ClassVar[str] = "dealer_cut"
    cuts: tuple[tuple[int, Card], ...]
    """(seat, card) for every card cut, in order; tied seats appear again in later rounds."""
    dealer: int


@dataclasses.dataclass(frozen=True, slots=True)
class ShuffleCommitted(Event):
    """The shuffled pack is committed to before the pone cuts: a hash that reveals nothing.

    ``commitment`` is :func:`hearts.table.commit` of the shuffled order, a salt derived from the
    game's seed and the hand number; the seed, revealed in the record, lets anyone check it.
    """

    kind: ClassVar[str] = "shuffle_committed"
    hand_number: int
    dealer: int
    commitment: str
    """sha256, 64 hex digits."""


@dataclasses.dataclass(frozen=True, slots=True)
class Dealt(Event):
    """A hand was shuffled, cut by the pone and dealt (laws 5–8). Seen whole only by the referee."""

    kind: ClassVar[str] = "dealt"
    hand_number: int
    dealer: int
    cut: int | None
    """Cards the pone lifted (None: the pone declined to cut)."""
    pass_direction: str
    hands: tuple[CardSet, ...]
    stock: tuple[Card, ...]
    """The undealt cards, top first (two-handed; with two packs, the widow)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Passed(Event):
    """A seat laid out the cards it passes (they reach ``to`` when every seat has passed)."""

    kind: ClassVar[str] = "passed"
    seat: int
    cards: CardSet
    to: int


@dataclasses.dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """A seat played a card to the trick."""

    kind: ClassVar[str] = "card_played"
    seat: int
    card: Card


@dataclasses.dataclass(frozen=True, slots=True)
class Revoked(CardPlayed):
    """The laws option: a seat played a card the laws forbid: off the suit led while holding it
    (law 22), or not the exposed card lawfully called (law 27). It is a card played like any
    other: the other seats see a :class:`CardPlayed` (a revoke is not announced; it is found
    out, and claimed, laws 25–26); the revoker and the record see the revoke."""

    kind: ClassVar[str] = "revoked"


@dataclasses.dataclass(frozen=True, slots=True)
class RevokeCorrected(Event):
    """The laws option (law 22): before the trick was complete, ``seat`` took back ``card``, the
    card it revoked with, which is now an exposed card; the seats that had played after it took
    back theirs (``withdrawn``, not exposed). ``seat`` plays again."""

    kind: ClassVar[str] = "revoke_corrected"
    seat: int
    card: Card
    withdrawn: tuple[tuple[int, Card], ...]


@dataclasses.dataclass(frozen=True, slots=True)
class RevokeClaimed(Event):
    """The laws option (laws 25–26): ``seat`` claimed that ``accused`` has revoked this hand.

    The claim is recorded, public, and says nothing of whether it is true: it is judged when
    the hand has been played out (law 23), by a search of the tricks (law 25), in a
    :class:`ClaimJudged` when the gathering begins; a claim made during the gathering is
    judged at once. (Records written before claims were judged so, by earlier versions of
    hearts, hold only claims that were true when made, proven at once, and no judgement: they
    are still read, see :func:`hearts.record.as_recorded`.)"""

    kind: ClassVar[str] = "revoke_claimed"
    seat: int
    accused: int


@dataclasses.dataclass(frozen=True, slots=True)
class ClaimJudged(Event):
    """The laws option (laws 23–25): the claim ``seat`` made that ``accused`` revoked, judged
    when the hand has been played out by searching the tricks. ``revokes`` are what the search
    found: the accused's revokes made before the claim and not corrected in time (law 22), as
    (trick number from 0, card). ``upheld``: it found one, and the revoke is established (the
    revoker pays all the losses of the hand, laws 23–24); else the claim is void, with no
    penalty for anyone (our reading: the laws name none, docs/rules.md §8.1)."""

    kind: ClassVar[str] = "claim_judged"
    seat: int
    accused: int
    upheld: bool
    revokes: tuple[tuple[int, Card], ...]


@dataclasses.dataclass(frozen=True, slots=True)
class CardCalled(Event):
    """The laws option (law 19): ``seat`` called ``owner``'s exposed ``card``, which ``owner``
    must play now if he can without revoking."""

    kind: ClassVar[str] = "card_called"
    seat: int
    owner: int
    card: Card


@dataclasses.dataclass(frozen=True, slots=True)
class Gathered(Event):
    """The laws option (laws 25–26): ``seat`` let the cards be gathered for the next deal."""

    kind: ClassVar[str] = "gathered"
    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """A trick was completed and taken: its cards in play order, from the leader.

    ``points`` are all the winner took with it: with two packs, also those of the widow (first
    trick taken) and of any trick carried to it (:class:`TrickCarried`). A widow that goes with
    the first trick taken lies face down: no seat sees its cards, so every seat's view of this
    event counts only the cards it saw (:func:`hearts.observation.redact`); the widow's points
    show in the hand's result."""

    kind: ClassVar[str] = "trick_won"
    seat: int
    leader: int
    cards: tuple[Card, ...]
    points: int


@dataclasses.dataclass(frozen=True, slots=True)
class TrickCarried(Event):
    """Cancellation Hearts (docs/rules.md §7.5): every card of the suit led was cancelled by its twin,
    so nobody won the trick; it stays on the table for the seat that takes the next trick, and
    its leader leads again. ``points`` are its own cards' (that seat's ``TrickWon`` counts them)."""

    kind: ClassVar[str] = "trick_carried"
    leader: int
    cards: tuple[Card, ...]
    points: int

    @property
    def seat(self) -> int:
        """Nobody took this trick: -1 (as the ``winner`` of its :class:`~hearts.deal.Trick`)."""
        return -1


@dataclasses.dataclass(frozen=True, slots=True)
class Discarded(Event):
    """Heartsette (docs/rules.md §5.5): the winner of the first trick took the widow into his hand and
    laid as many cards face down; they count against him (seen only by that seat: the others
    see the event with no cards and ``points`` None, :func:`hearts.observation.redact`; what the
    discards count shows in the hand's result)."""

    kind: ClassVar[str] = "discarded"
    seat: int
    cards: CardSet
    points: int | None
    """What the discards count against the seat (None in another seat's view: face down)."""


@dataclasses.dataclass(frozen=True, slots=True)
class CardsKept(Event):
    """Domino Hearts (docs/rules.md §5.6.4): the last seat holding cards keeps them, with what was
    left in the stock, as its taken cards (face up: they are counted)."""

    kind: ClassVar[str] = "cards_kept"
    seat: int
    cards: CardSet
    points: int


@dataclasses.dataclass(frozen=True, slots=True)
class StockDrawn(Event):
    """A seat drew the top card of the stock (two-handed, after each trick; Domino Hearts, to
    follow suit). Only that seat sees the card; the others see a card drawn face down
    (``card`` None, :func:`hearts.observation.redact`): in Domino Hearts, how many cards a seat
    drew before it followed is seen by all."""

    kind: ClassVar[str] = "stock_drawn"
    seat: int
    card: Card | None


@dataclasses.dataclass(frozen=True, slots=True)
class MoonShot(Event):
    """A seat took every card that counts against it: it shot the moon."""

    kind: ClassVar[str] = "moon_shot"
    seat: int


@dataclasses.dataclass(frozen=True, slots=True)
class MoonChosen(Event):
    """The shooter chose how the moon is scored: ``old`` or ``new``."""

    kind: ClassVar[str] = "moon_chosen"
    seat: int
    choice: str


@dataclasses.dataclass(frozen=True, slots=True)
class BidMade(Event):
    """Auction Hearts (law 30): a seat bid counters for the right to name the suit (0: passed)."""

    kind: ClassVar[str] = "bid_made"
    seat: int
    amount: int


@dataclasses.dataclass(frozen=True, slots=True)
class SuitNamed(Event):
    """Auction Hearts: the suit to avoid this hand, named by ``seat`` (-1: nobody bid, so hearts)."""

    kind: ClassVar[str] = "suit_named"
    seat: int
    suit: str
    """The suit's name: ``clubs``, ``diamonds``, ``spades`` or ``hearts``."""


@dataclasses.dataclass(frozen=True, slots=True)
class HandOver(Event):
    """The last trick is taken: penalty units per seat, and this hand's points (points games)."""

    kind: ClassVar[str] = "hand_over"
    penalties: tuple[int, ...]
    points: tuple[int, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class HandSettled(Event):
    """The hand is settled: each seat's change, totals after, and the pool (counters games)."""

    kind: ClassVar[str] = "hand_settled"
    hand_number: int
    deltas: tuple[int, ...]
    totals: tuple[int, ...]
    pool: int
    jack: bool


@dataclasses.dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game is over: the winners (more than one when they share) and the final totals."""

    kind: ClassVar[str] = "game_over"
    winners: tuple[int, ...]
    totals: tuple[int, ...]


def move_of(event: Event, index: int = 0) -> tuple[int, Move] | None:
    """The (seat, move) a recorded event stands for, or None for what the engine logs itself;
    ``index`` (the event's place in a record) names it when its value is bad.

    >>> from hearts.events import BidMade, TrickWon
    >>> move_of(BidMade(seat=2, amount=5))
    (2, Bid(5))
    >>> move_of(TrickWon(seat=1, leader=0, cards=(), points=0)) is None
    True
    """
    if isinstance(event, Revoked):
        return event.seat, Revoke(event.card)
    if isinstance(event, CardPlayed):
        return event.seat, event.card
    if isinstance(event, RevokeCorrected):
        return event.seat, Correct()
    if isinstance(event, RevokeClaimed):
        return event.seat, Claim(event.accused)
    if isinstance(event, CardCalled):
        return event.seat, Call(event.card)
    if isinstance(event, Gathered):
        return event.seat, Gather()
    if isinstance(event, Passed):
        return event.seat, Pass(event.cards)
    if isinstance(event, Discarded):
        return event.seat, Discard(event.cards)
    if isinstance(event, MoonChosen):
        try:
            return event.seat, MoonChoice(event.choice)
        except ValueError:
            raise InvalidRecord(
                f"event {index} (moon_chosen): the choice must be 'old' or 'new', not "
                f"{event.choice!r}"
            ) from None
    if isinstance(event, BidMade):
        try:
            return event.seat, Bid(event.amount)
        except HeartsError as error:
            raise InvalidRecord(f"event {index} (bid_made): {error}") from None
    if isinstance(event, SuitNamed):
        if event.seat == -1:
            return None  # nobody bid: the engine names hearts itself (docs/rules.md §5.1.8)
        try:
            return event.seat, NameSuit(event.suit)
        except HeartsError as error:
            raise InvalidRecord(f"event {index} (suit_named): {error}") from None
    return None


def _fast_init(cls: type[Event]) -> None:
    """Give a frozen event class an ``__init__`` that sets its slots through their descriptors.

    The dataclass's own ``__init__`` goes through ``object.__setattr__`` for every field, which
    is several times slower; events are made on the engine's hot path (a trick won, a card
    played). The instances stay frozen: ``__setattr__`` still refuses every change.
    """
    names = [field.name for field in dataclasses.fields(cls)]
    # (A field's slot lives in the class that declared it: Revoked's are CardPlayed's.)
    slots = {
        name: next(k.__dict__[name] for k in cls.__mro__ if name in k.__dict__) for name in names
    }
    setters = {f"_set_{name}": slots[name].__set__ for name in names}
    body = "".join(f"    _set_{name}(self, {name})\n" for name in names) or "    pass\n"
    source = f"def __init__(self, {', '.join(names)}):\n{body}"
    namespace: dict[str, Any] = {}
    exec(source, setters, namespace)  # generated from the class's own field names
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]


EVENT_KINDS: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (
        DealerCut,
        ShuffleCommitted,
        Dealt,
        Passed,
        CardPlayed,
        Revoked,
        RevokeCorrected,
        RevokeClaimed,
        ClaimJudged,
        CardCalled,
        Gathered,
        TrickWon,
        TrickCarried,
        Discarded,
        CardsKept,
        StockDrawn,
        MoonShot,
        MoonChosen,
        BidMade,
        SuitNamed,
        HandOver,
        HandSettled,
        GameOver,
    )
}
"""Every event class by its ``kind``."""

for _cls in EVENT_KINDS.values():
    _fast_init(_cls)


def first_difference(ours: Event, theirs: Event) -> tuple[str, Any, Any] | None:
    """Where two events of one kind first differ, as (field, our value, their value) in JSON
    terms (a list field narrowed to its first differing item, ``cards[1]``); None if equal.

    >>> first_difference(CardPlayed(0, Card.parse("QS")), CardPlayed(0, Card.parse("4C")))
    ('card', 'QS', '4C')
    """
    mine, other = ours.to_dict(), theirs.to_dict()
    for key, value in mine.items():
        if value != other.get(key):
            where, other_value = key, other.get(key)
            if isinstance(value, list) and isinstance(other_value, list):
                for at, (a, b) in enumerate(zip(value, other_value, strict=False)):
                    if a != b:
                        return f"{key}[{at}]", a, b
            return where, value, other_value
    return None
