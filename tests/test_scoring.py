"""Tests of hearts.scoring: every settlement of docs/rules.md §3.1–3.6 and the modern points of §6.4–6.5.

Each test names the rule it checks. The property tests check that counters are conserved by every
method over random hands whose penalties add up to the totals the forms use (13, 12, 23, 26, 104).
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearts import variants
from hearts.errors import HeartsError, InvalidArgument
from hearts.rules import GameEnd, TieRule
from hearts.scoring import (
    MOON_OPTIONS,
    Settlement,
    excess,
    game_winners,
    howell,
    points,
    simple,
    sweepstakes,
    two_handed,
)

TOTALS = (13, 12, 23, 26, 104)


def conserved(settlement: Settlement, pool_before: int) -> bool:
    """Counters are neither made nor lost: what the seats gain came out of the pool."""
    return sum(settlement.deltas) + settlement.pool - pool_before == 0


# --- §3.1 Sweepstakes (law 29) -------------------------------------------------------------------


def test_law_29_each_seat_pays_one_counter_per_heart_into_the_pool() -> None:
    """§3.1.1: nobody clear, so the pool is exactly what the seats paid in."""
    hand = sweepstakes([1, 2, 3, 7])
    assert hand.deltas == (-1, -2, -3, -7)
    assert hand.pool == 13


def test_law_29_sole_clear_player_wins_the_pool() -> None:
    hand = sweepstakes([0, 5, 4, 4])
    assert hand == Settlement(deltas=(13, -5, -4, -4), pool=0, jack=False, winners=(0,))


def test_law_29_sole_clear_player_wins_the_pool_carried_in() -> None:
    """A single counter left from an earlier split goes to the next winner with the rest."""
    hand = sweepstakes([5, 4, 0, 4], pool=1)
    assert hand.deltas == (-5, -4, 14, -4)
    assert (hand.pool, hand.jack, hand.winners) == (0, False, (2,))


def test_law_29_two_clear_divide_the_pool_even() -> None:
    hand = sweepstakes([0, 6, 0, 8])
    assert hand.deltas == (7, -6, 7, -8)
    assert (hand.pool, hand.jack, hand.winners) == (0, False, (0, 2))


def test_law_29_two_clear_divide_the_pool_odd_counter_stays() -> None:
    hand = sweepstakes([0, 6, 0, 7])
    assert hand.deltas == (6, -6, 6, -7)
    assert (hand.pool, hand.jack, hand.winners) == (1, False, (0, 2))


def test_odd_counter_alone_does_not_make_a_jack() -> None:
    """§3.1.4 default: the odd counter of a split is an ordinary pool, won by two clear seats."""
    first = sweepstakes([0, 6, 0, 7])
    assert (first.pool, first.jack) == (1, False)
    second = sweepstakes([0, 0, 9, 4], pool=first.pool, jack=first.jack)
    assert second.deltas == (7, 7, -9, -4)
    assert (second.pool, second.jack) == (0, False)


def test_law_29_jack_formed_when_three_are_clear() -> None:
    """Law 29: one player took all thirteen, so the thirteen counters stay as a Jack."""
    hand = sweepstakes([0, 13, 0, 0])
    assert hand == Settlement(deltas=(0, -13, 0, 0), pool=13, jack=True, winners=())


def test_jack_formed_when_nobody_is_clear() -> None:
    """§3.1.2 (A13): everyone took a heart, nobody wins, the pool stays as a Jack."""
    hand = sweepstakes([4, 3, 3, 3], pool=1)
    assert hand == Settlement(deltas=(-4, -3, -3, -3), pool=14, jack=True, winners=())


def test_law_29_jack_is_fed_each_hand_until_won() -> None:
    """§3.1.3: every hand adds the units taken, until a sole clear seat wins the lot."""
    pool, jack = 0, False
    hands = ([13, 0, 0, 0], [2, 4, 3, 4], [0, 0, 6, 7], [0, 1, 1, 11])
    pools = []
    for penalties in hands[:3]:
        hand = sweepstakes(penalties, pool=pool, jack=jack)
        assert conserved(hand, pool)
        assert hand.winners == ()
        pool, jack = hand.pool, hand.jack
        pools.append((pool, jack))
    assert pools == [(13, True), (26, True), (39, True)]
    won = sweepstakes(hands[3], pool=pool, jack=jack)
    assert won == Settlement(deltas=(52, -1, -1, -11), pool=0, jack=False, winners=(0,))


def test_law_29_jack_is_not_divided_by_two_clear_players() -> None:
    """§3.1.4 default (laws, PICK): only a sole clear seat wins a Jack; two clear let it grow."""
    hand = sweepstakes([0, 0, 6, 7], pool=13, jack=True)
    assert hand == Settlement(deltas=(0, 0, -6, -7), pool=26, jack=True, winners=())


def test_jack_divided_by_two_clear_players_when_sole_clear_wins_jack_is_off() -> None:
    """§3.1.4 option (Hoyle 1913): a Jack is won like any pool; the odd counter stays."""
    hand = sweepstakes([0, 0, 6, 7], pool=13, jack=True, sole_clear_wins_jack=False)
    assert hand == Settlement(deltas=(13, 13, -6, -7), pool=0, jack=False, winners=(0, 1))
    odd = sweepstakes([0, 0, 6, 7], pool=14, jack=True, sole_clear_wins_jack=False)
    assert odd == Settlement(deltas=(13, 13, -6, -7), pool=1, jack=False, winners=(0, 1))


def test_jack_won_by_sole_clear_player_under_either_option() -> None:
    for sole in (True, False):
        hand = sweepstakes([0, 3, 5, 5], pool=26, jack=True, sole_clear_wins_jack=sole)
        assert hand == Settlement(deltas=(39, -3, -5, -5), pool=0, jack=False, winners=(0,))


def test_jack_stays_when_nobody_or_three_are_clear_under_either_option() -> None:
    for sole in (True, False):
        for penalties in ([13, 0, 0, 0], [4, 3, 3, 3]):
            hand = sweepstakes(penalties, pool=13, jack=True, sole_clear_wins_jack=sole)
            assert (hand.pool, hand.jack, hand.winners) == (26, True, ())


def test_sweepstakes_five_and_six_players_default_generalisation() -> None:
    """§3.1.5 default: |Z|=1 wins, |Z|=2 splits, |Z|=0 or |Z|>=3 forms a Jack."""
    assert sweepstakes([0, 3, 3, 3, 4]).deltas == (13, -3, -3, -3, -4)
    split = sweepstakes([0, 2, 0, 5, 6])
    assert (split.deltas, split.pool) == ((6, -2, 6, -5, -6), 1)
    three_clear = sweepstakes([0, 0, 0, 6, 6, 0])  # six-handed: T = 12
    assert (three_clear.pool, three_clear.jack, three_clear.winners) == (12, True, ())
    nobody = sweepstakes([2, 2, 2, 2, 2, 2])
    assert (nobody.pool, nobody.jack) == (12, True)


def test_sweepstakes_clear_means_zero_penalty_units_in_other_totals() -> None:
    """§3.7: with Black Lady (T = 26) a seat is clear only with no unit at all."""
    hand = sweepstakes([13, 0, 9, 4])
    assert hand.deltas == (-13, 26, -9, -4)


# --- §3.2 Howell's settling -----------------------------------------------------------------------


def test_howell_fosters_worked_example() -> None:
    """FH309: A 3, B 5, C 5, D 0 pay in 9, 15, 15, 0, take out 10, 8, 8, 13."""
    hand = howell([3, 5, 5, 0], total=13)
    assert hand == Settlement(deltas=(1, -7, -7, 13), pool=0, jack=False, winners=(0, 3))
    paid_in = [3 * h for h in (3, 5, 5, 0)]
    taken_out = [13 - h for h in (3, 5, 5, 0)]
    assert paid_in == [9, 15, 15, 0] and taken_out == [10, 8, 8, 13]
    assert sum(paid_in) == sum(taken_out) == 39
    assert hand.deltas == tuple(o - i for i, o in zip(paid_in, taken_out, strict=True))


def test_howell_bicycle_check_seven_hearts_pays_21_takes_back_6() -> None:
    """BIC-HWBL: four players, seven hearts pays 21 and takes back 6, net −15."""
    hand = howell([7, 2, 4, 0], total=13)
    assert hand.deltas[0] == -21 + 6 == -15


def test_howell_net_is_total_minus_n_times_units_and_has_no_jack() -> None:
    """§3.2: net_i = T − N·h_i; the pool always empties, even when one seat took all."""
    hand = howell([0, 13, 0, 0], total=13)
    assert hand == Settlement(deltas=(13, -39, 13, 13), pool=0, jack=False, winners=(0, 2, 3))
    six = howell([0, 2, 2, 2, 3, 3], total=12)
    assert six.deltas == (12, 0, 0, 0, -6, -6)
    assert six.winners == (0,)


def test_howell_three_handed_is_allowed() -> None:
    """FH310: Foster calls Howell's settling the best for three."""
    assert howell([8, 4, 1], total=13).deltas == (-11, 1, 10)


