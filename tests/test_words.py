"""Words for people (hearts.words): every event of every form, every move, a refusal and a hint
in plain sentences, for the seat that reads them and for the others, seats counted from 1."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from hearts import Game, variants, words
from hearts.cards import Card, CardSet
from hearts.errors import HeartsError, IllegalMove
from hearts.events import (
    EVENT_KINDS,
    BidMade,
    CardCalled,
    CardPlayed,
    CardsKept,
    ClaimJudged,
    DealerCut,
    Dealt,
    Discarded,
    Event,
    GameOver,
    Gathered,
    HandOver,
    HandSettled,
    MoonChosen,
    MoonShot,
    Passed,
    RevokeClaimed,
    RevokeCorrected,
    Revoked,
    ShuffleCommitted,
    StockDrawn,
    SuitNamed,
    TrickCarried,
    TrickWon,
)
from hearts.moves import Bid, Call, Claim, Correct, Discard, Gather, MoonChoice, NameSuit, Pass
from hearts.moves import Revoke as RevokeMove
from hearts.observation import seen_log

NAMES = ["Ann", "", "Bot", "Bot"]
"""A table with a seat of no name and two seats of one name."""
SHOWN = ["Ann", "Seat 2", "Bot (seat 3)", "Bot (seat 4)"]
"""How the words name them: from 1, and told apart."""

LOG_ONLY = ("Card played to the table", "shuffled pack")


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(name) for name in text.split())


EXAMPLES: list[Event] = [
    DealerCut(
        cuts=(
            (0, Card.parse("5C")),
            (1, Card.parse("2D")),
            (2, Card.parse("9S")),
            (3, Card.parse("KH")),
        ),
        dealer=1,
    ),
    ShuffleCommitted(hand_number=0, dealer=1, commitment="ab" * 32),
    Dealt(
        0,
        1,
        20,
        "left",
        (CardSet.parse(""), CardSet.parse("2C 3C"), CardSet.parse(""), CardSet.parse("")),
        (),
    ),
    Dealt(0, 1, None, "hold", (CardSet.parse(""),) * 4, _cards("2S 3S")),
    Passed(seat=0, cards=CardSet.parse("2C 3C QS"), to=1),
    Passed(seat=2, cards=CardSet.parse(""), to=3),
    CardPlayed(seat=2, card=Card.parse("QS")),
    Revoked(seat=3, card=Card.parse("5D")),
    RevokeCorrected(seat=3, card=Card.parse("5D"), withdrawn=((0, Card.parse("7C")),)),
    RevokeCorrected(seat=1, card=Card.parse("5D"), withdrawn=()),
    RevokeClaimed(seat=0, accused=3),
    ClaimJudged(seat=0, accused=3, upheld=True, revokes=((2, Card.parse("5D")),)),
    ClaimJudged(seat=2, accused=1, upheld=False, revokes=()),
    CardCalled(seat=0, owner=1, card=Card.parse("7C")),
    Gathered(seat=2),
    TrickWon(seat=1, leader=0, cards=_cards("2C 5C KC 9C"), points=0),
    TrickWon(seat=3, leader=0, cards=_cards("8C 8C' 3C 4C"), points=4),
    TrickCarried(leader=2, cards=_cards("8C 8C' 3D QH"), points=1),
    Discarded(seat=1, cards=CardSet.parse("2H 5S 6S"), points=1),
    Discarded(seat=3, cards=CardSet.parse(""), points=None),
    CardsKept(seat=2, cards=CardSet.parse("2H 3D"), points=1),
    CardsKept(seat=2, cards=CardSet.parse(""), points=0),
    StockDrawn(seat=1, card=Card.parse("7D")),
    StockDrawn(seat=1, card=None),
    MoonShot(seat=0),
    MoonChosen(seat=0, choice="old"),
    MoonChosen(seat=1, choice="new"),
    BidMade(seat=2, amount=0),
    BidMade(seat=3, amount=5),
    SuitNamed(seat=3, suit="spades"),
    SuitNamed(seat=-1, suit="hearts"),
    HandOver(penalties=(0, 0, 13, 13), points=(0, 0, 13, 13)),
    HandSettled(hand_number=0, deltas=(13, 0, -6, -7), totals=(63, 50, 44, 43), pool=16, jack=True),
    HandSettled(hand_number=1, deltas=(0, 0, 0, 0), totals=(63, 50, 44, 43), pool=0, jack=False),
    GameOver(winners=(1,), totals=(63, 50, 44, 43)),
    GameOver(winners=(0, 2), totals=(40, 90, 40, 100)),
]


def _plain(said: str, context: object) -> None:
    """What no sentence may hold: no None, no empty brackets, no empty name, no seat 0."""
    assert said and said[0].isupper() and said.endswith((".", "!")), (said, context)
    for bad in ("None", "()", "  ", " :", ",,", "seat 0", "Seat 0", "seat -1", "Seat -1"):
        assert bad not in said, (bad, said, context)
    assert not re.search(r"\(\s*\)|: \.|\bthe \.|\b0 cards\b", said), (said, context)


def test_every_kind_of_event_has_an_example_here() -> None:
    assert {type(event).kind for event in EXAMPLES} == set(EVENT_KINDS)


@pytest.mark.parametrize("me", [None, 0, 1, 2, 3])
def test_every_event_is_worded_for_the_seat_and_for_the_others(me: int | None) -> None:
    """The seat that reads is "you"; another seat by its name (a seat with no name "Seat 2",
    two of one name told apart by their seat, counted from 1)."""
    rules = variants.get("classic")
    for event in EXAMPLES:
        said = words.event(event, me, NAMES, rules)
        _plain(said, (me, event))
        for seat in range(4):
            mentioned = seat in _seats_of(event)
            if mentioned and seat == me:
                assert re.search(r"\b([Yy]ou|[Yy]our|yours)\b", said), (me, event, said)
            elif mentioned:
                assert SHOWN[seat] in said, (me, event, said)


def _seats_of(event: Event) -> set[int]:
    """The seats a sentence about the event names (a commitment names nobody)."""
    if isinstance(event, ShuffleCommitted):
        return set()
    fields = ("seat", "to", "accused", "owner", "dealer")
    seats = {getattr(event, field, None) for field in fields}
    seats = {seat for seat in seats if isinstance(seat, int) and seat >= 0}
    if isinstance(event, GameOver):
        seats |= set(event.winners)
    return seats


def test_a_card_an_event_hides_is_not_worded() -> None:
    """Another seat's pass, draw and discards, as the seat receives them, say how many cards,
    never which (the words are made from the event as received)."""
    rules = variants.get("modern")
    assert words.event(Passed(seat=2, cards=CardSet.parse(""), to=3), 0, NAMES, rules) == (
        "Bot (seat 3) passes 3 cards to Bot (seat 4)."
    )
    said = words.event(StockDrawn(seat=1, card=None), 0, NAMES)
    assert said == "Seat 2 draws a card from the stock."
    said = words.event(Discarded(seat=3, cards=CardSet.parse(""), points=None), 0, NAMES)
    assert not re.search(r"[♣♦♠♥]", said), said


FORMS = [*variants.names(), "classic by the laws", "modern, moon by choice"]


def _rules(form: str) -> variants.Rules:  # type: ignore[name-defined]
    if form == "classic by the laws":
        return variants.get("classic").replace(laws=True, end="deals", deals=2)
    if form == "modern, moon by choice":
        return variants.get("modern").replace(settlement={"moon": "choice"}, end="deals", deals=2)
    rules = variants.get(form)
    if rules.end.value == "deals":
        return rules
    return rules.replace(end="deals", deals=2)


@pytest.mark.parametrize("form", FORMS)
def test_every_event_of_every_form_is_worded_for_every_seat_and_a_watcher(form: str) -> None:
    """A game of each form (two hands, random legal moves, the seats cutting for the deal): each
    event as each seat (and a watcher) receives it is a plain sentence."""
    rules = _rules(form)
    game = Game(rules, seed=7, cut_for_deal=True)
    rng = random.Random(7)
    while not game.is_over:
        game.play(rng.choice(list(game.legal_moves())), game.to_act)
    names = ["Ann", "", *(f"Bot {seat}" for seat in range(2, rules.players))]
    kinds = set()
    for me in [None, *range(rules.players)]:
        log = seen_log(game.events, me, rules)
        said = words.events(log, me, names, rules)
        assert len(said) == len(log)
        for event, sentence in zip(log, said, strict=True):
            kinds.add(event.kind)
            _plain(sentence, (form, me, event))
            if me is not None and isinstance(event, Passed) and event.seat != me:
                assert not re.search(r"[♣♦♠♥]", sentence), sentence  # (a pass not seen)
    assert {"dealt", "card_played", "trick_won", "hand_over", "hand_settled", "game_over"} <= kinds


def test_tricks_are_numbered_from_1_and_the_first_card_leads() -> None:
    game = Game(variants.get("modern").replace(end="deals", deals=1), seed=3)
    rng = random.Random(3)
    while not game.is_over:
        game.play(rng.choice(list(game.legal_moves())), game.to_act)
    said = words.events(seen_log(game.events, 0, game.rules), 0, ["You", "B", "C", "D"], game.rules)
    trick_lines = [line for line in said if " trick " in line and "(" in line]
    assert [int(re.search(r"trick (\d+)", line)[1]) for line in trick_lines] == list(range(1, 14))  # type: ignore[index]
    plays = [line for line in said if " lead" in line or " play" in line]
    assert sum(" lead" in line for line in plays) == 13


def test_after_an_auction_names_spades_the_points_taken_are_spades() -> None:
    tell = words.Teller(NAMES, 0, variants.get("auction"))
    tell(BidMade(seat=3, amount=4))
    assert tell(SuitNamed(seat=3, suit="spades")) == (
        "Bot (seat 4) names ♠ spades as the suit to avoid, pays the bid of 4 counters into the "
        "pool and leads."
    )
    said = tell(TrickWon(seat=0, leader=3, cards=_cards("2S 5S KS 9S"), points=4))
    assert said == "You take trick 1 (2♠ 5♠ K♠ 9♠): 4 spades."
    assert "hearts" not in tell(HandOver(penalties=(4, 0, 9, 0), points=(4, 0, 9, 0)))


def test_a_hand_says_who_took_no_points_in_words() -> None:
    said = words.event(HandOver(penalties=(0, 0, 13, 13), points=(0, 0, 13, 13)), 0, NAMES)
    assert said == (
        "The hand is over. You took no points, Seat 2 took no points, Bot (seat 3) took 13 "
        "points and Bot (seat 4) took 13 points."
    )
    assert "took 0" not in said


def test_the_pool_and_the_jack_are_explained() -> None:
    """docs/rules.md §3.1: a Jack is a sweepstakes pool nobody won, carried to the next deal."""
    assert words.pool(16, True).startswith("Pool: 16 counters (a Jack: nobody took the pool")
    assert words.pool(1, False) == "Pool: 1 counter" and words.pool(0, True) == ""
    said = words.event(EXAMPLES[32], None, NAMES, variants.get("classic"))
    assert said.endswith(
        "stays on the table as a Jack: nobody took it, so it goes on to the next hand."
    )
    # The page says the pool as the core does (static/log.js holds the same phrase).
    log = Path(__file__).resolve().parents[1] / "src/hearts/server/static/log.js"
    assert f'"{words.JACK}"' in log.read_text(encoding="utf-8")


def test_domino_keeps_nothing_without_empty_brackets() -> None:
    said = words.event(CardsKept(seat=2, cards=CardSet.parse(""), points=0), 2, NAMES)
    assert said == "You are the last in the hand."


def test_every_move_is_worded() -> None:
    moves = [
        Card.parse("QS"),
        Pass("2C 3C QS"),
        Discard("2C 3C 4C"),
        Bid(0),
        Bid(5),
        NameSuit("s"),
        MoonChoice("old"),
        MoonChoice("new"),
        RevokeMove("5D"),
        Correct(),
        Claim(2),
        Call("7C"),
        Gather(),
    ]
    for move in moves:
        said = words.move(move, 0, NAMES)
        assert said and said[0].isupper() and "None" not in said and "()" not in said, said
    assert words.move(Claim(2), 0, NAMES) == "Claim a revoke by Bot (seat 3)"
    assert words.move(Claim(0), 1) == "Claim a revoke by Seat 1"


def test_a_refusal_names_the_seats_counted_from_1() -> None:
    """The core numbers seats from 0 (its API); people read names, or seats from 1. The seats
    are the error's fields (issue 40, part 5): another's turn, a suit not followed, cards not
    held in a pass, a claim of the laws."""
    turn = IllegalMove(
        "it is {to_act}'s turn, not {seat}'s", seat=0, move=Card.parse("2C"), to_act=2
    )
    assert words.refusal(turn, 0, NAMES) == "It is Bot (seat 3)'s turn, not yours."
    assert words.refusal(turn) == "It is Seat 3's turn, not Seat 1's."
    assert words.refusal(turn, 2, NAMES) == "It is your turn, not Ann's."
    follow = IllegalMove("{seat} must follow suit: {seat} has a club", seat=1)
    assert words.refusal(follow, 1) == "You must follow suit: you have a club."
    assert words.refusal(follow, 0, NAMES) == "Seat 2 must follow suit: Seat 2 has a club."
    held = IllegalMove("{seat} does not hold the Q♠", seat=1, move=Pass("2C 3C QS"))
    assert words.refusal(held) == "Seat 2 does not hold the Q♠."
    assert words.refusal(held, 1) == "You do not hold the Q♠."
    claim = IllegalMove("{seat} has no claim against {accused}'s play", seat=3, accused=0)
    assert words.refusal(claim, 3, NAMES) == "You have no claim against Ann's play."
    assert words.refusal(claim, 0, NAMES) == "Bot (seat 4) has no claim against your play."


def test_a_refusal_with_no_seat_fields_is_only_capitalised() -> None:
    """No regular expression reads seats out of the text: a sentence with no fields (or given
    as text) is said as it is, "seat 2" and all, with a capital and a full stop."""
    assert words.refusal("you must follow suit: you hold a club") == (
        "You must follow suit: you hold a club."
    )
    assert words.refusal(IllegalMove("seat 2 is named in free text"), 0, NAMES) == (
        "Seat 2 is named in free text."
    )
    assert words.refusal("it is seat 2's turn, not seat 0's", 0) == (
        "It is seat 2's turn, not seat 0's."
    )
    assert words.refusal(HeartsError("the game is over.")) == "The game is over."


SHAPE = re.compile(
    r"^(?:\S+|Pass .+|Discard .+|Bid .+|Name .+|Pass: no bid)(?:, to shoot the moon)?: "
    r"(?:about \d+ (?:points?|counters?) better than .+|a little better than .+|as good as .+|"
    r"[a-z].+)\.$"
)


def test_a_hint_says_what_the_card_saves_or_why_in_plain_words() -> None:
    """'K♣: about 4 points better than 9♣' — no engine terms (no averages over deals, no
    rules of thumb, no signed scores)."""
    assert words.hint(Card.parse("KC"), than=Card.parse("9C"), better=4.4) == (
        "K♣: about 4 points better than 9♣."
    )
    assert words.hint(Card.parse("KC"), than=Card.parse("9C"), better=1.0, unit="counter") == (
        "K♣: about 1 counter better than 9♣."
    )
    assert words.hint(Pass("2C 3C QS"), than=Pass("2C 3C AS"), better=2.6) == (
        "Pass 2♣ 3♣ Q♠: about 3 points better than pass 2♣ 3♣ A♠."
    )
    assert words.hint(Card.parse("8C"), why="the only card you may play") == (
        "8♣: the only card you may play."
    )
    for said in (
        words.hint(Card.parse("AH"), than=Card.parse("2H"), better=0.02, running=True),
        words.hint(Bid(3), why="the usual good play here"),
    ):
        assert SHAPE.match(said), said


def test_the_experts_hint_is_worded_plainly_in_every_phase() -> None:
    """hearts.bots.expert.hint gives the text the faces show: its shape, and none of the
    engine's terms."""
    from hearts.bots import hint

    for form, seed in (("modern", 1), ("classic", 2), ("auction", 3)):
        game = Game(variants.get(form), seed=seed)
        rng = random.Random(seed)
        for _ in range(12):
            seat = game.to_act if game.to_act is not None else 0
            given = hint(game.view(seat), samples=4, seed=1)
            assert SHAPE.match(given.text), (form, given.text)
            for jargon in ("average", "rules of thumb", "deals", "+", "search"):
                assert jargon not in given.text, (form, given.text)
            game.play(rng.choice(list(game.legal_moves(seat))), seat)
