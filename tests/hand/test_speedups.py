"""The C accelerator of the trick loop (``hearts.hand._speedups``) against the pure Python engine.

The rule checked: the accelerator changes nothing a player or a program can see. The same games,
driven by the same random choices through ``play``, ``legal_moves``, ``copy`` and ``undo``
(illegal cards tried too), give the same legal moves, events, refusals and positions whether the
C fast path runs or ``HEARTS_PURE=1`` keeps it off; the engine's own tests pass in pure Python;
and the fast path holds no reference it should not (no leak).
"""

from __future__ import annotations

import dataclasses
import gc
import json
import os
import pickle
import random
import subprocess
import sys
import types
from pathlib import Path

import pytest

from hearts import Deal, Game, Pass, Phase, variants
from hearts.deal import PythonDeal
from hearts.errors import HeartsError, IllegalMove
from hearts.events import Passed
from hearts.hand.choices import PassChoices
from hearts.hand.core import _SLOTS, CARD, CARD_PLAYED, SPEEDUPS, TRICK

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
PURE = os.environ.get("HEARTS_PURE", "") not in ("", "0")


def _pure_env() -> dict[str, str]:
    env = dict(os.environ, HEARTS_PURE="1")
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), str(TESTS), str(TESTS / "hand")])
    return env


def _fingerprint(deal: Deal) -> str:
    """Everything a position shows: phase, seat to act, hands, trick, tricks, points, events."""
    return repr(
        (
            deal.phase.value,
            deal.to_act,
            [str(deal.hand(seat)) for seat in deal.seats],
            [str(card) for _, card in deal.trick],
            [(t.leader, t.winner, [str(c) for c in t.cards]) for t in deal.tricks],
            deal.penalties(),
            deal.hearts_broken,
            len(deal.events),
            deal.moves_made,
        )
    )


def _moves(deal: Deal) -> list[str]:
    moves = deal.legal_moves()
    if len(moves) > 20:  # (a pass phase's choices: their count and ends tell them apart)
        return [str(len(moves)), str(moves[0]), str(moves[-1])]
    return [str(move) for move in moves]


def trace(games: int = 2, steps: int = 260) -> list[str]:
    """Random games of every preset and player count, and what the engine said at each step."""
    lines: list[str] = []
    for name in variants.names():
        for players in variants.variant(name).players:
            rules = variants.for_players_named(name, players)
            for seed in range(games):
                rng = random.Random(f"{name}/{players}/{seed}")
                game = Game(rules, seed=seed)
                lines.append(f"{name} {players} {seed}")
                for _ in range(steps):
                    if game.is_over:
                        break
                    deal = game.deal
                    moves = deal.legal_moves()
                    lines.append(f"{deal.phase.value} {deal.to_act} {_moves(deal)}")
                    if not moves:
                        break
                    roll = rng.random()
                    if roll < 0.15:
                        # a search: a copy, a few moves on it, taken back
                        other = deal.copy()
                        played = 0
                        for _ in range(rng.randrange(1, 9)):
                            choices = other.legal_moves()
                            if not choices:
                                break
                            lines.append(str(other.play(rng.choice(choices))))
                            played += 1
                        lines.append(_fingerprint(other))
                        for _ in range(played):
                            other.undo()
                        lines.append(_fingerprint(other))
                        assert _fingerprint(other) == _fingerprint(deal)
                    elif roll < 0.25 and deal.moves_made and not deal.closed:
                        deal.undo()  # take a move back, then go on from there
                        lines.append("undo " + _fingerprint(deal))
                        continue
                    elif roll < 0.35 and deal.phase is Phase.PASS:
                        # a pass by a seat named (the one to act or not), of cards it may or
                        # may not hold, or of too few: made, or refused with nothing changed
                        seat = rng.randrange(deal.players)
                        held = list(deal.hand(seat))
                        count = len(moves[0].cards) - (rng.random() < 0.2)
                        cards = rng.sample(held, min(count, len(held)))
                        if rng.random() < 0.2:
                            cards[0] = rng.choice(list(deal.hand(deal.to_act)))
                        before = _fingerprint(deal)
                        try:
                            lines.append(f"passed by {seat}: {game.play(Pass(cards), seat)}")
                        except HeartsError as refusal:
                            lines.append(f"refused a pass by {seat}: {refusal}")
                            assert _fingerprint(deal) == before
                        continue
                    elif roll < 0.45 and deal.to_act is not None:
                        held = list(deal.hand(deal.to_act))
                        if held:
                            card = rng.choice(held)
                            before = _fingerprint(deal)
                            try:
                                deal.play(card)
                            except IllegalMove as refusal:
                                lines.append(f"refused {card}: {refusal}")
                                assert _fingerprint(deal) == before
                            else:
                                lines.append(f"played {card}")
                            continue
                    lines.append(str(game.play(rng.choice(list(moves)))))
                lines.append(_fingerprint(game.deal))
    return lines


