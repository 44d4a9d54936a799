"""The perfect-recall information state of a seat, as OpenSpiel's tensor: its layout
(:func:`recall_layout`, version :data:`RECALL_VERSION`) and the incremental writer a state keeps.

>>> from hearts import variants
>>> list(recall_layout(variants.get("modern")))[:3]
['seat', 'dealer', 'direction']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from hearts.cards import CardSet, cards_of
from hearts.envs.openspiel.strings import MOST_CACHED, extends_events, header_key
from hearts.errors import HeartsError
from hearts.events import (
    BidMade,
    CardPlayed,
    CardsKept,
    Dealt,
    Discarded,
    Event,
    HandOver,
    MoonChosen,
    MoonShot,
    Passed,
    StockDrawn,
    SuitNamed,
    TrickCarried,
    TrickWon,
)
from hearts.observation import SeatView
from hearts.rules import (
    PassDirection,
    Rules,
    Widow,
)

RECALL_VERSION: Final = 1
"""The version of the information-state tensor's layout (:func:`recall_layout`)."""
_OTHER_KINDS: Final = (
    Passed,
    Discarded,
    CardsKept,
    StockDrawn,
    MoonShot,
    MoonChosen,
    BidMade,
    SuitNamed,
)
"""The events of a hand a seat sees besides the cards played and the tricks, in the order of
their one-hot ``kind`` in an ``other`` slot."""
_KIND_AT: Final = {kind: at for at, kind in enumerate(_OTHER_KINDS)}
_UNWRITTEN: Final = (Dealt, TrickWon, TrickCarried)
"""Events a slot does not repeat: the deal (the ``dealt`` field has the seat's cards) and each
trick's end (who wins a trick, and what it counts, follow from the cards played)."""
_WORDS: Final = ("clubs", "diamonds", "spades", "hearts", "old", "new")
"""The words an event may hold: a suit named, a moon choice."""
_WORD_AT: Final = {word: at for at, word in enumerate(_WORDS)}
_OTHER_FIELDS: Final = ("to",)
"""Fields that name a second seat: who a pass goes to."""


def _fields_of(kind: type[Event]) -> tuple[str, ...]:
    return tuple(field.name for field in dataclasses.fields(kind))


_FIELDS: Final[dict[type[Event], tuple[str, ...]]] = {
    kind: _fields_of(kind) for kind in _OTHER_KINDS
}


def _max_others(rules: Rules) -> int:
    """More events than one hand shows a seat besides its cards played and tricks: every card
    drawn from the stock, and per seat a pass, a bid, a discard and the cards kept, with the
    moon shot and chosen and a suit named."""
    stock = rules.pack.bit_count() - rules.hand_size * rules.dealt_seats
    return stock + 4 * rules.players + 3


def _chosen_most(rules: Rules) -> int:
    """The most cards a seat chooses one by one in a hand: its pass and a discard as large as
    the cards left over (the widow)."""
    left_over = rules.pack.bit_count() - rules.hand_size * rules.dealt_seats
    return rules.pass_count + (left_over if rules.widow is not Widow.NONE else 0)


def _other_size(rules: Rules) -> int:
    return len(_OTHER_KINDS) + 2 * rules.players + rules.pack.bit_count() + 3 + len(_WORDS)


def recall_layout(rules: Rules) -> dict[str, slice]:
    """The fields of the information-state tensor and their slices (layout version
    :data:`RECALL_VERSION`; :mod:`hearts.envs.openspiel` says what they mean).

    >>> from hearts import variants
    >>> fields = recall_layout(variants.get("modern"))
    >>> fields["dealt"], fields["plays"], fields["others"].stop
    (slice(19, 71, None), slice(392, 3304, None), 4767)
    """
    players = rules.players
    cards = rules.pack.bit_count()
    sizes = [
        ("seat", players),
        ("dealer", players),
        ("direction", len(PassDirection)),
        ("hand_number", 1),
        ("scores", players),
        ("pool", 1),
        ("jack", 1),
        ("dealt", cards),
        ("passed", cards),
        ("received", cards),
        ("choosing", cards),
        ("order", _chosen_most(rules) * cards),
        ("over", 1),
        ("penalties", players),
        ("points", players),
        ("plays", cards * (players + cards)),
        ("others", _max_others(rules) * _other_size(rules)),
    ]
    out: dict[str, slice] = {}
    at = 0
    for name, size in sizes:
        out[name] = slice(at, at + size)
        at += size
    return out


RecallMemo = tuple[Sequence[Event], np.ndarray, int, int, HandOver | None, Any]
"""A seat's last information-state tensor: the events it holds, the tensor, the plays and other
events written, the hand's end if seen, and what its header was made of."""
"""A seat's last information-state tensor: the events it holds, the tensor, the plays and
other events written, and the hand's end if seen."""


