"""Profiles and leaderboards (hearts.server.profiles) on SQLite and PostgreSQL: the rows the
other parts write (accounts, ratings, their history, each game's summary, tables and seats)
are put in the store directly, and the profile's sums, the leaderboard's filters, the rule of
a private table's games and the refusals are checked against them."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from hearts.server import ServerConfig, accounts, create_app, profiles
from hearts.server.store import AccountRow, Store

from .conftest import UNLIMITED
from .people_rows import NOW, People
from .test_accounts import CHEAP


@pytest.fixture
def people(store: Store) -> People:
    return People(store)


def test_a_profiles_statistics_are_the_sums_of_its_games_against_people_and_bots_apart(
    store: Store, people: People
) -> None:
    ann = people.account("Ann")
    bob = people.account("Bob")
    mine = {"by_pass": {"left": {"hands": 4, "points": 1}, "hold": {"hands": 1, "points": 0}}}
    people.game(
        [("Ann", ann), ("Bob", bob), ("x", None), ("y", None)],
        public=True,
        stats={0: {"place": 1, "points": 1, "hands": 5, "moons_shot": 1, **mine}},
    )
    people.game(
        [("Ann", ann), ("Bob", bob), ("x", None), ("y", None)],
        public=True,
        stats={0: {"place": 3, "points": 40, "hands": 6, "moons_against": 2, "queen_taken": 2}},
    )
    people.game(
        [("bot", None), ("Ann", ann), ("bot", None), ("bot", None)],
        public=False,
        against="bots",
        stats={1: {"place": 1, "points": 7, "hands": 7, "hands_without_trick": 4}},
    )
    found = profiles.profile(store, "ann", ann)
    assert found is not None and found.name == "Ann"
    stats = {(s.form, s.against): s for s in found.statistics}
    assert set(stats) == {("modern/4", "people"), ("modern/4", "bots")}
    people_stats = stats["modern/4", "people"]
    assert (people_stats.games, people_stats.wins, people_stats.hands) == (2, 1, 11)
    assert people_stats.points == 41 and people_stats.points_a_hand == round(41 / 11, 2)
    assert (people_stats.moons_shot, people_stats.moons_against) == (1, 2)
    assert (people_stats.queen_taken, people_stats.hands_without_trick) == (3, 2)
    by_pass = {line.direction: (line.hands, line.points) for line in people_stats.by_pass}
    assert by_pass == {"left": (4 + 2, 1 + 8), "right": (3, 12), "hold": (1, 0)}
    bots = stats["modern/4", "bots"]
    assert (bots.games, bots.wins, bots.hands, bots.points) == (1, 1, 7, 7)
    assert bots.hands_without_trick == 4


def test_a_profile_gives_each_rating_with_its_provisional_mark_and_its_history_in_order(
    store: Store, people: People
) -> None:
    ann = people.account("Ann", created=NOW - timedelta(days=30))
    people.rating(ann, "modern/4", 1215.0, profiles.PROVISIONAL)
    people.rating(ann, "modern/4", 1032.0, profiles.PROVISIONAL - 1, against="bots")
    for n in range(3):
        table = people.game([("Ann", ann)], public=True)
        people.history(ann, table, NOW - timedelta(days=3 - n), 1100.0 + n)
    found = profiles.profile(store, "ANN")
    assert found is not None and found.since == NOW - timedelta(days=30)
    ratings = {(r.form, r.against): (r.shown, r.games, r.provisional) for r in found.ratings}
    assert ratings == {
        ("modern/4", "people"): (1215.0, profiles.PROVISIONAL, False),
        ("modern/4", "bots"): (1032.0, profiles.PROVISIONAL - 1, True),
    }
    line = next(h for h in found.history if h.against == "people")
    assert [p.shown for p in line.points] == [1100.0, 1101.0, 1102.0]  # (oldest first)
    assert next(h for h in found.history if h.against == "bots").points == []


def test_a_private_tables_game_is_listed_only_to_a_person_who_sat_at_it(
    store: Store, people: People
) -> None:
    ann = people.account("Ann")
    bob = people.account("Bob")
    eve = people.account("Eve")
    private = people.game([("Ann", ann), ("Bob", bob)], public=False, form="modern/3")
    public = people.game(
        [("Ann", ann), ("Bob", bob)], public=True, form="modern/3", finished=NOW - timedelta(1)
    )

    def listed(viewer: int | None) -> list[str]:
        found = profiles.profile(store, "Ann", viewer)
        assert found is not None
        return [game.table for game in found.recent]

    assert listed(None) == [public]  # (a guest)
    assert listed(eve) == [public]  # (a stranger)
    assert listed(bob) == [private, public]  # (who sat there)
    assert listed(ann) == [private, public]
    found = profiles.profile(store, "Ann", None)
    assert found is not None and found.statistics[0].games == 2  # (the sums count every game)
    game = found.recent[0]
    assert game.replay == f"/r/{public}" and game.public
    assert [(s.name, s.person) for s in game.seats] == [("Ann", "Ann"), ("Bob", "Bob")]


def test_the_leaderboard_takes_the_form_the_opponents_the_games_and_the_days_asked(
    store: Store, people: People
) -> None:
    for n, (games, days, form, against) in enumerate(
        [
            (10, 1, "modern/4", "people"),  # on the board
            (30, 89, "modern/4", "people"),  # on the board
            (9, 1, "modern/4", "people"),  # too few games
            (50, 91, "modern/4", "people"),  # not active in the last 90 days
            (50, 1, "modern/3", "people"),  # another form
            (50, 1, "modern/4", "bots"),  # against the computer
        ]
    ):
        account = people.account(f"P{n}")
        people.rating(
            account, form, 1100.0 + n, games, against=against, updated=NOW - timedelta(days)
        )
    board = profiles.leaderboard(store, "modern/4", now=NOW)
    assert [(row.rank, row.name) for row in board.rows] == [(1, "P1"), (2, "P0")]
    assert not board.more
    board = profiles.leaderboard(store, "modern/4", min_games=5, days=100, now=NOW)
    assert [row.name for row in board.rows] == ["P3", "P2", "P1", "P0"]
    page = profiles.leaderboard(
        store, "modern/4", min_games=5, days=100, offset=1, limit=2, now=NOW
    )
    assert [(row.rank, row.name) for row in page.rows] == [(2, "P2"), (3, "P1")] and page.more
    assert [row.name for row in profiles.leaderboard(store, "modern/4", "bots", now=NOW).rows] == [
        "P5"
    ]
    assert profiles.leaderboard(store, "modern/4", limit=10_000, now=NOW).limit == 100  # (bounded)
    names = {(b.form, b.against) for b in profiles.board_names(store)}
    assert names == {("modern/3", "people"), ("modern/4", "people"), ("modern/4", "bots")}


@pytest.fixture
def client(database_url: str, tmp_path: Path) -> Iterator[tuple[TestClient, Store]]:
    """The server's app on the test's store (not throttled but for the reads' own limit)."""
    store = Store(database_url)
    store.upgrade()
    app = create_app(ServerConfig(bot_workers=0, **UNLIMITED), store=store)
    with TestClient(app) as http:
        yield http, store
    store.close()


def test_the_routes_answer_with_their_models_and_refuse_unknown_names_and_forms_in_a_sentence(
    client: tuple[TestClient, Store],
) -> None:
    http, store = client
    people = People(store)
    ann = people.account("<img src=x onerror=1>")
    people.rating(ann, "modern/4", 1300.0, 12, updated=datetime.now(UTC))
    people.game([("Ann", ann)], public=True)
    answer = http.get("/api/people/<img src=x onerror=1>")
    assert answer.status_code == 200 and answer.json()["ratings"][0]["shown"] == 1300.0
    board = http.get("/api/leaderboard/modern/4").json()
    assert board["rows"][0]["name"] == "<img src=x onerror=1>"
    assert http.get("/api/leaderboards").json() == {
        "boards": [{"form": "modern/4", "variant": "modern", "players": 4, "against": "people"}]
    }
    missing = http.get("/api/people/Nobody")
    assert missing.status_code == 404 and missing.json() == {
        "error": "nobody here is named 'Nobody'"
    }
    assert (
        http.get(f"/api/people/{'x' * 500}").json()["error"] == "nobody here has a name that long"
    )
    for form in ("modern/9", "nothing/4", "modern/four"):
        refused = http.get(f"/api/leaderboard/{form}")
        assert refused.status_code == 404 and "there is no form" in refused.json()["error"]
    for query in ("limit=101", "limit=0", "offset=-1", "offset=10001", "days=0", "min_games=0"):
        refused = http.get(f"/api/leaderboard/modern/4?{query}")
        assert refused.status_code == 422 and refused.json()["error"].startswith("the field")
    assert http.get("/api/leaderboard/modern/4?against=robots").status_code == 422
    schema = http.get("/openapi.json").json()
    for path in ("/api/people/{name}", "/api/leaderboard/{variant}/{players}", "/api/leaderboards"):
        answer_schema = schema["paths"][path]["get"]["responses"]["200"]["content"]
        assert "$ref" in answer_schema["application/json"]["schema"]  # (a response model)


def test_a_client_that_reads_too_fast_is_refused_with_when_to_come_back(
    client: tuple[TestClient, Store],
) -> None:
    http, _ = client
    answers = []
    for _ in range(10 * profiles.READS_BURST):  # (a bound: the burst is spent long before)
        answers.append(http.get("/api/leaderboards"))
        if answers[-1].status_code != 200:
            break
    assert len(answers) > profiles.READS_BURST  # (the burst was served whole)
    assert answers[-1].status_code == 429 and int(answers[-1].headers["retry-after"]) >= 1
    assert "too many requests for profiles and leaderboards" in answers[-1].json()["error"]


def test_through_the_api_a_private_game_is_shown_to_the_signed_in_person_who_sat_there(
    client: tuple[TestClient, Store], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The viewer is who the cookie signs in: Ann signed up (the API) and seated at a private
    table sees its game in her profile; a guest asking for the same profile does not."""
    http, store = client
    monkeypatch.setattr(accounts.passwords, "HASHER", CHEAP)
    made = http.post("/api/account/signup", json={"name": "Ann", "password": "hearts-4-ever"})
    assert made.status_code == 201, made.text
    people = People(store)
    with store._transaction("find Ann", read=True) as session:
        ann = session.scalars(select(AccountRow.id).where(AccountRow.name == "Ann")).one()
    bob = people.account("Bob")
    private = people.game([("Ann", ann), ("Bob", bob)], public=False, form="modern/3")
    mine = http.get("/api/people/Ann").json()
    assert [game["table"] for game in mine["recent"]] == [private]
    guest = TestClient(http.app)  # (cookies of its own, on the app's own loop)
    guest.portal = http.portal
    theirs = guest.get("/api/people/Ann").json()
    assert theirs["recent"] == [] and theirs["name"] == "Ann"
