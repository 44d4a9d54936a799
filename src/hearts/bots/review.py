"""The expert's review of a game: what each decision of one seat cost, in points, as an estimate.

For a finished game and a seat, every decision the seat made (its pass, each card it played, a
suit it named, a discard, its moon choice: see **The choices**) is put to the expert
(:mod:`hearts.bots.expert`) as the seat saw it then (its :class:`SeatView`):
the expert imagines the hidden cards ``deals`` times, plays each candidate in the same imagined
deals (paired: every candidate judged on the same deals) and scores them with its value model
where the model fits the form (:mod:`hearts.bots.value`), by playing the deals out elsewhere.
The candidates are the expert's own (every legal card; for the pass, the expert's pool of its
few best passes, :data:`~hearts.bots.expert.MODEL_PASS_POOL`, not all 286), and the move made
is always among them: a pass outside the pool is added, and a card as good as another (the
same suit, nothing still out between them: :func:`~hearts.bots.search.equivalent`) is scored as
its twin, so a move as good as the best costs nothing. The review judges the hand: its unit is
the expert's, points against the others' average for the hand (counters won in a counters
game), not the chance to win the game.

**The winner's curse.** The best of many noisy means is too good by chance, so a cost measured
against it would be too large. The review chooses the best move on half the deals and measures
it against the move made on the other half, then the other way round (two folds): each deal's
difference is an honest measure, and the cost is their mean, with a 95% interval. A decision is
marked a **mistake** when it cost at least :data:`MISTAKE` points and a **blunder** at
:data:`BLUNDER`, each only where the interval's low end is above :data:`CLEAR` (the noise clear
of it). benchmarks/review.py measured it at :data:`DEFAULT_DEALS`: 97.7% of the marks (213 of
218, in games of the basic and medium players) were marks again at ten times the deals, and 2
of 200 unmarked decisions were marked there.

**The choices.** A suit named (Auction Hearts) and a discard after taking the widow
(Heartsette) are weighed as the cards are: each candidate is made in the same imagined deals,
the hand finished by the expert's roll-out (the other seats by rules of thumb) and scored as the
expert scores it. Every suit is a candidate; the discards are those of the
:data:`DISCARD_POOL` cards the rule of thumb would rather lay down first (20 of the 364 ways to
lay three of fourteen), and the discard made. The moon choice (``moon="choice"``) comes after
the last card, when every card is known to be played and nothing hidden changes the
settlement: both choices are scored exactly from it, with no sampling. In the review's unit
they are worth the same (the old moon gives each other seat the points, the new takes them off
the shooter's score: the shooter is as far ahead of the others' average either way), so the
choice is never marked; which choice is better for the game (who is near the target) is not
what the review judges.

Not weighed (:attr:`Position.weighed`), and counted apart from the forced moves
(:attr:`Review.unweighed`, named in the summary): a **bid** (Auction Hearts). The sampler
imagines the hidden hands without reading anything from the bids the others made, and the
roll-out would bid for the seats still to bid by rules of thumb: a bid would be judged against
an auction that does not follow from the hands imagined, so the expert plays it by rules of
thumb and the review does not weigh it.
Forced moves are skipped: a single legal move, or legal cards all
as good as each other. The review repeats exactly for a ``seed`` and a budget: the
deals of a decision are seeded from the seed and the position.

>>> from hearts import Game, variants
>>> from hearts.bots import BasicBot
>>> game = Game(variants.get("modern").replace(end="deals", deals=1), seed=5)
>>> bot = BasicBot(seed=1)
>>> while not game.is_over:
...     _ = game.play(bot.choose(game.view(game.to_act)), game.to_act)
>>> found = review(game, 0, deals=8, seed=1)
>>> total = len(found.decisions) + found.forced + found.unweighed
>>> found.seat, found.deals, total == len(positions(game, 0)), found.unweighed
(0, 8, True, 0)
>>> Review.from_dict(found.to_dict()) == found
True
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import itertools
import math
import multiprocessing
from collections.abc import Callable, Sequence
from typing import Any, Final

from hearts import record, words
from hearts.bots.basic import BasicBot, discard_ranking
from hearts.bots.expert import ExpertBot
from hearts.bots.problem import Problem
from hearts.bots.review_words import KIND_NOUNS as KIND_NOUNS  # (moved: importable here)
from hearts.bots.review_words import (
    Mark,
    _costliest,
    _did,
    _instead,
    _number,
    _text,
    _unweighed,
)
from hearts.bots.rollout import _finish, score_deal
from hearts.bots.sampler import Sampler, supported
from hearts.bots.search import equivalent, imagine
from hearts.cards import Card
from hearts.deal import Deal, Phase
from hearts.errors import HeartsError, InvalidArgument
from hearts.events import move_of
from hearts.game import Game
from hearts.moves import Bid, Discard, MoonChoice, Move, NameSuit, Pass, move_text, parse_move
from hearts.observation import SeatView

__all__ = [
    "BLUNDER",
    "CLEAR",
    "DEFAULT_DEALS",
    "DISCARD_POOL",
    "MISTAKE",
    "WEIGHED",
    "Decision",
    "Position",
    "Review",
    "assemble",
    "judge",
    "positions",
    "review",
]

DEFAULT_DEALS: Final = 400
"""The default budget: imagined deals a decision (benchmarks/review.py: a seat of a whole game
to 100 in about 18 s on two free cores)."""
MISTAKE: Final = 1.0
"""A decision that cost at least this many points (clear of its noise) is a mistake."""
BLUNDER: Final = 3.0
"""A decision that cost at least this many points (clear of its noise) is a blunder."""
CLEAR: Final = 0.0
"""A mark only where the cost's 95% interval starts above this many points: the difference is
clear of its noise."""
CHUNK: Final = 500
"""Imagined deals judged at once (the value model reads a batch of their positions): a large
budget is judged in batches of this many, so that its memory stays bounded."""
Z: Final = 1.96
"""The intervals' half-width in standard errors (95%)."""

