"""The expert player: it imagines the hidden cards many times and plays what does best in them.

For each card it may play, the expert samples deals consistent with everything its seat knows
(:mod:`hearts.bots.sampler`; it also reads the pass: the seat it passed to is thought ten times
less likely to have kept a Q♠ it held, :data:`KEPT_QUEEN`), plays the card in each, finishes
the hand, and scores it by the rules' own settlement; it plays the card with the best average.
The same sampled deals judge every card (common random numbers), so the comparison is sharper than the samples alone. Every
:data:`_PRUNE_EVERY` samples it drops the cards clearly worse than the best (their mean two
standard errors below the best one's, two cards always kept), so that the rest of its time goes
to the cards still in contention (measured: a lower regret against a 600-sample reference at
0.1 and 0.25 s a move).

- **Finishing the hand**: a fast roll-out by rules of thumb (the basic player's, on the imagined
  deal: duck under the card winning the trick, shed what counts when void, lead low from a short
  suit, take the tricks of a seat running for the moon: :func:`rollout_card`), or, once
  every hand holds at most :data:`EXACT_CARDS` cards, an exact search of the rest in which every
  seat plays its best for itself (max-n over the whole imagined deal).
- **The moon** (where it is played): while nobody else has taken a card that counts and enough
  of its cards are high (:func:`may_run`), each card is tried twice on the same deals: played
  as the rules of thumb go on, and running for the moon, the seat then winning every trick it
  can (:func:`run_card`) until another seat takes a card that counts (:func:`run_on`). It runs
  when running does best on average: the search decides, not a rule of thumb, and a hand's
  analysis says so (:attr:`Analysis.running`). In its roll-outs the others play the moon as
  the basic player does: they stop a seat that runs, and one with a strong hand runs itself
  (:func:`strong_run`).
- **Score**: its result against the others: in a points game the others' mean points minus its
  own (so a moon shot against it costs what it costs), in a counters game the counters it wins.
  The rules say what counts, what the moon does and how the hand settles; the expert reads them
  (:func:`hearts.scoring.settle`), so it plays every form the sampler imagines.
  With ``score_aware`` (a game to a points target), the result is instead its chance to win
  the game once the hand's points are added to the totals, with its points against the
  others' beside it (:mod:`hearts.bots.standing`).
- **Budget**: ``think`` seconds a move at most (1 s by default: it stops sooner once its choice
  is settled, the best card ahead of every other on the same deals by three standard errors of
  the difference, or as good in every deal), or exactly ``samples`` sampled deals a move: then
  it is deterministic for a seed (the sampling is seeded from the seed and the position, never
  from the clock).
- **The pass** (``search_pass=True``; off by default, on in the levels: with the roll-outs it
  measured no gain; with the value model it measured -0.66 against -0.21 without, 100 deals each
  against the plain expert, not separated; benchmarks/RESULTS.md): every way to pass three
  of the basic player's first :data:`PASS_POOL` cards, tried on the same deals imagined at the
  pass (:class:`~hearts.bots.sampler.PassSampler`), the others passing as the basic player; the
  basic pass stands unless another is ahead of it by two standard errors of the difference.
- Otherwise passing, bidding, naming a suit, discarding and the moon choice follow the basic
  player, and so does every move in the forms the sampler does not imagine (none a preset;
  :func:`~hearts.bots.sampler.supported`).

>>> from hearts import Game, variants
>>> game = Game(variants.get("modern"), seed=3)
>>> for seat in range(4):
...     _ = game.play(game.legal_moves(seat)[0], seat)
>>> bot = ExpertBot(seed=1, samples=8)
>>> move = bot.choose(game.view(game.to_act))
>>> move in game.legal_moves()
True
>>> hint(game.view(game.to_act), samples=8).move == move
True
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import time
import warnings
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final, Generic, TypeVar, cast

from hearts import words
from hearts.bots.basic import discard, pass_ranking, run_open
from hearts.bots.helper import Helper
from hearts.bots.sampler import PassSampler, Sampler, passes_sampled
from hearts.bots.search import DEFAULT_THINK, Imagines, Searcher, alike, equivalent, imagine
from hearts.bots.standing import Standing, expected_spread
from hearts.bots.value import ValueModel, fits, shipped_model, snapshot
from hearts.cards import HEARTS_MASK, QUEEN_OF_SPADES, SUIT_MASKS, Card, Rank, Suit
from hearts.deal import Deal, Phase
from hearts.errors import InvalidArgument
from hearts.moves import Discard, Gather, MoonChoice, Move, Pass
from hearts.observation import SeatView
from hearts.rules import Moon, Widow
from hearts.scoring import settle

M = TypeVar("M")

__all__ = [
    "EXACT_CARDS",
    "KEPT_QUEEN",
    "MOON_THREAT",
    "RUN_HIGH",
    "Analysis",
    "ExpertBot",
    "Hint",
    "hint",
    "rollout_card",
    "rollout_discard",
    "run_card",
    "may_run",
    "run_on",
    "strong_run",
    "STRONG_RUN",
    "score_deal",
]

EXACT_CARDS = 2
"""When every hand holds at most this many cards, the rest of the hand is searched exactly."""
KEPT_QUEEN = 0.1
"""How likely the expert thinks it, against the other deals, that the seat it passed to held
the Q♠ and kept it (most players pass it on; :class:`~hearts.bots.sampler.Sampler`)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Analysis:
    """What the expert found: each legal card's mean score over the sampled deals."""

    move: Move
    """The move chosen."""
    scores: tuple[tuple[Move, float], ...]
    """Each move (a card, or a pass) once, and its mean score (higher is better for the seat):
    those still in contention at the end, best first, then those dropped early, best first (a
    card tried both ways, on and running for the moon, at the first of the two so ranked)."""
    samples: int
    """Deals sampled and played out for every card."""
    searched: bool
    """False when the move came from the rules of thumb (one legal move, or nothing to sample)."""
    running: bool = False
    """The move was chosen to run for the moon: it did best played so, the seat then winning
    every trick it can (:func:`run_card`) while nobody else has taken a card that counts."""


