"""Driving the server's tables in tests: a lobby call, and a player on a socket read message by
message (Starlette's test client)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from hearts.server import protocol

PERSON = {"kind": "person"}


def bot(name: str = "basic") -> dict[str, str]:
    return {"kind": "bot", "bot": name}


def make(http: TestClient, seats: list[dict[str, str]], **fields: Any) -> dict[str, Any]:
    reply = http.post("/api/tables", json={"seats": seats, **fields})
    assert reply.status_code == 201, reply.text
    made: dict[str, Any] = reply.json()
    return made


class Player:
    """One socket at a table, read message by message."""

    def __init__(self, socket: WebSocketTestSession) -> None:
        self.socket = socket
        self.seen: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None

    def send(self, message: dict[str, Any]) -> None:
        self.socket.send_text(json.dumps(message))

    def next(self) -> dict[str, Any]:
        """The next message, held to the protocol's model of it: it parses as a server
        message and writes back as the same JSON (the server writes its states without the
        model, protocol.state_text)."""
        text = self.socket.receive_text()
        message: dict[str, Any] = json.loads(text)
        assert json.loads(protocol.dump(protocol.parse_server(text))) == message, text
        self.seen.append(message)
        if message["type"] == "state":
            self.state = message
        return message

    def until(self, kind: str, limit: int = 500) -> dict[str, Any]:
        for _ in range(limit):
            message = self.next()
            if message["type"] == kind:
                return message
        raise AssertionError(f"no {kind} message in {limit}")

    def my_turn(self, limit: int = 2000) -> dict[str, Any]:
        """The first state, from now on, where this seat has a move to make."""
        state = self.current()
        for _ in range(limit):
            if state["view"]["legal_moves"] or state["view"]["choose"]:
                return state
            message = self.next()
            if message["type"] == "over":
                raise AssertionError("the game ended")
            if message["type"] == "state":
                state = message
        raise AssertionError("it never came to this seat's turn")

    def a_move(self) -> str:
        assert self.state is not None
        view = self.state["view"]
        if view["choose"]:
            choose = view["choose"]
            return f"{choose['move']} {' '.join(choose['cards'][: choose['count']])}"
        return str(view["legal_moves"][0])

    def play(self) -> str:
        move = self.a_move()
        self.send({"type": "move", "move": move})
        return move

    def current(self) -> dict[str, Any]:
        """The latest state, once every message sent before a ping has come (a barrier)."""
        self.pings = getattr(self, "pings", 0) + 1
        self.send({"type": "ping", "ref": self.pings})
        for _ in range(1000):
            message = self.next()
            if message["type"] == "pong" and message["ref"] == self.pings:
                assert self.state is not None
                return self.state
        raise AssertionError("no pong")

    def has_move(self) -> bool:
        assert self.state is not None
        return bool(self.state["view"]["legal_moves"] or self.state["view"]["choose"])


def play_until(players: list[Player], done: Callable[[], bool], limit: int = 20_000) -> None:
    """Make these seats' moves (the first each view offers) until ``done()`` holds. When none of
    them has a move, another seat (a bot) has: the first player waits for its next message
    (every move is sent to every client) rather than asking again and again, so the loop counts
    moves and messages, never time, and a slow bot on a busy machine cannot outlast it."""
    for _ in range(limit):
        moved = False
        for player in players:
            player.current()
            if done():
                return
            if player.has_move():
                player.play()
                moved = True
        if done():
            return
        if not moved:
            players[0].next()
    raise AssertionError(f"not done in {limit} rounds of moves and messages")


def hello(socket: WebSocketTestSession, token: str | None = None, watch: bool = False) -> Player:
    player = Player(socket)
    player.send({"type": "hello", "version": 1, "token": token, "watch": watch})
    welcome = player.next()
    assert welcome["type"] == "welcome", welcome
    player.until("state")
    return player
