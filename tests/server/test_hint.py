"""Hints over the socket (``hint``, docs/protocol.md "Hints"): the expert's move for the asking
seat, from its own view, worked out in the bots' pool after every table's bot move waiting;
refused with a sentence for a watcher, out of turn, while one is being worked out, and beyond
the seat's hints a minute (across its sockets) or its address's (across its tables), saying
when to ask again; never a change to the game."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hearts import bots
from hearts.observation import SeatView
from hearts.server import ServerConfig, botpool, create_app
from hearts.server.store import Store

from .players import PERSON, Player, bot, hello, make


def _answer(player: Player, ref: int) -> dict[str, Any]:
    """The hint or the error that answers the message of this ``ref``."""
    for _ in range(500):
        message = player.next()
        if message["type"] in ("hint", "error") and message.get("ref") == ref:
            return message
    raise AssertionError(f"no answer to ref {ref}")


def _unchanged(player: Player, before: dict[str, Any]) -> None:
    """A sync shows the game just where it was: the same view, the same place in the log."""
    player.send({"type": "sync"})
    again = player.until("state")
    assert again["seq"] == before["seq"] and again["view"] == before["view"]


def test_a_hint_in_the_play_is_a_legal_card_of_the_seat_and_changes_nothing(
    http: TestClient,
) -> None:
    made = make(http, [PERSON, bot(), bot(), bot()], variant="classic")  # (no pass)
    with http.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
        ann = hello(socket, made["token"])
        before = ann.my_turn()
        ann.send({"type": "hint", "ref": 21})
        answer = _answer(ann, 21)
        assert answer["type"] == "hint", answer
        assert answer["move"] in before["view"]["legal_moves"]
        assert answer["move"] in before["view"]["hand"]
        assert answer["reason"] and "\n" not in answer["reason"]
        _unchanged(ann, before)


def test_a_hint_at_the_pass_names_cards_of_the_seats_hand_to_pass(http: TestClient) -> None:
    made = make(http, [PERSON, bot(), bot(), bot()], variant="modern")
    with http.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
        ann = hello(socket, made["token"])
        before = ann.my_turn()
        for _ in range(500):  # (until the bots have passed: then only Ann's pass is awaited)
            if sum(e["kind"] == "passed" for e in before["view"]["events"]) == 3:
                break
            message = ann.next()  # (a bot's pass is sent to every client: wait for it)
            before = message if message["type"] == "state" else before
        choose = before["view"]["choose"]
        assert choose["move"] == "pass"
        ann.send({"type": "hint", "ref": 3})
        answer = _answer(ann, 3)
        assert answer["type"] == "hint", answer
        verb, *cards = answer["move"].split()
        assert verb == "pass" and len(cards) == choose["count"] == 3
        assert set(cards) <= set(choose["cards"]) and len(set(cards)) == 3
        _unchanged(ann, before)


def test_a_watchers_hint_is_refused_with_its_sentence(http: TestClient) -> None:
    made = make(http, [PERSON, bot(), bot(), bot()], variant="classic")
    with http.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
        watcher = hello(socket, watch=True)
        before = watcher.current()
        for _ in range(500):  # (until the bots have played to the person's turn: it waits)
            if before["turn"] == 0:
                break
            message = watcher.next()  # (a bot's move is sent to every client: wait for it)
            before = message if message["type"] == "state" else before
        watcher.send({"type": "hint", "ref": 4})
        error = _answer(watcher, 4)
        assert error["type"] == "error" and error["code"] == "unauthorized"
        assert error["message"] == "a watcher cannot ask for a hint: join a seat"
        assert not any(m["type"] == "hint" for m in watcher.seen)
        _unchanged(watcher, before)


def test_a_hint_out_of_turn_is_refused_with_its_sentence_and_changes_nothing(
    http: TestClient,
) -> None:
    made = make(http, [PERSON, PERSON, bot(), bot()], variant="classic")  # seat 1 leads
    joined = http.post(f"/api/tables/{made['code']}/join", json={"name": "Bob"}).json()
    table = made["table"]["id"]
    with (
        http.websocket_connect(f"/ws/tables/{table}") as one,
        http.websocket_connect(f"/ws/tables/{table}") as two,
    ):
        ann, bob = hello(one, made["token"]), hello(two, joined["token"])
        state = bob.my_turn()
        assert state["turn"] == 1
        before = ann.current()
        assert before["turn"] == 1 and not before["view"]["legal_moves"]
        ann.send({"type": "hint", "ref": 8})
        error = _answer(ann, 8)
        assert error["type"] == "error" and error["code"] == "not_your_turn"
        assert error["message"] == "a hint is for your own move, and you have none to make now"
        _unchanged(ann, before)
        assert not any(m["type"] == "hint" for m in bob.seen)  # (and Bob is told nothing)


def test_one_hint_at_a_time_a_second_asked_meanwhile_is_refused(
    http: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a client's hint is being worked out (held here until the second ask has been
    answered) a second is refused (``throttled``); the first still comes, and then another may
    be asked."""
    release = threading.Event()
    real = botpool.advise

    def slow(seed: int, think: float, view: SeatView) -> tuple[str, str, str]:
        release.wait(10)
        return real(seed, think, view)

    monkeypatch.setattr(botpool, "advise", slow)
    made = make(http, [PERSON, bot(), bot(), bot()], variant="classic")
    with http.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
        ann = hello(socket, made["token"])
        before = ann.my_turn()
        ann.send({"type": "hint", "ref": 1})
        ann.send({"type": "hint", "ref": 2})
        error = _answer(ann, 2)
        assert error["type"] == "error" and error["code"] == "throttled"
        assert error["message"] == "a hint is being worked out for you already: wait for it"
        release.set()
        first = _answer(ann, 1)
        assert first["type"] == "hint" and first["move"] in before["view"]["legal_moves"]
        ann.send({"type": "hint", "ref": 5})
        assert _answer(ann, 5)["type"] == "hint"
        _unchanged(ann, before)


