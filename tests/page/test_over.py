"""The end of a hand and of the game in view (static/overlay.js), in a real browser on a phone's
screen: a hand's summary on the felt (each seat's points in plain words, never over the hand,
gone by itself or when dismissed, the next pass never starting with the last trick still on the
felt); the game's end in a dialog (the winner, the chart, Play again, Replay, Back to the lobby);
Play again leading two people and two bots to a new game in the same seats; and a finished
table's link leading to its replay."""

from __future__ import annotations

import re
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, expect

from .conftest import LiveServer, fresh_context
from .test_forms import act, record
from .test_look import describe, serious
from .test_table import HAND, make_table, play_a_hand, sit, table_info

PHONE = {"width": 390, "height": 844}
BASIC = {"kind": "bot", "bot": "basic"}
PERSON = {"kind": "person"}


def test_a_hands_end_shows_on_the_felt_in_words_and_goes(
    browser: Browser, server: LiveServer
) -> None:
    """After the first hand of two: the summary on the felt says each seat's points in words
    (never "took 0"), the next pass does not start with the last trick on the felt, the summary
    goes by itself; the Continue button, Escape and a tap outside each close it at once, and it
    lies inside the felt, clear of the hand."""
    context = fresh_context(browser, viewport=PHONE)
    try:
        page = context.new_page()
        made = make_table(
            server, [PERSON, BASIC, BASIC, BASIC], options={"end": "deals", "deals": 2}
        )
        table = made["table"]["id"]
        sit(page, server, table, made["token"], 0)
        trick_at_pass = record(
            page,
            "() => document.querySelector('#pass') ? document.querySelectorAll('#trick [data-card]').length : -1",
        )
        play_a_hand(page, server, table, keys=False)
        summary = page.locator("#hand-over")
        expect(summary).to_be_visible()
        expect(summary.locator("h2")).to_have_text("Hand 1 is over")
        said = summary.inner_text()
        assert "took 0" not in said and "You" in said, said
        expect(page.locator("#pass")).to_be_visible()  # (the next pass, under way)
        assert max(trick_at_pass()) == 0, trick_at_pass()  # (no card on the felt at any pass)
        expect(summary).to_be_hidden()  # (by itself)
        closed = page.evaluate(
            """async () => {
              const overlay = await import('/static/overlay.js');
              const box = () => document.getElementById('hand-over');
              const ways = {
                button: () => document.getElementById('hand-over-close').click(),
                escape: () => document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' })),
                outside: () => document.body.click(),
              };
              const seen = {};
              for (const [way, close] of Object.entries(ways)) {
                overlay.handOver({ hand: 0, rows: [{ name: 'You', took: 0, change: 0, total: 0 }],
                  texts: [], moon: null, after: 0 });
                const shown = box().getBoundingClientRect();
                const felt = document.getElementById('felt').getBoundingClientRect();
                const hand = document.getElementById('hand').getBoundingClientRect();
                const inside = shown.left >= felt.left && shown.right <= felt.right
                  && shown.top >= felt.top && shown.bottom <= felt.bottom;
                const clear = shown.bottom <= hand.top || shown.top >= hand.bottom;
                seen[way] = { visible: !box().hidden, words: box().innerText.includes('You took no points'),
                  inside, clear };
                close();
                seen[way].closed = box().hidden;
              }
              return seen;
            }"""
        )
        for way, seen in closed.items():
            assert seen == {
                "visible": True,
                "words": True,
                "inside": True,
                "clear": True,
                "closed": True,
            }, way
    finally:
        context.close()


def _play_both(ann: Page, bob: Page, server: LiveServer, table: str) -> None:
    """Ann's and Bob's moves through their pages until the game is over (the bots play between)."""
    for _ in range(2000):
        if table_info(server, table)["over"]:
            return
        if not (act(ann) or act(bob)):
            ann.wait_for_timeout(50)  # (the bots are playing)
    raise AssertionError("the game did not end")


def test_play_again_leads_two_people_and_two_bots_to_a_new_game_in_the_same_seats(
    browser: Browser, server: LiveServer
) -> None:
    """A one-hand game of Ann (seat 1), a bot, Bob (seat 3) and a bot: at its end each page
    shows the winner, the chart and Play again, Replay and Back to the lobby; a watcher who
    comes after the end is led to the replay; Ann's Play again takes her to a new table, Bob's
    page (its dialog closed) opens it again to offer his seat there, and takes him to it; the new game is dealt to both in their
    seats, the bots the same; the finished table's link then leads to its replay."""
    made = make_table(
        server,
        [PERSON, BASIC, PERSON, {"kind": "bot", "bot": "random"}],
        name="Ann",
        options={"end": "deals", "deals": 1},
    )
    table = made["table"]["id"]
    joined = httpx.post(
        f"{server.url}/api/tables/{table}/join", json={"name": "Bob", "seat": 2}, timeout=10
    ).json()
    contexts = [fresh_context(browser, viewport=PHONE) for _ in range(3)]
    try:
        ann, bob, late = (context.new_page() for context in contexts)
        sit(ann, server, table, made["token"], 0)
        sit(bob, server, table, joined["token"], 2)
        _play_both(ann, bob, server, table)
        for page in (ann, bob):
            dialog = page.locator("#game-over")
            expect(dialog).to_be_visible()
            expect(dialog.locator(".winners")).to_have_text(re.compile(r"wins?|win!|share the win"))
            expect(dialog.locator("svg.chart g.line")).to_have_count(4)
            expect(page.locator("#play-again")).to_have_text("Play again")
            expect(page.locator("#over-replay")).to_have_attribute("href", f"/r/{table}")
            expect(page.locator("#over-lobby")).to_have_attribute("href", "/")
        problems = serious(ann)
        assert not problems, describe(problems)
        late.goto(f"{server.url}/t/{table}")  # (a watcher, after the end: its replay)
        late.wait_for_url(f"**/r/{table}")
        bob.locator("#game-over .close").click()  # (Bob looks at the table: the offer reopens it)
        expect(bob.locator("#game-over")).to_be_hidden()
        expect(bob.locator("#game-over-open")).to_be_visible()
        ann.locator("#play-again").click()
        ann.wait_for_url(re.compile(r"/t/(?!" + re.escape(table) + r")[^/]+$"))
        new = ann.url.rsplit("/", 1)[1]
        expect(bob.locator("#play-again")).to_have_text("Join the new game")
        expect(bob.locator("#game-over .next")).to_contain_text("Ann asked for another game")
        bob.locator("#play-again").click()
        bob.wait_for_url(f"**/t/{new}")
        expect(ann.locator("#seat-info")).to_contain_text("Ann, seat 1")
        expect(bob.locator("#seat-info")).to_contain_text("Bob, seat 3")
        for page in (ann, bob):
            expect(page.locator(HAND)).to_have_count(13)
            expect(page.locator("#game-over")).to_be_hidden()
        seats: list[dict[str, Any]] = table_info(server, new)["seats"]
        assert [(s["name"], s["bot"], s["status"]) for s in seats] == [
            ("Ann", None, "connected"),
            ("basic", "basic", "bot"),
            ("Bob", None, "connected"),
            ("random", "random", "bot"),
        ]
        late.goto(f"{server.url}/t/{table}")
        late.wait_for_url(f"**/r/{table}")
        expect(late.locator("#replay")).to_be_visible()
    finally:
        for context in contexts:
            context.close()
