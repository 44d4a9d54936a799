"""Ratings and statistics: what a finished game leaves about the signed-in people who played it.

When a table's game is over the server *settles* it once (:func:`settle`): for every seat held
by a signed-in person a ``game_stats`` row (its summary, :func:`hearts.stats.summary`, read from
the stored events), and the ratings the game changes, with OpenSkill's Plackett-Luce model on the
finishing order (places by the final totals, ties sharing a rank):

- **against people** (``against = "people"``): a table created rated (``options["rated"]``)
  whose every seat was a signed-in person at the start. A person who left for good is ranked
  last (below every seat that stayed, leavers tied); the bot that took the seat is not rated.
- **against the computer** (``against = "bots"``): exactly one signed-in person and bots in
  every other seat, in a form whose bots' levels were measured (:func:`level_ratings`): the
  person is rated against the levels' fixed ratings, which the game does not change.

Tables of people and bots together, tables with a guest, tables whose options change the
preset's rules (no form: :func:`form_of`) are not rated. A game is settled once: its
``game_stats`` rows mark it (written in the same transaction as its ratings); a second call
finds them and does nothing, and one that races another loses on their keys and does nothing.

The number shown is a conservative estimate: :func:`shown` ``= 1000 + 40 (mu - 3 sigma)``,
where a new person (mu 25, sigma 25/3) stands at 1000; it is marked provisional
(:func:`provisional`) until :data:`PROVISIONAL_GAMES` rated games. docs/ratings.md says more.

>>> form_of("modern", 4, False), form_of("modern", 4, True)
('modern/4', None)
>>> shown(NEW_MU, NEW_SIGMA)
1000.0
>>> provisional(PROVISIONAL_GAMES - 1), provisional(PROVISIONAL_GAMES)
(True, False)
"""

from __future__ import annotations

import dataclasses
import functools
import json
import logging
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, cast

from fastapi import APIRouter
from openskill.models import PlackettLuce
from sqlalchemy import Table, TextClause, bindparam, delete, exists, select, text
from sqlalchemy.orm import Session

from hearts import variants
from hearts.errors import HeartsError
from hearts.events import Event
from hearts.rules import Rules
from hearts.server.store import (
    EventRow,
    GameStatRow,
    RatingHistoryRow,
    RatingRow,
    SeatRow,
    Store,
    StoreError,
    TableRow,
    _Conflict,
)
from hearts.stats import GameSummary, summaries

__all__ = [
    "BASE",
    "LEVELS_FILE",
    "NEW_MU",
    "NEW_SIGMA",
    "PROVISIONAL_GAMES",
    "SCALE",
    "Settled",
    "form_of",
    "level_ratings",
    "level_skills",
    "provisional",
    "router",
    "rebuild",
    "rebuild_store",
    "rules_changed",
    "settle",
    "settle_pending",
    "shown",
]

log = logging.getLogger("hearts.server")

NEW_MU: Final = 25.0
"""A new rating's mean (OpenSkill's default)."""
NEW_SIGMA: Final = 25.0 / 3
"""A new rating's uncertainty (OpenSkill's default)."""
BASE: Final = 1000.0
"""The shown number of a new rating."""
SCALE: Final = 40.0
"""Shown points per unit of OpenSkill's scale."""
PROVISIONAL_GAMES: Final = 10
"""Rated games before a rating is no longer marked provisional."""
LEVELS_FILE: Final = Path(__file__).with_name("levels.json")
"""The bot levels' fitted ratings (``benchmarks/fit_levels.py`` writes it)."""

MODEL: Final = PlackettLuce(mu=NEW_MU, sigma=NEW_SIGMA)
"""The model every rating is computed with (OpenSkill's defaults: beta 25/6, tau 25/300)."""

# The tables as Core tables: settling runs Core statements (cheaper per statement than ORM ones).
_TABLES: Final = cast(Table, TableRow.__table__)
_SEATS: Final = cast(Table, SeatRow.__table__)
_STATS: Final = cast(Table, GameStatRow.__table__)
_RATINGS: Final = cast(Table, RatingRow.__table__)
_HISTORY: Final = cast(Table, RatingHistoryRow.__table__)


