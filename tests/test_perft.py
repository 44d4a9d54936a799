"""Perft: the number of legal move sequences from fixed positions, to a fixed depth, against
golden numbers (``tests/data/perft.json``) — move generation checked exhaustively near a
position of each mechanic, through the public API only (``legal_moves``, ``play``, ``undo``).

Every path through ``deal.legal_moves()`` counts: a move is whatever the seat the deal asks
next (``deal.to_act``) may do — in the pass phase each pass of each seat still to pass, in the
order the deal asks them; a bid, a suit named, a Heartsette discard, a moon choice, a card, and
under the laws each seat's leave to gather (revokes and claims are not in ``legal_moves`` and
are not counted). Cards drawn from a stock and cards kept are not moves. A finished hand has no
moves, so a path that ends the hand before the depth counts for nothing past it.

Each position is reached in a way the JSON records: ``Deal.from_hands`` with the hands written
out, or ``Game(rules, seed=N)`` followed by the moves listed (found by the recipe in
:data:`RECIPES` — random moves from ``random.Random(N)``, or a line of random moves or of the
basic player up to a few moves before an event). The golden numbers are the engine's at commit
e182205; after a deliberate change of the rules, rewrite them and read the diff:

    PYTHONPATH=src .venv/bin/python tests/test_perft.py --write
"""

from __future__ import annotations

import json
import random
import re
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from hearts import Deal, Game, Rules, events, variants
from hearts.cards import JOKER
from hearts.moves import move_text, parse_move
from invariants import deal_fingerprint  # (tests/ is on the path: pytest's, or the script's)

DATA = Path(__file__).resolve().parent / "data" / "perft.json"

# ----------------------------------------------------------------------------- perft


def perft(deal: Deal, depth: int) -> list[int]:
    """The number of legal move sequences of each length from 1 to ``depth`` from this position
    (the deal is played and undone, and left as it was)."""
    counts = [0] * depth

    def walk(level: int) -> None:
        moves = deal.legal_moves()
        counts[level] += len(moves)
        if level + 1 == depth:
            return
        for move in moves:
            deal.play(move)
            walk(level + 1)
            deal.undo()

    if depth:
        walk(0)
    return counts


# ----------------------------------------------------------------------------- positions


def rules_of(spec: dict[str, Any]) -> Rules:
    """The rules of a position: a preset at a table it allows, with options replaced."""
    players = spec.get("players")
    rules = variants.get(spec["preset"])
    if players is not None:
        rules = variants.for_players_named(spec["preset"], players)
    return rules.replace(**spec["options"]) if spec.get("options") else rules


def position(spec: dict[str, Any]) -> Deal:
    """The position a spec describes, as a deal that belongs to no game."""
    rules = rules_of(spec)
    moves = [(seat, parse_move(text)) for seat, text in spec["moves"]]
    if "hands" in spec:
        deal = Deal.from_hands(
            rules,
            spec["hands"],
            dealer=spec.get("dealer"),
            pass_direction=spec.get("pass_direction"),
            stock=spec.get("stock", ""),
        )
        for seat, move in moves:
            deal.play(move, seat)
        return deal
    game = Game(rules, seed=spec["seed"])
    for seat, move in moves:
        game.play(move, seat)
    assert game.hand_number == 0, f"{spec['name']}: the moves leave the first hand"
    return game.deal.copy()


def facts(deal: Deal) -> dict[str, Any]:
    """What a position is, from the public API: its phase, who acts, the tricks done, whether
    hearts are broken, the cards in each hand."""
    return {
        "phase": deal.phase.value,
        "to_act": deal.to_act,
        "tricks": len(deal.tricks),
        "on_table": len(deal.trick),
        "hearts_broken": deal.hearts_broken,
        "hand_sizes": [len(deal.hand(seat)) for seat in range(deal.players)],
        "stock": len(deal.stock),
    }


def load() -> list[dict[str, Any]]:
    return json.loads(DATA.read_text(encoding="utf-8"))["positions"]  # type: ignore[no-any-return]


