"""The terminal game: :class:`HeartsApp`, a Textual app over a :class:`~hearts.tui.session.Session`.

The person sits at the bottom with the hand in suit order; the other seats sit around the table
(the first on the left, the last on the right, the others along the top), each showing its
cards in hand, its points this hand and the card it played to the trick. The score sheet is on
the right; the line under the hand says what to do, or why a move was refused.

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
"""

from __future__ import annotations

import collections
import dataclasses
import itertools
import os
import select
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import ClassVar, Final

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.filter import NoColor
from textual.geometry import Offset, Size
from textual.screen import Screen
from textual.widgets import Static

from hearts import bots as bot_registry
from hearts.bots.helper import Helper
from hearts.cards import Card, Suit
from hearts.deal import Deal, PassChoices, Phase
from hearts.errors import IllegalMove, InvalidArgument, InvalidRecord
from hearts.events import CardPlayed
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
from hearts.observation import SeatView
from hearts.rules import PassDirection
from hearts.tui import words
from hearts.tui.gameover import over_text, show_review
from hearts.tui.keys import SPEEDS, TRICK_PAUSES, key_line, next_speed, rules_page
from hearts.tui.lasttrick import show_last_trick
from hearts.tui.laws import LawsDesk, badge, judgements
from hearts.tui.saves import GameOpenElsewhere, KeptGame, Saves, bot_list
from hearts.tui.screens import ChoiceScreen, Sight, TextScreen, unreadable_page
from hearts.tui.session import ME, Session
from hearts.tui.widgets import HandView, SeatBox, card_text
from hearts.words import refusal

__all__ = [
    "MIN_SIZE",
    "SPEEDS",
    "TRICK_PAUSES",
    "ChoiceScreen",
    "HeartsApp",
    "card_keys",
    "move_keys",
    "positions",
]

MIN_SIZE: Final = (80, 24)
"""The smallest terminal (columns, lines) the table is drawn in; below it the app says so."""

_RANK_KEYS: Final = {
    "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7", "8": "8", "9": "9",
    "t": "T", "j": "J", "q": "Q", "k": "K", "a": "A",
}  # fmt: skip
_SUIT_KEYS: Final = {"c": Suit.CLUBS, "d": Suit.DIAMONDS, "s": Suit.SPADES, "h": Suit.HEARTS}


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


