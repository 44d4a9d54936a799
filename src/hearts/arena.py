"""The arena: bots measured against each other on duplicate deals.

Deal ``i`` of a run is shuffled from the run's seed alone (``random.Random(f"{seed}:{i}")``), so
its hands are fixed seat by seat. Each deal is played once for every rotation of the bots through
the seats (rotation ``r`` puts ``bots[(seat + r) % n]`` in ``seat``), so every bot holds every
seat's cards of every deal, and the luck of the cards cancels out of the comparison.

For each rotation the deals are played in order and chained into games by the rules' end (a
points game to its target, a counters game to a bankruptcy, ...), a new game starting when one
ends; a game still running when the deals run out is not counted. The hand statistics come from
the same hands. A hand's pass direction and dealer are those of its place in its game, so once
the games of two rotations differ in length the same deal may be passed another way (the cards
stay the same).

Each hand's bots are made afresh from their names and a seed drawn from the run's seed, the deal,
the rotation and the seat, so a run repeats exactly and does not depend on how the work is
split: ``workers`` local processes each play whole rotations (or whole blocks of consecutive
deals, ``block``), and the results are gathered in deal order.

Results per bot (every seat it sat in pooled): hands played, the mean result per hand with a 95%
confidence interval (points per hand in a points game, lower better; counters won per hand in a
counters game, higher better), the margin against the others at the same tables (the bot's
result minus the mean of the others' results in the same hand) with its interval, moons shot for
and against, hands in which it took the Q♠, and games won (a shared win counts for each winner).
The intervals are Student's t intervals over the per-deal means, so the pairing of the duplicate
deals is respected.

>>> from hearts import variants
>>> result = run(variants.get("modern"), ["basic", "random", "random", "random"], deals=2, seed=1)
>>> result.hands, [(s.bot, s.hands) for s in result.stats]
(8, [('basic', 8), ('random', 24)])
>>> basic = result.stats[0]
>>> basic.per_hand.mean == sum(r.results[r.seats.index("basic")] for r in result.records) / 8
True

Each process plays its share of the work deal by deal across its rotations, so the deals are
finished in order, all rotations together. Ctrl+C (KeyboardInterrupt) stops a run at once: the
processes are stopped (none is left running) and :class:`Interrupted` carries the results of the
deals every rotation had finished.

With ``ray`` the work runs as Ray tasks instead (``pip install 'hearts[ray]'``): on a local
Ray instance, or on the cluster at an address. The units are shared among as many tasks as the
cluster has CPUs (one unit each at most), each playing its share deal by deal as a worker process
does and sending its hands in batches as it goes; the hands are gathered in deal order, so the
result is the same as that of local processes with the same seed. Ctrl+C cancels the tasks, and
:class:`Interrupted` carries the deals every rotation had finished, as above. The ``hearts``
package must be importable on every node of the cluster (installed there, the same version).

This module is a face (it starts processes) but draws nothing: progress goes to a callback.
Ray is imported only when a run asks for it.
"""

from __future__ import annotations

import hashlib
import logging
import math
import multiprocessing
import os
import pickle
import queue as queue_module
import random
import signal
import socket
import statistics
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from multiprocessing.process import BaseProcess
from typing import Any, Final

from hearts import bots as bot_registry
from hearts import interrupts, table, variants
from hearts.bots.base import Bot
from hearts.cards import QUEEN_OF_SPADES, CardSet, cards_of
from hearts.errors import InvalidArgument, UnknownName
from hearts.events import Dealt
from hearts.game import Game
from hearts.rules import Rules, SettlementMethod

__all__ = [
    "ArenaResult",
    "BotStats",
    "Estimate",
    "HandRecord",
    "Interrupted",
    "Maker",
    "Progress",
    "deal_hands",
    "deal_margins",
    "estimate",
    "run",
]

Progress = Callable[[int, int], None]
"""A progress callback: called in the calling process with (hands played, hands in all)."""

Maker = Callable[[int], Bot]
"""A maker of a bot that is not in :mod:`hearts.bots` (a learned policy, say): given the hand's
seed, a new bot. :func:`run` takes them by name in ``makers``."""

