"""The ``hearts`` command: list the presets, let bots play many games, replay a record.

A thin face over the core: every rule is asked of :mod:`hearts`; this module only reads options,
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
"""

from __future__ import annotations

import dataclasses
import json
import os
import secrets
import signal
import statistics
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Annotated, Any, Final, NoReturn

import typer
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from typer.core import TyperCommand, TyperGroup, TyperOption

from hearts import arena, record, variants, verify
from hearts import bots as bot_registry
from hearts.cards import QUEEN_OF_SPADES
from hearts.errors import HeartsError, InvalidArgument, InvalidRecord, InvalidRules, UnknownName
from hearts.events import HandSettled, MoonShot
from hearts.game import Game
from hearts.rules import Moon, Rules
from hearts.tui.commandline import FAILURE
from hearts.tui.commandline import fail as _fail
from hearts.tui.commandline import read_record as _read_record
from hearts.tui.commandline import say as _say
from hearts.tui.commandline import warn as _warn
from hearts.tui.review import review_command

__all__ = ["app", "main"]

INTERRUPTED = 130
"""Exit code after Ctrl+C (128 + SIGINT, as shells report it)."""

MAX_THINK: Final = 600.0
"""The most seconds a move a bot may be given (ten minutes)."""
MAX_SAMPLES: Final = 100_000
"""The most deals a move a searching bot may sample (minutes a move)."""
MAX_RUN: Final = 1_000_000
"""The most games (simulate) or deals (arena) a run may ask for."""
SEEDS: Final = (-(2**63), 2**63 - 1)
"""The seeds a command takes: 64-bit whole numbers (a record's seed stays exact in any JSON)."""
OWN_INTERRUPTS: Final = frozenset({"play"})
"""Commands that take Ctrl+C themselves (the terminal game reads it as a key)."""


def _stop_interrupted(what: str) -> NoReturn:
    """Say that Ctrl+C stopped the command (and what was finished), and exit 130."""
    _say(f"interrupted: {what}")
    raise typer.Exit(INTERRUPTED)


class _Interrupts:
    """Ctrl+C while a command runs: the first one stops it (KeyboardInterrupt), any other while it
    stops is ignored, and one that comes while a file is being written waits until it is."""

    def __init__(self) -> None:
        self.shielded = 0
        self.pending = False

    def handle(self, signum: int, frame: FrameType | None) -> None:
        """The SIGINT handler."""
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        if self.shielded:
            self.pending = True
            return
        raise KeyboardInterrupt

    @contextmanager
    def installed(self) -> Iterator[None]:
        """Handle Ctrl+C so while the block runs (in the main thread, unless Ctrl+C is ignored,
        as in a shell's background job; elsewhere, as Python does)."""
        if (
            threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGINT) is signal.SIG_IGN
        ):
            yield
            return
        before = signal.signal(signal.SIGINT, self.handle)
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, before)
            self.pending = False

    @contextmanager
    def held(self) -> Iterator[None]:
        """Hold Ctrl+C back while the block runs (a file half written is a file lost)."""
        self.shielded += 1
        try:
            yield
        finally:
            self.shielded -= 1
            if not self.shielded and self.pending:
                self.pending = False
                raise KeyboardInterrupt


_interrupts = _Interrupts()


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


app.command("review")(review_command)


@app.command("variants")
def variants_command() -> None:
    """List the presets, each with a one-line summary of its rules."""
    table = Table(title="Hearts presets", show_lines=False)
    table.add_column("Variant", style="bold", no_wrap=True)
    table.add_column("Players", justify="right")
    table.add_column("Rules", overflow="fold")  # (a long word folds, never cut)
    table.add_column("Source", style="dim")
    for preset in variants.VARIANTS.values():
        table.add_row(preset.name, _players(preset), preset.summary, preset.source)
        for alias in variants.aliases_of(preset.name):
            table.add_row(alias, _players(preset), f"another name for {preset.name}", "")
    Console().print(table)


