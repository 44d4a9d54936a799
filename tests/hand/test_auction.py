"""Auction Hearts (laws 24, 29, 30; docs/rules.md §5.1): in a deal, the bidding, the naming of the
suit to avoid, the bidder's lead and the penalties on the named suit; in a game, the bid paid into
the pool, the sweepstakes on the named suit, the auction Jack (named again without bidding), the
hand nobody bids for, undo, records, views and bots."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from hearts import (
    Auction,
    Card,
    CardSet,
    Deal,
    Game,
    IllegalMove,
    InvalidArgument,
    InvalidRecord,
    InvalidRules,
    Joker,
    Passing,
    Rules,
    bots,
    record,
    scoring,
    variants,
)
from hearts.cards import Suit
from hearts.deal import Phase
from hearts.events import BidMade, Dealt, Event, HandSettled, SuitNamed
from hearts.hand.auction import AuctionView
from hearts.moves import Bid, NameSuit, move_text, parse_move

AUCTION = Rules(auction=Auction())
HANDS = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
]
MIXED = [
    "2C 3C 4C 5D 6D 7D 8S 9S TS 2H 3H 4H 5H",
    "6C 7C 8C 9D TD JD QS KS AS 6H 7H 8H 9H",
    "9C TC JC 2D 3D 4D 2S 3S 4S TH JH QH KH",
    "QC KC AC QD KD AD 5S 6S 7S JS AH 8D 5C",
]


def _auction(hands: list[str] = HANDS, **changes: object) -> Deal:
    return Deal.from_hands(AUCTION.replace(**changes) if changes else AUCTION, hands)


def _state(deal: Deal) -> tuple[object, ...]:
    return (deal.phase, deal.to_act, deal.bids, deal.bidder, deal.named_suit, len(deal.events))


def test_law_30_the_eldest_bids_first_and_the_dealer_last_with_no_second_bid() -> None:
    """Law 30: the player to the left of the dealer has the first bid, the dealer the last, and
    there is no second bid."""
    deal = _auction()  # seat 3 deals, so seat 0 is the eldest hand
    assert deal.phase is Phase.BID and deal.to_act == 0
    order = []
    for move in ("bid 2", "bid pass", "bid 5", "bid pass"):
        order.append(deal.to_act)
        deal.play(move)
    assert order == [0, 1, 2, 3]
    assert deal.bids == (2, 0, 5, 0)
    assert deal.phase is Phase.NAME and deal.to_act == 2 and deal.bidder == 2
    with pytest.raises(IllegalMove, match="there is no second bid"):
        deal.play("bid 6")


def test_rules_5_1_3_a_bid_must_beat_the_high_bid_or_pass() -> None:
    """docs/rules.md §5.1.3 (default): each bid strictly higher than the current high bid, else pass."""
    deal = _auction()
    deal.play("bid 4")
    assert deal.legal_moves() == [Bid(0), *map(Bid, range(5, 14))]
    for move, message in (
        ("bid 4", "a bid must be higher than the high bid of 4: bid more, or pass"),
        ("bid 3", "a bid must be higher than the high bid of 4: bid more, or pass"),
        ("bid 14", "a bid may be at most 13 counters \\(auction.max_bid\\), not 14"),
    ):
        before = _state(deal)
        with pytest.raises(IllegalMove, match=message):
            deal.play(move)
        assert _state(deal) == before


def test_max_bid_bounds_the_bids() -> None:
    """Our bound (no source limits a bid): bids from 1 to ``auction.max_bid``; without an
    auction there is no bound to give."""
    deal = _auction(auction=Auction(max_bid=3))
    assert deal.legal_moves() == [Bid(0), Bid(1), Bid(2), Bid(3)]
    with pytest.raises(InvalidRules, match=r"unknown option 'max_bid' \(it is auction\.max_bid"):
        Rules(max_bid=3)


def test_law_30_a_bid_out_of_turn_is_refused_and_changes_nothing() -> None:
    """Issue 3, bad input: a bid out of turn is refused with a sentence; nothing changes."""
    deal = _auction()
    before = _state(deal)
    with pytest.raises(IllegalMove, match="it is seat 0's turn to bid, not seat 2's"):
        deal.play("bid 3", 2)
    assert _state(deal) == before
    assert deal.legal_moves(2) == []
    deal.play("bid 3", 0)
    with pytest.raises(IllegalMove, match="seat 0 has bid already: there is no second bid"):
        deal.play("bid 5", 0)


def test_a_bid_in_a_form_without_an_auction_is_refused() -> None:
    """Issue 3, bad input: a bid (or naming a suit) in a form without an auction."""
    deal = Deal.from_hands(variants.get("classic"), HANDS)
    for move in ("bid 3", Bid(3), NameSuit("hearts")):
        with pytest.raises(IllegalMove, match="this form has no auction"):
            deal.play(move)
    assert deal.moves_made == 0 and deal.phase is Phase.PLAY


def test_rules_5_1_4_only_the_highest_bidder_names_the_suit() -> None:
    """docs/rules.md §5.1.4, bad input: naming a suit when not the winning bidder is refused."""
    deal = _auction()
    with pytest.raises(IllegalMove, match="the bidding is not over"):
        deal.play("name spades")
    for move in ("bid 1", "bid 3", "bid pass", "bid pass"):
        deal.play(move)
    before = _state(deal)
    with pytest.raises(IllegalMove, match="seat 0 did not win the auction: seat 1 names"):
        deal.play("name spades", 0)
    with pytest.raises(IllegalMove, match="names the suit to avoid first"):
        deal.play("2D")
    assert _state(deal) == before
    assert deal.legal_moves() == [NameSuit(suit) for suit in Suit]
    assert deal.legal_moves(0) == []


def test_rules_5_1_4_the_highest_bidder_leads_the_first_trick_whatever_his_seat() -> None:
    """docs/rules.md §5.1.4: the highest bidder names any suit (hearts included) and leads trick one."""
    deal = _auction(MIXED)
    for move in ("bid pass", "bid pass", "bid 2", "bid pass"):
        deal.play(move)
    event = deal.play("name clubs")
    assert event == SuitNamed(seat=2, suit="clubs")
    assert deal.phase is Phase.PLAY and deal.to_act == 2 and deal.leader == 2
    assert deal.named_suit is Suit.CLUBS


def test_rules_5_1_5_the_named_suit_counts_one_a_card_and_hearts_nothing() -> None:
    """docs/rules.md §5.1.5: everyone pays one counter per card of the named suit taken."""
    deal = _auction(MIXED)
    for move in ("bid 1", "bid pass", "bid pass", "bid pass", "name diamonds"):
        deal.play(move)
    assert deal.to_act == 0
    for card in ("5D", "9D", "2D", "QD"):  # diamonds led: seat 3's Q♦ takes four diamonds
        deal.play(card)
    assert deal.tricks[-1].winner == 3 and deal.tricks[-1].points == 4
    deal.play("AH")  # seat 3 leads a heart; hearts count nothing this hand
    deal.play("2H")
    deal.play("6H")
    deal.play("TH")
    assert deal.tricks[-1].points == 0
    assert deal.penalties() == (0, 0, 0, 4)


def test_rules_5_1_8_no_bids_means_hearts_and_the_eldest_leads() -> None:
    """docs/rules.md §5.1.8 (UNVERIFIED default): nobody bids: hearts are the suit, eldest leads."""
    deal = _auction(MIXED)
    for _ in range(4):
        deal.play(Bid(0))
    assert deal.named_suit is Suit.HEARTS and deal.bidder is None
    assert deal.phase is Phase.PLAY and deal.to_act == 0
    assert isinstance(deal.events[-1], SuitNamed) and deal.events[-1].seat == -1


def test_rules_5_1_7_a_jack_deal_has_no_bidding_and_the_previous_bidder_names() -> None:
    """docs/rules.md §5.1.7 (Bicycle): for a Jack there is no bidding; the last bidder names again."""
    deal = Deal.from_hands(AUCTION, MIXED, namer=2)
    assert deal.phase is Phase.NAME and deal.to_act == 2
    deal.play("name spades")
    assert deal.to_act == 2 and deal.named_suit is Suit.SPADES
    with pytest.raises(Exception, match="no auction"):
        Deal.from_hands(variants.get("classic"), MIXED, namer=2)


def test_bids_and_the_naming_undo_exactly() -> None:
    """Undo takes back a bid or the naming of the suit, values and all."""
    deal = _auction(MIXED)
    states = [_state(deal)]
    for move in ("bid 1", "bid 2", "bid pass", "bid 3", "name diamonds", "QD"):
        deal.play(move)
        states.append(_state(deal))
    for state in reversed(states[:-1]):
        deal.undo()
        assert _state(deal) == state
    copy = _auction(MIXED)
    for move in ("bid 1", "bid pass", "bid pass", "bid pass", "name hearts"):
        copy.play(move)
    for card in ("2H", "6H", "TH", "AH"):
        copy.play(card)
    assert copy.tricks[-1].points == 4


def test_auction_moves_read_and_write_as_text() -> None:
    """The command line's forms: "bid 5", "bid pass", "name hearts"."""
    assert parse_move("bid 5") == Bid(5) and parse_move("BID PASS") == Bid(0)
    assert parse_move("name ♥") == NameSuit(Suit.HEARTS)
    assert move_text(Bid(7)) == "bid 7" and move_text(Bid(0)) == "bid pass"
    assert move_text(NameSuit(Suit.CLUBS)) == "name clubs"
    for text in ("bid x", "name trumps", "bid -2"):  # no move at all: a bad argument
        with pytest.raises(InvalidArgument, match=rf"^'{text}' is not a move: name a card"):
            parse_move(text)


