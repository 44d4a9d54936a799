"""The laws at a real table (``Rules(laws=True)``): revokes, corrections, calls, claims and the
settlement of an established revoke (laws 19, 22–27; docs/rules.md §8)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from hearts import Deal, Game, Rules, record, scoring, variants
from hearts.bots import get as get_bot
from hearts.cards import Card, CardSet
from hearts.deal import Phase
from hearts.errors import IllegalMove, InvalidArgument
from hearts.events import (
    CardCalled,
    CardPlayed,
    ClaimJudged,
    Gathered,
    HandSettled,
    RevokeClaimed,
    RevokeCorrected,
    Revoked,
)
from hearts.moves import Bid, Call, Claim, Correct, Gather, Revoke, parse_move

LAWS = variants.get("classic").replace(laws=True)
HANDS = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC 2H",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AC",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AD",
    "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH AS",
]
"""Seat 0 (the eldest hand) leads; seat 1 holds one club (the A♣), seat 2 one diamond."""


def revoked_deal(rules: Rules = LAWS) -> Deal:
    """Seat 0 leads the 2♣ and seat 1, holding the A♣, revokes with the 2♦."""
    deal = Deal.from_hands(rules, HANDS)
    deal.play("2C")
    deal.play(Revoke("2D"))
    return deal


def state(deal: Deal) -> tuple[Any, ...]:
    return (
        deal.phase,
        deal.to_act,
        tuple(deal.hand(s) for s in deal.seats),
        tuple(deal.trick),
        len(deal.tricks),
        len(deal.events),
        deal.revokes,
        deal.claims,
        tuple(deal.exposed(s) for s in deal.seats),
        deal.called,
        deal.hearts_broken,
    )


def opportunity(deal: Deal) -> Card | None:
    """A card the seat to act could revoke with now, if any."""
    if deal.phase is not Phase.PLAY or not deal.trick:
        return None
    led = deal.trick[0][1].suit
    hand = deal.hand(deal.to_act)
    off = [card for card in hand if card.suit != led]
    return off[0] if off and any(card.suit == led for card in hand) else None


def play_hand_with_revokes(
    game: Game, revokers: set[int], rng: random.Random, *, claim: bool = True
) -> Deal:
    """Play the hand in progress at random; each seat of ``revokers`` revokes once, at its first
    chance; the seat on its left claims it when the play is over (if ``claim``)."""
    deal = game.deal
    pending = set(revokers)
    while game.deal is deal and not game.is_over:
        card = opportunity(deal)
        if card is not None and deal.to_act in pending:
            pending.discard(deal.to_act)
            game.play(Revoke(card))
            continue
        if deal.phase is Phase.GATHER and claim:
            unclaimed = [s for s, _, _ in deal.revokes if s not in deal.claims]
            if unclaimed:
                game.play(Claim(unclaimed[0]), seat=(unclaimed[0] + 1) % game.players)
                continue
        game.play(rng.choice(game.legal_moves()), game.to_act)
    return deal


# ----------------------------------------------------------------------------- law 22


def test_law_22_without_the_laws_option_a_revoke_is_impossible_and_changes_nothing() -> None:
    deal = Deal.from_hands(variants.get("classic"), HANDS)
    deal.play("2C")
    before = state(deal)
    with pytest.raises(IllegalMove, match=r"you must follow suit: you hold a club$"):
        deal.play("2D")
    with pytest.raises(IllegalMove, match=r"no revoke without the laws option \(Rules\(laws=True"):
        deal.play(Revoke("2D"))
    with pytest.raises(IllegalMove, match="no claim without the laws option"):
        deal.play(Claim(1), seat=0)
    for move in (Correct(), Call("2D"), Gather()):
        with pytest.raises(IllegalMove, match="without the laws option"):
            deal.play(move, seat=0)
    assert state(deal) == before


def test_law_22_under_the_laws_a_seat_may_revoke_and_the_others_see_a_card_played() -> None:
    deal = Deal.from_hands(LAWS, HANDS)
    deal.play("2C")
    with pytest.raises(
        IllegalMove, match="to revoke all the same, as at a real table: 'revoke 2D'"
    ):
        deal.play("2D")  # a plain card is still refused: the revoke is a move of its own
    event = deal.play(Revoke("2D"))
    assert event == Revoked(seat=1, card=Card.parse("2D"))
    assert deal.revokes == [(1, 0, Card.parse("2D"))]
    assert deal.trick == [(0, Card.parse("2C")), (1, Card.parse("2D"))]
    assert deal.to_act == 2
    # The others see a card played, not a revoke; the revoker sees its own.
    assert type(deal.view(2).events[-1]) is CardPlayed
    assert deal.view(2).laws.revokes == ()
    assert deal.view(1).laws.revokes == ((0, Card.parse("2D")),)
    assert deal.revokers == ()  # nobody has claimed it


def test_law_22_bots_never_revoke() -> None:
    assert all(not isinstance(m, Revoke) for m in Deal.from_hands(LAWS, HANDS).legal_moves())
    for name in ("random", "basic"):
        game = Game(LAWS, seed=5)
        bots = [get_bot(name, seed=seat) for seat in range(4)]
        while game.hand_number < 3 and not game.is_over:
            seat = game.to_act
            assert seat is not None
            game.play(bots[seat].choose(game.view(seat)), seat)
        assert not any(isinstance(event, Revoked) for event in game.events)


@pytest.mark.parametrize(
    ("setup", "move", "words"),
    [
        ([], Revoke("2H"), "a lawful play, not a revoke"),  # a lead is any card, classic
        (["2C"], Revoke("AC"), "the A♣ is a lawful play, not a revoke"),
        (["2C"], Revoke("AS"), "seat 1 does not hold the A♠"),
        (["2C", "AC"], Revoke("2S"), "the 2♠ is a lawful play"),  # seat 2 holds no club
    ],
)
def test_law_22_a_lawful_card_is_no_revoke(setup: list[str], move: Revoke, words: str) -> None:
    deal = Deal.from_hands(LAWS, HANDS)
    for card in setup:
        deal.play(card)
    before = state(deal)
    with pytest.raises(IllegalMove, match=words):
        deal.play(move)
    assert state(deal) == before


def test_law_22_breaking_another_rule_of_play_is_not_a_revoke() -> None:
    modern = variants.get("modern").replace(laws=True)
    deal = Deal.from_hands(modern, HANDS, pass_direction="hold")
    with pytest.raises(IllegalMove, match="not the law of following suit"):
        deal.play(Revoke("2H"))  # leading a heart unbroken is against the rules, not a revoke


def test_law_22_a_revoke_corrected_in_time_is_exposed_and_later_cards_are_taken_back() -> None:
    deal = revoked_deal()
    deal.play("2S")  # seat 2, after the revoker
    event = deal.play(Correct(), seat=1)
    assert event == RevokeCorrected(
        seat=1, card=Card.parse("2D"), withdrawn=((2, Card.parse("2S")),)
    )
    assert deal.trick == [(0, Card.parse("2C"))]
    assert deal.to_act == 1 and deal.legal_moves() == [Card.parse("AC")]
    assert deal.exposed(1) == CardSet.parse("2D")  # face up for all (law 22) ...
    assert deal.view(3).laws.exposed[1] == CardSet.parse("2D")
    assert Card.parse("2S") in deal.hand(2) and deal.exposed(2) == CardSet()  # ... not his
    assert deal.revokes == []  # corrected: nothing to claim
    deal.play("AC")
    assert deal.to_act == 2 and Card.parse("2S") in deal.legal_moves()  # he may play another


def test_law_22_a_correction_names_its_seat() -> None:
    """Only the revoker knows it revoked: a correction that names no seat is refused, so it
    cannot be used to find out who revoked."""
    deal = revoked_deal()
    before = state(deal)
    with pytest.raises(IllegalMove, match=r"say which seat corrects its revoke"):
        deal.play(Correct())
    assert state(deal) == before


def test_law_22_a_revoke_in_a_quitted_trick_stands() -> None:
    deal = revoked_deal()
    deal.play("2S")
    deal.play("AS")  # the trick is complete: quitted
    before = state(deal)
    with pytest.raises(IllegalMove, match=r"in a trick already quitted: it stands.*law 23"):
        deal.play(Correct(), seat=1)
    with pytest.raises(IllegalMove, match="seat 2 has no revoke in the trick on the table"):
        deal.play(Correct(), seat=2)
    assert state(deal) == before


# ----------------------------------------------------------------------------- laws 19, 27


def exposed_deal() -> Deal:
    """Seat 1's 2♦ is exposed (a corrected revoke); seat 1 takes the first trick and leads."""
    deal = revoked_deal()
    deal.play(Correct(), seat=1)
    for card in ("AC", "2S", "3H"):
        deal.play(card)
    assert deal.to_act == 1 and deal.exposed(1) == CardSet.parse("2D")
    return deal


