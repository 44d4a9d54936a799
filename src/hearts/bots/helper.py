"""A helper for the expert's search: a second process that imagines half of each round of deals
on another core, so that a search takes about half the time for the same number of deals.

The expert compares its candidate moves in rounds of :data:`~hearts.bots.expert._PRUNE_EVERY`
imagined deals. With a helper, each round is shared: the bot's own process plays out half the
deals while the helper plays out the other half at the same time, from the same view (the
helper builds the same candidates from it) but with a generator of its own
(:meth:`~hearts.bots.search.Searcher.generator`, ``stream=1``); the results come back as rows
and the bot judges them all together. The helper sees exactly what the bot sees, the seat's
view, and nothing else.

A helper serves one search at a time; a search that finds it busy, not yet started, or broken
samples alone. A helper that stops answering, or whose process dies, is dropped for good: the
bot goes on alone, so a helper can only make a search faster, never stop it. The process is
started with ``spawn`` (safe beside threads), ignores Ctrl+C (its owner decides), and ends when
its owner closes it, or by itself when its owner's end of the pipe goes away.

>>> from hearts import Game, variants
>>> from hearts.bots.expert import ExpertBot
>>> game = Game(variants.get("modern"), seed=3)
>>> for _ in range(9):   # the passes, then into the second trick
...     _ = game.play(game.legal_moves()[0])
>>> with Helper() as helper:
...     helper.wait(60)
...     bot = ExpertBot(seed=1, samples=24, helper=helper)
...     analysis = bot.analyse(game.view(game.to_act))
...     shared = helper.deals
True
>>> analysis.samples, shared
(24, 12)
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import pickle
import random
import signal
import threading
import time
from collections.abc import Sequence
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any, Protocol

from hearts.bots.problem import Problem
from hearts.bots.search import imagine
from hearts.observation import SeatView

__all__ = ["Helper", "Poses"]


class Poses(Protocol):
    """What a helper serves: a searching bot (the expert) that poses each search as a
    :class:`~hearts.bots.problem.Problem`. The helper's process makes a copy of it (its class, its
    budget and its :meth:`options`) and poses the same problem from the same view, so this module
    never imports the bot's."""

    seed: int
    think: float
    samples: int | None

    def options(self) -> dict[str, Any]:
        """The bot's switches by name, as its class takes them."""

    def problem(self, view: SeatView) -> Problem[Any] | None:
        """What the position asks the search to compare (None: nothing to search)."""

    def generator(self, view: SeatView, stream: int = 0) -> random.Random:
        """The search's generator for ``view`` (``stream`` 1: the helper's own)."""


_SLACK = 5.0
"""Seconds past its deadline a timed round may take before the helper is thought hung."""
_UNTIMED = 120.0
"""Seconds a round of a search by ``samples`` (no deadline) may take before the same."""


