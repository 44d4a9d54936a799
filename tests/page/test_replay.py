"""A finished game's replay in a real browser: opened from the lobby's finished games, stepped
forward and back by keys and by buttons, every seat's cards shown as the record has them at
that step (the engine playing the record's moves says which), at a phone's size without
sideways scrolling, and with no serious accessibility violation. The page shows the server's
steps; it works out nothing of the rules."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect
from websockets.sync.client import connect

from hearts import record
from hearts.events import Event, move_of

from .conftest import LiveServer
from .test_look import PHONE, describe, serious
from .test_table import make_table

REPLAY = re.compile(r"/r/[^/#]+(#\d+)?$")


def finish(server: LiveServer, seats: list[str], name: str = "Ann") -> dict[str, Any]:
    """A one-hand table (``options`` {"end": "deals", "deals": 1}) of one person and bots of
    ``seats``' kinds, the person's moves made over the table's socket as a client makes them
    (the first of the moves its view offers) until the game is over; the lobby's answer."""
    made = make_table(
        server,
        [{"kind": "person"}] + [{"kind": "bot", "bot": bot} for bot in seats],
        name=name,
        options={"end": "deals", "deals": 1},
    )
    address = server.url.replace("http://", "ws://") + f"/ws/tables/{made['table']['id']}"
    with connect(address, open_timeout=10) as socket:
        socket.send(json.dumps({"type": "hello", "version": 1, "token": made["token"]}))
        ref = 0
        for _ in range(5000):
            message = json.loads(socket.recv(timeout=15))
            if message["type"] == "over":
                return made
            if message["type"] != "state" or message.get("turn") is None:
                continue
            view = message["view"]
            if view.get("choose"):
                choose = view["choose"]
                move = f"{choose['move']} {' '.join(choose['cards'][: choose['count']])}"
            elif view.get("legal_moves"):
                move = view["legal_moves"][0]
            else:
                continue
            ref += 1
            socket.send(json.dumps({"type": "move", "move": move, "ref": ref}))
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def finished(server: LiveServer) -> dict[str, Any]:
    """A finished game's table (the lobby's answer), its record, and the first step of each
    of its hands (from the replay's answer)."""
    made = finish(server, ["basic", "basic", "basic"])
    answers = {}
    for part in ("record", "replay"):
        reply = httpx.get(f"{server.url}/api/games/{made['table']['id']}/{part}", timeout=10)
        reply.raise_for_status()
        answers[part] = reply.json()
    starts = [hand["step"] for hand in answers["replay"]["hands"]]
    return {"made": made, "record": answers["record"], "starts": starts}


def hands_at(kept: dict[str, Any], event: int) -> list[str]:
    """Each seat's cards once the record's events up to ``event`` have happened: the engine
    deals the record again and plays its moves up to there (the replay's oracle, apart from
    the replay's own code)."""
    found = record.contents(kept)
    game = record.start(found)
    deal = game.deal
    for index, recorded in enumerate(found.events[: event + 1]):
        if recorded.kind == "dealt":
            deal = game.deal
        move = move_of(recorded, index)
        if move is not None:
            game.play(move[1], move[0])
    return [str(deal.hand(seat)) for seat in range(game.players)]


def shown_hands(page: Page) -> list[str]:
    """Each seat's cards as the page shows them, by their names, in seat order."""
    rows = page.locator("#replay-hands .rhand").evaluate_all(
        "rows => rows.map(r => [...r.querySelectorAll('.rcard')].map(c => c.dataset.card))"
    )
    return [" ".join(cards) for cards in rows]


def step_of(page: Page) -> int:
    return int(page.locator("#replay").get_attribute("data-step") or -1)


def check_step(page: Page, kept: dict[str, Any], step: int) -> None:
    """The page is at ``step``, and shows each seat's cards as the record has them there."""
    expect(page.locator("#replay")).to_have_attribute("data-step", str(step))
    event = int(page.locator("#replay").get_attribute("data-event") or -1)
    assert shown_hands(page) == hands_at(kept, event)
    expect(page.locator("#replay-count")).to_contain_text(f"Step {step + 1} of ")


def no_sideways_scroll(page: Page) -> None:
    wide = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert wide[0] <= wide[1], f"the page scrolls sideways: {wide[0]} px wide in {wide[1]}"


