"""A finished game's summary for a seat (hearts.stats): a known game checked by hand, and the
summaries of random games held to what the engine says (totals, hands, moons, the Q♠)."""

from __future__ import annotations

import random

import pytest

from hearts import Game, variants
from hearts.cards import Card, CardSet
from hearts.errors import InvalidArgument
from hearts.events import Dealt, Event, GameOver, HandSettled, MoonShot, TrickWon
from hearts.stats import GameSummary, add_up, places, summary


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(name) for name in text.split())


def hand(number: int, direction: str) -> Dealt:
    return Dealt(number, 0, None, direction, (CardSet(),) * 4, ())


def known_game() -> list[Event]:
    """Four hands written out: seat 0 takes the Q♠ (left), seat 1 shoots the moon (right),
    seat 2 takes the Q♠ and seat 0 hearts (across), seat 3 hearts (hold); 45, 13, 39, 39."""
    total = [0, 0, 0, 0]
    log: list[Event] = []

    def settle(number: int, deltas: tuple[int, ...]) -> None:
        for seat, delta in enumerate(deltas):
            total[seat] += delta
        log.append(HandSettled(number, deltas, tuple(total), 0, False))

    log += [hand(0, "left"), TrickWon(0, 1, cards("QS 2S 3S 4S"), 13)]
    log += [TrickWon(1, 0, cards("AH 2H 3H 4H"), 4)]
    settle(0, (13, 13, 0, 0))
    log += [hand(1, "right"), TrickWon(1, 1, cards("QS AS 2S 3S"), 13), MoonShot(1)]
    settle(1, (26, 0, 26, 26))
    log += [hand(2, "across"), TrickWon(2, 2, cards("QS KS 2S 3S"), 13)]
    log += [TrickWon(0, 0, cards("AH 2H 3H 4H"), 4), TrickWon(3, 0, cards("AC 2H 3H 4H"), 3)]
    settle(2, (6, 0, 13, 7))
    log += [hand(3, "hold"), TrickWon(0, 0, cards("AC 2C 3C 4C"), 0)]
    log += [TrickWon(3, 0, cards("AD 2H 3H 4H"), 3)]
    settle(3, (0, 0, 0, 6))
    log.append(GameOver((1,), tuple(total)))
    return log


def test_a_known_game_summed_by_hand() -> None:
    """BY HAND: every field of two seats' summaries, worked out from the hands above; places by
    the totals as modern orders them (fewest first), the tie at 39 sharing second."""
    rules = variants.get("modern")
    events = known_game()
    assert summary(rules, events, 0) == GameSummary(
        seat=0,
        players=4,
        place=4,
        points=45,
        hands=4,
        moons_shot=0,
        moons_against=1,
        queen_taken=1,
        hands_without_trick=1,
        by_pass={
            "left": {"hands": 1, "points": 13},
            "right": {"hands": 1, "points": 26},
            "across": {"hands": 1, "points": 6},
            "hold": {"hands": 1, "points": 0},
        },
    )
    one = summary(rules, events, 1)
    assert (one.place, one.points, one.moons_shot, one.moons_against) == (1, 13, 1, 0)
    assert (one.queen_taken, one.hands_without_trick) == (1, 2)
    assert [summary(rules, events, seat).place for seat in range(4)] == [4, 1, 2, 2]
    total = add_up(summary(rules, events, seat) for seat in range(4))
    assert (total.games, total.wins, total.places, total.hands) == (4, 1, (1, 2, 0, 1), 16)
    assert total.points_a_hand == round((45 + 13 + 39 + 39) / 16, 2)


def test_places_follow_the_rules_order_lowest_first_for_points_highest_for_counters() -> None:
    """PLACES: a points game ranks the fewest first, a counters game the most; ties share."""
    assert places(variants.get("modern"), [10, 30, 10, 99]) == (1, 3, 1, 4)
    assert places(variants.get("classic"), [10, 30, 10, 99]) == (3, 2, 3, 1)


def test_a_game_not_over_or_a_seat_not_at_the_table_is_refused() -> None:
    with pytest.raises(InvalidArgument, match="not over"):
        summary(variants.get("modern"), known_game()[:-1], 0)
    with pytest.raises(InvalidArgument, match="not a seat"):
        summary(variants.get("modern"), known_game(), 4)


@pytest.mark.parametrize("preset", ["modern", "simple", "cancellation", "heartsette", "spot"])
def test_random_games_summaries_agree_with_the_engine(preset: str) -> None:
    """ENGINE: over random games, each seat's points are its final total less the start, hands
    are the hands played, moons shot add up to the moons, a winner is in first place, and the
    Q♠ (one pack) is taken by exactly one seat a hand; with two packs by one seat at least."""
    rules = variants.get(preset)
    rng = random.Random(preset)
    for _ in range(5):
        game = Game(rules, seed=rng.randrange(2**32))
        while not game.is_over:
            game.play(rng.choice(list(game.legal_moves())))
        events = game.events
        seats = [summary(rules, events, seat) for seat in range(rules.players)]
        start = rules.start_counters if rules.method.value != "points" else 0
        assert [s.points for s in seats] == [total - start for total in game.scores]
        assert {s.hands for s in seats} == {len(game.hands)}
        moons = sum(isinstance(event, MoonShot) for event in events)
        assert sum(s.moons_shot for s in seats) == moons
        assert all(seats[winner].place == 1 for winner in game.winners())
        queens = sum(s.queen_taken for s in seats)
        if rules.packs == 1 and Card.parse("QS") not in rules.removed:
            assert queens == len(game.hands)
        else:
            assert queens >= len(game.hands) or rules.packs == 1
        for s in seats:
            assert sum(part["hands"] for part in s.by_pass.values()) == s.hands
            assert sum(part["points"] for part in s.by_pass.values()) == s.points
