"""Duplicate events' core (hearts.duplicate): matchpoints and diffs computed by hand, the
standings, the close rule, the seeds' commitments, and an event's export verified (each seed
against its digest, each game's deal against its seed, every move by the rules)."""

from __future__ import annotations

import copy
import hashlib
import random
import re
from typing import Any

import pytest

from hearts import Game, InvalidRecord, duplicate, record, variants
from hearts.duplicate import Result, score_deal, standings
from hearts.rules import GameEnd, TieRule

RULES = variants.get("modern").replace(end=GameEnd.DEALS, deals=1, ties=TieRule.SHARE)


def test_matchpoints_count_two_for_a_score_beaten_and_one_for_a_tie_out_of_two_per_other() -> None:
    """Four results at one seat, 0, 5, 5 and 13 points (fewer is better): by hand, 0 beats
    three (6 of 6), each 5 beats one and ties one (3 of 6), 13 beats none (0 of 6)."""
    plays = [Result("a", 0, 5), Result("b", 0, 0), Result("c", 0, 13), Result("d", 0, 5)]
    scored = {s.who: s for s in score_deal(plays)}
    assert {who: s.matchpoints for who, s in scored.items()} == {
        "a": 50.0,
        "b": 100.0,
        "c": 0.0,
        "d": 50.0,
    }
    average = (5 + 0 + 13 + 5) / 4
    assert {who: s.diff for who, s in scored.items()} == {
        "a": 5 - average,
        "b": 0 - average,
        "c": 13 - average,
        "d": 5 - average,
    }


def test_a_lone_result_scores_half_and_seats_are_compared_apart() -> None:
    """A result alone at its seat has nothing to beat or lose to: 50%, a diff of 0; results at
    another seat of the same deal are not compared with it."""
    scored = score_deal([Result("a", 0, 26), Result("b", 1, 0)])
    assert [(s.who, s.matchpoints, s.diff) for s in scored] == [("a", 50.0, 0.0), ("b", 50.0, 0.0)]


def test_counters_are_compared_the_other_way() -> None:
    """Where more is better, the larger score beats the smaller."""
    scored = score_deal([Result("a", 0, 3), Result("b", 0, -1)], lower_better=False)
    assert [s.matchpoints for s in scored] == [100.0, 0.0]


def test_an_unfinished_deal_is_left_out_while_open_and_worst_at_the_close() -> None:
    """The close rule: while the event is open, a deal in play is compared with nobody; at the
    close it counts as the worst finished result at its seat (tied with it), and where nobody
    finished its seat it scores 0% and a diff of 0."""
    plays = [Result("a", 0, 3), Result("b", 0, 9), Result("c", 0, None), Result("d", 2, None)]
    assert [s.who for s in score_deal(plays)] == ["a", "b"]
    closed = {s.who: s for s in score_deal(plays, closed=True)}
    # by hand: a (3) beats b and c (9 each): 4 of 4; b and c tie each other, lose to a: 1 of 4
    assert (closed["a"].matchpoints, closed["b"].matchpoints) == (100.0, 25.0)
    assert (closed["c"].points, closed["c"].matchpoints, closed["c"].unfinished) == (9, 25.0, True)
    assert closed["c"].diff == pytest.approx(9 - 7)
    assert (closed["d"].points, closed["d"].matchpoints, closed["d"].diff) == (None, 0.0, 0.0)


def test_standings_average_the_matchpoints_and_total_the_diffs() -> None:
    """Two deals: a 100% and 50% (average 75), b 0% and 50% (25); c played one deal only."""
    one = score_deal([Result("a", 0, 0), Result("b", 0, 26), Result("c", 0, 13)])
    two = score_deal([Result("a", 0, 4), Result("b", 0, 4)])
    rows = standings([one, two])
    assert [(r.place, r.who, r.played) for r in rows] == [(1, "a", 2), (2, "c", 1), (3, "b", 2)]
    by = {r.who: r for r in rows}
    assert (by["a"].matchpoints, by["c"].matchpoints, by["b"].matchpoints) == (75.0, 50.0, 25.0)
    assert by["a"].diff == pytest.approx(0 - 13 + 0) and by["b"].diff == pytest.approx(13)


def test_people_equal_on_matchpoints_and_diff_share_a_place() -> None:
    deal = score_deal([Result("a", 0, 4), Result("b", 0, 4)])
    assert [(r.place, r.who) for r in standings([deal])] == [(1, "a"), (1, "b")]


def test_a_commitment_is_the_sha256_of_the_seed_and_hides_it() -> None:
    """The digest is sha256 over the domain, the event, the deal and the seed (by hand); the
    seed is 256 random bits, so the digest cannot be walked back; the game's seed is a one-way
    function of it."""
    seed = duplicate.new_seed()
    assert re.fullmatch(r"[0-9a-f]{64}", seed) and seed != duplicate.new_seed()
    by_hand = hashlib.sha256(f"hearts event deal v1|K|3|{seed}".encode()).hexdigest()
    assert duplicate.commitment("K", 3, seed) == by_hand
    assert seed not in by_hand and duplicate.commitment("K", 4, seed) != by_hand
    assert 0 <= duplicate.game_seed(seed) < 2**63
    assert duplicate.game_seed(seed) != duplicate.game_seed(duplicate.new_seed())


