"""The expert's review (hearts.bots.review): how fast it reviews a seat, and how far its marks hold.

Run from the repository root (long runs under ``nice``: the machine is shared)::

    .venv/bin/python benchmarks/review.py                          # speed, then trust (200 + 200)
    .venv/bin/python benchmarks/review.py --parts speed            # one seat of a game to 100
    .venv/bin/python benchmarks/review.py --parts trust --decisions 20 --factor 4   # a quick look

**Speed**: one seat (seat 1) of a whole ``modern`` game to 100 points, the four seats played by
the basic player (seed ``--seed``), reviewed at ``--deals`` imagined deals a decision (the
default budget, :data:`~hearts.bots.review.DEFAULT_DEALS`) by ``--workers`` processes, with the
progress bar ``hearts review`` shows. Goal: at most 60 s on two cores.

**Trust**: seeded ``modern`` games to 100 in which seats 1 and 3 are the ``basic`` player and
seats 2 and 4 the ``medium`` level (with a fixed ``--medium-samples`` deals a move, so the games
repeat), every seat reviewed at ``--deals``, until at least ``--decisions`` decisions are marked
(a mistake or a blunder) and as many are not (those taken evenly from all the unmarked). Each of
them is then judged again at ``--factor`` times the deals with another seed (other deals). The
report: how often a decision marked is marked (a mistake or a blunder) again by the larger
budget (goal: at least 90%), how often its cost there is at least a point, and how often the
larger budget marks a decision the review did not (a mistake it missed), among the unmarked
taken evenly and among as many close calls (unmarked, a cost of :data:`NEAR` or more). A
script, not a test.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import multiprocessing
import os
import platform
import resource
import time
from collections.abc import Callable, Sequence

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from hearts import Game, variants
from hearts.bots import BasicBot, play_game
from hearts.bots.base import Bot
from hearts.bots.levels import LEVELS
from hearts.bots.review import DEFAULT_DEALS, MISTAKE, Decision, Position, judge, positions, review

NEAR = 0.5
"""A decision not marked whose cost is at least this is a close call (reported apart)."""


def play(seed: int, players: Sequence[Bot]) -> Game:
    """A modern game to 100 played by these players, seeded."""
    game = Game(variants.get("modern"), seed=seed)
    play_game(game, players)
    return game


def bar() -> Progress:
    return Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn()
    )


def speed(seed: int, deals: int, workers: int) -> None:
    game = play(seed, [BasicBot(seed=seed * 10 + seat) for seat in range(4)])
    with bar() as progress:
        task = progress.add_task("reviewing", total=None)

        def told(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        start = time.perf_counter()
        before = _cpu()
        found = review(game, 0, deals=deals, seed=1, progress=told, workers=workers)
        took = time.perf_counter() - start
        cpu = _cpu() - before
    total = len(found.decisions) + found.forced
    print(
        f"speed: seat 1 of a modern game to 100 (seed {seed}, {game.hand_number + 1} hands): "
        f"{total} decisions ({len(found.decisions)} weighed, {found.forced} skipped) at "
        f"{deals} deals in {took:.1f} s with {workers} workers "
        f"({'goal met' if took <= 60 else 'goal MISSED'}: at most 60 s)"
    )
    print(
        f"  CPU time {cpu:.1f} s in all (this process and its workers): on {workers} idle "
        f"cores about {cpu / workers:.1f} s (the load average while it ran, beside other work, "
        f"made it {took:.1f} s)"
    )
    print(f"  {found.summary}")


def _cpu() -> float:
    """CPU seconds used so far by this process and its finished children."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def judged(
    jobs: Sequence[tuple[Position, int, int]], workers: int, what: str
) -> list[Decision | None]:
    """Each (position, deals, seed) judged, in the pool, with a progress bar."""
    context = multiprocessing.get_context("spawn")
    results: list[Decision | None] = []
    with (
        concurrent.futures.ProcessPoolExecutor(workers, mp_context=context) as pool,
        bar() as progress,
    ):
        task = progress.add_task(what, total=len(jobs))
        futures = [pool.submit(judge, p, deals=d, seed=s) for p, d, s in jobs]
        for future in futures:
            results.append(future.result())
            progress.advance(task)
    return results


