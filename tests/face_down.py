"""Twin games for the tests of cards face down (docs/rules.md §5.5, §7.2): two games alike in
everything a seat may know and different in which cards lie face down.

Shared by the tests of every place a seat's knowledge reaches: its view and a watcher's
(``test_properties.py``), the server's JSON (``server/test_wire.py``), the environments'
observations and rewards (``envs/test_aec.py``, ``envs/test_openspiel.py``).

- **A widow that goes with a trick** (Cancellation Hearts, Heartsette's ``widow=first-trick``):
  nobody looks at it, its taker neither. The second game's deal swaps one card of the widow with
  a card of another seat's hand (``holder``) that counts differently; the moves are the first
  game's. Every seat but the holder must see the same in both games.
- **Heartsette's discards** (``widow=discard``): only the discarder knows them. The second game
  is the same deal in which the discarder lays down another card of its hand, one that counts
  differently, instead of one of its discards. Every seat but the discarder must see the same.

Both games are played by the first game's moves (a random hand) for as long as each is legal in
the second: up to the move in which the holder (or the discarder) plays the card it holds in one
game and not in the other, and never past the end of the play (once the last trick is taken, the
hand's result shows what the face-down cards counted). The swapped card is the holder's last card
to be played, so the twins go nearly to the end of the hand.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

from hearts import Card, CardSet, Deal, Game, Phase, Rules
from hearts.events import Dealt
from hearts.moves import Discard, Move
from hearts.rules import Widow

PLAYED = (Phase.PLAY, Phase.DISCARD)
"""The phases in which the hand is still played (face-down points are hidden)."""


@dataclasses.dataclass(frozen=True)
class Twins:
    """Two games of one rules and first dealer, their deals and moves, and the seats that may
    not tell them apart (a watcher may not either)."""

    rules: Rules
    deals: tuple[Dealt, Dealt]
    moves: tuple[tuple[tuple[int, Move], ...], tuple[tuple[int, Move], ...]]
    blind: tuple[int, ...]
    """The seats that see no card the twins differ in."""
    holder: int
    """The seat that knows the difference (holds the swapped card, or discarded it)."""

    def games(self) -> tuple[Game, Game]:
        """The two games, as dealt (no move made)."""
        return tuple(  # type: ignore[return-value]
            Game(self.rules, deals=[dealt], dealer=dealt.dealer) for dealt in self.deals
        )

    def steps(self) -> Iterator[tuple[Game, Game]]:
        """The two games at each step while the hand is played: as dealt, then after each
        move (both games made afresh, then moved together)."""
        first, second = self.games()
        yield first, second
        for (seat, move), (other_seat, other_move) in zip(*self.moves, strict=True):
            first.play(move, seat)
            second.play(other_move, other_seat)
            yield first, second


def twins(rules: Rules, seed: int) -> Twins:
    """Twin games of a form with cards face down (see the module docstring), from the first
    seed from ``seed`` on whose random hand has a card to swap that counts differently."""
    for attempt in range(seed, seed + 50):
        found = _twins(rules, attempt)
        if found is not None:
            return found
    raise AssertionError(f"no twins from seed {seed} on")  # pragma: no cover


def _twins(rules: Rules, seed: int) -> Twins | None:
    dealt = Game(rules, seed=seed, dealer=0).deal.events[0]
    assert isinstance(dealt, Dealt)
    game = Game(rules, deals=[dealt], dealer=0)
    deal = game.deal
    rng = random.Random(seed)
    moves: list[tuple[int, Move]] = []
    while deal.phase in PLAYED or deal.phase is Phase.PASS:
        if deal.phase is Phase.PASS:
            seat = rng.choice([s for s in deal.seats if deal.passed(s) is None])
        else:
            seat = deal.to_act  # type: ignore[assignment]
        move = rng.choice(list(deal.legal_moves(seat)))
        moves.append((seat, move))
        game.play(move, seat)
    values = rules.values
    best: Twins | None = None
    best_length = 0
    for holder in deal.seats:
        last = _last_played(moves, holder)
        if last is None:
            continue
        if rules.widow is Widow.DISCARD:
            candidates = _discard_twins(rules, dealt, moves, holder, last)
        elif rules.packs > 1 or rules.widow is Widow.FIRST_TRICK:
            candidates = _widow_twins(dealt, moves, holder, last)
        else:
            raise AssertionError(f"no cards face down to swap in {rules}")
        for other_dealt, other_moves, swapped in candidates:
            if values[swapped] == values[last]:
                continue  # (a swap that changes no count tells less)
            length = _legal_for(rules, other_dealt, other_moves)
            if length > best_length:
                best_length = length
                blind = tuple(s for s in range(rules.players) if s != holder)
                best = Twins(
                    rules,
                    (dealt, other_dealt),
                    (tuple(moves[:length]), tuple(other_moves[:length])),
                    blind,
                    holder,
                )
    return best


def _last_played(moves: list[tuple[int, Move]], seat: int) -> Card | None:
    cards = [move for s, move in moves if s == seat and isinstance(move, Card)]
    return cards[-1] if cards else None


def _widow_twins(
    dealt: Dealt, moves: list[tuple[int, Move]], holder: int, last: Card
) -> Iterator[tuple[Dealt, list[tuple[int, Move]], Card]]:
    """Deals with a card of the widow in the holder's hand instead of its last card (the
    same moves)."""
    for card in dealt.stock:
        hands = list(dealt.hands)
        hands[holder] = (hands[holder] - CardSet([last])) | CardSet([card])
        stock = tuple(last if other == card else other for other in dealt.stock)
        yield dataclasses.replace(dealt, hands=tuple(hands), stock=stock), moves, card


def _discard_twins(
    rules: Rules, dealt: Dealt, moves: list[tuple[int, Move]], holder: int, last: Card
) -> Iterator[tuple[Dealt, list[tuple[int, Move]], Card]]:
    """The same deal, the holder (the widow's taker) discarding its last card instead of one
    of its discards."""
    at = next((i for i, (s, m) in enumerate(moves) if isinstance(m, Discard) and s == holder), None)
    if at is None:
        return
    discard = moves[at][1]
    assert isinstance(discard, Discard)
    for card in discard.cards:
        other = Discard((discard.cards - CardSet([card])) | CardSet([last]))
        yield dealt, [*moves[:at], (holder, other), *moves[at + 1 :]], card


def _legal_for(
    rules: Rules, dealt: Dealt, moves: list[tuple[int, Move]] | tuple[tuple[int, Move], ...]
) -> int:
    """How many of ``moves`` the game of ``dealt`` takes, from the first on."""
    game = Game(rules, deals=[dealt], dealer=dealt.dealer)
    deal: Deal = game.deal
    for made, (seat, move) in enumerate(moves):
        if not game.can_play(move, seat):
            return made
        game.play(move, seat)
        if deal.phase not in PLAYED:
            return made  # (the last trick: the hand's result shows what lay face down)
    return len(moves)
