"""How strong are the bots? Matches on duplicate deals in the arena (hearts.arena).

Run from the repository root::

    .venv/bin/python benchmarks/arena.py                                  # basic v random, 500
    .venv/bin/python benchmarks/arena.py --match expert:basic --think 1 --deals 500 --workers 2
    .venv/bin/python benchmarks/arena.py --match basic:random --deals 100 --timing --out r.json
    .venv/bin/python benchmarks/arena.py --combine runs/*.json         # chunks of a long run
    .venv/bin/python benchmarks/arena.py --combine c*.json --out runs/x.json --note "what ran"
    .venv/bin/python benchmarks/arena.py --match expert:ismcts --think 1 --search-pass
    .venv/bin/python benchmarks/arena.py --match expert:expert-nomoon --samples 60 --deals 200
    .venv/bin/python benchmarks/arena.py --match expert-pass:expert --samples 30 --workers 2
    .venv/bin/python benchmarks/arena.py --match expert-model:expert-value-pass --samples 30 \
        --model new.npz --workers 2                 # a retrained model against the shipped one

A match ``a:b`` seats ``a`` against ``b`` in every other seat (``a,b,b,b`` in modern), on the
same duplicate deals, every rotation played (the expert's variants of :data:`VARIANTS` too:
``expert-nomoon`` is the expert before it weighed running for the moon, ``expert-pass`` the expert
searching its pass). The table shows each match's margin: ``a``'s points
a hand minus the mean of the others at the same table, with its 95% interval over the per-deal
means (negative: ``a`` takes fewer points). ``--timing`` (one worker only: the bots run in this
process) records every decision's time per bot, median and p95, and the peak memory. A script,
not a test: nothing fails; ``--out`` writes the results as JSON for benchmarks/RESULTS.md.
``--combine`` pools saved runs by match and budget (and ``--search-pass``: the expert searching
its pass, not yet its default; and ``expert-model``'s model, by the SHA-256 of its file); with
``--out`` it writes the pooled runs as one file.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import platform
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from hearts import arena, variants
from hearts import bots as bot_registry
from hearts.bots.base import Bot
from hearts.bots.expert import ExpertBot
from hearts.bots.value import ValueModel
from hearts.errors import InvalidArgument
from hearts.moves import Move
from hearts.observation import SeatView

TIMES: dict[str, list[float]] = {}
"""Decision times in seconds, by bot name (with --timing)."""


class _Timed:
    """A bot whose every decision is timed."""

    def __init__(self, name: str, inner: Bot) -> None:
        self.name = name
        self.inner = inner

    def choose(self, view: SeatView) -> Move:
        start = time.perf_counter()
        move = self.inner.choose(view)
        TIMES.setdefault(self.name, []).append(time.perf_counter() - start)
        return move


def _time_every_bot() -> None:
    """Make every bot the registry makes (the levels too) time its decisions (in this process)."""
    make = bot_registry.get

    def timed(name: str, seed: int | None = None, **options: Any) -> Bot:
        return _Timed(name.strip().lower(), make(name, seed, **options))

    bot_registry.get = timed  # type: ignore[assignment]


def _expert_searches_its_pass() -> None:
    """Make the registry's expert search its pass (ExpertBot's ``search_pass``), in this
    process only (the workers are spawned: hence --workers 1); before --timing wraps it."""

    def expert(seed: int | None = None, **options: Any) -> Bot:
        return ExpertBot(seed, search_pass=True, **options)

    bot_registry.BOTS["expert"] = expert


VARIANTS: dict[str, dict[str, bool]] = {
    "expert-nomoon": {"moons": False},
    "expert-pass": {"search_pass": True},
    "expert-value": {"value": True},
    "expert-value-pass": {"value": True, "search_pass": True},
    "expert-model": {"value": True, "search_pass": True},
}
"""The expert's variants the arena seats beside the registry's bots, by name: its options.
``expert-nomoon``, the expert before it weighed running for the moon (``moons=False``);
``expert-pass``, the expert searching its pass (``search_pass=True``, not yet its default);
``expert-value``, the expert judging each card by its
value model instead of roll-outs (``value=True``), and ``expert-value-pass`` searching its pass
with the model too; ``expert-model`` is ``expert-value-pass`` judging by the
value model of ``--model`` instead of the shipped one (a retrained model against the shipped).
(``expert-infer``, ``expert-flush`` and ``expert-value-weighted`` went with their switches in
issue 40; commit 9c081ee runs them.)"""

_BOT_NAMES = ", ".join([*bot_registry.known(), *VARIANTS])


def expert_variant(
    name: str,
    seed: int,
    think: float | None = None,
    samples: int | None = None,
    timed: bool = False,
    search_pass: bool = False,
    model: str | None = None,
) -> Bot:
    """The expert variant ``name`` of :data:`VARIANTS` (``--match expert:expert-nomoon``),
    searching its pass too with ``search_pass``; ``expert-model`` judges by the value model in
    the file ``model``. A maker of the arena (a top-level function: the worker processes are
    spawned, and they import it by name)."""
    budget = {"think": think, "samples": samples}
    budget = {k: v for k, v in budget.items() if v is not None}
    options: dict[str, Any] = {"search_pass": search_pass, **VARIANTS[name]}
    if name == "expert-model":
        if model is None:
            raise InvalidArgument(
                "expert-model judges by the value model of --model: name its file"
            )
        options["value"] = _model(model)
    bot = ExpertBot(seed, **options, **budget)  # type: ignore[arg-type]
    return _Timed(name, bot) if timed else bot


def _digest(path: str) -> str:
    """The SHA-256 of the file at ``path``: which weights a run measured, whatever its name."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


