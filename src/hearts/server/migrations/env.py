"""Alembic's environment for the store's migrations (run by :meth:`hearts.server.store.Store.upgrade`).

The store hands Alembic its open connection, inside its transaction, as
``config.attributes["connection"]``; the models' metadata is the target that autogenerate
compares the database with. Imported outside Alembic (as by a doctest run), this does nothing.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from hearts.server.store import Base


def run(connection: Connection) -> None:
    """Run the migrations on ``connection``, in the transaction it is in."""
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=True,  # SQLite alters a table by copying it
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "config"):  # only when Alembic runs this file
    if context.is_offline_mode():
        raise SystemExit("the store's migrations run on a connection, not as SQL scripts")
    given = context.config.attributes.get("connection")
    if not isinstance(given, Connection):
        raise SystemExit(
            "the store's migrations are run by Store.upgrade(), which gives them a connection"
        )
    run(given)
