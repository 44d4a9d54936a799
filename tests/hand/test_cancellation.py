"""Cancellation Hearts (docs/rules.md §7): two packs, twins cancel, a trick nobody wins is carried."""

from __future__ import annotations

import random

import pytest

from hearts import Cancellation, Card, CardSet, Deal, Game, Rules, variants
from hearts.cards import FULL_PACK, QUEEN_OF_SPADES
from hearts.errors import HeartsError, InvalidRules
from hearts.events import Dealt, HandOver, TrickCarried, TrickWon
from hearts.hand.cancellation import cancelled_in

CANCELLATION = variants.get("cancellation")
EIGHT = variants.for_players(CANCELLATION, 8)
"""Eight players: 13 cards each and no widow, so a hand can be laid out suit by suit."""


def suit_hands(*swaps: tuple[int, str, int, str]) -> list[str]:
    """Eight hands, each one whole suit of one pack (seat 0 the clubs, seat 1 the clubs of the
    second pack, seat 2 the diamonds, ... seat 7 the second hearts), after swapping cards:
    ``(seat, card, other seat, other card)`` exchanges those two cards."""
    ranks = "23456789TJQKA"
    hands = [{f"{rank}{suit}{mark}" for rank in ranks} for suit in "CDSH" for mark in ("", "'")]
    for seat, card, other, other_card in swaps:
        hands[seat].remove(card)
        hands[other].remove(other_card)
        hands[seat].add(other_card)
        hands[other].add(card)
    return [" ".join(sorted(hand)) for hand in hands]


def play_all(deal: Deal, cards: str) -> None:
    for card in cards.split():
        deal.play(card)


# ----------------------------------------------------------------------------- the rules


def test_two_packs_make_a_pack_of_104_and_every_card_has_a_twin() -> None:
    """docs/rules.md §7.1: two 52-card packs shuffled together."""
    assert CANCELLATION.packs == 2 and CANCELLATION.cancellation == Cancellation()
    assert CANCELLATION.pack == FULL_PACK | FULL_PACK << 64
    assert CANCELLATION.pack.bit_count() == 104
    twin = Card.parse("QS'")
    assert twin.copy == 1 and twin & 63 == QUEEN_OF_SPADES


def test_black_lady_penalties_with_two_packs_total_52() -> None:
    """docs/rules.md §7.8: each heart 1, each Q♠ 13 — 52 a deal."""
    assert CANCELLATION.penalty_total == 52
    assert CANCELLATION.value(QUEEN_OF_SPADES) == CANCELLATION.value(Card.parse("QS'")) == 13
    assert CANCELLATION.value(Card.parse("2H'")) == 1


@pytest.mark.parametrize(
    ("players", "each", "widow"),
    [(3, 34, 2), (6, 17, 2), (7, 14, 6), (8, 13, 0), (9, 11, 5), (10, 10, 4), (11, 9, 5)],
)
def test_the_deal_is_even_and_the_leftover_cards_are_the_widow(
    players: int, each: int, widow: int
) -> None:
    """docs/rules.md §7.2 (Bicycle): deal round evenly as far as possible; the rest is a widow (at
    seven with two packs every seat takes cards: nobody sits out)."""
    rules = CANCELLATION.replace(players=players)
    assert rules.hand_size == each and rules.dealt_seats == players
    game = Game(rules, seed=players)
    dealt = game.deal.events[0]
    assert isinstance(dealt, Dealt)
    assert [len(hand) for hand in dealt.hands] == [each] * players
    assert len(dealt.stock) == widow
    assert game.deal.widow == CardSet(dealt.stock) == game.deal.carried
    assert game.deal.stock == []  # nothing is drawn: the widow waits for the first trick
    union = CardSet(dealt.stock)
    for hand in dealt.hands:
        assert not union & hand
        union = union | hand
    assert union.mask == rules.pack


def test_no_pass_and_the_eldest_hand_leads() -> None:
    """docs/rules.md §7.2: no passing; eldest leads."""
    game = Game(CANCELLATION, seed=1)
    assert not CANCELLATION.passes
    assert game.deal.phase.value == "play"
    assert game.deal.to_act == (game.deal.dealer + 1) % 6


