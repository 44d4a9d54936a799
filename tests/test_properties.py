"""Property tests: invariants that hold in random games of every preset (docs/architecture.md, conventions).

Each test draws a seed with hypothesis, deals a game from it and drives it with random legal
moves chosen by ``random.Random(seed)``; the invariant is checked at every step or at the end of
every hand. The rule each test checks is named in its docstring (docs/rules.md section or law number).
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import face_down
import hearts
from hearts import Card, CardSet, Deal, Game, Phase, Rules, variants
from hearts.events import Dealt, GameOver, HandSettled
from hearts.observation import SeatView, seen_log
from hearts.rules import GameEnd, SettlementMethod, TieRule
from invariants import (
    check_cards_conserved,
    check_follows_suit,
    check_penalties,
    check_settlement,
    check_tricks,
    check_view,
    deal_fingerprint,
    game_fingerprint,
    kept,
    mask,
    play_game,
    play_hand,
    random_move,
    random_step,
    starting_totals,
)

# ----------------------------------------------------------------------------- rule sets


def _rule_sets() -> list:
    """Every preset, and a few other table sizes of the modern, classic and Howell games."""
    params = [pytest.param(variants.get(name), id=name) for name in variants.names()]
    for base, counts in (("modern", (2, 3, 5, 6, 7)), ("classic", (2, 3, 6)), ("howell", (3, 6))):
        for players in counts:
            rules = variants.for_players(variants.get(base), players)
            params.append(pytest.param(rules, id=f"{base}-for-{players}"))
    # The options of forms with a widow (docs/rules.md §5.5, §7.2, §7.6) and the laws at a table; the
    # no-trick bonus that a moon hand drops (OpenSpiel's).
    options: tuple[tuple[str, str, dict[str, object]], ...] = (
        (
            "cancellation",
            "widow-last",
            {"cancellation": {"widow": "last-trick", "unwon_last_trick": "second-of-pair"}},
        ),
        ("heartsette", "widow-last", {"widow": "last-trick"}),
        ("heartsette", "widow-first", {"widow": "first-trick"}),
        ("modern", "laws", {"laws": True}),
        ("auction", "laws", {"laws": True}),
        ("no-trick", "not-with-moon", {"settlement": {"no_trick": {"with_moon": False}}}),
    )
    for base, label, changes in options:
        params.append(pytest.param(variants.get(base).replace(**changes), id=f"{base}-{label}"))
    return params


RULE_SETS = _rule_sets()
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def _settings(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        print_blob=True,
    )


# ----------------------------------------------------------------------------- the properties


@pytest.mark.parametrize("rules", RULE_SETS)
@_settings(15)
@given(seed=SEEDS)
def test_cards_conserved(rules: Rules, seed: int) -> None:
    """docs/rules.md §1.1, §1.5, §4.1, §6.2 (laws 3, 8): every card of the pack in play is in exactly
    one place — a hand, a trick, the stock, or a pass in transit — at every step of a hand."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(2):
        if game.is_over:
            break
        deal = game.deal
        dealt = deal.events[0]
        assert isinstance(dealt, Dealt)
        assert mask(dealt.stock) | mask(c for h in dealt.hands for c in h) == rules.pack
        assert sum(len(h) for h in dealt.hands) + len(dealt.stock) == rules.pack.bit_count()
        play_hand(game, rng, lambda d, s, m: check_cards_conserved(d))
        check_cards_conserved(deal)
        assert all(not deal.hand(s) for s in range(deal.players)) and not deal.stock


@pytest.mark.parametrize("rules", RULE_SETS)
@_settings(15)
@given(seed=SEEDS)
def test_one_card_per_seat_per_trick(rules: Rules, seed: int) -> None:
    """docs/rules.md §2.2–2.5, §6.3.1, §6.3.4 (laws 16–17, 20–21 by construction): each trick has one
    card from each seat that takes cards, in turn from the leader, who is the last trick's winner
    (or the first leader); the highest card of the suit led takes it."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(2):
        if game.is_over:
            break
        deal = play_hand(game, rng, lambda d, s, m: check_tricks(d) if not d.trick else None)
        check_tricks(deal)
        if rules.domino:  # tricks shrink as seats drop out; the last seat keeps the rest
            in_tricks = sum(len(trick.cards) for trick in deal.tricks)
            assert in_tricks + len(CardSet(kept(deal))) == rules.pack.bit_count()
        else:
            assert len(deal.tricks) == rules.pack.bit_count() // len(deal.seats)


@pytest.mark.parametrize("rules", RULE_SETS)
@_settings(15)
@given(seed=SEEDS)
def test_follow_suit(rules: Rules, seed: int) -> None:
    """docs/rules.md §2.2–2.3, §6.3.2 (law 22 by construction): every card played follows the suit
    led, or its player held none of that suit when he played it."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)

    def step(deal: Deal, seat: int, move: object) -> None:
        if isinstance(move, Card):
            check_follows_suit(deal, seat, move)

    for _ in range(2):
        if game.is_over:
            break
        play_hand(game, rng, step)


