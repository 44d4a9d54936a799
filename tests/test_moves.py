"""Moves are values: a card, a pass, a moon choice; their text form reads back; what a caller
gives as a move is read as one, or refused as no move in a sentence."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from hearts import (
    Bid,
    Card,
    CardSet,
    Discard,
    IllegalMove,
    InvalidArgument,
    InvalidCard,
    MoonChoice,
    Move,
    NameSuit,
    Pass,
    coerce_move,
    parse_move,
)
from hearts.moves import Call, Claim, Correct, Gather, Revoke, move_text


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("QS", Card.parse("QS")),
        ("10h", Card.parse("TH")),
        ("pass 2c 3c 4c", Pass("2C 3C 4C")),
        ("PASS QS, AH, KH", Pass("QS AH KH")),
        ("moon old", MoonChoice.OLD),
        ("moon NEW", MoonChoice.NEW),
    ],
)
def test_moves_read_from_text(text: str, move: object) -> None:
    assert parse_move(text) == move


@pytest.mark.parametrize("move", [Card.parse("QS"), Pass("2C 3C 4C"), MoonChoice.NEW])
def test_move_text_reads_back(move: object) -> None:
    assert parse_move(move_text(move)) == move  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "text", ["", "moon", "moon half", "pass 2C ZZ", "QS AH", "play QS", "bid x", "claim -1"]
)
def test_bad_move_text_is_refused_with_a_sentence(text: str) -> None:
    """Text that reads as no move is a bad argument (no position could allow it), not an
    illegal move: one sentence saying what a move is."""
    with pytest.raises(InvalidArgument, match=rf"^{text!r} is not a move: name a card \(QS\)"):
        parse_move(text)


def test_move_text_that_is_not_text_is_refused() -> None:
    with pytest.raises(InvalidArgument, match=r"^None is not a move: name a card"):
        parse_move(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Pass(3), r"^a pass is cards, not 3$"),
        (lambda: Pass(None), r"^a pass is cards, not None$"),
        (lambda: Discard(3), r"^a discard is cards, not 3$"),
        (lambda: Bid(-1), r"^a bid is a whole number of counters \(0 to pass\), not -1$"),
        (lambda: Bid(2.5), r"^a bid is a whole number of counters \(0 to pass\), not 2.5$"),
        (lambda: Bid(True), r"^a bid is a whole number of counters \(0 to pass\), not True$"),
        (lambda: NameSuit("trumps"), r"^'trumps' is not a suit to name: clubs, diamonds, "),
        (lambda: NameSuit(7), r"^7 is not a suit to name"),
        (lambda: Revoke("5X"), r"^a revoke plays a card, not '5X'$"),
        (lambda: Call(200), r"^a call names an exposed card, not 200$"),
        (lambda: Claim(-1), r"^a claim names the seat that revoked \(a number\), not -1$"),
        (lambda: Claim("2"), r"^a claim names the seat that revoked \(a number\), not '2'$"),
    ],
)
def test_a_move_value_that_cannot_be_made_is_a_bad_argument(
    make: Callable[[], object], message: str
) -> None:
    """A move value is checked when it is made, whatever the position: InvalidArgument."""
    with pytest.raises(InvalidArgument, match=message):
        make()


def test_a_pass_of_card_text_that_is_no_card_says_which() -> None:
    """A card name inside a pass that names no card is an InvalidCard (a bad argument too)."""
    with pytest.raises(InvalidCard, match="ZZ"):
        Pass("2C ZZ")


# ----------------------------------------------------------------------------- coerce_move


@pytest.mark.parametrize(
    "move",
    [
        Card.parse("QS"),
        Pass("2C 3C 4C"),
        Discard("2C 3C"),
        MoonChoice.OLD,
        Bid(3),
        NameSuit("hearts"),
        Revoke("5H"),
        Correct(),
        Claim(2),
        Call("7C"),
        Gather(),
    ],
)
def test_coerce_move_gives_a_move_back_as_it_is(move: Move) -> None:
    assert coerce_move(move) is move


@pytest.mark.parametrize(
    ("given", "move"),
    [
        ("QS", Card.parse("QS")),
        (" qs ", Card.parse("QS")),
        (int(Card.parse("QS")), Card.parse("QS")),
        (int(Card.parse("2C")), Card.parse("2C")),
        ("pass 2C 3C 4C", Pass("2C 3C 4C")),
        ("moon new", MoonChoice.NEW),
        ("bid pass", Bid(0)),
        ("claim 1", Claim(1)),
    ],
)
def test_coerce_move_reads_a_card_number_a_name_or_move_text(given: object, move: Move) -> None:
    coerced = coerce_move(given)
    assert coerced == move and type(coerced) is type(move)


@pytest.mark.parametrize(
    ("given", "message"),
    [
        (
            ["2C", "3C", "4C"],
            r"^a list of cards is not a move: pass them as hearts.Pass\(\[...\]\)$",
        ),
        ([Card.parse("2C")], r"^a list of cards is not a move: pass them as hearts.Pass"),
        (("2C", "3C", "4C"), r"^a tuple of cards is not a move: pass them as hearts.Pass"),
        ({"2C", "3C", "4C"}, r"^a set of cards is not a move: pass them as hearts.Pass"),
        (frozenset({"2C"}), r"^a set of cards is not a move: pass them as hearts.Pass"),
        (CardSet.parse("2C 3C 4C"), r"^a CardSet is not a move: pass its cards as hearts.Pass"),
        (None, r"^None is not a move$"),
        (3.5, r"^3.5 is not a move$"),
        (True, r"^True is not a move$"),
        ({"card": "QS"}, r"^\{'card': 'QS'\} is not a move$"),
        (["2C", "hello"], r"^\['2C', 'hello'\] is not a move$"),
        (("north", "QS"), r"^\('north', 'QS'\) is not a move$"),
        ((0, "QS"), r"^a tuple of cards is not a move"),  # 0 is the 2♣'s number
        (200, r"^200 is not a move: no card has that number$"),
        (-1, r"^-1 is not a move: no card has that number$"),
        ("hello", r"^'hello' is not a move: name a card \(QS\)"),
        ("1X", r"^'1X' is not a move: name a card \(QS\)"),
    ],
)
def test_coerce_move_says_what_is_not_a_move(given: object, message: str) -> None:
    """What is no move is a bad argument in one sentence; cards given bare say how to pass."""
    with pytest.raises(InvalidArgument, match=message) as error:
        coerce_move(given)
    assert not isinstance(error.value, IllegalMove)


def test_pass_is_an_immutable_value() -> None:
    move = Pass(["2C", "3C", "QS"])
    assert move.cards == CardSet.parse("QS 3C 2C") and hash(move) == hash(Pass("2C 3C QS"))
    with pytest.raises(AttributeError):
        move.cards = CardSet()  # type: ignore[misc]


def test_every_kind_of_move_pickles_to_an_equal_move() -> None:
    """A move goes to a bot's process and back (the server's bot pool, the arena): pickling
    keeps it whole, immutable as it is."""
    import pickle

    from hearts.moves import (
        Bid,
        Call,
        Claim,
        Correct,
        Discard,
        Gather,
        MoonChoice,
        NameSuit,
        Revoke,
    )

    moves = [
        Card.parse("QS"),
        Pass("2C 3C 4C"),
        Discard("2C 3C"),
        Bid(4),
        Bid(0),
        NameSuit("spades"),
        MoonChoice.NEW,
        Revoke(Card.parse("AH")),
        Correct(),
        Claim(2),
        Call(Card.parse("KD")),
        Gather(),
    ]
    for move in moves:
        again = pickle.loads(pickle.dumps(move))
        assert again == move and type(again) is type(move)
