"""The JSON form of what a client may know, built from the core's views only.

:func:`seat_view` writes a :class:`~hearts.observation.SeatView` (one seat's), :func:`public_view`
a :class:`~hearts.observation.PublicView` (a watcher's: no card of any hand). Cards go by name
(``QS``; a second pack's card ``QS'``, the joker ``JK``), events by
:meth:`~hearts.events.Event.to_dict`, the rules by :meth:`~hearts.rules.Rules.to_dict` with the
preset's name, moves by their text (:func:`hearts.moves.move_text`), which the core reads back
(:func:`move_from_wire`). Nothing of a :class:`~hearts.deal.Deal` or a
:class:`~hearts.game.Game` goes in: a view holds all a client may see, and no more.

The data is written to be sent (``json.dumps``, or a :mod:`hearts.server.protocol` message):
its events and rules are shared between the views that hold them, so treat it as read-only.

>>> from hearts import Game, variants
>>> game = Game(variants.get("modern"), seed=1)
>>> data = seat_view(game.view(0))
>>> data["preset"], data["phase"], data["hand"][:3], data["choose"]["count"]
('modern', 'pass', ['2C', '9C', '7D'], 3)
>>> "hand" in public_view(game.public_view())
False
>>> move_from_wire("pass 2c 9c 7d")
Pass(CardSet.parse('2C 9C 7D'))
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from hearts import words
from hearts.cards import Card
from hearts.deal import PassChoices, Trick
from hearts.errors import HeartsError
from hearts.events import Dealt, Event, HandOver, HandSettled, TrickCarried, TrickWon
from hearts.hand.cancellation import cancelled_in
from hearts.hand.widow import WidowView
from hearts.moves import Discard, Move, move_text, parse_move
from hearts.observation import AuctionView, LawsView, PublicView, SeatView, seen_log
from hearts.rules import Rules
from hearts.server.protocol import MAX_TEXT, ProtocolError
from hearts.variants import VARIANTS, name_of

__all__ = [
    "card_names",
    "preset_of",
    "public_view",
    "seat_view",
    "seen_events",
    "tell_view",
    "told_events",
    "hand_results",
    "move_to_wire",
    "move_from_wire",
]


def card_names(cards: Iterable[Card]) -> list[str]:
    """Cards by name, in the order given (a :class:`CardSet` sorts them by suit and rank)."""
    return [str(card) for card in cards]


def preset_of(rules: Rules) -> str | None:
    """The name of the preset these rules are (or ``"<preset> by the laws"``), or None.

    >>> from hearts import variants
    >>> preset_of(variants.get("howell")), preset_of(variants.get("howell").replace(target=50))
    ('howell', None)
    """
    name = name_of(rules)
    if name in VARIANTS or name.endswith(" by the laws"):
        return name
    return None


def public_view(view: PublicView) -> dict[str, Any]:
    """What anyone at the table may know, a watcher too: a :class:`PublicView` as JSON data
    (docs/protocol.md, "The view")."""
    if not isinstance(view, PublicView):
        raise TypeError(f"public_view writes a PublicView, not {type(view).__name__}")
    return _common(view)


def seat_view(view: SeatView) -> dict[str, Any]:
    """What one seat may know: a :class:`SeatView` as JSON data, the public part and the seat's
    own cards and moves (a pass or discard as one choice, ``choose``)."""
    if not isinstance(view, SeatView):
        raise TypeError(f"seat_view writes a SeatView, not {type(view).__name__}")
    data = _common(view)
    moves = view.legal_moves
    choose: dict[str, Any] | None = None
    texts: list[str] = []
    if (
        isinstance(moves, PassChoices)
        and len(moves) > 0
        and len(moves) == math.comb(len(view.hand), moves.per_choice)
    ):
        # Every way to choose per_choice cards of the hand: say so, not hundreds of texts.
        choose = {
            "move": "discard" if isinstance(moves[0], Discard) else "pass",
            "count": moves.per_choice,
            "cards": card_names(view.hand),
        }
    else:
        texts = [move_text(move) for move in moves]
    data.update(
        seat=view.seat,
        hand=card_names(view.hand),
        dealt=card_names(view.dealt),
        passed=None if view.passed is None else card_names(view.passed),
        received=None if view.received is None else card_names(view.received),
        legal_moves=texts,
        choose=choose,
        outcome_fixed=view.outcome_fixed,
    )
    return data


def seen_events(
    log: Sequence[Event], seat: int | None, rules: Rules, since: int = 0
) -> list[dict[str, Any]]:
    """The events of a game's log (``log``: the whole of it, of these ``rules``) from ``since``
    on, as ``seat`` may see them (None: a watcher), as JSON data: the other hands blanked,
    others' draws and discards face down, the points of cards face down left out
    (:func:`hearts.observation.seen_log`, the redaction of every view). A state message carries
    the events since the client's last one with it (docs/protocol.md, "State").

    >>> from hearts import Game, variants
    >>> game = Game(variants.get("modern"), seed=1)
    >>> [event["kind"] for event in seen_events(game.events, None, game.rules)]
    ['shuffle_committed', 'dealt']
    >>> seen_events(game.events, None, game.rules, since=1)[0]["hands"]
    ['', '', '', '']
    """
    return [_event_data(event) for event in seen_log(log, seat, rules, since)]


def told_events(
    log: Sequence[Event],
    seat: int | None,
    rules: Rules,
    names: Sequence[str],
    since: int = 0,
) -> list[dict[str, Any]]:
    """:func:`seen_events`, each with its ``text``: the event in words for ``seat`` and the
    table's ``names`` (:mod:`hearts.words`), worded from the event as the seat sees it. What a
    sentence needs of the hand's events before ``since`` (a trick's number, whether a card
    leads) is followed from them without reading their cards.

    >>> from hearts import Game, variants
    >>> game = Game(variants.get("modern"), seed=1)
    >>> [e["text"][:22] for e in told_events(game.events, 2, game.rules, ["Ann", "Bob"], since=1)]
    ['Ann deals hand 1: the ']
    """
    teller = words.Teller(names, seat, rules)
    start = since
    while start > 0 and not isinstance(log[start - 1], Dealt):
        start -= 1
    for event in log[max(start - 1, 0) : since]:
        teller.follow(event)
    return [
        {**_event_data(event), "text": teller(event)} for event in seen_log(log, seat, rules, since)
    ]


def tell_view(data: dict[str, Any], view: SeatView | PublicView, names: Sequence[str]) -> None:
    """Give each of a view's events (``data``: the view's JSON data) its ``text``, worded for the
    view's seat (a watcher's: nobody's) from the view's own events (:mod:`hearts.words`)."""
    seat = view.seat if isinstance(view, SeatView) else None
    named = tuple(names)
    teller = words.Teller(names, seat, view.rules)
    told = []
    for item, event in zip(data["events"], view.events, strict=True):
        # (a view's events are the same objects from one view to the next: each is worded once
        # for a seat and its table's names, the teller only following it after that)
        key = (id(event), seat, named)
        kept = _TOLD.get(key)
        if kept is not None and kept[0] is event:
            teller.follow(event)
            text = kept[1]
        else:
            text = teller(event)
            if len(_TOLD) >= 100_000:
                _TOLD.clear()
            _TOLD[key] = (event, text)
        told.append({**item, "text": text})
    data["events"] = told


_TOLD: dict[tuple[int, int | None, tuple[str, ...]], tuple[Event, str]] = {}
"""Each view event's words, by the event (its identity: an entry holds it, so the id is not
reused while it is kept), the seat and the table's names (:func:`tell_view`)."""


