"""Named presets (docs/architecture.md principle 2): each form is a Rules value with a summary and source."""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import pytest

from hearts import (
    Card,
    CardSet,
    Deal,
    Game,
    InvalidArgument,
    InvalidRules,
    Rules,
    UnknownName,
    variants,
)
from hearts.cards import Suit
from hearts.events import CardPlayed, Dealt, HandOver, HandSettled, Passed
from hearts.rules import FirstLead, GameEnd, Moon, PassDirection, Passing, SettlementMethod


@pytest.mark.parametrize("name", variants.names())
def test_every_preset_has_a_summary_a_source_and_valid_rules(name: str) -> None:
    variant = variants.variant(name)
    assert isinstance(variant.rules, Rules)
    assert variant.summary and variant.source
    assert variants.name_of(variant.rules) == name


@pytest.mark.parametrize("name", variants.names())
def test_every_source_names_its_sources_in_words_then_a_section_of_the_rules_document(
    name: str,
) -> None:
    """`hearts variants` shows the source: the laws, books and pages by name, as a player reads
    them, then where docs/rules.md gives the form ("pagat (docs/rules.md §6.5)")."""
    source = variants.variant(name).source
    words, cite, rest = source.partition(" (docs/rules.md §")
    assert cite and rest.endswith(")") and rest[0].isdigit(), source
    assert any(word[:1].isalpha() for word in words.split()), source


def test_presets_are_distinct() -> None:
    rules = [variants.get(name) for name in variants.names()]
    assert len(set(rules)) == len(rules)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Modern", "modern"),
        (" modern ", "modern"),
        ("CLASSIC-3", "classic-3"),
        ("two handed", "two-handed"),
        ("two_handed", "two-handed"),
    ],
)
def test_names_are_read_loosely(text: str, name: str) -> None:
    """A name in another case, with spaces or underscores, is the preset of that name."""
    assert variants.get(text) == variants.variant(name).rules
    assert variants.name_of(variants.get(text)) == name


def test_unknown_name_lists_the_choices_or_suggests_one() -> None:
    """A name of no preset is an UnknownName (a LookupError, not bad rules), in one sentence."""
    with pytest.raises(
        UnknownName, match=r"^there is no variant 'zzzz'; choose from: modern, classic"
    ):
        variants.get("zzzz")
    with pytest.raises(
        UnknownName, match=r"^there is no variant 'modren'; did you mean modern\?$"
    ) as e:
        variants.variant("modren")
    assert e.value.suggestion == "modern" and isinstance(e.value, LookupError)
    assert not isinstance(e.value, InvalidRules)


@pytest.mark.parametrize("lookup", [variants.get, variants.variant, variants.summary])
@pytest.mark.parametrize("name", [3, None, ""])
def test_a_name_that_is_no_name_is_unknown(lookup: Callable[[str], object], name: object) -> None:
    """Every lookup by name refuses what names no preset alike, listing the presets."""
    with pytest.raises(UnknownName, match=r"^there is no variant .*; choose from: modern, "):
        lookup(name)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", ["4", 4.0, True, None])
def test_a_number_of_players_that_is_no_number_is_refused(players: object) -> None:
    """for_players and for_players_named say so in a sentence, as Rules(players=...) does."""
    message = rf"^players={re.escape(repr(players))} is not a whole number$"
    with pytest.raises(InvalidRules, match=message):
        variants.for_players(variants.get("modern"), players)  # type: ignore[arg-type]
    with pytest.raises(InvalidRules, match=message):
        variants.for_players_named("modern", players)  # type: ignore[arg-type]


def test_for_players_and_name_of_take_rules() -> None:
    with pytest.raises(InvalidArgument, match=r"^for_players adapts Rules, not str$"):
        variants.for_players("modern", 3)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match=r"^name_of names Rules, not str$"):
        variants.name_of("modern")  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
@pytest.mark.parametrize("name", ["modern", "classic", "howell"])
def test_for_players_adapts_a_form_to_any_table(name: str, players: int) -> None:
    """Law 3 and docs/rules.md §6.1–6.2: the pack, passes and settlement follow the player count."""
    rules = variants.for_players(variants.get(name), players)
    assert rules.players == players
    assert rules.stock == (players == 2)
    if players == 2 and name == "classic":
        assert rules.method is SettlementMethod.TWO_HANDED


