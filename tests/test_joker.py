"""Joker Hearts (law 3; docs/rules.md §5.2): the joker replaces the 2♥, follows as a heart, ranks above
the A♥, wins any trick it is played to (option), and counts five (option; UNVERIFIED)."""

from __future__ import annotations

import random

import pytest

from hearts import Card, CardSet, Deal, Game, InvalidRules, Joker, Rules, variants
from hearts.cards import JOKER, cards_of
from hearts.events import HandSettled
from hearts.rules import SettlementMethod

JOKER_HEARTS = variants.get("joker")


def _deal(rules: Rules, hands: list[str]) -> Deal:
    return Deal.from_hands(rules, hands)


def test_law_3_the_joker_replaces_the_two_of_hearts_and_the_pack_stays_52() -> None:
    """Law 3: "In Joker Hearts the heart deuce is replaced by the Joker"."""
    pack = CardSet(JOKER_HEARTS.pack)
    assert len(pack) == 52
    assert JOKER in pack and Card.parse("2H") not in pack
    assert JOKER_HEARTS.hand_size == 13


def test_law_3_the_joker_replaces_the_two_of_hearts_at_three_and_five_too() -> None:
    """Law 3: the strips of three and five keep the 2♥, so the joker takes its place there."""
    for players, size in ((3, 17), (5, 10)):
        rules = variants.for_players_named("joker", players)
        assert JOKER in CardSet(rules.pack) and Card.parse("2H") not in CardSet(rules.pack)
        assert rules.hand_size == size and rules.penalty_total == 17


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        (
            {"players": 6},
            "joker clashes with players=6 (strip=foster): the 2♥ the joker replaces is already out",
        ),
        (
            {"removed": ("2H", "2C", "2D", "2S")},
            "joker clashes with removed=2C,2D,2S,2H: the 2♥ the joker replaces is already out",
        ),
    ],
)
def test_law_3_no_joker_where_the_two_of_hearts_is_already_out(
    changes: dict[str, object], message: str
) -> None:
    """Law 3: six-handed lays all four deuces aside, so there is no 2♥ for the joker to replace."""
    with pytest.raises(InvalidRules) as error:
        JOKER_HEARTS.replace(**changes)
    assert str(error.value) == message


def test_the_six_handed_modern_strip_keeps_the_two_of_hearts_for_the_joker() -> None:
    """docs/rules.md §6.1: the modern strip keeps every heart, so the joker may replace the 2♥."""
    rules = variants.for_players(variants.get("modern"), 6).replace(joker=Joker())
    assert JOKER in CardSet(rules.pack) and rules.penalty_total == 12 + 13 + 5


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"joker_penalty": 3}, "unknown option 'joker_penalty' (it is joker.penalty now"),
        (
            {"joker_wins_any_trick": False},
            "unknown option 'joker_wins_any_trick' (it is joker.wins_any_trick now",
        ),
        ({"card_values": {"JK": 5}}, "card_values names the joker: give its value as joker="),
        ({"joker": "yes"}, "joker='yes' must be Joker(...), a mapping of its options, or None"),
        ({"joker": {"penalty": 2.5}}, "joker.penalty=2.5 is not a whole number"),
        ({"joker": {"wins_any_trick": "no"}}, "joker.wins_any_trick='no' must be true or false"),
        ({"joker": {"value": 5}}, "unknown option 'joker.value'"),
    ],
)
def test_joker_options_without_a_joker_or_of_the_wrong_kind_are_refused(
    changes: dict[str, object], message: str
) -> None:
    """Bad input: the joker's options exist only in its part (there is none to give without a
    joker), and bad values are refused with a sentence."""
    with pytest.raises(InvalidRules, match=message.replace("(", r"\(").replace(")", r"\)")):
        Rules(**changes)  # type: ignore[arg-type]


def test_rules_5_2_the_joker_counts_five_and_the_deal_seventeen() -> None:
    """docs/rules.md §5.2 (UNVERIFIED, an option): the joker is charged as five hearts; T = 12 + 5."""
    assert JOKER_HEARTS.value(JOKER) == 5
    assert JOKER_HEARTS.penalty_total == 17
    assert JOKER_HEARTS.method is SettlementMethod.SWEEPSTAKES
    assert JOKER_HEARTS.replace(joker=Joker(penalty=8)).penalty_total == 20
    assert JOKER_HEARTS.penalty_mask >> JOKER & 1


