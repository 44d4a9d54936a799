"""The terminal game, ``hearts play``: a Textual app for a person against computer players.

:class:`~hearts.tui.session.Session` is the game without the screen (the person's moves, the
bots, undo, saving); :class:`~hearts.tui.table.Table` is the table's model over it (whose turn,
the cursor and marks, with :mod:`hearts.tui.botplay` the bots' scheduling and pondering
threads), :mod:`hearts.tui.drawing` draws it, and :class:`~hearts.tui.app.HeartsApp` is the
Textual app that shows it and reads the keys and the mouse; :mod:`hearts.tui.words` words what the core reports; :mod:`hearts.tui.saves` keeps the
games. Each game is saved after every move in a file of its own in the folder of saves
(:func:`save_dir`: the user's data directory), locked while it is played; ``hearts play`` offers
to continue an unfinished one, ``hearts play --list`` lists them and ``hearts play --resume``
continues one. A finished game's record is kept in ``finished/`` (``hearts replay`` reads it).
"""

from __future__ import annotations

from hearts.tui.saves import KeptGame, Saves, save_dir
from hearts.tui.session import Session, table_helper

__all__ = ["KeptGame", "Saves", "Session", "save_dir", "table_helper"]
