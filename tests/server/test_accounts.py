"""Accounts (hearts.server.accounts, docs/accounts.md) through the server's HTTP API, on SQLite
and PostgreSQL: sign up, in and out, sessions, the cross-site check, throttled sign-ins, the
recovery code, export and delete, seats tied to accounts, guests marked."""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from sqlalchemy import select, update

from hearts.server import ServerConfig, accounts, create_app
from hearts.server.accounts import COOKIE, DELETED_NAME, SignInThrottle
from hearts.server.store import AccountRow, SeatRow, SessionRow, Store, hash_token

from .conftest import UNLIMITED
from .players import PERSON, bot, hello, make, play_until

CHEAP = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
"""Argon2id at its cheapest: the tests hash many passwords (the server's own is 0.2 s each)."""

EVIL = "https://evil.example"


@pytest.fixture
def cheap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(accounts.passwords, "HASHER", CHEAP)


@pytest.fixture
def kept(database_url: str) -> Iterator[Store]:
    store = Store(database_url)
    store.upgrade()
    try:
        yield store
    finally:
        store.close()


@pytest.fixture
def http(kept: Store, cheap: None) -> Iterator[TestClient]:
    """The server on the test's database (SQLite or PostgreSQL), its bots in a thread."""
    app = create_app(ServerConfig(bot_workers=0, **UNLIMITED), store=kept)
    with TestClient(app) as client:
        yield client


def sign_up(
    http: TestClient, name: str = "Ann", password: str = "hearts-4-ever", **more: Any
) -> Any:
    reply = http.post("/api/account/signup", json={"name": name, "password": password, **more})
    assert reply.status_code == 201, reply.text
    return reply.json()


def sign_in(http: TestClient, name: str = "Ann", password: str = "hearts-4-ever") -> Any:
    return http.post("/api/account/signin", json={"name": name, "password": password})


def me(http: TestClient) -> Any:
    return http.get("/api/account").json()["account"]


def held_clock(http: TestClient) -> list[float]:
    """The app's sign-in throttle on a clock the test holds (it moves only when told)."""
    now = [1000.0]
    http.app.state.sign_ins = SignInThrottle(clock=lambda: now[0])  # type: ignore[attr-defined]
    return now


def test_sign_up_in_and_out_with_a_new_session_id_at_each_sign_in(
    http: TestClient, kept: Store
) -> None:
    assert me(http) is None
    made = http.post("/api/account/signup", json={"name": " Ann ", "password": "hearts-4-ever"})
    assert made.status_code == 201 and made.json()["account"]["name"] == "Ann"
    cookie = made.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
    assert "Secure" not in cookie  # (plain HTTP: a Secure cookie would never come back)
    first = http.cookies[COOKIE]
    assert me(http) == made.json()["account"]  # (the account as kept, its time of making too)
    assert http.post("/api/account/signout").status_code == 200
    assert me(http) is None
    with kept._transaction("look", read=True) as session:
        assert session.scalar(select(SessionRow.id_hash)) is None  # (the session ended)
    assert sign_in(http, "ANN").status_code == 200  # (names compared without case)
    second = http.cookies[COOKIE]
    assert second != first and me(http)["name"] == "Ann"
    assert sign_in(http).status_code == 200
    third = http.cookies[COOKIE]
    assert third != second
    with kept._transaction("look", read=True) as session:
        hashes = set(session.scalars(select(SessionRow.id_hash)))
    assert hashes == {hash_token(third)}  # (only its sha256 is kept; the one before ended)


def test_the_cookie_is_secure_over_https(kept: Store, cheap: None) -> None:
    app = create_app(ServerConfig(bot_workers=0, **UNLIMITED), store=kept)
    with TestClient(app, base_url="https://testserver") as client:
        reply = client.post("/api/account/signup", json={"name": "Ann", "password": "12345678"})
        assert "Secure" in reply.headers["set-cookie"]


