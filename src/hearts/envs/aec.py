"""A PettingZoo AEC environment of every form of Hearts: :func:`env` and :func:`raw_env`.

>>> from hearts.envs import env
>>> table = env("modern", seed=1)
>>> table.reset(seed=1)
>>> table.agent_selection, table.observation_space("player_0")["observation"].shape
('player_1', (1828,))

Agents are ``player_0`` .. ``player_{n-1}``, seat ``i`` being ``player_i``. Any preset of
:mod:`hearts.variants` at any of its player counts (``players=None``: the preset's own), with
rule changes as keywords (``Rules.replace``). The environment builds every game **without the
laws option** (revokes, claims, calls and the gathering of the cards are not in the action
space); rules with ``laws=True`` are refused with a sentence.

Observations
------------
``{"observation": float32 vector, "action_mask": int8 vector}``, both built only from
``game.view(seat)`` (:class:`~hearts.observation.SeatView`) and, at the pass and Heartsette's
discard, the cards this seat has chosen so far (its own choice): never from the deal itself.
``C`` is :data:`CARD_SLOTS` (125: the largest card id of any pack, the second pack of
Cancellation Hearts and the joker included, plus one; a slot is card id ``id``), ``P`` the
number of players. Per-seat blocks run in relative seat order: this seat first, then the seat
to its left (seat + 1), and so on. Layout version 1 (:data:`LAYOUT_VERSION`, also in each
environment's ``metadata["layout_version"]``). The fields, in order (:func:`layout` gives the
offsets):

=============  =======  ===============================================================
field          size     meaning
=============  =======  ===============================================================
hand           C        1 for each card this seat holds now
played         P*C      per seat (relative): 1 for each card it played this hand
trick          P*C      per seat (relative): 1 for the card it played to the trick on the table
leader         P        one-hot (relative): the seat that led the trick on the table
passed         C        the cards this seat passed (0 before it passes, and in a hold hand)
received       C        the cards passed to this seat (once every seat has passed)
choosing       C        the cards this seat has chosen so far for its pass or discard
discarded      C        Heartsette: the cards this seat discarded in the widow's place
voids          P*4      per seat (relative), per suit (clubs, diamonds, spades, hearts): 1
                        once the seat has shown a void (failed to follow that suit led)
penalties      P        per seat (relative): penalty units taken so far this hand
tricks_won     P        per seat (relative): tricks won so far this hand
hand_sizes     P        per seat (relative): cards held
scores         P        per seat (relative): totals before this hand (points or counters)
pool           1        counters in the pool carried into this hand
jack           1        1 if that pool is a Jack
direction      4        one-hot pass direction: left, right, across, hold
phase          8        one-hot phase: bid, name, pass, play, discard, moon, gather, over
to_act         P        one-hot (relative): the seat to act (all 0 when none)
hearts_broken  1        1 once hearts are broken
bids           P        Auction: per seat (relative), its bid (0 a pass or not yet)
has_bid        P        Auction: per seat (relative), 1 once it has bid
high_bid       1        Auction: the highest bid so far
bidder         P        Auction: one-hot (relative) high bidder (or namer of a Jack)
named_suit     4        Auction: one-hot suit named (clubs, diamonds, spades, hearts)
widow_size     1        the widow's size (Heartsette; Cancellation's cards left over)
widow_taker    P        one-hot (relative): the seat that took the widow
stock_size     1        cards left in the stock (two-handed, Domino)
cancelled      C        Cancellation: the cards of the trick on the table that cancel
=============  =======  ===============================================================

The ``Box`` of ``observation`` has finite bounds (:func:`observation_bounds`): every field is
0 or 1 but the numbers, whose bounds come from the rules: ``penalties`` from minus the pack's
negative card values to its positive ones (0 to 26 in modern), ``tricks_won`` and
``hand_sizes`` up to what a seat can win or hold, ``bids`` and ``high_bid`` up to ``max_bid``,
``widow_size`` and ``stock_size`` up to the cards not dealt, and ``scores`` and ``pool`` the
bound the game's end implies (a points game to a target: ``target`` plus the most a hand can
add, 126 in modern, and as low below 0 where totals can fall; a counters game: the seats'
counters and the pool add up to ``players * start_counters``). A total past its bound, which
only a game played on far past its end could reach, is written clipped to it; every
observation lies in the space.

Actions
-------
One :class:`gymnasium.spaces.Discrete` space of :data:`ACTIONS` (145) for every form, masked:

===========  ===========  ====================================================
actions      count        meaning
===========  ===========  ====================================================
0 .. 124     C            a card, by its id: played, or chosen for the pass or discard
125 .. 138   14           Auction: a bid of 0 (pass) .. 13 counters
139 .. 142   4            Auction: name clubs, diamonds, spades, hearts
143 .. 144   2            the moon's choice: old (others +26), new (-26)
===========  ===========  ====================================================

**The pass is sequential.** Choosing 3 cards out of 13 at once would be a combinatorial action,
so a seat at the pass takes ``count`` card actions in a row: each chooses one card of its hand
(the mask offers the cards not chosen yet; the ``choosing`` field shows the choice so far), and
the last one submits :class:`hearts.Pass` of the cards chosen. The seat stays the agent to act
until its pass is complete, then the next seat still to pass acts; every other agent's mask
is all zeros meanwhile (only the agent selected has legal actions, at every step). Heartsette's
discard works the same way (:class:`hearts.Discard` of the widow's size). No action is ever
replaced by another. :data:`action_names` (:func:`action_name`) names each action: ``"QS"``
(``"Q♠"`` with ``symbols=True``), ``"bid 7"``, ``"name hearts"``, ``"moon new (...)"``.

Illegal actions
---------------
As PettingZoo's classic games: with ``illegal="penalty"`` (the default) an illegal action (a
card not held, a card slot of no pack, a bid out of turn) ends the episode: the agent that made
it gets ``illegal_reward``, every other agent 0, every agent is terminated, the sentence naming
the action and why is in that agent's ``infos[agent]["illegal"]``, and the game itself does
not move. ``illegal_reward`` is, unless given, minus :func:`hand_loss_bound`, the most a seat
can lose in one hand (-26 in modern, -43 in Black Maria, -39 in four-seat Classic Hearts):
no illegal action ever ends a hand better than playing on could (PettingZoo's classic games
use -1 for games won or lost by 1; a Hearts hand is worth tens of points). With
``illegal="raise"`` an illegal action raises :class:`~hearts.errors.IllegalMove` with that
sentence and changes nothing. A value outside the action space (past 144, below 0) raises in
either mode, and one that is no whole number raises :class:`~hearts.errors.InvalidArgument`.

The state
---------
``state()`` (in ``state_space``, a finite ``Box``) is the whole true state for a centralised
critic, **never for a policy that acts** (it holds every hand): every seat's observation vector
in seat order, ``player_0`` first, each in its own relative layout, then :data:`CARD_SLOTS`
flags of the cards of the pack in no hand and never played (a stock, a widow, discards).

Renders
-------
``render_mode="ansi"``: ``render()`` returns the table as text; ``"human"``: it prints it, after
every reset and step too (as PettingZoo's classic games do). The text shows the hand number,
pass direction, phase and the agent to act, every seat's cards (the referee's table, not an
observation), each seat's penalties and tricks this hand, the trick on the table and the scores
(:func:`render_text`).

Reset options
-------------
``reset(seed=..., options=...)`` takes, in both environments alike (:data:`RESET_OPTIONS`):

- ``dealer``: the seat that deals the first hand (seat 0 unless given; the deal passes left);
- ``hands``: the first hand's deal, one hand a seat (``"2C 3C ..."``, a
  :class:`~hearts.cards.CardSet`, or a list of cards), checked as a deal of the form (sizes,
  the pack, no card twice); later hands are shuffled from the seed;
- ``stock``: with ``hands``, the cards left over in order, top first (a stock, a widow); unless
  given, the cards no hand holds, in an order drawn from the seed.

A bad value raises :class:`~hearts.errors.InvalidArgument` with a sentence and changes nothing
(the next reset deals as if it had not been tried). A key neither environment knows is said in
a ``UserWarning`` and left aside (PettingZoo's ``api_test`` resets with such a key and expects
it to be taken).

Readable observations
---------------------
:func:`describe` reads an observation vector back as a dict of readable fields, as RLCard's
``raw_obs`` (cards by name, the trick in the order played, phase and direction by name,
numbers as ints); ``env.raw_observation(agent)`` is the agent's, with its legal actions by name
and its seat.

Episodes and rewards
--------------------
``episode="hand"`` (the default) ends after one hand; ``episode="game"`` plays the whole game.
Rewards are **good when high**: in a points game, ``-points`` (points are bad); in a counters
game, the change of the seat's counters. With ``reward="end"`` (the default) each seat gets its
reward for a hand when the hand is settled. With ``reward="trick"`` each seat gets
``-(penalty units it took)`` as each trick is taken, and when the hand is settled the
difference between the hand's settlement reward and what its tricks gave, so that a hand's
rewards add up to the same total in both modes (the moon and counters settle at the end).
Every agent sees every reward, so a trick's reward counts only what every seat sees taken: cards
face down (Heartsette's discards, a widow gone with the first trick) count at the settlement.

One module: the PettingZoo environment itself, its options, rewards, illegal-action modes,
rendering and wrappers, with the user's documentation of what it hands out (the table above is
most of its length). The observation vector is written in :mod:`hearts.envs.encoding` and the
action space mapped in :mod:`hearts.envs.actions`; their names are importable from here too.
"""

