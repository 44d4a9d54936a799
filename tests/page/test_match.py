"""Playing with people on the page (match.js, chat.js): two people pressing "Play with people"
meet in one waiting room, see each other waiting, and are seated at one table when one fills
it with bots; at the table a phrase said by one is shown to the other, a muted seat's lines
are not, and a name holding markup is shown as text wherever it appears."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from .conftest import LiveServer, fresh_context

PAYLOAD = "<img src=x onerror=window.pwned=1>"
"""A name that would run a script if a page put it in as HTML."""


def _press(page: Page, server: LiveServer, name: str) -> None:
    page.goto(server.url + "/")
    page.fill("#name", name)
    page.locator("#match-wait").select_option("")  # (people only: nobody is filled by time)
    page.click("#play-people")


def _said(page: Page) -> list[str]:
    return [str(text) for text in page.locator("#chat-lines .what").all_text_contents()]


def test_two_people_meet_at_one_table_chat_and_mute(server: LiveServer, browser: Browser) -> None:
    """Ann (a name of markup) and Bob press Play with people: each sees both waiting, names as
    text; Bob fills now and both pages go to the same table. Ann's "Good game" reaches Bob;
    Bob mutes Ann's seat: her lines go from his page (and her next is not shown), his own
    still are, and so after a reload; no markup ran on either page."""
    pages = []
    for name in (PAYLOAD, "Bob"):
        context = fresh_context(browser, viewport={"width": 1280, "height": 800})
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
        _press(page, server, name)
        pages.append((page, errors))
    (ann, ann_errors), (bob, bob_errors) = pages
    expect(bob.locator("#match-waiting .who")).to_have_text([PAYLOAD, "Bob"])
    expect(ann.locator("#match-waiting .who")).to_have_text([PAYLOAD, "Bob"])
    bob.click("#match-fill")
    expect(bob).to_have_url(re.compile(r"/t/[^/]+$"))
    expect(ann).to_have_url(bob.url)
    expect(ann.locator("#seat-info")).to_contain_text("seat 1", ignore_case=True)
    expect(bob.locator("#seat-info")).to_contain_text("seat 2", ignore_case=True)

    for page in (ann, bob):
        page.click("#chat-say summary")  # (the phrases are folded under "Say something")
    ann.click('.chat-phrase[data-phrase="good_game"]')
    expect(bob.locator("#chat-lines .chat-line")).to_have_count(1)
    expect(bob.locator("#chat-lines .who")).to_have_text([PAYLOAD])
    assert _said(bob) == ["Good game"]

    bob.check("#chat-mute-0")
    expect(bob.locator("#chat-lines .chat-line")).to_have_count(0)
    ann.click('.chat-phrase[data-phrase="thanks"]')
    expect(ann.locator("#chat-lines .chat-line")).to_have_count(2)
    bob.click('.chat-phrase[data-phrase="oops"]')  # (sent to Bob after Ann's "Thanks")
    expect(ann.locator("#chat-lines .chat-line")).to_have_count(3)
    expect(bob.locator("#chat-lines .chat-line")).to_have_count(1)
    assert _said(bob) == ["Oops"]
    bob.reload()  # (the chat's last lines come again; the mute is kept in this browser)
    expect(bob.locator("#chat-mute-0")).to_be_checked()
    expect(bob.locator("#chat-lines .what")).to_have_text(["Oops"])

    for page in (ann, bob):
        assert page.evaluate("window.pwned") is None
        assert page.locator("img[src='x']").count() == 0
    assert not ann_errors and not bob_errors
    for page in (ann, bob):
        page.context.close()
