"""The store's database on this machine: the folder of the default SQLite file
(:data:`DATA_DIR_ENV`), the file kept private (it holds the games' secret seeds), the lock that
lets one server use it at a time (a file lock; on PostgreSQL, the advisory lock's keys), and
SQLite's connection settings (WAL, foreign keys, a transaction begun when SQLAlchemy begins
one).
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any, Final

import platformdirs
from sqlalchemy.engine import URL

from hearts.server.store.values import StoreError

log = logging.getLogger("hearts.server")

DATA_DIR_ENV: Final = "HEARTS_DATA_DIR"
"""The environment variable that moves the folder of the default database (``server.db``)."""

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
