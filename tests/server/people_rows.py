"""The rows other parts write about people, put in a store directly: accounts, ratings, their
history, finished tables with their seats and each game's summary (``game_stats``). The tests
of profiles and leaderboards (tests/server, tests/page) and nothing else use them."""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

from hearts.server import profiles, ratings
from hearts.server.store import (
    AccountRow,
    GameStatRow,
    RatingHistoryRow,
    RatingRow,
    SeatRow,
    Store,
    TableRow,
)

NOW = datetime(2026, 12, 6, 12, 0, tzinfo=UTC)
SIGMA = 2.0
"""The sigma of every rating written here (a person after a few dozen games)."""


def skill(shown: float, sigma: float = SIGMA) -> tuple[float, float]:
    """The (mu, sigma) whose shown number (:func:`hearts.server.ratings.shown`) is ``shown``, a
    whole number as the server shows them.

    >>> skill(1000.0)
    (6.0, 2.0)
    """
    mu = (shown - ratings.BASE) / ratings.SCALE + 3 * sigma
    if ratings.shown(mu, sigma) != shown:
        raise ValueError(f"a shown rating is a whole number, not {shown}")
    return mu, sigma


class People:
    """Writes the people's rows into a store as the accounts, ratings and statistics parts
    will: one call a row or a game."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def account(self, name: str, created: datetime = NOW) -> int:
        with self.store._transaction("add an account") as session:
            row = AccountRow(
                name=name,
                name_key=profiles.name_key(name),
                password_hash="$argon2id$not-a-real-hash",
                recovery_hash="$argon2id$not-a-real-hash",
                created=created,
                seen=created,
            )
            session.add(row)
            session.flush()
            return row.id

    def rating(
        self,
        account: int,
        form: str,
        shown: float,
        games: int,
        *,
        against: str = "people",
        updated: datetime = NOW,
    ) -> None:
        mu, sigma = skill(shown)
        with self.store._transaction("add a rating") as session:
            session.add(
                RatingRow(
                    account_id=account,
                    form=form,
                    against=against,
                    mu=mu,
                    sigma=sigma,
                    shown=shown,
                    games=games,
                    updated=updated,
                )
            )

    def game(
        self,
        seats: list[tuple[str, int | None]],
        *,
        public: bool,
        form: str = "modern/4",
        against: str = "people",
        finished: datetime = NOW,
        stats: dict[int, dict[str, Any]] | None = None,
    ) -> str:
        """A finished table of ``seats`` (name, account or None), and a summary row for each
        seat with an account (``stats``: a seat's fields, by seat)."""
        table = secrets.token_urlsafe(9)[:12]
        variant, _, players = form.partition("/")
        with self.store._transaction("add a game") as session:
            session.add(
                TableRow(
                    id=table,
                    code=secrets.token_hex(3).upper(),
                    created=finished - timedelta(minutes=20),
                    updated=finished,
                    variant=variant,
                    rules={},
                    options={"public": public},
                    seed=1,
                    dealer=0,
                    status="over",
                )
            )
            session.flush()
            for seat, (name, account) in enumerate(seats):
                session.add(
                    SeatRow(
                        table_id=table,
                        seat=seat,
                        name=name,
                        kind="human" if account is not None or name != "bot" else "bot",
                        bot=None,
                        token_hash=None,
                        left_for_good=False,
                        account_id=account,
                    )
                )
            for seat, (_, account) in enumerate(seats):
                if account is None:
                    continue
                fields = {
                    "place": seat + 1,
                    "points": 20,
                    "hands": 5,
                    "moons_shot": 0,
                    "moons_against": 0,
                    "queen_taken": 1,
                    "hands_without_trick": 1,
                    "by_pass": {
                        "left": {"hands": 2, "points": 8},
                        "right": {"hands": 3, "points": 12},
                    },
                    **(stats or {}).get(seat, {}),
                }
                session.add(
                    GameStatRow(
                        table_id=table,
                        seat=seat,
                        account_id=account,
                        form=form,
                        against=against,
                        rated=True,
                        finished=finished,
                        players=int(players),
                        **fields,
                    )
                )
        return table

    def history(
        self, account: int, table: str, at: datetime, shown: float, form: str = "modern/4"
    ) -> None:
        mu, sigma = skill(shown)
        with self.store._transaction("add a rating's history") as session:
            session.add(
                RatingHistoryRow(
                    account_id=account,
                    form=form,
                    against="people",
                    table_id=table,
                    at=at,
                    mu=mu,
                    sigma=sigma,
                    shown=shown,
                )
            )
