"""The bots' thinking, off the server's event loop: :class:`BotPool`.

A bot chooses from a seat's view alone (:class:`~hearts.observation.SeatView`). A bot that
searches (``expert``, ``ismcts``, the levels ``medium`` and ``hard``) thinks in a worker
process, the view pickled to it, and the server awaits the move while it goes on serving every
other table; each move's budget is bounded: it thinks at most the server's ``bot_think``
seconds, whatever a table asks. The bots of rules of thumb answer in microseconds, in the loop
itself. A player's hint (the expert's move and why, :func:`advise`) is worked out in the pool
too, within its own budget.

The pool is shared fairly, by its own scheduler in front of the workers (not a first come,
first served queue):

- **Moves before hints.** A hint runs only when no table's move is waiting for a worker; a move
  asked while every worker is busy and one of them works out a hint stops that hint at once
  (the worker is signalled, drops it and takes the move; the hint keeps its place and is
  worked out again later). So no hint ever delays a table's bot (on POSIX; where there is no
  ``SIGUSR1`` a hint already running is let finish, at most ``hint_think`` seconds).
- **Reviews last.** A review of a finished game (:mod:`hearts.bots.review`) is worked out one
  decision a request, a request of kind ``review`` run only when no move and no hint waits for
  a worker; a move or a hint that finds no worker free stops a review's decision being worked
  out as a move stops a hint (a move stops a review's before a hint's), and the decision is
  worked out again later from the start. So a review never delays a table, nor a hint; it
  waits as long as the tables keep the workers busy (never refused for waiting), and at most
  :data:`REVIEW_JOBS_MOST` of them wait at once.
- **Tables in turn.** Each table (each ``key``) has its own queue, and the pool takes one
  request from each table in turn (round robin), never two of one table at once: a table with
  many requests waiting delays only itself. A table may have at most :data:`TABLE_MOST` moves
  waiting (its driver asks one at a time). Hints are served in turn between seats the same way.
- **A move's budget counts its wait.** A move thinks its budget less the time it waited for a
  worker (and less the most that the last moves took beyond their think: the trip to the worker
  and back, making the bot, then the table's keeping and sending it, and :data:`TRIP` for the
  way to the players), never less than
  :data:`FLOOR` of it: when the pool is free it thinks
  its whole budget; under load its answer still comes about its budget after it was asked,
  until the wait is longer than that, and the pool goes round the tables faster. With one
  worker (the default on two cores), a table's bot waits at worst ``think × (1 + N)`` for a
  move, N the other tables with a searching bot to move: each thinks at most its budget before
  it is this table's turn again.
- **A dead worker is replaced.** A worker killed (the kernel's OOM killer, ``kill -9``) or hung
  well past its budget (:data:`OVERRUN`) is replaced by a new one (forked from a fork server
  that has the bots' modules loaded: tens of milliseconds), and the request it was
  working on is asked again of the new one. A request whose worker dies :data:`RETRIES` times
  is given up (:class:`BotFailed`, logged) rather than killing workers for ever; workers that
  die one after another are started again after a growing pause (:data:`RESPAWN_FIRST`
  doubling up to :data:`RESPAWN_MOST`), so the server never spins. :meth:`BotPool.health`
  says whether the pool can think now.

One module: the pool is one concern, the fair sharing of the bots' workers, and its parts
are one scheduler: the worker's side (a loop of some fifty lines) speaks the exchange the server's
side defines, and the queues, the stops of hints and reviews for moves, the budgets that count
their wait and the replacing of dead workers all decide on the same state under the same loop.

>>> import asyncio
>>> from hearts import Game, variants
>>> game = Game(variants.get("modern"), seed=1)
>>> async def one_move() -> bool:
...     pool = BotPool(workers=0)          # a thread instead of processes, for this example
...     move = await pool.choose("expert", 1, 0.05, game.view(0), key="table")
...     pool.close()
...     return move in game.legal_moves(0)
>>> asyncio.run(one_move())
True
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import dataclasses
import logging
import multiprocessing
import os
import pickle
import signal
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any, Final, Literal

from hearts import bots
from hearts.bots import expert, review
from hearts.errors import HeartsError
from hearts.moves import Move, move_text
from hearts.observation import SeatView

__all__ = [
    "FLOOR",
    "OVERRUN",
    "RESPAWN_FIRST",
    "RESPAWN_MOST",
    "RETRIES",
    "REVIEW_JOBS_MOST",
    "TABLE_MOST",
    "BotBusy",
    "BotError",
    "BotFailed",
    "BotPool",
    "PoolClosed",
    "advise",
    "choose",
    "judge",
]

log = logging.getLogger("hearts.server")

Kind = Literal["move", "hint", "review"]
"""What a request is for: a table's bot move, a player's hint (served after every move), or
one decision of a finished game's review (served after every move and hint)."""

