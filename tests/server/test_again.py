"""Play again (``POST /api/tables/{id}/again``, hearts.server.again, docs/protocol.md "Play
again"): the same seats and people at a new table, asked by a seated person once the game is
over, made once, each person's seat kept for them by the same token, the bots the same; the
refusals; the making charged as a new table's; and a finished table's link leading to its
replay."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hearts.server import ServerConfig, create_app
from hearts.server.again import NOT_OVER
from hearts.server.store import Store

from .conftest import UNLIMITED
from .players import PERSON, Player, bot, hello, make, play_until

ONE_HAND = {"end": "deals", "deals": 1}
"""A game of one hand: over in thirteen tricks."""


def hub_of(http: TestClient) -> Any:
    return http.app.state.hub  # type: ignore[attr-defined]


def again(http: TestClient, key: str, token: str | None) -> Any:
    return http.post(f"/api/tables/{key}/again", json={} if token is None else {"token": token})


@contextlib.contextmanager
def finished(http: TestClient, **fields: Any) -> Iterator[tuple[dict[str, Any], str, list[Player]]]:
    """A table of Ann (seat 0), a basic bot, Bob (seat 2) and a random bot, its one hand played
    to its end by their sockets (still open): the table made, Bob's token, the players."""
    made = make(http, [PERSON, bot("basic"), PERSON, bot("random")], options=ONE_HAND, **fields)
    key = made["table"]["id"]
    joined = http.post(f"/api/tables/{key}/join", json={"name": "Bob", "seat": 2})
    assert joined.status_code == 200, joined.text
    with (
        http.websocket_connect(f"/ws/tables/{key}") as ann_socket,
        http.websocket_connect(f"/ws/tables/{key}") as bob_socket,
    ):
        ann = hello(ann_socket, made["token"])
        bob = hello(bob_socket, joined.json()["token"])
        assert again(http, key, made["token"]).json() == {"error": NOT_OVER}
        play_until([ann, bob], lambda: hub_of(http).tables[key].game.is_over)
        yield made, joined.json()["token"], [ann, bob]


def test_play_again_seats_the_same_people_and_bots_at_a_new_table_made_once(
    http: TestClient,
) -> None:
    """The first call makes a table of the same preset, rules and options, each bot in its seat
    at its level, the caller in their own seat; every socket at the old table is told; a second
    call (by the other person) answers the same table and their own seat; both tokens take
    their seats there."""
    with finished(http, name="Ann", grace=30, timer=60) as (made, bob_token, (ann, bob)):
        old = hub_of(http).tables[made["table"]["id"]]
        first = again(http, made["table"]["id"], bob_token)
        assert first.status_code == 200, first.text
        answer = first.json()
        new_id = answer["table"]["id"]
        assert new_id != old.id and answer["seat"] == 2 and answer["link"] == f"/t/{new_id}"
        told = bob.until("again")
        assert told == {"type": "again", "table": new_id, "link": f"/t/{new_id}", "by": 2}
        assert ann.until("again") == told
        second = again(http, made["code"], made["token"])  # (by its code too)
        assert second.status_code == 200, second.text
        assert second.json()["table"]["id"] == new_id and second.json()["seat"] == 0
        new = hub_of(http).tables[new_id]
        assert new.variant == old.variant and new.game.rules == old.game.rules
        assert new.options == old.options and not new.game.is_over
        assert [(s["name"], s["bot"]) for s in answer["table"]["seats"]] == [
            ("Ann", None),
            ("basic", "basic"),
            ("Bob", None),
            ("random", "random"),
        ]
        assert [s["status"] for s in answer["table"]["seats"]] == ["away", "bot", "away", "bot"]
        assert len([t for t in hub_of(http).tables.values() if not t.game.is_over]) == 1
        for token, seat in ((made["token"], 0), (bob_token, 2)):
            with http.websocket_connect(f"/ws/tables/{new_id}") as socket:
                player = Player(socket)
                player.send({"type": "hello", "version": 1, "token": token, "watch": False})
                assert player.next()["seat"] == seat


def test_a_stranger_cannot_take_a_seat_kept_for_its_person(http: TestClient) -> None:
    """The new table's people's seats are held by their tokens: a join by its code finds no
    free seat, a join of the seat by number is refused, and a token of no seat there is
    refused at hello."""
    with finished(http) as (made, _, _):
        new_id = again(http, made["table"]["id"], made["token"]).json()["table"]["id"]
        code = hub_of(http).tables[new_id].code
        refused = http.post(f"/api/tables/{code}/join", json={"name": "Eve"})
        assert refused.status_code == 409
        assert refused.json()["error"] == (
            "every seat for a person at this table is taken: watch it instead"
        )
        by_number = http.post(f"/api/tables/{new_id}/join", json={"name": "Eve", "seat": 2})
        assert by_number.status_code == 409
        assert by_number.json()["error"] == "seat 2 is not free at this table"
        with http.websocket_connect(f"/ws/tables/{new_id}") as socket:
            eve = Player(socket)
            eve.send({"type": "hello", "version": 1, "token": "x" * 32, "watch": False})
            assert eve.next()["code"] == "unauthorized"


