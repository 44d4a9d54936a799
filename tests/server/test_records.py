"""Finished games' records and replays (``GET /api/games/{id or code}/record`` and
``/replay``, hearts.server.tables.Hub.kept_record): made once, in a process of the server's
own, kept in the store and served from it after a restart, throttled per client address; and a
private table's finished game listed nowhere, reached by its link or code alone."""

from __future__ import annotations

import concurrent.futures
import gzip
import multiprocessing
import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hearts import verify
from hearts.server import ServerConfig, create_app
from hearts.server.store import Store

from .test_replay import check_against_record, finish

UNTHROTTLED = {"bot_workers": 0, "rate": 10_000, "burst": 10_000}


class Makings:
    """Counts the makings of records and replays of a server (Hub._made), letting them run, or
    refusing any (``allow=False``: the test fails if one is made)."""

    def __init__(self, http: TestClient, monkeypatch: pytest.MonkeyPatch, allow: bool = True):
        hub: Any = http.app.state.hub  # type: ignore[attr-defined]
        self.tables: list[str] = []
        real = getattr(hub, "_made", None)

        async def counted(source: Any) -> Any:
            self.tables.append(source.table_id)
            assert allow, "a record was made again"
            assert real is not None
            return await real(source)

        monkeypatch.setattr(hub, "_made", counted, raising=False)


def test_a_private_tables_finished_game_is_listed_nowhere_but_reached_by_its_id_or_code(
    http: TestClient,
) -> None:
    """The lobby's finished games are the public tables' only: a private table's game is not
    in ``/api/games`` (nor in the tables in play), and its record and replay are served to
    whoever has its id (the link) or its code."""
    private = finish(http, options={"end": "deals", "deals": 1})
    public = finish(http, options={"end": "deals", "deals": 1}, public=True)
    listed = [game["id"] for game in http.get("/api/games").json()]
    assert listed == [public["table"]["id"]]
    assert private["table"]["id"] not in http.get("/api/tables").text
    for key in (private["table"]["id"], private["code"], private["code"].lower()):
        kept = http.get(f"/api/games/{key}/record")
        assert kept.status_code == 200 and verify.verify_record(kept.json()).ok
        shown = http.get(f"/api/games/{key}/replay")
        assert shown.status_code == 200 and shown.json()["id"] == private["table"]["id"]


def test_table_ids_are_unguessable_random_strings(http: TestClient) -> None:
    """A table's id, the key to its link and its finished game's record, is 12 characters of
    secrets.token_urlsafe: 72 random bits, no two alike and no order to follow."""
    ids = [_made_id(http) for _ in range(20)]
    assert len(set(ids)) == len(ids)
    alphabet = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert all(len(key) == 12 and set(key) <= alphabet for key in ids)
    assert ids != sorted(ids)


def _made_id(http: TestClient) -> str:
    reply = http.post("/api/tables", json={"seats": [{"kind": "person"}] * 4, "grace": 3600})
    assert reply.status_code == 201
    key: str = reply.json()["table"]["id"]
    return key


