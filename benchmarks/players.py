"""People, issue 36's measurements: a finished game's settling, sign-in, and the pages at scale.

Run from the repository root (PostgreSQL as ``scripts/services`` makes it)::

    .venv/bin/python benchmarks/players.py                     # everything, at full size
    .venv/bin/python benchmarks/players.py --parts settle,signin --settle-games 150
    .venv/bin/python benchmarks/players.py --parts scale --people 10000 --games 100000 \
        --full 1000 --requests 500

Three parts (``--parts``, all by default), in this order:

- **settle**: a finished game's ratings and statistics, the server's CPU (goal: at most 5 ms a
  game). ``--settle-games`` whole ``modern`` games of random legal moves are stored as the
  server stores a finished game (a table "over", its seats tied to signed-in people, every
  event), in a new SQLite file and then in a schema of its own in the PostgreSQL, and each is
  settled as the table's hook settles a game at its end (:func:`hearts.server.ratings.settle`,
  handed the game's events): ``time.process_time`` around each call (this process's CPU: the
  database's own is not in it). Three kinds of game in turn (:data:`KINDS`): a rated table of
  four people, one person against three levels, people with bots (statistics only). Median
  and p99 of each kind and of all, on each database. ``--settle-baseline FILE``: another
  tree's ``ratings.py`` (``git show REV:src/hearts/server/ratings.py > FILE``), whose
  ``settle`` takes turns with this tree's (three games each) in the same run, for a before.
- **signin**: sign-in's answer time for an unknown name against a wrong password (they should
  not be told apart): ``benchmarks/signin.py``'s measurement, ``--signin-tries`` of each.
- **scale**: a leaderboard page's and a profile page's answer time (goal: at most 50 ms p99)
  on data at the issue's size, as follows.

It makes a schema of its own in the PostgreSQL (dropped at the end, whatever happens), upgrades
it with the store's migrations, and fills it in the database itself (``INSERT ... SELECT`` from
``generate_series``: no row goes through Python):

- ``--people`` accounts;
- ``--games`` finished tables of four seats (modern/4, a tenth omnibus/4; a fifth private), half
  of four signed-in people and half of one person against three bots, spread over a year, the
  people drawn so that a few play thousands of games and most a few dozen; each signed-in seat
  with its summary row (``game_stats``) and its rating after the game (``rating_history``), and
  each person's rating in each form and kind of opponent (``ratings``) from them;
- ``--full`` of the tables with every event: the events of real games (``--templates`` games
  played by the engine, random legal moves, stored in a table of templates) copied to them.

Then it starts ``hearts serve``'s app under uvicorn on loopback (a process of its own, on that
schema; its per-address allowance of reads raised, since every request comes from 127.0.0.1)
and asks, one request at a time over one kept-alive connection (httpx), ``--requests`` pages of
the modern/4 board against people (50 places, from a random place among the first thousand),
``--requests`` profiles of random people (drawn as the games drew them: often the busiest),
and the profile of the busiest person, and as the floor of the machine's answer time a route
that reads no database (``/api/bots``); it prints each one's median, p99 and max. The load
average is printed between the parts. A script, not a test: nothing fails.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import cast

import httpx
import signin  # (benchmarks/signin.py, beside this file)
from sqlalchemy import create_engine, make_url, text
from sqlalchemy.engine import Connection
from sqlalchemy.pool import NullPool

from hearts import Game, variants
from hearts.server.store import AccountRow, EventRow, SeatRow, Store, TableRow

ROOT = Path(__file__).resolve().parents[1]
POSTGRES_URL = "postgresql+psycopg://hearts:hearts@127.0.0.1:5432/hearts_test"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


@contextmanager
def bench_schema(url: str) -> Iterator[str]:
    """A URL of a new, empty schema in the PostgreSQL at ``url``, dropped at the end."""
    base = make_url(url)
    schema = f"bench_{secrets.token_hex(6)}"
    admin = create_engine(base, poolclass=NullPool)
    with admin.begin() as connection:
        connection.exec_driver_sql(f'CREATE SCHEMA "{schema}"')
    try:
        scoped = base.update_query_dict({"options": f"-csearch_path={schema}"})
        yield scoped.render_as_string(hide_password=False)
    finally:
        with admin.begin() as connection:
            connection.exec_driver_sql(f'DROP SCHEMA "{schema}" CASCADE')
        admin.dispose()


# --- The data ------------------------------------------------------------------------------


def template_games(count: int, seed: int = 1) -> list[list[str]]:
    """``count`` modern games played to their end by random legal moves: each one's events as
    JSON, as the store keeps them."""
    rules = variants.get("modern")
    rng = random.Random(seed)
    games = []
    for n in range(count):
        game = Game(rules, seed=seed * 1000 + n)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        games.append([json.dumps(event.to_dict()) for event in game.events])
    return games


STEPS: list[tuple[str, str]] = [
    (
        "accounts",
        """INSERT INTO accounts (id, name, name_key, password_hash, recovery_hash, created, seen)
        SELECT i, 'Player' || i, 'player' || i, 'x', 'x', now() - interval '400 days', now()
        FROM generate_series(1, :people) i""",
    ),
    ("", "SELECT setval(pg_get_serial_sequence('accounts', 'id'), :people)"),
    (
        "the games drawn",
        """CREATE UNLOGGED TABLE bench_games AS
        SELECT g, 'g' || lpad(g::text, 11, '0') AS id, g % 2 = 0 AS people,
            CASE WHEN g % 10 = 3 THEN 'omnibus/4' ELSE 'modern/4' END AS form,
            g % 5 <> 0 AS public,
            (floor(:people * power(random(), 2)))::int AS base,
            now() - (:games - g) * (interval '365 days' / :games) AS finished
        FROM generate_series(1, :games) g""",
    ),
    (
        "the seats drawn",
        """CREATE UNLOGGED TABLE bench_seats AS
        SELECT b.g, b.id, s AS seat, b.people, b.form, b.public, b.finished,
            CASE WHEN b.people OR s = 0 THEN (b.base + s * (:people / 4)) % :people + 1 END
                AS account
        FROM bench_games b CROSS JOIN generate_series(0, 3) s""",
    ),
    (
        "tables",
        """INSERT INTO tables (id, code, created, updated, variant, rules, options, seed, dealer,
            status)
        SELECT id, upper(lpad(to_hex(g), 6, '0')), finished - interval '20 minutes', finished,
            split_part(form, '/', 1), '{}',
            json_build_object('public', public, 'rated', true), g, g % 4, 'over'
        FROM bench_games""",
    ),
    (
        "seats",
        """INSERT INTO seats (table_id, seat, name, kind, bot, token_hash, left_for_good,
            account_id)
        SELECT id, seat, coalesce('Player' || account, 'hard'),
            CASE WHEN account IS NULL THEN 'bot' ELSE 'human' END,
            CASE WHEN account IS NULL THEN 'hard' END, NULL, false, account
        FROM bench_seats""",
    ),
    (
        "game_stats",
        """INSERT INTO game_stats (table_id, seat, account_id, form, against, rated, finished,
            players, place, points, hands, moons_shot, moons_against, queen_taken,
            hands_without_trick, by_pass)
        SELECT id, seat, account, form, CASE WHEN people THEN 'people' ELSE 'bots' END, true,
            finished, 4, 1 + (g + seat) % 4, 40 + (g * 7 + seat * 13) % 60, 8 + g % 7,
            (g + seat) % 23 / 22, (g + seat) % 19 / 18, 2 + (g + seat) % 4, (g + seat) % 3,
            json_build_object(
                'left', json_build_object('hands', 2 + g % 2, 'points', 12 + seat),
                'right', json_build_object('hands', 2, 'points', 10 + seat),
                'across', json_build_object('hands', 2, 'points', 11),
                'hold', json_build_object('hands', 2 + g % 3 / 2, 'points', 7))
        FROM bench_seats WHERE account IS NOT NULL""",
    ),
    (
        "rating_history",
        """INSERT INTO rating_history (account_id, form, against, table_id, at, mu, sigma, shown)
        SELECT account, form, CASE WHEN people THEN 'people' ELSE 'bots' END, id, finished,
            25 + (g % 1000) / 100.0, 2 + (g % 7) / 10.0, 18 + (g % 1000) / 100.0
        FROM bench_seats WHERE account IS NOT NULL""",
    ),
    (
        "ratings",
        """INSERT INTO ratings (account_id, form, against, mu, sigma, shown, games, updated)
        SELECT account_id, form, against, 25 + 10 * random(), 2 + random(),
            5 + 40 * random(), count(*), max(at)
        FROM rating_history GROUP BY account_id, form, against""",
    ),
    (
        "events",
        """INSERT INTO events (table_id, number, event)
        SELECT b.id, t.number, t.event
        FROM bench_games b JOIN bench_templates t ON t.game = b.g % :templates
        WHERE b.g % (:games / :full) = 0""",
    ),
    ("", "DROP TABLE bench_seats, bench_games, bench_templates"),
]


def fill(url: str, args: argparse.Namespace) -> dict[str, float]:
    """Fill the schema at ``url``: each step's seconds."""
    spent: dict[str, float] = {}
    started = time.perf_counter()
    templates = template_games(args.templates)
    spent["template games played"] = time.perf_counter() - started
    engine = create_engine(url, poolclass=NullPool)
    values = {
        "people": args.people,
        "games": args.games,
        "full": args.full,
        "templates": args.templates,
    }
    try:
        with engine.begin() as connection:
            connection.execute(text(f"SET statement_timeout = '{args.budget}s'"))
            connection.execute(
                text("CREATE UNLOGGED TABLE bench_templates (game int, number int, event json)")
            )
            copy_templates(connection, templates)
            rebuild = loosen(connection)
            for name, sql in STEPS:
                began = time.perf_counter()
                connection.execute(text(sql), values)
                if name:
                    spent[name] = time.perf_counter() - began
                    print(f"  {name}: {spent[name]:.1f} s", flush=True)
            began = time.perf_counter()
            for sql in rebuild:
                connection.execute(text(sql))
            spent["indexes and foreign keys"] = time.perf_counter() - began
            print(f"  indexes and foreign keys: {spent['indexes and foreign keys']:.1f} s")
        with engine.connect() as connection:  # (ANALYZE outside the loading transaction)
            connection.execution_options(isolation_level="AUTOCOMMIT").execute(text("ANALYZE"))
    finally:
        engine.dispose()
    return spent


