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
every option of the form (:class:`~hearts.rules.Rules`, :func:`parameters` lists them)
    by the project's names, each defaulting to the preset's value: ``strip``, ``first_lead``,
    ``penalty_free_first_trick``, ``hearts_must_be_broken``, ``queen_breaks_hearts``,
    ``lead_hearts_with_only_penalty``, ``heart_value``, ``card_values`` (``"QS:13/JD:-10"``),
    ``removed`` (``"2C"``), ``stock``, ``widow``, ``domino``, ``end``, ``target``, ``deals``,
    ``start_counters``, ``ties``; a part as a flag and its options dotted: ``passing``,
    ``passing.count``, ``passing.cycle`` (``"left/right/across/hold"``), ``auction``,
    ``auction.max_bid``, ``joker``, ``joker.penalty``, ``joker.wins_any_trick``,
    ``cancellation``, ``cancellation.widow``, ``cancellation.unwon_last_trick``; the
    settlement as its method (``settlement``: ``"points"``, ``"sweepstakes"``, ``"howell"``...)
    and its options dotted: ``settlement.moon``, ``settlement.no_trick`` (a flag),
    ``settlement.no_trick.points``, ``settlement.no_trick.with_moon``,
    ``settlement.jack_rule``, ``settlement.free_hearts``. Sequences are parted by ``/``
    (OpenSpiel's game strings part parameters with commas). Not ``laws``: the games are built
    without the laws option (no revokes, claims or calls), as the AEC environment's.
OpenSpiel's own ``hearts`` names (:data:`OPENSPIEL_NAMES`)
    ``pass_cards`` (``passing`` on or off), ``no_pts_on_first_trick``
    (``penalty_free_first_trick``), ``can_lead_any_club`` (``first_lead="any-club"``, else
    ``"lowest-club"``), ``jd_bonus`` (the J♦ at −10 in ``card_values``),
    ``avoid_all_tricks_bonus`` (``settlement.no_trick`` of 5 points, not in a moon hand, as
    OpenSpiel scores it), ``qs_breaks_hearts`` (``queen_breaks_hearts``),
    ``must_break_hearts`` (``hearts_must_be_broken``), ``can_lead_hearts_instead_of_qs``
    (``lead_hearts_with_only_penalty``); each defaults to what the preset has.

OpenSpiel fills every parameter in, so a parameter at its default changes nothing (the form
keeps what the table's number of players makes it: Black Maria lays the 2♣ aside for three).
OpenSpiel refuses an unknown name and a value of another type; the rules refuse a value they
cannot take (:class:`~hearts.errors.InvalidRules`, the sentence naming the option); a part's
option given while the part is off, an OpenSpiel name and the option it stands for both away
from their defaults and saying different things, or a comma in a sequence are refused with
:class:`~hearts.errors.InvalidArgument`. The game's parameters (``get_parameters()``, the game's
string) say the rules as played: an OpenSpiel name and its option agree there, whichever was
given, and the string loads the same game again. An observer shows one seat what that seat sees:
asked for the public information alone or for every player's, it is refused.

>>> game = pyspiel.load_game("hearts_modern", {"jd_bonus": True, "passing.cycle": "right"})
>>> game.rules.card_values[-1], [d.value for d in game.rules.passing.cycle]
((Card.parse('JD'), -10), ['right'])
>>> game.min_utility(), game.max_utility()       # 26 against; the J♦ alone, 10 for
(-26.0, 10.0)

Chance: the deal, card by card
------------------------------
Each hand begins with one chance node per card of the pack: each deals one of the cards not yet
dealt, uniformly, and the ``i``-th card dealt takes the ``i``-th place of the pack as the table
deals it out (:func:`hearts.table.deal_out`: one card at a time from the eldest hand, the rest
the stock or the widow, in order). That is a uniform shuffle, drawn a card at a time, so every
deal has its true probability; a chance node has at most 125 outcomes (a chance outcome is the
card's id), which MCTS and OpenSpiel's random simulation test can enumerate. The cost: a hand
takes as many chance nodes as cards (52; 104 in Cancellation Hearts) before the first move.
Once the last card is dealt the hand is a :class:`~hearts.deal.Deal` of those hands, which the
state plays; a hand over is settled by the engine's own :func:`hearts.scoring.settle` (the pool
and a Jack carried on in a whole-game episode, the game over by
:func:`hearts.scoring.game_winners`).

Moves, returns, bounds
----------------------
The actions are the AEC environment's (:data:`~hearts.envs.aec.ACTIONS`: 145; a card by its id,
a bid, a suit named, a moon choice), the pass and Heartsette's discard one card at a time,
the last completing it. Legal actions come from the engine; an illegal action raises
:class:`~hearts.errors.IllegalMove` with a sentence and changes nothing. Rewards are terminal
(OpenSpiel's MCTS needs that): at the end :meth:`HeartsState.returns` is, per seat, the sum over
the episode's hands of ``-points`` (points games) or the change of its counters (counters
games), as the AEC environment rewards them; before, it is 0 and :meth:`HeartsState.settled`
gives the hands settled so far.

