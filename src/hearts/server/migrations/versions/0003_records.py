"""Finished games' records and replays, made once and kept: the table ``records``.

Revision ID: 0003
Revises: 0002
Created: 2026-12-06
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Make the table ``records``: one row a finished table, its record and replay gzipped."""
    op.create_table(
        "records",
        sa.Column("table_id", sa.String(12), nullable=False),
        sa.Column("format", sa.Integer(), nullable=False),
        sa.Column("made", sa.DateTime(timezone=True), nullable=False),
        sa.Column("record", sa.LargeBinary(), nullable=False),
        sa.Column("replay", sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name="fk_records_table_id_tables", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("table_id", name="pk_records"),
    )


def downgrade() -> None:
    """Drop the table ``records`` (the records are made again when asked for)."""
    op.drop_table("records")
