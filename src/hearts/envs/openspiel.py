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
"""

from __future__ import annotations

import base64
import dataclasses
import enum
import functools
import operator
import pickle
import random
import weakref
from collections.abc import Callable, Sequence
from typing import Any, Final

import numpy as np
import pyspiel

from hearts import scoring, table, variants
from hearts.bots.sampler import Sampler, passes_sampled, supported
from hearts.cards import Card, CardSet, cards_of
from hearts.deal import Deal
from hearts.envs.aec import (
    ACTIONS,
    CARD_SLOTS,
    Encoder,
    action_mask,
    action_of,
    actions_of,
    choose_card,
    layout,
    move_of,
)
from hearts.errors import HeartsError, IllegalMove, InvalidArgument, InvalidCard
from hearts.events import (
    BidMade,
    CardPlayed,
    CardsKept,
    Dealt,
    Discarded,
    Event,
    HandOver,
    MoonChosen,
    MoonShot,
    Passed,
    StockDrawn,
    SuitNamed,
    TrickCarried,
    TrickWon,
)
from hearts.events import move_of as recorded_move
from hearts.hand.choices import PassChoices
from hearts.hand.core import Phase, Trick
from hearts.moves import Discard, Move, Pass
from hearts.observation import SeatView
from hearts.rules import (
    Auction,
    Cancellation,
    Excess,
    FirstLead,
    Howell,
    Joker,
    Moon,
    NoTrickBonus,
    PassDirection,
    Passing,
    Points,
    Rules,
    SettlementMethod,
    Simple,
    Sweepstakes,
    TwoHanded,
    Widow,
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

PREFIX: Final = "hearts_"
"""What every game's name begins with."""
MAX_HANDS: Final = 50
"""The default bound of a whole-game episode, in hands."""
_TRIES: Final = 20
"""Draws of the sampler before a resample gives up."""
_TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
_CHANCE_PLAYER: Final = int(pyspiel.PlayerId.CHANCE)
_PART_KINDS: Final[dict[str, type[Any]]] = {
    "passing": Passing,
    "auction": Auction,
    "joker": Joker,
    "cancellation": Cancellation,
}
_VIEW_FIELDS: Final = (
    "seat",
    "hand",
    "dealt",
    "passed",
    "received",
    "auction",
    "cancelled",
    "widow",
    "penalties",
    "hand_number",
    "dealer",
    "phase",
    "to_act",
    "pass_direction",
    "leader",
    "trick",
    "tricks",
    "hearts_broken",
    "hand_sizes",
    "tricks_won",
    "stock_size",
    "scores",
    "pool",
    "jack",
)
"""The fields of a view in its observation string: first those of the seat's own (and those
whose text may differ from seat to seat: a widow's face-down cards count in the penalties
only its taker sees), then those every seat sees alike (not its rules,
which the game names; nor the shuffle's commitment, a hash of the whole pack; nor its legal
moves, which follow from the rest)."""
_PRIVATE: Final = 9
"""How many of the fields are the seat's own."""
_PRIVATE_NAMES: Final = _VIEW_FIELDS[:_PRIVATE]
_PUBLIC_NAMES: Final = _VIEW_FIELDS[_PRIVATE:]
_PRIVATE_GET: Final = operator.attrgetter(*_PRIVATE_NAMES)
_PUBLIC_GET: Final = operator.attrgetter(*_PUBLIC_NAMES)


def game_name(preset: str) -> str:
    """The OpenSpiel name of a preset.

    >>> game_name("black-maria")
    'hearts_black_maria'
    """
    return PREFIX + variants.variant(preset).name.replace("-", "_")


def names() -> list[str]:
    """The OpenSpiel name of every preset, in the order of :func:`hearts.variants.names`."""
    return [game_name(name) for name in variants.names()]


def view_string(
    view: SeatView,
    choosing: CardSet = CardSet(),  # noqa: B008
    *,
    history: bool = True,
    shared: dict[str, str] | None = None,
    order: Sequence[int] = (),
    texts: dict[Any, Any] | None = None,
) -> str:
    """A seat's view as one line per field (and the cards it has chosen so far); with
    ``history``, its information state instead: the standing before the hand, the cards it was
    dealt, passed and received, what it has chosen, then every event of the hand as it saw
    them, one a line, in order (``order``: the cards it chose for its pass or discard, in the
    order chosen, which a seat choosing card by card remembers). ``shared`` keeps the text of
    the fields every seat sees alike, for the other seats' strings of the same state;
    ``texts``, the text of a seat's own fields by their values, for later states.

    >>> from hearts import Game, variants
    >>> text = view_string(Game(variants.get("modern"), seed=1).view(2), history=False)
    >>> text.splitlines()[0], len(text.splitlines())
    ('seat=2', 25)
    >>> text.splitlines()[1]
    'hand=[4C 6C AC 2D 6D AD 4S 9S JS 5H 6H TH QH]'
    >>> view_string(Game(variants.get("modern"), seed=1).view(2)).splitlines()[-1][:29]
    'dealt hand_number=0 dealer=0 '
    """
    if not history:
        public = shared.get("") if shared is not None else None
        if public is None:
            lines = []
            for name, value in zip(_PUBLIC_NAMES, _PUBLIC_GET(view), strict=True):
                if name == "tricks" and texts is not None:
                    # (the same tuple while no trick is added: its text is kept with it)
                    kept = texts.get("tricks")
                    if kept is None or kept[0] is not value:
                        kept = texts["tricks"] = (value, _text(value))
                    lines.append(f"tricks={kept[1]}")
                else:
                    lines.append(_line(name, value, texts))
            public = "\n".join(lines)
            if shared is not None:
                shared[""] = public
        values = _PRIVATE_GET(view)
        passed, received = values[3], values[4]
        key = (
            values[0],
            values[1].mask,
            values[2].mask,
            None if passed is None else passed.mask,
            None if received is None else received.mask,
            values[5],
            values[6].mask,
            values[7],
            values[8],
        )
        private = texts.get(key) if texts is not None else None
        if private is None:
            private = "\n".join(
                [
                    _line(name, value, texts)
                    for name, value in zip(_PRIVATE_NAMES, values, strict=True)
                ]
            )
            if texts is not None:
                if len(texts) > _CACHED:
                    texts.clear()
                texts[key] = private
        return f"{private}\nchoosing={_text(choosing)}\n{public}"
    return _header(view, choosing, order) + "\n" + events_text(view.events)


def _line(name: str, value: object, texts: dict[Any, Any] | None) -> str:
    """One field's line of an observation string, kept in ``texts`` by the field and its value
    (a field's values are of one kind: equal values, equal texts)."""
    if texts is None:
        return f"{name}={_text(value)}"
    key = (name, value.mask if isinstance(value, CardSet) else value)
    try:
        found: str | None = texts.get(key)
    except TypeError:  # pragma: no cover - every field of a view is a value (hashable)
        return f"{name}={_text(value)}"
    if found is None:
        if len(texts) > _CACHED:
            texts.clear()
        found = texts[key] = f"{name}={_text(value)}"
    return found