def test_howell_refuses_penalties_that_do_not_add_up_to_the_total() -> None:
    with pytest.raises(HeartsError, match="took 12 of 13"):
        howell([3, 5, 4, 0], total=13)


# --- §3.3 Simple method -------------------------------------------------------------------------


def test_simple_fewest_hearts_take_the_whole_pool() -> None:
    """§3.3: the fewest need not be clear."""
    hand = simple([2, 3, 4, 4])
    assert hand == Settlement(deltas=(11, -3, -4, -4), pool=0, jack=False, winners=(0,))


def test_simple_two_tied_for_fewest_divide_in_half() -> None:
    hand = simple([1, 5, 1, 6])
    assert (hand.deltas, hand.pool, hand.winners) == ((5, -5, 5, -6), 1, (0, 2))


def test_simple_three_tied_divide_equally_remainder_carried() -> None:
    """§3.3 default: equal division among all tied, the remainder stays for the next pool."""
    hand = simple([1, 1, 1, 10])
    assert (hand.deltas, hand.pool, hand.winners) == ((3, 3, 3, -10), 1, (0, 1, 2))
    following = simple([0, 4, 4, 5], pool=hand.pool)
    assert (following.deltas, following.pool) == ((14, -4, -4, -5), 0)


def test_simple_remainder_divides_with_the_next_pool() -> None:
    hand = simple([2, 2, 2, 7], pool=2)
    assert (hand.deltas, hand.pool) == ((3, 3, 3, -7), 0)


def test_simple_all_tied_everyone_takes_back_what_he_paid() -> None:
    hand = simple([3, 3, 3, 3])
    assert (hand.deltas, hand.pool, hand.jack) == ((0, 0, 0, 0), 0, False)


# --- §3.5 Three-handed excess ---------------------------------------------------------------------


def test_excess_example_8_4_1_top_pays_middle_4_and_low_7() -> None:
    hand = excess([8, 4, 1])
    assert hand == Settlement(deltas=(-11, 4, 7), pool=0, jack=False, winners=(1, 2))


def test_excess_middle_player_only_receives() -> None:
    """§3.5: with a unique maximum the middle player receives and pays nothing."""
    assert excess([1, 8, 4]).deltas == (7, -11, 4)


def test_excess_example_6_6_1_each_top_pays_the_low_5() -> None:
    hand = excess([6, 6, 1])
    assert hand == Settlement(deltas=(-5, -5, 10), pool=0, jack=False, winners=(2,))


