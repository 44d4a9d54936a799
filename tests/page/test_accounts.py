"""Accounts in the page (account.js): sign up in the lobby's dialog (the recovery code shown),
sign out and in again, names shown as text (an XSS payload stays text); a guest's game kept on
sign-up, the seat's guest mark gone and the account's name at the table; a signed-in seat
rejoined from another browser; a signed-in person's name a link to their profile at the table
and in the lobby's lists, a guest's not; rated play offered to a signed-in person only."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect
from sqlalchemy import select

from hearts.server.store import TableRow

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


def test_a_signed_in_persons_name_links_to_their_profile_at_the_table_and_in_the_lobby(
    page: Page, server: LiveServer
) -> None:
    """Rosa, signed in, takes the open seat at a guest's public table from the lobby: at the
    table her name is a link to /p/Rosa (opened apart: the game stays), the guest's and the
    bots' names are not; back in the lobby, the public tables list links her name only."""
    made = make_table(
        server,
        [{"kind": "person"}, {"kind": "person"}] + [{"kind": "bot", "bot": "basic"}] * 2,
        name="Gus",
        public=True,
    )
    table = made["table"]["id"]
    page.goto(server.url + "/")
    sign_up(page, "Rosa", "a-long-password")
    page.locator(f"#public-tables button.sit[data-table='{table}']").click()
    expect(page.locator("#seat-info")).to_have_text("You are Rosa, seat 2")
    mine = page.locator(".seat.me .name a.person")
    expect(mine).to_have_text("Rosa")
    expect(mine).to_have_attribute("href", "/p/Rosa")
    expect(mine).to_have_attribute("target", "_blank")
    expect(page.locator("#seats [data-seat='0'] .who")).to_have_text("Gus (guest)")
    expect(page.locator("#seats a.person")).to_have_count(1)  # (not the guest's, not a bot's)
    page.goto(server.url + "/")
    listed = page.locator("#public-tables li", has=page.locator(f"button[data-table='{table}']"))
    expect(listed).to_contain_text("Gus (guest), Rosa, basic (bot), basic (bot)")
    expect(listed.locator("a.person")).to_have_text(["Rosa"])
    expect(listed.locator("a.person")).to_have_attribute("href", "/p/Rosa")


def test_rated_play_is_offered_to_a_signed_in_person_only(page: Page, server: LiveServer) -> None:
    """A guest's Rated boxes (Play with people, Make the table) are disabled and say why; signed
    in, they can be chosen: a rated table with a bot seat is refused in a sentence (nothing
    made), one of friends' seats is made rated; Play with people waits in a rated room."""
    page.goto(server.url + "/")
    for box in ("#rated", "#match-rated"):
        expect(page.locator(box)).to_be_disabled()
    expect(page.locator("#rated-label")).to_have_text("Rated (sign in to play rated games)")
    expect(page.locator("label.match-rated")).to_have_text("rated (sign in to play rated games)")
    sign_up(page, "Rita", "a-long-password")
    for box in ("#rated", "#match-rated"):
        expect(page.locator(box)).to_be_enabled()
    expect(page.locator("label.match-rated")).to_have_text("rated")
    page.locator("#rated").check()
    page.locator("#create").click()
    expect(page.locator("#message")).to_have_text(
        "a rated table is of people only: choose \u201ca friend\u201d for every seat"
    )
    assert page.url == server.url + "/"
    page.locator("#others").select_option("person")
    page.locator("#create").click()
    expect(page.locator("#seat-info")).to_contain_text("seat 1")
    table = page.url.rsplit("/", 1)[1]
    with server.store._transaction("read the table", read=True) as session:
        options = session.scalar(select(TableRow.options).where(TableRow.id == table))
    assert options is not None and options["rated"] is True
    page.goto(server.url + "/")
    page.locator("#match-wait").select_option("")
    page.locator("#match-rated").check()
    page.locator("#play-people").click()
    expect(page.locator("#match-title")).to_have_text(
        "Waiting for people: modern, 4 players, rated"
    )
    page.locator("#match-leave").click()
    expect(page.locator("#play-people")).to_be_visible()
