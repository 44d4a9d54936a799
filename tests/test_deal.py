"""Rules of play in one hand (docs/rules.md §2, §4.1, §4.5, §6.2–6.4): each test names its rule."""

from __future__ import annotations

import random

import pytest

from hearts import (
    Card,
    CardSet,
    Deal,
    Game,
    HeartsError,
    IllegalMove,
    InvalidArgument,
    MoonChoice,
    Pass,
    Phase,
    Suit,
    variants,
)
from hearts.deal import PassChoices
from hearts.events import CardPlayed, HandOver
from hearts.hand.core import HandCore
from hearts.moves import Claim, Revoke
from hearts.rules import Moon, PassDirection

MODERN = variants.get("modern")
CLASSIC = variants.get("classic")


def _first_legal(deal: Deal) -> None:
    """Play the first legal move until the hand is over."""
    while not deal.is_over:
        deal.play(deal.legal_moves()[0])


def _state(deal: Deal) -> tuple[object, ...]:
    return (
        deal.phase,
        deal.to_act,
        [deal.hand(s) for s in range(deal.players)],
        deal.events,
        deal.tricks,
        deal.trick,
        deal.hearts_broken,
        deal.penalties(),
    )


# Seat 0 all clubs; seat 1 only hearts; seat 2 the Q♠ and diamonds; seat 3 spades and the A♦.
FIRST_TRICK = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    "QS 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
]

# Seat 1 wins trick one with the 3♣ and is left holding the Q♠ and eleven hearts.
ONLY_PENALTY = [
    "2C 4C 5C 6C 7C 8C 9C TC JC QC KC AC KH",
    "3C QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
]

# Seat 1 wins trick one with the 4♣ and holds clubs and two hearts; seat 3 holds the Q♠.
BREAKING = [
    "2C 3C 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
    "4C 5C 6C 7C 8C 9C TC JC QC KC AC KH AH",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
]

# Seat 0 can take every heart and the Q♠ (a moon), whatever the others do.
MOON = [
    "AC KC QC JC TC 9C AH KH QH JH TH 9H AS",
    "2C QS 8H 7H 6H 2D 3D 4D 5D 6D 7D 8D 9D",
    "3C 5H 4H 3H TD JD QD KD AD KS JS TS 9S",
    "4C 5C 6C 7C 8C 2H 8S 7S 6S 5S 4S 3S 2S",
]


def hold(rules=MODERN, hands=FIRST_TRICK, **options: object) -> Deal:
    return Deal.from_hands(rules, hands, pass_direction="hold", **options)  # type: ignore[arg-type]


class TestFirstTrick:
    def test_two_of_clubs_leads_the_first_trick(self) -> None:
        """docs/rules.md §6.3.1: the holder of the 2♣ leads it to trick one, and nothing else."""
        deal = hold()
        assert deal.to_act == 0
        assert deal.legal_moves() == [Card.parse("2C")]
        with pytest.raises(IllegalMove, match="the 2♣ must lead the first trick"):
            deal.play("3C")

    def test_with_first_lead_any_club_the_holder_of_the_two_leads_any_club(self) -> None:
        """Option first_lead=any-club (OpenSpiel's can_lead_any_club): the 2♣'s holder leads
        trick one with any of its clubs, and nothing else; later leads are free as usual."""
        deal = hold(MODERN.replace(first_lead="any-club"), hands=BREAKING)
        assert deal.to_act == 0
        clubs = deal.hand(0).of_suit(Suit.CLUBS)
        assert CardSet(deal.legal_moves()) == clubs and len(clubs) > 1
        before = deal.view(0)
        with pytest.raises(IllegalMove, match="the holder of the 2♣ leads a club to the first"):
            deal.play(deal.hand(0).cards()[-1])  # a heart
        assert deal.view(0) == before
        deal.play(clubs.cards()[-1])
        assert deal.trick == [(0, clubs.cards()[-1])]

    def test_holder_of_the_two_of_clubs_leads_whatever_the_seat(self) -> None:
        """docs/rules.md §6.3.1: the 2♣ holder leads, not the eldest hand."""
        hands = FIRST_TRICK[1:] + FIRST_TRICK[:1]
        deal = Deal.from_hands(MODERN, hands, pass_direction="hold")
        assert deal.to_act == 3

    def test_no_penalty_card_on_first_trick_when_another_card_is_held(self) -> None:
        """docs/rules.md §6.3.2: on trick one a void seat may not play a heart or the Q♠."""
        deal = hold()
        deal.play("2C")
        deal.play("5H")  # seat 1 holds nothing but hearts: allowed (§6.3.3)
        assert Card.parse("QS") not in deal.legal_moves()
        assert set(deal.legal_moves()) == set(CardSet.parse(FIRST_TRICK[2]) - CardSet.parse("QS"))
        with pytest.raises(
            IllegalMove, match="no card that counts may be played to the first trick"
        ):
            deal.play("QS")

    def test_first_trick_exception_a_hand_of_only_penalty_cards_may_play_one(self) -> None:
        """docs/rules.md §6.3.3: a void seat holding only penalty cards may play any of them."""
        deal = hold()
        deal.play("2C")
        assert set(deal.legal_moves()) == set(CardSet.parse(FIRST_TRICK[1]))

    def test_classic_eldest_hand_leads_any_card_even_a_heart(self) -> None:
        """docs/rules.md §2.1: the eldest hand leads any card at all; no 2♣ rule, no breaking."""
        hands = [FIRST_TRICK[1], FIRST_TRICK[0], FIRST_TRICK[2], FIRST_TRICK[3]]
        deal = Deal.from_hands(CLASSIC, hands, dealer=3)
        assert deal.to_act == 0  # the eldest hand, on the dealer's left
        assert len(deal.legal_moves()) == 13
        deal.play("AH")
        assert deal.hearts_broken

    def test_classic_penalty_cards_may_be_discarded_on_the_first_trick(self) -> None:
        """docs/rules.md §2.3: a void player may discard any card (classic has no trick-one rule)."""
        deal = Deal.from_hands(CLASSIC, FIRST_TRICK, dealer=3)
        deal.play("2C")
        deal.play("2H")
        assert Card.parse("QS") in deal.legal_moves()


