"""The bots' pool (``hearts.server.botpool``): its scheduler works out moves before hints and
the tables' moves in turn, one at a time a table, a move's budget cut by its wait; a worker
that dies is replaced and the request it was working on asked again, given up once it has
killed its worker again and again, with a growing pause between deaths; a hint being worked
out is stopped for a move that finds no worker free.

The order is made certain by requests held until the test lets them go (``slow.held``, or in
the server's own thread a function waiting on an event), never by timing."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hearts import Game, variants
from hearts.observation import SeatView
from hearts.server import ServerConfig, botpool, create_app
from hearts.server.botpool import FLOOR, RETRIES, TABLE_MOST, BotBusy, BotFailed, BotPool, _Job
from hearts.server.store import Store

from . import slow
from .players import PERSON, bot, hello, make

FAILSAFE = 120.0
"""Seconds a state is waited for before a test gives up (a failsafe, never a measure)."""


async def until(check: Callable[[], object], what: str) -> None:
    """Wait until ``check()`` holds (looked at every 10 ms), failing after the failsafe."""
    ends = time.monotonic() + FAILSAFE
    while not check():
        if time.monotonic() > ends:
            raise AssertionError(f"this never came: {what}")
        await asyncio.sleep(0.01)


class Order:
    """Requests run in the server's own thread (``workers=0``) that note the order they start
    in; ``first`` holds the thread until the test opens the gate."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self.gate = threading.Event()

    def first(self, label: str) -> str:
        self.started.append(label)
        assert self.gate.wait(FAILSAFE)
        return label

    def note(self, label: str) -> str:
        self.started.append(label)
        return label


def test_a_move_waiting_is_worked_out_before_every_hint_asked_before_it() -> None:
    """With the worker busy, two hints asked and then a move: the move goes first."""

    async def scenario() -> list[str]:
        pool, order = BotPool(0), Order()
        try:
            busy = asyncio.create_task(pool.run("hint", "t0/0", order.first, "busy"))
            await until(pool.running, "the first hint is worked out")
            hints = [
                asyncio.create_task(pool.run("hint", f"t{n}/0", order.note, f"hint {n}"))
                for n in (1, 2)
            ]
            await until(lambda: pool.health()["hints_waiting"] == 2, "two hints wait")
            move = asyncio.create_task(pool.run("move", "t3", order.note, "move"))
            await until(lambda: pool.health()["moves_waiting"] == 1, "the move waits")
            order.gate.set()
            await asyncio.gather(busy, *hints, move)
        finally:
            pool.close()
        return order.started

    assert asyncio.run(scenario()) == ["busy", "move", "hint 1", "hint 2"]


def test_tables_are_served_in_turn_so_a_table_asking_many_moves_delays_only_itself() -> None:
    """Table A asks 30 moves at once: 4 wait (the rest are refused with a sentence), and
    tables B and C, asking one each after, are each served after one of A's, not after all."""

    async def scenario() -> tuple[list[str], list[BaseException]]:
        pool, order = BotPool(0), Order()
        try:
            busy = asyncio.create_task(pool.run("move", "X", order.first, "busy"))
            await until(pool.running, "table X's move is worked out")
            many = [
                asyncio.create_task(pool.run("move", "A", order.note, f"A{n}"))
                for n in range(1, 31)
            ]
            await until(lambda: sum(task.done() for task in many) == 30 - TABLE_MOST, "refusals")
            others = [asyncio.create_task(pool.run("move", k, order.note, k)) for k in "BC"]
            await until(lambda: pool.health()["moves_waiting"] == TABLE_MOST + 2, "all wait")
            order.gate.set()
            await busy
            answers = await asyncio.gather(*many, *others, return_exceptions=True)
        finally:
            pool.close()
        return order.started, [a for a in answers if isinstance(a, BaseException)]

    started, refused = asyncio.run(scenario())
    assert started == ["busy", "A1", "B", "C", "A2", "A3", "A4"]
    assert len(refused) == 30 - TABLE_MOST
    assert all(isinstance(error, BotBusy) for error in refused)
    assert str(refused[0]) == "this table has 4 moves waiting for the bots already"


