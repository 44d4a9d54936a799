"""The first schema: tables, their seats and their events.

Revision ID: 0001
Revises:
Created: 2025-01-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Make the tables ``tables``, ``seats`` and ``events``."""
    op.create_table(
        "tables",
        sa.Column("id", sa.String(12), nullable=False),
        sa.Column("code", sa.String(6), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
        sa.Column("variant", sa.String(), nullable=False),
        sa.Column("rules", sa.JSON(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("dealer", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.CheckConstraint("status IN ('playing', 'over')", name="ck_tables_status"),
        sa.PrimaryKeyConstraint("id", name="pk_tables"),
        sa.UniqueConstraint("code", name="uq_tables_code"),
    )
    op.create_index("ix_tables_status", "tables", ["status"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(12), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("bot", sa.String(), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("left_for_good", sa.Boolean(), nullable=False),
        sa.CheckConstraint("kind IN ('human', 'bot')", name="ck_seats_kind"),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name="fk_seats_table_id_tables", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("table_id", "seat", name="pk_seats"),
    )
    op.create_table(
        "events",
        sa.Column("table_id", sa.String(12), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("event", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name="fk_events_table_id_tables", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("table_id", "number", name="pk_events"),
    )


def downgrade() -> None:
    """Drop the three tables (and every table, seat and event in them)."""
    op.drop_table("events")
    op.drop_table("seats")
    op.drop_index("ix_tables_status", table_name="tables")
    op.drop_table("tables")
