"""The commands that let bots play many games: ``hearts simulate`` (whole games, each seat's
wins, totals, points per hand and moons) and ``hearts arena`` (duplicate deals, each bot's
result with its interval; :mod:`hearts.arena` plays them). Each shows its progress on stderr,
and Ctrl+C stops it with the results of what was finished, exit 130.

>>> summary = {"variant": "modern", "games": 1, "planned_games": 1, "seed": 0, "hands": 3,
...            "unit": "points", "moon": False, "interrupted": False,
...            "seats": [{"seat": 0, "bot": "basic", "wins": 1, "mean_total": 9.0,
...                       "mean_per_hand": 3.0, "moons": 0}]}
>>> _print_summary(summary)  # doctest: +NORMALIZE_WHITESPACE +ELLIPSIS
  modern: 1 game, seed 0
...
"""

from __future__ import annotations

import json
import os
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from hearts import arena, record, variants
from hearts import bots as bot_registry
from hearts.cards import QUEEN_OF_SPADES
from hearts.cli.group import _interrupts, _stop_interrupted
from hearts.cli.options import (
    _SAMPLES_HELP,
    _THINK_HELP,
    _bot_names,
    _check_count,
    _check_search,
    _check_search_applies,
    _check_seed,
    _count,
    _first_of,
    _rules_for,
)
from hearts.errors import InvalidArgument, InvalidRules
from hearts.events import HandSettled, MoonShot
from hearts.game import Game
from hearts.rules import Moon, Rules
from hearts.tui.commandline import FAILURE
from hearts.tui.commandline import fail as _fail
from hearts.tui.commandline import warn as _warn

__all__ = ["arena_command", "simulate"]


@dataclass
class _SeatStats:
    """What one seat did over a run of games."""

    bot: str
    wins: int = 0
    totals: list[int] = field(default_factory=list)
    per_hand: list[int] = field(default_factory=list)
    moons: int = 0


def _tally(stats: Sequence[_SeatStats], game: Game) -> None:
    """Add a finished game to each seat's figures: its wins, total, points a hand and moons."""
    for seat in game.winners():
        stats[seat].wins += 1
    for seat, total in enumerate(game.scores):
        stats[seat].totals.append(total)
    for event in game.events:
        if isinstance(event, HandSettled):
            for seat, delta in enumerate(event.deltas):
                stats[seat].per_hand.append(delta)
        elif isinstance(event, MoonShot):
            stats[event.seat].moons += 1


def _play(
    rules: Rules,
    names: Sequence[str],
    seed: int,
    think: float | None = None,
    samples: int | None = None,
) -> Game:
    """One game, its seats' bots seeded from the game's seed so a run repeats exactly."""
    seats = [
        bot_registry.get(name, seed=seed * 100 + seat, think=think, samples=samples)
        for seat, name in enumerate(names)
    ]
    return bot_registry.play_game(Game(rules, seed=seed), seats)


