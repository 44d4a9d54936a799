"""The expert's review on a finished game's replay, in a real browser: the viewer's own seat's
"Review" first, a progress bar while the server works it out, then the summary; a review's
marked decisions on the replay's timeline (a mistake "?" and a blunder "??" told apart), each
going to its step, where the better move is shown in words; at a phone's size without
sideways scrolling. The server's reviews themselves are tests/server/test_reviews.py's."""

from __future__ import annotations

import json
import os
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from hearts.bots import review as core
from hearts.events import Event, move_of
from hearts.server import botpool, reviews

from .conftest import WAIT, LiveServer, fresh_context
from .test_look import PHONE, describe, violations
from .test_replay import finish, no_sideways_scroll

DEALS = 8
"""The tests' review budget (a quick review of a one-hand game)."""
SHOTS = os.environ.get("HEARTS_TEST_SHOTS")
"""A folder to keep the tests' screenshots in, to look at (none by default)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server whose reviews judge on :data:`DEALS` sampled deals; the tests poll faster than a
    person would, so its allowances of asks and looks a minute are lifted."""
    with pytest.MonkeyPatch.context() as patch:
        for name in ("ASKS_PER_MINUTE", "READS_PER_MINUTE"):
            patch.setattr(reviews, name, 100_000.0)
        live = LiveServer(tmp_path_factory.mktemp("review"), review_deals=DEALS)
    try:
        yield live
    finally:
        live.stop()


@pytest.fixture(scope="module")
def game(server: LiveServer) -> dict[str, Any]:
    """A finished one-hand game of Ann (seat 0) and three basic bots: the lobby's answer."""
    return finish(server, ["basic", "basic", "basic"])


def reviewed(server: LiveServer, table: str, seat: int) -> dict[str, Any]:
    """The server's review of ``seat``, asked and followed to its end over HTTP."""
    path = f"{server.url}/api/games/{table}/reviews/{seat}"
    answer: dict[str, Any] = httpx.post(path, timeout=10).json()
    ends = time.monotonic() + WAIT / 1000
    while answer["state"] != "done":
        assert answer["state"] in ("queued", "running") and time.monotonic() < ends, answer
        looked = httpx.get(path, timeout=10)
        assert looked.status_code == 200, looked.text
        answer = looked.json()
    return answer


