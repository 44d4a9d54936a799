"""What ``hearts play`` says on the command line, outside the app: the list of kept games
(``--list``), and once the app has closed, that the game is saved, where, and the command that
goes on with it (:meth:`~hearts.tui.saves.Saves.resume_command`, as the user ran ``hearts``).

>>> wrap("a b c", 3)
'a b\\nc'
>>> lower("The saved game is finished.")
'the saved game is finished'
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

import typer

from hearts.tui.app import HeartsApp
from hearts.tui.saves import KeptGame, Saves, describe, program

__all__ = ["lower", "print_kept", "save_last", "say_saved", "wrap"]


def save_last(terminal: HeartsApp) -> None:
    """However the app ended, the game as it stands is saved once more (the speed with it)."""
    path = terminal.save_path
    if terminal.started and path is not None and not terminal.session.is_over:
        try:
            terminal.session.save(path)
        except OSError as error:
            typer.echo(wrap(f"Could not save the game to {path}: {error.strerror}."), err=True)


def wrap(text: str, width: int = 80, indent: str = "") -> str:
    """A sentence in lines of ``width`` (a path or a command longer than that is not cut)."""
    return textwrap.fill(
        text,
        width,
        initial_indent=indent,
        subsequent_indent=indent,
        break_long_words=False,
        break_on_hyphens=False,
    )


def lower(sentence: str) -> str:
    """A sentence as the rest of an ``error:`` line."""
    return sentence[:1].lower() + sentence[1:].rstrip(".")


def say_saved(terminal: HeartsApp, saves: Saves, offer: Sequence[KeptGame]) -> None:
    """After the app has closed: the game is saved, where, and the command to go on with it
    (a finished game: where its record is)."""
    session, path = terminal.session, terminal.save_path
    if not terminal.started:  # quit at the choice: nothing new was started
        if offer:
            typer.echo(
                f"Nothing was changed. To go on with your last game:\n\n    "
                f"{saves.resume_command(offer[0].id)}"
            )
        return
    if path is None or not path.exists():
        return
    if session.is_over:
        if session.record_file:
            typer.echo(f"The game is over; its record is kept in:\n\n    {session.record_file}")
        return
    typer.echo(saves.saved_message(session, path))


def print_kept(saves: Saves) -> None:
    """``hearts play --list``: every kept game, the last played first, in lines that fit 80
    columns; then the command that continues one."""
    kept, problems = saves.scan()
    if not kept and not problems:
        typer.echo(f"No game is kept in {saves.root} yet: `hearts play` starts one.")
        return
    typer.echo(f"Kept games in {saves.root}, the last played first:")
    for number, game in enumerate(kept, start=1):
        state, totals = describe(game)
        head = f"{number:>2}  {game.id}  {'finished' if game.finished else 'unfinished'}"
        typer.echo("")
        typer.echo(head)
        for line in (state, totals):
            typer.echo(wrap(line, indent="    "))
        if game.finished and game.record_file:
            typer.echo(f"    record: {game.record_file}")
    for problem in problems:
        typer.echo("")
        typer.echo(wrap(problem))
    unfinished = saves.unfinished(kept)
    if unfinished:
        typer.echo("")
        typer.echo(f"To go on with one: {program()} play --resume ID (or its number), e.g.")
        typer.echo(f"\n    {saves.resume_command(unfinished[0].id)}")
