"""The terminal game (hearts.tui.app) with keys back to back: a key acts on what the screen
showed when it was pressed, however late it is handled (a double tap, key repeat, a busy or
slow terminal), and never on a later state (a hint come since, the bots' cards fallen since, the
table back from a page); a page over the table closes once, whatever reaches it after.

Keys are made here as Textual's terminal reader makes them: an event stamped with the moment it
is made (the key's press), handed to the app when the test says. Everything waits on states (a
worker held by an event, a page on the screen, a card on the table), never on time."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

from conftest import Driver
from textual import events

from hearts import Card, Phase, bots, variants
from hearts.bots.base import Bot
from hearts.bots.expert import Hint
from hearts.events import CardPlayed
from hearts.moves import Move
from hearts.observation import SeatView
from hearts.tui.app import ChoiceScreen, HeartsApp, TextScreen
from hearts.tui.saves import Saves
from hearts.tui.session import ME, Session
from hearts.tui.widgets import CELL, HandView

Play = Callable[..., HeartsApp]

_CHARACTERS = {"enter": "\r", "space": " ", "escape": "\x1b"}


def _key(key: str) -> events.Key:
    """A key pressed now: its event stamped with this moment, as the terminal's reader stamps
    it, to be handed to the app when the test says (as a busy loop or a slow terminal hands it
    late)."""
    return events.Key(key, _CHARACTERS.get(key, key))


def _moment() -> float:
    """Now, on the clock Textual stamps its events with (a key's press, a mouse button's)."""
    return _key("enter").time


def _deliver(target: Any, *keys: events.Key) -> None:
    """Hand keys to the app (or straight to a page) back to back: nothing runs between them,
    as when the terminal's reader finds several keys at once."""
    for key in keys:
        key.set_sender(target.app if hasattr(target, "app") else target)
        target.post_message(key)


