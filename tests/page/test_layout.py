"""The table on one screen at every size (issue 35, item 1): at 360x640, 390x844, 844x390,
1366x768 and 1920x1080, in every phase of five forms and through a whole game, the seats, the
trick, the hand, the prompt (#status) and the buttons (#moves, #last-trick) are inside the window and overlap
nothing (nor the felt's piles: the stock, the widow, the auction), the page does not scroll, and on a phone each card shows a strip of at least 44 px and
each button is at least 44 px each way.

What is checked is measured in the page by :data:`CHECK` (bounding boxes), each time the page
changes (a ``MutationObserver``: every state drawn, the trick just won, the hand over, however
briefly shown) at the size the game is played at, and at all five sizes at the first position
of each phase the person meets (the window resized: the table is drawn again for it). The
tables are dealt from fixed seeds with basic bots, as in ``test_forms.py``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from .conftest import WAIT, LiveServer, fresh_context
from .test_forms import BOT, SUITS, play_until, seated
from .test_table import HAND, make_table, table_info

SIZES = {
    "360x640": {"width": 360, "height": 640},
    "390x844": {"width": 390, "height": 844},
    "844x390": {"width": 844, "height": 390},
    "1366x768": {"width": 1366, "height": 768},
    "1920x1080": {"width": 1920, "height": 1080},
}
PHONE_WIDTH = 900
"""Windows at most this wide are a phone's (held upright or sideways): tap targets of 44 px."""

CHECK = """() => {
  const W = window.innerWidth, H = window.innerHeight, phone = W <= PHONE_WIDTH;
  // (the window just resized, the table not yet laid out again for it: that redraw comes before
  // the next frame is painted, so no one sees this state; at_every_size waits for the redraw)
  if (document.body.dataset.drawnFor !== `${W}x${H}`) return [];
  const problems = [];
  const scroller = document.scrollingElement;
  if (scroller.scrollWidth > W || scroller.scrollHeight > H) {
    problems.push(`the page scrolls: ${scroller.scrollWidth}x${scroller.scrollHeight} in ${W}x${H}`);
  }
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const box = (el) => el.getBoundingClientRect();
  const name = (el) => el.id ? `#${el.id}` : el.dataset.card ? `${el.className.split(' ')[0]} ${el.dataset.card}`
    : el.dataset.seat !== undefined ? `seat ${el.dataset.seat}` : el.dataset.move ? `button ${el.dataset.move}` : el.className;
  const groups = [];
  for (const seat of document.querySelectorAll('#seats .seat')) groups.push({ what: 'seat', items: [seat] });
  groups.push({ what: 'trick', items: [...document.querySelectorAll('#trick .played')] });
  groups.push({ what: 'pile', items: [...document.querySelectorAll('#piles .pile')] });
  const hand = document.getElementById('hand');
  const scrolls = hand.classList.contains('scrolls');
  groups.push({ what: 'hand', items: [...document.querySelectorAll('#hand button.card')] });
  const status = document.getElementById('status');
  if (status.textContent.trim()) groups.push({ what: 'prompt', items: [status] });
  groups.push({ what: 'buttons', items: [...document.querySelectorAll('#moves button, #last-trick')] });
  const note = document.getElementById('trick-note');
  if (note.textContent.trim()) groups.push({ what: 'note', items: [note] });
  for (const g of groups) g.items = g.items.filter(shown);
  const r1 = (r) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
  for (const g of groups) {
    for (const el of g.items) {
      const r = box(el);
      const sideways = g.what === 'hand' && scrolls;  // (a long hand scrolls in its own row)
      if (r.top < -1 || r.bottom > H + 1 || (!sideways && (r.left < -1 || r.right > W + 1))) {
        problems.push(`${g.what} ${name(el)} at ${r1(r)} is outside the window ${W}x${H}`);
      }
    }
  }
  const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  for (let i = 0; i < groups.length; i++) {
    for (let j = i + 1; j < groups.length; j++) {
      for (const a of groups[i].items) {
        for (const b of groups[j].items) {
          if (overlap(box(a), box(b))) {
            problems.push(`${groups[i].what} ${name(a)} at ${r1(box(a))} overlaps ${groups[j].what} ${name(b)} at ${r1(box(b))}`);
          }
        }
      }
    }
  }
  if (phone) {
    const cards = groups.find((g) => g.what === 'hand').items;
    cards.forEach((card, i) => {
      // (where the card is laid out, not where a hover or a choice raises it)
      const later = cards.slice(i + 1);
      const right = later.filter((c) => c.offsetTop === card.offsetTop && c.offsetLeft > card.offsetLeft);
      const strip = right.length ? Math.min(...right.map((c) => c.offsetLeft)) - card.offsetLeft : card.offsetWidth;
      const below = later.filter((c) => c.offsetTop > card.offsetTop
        && c.offsetLeft < card.offsetLeft + card.offsetWidth && card.offsetLeft < c.offsetLeft + c.offsetWidth);
      const step = below.length ? Math.min(...below.map((c) => c.offsetTop)) - card.offsetTop : card.offsetHeight;
      if (strip < 43.5 || step < 43.5) problems.push(`card ${card.dataset.card} shows ${strip}x${step} px to tap`);
    });
    for (const button of document.querySelectorAll('#moves button, #side-tabs button, #last-trick')) {
      const r = box(button);
      if (shown(button) && (r.width < 43.5 || r.height < 43.5)) problems.push(`button ${name(button)} is ${r1(r)}`);
    }
  }
  const felt = document.getElementById('felt').getBoundingClientRect();
  const where = `${status.textContent.trim()} [${W}x${H}; the felt ${Math.round(felt.height)} px high, `
    + `${document.querySelectorAll('#moves button').length} buttons, ${hand.children.length} cards]`;
  return problems.map((p) => `${where}: ${p}`);
}""".replace("PHONE_WIDTH", str(PHONE_WIDTH))