@dataclasses.dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move and a one-line reason, for the faces."""

    move: Move
    reason: str
    text: str = ""
    """The hint in plain words for a player (:func:`hearts.words.hint`): what the move saves
    against the next best, or why it is the move."""


_OPTIONS: Final = {
    "search_pass": False,
    "moons": True,
    "value": False,
    "score_aware": False,
}
""":class:`ExpertBot`'s switches, each as the expert played before it had that switch."""


REMOVED: Final = ("inference", "flush", "weighted")
"""Switches the expert once took whose experiments measured no gain, removed (issue 40); their
measurements stay in benchmarks/RESULTS.md, with the commit that reproduces them. Named off
(``False``, as they were by default) they are accepted with a :class:`DeprecationWarning`, the
expert playing as it did; named on they are refused: the play they asked for is gone."""


def _refuse_removed(removed: dict[str, object]) -> None:
    """Refuse a switch the expert does not take, or a removed one turned on; warn of a removed one
    named off (see :data:`REMOVED`).

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     ExpertBot(flush=False).options()["moons"], str(caught[0].message)[:46]
    (True, "the expert's switch 'flush' was removed (issue")
    >>> ExpertBot(weighted=True)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: the expert's switch 'weighted' was removed (issue 40: it measured no gain); the expert no longer plays with it on, so weighted=True cannot be kept: leave it out
    """
    for name, value in removed.items():
        if name not in REMOVED:
            raise InvalidArgument(f"ExpertBot takes no switch {name!r}")
        said = f"the expert's switch {name!r} was removed (issue 40: it measured no gain)"
        if value is not False:
            raise InvalidArgument(
                f"{said}; the expert no longer plays with it on, so {name}={value!r} cannot be "
                "kept: leave it out"
            )
        warnings.warn(f"{said}; {name}=False is what it plays: leave it out", DeprecationWarning, 2)


