"""What the store returns and refuses: plain frozen dataclasses (:class:`StoredTable`,
:class:`TableSummary`, :class:`StoredSeat`, :class:`KeptRecord`, and :class:`NewSeat` for a
table to be made), :class:`StoreError`, and how a row of :mod:`hearts.server.store.schema`
becomes one of them, so that no database object outlives the call that read it.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import hmac
from datetime import datetime
from typing import Any, Final

from hearts.errors import HeartsError
from hearts.events import Event
from hearts.rules import Rules
from hearts.server.store.schema import SeatRow, TableRow


class StoreError(HeartsError):
    """What the store refuses or cannot do, in one sentence: a URL it cannot use, a database
    it cannot reach, events out of order, a table or seat that does not exist."""


StoreError.__module__ = "hearts.server.store"  # (its public path, as tracebacks name it)


class _Refused(Exception):
    """Appends stored together that cannot all be stored: one by one, they say which not."""


class _Conflict(StoreError):
    """A row the database already holds (a key or a unique value): a table's id or code drawn
    twice, or an event number another writer stored first."""


# --- What the store returns --------------------------------------------------------------


def hash_token(token: str) -> str:
    """The sha256 (hex) of a seat's secret token: all the store keeps of it.

    >>> hash_token("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclasses.dataclass(frozen=True, slots=True)
class NewSeat:
    """A seat of a table being made: ``token`` is the secret its player holds (only its hash
    is stored), or ``token_hash`` that hash itself (a seat kept for the holder of a token the
    server knows only by its hash: play again, at a new table); a bot's seat names its
    ``bot``."""

    name: str
    kind: str = "human"
    bot: str | None = None
    token: str | None = None
    token_hash: str | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class StoredSeat:
    """A seat as stored: ``left`` is True once its player left for good."""

    seat: int
    name: str
    kind: str
    bot: str | None
    token_hash: str | None
    left: bool

    def holds(self, token: str) -> bool:
        """Whether ``token`` is this seat's secret (compared in constant time)."""
        if self.token_hash is None:
            return False
        return hmac.compare_digest(self.token_hash, hash_token(token))


@dataclasses.dataclass(frozen=True, slots=True)
class TableSummary:
    """A table as a lobby lists it: no seed, no events (``event_count`` says how many)."""

    id: str
    code: str
    created: datetime
    updated: datetime
    variant: str
    rules: Rules
    options: dict[str, Any]
    dealer: int
    status: str
    seats: tuple[StoredSeat, ...]
    event_count: int


@dataclasses.dataclass(frozen=True, slots=True)
class StoredTable:
    """A table with all it takes to play it on: its secret ``seed``, its seats and every event
    in order (``events[n]`` is event number ``n``)."""

    id: str
    code: str
    created: datetime
    updated: datetime
    variant: str
    rules: Rules
    options: dict[str, Any]
    seed: int
    dealer: int
    status: str
    seats: tuple[StoredSeat, ...]
    events: tuple[Event, ...]


@dataclasses.dataclass(frozen=True, slots=True)
class KeptRecord:
    """A finished table's record and replay as made once and kept: each the gzipped UTF-8
    JSON a client is sent; ``format`` is the version of their making (a newer server makes
    them again)."""

    table_id: str
    code: str
    format: int
    record: bytes
    replay: bytes


class _Keep(enum.Enum):
    KEEP = "keep"


_KEEP: Final = _Keep.KEEP


def _seat(row: SeatRow) -> StoredSeat:
    return StoredSeat(
        seat=row.seat,
        name=row.name,
        kind=row.kind,
        bot=row.bot,
        token_hash=row.token_hash,
        left=row.left_for_good,
    )


def _rules(row: TableRow) -> Rules:
    try:
        return Rules.from_dict(row.rules)
    except HeartsError as error:
        raise StoreError(f"the rules of table {row.id!r} cannot be read: {error}") from None


def _event(table_id: str, number: int, data: Any) -> Event:
    try:
        return Event.from_dict(data)
    except HeartsError as error:
        raise StoreError(f"event {number} of table {table_id!r} cannot be read: {error}") from None


def _stored(row: TableRow, events: list[Event]) -> StoredTable:
    return StoredTable(
        id=row.id,
        code=row.code,
        created=row.created,
        updated=row.updated,
        variant=row.variant,
        rules=_rules(row),
        options=dict(row.options),
        seed=row.seed,
        dealer=row.dealer,
        status=row.status,
        seats=tuple(_seat(seat) for seat in row.seats),
        events=tuple(events),
    )


def _summary(row: TableRow, count: int) -> TableSummary:
    return TableSummary(
        id=row.id,
        code=row.code,
        created=row.created,
        updated=row.updated,
        variant=row.variant,
        rules=_rules(row),
        options=dict(row.options),
        dealer=row.dealer,
        status=row.status,
        seats=tuple(_seat(seat) for seat in row.seats),
        event_count=count,
    )
