"""The encoder's C assembly (``hearts.envs._vector.encode_rest``, used by
hearts.envs.aec.Encoder.encode when the accelerator is built and ``HEARTS_PURE`` unset) writes,
for every preset at every player count, every seat and every step of random hands, the very
vector of the pure Python assembly (``Encoder._assemble``, the reference): with cards chosen
for a pass or discard, the end of a hand (no seat to act), totals far past their bounds
(clipped), the auction's bids and the widow. It raises, never crashes, on what is no view, and
keeps no reference to what it reads."""

from __future__ import annotations

import dataclasses
import gc
import os
import random
import subprocess
import sys
import tracemalloc

import numpy as np
import pytest

from hearts import Game, variants
from hearts.cards import CardSet
from hearts.envs import encoding
from hearts.envs.aec import Encoder, layout
from hearts.hand.choices import PassChoices
from hearts.observation import SeatView

TABLES = [
    (name, players) for name in variants.names() for players in variants.variant(name).players
]
STEPS = 160
"""Moves played in each game (past the first hand of most forms)."""

PURE = os.environ.get("HEARTS_PURE", "") not in ("", "0")
needs_c = pytest.mark.skipif(
    encoding._ENCODE_REST is None, reason="the C assembly is not built (or HEARTS_PURE)"
)

# Totals far past every form's bounds (and past a C long long), each side.
WILD_TOTALS = (10**6, -(10**6), 2**70, -(2**70), 3, -7, 0)


def _same(encoder: Encoder, view: SeatView, choosing: CardSet = CardSet()) -> np.ndarray:  # noqa: B008
    """The C assembly's vector (a warm encoder) is the reference's, and a fresh pure encoder's."""
    fast = encoder.encode(view, choosing)
    slow = encoder._assemble(view, choosing, encoder._kept)
    assert fast.dtype == slow.dtype == np.float32
    assert fast.shape == slow.shape
    assert np.array_equal(fast, slow), np.flatnonzero(fast != slow)
    saved = encoding._ENCODE_REST
    encoding._ENCODE_REST = None
    try:
        pure = Encoder().encode(view, choosing)
    finally:
        encoding._ENCODE_REST = saved
    assert np.array_equal(fast, pure)
    return fast


def _choices(view: SeatView, rng: random.Random) -> list[CardSet]:
    """Cards chosen so far for a pass or discard: at the seat's pass, each partial choice a
    sequential pass goes through; elsewhere, now and then a few cards of the hand."""
    cards = list(view.hand)
    if not cards:
        return [CardSet()]
    legal = view.legal_moves
    if isinstance(legal, PassChoices) and view.to_act == view.seat:
        rng.shuffle(cards)
        return [CardSet(cards[:k]) for k in range(min(legal.per_choice, len(cards)))]
    if rng.random() < 0.2:
        return [CardSet(rng.sample(cards, min(3, len(cards))))]
    return [CardSet()]


@needs_c
@pytest.mark.parametrize(("name", "players"), TABLES)
def test_the_c_assembly_writes_the_pure_vector(name: str, players: int) -> None:
    rules = variants.for_players_named(name, players)
    game = Game(rules, seed=players + 11)
    rng = random.Random(f"c/{name}/{players}")
    encoders = [Encoder() for _ in range(players)]
    fields = layout(players)
    seen = {"choosing": 0, "auction": 0, "widow": 0, "over": 0, "clipped": 0}
    for step in range(STEPS):
        deal = game.deal
        for seat in range(players):
            view = game.view(seat)
            for choosing in _choices(view, rng):
                vector = _same(encoders[seat], view, choosing)
                seen["choosing"] += bool(vector[fields["choosing"]].any())
            seen["auction"] += view.auction is not None and bool(vector[fields["has_bid"]].any())
            seen["widow"] += view.widow is not None and bool(vector[fields["widow_size"]].any())
            if step % 7 == seat % 7:  # (totals past their bounds, both ways: clipped)
                scores = tuple(rng.choice(WILD_TOTALS) for _ in range(players))
                wild = dataclasses.replace(
                    view, scores=scores, pool=rng.choice(WILD_TOTALS), jack=not view.jack
                )
                _same(Encoder(), wild)
                _same(encoders[seat], wild)
                seen["clipped"] += 1
        if game.is_over or game.to_act is None:
            break
        moves = game.legal_moves(game.to_act)
        game.play(moves[rng.randrange(len(moves))], game.to_act)
        if deal.is_over:  # (the hand's end, as each seat saw it: no seat to act)
            for seat in range(players):
                _same(encoders[seat], deal.view(seat))
                seen["over"] += 1
    assert seen["choosing"] and seen["clipped"]
    if rules.auction is not None:
        assert seen["auction"]


def test_the_forms_tested_have_auctions_widows_and_ends_of_hands() -> None:
    """(What the test above goes through, somewhere among the presets.)"""
    auction = widow = taker = over = False
    for name, players in TABLES:
        game = Game(variants.for_players_named(name, players), seed=players + 11)
        rng = random.Random(f"c/{name}/{players}")
        for _ in range(STEPS):
            deal = game.deal
            view = game.view(0)
            auction |= view.auction is not None and view.auction.bidder is not None
            widow |= view.widow is not None and view.widow.size > 0
            taker |= view.widow is not None and view.widow.taker is not None
            if game.is_over or game.to_act is None:
                break
            moves = game.legal_moves(game.to_act)
            game.play(moves[rng.randrange(len(moves))], game.to_act)
            over |= deal.is_over and deal.view(0).to_act is None
    assert auction and widow and taker and over