def test_hints_are_served_in_turn_between_seats() -> None:
    """One seat with three hints waiting (three sockets) and another seat with one: the other
    seat's comes second, not fourth."""

    async def scenario() -> list[str]:
        pool, order = BotPool(0), Order()
        try:
            busy = asyncio.create_task(pool.run("move", "X", order.first, "busy"))
            await until(pool.running, "a move is worked out")
            asked = [
                asyncio.create_task(pool.run("hint", "t/0", order.note, f"seat 0 #{n}"))
                for n in (1, 2, 3)
            ]
            await until(lambda: pool.health()["hints_waiting"] == 3, "three hints wait")
            asked.append(asyncio.create_task(pool.run("hint", "t/1", order.note, "seat 1")))
            await until(lambda: pool.health()["hints_waiting"] == 4, "four hints wait")
            order.gate.set()
            await asyncio.gather(busy, *asked)
        finally:
            pool.close()
        return order.started

    assert asyncio.run(scenario()) == ["busy", "seat 0 #1", "seat 1", "seat 0 #2", "seat 0 #3"]


def test_a_moves_budget_is_cut_by_its_wait_down_to_a_quarter_and_a_hints_is_not() -> None:
    async def scenario() -> None:
        future = asyncio.get_running_loop().create_future()
        move = _Job("move", "t", botpool.choose, ("expert", 1, 1.0, None), 2, 60.0, future, 10.0)
        assert move.call_args(10.0)[2] == 1.0  # (not waited: the whole budget)
        assert move.call_args(10.3)[2] == pytest.approx(0.7)
        assert move.call_args(10.9)[2] == pytest.approx(0.25)  # (never less than a quarter)
        assert move.call_args(50.0)[2] == FLOOR * 1.0
        assert move.call_args(50.0)[:2] == ("expert", 1) and move.call_args(50.0)[3] is None
        unbounded = _Job("move", "t", botpool.choose, ("basic", 1, None, None), 2, 60.0, future, 0)
        assert unbounded.call_args(50.0)[2] is None
        hint = _Job("hint", "t/0", botpool.advise, (1, 0.4, None), None, 60.0, future, 0.0)
        assert hint.call_args(50.0) == (1, 0.4, None)

    asyncio.run(scenario())


def test_a_move_that_waited_thinks_less_than_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pool hands the bot its budget less the wait (a move asked while another runs)."""
    thinks: list[float | None] = []

    def spy(name: str, seed: int, think: float | None, view: SeatView) -> str:
        thinks.append(think)
        return "2C"

    monkeypatch.setattr(botpool, "choose", spy)
    view = Game(variants.get("classic"), seed=1).view(0)

    async def scenario() -> None:
        pool, order = BotPool(0), Order()
        try:
            busy = asyncio.create_task(pool.run("move", "X", order.first, "busy"))
            await until(pool.running, "another table's move is worked out")
            move = asyncio.create_task(pool.choose("expert", 1, 1.0, view, key="t"))
            await until(lambda: pool.health()["moves_waiting"] == 1, "the move waits")
            order.gate.set()
            await asyncio.gather(busy, move)
            await pool.choose("expert", 1, 1.0, view, key="t")  # (no wait: the whole budget)
        finally:
            pool.close()

    asyncio.run(scenario())
    assert thinks[0] is not None and FLOOR <= thinks[0] < 1.0
    assert thinks[1] is not None and 1.0 - thinks[1] < 0.5  # (nothing waited before it)


def test_a_move_thinks_less_by_the_most_the_last_moves_ran_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What moves take beyond their think is taken off the next ones' (the most of the last
    few, not their mean), and forgotten once that many moves came in time."""
    thinks: list[float | None] = []

    def spy(name: str, seed: int, think: float | None, view: SeatView) -> str:
        thinks.append(think)
        if len(thinks) == 1:  # (the first runs at least 0.1 s over its budget)
            assert think is not None
            ends = time.monotonic() + think + 0.1
            while time.monotonic() < ends:
                time.sleep(0.01)
        return "2C"

    monkeypatch.setattr(botpool, "choose", spy)
    view = Game(variants.get("classic"), seed=1).view(0)

    async def scenario() -> list[float]:
        pool = BotPool(0)
        overruns = []
        try:
            for _ in range(2 + botpool._OVERRUN_KEPT):
                await pool.choose("expert", 1, 0.2, view, key="t")
                overruns.append(pool.overrun)
        finally:
            pool.close()
        return overruns

    overruns = asyncio.run(scenario())
    trip = botpool.TRIP  # (always left for the way to the players)
    assert overruns[0] >= 0.1 + trip and thinks[1] is not None and thinks[1] <= 0.2 - 0.1 - trip
    assert overruns[botpool._OVERRUN_KEPT - 1] >= 0.1 + trip  # (still among the last moves)
    assert overruns[-1] == trip  # (the last moves all came in time)


