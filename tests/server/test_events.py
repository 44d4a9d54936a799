"""Duplicate events through the real server (hearts.server.events, docs/events.md), on SQLite
and PostgreSQL: two signed-in people play an event's deals at their own tables against bots,
by sending moves as a page does; the matchpoints, diffs and standings computed here by hand are
the server's; nobody sees another's play of a deal before finishing it; the seeds revealed at
the close match the digests published at the start and the export passes `hearts verify`;
hostile requests get a sentence and change nothing; the daily event is made once a day."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from typer.testing import CliRunner

from hearts import duplicate
from hearts.cli import app as cli
from hearts.server import ServerConfig, accounts, create_app
from hearts.server.store import (
    DuplicateEntryRow,
    DuplicateEventRow,
    DuplicatePlayRow,
    Store,
    TableRow,
)

from .conftest import UNLIMITED
from .players import hello, play_until
from .test_accounts import CHEAP

Pick = Callable[[dict[str, Any]], str]


def first(view: dict[str, Any]) -> str:
    """The first move the view offers (the first cards of a pass)."""
    choose = view["choose"]
    if choose:
        return f"{choose['move']} {' '.join(choose['cards'][: choose['count']])}"
    return str(view["legal_moves"][0])


def last(view: dict[str, Any]) -> str:
    """The last move the view offers (the last cards of a pass)."""
    choose = view["choose"]
    if choose:
        return f"{choose['move']} {' '.join(choose['cards'][-choose['count'] :])}"
    return str(view["legal_moves"][-1])


@pytest.fixture
def kept(database_url: str) -> Iterator[Store]:
    store = Store(database_url)
    store.upgrade()
    try:
        yield store
    finally:
        store.close()


class Server:
    """The app on the test's database, its events on a clock the test holds."""

    def __init__(self, client: TestClient, now: list[datetime]) -> None:
        self.http = client
        self.now = now

    def person(self, name: str) -> TestClient:
        """A browser of its own (its own cookie) on the app's loop, signed up as ``name``."""
        browser = TestClient(self.http.app)
        browser.portal = self.http.portal
        reply = browser.post(
            "/api/account/signup", json={"name": name, "password": "hearts-4-ever"}
        )
        assert reply.status_code == 201, reply.text
        return browser


def _server(kept: Store, monkeypatch: pytest.MonkeyPatch, **config: Any) -> Iterator[Server]:
    monkeypatch.setattr(accounts.passwords, "HASHER", CHEAP)
    settings: dict[str, Any] = {"bot_workers": 0, "daily_event": False, "event_samples": 8}
    app = create_app(ServerConfig(**UNLIMITED, **(settings | config)), store=kept)
    now = [datetime.now(UTC)]
    app.state.event_clock = lambda: now[0]
    with TestClient(app) as client:
        yield Server(client, now)


@pytest.fixture
def server(kept: Store, monkeypatch: pytest.MonkeyPatch) -> Iterator[Server]:
    yield from _server(kept, monkeypatch)


def play_out(browser: TestClient, seat: dict[str, Any], pick: Pick) -> dict[str, Any]:
    """Play a deal's table to its end from the person's seat, each move the one ``pick``
    chooses (the bots play the others): the ``over`` message."""
    with browser.websocket_connect(f"/ws/tables/{seat['table']}") as socket:
        player = hello(socket, seat["token"])
        for _ in range(5000):
            state = player.current()
            if state["view"]["legal_moves"] or state["view"]["choose"]:
                player.send({"type": "move", "move": pick(state["view"])})
            for message in player.seen:
                if message["type"] == "over":
                    return message
            if not (state["view"]["legal_moves"] or state["view"]["choose"]):
                message = player.next()
                if message["type"] == "over":
                    return message
        raise AssertionError("the deal did not end")


def make_event(browser: TestClient, **fields: Any) -> dict[str, Any]:
    body = {"name": "Friday", "variant": "modern", "players": 4, "level": "medium"}
    reply = browser.post("/api/events", json=body | {"deals": 2, "hours": 2} | fields)
    assert reply.status_code == 201, reply.text
    made: dict[str, Any] = reply.json()
    return made


