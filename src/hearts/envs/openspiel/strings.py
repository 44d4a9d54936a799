"""The OpenSpiel observation strings of a seat: its view as lines of text (:func:`view_string`)
and the events it saw, for the information-state string.

>>> from hearts import Game, variants
>>> view_string(Game(variants.get("modern"), seed=7).view(0)).split()[:2]
['seat=0', 'hand_number=0']
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import operator
from collections.abc import Sequence
from typing import Any, Final

from hearts.cards import Card, CardSet, cards_of
from hearts.errors import InvalidCard
from hearts.events import (
    Event,
)
from hearts.hand.core import Trick
from hearts.observation import SeatView

_VIEW_FIELDS: Final = (
    "seat",
    "hand",
    "dealt",
    "passed",
    "received",
    "auction",
    "cancelled",
    "widow",
    "penalties",
    "hand_number",
    "dealer",
    "phase",
    "to_act",
    "pass_direction",
    "leader",
    "trick",
    "tricks",
    "hearts_broken",
    "hand_sizes",
    "tricks_won",
    "stock_size",
    "scores",
    "pool",
    "jack",
)
"""The fields of a view in its observation string: first those of the seat's own (and those
whose text may differ from seat to seat: a widow's face-down cards count in the penalties
only its taker sees), then those every seat sees alike (not its rules,
which the game names; nor the shuffle's commitment, a hash of the whole pack; nor its legal
moves, which follow from the rest)."""
_PRIVATE: Final = 9
"""How many of the fields are the seat's own."""
_PRIVATE_NAMES: Final = _VIEW_FIELDS[:_PRIVATE]
_PUBLIC_NAMES: Final = _VIEW_FIELDS[_PRIVATE:]
_PRIVATE_GET: Final = operator.attrgetter(*_PRIVATE_NAMES)
_PUBLIC_GET: Final = operator.attrgetter(*_PUBLIC_NAMES)


def view_string(
    view: SeatView,
    choosing: CardSet = CardSet(),  # noqa: B008
    *,
    history: bool = True,
    shared: dict[str, str] | None = None,
    order: Sequence[int] = (),
    texts: dict[Any, Any] | None = None,
) -> str:
    """A seat's view as one line per field (and the cards it has chosen so far); with
    ``history``, its information state instead: the standing before the hand, the cards it was
    dealt, passed and received, what it has chosen, then every event of the hand as it saw
    them, one a line, in order (``order``: the cards it chose for its pass or discard, in the
    order chosen, which a seat choosing card by card remembers). ``shared`` keeps the text of
    the fields every seat sees alike, for the other seats' strings of the same state;
    ``texts``, the text of a seat's own fields by their values, for later states.

    >>> from hearts import Game, variants
    >>> text = view_string(Game(variants.get("modern"), seed=1).view(2), history=False)
    >>> text.splitlines()[0], len(text.splitlines())
    ('seat=2', 25)
    >>> text.splitlines()[1]
    'hand=[4C 6C AC 2D 6D AD 4S 9S JS 5H 6H TH QH]'
    >>> view_string(Game(variants.get("modern"), seed=1).view(2)).splitlines()[-1][:29]
    'dealt hand_number=0 dealer=0 '
    """
    if not history:
        public = shared.get("") if shared is not None else None
        if public is None:
            lines = []
            for name, value in zip(_PUBLIC_NAMES, _PUBLIC_GET(view), strict=True):
                if name == "tricks" and texts is not None:
                    # (the same tuple while no trick is added: its text is kept with it)
                    kept = texts.get("tricks")
                    if kept is None or kept[0] is not value:
                        kept = texts["tricks"] = (value, _text(value))
                    lines.append(f"tricks={kept[1]}")
                else:
                    lines.append(_line(name, value, texts))
            public = "\n".join(lines)
            if shared is not None:
                shared[""] = public
        values = _PRIVATE_GET(view)
        passed, received = values[3], values[4]
        key = (
            values[0],
            values[1].mask,
            values[2].mask,
            None if passed is None else passed.mask,
            None if received is None else received.mask,
            values[5],
            values[6].mask,
            values[7],
            values[8],
        )
        private = texts.get(key) if texts is not None else None
        if private is None:
            private = "\n".join(
                [
                    _line(name, value, texts)
                    for name, value in zip(_PRIVATE_NAMES, values, strict=True)
                ]
            )
            if texts is not None:
                if len(texts) > MOST_CACHED:
                    texts.clear()
                texts[key] = private
        return f"{private}\nchoosing={_text(choosing)}\n{public}"
    return header_text(view, choosing, order) + "\n" + events_text(view.events)


