"""Cards as good as each other (hearts.bots.search.equivalent): the bots answer at once.

Equivalent: one suit, the same value in the form, nothing another seat could still play between
them in rank. Everything else must be searched: a card between them still out (in a hand or on
the table), another suit, a different value (the Q♠, Spot Hearts' pips, the J♦ of Omnibus), and
the forms where a card may matter otherwise (two packs, the auction, the joker, the Q♠ that
breaks hearts)."""

from __future__ import annotations

import dataclasses

from hearts import Game, variants
from hearts.bots.expert import ExpertBot, hint
from hearts.bots.search import equivalent
from hearts.cards import Card
from hearts.deal import Deal
from hearts.observation import SeatView
from hearts.rules import Joker, Rules

HANDS = [
    "2C 3C 5C 7C 3D 9D JD KD JS QS KS 6H 7H",
    "4C 6C 8C TC 2D 4D 5D 2S 3S 5S 2H 3H 4H",
    "9C JC QC 6D 7D 8D 6S 7S 8S 9S 5H 8H 9H",
    "KC AC TD QD AD 4S TS AS TH JH QH KH AH",
]
"""Seat 0 holds the 2♣ and leads; seat 3 takes the first trick (2♣ 4♣ 9♣ K♣)."""


def _after_first_trick(rules: Rules, *more: str) -> SeatView:
    """Seat 0's view after the first trick (and ``more`` cards of the second, led by seat 3)."""
    deal = Deal.from_hands(rules, HANDS, dealer=3, pass_direction="hold")
    for name in ("2C", "4C", "9C", "KC", *more):
        deal.play(Card.parse(name))
    return deal.view(0)


def _swap(mine: str, yours: str) -> list[str]:
    """The hands with seat 0's card ``mine`` and another seat's ``yours`` exchanged."""
    return [
        " ".join(
            yours if name == mine and i == 0 else mine if name == yours and i else name
            for name in hand.split()
        )
        for i, hand in enumerate(HANDS)
    ]


def _cards(names: str) -> list[Card]:
    return [Card.parse(name) for name in names.split()]


def test_one_card_is_always_as_good_as_itself() -> None:
    assert equivalent(_after_first_trick(variants.get("modern")), _cards("7C"))


def test_cards_touching_once_the_card_between_is_played_are_equivalent() -> None:
    view = _after_first_trick(variants.get("modern"))
    assert equivalent(view, _cards("3C 5C"))  # the 4♣ fell in the first trick
    assert equivalent(view, _cards("6H 7H"))  # side by side, a heart each
    assert equivalent(view, _cards("JS KS"))  # the Q♠ between is in the same hand


def test_a_card_still_held_by_another_seat_between_them_is_not() -> None:
    view = _after_first_trick(variants.get("modern"))
    assert not equivalent(view, _cards("5C 7C"))  # West holds the 6♣
    assert not equivalent(view, _cards("3C 5C 7C"))
    assert not equivalent(view, _cards("9D JD"))  # East holds the 10♦


def test_a_card_on_the_table_between_them_is_not_gone_yet() -> None:
    view = _after_first_trick(variants.get("modern"), "QD")  # East leads the Q♦
    assert view.trick and view.to_act == 0
    assert not equivalent(view, _cards("JD KD"))  # J♦ ducks, K♦ takes the trick


def test_cards_of_two_suits_are_not() -> None:
    assert not equivalent(_after_first_trick(variants.get("modern")), _cards("7C 3D"))


def test_cards_that_count_differently_in_the_form_are_not() -> None:
    assert not equivalent(_after_first_trick(variants.get("modern")), _cards("JS QS"))  # 0, 13
    assert equivalent(_after_first_trick(variants.get("modern")), _cards("6H 7H"))
    assert not equivalent(_after_first_trick(variants.get("spot")), _cards("6H 7H"))  # 6 and 7
    black_maria = variants.get("classic").replace(card_values={"KS": 10})  # as Black Maria
    assert equivalent(_after_first_trick(variants.get("classic")), _cards("QS KS"))
    assert not equivalent(_after_first_trick(black_maria), _cards("QS KS"))


