"""Every preset of :mod:`hearts.variants` as an OpenSpiel game: ``pyspiel.load_game("hearts_modern")``.

Importing this module registers one Python game with OpenSpiel for each preset (:func:`register`
does it again, harmlessly, and returns the names). A preset's name becomes ``hearts_`` and the
name with ``_`` for ``-``: ``hearts_modern``, ``hearts_black_maria``, ``hearts_classic_3``,
``hearts_two_handed`` (:func:`game_name`). OpenSpiel's own C++ ``hearts`` is another game.

>>> import pyspiel
>>> import random
>>> import hearts.envs.openspiel
>>> game = pyspiel.load_game("hearts_modern", {"players": 3})
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())       # the deal: card by card
(True, 51)
>>> rng = random.Random(7)
>>> while state.is_chance_node():
...     state.apply_action(rng.choice(state.legal_actions()))
>>> state.current_player(), len(state.legal_actions())  # the eldest chooses its first card to pass
(1, 17)
>>> while not state.is_terminal():
...     state.apply_action(rng.choice(state.legal_actions()))
>>> sum(state.returns()) in (-26.0, -78.0)    # hearts and the Q♠ (or the moon: others +26)
True

Parameters
----------
``players``
    for the presets played by several numbers of players (the preset's own by default; a
    number the form is not played by is refused with a sentence).
``episode``
    ``"hand"`` (the default): one hand; ``"game"``: the whole game, hand after hand, until it
    is over or ``max_hands`` hands have been played (then the episode simply ends: OpenSpiel
    needs a bound on a game's length, and a game to a target has none).
``max_hands``
    the bound of a ``"game"`` episode (50 by default).

The games are built without the laws option (no revokes, claims or calls), as the AEC
environment's (:mod:`hearts.envs.aec`).

Chance: the deal, card by card
------------------------------
Each hand begins with one chance node per card of the pack: each deals one of the cards not yet
dealt, uniformly, and the ``i``-th card dealt takes the ``i``-th place of the pack as the table
deals it out (:func:`hearts.table.deal_out`: one card at a time from the eldest hand, the rest
the stock or the widow, in order). That is a uniform shuffle, drawn a card at a time, so every
deal has its true probability; a chance node has at most 125 outcomes (a chance outcome is the
card's id), which MCTS and OpenSpiel's random simulation test can enumerate. The cost: a hand
takes as many chance nodes as cards (52; 104 in Cancellation Hearts) before the first move.
Once the last card is dealt the hand is handed to a :class:`~hearts.game.Game` as a recorded
:class:`~hearts.events.Dealt` (a whole-game episode rebuilds its game from the recorded deals
and moves at each new hand: the engine shuffles for itself otherwise).

Moves, returns
--------------
The actions are the AEC environment's (:data:`~hearts.envs.aec.ACTIONS`: 145; a card by its id,
a bid, a suit named, a moon choice), the pass and Heartsette's discard one card at a time,
the last completing it. Legal actions come from the engine; an illegal action raises
:class:`~hearts.errors.IllegalMove` with a sentence and changes nothing. Rewards are terminal
(OpenSpiel's MCTS needs that): at the end :meth:`HeartsState.returns` is, per seat, the sum over
the episode's hands of ``-points`` (points games) or the change of its counters (counters
games), as the AEC environment rewards them; before, it is 0 and :meth:`HeartsState.settled`
gives the hands settled so far.

Information
-----------
Every string and tensor a seat gets is built from its view alone (``game.view(seat)``, a
:class:`~hearts.observation.SeatView`; the finished hand's view once it is over) and the cards
it has chosen so far for its pass or discard (its own choice):

- ``observation_tensor`` and ``information_state_tensor``: the AEC encoding
  (:func:`hearts.envs.aec.encode`), all zeros while the cards are being dealt;
- ``observation_string``: the view's fields (its hand, the trick, the tricks taken, counts,
  scores...);
- ``information_state_string``: those and the hand's events as the seat saw them (so the seat's
  whole history of the hand), after the same for each earlier hand of a whole-game episode.

:meth:`HeartsState.resample_from_infostate` draws a state the seat cannot tell from this one,
with the project's sampler (:class:`hearts.bots.sampler.Sampler`), so OpenSpiel's IS-MCTS
(``open_spiel.python.algorithms.ismcts``) runs on these games; see its docstring for what it
imagines and what it keeps.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from typing import Any, Final

import numpy as np
import pyspiel

from hearts import table, variants
from hearts.bots.sampler import Sampler, passes_sampled, supported
from hearts.cards import Card, CardSet
from hearts.deal import Deal
from hearts.envs.aec import (
    ACTIONS,
    CARD_SLOTS,
    action_mask,
    action_of,
    actions_of,
    choose_card,
    encode,
    layout,
    move_of,
)
from hearts.errors import HeartsError, IllegalMove, InvalidArgument
from hearts.events import Dealt, Passed
from hearts.events import move_of as recorded_move
from hearts.game import Game
from hearts.hand.choices import PassChoices
from hearts.hand.core import Phase
from hearts.moves import Move, Pass
from hearts.observation import SeatView
from hearts.rules import PassDirection, Rules, SettlementMethod

__all__ = ["PREFIX", "HeartsGame", "HeartsState", "game_name", "names", "register", "view_string"]

PREFIX: Final = "hearts_"
"""What every game's name begins with."""
MAX_HANDS: Final = 50
"""The default bound of a whole-game episode, in hands."""
_TRIES: Final = 20
"""Draws of the sampler before a resample gives up."""
_VIEW_FIELDS: Final = (
    "seat",
    "hand_number",
    "dealer",
    "phase",
    "to_act",
    "hand",
    "dealt",
    "pass_direction",
    "passed",
    "received",
    "leader",
    "trick",
    "tricks",
    "hearts_broken",
    "hand_sizes",
    "penalties",
    "tricks_won",
    "stock_size",
    "scores",
    "pool",
    "jack",
    "auction",
    "cancelled",
    "widow",
)
"""The fields of a view in its strings (not its rules, which the game names; nor the shuffle's
commitment, a hash of the whole pack; nor its legal moves, which follow from the rest)."""