class Helper:
    """A process that samples for the expert's searches (see the module docstring).

    ``deals``: the imagined deals it has played out so far, for every search it served;
    ``failure``: why it was dropped (empty while it works).
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._process: BaseProcess | None = None
        self._conn: Connection | None = None
        self._ready = False
        self._job = 0
        self._timeout = _UNTIMED
        self._streaming = False
        self._closed = False
        self._versions: dict[int, list[int]] = {}
        self.deals = 0
        self.failure = ""

    def __repr__(self) -> str:
        if self.failure:
            state = f"dropped: {self.failure}"
        elif self._process is None:
            state = "closed" if self._closed else "not started"
        else:
            state = "ready" if self._ready else "starting"
        return f"Helper({state}, {self.deals} deals)"

    @property
    def pid(self) -> int | None:
        """The helper's process id (None: not running)."""
        return None if self._process is None else self._process.pid

    def __enter__(self) -> Helper:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start(self) -> None:
        """Start the helper's process (once; it makes itself ready in the background)."""
        if self._process is not None or self.failure:
            return
        self._closed = False
        context = multiprocessing.get_context("spawn")
        mine, theirs = context.Pipe()
        process = context.Process(target=_serve, args=(theirs,), name="hearts-helper", daemon=True)
        process.start()
        theirs.close()
        self._process, self._conn = process, mine

    def wait(self, timeout: float) -> bool:
        """Whether the helper is ready to serve, waiting up to ``timeout`` seconds for it."""
        if self._ready:
            return True
        if self._conn is None or self.failure:
            return False
        try:
            if self._conn.poll(timeout) and self._conn.recv() == ("hello",):
                self._ready = True
        except (EOFError, OSError) as error:
            self._drop(f"its process did not start ({error or type(error).__name__})")
        return self._ready

    def close(self) -> None:
        """Stop the helper's process (it may be started again by :meth:`start`)."""
        conn, process = self._conn, self._process
        self._conn = self._process = None
        self._ready = False
        self._closed = True
        if conn is not None:
            with contextlib.suppress(OSError, ValueError):
                conn.send(("stop",))
            conn.close()
        if process is not None:
            process.join(1.0)
            if process.is_alive():
                process.kill()
                process.join(1.0)

    # What a search calls: begin; then stream, narrow and take (a timed search), or ask and
    # rows for each round (a search by samples); then end.

    def begin(self, bot: Poses, view: SeatView, candidates: int) -> bool:
        """Take the helper for one search by ``bot`` from ``view`` (which has ``candidates``
        moves to compare): False, and the bot samples alone, if it is busy, not ready or
        dropped."""
        if not self._lock.acquire(blocking=False):
            return False
        if not self.wait(0.0):
            self._lock.release()
            return False
        self._job += 1
        self._timeout = _UNTIMED if bot.samples is not None else bot.think + _SLACK
        spec = {"seed": bot.seed, "think": bot.think, "samples": bot.samples}
        job = ("job", self._job, type(bot), spec, bot.options(), view, candidates)
        if self._send(job):  # (the class goes by its name: the process imports it)
            return True
        self._lock.release()
        return False

    def stream(self, active: Sequence[int], deadline: float | None) -> bool:
        """Start the helper playing out deals for the candidates ``active`` (their indices)
        without a break until the ``deadline`` (a :func:`time.perf_counter` reading) or
        :meth:`end`; False if it was dropped. Their results are :meth:`take`-n as they come."""
        self._versions = {0: list(active)}
        seconds = None if deadline is None else deadline - time.perf_counter()
        self._streaming = self._send(("go", self._job, 0, list(active), seconds))
        return self._streaming

    def narrow(self, active: Sequence[int]) -> bool:
        """Tell a streaming helper that only the candidates ``active`` are still compared (a
        subset of those before); False if it was dropped."""
        version = len(self._versions)
        self._versions[version] = list(active)
        return self._send(("active", self._job, version, list(active)))

    def take(self, active: Sequence[int]) -> list[list[float]] | None:
        """The results a streaming helper has sent so far, without waiting: a row a deal, of
        the candidates ``active`` (which its rows cover: it may not have heard of the latest
        :meth:`narrow` yet). None if it failed (then dropped, or left out of this search)."""
        conn = self._conn
        if conn is None:
            return None
        rows: list[list[float]] = []
        try:
            while conn.poll(0):
                message = conn.recv()
                if message[1] != self._job:
                    continue  # (an answer to a search given up on)
                if message[0] != "row":
                    return None  # ("error": this search goes on without the helper)
                columns = self._versions[message[2]]
                where = {candidate: column for column, candidate in enumerate(columns)}
                row = message[3]
                rows.append([row[where[candidate]] for candidate in active])
        except (EOFError, OSError) as error:
            self._drop(f"its process went away ({error or type(error).__name__})")
            return None
        self.deals += len(rows)
        return rows

    def ask(self, active: Sequence[int], count: int) -> bool:
        """Ask for exactly ``count`` more deals played out for the candidates ``active`` (a
        search by ``samples``: the same deals every time); False if it was dropped."""
        return self._send(("round", self._job, list(active), count))

    def rows(self) -> list[list[float]] | None:
        """The deals asked for by :meth:`ask` (a row of the active candidates' results a deal),
        waiting for them; None if the helper failed (then dropped, or left out of this
        search)."""
        conn = self._conn
        if conn is None:
            return None
        try:
            while True:
                if not conn.poll(self._timeout):
                    self._drop("it did not answer in time")
                    return None
                message = conn.recv()
                if message[1] != self._job:
                    continue  # (an answer to a search given up on)
                if message[0] != "rows":
                    return None  # ("error": this search goes on without the helper)
                rows: list[list[float]] = message[2]
                self.deals += len(rows)
                return rows
        except (EOFError, OSError) as error:
            self._drop(f"its process went away ({error or type(error).__name__})")
            return None

    def end(self) -> None:
        """Give the helper back after a search (a streaming helper stops)."""
        if self._streaming:
            self._streaming = False
            self._send(("halt", self._job))
        self._lock.release()

    def _send(self, message: tuple[Any, ...]) -> bool:
        if self._conn is None:
            return False
        try:
            self._conn.send(message)
        except (pickle.PicklingError, AttributeError, TypeError):
            return False  # (a bot whose class cannot be named: it searches alone; nothing sent)
        except (OSError, ValueError) as error:
            self._drop(f"its process went away ({error or type(error).__name__})")
            return False
        return True

    def _drop(self, why: str) -> None:
        self.failure = why
        process, self._process = self._process, None
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        self._ready = False
        if process is not None and process.is_alive():
            process.kill()
            process.join(1.0)


