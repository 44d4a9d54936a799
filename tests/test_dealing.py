"""The dealing schedule (hearts.dealing): one place turns a seed into each hand's shuffle, in
frozen versions; the game, verify and the arena all deal through it."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from hearts import Game, InvalidArgument, arena, dealing, table, variants
from hearts.cards import FULL_PACK, cards_of
from hearts.events import ShuffleCommitted
from hearts.verify import check_reveal

CLASSIC = variants.get("classic")


def test_stream_1_is_one_generator_drawing_every_hand_in_turn() -> None:
    rng = random.Random(11)
    schedule = dealing.get(dealing.STREAM)
    first = schedule.hand(FULL_PACK, 11, 0, schedule.generator(11))
    deck, suggested = table.shuffle_pack(FULL_PACK, rng)
    assert (first.deck, first.suggested, first.salt) == (deck, suggested, table.hand_salt(11, 0))


def test_hand_seeds_1_deals_each_hand_from_its_own_seed() -> None:
    schedule = dealing.get(dealing.HAND_SEEDS)
    own = table.hand_seed(11, 3)
    deck, suggested = table.shuffle_pack(FULL_PACK, table.seeded_rng(own))
    third = schedule.hand(FULL_PACK, 11, 3, None)
    assert (third.deck, third.suggested) == (deck, suggested)
    assert (
        third.salt == table.hand_seed_salt(own, 3) and schedule.revealed(FULL_PACK, own, 3) == third
    )


def test_arena_1_is_the_pack_shuffled_by_the_seed_and_the_deal_number_uncut() -> None:
    deal = dealing.get(dealing.ARENA).hand(FULL_PACK, 11, 4, None)
    assert deal.deck == table.shuffle(cards_of(FULL_PACK), random.Random("11:4"))
    assert deal.suggested is None and deal.salt is None


def test_an_unknown_version_is_refused_in_a_sentence() -> None:
    with pytest.raises(InvalidArgument, match="dealing schedule 'x' is not one this version"):
        dealing.get("x")


def test_a_game_deals_by_the_version_it_is_given() -> None:
    by_name = Game(CLASSIC, seed=21, dealing=dealing.HAND_SEEDS)
    assert by_name.events == Game(CLASSIC, seed=21, hand_seeds=True).events
    assert by_name.hand_seeds and by_name.dealing == "hand-seeds-1"
    assert Game(CLASSIC, seed=21).dealing == Game(CLASSIC, seed=21, dealing="stream-1").dealing


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"dealing": "stream-0"}, "dealing schedule 'stream-0' is not one this version"),
        ({"dealing": "arena-1"}, "dealing schedule arena-1 deals the arena's deals, not a game's"),
        (
            {"dealing": "stream-1", "hand_seeds": True},
            "dealing schedule stream-1 deals no hand from a seed of its own",
        ),
        (
            {"dealing": "hand-seeds-1", "seed": None, "rng": random.Random(1)},
            "dealing schedule hand-seeds-1 derives each hand from the game's seed",
        ),
    ],
)
def test_a_game_refuses_a_schedule_it_cannot_deal_by(
    options: dict[str, object], message: str
) -> None:
    arguments: dict[str, object] = {"seed": 21, **options}
    with pytest.raises(InvalidArgument, match=message):
        Game(CLASSIC, **arguments)  # type: ignore[arg-type]


def test_the_arena_can_deal_by_hand_seeds_as_a_game_deals_its_hands() -> None:
    hands, stock = arena.deal_hands(CLASSIC, 5, 2, dealing=dealing.HAND_SEEDS)
    deck, _ = table.shuffle_pack(CLASSIC.pack, table.seeded_rng(table.hand_seed(5, 2)))
    expected, _ = table.deal_out(deck, players=4, dealer=3, hand_size=13)
    assert [sorted(hand) for hand in hands] == [sorted(hand) for hand in expected] and not stock
    result = arena.run(CLASSIC, ["random"] * 4, deals=2, seed=5, dealing="hand-seeds-1")
    assert result.dealing == "hand-seeds-1" and result.to_dict()["dealing"] == "hand-seeds-1"
    first, _ = arena.deal_hands(CLASSIC, 5, 0, dealing=dealing.HAND_SEEDS)
    assert result.records[0].deal == 0 and result.records[0].dealt == first
    assert first != arena.deal_hands(CLASSIC, 5, 0)[0]  # (not what arena-1 deals)


def test_an_arena_run_names_its_schedule_and_refuses_one_it_cannot_deal_by() -> None:
    result = arena.run(CLASSIC, ["random"] * 4, deals=1, seed=5)
    assert result.dealing == "arena-1" and result.to_dict()["dealing"] == "arena-1"
    with pytest.raises(InvalidArgument, match="dealing schedule stream-1 deals each hand after"):
        arena.run(CLASSIC, ["random"] * 4, deals=1, seed=5, dealing="stream-1")
    with pytest.raises(InvalidArgument, match="dealing schedule 'nope' is not one"):
        arena.deal_hands(CLASSIC, 5, 0, dealing="nope")


def test_a_copied_or_pickled_game_deals_by_the_same_schedule_object() -> None:
    game = Game(CLASSIC, seed=3, hand_seeds=True)
    assert copy.deepcopy(game)._schedule is game._schedule
    assert pickle.loads(pickle.dumps(game))._schedule is dealing.get(dealing.HAND_SEEDS)


def test_a_reveal_is_checked_by_a_schedule_that_reveals_and_refused_by_another() -> None:
    game = Game(CLASSIC, seed=4, hand_seeds=True)
    while game.hand_number == 0:
        game.play(game.legal_moves()[0])
    first = game.events[0]
    assert isinstance(first, ShuffleCommitted)
    shown, committed = game.reveal(0), first.commitment
    assert check_reveal(shown, committed, CLASSIC, dealing="hand-seeds-1") is None
    with pytest.raises(InvalidArgument, match="dealing schedule stream-1 deals no hand from a"):
        check_reveal(shown, committed, CLASSIC, dealing="stream-1")


@pytest.mark.parametrize("seed", [0, 1, 7, -3, 2**32 + 5, 2**63 - 1, 2**200 + 11])
def test_stream_1s_generator_is_random_random_seeded_with_the_games_seed(seed: int) -> None:
    """stream-1: the game's generator (made without random.Random's Python __init__) is in
    the state ``random.Random(seed)`` is, and draws what it draws."""
    mine, theirs = dealing.get(dealing.STREAM).generator(seed), random.Random(seed)
    assert type(mine) is random.Random
    assert mine.getstate() == theirs.getstate()
    assert [mine.random() for _ in range(5)] == [theirs.random() for _ in range(5)]
    assert mine.gauss(0, 1) == theirs.gauss(0, 1)