LOADED = ("tables", "seats", "events", "game_stats", "rating_history", "ratings")


def loosen(connection: Connection) -> list[str]:
    """Drop the loaded tables' foreign keys and secondary indexes (a bulk load is far quicker
    without them, each row checked and indexed by itself): the statements that make them again,
    exactly as the migrations made them."""
    names = {"tables": list(LOADED)}
    foreign = connection.execute(
        text(
            "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) FROM pg_constraint"
            " WHERE contype = 'f' AND connamespace = current_schema()::regnamespace"
            " AND conrelid::regclass::text = ANY(:tables)"
        ),
        names,
    ).all()
    indexes = connection.execute(
        text(
            "SELECT i.indexname, i.indexdef FROM pg_indexes i WHERE i.schemaname = current_schema()"
            " AND i.tablename = ANY(:tables) AND NOT EXISTS (SELECT 1 FROM pg_constraint c"
            " WHERE c.conname = i.indexname AND c.connamespace = current_schema()::regnamespace)"
        ),
        names,
    ).all()
    for table, name, _ in foreign:
        connection.execute(text(f'ALTER TABLE {table} DROP CONSTRAINT "{name}"'))
    for name, _ in indexes:
        connection.execute(text(f'DROP INDEX "{name}"'))
    return [definition for _, definition in indexes] + [
        f'ALTER TABLE {table} ADD CONSTRAINT "{name}" {definition}'
        for table, name, definition in foreign
    ]


