"""Play again: the same seats and people at a new table, once a game is over.

A person seated at a finished table asks for another game (``POST /api/tables/{id}/again``
with their seat's token). The first such call makes the new table — the same preset, rules
and options, a bot of the same level in each bot's seat, each person's seat kept for them —
and every later call, by anyone seated there, is answered with that same table: a table is
played again once. Each person's seat at the new table is held by the same secret as at the
old one (the store keeps only its hash, as it kept the old seat's): the holder of the token
takes it by saying hello with it, as at the old table, and nobody else can, since a seat held
by a token is no free seat to join. A seat whose person never came, or left for good, is open
at the new table for anyone with its link or code. Every socket at the old table is told
(:class:`~hearts.server.protocol.Again`), the watchers too, who may follow; a socket that comes
to the old table later is told as it arrives.

Bounded as the making of tables is: only a seated person's token asks, only once the game is
over, once a table; the making is charged to the caller's address as a new table is
(``Guard.creating``), and the server's bound on its tables holds. An answer that only points to
the table made already costs nothing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from hearts.server import accounts, protocol
from hearts.server.store import NewSeat, StoreError
from hearts.server.tables import Hub, Table, TableError

__all__ = ["again_seats", "play_again"]


NOT_OVER = "the game at this table is not over: another game can be asked for once it is"


def again_seats(table: Table) -> list[NewSeat]:
    """The seats of a finished table as a new table takes them: a bot's seat the same bot, a
    person's kept for the holder of its token (its hash, under the same name), a seat nobody
    holds (never taken, or left for good) open for a person."""
    seats: list[NewSeat] = []
    for place in table.seats:
        if place.bot is not None:
            seats.append(NewSeat(place.name, "bot", place.bot))
        elif place.token is not None and not place.left:
            seats.append(NewSeat(place.name, "human", None, token_hash=place.token))
        else:
            seats.append(NewSeat(f"Seat {place.number + 1}", "human", None))
    return seats


async def play_again(
    hub: Hub, table: Table, seat: int, charge: Callable[[], Awaitable[None]]
) -> Table:
    """The table that plays ``table`` again, for the person at ``seat`` (their token checked
    already): made by the first call, under the old table's lock, and the same for every call
    after it. ``charge``: called (with no argument) and awaited just before a table is made,
    to charge the caller's allowance of new tables (it raises to refuse)."""
    if not table.game.is_over:
        raise TableError(NOT_OVER, 409)
    if table.options.event is not None:
        raise TableError(
            "a deal of an event is played once: the event's page has its other deals", 409
        )
    if table.again is None:
        async with table.lock:
            if table.again is None:
                await charge()
                try:
                    made = await hub.open_table(
                        table.variant, table.game.rules, again_seats(table), seat, table.options
                    )
                except StoreError:
                    raise TableError(
                        "the new table could not be saved, so it was not made: try again", 503
                    ) from None
                await accounts.carry_accounts(hub, table, made)
                table.again = made.id
                message = protocol.Again(table=made.id, link=f"/t/{made.id}", by=seat)
                for client in table.clients():
                    client.put(message)
    return hub.find(table.again)
