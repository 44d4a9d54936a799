"""Is the paced expert as strong as the one before? A duplicate match, new default v old.

Run from the repository root (it stops by itself: ``--deals`` deals in chunks of ``--chunk``,
or sooner once ``--limit`` seconds have passed, after the chunk under way)::

    .venv/bin/python benchmarks/pace_arena.py --deals 20 --limit 1800 --out runs/pace.json

``new`` is the expert as `hearts play` seats it (:class:`~hearts.bots.expert.ExpertBot` at its
default budget, stopping once its choice is settled or close enough, :data:`CLOSE_ENOUGH`);
``old`` is the same bot with that last test off (``close_enough=0``: it stops only once its
choice is clearly ahead, as before). ``new`` sits against ``old`` in every other seat, every
deal played once for each rotation (:func:`hearts.arena.run`). It prints ``new``'s margin (its
points a hand minus the mean of the others at its table; negative: ``new`` takes fewer points)
with its 95% Student's t interval over the per-deal means.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

from hearts import arena, variants
from hearts import bots as bot_registry
from hearts.bots.base import Bot
from hearts.bots.expert import ExpertBot


def _new(seed: int | None) -> Bot:
    return ExpertBot(seed)


def _old(seed: int | None) -> Bot:
    return ExpertBot(seed, close_enough=0.0)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--chunk", type=int, default=2, help="deals a chunk")
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--limit", type=float, default=1800.0, help="seconds at most")
    parser.add_argument("--out", type=Path, default=None, help="write the margins as JSON")
    args = parser.parse_args(argv)
    bot_registry.BOTS["new"] = _new
    bot_registry.BOTS["old"] = _old
    rules = variants.get("modern")
    start = time.perf_counter()
    margins: list[float] = []
    deals = 0
    while deals < args.deals and time.perf_counter() - start < args.limit:
        count = min(args.chunk, args.deals - deals)
        result = arena.run(rules, ["new", "old", "old", "old"], deals=count, seed=args.seed + deals)
        margins += arena.deal_margins(result.records, "new")
        deals += count
        found = arena.estimate(margins)
        print(
            f"{deals} deals, {time.perf_counter() - start:.0f} s: new - others "
            f"{found.mean:+.2f} points a hand, 95% [{found.low:+.2f}, {found.high:+.2f}]",
            flush=True,
        )
        if args.out is not None:
            args.out.write_text(
                json.dumps(
                    {"deals": deals, "seed": args.seed, "margins": margins, "load": os.getloadavg()}
                )
            )


if __name__ == "__main__":
    main()
