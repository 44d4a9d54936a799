"""Where ``hearts serve`` keeps its tables: SQLite by default, PostgreSQL by URL.

Three tables hold everything a server needs to resume every game after a restart::

    tables   one row a table: its id (12 URL-safe characters), its join code (6 characters
             with no look-alikes), when it was made and last changed (UTC), the variant's
             name, the rules (``Rules.to_dict()``), the server's options (free-form JSON),
             the game's secret seed, the first dealer, and whether it is "playing", "over"
             or "closed" (nobody came to it)
    seats    one row a seat: the name shown, "human" or "bot", the bot's name, the sha256 of
             the seat's secret token (never the token), and whether its player left for good
    events   the game's log: one row an event (``Event.to_dict()``), numbered from 0

and a fourth keeps what a finished game is shown as, made once (:meth:`Store.keep_record`)::

    records  one row a finished table: its record and its replay, each as gzipped JSON, the
             version of their making (``format``) and when they were made

:meth:`Store.append_events` stores events in one transaction, after checking that they follow
the last one stored: a gap or a number already stored is refused with a :class:`StoreError`
and nothing changes, so an event the server broadcast is always one the database holds.

Everything a :class:`Store` returns is a plain frozen dataclass (:class:`StoredTable`,
:class:`TableSummary`, :class:`StoredSeat`): no database object outlives the call that read
it. A store may be called from any thread (each call has its own session); SQLite runs in WAL
mode with foreign keys on, PostgreSQL through psycopg 3. The schema is made and upgraded by
the package's Alembic migrations (:meth:`Store.upgrade`): no ``alembic.ini`` is needed.

The package holds four rooms, each of one concern; every name is importable from
``hearts.server.store`` as it was when the store was one module:

- :mod:`~hearts.server.store.schema`: the database's tables as SQLAlchemy rows (the tables'
  and the accounts', ratings', reviews', duplicate events' and processes'), and the lengths
  and values their columns take. The migrations (``hearts/server/migrations``) build it.
- :mod:`~hearts.server.store.values`: what the store returns and refuses: the frozen
  dataclasses, :class:`StoreError`, and how a row becomes one of them.
- :mod:`~hearts.server.store.files`: the database on this machine: the default file's folder,
  its private mode, the lock that lets one server use it, SQLite's connection settings.
- :mod:`~hearts.server.store.store`: :class:`Store`, the transactions that read and write.
"""

from __future__ import annotations

from hearts.server.store.files import (
    DATA_DIR_ENV,
)
from hearts.server.store.schema import (
    CODE_ALPHABET,
    CODE_LENGTH,
    EVENT_KEY_LENGTH,
    EVENT_NAME_LENGTH,
    ID_LENGTH,
    NAME_LENGTH,
    SEAT_KINDS,
    STATUSES,
    AccountRow,
    Base,
    DuplicateEntryRow,
    DuplicateEventRow,
    DuplicatePlayRow,
    EventRow,
    GameStatRow,
    ProcessRow,
    RatingHistoryRow,
    RatingRow,
    RecordRow,
    ReviewRow,
    SeatRow,
    SessionRow,
    TableRow,
    UTCDateTime,
)
from hearts.server.store.store import (
    Store,
    migrations_config,
)
from hearts.server.store.values import (
    KeptRecord,
    NewSeat,
    StoredSeat,
    StoredTable,
    StoreError,
    TableSummary,
    hash_token,
)
from hearts.server.store.values import _Conflict as _Conflict

__all__ = [
    "DATA_DIR_ENV",
    "STATUSES",
    "SEAT_KINDS",
    "KeptRecord",
    "NewSeat",
    "Store",
    "StoreError",
    "StoredSeat",
    "StoredTable",
    "TableSummary",
    "hash_token",
    "migrations_config",
    # The schema, for the server's other modules (accounts, ratings, events, reviews, cluster):
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "EVENT_KEY_LENGTH",
    "EVENT_NAME_LENGTH",
    "ID_LENGTH",
    "NAME_LENGTH",
    "AccountRow",
    "Base",
    "DuplicateEntryRow",
    "DuplicateEventRow",
    "DuplicatePlayRow",
    "EventRow",
    "GameStatRow",
    "ProcessRow",
    "RatingHistoryRow",
    "RatingRow",
    "RecordRow",
    "ReviewRow",
    "SeatRow",
    "SessionRow",
    "TableRow",
    "UTCDateTime",
]