def test_law_19_an_exposed_card_may_be_called_and_must_be_played() -> None:
    deal = exposed_deal()
    event = deal.play(Call("2D"), seat=0)
    assert event == CardCalled(seat=0, owner=1, card=Card.parse("2D"))
    assert deal.called == Card.parse("2D")
    assert deal.legal_moves() == [Card.parse("2D")]
    assert deal.view(1).laws.called == Card.parse("2D")
    before = state(deal)
    with pytest.raises(IllegalMove, match=r"exposed 2♦ is called: play it \(law 19\)"):
        deal.play("3D")
    assert state(deal) == before
    deal.play("2D")
    assert deal.called is None and deal.exposed(1) == CardSet()


def test_law_19_the_first_call_binds_and_only_another_seat_calls() -> None:
    deal = exposed_deal()
    before = state(deal)
    with pytest.raises(IllegalMove, match="cannot call its own exposed card"):
        deal.play(Call("2D"), seat=1)
    with pytest.raises(IllegalMove, match="not an exposed card of seat 1"):
        deal.play(Call("3D"), seat=0)
    assert state(deal) == before
    deal.play(Call("2D"), seat=0)
    with pytest.raises(IllegalMove, match=r"called already: the first call binds \(law 19\)"):
        deal.play(Call("2D"), seat=2)


