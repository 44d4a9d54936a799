"""How fast is the engine? Random modern hands, and the search path, against OpenSpiel's Hearts.

Run from the repository root::

    .venv/bin/python benchmarks/engine.py                 # 5 rounds of 2 s per measurement
    .venv/bin/python benchmarks/engine.py --seconds 1 --rounds 3 --seed 7

Every measurement runs for ``--seconds`` in each of ``--rounds`` rounds; within a round ours and
OpenSpiel's take turns, so a noisy neighbour on a shared machine hurts both alike, and the table
shows the median of the rounds (and the spread, min–max). See benchmarks/README.md for what each
number means.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

import hearts
from hearts import CardSet, Deal, PassDirection, variants

try:
    import pyspiel
except ImportError:  # pragma: no cover - platforms without OpenSpiel wheels
    pyspiel = None

RULES = variants.get("modern")
PACK = hearts.cards.cards_of(RULES.pack)
# A random modern hand passes left, right or across, or holds, one time in four each: the same
# mix as OpenSpiel's first chance node, which picks the pass direction uniformly.
CYCLE = (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS, PassDirection.HOLD)

# CPU time of this process: other work on a shared machine slows a round down less than the wall
# clock would show. OpenSpiel runs in this thread too, so both engines are timed alike.
clock = time.process_time

# A measurement is a function that runs for about ``seconds`` and returns (count, seconds spent).
Measure = Callable[[random.Random, float], tuple[int, float]]


# ---------------------------------------------------------------------------- our engine


def _fresh_deal(rng: random.Random, number: int) -> Deal:
    """A shuffled modern deal through the public API; the pass direction cycles hand by hand."""
    deck = PACK.copy()
    rng.shuffle(deck)
    hands = [CardSet(deck[seat::4]) for seat in range(4)]
    return Deal.from_hands(RULES, hands, dealer=3, pass_direction=CYCLE[number % 4])


def ours_hands(rng: random.Random, seconds: float) -> tuple[int, float]:
    """Whole hands: deal, pass (a random pass per seat), play random legal cards to the end."""
    choice = rng.choice
    count = 0
    start = clock()
    deadline = start + seconds
    while True:
        deal = _fresh_deal(rng, count)
        while not deal.is_over:
            deal.play(choice(deal.legal_moves()))
        count += 1
        now = clock()
        if now >= deadline:
            return count, now - start


def ours_game_hands(rng: random.Random, seconds: float) -> tuple[int, float]:
    """The same through :class:`hearts.Game`: a new seeded game per hand, its first hand played.

    The first hand of a game always passes left, and finishing it deals the game's next hand
    too, so this loop does a little more work per hand than :func:`ours_hands`.
    """
    choice = rng.choice
    count = 0
    start = clock()
    deadline = start + seconds
    while True:
        game = hearts.Game(RULES, seed=rng.getrandbits(32))
        deal = game.deal
        while not deal.is_over:
            game.play(choice(game.legal_moves()))
        count += 1
        now = clock()
        if now >= deadline:
            return count, now - start


def _positions(rng: random.Random, number: int) -> list[tuple[Deal, list[Any]]]:
    """Every play-phase position of one random hand, as (a copy of the deal, its legal cards)."""
    deal = _fresh_deal(rng, number)
    positions = []
    while not deal.is_over:
        moves = deal.legal_moves()
        if deal.phase is hearts.Phase.PLAY:
            positions.append((deal.copy(), list(moves)))
        deal.play(rng.choice(moves))
    return positions


def ours_copy_play_undo(rng: random.Random, seconds: float) -> tuple[int, float]:
    """At every position of random hands, for each legal card m: copy the deal, play m, undo.

    The positions of a hand are gathered first; only the loop over them is timed.
    """
    count = 0
    spent = 0.0
    while spent < seconds:
        positions = _positions(rng, count)
        start = clock()
        for deal, moves in positions:
            for move in moves:
                d = deal.copy()
                d.play(move)
                d.undo()
        spent += clock() - start
        count += sum(len(moves) for _, moves in positions)
    return count, spent


def ours_play_undo(rng: random.Random, seconds: float) -> tuple[int, float]:
    """The same without the copy: play m and undo it on the deal itself (make/unmake search)."""
    count = 0
    spent = 0.0
    while spent < seconds:
        positions = _positions(rng, count)
        start = clock()
        for deal, moves in positions:
            for move in moves:
                deal.play(move)
                deal.undo()
        spent += clock() - start
        count += sum(len(moves) for _, moves in positions)
    return count, spent


# ---------------------------------------------------------------------------- OpenSpiel


def _openspiel_game() -> Any:
    # The modern preset's options (OpenSpiel's defaults, but say them).
    return pyspiel.load_game(
        "hearts",
        {
            "pass_cards": True,
            "no_pts_on_first_trick": True,
            "can_lead_any_club": False,
            "jd_bonus": False,
            "avoid_all_tricks_bonus": False,
            "must_break_hearts": True,
            "qs_breaks_hearts": True,
            "can_lead_hearts_instead_of_qs": True,
        },
    )


def theirs_hands(rng: random.Random, seconds: float) -> tuple[int, float]:
    """Whole hands through pyspiel: every chance node sampled from ``chance_outcomes()`` (the pass
    direction, then 52 cards), passes card by card, random legal cards."""
    game = _openspiel_game()
    choice = rng.choice
    count = 0
    start = clock()
    deadline = start + seconds
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice(state.chance_outcomes())[0])
            else:
                state.apply_action(choice(state.legal_actions()))
        count += 1
        now = clock()
        if now >= deadline:
            return count, now - start


def theirs_shuffled_hands(rng: random.Random, seconds: float) -> tuple[int, float]:
    """The same, but dealt from one shuffle (no ``chance_outcomes()`` lists): the stricter rival."""
    game = _openspiel_game()
    choice = rng.choice
    deck = list(range(52))
    count = 0
    start = clock()
    deadline = start + seconds
    while True:
        state = game.new_initial_state()
        state.apply_action(rng.randrange(4))
        rng.shuffle(deck)
        for card in deck:
            state.apply_action(card)
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
        count += 1
        now = clock()
        if now >= deadline:
            return count, now - start


def theirs_clone_apply(rng: random.Random, seconds: float) -> tuple[int, float]:
    """At every position of random hands, for each legal card: ``state.clone()``,
    ``apply_action`` (OpenSpiel's Hearts cannot undo). Timed like :func:`ours_copy_play_undo`."""
    game = _openspiel_game()
    count = 0
    spent = 0.0
    while spent < seconds:
        state = game.new_initial_state()
        direction = rng.randrange(4)
        state.apply_action(direction)
        for _ in range(52):
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        for _ in range(12 if direction else 0):  # the passes, card by card
            state.apply_action(rng.choice(state.legal_actions()))
        positions = []
        while not state.is_terminal():
            actions = state.legal_actions()
            positions.append((state.clone(), actions))
            state.apply_action(rng.choice(actions))
        start = clock()
        for position, actions in positions:
            for action in actions:
                child = position.clone()
                child.apply_action(action)
        spent += clock() - start
        count += sum(len(actions) for _, actions in positions)
    return count, spent


# ---------------------------------------------------------------------------- the run


@dataclass
class Metric:
    key: str
    label: str
    unit: str
    measure: Measure
    samples: list[float] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.samples)


