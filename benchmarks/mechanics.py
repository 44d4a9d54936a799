"""How fast are the mechanics of the variants? Random hands of each form, played out and undone.

Run from the repository root::

    .venv/bin/python benchmarks/mechanics.py                       # 5 rounds of 1 s a form
    .venv/bin/python benchmarks/mechanics.py --baseline ../base/src --rounds 3

Each form's measurement deals hands from a seeded game, plays uniformly random legal moves to
the end of the hand (the pass, the auction, the widow's discard, the moon choice: whatever the
form's mechanics ask for) and takes every move back again; it counts hands a second of CPU time.
With ``--baseline PATH`` (a source tree holding a ``hearts`` package, such as an older
checkout's ``src``) each round measures that tree too, in a process of its own started with
``PYTHONPATH=PATH``, ours and the baseline's taking turns (which goes first alternates), so a
noisy neighbour on a shared machine hurts both alike. The table shows each form's median over
the rounds, and with a baseline the ratio ours / baseline.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any

FORMS = (
    "modern",
    "auction",
    "heartsette",
    "cancellation",
    "domino",
    "two-handed",
    "classic+laws",
    "modern+moon-choice",
)
"""The forms measured: one for each mechanic (and the plain modern hand, with its pass)."""


def _rules(form: str) -> Any:
    from hearts import variants

    if form == "classic+laws":
        return variants.get("classic").replace(laws=True)
    if form == "modern+moon-choice":
        return variants.get("modern").replace(settlement={"moon": "choice"})
    return variants.get(form)


def measure(form: str, seconds: float, seed: int) -> float:
    """Hands a second of CPU time: dealt, played out at random, every move undone."""
    from hearts import Game

    rules = _rules(form)
    rng = random.Random(seed)
    hands = 0
    spent = 0.0
    while spent < seconds:
        deal = Game(rules, seed=seed + hands).deal.copy()  # (a copy: no game settles it)
        start = time.process_time()
        made = 0
        while not deal.is_over:
            moves = deal.legal_moves()
            deal.play(moves[rng.randrange(len(moves))])
            made += 1
        for _ in range(made):
            deal.undo()
        spent += time.process_time() - start
        hands += 1
    return hands / spent


def _worker(seconds: float, seed: int) -> None:
    print(json.dumps({form: measure(form, seconds, seed) for form in FORMS}))


def _run(tree: str | None, seconds: float, seed: int) -> dict[str, float]:
    """One round of every form, in a process of its own (on ``tree`` when given)."""
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = tree
    out = subprocess.run(
        [sys.executable, __file__, "--worker", "--seconds", str(seconds), "--seed", str(seed)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, float] = json.loads(out.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="CPU seconds a form a round")
    parser.add_argument("--rounds", type=int, default=5, help="rounds; the median is shown")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random hands")
    parser.add_argument("--baseline", help="also measure the hearts package of this source tree")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        _worker(args.seconds, args.seed)
        return
    if args.baseline is not None and not os.path.isfile(
        os.path.join(args.baseline, "hearts", "__init__.py")
    ):
        parser.error(f"--baseline {args.baseline}: no hearts package there")
    ours_tree = os.environ.get("PYTHONPATH")
    ours: list[dict[str, float]] = []
    base: list[dict[str, float]] = []
    for round_ in range(args.rounds):
        turns = [(ours, ours_tree), (base, args.baseline)] if args.baseline else [(ours, ours_tree)]
        if round_ % 2:
            turns.reverse()
        for results, tree in turns:
            results.append(_run(tree, args.seconds, args.seed))
    header = f"{'form':<20} {'ours hands/s':>14}"
    if base:
        header += f" {'baseline':>10} {'ours/base':>10}"
    print(header)
    for form in FORMS:
        now = statistics.median(r[form] for r in ours)
        line = f"{form:<20} {now:>14.1f}"
        if base:
            then = statistics.median(r[form] for r in base)
            line += f" {then:>10.1f} {now / then:>9.2f}x"
        print(line)
    print(f"({args.rounds} rounds of {args.seconds} CPU s a form; python {sys.version.split()[0]})")


if __name__ == "__main__":
    main()
