"""A Gymnasium vector environment of many tables a step: :class:`VectorEnv`.

>>> import numpy as np
>>> from hearts.envs.vector import VectorEnv
>>> venv = VectorEnv(num_envs=4, variant="modern", opponents="basic", seed=0)
>>> obs, info = venv.reset(seed=0)
>>> obs["observation"].shape, obs["action_mask"].shape, info["seat"].tolist()
((4, 1828), (4, 145), [0, 0, 0, 0])
>>> rng = np.random.default_rng(0)
>>> actions = np.array([rng.choice(np.flatnonzero(row)) for row in venv.action_masks()])
>>> obs, rewards, terminations, truncations, info = venv.step(actions)
>>> rewards.dtype, terminations.tolist(), info["seat_rewards"].shape
(dtype('float32'), [False, False, False, False], (4, 4))

``num_envs`` tables of one form (any preset of :mod:`hearts.variants` at any of its player
counts, rule changes as keywords, as for :class:`~hearts.envs.aec.HeartsEnv`), stepped together:
a step takes one action a table and makes one decision at each table.

Who plays
---------
- ``opponents="basic"`` (a bot's name of :mod:`hearts.bots`, or a sequence of names, one for each
  other seat in seat order, as :class:`~hearts.envs.single.SingleSeatEnv` takes them): the
  learner plays ``seat`` at every table, and the bots play the other seats. A step plays the
  learner's action, then the bots' moves until the learner must act again or the episode ends
  (a pass is chosen card by card: a step that chooses a card of a pass returns at once).
- ``opponents=None``, **self-play**: every seat is the learner's. A step plays one decision of
  the seat to act at each table, and the observation returned is that of the seat to act next,
  named in ``info["seat"]``.

Observations, actions, rewards
------------------------------
``obs = {"observation": float32 (N, D), "action_mask": int8 (N, 145)}``: row ``i`` is what the
AEC environment's ``observe`` gives for table ``i``'s seat ``info["seat"][i]``, bit for bit (the
layout of :func:`~hearts.envs.aec.encode` and :func:`~hearts.envs.aec.action_mask`; its version
in ``metadata["layout_version"]``). The arrays are **preallocated and reused**: every step
writes into the same two arrays (copy a row to keep it). :meth:`VectorEnv.action_masks` gives
the masks as bool (N, 145), for MaskablePPO and the like.

Actions are an int array (N,), one of the 145 actions of :data:`~hearts.envs.aec.ACTIONS` a
table. ``rewards`` float32 (N,) is what the seat that acted earned in the step (bots' moves
included), as the AEC environment's ``reward="end"`` or ``"trick"`` give it (good when high);
``info["seat_rewards"]`` float32 (N, P) is what each seat earned in the step (in self-play a seat
earns at steps where others act: the learner credits them from this). ``truncations`` are
always False.

Autoreset
---------
Gymnasium's **same-step** mode (``metadata["autoreset_mode"]`` is
:attr:`gymnasium.vector.AutoresetMode.SAME_STEP`): a table whose episode ends in a step is dealt
its next episode in that step, and the step returns the first observation of the new episode,
with ``terminations[i]`` True and the step's rewards those of the ended one. The ended episode's
last observation (with an all-zero mask) is in ``info["final_obs"][i]`` and its info (``seat``:
the seat that acted last, ``seat_rewards``, ``scores``: every seat's totals at the end) in
``info["final_info"]``, marked by ``info["_final_obs"]`` and ``info["_final_info"]``.

Seeds
-----
``reset(seed=s)`` seeds table ``i`` with ``s + i`` (Gymnasium's own convention); a sequence of
``num_envs`` seeds seeds each table with its own. Table ``i`` seeded ``s`` plays exactly the
episodes :class:`~hearts.envs.single.SingleSeatEnv` seeded ``s`` plays with the same actions
(the deals and the bots' seeds drawn alike), one after another as it resets itself. ``seed``
given when the environment is made is used by the first ``reset()`` without one.

Speed
-----
In self-play, when the C stepping (``hearts.envs._vector``, built with the core's accelerator)
is there, one call takes the common steps of every table of a plain form (one pack, every seat
dealt, nothing but the pass besides the tricks): a card chosen for a pass, the pass made, a card
played, each made by the engine's own ``play`` and written into every seat's observation row
only where it changed something. The deal and the end of a hand, the bots' tables and the other
forms are stepped in Python, through the AEC environment. ``accelerate=False`` (or
``HEARTS_PURE=1``) steps everything in Python, the reference: the values are the same either way
(:attr:`VectorEnv.accelerated` says which is in use).

Illegal actions
---------------
By default (``illegal="raise"``) an action that is not legal at its table raises
:class:`~hearts.errors.IllegalMove` naming the table, the action and the legal ones, and **no
table moves** (the actions are checked against the masks before any is played): a learner that
samples from the masks never sends one, and one that does has a bug worth seeing. The modes of
the other environments are there too, table by table (``info["illegal"]`` True for the tables
that sent one; the others move as usual): ``illegal="penalty"`` ends that table's episode
(the game does not move) with ``illegal_reward`` for the seat that acted, 0 for the others, and
the same-step autoreset; ``illegal="refuse"`` keeps that table where it is, not terminated, with
``illegal_reward``. ``illegal_reward`` is, unless given, minus
:func:`~hearts.envs.aec.hand_loss_bound` (-26 in modern), as in the other environments.

One module: the vector environment is one class and the few helpers of its batched stepping;
the observation and the actions come from :mod:`hearts.envs.encoding` and
:mod:`hearts.envs.actions`, as the other environments' do.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Literal

import gymnasium
import numpy as np
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from hearts import bots
from hearts.bots.base import Bot
from hearts.cards import Card, CardSet
from hearts.envs import aec
from hearts.envs.aec import (
    ACTIONS,
    Episode,
    HeartsEnv,
    RewardMode,
    actions_of,
    known_options,
    layout,
    new_game,
)
from hearts.envs.encoding import ACCELERATOR, DIRECTION_AT, PHASES, number_bounds
from hearts.envs.single import SingleSeatEnv
from hearts.errors import IllegalMove, InvalidArgument, InvalidCard
from hearts.hand.core import PLAIN, Phase
from hearts.hand.passing import Passing
from hearts.moves import Pass
from hearts.rules import SettlementMethod

__all__ = ["LAYOUT_VERSION", "VectorEnv"]

LAYOUT_VERSION: Final[int] = int(getattr(aec, "LAYOUT_VERSION", 1))
"""The version of the observation layout the rows are written in (that of
:func:`hearts.envs.aec.encode`)."""

_SEED_RANGE: Final = 2**62
"""As :class:`~hearts.envs.single.SingleSeatEnv`: the game's and each bot's seed are drawn below
this from the table's generator."""