def test_bid_events_round_trip() -> None:
    """Events are the truth: a bid and a suit named turn into JSON data and back."""
    for event in (BidMade(seat=1, amount=4), SuitNamed(seat=2, suit="spades")):
        assert Event.from_dict(event.to_dict()) == event


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"settlement": "howell"}, "auction clashes with settlement=howell"),
        ({"passing": Passing(count=3, cycle=("left",))}, "auction clashes with passing"),
        ({"card_values": {"QS": 13}}, "auction clashes with card_values"),
        ({"joker": Joker()}, "auction clashes with joker"),
        ({"auction": {"max_bid": 0}}, "auction.max_bid=0 must be at least one counter"),
    ],
)
def test_auction_with_options_it_cannot_have_is_refused(
    changes: dict[str, object], message: str
) -> None:
    """Bad input: Auction Hearts is classic play settled into a sweepstakes pool."""
    with pytest.raises(InvalidRules, match=message):
        AUCTION.replace(**changes)


def test_auction_records_need_no_entry_in_other_forms() -> None:
    """Records of forms without an auction are unchanged."""
    assert "auction" not in variants.get("classic").to_dict()
    assert Rules.from_dict(AUCTION.to_dict()) == AUCTION
    assert Card.parse("2C") in Deal.from_hands(AUCTION, HANDS).hand(0)


