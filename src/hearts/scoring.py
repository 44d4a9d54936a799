"""Settling a hand: what each seat pays or wins for the penalty units it took.

Every function here is pure. It takes the penalty units each seat took in one hand (one number a
seat, in seat order) and, for the pool methods, the pool carried in; it returns a
:class:`Settlement` in counters for the classic methods (docs/rules.md §3: sweepstakes with Jacks,
Howell's settling, the simple method, the three-handed excess, the two-handed difference) or a
tuple of points for the modern running score (docs/rules.md §6.4–6.5: the moon, the no-trick bonus).
They know nothing of cards, rules or games: the caller counts the units and names the shooter.
:func:`settle` applies the rules' method to a finished hand (any :class:`SettledHand`, such as
a :class:`~hearts.deal.Deal`) and returns its :class:`Settlement`.

Every method also settles a hand with an established revoke (laws 23–24, docs/rules.md §8.2): the
caller names the revoking seats in ``revokers`` and the revoker pays all losses of the hand.


>>> sweepstakes([0, 5, 4, 4])
Settlement(deltas=(13, -5, -4, -4), pool=0, jack=False, winners=(0,))
>>> jack = sweepstakes([13, 0, 0, 0])
>>> jack.pool, jack.jack
(13, True)
>>> howell([3, 5, 5, 0], total=13).deltas
(1, -7, -7, 13)
>>> points([26, 0, 0, 0], shooter=0)
(0, 26, 26, 26)
>>> sweepstakes([0, 5, 4, 4], revokers=[1]).deltas
(13, -13, 0, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Protocol

from hearts.errors import InvalidArgument
from hearts.rules import (
    Excess,
    GameEnd,
    Howell,
    JackRule,
    Points,
    Rules,
    SettlementMethod,
    Simple,
    Sweepstakes,
    TieRule,
    TwoHanded,
)

__all__ = [
    "MOON_OPTIONS",
    "Settlement",
    "SettledHand",
    "settle",
    "game_winners",
    "excess",
    "howell",
    "points",
    "simple",
    "sweepstakes",
    "two_handed",
]

MOON_OPTIONS: Final = ("old", "new", "off")
"""The moon rules :func:`points` scores; the shooter's choice is settled by the caller first."""


@dataclass(frozen=True, slots=True)
class Settlement:
    """The counters one hand's settlement moved, and the pool it leaves for the next hand.

    Counters are neither made nor lost: ``sum(deltas) + pool`` after a hand equals the pool
    carried into it. Howell's settling, the excess and the two-handed methods use no pool, so
    their ``deltas`` add up to zero.

    >>> split = simple([4, 0, 0, 9])
    >>> split.deltas, split.pool, split.winners
    ((-4, 6, 6, -9), 1, (1, 2))
    >>> sum(split.deltas) + split.pool
    0
    """

    deltas: tuple[int, ...]
    """Net counters each seat gains (+) or pays (−) this hand, in seat order."""
    pool: int = 0
    """Counters left in the pool after this hand, carried to the next."""
    jack: bool = False
    """Whether the pool carried to the next hand is a Jack (law 29)."""
    winners: tuple[int, ...] = ()
    """Seats, in order, that won the pool (sweepstakes, simple) or were paid (the others)."""


def _units(
    penalties: Sequence[int],
    method: str,
    *,
    seats: int | None = None,
    negative: bool = False,
) -> tuple[int, ...]:
    """Check the penalty units of one hand and return them as a tuple."""
    units = tuple(penalties)
    if seats is not None and len(units) != seats:
        raise InvalidArgument(
            f"{method} is for exactly {seats} seats, but penalties were given for {len(units)}"
        )
    if len(units) < 2:
        raise InvalidArgument(
            f"{method} needs the penalties of at least two seats, but got {len(units)}"
        )
    for seat, unit in enumerate(units):
        if isinstance(unit, bool) or not isinstance(unit, int):
            raise InvalidArgument(
                f"{method}: seat {seat}'s penalty must be a whole number, not {unit!r}"
            )
        if unit < 0 and not negative:
            raise InvalidArgument(
                f"{method} counts penalty units of 0 or more, but seat {seat} took {unit}"
            )
    return units