def test_rules_5_2_the_joker_wins_a_trick_of_clubs_it_is_discarded_to() -> None:
    """docs/rules.md §5.2: the joker wins any trick it is played to (option on, the default)."""
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "JK 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
        "AS 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    ]
    deal = _deal(JOKER_HEARTS, hands)
    for card in ("AC", "JK", "2S", "3H"):
        deal.play(card)
    trick = deal.tricks[-1]
    assert trick.winner == 1 and trick.points == 5 + 1
    assert deal.to_act == 1 and deal.hearts_broken


def test_rules_5_2_without_the_power_the_discarded_joker_does_not_win() -> None:
    """docs/rules.md §5.2 (option off): the joker wins only as the highest heart when hearts are led."""
    rules = JOKER_HEARTS.replace(joker={"wins_any_trick": False})
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "JK 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
        "AS 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    ]
    deal = _deal(rules, hands)
    for card in ("AC", "JK", "2S", "3H"):
        deal.play(card)
    assert deal.tricks[-1].winner == 0 and deal.tricks[-1].points == 6


def test_rules_5_2_the_joker_ranks_above_the_ace_when_hearts_are_led() -> None:
    """docs/rules.md §5.2: the joker is the highest heart, with or without its power."""
    hands = [
        "AH 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
        "JK AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
        "KD AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS",
        "KS AS 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    ]
    for wins in (True, False):
        deal = _deal(JOKER_HEARTS.replace(joker=Joker(wins_any_trick=wins)), hands)
        for card in ("AH", "JK", "2S", "3H"):
            deal.play(card)
        assert deal.tricks[-1].winner == 1


def test_rules_5_2_the_joker_follows_as_a_heart() -> None:
    """docs/rules.md §5.2: the joker is a heart for following suit: with hearts led it must follow."""
    hands = [
        "AH 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
        "JK AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
        "KD AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS",
        "KS AS 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    ]
    deal = _deal(JOKER_HEARTS, hands)
    deal.play("AH")
    assert deal.legal_moves() == [JOKER]
    assert not deal.can_play("AC")


def test_the_joker_breaks_hearts_where_hearts_must_be_broken() -> None:
    """docs/rules.md §6.3 with the joker: it is a heart, so playing it breaks hearts."""
    rules = variants.get("modern").replace(joker=Joker())
    hands = [
        "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
        "JK 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
        "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
        "AS 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
    ]
    deal = Deal.from_hands(rules, hands, pass_direction="hold")
    deal.play("2C")
    assert JOKER not in deal.legal_moves()  # no card that counts on trick one
    deal.undo()
    for card in ("2C", "2D", "2S", "AS"):
        deal.play(card)
    assert not deal.hearts_broken
    deal.play("AC")
    deal.play("JK")
    assert deal.hearts_broken


def test_the_moon_needs_the_joker_when_it_counts() -> None:
    """docs/rules.md §6.4 with the joker: it has a value above zero, so the moon needs it."""
    rules = variants.get("modern").replace(joker=Joker())
    assert rules.penalty_total == 12 + 13 + 5
    assert rules.penalty_mask >> JOKER & 1


def test_joker_records_name_the_joker_options_and_others_do_not() -> None:
    """Records of forms without a joker are unchanged: the joker options appear only with it."""
    assert "joker" not in variants.get("classic").to_dict()
    data = JOKER_HEARTS.to_dict()
    assert data["joker"] == {"wins_any_trick": True, "penalty": 5}
    assert Rules.from_dict(data) == JOKER_HEARTS


def test_a_game_of_joker_hearts_deals_the_joker_and_settles_seventeen() -> None:
    """Law 3, law 29: each deal has the joker in a hand; the pool is fed 17 counters a Jack."""
    game = Game(JOKER_HEARTS, seed=7)
    rng = random.Random(7)
    hands = 0
    while not game.is_over and hands < 20:
        deal = game.deal
        assert any(JOKER in deal.dealt_hand(s) for s in deal.seats)
        while not deal.is_over:
            game.play(rng.choice(game.legal_moves()), game.to_act)
        assert sum(deal.penalties()) == 17
        hands += 1
        if game.is_over:
            break
    assert any(isinstance(e, HandSettled) for e in game.events)
    assert len(cards_of(JOKER_HEARTS.pack)) == 52