def test_the_accelerator_is_built_and_in_use() -> None:
    """A clean install builds the C accelerator (gcc and Python's headers are all it needs) and
    the engine uses it; ``HEARTS_PURE=1`` is the only way to turn it off."""
    if PURE:
        assert SPEEDUPS is None
        return
    assert SPEEDUPS is not None, (
        "the C accelerator hearts.hand._speedups was not built: install a C compiler and "
        "Python's headers and reinstall (pip install -e .), or set HEARTS_PURE=1 to test the "
        "pure Python engine alone"
    )
    # The class is chosen, not patched: the C fast paths come first in Deal's bases, and
    # PythonDeal keeps its own methods, where every other call goes.
    assert Deal.__mro__[1:3] == (SPEEDUPS.FastPaths, PythonDeal)
    for name in ("play", "legal_moves", "undo", "copy"):
        assert name not in Deal.__dict__
        assert getattr(Deal, name) is getattr(SPEEDUPS.FastPaths, name)
        assert isinstance(PythonDeal.__dict__[name], types.FunctionType)
    assert not hasattr(Deal, "_play_py")


@pytest.mark.skipif(PURE, reason="the C type is not in use")
def test_the_c_type_holds_every_slot_of_the_python_one() -> None:
    """The C struct's members and HandCore's slots are one list of names, written twice (in C
    and in Python): a name added to one and not the other fails here."""
    assert SPEEDUPS is not None
    members = {
        name
        for name, value in vars(SPEEDUPS.Core).items()
        if isinstance(value, types.MemberDescriptorType)
    }
    assert members == set(_SLOTS)


def test_hearts_pure_turns_the_accelerator_off() -> None:
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "from hearts import Deal; from hearts.deal import PythonDeal; "
            "from hearts.hand.core import SPEEDUPS; "
            "print(SPEEDUPS, Deal.play is PythonDeal.play, Deal.__mro__[1].__name__)",
        ],
        env=_pure_env(),
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert out == ["None", "True", "_NoFastPaths"]


