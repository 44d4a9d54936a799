"""The app's edge against hostile clients (hearts.server.guard, and the limits app.py applies):
tables made per client address, tables nobody came to closed after the claim time, look-ups of
tables that are not here throttled, a socket that says no hello dropped, the names the server
answers to, the pages that may use it, the size of a body, the browser's security headers.

Each test runs the app with its default limits (those it checks), on Starlette's test client;
what only a real socket shows is in test_listen.py.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect

from hearts.server import ServerConfig, create_app
from hearts.server.store import Store

from .players import PERSON, bot, hello, make

FAILSAFE = 60.0
"""Seconds a test waits for a state before it fails (never reached when the code is right)."""


def wait_for(what: Callable[[], Any], why: str) -> Any:
    """The first true value of ``what()``, asked again and again (a failsafe bounds it)."""
    deadline = time.monotonic() + FAILSAFE
    while time.monotonic() < deadline:
        value = what()
        if value:
            return value
        time.sleep(0.005)
    raise AssertionError(f"{why}: not within {FAILSAFE:g} s")


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Callable[..., TestClient]]:
    """An app on a store of its own with the given settings (the defaults otherwise, but for
    bots thinking in a thread), served to a test client of the given address."""
    stores: list[Store] = []
    clients: list[TestClient] = []

    def start(address: str = "192.0.2.1", **settings: Any) -> TestClient:
        store = Store(f"sqlite:///{tmp_path / f'tables{len(stores)}.db'}")
        stores.append(store)
        app = create_app(ServerConfig(bot_workers=0, **settings), store=store)
        client = TestClient(app, client=(address, 50000))
        client.__enter__()
        clients.append(client)
        return client

    yield start
    for client in clients:
        client.__exit__(None, None, None)
    for store in stores:
        store.close()


def other(client: TestClient, address: str) -> TestClient:
    """A test client of another address on the same app (its lifespan already running), on
    the app's own event loop, as a server has one: without it, each request of this client ran
    on a loop of its own, which cancelled the tasks of a table made there as it closed, and
    could wait for ever on one waiting for the app's loop (a hang seen once under load)."""
    made = TestClient(client.app, client=(address, 50000))
    made.portal = client.portal
    return made


# ---------------------------------------------------------------- making tables


def test_one_address_makes_at_most_its_burst_of_tables_then_is_told_when_to_try_again(
    serve: Callable[..., TestClient],
) -> None:
    """By default an address makes 12 tables at once (6 a minute after): the 13th is refused
    with 429, Retry-After and a sentence, and nothing is made; another address is not
    touched by it."""
    http = serve()
    for _ in range(12):
        make(http, [PERSON, bot(), bot(), bot()])
    hub = http.app.state.hub  # type: ignore[attr-defined]
    before = len(hub.tables)
    refused = http.post("/api/tables", json={"seats": [PERSON, bot(), bot(), bot()]})
    assert refused.status_code == 429
    assert int(refused.headers["retry-after"]) >= 1
    assert refused.json()["error"].startswith("too many new tables from your address: try again")
    assert len(hub.tables) == before
    assert other(http, "192.0.2.2").post("/api/tables", json={}).status_code == 201


def test_an_ipv6_client_is_counted_by_its_64(serve: Callable[..., TestClient]) -> None:
    """Addresses of one /64 share one allowance: a client cannot take a fresh address for each
    table."""
    http = serve("2001:db8:1:2::1", table_burst=2)
    assert http.post("/api/tables", json={}).status_code == 201
    assert other(http, "2001:db8:1:2::ffff").post("/api/tables", json={}).status_code == 201
    assert other(http, "2001:db8:1:2:aaaa::9").post("/api/tables", json={}).status_code == 429
    assert other(http, "2001:db8:1:3::1").post("/api/tables", json={}).status_code == 201


# ---------------------------------------------------------------- the claim time


