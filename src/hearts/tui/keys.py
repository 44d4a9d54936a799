"""The keys of the terminal game: the speeds the ``s`` key goes through, the ``?`` page's list of
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

from hearts.deal import Phase
from hearts.rules import Rules
from hearts.tui import words

if TYPE_CHECKING:
    from hearts.tui.app import HeartsApp

__all__ = [
    "SPEEDS",
    "TRICK_PAUSES",
    "fit",
    "key_help",
    "key_line",
    "next_speed",
    "rules_page",
    "speed_help",
]

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
    choosing = app.laws.choosing_keys(app)
    if choosing:
        return choosing
    urgent = app.laws.keys(app)  # (a claim, open most of the hand, comes after the play's keys)
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
