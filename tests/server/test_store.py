"""The server's store (hearts.server.store), on SQLite and on PostgreSQL for real: the
migrations, the round trip of a table, events appended in order in one transaction (a gap or a
duplicate refused, nothing half stored), tables resumed after a restart, tokens kept only as
hashes, and appends from two threads at once."""

from __future__ import annotations

import hashlib
import logging
import os
import random
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC
from pathlib import Path

import pytest
import sqlalchemy
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, inspect, text
from sqlalchemy.pool import NullPool

from hearts import Game, variants
from hearts.events import Event, move_of
from hearts.server.store import (
    CODE_ALPHABET,
    DATA_DIR_ENV,
    Base,
    NewSeat,
    Store,
    StoreError,
    hash_token,
    migrations_config,
)

SEED = 2**63 - 1
"""The largest seed a game draws (63 bits): it must come back whole from a BigInteger."""


def played(seed: int, moves: int | None = None) -> Game:
    """A classic game from ``seed`` with ``moves`` random legal moves made (all: to the end)."""
    game = Game(variants.get("classic"), seed=seed)
    rng = random.Random(seed)
    made = 0
    while not game.is_over and (moves is None or made < moves):
        game.play(rng.choice(game.legal_moves()), game.to_act)
        made += 1
    return game


def seats(token: str | None = "token-0") -> list[NewSeat]:
    """A person at seat 0 (holding ``token``) and three bots."""
    return [NewSeat("Ann", token=token)] + [NewSeat(f"bot {n}", "bot", "basic") for n in (1, 2, 3)]


def new_table(store: Store, game: Game, *, public: bool = False, token: str = "token-0") -> str:
    """Store a table for ``game`` with its opening events; its id."""
    table = store.create_table(
        variant="classic",
        rules=game.rules,
        options={"public": public, "timer": 30, "laws": [12, 29]},
        seed=game.seed if game.seed is not None else 0,
        dealer=game.first_dealer,
        seats=seats(token),
        events=game.events,
    )
    return table.id


@pytest.fixture
def engine_of(database_url: str) -> Iterator[Engine]:
    """A plain engine on the test's database, to look at it behind the store's back."""
    engine = create_engine(database_url, poolclass=NullPool)
    yield engine
    engine.dispose()


# --- Migrations -----------------------------------------------------------------------------


def _our_tables(database_url: str) -> set[str]:
    engine = create_engine(database_url, poolclass=NullPool)
    try:
        return set(inspect(engine).get_table_names()) - {"alembic_version"}
    finally:
        engine.dispose()


def _revision(database_url: str) -> str | None:
    engine = create_engine(database_url, poolclass=NullPool)
    try:
        with engine.connect() as connection:
            return MigrationContext.configure(connection).get_current_revision()
    finally:
        engine.dispose()


ALL_TABLES = {
    "tables",
    "seats",
    "events",
    "records",
    "accounts",
    "sessions",
    "ratings",
    "rating_history",
    "game_stats",
    "reviews",
    "duplicate_events",
    "duplicate_entries",
    "duplicate_plays",
    "processes",
}


def test_people_come_to_a_database_of_the_previous_revision_and_its_games_stay_guests(
    database_url: str,
) -> None:
    """A game stored, the database taken down to 0003 (the people's tables go, the game stays)
    and up to the newest again: the game is still there, every seat a guest's (no account)."""
    with Store(database_url) as store:
        store.upgrade()
        game = played(3, 10)
        table = new_table(store, game)
        store.downgrade("0003")
        assert _revision(database_url) == "0003"
        assert _our_tables(database_url) == {"tables", "seats", "events", "records"}
        with store._engine.connect() as connection:
            count = connection.exec_driver_sql("SELECT count(*) FROM events").scalar_one()
        assert count == len(game.events)
        store.upgrade()
        assert (
            _revision(database_url)
            == ScriptDirectory.from_config(migrations_config()).get_current_head()
        )
        assert _our_tables(database_url) == ALL_TABLES
        kept = store.get(table)
        assert kept is not None and len(kept.events) == len(game.events)
        with store._engine.connect() as connection:
            accounts = connection.exec_driver_sql("SELECT account_id FROM seats").all()
        assert accounts and all(row[0] is None for row in accounts)