OPTIONS: Final = {"value": True, "search_pass": True}
"""The expert's switches for a review: the levels' (:data:`hearts.bots.levels.MODEL`) but for
score-aware play: the review judges the hand, not the chance to win the game."""

WEIGHED: Final = frozenset({"pass", "card", "suit", "moon", "discard"})
"""The kinds of decision the review weighs (:attr:`Position.kind`): the pass and the cards, as
the expert searches them; the suit named, the discard and the moon choice, each candidate tried
in the same imagined deals (:func:`_judge_choice`). A bid is not weighed (the module docstring
says why)."""

DISCARD_POOL: Final = 6
"""A discard after taking the widow is judged among the discards of the cards (this many) the
rule of thumb would rather lay down first (20 discards of three), and the discard made."""


@dataclasses.dataclass(frozen=True, slots=True)
class Position:
    """One decision of a seat in a game, as it stood: the seat's view before the move, the move
    made, and where it is (picklable: a server judges positions one by one in its pool)."""

    view: SeatView
    """What the seat saw when it decided."""
    made: Move
    """The move it made."""
    ply: int
    """The move's index among all the game's moves (every seat's), from 0."""
    hand: int
    """The hand, from 1."""
    trick: int | None
    """The trick, from 1 (None outside the play: the pass, a bid, a choice)."""
    kind: str
    """``pass``, ``card``, ``bid``, ``suit``, ``moon``, ``discard`` or ``other``."""
    forced: bool
    """One legal move, or legal cards all as good as each other."""

    @property
    def weighed(self) -> bool:
        """Whether the review weighs this decision: not forced, and of a kind the expert
        searches (:data:`WEIGHED`); the others are counted apart, as not weighed."""
        return not self.forced and self.kind in WEIGHED


