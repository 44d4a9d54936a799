"""Domino Hearts (docs/rules.md §5.6): six each, draw to follow, drop out, the last keeps the rest."""

from __future__ import annotations

import random
from typing import Any

import pytest

from hearts import CardSet, Deal, Game, variants
from hearts.cards import FULL_PACK, HEARTS_MASK, Card, cards_of
from hearts.deal import Phase
from hearts.errors import InvalidRules
from hearts.events import CardPlayed, CardsKept, Dealt, StockDrawn, TrickWon
from hearts.rules import Rules

DOMINO = variants.get("domino")
TWO = variants.for_players_named("domino", 2)


def rest_of_pack(*given: str, top: str = "") -> str:
    """The stock: ``top`` first, then every card not in ``given`` hands, in id order."""
    used = 0
    for hand in (*given, top):
        used |= CardSet.parse(hand).mask
    return " ".join([*top.split(), *(str(card) for card in cards_of(FULL_PACK & ~used))])


def play_out(game: Game, rng: random.Random) -> None:
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))


def test_rules_5_6_1_six_each_the_rest_a_stock_and_the_eldest_leads() -> None:
    game = Game(DOMINO, seed=4)
    dealt = next(event for event in game.events if isinstance(event, Dealt))
    assert [len(hand) for hand in dealt.hands] == [6, 6, 6, 6]
    assert len(dealt.stock) == 52 - 24
    assert game.deal.phase is Phase.PLAY
    assert game.to_act == (game.deal.dealer + 1) % 4
    assert DOMINO.pack == FULL_PACK  # the whole pack at any table: nothing is stripped
    assert variants.for_players_named("domino", 7).hand_size == 6
    assert variants.for_players_named("domino", 7).dealt_seats == 7


def test_rules_5_6_2_a_seat_that_cannot_follow_draws_until_it_can() -> None:
    hands = ["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D", "8C 9C TC JC QC KC", "2S 3S 4S 5S 6S 7S"]
    deal = Deal.from_hands(DOMINO, hands, stock=rest_of_pack(*hands, top="8D 9D AC"))
    deal.play("2C")
    # Seat 1 held no club: it drew the 8♦, the 9♦ and the A♣, and now must follow with it.
    drawn = [event.card for event in deal.events if isinstance(event, StockDrawn)]
    assert drawn == [Card.parse("8D"), Card.parse("9D"), Card.parse("AC")]
    assert deal.to_act == 1
    assert deal.legal_moves() == [Card.parse("AC")]
    assert len(deal.stock) == 52 - 24 - 3


def test_rules_5_6_2_once_the_stock_is_out_a_seat_unable_to_follow_plays_anything() -> None:
    hands = ["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D", "8C 9C TC JC QC KC", "2S 3S 4S 5S 6S 7S"]
    deal = Deal.from_hands(DOMINO, hands, stock=rest_of_pack(*hands, top="8D 9D AC"))
    for card in ("2C", "AC", "8C"):
        deal.play(card)
    # Seat 3 has no club and none is left in the stock: it drew the whole stock.
    assert deal.stock == []
    assert len(deal.hand(3)) == 6 + 25
    assert set(deal.legal_moves()) == set(deal.hand(3))


def test_rules_5_6_3_out_of_cards_out_of_play_the_next_seat_in_leads() -> None:
    """Over many random games: each trick seats exactly those holding cards when it is led, and a
    trick won with a seat's last card is led by the next seat on its left still holding cards."""
    passed_lead = 0
    for seed in range(60):
        rng = random.Random(seed)
        rules = variants.for_players_named("domino", 3 + seed % 5)
        game = Game(rules, seed=seed)
        while game.hand_number == 0:
            deal = game.deal
            if not deal.trick and deal.phase is Phase.PLAY:
                holding = {s for s in deal.seats if deal.hand(s)}
                tricks = len(deal.tricks)
                game.play(rng.choice(game.legal_moves()))
                while len(deal.tricks) == tricks and deal.phase is Phase.PLAY:
                    game.play(rng.choice(game.legal_moves()))
                won = deal.tricks[-1]
                assert len(won.cards) == len(holding)
                if deal.phase is Phase.PLAY and not deal.hand(won.winner):
                    seat = (won.winner + 1) % rules.players
                    while not deal.hand(seat):
                        seat = (seat + 1) % rules.players
                    assert deal.to_act == deal.leader == seat
                    passed_lead += 1
                continue
            game.play(rng.choice(game.legal_moves()))
    assert passed_lead > 5


def test_rules_5_6_4_the_last_seat_holding_cards_keeps_them_and_the_stock() -> None:
    hands = ["2C 3C 4C 5C 6C 2D", "8C 9C TC JC QC KC"]
    deal = Deal.from_hands(TWO, hands, stock=rest_of_pack(*hands, top="3H AC"))
    for lead, follow in (("2C", "8C"), ("9C", "3C"), ("TC", "4C"), ("JC", "5C"), ("QC", "6C")):
        deal.play(lead)
        deal.play(follow)
    deal.play("KC")  # seat 0 holds only the 2♦: it draws the 3♥ and the A♣, and must play it
    assert deal.legal_moves() == [Card.parse("AC")]
    deal.play("AC")
    assert deal.is_over
    kept = next(event for event in deal.events if isinstance(event, CardsKept))
    assert kept.seat == 0
    hearts = TWO.pack & HEARTS_MASK
    assert kept.cards.mask & hearts == hearts  # the 3♥ it drew, and every heart left
    assert len(kept.cards) == 2 + 38  # the 2♦ and 3♥ it holds, and the 38 cards of the stock
    assert deal.penalties() == (13, 0)
    assert deal.points() == (13, 0)


