"""admin tools (password-reset links), Glicko-2 ratings and their history, sealed bids for sides (21.0)

Revision ID: adm01
Revises: pbw02
Create Date: 2026-12-05
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "adm01"
down_revision: str | None = "pbw02"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("games", sa.Column("sealed_bid", postgresql.JSONB(astext_type=sa.Text()), nullable=True))
    op.add_column("games", sa.Column("bid_result", postgresql.JSONB(astext_type=sa.Text()), nullable=True))
    op.add_column("games", sa.Column("rated_at", sa.DateTime(timezone=True), nullable=True))
    op.create_table(
        "password_resets",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("created_by_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("used_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["created_by_id"], ["users.id"], name=op.f("fk_password_resets_created_by_id_users"),
                                ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_password_resets_user_id_users"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_password_resets")),
        sa.UniqueConstraint("token_hash", name=op.f("uq_password_resets_token_hash")),
    )
    op.create_index(op.f("ix_password_resets_user_id"), "password_resets", ["user_id"], unique=False)
    op.create_table(
        "ratings",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("pool", sa.String(length=16), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("rd", sa.Float(), nullable=False),
        sa.Column("volatility", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), server_default="0", nullable=False),
        sa.Column("wins", sa.Integer(), server_default="0", nullable=False),
        sa.Column("losses", sa.Integer(), server_default="0", nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("pool IN ('overall', 'axis', 'soviet')", name=op.f("ck_ratings_pool")),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_ratings_user_id_users"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id", "pool", name=op.f("pk_ratings")),
    )
    op.create_index("ix_ratings_pool_rating", "ratings", ["pool", "rating"], unique=False)
    op.create_table(
        "rating_changes",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("pool", sa.String(length=16), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("opponent_id", sa.Integer(), nullable=True),
        sa.Column("side", sa.String(length=16), nullable=False),
        sa.Column("score", sa.Float(), nullable=False),
        sa.Column("rating_before", sa.Float(), nullable=False),
        sa.Column("rd_before", sa.Float(), nullable=False),
        sa.Column("rating_after", sa.Float(), nullable=False),
        sa.Column("rd_after", sa.Float(), nullable=False),
        sa.Column("volatility_after", sa.Float(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_rating_changes_game_id_games"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["opponent_id"], ["users.id"], name=op.f("fk_rating_changes_opponent_id_users"),
                                ondelete="SET NULL"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_rating_changes_user_id_users"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rating_changes")),
    )
    op.create_index(op.f("ix_rating_changes_game_id"), "rating_changes", ["game_id"], unique=False)
    op.create_index("ix_rating_changes_user_pool_id", "rating_changes", ["user_id", "pool", "id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_rating_changes_user_pool_id", table_name="rating_changes")
    op.drop_index(op.f("ix_rating_changes_game_id"), table_name="rating_changes")
    op.drop_table("rating_changes")
    op.drop_index("ix_ratings_pool_rating", table_name="ratings")
    op.drop_table("ratings")
    op.drop_index(op.f("ix_password_resets_user_id"), table_name="password_resets")
    op.drop_table("password_resets")
    op.drop_column("games", "rated_at")
    op.drop_column("games", "bid_result")
    op.drop_column("games", "sealed_bid")
