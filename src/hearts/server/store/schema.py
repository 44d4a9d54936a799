"""The store's schema: the database's tables as SQLAlchemy rows (:class:`Base` and its
``...Row`` classes: the tables, seats, events and kept records of the games; the accounts,
their sessions, ratings, statistics and reviews; the duplicate events; the server processes),
and the lengths and values their columns take. The package's Alembic migrations
(``hearts/server/migrations``) make and upgrade it; :mod:`hearts.server.store` describes it.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar, Final

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    DateTime,
    Dialect,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    TypeDecorator,
    UniqueConstraint,
)
from sqlalchemy.orm import (
    DeclarativeBase,
    Mapped,
    mapped_column,
    relationship,
)

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
