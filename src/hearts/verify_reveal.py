"""Checking one hand's reveal: what a table shows of a hand dealt from a seed of its own, once it
is over, against the commitment received when it was dealt and the cards each seat was dealt.

A game with hand seeds (dealing schedule ``hand-seeds-1``, :mod:`hearts.dealing`) reveals each
hand's seed, salt, pack order and cut as soon as the hand is over (:meth:`Game.reveal
<hearts.game.Game.reveal>`, a :class:`~hearts.table.HandReveal`). A client that kept the
commitment and its own cards checks it with :func:`check_reveal`, without the game's seed or any
other hand. :mod:`hearts.verify` checks whole records; :func:`check_reveal` is importable from
there too. Standard library only.

>>> from hearts import Game, variants
>>> game = Game(variants.get("classic"), seed=4, hand_seeds=True)
>>> while game.hand_number == 0:
...     _ = game.play(game.legal_moves()[0])
>>> check_reveal(game.reveal(0), game.events[0].commitment, game.rules) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts import table
from hearts.cards import Card, CardSet, cards_of
from hearts.dealing import HAND_SEEDS
from hearts.dealing import get as schedule_of
from hearts.errors import HeartsError, InvalidArgument
from hearts.events import Dealt
from hearts.rules import Rules
from hearts.table import HandReveal, commit

__all__ = ["check_reveal"]


def _seats_hold(seats: Sequence[str]) -> str:
    """``seat 1 holds``, ``seats 0, 1 and 3 hold``."""
    if len(seats) == 1:
        return f"seat {seats[0]} holds"
    return f"seats {', '.join(seats[:-1])} and {seats[-1]} hold"


# ------------------------------------------------------------------------------ one reveal


def check_reveal(
    reveal: HandReveal,
    commitment: str,
    rules: Rules,
    *,
    seat: int | None = None,
    cards: Sequence[Card | str] | CardSet | None = None,
    dealt: Dealt | None = None,
    dealing: str = HAND_SEEDS,
) -> str | None:
    """Check what a table revealed of one hand once it was over (:meth:`Game.reveal
    <hearts.game.Game.reveal>`) against the ``commitment`` received when the hand was dealt,
    and, given ``seat`` and ``cards``, against the cards that seat was dealt; given the whole
    deal (``dealt``, the hand's :class:`~hearts.events.Dealt` event once it is known), against
    every hand, the stock, the dealer and the cut. None when everything matches; else what
    failed, in a sentence.

    It checks that the salt is the one the seed derives, that the order is a shuffle of the
    pack of ``rules`` and the very one the seed draws, that the order and salt hash to the
    commitment, and that the order, cut as revealed and dealt by the table procedure, gives
    the cards. ``dealing`` is the version of the dealing schedule the hand was dealt by
    (:mod:`hearts.dealing`; every table that reveals deals by ``hand-seeds-1``); one with no hand
    seeds to reveal raises :class:`~hearts.errors.InvalidArgument`.

    >>> from hearts import Game, variants
    >>> game = Game(variants.get("classic"), seed=4, hand_seeds=True)
    >>> while game.hand_number == 0:
    ...     _ = game.play(game.legal_moves()[0])
    >>> shown, committed = game.reveal(0), game.events[0].commitment
    >>> first = game.hands[0].events[0]
    >>> check_reveal(shown, committed, game.rules, seat=2, cards=first.hands[2]) is None
    True
    >>> print(check_reveal(shown, committed, game.rules, seat=2, cards=first.hands[1]))
    hand 1's reveal fails: seat 2 was dealt other cards than this order, cut at 19 cards, deals
    """
    problems = _reveal_problems(reveal, commitment, rules, seat, cards, dealt, dealing)
    if not problems:
        return None
    return f"hand {reveal.hand_number + 1}'s reveal fails: {'; '.join(problems)}"


def _reveal_problems(
    reveal: HandReveal,
    commitment: str,
    rules: Rules,
    seat: int | None,
    cards: Sequence[Card | str] | CardSet | None,
    dealt: Dealt | None,
    dealing: str,
) -> list[str]:
    if not isinstance(reveal, HandReveal):
        raise TypeError(f"check_reveal checks a HandReveal, not {type(reveal).__name__}")
    if (seat is None) != (cards is None):
        raise TypeError("give check_reveal a seat and its cards both, or neither")
    schedule = schedule_of(dealing)
    if not schedule.reveals:
        raise InvalidArgument(f"dealing schedule {dealing} deals no hand from a seed of its own")
    number = reveal.hand_number
    problems: list[str] = []
    if not table.is_hand_seed(reveal.seed):
        return ["its seed is not 64 lowercase hex digits"]
    drawn = schedule.revealed(rules.pack, reveal.seed, number)
    assert drawn.salt is not None  # (a schedule that reveals commits)
    if reveal.salt != drawn.salt.hex():
        problems.append("the salt is not the one the seed derives")
    try:
        order = [Card.parse(name) for name in reveal.order]
    except HeartsError:
        return [*problems, "the order holds a name that is not a card"]
    if sorted(order) != cards_of(rules.pack) or [str(c) for c in order] != list(reveal.order):
        return [*problems, "the order is not the pack of these rules, each card once by its name"]
    if order != drawn.deck:
        problems.append("the order is not the shuffle the seed draws")
    try:
        salt = bytes.fromhex(reveal.salt)
    except ValueError:
        salt = b""
    if commit(order, salt, number) != commitment:
        problems.append(
            "the order and the salt do not hash to the commitment received when the hand was dealt"
        )
    try:
        cut_order = table.cut(order, reveal.cut)
    except HeartsError as error:
        return [*problems, f"the cut of {reveal.cut} cards is not a legal cut: {error}"]
    if not 0 <= reveal.dealer < rules.players:
        return [*problems, f"seat {reveal.dealer} is no seat of this table"]
    hands, stock = table.deal_out(
        cut_order,
        players=rules.players,
        dealer=reveal.dealer,
        hand_size=rules.hand_size,
        sits_out=reveal.dealer if rules.dealt_seats < rules.players else None,
    )
    how = "uncut" if reveal.cut is None else f"cut at {reveal.cut} cards"
    if seat is not None and cards is not None:
        if not 0 <= seat < rules.players:
            problems.append(f"seat {seat} is no seat of this table")
        elif CardSet(hands[seat]) != CardSet(Card.coerce(card) for card in cards):
            problems.append(f"seat {seat} was dealt other cards than this order, {how}, deals")
    if dealt is not None:
        if dealt.hand_number != number:
            problems.append(f"the deal given is of hand {dealt.hand_number + 1}")
        if dealt.dealer != reveal.dealer:
            problems.append(f"seat {dealt.dealer} dealt the hand, not seat {reveal.dealer}")
        if dealt.cut != reveal.cut:
            problems.append(f"the hand was cut at {dealt.cut}, not at {reveal.cut}")
        wrong = [
            str(s)
            for s, hand in enumerate(hands)
            if s >= len(dealt.hands) or CardSet(hand) != dealt.hands[s]
        ]
        if wrong:
            problems.append(f"{_seats_hold(wrong)} other cards than this order, {how}, deals")
        if tuple(stock) != tuple(dealt.stock):
            problems.append(f"the stock is not what this order, {how}, leaves")
    return problems
