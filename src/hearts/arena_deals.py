"""The arena's deals and their play: each deal from the run's seed, the work split into units,
and each unit played into hands.

Deal ``i`` of a run is shuffled by the run's version of the dealing schedule
(:mod:`hearts.dealing`) from the seed and ``i`` alone (:func:`deal_hands`). The work is split
into units (:func:`_units`): one rotation of the bots through the seats over a block of
consecutive deals, the blocks in deal order. A unit plays its deals in order, chaining them
into games by the rules' end (:func:`_unit_hands`), each hand's bots made afresh from their
names and a seed drawn from the run's seed, the deal, the rotation and the seat
(:func:`_bot_seed`), so a unit plays the same wherever it runs. Where the units run (here, in
processes, on Ray) is :mod:`hearts.arena`'s. Everything public here is also importable from
:mod:`hearts.arena`. Standard library only.

>>> from hearts import variants
>>> hands, _ = deal_hands(variants.get("modern"), 1, 0)
>>> [len(hand) for hand in hands]
[13, 13, 13, 13]
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from hearts import bots as bot_registry
from hearts import table
from hearts.arena_stats import HandRecord, _Hand
from hearts.bots.base import Bot
from hearts.cards import QUEEN_OF_SPADES, CardSet
from hearts.dealing import ARENA, HAND_SEEDS, Schedule
from hearts.dealing import get as schedule_of
from hearts.errors import InvalidArgument
from hearts.events import Dealt
from hearts.game import Game
from hearts.rules import Rules

__all__ = ["Maker", "deal_hands"]

Maker = Callable[[int], Bot]
"""A maker of a bot that is not in :mod:`hearts.bots` (a learned policy, say): given the hand's
seed, a new bot. :func:`run` takes them by name in ``makers``."""

_QUEENS_OF_SPADES: Final = 1 << QUEEN_OF_SPADES | 1 << (QUEEN_OF_SPADES ^ 64)
"""The Q♠ of the first and of the second pack (a card's twin of the other pack is ``card ^ 64``)."""

# ---------------------------------------------------------------------- deals


def _deck(rules: Rules, seed: int, number: int, dealing: str = ARENA) -> list[Any]:
    return _arena_schedule(dealing).hand(rules.pack, seed, number, None).deck


def _arena_schedule(dealing: str) -> Schedule:
    """The dealing schedule of a run, refused in a sentence when a run cannot deal by it."""
    schedule = schedule_of(dealing)
    if not schedule.per_hand:
        raise InvalidArgument(
            f"dealing schedule {dealing} deals each hand after the one before it: an arena deals "
            f"each deal from the seed and its number alone (give {ARENA} or {HAND_SEEDS})"
        )
    return schedule


def deal_hands(
    rules: Rules, seed: int, number: int, dealer: int | None = None, *, dealing: str = ARENA
) -> tuple[tuple[CardSet, ...], tuple[Any, ...]]:
    """The hands (seat by seat) and the stock of deal ``number`` of a run with this seed.

    The pack is shuffled by the dealing schedule ``dealing`` (:mod:`hearts.dealing`; by
    default ``arena-1``, from ``f"{seed}:{number}"``) and dealt uncut with seat 0 the eldest
    hand. Where the dealer sits out (seven at a table), the cards are dealt by ``dealer``.

    >>> from hearts import variants
    >>> hands, stock = deal_hands(variants.get("modern"), 1, 0)
    >>> [len(hand) for hand in hands], stock
    ([13, 13, 13, 13], ())
    >>> deal_hands(variants.get("modern"), 1, 0) == (hands, stock)
    True
    """
    deck = _deck(rules, seed, number, dealing)
    sits_out = None
    if rules.dealt_seats < rules.players:
        sits_out = 0 if dealer is None else dealer
        dealer = sits_out
    else:
        dealer = rules.players - 1
    hands, stock = table.deal_out(
        deck,
        players=rules.players,
        dealer=dealer,
        hand_size=rules.hand_size,
        sits_out=sits_out,
    )
    return tuple(CardSet(sum(1 << card for card in hand)) for hand in hands), tuple(stock)


def _bot_seed(seed: int, number: int, rotation: int, seat: int) -> int:
    """A bot's seed from the run's seed, the deal, the rotation and the seat."""
    digest = hashlib.sha256(f"arena:{seed}:{number}:{rotation}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


# ---------------------------------------------------------------------- play


@dataclass(frozen=True, slots=True)
class _Unit:
    """A piece of work: deals ``first`` to ``last - 1`` in one rotation, chained into games."""

    rules: Rules
    bots: tuple[str, ...]
    seed: int
    rotation: int
    first: int
    last: int
    think: float | None
    samples: int | None
    makers: Mapping[str, Maker]
    dealing: str = ARENA


def _make_bot(unit: _Unit, name: str, number: int, seat: int) -> Bot:
    seed = _bot_seed(unit.seed, number, unit.rotation, seat)
    maker = unit.makers.get(name)
    if maker is None:
        return bot_registry.get(name, seed=seed, think=unit.think, samples=unit.samples)
    bot = maker(seed)
    if not isinstance(bot, Bot):
        raise InvalidArgument(f"the maker of {name!r} made {bot!r}, which has no choose(view)")
    return bot


def _unit_hands(unit: _Unit) -> Iterator[_Hand]:
    """Play a unit's deals in order, chaining them into games: each hand as it is finished."""
    rules = unit.rules
    players = rules.players
    seats = tuple(unit.bots[(seat + unit.rotation) % players] for seat in range(players))
    sits_out = rules.dealt_seats < rules.players
    fixed: dict[int, tuple[tuple[CardSet, ...], tuple[Any, ...]]] = {}

    def dealt(number: int, hand_number: int) -> Dealt:
        dealer = hand_number % players  # the first dealer is seat 0; the deal passes left
        if sits_out:
            hands, stock = deal_hands(rules, unit.seed, number, dealer, dealing=unit.dealing)
        else:
            if number not in fixed:
                fixed[number] = deal_hands(rules, unit.seed, number, dealing=unit.dealing)
            hands, stock = fixed[number]
        direction = rules.pass_direction(hand_number).value
        return Dealt(hand_number, dealer, None, direction, hands, stock)

    number = unit.first
    while number < unit.last:
        # A game over the deals left; it ends with the rules' end or when the deals run out.
        start = number
        preset = [dealt(n, n - start) for n in range(start, unit.last)]
        game = Game(rules, seed=0, deals=preset)
        while number < unit.last:
            hand_number = number - start
            bots = [_make_bot(unit, name, number, seat) for seat, name in enumerate(seats)]
            before = game.scores
            while not game.is_over and game.hand_number == hand_number:
                seat = game.deal.to_act
                assert seat is not None  # a game that is not over has a seat to act
                game.play(bots[seat].choose(game.view(seat)), seat)
            deal = game.hands[hand_number]
            record = HandRecord(
                deal=number,
                rotation=unit.rotation,
                seats=seats,
                results=tuple(
                    after - earlier for after, earlier in zip(game.scores, before, strict=True)
                ),
                shooter=deal.moon_shooter(),
                queens=tuple(
                    seat for seat in range(players) if deal.taken(seat).mask & _QUEENS_OF_SPADES
                ),
                dealt=tuple(deal.dealt_hand(seat) for seat in range(players)),
            )
            number += 1
            if game.is_over:
                yield record, tuple(seats[seat] for seat in game.winners())
                break
            yield record, None


def _interleave(units: Sequence[_Unit]) -> Iterator[_Hand]:
    """The hands of several units, one hand of each in turn, so that their deals are finished
    together (each unit's hands still in its own order, so nothing else changes)."""
    streams = [_unit_hands(unit) for unit in units]
    while streams:
        for stream in list(streams):
            hand = next(stream, None)
            if hand is None:
                streams.remove(stream)
            else:
                yield hand


def _units(
    rules: Rules,
    bots: tuple[str, ...],
    deals: int,
    seed: int,
    block: int,
    think: float | None,
    samples: int | None,
    makers: Mapping[str, Maker],
    dealing: str = ARENA,
) -> list[_Unit]:
    """The work, deal by deal: every rotation of the first block, then of the next, ..."""
    return [
        _Unit(
            rules,
            bots,
            seed,
            rotation,
            first,
            min(first + block, deals),
            think,
            samples,
            makers,
            dealing,
        )
        for first in range(0, deals, block)
        for rotation in range(rules.players)
    ]
