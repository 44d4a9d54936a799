"""The mechanics of one hand, each a unit of its own, under :class:`hearts.deal.Deal`.

:mod:`hearts.hand.core` holds what every hand has: the cards of each seat, the trick on the
table, the tricks taken, the log and the undo stack, and the trick loop (who may play what, who
takes a trick, the end of play); :mod:`hearts.hand.api` the commands it offers the mechanics,
:mod:`hearts.hand.plan` how they plug in, :mod:`hearts.hand.phase` the phases. Every other
mechanic lives in a module of its own behind :mod:`hearts.hand.mechanic`: the interface a
mechanic offers the hand (:class:`~hearts.hand.mechanic.Mechanic`), and the small API the hand
offers it (:class:`~hearts.hand.mechanic.Hand`):

- :mod:`~hearts.hand.passing`: the pass after the deal (its choices:
  :mod:`~hearts.hand.choices`);
- :mod:`~hearts.hand.auction`: Auction Hearts' bidding and the suit named;
- :mod:`~hearts.hand.widow`: the cards left over from the deal (Heartsette's widow and
  discard, Cancellation Hearts' leftovers);
- :mod:`~hearts.hand.cancellation`: Cancellation Hearts' twins and carried tricks;
- :mod:`~hearts.hand.stock`: two-handed Hearts' draws from the stock;
- :mod:`~hearts.hand.domino`: Domino Hearts' draws to follow and seats dropping out;
- :mod:`~hearts.hand.moon`: the shooter's choice of how the moon is scored;
- :mod:`~hearts.hand.laws`: the laws' revokes, corrections, calls and claims.

A :class:`~hearts.deal.Deal` builds the mechanics its rules name when the hand is dealt and
plugs those that change the trick loop in at fixed points. ``docs/architecture.md`` says how.
"""