def play(browser: TestClient, key: str, number: int) -> dict[str, Any]:
    reply = browser.post(f"/api/events/{key}/deals/{number}/play")
    assert reply.status_code == 200, reply.text
    seat: dict[str, Any] = reply.json()
    return seat


def by_seat(events: list[dict[str, Any]]) -> dict[int, list[dict[str, Any]]]:
    """Each seat's events (its pass, its cards...) in order: what it did, whatever the order
    in which seats passing at once were heard."""
    seats: dict[int, list[dict[str, Any]]] = {}
    for event in events:
        if isinstance(event.get("seat"), int):
            seats.setdefault(event["seat"], []).append(event)
    return seats


def by_hand(points: dict[str, int]) -> dict[str, tuple[float, float]]:
    """Matchpoints and diff of each person's points at one seat of one deal, by the rule: a
    score beaten 2, tied 1, out of 2 x (n - 1); the diff against the seat's average."""
    average = sum(points.values()) / len(points)
    out = {}
    for who, mine in points.items():
        others = [p for w, p in points.items() if w != who]
        won = sum(2 if mine < other else 1 if mine == other else 0 for other in others)
        out[who] = (100 * won / (2 * len(others)), mine - average)
    return out


def test_an_event_played_by_two_people_scores_as_by_hand_hides_each_deal_and_verifies(
    server: Server, tmp_path: Path
) -> None:
    """Ann and Bob play both deals of an event at their own tables against medium bots on a
    fixed samples budget: the same deal deals the same hands at both tables; deal 2, played
    the same by both, meets the same bots' play card for card; the event's matchpoints, diffs
    and standings are those computed here by hand; Bob sees nothing of Ann's deal 1 before
    finishing it; at the close the seeds revealed give the digests published, and the export
    passes `hearts verify` (and fails it, in a sentence, once a seed is changed)."""
    ann, bob = server.person("Ann"), server.person("Bob")
    event = make_event(ann)
    key = event["key"]
    assert event["private"] and not event["closed"] and event["entries"] == 0
    published = ann.get(f"/api/events/{key}").json()
    digests = [deal["digest"] for deal in published["deal_list"]]
    assert all(deal["seed"] is None for deal in published["deal_list"])  # (secret until the close)

    seat = play(ann, key, 1)
    table = ann.get(f"/api/tables/{seat['table']}").json()
    assert table["event"] == {"key": key, "name": "Friday", "deal": 1, "deals": 2}
    assert not table["public"] and seat["table"] not in {
        t["id"] for t in ann.get("/api/tables").json()
    }
    again = play(ann, key, 1)  # (the same table again, with a fresh token for the seat)
    assert again["table"] == seat["table"] and again["token"] != seat["token"]
    points: dict[int, dict[str, int]] = {1: {}, 2: {}}
    over = play_out(ann, again, first)
    points[1]["Ann"] = over["totals"][0]
    refused = ann.post(f"/api/events/{key}/deals/1/play")
    assert refused.status_code == 409 and "played deal 1 already" in refused.json()["error"]

    # Bob has not played deal 1: Ann's play of it is hidden from him (and from a guest).
    guest = TestClient(server.http.app)
    guest.portal = server.http.portal
    for who in (bob, guest):
        assert who.get(f"/api/events/{key}/deals/1").status_code == 403
        for what in ("record", "replay"):
            hidden = who.get(f"/api/games/{seat['table']}/{what}")
            assert hidden.status_code == 403, hidden.text
            assert "still open" in hidden.json()["error"]
        for ask in (who.get, who.post):  # (nor may they have its review worked out)
            hidden = ask(f"/api/games/{seat['table']}/reviews/0")
            assert hidden.status_code == 403, hidden.text
            assert "still open" in hidden.json()["error"]
    assert ann.get(f"/api/games/{seat['table']}/replay").status_code == 200

    bobs = play(bob, key, 1)
    over = play_out(bob, bobs, last)
    points[1]["Bob"] = over["totals"][0]
    assert bob.get(f"/api/games/{seat['table']}/record").status_code == 200
    for number, who in ((2, ann), (2, bob)):
        seat2 = play(who, key, number)
        points[2]["Ann" if who is ann else "Bob"] = play_out(who, seat2, first)["totals"][0]

    # Listed nowhere else: not among the finished games, not in anyone's statistics.
    assert seat["table"] not in {game["id"] for game in guest.get("/api/games").json()}
    assert ann.get("/api/people/Ann").json()["recent"] == []  # (her own view included)

    # Hands computed here, compared with the server's.
    page = ann.get(f"/api/events/{key}").json()
    scores = {number: by_hand(points[number]) for number in (1, 2)}
    for deal in page["deal_list"]:
        mine = deal["mine"]
        assert deal["finished_by"] == 2 and mine["state"] == "finished"
        assert mine["points"] == points[deal["number"]]["Ann"]
        expected = scores[deal["number"]]["Ann"]
        assert (mine["matchpoints"], mine["diff"]) == pytest.approx(expected)
    standings = {row["name"]: row for row in page["standings"]}
    for who in ("Ann", "Bob"):
        average = (scores[1][who][0] + scores[2][who][0]) / 2
        total = scores[1][who][1] + scores[2][who][1]
        assert standings[who]["played"] == 2
        assert standings[who]["matchpoints"] == pytest.approx(average)
        assert standings[who]["diff"] == pytest.approx(total)
    assert [row["place"] for row in page["standings"]] in ([1, 2], [1, 1])
    results = bob.get(f"/api/events/{key}/deals/1").json()["results"]
    assert {(r["name"], r["points"], r["mine"]) for r in results} == {
        ("Ann", points[1]["Ann"], False),
        ("Bob", points[1]["Bob"], True),
    }

    # Deal 2, played the same by both, met the same bots' play: the same game move for move.
    games = {r["name"]: r["game"] for r in bob.get(f"/api/events/{key}/deals/2").json()["results"]}
    records = [bob.get(f"/api/games/{games[who]}/record").json() for who in ("Ann", "Bob")]
    moves = [by_seat(record["events"]) for record in records]
    assert moves[0] == moves[1] and len(moves[0]) == 4  # (the passes may come in any order)
    assert points[2]["Ann"] == points[2]["Bob"] and scores[2]["Ann"] == (50.0, 0.0)
    # Deal 1, played otherwise, was dealt the same at both tables (the same commitment, hands
    # and cut: nobody at a table chooses the cut), and deal 2 otherwise than deal 1.
    games1 = {r["name"]: r["game"] for r in results}
    deals = {
        who: [
            e
            for e in bob.get(f"/api/games/{games1[who]}/record").json()["events"]
            if e["kind"] in ("shuffle_committed", "dealt")
        ]
        for who in ("Ann", "Bob")
    }
    assert deals["Ann"] == deals["Bob"] and len(deals["Ann"]) == 2
    assert deals["Ann"] != [
        e for e in records[0]["events"] if e["kind"] in ("shuffle_committed", "dealt")
    ]

    # The close: the seeds revealed are those committed to; the export verifies.
    assert ann.get(f"/api/events/{key}/export").status_code == 409
    server.now[0] += timedelta(hours=3)
    closed = guest.get(f"/api/events/{key}").json()
    assert closed["closed"]
    for number, deal in enumerate(closed["deal_list"], 1):
        message = f"hearts event deal v1|{key}|{number}|{deal['seed']}"
        assert hashlib.sha256(message.encode()).hexdigest() == deal["digest"] == digests[number - 1]
    assert guest.get(f"/api/games/{seat['table']}/replay").status_code == 200
    export = guest.get(f"/api/events/{key}/export").json()
    assert [len(deal["games"]) for deal in export["deal_list"]] == [2, 2]
    path = tmp_path / "event.json"
    path.write_text(json.dumps(export))
    checked = CliRunner().invoke(cli, ["verify", str(path)])
    assert checked.exit_code == 0, checked.output
    assert "deal 2: seed ✓" in checked.output
    # An export reads every game again: a client asking for it on and on is held back.
    for _ in range(10):
        asked = guest.get(f"/api/events/{key}/export")
        if asked.status_code != 200:
            break
    assert asked.status_code == 429, asked.text
    assert "event exports" in asked.json()["error"] and "Retry-After" in asked.headers
    export["deal_list"][0]["seed"] = export["deal_list"][1]["seed"]
    path.write_text(json.dumps(export))
    tampered = CliRunner().invoke(cli, ["verify", str(path)])
    assert tampered.exit_code == 1
    assert "deal 1: its seed is not the one committed to" in tampered.output
    refused = ann.post(f"/api/events/{key}/deals/1/play")
    assert refused.status_code == 409