from __future__ import annotations

import contextlib
import math
import random
import warnings
from collections.abc import Sequence
from typing import Any, Final, Literal, cast

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from hearts import variants
from hearts.cards import CardLike, CardSet, mask_of
from hearts.deal import check_hands
from hearts.envs.actions import (
    ACTIONS,
    BID_ACTIONS,
    CARD_SLOTS,
    MAX_BID,
    MOON_ACTIONS,
    SUIT_ACTIONS,
    action_mask,
    action_name,
    action_names,
    action_of,
    actions_of,
    choose_card,
    move_of,
)
from hearts.envs.encoding import (
    LAYOUT_VERSION,
    Encoder,
    describe,
    encode,
    hand_loss_bound,
    layout,
    observation_bounds,
)
from hearts.errors import HeartsError, IllegalMove, InvalidArgument
from hearts.events import Dealt
from hearts.game import Game
from hearts.hand.choices import PassChoices
from hearts.moves import Move
from hearts.observation import SeatView
from hearts.rules import Rules, SettlementMethod

__all__ = [
    "CARD_SLOTS",
    "BID_ACTIONS",
    "SUIT_ACTIONS",
    "MOON_ACTIONS",
    "ACTIONS",
    "LAYOUT_VERSION",
    "ILLEGAL_MODES",
    "HeartsEnv",
    "env",
    "raw_env",
    "OrderEnforcing",
    "layout",
    "encode",
    "Encoder",
    "action_mask",
    "action_of",
    "actions_of",
    "choose_card",
    "move_of",
    "observation_bounds",
    "hand_loss_bound",
    "describe",
    "action_name",
    "action_names",
    "RESET_OPTIONS",
    "render_text",
    "known_options",
]