def _extends(events: Sequence[Event], known: Sequence[Event]) -> bool:
    """Whether ``events`` are ``known`` and more, as a table's memos need to know: a hand's
    log only grows while no action is undone (an undo forgets the memos), so its first and
    last events known tell."""
    count = len(known)
    if count > len(events):
        return False
    if not count:
        return True
    first, last = events[0], events[count - 1]
    return (first is known[0] or first == known[0]) and (last is known[-1] or last == known[-1])


def _header_key(view: SeatView, choosing: CardSet, order: Sequence[int]) -> tuple[Any, ...]:
    """What the information state's header is made of (equal keys: equal headers)."""
    passed, received = view.passed, view.received
    return (
        view.seat,
        view.dealer,
        view.pass_direction,
        view.hand_number,
        view.scores,
        view.pool,
        view.jack,
        view.dealt.mask,
        -1 if passed is None else passed.mask,
        -1 if received is None else received.mask,
        choosing.mask,
        tuple(order),
    )


def _header(view: SeatView, choosing: CardSet, order: Sequence[int] = ()) -> str:
    """The information state's lines before the events: the standing before the hand, the
    cards dealt, passed, received and chosen (and the order they were chosen in)."""
    return (
        f"seat={view.seat} hand_number={view.hand_number} dealer={view.dealer} "
        f"pass={view.pass_direction.value} scores={_text(view.scores)} pool={view.pool} "
        f"jack={view.jack}\n"
        f"dealt={_text(view.dealt)}\n"
        f"passed={_text(view.passed)} received={_text(view.received)}\n"
        f"choosing={_text(choosing)} order=[{' '.join(_NAMES[card] for card in order)}]"
    )


def events_text(events: Sequence[Event], memo: tuple[Sequence[Event], str] | None = None) -> str:
    """Events one a line; given the text of earlier events that begin these (a memo), only the
    rest is written."""
    if memo is not None and memo[0] is events:
        return memo[1]
    if memo is not None and _extends(events, memo[0]):
        done, text = memo
        rest = "\n".join([_event_text(events[i]) for i in range(len(done), len(events))])
        return text + "\n" + rest if text and rest else text or rest
    return "\n".join(map(_event_text, events))


def _text(value: object) -> str:
    """A value as the strings show it: cards by name, enums by value, tuples in brackets."""
    kind = type(value)
    if kind is CardSet:
        assert isinstance(value, CardSet)
        return "[" + _cards_text(value.mask) + "]"
    if kind is Card:
        assert isinstance(value, Card)
        return _NAMES[value]
    if kind is int or kind is bool or value is None:
        return str(value)
    if isinstance(value, enum.Enum):
        return str(value.value)
    if kind is Trick:
        return _trick_text(value)
    if isinstance(value, tuple):
        if all(type(item) is int for item in value):
            return "(" + ",".join(map(str, value)) + ")"
        return "(" + ",".join(map(_text, value)) + ")"
    if isinstance(value, Event):
        return _event_text(value)
    return repr(value)


@functools.lru_cache(maxsize=1 << 16)
def _trick_text(trick: Trick) -> str:
    return "(" + ",".join(map(_text, trick)) + ")"


@functools.lru_cache(maxsize=1 << 16)
def _event_text(event: Event) -> str:
    """An event as one line: its kind and every field (the redacted event a seat saw)."""
    names = _FIELD_NAMES.get(type(event))
    if names is None:
        names = _FIELD_NAMES[type(event)] = tuple(f.name for f in dataclasses.fields(event))
    return event.kind + " " + " ".join(f"{name}={_text(getattr(event, name))}" for name in names)


_FIELD_NAMES: dict[type[Event], tuple[str, ...]] = {}


# ---------------------------------------------------------------------------------- parameters

_ENGINE_PARAMS: Final = ("players", "episode", "max_hands")
"""The parameters that are not options of the form."""
_NOT_OPTIONS: Final = frozenset({"players", "laws"})
"""Options of :class:`~hearts.rules.Rules` that are not parameters of their own (``players`` is
one above; the games are built without the laws)."""
_SETTLING_KINDS: Final = (Points, Sweepstakes, Howell, Simple, Excess, TwoHanded)
OPENSPIEL_NAMES: Final = (
    "pass_cards",
    "no_pts_on_first_trick",
    "can_lead_any_club",
    "jd_bonus",
    "avoid_all_tricks_bonus",
    "qs_breaks_hearts",
    "must_break_hearts",
    "can_lead_hearts_instead_of_qs",
)
"""OpenSpiel's own ``hearts`` parameters, each a parameter of every game here (see
:func:`parameters`)."""
_ALIAS_OF: Final = {
    "pass_cards": "passing",
    "no_pts_on_first_trick": "penalty_free_first_trick",
    "can_lead_any_club": "first_lead",
    "jd_bonus": "card_values",
    "avoid_all_tricks_bonus": "settlement.no_trick",
    "qs_breaks_hearts": "queen_breaks_hearts",
    "must_break_hearts": "hearts_must_be_broken",
    "can_lead_hearts_instead_of_qs": "lead_hearts_with_only_penalty",
}
"""Each OpenSpiel name and the project's option it stands for."""
_JACK_OF_DIAMONDS: Final = Card.parse("JD")
_OPENSPIEL_NO_TRICK: Final = NoTrickBonus(points=5, with_moon=False)


_SEPARATOR: Final = "/"
"""What parts a sequence in a string parameter (OpenSpiel's game strings separate parameters
with commas)."""


def _param_value(value: object) -> bool | int | str:
    """An option's value as an OpenSpiel parameter: a bool, an int or a string (an enum by its
    value, cards by name and a sequence joined by ``/``, ``QS:13`` for a card's value)."""
    if isinstance(value, bool | int):
        return value
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, str):
        return value
    if isinstance(value, tuple):
        parts = []
        for item in value:
            if isinstance(item, tuple):
                card, amount = item
                parts.append(f"{card}:{amount}")
            elif isinstance(item, Card):
                parts.append(str(item))
            else:
                parts.append(str(_param_value(item)))
        return _SEPARATOR.join(parts)
    raise TypeError(f"no parameter form for {value!r}")  # pragma: no cover - every option has one


def _part_options(prefix: str, part: Any) -> dict[str, bool | int | str]:
    """The dotted parameters of a part's options (nested parts: a flag and their options)."""
    out: dict[str, bool | int | str] = {}
    for field in dataclasses.fields(part):
        value = getattr(part, field.name)
        name = f"{prefix}.{field.name}"
        if field.name == "no_trick":
            out[name] = value is not None
            out.update(_part_options(name, value if value is not None else NoTrickBonus()))
        else:
            out[name] = _param_value(value)
    return out


