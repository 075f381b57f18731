"""A draw proposal vetoed openly before any vote (DBN Invitational 2025, seed 000 5.7.1): who
vetoed it, in the open.

Revision ID: 0004_draw_vote_veto
Revises: 0003_games_sitouts_custom
Create Date: 2026-11-27 04:50:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_draw_vote_veto"
down_revision = "0003_games_sitouts_custom"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("draw_vote") as batch:
        batch.add_column(sa.Column("vetoed_by", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("draw_vote") as batch:
        batch.drop_column("vetoed_by")