Episode = Literal["hand", "game"]
RewardMode = Literal["end", "trick"]


RESET_OPTIONS: Final = ("dealer", "hands", "stock")
"""The keys ``reset(options=...)`` takes, in both environments (see the module's docstring)."""


def known_options(options: dict[str, Any] | None) -> dict[str, Any]:
    """The options of ``reset`` that the environments take (:data:`RESET_OPTIONS`): a key they
    do not know is said in a warning and left aside (PettingZoo's ``api_test`` resets with an
    option no environment knows and expects it taken); options that are no dict are refused.

    >>> known_options({"dealer": 2})
    {'dealer': 2}
    >>> known_options(3)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: reset's options are a dict, not 3
    """
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise InvalidArgument(f"reset's options are a dict, not {options!r}")
    unknown = sorted(str(key) for key in options if key not in RESET_OPTIONS)
    if unknown:
        warnings.warn(
            f"reset takes the options {', '.join(RESET_OPTIONS)}: {', '.join(unknown)} left aside",
            UserWarning,
            stacklevel=3,
        )
    return {key: value for key, value in options.items() if key in RESET_OPTIONS}


def new_game(rules: Rules, seed: int, options: dict[str, Any] | None) -> Game:
    """The game an episode plays: dealt from ``seed``, or as ``options`` choose (checked: a
    bad value raises InvalidArgument with a sentence; a key not known is said and left aside,
    :func:`known_options`)."""
    if options is None:
        return Game(rules, seed=seed)
    options = known_options(options)
    dealer = options.get("dealer")
    hands: Sequence[CardSet | str | Sequence[CardLike]] | None = options.get("hands")
    if hands is None:
        if "stock" in options:
            raise InvalidArgument("the stock option orders the cards left over: give hands too")
        return Game(rules, seed=seed, dealer=dealer)
    first = 0 if dealer is None else dealer
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < rules.players:
        raise InvalidArgument(
            f"dealer={dealer!r} is not a seat: seats are 0 to {rules.players - 1}"
        )
    stock: Sequence[CardLike] | str = options.get("stock", ())
    if "stock" not in options and (
        rules.stock or rules.domino or rules.packs > 1 or rules.widow.value != "none"
    ):
        # The cards left over, in an order from the seed (hands that do not read as cards are
        # left to check_hands to refuse).
        with contextlib.suppress(HeartsError, TypeError, ValueError):
            held = 0
            for hand in hands:
                held |= CardSet.parse(hand).mask if isinstance(hand, str) else mask_of(hand)
            left = list(CardSet(rules.pack & ~held))
            random.Random(seed).shuffle(left)
            stock = tuple(left)
    masks, checked = check_hands(rules, hands, stock, first)
    dealt = Dealt(
        hand_number=0,
        dealer=first,
        cut=None,
        pass_direction=rules.pass_direction(0).value,
        hands=tuple(CardSet(mask) for mask in masks),
        stock=checked,
    )
    return Game(rules, seed=seed, dealer=first, deals=[dealt])


