"""The tournament file's tables (SQLAlchemy 2.0 declarative, portable SQL only).

Tables that people edit concurrently carry a ``version`` column for optimistic locking, ready for
the day several laptops share one PostgreSQL server.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON}


class Tournament(Base):
    """The one row describing the tournament held in this file."""

    __tablename__ = "tournament"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    start_date: Mapped[dt.date | None] = mapped_column(Date)
    end_date: Mapped[dt.date | None] = mapped_column(Date)
    venue: Mapped[str] = mapped_column(String(200), default="")
    format_name: Mapped[str] = mapped_column(String(60))
    # A TD's own format (a copy of a built-in one with changes), as the format's JSON.
    custom_format: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    rounds_planned: Mapped[int] = mapped_column(Integer)
    # The venue, for the "distance from home" tie-breaker.
    venue_latitude: Mapped[float | None] = mapped_column(Float)
    venue_longitude: Mapped[float | None] = mapped_column(Float)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utc_now)
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    __mapper_args__ = {"version_id_col": version}


class Player(Base):
    __tablename__ = "player"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200), index=True)
    home_town: Mapped[str] = mapped_column(String(200), default="")
    country: Mapped[str] = mapped_column(String(100), default="")
    # Home coordinates for the "distance from home" tie-breaker, when known.
    latitude: Mapped[float | None] = mapped_column(Float)
    longitude: Mapped[float | None] = mapped_column(Float)
    club: Mapped[str] = mapped_column(String(200), default="")
    # WDC 2018 sit-out order: board_member, club_member, local, traveller.
    local_status: Mapped[str] = mapped_column(String(20), default="traveller")
    email: Mapped[str] = mapped_column(String(200), default="")
    notes: Mapped[str] = mapped_column(Text, default="")
    # A TD or assistant filling a seat: plays, but never ranks or takes an award.
    competing: Mapped[bool] = mapped_column(Boolean, default=True)
    withdrawn: Mapped[bool] = mapped_column(Boolean, default=False)
    power_preferences: Mapped[str] = mapped_column(String(20), default="")
    # A qualifying seed (DBN Invitational), lower is better.
    seed: Mapped[int | None] = mapped_column(Integer)
    # A board the player is always seated at (accessibility: a table near the door).
    pinned_board: Mapped[int | None] = mapped_column(Integer)
    # Declined a top-board place (WDC 2018): the next in line is invited instead.
    declined_top_board: Mapped[bool] = mapped_column(Boolean, default=False)
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    __mapper_args__ = {"version_id_col": version}


class KeepApart(Base):
    """Two players never to be seated on one board (family, partners)."""

    __tablename__ = "keep_apart"
    id: Mapped[int] = mapped_column(primary_key=True)
    player_a_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"))
    player_b_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"))
    reason: Mapped[str] = mapped_column(String(200), default="")
    __table_args__ = (UniqueConstraint("player_a_id", "player_b_id"),)


class Round(Base):
    __tablename__ = "round"
    id: Mapped[int] = mapped_column(primary_key=True)
    number: Mapped[int] = mapped_column(Integer, unique=True)
    # planned -> called (board call published) -> playing -> finished
    status: Mapped[str] = mapped_column(String(20), default="planned")
    scheduled_start: Mapped[dt.datetime | None] = mapped_column(DateTime)
    # The clock's serialised state (absolute deadlines and adjustment log).
    clock_state: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    __mapper_args__ = {"version_id_col": version}

    boards: Mapped[list[Board]] = relationship(back_populates="round", order_by="Board.number")


class RollCall(Base):
    """One player's answer at one round's roll call."""

    __tablename__ = "roll_call"
    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("round.id", ondelete="CASCADE"))
    # Indexed (revision 0002): a player's answers are looked up when they are deleted.
    player_id: Mapped[int] = mapped_column(
        ForeignKey("player.id", ondelete="CASCADE"), index=True
    )
    # present, absent, standby, late
    status: Mapped[str] = mapped_column(String(20), default="absent")
    two_boards: Mapped[bool] = mapped_column(Boolean, default=False)
    volunteer_sit_out: Mapped[bool] = mapped_column(Boolean, default=False)
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    __mapper_args__ = {"version_id_col": version}
    __table_args__ = (UniqueConstraint("round_id", "player_id"),)


class Board(Base):
    """One game at one table in one round."""

    __tablename__ = "board"
    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("round.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    top_board: Mapped[bool] = mapped_column(Boolean, default=False)
    # seated -> playing -> finished (result entered) -> scored
    status: Mapped[str] = mapped_column(String(20), default="seated")
    end_year: Mapped[int | None] = mapped_column(Integer)
    # solo, draw, time, called (by the TD), concession
    end_reason: Mapped[str | None] = mapped_column(String(20))
    solo_power: Mapped[str | None] = mapped_column(String(10))
    draw_powers: Mapped[list[Any] | None] = mapped_column(JSON)
    selection_order: Mapped[list[Any] | None] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    __mapper_args__ = {"version_id_col": version}
    __table_args__ = (UniqueConstraint("round_id", "number"),)

    round: Mapped[Round] = relationship(back_populates="boards")
    seats: Mapped[list[Seat]] = relationship(back_populates="board", cascade="all, delete-orphan")


class Seat(Base):
    """A player's power on a board, with the final result once the game is over."""

    __tablename__ = "seat"
    id: Mapped[int] = mapped_column(primary_key=True)
    board_id: Mapped[int] = mapped_column(ForeignKey("board.id", ondelete="CASCADE"))
    power: Mapped[str] = mapped_column(String(10))
    # Indexed (revision 0002): boards played per player, and the check before deleting one.
    player_id: Mapped[int] = mapped_column(
        ForeignKey("player.id", ondelete="RESTRICT"), index=True
    )
    centers: Mapped[int | None] = mapped_column(Integer)
    eliminated_year: Mapped[int | None] = mapped_column(Integer)
    score: Mapped[float | None] = mapped_column(Float)
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    __mapper_args__ = {"version_id_col": version}
    __table_args__ = (UniqueConstraint("board_id", "power"),)

    board: Mapped[Board] = relationship(back_populates="seats")