def test_excess_all_equal_nobody_pays() -> None:
    hand = excess([4, 4, 4])
    assert (hand.deltas, hand.winners) == ((0, 0, 0), ())


def test_excess_is_for_three_seats() -> None:
    with pytest.raises(HeartsError, match="exactly 3 seats"):
        excess([3, 5, 5, 0])
    with pytest.raises(HeartsError, match="exactly 3 seats"):
        excess([13])


# --- §3.6 Two-handed ----------------------------------------------------------------------------


def test_two_handed_option_a_more_hearts_pays_the_difference() -> None:
    assert two_handed([10, 3]) == Settlement(deltas=(-7, 7), pool=0, jack=False, winners=(1,))
    assert two_handed([6, 7]).deltas == (1, -1)
    assert two_handed([0, 13]).deltas == (13, -13)


def test_two_handed_option_b_first_six_hearts_free() -> None:
    """§3.6 option B: the loser pays one for each heart above six, whatever the winner took."""
    assert two_handed([10, 3], free_hearts=6).deltas == (-4, 4)
    assert two_handed([6, 7], free_hearts=6).deltas == (1, -1)
    assert two_handed([13, 0], free_hearts=6).deltas == (-7, 7)


def test_two_handed_option_b_loser_within_free_hearts_pays_nothing() -> None:
    """§3.6 option B with other totals: a loser with six or fewer pays nothing."""
    hand = two_handed([5, 3], free_hearts=6)
    assert (hand.deltas, hand.winners) == ((0, 0), ())


def test_two_handed_tie_nobody_pays() -> None:
    """§3.6: impossible with 13 hearts, possible with other totals (Black Lady, 26)."""
    assert two_handed([13, 13]) == Settlement(deltas=(0, 0))
    assert two_handed([13, 13], free_hearts=6).deltas == (0, 0)


def test_two_handed_is_for_two_seats() -> None:
    with pytest.raises(HeartsError, match="exactly 2 seats"):
        two_handed([3, 5, 5])


# --- §6.4, §6.5 Modern points, the moon, the no-trick bonus -----------------------------------


def test_points_are_the_penalties_without_a_shooter() -> None:
    assert points([13, 5, 4, 4]) == (13, 5, 4, 4)
    assert points([13, 5, 4, 4], moon="new") == (13, 5, 4, 4)


def test_old_moon_shooter_scores_0_others_26() -> None:
    """§6.4 default (Old Moon): the shooter scores nothing, every other player +26."""
    assert points([0, 26, 0, 0], shooter=1) == (26, 0, 26, 26)
    assert points([0, 26, 0, 0], shooter=1, moon="old") == (26, 0, 26, 26)


def test_new_moon_shooter_scores_minus_26_others_0() -> None:
    assert points([0, 26, 0, 0], shooter=1, moon="new") == (0, -26, 0, 0)


def test_moon_off_shooter_keeps_his_26() -> None:
    assert points([0, 26, 0, 0], shooter=1, moon="off") == (0, 26, 0, 0)


def test_moon_total_for_other_forms() -> None:
    """Pink Lady (38) and Black Maria (43) moons: the shooter's total is what moves."""
    assert points([38, 0, 0, 0], shooter=0, moon_total=38) == (0, 38, 38, 38)
    assert points([0, 43, 0], shooter=1, moon="new", moon_total=43) == (0, -43, 0)


def test_omnibus_jack_of_diamonds_credit_applies_apart_from_the_moon() -> None:
    """§6.5 Omnibus (J♦ −10): the moon needs only hearts and Q♠; the credit applies separately."""
    assert points([16, 0, 0, 0], shooter=0) == (-10, 26, 26, 26)
    assert points([26, -10, 0, 0], shooter=0) == (0, 16, 26, 26)
    assert points([16, 0, 0, 0], shooter=0, moon="new") == (-36, 0, 0, 0)
    assert points([26, 0, -10, 0], shooter=0, moon="new") == (-26, 0, -10, 0)
    assert points([13, 13, -10, 0]) == (13, 13, -10, 0)


def test_no_trick_bonus_subtracts_from_each_seat_that_won_no_trick() -> None:
    """§6.5 no-trick bonus (default −5)."""
    flags = [False, False, True, True]
    assert points([13, 13, 0, 0], no_trick=flags, no_trick_bonus=5) == (13, 13, -5, -5)
    assert points([13, 13, 0, 0], no_trick=flags) == (13, 13, 0, 0)


def test_no_trick_bonus_with_a_moon() -> None:
    flags = [False, False, False, True]
    scores = points([26, 0, 0, 0], shooter=0, no_trick=flags, no_trick_bonus=5)
    assert scores == (0, 26, 26, 21)


@pytest.mark.parametrize(
    ("moon", "with_moon", "scores"),
    [
        ("old", True, (0, 21, 21, 26)),
        ("old", False, (0, 26, 26, 26)),
        ("new", True, (-26, -5, -5, 0)),
        ("new", False, (-26, 0, 0, 0)),
        ("off", True, (26, -5, -5, 0)),
        ("off", False, (26, -5, -5, 0)),  # the moon is not scored: nothing to drop the bonus for
    ],
)
def test_no_trick_bonus_in_a_moon_hand_applies_only_with_moon(
    moon: str, with_moon: bool, scores: tuple[int, ...]
) -> None:
    """§6.5 no-trick bonus with the moon shot: ``no_trick_with_moon`` (True by default) keeps
    it; False scores the moon alone, as OpenSpiel's ``avoid_all_tricks_bonus`` does."""
    flags = [False, True, True, False]
    assert (
        points(
            [26, 0, 0, 0],
            shooter=0,
            moon=moon,
            no_trick=flags,
            no_trick_bonus=5,
            no_trick_with_moon=with_moon,
        )
        == scores
    )