def game_name(preset: str) -> str:
    """The OpenSpiel name of a preset.

    >>> game_name("black-maria")
    'hearts_black_maria'
    """
    return PREFIX + variants.variant(preset).name.replace("-", "_")


def names() -> list[str]:
    """The OpenSpiel name of every preset, in the order of :func:`hearts.variants.names`."""
    return [game_name(name) for name in variants.names()]


def view_string(view: SeatView, choosing: CardSet = CardSet(), *, history: bool = True) -> str:  # noqa: B008
    """A seat's view as one line per field (and the cards it has chosen so far); with
    ``history``, the hand's events as it saw them too.

    >>> from hearts import variants
    >>> text = view_string(Game(variants.get("modern"), seed=1).view(2), history=False)
    >>> text.splitlines()[0], len(text.splitlines())
    ('seat=2', 25)
    """
    lines = [f"{name}={getattr(view, name)!r}" for name in _VIEW_FIELDS]
    lines.append(f"choosing={choosing!r}")
    if history:
        lines.append(f"events={view.events!r}")
    return "\n".join(lines)


@dataclasses.dataclass(frozen=True, slots=True)
class _Spec:
    """A game's settings, shared by its states (never copied: nothing in it changes)."""

    rules: Rules
    episode: str
    max_hands: int

    def __deepcopy__(self, memo: dict[int, Any]) -> _Spec:
        return self


def _rules_of(preset: variants.Variant, players: int) -> Rules:
    rules = variants.for_players_named(preset.name, players)
    if rules.laws:  # pragma: no cover - no preset is played by the laws
        raise InvalidArgument("the OpenSpiel games are built without the laws option")
    return rules


