"""The arena (hearts.arena): duplicate deals, rotations, chained games, statistics, processes."""

from __future__ import annotations

import dataclasses
import json
import math
import statistics
from collections import defaultdict

import pytest

from hearts import arena, arena_deals, variants
from hearts import bots as bot_registry
from hearts.arena import _bot_seed, deal_hands, estimate
from hearts.cards import CardSet
from hearts.errors import InvalidArgument, UnknownName
from hearts.moves import Move
from hearts.observation import SeatView

MODERN = variants.get("modern")
MIXED = ["basic", "random", "random", "random"]


@pytest.fixture(scope="module")
def mixed() -> arena.ArenaResult:
    """Basic against three random bots on 20 modern deals."""
    return arena.run(MODERN, MIXED, deals=20, seed=1)


def test_each_deal_gives_every_rotation_the_same_hands_seat_by_seat(
    mixed: arena.ArenaResult,
) -> None:
    by_deal = defaultdict(list)
    for record in mixed.records:
        by_deal[record.deal].append(record)
    assert sorted(by_deal) == list(range(20))
    for number, records in by_deal.items():
        assert [r.rotation for r in records] == [0, 1, 2, 3]
        hands, _ = deal_hands(MODERN, 1, number)
        assert all(r.dealt == hands for r in records)
        # Every bot holds every seat's cards of every deal: rotation r seats bots[(s + r) % 4].
        for seat in range(4):
            assert [r.seats[seat] for r in records] == [MIXED[(seat + r) % 4] for r in range(4)]
    assert len({r.dealt for r in mixed.records}) == 20  # the deals differ from each other


class _Spy:
    """A bot that writes down the cards it sees at its first decision, then plays randomly."""

    seen: dict[int, CardSet] = {}  # noqa: RUF012 - shared by every spy of a test

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.inner = bot_registry.get("random", seed=seed)

    def choose(self, view: SeatView) -> Move:
        assert self.seed is not None
        _Spy.seen.setdefault(self.seed, view.hand)
        return self.inner.choose(view)


def test_the_bots_are_shown_the_duplicate_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bot_registry.BOTS, "spy", _Spy)
    _Spy.seen = {}
    result = arena.run(MODERN, ["spy", "basic", "basic", "basic"], deals=3, seed=5)
    spied = 0
    for record in result.records:
        for seat, bot in enumerate(record.seats):
            if bot == "spy":
                assert (
                    _Spy.seen[_bot_seed(5, record.deal, record.rotation, seat)]
                    == (record.dealt[seat])
                )
                spied += 1
    assert spied == 12 == len(_Spy.seen)


def test_a_seed_repeats_exactly_and_another_seed_differs(mixed: arena.ArenaResult) -> None:
    assert arena.run(MODERN, MIXED, deals=20, seed=1) == mixed
    other = arena.run(MODERN, MIXED, deals=20, seed=2)
    assert other.records != mixed.records


def test_the_number_of_workers_changes_nothing() -> None:
    one = arena.run(MODERN, MIXED, deals=6, seed=4, block=3)
    assert arena.run(MODERN, MIXED, deals=6, seed=4, block=3, workers=2) == one
    whole = arena.run(MODERN, MIXED, deals=6, seed=4)
    assert arena.run(MODERN, MIXED, deals=6, seed=4, workers=2) == whole
    # Blocks chain games differently, but the hands are the same hands.
    assert [r.dealt for r in whole.records] == [r.dealt for r in one.records]


def test_progress_is_reported_up_to_every_hand() -> None:
    for workers in (1, 2):
        calls: list[tuple[int, int]] = []
        arena.run(
            MODERN,
            MIXED,
            deals=3,
            seed=2,
            workers=workers,
            progress=lambda done, total, calls=calls: calls.append((done, total)),
        )
        assert calls[0] == (0, 12) and calls[-1] == (12, 12)
        assert [done for done, _ in calls] == sorted(done for done, _ in calls)


def test_basic_beats_random_on_duplicate_deals(mixed: arena.ArenaResult) -> None:
    basic, random_ = mixed.stats_of("basic"), mixed.stats_of("random")
    assert mixed.unit == "points" and not mixed.higher_is_better
    assert basic.per_hand.mean < random_.per_hand.mean - 3
    assert basic.margin.high < -3  # the whole 95% interval is well below zero
    assert basic.queens < random_.queens / 3