def test_no_trick_bonus_not_with_the_moon_still_applies_in_a_hand_nobody_shoots() -> None:
    flags = [False, False, True, True]
    assert points([13, 13, 0, 0], no_trick=flags, no_trick_bonus=5, no_trick_with_moon=False) == (
        13,
        13,
        -5,
        -5,
    )
    with pytest.raises(HeartsError, match="no_trick_with_moon must be True or False, not 1"):
        points([13, 13, 0, 0], no_trick=flags, no_trick_bonus=5, no_trick_with_moon=1)  # type: ignore[arg-type]


def test_points_refuses_a_bad_moon() -> None:
    with pytest.raises(HeartsError, match="moon must be"):
        points([26, 0, 0, 0], shooter=0, moon="choice")
    with pytest.raises(HeartsError, match="moon must be"):
        points([26, 0, 0, 0], moon="Old")
    assert MOON_OPTIONS == ("old", "new", "off")


@pytest.mark.parametrize("shooter", [-1, 4, 17])
def test_points_refuses_a_shooter_out_of_range(shooter: int) -> None:
    with pytest.raises(HeartsError, match="seats 0 to 3"):
        points([26, 0, 0, 0], shooter=shooter)


def test_points_refuses_no_trick_flags_of_the_wrong_length() -> None:
    with pytest.raises(HeartsError, match="one flag for each of the 4 seats"):
        points([13, 13, 0, 0], no_trick=[False, True], no_trick_bonus=5)


def test_points_refuses_a_shooter_who_won_no_trick() -> None:
    with pytest.raises(HeartsError, match="cannot both shoot the moon and win no trick"):
        points([26, 0, 0, 0], shooter=0, no_trick=[True, False, False, False])


def test_points_refuses_negative_options() -> None:
    with pytest.raises(HeartsError, match="moon_total"):
        points([26, 0, 0, 0], shooter=0, moon_total=-26)
    with pytest.raises(HeartsError, match="no_trick_bonus"):
        points([26, 0, 0, 0], no_trick_bonus=-5)


# --- Argument checks ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "settle",
    [
        sweepstakes,
        simple,
        lambda p: howell(p, total=0),
        points,
    ],
)
def test_empty_or_single_seat_penalties_are_refused(settle: object) -> None:
    assert callable(settle)
    for penalties in ([], [13]):
        with pytest.raises(HeartsError, match="at least two seats"):
            settle(penalties)


@pytest.mark.parametrize(
    "settle",
    [
        sweepstakes,
        simple,
        lambda p: howell(p, total=13),
        lambda p: excess(p[:3]),
        lambda p: two_handed(p[:2]),
    ],
)
def test_counter_methods_refuse_negative_units(settle: object) -> None:
    """The counters methods take units of 0 or more (no Omnibus credits in the classic game)."""
    assert callable(settle)
    with pytest.raises(HeartsError, match="seat 1 took -10"):
        settle([13, -10, 10, 0])


def test_non_whole_units_are_refused() -> None:
    with pytest.raises(HeartsError, match="whole number"):
        sweepstakes([1.5, 11.5, 0, 0])  # type: ignore[list-item]
    with pytest.raises(HeartsError, match="whole number"):
        points([True, 0, 0, 0])


def test_negative_pool_is_refused() -> None:
    with pytest.raises(HeartsError, match="the pool"):
        sweepstakes([0, 5, 4, 4], pool=-1)
    with pytest.raises(HeartsError, match="the pool"):
        simple([0, 5, 4, 4], pool=-1)


def test_negative_free_hearts_is_refused() -> None:
    with pytest.raises(HeartsError, match="free_hearts"):
        two_handed([10, 3], free_hearts=-6)


def test_errors_are_value_errors_with_a_sentence() -> None:
    with pytest.raises(ValueError, match=r"^the excess settlement is for exactly 3 seats"):
        excess([13, 0])


def test_settlement_is_frozen() -> None:
    hand = sweepstakes([0, 5, 4, 4])
    with pytest.raises(AttributeError):
        hand.pool = 3  # type: ignore[misc]


# --- Properties ---------------------------------------------------------------------------------


@st.composite
def hands(draw: st.DrawFn, seats: st.SearchStrategy[int] | None = None) -> tuple[int, ...]:
    """Penalty units of one hand: a random split of one of the totals among 2 to 6 seats."""
    total = draw(st.sampled_from(TOTALS))
    count = draw(seats if seats is not None else st.integers(min_value=2, max_value=6))
    cuts = sorted(draw(st.lists(st.integers(0, total), min_size=count - 1, max_size=count - 1)))
    bounds = [0, *cuts, total]
    return tuple(high - low for low, high in itertools.pairwise(bounds))


pools = st.integers(min_value=0, max_value=500)


@given(hands(), pools, st.booleans(), st.booleans())
def test_property_sweepstakes_conserves_counters(
    penalties: tuple[int, ...], pool: int, jack: bool, sole: bool
) -> None:
    """§3.1: what the seats gain came out of the pool; a Jack is left exactly when nobody won."""
    hand = sweepstakes(penalties, pool=pool, jack=jack, sole_clear_wins_jack=sole)
    assert conserved(hand, pool)
    assert hand.jack == (hand.winners == ())
    assert all(penalties[seat] == 0 for seat in hand.winners)
    if not hand.jack:  # a sole clear seat takes the pot; two divide it, the odd counter stays
        assert hand.winners == tuple(s for s, units in enumerate(penalties) if units == 0)
        assert hand.pool == (pool + sum(penalties)) % len(hand.winners)
    if hand.jack:
        assert hand.pool == pool + sum(penalties)
        assert hand.deltas == tuple(-unit for unit in penalties)


@given(hands(), pools, st.booleans())
def test_property_sweepstakes_pending_jack_won_only_by_sole_clear(
    penalties: tuple[int, ...], pool: int, sole: bool
) -> None:
    hand = sweepstakes(penalties, pool=pool, jack=True, sole_clear_wins_jack=sole)
    clear = sum(1 for unit in penalties if unit == 0)
    if sole:
        assert hand.jack == (clear != 1)
    else:
        assert hand.jack == (clear not in (1, 2))


