"""Ratings and statistics (hearts.server.ratings), on SQLite and on PostgreSQL for real: a rated
game of four signed-in people played through the server, its ratings and statistics settled once
and exactly as OpenSkill computes them; a leaver rated last; one person against bots rated
against the levels' fixed ratings; people and bots together, and changed rules, not rated; the
statistics and ratings rebuilt from the stored events equal those kept, after a thousand games.

The first test signs its people up and seats them through the API; the others make the
accounts' rows and tie the seats to them in the store (:func:`sign_up`, :func:`tie`), which is
quicker and lets them choose who sits where."""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
import sqlalchemy
from fastapi.testclient import TestClient
from openskill.models import PlackettLuce
from sqlalchemy import func, select
from starlette.websockets import WebSocketDisconnect
from tests.server.conftest import UNLIMITED
from tests.server.players import PERSON, Player, bot, hello, make, play_until

from hearts import Game, variants
from hearts.events import GameOver
from hearts.server import ServerConfig, create_app, profiles, ratings
from hearts.server import accounts as accounts_module
from hearts.server.store import (
    AccountRow,
    EventRow,
    GameStatRow,
    NewSeat,
    RatingHistoryRow,
    RatingRow,
    SeatRow,
    Store,
    TableRow,
)
from hearts.stats import GameSummary, add_up, summary

from .test_accounts import CHEAP


def sign_up(store: Store, *names: str) -> list[int]:
    """Accounts for these names (as the accounts part will make them); their ids."""
    now = datetime.now(UTC)
    with store._transaction("make accounts") as session:
        rows = [
            AccountRow(
                name=name,
                name_key=name.casefold(),
                password_hash="x",
                recovery_hash="x",
                created=now,
                seen=now,
            )
            for name in names
        ]
        session.add_all(rows)
        session.flush()
        return [row.id for row in rows]


def tie(store: Store, table_id: str, accounts: dict[int, int], *, rated: bool = False) -> None:
    """Tie seats to accounts ({seat: account}); mark the table rated (as made so)."""
    with store._transaction("tie seats") as session:
        for seat, account in accounts.items():
            row = session.get(SeatRow, (table_id, seat))
            assert row is not None
            row.account_id = account
        if rated:
            table = session.get(TableRow, table_id)
            assert table is not None
            table.options = {**table.options, "rated": True}


def tie_served(http: TestClient, store: Store, *args: Any, **kwargs: Any) -> None:
    """:func:`tie`, on the server's own store thread (where its moves are stored, one
    transaction at a time: SQLite takes one writer)."""
    hub = http.app.state.hub  # type: ignore[attr-defined]
    hub._db.submit(tie, store, *args, **kwargs).result()


def rows(store: Store, kind: type[Any], *order: Any) -> list[dict[str, Any]]:
    """Every row of a table as dicts (no surrogate id), in ``order``."""
    with store._transaction("read rows", read=True) as session:
        found = session.scalars(select(kind).order_by(*order)).all()
        return [
            {
                column.key: getattr(row, column.key)
                for column in kind.__table__.columns
                if column.key != "id"
            }
            for row in found
        ]


def count(store: Store, kind: type[Any], table_id: str | None = None) -> int:
    with store._transaction("count rows", read=True) as session:
        query = select(func.count()).select_from(kind)
        if table_id is not None:
            query = query.where(kind.table_id == table_id)
        return int(session.scalar(query) or 0)


def wait_for(check: Callable[[], bool], what: str, bound: float = 60.0) -> None:
    """Poll a state until it holds (the settling runs on the server's store thread); fails
    after ``bound`` seconds."""
    end = time.monotonic() + bound
    while not check():
        if time.monotonic() > end:
            raise AssertionError(f"{what}: not so after {bound} s")
        time.sleep(0.02)


@pytest.fixture
def served(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[TestClient, Store]]:
    """The server on the test's database (SQLite or PostgreSQL), and its store (passwords
    hashed at Argon2id's cheapest)."""
    monkeypatch.setattr(accounts_module.passwords, "HASHER", CHEAP)
    store = Store(database_url)
    store.upgrade()
    app = create_app(ServerConfig(bot_workers=0, **UNLIMITED), store=store)
    with TestClient(app) as client:
        yield client, store
    store.close()


def four_people(http: TestClient, variant: str = "simple") -> tuple[str, list[str]]:
    """A table of four people: its id and the seats' tokens (seat order)."""
    made = make(http, [PERSON] * 4, variant=variant)
    tokens = [made["token"]]
    for name in ("Bob", "Cy", "Di"):
        joined = http.post(f"/api/tables/{made['code']}/join", json={"name": name}).json()
        tokens.append(joined["token"])
    return made["table"]["id"], tokens


