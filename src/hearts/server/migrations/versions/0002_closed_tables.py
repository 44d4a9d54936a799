"""A table may be closed: made, then closed because nobody came to it within the claim time.

Revision ID: 0002
Revises: 0001
Created: 2026-12-10
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


_OLD: Final = "ck_tables_ck_tables_status"
"""The check's name as 0001 made it (the naming convention applied to a name given whole)."""

_NEW: Final = "ck_tables_status"
"""The check's name as the model names it."""


def upgrade() -> None:
    """Allow the status ``closed``."""
    with op.batch_alter_table("tables") as batch:
        batch.drop_constraint(op.f(_OLD), type_="check")
        batch.create_check_constraint(
            op.f(_NEW), sa.text("status IN ('playing', 'over', 'closed')")
        )


def downgrade() -> None:
    """Delete the closed tables (nobody played at them: the older schema has no such status),
    and allow ``playing`` and ``over`` only."""
    op.execute(sa.text("DELETE FROM tables WHERE status = 'closed'"))
    with op.batch_alter_table("tables") as batch:
        batch.drop_constraint(op.f(_NEW), type_="check")
        batch.create_check_constraint(op.f(_OLD), sa.text("status IN ('playing', 'over')"))
