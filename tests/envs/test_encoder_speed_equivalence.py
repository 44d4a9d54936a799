"""The observation encoder kept from view to view (hearts.envs.aec.Encoder, which reads only
what each view adds and keeps its places per seat) writes, for every preset at every player
count, every seat and every step of random games, the very vector a fresh encoder writes: with
the cards chosen for a pass, across hands, across tables sharing one encoder, and with totals
past their bounds (clipped)."""

from __future__ import annotations

import dataclasses
import random

import numpy as np
import pytest

from hearts import Game, variants
from hearts.cards import CardSet
from hearts.envs.aec import Encoder, encode, layout, observation_bounds
from hearts.observation import SeatView

from .encode_reference import reference_encode

TABLES = [
    (name, players) for name in variants.names() for players in variants.variant(name).players
]
STEPS = 130
"""Moves played in each game (past the first hand of most forms)."""


def _check(encoder: Encoder, view: SeatView, choosing: CardSet = CardSet()) -> None:  # noqa: B008
    vector = encoder.encode(view, choosing)
    fresh = Encoder().encode(view, choosing)
    assert vector.dtype == fresh.dtype == np.float32
    assert np.array_equal(vector, fresh)


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_a_warm_encoder_writes_what_a_fresh_one_does(name: str, players: int) -> None:
    rules = variants.for_players_named(name, players)
    game = Game(rules, seed=players)
    rng = random.Random(f"{name}/{players}")
    encoders = [Encoder() for _ in range(players)]
    shared = Encoder()  # (one encoder for every seat in turn: it reads each from the start)
    for step in range(STEPS):
        for seat in range(players):
            view = game.view(seat)
            _check(encoders[seat], view)
            _check(shared, view)
            if view.hand and rng.random() < 0.2:
                cards = list(view.hand)
                _check(encoders[seat], view, CardSet(rng.sample(cards, min(3, len(cards)))))
            if step % 25 == 0:
                assert np.array_equal(encode(view), reference_encode(view))
        if game.is_over or game.to_act is None:
            break
        moves = game.legal_moves(game.to_act)
        game.play(moves[rng.randrange(len(moves))], game.to_act)


def test_one_encoder_reads_every_table_in_turn() -> None:
    encoder = Encoder()
    for name, players in TABLES:
        game = Game(variants.for_players_named(name, players), seed=1)
        for _ in range(8):
            _check(encoder, game.view(game.to_act or 0))
            moves = game.legal_moves(game.to_act)
            game.play(moves[0], game.to_act)
        _check(encoder, game.view(players - 1))


@pytest.mark.parametrize("name", ["modern", "spot", "omnibus", "auction"])
def test_totals_past_their_bounds_are_clipped_alike_warm_or_fresh(name: str) -> None:
    rules = variants.get(name)
    game = Game(rules, seed=2)
    encoder = Encoder()
    fields = layout(rules.players)
    low, high = observation_bounds(rules)
    totals = [(-(10**6), 5, 10**6, 0), (0, 0, 0, 0), (3, -7, 10**9, -(10**9))]
    for scores in totals * 2:
        view = dataclasses.replace(
            game.view(0), scores=scores[: rules.players], pool=scores[2] // 3
        )
        _check(encoder, view)
        vector = encoder.encode(view)
        for part in ("scores", "pool"):
            cut = fields[part]
            assert (low[cut] <= vector[cut]).all() and (vector[cut] <= high[cut]).all()
        _check(encoder, game.view(0))  # (the same scores tuple again, unclipped)