# ------------------------------------------------------------------ Auction Hearts as a game

GAME_RULES = variants.get("auction")


def _dealt(hands: list[str], number: int = 0, dealer: int = 3) -> Dealt:
    return Dealt(
        hand_number=number,
        dealer=dealer,
        cut=None,
        pass_direction="hold",
        hands=tuple(CardSet.parse(hand) for hand in hands),
        stock=(),
    )


def _settled(game: Game, number: int) -> HandSettled:
    return [e for e in game.events if isinstance(e, HandSettled)][number]


def _play_to_the_end_of(game: Game, number: int, rng: random.Random | None = None) -> None:
    """Play hand ``number`` out: random legal moves, or the first legal move of each seat."""
    while game.hand_number == number and not game.is_over:
        moves = game.legal_moves()
        game.play(rng.choice(moves) if rng else moves[0], game.to_act)


def _jack_game(**changes: object) -> Game:
    """Seat 0 (the eldest: seat 3 deals) holds every club, bids 3 and names hearts; it leads a
    club to every trick, no one else can follow, and it takes all thirteen hearts: three seats
    are clear, so the pool is a Jack."""
    rules = GAME_RULES.replace(**changes) if changes else GAME_RULES
    game = Game(rules, rng=random.Random(0), dealer=3, deals=[_dealt(HANDS)])
    for move in ("bid 3", "bid pass", "bid pass", "bid pass", "name hearts"):
        game.play(move)
    _play_to_the_end_of(game, 0)
    return game


