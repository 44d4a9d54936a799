"""The commands that read a game's record: ``hearts replay`` prints it trick by trick,
``hearts verify`` checks every deal and move of it, and ``hearts review`` (made in
:mod:`hearts.tui.review`, beside the terminal game's review) weighs a seat's decisions."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from hearts import record, verify
from hearts.errors import InvalidRecord
from hearts.tui.commandline import FAILURE
from hearts.tui.commandline import fail as _fail
from hearts.tui.commandline import read_record as _read_record
from hearts.tui.review import review_command

__all__ = ["replay", "review_command", "verify_deals"]


def replay(
    file: Annotated[
        Path, typer.Argument(help="A game record (JSON), as `simulate --save` writes.")
    ],
) -> None:
    """Print a recorded game trick by trick: deals, passes, tricks, settlements and the result."""
    text = _read_record(file)
    try:
        game = record.loads(text)
    except InvalidRecord as error:
        _fail(f"{file} is not a game record this version can replay: {error}", FAILURE)
    typer.echo(record.text(game))


def verify_deals(
    file: Annotated[
        Path, typer.Argument(help="A game record (JSON), as `simulate --save` writes.")
    ],
) -> None:
    """Check a whole record: every deal against its seed and commitment, every move by the rules.

    For each hand, the shuffle is recomputed from the record's seed and hashed (it must be the
    commitment published before the pone cut), then cut as recorded and dealt by the laws (it
    must be the hands recorded); then every move is replayed by the rules and every recorded
    event compared with the replay's (a changed trick, an event added or removed is named by
    its move and event). Exits 0 when every hand matches, 1 otherwise.
    """
    text = _read_record(file)
    try:
        report = verify.verify_text(text)
    except InvalidRecord as error:
        _fail(f"{file} is not a game record this version can verify: {error}", FAILURE)
    for line in report.lines():
        typer.echo(line)
    if not report.ok:
        raise typer.Exit(FAILURE)
