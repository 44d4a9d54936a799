"""A whole game: hands in sequence, settlement, the end (docs/rules.md §3, §3.4, §6.4)."""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import pickle
import random
from pathlib import Path

import pytest

from hearts import Game, IllegalMove, InvalidArgument, Move, record, table, variants
from hearts.cards import FULL_PACK, cards_of
from hearts.events import (
    DealerCut,
    Dealt,
    Event,
    GameOver,
    HandSettled,
    ShuffleCommitted,
    move_of,
)
from hearts.rules import GameEnd, SettlementMethod


def play_hand(game: Game, rng: random.Random) -> None:
    number = game.hand_number
    while game.hand_number == number and not game.is_over:
        game.play(rng.choice(game.legal_moves()), game.to_act)


def play_out(game: Game, seed: int = 0) -> Game:
    rng = random.Random(seed)
    while not game.is_over:
        play_hand(game, rng)
    return game


def test_law_9_the_deal_passes_to_the_left() -> None:
    """Law 9: after every hand the deal passes to the left."""
    game = play_out(Game(variants.get("classic"), seed=1, dealer=2))
    dealers = [deal.dealer for deal in game.hands]
    assert dealers[:5] == [2, 3, 0, 1, 2]


def test_the_same_seed_gives_the_same_deals() -> None:
    """Deals are reproducible from a seed."""
    first = [e for e in play_out(Game(variants.get("modern"), seed=5), 3).events]
    second = [e for e in play_out(Game(variants.get("modern"), seed=5), 3).events]
    assert first == second
    other = Game(variants.get("modern"), seed=6)
    assert other.events[0] != first[0]


def test_modern_game_ends_when_a_seat_reaches_the_target_lowest_wins() -> None:
    """docs/rules.md §6.4: the game ends after the hand in which anyone reaches 100; lowest wins."""
    for seed in range(5):
        game = play_out(Game(variants.get("modern"), seed=seed), seed)
        settled = [e for e in game.events if isinstance(e, HandSettled)]
        assert max(settled[-1].totals) >= 100
        for e in settled[:-1]:  # earlier hands: nobody at 100, or a tie for lowest played on
            assert max(e.totals) < 100 or e.totals.count(min(e.totals)) > 1
        low = min(game.scores)
        assert game.winners() == (game.scores.index(low),)
        assert list(game.scores).count(low) == 1
        assert isinstance(game.events[-1], GameOver)


def test_target_is_configurable() -> None:
    """docs/rules.md §6.4: play to 50 instead of 100."""
    game = play_out(Game(variants.get("modern").replace(target=50), seed=2))
    assert 50 <= max(game.scores) < 100 + 26


def test_moon_points_reach_the_scores() -> None:
    """docs/rules.md §6.4: the hand's points (the moon included) add to each seat's total."""
    game = Game(variants.get("modern"), seed=3)
    rng = random.Random(3)
    play_hand(game, rng)
    settled = next(e for e in game.events if isinstance(e, HandSettled))
    assert settled.deltas == game.hands[0].points() == settled.totals


def test_sweepstakes_jack_carries_and_is_fed_until_won() -> None:
    """Law 29: a pool not won stays as a Jack, fed by each hand's payments until won."""
    rules = variants.get("classic")
    for seed in range(40):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        settled: list[HandSettled] = []
        while not game.is_over and len(settled) < 30:
            play_hand(game, rng)
            settled = [e for e in game.events if isinstance(e, HandSettled)]
        for before, after in itertools.pairwise(settled):
            if before.jack:
                penalties = game.hands[after.hand_number].penalties()
                clear = [s for s, p in enumerate(penalties) if p == 0]
                if len(clear) == 1:
                    assert after.pool == 0 and not after.jack
                    assert after.deltas[clear[0]] == before.pool + 13
                    return
                assert after.pool == before.pool + 13 and after.jack
    pytest.fail("no Jack was won in 40 seeded games")


def test_counters_are_conserved_in_the_ledger_and_pool() -> None:
    """docs/rules.md §3: settlement moves counters between seats and the pool, never makes them."""
    for name in (
        "classic",
        "howell",
        "simple",
        "three-handed",
        "two-handed",
        "classic-5",
        "classic-6",
        "classic-7",
        "hoyle-gain",
    ):
        rules = variants.get(name)
        game = play_out(Game(rules, seed=4), 4)
        assert sum(game.ledger) + game.pool == rules.players * rules.start_counters, name