def _first_hand_where(
    condition: Callable[[Deal], bool], *, bid: bool = True, tries: int = 600
) -> tuple[Game, Deal]:
    """The first seeded game whose first hand, bid for by the eldest alone (2 counters, hearts
    named) or by nobody, then played at random (seat 0 deals: seat 1 is the eldest), meets ``condition``."""
    for seed in range(tries):
        game = Game(GAME_RULES, seed=seed)
        deal = game.deal
        for seat in range(4):
            game.play(Bid(2 if bid and seat == 0 else 0))
        if bid:
            game.play(NameSuit("hearts"))
        _play_to_the_end_of(game, 0, random.Random(seed))
        if condition(deal):
            return game, deal
    raise AssertionError("no such hand in the seeds tried")


def _clear(deal: Deal) -> list[int]:
    return [seat for seat in deal.seats if deal.penalties()[seat] == 0]


def test_rules_5_1_4_and_6_the_bidder_pays_the_bid_and_a_sole_clear_seat_takes_the_pool() -> None:
    """docs/rules.md §5.1.4–6, law 29: the highest bidder pays his bid into the pool; everyone pays
    one counter a card of the named suit taken; the one seat clear takes the whole pool."""
    game, deal = _first_hand_where(lambda deal: len(_clear(deal)) == 1)
    units = deal.penalties()
    (clear,) = _clear(deal)
    settled = _settled(game, 0)
    pot = 2 + sum(units)
    expected = [-units[seat] - (2 if seat == deal.bidder else 0) for seat in range(4)]
    expected[clear] += pot
    assert deal.bidder == 1 and deal.high_bid == 2  # seat 0 deals: seat 1 bids first
    assert settled.deltas == tuple(expected)
    assert settled.pool == 0 and not settled.jack
    assert settled.totals == tuple(50 + delta for delta in expected)
    assert game.deal.phase is Phase.BID  # the pool is won: the next hand is bid for


def test_rules_5_1_6_two_clear_split_the_pool_and_the_odd_counter_stays() -> None:
    """docs/rules.md §5.1.6, law 29: two seats clear divide the pool; the odd counter stays in it for
    the next hand, which is bid for as usual (a pool that was won is no Jack)."""
    game, deal = _first_hand_where(
        lambda deal: len(_clear(deal)) == 2 and (2 + sum(deal.penalties())) % 2 == 1
    )
    units = deal.penalties()
    settled = _settled(game, 0)
    share = (2 + sum(units)) // 2
    for seat in range(4):
        paid = units[seat] + (2 if seat == deal.bidder else 0)
        assert settled.deltas[seat] == -paid + (share if seat in _clear(deal) else 0)
    assert settled.pool == 1 and not settled.jack
    assert game.pool == 1 and not game.jack
    assert game.deal.phase is Phase.BID and game.deal.bidder is None


def test_rules_5_1_7_a_jack_is_played_for_without_bidding_named_by_the_same_seat() -> None:
    """docs/rules.md §5.1.7 (Bicycle): three clear (one seat took every card of the suit) leave the
    pool as a Jack; on the next deal there is no bidding: the previous successful bidder names
    the suit again, and leads."""
    game = _jack_game()
    settled = _settled(game, 0)
    assert settled.deltas == (-16, 0, 0, 0)  # the bid of 3 and the 13 hearts
    assert settled.pool == 16 and settled.jack
    assert game.hand_number == 1 and game.deal.dealer == 0
    deal = game.deal
    assert deal.phase is Phase.NAME and deal.to_act == 0 and deal.bidder == 0
    assert deal.bids == (None, None, None, None)
    assert game.legal_moves() == [NameSuit(suit) for suit in Suit]
    assert game.legal_moves(1) == []
    with pytest.raises(IllegalMove, match="there is no second bid"):
        game.play("bid 1", 0)
    event = game.play("name spades")
    assert event == SuitNamed(seat=0, suit="spades")
    assert deal.phase is Phase.PLAY and deal.to_act == 0 and deal.named_suit is Suit.SPADES


