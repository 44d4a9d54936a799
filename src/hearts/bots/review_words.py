"""The expert's review in words (:mod:`hearts.bots.review`): each decision said as a sentence
(what the seat did, what was better, by how much and how sure), the costliest in a phrase, and
the decisions not weighed. The review judges; this module only says what it found, so the
judging and its words are read apart.

>>> from hearts.cards import Card
>>> _text(2, 5, Card.parse("KC"), Card.parse("2C"), 3.4, (1.2, 5.0), "blunder", "point", 400)
'Hand 2, trick 5: you played the K♣; the 2♣ was about 3.4 points better (an estimate: 1.2 to 5.0). A blunder.'
>>> _unweighed(["bid", "bid"])
'2 bids not weighed: the expert plays them by rules of thumb'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Literal

from hearts import words
from hearts.cards import Card
from hearts.moves import Discard, MoonChoice, Move, NameSuit, Pass

__all__ = ["KIND_NOUNS", "Mark"]

Mark = Literal["mistake", "blunder"]
"""A marked decision: a mistake or a blunder."""

KIND_NOUNS: Final = {
    "pass": ("pass", "passes"),
    "card": ("card", "cards"),
    "bid": ("bid", "bids"),
    "suit": ("suit named", "suits named"),
    "moon": ("moon choice", "moon choices"),
    "discard": ("discard", "discards"),
    "other": ("other move", "other moves"),
}
"""A kind of decision in words, one and many."""


def _name(made: Move) -> str:
    """A move in words, with ``the`` before a card."""
    if isinstance(made, Card):
        return f"the {words.symbol(made)}"
    if isinstance(made, Pass | Discard):
        return words.cards(made.cards)
    if isinstance(made, NameSuit):
        name = made.suit.name.lower()
        return words.SUIT_WORDS.get(name, name)
    if isinstance(made, MoonChoice):
        whom = (
            "the others take the points" if made is MoonChoice.OLD else "the points off your score"
        )
        return f"the {made.value} moon ({whom})"
    return words.move(made).rstrip(".")


_VERBS: Final[tuple[tuple[type, str], ...]] = (
    (Pass, "passed"),
    (Card, "played"),
    (NameSuit, "named"),
    (Discard, "discarded"),
)


def _did(made: Move) -> str:
    """What a seat did, in words: ``played the K♣``, ``passed 2♣ 3♣ Q♠``, ``named ♣ clubs as
    the suit to avoid``, ``chose the new moon (...)``."""
    verb = next((verb for cls, verb in _VERBS if isinstance(made, cls)), "chose")
    avoid = " as the suit to avoid" if isinstance(made, NameSuit) else ""
    return f"{verb} {_name(made)}{avoid}"


def _instead(best: Move) -> str:
    """The better move as a sentence's subject: ``the K♣``, ``passing 2♣ 3♣ Q♠``."""
    if isinstance(best, Pass | Discard):
        return f"{'passing' if isinstance(best, Pass) else 'discarding'} {_name(best)}"
    return _name(best)


def _where(hand: int, trick: int | None) -> str:
    return f"hand {hand}" + (f", trick {trick}" if trick is not None else "")


def _amount(cost: float, unit: str) -> str:
    whole = round(cost, 1)
    text = f"{whole:g} {unit}" + ("" if whole == 1 else "s")
    return f"about {text}"


def _text(
    hand: int,
    trick: int | None,
    made: Move,
    best: Move,
    cost: float,
    interval: tuple[float, float],
    mark: Mark | None,
    unit: str,
    deals: int,
    exact: bool = False,
) -> str:
    """The decision in words (``exact``: scored exactly, not on imagined deals)."""
    where = _where(hand, trick).capitalize()
    said = f"{where}: you {_did(made)}"
    if best == made:
        if exact:
            return f"{said}; nothing else scored better for the hand (scored exactly)."
        return f"{said}; the expert found nothing better in {deals} imagined deals."
    other = _instead(best)
    low, high = (max(x, 0.0) for x in interval)
    estimate = "scored exactly" if exact else f"an estimate: {low:.1f} to {high:.1f}"
    verdict = f" A {mark}." if mark else ""
    return f"{said}; {other} was {_amount(cost, unit)} better ({estimate}).{verdict}"


_NUMBERS: Final = [
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
]


def _number(count: int, noun: str) -> str:
    word = _NUMBERS[count] if count < len(_NUMBERS) else str(count)
    return f"{word} {noun}" + ("" if count == 1 else "s")


def _costliest(made: Move, best: Move, hand: int, trick: int | None) -> str:
    """The costliest marked decision in a phrase: ``passing the A♠ in hand 3``.

    >>> from hearts.cards import CardSet
    >>> _costliest(Pass(CardSet.parse("2C AS QH")), Pass(CardSet.parse("2C 3C QH")), 3, None)
    'passing the A♠ in hand 3'
    """
    where = _where(hand, trick)
    if isinstance(made, Pass):
        gone = [card for card in made.cards if not isinstance(best, Pass) or card not in best.cards]
        named = " and ".join(f"the {words.symbol(card)}" for card in gone or made.cards)
        return f"passing {named} in {where}"
    if isinstance(made, Card):
        return f"playing the {words.symbol(made)} in {where}"
    if isinstance(made, Discard):
        return f"discarding {_name(made)} in {where}"
    if isinstance(made, NameSuit):
        return f"naming {_name(made)} in {where}"
    if isinstance(made, MoonChoice):
        return f"choosing {_name(made)} in {where}"
    return f"{_name(made)} in {where}"


def _unweighed(kinds: Sequence[str]) -> str:
    """The decisions not weighed, in words (empty: none): ``2 bids not weighed: ...``."""
    if not kinds:
        return ""
    counts: dict[str, int] = {}
    for kind in kinds:
        counts[kind] = counts.get(kind, 0) + 1
    parts = []
    for kind, count in counts.items():
        one, many = KIND_NOUNS.get(kind, KIND_NOUNS["other"])
        parts.append(f"{count} {one if count == 1 else many}")
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    them = "it" if len(kinds) == 1 else "them"
    return f"{listed} not weighed: the expert plays {them} by rules of thumb"
