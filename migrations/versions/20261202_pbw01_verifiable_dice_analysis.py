"""verifiable dice (seed commitment), analysis games, rated flag

Revision ID: pbw01
Revises: hand0002
Create Date: 2026-11-25
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "pbw01"
down_revision: str | None = "hand0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("games", sa.Column("seed_salt", sa.String(length=64), nullable=True))
    op.add_column("games", sa.Column("seed_commitment", sa.String(length=64), nullable=True))
    op.add_column("games", sa.Column("seed_reveal", sa.String(length=128), nullable=True))
    op.add_column("games", sa.Column("is_analysis", sa.Boolean(), server_default="false", nullable=False))
    op.add_column("games", sa.Column("rated", sa.Boolean(), server_default="true", nullable=False))
    op.add_column("games", sa.Column("imported_from", postgresql.JSONB(astext_type=sa.Text()), nullable=True))


def downgrade() -> None:
    for column in ("imported_from", "rated", "is_analysis", "seed_reveal", "seed_commitment", "seed_salt"):
        op.drop_column("games", column)
