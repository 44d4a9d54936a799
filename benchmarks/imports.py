"""How long does ``import hearts`` take? Fresh interpreters, this tree against an older one.

Run from the repository root::

    .venv/bin/python benchmarks/imports.py                          # 20 interpreters each
    .venv/bin/python benchmarks/imports.py --runs 40 --baseline ../main/src

Each measurement starts a fresh interpreter (``python -X importtime -c "import MODULE"``) and
sums the cumulative time of the top-level imports that ``-X importtime`` reports for the
``hearts`` package and everything it pulls in, so the interpreter's own start-up is left out.
With ``--baseline PATH`` (a source tree holding a ``hearts`` package, such as a worktree of an
older commit's ``src``) the same imports are timed on that tree too, the two taking turns so a
noisy neighbour hurts both alike. The table shows the median and the min-max of the runs, and
how many modules the import loads. It is a script, not a test: nothing fails.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODULES = ("hearts", "hearts.cards", "hearts.game", "hearts.bots")
"""What is imported: the package, its lightest module, a game, and the bots (which load
NumPy)."""
MOST_RUNS = 500
"""The most interpreters a measurement may start."""


def measure(source: Path, module: str) -> tuple[float, int]:
    """Seconds importing ``module`` from the tree ``source`` takes in a fresh interpreter (the
    top-level imports' cumulative times from ``-X importtime``), and the modules it loads."""
    script = (
        f"import sys; before = len(sys.modules); import {module}; print(len(sys.modules) - before)"
    )
    env = {**os.environ, "PYTHONPATH": str(source)}
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", script],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    total = 0
    for line in result.stderr.splitlines():
        # "import time: self [us] | cumulative | imported package"; a top-level import is not
        # indented after the second bar
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        _, cumulative, name = line.split("|", 2)
        if not name.startswith("  "):
            total += int(cumulative)
    return total / 1e6, int(result.stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20, help="interpreters a measurement")
    parser.add_argument("--baseline", type=Path, help="also time an older source tree")
    args = parser.parse_args()
    if not 1 <= args.runs <= MOST_RUNS:
        parser.error(f"--runs must be from 1 to {MOST_RUNS}, not {args.runs}")
    if args.baseline is not None and not (args.baseline / "hearts" / "__init__.py").exists():
        parser.error(f"--baseline {args.baseline} holds no hearts package")
    trees = {"ours": ROOT / "src"}
    if args.baseline is not None:
        trees["baseline"] = args.baseline.resolve()
    print(
        f"machine: {platform.platform()}, {os.cpu_count()} CPUs, Python {platform.python_version()}"
    )
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"command: {' '.join([Path(sys.executable).name, *sys.argv])}")
    print()
    print(f"{'import':<14} {'tree':<9} {'median ms':>10} {'min-max ms':>15} {'modules':>8}")
    for module in MODULES:
        times: dict[str, list[float]] = {tree: [] for tree in trees}
        counts: dict[str, int] = {}
        for _ in range(args.runs):
            for tree, source in trees.items():
                seconds, counts[tree] = measure(source, module)
                times[tree].append(seconds * 1000)
        for tree in trees:
            spread = f"{min(times[tree]):.1f}-{max(times[tree]):.1f}"
            print(
                f"{module:<14} {tree:<9} {statistics.median(times[tree]):>10.1f} "
                f"{spread:>15} {counts[tree]:>8}"
            )


if __name__ == "__main__":
    main()