class TestBreakingHearts:
    def test_hearts_cannot_be_led_until_broken(self) -> None:
        """docs/rules.md §6.3.5: no heart may be led before one has been played."""
        deal = hold(hands=BREAKING)
        for card in ("2C", "4C", "2D", "2S"):
            deal.play(card)
        assert deal.to_act == 1 and not deal.hearts_broken
        assert set(deal.legal_moves()) == set(CardSet.parse("5C 6C 7C 8C 9C TC JC QC KC AC"))
        before = _state(deal)
        with pytest.raises(IllegalMove, match="hearts are not broken: lead another suit"):
            deal.play("AH")
        assert _state(deal) == before

    def test_queen_of_spades_breaks_hearts_by_default(self) -> None:
        """docs/rules.md §6.3.5 (queenBreaksHearts, default on): a discarded Q♠ breaks hearts."""
        deal = hold(hands=BREAKING)
        for card in ("2C", "4C", "2D", "2S", "5C", "3D", "QS", "3C"):
            deal.play(card)
        assert deal.hearts_broken and deal.to_act == 1
        assert Card.parse("AH") in deal.legal_moves()

    def test_queen_of_spades_does_not_break_hearts_when_the_option_is_off(self) -> None:
        """docs/rules.md §6.3.5: with queen_breaks_hearts off only a heart breaks hearts."""
        rules = MODERN.replace(queen_breaks_hearts=False)
        deal = hold(rules, BREAKING)
        for card in ("2C", "4C", "2D", "2S", "5C", "3D", "QS", "3C"):
            deal.play(card)
        assert not deal.hearts_broken
        assert Card.parse("AH") not in deal.legal_moves()

    def test_a_heart_discarded_breaks_hearts(self) -> None:
        """docs/rules.md §6.3.5: once a heart is played, hearts may be led."""
        deal = hold(hands=BREAKING)
        for card in ("2C", "4C", "2D", "2S", "5C", "3D", "3S"):
            deal.play(card)
        deal.play("3C")
        assert not deal.hearts_broken
        for card in ("6C", "4D", "4S", "2H"):  # seat 0 is void in clubs now and discards a heart
            deal.play(card)
        assert deal.hearts_broken

    def test_a_leader_holding_only_hearts_may_lead_one(self) -> None:
        """docs/rules.md §6.3.5: a leader holding nothing but hearts may lead one (and breaks them)."""
        hands = [
            "2C 4C 5C 6C 7C 8C 9C TC JC QC KC AC AH",
            "3C 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
            "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
            "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
        ]
        deal = hold(hands=hands)
        for card in ("2C", "3C", "2D", "2S"):
            deal.play(card)
        assert deal.to_act == 1 and not deal.hearts_broken
        assert len(deal.legal_moves()) == 12

    def test_a_leader_holding_only_hearts_and_the_queen_may_lead_a_heart(self) -> None:
        """docs/rules.md §6.3.5 (leadHeartIfOnlyPenalty, default on): hearts and the Q♠ only."""
        deal = hold(hands=ONLY_PENALTY)
        for card in ("2C", "3C", "2D", "2S"):
            deal.play(card)
        assert deal.to_act == 1
        assert len(deal.legal_moves()) == 12

    def test_without_the_option_only_the_queen_may_be_led(self) -> None:
        """docs/rules.md §6.3.5: with leadHeartIfOnlyPenalty off, the Q♠ must be led."""
        deal = hold(MODERN.replace(lead_hearts_with_only_penalty=False), ONLY_PENALTY)
        for card in ("2C", "3C", "2D", "2S"):
            deal.play(card)
        assert deal.legal_moves() == [Card.parse("QS")]

    def test_queen_of_spades_may_be_led_any_time_after_the_first_trick(self) -> None:
        """docs/rules.md §6.3.6: the Q♠ is not held back by the breaking rule."""
        hands = [
            "2C 3C 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH",
            "4C 5C 6C 7C 8C 9C TC JC QC KC AC QS KH",
            "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
            "2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS AH",
        ]
        deal = hold(hands=hands)
        for card in ("2C", "4C", "2D", "2S"):
            deal.play(card)
        assert deal.to_act == 1 and not deal.hearts_broken
        legal = deal.legal_moves()
        assert Card.parse("QS") in legal and Card.parse("KH") not in legal
        deal.play("QS")
        assert deal.hearts_broken  # and, by default, it breaks them

    def test_queen_of_spades_may_go_on_the_first_trick_from_a_hand_of_penalty_cards(self) -> None:
        """docs/rules.md §6.3.3: a void seat holding only penalty cards may play the Q♠ on trick one."""
        hands = [
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
            "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
            "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
            "AH 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
        ]
        deal = hold(hands=hands)
        deal.play("2C")
        deal.play("QS")
        deal.play("2D")
        deal.play("2S")
        assert deal.to_act == 0 and deal.penalties() == (13, 0, 0, 0)