@given(hands(), pools)
def test_property_simple_conserves_counters(penalties: tuple[int, ...], pool: int) -> None:
    hand = simple(penalties, pool=pool)
    assert conserved(hand, pool)
    assert 0 <= hand.pool < len(hand.winners)
    assert not hand.jack
    assert {penalties[seat] for seat in hand.winners} == {min(penalties)}


@given(hands())
def test_property_howell_is_zero_sum_with_no_pool(penalties: tuple[int, ...]) -> None:
    total = sum(penalties)
    hand = howell(penalties, total=total)
    assert conserved(hand, 0)
    assert sum(hand.deltas) == 0
    assert (hand.pool, hand.jack) == (0, False)
    n = len(penalties)
    assert hand.deltas == tuple((n - 1) * -unit + (total - unit) for unit in penalties)


@given(hands(st.just(3)))
def test_property_excess_is_zero_sum_with_no_pool(penalties: tuple[int, ...]) -> None:
    hand = excess(penalties)
    assert conserved(hand, 0)
    assert sum(hand.deltas) == 0
    assert (hand.pool, hand.jack) == (0, False)
    most = max(penalties)
    for seat, unit in enumerate(penalties):
        assert (hand.deltas[seat] < 0) == (unit == most and len(hand.winners) > 0)


@given(hands(st.just(2)), st.sampled_from([0, 6]))
def test_property_two_handed_is_zero_sum_with_no_pool(
    penalties: tuple[int, ...], free_hearts: int
) -> None:
    hand = two_handed(penalties, free_hearts=free_hearts)
    assert conserved(hand, 0)
    assert sum(hand.deltas) == 0
    assert (hand.pool, hand.jack) == (0, False)
    loser = max(range(2), key=lambda seat: penalties[seat])
    assert hand.deltas[loser] <= 0


@given(hands(), st.sampled_from(MOON_OPTIONS), st.integers(0, 50), st.data())
def test_property_points_moon_moves_only_the_moon_total(
    penalties: tuple[int, ...], moon: str, moon_total: int, data: st.DataObject
) -> None:
    """§6.4: old moon adds (N − 2)·total to the table's sum, new moon takes 2·total off it."""
    shooter = data.draw(st.integers(0, len(penalties) - 1))
    scores = points(penalties, shooter=shooter, moon=moon, moon_total=moon_total)
    n = len(penalties)
    change = {"old": (n - 2) * moon_total, "new": -2 * moon_total, "off": 0}[moon]
    assert sum(scores) == sum(penalties) + change
    assert points(penalties, moon=moon) == penalties


# --- §8.2 Revoke settlement (laws 23–24) ---------------------------------------------------------


def test_law_23_the_revoker_pays_all_losses_and_a_third_party_takes_the_pool() -> None:
    """Law 23: the others pay nothing for their hearts; the revoker pays all thirteen."""
    hand = sweepstakes([0, 5, 4, 4], revokers=[1])
    assert hand == Settlement(deltas=(13, -13, 0, 0), pool=0, jack=False, winners=(0,))


def test_law_23_the_third_party_also_takes_the_pool_carried_in() -> None:
    hand = sweepstakes([5, 4, 0, 4], pool=1, revokers=[0])
    assert hand == Settlement(deltas=(-13, 0, 14, 0), pool=0, jack=False, winners=(2,))


def test_law_23_a_sole_clear_player_wins_a_pending_jack_fed_by_the_revoker() -> None:
    for sole in (True, False):
        hand = sweepstakes(
            [0, 3, 5, 5], pool=26, jack=True, sole_clear_wins_jack=sole, revokers=[3]
        )
        assert hand == Settlement(deltas=(39, 0, 0, -13), pool=0, jack=False, winners=(0,))


def test_law_23_a_revoker_clear_alone_pays_thirteen_for_a_jack() -> None:
    """Law 23: "Should the revoking player win the pool himself, he must pay to the pool
    thirteen counters and leave them for a Jack"."""
    hand = sweepstakes([0, 5, 4, 4], revokers=[0])
    assert hand == Settlement(deltas=(-13, 0, 0, 0), pool=13, jack=True, winners=())
    fed = sweepstakes([0, 5, 4, 4], pool=13, jack=True, revokers=[0])
    assert (fed.deltas, fed.pool, fed.jack) == ((-13, 0, 0, 0), 26, True)


def test_law_23_a_revoker_sharing_the_clear_pays_six_and_leaves_seven() -> None:
    """Law 23: "Should he divide it, he must pay the other winner six counters, and leave up
    seven for a Jack"."""
    hand = sweepstakes([0, 0, 9, 4], revokers=[0])
    assert hand == Settlement(deltas=(-13, 6, 0, 0), pool=7, jack=True, winners=())
    carried = sweepstakes([0, 9, 0, 4], pool=1, revokers=[2])
    assert (carried.deltas, carried.pool, carried.jack) == ((6, 0, -13, 0), 8, True)


def test_law_23_sharing_the_clear_with_other_totals_pays_half_and_leaves_the_rest() -> None:
    """§3.7 with §8.2 (our generalisation): the other clear seat gets T // 2, the rest stays."""
    black_lady = sweepstakes([0, 0, 13, 13], revokers=[0])
    assert (black_lady.deltas, black_lady.pool, black_lady.jack) == ((-26, 13, 0, 0), 13, True)
    black_jack = sweepstakes([0, 0, 13, 10], revokers=[1])
    assert (black_jack.deltas, black_jack.pool, black_jack.jack) == ((11, -23, 0, 0), 12, True)


