"""The pieces of the table on screen: the person's hand, a seat, the trick, the score sheet.

Each widget is drawn from the person's :class:`~hearts.observation.SeatView` and nothing else;
the app (:mod:`hearts.tui.app`) hands them what to show after every move.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual import events
from textual.geometry import Offset
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from hearts.cards import Card, Suit

__all__ = ["CELL", "HandView", "SeatBox", "card_text"]

CELL = 4
"""Columns a card takes in the hand: rank (two wide for the ten), suit sign, a space."""

_RED = Style(color="red", bold=True)
_BLACK = Style(bold=True)


def card_text(card: Card, *, dim: bool = False, plain: bool = False) -> Text:
    """A card in its colour: hearts and diamonds red (the joker too), clubs and spades plain;
    ``plain``: no colour at all (NO_COLOR), the suit sign tells the suit.

    >>> text = card_text(Card.parse("10H"))
    >>> text.plain, str(text.style)
    ('10♥', 'bold red')
    >>> str(card_text(Card.parse("10H"), plain=True).style)
    'bold'
    """
    red = card.suit in (Suit.HEARTS, Suit.DIAMONDS) or card.is_joker
    style = _RED if red and not plain else _BLACK
    if dim:
        style = style + Style(dim=True, bold=False)
    return Text(card.symbol.rstrip("'"), style=style)


class HandView(Widget):
    """The person's cards along the bottom, in suit order: the cursor, the marked cards (to pass
    or discard), the cards received in the pass, and the cards that may not be played now
    dimmed (without colour, marked ``··`` under the card; ``n··`` if it was received too). A
    click on a card posts :class:`HandView.Picked`."""

    DEFAULT_CSS = """
    HandView { height: auto; min-height: 2; padding: 0 1; }
    """

    class Picked(Message):
        """A card was clicked (``at``: where on the screen, which tells the app the click's
        moment: Textual stamps its Click when it builds it, not when the button went down)."""

        def __init__(self, card: Card, at: Offset | None = None) -> None:
            super().__init__()
            self.card = card
            self.at = at

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.cards: list[Card] = []
        self.cursor: int | None = None
        self.marked: set[int] = set()
        """Positions of marked cards (a hand of two packs may hold two of a card)."""
        self.received: set[Card] = set()
        self.playable: set[Card] | None = None
        """The cards that may be played now (None: every card is shown plainly)."""

    def show(
        self,
        cards: Sequence[Card],
        cursor: int | None,
        marked: set[int],
        received: set[Card],
        playable: set[Card] | None,
    ) -> None:
        """Draw these cards (the app's state) on the next refresh."""
        self.cards = list(cards)
        self.cursor = cursor
        self.marked = set(marked)
        self.received = set(received)
        self.playable = playable
        self.refresh(layout=True)

    def _per_row(self) -> int:
        width = self.content_size.width or (self.size.width - 2) or 76
        return max(1, width // CELL)

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        rows = max(1, -(-len(self.cards) // max(1, width // CELL)))
        return 2 * rows

    def render(self) -> Text:
        if not self.cards:
            return Text("(no cards)", style="dim")
        per_row = self._per_row()
        plain = self.app.no_color  # grey for red would read as dimmed: mark the cards instead
        lines: list[Text] = []
        for start in range(0, len(self.cards), per_row):
            faces, marks = Text(), Text()
            for index in range(start, min(start + per_row, len(self.cards))):
                card = self.cards[index]
                dim = self.playable is not None and card not in self.playable
                label = card_text(card, dim=dim and not plain, plain=plain)
                label.pad_left(3 - label.cell_len)  # the joker is two cells wide
                if index == self.cursor:
                    label.stylize("reverse")
                faces.append_text(label)
                faces.append(" ")
                if index in self.marked:
                    marks.append(" ▲▲ ", style="bold yellow")
                elif dim and plain:  # may not be played now; "n··": and received in the pass
                    marks.append("n·· " if card in self.received else " ·· ")
                elif card in self.received:
                    marks.append("new ", style="cyan")
                else:
                    marks.append(" " * CELL)
            lines += [faces, marks]
        return Text("\n").join(lines)

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = (offset.y // 2) * self._per_row() + offset.x // CELL
        if 0 <= index < len(self.cards) and offset.x % CELL < CELL - 1:
            self.post_message(self.Picked(self.cards[index], event.screen_offset))


class SeatBox(Static):
    """Another seat (or the person's): its name and bot, cards in hand, points taken this hand,
    and the card it played to the trick on the table."""

    DEFAULT_CSS = """
    SeatBox { border: round $panel-lighten-2; height: 5; padding: 0 1; }
    SeatBox.to-act { border: round $warning; }
    """
