"""The arena's results: each hand played, each bot's statistics over the hands, and their
intervals.

A run (:func:`hearts.arena.run`) gathers a :class:`HandRecord` for every hand it played, and
whether that hand ended a game; this module makes the :class:`ArenaResult` of them: per bot,
the mean result per hand and the margin against the others at the same tables, each as an
:class:`Estimate` with a 95% Student's t interval over the per-deal means (so the pairing of the
duplicate deals is respected), moons for and against, hands it took the Q♠ in, and games won.
Everything here is also importable from :mod:`hearts.arena`. Standard library only.

>>> estimate([1.0, 2.0, 3.0]).mean
2.0
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from hearts import variants
from hearts.cards import CardSet
from hearts.dealing import ARENA
from hearts.errors import InvalidArgument, UnknownName
from hearts.rules import Rules, SettlementMethod

__all__ = ["ArenaResult", "BotStats", "Estimate", "HandRecord", "deal_margins", "estimate"]

_T975: Final = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip
"""Student's t, 97.5th percentile, for 1 to 30 degrees of freedom."""


def _t975(freedom: int) -> float:
    """The 97.5th percentile of Student's t (the table to 30 degrees, then Cornish–Fisher).

    >>> _t975(1), _t975(30), round(_t975(120), 3)
    (12.706, 2.042, 1.98)
    """
    if freedom <= len(_T975):
        return _T975[freedom - 1]
    z = statistics.NormalDist().inv_cdf(0.975)
    v = float(freedom)
    return (
        z
        + (z**3 + z) / (4 * v)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * v**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * v**3)
    )


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean with its 95% confidence interval (``half_width`` is None from a single sample).

    >>> e = estimate([1.0, 2.0, 3.0])
    >>> e.mean, round(e.half_width or 0, 3), e.samples, (round(e.low, 3), round(e.high, 3))
    (2.0, 2.484, 3, (-0.484, 4.484))
    """

    mean: float
    half_width: float | None
    """The t interval's half width: the mean ± this covers the true mean 95% of the time."""
    samples: int
    """How many values (per-deal means) the estimate is made of."""

    @property
    def low(self) -> float:
        """The interval's lower end (the mean itself when there is no interval)."""
        return self.mean - (self.half_width or 0.0)

    @property
    def high(self) -> float:
        """The interval's upper end (the mean itself when there is no interval)."""
        return self.mean + (self.half_width or 0.0)

    def to_dict(self) -> dict[str, Any]:
        """The estimate for JSON: mean, and the interval as [low, high] (null from one sample)."""
        interval = None if self.half_width is None else [_round(self.low), _round(self.high)]
        return {"mean": _round(self.mean), "ci95": interval}


def estimate(values: Sequence[float]) -> Estimate:
    """The mean of some values with its 95% Student's t interval.

    >>> estimate([4.0]).half_width is None
    True
    >>> round(estimate([0.0, 10.0]).half_width or 0, 2)       # 12.706 * 5
    63.53
    >>> estimate([])
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: an estimate needs at least one value
    """
    if not values:
        raise InvalidArgument("an estimate needs at least one value")
    mean = statistics.fmean(values)
    if len(values) < 2:
        return Estimate(mean, None, len(values))
    spread = statistics.stdev(values) / math.sqrt(len(values))
    return Estimate(mean, _t975(len(values) - 1) * spread, len(values))


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand of the arena: a deal played in one rotation."""

    deal: int
    """The deal's number, from 0."""
    rotation: int
    seats: tuple[str, ...]
    """The bot in each seat."""
    results: tuple[int, ...]
    """Each seat's result: points taken (points games) or counters won (counters games)."""
    shooter: int | None
    """The seat that shot the moon, if any."""
    queens: tuple[int, ...]
    """The seats that took a Q♠."""
    dealt: tuple[CardSet, ...]
    """Each seat's cards as dealt (before any pass)."""


_Hand = tuple[HandRecord, tuple[str, ...] | None]
"""A hand played, and the winning bots of the game it ended (a bot once per winning seat), if
it ended one."""


@dataclass(frozen=True, slots=True)
class BotStats:
    """One bot's results over every seat it sat in."""

    bot: str
    seats: int
    """How many seats of each table it held."""
    hands: int
    """Hands played (a hand in two seats counts twice)."""
    per_hand: Estimate
    """Points taken per hand (points games; lower is better) or counters won per hand
    (counters games; higher is better)."""
    margin: Estimate
    """Its result minus the mean of the others' results in the same hand."""
    moons_for: int
    """Moons it shot."""
    moons_against: int
    """Moons shot by another seat in a hand it played."""
    queens: int
    """Hands in which it took the Q♠."""
    games_won: int
    """Games it won (a shared win counts for each winner, a game won in two seats twice)."""

    def to_dict(self) -> dict[str, Any]:
        """The statistics for JSON."""
        return {
            "bot": self.bot,
            "seats": self.seats,
            "hands": self.hands,
            "per_hand": self.per_hand.to_dict(),
            "margin": self.margin.to_dict(),
            "moons_for": self.moons_for,
            "moons_against": self.moons_against,
            "queens": self.queens,
            "games_won": self.games_won,
        }