def test_law_23_a_revoker_sharing_the_clear_under_a_pending_jack_feeds_it() -> None:
    """Our reading: while a Jack only a sole clear seat may win is pending, two clear seats would
    not divide it, so the revoker pays nobody and his thirteen feed the Jack."""
    hand = sweepstakes([0, 0, 6, 7], pool=13, jack=True, revokers=[0])
    assert hand == Settlement(deltas=(-13, 0, 0, 0), pool=26, jack=True, winners=())
    hoyle = sweepstakes([0, 0, 6, 7], pool=13, jack=True, sole_clear_wins_jack=False, revokers=[0])
    assert hoyle == Settlement(deltas=(-13, 6, 0, 0), pool=20, jack=True, winners=())


def test_law_23_two_clear_non_revokers_divide_the_revokers_payment() -> None:
    even = sweepstakes([0, 0, 6, 7], pool=1, revokers=[3])
    assert even == Settlement(deltas=(7, 7, 0, -13), pool=0, jack=False, winners=(0, 1))
    odd = sweepstakes([0, 0, 6, 7], revokers=[3])
    assert odd == Settlement(deltas=(6, 6, 0, -13), pool=1, jack=False, winners=(0, 1))
    pending = sweepstakes([0, 0, 6, 7], pool=13, jack=True, revokers=[2])
    assert pending == Settlement(deltas=(0, 0, -13, 0), pool=26, jack=True, winners=())


def test_law_23_nobody_or_three_clear_the_revokers_payment_stays_as_a_jack() -> None:
    nobody = sweepstakes([4, 3, 3, 3], pool=1, revokers=[0])
    assert nobody == Settlement(deltas=(-13, 0, 0, 0), pool=14, jack=True, winners=())
    three = sweepstakes([0, 13, 0, 0], revokers=[1])
    assert three == Settlement(deltas=(0, -13, 0, 0), pool=13, jack=True, winners=())


def test_law_24_two_revokers_each_pay_in_full() -> None:
    """Law 24: "if two should revoke, and a third win the pool, he would receive twenty-six
    counters, instead of thirteen"."""
    hand = sweepstakes([0, 5, 4, 4], revokers=[1, 2])
    assert hand == Settlement(deltas=(26, -13, -13, 0), pool=0, jack=False, winners=(0,))
    assert sweepstakes([0, 5, 4, 4], revokers=[2, 1]) == hand


def test_law_24_two_revokers_one_clear_alone_both_feed_a_jack() -> None:
    hand = sweepstakes([0, 5, 4, 4], revokers=[0, 1])
    assert hand == Settlement(deltas=(-13, -13, 0, 0), pool=26, jack=True, winners=())


def test_law_24_two_revokers_both_clear_pay_nobody() -> None:
    hand = sweepstakes([0, 0, 6, 7], revokers=[0, 1])
    assert hand == Settlement(deltas=(-13, -13, 0, 0), pool=26, jack=True, winners=())


def test_law_24_two_revokers_one_sharing_the_clear_pays_six_the_other_thirteen() -> None:
    hand = sweepstakes([0, 0, 6, 7], revokers=[0, 3])
    assert hand == Settlement(deltas=(-13, 6, 0, -13), pool=20, jack=True, winners=())


def test_rules_8_2_howell_revoker_pays_every_gain_and_forfeits_his_own() -> None:
    """§8.2 default (UNVERIFIED): nets (1, −7, −7, 13); B revokes and pays A 1 and D 13."""
    hand = howell([3, 5, 5, 0], total=13, revokers=[1])
    assert hand == Settlement(deltas=(1, -14, 0, 13), pool=0, jack=False, winners=(0, 3))
    winner_revoked = howell([3, 5, 5, 0], total=13, revokers=[3])
    assert winner_revoked == Settlement(deltas=(1, 0, 0, -1), pool=0, jack=False, winners=(0,))


def test_rules_8_2_howell_two_revokers_each_pay_every_gain() -> None:
    """Law 24 with §8.2: each revoker pays as if alone, so each gain is received twice."""
    hand = howell([3, 5, 5, 0], total=13, revokers=[1, 2])
    assert hand.deltas == (2, -14, -14, 26)
    everyone = howell([3, 5, 5, 0], total=13, revokers=[0, 1, 2, 3])
    assert (everyone.deltas, everyone.winners) == ((0, 0, 0, 0), ())


def test_rules_8_2_excess_revoker_pays_all_losses() -> None:
    """§8.2 (our reading): excess 8/4/1 nets (−11, 4, 7); the revoker bears every loss."""
    assert excess([8, 4, 1], revokers=[0]) == Settlement(
        deltas=(-11, 4, 7), pool=0, jack=False, winners=(1, 2)
    )
    middle = excess([8, 4, 1], revokers=[1])
    assert (middle.deltas, middle.winners) == ((0, -7, 7), (2,))
    low = excess([8, 4, 1], revokers=[2])
    assert (low.deltas, low.winners) == ((0, 4, -4), (1,))
    assert excess([8, 4, 1], revokers=[1, 2]).deltas == (0, 0, 0)


def test_rules_8_2_two_handed_revoker_pays_all_losses() -> None:
    """§8.2 (our reading): a losing revoker pays as usual; a winning revoker forfeits his gain."""
    assert two_handed([10, 3], revokers=[0]).deltas == (-7, 7)
    assert two_handed([3, 10], revokers=[0]) == Settlement(deltas=(0, 0))
    assert two_handed([10, 3], free_hearts=6, revokers=[0]).deltas == (-4, 4)
    assert two_handed([10, 3], revokers=[0, 1]).deltas == (0, 0)


def test_rules_8_2_simple_revoker_pays_the_pot_to_the_fewest_non_revoker() -> None:
    """§8.2 with §3.3 (Hoyle's method, our reading): the revoker's fewest hearts do not win."""
    hand = simple([1, 5, 3, 4], revokers=[0])
    assert hand == Settlement(deltas=(-13, 0, 13, 0), pool=0, jack=False, winners=(2,))
    carried = simple([1, 5, 3, 4], pool=2, revokers=[1])
    assert (carried.deltas, carried.pool, carried.winners) == ((15, -13, 0, 0), 0, (0,))