def test_law_19_a_card_that_could_not_be_played_without_revoking_cannot_be_called() -> None:
    deal = revoked_deal()
    deal.play(Correct(), seat=1)  # seat 1 must now follow with the A♣: the 2♦ would revoke
    before = state(deal)
    with pytest.raises(IllegalMove, match=r"cannot play the 2♦ now without revoking.*law 19"):
        deal.play(Call("2D"), seat=3)
    assert state(deal) == before


def test_law_27_failing_a_lawful_call_is_a_revoke() -> None:
    deal = exposed_deal()
    deal.play(Call("2D"), seat=0)
    event = deal.play(Revoke("3D"))  # seat 1 plays another card all the same
    assert event == Revoked(seat=1, card=Card.parse("3D"))
    assert deal.revokes == [(1, 1, Card.parse("3D"))]
    exposed = exposed_deal()
    exposed.play(Call("2D"), seat=0)
    with pytest.raises(IllegalMove, match="the card called: play it, it is no revoke"):
        exposed.play(Revoke("2D"))


# ----------------------------------------------------------------------------- laws 25–26


def play_out(deal: Deal, seed: int = 1) -> None:
    """Play the hand's cards to the end at random (the gathering then begins)."""
    rng = random.Random(seed)
    while deal.phase is Phase.PLAY:
        deal.play(rng.choice(deal.legal_moves()))


def refusal(deal: Deal, move: Any, seat: int | None) -> str | None:
    """Why ``deal`` refuses ``move`` from ``seat`` (None: it would take it)."""
    try:
        deal.verify_play(move, seat)
    except (IllegalMove, InvalidArgument) as error:
        return str(error)
    return None


def test_laws_25_26_any_other_seat_may_claim_until_every_seat_lets_the_cards_be_gathered() -> None:
    """Law 25: a claim made during the play is recorded for all to see and judged when the hand
    has been played out, by searching the tricks; law 26: claims close with the gathering."""
    deal = revoked_deal()
    assert deal.play(Claim(1), seat=3) == RevokeClaimed(seat=3, accused=1)
    assert deal.claims == (1,) and deal.revokers == ()  # recorded, not yet judged
    assert deal.view(0).laws.claims == deal.view(0).laws.pending == (1,)
    assert deal.view(0).laws.established == ()
    play_out(deal)
    assert deal.phase is Phase.GATHER and deal.to_act == 0  # from the eldest hand
    judged = ClaimJudged(seat=3, accused=1, upheld=True, revokes=((0, Card.parse("2D")),))
    assert deal.events[-1] == judged and deal.view(2).events[-1] == judged
    assert deal.revokers == (1,) and deal.view(0).laws.established == (1,)
    assert deal.view(0).laws.pending == ()
    assert deal.legal_moves() == [Gather()] and deal.legal_moves(2) == []
    for seat in (0, 1, 2, 3):
        assert deal.to_act == seat
        assert deal.play(Gather()) == Gathered(seat=seat)
    assert deal.is_over


def test_law_25_a_claim_is_refused_only_on_public_facts() -> None:
    """A claim during the play is refused for what every seat can see (its own seat, no seat,
    a seat that has played no card, a seat claimed against since its last card), never for
    whether the accused revoked: a claim against a seat that did not revoke is taken, to be
    judged at the end of the hand."""
    deal = revoked_deal()
    before = state(deal)
    with pytest.raises(IllegalMove, match=r"^seat 2 has played no card this hand: there is no "):
        deal.play(Claim(2), seat=0)
    with pytest.raises(IllegalMove, match="seat 1 cannot claim a revoke of its own"):
        deal.play(Claim(1), seat=1)
    with pytest.raises(InvalidArgument, match="9 is not a seat"):  # no seat: a bad argument
        deal.play(Claim(9), seat=0)
    assert state(deal) == before
    deal.play("2S")  # seat 2 follows: it has not revoked
    assert deal.play(Claim(2), seat=0) == RevokeClaimed(seat=0, accused=2)
    assert deal.play(Claim(1), seat=0) == RevokeClaimed(seat=0, accused=1)
    for accused, claimant in ((1, 2), (2, 3)):
        with pytest.raises(IllegalMove, match=rf"^seat {accused} has been claimed against since"):
            deal.play(Claim(accused), seat=claimant)
    assert deal.claims == (1, 2) and deal.revokers == ()
    assert deal.view(3).laws.claimable == (0,)  # seats 1 and 2 have not played since
    deal.undo()
    deal.undo()
    deal.undo()
    assert state(deal) == before


