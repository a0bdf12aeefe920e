"""time control (clocks, alarms), notices, webhooks and the delivery outbox

Revision ID: pbw02
Revises: pbw01
Create Date: 2026-12-03
"""
from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op
from sqlalchemy.dialects import postgresql

revision: str = "pbw02"
down_revision: str | None = "pbw01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.add_column("games", sa.Column("time_control", postgresql.JSONB(astext_type=sa.Text()),
                                     server_default='{"kind": "none"}', nullable=False))
    op.add_column("games", sa.Column("clock", postgresql.JSONB(astext_type=sa.Text()), nullable=True))
    op.add_column("games", sa.Column("clock_alarm_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index(op.f("ix_games_clock_alarm_at"), "games", ["clock_alarm_at"], unique=False)
    op.create_table(
        "notices",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("data", postgresql.JSONB(astext_type=sa.Text()), server_default="{}", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("read_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name=op.f("fk_notices_game_id_games"), ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_notices_user_id_users"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_notices")),
    )
    op.create_index(op.f("ix_notices_game_id"), "notices", ["game_id"], unique=False)
    op.create_index("ix_notices_user_id_id", "notices", ["user_id", "id"], unique=False)
    op.create_table(
        "webhooks",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("url", sa.Text(), nullable=False),
        sa.Column("secret", sa.String(length=64), nullable=False),
        sa.Column("format", sa.String(length=16), server_default="json", nullable=False),
        sa.Column("events", postgresql.JSONB(astext_type=sa.Text()), server_default="[]", nullable=False),
        sa.Column("enabled", sa.Boolean(), server_default="true", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.CheckConstraint("format IN ('json', 'discord', 'slack')", name=op.f("ck_webhooks_format")),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_webhooks_user_id_users"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_webhooks")),
    )
    op.create_index(op.f("ix_webhooks_user_id"), "webhooks", ["user_id"], unique=False)
    op.create_table(
        "deliveries",
        sa.Column("id", sa.BigInteger(), nullable=False),
        sa.Column("notice_id", sa.BigInteger(), nullable=True),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("channel", sa.String(length=16), nullable=False),
        sa.Column("webhook_id", sa.Integer(), nullable=True),
        sa.Column("target", sa.Text(), nullable=False),
        sa.Column("payload", postgresql.JSONB(astext_type=sa.Text()), nullable=False),
        sa.Column("status", sa.String(length=16), server_default="pending", nullable=False),
        sa.Column("attempts", sa.Integer(), server_default="0", nullable=False),
        sa.Column("next_attempt_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("last_status", sa.Integer(), nullable=True),
        sa.Column("last_error", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.text("now()"), nullable=False),
        sa.Column("sent_at", sa.DateTime(timezone=True), nullable=True),
        sa.CheckConstraint("channel IN ('email', 'webhook')", name=op.f("ck_deliveries_channel")),
        sa.CheckConstraint("status IN ('pending', 'sent', 'failed')", name=op.f("ck_deliveries_status")),
        sa.ForeignKeyConstraint(["notice_id"], ["notices.id"], name=op.f("fk_deliveries_notice_id_notices"),
                                ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_deliveries_user_id_users"), ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["webhook_id"], ["webhooks.id"], name=op.f("fk_deliveries_webhook_id_webhooks"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_deliveries")),
    )
    op.create_index("ix_deliveries_due", "deliveries", ["status", "next_attempt_at"], unique=False)
    op.create_index(op.f("ix_deliveries_notice_id"), "deliveries", ["notice_id"], unique=False)
    op.create_index(op.f("ix_deliveries_user_id"), "deliveries", ["user_id"], unique=False)
    op.create_index(op.f("ix_deliveries_webhook_id"), "deliveries", ["webhook_id"], unique=False)


def downgrade() -> None:
    op.drop_table("deliveries")
    op.drop_table("webhooks")
    op.drop_index("ix_notices_user_id_id", table_name="notices")
    op.drop_index(op.f("ix_notices_game_id"), table_name="notices")
    op.drop_table("notices")
    op.drop_index(op.f("ix_games_clock_alarm_at"), table_name="games")
    for column in ("clock_alarm_at", "clock", "time_control"):
        op.drop_column("games", column)
