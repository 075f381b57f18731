"""Names sorted as people sort them: Åsa with the As, Émilie with the Es, Łukasz with the Ls and
Ólafur with the Os, never after Z (a plain string sort puts every accented letter after z).

A pure-Python key for services and reports (the GUI sorts with Qt's QCollator): accents are
dropped (Unicode NFKD without combining marks), letters with no decomposition are spelled out
(ø -> o, æ -> ae, ł -> l, ß -> ss), then case is folded. The original text breaks ties, so the
order is total and stable.
"""

from __future__ import annotations

import unicodedata

# Letters Unicode does not decompose into a base letter and an accent.
_SPELLED = str.maketrans({
    "ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ł": "l", "Ł": "L",
    "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th", "Þ": "Th", "ß": "ss", "ı": "i",
    "ħ": "h", "Ħ": "H",
})


def fold(text: str) -> str:
    """Lower case with no accents: "Łukasz Ørsted" -> "lukasz orsted"."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_SPELLED))
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def name_key(text: str | None) -> tuple[str, str]:
    """The sort key of a person's (or a town's, a club's) name."""
    text = text or ""
    return fold(text).strip(), text