_QUEENS_OF_SPADES: Final = 1 << QUEEN_OF_SPADES | 1 << (QUEEN_OF_SPADES ^ 64)
"""The Q♠ of the first and of the second pack (a card's twin of the other pack is ``card ^ 64``)."""

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
            "rotations": self.rotations,
            "hands": self.hands,
            "games": self.games,
            "unit": self.unit,
            "higher_is_better": self.higher_is_better,
            "stats": [entry.to_dict() for entry in self.stats],
            "interrupted": self.interrupted,
            "planned_deals": self.deals if self.planned is None else self.planned,
        }


class Interrupted(KeyboardInterrupt):
    """A run stopped by Ctrl+C: its processes are stopped, and ``partial`` holds the results of
    the deals every rotation had finished (None when not one deal was finished)."""

    def __init__(self, partial: ArenaResult | None, planned: int) -> None:
        super().__init__(f"the arena was interrupted before deal {planned} was played")
        self.partial = partial
        self.planned = planned


def _round(value: float) -> float:
    return round(value, 4)


# ---------------------------------------------------------------------- deals


def _deck(rules: Rules, seed: int, number: int) -> list[Any]:
    return table.shuffle(cards_of(rules.pack), random.Random(f"{seed}:{number}"))


def deal_hands(
    rules: Rules, seed: int, number: int, dealer: int | None = None
) -> tuple[tuple[CardSet, ...], tuple[Any, ...]]:
    """The hands (seat by seat) and the stock of deal ``number`` of a run with this seed.

    The pack is shuffled from ``f"{seed}:{number}"`` and dealt with seat 0 the eldest hand.
    Where the dealer sits out (seven at a table), the cards are dealt by ``dealer``.

    >>> from hearts import variants
    >>> hands, stock = deal_hands(variants.get("modern"), 1, 0)
    >>> [len(hand) for hand in hands], stock
    ([13, 13, 13, 13], ())
    >>> deal_hands(variants.get("modern"), 1, 0) == (hands, stock)
    True
    """
    deck = _deck(rules, seed, number)
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


_Hand = tuple[HandRecord, tuple[str, ...] | None]
"""A hand played, and the winning bots of the game it ended (a bot once per winning seat), if
it ended one."""


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
            hands, stock = deal_hands(rules, unit.seed, number, dealer)
        else:
            if number not in fixed:
                fixed[number] = deal_hands(rules, unit.seed, number)
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
) -> list[_Unit]:
    """The work, deal by deal: every rotation of the first block, then of the next, ..."""
    return [
        _Unit(rules, bots, seed, rotation, first, min(first + block, deals), think, samples, makers)
        for first in range(0, deals, block)
        for rotation in range(rules.players)
    ]


# ---------------------------------------------------------------------- processes

_POSIX: Final = interrupts.POSIX
"""Whether signals can be blocked and sent (not on Windows, where a worker is terminated)."""
_STOP_WAIT: Final = 2.0
"""Seconds the workers are given to report their last hands once told to stop."""


def _work(index: int, units: Sequence[_Unit], out: Any) -> None:
    """A worker process: play its units, sending each hand as it is finished, then a last word
    (``done``, ``stopped`` on Ctrl+C, or ``failed`` with the error)."""
    try:
        if _POSIX:
            signal.signal(signal.SIGINT, interrupts.stop)
            # It was started with Ctrl+C blocked, so that one during its start waits until here.
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        for hand in _interleave(units):
            out.put(("hand", index, hand))
    except KeyboardInterrupt:
        out.put(("stopped", index, None))
    except BaseException as error:  # sent to the parent, which raises it
        out.put(("failed", index, _sendable(error)))
    else:
        out.put(("done", index, None))