def test_rules_5_1_7_the_jack_is_fed_and_paid_without_a_bid_until_won() -> None:
    """docs/rules.md §5.1.7, law 29: while the Jack is played for, everyone pays a counter a card of
    the suit named again, no bid is paid, and only a sole clear seat wins it (jack_rule
    sole-clear): otherwise it stays, named again by the same seat."""
    game = _jack_game()
    rng = random.Random(5)
    for number in range(1, 30):
        deal = game.deal
        pool = game.pool
        assert game.jack and deal.phase is Phase.NAME and deal.to_act == 0
        _play_to_the_end_of(game, number, rng)
        units = deal.penalties()
        settled = _settled(game, number)
        clear = _clear(deal)
        if len(clear) == 1:
            expected = [-unit for unit in units]
            expected[clear[0]] += pool + sum(units)
            assert settled.deltas == tuple(expected) and settled.pool == 0 and not settled.jack
            # Won: the next deal is bid for as usual, unless a seat has lost all (law 29).
            assert game.is_over == (min(settled.totals) <= 0)
            if not game.is_over:
                assert game.deal.phase is Phase.BID and not game.jack
            return
        assert settled.deltas == tuple(-unit for unit in units)
        assert settled.pool == pool + sum(units) and settled.jack
        if game.is_over:
            return
    raise AssertionError("the Jack was never won")


def test_jack_rule_any_clear_lets_two_clear_seats_divide_a_pending_jack() -> None:
    """docs/rules.md §3.1.4, as in the sweepstakes: under jack_rule=any-clear, two clear seats divide
    a pending Jack; under the laws' sole-clear rule it stays a Jack."""
    for rule, splits in (("sole-clear", False), ("any-clear", True)):
        for seed in range(400):
            game = _jack_game(settlement={"jack_rule": rule})
            deal = game.deal
            _play_to_the_end_of(game, 1, random.Random(seed))
            if len(_clear(deal)) == 2:
                break
        else:
            raise AssertionError("no Jack hand with two clear seats")
        settled = _settled(game, 1)
        assert settled.jack is not splits
        assert (settled.pool <= 1) is splits
        assert (game.deal.phase is Phase.BID) is splits


def test_rules_5_1_8_no_bid_hearts_no_bid_paid_eldest_leads_settled_as_sweepstakes() -> None:
    """docs/rules.md §5.1.8 (UNVERIFIED default): nobody bids: hearts are the suit, no bid is paid,
    the eldest hand leads, and the hand is settled as an ordinary sweepstakes deal."""
    game, deal = _first_hand_where(lambda deal: True, bid=False)
    assert deal.named_suit is Suit.HEARTS and deal.bidder is None and deal.high_bid == 0
    assert deal.tricks[0].leader == 1  # seat 0 deals the first hand: seat 1 is the eldest
    units = deal.penalties()
    expected = scoring.sweepstakes(units, pool=0)
    settled = _settled(game, 0)
    assert settled.deltas == expected.deltas
    assert (settled.pool, settled.jack) == (expected.pool, expected.jack)


def test_a_jack_left_by_a_hand_nobody_bid_for_is_bid_for_as_usual() -> None:
    """docs/rules.md §5.1.7–8 (our reading): a Jack with no successful bidder to name again (nobody
    bid) leaves the next hand to be bid for; the bid goes into the Jack."""
    game, _ = _first_hand_where(lambda deal: len(_clear(deal)) not in (1, 2), bid=False)
    assert game.jack and game.deal.phase is Phase.BID and game.deal.bidder is None


