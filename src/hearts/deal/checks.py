"""The checks of a chosen position: the options and the hands of
:meth:`hearts.deal.Deal.from_hands` (and of recorded deals)."""

from __future__ import annotations

from collections.abc import Sequence

from hearts.cards import Card, CardLike, CardSet, mask_of
from hearts.errors import InvalidArgument
from hearts.rules import PassDirection, Rules, Widow

__all__ = ["check_hands", "check_options"]


def check_options(
    rules: Rules,
    dealer: int | None,
    hand_number: int,
    pass_direction: PassDirection | str | None,
    namer: int | None,
) -> tuple[int, PassDirection]:
    """Check :meth:`hearts.deal.Deal.from_hands`'s options; return the dealer and the pass direction.

    >>> from hearts import variants
    >>> check_options(variants.get("modern"), None, 0, "across", None)
    (3, <PassDirection.ACROSS: 'across'>)
    >>> check_options(variants.get("modern"), 4, 0, None, None)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: dealer=4 is not a seat: seats are 0 to 3
    """
    if not isinstance(rules, Rules):
        raise InvalidArgument(f"a deal needs Rules, not {type(rules).__name__}")
    players = rules.players
    if dealer is None:
        dealer = players - 1
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise InvalidArgument(f"dealer={dealer!r} is not a seat: seats are 0 to {players - 1}")
    if isinstance(hand_number, bool) or not isinstance(hand_number, int) or hand_number < 0:
        raise InvalidArgument(f"hand_number={hand_number!r} must be a whole number from 0")
    if pass_direction is None:
        direction = rules.pass_direction(hand_number)
    elif type(pass_direction) is PassDirection:
        direction = pass_direction
    else:
        try:
            direction = PassDirection(pass_direction)
        except ValueError:
            raise InvalidArgument(f"{pass_direction!r} is not a pass direction") from None
    if direction is not PassDirection.HOLD and not rules.passes:
        raise InvalidArgument(f"this form does not pass: pass_direction={direction.value}")
    if direction is PassDirection.ACROSS and players % 2:
        raise InvalidArgument(f"no seat is across a table of {players}: pass_direction=across")
    if namer is not None:
        if not rules.auction:
            raise InvalidArgument(f"namer={namer!r}: this form has no auction, no suit is named")
        if (
            isinstance(namer, bool)
            or not isinstance(namer, int)
            or not 0 <= namer < players
            or (players == 7 and namer == dealer)
        ):
            raise InvalidArgument(f"namer={namer!r} is not a seat that takes cards this hand")
    return dealer, direction


def check_hands(
    rules: Rules,
    hands: Sequence[CardSet | str | Sequence[CardLike]],
    stock: Sequence[CardLike] | str,
    dealer: int,
) -> tuple[list[int], tuple[Card, ...]]:
    """Check that hands (and a stock) are a deal of this pack; return their masks and the stock.

    Hands must be disjoint, hold cards of the pack only, and have the size the rules deal (none
    for the dealer at a table of seven); with a stock, hands and stock hold the whole pack.

    >>> from hearts import variants
    >>> check_hands(variants.get("two-handed"), ["2C", "3C"], "", 0)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: seat 0 holds 1 cards; this form deals 13
    """
    players = rules.players
    if type(hands) is not list and (not isinstance(hands, Sequence) or isinstance(hands, str)):
        raise InvalidArgument(f"give the hands as a list of {players} hands, one per seat")
    if len(hands) != players:
        raise InvalidArgument(f"these rules seat {players}: give {players} hands, not {len(hands)}")
    masks: list[int] = []
    for seat, hand in enumerate(hands):
        if isinstance(hand, CardSet):
            masks.append(hand.mask)
        elif isinstance(hand, str):
            masks.append(CardSet.parse(hand).mask)
        elif isinstance(hand, Sequence | frozenset | set):
            masks.append(mask_of(hand))
        else:
            given = repr(hand).replace("{", "{{").replace("}", "}}")  # (a template's literal)
            raise InvalidArgument(f"{{seat}}'s hand must be cards, not {given}", seat=seat)
    if type(stock) is tuple and not stock:
        stock_cards: tuple[Card, ...] = ()  # (the common case: no stock)
    elif isinstance(stock, str):
        # In order, top first: the order decides who draws what.
        stock_cards = tuple(Card.parse(word) for word in stock.replace(",", " ").split())
    elif isinstance(stock, Sequence):
        stock_cards = tuple(Card.coerce(card) for card in stock)
    else:
        raise InvalidArgument(f"the stock must be cards in order, top first, not {stock!r}")
    if stock_cards and len(set(stock_cards)) != len(stock_cards):
        raise InvalidArgument("a card is twice in the stock")
    sits_out = dealer if rules.dealt_seats < players else None
    seen = 0
    outside_pack = ~rules.pack
    size = rules.hand_size
    for seat, mask in enumerate(masks):
        outside = mask & outside_pack
        if outside:
            raise InvalidArgument(
                f"{{seat}} holds {CardSet(outside).symbols()}, not in this pack", seat=seat
            )
        if mask & seen:
            raise InvalidArgument(f"{CardSet(mask & seen).symbols()} is dealt twice")
        seen |= mask
        want = 0 if seat == sits_out else size
        if mask.bit_count() != want:
            raise InvalidArgument(
                f"{{seat}} holds {mask.bit_count()} cards; this form deals {want}", seat=seat
            )
    for card in stock_cards:
        if seen >> card & 1 or not rules.pack >> card & 1:
            raise InvalidArgument(f"the stock's {card.symbol} is dealt twice or not in this pack")
        seen |= 1 << card
    if seen == rules.pack and not stock_cards and rules.packs == 1:
        return masks, stock_cards  # (the common case: the whole pack dealt, no stock to check)
    if rules.packs > 1:  # Cancellation Hearts: the stock is the widow, the cards left over
        if seen != rules.pack:
            raise InvalidArgument("hands and widow (the stock) must hold both packs")
    elif rules.widow is not Widow.NONE:  # Heartsette: the stock is the widow
        if seen != rules.pack:
            raise InvalidArgument("hands and widow (the stock) must hold the whole pack")
    elif not (rules.stock or rules.domino) and stock_cards:
        raise InvalidArgument("this form has no stock")
    if (rules.stock or rules.domino) and seen != rules.pack:
        raise InvalidArgument("hands and stock must hold the whole pack")
    return masks, stock_cards
