"""What the ``hearts`` command's commands share (:mod:`hearts.cli`, and commands in modules of
their own such as ``hearts review``, :mod:`hearts.tui.review`): one sentence on stderr for what
is wrong, the exit codes, and reading a record's file.

>>> import typer
>>> try:
...     read_record(__import__("pathlib").Path("/no/such/record.json"))
... except typer.Exit as stop:
...     stop.exit_code
1
"""

from __future__ import annotations

from pathlib import Path
from typing import NoReturn

import typer
from rich.console import Console

__all__ = ["FAILURE", "USAGE_ERROR", "fail", "read_record", "say", "warn"]

USAGE_ERROR = 2
"""Exit code for options the command cannot use."""
FAILURE = 1
"""Exit code for a file that cannot be read or is not a record."""


def say(message: str) -> None:
    """A message on stderr, as it is (no markup, no highlighting): wrapped at word breaks to a
    terminal's width, one line when stderr is a file or a pipe (for logs and grep)."""
    console = Console(stderr=True, highlight=False)
    console.print(message, markup=False, soft_wrap=not console.is_terminal)


def fail(message: str, code: int = USAGE_ERROR) -> NoReturn:
    """Say what is wrong in one sentence on stderr, and stop."""
    say(f"error: {message}")
    raise typer.Exit(code)


def warn(message: str) -> None:
    """Say in one sentence on stderr what the command will do otherwise than asked."""
    say(f"warning: {message}")


def read_record(file: Path) -> bytes:
    """The bytes of a record file; a file that cannot be read ends the command in a sentence."""
    try:
        return file.read_bytes()
    except FileNotFoundError:
        fail(f"there is no file {file}", FAILURE)
    except IsADirectoryError:
        fail(f"{file} is a directory, not a game record", FAILURE)
    except OSError as error:
        fail(f"cannot read {file}: {error.strerror or error}", FAILURE)
