"""The expert's review of a game (hearts.bots.review): marks, twins, the pass, seeds, plies."""

from __future__ import annotations

import dataclasses
import functools
import json
import pickle

import pytest

from hearts import Deal, Game, InvalidArgument, variants
from hearts.bots import BasicBot, ExpertBot, play_game
from hearts.bots import review as review_module
from hearts.bots.basic import pass_ranking
from hearts.bots.expert import MODEL_PASS_POOL
from hearts.bots.review import (
    Decision,
    Position,
    Review,
    assemble,
    judge,
    positions,
    review,
)
from hearts.cards import Card
from hearts.events import move_of
from hearts.moves import Bid, Discard, MoonChoice, NameSuit, Pass
from hearts.rules import Moon
from hearts.scoring import Points

MODERN = variants.get("modern")
ONE_HAND = MODERN.replace(end="deals", deals=1)

# Trick 1: seat 3 leads the 2♣, seat 0 takes it with the A♣. Trick 2: seat 0 leads the 9♠, seat
# 1 plays the Q♠, seat 2 the 4♠; seat 3, last, holds the A♠ and the 3♠ and no other spade.
QUEEN_HANDS = [
    "AC 9S 8C 9C TC 6D 7D 8D 5H 6H 7H 8H KS",
    "3C QS JC QC KC 9D TD JD 9H TH JH 2S 5S",
    "4C 4S QD KD AD QH KH AH 6S 7S 8S TS JS",
    "2C AS 3S 5C 6C 7C 2D 3D 4D 5D 2H 3H 4H",
]


def queen_position(made: str) -> Position:
    """Seat 3, last to the trick with the Q♠ in it, playing ``made``."""
    deal = Deal.from_hands(MODERN, QUEEN_HANDS, pass_direction="hold")
    for card in ["2C", "AC", "3C", "4C", "9S", "QS", "4S"]:
        deal.play(card)
    return Position(deal.view(3), Card.parse(made), 7, 1, 2, "card", False)


@functools.cache
def basic_game(seed: int = 5) -> Game:
    """A one-hand modern game of four basic players."""
    game = Game(ONE_HAND, seed=seed)
    players = [BasicBot(seed=seed * 10 + seat) for seat in range(4)]
    play_game(game, players)
    return game


def test_taking_the_queen_with_the_ace_is_a_blunder_and_the_review_names_the_duck() -> None:
    decision = judge(queen_position("AS"), deals=24, seed=1)
    assert decision is not None
    assert decision.mark == "blunder"
    assert decision.best == Card.parse("3S")
    assert decision.cost >= 13  # (the Q♠'s 13, and the others' share of it)
    assert decision.cost_interval[0] > 3
    assert decision.best_score - decision.made_score == pytest.approx(decision.cost, abs=0.01)
    assert "3♠" in decision.text and "blunder" in decision.text and "estimate" in decision.text


def test_the_best_move_itself_is_never_marked_and_costs_nothing() -> None:
    decision = judge(queen_position("3S"), deals=24, seed=1)
    assert decision is not None
    assert decision.mark is None and decision.cost == 0.0
    assert decision.best == decision.made == Card.parse("3S")


def test_a_card_as_good_as_another_scores_as_its_twin() -> None:
    # Seat 2 at trick 2 of the constructed deal holds the 6♠ 7♠ 8♠ (touching: as good as each
    # other) below the 9♠ led and the Q♠ played: each of the three scores the same, against
    # the same best, at the same cost.
    deal = Deal.from_hands(MODERN, QUEEN_HANDS, pass_direction="hold")
    for card in ["2C", "AC", "3C", "4C", "9S", "QS"]:
        deal.play(card)
    view = deal.view(2)
    judged = []
    for made in ("6S", "7S", "8S"):
        decision = judge(Position(view, Card.parse(made), 6, 1, 2, "card", False), deals=16, seed=3)
        assert decision is not None
        judged.append(decision)
    assert len({(d.made_score, d.best, d.cost, d.cost_interval, d.mark) for d in judged}) == 1


