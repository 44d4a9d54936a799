"""The ISMCTS baseline: information-set Monte Carlo tree search with random roll-outs.

A plain single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012), the yardstick the expert
is measured against at the same time a move. One tree, keyed by the moves played from now on,
is grown over many iterations; each iteration:

- **imagines** the hidden cards once: a deal consistent with everything the seat knows
  (:mod:`hearts.bots.sampler`), in the state the view shows;
- **descends** the tree, at each node considering only the children legal in that deal, by UCB1
  with availability counts (a child's exploration term counts the iterations in which it could
  have been chosen, not its parent's visits);
- **expands** one node: a move not tried yet at that point of the tree, chosen at random;
- **rolls out** the rest of the hand with uniformly random legal cards (that is the baseline:
  no rules of thumb, no exact end);
- **scores** the finished deal for every seat as the expert does (points games: the others' mean
  points minus its own; counters games: the counters it wins), scaled to [0, 1] by a bound read
  from the rules, and credits each node with the score of the seat whose move led to it.

It plays the card tried most often. Passing, bidding, naming a suit and the moon choice, a
single legal card, and the forms the sampler does not imagine (none a preset; see
:func:`~hearts.bots.sampler.supported`) go to the basic player, as with the expert.

``think`` seconds a move (1 s by default), or exactly ``samples`` iterations (one imagined deal
each) a move: then it is deterministic for a seed, the search being seeded from the seed and the
position, never from the clock.

>>> from hearts import Game, variants
>>> game = Game(variants.get("modern"), seed=3)
>>> for seat in range(4):                   # the pass
...     _ = game.play(game.legal_moves(seat)[0], seat)
>>> for _ in range(4):                      # the first trick
...     _ = game.play(game.legal_moves()[0])
>>> len(game.legal_moves()) > 1
True
>>> bot = IsmctsBot(seed=1, samples=50)
>>> move = bot.choose(game.view(game.to_act))
>>> move in game.legal_moves()
True
>>> search = bot.search(game.view(game.to_act))
>>> search.move == move, search.iterations, sum(visits for _, visits, _ in search.visits)
(True, 50, 50)
"""

from __future__ import annotations

import dataclasses
import math
import random

from hearts.bots.rollout import score_deal
from hearts.bots.sampler import Sampler
from hearts.bots.search import Searcher
from hearts.cards import Card
from hearts.deal import Deal, Phase
from hearts.moves import Discard, Move
from hearts.observation import SeatView
from hearts.rules import Rules, SettlementMethod

__all__ = ["EXPLORATION", "IsmctsBot", "Search"]

EXPLORATION = 0.7
"""UCB1's exploration constant, on rewards scaled to [0, 1]."""
_PLAY = Phase.PLAY
_DISCARD = Phase.DISCARD


@dataclasses.dataclass(frozen=True, slots=True)
class Search:
    """What a search found: how often each legal card was tried and its mean reward."""

    move: Move
    """The move chosen."""
    visits: tuple[tuple[Card, int, float], ...]
    """Each card, its visits and its mean reward in [0, 1] (higher is better), most visited
    first."""
    iterations: int
    """Iterations run (one imagined deal each)."""
    searched: bool
    """False when the move came from the rules of thumb (one legal move, or nothing to sample)."""


