"""Cards and sets of cards (docs/rules.md §1.1: ranks A high in play, ace low in the cut)."""

from __future__ import annotations

import itertools
import random

import pytest

from hearts import Card, CardSet, InvalidCard, Rank, Suit, cards
from hearts.cards import FULL_PACK, JOKER, cards_of, mask_of, use_mask_of
from hearts.hand.core import SPEEDUPS


@pytest.mark.parametrize("text", ["QS", "qs", "Q♠", " q♠ ", "Q♤"])
def test_card_names_are_read_in_every_common_form(text: str) -> None:
    """Cards are named rank then suit, by letter or sign."""
    assert Card.parse(text) == Card.of(Rank.QUEEN, Suit.SPADES)


def test_ten_is_read_as_10_or_t() -> None:
    assert Card.parse("10h") == Card.parse("TH") == Card.of(Rank.TEN, Suit.HEARTS)


@pytest.mark.parametrize("text", ["", "1S", "QX", "11H", "Q", "SQ"])
def test_bad_card_names_are_refused(text: str) -> None:
    with pytest.raises(InvalidCard, match="is not a card"):
        Card.parse(text)


def test_rank_order_ace_high_in_play() -> None:
    """Law 3: A K Q J 10 9 8 7 6 5 4 3 2, the ace highest in play."""
    spades = [card for card in cards_of(FULL_PACK) if card.suit is Suit.SPADES]
    assert [card.rank.letter for card in spades] == list("23456789TJQKA")
    assert all(a < b for a, b in itertools.pairwise(spades))


def test_ace_is_low_in_the_cut() -> None:
    """Law 2: in cutting, the ace is low."""
    assert Rank.ACE.cut_value == 1 and Rank.TWO.cut_value == 2 and Rank.KING.cut_value == 13


def test_full_pack_has_fifty_two_distinct_cards() -> None:
    cards = cards_of(FULL_PACK)
    assert len(cards) == 52 == len({str(card) for card in cards})
    assert all(Card.parse(str(card)) is card for card in cards)


def test_joker_ranks_above_the_ace_of_hearts_and_is_a_heart() -> None:
    """Law 3 (Joker Hearts; docs/rules.md §5.2): the joker replaces the 2♥; it follows as a heart."""
    assert JOKER.suit is Suit.HEARTS and JOKER.rank is Rank.JOKER
    assert Card.parse("AH") & 63 < JOKER & 63
    assert Card.parse("JK") is JOKER


def test_second_pack_cards_are_distinct_but_identical_in_rank_and_suit() -> None:
    """Cancellation Hearts uses two packs: the copies are distinct members of one set."""
    first, second = Card.parse("QS"), Card.parse("QS'")
    assert first != second and (first.rank, first.suit) == (second.rank, second.suit)
    assert len(CardSet([first, second])) == 2


def test_card_set_algebra_and_order() -> None:
    hand = CardSet.parse("AH 2C QS 10D")
    assert str(hand) == "2C TD QS AH"
    assert hand.symbols() == "2♣ 10♦ Q♠ A♥"
    assert len(hand.of_suit(Suit.HEARTS)) == 1
    assert CardSet.parse("2C") <= hand and not hand <= CardSet.parse("2C")
    assert "QS" in hand and "KS" not in hand and "junk" not in hand


def test_card_set_is_immutable_and_hashable() -> None:
    hand = CardSet.parse("2C")
    with pytest.raises(AttributeError):
        hand.mask = 3  # type: ignore[misc]
    assert {hand: 1}[CardSet.parse("2C")] == 1


def test_coerce_refuses_numbers_that_are_not_cards() -> None:
    with pytest.raises(InvalidCard):
        Card.coerce(13)  # between the ace of clubs and the first diamond
    with pytest.raises(InvalidCard):
        Card.coerce(True)  # type: ignore[arg-type]
    assert Card.coerce(0) == Card.parse("2C")


@pytest.mark.parametrize("accelerated", [True, False], ids=["c-reading", "python-loop"])
def test_a_hand_given_as_cards_reads_the_same_with_or_without_the_c_reading(
    accelerated: bool,
) -> None:
    """A hand given as cards is the same set of cards however it is read: lists and tuples of
    cards (the C accelerator's case), duplicates, names, ids, a second pack's cards, sets."""
    import hearts.deal  # noqa: F401  (installs the accelerator's reading when it is built)

    installed = cards._MASK_OF_CARDS
    if SPEEDUPS is not None:
        assert installed is SPEEDUPS.mask_of
    pack = cards_of(FULL_PACK)
    second = cards_of(FULL_PACK << 64)
    try:
        assert use_mask_of(installed if accelerated else None) is (
            accelerated and installed is not None
        )
        rng = random.Random(3)
        for _ in range(200):
            hand = rng.sample(pack, rng.randrange(0, 53))
            want = sum(1 << card for card in set(hand))
            assert mask_of(hand) == mask_of(tuple(hand)) == mask_of(iter(hand)) == want
            assert CardSet(hand).mask == want
            doubled = hand + hand[: len(hand) // 2]
            assert mask_of(doubled) == want
            assert mask_of([str(card) for card in hand]) == want
            assert mask_of([int(card) for card in hand]) == want
        mixed = [pack[0], second[0], "QS"]
        assert mask_of(mixed) == 1 | 1 << second[0] | 1 << Card.parse("QS")
        with pytest.raises(InvalidCard):
            mask_of([pack[0], 13])  # (13 is no card: the loop says so)
        with pytest.raises(InvalidCard):
            CardSet([pack[0], "1X"])
    finally:
        use_mask_of(installed)


def test_a_reading_that_reads_otherwise_is_not_used() -> None:
    installed = cards._MASK_OF_CARDS
    try:
        assert use_mask_of(lambda hand: 0) is False
        assert use_mask_of(lambda hand: 1 // 0) is False
        assert cards._MASK_OF_CARDS is None
        assert mask_of(cards_of(FULL_PACK)) == FULL_PACK
    finally:
        use_mask_of(installed)