def test_more_than_seven_players_need_two_packs_and_law_1_still_says_so() -> None:
    with pytest.raises(InvalidRules, match=r"law 1"):
        Rules(players=8)
    with pytest.raises(InvalidRules, match="three to eleven"):
        CANCELLATION.replace(players=12)
    with pytest.raises(InvalidRules, match="unknown option 'packs' \\(two packs are cancellation="):
        Rules(packs=2)
    with pytest.raises(InvalidRules, match="cancellation clashes with removed"):
        CANCELLATION.replace(removed=("2C",))
    with pytest.raises(InvalidRules, match="cancellation clashes with joker"):
        Rules(players=4, cancellation=Cancellation(), joker={})
    assert CANCELLATION.replace(players=11).hand_size == 9


def test_the_preset_is_played_by_six_to_ten() -> None:
    assert variants.for_players_named("cancellation", 10).players == 10
    with pytest.raises(InvalidRules, match="six to ten players, not five"):
        variants.for_players_named("cancellation", 5)
    with pytest.raises(InvalidRules, match="not eleven"):
        variants.for_players_named("cancellation", 11)


def test_records_of_one_pack_need_no_cancellation_entry_and_two_packs_round_trip() -> None:
    assert "cancellation" not in variants.get("modern").to_dict()
    data = CANCELLATION.to_dict()
    assert data["cancellation"] == {"widow": "first-trick", "unwon_last_trick": "leader"}
    assert Rules.from_dict(data) == CANCELLATION


# ----------------------------------------------------------------------------- cancellation


def test_two_identical_cards_cancel_and_the_next_highest_uncancelled_card_wins() -> None:
    """docs/rules.md §7.3–7.4: A♣ and A♣' cancel; seat 2's K♣ is the highest card left."""
    deal = Deal.from_hands(EIGHT, suit_hands((0, "KC", 2, "2D")))
    play_all(deal, "AC AC' KC 2D' 2S 2S' 2H 4H'")
    won = deal.events[-1]
    assert isinstance(won, TrickWon) and won.seat == 2 and won.leader == 0
    assert deal.tricks[0].winner == 2 and deal.to_act == 2
    assert deal.penalties()[2] == 2


def test_a_low_card_wins_when_every_higher_card_of_the_suit_led_is_cancelled() -> None:
    """docs/rules.md §7.4: two cancelling pairs do not kill the trick (§7.7): the 5♣ takes it."""
    deal = Deal.from_hands(
        EIGHT, suit_hands((0, "KC", 2, "2D"), (1, "KC'", 3, "2D'"), (0, "5C", 4, "2S"))
    )
    play_all(deal, "AC AC' KC KC' 5C 2S' 2H 2H'")
    assert deal.tricks[0].winner == 4 and deal.to_act == 4


def test_an_all_cancelled_trick_carries_its_points_to_the_next_trick_and_its_leader_leads() -> None:
    """docs/rules.md §7.5: nobody wins it; it goes to the winner of the next trick; the same player
    leads again (its points count for that winner)."""
    deal = Deal.from_hands(EIGHT, suit_hands())
    play_all(deal, "AC AC' 2D 3D' QS 4S' 5H 6H'")
    carried = deal.events[-1]
    assert isinstance(carried, TrickCarried)
    assert carried.leader == 0 and carried.points == 15 and carried.seat == -1
    first = deal.tricks[0]
    assert first.winner == -1 and first.points == 15
    assert deal.to_act == deal.leader == 0
    assert deal.penalties() == (0,) * 8
    assert len(deal.carried) == 8
    play_all(deal, "2C KC' 4D 5D' 2S 3S' 7H 8H'")
    won = deal.events[-1]
    assert isinstance(won, TrickWon) and won.seat == 1 and won.points == 17
    assert deal.penalties()[1] == 17
    assert len(deal.taken(1)) == 16 and not deal.carried
    assert deal.tricks_won(1) == 1 and deal.tricks[1].points == 17


