"""The page under the server's Content-Security-Policy (no inline script, no inline style, its
own server only): the lobby, a table and a replay work, and the browser reports no violation
of the policy (a style attribute the page sets would be one: the page sets its positions
through the CSSOM instead)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

from .conftest import LiveServer
from .test_replay import finish
from .test_table import make_table, sit

WATCH = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
"""
"""Collect the policy's violations the page meets (Playwright's own script, outside it)."""


def violations(page: Page) -> list[str]:
    found: list[str] = page.evaluate("window.__violations")
    return found


def test_the_lobby_a_table_and_a_replay_meet_the_policy(page: Page, server: LiveServer) -> None:
    page.add_init_script(WATCH)
    page.goto(server.url + "/")
    expect(page.locator("#lobby")).to_be_visible()
    policy = page.evaluate("fetch('/').then(r => r.headers.get('content-security-policy'))")
    assert "style-src 'self'" in policy and "unsafe-inline" not in policy
    assert violations(page) == []
    made: dict[str, Any] = make_table(
        server, [{"kind": "person"}] + [{"kind": "bot", "bot": "basic"}] * 3, name="Ann"
    )
    sit(page, server, made["table"]["id"], made["token"], 0)
    seat = page.locator("#seats .seat").first
    expect(seat).to_be_visible()
    placed = seat.evaluate("e => e.style.left || e.style.right")
    assert placed, "the seat has no position: its style was refused"
    assert violations(page) == []
    done = finish(server, ["basic", "basic", "basic"])
    page.goto(f"{server.url}/r/{done['table']['id']}")
    expect(page.locator("#replay-seats .seat").first).to_be_visible()
    assert page.locator("#replay-seats .seat").first.evaluate("e => e.style.left || e.style.right")
    assert violations(page) == []
