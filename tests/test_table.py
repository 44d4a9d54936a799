"""The table procedure (laws 1–2, 4–9; dealing laws 7–9 of seeds/004)."""

from __future__ import annotations

import random

import pytest

from hearts import Game, IllegalMove, variants
from hearts.cards import cards_of
from hearts.events import DealerCut, Dealt
from hearts.table import (
    cut,
    cut_for_deal,
    cut_for_seats,
    deal_out,
    eldest,
    next_dealer,
    pone,
    random_cut,
    shuffle,
)


def test_law_2_lowest_cut_deals_ace_low_ties_cut_again() -> None:
    """Laws 1–2: the lowest card deals; the ace is low; tied seats cut again, suits do not count."""
    tie_seen = False
    for seed in range(300):
        dealer, cuts = cut_for_deal(random.Random(seed), 4)
        first_round = cuts[:4]
        values = {seat: card.rank.cut_value for seat, card in first_round}
        low = min(values.values())
        tied = [seat for seat, value in values.items() if value == low]
        if len(tied) > 1:
            tie_seen = True
            assert {seat for seat, _ in cuts[4 : 4 + len(tied)]} == set(tied)
        else:
            assert len(cuts) == 4
        # Round after round only the tied seats cut again, until one cuts lowest alone: he deals.
        start, seats = 0, 4
        while True:
            round_ = cuts[start : start + seats]
            low = min(card.rank.cut_value for _, card in round_)
            lowest = [seat for seat, card in round_ if card.rank.cut_value == low]
            if len(lowest) == 1:
                break
            start, seats = start + seats, len(lowest)
        assert dealer == lowest[0] and start + seats == len(cuts)
    assert tie_seen


def test_law_1_when_too_many_assemble_the_lowest_cuts_play() -> None:
    """Law 1: more than the seats → all cut; those cutting lowest play."""
    chosen = cut_for_seats(random.Random(9), 9, 6)
    assert len(chosen) == 6 == len(set(chosen))
    assert cut_for_seats(random.Random(9), 4, 6) == [0, 1, 2, 3]


def test_shuffle_comes_from_the_injected_generator() -> None:
    """DESIGN.md principle 1: randomness only through an injected random.Random."""
    assert shuffle(range(52), random.Random(4)) == shuffle(range(52), random.Random(4))
    assert shuffle(range(52), random.Random(4)) != shuffle(range(52), random.Random(5))


@pytest.mark.parametrize("at", [0, 3, 49, 52, -1, True])
def test_cut_must_leave_four_cards_in_each_packet(at: int) -> None:
    """Law 5 and dealing law 8: at least four cards in each packet."""
    with pytest.raises(IllegalMove, match="at least four cards in each packet"):
        cut(list(range(52)), at)


def test_cut_puts_the_lower_packet_on_top_and_the_pone_may_decline() -> None:
    """Dealing law 8: the packet not lifted goes on top; the pone may decline to cut."""
    deck = list(range(52))
    assert cut(deck, 4)[:2] == [4, 5] and cut(deck, 4)[-4:] == [0, 1, 2, 3]
    assert cut(deck, None) == deck
    for seed in range(50):
        assert 4 <= random_cut(52, random.Random(seed)) <= 48


def test_law_8_deal_one_at_a_time_from_the_eldest_hand() -> None:
    """Law 8: one card at a time, in rotation, beginning at the dealer's left."""
    hands, stock = deal_out(list(range(52)), players=4, dealer=1, hand_size=13)
    assert hands[2][:3] == [0, 4, 8] and hands[1][:2] == [3, 7]
    assert stock == []


def test_seven_at_a_table_the_dealer_takes_no_cards() -> None:
    """RULES.md §4.5: at a table of seven the dealer receives no cards."""
    hands, _ = deal_out(list(range(48)), players=7, dealer=3, hand_size=8, sits_out=3)
    assert hands[3] == [] and all(len(hands[s]) == 8 for s in range(7) if s != 3)
    assert hands[4][0] == 0


def test_the_pone_is_on_the_dealers_right_and_the_deal_passes_left() -> None:
    """Law 5: the pone is the dealer's right-hand adversary; law 9: the deal passes left."""
    assert pone(0, 4) == 3 and eldest(0, 4) == 1 and next_dealer(3, 4) == 0


def test_a_game_deals_its_cut_pack_from_the_eldest_hand() -> None:
    """Laws 5–8 in a game: shuffle, the pone's cut (recorded), one at a time from the eldest."""
    rules = variants.get("modern")
    rng = random.Random(11)
    deck = shuffle(cards_of(rules.pack), rng)
    at = random_cut(52, rng)
    deck = cut(deck, at)
    game = Game(rules, seed=11)
    dealt = game.events[1]  # after the commitment to the shuffle
    assert isinstance(dealt, Dealt) and dealt.cut == at and dealt.dealer == 0
    assert deck[0] in dealt.hands[1] and deck[1] in dealt.hands[2] and deck[3] in dealt.hands[0]


def test_a_game_may_cut_for_the_first_deal() -> None:
    """Laws 1–2: with cut_for_deal the lowest cut deals the first hand."""
    game = Game(variants.get("classic"), seed=2, cut_for_deal=True)
    event = game.events[0]
    assert isinstance(event, DealerCut)
    assert game.deal.dealer == event.dealer == game.first_dealer


def test_the_pone_may_decline_to_cut_and_a_short_cut_is_refused() -> None:
    """Dealing law 8: the pone may decline (the pack is dealt as shuffled); a cut leaves 4+."""
    calls: list[tuple[int, int, int]] = []

    def decline(seat: int, size: int, hand: int, suggested: int) -> int | None:
        calls.append((seat, size, hand))
        return None

    game = Game(variants.get("classic"), seed=5, dealer=2, pone=decline)
    dealt = game.events[1]
    assert isinstance(dealt, Dealt) and dealt.cut is None
    assert calls == [(1, 52, 0)]  # the pone sits on the dealer's right
    rng = random.Random(5)
    deck = shuffle(cards_of(variants.get("classic").pack), rng)
    assert deck[0] in dealt.hands[3]  # uncut: the top card goes to the eldest hand
    with pytest.raises(IllegalMove, match="at least four cards"):
        Game(variants.get("classic"), seed=5, pone=lambda *_: 50)