def four_signed_in(http: TestClient, store: Store) -> tuple[str, list[str], list[int]]:
    """Four people sign up through the API (each its own browser: its own cookie); Ann makes a
    rated table of four people's seats and the others join it: its id, the seats' tokens and
    the accounts' ids (seat order)."""
    tokens: list[str] = []
    code = table = ""
    for name in ("Ann", "Bob", "Cy", "Di"):
        browser = TestClient(http.app)
        browser.portal = http.portal  # (the app's own loop, as a server has one)
        made = browser.post("/api/account/signup", json={"name": name, "password": "pw-" * 4})
        assert made.status_code == 201, made.text
        if not table:
            seated = browser.post(
                "/api/tables", json={"variant": "simple", "rated": True, "seats": [PERSON] * 4}
            )
            assert seated.status_code == 201, seated.text
            table, code = seated.json()["table"]["id"], seated.json()["code"]
        else:
            seated = browser.post(f"/api/tables/{code}/join", json={"name": "typed"})
            assert seated.status_code == 200, seated.text
        assert seated.json()["seat"] == len(tokens)
        tokens.append(seated.json()["token"])
    with store._transaction("read the seats", read=True) as session:
        ids = {name: id for name, id in session.execute(select(AccountRow.name, AccountRow.id))}
        tied = session.scalars(
            select(SeatRow.account_id).where(SeatRow.table_id == table).order_by(SeatRow.seat)
        ).all()
    assert list(tied) == [ids[name] for name in ("Ann", "Bob", "Cy", "Di")]
    return table, tokens, list(tied)


def ranks_of(totals: list[int], higher_wins: bool) -> list[int]:
    """Places by the totals, worked out here apart from the code under test."""
    return [
        1 + sum((other > mine) if higher_wins else (other < mine) for other in totals)
        for mine in totals
    ]


def test_a_rated_game_of_four_signed_in_people_is_rated_once_as_openskill_computes_it(
    served: tuple[TestClient, Store],
) -> None:
    """RATED GAME: four people sign up, one makes a rated table and the others join it, all
    through the API, and they play it through the server's sockets; at
    its end every seat's rating is OpenSkill's Plackett-Luce on the finishing order (computed
    here with openskill itself), one history row and one statistics row a seat; settling again
    (the hook running twice, or after a restart) changes nothing."""
    http, store = served
    table, tokens, accounts = four_signed_in(http, store)
    with (
        http.websocket_connect(f"/ws/tables/{table}") as a,
        http.websocket_connect(f"/ws/tables/{table}") as b,
        http.websocket_connect(f"/ws/tables/{table}") as c,
        http.websocket_connect(f"/ws/tables/{table}") as d,
    ):
        players = [hello(s, t) for s, t in zip((a, b, c, d), tokens, strict=True)]
        play_until(players, lambda: any(m["type"] == "over" for m in players[0].seen))
        over = next(m for m in players[0].seen if m["type"] == "over")
    wait_for(lambda: count(store, GameStatRow, table) == 4, "four statistics rows")
    model = PlackettLuce()
    expected = model.rate(
        [[model.rating()] for _ in range(4)],
        ranks=[float(r) for r in ranks_of(over["totals"], higher_wins=True)],
    )
    kept = {row["account_id"]: row for row in rows(store, RatingRow, RatingRow.account_id)}
    for account, team in zip(accounts, expected, strict=True):
        row = kept[account]
        assert (row["form"], row["against"], row["games"]) == ("simple/4", "people", 1)
        assert row["mu"] == pytest.approx(team[0].mu, abs=1e-9)
        assert row["sigma"] == pytest.approx(team[0].sigma, abs=1e-9)
        assert row["shown"] == ratings.shown(team[0].mu, team[0].sigma)
    assert count(store, RatingHistoryRow) == 4
    stats = rows(store, GameStatRow, GameStatRow.seat)
    assert [row["place"] for row in stats] == ranks_of(over["totals"], higher_wins=True)
    assert all(row["rated"] and row["against"] == "people" for row in stats)
    before = (rows(store, RatingRow, RatingRow.account_id), stats)
    assert ratings.settle(store, table) is None  # (once: a second settling writes nothing)
    assert ratings.settle_pending(store) == 0
    after = (
        rows(store, RatingRow, RatingRow.account_id),
        rows(store, GameStatRow, GameStatRow.seat),
    )
    assert after == before and count(store, RatingHistoryRow) == 4


