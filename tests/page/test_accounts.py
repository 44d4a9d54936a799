"""Accounts in the page (account.js): sign up in the lobby's dialog (the recovery code shown),
sign out and in again, names shown as text (an XSS payload stays text); a guest's game kept on
sign-up, the seat's guest mark gone and the account's name at the table; a signed-in seat
rejoined from another browser."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from .conftest import LiveServer, fresh_context
from .test_table import make_table, table_info

PAYLOAD = '<img src=x onerror="x">'
"""A name that is HTML: it must show as these characters, never as an element."""


def sign_up(page: Page, name: str, password: str) -> str:
    """Sign up in the account dialog: the recovery code it shows."""
    page.locator("#account-open").click()
    page.get_by_role("button", name="Make an account").click()
    page.locator("#account-name").fill(name)
    page.locator("#account-password").fill(password)
    page.get_by_role("button", name="Make the account").click()
    code = page.locator("#account-code")
    expect(code).to_have_text(re.compile(r"^[A-Z0-9]{4}(-[A-Z0-9]{4}){4}$"))
    text = code.text_content() or ""
    page.get_by_role("button", name="I have kept it").click()
    return text


def test_sign_up_out_and_in_in_the_lobby_with_the_name_shown_as_text(
    page: Page, server: LiveServer
) -> None:
    page.goto(server.url + "/")
    expect(page.locator("#account")).to_contain_text("Playing as a guest")
    sign_up(page, PAYLOAD, "a-long-password")
    shown = page.locator("#account-name-shown")
    expect(shown).to_have_text(PAYLOAD)
    assert page.locator("header img").count() == 0  # (text, never an element)
    expect(page.locator("#name")).to_have_value(PAYLOAD)
    page.locator("#account-open").click()
    expect(page.locator("#account-shown")).to_have_text(PAYLOAD)
    page.locator("#account-signout").click()
    expect(page.locator("#account")).to_contain_text("Playing as a guest")
    page.locator("#account-open").click()
    page.locator("#account-name").fill(PAYLOAD)
    page.locator("#account-password").fill("not-the-password")
    page.locator("#account-dialog").get_by_role("button", name="Sign in", exact=True).click()
    expect(page.locator("#account-error")).to_have_text(
        "that name and password do not match an account"
    )
    page.locator("#account-password").fill("a-long-password")
    page.locator("#account-dialog").get_by_role("button", name="Sign in", exact=True).click()
    expect(shown).to_have_text(PAYLOAD)
    page.reload()  # (the session is the cookie's: it outlives the page)
    expect(page.locator("#account-name-shown")).to_have_text(PAYLOAD)
    assert page.locator("img").count() == 0


def test_a_guests_game_is_kept_on_sign_up_at_the_table(page: Page, server: LiveServer) -> None:
    page.goto(server.url + "/")
    page.locator("#name").fill("Guesty")
    page.locator("#name").dispatch_event("change")
    page.locator("#play-now").click()
    expect(page.locator("#seat-info")).to_contain_text("seat 1", ignore_case=True)
    table = page.url.rsplit("/", 1)[1]
    mine = page.locator(".seat.me .who")
    expect(mine).to_contain_text("Guesty (guest)")
    sign_up(page, "Kept", "a-long-password")
    expect(mine).to_have_text("Kept (you)")  # (the seat is the account's: no guest mark)
    expect(page.locator("#account-name-shown")).to_have_text("Kept")
    assert table_info(server, table)["seats"][0] == {
        **table_info(server, table)["seats"][0],
        "name": "Kept",
        "guest": False,
    }


def test_a_signed_in_seat_is_taken_back_from_another_browser(
    browser: Browser, server: LiveServer
) -> None:
    first = fresh_context(browser, viewport={"width": 1280, "height": 800})
    second = fresh_context(browser, viewport={"width": 1280, "height": 800})
    try:
        made = first.request.post(
            server.url + "/api/account/signup",
            data={"name": "Twice", "password": "a-long-password"},
            headers={"origin": server.url},
        )
        assert made.status == 201
        seated = first.request.post(
            server.url + "/api/tables",
            data={"seats": [{"kind": "person"}, {"kind": "bot", "bot": "basic"}] * 2},
            headers={"origin": server.url},
        ).json()
        assert seated["table"]["seats"][0]["name"] == "Twice"
        table = seated["table"]["id"]
        signed = second.request.post(
            server.url + "/api/account/signin",
            data={"name": "Twice", "password": "a-long-password"},
            headers={"origin": server.url},
        )
        assert signed.status == 200
        page = second.new_page()
        page.goto(f"{server.url}/t/{table}")  # (this browser holds no token of the table)
        expect(page.locator("#seat-info")).to_have_text("You are Twice, seat 1")
        expect(page.locator("#account-name-shown")).to_have_text("Twice")
        other = make_table(server, [{"kind": "person"}] + [{"kind": "bot", "bot": "basic"}] * 3)
        assert other["table"]["seats"][0]["guest"] is True  # (no cookie: a guest, as ever)
    finally:
        first.close()
        second.close()