class TestFollowSuit:
    def test_must_follow_suit(self) -> None:
        """docs/rules.md §2.2: every other player must play a card of the suit led if able."""
        deal = hold(hands=BREAKING)
        deal.play("2C")
        before = _state(deal)
        with pytest.raises(IllegalMove, match="you must follow suit: you hold a club"):
            deal.play("AH")
        assert _state(deal) == before

    def test_highest_card_of_the_suit_led_wins_and_leads_next(self) -> None:
        """docs/rules.md §2.4–2.5: off-suit cards never win; the winner leads the next trick."""
        deal = hold(hands=BREAKING)
        for card in ("2C", "4C", "AD", "AS"):
            deal.play(card)
        trick = deal.tricks[0]
        assert trick.winner == 1 and trick.leader == 0
        assert deal.to_act == 1

    def test_a_card_not_held_is_refused(self) -> None:
        """The referee: a seat may play only a card it holds."""
        deal = hold()
        with pytest.raises(IllegalMove, match="seat 0 does not hold the A♥"):
            deal.play("AH")

    def test_only_the_seat_to_act_may_play(self) -> None:
        """docs/rules.md §2.5: play goes round to the left."""
        deal = hold()
        with pytest.raises(IllegalMove, match="it is seat 0's turn, not seat 2's"):
            deal.play("2C", seat=2)


