"""The bots' thinking, off the server's event loop: :class:`BotPool`.

A bot chooses from a seat's view alone (:class:`~hearts.observation.SeatView`). A bot that
searches (``expert``, ``ismcts``) thinks in a worker process, the view pickled to it, and the
server awaits the move while it goes on serving every other table; each move's budget is
bounded: it thinks at most the server's ``bot_think`` seconds, whatever a table asks. The bots
of rules of thumb answer in microseconds, in the loop itself. A player's hint (the expert's
move and why, :func:`advise`) is worked out in the pool too, within its own budget.

>>> import asyncio
>>> from hearts import Game, variants
>>> game = Game(variants.get("modern"), seed=1)
>>> async def one_move() -> bool:
...     pool = BotPool(workers=0)          # a thread instead of processes, for this example
...     move = await pool.choose("basic", 1, None, game.view(0))
...     pool.close()
...     return move in game.legal_moves(0)
>>> asyncio.run(one_move())
True
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
import os
import signal
import threading
import time

from hearts import bots
from hearts.bots import expert
from hearts.moves import Move, move_text
from hearts.observation import SeatView

__all__ = ["BotPool", "advise", "choose"]


def choose(name: str, seed: int, think: float | None, view: SeatView) -> Move:
    """A bot's move from a seat's view: the bot ``name`` made afresh, seeded (its search seeded
    by the position too), thinking ``think`` seconds at most if it searches."""
    bot = bots.get(name, seed=seed, think=think if name in bots.SEARCHERS else None)
    return bot.choose(view)


def advise(seed: int, think: float, view: SeatView) -> tuple[str, str]:
    """The expert's hint for a seat's view (:func:`hearts.bots.expert.hint`), ``think``
    seconds at most: the move as text and the reason in one line."""
    advice = expert.hint(view, think=think, seed=seed)
    return move_text(advice.move), advice.reason


def _quiet(server: int) -> None:
    """A worker ignores Ctrl+C (the server stops it when it stops) and ends by itself once
    the server's process is gone (killed outright, it had no chance to stop its workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="hearts-server-watch", daemon=True).start()


class BotPool:
    """Processes that think for the bots (``workers``; 0: one thread of the server's own)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self._executor: concurrent.futures.Executor
        if workers > 0:
            self._executor = concurrent.futures.ProcessPoolExecutor(
                max_workers=workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_quiet,
                initargs=(os.getpid(),),
            )
        else:
            self._executor = concurrent.futures.ThreadPoolExecutor(max_workers=1)

    async def choose(self, name: str, seed: int, think: float | None, view: SeatView) -> Move:
        """The move of bot ``name`` for ``view`` (see :func:`choose`): a bot that searches
        thinks in the pool, off the loop; one that answers by rules of thumb in microseconds
        (``random``, ``basic``) answers here, which costs far less than sending the view to
        another process and back (measured: about 20 us against 0.6-1.2 ms a move)."""
        if name not in bots.SEARCHERS:
            return choose(name, seed, think, view)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, choose, name, seed, think, view)

    async def advise(self, seed: int, think: float, view: SeatView) -> tuple[str, str]:
        """The expert's hint for ``view`` (see :func:`advise`), worked out in the pool, off the
        loop, as a searching bot's move is."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, advise, seed, think, view)

    def close(self) -> None:
        """Stop the workers (a move being thought is dropped)."""
        self._executor.shutdown(wait=False, cancel_futures=True)