def test_hoyle_game_of_points_first_to_lose_all_loses() -> None:
    """docs/rules.md §3.4 (a): all start equal; the first to lose all his points ends the game."""
    rules = variants.get("classic")
    assert rules.end is GameEnd.BANKRUPT and rules.start_counters == 50
    game = play_out(Game(rules, seed=8), 8)
    settled = [e for e in game.events if isinstance(e, HandSettled)]
    assert min(settled[-1].totals) <= 0 and all(min(e.totals) > 0 for e in settled[:-1])
    assert game.winners() == (game.ledger.index(max(game.ledger)),)


def test_hoyle_game_of_points_first_to_win_the_agreed_number_wins() -> None:
    """docs/rules.md §3.4 (b): the first to win an agreed number of points wins."""
    rules = variants.get("hoyle-gain")
    game = play_out(Game(rules, seed=8), 8)
    assert max(game.ledger) - rules.start_counters >= rules.target
    settled = [e for e in game.events if isinstance(e, HandSettled)]
    assert all(max(e.totals) - rules.start_counters < rules.target for e in settled[:-1])


def test_each_deal_a_game_in_itself() -> None:
    """Hoyle 1913: "each deal is a game in itself" (end=deals, deals=1); seats tied for the
    most counters share the win."""
    shared = 0
    for seed in range(10):
        game = play_out(Game(variants.get("simple"), seed=seed), seed)
        assert len(game.hands) == 1
        best = max(game.ledger)
        assert game.winners() == tuple(s for s, total in enumerate(game.ledger) if total == best)
        shared += len(game.winners()) > 1
    assert shared  # the seeds include a shared win


def test_first_to_lose_all_ends_the_game_even_when_the_richest_tie() -> None:
    """docs/rules.md §3.4 (a): the first seat to lose all its counters loses; the game is over then,
    and seats tied for the most share the win."""
    for seed in range(60):
        game = play_out(Game(variants.get("classic"), seed=seed), seed)
        settled = [e for e in game.events if isinstance(e, HandSettled)]
        assert min(settled[-1].totals) <= 0
        assert all(min(e.totals) > 0 for e in settled[:-1])
        best = max(game.ledger)
        assert game.winners() == tuple(s for s, total in enumerate(game.ledger) if total == best)


def test_seven_at_the_table_dealer_sits_out_and_neither_pays_nor_collects() -> None:
    """docs/rules.md §4.5: the dealer takes no cards; the sitting-out dealer is not settled."""
    game = Game(variants.get("classic-7"), seed=3)
    rng = random.Random(3)
    for _ in range(3):
        deal = game.deal
        assert len(deal.hand(deal.dealer)) == 0 and deal.dealer not in deal.seats
        play_hand(game, rng)
        settled = [e for e in game.events if isinstance(e, HandSettled)][-1]
        assert settled.deltas[deal.dealer] == 0


def test_howell_settles_each_hand_zero_sum() -> None:
    """docs/rules.md §3.2: net T − N·h for each seat; the pool always empties."""
    game = Game(variants.get("howell"), seed=2)
    play_hand(game, random.Random(2))
    penalties = game.hands[0].penalties()
    settled = next(e for e in game.events if isinstance(e, HandSettled))
    assert settled.deltas == tuple(13 - 4 * p for p in penalties)
    assert settled.pool == 0


def test_undo_crosses_back_into_the_previous_hand() -> None:
    """Undo reaches back past a settlement: scores and the next deal are as they were."""
    game = Game(variants.get("modern"), seed=9)
    rng = random.Random(9)
    play_hand(game, rng)
    events = game.events
    scores = game.scores
    game.undo()
    assert game.hand_number == 0 and not game.deal.is_over
    assert game.scores == (0, 0, 0, 0)
    game.play(game.legal_moves()[0])
    assert game.scores == scores and game.events == events


def test_undo_after_the_game_is_over_reopens_it() -> None:
    game = play_out(Game(variants.get("simple"), seed=1))
    events = game.events
    game.undo()
    assert not game.is_over and game.winners() == ()
    game.play(game.legal_moves()[0])
    assert game.is_over and game.events == events


def test_no_moves_after_the_game_is_over() -> None:
    game = play_out(Game(variants.get("simple"), seed=1))
    with pytest.raises(IllegalMove, match="the game is over"):
        game.play("2C")
    assert game.legal_moves() == []


