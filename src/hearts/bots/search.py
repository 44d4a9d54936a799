"""What the searching bots share: a budget, the positions worth searching, a generator seeded
from the position, and the stream of imagined deals.

>>> from hearts import Game, variants
>>> from hearts.bots.sampler import Sampler
>>> game = Game(variants.get("classic"), seed=3)
>>> bot = Searcher(seed=1, samples=3)
>>> view = game.view(game.to_act)
>>> cards = bot.searchable(view)
>>> len(cards) == len(view.legal_moves)
True
>>> sum(1 for _ in bot.deals(Sampler(view), bot.generator(view)))
3
>>> Searcher(think=0)
Traceback (most recent call last):
...
hearts.errors.InvalidArgument: think must be a positive number of seconds, not 0
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from typing import Protocol

from hearts.bots.base import check_seed
from hearts.bots.basic import BasicBot
from hearts.bots.sampler import supported
from hearts.cards import QUEEN_OF_SPADES, Card
from hearts.deal import Deal, Phase
from hearts.errors import IllegalMove, InvalidArgument
from hearts.observation import SeatView
from hearts.rules import Rules

__all__ = [
    "DEFAULT_THINK",
    "MAX_SAMPLES",
    "MAX_THINK",
    "Imagines",
    "Searcher",
    "check_budget",
    "equivalent",
    "imagine",
    "think_for",
]


class Imagines(Protocol):
    """What imagines deals for a search (:class:`Sampler`, :class:`PassSampler`)."""

    def sample(self, rng: random.Random) -> Deal | None:
        """An imagined deal, or None if none could be drawn this time."""


DEFAULT_THINK = 1.0
"""Seconds a move, by default."""


MAX_THINK = 600.0
"""The most seconds a move a search may be given: ten minutes (more is no budget a table or a
run could wait for)."""
MAX_SAMPLES = 100_000
"""The most deals a move a search may be given."""


def check_budget(
    think: float | None,
    samples: int | None,
    *,
    names: tuple[str, str] = ("think", "samples"),
    alone: bool = False,
) -> None:
    """Refuse a search budget that is no budget, or an absurd one: ``think`` seconds above zero
    and at most :data:`MAX_THINK`, ``samples`` a whole number from 1 to :data:`MAX_SAMPLES`
    (None: not given). With ``alone``, also both given at once (a face that offers them as
    alternatives). ``names`` are what the sentences call the two (a command line's options).
    The one check of a budget: the bots, the levels and the faces all call it.

    >>> check_budget(0.5, None)
    >>> check_budget(None, 0)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: samples must be at least 1, not 0
    >>> check_budget(1e308, None, names=("--think", "--samples"))
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: --think must be at most 600 seconds a move, not 1e+308
    >>> check_budget(1.0, 8, alone=True)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: give think or samples, not both: with samples the bots search that many deals a move, however long it takes
    """
    seconds, deals = names
    if think is not None:
        if isinstance(think, bool) or not isinstance(think, int | float) or not think > 0:
            raise InvalidArgument(f"{seconds} must be a positive number of seconds, not {think!r}")
        if think > MAX_THINK:
            raise InvalidArgument(
                f"{seconds} must be at most {MAX_THINK:g} seconds a move, not {think:g}"
            )
    if samples is not None:
        if isinstance(samples, bool) or not isinstance(samples, int):
            raise InvalidArgument(f"{deals} must be a whole number, not {samples!r}")
        if samples < 1:
            raise InvalidArgument(f"{deals} must be at least 1, not {samples}")
        if samples > MAX_SAMPLES:
            raise InvalidArgument(f"{deals} must be at most {MAX_SAMPLES}, not {samples}")
    if alone and think is not None and samples is not None:
        raise InvalidArgument(
            f"give {seconds} or {deals}, not both: with {deals} the bots search that many deals "
            "a move, however long it takes"
        )


def think_for(
    cap: float | None,
    think: float | None = None,
    *,
    default: float = DEFAULT_THINK,
    share: float = 1.0,
) -> float:
    """The seconds a move of a search whose own cap is ``cap`` (a level's; None: no cap) when
    ``think`` is asked of it: a cap is lowered by ``think``, never raised; with no ``think``,
    the cap (or ``default``) times ``share`` (a helper on a second core: as many deals, sooner).
    The one place a level's cap is applied (:meth:`hearts.bots.levels.Level.make`,
    :func:`hearts.bots.think_for`).

    >>> think_for(0.3, 5.0), think_for(0.3, 0.1), think_for(None, 5.0), think_for(0.3)
    (0.3, 0.1, 5.0, 0.3)
    >>> think_for(None, default=1.0, share=0.7)
    0.7
    """
    check_budget(think, None)
    if think is None:
        return (default if cap is None else cap) * share
    return think if cap is None else min(cap, think)


def alike(rules: Rules, values: Sequence[int], first: Card, card: Card) -> bool:
    """Whether two cards are alike but for their rank: one suit, counting the same (``values``,
    the form's worth of each card), in a form where nothing else tells such cards apart. Not
    with two packs (twins cancel), the auction (the suit named counts), the laws (revokes), the
    joker (it wins any trick), nor the Q♠ where it breaks hearts. With nothing still in play
    between them in rank, two alike cards may be swapped throughout the rest of a hand: no
    trick's winner and no score changes (:func:`equivalent`, and the expert's exact search)."""
    if rules.packs > 1 or rules.auction is not None or rules.laws:
        return False
    if first.suit is not card.suit or first.is_joker or card.is_joker:
        return False
    if rules.queen_breaks_hearts and QUEEN_OF_SPADES in (first, card):
        return False
    return values[first] == values[card]


def equivalent(view: SeatView, cards: Sequence[Card]) -> bool:
    """Whether playing any of these cards (a seat's legal cards) is the same: one card; or cards
    of one suit that count the same in this form (:attr:`Rules.values`) with no card between
    them in rank that another seat could still play (every card between is in this seat's
    hand, in a completed trick, or out of the pack). Then swapping any two of them throughout
    the rest of the hand changes no trick's winner and no score, so no search is needed.

    It answers False, to be safe, wherever a card may matter otherwise: two packs (twins
    cancel), the auction (the suit named counts), the laws (revokes), the joker (it wins any
    trick), the Q♠ where it breaks hearts. A card in the trick on the table lies between: it
    is still to be beaten.

    >>> from hearts import Game, variants
    >>> game = Game(variants.get("modern"), seed=3)
    >>> equivalent(game.view(0), [Card.parse("2C")])
    True
    >>> equivalent(game.view(0), [Card.parse("2C"), Card.parse("4C")])   # the 3♣ is out there
    False
    """
    if len(cards) <= 1:
        return True
    rules = view.rules
    if not all(alike(rules, rules.values, cards[0], card) for card in cards):
        return False
    suit = cards[0].suit
    gone = view.hand.mask | ~rules.pack
    for trick in view.tricks:
        for card in trick.cards:
            gone |= 1 << card
    ranks = [card.rank for card in cards]
    return all(gone >> Card.of(rank, suit) & 1 for rank in range(min(ranks) + 1, max(ranks)))


class Searcher:
    """The base of the bots that search imagined deals (the expert, the ISMCTS baseline).

    ``think``: seconds a move; ``samples``: exactly that many imagined deals a move instead, and
    then the bot repeats exactly for a ``seed`` (its generator is seeded from the seed and the
    position, never from the clock). Where there is nothing to search it plays as ``basic``.
    """

    tag = "search"
    """Names the bot in the seed of its generator (two bots of one seed sample differently)."""

    def __init__(
        self, seed: int | None = None, think: float = DEFAULT_THINK, samples: int | None = None
    ) -> None:
        check_budget(think, samples)
        seed = check_seed(seed)
        self.seed = 0 if seed is None else seed
        self.think = float(think)
        self.samples = samples
        self.basic = BasicBot()

    def searchable(self, view: SeatView) -> list[Card] | None:
        """The cards to search among, or None where the basic player decides: outside the play,
        with one legal card or only cards as good as each other (:func:`equivalent`), or in a
        form the sampler does not imagine."""
        moves = view.legal_moves
        if not moves:
            raise IllegalMove("{seat} has no move to make now", seat=view.seat)
        cards = [move for move in moves if isinstance(move, Card)]
        if (
            view.phase is not Phase.PLAY
            or len(cards) != len(moves)
            or equivalent(view, cards)
            or not supported(view.rules)
        ):
            return None
        return cards

    def generator(self, view: SeatView, stream: int = 0) -> random.Random:
        """The search's generator, seeded from the bot's seed and the position (``stream``: one
        of several independent streams for one search, as a :class:`~hearts.bots.helper.Helper`
        samples on its own; 0, the bot's own)."""
        tail = f":{stream}" if stream else ""
        return random.Random(
            f"{self.tag}:{self.seed}:{view.hand_number}:{len(view.events)}:{view.seat}:"
            f"{view.dealer}{tail}"
        )

    def deals(self, sampler: Imagines, rng: random.Random) -> Iterator[Deal]:
        """Imagined deals, one at a time, until the budget is spent: ``samples`` of them, or
        ``think`` seconds (at least one). It stops early if the sampler keeps failing."""
        if self.samples is not None:
            return imagine(sampler, rng, self.samples, None)
        return imagine(sampler, rng, None, time.perf_counter() + self.think)


def imagine(
    sampler: Imagines, rng: random.Random, limit: int | None, deadline: float | None
) -> Iterator[Deal]:
    """Imagined deals until ``limit`` of them or the ``deadline`` (a :func:`time.perf_counter`
    reading; at least one deal is tried), whichever comes first (None: no bound of that kind);
    early if the sampler keeps failing."""
    done = 0
    failures = 0
    while True:
        if limit is not None and done >= limit:
            return
        if deadline is not None and done and time.perf_counter() >= deadline:
            return
        deal = sampler.sample(rng)
        if deal is None:
            failures += 1
            if failures > 5 + done:
                return
            continue
        yield deal
        done += 1
