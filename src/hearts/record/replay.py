"""A record played again: :func:`start` deals the game a record begins, :func:`from_dict` plays
the record's moves on it and compares the rebuilt game's log with the recorded one, refusing
the record at the first event that differs (naming it and the field), and :func:`as_recorded`
reads the events of an older record as its time logged them.

>>> from hearts import Game, variants
>>> from hearts.record import to_dict
>>> game = Game(variants.get("classic"), seed=3)
>>> _ = game.play(game.legal_moves()[0], game.to_act)
>>> from_dict(to_dict(game)).events == game.events
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from hearts import dealing, table
from hearts.deal import check_hands
from hearts.errors import HeartsError, InvalidRecord
from hearts.events import (
    ClaimJudged,
    DealerCut,
    Dealt,
    Event,
    ShuffleCommitted,
    first_difference,
    move_of,
)
from hearts.game import Game
from hearts.record.data import Contents, contents

__all__ = ["from_dict", "start", "as_recorded"]


def from_dict(data: Any) -> Game:
    """Rebuild a game from record data (what :func:`to_dict` writes) and check it against its log.

    >>> from hearts import Game, variants
    >>> from hearts.record import to_dict
    >>> game = Game(variants.get("two-handed"), seed=5)
    >>> from_dict(to_dict(game)).events == game.events
    True
    >>> from_dict(dict(to_dict(game), dealer=2))
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidRecord: record field 'dealer' must be a seat from 0 to 1, not 2
    """
    found = contents(data)
    if found.hand_seeds and found.seed is None:
        shown = ", ".join(str(number + 1) for number in found.revealed) or "none"
        raise InvalidRecord(
            "the record is of a game in progress that withholds its seed (hands revealed: "
            f"{shown}): it cannot be rebuilt until the seed is given; hearts verify checks the "
            "hands revealed"
        )
    game = _rebuild(found)
    if game.first_dealer != found.dealer:
        raise InvalidRecord(
            f"record field 'dealer' is {found.dealer}, but the seats' cut for deal chose seat "
            f"{game.first_dealer}"
        )
    return game


def start(found: Contents) -> Game:
    """The game a record begins, before any move: dealt from its seed as the record's cuts say
    (or, without a seed, from its recorded deals), each recorded deal checked to deal the pack
    of its rules. Playing the record's moves on it in order (:func:`hearts.events.move_of`)
    makes the recorded game again, position by position, as :func:`from_dict` does before it
    compares the logs; :mod:`hearts.server.replay` shows a game so, step by step.

    >>> from hearts import Game, variants
    >>> from hearts.record import contents, to_dict
    >>> game = Game(variants.get("classic"), seed=3)
    >>> _ = game.play(game.legal_moves()[0], game.to_act)
    >>> begun = start(contents(to_dict(game)))
    >>> begun.events == game.events[:2], begun.deal.moves_made
    (True, 0)
    """
    rules, seed, dealer, cut_for_deal, events = found[:5]
    cuts = {event.hand_number: event.cut for event in events if isinstance(event, Dealt)}

    def pone(seat: int, size: int, hand: int, suggested: int) -> int | None:
        """The pone cuts as recorded (past the record, as the generator suggests)."""
        return cuts.get(hand, suggested)

    for index, event in enumerate(events):
        if isinstance(event, Dealt):
            try:
                check_hands(rules, event.hands, event.stock, event.dealer)
                if event.cut is not None:
                    table.cut(range(rules.pack.bit_count()), event.cut)
            except HeartsError as error:
                raise InvalidRecord(
                    f"event {index} (dealt) does not deal the pack of these rules: {error}"
                ) from None
    schedule = found.dealing
    if found.hand_seeds and not dealing.get(schedule).reveals:
        schedule = dealing.HAND_SEEDS  # (contents made without a version: hand seeds, as before)
    try:
        if seed is not None:
            game = Game(
                rules,
                seed,
                dealer=None if cut_for_deal else dealer,
                cut_for_deal=cut_for_deal,
                pone=pone,
                dealing=schedule,
            )
        else:
            deals = [event for event in events if isinstance(event, Dealt | DealerCut)]
            game = Game(
                rules,
                rng=random.Random(),
                dealer=None if cut_for_deal else dealer,
                cut_for_deal=cut_for_deal,
                deals=deals,
            )
    except HeartsError as error:
        raise InvalidRecord(f"the record does not start a game of these rules: {error}") from None
    return game


def _rebuild(found: Contents) -> Game:
    """Deal from the seed (or the recorded deals) by the record's dealing schedule, replay the
    moves, and compare the logs."""
    events = found.events
    source = "the seed" if found.seed is not None else "the record's deals"
    game = start(found)
    failure: tuple[int, HeartsError] | None = None
    for index, event in enumerate(events):
        move = move_of(event, index)
        if move is None:
            continue
        seat, chosen = move
        try:
            game.play(chosen, seat)
        except HeartsError as error:
            failure = (index, error)
            break
    rebuilt = as_recorded(events, game.events)
    # The first difference is the cause; a move refused after it is only a consequence.
    limit = failure[0] + 1 if failure else max(len(events), len(rebuilt))
    for index in range(limit):
        ours = events[index] if index < len(events) else None
        theirs = rebuilt[index] if index < len(rebuilt) else None
        if failure and index == failure[0] and theirs is None:
            break
        if ours != theirs:
            raise InvalidRecord(_mismatch(index, ours, theirs, len(events), source))
    if failure:
        at, reason = failure
        raise InvalidRecord(f"event {at} ({events[at].kind}): {reason}")
    return game


def as_recorded(recorded: Sequence[Event], rebuilt: Sequence[Event]) -> list[Event]:
    """The events of a game rebuilt from a record's moves, as the record's time logged them:
    in every hand whose recorded events hold no judgement of a claim (a record written by the
    laws before claims were judged at the end of the hand, or a hand without a claim), the
    rebuilt :class:`~hearts.events.ClaimJudged` events are left out. Compare the result with
    the recorded events. (A judgement is what the rules make of the moves, like a trick taken;
    such a hand's claims were true when made, so its settlement is the same. So a hand whose
    judgements have all been deleted from a record reads as such a hand too: the judgements
    it lacks are made again from its moves, and its settlement is still compared.) A hand is the
    events from its commitment or deal on; events before the first deal are a part of their
    own, and a log with no deal (one hand's events) is one part.

    >>> from hearts.events import ClaimJudged, RevokeClaimed
    >>> claim, judged = RevokeClaimed(seat=0, accused=1), ClaimJudged(0, 1, False, ())
    >>> as_recorded([claim], [claim, judged]), as_recorded([claim, judged], [claim, judged])
    ([RevokeClaimed(seat=0, accused=1)], [RevokeClaimed(seat=0, accused=1), ClaimJudged(seat=0, accused=1, upheld=False, revokes=())])
    """
    judged = {hand for hand, event in _hands_of(recorded) if isinstance(event, ClaimJudged)}
    return [
        event
        for hand, event in _hands_of(rebuilt)
        if hand in judged or not isinstance(event, ClaimJudged)
    ]


def _hands_of(events: Sequence[Event]) -> list[tuple[int | None, Event]]:
    """Each event with the number of its hand (None: before the first deal, or no deal)."""
    hand: int | None = None
    numbered: list[tuple[int | None, Event]] = []
    for event in events:
        if isinstance(event, ShuffleCommitted | Dealt):
            hand = event.hand_number
        numbered.append((hand, event))
    return numbered


def _mismatch(
    index: int, ours: Event | None, theirs: Event | None, length: int, source: str
) -> str:
    """Say where a recorded event differs from the rebuilt game's."""
    if ours is None:
        assert theirs is not None
        return (
            f"the record ends after {length} events, but the game rebuilt from {source} goes "
            f"on with event {index} ({theirs.kind})"
        )
    if theirs is None:
        return (
            f"event {index} ({ours.kind}) is not in the game rebuilt from {source}, which "
            f"has only {index} events"
        )
    head = f"event {index} ({ours.kind}) does not match the game rebuilt from {source}"
    if ours.kind != theirs.kind:
        return f"{head}, whose event {index} is {theirs.kind}"
    difference = first_difference(ours, theirs)
    if difference is None:  # pragma: no cover - events that differ differ in a field
        return head
    where, value, other_value = difference
    return (
        f"{head}: its {where} is {value!r} in the record, but {other_value!r} in the rebuilt game"
    )
