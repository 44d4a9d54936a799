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
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from hearts.events import CardPlayed, Passed, TrickWon
from hearts.server import tables

from .conftest import WAIT, LiveServer, fresh_context

HAND = "#hand button.card"
PLAYABLE = "#hand button.card:not([aria-disabled='true'])"
LIMIT = 240.0
"""Seconds a test may wait for play to come round to a point of a hand: a failsafe only (each
step waits for the state it needs; on a quiet machine a hand takes seconds)."""
REVOKE_SEED = 10
"""A classic deal under the laws where Ann (seat 0) may revoke in the second trick with Bob (seat
1) to play next, when Ann and Bob play their first playable cards (basic bots in seats 2-3)."""


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


def wait_for_my_turn_or(page: Page, done: Any, limit: float = LIMIT) -> bool:
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


def play(page: Page, card: str) -> None:
    """Click a card of the hand and wait for the page to show it gone from the hand (the state
    after the move: the page no longer shows the turn it was played at)."""
    page.locator(f'{HAND}[data-card="{card}"]').click()
    expect(page.locator(f'{HAND}[data-card="{card}"]')).to_have_count(0)


def play_first(page: Page) -> str:
    """Play this seat's first playable card (:func:`play`); the card."""
    card = str(page.locator(PLAYABLE).first.get_attribute("data-card"))
    play(page, card)
    return card


def to_a_revoke(ann: Page, bob: Page, limit: float = LIMIT) -> str:
    """Play Ann's and Bob's first playable cards (the bots play between) until it is Ann's turn
    with a card she may not play (off the suit led while she holds it) and Bob to play after her
    (a person, who waits: a card she plays then stays on the table); that card. Each page is
    read only at its own turn, which stays its own until it moves: never a position gone by."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if my_turn(ann):
            if "gathered" in ann.locator("#status").inner_text():
                raise AssertionError("the hand ended before Ann held a card she may not play")
            shown = ann.evaluate(
                """() => ({
                  dimmed: [...document.querySelectorAll("#hand button.card[aria-disabled='true']")]
                    .map((b) => b.dataset.card),
                  trick: document.querySelectorAll("#trick [data-card]").length })"""
            )
            if shown["dimmed"] and 0 < shown["trick"] < 3:  # (not last to play: Bob is next)
                return str(shown["dimmed"][0])
            play_first(ann)
        elif my_turn(bob) and "gathered" not in bob.locator("#status").inner_text():
            play_first(bob)
        elif "gathered" in bob.locator("#status").inner_text():
            raise AssertionError("the hand ended before Ann held a card she may not play")
        else:
            ann.wait_for_timeout(50)  # (the bots are playing)
    raise AssertionError(f"Ann never held a card she may not play in {limit} s")


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
    checked = page.locator("#hand-over .reveal")
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
    checked = page.locator("#hand-over .reveal")
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
        play_first(page)  # (and the page shows the state after it: no turn read twice)
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
    others = [fresh_context(browser, viewport={"width": 1280, "height": 800}) for _ in range(2)]
    try:
        ann, bob, watcher = context.new_page(), others[0].new_page(), others[1].new_page()
        sit(ann, server, table, made["token"], 0)
        sit(bob, server, table, joined["token"], 1)
        watcher.goto(f"{server.url}/t/{table}")
        expect(watcher.locator("#seat-info")).to_contain_text("watching", ignore_case=True)
        mine, his = set(hand_of(ann)), set(hand_of(bob))
        assert len(mine) == len(his) == 13 and not mine & his
        expect(watcher.locator(HAND)).to_have_count(0)
        # Play until Bob, to play, sees a card of Ann's on the table (the trick waits for him,
        # a person), then reload Bob mid-trick.
        end = time.monotonic() + LIMIT
        while time.monotonic() < end:
            if my_turn(bob):
                on_table = bob.evaluate(
                    """() => [...document.querySelectorAll("#trick [data-card]")]
                      .map((p) => Number(p.dataset.seat))"""
                )
                if 0 in on_table and len(on_table) < 4:  # (4: the trick before, just taken)
                    break
                play_first(bob)
            elif my_turn(ann):
                play_first(ann)
            else:
                bob.wait_for_timeout(50)  # (the bots are playing)
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
    browser: Browser,
    context: BrowserContext,
    server: LiveServer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Laws 22-26 in the page: Ann tries a card off the suit led while holding it; the server's
    sentence comes with "Revoke: play it anyway", which plays it; Bob's page shows it as a card
    played; Bob claims the revoke while it is Ann's turn, and a revoke by a bot that did not
    revoke: both pages show both claims alike, to be judged at the end of the hand (law 25),
    and then show the judgement: Ann's revoke established, the other claim void."""
    monkeypatch.setattr(tables.secrets, "randbits", lambda bits: REVOKE_SEED)
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
    other = fresh_context(browser, viewport={"width": 1280, "height": 800})
    try:
        ann, bob = context.new_page(), other.new_page()
        sit(ann, server, table, made["token"], 0)
        sit(bob, server, table, joined["token"], 1)
        # (to Ann's turn, not last to the trick, with a card off the suit led: her card then
        # stays on the table for Bob to see)
        name = to_a_revoke(ann, bob)
        off = ann.locator(f'{HAND}[data-card="{name}"]')
        off.click(force=True)
        expect(ann.locator("#message")).to_contain_text("follow suit")
        assert name in hand_of(ann)  # (refused: nothing changed)
        ann.locator("#moves .revoke").click()
        expect(ann.locator(f"#hand button.card[data-card='{name}']")).to_have_count(0)
        expect(bob.locator(f"#trick [data-card='{name}'][data-seat='0']")).to_have_count(1)
        end = time.monotonic() + LIMIT
        while not my_turn(ann):  # (Bob plays on until it is Ann's turn: a person, who waits)
            assert time.monotonic() < end, "it never came round to Ann's turn"
            if my_turn(bob):
                play_first(bob)
            else:
                ann.wait_for_timeout(50)  # (the bots are playing)
        assert not my_turn(bob)
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
                f"You claim a revoke by {name}: to be judged when the hand has been played out."
            )
        # The hand played out, its claims are judged, before the cards are gathered.
        end = time.monotonic() + LIMIT
        # (a seat's turn with no card to play is the gathering's, drawn with its button just
        # after the check above: seen under load, Bob's "your turn" then had no card for ever)
        while not any(p.locator("#moves button[data-move='gather']").count() for p in (ann, bob)):
            assert time.monotonic() < end, "the hand was never played out"
            if my_turn(ann) and ann.locator(PLAYABLE).count():
                play_first(ann)
            elif my_turn(bob) and bob.locator(PLAYABLE).count():
                play_first(bob)
            else:
                bob.wait_for_timeout(50)  # (the bots are playing, or the page is drawing)
        for page in (ann, bob):
            expect(page.locator(".seat[data-seat='0'] .claimed")).to_have_text("revoke established")
            expect(page.locator(".seat[data-seat='3'] .claimed")).to_have_text("claim void")
        expect(log).to_contain_text(
            "Your claim of a revoke by Player stands: the tricks show it (the "
        )
        expect(log).to_contain_text(
            "Your claim of a revoke by basic (seat 4) is void: the tricks show none made before it."
        )
    finally:
        other.close()