class ExpertBot(Searcher):
    """Samples the hidden cards and plays the best card on average (see the module docstring).

    ``think``: seconds a move; ``samples``: a fixed number of sampled deals a move instead (for
    reproducible runs). ``seed`` seeds the sampling.
    """

    name = "expert"
    tag = "expert"

    def __init__(
        self,
        seed: int | None = None,
        think: float = DEFAULT_THINK,
        samples: int | None = None,
        *,
        search_pass: bool = False,
        moons: bool = True,
        value: bool | ValueModel = False,
        score_aware: bool = False,
        helper: Helper | None = None,
        **removed: object,
    ) -> None:
        super().__init__(seed, think, samples)
        _refuse_removed(removed)
        flags = {"search_pass": search_pass, "moons": moons, "score_aware": score_aware}
        for name, flag in flags.items():
            if not isinstance(flag, bool):
                raise InvalidArgument(f"{name} must be True or False, not {flag!r}")
        if not isinstance(value, bool | ValueModel):
            raise InvalidArgument(f"value must be True, False or a ValueModel, not {value!r}")
        if helper is not None and not isinstance(helper, Helper):
            raise InvalidArgument(f"helper must be a hearts.bots.helper.Helper, not {helper!r}")
        self.search_pass = search_pass
        """Search the pass too (:meth:`_analyse_pass`; off by default, on in the levels: with the
        roll-outs it measured no gain, with the value model a little ahead but not separated)."""
        self.moons = moons
        """Weigh running for the moon where it may (:func:`may_run`): each card is also tried
        played so (False: the expert as it was before, for measurements)."""
        self.value = value
        """Judge each card by the value model (:mod:`hearts.bots.value`) where it was made for the
        form (:func:`~hearts.bots.value.fits`): the imagined deal is not played out by rules of
        thumb after the card but read by the model, which gives the points each seat can expect
        from there (True: the model shipped with the package; a :class:`ValueModel`: that one);
        the last :data:`EXACT_CARDS` tricks are still searched exactly."""
        self.score_aware = score_aware
        """In a game to a points target, judge each imagined hand by the chance it leaves this
        seat to win the game and by its points against the others' (:meth:`Standing.worth
        <hearts.bots.standing.Standing.worth>`: 2 points of percent of the chance a point)
        instead of by its points alone: near the target, points that end the game while this
        seat is lowest are worth more than their count, points that end it while another is
        lowest cost more, and points on the leader are worth giving. Only in the forms the value
        model fits (where it was measured); with ``value``, the model's expected points are
        judged so (measured better than playing the deals out near the target:
        benchmarks/RESULTS.md)."""
        self.helper = helper
        """A second process that samples half of each search's deals, on another core (None:
        the bot samples alone). Within ``think`` seconds the bot then samples about twice as
        many deals; with ``samples`` it samples as many as alone, in about half the time."""

    def options(self) -> dict[str, Any]:
        """The bot's switches by name, as :class:`ExpertBot` takes them (what a copy of it in
        another process needs besides its budget).

        >>> ExpertBot(seed=1, search_pass=True).options()
        {'search_pass': True, 'moons': True, 'value': False, 'score_aware': False}
        """
        return {name: getattr(self, name) for name in _OPTIONS}

    def __getstate__(self) -> dict[str, object]:
        state = {name: getattr(self, name) for name in ("seed", "think", "samples", "basic")}
        return {**state, **self.options(), "helper": None}  # (a process stays)

    def __setstate__(self, state: dict[str, object]) -> None:
        # (pickled before a switch was added: that switch as it was then; pickled before one was
        # removed: refused if it was on, as the constructor does)
        state = dict(state)
        _refuse_removed({name: state.pop(name) for name in REMOVED if name in state})
        for name, value in {**_OPTIONS, **state}.items():
            setattr(self, name, value)

    def choose(self, view: SeatView) -> Move:
        """This seat's move (see the module docstring)."""
        return self.analyse(view).move

    def analyse(self, view: SeatView) -> Analysis:
        """Choose a move and say how each candidate fared."""
        problem = self.problem(view)
        if problem is None:
            return Analysis(self.basic.choose(view), (), 0, False)
        return self._compare(view, problem)

    def problem(self, view: SeatView) -> Problem[Any] | None:
        """What this position asks the search to compare (None: the basic player decides).
        A helper builds the same problem from the same view."""
        if (
            self.search_pass
            and view.phase is Phase.PASS
            and passes_sampled(view.rules)
            and view.legal_moves
        ):
            return self._pass_problem(view)
        cards = self.searchable(view)
        if cards is None:
            return None
        left = sum(view.hand_sizes) + view.stock_size - 1  # cards to come, after the one tried
        sampler: Imagines = Sampler(view, kept_queen=KEPT_QUEEN)
        me = view.seat
        standing = self._standing(view)
        model = self._model(view)
        if model is not None:
            exact = EXACT_CARDS * 4  # (the model's forms seat four)

            def card_value(deal: Deal, card: Card) -> float | tuple[int, ...]:
                trial = deal.copy(stack=False)
                trial.play(card)
                rest = left - (-len(trial.trick)) % 4  # (the cards after this trick's)
                if rest <= exact:
                    return _finish(trial, view, left, None, self.moons, standing)
                while trial.trick:  # (the trick finished by the rules of thumb)
                    trial.play(rollout_card(trial))
                return snapshot(trial)

            return Problem(
                sampler, cards, card_value, None, model=model, seat=me, standing=standing
            )
        if not (self.moons and may_run(view)):

            def card_result(deal: Deal, card: Card) -> float:
                trial = deal.copy(stack=False)
                trial.play(card)
                return _finish(trial, view, left, None, self.moons, standing)

            return Problem(sampler, cards, card_result, None)

        # Every card twice: played as the rules of thumb go on, and running for the moon.
        def plan_result(deal: Deal, candidate: tuple[Card, bool]) -> float:
            card, run = candidate
            trial = deal.copy(stack=False)
            trial.play(card)
            return _finish(trial, view, left, me if run else None, True, standing)

        plans = [(card, False) for card in cards] + [(card, True) for card in cards]
        return Problem(sampler, plans, plan_result, None, plans=True)

    def _pass_problem(self, view: SeatView) -> Problem[Any]:
        """The pass (with ``search_pass``): the basic player's first :data:`PASS_POOL` cards to
        pass, every way to pass as many as the rules ask, each tried in the same imagined deals
        (the other hands at random, the other seats passing as the basic player does, then the
        hand played out). The basic player's own pass stands unless another does better on the
        same deals by two standard errors of the difference: a short budget keeps it.

        A hand that may run for the moon (:func:`may_run`, with ``moons``) also tries the
        runner's passes: every way to pass as many of its :data:`RUN_POOL` lowest cards, the
        hand then played running (:func:`run_card`, while :func:`run_on` holds)."""
        count = view.rules.pass_count
        standing = self._standing(view)
        model = self._model(view)
        pool = pass_ranking(view)[: count + (MODEL_PASS_POOL if model else PASS_POOL) - 3]
        candidates = [Pass(cards) for cards in itertools.combinations(pool, count)]
        me = view.seat
        left = view.rules.hand_size * view.rules.dealt_seats
        if model is not None:

            def pass_value(deal: Deal, move: Move) -> tuple[int, ...]:
                trial = deal.copy(stack=False)
                trial.play(move, me)
                return snapshot(trial)

            others = self._others_pass(me)
            return Problem(
                PassSampler(view),
                candidates,
                pass_value,
                others,
                0,
                model=model,
                seat=me,
                standing=standing,
            )
        if self.moons and may_run(view):
            low = sorted(view.hand, key=lambda card: (card.rank, card))[: count + RUN_POOL - 3]
            plans = [(move, False) for move in candidates] + [
                (Pass(cards), True) for cards in itertools.combinations(low, count)
            ]

            def plan_result(deal: Deal, plan: tuple[Move, bool]) -> float:
                move, run = plan
                trial = deal.copy(stack=False)
                trial.play(move, me)
                return _finish(trial, view, left, me if run else None, True, standing)

            return Problem(
                PassSampler(view), plans, plan_result, self._others_pass(me), default=0, plans=True
            )

        def pass_result(deal: Deal, move: Move) -> float:
            trial = deal.copy(stack=False)
            trial.play(move, me)
            return _finish(trial, view, left, None, self.moons, standing)

        return Problem(PassSampler(view), candidates, pass_result, self._others_pass(me), default=0)

    def _standing(self, view: SeatView) -> Standing | None:
        """The game's standing this bot plays score-aware to (None: it plays the hand's points):
        only in a game to a points target, and only in the forms score-aware play was measured
        in, those the value model fits (four-handed, the Q♠ 13 and a heart one: the constants
        of :mod:`hearts.bots.standing` were fitted there)."""
        if not self.score_aware or not fits(view.rules):
            return None
        return Standing.of(view)

    def _model(self, view: SeatView) -> ValueModel | None:
        """The value model this bot judges cards by in this view's form (None: roll-outs)."""
        if self.value is False or not fits(view.rules):
            return None
        if self.value is True:
            return shipped_model()
        return self.value

    def _others_pass(self, me: int) -> Callable[[Deal], None]:
        """Readies an imagined deal at the pass: the other seats pass as the basic player does."""

        def others_pass(deal: Deal) -> None:
            for seat in deal.seats:
                if seat != me:
                    deal.play(self.basic.choose(deal.view(seat)), seat)

        return others_pass

    def _compare(self, view: SeatView, problem: Problem[Any]) -> Analysis:
        """Each candidate's result in the same imagined deals, the clearly worse dropped as it
        goes (every :data:`_PRUNE_EVERY` deals); the best on average (or the problem's
        ``default`` candidate, unless the best is ahead of it on the same deals by
        :data:`_PRUNE_SIGMAS` standard errors of the difference). With a helper, the deals are
        shared with its process: in a timed search it plays out deals without a break, its
        results taken in as they come; with ``samples``, each round is shared half and half
        (the same deals every time, for a seed)."""
        candidates = problem.candidates
        totals = [0.0] * len(candidates)
        squares = [0.0] * len(candidates)
        results: list[list[float]] = [[] for _ in candidates]
        active = list(range(len(candidates)))
        done = 0
        check = _PRUNE_EVERY
        limit = self.samples
        deadline = None if limit is not None else time.perf_counter() + self.think
        taken = self.helper
        if taken is not None and not taken.begin(self, view, len(candidates)):
            taken = None
        helper = taken  # (None from the round it fails in: the rest is sampled here alone)
        streaming = helper is not None and limit is None  # (timed: it samples on regardless)
        if streaming and helper is not None and not helper.stream(active, deadline):
            helper = None
        try:
            stream = imagine(problem.sampler, self.generator(view), None, deadline)
            while limit is None or done < limit:
                size = _PRUNE_EVERY if limit is None else min(_PRUNE_EVERY, limit - done)
                share = size // 2 if helper is not None else 0
                if not streaming and helper is not None and not helper.ask(active, share):
                    helper, share = None, 0
                rows = problem.rows(itertools.islice(stream, size - share), active)
                if helper is not None:
                    theirs = helper.take(active) if streaming else helper.rows()
                    if theirs is None:
                        helper = None
                    else:
                        rows += theirs
                if not rows:
                    break
                for row in rows:
                    for index, value in zip(active, row, strict=True):
                        totals[index] += value
                        squares[index] += value * value
                        results[index].append(value)
                done += len(rows)
                if done >= check:
                    check = (done // _PRUNE_EVERY + 1) * _PRUNE_EVERY
                    if len(active) > 2:
                        active = _prune(active, totals, squares, results, problem.default)
                        if streaming and helper is not None and not helper.narrow(active):
                            helper = None
                    if limit is None and done >= _SETTLE_AFTER and _settled(active, results):
                        break
                if deadline is not None and time.perf_counter() >= deadline:
                    break
        finally:
            if taken is not None:
                taken.end()
        if not done:
            return Analysis(self.basic.choose(view), (), 0, False)

        def ranked(indices: Iterable[int]) -> list[tuple[int, float]]:
            return sorted(
                ((index, totals[index] / len(results[index])) for index in indices),
                key=lambda item: (-item[1], item[0]),
            )

        order = ranked(active) + ranked(i for i in range(len(candidates)) if i not in active)
        best = order[0][0]
        default = problem.default
        if (
            default is not None
            and best != default
            and not _ahead(results[best], results[default], _PRUNE_SIGMAS)
        ):
            best = default
        move, running = problem.move(candidates[best])
        scores: dict[Move, float] = {}  # (each move once: its first plan in the ranking)
        for index, mean in order:
            scores.setdefault(problem.move(candidates[index])[0], mean)
        return Analysis(move, tuple(scores.items()), done, True, running)


@dataclasses.dataclass(frozen=True, slots=True)
class Problem(Generic[M]):
    """What a search compares: the candidates, each judged on the same imagined deals."""

    sampler: Imagines
    """Imagines the deals."""
    candidates: Sequence[M]
    """The candidates compared: moves, or (a card, whether to run for the moon) pairs."""
    result: Callable[[Deal, M], Any]
    """A candidate's result in an imagined deal (higher is better for the seat), or with a
    ``model`` the position it leaves, for the model to judge (:func:`snapshot`)."""
    prepare: Callable[[Deal], None] | None
    """Readies each imagined deal before the candidates are tried in it (None: nothing)."""
    default: int | None = None
    """The candidate that stands unless another is clearly ahead of it (None: the best)."""
    plans: bool = False
    """Each candidate is a (move, whether to run for the moon) pair, not a move played as the
    rules of thumb go on."""
    model: ValueModel | None = None
    """Judges the positions ``result`` gives instead of a number (:func:`snapshot`), all of a
    round's at once (None: every result is a number)."""
    seat: int = 0
    """The seat the model judges for."""
    standing: Standing | None = None
    """Playing score-aware: the model's points for each seat are judged by what they are worth to
    :attr:`seat`, its chance to win the game first (:meth:`Standing.worth`)."""

    def move(self, candidate: M) -> tuple[Move, bool]:
        """The move a candidate makes, and whether it runs for the moon."""
        if self.plans:
            return cast("tuple[Move, bool]", candidate)
        return cast("Move", candidate), False

    def rows(self, deals: Iterable[Deal], active: Sequence[int]) -> list[list[float]]:
        """For each deal, the result of each candidate in ``active`` (their indices)."""
        rows: list[list[Any]] = []
        for deal in deals:
            if self.prepare is not None:
                self.prepare(deal)
            rows.append([self.result(deal, self.candidates[index]) for index in active])
        if self.model is None:
            return rows
        places = [
            (r, c) for r, row in enumerate(rows) for c, x in enumerate(row) if type(x) is tuple
        ]
        if places:
            states = [rows[r][c] for r, c in places]
            seats = [self.seat] * len(states)
            if self.standing is None:
                values = self.model.scores(states, seats).tolist()
            else:
                values = self._worth(self.model.points(states, seats), states)
            for (r, c), value in zip(places, values, strict=True):
                rows[r][c] = value
        return rows

    def _worth(self, points: Any, states: Sequence[Sequence[int]]) -> list[float]:
        """What the model's points (a row a position, this seat's first, then clockwise) are
        worth to this seat (:meth:`Standing.expected_worth`): expectations, as uncertain as the
        points still out in the hand are many (:func:`~hearts.bots.standing.expected_spread`)."""
        assert self.standing is not None
        seats = points.shape[1]
        absolute = points[:, [(seat - self.seat) % seats for seat in range(seats)]]
        spreads = [expected_spread(26 - _points_taken(state)) for state in states]
        worth = self.standing.expected_worth(absolute, spreads)
        return worth[:, self.seat].tolist()  # type: ignore[no-any-return]


def _points_taken(state: Sequence[int]) -> int:
    """The points (hearts and the Q♠) already taken in a position (:func:`snapshot`)."""
    taken = 0
    for mask in state[8:12]:
        taken += (mask & HEARTS_MASK).bit_count() + 13 * ((mask >> QUEEN_OF_SPADES) & 1)
    return taken


PASS_POOL = 6
"""The expert's pass is chosen among the basic player's first this many cards to pass (every
way to pass three of them: 20 candidates)."""
MODEL_PASS_POOL = 8
"""With the value model, the pass is chosen among the basic player's first this many cards (every
way to pass three: 56 candidates, the model judging each in the same imagined deals)."""
RUN_POOL = 5
"""A hand that may run for the moon also tries passing three of its this many lowest cards,
running (every way: 10 more candidates)."""

_PRUNE_EVERY = 12
"""Samples between two looks at the candidates: cards clearly worse than the best are dropped."""
_PRUNE_SIGMAS = 2.0
_SETTLE_AFTER = 48
"""Samples before a timed search may stop early, its choice settled (:func:`_settled`)."""
_SETTLE_SIGMAS = 3.0


def _settled(active: list[int], results: list[list[float]]) -> bool:
    """Whether the best card is settled: on the same deals, it did better than every other card
    still in contention by more than :data:`_SETTLE_SIGMAS` standard errors of the difference,
    or exactly as well in every deal (cards as good as each other, like touching cards)."""
    best = max(active, key=lambda index: sum(results[index]))
    mine = results[best]
    for index in active:
        if index == best or results[index] == mine:
            continue  # (the same result in every deal: as good)
        if not _ahead(mine, results[index], _SETTLE_SIGMAS):
            return False
    return True


def _ahead(mine: list[float], other: list[float], sigmas: float) -> bool:
    """Whether results are ahead of others on the same deals by ``sigmas`` standard errors of
    the difference (and at least :data:`_PRUNE_EVERY` deals)."""
    n = len(mine)
    if n < _PRUNE_EVERY:
        return False
    diffs = [a - b for a, b in zip(mine, other, strict=True)]
    mean = sum(diffs) / n
    variance = max(sum(d * d for d in diffs) / n - mean * mean, 0.0)
    return mean > sigmas * math.sqrt(variance / (n - 1))


def _prune(
    active: list[int],
    totals: list[float],
    squares: list[float],
    results: list[list[float]],
    default: int | None = None,
) -> list[int]:
    """Drop the candidates whose mean is clearly below the best one's (by their standard
    errors), keeping at least two, and the ``default`` candidate (the one that stands unless
    another is clearly ahead of it on the same deals: it is played on every deal): the samples
    left go to those still in contention."""
    stats = {}
    for index in active:
        n = len(results[index])
        mean = totals[index] / n
        variance = max(squares[index] / n - mean * mean, 0.0)
        stats[index] = (mean, (variance / n) ** 0.5)
    best = max(active, key=lambda i: stats[i][0])
    top, top_error = stats[best]
    kept = [
        index
        for index in active
        if index == best
        or stats[index][0] + _PRUNE_SIGMAS * stats[index][1] >= top - _PRUNE_SIGMAS * top_error
    ]
    if len(kept) < 2:
        kept = sorted(active, key=lambda i: -stats[i][0])[:2]
    if default is not None and default in active and default not in kept:
        kept = sorted([*kept, default])
    return kept


def hint(
    view: SeatView,
    *,
    think: float = 0.5,
    samples: int | None = None,
    seed: int = 0,
    helper: Helper | None = None,
) -> Hint:
    """The expert's move for this view and a one-line reason.

    ``think`` seconds (or exactly ``samples`` sampled deals) go into it, with a ``helper``
    sampling beside it if one is given.
    """
    analysis = ExpertBot(seed=seed, think=think, samples=samples, helper=helper).analyse(view)
    move = analysis.move
    if not analysis.searched:
        if len(view.legal_moves) == 1:
            only = "the only card you may play" if isinstance(move, Card) else "your only move"
            return Hint(move, f"{_name(move)}: the only legal move", words.hint(move, why=only))
        cards = [card for card in view.legal_moves if isinstance(card, Card)]
        if (
            view.phase is Phase.PLAY
            and len(cards) == len(view.legal_moves)
            and equivalent(view, cards)
        ):
            same = "the cards you may play are as good as each other"
            return Hint(move, f"{_name(move)}: {same}", words.hint(move, why=same))
        usual = (
            "the cards most likely to cost you points"
            if isinstance(move, Pass | Discard)
            else "the usual good play here"
        )
        return Hint(
            move,
            f"{_name(move)}: by the rules of thumb (nothing to search here)",
            words.hint(move, why=usual),
        )
    best, score = analysis.scores[0]
    unit = "points ahead of the others" if not view.rules.counters else "counters won"
    run = ", running for the moon" if analysis.running else ""
    reason = f"{_name(best)}{run}: {score:+.1f} {unit} on average over {analysis.samples} deals"
    if len(analysis.scores) > 1:
        second, other = analysis.scores[1]
        reason += f"; next best {_name(second)} {other:+.1f}"
    # (in plain words: what the move suggested saves against the best of the others)
    mine = next((value for made, value in analysis.scores if made == move), score)
    others = [(made, value) for made, value in analysis.scores if made != move]
    if others:
        text = words.hint(
            move,
            than=others[0][0],
            better=mine - others[0][1],
            unit="counter" if view.rules.counters else "point",
            running=analysis.running,
        )
    else:
        text = words.hint(move, why="the only move worth weighing", running=analysis.running)
    return Hint(move, reason, text)


def _name(move: Move) -> str:
    if isinstance(move, Card):
        return move.symbol
    if isinstance(move, Pass | Discard):
        return f"{type(move).__name__.lower()} {move.cards.symbols()}"
    return str(move)


# ----------------------------------------------------------------------------- playing out


def _finish(
    deal: Deal,
    view: SeatView,
    left: int,
    runner: int | None = None,
    others: bool = False,
    standing: Standing | None = None,
) -> float:
    """Play an imagined deal to its end and score it for the view's seat; ``left`` is the
    number of cards still to be played (in the hands and the stock). ``runner``, a seat that
    runs for the moon (:func:`run_card`) while nobody else has taken a card that counts; the
    others, and it once its run is off, play by the rules of thumb (:func:`rollout_card`).
    With ``others``, another seat runs too while its hand is strong, as the basic player
    does (:func:`strong_run`). ``standing``: the deal is judged by
    the chance it leaves the seat to win the game (:func:`score_deal`)."""
    me = view.seat
    exact = EXACT_CARDS * len(deal.seats)
    holder = None  # (the other seat holding the A♥: only it may run, as the basic player)
    if others and deal.rules.moon is not Moon.OFF and deal.rules.cancellation is None:
        holder = next((s for s in deal.seats if s != me and deal.hand(s).mask >> _AH & 1), None)
    while True:
        phase = deal.phase
        if phase is not Phase.PLAY:
            if phase is not Phase.DISCARD:
                return score_deal(deal, view, standing)[me]
            deal.play(rollout_discard(deal))  # (as many cards as the widow brought)
            continue
        if left <= exact and left % len(deal.seats) == 0:  # a trick's start, few cards left
            return _exact(deal, view, standing)[me]
        seat = deal.to_act
        assert seat is not None  # (the play: a seat is to act)
        if seat == runner and not run_on(deal, seat):
            runner = None  # (its run is off: it plays on by the rules of thumb)
        running = seat == runner or (seat == holder and strong_run(deal, seat))
        deal.play(run_card(deal) if running else rollout_card(deal))
        left -= 1


_AH = Card.of(Rank.ACE, Suit.HEARTS)
_HIGH = sum(1 << Card.of(rank, suit) for rank in (12, 13, 14) for suit in Suit)
"""The queens, kings and aces (of the one pack: two packs' forms do not run in roll-outs)."""
STRONG_RUN = 0.6
"""In a roll-out (with the moon weighed), another seat runs for the moon while it holds the A♥
and at least this share of its cards (four or more) ranked queen or higher, as the basic
player does."""


def strong_run(deal: Deal, seat: int) -> bool:
    """Whether ``seat`` runs for the moon in a roll-out: the A♥ and :data:`STRONG_RUN` of its
    cards (four or more) queen or higher, and nobody else has taken a card that counts."""
    hand = deal.hand(seat).mask
    count = hand.bit_count()
    if count < 4 or not hand >> _AH & 1 or (hand & _HIGH).bit_count() < STRONG_RUN * count:
        return False
    return run_on(deal, seat)


def _close(deal: Deal) -> None:
    """Past the last card of an imagined deal: the shooter takes the old moon (docs/rules.md §6.4's
    default; a roll-out does not weigh his choice), and under the laws every seat gathers."""
    while not deal.is_over:
        if deal.phase is Phase.MOON:
            deal.play(MoonChoice.OLD)
        elif deal.phase is Phase.GATHER:
            deal.play(Gather())
        else:  # pragma: no cover - only the moon choice and the gathering follow the play
            raise InvalidArgument(f"cannot finish a deal in phase {deal.phase.value}")


def score_deal(deal: Deal, view: SeatView, standing: Standing | None = None) -> list[float]:
    """Each seat's result of a finished imagined deal, as the searching bots score it: its
    points ahead of the others' mean (points games: the others' mean minus its own), or the
    counters it won (counters games, with the view's pool and Jack carried in). With a
    ``standing`` (score-aware play), what the deal is worth to each seat: its chance in percent
    to win the game once the deal's points are added to the totals, with its points against
    the others' beside it (:meth:`Standing.worth`).

    >>> import random
    >>> from hearts import Game, variants
    >>> game = Game(variants.get("modern").replace(passing=None), seed=4)
    >>> view, deal = game.view(0), game.deal.copy()
    >>> rng = random.Random(4)
    >>> while not deal.is_over:
    ...     _ = deal.play(rng.choice(deal.legal_moves()))
    >>> [round(x, 2) for x in score_deal(deal, view)], deal.points()
    ([6.0, 8.67, 3.33, -18.0], (2, 0, 4, 20))
    """
    if not deal.is_over:
        deal = deal.copy(stack=False)
        _close(deal)
    deltas = settle(deal, pool=view.pool, jack=view.jack).deltas
    if standing is not None:
        return standing.worth(deltas)
    if not view.rules.counters:
        seats = deal.seats
        total = sum(deltas[s] for s in seats)
        others = len(seats) - 1
        return [(total - deltas[s]) / others - deltas[s] for s in range(len(deltas))]
    return [float(delta) for delta in deltas]


def _exact(deal: Deal, view: SeatView, standing: Standing | None = None) -> list[float]:
    """Max-n: every seat plays the card best for itself to the end of the hand (the first of
    the best on a tie, in the order of the legal cards), each judging the deal as
    :func:`score_deal` does (with a ``standing``: by its chance to win the game).

    The same search as the plain one, made cheaper without changing its result: forced cards
    (a seat with one legal card, as in the last trick) are played without a choice; and of two
    cards that are twins in the imagined deal (:func:`_twin`) only the first is searched: the
    other's subtree is the same with the two cards swapped, so its result is the same to the
    bit and would not displace the first (a later card displaces only a strictly better one).
    """
    played = 0
    try:
        while True:
            phase = deal.phase
            if phase is not Phase.PLAY:
                if phase is Phase.DISCARD:
                    deal.play(rollout_discard(deal))
                    played += 1
                    continue
                return score_deal(deal, view, standing)
            moves = deal.legal_moves()
            if len(moves) != 1:
                break
            deal.play(moves[0])
            played += 1
        seat = deal.to_act
        assert seat is not None
        best: list[float] | None = None
        previous: Card | None = None
        for card in moves:
            assert isinstance(card, Card)
            if previous is not None and _twin(deal, previous, card):
                previous = card  # (its result is the one before's: it cannot be better)
                continue
            previous = card
            deal.play(card)
            result = _exact(deal, view, standing)
            deal.undo()
            if best is None or result[seat] > best[seat]:
                best = result
        assert best is not None
        return best
    finally:
        for _ in range(played):
            deal.undo()


def _twin(deal: Deal, first: Card, card: Card) -> bool:
    """Whether ``card`` is the twin of ``first``, the legal card before it of the seat to act in
    an imagined deal: in one suit, counting the same, and every card between them in rank out of
    play (in a trick taken, or not in the pack), so that no card still in a hand or in the trick
    on the table tells them apart. Then swapping the two throughout the rest of the hand changes
    no trick's winner, no card's worth, no legal move and no score; and, the two being next to
    each other among the seat's cards, not the order of any seat's legal cards either. Never in
    the forms where a card may matter otherwise (as :func:`~hearts.bots.search.equivalent`: two
    packs, the auction, the laws, the joker, the Q♠ where it breaks hearts: :func:`alike`), nor
    where a widow is discarded (the roll-out's discard reads the order of the cards)."""
    rules = deal.rules
    if rules.widow is Widow.DISCARD or not alike(rules, deal.card_values, first, card):
        return False
    if card - first == 1:
        return True  # touching ids (the same suit): no card between
    gone = ~rules.pack
    for seat in deal.seats:
        gone |= deal.taken(seat).mask
    between = ((1 << card) - 1) & ~((2 << first) - 1)
    return between & ~gone == 0


def rollout_card(deal: Deal) -> Card:
    """The basic player's rules of thumb for the seat to act, read off an imagined deal. It looks
    at its own hand, the trick and the points taken, and whether the (first pack's) Q♠ is still
    in another hand: in the forms dealt out, that is public (whether it has been played); with a
    stock or a widow the roll-out also knows whether the imagined Q♠ lies there, a liberty taken
    on imagined cards for speed.

    - **lead** low, from its shortest suit, below the jack when it can, never a card that counts
      while it has another, nor the A♠/K♠ while the Q♠ is out in another hand;
    - **follow**: duck under the card winning the trick; when every card wins, the lowest (last to
      play, the highest that does not count);
    - **void**: shed what counts most, else its highest card;
    - **the moon** (where it is played): when one seat has taken every point so far, at least
      :data:`MOON_THREAT`, the others take its tricks with the lowest card that beats it and do
      not feed it a card that counts.

    >>> from hearts import Deal, variants
    >>> deal = Deal.from_hands(variants.get("modern"), [
    ...     "2C 5C 9C QC 3D 7D KD 4S 8S QS AS 6H JH",
    ...     "3C 6C TC KC 4D 8D AD 5S 9S KS 2H 7H QH",
    ...     "4C 7C JC AC 5D 9D 2D 6S TS 3H 8H KH AH",
    ...     "8C 6D TD JD QD 2S 3S 7S JS 4H 5H 9H TH"], pass_direction="hold")
    >>> for card in ("2C", "3C", "4C", "8C"):
    ...     _ = deal.play(card)
    >>> rollout_card(deal)    # seat 3 took the trick; it leads low from its shortest suit
    Card.parse('2S')
    """
    moves: Sequence[Card] = deal.legal_moves()  # type: ignore[assignment]
    if len(moves) == 1:
        return moves[0]
    values = deal.card_values
    trick = deal.trick
    if not trick:
        return _rollout_lead(deal, moves, values)
    led = trick[0][1].suit
    winner, winning = max(((s, c) for s, c in trick if c.suit is led), key=lambda p: p[1].rank)
    if deal.rules.moon is not Moon.OFF and winner != deal.to_act and winner == _moon_threat(deal):
        beaters = [card for card in moves if card.suit is led and card.rank > winning.rank]
        if beaters:
            return min(beaters, key=lambda c: c.rank)
        if moves[0].suit is not led:
            plain = [card for card in moves if values[card] <= 0]
            if plain:
                return max(plain, key=lambda c: c.rank)
    if moves[0].suit is led:
        below = [card for card in moves if card.rank < winning.rank]
        if below:
            return max(below, key=lambda c: (values[c] >= 0, c.rank))
        if len(trick) == len(deal.seats) - 1:
            return max(moves, key=lambda c: (-values[c], c.rank))
        return min(moves, key=lambda c: (values[c] < 0, c.rank))
    return max(moves, key=lambda c: (values[c], c.rank))


def _queen_out(deal: Deal, values: Sequence[int]) -> bool:
    """Whether the Q♠ counts and is in the hand of a seat other than the one to act."""
    if values[QUEEN_OF_SPADES] <= 0:
        return False
    seat = deal.to_act
    return any(
        deal.hand(other).mask >> QUEEN_OF_SPADES & 1 for other in deal.seats if other != seat
    )


def run_card(deal: Deal) -> Card:
    """Running for the moon, in a roll-out: the seat to act plays to win every trick.

    - **lead** a card no other hand can beat in its suit (from its longest such suit), else its
      highest card;
    - **follow**: the highest card that wins the trick (the lowest that wins when last to
      play); when none wins, the lowest, one that does not count first;
    - **void**: the lowest card that does not count (it would give away the run), else the
      lowest.

    >>> from hearts import Deal, variants
    >>> deal = Deal.from_hands(variants.get("modern"), [
    ...     "2C 5C 9C QC 3D 7D KD 4S 8S QS AS 6H JH",
    ...     "3C 6C TC KC 4D 8D AD 5S 9S KS 2H 7H QH",
    ...     "4C 7C JC AC 5D 9D 2D 6S TS 3H 8H KH AH",
    ...     "8C 6D TD JD QD 2S 3S 7S JS 4H 5H 9H TH"], pass_direction="hold")
    >>> _ = deal.play("2C"), deal.play("3C")
    >>> run_card(deal), rollout_card(deal)   # seat 2: win it with the A♣, or play low
    (Card.parse('AC'), Card.parse('4C'))
    """
    moves: Sequence[Card] = deal.legal_moves()  # type: ignore[assignment]
    if len(moves) == 1:
        return moves[0]
    penalty = deal.rules.penalty_mask
    trick = deal.trick
    if not trick:
        seat = deal.to_act
        assert seat is not None
        others = 0
        for other in deal.seats:
            if other != seat:
                others |= deal.hand(other).mask
        hand = deal.hand(seat).mask
        lengths = [(hand & mask).bit_count() for mask in SUIT_MASKS]
        bosses = [c for c in moves if not others & SUIT_MASKS[c.suit] & ~((2 << c) - 1)]
        if bosses:
            return max(bosses, key=lambda c: (lengths[c.suit], c.rank))
        return max(moves, key=lambda c: (c.rank, lengths[c.suit]))
    led = trick[0][1].suit
    winning = max((card for _, card in trick if card.suit is led), key=lambda c: c.rank)
    winners = [card for card in moves if card.suit is led and card.rank > winning.rank]
    if winners:
        last = len(trick) == len(deal.seats) - 1
        return (min if last else max)(winners, key=lambda c: c.rank)
    plain = [card for card in moves if not penalty >> card & 1] or list(moves)
    return min(plain, key=lambda c: (c.rank, c))


def run_on(deal: Deal, runner: int) -> bool:
    """Whether ``runner`` may still take every card that counts: nobody else has taken one."""
    penalty = deal.rules.penalty_mask
    return not any(deal.taken(seat).mask & penalty for seat in deal.seats if seat != runner)


RUN_HIGH = 0.4
"""The share of its cards ranked queen or higher from which the expert weighs running for the
moon (:func:`may_run`): the search, not this share, decides whether it runs."""


def may_run(view: SeatView) -> bool:
    """Whether the expert weighs running for the moon from this view: the moon is played (with
    one pack: not in Cancellation Hearts, whose twins cancel), no other seat has taken a card
    that counts, and at least :data:`RUN_HIGH` of its cards (four or more) are ranked queen or
    higher."""
    rules = view.rules
    if rules.moon is Moon.OFF or rules.counters or rules.cancellation is not None:
        return False  # (two packs: twins cancel, and run_card reads one pack's order)
    hand = view.hand
    if len(hand) < 4 or not run_open(view):
        return False
    high = sum(1 for card in hand if card.rank >= Rank.QUEEN)
    return high >= RUN_HIGH * len(hand)


def rollout_discard(deal: Deal) -> Discard:
    """Heartsette, in a roll-out: the widow's taker discards as the basic player does."""
    first = deal.legal_moves()[0]
    assert isinstance(first, Discard) and deal.to_act is not None
    return discard(deal.hand(deal.to_act), deal.card_values, len(first.cards))


MOON_THREAT = 6
"""Points taken by one seat alone (nobody else having taken any) that make it a moon threat in a
roll-out."""


def _moon_threat(deal: Deal) -> int | None:
    """The seat that has taken every point so far, if it has taken :data:`MOON_THREAT` or more."""
    takers = [(seat, points) for seat, points in enumerate(deal.penalties()) if points]
    if len(takers) == 1 and takers[0][1] >= MOON_THREAT:
        return takers[0][0]
    return None


def _rollout_lead(deal: Deal, moves: Sequence[Card], values: Sequence[int]) -> Card:
    """A roll-out's lead (see :func:`rollout_card`)."""
    seat = deal.to_act
    assert seat is not None
    hand = deal.hand(seat).mask
    lengths = [(hand & mask).bit_count() for mask in SUIT_MASKS]
    queen_out = _queen_out(deal, values)

    def key(card: Card) -> tuple[bool, bool, bool, bool, int, int]:
        value = values[card]
        rank = card.rank
        return (
            value > 0,
            value < 0,
            queen_out and card.suit is Suit.SPADES and rank > Rank.QUEEN,
            rank >= Rank.JACK,
            lengths[card.suit],
            rank,
        )

    return min(moves, key=key)
