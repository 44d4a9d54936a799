"""The page shows the server's words (docs/protocol.md, "Words"): the log's lines are the
``text`` the server gave each event for this seat, newest last; the page words no event itself
(static/log.js)."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, WebSocket, expect

from .conftest import LiveServer
from .test_table import make_table, sit, wait_for_my_turn_or

BOTS = [{"kind": "bot", "bot": "basic"}] * 3
LEFT_TO_THE_FELT = ("card_played", "shuffle_committed")
"""Events the log leaves to the felt (the trick shows a card played) or does not show."""


def _states_heard(page: Page) -> list[dict[str, Any]]:
    """The states the page receives on its socket (filled as they come)."""
    heard: list[dict[str, Any]] = []

    def watch(socket: WebSocket) -> None:
        def frame(payload: str | bytes) -> None:
            data = json.loads(payload)
            if data.get("type") == "state":
                heard.append(data)

        socket.on("framereceived", frame)

    page.on("websocket", watch)
    return heard


def test_the_log_shows_the_words_the_server_sent_for_this_seat(
    page: Page, server: LiveServer
) -> None:
    """After the pass and a few cards: each line of this hand's log is the server's text of
    an event of the seat's view, in order (the lines the view alone tells, as the cards
    received, in between); none is worded by the page."""
    heard = _states_heard(page)
    made = make_table(server, [{"kind": "person"}, *BOTS], variant="modern")
    sit(page, server, made["table"]["id"], made["token"], 0)
    expect(page.locator("#pass")).to_be_visible()
    log = page.locator("#log section").last.locator("li")
    expect(log).to_have_count(4)  # (the deal and the bots' three passes: the table waits)
    lines = log.all_inner_texts()
    assert lines == _said(heard[-1]), (lines, heard[-1]["view"]["events"])
    assert lines[0].startswith("You deal hand 1: ") and "you are dealt 13 cards" in lines[0]
    assert all(" passes 3 cards to " in line for line in lines[1:]), lines  # (face down)
    for card in page.locator("#hand button.card").all()[:3]:
        card.click()
    page.locator("#pass").click()
    wait_for_my_turn_or(page, lambda: False)  # (the bots wait for the person's card)
    lines = [line for line in log.all_inner_texts() if not line.startswith("You receive ")]
    assert lines == _said(heard[-1]), (lines, heard[-1]["view"]["events"])
    assert any(line.startswith("You pass ") for line in lines), lines


def _said(state: dict[str, Any]) -> list[str]:
    """The server's words for the events of a state's view that the log shows."""
    return [
        str(event["text"])
        for event in state["view"]["events"]
        if event["kind"] not in LEFT_TO_THE_FELT
    ]