def _counts(kept: Store) -> tuple[int, int, int, int]:
    with kept._transaction("count", read=True) as session:
        return tuple(  # type: ignore[return-value]
            int(session.scalar(select(func.count()).select_from(row)) or 0)
            for row in (DuplicateEventRow, DuplicateEntryRow, DuplicatePlayRow, TableRow)
        )


def test_hostile_requests_get_a_sentence_and_change_nothing(
    kept: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A guest making or playing an event, too many events a day, a bad form or level, a
    huge or invisible name, an unknown event, a deal out of range, a page of another site,
    too many deals in play at once: each refused in a sentence, and nothing stored."""
    for server in _server(kept, monkeypatch, events_per_day=2):
        ann = server.person("Ann")
        key = make_event(ann)["key"]
        make_event(ann)
        before = _counts(kept)
        guest = TestClient(server.http.app)
        guest.portal = server.http.portal
        cases: list[tuple[TestClient, str, str, dict[str, Any] | None, int, str]] = [
            (ann, "post", "/api/events", {"name": "Third"}, 429, "made 2 events in the last day"),
            (guest, "post", "/api/events", {"name": "Mine"}, 401, "sign in to make an event"),
            (guest, "post", f"/api/events/{key}/deals/1/play", None, 401, "sign in to play"),
            (ann, "get", "/api/events/nothing-here", None, 404, "no event by that key"),
            (ann, "get", "/api/events/" + "x" * 500, None, 404, "no event by that key"),
            (ann, "post", f"/api/events/{key}/deals/3/play", None, 404, "deals 1 to 2, not 3"),
            (ann, "post", f"/api/events/{key}/deals/0/play", None, 404, "deals 1 to 2, not 0"),
            (ann, "get", f"/api/events/{key}/deals/9", None, 404, "deals 1 to 2, not 9"),
            (ann, "get", f"/api/events/{key}/export", None, 409, "once it has closed"),
        ]
        bob = server.person("Bob")
        bad_bodies: list[tuple[dict[str, Any], int, str]] = [
            ({"level": "godlike"}, 422, "'level'"),
            ({"variant": "classic"}, 400, "scored in counters"),
            ({"variant": "nonsense"}, 400, "nonsense"),
            ({"players": 9}, 422, "'players'"),
            ({"deals": 500}, 422, "'deals'"),
            ({"hours": 0}, 422, "'hours'"),
            ({"name": "x" * 5000}, 422, "'name'"),
            ({"name": "Evil\u202eevent"}, 400, "control or invisible"),
            ({"name": "   "}, 400, "not only spaces"),
        ]
        for fields, status, words in bad_bodies:
            body = {"name": "Fine", "variant": "modern", "players": 4} | fields
            cases.append((bob, "post", "/api/events", body, status, words))
        for client, method, url, body, status, words in cases:
            reply = client.request(method.upper(), url, json=body)
            assert reply.status_code == status, (url, body, reply.text)
            assert words in reply.json()["error"], (url, reply.text)
        crossed = bob.post(
            "/api/events", json={"name": "Lure"}, headers={"origin": "https://evil.example"}
        )
        assert crossed.status_code == 403
        assert _counts(kept)[:3] == before[:3]  # (no event, entry or play made)
        assert _counts(kept)[3] == before[3]  # (no table either)
        many = make_event(bob, deals=5, level="easy")["key"]
        for number in range(1, 5):
            play(bob, many, number)
        held = _counts(kept)
        fifth = bob.post(f"/api/events/{many}/deals/5/play")
        assert fifth.status_code == 429
        assert "4 deals in play already" in fifth.json()["error"]
        assert _counts(kept) == held


def test_the_daily_event_is_made_once_a_day_on_its_own_and_closes_at_the_days_end(
    kept: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the setting on, the server makes today's event when the events are first listed
    (a clock the test moves, never a sleep): once that day however often asked, public to
    guests, closing at midnight UTC; the next day, another; with the setting off, none."""
    for server in _server(kept, monkeypatch, daily_event=True, daily_deals=3, daily_level="easy"):
        server.now[0] = datetime(2026, 12, 7, 9, 30, tzinfo=UTC)
        guest = server.http
        listed = [guest.get("/api/events").json()["events"] for _ in range(3)]
        assert listed[0] == listed[2] and len(listed[0]) == 1
        daily = listed[0][0]
        assert daily["daily"] and not daily["private"] and daily["deals"] == 3
        assert daily["form"] == "modern/4" and daily["level"] == "easy"
        assert datetime.fromisoformat(daily["closes"]) == datetime(2026, 12, 8, tzinfo=UTC)
        server.now[0] = datetime(2026, 12, 8, 0, 0, 1, tzinfo=UTC)
        events = guest.get("/api/events").json()["events"]
        assert len(events) == 2 and sum(1 for e in events if e["closed"]) == 1
        assert _counts(kept)[0] == 2
    for server in _server(kept, monkeypatch, daily_event=False):
        server.now[0] = datetime(2026, 12, 9, 9, 0, tzinfo=UTC)
        server.http.get("/api/events")
        assert _counts(kept)[0] == 2


def test_an_events_deal_counts_in_the_servers_tables_and_is_refused_beyond_them(
    kept: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server with room for one table in play: Ann's deal takes it, Bob's is refused (503, a
    sentence) and nothing of his is kept; once Ann's hand is over, Bob's deal is made."""
    for server in _server(kept, monkeypatch, max_tables=1):
        ann, bob = server.person("Ann"), server.person("Bob")
        key = make_event(ann, level="easy", deals=1)["key"]
        seat = play(ann, key, 1)
        refused = bob.post(f"/api/events/{key}/deals/1/play")
        assert refused.status_code == 503, refused.text
        assert "as many tables as it can take" in refused.json()["error"]
        kept_of_bob = bob.get("/api/account/export").json()
        assert not kept_of_bob["event_plays"] and not kept_of_bob["event_entries"]
        play_out(ann, seat, first)
        assert play(bob, key, 1)["table"] != seat["table"]


def test_an_events_table_is_not_watched_and_gives_no_hints(server: Server) -> None:
    """Its cards are the same at every table of the deal, and its result is compared with other
    people's: a watcher's hello is refused, and so is the player's hint, each in a sentence;
    the player plays on."""
    ann, bob = server.person("Ann"), server.person("Bob")
    key = make_event(ann, level="easy", deals=1)["key"]
    seat = play(ann, key, 1)
    with bob.websocket_connect(f"/ws/tables/{seat['table']}") as socket:
        socket.send_json({"type": "hello", "version": 1, "token": None, "watch": True})
        refused = socket.receive_json()
        assert refused["type"] == "error" and refused["code"] == "unauthorized", refused
        assert "cannot be watched" in refused["message"]
    with ann.websocket_connect(f"/ws/tables/{seat['table']}") as socket:
        player = hello(socket, seat["token"])
        player.send({"type": "hint", "ref": 7})
        answer = player.next()
        while answer.get("ref") != 7:
            answer = player.next()
        assert answer["type"] == "error" and answer["code"] == "unauthorized", answer
        assert "no hints at a duplicate event's table" in answer["message"]
    assert play_out(ann, seat, first)["type"] == "over"


def test_a_deal_unfinished_at_the_close_scores_as_the_worst_at_its_seat(
    server: Server,
) -> None:
    """Ann finishes deal 1, Bob starts it and never finishes: while open Bob's play is not
    compared with; at the close it counts as Ann's (the worst finished at seat 0), a tie."""
    ann, bob = server.person("Ann"), server.person("Bob")
    key = make_event(ann, level="easy", deals=1)["key"]
    points = play_out(ann, play(ann, key, 1), first)["totals"][0]
    play(bob, key, 1)
    page = ann.get(f"/api/events/{key}").json()
    assert [row["name"] for row in page["standings"]] == ["Ann"]
    kept = bob.get("/api/account/export").json()  # (a person's data holds their plays)
    assert [(p["event_key"], p["number"], p["finished"]) for p in kept["event_plays"]] == [
        (key, 1, None)
    ]
    assert [e["event_key"] for e in kept["event_entries"]] == [key]
    assert page["unfinished_rule"] == duplicate.UNFINISHED_RULE
    server.now[0] += timedelta(hours=3)
    results = bob.get(f"/api/events/{key}/deals/1").json()["results"]
    assert {(r["name"], r["points"], r["matchpoints"]) for r in results} == {
        ("Ann", points, 50.0),
        ("Bob", points, 50.0),
    }


def test_people_with_entries_play_a_deal_together_and_are_compared_seat_by_seat(
    server: Server,
) -> None:
    """Ann makes a table of people for deal 1 (two seats for people, two bots) and Bob takes
    the other seat; Carl plays deal 1 at his own table. Ann (seat 0) is compared with Carl
    (seat 0) by hand, Bob alone at seat 1 scores 50%. Nobody takes a seat there otherwise: not
    the lobby's join, not a second play of the deal, not a full table; nor is it played again."""
    ann, bob, carl, dan = (server.person(name) for name in ("Ann", "Bob", "Carl", "Dan"))
    key = make_event(ann, level="easy", deals=1)["key"]
    made = ann.post(f"/api/events/{key}/deals/1/tables", json={"people": 2})
    assert made.status_code == 201, made.text
    mine = made.json()
    lobby = bob.post(f"/api/tables/{mine['table']}/join", json={"name": "Bob"})
    assert lobby.status_code == 403 and "event's page" in lobby.json()["error"]
    joined = bob.post(f"/api/events/{key}/deals/1/tables/{mine['table']}/join")
    assert joined.status_code == 200, joined.text
    bobs = joined.json()
    assert bobs["seat"] == 1 and bobs["table"] == mine["table"]
    for who, status in ((bob, 409), (dan, 409)):
        again = who.post(f"/api/events/{key}/deals/1/tables/{mine['table']}/join")
        assert again.status_code == status, again.text
    assert ann.post(f"/api/events/{key}/deals/1/tables", json={"people": 2}).status_code == 409
    with (
        ann.websocket_connect(f"/ws/tables/{mine['table']}") as one,
        bob.websocket_connect(f"/ws/tables/{bobs['table']}") as two,
    ):
        players = [hello(one, mine["token"]), hello(two, bobs["token"])]
        play_until(players, lambda: any(m["type"] == "over" for m in players[0].seen))
        over = next(m for m in players[0].seen if m["type"] == "over")
        refused = ann.post(f"/api/tables/{mine['table']}/again", json={"token": mine["token"]})
        assert refused.status_code == 409 and "played once" in refused.json()["error"]
    carls = play_out(carl, play(carl, key, 1), first)
    points = {"Ann": over["totals"][0], "Carl": carls["totals"][0]}
    expected = by_hand(points)
    results = {r["name"]: r for r in carl.get(f"/api/events/{key}/deals/1").json()["results"]}
    assert results["Bob"]["seat"] == 1 and results["Bob"]["points"] == over["totals"][1]
    assert (results["Bob"]["matchpoints"], results["Bob"]["diff"]) == (50.0, 0.0)
    for who in ("Ann", "Carl"):
        assert results[who]["seat"] == 0
        assert (results[who]["matchpoints"], results[who]["diff"]) == pytest.approx(expected[who])