def test_migrations_go_from_empty_to_head_down_to_base_and_up_again(database_url: str) -> None:
    """upgrade() makes the store's tables on an empty database and records the newest revision;
    downgrade("base") removes them; upgrade() makes them again, and they work."""
    head = ScriptDirectory.from_config(migrations_config()).get_current_head()
    assert head is not None
    with Store(database_url) as store:
        assert _our_tables(database_url) == set()
        store.upgrade()
        assert _our_tables(database_url) == ALL_TABLES
        assert _revision(database_url) == head
        store.downgrade("base")
        assert _our_tables(database_url) == set()
        assert _revision(database_url) is None
        store.upgrade()
        assert _our_tables(database_url) == ALL_TABLES
        assert _revision(database_url) == head
        game = played(3, 10)
        assert store.get(new_table(store, game)) is not None


def test_the_models_match_the_migrations(store: Store, database_url: str) -> None:
    """Alembic's autogenerate, comparing the migrated database with the ORM models (types
    included), finds no difference: the models and the migrations describe one schema."""
    engine = create_engine(database_url, poolclass=NullPool)
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            assert compare_metadata(context, Base.metadata) == []
    finally:
        engine.dispose()


def test_a_store_with_no_schema_says_to_upgrade(database_url: str) -> None:
    """Used before upgrade(), the store says the database has no tables yet, in a sentence."""
    with Store(database_url) as store, pytest.raises(StoreError, match="has no tables yet"):
        store.playing()


def test_a_database_of_a_newer_schema_is_refused_in_a_sentence(
    store: Store, engine_of: Engine
) -> None:
    """A database at a revision this hearts does not know (a newer hearts upgraded it): upgrade()
    says so in a sentence and leaves the database as it was."""
    with engine_of.begin() as connection:
        connection.exec_driver_sql("UPDATE alembic_version SET version_num = '0099'")
    with pytest.raises(StoreError, match=r"cannot upgrade the database .*'0099'"):
        store.upgrade()
    with engine_of.connect() as connection:
        assert connection.exec_driver_sql("SELECT version_num FROM alembic_version").all() == [
            ("0099",)
        ]


# --- Tables ---------------------------------------------------------------------------------


def test_a_table_comes_back_as_it_was_stored_by_id_and_by_code(store: Store) -> None:
    """create_table, get and by_code agree on every field: the id (12 URL-safe characters),
    the code (6 of the alphabet with no look-alikes, found in any case, dashes ignored), times
    in UTC, the rules, options, a 63-bit seed, the dealer, the seats and the events in order."""
    game = played(SEED, 20)
    made = store.create_table(
        variant="classic",
        rules=game.rules,
        options={"public": True, "timer": 30, "grace": 60, "laws": [12, 29]},
        seed=SEED,
        dealer=game.first_dealer,
        seats=seats(),
        events=game.events,
    )
    assert len(made.id) == 12 and all(c.isalnum() or c in "-_" for c in made.id)
    assert len(made.code) == 6 and set(made.code) <= set(CODE_ALPHABET)
    assert made.created.tzinfo is UTC and made.updated.tzinfo is UTC
    assert made.status == "playing"
    assert made.seed == SEED
    assert made.rules == game.rules
    assert made.options == {"public": True, "timer": 30, "grace": 60, "laws": [12, 29]}
    assert [seat.name for seat in made.seats] == ["Ann", "bot 1", "bot 2", "bot 3"]
    assert [(seat.kind, seat.bot) for seat in made.seats] == [("human", None)] + [
        ("bot", "basic")
    ] * 3
    assert made.events == tuple(game.events)
    assert store.get(made.id) == made
    code = made.code.lower()
    assert store.by_code(f"{code[:3]}-{code[3:]}") == made
    assert store.get("no-such-tabl") is None
    assert store.by_code("ZZZZZZ" if made.code != "ZZZZZZ" else "YYYYYY") is None


def test_bad_tables_are_refused_and_nothing_is_stored(store: Store) -> None:
    """A seed out of 63 bits, a dealer who is no seat, the wrong number of seats, a kind of
    seat that does not exist, options that are no JSON: each a StoreError, and no table."""
    rules = variants.get("classic")
    good = {"variant": "classic", "rules": rules, "options": {}, "seed": 1, "dealer": 0}
    bad = [
        ({**good, "seed": 2**63}, "seed=9223372036854775808"),
        ({**good, "dealer": 4}, "dealer=4 is not one of the 4 seats"),
        ({**good, "options": {"when": object()}}, "cannot be stored as JSON"),
    ]
    for arguments, message in bad:
        with pytest.raises(StoreError, match=message):
            store.create_table(**arguments, seats=seats())  # type: ignore[arg-type]
    with pytest.raises(StoreError, match="needs 4 seats, not 3"):
        store.create_table(**good, seats=seats()[:3])  # type: ignore[arg-type]
    with pytest.raises(StoreError, match="'robot' is no kind of seat"):
        store.create_table(**good, seats=[*seats()[:3], NewSeat("R", "robot")])  # type: ignore[arg-type]
    assert store.playing() == []


