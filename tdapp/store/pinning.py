"""A station pins the venue server's certificate: the join address carries its SHA-256
fingerprint (``…?fingerprint=HEX``); the certificate is fetched once by a TLS handshake of our
own (PostgreSQL's SSLRequest first, as libpq does), checked against that fingerprint, and saved
in the station's settings folder; libpq then verifies every connection against it
(``sslmode=verify-ca``, ``sslrootcert`` = that file), so an impostor on the venue network never
sees a password or a result.
"""

from __future__ import annotations

import os
import socket
import ssl
import struct
import sys
from pathlib import Path

from tdapp.atomic import write_atomically
from tdapp.portable import portable_dir, tests_folder
from tdapp.store.errors import TournamentFileError
from tdapp.store.venue_cert import fingerprint_of_der, fingerprint_of_pem

_SSL_REQUEST = struct.pack("!II", 8, 80877103)
_TIMEOUT = 5.0


def pins_folder() -> Path:
    """Pinned certificates, in the station's settings folder (the window settings' rules: a
    portable tdapp keeps them in its portable folder, never in the laptop's own settings)."""
    explicit = os.environ.get("TDAPP_SETTINGS_DIR")
    if explicit:
        return Path(explicit) / "pinned"
    scratch = tests_folder("pins")
    if scratch is not None:
        return scratch
    portable = portable_dir()
    if portable is not None:
        return portable / "pinned"
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config"))
    return base / "tdapp" / "pinned"


def fetch_certificate(host: str, port: int) -> bytes:
    """The certificate (DER) the server at host:port shows; it is not trusted yet."""
    where = f"{host}:{port}"
    try:
        raw = socket.create_connection((host.strip("[]"), port), timeout=_TIMEOUT)
    except OSError as exc:
        raise TournamentFileError(f"The server at {where} cannot be reached: {exc}.") from exc
    with raw:
        try:
            raw.sendall(_SSL_REQUEST)
            answer = raw.recv(1)
        except OSError as exc:
            raise TournamentFileError(f"The server at {where} did not answer: {exc}.") from exc
        if answer != b"S":
            raise TournamentFileError(
                f"The server at {where} offers no encrypted connection, so it is not the TD's "
                "venue server (or an older tdapp's). Nothing was sent to it.")
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE  # checked below, by its fingerprint
        try:
            with context.wrap_socket(raw) as tls:
                der = tls.getpeercert(binary_form=True)
        except (OSError, ssl.SSLError) as exc:
            raise TournamentFileError(
                f"The encrypted connection to {where} failed: {exc}.") from exc
    if not der:
        raise TournamentFileError(f"The server at {where} showed no certificate.")
    return der


def pinned_root(host: str, port: int, fingerprint: str) -> Path:
    """The file of the certificate whose fingerprint is given, fetched from host:port once."""
    path = pins_folder() / f"{fingerprint}.pem"
    try:
        if fingerprint_of_pem(path.read_text(encoding="ascii")) == fingerprint:
            return path
    except (OSError, ValueError):
        pass
    der = fetch_certificate(host, port)
    if fingerprint_of_der(der) != fingerprint:
        raise TournamentFileError(
            f"The server at {host}:{port} shows a certificate whose fingerprint is not the one "
            "in the address: it may not be the TD's server (someone on the venue network may "
            "be posing as it). Check the address with the TD. No password was sent.")
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, ssl.DER_cert_to_PEM_cert(der))
    return path