@pytest.mark.parametrize("rules", RULE_SETS)
@_settings(15)
@given(seed=SEEDS)
def test_penalty_totals(rules: Rules, seed: int) -> None:
    """docs/rules.md §3.7, §6.4–6.5: at the end of a hand the seats took every penalty unit (T, plus
    any card worth less than nothing); the hand's points are the units, or the moon's (Old
    Moon: the shooter T less, every other seat T more)."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(3):
        if game.is_over:
            break
        check_penalties(play_hand(game, rng))


@pytest.mark.parametrize("rules", RULE_SETS)
@_settings(6)
@given(seed=SEEDS)
@example(seed=1)  # modern-for-7: seat 4 shoots in hand 10; dealer 3 sat out but was paid +26
def test_ledger_conservation(rules: Rules, seed: int) -> None:
    """docs/rules.md §3.1–3.6, §4.5, law 29: counters are only moved, never made — after every hand
    the seats' counters and the pool add up to what the seats started with; Howell, the excess
    and two-handed settlements are zero-sum with no pool; points add each hand's points."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    start = list(game.scores)
    assert start == starting_totals(rules)
    totals, pool = start, 0
    while not game.is_over and game.hand_number < 40:
        deal = play_hand(game, rng)
        totals, pool = check_settlement(game, deal, totals, pool)


@pytest.mark.parametrize("rules", RULE_SETS)
@_settings(10)
@given(seed=SEEDS, before=st.integers(0, 130), k=st.integers(1, 70))
def test_undo_restores_exactly(rules: Rules, seed: int, before: int, k: int) -> None:
    """docs/architecture.md (copy/undo; state unchanged after any error): k random moves then k undos give
    back exactly the state before them, across hand boundaries and the end of the game too; the
    same moves again give the same events (the next deal is dealt alike)."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    start = game_fingerprint(game)
    with pytest.raises(hearts.IllegalMove):
        game.undo()
    assert game_fingerprint(game) == start
    for _ in range(before):
        if game.is_over:
            break
        random_step(game, rng)
    snapshot = game_fingerprint(game)
    moves = []
    for _ in range(k):
        if game.is_over:
            break
        seat, move = random_move(game, rng)
        moves.append((seat, move))
        game.play(move, seat)
    after = game_fingerprint(game)
    for _ in moves:
        game.undo()
    assert game_fingerprint(game) == snapshot
    for seat, move in moves:
        game.play(move, seat)
    assert game_fingerprint(game) == after


@pytest.mark.parametrize("rules", RULE_SETS)
@_settings(10)
@given(seed=SEEDS, back=st.integers(1, 8), on=st.integers(0, 6))
def test_undo_across_hand_boundary(rules: Rules, seed: int, back: int, on: int) -> None:
    """docs/architecture.md (undo), laws 8–9: undoing from the next hand back into the last one (or out of
    a game just over) restores the earlier hand exactly, settlement and pool included."""
    first = Game(rules, seed=seed)
    rng = random.Random(seed)
    moves: list[tuple[int, object]] = []
    play_hand(first, rng, lambda d, s, m: moves.append((s, m)))
    back = min(back, len(moves))
    game = Game(rules, seed=seed)
    for seat, move in moves[:-back]:
        game.play(move, seat)
    snapshot = game_fingerprint(game)
    for seat, move in moves[-back:]:
        game.play(move, seat)
    # The hand is over: the next one is dealt, unless it ended the game.
    assert game.is_over == isinstance(game.events[-1], GameOver)
    assert game.hand_number == (0 if game.is_over else 1)
    later = 0
    for _ in range(on):
        if game.is_over:
            break
        seat, move = random_move(game, rng)
        game.play(move, seat)
        later += 1
    for _ in range(back + later):
        game.undo()
    assert game_fingerprint(game) == snapshot


@pytest.mark.parametrize("rules", RULE_SETS)
@_settings(10)
@given(seed=SEEDS, before=st.integers(0, 60))
def test_deal_copy_is_independent(rules: Rules, seed: int, before: int) -> None:
    """docs/architecture.md principle 5 (copy/undo for search): playing a copy of a deal to its end leaves
    the original and its game unchanged; undoing the copy brings it back to the original; the
    same moves on both give the same events."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    deal = game.deal
    for _ in range(before):
        if deal.is_over or game.deal is not deal:
            break
        random_step(game, rng)
    if game.deal is not deal:
        deal = game.deal
    original, game_state = deal_fingerprint(deal), game_fingerprint(game)
    copy = deal.copy()
    assert deal_fingerprint(copy) == original
    moves = []
    while not copy.is_over:
        if copy.phase is Phase.PASS:
            seat = rng.choice([s for s in copy.seats if copy.passed(s) is None])
            move = rng.choice(copy.legal_moves(seat))
        else:
            seat = copy.to_act
            move = rng.choice(copy.legal_moves())
        copy.play(move, seat)
        moves.append((seat, move))
        assert deal_fingerprint(deal) == original
    assert game_fingerprint(game) == game_state
    finished = copy.events
    for _ in moves:
        copy.undo()
    assert deal_fingerprint(copy) == original
    if not game.is_over:
        for seat, move in moves:
            game.play(move, seat)
        assert deal.events == finished