def test_a_table_nobody_came_to_is_closed_and_frees_its_place(
    serve: Callable[..., TestClient],
) -> None:
    """A table whose creator never says hello is closed after the claim time: marked closed in
    the store (not resumed, not listed), out of memory, its place freed (one table at most
    here: a new one may be made); a late creator is told why in a sentence, over HTTP and on
    the socket."""
    http = serve(claim_time=0.2, max_tables=1)
    made = make(http, [PERSON, bot(), bot(), bot()], public=True)
    table_id, code = made["table"]["id"], made["code"]
    hub = http.app.state.hub  # type: ignore[attr-defined]
    wait_for(lambda: table_id not in hub.tables, "the unclaimed table was not closed")
    kept = hub.store.get(table_id)
    assert kept is not None and kept.status == "closed"
    assert hub.store.playing() == [] and http.get("/api/tables").json() == []
    for key in (table_id, code.lower()):
        late = http.get(f"/api/tables/{key}")
        assert late.status_code == 410
        assert late.json()["error"] == (
            "this table was closed: nobody took a seat at it within 0.2 s of its making; "
            "make a new one"
        )
    with http.websocket_connect(f"/ws/tables/{table_id}") as socket:
        refused = socket.receive_json()
        assert refused["code"] == "not_found" and "this table was closed" in refused["message"]
    assert http.get(f"/api/games/{table_id}/record").status_code == 410
    assert http.post("/api/tables", json={}).status_code == 201  # (its place is free)


def test_a_table_whose_creator_is_there_waiting_for_friends_stays(
    serve: Callable[..., TestClient],
) -> None:
    """The creator said hello, and waits for a friend's seat to be taken: when its claim time
    runs out the table stays (one made after it, nobody at it, is closed then). The claim
    time's end is called at once here, so that a slow machine cannot make the creator late."""
    http = serve(claim_time=3600)
    waiting = make(http, [PERSON, PERSON, bot(), bot()])
    hub = http.app.state.hub  # type: ignore[attr-defined]
    with http.websocket_connect(f"/ws/tables/{waiting['table']['id']}") as socket:
        hello(socket, waiting["token"])
        empty = make(http, [PERSON, bot(), bot(), bot()])
        for made in (waiting, empty):
            http.portal.call(hub._claim_over, hub.tables[made["table"]["id"]])  # type: ignore[union-attr]
        wait_for(lambda: empty["table"]["id"] not in hub.tables, "the empty table stayed")
        assert waiting["table"]["id"] in hub.tables
        assert http.get(f"/api/tables/{waiting['code']}").status_code == 200
    kept = hub.store.get(waiting["table"]["id"])
    assert kept is not None and kept.status == "playing"


def test_a_watcher_of_a_table_nobody_came_to_is_told_it_was_closed(
    serve: Callable[..., TestClient],
) -> None:
    """Watching does not claim a table: the watcher is told, in a sentence, when it closes."""
    http = serve(claim_time=0.3)
    made = make(http, [PERSON, bot(), bot(), bot()], public=True)
    hub = http.app.state.hub  # type: ignore[attr-defined]
    with http.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
        hello(socket, watch=True)
        wait_for(lambda: made["table"]["id"] not in hub.tables, "the unclaimed table stayed")
        for _ in range(100):
            message = socket.receive_json()
            if message["type"] == "error":
                break
        assert message["code"] == "not_found"
        assert message["message"].startswith("this table was closed: nobody took a seat")


# ---------------------------------------------------------------- guessing codes


def test_look_ups_of_tables_that_are_not_here_are_throttled_on_every_route(
    serve: Callable[..., TestClient],
) -> None:
    """20 misses at once (the default), from any of the routes that take a code: then every
    look-up from that address is refused, a real code's too (so that the refusal tells
    nothing), with 429, Retry-After and a sentence; another address is not touched."""
    http = serve()
    made = make(http, [PERSON, PERSON, bot(), bot()])
    code = made["code"]
    misses = [
        lambda n: http.get(f"/api/tables/ZZZZ{n:02d}"),
        lambda n: http.post(f"/api/tables/ZZZZ{n:02d}/join", json={}),
        lambda n: http.get(f"/api/games/ZZZZ{n:02d}/record"),
        lambda n: http.get(f"/api/games/ZZZZ{n:02d}/replay"),
    ]
    for number in range(20):
        assert misses[number % 4](number).status_code == 404
    for asked in (
        http.get(f"/api/tables/{code}"),
        http.post(f"/api/tables/{code}/join", json={}),
        http.get(f"/api/games/{code}/record"),
        http.get(f"/api/games/{code}/replay"),
        http.get("/api/tables/ZZZZZZ"),
    ):
        assert asked.status_code == 429, asked.text
        assert int(asked.headers["retry-after"]) >= 1
        assert asked.json()["error"].startswith(
            "too many look-ups of tables that are not here from your address: try again in"
        )
    with http.websocket_connect(f"/ws/tables/{code}") as socket:
        refused = socket.receive_json()
        assert refused["code"] == "throttled" and refused["message"].startswith("too many look")
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 1008
    assert other(http, "192.0.2.9").get(f"/api/tables/{code}").status_code == 200


