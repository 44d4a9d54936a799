"""Ctrl+C for what runs long (hearts.interrupts), the one machinery of the command line and the
arena: the first stops the work, any other while it stops is ignored, one that comes while a
file is written waits until the file is whole, and processes start with it held back.

Each test raises SIGINT in this process (``signal.raise_signal`` runs the handler before it
returns) and puts the handler it found back.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator

import pytest

from hearts.interrupts import Interrupts, blocked, stop


@pytest.fixture(autouse=True)
def _handler_kept() -> Iterator[None]:
    """Whatever a test does, Ctrl+C is handled as before it afterwards."""
    before = signal.getsignal(signal.SIGINT)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def test_the_first_ctrl_c_stops_the_work_and_another_while_it_stops_is_ignored() -> None:
    interrupts = Interrupts()
    done: list[str] = []
    with pytest.raises(KeyboardInterrupt), interrupts.installed():
        try:
            signal.raise_signal(signal.SIGINT)
            done.append("never: the work stops at once")
        except KeyboardInterrupt:
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
            signal.raise_signal(signal.SIGINT)  # a second Ctrl+C while it stops: ignored
            done.append("stopped cleanly")
            raise
    assert done == ["stopped cleanly"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # put back


def test_a_ctrl_c_while_a_file_is_written_stops_the_work_once_it_is_whole() -> None:
    interrupts = Interrupts()
    done: list[str] = []
    with pytest.raises(KeyboardInterrupt), interrupts.installed():
        with interrupts.held():
            signal.raise_signal(signal.SIGINT)
            done.append("the first half")
            with interrupts.held():  # held inside held: the stop waits for the outer block
                done.append("the second half")
            signal.raise_signal(signal.SIGINT)  # another meanwhile: ignored
            done.append("the end of the file")
        done.append("never: it stops as the file is whole")
    assert done == ["the first half", "the second half", "the end of the file"]
    assert not interrupts.pending and not interrupts.shielded


def test_a_block_held_without_a_ctrl_c_goes_on() -> None:
    interrupts = Interrupts()
    with interrupts.installed():
        with interrupts.held():
            pass
        done = "went on"
    assert done == "went on"


def test_stop_is_the_handler_that_stops_a_worker() -> None:
    signal.signal(signal.SIGINT, stop)
    with pytest.raises(KeyboardInterrupt):
        signal.raise_signal(signal.SIGINT)
    assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN


def test_a_ctrl_c_while_processes_start_is_delivered_once_they_have_started() -> None:
    done: list[str] = []
    with pytest.raises(KeyboardInterrupt):
        with blocked():
            signal.raise_signal(signal.SIGINT)
            done.append("every process started")
        done.append("never: the Ctrl+C held back comes now")
    assert done == ["every process started"]


def test_outside_the_main_thread_ctrl_c_is_left_as_python_has_it() -> None:
    """Only the main thread may set a handler: elsewhere the blocks change nothing (and do not
    fail trying)."""
    seen: list[object] = []

    def work() -> None:
        interrupts = Interrupts()
        with interrupts.installed(), interrupts.held(), blocked():
            seen.append(signal.getsignal(signal.SIGINT))

    thread = threading.Thread(target=work)
    thread.start()
    thread.join()
    assert seen == [signal.default_int_handler]


def test_ctrl_c_ignored_as_in_a_background_job_stays_ignored() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with Interrupts().installed():
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
        signal.raise_signal(signal.SIGINT)
    assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