def watch(page: Page) -> Callable[[], list[str]]:
    """Check the layout each time the page changes from now on; the problems found so far
    (each once). The table is laid out for the window first (a check skips a layout not yet
    redrawn for the window's size: a page that never said its size would skip them all)."""
    page.wait_for_function(
        "() => document.body.dataset.drawnFor === `${window.innerWidth}x${window.innerHeight}`"
    )
    page.evaluate(
        """() => {
          const check = CHECK;
          const found = (window.__layout = new Set());
          const run = () => { for (const p of check()) found.add(p); };
          run();
          new MutationObserver(run).observe(document.body,
            { subtree: true, childList: true, attributes: true, characterData: true });
        }""".replace("CHECK", CHECK)
    )
    return lambda: list(page.evaluate("() => [...window.__layout]"))


def redrawn(page: Page) -> None:
    """Wait for the page to have laid the table out for the window's size (it draws again on
    the animation frame after the window's ``resize`` event, which may come a frame or more after
    the size is set), then a frame more."""
    page.wait_for_function(
        "() => document.body.dataset.drawnFor === `${window.innerWidth}x${window.innerHeight}`"
    )
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def at_every_size(page: Page, back: dict[str, int]) -> list[str]:
    """The layout's problems at each of the five sizes, the page as it stands (a position that
    waits for the person), then the window back to ``back``."""
    problems: list[str] = []
    for size in SIZES.values():
        page.set_viewport_size(size)
        redrawn(page)
        problems.extend(page.evaluate(f"({CHECK})()"))
    page.set_viewport_size(back)
    redrawn(page)
    return problems


def phase_of(page: Page) -> str | None:
    """Which kind of position waits for the person now, as the page shows it (None: none)."""
    if page.locator("#pass").count():
        return f"choose:{page.locator('#pass').get_attribute('data-move-kind')}"
    move = page.locator("#moves button.move[data-move]:not(#hint)").first
    if move.count():
        return f"move:{str(move.get_attribute('data-move')).split(' ')[0]}"
    if (
        "your turn" in page.locator("#status").inner_text().lower()
        and page.locator("#hand button.card:not([aria-disabled='true'])").count()
    ):
        return "play"
    return None


@pytest.fixture
def window(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page in a window of the test's size (``SIZES[request.param]``), without motion."""
    made = fresh_context(browser, viewport=SIZES[request.param], reduced_motion="reduce")
    made.set_default_timeout(WAIT)
    opened = made.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda error: errors.append(str(error)))
    try:
        yield opened
    finally:
        made.close()
    assert not errors, f"the page's script failed: {errors}"


FORMS = [
    # (form, players, seed, the size it is played at)
    ("modern", 4, 20261202, "390x844"),
    ("auction", 4, 3, "360x640"),
    ("heartsette", 4, 7, "844x390"),
    ("domino", 4, 4, "1366x768"),
    ("two-handed", 2, 3, "1920x1080"),
    ("modern", 6, 5, "390x844"),
]