def test_law_25_a_claim_reveals_nothing_before_it_is_judged() -> None:
    """Two deals, alike for seat 0 in everything but one thing: in one seat 1 revokes, holding
    the A♠ when the 2♠ is led; in the other it holds the 2♦ instead, and draws the A♠ from the
    stock after that trick. Seat 0 claims a revoke, and the hand is played out the same in
    both: until the claim is judged, seat 0 and a watcher see the same views, events, legal
    moves and refusals in both deals, and seat 1 the same from the claim on; the judgement
    then upholds the claim in the first and finds it void in the second."""
    rules = variants.get("two-handed").replace(laws=True)
    spades = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS 2C"
    hearts = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"
    rest = "AH 4C 5C 6C 7C 8C 9C TC JC QC KC AC 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD"
    revoked = Deal.from_hands(rules, [spades, f"AS {hearts}"], stock=f"3C 2D {rest}")
    lawful = Deal.from_hands(rules, [spades, f"2D {hearts}"], stock=f"3C AS {rest}")
    revoked.play("2S")
    revoked.play(Revoke("2H"))
    lawful.play("2S")
    lawful.play("2H")  # void in spades: no revoke
    assert revoked.revokes == [(1, 0, Card.parse("2H"))] and lawful.revokes == []
    probes = [Claim(seat) for seat in (0, 1, 5)] + [Correct(), Call("AS"), Gather()]

    def seen(deal: Deal, since: int) -> tuple[Any, ...]:
        laws = deal.view(1).laws
        return (
            deal.view(0),
            deal.public_view(),
            deal.legal_moves(0),
            [refusal(deal, move, 0) for move in probes],
            deal.view(1).events[since:],
            (laws.claims, laws.pending, laws.established, laws.claimable, laws.called),
            deal.legal_moves(1),
            [refusal(deal, move, 1) for move in probes if move != Correct()],
        )

    assert seen(revoked, 0)[:4] == seen(lawful, 0)[:4]
    since = len(revoked.view(1).events)
    assert revoked.play(Claim(1), seat=0) == lawful.play(Claim(1), seat=0)
    while revoked.phase is Phase.PLAY:
        assert seen(revoked, since) == seen(lawful, since)
        move = revoked.legal_moves()[0]
        revoked.play(move)
        lawful.play(move)
    assert revoked.phase is lawful.phase is Phase.GATHER
    upheld, void = revoked.events[-1], lawful.events[-1]
    assert upheld == ClaimJudged(seat=0, accused=1, upheld=True, revokes=((0, Card.parse("2H")),))
    assert void == ClaimJudged(seat=0, accused=1, upheld=False, revokes=())
    assert revoked.view(0).events[:-1] == lawful.view(0).events[:-1]
    assert revoked.revokers == (1,) and lawful.revokers == ()


def test_law_25_a_third_seat_learns_nothing_from_a_claim_either() -> None:
    """Four hands: seat 1 revokes (holding the A♣) or, in a deal the same for seats 2 and 3,
    plays the same card void in clubs (seat 0 holds the A♣). A claim by seat 2, the refusals
    of every claim and what seats 2 and 3 and a watcher see are the same in both deals."""
    lawful_hands = [HANDS[0].replace("2H", "AC"), HANDS[1].replace("AC", "2H"), *HANDS[2:]]
    revoked, lawful = revoked_deal(), Deal.from_hands(LAWS, lawful_hands)
    lawful.play("2C")
    lawful.play("2D")

    def seen(deal: Deal) -> tuple[Any, ...]:
        return (
            deal.view(2),
            deal.view(3),
            deal.public_view(),
            [
                refusal(deal, Claim(accused), claimant)
                for accused in range(5)
                for claimant in (2, 3)
            ],
        )

    assert seen(revoked) == seen(lawful)
    revoked.play(Claim(1), seat=2)
    lawful.play(Claim(1), seat=2)
    assert seen(revoked) == seen(lawful)
    for card in ("2S", "3H"):  # the trick is quitted: the revoke stands, still unjudged
        revoked.play(card)
        lawful.play(card)
        assert seen(revoked) == seen(lawful)