def test_a_guest_cannot_make_a_rated_table(served: tuple[TestClient, Store]) -> None:
    """A rated table is made by a signed-in person: a guest asking for one is refused in a
    sentence and no table is made."""
    http, store = served
    refused = http.post("/api/tables", json={"rated": True, "seats": [PERSON] * 4})
    assert refused.status_code == 403 and "sign in" in refused.json()["error"]
    assert count(store, TableRow) == 0


def test_a_person_who_leaves_is_rated_last_and_the_bot_in_the_seat_is_not(
    served: tuple[TestClient, Store],
) -> None:
    """LEAVER: the person who left for good is ranked below every seat that stayed (the
    stand-in that played the seat on is not rated); the others keep their finishing order."""
    http, store = served
    accounts = sign_up(store, "Ann", "Bob", "Cy", "Di")
    table, tokens = four_people(http)
    tie_served(http, store, table, dict(enumerate(accounts)), rated=True)
    with (
        http.websocket_connect(f"/ws/tables/{table}") as a,
        http.websocket_connect(f"/ws/tables/{table}") as b,
        http.websocket_connect(f"/ws/tables/{table}") as c,
        http.websocket_connect(f"/ws/tables/{table}") as d,
    ):
        players = [hello(s, t) for s, t in zip((a, b, c, d), tokens, strict=True)]
        leaver = players.pop(3)
        leaver.send({"type": "leave"})
        play_until(players, lambda: any(m["type"] == "over" for m in players[0].seen))
        over = next(m for m in players[0].seen if m["type"] == "over")
    wait_for(lambda: count(store, GameStatRow, table) == 4, "four statistics rows")
    ranks = ranks_of(over["totals"], higher_wins=True)
    ranks[3] = 5
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in range(4)], ranks=[float(r) for r in ranks])
    kept = {row["account_id"]: row for row in rows(store, RatingRow, RatingRow.account_id)}
    for account, team in zip(accounts, expected, strict=True):
        assert kept[account]["mu"] == pytest.approx(team[0].mu, abs=1e-9)
    assert kept[accounts[3]]["mu"] < min(kept[a]["mu"] for a in accounts[:3])
    assert len(kept) == 4  # (nobody else rated: the stand-in has no rating)


def leave_and_watch(http: TestClient, table: str, token: str) -> None:
    """The person at ``token``'s seat leaves for good at once (the stand-in plays the seat:
    the game goes quickly); returns once a watcher is told the game is over."""
    with http.websocket_connect(f"/ws/tables/{table}") as socket:
        person = hello(socket, token)
        person.send({"type": "leave"})
        with pytest.raises(WebSocketDisconnect):  # (the server lets the leaver go)
            person.until("never", limit=100_000)
    with http.websocket_connect(f"/ws/tables/{table}") as socket:
        hello(socket, watch=True).until("over", limit=100_000)


def test_one_person_against_bots_is_rated_against_the_levels_fixed_ratings(
    served: tuple[TestClient, Store],
) -> None:
    """AGAINST THE COMPUTER: one signed-in person and three measured levels in modern/4: the
    person rated 'bots' against the levels' fitted ratings (which do not change); the person
    left, so she is ranked last."""
    http, store = served
    (ann,) = sign_up(store, "Ann")
    made = make(http, [PERSON, bot("easy"), bot("easy"), bot("random")])
    table = made["table"]["id"]
    tie_served(http, store, table, {0: ann})
    leave_and_watch(http, table, made["token"])
    wait_for(lambda: count(store, GameStatRow, table) == 1, "a statistics row")
    skills = ratings.level_skills("modern/4")
    assert skills is not None
    model = PlackettLuce()
    teams = [[model.rating()]] + [
        [model.rating(mu=skills[name][0], sigma=skills[name][1])]
        for name in ("easy", "easy", "random")
    ]
    stored = store.get(table)
    assert stored is not None and isinstance(stored.events[-1], GameOver)
    totals = list(stored.events[-1].totals)
    ranks = ranks_of(totals, higher_wins=False)
    ranks[0] = 5
    expected = model.rate(teams, ranks=[float(r) for r in ranks])[0][0]
    (row,) = rows(store, RatingRow, RatingRow.account_id)
    assert (row["form"], row["against"], row["games"]) == ("modern/4", "bots", 1)
    assert row["mu"] == pytest.approx(expected.mu, abs=1e-9)
    assert row["sigma"] == pytest.approx(expected.sigma, abs=1e-9)
    (stat,) = rows(store, GameStatRow, GameStatRow.seat)
    assert stat["rated"] and stat["against"] == "bots" and stat["form"] == "modern/4"
    assert ratings.level_skills("modern/4") == skills  # (the levels are fixed)


