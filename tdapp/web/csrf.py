"""CSRF protection of the player's page's forms.

Two locks, both needed: the form carries a token, an HMAC of the player's code under a secret
this server drew at start (so another page cannot forge it, and a token of one code is worth
nothing for another); and the browser's ``Origin`` (or, without it, ``Referer``) must name this
very host. No cookie is involved: the code in the address is the player's session.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from urllib.parse import urlsplit

FIELD = "csrf"


class Tokens:
    """Tokens bound to a code and to this server's own random secret (a restart makes every
    open form stale: the page says so and shows a fresh one)."""

    def __init__(self, secret: bytes | None = None) -> None:
        self._secret = secret or secrets.token_bytes(32)

    def token(self, code: str) -> str:
        return hmac.new(self._secret, b"player-page|" + code.encode(), hashlib.sha256).hexdigest()

    def valid(self, code: str, given: str | None) -> bool:
        return bool(given) and hmac.compare_digest(self.token(code), str(given))


def same_host(headers: dict[str, str]) -> bool:
    """The request came from a page of this host: its ``Origin`` (else its ``Referer``) has the
    ``Host`` it was sent to. A missing or ``null`` origin is refused."""
    host = headers.get("host", "").strip().lower()
    if not host:
        return False
    origin = headers.get("origin")
    if origin is None:
        origin = headers.get("referer")
        if origin is None:
            return False
    parts = urlsplit(origin.strip())
    return parts.scheme in ("http", "https") and parts.netloc.lower() == host
