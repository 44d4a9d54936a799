"""A finished game step by step, for the page's replay (``GET /api/games/{id}/replay``).

:func:`build` rebuilds the game from its record with the engine (:func:`hearts.record.start`
deals it again from its seed, then each recorded move is played in turn, as the record's own
check does) and writes the position after each step: a hand's deal, then each move made. The
game is over, so every hand is shown; nothing is worked out here that the engine does not say
(the hands are the deal's, the trick, counts and scores the deal's public view, the
settlements the logged events). The rebuilt game's log must be the record's, event for event.

A step holds the whole position (each seat's cards as one text of card names, ``"2C 9C 7D"``),
so a client shows any step without playing the game through and nothing of the rules is
needed to step back. Measured on games of basic bots: a modern game to 100 of 8 to 14 hands is
450 to 790 steps, 210 to 370 kB of JSON, 17 to 29 kB gzipped (the app gzips it); one played to
500, some 70 hands and 4,000 steps, about 1.8 MB, 140 kB gzipped.

>>> from hearts import Game, record, variants
>>> game = Game(variants.get("modern").replace(end="deals", deals=1), seed=2)
>>> while not game.is_over:
...     _ = game.play(game.legal_moves()[0], game.to_act)
>>> shown = build(record.to_dict(game), ["Ann", "Bob", "Cy", "Di"])
>>> len(shown["steps"]), shown["steps"][0]["kind"], shown["steps"][0]["words"]
(57, 'deal', 'Ann deals hand 1: the pack is cut at 27 cards; the cards are dealt; each passes 3 cards left.')
>>> before, lead = shown["steps"][4:6]  # (after the deal and four passes, the first card)
>>> lead["words"], lead["at"], lead["table"]
('Cy leads the 2♣.', {'trick': 1, 'card': 1, 'of': 4}, [{'seat': 2, 'card': '2C'}])
>>> before["hands"][2].split()[:3], lead["hands"][2].split()[:3]
(['2C', '5C', 'QC'], ['5C', 'QC', '5D'])
>>> shown["steps"][-1]["scores"] == list(game.scores), shown["winners"] == list(game.winners())
(True, True)
"""

from __future__ import annotations

import contextlib
import gzip
import json
import os
import signal
import threading
import time
from collections.abc import Mapping, Sequence
from typing import Any, Final

from hearts import record, words
from hearts.deal import Deal
from hearts.errors import InvalidRecord
from hearts.events import (
    CardPlayed,
    Dealt,
    Event,
    GameOver,
    HandOver,
    HandSettled,
    ShuffleCommitted,
    move_of,
)
from hearts.game import Game
from hearts.hand.cancellation import cancelled_in
from hearts.moves import move_text
from hearts.observation import PublicView
from hearts.rules import Rules
from hearts.server.wire import preset_of

__all__ = ["KEPT_FORMAT", "build", "make_kept", "start_maker"]

KEPT_FORMAT: Final = 1
"""The version of what :func:`make_kept` makes: a record and a replay kept by a server of an
older version are made again (raise it when either changes)."""

_UNSHOWN: Final = (Dealt, ShuffleCommitted)
"""Events a step does not repeat: the deal is in the step's hands, the commitment is the
record's (``hearts verify`` checks it)."""


