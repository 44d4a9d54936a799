"""A Gymnasium environment of one learning seat against bots: :class:`SingleSeatEnv`.

>>> import numpy as np
>>> from hearts.envs import gym_env
>>> table = gym_env("modern", seat=0, opponents="basic", seed=1)
>>> obs, info = table.reset(seed=1)
>>> obs["observation"].shape, int(obs["action_mask"].sum())     # the pass: any of 13 cards
((1828,), 13)
>>> rng, total, done = np.random.default_rng(0), 0.0, False
>>> while not done:
...     action = int(rng.choice(np.flatnonzero(info["action_mask"])))
...     obs, reward, done, truncated, info = table.step(action)
...     total += reward
>>> total, info["scores"]                # the hand's reward is minus the points it took
(-24.0, (24, 0, 0, 2))

The learning seat sits at ``seat`` of any preset of :mod:`hearts.variants` at any of its player
counts (``players=None``: the preset's own; rule changes as keywords, as for the AEC
environment); the other seats are bots of :mod:`hearts.bots`, by name: ``opponents="basic"``
seats one kind at every other seat, a sequence of names one at each other seat in seat order
(the learning seat left out), e.g. ``("basic", "expert", "random")`` for seats 1, 2, 3 when
``seat=0``. ``think`` and ``samples`` bound the search of the bots that search (``samples``
makes their play repeat exactly; a ``think`` budget in seconds depends on the machine).

The game is the one :class:`~hearts.envs.aec.HeartsEnv` (the PettingZoo environment) runs, seen
from one seat: the same observation (``Dict(observation, action_mask)``, the layout of
:func:`~hearts.envs.aec.layout`), the same :data:`~hearts.envs.aec.ACTIONS` (145) masked
actions, the same sequential pass and discard, the same episodes (``episode="hand"`` or
``"game"``) and rewards (``reward="end"`` or ``"trick"``, good when high).

- :meth:`~SingleSeatEnv.reset` deals a new game and lets the bots play until the learning seat
  must act; :meth:`~SingleSeatEnv.step` plays the seat's action, then the bots' moves until the
  seat must act again or the episode ends. The reward of a step is what the seat earned in it,
  bots' moves included (a trick taken on a bot's card, the hand settled after the seat's last
  card). A step that chooses a card of a pass returns at once: the seat acts again.
- ``info`` holds ``action_mask`` (the same as the observation's), ``scores`` (every seat's
  totals), ``hand_number`` and ``seat``.
- Each bot sees only its seat's view (``game.view(seat)``). The game's deal and every bot's
  seed are drawn from the environment's generator (``reset(seed=...)``, or the ``seed`` given
  when it was made), so a seeded run repeats exactly.
- An illegal action (a card the seat does not hold, a bid out of turn, an unused card slot),
  with ``illegal="penalty"`` (the default), ends the episode as in the AEC environment: the
  step returns ``terminated=True``, a reward of ``illegal_reward`` (minus
  :func:`~hearts.envs.aec.hand_loss_bound` unless given: -26 in modern), the sentence naming
  the action in ``info["illegal"]``, and no legal action left; the game does not move. So every
  action of the space is a valid argument of ``step``, as Gymnasium's contract (and
  :func:`gymnasium.utils.env_checker.check_env`, which steps unmasked random actions) has it:
  the registered id passes ``check_env`` as ``gymnasium.make`` returns it. With
  ``illegal="raise"`` it raises :class:`~hearts.errors.IllegalMove` with the sentence and changes
  nothing; with ``illegal="refuse"`` the step returns the same position, not terminated, the
  same penalty and the sentence. A value that is not in the action space (a number past 144,
  text) raises in every mode.
- :meth:`~SingleSeatEnv.action_masks` gives the legal actions as booleans (sb3-contrib's
  MaskablePPO reads it); :meth:`~SingleSeatEnv.raw_observation` the observation as readable
  fields (:func:`~hearts.envs.aec.describe`).
- The observation's ``Box`` has the AEC environment's finite bounds
  (:func:`~hearts.envs.aec.observation_bounds`); ``metadata["layout_version"]`` is
  :data:`~hearts.envs.aec.LAYOUT_VERSION`.
- ``reset(options=...)`` takes the AEC environment's options (``dealer``, ``hands``,
  ``stock``: see :mod:`hearts.envs.aec`), and refuses a dealer who would make the learning
  seat sit out its only hand. ``render_mode="ansi"`` or ``"human"`` renders the table (every
  seat's cards, the trick, the scores); ``"human"`` prints it after each reset and step.

Importing :mod:`hearts.envs` registers the environment with Gymnasium as ``hearts/Hearts-v0``
(keywords as :class:`SingleSeatEnv`'s):

>>> import gymnasium
>>> made = gymnasium.make("hearts/Hearts-v0", variant="auction", opponents="random")
>>> obs, info = made.reset(seed=3)
>>> made.unwrapped.game.view(0).auction.bids        # the bots have bid: seat 0 is last
(None, 6, 10, 12)
>>> from hearts.envs.aec import move_of
>>> [move_of(int(action)) for action in np.flatnonzero(info["action_mask"])]
[Bid(0), Bid(13)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Literal, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from hearts import bots
from hearts.bots.base import Bot, check_seed
from hearts.envs.aec import (
    ACTIONS,
    LAYOUT_VERSION,
    Episode,
    HeartsEnv,
    RewardMode,
    actions_of,
    known_options,
    new_game,
    render_text,
)
from hearts.errors import IllegalMove, InvalidArgument
from hearts.game import Game
from hearts.rules import Rules

__all__ = ["ENV_ID", "Illegal", "SingleSeatEnv", "gym_env"]

ENV_ID: Final = "hearts/Hearts-v0"
"""The environment's Gymnasium id (``gymnasium.make(ENV_ID, variant=...)``)."""