# ----------------------------------------------------------------------------- player counts


@pytest.mark.parametrize("name", variants.names())
def test_every_preset_allows_its_own_table(name: str) -> None:
    """A preset lists the player counts its form is played by, its own first among them."""
    variant = variants.variant(name)
    assert variant.rules.players in variant.players
    assert variant.players == tuple(sorted(set(variant.players)))
    assert variant.title


@pytest.mark.parametrize(
    ("name", "players"),
    [
        (name, players)
        for name in variants.names()
        for players in variants.variant(name).players
        if players != variants.get(name).players
    ],
)
def test_every_preset_plays_a_hand_at_every_table_it_allows(name: str, players: int) -> None:
    """Issue 3: a form is playable at each player count it allows."""
    rules = variants.for_players_named(name, players)
    assert rules.players == players
    game = Game(rules, seed=players)
    rng = random.Random(players)
    while game.hand_number == 0 and not game.is_over:
        game.play(rng.choice(game.legal_moves()), game.to_act)
    assert any(isinstance(event, HandSettled) for event in game.events)


@pytest.mark.parametrize(
    ("name", "players", "message"),
    [
        ("black-maria", 5, "Black Maria is played by three or four players, not five"),
        ("black-maria", 2, "Black Maria is played by three or four players, not two"),
        ("modern", 7, "Modern Hearts is played by three to six players, not seven"),
        ("two-handed", 4, "Two-handed Hearts is played by two players, not four"),
        ("three-handed", 5, "Three-handed Hearts is played by three players, not five"),
    ],
)
def test_a_table_the_form_is_not_played_by_is_refused_in_a_sentence(
    name: str, players: int, message: str
) -> None:
    """Issue 3, bad input: Black Maria with five players is refused with a sentence."""
    with pytest.raises(InvalidRules) as error:
        variants.for_players_named(name, players)
    assert str(error.value) == message


def test_a_table_no_form_seats_is_refused_by_the_laws() -> None:
    """Law 1: eight or more is two tables, whatever the form."""
    with pytest.raises(InvalidRules, match="players=8 is not allowed"):
        variants.for_players_named("black-maria", 8)


# ----------------------------------------------------------------------------- aliases


def test_black_lady_is_another_name_for_the_modern_game() -> None:
    """docs/rules.md §6: the modern game is the Black Lady as played today; one preset, two names."""
    assert variants.get("black-lady") == variants.get("modern")
    assert variants.get("Black Lady") == variants.get("modern")
    assert "black-lady" not in variants.names()
    assert variants.name_of(variants.get("black-lady")) == "modern"
    assert variants.aliases_of("modern") == ["black-lady"]


def test_an_alias_is_suggested_for_a_misspelt_name() -> None:
    with pytest.raises(UnknownName, match="did you mean black-lady"):
        variants.get("black-ladyy")


# ----------------------------------------------------------------------------- penalty totals


@pytest.mark.parametrize(
    ("name", "total"),
    [
        ("black-jack", 23),
        ("black-lady-hoyle", 26),
        ("spot", 104),
        ("omnibus", 26),
        ("pink-lady", 38),
        ("black-maria", 43),
        ("no-trick", 26),
        ("new-moon", 26),
    ],
)
def test_penalty_total_of_each_form(name: str, total: int) -> None:
    """docs/rules.md §3.7, §5.3, §5.4, §6.5: T = 23, 26, 104, 26 (+ the J♦ apart), 38, 43."""
    assert variants.get(name).penalty_total == total


def test_black_jack_the_jack_of_spades_counts_ten_hearts_in_classic_play() -> None:
    """docs/rules.md §5.4: J♠ = 10 hearts; no pass, eldest leads, no breaking; counters."""
    rules = variants.get("black-jack")
    assert rules.value(Card.parse("JS")) == 10 and rules.value(Card.parse("QS")) == 0
    assert not rules.passes and rules.first_lead is FirstLead.ELDEST
    assert not rules.hearts_must_be_broken and not rules.penalty_free_first_trick
    assert rules.method is SettlementMethod.SWEEPSTAKES and rules.end is GameEnd.BANKRUPT
    assert rules.start_counters == 50