def test_the_statistics_add_up(mixed: arena.ArenaResult) -> None:
    basic, random_ = mixed.stats
    assert (basic.bot, basic.seats, random_.bot, random_.seats) == ("basic", 1, "random", 3)
    assert mixed.hands == 20 * 4 == len(mixed.records)
    assert basic.hands == 20 * 4 * 1 and random_.hands == 20 * 4 * 3
    assert basic.per_hand.samples == random_.margin.samples == 20
    moons = sum(r.shooter is not None for r in mixed.records)
    assert basic.moons_for + random_.moons_for == moons
    assert basic.moons_against + random_.moons_against == 3 * moons
    # Modern: one seat takes the Q♠ each hand; the hand's points are 26 (78 after a moon).
    assert basic.queens + random_.queens == mixed.hands
    for record in mixed.records:
        (taker,) = record.queens
        if record.shooter is None:
            assert record.results[taker] >= 13  # the Q♠'s 13 points are the taker's
    total = basic.per_hand.mean * basic.hands + random_.per_hand.mean * random_.hands
    assert math.isclose(total, 26 * mixed.hands + 52 * moons)
    # The margins of everyone at a table sum to nothing.
    assert math.isclose(basic.margin.mean * 1 + random_.margin.mean * 3, 0, abs_tol=1e-9)
    assert basic.games_won + random_.games_won >= mixed.games >= 1


def test_the_mean_is_over_every_hand_and_the_interval_over_the_deals(
    mixed: arena.ArenaResult,
) -> None:
    per_deal: dict[int, list[int]] = defaultdict(list)
    for record in mixed.records:
        per_deal[record.deal].append(record.results[record.seats.index("basic")])
    means = [sum(values) / len(values) for values in per_deal.values()]
    assert mixed.stats_of("basic").per_hand == estimate(means)


def test_the_interval_is_students_t() -> None:
    e = estimate([1.0, 2.0, 3.0, 4.0, 5.0])
    assert e.mean == 3.0
    assert e.half_width == pytest.approx(2.776 * math.sqrt(2.5) / math.sqrt(5))
    assert (e.low, e.high) == pytest.approx((3.0 - 1.963, 3.0 + 1.963), abs=1e-3)
    values = [float(i % 7) for i in range(200)]
    big = estimate(values)
    spread = statistics.stdev(values) / math.sqrt(200)
    assert big.half_width == pytest.approx(1.97196 * spread, rel=1e-4)  # t(199), 97.5%
    one = estimate([4.0])
    assert one.half_width is None and one.to_dict() == {"mean": 4.0, "ci95": None}


def test_counters_games_chain_hands_into_games() -> None:
    simple = arena.run(variants.get("simple"), MIXED, deals=4, seed=3)
    assert simple.unit == "counters" and simple.higher_is_better
    assert simple.games == simple.hands == 16  # each deal of the simple method is a game
    classic = arena.run(variants.get("classic"), MIXED, deals=4, seed=3)
    assert classic.unit == "counters" and classic.hands == 16
    # Counters are only moved (into the pool and back out): over a rotation nobody makes any.
    for rotation in range(4):
        assert sum(sum(r.results) for r in classic.records if r.rotation == rotation) <= 0


def test_seven_at_a_table_with_the_dealer_sitting_out() -> None:
    rules = variants.get("classic-7")
    result = arena.run(rules, ["basic", "random"] * 3 + ["basic"], deals=2, seed=1)
    assert result.hands == 14 and result.stats_of("basic").hands == 14 * 4
    for record in result.records:
        assert sum(not hand for hand in record.dealt) == 1  # the dealer holds no cards


def test_json_has_every_bot(mixed: arena.ArenaResult) -> None:
    data = json.loads(json.dumps(mixed.to_dict()))
    assert [entry["bot"] for entry in data["stats"]] == ["basic", "random"]
    assert data["unit"] == "points" and data["hands"] == 80
    low, high = data["stats"][0]["per_hand"]["ci95"]
    assert low < data["stats"][0]["per_hand"]["mean"] < high


