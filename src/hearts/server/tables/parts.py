"""What a table is made of and says: its options (:class:`TableOptions`), its seats
(:class:`Seat`), its sockets (:class:`Client`, each with its queue and throttle), its refusals
(:class:`TableError`), the names people give (:func:`checked_name`) and an engine's refusal
as the table's people read it (:func:`for_people`). Shared by the table's play
(:mod:`hearts.server.tables.table`) and the hub (:mod:`hearts.server.tables.hub`); every name
is importable from :mod:`hearts.server.tables` as well.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import logging
import math
import time
import unicodedata
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Final

from hearts.errors import HeartsError
from hearts.server import protocol
from hearts.server.config import ServerConfig

if TYPE_CHECKING:
    from hearts.server.tables.table import Table

log = logging.getLogger("hearts.server")

_QUEUE = 256
"""Messages waiting for a slow client before it is dropped (it may reconnect and sync)."""

MOVED: Final = 1012
"""The close code of a socket whose table another process drives now (service restart): the
client comes back at once and is sent the whole state (hearts.server.cluster)."""


class TableError(HeartsError):
    """A request about a table that cannot be met: the sentence says why (HTTP 4xx). The seats
    it names are fields, as a :class:`~hearts.errors.HeartsError`'s (``{seat}`` in ``message``,
    ``seat=2``).

    >>> error = TableError("{seat} is not free at this table", 409, seat=2)
    >>> str(error), error.seats, error.status
    ('seat 2 is not free at this table', {'seat': 2}, 409)
    """

    def __init__(self, message: str, status: int = 400, /, **seats: int) -> None:
        super().__init__(message, **seats)
        self.status = status


TableError.__module__ = "hearts.server.tables"  # (its public path, as tracebacks name it)


@dataclasses.dataclass(frozen=True, slots=True)
class TableOptions:
    """A table's own settings, chosen when it is made."""

    public: bool = False
    """Listed in the lobby (a private table is found by its link or code only)."""
    timer: float | None = None
    """Seconds a person has for each move (None: no timer, the default among friends)."""
    grace: float = 60.0
    """Seconds a person who drops keeps the seat before the stand-in plays for them."""
    think: float = 1.0
    """Seconds a move for the searching bots (at most the server's bound)."""
    rated: bool = False
    """Made to be rated (rated only if every seat is a signed-in person at the start)."""
    match: dict[str, Any] | None = None
    """A table made by "Play with people" (hearts.server.match): its form and waits."""
    event: dict[str, Any] | None = None
    """A table playing a deal of a duplicate event (hearts.server.events): ``key``, ``name``,
    ``deal`` (from 1), ``deals``, and ``samples``, the deals its searching bots sample a move
    (a fixed budget, not a time: with the bots seeded by the event, the deal and the seat, the
    same play meets the same play at every table of the deal)."""

    def event_tag(self) -> dict[str, Any] | None:
        """What a table's JSON and state say of its event (None: no event's table)."""
        if self.event is None:
            return None
        return {name: self.event.get(name) for name in ("key", "name", "deal", "deals")}

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableOptions:
        return cls(
            **{
                field.name: data[field.name]
                for field in dataclasses.fields(cls)
                if field.name in data
            }
        )


