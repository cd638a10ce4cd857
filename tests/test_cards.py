"""Cards and decks (RULES.md §1.1, record spec "Cards")."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from followsuit.cards import DECK_NAMES, Card, Suit, bits, find_deck

EXPECTED_SIZES = {
    "EUCHRE24": 24,
    "EUCHRE25": 25,
    "EUCHRE20": 20,
    "DOUBLE48": 48,
    "STD52": 52,
    "STD53": 53,
    "STD54": 54,
    "STD48_NO3": 48,
    "BLIND44": 44,
}


@pytest.mark.parametrize("name", DECK_NAMES)
def test_named_deck_sizes(name: str) -> None:
    assert len(find_deck(name)) == EXPECTED_SIZES[name]


def test_deck_contents() -> None:
    assert set(find_deck("EUCHRE24").codes) == {r + s for r in "9TJQKA" for s in "CDHS"}
    assert "JK" in find_deck("EUCHRE25").codes
    assert not any(c[0] == "9" for c in find_deck("EUCHRE20").codes)
    assert {"BJ", "LJ"} <= set(find_deck("STD54").codes)
    assert not any(c[0] == "3" for c in find_deck("STD48_NO3").codes)
    blind = set(find_deck("BLIND44").codes)
    assert not blind & {"3C", "4S", "5D", "5H"} and {"5C", "5S", "BJ", "LJ"} <= blind


def test_double_deck_keeps_identical_cards_distinct() -> None:
    deck = find_deck("DOUBLE48")
    counts = Counter(deck.codes)
    assert set(counts.values()) == {2}
    a, b = deck.indices_of("AS")
    assert a != b and deck.codes[a] == deck.codes[b] == "AS"
    assert deck.parse_cards(["AS", "as"]) == [a, b]
    with pytest.raises(ValueError, match="appears too often"):
        deck.parse_cards(["AS", "AS", "AS"])


@pytest.mark.parametrize("code", ["JH", "TC", "2D", "AS", "JK", "BJ", "LJ"])
def test_notation_round_trips(code: str) -> None:
    card = Card.parse(code.lower())
    assert str(card) == code
    assert eval(repr(card)) == card


@pytest.mark.parametrize("bad", ["1H", "JX", "10H", "", "J", "JHH"])
def test_bad_card_is_a_clear_error(bad: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(bad)


def test_card_not_in_deck() -> None:
    with pytest.raises(ValueError, match="not in the EUCHRE24 deck"):
        find_deck("EUCHRE24").indices_of("2C")


def test_card_properties() -> None:
    jh = Card.parse("JH")
    assert jh.suit is Suit.HEARTS and jh.rank == 11 and not jh.is_joker
    assert Card("JK").suit is None and Card("JK").is_joker
    assert Suit.HEARTS.same_colour is Suit.DIAMONDS
    assert Suit.CLUBS.same_colour is Suit.SPADES
    assert Suit.parse("hearts") is Suit.HEARTS


@given(st.sampled_from(DECK_NAMES), st.data())
def test_masks_round_trip(name: str, data: st.DataObject) -> None:
    deck = find_deck(name)
    picked = data.draw(st.sets(st.integers(0, len(deck) - 1)))
    mask = 0
    for i in picked:
        mask |= 1 << i
    assert set(bits(mask)) == picked
    codes = deck.format_mask(mask).split()
    assert deck.mask_of(codes) == mask or deck.has_duplicates
