"""Playing with people you do not know (hearts.server.match): "Play with people" seats people
asking for one form at one waiting table, rated and unrated apart; the table is made when full
or when the wait chosen is up (bots then fill it); bounded per browser and per address."""

from __future__ import annotations

import concurrent.futures
import contextlib
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from hearts.server import ServerConfig, accounts, create_app, match
from hearts.server.store import AccountRow, SeatRow, Store

from .conftest import UNLIMITED
from .players import hello
from .test_accounts import CHEAP


def _client(url: str, **matcher: Any) -> Iterator[TestClient]:
    store = Store(url)
    app = create_app(ServerConfig(bot_workers=0, **UNLIMITED), store=store)
    app.state.match = match.Matcher(**matcher)
    with TestClient(app) as client:
        yield client
    store.close()


@pytest.fixture
def lobby(tmp_path: Path) -> Iterator[TestClient]:
    """A server whose waits for people are a hundredth of those chosen (30 s: 0.3 s)."""
    yield from _client(f"sqlite:///{tmp_path / 'match.db'}", fill_scale=0.01)


def browsers(http: TestClient, count: int) -> list[TestClient]:
    """Clients of their own (each its own cookies) on ``http``'s app and event loop (its
    lifespan already running: entering another client's would start the app again)."""
    made = [TestClient(http.app) for _ in range(count)]
    for client in made:
        client.portal = http.portal
    return made


def _ask(http: TestClient, browser: str, status: int = 201, **fields: Any) -> dict[str, Any]:
    reply = http.post("/api/match", json={"browser": browser, "name": browser, **fields})
    assert reply.status_code == status, reply.text
    answer: dict[str, Any] = reply.json()
    return answer


def _status(http: TestClient, token: str) -> dict[str, Any]:
    reply = http.post("/api/match/status", json={"token": token})
    assert reply.status_code == 200, reply.text
    answer: dict[str, Any] = reply.json()
    return answer


def _until(check: Callable[[], Any], what: str, bound: float = 20.0) -> Any:
    """Poll a state until it holds (a failsafe bound, never a sleep as the mechanism)."""
    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.02)
    raise AssertionError(f"not within {bound} s: {what}")


def test_two_people_asking_for_one_form_meet_at_one_table(database_url: str) -> None:
    """Two people pressing Play with people for modern/4 wait in one room, who waits shown by
    name; filled now, both are seated at the same public table, bots in the other seats, the
    table marked as a match (kept on SQLite and PostgreSQL)."""
    for http in _client(database_url):
        ann = _ask(http, "ann-browser", fill_after=None)
        bob = _ask(http, "bob-browser", fill_after=None)
        assert ann["status"] == bob["status"] == "waiting"
        assert ann["room"]["room"] == bob["room"]["room"]
        assert [w["name"] for w in bob["room"]["waiting"]] == ["ann-browser", "bob-browser"]
        assert bob["room"]["form"] == "modern/4" and bob["room"]["fill_at"] is None
        rooms = http.get("/api/match").json()
        assert len(rooms) == 1 and len(rooms[0]["waiting"]) == 2
        assert "token" not in str(rooms)
        filled = http.post("/api/match/fill", json={"token": bob["token"]}).json()
        first = _status(http, ann["token"])
        assert filled["status"] == first["status"] == "playing"
        assert filled["table"] == first["table"] and (first["seat"], filled["seat"]) == (0, 1)
        info = http.get(f"/api/tables/{first['table']}").json()
        assert info["public"] and [s["name"] for s in info["seats"]] == [
            "ann-browser", "bob-browser", "hard", "hard"
        ]  # fmt: skip
        table = http.app.state.hub.tables[first["table"]]  # type: ignore[attr-defined]
        assert table.options.match == {"form": "modern/4", "people": 2, "bots": 2}
        assert table.options.rated is False and table.options.timer == match.TIMER
        assert http.get("/api/match").json() == []
        with http.websocket_connect(f"/ws/tables/{first['table']}") as socket:
            assert hello(socket, ann["token"]).seen[0]["seat"] == 0


def test_two_requests_at_once_meet_and_a_full_room_is_made_at_once(lobby: TestClient) -> None:
    """Two requests at the same moment land in one room; the fourth person fills it: the
    table is made at that request, every person seated there in the order they came."""
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        both = list(pool.map(lambda b: _ask(lobby, b, fill_after=None), ["one-xxxx", "two-xxxx"]))
    assert both[0]["room"]["room"] == both[1]["room"]["room"]
    third = _ask(lobby, "three-xx", fill_after=None)
    fourth = _ask(lobby, "four-xxx", fill_after=None)
    assert third["status"] == "waiting" and fourth["status"] == "playing"
    seats = [_status(lobby, seated["token"]) for seated in [*both, third]]
    assert {s["table"] for s in seats} == {fourth["table"]}
    assert sorted(s["seat"] for s in [*seats, fourth]) == [0, 1, 2, 3]
    info = lobby.get(f"/api/tables/{fourth['table']}").json()
    assert all(s["bot"] is None for s in info["seats"])


