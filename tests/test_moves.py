"""Moves are values: a card, a pass, a moon choice; their text form reads back."""

from __future__ import annotations

import pytest

from hearts import Card, CardSet, IllegalMove, MoonChoice, Pass, parse_move
from hearts.moves import move_text


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


@pytest.mark.parametrize("text", ["", "moon", "moon half", "pass 2C ZZ", "QS AH", "play QS"])
def test_bad_move_text_is_refused_with_a_sentence(text: str) -> None:
    with pytest.raises(IllegalMove, match="is not a move"):
        parse_move(text)


def test_pass_is_an_immutable_value() -> None:
    move = Pass(["2C", "3C", "QS"])
    assert move.cards == CardSet.parse("QS 3C 2C") and hash(move) == hash(Pass("2C 3C QS"))
    with pytest.raises(AttributeError):
        move.cards = CardSet()  # type: ignore[misc]
