"""Several server processes on one store: each process's row, and which one drives a table.

Revision ID: 0006_cluster
Revises: 0005_events
Created: 2026-12-07
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006_cluster"
down_revision: str | None = "0005_events"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Make ``processes``; give ``tables`` its ``owner`` (None: no process drives it yet)."""
    op.create_table(
        "processes",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("started", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended", sa.DateTime(timezone=True), nullable=True),
        sa.Column("protocol", sa.Integer(), nullable=False),
        sa.Column("version", sa.String(40), nullable=False),
        sa.Column("host", sa.String(255), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_processes")),
    )
    # (ALTER TABLE itself, never a batch: SQLite's batch makes the table again, and dropping
    # the old one would take its seats and events with it by their foreign keys)
    op.add_column("tables", sa.Column("owner", sa.Integer(), nullable=True))
    op.create_index(op.f("ix_tables_owner"), "tables", ["owner"])


def downgrade() -> None:
    """Drop them (one server a store again)."""
    op.drop_index(op.f("ix_tables_owner"), "tables")
    op.drop_column("tables", "owner")  # (SQLite 3.35 and later drop a column in place)
    op.drop_table("processes")