def test_people_and_bots_together_and_changed_rules_are_not_rated(
    served: tuple[TestClient, Store],
) -> None:
    """NOT RATED: two signed-in people and two bots at a table made rated: statistics kept
    (against bots), no rating; a table whose options change the rules has no form: neither."""
    http, store = served
    ann, bob = sign_up(store, "Ann", "Bob")
    made = make(http, [PERSON, PERSON, bot("easy"), bot("easy")], variant="simple")
    table = made["table"]["id"]
    joined = http.post(f"/api/tables/{made['code']}/join", json={"name": "Bob"}).json()
    tie_served(http, store, table, {0: ann, 1: bob}, rated=True)
    with (
        http.websocket_connect(f"/ws/tables/{table}") as a,
        http.websocket_connect(f"/ws/tables/{table}") as b,
    ):
        players: list[Player] = [hello(a, made["token"]), hello(b, joined["token"])]
        play_until(players, lambda: any(m["type"] == "over" for m in players[0].seen))
    wait_for(lambda: count(store, GameStatRow, table) == 2, "two statistics rows")
    assert count(store, RatingRow) == 0 and count(store, RatingHistoryRow) == 0
    assert {row["rated"] for row in rows(store, GameStatRow, GameStatRow.seat)} == {False}
    changed = make(http, [PERSON, bot("easy"), bot("easy"), bot("easy")], options={"target": 20})
    tie_served(http, store, changed["table"]["id"], {0: ann})
    leave_and_watch(http, changed["table"]["id"], changed["token"])
    assert ratings.settle(store, changed["table"]["id"]) is None  # (no form: nothing to keep)
    assert count(store, GameStatRow, changed["table"]["id"]) == 0
    assert count(store, RatingRow) == 0


def random_game(rng: random.Random) -> Game:
    """A one-deal game (the preset ``simple``) played by random legal moves."""
    game = Game(variants.get("simple"), seed=rng.randrange(2**63), hand_seeds=True)
    while not game.is_over:
        game.play(rng.choice(list(game.legal_moves())), game.to_act)
    return game


