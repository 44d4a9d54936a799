"""The expert's review in the terminal game (hearts.tui.gameover): `v` on the game-over page."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from conftest import Driver

from hearts import variants
from hearts.bots import BasicBot, play_game
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


def test_esc_while_the_review_works_stops_it_and_goes_back(
    play: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A review closed before it is done is stopped: its page goes, nothing is shown late."""
    monkeypatch.setattr(gameover, "DEALS", 400)
    monkeypatch.setattr(gameover, "WORKERS", 1)
    session = _finished_session()

    async def scenario(d: Driver) -> None:
        await d.settle()
        await d.press("v")
        await d.until(lambda: isinstance(d.app.screen, ReviewScreen), "the review's page")
        screen = d.app.screen
        assert isinstance(screen, ReviewScreen)
        assert screen.found is None
        await d.pilot.press("escape")
        await d.until(lambda: d.app.screen.name == "over", "the game-over page again")
        assert screen.stopped
        await d.app.workers.wait_for_complete()
        assert screen.found is None

    play(scenario, session, size=(100, 40))
