"""The pace of the terminal game at its default speed: each bot card is seen as it falls, and
the pause after a finished trick ends at any key (hearts.tui.app: SPEEDS, TRICK_PAUSES)."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Awaitable, Callable

import pytest
from conftest import Driver

from hearts import variants
from hearts.bots.base import Bot
from hearts.cards import Card
from hearts.events import Event
from hearts.moves import Move
from hearts.observation import SeatView
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
    """After the person's card, the bot cards fall one at a time, the table drawn with each,
    and never sooner than the pause of the default speed after the card before (0.35 s; after
    a finished trick, the trick-end pause): each card is seen as it falls."""
    drawn: list[tuple[int, float, bool, int]] = []  # (cards down, when, trick over, whose)

    async def scenario(d: Driver) -> None:
        assert d.app.speed == "normal"
        draw = d.app.refresh_table

        def logged() -> None:
            view = d.app.view
            down = _cards_down(d.app)
            if not drawn or drawn[-1][0] != down:
                if view.trick:
                    seat = view.trick[-1][0]
                elif not view.tricks:
                    seat = -1  # no card yet
                else:
                    last = view.tricks[-1]
                    seat = (last.leader + len(last.cards) - 1) % view.players
                drawn.append((down, time.monotonic(), not view.trick and bool(view.tricks), seat))
            draw()

        d.app.refresh_table = logged  # type: ignore[method-assign]
        for _ in range(5):  # five of the person's turns, through the end of a trick or more
            await d.settle()
            await d.move()
            while not d.app.waiting_for_you:
                await d.pilot.pause(0.005)
                if d.app.view.trick:  # on the screen as it falls
                    assert d.app.view.trick[-1][1].symbol in d.text()

    _run(scenario)
    counts = [down for down, *_ in drawn]
    assert counts == list(range(counts[0], counts[0] + len(counts)))  # one card at a time
    gaps = 0
    for (_, before, trick_over, _), (down, after, _, seat) in itertools.pairwise(drawn):
        pause = app_module.TRICK_PAUSES["normal"] if trick_over else app_module.SPEEDS["normal"]
        if seat != ME:  # a bot's card: a pause at least after the card before it
            assert after - before >= pause - 0.005, (down, after - before)
            gaps += 1
    assert gaps >= 10


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


class _Recorder:
    """A basic bot that keeps every view it was shown."""

    def __init__(self, inner: Bot, views: list[SeatView]) -> None:
        self.inner = inner
        self.views = views

    def choose(self, view: SeatView) -> Move:
        self.views.append(view)
        return self.inner.choose(view)


def test_a_bot_choosing_ahead_sees_exactly_its_own_view_of_the_position_it_plays_in() -> None:
    """The bots choose their cards before the cards before them have fallen; each is shown the
    very view the game gives its seat when its card is played (nothing more: the person's hand
    stays hidden)."""
    rules = variants.get("modern").replace(passing=None)
    session = Session.new(rules, ["basic"] * 3, seed=11, variant="modern")
    views: list[SeatView] = []
    for seat, bot in list(session.bots.items()):
        session.bots[seat] = _Recorder(bot, views)
    checked: list[int] = []
    game = session.game
    original = game.play

    def play(move: Move | Card | int | str, seat: int | None = None) -> Event:
        if seat is not None and seat != ME:
            shown = views[len(checked)]
            assert shown == game.view(seat)  # the view it chose from is the game's, now
            assert shown.hand == game.deal.hand(seat)  # its own hand, not the person's
            checked.append(seat)
        return original(move, seat)

    game.play = play  # type: ignore[method-assign]
    app = HeartsApp(session)

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            d = Driver(app, pilot)
            for _ in range(6):
                await d.settle()
                await d.move()
            await d.settle()

    asyncio.run(main())
    assert len(checked) >= 15 and len(checked) == len(views)
