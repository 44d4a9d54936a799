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
import time
import warnings
from collections.abc import Callable, Iterable
from typing import Any, Final

from hearts import words
from hearts.bots.basic import pass_ranking
from hearts.bots.helper import Helper

# (moved to hearts.bots.problem and hearts.bots.rollout in issue 40, importable here as before)
from hearts.bots.problem import (  # noqa: F401
    _PRUNE_EVERY,
    _PRUNE_SIGMAS,
    _SETTLE_AFTER,
    _SETTLE_SIGMAS,
    Problem,
    _ahead,
    _points_taken,
    _prune,
    _settled,
)
from hearts.bots.rollout import (  # noqa: F401
    _AH,
    _HIGH,
    EXACT_CARDS,
    MOON_THREAT,
    RUN_HIGH,
    STRONG_RUN,
    _close,
    _exact,
    _finish,
    _moon_threat,
    _queen_out,
    _rollout_lead,
    _twin,
    may_run,
    rollout_card,
    rollout_discard,
    run_card,
    run_on,
    score_deal,
    strong_run,
)
from hearts.bots.sampler import PassSampler, Sampler, passes_sampled
from hearts.bots.search import DEFAULT_THINK, Imagines, Searcher, equivalent, imagine
from hearts.bots.standing import Standing
from hearts.bots.value import ValueModel, fits, shipped_model, snapshot
from hearts.cards import Card
from hearts.deal import Deal, Phase
from hearts.errors import InvalidArgument
from hearts.moves import Discard, Move, Pass
from hearts.observation import SeatView

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


def _refuse_removed(removed: dict[str, object], *, warn: bool = True) -> None:
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
        if warn:  # (at the caller of ExpertBot(...): the constructor is between)
            warnings.warn(
                f"{said}; {name}=False is what it plays: leave it out", DeprecationWarning, 3
            )


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
        # removed: refused if it was on, as the constructor does; off, as every old pickle has
        # it, dropped without a word: the user named nothing)
        state = dict(state)
        _refuse_removed({name: state.pop(name) for name in REMOVED if name in state}, warn=False)
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


PASS_POOL = 6
"""The expert's pass is chosen among the basic player's first this many cards to pass (every
way to pass three of them: 20 candidates)."""
MODEL_PASS_POOL = 8
"""With the value model, the pass is chosen among the basic player's first this many cards (every
way to pass three: 56 candidates, the model judging each in the same imagined deals)."""
RUN_POOL = 5
"""A hand that may run for the moon also tries passing three of its this many lowest cards,
running (every way: 10 more candidates)."""


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
