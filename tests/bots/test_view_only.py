"""Bots see only their seat's view: nothing behind a view leads to another seat's hidden cards,
and every bot answers every phase of every preset with a legal move (hypothesis)."""

from __future__ import annotations

import dataclasses
import enum
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hearts import Game, bots, variants
from hearts.cards import Card, CardSet
from hearts.deal import Deal
from hearts.events import CardsKept, Discarded, StockDrawn
from hearts.game import Game as GameClass
from hearts.moves import Claim
from hearts.observation import SeatView
from hearts.rules import Rules


def reachable(root: object) -> list[object]:
    """Every object reachable from a view through its fields, tuples, lists and dicts."""
    seen: set[int] = set()
    out: list[object] = []
    stack = [root]
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, str | int | float | bool | enum.Enum | type(None)):
            if isinstance(item, Card):  # a Card is an int: keep it
                out.append(item)
            continue
        seen.add(id(item))
        out.append(item)
        if dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(getattr(item, f.name) for f in dataclasses.fields(item))
        elif isinstance(item, tuple | list | set | frozenset):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, CardSet):
            stack.extend(item)
    return out


def known_to(view: SeatView) -> int:
    """The cards a seat may know: its own (held, dealt, passed, received, discarded after taking
    Heartsette's widow, drawn), every card played, exposed cards, and the cards the rules name."""
    mask = view.hand.mask | view.dealt.mask | view.played_cards().mask
    for event in view.events:
        if isinstance(event, Discarded | CardsKept) and event.seat == view.seat:
            mask |= event.cards.mask
        if isinstance(event, CardsKept):  # Domino's keeper's cards are shown
            mask |= event.cards.mask
        if isinstance(event, StockDrawn) and event.card is not None:  # its own draws, face up
            mask |= 1 << event.card
    for cards in (view.passed, view.received, *(view.laws.exposed if view.laws else ())):
        if cards is not None:
            mask |= cards.mask
    rules: Rules = view.rules
    for card, _ in rules.card_values:
        mask |= 1 << card
    for card in rules.removed:
        mask |= 1 << card
    return mask | 1 << rules.lowest_club  # (the card that leads the first trick, by the rules)


PRESETS = variants.names()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), name=st.sampled_from(PRESETS), steps=st.integers(0, 60))
def test_nothing_in_a_view_reaches_another_seats_hidden_cards(
    seed: int, name: str, steps: int
) -> None:
    game = Game(variants.get(name), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()), game.to_act)
    for seat in range(game.players):
        view = game.view(seat)
        allowed = known_to(view)
        for item in reachable(view):
            assert not isinstance(item, Deal | GameClass), "a view leads to the deal or the game"
            if isinstance(item, Card):
                assert allowed >> item & 1, f"seat {seat}'s view holds {item.symbol}"
            if isinstance(item, CardSet):
                assert not item.mask & ~allowed, f"seat {seat}'s view holds {item}"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31),
    name=st.sampled_from(PRESETS),
    bot=st.sampled_from(bots.names()),
    laws=st.booleans(),
)
def test_every_bot_answers_every_phase_of_a_hand_with_a_legal_move(
    seed: int, name: str, bot: str, laws: bool
) -> None:
    rules = variants.get(name).replace(laws=laws)
    game = Game(rules, seed=seed)
    players = [bots.get(bot, seed=seed + seat, samples=1) for seat in range(rules.players)]
    while not game.is_over and game.hand_number < 1:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        move = players[seat].choose(view)
        # A move the view offers, or under the laws a claim of a revoke (never in legal_moves).
        if move not in view.legal_moves:
            assert laws and isinstance(move, Claim), (view.phase, move)
        assert game.can_play(move, seat), (view.phase, move)
        game.play(move, seat)
