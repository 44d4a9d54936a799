"""One hand of Hearts as a state machine: (bid → name, or pass) → play (→ draw, or discard) →
(moon) → (gather) → over.

A :class:`Deal` holds the cards of every seat (the referee's whole truth), offers the moves of the
seat to act, applies them, undoes them, copies itself for search, and shows each seat exactly what
that seat may know (:meth:`Deal.view`). Inside, sets of cards are int bitmasks; the public methods
take and return :class:`~hearts.cards.Card` and :class:`~hearts.moves.Pass` values.

The state every hand has and the trick loop live in :mod:`hearts.hand.core`; each other mechanic
(passing, the auction, the widow, Cancellation's tricks, the stock, Domino's draws, the moon
choice, the laws) in a module of :mod:`hearts.hand`, built when the hand is dealt if its rules
have it (:data:`MECHANICS`).

This package holds the hand in Python (:mod:`hearts.deal.python`, :class:`PythonDeal`), the
parts the seats' views share (:mod:`hearts.deal.views`), the checks of a chosen position
(:mod:`hearts.deal.checks`), and here the choice of :class:`Deal`'s class: :class:`PythonDeal`
with the C accelerator's fast paths in front when it is in use (see :class:`Deal`).

Every illegal move raises :class:`~hearts.errors.IllegalMove` with the reason in the game's words,
and leaves the deal exactly as it was.

>>> from hearts import variants
>>> from hearts.cards import Card
>>> deal = Deal.from_hands(variants.get("modern"), [
...     "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
...     "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
...     "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
...     "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"], pass_direction="hold")
>>> deal.phase, deal.to_act, deal.legal_moves()
(<Phase.PLAY: 'play'>, 0, [Card.parse('2C')])
>>> deal.play("2C")
CardPlayed(seat=0, card=Card.parse('2C'))
>>> deal.legal_moves()      # seat 1 has no club: anything but a card that counts, on trick one
[Card.parse('2D'), Card.parse('3D'), Card.parse('4D'), Card.parse('5D'), Card.parse('6D'), Card.parse('7D'), Card.parse('8D'), Card.parse('9D'), Card.parse('TD'), Card.parse('JD'), Card.parse('QD'), Card.parse('KD'), Card.parse('AD')]
>>> deal.play("AC")
Traceback (most recent call last):
...
hearts.errors.IllegalMove: seat 1 does not hold the A♣
>>> deal.undo(); deal.to_act
0
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Final

from hearts.cards import _CARDS, HEARTS_MASK, Card, CardSet, use_mask_of
from hearts.deal.checks import check_hands, check_options
from hearts.deal.python import MECHANICS, PythonDeal
from hearts.deal.python import _kinds as _kinds  # (private names importable as before the split)
from hearts.deal.views import _public_fields as _public_fields
from hearts.deal.views import _seat_view as _seat_view
from hearts.deal.views import _view_of as _view_of
from hearts.deal.views import _ViewCache as _ViewCache
from hearts.deal.views import _with_seat as _with_seat
from hearts.events import Passed, TrickWon
from hearts.hand.choices import PassChoices
from hearts.hand.core import CARD, CARD_PLAYED, PLAIN, QS_BIT, SPEEDUPS, STATE, TRICK, Phase, Trick
from hearts.hand.passing import Passing
from hearts.moves import Pass
from hearts.table import use_deal_masks, use_shuffle

__all__ = [
    "Phase",
    "Trick",
    "Deal",
    "PythonDeal",
    "PassChoices",
    "check_hands",
    "check_options",
    "check_layout",
    "MECHANICS",
]
_CHOICE_SLOTS = ("_cards", "_count", "_kind", "_len")
_C_LAYOUT: Final = {
    "TrickWon": ("seat", "leader", "cards", "points"),
    "Passed": ("seat", "cards", "to"),
    "PassChoices": _CHOICE_SLOTS,
    "CardSet": ("mask",),
}
"""The fields (the slots) of what the C accelerator makes slot by slot, in its order."""


def check_layout(trick_won: type, passed: type, choices: type, cards: type) -> None:
    """Refuse, with :class:`ImportError` and a sentence, classes whose fields are not the ones
    the C accelerator fills slot by slot, in its order (a build of another version: it would
    write the wrong fields). Checked whenever the accelerator is used, ``python -O`` too.

    >>> check_layout(TrickWon, Passed, PassChoices, CardSet)
    >>> check_layout(Passed, Passed, PassChoices, CardSet)
    Traceback (most recent call last):
    ...
    ImportError: the C accelerator (hearts.hand._speedups) fills TrickWon's fields as seat, leader, cards, points, but they are seat, cards, to: rebuild it with this version (pip install -e .) or set HEARTS_PURE=1
    """
    found = {
        "TrickWon": tuple(field.name for field in dataclasses.fields(trick_won)),
        "Passed": tuple(field.name for field in dataclasses.fields(passed)),
        "PassChoices": tuple(getattr(choices, "__slots__", ())),
        "CardSet": tuple(getattr(cards, "__slots__", ())),
    }
    for name, expected in _C_LAYOUT.items():
        if found[name] != expected:
            raise ImportError(
                f"the C accelerator (hearts.hand._speedups) fills {name}'s fields as "
                f"{', '.join(expected)}, but they are {', '.join(found[name]) or 'none'}: "
                "rebuild it with this version (pip install -e .) or set HEARTS_PURE=1"
            )


class _NoFastPaths:
    """In pure Python, nothing goes before :class:`PythonDeal`'s methods."""

    __slots__ = ()


