"""The tables in play (hearts.server.tables): a seat taken only once the store has it, names
that show as text, what a socket's arrival and departure cost the others, the watchers' cap,
and the state that answers a move carrying its ref."""

from __future__ import annotations

import concurrent.futures
import contextlib
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from hearts.errors import HeartsError, IllegalMove
from hearts.server import ServerConfig, create_app, protocol, tables, wire
from hearts.server.store import Store, StoreError
from hearts.server.tables import Client, TableError, for_people

from .players import PERSON, Player, bot, hello, make


def app_on(store: Store, **config: Any) -> TestClient:
    """The server's app on ``store``, its bots in a thread, its clients not throttled."""
    settings: dict[str, Any] = {"bot_workers": 0, "rate": 10_000, "burst": 10_000, **config}
    return TestClient(create_app(ServerConfig(**settings), store=store))


@pytest.fixture
def served(store: Store) -> Iterator[TestClient]:
    """The app on the test's database (SQLite, then PostgreSQL)."""
    with app_on(store) as client:
        yield client


def seats_of(http: TestClient, key: str) -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = http.get(f"/api/tables/{key}").json()["seats"]
    return seats


# ------------------------------------------------------------------ joining


def test_a_join_the_store_cannot_keep_leaves_the_seat_free_for_the_next(
    http: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A join whose store write fails (a database outage) is refused with a sentence (503)
    and takes nothing in memory: the seat is still open, and the next join gets it."""
    made = make(http, [PERSON, PERSON, bot(), bot()], grace=3600)
    hub: Any = http.app.state.hub  # type: ignore[attr-defined]
    real = hub.store.update_seat
    tried: list[int] = []

    def outage(table_id: str, seat: int, **changes: Any) -> Any:
        tried.append(seat)
        raise StoreError(f"cannot change seat {seat} of table {table_id!r}: connection refused")

    monkeypatch.setattr(hub.store, "update_seat", outage)
    reply = http.post(f"/api/tables/{made['code']}/join", json={"name": "Bob"})
    assert tried == [1]
    assert reply.status_code == 503, reply.text
    assert reply.json()["error"] == (
        "the seat could not be saved, so it was not taken: try again in a moment"
    )
    assert seats_of(http, made["code"])[1]["status"] == "open"
    assert seats_of(http, made["code"])[1]["name"] == "Seat 2"
    monkeypatch.setattr(hub.store, "update_seat", real)
    reply = http.post(f"/api/tables/{made['code']}/join", json={"name": "Bob"})
    assert reply.status_code == 200, reply.text
    assert reply.json()["seat"] == 1
    assert seats_of(http, made["code"])[1]["name"] == "Bob"
    with http.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
        bob = hello(socket, reply.json()["token"])
        assert bob.state is not None and bob.state["view"]["seat"] == 1


def test_a_name_the_database_refuses_leaves_memory_as_the_store_has_it(
    served: TestClient, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A join whose name reaches the store and is refused there (a NUL: PostgreSQL cannot keep
    one, SQLite can), the name check taken away to let it through: memory says what the store
    holds. On PostgreSQL the join is refused (503), the seat is free and the next join gets
    it; on SQLite it is taken, in both."""
    monkeypatch.setattr(tables.hub, "checked_name", lambda name: name)
    made = make(served, [PERSON, PERSON, bot(), bot()], grace=3600)
    reply = served.post(f"/api/tables/{made['code']}/join", json={"name": "Bo\x00b"})
    kept = store.get(made["table"]["id"])
    assert kept is not None
    stored = kept.seats[1]
    shown = seats_of(served, made["code"])[1]
    if store.url.get_backend_name() == "postgresql":
        assert reply.status_code == 503, reply.text
        assert stored.token_hash is None and stored.name == "Seat 2"
        assert shown["status"] == "open" and shown["name"] == "Seat 2"
        again = served.post(f"/api/tables/{made['code']}/join", json={"name": "Bob"})
        assert again.status_code == 200 and again.json()["seat"] == 1
    else:
        assert reply.status_code == 200, reply.text
        assert stored.token_hash is not None and stored.name == "Bo\x00b"
        assert shown["status"] == "away" and shown["name"] == "Bo\x00b"


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Bo\x00b", "U+0000 is its character 3"),
        ("Bob\x07", "U+0007 is its character 4"),
        ("Bob\x85", "U+0085 is its character 4"),  # (C1: next line)
        ("\u202eboB", "U+202E is its character 1"),  # (a right-to-left override)
        ("Bo\u2066b", "U+2066 is its character 3"),  # (a left-to-right isolate)
        ("B\u200bob", "U+200B is its character 2"),  # (a zero-width space)
        ("Bob\u2028", "U+2028 is its character 4"),  # (a line separator)
    ],
)
def test_a_name_with_control_or_invisible_characters_is_refused_alike_on_both_databases(
    served: TestClient, store: Store, name: str, shown: str
) -> None:
    """A creator's or a joiner's name holding a control character (C0, C1, NUL), a bidi
    override or isolate, a zero-width space or a line separator is refused in one sentence,
    on SQLite and PostgreSQL alike, and nothing is stored: the seat stays free."""
    sentence = f"a name cannot hold control or invisible characters: {shown}"
    reply = served.post("/api/tables", json={"name": name})
    assert reply.status_code == 400 and reply.json() == {"error": sentence}
    made = make(served, [PERSON, PERSON, bot(), bot()], grace=3600)
    reply = served.post(f"/api/tables/{made['code']}/join", json={"name": name})
    assert reply.status_code == 400 and reply.json() == {"error": sentence}
    kept = store.get(made["table"]["id"])
    assert kept is not None and kept.seats[1].token_hash is None
    assert seats_of(served, made["code"])[1]["status"] == "open"


