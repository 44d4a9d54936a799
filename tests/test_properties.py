"""Property tests: invariants that hold in random games of every preset (DESIGN.md, Conventions).

Each test draws a seed with hypothesis, deals a game from it and drives it with random legal
moves chosen by ``random.Random(seed)``; the invariant is checked at every step or at the end of
every hand. The rule each test checks is named in its docstring (RULES.md section or law number).
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Iterable

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import hearts
from hearts import Card, CardSet, Deal, Game, Pass, Phase, Rules, variants
from hearts.cards import JOKER, cards_of
from hearts.deal import PassChoices
from hearts.events import (
    CardPlayed,
    CardsKept,
    Dealt,
    Discarded,
    GameOver,
    HandOver,
    HandSettled,
    MoonChosen,
    Passed,
    StockDrawn,
    TrickCarried,
    TrickWon,
)
from hearts.rules import (
    FirstLead,
    GameEnd,
    LastTrick,
    Moon,
    SettlementMethod,
    TieRule,
    Widow,
)

# ----------------------------------------------------------------------------- rule sets


def _rule_sets() -> list:
    """Every preset, and a few other table sizes of the modern, classic and Howell games."""
    params = [pytest.param(variants.get(name), id=name) for name in variants.names()]
    for base, counts in (("modern", (2, 3, 5, 6, 7)), ("classic", (2, 3, 6)), ("howell", (3, 6))):
        for players in counts:
            rules = variants.for_players(variants.get(base), players)
            params.append(pytest.param(rules, id=f"{base}-for-{players}"))
    # The options of forms with a widow (RULES.md §5.5, §7.2, §7.6) and the laws at a table; the
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
COUNTERS_ZERO_SUM = (SettlementMethod.HOWELL, SettlementMethod.EXCESS, SettlementMethod.TWO_HANDED)
MAX_HANDS = 2000
"""A bound on the hands of one random game: the slowest preset (two-handed, 50 counters, a
random walk of the difference in hearts) averages under a hundred."""


def _settings(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        print_blob=True,
    )


# ----------------------------------------------------------------------------- driving games


def random_move(game: Game, rng: random.Random) -> tuple[int, object]:
    """A random legal move of the game in progress, and the seat that makes it.

    In the pass phase any seat that has not passed yet may pass, in any order.
    """
    deal = game.deal
    if deal.phase is Phase.PASS:
        seat = rng.choice([s for s in deal.seats if deal.passed(s) is None])
        moves = game.legal_moves(seat)
    else:
        seat = game.to_act
        moves = game.legal_moves()
    assert len(moves) > 0, f"seat {seat} has no legal move in {deal!r}"
    return seat, rng.choice(moves)


def random_step(game: Game, rng: random.Random) -> tuple[int, object]:
    """Make one random legal move; return the seat and the move."""
    seat, move = random_move(game, rng)
    game.play(move, seat)
    return seat, move


def play_hand(
    game: Game,
    rng: random.Random,
    on_step: Callable[[Deal, int, object], None] | None = None,
) -> Deal:
    """Play the hand in progress to its end with random legal moves; return that hand.

    ``on_step(deal, seat, move)`` is called before each move is made.
    """
    deal = game.deal
    while not deal.is_over:
        seat, move = random_move(game, rng)
        if on_step is not None:
            on_step(deal, seat, move)
        game.play(move, seat)
    return deal


def play_game(game: Game, rng: random.Random, max_hands: int = MAX_HANDS) -> None:
    """Play the game to its end (at most ``max_hands`` hands)."""
    while not game.is_over:
        assert game.hand_number < max_hands, f"the game has not ended after {max_hands} hands"
        play_hand(game, rng)


def mask(cards: Iterable[Card]) -> int:
    """The bitmask of some cards."""
    result = 0
    for card in cards:
        result |= 1 << card
    return result


def hand_after_passing(deal: Deal, seat: int) -> CardSet:
    """The cards a seat held when the first card was led: dealt, less passed, plus received."""
    held = deal.dealt_hand(seat)
    passed, received = deal.passed(seat), deal.received(seat)
    if passed is not None:
        held = held - passed
    if received is not None:
        held = held | received
    return held


def first_leader(deal: Deal) -> int:
    """Who leads the first trick: the holder of the lowest club (modern), the highest bidder or
    the Jack's namer (Auction Hearts, RULES.md §5.1.4), or the eldest hand."""
    rules = deal.rules
    if rules.auction and deal.bidder is not None:
        return deal.bidder
    if rules.first_lead is FirstLead.LOWEST_CLUB:
        for seat in deal.seats:
            if rules.lowest_club in hand_after_passing(deal, seat):
                return seat
    seat = (deal.dealer + 1) % deal.players
    while seat not in deal.seats:
        seat = (seat + 1) % deal.players
    return seat