@pytest.mark.parametrize("players", [4, 5, 6])
def test_counters_are_conserved_in_random_auction_games(players: int) -> None:
    """Law 29, docs/rules.md §5.1: counters are only moved: bids go into the pool, the pool to the
    clear seats; the seats' counters and the pool always add up to 50 a seat."""
    rules = variants.for_players_named("auction", players)
    for seed in range(6):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()), game.to_act)
            assert sum(game.ledger) + game.pool == 50 * players
        settled = [e for e in game.events if isinstance(e, HandSettled)]
        assert all(sum(e.totals) + e.pool == 50 * players for e in settled)
        assert min(game.ledger) <= 0 and game.winners()


def test_undo_across_an_auction_hand_boundary_restores_the_jack_and_its_namer() -> None:
    """docs/architecture.md (undo): undoing the card that ended an auction hand takes back its settlement,
    the bid paid and the Jack; playing it again names the same seat for the Jack."""
    game = Game(GAME_RULES, rng=random.Random(0), dealer=3, deals=[_dealt(HANDS)])
    for move in ("bid 3", "bid pass", "bid pass", "bid pass", "name hearts"):
        game.play(move)
    while game.deal.moves_made < 5 + 51:
        game.play(game.legal_moves()[0], game.to_act)
    before = (game.events, game.scores, game.pool, game.jack, game.deal.phase, game.to_act)
    last = game.legal_moves()[0]
    game.play(last, game.to_act)
    after = game.events
    assert game.hand_number == 1 and game.jack and game.deal.phase is Phase.NAME
    game.play("name clubs")
    game.undo()
    assert game.deal.phase is Phase.NAME and game.to_act == 0
    game.undo()
    assert game.hand_number == 0
    assert (game.events, game.scores, game.pool, game.jack, game.deal.phase, game.to_act) == before
    game.play(last, game.to_act)
    assert game.events == after and game.deal.to_act == 0 and game.deal.phase is Phase.NAME
    for _ in range(5 + 52):
        game.undo()
    assert game.deal.phase is Phase.BID and game.deal.bids == (None, None, None, None)
    with pytest.raises(IllegalMove, match="nothing to undo"):
        game.undo()


def test_an_auction_record_round_trips_and_its_text_tells_the_bids_and_the_suit() -> None:
    """Events are the truth: the bids and the suits named are replayed as moves (the suit named
    when nobody bids is the engine's); the text tells the bids, the suit and the Jack."""
    game = _jack_game()
    game.play("name spades")
    _play_to_the_end_of(game, 1, random.Random(1))
    while not game.is_over and game.hand_number < 6:
        if game.deal.phase is Phase.BID:
            game.play(Bid(0))
        else:
            _play_to_the_end_of(game, game.hand_number, random.Random(2))
    assert record.loads(record.dumps(game)).events == game.events
    seeded = Game(GAME_RULES, seed=4)
    rng = random.Random(4)
    while not seeded.is_over:
        seeded.play(rng.choice(seeded.legal_moves()), seeded.to_act)
    assert record.loads(record.dumps(seeded)).events == seeded.events
    text = record.text(game)
    # (seats counted from 1, in the words of hearts.words)
    assert "  Seat 1 bids 3 counters.\n  Seat 2 does not bid." in text
    assert (
        "Seat 1 names ♥ hearts as the suit to avoid, pays the bid of 3 counters into the pool "
        "and leads." in text
    )
    assert "Seat 1 takes it (1 heart)." in text
    # The Jack hand counts the spades each trick took: one spade, or so many spades.
    counted = [trick for trick in game.hands[1].tricks if trick.points]
    assert counted
    for trick in counted:
        units = f"{trick.points} spade" + ("s" if trick.points > 1 else "")
        assert f"Seat {trick.winner + 1} takes it ({units})." in text
    jack = "For the Jack there is no bidding: Seat 1 names ♠ spades again as the suit to avoid"
    assert jack in text
    assert (
        "Nobody bid: ♥ hearts are the suit to avoid; the player left of the dealer leads." in text
    )
    partial = Game(GAME_RULES, seed=4)
    assert record.text(partial).endswith("Seat 2 to bid.")
    partial.play("bid 2")
    for _ in range(3):
        partial.play("bid pass")
    assert record.text(partial).endswith("Seat 2 to name the suit to avoid.")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('"amount": 3', '"amount": -3', "event 1 \\(bid_made\\): a bid is a whole number"),
        ('"suit": "hearts"', '"suit": "trumps"', "event 5 \\(suit_named\\): 'trumps' is not a"),
        ('"amount": 3', '"amount": 14', "event 1 \\(bid_made\\): a bid may be at most 13"),
    ],
)
def test_a_tampered_bid_or_suit_in_a_record_is_refused(old: str, new: str, message: str) -> None:
    """Bad input: a record's bid or suit that the game would refuse names its event."""
    text = record.dumps(_jack_game())
    assert old in text
    with pytest.raises(InvalidRecord, match=message):
        record.loads(text.replace(old, new, 1))