def test_the_experts_own_choices_at_the_same_seed_and_deals_are_not_marked() -> None:
    game = Game(ONE_HAND, seed=8)
    players = [ExpertBot(seed=1, samples=24, value=True, search_pass=True)]
    players += [BasicBot(seed=seat) for seat in (1, 2, 3)]
    play_game(game, players)
    found = review(game, 0, deals=24, seed=1)
    assert found.decisions, "the expert decided something"
    assert [d for d in found.decisions if d.mark] == []
    assert found.lost == 0 and found.summary.startswith("No mistakes found")


def test_a_review_repeats_exactly_for_a_seed_and_a_budget_and_reads_back() -> None:
    game = basic_game()
    one = review(game, 1, deals=8, seed=4)
    two = review(game, 1, deals=8, seed=4)
    assert one == two
    data = json.loads(json.dumps(one.to_dict()))
    assert Review.from_dict(data) == one
    assert data["decisions"][0]["made"] == str(one.decisions[0].made)
    other = review(game, 1, deals=8, seed=5)
    assert [d.made_score for d in other.decisions] != [d.made_score for d in one.decisions]


def test_forced_moves_are_skipped_and_counted() -> None:
    game = basic_game()
    found = positions(game, 2)
    forced = [position for position in found if position.forced]
    assert forced, "a hand has forced moves (the last trick's card at least)"
    assert all(judge(position, deals=4, seed=0) is None for position in forced)
    done = review(game, 2, deals=4, seed=0)
    assert len(done.decisions) + done.forced + done.unweighed == len(found)
    assert done.forced == len(forced) and done.unweighed == 0  # (a modern hand: all weighed)
    assert {d.ply for d in done.decisions}.isdisjoint(p.ply for p in forced)
    assert f"({len(forced)} forced)" in done.summary and "not weighed" not in done.summary


@functools.cache
def auction_game(seed: int = 2) -> Game:
    """A one-hand auction game of four basic players (bids and a suit named)."""
    game = Game(variants.get("auction").replace(end="deals", deals=1), seed=seed)
    players = [BasicBot(seed=seed * 10 + seat) for seat in range(4)]
    play_game(game, players)
    return game


def test_bids_and_a_suit_named_are_counted_as_not_weighed_apart_from_the_forced() -> None:
    game = auction_game()
    for seat in range(4):
        found = positions(game, seat)
        unweighed = [p for p in found if not p.forced and not p.weighed]
        if unweighed:
            break
    assert unweighed, "somebody bid with a choice"
    assert all(p.kind == "bid" for p in unweighed)
    assert all(judge(p, deals=4, seed=0) is None for p in unweighed)
    done = review(game, seat, deals=4, seed=0)
    assert done.unweighed == len(unweighed)
    assert done.forced == sum(1 for p in found if p.forced)
    assert len(done.decisions) + done.forced + done.unweighed == len(found)
    assert "not weighed: the expert plays" in done.summary
    assert "bid" in done.summary.split("not weighed")[0]
    named = {p.ply for p in found if p.kind == "suit" and not p.forced}
    assert named <= {d.ply for d in done.decisions if d.kind == "suit"}  # (the suit: weighed)
    assert Review.from_dict(json.loads(json.dumps(done.to_dict()))) == done


def test_a_review_stored_before_the_count_apart_reads_back_with_none_unweighed() -> None:
    data = review(basic_game(), 0, deals=4, seed=0).to_dict()
    del data["unweighed"]
    assert Review.from_dict(data).unweighed == 0


def test_the_summary_says_what_was_not_weighed_and_why() -> None:
    fine = assemble(0, 48, 1, [], 9, unweighed=["bid", "bid", "suit"])
    assert fine.forced == 9 and fine.unweighed == 3
    assert fine.summary == (
        "No mistakes found in no decisions weighed (9 forced; 2 bids and 1 suit named not "
        "weighed: the expert plays them by rules of thumb). An estimate, from 48 imagined "
        "deals a decision."
    )
    blunder = Decision(
        9, 1, 2, "card", Card.parse("KS"), Card.parse("2S"), 0.0, (-1.0, 1.0),
        3.5, (2.5, 4.5), 3.5, (2.0, 5.0), "blunder", "",
    )  # fmt: skip
    marked = assemble(0, 48, 1, [blunder], 9, unweighed=["moon"])
    assert marked.summary == (
        "About 3.5 points lost in one decision; the costliest: playing the K♠ in hand 1, "
        "trick 2. 1 moon choice not weighed: the expert plays it by rules of thumb. "
        "An estimate, from 48 imagined deals a decision."
    )


