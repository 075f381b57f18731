"""Venue and player details for tie-breakers and seeding; sit-outs, tie decisions, custom scoring
systems; and the tables of boards played through order entry (phases, order sheets, draw votes).

Revision ID: 0003_games_sitouts_custom
Revises: 0002_player_indexes
Create Date: 2026-11-22 07:05:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_games_sitouts_custom"
down_revision = "0002_player_indexes"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tournament") as batch:
        batch.add_column(sa.Column("venue_latitude", sa.Float(), nullable=True))
        batch.add_column(sa.Column("venue_longitude", sa.Float(), nullable=True))
    with op.batch_alter_table("player") as batch:
        batch.add_column(sa.Column("seed", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("pinned_board", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("declined_top_board", sa.Boolean(), nullable=False,
                                   server_default=sa.false()))
    op.create_table(
        "sit_out",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.Column("bonus", sa.Float(), nullable=False),
        sa.Column("reason", sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["player.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["round_id"], ["round.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("round_id", "player_id"),
    )
    op.create_table(
        "tie_decision",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("about", sa.String(length=60), nullable=False),
        sa.Column("order", sa.JSON(), nullable=False),
        sa.Column("method", sa.String(length=20), nullable=False),
        sa.Column("note", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_table(
        "custom_scoring",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("formula", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("name"),
    )
    op.create_table(
        "game_phase",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("board_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("phase", sa.String(length=8), nullable=False),
        sa.Column("position", sa.JSON(), nullable=False),
        sa.Column("results", sa.JSON(), nullable=True),
        sa.Column("adjudicated_at", sa.DateTime(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["board_id"], ["board.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("board_id", "seq"),
    )
    op.create_index("ix_game_phase_board_id", "game_phase", ["board_id"], unique=False)
    op.create_table(
        "phase_orders",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("phase_id", sa.Integer(), nullable=False),
        sa.Column("power", sa.String(length=10), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("grace_started_at", sa.DateTime(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["phase_id"], ["game_phase.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("phase_id", "power"),
    )
    op.create_table(
        "draw_vote",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("board_id", sa.Integer(), nullable=False),
        sa.Column("phase", sa.String(length=8), nullable=False),
        sa.Column("powers", sa.JSON(), nullable=False),
        sa.Column("passed", sa.Boolean(), nullable=False),
        sa.Column("secret", sa.Boolean(), nullable=False),
        sa.Column("votes", sa.JSON(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["board_id"], ["board.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_draw_vote_board_id", "draw_vote", ["board_id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_draw_vote_board_id", table_name="draw_vote")
    op.drop_table("draw_vote")
    op.drop_table("phase_orders")
    op.drop_index("ix_game_phase_board_id", table_name="game_phase")
    op.drop_table("game_phase")
    op.drop_table("custom_scoring")
    op.drop_table("tie_decision")
    op.drop_table("sit_out")
    with op.batch_alter_table("player") as batch:
        batch.drop_column("declined_top_board")
        batch.drop_column("pinned_board")
        batch.drop_column("seed")
    with op.batch_alter_table("tournament") as batch:
        batch.drop_column("venue_longitude")
        batch.drop_column("venue_latitude")
