"""The page in a real browser: a person plays through it by clicks and by keys; friends at one
table see each other's plays and never each other's hands; a reload keeps the seat; a watcher
sees no hand; a refused card shows the server's sentence; the timer hands a silent seat's move
to a bot. The page decides nothing: the server and the core say what is legal."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import httpx
from playwright.sync_api import Browser, BrowserContext, Page, expect

from hearts.events import CardPlayed

from .conftest import WAIT, LiveServer

HAND = "#hand button.card"
PLAYABLE = "#hand button.card:not([aria-disabled='true'])"


def table_info(server: LiveServer, table: str) -> dict[str, Any]:
    reply = httpx.get(f"{server.url}/api/tables/{table}", timeout=10)
    reply.raise_for_status()
    data: dict[str, Any] = reply.json()
    return data


def make_table(server: LiveServer, seats: list[dict[str, str]], **fields: Any) -> dict[str, Any]:
    reply = httpx.post(f"{server.url}/api/tables", json={"seats": seats, **fields}, timeout=10)
    reply.raise_for_status()
    data: dict[str, Any] = reply.json()
    return data


def sit(page: Page, server: LiveServer, table: str, token: str, seat: int) -> None:
    """Open the table as the holder of a seat: the page keeps its token as when it joined."""
    page.goto(server.url + "/")
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"hearts:{table}", json.dumps({"token": token, "seat": seat})],
    )
    page.goto(f"{server.url}/t/{table}")
    expect(page.locator("#seat-info")).to_contain_text(f"seat {seat + 1}", ignore_case=True)


def hand_of(page: Page) -> list[str]:
    return [
        str(name) for name in page.locator(HAND).evaluate_all("b => b.map(x => x.dataset.card)")
    ]


def my_turn(page: Page) -> bool:
    return "your turn" in page.locator("#status").inner_text().lower()


def wait_for_my_turn_or(page: Page, done: Any, limit: float = 30.0) -> bool:
    """Wait until the page says it is this seat's turn (True), or ``done()`` holds (False)."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if done():
            return False
        if my_turn(page) and page.locator(PLAYABLE).count() > 0:
            return True
        page.wait_for_timeout(50)
    raise AssertionError(f"never this seat's turn: status {page.locator('#status').inner_text()!r}")


def changed(page: Page, before: list[str], limit: float = WAIT / 1000) -> list[str]:
    """Wait for the hand shown to differ from ``before``; the hand now."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        now = hand_of(page)
        if now != before:
            return now
        page.wait_for_timeout(30)
    raise AssertionError(
        f"the hand did not change from {before}: {page.locator('#message').inner_text()!r}"
    )


def pass_by_clicks(page: Page) -> None:
    """Mark the first cards the pass allows and pass them."""
    count = int(page.locator("#pass").get_attribute("data-count") or 3)
    for index in range(count):
        card = page.locator(PLAYABLE).nth(index)
        card.click()
        expect(card).to_have_attribute("aria-pressed", "true")
    page.locator("#pass").click()


def play_a_hand(page: Page, server: LiveServer, table: str, *, keys: bool) -> int:
    """Play this seat's moves of the hand in progress to its end; the cards played."""
    start = table_info(server, table)["hand"]
    played = 0

    def over() -> bool:
        info = table_info(server, table)
        return bool(info["hand"] > start or info["over"])

    while wait_for_my_turn_or(page, over):
        if page.locator("#pass").count() and page.locator("#pass").is_visible():
            if keys:
                count = int(page.locator("#pass").get_attribute("data-count") or 3)
                page.locator(HAND).first.focus()
                chosen = 0
                for card in page.locator(HAND).all():
                    if chosen == count:
                        break
                    if card.get_attribute("aria-disabled") != "true":
                        card.focus()
                        page.keyboard.press("Space")
                        expect(card).to_have_attribute("aria-pressed", "true")
                        chosen += 1
                page.locator("#pass").focus()
                page.keyboard.press("Enter")
            else:
                pass_by_clicks(page)
            expect(page.locator("#pass")).to_have_count(0)
            continue
        before = hand_of(page)
        card = page.locator(PLAYABLE).first
        name = str(card.get_attribute("data-card"))
        if keys:
            page.keyboard.type(name.lower())
        else:
            card.click()
        changed(page, before)  # (the card gone, or, the hand over, the next hand dealt)
        played += 1
    return played