def _rules(variant: str, players: int | None, changes: dict[str, Any]) -> Rules:
    preset = variants.variant(variant)
    rules = preset.rules if players is None else variants.for_players_named(variant, players)
    if changes:
        rules = rules.replace(**changes)
    if rules.laws:
        raise InvalidArgument(
            "the environment builds games without the laws option: its action space has no "
            "revoke, claim, call or gather (laws=True refused)"
        )
    if rules.auction is not None and rules.auction.max_bid > MAX_BID:
        raise InvalidArgument(
            f"auction.max_bid={rules.auction.max_bid} is past the action space's {MAX_BID}"
        )
    return rules


Illegal = Literal["penalty", "raise"]
ILLEGAL_MODES: Final = ("penalty", "raise")


class HeartsEnv(AECEnv[str, dict[str, np.ndarray], int]):
    """The AEC environment (see the module's docstring for observations, actions, rewards,
    illegal actions, the state, renders and reset options)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (PettingZoo reads it from the class)
        "render_modes": ["ansi", "human"],
        "render_fps": 1,
        "name": "hearts_v0",
        "is_parallelizable": False,
        "layout_version": LAYOUT_VERSION,
    }

    def __init__(
        self,
        variant: str = "modern",
        players: int | None = None,
        episode: Episode = "hand",
        reward: RewardMode = "end",
        seed: int | None = None,
        render_mode: str | None = None,
        illegal: Illegal = "penalty",
        illegal_reward: float | None = None,
        **rules_changes: Any,
    ) -> None:
        super().__init__()
        if episode not in ("hand", "game"):
            raise InvalidArgument(f"episode={episode!r}: it is 'hand' or 'game'")
        if reward not in ("end", "trick"):
            raise InvalidArgument(f"reward={reward!r}: it is 'end' or 'trick'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidArgument(f"render_mode={render_mode!r}: it is None, 'ansi' or 'human'")
        if illegal not in ILLEGAL_MODES:
            raise InvalidArgument(f"illegal={illegal!r}: it is 'penalty' or 'raise'")
        self.rules = _rules(variant, players, rules_changes)
        self.illegal: Illegal = illegal
        self.illegal_reward = _illegal_reward(self.rules, illegal_reward)
        """The reward of an illegal action with ``illegal="penalty"`` (minus
        :func:`hand_loss_bound` unless given)."""
        self.variant = variant
        self.episode: Episode = episode
        self.reward_mode: RewardMode = reward
        self.render_mode = render_mode
        self._seeds = random.Random(seed)
        n = self.rules.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        low, high = observation_bounds(self.rules)
        self._spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (ACTIONS,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {agent: spaces.Discrete(ACTIONS) for agent in self.possible_agents}
        self.state_space = spaces.Box(
            np.concatenate([*[low] * n, np.zeros(CARD_SLOTS, np.float32)]),
            np.concatenate([*[high] * n, np.ones(CARD_SLOTS, np.float32)]),
            dtype=np.float32,
        )
        """The space of :meth:`state`."""
        self.game: Game | None = None
        """The game being played (None before ``reset``): read it freely, but move only by
        ``step`` (the environment keeps the seats' views and encoders between steps)."""
        self._choosing = [CardSet() for _ in range(n)]
        self._encoders = [Encoder() for _ in range(n)]
        self._views: list[SeatView | None] = [None] * n

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    # ------------------------------------------------------------------ episode

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game (``options``: see the module's docstring; a bad value raises
        :class:`~hearts.errors.InvalidArgument` and changes nothing, a key not known is said in
        a warning and left aside)."""
        seeds = random.Random(seed) if seed is not None else self._seeds
        state = seeds.getstate()
        try:
            game = new_game(self.rules, seeds.randrange(2**63), options)
        except BaseException:
            seeds.setstate(state)
            raise
        self._seeds = seeds
        self.game = game
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._choosing = [CardSet() for _ in self.possible_agents]
        self._views = [None] * len(self.possible_agents)
        self._start_hand()
        self._select()
        if self.render_mode == "human":
            self.render()

    def _start_hand(self) -> None:
        assert self.game is not None
        self._hand = self.game.hand_number
        self._deal = self.game.deal
        """The episode's hand in progress (or just over: its views once the episode ends)."""
        self._hand_start = self.game.scores
        self._trick_rewards = [0.0] * self.rules.players
        self._penalties = self.game.deal.public_view().penalties

    def _select(self) -> None:
        assert self.game is not None
        seat = self.game.to_act
        self.agent_selection = self.possible_agents[seat if seat is not None else 0]

    def _seat(self, agent: str) -> int:
        seat = self._seats.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise InvalidArgument(
                f"{agent!r} is no agent of this table: they are {', '.join(self.possible_agents)}"
            )
        return seat

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat(agent)
        view = self._view(seat)
        return {
            "observation": self._encoders[seat].encode(view, self._choosing[seat]),
            "action_mask": self._mask(view),
        }

    def state(self) -> np.ndarray:
        """The whole true state, for a centralised critic (never for a policy that acts: it
        holds every hand): every seat's observation vector in seat order (``player_0``
        first, each in its own relative layout), then :data:`CARD_SLOTS` flags of the cards of
        the pack in no hand and never played (the stock, the widow, discards). In
        :attr:`state_space`.

        >>> table = raw_env("modern")
        >>> table.reset(seed=1)
        >>> state = table.state()
        >>> state.shape, state in table.state_space, int(state[1828 : 1828 + 125].sum())
        ((7437,), True, 13)
        """
        if self.game is None:
            raise InvalidArgument("there is no state before reset()")
        n = self.rules.players
        parts = [
            self._encoders[seat].encode(self._view(seat), self._choosing[seat]) for seat in range(n)
        ]
        held = 0
        for seat in range(n):
            held |= self._deal.hand(seat).mask
        unseen = self.rules.pack & ~held & ~self._view(0).played_cards().mask
        flags = np.zeros(CARD_SLOTS, dtype=np.float32)
        flags[list(CardSet(unseen))] = 1.0
        return np.concatenate([*parts, flags])

    def raw_observation(self, agent: str) -> dict[str, Any]:
        """The agent's observation as readable fields (:func:`describe`: seats relative to it),
        with ``legal``, its legal actions by name, and ``seat``, its own seat.

        >>> table = raw_env("modern")
        >>> table.reset(seed=1)
        >>> raw = table.raw_observation(table.agent_selection)
        >>> raw["seat"], raw["phase"], len(raw["hand"]), raw["legal"] == raw["hand"]
        (1, 'pass', 13, True)
        """
        seat = self._seat(agent)
        described = describe(self.observe(agent), self.rules.players)
        described["seat"] = seat
        return described

    def _view(self, seat: int) -> SeatView:
        """The seat's view now, built once between two moves (a view is frozen, and only a move
        changes the game): at the pass, a seat's three steps and the observations between them
        share one."""
        view = self._views[seat]
        if view is None:
            assert self.game is not None
            # Once a hand episode is over, what the seat saw at its end (the game would deal the
            # next hand for a view of the hand in progress).
            view = self._deal.view(seat) if self._deal.is_over else self.game.view(seat)
            self._views[seat] = view
        return view

    def _mask(self, view: SeatView) -> np.ndarray:
        """The legal actions of a seat now, from the moves its view lists: none for an agent
        not selected (at the pass every seat still to pass has moves, but one acts at a time)
        or done."""
        agent = self.possible_agents[view.seat]
        if agent != self.agent_selection or self.terminations.get(agent, False):
            return np.zeros(ACTIONS, dtype=np.int8)
        return action_mask(view, self._choosing[view.seat])

    def step(self, action: int | None) -> None:
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        assert self.game is not None
        agent = self.agent_selection
        seat = self._seat(agent)
        if action is None:
            raise IllegalMove(f"{agent} must act: an action of None is for an agent that is done")
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise InvalidArgument(
                f"an action is a whole number (0 to {ACTIONS - 1}), not {action!r}"
            )
        action = int(action)
        if not 0 <= action < ACTIONS:
            raise IllegalMove(f"action {action} is not in the action space (0 to {ACTIONS - 1})")
        try:
            view = self._views[seat]
            legal = view.legal_moves if view is not None else self.game.legal_moves(seat)
            if isinstance(legal, PassChoices):
                self._choose(seat, action)
            else:
                move = move_of(action)
                if move not in legal:
                    raise IllegalMove(
                        f"action {action} ({move}) is not legal for {agent} now: "
                        f"the legal actions are {sorted(action_of(m) for m in legal)}"
                    )
                self._play(move, seat)
        except IllegalMove as refusal:
            if self.illegal == "raise":
                raise
            self.forfeit(agent, str(refusal))
            return
        self._after_move()
        if self.render_mode == "human":
            self.render()

    def forfeit(self, agent: str, reason: str) -> None:
        """End the episode for an illegal action of ``agent`` (``illegal="penalty"``; the
        Gymnasium environment calls it too): the agent's reward is :attr:`illegal_reward`,
        every other agent's 0, every agent terminated; ``infos[agent]["illegal"]`` is
        ``reason``. Nothing of the game moves.

        >>> table = raw_env("modern")
        >>> table.reset(seed=1)
        >>> table.forfeit("player_1", "it gave up")
        >>> table.rewards["player_1"], table.rewards["player_0"], all(table.terminations.values())
        (-26.0, 0.0, True)
        """
        seat = self._seat(agent)
        self.rewards = dict.fromkeys(self.possible_agents, 0.0)
        self.rewards[agent] = self.illegal_reward
        self._cumulative_rewards[self.possible_agents[seat]] = 0.0
        self._accumulate_rewards()
        self.terminations = dict.fromkeys(self.agents, True)
        self.infos[agent] = {"illegal": reason}

    def _choose(self, seat: int, action: int) -> None:
        """One card of a sequential pass or discard: chosen, or with the last, submitted."""
        assert self.game is not None
        agent = self.possible_agents[seat]
        chosen = choose_card(self._view(seat), self._choosing[seat], action, agent)
        if isinstance(chosen, CardSet):
            self._choosing[seat] = chosen
            return
        # The engine says whether it is legal; on a refusal, nothing has changed.
        self._play(chosen, seat)
        self._choosing[seat] = CardSet()

    def _play(self, move: Move, seat: int) -> None:
        """Make the move; the seats' views kept are gone with the position they showed."""
        assert self.game is not None
        self.game.play(move, seat)
        self._views = [None] * len(self._views)

    def _after_move(self) -> None:
        assert self.game is not None
        game = self.game
        n = self.rules.players
        rewards = [0.0] * n
        hand_over = game.is_over or game.hand_number != self._hand
        if not hand_over and self.reward_mode == "end":  # (most steps: no reward to give)
            self.rewards = dict.fromkeys(self.possible_agents, 0.0)
            self._cumulative_rewards[self.agent_selection] = 0.0
            self._select()
            return
        if self.reward_mode == "trick" and not hand_over:
            # (What every seat sees taken: the rewards are public, so cards face down, a widow
            # or another's discards, are rewarded only with the hand's settlement.)
            penalties = game.deal.public_view().penalties
            for seat in range(n):
                taken = penalties[seat] - self._penalties[seat]
                if taken:
                    rewards[seat] -= taken
                    self._trick_rewards[seat] -= taken
            self._penalties = penalties
        if hand_over:
            after = game.scores
            points = self.rules.method is SettlementMethod.POINTS
            for seat in range(n):
                change = after[seat] - self._hand_start[seat]
                settled = -change if points else change
                rewards[seat] += settled - self._trick_rewards[seat]
            if self.episode == "hand" or game.is_over:
                self.terminations = dict.fromkeys(self.agents, True)
            else:
                self._start_hand()
        self.rewards = dict(zip(self.possible_agents, rewards, strict=True))
        self._cumulative_rewards[self.agent_selection] = 0.0
        self._accumulate_rewards()
        if not hand_over or not any(self.terminations.values()):
            self._select()

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"`` returns it, ``"human"`` prints it, as
        PettingZoo's classic games do, after each reset and step); None without a render mode.
        It shows the hand number, phase and the agent to act, every seat's cards (a render
        is the referee's table, not an observation), the trick on the table, each seat's
        penalties and tricks this hand and the scores."""
        if self.render_mode is None or self.game is None:
            return None
        text = render_text(self)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def render_text(table: HeartsEnv) -> str:
    """The text of :meth:`HeartsEnv.render` (whatever the render mode).

    >>> table = raw_env("modern", render_mode="ansi")
    >>> table.reset(seed=1)
    >>> print(table.render())  # doctest: +ELLIPSIS
    modern, 4 players: hand 1, pass left, phase pass, player_1 to act
    scores before this hand: player_0 0, player_1 0, player_2 0, player_3 0
      player_0 (dealer): 5♣ 6♣ 2♦ 3♦ 6♦ 5♠ 6♠ 10♠ J♠ Q♠ K♠ 5♥ K♥  [penalties 0, tricks 0]
    > player_1: 9♣ 10♣ J♣ Q♣ K♣ 7♦ 9♦ 4♠ 8♠ A♠ 2♥ 10♥ Q♥  [penalties 0, tricks 0]
    ...
    trick: (none)
    """
    if table.game is None:
        raise InvalidArgument("there is no table to render before reset()")
    deal, game = table._deal, table.game
    public = deal.public_view()
    names = table.possible_agents
    acting = None if all(table.terminations.values()) else table.agent_selection
    phase = "over" if deal.is_over else public.phase.value
    head = (
        f"{table.variant}, {len(names)} players: hand {public.hand_number + 1}, "
        f"pass {public.pass_direction.value}, phase {phase}"
    )
    lines = [head + (f", {acting} to act" if acting is not None else ", episode over")]
    before = ", ".join(f"{name} {score}" for name, score in zip(names, public.scores, strict=True))
    lines.append(f"scores before this hand: {before}")
    if deal.is_over:
        now = ", ".join(f"{name} {score}" for name, score in zip(names, game.scores, strict=True))
        lines.append(f"scores now: {now}")
    if public.pool or public.jack:
        lines.append(f"pool: {public.pool}" + (" (a Jack)" if public.jack else ""))
    auction = public.auction
    if auction is not None:
        bids = ", ".join(
            f"{name} {'-' if bid is None else bid}"
            for name, bid in zip(names, auction.bids, strict=True)
        )
        named = auction.named_suit
        lines.append(
            f"bids: {bids}"
            + (f"; {names[auction.bidder]} bid highest" if auction.bidder is not None else "")
            + (f"; {named.name.lower()} named" if named is not None else "")
        )
    for seat, name in enumerate(names):
        marks = " (dealer)" if seat == public.dealer else ""
        held = deal.hand(seat)
        cards = " ".join(card.symbol for card in held) if held else "(no cards)"
        pointer = "> " if name == acting else "  "
        lines.append(
            f"{pointer}{name}{marks}: {cards}  [penalties {public.penalties[seat]}, "
            f"tricks {public.tricks_won[seat]}]"
        )
    trick = ", ".join(f"{names[seat]} {card.symbol}" for seat, card in public.trick)
    lines.append(
        f"trick: {trick or '(none)'}" + (", hearts broken" if public.hearts_broken else "")
    )
    return "\n".join(lines)


def _illegal_reward(rules: Rules, given: float | None) -> float:
    if given is None:
        return -float(hand_loss_bound(rules))
    if isinstance(given, bool) or not isinstance(given, int | float) or not math.isfinite(given):
        raise InvalidArgument(f"illegal_reward={given!r}: it is a finite number (or None)")
    return float(given)


def raw_env(
    variant: str = "modern",
    players: int | None = None,
    episode: Episode = "hand",
    reward: RewardMode = "end",
    seed: int | None = None,
    render_mode: str | None = None,
    illegal: Illegal = "penalty",
    illegal_reward: float | None = None,
    **rules_changes: Any,
) -> HeartsEnv:
    """The environment without wrappers (see :class:`HeartsEnv`)."""
    return HeartsEnv(
        variant,
        players,
        episode,
        reward,
        seed,
        render_mode,
        illegal,
        illegal_reward,
        **rules_changes,
    )


class OrderEnforcing(wrappers.OrderEnforcingWrapper[str, dict[str, np.ndarray], int]):
    """PettingZoo's order-enforcing wrapper, its checks unchanged, with ``last()`` going
    straight to the environment once it has been reset (the base class reads six attributes
    through the wrapper's ``__getattr__`` for it, a third of a step's time).

    >>> table = env("modern", seed=1)
    >>> table.last()
    Traceback (most recent call last):
    ...
    AttributeError: agent_selection cannot be accessed before reset
    >>> table.reset()
    >>> observation, reward, termination, truncation, info = table.last()
    >>> int(observation["action_mask"].sum()), reward, termination
    (13, 0.0, False)
    """

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        last: Any = super().last if not self._has_reset else self.env.last
        return cast(
            "tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]", last(observe)
        )

    # (The two attributes a loop over agent_iter() reads at every step, straight from the
    # environment once it has been reset, as the base class's __getattr__ gives them.)

    @property
    def agents(self) -> list[str]:
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        return cast("list[str]", self.env.agents)

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return cast("str", self.env.agent_selection)

    def step(self, action: int) -> None:
        if self._has_reset and self.env.agents:  # (the base class's checks, in one)
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)

    def __str__(self) -> str:
        return str(self.env)


def env(
    variant: str = "modern",
    players: int | None = None,
    episode: Episode = "hand",
    reward: RewardMode = "end",
    seed: int | None = None,
    render_mode: str | None = None,
    illegal: Illegal = "penalty",
    illegal_reward: float | None = None,
    **rules_changes: Any,
) -> AECEnv[str, dict[str, np.ndarray], int]:
    """The environment in PettingZoo's order-enforcing wrapper (the usual entry point;
    :class:`OrderEnforcing`)."""
    return OrderEnforcing(
        raw_env(
            variant,
            players,
            episode,
            reward,
            seed,
            render_mode,
            illegal,
            illegal_reward,
            **rules_changes,
        )
    )
