"""Does score-aware play win more games? Duplicate endgames of modern Hearts to 100.

Run from the repository root::

    .venv/bin/python benchmarks/endgame.py --positions 200 --samples 20 --workers 2 --out r.json

The points a hand that the arena measures are the wrong yardstick for score-aware play
(``ExpertBot(score_aware=True)``, :mod:`hearts.bots.standing`): it gives up points where they do
not decide the game, to win it. So this plays endgames instead. Games of ``basic`` against
itself are played until a hand starts with a seat at ``--near`` points or more (0: the first
hand, whole games; one position a game, the game's seed from ``--seed`` and its number); from
each position the game is played to its end five times on the same deals (a game's later deals
follow from its seed): once with the plain player ``B`` in every seat, and once with the
score-aware player ``A`` in each seat in turn, the same ``B`` players (the same seeds) in the
others. ``B`` is the expert as the ``hard`` level plays it (value model and searched pass), at
``--samples`` imagined deals a move so that a run repeats exactly; ``A`` is the same with
``score_aware=True``. ``--points-worth`` sets what a point of the hand is worth to ``A`` beside
its chance to win (:data:`hearts.bots.standing.POINTS_WORTH`), ``--hand-spread`` how uncertain
it takes the value model's points over a whole hand to be
(:data:`~hearts.bots.standing.HAND_SPREAD`; never under the model's own error,
:data:`~hearts.bots.standing.MODEL_ERROR`).

For each position the gain is the mean over the seats of ``A``'s share of the win in that seat
less ``B``'s in the same seat (a shared win counts as a share): the table shows it with its 95%
interval over the positions, with ``A``'s and ``B``'s points a hand to the game's end (what
``A`` gives up for it) and the time a move. A script, not a test: nothing fails; ``--out``
writes the results as JSON for benchmarks/RESULTS.md. ``--positions`` and the games to reach
them are bounded; the script stops by itself.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import platform
import resource
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from hearts import Game, variants
from hearts.bots import BasicBot, ExpertBot, standing
from hearts.bots.base import Bot

MAX_GAMES_PER_POSITION = 20
"""Games of ``basic`` tried for each position wanted before the script gives up looking."""


def positions(count: int, near: int, seed: int) -> list[tuple[int, Game]]:
    """Up to ``count`` hand starts with a seat at ``near`` points or more (one a game)."""
    rules = variants.get("modern")
    found: list[tuple[int, Game]] = []
    for number in range(count * MAX_GAMES_PER_POSITION):
        if len(found) == count:
            break
        game = Game(rules, seed=seed * 1_000_003 + number)
        bots = [BasicBot(seed=number * 4 + seat) for seat in range(4)]
        hand_number = -1  # (so that the first hand, hand 0, is a hand's start too)
        while not game.is_over:
            if game.hand_number != hand_number:
                hand_number = game.hand_number
                if max(game.scores) >= near:
                    found.append((number, copy.deepcopy(game)))
                    break
            seat = game.to_act
            assert seat is not None
            game.play(bots[seat].choose(game.view(seat)), seat)
    return found


def _player(aware: bool, seed: int, samples: int) -> Bot:
    return ExpertBot(seed, samples=samples, value=True, search_pass=True, score_aware=aware)


def play_out(game: Game, number: int, aware_seat: int | None, samples: int) -> dict[str, Any]:
    """Play a copy of ``game`` to its end, the score-aware player in ``aware_seat`` (None: none)."""
    game = copy.deepcopy(game)
    bots = [_player(seat == aware_seat, number * 4 + seat, samples) for seat in range(4)]
    before = game.scores
    first = game.hand_number
    seconds = [0.0] * 4
    moves = [0] * 4
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        start = time.perf_counter()
        move = bots[seat].choose(game.view(seat))
        seconds[seat] += time.perf_counter() - start
        moves[seat] += 1
        game.play(move, seat)
    winners = game.winners()
    return {
        "shares": [1 / len(winners) if seat in winners else 0.0 for seat in range(4)],
        "points": [after - earlier for after, earlier in zip(game.scores, before, strict=True)],
        "hands": game.hand_number + 1 - first,
        "seconds": [round(spent, 4) for spent in seconds],
        "moves": moves,
    }


def run_position(
    item: tuple[int, Game], samples: int, points_worth: float, hand_spread: float
) -> dict[str, Any]:
    """The five games from one position: ``B`` everywhere, then ``A`` in each seat
    (``points_worth``, ``hand_spread``: :data:`hearts.bots.standing.POINTS_WORTH` and
    :data:`~hearts.bots.standing.HAND_SPREAD` in this worker)."""
    standing.POINTS_WORTH = points_worth  # type: ignore[misc]
    standing.HAND_SPREAD = hand_spread  # type: ignore[misc]
    number, game = item
    base = play_out(game, number, None, samples)
    aware = [play_out(game, number, seat, samples) for seat in range(4)]
    return {
        "game": number,
        "scores": list(game.scores),
        "base": base,
        "aware": aware,
        "gain": statistics.fmean(
            aware[seat]["shares"][seat] - base["shares"][seat] for seat in range(4)
        ),
    }


def summary(results: list[dict[str, Any]]) -> dict[str, Any]:
    """The gain in win share with its 95% interval, and what it cost in points and time."""
    gains = [result["gain"] for result in results]
    mean = statistics.fmean(gains)
    half = 1.96 * statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else math.nan
    hands = sum(result["aware"][seat]["hands"] for result in results for seat in range(4))
    a_points = sum(result["aware"][seat]["points"][seat] for result in results for seat in range(4))
    b_points = sum(sum(result["base"]["points"]) for result in results)
    b_hands = sum(result["base"]["hands"] for result in results)
    a_time = [
        result["aware"][seat]["seconds"][seat] / max(1, result["aware"][seat]["moves"][seat])
        for result in results
        for seat in range(4)
    ]
    b_time = [
        sum(result["base"]["seconds"]) / max(1, sum(result["base"]["moves"])) for result in results
    ]
    return {
        "positions": len(results),
        "gain": mean,
        "gain_ci95": [mean - half, mean + half],
        "aware_wins": statistics.fmean(
            result["aware"][seat]["shares"][seat] for result in results for seat in range(4)
        ),
        "aware_points_per_hand": a_points / hands,
        "base_points_per_hand": b_points / (4 * b_hands) if b_hands else math.nan,
        "aware_seconds_per_move": statistics.fmean(a_time),
        "base_seconds_per_move": statistics.fmean(b_time),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40, help="endgames to play (each 5x)")
    parser.add_argument(
        "--near", type=int, default=70, help="a seat at this many points or more (0: whole games)"
    )
    parser.add_argument("--samples", type=int, default=20, help="imagined deals a move")
    parser.add_argument(
        "--points-worth",
        type=float,
        default=standing.POINTS_WORTH,
        help="what a point is worth to A beside its chance to win, in percent",
    )
    parser.add_argument(
        "--hand-spread",
        type=float,
        default=standing.HAND_SPREAD,
        help="how far A takes the model's points over a whole hand to stray",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, help="write the results as JSON")
    args = parser.parse_args(argv)
    for name in ("positions", "samples", "workers"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1")
    if args.hand_spread < 0:
        parser.error("--hand-spread must be 0 or more (points)")
    if not 0 <= args.near < 100:
        parser.error("--near must be between 0 and 99 (the game ends at 100; 0: whole games)")
    found = positions(args.positions, args.near, args.seed)
    print(f"{len(found)} positions (a seat at {args.near}+ at a hand's start)", flush=True)
    if not found:
        print("no position found: try a lower --near or another --seed", file=sys.stderr)
        return 1
    start = time.perf_counter()
    results: list[dict[str, Any]] = []
    count = len(found)
    with ProcessPoolExecutor(args.workers) as pool:
        work = pool.map(
            run_position,
            found,
            [args.samples] * count,
            [args.points_worth] * count,
            [args.hand_spread] * count,
        )
        for result in work:
            results.append(result)
            if len(results) % 10 == 0:
                print(f"{len(results)}/{len(found)}: {summary(results)}", flush=True)
                if args.out is not None:  # (so far: a run stopped early keeps its positions)
                    _write(args, results, time.perf_counter() - start)
    seconds = time.perf_counter() - start
    if args.out is not None:
        _write(args, results, seconds)
    total = summary(results)
    low, high = total["gain_ci95"]
    interval = (
        f"{100 * low:+.1f} to {100 * high:+.1f}"
        if total["positions"] > 1
        else "one position: no interval"
    )
    print(
        f"score-aware against plain, {total['positions']} endgames at {args.samples} deals a "
        f"move: win share {100 * total['gain']:+.1f} points of percent "
        f"({interval}), "
        f"its seat winning {100 * total['aware_wins']:.1f}%; "
        f"points a hand {total['aware_points_per_hand']:.2f} against "
        f"{total['base_points_per_hand']:.2f}; {seconds:.0f} s"
    )
    return 0


def _write(args: argparse.Namespace, results: list[dict[str, Any]], seconds: float) -> None:
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    args.out.write_text(
        json.dumps(
            {
                "machine": {"platform": platform.platform(), "python": sys.version.split()[0]},
                "options": {k: str(v) for k, v in vars(args).items()},
                "seconds": round(seconds, 1),
                "peak_mb": round(peak, 1),
                "summary": summary(results),
                "positions": results,
            },
            separators=(",", ":"),  # (one line: thousands of games)
        )
    )


if __name__ == "__main__":
    sys.exit(main())