class Client:
    """One socket: its seat (None: a watcher), what waits to be sent to it, its throttle."""

    def __init__(
        self, send: Callable[[str], Awaitable[None]], config: ServerConfig, address: str = ""
    ) -> None:
        self._send = send
        self.address = address
        """The key of the client's address (:func:`~hearts.server.limits.client_key`): what
        its hints are counted under, with every other socket from there."""
        self.seat: int | None = None
        self.table: Table | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(_QUEUE)
        self.closed = asyncio.Event()
        self._rate = config.rate
        self._burst = float(config.burst)
        self._tokens = float(config.burst)
        self._last = time.monotonic()
        self.refused = 0
        """Messages refused in a row for going too fast."""
        self.seq = 0
        """Where in the game's log its last state stood (the next state's ``since``)."""
        self.hinting: asyncio.Task[None] | None = None
        """The hint being worked out for this client (one at a time), or None."""
        self.close_code: int | None = None
        """The code its socket is closed with when the server closes it (None: the handler's
        own; hearts.server.cluster.MOVED when its table went to another process)."""
        self.task = asyncio.create_task(self._sender())

    def allow(self) -> bool:
        """Whether a message may be taken now (a token bucket: ``rate`` a second, ``burst`` at
        once). ``refused`` counts the messages refused since the client last slowed down enough
        to have half its burst back: a client that goes on sending faster than the rate is
        refused again and again, even though a token comes back now and then, and so is dropped
        (the socket's handler closes it beyond a count)."""
        now = time.monotonic()
        self._tokens = min(self._burst, self._tokens + (now - self._last) * self._rate)
        self._last = now
        if self._tokens >= self._burst / 2:
            self.refused = 0
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        self.refused += 1
        return False

    def put(self, message: protocol.ServerMessage | str) -> None:
        """Queue a message, or its text (a client too slow to take its messages is dropped)."""
        if self.closed.is_set():
            return
        try:
            self.queue.put_nowait(message if isinstance(message, str) else protocol.dump(message))
        except asyncio.QueueFull:
            self.close()

    def refuse(self, code: protocol.ErrorCode, message: str, ref: int | None = None) -> None:
        """Tell the client its message was refused, and why."""
        self.put(protocol.Error(code=code, message=message, ref=ref))

    def close(self) -> None:
        """Send nothing more (the socket's handler then closes it)."""
        if not self.closed.is_set():
            self.closed.set()
            try:
                self.queue.put_nowait(None)
            except asyncio.QueueFull:
                self.task.cancel()

    async def _sender(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    return
                await self._send(text)
        except Exception:  # (a socket gone: the handler sees it too)
            self.closed.set()


@dataclasses.dataclass(slots=True)
class Seat:
    """A seat at a table."""

    number: int
    name: str
    bot: str | None
    """The bot that plays this seat (None: a person's seat)."""
    token: str | None = None
    """The hash of the seat's token (None: a bot's seat, or a person's not yet claimed)."""
    left: bool = False
    """The person left for good: the stand-in plays the seat."""
    clients: set[Client] = dataclasses.field(default_factory=set)
    stand_in: bool = False
    """A bot plays for the person until they come back."""
    grace: asyncio.TimerHandle | None = None
    account_id: int | None = None
    """The signed-in person's account the seat is tied to (None: a guest's, a bot's, open)."""

    @property
    def guest(self) -> bool:
        """A person's seat taken by a guest (not signed in): their name is marked so."""
        return self.bot is None and self.token is not None and self.account_id is None

    @property
    def human(self) -> bool:
        return self.bot is None

    def status(self) -> str:
        """``bot``, ``open`` (nobody has joined), ``connected``, ``away`` (in the grace period),
        ``stand_in`` (played by a bot until they return) or ``left``."""
        if self.bot is not None:
            return "bot"
        if self.left:
            return "left"
        if self.clients:
            return "connected"
        if self.stand_in:
            return "stand_in"
        return "open" if self.token is None else "away"


def _seconds(wait: float) -> int:
    """Seconds to say in a refusal: whole, at least 1."""
    return max(1, math.ceil(wait))


_KEPT_FORMAT: Final = frozenset({"\u200c", "\u200d"})
"""The invisible format characters a name may hold: the zero-width non-joiner and joiner,
which scripts (Persian, the Indic ones) and emoji sequences need."""


def checked_name(name: str) -> str:
    """A person's name as the table shows it, the spaces around it trimmed; refused (a
    :class:`TableError`, a sentence) when nothing is left, or when it holds a character that
    is not shown as text: a control character (C0, DEL, C1: NUL among them, which PostgreSQL
    cannot store), a line or paragraph separator, a lone surrogate, or an invisible format
    character (the bidirectional embeddings, overrides, isolates and marks, which reorder the
    text around the name, zero-width spaces, the byte-order mark, the soft hyphen, tags) but
    the zero-width joiner and non-joiner. Alike on every database: the name is refused before
    it reaches the store.

    >>> checked_name("  Ann ")
    'Ann'
    >>> checked_name("Zoë 🂡")
    'Zoë 🂡'
    >>> checked_name("Ann\\x00")
    Traceback (most recent call last):
    ...
    hearts.server.tables.TableError: a name cannot hold control or invisible characters: U+0000 is its character 4
    >>> checked_name("\\u202egnp.exe")
    Traceback (most recent call last):
    ...
    hearts.server.tables.TableError: a name cannot hold control or invisible characters: U+202E is its character 1
    """
    for number, character in enumerate(name, 1):
        kind = unicodedata.category(character)
        if kind in ("Cc", "Cs", "Zl", "Zp") or (kind == "Cf" and character not in _KEPT_FORMAT):
            raise TableError(
                "a name cannot hold control or invisible characters: "
                f"U+{ord(character):04X} is its character {number}"
            )
    trimmed = name.strip()
    if not trimmed:
        raise TableError("a name needs something to show, not only spaces")
    return trimmed


def _bot_seed(table_id: str, seat: int) -> int:
    return int.from_bytes(hashlib.sha256(f"{table_id}:{seat}".encode()).digest()[:6], "big")


def for_people(error: Exception) -> str:
    """An engine's refusal as the table's people read it: the engine numbers seats from 0 (its
    API's numbering), the page and the lobby from 1. The seats are the error's fields
    (:meth:`~hearts.errors.HeartsError.said`), never read back out of its text, so an error
    that names no seat as a field (or is no :class:`~hearts.errors.HeartsError`) is said as
    it is.

    >>> from hearts.errors import IllegalMove
    >>> for_people(IllegalMove("it is {to_act}'s turn, not {seat}'s", seat=0, to_act=2))
    "it is seat 3's turn, not seat 1's"
    >>> for_people(IllegalMove("seats are 0 to 3; seat 2 is free text"))
    'seats are 0 to 3; seat 2 is free text'
    """
    if isinstance(error, HeartsError):
        return error.said(lambda seat: f"seat {seat + 1}", lambda seat: f"seat {seat + 1}'s")
    return str(error)


def _sentence(text: str) -> str:
    """A refusal as the core words one: one sentence, lower case, no full stop."""
    return text.strip().rstrip(".")


def _burst(per_minute: float) -> int:
    """What may be asked at once under a rate a minute: a quarter of a minute's, at least 1."""
    return max(1, math.floor(per_minute / 4))
