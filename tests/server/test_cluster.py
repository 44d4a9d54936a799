"""Several real ``hearts serve`` processes on one PostgreSQL store and one Redis
(hearts.server.cluster): one lobby, tables driven by one process each and reached from any,
taken over when their process is killed or stopped, and the clients never missing an event,
Redis restarted included."""

from __future__ import annotations

import concurrent.futures
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool
from tests.server.conftest import postgres_schema
from tests.server.processes import Player, Process, RedisServer, play_all, until
from websockets.exceptions import ConnectionClosed

HAND: dict[str, Any] = {"end": "deals", "deals": 1}
"""A game of one hand (the tests' games are short)."""


@pytest.fixture
def redis_server() -> Iterator[RedisServer]:
    server = RedisServer()
    try:
        yield server
    finally:
        server.close()


@pytest.fixture
def store_url() -> Iterator[str]:
    with postgres_schema() as url:
        yield url


@pytest.fixture
def started(store_url: str, redis_server: RedisServer) -> Iterator[list[Process]]:
    """Processes the test starts (``start``) on the test's store and Redis; killed after it."""
    processes: list[Process] = []
    yield processes
    for process in processes:
        process.close()


def start(processes: list[Process], store_url: str, redis_url: str, *options: str) -> Process:
    process = Process(store_url, redis_url, "--review-deals", "4", *options)
    processes.append(process)
    return process


