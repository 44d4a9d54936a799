"""Every form's mechanics on the page, shown as what they are: Heartsette's widow and discards,
the two-handed stock and Domino's draws and the stock's size trick by trick, Cancellation's
carried tricks, the auction's bids and the suit named, the moon choice, the laws' correction,
call and gathering; the "this hand" log that words the hand's events; seat numbers from 1;
the trick's winner clear of the cards on a phone; and the deal check's own SHA-256 and
HMAC-SHA256 where the browser gives no Web Crypto.

Each table is dealt from a fixed seed (``tables.secrets.randbits`` patched, as
``test_look.py`` does), with basic bots (which play the same moves from the same view), so the
person's clicks meet the same hand every run: the seeds were chosen for the mechanic to happen
to the person (seat 0 wins Heartsette's first trick, draws in Domino's first tricks, shoots the
moon playing its highest card).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from hearts.server import tables

from .conftest import WAIT, LiveServer, fresh_context
from .test_table import (
    HAND,
    LIMIT,
    PLAYABLE,
    REVOKE_SEED,
    hand_of,
    make_table,
    my_turn,
    play,
    play_first,
    sit,
    table_info,
    to_a_revoke,
)

BOT = {"kind": "bot", "bot": "basic"}
ONE_HAND = {"end": "deals", "deals": 1}
SUITS = {"clubs": "\u2663", "diamonds": "\u2666", "spades": "\u2660", "hearts": "\u2665"}


def short(card: str) -> str:
    """A card as the page writes it: "Q♠", "10♥" (the second pack's with a prime)."""
    second = card.endswith("'")
    bare = card.rstrip("'")
    rank = "10" if bare[0] == "T" else bare[0]
    return (
        rank
        + {"C": "\u2663", "D": "\u2666", "S": "\u2660", "H": "\u2665"}[bare[1]]
        + ("\u2032" if second else "")
    )


def seated(
    page: Page,
    server: LiveServer,
    monkeypatch: pytest.MonkeyPatch,
    seed: int,
    variant: str,
    players: int,
    **options: Any,
) -> str:
    """A table of ``variant`` dealt from ``seed``, one hand long, the person in seat 0 (this
    page) and basic bots in the other seats; its id."""
    monkeypatch.setattr(tables.secrets, "randbits", lambda bits: seed)
    made = make_table(
        server,
        [{"kind": "person"}] + [BOT] * (players - 1),
        variant=variant,
        name="Ann",
        options={**ONE_HAND, **options},
    )
    table = str(made["table"]["id"])
    sit(page, server, table, made["token"], 0)
    return table


def log_lines(page: Page) -> list[str]:
    return [str(t) for t in page.locator("#log li").all_inner_texts()]


def logged(page: Page, pattern: str, limit: float = WAIT / 1000) -> str:
    """Wait for a line of the log matching ``pattern`` (a regular expression); the line."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        for line in log_lines(page):
            if re.search(pattern, line):
                return line
        page.wait_for_timeout(50)
    raise AssertionError(f"no line of the log matches {pattern!r}: {log_lines(page)}")


def act(page: Page, pick: Callable[[Page], Any] | None = None) -> bool:
    """Make this seat's move if it has one: the cards of a pass or discard (the first ones),
    else the first move button but the moon's choice, else a card (``pick``, by default the
    first playable). True if a move was made."""
    choose = page.locator("#pass")
    if choose.count() and choose.is_visible():
        count = int(choose.get_attribute("data-count") or 0)
        for index in range(count):
            card = page.locator(PLAYABLE).nth(index)
            card.click()
            expect(card).to_have_attribute("aria-pressed", "true")
        choose.click()
        expect(page.locator("#pass")).to_have_count(0)
        return True
    # (not the moon's choice: a test that reaches it makes it, and a state may bring its buttons
    # between the test's look at them and this one)
    buttons = page.locator(
        "#moves button.move[data-move]:not(.claim):not(.call):not(.correct)"
        ":not([data-move^='moon'])"
    )
    if buttons.count() and my_turn(page):
        button = buttons.first
        text = button.get_attribute("data-move")
        button.click()
        expect(page.locator(f"#moves button[data-move='{text}']")).to_have_count(0)
        return True
    if my_turn(page) and page.locator(PLAYABLE).count():
        play_card(page, pick(page) if pick else page.locator(PLAYABLE).first)
        return True
    return False


def play_card(page: Page, card: Any) -> None:
    """Click a card of the hand and wait for the hand to show it gone (the page is then sent
    the state after it: no second click on a turn already over)."""
    before = hand_of(page)
    card.click()
    end = time.monotonic() + WAIT / 1000
    while hand_of(page) == before and time.monotonic() < end:
        page.wait_for_timeout(30)


def play_until(
    page: Page,
    done: Callable[[], bool],
    pick: Callable[[Page], Any] | None = None,
    limit: float = LIMIT,
) -> None:
    """Play this seat's moves through the page until ``done()``."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if done():
            return
        if not act(page, pick):
            page.wait_for_timeout(50)
    raise AssertionError(
        f"not done in {limit} s: status {page.locator('#status').inner_text()!r}; "
        f"the log: {log_lines(page)}"
    )


