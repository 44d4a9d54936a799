"""The expert's exact search of the last tricks (hearts.bots.expert._exact) finds what a plain
max-n finds, to the bit: the plain search below is the expert's before it skipped twin cards
and played forced cards without a choice (every legal card tried, the first best kept)."""

from __future__ import annotations

import random

import pytest

from hearts import Deal, Game, variants
from hearts.bots.expert import _exact, _twin, rollout_discard, score_deal
from hearts.bots.sampler import supported
from hearts.cards import Card
from hearts.deal import Phase
from hearts.observation import SeatView


def plain_max_n(deal: Deal, view: SeatView) -> list[float]:
    """Every seat plays the card best for itself to the end of the hand, every card tried."""
    if deal.phase is not Phase.PLAY:
        if deal.phase is Phase.DISCARD:
            deal.play(rollout_discard(deal))
            result = plain_max_n(deal, view)
            deal.undo()
            return result
        return score_deal(deal, view)
    seat = deal.to_act
    assert seat is not None
    best: list[float] | None = None
    for card in deal.legal_moves():
        deal.play(card)
        result = plain_max_n(deal, view)
        deal.undo()
        if best is None or result[seat] > best[seat]:
            best = result
    assert best is not None
    return best


FORMS = [name for name in variants.names() if supported(variants.get(name))]


def near_the_end(name: str, seed: int, cards: int) -> tuple[Deal, SeatView] | None:
    """A seeded game of random moves, stopped in the play once every hand holds at most
    ``cards`` cards and the stock is empty (at a trick's start or, for odd seeds, after a card
    of the trick): an imagined deal (a copy) and seat 0's view."""
    rules = variants.get(name)
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    hand = game.hand_number
    while not game.is_over and game.hand_number == hand:
        deal = game.deal
        sizes = [len(deal.hand(seat)) for seat in deal.seats]
        if (
            deal.phase is Phase.PLAY
            and max(sizes) <= cards
            and not deal.stock
            and len(deal.trick) == seed % 2
        ):
            return deal.copy(stack=False), game.view(0)
        game.play(rng.choice(game.legal_moves()), game.to_act)
    return None


@pytest.mark.parametrize("name", FORMS)
def test_the_exact_search_equals_a_plain_max_n_and_leaves_the_deal_as_it_was(name: str) -> None:
    compared = 0
    # (Domino Hearts seldom ends with the stock out and every hand short: more games.)
    for seed in range(120 if name == "domino" else 24):
        found = near_the_end(name, seed, 2 + seed % 2)
        if found is None:
            continue
        deal, view = found
        events = len(deal.events)
        hands = [deal.hand(seat) for seat in deal.seats]
        want = plain_max_n(deal, view)
        assert _exact(deal, view) == want, f"{name}, seed {seed}"
        assert len(deal.events) == events and [deal.hand(s) for s in deal.seats] == hands
        compared += 1
    assert compared >= 12


def test_twins_are_cards_of_one_suit_and_worth_with_nothing_left_between_them() -> None:
    rules = variants.get("modern")
    deal = Deal.from_hands(
        rules,
        [
            "2C 5C 9C QC 3D 7D KD 4S 8S QS AS 6H JH",
            "3C 6C TC KC 4D 8D AD 5S 9S KS 2H 7H QH",
            "4C 7C JC AC 5D 9D 2D 6S TS 3H 8H KH AH",
            "8C 6D TD JD QD 2S 3S 7S JS 4H 5H 9H TH",
        ],
        pass_direction="hold",
    )
    c = Card.parse
    assert _twin(deal, c("2S"), c("3S"))  # touching
    assert not _twin(deal, c("3S"), c("7S"))  # the 4♠, 5♠, 6♠ are in other hands
    assert not _twin(deal, c("QS"), c("KS"))  # the Q♠ counts, the K♠ does not
    assert not _twin(deal, c("7S"), c("7H"))  # two suits
    assert not _twin(deal, c("5C"), c("9C"))  # the 6♣, 7♣, 8♣ are in other hands
    for card in ["2C", "6C", "7C", "8C"]:  # a trick of clubs taken: they are out of play
        deal.play(card)
    assert _twin(deal, c("5C"), c("9C"))
    assert not _twin(deal, c("9C"), c("QC"))  # the T♣, J♣ are still in hands
    deal.play("6D")  # on the table, the 6♦ is still to be beaten: 5♦ and 7♦ differ
    assert not _twin(deal, c("5D"), c("7D"))