@functools.cache
def _model(path: str) -> ValueModel:
    """The value model in ``path``, read once a process."""
    return ValueModel.load(path)


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _peak_megabytes() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return max(own, children) / 1024  # kilobytes on Linux


def _label(row: dict[str, Any]) -> str:
    """A run's match and budget: chunks pool only with chunks of the same."""
    label = row["match"]
    if row.get("think") is not None:
        label += f" at {row['think']} s"
    if row.get("samples") is not None:
        label += f" at {row['samples']} samples"
    if row.get("search_pass"):
        label += ", expert searching its pass"
    if row.get("model"):  # (the weights by what they are where that is known, not by name)
        sha = row.get("model_sha256")
        label += f", expert-model sha256 {sha[:12]}" if sha else f", expert-model {row['model']}"
    return label


def combine(paths: list[Path], out: Path | None = None, note: str = "") -> None:
    """Print the results of several runs of one match together (chunks of a long run, each
    with its own seed: their deals are all random, duplicate deals), pooled by match and budget;
    ``out``: write the pooled runs there (as ``benchmarks/runs/*.json``), with ``note``."""
    margins: dict[str, list[float]] = {}
    times: dict[str, dict[str, list[float]]] = {}
    totals: dict[str, list[float]] = {}  # per match: seconds, hands, peak MB
    first: dict[str, dict[str, Any]] = {}
    machine: dict[str, Any] = {}
    for path in paths:
        saved = json.loads(path.read_text())
        machine = machine or saved.get("machine", {})
        for row in saved["runs"]:
            match = _label(row)
            first.setdefault(match, row)
            margins.setdefault(match, []).extend(row["deal_margins"])
            for name, values in row.get("raw_decision_seconds", {}).items():
                times.setdefault(match, {}).setdefault(name, []).extend(values)
            seconds, hands, peak = totals.setdefault(match, [0.0, 0.0, 0.0])
            totals[match] = [
                seconds + row["seconds"],
                hands + row["result"]["hands"],
                max(peak, row["peak_mb"]),
            ]
    pooled = []
    for match, values in margins.items():
        estimate = arena.estimate(values)
        width = estimate.half_width or 0.0
        seconds, hands, peak = totals[match]
        print(
            f"{match}: margin {estimate.mean:+.2f} ± {width:.2f} (95%) over {len(values)} "
            f"duplicate deals, {hands:.0f} hands in {seconds:.0f} s; peak {peak:.0f} MB"
        )
        decisions = {}
        for name, spent in times.get(match, {}).items():
            decisions[name] = {
                "decisions": len(spent),
                "median": round(statistics.median(spent), 4),
                "p95": round(_percentile(spent, 0.95), 4),
                "max": round(max(spent), 4),
            }
            print(
                f"  {name}: {len(spent)} decisions, median {statistics.median(spent):.3f} s, "
                f"p95 {_percentile(spent, 0.95):.3f} s, max {max(spent):.3f} s"
            )
        row = first[match]
        pooled.append(
            {
                "match": row["match"],
                "think": row.get("think"),
                "samples": row.get("samples"),
                "search_pass": row.get("search_pass", False),
                "model": row.get("model"),
                "model_sha256": row.get("model_sha256"),
                "note": note,
                "seconds": round(seconds, 1),
                "result": {"hands": int(hands)},
                "peak_mb": peak,
                "deal_margins": values,
                "decision_seconds": decisions,
            }
        )
    if out is not None:
        out.write_text(json.dumps({"machine": machine, "runs": pooled}, indent=1) + "\n")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--match", action="append", help="a:b, a against b (repeatable)")
    parser.add_argument("--variant", default="modern")
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--think", type=float, default=None)
    parser.add_argument("--samples", type=int, default=None)
    parser.add_argument("--timing", action="store_true", help="time each decision (1 worker)")
    parser.add_argument("--out", type=Path, default=None, help="write the results as JSON here")
    parser.add_argument(
        "--combine", type=Path, nargs="+", default=None, help="print saved runs together"
    )
    parser.add_argument("--note", default="", help="with --combine --out: what the runs were")
    parser.add_argument(
        "--model", default=None, help="the value model (.npz) the variant expert-model judges by"
    )
    parser.add_argument(
        "--search-pass", action="store_true", help="the expert searches its pass too"
    )
    options = parser.parse_args(argv)
    if options.combine:
        if options.match or options.model:
            parser.error("--combine pools saved runs: it plays no --match and reads no --model")
        missing = [str(path) for path in options.combine if not path.is_file()]
        if missing:
            parser.error(f"no saved run at {', '.join(missing)}")
        combine(options.combine, options.out, options.note)
        return
    if options.search_pass and options.workers != 1:
        # (The workers are spawned: they would not see the expert made to search its pass.)
        parser.error("--search-pass needs --workers 1: the workers make the registry's expert")
    made, expert = bot_registry.get, bot_registry.BOTS["expert"]
    try:
        _main(options, parser)
    finally:  # (main may run inside another program, a test: the registry is left as it was)
        bot_registry.get, bot_registry.BOTS["expert"] = made, expert  # type: ignore[misc]