def _one_hand(seed: str, rng: random.Random) -> Game:
    game = Game(RULES, seed=duplicate.game_seed(seed), hand_seeds=True)
    while not game.is_over:
        seat = next(s for s in range(game.players) if game.legal_moves(s))
        game.play(rng.choice(game.legal_moves(seat)), seat)
    return game


def export(deals: int = 2, games: int = 2) -> dict[str, Any]:
    """An event's export made from the core alone: each deal's games played at random from
    the deal's seed."""
    rng = random.Random(5)
    deal_list = []
    for number in range(1, deals + 1):
        seed = f"{rng.getrandbits(256):064x}"  # (a deal's seed, as new_seed makes them)
        played = [_one_hand(seed, rng) for _ in range(games)]
        deal_list.append(
            {
                "number": number,
                "digest": duplicate.commitment("Ev", number, seed),
                "seed": seed,
                "games": [
                    {
                        "table": f"t{number}{i}",
                        "seat": 0,
                        "points": g.scores[0],
                        "record": record.to_dict(g),
                    }
                    for i, g in enumerate(played)
                ],
            }
        )
    return {"format": "hearts-event", "version": 1, "key": "Ev", "deal_list": deal_list}


def test_an_honest_export_verifies_deal_by_deal_and_game_by_game() -> None:
    report = duplicate.verify_event(export())
    assert report.ok, report.lines()
    lines = report.lines()
    assert lines[0].startswith("deal 1: seed ✓") and lines[1:3] == [
        "deal 1, table t10: deal ✓, play ✓",
        "deal 1, table t11: deal ✓, play ✓",
    ]
    assert len(lines) == 6


def test_each_kind_of_tampering_is_named_in_a_sentence() -> None:
    """A seed changed (not the one committed to), a game dealt from another seed, a card
    changed (the rules' replay differs), points changed: each fails, named by deal and table."""
    honest = export()
    cases = []
    changed = copy.deepcopy(honest)
    changed["deal_list"][0]["seed"] = duplicate.new_seed()
    cases.append((changed, "deal 1: its seed is not the one committed to"))
    swapped = copy.deepcopy(honest)
    swapped["deal_list"][1]["games"][0] = honest["deal_list"][0]["games"][0]
    cases.append((swapped, "deal 2, table t10: its game was not dealt from the deal's seed"))
    moved = copy.deepcopy(honest)
    events = moved["deal_list"][0]["games"][1]["record"]["events"]
    at = next(i for i, e in enumerate(events) if e["kind"] == "card_played")
    other = next(e for e in events[at + 1 :] if e["kind"] == "card_played")
    events[at]["card"], other["card"] = other["card"], events[at]["card"]
    cases.append((moved, "deal 1, table t11: hand 1: commitment ✓, deal ✓, play ✗"))
    points = copy.deepcopy(honest)
    points["deal_list"][1]["games"][1]["points"] = 999
    cases.append((points, "deal 2, table t21: seat 1 scored"))
    for data, words in cases:
        report = duplicate.verify_event(data)
        assert not report.ok
        assert any(line.startswith(words) for line in report.problems), report.problems


def test_what_is_no_export_is_refused_in_a_sentence() -> None:
    with pytest.raises(InvalidRecord, match="format 'hearts-event'"):
        duplicate.verify_event({"format": "hearts-record"})
    with pytest.raises(InvalidRecord, match="version 1"):
        duplicate.verify_event({"format": "hearts-event", "version": 7})
    unrevealed = export(deals=1, games=0)
    unrevealed["deal_list"][0]["seed"] = None
    assert duplicate.verify_event(unrevealed).problems == (
        "deal 1: its seed is not revealed (64 hex digits)",
    )


def test_a_deals_matchpoints_are_each_results_against_the_others_at_its_seat() -> None:
    """score_deal (which ranks each seat's scores once) gives every result the matchpoints of
    :func:`matchpoints` against the other results at its seat, in random deals of ties, lone
    results and unfinished plays, in either direction of better."""
    rng = random.Random(7)
    for _ in range(500):
        results = [
            Result(f"p{i}", rng.randint(0, 2), rng.choice([0, 1, 3, 13, 26, None]))
            for i in range(rng.randint(1, 9))
        ]
        for lower_better in (True, False):
            scored = score_deal(results, closed=True, lower_better=lower_better)
            for one in scored:
                if one.points is None:
                    continue
                seat = [s.points for s in scored if s.seat == one.seat and s.points is not None]
                seat.remove(one.points)
                expected = duplicate.matchpoints(one.points, seat, lower_better=lower_better)
                assert one.matchpoints == pytest.approx(expected), (results, one)