POSITIONS = load() if DATA.exists() else []


@pytest.mark.parametrize("spec", POSITIONS, ids=[spec["name"] for spec in POSITIONS])
def test_perft_matches_the_golden_numbers(spec: dict[str, Any]) -> None:
    """Move generation (docs/rules.md §1–7, each position's mechanic in its ``about``): the number of
    legal move sequences from the position to each depth is the golden number, and the walk
    leaves the position as it was (undo restores every move)."""
    deal = position(spec)
    assert facts(deal) == spec["facts"], f"{spec['name']}: not the position described"
    before = deal_fingerprint(deal)
    counts = perft(deal, spec["depth"])
    assert deal_fingerprint(deal) == before, f"{spec['name']}: the walk changed the position"
    for depth, (count, golden) in enumerate(zip(counts, spec["counts"], strict=True), 1):
        assert count == golden, (
            f"perft of {spec['name']!r} to depth {depth}: {count} move sequences, "
            f"the golden number is {golden}"
        )


def test_every_mechanic_has_a_position() -> None:
    """The positions cover each mechanic the brief of the perft names, with counts in the
    thousands to low millions at their deepest."""
    names = {spec["name"] for spec in POSITIONS}
    assert names == {recipe["name"] for recipe in RECIPES}
    for spec in POSITIONS:
        assert 1000 <= spec["counts"][-1] <= 5_000_000, spec["name"]


# ----------------------------------------------------------------------------- the recipes

TRICK_ONE_HANDS = [
    "2C 3C 4C 5C 6C 7C 8C 9C 2D 3D 4D 5D 6D",
    "TC JC QC KC AC 7D 8D 9D TD 2H 3H 4H 5H",
    "JD QD KD AD 6H 7H 8H 9H TH JH QH KH AH",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
]
"""Seat 0 leads the 2♣; seats 2 and 3 hold no club, so on trick one seat 2 must play a diamond
(not a heart) and seat 3 any spade but the Q♠; seat 1 then leads with hearts unbroken."""

ONE_SUIT_HANDS = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
]