def _serve(conn: Connection) -> None:
    """The helper's process: answer jobs and rounds until told to stop or left alone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(EOFError, OSError):
        _Server(conn).run()


class _Server:
    """The helper's side: the search it serves, and whether it is streaming deals."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.job = 0
        self.problem: Problem[Any] | None = None
        self.rng: random.Random | None = None
        self.active: list[int] = []
        self.version = 0
        self.deadline: float | None = None
        self.streaming = False

    def run(self) -> None:
        self.conn.send(("hello",))
        while True:
            if not self.streaming:
                if not self.handle(self.conn.recv()):
                    return
                continue
            while self.conn.poll(0):
                if not self.handle(self.conn.recv()):
                    return
            if not self.streaming:
                continue
            if self.deadline is not None and time.perf_counter() >= self.deadline:
                self.streaming = False
                continue
            rows = self.rows(1, None)
            if rows is None:
                continue
            if not rows:  # (the sampler keeps failing)
                self.streaming = False
                continue
            self.conn.send(("row", self.job, self.version, rows[0]))

    def handle(self, message: tuple[Any, ...]) -> bool:
        """Take in one message; False to stop."""
        kind = message[0]
        if kind == "stop":
            return False
        if kind == "job":
            _, self.job, maker, spec, options, view, candidates = message
            self.streaming = False
            self.problem = self.rng = None
            try:
                bot: Poses = maker(**spec, **options)
                problem = bot.problem(view)
                if problem is not None and len(problem.candidates) == candidates:
                    self.problem, self.rng = problem, bot.generator(view, stream=1)
                    return True
                self.conn.send(("error", self.job, "not the same search"))
            except Exception as error:  # (this search goes on without the helper)
                self.conn.send(("error", self.job, f"{type(error).__name__}: {error}"))
            return True
        if message[1] != self.job or self.problem is None:
            return True  # (a search given up on, or one it could not help)
        if kind == "go":
            _, _, self.version, self.active, seconds = message
            self.deadline = None if seconds is None else time.perf_counter() + seconds
            self.streaming = True
        elif kind == "active":
            _, _, self.version, self.active = message
        elif kind == "halt":
            self.streaming = False
        elif kind == "round":
            _, _, active, count = message
            self.active = active
            rows = self.rows(count, None)
            if rows is not None:
                self.conn.send(("rows", self.job, rows))
        return True

    def rows(self, count: int, deadline: float | None) -> list[list[float]] | None:
        """Up to ``count`` deals played out for the active candidates (None: it failed, and
        said so)."""
        assert self.problem is not None and self.rng is not None
        try:
            deals = imagine(self.problem.sampler, self.rng, count, deadline)
            return self.problem.rows(itertools.islice(deals, count), self.active)
        except Exception as error:  # (any failure ends this search's help, not the process)
            self.problem = None
            self.streaming = False
            self.conn.send(("error", self.job, f"{type(error).__name__}: {error}"))
            return None