def test_first_hand_cannot_be_undone_before_any_move() -> None:
    game = Game(variants.get("modern"), seed=1)
    with pytest.raises(IllegalMove, match="nothing to undo"):
        game.undo()


def test_every_hand_starts_with_a_dealt_event() -> None:
    game = play_out(Game(variants.get("howell"), seed=1))
    dealt = [e for e in game.events if isinstance(e, Dealt)]
    assert len(dealt) == len(game.hands)
    assert [e.hand_number for e in dealt] == list(range(len(game.hands)))


def test_points_game_total_is_the_sum_of_hand_points() -> None:
    game = play_out(Game(variants.get("modern"), seed=12), 12)
    assert game.scores == tuple(sum(d.points()[s] for d in game.hands) for s in range(4))
    assert game.rules.method is SettlementMethod.POINTS


def test_a_refused_cut_for_the_next_hand_changes_nothing() -> None:
    """Dealing law 8 and "bad input changes nothing": when the next hand cannot be dealt, the
    last move of the hand is taken back, and the game goes on once the cut is lawful."""
    cuts = {1: 2}

    def pone(seat: int, size: int, hand: int, suggested: int) -> int | None:
        return cuts.get(hand, suggested)

    game = Game(variants.get("classic").replace(end="deals", deals=3), seed=1, pone=pone)
    rng = random.Random(1)
    while len(game.deal.legal_moves()) and game.deal.moves_made < 51:
        game.play(rng.choice(game.legal_moves()))
    before = (game.events, game.scores, game.pool, game.deal.hand(game.to_act))
    last = game.legal_moves()[0]
    with pytest.raises(IllegalMove, match="at least four cards in each packet"):
        game.play(last)
    assert (game.events, game.scores, game.pool, game.deal.hand(game.to_act)) == before
    assert game.hand_number == 0 and not game.is_over
    cuts.clear()
    game.play(last)
    assert game.hand_number == 1


@pytest.mark.parametrize(
    ("rules", "kwargs", "message"),
    [
        ("modern", {}, r"^a game needs Rules, not str$"),
        (None, {"seed": 1.5}, r"^seed=1.5 must be a whole number$"),
        (None, {"seed": True}, r"^seed=True must be a whole number$"),
        (None, {"seed": "x"}, r"^seed='x' must be a whole number$"),
        (None, {"rng": "x"}, r"^rng must be a random.Random, not str$"),
        (None, {"seed": 1, "rng": random.Random(1)}, r"^give a game a seed or a generator, not"),
        (None, {"seed": 1, "deals": [5]}, r"^deals must be recorded Dealt \(and DealerCut\)"),
        (None, {"seed": 1, "deals": "dealt"}, r"^deals must be recorded Dealt"),
        (None, {"seed": 1, "pone": 3}, r"^pone must be a function that chooses the cut$"),
        (None, {"seed": 1, "dealer": 2, "cut_for_deal": True}, r"^give a first dealer or cut"),
        (None, {"seed": 1, "cut_for_deal": "yes"}, r"^cut_for_deal must be True or False"),
        (None, {"seed": 1, "dealer": 4}, r"^dealer=4 is not a seat: seats are 0 to 3$"),
        (None, {"seed": 1, "dealer": 9}, r"^dealer=9 is not a seat: seats are 0 to 3$"),
        (None, {"seed": 1, "dealer": -1}, r"^dealer=-1 is not a seat"),
        (None, {"seed": 1, "dealer": "0"}, r"^dealer='0' is not a seat"),
    ],
)
def test_bad_game_options_are_bad_arguments_not_moves(
    rules: object, kwargs: dict[str, object], message: str
) -> None:
    """A game's options that it cannot take are InvalidArgument, one sentence each."""
    given = variants.get("classic") if rules is None else rules
    with pytest.raises(InvalidArgument, match=message):
        Game(given, **kwargs)  # type: ignore[arg-type]


def test_recorded_deals_that_are_not_this_games_deals_are_bad_arguments() -> None:
    """Deals given to a game must be its own: the dealer and hand number, and a lawful cut."""
    rules = variants.get("classic")
    dealt = Game(rules, seed=1).events[1]
    assert isinstance(dealt, Dealt)
    with pytest.raises(
        InvalidArgument, match=r"^deals\[0\] is dealt by seat 0 as hand 1, but hand 1"
    ):
        Game(rules, rng=random.Random(1), dealer=1, deals=[dealt])
    with pytest.raises(InvalidArgument, match=r"^deals\[0\]: a cut must leave at least four cards"):
        Game(rules, rng=random.Random(1), deals=[dataclasses.replace(dealt, cut=2)])