@pytest.mark.parametrize(
    ("bots", "options", "kind", "message"),
    [
        (["basic", "nobody", "basic", "basic"], {}, UnknownName, "there is no bot 'nobody'"),
        (["basic", "basik", "basic", "basic"], {}, UnknownName, r".*; did you mean basic\?$"),
        (["basic", "basic"], {}, InvalidArgument, "modern has 4 seats: give 4 bots, not 2$"),
        ("basic", {}, InvalidArgument, "modern has 4 seats: give 4 bots, not 1$"),
        (MIXED, {"deals": 0}, InvalidArgument, "deals must be a whole number of at least 1, not 0"),
        (MIXED, {"workers": 0}, InvalidArgument, "workers must be a whole number of at least 1"),
        (MIXED, {"block": 0}, InvalidArgument, "block must be a whole number of at least 1, not 0"),
        (MIXED, {"deals": 1.5}, InvalidArgument, "deals must be a whole number of at least 1"),
        (MIXED, {"seed": "x"}, InvalidArgument, "seed must be a whole number, not 'x'$"),
        (MIXED, {"think": 0}, InvalidArgument, "think must be a positive number of seconds"),
        (MIXED, {"samples": 0}, InvalidArgument, "samples must be at least 1, not 0"),
        (
            MIXED,
            {"progress": 3},
            InvalidArgument,
            r"progress must be a function of \(done, total\)$",
        ),
    ],
)
def test_bad_input_is_refused_in_one_sentence(
    bots: list[str], options: dict[str, object], kind: type[Exception], message: str
) -> None:
    """Every argument is checked before a hand is played: an unknown bot is an UnknownName,
    the other arguments InvalidArgument, each one sentence."""
    arguments: dict[str, object] = {"deals": 2, **options}
    with pytest.raises(kind, match="^" + message):
        arena.run(MODERN, bots, **arguments)  # type: ignore[arg-type]


def test_an_arena_needs_rules() -> None:
    with pytest.raises(InvalidArgument, match=r"^an arena needs Rules, not str$"):
        arena.run("modern", MIXED, deals=1)  # type: ignore[arg-type]


def test_the_statistics_of_a_bot_that_did_not_play_are_an_unknown_name(
    mixed: arena.ArenaResult,
) -> None:
    with pytest.raises(UnknownName, match=r"^there is no bot 'expert' in this arena; choose from"):
        mixed.stats_of("expert")
    with pytest.raises(UnknownName, match=r"^there is no bot 'basc' in this arena; did you mean"):
        mixed.stats_of("basc")


def test_an_estimate_of_nothing_is_a_bad_argument() -> None:
    with pytest.raises(InvalidArgument, match=r"^an estimate needs at least one value$"):
        estimate([])


def test_ctrl_c_gives_the_results_of_the_deals_every_rotation_finished() -> None:
    """A KeyboardInterrupt (here from the progress callback, after 4 × 20 + 3 hands) stops the
    run; Interrupted carries exactly the results of a run of the first 20 deals, marked partial."""

    def stop_after(done: int, total: int) -> None:
        if done == 4 * 20 + 3:
            raise KeyboardInterrupt

    with pytest.raises(arena.Interrupted) as caught:
        arena.run(MODERN, MIXED, deals=50, seed=7, progress=stop_after)
    assert isinstance(caught.value, KeyboardInterrupt)
    partial = caught.value.partial
    assert partial is not None and partial.interrupted and partial.planned == 50
    whole = arena.run(MODERN, MIXED, deals=20, seed=7)
    assert not whole.interrupted
    assert partial.games > 0
    assert dataclasses.replace(partial, planned=None) == whole
    data = partial.to_dict()
    assert (data["interrupted"], data["deals"], data["planned_deals"]) == (True, 20, 50)