def test_black_lady_of_hoyle_is_black_jack_with_the_queen() -> None:
    """docs/rules.md §5.4: identical to Black Jack, with the Q♠ worth 13 hearts instead."""
    hoyle = variants.get("black-lady-hoyle")
    assert hoyle.value(Card.parse("QS")) == 13 and hoyle.value(Card.parse("JS")) == 0
    assert hoyle.replace(card_values=(("JS", 10),)) == variants.get("black-jack")


def test_omnibus_jack_of_diamonds_counts_minus_ten_apart_from_the_total() -> None:
    """docs/rules.md §6.5 (pagat): J♦ −10 to whoever takes it; T stays 26."""
    rules = variants.get("omnibus")
    assert rules.value(Card.parse("JD")) == -10
    assert not rules.penalty_mask >> Card.parse("JD") & 1


def test_no_trick_and_new_moon_are_the_modern_game_with_one_option() -> None:
    """docs/rules.md §6.4–6.5: the no-trick bonus (−5) and the New Moon (shooter −26)."""
    modern = variants.get("modern")
    assert variants.get("no-trick") == modern.replace(settlement={"no_trick": {"points": 5}})
    assert variants.get("new-moon") == modern.replace(settlement={"moon": Moon.NEW})


# ----------------------------------------------------------------------------- the moon


def _moon_position(rules: Rules, seat_3_keeps: str) -> Deal:
    """Seat 0 wins the first twelve tricks with clubs, taking every card the others discard;
    at the last it leads the 2♦, and seat 1's J♦ wins it over seat 2's 3♦ and seat 3's last
    card (``seat_3_keeps``: the 4♦, or a heart that then escapes the shooter)."""
    hands = [
        "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D",
        "2C JD 7D 8D 9D TD QD KD AD 2S 3S 4S 5S",
        "3D 6S 7S 8S 9S TS JS QS KS AS 2H 3H 4H",
        "4D 5D 6D 5H 6H 7H 8H 9H TH JH QH KH AH",
    ]
    keep = {1: Card.parse("JD"), 2: Card.parse("3D"), 3: Card.parse(seat_3_keeps)}
    deal = Deal.from_hands(rules, hands, dealer=3, pass_direction="hold")
    while not deal.is_over:
        seat = deal.to_act
        moves = [card for card in deal.legal_moves() if isinstance(card, Card)]
        if seat == 0:
            clubs = [card for card in moves if card.suit is Suit.CLUBS]
            deal.play((clubs or moves)[-1])
        else:
            others = [card for card in moves if card != keep[seat]]
            deal.play((others or moves)[0])
    return deal


def test_omnibus_moon_needs_only_the_hearts_and_the_queen() -> None:
    """docs/rules.md §6.5: the moon needs the 13 hearts and the Q♠; the J♦ credit applies apart."""
    deal = _moon_position(variants.get("omnibus"), "4D")
    assert deal.moon_shooter() == 0
    assert deal.penalties() == (26, -10, 0, 0)
    assert deal.points() == (0, 16, 26, 26)


def test_pink_lady_moon_takes_the_queen_of_hearts_and_the_queen_of_spades() -> None:
    """docs/rules.md §6.5: Q♥ 13 as well; the moon needs every heart and the Q♠ (others +38)."""
    rules = variants.get("pink-lady")
    assert rules.value(Card.parse("QH")) == 13 and rules.value(Card.parse("QS")) == 13
    deal = _moon_position(rules, "4D")
    assert deal.moon_shooter() == 0
    assert deal.points() == (0, 38, 38, 38)
    escaped = _moon_position(rules, "QH")  # the Q♥ goes to seat 1 on the last trick
    assert escaped.moon_shooter() is None
    assert escaped.points() == (25, 13, 0, 0)


def test_pink_lady_moon_needs_the_queen_of_spades() -> None:
    """docs/rules.md §6.5: every heart without the Q♠ is no moon."""
    mask = variants.get("pink-lady").penalty_mask
    assert mask == CardSet.parse(" ".join(r + "H" for r in "23456789TJQKA") + " QS").mask


# ----------------------------------------------------------------------------- Black Maria


