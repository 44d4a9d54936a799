"""The ``hearts`` command: list the presets, let bots play many games, replay a record.

A thin face over the core: every rule is asked of :mod:`hearts`; this package only reads options,
shows progress and prints tables (Typer and Rich live here and nowhere in the core). Bad input
gets one sentence on stderr and a non-zero exit code, never a traceback. Ctrl+C stops a command
at once (its worker processes with it), prints what was finished, says so, and exits 130.

    hearts play --variant modern --bots expert,basic,basic
    hearts play --resume
    hearts play --list
    hearts variants
    hearts simulate --variant modern --games 100 --seed 1 --bots basic,random,basic,random
    hearts arena --variant modern --bots basic,random,random,random --deals 100 --seed 1
    hearts replay game.json
    hearts verify game.json
    hearts review game.json --seat 1

One module a group of commands, this one wiring them into the group in the order its help lists
them: :mod:`~hearts.cli.group` (the group, and how a command takes flags and Ctrl+C),
:mod:`~hearts.cli.options` (the checks the commands' options share), :mod:`~hearts.cli.presets`
(``variants``), :mod:`~hearts.cli.runs` (``simulate``, ``arena``), :mod:`~hearts.cli.terminal`
(``play``, ``stats``), :mod:`~hearts.cli.records` (``replay``, ``verify``, ``review``) and
:mod:`~hearts.cli.serving` (``serve``, ``rebuild-ratings``).

>>> [command.name for command in app.registered_commands][:3]
['review', 'variants', 'simulate']
"""

# ruff: noqa: F401  (the names imported here and not used are kept importable: see __all__)

from __future__ import annotations

from hearts import arena, record, variants, verify
from hearts import bots as bot_registry
from hearts.cli.group import (
    INTERRUPTED,
    OWN_INTERRUPTS,
    _App,
    _Command,
    _flags_take_no_value,
    _Group,
    _interrupts,
    _stop_interrupted,
    app,
)
from hearts.cli.options import (
    _SAMPLES_HELP,
    _THINK_HELP,
    MAX_RUN,
    MAX_SAMPLES,
    MAX_THINK,
    SEEDS,
    _bot_names,
    _check_count,
    _check_search,
    _check_search_applies,
    _check_seed,
    _count,
    _first_of,
    _rules_for,
    _seed,
)
from hearts.cli.presets import _players, variants_command
from hearts.cli.records import replay, review_command, verify_deals
from hearts.cli.runs import (
    _check_workers,
    _play,
    _print_arena,
    _print_summary,
    _SeatStats,
    arena_command,
    simulate,
)
from hearts.cli.serving import _served_names, rebuild_ratings, serve
from hearts.cli.terminal import play, stats_command
from hearts.interrupts import Interrupts as _Interrupts
from hearts.tui.commandline import FAILURE
from hearts.tui.commandline import fail as _fail
from hearts.tui.commandline import read_record as _read_record
from hearts.tui.commandline import say as _say
from hearts.tui.commandline import warn as _warn

__all__ = ["app", "main"]
"""The command and its entry point; every other name imported above stays importable from
``hearts.cli`` as it was when the command line was one module (tests and other modules import
some of them)."""

app.command("review")(review_command)
app.command("variants")(variants_command)
app.command("simulate")(simulate)
app.command("arena")(arena_command)
app.command("stats")(stats_command)
app.command("replay")(replay)
app.command("verify")(verify_deals)
app.command("play")(play)
app.command("serve")(serve)
app.command("rebuild-ratings")(rebuild_ratings)


def main() -> None:
    """The console entry point (``hearts``): Ctrl+C before a command has started ends it too in
    a sentence, exit 130."""
    try:
        app()
    except KeyboardInterrupt:
        _say("interrupted: stopped by Ctrl+C before the command had started")
        raise SystemExit(INTERRUPTED) from None