def build(data: Mapping[str, Any], names: Sequence[str] | None = None) -> dict[str, Any]:
    """The steps of a finished game's record (what :func:`hearts.record.to_dict` writes), as
    JSON data: ``players``, ``preset``, ``rules``, ``seats`` (each one's ``name``: from
    ``names``, else ``Seat 1``... counted from 1), ``hands`` (per hand: its ``dealer``, ``pass_direction``,
    the cards ``dealt``, the ``step`` it starts at, and once over its ``penalties``, ``points``,
    ``deltas``, ``totals`` and the step it was ``settled`` at), ``steps`` and the result
    (``winners``, ``totals``).

    Each step: ``kind`` (``deal`` or ``move``), ``hand`` (from 0), ``event`` (the record's
    event it stands for), ``seat`` and ``move`` (the move's text, as a client sends it; None
    for a deal), ``words`` (the step in a sentence or more, with what followed it: a trick
    taken, a hand settled), ``phase``, ``to_act``, ``hands`` (each seat's cards after it),
    ``passed`` and ``received`` (per seat, the cards it passed and was passed, once it has
    and once every seat has; else None), ``stock`` and ``stock_size`` (the stock left, face up:
    the game is over), ``widow`` (its ``cards`` face up, how it ``goes`` and its ``taker``, as
    the engine's view says; None without one), ``table`` (the trick on the table: ``seat`` and
    ``card`` each), ``cancelled`` (the cards of it whose twin is in it too, as the engine says),
    ``taken`` (the trick this step completed, with who played which card of it, ``plays``, and
    its ``cancelled`` cards; or None), ``at`` (a card played: the trick's number from 1, the card's
    place in it and the trick's cards), ``tricks_won``, ``penalties``, ``scores`` (the totals,
    settled ones once the hand is settled), ``pool`` and ``events`` (those the engine logged
    with it, as :meth:`~hearts.events.Event.to_dict`, the deal and commitment left out).

    A record that is not of a finished game, or that the engine does not make again event
    for event, raises :class:`~hearts.errors.InvalidRecord`.
    """
    found = record.contents(data)
    rules = found.rules
    players = rules.players
    if not any(isinstance(event, GameOver) for event in found.events):
        raise InvalidRecord("the record is of a game not yet over: only a finished game is shown")
    game = record.start(found)
    tell = words.Teller(names, None, rules)  # (the steps' words: hearts.words, for nobody's seat)
    steps: list[dict[str, Any]] = []
    hands: list[dict[str, Any]] = []
    pending: list[tuple[Event, str]] = []  # (events logged before a hand's deal: the cut for deal)
    deal: Deal | None = None
    totals = list(game.scores)
    pool = game.pool
    for index, event in enumerate(found.events):
        said = tell(event)
        if isinstance(event, Dealt):
            deal = game.deal
            hand = _hand_of(deal, event)
            hand["step"] = len(steps)
            hands.append(hand)
            steps.append(_deal_step(deal, event, index, said, totals, pool))
            _follow(steps[-1], pending)
            pending = []
            continue
        move = move_of(event, index)
        if move is None or deal is None:
            if steps:
                _follow(steps[-1], [(event, said)])
                if isinstance(event, HandSettled):
                    totals, pool = list(event.totals), event.pool
                    _settled(hands, event, len(steps) - 1)
                elif isinstance(event, HandOver) and hands:
                    hands[-1].update(penalties=list(event.penalties), points=list(event.points))
            elif not isinstance(event, _UNSHOWN):
                pending.append((event, said))
            continue
        seat, chosen = move
        try:
            game.play(chosen, seat)
        except Exception as error:  # (a record the engine refuses: say which move)
            raise InvalidRecord(f"event {index} ({event.kind}) is refused: {error}") from None
        before = steps[-1]["table"] if steps else []
        step = _move_step(deal, event, index, (seat, move_text(chosen)), before, said)
        step.update(scores=list(totals), pool=pool)
        steps.append(step)
    if tuple(record.as_recorded(found.events, game.events)) != tuple(found.events):
        raise InvalidRecord("the game rebuilt from the record's moves is not the one recorded")
    last = found.events[-1]
    winners = list(last.winners) if isinstance(last, GameOver) else list(game.winners())
    return {
        "players": players,
        "preset": preset_of(rules),
        "rules": rules.to_dict(),
        "seats": [{"seat": seat, "name": name} for seat, name in enumerate(_names(names, players))],
        "hands": hands,
        "steps": steps,
        "winners": winners,
        "totals": list(game.scores),
    }