def test_laws_23_25_a_claim_is_judged_when_the_hand_is_played_out() -> None:
    """Law 23 has the hand played out, law 25 the tricks searched at its end: a claim against
    the revoker is upheld and he pays all the losses; a claim against a seat that did not
    revoke is void, charges nobody, and leaves the revoke unpunished unless it is claimed."""
    for accused, upheld in ((1, True), (2, False)):
        game = Game(LAWS, seed=3)
        deal = game.deal
        while not (deal.trick and opportunity(deal) and deal.to_act == 1):
            game.play(game.legal_moves()[0])
        game.play(Revoke(opportunity(deal)))
        while deal.to_act == 1 or not game.can_play(Claim(accused), 0):
            game.play(game.legal_moves()[0])
        game.play(Claim(accused), 0)
        assert deal.revokers == () and deal.view(3).laws.pending == (accused,)
        while deal.phase is Phase.PLAY:
            game.play(game.legal_moves()[0])
        judged = deal.events[-1]
        assert isinstance(judged, ClaimJudged) and judged.accused == accused
        assert judged.upheld is upheld and bool(judged.revokes) is upheld
        assert deal.revokers == ((1,) if upheld else ())
        while deal.phase is Phase.GATHER:
            game.play(Gather())
        settled = next(e for e in game.events if isinstance(e, HandSettled))
        units = list(deal.penalties())
        expected = scoring.sweepstakes(units, revokers=[1] if upheld else [])
        assert settled.deltas == expected.deltas and settled.pool == expected.pool


def test_law_25_a_claim_during_the_gathering_is_judged_at_once() -> None:
    """Once the hand is played out the tricks can be searched at once: a claim made while the
    cards wait to be gathered is judged there and then, upheld or void."""
    deal = revoked_deal()
    play_out(deal)
    assert deal.phase is Phase.GATHER
    deal.play(Claim(2), seat=0)
    assert deal.events[-1] == ClaimJudged(seat=0, accused=2, upheld=False, revokes=())
    deal.play(Claim(1), seat=3)
    assert deal.events[-2:] == [
        RevokeClaimed(seat=3, accused=1),
        ClaimJudged(seat=3, accused=1, upheld=True, revokes=((0, Card.parse("2D")),)),
    ]
    assert deal.revokers == (1,) and deal.claims == (1, 2)
    assert deal.view(0).laws.claimable == (3,)  # 1 and 2: claimed since their last card
    with pytest.raises(IllegalMove, match="seat 1 has been claimed against since it last played"):
        deal.play(Claim(1), seat=0)


def test_law_26_a_claim_after_the_cards_are_gathered_is_too_late() -> None:
    deal = revoked_deal()
    rng = random.Random(2)
    while not deal.is_over:
        deal.play(rng.choice(deal.legal_moves()))
    with pytest.raises(IllegalMove, match=r"too late to claim \(law 26\)"):
        deal.play(Claim(1), seat=0)
    assert deal.view(0).laws.claimable == ()


def test_laws_25_26_an_unclaimed_revoke_goes_unpunished() -> None:
    game = Game(LAWS, seed=8)
    deal = play_hand_with_revokes(game, {2}, random.Random(8), claim=False)
    assert deal.revokes and deal.revokers == ()
    settled = next(e for e in game.events if isinstance(e, HandSettled))
    units = list(deal.penalties())
    assert settled.deltas == scoring.sweepstakes(units).deltas


def test_laws_22_25_a_claim_then_a_correction_finds_no_revoke_when_judged() -> None:
    """Law 22: a revoke corrected before the trick is quitted is no revoke. A claim made
    before the correction stays recorded (the correction says nothing of it) and is judged
    void when the hand is played out; a later revoke of the same seat must be claimed anew,
    for a claim is judged on the revokes made before it."""
    deal = revoked_deal()
    deal.play(Claim(1), seat=0)
    deal.play(Correct(), seat=1)
    assert deal.claims == deal.view(2).laws.pending == (1,) and deal.revokes == []
    with pytest.raises(IllegalMove, match="seat 1 has been claimed against since it last played"):
        deal.play(Claim(1), seat=3)  # its correction is no new card: nothing new to claim
    deal.play("AC")
    assert 1 in deal.view(3).laws.claimable
    for card in ("2S", "3H"):
        deal.play(card)
    deal.play(Call("2D"), seat=0)
    deal.play(Revoke("3D"))  # seat 1 fails the call: a new revoke (law 27)
    play_out(deal)
    judged = [e for e in deal.events if isinstance(e, ClaimJudged)]
    assert judged == [ClaimJudged(seat=0, accused=1, upheld=False, revokes=())]
    assert deal.revokers == ()  # the first claim was void; the later revoke went unclaimed
    deal.play(Claim(1), seat=3)  # claimed anew, while the cards wait to be gathered
    assert deal.revokers == (1,)
    assert deal.events[-1] == ClaimJudged(
        seat=3, accused=1, upheld=True, revokes=((1, Card.parse("3D")),)
    )


