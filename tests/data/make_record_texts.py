"""Write ``record-texts.json``: records of games in progress of every preset (stopped at the first
time each phase comes up, and at a random move; by the laws for a few presets; seeded, and
dealt by a generator with a cut for deal) with the readable text of each, so that
``tests/test_record.py`` holds :func:`hearts.record.text` to the very characters it wrote. The
golden games (``make_golden.py``) pin the text of longer games; these pin the lines of a game
in progress (the trick so far, who is to act in which phase). Run from the project root only
after a deliberate change of the text, and read the diff:

    .venv/bin/python tests/data/make_record_texts.py
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path

from hearts import Game, record, variants
from hearts.deal import Phase
from hearts.moves import Claim, Correct, Revoke

HERE = Path(__file__).resolve().parent
LAWS = ("classic", "modern", "auction", "classic-3")
"""The presets also played by the laws (revokes, corrections and claims in the text)."""


def _move(game: Game, rng: random.Random, laws: bool) -> None:
    """A random legal move; by the laws, now and then a revoke, its correction or a claim."""
    deal, roll = game.deal, rng.random()
    if laws and deal.phase is Phase.PLAY and deal.trick:
        on_table = {card for _, card in deal.trick}
        mine = [s for s, at, card in deal.revokes if at == len(deal.tricks) and card in on_table]
        if mine and roll < 0.5:
            game.play(Correct(), mine[0])
            return
        led, hand = deal.trick[0][1].suit, deal.hand(deal.to_act)
        off = [card for card in hand if card.suit != led]
        if off and len(off) < len(hand) and roll < 0.15:
            game.play(Revoke(off[0]))
            return
    if laws and roll > 0.9:
        claimant, accused = rng.sample(range(game.players), 2)
        if game.can_play(Claim(accused), claimant):
            game.play(Claim(accused), claimant)
            return
    game.play(rng.choice(game.legal_moves()), game.to_act)


def snapshots() -> Iterator[tuple[str, Game]]:
    """Each preset's two games, at each phase met first and at a random move."""
    seen: set[tuple[str, bool, bool]] = set()
    for name in variants.names():
        for stage in range(2):
            rng = random.Random(f"{name}-{stage}")
            rules = variants.get(name)
            laws = stage == 1 and name in LAWS
            if laws:
                rules = rules.replace(laws=True)
            if stage == 1:
                game = Game(rules, rng=random.Random(stage), cut_for_deal=True)
            else:
                game = Game(rules, seed=rng.randrange(1000))
            stop = rng.randrange(60, 130) if laws else rng.randrange(1, 45)
            for count in range(1, 400):
                if game.is_over:
                    break
                _move(game, rng, laws)
                key = (game.deal.phase.value, game.deal.to_act is None, laws)
                if key not in seen and count < 60:
                    seen.add(key)
                    yield f"{name}-{stage}-{count}", game
                if count == stop:
                    yield f"{name}-{stage}-{count}", game
                    break


def main() -> None:
    found = [
        {"game": label, "record": record.to_dict(game), "text": record.text(game)}
        for label, game in snapshots()
    ]
    # (an object, not a list: other tests read every JSON file here as an object, a record or not)
    text = json.dumps({"pinned": found}, ensure_ascii=False, separators=(",", ":"))
    (HERE / "record-texts.json").write_text(text + "\n", encoding="utf-8")
    print(f"{len(found)} records")


if __name__ == "__main__":
    main()