async def _until(d: Driver, condition: Callable[[], bool], what: str, timeout: float = 30) -> None:
    """Wait for a state (a generous upper bound only as a failsafe; the app must still run)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + timeout
    while not condition():
        assert d.app.is_running, f"the app stopped while waiting for {what}"
        assert loop.time() < end, f"{what} did not come:\n{d.text()}"
        await d.pilot.pause(0.005)


def _said(app: HeartsApp) -> list[str]:
    """Every line the app says from now on (a marker key says its own after)."""
    lines: list[str] = []
    say = app.say

    def logged(text: str, *, error: bool = False) -> None:
        lines.append(text)
        say(text, error=error)

    app.say = logged  # type: ignore[method-assign]
    return lines


async def _handled(d: Driver) -> None:
    """Wait until every key (or click) handed to the app at the table so far has been handled:
    a marker key after them (``s``, the bots' speed, which changes nothing else) takes the same
    way, and is seen once its change is."""
    before = d.app.speed
    _deliver(d.app, _key("s"))
    await _until(d, lambda: d.app.speed != before, "the keys' handling")
    d.app.speed = before


async def _handled_by(d: Driver, page: Any) -> None:
    """Wait until every key handed straight to a page so far has been handled by it."""
    done: list[bool] = []
    page.call_later(done.append, True)  # (after the keys in the page's queue)
    await _until(d, lambda: bool(done), "the page's keys' handling")


def _session(variant: str = "modern", seed: int = 5, passing: bool = True) -> Session:
    rules = variants.get(variant)
    if not passing:
        rules = rules.replace(passing=None)  # straight to the play
    return Session.new(rules, ["basic"] * (rules.players - 1), seed=seed, variant=variant)


def _my_cards_played(session: Session) -> list[Card]:
    """The person's cards played this game, in order."""
    return [e.card for e in session.game.events if isinstance(e, CardPlayed) and e.seat == ME]


def _face(card: Card) -> str:
    return card.symbol.rstrip("'")


# ----------------------------------------------------------------------------- pages


def test_enter_twice_on_a_hand_summary_closes_it_once(play: Play) -> None:
    """A double tap on the hand's summary: both Enters reach the page; the first closes it, the
    second does nothing (no ``ScreenStackError``, the next hand not skipped or played into)."""
    seen: dict[str, Any] = {}

    async def scenario(d: Driver) -> None:
        await d.play_hand()
        page = d.app.screen
        assert isinstance(page, TextScreen) and page.name == "summary"
        await d.seen()
        seen["moves"] = len(d.app.session.checkpoints)
        _deliver(page, _key("enter"), _key("enter"))
        await _until(d, lambda: page not in d.app.screen_stack, "the summary's closing")
        await d.settle()
        seen["stack"] = len(d.app.screen_stack)
        seen["hand"] = d.app.session.game.hand_number
        seen["marked"] = set(d.app.marked)
        seen["moves after"] = len(d.app.session.checkpoints)

    play(scenario, _session("modern", seed=3))
    assert seen["stack"] == 1 and seen["hand"] == 1  # back at the table, in the next hand
    assert seen["marked"] == set() and seen["moves after"] == seen["moves"]


def test_keys_pressed_on_a_page_do_nothing_at_the_table_it_closes_onto(play: Play) -> None:
    """Enter held on the hand's summary (key repeat: five Enters pressed on the page, handed to
    the app at once): the page closes once, and the Enters pressed while it showed, handled
    with the table back, neither mark nor play a card; a key pressed once the table is on the
    screen acts there."""
    seen: dict[str, Any] = {}

    async def scenario(d: Driver) -> None:
        await d.play_hand()
        await d.seen()
        held = [_key("enter") for _ in range(5)]
        _deliver(d.app, *held[:2])  # as the terminal's reader hands them over
        await _until(d, lambda: len(d.app.screen_stack) == 1, "the table")
        await d.settle()
        seen["moves"] = len(d.app.session.checkpoints)
        _deliver(d.app, *held[2:])  # the rest, pressed on the page, handled at the table
        await _handled(d)
        seen["marked"] = set(d.app.marked)
        seen["moves after"] = len(d.app.session.checkpoints)
        seen["phase"] = d.app.view.phase
        await d.press("enter")  # pressed with the table on the screen: it marks the card
        seen["marked now"] = set(d.app.marked)

    app = play(scenario, _session("modern", seed=3))
    assert app.session.game.hand_number == 1
    assert seen["phase"] is Phase.PASS
    assert seen["marked"] == set() and seen["moves after"] == seen["moves"]
    assert len(seen["marked now"]) == 1


def test_enter_twice_on_the_rules_page_closes_it_once_and_plays_nothing(play: Play) -> None:
    """The ``?`` page: two Enters reach it, one closes it and the other does nothing; an Enter
    pressed while it showed but handled with the table back plays no card."""
    seen: dict[str, Any] = {}

    async def scenario(d: Driver) -> None:
        await d.settle()
        assert d.app.view.phase is Phase.PLAY and d.app.waiting_for_you
        await d.press("?")
        await d.settle()
        page = d.app.screen
        assert isinstance(page, TextScreen)
        late = _key("enter")  # pressed on the page ...
        _deliver(page, _key("enter"), _key("enter"))
        await _until(d, lambda: page not in d.app.screen_stack, "the page's closing")
        await d.settle()
        seen["hand"] = len(d.app.view.hand)
        _deliver(d.app, late)  # ... handled at the table, the person's turn: nothing
        await _handled(d)
        seen["hand after"] = len(d.app.view.hand)
        seen["played"] = _my_cards_played(d.app.session)

    play(scenario, _session(seed=5, passing=False))
    assert seen["hand after"] == seen["hand"] == 13 and seen["played"] == []


def test_n_twice_on_the_last_page_starts_one_new_game(play: Play) -> None:
    """At the end of the game, ``n`` twice (a double tap): one new game, no crash."""
    started: list[Session] = []

    def new_game(old: Session) -> Session:
        started.append(_session("simple", seed=len(started) + 10))
        return started[-1]

    async def scenario(d: Driver) -> None:
        await d.play_hand()  # "simple": one hand is the game
        await d.press("enter")
        await d.settle()
        page = d.app.screen
        assert isinstance(page, TextScreen) and page.name == "over"
        _deliver(page, _key("n"), _key("n"))
        await _until(d, lambda: page not in d.app.screen_stack, "the page's closing")
        await d.settle()

    app = play(scenario, _session("simple", seed=3), new_game=new_game)
    assert len(started) == 1 and app.session is started[0]


def test_enter_twice_on_the_offer_of_a_kept_game_continues_it_once(
    play: Play, tmp_path: Any
) -> None:
    """The first page (an unfinished game kept): two Enters reach it back to back; the game is
    continued once, nothing else started, no crash."""
    saves = Saves(tmp_path)
    path = saves.create()
    _session(seed=12).save(path)
    saves.close()
    kept, _ = saves.scan()

    async def scenario(d: Driver) -> None:
        await d.settle()
        page = d.app.screen
        assert isinstance(page, ChoiceScreen)
        _deliver(page, _key("enter"), _key("enter"))
        await _until(d, lambda: page not in d.app.screen_stack, "the offer's closing")
        await d.settle()

    app = play(scenario, _session(seed=5), saves=saves, offer=saves.unfinished(kept))
    assert app.session.seed == 12 and app.save_path == path
    saves.close()
    assert sorted(saves.games.glob("*.json")) == [path]  # nothing new was started


def test_a_key_pressed_at_the_table_does_not_close_a_page_it_never_saw(play: Play) -> None:
    """The hand ends as the person presses Enter (handed to the app with the summary up): the
    summary stays until a key pressed with it on the screen closes it."""
    seen: dict[str, Any] = {}

    async def scenario(d: Driver) -> None:
        early: list[events.Key] = []
        show = d.app.show_summary

        def shown_with_a_key(index: int) -> None:
            show(index)
            early.append(_key("enter"))  # pressed as the page comes, before it is drawn

        d.app.show_summary = shown_with_a_key  # type: ignore[method-assign]
        await d.play_hand()
        page = d.app.screen
        await d.seen()
        _deliver(page, *early)
        await _handled_by(d, page)
        seen["still up"] = page in d.app.screen_stack
        await d.press("enter")
        seen["closed"] = page not in d.app.screen_stack

    play(scenario, _session("modern", seed=3))
    assert seen == {"still up": True, "closed": True}


# ----------------------------------------------------------------------------- the hint


class _HeldHint:
    """The session's hint, held until the test lets it go: a legal card other than the one
    under the cursor when it was asked (so a key that plays the wrong one is seen)."""

    def __init__(self, app_of: Callable[[], HeartsApp]) -> None:
        self.release = threading.Event()
        self.app_of = app_of
        self.card: Card | None = None

    def __call__(self, view: SeatView | None = None, think: float = 0.0) -> Hint:
        assert view is not None
        assert self.release.wait(30), "the test never let the hint go"
        legal = [move for move in view.legal_moves if isinstance(move, Card)]
        cursor = self.app_of().cursor_card
        self.card = next(card for card in legal if card != cursor)
        return Hint(self.card, "a test's hint")


async def _a_turn_of_choice(d: Driver) -> None:
    """Play on until the person's turn offers two cards or more."""
    for _ in range(13):
        await d.settle()
        legal = [move for move in d.app.view.legal_moves if isinstance(move, Card)]
        if d.app.view.phase is Phase.PLAY and len(legal) >= 2:
            return
        await d.move()
    raise AssertionError("no turn with a choice")


def _hint_test(when: str) -> tuple[Card, Card, Card | None, str]:
    """Ask for a hint, Enter pressed ``when`` (before the hint comes, as it is taken in but
    before the screen shows it, or once it is shown): (the card the screen said Enter plays
    as Enter was pressed, the hinted card, the card played, the prompt at the press)."""
    session = _session(seed=1, passing=False)
    app = HeartsApp(session, speed="fast")
    held = _HeldHint(lambda: app)
    session.hint = held  # type: ignore[method-assign]
    result: dict[str, Any] = {}

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            d = Driver(app, pilot)
            await _a_turn_of_choice(d)
            before = len(_my_cards_played(session))
            shown = app.cursor_card
            assert shown is not None and f"Enter plays {_face(shown)}" in d.text()
            result["shown"] = shown
            await d.press("h")
            await _until(d, lambda: "thinking" in app.last_message, "the hint's asking")
            await d.seen()
            result["prompt"] = d.text()  # on the screen until the hint is drawn
            if when == "before":
                enter = _key("enter")  # the screen says: Enter plays `shown`
                held.release.set()
                await _until(d, lambda: app.hint_text is not None, "the hint")
                assert app.cursor_card == held.card  # it came, and moved the cursor
                _deliver(app, enter)
            elif when == "undrawn":
                original = app._hinted

                def hinted(*args: Any) -> None:
                    original(*args)
                    # Pressed the moment the hint is taken in: no redraw has happened yet.
                    _deliver(app, _key("enter"))

                app._hinted = hinted  # type: ignore[method-assign]
                held.release.set()
            else:
                held.release.set()
                await _until(d, lambda: app.hint_text is not None, "the hint")
                await d.seen()
                result["prompt"] = d.text()
                result["shown"] = app.cursor_card
                await d.press("enter")
            await _until(
                d, lambda: len(_my_cards_played(session)) > before, "the person's card played"
            )
            result["played"] = _my_cards_played(session)[before]

    asyncio.run(main())
    assert held.card is not None
    return result["shown"], held.card, result["played"], result["prompt"]


def test_enter_pressed_before_the_hint_comes_plays_the_card_shown() -> None:
    """The prompt says Enter plays the 8♠; Enter is pressed; the hint (the 9♦) comes before the
    key is handled and moves the cursor: the 8♠ is played, the card the screen showed."""
    shown, hinted, played, prompt = _hint_test("before")
    assert hinted != shown and f"Enter plays {_face(shown)}" in prompt
    assert played == shown


def test_enter_pressed_before_the_hint_is_drawn_plays_the_card_shown() -> None:
    """The hint has been taken in but not yet drawn when Enter is pressed: the screen still
    says Enter plays the card under the cursor before, and that card is played."""
    shown, hinted, played, prompt = _hint_test("undrawn")
    assert hinted != shown and f"Enter plays {_face(shown)}" in prompt
    assert played == shown


def test_enter_pressed_once_the_hint_is_shown_plays_the_hinted_card() -> None:
    """Once the hint's card is under the cursor on the screen, Enter plays it."""
    shown, hinted, played, prompt = _hint_test("shown")
    assert shown == hinted and f"Enter plays {_face(hinted)}" in prompt
    assert played == hinted


def test_a_hint_does_not_move_a_cursor_moved_since_asking(play: Play) -> None:
    """Asked for a hint, the person moves the cursor before it comes: the hint is shown by the
    trick, the cursor stays where the person put it."""
    seen: dict[str, Any] = {}

    async def scenario(d: Driver) -> None:
        app = d.app
        held = _HeldHint(lambda: app)
        app.session.hint = held  # type: ignore[method-assign]
        await _a_turn_of_choice(d)
        await d.press("h")
        await d.press("end" if app.cursor_index == 0 else "home")
        chosen = app.cursor_card
        held.release.set()
        await _until(d, lambda: app.hint_text is not None, "the hint")
        await d.seen()
        seen.update(chosen=chosen, cursor=app.cursor_card, hinted=held.card, text=d.text())

    play(scenario, _session(seed=1, passing=False))
    assert seen["cursor"] == seen["chosen"]
    assert f"hint: {_face(seen['hinted'])}" in seen["text"]


# ----------------------------------------------------------------------------- the table


class _Gate:
    """A basic bot that waits at a gate before each choice (the gate, once open, stays so)."""

    def __init__(self, gate: threading.Event) -> None:
        self.gate = gate
        self.bot: Bot = bots.get("basic")

    def choose(self, view: SeatView) -> Move:
        assert self.gate.wait(30), "the test never opened the gate"
        return self.bot.choose(view)


def test_enter_pressed_while_a_bot_thinks_plays_nothing_once_it_is_your_turn() -> None:
    """Enter pressed while the screen says a bot is to play, handled once the bots' cards have
    fallen and it is the person's turn: it plays nothing (the person never saw that turn), and
    says so; Enter pressed on that turn plays."""
    session = _session(seed=2, passing=False)  # West holds the 2♣ and leads
    gate = threading.Event()
    for seat in list(session.bots):
        session.bots[seat] = _Gate(gate)
    app = HeartsApp(session, speed="fast")
    seen: dict[str, Any] = {}

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            d = Driver(app, pilot)
            await d.seen()
            assert not session.my_turn and "West to play" in d.text()
            early = _key("enter")
            gate.set()
            await d.settle()
            assert app.waiting_for_you
            said = _said(app)
            _deliver(app, early)
            await _handled(d)
            seen["played"] = list(_my_cards_played(session))
            seen["message"] = said[0]
            await d.press("enter")
            seen["played after"] = list(_my_cards_played(session))

    asyncio.run(main())
    assert seen["played"] == []
    assert seen["message"] == "The table changed as you pressed Enter, so it did nothing."
    assert len(seen["played after"]) == 1


def test_enter_twice_at_the_table_plays_one_card() -> None:
    """Enter twice (a double tap, key repeat) on the person's turn: the first plays the card
    shown; the second, handled once the bots have answered and it is the person's turn again,
    plays nothing: it was pressed on the table before."""
    session = _session(seed=1, passing=False)
    app = HeartsApp(session, speed="fast")
    seen: dict[str, Any] = {}

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            d = Driver(app, pilot)
            await d.settle()
            first, second = _key("enter"), _key("enter")
            shown = app.cursor_card
            _deliver(app, first)
            await d.settle()  # the bots have answered: the person's turn again, on screen
            seen["played"] = list(_my_cards_played(session))
            _deliver(app, second)
            await _handled(d)
            seen["played after"] = list(_my_cards_played(session))
            seen["shown"] = shown

    asyncio.run(main())
    assert seen["played"] == [seen["shown"]] == seen["played after"]


def test_a_click_made_before_the_table_changed_plays_nothing() -> None:
    """A click (its button down and up) made before the bots' cards fell, handled on the
    person's next turn on a card that may be played then: it plays nothing, and says so; the
    same click made on that turn plays the card."""
    session = _session(seed=1, passing=False)
    app = HeartsApp(session, speed="fast")
    seen: dict[str, Any] = {}

    def clicks(card: Card, pressed: float) -> list[events.MouseEvent]:
        """The terminal's mouse events for a click on ``card`` at the moment ``pressed``."""
        index = app._hand_cards().index(card)
        region = app.query_one(HandView).region
        x, y = region.x + 2 + index * CELL, region.y + 1  # (its border, its padding)
        made: list[events.MouseEvent] = []
        for kind in (events.MouseDown, events.MouseUp):
            event = kind(None, x, y, 0, 0, 1, False, False, False, x, y)
            event.time = pressed  # (as the reader stamped it, then)
            made.append(event)
        return made

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            d = Driver(app, pilot)
            await d.settle()
            pressed = _moment()  # the button goes down (and up) here, then ...
            await d.move()
            await d.settle()  # ... the table moves on before the click is handled
            legal = [move for move in app.view.legal_moves if isinstance(move, Card)]
            before = list(_my_cards_played(session))
            said = _said(app)
            for event in clicks(legal[0], pressed):
                event.set_sender(app)
                app.post_message(event)
            await _until(  # (the click has its own way through the widgets: its outcome)
                d,
                lambda: bool(said) or len(_my_cards_played(session)) > len(before),
                "the click's handling",
            )
            seen["played"] = (before, list(_my_cards_played(session)))
            seen["message"] = said[0] if said else ""
            await d.seen()
            for event in clicks(legal[0], _moment()):  # the same click, made now
                event.set_sender(app)
                app.post_message(event)
            await _until(d, lambda: len(_my_cards_played(session)) > len(before), "the click")
            seen["clicked"] = _my_cards_played(session)[-1] == legal[0]

    asyncio.run(main())
    before, after = seen["played"]
    assert after == before
    assert seen["message"] == "The table changed as you clicked, so the click did nothing."
    assert seen["clicked"]