def _hand_bound(rules: Rules) -> float:
    """More than any seat can win or lose in one hand: the units in play ``T`` (the largest of
    the cards' values added up and the cards of the pack, which bounds a named suit's), at most
    ``3T`` and a no-trick bonus in points, ``T`` per seat (and twice a bid) in counters."""
    units = max(sum(abs(value) for value in rules.values), rules.pack.bit_count())
    bonus = rules.no_trick.points if rules.no_trick is not None else 0
    bid = rules.auction.max_bid if rules.auction is not None else 0
    return float(rules.players * (3 * units + bonus + 2 * bid))


def _hand_length(rules: Rules) -> int:
    """More than the moves of one hand: every card played once, each seat's pass, a discard as
    large as the widow, a bid from each seat, a suit named and a moon choice."""
    cards = rules.pack.bit_count()
    passing = rules.passing.count * rules.players if rules.passing is not None else 0
    left_over = cards - rules.hand_size * rules.dealt_seats
    return cards + passing + left_over + rules.players + 2


class HeartsGame(pyspiel.Game):
    """One preset as an OpenSpiel game (see the module's docstring); made by ``pyspiel.load_game``."""

    PRESET: str = "modern"
    """The preset of the class (each registered game is a subclass with its own)."""

    def __init__(self, params: dict[str, Any] | None = None, preset: str | None = None) -> None:
        params = dict(params or {})
        self.preset = variants.variant(preset if preset is not None else self.PRESET)
        players = int(params.get("players", self.preset.rules.players))
        episode = str(params.get("episode", "hand"))
        max_hands = int(params.get("max_hands", MAX_HANDS))
        if episode not in ("hand", "game"):
            raise InvalidArgument(f"episode={episode!r}: it is 'hand' or 'game'")
        if max_hands < 1:
            raise InvalidArgument(f"max_hands={max_hands}: a game episode has at least one hand")
        rules = _rules_of(self.preset, players)
        hands = 1 if episode == "hand" else max_hands
        self.spec = _Spec(rules, episode, hands)
        bound = hands * _hand_bound(rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=ACTIONS,
            max_chance_outcomes=CARD_SLOTS,
            num_players=players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=None,
            max_game_length=hands * _hand_length(rules),
        )
        super().__init__(_game_type(self.preset), info, params)

    def new_initial_state(self) -> HeartsState:
        """The first chance node of the first deal."""
        return HeartsState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> _Observer:
        """The observer OpenSpiel asks for: the information state (perfect recall) or the
        observation."""
        if params:
            raise InvalidArgument(f"the observer takes no parameters, not {params!r}")
        recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        return _Observer(self.spec.rules.players, history=recall)


class _Observer:
    """OpenSpiel's Python observer: the AEC encoding as the tensor, the view as the string."""

    def __init__(self, players: int, *, history: bool) -> None:
        self.tensor = np.zeros(layout(players)["cancelled"].stop, np.float32)
        self.dict = {"observation": self.tensor}
        self.history = history

    def set_from(self, state: HeartsState, player: int) -> None:
        self.tensor[:] = state.encoded(player)

    def string_from(self, state: HeartsState, player: int) -> str:
        return state.seat_string(player, history=self.history)


@dataclasses.dataclass(slots=True)
class _Hand:
    """One hand of an episode: the cards dealt in order (chance outcomes) and the actions of
    the seats, as (seat, action), and the engine's moves."""

    deck: list[int] = dataclasses.field(default_factory=list)
    actions: list[tuple[int, int]] = dataclasses.field(default_factory=list)
    moves: list[tuple[int, Move]] = dataclasses.field(default_factory=list)


class _Table:
    """Everything a state changes, in one object so that a copy keeps it together."""

    __slots__ = (
        "choosing",
        "deal",
        "dealing",
        "dealts",
        "game",
        "hands",
        "over",
        "past",
        "start",
        "totals",
    )

    def __init__(self, players: int) -> None:
        self.hands: list[_Hand] = [_Hand()]
        self.dealts: list[Dealt] = []
        self.game: Game | None = None
        self.deal: Deal | None = None
        """The hand in progress, or the hand just over."""
        self.dealing = True
        self.over = False
        self.choosing = [CardSet() for _ in range(players)]
        self.start: tuple[int, ...] = ()
        """The game's totals before the hand in progress."""
        self.totals = [0.0] * players
        """Each seat's return so far."""
        self.past: list[list[str]] = [[] for _ in range(players)]
        """Per seat, its information state string of each earlier hand, once over."""


