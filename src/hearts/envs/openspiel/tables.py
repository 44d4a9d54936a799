"""The table of an OpenSpiel state: the hand's :class:`~hearts.deal.Deal`, the record of the
actions taken, the seats' returns and what the states wrote of it, shared by the states that
stand on it (copy on write: a clone shares its table until one of them moves on), with the
game's settings (:class:`Spec`) it is played under.

>>> from hearts import variants
>>> places, stock_places = deal_places(variants.get("modern"), 0)
>>> [len(seat) for seat in places], stock_places
([13, 13, 13, 13], [])
"""

from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
import pyspiel

from hearts import scoring, table
from hearts.cards import Card, CardSet
from hearts.deal import Deal
from hearts.envs.aec import (
    Encoder,
    action_mask,
    action_of,
    choose_card,
    layout,
    move_of,
)
from hearts.envs.openspiel.recall import Recall, RecallMemo
from hearts.envs.openspiel.strings import (
    CARD_NAMES,
    MOST_CACHED,
    cards_text,
    events_text,
    header_key,
    header_text,
    view_string,
)
from hearts.errors import IllegalMove
from hearts.events import (
    Event,
)
from hearts.hand.choices import PassChoices
from hearts.moves import Move
from hearts.observation import SeatView
from hearts.rules import (
    Rules,
    SettlementMethod,
)

TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)
CHANCE_PLAYER: Final = int(pyspiel.PlayerId.CHANCE)


@dataclasses.dataclass(frozen=True, slots=True)
class Spec:
    """A game's settings, shared by its states (never copied: nothing in it changes)."""

    rules: Rules
    episode: str
    max_hands: int
    recall: Recall
    observation_size: int
    places: dict[int, tuple[list[list[int]], list[int]]]
    """Per dealer, where the table deals each place of the pack (see :func:`deal_places`)."""
    texts: dict[Any, Any]
    """What the game's states wrote of values that recur (a seat's header, its own fields),
    by those values (emptied when large)."""
    once: dict[str, Any]
    """What is made once for the game's states: the table of the first chance node (under
    ``"table"``), which every new state shares until it changes (see :class:`Table`); and
    (under ``"game"``) a preset and parameters that make a game of these settings, which a
    pickled state names them by."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Spec:
        return self


def spec_of(rules: Rules, episode: str, max_hands: int) -> Spec:
    spec = Spec(
        rules,
        episode,
        max_hands,
        Recall(rules),
        layout(rules.players)["cancelled"].stop,
        {},
        {},
        {},
    )
    start = Table(spec)
    start.shared = True
    spec.once["table"] = start
    return spec


def shared_spec(rules: Rules, episode: str, max_hands: int) -> Spec:
    """The settings of a game (one for equal arguments: nothing in them changes)."""
    key = (rules, episode, max_hands)
    spec = SPECS.get(key)
    if spec is None:
        spec = SPECS[key] = spec_of(rules, episode, max_hands)
    return spec


def deal_places(rules: Rules, dealer: int) -> tuple[list[list[int]], list[int]]:
    """Where the table deals each place of the pack: per seat its places, and the stock's."""
    sits_out = dealer if rules.dealt_seats < rules.players else None
    return table.deal_out(
        list(range(rules.pack.bit_count())),
        players=rules.players,
        dealer=dealer,
        hand_size=rules.hand_size,
        sits_out=sits_out,
    )


def hand_length(rules: Rules) -> int:
    """More than the moves of one hand: every card played once, each seat's pass, a discard as
    large as the widow, a bid from each seat, a suit named and a moon choice."""
    cards = rules.pack.bit_count()
    passing = rules.passing.count * rules.players if rules.passing is not None else 0
    left_over = cards - rules.hand_size * rules.dealt_seats
    return cards + passing + left_over + rules.players + 2


SPECS: Final[dict[tuple[Rules, str, int], Spec]] = {}
"""The settings of each game made so far (OpenSpiel makes a game again for each state it
reads back), shared: nothing in them changes."""


# Kinds of a recorded action (how to undo it).
CHANCE: Final = 0
CHOSEN: Final = 1
"""A card chosen for a pass or discard, not the last."""
MOVE: Final = 2
COMPLETED: Final = 3
"""The last card of a pass or discard, which makes it."""
"""A move made in the hand (a card played, a bid..., or the last card of a pass or discard)."""


@dataclasses.dataclass(slots=True)
class Done:
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


