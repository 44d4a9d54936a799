"""The pace of the terminal game at its default speed: each bot card is seen as it falls, and
the pause after a finished trick ends at any key (hearts.tui.app: SPEEDS, TRICK_PAUSES)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest
from conftest import Driver

from hearts import variants
from hearts.tui import app as app_module
from hearts.tui.app import HeartsApp
from hearts.tui.session import ME, Session


def _cards_down(app: HeartsApp) -> int:
    """Cards played this hand, as the person's view shows them."""
    view = app.view
    return sum(len(trick.cards) for trick in view.tricks) + len(view.trick)


def _run(scenario: Callable[[Driver], Awaitable[None]], seed: int = 5) -> HeartsApp:
    rules = variants.get("modern").replace(passing=None)  # straight to the play
    session = Session.new(rules, ["basic"] * 3, seed=seed, variant="modern")
    app = HeartsApp(session)  # the default speed, as `hearts play` starts

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await scenario(Driver(app, pilot))

    asyncio.run(main())
    return app


def test_the_default_speed_shows_each_bot_card_on_its_own() -> None:
    """After the person's card, every bot card is on the table alone for a while before the
    next one falls: the screen passes through each count of cards, one at a time."""
    seen: list[list[int]] = []

    async def scenario(d: Driver) -> None:
        assert d.app.speed == "normal"
        for _ in range(4):  # four of the person's turns, through the end of a trick or more
            await d.settle()
            start = _cards_down(d.app)
            await d.move()
            counts = [_cards_down(d.app)]
            while not d.app.waiting_for_you:
                await d.pilot.pause(0.005)
                if _cards_down(d.app) != counts[-1]:
                    counts.append(_cards_down(d.app))
                    played = d.app.view.trick[-1][1] if d.app.view.trick else None
                    if played is not None:
                        assert played.symbol in d.text()  # on the screen as it falls
            seen.append([start, *counts])

    _run(scenario)
    for counts in seen:
        first, *rest = counts
        assert rest == list(range(first + 1, first + 1 + len(rest)))  # one card at a time
        assert len(rest) >= 2  # the person's card, then each bot's before the person's turn
    assert sum(len(counts) - 2 for counts in seen) >= 8  # bot cards seen one by one


def test_the_pause_after_a_trick_waits_and_any_key_ends_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a very long trick-end pause, the bot's lead does not come by itself; a key (here
    ``u``, which would otherwise undo) ends the pause and does nothing else."""
    monkeypatch.setitem(app_module.TRICK_PAUSES, "normal", 3600.0)
    found: list[int] = []

    async def scenario(d: Driver) -> None:
        for _ in range(13):
            await d.settle()
            await d.move()
            while True:
                await d.pilot.pause(0.005)
                view = d.app.view
                if d.app.waiting_for_you:
                    break
                if not view.trick and view.tricks and view.to_act != ME:
                    break  # a trick is over and a bot is to lead: the pause
            if d.app.waiting_for_you:
                continue
            down = _cards_down(d.app)
            undo_points = len(d.app.session.checkpoints)
            await d.pilot.pause(0.3)
            assert _cards_down(d.app) == down  # still the finished trick on the table
            assert "Trick" in d.text()
            await d.press("u")
            for _ in range(400):
                await d.pilot.pause(0.005)
                if _cards_down(d.app) > down:
                    break
            assert _cards_down(d.app) == down + 1  # the bot led at once
            assert len(d.app.session.checkpoints) == undo_points  # and nothing was undone
            found.append(down)
            return

    _run(scenario)
    assert found, "no trick ended with a bot to lead"