@dataclasses.dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the seat that was not forced, and what the review found of it."""

    ply: int
    hand: int
    trick: int | None
    kind: str
    made: Move
    best: Move
    """The best move the review found (the move made when nothing did better)."""
    made_score: float
    """The move made's expected score (points against the others' average for the hand)."""
    made_interval: tuple[float, float]
    best_score: float
    best_interval: tuple[float, float]
    cost: float
    """``best_score - made_score``, measured on the same deals (0 when nothing did better)."""
    cost_interval: tuple[float, float]
    mark: Mark | None
    text: str
    """The decision in words, for the seat (\"you\")."""

    def to_dict(self) -> dict[str, Any]:
        """The decision as JSON-able data (moves as :func:`~hearts.moves.move_text`), with the
        moves in words for the faces: ``made_words`` what the seat did (``played the K♣``),
        ``best_words`` the better move (``K♣``, ``passing 2♣ 3♣ Q♠``); made again from the moves
        when read back."""
        data = {field.name: getattr(self, field.name) for field in dataclasses.fields(self)}
        data["made"], data["best"] = move_text(self.made), move_text(self.best)
        data["made_words"] = _did(self.made)
        best = self.best
        data["best_words"] = words.symbol(best) if isinstance(best, Card) else _instead(best)
        for name in ("made_interval", "best_interval", "cost_interval"):
            data[name] = list(data[name])
        return data

    @classmethod
    def from_dict(cls, data: Any) -> Decision:
        """A decision read back from :meth:`to_dict`'s data."""
        try:
            values = {field.name: data[field.name] for field in dataclasses.fields(cls)}
            values["made"], values["best"] = parse_move(data["made"]), parse_move(data["best"])
            for name in ("made_interval", "best_interval", "cost_interval"):
                low, high = data[name]
                values[name] = (float(low), float(high))
            for name in ("made_score", "best_score", "cost"):
                values[name] = float(data[name])
        except (KeyError, TypeError, ValueError, HeartsError) as error:
            raise InvalidArgument(f"not a review's decision: {error}") from None
        if values["mark"] not in (None, "mistake", "blunder"):
            raise InvalidArgument(f"not a review's decision: no such mark {values['mark']!r}")
        return cls(**values)


@dataclasses.dataclass(frozen=True, slots=True)
class Review:
    """The review of one seat's game."""

    seat: int
    deals: int
    """The budget: imagined deals a decision."""
    seed: int
    decisions: tuple[Decision, ...]
    """Every decision reviewed, in order, marked or not."""
    forced: int
    """Forced moves skipped: one legal move, or legal cards all as good as each other."""
    lost: float
    """Points lost in the marked decisions."""
    summary: str
    """The review in a sentence or two, honest that it is an estimate and about what it did
    not weigh."""
    unweighed: int = 0
    """Decisions not forced that the review did not weigh (a bid: the expert plays it by rules
    of thumb). A review stored before this was counted reads back with 0 (those were counted
    with the forced then)."""

    @property
    def marked(self) -> tuple[Decision, ...]:
        """The decisions marked a mistake or a blunder."""
        return tuple(decision for decision in self.decisions if decision.mark is not None)

    def to_dict(self) -> dict[str, Any]:
        """The review as JSON-able data."""
        return {
            "seat": self.seat,
            "deals": self.deals,
            "seed": self.seed,
            "decisions": [decision.to_dict() for decision in self.decisions],
            "forced": self.forced,
            "lost": self.lost,
            "summary": self.summary,
            "unweighed": self.unweighed,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Review:
        """A review read back from :meth:`to_dict`'s data."""
        try:
            decisions = tuple(Decision.from_dict(item) for item in data["decisions"])
            return cls(
                int(data["seat"]),
                int(data["deals"]),
                int(data["seed"]),
                decisions,
                int(data["forced"]),
                float(data["lost"]),
                str(data["summary"]),
                int(data.get("unweighed", 0)),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise InvalidArgument(f"not a review: {error}") from None


def positions(game: Game, seat: int) -> list[Position]:
    """The seat's decisions in a game, in order, each as the seat saw it before its move
    (rebuilt from the game's record, so any game will do, e.g. one :func:`hearts.record.loads`
    read). The seat counts from 0.

    >>> from hearts import Game, variants
    >>> game = Game(variants.get("modern"), seed=3)
    >>> for _ in range(9):
    ...     _ = game.play(game.legal_moves()[0], game.to_act)
    >>> [(p.ply, p.kind, p.trick, p.forced) for p in positions(game, 0)]
    [(3, 'pass', None, False), (6, 'card', 1, False)]
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.players:
        raise InvalidArgument(f"seat must be 0 to {game.players - 1}, not {seat!r}")
    found = record.contents(record.to_dict(game))
    replay = record.start(found)
    found_positions: list[Position] = []
    ply = 0
    for index, event in enumerate(found.events):
        move = move_of(event, index)
        if move is None:
            continue
        who, made = move
        if who == seat:
            view = replay.view(seat)
            play = view.phase is Phase.PLAY and isinstance(made, Card)
            found_positions.append(
                Position(
                    view,
                    made,
                    ply,
                    view.hand_number + 1,
                    len(view.tricks) + 1 if play else None,
                    _kind(made),
                    _forced(view),
                )
            )
        replay.play(made, who)
        ply += 1
    return found_positions


def _kind(made: Move) -> str:
    kinds: tuple[tuple[type, str], ...] = (
        (Card, "card"),
        (Pass, "pass"),
        (Bid, "bid"),
        (NameSuit, "suit"),
        (MoonChoice, "moon"),
        (Discard, "discard"),
    )
    return next((kind for cls, kind in kinds if isinstance(made, cls)), "other")


def _forced(view: SeatView) -> bool:
    moves = view.legal_moves
    if len(moves) <= 1:
        return True
    cards = [move for move in moves if isinstance(move, Card)]
    return view.phase is Phase.PLAY and len(cards) == len(moves) and equivalent(view, cards)


def check_deals(deals: object) -> int:
    """The budget, checked: a whole number of imagined deals, at least 4 (two folds of two).

    >>> check_deals(3)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: deals must be a whole number of at least 4, not 3
    """
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 4:
        raise InvalidArgument(f"deals must be a whole number of at least 4, not {deals!r}")
    return deals


def judge(position: Position, *, deals: int, seed: int) -> Decision | None:
    """One decision judged on ``deals`` imagined deals (None: forced, or a move the expert does
    not weigh, :attr:`Position.weighed`). The same ``seed`` and ``deals`` give the same decision.

    >>> from hearts import Game, variants
    >>> game = Game(variants.get("modern"), seed=3)
    >>> _ = game.play(game.legal_moves(0)[0], 0)
    >>> first = positions(game, 0)[0]
    >>> decision = judge(first, deals=8, seed=1)
    >>> decision.kind, decision.made == first.made, decision == judge(first, deals=8, seed=1)
    ('pass', True, True)
    """
    deals = check_deals(deals)
    if not position.weighed:
        return None
    if position.kind in ("suit", "moon", "discard"):
        return _judge_choice(position, deals=deals, seed=seed)
    view = position.view
    bot = ExpertBot(seed=seed, samples=deals, **OPTIONS)  # type: ignore[arg-type]
    problem = bot.problem(view)
    if problem is None:
        return None
    problem, active, made = _with_made(view, problem, position.made)
    if not made:
        return None
    stream = imagine(problem.sampler, bot.generator(view), deals, None)
    rows: list[list[float]] = []
    while chunk := list(itertools.islice(stream, CHUNK)):  # (a large budget in bounded memory)
        rows += problem.rows(chunk, active)
    if len(rows) < 2:
        return None
    moves = [problem.move(problem.candidates[i])[0] for i in active]
    return _decide(position, moves, made, rows, view.rules.counters, deals)


def _judge_choice(position: Position, *, deals: int, seed: int) -> Decision | None:
    """A suit named, a discard or the moon choice judged: every candidate (:func:`_choices`)
    made in the same imagined deals (the expert's sampler), the hand finished by the expert's
    roll-out (the others' names by rules of thumb, then the cards) and scored as the expert
    scores it (:func:`~hearts.bots.expert.score_deal`). The moon choice comes after the last card, when
    nothing hidden changes the settlement: one imagined deal scores it exactly (None: the form
    cannot be imagined)."""
    view = position.view
    if not supported(view.rules):
        return None
    moves = _choices(view, position.made)
    if position.made not in moves:
        return None
    exact = position.kind == "moon"
    bot = ExpertBot(seed=seed, samples=deals, **OPTIONS)  # type: ignore[arg-type]
    basic = BasicBot(seed=seed)
    stream = imagine(Sampler(view), bot.generator(view), 1 if exact else deals, None)
    rows = [[_choice_result(deal, move, view, basic) for move in moves] for deal in stream]
    if exact and rows:
        rows *= 2  # (exact: the same on any deal; two rows make the two folds)
    if len(rows) < 2:
        return None
    made = [moves.index(position.made)]
    return _decide(position, moves, made, rows, view.rules.counters, deals, exact=exact)


def _choices(view: SeatView, made: Move) -> list[Move]:
    """The candidates for a choice: every legal one; for a discard, the discards of the
    :data:`DISCARD_POOL` cards the rule of thumb would rather lay down first
    (:func:`~hearts.bots.basic.discard_ranking`), with the discard made added if outside."""
    moves = list(view.legal_moves)
    if not isinstance(made, Discard):
        return moves
    first = next((move for move in moves if isinstance(move, Discard)), None)
    if first is None:
        return moves
    count = len(first.cards)
    best = discard_ranking(view.hand, view.rules.values)[: max(DISCARD_POOL, count)]
    pool: list[Move] = [Discard(cards) for cards in itertools.combinations(best, count)]
    pool = [move for move in pool if move in moves]
    if made not in pool:
        pool.append(made)
    return pool


def _choice_result(deal: Deal, move: Move, view: SeatView, basic: BasicBot) -> float:
    """One choice's result in one imagined deal: played, the hand finished as the expert's
    roll-out finishes it, and scored for the view's seat."""
    deal = deal.copy(stack=False)
    deal.play(move)
    while deal.phase in (Phase.BID, Phase.NAME):  # (the others' choices: rules of thumb)
        seat = deal.to_act
        assert seat is not None
        deal.play(basic.choose(deal.view(seat)))
    if deal.phase is not Phase.PLAY:
        return score_deal(deal, view)[view.seat]
    now = deal.view(view.seat)
    return _finish(deal, view, sum(now.hand_sizes) + now.stock_size)


def _with_made(
    view: SeatView, problem: Problem[Any], made: Move
) -> tuple[Problem[Any], list[int], list[int]]:
    """The problem with the move made among its candidates (a pass outside the expert's pool
    added), the candidates to judge (one of each set of cards as good as each other), and the
    places among those of the move made (its plans: played on, or running for the moon)."""
    candidates = list(problem.candidates)
    if not any(problem.move(c)[0] == made for c in candidates):
        candidates.append((made, False) if problem.plans else made)
        problem = dataclasses.replace(problem, candidates=candidates)
    twins: dict[Move, Move] = {}
    kept_moves: list[Move] = []
    for candidate in candidates:
        move = problem.move(candidate)[0]
        if move in twins:
            continue
        twin = next(
            (
                kept
                for kept in kept_moves
                if isinstance(move, Card)
                and isinstance(kept, Card)
                and equivalent(view, [min(kept, move), max(kept, move)])
            ),
            move,
        )
        twins[move] = twin
        if twin == move:
            kept_moves.append(move)
    active = [
        i for i, c in enumerate(candidates) if twins[problem.move(c)[0]] == problem.move(c)[0]
    ]
    target = twins.get(made, made)
    places = [place for place, i in enumerate(active) if problem.move(candidates[i])[0] == target]
    return problem, active, places


def _decide(
    position: Position,
    moves: Sequence[Move],
    made: list[int],
    rows: list[list[float]],
    counters: bool,
    deals: int,
    *,
    exact: bool = False,
) -> Decision:
    """The decision from the rows (a row a deal, a column a candidate, ``moves`` its move):
    the best chosen on one half of the deals and measured against the move made on the other,
    both ways (``exact``: every row the same, scored exactly)."""
    half = len(rows) // 2
    folds = (rows[:half], rows[half:])
    everything = range(len(moves))
    diffs: list[float] = []
    bests: list[float] = []
    mades: list[float] = []
    for chosen_on, measured_on in (folds, folds[::-1]):
        best = _pick(chosen_on, everything)
        mine = _pick(chosen_on, made)
        for row in measured_on:
            diffs.append(row[best] - row[mine])
            bests.append(row[best])
            mades.append(row[mine])
    cost, cost_interval = _mean(diffs)
    made_score, made_interval = _mean(mades)
    best_score, best_interval = _mean(bests)
    overall = _pick(rows, everything)
    best_move = moves[overall]
    if cost <= 0 or overall in made:
        best_move = position.made
        best_score, best_interval = made_score, made_interval
        cost, cost_interval = 0.0, (0.0, 0.0)
    mark = _mark(cost, cost_interval)
    unit = "counter" if counters else "point"
    text = _text(
        position.hand,
        position.trick,
        position.made,
        best_move,
        cost,
        cost_interval,
        mark,
        unit,
        deals,
        exact,
    )
    return Decision(
        position.ply,
        position.hand,
        position.trick,
        position.kind,
        position.made,
        best_move,
        _round(made_score),
        _round_pair(made_interval),
        _round(best_score),
        _round_pair(best_interval),
        _round(cost),
        _round_pair(cost_interval),
        mark,
        text,
    )


def _pick(rows: Sequence[Sequence[float]], columns: Sequence[int]) -> int:
    """The column with the best mean over the rows (the first of the best on a tie)."""
    return max(columns, key=lambda c: (sum(row[c] for row in rows), -c))


def _mean(values: Sequence[float]) -> tuple[float, tuple[float, float]]:
    """The mean and its 95% interval."""
    n = len(values)
    mean = sum(values) / n
    variance = sum((x - mean) ** 2 for x in values) / max(n - 1, 1)
    half = Z * math.sqrt(variance / n)
    return mean, (mean - half, mean + half)


def _round(value: float) -> float:
    return round(value, 3) + 0.0  # (no -0.0)


def _round_pair(pair: tuple[float, float]) -> tuple[float, float]:
    return _round(pair[0]), _round(pair[1])


def _mark(cost: float, interval: tuple[float, float]) -> Mark | None:
    """The mark a cost earns: a blunder, a mistake, or none (not clear of its noise)."""
    if interval[0] <= CLEAR:
        return None
    if cost >= BLUNDER:
        return "blunder"
    if cost >= MISTAKE:
        return "mistake"
    return None


def assemble(
    seat: int,
    deals: int,
    seed: int,
    decisions: Sequence[Decision],
    forced: int,
    *,
    unit: str = "point",
    unweighed: Sequence[str] = (),
) -> Review:
    """The review from its decisions (judged one by one, e.g. in a server's pool): the points
    lost in the marked ones and the summary. ``forced`` counts the forced moves skipped;
    ``unweighed`` gives the kind (:attr:`Position.kind`) of each decision not forced that was
    not weighed, which the summary names.

    >>> assemble(0, 48, 1, [], 13).summary
    'No mistakes found in no decisions weighed (13 forced). An estimate, from 48 imagined deals a decision.'
    >>> done = assemble(0, 48, 1, [], 13, unweighed=["bid", "suit", "bid"])
    >>> done.forced, done.unweighed
    (13, 3)
    >>> done.summary
    'No mistakes found in no decisions weighed (13 forced; 2 bids and 1 suit named not weighed: the expert plays them by rules of thumb). An estimate, from 48 imagined deals a decision.'
    """
    ordered = tuple(sorted(decisions, key=lambda decision: decision.ply))
    marked = [decision for decision in ordered if decision.mark is not None]
    lost = _round(sum(decision.cost for decision in marked))
    honest = f"An estimate, from {deals} imagined deals a decision."
    skipped = _unweighed(unweighed)
    aside = f"; {skipped}" if skipped else ""
    weighed = f"{_number(len(ordered), 'decision')} weighed ({forced} forced{aside})"
    if not marked:
        summary = f"No mistakes found in {weighed}. {honest}"
    else:
        costliest = max(marked, key=lambda decision: (decision.cost, -decision.ply))
        amount = f"{lost:.1f} {unit}" + ("" if f"{lost:.1f}" == "1.0" else "s")
        summary = (
            f"About {amount} lost in {_number(len(marked), 'decision')}; "
            f"the costliest: {_costliest(costliest.made, costliest.best, costliest.hand, costliest.trick)}. "
            + (f"{skipped}. " if skipped else "")
            + honest
        )
    return Review(seat, deals, seed, ordered, forced, lost, summary, len(unweighed))


def review(
    game: Game,
    seat: int,
    *,
    deals: int = DEFAULT_DEALS,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    workers: int = 1,
) -> Review:
    """The review of one seat of a game (the seat from 0): every decision judged
    (:func:`judge`), ``progress(done, total)`` told after each; ``workers`` processes share
    the work (1: this one alone). An exception raised by ``progress`` stops the review (the
    decisions not yet begun are dropped) and comes out of it."""
    deals = check_deals(deals)
    found = positions(game, seat)
    total = len(found)
    results: list[Decision | None] = []
    if workers > 1 and total > 1:
        context = multiprocessing.get_context("spawn")
        pool = concurrent.futures.ProcessPoolExecutor(workers, mp_context=context)
        try:
            jobs = [pool.submit(judge, position, deals=deals, seed=seed) for position in found]
            for done, job in enumerate(jobs, 1):
                results.append(job.result())
                if progress is not None:
                    progress(done, total)
        finally:  # (stopped, as by an exception from ``progress``: the jobs not begun are not)
            pool.shutdown(wait=True, cancel_futures=True)
    else:
        for done, position in enumerate(found, 1):
            results.append(judge(position, deals=deals, seed=seed))
            if progress is not None:
                progress(done, total)
    decisions = [decision for decision in results if decision is not None]
    forced = sum(1 for position in found if position.forced)
    unweighed = [
        position.kind
        for position, result in zip(found, results, strict=True)
        if result is None and not position.forced
    ]
    unit = "counter" if game.rules.counters else "point"
    return assemble(seat, deals, seed, decisions, forced, unit=unit, unweighed=unweighed)
