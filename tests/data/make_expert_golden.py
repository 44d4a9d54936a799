"""Write the expert's golden analyses (tests/data/expert_golden.json): for seeded games of every
preset (and two played by the laws), positions along the way and what
``ExpertBot(seed, samples=N).analyse(view)`` returned there: the move and every candidate's mean
score, to the last bit (``float.hex``). tests/bots/test_expert_golden.py replays the positions and
asks the expert of today for the same analyses, so a change made for speed cannot change a result
unnoticed. Run it from the project root only to record a deliberate change of the expert's play
(and say so in the commit):

    PYTHONPATH=src .venv/bin/python tests/data/make_expert_golden.py

The games are played half by the basic player (so that moons and close hands arise) and half at
random, from a generator seeded per game; each step is stored as the index of the move among the
legal moves, so the test replays the game without this script.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from hearts import Game, variants
from hearts.bots import BasicBot, ExpertBot
from hearts.bots.expert import Analysis
from hearts.deal import Phase
from hearts.rules import Rules

FILE = Path(__file__).resolve().parent / "expert_golden.json"
SAMPLES = 8
"""Sampled deals a move in the golden analyses."""
POSITIONS = 20
"""Positions recorded in each form's game."""
PASS_SEARCHED = 1
"""Of them, pass positions analysed with ``search_pass=True`` (in the forms with a pass)."""


def forms() -> dict[str, Rules]:
    """The forms recorded: every preset, and classic and modern by the laws."""
    found = {name: variants.get(name) for name in variants.names()}
    found["classic+laws"] = variants.get("classic").replace(laws=True)
    found["modern+laws"] = variants.get("modern").replace(laws=True)
    return found


def game_seed(name: str) -> int:
    """The seed of a form's game (stable across runs: not Python's salted hash)."""
    return sum((i + 1) * ord(ch) for i, ch in enumerate(name)) % 10_000


def replay(rules: Rules, seed: int, steps: list[int]) -> Game:
    """A form's game after the given steps (each the index of a legal move)."""
    game = Game(rules, seed=seed)
    for index in steps:
        game.play(game.legal_moves()[index], game.to_act)
    return game


def encode(analysis: Analysis) -> dict[str, Any]:
    """An analysis as JSON: moves by their repr, scores bit-exact."""
    return {
        "move": repr(analysis.move),
        "scores": [[repr(move), score.hex()] for move, score in analysis.scores],
        "samples": analysis.samples,
        "searched": analysis.searched,
    }


def record_form(name: str, rules: Rules) -> dict[str, Any]:
    """Play a form's game, analysing the positions chosen along the way."""
    seed = game_seed(name)
    rng = random.Random(f"golden:{name}")
    basic = BasicBot()
    game = Game(rules, seed=seed)
    steps: list[int] = []
    positions: list[dict[str, Any]] = []
    passes = 0
    while not game.is_over and game.hand_number < 3 and len(positions) < POSITIONS:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        if (
            view.phase is Phase.PASS
            and passes < PASS_SEARCHED
            and rules.passes
            and view.legal_moves
            and rng.random() < 0.5
        ):
            passes += 1
            bot_seed = rng.randrange(1000)
            analysis = ExpertBot(seed=bot_seed, samples=2, search_pass=True).analyse(view)
            positions.append(
                {"steps": len(steps), "seed": bot_seed, "search_pass": True, "budget": 2}
                | encode(analysis)
            )
        elif view.phase is Phase.PLAY and len(view.legal_moves) > 1 and rng.random() < 0.2:
            bot_seed = rng.randrange(1000)
            analysis = ExpertBot(seed=bot_seed, samples=SAMPLES).analyse(view)
            positions.append(
                {"steps": len(steps), "seed": bot_seed, "search_pass": False, "budget": SAMPLES}
                | encode(analysis)
            )
        moves = game.legal_moves()
        move = basic.choose(view) if rng.random() < 0.5 else rng.choice(moves)
        index = (
            list(moves).index(move) if view.phase is not Phase.PASS else _pass_index(moves, move)
        )
        steps.append(index)
        game.play(moves[index], seat)
    return {"seed": seed, "steps": steps, "positions": positions}


def _pass_index(moves: Any, move: Any) -> int:
    """The index of a pass among the pass choices (a long lazy sequence: searched, not listed)."""
    for index, other in enumerate(moves):
        if other == move:
            return int(index)
    raise AssertionError(f"{move!r} is not among the legal passes")


def main() -> None:
    data = {}
    for name, rules in forms().items():
        data[name] = record_form(name, rules)
        print(f"{name}: {len(data[name]['positions'])} positions")
    FILE.write_text(json.dumps(data, indent=0) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
