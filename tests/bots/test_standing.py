"""Score-aware play (hearts.bots.standing): a hand judged by the chance it leaves to win the game."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from hearts import Deal, Game, variants
from hearts.bots import ExpertBot
from hearts.bots.expert import Problem, _exact, score_deal
from hearts.bots.standing import POINTS_WORTH, Standing, expected_spread

MODERN = variants.get("modern")


def test_only_a_game_to_a_points_target_has_a_standing() -> None:
    # Rule: the modern game ends once a seat reaches 100 points, the lowest total winning.
    assert Standing.of(Game(MODERN, seed=1).view(0)) == Standing((0, 0, 0, 0), 100)
    # Counters games (the laws' sweepstakes) and games of a number of deals have no target.
    for name in ("classic", "simple"):
        assert Standing.of(Game(variants.get(name), seed=1).view(0)) is None


def test_a_total_at_the_target_ends_the_game_and_the_lowest_wins() -> None:
    standing = Standing((90, 40, 60, 40), 100)
    assert standing.chances([10, 0, 0, 0]) == [0.0, 50.0, 0.0, 50.0]  # tied lowest share
    assert standing.chances([0, 0, 0, 60]) == [0.0, 100.0, 0.0, 0.0]


def test_before_the_target_the_chances_are_a_race_that_sums_to_one() -> None:
    standing = Standing((50, 40, 60, 70), 100)
    chances = standing.chances([0, 0, 0, 0])
    assert sum(chances) == pytest.approx(100.0)
    assert chances[1] > chances[0] > chances[2] > chances[3]  # the lower the total the better
    # A point counts more the nearer the end: the same 5-point lead is worth more late.
    early = Standing((0, 5, 5, 5), 100).chances([0, 0, 0, 0])[0]
    late = Standing((80, 85, 85, 85), 100).chances([0, 0, 0, 0])[0]
    assert late > early > 25.0


def test_points_on_the_leader_help_a_seat_more_than_points_on_another() -> None:
    standing = Standing((60, 30, 65, 70), 100)
    on_leader = standing.chances([0, 13, 0, 0])[0]
    on_last = standing.chances([0, 0, 0, 13])[0]
    assert on_leader > on_last > standing.chances([13, 0, 0, 0])[0]


def test_expected_points_near_the_target_may_end_the_game() -> None:
    # Rule: the game ends once a total reaches 100. A value model's points are expectations: a
    # seat at 90 expected to take 8 may well reach 100, which its mean of 98 would hide.
    standing = Standing((80, 70, 90, 90), 100)
    expected = [2.0, 2.0, 8.0, 4.0]
    soft = standing.expected_chances([expected], [3.0])[0].tolist()
    assert sum(soft) == pytest.approx(100.0)
    race = standing.chances(expected)  # (read as sure points: the game goes on, a race)
    over = standing.chances([2.0, 2.0, 10.0, 4.0])  # (sure: seat 2 reaches 100, seat 1 wins)
    assert over[1] > soft[1] > race[1] and over[0] < soft[0] < race[0]
    # The less uncertain the points, the nearer sure points: a tiny spread is the plain reading.
    sure = [expected, [2.0, 2.0, 12.0, 4.0]]
    tiny = standing.expected_chances(sure, [0.01, 0.01]).tolist()
    assert tiny[0] == pytest.approx(race, abs=1e-6)
    assert tiny[1] == pytest.approx(standing.chances(sure[1]), abs=1e-6)


def test_expected_points_barely_uncertain_are_judged_as_points_taken() -> None:
    # The value model's batch is judged at once (NumPy); a hand of whole points read with a
    # tiny spread must come out as Standing.chances and Standing.worth say for those points.
    rng = random.Random(3)
    for _ in range(50):
        standing = Standing(tuple(rng.randrange(0, 100) for _ in range(4)), 100)
        rows = [[float(rng.choice([0, 13, rng.randrange(27)])) for _ in range(4)] for _ in range(8)]
        tiny = [1e-4] * len(rows)
        chances = standing.expected_chances(rows, tiny)
        worth = standing.expected_worth(rows, tiny)
        for row, chance, value in zip(rows, chances, worth, strict=True):
            assert chance.tolist() == pytest.approx(standing.chances(row), abs=1e-9)
            assert value.tolist() == pytest.approx(standing.worth(row), abs=1e-9)


def test_the_models_points_are_judged_for_the_seat_that_searches() -> None:
    # The model gives each seat's points from the searching seat's side (that seat first, then
    # clockwise); the standing's totals are by absolute seat. From seat 3, [a, b, c, d] are the
    # points of seats 3, 0, 1, 2.
    standing = Standing((80, 30, 95, 60), 100)
    relative = [[1.0, 9.0, 0.0, 16.0], [13.0, 0.0, 6.0, 7.0]]
    state = [0] * 16  # (nothing taken: every point still out)
    for seat in range(4):
        problem: Problem[object] = Problem(
            None,  # type: ignore[arg-type]
            [],
            lambda deal, move: 0.0,
            None,
            seat=seat,
            standing=standing,
        )
        got = problem._worth(np.array(relative), [state, state])
        for row, value in zip(relative, got, strict=True):
            absolute = [row[(s - seat) % 4] for s in range(4)]
            want = standing.expected_worth([absolute], [expected_spread(26)])[0][seat]
            assert value == pytest.approx(want)


def test_score_aware_play_keeps_to_the_forms_it_was_measured_in() -> None:
    # The modern game to 100 has a standing; Omnibus Hearts (also to 100, the J♦ at -10) is a
    # form the value model does not fit, where the standing's constants were never fitted: there
    # the score-aware expert plays the hand's points, as the plain one does.
    bot = ExpertBot(seed=1, score_aware=True)
    assert bot._standing(Game(MODERN, seed=1).view(0)) == Standing((0, 0, 0, 0), 100)
    omnibus = Game(variants.get("omnibus"), seed=1).view(0)
    assert Standing.of(omnibus) is not None and bot._standing(omnibus) is None
    assert ExpertBot(seed=1)._standing(Game(MODERN, seed=1).view(0)) is None


def test_a_hands_worth_is_the_chance_and_its_points_beside_it() -> None:
    standing = Standing((60, 30, 65, 70), 100)
    chances = standing.chances([4, 13, 9, 0])
    plain = [-(4 * 4 - 26) / 3, -(13 * 4 - 26) / 3, -(9 * 4 - 26) / 3, 26 / 3]
    want = [c + POINTS_WORTH * p for c, p in zip(chances, plain, strict=True)]
    assert standing.worth([4, 13, 9, 0]) == pytest.approx(want)


def test_score_deal_with_a_standing_gives_each_seat_its_worth() -> None:
    game = Game(MODERN.replace(passing=None), seed=4)
    view, deal = game.view(0), game.deal.copy()
    rng = random.Random(4)
    while not deal.is_over:
        deal.play(rng.choice(deal.legal_moves()))
    standing = Standing((20, 95, 50, 60), 100)
    assert score_deal(deal, view, standing) == standing.worth(deal.points())


def test_the_exact_end_with_a_standing_is_max_n_on_each_seats_worth() -> None:
    # Rule: max-n: every seat plays the card best for itself; score-aware, best for its worth.
    rng = random.Random(7)
    for _ in range(5):
        game = Game(MODERN.replace(passing=None), seed=rng.randrange(1000))
        deal = game.deal.copy()
        while sum(deal.hand(s).mask.bit_count() for s in deal.seats) > 12:
            deal.play(rng.choice(deal.legal_moves()))
        view = deal.view(0)
        standing = Standing((80, 90, 40, 95), 100)
        got = _exact(deal, view, standing)
        assert got == _brute(deal, view, standing)


def _brute(deal: Deal, view: object, standing: Standing) -> list[float]:
    """Plain max-n over every legal card (no twins, no forced moves), the first best kept."""
    if deal.is_over:
        return score_deal(deal, view, standing)  # type: ignore[arg-type]
    seat = deal.to_act
    assert seat is not None
    best: list[float] | None = None
    for card in deal.legal_moves():
        deal.play(card)
        result = _brute(deal, view, standing)
        deal.undo()
        if best is None or result[seat] > best[seat]:
            best = result
    assert best is not None
    return best


def _near_the_end() -> Deal:
    """Seat 0, void in clubs and holding the Q♠, follows seat 2's A♣ (seat 1 plays last)."""
    seat0 = "2D 3D 4D 5D 6D 7D 8D QS 2H 3H 4H 5H 6H"
    rest = "9D TD JD QD KD AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS 7H 8H 9H TH JH QH KH AH"
    cards = rest.split()
    random.Random(1).shuffle(cards)
    hands = [
        seat0,
        " ".join(["2C", "3C", "4C", "7C", *cards[0:9]]),
        " ".join(["KC", "AC", "8C", "9C", *cards[9:18]]),
        " ".join(["5C", "6C", "TC", "JC", "QC", *cards[18:26]]),
    ]
    deal = Deal.from_hands(MODERN, hands, pass_direction="hold")
    for card in ["2C", "KC", "5C", "8D", "AC", "6C"]:
        deal.play(card)
    return deal


