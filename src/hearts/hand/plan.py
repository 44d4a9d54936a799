"""How the mechanics of a hand plug into its trick loop, and what is fixed for a hand once dealt.

:class:`Plan` says, once for each set of kinds of mechanic, at which fixed points of the trick
loop the hand calls which mechanic (see :mod:`hearts.hand.mechanic`); :class:`Fixed` holds the
rules, the deal and the constants of the trick loop the rules give, shared by a hand and every
copy of it; :func:`seating` and :func:`ring` say who plays after whom.

>>> seating(4, None)
((0, 1, 2, 3), (1, 2, 3, 0))
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from hearts.cards import HEARTS_MASK, JOKER, QUEEN_OF_SPADES, SUIT_MASKS, Card, Suit
from hearts.rules import FirstLead, PassDirection, Rules

if TYPE_CHECKING:
    from hearts.hand.mechanic import Mechanic

__all__ = ["Plan", "Fixed", "ring", "seating", "PLAIN", "GENERAL", "BY_MECHANIC"]

PLAIN: Final = 0
"""A hand's plan closes its tricks the plain way: one pack, nothing carried, no hook."""
GENERAL: Final = 1
"""... the general way, with the mechanics' hooks (:meth:`HandCore._close_general`)."""
BY_MECHANIC: Final = 2
"""... by a mechanic that plays every card itself (Domino Hearts)."""

QS_BIT: Final = 1 << QUEEN_OF_SPADES
ONE_PACK: Final = 1 << 64
JOKER_WIN_MASKS: Final = tuple(suit | 1 << JOKER for suit in SUIT_MASKS)
"""For each suit led, the cards that may take the trick when the joker wins any trick."""


@functools.cache
def ring(players: int, sits_out: int | None) -> tuple[tuple[int, ...], ...]:
    """For each seat that takes cards, the seats in play order from it (one lap).

    >>> ring(4, None)[2]
    (2, 3, 0, 1)
    """
    active, following = seating(players, sits_out)
    laps: list[tuple[int, ...]] = [()] * players
    for seat in active:
        lap = [seat]
        while len(lap) < len(active):
            lap.append(following[lap[-1]])
        laps[seat] = tuple(lap)
    return tuple(laps)