@pytest.mark.parametrize("rules", RULE_SETS)
@_settings(10)
@given(seed=SEEDS, other=SEEDS)
def test_same_seed_same_game(rules: Rules, seed: int, other: int) -> None:
    """docs/architecture.md principle 1 (randomness only from the injected generator), §1.3: the same seed
    and the same moves give the same events; another seed gives another deal."""
    games = [Game(rules, seed=seed), Game(rules, seed=seed)]
    moves: list[tuple[int, object]] = []
    rngs = [random.Random(other), random.Random(other)]
    for game, rng in zip(games, rngs, strict=True):
        for _ in range(2):
            if game.is_over:
                break
            play_hand(
                game, rng, (lambda d, s, m: moves.append((s, m))) if game is games[0] else None
            )
    assert games[0].events == games[1].events
    replayed = Game.replay(rules, seed, moves)
    assert replayed.events == games[0].events
    if other != seed:
        deal_a = Game(rules, seed=seed).deal.events[0]
        deal_b = Game(rules, seed=other).deal.events[0]
        assert isinstance(deal_a, Dealt) and isinstance(deal_b, Dealt)
        assert (deal_a.hands, deal_a.stock) != (deal_b.hands, deal_b.stock)


@pytest.mark.parametrize("rules", RULE_SETS)
@_settings(10)
@given(seed=SEEDS)
def test_view_safety(rules: Rules, seed: int) -> None:
    """docs/architecture.md principle 4, docs/rules.md §6.2 (received cards unseen until one's own pass), §2.6
    and law 28 (only played cards are public): no seat's view shows another seat's unplayed
    cards, cards passed to others in transit, or the stock."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)

    def step(deal: Deal, seat: int, move: object) -> None:
        for viewer in range(deal.players):
            check_view(deal, viewer)

    deal = play_hand(game, rng, step)
    for viewer in range(deal.players):
        check_view(deal, viewer)


FACE_DOWN = [
    pytest.param(variants.get("cancellation"), id="cancellation"),
    pytest.param(variants.for_players(variants.get("cancellation"), 9), id="cancellation-for-9"),
    pytest.param(variants.get("heartsette"), id="heartsette"),
    pytest.param(variants.for_players(variants.get("heartsette"), 6), id="heartsette-for-6"),
    pytest.param(variants.get("heartsette").replace(widow="first-trick"), id="heartsette-first"),
]
"""The forms with cards face down while the hand is played: a widow that goes with the first
trick taken (Cancellation Hearts, Heartsette's ``first-trick``), Heartsette's discards."""


def _comparable(view: SeatView) -> SeatView:
    """The view with its legal moves as a tuple (the lazy pass choices do not compare)."""
    return dataclasses.replace(view, legal_moves=tuple(view.legal_moves))


@pytest.mark.parametrize("rules", FACE_DOWN)
@_settings(8)
@given(seed=SEEDS)
def test_cards_face_down_show_nothing_to_a_seat_that_has_not_seen_them(
    rules: Rules, seed: int
) -> None:
    """docs/rules.md §5.5, §7.2: nothing of a card face down, what it counts included, shows to a
    seat that has not seen it while the hand is played. Twin games (``face_down.twins``) differ
    only in a card of a widow that goes with a trick (which nobody sees, its taker neither) or in
    a card of Heartsette's discards (which only the discarder sees), which counts differently:
    at every step of the play every other seat's view, a watcher's and the log as each sees it
    are the same in both, though what the seats have taken differs; the log as a seat sees it
    is its view's events."""
    twins = face_down.twins(rules, seed)
    differed = 0
    for first, second in twins.steps():
        for seat in twins.blind:
            assert _comparable(first.view(seat)) == _comparable(second.view(seat)), seat
        assert first.public_view() == second.public_view()
        for seat in (*twins.blind, None):
            seen = seen_log(first.events, seat, rules)
            assert seen == seen_log(second.events, seat, rules)
            shown = first.public_view() if seat is None else first.view(seat)
            assert tuple(seen[-len(shown.events) :]) == shown.events
        differed += first.deal.penalties() != second.deal.penalties()
    assert differed, "the twins never differed in what was taken: the test meets nothing"


@pytest.mark.parametrize("rules", RULE_SETS)
@_settings(5)
@given(seed=SEEDS)
def test_game_ends(rules: Rules, seed: int) -> None:
    """docs/rules.md §3.4, §6.4 (end and ties), §1.5: a random game ends within a bound of hands,
    exactly when its end rule first says so; the winners have the lowest points (points) or the
    most counters, and under ties=continue there is exactly one — except when a seat has lost all
    its counters or won the agreed number, which ends the game at once (tied seats share)."""
    game = Game(rules, seed=seed)
    play_game(game, random.Random(seed))
    winners = game.winners()
    totals = game.scores
    assert winners
    best = min(totals) if rules.method is SettlementMethod.POINTS else max(totals)
    assert winners == tuple(s for s, t in enumerate(totals) if t == best)
    plays_on = rules.ties is TieRule.CONTINUE and rules.end in (GameEnd.TARGET, GameEnd.DEALS)
    if plays_on:
        assert len(winners) == 1
    over = [e for e in game.events if isinstance(e, GameOver)]
    assert len(over) == 1 and over[0].winners == winners and over[0].totals == totals
    assert isinstance(game.events[-1], GameOver)

    def ended(totals: tuple[int, ...], hands: int) -> bool:
        if rules.end is GameEnd.TARGET:
            reached = max(totals) >= rules.target
        elif rules.end is GameEnd.DEALS:
            reached = hands >= rules.deals
        elif rules.end is GameEnd.BANKRUPT:
            reached = min(totals) <= 0
        else:
            reached = max(totals) - rules.start_counters >= rules.target
        top = min(totals) if rules.method is SettlementMethod.POINTS else max(totals)
        unique = list(totals).count(top) == 1
        return reached and (unique or not plays_on)

    settled = [e for e in game.events if isinstance(e, HandSettled)]
    assert len(settled) == game.hand_number + 1
    for number, event in enumerate(settled):
        assert ended(event.totals, number + 1) == (number == len(settled) - 1)
    assert game.to_act is None and not game.legal_moves()
    with pytest.raises(hearts.IllegalMove):
        game.play(Card.parse("2C"))


@pytest.mark.parametrize("rules", RULE_SETS)
@_settings(3)
@given(seed=SEEDS, cut=st.integers(1, 200))
def test_record_round_trips(rules: Rules, seed: int, cut: int) -> None:
    """docs/architecture.md principle 3 (events are the truth; a game is rebuilt from rules + events):
    a record of a game, in progress or over, loads back to the same events."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if game.is_over:
            break
        random_step(game, rng)
    assert hearts.record.loads(hearts.record.dumps(game)).events == game.events
    play_game(game, rng)
    assert hearts.record.loads(hearts.record.dumps(game)).events == game.events
