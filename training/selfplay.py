"""Self-play data for the expert's value model: whole games of modern Hearts, every position kept.

Run from the repository root::

    .venv/bin/python training/selfplay.py --games 400 --samples 10 --workers 2 --out data/gen0
    .venv/bin/python training/selfplay.py --player basic --games 20000 --out data/basic

Each worker plays whole games of modern Hearts (to 100), every seat the same player: the expert
at a fixed number of sampled deals a move (``--samples``; ``--player value`` is the expert with
the value model of ``--model``), or ``basic``. Before every card played it records the position
as the referee sees it (:func:`hearts.bots.value.snapshot`: each seat's cards, the trick on the
table, the cards each has taken, the seat to act, whether hearts are broken) with the card played,
and at the end of the hand every seat's points (the moon counted), the label the model learns. A
game is seeded from ``--seed`` and its number, and each bot from the game, so a run repeats
exactly. The workers write ``<out>/part-<worker>-<first game>.npz`` every ``--chunk`` games, so
an interrupted run keeps what it played.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

import numpy as np

from hearts import Game, variants
from hearts.bots import BasicBot, ExpertBot
from hearts.bots.base import Bot
from hearts.bots.expert import rollout_card
from hearts.bots.value import SNAPSHOT_FIELDS, ValueModel, snapshot
from hearts.deal import Deal, Phase
from hearts.errors import InvalidArgument
from hearts.moves import MoonChoice


def make_player(kind: str, seed: int, samples: int, model: str | None) -> Bot:
    """One seat's player."""
    if kind == "basic":
        return BasicBot(seed)
    if kind == "expert":
        return ExpertBot(seed=seed, samples=samples)
    if kind == "value":
        return ExpertBot(
            seed=seed, samples=samples, value=ValueModel.load(model) if model else True
        )
    raise SystemExit(f"no player {kind!r}: basic, expert or value")


def rolled_out(deal: Deal) -> tuple[int, ...]:
    """Every seat's points at the end of the hand played on by the expert's rules of thumb from
    here (what its roll-outs would find in this very deal): kept beside the real points, to
    compare the model with the roll-outs it replaces."""
    trial = deal.copy(stack=False)
    while trial.phase is Phase.PLAY:
        trial.play(rollout_card(trial))
    while not trial.is_over:
        trial.play(MoonChoice.OLD if trial.phase is Phase.MOON else trial.legal_moves()[0])
    return trial.points()


def play_games(
    worker: int,
    games: list[int],
    kind: str,
    samples: int,
    seed: int,
    out: Path,
    chunk: int,
    model: str | None,
) -> int:
    """Play ``games`` (their numbers), writing a part file every ``chunk`` games."""
    rules = variants.get("modern")
    rows: list[tuple[int, ...]] = []
    labels: list[tuple[int, ...]] = []
    hands: list[int] = []
    played = 0
    first = games[0] if games else 0
    for number in games:
        game = Game(rules, seed=seed * 1_000_003 + number)
        bots = [make_player(kind, seed * 7919 + number * 4 + s, samples, model) for s in range(4)]
        hand_number = -1
        start = len(rows)
        while not game.is_over:
            deal = game.deal
            if game.hand_number != hand_number:
                hand_number = game.hand_number
                start = len(rows)
            seat = game.to_act
            assert seat is not None
            move = bots[seat].choose(game.view(seat))
            if deal.phase.value == "play":
                guess = rolled_out(deal)
                rows.append((*snapshot(deal), int(move), *game.scores, *guess))  # type: ignore[call-overload]
                hands.append(number * 100 + hand_number)
            game.play(move, seat)
            if deal.is_over:
                points = deal.points()
                labels.extend([points] * (len(rows) - start))
                start = len(rows)
        played += 1
        if played % chunk == 0 or number == games[-1]:
            _write(out, worker, first, rows, labels, hands)
            rows, labels, hands = [], [], []
            first = number + 1
    return played


def _write(
    out: Path,
    worker: int,
    first: int,
    rows: list[tuple[int, ...]],
    labels: list[tuple[int, ...]],
    hands: list[int],
) -> None:
    if not rows:
        return
    table = np.array(rows, dtype=np.uint64)
    path = out / f"part-{worker}-{first:07d}.npz"
    np.savez_compressed(
        path,
        state=table[:, : len(SNAPSHOT_FIELDS)],
        card=table[:, len(SNAPSHOT_FIELDS)].astype(np.int16),
        scores=table[:, len(SNAPSHOT_FIELDS) + 1 : len(SNAPSHOT_FIELDS) + 5].astype(np.int16),
        rollout=table[:, len(SNAPSHOT_FIELDS) + 5 :].astype(np.int16),
        points=np.array(labels, dtype=np.int16),
        hand=np.array(hands, dtype=np.int64),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--player", default="expert", choices=["basic", "expert", "value"])
    parser.add_argument("--samples", type=int, default=10)
    parser.add_argument("--model", default=None, help="--player value: the model's .npz")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--first", type=int, default=0, help="the first game's number")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--chunk", type=int, default=20)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    if args.model is not None:  # (read once here: a bad file is a sentence, before any game)
        try:
            ValueModel.load(args.model)
        except InvalidArgument as error:
            parser.error(str(error))
    args.out.mkdir(parents=True, exist_ok=True)
    numbers = list(range(args.first, args.first + args.games))
    shares = [numbers[w :: args.workers] for w in range(args.workers)]
    start = time.perf_counter()
    jobs = [
        (w, share, args.player, args.samples, args.seed, args.out, args.chunk, args.model)
        for w, share in enumerate(shares)
        if share
    ]
    if args.workers == 1:
        total = sum(play_games(*job) for job in jobs)
    else:
        with multiprocessing.get_context("spawn").Pool(len(jobs)) as pool:
            total = sum(pool.starmap(play_games, jobs))
    print(f"{total} games in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