def test_rules_8_2_simple_tied_non_revokers_divide_remainder_stays() -> None:
    hand = simple([1, 1, 1, 10], revokers=[3])
    assert hand == Settlement(deltas=(4, 4, 4, -13), pool=1, jack=False, winners=(0, 1, 2))
    two = simple([2, 2, 2, 7], revokers=[0, 3])
    assert (two.deltas, two.pool, two.winners) == ((-13, 13, 13, -13), 0, (1, 2))


def test_rules_8_2_simple_every_seat_revoked_the_pot_stays() -> None:
    hand = simple([4, 9], pool=1, revokers=[0, 1])
    assert hand == Settlement(deltas=(-13, -13), pool=27, jack=False, winners=())


def test_rules_8_2_points_revoker_is_charged_all_26() -> None:
    """§8.2 modern comparison (pokerwiner): the revoker scores 26, the others nothing."""
    assert points([10, 16, 0, 0], revokers=[2]) == (0, 0, 26, 0)
    assert points([0, 26, 0, 0], shooter=1, revokers=[1]) == (0, 26, 0, 0)
    assert points([0, 26, 0, 0], shooter=1, moon="new", revokers=[0]) == (26, 0, 0, 0)
    flags = [False, False, True, True]
    assert points([13, 13, 0, 0], no_trick=flags, no_trick_bonus=5, revokers=[3]) == (0, 0, 0, 26)
    assert points([38, 0, 0, 0], moon_total=38, revokers=[0, 1]) == (38, 38, 0, 0)


def test_no_revokers_changes_nothing() -> None:
    assert sweepstakes([0, 5, 4, 4], revokers=()) == sweepstakes([0, 5, 4, 4])
    assert howell([3, 5, 5, 0], total=13, revokers=[]) == howell([3, 5, 5, 0], total=13)
    assert simple([1, 1, 1, 10], revokers=()) == simple([1, 1, 1, 10])
    assert excess([8, 4, 1], revokers=()) == excess([8, 4, 1])
    assert two_handed([10, 3], revokers=()) == two_handed([10, 3])
    assert points([26, 0, 0, 0], shooter=0, revokers=()) == points([26, 0, 0, 0], shooter=0)


REVOKE_METHODS = [
    pytest.param(lambda p, r: sweepstakes(p, revokers=r), "sweepstakes", id="sweepstakes"),
    pytest.param(
        lambda p, r: howell(p, total=sum(p), revokers=r), "Howell's settling", id="howell"
    ),
    pytest.param(lambda p, r: simple(p, revokers=r), "the simple method", id="simple"),
    pytest.param(lambda p, r: points(p, revokers=r), "points", id="points"),
]


@pytest.mark.parametrize(("settle", "method"), REVOKE_METHODS)
@pytest.mark.parametrize("revoker", [-1, 4, 17, True, "1", 1.0])
def test_revoke_refuses_a_revoker_out_of_range(
    settle: object, method: str, revoker: object
) -> None:
    assert callable(settle)
    with pytest.raises(HeartsError, match=rf"^{method}: a revoker must be one of seats 0 to 3"):
        settle([0, 5, 4, 4], [revoker])


@pytest.mark.parametrize(("settle", "method"), REVOKE_METHODS)
def test_revoke_refuses_a_duplicate_revoker(settle: object, method: str) -> None:
    assert callable(settle)
    with pytest.raises(HeartsError, match=rf"^{method}: seat 1 is named as a revoker twice"):
        settle([0, 5, 4, 4], [1, 2, 1])


def test_revoke_refuses_bad_revokers_in_the_small_forms() -> None:
    with pytest.raises(HeartsError, match="the excess settlement: a revoker must be one of seats"):
        excess([8, 4, 1], revokers=[3])
    with pytest.raises(HeartsError, match="the excess settlement: seat 0 is named as a revoker"):
        excess([8, 4, 1], revokers=[0, 0])
    with pytest.raises(HeartsError, match="two-handed settlement: a revoker must be one of seats"):
        two_handed([10, 3], revokers=[2])
    with pytest.raises(HeartsError, match="two-handed settlement: seat 1 is named as a revoker"):
        two_handed([10, 3], revokers=[1, 1])


def test_revoke_errors_are_value_errors() -> None:
    with pytest.raises(ValueError, match="revoker"):
        sweepstakes([0, 5, 4, 4], revokers=[4])


# --- Properties of revoke settlement -------------------------------------------------------------


