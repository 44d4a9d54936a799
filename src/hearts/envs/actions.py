"""The action space of every form of Hearts: one :class:`~gymnasium.spaces.Discrete` of
:data:`ACTIONS`, masked (the table is in :mod:`hearts.envs.aec`): a card by its id, a bid, a
suit named, a moon choice; and the mapping between actions and moves, the mask of a seat's
legal actions, and the actions' names.

>>> action_of(Card.parse("QS")), move_of(42), action_name(143)
(42, Card.parse('QS'), 'moon old (the others score it)')
"""

from __future__ import annotations

from typing import Final

import numpy as np

from hearts.cards import Card, CardSet, Suit
from hearts.errors import IllegalMove, InvalidArgument, InvalidCard
from hearts.hand.choices import PassChoices
from hearts.hand.core import Phase
from hearts.moves import Bid, Discard, MoonChoice, Move, NameSuit, Pass
from hearts.observation import SeatView

__all__ = [
    "CARD_SLOTS",
    "MAX_BID",
    "BID_ACTIONS",
    "SUIT_ACTIONS",
    "MOON_ACTIONS",
    "ACTIONS",
    "action_of",
    "move_of",
    "actions_of",
    "choose_card",
    "action_mask",
    "action_name",
    "action_names",
]

CARD_SLOTS: Final = 125
"""Card actions and card fields: the largest card id of any pack (the second pack's A♥ is 124)
plus one."""
MAX_BID: Final = 13
"""The largest bid the action space holds (Auction Hearts' usual ``max_bid``)."""
BID_ACTIONS: Final = range(CARD_SLOTS, CARD_SLOTS + MAX_BID + 1)
SUIT_ACTIONS: Final = range(BID_ACTIONS.stop, BID_ACTIONS.stop + 4)
MOON_ACTIONS: Final = range(SUIT_ACTIONS.stop, SUIT_ACTIONS.stop + 2)
ACTIONS: Final = MOON_ACTIONS.stop
_MOON_ORDER: Final = (MoonChoice.OLD, MoonChoice.NEW)


def action_of(move: Move) -> int:
    """The action of a move (a card, a bid, a suit named, a moon choice).

    >>> action_of(Card.parse("2C")), action_of(Bid(0)), action_of(NameSuit("h"))
    (0, 125, 142)
    """
    if isinstance(move, Card):
        return int(move)
    if isinstance(move, Bid):
        if move.amount > MAX_BID:
            raise InvalidArgument(f"a bid of {move.amount} is past the action space's {MAX_BID}")
        return BID_ACTIONS.start + move.amount
    if isinstance(move, NameSuit):
        return SUIT_ACTIONS.start + int(move.suit)
    if isinstance(move, MoonChoice):
        return MOON_ACTIONS.start + _MOON_ORDER.index(move)
    raise InvalidArgument(f"{move!r} has no action in the environment's action space")


def move_of(action: int) -> Card | Bid | NameSuit | MoonChoice:
    """The move an action stands for (a card action is that card, played or chosen).

    >>> move_of(44), move_of(127), move_of(143)
    (Card.parse('AS'), Bid(2), <MoonChoice.OLD: 'old'>)
    """
    if action in BID_ACTIONS:
        return Bid(action - BID_ACTIONS.start)
    if action in SUIT_ACTIONS:
        return NameSuit(Suit(action - SUIT_ACTIONS.start))
    if action in MOON_ACTIONS:
        return _MOON_ORDER[action - MOON_ACTIONS.start]
    if 0 <= action < CARD_SLOTS:
        try:
            return Card(action)
        except InvalidCard:
            raise IllegalMove(
                f"action {action} is no card of any pack (an unused card slot)"
            ) from None
    raise IllegalMove(f"action {action} is not in the action space (0 to {ACTIONS - 1})")


def actions_of(move: Move) -> list[int]:
    """The actions that make a move: a pass or a discard card by card (in card order), any
    other move its one action.

    >>> actions_of(Pass(CardSet.parse("2C 3C QS"))), actions_of(Bid(3))
    ([0, 1, 42], [128])
    """
    if isinstance(move, Pass | Discard):
        return sorted(int(card) for card in move.cards)
    return [action_of(move)]