def test_a_finished_game_is_replayed_from_the_lobby_by_keys_and_buttons(
    page: Page, server: LiveServer, finished: dict[str, Any]
) -> None:
    table, kept = finished["made"]["table"]["id"], finished["record"]
    events = [Event.from_dict(raw) for raw in kept["events"]]
    page.goto(server.url + "/")
    link = page.locator(f"#games a.replay[href='/r/{table}']")
    expect(link).to_have_text("Replay")
    expect(page.locator("#games a", has_text="Record").first).to_be_visible()
    link.click()
    page.wait_for_url(REPLAY)
    expect(page.locator("#replay")).to_be_visible()
    check_step(page, kept, 0)  # (the deal: every seat's thirteen cards, face up)
    assert [len(cards.split()) for cards in shown_hands(page)] == [13, 13, 13, 13]
    expect(page.locator("#replay-at")).to_have_text("Hand 1, the deal")
    expect(page.locator("#replay-words")).to_contain_text("Ann deals")
    # By keys: forward through the passes to the first card, and back.
    page.keyboard.press("ArrowRight")
    check_step(page, kept, 1)
    expect(page.locator("#replay-words")).to_contain_text("passes")
    for _ in range(4):
        page.keyboard.press("ArrowRight")
    check_step(page, kept, 5)
    expect(page.locator("#replay-at")).to_have_text("Hand 1, trick 1, card 1 of 4")
    lead = page.locator("#replay-trick [data-card]")
    expect(lead).to_have_count(1)
    expect(lead).to_have_attribute("data-card", "2C")
    assert "2C" not in " ".join(shown_hands(page)).split()
    page.keyboard.press("ArrowRight")
    check_step(page, kept, 6)
    expect(page.locator("#replay-at")).to_have_text("Hand 1, trick 1, card 2 of 4")
    page.keyboard.press("ArrowLeft")
    check_step(page, kept, 5)
    page.keyboard.press("End")
    last = len([e for i, e in enumerate(events) if e.kind == "dealt" or move_of(e, i)]) - 1
    check_step(page, kept, last)
    assert shown_hands(page) == ["", "", "", ""]
    expect(page.locator("#replay-words")).to_contain_text("The game is over")
    totals = kept["events"][-1]["totals"]
    total_row = page.locator("#replay-scores tr.total td")
    expect(total_row).to_have_text([str(total) for total in totals])
    page.keyboard.press("Home")
    check_step(page, kept, 0)
    starts = finished["starts"]  # (one hand, or more while a tie goes on)
    page.keyboard.press("]")
    check_step(page, kept, starts[1] if len(starts) > 1 else last)
    page.keyboard.press("PageUp")
    check_step(page, kept, 0)
    page.keyboard.press("End")
    page.keyboard.press("[")
    check_step(page, kept, starts[-1])
    page.keyboard.press("PageDown")
    check_step(page, kept, last)
    # By buttons, named for what they do.
    page.get_by_role("button", name="First").click()
    check_step(page, kept, 0)
    forward = page.get_by_role("button", name="Forward")
    for step in range(1, 8):
        forward.click()
        check_step(page, kept, step)
    page.get_by_role("button", name="Back").click()
    check_step(page, kept, 6)
    page.get_by_role("button", name="Last").click()
    check_step(page, kept, last)
    expect(forward).to_have_attribute("aria-disabled", "true")
    forward.click(force=True)  # (at the last step: nothing to go to)
    check_step(page, kept, last)
    page.get_by_role("button", name="Previous hand").click()
    check_step(page, kept, starts[-1])
    page.get_by_role("button", name="Next hand").click()
    check_step(page, kept, last)
    # The step stays in the address: a reload shows it again.
    page.get_by_role("button", name="First").click()
    forward.click()
    forward.click()
    page.reload()
    check_step(page, kept, 2)


def test_a_replay_fits_a_phone_and_has_no_serious_accessibility_violation(
    page: Page, server: LiveServer, finished: dict[str, Any]
) -> None:
    table, kept = finished["made"]["table"]["id"], finished["record"]
    page.set_viewport_size(PHONE)
    page.goto(f"{server.url}/r/{table}")
    check_step(page, kept, 0)
    no_sideways_scroll(page)
    found = serious(page)
    assert not found, describe(found)
    for _ in range(9):  # (a trick under way)
        page.get_by_role("button", name="Forward").click()
    check_step(page, kept, 9)
    no_sideways_scroll(page)
    # The focus is visible on the controls, reached by the keyboard.
    page.get_by_role("button", name="Back").focus()
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Forward")).to_be_focused()
    outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
    assert outline == "solid"
    page.keyboard.press("End")
    no_sideways_scroll(page)
    found = serious(page)
    assert not found, describe(found)
    page.set_viewport_size({"width": 1280, "height": 800})
    found = serious(page)
    assert not found, describe(found)


def test_a_game_still_being_played_has_no_replay_and_the_page_says_so(
    page: Page, server: LiveServer
) -> None:
    made = make_table(server, [{"kind": "person"}] + [{"kind": "bot", "bot": "basic"}] * 3)
    page.goto(f"{server.url}/r/{made['table']['id']}")
    expect(page.locator("#message")).to_have_text(
        "the game is still being played: its record is given once it is over"
    )
    expect(page.locator("#replay-words")).to_contain_text("no finished game")
    page.goto(f"{server.url}/r/nothing-here")
    expect(page.locator("#message")).to_contain_text("there is no game 'nothing-here' here")
