"""The keys and clicks at the terminal table, each acting on what the screen showed when it was
pressed (its event's time), never on a later state, however late it is handled (a double tap,
key repeat, a busy or slow terminal).

Each change that alters what a key would do (a page over the table, the table back, a card
fallen, the hint's card under the cursor) is stamped when the first frame after it is written to
the terminal (:class:`~hearts.tui.screens.Sight`); :class:`Keyboard` holds those moments for the
table and reads each key against them: a key pressed while a page was over the table does
nothing at the table; a key that acts on the game pressed before the position now on the table
was drawn does nothing and says so; a key pressed before the hint's card was drawn acts on the
cursor as it was. Then the key goes to the model (:class:`~hearts.tui.table.Table`: the cursor,
the marks, a move) or opens a page (the rules, the last trick, the end of the game).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import events
from textual.geometry import Offset

from hearts.cards import Card
from hearts.deal import Phase
from hearts.moves import MoonChoice
from hearts.tui.keys import SUIT_KEYS, next_speed
from hearts.tui.lasttrick import show_last_trick
from hearts.tui.screens import Sight
from hearts.tui.widgets import HandView

if TYPE_CHECKING:
    from hearts.tui.app import HeartsApp

__all__ = ["Keyboard"]


class Keyboard:
    """The keys and clicks at the table of ``app``, read against what its screen showed."""

    def __init__(self, app: HeartsApp) -> None:
        self.app = app
        self.table_sight = Sight()
        """When the table came back on the screen (after a page over it, or a terminal too
        small for it): a key pressed before it was meant for what was there instead, and does
        nothing at the table."""
        self.drawn_position: tuple[int, ...] | None = None
        """The position the table was last drawn in (:meth:`~hearts.tui.table.Table.position`)."""
        self.moved_sight = Sight()
        """When the position now on the table reached the screen: a key that acts on the game
        (:meth:`_acts`) pressed before it was pressed on an earlier table, and does nothing."""
        self.hint_sight = Sight()
        """When the hint's card, put under the cursor, reached the screen."""
        self.mouse_down: tuple[Offset, float] | None = None
        """Where and when the mouse button last went down (the moment of a click)."""
        self.before_hint: tuple[Card | None, int, set[int]] | None = None
        """The cursor and marks as they were before the hint moved them (None: the hint has
        been seen, or moved nothing): a key pressed before the hint's card was on the screen
        acts on these."""

    # ------------------------------------------------------------------ what the screen showed

    def drawn(self) -> None:
        """A frame of the table has been written to the terminal."""
        for sight in (self.table_sight, self.moved_sight, self.hint_sight):
            sight.drawn()

    def table_back(self) -> None:
        """The table comes back on the screen (or goes): keys pressed before it are not its."""
        self.table_sight.changed(self.app)

    def moved(self, position: tuple[int, ...]) -> None:
        """The table is drawn in ``position``: if it moved (a card fell, a hand began, an
        undo...), a key that acts on the game must be pressed once it is on the screen."""
        if position != self.drawn_position:
            self.drawn_position = position
            self.moved_sight.changed(self.app)
            self.before_hint = None

    def hinted(self, before: tuple[Card | None, int, set[int]]) -> None:
        """The hint moved the cursor or the marks from ``before``."""
        self.before_hint = before
        self.hint_sight.changed(self.app)

    @property
    def shown(self) -> bool:
        """Whether the table on the screen shows the game as it stands: back, in its position,
        with the hint's card."""
        return (
            self.table_sight.shown
            and self.moved_sight.shown
            and self.drawn_position == self.app.table.position()
            and (self.before_hint is None or self.hint_sight.shown)
        )

    # ------------------------------------------------------------------ keys and clicks

    def clicked(self, message: HandView.Picked) -> None:
        """A card of the hand clicked: the cursor goes to it, and it is marked (in a pass) or
        played, if the table was on the screen when the button went down."""
        app = self.app
        down = self.mouse_down
        pressed = down[1] if down is not None and down[0] == message.at else message.time
        if len(app.screen_stack) > 1 or app.too_small or not self.table_sight.saw(pressed):
            return
        self._hint_seen(pressed)
        if not self._seen_moved(pressed):
            app.say("The table changed as you clicked, so the click did nothing.", error=True)
            return
        table = app.table
        cards = table.hand_cards()
        if message.card in cards:
            table.cursor_index = cards.index(message.card)
            table.cursor_card = message.card
        if app.view.phase in (Phase.PASS, Phase.DISCARD):
            table.toggle_mark()
        else:
            table.play_cursor()

    def key(self, event: events.Key) -> None:
        """A key at the table, acting on what the screen showed when it was pressed (its
        event's time): a key pressed while a page was over the table (or the table too small to
        be drawn) does nothing; one that acts on the game (:meth:`_acts`) pressed before the
        position now on the table was drawn does nothing and says so; any key pressed before the
        hint's card was drawn acts on the cursor as it was before (:meth:`_hint_seen`)."""
        app = self.app
        if len(app.screen_stack) > 1:
            return
        key, char = event.key, (event.character or "").lower()
        event.stop()
        if app.too_small or not self.table_sight.saw(event.time):
            # The table is not shown, or was not when the key was pressed (it was meant for a
            # page over the table, or the notice of a terminal too small): no move is made blind.
            return
        if app.table.bots.end_pause():
            return
        self._hint_seen(event.time)
        if self._acts(key, char) and not self._seen_moved(event.time):
            name = "Enter" if key == "enter" else f"'{char}'"
            app.say(f"The table changed as you pressed {name}, so it did nothing.", error=True)
            return
        view, table = app.view, app.table
        if app.session.is_over and char != "?":
            if key == "enter":
                app.show_game_over()
            elif char == "n" and app.new_game is not None:
                app.start_new_game()
            elif char == "q":
                app.exit()
            else:
                app.say(app._prompt().plain)
            return
        if not table.pending_rank and table.laws.key(table, key, char):
            pass
        elif key in ("left", "right", "home", "end"):
            table.move_cursor(key)
        elif key == "enter":
            table.enter(lambda: app._prompt().plain)
        elif key == "space":
            table.toggle_mark()
        elif key == "escape":
            table.pending_rank = table.bid_text = ""
            app.say("")
        elif char == "?":
            app.show_rules()
        elif view.my_turn and view.phase is Phase.BID and (char.isdigit() or char == "p"):
            table.type_bid(char)
        elif char == "!":
            app.ask_hint()
        elif view.my_turn and view.phase is Phase.NAME and char in SUIT_KEYS:
            table.naming = SUIT_KEYS[char]
        elif view.my_turn and view.phase is Phase.MOON and char in ("o", "n"):
            table.try_move(MoonChoice.OLD if char == "o" else MoonChoice.NEW)
        elif table.card_key(char):
            table.type_card(char)
        elif char == "h":
            app.ask_hint()
        elif char == "u":
            table.undo()
        elif char == "l":
            show_last_trick(app)
        elif char == "s":
            app.speed = next_speed(app.speed)
            app.say(f"The bots play {app.speed}.")
        elif char and char.isprintable():
            app.say(f"'{char}' does nothing here: press ? for the rules and the keys", error=True)
            return
        else:
            return
        app.refresh_table()

    def _acts(self, key: str, char: str) -> bool:
        """Whether a key at the table acts on the game (makes a move, or Enter: it plays, marks
        or passes; at the end, shows the result, starts a new game or quits) rather than on the
        cursor, the marks, what is typed or shown. Such a key pressed before the position now on
        the table was on the screen does nothing: it was meant for an earlier table."""
        app = self.app
        if app.session.is_over:
            return key == "enter" or char in ("n", "q")
        phase = app.view.phase
        return (
            key == "enter"
            or (phase is Phase.BID and char == "p")
            or (phase is Phase.MOON and char in ("o", "n"))
            or app.table.laws.acts(app.view, key, char)
        )

    def _seen_moved(self, pressed: float) -> bool:
        """Whether a key pressed at ``pressed`` was pressed with the position now on the table
        (every card played so far) already on the screen."""
        return self.drawn_position == self.app.table.position() and self.moved_sight.saw(pressed)

    def _hint_seen(self, pressed: float) -> None:
        """A key pressed before the hint's card was on the screen acts on the cursor and marks
        as they were then (the hint itself stays in view); once a key pressed after it comes,
        the hint's cursor is the person's."""
        if self.before_hint is None:
            return
        if not self.hint_sight.saw(pressed):
            card, index, marked = self.before_hint
            table = self.app.table
            table.cursor_card, table.cursor_index, table.marked = card, index, set(marked)
        self.before_hint = None
