"""The profile (/p/{name}) and the leaderboards (/leaders) in a real browser: drawn from the
server's answers, every name shown as text (a name that is HTML stays words on the page and runs
nothing), the rating with its provisional mark, its history as the chart, the statistics as the
server summed them, the replays linked; at a phone's size nothing scrolls sideways."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from playwright.sync_api import Browser, Page, expect

from server.people_rows import People

from .conftest import LiveServer, fresh_context

HOSTILE = "<img src=x onerror=p=1>"
"""A name that would run a script if it were put in the page as HTML (24 characters at most)."""


def _people(server: LiveServer) -> dict[str, int]:
    """Ann, who has played modern/4 against people (rated) and the computer, and a board with
    the hostile name on it; made once for the module."""
    if hasattr(server, "profile_people"):
        return server.profile_people  # type: ignore[no-any-return]
    now = datetime.now(UTC)
    rows = People(server.store)
    ann, bad = rows.account("Ann"), rows.account(HOSTILE)
    for n in range(12):
        at = now - timedelta(days=12 - n)
        table = rows.game(
            [("Ann", ann), (HOSTILE, bad), ("x", None), ("y", None)],
            public=True,
            finished=at,
            stats={0: {"place": 1 + n % 4, "points": 3 * n}},
        )
        rows.history(ann, table, at, 1050.0 + n)
    rows.game([("Ann", ann), ("bot", None)], public=True, form="modern/3", against="bots")
    rows.rating(ann, "modern/4", 1160.0, 12, updated=now)
    rows.rating(bad, "modern/4", 1125.0, 12, updated=now)
    rows.rating(ann, "modern/3", 1004.0, 1, against="bots", updated=now)
    server.profile_people = {"ann": ann, "bad": bad}  # type: ignore[attr-defined]
    return server.profile_people  # type: ignore[attr-defined,no-any-return]


def test_the_profile_shows_the_rating_its_history_the_sums_and_the_replays_names_as_text(
    page: Page, server: LiveServer
) -> None:
    _people(server)
    page.goto(f"{server.url}/p/ann")
    expect(page.locator("#profile-name")).to_have_text("Ann")
    people = page.locator('.rating[data-against="people"]')
    expect(people.locator(".rating-number")).to_have_text("1160")  # (12 games: not provisional)
    expect(page.locator('.rating[data-against="bots"] .provisional')).to_have_text("?")
    chart = page.locator("#history-chart svg.chart")
    expect(chart).to_have_attribute("role", "img")
    totals = chart.locator(".point").evaluate_all("marks => marks.map(m => m.dataset.total)")
    assert totals == [f"{1050.0 + n:g}" for n in range(12)]  # (oldest first, every game marked)
    table = page.locator('table.stats[data-against="people"]')
    expect(table.locator('[data-measure="games"] td')).to_have_text(["12"])
    expect(table.locator('[data-measure="wins"] td')).to_have_text(["3"])  # (places 1, 5, 9)
    points_a_hand = sum(3 * n for n in range(12)) / (12 * 5)
    expect(table.locator('[data-measure="points_a_hand"] td')).to_have_text(
        [f"{points_a_hand:.2f}"]
    )
    expect(page.locator('table.stats[data-against="bots"]')).to_be_visible()
    first = page.locator("#recent li", has=page.locator("a.person", has_text=HOSTILE)).first
    expect(first.locator("a.replay-link")).to_have_attribute(
        "href",
        "/r/" + first.get_attribute("data-table", timeout=5000),  # type: ignore[operator]
    )
    hostile = first.locator("a.person", has_text=HOSTILE)
    expect(hostile).to_have_text(HOSTILE)  # (the name as words, a link to its profile)
    assert page.locator("#profile img").count() == 0 and page.evaluate("window.p") is None
    hostile.click()
    expect(page.locator("#profile-name")).to_have_text(HOSTILE)
    assert page.evaluate("window.p") is None and page.locator("#profile img").count() == 0


def test_the_leaderboard_picks_a_form_and_shows_names_as_text_at_a_phones_size(
    browser: Browser, server: LiveServer
) -> None:
    _people(server)
    context = fresh_context(browser, viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(f"{server.url}/")
        page.locator("#leaders-link").click()  # (the lobby links to the boards)
        expect(page.locator("#board-form option")).to_have_count(2)
        board = page.locator('table.board[data-form="modern/4"][data-against="people"]')
        expect(board.locator("tbody tr td.board-name")).to_have_text(["Ann", HOSTILE])
        assert page.evaluate("window.p") is None and page.locator("#leaders img").count() == 0
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.locator("#board-form").select_option("modern/3|bots")
        expect(page.locator("#board")).to_have_text("Nobody on this board yet.")  # (1 game < 10)
        assert "form=modern%2F3" in page.url and "against=bots" in page.url
        page.goto(f"{server.url}/p/Nobody")
        expect(page.locator("#message")).to_have_text("nobody here is named 'Nobody'")
    finally:
        context.close()