def test_a_record_and_replay_are_made_once_in_a_process_and_served_from_the_store_after_a_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """However often and however asked (id or code, gzip or not, eight at once), a finished
    game's record and replay are made once, by a process that is not the server's, and the
    store keeps them: a server started again on the store serves both without making them
    again, the same bytes."""
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    before = {child.pid for child in multiprocessing.active_children()}
    store = Store(url)
    with TestClient(create_app(ServerConfig(**UNTHROTTLED), store=store)) as http:
        made = finish(http, options={"end": "deals", "deals": 1})
        table, code = made["table"]["id"], made["code"]
        makings = Makings(http, monkeypatch)
        paths = [
            f"/api/games/{key}/{part}" for key in (table, code) for part in ("record", "replay")
        ]
        with concurrent.futures.ThreadPoolExecutor(8) as threads:
            answers = list(threads.map(http.get, paths * 2))
        assert [answer.status_code for answer in answers] == [200] * 8
        makers = {child.pid for child in multiprocessing.active_children()} - before
        assert makers and os.getpid() not in makers  # (made in a process of its own)
        zipped = http.get(paths[1], headers={"accept-encoding": "gzip"})
        plain = http.get(paths[1], headers={"accept-encoding": "identity"})
        assert (
            zipped.headers["content-encoding"] == "gzip" and "content-encoding" not in plain.headers
        )
        assert zipped.json() == plain.json() == answers[1].json()
        assert makings.tables == [table]
        record, shown = answers[0].json(), answers[1].json()
        check_against_record(shown, record)
        kept = store.kept_record(table)
        assert kept is not None and kept.table_id == table and kept.code == code
        assert gzip.decompress(kept.replay) == plain.content
    store.close()
    again = Store(url)
    with TestClient(create_app(ServerConfig(**UNTHROTTLED), store=again)) as http:
        Makings(http, monkeypatch, allow=False)
        assert http.get(f"/api/games/{code}/record").json() == record
        assert http.get(f"/api/games/{table}/replay").json() == shown
    again.close()


def test_records_and_replays_are_throttled_per_client_address(tmp_path: Path) -> None:
    """Beyond ``records_burst`` requests at once (and ``records_per_minute`` on average) a
    client address is refused with 429, Retry-After and a sentence, for records and replays
    alike; another address is served all the same."""
    store = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    config = ServerConfig(**UNTHROTTLED, records_per_minute=0.01, records_burst=3)
    app = create_app(config, store=store)
    with TestClient(app) as http:
        made = finish(http, options={"end": "deals", "deals": 1})
        table = made["table"]["id"]
        assert http.get(f"/api/games/{table}/record").status_code == 200
        assert http.get(f"/api/games/{table}/replay").status_code == 200
        assert http.get("/api/games/nothing-here/replay").status_code == 404
        for part in ("record", "replay"):
            refused = http.get(f"/api/games/{table}/{part}")
            assert refused.status_code == 429
            wait = int(refused.headers["retry-after"])
            assert 5_000 < wait <= 6_000  # (a request every 6,000 s, as configured)
            assert refused.json() == {
                "error": "too many requests for records and replays from your address: "
                f"try again in {wait} s"
            }
        other = TestClient(app, client=("192.0.2.7", 50000))
        assert other.get(f"/api/games/{made['code']}/record").status_code == 200
    store.close()


def gone(pid: int, limit: float = 60.0) -> bool:
    """Whether the process ``pid`` has died (exited, or a zombie not yet reaped), looked at in
    /proc until it has (``limit`` seconds a failsafe). Not ``Process.join``: the executor's own
    thread reaps its dead workers too, and the join that loses that race says "alive"."""
    stat = Path(f"/proc/{pid}/stat")
    end = time.monotonic() + limit
    while time.monotonic() < end:
        try:
            state = stat.read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError, IndexError):
            return True
        if state in {"Z", "X"}:
            return True
        time.sleep(0.01)
    return False


def test_a_maker_process_killed_is_replaced_and_the_next_game_made_all_the_same(
    http: TestClient,
) -> None:
    """The process that makes records killed outright (as the kernel's OOM killer would): the
    next game's record and replay are made by a new one, and the first game's are still
    served."""
    first = finish(http, options={"end": "deals", "deals": 1})
    assert http.get(f"/api/games/{first['table']['id']}/replay").status_code == 200
    hub: Any = http.app.state.hub  # type: ignore[attr-defined]
    processes = list(hub._maker._processes.values())
    assert processes
    for process in processes:
        os.kill(process.pid, signal.SIGKILL)
    for process in processes:
        assert gone(process.pid), f"the maker process {process.pid} outlived SIGKILL"
    second = finish(http, options={"end": "deals", "deals": 1})
    reply = http.get(f"/api/games/{second['code']}/replay")
    assert reply.status_code == 200, reply.text
    assert reply.json()["id"] == second["table"]["id"]
    assert http.get(f"/api/games/{first['code']}/record").status_code == 200