@st.composite
def hand_with_revokers(
    draw: st.DrawFn, seats: st.SearchStrategy[int] | None = None
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A hand's penalty units and a set of distinct revoking seats, in random order."""
    penalties = draw(hands(seats))
    revokers = draw(st.lists(st.integers(0, len(penalties) - 1), unique=True))
    return penalties, tuple(revokers)


@given(hand_with_revokers(), pools, st.booleans(), st.booleans())
def test_property_law_23_sweepstakes_revoke_conserves_counters(
    hand_and_revokers: tuple[tuple[int, ...], tuple[int, ...]], pool: int, jack: bool, sole: bool
) -> None:
    """Laws 23–24: counters conserved; others pay nothing; each revoker pays T; never wins."""
    penalties, revokers = hand_and_revokers
    hand = sweepstakes(
        penalties, pool=pool, jack=jack, sole_clear_wins_jack=sole, revokers=revokers
    )
    assert conserved(hand, pool)
    assert hand.jack == (hand.winners == ())
    assert all(penalties[seat] == 0 and seat not in revokers for seat in hand.winners)
    if not revokers:
        assert hand == sweepstakes(penalties, pool=pool, jack=jack, sole_clear_wins_jack=sole)
        return
    total = sum(penalties)
    for seat, delta in enumerate(hand.deltas):
        assert delta == -total if seat in revokers else delta >= 0


@given(hand_with_revokers(), pools)
def test_property_rules_8_2_simple_revoke_conserves_counters(
    hand_and_revokers: tuple[tuple[int, ...], tuple[int, ...]], pool: int
) -> None:
    penalties, revokers = hand_and_revokers
    hand = simple(penalties, pool=pool, revokers=revokers)
    assert conserved(hand, pool)
    assert not hand.jack
    assert not set(hand.winners) & set(revokers)
    if revokers:
        total = sum(penalties)
        for seat, delta in enumerate(hand.deltas):
            assert delta == -total if seat in revokers else delta >= 0
        if len(revokers) < len(penalties):
            fewest = min(u for seat, u in enumerate(penalties) if seat not in revokers)
            assert {penalties[seat] for seat in hand.winners} == {fewest}
            assert 0 <= hand.pool < len(hand.winners)


def check_revoker_pays_all_losses(
    hand: Settlement, normal: Settlement, revokers: tuple[int, ...]
) -> None:
    """§8.2 for the zero-sum methods: others gain k times their normal gain and pay nothing;
    every revoker pays the same, which is all those gains."""
    assert conserved(hand, 0)
    assert sum(hand.deltas) == 0
    assert (hand.pool, hand.jack) == (0, False)
    if not revokers:
        assert hand == normal
        return
    k = len(revokers)
    gains = 0
    for seat, (delta, net) in enumerate(zip(hand.deltas, normal.deltas, strict=True)):
        if seat not in revokers:
            assert delta == k * max(net, 0)
            gains += max(net, 0)
    assert {hand.deltas[seat] for seat in revokers} == {-gains}


@given(hand_with_revokers())
def test_property_rules_8_2_howell_revoke_is_zero_sum(
    hand_and_revokers: tuple[tuple[int, ...], tuple[int, ...]],
) -> None:
    penalties, revokers = hand_and_revokers
    total = sum(penalties)
    hand = howell(penalties, total=total, revokers=revokers)
    check_revoker_pays_all_losses(hand, howell(penalties, total=total), revokers)


@given(hand_with_revokers(st.just(3)))
def test_property_rules_8_2_excess_revoke_is_zero_sum(
    hand_and_revokers: tuple[tuple[int, ...], tuple[int, ...]],
) -> None:
    penalties, revokers = hand_and_revokers
    hand = excess(penalties, revokers=revokers)
    check_revoker_pays_all_losses(hand, excess(penalties), revokers)


@given(hand_with_revokers(st.just(2)), st.sampled_from([0, 6]))
def test_property_rules_8_2_two_handed_revoke_is_zero_sum(
    hand_and_revokers: tuple[tuple[int, ...], tuple[int, ...]], free_hearts: int
) -> None:
    penalties, revokers = hand_and_revokers
    hand = two_handed(penalties, free_hearts=free_hearts, revokers=revokers)
    check_revoker_pays_all_losses(hand, two_handed(penalties, free_hearts=free_hearts), revokers)


@given(hand_with_revokers(), st.sampled_from(MOON_OPTIONS), st.integers(0, 50))
def test_property_rules_8_2_points_revokers_take_the_whole_total(
    hand_and_revokers: tuple[tuple[int, ...], tuple[int, ...]], moon: str, moon_total: int
) -> None:
    penalties, revokers = hand_and_revokers
    scores = points(penalties, moon=moon, moon_total=moon_total, revokers=revokers)
    if revokers:
        assert scores == tuple(moon_total if s in revokers else 0 for s in range(len(penalties)))
    else:
        assert scores == penalties


@pytest.mark.parametrize(
    "call",
    [
        lambda: points([26, 0, 0, 0], shooter=9),
        lambda: points([26, 0, 0, 0], moon="choice"),
        lambda: points([13, 13, 0, 0], no_trick=[True]),
        lambda: points([13, 13, 0, 0], no_trick_with_moon=1),  # type: ignore[arg-type]
        lambda: sweepstakes([13, "0", 0, 0]),  # type: ignore[list-item]
        lambda: sweepstakes([13, 0, 0, 0], pool=-1),
        lambda: sweepstakes([13, 0, 0, 0], revokers=[7]),
        lambda: howell([3, 5, 5, 0], total=12),
        lambda: excess([13, 0, 0, 0]),
        lambda: simple([13]),
    ],
)
def test_a_settlement_given_bad_arguments_refuses_them_as_invalid_arguments(call: Any) -> None:
    """The settlements are functions: a value one does not take (a seat that is no seat, a
    count below zero, penalties of the wrong number of seats or not summing to the total) is
    an InvalidArgument, the engine's kind for bad arguments, not a bare HeartsError."""
    with pytest.raises(InvalidArgument):
        call()


def test_tied_lowest_continues_by_default_or_shares_when_asked() -> None:
    """docs/rules.md §6.4: ties for lowest play on until one seat is lowest; option: a shared win."""
    rules = variants.get("modern")
    assert game_winners(rules, [100, 40, 40, 70], 5) == ()
    assert game_winners(rules.replace(ties=TieRule.SHARE), [100, 40, 40, 70], 5) == (1, 2)
    assert game_winners(rules, [100, 39, 40, 70], 5) == (1,)
    assert game_winners(rules, [99, 39, 40, 70], 5) == ()  # nobody has reached the target


def test_a_game_of_a_number_of_deals_ends_after_them_whatever_the_totals() -> None:
    """docs/rules.md §6.4: a game of so many deals ends when they are played."""
    rules = variants.get("modern").replace(end=GameEnd.DEALS, deals=4)
    assert game_winners(rules, [10, 5, 7, 3], 3) == ()
    assert game_winners(rules, [10, 5, 7, 3], 4) == (3,)