@pytest.mark.parametrize(
    ("name", "password", "sentence"),
    [
        ("   ", "hearts-4-ever", "a name needs something to show, not only spaces"),
        ("x" * 25, "hearts-4-ever", "a name has at most 24 characters"),
        (
            "Ann\u202e",
            "hearts-4-ever",
            "a name may hold only printable characters: character 4 is not",
        ),
        (
            "deleted PLAYER",
            "hearts-4-ever",
            "the name 'Deleted player' is kept for deleted accounts",
        ),
        ("Ann", "short", "a password needs at least 8 characters"),
        ("Ann", "p" * 129, "a password has at most 128 characters"),
    ],
)
def test_a_bad_name_or_password_is_refused_in_a_sentence_and_nothing_is_kept(
    http: TestClient, kept: Store, name: str, password: str, sentence: str
) -> None:
    reply = http.post("/api/account/signup", json={"name": name, "password": password})
    assert reply.status_code == 400 and reply.json() == {"error": sentence}
    assert COOKIE not in http.cookies
    with kept._transaction("look", read=True) as session:
        assert session.scalar(select(AccountRow.id)) is None


def test_a_taken_name_is_refused_however_it_is_written(http: TestClient) -> None:
    sign_up(http, "Zoë")
    for same in ("zoë", "ZOË", "Zoe\u0308", "Ｚoë"):  # (case, a combining mark, full width)
        reply = http.post("/api/account/signup", json={"name": same, "password": "12345678"})
        assert reply.status_code == 409
        assert reply.json() == {"error": f"the name {same!r} is taken: choose another"}


def test_a_cross_site_request_with_the_cookie_is_refused_and_changes_nothing(
    http: TestClient, kept: Store
) -> None:
    sign_up(http)
    for headers in (
        {"origin": EVIL},
        {"referer": f"{EVIL}/page"},
        {"sec-fetch-site": "cross-site"},
    ):
        for method, path, body in (
            ("POST", "/api/account/signout", None),
            ("POST", "/api/account/password", {"current": "hearts-4-ever", "password": "x" * 9}),
            ("POST", "/api/account/recovery", {"password": "hearts-4-ever"}),
            ("DELETE", "/api/account", {"password": "hearts-4-ever"}),
            ("POST", "/api/tables", {}),
        ):
            reply = http.request(method, path, json=body, headers=headers)
            assert reply.status_code == 403, (headers, path, reply.text)
            sentence = reply.json()["error"]
            assert sentence and "\n" not in sentence
    assert me(http)["name"] == "Ann"  # (still signed in, the account there)
    assert sign_in(http).status_code == 200  # (the password unchanged)
    assert http.get("/api/tables").json() == []
    same = http.post("/api/account/signout", headers={"origin": "http://testserver"})
    assert same.status_code == 200  # (the page's own origin may)


def test_twenty_wrong_passwords_are_throttled_but_the_person_elsewhere_signs_in(
    http: TestClient,
) -> None:
    sign_up(http)
    http.cookies.clear()
    now = held_clock(http)
    answers = [sign_in(http, "Ann", f"wrong-{n:04}") for n in range(20)]
    statuses = [reply.status_code for reply in answers]
    assert statuses[:5] == [401] * 5 and statuses[5:] == [429] * 15
    refusal = answers[-1]
    assert refusal.json() == {
        "error": "too many failed sign-ins of this name from your address: try again in 1 s"
    }
    assert refusal.headers["retry-after"] == "1"
    assert sign_in(http).status_code == 429  # (the right password too, from this address)
    elsewhere = TestClient(http.app, client=("203.0.113.9", 4000))
    elsewhere.portal = http.portal  # (the app's own loop, as a server has one)
    assert sign_in(elsewhere).status_code == 200  # (no lock a stranger could put on Ann)
    waits = []
    for _ in range(4):  # (each failure after the wait doubles it)
        now[0] += 2 ** len(waits)
        assert sign_in(http, "Ann", "wrong-again").status_code == 401
        waits.append(int(sign_in(http, "Ann", "wrong").headers["retry-after"]))
    assert waits == [2, 4, 8, 16]


def test_many_names_from_one_address_are_throttled_too(http: TestClient) -> None:
    held_clock(http)
    statuses = [sign_in(http, f"name{n}", "wrong-password").status_code for n in range(21)]
    assert statuses == [401] * 20 + [429]
    assert sign_in(http, "name-new", "wrong-password").json() == {
        "error": "too many failed sign-ins from your address: try again in 1 s"
    }


