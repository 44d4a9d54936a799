"""Auction Hearts in a deal (laws 24, 30; RULES.md §5.1): the bidding, the naming of the suit to
avoid, the bidder's lead, and the penalties on the named suit. (The settlement of the bid and the
auction Jack belong to the game and are not built yet.)"""

from __future__ import annotations

import pytest

from hearts import Card, Deal, IllegalMove, InvalidRules, Rules, variants
from hearts.cards import Suit
from hearts.deal import Phase
from hearts.events import BidMade, Event, SuitNamed
from hearts.moves import Bid, NameSuit, move_text, parse_move

AUCTION = Rules(auction=True)
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
    """RULES.md §5.1.3 (default): each bid strictly higher than the current high bid, else pass."""
    deal = _auction()
    deal.play("bid 4")
    assert deal.legal_moves() == [Bid(0), *map(Bid, range(5, 14))]
    for move, message in (
        ("bid 4", "a bid must be higher than the high bid of 4: bid more, or pass"),
        ("bid 3", "a bid must be higher than the high bid of 4: bid more, or pass"),
        ("bid 14", "a bid may be at most 13 counters \\(max_bid\\), not 14"),
    ):
        before = _state(deal)
        with pytest.raises(IllegalMove, match=message):
            deal.play(move)
        assert _state(deal) == before


def test_max_bid_bounds_the_bids() -> None:
    """Our bound (no source limits a bid): bids from 1 to ``max_bid``."""
    deal = _auction(max_bid=3)
    assert deal.legal_moves() == [Bid(0), Bid(1), Bid(2), Bid(3)]
    with pytest.raises(InvalidRules, match="max_bid=3 clashes with auction=False"):
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
    """RULES.md §5.1.4, bad input: naming a suit when not the winning bidder is refused."""
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
    """RULES.md §5.1.4: the highest bidder names any suit (hearts included) and leads trick one."""
    deal = _auction(MIXED)
    for move in ("bid pass", "bid pass", "bid 2", "bid pass"):
        deal.play(move)
    event = deal.play("name clubs")
    assert event == SuitNamed(seat=2, suit="clubs")
    assert deal.phase is Phase.PLAY and deal.to_act == 2 and deal.leader == 2
    assert deal.named_suit is Suit.CLUBS


def test_rules_5_1_5_the_named_suit_counts_one_a_card_and_hearts_nothing() -> None:
    """RULES.md §5.1.5: everyone pays one counter per card of the named suit taken."""
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
    """RULES.md §5.1.8 (UNVERIFIED default): nobody bids: hearts are the suit, eldest leads."""
    deal = _auction(MIXED)
    for _ in range(4):
        deal.play(Bid(0))
    assert deal.named_suit is Suit.HEARTS and deal.bidder is None
    assert deal.phase is Phase.PLAY and deal.to_act == 0
    assert isinstance(deal.events[-1], SuitNamed) and deal.events[-1].seat == -1


def test_rules_5_1_7_a_jack_deal_has_no_bidding_and_the_previous_bidder_names() -> None:
    """RULES.md §5.1.7 (Bicycle): for a Jack there is no bidding; the last bidder names again."""
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
    for text in ("bid x", "name trumps", "bid -2"):
        with pytest.raises(IllegalMove):
            parse_move(text)


def test_bid_events_round_trip() -> None:
    """Events are the truth: a bid and a suit named turn into JSON data and back."""
    for event in (BidMade(seat=1, amount=4), SuitNamed(seat=2, suit="spades")):
        assert Event.from_dict(event.to_dict()) == event


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"settlement": "howell"}, "auction=True clashes with settlement=howell"),
        ({"pass_count": 3, "pass_cycle": ("left",)}, "auction=True clashes with pass_count=3"),
        ({"card_values": {"QS": 13}}, "auction=True clashes with card_values"),
        ({"joker": True}, "auction=True clashes with joker=True"),
        ({"max_bid": 0}, "max_bid=0 must be at least one counter"),
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


def test_a_game_of_auction_hearts_is_refused_until_its_settlement_is_built() -> None:
    """Bad input: a game would not settle the bid (RULES.md §5.1.4) or the auction Jack (§5.1.7)
    yet, so it is refused with a sentence rather than settled wrongly."""
    from hearts import Game

    with pytest.raises(IllegalMove, match="a game does not yet settle the bid"):
        Game(AUCTION, seed=1)