def test_a_pass_outside_the_experts_pool_is_judged_against_the_pool() -> None:
    game = Game(MODERN, seed=11)
    view = game.view(0)
    pool = pass_ranking(view)[:MODEL_PASS_POOL]
    outside = [card for card in view.hand if card not in pool][:3]
    made = Pass(outside)
    decision = judge(Position(view, made, 0, 1, None, "pass", False), deals=16, seed=2)
    assert decision is not None and decision.kind == "pass" and decision.made == made
    assert isinstance(decision.best, Pass)
    assert decision.best != made and set(decision.best.cards) <= set(pool)
    assert "passed" in decision.text


def test_each_decisions_ply_is_the_index_of_its_move_among_the_games_moves() -> None:
    game = basic_game()
    moves = [move for index, event in enumerate(game.events) if (move := move_of(event, index))]
    for seat in range(4):
        for position in positions(game, seat):
            assert moves[position.ply] == (seat, position.made)
    done = review(game, 3, deals=4, seed=0)
    assert all(moves[d.ply] == (3, d.made) for d in done.decisions)
    assert all((d.trick is None) == (d.kind == "pass") for d in done.decisions)


def test_positions_pickle_for_a_pool_of_processes() -> None:
    position = positions(basic_game(), 0)[0]
    assert pickle.loads(pickle.dumps(position)) == position


def test_bad_budgets_and_seats_are_refused_in_a_sentence() -> None:
    with pytest.raises(InvalidArgument, match="deals must be a whole number of at least 4"):
        judge(queen_position("AS"), deals=2, seed=0)
    with pytest.raises(InvalidArgument, match="seat must be 0 to 3"):
        positions(basic_game(), 4)


def test_the_summary_names_the_costliest_and_says_it_is_an_estimate() -> None:
    pass_mistake = Decision(
        3, 3, None, "pass", Pass("AS 4D 2C"), Pass("QS 4D 2C"), -5.0, (-6.0, -4.0),
        -1.0, (-2.0, 0.0), 4.0, (3.2, 4.8), "blunder", "",
    )  # fmt: skip
    card_mistake = Decision(
        9, 4, 2, "card", Card.parse("KS"), Card.parse("2S"), 0.0, (-1.0, 1.0),
        3.5, (2.5, 4.5), 3.5, (2.0, 5.0), "blunder", "",
    )  # fmt: skip
    fine = Decision(
        12, 4, 3, "card", Card.parse("3H"), Card.parse("3H"), 1.0, (0.0, 2.0),
        1.0, (0.0, 2.0), 0.0, (0.0, 0.0), None, "",
    )  # fmt: skip
    done = assemble(0, 400, 1, [card_mistake, fine, pass_mistake], 40)
    assert done.summary == (
        "About 7.5 points lost in two decisions; the costliest: passing the A♠ in hand 3. "
        "An estimate, from 400 imagined deals a decision."
    )
    assert [d.ply for d in done.decisions] == [3, 9, 12] and done.lost == 7.5


def test_data_that_is_not_a_review_is_refused_in_a_sentence() -> None:
    data = review(basic_game(), 0, deals=4, seed=0).to_dict()
    with pytest.raises(InvalidArgument, match="not a review"):
        Review.from_dict({**data, "seat": None})
    wrong = {**data["decisions"][0], "mark": "brilliant"}
    with pytest.raises(InvalidArgument, match="no such mark 'brilliant'"):
        Review.from_dict({**data, "decisions": [wrong]})
    with pytest.raises(InvalidArgument, match="not a review's decision"):
        Review.from_dict({**data, "decisions": [{**wrong, "made": "pass zz"}]})