def test_a_socket_to_a_table_that_is_not_here_is_a_miss(
    serve: Callable[..., TestClient],
) -> None:
    """A socket opened to a wrong code costs a miss as a look-up over HTTP does."""
    http = serve(lookup_burst=2)
    for _ in range(2):
        with http.websocket_connect("/ws/tables/ZZZZZZ") as socket:
            assert socket.receive_json()["code"] == "not_found"
    assert http.get("/api/tables/ZZZZZZ").status_code == 429


def test_a_tables_link_to_nothing_is_a_miss(serve: Callable[..., TestClient]) -> None:
    """/t/{id} of no table asks the store whether it is a finished game, and so costs a miss as
    a wrong code does: one client cannot keep the store busy with links to nothing."""
    http = serve(lookup_burst=2)
    for number in range(2):
        assert http.get(f"/t/nothing-{number}", follow_redirects=False).status_code == 200
    assert http.get("/api/tables/ZZZZZZ").status_code == 429


def test_look_ups_that_find_their_table_cost_nothing(serve: Callable[..., TestClient]) -> None:
    """A client that knows its code may look its table up as often as it likes."""
    http = serve(lookup_burst=1)
    made = make(http, [PERSON, bot(), bot(), bot()])
    for _ in range(50):
        assert http.get(f"/api/tables/{made['code']}").status_code == 200
    with http.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
        hello(socket, made["token"])


# ---------------------------------------------------------------- the hello deadline
# (a socket that says no hello in time: test_listen.py, over a real socket)


def test_a_socket_that_said_hello_is_not_held_to_the_deadline(
    serve: Callable[..., TestClient],
) -> None:
    """Once it said hello, a quiet socket stays: a ping long after the deadline is answered."""
    http = serve(hello_time=0.2)
    made = make(http, [PERSON, bot(), bot(), bot()])
    hub = http.app.state.hub  # type: ignore[attr-defined]
    with http.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
        player = hello(socket, made["token"])
        started = time.monotonic()
        wait_for(lambda: time.monotonic() - started > 0.6, "time stood still")
        assert hub.find(made["table"]["id"]).seats[0].clients
        player.send({"type": "ping", "ref": 7})
        assert player.until("pong")["ref"] == 7


# ---------------------------------------------------------------- hosts and origins


def test_a_request_to_a_name_the_server_does_not_answer_to_is_refused(
    serve: Callable[..., TestClient],
) -> None:
    """DNS rebinding: a page of evil.example whose name points here sends Host: evil.example;
    it is refused (400, a sentence), sockets too. IP addresses, names of one label and the
    names the operator gives are answered."""
    http = serve(allowed_hosts=("hearts.example.org", "*.friends.example"))
    refused = http.get("/api/tables", headers={"host": "evil.example"})
    assert refused.status_code == 400
    assert refused.json() == {
        "error": "this server does not answer to the name 'evil.example': its operator may "
        "allow it (hearts serve --allowed-host evil.example)"
    }
    assert "nosniff" in refused.headers["x-content-type-options"]
    with (
        pytest.raises(WebSocketDenialResponse) as denied,
        http.websocket_connect("/ws/tables/x", headers={"host": "evil.example:8000"}),
    ):
        pass
    assert denied.value.status_code == 400
    for host in (
        "localhost:8000",
        "127.0.0.1:8000",
        "[::1]:8000",
        "mybox",
        "hearts.example.org",
        "a.friends.example:443",
    ):
        assert http.get("/api/tables", headers={"host": host}).status_code == 200, host


def test_a_page_of_another_site_cannot_open_a_socket_or_make_a_table(
    serve: Callable[..., TestClient],
) -> None:
    """A socket, or a POST, whose Origin is another site's is refused (403, a sentence); the
    server's own origin, one the operator names, and a client with no Origin (not a browser)
    are served."""
    http = serve(allowed_origins=("https://friends.example",))
    made = make(http, [PERSON, bot(), bot(), bot()])
    path = f"/ws/tables/{made['table']['id']}"
    with (
        pytest.raises(WebSocketDenialResponse) as denied,
        http.websocket_connect(path, headers={"origin": "https://evil.example"}),
    ):
        pass
    assert denied.value.status_code == 403
    assert denied.value.json()["error"].startswith(
        "a page of https://evil.example may not use this server"
    )
    posted = http.post("/api/tables", json={}, headers={"origin": "https://evil.example"})
    assert posted.status_code == 403
    assert http.get("/api/tables", headers={"origin": "https://evil.example"}).status_code == 200
    for origin in ("http://testserver", "https://friends.example", None):
        headers = {} if origin is None else {"origin": origin}
        with http.websocket_connect(path, headers=headers) as socket:
            hello(socket, made["token"])
        assert http.post("/api/tables", json={}, headers=headers).status_code == 201


