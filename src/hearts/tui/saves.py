"""Where ``hearts play`` keeps its games: one file a game, written whole, locked while played.

The folder of saves (:func:`save_dir`) is the user's data directory for ``hearts``
(``$XDG_DATA_HOME/hearts`` on Linux), or ``$HEARTS_SAVE_DIR``, or ``hearts play --save-dir``::

    games/<id>.json     one game each (a :class:`~hearts.tui.session.Session`'s save), its
                        id made when it is started (when, and four random hex digits); a
                        finished game stays here, listed as finished
    games/<id>.lock     the process playing it (its pid): a second ``hearts play`` is told
                        the game is open elsewhere instead of playing it twice
    finished/           the records of finished games (``hearts replay`` reads them)
    game.json, saved/   saves of the versions before: still listed and continued where they are

A save is written to a temporary file and moved over the old one (``os.replace``), so a crash
never leaves half a file and two processes never write one file. The lock is the operating
system's (``flock``): it ends with the process, so the lock file of a process that died is
simply taken over. A save that cannot be read is named in a sentence and left as it is.
"""

from __future__ import annotations

import os
import secrets
import shlex
import shutil
import sys
import textwrap
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import platformdirs

from hearts import record, variants
from hearts.errors import HeartsError, InvalidArgument, InvalidRecord
from hearts.tui.session import Session, seat_names

__all__ = [
    "SAVE_DIR_ENV",
    "GameOpenElsewhere",
    "KeptGame",
    "Lock",
    "Saves",
    "bot_list",
    "default_save_dir",
    "describe",
    "program",
    "save_dir",
    "when",
]

SAVE_DIR_ENV: Final = "HEARTS_SAVE_DIR"
"""The environment variable that moves the folder of saves (``--save-dir`` overrides it)."""

_LEGACY: Final = "game.json"
"""Where the versions before kept the one game in progress."""


def default_save_dir() -> Path:
    """The user's data directory for ``hearts`` (``$XDG_DATA_HOME/hearts`` on Linux)."""
    return platformdirs.user_data_path("hearts")


def save_dir(override: Path | None = None) -> Path:
    """The folder of saves: ``override`` (``--save-dir``), else ``$HEARTS_SAVE_DIR``, else the
    user's data directory."""
    if override is not None:
        return override
    env = os.environ.get(SAVE_DIR_ENV)
    return Path(env) if env else default_save_dir()


class GameOpenElsewhere(HeartsError):
    """The game is being played by another process (``pid``, 0 when it is not known)."""

    def __init__(self, game: str, pid: int) -> None:
        who = f"another `hearts play` (process {pid})" if pid else "another `hearts play`"
        super().__init__(
            f"game {game} is open in {who}: go on with it there, or quit it there first"
        )
        self.pid = pid


if sys.platform == "win32":  # pragma: no cover - the lock of Windows: a locked byte
    import msvcrt

    def _try_lock(fd: int) -> bool:
        os.lseek(fd, 64, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True


def _read_pid(fd: int) -> int:
    os.lseek(fd, 0, os.SEEK_SET)
    text = os.read(fd, 32).split(b"\n")[0].strip()
    return int(text) if text.isdigit() else 0


@dataclass
class Lock:
    """A game open in this process: its lock file holds this process's pid and the operating
    system's lock, which ends with the process (a lock left by a dead one is taken over)."""

    path: Path
    fd: int

    @classmethod
    def take(cls, path: Path, game: str = "") -> Lock:
        """Lock ``path`` for this process; :class:`GameOpenElsewhere` if another holds it."""
        path.parent.mkdir(parents=True, exist_ok=True)
        while True:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
            if not _try_lock(fd):
                pid = _read_pid(fd)
                os.close(fd)
                raise GameOpenElsewhere(game or path.stem, pid)
            try:
                same = os.fstat(fd).st_ino == os.stat(path).st_ino
            except FileNotFoundError:
                same = False
            if same:
                break
            os.close(fd)  # released and removed while we opened it: again, on the new file
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, f"{os.getpid()}\n".encode())
        return cls(path, fd)

    def release(self) -> None:
        """Let the game go (the lock file is removed)."""
        if self.fd < 0:
            return
        if sys.platform != "win32":
            self.path.unlink(missing_ok=True)
        os.close(self.fd)
        self.fd = -1
        if sys.platform == "win32":  # pragma: no cover
            self.path.unlink(missing_ok=True)

    @staticmethod
    def holder(path: Path) -> int | None:
        """The pid of the process that holds ``path`` (0 if not known), or None if none does
        (a lock file left by a process that died holds nothing)."""
        try:
            fd = os.open(path, os.O_RDWR)
        except OSError:
            return None
        try:
            if _try_lock(fd):
                return None  # the OS lock ends when fd is closed
            return _read_pid(fd)
        finally:
            os.close(fd)


