"""The audit log on a venue server: what an assistant's login writes there, checked by the
database.

An entry is the TD's Undo and Redo: Undo writes its ``before`` values back, with the TD's
rights. So an entry added by any login but the TD's role (the tables' owner) is checked by a
trigger as it is inserted:
- ``who`` is that login, followed by what its station said in brackets
  ("desk3 (ann on station-2)"; a station that sends it so already, as tdapp's do, keeps it),
  and ``at`` the server's time: a station cannot sign as the TD;
- it may name only a table that login may write (roll call, order sheets, adjudication, draw
  votes, centre counts, a board's result and its seats' results; from the players' page,
  check-ins and players' answers to a result);
- every board it names (the row as it is, ``before``, ``after``) is one the login was given
  (store.board_rights);
- of a board or a seat, only the result columns may differ from the row as it is, and no such
  row is added or removed (seating is the TD's).
So the TD's Undo of an assistant's action can only write what that assistant could have
written. The TD's own entries are left as its station wrote them (the owner may change the
table anyway).
"""

from __future__ import annotations

from sqlalchemy import Connection, text

from tdapp.store.grants import RESULT_COLUMNS

WHO_LENGTH = 100  # AuditEntry.who
TRIGGER = "tdapp_audit_who"
# The tables an assistant's login writes (store.grants), so may log.
BOARD_TABLES = ("board", "seat", "center_count", "game_phase", "phase_orders", "draw_vote",
                "result_response")
OPEN_TABLES = ("roll_call", "check_in")


def _array(names: tuple[str, ...]) -> str:
    return "ARRAY[" + ", ".join(f"'{name}'" for name in names) + "]::text[]"


def enforce(connection: Connection, schema: str, given_check: str) -> None:
    """The trigger on ``audit_entry`` (``schema`` quoted; ``given_check`` the board check's
    name in it). Idempotent."""
    board_result = _array(RESULT_COLUMNS["board"])
    seat_result = _array(RESULT_COLUMNS["seat"])
    connection.execute(text(
        f"CREATE OR REPLACE FUNCTION {schema}.{TRIGGER}() RETURNS trigger "
        "LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$ "
        "DECLARE side jsonb; present jsonb; b integer; k text; results text[]; BEGIN "
        "IF pg_has_role(session_user, "
        "(SELECT c.relowner FROM pg_class c WHERE c.oid = TG_RELID), 'MEMBER') THEN "
        "RETURN NEW; END IF; "
        "IF NOT (left(NEW.who, length(session_user) + 2) = session_user || ' (' "
        "AND right(NEW.who, 1) = ')') THEN "
        "NEW.who := left(session_user || coalesce(' (' || nullif(NEW.who, '') || ')', ''), "
        f"{WHO_LENGTH}); END IF; "
        "NEW.at := now() AT TIME ZONE 'utc'; "
        f"IF NEW.table_name = ANY({_array(OPEN_TABLES)}) THEN RETURN NEW; END IF; "
        f"IF NOT NEW.table_name = ANY({_array(BOARD_TABLES)}) THEN "
        "RAISE EXCEPTION 'permission denied: the login % may not log a change to %', "
        "session_user, NEW.table_name USING ERRCODE = 'insufficient_privilege'; END IF; "
        f"EXECUTE format('SELECT to_jsonb(t) FROM {schema}.%I t WHERE t.id = $1', "
        "NEW.table_name) INTO present USING NEW.row_id; "
        "IF NEW.table_name IN ('board', 'seat') AND (present IS NULL OR NEW.before IS NULL "
        "OR NEW.after IS NULL) THEN "
        "RAISE EXCEPTION 'permission denied: the login % may not log a % added or removed', "
        "session_user, NEW.table_name USING ERRCODE = 'insufficient_privilege'; END IF; "
        f"results := CASE NEW.table_name WHEN 'board' THEN {board_result} "
        f"ELSE {seat_result} END; "
        "FOREACH side IN ARRAY ARRAY[present, NEW.before::jsonb, NEW.after::jsonb] LOOP "
        "CONTINUE WHEN side IS NULL; "
        "IF side ? 'id' AND side->>'id' IS DISTINCT FROM NEW.row_id::text THEN "
        "RAISE EXCEPTION 'permission denied: an entry of row % names row %', NEW.row_id, "
        "side->>'id' USING ERRCODE = 'insufficient_privilege'; END IF; "
        "b := CASE NEW.table_name WHEN 'board' THEN (side->>'id')::integer "
        "WHEN 'phase_orders' THEN (SELECT g.board_id FROM "
        f"{schema}.game_phase g WHERE g.id = (side->>'phase_id')::integer) "
        "ELSE (side->>'board_id')::integer END; "
        f"IF b IS NOT NULL AND NOT {schema}.{given_check}(b) THEN "
        "RAISE EXCEPTION 'row-level security: board % was not given to %', b, session_user "
        "USING ERRCODE = 'insufficient_privilege'; END IF; "
        "IF NEW.table_name IN ('board', 'seat') THEN "
        "FOR k IN SELECT jsonb_object_keys(side) LOOP "
        "IF NOT k = ANY(results) AND side->>k IS DISTINCT FROM present->>k THEN "
        "RAISE EXCEPTION 'permission denied: % of % % is the TD''s', k, NEW.table_name, "
        "NEW.row_id USING ERRCODE = 'insufficient_privilege'; END IF; "
        "END LOOP; END IF; "
        "END LOOP; RETURN NEW; END $$"))
    connection.execute(text(f"DROP TRIGGER IF EXISTS {TRIGGER} ON {schema}.audit_entry"))
    connection.execute(text(
        f"CREATE TRIGGER {TRIGGER} BEFORE INSERT ON {schema}.audit_entry "
        f"FOR EACH ROW EXECUTE FUNCTION {schema}.{TRIGGER}()"))