class TestPassing:
    @pytest.mark.parametrize(
        ("hand_number", "direction", "offset"),
        [(0, "left", 1), (1, "right", 3), (2, "across", 2), (3, "hold", 0), (4, "left", 1)],
    )
    def test_pass_cycle_left_right_across_hold(
        self, hand_number: int, direction: str, offset: int
    ) -> None:
        """docs/rules.md §6.2: four players pass left, right, across, then hold, repeating."""
        deal = Deal.from_hands(MODERN, FIRST_TRICK, hand_number=hand_number)
        assert deal.pass_direction is PassDirection(direction)
        if offset == 0:
            assert deal.phase is Phase.PLAY
            return
        passes = {s: Pass(CardSet(deal.hand(s).cards()[:3])) for s in range(4)}
        for seat, move in passes.items():
            deal.play(move, seat=seat)
        for seat, move in passes.items():
            receiver = (seat + offset) % 4
            assert deal.received(receiver) == move.cards
            assert move.cards <= deal.hand(receiver)
        assert deal.phase is Phase.PLAY

    def test_passes_are_chosen_before_any_are_received(self) -> None:
        """docs/rules.md §6.2: each seat passes before picking up the cards passed to it."""
        deal = Deal.from_hands(MODERN, FIRST_TRICK)
        deal.play(Pass("2C 3C 4C"), seat=0)
        assert deal.received(1) is None
        assert deal.hand(1) == CardSet.parse(FIRST_TRICK[1])
        assert deal.passed(0) == CardSet.parse("2C 3C 4C")
        assert deal.to_act == 1

    def test_passes_may_come_in_any_order(self) -> None:
        """Passing is simultaneous at a real table: any seat still to pass may pass."""
        deal = Deal.from_hands(MODERN, FIRST_TRICK)
        deal.play(Pass("2D 3D 4D"), seat=2)
        assert deal.to_act == 0
        with pytest.raises(IllegalMove, match="seat 2 has already passed"):
            deal.play(Pass("5D 6D 7D"), seat=2)

    def test_the_two_of_clubs_holder_after_the_pass_leads(self) -> None:
        """docs/rules.md §6.3.1: the holder of the 2♣ *after passing* leads."""
        deal = Deal.from_hands(MODERN, FIRST_TRICK)  # pass left: seat 0's 2♣ goes to seat 1
        deal.play(Pass("2C 3C 4C"), seat=0)
        for seat in (1, 2, 3):
            deal.play(Pass(CardSet(deal.hand(seat).cards()[:3])), seat=seat)
        assert deal.to_act == 1 and deal.legal_moves() == [Card.parse("2C")]

    @pytest.mark.parametrize(
        ("move", "message"),
        [
            (Pass("2C 3C"), "pass exactly 3 cards, not 2"),
            (Pass("2C 3C 2H"), r"seat 0 does not hold 2♥"),
            (Card.parse("2C"), "it is time to pass: choose 3 cards to pass left"),
        ],
    )
    def test_bad_passes_are_refused_and_change_nothing(self, move: object, message: str) -> None:
        """docs/rules.md §6.2: exactly three of one's own cards."""
        deal = Deal.from_hands(MODERN, FIRST_TRICK)
        before = _state(deal)
        with pytest.raises(IllegalMove, match=message):
            deal.play(move)  # type: ignore[arg-type]
        assert _state(deal) == before

    def test_pass_choices_are_every_three_card_subset(self) -> None:
        """docs/rules.md §6.2: any three cards may be passed."""
        deal = Deal.from_hands(MODERN, FIRST_TRICK)
        choices = deal.legal_moves()
        assert isinstance(choices, PassChoices)
        assert len(choices) == 286
        assert len(set(choices)) == 286
        assert all(choice in choices for choice in choices)
        assert [choices[i] for i in range(len(choices))] == list(choices)


class TestMoon:
    def _shoot(self, rules: object) -> Deal:
        deal = hold(rules, MOON)  # type: ignore[arg-type]
        for card in ("2C", "3C", "4C", "AC", "AS", "QS"):
            deal.play(card)
        while deal.phase is Phase.PLAY:
            moves = deal.legal_moves()
            # seat 0 keeps the lead with its highest card; the others play their first legal card
            deal.play(moves[-1] if deal.to_act == 0 else moves[0])
        return deal

    def test_old_moon_others_score_twenty_six(self) -> None:
        """docs/rules.md §6.4 (default, Old Moon): the shooter scores 0 and each other seat 26."""
        deal = self._shoot(MODERN)
        assert deal.penalties() == (26, 0, 0, 0)
        assert deal.moon_shooter() == 0
        assert deal.points() == (0, 26, 26, 26)

    def test_new_moon_shooter_minus_twenty_six(self) -> None:
        """docs/rules.md §6.4 (New Moon option): the shooter −26, the others nothing."""
        deal = self._shoot(MODERN.replace(settlement={"moon": Moon.NEW}))
        assert deal.points() == (-26, 0, 0, 0)

    def test_moon_off_counts_the_cards_as_taken(self) -> None:
        """docs/rules.md §6.4: with the moon off, the shooter simply takes 26."""
        deal = self._shoot(MODERN.replace(settlement={"moon": Moon.OFF}))
        assert deal.moon_shooter() is None
        assert deal.points() == (26, 0, 0, 0)

    def test_shooters_choice_is_a_move_of_the_shooter(self) -> None:
        """docs/rules.md §6.4 (shooter's choice): after the last trick the shooter chooses."""
        deal = self._shoot(MODERN.replace(settlement={"moon": Moon.CHOICE}))
        assert deal.phase is Phase.MOON and deal.to_act == 0
        assert deal.legal_moves() == [MoonChoice.OLD, MoonChoice.NEW]
        with pytest.raises(IllegalMove, match="you shot the moon"):
            deal.play("2C")
        deal.play(MoonChoice.NEW)
        assert deal.is_over and deal.points() == (-26, 0, 0, 0)
        deal.undo()
        deal.play("moon old")
        assert deal.points() == (0, 26, 26, 26)