class _Node:
    """A point of the tree: the moves played to reach it, shared by every imagined deal."""

    __slots__ = ("avail", "children", "reward", "seat", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        """The seat whose move led here (its rewards are this seat's)."""
        self.visits = 0
        self.reward = 0.0
        self.avail = 1
        """Iterations in which this node's move was legal when its parent was reached."""
        self.children: dict[Card, _Node] = {}


class IsmctsBot(Searcher):
    """Information-set MCTS with random roll-outs (see the module docstring).

    ``think``: seconds a move; ``samples``: a fixed number of iterations a move instead (for
    reproducible runs). ``seed`` seeds the search.
    """

    name = "ismcts"
    tag = "ismcts"

    def __repr__(self) -> str:
        return f"IsmctsBot(seed={self.seed}, think={self.think}, samples={self.samples})"

    def choose(self, view: SeatView) -> Move:
        """This seat's move (see the module docstring)."""
        return self.search(view).move

    def search(self, view: SeatView) -> Search:
        """Search from this view and say how often each card was tried."""
        if self.searchable(view) is None:
            return Search(self.basic.choose(view), (), 0, False)
        rng = self.generator(view)
        sampler = Sampler(view)
        root = _Node(view.seat)
        bound = _bound(view.rules, view.pool)
        done = 0
        for deal in self.deals(sampler, rng):
            _iterate(root, deal, view, rng, bound)
            done += 1
        if not done:
            return Search(self.basic.choose(view), (), 0, False)
        tried = sorted(
            (
                (card, node.visits, node.reward / node.visits if node.visits else 0.0)
                for card, node in root.children.items()
            ),
            key=lambda item: (-item[1], -item[2], item[0]),
        )
        return Search(tried[0][0], tuple(tried), done, True)


# ----------------------------------------------------------------------------- one iteration


def _iterate(root: _Node, deal: Deal, view: SeatView, rng: random.Random, bound: float) -> None:
    """Select, expand, roll out and back up once, on one imagined deal (played on in place)."""
    node = root
    path: list[_Node] = []
    while deal.phase is _PLAY or deal.phase is _DISCARD:
        if deal.phase is _DISCARD:  # Heartsette's widow taken: a random discard, not searched
            deal.play(_random_discard(deal, rng))
            continue
        moves: list[Card] = deal.legal_moves()  # type: ignore[assignment]
        children = node.children
        untried: list[Card] = []
        best: _Node | None = None
        best_card = moves[0]
        best_value = -1.0
        for card in moves:
            child = children.get(card)
            if child is None:
                untried.append(card)
                continue
            child.avail += 1
            if not untried:
                value = child.reward / child.visits + EXPLORATION * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if value > best_value:
                    best, best_card, best_value = child, card, value
        if untried:
            card = untried[rng.randrange(len(untried))]
            seat = deal.to_act
            assert seat is not None
            deal.play(card)
            child = children[card] = _Node(seat)
            path.append(child)
            break
        assert best is not None
        deal.play(best_card)
        path.append(best)
        node = best
    while deal.phase is _PLAY or deal.phase is _DISCARD:
        if deal.phase is _DISCARD:
            deal.play(_random_discard(deal, rng))
            continue
        moves = deal.legal_moves()  # type: ignore[assignment]
        deal.play(moves[rng.randrange(len(moves))])
    scores = score_deal(deal, view)
    scale = 0.5 / bound
    rewards = [min(1.0, max(0.0, 0.5 + score * scale)) for score in scores]
    root.visits += 1
    for node in path:
        node.visits += 1
        node.reward += rewards[node.seat]


def _random_discard(deal: Deal, rng: random.Random) -> Discard:
    """Heartsette: as many cards of the taker's hand as the widow brought, at random."""
    first = deal.legal_moves()[0]
    assert isinstance(first, Discard) and deal.to_act is not None
    return Discard(rng.sample(list(deal.hand(deal.to_act)), len(first.cards)))


def _bound(rules: Rules, pool: int) -> float:
    """How far a seat's score can stray from zero in one hand (scores are clamped to it): the
    penalties in play, and in counters games what the settlement can move."""
    total = rules.penalty_total
    method = rules.method
    if method is SettlementMethod.POINTS:
        negative = -sum(value for value in rules.values if value < 0)
        bound = total + negative + (rules.no_trick.points if rules.no_trick else 0)
    elif method in (SettlementMethod.SWEEPSTAKES, SettlementMethod.SIMPLE):
        bound = total + pool + (rules.auction.max_bid if rules.auction else 0)
    else:  # Howell's, the excess and two-handed settling: a seat may pay for every other
        bound = (rules.dealt_seats - 1) * total
    return float(max(1, bound))