``min_utility`` and ``max_utility`` are one hand's bounds (:func:`hand_bounds`) times the
hands of the episode (``max_hands`` for a game). With ``T`` the units counting against (26 in
the modern game) and ``N`` the seats dealt cards: points, −T (every unit, or another seat's Old
Moon) to the most a seat can score below zero: its negative cards (the J♦'s 10), or the
no-trick bonus (a seat that takes a card wins a trick, so not both), or the New Moon's T (and
its negative cards) — the modern game −26..0, New Moon −26..26, Omnibus −26..10; sweepstakes
±(T + the highest bid): a seat's units and its bid paid, or the pool a sole clear seat takes;
Howell's T − N·T..T; the excess −2T..T; the simple and two-handed settlements ±T. Each is
reached by a hand the rules allow (the tests show the settlement giving it).

Information
-----------
Every string and tensor a seat gets is built from its view alone (``game.view(seat)``, a
:class:`~hearts.observation.SeatView`: the events of the hand as it saw them, its own cards)
and its own choices (the cards it chose for its pass or discard, in the order chosen):

- ``observation_tensor``: the AEC encoding (:func:`hearts.envs.aec.encode`) of the view now,
  all zeros while the cards are being dealt;
- ``observation_string``: the view's fields (its hand, the trick, the tricks taken, counts,
  scores...);
- ``information_state_string``: perfect recall: the standing before the hand, the cards the
  seat was dealt, passed and received, the cards it is choosing and the order it chose its
  pass or discard in, then every event of the hand as the seat saw it, one a line, in order
  (the deal, each pass, bid, suit named, card played, trick won, card drawn, discard, moon);
  after the same for each earlier hand of a whole-game episode;