def test_rated_and_unrated_people_wait_apart_and_a_guest_cannot_ask_rated(
    lobby: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A guest asking for a rated game is refused with a sentence; signed in, a rated request
    and an unrated one of the same form wait in two rooms; the rated table carries rated."""
    refused = _ask(lobby, "guest-xx", status=403, rated=True)
    assert "sign in" in refused["error"]
    monkeypatch.setattr(accounts.passwords, "HASHER", CHEAP)
    app = lobby.app
    with contextlib.nullcontext(browsers(lobby, 3)) as (ann, bob, cy):
        for client, name in ((ann, "Ann"), (bob, "Bob"), (cy, "Cy")):
            reply = client.post("/api/account/signup", json={"name": name, "password": "pw-" * 4})
            assert reply.status_code == 201, reply.text
        rated = _ask(ann, "ann-xxxx", rated=True, fill_after=None)
        unrated = _ask(bob, "bob-xxxx", rated=False, fill_after=None)
        assert rated["room"]["room"] != unrated["room"]["room"]
        assert rated["room"]["waiting"][0]["name"] == "Ann"  # (the account's name)
        rooms = lobby.get("/api/match").json()
        assert [(r["form"], r["rated"]) for r in rooms] == [("modern/4", False), ("modern/4", True)]
        made = lobby.post("/api/match/fill", json={"token": rated["token"]}).json()
        table = lobby.app.state.hub.tables[made["table"]]  # type: ignore[attr-defined]
        assert table.options.rated is True and table.options.to_dict()["rated"] is True
        # (signed in, the seat is the account's: in play and in the store)
        with app.state.hub.store._transaction("read", read=True) as session:  # type: ignore[attr-defined]
            ann_id = session.scalars(select(AccountRow.id).where(AccountRow.name == "Ann")).one()
            tied = session.scalars(
                select(SeatRow.account_id)
                .where(SeatRow.table_id == made["table"])
                .order_by(SeatRow.seat)
            ).all()
        assert tied[made["seat"]] == ann_id == table.seats[made["seat"]].account_id
        third = _ask(cy, "cy-xxxxx", rated=True, fill_after=None)
        assert third["room"]["room"] not in (rated["room"]["room"], unrated["room"]["room"])


def test_bots_fill_the_empty_seats_once_the_chosen_wait_is_up(lobby: TestClient) -> None:
    """A person who chose to wait 30 s (0.3 s on this server) is seated at a table whose other
    seats are bots of the lobby's default level, once that time is up; one who chose never
    keeps waiting (no fill time)."""
    never = _ask(lobby, "never-xx", variant="modern", players=3, fill_after=None)
    assert never["room"]["fill_at"] is None
    waiting = _ask(lobby, "soon-xxx", fill_after=30)
    assert waiting["room"]["fill_at"] is not None
    made = _until(
        lambda: (s := _status(lobby, waiting["token"]))["status"] == "playing" and s,
        "the room filled by bots",
    )
    info = lobby.get(f"/api/tables/{made['table']}").json()
    assert [s["bot"] for s in info["seats"]] == [None, match.BOT, match.BOT, match.BOT]
    assert _status(lobby, never["token"])["status"] == "waiting"


def test_a_waiting_person_leaves_and_a_closed_page_is_given_up(lobby: TestClient) -> None:
    """Leaving empties the room; a page unheard for the lapse is taken out of its room (its
    token then waits for nothing, said in a sentence)."""
    one = _ask(lobby, "leaver-x", fill_after=None)
    assert lobby.post("/api/match/leave", json={"token": one["token"]}).status_code == 204
    assert lobby.get("/api/match").json() == []
    two = _ask(lobby, "closer-x", fill_after=None)
    lobby.app.state.match.lapse = 0.0  # type: ignore[attr-defined]
    assert lobby.get("/api/match").json() == []
    gone = lobby.post("/api/match/status", json={"token": two["token"]})
    assert gone.status_code == 404 and "press Play with people again" in gone.json()["error"]


def test_many_requests_from_one_client_are_bounded(lobby: TestClient) -> None:
    """One browser holds one waiting seat (a new request moves it); one address holds at most
    WAITING_MOST, the next refused (429) with nothing changed; and beyond the burst of
    requests, each is refused (429, Retry-After)."""
    first = _ask(lobby, "same-browser", fill_after=None)
    again = _ask(lobby, "same-browser", fill_after=None)
    assert len(again["room"]["waiting"]) == 1
    assert lobby.post("/api/match/status", json={"token": first["token"]}).status_code == 404
    for number in range(match.WAITING_MOST - 1):
        _ask(lobby, f"browser-{number}", variant="modern", players=6, fill_after=None)
    refused = _ask(lobby, "one-more-browser", status=429)
    assert "waiting seats" in refused["error"]
    assert sum(len(r["waiting"]) for r in lobby.get("/api/match").json()) == match.WAITING_MOST
    answers = [
        lobby.post("/api/match", json={"browser": "same-browser"}).status_code
        for _ in range(match.REQUESTS_BURST)
    ]
    assert answers[-1] == 429 and 429 in answers
    too_many = lobby.post("/api/match", json={"browser": "same-browser"})
    assert too_many.status_code == 429 and too_many.headers["retry-after"]


def test_bad_match_requests_get_a_sentence_and_change_nothing(lobby: TestClient) -> None:
    """An unknown preset, a wait not offered, a missing browser id: one sentence each."""
    assert "no-such" in _ask(lobby, "bad-xxxx", status=400, variant="no-such")["error"]
    assert "fill_after" in _ask(lobby, "bad-xxxx", status=422, fill_after=7)["error"]
    missing = lobby.post("/api/match", json={})
    assert missing.status_code == 422 and "browser" in missing.json()["error"]
    assert lobby.get("/api/match").json() == []
    assert "/api/match" in lobby.get("/openapi.json").json()["paths"]