@dataclass(frozen=True)
class KeptGame:
    """A game in the folder of saves, as the list shows it."""

    id: str
    """What ``hearts play --resume`` takes: the save's name without ``.json``."""
    path: Path
    variant: str
    players: int
    bots: tuple[str, ...]
    """The bot in each other seat (empty for a record of the versions before)."""
    hand: int
    """The hand being played (1 first), or the hands played in a finished game."""
    totals: tuple[int, ...]
    unit: str
    """``points`` or ``counters``."""
    played: float
    """When it was last played (seconds since the epoch)."""
    finished: bool
    open_in: int | None = None
    """The pid of the process playing it now (0 if not known), None if none is."""
    record_file: str = ""
    """A finished game's record, which ``hearts replay`` reads."""
    resumable: bool = True
    """False for a finished game's record of the versions before (it has no save)."""


def _summary_of(path: Path, data: Any) -> dict[str, Any]:
    """A save's summary: read from it (version 2), or worked out by loading it."""
    summary = data.get("summary") if isinstance(data, dict) else None
    fields = {"players", "hand", "totals", "unit", "finished"}
    if isinstance(summary, dict) and fields <= summary.keys():
        return summary
    return Session.from_dict(data).summary()


@dataclass
class Saves:
    """The folder of saves: list the kept games, start one, open one (locking it)."""

    root: Path
    held: dict[Path, Lock] = field(default_factory=dict)
    """The locks this process holds, by save."""
    unreadable: dict[str, str] = field(default_factory=dict)
    """The files the last :meth:`scan` could not read: why, by the id they would have."""

    @property
    def games(self) -> Path:
        """Where each game's save lives."""
        return self.root / "games"

    @property
    def finished(self) -> Path:
        """Where finished games' records are kept."""
        return self.root / "finished"

    def _candidates(self) -> list[Path]:
        found: list[Path] = []
        for folder in (self.games, self.root / "saved"):
            if folder.is_dir():
                found += sorted(p for p in folder.glob("*.json") if not p.name.startswith("."))
        legacy = self.root / _LEGACY
        if legacy.is_file():
            found.append(legacy)
        return found

    def scan(self) -> tuple[list[KeptGame], list[str]]:
        """Every kept game, the last played first, and a sentence for each file that cannot
        be read (it is left as it is)."""
        kept: list[KeptGame] = []
        problems: list[str] = []
        records: set[str] = set()
        self.unreadable = {}
        for path in self._candidates():
            try:
                data = record.parse_json(path.read_bytes())
                summary = _summary_of(path, data)
                played = data.get("played")
                if not isinstance(played, int | float) or isinstance(played, bool):
                    played = path.stat().st_mtime
                record_file = str(data.get("record_file") or "")
                game = KeptGame(
                    id=path.stem,
                    path=path,
                    variant=str(data.get("variant") or "?"),
                    players=int(summary["players"]),
                    bots=tuple(str(name) for name in data.get("bots") or ()),
                    hand=int(summary["hand"]),
                    totals=tuple(int(x) for x in summary["totals"]),
                    unit=str(summary["unit"]),
                    played=float(played),
                    finished=bool(summary["finished"]),
                    open_in=Lock.holder(path.with_suffix(".lock")),
                    record_file=record_file,
                )
            except (HeartsError, OSError, TypeError, ValueError, AttributeError) as error:
                problems.append(_unreadable(path, error))
                self.unreadable[path.stem] = problems[-1]
                continue
            kept.append(game)
            if record_file:
                records.add(os.path.abspath(record_file))
        if self.finished.is_dir():
            for path in sorted(self.finished.glob("*.json")):
                if os.path.abspath(path) in records:
                    continue  # its save is listed
                try:
                    game_record = record.load(path)
                    kept.append(
                        KeptGame(
                            id=path.stem,
                            path=path,
                            variant=variants.name_of(game_record.rules),
                            players=game_record.players,
                            bots=(),
                            hand=len(game_record.hands),
                            totals=tuple(game_record.scores),
                            unit="counters" if game_record.rules.counters else "points",
                            played=path.stat().st_mtime,
                            finished=True,
                            record_file=str(path),
                            resumable=False,
                        )
                    )
                except (HeartsError, OSError) as error:
                    problems.append(_unreadable(path, error))
        kept.sort(key=lambda game: game.played, reverse=True)
        return kept, problems

    @staticmethod
    def unfinished(kept: Sequence[KeptGame]) -> list[KeptGame]:
        """The games still to be played on, the last played first."""
        return [game for game in kept if not game.finished]

    def find(self, ref: str, kept: Sequence[KeptGame]) -> KeptGame:
        """The kept game ``ref`` names: its id, or its number in the list (1 the last played);
        :class:`InvalidArgument` says there is none, :class:`InvalidRecord` that its file
        cannot be read (as the last :meth:`scan` found)."""
        for game in kept:
            if game.id == ref:
                return game
        if ref.isdigit() and 1 <= int(ref) <= len(kept):
            return kept[int(ref) - 1]
        if ref in self.unreadable:
            raise InvalidRecord(self.unreadable[ref])
        raise InvalidArgument(
            f"there is no kept game {ref!r} in {self.root}: `hearts play --list` lists them"
        )

    def create(self) -> Path:
        """A save for a new game, under a name no other game has, locked for this process."""
        while True:
            name = f"{time.strftime('%Y%m%d-%H%M%S')}-{secrets.token_hex(2)}"
            path = self.games / f"{name}.json"
            if path.exists():
                continue
            try:
                lock = Lock.take(path.with_suffix(".lock"), name)
            except GameOpenElsewhere:
                continue
            if path.exists():  # made while we locked: another name
                lock.release()
                continue
            self.held[path] = lock
            return path

    def open(self, game: KeptGame) -> tuple[Session, Path]:
        """Load a kept game to play on and lock it; :class:`GameOpenElsewhere` if another
        process plays it, :class:`InvalidRecord` (or ``OSError``) if it cannot be read (the
        file is left as it is), :class:`InvalidArgument` if it is finished."""
        if game.finished or not game.resumable:
            replay = f"`hearts replay {shlex.quote(game.record_file)}` shows it"
            raise InvalidArgument(f"game {game.id} is finished: {replay}")
        if game.path not in self.held:
            self.held[game.path] = Lock.take(game.path.with_suffix(".lock"), game.id)
        try:
            session = Session.load(game.path)
        except (InvalidRecord, OSError):
            self.release(game.path)
            raise
        return session, game.path

    def release(self, path: Path | None) -> None:
        """Let a game go (another process may open it now)."""
        lock = self.held.pop(path, None) if path is not None else None
        if lock is not None:
            lock.release()

    def close(self) -> None:
        """Let every game this process holds go."""
        for path in list(self.held):
            self.release(path)

    def resume_command(self, game_id: str) -> str:
        """The command that goes on with a game, as the user ran ``hearts`` (:func:`program`),
        naming the folder if it is not the usual."""
        command = f"{program()} play --resume {shlex.quote(game_id)}"
        if self.root != save_dir():
            command += f" --save-dir {shlex.quote(str(self.root))}"
        elif self.root != default_save_dir():
            command = f"{SAVE_DIR_ENV}={shlex.quote(str(self.root))} {command}"
        return command

    def saved_message(self, session: Session, path: Path, width: int = 80) -> str:
        """What the terminal says when ``hearts play`` ends with the game unfinished: that it
        is saved, where, and the command to go on with it (wrapped at ``width``; the command
        and the path each on a line of their own, never cut)."""
        lines = [
            textwrap.fill(
                f"Your game ({session.variant}, hand {len(session.game.hands)}) is saved. "
                "To go on with it, run:",
                width,
            ),
            f"    {self.resume_command(path.stem)}",
            textwrap.fill(
                f"`{program()} play` offers it too, and `{program()} play --list` lists every "
                "kept game. The game is kept in this file:",
                width,
            ),
            f"    {path}",
        ]
        return "\n\n".join(lines)


