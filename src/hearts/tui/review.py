"""``hearts review RECORD --seat N``: the expert's review of one seat of a finished game.

The review itself is :mod:`hearts.bots.review`; this module reads the options, shows a progress
bar on stderr while the decisions are judged (in two processes on a machine of two cores or
more), then prints a table of the decisions (the hand, the trick, the move made, the best the
expert found, what it cost with its 95% interval, the mark) and the summary; ``--json`` prints
the review as data instead (:meth:`Review.to_dict <hearts.bots.review.Review.to_dict>`). The
terminal game shows the same table (:mod:`hearts.tui.reviewscreen`).

>>> from hearts.bots.review import assemble
>>> rows(assemble(0, 400, 1, [], 13))
[]
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Final

import typer
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from hearts import record, words
from hearts.bots.review import DEFAULT_DEALS, Decision, Review, review
from hearts.cards import Card
from hearts.errors import InvalidRecord
from hearts.game import Game
from hearts.moves import Discard, Move, Pass
from hearts.tui.commandline import FAILURE, fail, read_record

__all__ = ["MAX_DEALS", "review_command", "rows", "table", "workers"]

MAX_DEALS: Final = 100_000
"""The most imagined deals a decision a review may be given (hours for a game)."""
SEEDS: Final = (-(2**63), 2**63 - 1)


def workers() -> int:
    """Processes a review runs in: two on a machine of two cores or more, else one."""
    return 2 if (os.cpu_count() or 1) >= 2 else 1


def _move(made: Move) -> str:
    if isinstance(made, Card):
        return words.symbol(made)
    if isinstance(made, Pass | Discard):
        return words.cards(made.cards)
    return words.move(made).rstrip(".")


def _cost(decision: Decision) -> str:
    if decision.best == decision.made:
        return "—"
    low, high = decision.cost_interval
    return f"{decision.cost:.1f} ± {(high - low) / 2:.1f}"


def rows(found: Review) -> list[tuple[str, str, str, str, str, str]]:
    """The table's rows, a decision each: hand, trick (the kind outside the play: ``pass``,
    ``suit``, ``discard``, ``moon``), the move made, the best move found (``=`` where it is
    the move made), the cost ± the half of its 95% interval, the mark."""
    return [
        (
            str(decision.hand),
            str(decision.trick) if decision.trick is not None else decision.kind,
            _move(decision.made),
            "=" if decision.best == decision.made else _move(decision.best),
            _cost(decision),
            decision.mark or "",
        )
        for decision in found.decisions
    ]


def table(found: Review, *, marked_only: bool = False, title: str = "") -> Table:
    """The decisions as a Rich table (``marked_only``: only the mistakes and blunders), under
    ``title`` (by default the seat's, counted from 1)."""
    title = title or f"Seat {found.seat + 1}: the expert's review"
    shown = Table(box=box.SIMPLE_HEAD, title=title)
    for name, justify in (
        ("hand", "right"),
        ("trick", "right"),
        ("made", "left"),
        ("best", "left"),
        ("cost", "right"),
        ("mark", "left"),
    ):
        shown.add_column(name, justify=justify)  # type: ignore[arg-type]
    for decision, row in zip(found.decisions, rows(found), strict=True):
        if marked_only and decision.mark is None:
            continue
        style = {"blunder": "bold red", "mistake": "yellow"}.get(decision.mark or "", "")
        shown.add_row(*row, style=style)
    return shown


def review_command(
    file: Annotated[
        Path, typer.Argument(help="A finished game's record (JSON), as `simulate --save` writes.")
    ],
    seat: Annotated[
        int, typer.Option("--seat", help="The seat to review, counted from 1 as players count.")
    ],
    deals: Annotated[
        int,
        typer.Option(
            "--deals", help="Imagined deals a decision: the budget (more is surer and slower)."
        ),
    ] = DEFAULT_DEALS,
    seed: Annotated[
        int, typer.Option("--seed", help="Seeds the imagined deals: a review repeats for it.")
    ] = 0,
    processes: Annotated[
        int | None,
        typer.Option(
            "--workers", help="Processes judging the decisions (default: 2 on two cores or more)."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the review as JSON.")] = False,
) -> None:
    """The expert's review of a seat of a finished game: what each decision cost.

    Every decision of the seat (the pass, each card) is weighed on imagined deals against the
    best move the expert finds; the mistakes and blunders are marked, and a summary says how
    much was lost. An estimate: more deals make it surer (docs/review.md).
    """
    if not 4 <= deals <= MAX_DEALS:
        fail(f"--deals must be 4 to {MAX_DEALS:,}, not {deals}")
    if not SEEDS[0] <= seed <= SEEDS[1]:
        fail(f"--seed must be a 64-bit whole number, not {seed}")
    if processes is not None and not 1 <= processes <= 64:
        fail(f"--workers must be 1 to 64, not {processes}")
    game = _finished(file)
    if not 1 <= seat <= game.players:
        fail(f"--seat must be 1 to {game.players} (the game in {file} seats {game.players})")
    console = Console(stderr=True)
    with Progress(
        TextColumn("reviewing"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("decisions"),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task("review", total=None)

        def told(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        found = review(
            game,
            seat - 1,
            deals=deals,
            seed=seed,
            progress=told,
            workers=workers() if processes is None else processes,
        )
    if as_json:
        typer.echo(json.dumps(found.to_dict(), ensure_ascii=False))
        return
    out = Console(highlight=False)
    out.print(table(found))
    out.print(found.summary, markup=False)


def _finished(file: Path) -> Game:
    """The finished game a record file holds; anything else ends the command in a sentence."""
    try:
        game = record.loads(read_record(file))
    except InvalidRecord as error:
        fail(f"{file} is not a game record this version can review: {error}", FAILURE)
    if not game.is_over:
        fail(f"the game in {file} is not finished: only a finished game is reviewed", FAILURE)
    return game
