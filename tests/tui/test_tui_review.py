"""The expert's review in the terminal game (hearts.tui.gameover): `v` on the game-over page."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from conftest import Driver

from hearts import variants
from hearts.bots import BasicBot, play_game
from hearts.bots import review as review_module
from hearts.bots.review import review
from hearts.tui import gameover
from hearts.tui.app import HeartsApp
from hearts.tui.gameover import ReviewScreen
from hearts.tui.session import ME, Session

Play = Callable[..., HeartsApp]


def _finished_session() -> Session:
    """A one-hand modern game, played to its end by the basic player in every seat."""
    rules = variants.get("modern").replace(end="deals", deals=1)
    session = Session.new(rules, ["basic"] * 3, seed=7, variant="modern")
    players = [BasicBot(seed=70 + seat) for seat in range(4)]
    game = session.game
    play_game(game, players)
    return session


@pytest.fixture
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review at 8 deals a decision, in this process: quick."""
    monkeypatch.setattr(gameover, "DEALS", 8)
    monkeypatch.setattr(gameover, "WORKERS", 1)


def test_v_on_the_game_over_page_shows_the_review_of_your_seat_and_esc_goes_back(
    play: Play, small_budget: None
) -> None:
    """The review's page shows its progress, then the summary (an estimate, said so) and the
    decisions marked; Esc brings the game-over page back."""
    session = _finished_session()
    expected = review(session.game, ME, deals=8, seed=0)
    seen: dict[str, str] = {}

    async def scenario(d: Driver) -> None:
        await d.settle()
        assert d.app.screen.name == "over" and "v: your review" in d.text()
        await d.press("v")
        await d.until(lambda: isinstance(d.app.screen, ReviewScreen), "the review's page")
        screen = d.app.screen
        assert isinstance(screen, ReviewScreen)
        await d.until(lambda: screen.found is not None, "the review done", timeout=120)
        seen["review"] = d.text()
        assert screen.found == expected
        await d.pilot.press("escape")
        await d.until(lambda: d.app.screen.name == "over", "the game-over page again")
        seen["over"] = d.text()

    play(scenario, session, size=(100, 40))
    page = " ".join(seen["review"].split())
    assert " ".join(expected.summary.split()[:6]) in page
    assert "estimate" in page
    assert expected.marked, "this game has a decision marked (seed 7, 8 deals)"
    for decision in expected.marked:
        assert decision.mark in page
    assert "Your game: the expert's review" in page
    assert "Totals after each hand" in seen["over"]


class _Held:
    """The review's judging of one decision (:func:`hearts.bots.review.judge`) held at the
    first decision until the test releases it: the review is certainly at work, and not done,
    until then."""

    def __init__(self) -> None:
        self.original = review_module.judge
        self.started = threading.Event()
        self.release = threading.Event()
        self.calls = 0

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        self.started.set()
        assert self.release.wait(timeout=60), "the test never released the review"
        return self.original(*args, **kwargs)


class _Ends:
    """Tells when the review's thread (:meth:`ReviewScreen._work`) has returned, and what it
    raised. (Textual's worker for it is cancelled as the page closes, and a cancelled worker is
    not waited for: ``app.workers.wait_for_complete()`` does not wait for the thread.)"""

    def __init__(self) -> None:
        self.original = ReviewScreen._work
        self.done = threading.Event()
        self.raised: list[BaseException] = []

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        ends = self

        def work(screen: ReviewScreen) -> None:
            try:
                ends.original(screen)
            except BaseException as error:
                ends.raised.append(error)
                raise
            finally:
                ends.done.set()

        monkeypatch.setattr(ReviewScreen, "_work", work)


def test_esc_while_the_review_works_stops_it_and_goes_back(
    play: Play, monkeypatch: pytest.MonkeyPatch, small_budget: None
) -> None:
    """A review closed before it is done is stopped: its page goes, nothing is shown late, and
    no decision after the one at work when Esc was pressed is judged."""
    held = _Held()
    monkeypatch.setattr(review_module, "judge", held)
    ends = _Ends()
    ends.install(monkeypatch)
    session = _finished_session()

    async def scenario(d: Driver) -> None:
        try:
            await d.settle()
            await d.press("v")
            await d.until(lambda: isinstance(d.app.screen, ReviewScreen), "the review's page")
            screen = d.app.screen
            assert isinstance(screen, ReviewScreen)
            await d.until(held.started.is_set, "the review at work on its first decision")
            assert screen.found is None and not screen.failed and not screen.stopped
            await d.pilot.press("escape")
            await d.until(lambda: d.app.screen.name == "over", "the game-over page again")
            assert screen.stopped
            assert screen not in d.app.screen_stack
            held.release.set()
            await d.until(ends.done.is_set, "the review's thread ended")
            await d.settle()
            assert screen.found is None and not screen.failed
            assert d.app.screen.name == "over" and "Totals after each hand" in d.text()
        finally:
            held.release.set()  # (a failed check leaves no thread waiting)

    play(scenario, session, size=(100, 40))
    assert ends.raised == []
    assert held.calls == 1  # stopped: the decisions after the first were not judged


@pytest.mark.parametrize("late", ["_done", "_failed"])
def test_a_review_ending_as_esc_is_pressed_is_not_shown_late(
    play: Play, monkeypatch: pytest.MonkeyPatch, small_budget: None, late: str
) -> None:
    """The review ends (done, or failed) and its thread hands the page the result just as the
    person presses Esc: the result reaches the page after it has closed, and is dropped; the
    page was stopped, nothing is shown late."""
    if late == "_failed":

        def broken(*args: Any, **kwargs: Any) -> Any:
            raise RuntimeError("the expert is out")

        monkeypatch.setattr(review_module, "judge", broken)
    ends = _Ends()
    ends.install(monkeypatch)
    reached = threading.Event()
    release = threading.Event()
    session = _finished_session()

    async def scenario(d: Driver) -> None:
        app = d.app
        original = app.call_from_thread

        def call_from_thread(callback: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
            if getattr(callback, "__name__", "") == late:
                # The thread has the result and has seen the page open: hold it here, between
                # that check and the page taking the result, until Esc is handled.
                reached.set()
                assert release.wait(timeout=60), "the test never released the review"
            return original(callback, *args, **kwargs)

        monkeypatch.setattr(app, "call_from_thread", call_from_thread)
        try:
            await d.settle()
            await d.press("v")
            await d.until(lambda: isinstance(app.screen, ReviewScreen), "the review's page")
            screen = app.screen
            assert isinstance(screen, ReviewScreen)
            await d.until(reached.is_set, "the review's end on its way to the page", timeout=120)
            assert screen.found is None and not screen.failed and not screen.stopped
            await d.pilot.press("escape")
            await d.until(lambda: app.screen.name == "over", "the game-over page again")
            assert screen.stopped
            release.set()
            await d.until(ends.done.is_set, "the review's thread ended")
            await d.settle()
            assert screen.found is None and not screen.failed
            assert app.screen.name == "over" and "Totals after each hand" in d.text()
        finally:
            release.set()

    play(scenario, session, size=(100, 40))
    assert ends.raised == []