class Table:
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

    def __init__(self, spec: Spec) -> None:
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
        self.done: list[Done] = []
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
        self.player = CHANCE_PLAYER
        """OpenSpiel's current player: the seat to act, chance or terminal."""
        self.start = 0
        """Where the hand in progress begins in the record."""
        self.cache: dict[Any, Any] = {}
        self.memo: dict[int, RecallMemo] = {}
        """Per seat, its last information-state tensor and the events it holds."""
        self.texts: dict[int, tuple[Sequence[Event], str]] = {}
        """Per seat, the text of the events in its last information state string."""
        self.encoders: list[Encoder] = []
        """Per seat, the AEC encoder of its observations (it checks that what it read is the
        start of the view it is given, so copies of the table share it safely)."""
        self.shared = False
        """Whether more than one state may hold the table (copied before it changes)."""
        self.after: tuple[int, weakref.ref[Table], Any] | None = None
        """The last action a state took from this table once shared, the table it made (held
        weakly: a table keeps no later one alive) and that table's last record (see
        :meth:`HeartsState._apply_action`)."""

    # ------------------------------------------------------------------ copies

    def copy(self) -> Table:
        other = Table.__new__(Table)
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

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        # (A state's clone: shared until one of them changes; see the class's docstring.)
        self.shared = True
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (OpenSpiel's serialization) as its actions, replayed when unpickled.
        return (replayed, (self.spec, [(entry[0], entry[1]) for entry in self.record]))

    # ------------------------------------------------------------------ actions

    def apply(self, player: int, action: int) -> None:
        if self.over:
            raise IllegalMove("the episode is over: no action is left")
        chosen = CardSet()
        if self.deal is None:
            self._deal_card(action)
            kind = CHANCE
        else:
            chosen = self.choosing[player]
            kind = self._play(action)
            if kind in (CHOSEN, COMPLETED):
                self.chosen[player] += (action,)
        self.record.append((player, action, kind, chosen))
        cache = self.cache
        if kind == CHOSEN:
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
            self.player = TERMINAL
        elif deal is None:
            self.player = CHANCE_PLAYER
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
            places = self.spec.places[dealer] = deal_places(rules, dealer)
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
        kind = MOVE
        if isinstance(legal, PassChoices):
            view = self.view(seat)
            assert view is not None
            chosen = choose_card(view, self.choosing[seat], action, f"seat {seat}")
            if isinstance(chosen, CardSet):
                self.choosing[seat] = chosen
                return CHOSEN
            deal.verify_play(chosen, seat)  # refused: nothing has changed
            deal.play(chosen, seat)
            self.choosing[seat] = CardSet()
            kind = COMPLETED
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
        self.done.append(Done(self.deck, deal, before, self.start, tuple(self.chosen)))
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
        if kind == CHANCE:
            if self.deal is not None:
                self.deal = None  # the hand had just been dealt
            self.deck.pop()
            self.dealt &= ~(1 << action)
            return
        if self.done and (self.over or self.deal is None):
            self._reopen()
        deal = self.deal
        assert deal is not None
        if kind in (CHOSEN, COMPLETED):
            self.chosen[player] = self.chosen[player][:-1]
        if kind == CHOSEN:
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
        """What ``seat``'s information-state header is made of (:func:`header_key`), once a
        state: its tensor and its string both ask."""
        key = ("head", seat)
        found = self.cache.get(key)
        if found is None:
            found = self.cache[key] = header_key(view, self.choosing[seat], self.order(seat))
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
                    if len(texts) > MOST_CACHED:
                        texts.clear()
                    head = texts[head_key] = header_text(
                        view, self.choosing[seat], self.order(seat)
                    )
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
                dealt = " ".join(CARD_NAMES[card] for card in self.deck)
                found = f"hand {len(self.done) + 1}: dealing [{dealt}]; returns {self.totals}"
            else:
                hands = " | ".join(map(cards_text, deal.masks()[0][: deal.players]))
                trick = " ".join(f"{seat}:{CARD_NAMES[card]}" for seat, card in deal.trick)
                chosen = " | ".join(cards_text(cards.mask) for cards in self.choosing)
                found = (
                    f"hand {deal.hand_number + 1} ({deal.phase.value}, to act {deal.to_act}): "
                    f"{hands}; trick {trick}; tricks {len(deal.tricks)}; choosing {chosen}; "
                    f"moves {len(self.record) - self.start}; returns {self.totals}"
                    f"{'; over' if self.over else ''}"
                )
            self.cache["truth"] = found
        return found


ACTION_TEXT: Final[dict[tuple[bool, int], str]] = {}
"""Each action's name, as a chance outcome or a seat's, once asked for."""


def replayed(spec: Spec, actions: list[tuple[int, int]]) -> Table:
    """A table after these actions (how a pickled state comes back)."""
    t = Table(spec)
    for player, action in actions:
        t.apply(player, action)
    return t