def test_a_pone_cut_that_is_not_a_number_is_a_bad_argument_and_changes_nothing() -> None:
    """The pone's function returning something other than a number of cards or None: refused
    in a sentence, the hand just played taken back."""
    answers: dict[int, object] = {1: "ten"}

    def pone(seat: int, size: int, hand: int, suggested: int) -> int | None:
        return answers.get(hand, suggested)  # type: ignore[return-value]

    game = Game(variants.get("classic").replace(end="deals", deals=2), seed=1, pone=pone)
    rng = random.Random(1)
    while game.deal.moves_made < 51:
        game.play(rng.choice(game.legal_moves()))
    before = (game.events, game.scores, game.pool)
    last = game.legal_moves()[0]
    with pytest.raises(InvalidArgument, match=r"^the pone cuts a number of cards \(or None"):
        game.play(last)
    assert (game.events, game.scores, game.pool) == before and game.hand_number == 0
    answers.clear()
    game.play(last)
    assert game.hand_number == 1


def _moves(game: Game, count: int) -> list[tuple[int, Move]]:
    """Play ``count`` moves (the first legal one each time), returning them as (seat, move)."""
    moves: list[tuple[int, Move]] = []
    for _ in range(count):
        seat = game.to_act
        assert seat is not None
        move = game.legal_moves()[0]
        game.play(move, seat)
        moves.append((seat, move))
    return moves


def test_replay_rebuilds_the_game_from_its_moves() -> None:
    game = Game(variants.get("classic"), seed=4, dealer=2)
    moves = _moves(game, 10)
    assert Game.replay(game.rules, 4, moves, dealer=2).events == game.events
    cut = Game(variants.get("classic"), seed=4, cut_for_deal=True)
    moves = _moves(cut, 5)
    assert Game.replay(cut.rules, 4, moves, cut_for_deal=True).events == cut.events


@pytest.mark.parametrize(
    ("moves", "kwargs", "message"),
    [
        ("1 AS", {}, r"^moves must be a sequence of \(seat, move\) pairs, not '1 AS'$"),
        (5, {}, r"^moves must be a sequence of \(seat, move\) pairs, not 5$"),
        ([(1, "AS", 2)], {}, r"^move 1 must be a \(seat, move\) pair, not \(1, 'AS', 2\)$"),
        (["AS"], {}, r"^move 1 must be a \(seat, move\) pair, not 'AS'$"),
        ([("AS", 1)], {}, r"^move 1 \('AS', 1\) must be a \(seat, move\) pair: the seat first$"),
        ([], {"dealer": 2, "cut_for_deal": True}, r"^give a first dealer or cut for deal, not"),
        ([], {"dealer": 7}, r"^dealer=7 is not a seat"),
    ],
)
def test_replay_refuses_arguments_it_cannot_take(
    moves: object, kwargs: dict[str, object], message: str
) -> None:
    """Game.replay's arguments are checked before any game is made: InvalidArgument."""
    with pytest.raises(InvalidArgument, match=message):
        Game.replay(variants.get("classic"), 4, moves, **kwargs)  # type: ignore[arg-type]


def test_replay_numbers_the_move_refused_and_keeps_its_kind() -> None:
    """A move the rules do not allow is an IllegalMove; any other refusal keeps its own kind
    (a bad argument stays one); both say which move, from 1."""
    rules = variants.get("classic")
    game = Game(rules, seed=4)
    moves = _moves(game, 3)
    seat = game.to_act
    assert seat is not None
    wrong = (seat + 1) % 4
    with pytest.raises(
        IllegalMove, match=rf"^move 4 \({wrong}: .*\) is illegal: it is seat {seat}"
    ):
        Game.replay(rules, 4, [*moves, (wrong, game.legal_moves()[0])])

    class Refusing(Game):
        """A game that refuses the text "odd" as a bad argument (as a value no move is)."""

        def play(self, move: Move | int | str, seat: int | None = None) -> Event:
            if move == "odd":
                raise InvalidArgument("'odd' is not a move")
            return super().play(move, seat)

    with pytest.raises(InvalidArgument, match=rf"^move 4 \({seat}: 'odd'\): 'odd' is not a move$"):
        Refusing.replay(rules, 4, [*moves, (seat, "odd")])  # type: ignore[list-item]