def test_what_a_table_takes_to_send_a_move_is_taken_off_the_next_moves_think() -> None:
    pool = BotPool(0)
    try:
        pool.delivered(0.03)
        pool.delivered(0.01)
        assert pool.overrun == pytest.approx(0.03 + botpool.TRIP)
        pool.delivered(-1.0)  # (a clock's step back counts as nothing)
        assert pool.overrun == pytest.approx(0.03 + botpool.TRIP)
        for _ in range(botpool._OVERRUN_KEPT):
            pool.delivered(5.0)
        assert pool.overrun == botpool._OVERRUN_MOST  # (never more than a quarter second)
    finally:
        pool.close()


def test_a_table_never_has_two_requests_worked_out_at_once(tmp_path: Path) -> None:
    """With two workers, table A's second move waits for its first while table B's, asked
    after, takes the other worker."""
    go = tmp_path / "go"

    async def scenario() -> list[str]:
        pool = BotPool(2)
        try:
            asked = [
                asyncio.create_task(pool.run("move", key, slow.held, str(go), key))
                for key in ("A", "A", "B")
            ]
            await until(lambda: len(pool.running()) == 2, "both workers busy")
            keys = sorted(key for _, _, key in pool.running())
            go.touch()
            await asyncio.gather(*asked)
        finally:
            pool.close()
        return keys

    assert asyncio.run(scenario()) == ["A", "B"]


def test_a_worker_killed_while_thinking_is_replaced_and_the_request_asked_again(
    tmp_path: Path,
) -> None:
    """``kill -9`` of the only worker in the middle of a request: a new worker takes the same
    request, its answer comes, and the pool is healthy again."""
    go = tmp_path / "go"

    async def scenario() -> None:
        pool = BotPool(1)
        try:
            asking = asyncio.create_task(pool.run("move", "t", slow.held, str(go), "the move"))
            await until(pool.running, "the worker works on it")
            [(pid, kind, key)] = pool.running()
            assert pid is not None and (kind, key) == ("move", "t")
            os.kill(pid, signal.SIGKILL)
            await until(
                lambda: [p for p, _, _ in pool.running() if p != pid], "a new worker works on it"
            )
            go.touch()
            assert await asking == "the move"
            assert pool.pids() and pid not in pool.pids()
            health = pool.health()
            assert health["ok"] and health["died"] == 1 and health["given_up"] == 0
        finally:
            pool.close()

    asyncio.run(scenario())


def test_a_request_whose_worker_dies_again_and_again_is_given_up_and_the_pool_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A request that kills its worker each time (here the test kills it): after 3 deaths it
    is refused with a sentence, the deaths in a row paused between (0.1 s, then 0.2 s: here
    shortened), and the next request is answered by a new worker."""
    monkeypatch.setattr(botpool, "RESPAWN_FIRST", 0.1)
    caplog.set_level(logging.WARNING, logger="hearts.server")

    async def scenario() -> None:
        pool = BotPool(1)
        try:
            asking = asyncio.create_task(
                pool.run("move", "t", slow.held, str(tmp_path / "never"), None)
            )
            killed: list[int] = []
            for _ in range(RETRIES):
                await until(
                    lambda: [p for p, _, _ in pool.running() if p not in killed],
                    "a worker works on it",
                )
                [(pid, _, _)] = pool.running()
                assert pid is not None
                killed.append(pid)
                os.kill(pid, signal.SIGKILL)
            with pytest.raises(BotFailed) as refused:
                await asking
            assert (
                str(refused.value) == "a move was given up: the bots' worker died 3 times over it"
            )
            assert await pool.run("move", "another", slow.answer, 7) == 7
            health = pool.health()
            assert health["ok"] and health["died"] == 3 and health["given_up"] == 1
            assert not set(killed) & set(pool.pids())
        finally:
            pool.close()

    asyncio.run(scenario())
    pauses = [r.getMessage() for r in caplog.records if "died in a row" in r.getMessage()]
    assert pauses == [
        "bots' worker 0: 2 died in a row, the next is started in 0.1 s",
        "bots' worker 0: 3 died in a row, the next is started in 0.2 s",
    ]


def test_a_hint_being_worked_out_is_stopped_for_a_move_and_worked_out_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The only worker works out a hint (held); a move is asked: the hint is stopped, the move
    answered (it would wait for the hint otherwise, here for ever), and the hint worked out
    again afterwards."""
    go = tmp_path / "go"
    # (a hint refused for waiting too long is another test's: on a busy machine the worker's
    # start alone may take longer than a hint may wait)
    monkeypatch.setattr(botpool, "HINT_WAIT", 3600.0)

    async def scenario() -> None:
        pool = BotPool(1)
        try:
            hint = asyncio.create_task(pool.run("hint", "t/0", slow.held, str(go), "the hint"))
            await until(pool.running, "the hint is worked out")
            assert await pool.run("move", "t2", slow.answer, "the move") == "the move"
            assert pool.counts["stopped"] == 1 and not hint.done()
            go.touch()
            assert await hint == "the hint"
        finally:
            pool.close()

    asyncio.run(scenario())