# --- Events ---------------------------------------------------------------------------------


def test_events_appended_in_order_are_all_stored_in_order(store: Store) -> None:
    """Events appended in batches, each from the number after the last, come back as the
    game's whole log; append_events returns the next number; the status given is stored."""
    game = played(5)
    events = game.events
    table_id = store.create_table(
        variant="classic",
        rules=game.rules,
        options={},
        seed=5,
        dealer=0,
        seats=seats(),
    ).id
    number = 0
    rng = random.Random(1)
    while number < len(events):
        batch = events[number : number + rng.randint(1, 9)]
        last = number + len(batch) == len(events)
        number = store.append_events(table_id, number, batch, status="over" if last else None)
    stored = store.get(table_id)
    assert stored is not None
    assert stored.events == tuple(events)
    assert stored.status == "over"


def test_a_gap_is_refused_and_nothing_is_stored(store: Store) -> None:
    """Appending from a number past the next leaves a gap: refused, saying what the next number
    is, and neither the events nor the status given are stored."""
    game = played(6, 30)
    table_id = new_table(store, game, token="t")
    before = store.get(table_id)
    assert before is not None
    first = len(before.events)
    with pytest.raises(StoreError, match=f"would leave a gap \\(the next is {first}\\)"):
        store.append_events(table_id, first + 1, game.events[:3], status="over")
    assert store.get(table_id) == before


def test_a_process_appends_only_to_the_tables_it_owns(store: Store) -> None:
    """Several processes (hearts.server.cluster): a store that writes for process 1 appends to
    a table process 1 owns, alone or with others in one commit, and is refused one process 2
    took over, storing nothing of it (a stale owner's move never reaches the new owner's
    table); with no owner (one process serves) every table takes it."""
    game = played(8, 30)
    mine = store.create_table(
        variant="classic", rules=game.rules, options={}, seed=8, dealer=0, seats=seats(),
        events=game.events[:5], owner=1,
    ).id  # fmt: skip
    theirs = store.create_table(
        variant="classic", rules=game.rules, options={}, seed=8, dealer=0, seats=seats(),
        events=game.events[:5], owner=2,
    ).id  # fmt: skip
    store.owner = 1
    assert store.append_events(mine, 5, game.events[5:6]) == 6
    with pytest.raises(StoreError, match="driven by another of the server's processes"):
        store.append_events(theirs, 5, game.events[5:6])
    results = store.append_many(
        [(mine, 6, game.events[6:7], None), (theirs, 5, game.events[5:6], None)]
    )
    assert results[0] is None and "driven by another" in str(results[1])
    kept = store.get(theirs)
    assert kept is not None and len(kept.events) == 5
    store.owner = None
    assert store.append_events(theirs, 5, game.events[5:6]) == 6


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_processes_sharing_a_store_and_a_server_alone_never_hold_it_together(
    database_url: str,
) -> None:
    """PostgreSQL (several processes share no SQLite store): processes started to share a store
    (``hold(shared=True)``) hold it together; a server that would hold it alone is refused
    beside them, in a sentence saying how they share it, and once it holds it they are refused
    beside it."""
    one, two, alone = Store(database_url), Store(database_url), Store(database_url)
    try:
        one.hold(shared=True)
        two.hold(shared=True)
        with pytest.raises(StoreError, match="give each the same --redis-url"):
            alone.hold()
        one.release()
        two.release()
        alone.hold()
        with pytest.raises(StoreError, match="started without --redis-url"):
            one.hold(shared=True)
    finally:
        for store in (one, two, alone):
            store.close()


def test_a_number_already_stored_is_refused_and_nothing_is_stored(store: Store) -> None:
    """Appending from a number already stored (a duplicate) is refused, and nothing changes."""
    game = played(7, 30)
    table_id = new_table(store, game)
    before = store.get(table_id)
    assert before is not None
    with pytest.raises(StoreError, match="already has event number 2: the next to store"):
        store.append_events(table_id, 2, game.events[2:5], status="over")
    assert store.get(table_id) == before