def test_a_seat_whose_person_left_is_open_at_the_new_table(http: TestClient) -> None:
    """A person who left for good is not kept a seat: theirs is open for anyone to join."""
    with finished(http) as (made, bob_token, _):
        old = hub_of(http).tables[made["table"]["id"]]
        old.seats[2].left = True
        answer = again(http, made["table"]["id"], made["token"]).json()
        assert [s["status"] for s in answer["table"]["seats"]] == ["away", "bot", "open", "bot"]
        assert again(http, made["table"]["id"], bob_token).json() == {
            "error": "you left this table for good: a bot plays your seat now"
        }
        joined = http.post(f"/api/tables/{answer['code']}/join", json={"name": "Cy"})
        assert joined.status_code == 200 and joined.json()["seat"] == 2


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        ({}, 422, "the field 'token' is wrong: field required"),
        ({"token": ""}, 422, "the field 'token' is wrong: string should have at least 1 character"),
        ({"token": "not-a-seat"}, 403, "that token is no seat at this table"),
    ],
)
def test_only_a_seated_person_may_ask_to_play_again(
    http: TestClient, body: dict[str, Any], status: int, error: str
) -> None:
    """No token, an empty one or a token of no seat here (a watcher, a stranger) is refused
    with a sentence, and no table is made."""
    with finished(http) as (made, _, _):
        before = len(hub_of(http).tables)
        reply = http.post(f"/api/tables/{made['table']['id']}/again", json=body)
        assert (reply.status_code, reply.json()) == (status, {"error": error})
        assert len(hub_of(http).tables) == before
        assert hub_of(http).tables[made["table"]["id"]].again is None


def test_play_again_of_no_table_is_a_miss(http: TestClient) -> None:
    reply = again(http, "nosuchtable", "x")
    assert reply.status_code == 404
    assert reply.json() == {
        "error": "there is no table 'nosuchtable' here: check the link or the code"
    }


def test_the_new_table_is_charged_to_the_callers_allowance_of_tables_once(tmp_path: Path) -> None:
    """Making the new table costs one of the caller's new tables (refused 429 once they are
    spent, and nothing made); a call that only points to the table made already costs nothing."""
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    limits = {**UNLIMITED, "table_rate": 0.01, "table_burst": 1}
    app = create_app(ServerConfig(bot_workers=0, **limits), store=store)
    with TestClient(app) as http, finished(http) as (made, _, _):  # (it spent the one table)
        refused = again(http, made["table"]["id"], made["token"])
        assert refused.status_code == 429 and "too many new tables" in refused.json()["error"]
        assert hub_of(http).tables[made["table"]["id"]].again is None
        assert len(hub_of(http).tables) == 1  # (nothing made)
    store.close()
    store = Store(f"sqlite:///{tmp_path / 'tables2.db'}")
    limits = {**UNLIMITED, "table_rate": 0.01, "table_burst": 2}
    app = create_app(ServerConfig(bot_workers=0, **limits), store=store)
    with TestClient(app) as http, finished(http) as (made, bob_token, _):
        assert again(http, made["table"]["id"], made["token"]).status_code == 200
        assert http.post("/api/tables", json={}).status_code == 429  # (both spent)
        assert again(http, made["table"]["id"], bob_token).status_code == 200
    store.close()


def test_a_socket_coming_to_a_finished_table_is_told_its_end_and_its_next_table(
    http: TestClient,
) -> None:
    """A page that comes after the end (a reload) is sent the state, then ``over``, then
    ``again`` once the game is played again."""
    with finished(http) as (made, bob_token, _):
        key = made["table"]["id"]
        with http.websocket_connect(f"/ws/tables/{key}") as socket:
            late = hello(socket, bob_token)
            over = late.next()
            assert over["type"] == "over" and over["record"] == f"/api/games/{key}/record"
        new_id = again(http, key, made["token"]).json()["table"]["id"]
        with http.websocket_connect(f"/ws/tables/{key}") as socket:
            watcher = hello(socket, watch=True)
            assert watcher.next()["type"] == "over"
            assert watcher.next() == {
                "type": "again",
                "table": new_id,
                "link": f"/t/{new_id}",
                "by": None,
            }


def test_a_finished_tables_link_leads_to_its_replay(http: TestClient) -> None:
    """/t/{id} of a game over and no longer at a table here answers 303 to /r/{id}; a table in
    play, or an id of nothing, is the page."""
    with finished(http) as (made, _, _):
        key = made["table"]["id"]
    assert key not in hub_of(http).tables  # (nobody there any more: it left memory)
    reply = http.get(f"/t/{key}", follow_redirects=False)
    assert reply.status_code == 303 and reply.headers["location"] == f"/r/{key}"
    playing = make(http, [PERSON, bot(), bot(), bot()])
    assert http.get(f"/t/{playing['table']['id']}", follow_redirects=False).status_code == 200
    assert http.get("/t/nothing-here", follow_redirects=False).status_code == 200