FLOOR: Final = 0.25
"""The least share of its budget a move thinks, however long it waited for a worker."""
RETRIES: Final = 3
"""Times a request's worker may die under it before the request is given up."""
RESPAWN_FIRST: Final = 0.5
"""Seconds before a worker is started again after a second death in a row (the first is
replaced at once) ..."""
RESPAWN_MOST: Final = 30.0
"""... doubling with each death in a row up to this; one request answered resets it."""
OVERRUN: Final = 60.0
"""Seconds beyond its budget a request may take before its worker is taken for hung (killed
and replaced): far beyond any real think, so only a worker that is stuck is."""
START_LIMIT: Final = 120.0
"""Seconds a new worker may take to start (a loaded machine may be slow to import NumPy)."""
TABLE_MOST: Final = 4
"""Moves one table may have waiting at once (its driver asks one at a time)."""
HINTS_MOST: Final = 256
"""Hints waiting at once in the whole pool; beyond, a hint is refused until some are done."""
REVIEW_JOBS_MOST: Final = 256
"""Review decisions waiting at once in the whole pool (the server's reviews ask one decision
at a time each, and bound the reviews in progress far below this)."""
REVIEW_LIMIT: Final = 600.0
"""Seconds one review decision may take before its worker is taken for hung."""
HINT_WAIT: Final = 20.0
"""Seconds a hint may wait for a worker (the moves go first) before it is refused."""
_OVERRUN_MOST: Final = 0.25
"""The most a move's think is shortened for what moves take beyond their think."""
TRIP: Final = 0.01
"""Seconds a move's think leaves for its trip from the server to the players' screens, which
the server cannot measure (about a millisecond on loopback, more over the internet)."""
_OVERRUN_KEPT: Final = 16
"""How many of the last moves' overruns are kept: a move's think is shortened by the most of
them, so that nearly every answer, not just the average one, comes within its budget."""
_CHECK_EVERY: Final = 0.5
"""Seconds between an idle worker's checks that its process is alive."""


class BotError(HeartsError):
    """A bot's move or a hint the pool could not give: the sentence says why."""