def test_law_25_a_claim_covers_the_revokes_made_before_it_not_after() -> None:
    """A claim says a seat has revoked: the search of the tricks finds the revokes made before
    the claim. A claim made before the accused revokes is void, and his revoke unpunished
    unless it is claimed anew."""
    deal = revoked_deal()  # seat 1's 2♦ on the 2♣, holding the A♣: a revoke in trick 0
    for card in ("2S", "AS"):
        deal.play(card)  # quitted: it stands
    deal.play(Claim(1), seat=2)
    play_out(deal)
    assert deal.events[-1] == ClaimJudged(
        seat=2, accused=1, upheld=True, revokes=((0, Card.parse("2D")),)
    )
    game = Game(LAWS, seed=5)
    early = game.deal
    claimed = False
    while early.phase is Phase.PLAY:
        card = opportunity(early)
        if claimed and card is not None and early.to_act == 1:
            game.play(Revoke(card))
            break
        if not claimed and early.can_play(Claim(1), 0):
            game.play(Claim(1), 0)  # seat 1 has played, lawfully so far
            claimed = True
            continue
        game.play(game.legal_moves()[0])
    assert claimed and early.revokes, "seat 1 found no chance to revoke after the claim"
    play_out(early)
    assert [e for e in early.events if isinstance(e, ClaimJudged)] == [
        ClaimJudged(seat=0, accused=1, upheld=False, revokes=())
    ]
    assert early.revokers == ()


# ----------------------------------------------------------------------------- laws 23–24


def settle_with(rules: Rules, revokers: set[int], seed: int) -> tuple[Deal, HandSettled]:
    game = Game(rules, seed=seed)
    deal = play_hand_with_revokes(game, revokers, random.Random(seed))
    settled = next(e for e in game.events if isinstance(e, HandSettled))
    return deal, settled


def test_law_23_the_revoker_pays_all_losses_in_the_sweepstakes() -> None:
    for seed in range(12):
        deal, settled = settle_with(LAWS, {1}, seed)
        if deal.revokers != (1,):
            continue
        units = list(deal.penalties())
        expected = scoring.sweepstakes(units, revokers=[1])
        assert settled.deltas == expected.deltas and settled.pool == expected.pool
        assert settled.deltas[1] == -13  # the revoker pays the thirteen, whatever he took
        assert all(d >= 0 for s, d in enumerate(settled.deltas) if s != 1)


def test_law_24_two_revokers_each_pay_in_full() -> None:
    checked = 0
    for seed in range(20):
        deal, settled = settle_with(LAWS, {1, 3}, seed)
        if deal.revokers != (1, 3):
            continue
        checked += 1
        assert settled.deltas[1] == settled.deltas[3] == -13
        assert sum(settled.deltas) + settled.pool == 0
    assert checked


def test_law_24_in_auction_hearts_the_revoker_also_pays_the_bid() -> None:
    rules = variants.get("auction").replace(laws=True)
    for seed in range(30):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        deal = game.deal
        while deal.phase is Phase.BID:
            game.play(Bid(3) if deal.to_act == deal.dealer else Bid(0))
        game.play(parse_move("name hearts"))
        revoker = (deal.dealer + 1) % 4
        play_hand_with_revokes(game, {revoker}, rng)
        if deal.revokers != (revoker,):
            continue
        settled = next(e for e in game.events if isinstance(e, HandSettled))
        units = [deal.penalties()[s] for s in deal.seats]
        base = scoring.sweepstakes(units, pool=3 + 3, revokers=[revoker])
        assert settled.deltas[revoker] == base.deltas[revoker] - 3  # the bid, on top
        assert settled.deltas[deal.dealer] == base.deltas[deal.dealer] - 3  # the bidder's bid
        assert sum(settled.deltas) + settled.pool == 0
        return
    pytest.fail("no seed gave seat 1 a revoke to make")


def test_rules_8_2_howell_revoker_bears_the_losses() -> None:
    rules = variants.get("howell").replace(laws=True)
    for seed in range(10):
        deal, settled = settle_with(rules, {2}, seed)
        if deal.revokers == (2,):
            expected = scoring.howell(list(deal.penalties()), total=13, revokers=[2])
            assert settled.deltas == expected.deltas
            assert sum(settled.deltas) == 0
            return
    pytest.fail("no revoke made")


def test_rules_8_2_modern_the_revoker_is_charged_all_26_points() -> None:
    rules = variants.get("modern").replace(laws=True)
    for seed in range(10):
        deal, settled = settle_with(rules, {0}, seed)
        if deal.revokers == (0,):
            assert settled.deltas == (26, 0, 0, 0)
            assert deal.points() == (26, 0, 0, 0)
            return
    pytest.fail("no revoke made")


# ----------------------------------------------------------------------------- records, undo


