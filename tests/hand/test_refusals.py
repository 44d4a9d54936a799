"""Issue 40 part 5: a mechanic's refusal that names seats carries them as fields.

The sentence (``str``) is the one it always was; the seats it names are ``error.seats`` (and the
seat that tried, ``error.seat``, with the move, ``error.move``), so a face can say them its own
way (``error.said``) without reading numbers back out of the text.
"""

from __future__ import annotations

import pytest

from hearts import Game, variants
from hearts.errors import IllegalMove
from hearts.moves import Bid, Pass


def _refusal(action: object) -> IllegalMove:
    with pytest.raises(IllegalMove) as caught:
        action()  # type: ignore[operator]
    return caught.value


def _by_name(seat: int) -> str:
    return f"player {seat + 1}"


def test_a_second_pass_names_its_seat_as_a_field() -> None:
    deal = Game(variants.get("modern"), seed=7).deal
    first = deal.legal_moves(2)[0]
    deal.play(first, 2)
    error = _refusal(lambda: deal.play(deal.legal_moves(1)[0], 2))
    assert str(error) == "seat 2 has already passed"
    assert (error.seat, error.seats) == (2, {"seat": 2})
    assert isinstance(error.move, Pass)
    assert error.said(_by_name, _by_name) == "player 3 has already passed"


def test_a_bid_out_of_turn_names_both_seats_as_fields() -> None:
    deal = Game(variants.get("auction"), seed=1).deal
    to_act = deal.to_act
    assert to_act is not None
    other = (to_act + 2) % 4
    error = _refusal(lambda: deal.play(Bid(3), other))
    assert str(error).startswith(f"it is seat {to_act}'s turn to bid, not seat {other}'s:")
    assert error.seats == {"to_act": to_act, "seat": other}
    assert (error.seat, error.move) == (other, Bid(3))
    assert error.said(_by_name, lambda s: f"player {s + 1}'s").startswith(
        f"it is player {to_act + 1}'s turn to bid, not player {other + 1}'s:"
    )


def test_a_discard_of_cards_not_held_names_the_widow_taker_as_a_field() -> None:
    from hearts import Deal

    deal = Deal.from_hands(
        variants.get("heartsette"),
        [
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
            "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
            "3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
            "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
        ],
        stock="AC AD AH",
    )
    for card in ("2C", "2D", "3S", "2H"):
        deal.play(card)
    error = _refusal(lambda: deal.play("discard AC AD 2D"))
    assert str(error) == "seat 0 does not hold 2♦"
    assert error.seats == {"to_act": 0}