def value(deal: Deal, card: Card) -> int:
    """What a card counts this hand: by the rules, or one a card of the named suit (Auction
    Hearts, RULES.md §5.1.5)."""
    if deal.rules.auction:
        return int(card.suit is deal.named_suit)
    return deal.rules.value(card)


def next_seat(deal: Deal, seat: int) -> int:
    """The next seat to the left that takes cards."""
    seats = deal.seats
    return seats[(seats.index(seat) + 1) % len(seats)]


# ----------------------------------------------------------------------------- invariants


def first_trick_widow(deal: Deal) -> int:
    """The widow that goes with the first trick (none when Heartsette's taker discards, or when
    it goes with the last trick)."""
    if deal.rules.widow is Widow.DISCARD or deal.rules.widow_with_last_trick:
        return 0
    return deal.widow.mask


def last_trick_widow(deal: Deal) -> int:
    """The widow that went with the last trick (``last-trick``), once play is over."""
    if not deal.rules.widow_with_last_trick or deal.phase is Phase.PLAY:
        return 0
    return deal.widow.mask


def discards(deal: Deal) -> int:
    """Heartsette: the cards the taker of the widow laid face down."""
    return mask(c for e in deal.events if isinstance(e, Discarded) for c in e.cards)


def kept(deal: Deal) -> int:
    """Domino Hearts: the cards the last seat holding cards kept, with the stock's last cards."""
    return mask(c for e in deal.events if isinstance(e, CardsKept) for c in e.cards)


def check_cards_conserved(deal: Deal) -> None:
    """Hands, cards played, stock and passes in transit hold the pack, each card exactly once
    (Cancellation Hearts: and the widow; cards taken are those of tricks taken, and the widow
    once the first trick is taken, RULES.md §7; Domino Hearts: and the cards kept at the end,
    §5.6.4)."""
    rules = deal.rules
    places = [deal.hand(seat).mask for seat in range(deal.players)]
    if deal.phase is Phase.PASS:
        places += [p.mask for s in deal.seats if (p := deal.passed(s)) is not None]
    places += [mask(trick.cards) for trick in deal.tricks]
    places.append(mask(card for _, card in deal.trick))
    places.append(mask(deal.stock))
    places.append(kept(deal))
    if deal.rules.widow is Widow.DISCARD and deal.tricks:
        places.append(discards(deal))  # Heartsette: the widow is in a hand; the discards apart
    else:
        places.append(deal.widow.mask)
    union = 0
    for place in places:
        assert union & place == 0, f"{CardSet(union & place)} in two places"
        union |= place
    assert union == rules.pack, (
        f"missing {CardSet(rules.pack & ~union)}, extra {CardSet(union & ~rules.pack)}"
    )
    taken = 0
    for seat in range(deal.players):
        assert taken & deal.taken(seat).mask == 0
        taken |= deal.taken(seat).mask
    assert taken & deal.carried.mask == 0
    played = mask(card for trick in deal.tricks for card in trick.cards)
    assert taken | deal.carried.mask == (
        played | first_trick_widow(deal) | discards(deal) | kept(deal) | last_trick_widow(deal)
    )
    sizes = {len(deal.hand(seat)) for seat in deal.seats}
    if deal.phase is Phase.PLAY and not deal.trick and not rules.domino:
        assert len(sizes) == 1, f"hands of unequal size at the start of a trick: {sizes}"
    for seat in range(deal.players):
        if seat not in deal.seats:
            assert not deal.hand(seat) and not deal.dealt_hand(seat) and not deal.taken(seat)


