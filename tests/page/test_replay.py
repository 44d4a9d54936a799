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


def finish(
    server: LiveServer, seats: list[str], name: str = "Ann", **fields: Any
) -> dict[str, Any]:
    """A one-hand table (``options`` {"end": "deals", "deals": 1}) of one person and bots of
    ``seats``' kinds (``fields``: the variant, the players), the person's moves made over the
    table's socket as a client makes them (the first of the moves its view offers) until the
    game is over; the lobby's answer."""
    made = make_table(
        server,
        [{"kind": "person"}] + [{"kind": "bot", "bot": bot} for bot in seats],
        name=name,
        options={"end": "deals", "deals": 1},
        **fields,
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
    made = finish(server, ["basic", "basic", "basic"], public=True)  # (listed in the lobby)
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
    rows = page.locator("#replay-hands .rhand[data-seat]").evaluate_all(
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
    # Seats are counted from 1 on the felt and the sheet, as in the step's words.
    expect(page.locator("#replay-seats .seat .state")).to_have_text(
        [re.compile(rf"^seat {n}( · dealer)?$") for n in range(1, 5)]
    )
    heads = page.locator("#replay-scores thead th").all_inner_texts()
    assert heads[1:] == ["Ann", "basic 2", "basic 3", "basic 4"], heads
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


# ----------------------------------------------------------------------------- the piles


def open_at(page: Page, server: LiveServer, table: str, step: int) -> None:
    """Open a replay at a step (its address's #, from 1), afresh."""
    page.goto("about:blank")
    page.goto(f"{server.url}/r/{table}#{step + 1}")
    expect(page.locator("#replay")).to_have_attribute("data-step", str(step))


def replay_of(server: LiveServer, table: str) -> dict[str, Any]:
    reply = httpx.get(f"{server.url}/api/games/{table}/replay", timeout=10)
    reply.raise_for_status()
    data: dict[str, Any] = reply.json()
    return data


def passes_shown(page: Page) -> list[tuple[str, str]]:
    """Each seat's pass as the page shows it: the cards passed and received (by name)."""
    return [
        (str(p[0]), str(p[1]))
        for p in page.locator("#replay-hands .rhand[data-seat]").evaluate_all(
            "rows => rows.map(r => { const p = r.querySelector('.rpass');"
            " return p ? [p.dataset.passed, p.dataset.received] : ['', '']; })"
        )
    ]


def received_marked(page: Page) -> list[set[str]]:
    rows = page.locator("#replay-hands .rhand[data-seat]").evaluate_all(
        "rows => rows.map(r => [...r.querySelectorAll('.rcard.received')].map(c => c.dataset.card))"
    )
    return [set(row) for row in rows]


def test_the_replay_shows_each_pass_once_made_and_the_cards_received_until_the_first_trick(
    page: Page, server: LiveServer, finished: dict[str, Any]
) -> None:
    """The record's passes: at each step of the first hand, every seat that has passed shows
    the cards it passed, once all have each shows those it received, and they are marked in
    its hand (and said in its hand's label) until the first trick is taken, then no more."""
    table, kept = finished["made"]["table"]["id"], finished["record"]
    deals = [i for i, e in enumerate(kept["events"]) if e["kind"] == "dealt"]
    first_hand = kept["events"][: deals[1]] if len(deals) > 1 else kept["events"]
    passes = [e for e in first_hand if e["kind"] == "passed"]
    players = len(shown_players := first_hand[deals[0]]["hands"])
    assert len(passes) == players == len(shown_players)
    received = {e["to"]: e["cards"] for e in passes}
    # (the card that completes the first trick: its trick_won follows it in the log)
    first_trick = next(i for i, e in enumerate(kept["events"]) if e["kind"] == "trick_won") - 1
    page.goto(f"{server.url}/r/{table}")
    step = 0
    saw_marks = False
    while True:
        expect(page.locator("#replay")).to_have_attribute("data-step", str(step))
        event = int(page.locator("#replay").get_attribute("data-event") or -1)
        done = [e for e in passes if kept["events"].index(e) <= event]
        shown = passes_shown(page)
        for seat in range(players):
            made = next((e["cards"] for e in done if e["seat"] == seat), "")
            assert shown[seat][0] == made, (step, seat, shown)
            assert shown[seat][1] == (received[seat] if len(done) == players else "")
        marks = received_marked(page)
        hands = shown_hands(page)
        for seat in range(players):
            if len(done) == players and event < first_trick:
                expected = set(received[seat].split()) & set(hands[seat].split())
                assert marks[seat] == expected, (step, seat)
                saw_marks = saw_marks or bool(expected)
            else:
                assert marks[seat] == set(), (step, seat)
        if event > first_trick:
            break
        step += 1
        page.keyboard.press("ArrowRight")
    assert saw_marks
    label = page.locator("#replay-hands .rhand[data-seat='0'] .rcards")
    page.keyboard.press("Home")
    for _ in range(players + 1):
        page.keyboard.press("ArrowRight")
    expect(label).to_have_attribute("aria-label", re.compile(r"; received "))


def test_a_heartsette_replay_shows_the_widow_face_up_and_who_took_it(
    page: Page, server: LiveServer
) -> None:
    made = finish(server, ["basic", "basic", "basic"], variant="heartsette")
    table = made["table"]["id"]
    shown = replay_of(server, table)
    widow = shown["hands"][0]["stock"]
    first = next(i for i, step in enumerate(shown["steps"]) if step["taken"])
    taker = shown["steps"][first]["taken"]["winner"]
    open_at(page, server, table, 0)
    row = page.locator("#replay-hands .rhand[data-pile='widow']")
    cards = row.locator(".rcard")
    expect(cards).to_have_count(len(widow))
    assert sorted(cards.evaluate_all("cs => cs.map(c => c.dataset.card)")) == sorted(widow)
    expect(row).to_contain_text("face down")
    pile = page.locator("#replay-piles .widow")
    expect(pile).to_have_attribute("data-taker", "")
    expect(pile).to_contain_text(f"Widow: {len(widow)} cards;")
    open_at(page, server, table, first)
    expect(pile).to_have_attribute("data-taker", str(taker))
    name = shown["seats"][taker]["name"]
    expect(pile).to_contain_text(re.compile(rf"taken by {re.escape(name)}"))
    expect(row).to_contain_text("taken by")


def test_a_two_handed_replay_shows_the_stock_face_up_as_it_shrinks(
    page: Page, server: LiveServer
) -> None:
    made = finish(server, ["basic"], variant="two-handed", players=2)
    table = made["table"]["id"]
    shown = replay_of(server, table)
    page.goto(f"{server.url}/r/{table}")
    sizes = set()
    for index, step in enumerate(shown["steps"][:12]):
        expect(page.locator("#replay")).to_have_attribute("data-step", str(index))
        pile = page.locator("#replay-piles .stock")
        expect(pile).to_have_attribute("data-stock", str(step["stock_size"]))
        row = page.locator("#replay-hands .rhand[data-pile='stock'] .rcard")
        expect(row).to_have_count(step["stock_size"])
        assert row.evaluate_all("cs => cs.map(c => c.dataset.card)") == step["stock"].split()
        sizes.add(step["stock_size"])
        page.keyboard.press("ArrowRight")
    assert len(sizes) > 1  # (the stock shrank over the steps shown)


def test_a_cancellation_replay_marks_the_twins_in_the_trick_as_the_table_does(
    page: Page, server: LiveServer
) -> None:
    made = finish(server, ["basic"] * 5, variant="cancellation", players=6)
    table = made["table"]["id"]
    shown = replay_of(server, table)
    steps = [i for i, step in enumerate(shown["steps"]) if step["cancelled"]]
    taken = [i for i, s in enumerate(shown["steps"]) if s["taken"] and s["taken"]["cancelled"]]
    assert steps and taken
    for index in (steps[0], taken[0]):
        step = shown["steps"][index]
        open_at(page, server, table, index)
        want = step["cancelled"] if step["table"] else step["taken"]["cancelled"]
        marked = page.locator("#replay-trick .played.cancelled")
        expect(marked).to_have_count(len(want))
        assert sorted(marked.evaluate_all("ps => ps.map(p => p.dataset.card)")) == sorted(want)
        for card in want:
            played = page.locator(f'#replay-trick .played[data-card="{card}"]')
            expect(played).to_have_attribute("aria-label", re.compile(r"cancelled by its twin"))
            expect(played.locator(".cancel-badge")).to_have_text("cancelled")
        others = page.locator("#replay-trick .played:not(.cancelled)")
        for label in others.evaluate_all("ps => ps.map(p => p.getAttribute('aria-label'))"):
            assert "cancelled" not in label
