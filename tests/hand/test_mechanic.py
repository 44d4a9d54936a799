"""ARCHITECTURE: a new mechanic plugs into a hand through the Mechanic interface alone.

The mechanic below is written as a new one would be, knowing only hearts.hand.mechanic and the
hand's core: it counts the tricks taken and stops the hand after the last trick with no phase of
its own. The hand must call its hook at the fixed point after every trick, copy its state in
copy(), save it in full snapshots (so undo puts it back), and show its view to the seats.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import pytest

from hearts import Deal, Game, variants
from hearts.deal import python as deal_python
from hearts.hand.core import GENERAL, PLAIN, HandCore
from hearts.hand.mechanic import Mechanic
from hearts.rules import Rules


class TrickCounter(Mechanic):
    """Counts the tricks each seat has taken (a stand-in for a new mechanic's state)."""

    __slots__ = ("counts",)

    hooks: ClassVar = frozenset({"after_trick"})

    def __init__(self, hand: HandCore) -> None:
        self.counts = [0] * hand.rules.players

    @classmethod
    def applies(cls, rules: Rules) -> bool:
        return True

    def after_trick(self, hand: HandCore, winner: int) -> bool:
        self.counts[winner] += 1
        return False

    def copy(self) -> TrickCounter:
        other = object.__new__(TrickCounter)
        other.counts = self.counts.copy()
        return other

    def save(self) -> Any:
        return tuple(self.counts)

    def load(self, state: Any) -> None:
        self.counts = list(state)


@pytest.fixture
def counting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deal_python, "MECHANICS", (*deal_python.MECHANICS, TrickCounter))


def _counter(deal: Deal) -> TrickCounter:
    counter = deal.mechanic(TrickCounter)
    assert isinstance(counter, TrickCounter)
    return counter


@pytest.mark.usefixtures("counting")
def test_a_new_mechanic_is_called_after_every_trick_and_agrees_with_the_core() -> None:
    """Its hook runs at the fixed point after each trick: its counts are the hand's own."""
    game = Game(variants.get("modern"), seed=3)
    deal = game.deal
    assert deal._fixed.closer == GENERAL  # a hook after the trick takes the general close
    rng = random.Random(3)
    while not deal.is_over:
        deal.play(rng.choice(deal.legal_moves()))
    assert _counter(deal).counts == [deal.tricks_won(s) for s in range(4)]
    assert sum(_counter(deal).counts) == 13


@pytest.mark.usefixtures("counting")
def test_a_new_mechanic_is_copied_and_undone_with_the_hand() -> None:
    """copy() asks it for a copy of its state; undo puts its state back from the snapshots."""
    deal = Game(variants.get("classic"), seed=5).deal
    rng = random.Random(5)
    for _ in range(4 * 5):  # five tricks
        deal.play(rng.choice(deal.legal_moves()))
    before = list(_counter(deal).counts)
    trial = deal.copy()
    for _ in range(4):
        trial.play(rng.choice(trial.legal_moves()))
    assert sum(_counter(trial).counts) == 6
    assert _counter(deal).counts == before  # the original's state is its own
    for _ in range(4):
        trial.undo()
    assert _counter(trial).counts == before


def test_without_a_hook_the_hand_keeps_the_plain_close() -> None:
    """The modern and classic hands, with no mechanic in the trick loop, close tricks inline."""
    for name in ("modern", "classic", "black-maria", "joker"):
        assert Game(variants.get(name), seed=1).deal._fixed.closer == PLAIN, name


@pytest.mark.parametrize(
    ("name", "moves"),
    [("modern", 2), ("auction", 2), ("classic", 4)],
)
def test_undo_on_a_copy_leaves_the_original_as_it_was(name: str, moves: int) -> None:
    """A copy's undo takes back its own mechanics' moves (passes, bids, plays), never the
    original's: the original's position and every seat's view are unchanged."""
    game = Game(variants.get(name), seed=11)
    deal = game.deal
    rng = random.Random(11)
    for _ in range(moves):
        deal.play(rng.choice(deal.legal_moves(deal.to_act)), deal.to_act)
    before = [deal.view(seat) for seat in range(deal.players)], deal.events
    trial = deal.copy()
    for _ in range(moves):
        trial.undo()
    assert trial.moves_made == 0
    assert ([deal.view(seat) for seat in range(deal.players)], deal.events) == before
    deal.undo()  # and the original can still take its own moves back
    assert deal.moves_made == moves - 1