def _main(options: argparse.Namespace, parser: argparse.ArgumentParser) -> None:
    if options.search_pass:
        _expert_searches_its_pass()
    if options.timing and options.workers != 1:
        parser.error("--timing needs --workers 1: the bots must run in this process")
    if options.timing:
        _time_every_bot()
    named = {name.strip().lower() for match in options.match or [] for name in match.split(":")}
    if options.model is not None:
        if "expert-model" not in named:
            parser.error("--model is the value model of expert-model: seat it in a --match")
        try:
            _model(options.model)
        except (InvalidArgument, OSError) as error:
            parser.error(f"--model {options.model}: {error}")
    elif "expert-model" in named:
        parser.error("expert-model judges by the value model of --model: name its file")
    rules = variants.get(options.variant)
    matches = options.match or ["basic:random"]
    console = Console(stderr=True)
    rows: list[dict[str, Any]] = []
    makers = {
        name: functools.partial(
            expert_variant,
            name,
            think=options.think,
            samples=options.samples,
            timed=options.timing,
            search_pass=options.search_pass,
            model=options.model,
        )
        for name in VARIANTS
    }
    digest = _digest(options.model) if options.model is not None else None
    for asked in matches:
        first, _, second = (name.strip().lower() for name in asked.partition(":"))
        match = f"{first}:{second}" if second else first  # (as the records name the bots)
        names = [first] + [second or first] * (rules.players - 1)
        for name in {first, second} - {""}:
            if name not in {*bot_registry.known(), *VARIANTS}:
                parser.error(f"--match {asked}: no bot {name!r} (the bots: {_BOT_NAMES})")
        TIMES.clear()
        progress = Progress(
            TextColumn(f"[bold]{match}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=console,
            transient=True,
        )
        with progress:
            task = progress.add_task(match, total=None)
            start = time.perf_counter()
            result = arena.run(
                rules,
                names,
                deals=options.deals,
                seed=options.seed,
                workers=options.workers,
                think=options.think,
                samples=options.samples,
                makers=makers,
                progress=lambda done, total, bar=progress, task=task: bar.update(
                    task, completed=done, total=total
                ),
            )
            seconds = time.perf_counter() - start
        row: dict[str, Any] = {
            "match": match,
            "think": options.think,
            "samples": options.samples,
            "search_pass": options.search_pass,
            "seconds": round(seconds, 2),
            "hands_per_second": round(result.hands / seconds, 2),
            "result": result.to_dict(),
            "peak_mb": round(_peak_megabytes(), 1),
        }
        row["deal_margins"] = arena.deal_margins(result.records, names[0])
        if "expert-model" in names:  # (which weights: the file as named, and what it held)
            row["model"], row["model_sha256"] = options.model, digest
        if TIMES:
            row["raw_decision_seconds"] = {name: times.copy() for name, times in TIMES.items()}
            row["decision_seconds"] = {
                name: {
                    "decisions": len(times),
                    "median": round(statistics.median(times), 5),
                    "p95": round(_percentile(times, 0.95), 5),
                }
                for name, times in TIMES.items()
            }
        rows.append(row)
    table = Table(title=f"{rules.players}-seat {options.variant}: {options.deals} duplicate deals")
    for header in ("Match", "Margin ± 95%", "Per hand (a / b)", "Hands/s", "Peak MB"):
        table.add_column(header, justify="right")
    for row in rows:
        a, b = row["result"]["stats"][0], row["result"]["stats"][-1]
        margin = a["margin"]
        low, high = margin["ci95"] or (margin["mean"], margin["mean"])
        table.add_row(
            row["match"],
            f"{margin['mean']:+.2f} ({low:+.2f} to {high:+.2f})",
            f"{a['per_hand']['mean']:.2f} / {b['per_hand']['mean']:.2f}",
            f"{row['hands_per_second']:.1f}",
            f"{row['peak_mb']:.0f}",
        )
        for name, timing in row.get("decision_seconds", {}).items():
            console.print(
                f"{row['match']}: {name} decides in {timing['median'] * 1000:.2f} ms median, "
                f"{timing['p95'] * 1000:.2f} ms p95 ({timing['decisions']} decisions)"
            )
    Console().print(table)
    if options.out is not None:
        machine = {"platform": platform.platform(), "python": sys.version.split()[0]}
        options.out.write_text(json.dumps({"machine": machine, "runs": rows}, indent=2) + "\n")


if __name__ == "__main__":
    main()