def parameters(rules: Rules) -> dict[str, bool | int | str]:
    """Every option of ``rules`` as OpenSpiel parameters, then OpenSpiel's own eight names.

    A part (``passing``, ``auction``, ``joker``, ``cancellation``) is a flag, its options
    dotted (``passing.count``; at the part's defaults when it is off); the settlement is its
    method (``settlement``: ``points``, ``sweepstakes``...) and every method's options dotted
    (``settlement.moon``, ``settlement.no_trick`` and ``settlement.no_trick.points``...);
    sequences are strings of names joined by ``/`` (``passing.cycle``: ``left/right``;
    ``card_values``: ``QS:13/JD:-10``; ``removed``: ``2C``: OpenSpiel's game strings part
    parameters with commas).

    >>> params = parameters(variants.get("modern"))
    >>> params["passing"], params["passing.cycle"], params["card_values"], params["settlement"]
    (True, 'left/right/across/hold', 'QS:13', 'points')
    >>> params["settlement.moon"], params["pass_cards"], params["jd_bonus"]
    ('old', True, False)
    """
    out: dict[str, bool | int | str] = {}
    for field in dataclasses.fields(rules):
        if not field.init or field.name in _NOT_OPTIONS:
            continue
        name = field.name
        value = getattr(rules, name)
        if name in _PART_KINDS:
            out[name] = value is not None
            out.update(_part_options(name, value if value is not None else _PART_KINDS[name]()))
        elif name == "settlement":
            out[name] = str(value.method.value)
            for kind in _SETTLING_KINDS:
                current = value if isinstance(value, kind) else kind()
                for key, option in _part_options(name, current).items():
                    if isinstance(value, kind) or key not in out:
                        out[key] = option
        else:
            out[name] = _param_value(value)
    out.update(_openspiel_view(rules))
    return out


def _openspiel_view(rules: Rules) -> dict[str, bool]:
    """OpenSpiel's eight names as ``rules`` have them."""
    return {
        "pass_cards": rules.passing is not None,
        "no_pts_on_first_trick": rules.penalty_free_first_trick,
        "can_lead_any_club": rules.first_lead is FirstLead.ANY_CLUB,
        "jd_bonus": (_JACK_OF_DIAMONDS, -10) in rules.card_values,
        "avoid_all_tricks_bonus": rules.no_trick == _OPENSPIEL_NO_TRICK,
        "qs_breaks_hearts": rules.queen_breaks_hearts,
        "must_break_hearts": rules.hearts_must_be_broken,
        "can_lead_hearts_instead_of_qs": rules.lead_hearts_with_only_penalty,
    }


def _parsed(name: str, text: str) -> Any:
    """A string parameter back as the option's value (sequences split at ``/``)."""
    if "," in text or "=" in text or "(" in text or ")" in text:
        raise InvalidArgument(
            f"{name}={text!r}: a parameter holds no ',', '=' or brackets (OpenSpiel's game "
            "strings are made of them); part a sequence with '/', as 'left/right'"
        )
    if name in ("passing.cycle", "removed"):
        return tuple(item.strip() for item in text.split(_SEPARATOR) if item.strip())
    if name == "card_values":
        pairs = []
        for item in text.split(_SEPARATOR):
            if not item.strip():
                continue
            card, sep, amount = item.partition(":")
            try:
                if not sep:
                    raise ValueError
                pairs.append((Card.parse(card.strip()), int(amount)))
            except (ValueError, HeartsError):
                raise InvalidArgument(
                    f"card_values={text!r}: each is a card and its value, as 'QS:13/JD:-10'"
                ) from None
        return tuple(pairs)
    return text


def _agree(alias: str, on: bool | int | str, value: bool | int | str) -> bool:
    """Whether OpenSpiel's name ``alias`` set to ``on`` says what its option set to ``value``
    says (a game's parameters name both, so a game read back gives both)."""
    if alias == "jd_bonus":
        pairs = _parsed("card_values", value) if isinstance(value, str) else ()
        return ((_JACK_OF_DIAMONDS, -10) in pairs) == on
    if alias == "can_lead_any_club":
        return (value == "any-club") == on
    return value == on


def _changes(
    defaults: dict[str, bool | int | str], params: dict[str, Any], rules: Rules
) -> dict[str, Any]:
    """The rule changes the parameters ask for: each parameter that differs from its default
    (OpenSpiel fills every parameter in, so one at its default changes nothing)."""
    changed: dict[str, Any] = {}
    for name, value in params.items():
        if name in _ENGINE_PARAMS:
            continue
        if name not in defaults:
            known = ", ".join(sorted(defaults))
            raise InvalidArgument(f"unknown parameter {name!r}: the parameters are {known}")
        default = defaults[name]
        if type(value) is not type(default):
            raise InvalidArgument(
                f"{name}={value!r}: it is a {type(default).__name__}, as {default!r}"
            )
        if value != default:
            changed[name] = value
    for alias, option in _ALIAS_OF.items():
        if alias in changed and option in changed:
            if not _agree(alias, changed[alias], changed[option]):
                raise InvalidArgument(
                    f"{alias}={changed[alias]!r} and {option}={changed[option]!r} disagree: "
                    f"{alias} is OpenSpiel's name for {option}, give one of them"
                )
            del changed[alias]  # the same rule said twice: the option says it
    # OpenSpiel's names, as the project's options.
    if "pass_cards" in changed:
        changed["passing"] = changed.pop("pass_cards")
    for alias, option in (
        ("no_pts_on_first_trick", "penalty_free_first_trick"),
        ("qs_breaks_hearts", "queen_breaks_hearts"),
        ("must_break_hearts", "hearts_must_be_broken"),
        ("can_lead_hearts_instead_of_qs", "lead_hearts_with_only_penalty"),
    ):
        if alias in changed:
            changed[option] = changed.pop(alias)
    if "can_lead_any_club" in changed:
        changed["first_lead"] = "any-club" if changed.pop("can_lead_any_club") else "lowest-club"
    if "jd_bonus" in changed:
        values = [pair for pair in rules.card_values if pair[0] != _JACK_OF_DIAMONDS]
        if changed.pop("jd_bonus"):
            values.append((_JACK_OF_DIAMONDS, -10))
        changed["card_values"] = _SEPARATOR.join(f"{card}:{amount}" for card, amount in values)
    if "avoid_all_tricks_bonus" in changed:
        on = changed.pop("avoid_all_tricks_bonus")
        changed["settlement.no_trick"] = on
        if on:
            changed["settlement.no_trick.points"] = 5
            changed["settlement.no_trick.with_moon"] = False
    # Group the dotted options by part.
    out: dict[str, Any] = {}
    parts: dict[str, dict[str, Any]] = {}
    for name, value in changed.items():
        top, dot, rest = name.partition(".")
        parsed = _parsed(name, value) if isinstance(value, str) else value
        if dot:
            parts.setdefault(top, {})[rest] = parsed
        else:
            out[top] = parsed
    for part, options in parts.items():
        if part == "settlement":
            out["settlement"] = _settlement_change(rules, out.get("settlement"), options)
            continue
        on = out.get(part, getattr(rules, part) is not None)
        if on is False:
            raise InvalidArgument(
                f"{', '.join(f'{part}.{key}' for key in options)} given, but {part} is off: "
                f"turn it on with {part}=True"
            )
        out[part] = options
    return out