def copy_templates(connection: Connection, templates: list[list[str]]) -> None:
    """The template games' events into ``bench_templates`` by COPY."""
    raw = connection.connection.driver_connection
    with (
        raw.cursor() as cursor,  # type: ignore[union-attr]
        cursor.copy("COPY bench_templates (game, number, event) FROM STDIN") as copy,
    ):
        for game, events in enumerate(templates):
            for number, event in enumerate(events):
                copy.write_row((game, number, event))


def counts(url: str) -> dict[str, int]:
    engine = create_engine(url, poolclass=NullPool)
    try:
        with engine.connect() as connection:
            return {
                table: int(connection.execute(text(f"SELECT count(*) FROM {table}")).scalar_one())
                for table in (
                    "accounts",
                    "tables",
                    "seats",
                    "game_stats",
                    "rating_history",
                    "ratings",
                    "events",
                )
            }
    finally:
        engine.dispose()


def busiest(url: str) -> tuple[str, int]:
    engine = create_engine(url, poolclass=NullPool)
    try:
        with engine.connect() as connection:
            row = connection.execute(
                text(
                    "SELECT a.name, count(*) FROM game_stats s JOIN accounts a ON a.id ="
                    " s.account_id GROUP BY a.name ORDER BY count(*) DESC LIMIT 1"
                )
            ).one()
            return str(row[0]), int(row[1])
    finally:
        engine.dispose()