def _check_count(value: int, what: str) -> None:
    """Refuse a count of counters or units that is not a whole number of 0 or more."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidArgument(f"{what} must be a whole number of 0 or more, not {value!r}")


def _revokers(revokers: Sequence[int], seats: int, method: str) -> frozenset[int]:
    """Check the seats named as having an established revoke this hand and return them."""
    named = tuple(revokers)
    for seat in named:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
            raise InvalidArgument(
                f"{method}: a revoker must be one of seats 0 to {seats - 1}, not {seat!r}"
            )
    for index, seat in enumerate(named):
        if seat in named[:index]:
            raise InvalidArgument(
                f"{method}: seat {seat} is named as a revoker twice; name each revoking seat once"
            )
    return frozenset(named)


def _revoker_pays_all_losses(deltas: Sequence[int], revokers: frozenset[int]) -> Settlement:
    """Move a zero-sum hand's losses onto its revokers (docs/rules.md §8.2, our reading).

    Each seat that is not a revoker keeps any gain it made and pays nothing; each revoker, as if
    alone in error (law 24), pays every such gain, so with k revokers each gain is paid k times.
    A revoker forfeits any gain of his own.
    """
    if not revokers:
        return Settlement(
            tuple(deltas), 0, False, tuple(seat for seat, net in enumerate(deltas) if net > 0)
        )
    gains = [0 if seat in revokers else max(net, 0) for seat, net in enumerate(deltas)]
    owed = sum(gains)
    settled = tuple(
        -owed if seat in revokers else len(revokers) * gain for seat, gain in enumerate(gains)
    )
    return Settlement(settled, 0, False, tuple(seat for seat, net in enumerate(settled) if net > 0))


def sweepstakes(
    penalties: Sequence[int],
    *,
    pool: int = 0,
    jack: bool = False,
    sole_clear_wins_jack: bool = True,
    revokers: Sequence[int] = (),
) -> Settlement:
    """Settle a hand by sweepstakes, with Jacks (law 29, docs/rules.md §3.1).

    Every seat pays one counter per unit into the pool. A sole clear seat (one that took no unit)
    takes the whole pool; two clear seats divide it, the odd counter staying for the next pool.
    With nobody clear, or three or more clear, nobody wins and the pool stays as a **Jack**. While
    a Jack is pending (``jack=True``) it is fed every hand and, under the laws, only a sole clear
    seat wins it; ``sole_clear_wins_jack=False`` lets it be won like any pool (Hoyle 1913).

    >>> sweepstakes([3, 0, 0, 10], pool=1)
    Settlement(deltas=(-3, 7, 7, -10), pool=0, jack=False, winners=(1, 2))
    >>> sweepstakes([3, 0, 0, 10], pool=13, jack=True)
    Settlement(deltas=(-3, 0, 0, -10), pool=26, jack=True, winners=())

    **Revokes** (laws 23–24, docs/rules.md §8.2). ``revokers`` names the seats with an established
    revoke this hand. The revoker pays all losses: the other seats pay nothing for their units,
    and each revoker pays T, all the units of the hand, into the pool, as if he were alone in
    error, so the pot is the pool plus k·T for k revokers. The pot is won as above, except that a
    revoker never wins:

    - a sole clear seat that did not revoke takes the pot (with two revokers, twice T: law 24);
    - two clear seats, neither a revoker, divide it as above (not while a Jack the laws keep for
      a sole clear seat is pending);
    - a revoker who is the sole clear seat does not win: his T stays in the pool as a Jack
      (law 23: "pay to the pool thirteen counters and leave them for a Jack");
    - a revoker who is one of two clear seats pays the other clear seat T // 2 out of his T and
      leaves the rest in the pool as a Jack (law 23, for T = 13: "pay the other winner six
      counters, and leave up seven for a Jack"); the old pool stays too. If the other clear seat
      also revoked, nobody is paid. Our reading, UNVERIFIED beyond four seats and T = 13: this
      applies only when the two would have divided the pool, so while a Jack pending under
      ``sole_clear_wins_jack`` the revoker's T simply feeds it;
    - otherwise (nobody clear, three or more clear) the pot stays as a Jack.

    >>> sweepstakes([0, 5, 4, 4], revokers=[1])
    Settlement(deltas=(13, -13, 0, 0), pool=0, jack=False, winners=(0,))
    >>> sweepstakes([0, 5, 4, 4], revokers=[0])
    Settlement(deltas=(-13, 0, 0, 0), pool=13, jack=True, winners=())
    >>> sweepstakes([0, 0, 9, 4], revokers=[0])
    Settlement(deltas=(-13, 6, 0, 0), pool=7, jack=True, winners=())
    >>> sweepstakes([0, 5, 4, 4], revokers=[1, 2]).deltas
    (26, -13, -13, 0)

    Counters are conserved either way: ``sum(deltas) + pool`` is the pool carried in.
    """
    units = _units(penalties, "sweepstakes")
    _check_count(pool, "the pool")
    revoked = _revokers(revokers, len(units), "sweepstakes")
    total = sum(units)
    if revoked:
        deltas = [-total if seat in revoked else 0 for seat in range(len(units))]
        pot = pool + len(revoked) * total
    else:
        deltas = [-unit for unit in units]
        pot = pool + total
    clear = tuple(seat for seat, unit in enumerate(units) if unit == 0)
    divides = len(clear) == 2 and not (jack and sole_clear_wins_jack)
    if revoked.intersection(clear):
        if divides and not revoked.issuperset(clear):
            (other,) = (seat for seat in clear if seat not in revoked)
            deltas[other] += total // 2
            pot -= total // 2
        return Settlement(tuple(deltas), pot, True, ())
    if len(clear) == 1:
        deltas[clear[0]] += pot
        return Settlement(tuple(deltas), 0, False, clear)
    if divides:
        share, odd = divmod(pot, 2)
        for seat in clear:
            deltas[seat] += share
        return Settlement(tuple(deltas), odd, False, clear)
    return Settlement(tuple(deltas), pot, True, ())


def howell(penalties: Sequence[int], *, total: int, revokers: Sequence[int] = ()) -> Settlement:
    """Settle a hand by Howell's method (docs/rules.md §3.2): no pool is left and there are no Jacks.

    Each of the N seats pays (N − 1) counters per unit taken and takes out ``total`` minus its own
    units, a net of ``total − N·units``. ``total`` is the units in play (T: 13 in the plain game),
    and every one of them must have been taken, or the pool would not empty.

    >>> howell([3, 5, 5, 0], total=13)
    Settlement(deltas=(1, -7, -7, 13), pool=0, jack=False, winners=(0, 3))

    **Revokes** (docs/rules.md §8.2 default; the laws do not spell out Howell's settling, so this is
    our reading, UNVERIFIED). ``revokers`` names the seats with an established revoke. The nets
    are computed as usual; each seat that did not revoke keeps its gain and pays nothing, and each
    revoker pays the sum of those gains, as if alone in error (law 24): with k revokers every
    gain is received k times. A revoker forfeits any gain of his own. Still zero-sum.

    >>> howell([3, 5, 5, 0], total=13, revokers=[1])
    Settlement(deltas=(1, -14, 0, 13), pool=0, jack=False, winners=(0, 3))
    """
    units = _units(penalties, "Howell's settling")
    _check_count(total, "the total in play")
    revoked = _revokers(revokers, len(units), "Howell's settling")
    if sum(units) != total:
        raise InvalidArgument(
            f"Howell's settling needs every penalty unit in play to be taken, "
            f"but the seats took {sum(units)} of {total}"
        )
    seats = len(units)
    return _revoker_pays_all_losses([total - seats * unit for unit in units], revoked)


def simple(penalties: Sequence[int], *, pool: int = 0, revokers: Sequence[int] = ()) -> Settlement:
    """Settle a hand by Hoyle's simple method (docs/rules.md §3.3).

    Every seat pays one counter per unit into the pool; the seat with the fewest units takes it.
    Seats tied for fewest divide it equally, and what does not divide stays in the pool.

    >>> simple([1, 1, 1, 10])
    Settlement(deltas=(3, 3, 3, -10), pool=1, jack=False, winners=(0, 1, 2))

    **Revokes** (laws 23–24 carried over to this method, docs/rules.md §8.2; our reading). Each seat
    in ``revokers`` pays T, all the units of the hand, into the pool and the others pay nothing;
    the pot goes to the seat or seats with the fewest units among those that did not revoke,
    divided as above. If every seat revoked, nobody wins and the pot stays in the pool.

    >>> simple([1, 5, 3, 4], revokers=[0])
    Settlement(deltas=(-13, 0, 13, 0), pool=0, jack=False, winners=(2,))
    """
    units = _units(penalties, "the simple method")
    _check_count(pool, "the pool")
    revoked = _revokers(revokers, len(units), "the simple method")
    if revoked:
        total = sum(units)
        pot = pool + len(revoked) * total
        paid = [-total if seat in revoked else 0 for seat in range(len(units))]
        innocent = [unit for seat, unit in enumerate(units) if seat not in revoked]
        if not innocent:
            return Settlement(tuple(paid), pot, False, ())
        fewest = min(innocent)
        winners = tuple(
            seat for seat, unit in enumerate(units) if unit == fewest and seat not in revoked
        )
        share, rest = divmod(pot, len(winners))
        for seat in winners:
            paid[seat] += share
        return Settlement(tuple(paid), rest, False, winners)
    fewest = min(units)
    winners = tuple(seat for seat, unit in enumerate(units) if unit == fewest)
    share, rest = divmod(pool + sum(units), len(winners))
    deltas = tuple(share - unit if unit == fewest else -unit for unit in units)
    return Settlement(deltas, rest, False, winners)


def excess(penalties: Sequence[int], *, revokers: Sequence[int] = ()) -> Settlement:
    """Settle a three-handed hand by the excess (docs/rules.md §3.5): zero-sum, no pool.

    Every seat with the most units pays every seat with fewer the difference between the two.
    If all three took the same, nobody pays.

    >>> excess([8, 4, 1]).deltas
    (-11, 4, 7)
    >>> excess([6, 6, 1]).deltas
    (-5, -5, 10)

    **Revokes** (docs/rules.md §8.2): the laws say only that the revoker pays all losses, so, as our
    reading (UNVERIFIED), the rule given for Howell's settling applies to the excess deltas: each
    seat that did not revoke keeps its gain and pays nothing, each revoker pays all those gains
    (k revokers: each gain k times), and a revoker forfeits any gain of his own.

    >>> excess([8, 4, 1], revokers=[1]).deltas
    (0, -7, 7)
    """
    units = _units(penalties, "the excess settlement", seats=3)
    revoked = _revokers(revokers, len(units), "the excess settlement")
    if revoked:
        return _revoker_pays_all_losses(excess(units).deltas, revoked)
    most = max(units)
    payers = sum(1 for unit in units if unit == most)
    owed = sum(most - unit for unit in units)
    deltas = tuple(-owed if unit == most else payers * (most - unit) for unit in units)
    return Settlement(
        deltas, 0, False, tuple(seat for seat, unit in enumerate(units) if unit < most)
    )


def two_handed(
    penalties: Sequence[int], *, free_hearts: int = 0, revokers: Sequence[int] = ()
) -> Settlement:
    """Settle a two-handed hand (docs/rules.md §3.6): the seat with more units pays the other.

    With ``free_hearts=0`` (option A, the default) the loser pays the difference. With a positive
    ``free_hearts`` (option B: Foster's is 6) the loser's first units are free and he pays one
    for each unit above them, whatever the winner took. Equal units: nobody pays.

    >>> two_handed([10, 3]).deltas
    (-7, 7)
    >>> two_handed([10, 3], free_hearts=6).deltas
    (-4, 4)

    **Revokes** (docs/rules.md §8.2): as our reading (UNVERIFIED), the rule given for Howell's
    settling applies to the deltas above: a revoker who lost pays as usual, a revoker who won
    forfeits his gain (nobody pays), and if both revoked nobody pays.

    >>> two_handed([3, 10], revokers=[0]).deltas
    (0, 0)
    """
    units = _units(penalties, "the two-handed settlement", seats=2)
    _check_count(free_hearts, "free_hearts")
    revoked = _revokers(revokers, len(units), "the two-handed settlement")
    if revoked:
        return _revoker_pays_all_losses(two_handed(units, free_hearts=free_hearts).deltas, revoked)
    if units[0] == units[1]:
        return Settlement((0, 0))
    loser = 0 if units[0] > units[1] else 1
    winner = 1 - loser
    difference = units[loser] - units[winner]
    owed = max(0, units[loser] - free_hearts) if free_hearts else difference
    deltas = [0, 0]
    deltas[loser] -= owed
    deltas[winner] += owed
    return Settlement(tuple(deltas), 0, False, (winner,) if owed else ())


def points(
    penalties: Sequence[int],
    *,
    shooter: int | None = None,
    moon: str = "old",
    moon_total: int = 26,
    no_trick: Sequence[bool] | None = None,
    no_trick_bonus: int = 0,
    no_trick_with_moon: bool = True,
    revokers: Sequence[int] = (),
) -> tuple[int, ...]:
    """Score a hand in points for the modern running score (docs/rules.md §6.4, §6.5).

    ``penalties`` may hold negative units (the Omnibus J♦ is −10). ``shooter`` is the seat that
    took every card counting against, as the caller decided, or ``None``. Under the old moon the
    shooter scores ``moon_total`` less and every other seat ``moon_total`` more; under the new
    moon the shooter scores ``moon_total`` below zero, plus any negative cards, and the others
    their own units; with ``moon="off"`` (or no shooter) points are the units. Each seat marked in
    ``no_trick`` as having won no trick subtracts ``no_trick_bonus`` — in a hand where the moon
    is scored too unless ``no_trick_with_moon`` is False (OpenSpiel's way: the moon alone).

    >>> points([16, 0, -10, 0], shooter=0, moon="new")
    (-36, 0, -10, 0)
    >>> points([13, 13, 0, 0], no_trick=[False, False, False, True], no_trick_bonus=5)
    (13, 13, 0, -5)
    >>> shot = dict(shooter=0, no_trick=[False, True, False, False], no_trick_bonus=5)
    >>> points([26, 0, 0, 0], **shot), points([26, 0, 0, 0], **shot, no_trick_with_moon=False)
    ((0, 21, 26, 26), (0, 26, 26, 26))

    **Revokes** (docs/rules.md §8.2, the modern comparison (pokerwiner): "the revoker is charged all 26
    points"). With ``revokers`` named, each revoker scores ``moon_total`` (the penalty total of
    the form, 26 in Black Lady) for the hand and every other seat scores 0; the moon and the
    no-trick bonus do not apply to that hand. Several revokers each scoring the whole total is
    our generalisation (law 24), UNVERIFIED for the modern game.

    >>> points([10, 16, 0, 0], revokers=[2])
    (0, 0, 26, 0)
    """
    units = _units(penalties, "points", negative=True)
    seats = len(units)
    if moon not in MOON_OPTIONS:
        raise InvalidArgument(
            f'moon must be "old", "new" or "off", not {moon!r} '
            "(settle the shooter's choice before scoring)"
        )
    if shooter is not None and (
        isinstance(shooter, bool) or not isinstance(shooter, int) or not 0 <= shooter < seats
    ):
        raise InvalidArgument(f"the shooter must be one of seats 0 to {seats - 1}, not {shooter!r}")
    _check_count(moon_total, "moon_total")
    _check_count(no_trick_bonus, "no_trick_bonus")
    if not isinstance(no_trick_with_moon, bool):
        raise InvalidArgument(
            f"no_trick_with_moon must be True or False, not {no_trick_with_moon!r}"
        )
    flags = tuple(no_trick) if no_trick is not None else (False,) * seats
    if len(flags) != seats:
        raise InvalidArgument(
            f"no_trick needs one flag for each of the {seats} seats, but got {len(flags)}"
        )
    if shooter is not None and flags[shooter]:
        raise InvalidArgument(
            "{shooter} cannot both shoot the moon and win no trick", shooter=shooter
        )
    revoked = _revokers(revokers, seats, "points")
    if revoked:
        return tuple(moon_total if seat in revoked else 0 for seat in range(seats))
    scores = list(units)
    if shooter is not None and moon == "old":
        scores = [
            unit - moon_total if seat == shooter else unit + moon_total
            for seat, unit in enumerate(units)
        ]
    elif shooter is not None and moon == "new":
        scores[shooter] -= 2 * moon_total
    if shooter is not None and moon != "off" and not no_trick_with_moon:
        return tuple(scores)  # the moon is scored alone
    for seat, flag in enumerate(flags):
        if flag:
            scores[seat] -= no_trick_bonus
    return tuple(scores)


class SettledHand(Protocol):
    """What :func:`settle` reads of a finished hand (a :class:`~hearts.deal.Deal` is one)."""

    @property
    def rules(self) -> Rules: ...

    @property
    def seats(self) -> tuple[int, ...]: ...

    @property
    def bidder(self) -> int | None: ...

    @property
    def high_bid(self) -> int: ...

    @property
    def revokers(self) -> tuple[int, ...]: ...

    def penalties(self) -> tuple[int, ...]: ...

    def points(self) -> tuple[int, ...]: ...


def settle(hand: SettledHand, *, pool: int = 0, jack: bool = False) -> Settlement:
    """What a finished hand moves by its rules' settlement: each seat's change (points, or
    counters won and paid), and the pool and Jack it leaves (laws 23–24, 29).

    ``pool`` and ``jack`` are those carried into the hand. A game settles its hands with it; a
    searching bot scores the deals it imagines with it. In a points game the deltas are the
    hand's points and the pool is untouched.

    >>> import random
    >>> from hearts import Game, variants
    >>> deal = Game(variants.get("classic"), seed=1).deal.copy()
    >>> rng = random.Random(1)
    >>> while not deal.is_over:
    ...     _ = deal.play(rng.choice(deal.legal_moves()))
    >>> result = settle(deal)
    >>> sum(result.deltas) + result.pool
    0
    """
    rules = hand.rules
    method = rules.settlement
    if isinstance(method, Points):
        return Settlement(tuple(hand.points()), pool, jack)
    seats = hand.seats
    penalties = hand.penalties()
    units = [penalties[s] for s in seats]
    deltas = [0] * rules.players
    carried = pool
    bid = hand.high_bid if rules.auction else 0
    if bid and hand.bidder is not None:
        # The highest bidder pays his bid into the pool before it is settled; a Jack's namer
        # bid nothing this hand.
        deltas[hand.bidder] -= bid
        pool += bid
    # The laws option: established revokers pay all the losses of the hand (laws 23–24), and
    # in Auction Hearts the amount of the bid as well, into the pool.
    revokers = [seats.index(seat) for seat in hand.revokers]
    if revokers and bid:
        for seat in hand.revokers:
            deltas[seat] -= bid
            pool += bid
    if isinstance(method, Sweepstakes):
        # (Auction Hearts: the units are the cards of the named suit.)
        result = sweepstakes(
            units,
            pool=pool,
            jack=jack,
            sole_clear_wins_jack=method.jack_rule is JackRule.SOLE_CLEAR,
            revokers=revokers,
        )
    elif isinstance(method, Howell):
        result = howell(units, total=rules.penalty_total, revokers=revokers)
    elif isinstance(method, Simple):
        result = simple(units, pool=carried, revokers=revokers)
    elif isinstance(method, Excess):
        result = excess(units, revokers=revokers)
    else:
        assert isinstance(method, TwoHanded)
        result = two_handed(units, free_hearts=method.free_hearts, revokers=revokers)
    for seat, delta in zip(seats, result.deltas, strict=True):
        deltas[seat] += delta
    winners = tuple(seats[i] for i in result.winners)
    return Settlement(tuple(deltas), result.pool, result.jack, winners)


def game_winners(rules: Rules, totals: Sequence[int], hands_played: int) -> tuple[int, ...]:
    """The seats that win if the game ends with these totals after this many hands, else ().

    The game ends when its rules say (a target reached, the deals played, a seat bankrupt, or
    a seat's winnings reaching the target); seats tied for the best total play on where that
    can part them fairly (a points game to a target, or a number of deals).

    >>> from hearts import variants
    >>> game_winners(variants.get("modern"), [101, 40, 60, 70], 8)
    (1,)
    >>> game_winners(variants.get("modern"), [90, 40, 60, 70], 8)
    ()
    """
    end = rules.end
    if end is GameEnd.TARGET:
        finished = max(totals) >= rules.target
    elif end is GameEnd.DEALS:
        finished = hands_played >= rules.deals
    elif end is GameEnd.BANKRUPT:
        finished = min(totals) <= 0
    else:
        finished = max(totals) - rules.start_counters >= rules.target
    if not finished:
        return ()
    best = min(totals) if rules.method is SettlementMethod.POINTS else max(totals)
    winners = tuple(seat for seat, total in enumerate(totals) if total == best)
    # Tied seats play on only where playing on can part them fairly: a points game to a
    # target, or a number of deals. When a seat has lost all its counters, or one has won
    # the agreed number, the game is over and the richest share the win.
    if (
        len(winners) > 1
        and rules.ties is TieRule.CONTINUE
        and end in (GameEnd.TARGET, GameEnd.DEALS)
    ):
        return ()
    return winners