RECIPES: list[dict[str, Any]] = [
    {
        "name": "modern-pass",
        "about": "modern, the pass phase: two seats still to pass (286 ways each), then the 2♣ "
        "leads and the first trick follows with the cards received",
        "preset": "modern",
        "seed": 11,
        "random": 2,
        "depth": 4,
    },
    {
        "name": "modern-hold-start",
        "about": "modern, a hold hand (the hands of a seeded deal): no pass, the 2♣ leads; no "
        "points on trick one",
        "preset": "modern",
        "seed": 3,
        "hold": True,
        "depth": 9,
    },
    {
        "name": "modern-trick-one",
        "about": "modern from hands written out: on trick one seat 2 (no club) may play only a "
        "diamond, seat 3 (spades only) any spade but the Q♠; seat 1 then leads with hearts "
        "not broken",
        "preset": "modern",
        "hands": TRICK_ONE_HANDS,
        "pass_direction": "hold",
        "depth": 8,
    },
    {
        "name": "modern-only-hearts",
        "about": "modern from hands written out: each seat holds one suit, so nobody can follow "
        "and seat 3 holds only hearts: it may play them on trick one and lead them unbroken",
        "preset": "modern",
        "hands": ONE_SUIT_HANDS,
        "pass_direction": "hold",
        "moves": [[0, "2C"], [1, "2D"], [2, "2S"], [3, "AH"], [0, "3C"]],
        "depth": 6,
    },
    {
        "name": "modern-unbroken",
        "about": "modern after the pass, mid-hand with hearts not yet broken",
        "preset": "modern",
        "seed": 5,
        "random": 12,
        "depth": 7,
        "hearts_broken": False,
    },
    {
        "name": "classic-eldest",
        "about": "classic: no pass, the eldest hand leads any card",
        "preset": "classic",
        "seed": 2,
        "random": 0,
        "depth": 7,
    },
    {
        "name": "auction-bidding",
        "about": "Auction Hearts: each seat bids once (a pass or above the high bid), the high "
        "bidder names the suit to avoid and leads",
        "preset": "auction",
        "seed": 4,
        "random": 0,
        "depth": 6,
    },
    {
        "name": "heartsette-discard",
        "about": "Heartsette: the last card of the first trick, then its winner discards as "
        "many cards as the widow held, then the play",
        "preset": "heartsette",
        "seed": 6,
        "random": 3,
        "depth": 4,
    },
    {
        "name": "two-handed-stock",
        "about": "two-handed: each takes a card from the stock after every trick",
        "preset": "two-handed",
        "seed": 8,
        "random": 0,
        "depth": 7,
    },
    {
        "name": "domino-dropping-out",
        "about": "Domino Hearts: a seat that cannot follow draws until it can; a few moves "
        "before a seat plays its last card and drops out",
        "preset": "domino",
        "seed": 1,
        "before": "drop",
        "lead": 12,
        "depth": 22,
    },
    {
        "name": "cancellation-carried",
        "about": "Cancellation Hearts: twins cancel; some moves before a trick whose led suit "
        "is all cancelled is carried to the next",
        "preset": "cancellation",
        "seed": 1,
        "before": "trick_carried",
        "lead": 12,
        "depth": 14,
    },
    {
        "name": "new-moon-choice",
        "about": "the New Moon preset with the moon a choice (settlement.moon=choice), from hands written out, each seat one "
        "suit: the clubs take every trick and so every card that counts; the last three "
        "tricks, then the shooter chooses how the moon is scored (old or new)",
        "preset": "new-moon",
        "options": {"settlement": {"moon": "choice"}},
        "hands": ONE_SUIT_HANDS,
        "pass_direction": "hold",
        "first": 40,
        "depth": 13,
    },
    {
        "name": "joker",
        "about": "Joker Hearts: a few moves before the joker is played (it follows as a heart "
        "and wins any trick)",
        "preset": "joker",
        "seed": 1,
        "before": "joker",
        "lead": 4,
        "depth": 8,
    },
    {
        "name": "black-maria-pass",
        "about": "Black Maria: three players, the last pass (3 to the right), then the eldest "
        "leads any card",
        "preset": "black-maria",
        "seed": 2,
        "random": 2,
        "depth": 3,
    },
    {
        "name": "three-handed",
        "about": "three-handed: 17 cards each, the eldest leads any card",
        "preset": "three-handed",
        "seed": 3,
        "random": 0,
        "depth": 6,
    },
    {
        "name": "classic-7-sit-out",
        "about": "classic at seven: the dealer sits out, the six others hold eight cards each",
        "preset": "classic-7",
        "seed": 7,
        "random": 0,
        "depth": 9,
    },
    {
        "name": "laws-gather",
        "about": "classic by the laws: the last tricks, then each seat in turn lets the cards "
        "be gathered (revokes and claims are not in legal_moves)",
        "preset": "classic",
        "options": {"laws": True},
        "seed": 9,
        "random": 36,
        "depth": 20,
    },
    {
        "name": "laws-modern-pass",
        "about": "modern by the laws: the last pass and the first trick, as without the laws",
        "preset": "modern",
        "options": {"laws": True},
        "seed": 11,
        "random": 3,
        "depth": 6,
    },
]
"""How each position is reached: from ``hands`` (``Deal.from_hands``) or from
``Game(rules, seed)`` (with ``hold``: its hands as a hold hand); then the ``moves`` listed, or
``first`` moves each the first of ``legal_moves()``, or ``random`` moves chosen by
``random.Random(seed)`` among ``legal_moves()``, or random moves up to ``lead`` moves before an
event (``before``) in the first seed from ``seed`` on whose first hand has it."""

RECIPE_ONLY = ("random", "before", "lead", "first", "hold", "hearts_broken")


