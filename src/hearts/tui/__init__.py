"""The terminal game, ``hearts play``: a Textual app for a person against computer players.

:class:`~hearts.tui.session.Session` is the game without the screen (the person's moves, the
bots, undo, saving); :class:`~hearts.tui.app.HeartsApp` draws it and reads the keys and the
mouse; :mod:`hearts.tui.words` words what the core reports. The game in progress is saved after
every move in the user's data directory (:func:`save_path`), where ``hearts play --resume``
finds it; a finished game's record is kept in ``finished/`` beside it (``hearts replay`` reads
it).
"""

from __future__ import annotations

import time
from pathlib import Path

import platformdirs

from hearts.tui.session import Session

__all__ = ["Session", "keep_unfinished", "save_path"]


def save_path() -> Path:
    """Where the game in progress is saved: ``game.json`` in the user's data directory for
    ``hearts`` (``$XDG_DATA_HOME/hearts`` on Linux)."""
    return platformdirs.user_data_path("hearts") / "game.json"


def keep_unfinished(path: Path) -> Path | None:
    """Before a new game replaces a saved game still in progress, move the old one to
    ``saved/`` beside it (nothing a player did is lost); returns where it went, or None when
    there was none."""
    if not path.exists():
        return None
    kept = path.parent / "saved" / f"game-{time.strftime('%Y%m%d-%H%M%S')}.json"
    kept.parent.mkdir(parents=True, exist_ok=True)
    number = 1
    while kept.exists():
        number += 1
        kept = kept.with_name(f"{kept.stem.split('~')[0]}~{number}.json")
    path.replace(kept)
    return kept