def test_ctrl_c_before_every_rotation_finished_a_deal_gives_no_results() -> None:
    def stop_after(done: int, total: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    with pytest.raises(arena.Interrupted) as caught:
        arena.run(MODERN, MIXED, deals=5, seed=7, progress=stop_after)
    assert caught.value.partial is None and caught.value.planned == 5


def test_the_rotations_are_played_deal_by_deal_so_deals_are_finished_in_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rotations go hand in hand: every rotation plays deal 0, then every rotation deal 1, ...
    (what lets an interrupted run keep every deal but the last)."""
    order: list[tuple[int, int]] = []

    def noted(seed: int, number: int, rotation: int, seat: int) -> int:
        if seat == 0:
            order.append((number, rotation))
        return _bot_seed(seed, number, rotation, seat)

    monkeypatch.setattr(arena_deals, "_bot_seed", noted)
    arena.run(MODERN, MIXED, deals=3, seed=2)
    assert order == [(number, rotation) for number in range(3) for rotation in range(4)]


def test_a_bot_from_a_maker_plays_as_the_named_bot_it_makes() -> None:
    """A maker is given the hand's seed as a named bot is: a random player made under another
    name plays every hand exactly as ``random`` does in its seat, in one process or two."""
    named = arena.run(MODERN, MIXED, deals=3, seed=8)
    for workers in (1, 2):
        made = arena.run(
            MODERN,
            ["basic", "Mine", "random", "random"],
            deals=3,
            seed=8,
            workers=workers,
            makers={"mine": bot_registry.RandomBot},
        )
        assert [r.results for r in made.records] == [r.results for r in named.records]
        assert [s.bot for s in made.stats] == ["basic", "mine", "random"]
        assert made.stats_of("mine").hands == 12


class _NoBot:
    def __init__(self, seed: int) -> None:
        self.seed = seed


@pytest.mark.parametrize(
    ("makers", "workers", "message"),
    [
        ({"random": bot_registry.RandomBot}, 1, "'random' is the name of a bot of hearts.bots"),
        ({"mine": 3}, 1, "the maker of 'mine' is a function of a seed returning a bot, not 3$"),
        ({" ": bot_registry.RandomBot}, 1, "a maker's name is a word, not ' '$"),
        (["mine"], 1, r"makers is a mapping of names to bot makers, not \['mine'\]$"),
        (
            {"mine": lambda seed: bot_registry.RandomBot(seed)},
            2,
            "with more than one worker the makers go to other processes and must survive",
        ),
        ({"mine": _NoBot}, 1, "the maker of 'mine' made <.*_NoBot object .*>, which has no"),
    ],
)
def test_a_bad_maker_is_refused_in_one_sentence(makers: object, workers: int, message: str) -> None:
    with pytest.raises(InvalidArgument, match="^" + message):
        arena.run(
            MODERN,
            ["mine", "random", "random", "random"],
            deals=1,
            workers=workers,
            makers=makers,  # type: ignore[arg-type]
        )


# Pinned on main before the dealing schedule moved to hearts.dealing (issue 40 part 6): an arena
# run must repeat exactly as it did for the same seed.
_PINNED_MODERN_SEED_7_DEAL_0 = [
    "8C QC KC 2D 7D TD 3S 5S 7S 9S 5H KH AH",
    "3C 4C AC 3D JD AD 2S TS JS QS 2H 6H JH",
    "JC 4D 5D 6D 8D 9D KD 6S 8S AS 8H 9H QH",
    "2C 5C 6C 7C 9C TC QD 4S KS 3H 4H 7H TH",
]
_PINNED_SEVEN_SEED_7_DEAL_3_DEALER_2 = [
    "6C TC JC KC 3D 4S 5S 9S",
    "7C 8C 9C QC KD 4H 8H QH",
    "",
    "4C 6D AD 8S KS AS 3H 9H",
    "3C AC 4D TD 3S 7S TS 6H",
    "8D JD 6S JS 5H 7H TH KH",
    "5C 5D 7D 9D QD QS JH AH",
]
_PINNED_RUN_SEED_7 = [
    (0, 0, (0, 9, 16, 1)), (0, 1, (5, 1, 17, 3)), (0, 2, (19, 1, 4, 2)), (0, 3, (8, 1, 4, 13)),
    (1, 0, (0, 18, 8, 0)), (1, 1, (3, 13, 10, 0)), (1, 2, (6, 17, 2, 1)), (1, 3, (22, 0, 4, 0)),
    (2, 0, (26, 26, 0, 26)), (2, 1, (8, 0, 18, 0)), (2, 2, (21, 1, 0, 4)), (2, 3, (22, 0, 0, 4)),
]  # fmt: skip


def test_an_arena_seed_deals_exactly_as_it_did_before_the_schedule_was_versioned() -> None:
    """Dealing schedule arena-1: deal i of a run is the pack shuffled from f"{seed}:{i}", as
    the arena has always dealt it (values pinned from main before the change)."""
    hands, stock = deal_hands(MODERN, 7, 0)
    assert [str(hand) for hand in hands] == _PINNED_MODERN_SEED_7_DEAL_0 and stock == ()
    seven, _ = deal_hands(variants.get("classic-7"), 7, 3, 2)
    assert [str(hand) for hand in seven] == _PINNED_SEVEN_SEED_7_DEAL_3_DEALER_2


def test_an_arena_run_repeats_exactly_as_it_did_before_the_schedule_was_versioned() -> None:
    result = arena.run(MODERN, MIXED, deals=3, seed=7)
    assert [(r.deal, r.rotation, r.results) for r in result.records] == _PINNED_RUN_SEED_7