def test_the_view_shows_the_bids_the_high_bid_the_bidder_and_the_named_suit() -> None:
    """Law 30: the bidding is public; so is the suit named (docs/rules.md §5.1.4)."""
    game = Game(GAME_RULES, rng=random.Random(0), dealer=3, deals=[_dealt(MIXED)])
    game.play("bid 2")
    game.play("bid pass")
    view = game.view(3)
    assert view.auction == AuctionView((2, 0, None, None), high_bid=2, bidder=0, named_suit=None)
    assert view.phase is Phase.BID and view.laws is None
    game.play("bid 4")
    game.play("bid pass")
    game.play("name spades")
    view = game.view(1)
    assert view.auction == AuctionView((2, 0, 4, 0), high_bid=4, bidder=2, named_suit=Suit.SPADES)
    classic = Game(variants.get("classic"), seed=1).view(0)
    assert classic.auction is None and classic.laws is None  # no auction: no part of the view


@pytest.mark.parametrize("bot_name", bots.names())
def test_bots_make_only_legal_moves_in_the_bidding_the_naming_and_the_jack(bot_name: str) -> None:
    """Bots answer every phase of Auction Hearts with a legal move, the Jack's naming too."""
    game = _jack_game()
    assert game.deal.phase is Phase.NAME
    for seed in range(3):
        bot = bots.get(bot_name, seed=seed, samples=2)
        view = game.view(0)
        assert bot.choose(view) in view.legal_moves
    # (The searching bots, with a small budget, play two hands: a whole game is too slow.)
    searcher = bot_name in bots.SEARCHERS
    for seed in range(1 if searcher else 4):
        game = Game(GAME_RULES, seed=seed)
        players = [bots.get(bot_name, seed=seed * 10 + seat, samples=2) for seat in range(4)]
        phases = set()
        while not game.is_over and (not searcher or game.hand_number < 2):
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            phases.add(view.phase)
            move = players[seat].choose(view)
            assert move in view.legal_moves
            game.play(move, seat)
        assert {Phase.BID, Phase.NAME, Phase.PLAY} <= phases


def test_basic_bids_the_least_it_may_for_a_safe_suit_and_names_it() -> None:
    """The basic player names the suit it is least likely to take (none of it, or low cards)
    and bids one more than the high bid while that is worth it; else it passes."""
    basic = bots.get("basic")
    deal = _auction(HANDS)  # seat 0 holds every club and none of the other suits
    assert basic.choose(deal.view(0)) == Bid(1)
    deal.play("bid 1")
    assert basic.choose(deal.view(1)) == Bid(2)
    deal.play("bid 9")
    assert basic.choose(deal.view(2)) == Bid(0)
    deal.play("bid pass")
    deal.play("bid pass")
    assert basic.choose(deal.view(1)) == NameSuit(Suit.CLUBS)  # seat 1 holds every diamond
    risky = _auction(MIXED)
    for move in ("bid 1", "bid pass", "bid pass", "bid pass"):
        risky.play(move)
    # Seat 0 holds 2♣ 3♣ 4♣ and no club above: clubs are its safest suit.
    assert basic.choose(risky.view(0)) == NameSuit(Suit.CLUBS)