def test_by_the_laws_the_offer_to_revoke_stays_while_the_position_does(
    browser: Browser,
    context: BrowserContext,
    server: LiveServer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The offer "Revoke: play it anyway" comes with the server's refusal, not with a state; a
    state of the same position redraws the moves (a seat's connection changing, the trick just
    taken leaving the felt), and the offer stays through it, and still plays the card as a
    revoke. (It once went with the next redraw: gone a moment after it came, before it could be
    clicked.)"""
    monkeypatch.setattr(tables.secrets, "randbits", lambda bits: REVOKE_SEED)
    made = make_table(
        server,
        [{"kind": "person"}, {"kind": "person"}] + [{"kind": "bot", "bot": "basic"}] * 2,
        variant="classic",
        name="Ann",
        options={"laws": True, "end": "deals", "deals": 1},
    )
    table = made["table"]["id"]
    joined = httpx.post(
        f"{server.url}/api/tables/{made['code']}/join", json={"name": "Bob"}, timeout=10
    ).json()
    other = fresh_context(browser, viewport={"width": 1280, "height": 800})
    try:
        ann, bob = context.new_page(), other.new_page()
        sit(ann, server, table, made["token"], 0)
        sit(bob, server, table, joined["token"], 1)
        name = to_a_revoke(ann, bob)
        ann.locator(f'{HAND}[data-card="{name}"]').click(force=True)
        offer = ann.locator("#moves .revoke")
        expect(offer).to_be_visible()
        bobs_seat = ann.locator(".seat[data-seat='1']")
        expect(bobs_seat).not_to_have_class(re.compile(r"\bdisconnected\b"))
        bob.close()  # (every seat is sent the state again: Bob is disconnected)
        expect(bobs_seat).to_have_class(re.compile(r"\bdisconnected\b"))
        assert my_turn(ann)  # (the same position: still Ann's turn)
        expect(offer).to_have_text(re.compile(r"^Revoke: play \S+ anyway$"))
        offer.click()
        expect(ann.locator(f'{HAND}[data-card="{name}"]')).to_have_count(0)
        expect(ann.locator("#log li").last).to_have_text(
            re.compile(r"^You play the \S+: a revoke\.$")
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
    other = fresh_context(browser, viewport={"width": 1280, "height": 800})
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
    # (every trick the felt shows as taken, kept as the page draws it: at the test speed a taken
    # trick is held for no time at all, so a look now and then would miss it)
    page.evaluate(
        """() => {
          window.__taken = [];
          const take = () => {
            const shown = [...document.querySelectorAll("#trick.taken [data-card]")]
              .map((p) => [p.dataset.card, Number(p.dataset.seat)]);
            if (shown.length) window.__taken.push(shown);
          };
          new MutationObserver(take).observe(document.getElementById("trick"),
            { subtree: true, childList: true, attributes: true });
        }"""
    )
    end = time.monotonic() + 60
    while not page.evaluate("() => window.__taken.length") and time.monotonic() < end:
        if my_turn(page) and page.locator(PLAYABLE).count():
            page.locator(PLAYABLE).first.click()
        page.wait_for_timeout(50)
    shown = page.evaluate("() => window.__taken[0]")
    assert shown, "no trick was shown taken"
    kept = server.store.get(table)
    assert kept is not None
    # (each trick as the stored events played it, card by seat: the game may be in a later hand
    # by now, where the same cards come round again, so the shown trick is matched whole)
    tricks: list[dict[str, int]] = []
    playing: dict[str, int] = {}
    for event in kept.events:
        if isinstance(event, CardPlayed):
            playing[str(event.card)] = event.seat
        elif isinstance(event, TrickWon):
            tricks.append(playing)
            playing = {}
    assert len(shown) == 6 and dict(shown) in tricks, (shown, tricks)


def _press_through_a_redraw(page: Page, selector: str) -> None:
    """Press the mouse on an element, have the page draw the table again (a resize does so, as a
    state come in does), and release it: one tap whose press and release straddle a drawing."""
    box = page.locator(selector).bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 3)
    page.mouse.down()
    page.evaluate(
        """() => new Promise((done) => {
          window.dispatchEvent(new Event("resize"));
          requestAnimationFrame(() => requestAnimationFrame(() => done()));
        })"""
    )
    page.mouse.up()


def test_a_tap_on_a_card_or_the_pass_lands_though_the_table_is_drawn_mid_tap(
    page: Page, server: LiveServer
) -> None:
    """A tap is a press and a release on one element: the table drawn again between the two (the
    bots' passes come in as a person chooses theirs) keeps the hand's and the moves' buttons, so
    the tap is taken, not lost."""
    made = make_table(server, [{"kind": "person"}] + [{"kind": "bot", "bot": "basic"}] * 3)
    sit(page, server, made["table"]["id"], made["token"], 0)
    expect(page.locator("#pass")).to_be_visible()
    cards = hand_of(page)[:3]
    for card in cards:
        _press_through_a_redraw(page, f"#hand button.card[data-card='{card}']")
        expect(page.locator(f"#hand button.card[data-card='{card}']")).to_have_attribute(
            "aria-pressed", "true"
        )
    expect(page.locator("#pass")).to_contain_text("3 of 3 chosen")
    _press_through_a_redraw(page, "#pass")
    expect(page.locator("#pass")).to_have_count(0)
    for card in cards:
        expect(page.locator(f"#hand button.card[data-card='{card}']")).to_have_count(0)


def test_cards_are_chosen_and_passed_while_the_page_is_still_showing_what_came_in(
    page: Page, server: LiveServer
) -> None:
    """Choosing a pass waits for nobody: with the page still showing states that came in (the
    bots' passes; here pace.js's queue held), the hand's cards may be chosen and Pass pressed,
    where before the hand was dimmed and Pass gone for that moment, and a tap then was lost."""
    made = make_table(server, [{"kind": "person"}] + [{"kind": "bot", "bot": "basic"}] * 3)
    sit(page, server, made["table"]["id"], made["token"], 0)
    expect(page.locator("#pass")).to_be_visible()
    page.evaluate(
        """async () => {
          const pace = await import("/static/pace.js");
          pace.holdFor(new Promise(() => {}));  // (the queue is never caught up from here on)
          window.dispatchEvent(new Event("resize"));  // (the table drawn again, not caught up)
          await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
          if (pace.ready()) throw new Error("the queue was not held");
        }"""
    )
    cards = hand_of(page)[:3]
    for card in cards:
        button = page.locator(f"#hand button.card[data-card='{card}']")
        expect(button).to_have_attribute("aria-disabled", "false")
        button.click()
        expect(button).to_have_attribute("aria-pressed", "true")
    page.locator("#pass").click()

    def passed() -> set[str]:
        kept = server.store.get(made["table"]["id"])
        assert kept is not None
        return {
            str(card)
            for e in kept.events
            if isinstance(e, Passed) and e.seat == 0
            for card in e.cards
        }

    end = time.monotonic() + WAIT / 1000
    while not passed():
        assert time.monotonic() < end, "the pass was never made"
        page.wait_for_timeout(50)
    assert passed() == set(cards)
