"""The keys of the terminal game: the keys that name a card or a move, the speeds the ``s`` key goes through, the ``?`` page's list of
keys, and the line of keys under the hand, right for the phase the game is in.

The line of keys says only the keys that do something now (the pass, the play, the auction's bid
and suit naming, the moon choice, the laws' moves, the end of the game), most useful first, as
many as the terminal's width holds; the ``?`` page lists them all.

>>> next_speed("fast"), next_speed("normal"), next_speed("slow")
('normal', 'slow', 'fast')
>>> fit(["Enter play", "h hint", "? keys"], 20)
'Enter play · h hint'
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from hearts.cards import Card, Suit
from hearts.deal import Phase
from hearts.moves import (
    Bid,
    Call,
    Claim,
    Correct,
    Discard,
    Gather,
    MoonChoice,
    Move,
    NameSuit,
    Pass,
    Revoke,
)
from hearts.rules import Rules
from hearts.tui import words

if TYPE_CHECKING:
    from hearts.tui.app import HeartsApp

__all__ = [
    "RANK_KEYS",
    "SPEEDS",
    "SUIT_KEYS",
    "TRICK_PAUSES",
    "card_keys",
    "fit",
    "key_help",
    "key_line",
    "move_keys",
    "next_speed",
    "rules_page",
    "speed_help",
]

RANK_KEYS: Final = {
    "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8", "9": "9",
    "t": "T", "j": "J", "q": "Q", "k": "K", "a": "A",
}  # fmt: skip
"""The key of each rank in a card's name (a ten is also ``1`` then ``0``)."""
SUIT_KEYS: Final = {"c": Suit.CLUBS, "d": Suit.DIAMONDS, "s": Suit.SPADES, "h": Suit.HEARTS}
"""The key of each suit in a card's name (and the suit named in Auction Hearts)."""


def card_keys(card: Card) -> list[str]:
    """The keys that name a card in this app: its rank then its suit (a ten is ``1`` ``0``,
    or ``t``; the joker ``*``).

    >>> card_keys(Card.parse("QS")), card_keys(Card.parse("10H"))
    (['q', 's'], ['1', '0', 'h'])
    """
    if card.is_joker:
        return ["*"]
    name = str(card).rstrip("'").lower()
    rank, suit = name[:-1], name[-1]
    return (["1", "0"] if rank == "t" else [rank]) + [suit]


def move_keys(move: Move | Card) -> list[str]:
    """The keys a person presses for a move in this app.

    >>> move_keys(Card.parse("QS")), move_keys(Bid(0)), move_keys(NameSuit("h"))
    (['q', 's', 'enter'], ['p'], ['h', 'enter'])
    >>> move_keys(Revoke(Card.parse("5S"))), move_keys(Claim(2)), move_keys(Gather())
    (['5', 's', 'enter', 'r'], ['c', '2'], ['g'])
    """
    if isinstance(move, Card):
        return [*card_keys(move), "enter"]
    if isinstance(move, Pass | Discard):
        return [key for card in move.cards for key in card_keys(card)] + ["enter"]
    if isinstance(move, Bid):
        return ["p"] if move.is_pass else [*str(move.amount), "enter"]
    if isinstance(move, NameSuit):
        return [move.suit.letter.lower(), "enter"]
    if isinstance(move, MoonChoice):
        return ["o" if move is MoonChoice.OLD else "n"]
    laws = {Gather: ["g"], Correct: ["b"], Call: ["e"]}  # (a call: of the one card exposed)
    if isinstance(move, Revoke):  # refused as a card, then played anyway
        return [*card_keys(move.card), "enter", "r"]
    if isinstance(move, Claim):
        return ["c", str(move.seat)]
    if type(move) in laws:
        return laws[type(move)]
    raise ValueError(f"no keys for {move!r}")


SPEEDS: Final[dict[str, float]] = {"fast": 0.0, "normal": 0.35, "slow": 1.0}
"""Seconds at least between two cards on the table, a bot's after the card before it, at each
speed (``s`` goes from each to the next in this order, the last back to the first, as the
``?`` page says: :func:`speed_help`): each card is seen as it falls. A bot thinks from the
moment the card before it falls, so its thinking is part of this time, not added to it."""
TRICK_PAUSES: Final[dict[str, float]] = {"fast": 0.0, "normal": 0.6, "slow": 2.0}
"""Seconds at least between a finished trick and a bot's lead to the next, at each speed, so
the trick can be seen (it stays on the table until the next card); any key ends the pause."""


