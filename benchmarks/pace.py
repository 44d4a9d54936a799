"""How long does the person wait in `hearts play`? The real app, headless, at its default speed.

Run from the repository root::

    .venv/bin/python benchmarks/pace.py                      # 4 games, their first hand each
    .venv/bin/python benchmarks/pace.py --games 2 --hands 2 --limit 120
    .venv/bin/python benchmarks/pace.py --person random --person-thinks 2

It drives :class:`hearts.tui.app.HeartsApp` with Textual's pilot, exactly as ``hearts play``
builds it (the default table: the default bot in every other seat at its default budget, the
app's default speed, its own timers, the helper process ``hearts play`` starts on a machine of
two cores or more: ``--alone`` for none), with the person's seat played at once by the basic
bot.
For every move of the person in the play it records the wall time from the person's card to the
person's next turn (or to the hand's summary, which ends the hand), and splits it into the bots'
thinking (the time inside their ``choose`` during the wait: the bots choose one after another in
the app's worker thread) and the rest (the pauses in which no bot was thinking, and drawing;
where a bot thinks while the card before it waits to fall, that time counts as thinking).
With ``--person-thinks S`` the person takes S seconds over each card before playing it, as a
person does; the app then ponders (works out the bots' answers to the person's cards, the basic
player's choice first), so ``--person basic`` is the case where the card played was pondered
first and ``--person random`` one where it often was not. The bots' thinking counted in a wait
is the time of their ``choose`` calls that ended in it (pondering included).
It prints the median and the 95th percentile. A script, not a test: nothing fails. It stops by
itself: after ``--hands`` hands of each of ``--games`` games, or once ``--limit`` seconds have
passed (the game in progress is then cut short).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import statistics
import sys
import threading
import time
from dataclasses import dataclass, field

from hearts import bots as bot_registry
from hearts import variants
from hearts.bots.base import Bot
from hearts.bots.helper import Helper
from hearts.deal import Phase
from hearts.moves import Move
from hearts.observation import SeatView
from hearts.tui.app import HeartsApp
from hearts.tui.session import HELPED_THINK, Session, table_helper

DEFAULT_BOT = "expert"
"""The bot of `hearts play` when --bots is not given (cli.play)."""


class _Timed:
    """A bot whose thinking time is added up (the app calls ``choose`` in a worker thread)."""

    def __init__(self, inner: Bot, clock: _Clock) -> None:
        self.inner = inner
        self.clock = clock

    def choose(self, view: SeatView) -> Move:
        start = time.perf_counter()
        try:
            return self.inner.choose(view)
        finally:
            self.clock.add(time.perf_counter() - start)


@dataclass
class _Clock:
    thinking: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, seconds: float) -> None:
        with self.lock:
            self.thinking += seconds


@dataclass
class Wait:
    """One wait of the person: from their card to their next turn (or the hand's summary)."""

    total: float
    thinking: float

    @property
    def rest(self) -> float:
        return self.total - self.thinking


async def _play(
    seed: int,
    hands: int,
    deadline: float,
    waits: list[Wait],
    person_name: str = "basic",
    thinks: float = 0.0,
    helper: Helper | None = None,
) -> None:
    rules = variants.get("modern")
    session = Session.new(rules, [DEFAULT_BOT] * (rules.players - 1), seed=seed, variant="modern")
    session.use_helper(helper)  # (as the app does; before the bots are wrapped)
    clock = _Clock()
    for seat, bot in list(session.bots.items()):
        session.bots[seat] = _Timed(bot, clock)
    app = HeartsApp(session, helper=helper)  # the app's default speed, no save file
    person = bot_registry.get(person_name, seed=seed)
    async with app.run_test(size=(100, 30)) as pilot:
        played_hands = 0
        since: tuple[float, float] | None = None  # (wall clock, thinking) at the person's card
        while time.perf_counter() < deadline:
            await asyncio.sleep(0.002)
            if len(app.screen_stack) > 1:  # a hand's summary (or the end of the game)
                if since is not None:
                    waits.append(Wait(time.perf_counter() - since[0], clock.thinking - since[1]))
                    since = None
                played_hands += 1
                if played_hands >= hands or app.session.is_over:
                    return
                await pilot.press("enter")
                continue
            if not app.waiting_for_you:
                continue
            if since is not None:
                waits.append(Wait(time.perf_counter() - since[0], clock.thinking - since[1]))
                since = None
            view = app.view
            if thinks > 0 and view.phase is Phase.PLAY:
                await asyncio.sleep(thinks)  # the person thinks it over (the bots may ponder)
                view = app.view
            move = person.choose(view)
            if view.phase is Phase.PLAY:
                since = (time.perf_counter(), clock.thinking)
            app.try_move(move)


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4, help="games (seeds seed, seed+1, ...)")
    parser.add_argument("--hands", type=int, default=1, help="hands played of each game")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--limit", type=float, default=240.0, help="seconds at most in all")
    parser.add_argument(
        "--person",
        default="basic",
        choices=("basic", "random"),
        help="the bot that plays the person's cards (basic: the card the app ponders first)",
    )
    parser.add_argument(
        "--person-thinks",
        type=float,
        default=0.0,
        help="seconds the person takes over each card before playing it (0: at once)",
    )
    parser.add_argument(
        "--alone",
        action="store_true",
        help="no helper process: the experts sample alone, 1 s a move (as before the helper)",
    )
    args = parser.parse_args(argv)
    helper = None if args.alone else table_helper()
    if helper is not None and not helper.wait(60):
        raise SystemExit(f"the helper did not start: {helper.failure}")
    start = time.perf_counter()
    deadline = start + args.limit
    waits: list[Wait] = []
    for number in range(args.games):
        if time.perf_counter() >= deadline:
            break
        asyncio.run(
            _play(
                args.seed + number,
                args.hands,
                deadline,
                waits,
                args.person,
                args.person_thinks,
                helper,
            )
        )
    elapsed = time.perf_counter() - start
    if helper is not None:
        helper.close()
    print(f"machine: {platform.platform()}, {os.cpu_count()} CPUs, Python {sys.version.split()[0]}")
    print(f"load average (1, 5, 15 min) at the end: {os.getloadavg()}")
    print(
        f"{len(waits)} waits in {elapsed:.0f} s ({args.games} games x {args.hands} hands, "
        f"seed {args.seed}, limit {args.limit:.0f} s; the person: {args.person}, thinking "
        f"{args.person_thinks:g} s a card; "
        + (
            "the experts alone, 1 s a move)"
            if helper is None
            else f"the experts with a helper, {HELPED_THINK:g} s a move; {helper!r})"
        )
    )
    if not waits:
        return
    for name, part in (
        ("wait, card to next turn", [w.total for w in waits]),
        ("  bots thinking", [w.thinking for w in waits]),
        ("  pauses and drawing", [w.rest for w in waits]),
    ):
        median, p95 = statistics.median(part), _quantile(part, 0.95)
        print(
            f"{name:<26} median {median:5.2f} s   p95 {p95:5.2f} s"
            f"   mean {statistics.fmean(part):5.2f} s   max {max(part):5.2f} s"
        )


if __name__ == "__main__":
    main()
