"""The History view's data, and Undo / Redo of a person's last actions."""

from __future__ import annotations

import datetime as dt
import uuid

from sqlalchemy import select
from sqlalchemy.orm import Session

from tdapp.services.assistants import RESTORERS
from tdapp.services.changes import Change, ServiceError
from tdapp.store import audit, board_rights
from tdapp.store.audit import ActionSummary as ActionSummary  # a History row, for the GUI
from tdapp.store.database import TournamentDb
from tdapp.store.live import announce_action
from tdapp.store.models import AuditEntry


def list_actions(db: TournamentDb, limit: int | None = 500) -> list[audit.ActionSummary]:
    with db.read() as session:
        return audit.list_actions(session, limit)


def action_details(db: TournamentDb, action_id: int) -> list[dict]:
    """Each row one action changed: table, row, before, after."""
    with db.read() as session:
        entries = session.scalars(
            select(AuditEntry).where(AuditEntry.action_id == action_id).order_by(AuditEntry.id)
        )
        return [
            {"table": e.table_name, "row": e.row_id, "before": e.before, "after": e.after}
            for e in entries
        ]


def undo_redo_state(db: TournamentDb) -> tuple[str | None, str | None]:
    """What Undo and Redo would do now, for the menu texts (None: nothing)."""
    with db.read() as session:
        undo, redo = audit.undo_redo_stacks(session)
        names = {a.action_id: a.what for a in audit.list_actions(session)}
        return (names[undo[-1]] if undo else None, names[redo[-1]] if redo else None)


def _refuse_someone_elses(session: Session, action_id: int, who: str, kind: str) -> None:
    """On a venue server several people share one log: each undoes only their own actions."""
    action = next((a for a in audit.list_actions(session) if a.action_id == action_id), None)
    if action is not None and action.who != who:
        raise ServiceError(
            f"The last change, \u201c{action.what}\u201d, was made by {action.who or 'someone'} "
            f"at {action.at.replace(tzinfo=dt.UTC).astimezone():%H:%M}: only they can {kind} it, on their station.")


def _revert(db: TournamentDb, kind: str) -> Change:
    with db.system() as session:
        undo, redo = audit.undo_redo_stacks(session)
        stack = undo if kind == "undo" else redo
        if not stack:
            raise ServiceError(f"There is nothing to {kind}.")
        if db.on_server:
            _refuse_someone_elses(session, stack[-1], db.who, kind)
        try:
            reverted = audit.revert_action(session, stack[-1], kind=kind, who=db.who,
                                           others=RESTORERS)
        except board_rights.BoardRightsError as exc:  # an assistant's login gone since...
            raise ServiceError(str(exc)) from exc
        db.actions_here.append(reverted.action_id)  # this program's own: not heard again
        verb = "Undone" if kind == "undo" else "Redone"
        change = Change.everything(f"{verb}: {reverted.what}")
        if db.on_server:  # every station hears of it, as of any person's action
            announce_action(session, db.who, f"{kind.capitalize()}: {reverted.what}",
                            list(reverted.rows), reverted.action_id, station=db.station,
                            call=uuid.uuid4().hex, change=change.to_payload())
    return change


def undo(db: TournamentDb) -> Change:
    return _revert(db, "undo")


def redo(db: TournamentDb) -> Change:
    return _revert(db, "redo")