def positions(players: int) -> tuple[list[int], list[int], list[int]]:
    """Where the other seats sit on screen: (left, top, right), in the order of play (seat 1
    is on the person's left).

    >>> positions(4), positions(2), positions(6)
    (([1], [2], [3]), ([], [1], []), ([1], [2, 3, 4], [5]))
    """
    others = list(range(1, players))
    if len(others) == 1:
        return [], others, []
    if len(others) == 2:
        return [others[0]], [], [others[1]]
    return [others[0]], others[1:-1], [others[-1]]


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
        self.helper = helper
        """The process that samples beside the experts (:func:`~hearts.tui.session.table_helper`;
        None: they sample alone). Whoever made it closes it."""
        self._session = session
        self.session = session
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
        self.cursor_card: Card | None = None
        self.cursor_index = 0
        self.marked: set[int] = set()
        self.pending_rank = ""
        self.bid_text = ""
        self.naming: Suit | None = None
        """Auction Hearts: the suit typed, named on Enter."""
        self.generation = 0
        """Bumped by an undo or a new game: a bot's answer from before is dropped."""
        self.busy = False
        """A bot (or the auto-play) is about to move."""
        self._bot_lock = threading.Lock()
        self._chosen: collections.deque[tuple[int, Move, int]] = collections.deque()
        """The bots' moves chosen, still to fall onto the table: (seat, move, generation)."""
        self._working: int | None = None
        """The generation whose bots are choosing in the worker thread (None: none)."""
        self._due = 0.0
        """When the next bot card may fall (``time.monotonic``)."""
        self._timer: int | None = None
        """The generation whose next card waits for a timer (None: no timer set)."""
        self._pause_of: tuple[int, float] | None = None
        """The trick-end pause under way: (generation, when it ends); any key ends it."""
        self._hurry: int | None = None
        """The generation in which a key ended the pause: the next card falls once chosen."""
        self._terminal: int | None = None
        """The terminal's file descriptor, watched for a hangup (None: not a terminal)."""
        self._ponder_lock = threading.Lock()
        self._pondering: _Ponder | None = None
        """The bots' answers worked out while the person thinks (None: none under way)."""
        self._over_shown = False
        self.shown = self._finished_hands()
        """Hands whose summary has been shown."""
        self.last_message = ""
        self.hint_text: str | None = None
        """The hinted move, shown by the trick (its reason is in the message line)."""
        self._cursor_checked: tuple[int, ...] | None = None
        """The position at which the cursor was last put on a card that may be played."""
        self._played_for_you = ""
        """What was played for the person this hand (told again in its summary)."""
        self._table_sight = Sight()
        """When the table came back on the screen (after a page over it, or a terminal too
        small for it): a key pressed before it was meant for what was there instead, and does
        nothing at the table."""
        self._drawn_position: tuple[int, ...] | None = None
        """The position the table was last drawn in (:meth:`_position`)."""
        self._moved_sight = Sight()
        """When the position now on the table reached the screen: a key that acts on the game
        (:meth:`_acts`) pressed before it was pressed on an earlier table, and does nothing."""
        self._hint_sight = Sight()
        """When the hint's card, put under the cursor, reached the screen."""
        self._mouse_down: tuple[Offset, float] | None = None
        """Where and when the mouse button last went down (the moment of a click)."""
        self._before_hint: tuple[Card | None, int, set[int]] | None = None
        """The cursor and marks as they were before the hint moved them (None: the hint has
        been seen, or moved nothing): a key pressed before the hint's card was on the screen
        acts on these."""
        self.notice = notice
        """A line to show when the app starts (e.g. where an unfinished game was kept)."""
        self.problems = list(problems)
        """The saved games that could not be read, said on a page at the start."""
        self.laws = LawsDesk()
        """The laws' moves by keys (a game played by the laws: :mod:`hearts.tui.laws`)."""

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
        self._table_sight.changed(self)
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

    @property
    def session(self) -> Session:
        """The game played (with unfinished games offered: the new one, until chosen)."""
        return self._session

    @session.setter
    def session(self, session: Session) -> None:
        session.use_helper(self.helper)
        self._session = session

    @property
    def speed(self) -> str:
        """How fast the bots play (a name of :data:`SPEEDS`); kept with the game's save."""
        return self.session.speed if self.session.speed in SPEEDS else "normal"

    @speed.setter
    def speed(self, value: str) -> None:
        self.session.speed = value if value in SPEEDS else "normal"

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
                return _sentence(error)
            except (InvalidRecord, OSError) as error:
                reason = error.strerror if isinstance(error, OSError) else str(error)
                return f"The saved game {game.path} cannot be read ({reason}); it is left as it is."
        layout = session.players != self.session.players
        speed = self.speed
        self.session, self.save_path, self.started = session, path, True
        if self.speed_given:
            self.speed = speed
        self.shown = self._finished_hands()
        self._over_shown = False
        if session.no_color and not self.no_color:  # the game was started without colour
            self.no_color = True
            self.ansi_color = True  # Textual's NoColor filter: no colour at all, not greys
            self._filters.append(NoColor())
        self.pop_screen()
        self._table_sight.changed(self)
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
            self._table_sight.changed(self)  # the table goes, or comes back
        for part in ("#title", "#table", "#hand", "#prompt", "#message", "#keys"):
            self.query_one(part).display = not small
        notice = self.query_one("#small", Static)
        notice.display = small
        if small:
            notice.update(
                Text(
                    f"The terminal is {width}×{height}, too small: the table needs at least "
                    f"{MIN_SIZE[0]}×{MIN_SIZE[1]}.\n\nMake the window bigger and the game "
                    "comes back as it was (Ctrl+Q saves it and quits).",
                    style="bold",
                )
            )

    # ------------------------------------------------------------------ state

    @property
    def view(self) -> SeatView:
        """The person's view: all this app shows."""
        return self.session.view

    @property
    def waiting_for_you(self) -> bool:
        """Whether the game waits for the person's move (with nothing else pending)."""
        return (
            not self.busy
            and len(self.screen_stack) == 1
            and self.session.my_turn
            and not self._auto_play_due()
            and self.up_to_date
        )

    @property
    def up_to_date(self) -> bool:
        """Whether the screen shows the game as it stands: the page over the table, or the
        table in its position with the hint's card, all drawn (a key pressed now acts on what
        the screen shows; one pressed before acts on what it showed then: :meth:`on_key`)."""
        if len(self.screen_stack) > 1:
            return bool(getattr(self.screen, "shown", True))
        return (
            self._table_sight.shown
            and self._moved_sight.shown
            and self._drawn_position == self._position()
            and (self._before_hint is None or self._hint_sight.shown)
        )

    def _finished_hands(self) -> int:
        game = self.session.game
        return len(game.hands) - (0 if game.is_over else 1)

    def _hand_cards(self) -> list[Card]:
        """The person's cards in suit order (a second pack's copy beside the first's)."""
        return sorted(self.view.hand, key=words.card_order)

    def _choice_count(self) -> int:
        moves = self.view.legal_moves
        return moves.per_choice if isinstance(moves, PassChoices) else 0

    def _auto_play_due(self) -> bool:
        """The person's card is played for them: the tricks left change nothing, or it is the
        last card in hand (a forced single card earlier is left to the person, who may want to
        look at the trick before it goes)."""
        view = self.view
        if not view.my_turn or view.phase is not Phase.PLAY or not view.hand:
            return False
        return view.outcome_fixed or (len(view.hand) == 1 and len(view.legal_moves) == 1)

    # ------------------------------------------------------------------ flow

    def advance(self) -> None:
        """After every change: redraw, show a finished hand, then let the next seat move."""
        self.refresh_table()
        if len(self.screen_stack) > 1 or self.busy:
            return
        finished = self._finished_hands()
        if finished > self.shown:
            self.shown = finished
            self.show_summary(finished - 1)
            return
        if self.session.is_over:
            self.show_game_over()
            return
        seats = self.session.bots_to_move()
        if seats and self.view.phase is Phase.PASS:
            # The bots choose their passes at once, face down; the person's is seen by nobody.
            self._start_bots(seats[0], 0.0)
            return
        if self.session.my_turn:
            if self._auto_play_due():
                self._schedule(self._auto_play, self._delay())
            else:
                self._ponder()
            return
        if seats:
            self._start_bots(seats[0], *self._pause_after(self.view))

    def _delay(self) -> float:
        return SPEEDS[self.speed]

    def _pause_after(self, view: SeatView) -> tuple[float, bool]:
        """Seconds before a bot's card may fall, and whether it is the pause after a trick
        (longer: the bot leads to a trick just taken)."""
        if view.phase is Phase.PLAY and not view.trick and view.tricks:
            return TRICK_PAUSES[self.speed], True
        return self._delay(), False

    def _schedule(self, step: Callable[[], None], delay: float) -> None:
        self.busy = True
        generation = self.generation

        def run() -> None:
            if generation == self.generation:
                step()

        if delay <= 0:
            self.call_later(run)
        else:
            self.set_timer(delay, run)

    # The bots' cards: a worker thread chooses them one after another, each bot from its own
    # view of the position its card will be played in (the cards chosen before it played on a
    # copy of the deal), until it is the person's turn; here they fall onto the table one at a
    # time, each at least a pause after the card before it. So a bot thinks while the card
    # before it is still waiting to fall, and no bot ever sees more than its own view.

    def _start_bots(self, seat: int, pause: float, trick_end: bool = False) -> None:
        """Let the bots choose from ``seat`` on, in a worker thread; their cards fall here.
        The answers worked out while the person thought (:meth:`_ponder`) are used instead when
        the person's card was pondered: all of them, or those so far and the pondering thread
        goes on with that card."""
        self.busy = True
        generation = self.generation
        game = self.session.game
        deal = game.deal.copy()
        commitment = game.view(seat).commitment
        bots = self.session.bots
        self._set_due(pause, trick_end)
        chain, answered = self._pondered(deal)
        # Answered: every card is here. Adopted: the thread that pondered this card goes on
        # choosing the rest (and says when it is done). Answered with no card (the pondering
        # stops where the play does: a widow's discard, the moon): chosen below, as usual.
        if answered is False or (answered and chain):
            for move_seat, move in chain:
                self._chosen.append((move_seat, move, generation))
            self._working = None if answered else generation
            self._fall()
            return
        self._working = generation

        def choose() -> None:
            to_act: int | None = seat
            while to_act is not None and generation == self.generation:
                view = dataclasses.replace(deal.view(to_act), commitment=commitment)
                with self._bot_lock:  # a stale answer may still be running on the same bot
                    move = bots[to_act].choose(view)
                deal.play(move, to_act)
                self.call_from_thread(self._bot_chose, to_act, move, generation)
                to_act = deal.to_act
                if deal.is_over or deal.phase is not Phase.PLAY or to_act not in bots:
                    to_act = None
            self.call_from_thread(self._bots_done, generation)

        self.run_worker(choose, thread=True, group="bots", exit_on_error=True)

    # Pondering: while the person thinks over a card, a worker thread works out the bots'
    # answers to each card the person may play: the bots' cards up to the person's next turn,
    # each bot choosing from its own view of the position after that card, exactly as
    # _start_bots would have them choose once the card is played (a bot's search is seeded by
    # the position, so it is the same search, done sooner). The likeliest card first (the
    # basic player's choice), then the others in the order of the hand. When the person plays,
    # the answers to that card fall at once (their pauses kept) and the rest is dropped.

    def _ponder(self) -> None:
        """Start working out the bots' answers to the person's cards (once a position)."""
        view = self.view
        if view.phase is not Phase.PLAY or not self.started:
            return
        bots = self.session.bots
        game = self.session.game
        deal = game.deal.copy()
        key = (self.generation, deal.hand_number, deal.moves_made)
        with self._ponder_lock:
            if self._pondering is not None and self._pondering.key == key:
                return
        cards = [move for move in view.legal_moves if isinstance(move, Card)]
        if not cards or any(seat not in bots for seat in range(self.session.players) if seat != ME):
            return
        likely = _BASIC.choose(view)
        cards.sort(key=lambda card: card != likely)  # (stable: the others in hand order)
        commitment = view.commitment
        ponder = _Ponder(key)
        with self._ponder_lock:
            self._pondering = ponder

        def work() -> None:
            generation = key[0]
            for card in cards:
                trial = deal.copy()
                trial.play(card, ME)
                chain: list[tuple[int, Move]] = []
                with self._ponder_lock:
                    if self._pondering is not ponder or ponder.adopted is not None:
                        return
                    ponder.answers[card] = (chain, False)
                to_act = trial.to_act
                while not trial.is_over and trial.phase is Phase.PLAY and to_act in bots:
                    seat_view = dataclasses.replace(trial.view(to_act), commitment=commitment)
                    with self._bot_lock:
                        if self._pondering is not ponder:
                            return
                        move = bots[to_act].choose(seat_view)
                    trial.play(move, to_act)
                    with self._ponder_lock:
                        if self._pondering is not ponder:
                            return
                        chain.append((to_act, move))
                        adopted = ponder.adopted == card
                    if adopted:  # the person played this card: its answers fall as they come
                        self.call_from_thread(self._bot_chose, to_act, move, generation)
                    to_act = trial.to_act
                with self._ponder_lock:
                    if self._pondering is not ponder:
                        return
                    ponder.answers[card] = (chain, True)
                    adopted = ponder.adopted == card
                    if adopted:
                        self._pondering = None
                if adopted:  # (told outside the lock: the app's thread takes it to ponder on)
                    self.call_from_thread(self._bots_done, generation)
                    return

        self.run_worker(work, thread=True, group="ponder", exit_on_error=True)

    def stop_pondering(self) -> None:
        """Stop working out the bots' answers (the thread stops after the bot's current move)."""
        with self._ponder_lock:
            self._pondering = None

    def _pondered(self, deal: Deal) -> tuple[list[tuple[int, Move]], bool | None]:
        """The bots' answers worked out for the card the person just played in ``deal``, and
        whether they are all there (True), or the pondering thread, which is working on that
        card now, goes on with it (False: it is adopted); None when that card was not pondered
        (pondering then stops)."""
        with self._ponder_lock:
            ponder, self._pondering = self._pondering, None
            if ponder is None:
                return [], None
            generation, hand, moves = ponder.key
            last = next(
                (event for event in reversed(deal.events) if isinstance(event, CardPlayed)), None
            )
            if (
                generation != self.generation
                or hand != deal.hand_number
                or moves + 1 != deal.moves_made
                or last is None
                or last.seat != ME
                or last.card not in ponder.answers
            ):
                return [], None
            chain, complete = ponder.answers[last.card]
            if not complete:  # (only the card being pondered now is open)
                ponder.adopted = last.card
                self._pondering = ponder  # (its thread goes on with this card only)
            return list(chain), complete

    def _set_due(self, pause: float, trick_end: bool) -> None:
        """The next card falls ``pause`` seconds from now at the earliest; after a trick, any
        key ends that pause."""
        self._due = time.monotonic() + pause
        self._pause_of = (self.generation, self._due) if trick_end and pause > 0 else None
        self._hurry = None

    def _bot_chose(self, seat: int, move: Move, generation: int) -> None:
        if generation != self.generation:
            return
        self._chosen.append((seat, move, generation))
        self._fall()

    def _bots_done(self, generation: int) -> None:
        if generation != self.generation:
            return
        self._working = None
        if not self._chosen:
            self.busy = False
            self.advance()

    def _fall(self) -> None:
        """The next card chosen falls onto the table, once its pause is over."""
        while self._chosen and self._chosen[0][2] != self.generation:
            self._chosen.popleft()  # chosen before an undo or a new game
        if not self._chosen or self._timer == self.generation:
            return
        seat, move, generation = self._chosen[0]
        wait = self._due - time.monotonic()
        if wait > 0 and self._hurry != generation:
            self._timer = generation
            due = self._due

            def later() -> None:
                if self._timer == generation and self._due == due:
                    self._timer = None
                    self._fall()

            self.set_timer(wait, later)
            return
        self._timer = None
        self._chosen.popleft()
        self.session.game.play(move, seat=seat)
        self.save()
        self._set_due(*self._pause_after(self.view))
        if self._chosen:
            self.refresh_table()
            self._fall()
        elif self._working == generation:
            self.refresh_table()  # the next bot is still thinking
        else:
            self.busy = False
            self.advance()

    def _end_pause(self) -> bool:
        """A key during the pause after a trick: the next card falls as soon as it is chosen.
        Returns whether there was such a pause (the key then does nothing else)."""
        if (
            self._pause_of is None
            or self._pause_of[0] != self.generation
            or time.monotonic() >= self._pause_of[1]
            or not self.busy
        ):
            return False
        self._pause_of = None
        self._hurry = self.generation
        self._timer = None  # (its timer then finds another card due, or none, and does nothing)
        self._due = time.monotonic()
        self._fall()
        return True

    def _auto_play(self) -> None:
        """The tricks left cannot change the hand's result: play the person's card for them
        (as the basic bot would), without an undo point of its own."""
        self.busy = False
        if not self._auto_play_due():
            self.advance()
            return
        last = not self.view.outcome_fixed  # the only card left
        move = _BASIC.choose(dataclasses.replace(self.view, laws=None))  # (a card: no claim)
        self.session.play(move, checkpoint=False)
        if last and isinstance(move, Card):
            self._played_for_you = f"Your last card, the {move.symbol}, was played for you."
        else:
            self._played_for_you = "The last tricks changed nothing: they were played for you."
        self.say(self._played_for_you)
        self.save()
        self.advance()

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
        """Redraw everything from the person's view."""
        view = self.view
        session = self.session
        position = self._position()
        if position != self._drawn_position:  # (a card fell, a hand began, an undo...)
            self._drawn_position = position
            self._moved_sight.changed(self)
            self._before_hint = None
        self.laws.tell(self)
        self.query_one("#keys", Static).update(key_line(self))  # (the keys that work now)
        rules = view.rules
        hand_no = view.hand_number + 1
        direction = view.pass_direction
        title = f"Hearts · {self.session.variant} · hand {hand_no}"
        if rules.passes:
            title += " · hold" if direction is PassDirection.HOLD else f" · pass {direction.value}"
        if view.auction is not None and view.auction.named_suit is not None:
            title += f" · avoid {view.auction.named_suit.name.lower()}"
        title += f" · bots {self.speed}"
        self.query_one("#title", Static).update(Text(title, style="bold"))
        in_trick = dict(view.trick)
        for seat in range(1, session.players):
            box = self.query_one(f"#seat-{seat}", SeatBox)
            narrow = 0 < box.content_size.width < 16
            box.update(self._seat_text(seat, in_trick.get(seat), narrow))
            box.set_class(view.to_act == seat and view.phase is not Phase.PASS, "to-act")
            box.border_subtitle = badge(view, seat)
        self.query_one("#trick", Static).update(self._trick_text())
        self.query_one("#sheet", Static).update(self._sheet())
        cards = self._hand_cards()
        if view.phase not in (Phase.PASS, Phase.DISCARD) or not view.my_turn:
            self.marked.clear()
        self._fix_cursor(cards)
        playable: set[Card] | None = None
        if view.phase is Phase.PLAY and view.my_turn:
            playable = {move for move in view.legal_moves if isinstance(move, Card)}
        received = set(view.received or ()) if not view.tricks else set()
        if view.phase is Phase.DISCARD and view.my_turn:  # Heartsette: the widow just taken
            received |= set(view.hand) - set(view.dealt) - set(view.received or ())
        hand = self.query_one("#hand", HandView)
        hand.show(cards, self.cursor_index if cards else None, self.marked, received, playable)
        hand.border_title = (
            f"Your hand · {words.count(len(cards), 'card')} · "
            f"{words.count(view.penalties[ME], 'point')} this hand"
        )
        hand.set_class(view.my_turn, "my-turn")
        hand.border_subtitle = badge(view, ME)
        self.query_one("#prompt", Static).update(self._prompt())

    def _seat_text(self, seat: int, played: Card | None, narrow: bool = False) -> Text:
        view = self.view
        name = self.session.seat_name(seat)
        text = Text(name, style="bold")
        cards = view.hand_sizes[seat]
        if narrow:  # many seats along the top
            text.append(f"\n{cards}c {view.penalties[seat]}p")
        else:
            text.append(f" · {self.session.bot_names[seat - 1]}", style="dim")
            points = words.count(view.penalties[seat], "pt")
            text.append(f"\n{words.count(cards, 'card')} · {points}")
        text.append("\n")
        if played is not None:
            text.append("" if narrow else "plays ")
            text.append_text(card_text(played))
        elif view.phase is Phase.PASS and self.session.game.deal.passed(seat) is not None:
            text.append("has passed", style="dim")
        elif view.to_act == seat and view.phase is not Phase.PASS:
            text.append("thinking…" if self.busy else "to play", style="yellow")
        return text

    def _trick_text(self) -> Text:
        view = self.view
        names = self.session.seat_name
        text = Text()
        if view.auction is not None and view.phase in (Phase.BID, Phase.NAME):
            text.append("The auction\n", style="bold")
            for seat, bid in enumerate(view.auction.bids):
                said = "…" if bid is None else ("pass" if bid == 0 else f"bids {bid}")
                text.append(f"{names(seat)}: {said}\n")
            return text
        if view.phase is Phase.PASS:
            text.append(f"Pass {words.count(view.rules.pass_count, 'card')} ", style="bold")
            text.append(f"{view.pass_direction.value}", style="bold yellow")
            if view.passed is not None:
                text.append(f"\nYou passed {view.passed.symbols()}")
            return text
        number = len(view.tricks) + 1
        if view.trick:
            leader, first = view.trick[0]
            text.append(f"Trick {number}\n", style="bold")
            text.append(f"{names(leader)} led {first.suit.symbol}\n")
            for seat, card in view.trick:
                text.append(f"{names(seat):>8} ")
                text.append_text(card_text(card))
                text.append("\n")
        elif view.tricks:
            last = view.tricks[-1]
            who = "nobody (carried on)" if last.winner < 0 else names(last.winner)
            text.append(f"Trick {number - 1} to {who}\n", style="bold")
            text.append(f"({words.count(last.points, 'pt')}) " if last.points else "")
            text.append_text(Text(" ").join(card_text(card) for card in last.cards))
            text.append("\n")
        else:
            text.append("First trick\n", style="bold")
        if view.rules.hearts_must_be_broken or view.rules.queen_breaks_hearts:
            text.append("hearts broken" if view.hearts_broken else "hearts not broken", "dim")
            text.append("\n")
        if view.stock_size:
            text.append(f"stock: {words.count(view.stock_size, 'card')}\n", style="dim")
        if view.pool:
            text.append(f"pool: {view.pool}{' (a Jack)' if view.jack else ''}\n", style="dim")
        if self.hint_text:
            text.append(f"hint: {self.hint_text}", style="cyan")
        return text

    def _sheet(self) -> Table:
        game = self.session.game
        counters = game.rules.counters
        table = Table(
            title="Counters" if counters else "Score",
            box=None,
            padding=(0, 1, 0, 0),
            show_header=True,
            expand=True,
        )
        table.add_column("", no_wrap=True)
        recent = words.totals_by_hand(game)
        deltas = [
            [after - before for before, after in zip(a, b, strict=True)]
            for a, b in itertools.pairwise(recent)
        ][-2:]
        first = len(recent) - 1 - len(deltas)
        for offset in range(len(deltas)):
            table.add_column(f"h{first + offset + 1}", justify="right")
        table.add_column("total", justify="right", style="bold")
        for seat in range(game.players):
            row = [self.session.seat_name(seat)]
            row += [f"{d[seat]:+d}" for d in deltas]
            row.append(str(recent[-1][seat]))
            table.add_row(*row)
        return table

    def _prompt(self) -> Text:
        view = self.view
        if self.session.is_over:
            again = " · n: a new game" if self.new_game is not None else ""
            return Text(f"The game is over: Enter shows the result{again} · q: quit", "bold")
        if self.laws.prompt(self):
            return Text(self.laws.prompt(self), "bold yellow")
        if not view.my_turn:
            if not view.dealt and view.phase is Phase.PLAY:
                return Text("You deal this hand and sit it out (seven at the table).", "bold")
            if view.phase is Phase.PASS and view.passed is not None:
                return Text("Waiting for the others to pass…", style="dim")
            return Text(f"{self.session.seat_name(view.to_act or 0)} to play…", style="dim")
        if self.pending_rank:
            return Text(f"{self.pending_rank}… now the suit: c, d, s or h", style="bold yellow")
        phase = view.phase
        cards = self._hand_cards()
        cursor = cards[self.cursor_index] if 0 <= self.cursor_index < len(cards) else None
        if phase in (Phase.PASS, Phase.DISCARD):
            count = self._choice_count()
            verb = f"pass {view.pass_direction.value}" if phase is Phase.PASS else "discard"
            marked = [cards[i] for i in sorted(self.marked) if i < len(cards)]
            symbols = " ".join(_face(card) for card in marked)
            if len(marked) == count:
                cost = " (they count against you)" if phase is Phase.DISCARD else ""
                return Text(f"Enter: {verb} {symbols}{cost} · Space unmarks one", "bold")
            head = f"{verb.capitalize()}: {len(marked)} of {count} marked"
            head += f" ({symbols})" if marked else ""
            if cursor is not None and self.cursor_index not in self.marked:
                return Text(f"{head} · Enter marks {_face(cursor)}", "bold")
            more = count - len(marked)
            return Text(f"{head} · {more} more: type a card, or ←→ then Enter", "bold")
        if phase is Phase.BID:
            low = _high_bid(view) + 1
            high = view.rules.auction.max_bid if view.rules.auction else low
            typed = f" — {self.bid_text}" if self.bid_text else ""
            return Text(
                f"Your bid: type {low} to {high} and Enter, or p to pass{typed}",
                "bold",
            )
        if phase is Phase.NAME:
            if self.naming is not None:
                suit = self.naming.name.lower()
                return Text(
                    f"Enter: name {suit} ({self.naming.symbol}) · or type another suit", "bold"
                )
            return Text("Name the suit to avoid: type c, d, s or h, then Enter (hint: !)", "bold")
        if phase is Phase.MOON:
            return Text("You shot the moon! o: the others take it · n: off your own score", "bold")
        if cursor is None:
            return Text("Your turn.", "bold")
        plays = f"Your turn: Enter plays {_face(cursor)}"
        if self.no_color:  # what the marks under the cards mean, on one line still
            return Text(f"{plays} · ←→ or q c picks another · ·· may not be played", "bold")
        return Text(f"{plays} · ←→ or a card's name (q c) picks another", "bold")

    def _fix_cursor(self, cards: list[Card]) -> None:
        if not cards:
            self.cursor_index = 0
            return
        if self.cursor_card is not None and self.cursor_card in cards:
            if not (
                0 <= self.cursor_index < len(cards) and cards[self.cursor_index] == self.cursor_card
            ):
                self.cursor_index = cards.index(self.cursor_card)
        else:
            self.cursor_index = min(self.cursor_index, len(cards) - 1)
        view = self.view
        if view.phase is Phase.PLAY and view.my_turn and self._cursor_checked != self._position():
            # The turn has come: the cursor goes to the nearest card that may be played (the
            # person may then move it anywhere).
            self._cursor_checked = self._position()
            legal = {move for move in view.legal_moves if isinstance(move, Card)}
            playable = [i for i, card in enumerate(cards) if card in legal]
            if playable and self.cursor_index not in playable:
                self.cursor_index = min(playable, key=lambda i: abs(i - self.cursor_index))
        self.cursor_card = cards[self.cursor_index]
        self.marked = {i for i in self.marked if i < len(cards)}

    # ------------------------------------------------------------------ screens

    def show_summary(self, index: int) -> None:
        """The summary of a finished hand, over the table."""
        names = [self.session.seat_name(s) for s in range(self.session.players)]
        summary = words.hand_summary(self.session.game, index, names)
        self.say("")
        table = Table(title=f"Hand {summary.number}", expand=True, box=None)
        table.add_column("", style="bold")
        table.add_column("counting cards taken")
        table.add_column("took", justify="right")
        table.add_column(summary.unit, justify="right")
        table.add_column("total", justify="right", style="bold")
        for name, cards, penalty, delta, total in summary.rows:
            table.add_row(name, cards or "—", str(penalty), f"{delta:+d}", str(total))
        lines = [
            *summary.lines,
            *judgements(self.session.game.hands[index], self.session.seat_name),
        ]
        lines += [self._played_for_you] if self._played_for_you else []
        self._played_for_you = ""
        if lines:
            table.caption = " ".join(lines)
        last = self.session.is_over and index == len(self.session.game.hands) - 1
        close = "Enter: the end of the game (who won)" if last else "Enter: on to the next hand"
        self.push_screen(TextScreen(table, close, name="summary"), self._page_closed)

    def show_game_over(self) -> None:
        """The winner and the totals hand by hand (Enter at the table shows it again)."""
        if self.save_path is not None and not self._over_shown:
            folder = self.saves.finished if self.saves is not None else None
            kept = self.session.finish(folder or self.save_path.parent / "finished")
            if kept is not None:
                self.say(f"The game's record is kept in {kept} (hearts replay reads it).")
                self.save()  # the save stays, finished, and names the record
        self._over_shown = True
        names = [self.session.seat_name(s) for s in range(self.session.players)]
        text = over_text(self.session.game, names)
        keys: dict[str, Callable[[], None]] = {"q": self.exit, "v": lambda: show_review(self, ME)}
        close = "v: your review · q: quit · Esc: look at the table (Enter brings this back)"
        if self.new_game is not None:
            keys["n"] = self._start_new_game
            close = "v: your review · n: a new game · q: quit · Esc: look at the table"
        page = TextScreen(text, close, keys=keys, name="over")
        # (closed, the table stays as it is: Enter at the table brings the page back)
        self.push_screen(page, self._back_to_table)

    def _start_new_game(self) -> None:
        assert self.new_game is not None
        self.session = self.new_game(self.session)
        if self.saves is not None:  # a file of its own: the finished game's save stays
            self.saves.release(self.save_path)
            self.save_path = self.saves.create()
        self._over_shown = False
        self.generation += 1
        self.stop_pondering()
        self.busy = False
        self.shown = self._finished_hands()
        self.marked.clear()
        self.pending_rank = self.bid_text = ""
        self.naming = None
        self.hint_text = None
        self._cursor_checked = None
        self._played_for_you = ""
        self.say("")  # nothing said about the last game stays on the new one's table
        self.save()
        self.advance()

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
            for sight in (self._table_sight, self._moved_sight, self._hint_sight):
                sight.drawn()

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.MouseDown) and not event.is_forwarded:
            # As the terminal reported it: the moment of a click (the events Textual makes
            # from it, the click included, are stamped when they are made).
            self._mouse_down = (event.screen_offset, event.time)
        await super().on_event(event)

    def on_hand_view_picked(self, message: HandView.Picked) -> None:
        down = self._mouse_down
        pressed = down[1] if down is not None and down[0] == message.at else message.time
        if len(self.screen_stack) > 1 or self.too_small or not self._table_sight.saw(pressed):
            return
        self._hint_seen(pressed)
        if not self._seen_moved(pressed):
            self.say("The table changed as you clicked, so the click did nothing.", error=True)
            return
        cards = self._hand_cards()
        if message.card in cards:
            self.cursor_index = cards.index(message.card)
            self.cursor_card = message.card
        if self.view.phase in (Phase.PASS, Phase.DISCARD):
            self.toggle_mark()
        else:
            self.play_cursor()

    def on_key(self, event: events.Key) -> None:
        """A key at the table, acting on what the screen showed when it was pressed (its
        event's time): a key pressed while a page was over the table (or the table too small to
        be drawn) does nothing; one that acts on the game (:meth:`_acts`) pressed before the
        position now on the table was drawn does nothing and says so; any key pressed before the
        hint's card was drawn acts on the cursor as it was before (:meth:`_hint_seen`)."""
        if len(self.screen_stack) > 1:
            return
        key, char = event.key, (event.character or "").lower()
        event.stop()
        if self.too_small or not self._table_sight.saw(event.time):
            # The table is not shown, or was not when the key was pressed (it was meant for a
            # page over the table, or the notice of a terminal too small): no move is made blind.
            return
        if self._end_pause():
            return
        self._hint_seen(event.time)
        if self._acts(key, char) and not self._seen_moved(event.time):
            name = "Enter" if key == "enter" else f"'{char}'"
            self.say(f"The table changed as you pressed {name}, so it did nothing.", error=True)
            return
        view = self.view
        if self.session.is_over and char != "?":
            if key == "enter":
                self.show_game_over()
            elif char == "n" and self.new_game is not None:
                self._start_new_game()
            elif char == "q":
                self.exit()
            else:
                self.say(self._prompt().plain)
            return
        if not self.pending_rank and self.laws.key(self, key, char):
            pass
        elif key in ("left", "right", "home", "end"):
            self.move_cursor(key)
        elif key == "enter":
            self.enter()
        elif key == "space":
            self.toggle_mark()
        elif key == "escape":
            self.pending_rank = self.bid_text = ""
            self.say("")
        elif char == "?":
            self.show_rules()
        elif view.my_turn and view.phase is Phase.BID and (char.isdigit() or char == "p"):
            self.type_bid(char)
        elif char == "!":
            self.ask_hint()
        elif view.my_turn and view.phase is Phase.NAME and char in _SUIT_KEYS:
            self.naming = _SUIT_KEYS[char]
        elif view.my_turn and view.phase is Phase.MOON and char in ("o", "n"):
            self.try_move(MoonChoice.OLD if char == "o" else MoonChoice.NEW)
        elif self._card_key(char):
            self.type_card(char)
        elif char == "h":
            self.ask_hint()
        elif char == "u":
            self.undo()
        elif char == "l":
            show_last_trick(self)
        elif char == "s":
            self.speed = next_speed(self.speed)
            self.say(f"The bots play {self.speed}.")
        elif char and char.isprintable():
            self.say(f"'{char}' does nothing here: press ? for the rules and the keys", error=True)
            return
        else:
            return
        self.refresh_table()

    def _acts(self, key: str, char: str) -> bool:
        """Whether a key at the table acts on the game (makes a move, or Enter: it plays, marks
        or passes; at the end, shows the result, starts a new game or quits) rather than on the
        cursor, the marks, what is typed or shown. Such a key pressed before the position now on
        the table was on the screen does nothing: it was meant for an earlier table."""
        if self.session.is_over:
            return key == "enter" or char in ("n", "q")
        phase = self.view.phase
        return (
            key == "enter"
            or (phase is Phase.BID and char == "p")
            or (phase is Phase.MOON and char in ("o", "n"))
            or self.laws.acts(self.view, key, char)
        )

    def _seen_moved(self, pressed: float) -> bool:
        """Whether a key pressed at ``pressed`` was pressed with the position now on the table
        (every card played so far) already on the screen."""
        return self._drawn_position == self._position() and self._moved_sight.saw(pressed)

    def _hint_seen(self, pressed: float) -> None:
        """A key pressed before the hint's card was on the screen acts on the cursor and marks
        as they were then (the hint itself stays in view); once a key pressed after it comes,
        the hint's cursor is the person's."""
        if self._before_hint is None:
            return
        if not self._hint_sight.saw(pressed):
            card, index, marked = self._before_hint
            self.cursor_card, self.cursor_index, self.marked = card, index, set(marked)
        self._before_hint = None

    def _card_key(self, char: str) -> bool:
        """Whether a key goes into a card's name: a rank, or with a rank typed, its suit."""
        if self.pending_rank and (char in _SUIT_KEYS or char in ("0", "k")):
            return True
        return char in _RANK_KEYS or char in ("1", "*")

    def move_cursor(self, key: str) -> None:
        cards = self._hand_cards()
        if not cards:
            return
        index = {"left": self.cursor_index - 1, "right": self.cursor_index + 1}.get(
            key, 0 if key == "home" else len(cards) - 1
        )
        self.cursor_index = max(0, min(len(cards) - 1, index))
        self.cursor_card = cards[self.cursor_index]

    def type_card(self, char: str) -> None:
        """A key of a card's name: a rank (``1`` then ``0`` is a ten), then its suit."""
        if char == "*" or (self.pending_rank == "J" and char == "k"):
            self.pending_rank = ""
            self.go_to("JK")
            return
        if self.pending_rank == "1":
            if char == "0":
                self.pending_rank = "T"
                return
            self.pending_rank = ""
        if self.pending_rank and char in _SUIT_KEYS:
            name = self.pending_rank + char.upper()
            self.pending_rank = ""
            self.go_to(name)
            return
        self.pending_rank = "1" if char == "1" else _RANK_KEYS.get(char, "")

    def go_to(self, name: str) -> None:
        """Put the cursor on a card by name (the next copy, with two packs); in a pass, mark it."""
        card = Card.parse(name)
        cards = self._hand_cards()
        places = [i for i, c in enumerate(cards) if c & 63 == card & 63]  # either pack's copy
        if not places:
            self.say(f"You do not hold the {card.symbol}.", error=True)
            return
        later = [i for i in places if i > self.cursor_index]
        again = cards[self.cursor_index] & 63 == card & 63
        self.cursor_index = later[0] if later and again else places[0]
        self.cursor_card = cards[self.cursor_index]
        if self.view.phase in (Phase.PASS, Phase.DISCARD) and self.view.my_turn:
            self.toggle_mark()

    def toggle_mark(self) -> None:
        view = self.view
        if view.phase not in (Phase.PASS, Phase.DISCARD) or not view.my_turn:
            if view.phase is Phase.PLAY:
                self.say("Space marks cards to pass; to play a card press Enter", error=True)
            return
        index = self.cursor_index
        if index in self.marked:
            self.marked.discard(index)
            return
        count = self._choice_count()
        if len(self.marked) >= count:
            self.say(
                f"You choose {words.count(count, 'card')}: unmark one first (Space on it)",
                error=True,
            )
            return
        self.marked.add(index)
        self.say("")

    def enter(self) -> None:
        view = self.view
        if not view.my_turn:
            self.say("It is not your turn.", error=True)
            return
        if view.phase in (Phase.PASS, Phase.DISCARD):
            count = self._choice_count()
            if len(self.marked) < count:
                if self.cursor_index in self.marked:  # Enter never unmarks: Space does
                    cards = self._hand_cards()
                    card = _face(cards[self.cursor_index])
                    more = words.count(count - len(self.marked), "more card")
                    self.say(f"The {card} is marked; choose {more} (Space unmarks it).")
                else:
                    self.toggle_mark()
                return
            cards = self._hand_cards()
            chosen = [cards[i] for i in sorted(self.marked)]
            kind = Pass if view.phase is Phase.PASS else Discard
            if self.try_move(kind(chosen)):
                self.marked.clear()
            return
        if view.phase is Phase.BID:
            if not self.bid_text:
                self.say(
                    f"Type a bid from {_high_bid(view) + 1} and Enter, or p to pass.", error=True
                )
                return
            self.try_move(Bid(int(self.bid_text)))
            self.bid_text = ""
            return
        if view.phase is Phase.NAME:
            if self.naming is None:
                self.say("Type the suit to avoid (c, d, s or h), then Enter.", error=True)
                return
            if self.try_move(NameSuit(self.naming)):
                self.naming = None
            return
        if view.phase is Phase.PLAY:
            self.play_cursor()
            return
        self.say(self._prompt().plain, error=True)

    def play_cursor(self) -> None:
        cards = self._hand_cards()
        if not cards or not self.view.my_turn:
            self.say("It is not your turn.", error=True)
            return
        self.try_move(cards[self.cursor_index])

    def type_bid(self, char: str) -> None:
        if char == "p":
            self.try_move(Bid(0))
            self.bid_text = ""
            return
        self.bid_text = (self.bid_text + char)[-2:]

    def try_move(self, move: Move | Card) -> bool:
        """Make the person's move; a refused one says why and changes nothing."""
        try:
            self.session.play(move)
        except IllegalMove as error:
            self.say(self.laws.refused(self, move, error), error=True)
            return False
        self.laws.offer = None
        self.hint_text = None
        self.say("")
        self.save()
        self.advance()
        return True

    def undo(self) -> None:
        """Back to the person's previous move (against bots only: the bots never see it)."""
        try:
            self.session.undo()
        except IllegalMove as error:
            self.say(_sentence(error), error=True)
            return
        self.marked.clear()
        self.pending_rank = self.bid_text = ""
        self.naming = None
        self.shown = min(self.shown, self._finished_hands())
        self.replan("Undone: back to your last move.")

    def replan(self, said: str) -> None:
        """The game has moved outside the bots' plan (an undo; a move of the laws, made whoever's
        turn it is): the bots' answers worked out before are dropped, they choose afresh."""
        self.generation += 1
        self.stop_pondering()
        self.busy = False
        self.hint_text = None
        self.say(said)
        self.save()
        self.advance()

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
        asked = (self.cursor_card, frozenset(self.marked))

        def think() -> None:
            advice = session.hint(view)
            said = advice.text or advice.reason  # (the hint in plain words, hearts.words)
            self.call_from_thread(self._hinted, advice.move, said, position, asked)

        self.run_worker(think, thread=True, group="hint", exit_on_error=True)

    def _position(self) -> tuple[int, int, int]:
        """Where the game stands: a hint or a bot's move is for this position only."""
        return (self.generation, *self.session.position)

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
        on the cursor as it was (:meth:`_hint_seen`)."""
        if position != self._position() or not self.session.my_turn:
            return  # asked about a position that has passed
        self._ponder()
        cards = self._hand_cards()
        if asked is None or asked == (self.cursor_card, frozenset(self.marked)):
            before = (self.cursor_card, self.cursor_index, set(self.marked))
            if isinstance(move, Card) and move in cards:
                self.cursor_index = cards.index(move)
                self.cursor_card = move
            elif isinstance(move, Pass | Discard):
                self.marked = {cards.index(card) for card in move.cards if card in cards}
            if (self.cursor_card, self.cursor_index, self.marked) != before:
                self._before_hint = before
                self._hint_sight.changed(self)
        self.hint_text = _move_name(move)
        self.say(f"Hint: {reason}")
        self.refresh_table()

    def show_rules(self) -> None:
        """The ``?`` page: the keys, then this game's rules in plain words (it scrolls)."""
        lines = rules_page(self.session.variant, self.session.game.rules)
        self.push_screen(TextScreen(Text("\n".join(lines))), self._page_closed)

    def _page_closed(self, _: None = None) -> None:
        """A page over the table has closed: the table is back, and the game goes on."""
        self._back_to_table()
        self.advance()

    def _back_to_table(self, _: None = None) -> None:
        """A page over the table has closed: the table is back (the keys pressed before it is
        on the screen were meant for the page, and do nothing here)."""
        self._table_sight.changed(self)
        self.refresh_table()