def check_tricks(deal: Deal) -> None:
    """Every completed trick: one card from each seat in turn, led by the last winner, taken by
    the highest card of the suit led, worth the values of its cards. Cancellation Hearts
    (RULES.md §7): twins cancel; a trick with no uncancelled card of the suit led is carried
    (its leader leads again) and goes, with the widow before the first trick taken, to the
    next trick's taker, the last one to its leader. Domino Hearts (§5.6): only the seats
    holding cards when the trick is led play to it, and a winner out of cards passes the lead
    to the next seat holding cards; the last seat holding cards keeps them."""
    rules = deal.rules
    leader = first_leader(deal)
    plays: list[CardPlayed] = []
    tricks = deal.tricks
    won = [event for event in deal.events if isinstance(event, TrickWon | TrickCarried)]
    assert len(won) == len(tricks)
    carried = first_trick_widow(deal)
    carried_points = sum(value(deal, c) for c in CardSet(carried))
    expected_taken = [0] * deal.players
    counts = [len(deal.dealt_hand(seat)) for seat in range(deal.players)]
    holding = list(deal.seats)

    def next_holder(seat: int) -> int:
        seat = next_seat(deal, seat)
        while seat not in holding:
            seat = next_seat(deal, seat)
        return seat

    done = 0
    for event in deal.events:
        if isinstance(event, StockDrawn):
            counts[event.seat] += 1
        elif isinstance(event, CardsKept):
            expected_taken[event.seat] |= event.cards.mask
        elif isinstance(event, CardPlayed):
            if not plays:
                holding = [seat for seat in deal.seats if counts[seat]]
            counts[event.seat] -= 1
            plays.append(event)
        elif isinstance(event, TrickWon | TrickCarried):
            trick = tricks[done]
            done += 1
            assert trick.leader == leader == event.leader
            seats = [play.seat for play in plays]
            expected = [leader]
            while len(expected) < len(holding):
                expected.append(next_holder(expected[-1]))
            assert seats == expected, f"trick {done} played by {seats}, not {expected}"
            assert sorted(seats) == sorted(holding)
            cards = tuple(play.card for play in plays)
            assert cards == trick.cards == event.cards
            led = cards[0].suit
            uncancelled = [c for c in cards if c.suit == led and c ^ 64 not in cards]
            if rules.packs == 1 or uncancelled:
                best = max(uncancelled or [c for c in cards if c.suit == led], key=lambda c: c.rank)
                winner = seats[cards.index(best)]
            elif done < rules.hand_size:  # every card of the suit led cancelled: carried
                winner = -1
            elif (
                rules.cancellation  # the last: RULES.md §7.6
                and rules.cancellation.unwon_last_trick is LastTrick.SECOND_OF_PAIR
            ):
                top = max(c.rank for c in cards if c.suit == led)
                winner = seats[
                    max(i for i, c in enumerate(cards) if c.suit == led and c.rank == top)
                ]
            else:
                winner = leader
            if rules.joker and rules.joker.wins_any_trick and JOKER in cards:
                best = JOKER  # Joker Hearts (RULES.md §5.2): it wins any trick it is played to
                winner = seats[cards.index(best)]
            assert trick.winner == event.seat == winner, f"{cards} won by {trick.winner}"
            own = sum(value(deal, c) for c in cards)
            if winner < 0:
                assert isinstance(event, TrickCarried) and trick.points == event.points == own
                carried |= mask(cards)
                carried_points += own
            else:
                if done == len(tricks) and last_trick_widow(deal):
                    carried |= deal.widow.mask  # (the widow goes with the last trick)
                    carried_points += sum(value(deal, c) for c in deal.widow)
                assert trick.points == event.points == own + carried_points
                expected_taken[winner] |= mask(cards) | carried
                carried, carried_points = 0, 0
                leader = winner
                if rules.domino and not counts[winner] and any(counts):
                    holding = [seat for seat in deal.seats if counts[seat]]
                    leader = next_holder(winner)
            plays = []
    assert deal.carried.mask == carried
    for event in deal.events:
        if isinstance(event, Discarded):  # Heartsette: the discards count against the discarder
            expected_taken[event.seat] |= event.cards.mask
    for seat in range(deal.players):
        assert deal.taken(seat).mask == expected_taken[seat]
        assert deal.tricks_won(seat) == sum(1 for t in tricks if t.winner == seat)
    if deal.trick:
        assert deal.trick[0][0] == leader == deal.leader
    if (
        rules.first_lead is FirstLead.LOWEST_CLUB
        and tricks
        and any(rules.lowest_club in hand_after_passing(deal, s) for s in deal.seats)
    ):
        assert tricks[0].cards[0] == rules.lowest_club