# --- The server ----------------------------------------------------------------------------


def serve(url: str, port: int) -> None:
    """Run the app on ``url``'s store on 127.0.0.1:``port`` until killed (the benchmark's own
    server process: its reads' allowance raised, since every request comes from one address)."""
    import uvicorn

    from hearts.server import ServerConfig, create_app
    from hearts.server.limits import RateLimit
    from hearts.server.listen import server_config

    config = ServerConfig(bot_workers=0)
    app = create_app(config, store=Store(url))
    app.state.people_reads = RateLimit("reads", per_minute=10**9, burst=10**9)
    uvicorn.Server(server_config(app, config, host="127.0.0.1", port=port)).run()


@contextmanager
def running_server(url: str) -> Iterator[str]:
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    process = subprocess.Popen(
        [sys.executable, __file__, "--serve", url, "--port", str(port)], env=env
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{base}/healthz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the benchmark's server did not start")
            time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        process.wait(30)


def timed(client: httpx.Client, paths: Callable[[], str], count: int) -> list[float]:
    """The answer time of ``count`` requests, one at a time (each must answer 200), in ms."""
    times = []
    for _ in range(count):
        path = paths()
        began = time.perf_counter()
        answer = client.get(path)
        times.append((time.perf_counter() - began) * 1000)
        if answer.status_code != 200:
            raise RuntimeError(f"{path} answered {answer.status_code}: {answer.text[:200]}")
    return times


def summary(times: list[float]) -> str:
    return (
        f"median {statistics.median(times):.1f} ms, p99 {percentile(times, 0.99):.1f} ms, "
        f"max {max(times):.1f} ms ({len(times)} requests)"
    )


def measure(base: str, args: argparse.Namespace, heavy: str) -> dict[str, list[float]]:
    rng = random.Random(7)

    def board() -> str:
        return f"/api/leaderboard/modern/4?offset={rng.randrange(0, 1000, 50)}&limit=50"

    def person() -> str:
        return f"/api/people/Player{int(args.people * rng.random() ** 2) + 1}"

    results: dict[str, list[float]] = {}
    with httpx.Client(base_url=base, timeout=30) as client:
        timed(client, board, 50)  # (warm: the connection, the server's first queries)
        timed(client, person, 50)
        results["the floor: /api/bots (no database)"] = timed(
            client, lambda: "/api/bots", max(20, args.requests // 10)
        )
        results["leaderboard page (modern/4, 50 places)"] = timed(client, board, args.requests)
        results["profile of a random person"] = timed(client, person, args.requests)
        results[f"profile of the busiest ({heavy})"] = timed(
            client, lambda: f"/api/people/{heavy}", max(20, args.requests // 10)
        )
        results["the list of boards"] = timed(
            client, lambda: "/api/leaderboards", max(20, args.requests // 10)
        )
    return results


# --- A finished game's ratings and statistics: the server's CPU to settle one -------------

KINDS = ("people, rated", "one person v bots", "people and bots")
"""The kinds of finished game settled in turn: a rated table of four people (four ratings,
four history rows, four statistics rows), one person against three levels (one rating against
the computer), people with bots (statistics only)."""


def _settle_accounts(store: Store, count: int) -> list[int]:
    now = datetime.now(UTC)
    with store._transaction("make accounts") as session:
        rows = [
            AccountRow(
                name=f"bench {n}",
                name_key=f"bench {n}",
                password_hash="x",
                recovery_hash="x",
                created=now,
                seen=now,
            )
            for n in range(count)
        ]
        session.add_all(rows)
        session.flush()
        return [row.id for row in rows]


def _random_game(rng: random.Random) -> Game:
    game = Game(variants.get("modern"), seed=rng.randrange(2**63), hand_seeds=True)
    while not game.is_over:
        game.play(rng.choice(list(game.legal_moves())), game.to_act)
    return game


def _store_over(store: Store, game: Game, kind: str, people: list[int], number: int) -> str:
    """Store a game as the server stores a finished one: its table ("over"), its seats tied
    to signed-in people (bots at the easy level), every event."""
    table_id = f"settle{number:06d}"
    now = datetime.now(UTC)
    if kind == KINDS[0]:
        seats = [("human", account) for account in people]
    elif kind == KINDS[1]:
        seats = [("human", people[0]), ("bot", None), ("bot", None), ("bot", None)]
    else:
        seats = [("human", people[0]), ("human", people[1]), ("bot", None), ("bot", None)]
    with store._transaction("store a finished game") as session:
        session.add(
            TableRow(
                id=table_id,
                code=f"{number:06d}",
                created=now,
                updated=now,
                variant="modern",
                rules=game.rules.to_dict(),
                options={"rated": kind == KINDS[0]},
                seed=game.seed or 0,
                dealer=game.first_dealer,
                status="over",
                seats=[
                    SeatRow(
                        seat=n,
                        name=f"S{n}",
                        kind=seat_kind,
                        bot="easy" if seat_kind == "bot" else None,
                        left_for_good=False,
                        account_id=account,
                    )
                    for n, (seat_kind, account) in enumerate(seats)
                ],
            )
        )
        session.flush()
        session.add_all(
            EventRow(table_id=table_id, number=n, event=event.to_dict())
            for n, event in enumerate(game.events)
        )
    return table_id


Settle = Callable[..., object]
"""A ``settle(store, table_id, events=...)``: :func:`hearts.server.ratings.settle`, or an older
tree's (``--settle-baseline``)."""


def settle_cpu(
    url: str, games: int, settles: Sequence[tuple[str, Settle]], seed: int = 36
) -> dict[tuple[str, str], list[float]]:
    """The server's CPU in seconds to settle each of ``games`` finished ``modern`` games of
    random legal moves (:data:`KINDS` in turn) in the empty store at ``url``, by (settle's
    name, kind): each settled as the table's hook settles a game at its end, handed the game's
    events, ``time.process_time`` around each call (this process's CPU: PostgreSQL's own is not
    in it). With several ``settles`` they take turns, three games (one of each kind) each."""
    store = Store(url)
    try:
        store.upgrade()
        rng = random.Random(seed)
        accounts = _settle_accounts(store, 200)
        stored = []
        for number in range(games):
            game = _random_game(rng)
            kind = KINDS[number % len(KINDS)]
            table_id = _store_over(store, game, kind, rng.sample(accounts, 4), number)
            stored.append((kind, table_id, list(game.events)))
        times: dict[tuple[str, str], list[float]] = {
            (name, kind): [] for name, _ in settles for kind in KINDS
        }
        for number, (kind, table_id, events) in enumerate(stored):
            name, settle = settles[number // len(KINDS) % len(settles)]
            start = time.process_time()
            done = settle(store, table_id, events=events)
            times[name, kind].append(time.process_time() - start)
            if done is None:
                raise RuntimeError(f"the game {table_id} was not settled")
        return times
    finally:
        store.close()


def baseline_settle(path: str) -> Settle:
    """The ``settle`` of another tree's ``hearts/server/ratings.py`` (a file: ``git show
    REV:src/hearts/server/ratings.py > FILE``), on this tree's store."""
    spec = importlib.util.spec_from_file_location("baseline_ratings", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"error: {path} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (its dataclasses look their module up)
    spec.loader.exec_module(module)
    from hearts.server import ratings

    if hasattr(module, "LEVELS_FILE"):  # (the levels' file beside this tree's, not the FILE's)
        module.LEVELS_FILE = ratings.LEVELS_FILE
    return cast(Settle, module.settle)


def settle_lines(args: argparse.Namespace) -> list[str]:
    """A finished game's ratings and statistics on SQLite (a new file) and on the PostgreSQL
    (a schema of its own): median and p99 of each kind and of all, in ms (goal: at most 5);
    with ``--settle-baseline``, the baseline's rows beside this tree's, from the same run."""
    from hearts.server import ratings

    settles: list[tuple[str, Settle]] = [("", ratings.settle)]
    if args.settle_baseline:
        settles.append(("baseline: ", baseline_settle(args.settle_baseline)))
    lines = ["| database | game | median | p99 | games |", "|---|---|---:|---:|---:|"]
    with tempfile.TemporaryDirectory() as folder:
        sqlite = f"sqlite:///{Path(folder) / 'settle.db'}"
        with bench_schema(args.database_url) as postgresql:
            for database, url in (("SQLite", sqlite), ("PostgreSQL", postgresql)):
                times = settle_cpu(url, args.settle_games, settles)
                for name, _ in settles:
                    times[name, "all"] = [t for kind in KINDS for t in times[name, kind]]
                for (name, kind), values in sorted(times.items(), key=lambda item: item[0][0]):
                    ms = [t * 1000 for t in values]
                    lines.append(
                        f"| {database} | {name}{kind} | {statistics.median(ms):.2f} ms "
                        f"| {percentile(ms, 0.99):.2f} ms | {len(ms)} |"
                    )
    return lines


# --- The run -------------------------------------------------------------------------------


PARTS = ("settle", "signin", "scale")
"""The parts of the benchmark (``--parts``): a finished game's settling, sign-in's times, and
the leaderboard and profile pages at scale."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default=POSTGRES_URL, help="a PostgreSQL URL")
    parser.add_argument(
        "--parts", default=",".join(PARTS), help=f"which parts, of {','.join(PARTS)} (all)"
    )
    parser.add_argument("--settle-games", type=int, default=300, help="games settled per database")
    parser.add_argument(
        "--settle-baseline",
        metavar="FILE",
        help="another tree's ratings.py, whose settle takes turns with this tree's",
    )
    parser.add_argument("--signin-tries", type=int, default=100, help="sign-ins of each kind")
    parser.add_argument("--people", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--full", type=int, default=10_000, help="games with every event")
    parser.add_argument("--templates", type=int, default=50, help="real games to copy events of")
    parser.add_argument("--requests", type=int, default=2000, help="requests of each kind")
    parser.add_argument("--budget", type=int, default=900, help="seconds a filling step may take")
    parser.add_argument("--serve", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.port)
        return
    parts = [part.strip() for part in args.parts.split(",") if part.strip()]
    if not parts or not set(parts) <= set(PARTS):
        parser.error(f"--parts is a list of {', '.join(PARTS)}, not {args.parts!r}")
    if args.games % args.full or args.people < 4:
        parser.error("--games must be a multiple of --full, and --people at least 4")
    machine = f"{platform.platform()}, {os.cpu_count()} CPUs"
    print(f"machine: {machine}, Python {platform.python_version()}")
    print(f"load average at the start: {os.getloadavg()}")
    if "settle" in parts:
        print("a finished game's ratings and statistics, server CPU (goal: at most 5 ms):")
        print("\n".join(settle_lines(args)))
        print(f"load average: {os.getloadavg()}")
    if "signin" in parts:
        print(f"sign-in, an unknown name against a wrong password ({args.signin_tries} each):")
        print("\n".join(signin.report(*signin.measure(args.signin_tries))))
        print(f"load average: {os.getloadavg()}")
    if "scale" in parts:
        scale(args)
    print(f"load average at the end: {os.getloadavg()}")


def scale(args: argparse.Namespace) -> None:
    """The leaderboard and profile pages at scale: fill a schema of its own, then ask."""
    with bench_schema(args.database_url) as url:
        began = time.perf_counter()
        store = Store(url)
        store.upgrade()
        store.close()
        print(f"filling: {args.people:,} people, {args.games:,} games, {args.full:,} with events")
        fill(url, args)
        filled = time.perf_counter() - began
        print(f"filled in {filled:.0f} s: {counts(url)}")
        heavy, games = busiest(url)
        print(f"the busiest person: {heavy}, {games:,} games")
        print(f"load average: {os.getloadavg()}")
        with running_server(url) as base:
            results = measure(base, args, heavy)
        for what, times in results.items():
            print(f"{what}: {summary(times)}")


if __name__ == "__main__":
    main()