def test_a_last_trick_with_no_winner_goes_to_its_leader() -> None:
    """docs/rules.md §7.6 (default): the leader takes it — here every trick cancels, so the leader
    takes all 104 cards."""
    deal = Deal.from_hands(EIGHT, suit_hands())
    for rank in "AKQJT98765432":
        deal.play(f"{rank}C")  # the leader, seat 0, and seat 1 play twins: every trick cancels
        deal.play(f"{rank}C'")
        for _ in range(6):
            deal.play(deal.legal_moves()[0])
    assert deal.is_over
    kinds = [type(event) for event in deal.events if isinstance(event, TrickWon | TrickCarried)]
    assert kinds == [TrickCarried] * 12 + [TrickWon]
    assert deal.tricks[-1].winner == 0 and deal.tricks[-1].points == 52
    assert deal.penalties() == (52, 0, 0, 0, 0, 0, 0, 0)
    over = deal.events[-1]
    assert isinstance(over, HandOver) and over.points == (52, 0, 0, 0, 0, 0, 0, 0)
    assert deal.taken(0).mask == EIGHT.pack
    while deal.moves_made:
        deal.undo()
    assert deal.hand(0) == CardSet.parse(suit_hands()[0]) and not deal.taken(0)
    assert deal.tricks == [] and deal.penalties() == (0,) * 8


def test_the_widow_goes_to_the_winner_of_the_first_trick() -> None:
    """docs/rules.md §7.2 (Bicycle): the leftover cards are added to the first trick."""
    rules = CANCELLATION
    widow = CardSet.parse("QS QS'")
    rest = [card for card in CardSet(rules.pack) if card not in widow]
    hands = [" ".join(str(card) for card in rest[seat::6]) for seat in range(6)]
    deal = Deal.from_hands(rules, hands, stock="QS QS'")
    assert deal.widow == widow == deal.carried
    for _ in range(6):
        deal.play(deal.legal_moves()[0])
    first = deal.tricks[0]
    own = sum(rules.value(card) for card in first.cards)
    assert first.winner >= 0 and first.points == own + 26
    assert deal.penalties()[first.winner] == own + 26
    assert widow <= deal.taken(first.winner) and not deal.carried
    deal.undo()
    assert deal.carried == widow and deal.penalties() == (0,) * 6


def test_a_last_trick_with_no_winner_may_go_to_the_second_of_its_top_pair() -> None:
    """docs/rules.md §7.6 (Grace's option): the seat that played the second of the two highest
    cards takes it: here seat 1, whose A♣ came after seat 0's."""
    rules = EIGHT.replace(cancellation={"unwon_last_trick": "second-of-pair"})
    deal = Deal.from_hands(rules, suit_hands())
    for rank in "AKQJT98765432":
        deal.play(f"{rank}C")
        deal.play(f"{rank}C'")
        for _ in range(6):
            deal.play(deal.legal_moves()[0])
    assert deal.is_over
    assert deal.tricks[-1].winner == 1 and deal.penalties() == (0, 52, 0, 0, 0, 0, 0, 0)
    assert deal.taken(1).mask == rules.pack


def test_the_widow_may_go_with_the_last_trick() -> None:
    """docs/rules.md §7.2 (Parlett): the leftover cards are laid aside and taken with the last trick."""
    rules = CANCELLATION.replace(cancellation=Cancellation(widow="last-trick"))
    widow = CardSet.parse("QS QS'")
    rest = [card for card in CardSet(rules.pack) if card not in widow]
    hands = [" ".join(str(card) for card in rest[seat::6]) for seat in range(6)]
    deal = Deal.from_hands(rules, hands, stock="QS QS'")
    assert deal.widow == widow and not deal.carried
    for _ in range(6):
        deal.play(deal.legal_moves()[0])
    first = deal.tricks[0]
    assert first.points == sum(rules.value(card) for card in first.cards)  # no widow with it
    rng = random.Random(1)
    while not deal.is_over:
        deal.play(rng.choice(deal.legal_moves()))
    last = deal.tricks[-1]
    assert last.points == sum(rules.value(card) for card in last.cards) + 26
    assert widow <= deal.taken(last.winner)
    assert sum(deal.penalties()) == 52
    assert rules.to_dict()["cancellation"]["widow"] == "last-trick"
    assert "widow" not in rules.to_dict()  # Heartsette's widow: none


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        (
            {"cancellation": Cancellation(), "players": 6, "widow": "discard"},
            "widow=discard clashes with cancellation: Heartsette's widow is for one pack",
        ),
        (
            {"cancellation": {}, "players": 6, "widow": "last-trick"},
            "or with the last trick with cancellation.widow=last-trick",
        ),
        ({"cancellation": {"widow": "discard"}}, "cancellation.widow='discard' is not one of"),
        ({"cancellation": {"unwon": "leader"}}, "unknown option 'cancellation.unwon'"),
        (
            {"unwon_last_trick": "second-of-pair"},
            "unknown option 'unwon_last_trick' \\(it is cancellation.unwon_last_trick now",
        ),
    ],
)
def test_the_cancellation_options_refuse_what_they_cannot_mean(
    changes: dict[str, object], words: str
) -> None:
    """Its options exist only in its part (no unwon last trick with one pack); Heartsette's
    widow is refused with it; bad values are named."""
    with pytest.raises(InvalidRules, match=words):
        Rules(**changes)  # type: ignore[arg-type]