def test_a_name_is_trimmed_and_one_of_only_spaces_refused_while_joiners_and_emoji_stay(
    http: TestClient,
) -> None:
    """The spaces around a name go; a name of spaces alone is refused; the zero-width joiner
    of an emoji sequence is kept."""
    made = make(http, [PERSON, PERSON, PERSON, bot()], name="  Ann  ", grace=3600)
    assert seats_of(http, made["code"])[0]["name"] == "Ann"
    reply = http.post(f"/api/tables/{made['code']}/join", json={"name": " \u3000 "})
    assert reply.status_code == 400
    assert reply.json()["error"] == "a name needs something to show, not only spaces"
    family = "Bo \U0001f468\u200d\U0001f469\u200d\U0001f467"
    reply = http.post(f"/api/tables/{made['code']}/join", json={"name": family})
    assert reply.status_code == 200 and seats_of(http, made["code"])[1]["name"] == family


def test_a_finished_games_seat_cannot_be_joined(http: TestClient) -> None:
    """Once the game is over no seat is taken (its record and replay keep the names)."""
    made = make(http, [PERSON, PERSON, bot(), bot()], grace=0, options={"end": "deals", "deals": 1})
    hub: Any = http.app.state.hub  # type: ignore[attr-defined]
    table = hub.tables[made["table"]["id"]]
    with http.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
        ann = hello(socket, made["token"])
        for _ in range(3000):
            ann.current()
            if any(m["type"] == "over" for m in ann.seen):
                break
            if ann.has_move():
                ann.play()
        assert table.game.is_over
        reply = http.post(f"/api/tables/{made['code']}/join", json={"name": "Bob"})
        assert reply.status_code == 409
        assert reply.json()["error"] == "the game at this table is over: there is no seat to take"


# ------------------------------------------------------------------ watchers


class Sent:
    """Every message the server queues for any client, counted (Client.put)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        real = Client.put

        def counted(client: Client, message: Any) -> None:
            self.count += 1
            real(client, message)

        monkeypatch.setattr(Client, "put", counted)


def test_a_watchers_arrival_and_departure_cost_the_others_nothing(
    http: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each watcher's arrival is its own welcome, state and chat log, three messages however
    many watch already (it was 3 + everyone there: N watchers cost O(N^2)); a watcher's going, and a
    seat's second socket coming and going, send nobody anything; a seat's person coming or
    going is told to everyone, once."""
    made = make(http, [PERSON, PERSON, PERSON, PERSON], grace=3600)  # (nobody moves)
    table = made["table"]["id"]
    sent = Sent(monkeypatch)
    watchers = 40
    with contextlib.ExitStack() as stack:
        ann = hello(
            stack.enter_context(http.websocket_connect(f"/ws/tables/{table}")), made["token"]
        )
        costs = []
        for _ in range(watchers):
            before = sent.count
            hello(stack.enter_context(http.websocket_connect(f"/ws/tables/{table}")), watch=True)
            costs.append(sent.count - before)
        assert costs == [3] * watchers
        before = sent.count
        with http.websocket_connect(f"/ws/tables/{table}") as again:
            hello(again, made["token"])  # (Ann's second socket: her seat was there already)
        assert sent.count - before == 3
        before = sent.count
        with http.websocket_connect(f"/ws/tables/{table}") as socket:
            hello(socket, watch=True)
        assert sent.count - before == 3
        ann.current()  # (nothing came meanwhile but the pong)
        assert [m["type"] for m in ann.seen] == ["welcome", "state", "chat_log", "pong"]
    before = sent.count
    with http.websocket_connect(f"/ws/tables/{table}") as socket:
        watcher = hello(socket, watch=True)
        assert watcher.next()["type"] == "chat_log"
        with http.websocket_connect(f"/ws/tables/{table}") as other:
            hello(other, made["token"])  # (Ann comes back: the watcher is told)
            assert watcher.next()["type"] == "state"
        assert watcher.next()["type"] == "state"  # (and that she has gone again)
    assert sent.count - before == 3 + 3 + 1 + 1


