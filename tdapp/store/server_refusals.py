"""A venue server's errors in a TD's words (a wrong password, a server gone, a role without the
right). ``TournamentDb.action`` turns a refused action into :class:`ServerRefused` with these
words, and ``pg`` says the same when a tournament cannot be opened; this module imports neither.
"""

from __future__ import annotations

from sqlalchemy.exc import DBAPIError

from tdapp.store.errors import TournamentFileError
from tdapp.store.server_address import describe

NOTHING_CHANGED = "Nothing was changed."


def connection_problem(url: str, exc: BaseException) -> str:
    """An engine error in a TD's words."""
    detail = " ".join(str(getattr(exc, "orig", None) or exc).split())
    lowered = detail.lower()
    where = describe(url)
    if "password authentication failed" in lowered or "no password supplied" in lowered:
        return f"The venue server refused the password for {where}: check the role and password."
    if "does not exist" in lowered and "database" in lowered:
        return f"There is no tournament database {where}: check the name, or copy one there."
    if "row-level security" in lowered:  # store.board_rights: the boards the TD gave
        return (f"This assistant was not given this board on {where}: the TD gives each "
                f"assistant their boards. {NOTHING_CHANGED}")
    if "permission denied" in lowered or "must be owner" in lowered:
        return (f"The role you connected with may not do this on {where} "
                f"(only the TD's role may). {NOTHING_CHANGED}")
    if any(word in lowered for word in ("connection refused", "timeout", "timed out",
                                        "could not translate host", "no route",
                                        "network is unreachable", "connection failed",
                                        "server closed the connection")):
        return (f"The venue server at {where} cannot be reached: is it started, and is this "
                f"laptop on the venue network?")
    return f"The venue server at {where} answered: {detail}"


class ServerRefused(TournamentFileError):
    """The venue server refused an action (a role without the right, the server gone)."""


def refusal(url: str, exc: BaseException) -> ServerRefused | None:
    """A database error of an action on a venue server as a refusal in words, or None for
    anything else (a bug, a stale edit: those keep their own handling)."""
    if not isinstance(exc, DBAPIError):
        return None
    words = connection_problem(url, exc)
    if "may not do this" in words or "cannot be reached" in words or "not given" in words:
        return ServerRefused(words)
    return None
