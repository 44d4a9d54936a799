"""The table's pace on the page (static/pace.js): a finished trick stays at least a second after
its last card whatever the bots do, then is gathered toward its winner (no motion when the
person asks for less: the hold still holds); the last trick on demand, by its button and its
key, from the page's memory and after a reload; waiting for a tap after each trick holds only
that person's view; a forced card plays itself; the test speed holds nothing.

How long a trick stays is measured in the page: an init script's MutationObserver notes, with
``performance.now()``, when every card of a taken trick is first on the felt together and when
the first of them leaves it."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from hearts.events import CardPlayed, TrickWon

from .conftest import WAIT, LiveServer, at_test_speed, fresh_context
from .test_table import PLAYABLE, make_table, sit, table_info

BOT = {"kind": "bot", "bot": "basic"}
ONE_HAND = {"end": "deals", "deals": 1}
LIMIT = 90.0
"""Seconds a test may take to play to the point it needs: a failsafe, never the mechanism."""

TRICKS = """
(() => {
  window.__tricks = [];  // each taken trick: { cards, shown, gone } (performance.now())
  window.__moved = 0;    // the most animations running at once on the felt or the hand
  const since = new Map();  // card on the felt -> when it came
  let current = null;
  const look = () => {
    const box = document.getElementById("trick");
    if (!box) return;
    const now = performance.now();
    const cards = [...box.querySelectorAll("[data-card]")].map((p) => p.dataset.card);
    for (const card of [...since.keys()]) if (!cards.includes(card)) since.delete(card);
    for (const card of cards) if (!since.has(card)) since.set(card, now);
    if (current && !current.cards.every((c) => cards.includes(c))) {
      current.gone = now;
      window.__tricks.push(current);
      current = null;
    }
    if (!current && box.classList.contains("taken") && cards.length) {
      current = { cards, shown: Math.max(...cards.map((c) => since.get(c))), gone: null };
    }
    const moving = document.getAnimations().filter((a) => {
      const target = a.effect && a.effect.target;
      return target && target.closest && target.closest("#felt, #hand");
    });
    window.__moved = Math.max(window.__moved, moving.length);
  };
  new MutationObserver(look).observe(document,
    { subtree: true, childList: true, attributes: true, characterData: true });
})();
"""
"""The init script that measures each taken trick's time on the felt, and the felt's motion."""


def person_context(browser: Browser, settings: str, **options: Any) -> BrowserContext:
    """One person's browser with ``settings`` kept (settings.js's JSON) and the measure."""
    made = browser.new_context(viewport={"width": 1280, "height": 800}, **options)
    made.set_default_timeout(WAIT)
    at_test_speed(made, settings)
    made.add_init_script(TRICKS)
    return made


def open_page(context: BrowserContext) -> Page:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.__dict__["errors"] = errors
    return page


def no_errors(page: Page) -> None:
    errors = page.__dict__["errors"]
    assert not errors, f"the page's script failed: {errors}"


def classic(server: LiveServer, page: Page, people: int = 1) -> dict[str, Any]:
    """A one-hand classic table (no pass: play at once), ``people`` persons then basic bots;
    this page sits in seat 0. The table as made."""
    made = make_table(
        server,
        [{"kind": "person"}] * people + [BOT] * (4 - people),
        variant="classic",
        name="Ann",
        options=ONE_HAND,
    )
    sit(page, server, made["table"]["id"], made["token"], 0)
    return made


def tricks(page: Page) -> list[dict[str, Any]]:
    return list(page.evaluate("() => window.__tricks"))


PLAY = """(least) => {
  const cards = document.querySelectorAll("#hand button.card:not([aria-disabled='true'])");
  const mine = /your turn/i.test(document.getElementById("status").textContent);
  if (!mine || cards.length < least) return null;
  cards[0].click();
  return cards[0].dataset.card;
}"""
"""Click the first playable card if the page offers at least ``least`` now (and none later: a
locator's click would wait for one to come back, and play a card of a later turn)."""


def play_first(page: Page, least: int = 1) -> bool:
    """Play the first playable card if there is one (see PLAY), and wait for the hand to show it
    gone (no second click on the turn it was played on). Whether a card was played."""
    card = page.evaluate(PLAY, least)
    if card is None:
        return False
    expect(page.locator(f'#hand button.card[data-card="{card}"]')).to_have_count(0)
    return True


def play_while(page: Page, going: Any, limit: float = LIMIT) -> None:
    """Play the first playable card whenever the page offers one, while ``going()``."""
    end = time.monotonic() + limit
    while going():
        if time.monotonic() > end:
            raise AssertionError(f"not done in {limit} s: {page.locator('#status').inner_text()!r}")
        play_first(page)
        page.wait_for_timeout(50)


@pytest.fixture
def motion(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    made = person_context(browser, '{"speed": "normal"}', reduced_motion=request.param)
    try:
        page = open_page(made)
        yield page
        no_errors(page)
    finally:
        made.close()


@pytest.mark.parametrize("motion", ["no-preference", "reduce"], indirect=True)
def test_a_finished_trick_stays_a_second_after_its_last_card_then_is_gathered(
    motion: Page, server: LiveServer, request: pytest.FixtureRequest
) -> None:
    """At the normal speed, against bots that answer at once, each taken trick stays on the felt
    at least a second after its last card came; it is then gathered with motion, or, for a
    person who asks for reduced motion, with none (and the hold still holds)."""
    page = motion
    classic(server, page)
    play_while(page, lambda: len(tricks(page)) < 2)
    for trick in tricks(page):
        assert trick["gone"] - trick["shown"] >= 1000, trick
    moved = page.evaluate("() => window.__moved")
    if request.node.callspec.params["motion"] == "reduce":
        assert moved == 0
    else:
        assert moved > 0


def test_the_last_trick_is_shown_on_demand_by_its_button_and_its_key(
    browser: Browser, server: LiveServer
) -> None:
    """After a trick is taken, the Last trick button (and the key L) shows its cards, who
    played each and who took it, as the game's log has them; after a reload too."""
    context = person_context(browser, '{"speed": "test"}')
    try:
        page = open_page(context)
        made = classic(server, page)
        table = made["table"]["id"]
        expect(page.locator("#last-trick")).to_be_disabled()
        play_while(page, lambda: not tricks(page))
        kept = server.store.get(table)
        assert kept is not None
        taken = [e for e in kept.events if isinstance(e, TrickWon)]
        by = {str(e.card): e.seat for e in kept.events if isinstance(e, CardPlayed)}
        first = taken[0]

        def shows_first_trick() -> None:
            box = page.locator("#last-trick-box")
            expect(box).to_be_visible()
            cards = box.locator("li[data-card]")
            expect(cards).to_have_count(len(first.cards))
            shown = cards.evaluate_all(
                "li => li.map(x => [x.dataset.card, Number(x.dataset.seat)])"
            )
            assert sorted(map(tuple, shown)) == sorted((str(c), by[str(c)]) for c in first.cards)
            winner = "You" if first.seat == 0 else f"basic (seat {first.seat + 1})"
            expect(box.locator(".last-winner")).to_contain_text(f"{winner} took it")

        page.locator("#last-trick").click()
        shows_first_trick()
        page.keyboard.press("Escape")
        expect(page.locator("#last-trick-box")).to_be_hidden()
        page.keyboard.press("l")
        shows_first_trick()
        page.keyboard.press("l")
        expect(page.locator("#last-trick-box")).to_be_hidden()
        page.reload()  # (one trick taken so far: the view's tricks say which, after a reload)
        expect(page.locator("#last-trick")).to_be_enabled()
        page.keyboard.press("l")
        shows_first_trick()
        no_errors(page)
    finally:
        context.close()


def test_waiting_for_a_tap_holds_only_that_persons_view(
    browser: Browser, server: LiveServer
) -> None:
    """Ann waits for a tap after each trick: her page keeps the trick taken, and her hand not
    playable, until she taps the felt; Bob's page at the same table goes on meanwhile. Once she
    taps, her page shows everything that came meanwhile, in order (her log ends as Bob's)."""
    ann_context = person_context(browser, '{"speed": "test", "waitTap": true}')
    bob_context = fresh_context(browser, viewport={"width": 1280, "height": 800})
    try:
        ann, bob = open_page(ann_context), bob_context.new_page()
        made = make_table(
            server,
            [{"kind": "person"}] * 2 + [BOT] * 2,
            variant="classic",
            name="Ann",
            options=ONE_HAND,
        )
        table = made["table"]["id"]
        sit(ann, server, table, made["token"], 0)
        joined = server_join(server, made["code"])
        sit(bob, server, table, joined["token"], 1)

        def trick_over_for_both() -> bool:
            kept = server.store.get(table)
            return kept is not None and any(isinstance(e, TrickWon) for e in kept.events)

        end = time.monotonic() + LIMIT
        while not trick_over_for_both():
            assert time.monotonic() < end, "the first trick was never taken"
            for page in (ann, bob):
                play_first(page)
            ann.wait_for_timeout(50)
        expect(ann.locator("#tap-on")).to_be_visible()
        expect(ann.locator("#trick.taken [data-card]")).to_have_count(4)
        # Bob's page goes on: the trick is gone from his felt, and his page offers his moves
        # whenever it is his turn, however long Ann leaves her page waiting.
        expect(bob.locator("#trick.taken")).to_have_count(0)
        expect(bob.locator("#tap-on")).to_have_count(0)
        while table_info(server, table)["seats"][1]["to_act"]:  # (Bob plays on while Ann waits)
            assert time.monotonic() < end, "Bob's turn never went"
            play_first(bob)
            bob.wait_for_timeout(50)
        expect(ann.locator("#trick.taken [data-card]")).to_have_count(4)
        expect(ann.locator(PLAYABLE)).to_have_count(0)
        ann.locator("#felt").click()
        expect(ann.locator("#tap-on")).to_have_count(0)
        expect(ann.locator("#trick.taken")).to_have_count(0)
        # (nothing dropped: once the table waits for a person, Ann's log has as many lines as
        # Bob's, every event of the hand so far)
        while ann.locator("#log li").count() != bob.locator("#log li").count():
            assert time.monotonic() < end, "Ann's page never caught up with Bob's"
            ann.wait_for_timeout(50)
        no_errors(ann)
    finally:
        ann_context.close()
        bob_context.close()


def server_join(server: LiveServer, code: str) -> dict[str, Any]:
    reply = httpx.post(f"{server.url}/api/tables/{code}/join", json={"name": "Bob"}, timeout=10)
    reply.raise_for_status()
    data: dict[str, Any] = reply.json()
    return data


def test_a_forced_card_plays_itself(browser: Browser, server: LiveServer) -> None:
    """With the autoForced setting, whenever only one card may be played the page plays it
    (this test never clicks a card then): the hand reaches its end, its last trick at least
    having been played by the page, and each such card is the person's in the game's log."""
    context = person_context(browser, '{"speed": "test", "autoForced": true}')
    try:
        page = open_page(context)
        made = classic(server, page)
        table = made["table"]["id"]
        end = time.monotonic() + LIMIT
        while not table_info(server, table)["over"]:
            assert time.monotonic() < end, "the hand never ended: a forced card waited for a click"
            play_first(page, least=2)
            page.wait_for_timeout(50)
        auto = page.evaluate("() => window.__pace.auto")
        kept = server.store.get(table)
        assert kept is not None
        mine = [str(e.card) for e in kept.events if isinstance(e, CardPlayed) and e.seat == 0]
        assert auto and set(auto) <= set(mine) and auto[-1] == mine[-1], (auto, mine)
        no_errors(page)
    finally:
        context.close()


def test_the_test_speed_holds_nothing(browser: Browser, server: LiveServer) -> None:
    """At the test speed every pause is none: a taken trick leaves the felt at the next task."""
    context = person_context(browser, '{"speed": "test"}')
    try:
        page = open_page(context)
        classic(server, page)
        play_while(page, lambda: len(tricks(page)) < 3)
        pauses = page.evaluate("() => window.__pace.pauses")
        assert pauses and all(p["end"] - p["start"] < 200 for p in pauses), pauses
        assert all(t["gone"] - t["shown"] < 500 for t in tricks(page)), tricks(page)
        no_errors(page)
    finally:
        context.close()