def simulate(
    variant: Annotated[str, typer.Option(help="The preset to play (see `hearts variants`).")] = (
        "modern"
    ),
    games: Annotated[int, typer.Option(help="How many games to play.")] = 10,
    seed: Annotated[int, typer.Option(help="Game i is dealt from seed + i.")] = 0,
    bots: Annotated[
        str, typer.Option(help="Bot names: one for every seat, or one per seat, comma-separated.")
    ] = "basic",
    players: Annotated[
        int | None,
        typer.Option(
            help="Play the preset with this many seats, if its form allows it (see the "
            "Players column of `hearts variants`)."
        ),
    ] = None,
    laws: Annotated[
        bool,
        typer.Option(
            "--laws",
            help="Play by the laws at a real table (docs/laws.md): the bots never revoke, but "
            "they claim, and each hand waits for every seat to let the cards be gathered.",
        ),
    ] = False,
    think: Annotated[float | None, typer.Option(help=_THINK_HELP)] = None,
    samples: Annotated[int | None, typer.Option(help=_SAMPLES_HELP)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
    save: Annotated[
        Path | None, typer.Option(help="Write each game's record to this directory.")
    ] = None,
) -> None:
    """Let bots play full games, then show each seat's wins, totals, points per hand and moons."""
    _check_count("--games", games)
    _check_seed(seed, games)
    _check_search(think, samples)
    rules = _rules_for(variant, players)
    if laws:
        rules = rules.replace(laws=True)
    names = _bot_names(bots, rules.players)
    _check_search_applies(names, think, samples)
    if save is not None:
        try:
            save.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            _fail(f"cannot write records to {save}: {error.strerror}", FAILURE)
    stats = [_SeatStats(bot=name) for name in names]
    hands = 0
    played = 0
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    interrupted = False
    try:
        with progress:
            task = progress.add_task(f"{variants.name_of(rules)}: playing", total=games)
            for number in range(games):
                game = _play(rules, names, seed + number, think, samples)
                with _interrupts.held():  # a game is counted and saved whole, or not at all
                    hands += game.hand_number + 1
                    _tally(stats, game)
                    if save is not None:
                        record.dump(game, save / f"game-{number + 1:04d}.json")
                    played += 1
                progress.advance(task)
    except KeyboardInterrupt:
        interrupted = True
    if interrupted and not played:
        _stop_interrupted(f"stopped by Ctrl+C before {_first_of(games, 'game')} was finished")
    unit = "counters" if rules.counters else "points"
    summary = {
        "variant": variants.name_of(rules),
        "players": rules.players,
        "games": played,
        "seed": seed,
        "hands": hands,
        "unit": unit,
        "moon": rules.moon is not Moon.OFF,
        "seats": [
            {
                "seat": seat,
                "bot": seat_stats.bot,
                "wins": seat_stats.wins,
                "mean_total": round(statistics.fmean(seat_stats.totals), 3),
                "mean_per_hand": round(statistics.fmean(seat_stats.per_hand), 3),
                "moons": seat_stats.moons,
            }
            for seat, seat_stats in enumerate(stats)
        ],
        "interrupted": interrupted,
        "planned_games": games,
    }
    if as_json:
        typer.echo(json.dumps(summary, indent=2))
    else:
        _print_summary(summary)
    if interrupted:
        _stop_interrupted(
            f"stopped by Ctrl+C after {_count(played, 'game')} of {games}; the results are "
            f"those of the {_count(played, 'game')} finished"
        )


def _print_summary(summary: dict[str, Any]) -> None:
    """The simulation's table: a row per seat (a Moons column only where the form has a moon)."""
    unit = summary["unit"]
    games = summary["games"]
    title = f"{summary['variant']}: {_count(games, 'game')}, seed {summary['seed']}"
    if summary["interrupted"]:
        title += f" (partial: interrupted after {games} of {summary['planned_games']})"
    table = Table(
        title=title,
        caption=f"{_count(summary['hands'], 'hand')} played ({summary['hands'] / games:.1f} a "
        "game); "
        "a shared win counts for each winner",
    )
    table.add_column("Seat", justify="right")
    table.add_column("Bot")
    table.add_column("Wins", justify="right")
    table.add_column(f"Mean final {unit}", justify="right")
    table.add_column(f"{unit.capitalize()} per hand", justify="right")
    if summary["moon"]:
        table.add_column("Moons", justify="right")
    for row in summary["seats"]:
        cells = [
            str(row["seat"]),
            row["bot"],
            str(row["wins"]),
            f"{row['mean_total']:.1f}",
            f"{row['mean_per_hand']:+.2f}",
        ]
        if summary["moon"]:
            cells.append(str(row["moons"]))
        table.add_row(*cells)
    Console().print(table)


def arena_command(
    variant: Annotated[str, typer.Option(help="The preset to play (see `hearts variants`).")] = (
        "modern"
    ),
    bots: Annotated[
        str,
        typer.Option(
            help="Bot names, one per seat (comma-separated), rotated through every seat of every "
            "deal."
        ),
    ] = "basic,random,random,random",
    deals: Annotated[int, typer.Option(help="How many duplicate deals to play.")] = 100,
    seed: Annotated[int, typer.Option(help="Deals and bots are drawn from this seed.")] = 0,
    workers: Annotated[
        int, typer.Option(help="Local processes to play on (each plays whole rotations).")
    ] = 1,
    think: Annotated[float | None, typer.Option(help=_THINK_HELP)] = None,
    samples: Annotated[int | None, typer.Option(help=_SAMPLES_HELP)] = None,
    players: Annotated[
        int | None,
        typer.Option(help="Play the preset with this many seats, if its form allows it."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
    ray: Annotated[
        bool,
        typer.Option(
            "--ray",
            help="Play on Ray instead of local processes (the ray extra): the cluster of "
            "RAY_ADDRESS or the one last started on this machine, else a new local instance. "
            "The results are those of local processes.",
        ),
    ] = False,
    ray_address: Annotated[
        str | None,
        typer.Option(
            "--ray-address",
            metavar="ADDRESS",
            help="Play on the Ray cluster at this address (host:port, or auto); implies --ray.",
        ),
    ] = None,
) -> None:
    """Measure bots on duplicate deals: each deal is played with every rotation of the bots
    through the seats, and chained into games; show each bot's result per hand (95% interval),
    its margin against the others at the same tables, moons, Q♠ taken and games won.

    With --ray (or --ray-address ADDRESS) the work runs as Ray tasks, a share for each CPU of
    the cluster, instead of on --workers local processes; the hearts package must be installed
    on every node."""
    _check_count("--deals", deals)
    _check_count("--workers", workers, max(64, os.cpu_count() or 1))
    _check_seed(seed)
    _check_search(think, samples)
    rules = _rules_for(variant, players)
    names = _bot_names(bots, rules.players)
    _check_search_applies(names, think, samples)
    on_ray: bool | str = False
    if ray_address is not None:
        if not ray_address.strip():
            _fail("--ray-address needs the address of a Ray cluster (host:port, or auto)")
        on_ray = ray_address.strip()
    elif ray:
        on_ray = True
    if on_ray is not False and workers != 1:
        _fail(
            "--workers are local processes: on Ray the cluster's CPUs share the work, so give "
            "no --workers with --ray"
        )
    if on_ray is False:
        _check_workers(workers, rules.players)
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    stopped: arena.Interrupted | None = None
    try:
        with progress:
            task = progress.add_task(f"{variants.name_of(rules)}: hands", total=None)

            def advance(done: int, total: int) -> None:
                progress.update(task, completed=done, total=total)

            result = arena.run(
                rules,
                names,
                deals=deals,
                seed=seed,
                workers=workers,
                think=think,
                samples=samples,
                progress=advance,
                ray=on_ray,
            )
    except (InvalidArgument, InvalidRules) as error:  # an option the checks above let through
        _fail(str(error))
    except arena.Interrupted as interruption:
        stopped = interruption
    if stopped is not None:
        if stopped.partial is None:
            _stop_interrupted(
                "stopped by Ctrl+C before every rotation had played "
                f"{_first_of(deals, 'deal')}: no results"
            )
        result = stopped.partial
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=2))
    else:
        _print_arena(result, rules)
    if stopped is not None:
        _stop_interrupted(
            f"stopped by Ctrl+C after {_count(result.deals, 'deal')} of {deals}; the results are "
            f"those of the {_count(result.deals, 'deal')} every rotation had finished"
        )


def _check_workers(workers: int, rotations: int) -> None:
    """Warn when fewer processes will play than asked (the arena has a process per rotation at
    most), or more than this machine has processors for."""
    processors = os.cpu_count() or 1
    if workers > rotations:
        _warn(
            f"--workers {workers}: the arena plays {rotations} rotations, one process each at "
            f"most, so {rotations} processes will play"
        )
    elif workers > processors:
        _warn(
            f"--workers {workers} is more than this machine's {_count(processors, 'processor')}: "
            "the run will be no faster for it"
        )


def _print_arena(result: arena.ArenaResult, rules: Rules) -> None:
    """The arena's table: a row per bot (Moons and Q♠ columns only where the form has them)."""
    unit = result.unit
    moon = rules.moon is not Moon.OFF
    queen_counts = bool(rules.penalty_mask >> QUEEN_OF_SPADES & 1)
    columns = (True, True, True, True, True, moon, queen_counts, True)
    title = (
        f"{result.variant}: {_count(result.deals, 'duplicate deal')} × {result.rotations} "
        f"rotations, seed {result.seed}"
    )
    if result.planned is not None:
        title += f" (partial: interrupted after {result.deals} of {result.planned})"
    better = "higher" if result.higher_is_better else "lower"
    measure = "counters won" if result.higher_is_better else "points taken"
    table = Table(
        title=title,
        box=box.SIMPLE_HEAD,
        collapse_padding=True,
        pad_edge=False,
        caption=f"{_count(result.hands, 'hand')}; {measure} per hand, {better} is better, ± the "
        "half width of its 95% interval over the per-deal means; margin: the bot's result minus "
        f"the mean of the others in the same hand; {_count(result.games, 'game')} completed "
        "when each rotation's hands are chained into games (a shared win counts for each "
        "winner)",
    )

    def interval(estimate: arena.Estimate, sign: str) -> str:
        mean = f"{estimate.mean:{sign}.2f}"
        return mean if estimate.half_width is None else f"{mean} ± {estimate.half_width:.2f}"

    rows = [
        (
            stats.bot,
            str(stats.seats),
            str(stats.hands),
            interval(stats.per_hand, "+" if result.higher_is_better else ""),
            interval(stats.margin, "+"),
            f"{stats.moons_for} / {stats.moons_against}",
            str(stats.queens),
            str(stats.games_won),
        )
        for stats in result.stats
    ]
    headers = (
        "Bot",
        "Seats",
        "Hands",
        f"{unit.capitalize()}\na hand",
        "Margin",
        "Moons\nfor / against",
        "Q♠\ntaken",
        "Games\nwon",
    )
    for index, header in enumerate(headers):
        if columns[index]:
            table.add_column(header, justify="left" if index == 0 else "right", no_wrap=True)
    for row in rows:
        table.add_row(*(cell for cell, shown in zip(row, columns, strict=True) if shown))
    Console().print(table)
