"""The accounts in the store: accounts and their sessions made, found and ended; seats tied to
an account; an account's data exported or deleted. Each function is one transaction, run on
the store's thread (``hub.db``); :class:`SignedIn` is who a request comes from.
"""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, Final

from sqlalchemy import delete, select, update
from sqlalchemy.orm import Session

from hearts.server.accounts.passwords import DELETED_NAME, _refuse, name_key
from hearts.server.store import (
    AccountRow,
    DuplicateEntryRow,
    DuplicatePlayRow,
    GameStatRow,
    RatingHistoryRow,
    RatingRow,
    SeatRow,
    SessionRow,
    Store,
    StoreError,
    TableRow,
    hash_token,
)

SESSION_LIFE: Final = timedelta(days=30)
"""How long a session lasts after its last use."""

SEEN_EVERY: Final = timedelta(minutes=10)
"""A session's last use is written at most this often (its expiry slides with it)."""

SESSIONS_MOST: Final = 20
"""Sessions an account may have at once: signing in again ends the oldest beyond these."""


@dataclasses.dataclass(frozen=True, slots=True)
class SignedIn:
    """The person a request comes from: their account's ``id`` and ``name``.

    >>> SignedIn(3, "Ann")
    SignedIn(id=3, name='Ann')
    """

    id: int
    name: str


# --- The store's side -----------------------------------------------------------------------


def _now() -> datetime:
    return datetime.now(UTC)


@dataclasses.dataclass(frozen=True, slots=True)
class _Found:
    id: int
    name: str
    password_hash: str
    recovery_hash: str


def _find(store: Store, key: str) -> _Found | None:
    with store._transaction("look an account up", read=True) as session:
        row = session.scalar(select(AccountRow).where(AccountRow.name_key == key))
        if row is None:
            return None
        return _Found(row.id, row.name, row.password_hash, row.recovery_hash)


def _by_id(store: Store, account_id: int) -> _Found | None:
    with store._transaction("look an account up", read=True) as session:
        row = session.get(AccountRow, account_id)
        if row is None:
            return None
        return _Found(row.id, row.name, row.password_hash, row.recovery_hash)


def _open_session(session: Session, account_id: int, now: datetime) -> str:
    """A new session of the account (its id, which only the cookie holds), the account's
    sessions beyond :data:`SESSIONS_MOST` and everyone's expired sessions ended."""
    session.execute(delete(SessionRow).where(SessionRow.expires <= now))
    kept = session.scalars(
        select(SessionRow.id_hash)
        .where(SessionRow.account_id == account_id)
        .order_by(SessionRow.seen.desc())
        .offset(SESSIONS_MOST - 1)
    ).all()
    if kept:
        session.execute(delete(SessionRow).where(SessionRow.id_hash.in_(kept)))
    made = secrets.token_urlsafe(32)
    session.add(
        SessionRow(
            id_hash=hash_token(made),
            account_id=account_id,
            created=now,
            seen=now,
            expires=now + SESSION_LIFE,
        )
    )
    return made


def _sign_up(store: Store, name: str, password_hash: str, recovery_hash: str) -> tuple[int, str]:
    """A new account and its first session: (its id, the session's id); a name taken is
    refused (409)."""
    now = _now()
    key = name_key(name)
    try:
        with store._transaction("make an account") as session:
            if session.scalar(select(AccountRow.id).where(AccountRow.name_key == key)) is not None:
                raise _refuse(409, f"the name {name!r} is taken: choose another")
            row = AccountRow(
                name=name,
                name_key=key,
                password_hash=password_hash,
                recovery_hash=recovery_hash,
                created=now,
                seen=now,
            )
            session.add(row)
            session.flush()
            return row.id, _open_session(session, row.id, now)
    except StoreError:
        if _find(store, key) is not None:  # (taken by another sign-up at the same moment)
            raise _refuse(409, f"the name {name!r} is taken: choose another") from None
        raise


def _signed_in_as(store: Store, account_id: int, ending: str | None, **changes: str) -> str:
    """A new session of the account (its id), the one the cookie held (``ending``, a hash)
    ended, the account's ``changes`` (new hashes) written and its last use now."""
    now = _now()
    with store._transaction("sign in") as session:
        if ending is not None:
            session.execute(delete(SessionRow).where(SessionRow.id_hash == ending))
        session.execute(
            update(AccountRow).where(AccountRow.id == account_id).values(seen=now, **changes)
        )
        return _open_session(session, account_id, now)


def _session_of(store: Store, id_hash: str) -> SignedIn | None:
    """The account of a session that has not expired (its last use written, and its expiry
    slid, at most every :data:`SEEN_EVERY`)."""
    now = _now()
    with store._transaction("read a session") as session:
        found = session.execute(
            select(SessionRow, AccountRow)
            .join(AccountRow, AccountRow.id == SessionRow.account_id)
            .where(SessionRow.id_hash == id_hash, SessionRow.expires > now)
        ).first()
        if found is None:
            return None
        kept, account = found
        if now - kept.seen >= SEEN_EVERY:
            kept.seen = now
            kept.expires = now + SESSION_LIFE
            account.seen = now
        return SignedIn(account.id, account.name)


