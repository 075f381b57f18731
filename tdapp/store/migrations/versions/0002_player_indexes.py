"""Index the player of each seat and roll-call answer.

Counting boards played (the players list, standings) and checking a player before deleting them
both look seats and answers up by player; without an index each is a full table scan.

Revision ID: 0002_player_indexes
Revises: 0001_initial
Create Date: 2026-11-22 06:50:00
"""

from __future__ import annotations

from alembic import op

revision = "0002_player_indexes"
down_revision = "0001_initial"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_seat_player_id", "seat", ["player_id"], unique=False)
    op.create_index("ix_roll_call_player_id", "roll_call", ["player_id"], unique=False)


def downgrade() -> None:
    op.drop_index("ix_roll_call_player_id", table_name="roll_call")
    op.drop_index("ix_seat_player_id", table_name="seat")