# Seat 3 wins trick one with the A♣ (nothing counts on it); from trick two seat 0 plays its top
# cards, hearts first, and takes every trick, while the others shed what counts (seat 1 the Q♠ on
# trick two): seat 0 shoots, seat 3 won a trick, seats 1 and 2 won none.
MOON_AND_NO_TRICK = [
    "8C KC QC JC TC 9C AH KH QH JH TH 9H AS",
    "2C QS 8H 7H 6H 2D 3D 4D 5D 6D 7D 8D 9D",
    "3C 5H 4H 3H TD JD QD KD AD KS JS TS 9S",
    "4C 5C 6C 7C AC 2H 8S 7S 6S 5S 4S 3S 2S",
]


def _moon_with_seats_that_took_no_trick(moon: str, with_moon: bool) -> Deal:
    rules = variants.get("no-trick").replace(
        settlement={"moon": moon, "no_trick": {"with_moon": with_moon}}
    )
    deal = hold(rules, MOON_AND_NO_TRICK)
    for card in ("2C", "3C", "AC", "8C"):
        deal.play(card)
    while deal.phase is Phase.PLAY:
        cards = [move for move in deal.legal_moves() if isinstance(move, Card)]
        if deal.to_act == 0:
            deal.play(max(cards, key=lambda c: (c.suit is Suit.HEARTS, c.rank)))
        else:
            deal.play(max(cards, key=rules.value))
    assert [deal.tricks_won(seat) for seat in range(4)] == [12, 0, 0, 1]
    assert deal.penalties() == (26, 0, 0, 0)
    return deal


class TestNoTrickBonusWithTheMoon:
    """The no-trick bonus (−5) in a hand where the moon is shot:
    ``NoTrickBonus.with_moon`` says whether the seats that won no trick still subtract it."""

    @pytest.mark.parametrize(
        ("moon", "points"), [("old", (0, 21, 21, 26)), ("new", (-26, -5, -5, 0))]
    )
    def test_with_moon_the_bonus_still_applies(self, moon: str, points: tuple[int, ...]) -> None:
        """The default (and every recorded game): the moon, then −5 to each seat with no trick."""
        deal = _moon_with_seats_that_took_no_trick(moon, with_moon=True)
        assert deal.moon_shooter() == 0
        assert deal.points() == points

    @pytest.mark.parametrize(
        ("moon", "points"), [("old", (0, 26, 26, 26)), ("new", (-26, 0, 0, 0))]
    )
    def test_without_it_the_moon_alone_is_scored(self, moon: str, points: tuple[int, ...]) -> None:
        """with_moon=False (OpenSpiel's avoid_all_tricks_bonus): a moon hand has no bonus."""
        deal = _moon_with_seats_that_took_no_trick(moon, with_moon=False)
        assert deal.moon_shooter() == 0
        assert deal.points() == points
        over = [event for event in deal.events if isinstance(event, HandOver)]
        assert [event.points for event in over] == [points]

    @pytest.mark.parametrize("with_moon", [True, False])
    def test_with_the_moon_off_nobody_shoots_and_the_bonus_applies(self, with_moon: bool) -> None:
        deal = _moon_with_seats_that_took_no_trick("off", with_moon=with_moon)
        assert deal.moon_shooter() is None
        assert deal.points() == (26, -5, -5, 0)


class TestScoringInTheHand:
    def test_each_heart_one_and_the_queen_thirteen(self) -> None:
        """docs/rules.md §6.4: one point per heart, thirteen for the Q♠; 26 in all."""
        deal = hold(hands=BREAKING)
        _first_legal(deal)
        assert sum(deal.penalties()) == 26
        for seat in range(4):
            taken = deal.taken(seat)
            assert deal.penalties()[seat] == len(taken.of_suit(3)) + 13 * (
                Card.parse("QS") in taken
            )

    def test_classic_hearts_count_one_each_and_the_queen_nothing(self) -> None:
        """docs/rules.md §2.6: only the hearts count, one each; thirteen in all."""
        deal = Deal.from_hands(CLASSIC, BREAKING, dealer=3)
        _first_legal(deal)
        assert sum(deal.penalties()) == 13


class TestTwoHanded:
    RULES = variants.get("two-handed")

    def test_pone_leads_and_the_winner_draws_first(self) -> None:
        """docs/rules.md §4.1: 13 each; the pone leads; after each trick winner then loser draw."""
        from hearts import Game

        game = Game(self.RULES, seed=4)
        deal = game.deal
        assert [len(deal.hand(s)) for s in (0, 1)] == [13, 13]
        assert len(deal.stock) == 26
        assert deal.to_act == 1  # dealer 0: the pone (non-dealer) leads
        top = deal.stock[:2]
        game.play(game.legal_moves()[0])
        game.play(game.legal_moves()[0])
        winner = deal.tricks[0].winner
        assert top[0] in deal.hand(winner) and top[1] in deal.hand(1 - winner)
        assert [len(deal.hand(s)) for s in (0, 1)] == [13, 13]

    def test_last_thirteen_are_played_without_drawing(self) -> None:
        """docs/rules.md §4.1.4: once the stock is gone, the hands are played out."""
        from hearts import Game

        game = Game(self.RULES, seed=4)
        deal = game.deal
        while deal.stock:
            game.play(game.legal_moves()[0])
        assert [len(deal.hand(s)) for s in (0, 1)] == [13, 13]
        assert len(deal.tricks) == 13
        while not deal.is_over:
            deal.play(deal.legal_moves()[0])
        assert len(deal.tricks) == 26 and sum(deal.penalties()) == 13


