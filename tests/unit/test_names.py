"""Players' names (bodoge.core.names): nothing invisible or reordering, whitespace collapsed,
and one name per table whatever its case or width."""

import pytest

from bodoge.core.names import MAX_NAME, clean_name, name_key, taken


@pytest.mark.parametrize("raw,clean", [
    ("  Aki  ", "Aki"),
    ("Aki\n\tBen", "Aki Ben"),
    ("Aki \u3000\u00a0 Ben", "Aki Ben"),                     # ideographic and no-break spaces
    ("\u202eneB", "neB"),                                     # right-to-left override: gone
    ("Be\u202an\u202c", "Ben"),                               # embeddings
    ("B\u2066e\u2067n\u2068\u2069", "Ben"),                   # isolates
    ("\u200eBen\u200f\u061c", "Ben"),                         # marks
    ("B\u200be\u200cn\u200d\u2060\ufeff", "Ben"),             # zero-width space, joiners, BOM
    ("Be\u00adn", "Ben"),                                     # soft hyphen
    ("\u3164", ""), ("\u115f\u1160", ""), ("\uffa0", ""),     # Hangul fillers: blank names
    ("\u2800\u2800", ""),                                     # braille blanks
    ("A\u0000k\u0007i\u0085", "Aki"),                         # control characters
    ("x" * 100, "x" * MAX_NAME),
    ("a" * 23 + " b", "a" * 23),                              # cut, then trimmed
    ("<b>Aki</b>", "<b>Aki</b>"),                             # text: the markup escapes it
    ("あき　さん", "あき さん"),
    ("José", "José"), ("🎲 Aki", "🎲 Aki"),
])
def test_clean_name(raw, clean):
    assert clean_name(raw) == clean


def test_clean_name_takes_text_only():
    assert clean_name(None) == "" and clean_name(["Aki"]) == "" and clean_name(5) == ""


def test_a_reversed_name_no_longer_passes_for_another():
    """"Ben" typed backwards after U+202E displays as "Ben": once cleaned it reads "neB"."""
    assert clean_name("\u202eneB") == "neB" and not taken("\u202eneB", ["Ben"])
    assert taken("B\u200ben", ["Ben"])            # a zero-width space does not make a new name


@pytest.mark.parametrize("name,others,is_taken", [
    ("aki", ["Aki"], True), ("AKI", ["Aki", "Ben"], True), ("ＡＫＩ", ["aki"], True),
    (" Aki ", ["Aki"], True), ("A ki", ["Aki"], False), ("Akira", ["Aki"], False),
    ("STRASSE", ["straße"], True), ("", ["", "Aki"], False), ("Aki", [], False),
    ("ｱｷ", ["アキ"], True),
])
def test_taken_ignores_case_and_width(name, others, is_taken):
    assert taken(name, others) is is_taken


def test_name_key_is_stable():
    for name in ("Aki", "ＡＫＩ", "\u202eneB", "あき"):
        assert name_key(name_key(name)) == name_key(name)


def test_names_from_a_code_are_cleaned_too():
    """A code's seats are anyone's text, like a guest's name."""
    from bodoge.ui.games import clean_seats

    seats = clean_seats({"seats": [{"name": "\u202eneB"}, {"name": "A\u200bki  san"}, {"name": 5}]},
                        3, ("easy",))
    assert [s["name"] for s in seats] == ["neB", "Aki san", ""]