def test_events_of_a_table_that_does_not_exist_are_refused(store: Store) -> None:
    """append_events on an unknown table id: a StoreError naming it."""
    with pytest.raises(StoreError, match="there is no table 'missing'"):
        store.append_events("missing", 0, played(8, 1).events)


def _refuse_event_number(engine: Engine, number: int) -> None:
    """Make the database itself refuse to insert event ``number`` (a trigger), so that an
    append fails in the middle, after the rows before it were inserted."""
    with engine.begin() as connection:
        if connection.dialect.name == "sqlite":
            connection.exec_driver_sql(
                f"CREATE TRIGGER refuse BEFORE INSERT ON events WHEN NEW.number = {number} "
                "BEGIN SELECT RAISE(ABORT, 'refused by the test'); END"
            )
        else:
            connection.exec_driver_sql(
                "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                f"IF NEW.number = {number} THEN RAISE EXCEPTION 'refused by the test'; END IF; "
                "RETURN NEW; END $$"
            )
            connection.exec_driver_sql(
                "CREATE TRIGGER refuse BEFORE INSERT ON events FOR EACH ROW "
                "EXECUTE FUNCTION refuse()"
            )


def test_many_events_are_stored_all_or_nothing(store: Store, engine_of: Engine) -> None:
    """When the database refuses the second of three events, append_events raises a
    StoreError with the database's reason, and none of the three, nor the status change, nor
    the new time of the table, is stored; once the database takes them, all three are."""
    game = played(9, 40)
    table_id = new_table(store, game)
    before = store.get(table_id)
    assert before is not None
    first = len(before.events)
    more = played(9, 40 + 3).events[first : first + 3]
    assert len(more) == 3
    _refuse_event_number(engine_of, first + 1)
    with pytest.raises(StoreError, match="refused by the test"):
        store.append_events(table_id, first, more, status="over")
    assert store.get(table_id) == before
    with engine_of.begin() as connection:
        connection.exec_driver_sql(
            "DROP TRIGGER refuse" + ("" if connection.dialect.name == "sqlite" else " ON events")
        )
    assert store.append_events(table_id, first, more, status="over") == first + 3
    after = store.get(table_id)
    assert after is not None
    assert after.events == (*before.events, *more) and after.status == "over"


def test_the_tables_being_played_are_resumed_after_a_restart(database_url: str) -> None:
    """A new Store on the same URL (the server restarted) finds every table still being played,
    oldest first, with every event appended before: enough to rebuild each game exactly. A
    table that is over is not resumed, but is listed as finished."""
    games = {
        seed: played(seed, moves) for seed, moves in [(11, 5), (12, 60), (13, None), (14, 130)]
    }
    with Store(database_url) as first:
        first.upgrade()
        ids = {}
        for seed, game in games.items():
            table_id = first.create_table(
                variant="classic",
                rules=game.rules,
                options={},
                seed=seed,
                dealer=game.first_dealer,
                seats=seats(),
                events=game.events[:3],
            ).id
            first.append_events(
                table_id, 3, game.events[3:], status="over" if game.is_over else None
            )
            ids[seed] = table_id
    with Store(database_url) as second:
        resumed = second.playing()
        assert [table.id for table in resumed] == [ids[11], ids[12], ids[14]]
        for table in resumed:
            game = games[table.seed]
            assert table.events == tuple(game.events)
            moves = [move for event in table.events if (move := move_of(event)) is not None]
            rebuilt = Game.replay(table.rules, table.seed, moves, dealer=table.dealer)
            assert rebuilt.events == game.events
        assert [table.id for table in second.finished(10)] == [ids[13]]
        assert second.finished(10)[0].event_count == len(games[13].events)


def test_public_tables_and_finished_tables_are_listed(store: Store) -> None:
    """public_tables lists the tables being played whose options say public, oldest first, with
    their seats and number of events and no seed; finished lists the last tables over, newest
    first, at most ``limit``."""
    open_one = new_table(store, played(21, 4), public=True)
    new_table(store, played(22, 4), public=False)
    open_two = new_table(store, played(23, 8), public=True)
    over = []
    for seed in (24, 25, 26):
        over.append(new_table(store, played(seed, 4), public=True))
        store.append_events(over[-1], len(played(seed, 4).events), [], status="over")
    public = store.public_tables()
    assert [table.id for table in public] == [open_one, open_two]
    assert public[1].event_count == len(played(23, 8).events)
    assert [seat.name for seat in public[0].seats] == ["Ann", "bot 1", "bot 2", "bot 3"]
    assert not hasattr(public[0], "seed")
    assert [table.id for table in store.finished(2)] == [over[2], over[1]]
    assert store.finished(0) == []