if TYPE_CHECKING:
    _FastPaths = _NoFastPaths
else:
    _FastPaths = _NoFastPaths if SPEEDUPS is None else SPEEDUPS.FastPaths


class Deal(_FastPaths, PythonDeal):
    """One hand: the cards of every seat, the moves so far, and what each seat may do next.

    Build one with :meth:`from_hands` (a chosen position) or let :class:`~hearts.game.Game` deal
    it. Seats are numbered 0 to ``players - 1`` clockwise; play goes to the left.

    This is the class to construct. Its code is :class:`PythonDeal`'s; the class is chosen once,
    when this module is imported, from what :func:`hearts.hand.core._load_speedups` found: with
    the C accelerator (``hearts.hand._speedups``, unless ``HEARTS_PURE=1``) its ``FastPaths``
    type comes first, whose ``play``, ``legal_moves``, ``undo`` and ``copy`` take the plain
    hand's path in C and hand every other call to :class:`PythonDeal`'s method of that name.
    Pickles name this class, so they load with the accelerator in use or not.
    """

    __slots__ = ()


def _register() -> None:
    """Give the C accelerator, when it is in use, what its fast paths make, compare and hand
    on to (refusing, with :func:`check_layout`, a build for other fields)."""
    speedups = SPEEDUPS
    if speedups is None:
        return
    fields, passed = _C_LAYOUT["TrickWon"], _C_LAYOUT["Passed"]
    check_layout(TrickWon, Passed, PassChoices, CardSet)
    speedups.register(
        card_tag=CARD,
        trick_tag=TRICK,
        state_tag=STATE,
        play=Phase.PLAY,
        over=Phase.OVER,
        card_played=CARD_PLAYED,
        cards=_CARDS,
        card_type=Card,
        deal_type=Deal,
        trick_won=TrickWon,
        trick_won_fields=tuple(TrickWon.__dict__[name] for name in fields),
        hearts_mask=HEARTS_MASK,
        qs_bit=QS_BIT,
        plain=PLAIN,
        # The pass: the C code builds a PassChoices, a CardSet and a Passed event slot by slot.
        pass_phase=Phase.PASS,
        pass_type=Pass,
        passing_type=Passing,
        choices_type=PassChoices,
        choices_fields=tuple(PassChoices.__dict__[name] for name in _CHOICE_SLOTS),
        passed_type=Passed,
        passed_fields=tuple(Passed.__dict__[name] for name in passed),
        cardset_type=CardSet,
        cardset_mask=CardSet.__dict__["mask"],
        # Where every call the C code does not take goes: the Python methods.
        play_py=PythonDeal.play,
        legal_moves_py=PythonDeal.legal_moves,
        undo_py=PythonDeal.undo,
        copy_py=PythonDeal.copy,
    )
    use_shuffle(speedups.shuffle)  # (used only if it shuffles as random.Random does)
    use_mask_of(speedups.mask_of)  # (used only if it reads cards as hearts.cards.mask_of does)
    use_deal_masks(speedups.deal_masks)  # (used only if it deals as hearts.table.deal_out does)


_register()
