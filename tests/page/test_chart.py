"""The score sheet and the chart of the totals in a real browser: the sheet is the server's
(the state's ``hands``), so it is whole in a fresh browser with the seat's token and nothing is
kept in the browser's storage; at the game's end an SVG chart shows each seat's total after
each hand, one line per seat told apart by dash and marker as well as colour, with a title and
a description, and the sheet's numbers stay beside it."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser, Page, expect

from .conftest import WAIT, LiveServer, fresh_context
from .test_look import describe, serious
from .test_table import make_table, play_a_hand, sit, table_info

BOTS = [{"kind": "bot", "bot": "basic"}] * 3


def _sheet(page: Page) -> list[list[str]]:
    """The score sheet's rows of finished hands: the hand's number, then each seat's change."""
    rows: list[list[str]] = page.locator("#scores tbody tr:not(.now):not(.total)").evaluate_all(
        "rows => rows.map(r => [...r.children].map(c => c.textContent))"
    )
    return rows


def test_the_score_sheet_is_the_servers_and_whole_in_a_fresh_browser_with_the_token(
    page: Page, browser: Browser, server: LiveServer
) -> None:
    made = make_table(server, [{"kind": "person"}, *BOTS], variant="modern")  # (from 0 points)
    table = made["table"]["id"]
    sit(page, server, table, made["token"], 0)
    play_a_hand(page, server, table, keys=False)
    scores = table_info(server, table)["scores"]
    expect(page.locator("#scores tbody tr:not(.now):not(.total)")).to_have_count(1)
    assert _sheet(page) == [
        ["1", *map(str, scores)]
    ]  # (after one hand: its changes are the totals)
    stored = page.evaluate("() => Object.keys(sessionStorage).concat(Object.keys(localStorage))")
    assert not [key for key in stored if "sheet" in key]  # (nothing of the sheet kept here)
    fresh = fresh_context(browser, viewport={"width": 1280, "height": 800})
    try:
        other = fresh.new_page()
        sit(other, server, table, made["token"], 0)  # (only the token is given to this browser)
        expect(other.locator("#scores tbody tr:not(.now):not(.total)")).to_have_count(1)
        assert _sheet(other) == _sheet(page)
        watching = fresh_context(browser).new_page()
        try:
            watching.goto(f"{server.url}/t/{table}")  # (a watcher who comes late sees it too)
            expect(watching.locator("#scores tbody tr:not(.now):not(.total)")).to_have_count(1)
            assert _sheet(watching)[0][1:] == _sheet(page)[0][1:]
        finally:
            watching.context.close()
    finally:
        fresh.close()


def test_a_short_game_ends_with_a_chart_of_each_seats_totals(
    page: Page, server: LiveServer
) -> None:
    made = make_table(
        server,
        [{"kind": "person"}, *BOTS],
        variant="modern",
        options={"end": "deals", "deals": 2},
    )
    table = made["table"]["id"]
    sit(page, server, table, made["token"], 0)
    for _ in range(6):  # (two hands, and more while the lowest total is shared: ties continue)
        if table_info(server, table)["over"]:
            break
        play_a_hand(page, server, table, keys=False)
    info = table_info(server, table)
    assert info["over"]
    hands = info["hand"]
    totals = info["scores"]
    chart = page.locator("#game-over svg.chart")
    expect(chart).to_be_visible(timeout=WAIT)
    expect(chart).to_have_attribute("role", "img")
    assert chart.locator("title").first.text_content() == "Each player's total after each hand"
    description = str(chart.locator("desc").text_content())
    lines = chart.locator("g.line")
    expect(lines).to_have_count(4)
    drawn: list[dict[str, Any]] = lines.evaluate_all(
        """gs => gs.map(g => ({
            seat: Number(g.dataset.seat), name: g.dataset.name, dash: g.dataset.dash,
            marker: g.dataset.marker, colour: g.querySelector('polyline').getAttribute('stroke'),
            totals: [...g.querySelectorAll('.point')].map(p => Number(p.dataset.total)),
            hands: [...g.querySelectorAll('.point')].map(p => Number(p.dataset.hand)),
        }))"""
    )
    assert [line["seat"] for line in drawn] == [0, 1, 2, 3]
    assert [line["totals"][-1] for line in drawn] == totals  # (each line ends at its total)
    assert all(line["hands"] == list(range(hands)) for line in drawn)
    for key in ("dash", "marker", "colour"):  # (colour is never the only difference)
        assert len({line[key] for line in drawn}) == 4, key
    assert drawn[0]["name"] == "You"
    for line in drawn:
        said = ", ".join(f"{total} after hand {n + 1}" for n, total in enumerate(line["totals"]))
        assert f"{line['name']}: {said}" in description
    # Axes labelled, and the numbers still in the sheet beside the chart.
    labels = chart.locator(".axis-label").all_text_contents()
    assert labels == ["Hand", "Total points"]
    expect(page.locator("#scores tbody tr:not(.now):not(.total)")).to_have_count(hands)
    for number, row in enumerate(_sheet(page)):  # (each hand's change: between the points drawn)
        before = [line["totals"][number - 1] if number else 0 for line in drawn]
        after = [line["totals"][number] for line in drawn]
        assert row[1:] == [str(b - a) for a, b in zip(before, after, strict=True)]
    expect(page.locator("#game-over .winners")).not_to_be_empty()
    problems = serious(page)  # (axe-core: the chart's roles and names, the panel's contrast)
    assert not problems, describe(problems)


def test_the_chart_draws_higher_totals_higher_and_tells_seven_seats_apart(
    page: Page, server: LiveServer
) -> None:
    """chart.js alone (a pure function of its data): seven seats, each line its own dash,
    marker and colour; a larger total is drawn higher; one hand gives markers, no line."""
    page.goto(server.url + "/")
    seven: dict[str, Any] = page.evaluate(
        """async () => {
            const { totalsChart } = await import('/static/chart.js');
            const names = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
            const hands = [0, 1, 2].map(h => ({ hand_number: h,
                totals: names.map((_, s) => (h + 1) * s * 3 - 5) }));
            const svg = totalsChart({ names, hands });
            document.body.append(svg);
            const lines = [...svg.querySelectorAll('g.line')];
            const one = totalsChart({ names: ['x', 'y'], hands: [{ hand_number: 0, totals: [3, 9] }] });
            return {
                dashes: lines.map(g => g.dataset.dash), markers: lines.map(g => g.dataset.marker),
                colours: lines.map(g => g.querySelector('polyline').getAttribute('stroke')),
                lastY: lines.map(g => g.querySelector('.point:last-of-type').getBBox().y),
                labelled: svg.getAttribute('aria-labelledby').split(' ').every(id => svg.querySelector('#' + id)),
                legend: [...svg.querySelectorAll('g.legend text')].map(t => t.textContent),
                oneLines: one.querySelectorAll('polyline').length,
                onePoints: one.querySelectorAll('.point').length,
            };
        }"""
    )
    for key in ("dashes", "markers", "colours"):
        assert len(set(seven[key])) == 7, key
    assert seven["lastY"] == sorted(seven["lastY"], reverse=True)  # (seat 6 highest: 49)
    assert seven["labelled"] is True
    assert seven["legend"] == [f"{name} ({3 * s * 3 - 5})" for s, name in enumerate("abcdefg")]
    assert seven["oneLines"] == 0 and seven["onePoints"] == 2