def hand_results(events: Iterable[Event]) -> list[dict[str, Any]]:
    """Every finished hand's result in a game's log, as the game settled it: the hand's number,
    the penalty units and points of its ``hand_over``, the deltas and totals after it of its
    ``hand_settled`` (:class:`~hearts.server.protocol.HandResult`'s fields). Only what the
    events say: nothing is scored here. A hand over but not yet settled (its shooter still to
    choose how the moon is scored) is not in it yet. Both events are public: a watcher's list
    is a seat's.

    >>> import random
    >>> from hearts import Game, variants
    >>> game = Game(variants.get("classic").replace(end="deals", deals=1), seed=2)
    >>> rng = random.Random(0)
    >>> while not game.is_over:
    ...     _ = game.play(rng.choice(list(game.legal_moves())))
    >>> [result] = hand_results(game.events)
    >>> result["hand_number"], result["totals"] == list(game.scores), len(result["penalties"])
    (0, True, 4)
    """
    results: list[dict[str, Any]] = []
    over: HandOver | None = None
    for event in events:
        if isinstance(event, HandOver):
            over = event
        elif isinstance(event, HandSettled):
            results.append(
                {
                    "hand_number": event.hand_number,
                    "penalties": [] if over is None else list(over.penalties),
                    "points": [] if over is None else list(over.points),
                    "deltas": list(event.deltas),
                    "totals": list(event.totals),
                }
            )
            over = None
    return results


def move_to_wire(move: Move) -> str:
    """A move's text (:func:`hearts.moves.move_text`): what a client sends to make it."""
    return move_text(move)