def machine() -> dict[str, str]:
    """Where the numbers were measured."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    versions = f"hearts {hearts.__version__}"
    if pyspiel is not None:
        versions += f", open_spiel {importlib.metadata.version('open_spiel')}"
    return {
        "platform": platform.platform(),
        "cpu": f"{cpu} ({os.cpu_count()} logical CPUs)",
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "packages": versions,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--seconds", type=float, default=2.0, help="seconds per measurement per round (default 2)"
    )
    parser.add_argument("--rounds", type=int, default=5, help="rounds; the median is shown")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random hands")
    args = parser.parse_args(argv)
    console = Console()

    metrics = [
        Metric("ours", "ours: hands (Deal.from_hands)", "hands/s", ours_hands),
        Metric("ours_game", "ours: hands (Game(seed))", "hands/s", ours_game_hands),
        Metric("ours_copy", "ours: copy + play + undo", "moves/s", ours_copy_play_undo),
        Metric("ours_undo", "ours: play + undo in place", "moves/s", ours_play_undo),
    ]
    if pyspiel is not None:
        theirs = [
            Metric("theirs", "OpenSpiel: hands (chance_outcomes)", "hands/s", theirs_hands),
            Metric(
                "theirs_shuffled",
                "OpenSpiel: hands (shuffled deal)",
                "hands/s",
                theirs_shuffled_hands,
            ),
            Metric(
                "theirs_clone", "OpenSpiel: clone + apply_action", "moves/s", theirs_clone_apply
            ),
        ]
        # Interleave: ours, theirs, ours, theirs... within every round.
        order = [metrics[0], theirs[0], metrics[1], theirs[1], metrics[2], theirs[2], metrics[3]]
    else:
        console.print("[yellow]pyspiel is not importable: measuring our engine only[/]")
        order = metrics

    with Progress(
        TextColumn("[progress.description]{task.description:<48}"),
        BarColumn(),
        TextColumn("{task.completed:.0f}/{task.total:.0f} s"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task("warming up", total=args.rounds * len(order) * args.seconds)
        for metric in order:  # one short untimed pass: imports, caches, allocator
            metric.measure(random.Random(args.seed), min(0.2, args.seconds))
        for round_ in range(args.rounds):
            for metric in order:
                progress.update(
                    task, description=f"round {round_ + 1}/{args.rounds}: {metric.label}"
                )
                rng = random.Random(f"{args.seed}-{round_}-{metric.key}")
                count, spent = metric.measure(rng, args.seconds)
                metric.samples.append(count / spent)
                progress.advance(task, args.seconds)

    info = machine()
    table = Table(
        title=f"Hearts engine benchmark: median of {args.rounds} rounds of "
        f"{args.seconds:g} s, seed {args.seed}"
    )
    table.add_column("measurement")
    table.add_column("median", justify="right")
    table.add_column("unit")
    table.add_column("min – max", justify="right")
    for metric in order:
        table.add_row(
            metric.label,
            f"{metric.median:,.0f}",
            metric.unit,
            f"{min(metric.samples):,.0f} – {max(metric.samples):,.0f}",
        )
    console.print(table)
    for key, value in info.items():
        console.print(f"[bold]{key}[/]: {value}")
    if pyspiel is not None:
        by_key = {metric.key: metric for metric in order}

        def ratio(ours: str, theirs: str) -> float:
            # The median of the per-round ratios: each pair ran back to back in one round.
            pairs = zip(by_key[ours].samples, by_key[theirs].samples, strict=True)
            return statistics.median(a / b for a, b in pairs)

        hands = ratio("ours", "theirs")
        console.print(
            f"[bold]ours / OpenSpiel, random hands[/]: {hands:.2f}x "
            f"({ratio('ours', 'theirs_shuffled'):.2f}x against OpenSpiel dealt from a shuffle; "
            f"{ratio('ours_game', 'theirs'):.2f}x through Game)"
        )
        copies = ratio("ours_copy", "theirs_clone")
        in_place = ratio("ours_undo", "theirs_clone")
        console.print(
            f"[bold]ours / OpenSpiel, search[/]: copy+play+undo {copies:.2f}x,"
            f" play+undo {in_place:.2f}x of clone+apply_action"
        )
        verdict = "meets" if hands >= 1.0 else "is below"
        console.print(f"goal ours >= 1.0x OpenSpiel hands/s: {verdict} it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
