"""People: accounts and their sessions, a seat's account, ratings and their history, and each
finished game's summary for a signed-in person (made again from the events at any time).

Revision ID: 0004
Revises: 0003
Created: 2026-12-06
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_WHEN = sa.DateTime(timezone=True)
_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Make ``accounts``, ``sessions``, ``ratings``, ``rating_history`` and ``game_stats``, and
    give each seat an account (none for every seat so far: they were all guests')."""
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("name_key", sa.String(24), nullable=False),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("recovery_hash", sa.String(255), nullable=False),
        sa.Column("created", _WHEN, nullable=False),
        sa.Column("seen", _WHEN, nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_accounts"),
        sa.UniqueConstraint("name_key", name="uq_accounts_name_key"),
    )
    op.create_table(
        "sessions",
        sa.Column("id_hash", sa.String(64), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("created", _WHEN, nullable=False),
        sa.Column("seen", _WHEN, nullable=False),
        sa.Column("expires", _WHEN, nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name="fk_sessions_account_id_accounts",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id_hash", name="pk_sessions"),
    )
    op.create_index("ix_sessions_account_id", "sessions", ["account_id"])
    op.create_index("ix_sessions_expires", "sessions", ["expires"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("account_id", sa.Integer(), nullable=True))
        batch.create_foreign_key(
            "fk_seats_account_id_accounts", "accounts", ["account_id"], ["id"], ondelete="SET NULL"
        )
        batch.create_index("ix_seats_account_id", ["account_id"])
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("form", sa.String(64), nullable=False),
        sa.Column("against", sa.String(8), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("shown", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated", _WHEN, nullable=False),
        sa.CheckConstraint("against IN ('people', 'bots')", name="ck_ratings_against"),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name="fk_ratings_account_id_accounts",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("account_id", "form", "against", name="pk_ratings"),
    )
    op.create_index("ix_ratings_board", "ratings", ["form", "against", "shown"])
    op.create_table(
        "rating_history",
        sa.Column("id", _ID, autoincrement=True, nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("form", sa.String(64), nullable=False),
        sa.Column("against", sa.String(8), nullable=False),
        sa.Column("table_id", sa.String(12), nullable=False),
        sa.Column("at", _WHEN, nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("shown", sa.Float(), nullable=False),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name="fk_rating_history_account_id_accounts",
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["tables.id"],
            name="fk_rating_history_table_id_tables",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name="pk_rating_history"),
        sa.UniqueConstraint("account_id", "table_id", "against", name="uq_rating_history_game"),
    )
    op.create_index(
        "ix_rating_history_person", "rating_history", ["account_id", "form", "against", "at"]
    )
    op.create_table(
        "game_stats",
        sa.Column("table_id", sa.String(12), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("account_id", sa.Integer(), nullable=False),
        sa.Column("form", sa.String(64), nullable=False),
        sa.Column("against", sa.String(8), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("finished", _WHEN, nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("hands", sa.Integer(), nullable=False),
        sa.Column("moons_shot", sa.Integer(), nullable=False),
        sa.Column("moons_against", sa.Integer(), nullable=False),
        sa.Column("queen_taken", sa.Integer(), nullable=False),
        sa.Column("hands_without_trick", sa.Integer(), nullable=False),
        sa.Column("by_pass", sa.JSON(), nullable=False),
        sa.CheckConstraint("against IN ('people', 'bots')", name="ck_game_stats_against"),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name="fk_game_stats_table_id_tables", ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["account_id"],
            ["accounts.id"],
            name="fk_game_stats_account_id_accounts",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("table_id", "seat", name="pk_game_stats"),
    )
    op.create_index(
        "ix_game_stats_person", "game_stats", ["account_id", "form", "against", "finished"]
    )


def downgrade() -> None:
    """Drop what 0004 made: the accounts, ratings and statistics go (the games stay, as
    guests' games)."""
    op.drop_table("game_stats")
    op.drop_table("rating_history")
    op.drop_table("ratings")
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("ix_seats_account_id")
        batch.drop_constraint("fk_seats_account_id_accounts", type_="foreignkey")
        batch.drop_column("account_id")
    op.drop_table("sessions")
    op.drop_table("accounts")