def test_only_public_tables_finished_games_are_listed_as_public(store: Store) -> None:
    """finished(public=True) lists the finished tables whose options say public, and no
    private one: what a lobby may show."""
    ids = {}
    for seed, public in ((31, True), (32, False), (33, True)):
        ids[seed] = new_table(store, played(seed, 4), public=public)
        store.append_events(ids[seed], len(played(seed, 4).events), [], status="over")
    assert [table.id for table in store.finished(public=True)] == [ids[33], ids[31]]
    assert [table.id for table in store.finished()] == [ids[33], ids[32], ids[31]]


def test_a_finished_tables_record_is_kept_once_read_by_id_or_code_and_replaced(
    store: Store,
) -> None:
    """keep_record keeps a finished table's record and replay (bytes), read back by its id
    or its code (any case, dashes ignored); keeping again replaces them; a table still being
    played, or none, is refused; a table with none kept reads None."""
    game = played(41)
    table = new_table(store, game)
    with pytest.raises(StoreError, match="still being played"):
        store.keep_record(table, 1, b"record", b"replay")
    store.append_events(table, len(game.events), [], status="over")
    assert store.kept_record(table) is None
    store.keep_record(table, 1, b"\x1f\x8b record", b"\x1f\x8b replay")
    code = store.get(table).code  # type: ignore[union-attr]
    for key in (table, code, f"{code[:3]}-{code[3:]}".lower()):
        kept = store.kept_record(key)
        assert kept is not None
        assert (kept.table_id, kept.code, kept.format) == (table, code, 1)
        assert (kept.record, kept.replay) == (b"\x1f\x8b record", b"\x1f\x8b replay")
    store.keep_record(table, 2, b"again", b"and again")
    kept = store.kept_record(table)
    assert kept is not None and (kept.format, kept.record, kept.replay) == (
        2,
        b"again",
        b"and again",
    )
    assert store.kept_record("nothing-here") is None
    with pytest.raises(StoreError, match="there is no table"):
        store.keep_record("nothing-here", 1, b"", b"")


# --- Seats and tokens -----------------------------------------------------------------------


def test_tokens_are_stored_only_as_their_hashes(store: Store, engine_of: Engine) -> None:
    """A seat's secret token is found nowhere in the database, only its sha256; the seat holds
    its token and no other; a new token replaces the hash; None removes it."""
    token = "Zq8-secret-token-of-seat-0"
    table_id = new_table(store, played(31, 4), token=token)
    new_token = "a-second-secret-token-7Yx"
    stored = store.get(table_id)
    assert stored is not None
    assert stored.seats[0].token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert stored.seats[0].holds(token) and not stored.seats[0].holds(new_token)
    assert not stored.seats[1].holds(token)  # a bot's seat has no token

    def everything() -> str:
        with engine_of.connect() as connection:
            rows = [
                connection.execute(text(f"SELECT * FROM {name}")).all()
                for name in ("tables", "seats", "events")
            ]
        return repr(rows)

    assert token not in everything() and hash_token(token) in everything()
    seat = store.update_seat(table_id, 0, token=new_token)
    assert seat.holds(new_token) and not seat.holds(token)
    assert new_token not in everything() and hash_token(token) not in everything()
    assert store.update_seat(table_id, 0, token=None).token_hash is None


def test_a_seat_is_changed_as_told_and_an_unknown_seat_is_refused(store: Store) -> None:
    """update_seat changes only what it is given (a bot taking over, the player leaving for
    good) and says which seat or table does not exist."""
    table_id = new_table(store, played(32, 4))
    seat = store.update_seat(table_id, 0, kind="bot", bot="expert", left=True)
    assert (seat.name, seat.kind, seat.bot, seat.left) == ("Ann", "bot", "expert", True)
    assert seat.token_hash == hash_token("token-0")
    stored = store.get(table_id)
    assert stored is not None and stored.seats[0] == seat
    with pytest.raises(StoreError, match="has no seat 4") as refused:
        store.update_seat(table_id, 4, name="X")
    assert refused.value.seats == {"seat": 4}  # (the seat as a field, issue 40 part 5)
    assert str(refused.value) == f"table {table_id!r} has no seat 4"
    with pytest.raises(StoreError, match="there is no table 'nope'"):
        store.update_seat("nope", 0, name="X")
    with pytest.raises(StoreError, match="'alien' is no kind of seat"):
        store.update_seat(table_id, 1, kind="alien")
    assert store.get(table_id) == stored


