"""A table's bots (``hearts.server.tables``): a bot move the store cannot keep is tried again
after a pause that doubles (not ten times a second), at once when a person's move shows the
store is back, and never holds up a person's move; a move the bots' pool gives up is made by
the basic bot, and the table goes on."""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hearts.events import Event
from hearts.observation import SeatView
from hearts.server import ServerConfig, create_app, tables
from hearts.server.botpool import BotFailed
from hearts.server.store import Store, StoreError
from hearts.server.tables import Table

from .players import PERSON, bot, hello, make

FAILSAFE = 120.0
"""Seconds a state is waited for before a test gives up (a failsafe, never a measure)."""


@contextmanager
def server(tmp_path: Path) -> Iterator[TestClient]:
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    app = create_app(ServerConfig(bot_workers=0, rate=10_000, burst=10_000), store=store)
    with TestClient(app) as client:
        yield client
    store.close()


def wait_for(check: Any, what: str) -> None:
    ends = time.monotonic() + FAILSAFE
    while not check():
        assert time.monotonic() < ends, f"this never came: {what}"
        time.sleep(0.01)


class Outage:
    """The store's appends fail while ``down`` (as in a database outage); each attempt notes
    the table's pause as it stood when the attempt was made."""

    def __init__(self, hub: Any) -> None:
        self.down = True
        self.pauses: list[float | None] = []
        self._hub = hub
        self._real = hub.store.append_many

    def __call__(self, batch: Sequence[tuple[str, int, Sequence[Event], str | None]]) -> Any:
        if self.down:
            for table_id, *_ in batch:
                self.pauses.append(getattr(self._hub.tables[table_id], "backoff", None))
            raise StoreError("cannot store the events: the database is down")
        return self._real(batch)


def test_an_all_bot_table_backs_off_while_its_moves_cannot_be_stored_and_goes_on_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The person leaves (the stand-in plays): during the outage the bots try again after
    0.05, 0.1, 0.2, 0.4 s (shortened here from 0.5 s), not in a loop; once the store is back
    the table plays on and the pause is reset."""
    monkeypatch.setattr(tables.table, "RETRY_FIRST", 0.05)
    with server(tmp_path) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        outage = Outage(hub)
        monkeypatch.setattr(hub.store, "append_many", outage)
        made = make(client, [PERSON, bot(), bot(), bot()], variant="classic")
        table: Table = hub.tables[made["table"]["id"]]
        with client.websocket_connect(f"/ws/tables/{table.id}") as socket:
            ann = hello(socket, made["token"])
            ann.send({"type": "leave"})
        wait_for(lambda: len(outage.pauses) >= 5, "five tries to store a move")
        stored = table.stored
        assert outage.pauses[:5] == [0.0, 0.05, 0.1, 0.2, 0.4]
        outage.down = False
        wait_for(lambda: table.stored > stored + 3, "moves stored again")
        assert table.backoff == 0.0


def test_a_person_s_move_is_not_held_up_by_the_bots_pause_and_wakes_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At the pass every seat moves at once: the bots' passes could not be stored and they
    pause (10 minutes here); once the store is back, the person's pass is stored at once, and
    the bots try again at once too rather than at the end of their pause."""
    monkeypatch.setattr(tables.table, "RETRY_FIRST", 600.0)
    monkeypatch.setattr(tables.table, "RETRY_MOST", 600.0)
    with server(tmp_path) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        outage = Outage(hub)
        monkeypatch.setattr(hub.store, "append_many", outage)
        made = make(client, [PERSON, bot(), bot(), bot()], variant="modern")
        table: Table = hub.tables[made["table"]["id"]]
        with client.websocket_connect(f"/ws/tables/{table.id}") as socket:
            ann = hello(socket, made["token"])
            wait_for(lambda: table.backoff == 600.0, "the bots pause")
            outage.down = False
            ann.my_turn()
            passed = ann.play()
            ends = time.monotonic() + FAILSAFE
            while True:  # (until every seat has passed: the hand's play begins)
                state = ann.current()
                if state["view"]["phase"] == "play":
                    break
                assert time.monotonic() < ends, "the bots never passed"
                time.sleep(0.05)
            assert sorted(state["view"]["passed"]) == sorted(passed.split()[1:])
            assert table.backoff == 0.0


def test_a_move_the_pool_gives_up_is_made_by_the_basic_bot_and_the_table_goes_on(
    tmp_path: Path,
) -> None:
    """Every expert move is given up by the pool (as when it kills its worker each time): the
    basic bot makes each instead, and the table comes round to the person."""
    with server(tmp_path) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        asked: list[str] = []

        async def given_up(
            name: str, seed: int, think: float | None, view: SeatView, *, key: str = ""
        ) -> Any:
            asked.append(name)
            raise BotFailed("a move was given up: the bots' worker died 3 times over it")

        hub.pool.choose = given_up
        made = make(client, [PERSON, bot("expert"), bot("expert"), bot("expert")])
        with client.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
            ann = hello(socket, made["token"])
            ann.my_turn()
            ann.play()  # (the pass: the bots' passes were given up, and made by the basic bot)
            state = ann.my_turn()
            assert state["view"]["phase"] == "play"
        assert len(asked) >= 3 and set(asked) == {"expert"}


def test_a_searching_bots_move_tells_the_pool_what_keeping_and_sending_it_took(
    tmp_path: Path,
) -> None:
    """The time from the pool's answer to the move sent is taken off the next moves' think (so
    that a move reaches its players within its budget); a rule-of-thumb bot's is not counted."""
    with server(tmp_path) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        told: list[float] = []
        hub.pool.delivered = told.append
        made = make(client, [PERSON, bot("basic"), bot("basic"), bot("basic")])
        with client.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
            ann = hello(socket, made["token"])
            ann.my_turn()
            ann.play()  # (the pass: the basic bots' passes are made too before the play)
            assert ann.my_turn()["view"]["phase"] == "play"
        assert told == []
        made = make(client, [PERSON, bot("expert"), bot("expert"), PERSON], think=0.1)
        with client.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
            ann = hello(socket, made["token"])
            ann.my_turn()
        wait_for(lambda: len(told) >= 2, "the two experts' passes are sent")
        assert all(seconds >= 0 for seconds in told)


def test_a_table_that_cannot_be_resumed_is_said_and_not_counted_as_resumed(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """At start-up a stored table whose events its moves do not make again is left out with a
    sentence naming it, and the count of tables resumed counts only those that were."""
    with server(tmp_path) as client:
        spoiled = make(client, [PERSON, bot(), bot(), bot()])["table"]["id"]
        make(client, [PERSON, bot(), bot(), bot()])
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    real = store.playing

    def playing() -> list[Any]:
        return [
            dataclasses.replace(kept, events=kept.events[1:]) if kept.id == spoiled else kept
            for kept in real()
        ]

    store.playing = playing  # type: ignore[method-assign]
    app = create_app(ServerConfig(bot_workers=0), store=store)
    with caplog.at_level(logging.INFO, logger="hearts.server"), TestClient(app) as client:
        assert spoiled not in client.app.state.hub.tables  # type: ignore[attr-defined]
        assert len(client.app.state.hub.tables) == 1  # type: ignore[attr-defined]
    store.close()
    assert f"table {spoiled} cannot be resumed" in caplog.text
    assert "1 table resumed from the store" in caplog.text
