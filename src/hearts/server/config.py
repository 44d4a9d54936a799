"""The server's settings: :class:`ServerConfig`.

>>> config = ServerConfig(database_url="sqlite:///:memory:", grace=5)
>>> config.grace, config.max_message
(5.0, 8192)
>>> ServerConfig(grace=-1)
Traceback (most recent call last):
...
hearts.errors.InvalidArgument: grace must be a number of seconds of at least 0, not -1
"""

from __future__ import annotations

import dataclasses
import gc
import os

from hearts.errors import InvalidArgument

__all__ = ["COLLECTOR_THRESHOLDS", "ServerConfig", "tune_collector"]


def _seconds(name: str, value: object, *, least: float = 0.0, none: bool = False) -> None:
    if value is None and none:
        return
    if isinstance(value, bool) or not isinstance(value, int | float) or not value >= least:
        raise InvalidArgument(
            f"{name} must be a number of seconds of at least {least:g}, not {value!r}"
        )


@dataclasses.dataclass(frozen=True, slots=True)
class ServerConfig:
    """How a server runs. Every field has the default ``hearts serve`` uses."""

    database_url: str | None = None
    """Where tables and their events are kept (None: a SQLite file in the user's data folder;
    ``postgresql+psycopg://...`` for PostgreSQL)."""
    grace: float = 60.0
    """Seconds a player who drops keeps their seat before a bot plays for them (a table may
    set its own)."""
    bot_think: float = 1.0
    """The most seconds a searching bot may think over a move (a table asks for less, never
    more): the bound on each move's budget."""
    hint_think: float = 0.4
    """Seconds the expert thinks over a player's hint (``hint`` on the socket), in the bots'
    pool like a bot's move."""
    bot_workers: int = dataclasses.field(default_factory=lambda: max(1, (os.cpu_count() or 2) - 1))
    """Processes that think for the bots (0: a thread of the server instead, for tests of the
    server itself)."""
    max_message: int = 8192
    """The largest message a client may send, in bytes."""
    rate: float = 20.0
    """Messages a second a client may send on average ..."""
    burst: int = 40
    """... and at once; beyond, its messages are refused (``throttled``) until it slows."""
    max_tables: int = 1000
    """Tables in play at once: beyond, a new table is refused with a sentence."""
    stand_in: str = "basic"
    """The bot that plays for a player who dropped or whose turn timer ran out."""
    max_watchers: int = 200
    """Watchers a table takes at once (200 by default): beyond, a watcher's hello is refused
    with a sentence (code ``full``) and its socket closed. A table's seats are never refused."""
    records_per_minute: float = 30.0
    """Requests for finished games' records and replays a client address may make a minute on
    average (30 by default) ..."""
    records_burst: int = 10
    """... and at once (10 by default); beyond, 429 with ``Retry-After`` and a sentence."""

    def __post_init__(self) -> None:
        _seconds("grace", self.grace)
        object.__setattr__(self, "grace", float(self.grace))
        _seconds("bot_think", self.bot_think, least=0.01)
        _seconds("hint_think", self.hint_think, least=0.01)
        if (
            isinstance(self.bot_workers, bool)
            or not isinstance(self.bot_workers, int)
            or self.bot_workers < 0
        ):
            raise InvalidArgument(
                f"bot_workers must be a whole number of at least 0, not {self.bot_workers!r}"
            )
        for name in ("max_message", "burst", "max_tables", "max_watchers", "records_burst"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise InvalidArgument(f"{name} must be a whole number of at least 1, not {value!r}")
        if (
            isinstance(self.rate, bool)
            or not isinstance(self.rate, int | float)
            or not self.rate > 0
        ):
            raise InvalidArgument(
                f"rate must be a number of messages a second above 0, not {self.rate!r}"
            )
        if (
            isinstance(self.records_per_minute, bool)
            or not isinstance(self.records_per_minute, int | float)
            or not self.records_per_minute > 0
        ):
            raise InvalidArgument(
                "records_per_minute must be a number of requests a minute above 0, "
                f"not {self.records_per_minute!r}"
            )


COLLECTOR_THRESHOLDS: tuple[int, int, int] = (50_000, 20, 20)
"""The cyclic garbage collector's thresholds in a server (Python's own are 700, 10, 10)."""


def tune_collector() -> None:
    """Tune the garbage collector for a server process (``hearts serve`` does, once started).

    A server holds every table's game, and Python's collector, counting every container made,
    walks all of them again and again: with 200 tables in play a full collection stopped the
    server for 100-500 ms a few times a minute, and those pauses were the slowest round trips
    (benchmarks/RESULTS.md). What was made while starting (the modules, the app) is moved out of
    the collector's way (:func:`gc.freeze`), and a collection waits for 50,000 new containers:
    nearly all of a move's are freed by then, so far fewer reach the oldest generation and its
    long collections come far more rarely. Cycles are still collected.

    >>> before = gc.get_threshold()
    >>> tune_collector(); gc.get_threshold()
    (50000, 20, 20)
    >>> gc.unfreeze(); gc.set_threshold(*before)
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)
