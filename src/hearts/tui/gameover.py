"""The end of the terminal game: the game-over page, and the expert's review of the
person's game, read from that page (``v``).

The review (:mod:`hearts.bots.review`) judges every decision of the person's seat on imagined
deals: it takes a while, so :class:`ReviewScreen` shows its progress as it works (in a thread,
the decisions judged in two processes on a machine of two cores or more), then the decisions in
a table (:func:`hearts.tui.review.table`, as ``hearts review`` prints it) and the summary. Esc
goes back to the game-over page, and stops a review still at work.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.console import Group
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import ProgressBar, Static

from hearts.bots.review import DEFAULT_DEALS, Review, review
from hearts.game import Game
from hearts.tui import words
from hearts.tui.review import table, workers
from hearts.tui.screens import TextScreen, scrolled
from hearts.tui.session import ME

if TYPE_CHECKING:
    from hearts.tui.app import HeartsApp

__all__ = ["DEALS", "WORKERS", "ReviewScreen", "over_text", "show_game_over", "show_review"]

DEALS = DEFAULT_DEALS
"""The review's budget in the terminal game: imagined deals a decision."""
WORKERS: int | None = None
"""Processes judging the decisions (None: :func:`hearts.tui.review.workers`)."""


def over_text(game: Game, names: list[str]) -> Text:
    """The game-over page: who won, and the totals after each hand as a chart.

    >>> from hearts import variants
    >>> game = Game(variants.get("modern").replace(end="deals", deals=1), seed=1)
    >>> while not game.is_over:
    ...     _ = game.play(game.legal_moves()[0], game.to_act)
    >>> "Totals after each hand:" in over_text(game, ["You", "West", "North", "East"]).plain
    True
    """
    text = Text(words.game_over_line(game, names), style="bold")
    text.append("\n\nTotals after each hand:\n")
    totals = words.totals_by_hand(game)
    text.append("\n".join(words.chart(totals, names, height=10, width=60)))
    text.append(f"\n  {words.chart_legend(names)}\n")
    return text


def show_game_over(app: HeartsApp) -> None:
    """The game-over page over the table of ``app``: the winner and the totals hand by hand
    (Enter at the table shows it again). The first time, a saved game's record is kept with the
    finished games."""
    if app.save_path is not None and not app.over_shown:
        folder = app.saves.finished if app.saves is not None else None
        kept = app.session.finish(folder or app.save_path.parent / "finished")
        if kept is not None:
            app.say(f"The game's record is kept in {kept} (hearts replay reads it).")
            app.save()  # the save stays, finished, and names the record
    app.over_shown = True
    names = [app.session.seat_name(s) for s in range(app.session.players)]
    text = over_text(app.session.game, names)
    keys: dict[str, Callable[[], None]] = {"q": app.exit, "v": lambda: show_review(app, ME)}
    close = "v: your review · q: quit · Esc: look at the table (Enter brings this back)"
    if app.new_game is not None:
        keys["n"] = app.start_new_game
        close = "v: your review · n: a new game · q: quit · Esc: look at the table"
    page = TextScreen(text, close, keys=keys, name="over")
    # (closed, the table stays as it is: Enter at the table brings the page back)
    app.push_screen(page, app.back_to_table)


def show_review(app: HeartsApp, seat: int = 0) -> None:
    """The review of ``seat``'s game (the person's) over the table; closed, the game-over page
    comes back."""
    app.push_screen(ReviewScreen(app.session.game, seat, app.show_game_over))


class _Stopped(Exception):
    """The page was closed while the review worked."""


class ReviewScreen(ModalScreen[None]):
    """The review of one seat's finished game: the progress, then the decisions and the summary.
    Esc (or Enter, once done) goes back; ↑↓ PgUp PgDn scroll."""

    DEFAULT_CSS = """
    ReviewScreen { align: center middle; }
    ReviewScreen > Vertical {
        width: 100%; max-width: 100; height: auto; max-height: 100%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    ReviewScreen #review-scroll { height: auto; }
    ReviewScreen #review-body { height: auto; }
    ReviewScreen #review-close { color: $text-muted; height: 1; dock: bottom; }
    """

    def __init__(self, game: Game, seat: int, back: Callable[[], None] | None = None) -> None:
        super().__init__(name="review")
        self.game = game
        self.seat = seat
        self.back = back
        """What comes after the page closes (the game-over page again)."""
        self.found: Review | None = None
        """The review, once done."""
        self.failed = ""
        """Why the review could not be made (empty: it was, or is at work)."""
        self.stopped = False

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                Text(
                    "The expert reviews your game: each of your decisions weighed on "
                    f"{DEALS} imagined deals…"
                ),
                id="review-status",
            )
            yield ProgressBar(id="review-progress", show_eta=False)
            with VerticalScroll(id="review-scroll"):
                yield Static("", id="review-body")
            yield Static("Esc: back (stops the review)", id="review-close")

    def on_mount(self) -> None:
        scroll = self.query_one("#review-scroll", VerticalScroll)
        scroll.styles.max_height = max(3, self.app.size.height - 6)
        self.run_worker(self._work, thread=True, group="review", exit_on_error=False)

    def _work(self) -> None:
        def told(done: int, total: int) -> None:
            if self.stopped:
                raise _Stopped
            self.app.call_from_thread(self._progress, done, total)

        try:
            found = review(
                self.game,
                self.seat,
                deals=DEALS,
                seed=0,
                progress=told,
                workers=workers() if WORKERS is None else WORKERS,
            )
        except _Stopped:
            return
        except Exception as error:  # (a review that fails says so on its page)
            if not self.stopped:
                self.app.call_from_thread(self._failed, f"The review failed: {error}")
            return
        if not self.stopped:
            self.app.call_from_thread(self._done, found)

    # The thread's checks of ``stopped`` only spare work: Esc may be handled between such a
    # check and the call it lets through, so each call checks again here, on the app's thread,
    # where Esc sets ``stopped``; a page closed is told nothing late.

    def _progress(self, done: int, total: int) -> None:
        if self.stopped:
            return
        self.query_one("#review-progress", ProgressBar).update(total=total, progress=done)

    def _failed(self, why: str) -> None:
        if self.stopped:
            return
        self.failed = why
        self.query_one("#review-status", Static).update(Text(why, style="bold red"))
        self.query_one("#review-close", Static).update("Esc: back")

    def _done(self, found: Review) -> None:
        if self.stopped:
            return
        self.found = found
        self.query_one("#review-progress", ProgressBar).display = False
        self.query_one("#review-status", Static).update(Text(found.summary, style="bold"))
        marked = bool(found.marked)
        shown = table(found, marked_only=marked, title="Your game: the expert's review")
        note = Text(
            "\nThe mistakes and blunders marked (every decision: hearts review --seat "
            f"{found.seat + 1} on the game's record). Each cost is an estimate, ± its "
            "95% interval."
            if marked
            else "\nEach cost is an estimate, ± its 95% interval.",
            style="italic",
        )
        body: Any = Group(shown, note)
        self.query_one("#review-body", Static).update(body)
        self.query_one("#review-close", Static).update(
            "Esc: back to the end of the game · ↑↓ PgUp PgDn: scroll"
        )

    def on_key(self, event: events.Key) -> None:
        event.stop()
        if scrolled(self.query_one("#review-scroll", VerticalScroll), event.key):
            return
        if event.key == "escape" or (event.key == "enter" and self.found is not None):
            self.stopped = True
            self.dismiss()
            if self.back is not None:  # (after the page: a callback of the page's would be
                self.back()  # the screen's below, the game-over page that is gone)
