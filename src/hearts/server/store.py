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
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import hmac
import json
import logging
import os
import secrets
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ClassVar, Final

import platformdirs
from alembic import command
from alembic.config import Config
from alembic.util import CommandError
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    ColumnElement,
    DateTime,
    Dialect,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    TypeDecorator,
    UniqueConstraint,
    create_engine,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError, IntegrityError, SQLAlchemyError
from sqlalchemy.orm import (
    DeclarativeBase,
    Mapped,
    Session,
    mapped_column,
    relationship,
    selectinload,
    sessionmaker,
)
from sqlalchemy.pool import StaticPool

from hearts.errors import HeartsError
from hearts.events import Event
from hearts.rules import Rules

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
]

DATA_DIR_ENV: Final = "HEARTS_DATA_DIR"
"""The environment variable that moves the folder of the default database (``server.db``)."""

STATUSES: Final = ("playing", "over", "closed")
"""What a table can be: still being played (resumed at start-up), over, or closed before anyone
played at it (nobody took a seat within the server's claim time)."""

SEAT_KINDS: Final = ("human", "bot")
"""Who a seat is for: a person (who holds its token) or a bot."""

ID_LENGTH: Final = 12
CODE_LENGTH: Final = 6
NAME_LENGTH: Final = 24
"""The longest name an account may have."""
CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""The join code's letters and digits: none that reads as another (no 0/O, 1/I/L)."""

log = logging.getLogger("hearts.server")

_SEED_LIMIT: Final = 2**63
_ATTEMPTS: Final = 8
"""How many fresh ids and codes :meth:`Store.create_table` tries before giving up."""


class StoreError(HeartsError):
    """What the store refuses or cannot do, in one sentence: a URL it cannot use, a database
    it cannot reach, events out of order, a table or seat that does not exist."""


class _Refused(Exception):
    """Appends stored together that cannot all be stored: one by one, they say which not."""


class _Conflict(StoreError):
    """A row the database already holds (a key or a unique value): a table's id or code drawn
    twice, or an event number another writer stored first."""


# --- The schema --------------------------------------------------------------------------


class UTCDateTime(TypeDecorator[datetime]):
    """A moment in UTC: stored as a timestamp with a time zone, read back aware in UTC (SQLite
    keeps no zone, so what it returns is taken as UTC, which is all this type writes)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("a stored time must be aware (in UTC)")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


class Base(DeclarativeBase):
    """The store's models. Constraints are named by convention, as the migrations name them."""

    metadata = MetaData(
        naming_convention={
            "ix": "ix_%(table_name)s_%(column_0_name)s",
            "uq": "uq_%(table_name)s_%(column_0_name)s",
            "ck": "ck_%(table_name)s_%(constraint_name)s",
            "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
            "pk": "pk_%(table_name)s",
        }
    )
    type_annotation_map: ClassVar[dict[Any, Any]] = {
        datetime: UTCDateTime(),
        dict[str, Any]: JSON(),
    }


class TableRow(Base):
    """A row of ``tables``."""

    __tablename__ = "tables"
    __table_args__ = (CheckConstraint("status IN ('playing', 'over', 'closed')", name="status"),)

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    code: Mapped[str] = mapped_column(String(CODE_LENGTH), unique=True)
    created: Mapped[datetime]
    updated: Mapped[datetime]
    variant: Mapped[str] = mapped_column(String)
    rules: Mapped[dict[str, Any]]
    options: Mapped[dict[str, Any]]
    seed: Mapped[int] = mapped_column(BigInteger)
    dealer: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16), index=True)
    owner: Mapped[int | None] = mapped_column(Integer, index=True)
    """The process that drives the table (several processes on one store:
    hearts.server.cluster), or None."""

    seats: Mapped[list[SeatRow]] = relationship(
        order_by="SeatRow.seat", cascade="all, delete-orphan", passive_deletes=True
    )


class SeatRow(Base):
    """A row of ``seats``."""

    __tablename__ = "seats"
    __table_args__ = (CheckConstraint("kind IN ('human', 'bot')", name="kind"),)

    table_id: Mapped[str] = mapped_column(
        String(ID_LENGTH), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String)
    kind: Mapped[str] = mapped_column(String(16))
    bot: Mapped[str | None] = mapped_column(String)
    token_hash: Mapped[str | None] = mapped_column(String(64))
    left_for_good: Mapped[bool] = mapped_column(Boolean)
    account_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="SET NULL"), index=True
    )
    """The signed-in person who sat here (None: a guest, a bot, or an account deleted since)."""


class RecordRow(Base):
    """A row of ``records``."""

    __tablename__ = "records"

    table_id: Mapped[str] = mapped_column(
        String(ID_LENGTH), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    format: Mapped[int] = mapped_column(Integer)
    made: Mapped[datetime]
    record: Mapped[bytes] = mapped_column(LargeBinary)
    replay: Mapped[bytes] = mapped_column(LargeBinary)


class EventRow(Base):
    """A row of ``events``."""

    __tablename__ = "events"

    table_id: Mapped[str] = mapped_column(
        String(ID_LENGTH), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    event: Mapped[dict[str, Any]]


class AccountRow(Base):
    """A row of ``accounts``: a person signed up (guests have none)."""

    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(NAME_LENGTH))
    name_key: Mapped[str] = mapped_column(String(NAME_LENGTH), unique=True)
    """The name as compared (NFKC, case-folded): no two accounts' names read alike."""
    password_hash: Mapped[str] = mapped_column(String(255))
    recovery_hash: Mapped[str] = mapped_column(String(255))
    created: Mapped[datetime]
    seen: Mapped[datetime]


class SessionRow(Base):
    """A row of ``sessions``: a signed-in browser (the sha256 of its cookie, never the cookie)."""

    __tablename__ = "sessions"

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created: Mapped[datetime]
    seen: Mapped[datetime]
    expires: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)