@pytest.mark.parametrize(
    ("form", "players", "seed", "window"),
    FORMS,
    ids=[f"{form}-{players}-at-{size}" for form, players, _, size in FORMS],
    indirect=["window"],
)
def test_every_phase_of_a_form_is_on_one_screen_at_every_size(
    window: Page,
    server: LiveServer,
    monkeypatch: pytest.MonkeyPatch,
    form: str,
    players: int,
    seed: int,
) -> None:
    """One hand of the form to its end: every state drawn checked at the size played at; the
    first position of each phase the person meets, and the game's end, at all five sizes."""
    page = window
    size = page.viewport_size
    assert size is not None
    table = seated(page, server, monkeypatch, seed, form, players)
    expect(page.locator(HAND).first).to_be_visible()
    found = watch(page)
    problems: list[str] = []
    met: set[str] = set()

    def done() -> bool:
        phase = phase_of(page)
        if phase and phase not in met:
            met.add(phase)
            problems.extend(at_every_size(page, size))
        return bool(table_info(server, table)["over"])

    play_until(page, done)
    expect(page.locator("#status")).to_have_text("The game is over.")
    problems.extend(at_every_size(page, size))
    problems.extend(found())
    assert "play" in met, met
    assert not problems, "\n".join(dict.fromkeys(problems))


@pytest.mark.parametrize("window", ["390x844"], indirect=True)
def test_a_whole_game_on_a_phone_stays_on_one_screen(
    window: Page, server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game to 30 points against three bots, every state drawn checked on a phone: the
    passes, the tricks, each hand's end and the next deal, the game's end."""
    page = window
    table = seated(page, server, monkeypatch, 20261202, "modern", 4, end="target", target=30)
    expect(page.locator(HAND).first).to_be_visible()
    found = watch(page)
    play_until(page, lambda: bool(table_info(server, table)["over"]))
    expect(page.locator("#status")).to_have_text("The game is over.")
    hands = int(table_info(server, table)["hand"])
    problems = found()
    assert hands >= 2, hands  # (a whole game: more than one hand, and the deals between)
    assert not problems, "\n".join(problems)


PLACES = """() => Object.fromEntries(['felt', 'status', 'moves', 'hand'].map((id) => {
  const r = document.getElementById(id).getBoundingClientRect();
  return [id, [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)]];
}))"""
"""Where the felt, the prompt, the buttons and the hand are."""

CLEAR_OF = """(id) => {
  const a = document.getElementById(id).getBoundingClientRect();
  return ['status', 'moves', 'hand'].filter((other) => {
    const b = document.getElementById(other).getBoundingClientRect();
    return Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1
      && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  });
}"""
"""What of the prompt, the buttons and the hand the element ``id`` lies over (none: [])."""


@pytest.mark.parametrize("window", ["390x844", "1366x768"], indirect=True)
def test_nothing_moves_when_a_hint_or_a_refusal_appears(
    window: Page, server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hint's words lie over the felt's foot and a refusal's over its top: the felt, the
    prompt, the buttons and the hand stay where they were, and neither covers the prompt, the
    buttons or the hand."""
    page = window
    seated(page, server, monkeypatch, 20261202, "modern", 4)
    expect(page.locator("#pass")).to_be_visible()
    before = page.evaluate(PLACES)
    page.locator("#moves #hint").click()
    expect(page.locator("#hint-note")).to_contain_text("Hint:")
    expect(page.locator("#hand button.card.hinted")).to_have_count(3)
    assert page.evaluate(PLACES) == before
    assert page.evaluate(CLEAR_OF, "hint-note") == []
    play_until(
        page,
        lambda: (
            phase_of(page) == "play"
            and page.locator("#hand button.card[aria-disabled='true']").count() > 0
        ),
    )
    before = page.evaluate(PLACES)
    # (a card the rules refuse: the page sends it, and shows the server's sentence)
    page.locator("#hand button.card[aria-disabled='true']").first.click(force=True)
    expect(page.locator("#message")).not_to_be_empty()
    assert page.evaluate(PLACES) == before
    assert page.evaluate(CLEAR_OF, "message") == []


def test_keyboard_help_only_with_a_keyboard_and_the_focus_in_the_hand_at_the_turn(
    browser: Browser, server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The keys' help shows where a fine pointer that hovers says a keyboard is at hand (a
    laptop), not on a touch phone; arriving at the person's turn, the focus is on a card of the
    hand, not on the page's body."""
    for touch, help_shown in ((False, True), (True, False)):
        made = fresh_context(browser, viewport=SIZES["390x844"], has_touch=touch, is_mobile=touch)
        try:
            page = made.new_page()
            seated(page, server, monkeypatch, 20261202, "modern", 4)
            expect(page.locator("#pass")).to_be_visible()
            if help_shown:
                expect(page.locator("#hand-help")).to_be_visible()
            else:
                expect(page.locator("#hand-help")).to_be_hidden()
            expect(page.locator("#hand button.card:focus")).to_have_count(1)
        finally:
            made.close()