Observation = dict[str, np.ndarray]
Illegal = Literal["raise", "penalty", "refuse"]


_FIELDS: Final = (
    "hand",
    "played",
    "trick",
    "leader",
    "passed",
    "received",
    "choosing",
    "voids",
    "penalties",
    "tricks_won",
    "hand_sizes",
    "phase",
    "to_act",
    "hearts_broken",
    "scores",
    "pool",
    "jack",
    "direction",
    "stock_size",
)
"""The fields the C stepping writes, in the order it takes their offsets."""


def _cards() -> tuple[Card | None, ...]:
    """The Card of each id below 64 (None for an id that is no card)."""
    cards: list[Card | None] = []
    for at in range(64):
        try:
            cards.append(Card(at))
        except InvalidCard:
            cards.append(None)
    return tuple(cards)


class _Table:
    """One table in pure Python: the AEC environment, its bots, and the generator its episodes
    are drawn from (as :class:`~hearts.envs.single.SingleSeatEnv` draws them)."""

    __slots__ = ("agents", "bots", "draws", "env", "names", "rng", "samples", "seat", "think")

    def __init__(
        self,
        env: HeartsEnv,
        seat: int,
        names: dict[int, str] | None,
        think: float | None,
        samples: int | None,
    ) -> None:
        self.env = env
        self.seat = seat
        self.names = names
        self.think = think
        self.samples = samples
        self.agents = env.possible_agents
        self.bots: dict[int, Bot] = {}
        self.rng: np.random.Generator = np.random.default_rng()
        self.draws: list[list[int]] = []
        """Seeds drawn ahead, one row an episode (16 rows drawn at once are the same numbers as
        16 draws of one row: 64-bit draws below a power of two keep no bits between calls)."""

    def seed(self, seed: int | None) -> None:
        self.rng, _ = seeding.np_random(seed)
        self.draws = []

    def reset(self, options: dict[str, Any] | None = None) -> None:
        """Deal the next episode (as ``options`` choose, checked before); the bots play until
        the learner acts."""
        env = self.env
        if not self.draws:
            rows = self.rng.integers(_SEED_RANGE, size=(16, len(self.agents))).tolist()
            self.draws = rows[::-1]
        draws = self.draws.pop()
        if self.names is not None:
            self.bots = {
                other: bots.get(name, seed=draws[other], think=self.think, samples=self.samples)
                for other, name in self.names.items()
            }
        env.reset(seed=draws[self.seat], options=options)
        if self.names is not None:
            rewards = np.zeros(len(self.agents), dtype=np.float64)
            self._bots_play(rewards)
            assert not self.over, "the episode ended before the learning seat acted"

    @property
    def over(self) -> bool:
        return bool(self.env.terminations[self.agents[0]])

    def to_act(self) -> int:
        """The seat whose observation the table gives: the learner's, or in self-play the
        seat to act."""
        if self.names is not None:
            return self.seat
        return self.agents.index(self.env.agent_selection)

    def step(self, action: int, rewards: np.ndarray) -> None:
        """Play the action of the seat to act (then the bots'), adding each seat's rewards."""
        env = self.env
        env.step(action)
        self._add(rewards)
        if self.names is not None:
            self._bots_play(rewards)

    def finish(self, rewards: np.ndarray) -> None:
        """After a move the C stepping made, whose phase is no longer the pass or the play (the
        hand over): the AEC environment's own bookkeeping of it (for the end of a hand episode,
        its settlement as the AEC environment gives it, without asking the game for its hand
        number, which would deal the next hand for nothing)."""
        env = self.env
        game = env.game
        assert game is not None
        if env.episode == "hand" and env._deal.is_over:
            after = game.scores
            points = env.rules.method is SettlementMethod.POINTS
            settled = [
                (start - now if points else now - start) - given
                for now, start, given in zip(
                    after, env._hand_start, env._trick_rewards, strict=True
                )
            ]
            env.rewards = dict(zip(self.agents, settled, strict=True))
            env.terminations = dict.fromkeys(self.agents, True)
        else:
            env._after_move()
        self._add(rewards)

    def plain(self) -> tuple[bool, int]:
        """Whether the C stepping takes this hand (one pack, every seat dealt, nothing but the
        pass besides the tricks), and the cards of a pass."""
        deal = self.env._deal
        fixed = deal._fixed
        mechanics = deal._mechanics
        if (
            fixed.closer != PLAIN
            or fixed.sits_out is not None
            or deal._laws is not None
            or any(type(mechanic) is not Passing for mechanic in mechanics)
            or any(dealt >> 64 for dealt in fixed.dealt)
            or len(self.agents) > 16
        ):
            return False, 0
        return True, next((m.count for m in mechanics if isinstance(m, Passing)), 0)

    def _add(self, rewards: np.ndarray) -> None:
        for at, agent in enumerate(self.agents):
            rewards[at] += self.env.rewards[agent]

    def _bots_play(self, rewards: np.ndarray) -> None:
        env = self.env
        game = env.game
        assert game is not None
        learner = self.agents[self.seat]
        while not self.over and env.agent_selection != learner:
            other = self.agents.index(env.agent_selection)
            move = self.bots[other].choose(game.view(other))
            for action in actions_of(move):
                env.step(action)
                self._add(rewards)

    def observe(self, seat: int, observation: np.ndarray, mask: np.ndarray) -> None:
        obs = self.env.observe(self.agents[seat])
        observation[:] = obs["observation"]
        mask[:] = obs["action_mask"]

    def scores(self) -> tuple[int, ...]:
        assert self.env.game is not None
        return self.env.game.scores


