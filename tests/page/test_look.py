"""How the page looks and reads: no serious accessibility violation (axe-core, run in the page),
a phone's width without sideways scrolling, and screenshots of the lobby and of a table at a
phone's size and a desktop's compared with the reference images kept beside this file.

The screenshots are of a table dealt from a fixed seed, its id and code masked. After a change
to the page's look, write the references again and look at them before committing::

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
from .test_table import HAND, make_table, sit

REFERENCE = Path(__file__).parent / "reference"
WRITE = os.environ.get("HEARTS_WRITE_SCREENSHOTS") == "1"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
TOLERANCE = 0.01
"""The share of pixels that may differ from the reference (anti-aliasing, a clock's digit)."""


def serious(page: Page) -> list[dict[str, Any]]:
    """The serious and critical violations axe-core finds in the page as it is now."""
    results = Axe().run(page)
    violations: list[dict[str, Any]] = results.response["violations"]
    return [v for v in violations if v.get("impact") in ("serious", "critical")]


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


def test_the_lobby_and_a_table_have_no_serious_accessibility_violation(
    page: Page, server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    page.goto(server.url + "/")
    expect(page.locator("#variant option")).not_to_have_count(0)
    found = serious(page)
    assert not found, describe(found)
    seated_table(page, server, monkeypatch)
    found = serious(page)
    assert not found, describe(found)
    for card in page.locator("#hand button.card:not([aria-disabled='true'])").all()[:3]:
        card.click()
    page.locator("#pass").click()
    expect(page.locator("#pass")).to_have_count(0)
    found = serious(page)
    assert not found, describe(found)


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


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_screenshots_match_the_reference_images(
    browser: Browser, server: LiveServer, monkeypatch: pytest.MonkeyPatch, size: dict[str, int]
) -> None:
    context = fresh_context(browser, viewport=size, reduced_motion="reduce")
    name = "phone" if size is PHONE else "desktop"
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        expect(page.locator("#variant option")).not_to_have_count(0)
        shots = {f"lobby-{name}": page.screenshot(full_page=True, animations="disabled")}
        seated_table(page, server, monkeypatch)
        for seat in (1, 2, 3):  # (the picture is of the bots' passes made, as the log says)
            expect(page.locator(f"#seats [data-seat='{seat}'] .doing")).to_have_text("passed")
        expect(page.locator("#log li")).to_have_count(4)
        masks = [page.locator(selector) for selector in ("#invite", "#code-shown", "#clock")]
        shots[f"table-{name}"] = page.screenshot(animations="disabled", mask=masks)
    finally:
        context.close()
    for shot_name, shot in shots.items():
        reference = REFERENCE / f"{shot_name}.png"
        if WRITE:
            REFERENCE.mkdir(exist_ok=True)
            reference.write_bytes(shot)
            continue
        assert reference.exists(), f"no reference image {reference.name}: write them (see above)"
        share = _differing(shot, reference)
        if share > TOLERANCE:
            (REFERENCE.parent / f"{shot_name}.actual.png").write_bytes(shot)
        assert share <= TOLERANCE, (
            f"{shot_name}: {share:.1%} of the pixels differ from the reference "
            f"(the page as it is now: tests/page/{shot_name}.actual.png)"
        )