def _end_sessions(store: Store, account_id: int, but: str | None = None) -> None:
    with store._transaction("end sessions") as session:
        where = SessionRow.account_id == account_id
        if but is not None:
            where = where & (SessionRow.id_hash != but)
        session.execute(delete(SessionRow).where(where))


def _end_session(store: Store, id_hash: str) -> None:
    with store._transaction("sign out") as session:
        session.execute(delete(SessionRow).where(SessionRow.id_hash == id_hash))


def _tie_held(
    store: Store, account: SignedIn, held: Sequence[tuple[str, str]]
) -> list[tuple[str, int]]:
    """Tie to the account each person's seat whose token the browser holds (a guest's seat,
    tied to nobody yet): it shows the account's name. Returns the seats tied."""
    tied = []
    with store._transaction("tie seats to an account") as session:
        for table_id, token in held:
            row = session.scalar(
                select(SeatRow).where(
                    SeatRow.table_id == table_id,
                    SeatRow.token_hash == hash_token(token),
                    SeatRow.kind == "human",
                )
            )
            if row is None or row.account_id not in (None, account.id):
                continue
            row.account_id = account.id
            row.name = account.name
            tied.append((table_id, row.seat))
    return tied


def _tie_seat(store: Store, table_id: str, seat: int, account_id: int) -> None:
    with store._transaction("tie a seat to an account") as session:
        session.execute(
            update(SeatRow)
            .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
            .values(account_id=account_id)
        )


def seat_accounts(store: Store, table_ids: Sequence[str]) -> dict[tuple[str, int], int]:
    """The account tied to each seat of these tables (those tied to one), by (table, seat)."""
    if not table_ids:
        return {}
    with store._transaction("read the seats' accounts", read=True) as session:
        rows = session.execute(
            select(SeatRow.table_id, SeatRow.seat, SeatRow.account_id).where(
                SeatRow.table_id.in_(list(table_ids)), SeatRow.account_id.is_not(None)
            )
        ).all()
    return {(table_id, seat): account for table_id, seat, account in rows if account is not None}


def _plain(row: Any, leave: tuple[str, ...] = ("account_id",)) -> dict[str, Any]:
    return {
        column.key: (value.isoformat() if isinstance(value, datetime) else value)
        for column in row.__table__.columns
        if column.key not in leave
        for value in [getattr(row, column.key)]
    }


def _export(store: Store, account_id: int) -> dict[str, Any]:
    """All that is kept about a person (never a hash)."""
    with store._transaction("gather an account's data", read=True) as session:
        account = session.get(AccountRow, account_id)
        if account is None:
            raise _refuse(401, "you are not signed in")
        seats = session.execute(
            select(SeatRow, TableRow)
            .join(TableRow, TableRow.id == SeatRow.table_id)
            .where(SeatRow.account_id == account_id)
            .order_by(TableRow.created)
        ).all()
        return {
            "account": {
                "name": account.name,
                "created": account.created.isoformat(),
                "seen": account.seen.isoformat(),
            },
            "sessions": [
                {
                    "created": row.created.isoformat(),
                    "seen": row.seen.isoformat(),
                    "expires": row.expires.isoformat(),
                }
                for row in session.scalars(
                    select(SessionRow).where(SessionRow.account_id == account_id)
                )
            ],
            "seats": [
                {
                    "table": table.id,
                    "code": table.code,
                    "seat": seat.seat,
                    "name": seat.name,
                    "variant": table.variant,
                    "status": table.status,
                    "created": table.created.isoformat(),
                    "updated": table.updated.isoformat(),
                }
                for seat, table in seats
            ],
            "ratings": [
                _plain(row)
                for row in session.scalars(
                    select(RatingRow).where(RatingRow.account_id == account_id)
                )
            ],
            "rating_history": [
                _plain(row, ("account_id", "id"))
                for row in session.scalars(
                    select(RatingHistoryRow)
                    .where(RatingHistoryRow.account_id == account_id)
                    .order_by(RatingHistoryRow.at)
                )
            ],
            "event_entries": [
                _plain(row)
                for row in session.scalars(
                    select(DuplicateEntryRow)
                    .where(DuplicateEntryRow.account_id == account_id)
                    .order_by(DuplicateEntryRow.entered)
                )
            ],
            "event_plays": [
                _plain(row)
                for row in session.scalars(
                    select(DuplicatePlayRow)
                    .where(DuplicatePlayRow.account_id == account_id)
                    .order_by(DuplicatePlayRow.started)
                )
            ],
            "game_stats": [
                _plain(row)
                for row in session.scalars(
                    select(GameStatRow)
                    .where(GameStatRow.account_id == account_id)
                    .order_by(GameStatRow.finished)
                )
            ],
        }


def _delete(store: Store, account_id: int) -> None:
    """The account goes with its sessions, ratings and statistics; its seats stay, under
    :data:`DELETED_NAME`, tied to nobody."""
    with store._transaction("delete an account") as session:
        session.execute(
            update(SeatRow)
            .where(SeatRow.account_id == account_id)
            .values(account_id=None, name=DELETED_NAME)
        )
        session.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
        session.execute(delete(AccountRow).where(AccountRow.id == account_id))