def program(argv0: str | None = None, cwd: str | None = None, executable: str | None = None) -> str:
    """How to run ``hearts`` again as this process was run (``sys.argv[0]``, the current
    directory, ``sys.executable`` by default), for the commands the game prints: ``hearts`` when
    that is the command found on the PATH; else its path (relative to the current directory
    when under it, as the README's ``.venv/bin/hearts``); ``python -m hearts`` when run so;
    ``hearts`` when run some other way (from Python).

    >>> program("/home/me/hearts/.venv/bin/hearts", "/home/me/hearts")
    '.venv/bin/hearts'
    >>> program("/opt/h/hearts/__main__.py", "/home/me", "/home/me/.venv/bin/python")
    '.venv/bin/python -m hearts'
    >>> program("/usr/lib/python3/pytest/__main__.py", "/home/me")
    'hearts'
    """
    argv0 = sys.argv[0] if argv0 is None else argv0
    where = Path(argv0)
    if where.name == "__main__.py" and where.parent.name == "hearts":
        return f"{_runnable(executable or sys.executable, cwd)} -m hearts"
    if where.stem in ("hearts", "hearts-script"):
        return _runnable(argv0, cwd)
    return "hearts"


def _runnable(file: str, cwd: str | None) -> str:
    """A program as a command in the current directory: its name if the PATH finds this very
    file by it; its path from the current directory if under it; else its whole path."""
    full = os.path.abspath(file)  # (not resolved: a virtual environment's python is a link)
    found = shutil.which(os.path.basename(full))
    if found is not None and os.path.abspath(found) == full:
        return shlex.quote(os.path.basename(full))
    here = os.path.abspath(cwd if cwd is not None else os.getcwd())
    if full.startswith(here.rstrip(os.sep) + os.sep):
        relative = os.path.relpath(full, here)
        return shlex.quote(relative if os.sep in relative else f".{os.sep}{relative}")
    return shlex.quote(full)


