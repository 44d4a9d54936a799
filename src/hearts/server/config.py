"""The server's settings: :class:`ServerConfig`.

>>> config = ServerConfig(database_url="sqlite:///:memory:", grace=5)
>>> config.grace, config.max_body
(5.0, 65536)
>>> ServerConfig(grace=-1)
Traceback (most recent call last):
...
hearts.errors.InvalidArgument: grace must be a number of seconds of at least 0, not -1
"""

from __future__ import annotations

import dataclasses
import gc
import ipaddress
import logging
import os
import re
import urllib.parse
from typing import Final

from hearts.errors import InvalidArgument

__all__ = ["COLLECTOR_THRESHOLDS", "RETIRED", "ServerConfig", "tune_collector"]

log = logging.getLogger("hearts.server")


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
    hint_rate: float = 12.0
    """Hints a minute one seat may ask, counted across all its sockets (a quarter of a
    minute's at once); beyond, a hint is refused (``throttled``) with when to ask again."""
    hint_rate_address: float = 30.0
    """Hints a minute one client address may ask, across all its sockets and tables (a
    quarter of a minute's at once), refused the same way beyond."""
    rate: float = 20.0
    """Messages a second a client may send on average ..."""
    burst: int = 40
    """... and at once; beyond, its messages are refused (``throttled``) until it slows."""
    max_tables: int = 1000
    """Tables in play at once: beyond, a new table is refused with a sentence."""
    stand_in: str = "basic"
    """The bot that plays for a player who dropped or whose turn timer ran out."""
    table_rate: float = 6.0
    """Tables a client address may make a minute on average (6) ..."""
    table_burst: int = 12
    """... and at once (12); beyond, a new table is refused (HTTP 429 with ``Retry-After``)."""
    claim_time: float = 300.0
    """Seconds a new table waits for a person to take a seat at it (its creator's socket
    saying hello, or a friend's; 300: five minutes): a table nobody came to by then is closed
    and its place freed. A table whose creator is there, waiting for friends, stays."""
    lookup_rate: float = 10.0
    """Look-ups of a table or game that is not here (a wrong code or link) a client address
    may make a minute on average (10) ..."""
    lookup_burst: int = 20
    """... and at once (20); beyond, every look-up from it is refused (HTTP 429) until it
    slows, so that private tables' codes cannot be guessed."""
    hello_time: float = 10.0
    """Seconds a new socket has to say hello before it is closed (10)."""
    request_time: float = 10.0
    """Seconds an HTTP request has to arrive whole (its headers and body), from its first byte
    (or from the connection's opening; 10): a slower one is answered 408 and its connection
    closed."""
    max_body: int = 65_536
    """The largest body of an HTTP request, in bytes (64 KiB): a larger one is refused (HTTP
    413) before more of it is read."""
    max_connections: int = 100
    """Connections (HTTP and WebSocket) one address may hold open at once (100): beyond, a new
    one is answered 429 and closed. A trusted proxy (``forwarded_allow_ips``) is not counted."""
    allowed_hosts: tuple[str, ...] = ()
    """Host names the server answers to besides IP addresses and names of one label
    (``localhost``, a machine's short name: no attacker can own one): ``name``, ``*.name`` for
    its subdomains, or ``*`` for any. A request to another name is refused (a DNS rebinding
    attack sends the attacker's name). None by default (``hearts serve`` adds the ``--host``
    name, or this machine's names when it listens on every network)."""
    allowed_origins: tuple[str, ...] = ()
    """Origins (``https://name[:port]``) whose pages may open a table's socket or post to the
    lobby besides the server's own (none by default); a client that sends no ``Origin`` (not a
    browser) may."""
    forwarded_allow_ips: tuple[str, ...] = ()
    """Proxies (addresses or networks; ``*``: any) whose ``X-Forwarded-For`` and
    ``X-Forwarded-Proto`` are believed: a client behind one is counted by the address it
    forwards. None by default: every client is counted by the peer's address."""
    max_watchers: int = 200
    """Watchers a table takes at once (200 by default): beyond, a watcher's hello is refused
    with a sentence (code ``full``) and its socket closed. A table's seats are never refused."""
    records_per_minute: float = 30.0
    """Requests for finished games' records and replays a client address may make a minute on
    average (30 by default) ..."""
    records_burst: int = 10
    """... and at once (10 by default); beyond, 429 with ``Retry-After`` and a sentence."""
    review_deals: int | None = None
    """The budget of a finished game's review (``/api/games/{id}/reviews/{seat}``): sampled
    deals a decision (None: the review's own default, ``hearts.bots.review.DEFAULT_DEALS``;
    at least 4)."""
    reviews_most: int = 8
    """Reviews being worked out at once in all (8 by default; one at a time per client
    address); beyond, a new one is refused with a sentence until some are done."""
    daily_event: bool = True
    """Whether the server makes a daily duplicate event on its own (docs/events.md): one a
    day (UTC), made when the events are first listed that day, closing at the day's end."""
    daily_form: str = "modern/4"
    """The daily event's form: a points preset and its players."""
    daily_level: str = "medium"
    """The daily event's bots: ``easy``, ``medium`` or ``hard``."""
    daily_deals: int = 8
    """The daily event's deals."""
    event_samples: int = 200
    """Deals the ``hard`` bots sample a move at an event's tables (``medium``: a quarter):
    a fixed budget, so that every table of a deal meets the same play."""
    events_per_day: int = 5
    """Private events one person may make a day."""
    redis_url: str | None = None
    """Redis (``redis://host:port/db``, ``rediss://`` over TLS) shared by several server
    processes on one PostgreSQL store (docs/deploy.md): the messages between them and the
    limits counted for the whole site. None (the default): one process serves the store
    alone."""
    lease_check: float = 0.5
    """Seconds between a process's looks for tables whose process is gone (several processes:
    such a table is taken over by the first to look; the failover's delay at most)."""

    max_message: dataclasses.InitVar[object] = None
    """Retired: a size that was checked and never used (a socket's largest message is the
    protocol's, :data:`hearts.server.protocol.MAX_MESSAGE_BYTES`). Given, it is ignored with a
    warning in the log (:data:`RETIRED`), and not kept (a config reads None)."""

    def __post_init__(self, max_message: object) -> None:
        if max_message is not None:
            log.warning(RETIRED["max_message"])
        if self.redis_url is not None:
            scheme = self.redis_url.partition("://")[0].lower()
            if scheme not in ("redis", "rediss", "unix") or "://" not in self.redis_url:
                raise InvalidArgument(
                    f"redis_url must be a Redis URL (redis://host:port/0), not {self.redis_url!r}"
                )
        _seconds("lease_check", self.lease_check, least=0.05)
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
        for name in ("hint_rate", "hint_rate_address"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
                raise InvalidArgument(
                    f"{name} must be a number of hints a minute above 0, not {value!r}"
                )
        for name in (
            "burst",
            "max_tables",
            "table_burst",
            "lookup_burst",
            "max_body",
            "max_connections",
            "max_watchers",
            "records_burst",
            "reviews_most",
            "daily_deals",
            "event_samples",
            "events_per_day",
        ):
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
        for name in ("table_rate", "lookup_rate"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
                raise InvalidArgument(f"{name} must be a number a minute above 0, not {value!r}")
        for name in ("claim_time", "hello_time", "request_time"):
            _seconds(name, getattr(self, name), least=0.01)
        object.__setattr__(self, "allowed_hosts", _hosts(self.allowed_hosts))
        object.__setattr__(self, "allowed_origins", _origins(self.allowed_origins))
        object.__setattr__(
            self, "forwarded_allow_ips", _networks("forwarded_allow_ips", self.forwarded_allow_ips)
        )

        if self.review_deals is not None and (
            isinstance(self.review_deals, bool)
            or not isinstance(self.review_deals, int)
            or self.review_deals < 4
        ):
            raise InvalidArgument(
                f"review_deals must be a whole number of at least 4, not {self.review_deals!r}"
            )
        if self.daily_level not in ("easy", "medium", "hard"):
            raise InvalidArgument(
                f"daily_level must be easy, medium or hard, not {self.daily_level!r}"
            )
        variant, _, players = str(self.daily_form).partition("/")
        if not variant or not players.isdigit():
            raise InvalidArgument(
                f"daily_form must be a preset and its players, such as modern/4, "
                f"not {self.daily_form!r}"
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


RETIRED: Final = {
    "max_message": (
        "max_message does nothing and is ignored: a client's largest message is the "
        "protocol's (8192 bytes); take it out of the server's configuration"
    ),
}
"""The keywords :class:`ServerConfig` once took and takes no more, with the warning it logs
when one is given. A config that names one still starts (it never did anything, and a server
being upgraded should not fail for it); a keyword it never took is refused as Python refuses
any unexpected keyword, since it may be a misspelt setting that would otherwise be lost."""


def _names(name: str, values: object) -> tuple[str, ...]:
    if isinstance(values, str) or not isinstance(values, tuple | list):
        raise InvalidArgument(f"{name} must be a list of names, not {values!r}")
    names = []
    for value in values:
        if not isinstance(value, str) or not value.strip():
            raise InvalidArgument(f"{name} must be a list of names, not one of {value!r}")
        names.append(value.strip().lower())
    return tuple(names)


_HOST_NAME = re.compile(r"(\*|(\*\.)?[a-z0-9_]([a-z0-9_.-]*[a-z0-9_])?)")


def _hosts(values: object) -> tuple[str, ...]:
    hosts = _names("allowed_hosts", values)
    for host in hosts:
        if not _HOST_NAME.fullmatch(host):
            raise InvalidArgument(
                f"allowed_hosts: {host!r} is not a host name (give a name such as "
                "hearts.example.org, *.example.org for its subdomains, or * for any)"
            )
    return hosts


def _origins(values: object) -> tuple[str, ...]:
    origins = []
    for origin in _names("allowed_origins", values):
        parts = urllib.parse.urlsplit(origin)
        if (
            parts.scheme not in ("http", "https")
            or not parts.netloc
            or parts.path not in ("", "/")
            or parts.query
            or parts.fragment
        ):
            raise InvalidArgument(
                f"allowed_origins: {origin!r} is not an origin (give the scheme, the name and "
                "the port if it is not the scheme's own, such as https://hearts.example.org)"
            )
        origins.append(f"{parts.scheme}://{parts.netloc}")
    return tuple(origins)


def _networks(name: str, values: object) -> tuple[str, ...]:
    networks = _names(name, values)
    for network in networks:
        if network == "*":
            continue
        try:
            ipaddress.ip_network(network, strict=False)
        except ValueError:
            raise InvalidArgument(
                f"{name}: {network!r} is not an IP address or network (such as 10.0.0.1, "
                "10.0.0.0/8 or ::1), nor * for any"
            ) from None
    return networks


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
