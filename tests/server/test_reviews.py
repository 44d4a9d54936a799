"""Reviews of finished games on the server (hearts.server.reviews, ``/api/games/{key}/reviews/
{seat}``), through the real app: a review asked is worked out in the bots' pool, stored, and
asked again answered the same without new work; it is the core's review of the same game, seat,
budget and seed; a review in progress when the server stops is taken up again where it was when
it starts; the bounds (one at a time per address, so many in all, asks a minute) and bad input
(no such game, a game still played, no such seat, nobody asked yet) are refused with a sentence
and change nothing. The stored rows round trip on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hearts import record
from hearts.bots import review
from hearts.events import move_of
from hearts.server import ServerConfig, botpool, create_app, reviews
from hearts.server.limits import RateLimit
from hearts.server.store import Store

from .conftest import UNLIMITED
from .players import PERSON, bot, hello, make, play_until

DOC = Path(__file__).resolve().parents[2] / "docs" / "protocol.md"
DEALS = 8
"""The budget of the tests' reviews (the smallest the core takes is 4): quick, and enough."""
FAILSAFE = 120.0
"""Seconds a state is waited for before a test gives up (a failsafe, never a measure)."""


def until(check: Callable[[], Any], what: str) -> Any:
    """Wait until ``check()`` gives something true (looked at every 20 ms); its value."""
    ends = time.monotonic() + FAILSAFE
    while not (found := check()):
        if time.monotonic() > ends:
            raise AssertionError(f"this never came: {what}")
        time.sleep(0.02)
    return found


def server(store: Store, **settings: Any) -> TestClient:
    """The app on ``store``, its bots in a thread, reviews at the tests' budget."""
    config = ServerConfig(bot_workers=0, review_deals=DEALS, **{**UNLIMITED, **settings})
    return TestClient(create_app(config, store=store))


