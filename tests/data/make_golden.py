"""Write the golden games: one seeded game of random legal moves per preset, as a JSON record
and its readable trace. Run from the project root after a deliberate change of the rules or of
the record format, and read the diff of the traces before committing them:

    .venv/bin/python tests/data/make_golden.py
"""

from __future__ import annotations

import random
from pathlib import Path

from hearts import Game, record, variants

HERE = Path(__file__).resolve().parent / "games"
SEED = 2026


def golden_game(name: str) -> Game:
    """The golden game of a preset: seed 2026, random legal moves from seed 2026 (at most
    three hands, so the files stay readable)."""
    game = Game(variants.get(name), seed=SEED)
    rng = random.Random(SEED)
    while not game.is_over and game.hand_number < 3:
        game.play(rng.choice(game.legal_moves()), game.to_act)
    return game


def main() -> None:
    HERE.mkdir(exist_ok=True)
    for name in variants.names():
        game = golden_game(name)
        (HERE / f"{name}.json").write_text(record.dumps(game), encoding="utf-8")
        (HERE / f"{name}.txt").write_text(record.text(game) + "\n", encoding="utf-8")
        print(f"{name}: {len(game.events)} events")


if __name__ == "__main__":
    main()
