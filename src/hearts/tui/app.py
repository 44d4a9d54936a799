"""The terminal game: :class:`HeartsApp`, the Textual app over a :class:`~hearts.tui.table.Table`.

The terminal table is three modules of one concern each: :mod:`hearts.tui.table` is its model
(the game on the table, whose turn, the person's cursor and marks, and with
:mod:`hearts.tui.botplay` the bots' scheduling and pondering threads: no drawing);
:mod:`hearts.tui.drawing` turns the model into what is shown; this module is the Textual app:
the widgets and their layout, the pages over the table, the keys and the mouse, and the wiring
of the model's threads and timers to Textual's. The names importable from here before the split
(:func:`card_keys`, :func:`move_keys`, :func:`positions`, :data:`MIN_SIZE`, :data:`SPEEDS`, ...)
still are.

Everything shown comes from ``view(0)``. Every move goes to the core, which accepts it or says
why not (and changes nothing). The bots think in a worker thread, so the screen never freezes;
an undo or a new game makes a bot's late answer stale, and it is dropped. The game is saved
after every move (``save_path``, its own file in :mod:`hearts.tui.saves`), so quitting loses
nothing; with unfinished games kept, the app opens on a choice: continue one, or a new game.

A key acts on what the screen showed when it was pressed (its event's time), never on a later
state, however late it is handled (a double tap, key repeat, a busy or slow terminal): each
change that alters what a key would do (a page over the table, the table back, a card fallen,
the hint's card under the cursor) is stamped when the first frame after it is written to the
terminal, and a key pressed before that acts on what was there (:class:`Sight`,
:meth:`HeartsApp.on_key`).

>>> positions(4), move_keys(Card.parse("QS"))
(([1], [2], [3]), ['q', 's', 'enter'])
"""

from __future__ import annotations

import os
import select
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import ClassVar, Generic, TypeVar

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.filter import NoColor
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static

from hearts.bots.helper import Helper
from hearts.cards import Card, Suit
from hearts.deal import Phase
from hearts.errors import InvalidArgument, InvalidRecord
from hearts.moves import Discard, Move, Pass
from hearts.observation import SeatView
from hearts.tui import drawing, words
from hearts.tui.botplay import Ponder
from hearts.tui.drawing import MIN_SIZE, positions
from hearts.tui.gameover import show_game_over
from hearts.tui.keyboard import Keyboard
from hearts.tui.keys import (
    SPEEDS,
    TRICK_PAUSES,
    card_keys,
    key_line,
    move_keys,
    rules_page,
)
from hearts.tui.laws import LawsDesk, badge, judgements
from hearts.tui.saves import GameOpenElsewhere, KeptGame, Saves, bot_list
from hearts.tui.screens import ChoiceScreen, Sight, TextScreen, unreadable_page
from hearts.tui.session import ME, Session
from hearts.tui.table import Table, sentence
from hearts.tui.widgets import HandView, SeatBox

__all__ = [
    "MIN_SIZE",
    "SPEEDS",
    "TRICK_PAUSES",
    "ChoiceScreen",
    "HeartsApp",
    "TextScreen",
    "card_keys",
    "move_keys",
    "positions",
]

T = TypeVar("T")


class _Kept(Generic[T]):
    """An attribute of the app kept by its model (``table``, or its bots: ``table.bots``), read
    and written under the app's name as before the split."""

    def __init__(self, where: str, name: str = "") -> None:
        self.where = where.split(".")
        self.name = name

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = self.name or name

    def _holder(self, app: object) -> object:
        for part in self.where:
            app = getattr(app, part)
        return app

    def __get__(self, app: object, owner: type | None = None) -> T:
        if app is None:
            return self  # type: ignore[return-value]  # (the class's own attribute)
        value: T = getattr(self._holder(app), self.name)
        return value

    def __set__(self, app: object, value: T) -> None:
        setattr(self._holder(app), self.name, value)