def _slots(rules: Rules, dealer: int) -> tuple[list[list[int]], list[int]]:
    """Where the table deals each place of the pack: per seat its places, and the stock's."""
    sits_out = dealer if rules.dealt_seats < rules.players else None
    return table.deal_out(
        list(range(rules.pack.bit_count())),
        players=rules.players,
        dealer=dealer,
        hand_size=rules.hand_size,
        sits_out=sits_out,
    )


class HeartsState(pyspiel.State):
    """A state of a Hearts game: a chance node of a deal, a seat to act, or the end."""

    def __init__(self, game: HeartsGame) -> None:
        super().__init__(game)
        self._spec = game.spec
        self._t = _Table(game.spec.rules.players)

    # ------------------------------------------------------------------ OpenSpiel's API

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's chance or terminal player."""
        t = self._t
        if t.over:
            return int(pyspiel.PlayerId.TERMINAL)
        if t.dealing:
            return int(pyspiel.PlayerId.CHANCE)
        assert t.game is not None
        seat = t.game.to_act
        assert seat is not None
        return seat

    def is_terminal(self) -> bool:
        return self._t.over

    def returns(self) -> list[float]:
        """Per seat, what the episode's hands gave it (see the module's docstring), once the
        state is terminal (0 before: the rewards are terminal; :meth:`settled` has them so far)."""
        return self.settled() if self._t.over else [0.0] * len(self._t.totals)

    def settled(self) -> list[float]:
        """Per seat, what the hands settled so far gave it (a whole-game episode's hands)."""
        return list(self._t.totals)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not dealt yet, each as likely."""
        left = self._undealt()
        return [(card, 1.0 / len(left)) for card in left]

    def _legal_actions(self, player: int) -> list[int]:
        t = self._t
        assert t.game is not None
        legal = t.game.legal_moves(player)
        if isinstance(legal, PassChoices):
            mask = action_mask(t.game.view(player), t.choosing[player])
            return [int(action) for action in np.flatnonzero(mask)]
        return sorted(action_of(move) for move in legal)

    def _apply_action(self, action: int) -> None:
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise InvalidArgument(f"an action is a whole number, not {action!r}")
        action = int(action)
        if self._t.dealing:
            self._deal_card(action)
        else:
            self._play(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {Card(action)}"
        return str(move_of(action))

    def __str__(self) -> str:
        """The referee's whole truth (for debugging): every hand, the trick, the scores."""
        t = self._t
        if t.dealing:
            hand = len(t.dealts)
            dealt = " ".join(str(Card(card)) for card in t.hands[-1].deck)
            return f"hand {hand + 1}: dealing [{dealt}]; returns {t.totals}"
        deal = t.deal
        assert deal is not None
        hands = " | ".join(str(deal.hand(seat)) for seat in range(deal.players))
        trick = " ".join(f"{seat}:{card}" for seat, card in deal.trick)
        chosen = " | ".join(str(cards) for cards in t.choosing)
        return (
            f"hand {deal.hand_number + 1} ({deal.phase.value}, to act {deal.to_act}): {hands}; "
            f"trick {trick}; tricks {len(deal.tricks)}; choosing {chosen}; "
            f"returns {t.totals}{'; over' if t.over else ''}"
        )

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float] | None = None
    ) -> HeartsState:
        """A state ``player_id`` cannot tell from this one (the same information state), drawn
        with the project's sampler, at a seat's turn.

        The hidden cards of the hand in progress are imagined: after the pass by
        :class:`~hearts.bots.sampler.Sampler` (every card played, void shown, card passed and
        received agrees), the other seats' passes then drawn among the cards their receivers
        hold (uniformly: nothing tells what they chose); at the pass, the other hands at random
        from the cards this seat has not seen, as the passes already made. A seat choosing its
        pass or discard has chosen as many cards as now (the seat's own cards when it is the
        seat resampled for). The earlier hands of a whole-game episode are kept as they were:
        only their scores, which are public, bear on the rest. Every preset is resampled; a form
        the sampler does not imagine (:func:`~hearts.bots.sampler.supported`) raises
        :class:`~hearts.errors.InvalidArgument`. The draws come from ``probability_sampler``
        (OpenSpiel's, called once), or from a fresh generator without one.
        """
        t = self._t
        if t.dealing or t.over or t.game is None:
            raise InvalidArgument("a state is resampled at a seat's turn, not at a deal or the end")
        players = self._spec.rules.players
        if isinstance(player_id, bool) or not 0 <= int(player_id) < players:
            raise InvalidArgument(f"player {player_id!r} is no seat: seats are 0 to {players - 1}")
        seat = int(player_id)
        seed = (
            int(probability_sampler() * 2**53)
            if probability_sampler is not None
            else random.SystemRandom().randrange(2**53)
        )
        rng = random.Random(seed)
        view = t.game.view(seat)
        deck, actions = self._imagined(view, rng)
        state = self.get_game().new_initial_state()
        for hand in t.hands[:-1]:
            for card in hand.deck:
                state.apply_action(card)
            for _, action in hand.actions:
                state.apply_action(action)
        for card in deck:
            state.apply_action(card)
        for action in actions:
            state.apply_action(action)
        # The seat choosing its pass or discard has chosen as many cards as here.
        chooser = t.game.to_act
        if chooser is not None and t.choosing[chooser]:
            if chooser == seat:
                chosen = sorted(int(card) for card in t.choosing[seat])
            else:
                chosen = rng.sample(state.legal_actions(), len(t.choosing[chooser]))
            for action in chosen:
                state.apply_action(action)
        if state.seat_string(seat, history=True) != self.seat_string(seat, history=True):
            raise HeartsError(  # pragma: no cover - a sampler's deal agrees with the view
                f"the imagined state is not one seat {seat} cannot tell from this one"
            )
        assert isinstance(state, HeartsState)
        return state

    # ------------------------------------------------------------------ what a seat sees

    def encoded(self, player: int) -> np.ndarray:
        """The AEC encoding of ``player``'s view (all zeros while the cards are dealt)."""
        view = self._view(player)
        if view is None:
            return np.zeros(layout(self._spec.rules.players)["cancelled"].stop, np.float32)
        return encode(view, self._t.choosing[player])

    def seat_string(self, player: int, *, history: bool) -> str:
        """``player``'s view as a string: with ``history``, the information state (the hand's
        events, after each earlier hand's)."""
        t = self._t
        view = self._view(player)
        if view is None:
            now = f"hand {len(t.dealts) + 1}: dealing"
        else:
            now = view_string(view, t.choosing[player], history=history)
        if not history:
            return now
        return "\n--\n".join([*t.past[player], now])

    def _view(self, player: int) -> SeatView | None:
        t = self._t
        if t.dealing:
            return None
        assert t.game is not None and t.deal is not None
        if t.deal.is_over:
            return t.deal.view(player)  # the hand just over (the game may have the next one due)
        return t.game.view(player)

    # ------------------------------------------------------------------ the deal

    def _undealt(self) -> list[int]:
        deck = self._t.hands[-1].deck
        dealt = sum(1 << card for card in deck)
        return [
            card
            for card in range(CARD_SLOTS)
            if self._spec.rules.pack >> card & 1 and not dealt >> card & 1
        ]

    def _deal_card(self, action: int) -> None:
        t = self._t
        if action not in self._undealt():
            raise IllegalMove(f"chance outcome {action} is no card still to be dealt")
        hand = t.hands[-1]
        hand.deck.append(action)
        rules = self._spec.rules
        if len(hand.deck) < rules.pack.bit_count():
            return
        number = len(t.dealts)
        dealer = 0 if number == 0 else table.next_dealer(t.dealts[-1].dealer, rules.players)
        places, stock = _slots(rules, dealer)
        cards = [Card(card) for card in hand.deck]
        dealt = Dealt(
            hand_number=number,
            dealer=dealer,
            cut=None,
            pass_direction=rules.pass_direction(number).value,
            hands=tuple(CardSet(cards[i] for i in seat) for seat in places),
            stock=tuple(cards[i] for i in stock),
        )
        t.dealts.append(dealt)
        game = Game(rules, seed=0, deals=t.dealts)
        for earlier in t.hands[:-1]:
            for seat, move in earlier.moves:
                game.play(move, seat)
        t.game = game
        t.deal = game.deal
        assert t.deal.hand_number == number
        t.start = game.scores
        t.dealing = False

    # ------------------------------------------------------------------ the moves

    def _play(self, action: int) -> None:
        t = self._t
        game, deal = t.game, t.deal
        assert game is not None and deal is not None
        seat = game.to_act
        assert seat is not None
        move: Move = move_of(action)
        legal = game.legal_moves(seat)
        hand = t.hands[-1]
        if isinstance(legal, PassChoices):
            full = self._choose(seat, action)
            if full is None:
                hand.actions.append((seat, action))
                return
            game.play(full, seat)
            t.choosing[seat] = CardSet()
            move = full
        else:
            if move not in legal:
                raise IllegalMove(
                    f"action {action} ({move}) is not legal for seat {seat} now: "
                    f"the legal actions are {sorted(action_of(m) for m in legal)}"
                )
            game.play(move, seat)
        hand.actions.append((seat, action))
        hand.moves.append((seat, move))
        if deal.is_over:
            self._hand_over()

    def _choose(self, seat: int, action: int) -> Move | None:
        """One card of a pass or discard: chosen (None), or with the last the whole move."""
        t = self._t
        assert t.game is not None
        chosen = choose_card(t.game.view(seat), t.choosing[seat], action, f"seat {seat}")
        if isinstance(chosen, CardSet):
            t.choosing[seat] = chosen
            return None
        t.game.verify_play(chosen, seat)  # refused: nothing has changed
        return chosen

    def _hand_over(self) -> None:
        t = self._t
        game, deal = t.game, t.deal
        assert game is not None and deal is not None
        rules = self._spec.rules
        after = game.scores
        points = rules.method is SettlementMethod.POINTS
        for seat in range(rules.players):
            change = after[seat] - t.start[seat]
            t.totals[seat] += float(-change if points else change)
        if game.is_over or len(t.dealts) >= self._spec.max_hands:
            t.over = True
            return
        for seat in range(rules.players):
            t.past[seat].append(view_string(deal.view(seat), t.choosing[seat]))
        t.hands.append(_Hand())
        t.dealing = True

    # ------------------------------------------------------------------ resampling

    def _imagined(self, view: SeatView, rng: random.Random) -> tuple[list[int], list[int]]:
        """An imagined deal of the hand in progress as the cards dealt in order, and the
        seats' actions that bring it where the view is (a pass or discard being chosen aside)."""
        rules = view.rules
        players = rules.players
        passers = [event.seat for event in view.events if isinstance(event, Passed)]
        count = rules.passing.count if rules.passing is not None else 0
        if view.phase is Phase.PASS:
            if not passes_sampled(rules):  # pragma: no cover - every preset's pass is
                raise InvalidArgument("the pass of these rules is not imagined")
            hands, stock, passes = self._at_pass(view, rng, count)
            moves: list[tuple[int, Move]] = []
        else:
            if not supported(rules):  # (no preset: see hearts.bots.sampler.supported)
                raise InvalidArgument(
                    "the hidden cards of these rules are not imagined: its states are not resampled"
                )
            sampler = Sampler(view)
            imagined: Deal | None = None
            for _ in range(_TRIES):
                imagined = sampler.sample(rng)
                if imagined is not None:
                    break
            if imagined is None:  # pragma: no cover - the true deal is one of those it draws
                raise HeartsError("the sampler found no deal consistent with the view")
            first = imagined.events[0]
            assert isinstance(first, Dealt)
            hands, stock = list(first.hands), list(first.stock)
            moves = [found for event in imagined.events if (found := recorded_move(event))]
            passes = {}
            if passers:
                hands, passes = self._before_pass(view, hands, rng, count)
        deck = [0] * rules.pack.bit_count()
        places, stock_places = _slots(rules, view.dealer)
        for seat in range(players):
            for place, card in zip(places[seat], sorted(hands[seat]), strict=True):
                deck[place] = int(card)
        for place, card in zip(stock_places, stock, strict=True):
            deck[place] = int(card)
        actions: list[int] = []
        for seat in passers:
            actions.extend(actions_of(Pass(passes[seat])))
        for _, move in moves:
            actions.extend(actions_of(move))
        return deck, actions

    def _at_pass(
        self, view: SeatView, rng: random.Random, count: int
    ) -> tuple[list[CardSet], list[Card], dict[int, CardSet]]:
        """At the pass: the other hands dealt at random from the cards this seat has not seen,
        and the passes made so far by other seats chosen at random from their hands."""
        rules = view.rules
        unseen = [card for card in CardSet(rules.pack) if card not in view.dealt]
        rng.shuffle(unseen)
        hands: list[CardSet] = []
        for seat in range(rules.players):
            if seat == view.seat:
                hands.append(view.dealt)
            elif view.hand_sizes[seat] or rules.dealt_seats == rules.players:
                hands.append(CardSet(unseen[: rules.hand_size]))
                del unseen[: rules.hand_size]
            else:  # the dealer sits out at seven (no passing there: kept for completeness)
                hands.append(CardSet())
        passes: dict[int, CardSet] = {}
        for event in view.events:
            if isinstance(event, Passed):
                mine = view.passed if event.seat == view.seat else None
                passes[event.seat] = (
                    mine
                    if mine is not None
                    else CardSet(rng.sample(sorted(hands[event.seat]), count))
                )
        return hands, [], passes

    def _before_pass(
        self, view: SeatView, after: Sequence[CardSet], rng: random.Random, count: int
    ) -> tuple[list[CardSet], dict[int, CardSet]]:
        """The hands as dealt, before the pass, from the hands just after it: this seat's pass
        and the one it received are known; each other seat's is drawn from its receiver's
        hand."""
        players = view.rules.players
        offset = view.pass_direction.offset(players)
        assert view.pass_direction is not PassDirection.HOLD and view.passed is not None
        assert view.received is not None
        sender = (view.seat - offset) % players
        passes: dict[int, CardSet] = {view.seat: view.passed, sender: view.received}
        for seat in range(players):
            if seat not in passes:
                receiver = (seat + offset) % players
                passes[seat] = CardSet(rng.sample(sorted(after[receiver]), count))
        dealt = [
            (after[seat] - passes[(seat - offset) % players]) | passes[seat]
            for seat in range(players)
        ]
        return dealt, passes


def _game_type(preset: variants.Variant) -> Any:
    counts = preset.players
    parameters: dict[str, Any] = {"episode": "hand", "max_hands": MAX_HANDS}
    if len(counts) > 1:
        parameters["players"] = preset.rules.players
    return pyspiel.GameType(
        short_name=game_name(preset.name),
        long_name=f"{preset.title} ({preset.name}), by the hearts engine",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max((*counts, preset.rules.players)),
        min_num_players=min((*counts, preset.rules.players)),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


_CLASSES: Final[dict[str, type[HeartsGame]]] = {}
"""The class registered for each preset."""


def register() -> list[str]:
    """Register every preset with OpenSpiel (once: again does nothing) and return the names."""
    known = set(pyspiel.registered_names())
    for name in variants.names():
        preset = variants.variant(name)
        if game_name(name) in known:
            continue
        # A class of its own per preset (a class lives as long as the interpreter: OpenSpiel's
        # registry holds the factory past the interpreter's end, and a function freed then
        # aborts the process).
        kind = type(f"HeartsGame_{preset.name.replace('-', '_')}", (HeartsGame,), {"PRESET": name})
        _CLASSES[name] = kind
        pyspiel.register_game(_game_type(preset), kind)
    return names()


register()
