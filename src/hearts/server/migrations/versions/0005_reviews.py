"""Reviews: the expert's review of one seat of a finished game, asked once and kept.

Revision ID: 0005_reviews
Revises: 0004
Created: 2026-12-07
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005_reviews"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Make ``reviews``: one row a game and seat (its budget and seed, how far it is, the
    review's JSON)."""
    op.create_table(
        "reviews",
        sa.Column("table_id", sa.String(12), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("deals", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("done", sa.Integer(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("review", sa.JSON(), nullable=True),
        sa.Column("error", sa.String(400), nullable=True),
        sa.Column("created", _WHEN, nullable=False),
        sa.Column("finished", _WHEN, nullable=True),
        sa.CheckConstraint(
            "state IN ('queued', 'running', 'done', 'failed')", name="ck_reviews_state"
        ),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name="fk_reviews_table_id_tables", ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("table_id", "seat", name="pk_reviews"),
    )
    op.create_index("ix_reviews_state", "reviews", ["state"])


def downgrade() -> None:
    """Drop the reviews (the games stay)."""
    op.drop_table("reviews")
