"""The tables in play: :class:`Hub` (every table, the store, the bots' pool) and :class:`Table`.

A table is a :class:`~hearts.game.Game` and its seats. Every move — a person's from a socket,
a bot's from the pool — goes through :meth:`Table.play`: the core says whether it is legal
(its sentence goes back to the one who tried, and nothing changes), the new events are stored
in one transaction, and only then does every client get the new state, each built from what
that client may see: a seat's view (``Game.view(seat)``), or for a watcher the public view
(``Game.public_view()``), which holds no card of any hand. A move that cannot be stored is
taken back, and the one who made it told. Every state is built under the table's lock, which a
move holds until it is stored: a socket that says hello, or asks for the state again, while a
move is being written waits for it, so no client is ever shown a move the store does not hold.

Seats: a person's seat is claimed by joining (the lobby hands out a secret token, kept here
only as its hash); a bot's seat is played by its bot. A person who has not come yet, or whose
sockets have all gone, keeps the seat for the table's grace period; then the stand-in bot plays
for them until they come back (the seat is theirs again at once). Leaving for good gives the
seat to the stand-in. With a turn timer, a person who lets it run out has that one move made
by the stand-in.

The bots think in :class:`~hearts.server.botpool.BotPool`'s processes, each table in its turn
and before any hint; a table's driver asks for one bot move at a time and plays it if the
position has not changed meanwhile. A bot move that cannot be stored (the store is down) is
tried again after a pause that doubles up to :data:`RETRY_MOST` seconds (the move kept, not
thought again), and at once when the table moves otherwise; a person's move never waits for it.

The package holds three rooms, each of one concern; every name is importable from
``hearts.server.tables`` as it was when the tables were one module:

- :mod:`~hearts.server.tables.parts`: what a table is made of and says, shared by the other
  two: its options (:class:`TableOptions`), seats (:class:`Seat`), sockets (:class:`Client`),
  its refusals (:class:`TableError`; :func:`for_people`, which says the seats of an engine's
  refusal from 1, from the error's fields) and the names people give (:func:`checked_name`).
- :mod:`~hearts.server.tables.table`: one table's play, :class:`Table`: its moves, its bots'
  driver, its timers and its sockets, all under the table's lock.
- :mod:`~hearts.server.tables.hub`: every table, :class:`Hub`: making, joining, finding and
  closing tables, taking over kept ones, the store's batched writes, and finished games'
  records and replays.
"""

from __future__ import annotations

import secrets  # noqa: F401  (tables.secrets: the tests that fix a table's seed patch its randbits)

from hearts.server.tables.hub import Hub
from hearts.server.tables.parts import (
    _QUEUE as _QUEUE,
)
from hearts.server.tables.parts import (
    MOVED as MOVED,
)
from hearts.server.tables.parts import (
    Client,
    Seat,
    TableError,
    TableOptions,
    checked_name,
    for_people,
)
from hearts.server.tables.table import RETRY_FIRST as RETRY_FIRST
from hearts.server.tables.table import RETRY_MOST as RETRY_MOST
from hearts.server.tables.table import SEAT_SOCKETS, Table

__all__ = [
    "SEAT_SOCKETS",
    "Client",
    "Hub",
    "Seat",
    "Table",
    "TableError",
    "TableOptions",
    "checked_name",
    "for_people",
]
