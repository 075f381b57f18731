"""A player's own code for the players' page (``/p/CODE``): how one is made, read back from
what a player types, shown on the TD's slips, and hashed for looking it up.

A code is ``CODE_LENGTH`` characters drawn by :mod:`secrets` from ``ALPHABET``, which leaves
out the characters people mistake for one another on a slip or a phone (0 and O, 1, I and L):
31 characters, so 31**8 (about 8.5 * 10**11, 39 bits) codes; the page server slows wrong
codes down, which leaves guessing one hopeless. A player may type it in lower case, with spaces
or dashes, or with a look-alike from another script (a Cyrillic ``А`` or a full-width ``Ａ``
that a phone's keyboard gave): all read as the same code. A code is stored with the SHA-256 of
its normalised form, which is what a page server looks it up by.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
GROUP = 4  # shown as two groups of four: ABCD-EFGH
# What separates groups as people type them (a dash of any kind, a dot, a space, an underscore).
_SEPARATORS = frozenset(" \t\r\n_.-\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u00a0\u202f")
# Letters of other scripts that look like a Latin capital of the alphabet (after upper-casing).
# NFKC has already folded full-width and other compatibility forms to plain Latin.
_LOOK_ALIKES = str.maketrans({
    # Cyrillic
    "\u0410": "A", "\u0412": "B", "\u0421": "C", "\u0415": "E", "\u041d": "H", "\u041a": "K",
    "\u041c": "M", "\u0420": "P", "\u0422": "T", "\u0425": "X", "\u0423": "Y", "\u0417": "3",
    # Greek
    "\u0391": "A", "\u0392": "B", "\u0395": "E", "\u0396": "Z", "\u0397": "H", "\u039a": "K",
    "\u039c": "M", "\u039d": "N", "\u03a1": "P", "\u03a4": "T", "\u03a5": "Y", "\u03a7": "X",
})
# The longest text worth reading: a code with a separator between every character, and some.
_LONGEST_TYPED = 4 * CODE_LENGTH


def new_code() -> str:
    """A fresh code, ``CODE_LENGTH`` characters of ``ALPHABET`` from the system's secure
    random source (never :mod:`random`: a code must not be guessable from another one)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def normalise(typed: str) -> str | None:
    """The code a player meant, in its stored form ("abcd efgh", "ABCD-EFGH", "АВСD-EFGH" in
    Cyrillic all give "ABCDEFGH"), or None when the text can never be a code (too short or
    too long, or a character no code has, such as O, 0, I, 1 or L)."""
    if not isinstance(typed, str) or len(typed) > _LONGEST_TYPED:
        return None
    folded = unicodedata.normalize("NFKC", typed).upper().translate(_LOOK_ALIKES)
    code = "".join(ch for ch in folded if ch not in _SEPARATORS)
    if len(code) != CODE_LENGTH or any(ch not in ALPHABET for ch in code):
        return None
    return code


def shown(code: str) -> str:
    """A code as printed and shown: "ABCD-EFGH"."""
    return "-".join(code[i:i + GROUP] for i in range(0, len(code), GROUP))


def code_hash(normalised: str) -> str:
    """The SHA-256 (hex) a code is stored and looked up by; give it a normalised code."""
    return hashlib.sha256(normalised.encode("ascii")).hexdigest()