def test_a_broadcast_to_many_watchers_builds_their_view_once(
    http: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The public view is the same for every watcher: a move's broadcast to 30 watchers
    builds it once, and one text for all of them."""
    made = make(http, [PERSON, PERSON, PERSON, PERSON], grace=3600)
    table = made["table"]["id"]
    builds = {"views": 0, "texts": 0}
    real_view, real_text = wire.public_view, protocol.state_text

    def view(*args: Any, **kwargs: Any) -> Any:
        builds["views"] += 1
        return real_view(*args, **kwargs)

    def text(*args: Any, **kwargs: Any) -> str:
        builds["texts"] += 1
        return real_text(*args, **kwargs)

    with contextlib.ExitStack() as stack:
        ann = hello(
            stack.enter_context(http.websocket_connect(f"/ws/tables/{table}")), made["token"]
        )
        watching = [
            hello(stack.enter_context(http.websocket_connect(f"/ws/tables/{table}")), watch=True)
            for _ in range(30)
        ]
        monkeypatch.setattr(wire, "public_view", view)
        monkeypatch.setattr(protocol, "state_text", text)
        move = ann.a_move()
        ann.send({"type": "move", "move": move, "ref": 1})
        answer = ann.until("state")
        assert answer["ref"] == 1
        assert builds == {"views": 1, "texts": 2}  # (Ann's, and the watchers' one)
        shown = [w.until("state") for w in watching]
        assert all(state == shown[0] for state in shown)
        assert shown[0]["seq"] == answer["seq"] and shown[0]["events"]


def test_a_table_takes_at_most_max_watchers_and_never_refuses_a_seat(tmp_path: Any) -> None:
    """Beyond ``max_watchers`` a watcher is refused in a sentence (code ``full``) and its socket
    closed; a seat's person is let in all the same; once a watcher goes, another may come."""
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    with app_on(store, max_watchers=3) as http:
        made = make(http, [PERSON, PERSON, bot(), bot()], grace=3600)
        table = made["table"]["id"]
        with contextlib.ExitStack() as stack:
            with http.websocket_connect(f"/ws/tables/{table}") as first:
                hello(first, watch=True)
                for _ in range(2):
                    socket = stack.enter_context(http.websocket_connect(f"/ws/tables/{table}"))
                    hello(socket, watch=True)
                with http.websocket_connect(f"/ws/tables/{table}") as socket:
                    late = Player(socket)
                    late.send({"type": "hello", "version": 1, "token": None, "watch": True})
                    assert late.next() == {
                        "type": "error",
                        "code": "full",
                        "message": "this table has as many watchers as it takes (3): try again "
                        "later",
                        "ref": None,
                    }
                    with pytest.raises(WebSocketDisconnect):
                        socket.receive_text()
                with http.websocket_connect(f"/ws/tables/{table}") as socket:
                    assert hello(socket, made["token"]).state is not None  # (a seat: let in)
            # (the first watcher has gone: there is room for another)
            with http.websocket_connect(f"/ws/tables/{table}") as socket:
                assert hello(socket, watch=True).state is not None
    store.close()


def test_a_seat_takes_at_most_sixteen_sockets_at_once(http: TestClient) -> None:
    """A seat's token opens at most SEAT_SOCKETS sockets at once: the next is refused in a
    sentence (code ``full``) and closed; once one closes, another is let in."""
    made = make(http, [PERSON, bot(), bot(), bot()], grace=3600)
    table = made["table"]["id"]
    assert tables.SEAT_SOCKETS == 16
    with contextlib.ExitStack() as stack:
        with http.websocket_connect(f"/ws/tables/{table}") as first:
            hello(first, made["token"])
            for _ in range(15):
                socket = stack.enter_context(http.websocket_connect(f"/ws/tables/{table}"))
                hello(socket, made["token"])
            with http.websocket_connect(f"/ws/tables/{table}") as socket:
                late = Player(socket)
                late.send({"type": "hello", "version": 1, "token": made["token"]})
                assert late.next() == {
                    "type": "error",
                    "code": "full",
                    "message": "your seat has 16 connections open already: close one first",
                    "ref": None,
                }
                with pytest.raises(WebSocketDisconnect):
                    socket.receive_text()
        with http.websocket_connect(f"/ws/tables/{table}") as socket:
            assert hello(socket, made["token"]).state is not None


def test_two_joins_racing_for_one_seat_cannot_both_have_it(
    http: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two joins for the same seat at once (the store slow to write the first): one has the
    seat, the other is refused (409) and holds no token for it."""
    made = make(http, [PERSON, PERSON, bot(), bot()], grace=3600)
    hub: Any = http.app.state.hub  # type: ignore[attr-defined]
    real = hub.store.update_seat
    started = threading.Event()

    def slow(*args: Any, **changes: Any) -> Any:
        started.set()
        time.sleep(0.3)  # (widens the window in which a second join could slip in)
        return real(*args, **changes)

    monkeypatch.setattr(hub.store, "update_seat", slow)
    path = f"/api/tables/{made['code']}/join"
    with concurrent.futures.ThreadPoolExecutor(2) as threads:
        first = threads.submit(http.post, path, json={"name": "Bob", "seat": 1})
        assert started.wait(30)
        second = threads.submit(http.post, path, json={"name": "Cy", "seat": 1})
        replies = [first.result(), second.result()]
    assert sorted(reply.status_code for reply in replies) == [200, 409]
    assert seats_of(http, made["code"])[1]["name"] == "Bob"
    refused = replies[1].json()
    assert refused == {"error": "seat 1 is not free at this table"}


# ------------------------------------------------------------------ a move's ref


def test_the_state_answering_a_move_carries_its_ref_to_its_sender_alone(http: TestClient) -> None:
    """The state that follows a client's move carries that move's ``ref`` for that client;
    the seat's other socket, the other seats and the watchers get the same moment with
    ``ref`` null; a move without a ref is answered with ``ref`` null."""
    made = make(http, [PERSON, PERSON, PERSON, PERSON], grace=3600)
    joined = http.post(f"/api/tables/{made['code']}/join", json={"name": "Bob"}).json()
    table = made["table"]["id"]
    with contextlib.ExitStack() as stack:
        ann = hello(
            stack.enter_context(http.websocket_connect(f"/ws/tables/{table}")), made["token"]
        )
        also = hello(
            stack.enter_context(http.websocket_connect(f"/ws/tables/{table}")), made["token"]
        )
        bob = hello(
            stack.enter_context(http.websocket_connect(f"/ws/tables/{table}")), joined["token"]
        )
        watcher = hello(
            stack.enter_context(http.websocket_connect(f"/ws/tables/{table}")), watch=True
        )
        for player in (ann, also, bob, watcher):
            player.current()  # (every state of the arrivals read: the next is the move's)
        ann.send({"type": "move", "move": ann.a_move(), "ref": 41})
        answer = ann.until("state")
        assert answer["ref"] == 41
        others = [also.until("state"), bob.until("state"), watcher.until("state")]
        assert [state["ref"] for state in others] == [None, None, None]
        assert {state["seq"] for state in others} == {answer["seq"]}
        bob.send({"type": "move", "move": bob.a_move()})
        assert bob.until("state")["ref"] is None
        assert ann.until("state")["ref"] is None


# ----------------------------------------------------------------- refusals said from fields


def test_a_refusal_names_its_seats_from_1_read_from_the_errors_fields() -> None:
    """Issue 40, part 5: the seats of a refusal are its fields, said from 1 as the page and the
    lobby number them: another's turn, a card not followed, cards not held, a claim of the
    laws; the move and the seat that tried it stay on the error."""

    turn = IllegalMove("it is {to_act}'s turn, not {seat}'s", seat=0, move="2C", to_act=3)
    assert for_people(turn) == "it is seat 4's turn, not seat 1's"
    follow = IllegalMove("{seat} must follow suit: it holds a club", seat=2)
    assert for_people(follow) == "seat 3 must follow suit: it holds a club"
    held = IllegalMove("{seat} does not hold 2♣ 3♣", seat=1, move="pass 2C 3C 4C")
    assert for_people(held) == "seat 2 does not hold 2♣ 3♣"
    claim = IllegalMove(
        "{seat} cannot claim a revoke by {accused}: it is its own", seat=1, accused=1
    )
    assert for_people(claim) == "seat 2 cannot claim a revoke by seat 2: it is its own"
    assert (held.seat, held.move) == (1, "pass 2C 3C 4C")


def test_a_refusal_with_no_seat_fields_is_said_as_it_is_and_its_text_never_renumbered() -> None:
    """No regular expression reads seats back out of a sentence: text that says "seat 2" (the
    API's own words, or free text) with no fields is sent unchanged, braces and all."""

    assert for_people(IllegalMove("seat 2 is free text; seats are 0 to 3")) == (
        "seat 2 is free text; seats are 0 to 3"
    )
    assert for_people(HeartsError("you must follow suit: you hold a {club}")) == (
        "you must follow suit: you hold a {club}"
    )
    assert for_people(protocol.ProtocolError("illegal", "seat 1 is no move")) == (
        "seat 1 is no move"
    )
    error = TableError("{seat} is not free at this table", 409, seat=2)
    assert (str(error), error.seats, error.status) == (
        "seat 2 is not free at this table",
        {"seat": 2},
        409,
    )
    assert for_people(error) == "seat 3 is not free at this table"