def test_rules_5_6_4_when_every_seat_runs_out_together_the_last_winner_takes_the_stock() -> None:
    hands = ["2C 3C 4C 5C 6C 7C", "8C 9C TC JC QC KC"]
    deal = Deal.from_hands(TWO, hands, stock=rest_of_pack(*hands))
    deal.play("2C")
    deal.play("8C")
    for lead, follow in (("9C", "3C"), ("TC", "4C"), ("JC", "5C"), ("QC", "6C"), ("KC", "7C")):
        deal.play(lead)
        deal.play(follow)
    assert deal.is_over
    kept = next(event for event in deal.events if isinstance(event, CardsKept))
    assert kept.seat == 1 and len(kept.cards) == 40
    assert deal.penalties() == (0, 13)
    assert deal.stock == []


def test_rules_5_6_5_hearts_count_one_the_queen_does_not_and_the_game_is_to_31() -> None:
    assert DOMINO.penalty_total == 13
    assert DOMINO.value(Card.parse("QS")) == 0
    assert DOMINO.target == 31
    rng = random.Random(2)
    game = Game(DOMINO, seed=2)
    play_out(game, rng)
    assert max(game.scores) >= 31
    assert game.winners() == tuple(
        s for s, total in enumerate(game.scores) if total == min(game.scores)
    )


def test_rules_5_6_6_the_no_heart_lead_option_of_the_modern_rewrite() -> None:
    rules = DOMINO.replace(hearts_must_be_broken=True)
    hands = ["2H 3H 4H 5H 6H 2C", "8C 9C TC JC QC KC", "2D 3D 4D 5D 6D 7D", "2S 3S 4S 5S 6S 7S"]
    deal = Deal.from_hands(rules, hands, stock=rest_of_pack(*hands))
    assert deal.legal_moves() == [Card.parse("2C")]


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"stock": True, "players": 2}, "domino=True clashes with stock=True"),
        ({"cancellation": {}, "players": 6}, "domino=True clashes with cancellation"),
        ({"auction": {}}, "domino=True clashes with auction"),
        ({"widow": "discard"}, "widow=discard clashes with domino=True"),
        ({"removed": ("2C",), "players": 3}, "domino=True clashes with removed"),
    ],
)
def test_domino_refuses_options_it_cannot_play(changes: dict[str, Any], words: str) -> None:
    with pytest.raises(InvalidRules, match=words):
        Rules(domino=True, **changes)


def test_domino_is_played_by_two_to_seven() -> None:
    for players in range(2, 8):
        game = Game(variants.for_players_named("domino", players), seed=players)
        play_out(game, random.Random(players))
        assert game.is_over


def test_a_seat_sees_how_many_cards_another_draws_but_not_which() -> None:
    """docs/rules.md §5.6.2: the draws to follow are made in sight of all, face down."""
    hands = ["2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D", "8C 9C TC JC QC KC", "2S 3S 4S 5S 6S 7S"]
    deal = Deal.from_hands(DOMINO, hands, stock=rest_of_pack(*hands, top="8D 9D AC"))
    deal.play("2C")
    other = deal.view(0)
    draws = [event for event in other.events if isinstance(event, StockDrawn)]
    assert draws == [StockDrawn(seat=1, card=None)] * 3
    assert other.hand_sizes[1] == 9 and other.stock_size == 25
    own = deal.view(1)
    drawn = [e.card for e in own.events if isinstance(e, StockDrawn)]
    assert drawn == [Card.parse(name) for name in ("8D", "9D", "AC")]


def test_undo_takes_back_draws_drop_outs_and_the_keeping() -> None:
    rng = random.Random(9)
    deal = Game(DOMINO, seed=9).deal.copy()  # a deal of no game, to undo past its end
    states = []
    while not deal.is_over:
        states.append((deal.to_act, tuple(deal.hand(s) for s in deal.seats), len(deal.stock)))
        deal.play(rng.choice(deal.legal_moves()))
    assert any(isinstance(event, CardsKept) for event in deal.events)
    played = sum(isinstance(event, CardPlayed) for event in deal.events)
    for state in reversed(states):
        deal.undo()
        assert (deal.to_act, tuple(deal.hand(s) for s in deal.seats), len(deal.stock)) == state
    assert played == len(states)
    assert not any(isinstance(event, TrickWon) for event in deal.events)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        (
            {"settlement": {"method": "points", "moon": "old"}, "end": "target"},
            "domino=True clashes with settlement.moon=old",
        ),
        (
            {"settlement": {"method": "points", "no_trick": {"points": 5}}, "end": "target"},
            "domino=True clashes with settlement.no_trick",
        ),
    ],
)
def test_domino_has_no_moon_and_no_no_trick_bonus(changes: dict[str, Any], words: str) -> None:
    """The last seat keeps the cards left without taking a trick: the moon and the no-trick
    bonus mean nothing in Domino Hearts and are refused."""
    with pytest.raises(InvalidRules, match=words):
        Rules(domino=True, **changes)