def _happened(before: str, deal: Deal) -> bool:
    """Whether the event a recipe waits for has happened in a hand."""
    log = deal.events
    if before == "trick_carried":
        return any(isinstance(e, events.TrickCarried) for e in log)
    if before == "joker":
        return any(isinstance(e, events.CardPlayed) and e.card == JOKER for e in log)
    if before == "drop":  # a seat has played its last card while the stock still holds some
        return any(not deal.hand(s) for s in deal.seats) and bool(deal.stock)
    raise ValueError(before)


def _before(recipe: dict[str, Any], rules: Rules) -> tuple[int, list[list[Any]]]:
    """The seed and the moves of a random first hand up to ``lead`` moves before the event."""
    seed = recipe["seed"]
    while True:
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        moves: list[list[Any]] = []
        while game.hand_number == 0:
            seat = game.to_act
            move = rng.choice(game.legal_moves())
            moves.append([seat, move_text(move)])  # type: ignore[arg-type]
            game.play(move, seat)  # type: ignore[arg-type]
            if _happened(recipe["before"], game.hands[0]):
                return seed, moves[: max(0, len(moves) - recipe["lead"])]
        seed += 1


def resolve(recipe: dict[str, Any]) -> dict[str, Any]:
    """A recipe made a position: its moves written out, its facts and its perft counts."""
    spec = {k: v for k, v in recipe.items() if k not in RECIPE_ONLY}
    rules = rules_of(recipe)
    if recipe.get("hold"):
        dealt = Game(rules, seed=recipe["seed"]).deal.events[0]
        assert isinstance(dealt, events.Dealt)
        spec.pop("seed")
        spec["hands"] = [str(hand) for hand in dealt.hands]
        spec["pass_direction"] = "hold"
        spec["reached"] = f"the hands Game(rules, seed={recipe['seed']}) deals, as a hold hand"
    elif "hands" in recipe:
        spec["reached"] = "Deal.from_hands with these hands"
    else:
        spec["reached"] = f"Game(rules, seed={recipe['seed']})"
    spec.setdefault("moves", [])
    if "before" in recipe:
        spec["seed"], spec["moves"] = _before(recipe, rules)
        spec["reached"] = (
            f"Game(rules, seed={spec['seed']}) (the first seed from {recipe['seed']} on whose "
            f"first hand has it), then random.Random({spec['seed']}) chose among legal_moves() "
            f"up to {recipe['lead']} moves before the {recipe['before'].replace('_', ' ')}"
        )
    elif recipe.get("first") or recipe.get("random"):
        deal = position(spec)
        rng = random.Random(recipe.get("seed"))
        count = recipe.get("first") or recipe["random"]
        for _ in range(count):
            seat, moves = deal.to_act, deal.legal_moves()
            move = moves[0] if recipe.get("first") else rng.choice(moves)
            spec["moves"].append([seat, move_text(move)])
            deal.play(move)
        if recipe.get("first"):
            spec["reached"] += f", then {count} moves each the first of legal_moves()"
        else:
            spec["reached"] += (
                f", then {count} moves chosen by random.Random({recipe['seed']}) among "
                "legal_moves() of the seat to act"
            )
    deal = position(spec)
    spec["facts"] = facts(deal)
    if "hearts_broken" in recipe:
        assert deal.hearts_broken is recipe["hearts_broken"], recipe["name"]
    spec["counts"] = perft(deal, recipe["depth"])
    return spec


def write() -> None:
    """Compute every position and its counts from the engine as it is, and write the JSON."""
    positions = []
    for recipe in RECIPES:
        start = time.perf_counter()
        spec = resolve(recipe)
        print(f"{spec['name']}: {spec['counts']} ({time.perf_counter() - start:.2f} s)")
        positions.append(spec)
    text = json.dumps({"positions": positions}, indent=1, ensure_ascii=False)
    # Lists of numbers and strings (hands, a move, the counts) on one line each.
    text = re.sub(
        r"\[[^\[\]{}]*\]", lambda m: json.dumps(json.loads(m.group()), ensure_ascii=False), text
    )
    DATA.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: tests/test_perft.py --write   (rewrites tests/data/perft.json)")
    write()