# --- Threads --------------------------------------------------------------------------------


def test_two_threads_append_to_two_tables_at_once(store: Store) -> None:
    """Two threads (neither the one that made the store) append the events of two games one at
    a time, at once: every event of each is stored, in order, and no append fails."""
    games = [played(41, 250), played(42, 250)]
    ids = [new_table(store, played(seed, 0)) for seed in (41, 42)]
    openings = [len(played(seed, 0).events) for seed in (41, 42)]
    errors: list[BaseException] = []
    start = threading.Barrier(2)

    def append(table_id: str, opening: int, events: list[Event]) -> None:
        try:
            start.wait()
            for number in range(opening, len(events)):
                store.append_events(table_id, number, [events[number]])
        except BaseException as error:  # reported below
            errors.append(error)

    threads = [
        threading.Thread(target=append, args=(table_id, opening, game.events))
        for table_id, opening, game in zip(ids, openings, games, strict=True)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert errors == []
    for table_id, game in zip(ids, games, strict=True):
        stored = store.get(table_id)
        assert stored is not None and stored.events == tuple(game.events)


# --- URLs -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("nonsense", "'nonsense' is not a database URL: give sqlite:///"),
        (
            "mysql://u:p@localhost/db",
            "is a mysql database: the server keeps its tables in SQLite or PostgreSQL",
        ),
        (
            "bogus://x",
            "is a bogus database: the server keeps its tables in SQLite or PostgreSQL",
        ),
        ("sqlite+apsw:///x.db", "SQLite is reached through Python's sqlite3, not apsw"),
        (
            "postgresql+psycopg2://u@localhost/db",
            "PostgreSQL is reached through psycopg 3, not psycopg2",
        ),
        (
            "postgresql://hearts:hearts@127.0.0.1:9/none",
            "cannot open the database postgresql\\+psycopg://hearts:\\*\\*\\*@127.0.0.1:9/none: ",
        ),
        (
            "sqlite:////no/such/folder/server.db",
            "cannot open the database sqlite:////no/such/folder/server.db: unable to open",
        ),
    ],
)
def test_a_url_that_cannot_be_used_gets_one_sentence(url: str, message: str) -> None:
    """A URL that is none, of another database, of a driver not used, of a server that does not
    answer, or of a file that cannot be made: a StoreError of one line, the password hidden."""
    with pytest.raises(StoreError, match=message) as raised:
        Store(url)
    assert "\n" not in str(raised.value)
    error = raised.value
    assert error.__cause__ is None and (error.__context__ is None or error.__suppress_context__)


def test_a_database_in_memory_is_shared_by_every_thread() -> None:
    """sqlite:// (for tests) is one database whichever thread calls: a table made from another
    thread is found by this one."""
    with Store("sqlite://") as store:
        store.upgrade()
        made: list[str] = []
        thread = threading.Thread(target=lambda: made.append(new_table(store, played(51, 2))))
        thread.start()
        thread.join(timeout=60)
        assert [table.id for table in store.playing()] == made and len(made) == 1


def test_the_default_database_is_server_db_in_the_data_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """default_url() is SQLite in server.db in $HEARTS_DATA_DIR, the folder made if need be."""
    folder = tmp_path / "data" / "hearts"
    monkeypatch.setenv(DATA_DIR_ENV, str(folder))
    assert Store.default_url() == f"sqlite:///{folder / 'server.db'}"
    assert folder.is_dir()
    with Store() as store:
        store.upgrade()
        assert store.playing() == []
    assert (folder / "server.db").is_file()


def test_appends_of_many_tables_commit_together_and_a_refused_one_takes_nothing_from_the_rest(
    store: Store,
) -> None:
    """Store.append_many: one transaction, a savepoint each: the append with a gap is refused
    (its error in its place) and stores nothing; the others are stored whole."""
    games = [played(seed, 0) for seed in (1, 2, 3)]
    tables = [new_table(store, game, token=f"token-{n}") for n, game in enumerate(games)]
    opening = [len(game.events) for game in games]
    for game in games:
        for _ in range(5):
            game.play(game.legal_moves()[0], game.to_act)
    batch = [
        (tables[0], opening[0], games[0].events[opening[0] :], "playing"),
        (tables[1], opening[1] + 1, games[1].events[opening[1] + 1 :], "playing"),  # a gap
        (tables[2], opening[2], games[2].events[opening[2] :], "over"),
    ]
    results = store.append_many(batch)
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], StoreError) and "gap" in str(results[1])
    first, second, third = (store.get(table) for table in tables)
    assert first is not None and first.events == tuple(games[0].events)
    assert second is not None and len(second.events) == opening[1]
    assert third is not None and third.events == tuple(games[2].events) and third.status == "over"


