"""The databases the server's tests run on: every test that takes ``database_url`` runs twice,
on SQLite (a file of its own) and on PostgreSQL for real (a schema of its own, dropped after).

PostgreSQL is the one ``scripts/services`` makes (or ``$HEARTS_TEST_POSTGRES_URL``). If it does
not answer, the tests fail and say to run ``scripts/services``: they are never skipped.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import NullPool

from hearts.server import ServerConfig, create_app
from hearts.server.store import Store

UNLIMITED: dict[str, Any] = {
    "rate": 10_000,
    "burst": 10_000,
    "table_rate": 10_000,
    "table_burst": 10_000,
    "lookup_rate": 10_000,
    "lookup_burst": 10_000,
    "records_per_minute": 10_000,
    "records_burst": 10_000,
}
"""Settings of a server whose test drives it harder than a person would from one address."""

POSTGRES_URL_ENV = "HEARTS_TEST_POSTGRES_URL"
POSTGRES_URL = "postgresql+psycopg://hearts:hearts@127.0.0.1:5432/hearts_test"


def postgres_url() -> str:
    """The PostgreSQL database the tests use (``$HEARTS_TEST_POSTGRES_URL`` overrides it)."""
    return os.environ.get(POSTGRES_URL_ENV) or POSTGRES_URL


@contextlib.contextmanager
def postgres_schema() -> Iterator[str]:
    """The URL of a new schema in the tests' PostgreSQL (the URL sets the search path to it),
    dropped with all it holds afterwards; the test fails, saying what to run, if PostgreSQL
    does not answer."""
    base = make_url(postgres_url())
    schema = f"test_{secrets.token_hex(6)}"
    admin = create_engine(base, poolclass=NullPool, connect_args={"connect_timeout": 5})
    unreachable = None
    try:
        with admin.begin() as connection:
            connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    except SQLAlchemyError as error:
        admin.dispose()
        unreachable = str(getattr(error, "orig", None) or error).strip().splitlines()[0]
    if unreachable is not None:
        pytest.fail(
            f"PostgreSQL at {base.render_as_string(hide_password=True)} is unreachable "
            f"({unreachable}): run scripts/services (as root), or set {POSTGRES_URL_ENV}",
            pytrace=False,
        )
    try:
        url = base.update_query_dict({"options": f"-csearch_path={schema}"})
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.begin() as connection:
            connection.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database's URL: a new SQLite file, or a new schema in the tests' PostgreSQL
    (the URL sets the search path to it), dropped with all it holds after the test."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'server.db'}"
        return
    with postgres_schema() as url:
        yield url


@pytest.fixture
def store(database_url: str) -> Iterator[Store]:
    """A store on an empty database, upgraded to the newest schema; closed after the test."""
    opened = Store(database_url)
    opened.upgrade()
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture
def http(tmp_path: Path) -> Iterator[TestClient]:
    """The server's app on a store of its own (a SQLite file), its bots thinking in a thread,
    its clients not throttled (the tests drive them as fast as they can, and make many tables
    from one address)."""
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    app = create_app(ServerConfig(bot_workers=0, **UNLIMITED), store=store)
    with TestClient(app) as client:
        yield client
    store.close()