def trust(seed: int, deals: int, workers: int, wanted: int, factor: int, samples: int) -> None:
    marked: list[tuple[str, Position, Decision]] = []
    clean: list[tuple[str, Position, Decision]] = []
    game_seed = seed
    start = time.perf_counter()
    while len(marked) < wanted or len(clean) < wanted:
        players: list[Bot] = []
        for seat in range(4):
            if seat % 2 == 0:
                players.append(BasicBot(seed=game_seed * 10 + seat))
            else:
                players.append(LEVELS["medium"].make(seed=game_seed * 10 + seat, samples=samples))
        game = play(game_seed, players)
        found = [(seat, p) for seat in range(4) for p in positions(game, seat) if not p.forced]
        decisions = judged(
            [(p, deals, 1) for _, p in found], workers, f"game {game_seed - seed + 1}"
        )
        for (seat, position), decision in zip(found, decisions, strict=True):
            if decision is None:
                continue
            who = "basic" if seat % 2 == 0 else "medium"
            (marked if decision.mark else clean).append((who, position, decision))
        print(f"game seed {game_seed}: {len(marked)} marked, {len(clean)} not so far")
        game_seed += 1
    first = time.perf_counter() - start
    step = len(clean) / wanted
    even = [clean[int(i * step)] for i in range(wanted)]
    close = [item for item in clean if item[2].cost >= NEAR]
    close = [close[int(i * len(close) / wanted)] for i in range(min(wanted, len(close)))]
    chosen = marked + even + close
    start = time.perf_counter()
    again = judged(
        [(p, deals * factor, 2) for _, p, _ in chosen], workers, f"again at {deals * factor}"
    )
    second = time.perf_counter() - start
    held = sum(1 for d in again[: len(marked)] if d is not None and d.mark)
    costly = sum(1 for d in again[: len(marked)] if d is not None and d.cost >= MISTAKE)
    missed = sum(1 for d in again[len(marked) : len(marked) + wanted] if d is not None and d.mark)
    near_missed = sum(1 for d in again[len(marked) + wanted :] if d is not None and d.mark)
    differing = [i for i, (_, _, d) in enumerate(even) if d.best != d.made]
    differing_missed = sum(
        1 for i in differing if (d := again[len(marked) + i]) is not None and d.mark
    )
    blunders = [i for i, (_, _, d) in enumerate(marked) if d.mark == "blunder"]
    blunder_held = sum(1 for i in blunders if (d := again[i]) is not None and d.mark)
    print(
        f"trust: {len(marked)} decisions marked and {wanted} not, at {deals} deals "
        f"({first:.0f} s, {game_seed - seed} games), judged again at {deals * factor} "
        f"({second:.0f} s)"
    )
    share = held / len(marked)
    print(
        f"  marked, and marked again at {deals * factor}: {held} of {len(marked)} = "
        f"{share:.1%} ({'goal met' if share >= 0.9 else 'goal MISSED'}: at least 90%)"
    )
    print(f"  marked, and costing a point or more at {deals * factor}: {costly / len(marked):.1%}")
    print(f"  of them blunders, marked again: {blunder_held} of {len(blunders)}")
    for who in ("basic", "medium"):
        mine = [i for i, (w, _, _) in enumerate(marked) if w == who]
        kept = sum(1 for i in mine if (d := again[i]) is not None and d.mark)
        print(f"    {who}: {kept} of {len(mine)}")
    print(
        f"  not marked, but marked at {deals * factor} (missed): {missed} of {wanted} = "
        f"{missed / wanted:.1%} (of them {len(differing)} where the review found a better "
        f"move, unmarked: {differing_missed} missed)"
    )
    if close:
        print(
            f"  close calls (not marked, a cost of {NEAR} or more): marked at "
            f"{deals * factor}: {near_missed} of {len(close)} = {near_missed / len(close):.1%}"
        )


def machine() -> str:
    cpu = ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            cpu = next((line.split(":", 1)[1].strip() for line in info if "model name" in line), "")
    except OSError:
        pass
    load = " / ".join(f"{x:.2f}" for x in os.getloadavg())
    return (
        f"{platform.platform()}, {cpu}, {os.cpu_count()} CPUs, Python "
        f"{platform.python_version()}, load {load}"
    )


def main(argv: Sequence[str] | None = None, out: Callable[[str], None] = print) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", default="speed,trust")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deals", type=int, default=DEFAULT_DEALS)
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--factor", type=int, default=10)
    parser.add_argument("--medium-samples", type=int, default=16)
    options = parser.parse_args(argv)
    out(f"machine: {machine()}")
    parts = options.parts.split(",")
    if "speed" in parts:
        speed(options.seed, options.deals, options.workers)
    if "trust" in parts:
        trust(
            options.seed,
            options.deals,
            options.workers,
            options.decisions,
            options.factor,
            options.medium_samples,
        )
    out(f"machine at the end: {machine()}")


if __name__ == "__main__":
    main()
