"""Ctrl+C for whatever runs long: the one way the ``hearts`` command and the arena's processes
stop on it.

The first Ctrl+C stops the work at once (a :class:`KeyboardInterrupt` where it is), and any
other that comes while it stops is ignored, so the stop itself (ending worker processes,
printing what was finished) is never cut short (:func:`stop`). A command installs that handler
for as long as it runs (:meth:`Interrupts.installed`) and holds Ctrl+C back while it writes a
file, which is written whole or not at all (:meth:`Interrupts.held`); the arena starts its
processes with Ctrl+C blocked (:func:`blocked`), and each of them installs :func:`stop` once it
can stop cleanly. Only the main thread handles signals, so elsewhere each of these leaves
Ctrl+C as Python has it.

A Ctrl+C while a file is written (the handler notes it as pending) stops the work once the
file is whole:

>>> interrupts = Interrupts()
>>> written = []
>>> try:
...     with interrupts.held():
...         interrupts.pending = True   # what the handler notes of a Ctrl+C that comes meanwhile
...         written.append("the whole file")
... except KeyboardInterrupt:
...     print("stopped once", written)
stopped once ['the whole file']

This module imports only the standard library, and nothing of ``hearts``: any layer may use it.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Final, NoReturn

__all__ = ["POSIX", "Interrupts", "blocked", "stop"]

POSIX: Final = hasattr(signal, "pthread_sigmask")
"""Whether signals can be blocked and sent (not on Windows, where a worker is terminated)."""


def stop(signum: int, frame: FrameType | None) -> NoReturn:
    """The SIGINT handler that stops the work: it ignores any Ctrl+C after this one, and
    raises :class:`KeyboardInterrupt` where the work is."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    raise KeyboardInterrupt


def _in_charge() -> bool:
    """Whether this thread may handle Ctrl+C: the main thread, unless Ctrl+C is ignored (as in
    a shell's background job)."""
    return (
        threading.current_thread() is threading.main_thread()
        and signal.getsignal(signal.SIGINT) is not signal.SIG_IGN
    )


class Interrupts:
    """Ctrl+C while a command runs: the first one stops it (:func:`stop`), any other while it
    stops is ignored, and one that comes while a file is being written waits until it is."""

    def __init__(self) -> None:
        self.shielded = 0
        """How many :meth:`held` blocks are running."""
        self.pending = False
        """Whether a Ctrl+C came during a :meth:`held` block (it is raised at the block's end)."""

    def handle(self, signum: int, frame: FrameType | None) -> None:
        """The SIGINT handler: :func:`stop`, or, while a file is written, the same later."""
        if self.shielded:
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            self.pending = True
            return
        stop(signum, frame)

    @contextmanager
    def installed(self) -> Iterator[None]:
        """Handle Ctrl+C so while the block runs (in the main thread, unless Ctrl+C is ignored,
        as in a shell's background job; elsewhere, as Python does)."""
        if not _in_charge():
            yield
            return
        before = signal.signal(signal.SIGINT, self.handle)
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, before)
            self.pending = False

    @contextmanager
    def held(self) -> Iterator[None]:
        """Hold Ctrl+C back while the block runs (a file half written is a file lost)."""
        self.shielded += 1
        try:
            yield
        finally:
            self.shielded -= 1
            if not self.shielded and self.pending:
                self.pending = False
                raise KeyboardInterrupt


@contextmanager
def blocked() -> Iterator[None]:
    """Hold back Ctrl+C in this thread while processes are started (they inherit the mask, and
    unblock it once they can stop cleanly); one that comes meanwhile is delivered after."""
    if not POSIX or threading.current_thread() is not threading.main_thread():
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
