"""Where a player's own page is: the players' page address the TD gives (``192.168.1.20:8080``,
``http://tdlaptop.local:8080/``, ``10.0.0.5``) read into one base, and a code's link on it
(``http://192.168.1.20:8080/p/ABCDEFGH``), what the QR code on the codes sheet opens.

Typed text, so every refusal is a sentence for the TD. The page is plain HTTP on the venue
network (CONTRACTS.md, ``tdapp web``), port 8080 unless the TD says otherwise.
"""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import urlsplit

DEFAULT_PORT = 8080
# A host name of the venue network: letters, digits, hyphens, dots (tdlaptop.local, td-1).
_HOST_NAME = re.compile(r"^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
                        r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$")
EXAMPLE = "192.168.1.20:8080"


class BadAddress(ValueError):
    """The address cannot be the players' page's; the message says why, in a TD's words."""


def page_base(typed: str) -> str:
    """``http://HOST:PORT`` from what the TD typed; raises :class:`BadAddress`."""
    text = typed.strip()
    if not text:
        raise BadAddress(f"Give the address phones open, for example {EXAMPLE}.")
    if any(ch.isspace() for ch in text):
        raise BadAddress(f"The address “{typed.strip()}” has a space in it; "
                         f"give it as {EXAMPLE}.")
    if "://" in text:
        scheme = text.split("://", 1)[0].lower()
        if scheme != "http":
            raise BadAddress("The players' page is served over plain http:// on the venue "
                             f"network, not {scheme}://; give it as {EXAMPLE}.")
    else:
        text = "http://" + (f"[{text}]" if _bare_ipv6(text) else text)
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        raise BadAddress(f"The port of “{typed.strip()}” is not a number from 1 to 65535; "
                         f"give the address as {EXAMPLE}.") from None
    if parts.username is not None or parts.password is not None:
        raise BadAddress("The players' page address takes no name or password; "
                         f"give it as {EXAMPLE}.")
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        raise BadAddress("Give only the laptop's address and port (the codes add their own "
                         f"/p/… path), for example {EXAMPLE}.")
    host = parts.hostname or ""
    if not _valid_host(host):
        raise BadAddress(f"“{typed.strip()}” is not an address phones can open; "
                         f"give it as {EXAMPLE}.")
    if port == 0:
        raise BadAddress(f"Port 0 cannot be served; give the address as {EXAMPLE}.")
    shown = f"[{host}]" if ":" in host else host.lower()
    return f"http://{shown}:{port or DEFAULT_PORT}"


def _bare_ipv6(text: str) -> bool:
    """``fe80::1`` typed without brackets: its colons are not a port."""
    try:
        return ipaddress.ip_address(text).version == 6
    except ValueError:
        return False


def _valid_host(host: str) -> bool:
    if not host:
        return False
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        pass
    if re.fullmatch(r"[0-9.]+", host):
        return False  # looks like an IPv4 address but is not one (300.1.2.3, 10.0.0)
    return bool(_HOST_NAME.match(host))


def player_link(base: str, code: str) -> str:
    """The link that opens a player's own page: ``base`` from :func:`page_base`, the code as
    stored (eight letters and digits; the page folds dashes and case itself)."""
    return f"{base.rstrip('/')}/p/{code}"


def shown_address(base: str) -> str:
    """The base as a TD or a player reads it: ``192.168.1.20:8080``."""
    return base.removeprefix("http://")
