"""bot accounts: users.is_bot and users.bot_level (the computer opponent, docs/server.md)

Revision ID: bot01
Revises: client0003
Create Date: 2026-12-06
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "bot01"
down_revision: str | None = "client0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("users", sa.Column("is_bot", sa.Boolean(), server_default="false", nullable=False))
    op.add_column("users", sa.Column("bot_level", sa.String(length=16), nullable=True))
    # One account per level; processes starting together create it once (INSERT ... ON CONFLICT).
    op.create_index("uq_users_bot_level", "users", ["bot_level"], unique=True,
                    postgresql_where=sa.text("is_bot"))


def downgrade() -> None:
    op.drop_index("uq_users_bot_level", table_name="users")
    op.drop_column("users", "bot_level")
    op.drop_column("users", "is_bot")