class HeartsApp(App[None]):
    """Hearts in a terminal: the person (seat 0) against bots, from ``session``."""

    TITLE = "Hearts"
    CSS = """
    Screen { layout: vertical; }
    #title { height: 1; background: $primary-background; padding: 0 1; }
    #table { height: 1fr; }
    #felt { width: 1fr; }
    #top { height: 5; align: center top; }
    #top SeatBox { width: 1fr; max-width: 32; }
    #middle { height: 1fr; min-height: 5; }
    .side { width: 20; }
    .side SeatBox { margin: 0; }
    #trick { width: 1fr; padding: 0 1; }
    #sheet { width: 22; border-left: solid $panel-lighten-2; padding: 0 0 0 1; }
    #hand { border: round $primary; height: auto; }
    #hand.my-turn { border: round $warning; }
    #prompt { height: auto; padding: 0 1; }
    #message { height: auto; padding: 0 1; }
    #keys { height: 1; padding: 0 1; color: $text-muted; }
    #small { height: 1fr; padding: 1 2; display: none; }
    """
    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("ctrl+q", "quit", "Quit", priority=True),
        Binding("ctrl+c", "quit", "Quit", show=False, priority=True),
    ]

    # The model's state under the names it had in the app (tests and other modules use them).
    helper: _Kept[Helper | None] = _Kept("table")
    speed: _Kept[str] = _Kept("table")
    cursor_card: _Kept[Card | None] = _Kept("table")
    cursor_index: _Kept[int] = _Kept("table")
    marked: _Kept[set[int]] = _Kept("table")
    pending_rank: _Kept[str] = _Kept("table")
    bid_text: _Kept[str] = _Kept("table")
    naming: _Kept[Suit | None] = _Kept("table")
    hint_text: _Kept[str | None] = _Kept("table")
    shown: _Kept[int] = _Kept("table")
    laws: _Kept[LawsDesk] = _Kept("table")
    generation: _Kept[int] = _Kept("table.bots")
    busy: _Kept[bool] = _Kept("table.bots")
    _pondering: _Kept[Ponder | None] = _Kept("table.bots", "pondering")
    _position: _Kept[Callable[[], tuple[int, int, int]]] = _Kept("table", "position")
    _hand_cards: _Kept[Callable[[], list[Card]]] = _Kept("table", "hand_cards")
    try_move: _Kept[Callable[[Move | Card], bool]] = _Kept("table")
    replan: _Kept[Callable[[str], None]] = _Kept("table")
    stop_pondering: _Kept[Callable[[], None]] = _Kept("table.bots")

    def __init__(
        self,
        session: Session,
        *,
        save_path: Path | None = None,
        speed: str = "normal",
        new_game: Callable[[Session], Session] | None = None,
        notice: str = "",
        saves: Saves | None = None,
        offer: Sequence[KeptGame] = (),
        speed_given: bool = False,
        helper: Helper | None = None,
        problems: Sequence[str] = (),
    ) -> None:
        # NO_COLOR: Textual's own filter removes every colour only with ANSI colours on (without,
        # it sends greys).
        super().__init__(ansi_color=True if "NO_COLOR" in os.environ else None)
        self.table = Table(self, session, helper)
        """The model: the game on the table, the bots' turns, the person's choice in the making
        (``helper``, the process that samples beside the experts, is its: whoever made it
        closes it)."""
        self.save_path = save_path
        """Where the game is saved (None: nowhere, or not chosen yet)."""
        self.saves = saves
        """The folder of saves: a new game after this one, or a game continued, is opened
        there (and locked)."""
        self.offer = list(offer)
        """Unfinished games to offer at the start (with ``saves``)."""
        self.started = not self.offer
        """Whether the game is chosen (False while the choice of a kept game is up)."""
        self.speed = speed
        self.speed_given = speed_given
        """Whether ``speed`` was asked for now: a game continued from the offer then plays at
        it, else at its own."""
        self.new_game = new_game
        self._terminal: int | None = None
        """The terminal's file descriptor, watched for a hangup (None: not a terminal)."""
        self.over_shown = False
        """Whether the game-over page has been shown (its record then kept)."""
        self.last_message = ""
        self.keyboard = Keyboard(self)
        """The keys and clicks at the table, read against what the screen showed."""
        self.notice = notice
        """A line to show when the app starts (e.g. where an unfinished game was kept)."""
        self.problems = list(problems)
        """The saved games that could not be read, said on a page at the start."""

    # ------------------------------------------------------------------ the model, as before

    @property
    def session(self) -> Session:
        """The game played (with unfinished games offered: the new one, until chosen)."""
        return self.table.session

    @session.setter
    def session(self, session: Session) -> None:
        self.table.session = session

    @property
    def view(self) -> SeatView:
        """The person's view: all this app shows."""
        return self.table.view

    # ------------------------------------------------------------------ the model's threads

    def in_thread(self, work: Callable[[], None], group: str) -> None:
        """Run ``work`` in a worker thread of ``group`` (the bots', the pondering)."""
        self.run_worker(work, thread=True, group=group, exit_on_error=True)

    def from_thread(self, step: Callable[..., None], *args: object) -> None:
        """From a worker thread: run ``step(*args)`` in the app's thread."""
        self.call_from_thread(step, *args)

    def after(self, delay: float, step: Callable[[], None]) -> None:
        """Run ``step`` in ``delay`` seconds."""
        self.set_timer(delay, step)

    def soon(self, step: Callable[[], None]) -> None:
        """Run ``step`` once the events waiting now are handled."""
        self.call_later(step)

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        left, top, right = positions(self.session.players)
        yield Static(id="title")
        with Horizontal(id="table"):
            with Vertical(id="felt"):
                with Horizontal(id="top"):
                    for seat in top:
                        yield SeatBox(id=f"seat-{seat}")
                with Horizontal(id="middle"):
                    with Vertical(classes="side"):
                        for seat in left:
                            yield SeatBox(id=f"seat-{seat}")
                    yield Static(id="trick")
                    with Vertical(classes="side"):
                        for seat in right:
                            yield SeatBox(id=f"seat-{seat}")
            yield Static(id="sheet")
        yield HandView(id="hand")
        yield Static(id="prompt")
        yield Static(id="message")
        yield Static(id="keys")
        yield Static(id="small")

    def on_mount(self) -> None:
        self.keyboard.table_back()
        self._set_up_table()
        self._terminal = _terminal_fd()
        if self._terminal is not None:
            self.set_interval(2.0, self._watch_terminal)
        if self.notice:
            self.say(self.notice)
        new = f"{self.session.variant}, {bot_list(self.session.bot_names)}"
        if not self.started and self.saves is not None:
            self.push_screen(ChoiceScreen(self.offer, new, self.begin))
        else:
            self.started = True
            self.save()
            self.advance()
        if self.problems:  # (over the table, or over the choice of the games kept)
            page = unreadable_page(self.problems, new, self.started, self.exit)
            self.push_screen(page, self._page_closed if self.started else None)

    def _set_up_table(self) -> None:
        self.query_one("#top").display = bool(positions(self.session.players)[1])
        self.query_one("#keys", Static).update(key_line(self))
        self._fit_terminal()

    async def begin(self, game: KeptGame | None) -> str:
        """The choice at the start: continue ``game`` (None: the new game). Returns why it
        cannot be (open in another process, unreadable: the page stays and nothing changes),
        or "" once the game is on."""
        assert self.saves is not None
        if game is None:
            try:
                session, path = self.session, self.saves.create()
            except OSError as error:
                return f"Cannot keep a new game in {self.saves.root}: {error.strerror}."
        else:
            try:
                session, path = self.saves.open(game)
            except (GameOpenElsewhere, InvalidArgument) as error:
                return sentence(error)
            except (InvalidRecord, OSError) as error:
                reason = error.strerror if isinstance(error, OSError) else str(error)
                return f"The saved game {game.path} cannot be read ({reason}); it is left as it is."
        layout = session.players != self.session.players
        speed = self.speed
        self.session, self.save_path, self.started = session, path, True
        if self.speed_given:
            self.speed = speed
        self.table.shown = self.table.finished_hands()
        self.over_shown = False
        if session.no_color and not self.no_color:  # the game was started without colour
            self.no_color = True
            self.ansi_color = True  # Textual's NoColor filter: no colour at all, not greys
            self._filters.append(NoColor())
        self.pop_screen()
        self.keyboard.table_back()
        if layout:
            await self.recompose()
        self._set_up_table()
        self.say(f"Continuing your game ({game.id})." if game is not None else "")
        self.save()
        self.advance()
        return ""

    async def action_quit(self) -> None:
        """Ctrl+Q: save the game as it stands (the speed with it) and close; the terminal then
        says where it is kept and how to go on with it."""
        self.stop_pondering()
        if self.started:
            self.save()
        self.exit()

    def _watch_terminal(self) -> None:
        """A terminal that has gone (its window closed with no hangup signal sent, as when
        the game was started without a controlling terminal): save the game and stop, rather
        than run on with no one to see it."""
        if self._terminal is None:
            return
        poll = select.poll()
        poll.register(self._terminal, select.POLLHUP)  # (once gone, it is no tty any more)
        if any(events & (select.POLLHUP | select.POLLERR) for _, events in poll.poll(0)):
            self.stop_pondering()
            if self.started:
                self.save()
            self.exit(return_code=1)

    def on_unmount(self) -> None:
        self.stop_pondering()  # (however the app ends: its thread then stops at its next step)

    def on_resize(self, event: events.Resize) -> None:
        self._fit_terminal(event.size)  # self.size is set after this handler

    @property
    def too_small(self) -> bool:
        """Whether the terminal is smaller than :data:`MIN_SIZE` (the table is not drawn)."""
        return self.query_one("#small").display

    def _fit_terminal(self, size: Size | None = None) -> None:
        """Below :data:`MIN_SIZE`, say so instead of drawing a clipped table; draw it again
        once the terminal is big enough."""
        width, height = size or self.size
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        if small != self.too_small:
            self.keyboard.table_back()  # the table goes, or comes back
        for part in ("#title", "#table", "#hand", "#prompt", "#message", "#keys"):
            self.query_one(part).display = not small
        notice = self.query_one("#small", Static)
        notice.display = small
        if small:
            notice.update(drawing.too_small(width, height))

    # ------------------------------------------------------------------ state

    @property
    def waiting_for_you(self) -> bool:
        """Whether the game waits for the person's move (with nothing else pending)."""
        return (
            not self.busy
            and len(self.screen_stack) == 1
            and self.session.my_turn
            and not self.table.bots.auto_play_due()
            and self.up_to_date
        )

    @property
    def up_to_date(self) -> bool:
        """Whether the screen shows the game as it stands: the page over the table, or the
        table in its position with the hint's card, all drawn (a key pressed now acts on what
        the screen shows; one pressed before acts on what it showed then: :meth:`on_key`)."""
        if len(self.screen_stack) > 1:
            return bool(getattr(self.screen, "shown", True))
        return self.keyboard.shown

    # ------------------------------------------------------------------ flow

    def advance(self) -> None:
        """After every change: redraw, show a finished hand, then let the next seat move."""
        self.refresh_table()
        if len(self.screen_stack) > 1 or self.busy:
            return
        finished = self.table.finished_hands()
        if finished > self.table.shown:
            self.table.shown = finished
            self.show_summary(finished - 1)
            return
        if self.session.is_over:
            self.show_game_over()
            return
        self.table.bots.next()

    def save(self) -> None:
        """Write the game where ``--resume`` finds it (if this app saves)."""
        if self.save_path is None:
            return
        try:
            self.session.save(self.save_path)
        except OSError as error:
            self.say(f"Could not save the game to {self.save_path}: {error.strerror}", error=True)

    # ------------------------------------------------------------------ drawing

    def say(self, text: str, *, error: bool = False) -> None:
        """A line at the bottom: what happened, or why a move was refused."""
        self.last_message = text
        self.query_one("#message", Static).update(
            Text(text, style="bold red" if error else "italic")
        )

    def refresh_table(self) -> None:
        """Redraw everything from the person's view (:mod:`hearts.tui.drawing`)."""
        table = self.table
        view = self.view
        session = self.session
        position = self._position()
        self.keyboard.moved(position)
        table.laws.tell(table)
        self.query_one("#keys", Static).update(key_line(self))  # (the keys that work now)
        self.query_one("#title", Static).update(drawing.title(view, session.variant, table.speed))
        in_trick = dict(view.trick)
        for seat in range(1, session.players):
            box = self.query_one(f"#seat-{seat}", SeatBox)
            narrow = 0 < box.content_size.width < 16
            played = in_trick.get(seat)
            box.update(drawing.seat_text(session, seat, played, narrow=narrow, busy=self.busy))
            box.set_class(view.to_act == seat and view.phase is not Phase.PASS, "to-act")
            box.border_subtitle = badge(view, seat)
        trick = drawing.trick_text(view, session.seat_name, table.hint_text)
        self.query_one("#trick", Static).update(trick)
        self.query_one("#sheet", Static).update(
            drawing.score_sheet(session.game, session.seat_name)
        )
        cards = table.keep_choice()
        hand = self.query_one("#hand", HandView)
        cursor = table.cursor_index if cards else None
        hand.show(cards, cursor, table.marked, drawing.received(view), drawing.playable(view))
        hand.border_title = drawing.hand_title(view)
        hand.set_class(view.my_turn, "my-turn")
        hand.border_subtitle = badge(view, ME)
        self.query_one("#prompt", Static).update(self._prompt())

    def _prompt(self) -> Text:
        """The line under the hand (:func:`hearts.tui.drawing.prompt`)."""
        return drawing.prompt(
            self.table, no_color=self.no_color, new_game=self.new_game is not None
        )

    # ------------------------------------------------------------------ screens

    def show_summary(self, index: int) -> None:
        """The summary of a finished hand, over the table."""
        names = [self.session.seat_name(s) for s in range(self.session.players)]
        summary = words.hand_summary(self.session.game, index, names)
        self.say("")
        bots = self.table.bots
        lines = [
            *summary.lines,
            *judgements(self.session.game.hands[index], self.session.seat_name),
        ]
        lines += [bots.played_for_you] if bots.played_for_you else []
        bots.played_for_you = ""
        sheet = drawing.summary_sheet(summary, lines)
        last = self.session.is_over and index == len(self.session.game.hands) - 1
        close = "Enter: the end of the game (who won)" if last else "Enter: on to the next hand"
        self.push_screen(TextScreen(sheet, close, name="summary"), self._page_closed)

    def show_game_over(self) -> None:
        """The winner and the totals hand by hand (Enter at the table shows it again;
        :func:`hearts.tui.gameover.show_game_over`)."""
        show_game_over(self)

    def start_new_game(self) -> None:
        """``n`` at the end: a new game (``new_game``), in a file of its own."""
        assert self.new_game is not None
        self.session = self.new_game(self.session)
        if self.saves is not None:  # a file of its own: the finished game's save stays
            self.saves.release(self.save_path)
            self.save_path = self.saves.create()
        self.over_shown = False
        table = self.table
        table.bots.replan()
        table.shown = table.finished_hands()
        table.clear_choice()
        table.hint_text = None
        table.cursor_checked = None
        table.bots.played_for_you = ""
        self.say("")  # nothing said about the last game stays on the new one's table
        self.save()
        self.advance()

    def show_rules(self) -> None:
        """The ``?`` page: the keys, then this game's rules in plain words (it scrolls)."""
        lines = rules_page(self.session.variant, self.session.game.rules)
        self.push_screen(TextScreen(Text("\n".join(lines))), self._page_closed)

    def _page_closed(self, _: None = None) -> None:
        """A page over the table has closed: the table is back, and the game goes on."""
        self.back_to_table()
        self.advance()

    def back_to_table(self, _: None = None) -> None:
        """A page over the table has closed: the table is back (the keys pressed before it is
        on the screen were meant for the page, and do nothing here)."""
        self.keyboard.table_back()
        self.refresh_table()

    # ------------------------------------------------------------------ input

    def _display(self, screen: Screen[object], renderable: RenderableType | None) -> None:
        """Textual writes a frame of ``screen`` to the terminal: what changed before it is on
        the screen (:class:`Sight`). (Textual's own method, extended: the moment a frame is
        written is known nowhere else.)"""
        super()._display(screen, renderable)
        if renderable is None:
            return
        sight = getattr(screen, "sight", None)
        if isinstance(sight, Sight):  # a page
            sight.drawn()
        stack = self.screen_stack
        if stack and screen is stack[0]:  # the table
            self.keyboard.drawn()

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.MouseDown) and not event.is_forwarded:
            # As the terminal reported it: the moment of a click (the events Textual makes
            # from it, the click included, are stamped when they are made).
            self.keyboard.mouse_down = (event.screen_offset, event.time)
        await super().on_event(event)

    def on_hand_view_picked(self, message: HandView.Picked) -> None:
        """A card of the hand clicked (:meth:`Keyboard.clicked`)."""
        self.keyboard.clicked(message)

    def on_key(self, event: events.Key) -> None:
        """A key at the table, acting on what the screen showed when it was pressed
        (:meth:`Keyboard.key`)."""
        self.keyboard.key(event)

    def ask_hint(self) -> None:
        """The expert's move for the person, worked out in a thread."""
        if not self.session.my_turn:
            self.say("A hint is for your turn.", error=True)
            return
        self.say("The expert is thinking…")
        self.stop_pondering()  # (the hint has the machine to itself; pondering starts again)
        position = self._position()
        view = self.view  # made here: the game may move on while the expert thinks
        session = self.session
        asked = (self.table.cursor_card, frozenset(self.table.marked))

        def think() -> None:
            advice = session.hint(view)
            said = advice.text or advice.reason  # (the hint in plain words, hearts.words)
            self.call_from_thread(self._hinted, advice.move, said, position, asked)

        self.run_worker(think, thread=True, group="hint", exit_on_error=True)

    def _hinted(
        self,
        move: Move,
        reason: str,
        position: tuple[int, int, int],
        asked: tuple[Card | None, frozenset[int]] | None = None,
    ) -> None:
        """The hint has come: it is shown by the trick, and its card put under the cursor (its
        cards marked) unless the person has moved the cursor or the marks since asking (``asked``:
        them then; None: put it there anyway). A key pressed before that reaches the screen acts
        on the cursor as it was (:meth:`Keyboard.key`)."""
        if position != self._position() or not self.session.my_turn:
            return  # asked about a position that has passed
        table = self.table
        table.bots.ponder()
        cards = table.hand_cards()
        if asked is None or asked == (table.cursor_card, frozenset(table.marked)):
            before = (table.cursor_card, table.cursor_index, set(table.marked))
            if isinstance(move, Card) and move in cards:
                table.cursor_index = cards.index(move)
                table.cursor_card = move
            elif isinstance(move, Pass | Discard):
                table.marked = {cards.index(card) for card in move.cards if card in cards}
            if (table.cursor_card, table.cursor_index, table.marked) != before:
                self.keyboard.hinted(before)
        table.hint_text = drawing.move_name(move)
        self.say(f"Hint: {reason}")
        self.refresh_table()


def _terminal_fd() -> int | None:
    """The file descriptor of the terminal the game is drawn on (None: none, or no poll)."""
    stream = sys.__stdout__
    if stream is None or not hasattr(select, "poll"):
        return None
    try:
        fd = stream.fileno()
    except (OSError, ValueError):
        return None
    return fd if os.isatty(fd) else None
