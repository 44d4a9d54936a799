"""Duplicate events in a real browser (static/events.js; docs/page.md, "Duplicate events"): the
list and the private event's form (a link made; a guest told to sign in), an event's deals with
their commitments, a deal played against bots through the ordinary table page to its end ("Deal
1 of 2", "Back to the event", "Next deal"), the result and the live standings on the event's
page, and a deal's page refused before it is played and showing everyone's replays side by
side, stepped together, after; at a phone's size nothing scrolls sideways and axe finds nothing.
With HEARTS_WRITE_SCREENSHOTS=1 the README's pictures docs/events.png (a laptop) and
docs/events-phone.png (a phone) are written: look at them."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from websockets.sync.client import connect

from .conftest import WAIT, LiveServer, fresh_context
from .test_forms import play_until
from .test_look import DESKTOP, PHONE, WRITE, describe, violations

DOCS = Path(__file__).parents[2] / "docs"
HOSTILE = "<img src=x onerror=p=1>"
"""A name that would run a script if it were put in the page as HTML."""
PASSWORD = "a-long-password"


def sign_up(page: Page, name: str) -> None:
    """Make an account from the page (its cookie is the context's: the person is signed in)."""
    status = page.evaluate(
        """async ([name, password]) => (await fetch("/api/account/signup", {method: "POST",
          headers: {"content-type": "application/json"}, body: JSON.stringify({name, password})})).status""",
        [name, PASSWORD],
    )
    assert status == 201


def answer(page: Page, url: str) -> Any:
    """The server's JSON answer to a GET of ``url`` with this page's cookie (any status)."""
    return page.request.get(url).json()


def refusal(data: dict[str, Any]) -> str:
    """The sentence of a refusal (``{"detail": ...}``, or the app's ``{"error": ...}``)."""
    return str(data.get("detail") or data.get("error"))


def play_out(server: LiveServer, table: str, token: str, pick: float = 0.0) -> None:
    """Play a seat's moves over its table's socket, as a client does, until the game is over:
    the cards to pass or the move at ``pick`` of the way along what the view offers (0: the
    first, 1: the last)."""
    address = server.url.replace("http://", "ws://") + f"/ws/tables/{table}"
    with connect(address, open_timeout=10) as socket:
        socket.send(json.dumps({"type": "hello", "version": 1, "token": token}))
        ref = 0
        for _ in range(5000):
            message = json.loads(socket.recv(timeout=WAIT / 1000))
            if message["type"] == "over":
                return
            if message["type"] != "state" or message.get("turn") is None:
                continue
            view = message["view"]
            if view.get("choose"):
                choose = view["choose"]
                cards = choose["cards"] if pick < 0.5 else choose["cards"][::-1]
                move = f"{choose['move']} {' '.join(cards[: choose['count']])}"
            elif view.get("legal_moves"):
                legal = view["legal_moves"]
                move = legal[round(pick * (len(legal) - 1))]
            else:
                continue
            ref += 1
            socket.send(json.dumps({"type": "move", "move": move, "ref": ref}))
    raise AssertionError("the deal did not end")


def another_plays(server: LiveServer, key: str, name: str, deal: int, pick: float = 0.0) -> None:
    """Another person (an account of their own, no browser) plays ``deal`` of the event to its
    end at their own table (``pick``: which moves, as :func:`play_out` says)."""
    with httpx.Client(base_url=server.url, timeout=30) as client:
        made = client.post("/api/account/signup", json={"name": name, "password": PASSWORD})
        assert made.status_code == 201, made.text
        seat = client.post(f"/api/events/{key}/deals/{deal}/play", json={})
        assert seat.status_code == 200, seat.text
        play_out(server, seat.json()["table"], seat.json()["token"], pick)


def make_event(page: Page, server: LiveServer, name: str, deals: int) -> str:
    """A private event made by the page's person through the API (easy bots, closing in two
    hours): its key."""
    made = page.request.post(
        server.url + "/api/events",
        data={
            "name": name,
            "variant": "modern",
            "players": 4,
            "level": "easy",
            "deals": deals,
            "hours": 2,
        },
    )
    assert made.status == 201, made.text()
    return str(made.json()["key"])


@pytest.fixture(scope="module")
def host(browser: Browser, server: LiveServer) -> Iterator[tuple[BrowserContext, str]]:
    """Ann, signed in in a laptop's window, and a private event she made (two deals against easy
    bots, closing in two hours): her context and the event's key."""
    context = fresh_context(browser, viewport=DESKTOP, reduced_motion="reduce")
    context.set_default_timeout(WAIT)
    page = context.new_page()
    page.goto(server.url + "/")
    sign_up(page, "Ann")
    key = make_event(page, server, "Friday night", 2)
    page.close()
    try:
        yield context, key
    finally:
        context.close()


def test_the_list_and_the_private_events_form_give_a_link_and_a_guest_is_told_to_sign_in(
    page: Page, server: LiveServer
) -> None:
    """The lobby links to /events; a guest sees the events and is told to sign in to enter and
    to make one; signed in, the form makes a private event (its name as text) and gives its
    link, which opens the event."""
    page.goto(server.url + "/")
    page.locator("#events-link").click()
    expect(page).to_have_url(server.url + "/events")
    expect(page.locator("#events-enter")).to_contain_text("Sign in")
    expect(page.locator("#make-event-guest")).to_contain_text("Sign in")
    sign_up(page, "Cleo")
    page.reload()
    expect(page.locator("#events-enter")).to_have_text("")
    page.locator("#event-name").fill(HOSTILE)
    page.locator("#event-level").select_option("easy")
    page.locator("#event-deals").fill("3")
    page.locator("#event-hours").fill("5")
    page.locator("#event-make").click()
    link = page.locator("#event-link")
    expect(link).to_have_attribute("href", re.compile(r"/e/[^/]+$"))
    key = (link.get_attribute("href") or "").rsplit("/", 1)[1]
    mine = page.locator(f'.event-item[data-key="{key}"]')
    expect(mine.locator(".event-name")).to_have_text(HOSTILE)  # (text: no element made of it)
    expect(mine.locator(".tag.private")).to_have_text("private")
    expect(mine.locator(".event-facts")).to_contain_text("easy bots · 3 deals · closes in 5 h")
    assert page.evaluate("window.p") is None and page.locator("main#events img").count() == 0
    listed = {e["key"]: e for e in answer(page, server.url + "/api/events")["events"]}
    assert (
        listed[key]["private"] and listed[key]["deals"] == 3 and listed[key]["form"] == "modern/4"
    )
    link.click()
    expect(page.locator("#event-name")).to_have_text(HOSTILE)


def test_an_events_page_lists_its_deals_with_their_commitments(
    host: tuple[BrowserContext, str], server: LiveServer
) -> None:
    """Each deal with its commitment (short, whole in its title, whole on a tap, and still whole
    once the page has read the event again), no seed before the close, a Play button; the
    unfinished-deal rule in the server's words. (An event of its own, none of its deals played
    whatever the other tests did.)"""
    context, _ = host
    page = context.new_page()
    page.goto(server.url + "/")
    key = make_event(page, server, "Sunday night", 2)
    page.goto(f"{server.url}/e/{key}")
    event = answer(page, f"{server.url}/api/events/{key}")
    deals = page.locator("#deal-list li.deal")
    expect(deals).to_have_count(2)
    for deal, shown in zip(event["deal_list"], deals.all(), strict=True):
        assert re.fullmatch(r"[0-9a-f]{64}", deal["digest"]) and deal["seed"] is None
        digest = shown.locator("button.digest")
        expect(digest).to_have_attribute("title", deal["digest"])
        expect(digest).to_have_text(deal["digest"][:12] + "…")
        expect(shown.locator("button.seed")).to_have_count(0)
        expect(shown.locator("button.play")).to_have_text("Play")
    first = deals.first.locator("button.digest")
    first.click()
    expect(first).to_have_text(event["deal_list"][0]["digest"])
    note = page.locator("#standings-note")
    read = note.inner_text()
    expect(note).not_to_have_text(read)  # (the event read again: the digest is still whole)
    expect(first).to_have_text(event["deal_list"][0]["digest"])
    rule = event["unfinished_rule"].rstrip(".")
    expect(page.locator("#unfinished-rule")).to_have_text(rule[0].upper() + rule[1:] + ".")
    expect(page.locator("#event-facts")).to_contain_text("easy bots · 2 deals · closes in 2 h")
    page.close()


def header_clear_on_a_phone(page: Page) -> None:
    """On a phone's width, the table's header line keeps the account's button whole and clear
    of the Settings button (the event's words beside them are cut short instead)."""
    page.set_viewport_size(PHONE)
    try:
        expect(page.locator("#account button").first).to_be_visible()
        # (measured in the page in one go, waited for: the header may be drawn again meanwhile)
        page.wait_for_function(
            """() => {
              const mine = document.querySelector("#account button");
              const cog = document.getElementById("settings-open");
              if (!mine || !cog) return false;
              const a = mine.getBoundingClientRect(), b = cog.getBoundingClientRect();
              return a.width > 0 && a.right <= b.left && mine.scrollWidth <= mine.clientWidth;
            }"""
        )
    finally:
        page.set_viewport_size(DESKTOP)


def test_a_deal_played_through_the_table_page_shows_the_result_standings_and_everyones_play(
    host: tuple[BrowserContext, str], server: LiveServer
) -> None:
    """The deal's page refuses (the server's sentence) before Ann has played it; Play opens the
    table page, which says "Deal 1 of 2" and, the hand over, offers "Next deal" and "Back to the
    event"; there her result and the standings, which show Bob's when he finishes the deal while
    the page is open; then the deal's page shows both results and both replays side by side,
    stepped together trick by trick, hers first."""
    context, key = host
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.url}/e/{key}/deal/1")
    refused = page.request.get(f"{server.url}/api/events/{key}/deals/1")
    assert refused.status == 403
    expect(page.locator("#deal-refusal")).to_have_text(refusal(refused.json()))
    page.goto(f"{server.url}/e/{key}")
    page.locator('#deal-list li[data-deal="1"] button.play').click()
    expect(page).to_have_url(re.compile(r"/t/[^/]+$"))
    expect(page.locator("#event-deal")).to_have_text("Deal 1 of 2 \u2014 Friday night")
    header_clear_on_a_phone(page)
    back = page.locator("#back-to-event")
    play_until(page, lambda: back.is_visible())
    expect(page.locator("#game-over-title")).to_have_text("Deal 1 of 2 is over")
    expect(page.locator("#next-deal")).to_be_visible()
    expect(page.locator("#play-again")).to_have_count(0)
    back.click()
    played = page.locator('#deal-list li[data-deal="1"]')
    expect(played).to_have_attribute("data-state", "finished")
    mine = answer(page, f"{server.url}/api/events/{key}")["deal_list"][0]["mine"]
    expect(played.locator(".deal-played")).to_contain_text(f"Played: {mine['points']} point")
    expect(played.locator(".deal-played")).to_contain_text(f"{mine['matchpoints']:.1f}%")
    standings = page.locator("#standings tbody tr")
    expect(standings).to_have_count(1)
    expect(standings.first.locator("td").nth(1)).to_have_text("Ann")
    another_plays(server, key, "Bob", 1)  # (while Ann's page is open: its poll shows him)
    expect(standings).to_have_count(2)
    expect(page.locator("#standings")).to_contain_text("Bob")
    played.locator("a.others").click()
    results = page.locator("#deal-results tbody tr")
    expect(results).to_have_count(2)
    expect(page.locator("#deal-results tr.mine .board-name")).to_contain_text("Ann")
    boards = page.locator("#deal-boards .board-card")
    expect(boards).to_have_count(2)
    expect(boards.first).to_have_class(re.compile(r"\bmine\b"))
    expect(boards.locator(".seat").first).to_be_visible()
    page.locator("#deal-next").click()
    expect(page.locator("#deal-at")).to_have_text("Trick 1 taken")
    for board in boards.all():  # (each board at the step where its first trick was taken)
        replay = answer(page, f"{server.url}/api/games/{board.get_attribute('data-game')}/replay")
        step = next(
            n
            for n, s in enumerate(replay["steps"])
            if s["at"] and s["at"] == {"trick": 1, "card": 4, "of": 4}
        )
        expect(board).to_have_attribute("data-step", str(step))
        expect(board.locator(".trick .played")).to_have_count(4)
    page.close()
    assert not errors, f"the page's script failed: {errors}"


