"""The ``hearts`` group and how each of its commands behaves: its help shows a flag as a flag,
bad input ends it in one sentence (:mod:`hearts.tui.commandline`), and Ctrl+C stops it at once
(:mod:`hearts.interrupts`), says what was finished and exits 130.

>>> app.info.name, INTERRUPTED
('hearts', 130)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final, NoReturn

import typer
from typer.core import TyperCommand, TyperGroup, TyperOption

from hearts.interrupts import Interrupts
from hearts.tui.commandline import say as _say

__all__ = ["INTERRUPTED", "OWN_INTERRUPTS", "app"]

INTERRUPTED = 130
"""Exit code after Ctrl+C (128 + SIGINT, as shells report it)."""
OWN_INTERRUPTS: Final = frozenset({"play"})
"""Commands that take Ctrl+C themselves (the terminal game reads it as a key)."""

_interrupts = Interrupts()
"""Ctrl+C while a command runs (one for the process: signals are the process's)."""


def _stop_interrupted(what: str) -> NoReturn:
    """Say that Ctrl+C stopped the command (and what was finished), and exit 130."""
    _say(f"interrupted: {what}")
    raise typer.Exit(INTERRUPTED)


def _flags_take_no_value(params: Sequence[Any]) -> None:
    """An on/off flag (``--json``, ``--resume``, ``--help``) shows no ``<bool>`` in the help: it
    takes no value."""
    for param in params:
        if isinstance(param, TyperOption) and param.is_flag and param.metavar is None:
            param.metavar = ""


class _Command(TyperCommand):
    """A command whose help shows its flags as flags, and which Ctrl+C stops cleanly (exit 130)."""

    def get_params(self, ctx: Any) -> list[Any]:
        params = super().get_params(ctx)
        _flags_take_no_value(params)
        return params

    def invoke(self, ctx: Any) -> Any:
        if self.name in OWN_INTERRUPTS:
            try:
                return super().invoke(ctx)
            except KeyboardInterrupt:
                _stop_interrupted("stopped by Ctrl+C")
        with _interrupts.installed():
            try:
                return super().invoke(ctx)
            except KeyboardInterrupt:
                _stop_interrupted("stopped by Ctrl+C before it was finished")


class _Group(TyperGroup):
    """The ``hearts`` group: its help shows ``--help`` as a flag too."""

    def get_params(self, ctx: Any) -> list[Any]:
        params = super().get_params(ctx)
        _flags_take_no_value(params)
        return params


class _App(typer.Typer):
    """The Typer app, every command made a :class:`_Command` (whoever adds one)."""

    def command(  # type: ignore[override]
        self, name: str | None = None, *, cls: type[TyperCommand] | None = None, **options: Any
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        return super().command(name, cls=cls or _Command, **options)


app = _App(
    name="hearts",
    help="Hearts as people really play it: the classic laws and the modern game.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    cls=_Group,
)