@pytest.fixture(autouse=True)
def generous(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests ask and poll faster than a person would: the allowances a minute are lifted
    (the test of them sets its own)."""
    for name in ("ASKS_PER_MINUTE", "READS_PER_MINUTE"):
        monkeypatch.setattr(reviews, name, 100_000.0)
    for name in ("ASKS_BURST", "READS_BURST"):
        monkeypatch.setattr(reviews, name, 100_000)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    kept = Store(f"sqlite:///{tmp_path / 'tables.db'}")
    yield kept
    kept.close()


def finish(http: TestClient) -> str:
    """A one-hand game of a person (the test, on the socket) and three basic bots, played to
    its end: its table's id."""
    made = make(
        http, [PERSON, bot(), bot(), bot()], name="Ann", options={"end": "deals", "deals": 1}
    )
    with http.websocket_connect(f"/ws/tables/{made['table']['id']}") as socket:
        ann = hello(socket, made["token"])
        play_until([ann], lambda: any(m["type"] == "over" for m in ann.seen))
    table: str = made["table"]["id"]
    return table


def done(http: TestClient, path: str) -> dict[str, Any]:
    """The review at ``path`` once it is done (polled as the page polls it)."""

    def look() -> dict[str, Any] | None:
        answer: dict[str, Any] = http.get(path).json()
        assert answer["state"] in ("queued", "running", "done"), answer
        return answer if answer["state"] == "done" else None

    found: dict[str, Any] = until(look, f"the review at {path} is done")
    return found


class Gate:
    """The pool's review work held until the test opens the gate (the bots think in the
    server's own thread here), the first ``allow`` decisions let through: ``judged`` counts
    the decisions judged, ``waiting`` those held."""

    def __init__(
        self, monkeypatch: pytest.MonkeyPatch, opened: bool = False, allow: int = 0
    ) -> None:
        self.open = threading.Event()
        if opened:
            self.open.set()
        self.allow = allow
        self.judged = 0
        self.waiting = 0
        monkeypatch.setattr(botpool, "judge", self.judge)

    def judge(self, position: Any, deals: int, seed: int) -> Any:
        if self.judged >= self.allow:
            self.waiting += 1
            assert self.open.wait(FAILSAFE), "the test never let the review go on"
            self.waiting -= 1
        self.judged += 1
        return review.judge(position, deals=deals, seed=seed)


def test_a_review_is_worked_out_stored_and_asked_again_answered_without_new_work(
    store: Store,
) -> None:
    """POST asks (202 and how far it is); GET follows it to done; the review is the core's for
    the same game, seat, budget and seed (so it repeats exactly), its decisions the seat's own
    moves; POST again answers it at once (200) with no decision judged again, by the game's code
    too."""
    with server(store) as http:
        table = finish(http)
        path = f"/api/games/{table}/reviews/0"
        asked = http.post(path)
        assert asked.status_code == 202, asked.text
        assert asked.json()["state"] in ("queued", "running", "done")
        assert asked.json()["review"] is None and asked.json()["deals"] == DEALS
        answer = done(http, path)
        pool = http.app.state.hub.pool  # type: ignore[attr-defined]
        judged = pool.counts["reviews"]
        assert judged > 0 and answer["done"] == answer["total"] > 0
        shown = review.Review.from_dict(answer["review"])
        game = record.loads(http.get(f"/api/games/{table}/record").text)
        seed = reviews.review_seed(table, 0)
        assert shown == review.review(game, 0, deals=DEALS, seed=seed)
        assert (shown.seat, shown.deals, shown.seed) == (0, DEALS, seed)
        assert len(shown.decisions) + shown.forced + shown.unweighed == answer["total"]
        moves = [m for i, e in enumerate(game.events) if (m := move_of(e, i)) is not None]
        for decision in shown.decisions:
            assert moves[decision.ply] == (0, decision.made)  # (the seat's own move, by ply)
        again = http.post(path)
        assert again.status_code == 200 and again.json() == answer
        code = store.kept_record(table).code  # type: ignore[union-attr]
        assert http.post(f"/api/games/{code}/reviews/0").json() == answer
        assert pool.counts["reviews"] == judged  # (nothing worked out again)
    kept = reviews.stored(store, table, 0)
    assert kept is not None and kept.state == "done" and kept.review == answer["review"]
    # docs/protocol.md's examples ("Reviews") have the fields of the real answer and decision.
    text = DOC.read_text(encoding="utf-8")
    state, decision = (
        json.loads(re.search(rf"```json {name}\n(.*?)```", text, re.DOTALL).group(1))  # type: ignore[union-attr]
        for name in ("review-state", "review-decision")
    )
    assert state.keys() == answer.keys()
    assert decision.keys() == answer["review"]["decisions"][0].keys()


def test_a_review_in_progress_when_the_server_stops_is_taken_up_again_where_it_was(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first server judges three decisions (its progress kept every 2 of the seat's moves,
    so kept at least once) and stops with the fourth held; the next one, on the same store,
    takes the review up at start-up without being asked, judges only what was not kept, and the
    review is the core's all the same."""
    monkeypatch.setattr(reviews, "CHECKPOINT", 2)
    gate = Gate(monkeypatch, allow=3)
    with server(store) as http:
        table = finish(http)
        game = record.loads(http.get(f"/api/games/{table}/record").text)
        unforced = [p for p in review.positions(game, 0) if p.weighed]
        assert len(unforced) >= 4  # (enough to stop in the middle)
        assert http.post(f"/api/games/{table}/reviews/0").status_code == 202
        until(lambda: gate.waiting, "the fourth decision held")
    gate.open.set()  # (the decision held as the server stopped ends unheard)
    last = reviews.stored(store, table, 0)
    assert last is not None and last.state == "running" and last.review is not None
    kept = review.Review.from_dict(last.review).decisions
    assert 0 < len(kept) < len(unforced)
    again = Gate(monkeypatch, opened=True)
    with server(store) as http:
        answer = done(http, f"/api/games/{table}/reviews/0")
    assert again.judged == len(unforced) - len(kept)  # (taken up where it was kept)
    seed = reviews.review_seed(table, 0)
    assert review.Review.from_dict(answer["review"]) == review.review(
        game, 0, deals=DEALS, seed=seed
    )


def test_one_review_at_a_time_per_address_and_so_many_in_all_each_refused_in_a_sentence(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While an address's review is worked out, its next is refused (429, a sentence, nothing
    stored); another address's is refused once the server has ``reviews_most`` (1) in
    progress; asking for the same review again is no new one and is answered; once the first
    is done, the next is taken."""
    gate = Gate(monkeypatch)
    with server(store, reviews_most=1) as http:
        table = finish(http)
        assert http.post(f"/api/games/{table}/reviews/0").status_code == 202
        refused = http.post(f"/api/games/{table}/reviews/1")
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) > 0
        assert refused.json() == {
            "error": "you have a review being worked out already: ask for another once it is done"
        }
        other = TestClient(http.app, client=("203.0.113.9", 4000))
        other.portal = http.portal  # (the app's own loop, as a server has one)
        full = other.post(f"/api/games/{table}/reviews/2")
        assert full.status_code == 429
        assert full.json()["error"] == (
            "the server has 1 reviews being worked out already: ask again in a few minutes"
        )
        assert other.post(f"/api/games/{table}/reviews/0").status_code == 202  # (the same one)
        assert reviews.stored(store, table, 1) is None and reviews.stored(store, table, 2) is None
        gate.open.set()
        done(http, f"/api/games/{table}/reviews/0")
        assert http.post(f"/api/games/{table}/reviews/1").status_code == 202


def test_asks_beyond_a_minutes_allowance_are_refused_with_when_to_ask_again(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An address asking for reviews one after another is refused after its burst, and one
    looking at them too often likewise, each with a sentence and Retry-After; nothing stored."""
    monkeypatch.setattr(reviews, "ASKS_BURST", 2)
    monkeypatch.setattr(reviews, "ASKS_PER_MINUTE", 1e-6)  # (none back while the test runs)
    Gate(monkeypatch, opened=True)
    with server(store) as http:
        table = finish(http)
        for seat in (0, 1):
            assert http.post(f"/api/games/{table}/reviews/{seat}").status_code == 202
            done(http, f"/api/games/{table}/reviews/{seat}")
        refused = http.post(f"/api/games/{table}/reviews/2")
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) > 0
        assert refused.json()["error"].startswith("too many reviews asked from your address")
        http.app.state.reviews.reads = RateLimit(
            "looks at reviews", per_minute=60, burst=3, clock=lambda: 0.0
        )  # type: ignore[attr-defined]
        answers = [http.get(f"/api/games/{table}/reviews/0") for _ in range(4)]
        assert [answer.status_code for answer in answers] == [200, 200, 200, 429]
        assert answers[-1].json()["error"].startswith("too many looks at reviews from your address")
    assert reviews.stored(store, table, 2) is None


def test_bad_asks_get_a_sentence_and_change_nothing(store: Store) -> None:
    """No such game (404), a game still played (409), a seat it has not or no seat (422),
    a review nobody asked for yet (404 on GET): each a sentence, nothing stored. (Both routes
    are in the OpenAPI document.)"""
    with server(store) as http:
        table = finish(http)
        playing = make(http, [PERSON, bot(), bot(), bot()])["table"]["id"]
        cases = [
            ("post", "/api/games/nothing-here/reviews/0", 404, "there is no"),
            ("get", "/api/games/nothing-here/reviews/0", 404, "there is no"),
            ("post", f"/api/games/{playing}/reviews/0", 409, "still being played"),
            ("post", f"/api/games/{table}/reviews/4", 422, "this game has no seat 4"),
            ("post", f"/api/games/{table}/reviews/-1", 422, "this game has no seat -1"),
            ("post", f"/api/games/{table}/reviews/north", 422, "the field 'path.seat'"),
            ("get", f"/api/games/{table}/reviews/0", 404, "nobody has asked for the review"),
        ]
        for method, path, status, says in cases:
            answer = http.request(method.upper(), path)
            assert answer.status_code == status, (path, answer.text)
            assert says in answer.json()["error"], (path, answer.json())
        assert http.app.state.hub.pool.counts["reviews"] == 0  # type: ignore[attr-defined]
        documented = http.get("/openapi.json").json()["paths"]["/api/games/{key}/reviews/{seat}"]
        assert {"get", "post"} <= documented.keys()
    for seat in range(4):
        assert reviews.stored(store, table, seat) is None


def test_a_reviews_row_round_trips_and_is_listed_while_in_progress(database_url: str) -> None:
    """The store's reviews on SQLite and PostgreSQL: a review asked is queued and listed as
    unfinished, its progress and its end kept, a failed one asked again queued afresh; the
    table's deletion takes its reviews with it."""
    with Store(database_url) as kept:
        kept.upgrade()
        http = server(kept)
        with http:
            table = finish(http)
        reviews.begin(kept, table, 1, 16, 2**63 - 1, 13)
        found = reviews.stored(kept, table, 1)
        assert found is not None and (found.state, found.done, found.total) == ("queued", 0, 13)
        assert found.seed == 2**63 - 1 and found.deals == 16
        assert [(r.table_id, r.seat) for r in reviews.unfinished(kept)] == [(table, 1)]
        reviews.progress(kept, table, 1, "running", 5, 13, {"so far": [1, 2]})
        found = reviews.stored(kept, table, 1)
        assert found is not None and found.review == {"so far": [1, 2]} and found.done == 5
        reviews.progress(kept, table, 1, "failed", 5, 13, None, "the bot failed")
        assert reviews.unfinished(kept) == []
        reviews.begin(kept, table, 1, 16, 7, 13)
        found = reviews.stored(kept, table, 1)
        assert found is not None and (found.state, found.seed, found.error) == ("queued", 7, None)
        reviews.progress(kept, table, 1, "done", 13, 13, {"whole": True})
        found = reviews.stored(kept, table, 1)
        assert found is not None and found.state == "done" and found.review == {"whole": True}
        reviews.begin(kept, table, 1, 99, 9, 13)  # (a review done is never asked afresh)
        assert reviews.stored(kept, table, 1) == found