def choose_card(view: SeatView, chosen: CardSet, action: int, who: str) -> CardSet | Pass | Discard:
    """One card of a pass or discard chosen card by card, as the environments choose them: the
    cards chosen so far with this one, or, with the last, the whole move (for the engine to make,
    or refuse). ``view`` is the choosing seat's, at its pass or discard; ``who`` names it in a
    refusal. A card the seat does not hold, one chosen already, or an action that is no card
    raises :class:`~hearts.errors.IllegalMove` (nothing is chosen).

    >>> from hearts import Game, variants
    >>> view = Game(variants.get("modern"), seed=7).view(0)
    >>> choose_card(view, CardSet.parse("JD"), action_of(Card.parse("KS")), "seat 0")
    CardSet.parse('JD KS')
    >>> choose_card(view, CardSet.parse("JD KS"), action_of(Card.parse("9H")), "seat 0")
    Pass(CardSet.parse('JD KS 9H'))
    >>> choose_card(view, CardSet.parse("JD KS"), action_of(Card.parse("KS")), "seat 0")
    Traceback (most recent call last):
    ...
    hearts.errors.IllegalMove: action 43 (KS): seat 0 has already chosen KS to pass
    """
    legal = view.legal_moves
    assert isinstance(legal, PassChoices), "a card is chosen only at a pass or discard"
    move = move_of(action)
    kind = "discard" if view.phase is Phase.DISCARD else "pass"
    if not isinstance(move, Card):
        raise IllegalMove(f"action {action} ({move}) is no card: {who} is choosing cards to {kind}")
    if move not in view.hand:
        raise IllegalMove(f"action {action} ({move}): {who} does not hold {move} to {kind}")
    if move in chosen:
        raise IllegalMove(f"action {action} ({move}): {who} has already chosen {move} to {kind}")
    chosen = chosen | CardSet([move])
    if len(chosen) < legal.per_choice:
        return chosen
    return Pass(chosen) if kind == "pass" else Discard(chosen)


def action_mask(view: SeatView, choosing: CardSet = CardSet()) -> np.ndarray:  # noqa: B008
    """The mask of a seat's legal actions now, from the moves its view lists (and, at a pass or
    discard, the cards it has chosen so far, which it may not choose again): the environment's
    ``action_mask``, for a player outside the environment (a bot wrapping a policy).

    >>> from hearts import Game, variants
    >>> view = Game(variants.get("modern"), seed=7).view(0)
    >>> mask = action_mask(view)
    >>> int(mask.sum()), [move_of(int(a)) for a in mask.nonzero()[0]] == sorted(view.hand)
    (13, True)
    >>> int(action_mask(view, CardSet.parse("JD KS")).sum())
    11
    """
    mask = np.zeros(ACTIONS, dtype=np.int8)
    legal = view.legal_moves
    if isinstance(legal, PassChoices):
        # Any card of the hand not chosen yet may be chosen: the choices are every set of
        # per_choice cards of the hand.
        for card in view.hand - choosing:
            mask[int(card)] = 1
        return mask
    # (One assignment of every action: a card's action is its id.)
    mask[[int(move) if type(move) is Card else action_of(move) for move in legal]] = 1
    return mask


def _action_name(action: int, symbols: bool) -> str:
    if action in BID_ACTIONS:
        amount = action - BID_ACTIONS.start
        return "bid 0 (pass)" if amount == 0 else f"bid {amount}"
    if action in SUIT_ACTIONS:
        return f"name {Suit(action - SUIT_ACTIONS.start).name.lower()}"
    if action in MOON_ACTIONS:
        return ("moon old (the others score it)", "moon new (the shooter subtracts it)")[
            action - MOON_ACTIONS.start
        ]
    try:
        card = Card(action)
    except InvalidCard:
        return f"slot {action} (no card)"
    return card.symbol if symbols else str(card)


action_names: Final = tuple(_action_name(action, False) for action in range(ACTIONS))
"""Every action's name, by action: a card's short name (``"QS"``, ``"TH'"`` for the second
pack's, ``"JK"``), ``"bid 7"`` (``"bid 0 (pass)"``), ``"name hearts"``, ``"moon old (...)"``,
and ``"slot 13 (no card)"`` for a card id no pack has (never legal)."""
_SYMBOL_NAMES: Final = tuple(_action_name(action, True) for action in range(ACTIONS))


def action_name(action: int, symbols: bool = False) -> str:
    """An action's readable name (:data:`action_names`); ``symbols=True`` names cards with
    their suit signs (``"Q♠"``, ``"10♥"``).

    >>> action_name(44), action_name(44, symbols=True), action_name(132), action_name(142)
    ('AS', 'A♠', 'bid 7', 'name hearts')
    >>> action_name(145)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: action 145 is not in the action space (0 to 144)
    """
    if isinstance(action, bool) or not isinstance(action, int | np.integer):
        raise InvalidArgument(f"an action is a whole number (0 to {ACTIONS - 1}), not {action!r}")
    if not 0 <= action < ACTIONS:
        raise InvalidArgument(f"action {action} is not in the action space (0 to {ACTIONS - 1})")
    return (_SYMBOL_NAMES if symbols else action_names)[int(action)]