def _line(name: str, value: object, texts: dict[Any, Any] | None) -> str:
    """One field's line of an observation string, kept in ``texts`` by the field and its value
    (a field's values are of one kind: equal values, equal texts)."""
    if texts is None:
        return f"{name}={_text(value)}"
    key = (name, value.mask if isinstance(value, CardSet) else value)
    try:
        found: str | None = texts.get(key)
    except TypeError:  # pragma: no cover - every field of a view is a value (hashable)
        return f"{name}={_text(value)}"
    if found is None:
        if len(texts) > MOST_CACHED:
            texts.clear()
        found = texts[key] = f"{name}={_text(value)}"
    return found


def extends_events(events: Sequence[Event], known: Sequence[Event]) -> bool:
    """Whether ``events`` are ``known`` and more, as a table's memos need to know: a hand's
    log only grows while no action is undone (an undo forgets the memos), so its first and
    last events known tell."""
    count = len(known)
    if count > len(events):
        return False
    if not count:
        return True
    first, last = events[0], events[count - 1]
    return (first is known[0] or first == known[0]) and (last is known[-1] or last == known[-1])


def header_key(view: SeatView, choosing: CardSet, order: Sequence[int]) -> tuple[Any, ...]:
    """What the information state's header is made of (equal keys: equal headers)."""
    passed, received = view.passed, view.received
    return (
        view.seat,
        view.dealer,
        view.pass_direction,
        view.hand_number,
        view.scores,
        view.pool,
        view.jack,
        view.dealt.mask,
        -1 if passed is None else passed.mask,
        -1 if received is None else received.mask,
        choosing.mask,
        tuple(order),
    )


def header_text(view: SeatView, choosing: CardSet, order: Sequence[int] = ()) -> str:
    """The information state's lines before the events: the standing before the hand, the
    cards dealt, passed, received and chosen (and the order they were chosen in)."""
    return (
        f"seat={view.seat} hand_number={view.hand_number} dealer={view.dealer} "
        f"pass={view.pass_direction.value} scores={_text(view.scores)} pool={view.pool} "
        f"jack={view.jack}\n"
        f"dealt={_text(view.dealt)}\n"
        f"passed={_text(view.passed)} received={_text(view.received)}\n"
        f"choosing={_text(choosing)} order=[{' '.join(CARD_NAMES[card] for card in order)}]"
    )


def events_text(events: Sequence[Event], memo: tuple[Sequence[Event], str] | None = None) -> str:
    """Events one a line; given the text of earlier events that begin these (a memo), only the
    rest is written."""
    if memo is not None and memo[0] is events:
        return memo[1]
    if memo is not None and extends_events(events, memo[0]):
        done, text = memo
        rest = "\n".join([_event_text(events[i]) for i in range(len(done), len(events))])
        return text + "\n" + rest if text and rest else text or rest
    return "\n".join(map(_event_text, events))


def _text(value: object) -> str:
    """A value as the strings show it: cards by name, enums by value, tuples in brackets."""
    kind = type(value)
    if kind is CardSet:
        assert isinstance(value, CardSet)
        return "[" + cards_text(value.mask) + "]"
    if kind is Card:
        assert isinstance(value, Card)
        return CARD_NAMES[value]
    if kind is int or kind is bool or value is None:
        return str(value)
    if isinstance(value, enum.Enum):
        return str(value.value)
    if kind is Trick:
        return _trick_text(value)
    if isinstance(value, tuple):
        if all(type(item) is int for item in value):
            return "(" + ",".join(map(str, value)) + ")"
        return "(" + ",".join(map(_text, value)) + ")"
    if isinstance(value, Event):
        return _event_text(value)
    return repr(value)


@functools.lru_cache(maxsize=1 << 16)
def _trick_text(trick: Trick) -> str:
    return "(" + ",".join(map(_text, trick)) + ")"


@functools.lru_cache(maxsize=1 << 16)
def _event_text(event: Event) -> str:
    """An event as one line: its kind and every field (the redacted event a seat saw)."""
    names = _FIELD_NAMES.get(type(event))
    if names is None:
        names = _FIELD_NAMES[type(event)] = tuple(f.name for f in dataclasses.fields(event))
    return event.kind + " " + " ".join(f"{name}={_text(getattr(event, name))}" for name in names)


_FIELD_NAMES: dict[type[Event], tuple[str, ...]] = {}


# ---------------------------------------------------------------------------------- parameters


@functools.lru_cache(maxsize=1 << 14)
def cards_text(mask: int) -> str:
    return " ".join(CARD_NAMES[card] for card in cards_of(mask))


def _card_names() -> dict[int, str]:
    names = {}
    for card in range(128):
        try:
            names[card] = str(Card(card))
        except InvalidCard:
            continue
    return names


CARD_NAMES: Final = _card_names()
"""Each card's name, by id."""
MOST_CACHED: Final = 1 << 15
"""The most texts a game keeps (then it forgets them all and starts again)."""