def _statements(store: Store) -> list[str]:
    """The SQL the store sends from now on (a listener on its engine: instrumentation only)."""
    sent: list[str] = []
    sqlalchemy.event.listen(
        store._engine,  # (the test watches what the store sends)
        "before_cursor_execute",
        lambda _conn, _cursor, statement, *_: sent.append(statement.split()[0].upper()),
    )
    return sent


def test_appends_of_many_tables_are_stored_by_a_few_statements_whatever_their_number(
    store: Store,
) -> None:
    """Store.append_many with every append in order: one UPDATE per status, one SELECT of the
    last numbers and one INSERT for all the events (no savepoint, nothing one table at a
    time), and everything is stored: events, the new statuses, an append of no events."""
    games = [played(seed, 0) for seed in range(1, 7)]
    tables = [new_table(store, game, token=f"token-{n}") for n, game in enumerate(games)]
    opening = [len(game.events) for game in games]
    for game in games[:5]:
        for _ in range(7):
            game.play(game.legal_moves()[0], game.to_act)
    statuses: list[str | None] = [None, "playing", "over", None, "over", None]
    batch = [
        (table, first, game.events[first:], status)
        for table, first, game, status in zip(tables, opening, games, statuses, strict=True)
    ]
    sent = _statements(store)
    assert store.append_many(batch) == [None] * 6
    assert "SAVEPOINT" not in sent and sent.count("INSERT") == 1 and sent.count("SELECT") == 1
    assert sent.count("UPDATE") == 3  # (no status, "playing", "over")
    for table, game, status in zip(tables, games, statuses, strict=True):
        kept = store.get(table)
        assert kept is not None and kept.events == tuple(game.events)
        assert kept.status == (status or "playing")


@pytest.mark.parametrize("fault", ["no such table", "a number stored already", "twice in a batch"])
def test_appends_stored_together_fall_back_one_by_one_to_say_which_is_refused(
    store: Store, fault: str
) -> None:
    """When one append of a batch would be refused, the batch is stored one append at a time
    (in savepoints): the refused one gets its sentence, the others are stored whole. Two
    appends of one table in a batch are taken in order."""
    games = [played(seed, 0) for seed in (4, 5)]
    tables = [new_table(store, game, token=f"token-{n}") for n, game in enumerate(games)]
    opening = [len(game.events) for game in games]
    for game in games:
        for _ in range(4):
            game.play(game.legal_moves()[0], game.to_act)
    good = (tables[0], opening[0], games[0].events[opening[0] :], None)
    if fault == "no such table":
        other = ("no-such-table", 0, games[1].events[:1], None)
    elif fault == "a number stored already":
        other = (tables[1], opening[1] - 1, games[1].events[opening[1] - 1 :], None)
    else:
        middle = opening[0] + 2
        good = (tables[0], opening[0], games[0].events[opening[0] : middle], None)
        other = (tables[0], middle, games[0].events[middle:], None)
    results = store.append_many([good, other])
    assert results[0] is None
    kept = store.get(tables[0])
    assert kept is not None and kept.events == tuple(games[0].events)
    if fault == "twice in a batch":
        assert results[1] is None
    else:
        assert isinstance(results[1], StoreError)
        assert ("no table" in str(results[1])) == (fault == "no such table")
        second = store.get(tables[1])
        assert second is not None and len(second.events) == opening[1]


# --- Closed tables, private files, one server a database ----------------------------------


def test_a_table_nobody_came_to_is_closed_and_is_neither_resumed_nor_listed(
    store: Store,
) -> None:
    """close_table marks a table being played "closed" (migration 0002 allows it): it is not
    resumed, listed in play or among the finished; a table over is not closed; an unknown
    one is refused."""
    closed = new_table(store, played(5), public=True)
    over = new_table(store, played(6))
    store.append_events(over, len(played(6).events), [], status="over")
    assert store.close_table(closed) is True
    assert store.close_table(closed) is False and store.close_table(over) is False
    kept = store.get(closed)
    assert kept is not None and kept.status == "closed"
    assert store.playing() == [] and store.public_tables() == []
    assert [table.id for table in store.finished()] == [over]
    with pytest.raises(StoreError, match="there is no table 'nothing'"):
        store.close_table("nothing")


