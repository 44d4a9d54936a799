"""A stateful property test: random games of every preset, at every table its form allows, with
or without the laws option, driven through the public API by a hypothesis state machine that
interleaves moves, undo, copies, views and records (docs/architecture.md principles 3–5, docs/rules.md §1–7).

The state is a :class:`hearts.Game` dealt from a drawn seed. Its rules are

- **play**: a legal move chosen by a drawn index (in the pass phase by a drawn seat still to
  pass), checked to follow suit (docs/rules.md §2.2–2.3) before it is made;
- **finish the hand**: random legal moves to the end of the hand in progress, the invariants
  checked after each, so hand boundaries, settlements and the end of a game are reached;
- **undo**: ``game.undo()``, up to eight times, gives back exactly the position saved before
  each move taken back (and with nothing to undo, refuses and changes nothing); every move is
  also taken back and made again at once, which must give the same positions;
- **copy**: a move played on ``deal.copy()`` leaves the original and its game unchanged, the
  copy's undo brings it back to the original, and the same move on the game gives the same
  events;
- **view**: no seat's view shows a card it may not see (:func:`invariants.check_view`);
- **record**: ``hearts.record.dumps`` then ``loads`` gives a game with equal events, scores and
  position.

After every step the invariants of ``tests/invariants.py`` hold: every card of the pack in
exactly one place (§1.1, §1.5, §4.1, §6.2), each trick one card from each seat in turn taken by
the right card (§2.2–2.5, §7), and each finished hand's penalties (§3.7, §6.4–6.5) and
settlement (§3.1–3.6, law 29) as they should be.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

import hearts
from hearts import Card, Game, IllegalMove, Phase, variants
from hearts.events import HandSettled, ShuffleCommitted
from invariants import (
    check_cards_conserved,
    check_follows_suit,
    check_penalties,
    check_settlement,
    check_tricks,
    check_view,
    deal_fingerprint,
    game_fingerprint,
    starting_totals,
)

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
INDEXES = st.integers(min_value=0, max_value=2**16)
EXAMPLES = 12
"""Games per preset (24 presets: 288 games, 40-50 s on a shared, loaded 2-core machine)."""
STEPS = 50
"""Rules applied in each game; one may play a whole hand (``finish_hand``)."""


def choose(game: Game, seat_index: int, move_index: int) -> tuple[int, object]:
    """The seat and move picked by two drawn indexes: in the pass phase a seat still to pass,
    else the seat to act; then one of its legal moves (a pass phase's lazy sequence indexed)."""
    deal = game.deal
    if deal.phase is Phase.PASS:
        waiting = [s for s in deal.seats if deal.passed(s) is None]
        seat = waiting[seat_index % len(waiting)]
    else:
        seat = game.to_act  # type: ignore[assignment]
    moves = game.legal_moves(seat)
    assert len(moves) > 0, f"seat {seat} has no legal move in {deal!r}"
    return seat, moves[move_index % len(moves)]


class HeartsMachine(RuleBasedStateMachine):
    """Random play of one game of the preset ``name``, every step checked (see the module's
    docstring); its table is drawn from those the form allows, and the laws option is drawn."""

    name = "modern"

    def __init__(self) -> None:
        super().__init__()
        self.game: Game
        self.saved: list[tuple] = []
        """The game's fingerprint before each move not taken back, the last move's last."""
        self.settled = 0
        """How many hands have been checked after their settlement."""

    @initialize(table=st.integers(min_value=0, max_value=10), laws=st.booleans(), seed=SEEDS)
    def deal(self, table: int, laws: bool, seed: int) -> None:
        allowed = variants.variant(self.name).players
        rules = variants.for_players_named(self.name, allowed[table % len(allowed)])
        if laws:
            rules = rules.replace(laws=True)
        self.game = Game(rules, seed=seed)
        assert list(self.game.scores) == starting_totals(rules)

    # ------------------------------------------------------------------ moves

    def _play(self, seat: int, move: object) -> None:
        """Make a move, checked: it follows suit; taken back at once it gives back the position
        before it, and made again the same position after it (undo and replay, every move)."""
        game = self.game
        assert game.can_play(move, seat)  # type: ignore[arg-type]
        if isinstance(move, Card):
            check_follows_suit(game.deal, seat, move)
        before = game_fingerprint(game)
        game.play(move, seat)  # type: ignore[arg-type]
        after = game_fingerprint(game)
        game.undo()
        assert game_fingerprint(game) == before, f"undoing {move} by seat {seat} differs"
        game.play(move, seat)  # type: ignore[arg-type]
        assert game_fingerprint(game) == after, f"{move} by seat {seat} again differs"
        self.saved.append(before)
        self._check_settled()

    def _check_settled(self) -> None:
        """Check every hand settled since the last check: its penalties and its settlement."""
        game = self.game
        settled = [e for e in game.events if isinstance(e, HandSettled)]
        for number in range(self.settled, len(settled)):
            deal = game.hands[number]
            assert deal.is_over and deal.hand_number == number
            check_penalties(deal)
            before = settled[number - 1] if number else None
            totals = list(before.totals) if before else starting_totals(game.rules)
            check_settlement(game, deal, totals, before.pool if before else 0)
        self.settled = len(settled)

    @precondition(lambda self: not self.game.is_over)
    @rule(seat_index=INDEXES, move_index=INDEXES)
    def play(self, seat_index: int, move_index: int) -> None:
        self._play(*choose(self.game, seat_index, move_index))

    @precondition(lambda self: not self.game.is_over)
    @rule(seed=SEEDS)
    def finish_hand(self, seed: int) -> None:
        rng = random.Random(seed)
        game = self.game
        number = game.hand_number
        while not game.is_over and game.hand_number == number:
            self._play(*choose(game, rng.randrange(2**16), rng.randrange(2**16)))
            check_cards_conserved(game.deal)

    @precondition(lambda self: bool(self.saved))
    @rule(count=st.integers(min_value=1, max_value=8))
    def undo(self, count: int) -> None:
        for _ in range(min(count, len(self.saved))):
            self.game.undo()
            assert game_fingerprint(self.game) == self.saved.pop()
        self.settled = min(self.settled, sum(isinstance(e, HandSettled) for e in self.game.events))

    @precondition(lambda self: not self.saved)
    @rule()
    def undo_with_nothing_to_undo(self) -> None:
        before = game_fingerprint(self.game)
        with pytest.raises(IllegalMove):
            self.game.undo()
        assert game_fingerprint(self.game) == before

    # ------------------------------------------------------------------ copies, views, records

    @precondition(lambda self: not self.game.is_over)
    @rule(seat_index=INDEXES, move_index=INDEXES)
    def copy_and_play(self, seat_index: int, move_index: int) -> None:
        game = self.game
        deal = game.deal
        original, whole = deal_fingerprint(deal), game_fingerprint(game)
        copy = deal.copy()
        assert deal_fingerprint(copy) == original
        seat, move = choose(game, seat_index, move_index)
        copy.play(move, seat)  # type: ignore[arg-type]
        assert deal_fingerprint(deal) == original, "a move on the copy changed the original"
        assert game_fingerprint(game) == whole, "a move on the copy changed the game"
        assert copy.moves_made == deal.moves_made + 1
        after = copy.events
        copy.undo()
        assert deal_fingerprint(copy) == original
        game.play(move, seat)  # type: ignore[arg-type]
        assert deal.events == after, "the same move on the game and on its copy differ"
        game.undo()
        assert game_fingerprint(game) == whole

    @rule()
    def view_every_seat(self) -> None:
        game = self.game
        for seat in range(game.players):
            check_view(game.deal, seat)
            view = game.view(seat)
            commitments = [
                e.commitment
                for e in game.events
                if isinstance(e, ShuffleCommitted) and e.hand_number == game.hand_number
            ]
            assert view.commitment == (commitments[-1] if commitments else None)
            assert dataclasses.replace(view, commitment=None) == game.deal.view(seat)

    @rule()
    def record_round_trip(self) -> None:
        game = self.game
        again = hearts.record.loads(hearts.record.dumps(game))
        assert again.events == game.events
        assert again.scores == game.scores
        assert game_fingerprint(again) == game_fingerprint(game)

    # ------------------------------------------------------------------ invariants

    @invariant()
    def cards_conserved(self) -> None:
        check_cards_conserved(self.game.deal)

    @invariant()
    def tricks_played_in_turn(self) -> None:
        check_tricks(self.game.deal)

    @invariant()
    def hands_settled(self) -> None:
        assert self.settled == sum(isinstance(e, HandSettled) for e in self.game.events)


@pytest.mark.parametrize("name", variants.names())
def test_random_play_through_the_public_api_keeps_every_invariant(name: str) -> None:
    """Every preset, at every table it allows, with and without the laws: the rules of
    :class:`HeartsMachine` in any order keep every invariant (see the module's docstring)."""
    machine = type(f"HeartsMachine[{name}]", (HeartsMachine,), {"name": name})
    run_state_machine_as_test(
        machine,
        settings=settings(
            max_examples=EXAMPLES,
            stateful_step_count=STEPS,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
            print_blob=True,
        ),
    )
