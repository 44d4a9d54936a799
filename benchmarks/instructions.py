"""Instructions a hand, counted: the engine benchmark's hand loops under callgrind.

Run from the repository root (needs Valgrind: ``apt-get install valgrind``)::

    .venv/bin/python benchmarks/instructions.py                # 400 hands a loop, minutes
    .venv/bin/python benchmarks/instructions.py --hands 2000 --seed 1

Timings on a shared machine spread by tens of percent from one round to the next; the number of
instructions a loop executes does not depend on the neighbours. Each loop of
``benchmarks/engine.py`` (ours through a bare Deal and through ``Game(seed)``, OpenSpiel dealt from
one shuffle) runs twice in a child process under ``valgrind --tool=callgrind``: 8 hands, then
8 + ``--hands`` (the loop's clock replaced by a counter of its reads, which it makes once every 8
hands, so that each run plays a set number of the same hands); the difference of the two counts
over ``--hands`` is the instructions a hand, with the start-up, the imports and the first hands'
one-time costs cancelled. The mix of passing and holding hands varies with the seed: count a
few hundred hands or more. A count is not a time: OpenSpiel's C++ runs more instructions
a nanosecond than the interpreter, so the time ratios of engine.py sit a little below these.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

from rich.console import Console
from rich.table import Table

CLOCK_EVERY = 8
"""(benchmarks/engine.py reads its clock once every so many hands: checked in the child)"""

LOOPS = {
    "ours_hands": "ours: hands (Deal.from_hands)",
    "ours_game_hands": "ours: hands (Game(seed))",
    "theirs_shuffled_hands": "OpenSpiel: hands (shuffled deal)",
}
CHILD = """
import itertools, json, random, sys
sys.path.insert(0, {here!r})
import engine
assert engine.CLOCK_EVERY == {every}
engine.clock = itertools.count().__next__  # (read once every CLOCK_EVERY hands)
measure = getattr(engine, {loop!r})
hands, _ = measure(random.Random({seed}), {blocks})
print(json.dumps(hands))
"""
VALGRIND = ("valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null")
COLLECTED = re.compile(r"Collected : (\d+)")


def count(loop: str, blocks: int, seed: int) -> tuple[int, int]:
    """(instructions, hands) of one run of ``loop`` under callgrind: ``blocks`` times
    ``engine.CLOCK_EVERY`` hands."""
    code = CHILD.format(
        here=str(Path(__file__).parent), loop=loop, seed=seed, blocks=blocks, every=CLOCK_EVERY
    )
    done = subprocess.run(
        [*VALGRIND, sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=600 + blocks * 2,
        check=False,
    )
    found = COLLECTED.search(done.stderr)
    if done.returncode or found is None:
        raise SystemExit(f"{loop} failed under valgrind:\n{done.stderr[-2000:]}")
    return int(found.group(1)), int(json.loads(done.stdout.split()[-1]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--hands", type=int, default=400, help="hands counted a loop (default 400; 8 at a time)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the random hands")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error(f"--hands {args.hands}: count at least one hand")
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not installed: apt-get install valgrind")
    console = Console()
    table = Table(title=f"Instructions a hand (callgrind), seed {args.seed}")
    for column in ("loop", "hands counted", "instructions a hand", "against OpenSpiel"):
        table.add_column(column, justify="left" if column == "loop" else "right")
    per_hand: dict[str, float] = {}
    hands: dict[str, int] = {}
    for loop in LOOPS:
        short, few = count(loop, 1, args.seed)
        long, many = count(loop, 1 + max(1, round(args.hands / CLOCK_EVERY)), args.seed)
        hands[loop] = many - few
        per_hand[loop] = (long - short) / hands[loop]
        console.print(f"{LOOPS[loop]}: {hands[loop]} hands, {per_hand[loop]:,.0f} a hand")
    theirs = per_hand["theirs_shuffled_hands"]
    for loop, label in LOOPS.items():
        ratio = theirs / per_hand[loop]
        table.add_row(label, f"{hands[loop]:,}", f"{per_hand[loop]:,.0f}", f"{ratio:.2f}x")
    console.print(table)
    console.print("(against OpenSpiel: its instructions a hand over ours; above 1, fewer)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