def test_score_aware_play_does_not_end_a_game_another_seat_wins() -> None:
    # Rule: the game ends when a seat reaches 100; the lowest total wins. Seat 2 (at 90) takes
    # this trick: the Q♠ on it ends the game, and seat 1 (at 70), not seat 0 (at 80), wins.
    # (Played out by roll-outs. The value model, which expects seat 0 to take the Q♠ itself if
    # it keeps it, gives it here: a hand's points are worth something beside the chance.)
    view = dataclasses.replace(_near_the_end().view(0), scores=(80, 70, 90, 90))
    plain = ExpertBot(seed=1, samples=40, value=False).choose(view)
    aware = ExpertBot(seed=1, samples=40, value=False, score_aware=True).choose(view)
    assert str(plain) == "QS"  # (points on another seat: what the plain expert wants)
    assert str(aware) != "QS" and aware in view.legal_moves


def test_score_aware_play_ends_a_game_it_wins() -> None:
    # The same trick with seat 0 lowest: the Q♠ on seat 2 ends the game and seat 0 wins.
    view = dataclasses.replace(_near_the_end().view(0), scores=(30, 60, 90, 70))
    aware = ExpertBot(seed=1, samples=40, score_aware=True).analyse(view)
    assert str(aware.move) == "QS"


def test_score_aware_is_a_switch_that_travels_with_the_bot() -> None:
    bot = ExpertBot(seed=1, score_aware=True)
    assert bot.options()["score_aware"] is True
    with pytest.raises(Exception, match="score_aware must be True or False"):
        ExpertBot(score_aware="yes")  # type: ignore[arg-type]
