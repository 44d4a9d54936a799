"""The ISMCTS baseline (hearts.bots.ismcts): legal moves, repeatable searches, the basic player
outside its search, budgets, and the obvious card found."""

from __future__ import annotations

import pytest

from hearts import Deal, Game, InvalidArgument, variants
from hearts.bots import BasicBot, IsmctsBot, get
from hearts.cards import Card
from hearts.deal import Phase

MODERN = variants.get("modern")
# Seat 0 holds the 2♣ as its only club and the Q♠ as its only spade; seat 1 the top clubs.
HANDS = [
    "2C QS 2D 3D 4D 5D 6D 7D 2H 3H 4H 5H 6H",
    "9C TC JC QC KC AC 8D 9D TD JD QD KD AD",
    "3C 4C 5C 2S 3S 4S 5S 6S 7S 7H 8H 9H TH",
    "6C 7C 8C 8S 9S TS JS KS AS JH QH KH AH",
]


def play_to(deal: Deal, cards: str) -> Deal:
    for card in cards.split():
        deal.play(card)
    return deal


@pytest.mark.parametrize("name", ["modern", "classic", "auction", "black-maria"])
def test_the_baseline_plays_only_legal_moves_through_a_whole_hand(name: str) -> None:
    rules = variants.get(name)
    game = Game(rules, seed=2)
    seats = [IsmctsBot(seed=seat, samples=8) for seat in range(rules.players)]
    searched = 0
    while not game.is_over and game.hand_number < 1:
        seat = game.deal.to_act
        assert seat is not None
        view = game.view(seat)
        search = seats[seat].search(view)
        searched += search.searched
        assert search.move in view.legal_moves
        game.play(search.move, seat)
    assert searched > 10  # most cards came from the search, not the rules of thumb


def test_the_baseline_repeats_exactly_for_a_seed_and_a_number_of_iterations() -> None:
    view = play_to(Deal.from_hands(MODERN, HANDS, pass_direction="hold"), "2C AC 3C 6C").view(1)
    one = IsmctsBot(seed=4, samples=64).search(view)
    two = IsmctsBot(seed=4, samples=64).search(view)
    assert one == two and one.searched and one.iterations == 64
    assert sum(visits for _, visits, _ in one.visits) == 64
    assert {card for card, _, _ in one.visits} == set(view.legal_moves)
    assert one.move == one.visits[0][0]  # the card tried most
    assert IsmctsBot(seed=5, samples=64).search(view).visits != one.visits


def test_the_baseline_follows_the_basic_player_outside_the_play_and_in_forms_it_cannot_sample() -> (
    None
):
    modern = Game(MODERN, seed=5)
    view = modern.view(0)
    assert view.phase is Phase.PASS
    assert IsmctsBot(samples=3).choose(view) == BasicBot().choose(view)
    lawful = Game(variants.get("domino").replace(laws=True), seed=5)  # not imagined
    seat = lawful.to_act
    assert seat is not None
    search = IsmctsBot(samples=3).search(lawful.view(seat))
    assert not search.searched and search.move == BasicBot().choose(lawful.view(seat))
    domino = Game(variants.get("domino"), seed=5)  # its draws are imagined: searched
    assert IsmctsBot(samples=3).search(domino.view(domino.to_act or 0)).searched
    forced = Deal.from_hands(MODERN, HANDS, pass_direction="hold").view(0)
    assert forced.legal_moves == (Card.parse("2C"),)
    only = IsmctsBot(samples=3).search(forced)  # one legal card: nothing to search
    assert not only.searched and only.move == Card.parse("2C")


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"think": 0}, "think must be a positive number of seconds, not 0"),
        ({"think": "1"}, "think must be a positive number of seconds"),
        ({"think": True}, "think must be a positive number of seconds"),
        ({"samples": 0}, "samples must be at least 1, not 0"),
        ({"samples": 2.5}, "samples must be a whole number, not 2.5"),
    ],
)
def test_a_bad_budget_is_refused(options: dict[str, object], words: str) -> None:
    with pytest.raises(InvalidArgument, match=words):
        get("ismcts", **options)  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", range(3))
def test_the_baseline_dumps_the_queen_of_spades_on_another_seats_trick(seed: int) -> None:
    # Seat 1 won the first trick with the A♣ and leads the K♣; seat 0, last to play and out of
    # clubs, can give it the Q♠ (13 points to another seat) instead of keeping it, its only
    # spade, to be caught with later.
    deal = play_to(Deal.from_hands(MODERN, HANDS, pass_direction="hold"), "2C AC 3C 6C KC 4C 7C")
    view = deal.view(0)
    assert Card.parse("QS") in view.legal_moves and len(view.legal_moves) == 12
    assert IsmctsBot(seed=seed, samples=400).choose(view) == Card.parse("QS")


def test_a_time_budget_searches_until_the_time_is_up() -> None:
    view = play_to(Deal.from_hands(MODERN, HANDS, pass_direction="hold"), "2C AC 3C 6C").view(1)
    search = IsmctsBot(seed=1, think=0.05).search(view)
    assert search.searched and search.iterations >= 1 and search.move in view.legal_moves
