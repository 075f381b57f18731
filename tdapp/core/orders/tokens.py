"""Splitting order text into tokens that keep their offsets, for error underlining."""

from __future__ import annotations

import re
import unicodedata

WORD = 0  # letters
ARROW = 1  # -, ->, =>, –, —, →, >
SEP = 2  # ; , newline: between orders
OPEN = 3  # ( [ {
CLOSE = 4  # ) ] }
SLASH = 5  # /
COLON = 6  # :
NUM = 7  # digits (line numbers on a sheet)
OTHER = 8  # anything else that is not a space, a dot or an apostrophe

# One group per kind, in the order of the kind numbers above: a match's kind is lastindex - 1.
_TOKEN = re.compile(
    r"([^\W\d_]+)"  # WORD
    r"|(-+>|=+>|[→⇒]|[-–—~]+|>)"  # ARROW
    r"|([;,\n\r])"  # SEP
    r"|([(\[{])"  # OPEN
    r"|([)\]}])"  # CLOSE
    r"|(/)"  # SLASH
    r"|(:)"  # COLON
    r"|(\d+)"  # NUM
    r"|([^\s.'’`])"  # OTHER
)


# A token is a plain tuple (fast to make and to index):
# (kind, lower-cased text, start offset, end offset, glued) where glued means no space (or dot)
# before it: "Mid-Atlantic", not "Mid - Atlantic".
Token = tuple[int, str, int, int, bool]
KIND, LOW, START, END, GLUED = range(5)


def _fold(word: str) -> str:
    """Lower case without accents, for looking words up: "Zürich" -> "zurich"."""
    decomposed = unicodedata.normalize("NFKD", word.lower())
    folded = "".join(c for c in decomposed if not unicodedata.combining(c))
    return folded or word.lower()


def tokenize(text: str) -> list[Token]:
    """Every token of ``text`` with its offsets; spaces, dots and apostrophes are dropped."""
    low = text.lower()
    lower_each = not text.isascii()  # fold accents per word ("München" -> "munchen")
    if len(low) != len(text):  # a few characters change length in lower case: keep offsets
        low = text
    tokens: list[Token] = []
    append = tokens.append
    prev_end = -1
    for m in _TOKEN.finditer(low):
        start = m.start()
        end = m.end()
        word = _fold(m.group()) if lower_each else m.group()
        append((m.lastindex - 1, word, start, end, start == prev_end))  # type: ignore[operator]  # each alternative of _TOKEN is a group: lastindex is never None (hot loop, no check)
        prev_end = end
    return tokens
