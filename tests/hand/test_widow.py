"""Heartsette (docs/rules.md §5.5), the widow mechanic (hearts.hand.widow): a widow lies face down; the
first trick's winner takes it."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from hearts import CardSet, Deal, Game, variants
from hearts.cards import FULL_PACK, Card
from hearts.deal import Phase
from hearts.errors import IllegalMove, InvalidRules
from hearts.events import Dealt, Discarded
from hearts.moves import Discard, Pass, parse_move

HEARTSETTE = variants.get("heartsette")
TWO_OF_SPADES = Card.parse("2S")

HANDS = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
    "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
]
WIDOW = "AC AD AH"
"""Four hands and the widow: seat 0 (the eldest hand) leads the 2♣ and takes the first trick."""


def after_first_trick(rules: Any = HEARTSETTE) -> Deal:
    deal = Deal.from_hands(rules, HANDS, stock=WIDOW)
    for card in ("2C", "2D", "3S", "2H"):
        deal.play(card)
    return deal


def _state(deal: Deal) -> tuple[Any, ...]:
    return (
        deal.phase,
        deal.to_act,
        tuple(deal.hand(s) for s in range(deal.players)),
        tuple(deal.taken(s) for s in range(deal.players)),
        deal.penalties(),
        tuple(deal.tricks),
        tuple(deal.trick),
        tuple(deal.events),
    )


# ----------------------------------------------------------------------------- the rules


@pytest.mark.parametrize(
    ("players", "pack", "each", "widow"),
    [(3, 51, 16, 3), (4, 51, 12, 3), (5, 52, 10, 2), (6, 52, 8, 4)],
)
def test_three_or_four_lay_aside_the_2s_and_the_rest_after_the_deal_is_the_widow(
    players: int, pack: int, each: int, widow: int
) -> None:
    """docs/rules.md §5.5: 51 cards for three or four, the full pack for five or six; 16, 12, 10 or 8
    each; the rest (3, 3, 2, 4) lie face down as the widow."""
    rules = variants.for_players_named("heartsette", players)
    assert rules.pack.bit_count() == pack and rules.hand_size == each
    assert bool(rules.pack >> TWO_OF_SPADES & 1) == (players > 4)
    game = Game(rules, seed=players)
    dealt = game.deal.events[0]
    assert isinstance(dealt, Dealt)
    assert [len(hand) for hand in dealt.hands] == [each] * players
    assert len(dealt.stock) == widow and game.deal.widow == CardSet(dealt.stock)
    assert game.deal.stock == []  # nothing is drawn from the widow
    union = CardSet(dealt.stock)
    for hand in dealt.hands:
        assert not union & hand
        union = union | hand
    assert union.mask == rules.pack


def test_the_widow_needs_three_to_six_players_and_one_pack() -> None:
    with pytest.raises(InvalidRules, match="widow=discard clashes with players=7"):
        HEARTSETTE.replace(players=7)
    with pytest.raises(InvalidRules, match="widow=discard clashes with cancellation"):
        HEARTSETTE.replace(cancellation={}, players=6)
    with pytest.raises(InvalidRules, match="widow=discard clashes with joker"):
        HEARTSETTE.replace(joker={})
    with pytest.raises(InvalidRules, match="widow=discard clashes with removed"):
        HEARTSETTE.replace(removed=("2C",))
    with pytest.raises(InvalidRules, match="widow='sideways' is not one of"):
        HEARTSETTE.replace(widow="sideways")
    with pytest.raises(InvalidRules, match="Heartsette is played by three to six players"):
        variants.for_players_named("heartsette", 7)


def test_the_preset_is_classic_play_with_sweepstakes_and_records_name_the_widow() -> None:
    classic = variants.get("classic")
    assert HEARTSETTE.replace(widow="none") == classic
    assert HEARTSETTE.to_dict()["widow"] == "discard"
    assert "widow" not in classic.to_dict()  # records of other forms are unchanged
    assert variants.variant("heartsette").players == (3, 4, 5, 6)


# ----------------------------------------------------------------------------- the play


def test_the_eldest_hand_leads_and_the_first_trick_winner_takes_the_widow() -> None:
    deal = Deal.from_hands(HEARTSETTE, HANDS, stock=WIDOW)
    assert deal.phase is Phase.PLAY and deal.to_act == 0
    deal = after_first_trick()
    assert deal.phase is Phase.DISCARD and deal.to_act == 0
    assert CardSet.parse(WIDOW) <= deal.hand(0) and len(deal.hand(0)) == 14
    moves = deal.legal_moves()
    assert len(moves) == 364 and Discard("AC AD AH") in moves  # C(14, 3) ways to choose
    assert all(isinstance(move, Discard) for move in moves[:5])
    assert deal.legal_moves(1) == []


def test_the_discards_count_against_the_seat_that_took_the_widow() -> None:
    """docs/rules.md §5.5 default: the discards are added to his won cards, so hearts are not buried."""
    deal = after_first_trick()
    assert deal.penalties()[0] == 1  # the 2♥ in the first trick
    event = deal.play(parse_move("discard AH KC AD"))
    assert event == Discarded(0, CardSet.parse("AH KC AD"), 1)
    assert deal.penalties()[0] == 2
    assert CardSet.parse("AH KC AD") <= deal.taken(0)
    assert not CardSet.parse("AH KC AD") & deal.hand(0) and len(deal.hand(0)) == 11
    assert deal.phase is Phase.PLAY and deal.to_act == 0 and deal.leader == 0


def test_nobody_else_sees_the_widow_or_the_discards() -> None:
    deal = after_first_trick()
    widow = CardSet.parse(WIDOW)
    for seat in (1, 2, 3):
        view = deal.view(seat)
        assert not view.hand & widow and view.hand_sizes[0] == 14
        dealt = view.events[0]
        assert isinstance(dealt, Dealt) and dealt.stock == ()
    assert widow <= deal.view(0).hand
    deal.play("discard AH KC AD")
    assert deal.view(0).events[-1] == Discarded(0, CardSet.parse("AH KC AD"), 1)
    for seat in (1, 2, 3):
        view = deal.view(seat)
        seen = view.events[-1]
        assert isinstance(seen, Discarded) and seen.cards == CardSet()
        assert view.hand_sizes[0] == 11


def test_with_widow_first_trick_the_widow_goes_with_the_first_trick() -> None:
    """The alternative docs/rules.md §5.5 offers: no discard; the widow is added to the first trick."""
    deal = after_first_trick(HEARTSETTE.replace(widow="first-trick"))
    assert deal.phase is Phase.PLAY and deal.to_act == 0
    assert deal.penalties() == (2, 0, 0, 0)  # the 2♥ and the A♥ of the widow
    assert CardSet.parse(WIDOW) <= deal.taken(0) and len(deal.hand(0)) == 11
    with pytest.raises(IllegalMove, match="nothing to discard"):
        deal.play("discard 3C 4C 5C")


@pytest.mark.parametrize(
    ("move", "seat", "reason"),
    [
        ("discard AC AD", None, "discard exactly 3 cards, as many as the widow, not 2"),
        ("discard AC AD AH KC", None, "not 4"),
        ("discard AC AD 2D", None, "seat 0 does not hold 2♦"),
        ("discard 3D 4D 5D", 1, "it is seat 0's turn, not seat 1's"),
        ("3C", None, "seat 0 took the widow: discard 3 cards first"),
        ("pass 3C 4C 5C", None, "seat 0 took the widow: discard 3 cards first"),
    ],
)
def test_a_bad_discard_is_refused_with_a_reason_and_nothing_changes(
    move: str, seat: int | None, reason: str
) -> None:
    deal = after_first_trick()
    before = _state(deal)
    with pytest.raises(IllegalMove, match=reason):
        deal.play(move, seat)
    assert _state(deal) == before


def test_a_discard_before_the_first_trick_is_refused() -> None:
    deal = Deal.from_hands(HEARTSETTE, HANDS, stock=WIDOW)
    with pytest.raises(IllegalMove, match="only the winner of the first trick discards"):
        deal.play(Discard("2C 3C 4C"))
    assert Pass("2C") not in deal.legal_moves()


def test_undo_takes_back_the_discard_and_the_widow_exactly() -> None:
    deal = Deal.from_hands(HEARTSETTE, HANDS, stock=WIDOW)
    start = _state(deal)
    for card in ("2C", "2D", "3S"):
        deal.play(card)
    before_close = _state(deal)
    deal.play("2H")
    taken = _state(deal)
    deal.play("discard AH KC AD")
    deal.undo()
    assert _state(deal) == taken
    deal.undo()
    assert _state(deal) == before_close
    for _ in range(3):
        deal.undo()
    assert _state(deal) == start


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_cards_are_conserved_and_undo_is_exact_over_random_hands(players: int) -> None:
    rules = variants.for_players_named("heartsette", players)
    for seed in range(4):
        deal = Game(rules, seed=seed).deal.copy()
        rng = random.Random(seed)
        states = []
        while not deal.is_over:
            states.append(_state(deal))
            deal.play(rng.choice(deal.legal_moves()))
        assert sum(deal.penalties()) == 13
        assert sum(len(deal.taken(s)) for s in range(players)) == rules.pack.bit_count()
        assert sum(1 for e in deal.events if isinstance(e, Discarded)) == 1
        while states:
            deal.undo()
            assert _state(deal) == states.pop()


def test_a_game_with_a_discard_replays_from_its_record_and_the_account_says_so() -> None:
    from hearts import record, verify

    game = Game(HEARTSETTE, seed=4)
    rng = random.Random(4)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()), game.to_act)
    assert any(isinstance(event, Discarded) for event in game.events)
    text = record.dumps(game)
    assert record.dumps(record.loads(text)) == text
    assert verify.verify_text(text).ok
    lines = record.text(game).splitlines()
    assert any("takes the widow and discards" in line for line in lines)


def test_the_pack_without_the_widow_is_every_card_but_the_2s() -> None:
    assert HEARTSETTE.pack == FULL_PACK & ~(1 << TWO_OF_SPADES)


# ----------------------------------------------------------------------------- the views

CANCELLATION = variants.get("cancellation")


def cards_seen(value: Any) -> set[Card]:
    """Every card anywhere in a view (its rules left out): its hand, the cards dealt, passed
    and received, the table, the tricks, the events, the moves, the mechanics' fields."""
    found: set[Card] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            found.add(item)
        elif isinstance(item, CardSet):
            found.update(item)
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(
                getattr(item, field.name)
                for field in dataclasses.fields(item)
                if field.name != "rules"
            )
        elif isinstance(item, (tuple, list)) or type(item).__name__ == "PassChoices":
            stack.extend(item)
    return found