class CenterCount(Base):
    """Centres of one power at the end of one game year (for count-back and charts)."""

    __tablename__ = "center_count"
    id: Mapped[int] = mapped_column(primary_key=True)
    board_id: Mapped[int] = mapped_column(ForeignKey("board.id", ondelete="CASCADE"))
    year: Mapped[int] = mapped_column(Integer)
    power: Mapped[str] = mapped_column(String(10))
    centers: Mapped[int] = mapped_column(Integer)
    __table_args__ = (UniqueConstraint("board_id", "year", "power"),)


class Team(Base):
    """A self-formed team (WDC 2025 round-4 team tournament)."""

    __tablename__ = "team"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)


class TeamMember(Base):
    __tablename__ = "team_member"
    id: Mapped[int] = mapped_column(primary_key=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("team.id", ondelete="CASCADE"))
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"))
    power: Mapped[str | None] = mapped_column(String(10))  # the power the team chose for them
    __table_args__ = (UniqueConstraint("team_id", "player_id"),)


class SpecialAward(Base):
    """An award the TD names and assigns by hand."""

    __tablename__ = "special_award"
    id: Mapped[int] = mapped_column(primary_key=True)
    title: Mapped[str] = mapped_column(String(200))
    player_id: Mapped[int | None] = mapped_column(ForeignKey("player.id", ondelete="SET NULL"))
    note: Mapped[str] = mapped_column(Text, default="")