- ``information_state_tensor``: perfect recall too, layout version :data:`RECALL_VERSION`
  (:func:`recall_layout` gives the slices), of a fixed size per game (4,767 for modern;
  OpenSpiel's C++ ``hearts`` has 5,088). ``P`` seats, ``C`` the cards of the pack (a card's place is its rank
  in the pack, lowest id first; 52, or 104 with two packs), ``K`` the cards a seat chooses one
  by one (its pass and a Heartsette discard):

  ==========  ==========  =============================================================
  field       size        meaning
  ==========  ==========  =============================================================
  seat        P           one-hot: this seat
  dealer      P           one-hot: the dealer
  direction   4           one-hot pass: left, right, across, hold
  hand_number 1           the hand's number from 0 (whole-game episodes)
  scores      P           each seat's total before the hand (points or counters)
  pool, jack  1, 1        counters carried in the pool; 1 if a Jack
  dealt       C           the cards this seat was dealt
  passed      C           the cards it passed (once passed)
  received    C           the cards passed to it (once every seat has passed)
  choosing    C           the cards it has chosen so far for its pass or discard
  order       K*C         the cards it chose, one-hot each, in the order chosen
  over        1           1 once the hand is over; then
  penalties   P           each seat's units taken (as this seat sees them), and
  points      P           each seat's points for the hand
  plays       C*(P+C)     every card played, in order: per play the seat one-hot, the card
                          one-hot (a trick's winner and what it counts follow from these)
  others      S*E         every other event, in order, one slot of E numbers each: kind
                          one-hot (passed, discarded, cards kept, stock drawn, moon shot,
                          moon chosen, bid, suit named), seat one-hot, the seat passed to,
                          the cards (those this seat may see), a number (a bid, points)
                          and a flag for a number or card it may not see, a word one-hot
                          (clubs, diamonds, spades, hearts, old, new), and how many cards
                          had been played before it (its place among the plays)
  ==========  ==========  =============================================================

  ``S`` bounds the other events of a hand (the stock's cards and four a seat, and three).
  Two information states of a hand episode never share a tensor (tested over random walks of
  ten forms). In a whole-game episode the tensor is the hand in progress's, with the standing
  the earlier hands left (hand number, scores, pool, Jack): their play is in the string only.

:meth:`HeartsState.resample_from_infostate` draws a state the seat cannot tell from this one,
with the project's sampler (:class:`hearts.bots.sampler.Sampler`), so OpenSpiel's IS-MCTS
(``open_spiel.python.algorithms.ismcts``) runs on these games; see its docstring for what it
imagines and what it keeps. OpenSpiel's ``MCTSBot`` runs too, but it searches the true state
(every hand seen): it is no player of the game, only a bound.

Undo, clones, serialization
---------------------------
``state.undo_action(player, action)`` takes the last action back (OpenSpiel's
``State.undo_action``), its history too: see :meth:`HeartsState.undo_action` for what OpenSpiel's
C++ side does not see. A clone copies the hand (:meth:`hearts.deal.Deal.copy`) and what the
state built (strings and tensors, kept while the state stands); a state pickles (OpenSpiel's
serialization) as its actions, played again when it is read.

The package: :mod:`~hearts.envs.openspiel.params` (names and parameters),
:mod:`~hearts.envs.openspiel.strings` (observation strings), :mod:`~hearts.envs.openspiel.recall`
(the information-state tensor), :mod:`~hearts.envs.openspiel.tables` (the table states share,
copy on write) and this module, the game and its states; each public name of the package is
importable from here.

One module: the game and the state are OpenSpiel's two classes for one game, with the user's
documentation above.
"""

from __future__ import annotations

import base64
import copyreg
import dataclasses
import functools
import pickle
import random
import weakref
from collections.abc import Callable, Sequence
from typing import Any, Final

import numpy as np
import pyspiel

from hearts import variants
from hearts.bots.sampler import Sampler, passes_sampled, supported
from hearts.cards import Card, CardSet, cards_of
from hearts.deal import Deal
from hearts.envs.aec import (
    ACTIONS,
    CARD_SLOTS,
    actions_of,
    move_of,
)
from hearts.envs.openspiel import tables
from hearts.envs.openspiel.params import (
    MAX_HANDS,
    OPENSPIEL_NAMES,
    PREFIX,
    game_name,
    names,
    parameters,
    rule_changes,
)
from hearts.envs.openspiel.recall import RECALL_VERSION, recall_layout
from hearts.envs.openspiel.strings import (
    CARD_NAMES,
    view_string,
)
from hearts.envs.openspiel.tables import (
    ACTION_TEXT,
    CHANCE_PLAYER,
    Spec,
    Table,
    deal_places,
    hand_length,
    shared_spec,
)
from hearts.errors import HeartsError, InvalidArgument
from hearts.events import (
    Dealt,
    Passed,
)
from hearts.events import move_of as recorded_move
from hearts.hand.core import Phase
from hearts.moves import Discard, Move, Pass
from hearts.observation import SeatView
from hearts.rules import (
    Moon,
    PassDirection,
    Rules,
    SettlementMethod,
)

__all__ = [
    "OPENSPIEL_NAMES",
    "PREFIX",
    "RECALL_VERSION",
    "HeartsGame",
    "HeartsState",
    "game_name",
    "hand_bounds",
    "names",
    "parameters",
    "recall_layout",
    "register",
    "view_string",
]


_TRIES: Final = 20
"""Draws of the sampler before a resample gives up."""


def hand_bounds(rules: Rules) -> tuple[float, float]:
    """The least and most one seat's return can be for one hand (see the module's docstring:
    minus the points in a points settlement, the counters won in another).

    >>> hand_bounds(variants.get("modern")), hand_bounds(variants.get("new-moon"))
    ((-26.0, 0.0), (-26.0, 26.0))
    >>> hand_bounds(variants.get("classic")), hand_bounds(variants.get("howell"))
    ((-13.0, 13.0), (-39.0, 13.0))
    """
    values = rules.values
    total = rules.penalty_total  # T: every unit counting against
    if rules.method is SettlementMethod.POINTS:
        negative = sum(value for value in values if value < 0)
        bonus = rules.no_trick.points if rules.no_trick is not None else 0
        # The fewest points: every card counting for a seat, or no trick at all (a seat that
        # takes a card wins a trick, so never both), or the new moon's T below zero.
        least = min(negative, -bonus)
        if rules.moon in (Moon.NEW, Moon.CHOICE):
            least = min(least, negative - total)
        most = total  # every unit, or another seat's old moon
        return float(-most), float(-least)
    units = total
    if rules.auction is not None:  # the units are the named suit's cards
        suits = [(rules.pack >> (16 * suit)) & 0xFFFF for suit in range(4)]
        units = max(total, *(bin(mask).count("1") for mask in suits)) * rules.packs
    bid = rules.auction.max_bid if rules.auction is not None else 0
    seats = rules.dealt_seats
    method = rules.method
    if method is SettlementMethod.SWEEPSTAKES:
        return float(-(units + bid)), float(units + bid)
    if method is SettlementMethod.HOWELL:
        return float(units - seats * units), float(units)
    if method is SettlementMethod.EXCESS:
        return float(-2 * units), float(units)
    return float(-units), float(units)  # simple, two-handed: the units in play at most


# ----------------------------------------------------------------------------------- the game


class HeartsGame(pyspiel.Game):
    """One preset as an OpenSpiel game (see the module's docstring); made by ``pyspiel.load_game``."""

    PRESET: str = "modern"
    """The preset of the class (each registered game is a subclass with its own)."""

    def __init__(self, params: dict[str, Any] | None = None, preset: str | None = None) -> None:
        params = dict(params or {})
        self.preset = variants.variant(preset if preset is not None else self.PRESET)
        self.rules, self.spec, info, told = _made(self.preset, params)
        super().__init__(_game_type_of(self.preset.name), info, {**params, **told})

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
        if iig_obs_type is not None and (
            iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info
        ):
            raise InvalidArgument(
                "a Hearts observer shows one seat what that seat sees (its own cards and "
                "everything public): private_info=SINGLE_PLAYER and public_info=True, not "
                f"private_info={iig_obs_type.private_info}, public_info={iig_obs_type.public_info}"
            )
        recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        return _Observer(self.spec, recall=recall)


def _made(
    preset: variants.Variant, params: dict[str, Any]
) -> tuple[Rules, Spec, Any, dict[str, bool | int | str]]:
    """What a game of ``preset`` with ``params`` is made of: the rules, the settings, OpenSpiel's
    game info and the parameters it keeps (made once for equal parameters: OpenSpiel makes a
    game again for each state it reads back)."""
    try:  # (each value's type too: True and 1 are equal, and not the same parameter)
        key: Any = (preset.name, *sorted((k, type(v), v) for k, v in params.items()))
        made = _MADE.get(key)
    except TypeError:  # (a value that is not hashable: refused below)
        key = made = None
    if made is None:
        made = _make(preset, params)
        if key is not None:
            _MADE[key] = made
            if "game" not in made[1].once:  # (named by what differs from the preset's own)
                defaults = _game_defaults(preset.name)
                given = tuple(
                    (name, value)
                    for name, value in params.items()
                    if type(defaults.get(name)) is not type(value) or defaults[name] != value
                )
                made[1].once["game"] = (preset.name, given)
    return made


def _spec_of_game(preset: str, params: tuple[tuple[str, Any], ...]) -> Spec:
    """The settings of a game of ``preset`` with ``params`` (how a pickled state's come back)."""
    return _made(variants.variant(preset), dict(params))[1]


def _pickled_spec(spec: Spec) -> tuple[Any, ...]:
    """How a game's settings pickle (:mod:`copyreg`): by the preset and the parameters that
    make the game, a few words (OpenSpiel pickles states often), else by the settings."""
    game = spec.once.get("game")
    if game is not None:
        return (_spec_of_game, game)
    return (shared_spec, (spec.rules, spec.episode, spec.max_hands))


copyreg.pickle(Spec, _pickled_spec)
_shared_spec = shared_spec  # (the names pickles made before the tables had a module of their own)
_replayed = tables.replayed


def _make(
    preset: variants.Variant, params: dict[str, Any]
) -> tuple[Rules, Spec, Any, dict[str, bool | int | str]]:
    """What :func:`_made` makes (the parameters checked, the rules made)."""
    players = params.get("players", preset.rules.players)
    episode = params.get("episode", "hand")
    max_hands = params.get("max_hands", MAX_HANDS)
    if isinstance(players, bool) or not isinstance(players, int):
        raise InvalidArgument(f"players={players!r}: it is a whole number of seats")
    if episode not in ("hand", "game"):
        raise InvalidArgument(f"episode={episode!r}: it is 'hand' or 'game'")
    if isinstance(max_hands, bool) or not isinstance(max_hands, int) or max_hands < 1:
        raise InvalidArgument(
            f"max_hands={max_hands!r}: a game episode has a whole number of hands, at least one"
        )
    base = _rules_of(preset, players)
    changes = rule_changes(_defaults(preset.name), params, base)
    rules = base.replace(**changes) if changes else base
    if rules.laws:
        raise InvalidArgument("the OpenSpiel games are built without the laws option")
    if rules.players != players:  # pragma: no cover - players is not a rule change here
        raise InvalidArgument("players is given by the players parameter alone")
    hands = 1 if episode == "hand" else max_hands
    spec = shared_spec(rules, episode, hands)
    least, most = hand_bounds(rules)
    info = pyspiel.GameInfo(
        num_distinct_actions=ACTIONS,
        max_chance_outcomes=CARD_SLOTS,
        num_players=players,
        min_utility=hands * least,
        max_utility=hands * most,
        utility_sum=None,
        max_game_length=hands * hand_length(rules),
    )
    # The parameters OpenSpiel keeps (get_parameters, the game's string) say the rules as
    # played: an OpenSpiel name and its option agree there, whichever was given.
    told = {name: value for name, value in parameters(rules).items() if name in params}
    return rules, spec, info, told


_MADE: Final[dict[Any, tuple[Rules, Spec, Any, dict[str, bool | int | str]]]] = {}
"""What each game made so far was made of, by its preset and parameters (OpenSpiel makes a
game again for each state it reads back; nothing in it changes)."""


@functools.cache
def _defaults(preset: str) -> dict[str, bool | int | str]:
    """A preset's parameters at their defaults (not to be changed: shared)."""
    return parameters(variants.get(preset))


def _rules_of(preset: variants.Variant, players: int) -> Rules:
    return _preset_rules(preset.name, players)


@functools.cache
def _preset_rules(preset: str, players: int) -> Rules:
    """A preset's rules for a table of ``players`` (rules are values: shared)."""
    return variants.for_players_named(preset, players)


class _Observer:
    """OpenSpiel's Python observer: the information state (perfect recall: the seat's whole
    history) or the observation (the AEC encoding), as tensor and string."""

    def __init__(self, spec: Spec, *, recall: bool) -> None:
        size = spec.recall.size if recall else spec.observation_size
        self.blank = np.zeros(size, np.float32)
        self.blank.flags.writeable = False
        self.dict = {"observation": self.blank}
        self.recall = recall
        self._read = Table.recall_tensor if recall else Table.observation

    @property
    def tensor(self) -> np.ndarray:
        """The tensor of the last ``set_from`` (read-only: the state keeps it)."""
        return self.dict["observation"]

    def set_from(self, state: HeartsState, player: int) -> None:
        # OpenSpiel reads ``dict`` after each call: the state's own array (never changed once
        # built) goes there, not a copy in ``tensor``. (A state with no table yet is new.)
        t = state.__dict__.get("_t")
        if t is None or (t.deal is None and not t.done):  # the first deal: nothing seen yet
            self.dict["observation"] = self.blank
            return
        self.dict["observation"] = self._read(t, player)

    def string_from(self, state: HeartsState, player: int) -> str:
        return state._t.seat_string(player, history=self.recall)


@dataclasses.dataclass(frozen=True, slots=True)
class PlayerAction:
    """An action and its player, as OpenSpiel's ``PlayerAction`` (which Python cannot make)."""

    player: int
    action: int


class HeartsState(pyspiel.State):
    """A state of a Hearts game: a chance node of a deal, a seat to act, or the end."""

    # (No ``__init__`` of its own: OpenSpiel makes a new state for each clone, which takes the
    # cloned one's table, and for each tensor shape it asks for, which reads nothing.)
    _t: Table

    def __getattr__(self, name: str) -> Any:
        if name == "_t":  # a new state: the first chance node's table, shared until it changes
            table = self._t = self.get_game().spec.once["table"]
            return table
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _moving_on(self) -> Table:
        """A copy of the state's shared table for it to change (the state takes it once the
        change is made; a change refused leaves the state as it was)."""
        t = self._t
        own = t.copy()
        if t.deal is not None and not t.over:
            # The state that plays on takes the hand as it stands, with its views' memos
            # (each seat's redacted log, read on from here); the states that keep the table,
            # which stand still, take the copy: the same hand.
            own.deal, t.deal = t.deal, own.deal
        # What the table built is let go (and its memos): the states left holding it
        # (OpenSpiel's record of the history, a clone) build again what they are asked for,
        # and memory stays small (a step builds two tensors and two strings a seat).
        t.cache = {}
        t.memo = {}
        t.texts = {}
        return own

    # ------------------------------------------------------------------ OpenSpiel's API

    def current_player(self) -> int:
        """The seat to act, or OpenSpiel's chance or terminal player."""
        return self._t.player

    def is_terminal(self) -> bool:
        return self._t.over

    def returns(self) -> list[float]:
        """Per seat, what the episode's hands gave it (see the module's docstring), once the
        state is terminal (0 before: the rewards are terminal; :meth:`settled` has them so far)."""
        t = self._t
        return list(t.totals) if t.over else [0.0] * len(t.totals)

    def settled(self) -> list[float]:
        """Per seat, what the hands settled so far gave it (a whole-game episode's hands)."""
        return list(self._t.totals)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not dealt yet, each as likely."""
        t = self._t
        found = t.cache.get("chance")
        if found is None:
            left = cards_of(t.spec.rules.pack & ~t.dealt)
            chance = 1.0 / len(left)
            found = t.cache["chance"] = [(card, chance) for card in left]
        return list(found)

    def _legal_actions(self, player: int) -> list[int]:
        return list(self._t.legal(player))

    def _apply_action(self, action: int) -> None:
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise InvalidArgument(f"an action is a whole number, not {action!r}")
        action = int(action)
        t = self._t
        if not t.shared:
            t.apply(CHANCE_PLAYER if t.deal is None else t.player, action)
            return
        after = t.after
        if after is not None and after[0] == action:
            # A state that held this table took this action from it (OpenSpiel applies each
            # action to a state and to its clone): if that table has not moved since, it is
            # this state's next one too.
            then = after[1]()
            if then is not None and then.record and then.record[-1] is after[2]:
                then.shared = True
                self._t = then
                return
        own = self._moving_on()
        own.apply(CHANCE_PLAYER if own.deal is None else own.player, action)
        t.after = (action, weakref.ref(own), own.record[-1])
        self._t = own

    def _action_to_string(self, player: int, action: int) -> str:
        chance = player == CHANCE_PLAYER
        found = ACTION_TEXT.get((chance, action))
        if found is None:
            found = f"deal {CARD_NAMES.get(action, action)}" if chance else str(move_of(action))
            ACTION_TEXT[chance, action] = found
        return found

    def __str__(self) -> str:
        """The referee's whole truth (for debugging): every hand, the trick, the scores."""
        return self._t.truth()

    # ------------------------------------------------------------------ undo and the history

    def undo_action(self, player: int, action: int) -> None:
        """Take back the last action, ``action`` by ``player`` (OpenSpiel's
        ``State.undo_action``): the state is again what it was before it, its history too.

        Python callers get this method. OpenSpiel's C++ side (its ``State::UndoAction``, as C++
        algorithms call it) does not reach a Python game's own (pyspiel forwards no
        ``UndoAction`` to Python), and its own record of the history keeps the action taken
        back: this class's :meth:`history`, :meth:`full_history`, :meth:`history_str`,
        :meth:`move_number` and :meth:`serialize` read the state's own record instead.
        Anything but the last action is refused with :class:`~hearts.errors.IllegalMove`,
        changing nothing.
        """
        if isinstance(action, bool) or not isinstance(action, int | np.integer):
            raise InvalidArgument(f"an action is a whole number, not {action!r}")
        t = self._t
        if t.shared:
            own = self._moving_on()
            own.undo(int(player), int(action))
            self._t = own
        else:
            t.undo(int(player), int(action))

    def history(self) -> list[int]:
        """Every action applied, in order (this state's own record: see :meth:`undo_action`)."""
        return [entry[1] for entry in self._t.record]

    def full_history(self) -> list[Any]:
        """Every action applied with its player: OpenSpiel's ``PlayerAction`` objects, or after
        an undo (whose record pyspiel cannot be told) objects with the same ``player`` and
        ``action``."""
        record = self._t.record
        found = super().full_history()
        if [step.action for step in found] == [entry[1] for entry in record]:
            return list(found)
        return [PlayerAction(entry[0], entry[1]) for entry in record]

    def history_str(self) -> str:
        """The actions applied, joined by ``", "`` as OpenSpiel writes them."""
        return ", ".join(str(entry[1]) for entry in self._t.record)

    def move_number(self) -> int:
        """Actions applied so far (chance outcomes included, as OpenSpiel counts them)."""
        return len(self._t.record)

    def is_initial_state(self) -> bool:
        return not self._t.record

    def serialize(self) -> str:
        """OpenSpiel's serialization of a Python state (``game.deserialize_state`` reads it),
        written from this state's own record (see :meth:`undo_action`)."""
        record = self._t.record
        actions = ",".join(f"{entry[0]}:{entry[1]}" for entry in record)
        data = base64.b64encode(pickle.dumps(self.__dict__)).decode("ascii")
        return f"history={actions}\nmove_number={len(record)}\n__dict__={data}"

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
        if t.deal is None or t.over:
            raise InvalidArgument("a state is resampled at a seat's turn, not at a deal or the end")
        players = t.spec.rules.players
        if isinstance(player_id, bool) or not 0 <= int(player_id) < players:
            raise InvalidArgument(f"player {player_id!r} is no seat: seats are 0 to {players - 1}")
        seat = int(player_id)
        seed = (
            int(probability_sampler() * 2**53)
            if probability_sampler is not None
            else random.SystemRandom().randrange(2**53)
        )
        rng = random.Random(seed)
        view = t.view(seat)
        assert view is not None
        deck, actions = self._imagined(view, rng, t.order(seat))
        state = self.get_game().new_initial_state()
        for entry in t.record[: t.start]:  # the earlier hands, as they were
            state.apply_action(entry[1])
        for card in deck:
            state.apply_action(card)
        for action in actions:
            state.apply_action(action)
        # The seat choosing its pass or discard has chosen as many cards as here.
        chooser = t.deal.to_act
        if chooser is not None and t.choosing[chooser]:
            if chooser == seat:  # its own cards, in the order it chose them
                chosen = [card for card in t.order(seat) if Card(card) in t.choosing[seat]]
            else:
                chosen = rng.sample(state.legal_actions(), len(t.choosing[chooser]))
            for action in chosen:
                state.apply_action(action)
        if state._t.seat_string(seat, history=True) != t.seat_string(seat, history=True):
            raise HeartsError(  # pragma: no cover - a sampler's deal agrees with the view
                f"the imagined state is not one seat {seat} cannot tell from this one"
            )
        assert isinstance(state, HeartsState)
        return state

    # ------------------------------------------------------------------ resampling

    def _imagined(
        self, view: SeatView, rng: random.Random, order: Sequence[int]
    ) -> tuple[list[int], list[int]]:
        """An imagined deal of the hand in progress as the cards dealt in order, and the
        seats' actions that bring it where the view is (a pass or discard being chosen aside;
        the seat's own pass and discard chosen in its ``order``)."""

        def made(seat: int, move: Move) -> list[int]:
            actions = actions_of(move)
            if seat == view.seat and isinstance(move, Pass | Discard):
                mine = set(actions)
                return [card for card in order if card in mine]
            return actions

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
        places, stock_places = deal_places(rules, view.dealer)
        for seat in range(players):
            for place, card in zip(places[seat], sorted(hands[seat]), strict=True):
                deck[place] = int(card)
        for place, card in zip(stock_places, stock, strict=True):
            deck[place] = int(card)
        actions: list[int] = []
        for seat in passers:
            actions.extend(made(seat, Pass(passes[seat])))
        for mover, move in moves:
            actions.extend(made(mover, move))
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


@functools.cache
def _game_type_of(preset: str) -> Any:
    """A preset's OpenSpiel game type (made once: OpenSpiel makes a game again for each state
    it reads back)."""
    return _game_type(variants.variant(preset))


@functools.cache
def _game_defaults(preset: str) -> dict[str, bool | int | str]:
    """A preset's game parameters and their defaults (not to be changed: shared)."""
    variant = variants.variant(preset)
    specification: dict[str, Any] = {"episode": "hand", "max_hands": MAX_HANDS}
    if len(variant.players) > 1:
        specification["players"] = variant.rules.players
    specification.update(parameters(variant.rules))
    return specification


def _game_type(preset: variants.Variant) -> Any:
    counts = preset.players
    specification = dict(_game_defaults(preset.name))
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
        parameter_specification=specification,
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