def _sendable(error: BaseException) -> BaseException:
    """The error itself if it survives pickling, else a RuntimeError saying what it was."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error


def _run_processes(
    units: list[_Unit], workers: int, hands: list[_Hand], report: Callable[[], None]
) -> None:
    """Play the units on ``workers`` processes, each its share deal by deal; the hands are
    appended to ``hands`` as they come. On any exception (Ctrl+C included) the processes are
    told to stop, their last hands gathered, and every one of them ended before it goes on."""
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    count = min(workers, len(units))
    processes = [
        context.Process(target=_work, args=(index, units[index::count], out), daemon=True)
        for index in range(count)
    ]
    running = set(range(count))
    silent: set[int] = set()

    def receive(timeout: float) -> None:
        try:
            kind, index, payload = out.get(timeout=timeout)
        except queue_module.Empty:
            # A worker flushes its words before it ends: one that has ended, and still said
            # nothing after another wait, died without a last word.
            for index in list(running):
                if processes[index].is_alive():
                    continue
                if index in silent:
                    running.discard(index)
                    code = processes[index].exitcode
                    raise RuntimeError(
                        f"arena worker {index} ended unexpectedly (exit code {code})"
                    ) from None
                silent.add(index)
            return
        if kind == "hand":
            hands.append(payload)
            report()
            return
        running.discard(index)
        if kind == "failed":
            raise payload

    try:
        with interrupts.blocked():
            for process in processes:
                process.start()
        while running:
            receive(0.2)
    except BaseException:
        _stop(processes, running, receive)
        raise
    finally:
        for process in processes:
            if process.pid is not None:
                process.join(timeout=1.0)
                if process.is_alive():  # pragma: no cover - a worker deaf to terminate()
                    process.kill()
                    process.join()
        out.close()
        out.cancel_join_thread()


def _stop(
    processes: Sequence[BaseProcess], running: set[int], receive: Callable[[float], None]
) -> None:
    """Tell the running workers to stop, gather the hands they finished, then end them."""
    try:
        for index in running:
            process = processes[index]
            if process.is_alive() and process.pid is not None:
                if _POSIX:
                    os.kill(process.pid, signal.SIGINT)
                else:  # pragma: no cover - Windows: no signal to send
                    process.terminate()
        deadline = time.monotonic() + _STOP_WAIT
        while running and time.monotonic() < deadline:
            # A worker that failed or died while stopping is stopped all the same.
            with suppress(Exception):
                receive(0.05)
    finally:
        for process in processes:
            if process.is_alive():
                process.terminate()


# ---------------------------------------------------------------------- Ray

_RAY_BATCH: Final = 0.25
"""Seconds a Ray task gathers hands before it sends them (and it sends its last ones at its end)."""
_RAY_CONNECT_WAIT: Final = 5.0
"""Seconds given to a cluster's address to answer before the run is refused (Ray itself would
wait minutes)."""


def _ray_share(units: Sequence[_Unit]) -> Iterator[list[_Hand]]:
    """A Ray task: play a share of the units deal by deal (as a worker process does), yielding
    the hands in batches as they are finished."""
    batch: list[_Hand] = []
    sent = time.monotonic()
    for hand in _interleave(units):
        batch.append(hand)
        if time.monotonic() - sent >= _RAY_BATCH:
            yield batch
            batch = []
            sent = time.monotonic()
    if batch:
        yield batch


def _ray_module() -> Any:
    """Ray, imported now; refused in a sentence when it is not installed."""
    try:
        import ray  # optional, and slow to import: only when a run asks for it
    except ImportError:
        raise InvalidArgument(
            "the arena runs on Ray only with Ray installed: install the ray extra "
            "(pip install 'hearts[ray]')"
        ) from None
    return ray


def _check_answers(address: str) -> None:
    """Refuse a ``host:port`` address at which nothing answers, at once (other forms, such as
    ``auto`` or ``ray://...``, are left to Ray)."""
    host, colon, port = address.rpartition(":")
    if not colon or not port.isdigit() or "/" in host or not host:
        return
    try:
        with socket.create_connection((host.strip("[]"), int(port)), _RAY_CONNECT_WAIT):
            pass
    except OSError as error:
        reason = error.strerror or str(error) or type(error).__name__
        raise InvalidArgument(
            f"no Ray cluster answers at {address} ({reason.lower()}): start one there "
            "(ray start --head) or give the address of a running one"
        ) from None


@contextmanager
def _ray_connected(ray_api: Any, ray: bool | str) -> Iterator[None]:
    """Connected to Ray for a run: the connection this process has, or one made (and closed
    after) as ``ray`` says."""
    if ray_api.is_initialized():
        yield
        return
    address = None if ray is True else str(ray).strip()
    if address is not None:
        _check_answers(address)
    try:
        ray_api.init(address=address, logging_level=logging.WARNING, log_to_driver=False)
    except (ConnectionError, ValueError, RuntimeError) as error:
        where = "a local Ray" if address is None else f"the Ray cluster at {address}"
        raise InvalidArgument(f"could not connect to {where}: {error}") from None
    try:
        yield
    finally:
        ray_api.shutdown()


def _run_ray(
    units: list[_Unit], ray: bool | str, hands: list[_Hand], report: Callable[[], None]
) -> None:
    """Play the units as Ray tasks, a share per CPU of the cluster; the hands are appended to
    ``hands`` as their batches come. On any exception (Ctrl+C included) the tasks are cancelled."""
    ray_api = _ray_module()
    with _ray_connected(ray_api, ray):
        cpus = int(ray_api.cluster_resources().get("CPU", 1))
        count = max(1, min(cpus, len(units)))
        task = ray_api.remote(num_cpus=1)(_ray_share)
        streams = [task.remote(units[index::count]) for index in range(count)]
        pending = list(streams)
        try:
            while pending:
                ready, _ = ray_api.wait(pending, num_returns=1, timeout=0.2)
                for stream in ready:
                    try:
                        batch = next(stream)
                    except StopIteration:
                        pending.remove(stream)
                        continue
                    hands.extend(ray_api.get(batch))
                    report()
        except BaseException:
            for stream in streams:
                with suppress(Exception):
                    ray_api.cancel(stream, force=False)
            raise


# ---------------------------------------------------------------------- results


def _check(
    rules: Rules,
    names: Sequence[str],
    deals: int,
    workers: int,
    block: int,
    seed: int,
    think: float | None,
    samples: int | None,
    progress: Progress | None,
    makers: Mapping[str, Maker],
    ray: bool | str = False,
) -> None:
    if not isinstance(rules, Rules):
        raise InvalidArgument(f"an arena needs Rules, not {type(rules).__name__}")
    if isinstance(names, str) or not isinstance(names, Sequence) or len(names) != rules.players:
        count = len(names) if isinstance(names, Sequence) and not isinstance(names, str) else 1
        raise InvalidArgument(
            f"{variants.name_of(rules)} has {rules.players} seats: give {rules.players} bots, "
            f"not {count}"
        )
    for name in names:
        # An unknown name says which names there are; a bad budget says why.
        if name.strip().lower() not in makers:
            bot_registry.get(name, think=think, samples=samples)
    for option, value in (("deals", deals), ("workers", workers), ("block", block)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise InvalidArgument(f"{option} must be a whole number of at least 1, not {value!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidArgument(f"seed must be a whole number, not {seed!r}")
    if progress is not None and not callable(progress):
        raise InvalidArgument("progress must be a function of (done, total)")
    if not isinstance(ray, bool | str) or (isinstance(ray, str) and not ray.strip()):
        raise InvalidArgument(
            f"ray must be True (a local Ray) or the address of a Ray cluster, not {ray!r}"
        )
    if ray is not False and workers != 1:
        raise InvalidArgument(
            "workers are local processes: on Ray the cluster's CPUs share the work, so give "
            "no workers with ray"
        )


def run(
    rules: Rules,
    bots: Sequence[str],
    *,
    deals: int,
    seed: int = 0,
    workers: int = 1,
    think: float | None = None,
    samples: int | None = None,
    block: int | None = None,
    progress: Progress | None = None,
    makers: Mapping[str, Maker] | None = None,
    ray: bool | str = False,
) -> ArenaResult:
    """Play ``deals`` duplicate deals once for every rotation of ``bots`` through the seats.

    ``bots`` names one bot per seat (:func:`hearts.bots.get`); ``think`` and ``samples`` go to
    the bots that search. ``workers`` local processes share the work (1: play here); each
    plays whole rotations, or whole blocks of ``block`` consecutive deals when given (games are
    chained within a block, so ``block`` changes the games, ``workers`` never changes
    anything). ``progress(done, total)`` is called in this process as hands are played.

    ``makers`` seats bots that are not in :mod:`hearts.bots`: a name of ``bots`` found there
    (case does not matter) is made by its :data:`Maker` from the hand's seed, as a named bot is
    (``think`` and ``samples`` are not given to it). A maker may not take a registered bot's
    name, and with more than one worker the makers must survive pickling (a class or a function
    at a module's top level, or a :func:`functools.partial` of one): the processes are started
    afresh.

    ``ray`` plays the units as Ray tasks instead of local processes, with the same result:
    ``True`` connects to the Ray of this process if there is one, else does as ``ray.init()``
    (the cluster of ``RAY_ADDRESS`` or the one last started on this machine, else a new local
    instance); a string is a cluster's address for ``ray.init(address=...)`` (``host:port``,
    ``auto``, ...). A connection this run made is closed at its end (and a local instance it
    started is stopped). Without Ray installed, an address that does not answer, or ``workers``
    given too, it is refused in a sentence.

    Ctrl+C (KeyboardInterrupt) stops the run at once and raises :class:`Interrupted` (itself a
    KeyboardInterrupt) once every worker process has ended: its ``partial`` result is that of
    the deals, from the first, that every rotation had finished.

    >>> from hearts import variants
    >>> rules = variants.get("modern")
    >>> result = run(rules, ["random", "basic", "random", "basic"], deals=2, seed=3)
    >>> result.rotations, result.hands, result.unit, [s.hands for s in result.stats]
    (4, 8, 'points', [16, 16])
    >>> [r.dealt == result.records[0].dealt for r in result.records[:4]]   # duplicate deals
    [True, True, True, True]
    >>> run(rules, ["basic", "random"], deals=2)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: modern has 4 seats: give 4 bots, not 2

    A bot made by a maker (here a random player under another name, so it plays as ``random``):

    >>> from hearts.bots import RandomBot
    >>> result = run(rules, ["mine", "basic", "random", "basic"], deals=2, seed=3,
    ...              makers={"mine": RandomBot})
    >>> [s.bot for s in result.stats], result.records[0].seats
    (['mine', 'basic', 'random'], ('mine', 'basic', 'random', 'basic'))
    """
    chain = deals if block is None else block
    made = _check_makers(makers, workers)
    _check(rules, bots, deals, workers, chain, seed, think, samples, progress, made, ray)
    names = tuple(name.strip().lower() for name in bots)
    units = _units(rules, names, deals, seed, min(chain, deals), think, samples, made)
    total = deals * rules.players
    hands: list[_Hand] = []

    def report() -> None:
        if progress is not None:
            progress(len(hands), total)

    report()
    try:
        if ray is not False:
            _run_ray(units, ray, hands, report)
        elif workers == 1 or len(units) == 1:
            for hand in _interleave(units):
                hands.append(hand)
                report()
        else:
            _run_processes(units, workers, hands, report)
    except KeyboardInterrupt:
        finished = _finished_deals(hands, rules.players)
        partial = _result(rules, names, seed, hands, finished, deals) if finished else None
        raise Interrupted(partial, deals) from None
    return _result(rules, names, seed, hands, deals, None)


def _check_makers(makers: Mapping[str, Maker] | None, workers: int) -> dict[str, Maker]:
    """The makers by their names (stripped, lower case), checked."""
    if makers is None:
        return {}
    if not isinstance(makers, Mapping):
        raise InvalidArgument(f"makers is a mapping of names to bot makers, not {makers!r}")
    made: dict[str, Maker] = {}
    for name, maker in makers.items():
        key = name.strip().lower() if isinstance(name, str) else ""
        if not key:
            raise InvalidArgument(f"a maker's name is a word, not {name!r}")
        if key in bot_registry.known():
            raise InvalidArgument(
                f"{name!r} is the name of a bot of hearts.bots: give its maker another name"
            )
        if not callable(maker):
            raise InvalidArgument(
                f"the maker of {name!r} is a function of a seed returning a bot, not {maker!r}"
            )
        made[key] = maker
    if made and isinstance(workers, int) and workers > 1:
        try:
            pickle.dumps(made)
        except Exception:
            raise InvalidArgument(
                "with more than one worker the makers go to other processes and must survive "
                "pickling (a class or function at a module's top level, or a functools.partial "
                "of one): give workers=1 to play them here"
            ) from None
    return made


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
    )


def deal_margins(records: Sequence[HandRecord], name: str) -> list[float]:
    """Per deal (in deal order), bot ``name``'s mean margin over the hands it played: its result
    minus the mean of the others at the same table — the values its margin's interval is over.

    >>> from hearts import variants
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
