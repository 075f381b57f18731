"""The players' page codes (issue 25): "A short code per player, printed by the TD (a sheet of
slips or badges with QR codes that open the player's page); never guessable"."""

from __future__ import annotations

import hashlib
import math

import pytest

from tdapp.core.tournament import player_codes as codes


def test_the_alphabet_has_no_look_alikes() -> None:
    assert not set("0O1IL") & set(codes.ALPHABET)
    assert len(set(codes.ALPHABET)) == len(codes.ALPHABET) == 31
    assert all(ch.isascii() and (ch.isdigit() or ch.isupper()) for ch in codes.ALPHABET)


def test_a_new_code_is_eight_characters_of_the_alphabet_and_never_repeats() -> None:
    drawn = [codes.new_code() for _ in range(2000)]
    assert all(len(c) == codes.CODE_LENGTH == 8 for c in drawn)
    assert all(set(c) <= set(codes.ALPHABET) for c in drawn)
    assert len(set(drawn)) == len(drawn)
    # Every character of the alphabet turns up, none of it is favoured much (16 000 draws of
    # 31 characters: about 516 each; a biased source such as modulo bias would show).
    counts = {ch: 0 for ch in codes.ALPHABET}
    for code in drawn:
        for ch in code:
            counts[ch] += 1
    assert min(counts.values()) > 380 and max(counts.values()) < 660


def test_a_code_is_hard_to_guess() -> None:
    assert math.log2(len(codes.ALPHABET) ** codes.CODE_LENGTH) > 39


def test_a_code_comes_from_the_secrets_module(monkeypatch: pytest.MonkeyPatch) -> None:
    picked: list[str] = []
    monkeypatch.setattr(codes.secrets, "choice", lambda seq: picked.append(seq) or seq[0])
    assert codes.new_code() == "AAAAAAAA" and picked == [codes.ALPHABET] * 8


@pytest.mark.parametrize("typed", [
    "ABCD-EFGH", "abcd-efgh", "abcdefgh", " abcd efgh ", "AB CD EF GH", "abcd\u2013efgh",
    "abcd_efgh", "ABCD.EFGH",
    "\uff21\uff22\uff23\uff24\uff25\uff26\uff27\uff28",  # full-width letters of a phone keyboard
    "\u0410\u0412\u0421D-\u0415FG\u041d",  # Cyrillic А, В, С, Е, Н
    "\u0430\u0432\u0441d efg\u043d",  # the same, lower case
    "\u0391\u0392CD-\u0395FG\u0397",  # Greek Α, Β, Ε, Η
])
def test_what_a_player_types_reads_as_the_code(typed: str) -> None:
    assert codes.normalise(typed) == "ABCDEFGH"


@pytest.mark.parametrize("typed", [
    "", "ABCD", "ABCD-EFG", "ABCD-EFGHJ", "ABCD-EFG0", "OBCD-EFGH", "ABCD-EFG1", "ABCD-EFGI",
    "ABCD-EFGL", "abcd-efgl", "ABCD/EFGH", "ABCD-EFG\u00e9", "A" * 500, "ABCD-EFG\u200b",
    "<script>", "ABCD EFGH; DROP TABLE player",
])
def test_what_can_never_be_a_code_reads_as_none(typed: str) -> None:
    assert codes.normalise(typed) is None


def test_a_code_is_shown_in_two_groups_of_four() -> None:
    assert codes.shown("ABCDEFGH") == "ABCD-EFGH"
    code = codes.new_code()
    assert codes.normalise(codes.shown(code)) == code


def test_a_code_is_looked_up_by_its_sha256() -> None:
    assert codes.code_hash("ABCDEFGH") == hashlib.sha256(b"ABCDEFGH").hexdigest()
    assert len(codes.code_hash("ABCDEFGH")) == 64
    assert codes.code_hash(codes.normalise("abcd efgh") or "") == codes.code_hash("ABCDEFGH")