def test_black_maria_three_play_without_the_two_of_clubs() -> None:
    """docs/rules.md §6.5: three players, the 2♣ out, 17 cards each."""
    rules = variants.get("black-maria")
    assert rules.players == 3
    assert rules.pack.bit_count() == 51 and rules.hand_size == 17
    assert Card.parse("2C") not in CardSet(rules.pack)
    assert Card.parse("2S") in CardSet(rules.pack)  # the 2♣ replaces law 3's 2♠


def test_black_maria_four_take_thirteen_each_from_the_whole_pack() -> None:
    """docs/rules.md §6.5: four players deal all 52, 13 each; still pass 3 right, eldest leads."""
    rules = variants.for_players_named("black-maria", 4)
    assert rules.pack.bit_count() == 52 and rules.hand_size == 13
    assert rules.passing == Passing(count=3, cycle=(PassDirection.RIGHT,)) and rules.pass_count == 3
    assert rules.first_lead is FirstLead.ELDEST and rules.penalty_total == 43


def test_black_maria_penalty_cards() -> None:
    """docs/rules.md §6.5: every heart 1, Q♠ 13, K♠ 10, A♠ 7."""
    rules = variants.get("black-maria")
    assert [rules.value(Card.parse(c)) for c in ("2H", "AH", "QS", "KS", "AS", "JS")] == [
        1,
        1,
        13,
        10,
        7,
        0,
    ]


@pytest.mark.parametrize("players", [3, 4])
def test_black_maria_passes_right_every_hand_and_the_eldest_leads(players: int) -> None:
    """docs/rules.md §6.5: each passes 3 cards to the right every hand; the eldest hand leads."""
    rules = variants.for_players_named("black-maria", players)
    assert [rules.pass_direction(n) for n in range(6)] == [PassDirection.RIGHT] * 6
    game = Game(rules, seed=11)
    rng = random.Random(11)
    while game.hand_number < 6 and not game.is_over:
        game.play(rng.choice(game.legal_moves()), game.to_act)
    dealer, first_card, hands = -1, True, 0
    for event in game.events:
        if isinstance(event, Dealt):
            dealer, first_card, hands = event.dealer, True, hands + 1
            assert event.pass_direction == "right"
        elif isinstance(event, Passed):
            assert event.to == (event.seat - 1) % players
        elif isinstance(event, CardPlayed) and first_card:
            assert event.seat == (dealer + 1) % players
            first_card = False
    assert hands >= 2


def test_black_maria_has_no_moon() -> None:
    """docs/rules.md §6.5 gives Black Maria no moon: taking all 43 scores 43."""
    rules = variants.get("black-maria")
    assert rules.moon is Moon.OFF
    hands = [
        "JS QS KS AS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        "3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2D 3D 4D 5D 6D",
        "7D 8D 9D TD JD QD KD AD 2S 3S 4S 5S 6S 7S 8S 9S TS",
    ]
    deal = Deal.from_hands(rules, hands, dealer=2, pass_direction="hold")
    while not deal.is_over:
        deal.play(deal.legal_moves()[0])  # type: ignore[arg-type]
    assert deal.moon_shooter() is None
    assert deal.penalties() == (43, 0, 0) and deal.points() == (43, 0, 0)


# ----------------------------------------------------------------------------- Spot Hearts


def test_spot_hearts_is_settled_by_howell_with_t_104_zero_sum() -> None:
    """docs/rules.md §5.3, §3.2: net = 104 − N·pips, every hand's nets summing to zero."""
    rules = variants.get("spot")
    assert rules.method is SettlementMethod.HOWELL and rules.penalty_total == 104
    game = Game(rules, seed=5)
    rng = random.Random(5)
    while game.hand_number < 4 and not game.is_over:
        game.play(rng.choice(game.legal_moves()), game.to_act)
    over = [e for e in game.events if isinstance(e, HandOver)]
    settled = [e for e in game.events if isinstance(e, HandSettled)]
    assert len(settled) >= 3
    for hand, settlement in zip(over, settled, strict=False):
        assert sum(hand.penalties) == 104
        assert settlement.deltas == tuple(104 - 4 * pips for pips in hand.penalties)
        assert sum(settlement.deltas) == 0
