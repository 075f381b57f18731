"""Secrets kept in the tournament file sealed with a key that stays on the TD's own laptop.

The hidden end time of a round must stay secret from anyone holding a copy of the ``.tdt`` file
(a player's laptop at the venue, a mailed snapshot). It is stored sealed: encrypted and
authenticated with a 256-bit key kept in the TD's settings folder, never in the file.

The seal is built from the standard library only: a keystream of HMAC-SHA256 blocks over a fresh
random nonce (a counter-mode stream cipher) and an HMAC-SHA256 tag over everything (encrypt then
MAC), with separate keys derived for each. Any JSON value can be sealed, so a later change of what
the secret is (an instant, a date-time) needs no change here.

The way back when the file moves to another laptop: the TD exports the key (a small file) and
imports it on the other laptop, which then reads both its own secrets and the imported ones; or
sets or draws the time again there. :class:`SealError` says which, in words.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import secrets
import sys
from pathlib import Path
from typing import Any, TypeGuard

from tdapp.atomic import write_atomically
from tdapp.portable import portable_dir, tests_folder
from tdapp.services.changes import ServiceError

SEAL_VERSION = 1
KEY_BYTES = 32
NONCE_BYTES = 16
KEYRING_NAME = "tdapp-secret-keys.json"


class SealError(ServiceError):
    """A sealed value that cannot be opened here; the message says why and what to do."""


# -- where the keys live ---------------------------------------------------------------------

def settings_folder() -> Path:
    """The TD's own settings folder (the same rules as the window's settings)."""
    explicit = os.environ.get("TDAPP_SETTINGS_DIR")
    if explicit:
        return Path(explicit)
    scratch = tests_folder("keys")
    if scratch is not None:
        return scratch
    portable = portable_dir()
    if portable is not None:
        return portable
    if sys.platform == "win32":
        return Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming")) / "tdapp"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "tdapp"
    return Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config")) / "tdapp"


def keyring_path() -> Path:
    return settings_folder() / KEYRING_NAME


def key_id(key: bytes) -> str:
    """A short name for a key, safe to show (it reveals nothing of the key)."""
    return hashlib.sha256(b"tdapp key id" + key).hexdigest()[:8]


def _read_keyring(path: Path) -> list[bytes]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return [bytes.fromhex(k) for k in data["keys"] if len(bytes.fromhex(k)) == KEY_BYTES]
    except FileNotFoundError:
        return []
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise SealError(f"The secret keys in {path} cannot be read ({exc}). Move that file "
                        f"away; tdapp then makes a new key (secrets sealed with the old one "
                        f"must be set again).") from exc


def _write_keyring(path: Path, keys: list[bytes]) -> None:
    write_atomically(path, json.dumps({"keys": [k.hex() for k in keys]}), private=True)


def keys() -> list[bytes]:
    """This laptop's keys, its own first (made on first use)."""
    path = keyring_path()
    found = _read_keyring(path)
    if not found:
        found = [secrets.token_bytes(KEY_BYTES)]
        try:
            _write_keyring(path, found)
        except OSError as exc:
            raise SealError(f"tdapp cannot keep its secret key in {path.parent} "
                            f"({exc.strerror or exc}).") from exc
    return found


def export_key(target: Path | str) -> Path:
    """Write this laptop's own key to ``target``, for another laptop to import."""
    own = keys()[0]
    target = Path(target)
    try:
        _write_keyring(target, [own])
    except OSError as exc:
        raise SealError(f"The key cannot be written to {target} ({exc.strerror or exc}).") \
            from exc
    return target


def import_key(source: Path | str) -> str:
    """Add the key(s) in ``source`` to this laptop's keys; returns the first one's id."""
    imported = _read_keyring(Path(source))
    if not imported:
        raise SealError(f"{Path(source).name} holds no tdapp key.")
    own = keys()
    merged = own + [k for k in imported if k not in own]
    try:
        _write_keyring(keyring_path(), merged)
    except OSError as exc:
        raise SealError(f"The key cannot be kept in {keyring_path().parent} "
                        f"({exc.strerror or exc}).") from exc
    return key_id(imported[0])


# -- sealing ---------------------------------------------------------------------------------

def _derived(key: bytes, purpose: bytes) -> bytes:
    return hmac.new(key, b"tdapp seal " + purpose, hashlib.sha256).digest()


def _keystream(key: bytes, nonce: bytes, length: int) -> bytes:
    blocks = []
    for counter in range((length + 31) // 32):
        blocks.append(hmac.new(key, nonce + counter.to_bytes(8, "big"), hashlib.sha256).digest())
    return b"".join(blocks)[:length]


def _tag(key: bytes, label: str, nonce: bytes, sealed: bytes) -> bytes:
    message = label.encode("utf-8") + b"\x00" + nonce + sealed
    return hmac.new(_derived(key, b"mac"), message, hashlib.sha256).digest()


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def seal(value: Any, label: str) -> dict[str, Any]:
    """``value`` (any JSON value) sealed with this laptop's key; ``label`` says what it is and
    is bound to it (a sealed value moved to another field does not open)."""
    key = keys()[0]
    plain = json.dumps(value, separators=(",", ":")).encode("utf-8")
    nonce = secrets.token_bytes(NONCE_BYTES)
    stream = _keystream(_derived(key, b"encrypt"), nonce, len(plain))
    sealed = bytes(a ^ b for a, b in zip(plain, stream, strict=True))
    return {"sealed": SEAL_VERSION, "key": key_id(key), "nonce": _b64(nonce),
            "data": _b64(sealed), "tag": _b64(_tag(key, label, nonce, sealed))}


def is_sealed(box: Any) -> TypeGuard[dict[str, Any]]:
    return isinstance(box, dict) and box.get("sealed") == SEAL_VERSION


def unseal(box: dict[str, Any], label: str) -> Any:
    """The value sealed in ``box``; SealError when no key here opens it."""
    try:
        nonce = base64.b64decode(box["nonce"], validate=True)
        sealed = base64.b64decode(box["data"], validate=True)
        tag = base64.b64decode(box["tag"], validate=True)
    except (KeyError, TypeError, ValueError) as exc:
        raise SealError("The sealed value is damaged and cannot be read.") from exc
    for key in keys():
        if hmac.compare_digest(_tag(key, label, nonce, sealed), tag):
            stream = _keystream(_derived(key, b"encrypt"), nonce, len(sealed))
            plain = bytes(a ^ b for a, b in zip(sealed, stream, strict=True))
            return json.loads(plain.decode("utf-8"))
    raise SealError(f"sealed with key {box.get('key', '?')}; this laptop has key "
                    f"{key_id(keys()[0])}")