@dataclass(frozen=True, slots=True)
class ArenaResult:
    """The results of a run: one :class:`BotStats` per bot, and every hand."""

    variant: str
    players: int
    bots: tuple[str, ...]
    """The bots as given, seat by seat in rotation 0."""
    deals: int
    seed: int
    rotations: int
    hands: int
    """Hands played: deals × rotations."""
    games: int
    """Games completed when each rotation's hands are chained into games."""
    unit: str
    """``points`` (taken per hand, lower is better) or ``counters`` (won, higher is better)."""
    stats: tuple[BotStats, ...]
    """One entry per distinct bot, in order of first appearance."""
    records: tuple[HandRecord, ...]
    """Every hand, in deal order, then rotation."""
    planned: int | None = None
    """For a run that was interrupted: the deals it was asked to play (``deals`` is then the
    deals every rotation had finished, and the results are theirs alone); None for a run that
    played them all."""
    dealing: str = ARENA
    """The version of the dealing schedule the deals were shuffled by (:mod:`hearts.dealing`)."""

    @property
    def interrupted(self) -> bool:
        """Whether the run was stopped before its last deal (the results are then partial)."""
        return self.planned is not None

    @property
    def higher_is_better(self) -> bool:
        """Whether a larger result per hand is better (counters games)."""
        return self.unit == "counters"

    def stats_of(self, bot: str) -> BotStats:
        """The statistics of one bot by name."""
        for entry in self.stats:
            if entry.bot == bot:
                return entry
        raise UnknownName.among(
            "bot", bot, [entry.bot for entry in self.stats], where=" in this arena"
        )

    def to_dict(self) -> dict[str, Any]:
        """The results for JSON (without the hands)."""
        return {
            "variant": self.variant,
            "players": self.players,
            "bots": list(self.bots),
            "deals": self.deals,
            "seed": self.seed,
            "dealing": self.dealing,
            "rotations": self.rotations,
            "hands": self.hands,
            "games": self.games,
            "unit": self.unit,
            "higher_is_better": self.higher_is_better,
            "stats": [entry.to_dict() for entry in self.stats],
            "interrupted": self.interrupted,
            "planned_deals": self.deals if self.planned is None else self.planned,
        }


def _round(value: float) -> float:
    return round(value, 4)


def _finished_deals(hands: Sequence[_Hand], rotations: int) -> int:
    """How many deals, from the first, every rotation has played."""
    played: dict[int, int] = {}
    for record, _ in hands:
        played[record.deal] = played.get(record.deal, 0) + 1
    finished = 0
    while played.get(finished, 0) == rotations:
        finished += 1
    return finished


def _result(
    rules: Rules,
    names: tuple[str, ...],
    seed: int,
    hands: Sequence[_Hand],
    deals: int,
    planned: int | None,
    dealing: str = ARENA,
) -> ArenaResult:
    """The results of the first ``deals`` deals (of ``planned`` when the run was interrupted)."""
    records = sorted(
        (record for record, _ in hands if record.deal < deals),
        key=lambda record: (record.deal, record.rotation),
    )
    winners = [game for record, game in hands if game is not None and record.deal < deals]
    return ArenaResult(
        variant=variants.name_of(rules),
        players=rules.players,
        bots=names,
        deals=deals,
        seed=seed,
        rotations=rules.players,
        hands=len(records),
        games=len(winners),
        unit="points" if rules.method is SettlementMethod.POINTS else "counters",
        stats=tuple(_stats(name, names, records, winners) for name in dict.fromkeys(names)),
        records=tuple(records),
        planned=planned,
        dealing=dealing,
    )


def deal_margins(records: Sequence[HandRecord], name: str) -> list[float]:
    """Per deal (in deal order), bot ``name``'s mean margin over the hands it played: its result
    minus the mean of the others at the same table — the values its margin's interval is over.

    >>> from hearts import variants
    >>> from hearts.arena import run
    >>> result = run(variants.get("modern"), ["basic", "random", "random", "random"], deals=2)
    >>> len(deal_margins(result.records, "basic"))
    2
    """
    by_deal: dict[int, list[float]] = {}
    for record in records:
        margins = by_deal.setdefault(record.deal, [])
        total = sum(record.results)
        for seat, bot in enumerate(record.seats):
            if bot == name:
                mine = record.results[seat]
                margins.append(mine - (total - mine) / (len(record.seats) - 1))
    return [statistics.fmean(margins) for _, margins in sorted(by_deal.items()) if margins]


def _stats(
    name: str,
    names: tuple[str, ...],
    records: Sequence[HandRecord],
    winners: Sequence[tuple[str, ...]],
) -> BotStats:
    """One bot's statistics from every hand (``records`` in deal order)."""
    by_deal: dict[int, list[float]] = {}
    hands = moons_for = moons_against = queens = 0
    for record in records:
        results = by_deal.setdefault(record.deal, [])
        for seat, bot in enumerate(record.seats):
            if bot != name:
                continue
            hands += 1
            results.append(record.results[seat])
            if record.shooter == seat:
                moons_for += 1
            elif record.shooter is not None:
                moons_against += 1
            if seat in record.queens:
                queens += 1
    per_deal = [statistics.fmean(results) for results in by_deal.values()]
    margin_per_deal = deal_margins(records, name)
    return BotStats(
        bot=name,
        seats=names.count(name),
        hands=hands,
        per_hand=estimate(per_deal),
        margin=estimate(margin_per_deal),
        moons_for=moons_for,
        moons_against=moons_against,
        queens=queens,
        games_won=sum(game.count(name) for game in winners),
    )