class RatingRow(Base):
    """A row of ``ratings``: a person's OpenSkill rating in a form (a preset at a number of
    players), against people or against the computer (``against``: "people" or "bots")."""

    __tablename__ = "ratings"
    __table_args__ = (
        CheckConstraint("against IN ('people', 'bots')", name="against"),
        Index("ix_ratings_board", "form", "against", "shown"),
    )

    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    form: Mapped[str] = mapped_column(String(64), primary_key=True)
    against: Mapped[str] = mapped_column(String(8), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    shown: Mapped[float] = mapped_column(Float)
    """The one number shown (and ranked by): the rating's conservative estimate."""
    games: Mapped[int] = mapped_column(Integer)
    updated: Mapped[datetime]


class RatingHistoryRow(Base):
    """A row of ``rating_history``: a person's rating after a rated game (once a game)."""

    __tablename__ = "rating_history"
    __table_args__ = (
        UniqueConstraint("account_id", "table_id", "against", name="uq_rating_history_game"),
        Index("ix_rating_history_person", "account_id", "form", "against", "at"),
    )

    id: Mapped[int] = mapped_column(
        BigInteger().with_variant(Integer, "sqlite"), primary_key=True, autoincrement=True
    )
    account_id: Mapped[int] = mapped_column(Integer, ForeignKey("accounts.id", ondelete="CASCADE"))
    form: Mapped[str] = mapped_column(String(64))
    against: Mapped[str] = mapped_column(String(8))
    table_id: Mapped[str] = mapped_column(
        String(ID_LENGTH), ForeignKey("tables.id", ondelete="CASCADE")
    )
    at: Mapped[datetime]
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    shown: Mapped[float] = mapped_column(Float)


class GameStatRow(Base):
    """A row of ``game_stats``: what a finished game was for a signed-in person at one seat,
    summed from its stored events (so the rows can be made again from them at any time)."""

    __tablename__ = "game_stats"
    __table_args__ = (
        CheckConstraint("against IN ('people', 'bots')", name="against"),
        Index("ix_game_stats_person", "account_id", "form", "against", "finished"),
    )

    table_id: Mapped[str] = mapped_column(
        String(ID_LENGTH), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(Integer, ForeignKey("accounts.id", ondelete="CASCADE"))
    form: Mapped[str] = mapped_column(String(64))
    against: Mapped[str] = mapped_column(String(8))
    rated: Mapped[bool] = mapped_column(Boolean)
    finished: Mapped[datetime]
    players: Mapped[int] = mapped_column(Integer)
    place: Mapped[int] = mapped_column(Integer)
    """1 for a winner (ties share a place), as the game's final scores order the seats."""
    points: Mapped[int] = mapped_column(Integer)
    hands: Mapped[int] = mapped_column(Integer)
    moons_shot: Mapped[int] = mapped_column(Integer)
    moons_against: Mapped[int] = mapped_column(Integer)
    queen_taken: Mapped[int] = mapped_column(Integer)
    hands_without_trick: Mapped[int] = mapped_column(Integer)
    by_pass: Mapped[dict[str, Any]]
    """Per pass direction: ``{"left": {"hands": 3, "points": 17}, ...}``."""


class ReviewRow(Base):
    """A row of ``reviews``: the expert's review of one seat of a finished game, asked once
    and kept (:mod:`hearts.server.reviews`). ``review`` holds the
    :meth:`~hearts.bots.review.Review.to_dict` JSON: once ``done``, the whole review; while it is
    worked out, the decisions judged so far (so a server that stops picks it up where it was)."""

    __tablename__ = "reviews"
    __table_args__ = (
        CheckConstraint("state IN ('queued', 'running', 'done', 'failed')", name="state"),
        Index("ix_reviews_state", "state"),
    )

    table_id: Mapped[str] = mapped_column(
        String(ID_LENGTH), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    deals: Mapped[int] = mapped_column(Integer)
    """The budget: sampled deals a decision."""
    seed: Mapped[int] = mapped_column(BigInteger)
    """Fixed per game and seat: the review repeats exactly."""
    state: Mapped[str] = mapped_column(String(16))
    done: Mapped[int] = mapped_column(Integer)
    """Decisions judged so far (forced ones counted as they are skipped) ..."""
    total: Mapped[int] = mapped_column(Integer)
    """... of the seat's decisions in the game (0 until they are counted)."""
    review: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    error: Mapped[str | None] = mapped_column(String(400), nullable=True)
    """Why a ``failed`` review failed, in a sentence."""
    created: Mapped[datetime]
    finished: Mapped[datetime | None] = mapped_column(UTCDateTime(), nullable=True)


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


# --- The store ---------------------------------------------------------------------------


def migrations_config() -> Config:
    """The Alembic configuration of the store's migrations (built here: no ``alembic.ini``)."""
    config = Config()
    config.set_main_option("script_location", "hearts.server:migrations")
    return config


def _shown(url: URL) -> str:
    return url.render_as_string(hide_password=True)


def _reason(error: BaseException) -> str:
    """The first line of what the database (or its driver) said, without SQLAlchemy's notes."""
    cause: BaseException = error
    if isinstance(error, DBAPIError) and error.orig is not None:
        cause = error.orig
    text = str(cause).strip().splitlines()
    return text[0].strip().rstrip(".") if text else type(cause).__name__


def _missing_schema(error: SQLAlchemyError) -> bool:
    text = _reason(error).lower()
    return "no such table" in text or ("relation" in text and "does not exist" in text)


def _now() -> datetime:
    return datetime.now(UTC)


class Store:
    """The tables of a server in the database at ``url`` (SQLite or PostgreSQL).

    ``Store()`` opens the default database (:meth:`default_url`). A URL that cannot be used (not
    a URL, another kind of database, a server that does not answer) raises a
    :class:`StoreError` at once. Call :meth:`upgrade` before the first use of a database (and
    after upgrading ``hearts``): it makes or upgrades the schema.

    Every method may be called from any thread. SQLite in memory (``sqlite://``, for tests) is
    one connection that every thread shares, so calls to it must not overlap.
    """

    def __init__(self, url: str | None = None) -> None:
        if url is None:
            url = self.default_url()
        self.url: URL = self._checked_url(url)
        self.path = _sqlite_file(self.url)
        """The SQLite file (None: PostgreSQL, or SQLite in memory)."""
        if self.path is not None:
            _private_database(self.path)
        self._held: Any = None
        """What holds the database for this server (:meth:`hold`): a lock file, a connection."""
        self.owner: int | None = None
        """The process this store writes for when several share it (hearts.server.cluster):
        an append to a table another process drives then is refused (a process that lost a
        table cannot store a move after the one that took it over)."""
        self._engine = self._make_engine(self.url)
        self._sessions = sessionmaker(self._engine, expire_on_commit=False)
        readers = self._engine
        if self.url.get_backend_name() == "postgresql":
            readers = readers.execution_options(isolation_level="REPEATABLE READ")
        self._readers = sessionmaker(readers, expire_on_commit=False)
        try:
            with self._engine.connect() as connection:
                connection.exec_driver_sql("SELECT 1")
        except SQLAlchemyError as error:
            self._engine.dispose()
            raise StoreError(
                f"cannot open the database {_shown(self.url)}: {_reason(error)}"
            ) from None

    @property
    def engine(self) -> Engine:
        """The store's SQLAlchemy engine (hearts.server.cluster runs its own few queries)."""
        return self._engine

    @staticmethod
    def default_url() -> str:
        """SQLite in ``server.db`` in ``$HEARTS_DATA_DIR``, else in the user's data directory
        for ``hearts`` (``$XDG_DATA_HOME/hearts`` on Linux); the folder is made if need be,
        private to the user (0700). The user's data directory for ``hearts`` is ours, and made
        private if it was not; a ``$HEARTS_DATA_DIR`` that exists is left as its owner made
        it."""
        env = os.environ.get(DATA_DIR_ENV)
        folder = Path(env) if env else _our_folder()
        try:
            if folder.is_dir():
                if not env:
                    _private(folder, 0o700)
            else:
                if folder.parent != folder:
                    folder.parent.mkdir(parents=True, exist_ok=True)
                folder.mkdir(mode=0o700)
        except OSError as error:
            raise StoreError(
                f"cannot make the folder {folder} for the server's database: {error.strerror}"
            ) from None
        return URL.create("sqlite", database=str(folder.resolve() / "server.db")).render_as_string()

    @staticmethod
    def _checked_url(text: str) -> URL:
        hint = "give sqlite:///path/to/file.db or postgresql://user:password@host/database"
        try:
            url = make_url(text)
        except ArgumentError:
            raise StoreError(f"{text!r} is not a database URL: {hint}") from None
        # (read from the name: asking SQLAlchemy would load the dialect, and fail on a name it
        # does not know with an error of its own)
        backend, _, driver = url.drivername.partition("+")
        if backend in ("postgresql", "postgres"):
            if driver not in ("", "psycopg"):
                raise StoreError(
                    f"PostgreSQL is reached through psycopg 3, not {driver}: "
                    "write the URL as postgresql+psycopg://user:password@host/database"
                )
            return url.set(drivername="postgresql+psycopg")
        if backend == "sqlite":
            if driver not in ("", "pysqlite"):
                raise StoreError(f"SQLite is reached through Python's sqlite3, not {driver}")
            return url
        raise StoreError(
            f"{_shown(url)} is a {backend} database: the server keeps its tables in SQLite "
            f"or PostgreSQL ({hint})"
        )

    @staticmethod
    def _make_engine(url: URL) -> Engine:
        try:
            if url.get_backend_name() == "sqlite":
                memory = url.database in (None, "", ":memory:")
                engine = create_engine(
                    url,
                    connect_args={"check_same_thread": False, "timeout": 30},
                    # One connection for a database in memory, or each thread would see its own.
                    **({"poolclass": StaticPool} if memory else {}),
                )
                event.listen(engine, "connect", _sqlite_connect)
                event.listen(engine, "begin", _sqlite_begin)
                return engine
            return create_engine(url, connect_args={"connect_timeout": 10}, pool_pre_ping=True)
        except (ArgumentError, ImportError, TypeError) as error:
            raise StoreError(f"cannot use the database {_shown(url)}: {error}") from None

    def close(self) -> None:
        """Close every connection (the store is not used after this), and let the database go
        if this store held it (:meth:`hold`)."""
        self.release()
        self._engine.dispose()

    def hold(self, *, shared: bool = False) -> None:
        """Hold the database for this server alone until :meth:`close` (``hearts serve`` does,
        before it serves): a second server on the same database would serve tables the first
        has moved on. Refused with a :class:`StoreError` while another process holds it.
        ``shared``: one of several processes that share it (``--redis-url``, PostgreSQL only):
        held with the others, never with a server that holds it alone.

        SQLite: an exclusive lock (``flock``) on ``<file>.lock`` beside the file, which tells
        the holder's process id. PostgreSQL: a session advisory lock (``pg_try_advisory_lock``,
        or its ``_shared`` form) on a connection kept for it, one lock a schema. A database in
        memory is this process's alone, and needs none."""
        if self._held is not None:
            return
        if self.path is not None:
            self._held = _lock_file(self.path)
        elif self.url.get_backend_name() == "postgresql":
            self._held = self._advisory_lock(shared)

    def release(self) -> None:
        """Let go of the database held by :meth:`hold` (nothing if it is not held)."""
        held, self._held = self._held, None
        if held is None:
            return
        if isinstance(held, int):
            os.close(held)  # (the lock goes with the file's last descriptor)
        else:
            with suppress(SQLAlchemyError):
                # Let go now: a closed connection's lock goes only once its server process has
                # seen it close, so another process asking at once could still find it held.
                held.execute(text("SELECT pg_advisory_unlock_all()"))
            with suppress(SQLAlchemyError):
                held.invalidate()  # (its session ends: PostgreSQL lets the lock go)
            with suppress(SQLAlchemyError):
                held.close()

    def _advisory_lock(self, shared: bool) -> Any:
        try:
            connection = self._engine.connect()
        except SQLAlchemyError as error:
            raise StoreError(
                f"cannot open the database {_shown(self.url)}: {_reason(error)}"
            ) from None
        try:
            how = "pg_try_advisory_lock_shared" if shared else "pg_try_advisory_lock"
            taken = connection.execute(
                text(f"SELECT {how}(:key, hashtext(current_schema()))"),
                {"key": _ADVISORY_KEY},
            ).scalar()
            connection.commit()  # (a session's lock outlives its transaction)
        except SQLAlchemyError as error:
            connection.close()
            raise StoreError(
                f"cannot lock the database {_shown(self.url)}: {_reason(error)}"
            ) from None
        if not taken and shared:
            connection.close()
            raise StoreError(
                f"the database {_shown(self.url)} is served by a hearts serve of its own "
                "(started without --redis-url): stop that one first, then start every process "
                "with the same --redis-url"
            )
        if not taken:
            connection.close()
            raise StoreError(
                f"the database {_shown(self.url)} is in use by another hearts serve: stop that "
                "one first, or give this one another --database-url (several processes share "
                "one database through a Redis: give each the same --redis-url)"
            )
        return connection

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # --- The schema ---

    def upgrade(self, revision: str = "head") -> None:
        """Make or upgrade the schema to ``revision`` (the newest by default), in one
        transaction where the database allows it (PostgreSQL, SQLite)."""
        self._migrate(command.upgrade, revision, "upgrade")

    def downgrade(self, revision: str) -> None:
        """Take the schema back to ``revision`` (``"base"``: no tables at all)."""
        self._migrate(command.downgrade, revision, "downgrade")

    def _migrate(self, how: Any, revision: str, doing: str) -> None:
        config = migrations_config()
        try:
            with self._engine.begin() as connection:
                if self.url.get_backend_name() == "postgresql":
                    # (processes started together migrate one after the other: the others
                    # then find the schema made)
                    connection.execute(
                        text("SELECT pg_advisory_xact_lock(:key, hashtext(current_schema()))"),
                        {"key": _MIGRATION_KEY},
                    )
                config.attributes["connection"] = connection
                how(config, revision)
        except (SQLAlchemyError, CommandError) as error:
            # CommandError: a revision not known (as in a database a newer hearts upgraded).
            raise StoreError(
                f"cannot {doing} the database {_shown(self.url)}: {_reason(error)}"
            ) from None

    @contextmanager
    def _transaction(self, doing: str, *, read: bool = False) -> Iterator[Session]:
        """A session in one transaction, committed at the end, rolled back by any error; a
        database error comes out as a :class:`StoreError` saying what was being done. A
        ``read`` sees one snapshot of the database throughout (PostgreSQL: repeatable read;
        SQLite in WAL mode: any transaction)."""
        sessions = self._readers if read else self._sessions
        try:
            with sessions.begin() as session:
                yield session
        except IntegrityError as error:
            raise _Conflict(f"cannot {doing}: {_reason(error)}") from None
        except SQLAlchemyError as error:
            if _missing_schema(error):
                raise StoreError(
                    f"cannot {doing}: the database {_shown(self.url)} has no tables yet "
                    "(upgrade it first)"
                ) from None
            raise StoreError(f"cannot {doing}: {_reason(error)}") from None

    # --- Writing ---

    def create_table(
        self,
        *,
        variant: str,
        rules: Rules,
        options: Mapping[str, Any],
        seed: int,
        dealer: int,
        seats: Sequence[NewSeat],
        events: Sequence[Event] = (),
        owner: int | None = None,
    ) -> StoredTable:
        """Store a new table (status "playing") with a fresh id and join code, its seats
        numbered in order, and its first ``events`` (numbered from 0), in one transaction;
        ``owner``: the process that drives it (hearts.server.cluster)."""
        if not isinstance(rules, Rules):
            raise StoreError(f"a table's rules must be Rules, not {type(rules).__name__}")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < _SEED_LIMIT:
            raise StoreError(f"seed={seed!r} is not a whole number from 0 to 2**63 - 1")
        if len(seats) != rules.players:
            raise StoreError(
                f"a table of {rules.players} players needs {rules.players} seats, not {len(seats)}"
            )
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < len(seats):
            raise StoreError(f"dealer={dealer!r} is not one of the {len(seats)} seats")
        for seat in seats:
            self._check_kind(seat.kind)
        plain_options = self._json(dict(options), "the table's options")
        plain_rules = rules.to_dict()
        plain_events = self._event_dicts(events)
        for _ in range(_ATTEMPTS):
            table_id = secrets.token_urlsafe(9)
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            now = _now()
            try:
                with self._transaction("store a new table") as session:
                    session.add(
                        TableRow(
                            id=table_id,
                            code=code,
                            created=now,
                            updated=now,
                            variant=variant,
                            rules=plain_rules,
                            options=plain_options,
                            seed=seed,
                            dealer=dealer,
                            status="playing",
                            owner=owner,
                            seats=[
                                SeatRow(
                                    seat=number,
                                    name=seat.name,
                                    kind=seat.kind,
                                    bot=seat.bot,
                                    token_hash=seat.token_hash
                                    if seat.token is None
                                    else hash_token(seat.token),
                                    left_for_good=False,
                                )
                                for number, seat in enumerate(seats)
                            ],
                        )
                    )
                    session.flush()
                    if plain_events:
                        session.execute(
                            insert(EventRow),
                            [
                                {"table_id": table_id, "number": number, "event": data}
                                for number, data in enumerate(plain_events)
                            ],
                        )
            except _Conflict:
                continue  # the id or the code is taken: draw again
            stored = self.get(table_id)
            assert stored is not None
            return stored
        raise StoreError(f"found no free table id and join code in {_ATTEMPTS} tries")

    def append_events(
        self,
        table_id: str,
        first_number: int,
        events: Sequence[Event],
        status: str | None = None,
    ) -> int:
        """Store ``events`` as numbers ``first_number``, ``first_number + 1``, ... of the table's
        log, and its new ``status`` if given, in ONE transaction; returns the number the next
        event will have.

        ``first_number`` must be the number after the last stored (0 for a table with no
        events): a gap, or a number already stored, is refused with a :class:`StoreError`, as
        is a table that does not exist, and nothing at all is stored.
        """
        if isinstance(first_number, bool) or not isinstance(first_number, int):
            raise StoreError(f"first_number={first_number!r} must be a whole number")
        if status is not None:
            self._check_status(status)
        plain = self._event_dicts(events)
        with self._transaction(f"store events of table {table_id!r}") as session:
            self._append(session, table_id, first_number, plain, status)
        return first_number + len(plain)

    def append_many(
        self, batch: Sequence[tuple[str, int, Sequence[Event], str | None]]
    ) -> list[StoreError | None]:
        """Several tables' :meth:`append_events` (table id, first number, events, status) in
        ONE transaction, each in a savepoint of its own: an append refused (its
        :class:`StoreError` in its place in the answer; None for one stored) stores nothing of
        its own and takes nothing from the others. A server under load commits many tables'
        moves at once this way, each still stored before it is told."""
        prepared = []
        for table_id, first_number, events, status in batch:
            if isinstance(first_number, bool) or not isinstance(first_number, int):
                raise StoreError(f"first_number={first_number!r} must be a whole number")
            if status is not None:
                self._check_status(status)
            prepared.append((table_id, first_number, self._event_dicts(events), status))
        if len({item[0] for item in prepared}) == len(prepared):
            try:
                return self._append_together(prepared)
            except (_Refused, StoreError):
                pass  # (an append refused, or the commit failed: one by one, below, says which)
        results: list[StoreError | None] = []
        with self._transaction(f"store the events of {len(batch)} tables") as session:
            for table_id, first_number, plain, status in prepared:
                try:
                    with session.begin_nested():
                        self._append(session, table_id, first_number, plain, status)
                except StoreError as error:
                    results.append(error)
                except SQLAlchemyError as error:
                    results.append(StoreError(f"the events of table {table_id!r}: {error}"))
                else:
                    results.append(None)
        return results

    def _append_together(
        self, prepared: Sequence[tuple[str, int, list[dict[str, Any]], str | None]]
    ) -> list[StoreError | None]:
        """Appends to different tables, all checked and stored by a few statements in one
        transaction: the tables' rows updated (their write locks taken, as in :meth:`_append`),
        the last number of each read at once, every event inserted by one ``executemany``.
        One append that would be refused refuses them all (:class:`_Refused`, nothing stored):
        the caller then stores them one by one to tell which."""
        now = _now()
        by_status: dict[str | None, list[str]] = {}
        for table_id, _, _, status in prepared:
            by_status.setdefault(status, []).append(table_id)
        rows = [
            {"table_id": table_id, "number": first_number + offset, "event": data}
            for table_id, first_number, plain, _ in prepared
            for offset, data in enumerate(plain)
        ]
        with self._transaction(f"store the events of {len(prepared)} tables") as session:
            connection = session.connection()
            touched = 0
            for status, ids in by_status.items():
                changes: dict[str, Any] = {"updated": now}
                if status is not None:
                    changes["status"] = status
                result = connection.execute(
                    update(TableRow).where(TableRow.id.in_(ids), *self._owned()).values(**changes)
                )
                touched += getattr(result, "rowcount", 0)
            if touched != len(prepared):
                raise _Refused  # (a table that does not exist)
            last = dict(
                connection.execute(
                    select(EventRow.table_id, func.max(EventRow.number))
                    .where(EventRow.table_id.in_([item[0] for item in prepared]))
                    .group_by(EventRow.table_id)
                ).all()
            )
            for table_id, first_number, _, _ in prepared:
                stored = last.get(table_id)
                if first_number != (0 if stored is None else stored + 1):
                    raise _Refused  # (a gap, or a number stored already)
            if rows:
                connection.execute(insert(EventRow), rows)
        return [None] * len(prepared)

    def _append(
        self,
        session: Session,
        table_id: str,
        first_number: int,
        plain: Sequence[dict[str, Any]],
        status: str | None,
    ) -> None:
        changes: dict[str, Any] = {"updated": _now()}
        if status is not None:
            changes["status"] = status
        # The update comes first: it takes the table's write lock (the row's on PostgreSQL,
        # the database's on SQLite) before the last number is read, so no other writer can
        # slip an event in between the check and the insert.
        touched = session.execute(
            update(TableRow).where(TableRow.id == table_id, *self._owned()).values(**changes)
        )
        if getattr(touched, "rowcount", 0) == 0:
            if self.owner is not None and session.get(TableRow, table_id) is not None:
                raise StoreError(
                    f"table {table_id!r} is driven by another of the server's processes now"
                )
            raise StoreError(f"there is no table {table_id!r}")
        last = session.scalar(
            select(func.max(EventRow.number)).where(EventRow.table_id == table_id)
        )
        expected = 0 if last is None else last + 1
        if first_number > expected:
            raise StoreError(
                f"table {table_id!r} has events up to number {expected - 1}: storing "
                f"from number {first_number} would leave a gap (the next is {expected})"
            )
        if first_number < expected:
            raise StoreError(
                f"table {table_id!r} already has event number {first_number}: the next "
                f"to store is number {expected}"
            )
        if plain:
            session.execute(
                insert(EventRow),
                [
                    {"table_id": table_id, "number": first_number + offset, "event": data}
                    for offset, data in enumerate(plain)
                ],
            )

    def _owned(self) -> list[ColumnElement[bool]]:
        """The condition that a table is this process's (none when one process serves)."""
        return [] if self.owner is None else [TableRow.owner == self.owner]

    def close_table(self, table_id: str) -> bool:
        """Mark a table being played as ``closed`` (nobody came to it): it is resumed, listed
        and given as a game no more. True if it was being played; False for a table over or
        closed already; an unknown table is refused."""
        with self._transaction(f"close table {table_id!r}") as session:
            status = session.scalar(select(TableRow.status).where(TableRow.id == table_id))
            if status is None:
                raise StoreError(f"there is no table {table_id!r}")
            if status != "playing":
                return False
            session.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(status="closed", updated=_now())
            )
            return True

    def update_seat(
        self,
        table_id: str,
        seat: int,
        *,
        name: str | _Keep = _KEEP,
        kind: str | _Keep = _KEEP,
        bot: str | _Keep | None = _KEEP,
        token: str | _Keep | None = _KEEP,
        left: bool | _Keep = _KEEP,
    ) -> StoredSeat:
        """Change what is given of a seat (``token``: the new secret, stored as its hash, or
        None for none) and return the seat as stored; an unknown table or seat is refused."""
        changes: dict[str, Any] = {}
        if not isinstance(name, _Keep):
            changes["name"] = name
        if not isinstance(kind, _Keep):
            self._check_kind(kind)
            changes["kind"] = kind
        if not isinstance(bot, _Keep):
            changes["bot"] = bot
        if not isinstance(token, _Keep):
            changes["token_hash"] = None if token is None else hash_token(token)
        if not isinstance(left, _Keep):
            changes["left_for_good"] = bool(left)
        with self._transaction(f"change seat {seat} of table {table_id!r}") as session:
            row = session.get(SeatRow, (table_id, seat))
            if row is None:
                if session.get(TableRow, table_id) is None:
                    raise StoreError(f"there is no table {table_id!r}")
                raise StoreError(f"table {table_id!r} has no seat {seat}")
            for key, value in changes.items():
                setattr(row, key, value)
            session.execute(update(TableRow).where(TableRow.id == table_id).values(updated=_now()))
            session.flush()
            return _seat(row)

    def keep_record(self, table_id: str, format: int, record: bytes, replay: bytes) -> None:
        """Keep a finished table's record and replay (gzipped JSON, as made by
        :func:`hearts.server.replay.make_kept`), in place of any kept before; a table that
        does not exist, or is not over, is refused."""
        with self._transaction(f"keep the record of table {table_id!r}") as session:
            status = session.scalar(select(TableRow.status).where(TableRow.id == table_id))
            if status is None:
                raise StoreError(f"there is no table {table_id!r}")
            if status != "over":
                raise StoreError(f"table {table_id!r} is still being played: it has no record")
            row = session.get(RecordRow, table_id)
            if row is None:
                session.add(
                    RecordRow(
                        table_id=table_id,
                        format=format,
                        made=_now(),
                        record=record,
                        replay=replay,
                    )
                )
            else:
                row.format, row.made, row.record, row.replay = format, _now(), record, replay

    def kept_record(self, key: str) -> KeptRecord | None:
        """The record and replay kept for the table with this id or join code (the code read
        as :meth:`by_code` reads it); None if none is kept (or there is no such table)."""
        code = key.replace("-", "").replace(" ", "").upper()
        with self._transaction(f"read the record of {key!r}", read=True) as session:
            found = session.execute(
                select(
                    RecordRow.table_id,
                    TableRow.code,
                    RecordRow.format,
                    RecordRow.record,
                    RecordRow.replay,
                )
                .join(TableRow, TableRow.id == RecordRow.table_id)
                .where((TableRow.id == key) | (TableRow.code == code))
                .limit(1)
            ).first()
        if found is None:
            return None
        return KeptRecord(
            table_id=found[0],
            code=found[1],
            format=found[2],
            record=bytes(found[3]),
            replay=bytes(found[4]),
        )

    # --- Reading ---

    def ping(self) -> None:
        """Check that the database answers and holds the schema: one quick read of its table
        of tables (``/healthz``). Raises a :class:`StoreError` saying why not."""
        with self._transaction("reach the database", read=True) as session:
            session.execute(select(TableRow.id).limit(1)).first()

    def get(self, table_id: str) -> StoredTable | None:
        """The table with this id, with its seats and every event; None if there is none."""
        found = self._tables(f"read table {table_id!r}", TableRow.id == table_id)
        return found[0] if found else None

    def status(self, table_id: str) -> str | None:
        """The status of the table with this id (``playing``, ``over`` or ``closed``), read
        alone (nothing else of it); None if there is none."""
        with self._transaction(f"read the status of table {table_id!r}", read=True) as session:
            found: str | None = session.scalar(
                select(TableRow.status).where(TableRow.id == table_id)
            )
            return found

    def by_code(self, code: str) -> StoredTable | None:
        """The table with this join code (read in any case, spaces and dashes ignored)."""
        wanted = code.replace("-", "").replace(" ", "").upper()
        found = self._tables(f"find the table with code {code!r}", TableRow.code == wanted)
        return found[0] if found else None

    def playing(self) -> list[StoredTable]:
        """Every table still being played, oldest first, with its seats and every event: what
        a server resumes when it starts."""
        return self._tables("read the tables being played", TableRow.status == "playing")

    def _tables(self, doing: str, where: ColumnElement[bool]) -> list[StoredTable]:
        """The tables ``where`` says, oldest first, read in one snapshot of the database. The
        events are read as plain rows (not ORM objects) in one query for all the tables."""
        with self._transaction(doing, read=True) as session:
            rows = session.scalars(
                select(TableRow)
                .where(where)
                .order_by(TableRow.created, TableRow.id)
                .options(selectinload(TableRow.seats))
            ).all()
            if not rows:
                return []
            logs: dict[str, list[Event]] = {row.id: [] for row in rows}
            query = (
                select(EventRow.table_id, EventRow.number, EventRow.event)
                .join(TableRow, TableRow.id == EventRow.table_id)
                .where(where)
                .order_by(EventRow.table_id, EventRow.number)
            )
            for table_id, number, data in session.execute(query):
                log = logs[table_id]
                if number != len(log):
                    raise StoreError(f"table {table_id!r} lacks its event number {len(log)}")
                log.append(_event(table_id, number, data))
            return [_stored(row, logs[row.id]) for row in rows]

    def public_tables(self) -> list[TableSummary]:
        """The tables being played whose options say ``"public": true``, oldest first."""
        return self._summaries(
            "list the public tables",
            (TableRow.status == "playing") & TableRow.options["public"].as_boolean(),
            TableRow.created,
            None,
        )

    def finished(self, limit: int = 50, *, public: bool = False) -> list[TableSummary]:
        """The last ``limit`` tables to be over, the most recent first; with ``public``, only
        those whose options say ``"public": true`` (what a lobby may list: a private table's
        game is found by its link or code alone)."""
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
            raise StoreError(f"limit={limit!r} must be a whole number, 0 or more")
        where = TableRow.status == "over"
        if public:
            where = where & TableRow.options["public"].as_boolean()
        return self._summaries("list the finished tables", where, TableRow.updated.desc(), limit)

    def _summaries(
        self, doing: str, where: ColumnElement[bool], order: Any, limit: int | None
    ) -> list[TableSummary]:
        # Counted for each table listed, by the events' primary key, not for every table.
        count = (
            select(func.count())
            .where(EventRow.table_id == TableRow.id)
            .correlate(TableRow)
            .scalar_subquery()
        )
        query = (
            select(TableRow, count)
            .where(where)
            .order_by(order, TableRow.id)
            .options(selectinload(TableRow.seats))
        )
        if limit is not None:
            query = query.limit(limit)
        with self._transaction(doing, read=True) as session:
            return [_summary(row, count) for row, count in session.execute(query).all()]

    # --- Checks ---

    @staticmethod
    def _check_kind(kind: str) -> None:
        if kind not in SEAT_KINDS:
            raise StoreError(f"kind={kind!r} is no kind of seat: a seat is 'human' or 'bot'")

    @staticmethod
    def _check_status(status: str) -> None:
        if status not in STATUSES:
            raise StoreError(
                f"status={status!r} is no status: a table is 'playing', 'over' or 'closed'"
            )

    @staticmethod
    def _json(data: dict[str, Any], what: str) -> dict[str, Any]:
        try:
            json.dumps(data, allow_nan=False)
        except (TypeError, ValueError) as error:
            raise StoreError(f"{what} cannot be stored as JSON: {error}") from None
        return data

    @staticmethod
    def _event_dicts(events: Sequence[Event]) -> list[dict[str, Any]]:
        plain = []
        for index, item in enumerate(events):
            if not isinstance(item, Event):
                raise StoreError(f"item {index} to store is not an event: {item!r}")
            plain.append(item.to_dict())
        return plain


_ADVISORY_KEY: Final = 0x48_65_61_72
"""The first key of the server's advisory lock on PostgreSQL (the second: its schema's hash)."""
_MIGRATION_KEY = _ADVISORY_KEY + 1
"""The first key of the lock a migration holds on PostgreSQL for its transaction."""


def _our_folder() -> Path:
    """The user's data directory for ``hearts`` (the default database's folder)."""
    return platformdirs.user_data_path("hearts")


def _sqlite_file(url: URL) -> Path | None:
    """The file of a SQLite URL (None: PostgreSQL, or a database in memory)."""
    if url.get_backend_name() != "sqlite":
        return None
    database = url.database
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    return Path(database)


def _private(path: Path, mode: int) -> None:
    """Take the group's and others' permissions away from ``path`` (if this user owns it)."""
    status = path.stat()
    if status.st_mode & 0o077 and status.st_uid == os.getuid():
        path.chmod(mode)


def _private_database(path: Path) -> None:
    """The database file made private to the user (0600) before SQLite makes it (SQLite makes
    its journal files with the database's own mode); one in our folder made private if it
    was not; one elsewhere left as its owner made it, with a warning if others may read it."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    except OSError:
        return  # (SQLite says why it cannot open it)
    else:
        os.close(descriptor)
        return
    if not hasattr(os, "getuid"):  # pragma: no cover - Windows: no such modes
        return
    try:
        if path.resolve().parent == _our_folder().resolve():
            for name in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
                if name.exists():
                    _private(name, 0o600)
        elif path.stat().st_mode & 0o077:
            log.warning(
                "the database %s may be read by other users of this machine (mode %o), and it "
                "holds the secret seeds of the games in play: make it private (chmod 600 %s)",
                path,
                path.stat().st_mode & 0o777,
                path,
            )
    except OSError:
        return


def _lock_file(path: Path) -> int | None:
    """An exclusive lock on ``<path>.lock`` (its descriptor, kept open to keep the lock), or a
    :class:`StoreError` naming the process that holds it. None where there is no ``flock``."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        return None
    name = Path(f"{path}.lock")
    try:
        descriptor = os.open(name, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as error:
        raise StoreError(f"cannot make the lock file {name}: {error.strerror}") from None
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        holder = os.read(descriptor, 32).decode("ascii", "replace").strip()
        os.close(descriptor)
        by = f" (process {holder})" if holder.isdigit() else ""
        raise StoreError(
            f"the database {path} is in use by another hearts serve{by}: stop that one first, "
            "or give this one another --database-url"
        ) from None
    os.ftruncate(descriptor, 0)
    os.write(descriptor, str(os.getpid()).encode("ascii"))
    return descriptor


def _sqlite_connect(dbapi_connection: Any, _record: Any) -> None:
    """Each SQLite connection: WAL (readers never wait for the writer), foreign keys enforced,
    and transactions begun by SQLAlchemy (below) rather than guessed by the driver."""
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
    finally:
        cursor.close()


def _sqlite_begin(connection: Any) -> None:
    """Begin SQLite's transaction when SQLAlchemy begins one, so that reads share a snapshot."""
    connection.exec_driver_sql("BEGIN")


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


# --- Duplicate events (hearts.server.events) ----------------------------------------------

EVENT_KEY_LENGTH: Final = 16
"""An event's key: URL-safe characters, random (its link is ``/e/{key}``)."""
EVENT_NAME_LENGTH: Final = 60
"""The longest name an event may have."""


class DuplicateEventRow(Base):
    """A row of ``duplicate_events``: an event, its deals' digests (published) and seeds
    (secret until ``closes``), its form, bots' level and budget, who made it."""

    __tablename__ = "duplicate_events"

    key: Mapped[str] = mapped_column(String(EVENT_KEY_LENGTH), primary_key=True)
    name: Mapped[str] = mapped_column(String(EVENT_NAME_LENGTH))
    variant: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    level: Mapped[str] = mapped_column(String(16))
    samples: Mapped[int] = mapped_column(Integer)
    """Deals the searching bots sample a move at the event's tables (a fixed budget)."""
    deals: Mapped[int] = mapped_column(Integer)
    digests: Mapped[list[str]] = mapped_column(JSON)
    seeds: Mapped[list[str]] = mapped_column(JSON)
    """Secret until the close: never in an answer before it."""
    created: Mapped[datetime]
    closes: Mapped[datetime] = mapped_column(UTCDateTime(), index=True)
    daily: Mapped[str | None] = mapped_column(String(10), unique=True)
    """The day (YYYY-MM-DD, UTC) of a daily event, at most one a day (None: not a daily)."""
    private: Mapped[bool] = mapped_column(Boolean)
    made_by: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="SET NULL"), index=True
    )


class DuplicateEntryRow(Base):
    """A row of ``duplicate_entries``: a signed-in person entered an event (once)."""

    __tablename__ = "duplicate_entries"

    event_key: Mapped[str] = mapped_column(
        String(EVENT_KEY_LENGTH),
        ForeignKey("duplicate_events.key", ondelete="CASCADE"),
        primary_key=True,
    )
    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True, index=True
    )
    entered: Mapped[datetime]


