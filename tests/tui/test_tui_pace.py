"""The pace of the terminal game at its default speed: each bot card is seen as it falls, and
the pause after a finished trick ends at any key (hearts.tui.app: SPEEDS, TRICK_PAUSES)."""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Awaitable, Callable

import pytest
from conftest import Driver

from hearts import bots, variants
from hearts.bots.base import Bot
from hearts.cards import Card
from hearts.deal import Phase
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
    """A basic bot that keeps every view it was shown, with the person's hand at that moment."""

    def __init__(
        self, inner: Bot, shown: list[tuple[SeatView, int]], session: Session, slow: float
    ) -> None:
        self.inner = inner
        self.shown = shown
        self.session = session
        self.slow = slow

    def choose(self, view: SeatView) -> Move:
        self.shown.append((view, self.session.game.deal.hand(ME).mask))
        time.sleep(self.slow)  # (a bot that takes its time, as the expert does)
        return self.inner.choose(view)


def _recorded(seed: int, slow: float = 0.0) -> tuple[Session, list[tuple[SeatView, int]]]:
    rules = variants.get("modern").replace(passing=None)
    session = Session.new(rules, ["basic"] * 3, seed=seed, variant="modern")
    shown: list[tuple[SeatView, int]] = []
    for seat, bot in list(session.bots.items()):
        session.bots[seat] = _Recorder(bot, shown, session, slow)
    return session, shown


def test_a_bot_choosing_ahead_or_pondering_sees_only_its_own_view() -> None:
    """The bots choose their cards before the cards before them have fallen, and while the
    person thinks they work out their answers to each card the person may play. Every card
    that falls was chosen from the very view the game gives its seat when it is played; every
    view a bot was shown, pondered or not, holds its own hand and none of the person's cards."""
    session, shown = _recorded(seed=11)
    fell: list[tuple[int, Move]] = []
    game = session.game
    original = game.play

    def play(move: Move | Card | int | str, seat: int | None = None) -> Event:
        if seat is not None and seat != ME:
            now = game.view(seat)
            assert any(view == now for view, _ in shown)  # chosen from the game's view, now
            assert move == bots.get("basic").choose(now)
            fell.append((seat, move))  # type: ignore[arg-type]
        return original(move, seat)

    game.play = play  # type: ignore[method-assign]
    app = HeartsApp(session)

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            d = Driver(app, pilot)
            for turn in range(8):
                await d.settle()
                await d.pilot.pause(0.05 * turn)  # sometimes the person thinks a little
                await d.move()
            await d.settle()

    asyncio.run(main())
    assert len(fell) >= 20
    assert len(shown) > len(fell)  # answers to cards the person did not play were pondered
    for view, person in shown:
        assert view.seat != ME and view.hand.mask & person == 0


def test_while_the_person_thinks_the_bots_answers_are_ready() -> None:
    """Pondering: given time over a card, the bots' answers to it are worked out before it is
    played, so no bot thinks again once it is: each bot card that then falls was chosen from a
    view shown to the bot before the person's card, and from no view shown after it."""
    session, shown = _recorded(seed=12)
    game = session.game
    original = game.play
    fell: list[SeatView] = []

    def play(move: Move | Card | int | str, seat: int | None = None) -> Event:
        if seat is not None and seat != ME:
            fell.append(game.view(seat))
        return original(move, seat)

    game.play = play  # type: ignore[method-assign]
    app = HeartsApp(session)
    waits: list[tuple[int, list[SeatView]]] = []

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            d = Driver(app, pilot)
            for _ in range(6):
                await d.settle()
                likely = bots.get("basic").choose(app.view)
                for _ in range(1000):  # the person thinks until that card is pondered
                    await d.pilot.pause(0.005)
                    ponder = app._pondering
                    if ponder is not None and ponder.answers.get(likely, ([], False))[1]:
                        break
                else:
                    raise AssertionError("the person's likely card was never pondered")
                before, falls = len(shown), len(fell)
                await d.move(likely)
                await d.settle()
                waits.append((before, fell[falls:]))

    asyncio.run(main())
    assert sum(len(views) for _, views in waits) >= 12
    for before, views in waits:
        for view in views:
            found = [index for index, (seen, _) in enumerate(shown) if seen == view]
            assert found and max(found) < before, (before, found)


def test_a_card_played_at_once_is_answered_by_the_thread_that_pondered_it() -> None:
    """The person plays the card being pondered before its answers are all worked out: the
    pondering thread goes on with that card (adopted), so no bot's choice is worked out twice,
    and the game goes on to the person's next turn as usual."""
    session, shown = _recorded(seed=13, slow=0.2)
    app = HeartsApp(session)
    adopted: list[bool] = []

    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            d = Driver(app, pilot)
            for _ in range(8):
                await d.settle()
                ponder = app._pondering
                if ponder is not None and app.view.phase is Phase.PLAY:
                    likely = bots.get("basic").choose(app.view)
                    await d.move(likely)  # at once: its answers are not all there yet
                    adopted.append(ponder.adopted == likely)
                else:
                    await d.move()
            await d.settle()

    asyncio.run(main())
    assert any(adopted)
    views = [view for view, _ in shown]
    for index, view in enumerate(views):
        assert view not in views[index + 1 :]  # each bot's choice worked out once