def test_a_deal_with_friends_gives_a_link_that_seats_a_friend_at_the_same_table(
    browser: Browser, host: tuple[BrowserContext, str], server: LiveServer
) -> None:
    """Ann makes a table of people for deal 2 (two seats for people): the page gives the
    friends' link; Fay, signed in in her own browser, opens it, takes the seat and is at Ann's
    table (the table page says which deal); a guest opening it is told to sign in."""
    context, _ = host
    page = context.new_page()
    page.goto(server.url + "/")
    key = make_event(page, server, "With friends", 2)
    page.goto(f"{server.url}/e/{key}")
    page.locator("#friends summary").click()
    page.locator("#friends-deal").select_option("2")
    page.locator("#friends-people").select_option("2")
    page.locator("#friends-make").click()
    link = page.locator("#friends-link")
    expect(link).to_have_attribute("href", re.compile(rf"/e/{key}\?deal=2&table=[^&]+$"))
    invite = link.get_attribute("href") or ""
    table = invite.rsplit("=", 1)[1]
    page.locator("#friends-table").click()
    expect(page).to_have_url(f"{server.url}/t/{table}")
    expect(page.locator("#event-deal")).to_have_text("Deal 2 of 2 \u2014 With friends")
    guest = fresh_context(browser, viewport=PHONE)
    try:
        looker = guest.new_page()
        looker.goto(invite)
        expect(looker.locator("#event-invited")).to_contain_text("Sign in")
        expect(looker.locator("#take-seat")).to_have_count(0)
        sign_up(looker, "Fay")
        looker.reload()
        looker.locator("#take-seat").click()
        expect(looker).to_have_url(f"{server.url}/t/{table}")
        expect(looker.locator("#event-deal")).to_have_text("Deal 2 of 2 \u2014 With friends")
        expect(looker.locator("#seat-info")).to_contain_text("seat 2")
        expect(page.locator('#seats .seat[data-seat="1"] .name')).to_contain_text("Fay")
    finally:
        guest.close()
        page.close()