def test_a_large_budget_is_judged_in_batches_to_the_same_result(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    whole = judge(queen_position("AS"), deals=12, seed=5)
    monkeypatch.setattr(review_module, "CHUNK", 5)  # (12 deals: batches of 5, 5 and 2)
    batched = judge(queen_position("AS"), deals=12, seed=5)
    assert whole is not None and batched is not None
    assert batched.best == whole.best and batched.mark == whole.mark
    assert batched.cost == pytest.approx(whole.cost, abs=1e-6)
    assert batched.cost_interval == pytest.approx(whole.cost_interval, abs=1e-6)


# Auction Hearts: seat 0 bids 5, the others pass, and seat 0 names the suit to avoid.
AUCTION_HANDS = [
    "AS KS QS JS TS 9S AH KH QH 2C 3C 4C 5C",
    "8S 7S 6S 5S 2H 3H 4H 5H 6H 6C 7C 8C 9C",
    "4S 3S 2S 7H 8H 9H TH JH TC JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
]


def naming_position(suit: str) -> Position:
    """Seat 0, having won the auction, naming ``suit`` as the suit to avoid."""
    deal = Deal.from_hands(variants.get("auction"), AUCTION_HANDS, pass_direction="hold")
    for bid in (5, 0, 0, 0):
        deal.play(Bid(bid))
    assert deal.to_act == 0 and NameSuit(suit) in deal.legal_moves()
    return Position(deal.view(0), NameSuit(suit), 4, 1, None, "suit", False)


def test_a_suit_named_is_weighed_a_clearly_bad_one_marked_the_best_not() -> None:
    bad = judge(naming_position("c"), deals=16, seed=1)
    assert bad is not None and bad.kind == "suit" and bad.made == NameSuit("c")
    assert bad.best != bad.made and bad.mark is not None and bad.cost_interval[0] > 0
    assert "you named ♣ clubs as the suit to avoid" in bad.text and "counters better" in bad.text
    best = judge(naming_position(str(bad.best)[5]), deals=16, seed=1)
    assert best is not None and best.mark is None and best.cost == 0 and best.best == best.made
    assert best.text.endswith("the expert found nothing better in 16 imagined deals.")


# Seat 0 holds every club and leads them all: the others throw every card on its tricks.
MOON_HANDS = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "2H 3H 4H 5H 6H 7H 8H 9H TH 2D 3D 4D 5D",
    "JH QH KH AH QS 6D 7D 8D 9D TD JD QD KD",
    "AD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS AS",
]


def test_the_moon_choice_is_scored_exactly_and_both_are_worth_the_same_so_never_marked() -> None:
    rules = MODERN.replace(settlement=Points(moon=Moon.CHOICE))
    deal = Deal.from_hands(rules, MOON_HANDS, pass_direction="hold")
    while deal.to_act is not None and deal.phase.value == "play":
        deal.play(deal.legal_moves()[0])
    assert deal.to_act == 0 and set(deal.legal_moves()) == {MoonChoice.OLD, MoonChoice.NEW}
    view = deal.view(0)
    judged = [
        judge(Position(view, made, 52, 1, None, "moon", False), deals=8, seed=seed)
        for made in (MoonChoice.OLD, MoonChoice.NEW)
        for seed in (1, 2)
    ]
    for decision in judged:
        assert decision is not None and decision.kind == "moon"
        assert decision.mark is None and decision.cost == 0 and decision.best == decision.made
        assert decision.made_score == decision.best_score == 26.0  # (exact: no interval)
        assert decision.made_interval == (26.0, 26.0)
        assert "scored exactly" in decision.text and "moon" in decision.text


@functools.cache
def heartsette_discard() -> Position:
    """Seat 1's discard after taking the widow, in a Heartsette game of four basic players."""
    game = Game(variants.get("heartsette").replace(end="deals", deals=1), seed=3)
    players = [BasicBot(seed=30 + seat) for seat in range(4)]
    play_game(game, players)
    return next(p for p in positions(game, 1) if p.kind == "discard" and p.weighed)


def test_a_discard_is_weighed_a_clearly_bad_one_marked_the_best_not() -> None:
    position = heartsette_discard()
    assert position.made == Discard("AC QD KD")  # (the hand: 5♣ A♣ 2♦ … K♦ 3♥ 8♥ 10♥ K♥)
    hearts = dataclasses.replace(position, made=Discard("3H 8H TH"))  # (they count against)
    bad = judge(hearts, deals=16, seed=1)
    assert bad is not None and bad.kind == "discard" and bad.mark == "blunder"
    assert isinstance(bad.best, Discard) and bad.best != bad.made
    assert bad.text.startswith("Hand 1: you discarded 3♥ 8♥ 10♥; discarding ")
    good = judge(position, deals=16, seed=1)
    assert good is not None and good.mark is None and good.cost == 0
    assert good.text.endswith("the expert found nothing better in 16 imagined deals.")