def make_table(at: Process, seats: list[str | None], **options: Any) -> dict[str, Any]:
    body = {
        "variant": "modern",
        "name": "Ann",
        "public": True,
        "seats": [
            {"kind": "person"} if bot is None else {"kind": "bot", "bot": bot} for bot in seats
        ],
        "options": options or HAND,
    }
    answer = httpx.post(at.http("/api/tables"), json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    made: dict[str, Any] = answer.json()
    return made


def owner_of(store_url: str, table: str) -> int:
    engine = create_engine(store_url, poolclass=NullPool)
    try:
        with engine.connect() as connection:
            owner = connection.execute(
                text("SELECT owner FROM tables WHERE id = :id"), {"id": table}
            ).scalar_one()
    finally:
        engine.dispose()
    return int(owner)


def events_stored(store_url: str, table: str) -> list[int]:
    engine = create_engine(store_url, poolclass=NullPool)
    try:
        with engine.connect() as connection:
            numbers = connection.execute(
                text("SELECT number FROM events WHERE table_id = :id ORDER BY number"),
                {"id": table},
            ).scalars()
            return list(numbers)
    finally:
        engine.dispose()


def test_people_on_two_processes_play_at_one_table_and_a_watcher_on_a_third_sees_it(
    started: list[Process], store_url: str, redis_server: RedisServer
) -> None:
    """One lobby: a table made on the first process is listed on all three; a second person
    joins it through the second process (the join goes to the table's process); the two people,
    their sockets on the first and second processes, and a watcher on the third see every play,
    in order, to the game's end; Play again and the game's review, asked through a process that
    does not drive the table, work."""
    one, two, three = (start(started, store_url, redis_server.url) for _ in range(3))
    made = make_table(one, [None, None, "basic", "basic"])
    table = made["table"]["id"]
    for process in (one, two, three):
        until(
            f"the table is listed on process {process.id}",
            lambda process=process: any(
                listed["id"] == table
                for listed in httpx.get(process.http("/api/tables"), timeout=10).json()
            ),
        )
    joined = httpx.post(two.http(f"/api/tables/{table}/join"), json={"name": "Bo"}, timeout=30)
    assert joined.status_code == 200, joined.text
    assert joined.json()["seat"] == 1
    info = httpx.get(three.http(f"/api/tables/{made['code']}"), timeout=30).json()
    assert [seat["name"] for seat in info["seats"]][:2] == ["Ann", "Bo"]
    ann = Player([one], table, made["token"])
    bo = Player([two], table, joined.json()["token"])
    watcher = Player([three], table, None)
    players = [ann, bo, watcher]
    play_all(players, lambda: all(player.over for player in players))
    stored = events_stored(store_url, table)
    assert stored == list(range(len(stored)))
    for player in players:
        assert player.reconnects == 0
        assert player.seq == len(stored)  # (each saw every event, in order: Player checks)
    assert ann.moves >= 13 and bo.moves >= 13
    assert owner_of(store_url, table) == one.id
    again = httpx.post(  # (Play again, asked through a process that does not drive the table)
        three.http(f"/api/tables/{table}/again"), json={"token": joined.json()["token"]}
    )
    assert again.status_code == 200, again.text
    assert again.json()["seat"] == 1 and again.json()["table"]["id"] != table

    def ask() -> httpx.Response | None:
        """The review asked through the third process; None while the leader could not be
        reached in time (503: "try again in a moment", as on a machine this loaded)."""
        answer = httpx.post(three.http(f"/api/games/{table}/reviews/0"), timeout=30)
        return None if answer.status_code == 503 else answer

    asked = until("the review is asked through the third process", ask)
    assert asked.status_code in (200, 202), asked.text  # (worked out at the leader, once)

    def reviewed() -> bool:
        answer = httpx.get(two.http(f"/api/games/{table}/reviews/0"), timeout=30)
        assert answer.status_code == 200, answer.text
        assert answer.json()["state"] != "failed", answer.text
        return bool(answer.json()["state"] == "done")

    until("the review, asked through one process, is done through another", reviewed, 120)


def test_killing_the_process_that_drives_a_table_mid_trick_loses_nothing(
    started: list[Process], store_url: str, redis_server: RedisServer
) -> None:
    """The table's process is killed (SIGKILL) in the middle of a trick: another takes the table
    over from the store, its bots play on, every client comes back through a live process and
    the game finishes, every event stored once and in order."""
    one, two, three = (start(started, store_url, redis_server.url) for _ in range(3))
    made = make_table(one, [None, "basic", "basic", "basic"], end="deals", deals=2)
    table = made["table"]["id"]
    person = Player([two, three], table, made["token"])
    watcher = Player([three, two], table, None)

    def mid_trick() -> bool:
        for player in (person, watcher):
            player.step(timeout=0.05)
        if not person.states:
            return False
        view = person.states[-1]["view"]
        return bool(view["trick"]) and bool(view["legal_moves"]) and view["phase"] == "play"

    until("the person is to play in the middle of a trick", mid_trick, 120)
    before = person.seq
    one.kill()
    play_all([person, watcher], lambda: person.over and watcher.over)
    assert person.reconnects >= 1 and watcher.reconnects >= 1
    assert set(person.closes) <= {1012, 1006, None}
    stored = events_stored(store_url, table)
    assert stored == list(range(len(stored)))
    assert person.seq == watcher.seq == len(stored) > (before or 0)
    assert owner_of(store_url, table) in (two.id, three.id)
    record = httpx.get(two.http(f"/api/games/{table}/record"), timeout=60)
    assert record.status_code == 200, record.text  # (made by playing every stored move again)


def test_redis_restarted_mid_game_the_processes_come_back_and_no_client_misses_an_event(
    started: list[Process], store_url: str, redis_server: RedisServer
) -> None:
    """Redis stopped and started again mid-game: the processes reconnect, the relayed sockets
    start again from the whole state, and every client sees every event to the game's end."""
    one, two = (start(started, store_url, redis_server.url) for _ in range(2))
    made = make_table(one, [None, "basic", "basic", "basic"])
    table = made["table"]["id"]
    person = Player([two], table, made["token"])
    watcher = Player([one], table, None)
    until(
        "a few moves are made",
        lambda: [player.step(timeout=0.05) for player in (person, watcher)] and person.moves >= 4,
        120,
    )
    waiting = make_table(one, [None, None, "basic", "basic"])["table"]["id"]
    redis_server.stop()
    redis_server.start()
    play_all([person, watcher], lambda: person.over and watcher.over)
    stored = events_stored(store_url, table)
    assert person.seq == watcher.seq == len(stored)
    assert person.reconnects >= 1  # (its socket was relayed: started again after Redis's return)
    for process in (one, two):  # (the lobby's entries, lost with Redis, are written again)
        until(
            f"the waiting table is listed on process {process.id} again",
            lambda process=process: (
                waiting
                in {listed["id"] for listed in httpx.get(process.http("/api/tables")).json()}
            ),
        )


def test_a_process_asked_to_stop_hands_its_tables_over(
    started: list[Process], store_url: str, redis_server: RedisServer
) -> None:
    """SIGTERM: the process lets its tables go before it closes its sockets; another process
    drives them at once and the game goes on to its end."""
    one, two = (start(started, store_url, redis_server.url) for _ in range(2))
    made = make_table(one, [None, "basic", "basic", "basic"])
    table = made["table"]["id"]
    person = Player([one, two], table, made["token"])
    until("a few moves are made", lambda: person.step(timeout=0.05) and person.moves >= 4, 120)
    one.terminate()
    assert one.process.returncode in (0, -15), one.output()  # (uvicorn ends by the signal)
    person.use([two])
    play_all([person], lambda: person.over)
    assert owner_of(store_url, table) == two.id
    assert "handed its tables over" in one.output()
    assert person.seq == len(events_stored(store_url, table))


def test_a_table_of_a_process_of_another_protocol_is_refused_in_a_sentence(
    started: list[Process], store_url: str, redis_server: RedisServer
) -> None:
    """Processes of two versions side by side: a table driven by one that speaks another
    protocol version is refused, its socket and its join each with a sentence that says so."""
    one, two = (start(started, store_url, redis_server.url) for _ in range(2))
    made = make_table(one, [None, None, "basic", "basic"])
    table = made["table"]["id"]
    engine = create_engine(store_url, poolclass=NullPool)
    with engine.begin() as connection:  # (the first process as a newer version would be)
        connection.execute(text("UPDATE processes SET protocol = 2 WHERE id = :id"), {"id": one.id})
    engine.dispose()
    joined = httpx.post(two.http(f"/api/tables/{table}/join"), json={"name": "Bo"}, timeout=30)
    assert joined.status_code == 409
    assert "protocol version 2" in joined.json()["error"]
    watcher = Player([two], table, None)
    message = until("the socket is refused", lambda: watcher.step(timeout=0.5), 30)
    assert message["type"] == "error" and message["code"] == "version"
    assert "protocol version 2" in message["message"]


def test_table_creation_spread_over_three_processes_is_refused_at_the_count_of_one(
    started: list[Process], store_url: str, redis_server: RedisServer
) -> None:
    """The tables a client address may make are counted for the whole site: made in turn at
    three processes, the fourth is refused as it would be at one."""
    processes = [
        start(started, store_url, redis_server.url, "--table-rate", "0.001", "--table-burst", "3")
        for _ in range(3)
    ]
    answers = [
        httpx.post(
            processes[number % 3].http("/api/tables"),
            json={"variant": "modern", "name": "Ann"},
            timeout=30,
        ).status_code
        for number in range(5)
    ]
    assert answers == [201, 201, 201, 429, 429]


def test_an_account_the_quick_match_and_a_table_s_chat_work_from_any_process(
    started: list[Process], store_url: str, redis_server: RedisServer
) -> None:
    """Signed up on one process, signed in on every other, the guest's seat it carried tied at
    the table another process drives; two people asking to play with
    people at two processes wait in one room (the match runs once, at the leader) and meet at
    one table; a chat line said through one process reaches the person on another."""
    one, two, three = (start(started, store_url, redis_server.url) for _ in range(3))
    guest = make_table(one, [None, None, "basic", "basic"])
    held = {"table": guest["table"]["id"], "token": guest["token"]}
    made = httpx.post(
        two.http("/api/account/signup"),
        json={"name": "Cleo", "password": "a long secret", "seats": [held]},
    )
    assert made.status_code == 201, made.text
    assert made.json()["tied"] == 1
    for process in (one, three):
        account = httpx.get(process.http("/api/account"), cookies=made.cookies, timeout=10)
        assert account.status_code == 200 and account.json()["account"]["name"] == "Cleo"
    until(  # (the seat, at the table the first process drives, shows the account's name)
        "the guest's seat shows the account",
        lambda: (
            httpx.get(three.http(f"/api/tables/{held['table']}")).json()["seats"][0]["name"]
            == "Cleo"
        ),
        30,
    )

    def ask(process: Process, name: str) -> dict[str, Any]:
        answer = httpx.post(
            process.http("/api/match"),
            json={"variant": "modern", "name": name, "fill_after": 30, "browser": name * 8},
            timeout=30,
        )
        assert answer.status_code == 201, answer.text
        seat: dict[str, Any] = answer.json()
        return seat

    ann, bo = ask(two, "Ann"), ask(three, "Bo")
    assert ann["room"]["room"] == bo["room"]["room"]
    filled = httpx.post(one.http("/api/match/fill"), json={"token": ann["token"]}, timeout=30)
    assert filled.status_code == 200, filled.text
    table = filled.json()["table"]
    status = httpx.post(two.http("/api/match/status"), json={"token": bo["token"]}, timeout=30)
    assert status.json()["status"] == "playing" and status.json()["table"] == table
    first = Player([one], table, ann["token"], play=False)
    second = Player([three], table, bo["token"], play=False)
    until("both are at the table", lambda: [p.step(0.05) for p in (first, second)] and
          first.states and second.states)  # fmt: skip
    assert first.socket is not None
    first.socket.send('{"type": "chat", "phrase": "hello"}')

    def heard() -> bool:
        message = second.step(timeout=0.2)
        return bool(message and message["type"] == "chat" and message["phrase"] == "hello")

    until("the chat line reaches the other process", heard, 30)


def test_a_flood_through_a_relaying_process_is_cut_off_and_the_table_plays_on(
    started: list[Process], store_url: str, redis_server: RedisServer
) -> None:
    """A hostile watcher on another process than the table's sends thousands of messages as
    fast as it can: its socket is closed, and the person at the table plays to the end."""
    one, two = (start(started, store_url, redis_server.url) for _ in range(2))
    made = make_table(one, [None, "basic", "basic", "basic"])
    table = made["table"]["id"]
    person = Player([one], table, made["token"])
    hostile = Player([two], table, None, play=False)
    until("the watcher is welcome", lambda: hostile.step(timeout=0.2) and hostile.states, 30)
    assert hostile.socket is not None
    closed = None
    try:
        for number in range(20_000):
            hostile.socket.send(f'{{"type": "ping", "ref": {number % 1000}}}')
    except ConnectionClosed as error:
        closed = error.rcvd.code if error.rcvd else None
    if closed is None:  # (all sent before the close came: it comes)
        until("the flood is cut off", lambda: (hostile.step(timeout=0.5) or True) and
              hostile.closes, 60)  # fmt: skip
        closed = hostile.closes[0]
    assert closed == 1008
    play_all([person], lambda: person.over)
    assert person.seq == len(events_stored(store_url, table))


def test_the_daily_event_is_made_once_however_many_processes_list_the_events_at_once(
    started: list[Process], store_url: str, redis_server: RedisServer
) -> None:
    """The first listing of a day makes its duplicate event: three processes asked at the same
    moment make one, and each lists that one."""
    processes = [start(started, store_url, redis_server.url) for _ in range(3)]
    with concurrent.futures.ThreadPoolExecutor(len(processes)) as pool:
        answers = list(
            pool.map(lambda process: httpx.get(process.http("/api/events"), timeout=60), processes)
        )
    dailies = set()
    for answer in answers:
        assert answer.status_code == 200, answer.text
        dailies |= {event["key"] for event in answer.json()["events"] if event["daily"]}
    assert len(dailies) == 1
    engine = create_engine(store_url, poolclass=NullPool)
    with engine.connect() as connection:
        made = connection.execute(
            text("SELECT count(*) FROM duplicate_events WHERE daily IS NOT NULL")
        ).scalar_one()
    engine.dispose()
    assert made == 1
