"""Invariants of a hand and a game, checked from the public API alone (docs/architecture.md, conventions).

Shared by the property tests (``test_properties.py``), the stateful test
(``test_state_machine.py``) and anything else that drives random games: how a random legal move
is chosen, each invariant as one function that raises ``AssertionError`` with the reason, and the
fingerprint of a position that undo and copy must preserve. The rule each checks is named in its
docstring (docs/rules.md section or law number).
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Iterable

from hearts import Card, CardSet, Deal, Game, Pass, Phase, Rules, Trick
from hearts.cards import JOKER, cards_of
from hearts.events import (
    CardPlayed,
    CardsKept,
    Dealt,
    Discarded,
    HandOver,
    HandSettled,
    MoonChosen,
    Passed,
    Revoked,
    StockDrawn,
    TrickCarried,
    TrickWon,
)
from hearts.rules import FirstLead, LastTrick, Moon, SettlementMethod, Widow

COUNTERS_ZERO_SUM = (SettlementMethod.HOWELL, SettlementMethod.EXCESS, SettlementMethod.TWO_HANDED)
MAX_HANDS = 2000
"""A bound on the hands of one random game: the slowest preset (two-handed, 50 counters, a
random walk of the difference in hearts) averages under a hundred."""


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
    the Jack's namer (Auction Hearts, docs/rules.md §5.1.4), or the eldest hand."""
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
    Hearts, docs/rules.md §5.1.5)."""
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
    once the first trick is taken, docs/rules.md §7; Domino Hearts: and the cards kept at the end,
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
    (docs/rules.md §7): twins cancel; a trick with no uncancelled card of the suit led is carried
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
                rules.cancellation  # the last: docs/rules.md §7.6
                and rules.cancellation.unwon_last_trick is LastTrick.SECOND_OF_PAIR
            ):
                top = max(c.rank for c in cards if c.suit == led)
                winner = seats[
                    max(i for i, c in enumerate(cards) if c.suit == led and c.rank == top)
                ]
            else:
                winner = leader
            if rules.joker and rules.joker.wins_any_trick and JOKER in cards:
                best = JOKER  # Joker Hearts (docs/rules.md §5.2): it wins any trick it is played to
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
    """This hand's points per seat, computed from docs/rules.md §6.4–6.5 (moon, no-trick bonus)."""
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


def seen_penalties(deal: Deal, seat: int | None) -> tuple[int, ...]:
    """docs/rules.md §5.5, §7.2: the penalties ``seat`` (None: a watcher) may know: while the
    hand is played, without a widow gone with the first trick (nobody sees it, its taker
    neither), nor another seat's Heartsette discards; once the last trick is taken, all."""
    penalties = list(deal.penalties())
    if deal.phase not in (Phase.PLAY, Phase.DISCARD):
        return tuple(penalties)
    widow = first_trick_widow(deal)
    taken = [trick for trick in deal.tricks if trick.winner >= 0]
    if widow and taken:
        penalties[taken[0].winner] -= sum(value(deal, card) for card in cards_of(widow))
    for event in deal.events:
        if isinstance(event, Discarded) and event.seat != seat:
            penalties[event.seat] -= sum(value(deal, card) for card in event.cards)
    return tuple(penalties)


def seen_tricks(deal: Deal) -> tuple[Trick, ...]:
    """docs/rules.md §7.2: the tricks as every seat sees them: the first trick taken without the
    points of a widow that went with it face down."""
    tricks = list(deal.tricks)
    widow = first_trick_widow(deal)
    at = next((i for i, trick in enumerate(tricks) if trick.winner >= 0), None)
    if widow and at is not None:
        leader, cards, winner, points = tricks[at]
        hidden = sum(value(deal, card) for card in cards_of(widow))
        tricks[at] = Trick((leader, cards, winner, points - hidden))
    return tuple(tricks)


