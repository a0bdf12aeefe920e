"""the stored states compressed with lz4 where the server has it (issue 12)

Every action rewrites `games.state` (about 14 KB of JSON) and often `undo_base_state`;
PostgreSQL compresses values that size before storing them, with pglz unless told
otherwise. lz4 does the same job with much less CPU. A server built without lz4 (the
embedded one is) keeps pglz: the migration says so and goes on.

Revision ID: perf01
Revises: bot01
Create Date: 2026-12-07
"""
from __future__ import annotations

from collections.abc import Sequence

from alembic import op

revision: str = "perf01"
down_revision: str | None = "bot01"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _compress_states(method: str) -> None:
    op.execute(f"""
        DO $$
        BEGIN
            ALTER TABLE games ALTER COLUMN state SET COMPRESSION {method},
                              ALTER COLUMN undo_base_state SET COMPRESSION {method};
        EXCEPTION WHEN feature_not_supported THEN
            RAISE NOTICE 'this PostgreSQL has no % compression: game states keep the default', '{method}';
        END $$;
    """)


def upgrade() -> None:
    _compress_states("lz4")


def downgrade() -> None:
    _compress_states("default")
