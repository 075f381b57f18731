"""A player who leaves a game mid-way (WDC 2025 III.3, WDC 2018): the replacement or civil
disorder, the phase, and how the TD scores the leaver and the one who finished the position.

Revision ID: 0005_seat_replacement
Revises: 0004_draw_vote_veto
Create Date: 2026-11-27 05:15:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_seat_replacement"
down_revision = "0004_draw_vote_veto"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seat_replacement",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("seat_id", sa.Integer(), sa.ForeignKey("seat.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("phase", sa.String(8), nullable=False),
        sa.Column("left_player_id", sa.Integer(),
                  sa.ForeignKey("player.id", ondelete="RESTRICT"), nullable=False),
        sa.Column("replaced_by_id", sa.Integer(),
                  sa.ForeignKey("player.id", ondelete="RESTRICT"), nullable=True),
        sa.Column("leaver_scoring", sa.String(20), nullable=False),
        sa.Column("leaver_score", sa.Float(), nullable=True),
        sa.Column("finisher_scoring", sa.String(20), nullable=False),
        sa.Column("finisher_score", sa.Float(), nullable=True),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
    )
    op.create_index("ix_seat_replacement_seat_id", "seat_replacement", ["seat_id"])


def downgrade() -> None:
    op.drop_index("ix_seat_replacement_seat_id", table_name="seat_replacement")
    op.drop_table("seat_replacement")