def _settlement_change(rules: Rules, method: Any, options: dict[str, Any]) -> Any:
    """The settlement asked for: its method (the rules' own unless named) with the options
    given (``no_trick``: a flag, its own options dotted)."""
    data: dict[str, Any] = {"method": method if method is not None else rules.method.value}
    bonus: dict[str, Any] = {}
    flag: bool | None = None
    for key, value in options.items():
        if key == "no_trick":
            flag = bool(value)
        elif key.startswith("no_trick."):
            bonus[key.partition(".")[2]] = value
        else:
            data[key] = value
    same = data["method"] == rules.method.value and isinstance(rules.settlement, Points)
    current = rules.no_trick if same else None
    if flag is None and bonus:
        flag = current is not None
    if flag is False and bonus:
        raise InvalidArgument(
            "settlement.no_trick options given, but settlement.no_trick is off: "
            "turn it on with settlement.no_trick=True"
        )
    if flag:
        bonus = {**(dataclasses.asdict(current) if current is not None else {}), **bonus}
    if flag:
        data["no_trick"] = bonus or {}
    elif flag is False:
        data["no_trick"] = None
    return data


# ------------------------------------------------------------------ the information-state tensor

RECALL_VERSION: Final = 1
"""The version of the information-state tensor's layout (:func:`recall_layout`)."""
_OTHER_KINDS: Final = (
    Passed,
    Discarded,
    CardsKept,
    StockDrawn,
    MoonShot,
    MoonChosen,
    BidMade,
    SuitNamed,
)
"""The events of a hand a seat sees besides the cards played and the tricks, in the order of
their one-hot ``kind`` in an ``other`` slot."""
_KIND_AT: Final = {kind: at for at, kind in enumerate(_OTHER_KINDS)}
_UNWRITTEN: Final = (Dealt, TrickWon, TrickCarried)
"""Events a slot does not repeat: the deal (the ``dealt`` field has the seat's cards) and each
trick's end (who wins a trick, and what it counts, follow from the cards played)."""
_WORDS: Final = ("clubs", "diamonds", "spades", "hearts", "old", "new")
"""The words an event may hold: a suit named, a moon choice."""
_WORD_AT: Final = {word: at for at, word in enumerate(_WORDS)}
_OTHER_FIELDS: Final = ("to",)
"""Fields that name a second seat: who a pass goes to."""


def _fields_of(kind: type[Event]) -> tuple[str, ...]:
    return tuple(field.name for field in dataclasses.fields(kind))


_FIELDS: Final[dict[type[Event], tuple[str, ...]]] = {
    kind: _fields_of(kind) for kind in _OTHER_KINDS
}


def _max_others(rules: Rules) -> int:
    """More events than one hand shows a seat besides its cards played and tricks: every card
    drawn from the stock, and per seat a pass, a bid, a discard and the cards kept, with the
    moon shot and chosen and a suit named."""
    stock = rules.pack.bit_count() - rules.hand_size * rules.dealt_seats
    return stock + 4 * rules.players + 3


def _chosen_most(rules: Rules) -> int:
    """The most cards a seat chooses one by one in a hand: its pass and a discard as large as
    the cards left over (the widow)."""
    left_over = rules.pack.bit_count() - rules.hand_size * rules.dealt_seats
    return rules.pass_count + (left_over if rules.widow is not Widow.NONE else 0)


def _other_size(rules: Rules) -> int:
    return len(_OTHER_KINDS) + 2 * rules.players + rules.pack.bit_count() + 3 + len(_WORDS)


def recall_layout(rules: Rules) -> dict[str, slice]:
    """The fields of the information-state tensor and their slices (layout version
    :data:`RECALL_VERSION`; see the module's docstring for their meaning).

    >>> fields = recall_layout(variants.get("modern"))
    >>> fields["dealt"], fields["plays"], fields["others"].stop
    (slice(19, 71, None), slice(392, 3304, None), 4767)
    """
    players = rules.players
    cards = rules.pack.bit_count()
    sizes = [
        ("seat", players),
        ("dealer", players),
        ("direction", len(PassDirection)),
        ("hand_number", 1),
        ("scores", players),
        ("pool", 1),
        ("jack", 1),
        ("dealt", cards),
        ("passed", cards),
        ("received", cards),
        ("choosing", cards),
        ("order", _chosen_most(rules) * cards),
        ("over", 1),
        ("penalties", players),
        ("points", players),
        ("plays", cards * (players + cards)),
        ("others", _max_others(rules) * _other_size(rules)),
    ]
    out: dict[str, slice] = {}
    at = 0
    for name, size in sizes:
        out[name] = slice(at, at + size)
        at += size
    return out


_Memo = tuple[Sequence[Event], np.ndarray, int, int, HandOver | None, Any]
"""A seat's last information-state tensor: the events it holds, the tensor, the plays and other
events written, the hand's end if seen, and what its header was made of."""
"""A seat's last information-state tensor: the events it holds, the tensor, the plays and
other events written, and the hand's end if seen."""


