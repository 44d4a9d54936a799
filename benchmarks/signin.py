"""Sign-in's time for an unknown name against a wrong password: they should not be told apart.

Run from the repository root::

    .venv/bin/python benchmarks/signin.py --tries 200

(``benchmarks/players.py`` runs the same measurement, :func:`measure`, among the issue's.)

The server's app in this process (FastAPI's test client, a SQLite store in a temporary folder,
Argon2id at the server's own parameters) with one account, "Ann"; its sign-in throttle set
aside (the benchmark is one address trying again and again). Each round signs in as Ann with a
wrong password and as a name nobody has, in turn (which goes first alternates), and times each
answer from the request to the end of the reply. It reports each kind's median, p10 and p90 in
milliseconds, the difference of the medians, and whether the two answers were the same (status
and body). A script, not a test: nothing fails.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import tempfile
import time
from pathlib import Path

from fastapi.testclient import TestClient

from hearts.server import ServerConfig, create_app
from hearts.server.accounts import HASHER, SignInThrottle
from hearts.server.store import Store


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def measure(tries: int) -> tuple[dict[str, list[float]], bool]:
    """Each kind's answer times in seconds (``tries`` of each, interleaved), and whether every
    answer of both kinds was the same (status and body)."""
    with tempfile.TemporaryDirectory() as folder:
        store = Store(f"sqlite:///{Path(folder) / 'bench.db'}")
        app = create_app(ServerConfig(bot_workers=0), store=store)
        with TestClient(app) as client:
            made = client.post("/api/account/signup", json={"name": "Ann", "password": "x" * 12})
            assert made.status_code == 201, made.text
            client.cookies.clear()
            app.state.sign_ins = SignInThrottle(free_pair=10**9, free_address=10**9)
            times: dict[str, list[float]] = {"wrong password": [], "unknown name": []}
            answers: dict[str, set[tuple[int, bytes]]] = {kind: set() for kind in times}
            for n in range(tries):
                kinds = [("wrong password", "Ann"), ("unknown name", f"Nobody{n}")]
                for kind, name in kinds if n % 2 else kinds[::-1]:
                    start = time.perf_counter()
                    reply = client.post(
                        "/api/account/signin", json={"name": name, "password": f"guess-{n:05}"}
                    )
                    times[kind].append(time.perf_counter() - start)
                    answers[kind].add((reply.status_code, reply.content))
        store.close()
    same = (
        answers["wrong password"] == answers["unknown name"] and len(answers["unknown name"]) == 1
    )
    return times, same


def report(times: dict[str, list[float]], same: bool) -> list[str]:
    """The measurement's lines: a Markdown table of each kind, the difference of the medians,
    and whether the answers were the same."""
    lines = ["| kind | median | p10 | p90 |", "|---|---:|---:|---:|"]
    for kind, values in times.items():
        ms = [v * 1000 for v in values]
        lines.append(
            f"| {kind} | {statistics.median(ms):.1f} ms | {_quantile(ms, 0.1):.1f} ms "
            f"| {_quantile(ms, 0.9):.1f} ms |"
        )
    wrong = statistics.median(times["wrong password"]) * 1000
    unknown = statistics.median(times["unknown name"]) * 1000
    lines.append(
        f"difference of the medians: {unknown - wrong:+.1f} ms ({(unknown / wrong - 1):+.1%})"
    )
    lines.append(f"the same answer (status and body) every time: {same}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tries", type=int, default=200, help="sign-ins of each kind")
    arguments = parser.parse_args()
    times, same = measure(arguments.tries)
    print(
        f"{platform.platform()}, {platform.python_implementation()} {platform.python_version()}; "
        f"Argon2id t={HASHER.time_cost} m={HASHER.memory_cost} KiB p={HASHER.parallelism}; "
        f"{arguments.tries} tries of each kind"
    )
    print("\n".join(report(times, same)))


if __name__ == "__main__":
    main()