def shot(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def test_the_viewers_seat_is_reviewed_first_with_progress_then_its_summary(
    page: Page, server: LiveServer, game: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The viewer's seat (the page holds its token) is the first "Review"; asked, the review
    shows its progress while it is worked out (its decisions held in the server's pool until
    the test lets them go) and then its summary and its marks, as the server's answer has
    them."""
    gate = threading.Event()

    def held(position: Any, deals: int, seed: int) -> Any:
        assert gate.wait(WAIT / 1000), "the test never let the review go on"
        return core.judge(position, deals=deals, seed=seed)

    monkeypatch.setattr(botpool, "judge", held)  # (the server's bots think in its own thread)
    table = game["table"]["id"]
    page.goto(server.url + "/")
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"hearts:{table}", json.dumps({"token": game["token"], "seat": 0})],
    )
    page.goto(f"{server.url}/r/{table}")
    buttons = page.locator("#review-seats button")
    expect(buttons).to_have_count(4)
    expect(buttons.first).to_have_text("Review your play (Ann)")
    buttons.first.click()
    bar = page.locator("#review-progress")
    expect(bar).to_be_visible()
    expect(bar).to_have_attribute("aria-valuetext", re.compile(r"^0 of [1-9]\d* decisions judged$"))
    expect(page.locator("#review-status")).to_contain_text("Judging decision 1 of ")
    shot(page, "review-progress")
    gate.set()
    expect(page.locator("#review")).to_have_attribute("data-state", "done")
    expect(bar).to_be_hidden()
    answer = httpx.get(f"{server.url}/api/games/{table}/reviews/0", timeout=10).json()
    assert answer["state"] == "done"
    expect(page.locator("#review-summary")).to_have_text(answer["review"]["summary"])
    marked = [d for d in answer["review"]["decisions"] if d["mark"]]
    expect(page.locator("#replay-marks .mark")).to_have_count(len(marked))
    expect(page.locator("#review-status")).to_contain_text("The review of Ann:")
    # Back at the replay later, your review is there without a tap: asked once, it is kept.
    page.reload()
    expect(page.locator("#review")).to_have_attribute("data-state", "done")
    expect(page.locator("#replay-marks .mark")).to_have_count(len(marked))
    expect(page.locator("#review-summary")).to_have_text(answer["review"]["summary"])


def test_marks_on_the_timeline_go_to_their_step_and_show_the_better_move(
    browser: Browser, server: LiveServer, game: dict[str, Any]
) -> None:
    """A review whose second decision is a mistake and whose last a blunder (the server's own
    review of seat 1, its marks set so for the test): two marks on the timeline, told apart;
    each goes to the step of its move, where the better move is said with its estimate; a
    step of no mark shows none; on a phone too, with no sideways scrolling and no accessibility
    violation."""
    table = game["table"]["id"]
    answer = reviewed(server, table, 1)
    review = answer["review"]
    decisions = review["decisions"]
    assert len(decisions) >= 2
    first, last = decisions[1], decisions[-1]
    first.update(mark="mistake", cost=1.42, cost_interval=[0.5, 2.3])
    last.update(mark="blunder", cost=3.21, cost_interval=[2.31, 4.11], best="KC")
    for other in decisions[2:-1] + decisions[:1]:
        other["mark"] = None
    reviews.progress(server.store, table, 1, "done", answer["done"], answer["total"], review)
    record = httpx.get(f"{server.url}/api/games/{table}/record", timeout=10).json()
    events = [Event.from_dict(raw) for raw in record["events"]]
    plies = [i for i, e in enumerate(events) if move_of(e, i) is not None]
    replay = httpx.get(f"{server.url}/api/games/{table}/replay", timeout=10).json()
    step_of = {step["event"]: number for number, step in enumerate(replay["steps"])}
    steps = [step_of[plies[d["ply"]]] for d in (first, last)]
    for size, name in ((PHONE, "phone"), ({"width": 1280, "height": 800}, "laptop")):
        context = fresh_context(browser, viewport=size)
        page = context.new_page()
        try:
            page.goto(f"{server.url}/r/{table}")
            page.locator("#review-seats button[data-seat='1']").click()
            marks = page.locator("#replay-marks .mark")
            expect(marks).to_have_count(2)
            expect(marks).to_have_text(["?", "??"])
            assert [m.get_attribute("data-mark") for m in marks.all()] == ["mistake", "blunder"]
            assert [int(m.get_attribute("data-step") or -1) for m in marks.all()] == steps
            marks.nth(1).click()
            expect(page.locator("#replay")).to_have_attribute("data-step", str(steps[1]))
            note = page.locator("#review-note")
            expect(note).to_be_visible()
            expect(note).to_have_attribute("data-mark", "blunder")
            expect(note.locator(".better")).to_have_text(
                f"Better: K\u2663 \u2014 about 3.2 points (\u00b10.9) better; "
                f"an estimate from {DEALS} sampled deals."
            )
            shot(page, f"review-{name}")
            found = violations(page)  # (axe-core: the marks, the note, the review's panel)
            assert not found, describe(found)
            page.locator("#review-list button", has_text="a mistake").click()
            expect(page.locator("#replay")).to_have_attribute("data-step", str(steps[0]))
            expect(note).to_have_attribute("data-mark", "mistake")
            expect(note.locator(".better")).to_contain_text("about 1.4 points (\u00b10.9) better")
            page.keyboard.press("Home")
            expect(page.locator("#replay")).to_have_attribute("data-step", "0")
            expect(note).to_be_hidden()
            no_sideways_scroll(page)
        finally:
            context.close()