def test_a_deal_of_two_packs_refuses_a_widow_that_is_not_the_cards_left_over() -> None:
    rules = CANCELLATION
    rest = [card for card in CardSet(rules.pack) if str(card) not in ("QS", "QS'")]
    hands = [" ".join(str(card) for card in rest[seat::6]) for seat in range(6)]
    with pytest.raises(HeartsError, match="both packs"):
        Deal.from_hands(rules, hands, stock="QS")


# ----------------------------------------------------------------------------- random hands


def _state(deal: Deal) -> tuple[object, ...]:
    seats = range(deal.players)
    return (
        deal.events,
        deal.phase,
        deal.to_act,
        deal.leader,
        tuple(deal.hand(s) for s in seats),
        tuple(deal.taken(s) for s in seats),
        deal.tricks,
        deal.trick,
        deal.penalties(),
        deal.carried,
        deal.moves_made,
    )


CARRYING_SEEDS = {6: (6, 33), 7: (28, 39), 8: (58,)}
"""Seeds whose random hand has a trick nobody wins (they are rare in random play)."""


@pytest.mark.parametrize("players", [3, 6, 7, 8, 9, 10, 11])
def test_cards_are_conserved_and_undo_is_exact_over_random_hands(players: int) -> None:
    """Every card is in one place at every step (hands, tricks, the widow), the hand's
    penalties add to 52, and undoing every move restores every step exactly, carried tricks
    included."""
    rules = variants.for_players(CANCELLATION, players)
    carried_seen = 0
    for seed in [*range(6), *CARRYING_SEEDS.get(players, ())]:
        game = Game(rules, seed=seed)
        deal = game.deal.copy()
        rng = random.Random(seed)
        states = []
        while not deal.is_over:
            states.append(_state(deal))
            played = 0
            for trick in deal.tricks:
                for card in trick.cards:
                    played |= 1 << card
            for _, card in deal.trick:
                played |= 1 << card
            hands = sum(deal.hand(s).mask for s in range(players))
            assert hands & played == 0 and hands & deal.widow.mask == 0
            assert hands | played | deal.widow.mask == rules.pack
            deal.play(rng.choice(deal.legal_moves()))
        assert sum(deal.penalties()) == 52
        assert sum(len(deal.taken(s)) for s in range(players)) == 104
        carried_seen += sum(1 for t in deal.tricks if t.winner < 0)
        while states:
            deal.undo()
            assert _state(deal) == states.pop()
    if players in CARRYING_SEEDS:
        assert carried_seen > 0, "no trick was carried: the test did not meet the rule"


def test_a_game_of_cancellation_ends_at_100_and_lowest_wins() -> None:
    game = Game(CANCELLATION, seed=5)
    rng = random.Random(5)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()), game.to_act)
    scores = game.scores
    assert max(scores) >= 100
    assert game.winners() == (scores.index(min(scores)),)


def test_a_game_with_a_carried_trick_replays_from_its_record_and_verifies() -> None:
    """Events are the truth: a record with a trick nobody won (and the widow in the Dealt
    event's stock) rebuilds the same game, and every deal checks against its commitment."""
    from hearts import record, verify

    game = Game(CANCELLATION, seed=2)
    rng = random.Random(3)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()), game.to_act)
    assert any(isinstance(event, TrickCarried) for event in game.events)
    text = record.dumps(game)
    assert record.dumps(record.loads(text)) == text
    report = verify.verify_text(text)
    assert report.ok and len(report.hands) == game.hand_number + 1