def test_the_jack_of_diamonds_of_omnibus_is_not_like_the_other_diamonds() -> None:
    hands = _swap("9D", "TD")  # seat 0 holds the 10♦ and the J♦
    for rules, same in ((variants.get("modern"), True), (variants.get("omnibus"), False)):
        deal = Deal.from_hands(rules, hands, dealer=3, pass_direction="hold")
        for name in ("2C", "4C", "9C", "KC"):
            deal.play(Card.parse(name))
        assert equivalent(deal.view(0), _cards("TD JD")) is same


def test_the_queen_of_spades_is_like_the_other_spades_only_where_it_is_nothing_special() -> None:
    classic = variants.get("classic")  # the Q♠ counts nothing and breaks nothing
    assert equivalent(_after_first_trick(classic), _cards("JS QS KS"))
    breaking = classic.replace(queen_breaks_hearts=True, hearts_must_be_broken=True)
    assert not equivalent(_after_first_trick(breaking), _cards("JS QS KS"))
    assert equivalent(_after_first_trick(breaking), _cards("JS KS"))


def test_the_joker_is_never_like_the_ace_of_hearts() -> None:
    rules = variants.get("joker").replace(joker=Joker(penalty=1))  # it counts as a heart does
    hands = [h.replace("2H", "JK") for h in HANDS]
    hands[1], hands[3] = hands[1].replace("4H", "AH"), hands[3].replace("AH", "4H")
    deal = Deal.from_hands(rules, hands, dealer=3, pass_direction="hold")
    for name in ("2C", "4C", "9C", "KC"):
        deal.play(Card.parse(name))
    assert equivalent(deal.view(0), _cards("3C 5C"))  # the joker changes nothing here
    assert not equivalent(deal.view(1), _cards("AH JK"))  # it wins any trick


def _touching(view: SeatView) -> list[Card]:
    """Two cards of one suit side by side in rank in this seat's hand (not hearts or spades)."""
    for first in view.hand:
        if first.suit.letter in "CD" and not first.is_joker and first.rank < 14:
            second = Card.of(first.rank + 1, first.suit, first.copy)
            if second in view.hand:
                return [first, second]
    raise AssertionError(f"no touching cards in {view.hand}")


def test_two_packs_and_the_auction_are_never_shortcut() -> None:
    for name in ("auction", "cancellation"):
        for seed in range(40):
            game = Game(variants.get(name), seed=seed)
            try:
                pair = _touching(game.view(0))
            except AssertionError:
                continue
            view = game.view(0)
            assert not equivalent(view, pair), name
            alike = dataclasses.replace(view, rules=variants.get("classic"))  # one pack, no bids
            assert equivalent(alike, pair), name
            break
        else:
            raise AssertionError(f"no hand of {name} with touching cards")
    twins = Card.parse("5C"), Card(Card.parse("5C") | 64)  # the 5♣ of each pack
    view = Game(variants.get("cancellation"), seed=1).view(0)
    assert not equivalent(view, list(twins))


def test_the_expert_searches_when_the_cards_are_not_equivalent() -> None:
    deal = Deal.from_hands(variants.get("modern"), HANDS, dealer=3, pass_direction="hold")
    for name in ("2C", "4C", "9C", "KC", "AC"):  # East leads the A♣: seat 0 follows in clubs
        deal.play(Card.parse(name))
    view = deal.view(0)
    assert set(view.legal_moves) == set(_cards("3C 5C 7C"))  # West holds the 6♣
    assert ExpertBot(seed=1, samples=4).analyse(view).searched


def test_the_hint_says_when_the_cards_are_as_good_as_each_other() -> None:
    deal = Deal.from_hands(
        variants.get("modern"), _swap("7C", "4D"), dealer=3, pass_direction="hold"
    )
    for name in ("2C", "4C", "9C", "KC", "AC"):
        deal.play(Card.parse(name))
    view = deal.view(0)
    assert set(view.legal_moves) == set(_cards("3C 5C"))
    analysis = ExpertBot(seed=1, samples=4).analyse(view)
    assert not analysis.searched and analysis.move in view.legal_moves
    assert "as good as each other" in hint(view, samples=4).reason