def move_from_wire(text: object) -> Move:
    """The move a client's text names, read by the core (:func:`hearts.parse_move`); text that
    names no move raises :class:`~hearts.server.protocol.ProtocolError` (code ``illegal``) with
    the core's sentence. Whether the move may be made now is the game's to say.

    >>> move_from_wire("bid pass"), move_from_wire("Q♠")
    (Bid(0), Card.parse('QS'))
    >>> move_from_wire("QX")
    Traceback (most recent call last):
    ...
    hearts.server.protocol.ProtocolError: 'QX' is not a move: name a card (QS), 'pass' and cards, or 'moon old'/'moon new'
    """
    if not isinstance(text, str):
        raise ProtocolError("bad_message", f"a move is text, as 'QS', not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise ProtocolError("illegal", f"a move is at most {MAX_TEXT} characters of text")
    try:
        return parse_move(text)
    except HeartsError as error:
        raise ProtocolError("illegal", str(error)) from None


# ----------------------------------------------------------------------------- the parts


def _common(view: SeatView | PublicView) -> dict[str, Any]:
    """The fields a seat's view and a watcher's share."""
    return {
        "rules": _rules_data(view.rules),
        "preset": preset_of(view.rules),
        "players": view.players,
        "dealer": view.dealer,
        "hand_number": view.hand_number,
        "phase": view.phase.value,
        "to_act": view.to_act,
        "pass_direction": view.pass_direction.value,
        "leader": view.leader,
        "trick": [{"seat": seat, "card": str(card)} for seat, card in view.trick],
        "tricks": [_trick_data(trick) for trick in view.tricks],
        "hearts_broken": view.hearts_broken,
        "hand_sizes": list(view.hand_sizes),
        "penalties": list(view.penalties),
        "tricks_won": list(view.tricks_won),
        "stock_size": view.stock_size,
        "scores": list(view.scores),
        "pool": view.pool,
        "jack": view.jack,
        "events": [_event_data(event) for event in view.events],
        "commitment": view.commitment,
        "auction": None if view.auction is None else _auction(view.auction),
        "laws": None if view.laws is None else _laws(view.laws),
        "cancelled": card_names(view.cancelled),
        "widow": None if view.widow is None else _widow(view.widow),
    }


class _Written:
    """The JSON data of objects the core keeps and shows again unchanged (a view's events are
    the same objects from one view to the next: the deal keeps each seat's redactions), written
    once each and found by identity, which costs nothing, rather than by equality, which hashes
    every field. An entry holds its object, so an id is not reused while it is kept; when full,
    it starts over. (A view's tricks are made anew at each view: :func:`_trick_data` finds
    them by equality.)"""

    __slots__ = ("_data", "_size", "_write")

    def __init__(self, write: Callable[[Any], Any], size: int) -> None:
        self._data: dict[int, tuple[Any, Any]] = {}
        self._size = size
        self._write = write

    def __call__(self, item: Any) -> Any:
        kept = self._data.get(id(item))
        if kept is not None and kept[0] is item:
            return kept[1]
        if len(self._data) >= self._size:
            self._data.clear()
        data = self._write(item)
        self._data[id(item)] = (item, data)
        return data


def _write_event(event: Event) -> dict[str, Any]:
    """An event's JSON data: :meth:`~hearts.events.Event.to_dict`, and for a trick taken or
    carried that holds a pair of twins (Cancellation Hearts) its ``cancelled`` cards, as the
    engine says (:func:`~hearts.hand.cancellation.cancelled_in`)."""
    data = event.to_dict()
    if isinstance(event, (TrickWon, TrickCarried)):
        cancelled = cancelled_in(event.cards)
        if cancelled:
            data["cancelled"] = card_names(cancelled)
    return data


_event_data = _Written(_write_event, 50_000)
"""An event's JSON data (:func:`_write_event`), written once per event."""


@functools.lru_cache(maxsize=16_384)
def _trick_data(trick: Trick) -> dict[str, Any]:
    """A closed trick's JSON data, written once per trick (a view makes its tricks anew each
    time, so they are found by equality: a small tuple's hash)."""
    return {
        "leader": trick.leader,
        "cards": card_names(trick.cards),
        "winner": trick.winner,
        "points": trick.points,
        "cancelled": card_names(cancelled_in(trick.cards)),
    }


@functools.lru_cache(maxsize=64)
def _rules_data(rules: Rules) -> dict[str, Any]:
    """The rules' JSON data, written once per rules (they are frozen)."""
    return rules.to_dict()


def _auction(auction: AuctionView) -> dict[str, Any]:
    suit = auction.named_suit
    return {
        "bids": list(auction.bids),
        "high_bid": auction.high_bid,
        "bidder": auction.bidder,
        "named_suit": None if suit is None else suit.name.lower(),
    }


def _widow(widow: WidowView) -> dict[str, Any]:
    return {"size": widow.size, "goes": widow.goes, "taker": widow.taker}


def _laws(laws: LawsView) -> dict[str, Any]:
    return {
        "exposed": [card_names(cards) for cards in laws.exposed],
        "claims": list(laws.claims),
        "pending": list(laws.pending),
        "established": list(laws.established),
        "claimable": list(laws.claimable),
        "called": None if laws.called is None else str(laws.called),
        "revokes": [{"trick": trick, "card": str(card)} for trick, card in laws.revokes],
    }