class AuditEntry(Base):
    """Append-only: one row per row changed by a person's action (see store.audit)."""

    __tablename__ = "audit_entry"
    id: Mapped[int] = mapped_column(primary_key=True)
    action_id: Mapped[int] = mapped_column(Integer, index=True)  # groups the rows of one action
    at: Mapped[dt.datetime] = mapped_column(DateTime, default=utc_now)
    who: Mapped[str] = mapped_column(String(100), default="")
    what: Mapped[str] = mapped_column(String(300))  # "Add player Ann Smith"
    table_name: Mapped[str] = mapped_column(String(60))
    row_id: Mapped[int] = mapped_column(Integer)
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)  # None: the row was inserted
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)  # None: the row was deleted
    # "do" for a person's action; "undo" / "redo" for the entries that reverse or repeat one.
    kind: Mapped[str] = mapped_column(String(10), default="do")
    reverts_action_id: Mapped[int | None] = mapped_column(Integer)


class SitOut(Base):
    """A player asked (or volunteering) to sit out a round, with any bonus the format gives."""

    __tablename__ = "sit_out"
    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("round.id", ondelete="CASCADE"))
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"))
    bonus: Mapped[float] = mapped_column(Float, default=0.0)
    reason: Mapped[str] = mapped_column(String(200), default="")
    __table_args__ = (UniqueConstraint("round_id", "player_id"),)


class TieDecision(Base):
    """A tie settled outside the rules' criteria: a recorded random draw, or the TD's call."""

    __tablename__ = "tie_decision"
    id: Mapped[int] = mapped_column(primary_key=True)
    about: Mapped[str] = mapped_column(String(60), default="standings")
    order: Mapped[list[Any]] = mapped_column(JSON)  # player ids, best first
    method: Mapped[str] = mapped_column(String(20), default="random-draw")
    note: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utc_now)


class CustomScoring(Base):
    """A scoring system a TD wrote as a formula (tdapp.core.scoring.formula)."""

    __tablename__ = "custom_scoring"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(60), unique=True)
    title: Mapped[str] = mapped_column(String(200))
    formula: Mapped[str] = mapped_column(Text)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utc_now)
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    __mapper_args__ = {"version_id_col": version}


class GamePhase(Base):
    """One phase of a board played through tdapp's order entry: the position before it, and
    once adjudicated, its results. ``seq`` orders the phases of a board from 0."""

    __tablename__ = "game_phase"
    id: Mapped[int] = mapped_column(primary_key=True)
    board_id: Mapped[int] = mapped_column(ForeignKey("board.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    phase: Mapped[str] = mapped_column(String(8))  # S1901M, F1901R, W1901A ...
    position: Mapped[dict[str, Any]] = mapped_column(JSON)  # the CONTRACTS position shape
    results: Mapped[list[Any] | None] = mapped_column(JSON)
    adjudicated_at: Mapped[dt.datetime | None] = mapped_column(DateTime)
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    __mapper_args__ = {"version_id_col": version}
    __table_args__ = (UniqueConstraint("board_id", "seq"),)


class PhaseOrders(Base):
    """One power's order sheet for one phase, exactly as the assistant typed it."""

    __tablename__ = "phase_orders"
    id: Mapped[int] = mapped_column(primary_key=True)
    phase_id: Mapped[int] = mapped_column(ForeignKey("game_phase.id", ondelete="CASCADE"))
    power: Mapped[str] = mapped_column(String(10))
    text: Mapped[str] = mapped_column(Text, default="")
    # entered, no-orders (all hold), late, grace (a grace period is running)
    status: Mapped[str] = mapped_column(String(20), default="entered")
    grace_started_at: Mapped[dt.datetime | None] = mapped_column(DateTime)
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    __mapper_args__ = {"version_id_col": version}
    __table_args__ = (UniqueConstraint("phase_id", "power"),)


class DrawVote(Base):
    """A draw proposal on a board. A secret vote records only whether it passed."""

    __tablename__ = "draw_vote"
    id: Mapped[int] = mapped_column(primary_key=True)
    board_id: Mapped[int] = mapped_column(ForeignKey("board.id", ondelete="CASCADE"), index=True)
    phase: Mapped[str] = mapped_column(String(8))
    powers: Mapped[list[Any]] = mapped_column(JSON)  # the powers the proposal would include
    passed: Mapped[bool] = mapped_column(Boolean)
    secret: Mapped[bool] = mapped_column(Boolean, default=True)
    votes: Mapped[dict[str, Any] | None] = mapped_column(JSON)  # only for open votes
    # powers that vetoed the proposal openly before any vote (seed 000 5.7.1); then no vote
    vetoed_by: Mapped[list[Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utc_now)


class SeatReplacement(Base):
    """A player who left a seat mid-game (WDC 2025 III.3): who took over from which phase, or
    civil disorder (``replaced_by_id`` empty), and how the TD scores each of them."""

    __tablename__ = "seat_replacement"
    id: Mapped[int] = mapped_column(primary_key=True)
    seat_id: Mapped[int] = mapped_column(ForeignKey("seat.id", ondelete="CASCADE"), index=True)
    phase: Mapped[str] = mapped_column(String(8))  # the phase the new player starts: S1905M
    left_player_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="RESTRICT"))
    replaced_by_id: Mapped[int | None] = mapped_column(
        ForeignKey("player.id", ondelete="RESTRICT"), nullable=True)
    # position, zero or value (tdapp.core.game.replacement.SCORINGS)
    leaver_scoring: Mapped[str] = mapped_column(String(20), default="zero")
    leaver_score: Mapped[float | None] = mapped_column(Float, nullable=True)
    finisher_scoring: Mapped[str] = mapped_column(String(20), default="position")
    finisher_score: Mapped[float | None] = mapped_column(Float, nullable=True)
    note: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utc_now)
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    __mapper_args__ = {"version_id_col": version}


