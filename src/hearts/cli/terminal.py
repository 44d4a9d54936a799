"""The person's own games in the terminal: ``hearts play`` (the terminal app,
:mod:`hearts.tui`, loaded only to play) and ``hearts stats`` (the statistics of the games it
kept). Which kept game ``play`` goes on with, and when it asks, is the resume policy of
:mod:`hearts.tui.resume`; this module reads the options, opens or starts the game the policy
chose, runs the app and says afterwards where the game is kept.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from hearts.cli.options import (
    _THINK_HELP,
    _bot_names,
    _check_search,
    _check_search_applies,
    _rules_for,
    _seed,
)
from hearts.errors import HeartsError, InvalidArgument, InvalidRecord
from hearts.tui.commandline import FAILURE
from hearts.tui.commandline import fail as _fail

if TYPE_CHECKING:
    from hearts.tui.saves import KeptGame, Saves
    from hearts.tui.session import Session

__all__ = ["play", "stats_command"]


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
    from hearts.tui import resume as policy
    from hearts.tui.app import SPEEDS, HeartsApp

    if speed is not None and speed not in SPEEDS:
        *others, last = SPEEDS
        _fail(f"--speed must be {', '.join(others)} or {last}, not {speed!r}")
    _check_search(think, None)
    saves = tui.Saves(tui.save_dir(save_dir))
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
    try:
        policy.check_flags(game=game, resume=resume, new=new, listing=list_games, given=given)
    except InvalidArgument as error:
        _fail(str(error))
    if list_games:
        report.print_kept(saves)
        return
    kept, problems = saves.scan()  # (the app says which cannot be read: report.unreadable)
    try:
        plan = policy.choose(saves, kept, game=game, resume=resume, new=new)
    except InvalidRecord as error:
        _fail(report.lower(str(error)), FAILURE)
    except HeartsError as error:
        _fail(str(error), FAILURE)
    path: Path | None
    if isinstance(plan, policy.Resume):
        session, path = _opened(saves, plan.game)
        session.speed = speed or session.speed
        session.no_color = session.no_color or no_color
        offer: tuple[KeptGame, ...] = ()
    else:
        session = _started(variant, players, bots, seed, think, laws, speed, no_color)
        offer = plan.offer
        path = None if plan.asks else _created(saves)
    if session.no_color:
        os.environ["NO_COLOR"] = "1"
    named = isinstance(plan, policy.Resume) and plan.named
    helper = tui.table_helper()  # (it readies itself while the app starts)
    terminal = HeartsApp(
        session,
        save_path=path,
        speed=session.speed,
        new_game=_again,
        problems=() if named else problems,
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


def _opened(saves: Saves, game: KeptGame) -> tuple[Session, Path]:
    """The kept game chosen, loaded and locked for this process; a game another process plays,
    a finished one or one that cannot be read ends the command in a sentence."""
    from hearts.tui.saves import GameOpenElsewhere

    try:
        return saves.open(game)
    except (GameOpenElsewhere, InvalidArgument) as error:
        _fail(str(error), FAILURE)
    except (InvalidRecord, OSError) as error:
        reason = error.strerror if isinstance(error, OSError) else str(error)
        _fail(
            f"the saved game {game.path} cannot be read: {reason}; it is left as it is",
            FAILURE,
        )


def _started(
    variant: str | None,
    players: int | None,
    bots: str | None,
    seed: int | None,
    think: float | None,
    laws: bool,
    speed: str | None,
    no_color: bool,
) -> Session:
    """A new game from the options (modern against three experts unless they say otherwise);
    an option that cannot be used ends the command in a sentence."""
    from hearts import tui

    name = variant or "modern"
    rules = _rules_for(name, players).replace(laws=laws)
    name += " by the laws" if laws else ""
    names = _bot_names(bots or "expert", rules.players - 1)
    _check_search_applies(names, think, None)
    try:
        return tui.Session.new(
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


def _created(saves: Saves) -> Path:
    """The save of a new game, made and locked; a folder that cannot be written ends the
    command in a sentence."""
    try:
        return saves.create()
    except OSError as error:
        _fail(f"cannot keep the game in {saves.root}: {error.strerror}", FAILURE)


def _again(old: Session) -> Session:
    """Another game like ``old`` (its form, bots, think and speed), freshly seeded: what the
    app starts when a game is over and the person plays again."""
    from hearts import tui

    return tui.Session.new(
        old.game.rules,
        old.bot_names,
        seed=_seed(None),
        think=old.think,
        variant=old.variant,
        speed=old.speed,
        no_color=old.no_color,
    )