class _Recall:
    """Writes a seat's information-state tensor (see :func:`recall_layout`), from its view and
    the cards it has chosen; given the tensor of an earlier view of the same hand (a memo),
    only the events since are written."""

    __slots__ = (
        "blank",
        "fields",
        "header",
        "heads",
        "kinds",
        "other",
        "others",
        "places",
        "play",
        "players",
        "size",
    )

    def __init__(self, rules: Rules) -> None:
        self.fields = recall_layout(rules)
        self.size = self.fields["others"].stop
        self.header = self.fields["plays"].start
        self.players = rules.players
        self.places: dict[int, int] = {
            int(card): at for at, card in enumerate(cards_of(rules.pack))
        }
        self.play = self.players + len(self.places)
        self.other = _other_size(rules)
        self.others = _max_others(rules)
        self.kinds: dict[Event, tuple[list[int], list[float]]] = {}
        """Per event, the places and values it writes in its slot (events are values: the
        same event writes the same)."""
        self.blank = np.zeros(self.size, np.float32)
        self.blank.flags.writeable = False
        self.heads: dict[tuple[Any, ...], np.ndarray] = {}
        """The header (the fields before the plays) of each seat's tensors, by what it is made
        of (emptied when large)."""

    def _cards(self, out: np.ndarray, at: int, cards: Any) -> None:
        places = self.places
        for card in cards:
            out[at + places[card]] = 1.0

    def write(
        self,
        view: SeatView,
        choosing: CardSet,
        order: Sequence[int],
        memo: _Memo | None,
        head_key: tuple[Any, ...] | None = None,
    ) -> _Memo:
        """The tensor of ``view`` (and the cards chosen so far for a pass or discard), with the
        events it holds and the plays and other events written (the memo of the next call);
        ``head_key``: :func:`_header_key` of these, when the caller has it."""
        events = view.events
        done = plays = others = 0
        over: HandOver | None = None
        if memo is not None and _extends(events, memo[0]):
            done, plays, others, over = len(memo[0]), memo[2], memo[3], memo[4]
            out = memo[1].copy()
        else:
            out = np.zeros(self.size, np.float32)
        for index in range(done, len(events)):
            if type(events[index]) is HandOver:
                over = events[index]  # type: ignore[assignment]
        if head_key is None:
            head_key = _header_key(view, choosing, order)
        key = (head_key, over)
        if memo is None or not done or memo[5] != key:  # (the memo's header is not this one)
            head = self.heads.get(key)
            if head is None:
                head = self._header(view, choosing, order, over)
                if len(self.heads) > _CACHED:
                    self.heads.clear()
                self.heads[key] = head
            out[: self.header] = head
        f = self.fields
        play_at = f["plays"].start
        other_at = f["others"].start
        players = self.players
        for index in range(done, len(events)):
            event = events[index]
            kind = type(event)
            if kind is CardPlayed:
                assert isinstance(event, CardPlayed)
                start = play_at + plays * self.play
                out[start + event.seat] = 1.0
                out[start + players + self.places[event.card]] = 1.0
                plays += 1
                continue
            if kind in _UNWRITTEN or kind is HandOver:
                continue
            if others >= self.others:  # pragma: no cover - _max_others bounds a hand's events
                raise HeartsError(f"more than {self.others} other events in one hand")
            places, values = self._placed(event)
            start = other_at + others * self.other
            out[[start + place for place in places]] = values
            out[start + self.other - 1] = plays  # where it comes among the cards played
            others += 1
        return events, out, plays, others, over, key

    def _header(
        self, view: SeatView, choosing: CardSet, order: Sequence[int], over: HandOver | None
    ) -> np.ndarray:
        """The fields before the plays: the seat, the standing, its cards, the hand's end."""
        out = np.zeros(self.header, np.float32)
        f = self.fields
        out[f["seat"].start + view.seat] = 1.0
        out[f["dealer"].start + view.dealer] = 1.0
        out[f["direction"].start + _DIRECTION_INDEX[view.pass_direction]] = 1.0
        out[f["hand_number"].start] = view.hand_number
        out[f["scores"]] = view.scores
        out[f["pool"].start] = view.pool
        out[f["jack"].start] = float(view.jack)
        self._cards(out, f["dealt"].start, view.dealt)
        if view.passed is not None:
            self._cards(out, f["passed"].start, view.passed)
        if view.received is not None:
            self._cards(out, f["received"].start, view.received)
        self._cards(out, f["choosing"].start, choosing)
        cards = len(self.places)
        for at, card in enumerate(order):
            out[f["order"].start + at * cards + self.places[card]] = 1.0
        if over is not None:
            out[f["over"].start] = 1.0
            out[f["penalties"]] = over.penalties
            out[f["points"]] = over.points
        out.flags.writeable = False
        return out

    def _placed(self, event: Event) -> tuple[list[int], list[float]]:
        """Where ``event`` writes in its slot, and what (its place among the plays aside)."""
        try:
            found = self.kinds.get(event)
        except TypeError:  # pragma: no cover - every event is hashable
            found = None
        if found is not None:
            return found
        kind = type(event)
        at = _KIND_AT.get(kind)
        if at is None:
            raise HeartsError(f"the information-state tensor has no place for {event!r}")
        players = self.players
        kinds = len(_OTHER_KINDS)
        cards_at = kinds + 2 * players
        number_at = cards_at + len(self.places)
        word_at = number_at + 2
        places = [at]
        values = [1.0]
        for name in _FIELDS[kind]:
            value = getattr(event, name)
            if name == "seat":
                if value >= 0:
                    places.append(kinds + value)
                    values.append(1.0)
            elif name in _OTHER_FIELDS:
                places.append(kinds + players + value)
                values.append(1.0)
            elif name == "card":
                if value is None:
                    places.append(number_at + 1)
                else:
                    places.append(cards_at + self.places[value])
                values.append(1.0)
            elif name == "cards":
                for card in value:
                    places.append(cards_at + self.places[card])
                    values.append(1.0)
            elif name in ("points", "amount"):
                places.append(number_at + (value is None))
                values.append(1.0 if value is None else float(value))
            elif name in ("suit", "choice"):
                places.append(word_at + _WORD_AT[value])
                values.append(1.0)
            else:  # pragma: no cover - every field of these events is placed above
                raise HeartsError(f"the information-state tensor has no place for {name}")
        found = (places, values)
        if len(self.kinds) < 1 << 16:
            self.kinds[event] = found
        return found


_DIRECTION_INDEX: Final = {direction: at for at, direction in enumerate(PassDirection)}


# ------------------------------------------------------------------------------ utility bounds


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