class TestUndoAndCopy:
    def test_undo_back_to_the_deal(self) -> None:
        """Undo any number of steps restores the deal exactly."""
        deal = Deal.from_hands(MODERN, BREAKING)
        start = _state(deal)
        steps = []
        while not deal.is_over:
            steps.append(_state(deal))
            moves = deal.legal_moves()
            deal.play(moves[0], seat=deal.to_act)
        for before in reversed(steps):
            deal.undo()
            assert _state(deal) == before
        assert _state(deal) == start
        with pytest.raises(IllegalMove, match="nothing to undo"):
            deal.undo()

    def test_copy_is_independent(self) -> None:
        """copy() gives a deal whose moves do not touch the original."""
        deal = hold(hands=BREAKING)
        deal.play("2C")
        before = _state(deal)
        other = deal.copy()
        _first_legal(other)
        assert _state(deal) == before
        other.undo()
        assert not other.is_over


class TestFromHands:
    @pytest.mark.parametrize(
        ("hands", "message"),
        [
            (FIRST_TRICK[:3], "give 4 hands, not 3"),
            ([FIRST_TRICK[0]] * 4, "is dealt twice"),
            (["2C", *FIRST_TRICK[1:]], "seat 0 holds 1 cards; this form deals 13"),
        ],
    )
    def test_bad_positions_are_refused(self, hands: list[str], message: str) -> None:
        """A chosen position must be a real deal of this pack."""
        with pytest.raises(HeartsError, match=message):
            Deal.from_hands(MODERN, hands)

    def test_stripped_card_is_refused(self) -> None:
        """Law 3: in three-handed the 2♠ is out of the pack."""
        rules = variants.get("classic-3")
        hands = ["2S", "", ""]
        with pytest.raises(HeartsError, match="not in this pack"):
            Deal.from_hands(rules, hands)


@pytest.mark.parametrize(
    ("move", "kind", "message"),
    [
        (Pass("2C 3C 4C"), IllegalMove, "it is time to play a card"),
        ("pass 2C 3C 4C", IllegalMove, "it is time to play a card"),
        (MoonChoice.OLD, IllegalMove, "it is time to play a card"),
        # Text that reads as no move is no move: hearts.moves.parse_move says so.
        ("hello", InvalidArgument, "'hello' is not a move"),
        (3.5, InvalidArgument, "3.5 is not a move"),
        (200, InvalidArgument, "200 is not a move"),
        (["2C", "3C", "4C"], InvalidArgument, "pass them as hearts.Pass"),
    ],
)
def test_a_move_of_the_wrong_kind_is_refused_and_changes_nothing(
    move: object, kind: type[HeartsError], message: str
) -> None:
    """Bad input gets a clear sentence and changes nothing."""
    deal = hold()
    before = _state(deal)
    with pytest.raises(kind, match=message):
        deal.play(move)  # type: ignore[arg-type]
    assert _state(deal) == before


_PLUGS = ("_laws", "_mechanics")
"""The mechanics: a copy has its own once it unshares (its plan of plug points is the original's)."""


@pytest.mark.parametrize("laws", [False, True])
def test_copy_carries_every_slot_and_every_mechanic(laws: bool) -> None:
    """copy() lists the core's slots by hand for speed and shares the mechanics until either
    deal changes them (then each mechanic copies its state): a slot added to the core must be
    copied too, and after unsharing no mechanic with state may be shared. (``_seen``, a cache
    of the views' redacted events, is built by each deal for itself.)"""
    deal = hold(hands=BREAKING)
    if laws:
        deal = Deal.from_hands(deal.rules.replace(laws=True), BREAKING, pass_direction="hold")
    deal.play("2C")
    other = deal.copy()
    for name in HandCore.__slots__:
        if name in ("_on_over", "_closed", "_seen") or name in _PLUGS:
            continue
        assert getattr(other, name) == getattr(deal, name), name
    assert other._shared and deal._shared
    other.unshare()
    assert not other._shared
    assert [type(m) for m in other._mechanics] == [type(m) for m in deal._mechanics]
    for mine, theirs in zip(deal._mechanics, other._mechanics, strict=True):
        assert mine.save() == theirs.save()
        assert mine is not theirs or mine.save() is None
    assert (other._laws is not None) == laws
    if laws:
        assert other._laws is not deal._laws and other._laws in other._mechanics


