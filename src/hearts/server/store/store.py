"""The store itself: :class:`Store`, the transactions that read and write the tables, their
seats, events and kept records (:mod:`hearts.server.store` describes what is kept).

One module: :class:`Store` is one concern, a database's transactions, and it is kept whole:
every write and read goes through the same :meth:`Store._transaction` (its session, its
retries, its one sentence for whatever the database says) and the same checks of what is
written, and the other rooms of the store hold the rest: the rows (schema), what is returned
(values), and the file and its locks (files).
"""

from __future__ import annotations

import json
import logging
import os
import secrets
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

from alembic import command
from alembic.config import Config
from alembic.util import CommandError
from sqlalchemy import (
    ColumnElement,
    Engine,
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
    Session,
    selectinload,
    sessionmaker,
)
from sqlalchemy.pool import StaticPool

from hearts.events import Event
from hearts.rules import Rules
from hearts.server.store.files import (
    _ADVISORY_KEY,
    _MIGRATION_KEY,
    DATA_DIR_ENV,
    _lock_file,
    _our_folder,
    _private,
    _private_database,
    _sqlite_begin,
    _sqlite_connect,
    _sqlite_file,
)
from hearts.server.store.schema import (
    CODE_ALPHABET,
    CODE_LENGTH,
    SEAT_KINDS,
    STATUSES,
    EventRow,
    RecordRow,
    SeatRow,
    TableRow,
)
from hearts.server.store.values import (
    _KEEP,
    KeptRecord,
    NewSeat,
    StoredSeat,
    StoredTable,
    StoreError,
    TableSummary,
    _Conflict,
    _event,
    _Keep,
    _Refused,
    _seat,
    _stored,
    _summary,
    hash_token,
)

log = logging.getLogger("hearts.server")

_SEED_LIMIT: Final = 2**63
_ATTEMPTS: Final = 8
"""How many fresh ids and codes :meth:`Store.create_table` tries before giving up."""


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
                table = repr(table_id).replace("{", "{{").replace("}", "}}")
                raise StoreError(f"table {table} has no {{seat}}", seat=seat)
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
