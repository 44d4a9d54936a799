"""Helpers for driving the terminal game with Textual's test pilot, by keys as a person would."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from hearts import Pass, bots, record, variants
from hearts.cards import Card
from hearts.moves import Move
from hearts.tui.app import HeartsApp, move_keys
from hearts.tui.session import Session


@pytest.fixture(autouse=True)
def _colour_as_the_test_says(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts without NO_COLOR, whatever the shell has or a game run in-process set
    (``hearts play --no-color`` sets it for its process), and leaves none behind."""
    monkeypatch.delenv("NO_COLOR", raising=False)


FRAMES = 2000
"""The most frames a test waits for a state (:meth:`Driver.shows`) before it fails."""


class Driver:
    """A person at the keyboard: waits for the bots, reads the screen, presses keys."""

    def __init__(self, app: HeartsApp, pilot: Pilot[None]) -> None:
        self.app = app
        self.pilot = pilot
        self.advisor = bots.get("basic")

    async def settle(self, timeout: float = 30.0) -> None:
        """Wait until the game waits for the person, or a page (summary, rules) is up: on the
        screen, as a person would see it before pressing a key."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while loop.time() < end:
            await self.pilot.pause(0.005)
            if self.app.waiting_for_you or (len(self.app.screen_stack) > 1 and self.app.up_to_date):
                await self.drawn()
                return
        raise AssertionError(f"the game did not come back to the person:\n{self.text()}")

    async def seen(self, timeout: float = 30.0) -> None:
        """Wait until the screen shows the game as it stands (a person presses a key on what
        the screen shows; a key pressed before a change is on the screen acts on what was)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not self.app.up_to_date:
            if loop.time() > end:
                raise AssertionError(f"the screen did not catch up with the game:\n{self.text()}")
            await self.pilot.pause(0.005)

    async def until(self, check: Callable[[], object], what: str, timeout: float = 30.0) -> None:
        """Wait until ``check()`` holds (the screen or the app in the state a test reads), then
        for the frame after it; ``timeout`` is only a failsafe."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not check():
            if loop.time() > end:
                raise AssertionError(f"this never came: {what}:\n{self.text()}")
            await self.pilot.pause(0.005)
        await self.drawn()

    async def shows(self, check: Callable[[], object], what: str, frames: int = FRAMES) -> None:
        """Wait until ``check()`` holds, a frame at a time (``pilot.pause()``: the app handles
        what waits, then idles), for at most ``frames`` frames: the bound counts the app's
        frames, not seconds, so a loaded machine makes the wait slower, never wrong."""
        for _ in range(frames):
            if check():
                return
            await self.pilot.pause()
        if not check():
            raise AssertionError(f"not within {frames} frames: {what}:\n{self.text()}")

    async def drawn(self) -> None:
        """Wait until the screen has been refreshed after everything changed so far (what the
        app holds now is what :meth:`text` reads)."""
        refreshed = asyncio.Event()
        self.app.call_after_refresh(refreshed.set)  # (after what the app has queued before)
        await self.shows(refreshed.is_set, "the screen refreshed")

    async def page_drawn(self) -> None:
        """Wait until a page over the table is on the screen, at rest (no scroll under way)
        and drawn."""
        await self.shows(
            lambda: len(self.app.screen_stack) > 1 and self.app.up_to_date, "a page on the screen"
        )
        await self.pilot.wait_for_scheduled_animations()
        await self.drawn()

    async def table_drawn(self) -> None:
        """Wait until the table is back on the screen (no page over it), drawn as the game
        stands."""
        await self.shows(
            lambda: len(self.app.screen_stack) == 1 and self.app.up_to_date, "the table back"
        )
        await self.drawn()

    async def press(self, *keys: str) -> None:
        """Press keys one after another, each once the screen shows what the last one did."""
        for key in keys:
            await self.seen()
            await self.pilot.press(key)

    async def pressed(self, *keys: str) -> None:
        """Press keys (:meth:`press`), then wait until the screen has been refreshed after the
        last (a test reads what it did)."""
        await self.press(*keys)
        await self.drawn()

    async def move(self, move: Move | Card | None = None) -> Move | Card:
        """Make a move by keys (by default the one the basic bot would make)."""
        if move is None:
            move = self.advisor.choose(self.app.view)
        await self.press(*move_keys(move))
        return move

    async def play_hand(self) -> None:
        """Play by keys until the hand's summary is up."""
        for _ in range(200):
            await self.settle()
            if len(self.app.screen_stack) > 1:
                return
            await self.move()
        raise AssertionError("the hand did not end")

    def text(self) -> str:
        """What the terminal shows, as plain text."""
        strips = self.app.screen._compositor.render_strips()
        return "\n".join(strip.text.rstrip() for strip in strips)


Scenario = Callable[[Driver], Awaitable[None]]


@pytest.fixture
def play() -> Callable[..., Any]:
    """Run a scenario against a new app: ``play(scenario, session, size=(80, 24), **app)``."""

    def run(
        scenario: Scenario,
        session: Session,
        size: tuple[int, int] = (80, 24),
        save_path: Path | None = None,
        **options: Any,
    ) -> HeartsApp:
        app = HeartsApp(session, speed="fast", save_path=save_path, **options)

        async def main() -> None:
            async with app.run_test(size=size) as pilot:
                await scenario(Driver(app, pilot))

        asyncio.run(main())
        return app

    return run


def new_session(variant: str = "modern", seed: int = 3) -> Session:
    """A new game of a preset against ``basic`` bots, the person in seat 0."""
    rules = variants.get(variant)
    return Session.new(rules, ["basic"] * (rules.players - 1), seed=seed, variant=variant)


def to_my_turn(session: Session) -> None:
    """Let the bots move until it is the person's turn."""
    while not session.my_turn:
        for seat in session.bots_to_move():
            session.bot_move(seat)


def version_1_save(seed: int) -> tuple[Session, dict[str, Any]]:
    """A save as the version before wrote it (format version 1, no settings): a modern game
    against three basic bots, the person's pass made; with the session it was made from."""
    session = new_session(seed=seed)
    to_my_turn(session)
    session.play(Pass(session.view.hand.cards()[:3]))
    return session, {
        "format": "hearts-play",
        "version": 1,
        "variant": "modern",
        "bots": ["basic"] * 3,
        "seed": seed,
        "think": None,
        "checkpoints": [list(mark) for mark in session.checkpoints],
        "record": record.to_dict(session.game),
    }
