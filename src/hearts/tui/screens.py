"""Pages over the terminal table and the moment a change reaches the screen.

:class:`TextScreen` is a page of text over the table (the rules, a hand's summary, the end of the
game, the last trick); :class:`ChoiceScreen` the first page when unfinished games are kept;
:class:`Sight` says when a change was drawn, so that a key acts on what the screen showed when it
was pressed (:mod:`hearts.tui.app`).
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import ClassVar, Final

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.message_pump import MessagePump
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from hearts.tui.saves import KeptGame, describe

__all__ = ["ChoiceScreen", "Sight", "TextScreen", "now", "unreadable_page"]

now: Final = time.perf_counter if sys.platform == "win32" else time.monotonic
"""The clock Textual stamps its events with (``Message.time``): when a key was pressed."""


def scrolled(scroll: VerticalScroll, key: str) -> bool:
    """Scroll a page's text by a key (arrows up and down, Page Up/Down, Home, End): whether the
    key was one of them."""
    moves = {
        "up": scroll.scroll_up,
        "down": scroll.scroll_down,
        "pageup": scroll.scroll_page_up,
        "pagedown": scroll.scroll_page_down,
        "home": scroll.scroll_home,
        "end": scroll.scroll_end,
    }
    move = moves.get(key)
    if move is not None:
        move()
    return move is not None


class Sight:
    """When something reached the screen: a key pressed before it was meant for what the
    screen showed then, however late the key is handled (a double tap, key repeat, a busy or
    slow terminal: keys wait in a queue while the game moves on).

    A change is on the screen from the moment the first frame after it is written to the
    terminal (:meth:`drawn`, from :meth:`HeartsApp._display`), or at the latest once the screen
    has settled after it (``call_after_refresh``, which waits for every redraw under way: on a
    busy machine a page is seen a tenth of a second before that; and should Textual stop
    calling the app's ``_display``, keys still count, from then on).
    """

    def __init__(self) -> None:
        self.since = math.inf
        """When the last change was on the screen (infinity: not yet)."""
        self._change = 0

    def changed(self, pump: MessagePump) -> None:
        """Something changed: it is on the screen once drawn (``pump``: whose screen)."""
        self._change += 1
        self.since = math.inf
        pump.call_after_refresh(self._settled, self._change)

    def drawn(self) -> None:
        """A frame showing the last change has been written to the terminal."""
        if self.since == math.inf:
            self.since = now()

    def _settled(self, change: int) -> None:
        if change == self._change:  # (a later change waits for its own drawing)
            self.drawn()

    @property
    def shown(self) -> bool:
        """Whether the last change is on the screen."""
        return self.since != math.inf

    def saw(self, pressed: float) -> bool:
        """Whether a key pressed at ``pressed`` (its event's time) was pressed with the last
        change on the screen."""
        return pressed >= self.since


class TextScreen(ModalScreen[None]):
    """A page of text over the table (the rules, a hand's summary, the end of the game); Enter
    or Escape goes back. ``keys`` maps other keys to what they do before it closes.

    A key acts on the page only if it was pressed with the page on the screen (an Enter meant
    for the table does not close a page it never saw), and only one key closes it: the keys
    that reach it after that (a double tap, key repeat) do nothing."""

    DEFAULT_CSS = """
    TextScreen { align: center middle; }
    TextScreen > Vertical {
        width: 100%; max-width: 100; height: auto; max-height: 100%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    TextScreen #scroll { height: auto; }
    TextScreen #page { height: auto; }
    TextScreen #close { color: $text-muted; height: 1; dock: bottom; }
    """

    def __init__(
        self,
        body: Text | Table,
        close: str = "Enter: back to the game · ↑↓ PgUp PgDn: scroll",
        keys: dict[str, Callable[[], None]] | None = None,
        name: str | None = None,
    ) -> None:
        super().__init__(name=name)
        self.body = body
        self.close_text = close
        self.keys = keys or {}
        self.sight = Sight()
        """When the page reached the screen."""
        self.closed = False
        """Whether a key has closed the page (it may still get the keys pressed before)."""

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll(id="scroll"):
                yield Static(self.body, id="page")
            yield Static(self.close_text, id="close")

    def on_mount(self) -> None:
        self._fit()
        self.sight.changed(self)

    def on_resize(self) -> None:
        self._fit()

    @property
    def shown(self) -> bool:
        """Whether the page is on the screen (a key pressed now acts on it)."""
        return self.sight.shown and not self.closed

    def _fit(self) -> None:
        """A long page scrolls within the screen (its border and the close line stay in view)."""
        self.query_one("#scroll", VerticalScroll).styles.max_height = max(
            3, self.app.size.height - 3
        )

    def on_key(self, event: events.Key) -> None:
        event.stop()
        if self.closed or not self.sight.saw(event.time):
            return  # pressed before the page was seen, or after a key closed it
        if scrolled(self.query_one("#scroll", VerticalScroll), event.key):
            return
        if event.key in self.keys:
            action = self.keys[event.key]
            self.closed = True
            self.dismiss()
            action()
        elif event.key in ("enter", "escape", "space"):
            self.closed = True
            self.dismiss()


class ChoiceScreen(Screen[None]):
    """The first page when unfinished games are kept: Enter (or 1) continues the last played,
    a number another, ``n`` starts a new game (the kept ones stay kept).

    As on a :class:`TextScreen`, a key counts only if pressed with the page on the screen, and
    once a choice is under way (or made) the keys that follow it choose nothing more."""

    DEFAULT_CSS = """
    ChoiceScreen { align: center middle; }
    ChoiceScreen > Vertical {
        width: 100%; max-width: 80; height: auto; max-height: 100%;
        border: round $accent; padding: 0 1;
    }
    ChoiceScreen Static { height: auto; }
    ChoiceScreen #choice-message { color: $error; }
    ChoiceScreen #choice-keys { color: $text-muted; margin-bottom: 1; }
    ChoiceScreen VerticalScroll { height: auto; max-height: 100%; }
    """

    def __init__(
        self,
        games: Sequence[KeptGame],
        new_game: str,
        choose: Callable[[KeptGame | None], Awaitable[str]],
    ) -> None:
        super().__init__(name="choice")
        self.games = list(games)[: self.SHOWN]
        self.more = max(len(games) - self.SHOWN, 0)
        """Unfinished games not shown here (``hearts play --list`` lists every one)."""
        self.new_game = new_game
        self.choose = choose
        self.sight = Sight()
        """When the page reached the screen."""
        self.choosing = False
        """Whether a choice is being made (or was made): the keys after it do nothing."""

    SHOWN: ClassVar[int] = 5
    """The unfinished games shown (the last played first)."""

    def compose(self) -> ComposeResult:
        many = len(self.games) > 1
        count = len(self.games) + self.more
        if self.more:
            title = (
                f"You have {count} unfinished games; the last {len(self.games)} played are "
                "here (`hearts play --list` lists every game, `hearts play GAME` continues "
                "one):"
            )
        elif many:
            title = f"You have {count} unfinished games:"
        else:
            title = "You have an unfinished game:"
        text = Text(title, style="bold")
        for number, game in enumerate(self.games, start=1):
            state, totals = describe(game)
            text.append(f"\n\n{number}  ", style="bold")
            text.append(f"{state}\n   {totals}")
        keys = "Enter: continue the last played" if many else "Enter: continue it"
        if many:
            keys += f" · 1-{len(self.games)}: continue that one"
        keys += f" · n: a new game ({self.new_game}) · Ctrl+Q: quit"
        with Vertical():
            # (the keys first: on a small terminal the list may be cut, never the keys)
            yield Static(keys, id="choice-keys")
            yield Static("", id="choice-message")
            yield VerticalScroll(Static(text, id="choices"))

    def on_mount(self) -> None:
        self.sight.changed(self)

    @property
    def shown(self) -> bool:
        """Whether the page is on the screen, waiting for a choice (a key pressed now acts)."""
        return self.sight.shown and not self.choosing

    def say(self, text: str) -> None:
        """Why a choice could not be made (the page stays)."""
        self.query_one("#choice-message", Static).update(text)

    async def on_key(self, event: events.Key) -> None:
        event.stop()
        if self.choosing or not self.sight.saw(event.time):
            return  # pressed before the page was seen, or after a choice
        char = (event.character or "").lower()
        if event.key == "enter":
            await self._pick(self.games[0])
        elif char.isdigit() and 1 <= int(char) <= len(self.games):
            await self._pick(self.games[int(char) - 1])
        elif char == "n":
            await self._pick(None)
        elif char and char.isprintable():
            self.say(f"'{char}' chooses nothing here: Enter continues, n starts a new game.")

    async def _pick(self, game: KeptGame | None) -> None:
        self.choosing = True
        problem = await self.choose(game)
        if problem:
            self.choosing = False
            self.say(problem)


def unreadable_page(
    problems: Sequence[str], new_game: str, started: bool, quit: Callable[[], None]
) -> TextScreen:
    """The page that says, at the start, which saved games cannot be read and what was done
    with them (kept where they are, not deleted), and offers a new game (``started``: it is
    dealt, behind the page) or the choice of the games kept; ``q`` quits."""
    count = len(problems)
    title = "A saved game cannot be read" if count == 1 else f"{count} saved games cannot be read"
    text = Text(title, style="bold")
    for problem in problems:
        text.append(f"\n\n{problem}")
    one = count == 1
    text.append(
        f"\n\n{'It is' if one else 'They are'} kept as {'it is' if one else 'they are'}, "
        f"where {'it is' if one else 'they are'}: not deleted, not changed (a later version of "
        f"hearts may read {'it' if one else 'them'}), only left out of the games offered; "
        f"`hearts play --list` names {'it' if one else 'them'}."
    )
    if started:
        text.append(f"\n\nA new game is dealt for you: {new_game}.")
        close = "Enter: play the new game · q: quit"
    else:
        text.append("\n\nYour other unfinished games are offered next, and a new game.")
        close = "Enter: your games kept, or a new game · q: quit"
    return TextScreen(text, close, keys={"q": quit}, name="unreadable")