def check_follows_suit(deal: Deal, seat: int, card: Card) -> None:
    """A card about to be played follows the suit led unless the seat holds none of it."""
    hand = deal.hand(seat)
    assert card in hand, f"seat {seat} plays the {card.symbol}, which it does not hold"
    legal = deal.legal_cards()
    assert legal and legal <= hand
    if deal.trick:
        led = deal.trick[0][1].suit
        if hand.of_suit(led):
            assert card.suit == led, f"seat {seat} holds a {led.singular} but played {card}"
            assert legal <= hand.of_suit(led)


def expected_points(deal: Deal) -> list[int]:
    """This hand's points per seat, computed from RULES.md §6.4–6.5 (moon, no-trick bonus)."""
    rules = deal.rules
    total = rules.penalty_total
    units = list(deal.penalties())
    shooters = [
        s for s in deal.seats if deal.taken(s).mask & rules.penalty_mask == rules.penalty_mask
    ]
    shooter = shooters[0] if shooters and rules.moon is not Moon.OFF else None
    assert deal.moon_shooter() == shooter
    moon = rules.moon
    if moon is Moon.CHOICE and shooter is not None:
        chosen = [e.choice for e in deal.events if isinstance(e, MoonChosen)]
        assert len(chosen) == 1
        moon = Moon(chosen[0])
    points = units.copy()
    if shooter is not None and moon is Moon.OLD:
        for seat in deal.seats:
            points[seat] = units[seat] - total if seat == shooter else units[seat] + total
    elif shooter is not None and moon is Moon.NEW:
        points[shooter] = units[shooter] - 2 * total
    bonus = rules.no_trick
    if bonus is not None and (shooter is None or bonus.with_moon):
        for seat in deal.seats:
            if deal.tricks_won(seat) == 0:
                points[seat] -= bonus.points
    return points


def check_penalties(deal: Deal) -> None:
    """At the end of a hand every penalty unit has been taken; points follow the moon rule."""
    rules = deal.rules
    negative = sum(v for c in cards_of(rules.pack) if (v := value(deal, c)) < 0)
    penalties = deal.penalties()
    total = sum(value(deal, c) for c in cards_of(rules.pack)) if rules.auction else None
    assert sum(penalties) == (total if total is not None else rules.penalty_total + negative)
    for seat in range(deal.players):
        assert penalties[seat] == sum(value(deal, c) for c in deal.taken(seat))
    over = [e for e in deal.events if isinstance(e, HandOver)]
    assert len(over) == 1 and over[0].penalties == penalties
    if rules.method is SettlementMethod.POINTS:
        points = deal.points()
        assert list(points) == expected_points(deal)
        assert over[0].points == points
        if deal.moon_shooter() is None and rules.no_trick is None:
            assert sum(points) == rules.penalty_total + negative


def cards_seen(value: object) -> int:
    """Every card named anywhere in a value (cards, sets, passes, events, tricks)."""
    if isinstance(value, Card):
        return 1 << value
    if isinstance(value, CardSet):
        return value.mask
    if isinstance(value, Pass):
        return value.cards.mask
    if isinstance(value, tuple | list):
        result = 0
        for item in value:
            result |= cards_seen(item)
        return result
    if dataclasses.is_dataclass(value) and not isinstance(value, type | Rules):
        result = 0
        for field in dataclasses.fields(value):
            result |= cards_seen(getattr(value, field.name))
        return result
    return 0