def test_a_review_waits_for_every_move_and_hint_asked_before_or_after_it() -> None:
    """With the worker busy, a review's decision asked first, then a hint, then a move: the
    move goes first, then the hint, the review's decision last."""

    async def scenario() -> list[str]:
        pool, order = BotPool(0), Order()
        try:
            busy = asyncio.create_task(pool.run("move", "X", order.first, "busy"))
            await until(pool.running, "a move is worked out")
            review = asyncio.create_task(pool.run("review", "review/g/0", order.note, "review"))
            await until(lambda: pool.health()["reviews_waiting"] == 1, "the review waits")
            hint = asyncio.create_task(pool.run("hint", "t/0", order.note, "hint"))
            await until(lambda: pool.health()["hints_waiting"] == 1, "the hint waits")
            move = asyncio.create_task(pool.run("move", "t", order.note, "move"))
            await until(lambda: pool.health()["moves_waiting"] == 1, "the move waits")
            order.gate.set()
            await asyncio.gather(busy, review, hint, move)
        finally:
            pool.close()
        return order.started

    assert asyncio.run(scenario()) == ["busy", "move", "hint", "review"]


def test_a_reviews_decision_being_worked_out_is_stopped_for_a_hint_and_for_a_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The only worker works out a review's decision (held); a hint is asked: the decision is
    stopped and the hint answered (it would wait for ever otherwise); the decision is taken up
    again, and a move asked then stops it too and is answered; the decision is worked out
    after both, from the start (so a review never delays a table, nor a hint)."""
    go = tmp_path / "go"
    monkeypatch.setattr(botpool, "HINT_WAIT", 3600.0)  # (a slow worker start is no refusal)

    async def scenario() -> None:
        pool = BotPool(1)
        try:
            review = asyncio.create_task(
                pool.run("review", "review/g/0", slow.held, str(go), "the decision")
            )
            await until(pool.running, "the review's decision is worked out")
            hint = pool.run("hint", "t/0", slow.answer, "the hint")
            assert await asyncio.wait_for(hint, FAILSAFE) == "the hint"  # (not held behind it)
            assert pool.counts["stopped"] == 1 and not review.done()
            await until(
                lambda: [kind for _, kind, _ in pool.running()] == ["review"],
                "the review's decision is worked out again",
            )
            move = pool.run("move", "t", slow.answer, "the move")
            assert await asyncio.wait_for(move, FAILSAFE) == "the move"
            assert pool.counts["stopped"] == 2 and not review.done()
            go.touch()
            assert await review == "the decision"
            assert pool.counts["reviews"] == 1 and pool.counts["moves"] == 1
        finally:
            pool.close()

    asyncio.run(scenario())


def test_a_stop_sent_before_its_request_began_stops_it_and_a_late_one_stops_nothing() -> None:
    """The race a loaded machine met: the pool stops a hint the worker has not yet begun (the
    signal came while it was still reading the request, and was lost: the move then waited for
    the hint's whole time). A stop names its request, so it is kept for that request, and one
    for a request already answered does not stop the next."""
    process, conn, stop_number = botpool._spawn(9)
    try:
        stop_number.value = 7  # (request 7 is stopped before it is even sent)
        os.kill(process.pid, signal.SIGUSR1)
        assert botpool._exchange(process, conn, 7, slow.answer, ("a",), FAILSAFE) == (
            "stopped",
            None,
        )
        assert botpool._exchange(process, conn, 8, slow.answer, ("b",), FAILSAFE) == ("ok", "b")
        stop_number.value = 8  # (too late: 8 was answered)
        os.kill(process.pid, signal.SIGUSR1)
        assert botpool._exchange(process, conn, 9, slow.answer, ("c",), FAILSAFE) == ("ok", "c")
    finally:
        process.kill()
        process.join(FAILSAFE)
        conn.close()


def _cards_played(state: dict[str, Any]) -> int:
    return sum(event["kind"] == "card_played" for event in state["view"]["events"])


def test_an_expert_table_moves_on_after_its_worker_is_killed_in_the_middle_of_a_move(
    tmp_path: Path,
) -> None:
    """A real server with one worker, experts thinking 2 s a move: the worker is killed while
    one thinks; the table moves on (the killed move asked again of a new worker), and /healthz
    says the worker died and the pool is well."""
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    app = create_app(ServerConfig(bot_workers=1, bot_think=2.0), store=store)
    with TestClient(app) as client:
        pool: BotPool = app.state.hub.pool
        made = make(
            client,
            [PERSON, bot("expert"), bot("expert"), bot("expert")],
            variant="classic",
            think=2,
        )
        with client.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
            ann = hello(socket, made["token"])
            ends = time.monotonic() + FAILSAFE
            while True:  # (Ann plays when it is her turn, until an expert thinks)
                state = ann.current()
                if ann.has_move():
                    ann.play()
                    continue
                thinking = pool.running()
                if thinking:
                    break
                assert time.monotonic() < ends, "no expert ever thought"
                time.sleep(0.01)
            [(pid, kind, _)] = thinking
            assert pid is not None and kind == "move"
            before = _cards_played(state)
            os.kill(pid, signal.SIGKILL)
            while _cards_played(ann.current()) == before:  # (the killed move is made)
                assert time.monotonic() < ends, "the table never moved again"
                time.sleep(0.05)
        health = client.get("/healthz")
        assert health.status_code == 200
        assert health.json()["bots"]["died"] == 1 and pid not in pool.pids()
    store.close()


def test_a_hint_that_waited_too_long_for_the_moves_is_refused_with_when_to_ask_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hint still waiting after ``HINT_WAIT`` (0 here) when its turn comes is refused
    rather than worked out late; the moves meanwhile are all worked out."""
    monkeypatch.setattr(botpool, "HINT_WAIT", 0.0)

    async def scenario() -> tuple[list[str], BaseException | None]:
        pool, order = BotPool(0), Order()
        try:
            busy = asyncio.create_task(pool.run("move", "X", order.first, "busy"))
            await until(pool.running, "a move is worked out")
            hint = asyncio.create_task(pool.run("hint", "t/0", order.note, "hint"))
            await until(lambda: pool.health()["hints_waiting"] == 1, "the hint waits")
            order.gate.set()
            await busy
            answers = await asyncio.gather(hint, return_exceptions=True)
        finally:
            pool.close()
        refused = answers[0] if isinstance(answers[0], BaseException) else None
        return order.started, refused

    started, refused = asyncio.run(scenario())
    assert started == ["busy"]
    assert isinstance(refused, BotBusy)
    assert str(refused) == "the bots are busy with the tables' moves: ask for a hint again in 5 s"


def test_hints_beyond_what_the_pool_holds_are_refused_with_when_to_ask_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(botpool, "HINTS_MOST", 2)

    async def scenario() -> BaseException | None:
        pool, order = BotPool(0), Order()
        try:
            busy = asyncio.create_task(pool.run("move", "X", order.first, "busy"))
            await until(pool.running, "a move is worked out")
            held = [
                asyncio.create_task(pool.run("hint", f"t/{n}", order.note, "hint")) for n in (0, 1)
            ]
            await until(lambda: pool.health()["hints_waiting"] == 2, "two hints wait")
            refused = None
            try:
                await pool.run("hint", "t/2", order.note, "hint")
            except BotBusy as error:
                refused = error
            order.gate.set()
            await asyncio.gather(busy, *held)
        finally:
            pool.close()
        return refused

    refused = asyncio.run(scenario())
    assert str(refused) == "the bots are busy: ask for a hint again in 5 s"