@dataclasses.dataclass(frozen=True, slots=True)
class _Spec:
    """A game's settings, shared by its states (never copied: nothing in it changes)."""

    rules: Rules
    episode: str
    max_hands: int
    recall: _Recall
    observation_size: int
    places: dict[int, tuple[list[list[int]], list[int]]]
    """Per dealer, where the table deals each place of the pack (see :func:`_slots`)."""
    texts: dict[Any, Any]
    """What the game's states wrote of values that recur (a seat's header, its own fields),
    by those values (emptied when large)."""
    once: dict[str, Any]
    """What is made once for the game's states: the table of the first chance node (under
    ``"table"``), which every new state shares until it changes (see :class:`_Table`); and
    (under ``"game"``) a preset and parameters that make a game of these settings, which a
    pickled state names them by."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Spec:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        game = self.once.get("game")
        if game is not None:  # (a few words, not the rules: OpenSpiel pickles states often)
            return (_spec_of_game, game)
        return (_shared_spec, (self.rules, self.episode, self.max_hands))


def _spec_of(rules: Rules, episode: str, max_hands: int) -> _Spec:
    spec = _Spec(
        rules,
        episode,
        max_hands,
        _Recall(rules),
        layout(rules.players)["cancelled"].stop,
        {},
        {},
        {},
    )
    start = _Table(spec)
    start.shared = True
    spec.once["table"] = start
    return spec


def _shared_spec(rules: Rules, episode: str, max_hands: int) -> _Spec:
    """The settings of a game (one for equal arguments: nothing in them changes)."""
    key = (rules, episode, max_hands)
    spec = _SPECS.get(key)
    if spec is None:
        spec = _SPECS[key] = _spec_of(rules, episode, max_hands)
    return spec


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
) -> tuple[Rules, _Spec, Any, dict[str, bool | int | str]]:
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


def _spec_of_game(preset: str, params: tuple[tuple[str, Any], ...]) -> _Spec:
    """The settings of a game of ``preset`` with ``params`` (how a pickled state's come back)."""
    return _made(variants.variant(preset), dict(params))[1]


def _make(
    preset: variants.Variant, params: dict[str, Any]
) -> tuple[Rules, _Spec, Any, dict[str, bool | int | str]]:
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
    changes = _changes(_defaults(preset.name), params, base)
    rules = base.replace(**changes) if changes else base
    if rules.laws:
        raise InvalidArgument("the OpenSpiel games are built without the laws option")
    if rules.players != players:  # pragma: no cover - players is not a rule change here
        raise InvalidArgument("players is given by the players parameter alone")
    hands = 1 if episode == "hand" else max_hands
    spec = _shared_spec(rules, episode, hands)
    least, most = hand_bounds(rules)
    info = pyspiel.GameInfo(
        num_distinct_actions=ACTIONS,
        max_chance_outcomes=CARD_SLOTS,
        num_players=players,
        min_utility=hands * least,
        max_utility=hands * most,
        utility_sum=None,
        max_game_length=hands * _hand_length(rules),
    )
    # The parameters OpenSpiel keeps (get_parameters, the game's string) say the rules as
    # played: an OpenSpiel name and its option agree there, whichever was given.
    told = {name: value for name, value in parameters(rules).items() if name in params}
    return rules, spec, info, told


_MADE: Final[dict[Any, tuple[Rules, _Spec, Any, dict[str, bool | int | str]]]] = {}
"""What each game made so far was made of, by its preset and parameters (OpenSpiel makes a
game again for each state it reads back; nothing in it changes)."""
_SPECS: Final[dict[tuple[Rules, str, int], _Spec]] = {}
"""The settings of each game made so far (OpenSpiel makes a game again for each state it
reads back), shared: nothing in them changes."""


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

    def __init__(self, spec: _Spec, *, recall: bool) -> None:
        size = spec.recall.size if recall else spec.observation_size
        self.blank = np.zeros(size, np.float32)
        self.blank.flags.writeable = False
        self.dict = {"observation": self.blank}
        self.recall = recall
        self._read = _Table.recall_tensor if recall else _Table.observation

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


# Kinds of a recorded action (how to undo it).
_CHANCE: Final = 0
_CHOSEN: Final = 1
"""A card chosen for a pass or discard, not the last."""
_MOVE: Final = 2
_COMPLETED: Final = 3
"""The last card of a pass or discard, which makes it."""
"""A move made in the hand (a card played, a bid..., or the last card of a pass or discard)."""


@dataclasses.dataclass(slots=True)
class _Done:
    """A hand of a whole-game episode that is over, and the standing before it was settled."""

    deck: list[int]
    deal: Deal
    before: tuple[tuple[int, ...], int, bool, int | None, tuple[float, ...]]
    start: int
    """Where its actions begin in the record."""
    orders: tuple[tuple[int, ...], ...]
    """Per seat, the cards it chose for its pass or discard, in the order chosen."""
    strings: dict[int, str] = dataclasses.field(default_factory=dict)
    """Each seat's information state string of the hand, once asked for."""

    def string(self, seat: int) -> str:
        found = self.strings.get(seat)
        if found is None:
            found = self.strings[seat] = view_string(
                self.deal.view(seat), CardSet(), order=self.orders[seat]
            )
        return found


class _Table:
    """Everything a state changes, in one object: the referee's truth, the record of actions
    and what was built from them (strings and tensors, kept while nothing changes).

    States share a table until one of them changes: OpenSpiel clones a state (by deep copies
    of its attributes) three times a step and changes at most two of the clones, so a deep
    copy marks the table ``shared`` and returns it, and a state about to apply or undo an
    action on a shared table takes a copy of its own first (:meth:`HeartsState._moving_on`). What a
    shared table builds while it is read (its strings, tensors and memos) is the same for every
    state holding it: they all stand at the same history."""

    __slots__ = (
        "__weakref__",
        "after",
        "cache",
        "choosing",
        "chosen",
        "deal",
        "dealt",
        "deck",
        "done",
        "encoders",
        "jack",
        "memo",
        "namer",
        "over",
        "player",
        "pool",
        "record",
        "scores",
        "shared",
        "spec",
        "start",
        "texts",
        "totals",
    )

    def __init__(self, spec: _Spec) -> None:
        rules = spec.rules
        players = rules.players
        self.spec = spec
        self.record: list[tuple[int, int, int, CardSet]] = []
        """Every action of the episode: (player, action, kind, the cards its seat had chosen
        for a pass or discard before it)."""
        self.deck: list[int] = []
        """The cards of the hand in progress, in the order dealt."""
        self.dealt = 0
        """Their mask."""
        self.deal: Deal | None = None
        """The hand in progress once dealt (None while the cards are being dealt)."""
        self.done: list[_Done] = []
        self.choosing = [CardSet()] * players
        self.chosen: list[tuple[int, ...]] = [()] * players
        """Per seat, the cards it chose one by one this hand (its pass, a discard), in order."""
        counters = rules.method is not SettlementMethod.POINTS
        self.scores = [rules.start_counters if counters else 0] * players
        self.pool = 0
        self.jack = False
        self.namer: int | None = None
        self.totals = [0.0] * players
        self.over = False
        self.player = _CHANCE_PLAYER
        """OpenSpiel's current player: the seat to act, chance or terminal."""
        self.start = 0
        """Where the hand in progress begins in the record."""
        self.cache: dict[Any, Any] = {}
        self.memo: dict[int, _Memo] = {}
        """Per seat, its last information-state tensor and the events it holds."""
        self.texts: dict[int, tuple[Sequence[Event], str]] = {}
        """Per seat, the text of the events in its last information state string."""
        self.encoders: list[Encoder] = []
        """Per seat, the AEC encoder of its observations (it checks that what it read is the
        start of the view it is given, so copies of the table share it safely)."""
        self.shared = False
        """Whether more than one state may hold the table (copied before it changes)."""
        self.after: tuple[int, weakref.ref[_Table], Any] | None = None
        """The last action a state took from this table once shared, the table it made (held
        weakly: a table keeps no later one alive) and that table's last record (see
        :meth:`HeartsState._apply_action`)."""

    # ------------------------------------------------------------------ copies

    def copy(self) -> _Table:
        other = _Table.__new__(_Table)
        other.spec = self.spec
        other.record = self.record.copy()
        other.deck = self.deck.copy()
        other.dealt = self.dealt
        other.deal = self.deal.copy() if self.deal is not None else None
        other.done = self.done.copy()  # (a hand over never changes: shared)
        other.choosing = self.choosing.copy()
        other.chosen = self.chosen.copy()
        other.scores = self.scores.copy()
        other.pool = self.pool
        other.jack = self.jack
        other.namer = self.namer
        other.totals = self.totals.copy()
        other.over = self.over
        other.player = self.player
        other.start = self.start
        other.cache = self.cache.copy()  # (what is built is never changed in place)
        other.memo = self.memo.copy()
        other.encoders = self.encoders
        other.texts = self.texts.copy()
        other.shared = False
        other.after = None
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        # (A state's clone: shared until one of them changes; see the class's docstring.)
        self.shared = True
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (OpenSpiel's serialization) as its actions, replayed when unpickled.
        return (_replayed, (self.spec, [(entry[0], entry[1]) for entry in self.record]))

    # ------------------------------------------------------------------ actions

    def apply(self, player: int, action: int) -> None:
        if self.over:
            raise IllegalMove("the episode is over: no action is left")
        chosen = CardSet()
        if self.deal is None:
            self._deal_card(action)
            kind = _CHANCE
        else:
            chosen = self.choosing[player]
            kind = self._play(action)
            if kind in (_CHOSEN, _COMPLETED):
                self.chosen[player] += (action,)
        self.record.append((player, action, kind, chosen))
        cache = self.cache
        if kind == _CHOSEN:
            # A card chosen, not yet passed or discarded: the hand is as it was, and only the
            # chooser's own choice shows (to it alone).
            for key in (
                ("obs", player),
                ("recall", player),
                ("string", player, True),
                ("string", player, False),
                ("legal", player),
                ("head", player),
                "truth",
            ):
                cache.pop(key, None)
        else:
            cache.clear()
        self._whose()

    def _whose(self) -> None:
        """Set ``player``, OpenSpiel's current player, after a change."""
        deal = self.deal
        if self.over:
            self.player = _TERMINAL
        elif deal is None:
            self.player = _CHANCE_PLAYER
        else:
            seat = deal.to_act
            assert seat is not None
            self.player = seat

    def _deal_card(self, action: int) -> None:
        rules = self.spec.rules
        if not (0 <= action < 128 and rules.pack >> action & 1) or self.dealt >> action & 1:
            raise IllegalMove(f"chance outcome {action} is no card still to be dealt")
        self.deck.append(action)
        self.dealt |= 1 << action
        if len(self.deck) == rules.pack.bit_count():
            self._start_hand()

    def _start_hand(self) -> None:
        rules = self.spec.rules
        number = len(self.done)
        dealer = 0 if number == 0 else table.next_dealer(self.done[-1].deal.dealer, rules.players)
        places = self.spec.places.get(dealer)
        if places is None:
            places = self.spec.places[dealer] = _slots(rules, dealer)
        seats, stock = places
        deck = self.deck
        masks = [sum(1 << deck[i] for i in seat) for seat in seats]
        sits_out = dealer if rules.dealt_seats < rules.players else None
        namer = self.namer if self.jack and self.namer != sits_out else None
        self.deal = Deal(
            rules,
            masks,
            dealer=dealer,
            hand_number=number,
            pass_direction=rules.pass_direction(number),
            stock=[Card(deck[i]) for i in stock],
            scores=tuple(self.scores),
            pool=self.pool,
            jack=self.jack,
            namer=namer,
        )

    def _play(self, action: int) -> int:
        deal = self.deal
        assert deal is not None
        seat = deal.to_act
        assert seat is not None
        legal = deal.legal_moves(seat)
        kind = _MOVE
        if isinstance(legal, PassChoices):
            view = self.view(seat)
            assert view is not None
            chosen = choose_card(view, self.choosing[seat], action, f"seat {seat}")
            if isinstance(chosen, CardSet):
                self.choosing[seat] = chosen
                return _CHOSEN
            deal.verify_play(chosen, seat)  # refused: nothing has changed
            deal.play(chosen, seat)
            self.choosing[seat] = CardSet()
            kind = _COMPLETED
        else:
            move: Move = move_of(action)
            if move not in legal:
                raise IllegalMove(
                    f"action {action} ({move}) is not legal for seat {seat} now: "
                    f"the legal actions are {sorted(action_of(m) for m in legal)}"
                )
            deal.play(move, seat)
        if deal.is_over:
            self._hand_over()
        return kind

    def _hand_over(self) -> None:
        deal = self.deal
        assert deal is not None
        rules = self.spec.rules
        before = (tuple(self.scores), self.pool, self.jack, self.namer, tuple(self.totals))
        settled = scoring.settle(deal, pool=self.pool, jack=self.jack)
        self.pool, self.jack = settled.pool, settled.jack
        if rules.auction:
            self.namer = deal.bidder if self.jack else None
        points = rules.method is SettlementMethod.POINTS
        for seat, delta in enumerate(settled.deltas):
            self.scores[seat] += delta
            self.totals[seat] += float(-delta if points else delta)
        self.done.append(_Done(self.deck, deal, before, self.start, tuple(self.chosen)))
        hands = len(self.done)
        if hands >= self.spec.max_hands or scoring.game_winners(rules, self.scores, hands):
            self.over = True  # the hand stays the one in progress: its views are the last
            return
        self.deal = None
        self.deck = []
        self.dealt = 0
        self.chosen = [()] * rules.players
        self.start = len(self.record) + 1

    def undo(self, player: int, action: int) -> None:
        """Take back the last action, which must be ``action`` by ``player``."""
        self._undo(player, action)
        self._whose()

    def _undo(self, player: int, action: int) -> None:
        if not self.record:
            raise IllegalMove("nothing to undo: no action has been applied")
        last_player, last_action, kind, chosen = self.record[-1]
        if (last_player, last_action) != (player, action):
            raise IllegalMove(
                f"the last action is {last_action} by player {last_player}, "
                f"not {action} by player {player}: only the last action is undone"
            )
        self.record.pop()
        self.cache.clear()
        self.memo = {}  # (the memos hold logs that only grew: now one has shrunk)
        self.texts = {}
        if kind == _CHANCE:
            if self.deal is not None:
                self.deal = None  # the hand had just been dealt
            self.deck.pop()
            self.dealt &= ~(1 << action)
            return
        if self.done and (self.over or self.deal is None):
            self._reopen()
        deal = self.deal
        assert deal is not None
        if kind in (_CHOSEN, _COMPLETED):
            self.chosen[player] = self.chosen[player][:-1]
        if kind == _CHOSEN:
            self.choosing[player] = chosen
            return
        deal.undo()
        self.choosing[player] = chosen

    def _reopen(self) -> None:
        """Back into the hand just over: its settlement taken back."""
        done = self.done.pop()
        scores, self.pool, self.jack, self.namer, totals = done.before
        self.scores = list(scores)
        self.totals = list(totals)
        self.deck = list(done.deck)  # (the hand over's, which copies of the table share)
        self.dealt = sum(1 << card for card in done.deck)
        self.deal = done.deal.copy()  # (the hand over may be shared with a copy of this table)
        self.chosen = list(done.orders)
        self.start = done.start
        self.over = False

    # ------------------------------------------------------------------ what a seat sees

    def order(self, seat: int) -> tuple[int, ...]:
        """The cards ``seat`` chose for its pass or discard this hand, in the order chosen."""
        return self.chosen[seat]

    def view(self, seat: int) -> SeatView | None:
        key = ("view", seat)
        cache = self.cache
        found = cache.get(key)
        if found is None and self.deal is not None:
            viewer = cache.get("viewer")  # (what every seat sees alike, made once a state)
            if viewer is None:
                viewer = cache["viewer"] = self.deal.viewer()
            found = cache[key] = viewer(seat)
        return found

    def observation(self, seat: int) -> np.ndarray:
        key = ("obs", seat)
        found = self.cache.get(key)
        if found is None:
            view = self.view(seat)
            if view is None:
                found = np.zeros(self.spec.observation_size, np.float32)
            else:
                if not self.encoders:
                    self.encoders = [Encoder() for _ in range(self.spec.rules.players)]
                found = self.encoders[seat].encode(view, self.choosing[seat])
            found.setflags(write=False)  # (kept: shared with copies and OpenSpiel's reads)
            self.cache[key] = found
        return found

    def recall_tensor(self, seat: int) -> np.ndarray:
        key = ("recall", seat)
        found = self.cache.get(key)
        if found is None:
            view = self.view(seat)
            recall = self.spec.recall
            if view is None:
                found = recall.blank.copy()
            else:
                memo = self.memo.get(seat)
                written = recall.write(
                    view, self.choosing[seat], self.order(seat), memo, self.head_key(seat, view)
                )
                self.memo[seat] = written
                found = written[1]
            if view is None and self.done:  # dealing a later hand: the standing so far
                f = recall.fields
                found[f["seat"].start + seat] = 1.0
                found[f["hand_number"].start] = len(self.done)
                found[f["scores"]] = self.scores
                found[f["pool"].start] = self.pool
                found[f["jack"].start] = float(self.jack)
            found.setflags(write=False)  # (kept: shared with copies and OpenSpiel's reads)
            self.cache[key] = found
        return found

    def head_key(self, seat: int, view: SeatView) -> tuple[Any, ...]:
        """What ``seat``'s information-state header is made of (:func:`_header_key`), once a
        state: its tensor and its string both ask."""
        key = ("head", seat)
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = _header_key(view, self.choosing[seat], self.order(seat))
        return found

    def seat_string(self, seat: int, *, history: bool) -> str:
        key = ("string", seat, history)
        found = self.cache.get(key)
        if found is None:
            view = self.view(seat)
            if view is None:
                now = f"seat={seat}\nhand {len(self.done) + 1}: dealing\nscores={self.scores!r}"
            elif history:
                events = view.events
                text = events_text(events, self.texts.get(seat))
                self.texts[seat] = (events, text)
                texts = self.spec.texts
                head_key = ("head", self.head_key(seat, view))
                head = texts.get(head_key)
                if head is None:
                    if len(texts) > _CACHED:
                        texts.clear()
                    head = texts[head_key] = _header(view, self.choosing[seat], self.order(seat))
                now = head + "\n" + text
            else:
                shared = self.cache.setdefault("shared", {})
                now = view_string(
                    view,
                    self.choosing[seat],
                    history=False,
                    shared=shared,
                    texts=self.spec.texts,
                )
            if history and self.done:
                past = [done.string(seat) for done in self.done if done.deal is not self.deal]
                now = "\n--\n".join([*past, now])
            found = self.cache[key] = now
        return found

    def legal(self, seat: int) -> list[int]:
        key = ("legal", seat)
        found = self.cache.get(key)
        if found is None:
            deal = self.deal
            assert deal is not None
            legal = deal.legal_moves(seat)
            if isinstance(legal, PassChoices):
                view = self.view(seat)
                assert view is not None
                mask = action_mask(view, self.choosing[seat])
                found = [int(action) for action in np.flatnonzero(mask)]
            else:
                found = sorted(action_of(move) for move in legal)
            self.cache[key] = found
        return found

    def truth(self) -> str:
        """The referee's whole truth (for debugging): every hand, the trick, the scores."""
        found = self.cache.get("truth")
        if found is None:
            deal = self.deal
            if deal is None:
                dealt = " ".join(_NAMES[card] for card in self.deck)
                found = f"hand {len(self.done) + 1}: dealing [{dealt}]; returns {self.totals}"
            else:
                hands = " | ".join(map(_cards_text, deal.masks()[0][: deal.players]))
                trick = " ".join(f"{seat}:{_NAMES[card]}" for seat, card in deal.trick)
                chosen = " | ".join(_cards_text(cards.mask) for cards in self.choosing)
                found = (
                    f"hand {deal.hand_number + 1} ({deal.phase.value}, to act {deal.to_act}): "
                    f"{hands}; trick {trick}; tricks {len(deal.tricks)}; choosing {chosen}; "
                    f"moves {len(self.record) - self.start}; returns {self.totals}"
                    f"{'; over' if self.over else ''}"
                )
            self.cache["truth"] = found
        return found


@functools.lru_cache(maxsize=1 << 14)
def _cards_text(mask: int) -> str:
    return " ".join(_NAMES[card] for card in cards_of(mask))


def _card_names() -> dict[int, str]:
    names = {}
    for card in range(128):
        try:
            names[card] = str(Card(card))
        except InvalidCard:
            continue
    return names


_NAMES: Final = _card_names()
_CACHED: Final = 1 << 15
"""The most texts a game keeps (then it forgets them all and starts again)."""
_ACTION_TEXT: Final[dict[tuple[bool, int], str]] = {}
"""Each action's name, as a chance outcome or a seat's, once asked for."""
"""Each card's name, by id."""


def _replayed(spec: _Spec, actions: list[tuple[int, int]]) -> _Table:
    """A table after these actions (how a pickled state comes back)."""
    t = _Table(spec)
    for player, action in actions:
        t.apply(player, action)
    return t


@dataclasses.dataclass(frozen=True, slots=True)
class PlayerAction:
    """An action and its player, as OpenSpiel's ``PlayerAction`` (which Python cannot make)."""

    player: int
    action: int


class HeartsState(pyspiel.State):
    """A state of a Hearts game: a chance node of a deal, a seat to act, or the end."""

    # (No ``__init__`` of its own: OpenSpiel makes a new state for each clone, which takes the
    # cloned one's table, and for each tensor shape it asks for, which reads nothing.)
    _t: _Table

    def __getattr__(self, name: str) -> Any:
        if name == "_t":  # a new state: the first chance node's table, shared until it changes
            table = self._t = self.get_game().spec.once["table"]
            return table
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _moving_on(self) -> _Table:
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
            t.apply(_CHANCE_PLAYER if t.deal is None else t.player, action)
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
        own.apply(_CHANCE_PLAYER if own.deal is None else own.player, action)
        t.after = (action, weakref.ref(own), own.record[-1])
        self._t = own

    def _action_to_string(self, player: int, action: int) -> str:
        chance = player == _CHANCE_PLAYER
        found = _ACTION_TEXT.get((chance, action))
        if found is None:
            found = f"deal {_NAMES.get(action, action)}" if chance else str(move_of(action))
            _ACTION_TEXT[chance, action] = found
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
        places, stock_places = _slots(rules, view.dealer)
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
