"""The page's settings and looks: the header's Settings dialog sets every setting of settings.js
and a reload keeps it; the four-colour deck and high contrast change the cards' colours (each
suit still readable on the card); the themes change the felt; the open dialog and every theme
have no accessibility violation (axe-core, any impact); sound is off until turned on, and then a
card played makes one (Web Audio, counted in the page), each event its own, and no AudioContext
is made before a person taps or types in the page (the browsers' autoplay rule); the lobby's Play now seats the person
against three bots of the lobby's default level and goes to the table."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from .conftest import LiveServer, fresh_context
from .test_look import describe, seated_table
from .test_table import PLAYABLE, make_table, play_first, sit, table_info, wait_for_my_turn_or

SUITS = {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"}

COUNT_SOUNDS = """
window.__contexts = 0;
window.__contextsUngestured = 0;
window.__linesUngestured = 0;
window.__oscillators = {};
const active = () => navigator.userActivation.hasBeenActive;
const Made = window.AudioContext;
window.AudioContext = class extends Made {
  constructor(...args) {
    super(...args);
    window.__contexts += 1;
    if (!active()) window.__contextsUngestured += 1;
  }
};
new MutationObserver((changes) => {
  if (active()) return;
  for (const change of changes) {
    for (const node of change.addedNodes) {
      if (node.nodeName === "LI" && node.closest && node.closest("#log")) window.__linesUngestured += 1;
    }
  }
}).observe(document, { childList: true, subtree: true });
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.__oscillators[this.type] = (window.__oscillators[this.type] || 0) + 1;
  return start.apply(this, args);
};
"""
"""An init script: counts the AudioContexts the page makes (and those made before the page had a
gesture), the oscillators it starts, by waveform (the card's sound is the only one with a
triangle wave), and the lines the log gained before the page had a gesture."""


def kept(page: Page) -> dict[str, Any]:
    """The settings as the page keeps them (localStorage, as settings.js writes them)."""
    data: dict[str, Any] = json.loads(
        page.evaluate("localStorage.getItem('hearts:settings') || '{}'")
    )
    return data


def open_settings(page: Page) -> None:
    page.locator("#settings-open").click()
    expect(page.locator("#settings")).to_have_attribute("open", "")


def violations(page: Page, context: Any = None) -> list[dict[str, Any]]:
    """Every violation axe-core finds (any impact) in ``context`` of the page (None: all)."""
    found: list[dict[str, Any]] = Axe().run(page, context=context).response["violations"]
    return found


TABLE_BUT_THE_SHEET = {"exclude": [["section[aria-labelledby='sheet-title'] > .scroll"]]}
"""The table without the score sheet's scroll box, whose one violation (a scrollable region not
reachable by keyboard, issue 35) is the table layout's to mend, not a look's."""


def test_the_dialog_sets_every_setting_and_a_reload_keeps_them(
    page: Page, server: LiveServer
) -> None:
    page.goto(server.url + "/")
    opener = page.locator("#settings-open")
    expect(opener).to_have_accessible_name("Settings")
    open_settings(page)
    dialog = page.locator("#settings")
    # the test speed is the tests' own: a person is offered slow, normal and fast
    expect(dialog.locator("input[name='speed']")).to_have_count(3)
    dialog.get_by_label("Slow", exact=True).check()
    dialog.get_by_label("Wait for a tap after each trick").check()
    dialog.get_by_label("Play a forced card by itself").check()
    dialog.get_by_label("Sound", exact=True).check()
    dialog.get_by_label("Wood", exact=True).check()
    dialog.get_by_label("Four-colour deck").check()
    dialog.get_by_label("High contrast").check()
    chosen = {
        "speed": "slow",
        "waitTap": True,
        "autoForced": True,
        "sound": True,
        "theme": "wood",
        "fourColour": True,
        "contrast": True,
    }
    assert kept(page) == chosen
    # Escape closes it and the focus goes back to the button that opened it
    page.keyboard.press("Escape")
    expect(dialog).not_to_have_attribute("open", "")
    expect(opener).to_be_focused()
    page.reload()
    expect(page.locator("html")).to_have_attribute("data-theme", "wood")
    open_settings(page)
    for label in ("Slow", "Wood"):
        expect(dialog.get_by_label(label, exact=True)).to_be_checked()
    for label in ("Wait for a tap after each trick", "Play a forced card by itself", "Sound"):
        expect(dialog.get_by_label(label, exact=True)).to_be_checked()
    expect(dialog.get_by_label("Normal", exact=True)).not_to_be_checked()
    # and back: each unchecked is kept unchecked
    dialog.get_by_label("Fast", exact=True).check()
    dialog.get_by_label("High contrast").uncheck()
    dialog.get_by_role("button", name="Done").click()
    expect(dialog).not_to_have_attribute("open", "")
    assert kept(page) == {**chosen, "speed": "fast", "contrast": False}
    assert page.locator("html").get_attribute("data-contrast") is None


def test_the_dialog_fits_a_small_phone_and_has_no_accessibility_violation(
    page: Page, server: LiveServer
) -> None:
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(server.url + "/")
    open_settings(page)
    box = page.locator("#settings").bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    assert box["y"] >= 0 and box["y"] + box["height"] <= 640, box
    # every control is reached inside the dialog (it scrolls, the page does not)
    done = page.locator("#settings").get_by_role("button", name="Done")
    done.scroll_into_view_if_needed()
    expect(done).to_be_in_viewport()
    found = violations(page)
    assert not found, describe(found)


def colours(page: Page) -> dict[str, str]:
    """The fill of each suit's rank on the first card of that suit in the hand."""
    found: dict[str, str] = page.evaluate(
        """(suits) => Object.fromEntries(suits.map((s) => {
             const card = document.querySelector(`#hand button.card[data-card$="${s}"] svg.face`);
             return [s, card ? getComputedStyle(card.querySelector("text.rank")).fill : null];
           }))""",
        list(SUITS),
    )
    return found