def check_view(deal: Deal, seat: int) -> None:
    """docs/architecture.md principle 4, docs/rules.md §6.2, §2.6, §5.5, law 28: a seat's view names none of the
    cards other seats hold, have in transit or laid face down (Heartsette's discards), the stock,
    or the widow before its taker picks it up; its own cards are as the referee knows them; the
    deal in its log shows its own hand only; others' draws are face down, their discards blank,
    their revokes not in it; nor what cards face down count (:func:`seen_penalties`);
    it offers moves only to a seat that may move."""
    view = deal.view(seat)
    played = mask(card for trick in deal.tricks for card in trick.cards)
    played |= mask(card for _, card in deal.trick)
    secret = mask(deal.stock)
    for other in range(deal.players):
        if other != seat:
            secret |= deal.hand(other).mask
            passed = deal.passed(other)
            if deal.phase is Phase.PASS and passed is not None:
                secret |= passed.mask
    laid_down = 0  # this seat's own discards (Heartsette), which it knows
    for event in deal.events:
        if isinstance(event, Discarded):
            if event.seat == seat:
                laid_down |= event.cards.mask
            else:
                secret |= event.cards.mask
    secret |= deal.widow.mask & ~deal.hand(seat).mask & ~played & ~laid_down
    mine = deal.passed(seat)
    if mine is not None:
        secret &= ~mine.mask  # a seat knows where the cards it passed went
    assert view.seat == seat and view.phase is deal.phase and view.to_act == deal.to_act
    assert view.hand == deal.hand(seat)
    assert view.dealt == deal.dealt_hand(seat)
    assert view.passed == deal.passed(seat)
    assert view.hand_sizes == tuple(len(deal.hand(s)) for s in range(deal.players))
    assert view.penalties == seen_penalties(deal, seat)
    assert view.stock_size == len(deal.stock)
    assert view.trick == tuple(deal.trick) and view.tricks == seen_tricks(deal)
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
        elif isinstance(event, Passed | Discarded) and event.seat != seat:
            assert not event.cards, f"seat {seat} sees the cards seat {event.seat} laid down"
            if isinstance(event, Discarded):
                assert event.points is None, f"seat {seat} sees what seat {event.seat} discarded"
        elif isinstance(event, StockDrawn) and event.seat != seat:
            assert event.card is None, f"seat {seat} sees the card seat {event.seat} drew"
        elif isinstance(event, Revoked):
            assert event.seat == seat, f"seat {seat} is told of seat {event.seat}'s revoke"
    for field in dataclasses.fields(view):
        if field.name in ("rules", "legal_moves"):
            continue
        leaked = cards_seen(getattr(view, field.name)) & secret
        assert not leaked, f"seat {seat}'s view shows {CardSet(leaked)} in {field.name}"
    moves = view.legal_moves
    if deal.phase is Phase.PASS:
        assert (len(moves) > 0) == (deal.passed(seat) is None and seat in deal.seats)
    else:
        assert (len(moves) > 0) == (seat == deal.to_act)
    if deal.phase in (Phase.PASS, Phase.DISCARD) and len(moves):
        count = len(deal.widow) if deal.phase is Phase.DISCARD else deal.rules.pass_count
        assert len(moves) == math.comb(len(view.hand), count)
        assert moves[0].cards <= view.hand and moves[-1].cards <= view.hand  # type: ignore[attr-defined]
    else:
        assert not cards_seen(list(moves)) & secret


def game_fingerprint(game: Game) -> tuple:
    """A position of a game, from its public API: everything undo must restore (the log, every
    hand, the phase, who acts, the trick, penalties, the scores). Lists are frozen as tuples, so
    a fingerprint taken earlier cannot change as the game moves on."""
    return (
        game.hand_number,
        tuple(game.events),
        game.to_act,
        deal_fingerprint(game.deal),
        game.scores,
        game.ledger,
        game.pool,
        game.jack,
        game.is_over,
        game.winners(),
    )


def deal_fingerprint(deal: Deal) -> tuple:
    """A position of one hand, from its public API, for comparing a deal with its copy and with
    itself after a move taken back."""
    seats = range(deal.players)
    return (
        tuple(deal.events),
        deal.phase,
        deal.to_act,
        tuple(deal.hand(s) for s in seats),
        tuple(deal.dealt_hand(s) for s in seats),
        tuple(deal.passed(s) for s in seats),
        tuple(deal.taken(s) for s in seats),
        tuple(deal.tricks_won(s) for s in seats),
        tuple(deal.tricks),
        tuple(deal.trick),
        deal.leader,
        deal.hearts_broken,
        deal.penalties(),
        tuple(deal.stock),
        deal.widow,
        deal.carried,
        deal.bids,
        deal.named_suit,
        deal.revokers,
        deal.claims,
        deal.moves_made,
    )


def starting_totals(rules: Rules) -> list[int]:
    """What each seat starts a game with: its counters (counters games) or no points."""
    return [rules.start_counters if rules.counters else 0] * rules.players


def check_settlement(game: Game, deal: Deal, totals: list[int], pool: int) -> tuple[list[int], int]:
    """docs/rules.md §3.1–3.6, §4.5, law 29: a finished hand of ``game`` was settled from the totals
    and pool before it: counters are only moved, never made (the seats' counters and the pool add
    up to what the seats started with); Howell, the excess and two-handed settlements are
    zero-sum with no pool; points add the hand's points; a seat sitting out neither pays nor
    collects. Returns the totals and pool after the hand; while it is the last hand settled and
    the game goes on, the game's ledger shows them."""
    rules = game.rules
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
    if not game.is_over and len(settled) == deal.hand_number + 1:
        assert list(game.ledger) == totals == list(game.scores) and game.pool == pool
        if rules.counters:
            assert sum(game.ledger) + game.pool == rules.players * rules.start_counters
    return totals, pool