def _players(preset: variants.Variant) -> str:
    """The seats a preset deals, and the other counts it may be played by (``--players``)."""
    counts = preset.players
    if counts == (preset.rules.players,):
        return str(preset.rules.players)
    if counts == tuple(range(counts[0], counts[-1] + 1)) and len(counts) > 2:
        others = f"{counts[0]}–{counts[-1]}"
    else:
        others = ", ".join(map(str, counts))
    return f"{preset.rules.players} ({others})"


@dataclass
class _SeatStats:
    """What one seat did over a run of games."""

    bot: str
    wins: int = 0
    totals: list[int] = field(default_factory=list)
    per_hand: list[int] = field(default_factory=list)
    moons: int = 0


def _rules_for(variant: str, players: int | None) -> Rules:
    """The preset named (its closest name suggested), at the table asked for."""
    try:
        if players is None:
            return variants.get(variant)
        return variants.for_players_named(variant, players)
    except (UnknownName, InvalidRules) as error:
        _fail(str(error))


def _bot_names(text: str, players: int) -> list[str]:
    """The bots named, one for every seat or one per seat (an unknown name: the closest one)."""
    names = [name.strip().lower() for name in text.split(",")]
    for name in names:
        if name not in bot_registry.known():
            try:
                bot_registry.get(name)
            except UnknownName as error:
                _fail(str(error))
    if len(names) == 1:
        return names * players
    if len(names) != players:
        _fail(
            f"--bots names {len(names)} bots for {players} seats: give one name for every "
            "seat, or one per seat"
        )
    return names


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


def _check_search(think: float | None, samples: int | None) -> None:
    """Refuse a search budget that is no budget, or an absurd one, or two budgets at once (the
    bots' one check: :func:`hearts.bots.search.check_budget`)."""
    try:
        bot_registry.check_budget(think, samples, names=("--think", "--samples"), alone=True)
    except InvalidArgument as error:
        _fail(str(error))


def _check_search_applies(names: Sequence[str], think: float | None, samples: int | None) -> None:
    """Refuse a search budget when no bot given searches (it would change nothing)."""
    given = [option for option, value in (("--think", think), ("--samples", samples)) if value]
    if given and not any(name in bot_registry.SEARCHERS for name in names):
        players = [name for name in bot_registry.names() if name in bot_registry.SEARCHERS]
        levels = [name for name in bot_registry.levels() if name in bot_registry.SEARCHERS]
        searchers = f"{' and '.join(players)}; the levels {' and '.join(levels)}"
        _fail(
            f"{' and '.join(given)} {'is' if len(given) == 1 else 'are'} for the bots that search "
            f"({searchers}), and --bots names none of them ({', '.join(dict.fromkeys(names))})"
        )


def _check_count(option: str, value: int, most: int = MAX_RUN) -> None:
    """Refuse a count below 1 or beyond reason."""
    if value < 1:
        _fail(f"{option} must be at least 1, not {value}")
    if value > most:
        _fail(f"{option} must be at most {most}, not {value}")


def _check_seed(seed: int, count: int = 1) -> None:
    """Refuse a seed (and the ``count - 1`` seeds after it) outside 64-bit whole numbers."""
    low, high = SEEDS
    if not low <= seed <= high:
        _fail(f"--seed must be a whole number from {low} to {high}, not {seed}")
    if seed + count - 1 > high:
        _fail(
            f"--seed {seed} with {count} games runs past the largest seed, {high}: "
            f"give a seed of at most {high - count + 1}"
        )


_THINK_HELP = (
    "Seconds a move at most for the bots that search (expert, ismcts; 1 by default; the expert"
    " stops sooner once its choice is settled)."
)
_SAMPLES_HELP = "Deals sampled a move by the bots that search, instead (reproducible runs)."


@app.command("simulate")
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


def _first_of(number: int, noun: str) -> str:
    """``the game`` (of one), ``the first of 3 games``."""
    return f"the {noun}" if number == 1 else f"the first of {number} {noun}s"