def widow_taker(deal: Deal, goes: str) -> int | None:
    """Who has taken the widow, from the deal's own record of play (the referee's view): the
    first trick's winner (discard: once the trick is taken), the first trick won (first-trick:
    tricks nobody won pass it on) or the last trick's winner once the hand is played out."""
    won = [trick.winner for trick in deal.tricks if trick.winner >= 0]
    if goes == "discard":
        return deal.tricks[0].winner if deal.tricks else None
    if goes == "first-trick":
        return won[0] if won else None
    played_out = not any(len(deal.hand(seat)) for seat in range(deal.players))
    return won[-1] if played_out and deal.tricks and deal.tricks[-1].winner >= 0 else None


FORMS = [
    (HEARTSETTE, "discard", 4),
    (HEARTSETTE.replace(players=3), "discard", 3),
    (HEARTSETTE.replace(widow="first-trick"), "first-trick", 5),
    (HEARTSETTE.replace(widow="last-trick", players=6), "last-trick", 6),
    (CANCELLATION, "first-trick", 6),
    (variants.for_players(CANCELLATION, 7), "first-trick", 7),
    (CANCELLATION.replace(cancellation={"widow": "last-trick"}), "last-trick", 6),
]


@pytest.mark.parametrize(("rules", "goes", "players"), FORMS)
def test_every_view_gives_the_widows_size_how_it_goes_and_its_taker_never_its_cards(
    rules: Any, goes: str, players: int
) -> None:
    """At every step of a few random hands of each form, every seat's view and a watcher's
    hold the same widow: its size, how it goes, and its taker once it is taken (None before);
    and no card of the widow is seen by anyone until it is played, but by the seat that took
    it into its hand to discard."""
    rules = rules if rules.players == players else variants.for_players(rules, players)
    taken_seen = 0
    for seed in range(3):
        deal = Game(rules, seed=seed).deal.copy()
        widow = set(deal.widow)
        assert widow, "no widow in this form: the test meets nothing"
        rng = random.Random(seed)
        while True:
            taker = widow_taker(deal, goes)
            played: set[Card] = set()
            for trick in deal.tricks:
                played.update(trick.cards)
            played.update(card for _, card in deal.trick)
            views: list[Any] = [deal.public_view(), *(deal.view(s) for s in range(players))]
            for view in views:
                shown = view.widow
                assert shown is not None
                assert (shown.size, shown.goes, shown.taker) == (len(widow), goes, taker)
                seat = getattr(view, "seat", None)
                if goes == "discard" and seat is not None and seat == taker:
                    continue  # (the widow is in its hand: it sees its own cards)
                leaked = (cards_seen(view) & widow) - played
                assert not leaked, f"seat {seat} sees the widow's {leaked}"
            taken_seen += taker is not None
            if deal.is_over:
                break
            deal.play(rng.choice(deal.legal_moves()))
    assert taken_seen > 0


def test_a_form_without_a_widow_has_none_in_its_views() -> None:
    game = Game(variants.get("modern"), seed=1)
    assert game.view(0).widow is None and game.public_view().widow is None
    assert Game(variants.get("two-handed"), seed=1).public_view().widow is None