def test_the_readable_account_says_when_nobody_takes_a_trick() -> None:
    """docs/rules.md §7.5 in `hearts replay`: a trick whose led suit is all cancelled has its own line."""
    import random

    from hearts import Game, record, variants

    game = Game(variants.get("cancellation"), seed=6)
    rng = random.Random(6)
    while game.hand_number < 1:
        game.play(rng.choice(game.legal_moves()), game.to_act)
    lines = record.text(game).splitlines()
    carried = [line for line in lines if "nobody takes it" in line]
    assert carried and "Seat 3 leads again" in carried[0]  # (seats counted from 1)
    following = lines[lines.index(carried[0]) + 1]
    assert following.startswith("  Trick 17: Seat 3 leads")


# ----------------------------------------------------------------------------- the views


def twins_on(cards: list[str]) -> set[str]:
    """The cards of ``cards`` (by name) whose twin is among them: read from the names alone
    (``QS`` and ``QS'``), not from the engine."""
    bare = [card.rstrip("'") for card in cards]
    return {card for card, name in zip(cards, bare, strict=True) if bare.count(name) == 2}


def test_cancelled_in_names_each_pair_of_twins_and_nothing_else() -> None:
    cards = [Card.parse(name) for name in ("AC", "KC", "AC'", "2C", "5H", "5H'", "5D")]
    assert cancelled_in(cards) == CardSet.parse("AC AC' 5H 5H'")
    assert cancelled_in([Card.parse(name) for name in ("AC", "KC", "QC'")]) == CardSet()
    assert cancelled_in([]) == CardSet()


def test_the_view_marks_the_pair_on_the_table_once_both_are_played() -> None:
    """A♣ and A♣' cancel: the view says so from the second one on, and nothing before."""
    deal = Deal.from_hands(EIGHT, suit_hands((0, "KC", 2, "2D")))
    deal.play("AC")
    assert deal.view(3).cancelled == CardSet() and deal.public_view().cancelled == CardSet()
    deal.play("AC'")
    for seat in range(8):
        assert deal.view(seat).cancelled == CardSet.parse("AC AC'")
    assert deal.public_view().cancelled == CardSet.parse("AC AC'")
    play_all(deal, "KC 2D' 2S 2S' 2H 4H'")
    assert deal.view(0).cancelled == CardSet()  # (the trick is taken: the table is empty)
    assert deal.tricks[0].winner == 2


@pytest.mark.parametrize("players", [6, 7, 8])
def test_every_view_says_the_twins_on_the_table_at_every_step_and_none_of_them_wins(
    players: int,
) -> None:
    """At each step of random hands (those with a carried trick too), each seat's view and a
    watcher's say the same cancelled cards: those on the table whose twin is there; each trick
    taken is won by a card that is not cancelled, and one nobody took has every card of the suit
    led cancelled."""
    rules = variants.for_players(CANCELLATION, players)
    pairs_seen = 0
    for seed in [*range(3), *CARRYING_SEEDS.get(players, ())]:
        deal = Game(rules, seed=seed).deal.copy()
        rng = random.Random(seed)
        while not deal.is_over:
            table = [str(card) for _, card in deal.trick]
            expected = CardSet.parse(" ".join(sorted(twins_on(table))))
            public = deal.public_view()
            assert public.cancelled == expected
            assert all(deal.view(seat).cancelled == expected for seat in range(players))
            pairs_seen += bool(expected)
            deal.play(rng.choice(deal.legal_moves()))
        for trick in deal.tricks:
            names = [str(card) for card in trick.cards]
            cancelled = twins_on(names)
            assert cancelled_in(trick.cards) == CardSet.parse(" ".join(cancelled))
            led = trick.cards[0].suit
            if trick.winner < 0:
                assert all(str(c) in cancelled for c in trick.cards if c.suit == led)
            elif trick is not deal.tricks[-1]:  # (the last may go to its leader, all cancelled)
                at = [deal.seat_at(trick.leader, i) for i in range(len(trick.cards))]
                winning = trick.cards[at.index(trick.winner)]
                assert str(winning) not in cancelled
    assert pairs_seen > 0, "no pair met on the table: the test did not meet the rule"
