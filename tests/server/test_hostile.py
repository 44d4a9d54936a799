"""Hostile and broken clients (hearts.server.app): random and mutated messages never change a
table wrongly and never stop the server; a client that floods is throttled, then dropped; an
oversized message is refused."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts.events import move_of
from hearts.game import Game
from hearts.server import ServerConfig, create_app
from hearts.server.store import Store

from .players import PERSON, bot, hello, make

_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
_cards = st.sampled_from(["2C", "QS", "AH", "TD", "JK", "QS'", "XX", "", "10H"])
_moves = st.one_of(
    _cards,
    st.builds(lambda cs: "pass " + " ".join(cs), st.lists(_cards, max_size=5)),
    st.sampled_from(
        ["bid 5", "bid pass", "name hearts", "moon old", "gather", "claim 2", "correct"]
    ),
    st.text(max_size=30),
)
_messages = st.one_of(
    _json,
    st.builds(lambda move, ref: {"type": "move", "move": move, "ref": ref}, _moves, st.integers()),
    st.builds(lambda move: {"type": "move", "move": move, "seat": 2}, _moves),
    st.builds(lambda t: {"type": "hello", "version": 1, "token": t}, st.text(max_size=10)),
    st.builds(lambda t: {"type": "chat", "text": t}, st.text(max_size=300)),
    st.builds(lambda p: {"type": "chat", "phrase": p, "emoji": p}, st.text(max_size=20)),
    st.builds(lambda seat: {"type": "nudge", "seat": seat}, st.integers()),
    st.sampled_from(
        [{"type": "sync"}, {"type": "ping", "ref": -1}, {"type": "pong"}, {"type": "leave", "x": 1}]
    ),
)


def test_random_and_mutated_messages_never_change_a_table_wrongly(tmp_path: Path) -> None:
    """Whatever a seated client sends, the table's log stays one the rules make (every event
    replays from its moves), the server answers every message, and it keeps serving."""
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    app = create_app(ServerConfig(bot_workers=0, rate=10_000, burst=10_000), store=store)
    with TestClient(app) as http:
        made = make(http, [PERSON, bot(), bot(), bot()])
        table_id = made["table"]["id"]
        hub = app.state.hub
        with http.websocket_connect(f"/ws/tables/{table_id}") as socket:
            player = hello(socket, made["token"])

            @settings(
                max_examples=300,
                deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture],
            )
            @given(_messages)
            def send(message: Any) -> None:
                text = json.dumps(message)
                socket.send_text(text)
                player.send({"type": "ping", "ref": 1})
                for _ in range(
                    200
                ):  # every message is answered (or leaves no trace) before the pong
                    answer = player.next()
                    if answer["type"] == "pong" and answer.get("ref") == 1:
                        break
                    assert answer["type"] in (
                        *("state", "error", "reveal", "welcome", "over", "chat", "chat_log"),
                    ), answer

            send()
            table = hub.find(table_id)
            kept = store.get(table_id)
            assert kept is not None and tuple(table.game.events) == kept.events
            moves = [m for i, e in enumerate(kept.events) if (m := move_of(e, i))]
            again = Game.replay(kept.rules, kept.seed, moves, dealer=kept.dealer, hand_seeds=True)
            assert again.events == table.game.events
            assert http.get("/healthz").json()["ok"] is True
    store.close()


def test_a_client_that_floods_is_throttled_then_dropped(tmp_path: Path) -> None:
    """A burst of 10, then one message in 100 s: of 300 pings sent at once the burst is
    answered, the rest refused, and after 200 refusals in a row the socket is closed. (The rate
    is that slow so that however slowly a busy machine reads the pings, no token comes back
    meanwhile to end the run of refusals.)"""
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    app = create_app(ServerConfig(bot_workers=0, rate=0.01, burst=10), store=store)
    with TestClient(app) as http:
        made = make(http, [PERSON, bot(), bot(), bot()])
        with http.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
            player = hello(socket, made["token"])
            for number in range(300):
                socket.send_text(json.dumps({"type": "ping", "ref": number}))
            codes: list[str] = []
            answered, closed = 0, False
            try:
                while answered < 300:  # (each ping is answered until the socket is closed)
                    message = player.next()
                    if message["type"] == "error":
                        codes.append(message["code"])
                    answered += message["type"] in ("error", "pong")
            except Exception:  # the server closed the socket
                closed = True
            assert closed, f"all 300 pings answered and the socket still open: {codes[-3:]}"
            assert "throttled" in codes and len(codes) > 200
            pongs = [m for m in player.seen if m["type"] == "pong"]
            assert len(pongs) == 9  # (the burst, less the hello)
        assert http.get("/healthz").status_code == 200  # the server itself goes on
    store.close()


def test_an_oversized_message_is_refused_and_the_socket_stays(http: TestClient) -> None:
    made = make(http, [PERSON, bot(), bot(), bot()])
    with http.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
        player = hello(socket, made["token"])
        socket.send_text(json.dumps({"type": "move", "move": "2C" * 5000}))
        assert player.until("error")["code"] == "too_large"
        state = player.current()
        assert state["type"] == "state"


def test_a_client_that_goes_on_flooding_is_dropped_though_a_token_comes_back_now_and_then() -> None:
    """docs/protocol.md, "Errors" (throttled): a client sending three times the rate for ever
    gets a message through now and then, as the bucket refills; those must not forgive it, or
    it is never dropped (its refusals were counted "in a row", reset by each message let
    through). One that slows down to half its burst is forgiven."""
    from hearts.server.app import _FLOOD
    from hearts.server.tables import Client

    async def scenario() -> tuple[int, int]:
        async def send(text: str) -> None:
            return None

        config = ServerConfig(rate=5, burst=10)
        flooder = Client(send, config, address="192.0.2.1")
        for _ in range(3 * _FLOOD):  # (a message every 1/15 s: three times the rate)
            flooder._last -= 1 / 15
            flooder.allow()
        calm = Client(send, config, address="192.0.2.2")
        for _ in range(30):  # (a burst beyond the allowance ...)
            calm.allow()
        burst_refused = calm.refused
        calm._last -= 1.0  # (... then a second's pause: half the burst back)
        calm.allow()
        flooder.close()
        calm.close()
        return flooder.refused, calm.refused if burst_refused else -1

    flooder, calm = asyncio.run(scenario())
    assert flooder > _FLOOD
    assert calm == 0
