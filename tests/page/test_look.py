"""How the page looks and reads: no accessibility violation of any impact (axe-core, run in the
page) on the lobby, the table in each phase and (``test_replay.py``) the replay; a phone's width
without sideways scrolling; and screenshots of the lobby, of a table at the pass at each of the
five sizes the table is laid out for (``test_layout.py``), and of a game in play on a phone and a
laptop, compared with the reference images kept beside this file.

The screenshots are of tables dealt from a fixed seed, their id and code masked. After a change
to the page's look, write the references again (the play's two are also the README's pictures,
docs/table-phone.png and docs/table-laptop.png) and look at them before committing::

    HEARTS_WRITE_SCREENSHOTS=1 .venv/bin/python -m pytest tests/page/test_look.py
"""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from PIL import Image, ImageChops
from playwright.sync_api import Browser, Page, expect

from hearts.server import tables

from .conftest import LiveServer, fresh_context
from .test_forms import act, play_until, seated
from .test_layout import redrawn
from .test_table import HAND, make_table, my_turn, sit, wait_for_my_turn_or

REFERENCE = Path(__file__).parent / "reference"
WRITE = os.environ.get("HEARTS_WRITE_SCREENSHOTS") == "1"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
TOLERANCE = 0.01
"""The share of pixels that may differ from the reference (anti-aliasing, a clock's digit)."""


def violations(page: Page) -> list[dict[str, Any]]:
    """Every violation axe-core finds in the page as it is now, of any impact (minor ones too)."""
    results = Axe().run(page)
    found: list[dict[str, Any]] = results.response["violations"]
    return found


serious = violations
"""(the name the replay's tests use: every impact is reported, not only the serious ones)"""


def describe(violations: list[dict[str, Any]]) -> str:
    return "; ".join(
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
        for v in violations
    )


def seated_table(page: Page, server: LiveServer, monkeypatch: pytest.MonkeyPatch) -> str:
    """A modern table from a fixed seed, three basic bots, this page in the person's seat at the
    pass."""
    monkeypatch.setattr(tables.secrets, "randbits", lambda bits: 20261202)
    made = make_table(
        server, [{"kind": "person"}] + [{"kind": "bot", "bot": "basic"}] * 3, name="Ann"
    )
    table = str(made["table"]["id"])
    sit(page, server, table, made["token"], 0)
    expect(page.locator(HAND)).to_have_count(13)
    expect(page.locator("#pass")).to_be_visible()
    return table


