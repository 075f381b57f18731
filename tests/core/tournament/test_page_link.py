"""The players' page address the TD types for the codes sheet, read into the link each QR code
opens (CONTRACTS.md, `tdapp web`: "Defaults: every address of the laptop, port 8080";
"a QR code that opens `/p/CODE`")."""

from __future__ import annotations

import pytest

from tdapp.core.tournament.page_link import BadAddress, page_base, player_link, shown_address


@pytest.mark.parametrize(("typed", "base"), [
    ("192.168.1.20:8080", "http://192.168.1.20:8080"),
    ("  http://192.168.1.20:8080/ ", "http://192.168.1.20:8080"),
    ("10.0.0.5", "http://10.0.0.5:8080"),  # the page's own port when none is given
    ("TDLaptop.local:9000", "http://tdlaptop.local:9000"),
    ("HTTP://td-1:80", "http://td-1:80"),
    ("[fe80::1]:8081", "http://[fe80::1]:8081"),
    ("fe80::1", "http://[fe80::1]:8080"),  # an IPv6 address typed bare: its colons are no port
])
def test_what_the_td_types_becomes_one_base(typed: str, base: str) -> None:
    assert page_base(typed) == base


@pytest.mark.parametrize(("typed", "words"), [
    ("", "Give the address phones open"),
    ("192.168.1.20 8080", "has a space in it"),
    ("https://192.168.1.20", "plain http://"),
    ("192.168.1.20:99999", "not a number from 1 to 65535"),
    ("192.168.1.20:port", "not a number from 1 to 65535"),
    ("192.168.1.20:0", "Port 0"),
    ("300.1.2.3:8080", "not an address phones can open"),
    ("td_laptop:8080", "not an address phones can open"),
    ("http://admin:secret@10.0.0.5", "no name or password"),
    ("10.0.0.5:8080/p/ABCDEFGH", "the codes add their own"),
    ("10.0.0.5:8080/?x=1", "the codes add their own"),
])
def test_an_address_no_phone_could_open_is_refused_in_words(typed: str, words: str) -> None:
    with pytest.raises(BadAddress, match=words.replace("(", r"\(").replace(")", r"\)")) as caught:
        page_base(typed)
    assert "192.168.1.20:8080" in str(caught.value)  # every refusal shows how to write it


def test_a_codes_link_and_the_address_as_players_read_it() -> None:
    base = page_base("192.168.1.20")
    assert player_link(base, "ABCDEFGH") == "http://192.168.1.20:8080/p/ABCDEFGH"
    assert shown_address(base) == "192.168.1.20:8080"