def _whole(deal: Deal) -> tuple[object, ...]:
    """Everything a deal shows, the passes and each seat's taken cards included."""
    seats = range(deal.players)
    return (
        *_state(deal),
        [deal.passed(s) for s in seats],
        [deal.received(s) for s in seats],
        [deal.taken(s) for s in seats],
        [deal.tricks_won(s) for s in seats],
        deal.moves_made,
    )


def test_a_copy_and_its_original_change_independently() -> None:
    """copy() is independent both ways: moves and undos on either, a trick closed, a pass made
    or taken back (a mechanic's own undo record, made before the copy), leave the other as it
    was, though the two share what neither has changed yet."""
    rng = random.Random(3)
    deal = Deal.from_hands(MODERN, _random_hands(rng), pass_direction="left")
    deal.play(deal.legal_moves()[0])  # one pass made, before the copies
    for _ in range(40):
        before = _whole(deal)
        other = deal.copy()
        steps = rng.randrange(1, 8)
        for _ in range(steps):
            if other.is_over:
                break
            other.play(rng.choice(other.legal_moves()))
        if rng.random() < 0.5:
            while other.moves_made:
                other.undo()  # back past the copy: the pass made before it too
        assert _whole(deal) == before
        after = _whole(other)
        if deal.moves_made > 1 and rng.random() < 0.3:
            deal.undo()
        elif not deal.is_over:
            deal.play(rng.choice(deal.legal_moves()))
        assert _whole(other) == after


def _random_hands(rng: random.Random) -> list[str]:
    deck = [f"{rank}{suit}" for suit in "CDSH" for rank in "23456789TJQKA"]
    rng.shuffle(deck)
    return [" ".join(deck[seat::4]) for seat in range(4)]


@pytest.mark.parametrize("phase", ["pass", "play", "over"])
def test_legal_moves_of_a_seat_that_is_no_seat_is_refused_in_every_phase(phase: str) -> None:
    """Bad input is refused as bad input, whatever the position: legal_moves(9) is an
    InvalidArgument in the pass and the play, and still once the hand is over (it was [] then,
    as if seat 9 simply had no move)."""
    deal = Deal.from_hands(
        MODERN, FIRST_TRICK, pass_direction="left" if phase == "pass" else "hold"
    )
    if phase == "over":
        _first_legal(deal)
    assert deal.phase.value == phase
    for seat in (9, -1, True, "0"):
        with pytest.raises(InvalidArgument, match="is not a seat: seats are 0 to 3"):
            deal.legal_moves(seat)  # type: ignore[arg-type]
    if phase == "over":
        assert deal.legal_moves(0) == []  # a seat of the table: no move left


@pytest.mark.parametrize(
    "variant", ["modern", "modern by the laws", *sorted(variants.VARIANTS)[1:]]
)
def test_a_view_redacted_from_its_cache_is_the_view_made_anew(variant: str) -> None:
    """A deal keeps the events each seat was last shown, redacted (a cache for the faces, which
    ask for views at every move): after plays, undos and the laws' revokes, each seat's view and
    a watcher's equal those of a copy, which makes its own from nothing; and a viewer (what
    every seat sees alike made once) gives each seat, in any order, that same view."""
    if variant == "modern by the laws":
        rules = variants.get("modern").replace(laws=True)
    else:
        rules = variants.get(variant)
    game = Game(rules, seed=21)
    deal = game.deal
    rng = random.Random(8)
    steps = 0
    while not deal.is_over and steps < 400:
        steps += 1
        if rng.random() < 0.4:  # (not at every step: an undo and a move between two views)
            for seat in range(deal.players):
                assert deal.view(seat) == deal.copy().view(seat), (variant, steps, seat)
            assert deal.public_view() == deal.copy().public_view(), (variant, steps)
            viewer, fresh = deal.viewer(), deal.copy()
            for seat in rng.sample(range(deal.players), deal.players):
                assert viewer(seat) == fresh.view(seat), (variant, steps, seat)
        if steps > 3 and rng.random() < 0.25:
            try:
                deal.undo()
                continue
            except HeartsError:
                pass
        revoke = _revoke_chance(deal)
        unclaimed = [s for s, _, _ in deal.revokes if s not in deal.claims] if rules.laws else []
        if rules.laws and revoke is not None and rng.random() < 0.3:
            deal.play(Revoke(revoke))  # (the laws: a Revoked event in the card's place)
        elif deal.phase is Phase.GATHER and unclaimed and rng.random() < 0.5:
            deal.play(Claim(unclaimed[0]), (unclaimed[0] + 1) % deal.players)
        else:
            deal.play(rng.choice(list(deal.legal_moves())))