def next_speed(speed: str) -> str:
    """The speed ``s`` goes to from ``speed``: the next in :data:`SPEEDS`, the last back to the
    first (an unknown speed: the first)."""
    names = list(SPEEDS)
    return names[(names.index(speed) + 1) % len(names)] if speed in names else names[0]


def speed_help() -> str:
    """What ``s`` does, in the order it goes through the speeds.

    >>> speed_help()
    "the bots' speed, in turn: fast → normal → slow → fast"
    """
    names = list(SPEEDS)
    return f"the bots' speed, in turn: {' → '.join([*names, names[0]])}"


def key_help(rules: Rules | None = None) -> list[str]:
    """The keys of the terminal game, a line each (the laws' keys with ``rules`` played by the
    laws)."""
    lines = [
        "←/→ Home End   move along your hand",
        "q s, 1 0 h, *  go to a card by name (Q♠, 10♥, the joker; t is a ten too)",
        "Enter          play the card; in a pass, mark it (all marked: pass them)",
        "Space, a click mark a card to pass or discard; a click plays a card",
        "digits, p      bid, or pass the bid (Auction Hearts); Enter to bid",
        "c d s h        the suit to name (Auction Hearts), then Enter",
        "o, n           the moon: the others take the points (o), or off yours (n)",
        "l              the last trick of the hand: who played what, who took it",
        "h or !         a hint from the expert (! while you name a suit)",
        "u              undo to before your last move (and the bots' moves since)",
        f"s              {speed_help()}",
        "any key        after a trick, go on at once (the key does nothing else)",
    ]
    if rules is not None and rules.laws:
        lines += [
            "r              the laws: play the card just refused anyway, as a revoke (law 22)",
            "b              take your revoke back while its trick is on the table (law 22)",
            "e              call an exposed card of the seat to play (law 19)",
            "c              claim that a seat revoked, then its number (laws 25-26)",
            "g or Enter     once every trick is taken: let the cards be gathered",
        ]
    return [*lines, "?              this page · Ctrl+Q quit (saved: hearts play --resume)"]


def rules_page(variant: str, rules: Rules) -> list[str]:
    """The ``?`` page, in lines that fit the page: the keys first, then the rules of the game
    being played in plain words (:func:`hearts.tui.words.rules_text`)."""
    lines = ["Keys"]
    for line in key_help(rules):
        lines.extend(textwrap.wrap(line, words.PAGE_WIDTH, subsequent_indent=" " * 15) or [""])
    return [*lines, "", *words.rules_text(variant, rules)]


def fit(items: Sequence[str], width: int) -> str:
    """The items, most useful first, joined by `` · `` as far as ``width`` holds them whole."""
    line = ""
    for item in items:
        longer = f"{line} · {item}" if line else item
        if len(longer) > width:
            break
        line = longer
    return line


def key_line(app: HeartsApp) -> str:
    """The keys that work now at the table, as one line of the terminal's width."""
    width = max(app.size.width - 2, 40)
    return fit(_keys_now(app), width)


def _keys_now(app: HeartsApp) -> list[str]:
    session, view = app.session, app.view
    if session.is_over:
        again = ["n: a new game"] if app.new_game is not None else []
        return ["The game is over", "Enter: the result", *again, "q: quit", "?", "^q"]
    choosing = app.laws.choosing_keys(app.table)
    if choosing:
        return choosing
    urgent = app.laws.keys(
        app.table
    )  # (a claim, open most of the hand, comes after the play's keys)
    claim = [key for key in urgent if key.startswith("c ")]
    laws = [key for key in urgent if key not in claim]
    mine = view.my_turn
    phase = view.phase
    tail = ["h hint", "u undo", "s speed", "?", "^q"]
    last = ["l last trick"] if view.tricks else []  # (once a trick of the hand is taken)
    if phase in (Phase.PASS, Phase.DISCARD) and mine:
        return ["←→ or qs: card", "Enter mark", "Space unmark", *tail]
    if phase is Phase.BID and mine:
        return ["digits then Enter: bid", "p: pass", "Esc: clear", *tail]
    if phase is Phase.NAME and mine:
        return ["c d s h then Enter: the suit to avoid", "! hint", "u undo", "s speed", "?"]
    if phase is Phase.MOON and mine:
        return ["o: the others take it", "n: off your score", *last, *tail]
    if phase is Phase.GATHER:
        return [*laws, *claim, *last, "u undo", "s speed", "?", "^q"]
    if phase is Phase.PLAY and mine:
        return [*laws, "←→ or qs: card", "Enter play", *last, *claim, *tail]
    if phase is Phase.PLAY:
        return [*laws, *last, *claim, "u undo", "s speed", "?", "^q"]
    return ["Waiting for the others", "u undo", "s speed", "?", "^q"]
