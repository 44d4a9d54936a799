"""Hints over the socket (``hint``, docs/protocol.md "Hints"): the expert's move for the asking
seat, from its own view, worked out in the bots' pool; refused with a sentence for a watcher,
out of turn, and while one is being worked out; never a change to the game."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hearts.observation import SeatView
from hearts.server import botpool

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

    def slow(seed: int, think: float, view: SeatView) -> tuple[str, str]:
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

    def spy(seed: int, think: float, view: SeatView) -> tuple[str, str]:
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