def check_view(deal: Deal, seat: int) -> None:
    """A seat's view names none of the cards other seats hold, have in transit, or the stock."""
    view = deal.view(seat)
    secret = mask(deal.stock)
    for other in range(deal.players):
        if other != seat:
            secret |= deal.hand(other).mask
            passed = deal.passed(other)
            if deal.phase is Phase.PASS and passed is not None:
                secret |= passed.mask
    mine = deal.passed(seat)
    if mine is not None:
        secret &= ~mine.mask  # a seat knows where the cards it passed went
    assert view.hand == deal.hand(seat)
    assert view.dealt == deal.dealt_hand(seat)
    assert view.passed == deal.passed(seat)
    if deal.phase is Phase.PASS:
        assert view.received is None, "cards received are shown before every seat has passed"
    else:
        given = [e.cards for e in deal.events if isinstance(e, Passed) and e.to == seat]
        assert view.received == (given[0] if given else None)
    for event in view.events:
        if isinstance(event, Dealt):
            for other, hand in enumerate(event.hands):
                assert other == seat or not hand, f"seat {seat} sees seat {other}'s deal"
            assert not event.stock
    for field in dataclasses.fields(view):
        if field.name in ("rules", "legal_moves"):
            continue
        leaked = cards_seen(getattr(view, field.name)) & secret
        assert not leaked, f"seat {seat}'s view shows {CardSet(leaked)} in {field.name}"
    moves = view.legal_moves
    if isinstance(moves, PassChoices):
        count = len(deal.widow) if deal.phase is Phase.DISCARD else deal.rules.pass_count
        assert len(moves) == math.comb(len(view.hand), count)
        assert moves[0].cards <= view.hand and moves[-1].cards <= view.hand
    else:
        assert not cards_seen(list(moves)) & secret


def state(game: Game) -> tuple:
    """Everything undo must restore: the log, every hand, the phase, who acts, the scores."""
    deal = game.deal
    seats = range(deal.players)
    return (
        game.hand_number,
        game.events,
        deal.events,
        deal.phase,
        deal.to_act,
        game.to_act,
        tuple(deal.hand(s) for s in seats),
        tuple(deal.passed(s) for s in seats),
        tuple(deal.taken(s) for s in seats),
        deal.tricks,
        deal.trick,
        deal.leader,
        deal.hearts_broken,
        deal.penalties(),
        tuple(deal.stock),
        deal.moves_made,
        game.scores,
        game.pool,
        game.jack,
        game.is_over,
        game.winners(),
    )


def deal_state(deal: Deal) -> tuple:
    """The state of one hand, for comparing a deal with its copy."""
    seats = range(deal.players)
    return (
        deal.events,
        deal.phase,
        deal.to_act,
        tuple(deal.hand(s) for s in seats),
        tuple(deal.passed(s) for s in seats),
        tuple(deal.taken(s) for s in seats),
        deal.tricks,
        deal.trick,
        deal.penalties(),
        tuple(deal.stock),
        deal.moves_made,
    )


# ----------------------------------------------------------------------------- the properties


