"""undo: the actions a side may take back, and the marks on undone actions and their log

Revision ID: hand0002
Revises: 0001
Create Date: 2026-12-01 10:00:00
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "hand0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("games", sa.Column("undo_side", sa.String(length=16), nullable=True))
    op.add_column("games", sa.Column("undo_count", sa.Integer(), server_default="0", nullable=False))
    op.add_column("games", sa.Column("undo_base_seq", sa.Integer(), nullable=True))
    op.add_column("games", sa.Column("undo_base_state", postgresql.JSON(astext_type=sa.Text()), nullable=True))
    op.add_column("games", sa.Column("undo_blocked", sa.Text(), nullable=True))
    op.add_column("game_actions", sa.Column("revealed", postgresql.JSONB(astext_type=sa.Text()), nullable=True))
    op.add_column("game_actions", sa.Column("undoes", sa.Integer(), nullable=True))
    op.add_column("game_actions", sa.Column("undone_by", sa.Integer(), nullable=True))
    op.add_column("game_log", sa.Column("undone", sa.Boolean(), server_default="false", nullable=False))


def downgrade() -> None:
    op.drop_column("game_log", "undone")
    op.drop_column("game_actions", "undone_by")
    op.drop_column("game_actions", "undoes")
    op.drop_column("game_actions", "revealed")
    op.drop_column("games", "undo_blocked")
    op.drop_column("games", "undo_base_state")
    op.drop_column("games", "undo_base_seq")
    op.drop_column("games", "undo_count")
    op.drop_column("games", "undo_side")