# ---------------------------------------------------------------- bodies


def test_a_body_over_the_cap_is_refused_by_its_length_before_it_is_read(
    serve: Callable[..., TestClient],
) -> None:
    """Content-Length over max_body: 413 and a sentence at once, the connection closed."""
    http = serve(max_body=1000)
    reply = http.post(
        "/api/tables",
        content=b"{" + b" " * 2000 + b"}",
        headers={"content-type": "application/json"},
    )
    assert reply.status_code == 413
    assert reply.json() == {
        "error": "the request's body is longer than this server takes (1,000 bytes): nothing "
        "was read or changed"
    }
    assert reply.headers["connection"] == "close"
    assert http.app.state.hub.tables == {}  # type: ignore[attr-defined]


def test_a_chunked_body_over_the_cap_is_refused_once_its_chunks_add_up_to_more(
    serve: Callable[..., TestClient],
) -> None:
    """No Content-Length (chunked): the chunks are counted, and the 413 comes once they pass
    the cap, the connection closed (that the rest is never read is test_listen.py's)."""
    http = serve(max_body=1000)

    def chunks() -> Iterator[bytes]:
        yield b'{"name": "'
        for _ in range(100):
            yield b"x" * 300

    reply = http.post("/api/tables", content=chunks(), headers={"content-type": "application/json"})
    assert reply.status_code == 413 and "1,000 bytes" in reply.json()["error"]
    assert reply.headers["connection"] == "close"
    assert http.app.state.hub.tables == {}  # type: ignore[attr-defined]


def test_a_body_within_the_cap_is_read_as_before(serve: Callable[..., TestClient]) -> None:
    http = serve(max_body=1000)
    assert http.post("/api/tables", json={"name": "Ann"}).status_code == 201


# ---------------------------------------------------------------- security headers


def test_every_answer_carries_the_security_headers(serve: Callable[..., TestClient]) -> None:
    """The page, its scripts, the lobby's answers and refusals, an unexpected error's 500:
    each has a Content-Security-Policy with no inline script or style and no framing, no
    referrer, no sniffing."""
    http = serve()
    app = http.app

    @app.get("/boom")  # type: ignore[attr-defined, untyped-decorator]
    async def boom() -> None:
        raise RuntimeError("boom")

    app.middleware_stack = None  # type: ignore[attr-defined]  # (built again, with /boom)
    quiet = TestClient(app, raise_server_exceptions=False, client=("192.0.2.1", 50000))
    for path, status in (
        ("/", 200),
        ("/t/abc", 200),
        ("/static/app.js", 200),
        ("/api/variants", 200),
        ("/api/tables/nothing", 404),
        ("/static/nothing.js", 404),
        ("/boom", 500),
    ):
        reply = quiet.get(path)
        assert reply.status_code == status, path
        policy = reply.headers["content-security-policy"]
        assert "script-src 'self'" in policy and "style-src 'self'" in policy, path
        assert "unsafe-inline" not in policy and "frame-ancestors 'none'" in policy, path
        assert "connect-src 'self' ws://testserver wss://testserver" in policy, path
        assert reply.headers["x-content-type-options"] == "nosniff", path
        assert reply.headers["referrer-policy"] == "no-referrer", path
        assert reply.headers["x-frame-options"] == "DENY", path


def test_the_page_has_no_inline_script_or_style() -> None:
    """What the policy would refuse is not in the page: no <script> with a body, no <style>,
    no style="..." or on...= attribute."""
    from importlib import resources

    page = resources.files("hearts.server").joinpath("static/index.html").read_text("utf-8")
    lowered = page.lower()
    assert "<style" not in lowered and " style=" not in lowered
    assert " onclick=" not in lowered and " onload=" not in lowered
    for start in range(len(lowered)):
        if lowered.startswith("<script", start):
            assert lowered[lowered.index(">", start) + 1 :].startswith("</script>")