def test_undo_takes_back_revokes_corrections_calls_claims_and_gathering() -> None:
    deal = Deal.from_hands(LAWS, HANDS)
    states = [state(deal)]
    moves: list[tuple[Any, int | None]] = [
        ("2C", None),
        (Revoke("2D"), None),
        (Claim(1), 2),
        ("2S", None),
        (Correct(), 1),
        ("AC", None),
        ("2S", None),
        ("3H", None),
        (Call("2D"), 0),
        (Revoke("3D"), None),
    ]
    for move, seat in moves:
        deal.play(move, seat)
        states.append(state(deal))
    rng = random.Random(3)
    while not deal.is_over:
        deal.play(rng.choice(deal.legal_moves()))
        states.append(state(deal))
    for expected in reversed(states[:-1]):
        deal.undo()
        assert state(deal) == expected


def test_a_game_by_the_laws_is_recorded_and_replayed() -> None:
    game = Game(LAWS, seed=4)
    rng = random.Random(4)
    play_hand_with_revokes(game, {3}, rng)
    while game.hand_number < 2:
        game.play(rng.choice(game.legal_moves()), game.to_act)
    again = record.loads(record.dumps(game))
    assert again.events == game.events
    text = record.text(game)
    if game.hands[0].revokers:
        # (seats counted from 1, in the words of hearts.words)
        assert re.search(r"Seat 4 plays the \S+: a revoke\.", text)
        assert "Seat 4 pays all the losses of the hand." in text


def test_moves_of_the_laws_read_and_write_as_text() -> None:
    for move in (Revoke("5H"), Correct(), Claim(2), Call("7C"), Gather()):
        assert parse_move(str(move)) == move


def test_laws_25_26_the_basic_bot_claims_a_revoke_its_view_proves() -> None:
    deal = revoked_deal()  # seat 1 showed out of clubs with the 2♦, holding the A♣
    for card in ("2S", "AS", "3C"):
        deal.play(card)  # seat 0 takes the trick and leads a club
    assert deal.to_act == 1
    assert get_bot("basic").choose(deal.view(1)) == Card.parse("AC")  # it never claims itself
    deal.play("AC")  # the A♣ proves the revoke
    assert deal.to_act == 2
    assert get_bot("basic").choose(deal.view(2)) == Claim(1)
    deal.play(Claim(1), seat=2)
    assert isinstance(get_bot("basic").choose(deal.view(2)), Card)  # claimed once, plays on
    assert deal.revokers == () and deal.view(2).laws.pending == (1,)
    bot = get_bot("basic")
    while not deal.is_over:
        move = bot.choose(deal.view(deal.to_act))
        assert not isinstance(move, Claim)  # the claim made covers the revoke: none again
        deal.play(move)
    assert deal.revokers == (1,)


def test_law_25_the_basic_bot_claims_again_a_revoke_made_after_a_claim() -> None:
    """A claim is judged on the revokes made before it: when seat 1 is claimed against before
    the revoke its view proves, the basic bot claims once more."""
    deal = Deal.from_hands(
        LAWS,
        [
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC 2H AH",
            "KC AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
            "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS KD",
            "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AS AD",
        ],
    )
    deal.play("2C")
    deal.play("KC")
    deal.play(Claim(1), seat=3)  # in vain: seat 1 has followed suit
    for card in ("2S", "3H", "2D", "KD", "AD", "2H", "4H", "AH", "3D", "3S", "3C"):
        deal.play(card)
    deal.play(Revoke("4D"))  # holding the A♣
    for card in ("4S", "5H", "4C", "AC"):  # the A♣ proves the revoke
        deal.play(card)
    assert deal.to_act == 2 and deal.view(2).laws.claimable == (0, 1, 3)
    bot = get_bot("basic")
    assert bot.choose(deal.view(2)) == Claim(1)
    deal.play(Claim(1), seat=2)
    while not deal.is_over:
        move = bot.choose(deal.view(deal.to_act))
        assert not isinstance(move, Claim)
        deal.play(move)
    judged = [e for e in deal.events if isinstance(e, ClaimJudged)]
    assert [(e.seat, e.upheld) for e in judged] == [(3, False), (2, True)]
    assert deal.revokers == (1,)


def test_the_basic_bot_claims_nothing_where_cards_reach_a_hand_during_play() -> None:
    rules = variants.get("two-handed").replace(laws=True)
    game = Game(rules, seed=1)
    bot = get_bot("basic")
    while game.hand_number == 0:
        seat = game.to_act
        assert seat is not None
        move = bot.choose(game.view(seat))
        assert not isinstance(move, Claim)
        game.play(move, seat)