def no_flush_to_disk(store: Store) -> None:
    """Commits that do not wait for the disk (SQLite ``synchronous=OFF``, PostgreSQL
    ``synchronous_commit=off``): what is committed is the same, a thousand commits are quick."""
    engine = store._engine
    setting = (
        "SET synchronous_commit TO OFF"
        if engine.dialect.name == "postgresql"
        else "PRAGMA synchronous=OFF"
    )

    def quick(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute(setting)
        cursor.close()

    sqlalchemy.event.listen(engine, "connect", quick)
    engine.dispose()  # (the connections made before: made again with the setting)


def store_finished(
    store: Store,
    game: Game,
    options: dict[str, Any],
    seats: list[tuple[str, int | None]],
    number: int,
) -> str:
    """A finished game stored as the server stores one (its table, seats tied to accounts,
    every event, status "over"), in one transaction; its table's id."""
    table_id = secrets.token_hex(6)
    now = datetime.now(UTC)
    with store._transaction("store a finished game") as session:
        session.add(
            TableRow(
                id=table_id,
                code=f"{number:06d}",
                created=now,
                updated=now,
                variant="simple",
                rules=game.rules.to_dict(),
                options=options,
                seed=game.seed or 0,
                dealer=game.first_dealer,
                status="over",
                seats=[
                    SeatRow(
                        seat=n,
                        name=f"S{n}",
                        kind=kind,
                        bot="easy" if kind == "bot" else None,
                        left_for_good=False,
                        account_id=account,
                    )
                    for n, (kind, account) in enumerate(seats)
                ],
            )
        )
        session.flush()
        session.execute(
            sqlalchemy.insert(EventRow),
            [
                {"table_id": table_id, "number": n, "event": event.to_dict()}
                for n, event in enumerate(game.events)
            ],
        )
    return table_id


def test_statistics_and_ratings_rebuilt_from_the_events_equal_those_kept(store: Store) -> None:
    """REBUILD: a thousand random games of people, guests and bots, some rated, stored and
    settled one by one as they end; every statistics row, rating and history row made again
    from the stored events alone is the same as the one kept."""
    no_flush_to_disk(store)
    rng = random.Random(36)
    accounts = sign_up(store, *(f"P{n}" for n in range(12)))
    settled = 0
    for number in range(1000):
        game = random_game(rng)
        kinds = [rng.choice(("person", "person", "person", "guest", "bot")) for _ in range(4)]
        people = rng.sample(accounts, 4)
        table_id = store_finished(
            store,
            game,
            {"rated": rng.random() < 0.7},
            [
                ("bot", None)
                if kind == "bot"
                else ("human", people[n] if kind == "person" else None)
                for n, kind in enumerate(kinds)
            ],
            number,
        )
        settled += ratings.settle(store, table_id) is not None
    assert settled > 500
    kept = [
        rows(store, GameStatRow, GameStatRow.table_id, GameStatRow.seat),
        rows(store, RatingRow, RatingRow.account_id, RatingRow.form, RatingRow.against),
        rows(store, RatingHistoryRow, RatingHistoryRow.table_id, RatingHistoryRow.account_id),
    ]
    assert len(kept[1]) == 12 and len(kept[2]) > 200  # (some rated, against people)
    assert ratings.rebuild(store) == settled
    again = [
        rows(store, GameStatRow, GameStatRow.table_id, GameStatRow.seat),
        rows(store, RatingRow, RatingRow.account_id, RatingRow.form, RatingRow.against),
        rows(store, RatingHistoryRow, RatingHistoryRow.table_id, RatingHistoryRow.account_id),
    ]
    for before, after in zip(kept, again, strict=True):
        for row in before + after:
            row.pop("updated", None)  # (when a rating was last written, not what it is)
        assert before == after
    # (a profile's statistics, summed by the database, are the core's sums of the same games)
    with store._transaction("read a person's games", read=True) as session:
        name = session.scalars(select(AccountRow.name).where(AccountRow.id == accounts[0])).one()
        games = session.scalars(select(GameStatRow).where(GameStatRow.account_id == accounts[0]))
        grouped: dict[tuple[str, str], list[GameSummary]] = {}
        for row in games:
            grouped.setdefault((row.form, row.against), []).append(summary_of(row))
    found = profiles.profile(store, name, None)
    assert found is not None and grouped
    by_sql = {(line.form, line.against): line for line in found.statistics}
    assert set(by_sql) == set(grouped)
    for key, summaries in grouped.items():
        totals, line = add_up(summaries), by_sql[key]
        assert (line.games, line.wins, line.hands, line.points) == (
            totals.games,
            totals.wins,
            totals.hands,
            totals.points,
        )
        assert (line.moons_shot, line.moons_against, line.queen_taken) == (
            totals.moons_shot,
            totals.moons_against,
            totals.queen_taken,
        )
    assert sum(len(s) for s in grouped.values()) == count_for(store, accounts[0])


def summary_of(row: GameStatRow) -> GameSummary:
    """A ``game_stats`` row as the core's summary of a game."""
    return GameSummary(
        seat=row.seat,
        players=row.players,
        place=row.place,
        points=row.points,
        hands=row.hands,
        moons_shot=row.moons_shot,
        moons_against=row.moons_against,
        queen_taken=row.queen_taken,
        hands_without_trick=row.hands_without_trick,
        by_pass=dict(row.by_pass),
    )


def count_for(store: Store, account: int) -> int:
    with store._transaction("count", read=True) as session:
        query = (
            select(func.count()).select_from(GameStatRow).where(GameStatRow.account_id == account)
        )
        return int(session.scalar(query) or 0)


def test_a_finished_game_left_unsettled_is_settled_at_the_next_start(store: Store) -> None:
    """RESTART: a game that ended while the server stopped before settling it is settled by
    :func:`ratings.settle_pending` (the hub runs it at start), once."""
    (ann,) = sign_up(store, "Ann")
    game = random_game(random.Random(1))
    stored = store.create_table(
        variant="simple",
        rules=game.rules,
        options={},
        seed=game.seed or 0,
        dealer=game.first_dealer,
        seats=[NewSeat("Ann", token="t")] + [NewSeat(f"b{n}", "bot", "easy") for n in (1, 2, 3)],
    )
    tie(store, stored.id, {0: ann})
    store.append_events(stored.id, 0, game.events, status="over")
    assert ratings.settle_pending(store) == 1
    assert ratings.settle_pending(store) == 0
    (row,) = rows(store, GameStatRow, GameStatRow.seat)
    assert row["place"] == summary(game.rules, game.events, 0).place


def test_the_levels_ratings_are_served_by_form_and_documented(
    served: tuple[TestClient, Store],
) -> None:
    """LEVELS: ``/api/levels`` gives each measured form's level numbers (those the lobby shows
    beside the levels' names), none for a form not measured; it is in the OpenAPI document."""
    http, _ = served
    reply = http.get("/api/levels")
    assert reply.status_code == 200
    assert reply.json()["modern/4"] == ratings.level_ratings("modern/4")
    assert "modern/3" not in reply.json() and ratings.level_ratings("modern/3") is None
    assert "/api/levels" in http.get("/openapi.json").json()["paths"]