Illegal = Literal["penalty", "raise", "refuse"]

_SEED_RANGE: Final = 2**62
"""The game's and each bot's seed are drawn below this from the environment's generator."""

Observation = dict[str, np.ndarray]


class SingleSeatEnv(gymnasium.Env[Observation, int]):
    """One learning seat against bots (see the module's docstring).

    Bad arguments raise :class:`~hearts.errors.InvalidArgument` (or
    :class:`~hearts.errors.UnknownName` for a bot or variant that does not exist):

    >>> SingleSeatEnv("modern", seat=4)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: seat=4 is not a seat: seats are 0 to 3
    >>> SingleSeatEnv("classic", players=7, seat=0)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: seat 0 deals the first hand at 7 players and sits it out: with episode='hand' it would never act (choose another seat, or episode='game')
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (Gymnasium's form)
        "render_modes": ["ansi", "human"],
        "render_fps": 1,
        "layout_version": LAYOUT_VERSION,
    }

    def __init__(
        self,
        variant: str = "modern",
        players: int | None = None,
        seat: int = 0,
        opponents: str | Sequence[str] = "basic",
        think: float | None = None,
        samples: int | None = None,
        episode: Episode = "hand",
        reward: RewardMode = "end",
        illegal: Illegal = "penalty",
        illegal_reward: float | None = None,
        seed: int | None = None,
        render_mode: str | None = None,
        **rules_changes: Any,
    ) -> None:
        # The AEC environment checks the variant, the rules, the episode, reward, render mode and
        # illegal_reward; it raises on an illegal action, and this environment decides.
        self._table = HeartsEnv(
            variant,
            players,
            episode,
            reward,
            None,
            "ansi" if render_mode == "human" else render_mode,  # (printed here, not per move)
            "raise",
            illegal_reward,
            **rules_changes,
        )
        n = self._table.rules.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise InvalidArgument(f"seat={seat!r} is not a seat: seats are 0 to {n - 1}")
        self._opponents = self._opponent_names(opponents, seat, n)
        for name in set(self._opponents.values()):
            bots.get(name, think=think, samples=samples)  # an unknown name or bad budget: refused
        if illegal not in ("penalty", "raise", "refuse"):
            raise InvalidArgument(f"illegal={illegal!r}: it is 'penalty', 'raise' or 'refuse'")
        check_seed(seed)
        self._episode = episode
        self._check_sits_out(seat, Game(self._table.rules, seed=0).first_dealer)
        self.variant = variant
        self.seat = seat
        """The learning seat."""
        self.think = think
        self.samples = samples
        self.illegal: Illegal = illegal
        self.illegal_reward = self._table.illegal_reward
        """The reward of an illegal action (``illegal="penalty"`` or ``"refuse"``)."""
        self.render_mode = render_mode
        self._agent = self._table.possible_agents[seat]
        self.observation_space: spaces.Space[Observation] = self._table.observation_space(
            self._agent
        )
        self.action_space: spaces.Space[int] = self._table.action_space(self._agent)
        self._seed = seed
        self._seeded = False
        self._bots: dict[int, Bot] = {}
        self._done = True

    def _check_sits_out(self, seat: int, dealer: int) -> None:
        """Refuse a first hand the learning seat would sit out in a hand episode."""
        n = self._table.rules.players
        if self._episode == "hand" and self._table.rules.dealt_seats < n and seat == dealer:
            raise InvalidArgument(
                f"seat {seat} deals the first hand at {n} players and sits it out: with "
                "episode='hand' it would never act (choose another seat, or episode='game')"
            )

    @staticmethod
    def _opponent_names(opponents: str | Sequence[str], seat: int, n: int) -> dict[int, str]:
        others = [other for other in range(n) if other != seat]
        if isinstance(opponents, str):
            return dict.fromkeys(others, opponents)
        if not isinstance(opponents, Sequence) or not all(
            isinstance(name, str) for name in opponents
        ):
            raise InvalidArgument(
                f"opponents is a bot's name or a sequence of names, one a seat, not {opponents!r}"
            )
        if len(opponents) != len(others):
            raise InvalidArgument(
                f"opponents names {len(opponents)} bots, but {n} seats have {len(others)} "
                f"besides the learning seat {seat}"
            )
        return dict(zip(others, opponents, strict=True))

    @property
    def rules(self) -> Rules:
        """The rules of the game played."""
        return self._table.rules

    @property
    def game(self) -> Game:
        """The game being played: the referee's, every hand in it (for analysis, not for the
        learner, whose observation is the seat's view)."""
        if self._table.game is None:
            raise InvalidArgument("there is no game before reset()")
        return self._table.game

    # ------------------------------------------------------------------ episode

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game and let the bots play until the learning seat must act.

        ``options`` are the AEC environment's (:data:`~hearts.envs.aec.RESET_OPTIONS`:
        ``dealer``, ``hands``, ``stock``); a bad value raises
        :class:`~hearts.errors.InvalidArgument` and changes nothing."""
        known = known_options(options)
        if known:
            dealer = known.get("dealer", 0)
            new_game(self.rules, 0, known)  # (checks every value before anything changes)
            self._check_sits_out(self.seat, dealer)
        if seed is None and not self._seeded:
            seed = self._seed
        super().reset(seed=seed)
        self._seeded = True
        # One seed a seat: the learning seat's seeds the game (its deals), the others their bots.
        draws = [
            int(draw) for draw in self.np_random.integers(_SEED_RANGE, size=self.rules.players)
        ]
        self._bots = {
            other: bots.get(name, seed=draws[other], think=self.think, samples=self.samples)
            for other, name in self._opponents.items()
        }
        self._table.reset(seed=draws[self.seat], options=known or None)
        self._done = False
        self._bots_play()
        # The seat that deals the first hand and sits it out was refused above.
        assert not self._done, "the episode ended before the learning seat acted"
        if self.render_mode == "human":
            self.render()
        return self._observe()

    def step(
        self, action: int | np.integer[Any]
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the seat's action, then the bots' moves until the seat acts again or the episode
        ends."""
        if self._done:
            raise IllegalMove("the episode is over (or not begun): reset() deals the next")
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise InvalidArgument(
                f"an action is a whole number (0 to {ACTIONS - 1}), not {action!r}"
            )
        if not 0 <= action < ACTIONS:
            raise IllegalMove(f"action {action} is not in the action space (0 to {ACTIONS - 1})")
        try:
            self._table.step(int(action))
        except IllegalMove as refusal:
            if self.illegal == "raise":
                raise
            if self.illegal == "penalty":
                self._table.forfeit(self._agent, str(refusal))
                self._done = True
            obs, info = self._observe()
            info["illegal"] = str(refusal)
            if self.render_mode == "human":
                self.render()
            return obs, self.illegal_reward, self._done, False, info
        total = self._taken()
        total += self._bots_play()
        obs, info = self._observe()
        if self.render_mode == "human":
            self.render()
        return obs, total, self._done, False, info

    def action_masks(self) -> np.ndarray:
        """The learning seat's legal actions now, as booleans (sb3-contrib's MaskablePPO
        reads this method; none once the episode is over).

        >>> table = gym_env("modern", seed=1)
        >>> _ = table.reset()
        >>> mask = table.action_masks()
        >>> mask.dtype, mask.shape, int(mask.sum())
        (dtype('bool'), (145,), 13)
        """
        if self._table.game is None:
            raise InvalidArgument("there are no legal actions before reset()")
        return self._table.observe(self._agent)["action_mask"].astype(bool)

    def raw_observation(self) -> dict[str, Any]:
        """The learning seat's observation as readable fields
        (:meth:`~hearts.envs.aec.HeartsEnv.raw_observation`: seats relative to it, ``legal``
        by name, ``seat``).

        >>> table = gym_env("modern", seed=1)
        >>> _ = table.reset()
        >>> raw = table.raw_observation()
        >>> raw["seat"], raw["phase"], raw["legal"] == raw["hand"]
        (0, 'pass', True)
        """
        if self._table.game is None:
            raise InvalidArgument("there is no observation before reset()")
        return self._table.raw_observation(self._agent)

    def _taken(self) -> float:
        """The seat's reward of the AEC step just made; notes the episode's end."""
        if self._table.terminations[self._agent]:
            self._done = True
        return float(self._table.rewards[self._agent])

    def _bots_play(self) -> float:
        """The bots' moves until the learning seat must act or the episode ends; the seat's
        rewards in them."""
        total = 0.0
        table = self._table
        game = self.game
        while not self._done and table.agent_selection != self._agent:
            other = table.possible_agents.index(table.agent_selection)
            move = self._bots[other].choose(game.view(other))
            for action in actions_of(move):
                table.step(action)
                total += self._taken()
        return total

    def _observe(self) -> tuple[Observation, dict[str, Any]]:
        """The seat's observation now, and the info (the mask a copy: no data shared)."""
        obs = self._table.observe(self._agent)
        game = self.game
        info = {
            "action_mask": obs["action_mask"].copy(),
            "scores": game.scores,
            "hand_number": game.hand_number,
            "seat": self.seat,
        }
        return obs, info

    def render(self) -> str | None:
        """The table as text (:func:`~hearts.envs.aec.render_text`: every seat's cards, the
        trick, the scores): ``render_mode="ansi"`` returns it, ``"human"`` prints it (after
        each reset and step too); None without a render mode."""
        if self.render_mode is None or self._table.game is None:
            return None
        text = render_text(self._table)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self._table.close()


gym_env: Final = SingleSeatEnv
"""The environment's maker, the class itself: ``gym_env("modern", opponents="basic")``."""


if ENV_ID not in gymnasium.registry:
    gymnasium.register(
        ENV_ID,
        entry_point=f"{__name__}:SingleSeatEnv",
        # gymnasium.make_vec(ENV_ID, num_envs=N) makes the vector environment of many tables.
        vector_entry_point="hearts.envs.vector:VectorEnv",
    )