def test_the_repr_numbers_hands_from_1_as_people_do() -> None:
    """hand_number stays 0-based in the API; what a person reads says Hand 1 for the first."""
    game = Game(variants.get("modern"), seed=1)
    assert game.hand_number == 0
    assert repr(game).startswith("<Game of 4: hand 1, totals ")
    assert repr(game.deal).startswith("<Deal hand 1 of 4 players: ")


# --- hand seeds (Game(hand_seeds=True)): each hand from a seed of its own ----------------------


def _fingerprint(game: Game, seed: int, moves: int = 120) -> str:
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()), game.to_act)
    return hashlib.sha256(record.dumps(game).encode()).hexdigest()[:16]


@pytest.mark.parametrize(
    ("preset", "seed", "cut", "digest"),
    [
        # Digests of the records these games wrote before hand seeds existed.
        ("modern", 1, False, "e946897954b4c79a"),
        ("classic", 2, True, "f04e604591cdb365"),
        ("two-handed", 3, False, "f8a192d6ee3cd8fc"),
        ("cancellation", 4, False, "bcffb33bf546a508"),
        ("auction", 5, True, "fcd8b82e06d6d6c7"),
        ("heartsette", 6, False, "0528fd2ec7724b7c"),
    ],
)
def test_without_hand_seeds_a_game_deals_and_records_exactly_as_before(
    preset: str, seed: int, cut: bool, digest: str
) -> None:
    rules = variants.get(preset)
    assert _fingerprint(Game(rules, seed, cut_for_deal=cut), seed) == digest
    assert _fingerprint(Game(rules, seed, cut_for_deal=cut, hand_seeds=False), seed) == digest


def _through_hands(game: Game, hands: int, seed: int = 0) -> Game:
    rng = random.Random(seed)
    while not game.is_over and game.hand_number < hands:
        game.play(rng.choice(game.legal_moves()), game.to_act)
    return game


def test_each_hand_is_shuffled_and_committed_from_its_own_seed_alone() -> None:
    game = _through_hands(Game(variants.get("modern"), seed=11, hand_seeds=True), 3)
    seeds = [game.hand_seed(n) for n in range(4)]
    assert len(set(seeds)) == 4 and all(table.is_hand_seed(s) for s in seeds)
    commitments = [e for e in game.events if isinstance(e, ShuffleCommitted)]
    for event in commitments:
        n = event.hand_number
        own = seeds[n]
        deck, _ = table.shuffle_pack(game.rules.pack, table.seeded_rng(own))
        assert table.commit(deck, table.hand_seed_salt(own, n), n) == event.commitment
        other = seeds[(n + 1) % 4]  # another hand's seed proves nothing of this hand
        deck, _ = table.shuffle_pack(game.rules.pack, table.seeded_rng(other))
        assert table.commit(deck, table.hand_seed_salt(other, n), n) != event.commitment
    # The same seed deals the same game; the option deals other hands than one generator.
    again = _through_hands(Game(variants.get("modern"), seed=11, hand_seeds=True), 3)
    assert again.events == game.events
    plain = Game(variants.get("modern"), seed=11)
    assert plain.hands[0].events[0] != game.hands[0].events[0]


def test_with_hand_seeds_each_hand_is_dealt_from_its_seed_and_cut_as_suggested() -> None:
    game = _through_hands(Game(variants.get("classic"), seed=8, hand_seeds=True), 2)
    for number, deal in enumerate(game.hands):
        dealt = deal.events[0]
        deck, suggested = table.shuffle_pack(
            game.rules.pack, table.seeded_rng(game.hand_seed(number))
        )
        assert isinstance(dealt, Dealt) and dealt.cut == suggested
        hands, _ = table.deal_out(
            table.cut(deck, suggested), players=4, dealer=dealt.dealer, hand_size=13
        )
        assert [set(h) for h in hands] == [set(h) for h in dealt.hands]


def test_with_hand_seeds_the_cut_for_deal_draws_from_its_own_seed() -> None:
    game = Game(variants.get("classic"), seed=21, cut_for_deal=True, hand_seeds=True)
    dealer, cuts = table.cut_for_deal(table.seeded_rng(table.cut_for_deal_seed(21)), 4)
    assert game.events[0] == DealerCut(cuts=tuple(cuts), dealer=dealer)
    assert game.first_dealer == dealer


