"""Fit the bot levels' ratings: whole games between the levels, rated with OpenSkill.

Run from the repository root::

    .venv/bin/python benchmarks/fit_levels.py                         # 40 minutes at most
    .venv/bin/python benchmarks/fit_levels.py --minutes 5 --games 50 --out /tmp/levels.json
    .venv/bin/python benchmarks/fit_levels.py --hard-think 0.3         # hard at its own budget

Every game seats the four measured players of four-player ``modern`` (``random``, and the
levels ``easy``, ``medium`` and ``hard``), one a seat, their seats drawn anew for each game, and
plays it to its end; the finishing order (places by the final scores as the rules order them,
ties sharing a place: :func:`hearts.stats.places`) is rated with OpenSkill's Plackett-Luce model,
every level starting where a new person starts (mu 25, sigma 25/3) and with no drift between
games (``tau`` 0: the levels do not change, so every game weighs alike). The ratings end on the
scale people are rated on (:mod:`hearts.server.ratings`): a person's rating against the computer
is computed against these fixed numbers.

The searching levels think at most ``--medium-think`` and ``--hard-think`` seconds a move (by
default 0.05 s, medium's own budget, and 0.1 s, less than hard's own 0.3 s: the machine it was
fitted on had no time for more; the file says what ran). The run stops after ``--games`` games
or ``--minutes`` minutes, whichever comes first, and writes the ratings as JSON (by default to
``src/hearts/server/levels.json``, read by :func:`hearts.server.ratings.level_ratings`), with
the form, the games played, the date and the command. A script, not a test: nothing fails.
"""

from __future__ import annotations

import argparse
import datetime
import json
import random
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

from hearts import bots, variants
from hearts.bots.base import play_game
from hearts.game import Game
from hearts.server.ratings import NEW_MU, NEW_SIGMA, shown
from hearts.stats import places

FORM = "modern/4"
PLAYERS = ("random", "easy", "medium", "hard")
OUT = Path(__file__).resolve().parent.parent / "src" / "hearts" / "server" / "levels.json"


def _bot(name: str, seed: int, thinks: dict[str, float]) -> bots.Bot:
    if name in thinks:
        return bots.LEVELS[name].make(seed, think=thinks[name])
    return bots.get(name, seed=seed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games at most")
    parser.add_argument("--minutes", type=float, default=40.0, help="minutes at most")
    parser.add_argument("--seed", type=int, default=36)
    parser.add_argument("--medium-think", type=float, default=0.05)
    parser.add_argument("--hard-think", type=float, default=0.1)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    rules = variants.get("modern")
    model = PlackettLuce(tau=0.0)
    ratings = {name: model.rating(mu=NEW_MU, sigma=NEW_SIGMA, name=name) for name in PLAYERS}
    thinks = {"medium": args.medium_think, "hard": args.hard_think}
    rng = random.Random(args.seed)
    placed = {name: [0] * len(PLAYERS) for name in PLAYERS}
    start = time.monotonic()
    cpu = time.process_time()
    played = 0
    while played < args.games and time.monotonic() - start < args.minutes * 60:
        seating = list(PLAYERS)
        rng.shuffle(seating)
        game = Game(rules, seed=rng.randrange(2**63))
        play_game(
            game,
            [
                _bot(name, rng.randrange(2**32), thinks)
                for name, _ in zip(seating, PLAYERS, strict=True)
            ],
        )
        order = places(rules, game.scores)
        teams = model.rate([[ratings[name]] for name in seating], ranks=[float(p) for p in order])
        for name, team in zip(seating, teams, strict=True):
            ratings[name] = team[0]
        for name, place in zip(seating, order, strict=True):
            placed[name][place - 1] += 1
        played += 1
        if played % 10 == 0:
            line = "  ".join(f"{n} {ratings[n].mu:.2f}±{ratings[n].sigma:.2f}" for n in PLAYERS)
            print(f"{played} games, {time.monotonic() - start:.0f} s: {line}", flush=True)
    result: dict[str, Any] = {
        "forms": {
            FORM: {
                "games": played,
                "date": datetime.date.today().isoformat(),
                "command": "benchmarks/fit_levels.py "
                + shlex.join(sys.argv[1:] if argv is None else argv),
                "think": thinks,
                "cpu_seconds": round(time.process_time() - cpu),
                "model": "OpenSkill PlackettLuce, tau 0, every level from mu 25, sigma 25/3",
                "levels": {
                    name: {
                        "mu": round(ratings[name].mu, 4),
                        "sigma": round(ratings[name].sigma, 4),
                        "shown": shown(ratings[name].mu, ratings[name].sigma),
                        "places": placed[name],
                    }
                    for name in PLAYERS
                },
            }
        }
    }
    if args.out.exists() and args.out != Path("-"):
        try:
            old = json.loads(args.out.read_text())
            result["forms"] = {**old.get("forms", {}), **result["forms"]}
        except (OSError, ValueError):
            pass
    args.out.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")
    print(json.dumps(result["forms"][FORM], indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