@needs_c
def test_the_c_assembly_raises_on_what_is_no_view() -> None:
    game = Game(variants.get("modern"), seed=3)
    view = game.view(0)
    encoder = Encoder()
    encoder.encode(view)
    at, kept, clip = encoder._at, encoder._kept, encoder._clip
    rest = encoding._ENCODE_REST
    out = np.zeros(at.size, np.float32)
    with pytest.raises(ValueError, match="float32"):
        rest(np.zeros(at.size, np.float64), at.packed, kept, view, CardSet(), clip)
    with pytest.raises(ValueError, match="float32"):
        rest(np.zeros(at.size - 1, np.float32), at.packed, kept, view, CardSet(), clip)
    with pytest.raises(TypeError):
        rest(out, b"", kept, view, CardSet(), clip)
    with pytest.raises(TypeError):
        rest(out, at.packed, kept, view, CardSet(), (0, 1))
    with pytest.raises(TypeError):
        rest(out, at.packed, kept, view, CardSet())
    with pytest.raises(AttributeError):
        rest(out, at.packed, kept, object(), CardSet(), clip)
    with pytest.raises(ValueError, match="below 0"):
        rest(out, at.packed, -1, view, CardSet(), clip)
    with pytest.raises(OverflowError):
        rest(out, at.packed, 1 << (at.size + 8), view, CardSet(), clip)
    with pytest.raises(TypeError):
        rest(out, at.packed, "bits", view, CardSet(), clip)
    with pytest.raises(IndexError):
        rest(out, at.packed, kept, dataclasses.replace(view, to_act=9), CardSet(), clip)
    with pytest.raises(ValueError):
        rest(out, at.packed, kept, dataclasses.replace(view, penalties=(0,)), CardSet(), clip)
    with pytest.raises(ValueError):
        rest(
            out,
            at.packed,
            kept,
            dataclasses.replace(view, pass_direction="sideways"),
            CardSet(),
            clip,
        )
    with pytest.raises(TypeError):
        rest(out, at.packed, kept, dataclasses.replace(view, scores=("a",) * 4), CardSet(), clip)
    # (After all that, it still writes the vector.)
    rest(out, at.packed, kept, view, CardSet(), clip)
    assert np.array_equal(out, encoder._assemble(view, CardSet(), kept))


def _views_to_count() -> list[SeatView]:
    """Views with something in every field the assembly reads: a trick on the table, a pass
    made and received, an auction and a widow."""
    views = []
    for name, players in (("modern", 4), ("auction", 4), ("heartsette", 4), ("cancellation", 6)):
        game = Game(variants.for_players_named(name, players), seed=5)
        rng = random.Random(name)
        for _ in range(40):
            if game.is_over or game.to_act is None:
                break
            moves = game.legal_moves(game.to_act)
            game.play(moves[rng.randrange(len(moves))], game.to_act)
        view = game.view(game.to_act or 0)
        # Objects of its own (no small int or shared tuple), whose counts only the encoder moves.
        view = dataclasses.replace(
            view,
            scores=tuple(10**9 + seat for seat in range(players)),
            pool=10**9 + 7,
            penalties=tuple(view.penalties),
        )
        views.append(view)
    return views


@needs_c
def test_the_c_assembly_keeps_no_reference() -> None:
    for view in _views_to_count():
        encoder = Encoder()
        choosing = CardSet(list(view.hand)[:2])
        encoder.encode(view, choosing)
        objects = [view, choosing, choosing.mask, encoder._at.packed, encoder._clip]
        for field in dataclasses.fields(view):
            value = getattr(view, field.name)
            objects.append(value)
            if isinstance(value, tuple):
                objects.extend(value)
            for inner in ("mask", "bids", "size", "taker", "bidder", "named_suit", "high_bid"):
                if hasattr(value, inner):
                    objects.append(getattr(value, inner))
        objects.append(encoder._kept)
        # (Not None, the booleans, small ints or enum members: shared everywhere, their counts
        # move with anything.)
        objects = [thing for thing in objects if sys.getrefcount(thing) < 1000]
        assert len(objects) > 20
        gc.collect()
        before = [sys.getrefcount(thing) for thing in objects]
        for _ in range(2000):
            encoder.encode(view, choosing)
        gc.collect()
        after = [sys.getrefcount(thing) for thing in objects]
        assert after == before


@needs_c
def test_the_c_assembly_leaks_no_memory() -> None:
    views = _views_to_count()
    encoders = [Encoder() for _ in views]
    for encoder, view in zip(encoders, views, strict=True):
        encoder.encode(view)
    gc.collect()
    tracemalloc.start()
    try:
        for _ in range(3):
            for encoder, view in zip(encoders, views, strict=True):
                encoder.encode(view)
        gc.collect()
        start, _ = tracemalloc.get_traced_memory()
        for _ in range(5000):
            for encoder, view in zip(encoders, views, strict=True):
                encoder.encode(view)
        gc.collect()
        end, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert end - start < 20_000  # (20,000 vectors made and dropped: nothing kept of them)


def test_hearts_pure_turns_the_c_assembly_off() -> None:
    code = "from hearts.envs import encoding; print(encoding._ENCODE_REST is None)"
    env = dict(os.environ, HEARTS_PURE="1")
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "True"


def test_the_c_assembly_is_in_use_where_the_accelerator_is() -> None:
    """Built with the vector environment's C stepping, and off with it (``HEARTS_PURE``)."""
    from hearts.envs.vector import ACCELERATOR

    if PURE:
        assert encoding._ENCODE_REST is None
    else:
        assert (encoding._ENCODE_REST is None) == (ACCELERATOR is None)