def test_undo_across_a_hand_with_hand_seeds_deals_the_same_hand_again() -> None:
    game = _through_hands(Game(variants.get("modern"), seed=5, hand_seeds=True), 2)
    before = game.events
    last = before[-1]
    undone = 0
    while game.hand_number > 0:  # back into the first hand, one move at a time
        game.undo()
        undone += 1
    assert undone > 1 and game.deal.moves_made
    # Redo the same moves: every later hand is dealt exactly as it was.
    moves = [m for m in (move_of(e) for e in before) if m is not None]
    made = len([m for m in (move_of(e) for e in game.events) if m is not None])
    for seat, move in moves[made:]:
        game.play(move, seat)
    assert game.events == before and game.events[-1] == last


def test_hand_seeds_need_a_seed_and_are_told_only_by_a_game_that_has_them() -> None:
    rules = variants.get("classic")
    with pytest.raises(InvalidArgument, match="give a seed, not a generator"):
        Game(rules, rng=random.Random(1), hand_seeds=True)
    with pytest.raises(InvalidArgument, match="hand_seeds must be True or False"):
        Game(rules, seed=1, hand_seeds="yes")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match="no hand seeds"):
        Game(rules, seed=1).hand_seed(0)
    with pytest.raises(InvalidArgument, match="not a hand number"):
        Game(rules, seed=1, hand_seeds=True).hand_seed(-1)
    assert Game(rules, hand_seeds=True).hand_seeds  # a seed is drawn when none is given


def test_a_hand_is_revealed_only_once_it_is_over() -> None:
    game = Game(variants.get("classic"), seed=9, hand_seeds=True)
    with pytest.raises(InvalidArgument, match="hand 1 is not over"):
        game.reveal(0)
    _through_hands(game, 1)
    shown = game.reveal(0)
    assert shown.hand_number == 0 and shown.seed == game.hand_seed(0)
    assert shown.salt == table.hand_seed_salt(shown.seed, 0).hex()
    assert shown.cut == game.hands[0].cut and shown.dealer == game.hands[0].dealer
    assert len(shown.order) == 52 and set(shown.order) == {str(c) for c in cards_of(FULL_PACK)}
    with pytest.raises(InvalidArgument, match="hand 2 is not over"):
        game.reveal(1)
    assert game.hands_over() == 1


def test_replay_rebuilds_a_game_with_hand_seeds() -> None:
    game = _through_hands(Game(variants.get("modern"), seed=6, hand_seeds=True), 1)
    moves = [m for m in (move_of(e) for e in game.events) if m is not None]
    again = Game.replay(game.rules, 6, moves, hand_seeds=True)
    assert again.events == game.events
    assert Game.replay(game.rules, 6, []).events[0] != game.events[0]  # one generator


@pytest.mark.parametrize(
    "name", ["modern", "classic-7", "two-handed", "auction", "domino", "hoyle-gain", "spot"]
)
@pytest.mark.parametrize("hand_seeds", [False, True])
def test_the_next_hand_dealt_when_asked_for_is_the_hand_dealt_at_once(
    name: str, hand_seeds: bool
) -> None:
    """A hand that ends leaves the next one to be dealt when something asks for it; a game
    whose pone takes every suggested cut deals it at once. Moves, undos (across hands too) and
    everything either game shows are the same."""
    rules = variants.get(name)
    lazy = Game(rules, seed=11, hand_seeds=hand_seeds)
    eager = Game(rules, seed=11, hand_seeds=hand_seeds, pone=lambda *asked: asked[3])
    rng = random.Random(name)
    deferred = 0
    for _ in range(600):
        if eager.is_over:
            break
        if (eager.deal.moves_made and rng.random() < 0.1) or (
            lazy._next is not None and rng.random() < 0.3
        ):
            lazy.undo()
            eager.undo()
            continue
        seat = eager.to_act if eager.deal.phase.value != "pass" else None
        moves = eager.legal_moves(seat)
        move = rng.choice(list(moves))
        assert lazy.play(move, seat) == eager.play(move, seat)
        deferred += lazy._next is not None
        if rng.random() < 0.2 and not eager.is_over:
            assert lazy.to_act == eager.to_act
            assert list(lazy.legal_moves(eager.to_act)) == list(eager.legal_moves(eager.to_act))
    assert deferred
    assert lazy.events == eager.events
    assert lazy.hand_number == eager.hand_number and lazy.scores == eager.scores
    assert lazy.commitment == eager.commitment
    assert lazy.view(0) == eager.view(0) and lazy.public_view() == eager.public_view()
    assert repr(lazy) == repr(eager)