def test_closed_tables_are_deleted_by_the_downgrade_that_does_not_know_them(
    database_url: str,
) -> None:
    """Downgrading to 0001 (whose status is playing or over) deletes the closed tables and
    keeps the others; upgrading again allows "closed" again."""
    with Store(database_url) as store:
        store.upgrade()
        closed, kept = new_table(store, played(7)), new_table(store, played(8))
        store.close_table(closed)
        store.downgrade("0001")
        with store._engine.connect() as connection:
            ids = {row[0] for row in connection.exec_driver_sql("SELECT id FROM tables")}
        assert ids == {kept}
        store.upgrade()
        assert store.get(closed) is None and store.get(kept) is not None
        assert store.close_table(kept) is True


def _mode(path: Path) -> int:
    return path.stat().st_mode & 0o777


def test_a_new_database_and_its_folder_are_private_to_the_user(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database holds the secret seeds of the games in play: its folder is made 0700, the
    file 0600 (its journal files after it), whatever the umask lets others read."""
    folder = tmp_path / "data" / "hearts"
    monkeypatch.setenv(DATA_DIR_ENV, str(folder))
    old = os.umask(0o022)
    try:
        with Store() as store:
            store.upgrade()
            new_table(store, played(9))
            assert _mode(folder) == 0o700
            for name in ("server.db", "server.db-wal", "server.db-shm"):
                assert _mode(folder / name) == 0o600, name
        elsewhere = tmp_path / "elsewhere.db"
        with Store(f"sqlite:///{elsewhere}") as store:
            store.upgrade()
        assert _mode(elsewhere) == 0o600
    finally:
        os.umask(old)


def test_our_folder_and_database_left_open_by_an_older_hearts_are_made_private(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The user's data folder for hearts is ours: found 0755 with a database 0644 (as hearts
    made them before), both are made private; a folder the user chose ($HEARTS_DATA_DIR),
    and a database given by its URL, are left as they are (with a warning for the latter)."""
    monkeypatch.delenv(DATA_DIR_ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    ours = tmp_path / "xdg" / "hearts"
    ours.mkdir(parents=True, mode=0o755)
    ours.chmod(0o755)
    (ours / "server.db").touch(mode=0o644)
    (ours / "server.db").chmod(0o644)
    with Store() as store:
        store.upgrade()
    assert _mode(ours) == 0o700 and _mode(ours / "server.db") == 0o600
    chosen = tmp_path / "chosen"
    chosen.mkdir(mode=0o755)
    chosen.chmod(0o755)
    monkeypatch.setenv(DATA_DIR_ENV, str(chosen))
    Store.default_url()
    assert _mode(chosen) == 0o755
    given = tmp_path / "given.db"
    given.touch(mode=0o644)
    given.chmod(0o644)
    with _warnings() as said, Store(f"sqlite:///{given}") as store:
        store.upgrade()
    assert _mode(given) == 0o644
    assert any("may be read by other users" in line and "chmod 600" in line for line in said)


@contextmanager
def _warnings() -> Iterator[list[str]]:
    """The warnings the server's logger gives meanwhile."""
    said: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            said.append(record.getMessage())

    logger = logging.getLogger("hearts.server")
    handler = Keep(logging.WARNING)
    logger.addHandler(handler)
    try:
        yield said
    finally:
        logger.removeHandler(handler)


def test_a_second_server_on_the_same_database_is_refused(database_url: str) -> None:
    """hold(): one server a database (SQLite: a lock file beside it; PostgreSQL: an advisory
    lock, one a schema). A second is refused in a sentence until the first lets go; a store
    that only reads (no hold) is not."""
    first, second = Store(database_url), Store(database_url)
    try:
        first.hold()
        with pytest.raises(StoreError) as refused:
            second.hold()
        message = str(refused.value)
        assert "is in use by another hearts serve" in message
        assert "stop that one first, or give this one another --database-url" in message
        if database_url.startswith("sqlite"):
            assert f"(process {os.getpid()})" in message
        first.upgrade()
        assert second.playing() == []  # (reading needs no lock)
        first.close()
        second.hold()
        with Store(database_url) as third, pytest.raises(StoreError):
            third.hold()
    finally:
        first.close()
        second.close()