class DuplicatePlayRow(Base):
    """A row of ``duplicate_plays``: a person's play of one deal of an event, at a table and
    a seat; ``finished`` and ``points`` once the hand is over."""

    __tablename__ = "duplicate_plays"

    event_key: Mapped[str] = mapped_column(
        String(EVENT_KEY_LENGTH),
        ForeignKey("duplicate_events.key", ondelete="CASCADE"),
        primary_key=True,
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    table_id: Mapped[str] = mapped_column(
        String(ID_LENGTH), ForeignKey("tables.id", ondelete="CASCADE"), index=True
    )
    started: Mapped[datetime]
    finished: Mapped[datetime | None] = mapped_column(UTCDateTime())
    points: Mapped[int | None] = mapped_column(Integer)


# --- Several processes (hearts.server.cluster) --------------------------------------------


class ProcessRow(Base):
    """A row of ``processes``: one ``hearts serve`` process of several on this store, alive
    while it holds its advisory lock (hearts.server.cluster)."""

    __tablename__ = "processes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    started: Mapped[datetime]
    ended: Mapped[datetime | None] = mapped_column(UTCDateTime())
    protocol: Mapped[int] = mapped_column(Integer)
    version: Mapped[str] = mapped_column(String(40))
    host: Mapped[str] = mapped_column(String(255))