def make_kept(
    table_id: str,
    rules: Rules,
    seed: int | None,
    dealer: int,
    events: Sequence[Event],
    names: Sequence[str] | None,
) -> tuple[bytes, bytes]:
    """A finished table's record and replay, as kept and sent: each gzipped UTF-8 JSON (the
    record as :func:`hearts.record.to_dict` writes it; the replay as :func:`build` makes it,
    with the table's ``id``, the record's ``variant`` and the path of its ``record``).

    The game is played again from its moves (``Game.replay``, with hand seeds, as a server's
    tables are made) and checked against every event; this is the work a server does once per
    finished game, in a process of its own (its pickled arguments are plain data). A log that
    its moves do not make again, or a game not over, raises
    :class:`~hearts.errors.InvalidRecord`.

    >>> from hearts import variants
    >>> game = Game(variants.get("modern").replace(end="deals", deals=1), seed=2, hand_seeds=True)
    >>> while not game.is_over:
    ...     _ = game.play(game.legal_moves()[0], game.to_act)
    >>> kept, shown = make_kept("t-1", game.rules, 2, 0, game.events, ["Ann", "Bob", "Cy", "Di"])
    >>> json.loads(gzip.decompress(kept)) == record.to_dict(game)
    True
    >>> replay = json.loads(gzip.decompress(shown))
    >>> replay["id"], replay["record"], replay["seats"][0], len(replay["steps"])
    ('t-1', '/api/games/t-1/record', {'seat': 0, 'name': 'Ann'}, 171)
    """
    moves = [move for index, event in enumerate(events) if (move := move_of(event, index))]
    try:
        game = Game.replay(rules, seed, moves, dealer=dealer, hand_seeds=True)
    except Exception as error:  # (a move the engine refuses: the log is not a game's)
        raise InvalidRecord(f"its moves cannot be played again: {error}") from None
    if tuple(game.events) != tuple(events):
        raise InvalidRecord("its events are not those its moves make again")
    data = record.to_dict(game)
    steps = build(data, names)
    shown = {
        "id": table_id,
        "variant": data["variant"],
        "record": f"/api/games/{table_id}/record",
        **steps,
    }
    return _gzipped(data), _gzipped(shown)


def _gzipped(data: Any) -> bytes:
    """JSON as the server sends it (compact, UTF-8), gzipped once and for all."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)


def start_maker(server: int) -> None:
    """A process that makes records and replays (:func:`make_kept`) starts: it yields the CPU
    to the server and its bots (``nice`` 10), ignores Ctrl+C (the server stops it), and ends
    by itself once the server's process ``server`` is gone (killed outright, it could not)."""
    with contextlib.suppress(OSError):  # (a system that will not let it: as it is)
        os.nice(10)
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="hearts-maker-watch", daemon=True).start()


# ----------------------------------------------------------------------------- the steps


def _hand_of(deal: Deal, event: Dealt) -> dict[str, Any]:
    """A hand's lasting facts: who dealt, the pass, the cards dealt."""
    return {
        "hand": event.hand_number,
        "dealer": event.dealer,
        "pass_direction": event.pass_direction,
        "dealt": [str(deal.dealt_hand(seat)) for seat in range(deal.players)],
        "stock": [str(card) for card in event.stock],
        "step": 0,
        "penalties": None,
        "points": None,
        "deltas": None,
        "totals": None,
        "settled": None,
    }


def _settled(hands: list[dict[str, Any]], event: HandSettled, step: int) -> None:
    for hand in hands:
        if hand["hand"] == event.hand_number:
            hand.update(deltas=list(event.deltas), totals=list(event.totals), settled=step)