def _both_ways(seed: int) -> list[str]:
    """One random modern hand played through Deal and through PythonDeal side by side: every
    legal move, event, refusal, copy and undo compared (the same process, the same state type;
    with the accelerator in use, Deal takes the C paths and PythonDeal the Python ones)."""
    rng = random.Random(seed)
    rules = variants.get("modern")
    game = Game(rules, seed=seed)
    hands = [str(game.deal.hand(s)) for s in game.deal.seats]
    direction = ("left", "right", "across", "hold")[seed % 4]
    fast = Deal.from_hands(rules, hands, pass_direction=direction)
    slow = PythonDeal.from_hands(rules, hands, pass_direction=direction)
    assert type(fast) is Deal and type(slow) is PythonDeal
    lines = []
    while not fast.is_over:
        moves = fast.legal_moves()
        assert _moves(slow) == _moves(fast) and _fingerprint(slow) == _fingerprint(fast)
        roll = rng.random()
        if roll < 0.2 and fast.phase is Phase.PLAY:  # a search: copy, play, undo, both ways
            for deal in (fast, slow):
                other = deal.copy()
                assert type(other) is type(deal)
                other.play(moves[-1])
                lines.append(_fingerprint(other))
                other.undo()
                assert _fingerprint(other) == _fingerprint(deal)
        elif roll < 0.3 and fast.moves_made:
            fast.undo()
            slow.undo()
            continue
        elif roll < 0.45 and fast.phase is Phase.PLAY:  # a card that may be refused
            card = rng.choice(list(fast.hand(fast.to_act)))
            said = []
            for deal in (fast, slow):
                try:
                    said.append(str(deal.play(card)))
                except IllegalMove as refusal:
                    said.append(f"refused: {refusal} ({refusal.seat}, {refusal.move})")
            assert said[0] == said[1]
            lines.append(said[0])
            continue
        move = rng.choice(list(moves))
        assert str(fast.play(move)) == str(slow.play(move))
        lines.append(str(move))
    assert fast.events == slow.events and fast.points() == slow.points()
    return lines


def test_deal_and_python_deal_play_alike_in_one_process() -> None:
    """Deal (the C fast paths when in use) and PythonDeal (the one Python trick loop), the
    same hands and moves, side by side: the same moves, events, refusals, copies and undos."""
    played = sum(len(_both_ways(seed)) for seed in range(24))
    assert played > 24 * 52


@pytest.mark.skipif(
    PURE, reason="compares the accelerator with pure Python: run without HEARTS_PURE"
)
def test_every_preset_plays_the_same_in_c_and_in_python() -> None:
    """Every preset and player count, with copies, undos and refused cards: the same lines."""
    assert SPEEDUPS is not None
    script = "import json, test_speedups; print(json.dumps(test_speedups.trace()))"
    pure = subprocess.run(
        [sys.executable, "-c", script],
        env=_pure_env(),
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    theirs = json.loads(pure.stdout)
    ours = trace()
    assert len(ours) > 5000
    for at, (mine, pure_line) in enumerate(zip(ours, theirs, strict=False)):
        assert mine == pure_line, f"line {at}: C {mine!r}, Python {pure_line!r}"
    assert len(ours) == len(theirs)


@pytest.mark.slow
@pytest.mark.skipif(PURE, reason="already pure")
def test_the_engine_tests_pass_in_pure_python() -> None:
    """The pure Python engine is still the whole engine: its move generation (perft), golden
    games, hands and OpenSpiel's agreement pass with the accelerator off."""
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/test_perft.py",
            "tests/test_golden.py",
            "tests/test_deal.py",
            "tests/test_openspiel_differential.py",
            "tests/test_state_machine.py",
        ],
        env=_pure_env(),
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]


def test_the_fast_path_keeps_no_reference_it_should_not() -> None:
    """Hands played, copied and undone, then dropped: every shared object's reference count is
    back where it was (a leak in the C code would raise them with every card)."""
    watched = [CARD, TRICK, *CARD_PLAYED[:64], *CARD_PLAYED[128:192], Pass, PassChoices, Passed]
    gc.collect()
    before = [sys.getrefcount(thing) for thing in watched]
    _play_copy_and_undo(40)
    gc.collect()
    after = [sys.getrefcount(thing) for thing in watched]
    assert after == before


