"""The store's appends: the CPU an append of one move costs when many tables commit together.

Run from the repository root::

    .venv/bin/python benchmarks/store.py                                   # SQLite, a temp file
    .venv/bin/python benchmarks/store.py --database-url postgresql+psycopg://hearts:hearts@127.0.0.1:5432/hearts_test

It stores ``--tables`` modern tables, then for ``--rounds`` rounds makes one random move at
each table and stores every table's new events with one ``Store.append_many`` (as the server
does when that many moves wait on a commit). It prints the CPU time and the wall time of an
append. On PostgreSQL it works in a schema of its own, dropped at the end. A script, not a
test: nothing fails.
"""

from __future__ import annotations

import argparse
import platform
import random
import secrets
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import create_engine, make_url
from sqlalchemy.pool import NullPool

from hearts import Game, variants
from hearts.server.store import NewSeat, Store


@contextmanager
def empty_database(url: str | None) -> Iterator[str]:
    """A URL of an empty database: a new SQLite file, or a new schema in the given PostgreSQL."""
    if url is None:
        with tempfile.TemporaryDirectory() as folder:
            yield f"sqlite:///{Path(folder) / 'store.db'}"
        return
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default=None, help="a PostgreSQL URL (SQLite if none)")
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args()
    rules = variants.get("modern")
    seats = [NewSeat("person")] + [NewSeat(f"bot {n}", "bot", "basic") for n in (1, 2, 3)]
    rng = random.Random(1)
    with empty_database(args.database_url) as url:
        store = Store(url)
        store.upgrade()
        tables = []
        for seed in range(args.tables):
            game = Game(rules, seed=seed)
            stored = store.create_table(
                variant="modern",
                rules=rules,
                options={},
                seed=seed,
                dealer=game.first_dealer,
                seats=seats,
                events=game.events,
            )
            tables.append([stored.id, len(game.events), game])
        cpu, wall = time.process_time(), time.perf_counter()
        appends = 0
        for _ in range(args.rounds):
            batch = []
            for table in tables:
                table_id, stored_up_to, game = table
                if game.is_over:
                    continue
                game.play(rng.choice(game.legal_moves()))
                batch.append((table_id, stored_up_to, game.events[stored_up_to:], None))
                table[1] = len(game.events)
            results = store.append_many(batch)
            assert all(result is None for result in results), results
            appends += len(batch)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        store.close()
    backend = "PostgreSQL" if args.database_url else "SQLite"
    print(f"machine: {platform.platform()}, Python {platform.python_version()}; {backend}")
    print(
        f"{appends} appends in batches of {args.tables}: {cpu / appends * 1e6:.0f} us of CPU "
        f"and {wall / appends * 1e6:.0f} us of wall time an append"
    )


if __name__ == "__main__":
    main()