@pytest.mark.parametrize("rules", RULE_SETS)
@_settings(15)
@given(seed=SEEDS)
def test_cards_conserved(rules: Rules, seed: int) -> None:
    """RULES.md §1.1, §1.5, §4.1, §6.2 (laws 3, 8): every card of the pack in play is in exactly
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
    """RULES.md §2.2–2.5, §6.3.1, §6.3.4 (laws 16–17, 20–21 by construction): each trick has one
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
    """RULES.md §2.2–2.3, §6.3.2 (law 22 by construction): every card played follows the suit
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
    """RULES.md §3.7, §6.4–6.5: at the end of a hand the seats took every penalty unit (T, plus
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
    """RULES.md §3.1–3.6, §4.5, law 29: counters are only moved, never made — after every hand
    the seats' counters and the pool add up to what the seats started with; Howell, the excess
    and two-handed settlements are zero-sum with no pool; points add each hand's points."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    start = list(game.scores)
    if rules.counters:
        assert start == [rules.start_counters] * rules.players
    else:
        assert start == [0] * rules.players
    totals, pool = start, 0
    while not game.is_over and game.hand_number < 40:
        deal = play_hand(game, rng)
        settled = [e for e in game.events if isinstance(e, HandSettled)]
        event = settled[deal.hand_number]
        assert event.hand_number == deal.hand_number
        assert [t + d for t, d in zip(totals, event.deltas, strict=True)] == list(event.totals)
        for seat in range(rules.players):
            if seat not in deal.seats:  # the dealer sitting out at seven neither pays nor collects
                assert event.deltas[seat] == 0
        if rules.counters:
            assert sum(event.deltas) + event.pool == pool
            assert sum(event.totals) + event.pool == rules.players * rules.start_counters
            if rules.method in COUNTERS_ZERO_SUM:
                assert event.pool == 0 and not event.jack and sum(event.deltas) == 0
            if rules.method is SettlementMethod.HOWELL:
                units = deal.penalties()
                n = len(deal.seats)
                for seat in deal.seats:
                    assert event.deltas[seat] == rules.penalty_total - n * units[seat]
        else:
            assert event.deltas == deal.points() and event.pool == 0
        totals, pool = list(event.totals), event.pool
        if not game.is_over:
            assert list(game.ledger) == totals == list(game.scores) and game.pool == pool
            if rules.counters:
                assert sum(game.ledger) + game.pool == rules.players * rules.start_counters


@pytest.mark.parametrize("rules", RULE_SETS)
@_settings(10)
@given(seed=SEEDS, before=st.integers(0, 130), k=st.integers(1, 70))
def test_undo_restores_exactly(rules: Rules, seed: int, before: int, k: int) -> None:
    """DESIGN.md (copy/undo; state unchanged after any error): k random moves then k undos give
    back exactly the state before them, across hand boundaries and the end of the game too; the
    same moves again give the same events (the next deal is dealt alike)."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    start = state(game)
    with pytest.raises(hearts.IllegalMove):
        game.undo()
    assert state(game) == start
    for _ in range(before):
        if game.is_over:
            break
        random_step(game, rng)
    snapshot = state(game)
    moves = []
    for _ in range(k):
        if game.is_over:
            break
        seat, move = random_move(game, rng)
        moves.append((seat, move))
        game.play(move, seat)
    after = state(game)
    for _ in moves:
        game.undo()
    assert state(game) == snapshot
    for seat, move in moves:
        game.play(move, seat)
    assert state(game) == after


@pytest.mark.parametrize("rules", RULE_SETS)
@_settings(10)
@given(seed=SEEDS, back=st.integers(1, 8), on=st.integers(0, 6))
def test_undo_across_hand_boundary(rules: Rules, seed: int, back: int, on: int) -> None:
    """DESIGN.md (undo), laws 8–9: undoing from the next hand back into the last one (or out of
    a game just over) restores the earlier hand exactly, settlement and pool included."""
    first = Game(rules, seed=seed)
    rng = random.Random(seed)
    moves: list[tuple[int, object]] = []
    play_hand(first, rng, lambda d, s, m: moves.append((s, m)))
    back = min(back, len(moves))
    game = Game(rules, seed=seed)
    for seat, move in moves[:-back]:
        game.play(move, seat)
    snapshot = state(game)
    for seat, move in moves[-back:]:
        game.play(move, seat)
    assert game.hand_number == 1 or game.is_over
    later = 0
    for _ in range(on):
        if game.is_over:
            break
        seat, move = random_move(game, rng)
        game.play(move, seat)
        later += 1
    for _ in range(back + later):
        game.undo()
    assert state(game) == snapshot


@pytest.mark.parametrize("rules", RULE_SETS)
@_settings(10)
@given(seed=SEEDS, before=st.integers(0, 60))
def test_deal_copy_is_independent(rules: Rules, seed: int, before: int) -> None:
    """DESIGN.md principle 5 (copy/undo for search): playing a copy of a deal to its end leaves
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
    original, game_state = deal_state(deal), state(game)
    copy = deal.copy()
    assert deal_state(copy) == original
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
        assert deal_state(deal) == original
    assert state(game) == game_state
    finished = copy.events
    for _ in moves:
        copy.undo()
    assert deal_state(copy) == original
    if not game.is_over:
        for seat, move in moves:
            game.play(move, seat)
        assert deal.events == finished


@pytest.mark.parametrize("rules", RULE_SETS)
@_settings(10)
@given(seed=SEEDS, other=SEEDS)
def test_same_seed_same_game(rules: Rules, seed: int, other: int) -> None:
    """DESIGN.md principle 1 (randomness only from the injected generator), §1.3: the same seed
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
    """DESIGN.md principle 4, RULES.md §6.2 (received cards unseen until one's own pass), §2.6
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


@pytest.mark.parametrize("rules", RULE_SETS)
@_settings(5)
@given(seed=SEEDS)
def test_game_ends(rules: Rules, seed: int) -> None:
    """RULES.md §3.4, §6.4 (end and ties), §1.5: a random game ends within a bound of hands,
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
    """DESIGN.md principle 3 (events are the truth; a game is rebuilt from rules + events):
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
