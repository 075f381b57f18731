"""The players' page (issue 25): each player's code, check-ins from phones, the TD's
announcements, and players' confirmations or disputes of their board's result.

Revision ID: 0006_players_page
Revises: 0005_seat_replacement
Create Date: 2026-11-28 12:20:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_players_page"
down_revision = "0005_seat_replacement"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "player_code",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("player.id", ondelete="CASCADE"),
                  nullable=False, unique=True),
        sa.Column("code", sa.String(16), nullable=False),
        sa.Column("code_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "check_in",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("round_number", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("player.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("via", sa.String(20), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("round_number", "player_id"),
    )
    op.create_index("ix_check_in_player_id", "check_in", ["player_id"])
    op.create_table(
        "announcement",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("withdrawn", sa.Boolean(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
    )
    op.create_table(
        "result_response",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("board_id", sa.Integer(), sa.ForeignKey("board.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("player_id", sa.Integer(), sa.ForeignKey("player.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("board_version", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.Column("settled_at", sa.DateTime(), nullable=True),
        sa.Column("settled_note", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.UniqueConstraint("board_id", "player_id"),
    )
    op.create_index("ix_result_response_board_id", "result_response", ["board_id"])


def downgrade() -> None:
    op.drop_index("ix_result_response_board_id", table_name="result_response")
    op.drop_table("result_response")
    op.drop_table("announcement")
    op.drop_index("ix_check_in_player_id", table_name="check_in")
    op.drop_table("check_in")
    op.drop_table("player_code")