def test_the_lobby_and_the_table_in_each_phase_have_no_accessibility_violation(
    page: Page, server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """axe-core finds nothing, of any impact: the lobby; the table at the pass, waiting for the
    others' passes, in play at the person's turn, with the score sheet and the log open in their
    drawer on a phone, and at the game's end."""
    page.goto(server.url + "/")
    expect(page.locator("#variant option")).not_to_have_count(0)
    checked = {"the lobby": violations(page)}
    seated(page, server, monkeypatch, 20261202, "modern", 4)
    expect(page.locator("#pass")).to_be_visible()
    checked["the pass"] = violations(page)
    for card in page.locator("#hand button.card:not([aria-disabled='true'])").all()[:3]:
        card.click()
    page.locator("#pass").click()
    expect(page.locator("#pass")).to_have_count(0)
    checked["after the pass"] = violations(page)
    play_until(page, lambda: my_turn(page) and page.locator("#trick .played").count() > 0)
    checked["play"] = violations(page)
    page.set_viewport_size(PHONE)
    page.locator("#show-scores").click()
    expect(page.locator("#side")).to_be_visible()
    checked["the drawer on a phone"] = violations(page)
    page.locator("#side-close").click()
    expect(page.locator("#side")).to_be_hidden()
    play_until(page, lambda: page.locator("#status").inner_text() == "The game is over.")
    checked["the game's end"] = violations(page)
    found = {where: describe(v) for where, v in checked.items() if v}
    assert not found, found


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_page_fits_the_window_without_sideways_scrolling(
    browser: Browser, server: LiveServer, monkeypatch: pytest.MonkeyPatch, size: dict[str, int]
) -> None:
    context = fresh_context(browser, viewport=size)
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        expect(page.locator("#variant option")).not_to_have_count(0)
        for where in ("the lobby", "the table"):
            if where == "the table":
                seated_table(page, server, monkeypatch)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= size["width"], f"{where} is {width} px wide in {size['width']}"
            for card in page.locator(HAND).all():
                box = card.bounding_box()
                assert (
                    box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size["width"]
                )
    finally:
        context.close()


def _differing(shot: bytes, reference: Path) -> float:
    """The share of pixels of ``shot`` that differ from the reference image by more than a
    faint shade."""
    now = Image.open(io.BytesIO(shot)).convert("RGB")
    kept = Image.open(reference).convert("RGB")
    if now.size != kept.size:
        return 1.0
    difference = ImageChops.difference(now, kept).convert("L").point(lambda v: 255 if v > 24 else 0)
    histogram = difference.histogram()
    return histogram[255] / (now.size[0] * now.size[1])


def compare(shots: dict[str, bytes]) -> None:
    """Each shot against its reference image (written instead, with HEARTS_WRITE_SCREENSHOTS=1)."""
    for shot_name, shot in shots.items():
        reference = REFERENCE / f"{shot_name}.png"
        if WRITE:
            REFERENCE.mkdir(exist_ok=True)
            reference.write_bytes(shot)
            if shot_name in README_PICTURES:
                (DOCS / README_PICTURES[shot_name]).write_bytes(shot)
            continue
        assert reference.exists(), f"no reference image {reference.name}: write them (see above)"
        share = _differing(shot, reference)
        if share > TOLERANCE:
            (REFERENCE.parent / f"{shot_name}.actual.png").write_bytes(shot)
        assert share <= TOLERANCE, (
            f"{shot_name}: {share:.1%} of the pixels differ from the reference "
            f"(the page as it is now: tests/page/{shot_name}.actual.png)"
        )


SIZES = {
    "360x640": {"width": 360, "height": 640},
    "390x844": PHONE,
    "844x390": {"width": 844, "height": 390},
    "1366x768": {"width": 1366, "height": 768},
    "1920x1080": {"width": 1920, "height": 1080},
}
DOCS = Path(__file__).parents[2] / "docs"
README_PICTURES = {"play-390x844": "table-phone.png", "play-1366x768": "table-laptop.png"}
"""The reference images that are also the README's pictures of the table (docs/)."""
MASKS = ("#invite", "#code-shown", "#clock")


def third_to_the_first_trick(page: Page) -> None:
    """Play the person's moves (the pass) until the person is third to the first trick: a
    position that stays until the person moves. Each look is taken at the person's turn, when
    the page has drawn the position whole (a look at another moment could see the trick before
    the turn and then play the card meant to be shown)."""
    for _ in range(20):
        assert wait_for_my_turn_or(page, lambda: False), "the person's turn did not come"
        if page.locator("#trick:not(.taken) .played").count() == 2:
            return
        act(page)
    raise AssertionError("the person was never third to the first trick")


def test_screenshots_match_the_reference_images(
    browser: Browser, server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lobby on a phone and a desktop; a table at the pass at each of the five sizes; a game
    in play (the first trick, the person third to it) on a phone and a laptop."""
    context = fresh_context(browser, viewport=PHONE, reduced_motion="reduce")
    shots: dict[str, bytes] = {}
    try:
        page = context.new_page()
        for name, size in (("phone", PHONE), ("desktop", DESKTOP)):
            page.set_viewport_size(size)
            page.goto(server.url + "/")
            expect(page.locator("#variant option")).not_to_have_count(0)
            shots[f"lobby-{name}"] = page.screenshot(full_page=True, animations="disabled")
        seated_table(page, server, monkeypatch)
        for seat in (1, 2, 3):  # (the picture is of the bots' passes made, as the log says)
            expect(page.locator(f"#seats [data-seat='{seat}'] .doing")).to_have_text("passed")
        expect(page.locator("#log li")).to_have_count(4)
        masks = [page.locator(selector) for selector in MASKS]
        for name, size in SIZES.items():
            page.set_viewport_size(size)
            redrawn(page)
            shots[f"table-{name}"] = page.screenshot(animations="disabled", mask=masks)
        page.set_viewport_size(PHONE)
        redrawn(page)
        seated(page, server, monkeypatch, 20261202, "modern", 4)
        third_to_the_first_trick(page)
        page.set_viewport_size(SIZES["1366x768"])
        redrawn(page)
        shots["play-1366x768"] = page.screenshot(
            animations="disabled", mask=[page.locator(selector) for selector in MASKS]
        )
    finally:
        context.close()
    # The same game on a phone as a phone shows it: a touch screen (no keyboard help).
    phone = fresh_context(
        browser, viewport=PHONE, reduced_motion="reduce", has_touch=True, is_mobile=True
    )
    try:
        page = phone.new_page()
        page.goto(server.url + "/")
        seated(page, server, monkeypatch, 20261202, "modern", 4)
        third_to_the_first_trick(page)
        expect(page.locator("#hand-help")).to_be_hidden()
        redrawn(page)
        shots["play-390x844"] = page.screenshot(
            animations="disabled", mask=[page.locator(selector) for selector in MASKS]
        )
    finally:
        phone.close()
    compare(shots)