def test_a_person_makes_a_table_in_the_lobby_and_plays_a_whole_hand_by_clicks(
    page: Page, server: LiveServer
) -> None:
    page.goto(server.url + "/")
    page.locator("#name").fill("Ann")
    page.locator("#variant").select_option("modern")
    page.locator("#others").select_option("basic")
    page.get_by_role("button", name="Make the table").click()
    page.wait_for_url(re.compile(r"/t/[^/]+$"))
    table = page.url.rsplit("/", 1)[1]
    expect(page.locator("#seat-info")).to_contain_text("Ann")
    expect(page.locator(HAND)).to_have_count(13)
    assert play_a_hand(page, server, table, keys=False) == 13
    info = table_info(server, table)
    assert info["hand"] == 2 and sum(info["scores"]) >= 26  # (the hand was scored)
    checked = page.locator("#summary .reveal")
    expect(checked).to_have_attribute("data-verified", "yes")  # (checked in the browser)
    expect(checked).to_contain_text("matches the commitment")


def test_a_deal_that_is_not_the_one_committed_to_is_told_so_by_the_page(
    page: Page, server: LiveServer
) -> None:
    """The page checks each revealed deal itself: a reveal whose pack was changed on the way
    (two cards swapped, as a dishonest server would) fails the check and the page says so."""

    def tamper(route: Any) -> None:
        served = route.connect_to_server()

        def to_page(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "reveal":
                order = data["order"]
                order[0], order[1] = order[1], order[0]
                message = json.dumps(data)
            route.send(message)

        served.on_message(to_page)
        route.on_message(served.send)

    page.route_web_socket(re.compile(r"/ws/tables/"), tamper)
    made = make_table(server, [{"kind": "person"}] + [{"kind": "bot", "bot": "basic"}] * 3)
    table = made["table"]["id"]
    sit(page, server, table, made["token"], 0)
    play_a_hand(page, server, table, keys=False)
    checked = page.locator("#summary .reveal")
    expect(checked).to_have_attribute("data-verified", "no")
    expect(checked).to_contain_text("does not match the commitment")


def test_a_person_plays_a_whole_hand_by_keys(page: Page, server: LiveServer) -> None:
    made = make_table(server, [{"kind": "person"}] + [{"kind": "bot", "bot": "basic"}] * 3)
    table = made["table"]["id"]
    sit(page, server, table, made["token"], 0)
    assert play_a_hand(page, server, table, keys=True) == 13
    assert table_info(server, table)["hand"] == 2


def test_a_card_the_rules_refuse_shows_the_servers_sentence_and_changes_nothing(
    page: Page, server: LiveServer
) -> None:
    made = make_table(
        server, [{"kind": "person"}] + [{"kind": "bot", "bot": "basic"}] * 3, variant="classic"
    )
    table = made["table"]["id"]
    sit(page, server, table, made["token"], 0)
    for _ in range(200):  # (to a turn where some card of the hand may not be played)
        wait_for_my_turn_or(page, lambda: False)
        if page.locator("#hand button.card[aria-disabled='true']").count():
            break
        page.locator(PLAYABLE).first.click()
        page.wait_for_timeout(100)
    refused = page.locator("#hand button.card[aria-disabled='true']").first
    name = refused.get_attribute("data-card")
    before = hand_of(page)
    refused.click(force=True)  # (dimmed, aria-disabled, but a person may still click it)
    expect(page.locator("#message")).to_contain_text(re.compile(r"\w+ \w+"))
    message = page.locator("#message").inner_text()
    assert "Traceback" not in message
    assert hand_of(page) == before and name in before
    assert my_turn(page)


def test_friends_see_each_others_plays_never_each_others_hands_and_a_reload_keeps_the_seat(
    browser: Browser, context: BrowserContext, server: LiveServer
) -> None:
    made = make_table(
        server,
        [{"kind": "person"}, {"kind": "person"}] + [{"kind": "bot", "bot": "basic"}] * 2,
        variant="classic",
        public=True,
    )
    table = made["table"]["id"]
    joined = httpx.post(
        f"{server.url}/api/tables/{made['code']}/join", json={"name": "Bob"}, timeout=10
    ).json()
    others = [browser.new_context(viewport={"width": 1280, "height": 800}) for _ in range(2)]
    try:
        ann, bob, watcher = context.new_page(), others[0].new_page(), others[1].new_page()
        sit(ann, server, table, made["token"], 0)
        sit(bob, server, table, joined["token"], 1)
        watcher.goto(f"{server.url}/t/{table}")
        expect(watcher.locator("#seat-info")).to_contain_text("watching", ignore_case=True)
        mine, his = set(hand_of(ann)), set(hand_of(bob))
        assert len(mine) == len(his) == 13 and not mine & his
        expect(watcher.locator(HAND)).to_have_count(0)
        # Play until Bob sees a card of Ann's on the table, then reload Bob mid-trick.
        end = time.monotonic() + 60
        while time.monotonic() < end:
            for page in (ann, bob):
                if my_turn(page) and page.locator(PLAYABLE).count():
                    page.locator(PLAYABLE).first.click()
            bob.wait_for_timeout(100)
            on_table = bob.locator("#trick [data-card]").count()
            if bob.locator("#trick [data-seat='0']").count() and 0 < on_table < 4:
                break
        else:
            raise AssertionError("Bob never saw a card of Ann's in a trick under way")
        shown = bob.locator("#trick [data-seat='0']").first.get_attribute("data-card")
        assert shown is not None and shown not in hand_of(ann)  # (played: gone from Ann's hand)
        expect(watcher.locator(f"#trick [data-card='{shown}']")).to_have_count(1)
        held = hand_of(bob)
        bob.reload()
        expect(bob.locator("#seat-info")).to_contain_text("seat 2", ignore_case=True)
        expect(bob.locator(HAND)).to_have_count(len(held))
        assert hand_of(bob) == held
        assert not set(hand_of(ann)) & set(hand_of(bob))
        expect(watcher.locator(HAND)).to_have_count(0)
    finally:
        for made_context in others:
            made_context.close()


def test_the_turn_timer_hands_a_silent_seats_move_to_a_bot(page: Page, server: LiveServer) -> None:
    made = make_table(
        server,
        [{"kind": "person"}] + [{"kind": "bot", "bot": "basic"}] * 3,
        variant="classic",
        timer=2,
    )
    table = made["table"]["id"]
    sit(page, server, table, made["token"], 0)
    wait_for_my_turn_or(page, lambda: False)
    before = len(hand_of(page))
    expect(page.locator("#clock")).to_contain_text(re.compile(r"\d:\d\d"))  # (counting down)
    expect(page.locator(HAND)).to_have_count(before - 1, timeout=WAIT)  # (the stand-in played)


def test_by_the_laws_a_revoke_is_confirmed_and_claimed_by_a_seat_whose_turn_it_is_not(
    browser: Browser, context: BrowserContext, server: LiveServer
) -> None:
    """Laws 22-26 in the page: Ann tries a card off the suit led while holding it; the server's
    sentence comes with "Revoke: play it anyway", which plays it; Bob's page shows it as a card
    played; Bob claims the revoke while it is Ann's turn, and a revoke by a bot that did not
    revoke: both pages show both claims alike, to be judged at the end of the hand (law 25),
    and then show the judgement: Ann's revoke established, the other claim void."""
    made = make_table(
        server,
        [{"kind": "person"}, {"kind": "person"}] + [{"kind": "bot", "bot": "basic"}] * 2,
        variant="classic",
        options={"laws": True},
    )
    table = made["table"]["id"]
    joined = httpx.post(
        f"{server.url}/api/tables/{made['code']}/join", json={"name": "Bob"}, timeout=10
    ).json()
    other = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        ann, bob = context.new_page(), other.new_page()
        sit(ann, server, table, made["token"], 0)
        sit(bob, server, table, joined["token"], 1)
        end = time.monotonic() + 60
        while time.monotonic() < end:  # (to Ann's turn, not last to the trick, with a card off
            # the suit led: her card then stays on the table for Bob to see)
            dimmed = ann.locator("#hand button.card[aria-disabled='true']").count()
            if my_turn(ann) and dimmed and 0 < ann.locator("#trick [data-card]").count() < 3:
                break
            for page in (ann, bob):
                gather = page.locator("#moves button[data-move='gather']")
                if gather.count():
                    gather.click()  # (the laws: the cards are gathered when all have let them)
                elif my_turn(page) and page.locator(PLAYABLE).count():
                    card = str(page.locator(PLAYABLE).first.get_attribute("data-card"))
                    page.locator(PLAYABLE).first.click()
                    # (Until the page shows the card played it shows the turn before, which
                    # read then could end the search at a turn already taken.)
                    expect(page.locator(f"#hand button.card[data-card='{card}']")).to_have_count(0)
            ann.wait_for_timeout(100)
        else:
            raise AssertionError("Ann never held a card she may not play")
        off = ann.locator("#hand button.card[aria-disabled='true']").first
        name = str(off.get_attribute("data-card"))
        off.click(force=True)
        expect(ann.locator("#message")).to_contain_text("follow suit")
        assert name in hand_of(ann)  # (refused: nothing changed)
        ann.locator("#moves .revoke").click()
        expect(ann.locator(f"#hand button.card[data-card='{name}']")).to_have_count(0)
        expect(bob.locator(f"#trick [data-card='{name}'][data-seat='0']")).to_have_count(1)
        for _ in range(200):  # (Bob plays on until it is Ann's turn: a person, who waits)
            if my_turn(ann):
                break
            if my_turn(bob) and bob.locator(PLAYABLE).count():
                bob.locator(PLAYABLE).first.click()
            bob.wait_for_timeout(100)
        assert my_turn(ann) and not my_turn(bob)
        bob.locator("#moves .claim[data-move='claim 0']").click()
        expect(bob.locator("#moves .claim[data-move='claim 0']")).to_have_count(0)
        bob.locator("#moves .claim[data-move='claim 3']").click()  # (bots never revoke)
        expect(bob.locator("#moves .claim[data-move='claim 3']")).to_have_count(0)
        for page in (ann, bob):
            for seat in (0, 3):
                expect(page.locator(f".seat[data-seat='{seat}'] .claimed")).to_have_text(
                    "revoke claimed: to be judged at the end of the hand"
                )
        log = bob.locator("#log")
        for name in ("Player", "basic (seat 4)"):  # (Ann's table names her Player)
            expect(log).to_contain_text(
                f"You claim a revoke by {name}: claimed, to be judged at the end of the hand."
            )
        # The hand played out, its claims are judged, before the cards are gathered.
        end = time.monotonic() + 90
        while time.monotonic() < end:
            if any(p.locator("#moves button[data-move='gather']").count() for p in (ann, bob)):
                break
            for page in (ann, bob):
                if my_turn(page) and page.locator(PLAYABLE).count():
                    card = str(page.locator(PLAYABLE).first.get_attribute("data-card"))
                    page.locator(PLAYABLE).first.click()
                    expect(page.locator(f"#hand button.card[data-card='{card}']")).to_have_count(0)
            bob.wait_for_timeout(100)
        else:
            raise AssertionError("the hand was never played out")
        for page in (ann, bob):
            expect(page.locator(".seat[data-seat='0'] .claimed")).to_have_text("revoke established")
            expect(page.locator(".seat[data-seat='3'] .claimed")).to_have_text("claim void")
        expect(log).to_contain_text(
            "The claim by you of a revoke by Player stands: the tricks show it (the "
        )
        expect(log).to_contain_text(
            "The claim by you of a revoke by basic (seat 4) is void: the tricks show none made "
            "before it."
        )
    finally:
        other.close()


def test_each_seat_shows_whether_it_is_thinking_or_has_passed(
    browser: Browser, context: BrowserContext, server: LiveServer
) -> None:
    """The page: a seat's state is visible; at the pass, who is still choosing and who has passed."""
    made = make_table(
        server, [{"kind": "person"}, {"kind": "person"}] + [{"kind": "bot", "bot": "basic"}] * 2
    )
    table = made["table"]["id"]
    joined = httpx.post(
        f"{server.url}/api/tables/{made['code']}/join", json={"name": "Bob"}, timeout=10
    ).json()
    other = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        ann, bob = context.new_page(), other.new_page()
        sit(ann, server, table, made["token"], 0)
        sit(bob, server, table, joined["token"], 1)
        bobs_seat = ann.locator("#seats [data-seat='1']")
        expect(bobs_seat.locator(".doing")).to_have_text("thinking\u2026")
        expect(ann.locator("#seats [data-seat='2'] .doing")).to_have_text("passed")  # (a bot)
        expect(ann.locator("#seats [data-seat='0'] .doing")).to_have_count(0)  # (you: no word)
        for index in range(3):
            bob.locator(PLAYABLE).nth(index).click()
        bob.locator("#pass").click()
        expect(bobs_seat.locator(".doing")).to_have_text("passed")
        expect(bobs_seat).to_have_attribute("aria-label", re.compile(r", passed$"))
    finally:
        other.close()


def test_a_trick_just_taken_shows_each_card_by_the_seat_that_played_it_at_seven(
    page: Page, server: LiveServer
) -> None:
    """At seven the dealer sits out, so a trick does not go round from its leader: the trick
    shown as taken (the first one the page holds on the felt) puts each card by the seat that
    played it, as the game's log says."""
    made = make_table(
        server,
        [{"kind": "person"}] + [{"kind": "bot", "bot": "basic"}] * 6,
        variant="classic",
        players=7,
    )
    table = made["table"]["id"]
    sit(page, server, table, made["token"], 0)
    checked = 0
    end = time.monotonic() + 60
    while not checked and time.monotonic() < end:
        if my_turn(page) and page.locator(PLAYABLE).count():
            page.locator(PLAYABLE).first.click()
            page.wait_for_timeout(100)
            continue
        taken = page.locator("#trick.taken [data-card]")
        if not taken.count():
            page.wait_for_timeout(30)
            continue
        shown = taken.evaluate_all("ps => ps.map(p => [p.dataset.card, Number(p.dataset.seat)])")
        if not shown:  # the taken trick left the felt between the count and the read
            continue
        kept = server.store.get(table)
        assert kept is not None
        by = {str(e.card): e.seat for e in kept.events if isinstance(e, CardPlayed)}
        assert shown and all(by[card] == seat for card, seat in shown), (shown, by)
        checked += 1
    assert checked == 1