def _position(deal: Deal, totals: list[int], pool: int) -> tuple[dict[str, Any], PublicView]:
    """The position of a hand as it stands: every seat's cards (the game is over, so all are
    shown, and what cards face down counted: the penalties and tricks are the deal's, not the
    public view's) and the deal's public view (returned too)."""
    view = deal.public_view()
    taken = None
    if not view.trick and view.tricks:
        trick = deal.tricks[-1]
        taken = {
            "leader": trick.leader,
            "cards": [str(card) for card in trick.cards],
            "winner": trick.winner,
            "points": trick.points,
            "plays": None,
            "cancelled": [str(card) for card in cancelled_in(trick.cards)],
        }
    seats = range(view.players)
    passed = [deal.passed(seat) for seat in seats]
    received = [deal.received(seat) for seat in seats]
    widow = None
    if view.widow is not None:
        widow = {
            "cards": str(deal.widow),
            "goes": view.widow.goes,
            "taker": view.widow.taker,
        }
    position = {
        "phase": view.phase.value,
        "to_act": view.to_act,
        "hands": [str(deal.hand(seat)) for seat in seats],
        "passed": [None if cards is None else str(cards) for cards in passed],
        "received": [None if cards is None else str(cards) for cards in received],
        "stock": " ".join(str(card) for card in deal.stock),
        "stock_size": view.stock_size,
        "widow": widow,
        "table": [{"seat": seat, "card": str(card)} for seat, card in view.trick],
        "cancelled": [str(card) for card in view.cancelled],
        "taken": taken,
        "at": None,
        "tricks_won": list(view.tricks_won),
        "penalties": list(deal.penalties()),
        "scores": list(totals),
        "pool": pool,
        "events": [],
    }
    return position, view


def _deal_step(
    deal: Deal,
    event: Dealt,
    index: int,
    said: str,
    totals: list[int],
    pool: int,
) -> dict[str, Any]:
    step: dict[str, Any] = {
        "kind": "deal",
        "hand": event.hand_number,
        "event": index,
        "seat": None,
        "move": None,
        "words": said,
    }
    step.update(_position(deal, totals, pool)[0])
    step["taken"] = None
    return step


def _move_step(
    deal: Deal,
    event: Event,
    index: int,
    made: tuple[int, str],
    before: list[dict[str, Any]],
    said: str,
) -> dict[str, Any]:
    """The step of a move (``made``: its seat and text) just played to ``deal``; ``before``
    is the trick that was on the table; ``said``: the move in words."""
    seat, text = made
    position, view = _position(deal, [], 0)
    step: dict[str, Any] = {
        "kind": "move",
        "hand": view.hand_number,
        "event": index,
        "seat": seat,
        "move": text,
        "words": "",
    }
    if not isinstance(event, CardPlayed):
        position["taken"] = None  # (only a card completes a trick)
    step.update(position)
    table, taken = position["table"], position["taken"]
    if isinstance(event, CardPlayed):
        if table:
            # The trick's cards: those on the table and one from each seat yet to play to it.
            waiting = {s for s, size in enumerate(view.hand_sizes) if size > 0}
            waiting -= {played["seat"] for played in table}
            trick = len(view.tricks) + 1
            step["at"] = {"trick": trick, "card": len(table), "of": len(table) + len(waiting)}
        elif taken is not None:
            size = len(taken["cards"])
            step["at"] = {"trick": len(view.tricks), "card": size, "of": size}
            # Who played which card of it: the trick that was on the table and this card.
            plays = [*before, {"seat": seat, "card": str(event.card)}]
            if [played["card"] for played in plays] == taken["cards"]:
                taken["plays"] = plays
    step["words"] = said
    return step


def _follow(step: dict[str, Any], told: Sequence[tuple[Event, str]]) -> None:
    """Add to a step the events the engine logged after it, and their words."""
    for event, said in told:
        if isinstance(event, _UNSHOWN):
            continue
        step["events"].append(event.to_dict())
        if isinstance(event, HandSettled):
            step["scores"], step["pool"] = list(event.totals), event.pool
        step["words"] += f" {said}"


def _names(names: Sequence[str] | None, players: int) -> list[str]:
    """Each seat's name, ``Seat 1`` for one not given (seats counted from 1)."""
    given = list(names or [])
    return [
        given[seat] if seat < len(given) and given[seat] else f"Seat {seat + 1}"
        for seat in range(players)
    ]