class Recall:
    """Writes a seat's information-state tensor (see :func:`recall_layout`), from its view and
    the cards it has chosen; given the tensor of an earlier view of the same hand (a memo),
    only the events since are written."""

    __slots__ = (
        "blank",
        "fields",
        "header",
        "heads",
        "kinds",
        "other",
        "others",
        "places",
        "play",
        "players",
        "size",
    )

    def __init__(self, rules: Rules) -> None:
        self.fields = recall_layout(rules)
        self.size = self.fields["others"].stop
        self.header = self.fields["plays"].start
        self.players = rules.players
        self.places: dict[int, int] = {
            int(card): at for at, card in enumerate(cards_of(rules.pack))
        }
        self.play = self.players + len(self.places)
        self.other = _other_size(rules)
        self.others = _max_others(rules)
        self.kinds: dict[Event, tuple[list[int], list[float]]] = {}
        """Per event, the places and values it writes in its slot (events are values: the
        same event writes the same)."""
        self.blank = np.zeros(self.size, np.float32)
        self.blank.flags.writeable = False
        self.heads: dict[tuple[Any, ...], np.ndarray] = {}
        """The header (the fields before the plays) of each seat's tensors, by what it is made
        of (emptied when large)."""

    def _cards(self, out: np.ndarray, at: int, cards: Any) -> None:
        places = self.places
        for card in cards:
            out[at + places[card]] = 1.0

    def write(
        self,
        view: SeatView,
        choosing: CardSet,
        order: Sequence[int],
        memo: RecallMemo | None,
        head_key: tuple[Any, ...] | None = None,
    ) -> RecallMemo:
        """The tensor of ``view`` (and the cards chosen so far for a pass or discard), with the
        events it holds and the plays and other events written (the memo of the next call);
        ``head_key``: :func:`header_key` of these, when the caller has it."""
        events = view.events
        done = plays = others = 0
        over: HandOver | None = None
        if memo is not None and extends_events(events, memo[0]):
            done, plays, others, over = len(memo[0]), memo[2], memo[3], memo[4]
            out = memo[1].copy()
        else:
            out = np.zeros(self.size, np.float32)
        for index in range(done, len(events)):
            if type(events[index]) is HandOver:
                over = events[index]  # type: ignore[assignment]
        if head_key is None:
            head_key = header_key(view, choosing, order)
        key = (head_key, over)
        if memo is None or not done or memo[5] != key:  # (the memo's header is not this one)
            head = self.heads.get(key)
            if head is None:
                head = self.header_text(view, choosing, order, over)
                if len(self.heads) > MOST_CACHED:
                    self.heads.clear()
                self.heads[key] = head
            out[: self.header] = head
        f = self.fields
        play_at = f["plays"].start
        other_at = f["others"].start
        players = self.players
        for index in range(done, len(events)):
            event = events[index]
            kind = type(event)
            if kind is CardPlayed:
                assert isinstance(event, CardPlayed)
                start = play_at + plays * self.play
                out[start + event.seat] = 1.0
                out[start + players + self.places[event.card]] = 1.0
                plays += 1
                continue
            if kind in _UNWRITTEN or kind is HandOver:
                continue
            if others >= self.others:  # pragma: no cover - _max_others bounds a hand's events
                raise HeartsError(f"more than {self.others} other events in one hand")
            places, values = self._placed(event)
            start = other_at + others * self.other
            out[[start + place for place in places]] = values
            out[start + self.other - 1] = plays  # where it comes among the cards played
            others += 1
        return events, out, plays, others, over, key

    def header_text(
        self, view: SeatView, choosing: CardSet, order: Sequence[int], over: HandOver | None
    ) -> np.ndarray:
        """The fields before the plays: the seat, the standing, its cards, the hand's end."""
        out = np.zeros(self.header, np.float32)
        f = self.fields
        out[f["seat"].start + view.seat] = 1.0
        out[f["dealer"].start + view.dealer] = 1.0
        out[f["direction"].start + _DIRECTION_INDEX[view.pass_direction]] = 1.0
        out[f["hand_number"].start] = view.hand_number
        out[f["scores"]] = view.scores
        out[f["pool"].start] = view.pool
        out[f["jack"].start] = float(view.jack)
        self._cards(out, f["dealt"].start, view.dealt)
        if view.passed is not None:
            self._cards(out, f["passed"].start, view.passed)
        if view.received is not None:
            self._cards(out, f["received"].start, view.received)
        self._cards(out, f["choosing"].start, choosing)
        cards = len(self.places)
        for at, card in enumerate(order):
            out[f["order"].start + at * cards + self.places[card]] = 1.0
        if over is not None:
            out[f["over"].start] = 1.0
            out[f["penalties"]] = over.penalties
            out[f["points"]] = over.points
        out.flags.writeable = False
        return out

    def _placed(self, event: Event) -> tuple[list[int], list[float]]:
        """Where ``event`` writes in its slot, and what (its place among the plays aside)."""
        try:
            found = self.kinds.get(event)
        except TypeError:  # pragma: no cover - every event is hashable
            found = None
        if found is not None:
            return found
        kind = type(event)
        at = _KIND_AT.get(kind)
        if at is None:
            raise HeartsError(f"the information-state tensor has no place for {event!r}")
        players = self.players
        kinds = len(_OTHER_KINDS)
        cards_at = kinds + 2 * players
        number_at = cards_at + len(self.places)
        word_at = number_at + 2
        places = [at]
        values = [1.0]
        for name in _FIELDS[kind]:
            value = getattr(event, name)
            if name == "seat":
                if value >= 0:
                    places.append(kinds + value)
                    values.append(1.0)
            elif name in _OTHER_FIELDS:
                places.append(kinds + players + value)
                values.append(1.0)
            elif name == "card":
                if value is None:
                    places.append(number_at + 1)
                else:
                    places.append(cards_at + self.places[value])
                values.append(1.0)
            elif name == "cards":
                for card in value:
                    places.append(cards_at + self.places[card])
                    values.append(1.0)
            elif name in ("points", "amount"):
                places.append(number_at + (value is None))
                values.append(1.0 if value is None else float(value))
            elif name in ("suit", "choice"):
                places.append(word_at + _WORD_AT[value])
                values.append(1.0)
            else:  # pragma: no cover - every field of these events is placed above
                raise HeartsError(f"the information-state tensor has no place for {name}")
        found = (places, values)
        if len(self.kinds) < 1 << 16:
            self.kinds[event] = found
        return found


_DIRECTION_INDEX: Final = {direction: at for at, direction in enumerate(PassDirection)}


# ------------------------------------------------------------------------------ utility bounds