class BotBusy(BotError):
    """A request refused for now because the pool has too much waiting: ask again in
    ``retry_after`` seconds."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class BotFailed(BotError):
    """A request given up: its worker died under it again and again, or the bot itself failed
    on it (a table then has its stand-in make that one move)."""


class PoolClosed(BotError):
    """The pool is stopped (the server is stopping)."""


def choose(
    name: str, seed: int, think: float | None, view: SeatView, samples: int | None = None
) -> Move:
    """A bot's move from a seat's view: the bot ``name`` made afresh, seeded (its search seeded
    by the position too), thinking ``think`` seconds at most if it searches, or sampling
    exactly ``samples`` deals instead (a budget that does not depend on the machine's speed
    or load: the same view and seed give the same move, as at an event's tables)."""
    if samples is not None and name in bots.SEARCHERS:
        return bots.get(name, seed=seed, samples=samples).choose(view)
    bot = bots.get(name, seed=seed, think=think if name in bots.SEARCHERS else None)
    return bot.choose(view)


def advise(seed: int, think: float, view: SeatView) -> tuple[str, str, str]:
    """The expert's hint for a seat's view (:func:`hearts.bots.expert.hint`), ``think``
    seconds at most: the move as text, the reason in one line, and the hint in plain words."""
    advice = expert.hint(view, think=think, seed=seed)
    return move_text(advice.move), advice.reason, advice.text


def judge(position: review.Position, deals: int, seed: int) -> review.Decision | None:
    """One decision of a review (:func:`hearts.bots.review.judge`): the
    :class:`~hearts.bots.review.Decision` judged on ``deals`` sampled deals from ``seed``, or
    None for a forced move."""
    return review.judge(position, deals=deals, seed=seed)


# ---------------------------------------------------------------------- the worker's side


class _Stop(BaseException):
    """Raised in a worker by the parent's signal: drop the hint being worked out."""


def _quiet() -> None:
    """A worker ignores Ctrl+C (the server stops it when it stops) and ends by itself once
    the server's process is gone (killed outright, it had no chance to stop its workers): its
    parent (the server, or the fork server, which ends with the server) is then another."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="hearts-server-watch", daemon=True).start()


def _work(conn: Connection, stop_number: Any) -> None:
    """A worker process: says it is ready, then runs each request it is sent, one at a time,
    and sends back ``(status, value)``: ``ok`` and the answer, ``error`` and a sentence, or
    ``stopped``. The parent stops request ``n`` by setting ``stop_number`` (a shared integer)
    to ``n`` and sending ``SIGUSR1``: the signal stops the request running if it is that one,
    and a request about to start that finds its own number there stops at once (so a signal
    that comes before the request has begun is not lost, and a late one for a request already
    answered stops nothing)."""
    _quiet()
    running = [0]

    def stop(signum: int, frame: object) -> None:
        if running[0] and running[0] == stop_number.value:
            running[0] = 0
            raise _Stop

    if hasattr(signal, "SIGUSR1"):
        signal.signal(signal.SIGUSR1, stop)
    conn.send(("ready", os.getpid()))
    while True:
        try:
            data = conn.recv_bytes()
        except (EOFError, OSError):
            return
        reply: tuple[str, Any]
        try:
            try:
                number, function, args = pickle.loads(data)
                running[0] = number
                if stop_number.value == number:  # (stopped before it began)
                    raise _Stop
                reply = ("ok", function(*args))
            except Exception as error:
                reply = ("error", f"{type(error).__name__}: {error}")
            finally:
                running[0] = 0
        except _Stop:
            reply = ("stopped", None)
        try:
            conn.send(reply)
        except (EOFError, OSError):
            return
        except Exception as error:  # (an answer that cannot be pickled)
            conn.send(("error", f"{type(error).__name__}: {error}"))


# ---------------------------------------------------------------------- the server's side


def _call(function: Callable[..., Any], args: tuple[Any, ...]) -> tuple[str, Any]:
    """A request run in the server's own thread (``workers=0``)."""
    try:
        return "ok", function(*args)
    except Exception as error:
        return "error", f"{type(error).__name__}: {error}"


def _context() -> Any:  # (a ForkServerContext or a SpawnContext: not on every platform)
    """How workers are started: forked from a fork server that has loaded the bots' modules
    once (a worker is then replaced in tens of milliseconds; measured 0.03-0.06 s against
    3-6 s for a fresh interpreter on a busy two-core machine), or where there is none
    (Windows) each a fresh interpreter. Never a fork of the server itself, whose threads may
    hold locks."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([__name__])
        return context
    return multiprocessing.get_context("spawn")


def _spawn(number: int) -> tuple[BaseProcess, Connection, Any]:
    """A new worker process, once it says it is ready, its pipe, and the shared number of the
    request it is to stop (raises ``OSError`` if it does not start)."""
    context = _context()
    mine, theirs = context.Pipe()
    stop_number = context.Value("q", 0, lock=False)
    process = context.Process(
        target=_work, args=(theirs, stop_number), name=f"hearts-bots-{number}", daemon=True
    )
    process.start()
    theirs.close()
    if mine in wait([mine, process.sentinel], timeout=START_LIMIT):
        try:
            if mine.recv()[0] == "ready":
                return process, mine, stop_number
        except (EOFError, OSError):
            pass
    process.kill()
    process.join(5)
    mine.close()
    raise OSError(f"a worker for the bots did not start (exit code {process.exitcode})")


def _exchange(
    process: BaseProcess,
    conn: Connection,
    number: int,
    function: Callable[..., Any],
    args: tuple[Any, ...],
    limit: float,
) -> tuple[str, Any]:
    """Send a worker request ``number`` and wait for its answer, or for its death (``died``),
    or ``limit`` seconds (``hung``: the worker is killed)."""
    try:
        data = pickle.dumps((number, function, args))
    except Exception as error:
        return "error", f"the request cannot be sent to a worker: {error}"
    try:
        conn.send_bytes(data)
    except (OSError, ValueError):
        return "died", None
    ready = wait([conn, process.sentinel], timeout=limit)
    if conn in ready:
        try:
            status, value = conn.recv()
        except (EOFError, OSError):
            return "died", None
        return status, value
    if ready:
        return "died", None
    process.kill()
    return "hung", None


@dataclasses.dataclass(eq=False, slots=True)
class _Job:
    """One request waiting for a worker, or being worked out."""

    kind: Kind
    key: str
    function: Callable[..., Any]
    args: tuple[Any, ...]
    think_at: int | None
    """Where in ``args`` the think budget is (a move's is cut by its wait)."""
    limit: float
    future: asyncio.Future[Any]
    asked: float
    deaths: int = 0
    stopping: bool = False

    def call_args(self, now: float, overrun: float = 0.0) -> tuple[Any, ...]:
        """The arguments to run with now: a move's budget less its wait and less ``overrun``
        (what moves have lately taken beyond the budget they were given), down to
        :data:`FLOOR` of it."""
        if self.kind != "move" or self.think_at is None:
            return self.args
        think = self.args[self.think_at]
        if think is None:
            return self.args
        left = max(think * FLOOR, think - (now - self.asked) - overrun)
        return (*self.args[: self.think_at], left, *self.args[self.think_at + 1 :])


State = Literal["new", "starting", "idle", "busy", "waiting"]


@dataclasses.dataclass(eq=False, slots=True)
class _Worker:
    number: int
    process: BaseProcess | None = None
    conn: Connection | None = None
    stop_number: Any = None
    """Shared with the process: the number of the request it is to stop."""
    request: int = 0
    """The number of the request it was sent last (numbers grow over the pool's life)."""
    state: State = "new"
    job: _Job | None = None
    lost: bool = False
    """It died (or failed to start) and has not been ready since."""
    until: float = 0.0
    """When a worker that is ``waiting`` is started again (time.monotonic)."""

    def drop(self) -> None:
        if self.conn is not None:
            self.conn.close()
        if self.process is not None:
            if self.process.is_alive():
                self.process.kill()
            self.process.join(1)
        self.process = self.conn = None


class BotPool:
    """The bots' workers and the scheduler in front of them (see the module docstring):
    ``workers`` processes, or with 0 one thread of the server's own (for tests: nothing is
    replaced or stopped then). Workers start with the first request that needs one."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._workers = [_Worker(number) for number in range(max(workers, 1))]
        self._moves: dict[str, collections.deque[_Job]] = {}
        """Each table's moves waiting, the tables in the order they are served (round robin)."""
        self._hints: dict[str, collections.deque[_Job]] = {}
        self._reviews: dict[str, collections.deque[_Job]] = {}
        """Each review's decision waiting (one a review), served after every move and hint."""
        self._threads = concurrent.futures.ThreadPoolExecutor(
            max_workers=len(self._workers), thread_name_prefix="hearts-bots"
        )
        self._changed: asyncio.Event | None = None
        self._slots: list[asyncio.Task[None]] = []
        self._closed = False
        self._deaths = 0
        """Workers that died one after another, no request answered since."""
        self._requests = 0
        """Requests sent to the workers so far (each one's number)."""
        self._overruns: collections.deque[float] = collections.deque(maxlen=_OVERRUN_KEPT)
        self._afters: collections.deque[float] = collections.deque(maxlen=_OVERRUN_KEPT)
        """What the last moves took after the pool answered, until their table had sent them
        (:meth:`delivered`): taken off the next moves' think too."""
        """What the last moves took beyond the think they were given (sending the view and the
        move between processes, making the bot, its last sample): the most of them is taken off
        the next moves' think, so that a move's answer comes within its budget of being asked
        (the mean alone left one move in ten or so a few milliseconds late)."""
        self.counts: collections.Counter[str] = collections.Counter()
        """What the pool has done: ``moves``, ``hints`` and ``reviews`` (review decisions)
        answered, ``stopped`` hints and review decisions, workers ``died`` and ``hung``,
        requests ``given_up``, hints ``refused`` (busy)."""

    @property
    def overrun(self) -> float:
        """Seconds a move's think is shortened now: the most the last moves took beyond their
        think in the pool, the most they took afterwards until their table sent them, and
        :data:`TRIP`; at most a quarter of a second in all."""
        beyond = max(self._overruns, default=0.0) + max(self._afters, default=0.0)
        return min(_OVERRUN_MOST, beyond + TRIP)

    def delivered(self, seconds: float) -> None:
        """A table says what a move took from the pool's answer until it was played, kept and
        sent to its players (so that the next moves reach them within their budget)."""
        self._afters.append(max(0.0, seconds))

    # ------------------------------------------------------------------ requests

    async def choose(
        self,
        name: str,
        seed: int,
        think: float | None,
        view: SeatView,
        *,
        key: str = "",
        samples: int | None = None,
    ) -> Move:
        """The move of bot ``name`` for ``view`` (see :func:`choose`), for the table ``key``:
        a bot that searches thinks in the pool, off the loop, in the table's turn; one that
        answers by rules of thumb in microseconds (``random``, ``basic``) answers here, which
        costs far less than sending the view to another process and back (measured: about
        20 us against 0.6-1.2 ms a move). ``samples``: deals sampled instead of a time budget
        (its wait shortens nothing). Raises :class:`BotFailed` when it is given up."""
        if name not in bots.SEARCHERS:
            return choose(name, seed, think, view)
        if samples is not None:
            move: Move = await self.run("move", key, choose, name, seed, None, view, samples)
            return move
        move = await self.run("move", key, choose, name, seed, think, view, think_at=2)
        return move

    async def advise(
        self, seed: int, think: float, view: SeatView, *, key: str = ""
    ) -> tuple[str, str, str]:
        """The expert's hint for ``view`` (see :func:`advise`) for the seat ``key``, worked
        out in the pool when no table's move waits. Raises :class:`BotBusy` when too many
        hints wait or it waited too long, :class:`BotFailed` when it is given up."""
        answer: tuple[str, str, str] = await self.run("hint", key, advise, seed, think, view)
        return answer

    async def judge(
        self, position: review.Position, deals: int, seed: int, *, key: str
    ) -> review.Decision | None:
        """One decision of a review (see :func:`judge`) for the review ``key``, worked out in
        the pool when no move and no hint waits (stopped for them, and worked out again
        after). Raises :class:`BotBusy` when too many review decisions wait,
        :class:`BotFailed` when it is given up."""
        decision: review.Decision | None = await self.run(
            "review", key, judge, position, deals, seed, limit=REVIEW_LIMIT
        )
        return decision

    async def run(
        self,
        kind: Kind,
        key: str,
        function: Callable[..., Any],
        *args: Any,
        think_at: int | None = None,
        limit: float | None = None,
    ) -> Any:
        """Run ``function(*args)`` (a function of a module, so that a worker can import it) in
        the pool, as a ``kind`` request of ``key`` (a table's, or a seat's for hints), in its
        turn; ``think_at``: where in ``args`` a move's think budget is; ``limit``: seconds
        before its worker is taken for hung (by default the budget and :data:`OVERRUN`)."""
        if self._closed:
            raise PoolClosed("the bots are stopping with the server")
        loop = asyncio.get_running_loop()
        self._start()
        queues = self._queues(kind)
        waiting = queues.get(key)
        if kind == "move" and waiting is not None and len(waiting) >= TABLE_MOST:
            raise BotBusy(f"this table has {TABLE_MOST} moves waiting for the bots already", 1.0)
        if kind == "hint" and sum(len(queue) for queue in self._hints.values()) >= HINTS_MOST:
            self.counts["refused"] += 1
            raise BotBusy("the bots are busy: ask for a hint again in 5 s", 5.0)
        if kind == "review" and self._waiting(self._reviews) >= REVIEW_JOBS_MOST:
            raise BotBusy("the bots have too many reviews waiting: ask again later", 30.0)
        think = args[think_at] if think_at is not None else None
        if limit is None:
            limit = (think or 0.0) + OVERRUN
        job = _Job(
            kind, key, function, args, think_at, limit, loop.create_future(), time.monotonic()
        )
        queues.setdefault(key, collections.deque()).append(job)
        assert self._changed is not None
        self._changed.set()
        if kind != "review":
            self._preempt(key, kind)
        try:
            return await job.future
        finally:
            if not job.future.done() or job.future.cancelled():
                self._drop(job)

    # ------------------------------------------------------------------ what it is doing

    def health(self) -> dict[str, Any]:
        """Whether the pool can think now (``ok``), and what it is doing: ``ok`` is false when
        no worker is ready and one was lost (dead, being replaced, or waiting to be started
        again after deaths in a row), or once the pool is closed; ``reason`` says which."""
        ready = [w for w in self._workers if w.state in ("idle", "busy") and self._alive(w)]
        lost = [
            w
            for w in self._workers
            if w.lost or (w.state in ("idle", "busy") and not self._alive(w))
        ]
        reason = None
        if self._closed:
            reason = "the bots' pool is stopped"
        elif not ready and lost:
            waiting = [w.until - time.monotonic() for w in lost if w.state == "waiting"]
            reason = "no worker for the bots is alive: " + (
                f"one is started again in {max(0.0, min(waiting)):.0f} s, after "
                f"{self._deaths} died in a row"
                if waiting
                else "a new one is being started"
            )
        return {
            "ok": reason is None,
            "reason": reason,
            "workers": self.workers,
            "ready": len(ready),
            "replacing": len(lost),
            "moves_waiting": sum(len(queue) for queue in self._moves.values()),
            "hints_waiting": sum(len(queue) for queue in self._hints.values()),
            "reviews_waiting": self._waiting(self._reviews),
            **{name: self.counts[name] for name in ("died", "hung", "given_up")},
        }

    def pids(self) -> list[int]:
        """The worker processes alive now (none with ``workers=0``)."""
        return [
            w.process.pid
            for w in self._workers
            if w.process is not None and w.process.pid is not None and w.process.is_alive()
        ]

    @staticmethod
    def _waiting(queues: dict[str, collections.deque[_Job]]) -> int:
        return sum(len(queue) for queue in queues.values())

    def _queues(self, kind: Kind) -> dict[str, collections.deque[_Job]]:
        """The queues of a kind of request."""
        return {"move": self._moves, "hint": self._hints, "review": self._reviews}[kind]

    def running(self) -> list[tuple[int | None, Kind, str]]:
        """What each busy worker works out: its process id (None: the thread), the kind of
        request and its key."""
        return [
            (w.process.pid if w.process is not None else None, w.job.kind, w.job.key)
            for w in self._workers
            if w.state == "busy" and w.job is not None
        ]

    def close(self) -> None:
        """Stop the workers (a request being worked out is dropped, those waiting refused)."""
        self._closed = True
        for task in self._slots:
            task.cancel()
        every = (self._moves, self._hints, self._reviews)
        jobs = [job for queues in every for q in queues.values() for job in q]
        jobs += [worker.job for worker in self._workers if worker.job is not None]
        for queues in every:
            queues.clear()
        for job in jobs:
            if not job.future.done():
                with contextlib.suppress(RuntimeError):  # (its loop may be closed already)
                    job.future.set_exception(PoolClosed("the bots are stopping with the server"))
        for worker in self._workers:
            worker.drop()
        self._threads.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------------ the scheduler

    def _start(self) -> None:
        if self._slots:
            return
        self._changed = asyncio.Event()
        self._slots = [
            asyncio.create_task(self._serve(worker), name=f"hearts-bots-{worker.number}")
            for worker in self._workers
        ]

    def _alive(self, worker: _Worker) -> bool:
        """Whether a worker can take a request (a thread always can)."""
        if self.workers == 0:
            return True
        process = worker.process
        return process is not None and not worker.lost and process.is_alive()

    def _running_keys(self) -> set[str]:
        return {w.job.key for w in self._workers if w.job is not None}

    def _pick(self) -> _Job | None:
        """The next request to work out: the next table's move in turn, else the next seat's
        hint in turn, else the next review's decision in turn; never one of a key that has one
        being worked out."""
        busy = self._running_keys()
        now = time.monotonic()
        for queues in (self._moves, self._hints, self._reviews):
            for key in list(queues):
                queue = queues[key]
                while queue and (
                    queue[0].future.done() or self._expired(queue[0], now)
                ):  # (its asker went)
                    queue.popleft()
                if not queue:
                    del queues[key]
                    continue
                if key in busy:
                    continue
                job = queue.popleft()
                del queues[key]
                if queue:
                    queues[key] = queue  # (to the back of the turn)
                return job
        return None

    def _expired(self, job: _Job, now: float) -> bool:
        """A hint that waited too long is refused (True), to be asked again."""
        if job.kind != "hint" or now - job.asked < HINT_WAIT:
            return False
        self.counts["refused"] += 1
        job.future.set_exception(
            BotBusy("the bots are busy with the tables' moves: ask for a hint again in 5 s", 5.0)
        )
        return True

    def _requeue(self, job: _Job) -> None:
        """A request to work out again first (its worker died, or it is a hint or a review's
        decision stopped)."""
        job.stopping = False
        queues = self._queues(job.kind)
        queue = queues.pop(job.key, collections.deque())
        queue.appendleft(job)
        rest = dict(queues)
        queues.clear()
        queues[job.key] = queue
        queues.update(rest)
        assert self._changed is not None
        self._changed.set()

    def _drop(self, job: _Job) -> None:
        """A request whose asker went: out of its queue, or a hint or a review's decision being
        worked out stopped."""
        queues = self._queues(job.kind)
        queue = queues.get(job.key)
        if queue is not None and job in queue:
            queue.remove(job)
            if not queue:
                del queues[job.key]
        for worker in self._workers:
            if worker.job is job and job.kind != "move":
                self._stop(worker)

    def _preempt(self, key: str, kind: Kind) -> None:
        """A move or a hint was asked: if no worker is free for it, stop a review's decision
        being worked out, or for a move a hint if no review's is."""
        if key in self._running_keys() or any(w.state == "idle" for w in self._workers):
            return
        victims: tuple[Kind, ...] = ("review", "hint") if kind == "move" else ("review",)
        for victim in victims:
            for worker in self._workers:
                job = worker.job
                if (
                    worker.state == "busy"
                    and job is not None
                    and job.kind == victim
                    and not job.stopping
                ):
                    self._stop(worker)
                    return

    def _stop(self, worker: _Worker) -> None:
        job = worker.job
        usr1 = getattr(signal, "SIGUSR1", None)
        if job is None or job.stopping or usr1 is None or worker.process is None:
            return  # (a thread cannot be stopped: the hint or decision runs to its end)
        job.stopping = True
        pid = worker.process.pid
        if pid is not None and worker.process.is_alive():
            if worker.stop_number is not None:
                worker.stop_number.value = worker.request
            os.kill(pid, usr1)

    async def _serve(self, worker: _Worker) -> None:
        """One worker's loop: keep it alive, give it the next request, settle the answer."""
        assert self._changed is not None
        changed = self._changed
        while not self._closed:
            try:
                if not self._alive(worker):
                    await self._replace(worker)
                    continue
                job = self._pick()
                if job is None:
                    worker.state = "idle"
                    changed.clear()
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(changed.wait(), _CHECK_EVERY)
                    continue
                await self._work_out(worker, job)
            except asyncio.CancelledError:
                return
            except Exception:  # pragma: no cover - a bug here must not stop the bots for good
                log.exception("bots' worker %d: its loop failed; it goes on in 1 s", worker.number)
                await asyncio.sleep(1.0)

    async def _replace(self, worker: _Worker) -> None:
        """Start the worker (again), after a pause that grows with the deaths in a row."""
        loop = asyncio.get_running_loop()
        was = worker.state
        if worker.process is not None:
            if not worker.lost:  # (it died between requests)
                self.counts["died"] += 1
                self._deaths += 1
                log.error("bots' worker %d (pid %s) died", worker.number, worker.process.pid)
            worker.lost = True
            await loop.run_in_executor(self._threads, worker.drop)
        if self._deaths > 1:
            pause = min(RESPAWN_MOST, RESPAWN_FIRST * 2 ** (self._deaths - 2))
            worker.state, worker.until = "waiting", time.monotonic() + pause
            log.warning(
                "bots' worker %d: %d died in a row, the next is started in %.1f s",
                worker.number,
                self._deaths,
                pause,
            )
            await asyncio.sleep(pause)
        worker.state = "starting"
        try:
            process, conn, stop_number = await loop.run_in_executor(
                self._threads, _spawn, worker.number
            )
        except Exception as error:  # (OSError, or multiprocessing's own refusals)
            worker.lost = True
            self._deaths += 1
            log.error("bots' worker %d: %s", worker.number, error)
            return
        worker.process, worker.conn, worker.stop_number = process, conn, stop_number
        worker.state, worker.lost = "idle", False
        if was != "new":
            log.warning("bots' worker %d: replaced (pid %s)", worker.number, process.pid)

    async def _work_out(self, worker: _Worker, job: _Job) -> None:
        loop = asyncio.get_running_loop()
        worker.state, worker.job = "busy", job
        started = time.monotonic()
        args = job.call_args(started, self.overrun)
        status: str
        value: Any
        try:
            if self.workers == 0:
                status, value = await loop.run_in_executor(self._threads, _call, job.function, args)
            else:
                assert worker.process is not None and worker.conn is not None
                self._requests += 1
                worker.request = self._requests
                status, value = await loop.run_in_executor(
                    self._threads,
                    _exchange,
                    worker.process,
                    worker.conn,
                    worker.request,
                    job.function,
                    args,
                    job.limit,
                )
        except Exception as error:  # (its asker must have an answer whatever happens)
            status, value = "error", f"{type(error).__name__}: {error}"
        finally:
            worker.job = None
            worker.state = "idle"
        what = {"move": "a move", "hint": "a hint", "review": "a review's decision"}[job.kind]
        if status == "ok":
            self._deaths = 0
            self.counts[f"{job.kind}s"] += 1
            if job.kind == "move" and job.think_at is not None and args[job.think_at]:
                beyond = max(0.0, time.monotonic() - started - args[job.think_at])
                self._overruns.append(beyond)
            if not job.future.done():
                job.future.set_result(value)
        elif status == "stopped":
            self.counts["stopped"] += 1
            if not job.future.done():
                self._requeue(job)
        elif status == "error":
            log.error("the bots could not work out %s for %s: %s", what, job.key, value)
            if not job.future.done():
                job.future.set_exception(BotFailed(f"the bot failed on {what}: {value}"))
        else:  # died, hung
            self.counts[status] += 1
            self._deaths += 1
            job.deaths += 1
            pid = worker.process.pid if worker.process is not None else None
            log.error(
                "bots' worker %d (pid %s) %s working out %s for %s (%d of %d times)",
                worker.number,
                pid,
                "died" if status == "died" else "hung and was killed",
                what,
                job.key,
                job.deaths,
                RETRIES,
            )
            worker.lost = True
            if job.future.done():
                pass
            elif job.deaths >= RETRIES:
                self.counts["given_up"] += 1
                log.error("%s for %s is given up: its worker died %d times", what, job.key, RETRIES)
                job.future.set_exception(
                    BotFailed(f"{what} was given up: the bots' worker died {RETRIES} times over it")
                )
            else:
                self._requeue(job)
