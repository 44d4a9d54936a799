"""The arena: bots measured against each other on duplicate deals.

Deal ``i`` of a run is shuffled from the run's seed and ``i`` alone, by a version of the dealing
schedule (:mod:`hearts.dealing`): by default ``arena-1``, the pack shuffled by
``random.Random(f"{seed}:{i}")`` as the arena has always dealt it, so a run repeats exactly for
its seed; ``dealing="hand-seeds-1"`` deals each deal as a game with hand seeds deals its hand
``i``. The deal is uncut and its hands are fixed seat by seat. Each deal is played once for every rotation of the bots through
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
Ray is imported only when a run asks for it. It holds where the work runs (here, in processes,
on Ray) and Ctrl+C; the deals and the play of each unit are :mod:`hearts.arena_deals`', the
results and their statistics :mod:`hearts.arena_stats`' (their public names are importable from
here as before).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import pickle
import queue as queue_module
import signal
import socket
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from multiprocessing.process import BaseProcess
from typing import Any, Final

from hearts import bots as bot_registry
from hearts import interrupts, variants
from hearts.arena_deals import (
    Maker,
    _arena_schedule,
    _interleave,
    _Unit,
    _units,
    deal_hands,
)
from hearts.arena_deals import _bot_seed as _bot_seed  # (the old path of a name tests use)
from hearts.arena_stats import (
    ArenaResult,
    BotStats,
    Estimate,
    HandRecord,
    _finished_deals,
    _Hand,
    _result,
    deal_margins,
    estimate,
)
from hearts.dealing import ARENA
from hearts.errors import InvalidArgument
from hearts.rules import Rules

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


class Interrupted(KeyboardInterrupt):
    """A run stopped by Ctrl+C: its processes are stopped, and ``partial`` holds the results of
    the deals every rotation had finished (None when not one deal was finished)."""

    def __init__(self, partial: ArenaResult | None, planned: int) -> None:
        super().__init__(f"the arena was interrupted before deal {planned} was played")
        self.partial = partial
        self.planned = planned


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
    dealing: str = ARENA,
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

    ``dealing`` is the version of the dealing schedule the deals are shuffled by
    (:mod:`hearts.dealing`): ``arena-1`` (the default, as every run before) or ``hand-seeds-1``;
    it is kept in the result.

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
    _arena_schedule(dealing)
    names = tuple(name.strip().lower() for name in bots)
    units = _units(rules, names, deals, seed, min(chain, deals), think, samples, made, dealing)
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
        partial = _result(rules, names, seed, hands, finished, deals, dealing) if finished else None
        raise Interrupted(partial, deals) from None
    return _result(rules, names, seed, hands, deals, None, dealing)


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