@pytest.mark.skipif(PURE, reason="the C maker of views is not in use")
def test_a_view_made_in_c_is_the_view_python_makes() -> None:
    """The views (made for every seat at every move) have their slots set in one C call: every
    preset's seat and public views, at every step of a hand, equal the dataclass made by its
    own ``__init__`` field for field (the same objects), a field left out takes its default,
    a missing or unknown field is refused with the Python maker's sentence, a mapping other
    than a plain dict is read by the Python maker, and nothing is kept (reference counts come
    back)."""
    from hearts import observation

    made = 0
    for name in variants.names():
        game = Game(variants.get(name), seed=3)
        deal = game.deal
        rng = random.Random(len(name))
        while not deal.is_over and made < 20_000:
            for seat in range(deal.players):
                view = deal.view(seat)
                fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}
                again = observation.make_seat_view(dict(fields))
                assert again == observation.SeatView(**fields)
                assert all(getattr(again, key) is value for key, value in fields.items())
                made += 1
            public = deal.public_view()
            fields = {f.name: getattr(public, f.name) for f in dataclasses.fields(public)}
            assert observation.make_public_view(fields) == observation.PublicView(**fields)
            seat = next(s for s in range(deal.players) if deal.legal_moves(s))
            deal.play(rng.choice(list(deal.legal_moves(seat))), seat)
    view = Game(variants.get("modern"), seed=1).deal.view(0)
    fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}
    del fields["widow"]
    assert observation.make_seat_view(dict(fields)).widow is None
    with pytest.raises(TypeError, match="SeatView has no field 'nonsense'"):
        observation.make_seat_view({**fields, "nonsense": 1})
    del fields["hand"]
    with pytest.raises(TypeError, match="SeatView needs its field 'hand'"):
        observation.make_seat_view(fields)
    full = {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}

    class Told(dict):  # type: ignore[type-arg]  # (a dict of its own kind: read its own way)
        def get(self, key: object, default: object = None) -> object:
            return "told" if key == "commitment" else super().get(key, default)

    assert observation.make_seat_view(types.MappingProxyType(full)) == view  # type: ignore[arg-type]
    without = {key: value for key, value in full.items() if key != "commitment"}
    assert observation.make_seat_view(Told(without)).commitment == "told"
    marker = ("a value", "of no other view")
    fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(view)} | {"events": marker}
    gc.collect()
    before = sys.getrefcount(marker)
    views = [observation.make_seat_view(fields) for _ in range(1000)]
    assert sys.getrefcount(marker) == before + 1000
    del views
    gc.collect()
    assert sys.getrefcount(marker) == before


def _play_copy_and_undo(games: int) -> None:
    rules = variants.get("modern")
    rng = random.Random(5)
    for seed in range(games):
        game = Game(rules, seed=seed)
        deal = game.deal
        while not deal.is_over:
            moves = deal.legal_moves()
            for move in moves[:3]:
                other = deal.copy()
                other.play(move)
                other.legal_moves()
                other.undo()
            deal.play(rng.choice(moves))
            if rng.random() < 0.1 and not deal.closed:
                deal.undo()


def test_a_deal_pickles_and_copies_whichever_holds_its_state() -> None:
    """pickle and copy.deepcopy save a deal's state from its slots or the C type's members."""
    import copy

    deal = Deal.from_hands(
        variants.get("modern"),
        [
            "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
            "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD",
            "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
            "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
        ],
        pass_direction="hold",
    )
    deal.play("2C")
    for other in (pickle.loads(pickle.dumps(deal)), copy.deepcopy(deal)):
        assert _fingerprint(other) == _fingerprint(deal)
        other.play(other.legal_moves()[0])
        assert _fingerprint(other) != _fingerprint(deal)


@pytest.mark.skipif(SPEEDUPS is None, reason="the C accelerator is not in use")
def test_is_over_in_c_says_what_the_python_property_says() -> None:
    """A loop that plays a hand to its end reads is_over after every move: the C getter says
    what PythonDeal.is_over says at every step, the last one too."""
    rng = random.Random(8)
    for seed in range(4):
        deal = Game(variants.get("modern"), seed=seed).deal.copy()
        assert type(deal).is_over is not PythonDeal.is_over  # (the C getter is found first)
        while True:
            assert deal.is_over is PythonDeal.is_over.fget(deal)  # type: ignore[attr-defined]
            if deal.is_over:
                break
            deal.play(rng.choice(deal.legal_moves()))