def _unreadable(path: Path, error: Exception) -> str:
    reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    return f"The saved game {path} cannot be read ({reason}); it is left as it is."


def when(moment: float, now: float | None = None) -> str:
    """When a game was last played, as a person says it: "today at 14:03", "yesterday at
    09:12", or the date.

    >>> import time
    >>> noon = time.mktime((2025, 5, 12, 12, 0, 0, 0, 0, -1))
    >>> when(noon - 3600, noon), when(noon - 86400, noon), when(noon - 20 * 86400, noon)
    ('today at 11:00', 'yesterday at 12:00', '2025-04-22 12:00')
    """
    now = time.time() if now is None else now
    day = time.localtime(moment)[:3]
    clock = time.strftime("%H:%M", time.localtime(moment))
    if day == time.localtime(now)[:3]:
        return f"today at {clock}"
    if day == time.localtime(now - 86400)[:3]:
        return f"yesterday at {clock}"
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(moment))


def bot_list(names: Sequence[str]) -> str:
    """The bots at a table, in short.

    >>> bot_list(["expert"] * 3), bot_list(["expert", "basic", "basic"])
    ('expert ×3', 'expert, basic, basic')
    """
    if len(names) > 1 and len(set(names)) == 1:
        return f"{names[0]} ×{len(names)}"
    return ", ".join(names)


def describe(game: KeptGame) -> tuple[str, str]:
    """A kept game in two lines: what and where it stands; who plays and the totals.

    The second line names the seats as the table does ("You", "West", ...)."""
    if game.finished:
        stands = f"finished after {game.hand} hand{'s' if game.hand != 1 else ''}"
    else:
        stands = f"hand {game.hand}"
    state = f"{game.variant}, {game.players} players, {stands}, last played {when(game.played)}"
    if game.open_in is not None:
        state += f", open in another `hearts play` (process {game.open_in})"
    names = seat_names(game.players)
    totals = ", ".join(f"{name} {total}" for name, total in zip(names, game.totals, strict=False))
    bots = f"; bots {bot_list(game.bots)}" if game.bots else ""
    return state, f"{game.unit}: {totals}{bots}"