# ----------------------------------------------------------------------------- the players' page
class PlayerCode(Base):
    """A player's own code for the players' page (``/p/CODE``). ``code_hash`` (SHA-256 of the
    normalised code) is what a page server looks a code up by; ``code`` itself is only for the
    TD's codes sheet (on a venue server the assistants may read the hash, never the code)."""

    __tablename__ = "player_code"
    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(
        ForeignKey("player.id", ondelete="CASCADE"), unique=True)
    code: Mapped[str] = mapped_column(String(16))
    code_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime, default=utc_now)


class CheckIn(Base):
    """A player saying "I am here for round N", from their phone or at the TD's table. The
    roll call shows it; the TD's present/absent stays the last word."""

    __tablename__ = "check_in"
    id: Mapped[int] = mapped_column(primary_key=True)
    round_number: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[int] = mapped_column(
        ForeignKey("player.id", ondelete="CASCADE"), index=True)
    via: Mapped[str] = mapped_column(String(20), default="phone")  # phone, td
    at: Mapped[dt.datetime] = mapped_column(DateTime, default=utc_now)
    __table_args__ = (UniqueConstraint("round_number", "player_id"),)


class Announcement(Base):
    """A line the TD typed for every phone (and the projector); withdrawn ones are kept."""

    __tablename__ = "announcement"
    id: Mapped[int] = mapped_column(primary_key=True)
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[dt.datetime] = mapped_column(DateTime, default=utc_now)
    withdrawn: Mapped[bool] = mapped_column(Boolean, default=False)
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    __mapper_args__ = {"version_id_col": version}


class ResultResponse(Base):
    """A player's confirmation or dispute of their board's result, as it stood at
    ``board_version`` (a corrected result asks again). A dispute marks the board until the TD
    settles it (``settled_at``)."""

    __tablename__ = "result_response"
    id: Mapped[int] = mapped_column(primary_key=True)
    board_id: Mapped[int] = mapped_column(ForeignKey("board.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"))
    kind: Mapped[str] = mapped_column(String(10))  # confirm, dispute
    note: Mapped[str] = mapped_column(Text, default="")
    board_version: Mapped[int] = mapped_column(Integer)
    at: Mapped[dt.datetime] = mapped_column(DateTime, default=utc_now)
    settled_at: Mapped[dt.datetime | None] = mapped_column(DateTime, nullable=True)
    settled_note: Mapped[str] = mapped_column(Text, default="")
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    __mapper_args__ = {"version_id_col": version}
    __table_args__ = (UniqueConstraint("board_id", "player_id"),)