def paper(page: Page) -> str:
    return str(
        page.evaluate(
            "getComputedStyle(document.querySelector('#hand button.card svg.face .paper')).fill"
        )
    )


def contrast(one: str, other: str) -> float:
    """The WCAG contrast ratio of two CSS rgb() colours."""

    def luminance(colour: str) -> float:
        channels = [int(x) / 255 for x in re.findall(r"\d+", colour)[:3]]
        linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_four_colours_and_high_contrast_change_the_cards_colours_and_keep_them_readable(
    page: Page, server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    seated_table(page, server, monkeypatch)
    two = colours(page)
    assert None not in two.values(), two
    assert two["D"] == two["H"] and two["C"] == two["S"], two
    open_settings(page)
    page.locator("#settings").get_by_label("Four-colour deck").check()
    expect(page.locator("html")).to_have_attribute("data-four-colour", "")
    four = colours(page)
    assert len(set(four.values())) == 4, four  # no two suits of one colour
    assert four["H"] == two["H"] and four["S"] == two["S"], (two, four)
    page.locator("#settings").get_by_label("High contrast").check()
    expect(page.locator("html")).to_have_attribute("data-contrast", "")
    strong = colours(page)
    assert len(set(strong.values())) == 4, strong
    assert strong != four, (four, strong)
    for shown in (two, four, strong):
        for suit, colour in shown.items():
            ratio = contrast(colour, paper(page))
            assert ratio >= 4.5, f"{SUITS[suit]} {colour} on {paper(page)}: {ratio:.2f}"
    assert contrast(strong["H"], paper(page)) > contrast(four["H"], paper(page))


def test_every_theme_changes_the_felt_and_card_backs_and_has_no_accessibility_violation(
    page: Page, server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    seated_table(page, server, monkeypatch)
    seen: dict[str, tuple[str, str]] = {}
    for theme in ("green", "blue", "wood"):
        open_settings(page)
        page.locator("#settings").get_by_label(theme.capitalize(), exact=True).check()
        page.keyboard.press("Escape")
        expect(page.locator("html")).to_have_attribute("data-theme", theme)
        seen[theme] = page.evaluate(
            """() => [getComputedStyle(document.getElementById("felt")).backgroundImage,
                      getComputedStyle(document.querySelector(".seat svg.back .pattern")).fill]"""
        )
        found = violations(page, TABLE_BUT_THE_SHEET)
        assert not found, f"{theme}: {describe(found)}"
    felts = {felt for felt, _ in seen.values()}
    backs = {back for _, back in seen.values()}
    assert len(felts) == 3 and len(backs) == 3, seen
    # high contrast too, on every part of the table but the sheet
    open_settings(page)
    page.locator("#settings").get_by_label("High contrast").check()
    page.keyboard.press("Escape")
    found = violations(page, TABLE_BUT_THE_SHEET)
    assert not found, f"high contrast: {describe(found)}"


def test_sound_is_off_until_turned_on_and_then_a_card_played_makes_one(
    page: Page, server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    page.add_init_script(COUNT_SOUNDS)
    seated_table(page, server, monkeypatch)
    for card in page.locator(PLAYABLE).all()[:3]:
        card.click()
    page.locator("#pass").click()
    expect(page.locator("#pass")).to_have_count(0)
    wait_for_my_turn_or(page, lambda: False)
    play_first(page)
    # a card played (its state shown), clicks made: sound is off, so no AudioContext at all
    assert page.evaluate("[window.__contexts, window.__oscillators]") == [0, {}]
    wait_for_my_turn_or(page, lambda: False)
    open_settings(page)
    page.locator("#settings").get_by_label("Sound", exact=True).check()
    page.keyboard.press("Escape")
    # turned on by a tap: the context is made then (a chime says so); no card's sound yet
    page.wait_for_function(
        "() => window.__contexts === 1 && Object.keys(window.__oscillators).length > 0"
    )
    assert page.evaluate("window.__oscillators.triangle || 0") == 0
    play_first(page)
    page.wait_for_function("() => (window.__oscillators.triangle || 0) >= 1")


def test_each_sound_comes_from_its_event(page: Page, server: LiveServer) -> None:
    page.add_init_script(COUNT_SOUNDS)
    page.goto(server.url + "/")
    page.evaluate('localStorage.setItem(\'hearts:settings\', \'{"speed": "test", "sound": true}\')')
    page.reload()

    def made(call: str) -> dict[str, int]:
        """The oscillators started, by waveform, by one call of the page's sound.js."""
        found: dict[str, int] = page.evaluate(
            f"""async () => {{
                  const s = await import("/static/sound.js");
                  window.__oscillators = {{}};
                  {call};
                  return window.__oscillators;
                }}"""
        )
        return found

    # (Playwright's evaluate is a person's gesture to the browser: the context may be made)
    assert made("s.sound({kind: 'card_played', seat: 1, card: '2C'})") == {"triangle": 1}
    assert page.evaluate("window.__contexts") == 1
    assert made("s.sound({kind: 'card_played', seat: 2, card: 'QS'})") == {"sawtooth": 2}
    assert made("s.sound({kind: 'trick_won', seat: 2, leader: 0, cards: [], points: 0})") == {
        "sine": 1
    }
    assert made("s.sound({kind: 'passed', seat: 1, cards: '', to: 2})") == {}

    def state(turn: int, hand: int, broken: bool) -> str:
        view = {"hand_number": hand, "hearts_broken": broken, "phase": "play"}
        if turn == 0:
            view["legal_moves"] = ["2H"]
        return f"s.stateSound({json.dumps({'turn': turn, 'view': view})}, 0)"

    assert made(state(1, 0, False)) == {}  # (the first state: nothing to compare with)
    assert made(state(2, 0, True)) == {"sine": 3}  # hearts broken
    assert made(state(0, 0, True)) == {"sine": 2}  # your turn
    assert made(state(0, 0, True)) == {}  # still your turn: no second chime
    assert made(state(1, 1, True)) == {}  # broken in the state of a new hand: not told


def test_no_audio_is_made_before_a_person_taps_or_types_in_the_page(
    page: Page, server: LiveServer, browser: Browser
) -> None:
    made = make_table(server, [{"kind": "person"}] + [{"kind": "bot", "bot": "basic"}] * 3)
    table = str(made["table"]["id"])
    # a watcher of the table with sound on, who only looks (no evaluate: Playwright's evaluate
    # counts as a gesture)
    looking = fresh_context(browser, viewport={"width": 1280, "height": 800})
    looking.add_init_script(
        'localStorage.setItem(\'hearts:settings\', \'{"speed": "test", "sound": true}\')'
    )
    looking.add_init_script(COUNT_SOUNDS)
    try:
        watcher = looking.new_page()
        watcher.goto(f"{server.url}/t/{table}")
        sit(page, server, table, made["token"], 0)
        for card in page.locator(PLAYABLE).all()[:3]:
            card.click()
        page.locator("#pass").click()
        expect(page.locator("#pass")).to_have_count(0)
        wait_for_my_turn_or(page, lambda: False)
        play_first(page)
        # the watcher has seen the first trick played and taken
        expect(watcher.locator("#log li").filter(has_text="trick")).not_to_have_count(0)
        # (Playwright's own reading of the page may count as a gesture: what is asked is that no
        # AudioContext was made while the page had none, though it had moves to sound by then)
        assert watcher.evaluate("window.__linesUngestured") > 0
        assert watcher.evaluate("window.__contextsUngestured") == 0
        # a tap: from now on its cards are heard
        watcher.mouse.click(5, 790)
        wait_for_my_turn_or(page, lambda: False)
        play_first(page)
        watcher.wait_for_function("() => (window.__oscillators.triangle || 0) >= 1")
    finally:
        looking.close()


def test_play_now_seats_you_against_three_bots_of_the_default_level_at_once(
    page: Page, server: LiveServer
) -> None:
    page.goto(server.url + "/")
    level = str(
        page.evaluate(
            """() => { const o = [...document.querySelectorAll('#others option')];
                       return (o.find((x) => x.defaultSelected) || o[0]).value; }"""
        )
    )
    button = page.locator("#play-now")
    expect(button).to_have_text(f"Play now \u2014 you against three {level} bots")
    # above the full form
    assert button.bounding_box()["y"] < page.locator("#create").bounding_box()["y"]  # type: ignore[index]
    button.click()
    page.wait_for_url(re.compile(r"/t/[^/]+$"))
    table = page.url.rsplit("/t/", 1)[1]
    expect(page.locator("#seat-info")).to_contain_text("seat 1")
    expect(page.locator("#hand button.card")).to_have_count(13)
    info = table_info(server, table)
    assert info["variant"] == "modern" and info["players"] == 4
    assert [seat["bot"] for seat in info["seats"]] == [None, level, level, level]
    assert not info["public"] and info["timer"] is None