def test_the_throttle_holds_a_bounded_number_of_keys() -> None:
    throttle = SignInThrottle(most=10)
    for n in range(100):
        throttle.failed(f"10.0.0.{n}", "ann")
    assert len(throttle._failures) == 10


def test_an_unknown_name_and_a_wrong_password_get_the_same_answer(http: TestClient) -> None:
    sign_up(http)
    http.cookies.clear()
    wrong = sign_in(http, "Ann", "not-her-password")
    unknown = sign_in(http, "Nobody", "not-her-password")
    assert (wrong.status_code, wrong.content) == (unknown.status_code, unknown.content)
    assert wrong.status_code == 401
    assert wrong.json() == {"error": "that name and password do not match an account"}
    assert "set-cookie" not in wrong.headers and "set-cookie" not in unknown.headers


def test_no_password_hash_or_session_id_in_any_log_line_or_answer(
    http: TestClient, kept: Store, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    password, other = "a-secret-password", "another-secret-1"
    bodies = []
    made = http.post("/api/account/signup", json={"name": "Ann", "password": password})
    bodies.append(made.text)
    recovery = made.json()["recovery"]
    sessions = [http.cookies[COOKIE]]
    for reply in (
        http.post("/api/account/signout"),
        http.post("/api/account/signin", json={"name": "Ann", "password": "wrong-password"}),
        http.post("/api/account/signin", json={"name": "Ann", "password": password}),
    ):
        bodies.append(reply.text)
    sessions.append(http.cookies[COOKIE])
    bodies.append(http.get("/api/account").text)
    bodies.append(http.get("/api/account/export").text)
    changed = http.post("/api/account/password", json={"current": password, "password": other})
    bodies.append(changed.text)
    bodies.append(http.post("/api/account/signout").text)
    with kept._transaction("look", read=True) as session:
        row = session.scalars(select(AccountRow)).one()
        hashes = [row.password_hash, row.recovery_hash]
    secrets = [password, other, *sessions, *hashes, *(hash_token(s) for s in sessions)]
    lines = [record.getMessage() for record in caplog.records]
    assert any("account" in line for line in lines)  # (the log says what happened...)
    for secret in secrets:  # (...and none of the secrets)
        assert not any(secret in line for line in lines)
        assert not any(secret in body for body in bodies)
    assert recovery in bodies[0] and not any(recovery in line for line in lines)


def test_the_data_export_is_only_ever_your_own(http: TestClient) -> None:
    sign_up(http, "Ann")
    ann_table = make(http, [PERSON, bot(), bot(), bot()], name="ignored")
    ann_cookie = http.cookies[COOKIE]
    http.cookies.clear()
    assert http.get("/api/account/export").status_code == 401
    sign_up(http, "Bob", "bobs-password")
    reply = http.get("/api/account/export")
    assert reply.status_code == 200
    assert reply.headers["content-disposition"].startswith("attachment")
    data = reply.json()
    assert data["account"]["name"] == "Bob" and data["seats"] == []
    assert ann_table["table"]["id"] not in reply.text and "Ann" not in reply.text
    assert set(data) == {
        "account",
        "sessions",
        "seats",
        "ratings",
        "rating_history",
        "game_stats",
        "event_entries",
        "event_plays",
    }
    http.cookies.clear()
    http.cookies[COOKIE] = ann_cookie
    mine = http.get("/api/account/export").json()
    assert [seat["table"] for seat in mine["seats"]] == [ann_table["table"]["id"]]
    assert mine["seats"][0]["name"] == "Ann"


def test_deleting_takes_your_own_password_and_leaves_the_games_anonymised(
    http: TestClient, kept: Store
) -> None:
    sign_up(http, "Ann")
    table = make(http, [PERSON, bot(), bot(), bot()])
    table_id = table["table"]["id"]
    ann_cookie = http.cookies[COOKIE]
    http.cookies.clear()
    sign_up(http, "Bob", "bobs-password")
    refused = http.request("DELETE", "/api/account", json={"password": "hearts-4-ever"})
    assert refused.status_code == 403  # (Ann's password does not delete Bob's account)
    assert refused.json() == {"error": "that is not your password: nothing was changed"}
    assert me(http)["name"] == "Bob"
    http.cookies.clear()
    assert http.request("DELETE", "/api/account", json={"password": "x" * 8}).status_code == 401
    http.cookies[COOKIE] = ann_cookie
    done = http.request("DELETE", "/api/account", json={"password": "hearts-4-ever"})
    assert done.status_code == 200 and me(http) is None
    assert sign_in(http).status_code == 401
    seats = http.get(f"/api/tables/{table_id}").json()["seats"]
    assert seats[0]["name"] == DELETED_NAME
    with kept._transaction("look", read=True) as session:
        seat = session.get(SeatRow, (table_id, 0))
        assert seat is not None and seat.account_id is None and seat.name == DELETED_NAME
        assert [row.name for row in session.scalars(select(AccountRow))] == ["Bob"]
        assert len(session.scalars(select(SessionRow)).all()) == 1  # (Bob's)


def test_a_recovery_code_resets_a_forgotten_password_once(http: TestClient) -> None:
    code = sign_up(http)["recovery"]
    http.cookies.clear()
    reset = {"name": "ann", "code": code.lower().replace("-", " "), "password": "new-password"}
    done = http.post("/api/account/reset", json=reset)
    assert done.status_code == 200 and me(http)["name"] == "Ann"
    fresh = done.json()["recovery"]
    assert fresh and fresh != code
    assert sign_in(http, "Ann", "hearts-4-ever").status_code == 401
    assert sign_in(http, "Ann", "new-password").status_code == 200
    again = http.post("/api/account/reset", json={**reset, "password": "third-password"})
    assert again.status_code == 401  # (used up)
    assert again.json() == {"error": "that name and recovery code do not match an account"}
    assert sign_in(http, "Ann", "new-password").status_code == 200


def test_a_new_recovery_code_and_a_new_password_when_signed_in(http: TestClient) -> None:
    first = sign_up(http)["recovery"]
    other = TestClient(http.app)
    other.portal = http.portal  # (the app's own loop, as a server has one)
    assert sign_in(other).status_code == 200  # (a second session, elsewhere)
    wrong = http.post("/api/account/recovery", json={"password": "not-it-at-all"})
    assert wrong.status_code == 403
    code = http.post("/api/account/recovery", json={"password": "hearts-4-ever"}).json()["recovery"]
    assert code != first
    reset = {"name": "Ann", "code": first, "password": "new-password"}
    assert http.post("/api/account/reset", json=reset).status_code == 401  # (the old one)
    refused = http.post("/api/account/password", json={"current": "nope-nope", "password": "y" * 9})
    assert refused.status_code == 403 and sign_in(other).status_code == 200
    changed = http.post(
        "/api/account/password", json={"current": "hearts-4-ever", "password": "y" * 9}
    )
    assert changed.status_code == 200 and me(http)["name"] == "Ann"
    assert me(other) is None  # (the other session ended)
    assert sign_in(other, "Ann", "y" * 9).status_code == 200


def test_a_guests_game_is_kept_on_sign_up(http: TestClient, kept: Store) -> None:
    played = make(http, [PERSON, PERSON, bot(), bot()], name="Annie")
    table_id = played["table"]["id"]
    other = http.post(f"/api/tables/{table_id}/join", json={"name": "Carl"}).json()
    seats = http.get(f"/api/tables/{table_id}").json()["seats"]
    assert [s["guest"] for s in seats] == [True, True, False, False]
    held = [
        {"table": table_id, "token": played["token"]},
        {"table": table_id, "token": "not-a-token"},
        {"table": "nosuchtable", "token": other["token"]},
    ]
    made = sign_up(http, "Ann", seats=held)
    assert made["tied"] == 1
    seats = http.get(f"/api/tables/{table_id}").json()["seats"]
    assert (seats[0]["name"], seats[0]["guest"]) == ("Ann", False)
    assert (seats[1]["name"], seats[1]["guest"]) == ("Carl", True)
    data = http.get("/api/account/export").json()
    assert [(s["table"], s["seat"]) for s in data["seats"]] == [(table_id, 0)]
    with http.websocket_connect(f"/ws/tables/{table_id}") as socket:
        ann = hello(socket, played["token"])  # (the seat's token still holds it)
        assert ann.state is not None
        mine = next(m for m in ann.seen if m["type"] == "welcome")["seats"][:2]
        assert [(s["name"], s["guest"]) for s in mine] == [("Ann", False), ("Carl", True)]
    http.cookies.clear()
    sign_up(http, "Eve", "eves-password", seats=[{"table": table_id, "token": played["token"]}])
    with kept._transaction("look", read=True) as session:
        owner = session.scalar(
            select(AccountRow.name).join(SeatRow, SeatRow.account_id == AccountRow.id)
        )
    assert owner == "Ann"  # (a seat tied to an account is never taken by another)


def test_signed_in_a_seat_is_the_accounts_and_is_rejoined_from_another_device(
    http: TestClient, kept: Store
) -> None:
    sign_up(http, "Ann")
    made = make(http, [PERSON, PERSON, bot(), bot()], name="Typed")
    table_id = made["table"]["id"]
    assert made["table"]["seats"][0]["name"] == "Ann"  # (the account's name, not the typed)
    http.cookies.clear()
    sign_up(http, "Bob", "bobs-password")
    joined = http.post(f"/api/tables/{table_id}/join", json={"name": "typed"}).json()
    assert joined["table"]["seats"][1]["name"] == "Bob"
    assert http.post(f"/api/tables/{table_id}/rejoin").json()["seat"] == 1
    http.cookies.clear()
    assert http.post(f"/api/tables/{table_id}/rejoin").status_code == 401
    sign_up(http, "Cy", "cys-password")
    refused = http.post(f"/api/tables/{table_id}/rejoin")
    assert refused.status_code == 403
    assert refused.json() == {
        "error": "your account holds no seat at this table: join it or watch it"
    }
    http.cookies.clear()
    assert sign_in(http, "Ann").status_code == 200  # (the second device)
    again = http.post(f"/api/tables/{table_id}/rejoin")
    assert again.status_code == 200 and again.json()["seat"] == 0
    fresh = again.json()["token"]
    assert fresh != made["token"]
    with http.websocket_connect(f"/ws/tables/{table_id}") as socket:
        ann = hello(socket, fresh)
        assert next(m for m in ann.seen if m["type"] == "welcome")["seat"] == 0
    with http.websocket_connect(f"/ws/tables/{table_id}") as socket:
        socket.send_text(json.dumps({"type": "hello", "version": 1, "token": made["token"]}))
        assert json.loads(socket.receive_text())["code"] == "unauthorized"  # (the old token)
    with kept._transaction("look", read=True) as session:
        tied = session.execute(
            select(SeatRow.seat, AccountRow.name).join(
                AccountRow, AccountRow.id == SeatRow.account_id
            )
        ).all()
    assert sorted(tied) == [(0, "Ann"), (1, "Bob")]


def test_the_seats_accounts_are_resumed_with_their_tables(kept: Store, cheap: None) -> None:
    config = ServerConfig(bot_workers=0, **UNLIMITED)
    with TestClient(create_app(config, store=kept)) as first:
        sign_up(first)
        table_id = make(first, [PERSON, bot(), bot(), bot()])["table"]["id"]
        session = first.cookies[COOKIE]
    with TestClient(create_app(config, store=kept)) as second:
        second.cookies[COOKIE] = session
        seats = second.get(f"/api/tables/{table_id}").json()["seats"]
        assert (seats[0]["name"], seats[0]["guest"]) == ("Ann", False)
        assert second.post(f"/api/tables/{table_id}/rejoin").status_code == 200


def test_an_expired_session_signs_nobody_in_and_is_purged(http: TestClient, kept: Store) -> None:
    sign_up(http)
    with kept._transaction("age it") as session:
        session.execute(update(SessionRow).values(expires=datetime.now(UTC) - timedelta(seconds=1)))
    assert me(http) is None
    assert http.post("/api/tables/nothing/rejoin").status_code == 401
    other = TestClient(http.app)
    other.portal = http.portal  # (the app's own loop, as a server has one)
    assert sign_in(other).status_code == 200
    with kept._transaction("look", read=True) as session:
        assert session.scalars(select(SessionRow.id_hash)).all() == [
            hash_token(other.cookies[COOKIE])
        ]


def test_a_hash_of_older_parameters_is_made_again_at_sign_in(
    http: TestClient, kept: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    sign_up(http)
    stronger = PasswordHasher(time_cost=2, memory_cost=16, parallelism=1)
    monkeypatch.setattr(accounts.passwords, "HASHER", stronger)
    assert sign_in(http).status_code == 200
    with kept._transaction("look", read=True) as session:
        hashed = session.scalars(select(AccountRow.password_hash)).one()
    assert "t=2" in hashed and not stronger.check_needs_rehash(hashed)
    assert sign_in(http).status_code == 200


def test_every_account_route_is_in_the_openapi_document(http: TestClient) -> None:
    paths = http.get("/openapi.json").json()["paths"]
    for path in (
        "/api/account",
        "/api/account/signup",
        "/api/account/signin",
        "/api/account/signout",
        "/api/account/password",
        "/api/account/recovery",
        "/api/account/reset",
        "/api/account/export",
        "/api/tables/{key}/rejoin",
    ):
        assert path in paths
        for operation in paths[path].values():
            assert "200" in operation["responses"] or "201" in operation["responses"]
    assert "delete" in paths["/api/account"]


class _HeldHasher(PasswordHasher):
    """The cheap hasher, whose checks wait until the test lets them go."""

    def __init__(self) -> None:
        super().__init__(time_cost=1, memory_cost=8, parallelism=1)
        self.go = threading.Event()

    def verify(self, hash: str | bytes, password: str | bytes) -> Literal[True]:
        assert self.go.wait(60), "the test never let the check go"
        return super().verify(hash, password)


def test_passwords_checked_at_once_from_one_address_are_bounded(
    http: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    sign_up(http)
    held = _HeldHasher()
    monkeypatch.setattr(accounts.passwords, "HASHER", held)
    answers: list[int] = []
    tries = [
        threading.Thread(
            target=lambda: answers.append(sign_in(http, "Ann", "wrong-one").status_code)
        )
        for _ in range(accounts.HASHING_PER_ADDRESS)
    ]
    for one in tries:
        one.start()
    deadline = time.monotonic() + 60  # (a failsafe: the two are checked within moments)
    while accounts._hashing_now.get("testclient", 0) < accounts.HASHING_PER_ADDRESS:
        assert time.monotonic() < deadline, "the tries never reached the hashing threads"
        time.sleep(0.01)
    refused = sign_in(http, "Ann", "wrong-two")
    assert refused.status_code == 429
    assert refused.json() == {
        "error": "too many passwords checked at once from your address: wait for the last answer"
    }
    elsewhere = TestClient(http.app, client=("203.0.113.9", 4000))
    elsewhere.portal = http.portal  # (the app's own loop, as a server has one)
    assert elsewhere.get("/api/account").status_code == 200  # (others are not held up)
    held.go.set()
    for one in tries:
        one.join(60)
    assert answers == [401, 401] and accounts._hashing_now == {}
    assert sign_in(http).status_code == 200


def test_play_again_keeps_the_seats_tied_to_their_accounts_and_finished_games_show_them(
    http: TestClient,
) -> None:
    sign_up(http, "Ann")
    made = make(
        http, [PERSON, bot(), bot(), bot()], options={"end": "deals", "deals": 1}, public=True
    )
    key = made["table"]["id"]
    hub = http.app.state.hub  # type: ignore[attr-defined]
    with http.websocket_connect(f"/ws/tables/{key}") as socket:
        ann = hello(socket, made["token"])
        play_until([ann], lambda: hub.tables[key].game.is_over)
        again = http.post(f"/api/tables/{key}/again", json={"token": made["token"]})
    assert again.status_code == 200, again.text
    new = again.json()["table"]
    assert (new["seats"][0]["name"], new["seats"][0]["guest"]) == ("Ann", False)
    assert http.get(f"/api/tables/{new['id']}").json()["seats"][0]["guest"] is False
    assert http.post(f"/api/tables/{new['id']}/rejoin").status_code == 200
    data = http.get("/api/account/export").json()
    assert {seat["table"] for seat in data["seats"]} == {key, new["id"]}
    listed = http.get("/api/games").json()  # (the finished game: Ann's seat no guest's)
    assert [(s["name"], s["guest"]) for s in listed[0]["seats"]][:2] == [
        ("Ann", False),
        ("basic", False),
    ]
