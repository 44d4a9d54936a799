"""The expert's model of play and its weighing of imagined deals (hearts.bots.inference)."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

from hearts import Deal, Game, InvalidArgument, variants
from hearts.bots import BasicBot, ExpertBot, RandomBot
from hearts.bots.inference import (
    PlayWeights,
    PolicyModel,
    WeightedSampler,
    legal_masks,
    policy_inputs,
    shipped_policy,
)
from hearts.bots.sampler import Sampler
from hearts.bots.value import snapshot
from hearts.cards import Card

MODERN = variants.get("modern")
HANDS = [
    "2C 5C 9C QC 3D 7D KD 4S 8S QS AS 6H JH",
    "3C 6C TC KC 4D 8D AD 5S 9S KS 2H 7H QH",
    "4C 7C JC AC 5D 9D 2D 6S TS 3H 8H KH AH",
    "8C 6D TD JD QD 2S 3S 7S JS 4H 5H 9H TH",
]


def positions(seeds: range) -> list[Deal]:
    """Copies of every position in the play of some games of random and basic players."""
    found = []
    for seed in seeds:
        game = Game(MODERN, seed=seed)
        bots = [RandomBot(seed), BasicBot(), RandomBot(seed + 1), BasicBot()]
        while not game.deal.is_over:
            seat = game.to_act
            assert seat is not None
            if game.deal.phase.value == "play":
                found.append(game.deal.copy(stack=False))
            game.play(bots[seat].choose(game.view(seat)), seat)
    return found


def test_the_legal_cards_read_from_a_position_are_the_rules_legal_cards() -> None:
    """docs/rules.md, modern play: follow suit, the 2♣ leads, nothing that counts on the first
    trick, hearts broken before they lead (unless the hand holds only cards that count)."""
    deals = positions(range(12))
    masks = legal_masks([snapshot(deal) for deal in deals])
    for deal, mask in zip(deals, masks, strict=True):
        assert int(mask) == sum(1 << card for card in deal.legal_moves()), deal


def test_the_policy_reads_only_what_the_seat_to_act_knows() -> None:
    """docs/architecture.md principle 4: another seat's hidden cards change nothing it reads."""
    deal = Deal.from_hands(MODERN, HANDS, pass_direction="hold")
    for card in ["2C", "3C", "4C", "8C", "2S"]:
        deal.play(card)
    state = list(snapshot(deal))
    swapped = state.copy()
    swapped[1], swapped[2] = state[2], state[1]  # (seats 1 and 2's hidden cards swapped)
    seen = policy_inputs([state, swapped])
    assert np.array_equal(seen[0], seen[1])
    state[0] ^= 1 << Card.parse("5C")  # (its own cards do change what it reads)
    assert not np.array_equal(policy_inputs([state])[0], seen[0])


def test_the_others_plays_are_weighed_with_each_seats_cards_as_they_were() -> None:
    deal = Deal.from_hands(MODERN, HANDS, pass_direction="hold")
    for card in ["2C", "3C", "4C", "8C", "2S", "4S"]:
        deal.play(card)
    weights = PlayWeights(deal.view(1), shipped_policy())
    # Seat 1's view: the others played 2C (seat 0), 4C (2), 8C (3), 2S (3) and 4S (0).
    assert [(seat, Card(card)) for seat, card, _ in weights.plays] == [
        (0, Card.parse("2C")),
        (2, Card.parse("4C")),
        (3, Card.parse("8C")),
        (3, Card.parse("2S")),
        (0, Card.parse("4S")),
    ]
    # Seat 3's cards when it played the 8♣: what it holds now and what it played from then on.
    seat, _, later = weights.plays[2]
    assert seat == 3
    assert later == (1 << Card.parse("8C")) | (1 << Card.parse("2S"))
    logs = weights.log_weights([deal, deal.copy()])
    # (the same deal twice weighs the same, up to the float32 rounding of a batched product)
    assert logs.shape == (2,) and logs[0] == pytest.approx(logs[1], rel=1e-6) and logs[0] < 0


def test_a_deal_that_explains_the_play_better_is_kept_more_often() -> None:
    class Fixed:
        """Weights that favour the first deal a thousand to one."""

        def log_weights(self, deals: list[Deal]) -> np.ndarray:
            return np.array([0.0 if deal is deals[0] else -np.log(1000) for deal in deals])

    deal = Deal.from_hands(MODERN, HANDS, pass_direction="hold")
    deal.play("2C")
    sampler = Sampler(deal.view(1))
    kept = WeightedSampler(sampler, Fixed(), pool=8, keep=8)  # type: ignore[arg-type]
    rng = random.Random(3)
    first = [kept.sample(rng) for _ in range(8)]
    assert all(d is not None and d.masks() == first[0].masks() for d in first)  # type: ignore[union-attr]

    class Even:
        def log_weights(self, deals: list[Deal]) -> np.ndarray:
            return np.zeros(len(deals))

    even = WeightedSampler(sampler, Even(), pool=6, keep=6)  # type: ignore[arg-type]
    drawn = [even.sample(rng) for _ in range(6)]
    assert len({d.masks() for d in drawn if d is not None}) >= 5  # (each once, but chance twins)
    with pytest.raises(InvalidArgument, match="keep 9 of a pool of 8"):
        WeightedSampler(sampler, Even(), pool=8, keep=9)  # type: ignore[arg-type]


def test_a_bad_policy_file_is_refused_in_a_sentence() -> None:
    with pytest.raises(InvalidArgument, match="cannot read a policy model"):
        PolicyModel.load("/nonexistent/policy.npz")
    with pytest.raises(InvalidArgument, match="not a policy model"):
        PolicyModel((np.zeros((2, 2), dtype=np.float32),))


def test_the_expert_weighing_the_play_plays_legally_and_keeps_the_switch_when_pickled() -> None:
    bot = pickle.loads(
        pickle.dumps(ExpertBot(seed=3, samples=6, value=True, weighted=True, search_pass=True))
    )
    assert bot.weighted is True and bot.options()["weighted"] is True
    game = Game(MODERN, seed=12)
    while not game.deal.is_over:
        seat = game.to_act
        assert seat is not None
        move = bot.choose(game.view(seat))
        assert move in game.legal_moves(seat)
        game.play(move, seat)