def _sentence(text: IllegalMove | InvalidArgument | GameOpenElsewhere | str) -> str:
    """A core message as a sentence on screen (:func:`hearts.words.refusal`): capitalised, the
    person's seat as "you", the others counted from 1."""
    return refusal(text, ME)


def _move_name(move: Move) -> str:
    """A move in a few characters (the hint by the trick)."""
    if isinstance(move, Card):
        return _face(move)
    if isinstance(move, Pass | Discard):
        return " ".join(_face(card) for card in move.cards)
    return str(move)


def _face(card: Card) -> str:
    """A card as the hand shows it (a second pack's copy looks like the first's)."""
    return card.symbol.rstrip("'")


def _high_bid(view: SeatView) -> int:
    """Auction Hearts: the high bid so far (0 in a form without an auction)."""
    return view.auction.high_bid if view.auction is not None else 0


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


_BASIC: Final = bot_registry.get("basic")
"""The basic player: its choice for the person is the card pondered first."""


@dataclasses.dataclass
class _Ponder:
    """The bots' answers worked out while the person thinks, in the position ``key``
    (generation, hand number, moves made so far): for each card of the person, the bots' moves up
    to the person's next turn, and whether they got that far."""

    key: tuple[int, int, int]
    answers: dict[Card, tuple[list[tuple[int, Move]], bool]] = dataclasses.field(
        default_factory=dict
    )
    adopted: Card | None = None
    """The card the person played while its answers were being worked out: the thread goes
    on with it alone, its cards falling as they come."""