class VectorEnv(gymnasium.vector.VectorEnv[Observation, np.ndarray, np.ndarray]):
    """Many tables a step (see the module's docstring).

    Bad arguments raise :class:`~hearts.errors.InvalidArgument` (or
    :class:`~hearts.errors.UnknownName` for a bot or variant that does not exist):

    >>> VectorEnv(num_envs=0)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: num_envs=0: it is a whole number of tables, at least 1
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (Gymnasium's form)
        "render_modes": [],
        "autoreset_mode": AutoresetMode.SAME_STEP,
        "layout_version": LAYOUT_VERSION,
    }

    def __init__(
        self,
        num_envs: int = 1,
        variant: str = "modern",
        players: int | None = None,
        seat: int = 0,
        opponents: str | Sequence[str] | None = "basic",
        think: float | None = None,
        samples: int | None = None,
        episode: Episode = "hand",
        reward: RewardMode = "end",
        illegal: Illegal = "raise",
        illegal_reward: float | None = None,
        seed: int | Sequence[int] | None = None,
        accelerate: bool = True,
        **rules_changes: Any,
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise InvalidArgument(
                f"num_envs={num_envs!r}: it is a whole number of tables, at least 1"
            )
        # The single-seat environment checks the form, seat, bots, episode, reward and the
        # illegal actions' mode and reward alike (its reward is this one's), and refuses a seat
        # that would sit a whole hand episode out (in self-play every seat is the learner's: no
        # seat is refused, so it checks the rest as for a game).
        checked = SingleSeatEnv(
            variant=variant,
            players=players,
            seat=seat,
            opponents="random" if opponents is None else opponents,
            think=think,
            samples=samples,
            episode="game" if opponents is None else episode,
            reward=reward,
            illegal=illegal,
            illegal_reward=illegal_reward,
            **rules_changes,
        )
        self._seeds_checked(seed, num_envs)
        self.rules = checked.rules
        self.variant = variant
        self.seat = seat
        self.self_play = opponents is None
        if self.self_play and seat != 0:
            raise InvalidArgument(
                f"seat={seat!r} means nothing in self-play (opponents=None): every seat is the "
                "learner's, and info['seat'] says which acts"
            )
        self.episode: Episode = episode
        self.reward_mode: RewardMode = reward
        self.illegal: Illegal = illegal
        self.illegal_reward = checked.illegal_reward
        """The reward of an illegal action (``illegal="penalty"`` or ``"refuse"``)."""
        self.num_envs = num_envs
        n = self.rules.players
        self.players = n
        names = None if opponents is None else dict(checked._opponents)
        self._tables = [
            _Table(
                # (Illegal actions never reach it: they are checked against the masks first.)
                HeartsEnv(
                    variant=variant,
                    players=players,
                    episode=episode,
                    reward=reward,
                    illegal="raise",
                    **rules_changes,
                ),
                seat,
                names,
                think,
                samples,
            )
            for _ in range(num_envs)
        ]
        size = layout(n)["cancelled"].stop
        self.single_observation_space = checked.observation_space
        self.single_action_space = checked.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._observation = np.zeros((num_envs, size), dtype=np.float32)
        self._mask = np.zeros((num_envs, ACTIONS), dtype=np.int8)
        self._obs: Observation = {"observation": self._observation, "action_mask": self._mask}
        self._seat = np.full(num_envs, seat, dtype=np.int64)
        self._seed = seed
        self._seeded = False
        self._started = False
        self.metadata = dict(type(self).metadata)
        self.accelerated = bool(accelerate) and self.self_play and ACCELERATOR is not None
        """Whether the C stepping takes the tables' common steps (self-play, the accelerator
        built, ``HEARTS_PURE`` unset, ``accelerate=True``); each hand of a form it does not take
        is stepped in Python, as every hand is without it."""
        self._stepper: Any = None
        if self.accelerated:
            self._setup_stepper(size)

    def _setup_stepper(self, size: int) -> None:
        n, p = self.num_envs, self.players
        self._rows = np.zeros((n, p, size), dtype=np.float32)
        """Each seat's observation row at each table, kept up to date by the C stepping."""
        self._c_rewards = np.zeros((n, p), dtype=np.float32)
        self._trick_rewards = np.zeros((n, p), dtype=np.float64)
        self._status = np.zeros(n, dtype=np.int8)
        self._deals: list[Any] = [None] * n
        bounds = number_bounds(self.rules)
        self._clip = (*bounds["scores"], bounds["pool"][1])
        """The bounds the totals are written clipped to (the scores' low and high, the pool's
        high), as :func:`~hearts.envs.aec.encode` clips them."""
        self._plain = np.zeros(n, dtype=bool)
        starts = layout(p)
        self._stepper = ACCELERATOR.Stepper(
            players=p,
            offsets=(*(starts[name].start for name in _FIELDS), size),
            phases=PHASES,
            pass_at=PHASES.index(Phase.PASS),
            play_at=PHASES.index(Phase.PLAY),
            rows=self._rows,
            obs=self._observation,
            masks=self._mask,
            seats=self._seat,
            rewards=self._c_rewards,
            trick_rewards=self._trick_rewards,
            status=self._status,
            cards=_cards(),
            pass_type=Pass,
            cardset_type=CardSet,
        )

    def _load(self, i: int) -> None:
        """Table ``i`` after a step or a deal in Python: for a hand the C stepping takes, every
        seat's row written from the AEC environment's encoder and its state handed over; for
        another, the seat to act's observation alone (the table is stepped in Python)."""
        table = self._tables[i]
        env = table.env
        seat = int(self._seat[i])
        plain, count = table.plain()
        self._plain[i] = plain
        self._deals[i] = env._deal
        if not plain:
            self._stepper.load(i, env._deal, False, 0, (0,) * self.players)
            table.observe(seat, self._observation[i], self._mask[i])
            return
        deal = env._deal
        self._trick_rewards[i] = env._trick_rewards
        if not deal._stack and not any(env._choosing):
            # A hand just dealt: the C stepping writes every row whole (a hand of the forms it
            # takes has nothing else to show before its first move).
            fixed = deal._fixed
            scores, pool, jack = fixed.standing
            # (Totals past the bounds the game's end implies are written clipped, as encode
            # writes them: only a game played on far past its end reaches them.)
            low, high, pool_high = self._clip
            self._stepper.fresh(
                i,
                deal,
                count,
                tuple(min(max(score, low), high) for score in scores),
                min(max(pool, 0), pool_high),
                jack,
                DIRECTION_AT[fixed.pass_direction],
                len(fixed.stock) - deal._stock_pos,
            )
            return
        env._views = [None] * self.players
        for other, agent in enumerate(table.agents):
            self._rows[i, other] = env.observe(agent)["observation"]
        self._observation[i] = self._rows[i, seat]
        self._mask[i] = env._mask(env._view(seat))
        self._stepper.load(
            i, env._deal, True, count, tuple(chosen.mask for chosen in env._choosing)
        )

    def _unload(self, i: int, acted: int) -> None:
        """Table ``i``'s state as the C stepping left it, handed back to its AEC environment
        before a step in Python."""
        if not self._plain[i]:
            return
        table = self._tables[i]
        env = table.env
        choosing, penalties = self._stepper.state(i)
        env._choosing = [CardSet(mask) for mask in choosing]
        env._penalties = penalties
        env._trick_rewards = self._trick_rewards[i].tolist()
        env._views = [None] * self.players
        env.agent_selection = table.agents[acted]

    @staticmethod
    def _seeds_checked(seed: object, num_envs: int) -> list[int | None]:
        """One seed a table: ``seed + i``, or each of a sequence; None for fresh entropy."""
        if seed is None:
            return [None] * num_envs
        if isinstance(seed, int | np.integer) and not isinstance(seed, bool):
            return [int(seed) + i for i in range(num_envs)]
        if isinstance(seed, Sequence | np.ndarray) and not isinstance(seed, str):
            seeds = list(seed)
            if len(seeds) == num_envs and all(
                isinstance(one, int | np.integer) and not isinstance(one, bool) for one in seeds
            ):
                return [int(one) for one in seeds]
        raise InvalidArgument(
            f"seed={seed!r}: it is a whole number (table i is seeded with it + i), a sequence "
            f"of {num_envs} whole numbers (one a table), or None"
        )

    # ------------------------------------------------------------------ episodes

    def reset(
        self,
        *,
        seed: int | Sequence[int] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new episode at every table (or those of ``options["reset_mask"]``), with the
        other environments' options (``dealer``, ``hands``, ``stock``) for the tables it deals."""
        self._check_open()
        which = self._reset_mask(options)
        dealing = known_options({k: v for k, v in (options or {}).items() if k != "reset_mask"})
        if dealing:
            new_game(self.rules, 0, dealing)  # a bad value is refused before any table moves
        if seed is None and not self._seeded:
            seed = self._seed
        seeds = self._seeds_checked(seed, self.num_envs)
        if not self._started and not which.all():
            raise InvalidArgument("the first reset deals every table (no reset_mask before it)")
        if seed is not None or not self._seeded:
            for i in np.flatnonzero(which):
                self._tables[i].seed(seeds[i])
            self._seeded = True
        self._started = True
        for i in np.flatnonzero(which):
            table = self._tables[i]
            table.reset(dealing or None)
            self._seat[i] = table.to_act()
            if self.accelerated:
                self._load(int(i))
            else:
                table.observe(int(self._seat[i]), self._observation[i], self._mask[i])
        return self._obs, {"seat": self._seat.copy()}

    def _reset_mask(self, options: dict[str, Any] | None) -> np.ndarray:
        if options is not None and not isinstance(options, dict):
            raise InvalidArgument(f"reset's options are a dict, not {options!r}")
        if not options or "reset_mask" not in options:
            return np.ones(self.num_envs, dtype=bool)
        mask = np.asarray(options["reset_mask"])
        if mask.dtype != np.bool_ or mask.shape != (self.num_envs,):
            raise InvalidArgument(
                f"reset_mask is a bool array of shape ({self.num_envs},), not {mask!r}"
            )
        return mask

    def _check_open(self) -> None:
        if self.closed:
            raise InvalidArgument("this vector environment is closed: make a new one")

    def _actions_checked(self, actions: object) -> np.ndarray:
        self._check_open()
        if not self._started:
            raise IllegalMove("the tables are not dealt: reset() deals them")
        array = np.asarray(actions)
        if array.shape != (self.num_envs,) or array.dtype.kind not in "iu":
            raise InvalidArgument(
                f"actions are whole numbers, one a table: an int array of shape "
                f"({self.num_envs},), not {array.dtype} of shape {array.shape}"
            )
        outside = (array < 0) | (array >= ACTIONS)
        if outside.any():
            i = int(np.flatnonzero(outside)[0])
            raise IllegalMove(
                f"table {i}: action {int(array[i])} is not in the action space (0 to {ACTIONS - 1})"
            )
        return array.astype(np.int64, copy=False)

    def step(
        self, actions: np.ndarray
    ) -> tuple[Observation, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """One decision at each table (see the module's docstring)."""
        actions = self._actions_checked(actions)
        n = self.num_envs
        legal = self._mask[np.arange(n), actions].astype(bool)
        if not legal.all() and self.illegal == "raise":
            i = int(np.flatnonzero(~legal)[0])
            raise IllegalMove(
                f"table {i}: action {int(actions[i])} is not legal for seat "
                f"{int(self._seat[i])} now: the legal actions are "
                f"{np.flatnonzero(self._mask[i]).tolist()} (no table has moved)"
            )
        seat_rewards = np.zeros((n, self.players), dtype=np.float32)
        rewards = np.zeros(n, dtype=np.float32)
        terminations = np.zeros(n, dtype=bool)
        truncations = np.zeros(n, dtype=bool)
        info: dict[str, Any] = {}
        final_obs: np.ndarray | None = None
        final_info: dict[str, Any] | None = None
        earned = np.zeros(self.players, dtype=np.float64)
        acted_seats = self._seat.copy()
        slow: Any = range(n)
        if self.accelerated:
            # The C stepping takes the common steps of every table at once (an illegal action
            # refused is none of them); the rest are stepped below, in Python.
            self._stepper.step(
                self._deals, np.where(legal, actions, -1), self.reward_mode == "trick"
            )
            seat_rewards[:] = self._c_rewards
            rewards[:] = seat_rewards[np.arange(n), acted_seats]
            slow = np.flatnonzero(self._status).tolist()
        for i in slow:
            table = self._tables[i]
            acted = int(acted_seats[i])
            earned[:] = 0.0
            unmoved: np.ndarray | None = None
            if not legal[i]:
                if self.illegal == "refuse":
                    rewards[i] = self.illegal_reward
                    continue
                earned[acted] = self.illegal_reward  # (penalty: the episode ends, unmoved)
                unmoved = self._observation[i].copy()
            elif self.accelerated:
                self._unload(i, acted)
                if self._status[i] == 2:
                    table.finish(earned)
                else:
                    table.step(int(actions[i]), earned)
            else:
                table.step(int(actions[i]), earned)
            seat_rewards[i] = earned
            rewards[i] = earned[acted]
            if unmoved is not None or table.over:
                terminations[i] = True
                if final_obs is None or final_info is None:
                    final_obs = np.full(n, None, dtype=object)
                    final_info = {
                        "seat": np.zeros(n, dtype=np.int64),
                        "_seat": np.zeros(n, dtype=bool),
                        "seat_rewards": np.zeros((n, self.players), dtype=np.float32),
                        "_seat_rewards": np.zeros(n, dtype=bool),
                        "scores": np.zeros((n, self.players), dtype=np.int64),
                        "_scores": np.zeros(n, dtype=bool),
                    }
                mask = np.zeros(ACTIONS, dtype=np.int8)
                if unmoved is not None:
                    row = unmoved
                elif self.accelerated and self._status[i] == 2:
                    row = self._rows[i, acted].copy()  # (the C stepping wrote the end of the hand)
                else:
                    row = np.zeros(self._observation.shape[1], dtype=np.float32)
                    table.observe(acted, row, mask)
                final_obs[i] = {"observation": row, "action_mask": mask}
                final_info["seat"][i] = acted
                final_info["seat_rewards"][i] = earned
                final_info["scores"][i] = table.scores()
                for key in ("_seat", "_seat_rewards", "_scores"):
                    final_info[key][i] = True
                table.reset()
            self._seat[i] = table.to_act()
            if self.accelerated:
                self._load(i)
            else:
                table.observe(int(self._seat[i]), self._observation[i], self._mask[i])
        info["seat"] = self._seat.copy()
        info["seat_rewards"] = seat_rewards
        if self.illegal != "raise":
            info["illegal"] = ~legal
        if final_obs is not None:
            info["final_obs"] = final_obs
            info["_final_obs"] = terminations.copy()
            info["final_info"] = final_info
            info["_final_info"] = terminations.copy()
        return self._obs, rewards, terminations, truncations, info

    def action_masks(self) -> np.ndarray:
        """Each table's legal actions now, bool (N, 145) (the observation's masks)."""
        self._check_open()
        return self._mask.astype(bool)

    def close_extras(self, **kwargs: Any) -> None:
        self._tables = []