def over(server: LiveServer, table: str) -> Callable[[], bool]:
    return lambda: bool(table_info(server, table)["over"])


def record(page: Page, snapshot: str) -> Callable[[], list[Any]]:
    """Keep what ``snapshot`` (a JavaScript function of no arguments, reading the page) gives
    each time the page changes from now on, each value once until it changes; the function
    returns the values kept so far. A MutationObserver takes it after each change: after each
    message the page draws, however fast they come, where a test that looked from time to time
    would miss what the page showed only a moment (a trick's note, a size of the stock)."""
    key = f"__kept{page.evaluate('() => (window.__records = (window.__records || 0) + 1)')}"
    page.evaluate(
        f"""() => {{
          const snapshot = {snapshot};
          const kept = (window.{key} = []);
          let last = null;
          const take = () => {{
            const value = snapshot();
            const text = JSON.stringify(value);
            if (text !== last) {{ last = text; kept.push(value); }}
          }};
          take();
          new MutationObserver(take).observe(document.body,
            {{ subtree: true, childList: true, attributes: true, characterData: true }});
        }}"""
    )
    return lambda: list(page.evaluate(f"() => window.{key}"))


def test_heartsette_shows_the_widow_face_down_then_taken_and_the_discards_in_the_log(
    page: Page, server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed 7: the person wins the first trick, takes the widow and discards."""
    seated(page, server, monkeypatch, 7, "heartsette", 4)
    widow = page.locator("#piles .widow")
    expect(widow).to_have_attribute("data-widow", "down")
    expect(widow).to_contain_text("Widow: 3 cards face down")
    expect(widow).to_have_attribute("data-size", "3")
    expect(widow).to_have_attribute("data-taker", "")
    play_until(page, lambda: page.locator("#pass[data-move-kind='discard']").count() > 0)
    expect(widow).to_have_attribute("data-widow", "taking")
    expect(widow).to_contain_text("taken by you")
    expect(widow).to_have_attribute("data-taker", "0")
    expect(page.locator("#status")).to_contain_text("choose 3 cards to discard")
    chosen = hand_of(page)[:3]
    act(page)
    expect(widow).to_have_attribute("data-widow", "taken")
    expect(widow).to_contain_text("your discards " + " ".join(short(c) for c in chosen))
    line = logged(page, r"^You take the widow and discard ")
    assert " ".join(short(c) for c in chosen) in line and "face down" in line
    for card in chosen:
        expect(page.locator(f"{HAND}[data-card='{card}']")).to_have_count(0)


def test_heartsette_tells_the_others_only_that_the_widow_was_taken_and_discarded(
    page: Page, server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed 1: a bot (seat 3) wins the first trick; the person's log and felt say that it
    took the widow and laid as many cards face down, never which."""
    seated(page, server, monkeypatch, 1, "heartsette", 4)
    widow = page.locator("#piles .widow")
    play_until(page, lambda: widow.get_attribute("data-widow") == "taken")
    expect(widow).to_contain_text(
        re.compile(r"taken by basic \(seat \d\); the discards lie face down")
    )
    line = logged(page, r"takes the widow and lays as many cards face down")
    assert re.match(r"basic \(seat [234]\) takes", line)


def test_two_handed_shows_the_stock_shrinking_trick_by_trick_and_the_persons_draws(
    page: Page, server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    seated(page, server, monkeypatch, 3, "two-handed", 2)
    stock = page.locator("#piles .stock")
    expect(stock).to_have_attribute("data-stock", "26")
    expect(stock).to_contain_text("Stock: 26")
    shown = record(page, "() => document.querySelector('#piles .stock')?.dataset.stock ?? null")
    play_until(page, lambda: len(shown()) >= 4)
    sizes = [int(size) for size in shown()]
    assert sizes[:4] == [26, 24, 22, 20], sizes  # (both draw after each trick)
    drawn = [
        line for line in log_lines(page) if re.match(r"You draw the \S+ from the stock\.", line)
    ]
    assert len(drawn) >= 3
    assert "The stock: 24 cards left." in log_lines(page)
    card = re.match(r"You draw the (\S+) from", drawn[0])
    assert card is not None


def test_domino_shows_the_stock_the_persons_draws_and_the_seats_that_are_out(
    page: Page, server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed 4: the person cannot follow in the first trick and draws from the stock."""
    table = seated(page, server, monkeypatch, 4, "domino", 4)
    stock = page.locator("#piles .stock")
    expect(stock).to_contain_text(re.compile(r"^Stock: \d+$"))
    drawn = logged(page, r"^You draw the \S+ from the stock\.$")  # (before the person's card)
    card = re.match(r"You draw the (\S+) from", drawn)
    assert card is not None
    shown = record(
        page,
        """() => ({
          stock: Number(document.querySelector('#piles .stock')?.dataset.stock ?? -1),
          first: document.querySelectorAll('#log section').length === 1,
          out: [...document.querySelectorAll('.seat .out')].map((x) => x.textContent) })""",
    )
    first = shown()[0]["stock"]
    assert 0 < first < 28  # (28 left after the deal; the person drew)

    def ended() -> bool:
        info = table_info(server, table)
        return bool(info["hand"] > 1 or info["over"])

    play_until(page, ended)
    sizes = [first]
    out: list[str] = []
    for seen in shown():
        if seen["first"] and seen["stock"] != sizes[-1]:  # (still hand 1)
            sizes.append(seen["stock"])
        out.extend(text for text in seen["out"] if text not in out)
    assert len(sizes) >= 2 and sizes == sorted(sizes, reverse=True), sizes  # (it shrank)
    for size in sizes[1:]:
        if size:
            assert f"The stock: {size} card{'s' if size > 1 else ''} left." in log_lines(page)
    assert out == ["no cards left: out of this hand"]  # (a seat shown out on the felt)
    logged(page, r"(has|have) no cards left: out of this hand\.$")
    logged(page, r"(keeps|keep) (their|your) last cards with what was left of the stock")


def test_cancellation_says_a_trick_nobody_takes_is_carried(
    page: Page, server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed 4: every card of the suit led in the first trick is cancelled by its twin."""
    seated(page, server, monkeypatch, 4, "cancellation", 6)
    expect(page.locator(".seat")).to_have_count(6)
    play_until(page, lambda: any("carried" in line for line in log_lines(page)))
    line = logged(
        page,
        r"^Nobody takes trick \d+ \(.+\): every card of the suit led is cancelled, so it is carried",
    )
    assert line.count(" ") > 6
    taken = [x for x in log_lines(page) if re.search(r"takes? trick \d+", x) and "Nobody" not in x]
    assert not taken or log_lines(page).index(line) < log_lines(page).index(taken[0])


def test_the_auction_shows_each_bid_and_the_suit_named_on_the_felt_and_in_the_log(
    page: Page, server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed 3: the bots bid 1, 2 and 3; the person, last, clicks the first button: no bid."""
    seated(page, server, monkeypatch, 3, "auction", 4)
    expect(page.locator("#moves button[data-move='bid pass']")).to_have_text("No bid")
    expect(page.locator("#moves button[data-move='bid 4']")).to_have_text("Bid 4")
    bids = logged(page, r"bids 3 counters\.$")
    assert re.match(r"basic \(seat \d\) bids 3 counters\.", bids)
    expect(page.locator("#piles .auction")).to_contain_text("High bid: 3")
    act(page)
    logged(page, r"^You do not bid\.$")
    named = logged(
        page,
        r"names . \w+ as the suit to avoid, pays the bid of 3 counters into the pool and leads\.$",
    )
    suit = re.search(r"names . (\w+) as", named)
    assert suit is not None
    pile = page.locator("#piles .auction")
    expect(pile).to_have_attribute("data-named", suit.group(1))
    expect(pile).to_have_text(f"To avoid: {SUITS[suit.group(1)]} {suit.group(1)}")
    lines = log_lines(page)
    assert lines.index(bids) < lines.index("You do not bid.") < lines.index(named)


def highest(page: Page) -> Any:
    return page.locator(PLAYABLE).last


def test_the_moon_choice_is_offered_in_words_to_the_seat_that_shot_it(
    page: Page, server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed 6: the person passes its three lowest cards, plays its highest each time and
    takes every point; the page asks how the moon is scored, in words."""
    table = seated(
        page,
        server,
        monkeypatch,
        6,
        "modern",
        4,
        settlement={"method": "points", "moon": "choice"},
    )
    old = page.locator("#moves button[data-move='moon old']")
    new = page.locator("#moves button[data-move='moon new']")
    play_until(page, lambda: old.count() > 0, pick=highest)
    expect(page.locator("#status")).to_contain_text("you shot the moon! Choose how it is scored")
    expect(old).to_have_text("The others take the points")
    expect(new).to_have_text("Take the points off your score")
    logged(page, r"^You shoot the moon: every card that counts!$")
    new.click()
    logged(page, r"^You choose the new moon: 26 points off your score\.$")
    # (the hand's summary says the shot, though it came in an earlier state, and the choice)
    expect(page.locator("#hand-over")).to_contain_text(
        "You shoot the moon: every card that counts!"
    )
    expect(page.locator("#hand-over")).to_contain_text("You choose the new moon")
    info = table_info(server, table)
    assert info["over"] and info["scores"][0] == -26


def test_by_the_laws_a_revoke_is_taken_back_its_card_exposed_and_called_and_cards_gathered(
    browser: Browser,
    context: BrowserContext,
    server: LiveServer,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Laws 19, 22, 25-26 on two pages: Ann revokes and takes the card back (the page's
    button); it is shown exposed to both; when she is to play and may play it, Bob calls it
    (his page's button) and Ann's page says so, her only card to play; at the end each lets the
    cards be gathered by a button in words. (A fixed deal: Ann may revoke in the second trick,
    Bob to play after her; each page is read at its own turn, which waits for it.)"""
    monkeypatch.setattr(tables.secrets, "randbits", lambda bits: REVOKE_SEED)
    made = make_table(
        server,
        [{"kind": "person"}, {"kind": "person"}, BOT, BOT],
        variant="classic",
        name="Ann",
        options={"laws": True, **ONE_HAND},
    )
    table = made["table"]["id"]
    joined = httpx.post(
        f"{server.url}/api/tables/{made['code']}/join", json={"name": "Bob"}, timeout=10
    ).json()
    other = fresh_context(browser, viewport={"width": 1280, "height": 800})
    try:
        ann, bob = context.new_page(), other.new_page()
        sit(ann, server, table, made["token"], 0)
        sit(bob, server, table, joined["token"], 1)
        revoked = to_a_revoke(ann, bob)  # (to Ann's turn with a card off the suit led, Bob next)
        ann.locator(f'{HAND}[data-card="{revoked}"]').click(force=True)
        ann.locator("#moves .revoke").click()
        logged(ann, rf"^You play the {re.escape(short(revoked))}: a revoke\.$")
        correct = ann.locator("#moves button[data-move='correct']")
        expect(correct).to_have_text(f"Take the revoked {short(revoked)} back")
        expect(bob.locator("#moves button[data-move='correct']")).to_have_count(0)
        correct.click()
        expect(ann.locator(f"{HAND}[data-card='{revoked}']")).to_have_count(1)
        for page in (ann, bob):
            expect(page.locator(".seat[data-seat='0'] .exposed")).to_have_text(
                f"exposed: {short(revoked)}"
            )
        logged(ann, rf"^You take back the revoked {re.escape(short(revoked))}, now an exposed card")
        logged(
            bob, rf"^Ann takes back the revoked {re.escape(short(revoked))}, now an exposed card"
        )
        # On: Ann keeps her exposed card while she can; when it is hers to play, Bob calls it.
        call = bob.locator(f"#moves button[data-move='call {revoked}']")
        end = time.monotonic() + LIMIT
        while True:
            assert time.monotonic() < end, "Ann's exposed card never became hers to play"
            if my_turn(ann):
                mine = ann.locator(f'{HAND}[data-card="{revoked}"]')
                if mine.get_attribute("aria-disabled") == "false":
                    break
                others = ann.locator(f'{PLAYABLE}:not([data-card="{revoked}"])')
                play(ann, str(others.first.get_attribute("data-card")))
            elif my_turn(bob):
                play_first(bob)
            else:
                ann.wait_for_timeout(50)  # (the bots are playing)
        expect(call).to_have_text(f"Call Ann's exposed {short(revoked)}")
        call.click()
        expect(ann.locator("#status")).to_contain_text(
            f"Bob calls your exposed {short(revoked)}: play it"
        )
        expect(ann.locator(PLAYABLE)).to_have_count(1)
        expect(ann.locator(PLAYABLE)).to_have_attribute("data-card", revoked)
        logged(bob, rf"^You call Ann's exposed {re.escape(short(revoked))}: Ann must play it now")
        logged(ann, rf"^Bob calls your exposed {re.escape(short(revoked))}: you must play it now")
        play(ann, revoked)
        # To the end of the hand: each person lets the cards be gathered.
        gathered: set[str] = set()
        end = time.monotonic() + LIMIT
        while not table_info(server, table)["over"]:
            assert time.monotonic() < end, f"the hand never ended: {gathered} gathered"
            for name, page in (("Ann", ann), ("Bob", bob)):
                gather = page.locator("#moves button[data-move='gather']")
                if gather.count():  # (this seat's move: it stays until the seat makes it)
                    expect(gather).to_have_text("Let the cards be gathered")
                    expect(page.locator("#status")).to_contain_text("let the cards be gathered")
                    gather.click()
                    expect(gather).to_have_count(0)
                    gathered.add(name)
                elif my_turn(page) and page.locator(PLAYABLE).count():
                    play_first(page)
            ann.wait_for_timeout(50)
        assert gathered == {"Ann", "Bob"}
        logged(ann, r"^You let the cards be gathered\.$")
        logged(ann, r"^Bob lets the cards be gathered\.$")
    finally:
        other.close()


def test_the_log_words_the_deal_the_pass_and_the_tricks_newest_last_in_a_polite_live_region(
    page: Page, server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    seated(page, server, monkeypatch, 20261202, "modern", 4)
    log = page.locator("#log")
    expect(log).to_have_attribute("aria-live", "polite")
    first = log_lines(page)[0]
    assert re.fullmatch(
        r"You deal hand 1: the pack is cut at \d+ cards; you are dealt 13 cards; each passes 3 "
        r"cards left\.",
        first,
    )
    passed = hand_of(page)[:3]
    act(page)
    line = logged(page, r"^You pass ")
    assert line == f"You pass {' '.join(short(c) for c in passed)} to basic (seat 2)."
    received = logged(page, r"^You receive ")
    got = page.locator(f"{HAND}.received").evaluate_all("b => b.map(x => x.dataset.card)")
    assert received == f"You receive {' '.join(short(c) for c in got)}." and len(got) == 3
    play_until(page, lambda: any(re.search(r"trick \d+ \(", x) for x in log_lines(page)))
    trick = logged(page, r"takes? trick \d+ \(")
    lines = log_lines(page)
    assert lines.index(line) < lines.index(received) < lines.index(trick)  # (newest last)
    assert page.locator("#log h3").first.inner_text() == "Hand 1"


def test_every_seat_number_the_page_shows_counts_from_one(
    page: Page, server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tables.secrets, "randbits", lambda bits: 5)
    made = make_table(
        server,
        [{"kind": "person"}] + [BOT] * 3,
        variant="classic",
        name="Ann",
        options={"laws": True, **ONE_HAND},
    )
    table = str(made["table"]["id"])
    page.goto(server.url + "/")
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"hearts:{table}", f'{{"token": "{made["token"]}", "seat": 0}}'],
    )
    page.goto(f"{server.url}/t/{table}")
    expect(page.locator("#seat-info")).to_have_text("You are Ann, seat 1")
    for seat in range(4):
        box = page.locator(f".seat[data-seat='{seat}']")
        expect(box.locator(".state")).to_contain_text(f"seat {seat + 1}")
        expect(box).to_have_attribute("aria-label", re.compile(f"^Seat {seat + 1}: "))
    for seat in (1, 2, 3):
        expect(page.locator(f"#moves .claim[data-move='claim {seat}']")).to_have_text(
            f"basic (seat {seat + 1})"
        )
    play_until(page, lambda: len(log_lines(page)) > 4 and "trick" in " ".join(log_lines(page)))
    text = page.locator("body").inner_text()
    numbers = {int(n) for n in re.findall(r"\bseat (\d+)", text, flags=re.IGNORECASE)}
    assert numbers and numbers <= {1, 2, 3, 4} and 0 not in numbers, numbers


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    """A phone's window; without motion (as a person may ask), so that what is measured is where
    each thing is drawn, not a card on its way there."""
    made = fresh_context(browser, viewport={"width": 390, "height": 844}, reduced_motion="reduce")
    made.set_default_timeout(WAIT)
    try:
        yield made.new_page()
    finally:
        made.close()


NOTE_CLEAR = """() => {
  const note = document.getElementById('trick-note');
  const text = note.textContent.trim();
  if (!text) return null;
  const box = note.getBoundingClientRect();
  const overlaps = (a, b) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5
    && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;
  const over = [...document.querySelectorAll(
      '.seat, #trick .played, #hand button.card, #piles .pile, #status')]
    .filter((x) => { const r = x.getBoundingClientRect(); return r.width && r.height && overlaps(box, r); })
    .map((x) => `${x.className || x.id} at ${JSON.stringify(x.getBoundingClientRect())}`);
  return { text, box: JSON.stringify(box), over };
}"""
"""The trick's note as the page shows it (null when there is none), and what it overlaps."""


def test_on_a_phone_the_tricks_winner_is_told_clear_of_the_cards_and_the_seats(
    phone: Page, server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every note of a trick's winner the page shows, each time the page changes while it is
    there (recorded in the page: a note may show only a moment, when a bot leads next)."""
    page = phone
    seated(page, server, monkeypatch, 20261202, "modern", 4)
    notes = record(page, NOTE_CLEAR)

    def told() -> int:  # (how many notes came: each after none, or after another)
        seen = notes()
        return sum(
            1
            for before, note in zip([None, *seen], seen, strict=False)
            if note and (not before or before["text"] != note["text"])
        )

    play_until(page, lambda: told() >= 3)
    for note in notes():
        if note:
            assert not note["over"], f"{note['text']!r} at {note['box']} overlaps {note['over']}"


# ------------------------------------------------------------------ the deal check's hashes

INPUTS = [
    "",
    "abc",
    "a" * 55,  # (the padding's edges: one block, two blocks)
    "a" * 56,
    "a" * 64,
    "a" * 1000,
    "hearts shuffle commitment v1|0|" + "0f" * 32 + "|2C 3C 4C QS AH",
    "\u2665 Q\u2660 caf\u00e9",
]
KEYS = ["", "key", "k" * 64, "k" * 65, "\u00fc" * 50]


def test_the_pages_own_sha256_and_hmac_agree_with_web_crypto_and_with_python(
    page: Page, server: LiveServer
) -> None:
    page.goto(server.url + "/")
    found = page.evaluate(
        """async ([inputs, keys]) => {
          const m = await import("/static/sha256.js");
          const enc = new TextEncoder();
          const hex = (b) => [...new Uint8Array(b)].map((x) => x.toString(16).padStart(2, "0")).join("");
          const out = [];
          for (const text of inputs) {
            const bytes = enc.encode(text);
            out.push(["sha", text, "", m.hex(m.sha256(bytes)), hex(await crypto.subtle.digest("SHA-256", bytes))]);
            for (const key of keys) {
              const k = enc.encode(key);
              const made = key.length
                ? await crypto.subtle.importKey("raw", k, { name: "HMAC", hash: "SHA-256" }, false, ["sign"])
                : null;
              out.push(["hmac", text, key, m.hex(m.hmacSha256(k, bytes)),
                        made ? hex(await crypto.subtle.sign("HMAC", made, bytes)) : null]);
            }
          }
          return out;
        }""",
        [INPUTS, KEYS],
    )
    assert len(found) == len(INPUTS) * (1 + len(KEYS))
    for kind, text, key, ours, subtle in found:
        data = text.encode()
        python = (
            hashlib.sha256(data).hexdigest()
            if kind == "sha"
            else hmac.new(key.encode(), data, "sha256").hexdigest()
        )
        assert ours == python, (kind, text, key)
        if subtle is not None:  # (Web Crypto takes no empty HMAC key)
            assert ours == subtle, (kind, text, key)


def test_without_web_crypto_the_page_still_checks_the_deal_with_its_own_hashes(
    browser: Browser, server: LiveServer
) -> None:
    """As on plain http from another machine: no crypto.subtle in the page."""
    made_context = fresh_context(browser, viewport={"width": 1280, "height": 800})
    made_context.add_init_script(
        "Object.defineProperty(globalThis.crypto, 'subtle', { value: undefined, configurable: true });"
    )
    try:
        page = made_context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        made = make_table(server, [{"kind": "person"}] + [BOT] * 3, options=ONE_HAND)
        table = str(made["table"]["id"])
        sit(page, server, table, made["token"], 0)
        assert page.evaluate("globalThis.crypto.subtle === undefined")
        play_until(page, over(server, table))
        checked = page.locator("#hand-over .reveal")
        expect(checked).to_have_attribute("data-verified", "yes")
        expect(checked).to_have_attribute("data-hash", "page")
        expect(checked).to_contain_text("matches the commitment")
        assert not errors, errors
    finally:
        made_context.close()


# ----------------------------------------------------------------------------- the piles

SNAPSHOT = """() => [...document.querySelectorAll('#trick .played')].map(p => ({
  card: p.dataset.card, cancelled: p.classList.contains('cancelled'),
  label: p.getAttribute('aria-label'), badge: p.querySelector('.cancel-badge')?.textContent || '',
  opacity: getComputedStyle(p.querySelector('svg')).opacity }))"""


def twins_on(cards: list[str]) -> set[str]:
    """The cards among ``cards`` whose twin (``QS`` and ``QS'``) is there too, by their names."""
    bare = [card.rstrip("'") for card in cards]
    return {card for card, name in zip(cards, bare, strict=True) if bare.count(name) == 2}


def record_of(server: LiveServer, table: str) -> dict[str, Any]:
    reply = httpx.get(f"{server.url}/api/games/{table}/record", timeout=10)
    reply.raise_for_status()
    data: dict[str, Any] = reply.json()
    return data


def test_cancellation_marks_the_twins_in_the_trick_in_words_and_names_the_widows_taker(
    page: Page, server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed 4: the first trick's diamonds cancel in pairs. The cards the server says cancel are
    dimmed, badged "cancelled" and labelled "cancelled by its twin" (exactly the twins on the
    table), the log's line for the trick names the pairs; the widow's two cards lie face down
    on the felt until the first trick won, then its taker is named: the record's winner of
    that trick."""
    table = seated(page, server, monkeypatch, 4, "cancellation", 6)
    widow = page.locator("#piles .widow")
    expect(widow).to_have_attribute("data-widow", "down")
    expect(widow).to_have_attribute("data-size", "2")
    expect(widow).to_contain_text("Widow: 2 cards face down")
    tricks = record(page, SNAPSHOT)  # (every trick the felt shows, as it shows it)

    def marked() -> list[list[dict[str, Any]]]:
        return [shown for shown in tricks() if any(card["cancelled"] for card in shown)]

    play_until(page, lambda: bool(marked()))
    play_until(page, over(server, table))
    for shown in marked():
        cards = [card["card"] for card in shown]
        cancelled = {card["card"] for card in shown if card["cancelled"]}
        assert cancelled == twins_on(cards) and cancelled, shown
        for card in shown:
            if card["cancelled"]:
                assert card["label"].endswith(", cancelled by its twin"), card
                assert card["badge"] == "cancelled" and float(card["opacity"]) < 1
            else:
                assert "cancelled" not in card["label"] and not card["badge"]
    kept = record_of(server, table)
    # (the last hand's: the felt and the log are of the hand the game ended on)
    deals = [i for i, e in enumerate(kept["events"]) if e["kind"] == "dealt"]
    last = kept["events"][deals[-1] :]
    tricks = [e for e in last if e["kind"] in ("trick_won", "trick_carried")]
    paired = [e for e in tricks if twins_on(e["cards"])]
    assert paired
    lines = log_lines(page)
    for trick in paired:
        said = " ".join(short(name) for name in trick["cards"])
        line = next(x for x in lines if f"({said})" in x)
        for name in twins_on(trick["cards"]):
            assert short(name) in line.split(":", 1)[1]
        assert "cancelled each other" in line or "each pair cancelled" in line, line
    first = next(e for e in tricks if e["kind"] == "trick_won")
    expect(widow).to_have_attribute("data-taker", str(first["seat"]))
    expect(widow).to_have_attribute("data-widow", "taken")
    name = "you" if first["seat"] == 0 else "basic"
    expect(widow).to_contain_text(f"Widow (2 cards): taken by {name}")