def test_the_events_pages_fit_a_phone_and_a_laptop_with_no_accessibility_violation(
    browser: Browser, host: tuple[BrowserContext, str], server: LiveServer
) -> None:
    """The list, the event and the deal's boards at a phone's size scroll only downwards (the
    boards sideways in their own row); axe finds nothing. (An event of its own, its deal played
    by Ann, Dora and Emil over the socket, each choosing other cards; with HEARTS_WRITE_SCREENSHOTS=1 the README's pictures.)"""
    context, _ = host
    laptop = context.new_page()
    laptop.goto(server.url + "/")
    key = make_event(laptop, server, "Saturday's duplicate", 1)
    seat = laptop.request.post(f"{server.url}/api/events/{key}/deals/1/play", data={})
    assert seat.status == 200, seat.text()
    play_out(server, seat.json()["table"], seat.json()["token"])
    another_plays(server, key, "Dora", 1, pick=1.0)  # (other cards: another play to compare)
    another_plays(server, key, "Emil", 1, pick=0.5)
    laptop.goto(f"{server.url}/e/{key}/deal/1")
    expect(laptop.locator("#deal-boards .board-card .seat").first).to_be_visible()
    for _ in range(4):
        laptop.locator("#deal-next").click()
    expect(laptop.locator("#deal-at")).to_have_text("Trick 4 taken")
    if WRITE:
        (DOCS / "events.png").write_bytes(laptop.screenshot(full_page=True, animations="disabled"))
    found = violations(laptop)
    assert not found, describe(found)
    laptop.close()
    phone = fresh_context(
        browser,
        viewport=PHONE,
        is_mobile=True,
        reduced_motion="reduce",
        storage_state=context.storage_state(),
    )
    try:
        page = phone.new_page()
        for path, ready in (
            ("/events", ".event-item"),
            (f"/e/{key}", "#standings tbody tr"),
            (f"/e/{key}/deal/1", "#deal-boards .board-card .seat"),
        ):
            page.goto(server.url + path)
            expect(page.locator(ready).first).to_be_visible()
            assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], path
            found = violations(page)
            assert not found, f"{path}: {describe(found)}"
        for _ in range(4):
            page.locator("#deal-next").click()
        expect(page.locator("#deal-at")).to_have_text("Trick 4 taken")
        row = page.locator("#deal-boards")
        assert row.evaluate("box => box.scrollWidth > box.clientWidth")  # (the boards side by side)
        if WRITE:
            (DOCS / "events-phone.png").write_bytes(
                page.screenshot(full_page=True, animations="disabled")
            )
    finally:
        phone.close()