def shown(mu: float, sigma: float) -> float:
    """The one number shown and ranked by: ``BASE + SCALE * (mu - 3 sigma)``, whole.

    >>> shown(25.0, 25.0 / 3), shown(30.0, 2.0)
    (1000.0, 1960.0)
    """
    return float(round(BASE + SCALE * (mu - 3 * sigma)))


def provisional(games: int) -> bool:
    """Whether a rating of so many rated games is shown as provisional.

    >>> provisional(0)
    True
    """
    return games < PROVISIONAL_GAMES


def form_of(variant: str, players: int, rules_changed: bool) -> str | None:
    """A table's form, ``"{variant}/{players}"``, or None when its options changed the rules.

    >>> form_of("classic", 5, False)
    'classic/5'
    """
    return None if rules_changed else f"{variant}/{players}"


def rules_changed(variant: str, rules: Rules) -> bool:
    """Whether ``rules`` differ from the preset ``variant`` at their number of players (or the
    preset is unknown).

    >>> rules_changed("modern", variants.get("modern"))
    False
    >>> rules_changed("modern", variants.get("modern").replace(target=50))
    True
    """
    try:
        return rules != variants.for_players_named(variant, rules.players)
    except (HeartsError, TypeError, ValueError):
        return True


@functools.cache
def _levels() -> dict[str, Any]:
    try:
        data = json.loads(LEVELS_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        log.error("the bot levels' ratings cannot be read from %s: %s", LEVELS_FILE.name, error)
        return {}
    forms = data.get("forms") if isinstance(data, dict) else None
    return forms if isinstance(forms, dict) else {}


def level_skills(form: str | None) -> dict[str, tuple[float, float]] | None:
    """The measured levels of a form: their (mu, sigma), by name; None if it was not measured.

    >>> sorted(level_skills("modern/4") or {})
    ['easy', 'hard', 'medium', 'random']
    >>> level_skills("modern/3") is None
    True
    """
    measured = _levels().get(form) if form is not None else None
    if not isinstance(measured, dict) or not isinstance(measured.get("levels"), dict):
        return None
    return {
        name: (float(level["mu"]), float(level["sigma"]))
        for name, level in measured["levels"].items()
    }


def level_ratings(form: str | None) -> dict[str, float] | None:
    """The shown number of each measured level of a form (None: the form was not measured).

    >>> ratings = level_ratings("modern/4")
    >>> ratings is not None and ratings["random"] < ratings["easy"]
    True
    >>> level_ratings("auction/4") is None
    True
    """
    skills = level_skills(form)
    if skills is None:
        return None
    return {name: shown(mu, sigma) for name, (mu, sigma) in skills.items()}


@dataclasses.dataclass(frozen=True, slots=True)
class Settled:
    """What settling a game wrote: its ``game_stats`` rows' seats and the accounts rated."""

    table_id: str
    form: str | None
    against: str
    stats: tuple[int, ...]
    """Seats whose summary was written."""
    rated: tuple[int, ...]
    """Accounts whose rating changed."""


@dataclasses.dataclass(frozen=True, slots=True)
class _Seat:
    seat: int
    kind: str
    bot: str | None
    account_id: int | None
    left_for_good: bool


@dataclasses.dataclass(frozen=True, slots=True)
class _Table:
    id: str
    variant: str
    rules: dict[str, Any]
    options: dict[str, Any]
    updated: datetime
    seats: tuple[_Seat, ...]

    @classmethod
    def of(cls, row: TableRow) -> _Table:
        return cls(
            row.id,
            row.variant,
            row.rules,
            row.options,
            row.updated,
            tuple(_Seat(s.seat, s.kind, s.bot, s.account_id, s.left_for_good) for s in row.seats),
        )


def _now() -> datetime:
    return datetime.now(UTC)


def _events(session: Session, table_id: str) -> list[Event]:
    rows = session.scalars(
        select(EventRow.event).where(EventRow.table_id == table_id).order_by(EventRow.number)
    )
    return [Event.from_dict(row) for row in rows]


_Kept = dict[tuple[int, str, str], tuple[float, float, int]]
"""Ratings read from the store: (account, form, against) -> (mu, sigma, games)."""


def _kept(session: Session, accounts: Sequence[int], form: str, against: str) -> _Kept:
    ratings = _RATINGS.c
    return {
        (account, form, against): (mu, sigma, games)
        for account, mu, sigma, games in session.connection().execute(
            select(ratings.account_id, ratings.mu, ratings.sigma, ratings.games).where(
                ratings.account_id.in_(accounts),
                ratings.form == form,
                ratings.against == against,
            )
        )
    }


@functools.cache
def _rows_statement(
    table: Table, columns: tuple[str, ...], count: int, upsert: bool = False
) -> TextClause:
    """``INSERT INTO table (...) VALUES (...), (...)`` of ``count`` rows as one statement, whose
    parameters are ``{column}_{row}`` typed as the table's columns. A text statement, made once
    for each table and count, so that SQLAlchemy compiles it once (a multi-row ``insert().values``
    is compiled anew every time). ``upsert`` (ratings): on a person's key the row's new rating
    and one more game instead (``ON CONFLICT ... DO UPDATE``, the same in PostgreSQL and SQLite).

    >>> print(_rows_statement(_HISTORY, ("account_id", "at"), 2).text)
    INSERT INTO rating_history (account_id, at)
    VALUES (:account_id_0, :at_0), (:account_id_1, :at_1)
    """
    rows = ", ".join(
        "(" + ", ".join(f":{name}_{n}" for name in columns) + ")" for n in range(count)
    )
    sql = f"INSERT INTO {table.name} ({', '.join(columns)})\nVALUES {rows}"
    if upsert:
        sql += (
            "\nON CONFLICT (account_id, form, against) DO UPDATE SET mu = excluded.mu, "
            "sigma = excluded.sigma, shown = excluded.shown, updated = excluded.updated, "
            f"games = {table.name}.games + 1"
        )
    return text(sql).bindparams(
        *(
            bindparam(f"{name}_{n}", type_=table.c[name].type)
            for n in range(count)
            for name in columns
        )
    )


def _insert_rows(session: Session, table: Table, rows: list[dict[str, Any]], **how: bool) -> None:
    """Insert ``rows`` (dicts of the same columns) into ``table`` in one statement."""
    session.connection().execute(
        _rows_statement(table, tuple(rows[0]), len(rows), **how),
        {f"{name}_{n}": value for n, row in enumerate(rows) for name, value in row.items()},
    )


def _rate(
    session: Session,
    table: _Table,
    form: str,
    against: str,
    seats: Sequence[_Seat],
    skills: dict[str, tuple[float, float]] | None,
    ranks: Sequence[int],
    now: datetime,
    kept: _Kept | None,
) -> tuple[int, ...]:
    """Rate one game: each person's rating from the store (``kept``, or read now), each bot's
    the fixed rating of its level; writes the people's new ratings and their history rows."""
    if kept is None:
        kept = _kept(
            session, [s.account_id for s in seats if s.account_id is not None], form, against
        )
    teams = []
    for seat in seats:
        if seat.kind == "bot":
            assert skills is not None and seat.bot is not None
            mu, sigma = skills[seat.bot]
        else:
            assert seat.account_id is not None
            mu, sigma, _ = kept.get((seat.account_id, form, against), (NEW_MU, NEW_SIGMA, 0))
        teams.append([MODEL.rating(mu=mu, sigma=sigma)])
    rated = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    history: list[dict[str, Any]] = []
    ratings: list[dict[str, Any]] = []
    for seat, team in zip(seats, rated, strict=True):
        if seat.kind == "bot" or seat.account_id is None:
            continue
        new = team[0]
        number = shown(new.mu, new.sigma)
        ratings.append(
            {
                "account_id": seat.account_id,
                "form": form,
                "against": against,
                "mu": new.mu,
                "sigma": new.sigma,
                "shown": number,
                "games": 1,  # (a new rating's; a kept one's games go up by one)
                "updated": now,
            }
        )
        history.append(
            {
                "account_id": seat.account_id,
                "form": form,
                "against": against,
                "table_id": table.id,
                "at": table.updated,
                "mu": new.mu,
                "sigma": new.sigma,
                "shown": number,
            }
        )
    _insert_rows(session, _RATINGS, ratings, upsert=True)
    _insert_rows(session, _HISTORY, history)
    return tuple(entry["account_id"] for entry in history)


def _settle_table(
    session: Session,
    table: _Table,
    *,
    events: Sequence[Event] | None = None,
    stats: bool = True,
    ratings: bool = True,
    now: datetime | None = None,
    kept: _Kept | None = None,
) -> Settled | None:
    """Write a finished table's ``game_stats`` rows (``stats``) and rate it (``ratings``) in
    ``session``; None if it has no form or no signed-in seat. ``kept``: the seated people's
    ratings in the table's forms, if already read (else they are read when needed)."""
    seats = table.seats
    people = [seat for seat in seats if seat.account_id is not None and seat.kind == "human"]
    try:
        rules = Rules.from_dict(table.rules)
    except HeartsError as error:
        log.error("table %s cannot be settled: its rules cannot be read: %s", table.id, error)
        return None
    form = form_of(table.variant, rules.players, rules_changed(table.variant, rules))
    if form is None or not people:
        return None
    log_ = list(events) if events is not None else _events(session, table.id)
    every = summaries(rules, log_)
    kept_summaries: dict[int, GameSummary] = {seat.seat: every[seat.seat] for seat in people}
    accounts = {seat.seat: seat.account_id for seat in people}
    bots = [seat for seat in seats if seat.kind == "bot"]
    against = "bots" if bots else "people"
    rated_people = table.options.get("rated") is True and not bots and len(people) == len(seats)
    skills = level_skills(form) if len(people) == 1 and len(bots) == len(seats) - 1 else None
    rated_bots = skills is not None and all(seat.bot in skills for seat in bots)
    rated: tuple[int, ...] = ()
    if ratings and (rated_people or rated_bots):
        order = [every[seat.seat].place for seat in seats]
        last = rules.players + 1  # (a leaver: below every seat that stayed)
        ranks = [last if seat.left_for_good else order[seat.seat] for seat in seats]
        rated = _rate(session, table, form, against, seats, skills, ranks, now or _now(), kept)
    if stats:
        _insert_rows(
            session,
            _STATS,
            [
                {
                    "table_id": table.id,
                    "seat": seat,
                    "account_id": account,
                    "form": form,
                    "against": against,
                    "rated": rated_people or rated_bots,
                    "finished": table.updated,
                    **kept_summaries[seat].to_dict(),
                }
                for seat, account in accounts.items()
            ],
        )
    return Settled(table.id, form, against, tuple(kept_summaries), rated)


def settle(store: Store, table_id: str, *, events: Sequence[Event] | None = None) -> Settled | None:
    """Settle a finished game once: its statistics rows and the ratings it changes, in one
    transaction. None if the table is not over, was settled already, or leaves nothing (no
    form, no signed-in seat). ``events`` (the game's whole log, as stored) saves reading them
    back from the store."""
    try:
        with store._transaction("settle a finished game") as session:
            tables, seats, stats, ratings = (
                _TABLES.c,
                _SEATS.c,
                _STATS.c,
                _RATINGS.c,
            )
            rows = (
                session.connection()
                .execute(
                    select(
                        tables.variant,
                        tables.rules,
                        tables.options,
                        tables.updated,
                        tables.status,
                        exists().where(stats.table_id == table_id),
                        seats.seat,
                        seats.kind,
                        seats.bot,
                        seats.account_id,
                        seats.left_for_good,
                        ratings.form,
                        ratings.against,
                        ratings.mu,
                        ratings.sigma,
                        ratings.games,
                    )
                    .join_from(_TABLES, _SEATS, seats.table_id == tables.id)
                    .outerjoin(
                        _RATINGS,
                        # (the seated people's ratings in the variant's forms: a LIKE whose
                        # wildcards may match more, kept by the exact form below)
                        (ratings.account_id == seats.account_id)
                        & ratings.form.startswith(tables.variant + "/"),
                    )
                    .where(tables.id == table_id)
                    .order_by(seats.seat)
                    .with_for_update(of=_TABLES)
                )
                .all()
            )
            if not rows or rows[0][4] != "over" or rows[0][5]:
                return None  # (not over, or settled already)
            variant, rules, options, updated = rows[0][:4]
            found: dict[int, _Seat] = {}
            kept: _Kept = {}
            for row in rows:
                seat = found.setdefault(row[6], _Seat(*row[6:11]))
                if row[11] is not None and seat.account_id is not None:
                    kept[seat.account_id, row[11], row[12]] = (row[13], row[14], row[15])
            table = _Table(table_id, variant, rules, options, updated, tuple(found.values()))
            return _settle_table(session, table, events=events, kept=kept)
    except _Conflict:  # (settled at the same time by another call: it stands)
        return None


def settle_pending(store: Store) -> int:
    """Settle every finished game with a signed-in seat and no statistics yet (a server that
    stopped between a game's end and its settling); returns how many were settled."""
    with store._transaction("find the finished games not yet settled", read=True) as session:
        pending = list(
            session.scalars(
                select(TableRow.id)
                .where(
                    TableRow.status == "over",
                    exists().where(
                        SeatRow.table_id == TableRow.id, SeatRow.account_id.is_not(None)
                    ),
                    ~exists().where(GameStatRow.table_id == TableRow.id),
                )
                .order_by(TableRow.updated)
            )
        )
    return sum(settle(store, table_id) is not None for table_id in pending)


def rebuild(store: Store, *, ratings: bool = True) -> int:
    """Make every ``game_stats`` row again from the stored events (and, with ``ratings``,
    every rating and its history, replaying the rated games in the order they ended); returns
    the games settled. One transaction: the rows are all the old or all the new."""
    count = 0
    with store._transaction("rebuild the statistics") as session:
        session.execute(delete(GameStatRow))
        if ratings:
            session.execute(delete(RatingHistoryRow))
            session.execute(delete(RatingRow))
        tables = session.scalars(
            select(TableRow)
            .where(
                TableRow.status == "over",
                exists().where(SeatRow.table_id == TableRow.id, SeatRow.account_id.is_not(None)),
            )
            .order_by(TableRow.updated, TableRow.id)
        )
        for table in tables:
            done = _settle_table(session, _Table.of(table), ratings=ratings, now=table.updated)
            if done is not None:
                count += 1
                session.flush()
    return count


def rebuild_store(url: str, *, ratings: bool = True) -> int:
    """Open the store at ``url``, hold it (:meth:`Store.hold`: refused with a
    :class:`StoreError` while a server holds it, and no server starts on it meanwhile),
    upgrade it to the newest schema as ``hearts serve`` would, and :func:`rebuild` it; returns
    the games settled. ``hearts rebuild-ratings`` runs this.

    >>> import pathlib, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     rebuild_store(f"sqlite:///{pathlib.Path(folder) / 'empty.db'}")
    0
    """
    store = Store(url)
    try:
        try:
            store.hold()
        except StoreError as error:
            raise StoreError(f"the statistics and ratings are not rebuilt: {error}") from None
        store.upgrade()
        return rebuild(store, ratings=ratings)
    finally:
        store.close()


router = APIRouter()
"""The ratings' routes (``create_app`` includes them)."""


@router.get("/api/levels", response_model=dict[str, dict[str, float]])
async def levels_measured() -> dict[str, dict[str, float]]:
    """The bot levels' ratings, by form, on the scale people are rated on (a form not
    measured is absent: its levels have no number)."""
    return {form: level_ratings(form) or {} for form in sorted(_levels())}