def test_a_hand_just_ended_shows_the_next_hand_as_if_it_were_dealt() -> None:
    game = Game(variants.get("modern"), seed=4)
    at_once = Game(variants.get("modern"), seed=4, pone=lambda *asked: asked[3])
    rng = random.Random(4)
    first = game.deal
    while not first.is_over:
        move = rng.choice(list(game.legal_moves()))
        game.play(move)
        at_once.play(move)
    assert game._next is not None  # not dealt yet
    assert game.hands_over() == at_once.hands_over() == 1
    assert game.commitment == at_once.commitment is not None
    assert game._next is None and game.hand_number == 1
    assert game.events == at_once.events
    assert game.to_act == at_once.to_act and game.deal.hand_number == 1


def test_a_game_no_longer_used_is_freed_at_once_and_copies_play_on_alike() -> None:
    """No cycle keeps a game: its hands' deals hold it weakly (a pone's game deals at once,
    and is held as before). A copy or a pickle plays on as the game would; a deal played to the
    end after its game is gone is closed, as the game would have closed it."""
    import copy
    import gc
    import pickle
    import weakref

    rules = variants.get("modern")
    game = Game(rules, seed=3)
    rng = random.Random(3)
    play_hand(game, rng)
    for _ in range(9):
        game.play(rng.choice(list(game.legal_moves())))
    copies = [copy.deepcopy(game), pickle.loads(pickle.dumps(game))]
    for other in [game, *copies]:
        moves = random.Random(8)
        while other.hand_number < 3:
            other.play(moves.choice(list(other.legal_moves())))
    assert copies[0].events == copies[1].events == game.events
    gc.disable()
    try:
        ref = weakref.ref(game)
        deal = game.deal
        del game, copies, other
        assert ref() is None
        while not deal.is_over:
            deal.play(rng.choice(list(deal.legal_moves())))
        assert deal.closed
    finally:
        gc.enable()


# Pinned on main before the dealing schedule moved to hearts.dealing (issue 40 part 6): each
# version deals a seed exactly as the scheme it names always did.
@pytest.mark.parametrize(
    ("hand_seeds", "dealer", "commitment", "cut", "first"),
    [
        (
            False,
            0,
            "714323489ca5aa62de73e6b1855b6cfd403ab4c8d96d407c549e3c4c30ecf663",
            28,
            "4C 2D 3D 5D QD 3S 9S TS JS AS 2H JH KH",
        ),
        (
            True,
            2,
            "157cd57aa9bf5981bf35f9b9e41c6f197c713dc4190a02eaad90e60db1392c4f",
            13,
            "7C 8C KC 3D 7D AD 4S 5S 6S TS JS AS 8H",
        ),
    ],
)
def test_a_seed_deals_and_commits_exactly_as_before_the_schedule_was_versioned(
    hand_seeds: bool, dealer: int, commitment: str, cut: int, first: str
) -> None:
    game = Game(variants.get("classic"), seed=5, hand_seeds=hand_seeds, cut_for_deal=True)
    cutting, committed, dealt = game.events[:3]
    assert isinstance(cutting, DealerCut) and cutting.dealer == dealer == game.first_dealer
    assert isinstance(committed, ShuffleCommitted) and committed.commitment == commitment
    assert isinstance(dealt, Dealt) and dealt.cut == cut and str(dealt.hands[0]) == first


def test_a_game_pickled_before_the_dealing_schedules_had_versions_deals_on() -> None:
    """A Game pickled by 9c081ee (no dealing schedule of its own) deals its next hand by the
    schedule it dealt by then, the one stream of its seed: the same cards as a game of today."""
    data = Path(__file__).resolve().parent / "data" / "game-modern-9c081ee.pickle"
    old = pickle.loads(data.read_bytes())
    new = Game(variants.get("modern"), seed=4)
    for _ in range(3):
        new.play(new.deal.legal_moves()[0])
    assert old.dealing == new.dealing == "stream-1"
    for game in (old, new):
        while len(game.hands) < 2:
            game.play(game.deal.legal_moves()[0])
    assert old.deal.view(0).hand == new.deal.view(0).hand
    assert record.dumps(old) == record.dumps(new)
