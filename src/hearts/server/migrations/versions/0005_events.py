"""Duplicate events: the events (their deals' digests and secret seeds), who entered them, and
each person's play of each deal (hearts.server.events).

Revision ID: 0005_events
Revises: 0004
Created: 2026-12-07
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005_events"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Make ``duplicate_events``, ``duplicate_entries`` and ``duplicate_plays``."""
    op.create_table(
        "duplicate_events",
        sa.Column("key", sa.String(16), nullable=False),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("variant", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("level", sa.String(16), nullable=False),
        sa.Column("samples", sa.Integer(), nullable=False),
        sa.Column("deals", sa.Integer(), nullable=False),
        sa.Column("digests", sa.JSON(), nullable=False),
        sa.Column("seeds", sa.JSON(), nullable=False),
        sa.Column("created", _WHEN, nullable=False),
        sa.Column("closes", _WHEN, nullable=False),
        sa.Column("daily", sa.String(10), nullable=True),
        sa.Column("private", sa.Boolean(), nullable=False),
        sa.Column("made_by", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["made_by"],
            ["accounts.id"],
            name="fk_duplicate_events_made_by_accounts",
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("key", name="pk_duplicate_events"),
        sa.UniqueConstraint("daily", name="uq_duplicate_events_daily"),
    )
    op.create_index("ix_duplicate_events_closes", "duplicate_events", ["closes"])
    op.create_index("ix_duplicate_events_made_by", "duplicate_events", ["made_by"])
    op.create_table(
        "duplicate_entries",
        sa.Column("event_key", sa.String(16), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("entered", _WHEN, nullable=False),
        sa.ForeignKeyConstraint(
            ["event_key"],
            ["duplicate_events.key"],
            name="fk_duplicate_entries_event_key_duplicate_events",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name="fk_duplicate_entries_account_id_accounts",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("event_key", "account_id", name="pk_duplicate_entries"),
    )
    op.create_index("ix_duplicate_entries_account_id", "duplicate_entries", ["account_id"])
    op.create_table(
        "duplicate_plays",
        sa.Column("event_key", sa.String(16), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.String(12), nullable=False),
        sa.Column("started", _WHEN, nullable=False),
        sa.Column("finished", _WHEN, nullable=True),
        sa.Column("points", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["event_key"],
            ["duplicate_events.key"],
            name="fk_duplicate_plays_event_key_duplicate_events",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name="fk_duplicate_plays_account_id_accounts",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["tables.id"],
            name="fk_duplicate_plays_table_id_tables",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("event_key", "number", "account_id", name="pk_duplicate_plays"),
    )
    op.create_index("ix_duplicate_plays_table_id", "duplicate_plays", ["table_id"])


def downgrade() -> None:
    """Drop the events and everything of theirs (their tables' games stay)."""
    op.drop_table("duplicate_plays")
    op.drop_table("duplicate_entries")
    op.drop_table("duplicate_events")