@functools.cache
def seating(players: int, sits_out: int | None) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seats that take cards, and the next such seat to the left of each seat (-1: none).

    >>> seating(4, None)
    ((0, 1, 2, 3), (1, 2, 3, 0))
    >>> seating(7, 6)[1][5]
    0
    """
    active = tuple(s for s in range(players) if s != sits_out)
    following = tuple(
        active[(active.index(s) + 1) % len(active)] if s in active else -1 for s in range(players)
    )
    return active, following


class Plan:
    """How the mechanics of a hand plug into it, as positions in the hand's tuple of mechanics.

    A plan depends only on which kinds of mechanic a hand has, so it is made once for each such
    set and shared by every hand (and copy) with it; it holds no mechanic, so a hand's plug
    points cost nothing to copy and make no reference cycle.
    """

    __slots__ = (
        "after_trick",
        "at_end",
        "at_finish",
        "by_move",
        "by_phase",
        "closer",
        "gains",
        "laws",
        "player",
        "trick_rule",
    )

    _made: ClassVar[dict[tuple[type, ...], Plan]] = {}

    def __init__(self, kinds: tuple[type[Mechanic], ...]) -> None:
        def having(hook: str) -> tuple[int, ...]:
            return tuple(i for i, kind in enumerate(kinds) if hook in kind.hooks)

        def first(hook: str) -> int:
            found = having(hook)
            return found[0] if found else -1

        self.by_phase = {phase: i for i, kind in enumerate(kinds) for phase in kind.phases}
        self.by_move = {move: i for i, kind in enumerate(kinds) for move in kind.moves}
        self.after_trick = having("after_trick")
        self.at_end = having("at_end")
        self.at_finish = having("at_finish")
        self.gains = first("gains")
        self.trick_rule = first("winner_at")
        self.laws = first("laws")
        self.player = first("play_card")
        if self.player >= 0:
            self.closer = BY_MECHANIC
        elif self.after_trick or self.gains >= 0 or self.trick_rule >= 0:
            self.closer = GENERAL
        else:
            self.closer = PLAIN

    @classmethod
    def of(cls, mechanics: Sequence[Mechanic]) -> Plan:
        """The plan of a hand with these mechanics (made on first use)."""
        kinds = tuple(map(type, mechanics))
        plan = cls._made.get(kinds)
        if plan is None:
            plan = cls._made[kinds] = cls(kinds)
        return plan


class Fixed:
    """What is fixed for one hand once it is dealt: the rules and the deal, the seats, the
    constants of the trick loop the rules give, and the plan of the mechanics.

    One object, shared by the hand and every copy of it, so a copy copies one slot for all of
    them. It is filled while the hand is built (the core sets ``plan`` and ``closer`` when it
    plugs the mechanics in, and ``closing`` to 0 for a mechanic that plays every card itself)
    and never changed after.
    """

    __slots__ = (
        "active",
        "break_mask",
        "closer",
        "closing",
        "club_lead",
        "cut",
        "dealer",
        "dealt",
        "first_trick_rule",
        "hand_number",
        "lowest_club",
        "must_break",
        "only_penalty_lead",
        "pass_direction",
        "plan",
        "players",
        "ring",
        "rules",
        "sits_out",
        "standing",
        "stock",
        "win_masks",
    )

    dealt: tuple[int, ...]
    standing: tuple[tuple[int, ...], int, bool]
    plan: Plan
    closer: int
    # (set from the constants of the rules and the dealer, worked out once: see _constants)
    players: int
    sits_out: int | None
    active: tuple[int, ...]
    ring: tuple[tuple[int, ...], ...]
    closing: int
    win_masks: tuple[int, ...]
    first_trick_rule: bool
    must_break: bool
    break_mask: int
    club_lead: int
    lowest_club: Card
    only_penalty_lead: bool

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        hand_number: int,
        pass_direction: PassDirection,
        cut: int | None,
        stock: Sequence[Card],
    ) -> None:
        self.rules = rules
        self.dealer = dealer
        self.hand_number = hand_number
        self.pass_direction = pass_direction
        self.cut = cut
        self.stock = tuple(stock)
        known = _CONSTANTS.get((id(rules), dealer))
        if known is None or known[0] is not rules:
            known = _constants(rules, dealer)
        (
            _,
            self.players,
            self.sits_out,
            self.active,
            self.ring,
            self.closing,
            self.win_masks,
            self.first_trick_rule,
            self.must_break,
            self.break_mask,
            self.club_lead,
            self.lowest_club,
            self.only_penalty_lead,
        ) = known


_CONSTANTS: dict[tuple[int, int], tuple[Any, ...]] = {}
"""What :class:`Fixed` reads of a Rules value and a dealer, by the value's id and the dealer
(the value first, which keeps the id its own): worked out once, not for every hand."""


def _constants(rules: Rules, dealer: int) -> tuple[Any, ...]:
    """The constants of the trick loop ``rules`` give a hand that ``dealer`` deals, in the order
    :class:`Fixed` sets them (kept in :data:`_CONSTANTS`)."""
    players = rules.players
    sits_out = dealer if rules.dealt_seats < players else None
    active = seating(players, sits_out)[0]
    # The cards that can take a trick, by the suit led: the suit's own, and the joker too when
    # it wins any trick it is played to (Joker Hearts).
    joker_wins = rules.joker is not None and rules.joker.wins_any_trick
    # The first lead: 0 (the eldest hand leads any card), or the cards the holder of the lowest
    # club must lead from (that club alone, or any club).
    club_lead = (
        0
        if rules.first_lead is FirstLead.ELDEST
        else SUIT_MASKS[Suit.CLUBS]
        if rules.first_lead is FirstLead.ANY_CLUB
        else 1 << rules.lowest_club
    )
    constants = (
        rules,
        players,
        sits_out,
        active,
        ring(players, sits_out),
        len(active) - 1,  # closing: cards on the table when the next one closes it
        JOKER_WIN_MASKS if joker_wins else SUIT_MASKS,
        rules.penalty_free_first_trick,
        rules.hearts_must_be_broken,
        HEARTS_MASK | (QS_BIT if rules.queen_breaks_hearts else 0),
        club_lead,
        rules.lowest_club,
        rules.lead_hearts_with_only_penalty and bool(rules.pack & QS_BIT),
    )
    if len(_CONSTANTS) >= 256:  # (a program that makes many Rules values keeps only the latest)
        _CONSTANTS.clear()
    _CONSTANTS[id(rules), dealer] = constants
    return constants