def test_a_hint_is_thought_from_the_asking_seats_own_view_within_the_hint_budget(
    http: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pool is given the asking seat's view (its hand, no other) and the server's
    hint_think (0.4 s by default), not a bot's move budget."""
    asked: list[tuple[float, SeatView]] = []
    real = botpool.advise

    def spy(seed: int, think: float, view: SeatView) -> tuple[str, str, str]:
        asked.append((think, view))
        return real(seed, think, view)

    monkeypatch.setattr(botpool, "advise", spy)
    made = make(http, [bot(), bot(), PERSON, bot()], variant="classic")
    with http.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
        ann = hello(socket, made["token"])
        state = ann.my_turn()
        ann.send({"type": "hint", "ref": 9})
        assert _answer(ann, 9)["type"] == "hint"
    [(think, view)] = asked
    assert think == 0.4
    assert isinstance(view, SeatView) and view.seat == 2
    assert [str(card) for card in view.hand] == state["view"]["hand"]


@contextmanager
def _server(tmp_path: Path, **config: Any) -> Iterator[TestClient]:
    """A server whose bots think in a thread, its clients not throttled, with ``config``."""
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    settings = ServerConfig(bot_workers=0, rate=10_000, burst=10_000, **config)
    with TestClient(create_app(settings, store=store)) as client:
        yield client
    store.close()


_AGAIN = re.compile(r"ask again in (\d+) s")


def test_a_seats_hints_are_limited_across_all_its_sockets_and_refused_with_when_to_ask_again(
    tmp_path: Path,
) -> None:
    """One hint a minute for a seat (``hint_rate=1``): its first socket has it, its second
    socket is refused (``throttled``) with the seconds to wait; nothing of the game changes."""
    with _server(tmp_path, hint_rate=1) as client:
        made = make(client, [PERSON, bot(), bot(), bot()], variant="classic")
        table = made["table"]["id"]
        with (
            client.websocket_connect(f"/ws/tables/{table}") as one,
            client.websocket_connect(f"/ws/tables/{table}") as two,
        ):
            first, second = hello(one, made["token"]), hello(two, made["token"])
            before = first.my_turn()
            second.my_turn()
            first.send({"type": "hint", "ref": 1})
            assert _answer(first, 1)["type"] == "hint"
            second.send({"type": "hint", "ref": 2})
            refused = _answer(second, 2)
            assert refused["type"] == "error" and refused["code"] == "throttled"
            assert refused["message"].startswith("too many hints for this seat: ask again in ")
            wait = _AGAIN.search(refused["message"])
            assert wait is not None and 1 <= int(wait[1]) <= 60
            _unchanged(first, before)


@pytest.mark.parametrize("seat_rate", [100, 1], ids=["seats-unlimited", "a-hint-a-seat"])
def test_an_addresss_hints_are_limited_across_its_tables_and_another_address_has_its_own(
    tmp_path: Path, seat_rate: int
) -> None:
    """One hint a minute from an address (``hint_rate_address=1``): a seat at one table has
    it, a seat at another table from the same address is refused with the seconds to wait,
    and that seat asked from another address is served — with one hint a minute a seat too,
    since a refusal for the address spends nothing of the seat's."""
    with _server(tmp_path, hint_rate=seat_rate, hint_rate_address=1) as client:
        tables = [make(client, [PERSON, bot(), bot(), bot()], variant="classic") for _ in "ab"]
        with (
            client.websocket_connect(f"/ws/tables/{tables[0]['table']['id']}") as one,
            client.websocket_connect(f"/ws/tables/{tables[1]['table']['id']}") as two,
        ):
            first, second = hello(one, tables[0]["token"]), hello(two, tables[1]["token"])
            first.my_turn()
            before = second.my_turn()
            first.send({"type": "hint", "ref": 1})
            assert _answer(first, 1)["type"] == "hint"
            second.send({"type": "hint", "ref": 2})
            refused = _answer(second, 2)
            assert refused["type"] == "error" and refused["code"] == "throttled"
            assert refused["message"].startswith("too many hints from your address: ask again in ")
            _unchanged(second, before)
        client._transport.client = ("192.0.2.9", 50000)
        with client.websocket_connect(f"/ws/tables/{tables[1]['table']['id']}") as three:
            elsewhere = hello(three, tables[1]["token"])
            elsewhere.my_turn()
            elsewhere.send({"type": "hint", "ref": 3})
            assert _answer(elsewhere, 3)["type"] == "hint"


def test_a_bot_move_asked_after_a_hint_is_still_worked_out_before_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bots' thread busy with table A's expert (held), a hint asked at table B, and then
    table C made, its experts to pass: C's move goes before B's hint, which still comes."""
    gate, order = threading.Event(), []
    real_choose, real_advise = botpool.choose, botpool.advise

    def choose(name: str, seed: int, think: float | None, view: SeatView) -> Any:
        if name in bots.SEARCHERS:
            order.append("move")
            if len(order) == 1:
                assert gate.wait(120)
        return real_choose(name, seed, think, view)

    def advise(seed: int, think: float, view: SeatView) -> tuple[str, str, str]:
        order.append("hint")
        return real_advise(seed, think, view)

    monkeypatch.setattr(botpool, "choose", choose)
    monkeypatch.setattr(botpool, "advise", advise)
    with _server(tmp_path, bot_think=0.05) as client:
        pool = client.app.state.hub.pool  # type: ignore[attr-defined]
        experts = [PERSON, bot("expert"), bot("expert"), bot("expert")]
        make(client, experts, variant="modern")  # (table A: its bots pass at once)
        _until(lambda: pool.running(), "table A's expert thinks")
        b = make(client, [PERSON, bot(), bot(), bot()], variant="modern")
        with client.websocket_connect(f"/ws/tables/{b['table']['id']}") as socket:
            ann = hello(socket, b["token"])
            ann.my_turn()
            ann.send({"type": "hint", "ref": 1})
            _until(lambda: pool.health()["hints_waiting"] == 1, "the hint waits")
            make(client, experts, variant="modern", think=0.05)  # (table C)
            _until(lambda: pool.health()["moves_waiting"] >= 1, "table C's move waits")
            gate.set()
            assert _answer(ann, 1)["type"] == "hint"
    assert order[:2] == ["move", "move"] and "hint" in order


def _until(check: Callable[[], object], what: str) -> None:
    ends = time.monotonic() + 120
    while not check():
        assert time.monotonic() < ends, f"this never came: {what}"
        time.sleep(0.01)
