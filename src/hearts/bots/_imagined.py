"""What the samplers share (:mod:`hearts.bots.sampler`, and Domino Hearts' deals in
:mod:`hearts.bots._domino_deals`): how often to try for a deal, the seats dealt cards, and the
hand played again from imagined hands, which keeps only the deals in which every recorded move
is legal. Both import this module, and neither the other.

>>> from hearts import Game, variants
>>> game = Game(variants.get("modern"), seed=3)
>>> view = game.view(0)
>>> _seats(view)
(0, 1, 2, 3)
>>> hands = [game.deal.hand(seat).mask for seat in range(4)]
>>> _replay(view, hands, [], [], None).hand(0) == view.hand    # the real deal fits its view
True
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts.cards import Card, CardSet
from hearts.deal import Deal
from hearts.errors import HeartsError
from hearts.moves import Move, Revoke
from hearts.observation import SeatView

_TRIES = 40
"""Attempts at one deal before :meth:`Sampler.sample` gives up (returns None)."""


def _seats(view: SeatView) -> tuple[int, ...]:
    """The seats that take cards this hand (the dealer sits out at a table of seven)."""
    rules = view.rules
    if rules.dealt_seats < rules.players:
        return tuple(s for s in range(rules.players) if s != view.dealer)
    return tuple(range(rules.players))


def _replay(
    view: SeatView,
    hands: list[int],
    stock: list[Card],
    moves: Sequence[tuple[int, Move]],
    namer: int | None,
) -> Deal | None:
    """The hand played again from imagined hands (as held after the pass) and stock; None if a
    recorded move would be illegal there or the seat would not be where the view shows it."""
    try:
        deal = Deal.from_hands(
            view.rules,
            [CardSet(mask) for mask in hands],
            dealer=view.dealer,
            hand_number=view.hand_number,
            pass_direction="hold",
            stock=stock,
            namer=namer,
        )
        for seat, move in moves:
            if isinstance(move, Card) and not deal.can_play(move) and view.rules.laws:
                move = Revoke(move)  # a revoke seen as a card played (laws option)
            deal.play(move, seat)
    except HeartsError:
        return None
    if deal.to_act != view.to_act or deal.hand(view.seat) != view.hand:
        return None
    return deal