@pytest.mark.parametrize("window", ["390x844"], indirect=True)
def test_the_widows_cards_taken_are_marked_new_until_the_next_move(
    window: Page, server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Heartsette, seed 7: the person wins the first trick and takes the widow's three cards
    into the hand, each marked new (in words too) until the discard."""
    page = window
    seated(page, server, monkeypatch, 7, "heartsette", 4)
    play_until(page, lambda: page.locator("#pass[data-move-kind='discard']").count() > 0)
    picked = page.locator("#hand button.card.picked")
    expect(picked).to_have_count(3)
    for card in picked.all():
        assert str(card.get_attribute("aria-label")).endswith(", new: just taken")
    for index in range(3):
        page.locator("#hand button.card:not(.picked)").nth(index).click()
    page.locator("#pass").click()
    expect(page.locator("#pass")).to_have_count(0)
    expect(picked).to_have_count(0)


def test_the_invitation_is_one_line_and_only_while_a_seat_waits_for_a_person(
    page: Page, server: LiveServer
) -> None:
    """A table with a seat open to a friend shows the invitation on one line; a table of bots
    does not, though the person chose to be shown it."""
    for others, shown in (([{"kind": "person"}] + [BOT] * 2, True), ([BOT] * 3, False)):
        made = make_table(server, [{"kind": "person"}, *others], name="Ann")
        table = str(made["table"]["id"])
        page.goto(server.url + "/")
        kept = {"token": made["token"], "seat": 0, "code": made["code"], "invite": True}
        page.evaluate(
            "([key, value]) => localStorage.setItem(key, value)",
            [f"hearts:{table}", json.dumps(kept)],
        )
        page.goto(f"{server.url}/t/{table}")
        expect(page.locator("#seats .seat")).to_have_count(4)
        invite = page.locator("#invite")
        if shown:
            expect(invite).to_be_visible()
            expect(page.locator("#invite-code")).to_have_text(made["code"])
            box = invite.bounding_box()
            assert box is not None and box["height"] <= 48, box
        else:
            expect(invite).to_be_hidden()


@pytest.mark.parametrize("window", ["390x844"], indirect=True)
def test_on_a_phone_the_sheet_and_the_log_open_in_a_drawer_whole(
    window: Page, server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tabs open the score sheet and the log over the table; every player's column of the
    sheet shows whole (no name cut, nothing to scroll sideways); Escape closes the drawer and
    gives the focus back to its tab."""
    page = window
    seated(page, server, monkeypatch, 5, "modern", 6)
    expect(page.locator("#side")).to_be_hidden()
    page.locator("#show-scores").click()
    expect(page.locator("#side")).to_be_visible()
    expect(page.locator("#scores thead th")).to_have_count(7)
    clipped = page.evaluate(
        """() => [...document.querySelectorAll('#scores th, #scores td')]
          .filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent)"""
    )
    assert clipped == []
    wide = page.evaluate(
        "() => { const s = document.querySelector('#sheet-panel .scroll');"
        " return [s.scrollWidth, s.clientWidth]; }"
    )
    assert wide[0] <= wide[1], wide
    page.keyboard.press("Escape")
    expect(page.locator("#side")).to_be_hidden()
    expect(page.locator("#show-scores")).to_be_focused()
    page.locator("#show-log").click()
    expect(page.locator("#log li").first).to_be_in_viewport()


@pytest.mark.parametrize("window", ["390x844"], indirect=True)
def test_the_plates_count_the_suit_an_auction_named(
    window: Page, server: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Auction, seed 3: once a suit is named to avoid, each seat's plate counts that suit's
    symbol, as the view says (hearts only while none is named)."""
    page = window
    seated(page, server, monkeypatch, 3, "auction", 4)
    expect(page.locator("#seats .seat .points").first).to_contain_text("\u2665")
    pile = page.locator("#piles .auction")
    play_until(page, lambda: bool(pile.get_attribute("data-named")))
    symbol = SUITS[str(pile.get_attribute("data-named"))]
    for points in page.locator("#seats .seat .points").all():
        expect(points).to_contain_text(symbol)