def _count(number: int, noun: str) -> str:
    """A number and its noun, singular or plural: ``1 game``, ``3 games``."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


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


@app.command("arena")
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


@app.command("stats")
def stats_command(
    save_dir: Annotated[
        Path | None,
        typer.Option(
            "--save-dir",
            help="The folder `hearts play` keeps its games in (default: as `hearts play`).",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the statistics as JSON.")] = False,
) -> None:
    """Your statistics from the finished games `hearts play` kept, per form: games, wins,
    hands, points a hand, moons, the Q♠ taken, hands without a trick, by pass direction."""
    from hearts.tui import save_dir as saves_folder
    from hearts.tui import stats

    found = stats.collect(saves_folder(save_dir))
    typer.echo(stats.as_json(found) if as_json else stats.text(found))


@app.command("replay")
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


@app.command("verify")
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


@app.command("play")
def play(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME",
            help="A kept game to continue: its id or its number in `--list` (as --resume GAME).",
            show_default=False,
        ),
    ] = None,
    variant: Annotated[
        str | None, typer.Option(help="The preset to play (see `hearts variants`); modern.")
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(help="Play the preset with this many seats, if its form allows it."),
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            help="The computer players: one name for every other seat, or one per seat from "
            "your left (e.g. expert,basic,basic), or a level: easy, medium or hard; expert by "
            "default."
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Deal from this seed (the same seed, the same deals).")
    ] = None,
    think: Annotated[float | None, typer.Option(help=_THINK_HELP)] = None,
    speed: Annotated[
        str | None,
        typer.Option(
            help="How fast the bots play: fast, normal or slow (s in the game); normal, or a "
            "continued game's own.",
            show_default=False,
        ),
    ] = None,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="Continue a kept game without asking: the last played unfinished one, or "
            "GAME (`hearts play --resume GAME`).",
        ),
    ] = False,
    new: Annotated[
        bool,
        typer.Option("--new", help="Start a new game without asking (kept games stay kept)."),
    ] = False,
    list_games: Annotated[
        bool,
        typer.Option(
            "--list", help="List every kept game (id, form, hand, totals, last played) and stop."
        ),
    ] = False,
    save_dir: Annotated[
        Path | None,
        typer.Option(
            "--save-dir",
            help="Keep the games in this folder (default: $HEARTS_SAVE_DIR, or the user's "
            "data directory, ~/.local/share/hearts on Linux).",
            show_default=False,
        ),
    ] = None,
    no_color: Annotated[
        bool,
        typer.Option(
            "--no-color", help="No colour (as the NO_COLOR variable does); kept with the game."
        ),
    ] = False,
    laws: Annotated[
        bool,
        typer.Option(
            "--laws",
            help="Play by the laws at a real table (docs/laws.md): you may revoke, take it "
            "back, call an exposed card and claim a revoke; the bots claim what they see.",
        ),
    ] = False,
) -> None:
    """Play Hearts in the terminal against computer players: your hand along the bottom, the
    trick in the middle, the score sheet aside. Each game is saved after every move in a file
    of its own; with an unfinished game kept, `hearts play` offers to continue it."""
    from hearts import tui  # the terminal app is loaded only to play
    from hearts.tui import report
    from hearts.tui.app import SPEEDS, HeartsApp
    from hearts.tui.saves import GameOpenElsewhere

    if speed is not None and speed not in SPEEDS:
        *others, last = SPEEDS
        _fail(f"--speed must be {', '.join(others)} or {last}, not {speed!r}")
    _check_search(think, None)
    saves = tui.Saves(tui.save_dir(save_dir))
    if list_games:
        if resume or new or game is not None:
            _fail("--list only lists the kept games: give it alone (then --resume GAME or --new)")
        report.print_kept(saves)
        return
    resume = resume or game is not None
    if resume and new:
        _fail("--resume continues a kept game and --new starts one: give one of them")
    kept, problems = saves.scan()  # (the app says which cannot be read: report.unreadable)
    offer: list[tui.KeptGame] = []
    path: Path | None = None
    if resume:
        given = [
            name
            for name, value in (
                ("--variant", variant),
                ("--players", players),
                ("--bots", bots),
                ("--seed", seed),
                ("--think", think),
                ("--laws", laws or None),
            )
            if value is not None
        ]
        if given:
            _fail(f"--resume continues the saved game as it was: leave out {', '.join(given)}")
        if game is None:
            unfinished = saves.unfinished(kept)
            if not unfinished:
                _fail(
                    f"there is no game in progress to resume (none is kept in {saves.root})",
                    FAILURE,
                )
            target = unfinished[0]
        else:
            try:
                target = saves.find(game, kept)
            except InvalidRecord as error:
                _fail(report.lower(str(error)), FAILURE)
            except HeartsError as error:
                _fail(str(error), FAILURE)
        try:
            session, path = saves.open(target)
        except (GameOpenElsewhere, InvalidArgument) as error:
            _fail(str(error), FAILURE)
        except (InvalidRecord, OSError) as error:
            reason = error.strerror if isinstance(error, OSError) else str(error)
            _fail(
                f"the saved game {target.path} cannot be read: {reason}; it is left as it is",
                FAILURE,
            )
        session.speed = speed or session.speed
        session.no_color = session.no_color or no_color
    else:
        name = variant or "modern"
        rules = _rules_for(name, players).replace(laws=laws)
        name += " by the laws" if laws else ""
        names = _bot_names(bots or "expert", rules.players - 1)
        _check_search_applies(names, think, None)
        try:
            session = tui.Session.new(
                rules,
                names,
                seed=_seed(seed),
                think=think,
                variant=name,
                speed=speed or "normal",
                no_color=no_color,
            )
        except HeartsError as error:
            _fail(str(error))
        offer = [] if new else saves.unfinished(kept)
        if not offer:
            try:
                path = saves.create()
            except OSError as error:
                _fail(f"cannot keep the game in {saves.root}: {error.strerror}", FAILURE)
    if session.no_color:
        os.environ["NO_COLOR"] = "1"

    def again(old: tui.Session) -> tui.Session:
        return tui.Session.new(
            old.game.rules,
            old.bot_names,
            seed=_seed(None),
            think=old.think,
            variant=old.variant,
            speed=old.speed,
            no_color=old.no_color,
        )

    helper = tui.table_helper()  # (it readies itself while the app starts)
    terminal = HeartsApp(
        session,
        save_path=path,
        speed=session.speed,
        new_game=again,
        problems=problems if game is None else (),
        saves=saves,
        offer=offer,
        speed_given=speed is not None,
        helper=helper,
    )
    try:
        terminal.run()
    finally:
        if helper is not None:
            helper.close()
        report.save_last(terminal)
        saves.close()
        report.say_saved(terminal, saves, offer)


@app.command("serve")
def serve(
    host: Annotated[
        str, typer.Option(help="Address to listen on (loopback by default: only this machine).")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port to listen on.")] = 8000,
    open_page: Annotated[
        bool, typer.Option("--open", help="Open the page in the browser once the server is up.")
    ] = False,
    database_url: Annotated[
        str | None,
        typer.Option(
            help="Where the tables are kept: a SQLAlchemy URL such as "
            "postgresql+psycopg://user:password@host/db (default: a SQLite file in your data "
            "folder)."
        ),
    ] = None,
    redis_url: Annotated[
        str | None,
        typer.Option(
            help="Redis shared by several hearts serve processes on one PostgreSQL store, such "
            "as redis://127.0.0.1:6379/0 (docs/deploy.md; default: this process alone)."
        ),
    ] = None,
    grace: Annotated[
        float,
        typer.Option(min=0, help="Seconds a player who drops keeps the seat before a bot plays."),
    ] = 60.0,
    bot_workers: Annotated[
        int | None,
        typer.Option(min=0, help="Processes that think for the bots (default: cores less one)."),
    ] = None,
    table_rate: Annotated[
        float,
        typer.Option(min=0.001, help="Tables one client address may make a minute, on average."),
    ] = 6.0,
    table_burst: Annotated[
        int, typer.Option(min=1, help="Tables one client address may make at once.")
    ] = 12,
    claim_time: Annotated[
        float,
        typer.Option(
            min=0.01,
            help="Seconds a new table waits for a person to take a seat before it is closed.",
        ),
    ] = 300.0,
    lookup_rate: Annotated[
        float,
        typer.Option(
            min=0.001,
            help="Look-ups of tables that are not here (wrong codes) one address may make a "
            "minute, on average.",
        ),
    ] = 10.0,
    lookup_burst: Annotated[
        int,
        typer.Option(
            min=1, help="Look-ups of tables that are not here one address may make at once."
        ),
    ] = 20,
    hello_time: Annotated[
        float, typer.Option(min=0.01, help="Seconds a new socket has to say hello.")
    ] = 10.0,
    request_time: Annotated[
        float,
        typer.Option(min=0.01, help="Seconds an HTTP request has to arrive whole."),
    ] = 10.0,
    max_body: Annotated[
        int, typer.Option(min=1, help="The largest body of an HTTP request, in bytes.")
    ] = 65_536,
    max_connections: Annotated[
        int, typer.Option(min=1, help="Connections one client address may hold open at once.")
    ] = 100,
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(
            help="A name the server answers to besides IP addresses and names of one label "
            "such as localhost (again for more; *.example.org: its subdomains; *: any). The "
            "--host name is one, and this machine's names when it listens on every network."
        ),
    ] = None,
    allowed_origin: Annotated[
        list[str] | None,
        typer.Option(
            help="Another site (https://name[:port]) whose pages may use the server (again for "
            "more)."
        ),
    ] = None,
    forwarded_allow_ips: Annotated[
        str | None,
        typer.Option(
            help="Proxies whose X-Forwarded-For is believed: addresses or networks, "
            "comma-separated, or * for any (default: none; clients are counted by the peer's "
            "address)."
        ),
    ] = None,
    hint_rate: Annotated[
        float,
        typer.Option(min=0.01, help="Hints a minute one seat may ask, across all its sockets."),
    ] = 12.0,
    hint_rate_address: Annotated[
        float,
        typer.Option(
            min=0.01,
            help="Hints a minute one client address may ask, across its sockets and tables.",
        ),
    ] = 30.0,
    max_watchers: Annotated[
        int,
        typer.Option(min=1, help="Watchers a table takes at once; beyond, a watcher is refused."),
    ] = 200,
    records_per_minute: Annotated[
        float,
        typer.Option(
            min=0.001,
            help="Requests for finished games' records and replays a client address may make "
            "a minute (10 at once).",
        ),
    ] = 30.0,
    daily_event: Annotated[
        bool,
        typer.Option(help="Make a duplicate event each day on its own (docs/events.md)."),
    ] = True,
    review_deals: Annotated[
        int | None,
        typer.Option(min=4, help="Sampled deals a decision of a game's review (default 400)."),
    ] = None,
) -> None:
    """Serve online tables: play with friends and bots in the browser, over the network.

    Make a table on the page, send its link or code to friends; empty seats are played by bots,
    and a player who drops is played for until they come back. Every move is kept as it is
    made: stopped and started again on the same store, every table carries on.
    """
    try:
        import uvicorn  # noqa: F401  (the server's extra packages are there)

        from hearts.server import ServerConfig, create_app, tune_collector
        from hearts.server.listen import BindError, bind, server, server_config
        from hearts.server.logs import log_config
        from hearts.server.store import Store, StoreError
    except ImportError as error:
        _fail(
            f"the server needs its extra packages ({error.name} is missing): "
            "pip install -e '.[serve]'",
            FAILURE,
        )
    url = database_url or Store.default_url()
    proxies = [item.strip() for item in (forwarded_allow_ips or "").split(",") if item.strip()]
    store = None
    try:
        config = ServerConfig(
            database_url=url,
            grace=grace,
            table_rate=table_rate,
            table_burst=table_burst,
            claim_time=claim_time,
            lookup_rate=lookup_rate,
            lookup_burst=lookup_burst,
            hello_time=hello_time,
            request_time=request_time,
            max_body=max_body,
            max_connections=max_connections,
            allowed_hosts=tuple(allowed_host or ()) + _served_names(host),
            allowed_origins=tuple(allowed_origin or ()),
            forwarded_allow_ips=tuple(proxies),
            hint_rate=hint_rate,
            hint_rate_address=hint_rate_address,
            max_watchers=max_watchers,
            records_per_minute=records_per_minute,
            daily_event=daily_event,
            review_deals=review_deals,
            redis_url=redis_url,
        )
        if bot_workers is not None:
            config = dataclasses.replace(config, bot_workers=bot_workers)
        store = Store(url)
        if redis_url is None:
            store.hold()  # (one server a store: a second one is refused here)
        elif store.path is not None or store.url.get_backend_name() != "postgresql":
            raise StoreError(
                "several processes (--redis-url) share a PostgreSQL store: give "
                "--database-url postgresql+psycopg://user:password@host/database"
            )
        else:
            from hearts.server import bus

            bus.check(redis_url)  # (a Redis that does not answer: one sentence, not a hang)
            store.hold(shared=True)  # (with the others, never beside a server alone)
        store.upgrade()
        listener = bind(host, port)
    except (HeartsError, StoreError, BindError) as error:
        if store is not None:
            store.close()
        _fail(str(error), FAILURE)
    application = create_app(config, store=store)
    tune_collector()
    shown = "localhost" if host in ("127.0.0.1", "::1", "localhost") else host
    shown = f"[{shown}]" if ":" in shown else shown
    port = listener.getsockname()[1]
    _say(f"Hearts is served at http://{shown}:{port}/ (tables kept in {url}); Ctrl+C stops it.")
    if open_page:
        import threading
        import webbrowser

        threading.Timer(1.0, webbrowser.open, (f"http://{shown}:{port}/",)).start()
    try:
        server(server_config(application, config, log_config=log_config()), application).run(
            sockets=[listener]
        )
    finally:
        listener.close()
        store.close()


@app.command("rebuild-ratings")
def rebuild_ratings(
    database_url: Annotated[
        str | None,
        typer.Option(
            help="The store, as `hearts serve --database-url` (default: the same as its)."
        ),
    ] = None,
    statistics_only: Annotated[
        bool,
        typer.Option("--statistics-only", help="Make the statistics again; keep the ratings."),
    ] = False,
) -> None:
    """Make every finished game's statistics, every rating and its history again from the
    stored events (docs/ratings.md), in one transaction; refused while a server holds the store.
    """
    try:
        from hearts.server.ratings import rebuild_store
        from hearts.server.store import Store, StoreError
    except ImportError as error:
        _fail(
            f"this needs the server's packages ({error.name} is missing): pip install -e '.[serve]'"
        )
    try:
        count = rebuild_store(database_url or Store.default_url(), ratings=not statistics_only)
    except StoreError as error:
        _fail(str(error), FAILURE)
    what = "statistics" if statistics_only else "statistics and ratings"
    _say(f"The {what} of {count} finished games were made again from their events.")


def _served_names(host: str) -> tuple[str, ...]:
    """The names ``hearts serve --host`` implies the server answers to (besides IP addresses
    and names of one label): the name given, or this machine's names when it listens on every
    network."""
    import ipaddress
    import re
    import socket

    if host in ("", "0.0.0.0", "::"):
        names = {socket.gethostname(), socket.getfqdn()}
        return tuple(
            sorted(
                name.lower()
                for name in names
                if re.fullmatch(r"[A-Za-z0-9_.-]+", name) and name.lower() != "localhost"
            )
        )
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return (host.lower(),)
    return ()


def _seed(seed: int | None) -> int:
    """The given seed (checked), or a fresh one (every game has a seed, so that it can be dealt
    again)."""
    if seed is None:
        return secrets.randbelow(2**31)
    _check_seed(seed)
    return seed


def main() -> None:
    """The console entry point (``hearts``): Ctrl+C before a command has started ends it too in
    a sentence, exit 130."""
    try:
        app()
    except KeyboardInterrupt:
        _say("interrupted: stopped by Ctrl+C before the command had started")
        raise SystemExit(INTERRUPTED) from None


if __name__ == "__main__":  # pragma: no cover
    main()
