"""The hint in a real browser: the Hint button (or the key ?) asks the server, which answers with
the expert's move for this seat; the page marks that card in the hand (a class and words) and
says why in a polite live region; at the pass it marks the cards to pass, choosing none. Out of
turn or watching, the server's refusal is shown and nothing changes."""

from __future__ import annotations

import json
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, WebSocket, expect

from .conftest import LiveServer, fresh_context
from .test_table import HAND, PLAYABLE, hand_of, make_table, my_turn, sit, wait_for_my_turn_or

HINTED = "#hand button.card.hinted"
BOTS = [{"kind": "bot", "bot": "basic"}] * 3


def _hints_heard(page: Page) -> list[dict[str, Any]]:
    """The hint answers the page receives on its socket (filled as they come)."""
    heard: list[dict[str, Any]] = []

    def watch(socket: WebSocket) -> None:
        def frame(payload: str | bytes) -> None:
            data = json.loads(payload)
            if data.get("type") == "hint":
                heard.append(data)

        socket.on("framereceived", frame)

    page.on("websocket", watch)
    return heard


def test_the_hint_button_marks_the_experts_legal_card_and_says_why(
    page: Page, server: LiveServer
) -> None:
    heard = _hints_heard(page)
    made = make_table(server, [{"kind": "person"}, *BOTS], variant="classic")  # (no pass)
    table = made["table"]["id"]
    sit(page, server, table, made["token"], 0)
    wait_for_my_turn_or(page, lambda: False)
    playable = {str(b.get_attribute("data-card")) for b in page.locator(PLAYABLE).all()}
    before = hand_of(page)
    button = page.locator("#moves #hint")
    expect(button).to_be_visible()
    button.click()
    expect(page.locator(HINTED)).to_have_count(1)
    expect(button).to_be_focused()  # (the focus stays where it was, the button redrawn)
    card = str(page.locator(HINTED).get_attribute("data-card"))
    assert [answer["move"] for answer in heard] == [card]  # (the server's, marked as it said)
    assert card in playable
    expect(page.locator(HINTED)).to_have_attribute("aria-label", f"{_words(page, card)}"
                                                   " (the hint's suggestion)")  # fmt: skip
    expect(page.locator(HINTED)).to_have_attribute("aria-describedby", "hint-note")
    note = page.locator("#hint-note")
    expect(note).to_have_attribute("aria-live", "polite")
    # The server's plain words (hearts.words): the card, and what it saves or why.
    expect(note).to_have_text(f"Hint: {heard[0]['text']}")
    assert heard[0]["text"].startswith(f"{_short(page, card)}: "), heard[0]
    assert "average" not in heard[0]["text"] and "rules of thumb" not in heard[0]["text"]
    assert hand_of(page) == before and my_turn(page)  # (advice only: nothing was played)
    # Playing another card (or this one) moves on: the mark and the reason go.
    page.locator(f"{HAND}[data-card='{card}']").click()
    expect(page.locator(HINTED)).to_have_count(0)
    expect(note).to_have_text("")


def test_at_the_pass_the_key_asks_and_the_cards_to_pass_are_marked_not_chosen(
    page: Page, server: LiveServer
) -> None:
    made = make_table(server, [{"kind": "person"}, *BOTS], variant="modern")
    sit(page, server, made["table"]["id"], made["token"], 0)
    expect(page.locator("#pass")).to_be_visible()
    page.locator(HAND).first.focus()
    page.keyboard.press("?")
    expect(page.locator(HINTED)).to_have_count(3)
    marked = [str(b.get_attribute("data-card")) for b in page.locator(HINTED).all()]
    assert set(marked) <= set(hand_of(page))
    expect(page.locator("#hint-note")).to_contain_text("Hint: Pass ")
    expect(page.locator("#hand button.card[aria-pressed='true']")).to_have_count(0)
    expect(page.locator("#pass")).to_contain_text("0 of 3 chosen")
    # Choosing a card keeps the marks (the same pass is still to choose).
    page.locator(f"{HAND}[data-card='{marked[0]}']").click()
    expect(page.locator(HINTED)).to_have_count(3)


def test_a_hint_out_of_turn_or_by_a_watcher_shows_the_servers_sentence_and_changes_nothing(
    page: Page, browser: Browser, server: LiveServer
) -> None:
    made = make_table(
        server, [{"kind": "person"}, {"kind": "person"}, *BOTS[:2]], variant="classic"
    )  # (seat 1, the eldest hand, leads the first trick)
    table = made["table"]["id"]
    joined = httpx.post(
        f"{server.url}/api/tables/{made['code']}/join", json={"name": "Bob"}, timeout=10
    ).json()
    sit(page, server, table, made["token"], 0)
    bob, away = fresh_context(browser), fresh_context(browser)  # (Bob's, and a watcher's)
    try:
        bob_page = bob.new_page()
        sit(bob_page, server, table, joined["token"], 1)
        wait_for_my_turn_or(bob_page, lambda: False)
        expect(page.locator(HAND)).to_have_count(13)
        assert not my_turn(page)
        expect(page.locator("#moves #hint")).to_have_count(0)  # (no button out of turn)
        before = hand_of(page)
        page.keyboard.press("?")
        expect(page.locator("#message")).to_have_text(
            "a hint is for your own move, and you have none to make now"
        )
        expect(page.locator(HINTED)).to_have_count(0)
        assert hand_of(page) == before and hand_of(bob_page) and my_turn(bob_page)
        watcher = away.new_page()
        watcher.goto(f"{server.url}/t/{table}")
        expect(watcher.locator("#seat-info")).to_contain_text("watching", ignore_case=True)
        expect(watcher.locator("#moves #hint")).to_have_count(0)
        watcher.locator("body").press("?")
        expect(watcher.locator("#message")).to_have_text(
            "a watcher cannot ask for a hint: join a seat"
        )
        expect(watcher.locator(HAND)).to_have_count(0)
        assert my_turn(bob_page)  # (still Bob's turn: nothing was played)
    finally:
        bob.close()
        away.close()


def _short(page: Page, card: str) -> str:
    """A card as the page writes it (cards.js short): "Q♠", "10♥"."""
    return str(page.evaluate("(c) => import('/static/cards.js').then((m) => m.short(c))", card))


def _words(page: Page, card: str) -> str:
    """The card in words, as the page's own cards.js says it."""
    return str(page.evaluate("async (c) => (await import('/static/cards.js')).words(c)", card))