def lawless_move(deal: Deal, rng: random.Random) -> tuple[Any, int | None] | None:
    """Now and then an irregularity a real table sees: a revoke, its correction, a call of an
    exposed card, a claim (of a real revoke). None: play on as the rules allow."""
    roll = rng.random()
    if deal.phase is Phase.PLAY:
        card = opportunity(deal)
        if card is not None and roll < 0.15:
            return Revoke(card), None
        open_revokes = [
            s
            for s, at, c in deal.revokes
            if at == len(deal.tricks) and c in {c for _, c in deal.trick}
        ]
        if open_revokes and roll < 0.5:
            return Correct(), open_revokes[0]
        exposed = deal.exposed(deal.to_act)
        if exposed and deal.called is None and roll < 0.5:
            caller = (deal.to_act + 1) % deal.players
            first = next(iter(exposed))
            if deal.can_play(Call(first), caller):
                return Call(first), caller
    unclaimed = [s for s, _, _ in deal.revokes if s not in deal.claims]
    if unclaimed and roll < 0.3:
        return Claim(unclaimed[0]), (unclaimed[0] + 1) % deal.players
    if roll > 0.97:  # a claim at random, true or not
        claimant, accused = rng.sample(range(deal.players), 2)
        if deal.can_play(Claim(accused), claimant):
            return Claim(accused), claimant
    return None


@pytest.mark.parametrize("name", variants.names())
def test_the_laws_at_every_form_of_the_game(name: str) -> None:
    """Every preset under the laws option, with revokes, corrections, calls and claims made at
    random: moves stay lawful, counters and cards are conserved, the settlement charges the
    established revokers, and every move undoes back to the deal."""
    rules = variants.get(name).replace(laws=True)
    for seed in range(4):
        rng = random.Random(seed)
        game = Game(rules, seed=seed)
        deal = game.deal
        states = [state(deal)]
        while game.deal is deal and not game.is_over:
            irregular = lawless_move(deal, rng)
            if irregular is not None:
                game.play(*irregular)
            else:
                game.play(rng.choice(game.legal_moves()), game.to_act)
            if game.deal is deal:
                states.append(state(deal))
        settled = next(e for e in game.events if isinstance(e, HandSettled))
        judged = [e for e in deal.events if isinstance(e, ClaimJudged)]
        assert len(judged) == sum(isinstance(e, RevokeClaimed) for e in deal.events)
        assert all(e.upheld is bool(e.revokes) for e in judged)
        assert deal.revokers == tuple(sorted({e.accused for e in judged if e.upheld}))
        if rules.counters:
            before = rules.start_counters * rules.players
            assert sum(settled.totals) + settled.pool == before
        elif deal.revokers:
            total = rules.penalty_total
            assert settled.deltas == tuple(total if s in deal.revokers else 0 for s in deal.seats)
        taken = 0
        for seat in deal.seats:
            assert not taken & deal.taken(seat).mask
            taken |= deal.taken(seat).mask
        assert taken == rules.pack
        if game.deal is deal:
            states.pop()  # the game ended with this hand: its final state was recorded
        game.undo()  # reopens the hand: undo every move back to the deal
        while states:
            assert state(deal) == states.pop()
            if states:
                deal.undo()


def test_the_readable_account_of_a_game_waiting_for_the_gathering() -> None:
    game = Game(LAWS, seed=1)
    rng = random.Random(1)
    while game.deal.phase is not Phase.GATHER:
        game.play(rng.choice(game.legal_moves()), game.to_act)
    assert record.text(game).endswith("to let the cards be gathered (or claim a revoke).")


def test_laws_the_cards_are_gathered_after_the_shooter_chooses_how_the_moon_is_scored() -> None:
    """With the laws and the moon a choice, the moon phase comes first: a Gather then says so
    (and changes nothing); once the shooter has chosen, the gathering begins."""
    rules = variants.get("modern").replace(laws=True, settlement={"moon": "choice"})
    deal = Deal.from_hands(
        rules,
        [
            "AC KC QC JC TC 9C AH KH QH JH TH 9H AS",
            "2C QS 8H 7H 6H 2D 3D 4D 5D 6D 7D 8D 9D",
            "3C 5H 4H 3H TD JD QD KD AD KS JS TS 9S",
            "4C 5C 6C 7C 8C 2H 8S 7S 6S 5S 4S 3S 2S",
        ],
        pass_direction="hold",
    )
    for card in ("2C", "3C", "4C", "AC", "AS", "QS"):
        deal.play(card)
    while deal.phase is Phase.PLAY:
        moves = deal.legal_moves()
        deal.play(moves[-1] if deal.to_act == 0 else moves[0])
    assert deal.phase is Phase.MOON and deal.to_act == 0
    before = state(deal)
    with pytest.raises(IllegalMove, match="the shooter chooses how the moon is scored first"):
        deal.play("gather", seat=0)
    assert state(deal) == before
    deal.play(Claim(1), seat=0)  # the play is over, but the claim waits for the gathering
    assert deal.view(2).laws.pending == (1,)
    deal.play("moon new")
    assert deal.phase is Phase.GATHER
    assert deal.events[-1] == ClaimJudged(seat=0, accused=1, upheld=False, revokes=())
