"""How many sampled deals a second does the expert play out? Before and after, in one run.

Run from the repository root::

    .venv/bin/python benchmarks/expert_speed.py                      # this tree against h-pace
    .venv/bin/python benchmarks/expert_speed.py --before main --rounds 5 --samples 40

The positions are those of the expert's golden file (tests/data/expert_golden.json: seeded games
of every preset) in the forms named by ``--forms``, the searched play positions only. For each
source tree (this tree's ``src``, and ``--before``, a git revision exported to a temporary
directory) a worker process with that tree first on ``PYTHONPATH`` runs
``ExpertBot(seed, samples=N).analyse(view)`` in every position and reports the sampled deals a
second (the samples, all candidates played out in each, over the CPU time inside ``analyse``: the
machine is shared, CPU time is steadier than the wall clock). The
two trees alternate for ``--rounds`` rounds (so a change of the machine's load falls on both);
the table shows each tree's median and the ratio. The workers also report a digest of every
analysis (moves and scores, bit-exact): the run says whether both trees found the same. A
script, not a test: nothing fails.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
FORMS = "modern,classic,omnibus,black-maria,spot,auction,heartsette,cancellation,two-handed"


def worker(forms: list[str], samples: int) -> None:
    """Time the expert in every chosen golden position (the ``hearts`` on ``PYTHONPATH``);
    print one JSON line: samples, seconds, digest."""
    sys.path.insert(0, str(DATA))
    from make_expert_golden import encode, replay
    from make_expert_golden import forms as all_forms

    from hearts.bots import ExpertBot

    golden = json.loads((DATA / "expert_golden.json").read_text(encoding="utf-8"))
    rules = all_forms()
    jobs = []
    for name in forms:
        form = golden[name]
        for position in form["positions"]:
            if position["search_pass"] or not position["searched"]:
                continue
            game = replay(rules[name], form["seed"], form["steps"][: position["steps"]])
            seat = game.to_act
            assert seat is not None
            jobs.append((position["seed"], game.view(seat)))
    done = 0
    spent = 0.0
    digest = hashlib.sha256()
    for seed, view in jobs:
        bot = ExpertBot(seed=seed, samples=samples)
        start = time.process_time()
        analysis = bot.analyse(view)
        spent += time.process_time() - start
        done += analysis.samples
        digest.update(json.dumps(encode(analysis)).encode())
    print(
        json.dumps(
            {
                "positions": len(jobs),
                "samples": done,
                "seconds": spent,
                "digest": digest.hexdigest(),
            }
        )
    )


def measure(src: Path, forms: str, samples: int) -> dict[str, float | str]:
    """One worker run on a source tree."""
    env = dict(os.environ, PYTHONPATH=str(src))
    out = subprocess.run(
        [sys.executable, __file__, "--worker", "--forms", forms, "--samples", str(samples)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    result: dict[str, float | str] = json.loads(out.strip().splitlines()[-1])
    return result


def cpu_model() -> str:
    """The CPU model, from /proc/cpuinfo where there is one."""
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="h-pace", help="git revision to compare with")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--samples", type=int, default=40, help="sampled deals a move")
    parser.add_argument("--forms", default=FORMS)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args.forms.split(","), args.samples)
        return
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", args.before, "src"],
            check=True,
            capture_output=True,
        ).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        trees = {f"before ({args.before})": Path(tmp) / "src", "after (this tree)": ROOT / "src"}
        rates: dict[str, list[float]] = {name: [] for name in trees}
        digests: dict[str, set[str]] = {name: set() for name in trees}
        positions = 0
        for round_ in range(args.rounds):
            for name, src in trees.items():
                result = measure(src, args.forms, args.samples)
                rate = float(result["samples"]) / float(result["seconds"])
                rates[name].append(rate)
                digests[name].add(str(result["digest"]))
                positions = int(result["positions"])
                print(f"round {round_ + 1}: {name}: {rate:.1f} samples/s", flush=True)
    print()
    print(f"{positions} positions ({args.forms}), samples={args.samples}, {args.rounds} rounds")
    print(f"machine: {platform.platform()}; {cpu_model()}; {os.cpu_count()} cores; ", end="")
    print(f"Python {platform.python_version()}; load average {os.getloadavg()}")
    print("| tree | samples/s (median) | min-max |")
    print("|---|---|---|")
    for name, values in rates.items():
        print(f"| {name} | {statistics.median(values):.1f} | {min(values):.1f}-{max(values):.1f} |")
    before, after = (statistics.median(values) for values in rates.values())
    print(f"ratio after/before: {after / before:.2f}x")
    same = len(set.union(*digests.values())) == 1
    print("the same analyses in every position: " + ("yes" if same else "NO"))


if __name__ == "__main__":
    main()