def test_a_views_cache_sees_a_card_taken_back_under_the_same_last_card() -> None:
    """A card played is one shared event per seat and card: take back a lead and its answer,
    lead another card of the suit and answer with the same card, and the view shows the new
    lead (the cache compares the whole log it kept, not its last event)."""
    game = Game(variants.get("modern"), seed=5)
    deal = game.deal
    rng = random.Random(2)
    while deal.phase is Phase.PASS:
        seat = next(s for s in range(deal.players) if deal.legal_moves(s))
        deal.play(rng.choice(list(deal.legal_moves(seat))), seat)
    deal.play(deal.legal_moves()[0])  # (the 2♣ opens: play on to a trick led freely)
    while len(deal.trick) != 0:
        deal.play(deal.legal_moves()[0])
    leader = deal.to_act
    leads = [
        c for c in deal.legal_moves() if len([d for d in deal.hand(leader) if d.suit == c.suit]) > 1
    ]
    first = leads[0]
    second = next(c for c in deal.hand(leader) if c.suit == first.suit and c != first)
    deal.play(first)
    answer = deal.legal_moves()[0]
    deal.play(answer)
    assert deal.view(0).events[-2] == CardPlayed(seat=leader, card=first)
    deal.undo()
    deal.undo()
    deal.play(second)
    deal.play(answer)
    assert deal.view(0).events[-2:] == (
        CardPlayed(seat=leader, card=second),
        CardPlayed(seat=(leader + 1) % 4, card=answer),
    )
    assert deal.view(0) == deal.copy().view(0)


def _revoke_chance(deal: Deal) -> Card | None:
    """A card the seat to act could revoke with now (off the suit led, holding it), if any."""
    if deal.phase is not Phase.PLAY or not deal.trick:
        return None
    led = deal.trick[0][1].suit
    hand = deal.hand(deal.to_act)
    off = [card for card in hand if card.suit != led]
    return off[0] if off and any(card.suit == led for card in hand) else None


def test_a_refused_card_names_its_seat_and_card_as_fields() -> None:
    """Errors with fields (issue 40, part 5): a card refused in the play carries the seat that
    tried it and the card, and names seats by their number only through the template, so a face
    can say them its own way; ``str()`` is the sentence it always was, whichever path (C or
    Python) refused it."""
    deal = Deal.from_hands(
        MODERN,
        [
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
            "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
            "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
            "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        ],
        pass_direction="hold",
    )
    with pytest.raises(IllegalMove) as held:
        deal.play("AD")
    assert str(held.value) == "seat 0 does not hold the A♦"
    assert (held.value.seat, held.value.move, held.value.seats) == (
        0,
        Card.parse("AD"),
        {"seat": 0},
    )
    assert held.value.said(lambda seat: f"player {seat + 1}", str) == (
        "player 1 does not hold the A♦"
    )
    with pytest.raises(IllegalMove) as club:
        deal.play("3C")
    assert str(club.value) == "the 2♣ must lead the first trick"
    assert (club.value.seat, club.value.move) == (0, Card.parse("3C"))
    with pytest.raises(IllegalMove) as turn:
        deal.verify_play("2C", seat=2)
    assert str(turn.value) == "it is seat 0's turn, not seat 2's"
    assert turn.value.seats == {"to_act": 0, "seat": 2} and turn.value.seat == 2
    assert turn.value.said(lambda s: f"P{s + 1}", lambda s: f"P{s + 1}'s") == (
        "it is P1's turn, not P3's"
    )
    deal.play("2C")
    deal.play("2D")
    with pytest.raises(IllegalMove) as first:
        deal.play("QS")  # seat 2, void in clubs, holds spades that count nothing
    assert str(first.value) == (
        "no card that counts may be played to the first trick while you hold another"
    )
    assert (first.value.seat, first.value.move, first.value.seats) == (2, Card.parse("QS"), {})


def test_a_hand_refused_when_dealt_names_its_seat_as_a_field() -> None:
    """A chosen position with a seat's hand of the wrong size names that seat as a field."""
    with pytest.raises(InvalidArgument) as short:
        Deal.from_hands(MODERN, ["2C", "3C", "4C", "5C"])
    assert str(short.value) == "seat 0 holds 1 cards; this form deals 13"
    assert short.value.seats == {"seat": 0}
    with pytest.raises(InvalidArgument) as odd:
        Deal.from_hands(MODERN, [{1: 2}, "3C", "4C", "5C"])  # type: ignore[list-item]
    assert str(odd.value) == "seat 0's hand must be cards, not {1: 2}"
