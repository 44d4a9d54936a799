"""The last trick of the hand (``l`` at the table): who played what, and who took it.

Read from the person's view only: the hand's events, in which each card played names its seat
(a trick need not go round from its leader: the dealer sitting out at seven, a seat out of
Domino Hearts), a revoke taken back (the laws) withdrawing the cards played after it.

>>> from hearts import variants
>>> from hearts.game import Game
>>> game = Game(variants.get("classic"), seed=1)
>>> last_trick(game.view(0)) is None
True
>>> while not game.view(0).tricks:
...     _ = game.play(game.view(game.to_act).legal_moves[0], seat=game.to_act)
>>> trick = last_trick(game.view(0))
>>> trick.number, len(trick.plays), trick.winner == game.view(0).tricks[0].winner
(1, 4, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text

from hearts.cards import Card
from hearts.events import CardPlayed, RevokeCorrected, TrickCarried, TrickWon
from hearts.observation import SeatView
from hearts.tui import words
from hearts.tui.screens import TextScreen
from hearts.tui.widgets import card_text

if TYPE_CHECKING:
    from hearts.tui.app import HeartsApp

__all__ = ["LastTrick", "last_trick", "last_trick_text", "show_last_trick"]


@dataclass(frozen=True)
class LastTrick:
    """A trick taken (or carried on, nobody taking it: ``winner`` -1)."""

    number: int
    """Its number in the hand, 1 first."""
    plays: tuple[tuple[int, Card], ...]
    """(seat, card) in the order played, from the leader."""
    winner: int
    points: int


def last_trick(view: SeatView) -> LastTrick | None:
    """The last finished trick of the hand in ``view`` (None: none finished yet)."""
    plays: list[tuple[int, Card]] = []
    found: LastTrick | None = None
    number = 0
    for event in view.events:
        if isinstance(event, CardPlayed):
            plays.append((event.seat, event.card))
        elif isinstance(event, RevokeCorrected):
            del plays[len(plays) - len(event.withdrawn) - 1 :]
        elif isinstance(event, TrickWon | TrickCarried):
            number += 1
            found = LastTrick(number, tuple(plays), event.seat, event.points)
            plays = []
    return found


def last_trick_text(view: SeatView, name: Callable[[int], str]) -> Text | None:
    """The last trick as a page shows it: its number, the cards by seat in the order played
    (the winner's marked), who took it and its points; None when no trick is finished."""
    trick = last_trick(view)
    if trick is None:
        return None
    who = "nobody: it is carried on" if trick.winner < 0 else f"{name(trick.winner)}"
    text = Text(f"The last trick: trick {trick.number}, taken by {who}", style="bold")
    if trick.points:
        text.append(f" ({words.count(trick.points, 'point')})")
    text.append("\n")
    for seat, card in trick.plays:
        line = Text(f"\n  {name(seat):<10} ")
        line.append_text(card_text(card))
        if seat == trick.winner:
            line.append("   takes the trick", style="bold yellow")
        text.append_text(line)
    return text


def show_last_trick(app: HeartsApp) -> None:
    """``l`` at the table: the last trick of the hand on a page over it (or why there is none)."""
    text = last_trick_text(app.view, app.session.seat_name)
    if text is None:
        app.say("No trick has been taken yet this hand.", error=True)
        return
    page = TextScreen(text, "Enter: back to the game", name="last-trick")
    app.push_screen(page, app._page_closed)
