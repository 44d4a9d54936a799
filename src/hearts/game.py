"""A whole game: seats, the deal passing left, hands in sequence, settlement and the end.

A :class:`Game` shuffles and deals each hand from its seeded generator (the table procedure of
:mod:`hearts.table`), passes the moves of the seats to the hand in progress, settles each hand
by the rules' method (points to a target, or counters with pools and Jacks), and says when the
game is over and who won. Its :attr:`Game.events` are the whole log. A game with a seed commits
to each shuffle (a :class:`~hearts.events.ShuffleCommitted` event) before the pone is asked to
cut, so that its record proves every deal (:mod:`hearts.verify`). With ``hand_seeds=True`` each
hand is shuffled from a seed of its own, derived from the game's (:func:`hearts.table.hand_seed`),
so that a table can reveal each hand's seed (:meth:`Game.reveal`) as soon as the hand is over.
How a seed becomes each hand's shuffle is the dealing schedule's (:mod:`hearts.dealing`), in
the version the game is given (``dealing``, kept in :attr:`Game.dealing` and in its record).

One module: a game is one state machine over one set of fields — the hands so far, the
running totals, the pool and its Jack, the generator and the hand due to be dealt — and its
dealing, settling, ending and undoing (back across a hand's settlement and its deal) each read
and restore all of them together; split, each part would reach into the others' state. What is
not the game's state is elsewhere: the table procedure (:mod:`hearts.table`), the shuffles
(:mod:`hearts.dealing`), a hand (:mod:`hearts.deal`), settlement (:mod:`hearts.scoring`).

>>> import random
>>> from hearts import Game, variants
>>> game = Game(variants.get("classic"), seed=3)
>>> game.deal.phase.value, game.to_act           # no passing: the eldest hand (seat 1) leads
('play', 1)
>>> rng = random.Random(0)
>>> while game.hand_number == 0:
...     _ = game.play(rng.choice(game.legal_moves()))
>>> sum(game.ledger) + game.pool == 4 * 50      # counters are only moved, never made
True
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable, Sequence
from typing import Any

from hearts import scoring, table
from hearts.cards import Card
from hearts.deal import Deal, PassChoices, check_hands
from hearts.dealing import HAND_SEEDS, STREAM, Schedule
from hearts.dealing import get as schedule_of
from hearts.errors import HeartsError, IllegalMove, InvalidArgument
from hearts.events import DealerCut, Dealt, Event, GameOver, HandSettled, ShuffleCommitted
from hearts.moves import Move
from hearts.observation import PublicView, SeatView
from hearts.rules import Rules, SettlementMethod
from hearts.table import HandReveal

__all__ = ["Game", "PoneChoice"]

PoneChoice = Callable[[int, int, int, int], "int | None"]
"""How the pone cuts: called with (pone's seat, cards in the pack, hand number, the cut the
game's generator suggests), it returns the number of cards to lift (at least four, leaving at
least four) or None to decline (dealing law 8). Without one, the suggested cut is made."""


def _no_game() -> None:
    return None


class _Settle:
    """What a hand's deal calls when its last move ends it, for a game that deals its next hand
    when asked (see Game._deal_over): the game's ``_deal_over``, held by a weak reference, so
    that no cycle (game, hand, deal, game) keeps a game once it is no longer used: reference
    counting frees it at once, not the cycle collector later. A deal played on after its game
    is gone is closed as that game would have closed it; nothing else of that game can be seen.
    Copied or pickled, it refers to the game copied with it, as a bound method would."""

    __slots__ = ("game",)

    def __init__(self, game: Game | None) -> None:
        self.game: Callable[[], Game | None] = _no_game if game is None else weakref.ref(game)

    def __call__(self, deal: Deal) -> None:
        game = self.game()
        if game is None:
            deal.close()
        else:
            game._deal_over(deal)

    def __reduce__(self) -> tuple[type[_Settle], tuple[Game | None]]:
        return _Settle, (self.game(),)


class _Hand:
    """One finished or running hand and the game's state just before it was settled."""

    __slots__ = ("after", "before", "deal", "jack", "namer", "pool", "rng_state", "totals")

    def __init__(
        self,
        deal: Deal,
        rng_state: Any,
        totals: list[int],
        pool: int,
        jack: bool,
        before: Sequence[Event] = (),
        namer: int | None = None,
    ) -> None:
        self.deal = deal
        self.before = list(before)
        self.after: list[Event] = []
        # The generator's state before this hand was shuffled (None: it is derived from the
        # seed when an undo needs it, see Game._rewind).
        self.rng_state = rng_state
        self.totals = totals.copy()
        self.pool = pool
        self.jack = jack
        self.namer = namer


class Game:
    """A game of Hearts from its first deal to its end.

    ``seed`` (or an injected ``rng``) makes every shuffle and cut reproducible; with a seed,
    each shuffle is committed to before the cut (see :mod:`hearts.verify`). The shuffles follow
    a version of the dealing schedule (:mod:`hearts.dealing`), ``dealing``, kept in
    :attr:`dealing` and in the game's record. By default (``stream-1``) one
    generator seeded with ``seed`` draws every shuffle in turn, so the seed proves every hand at
    once. With ``hand_seeds=True`` (``hand-seeds-1``; a seed needed, not a generator), each hand draws from a
    generator of its own, seeded with :meth:`hand_seed` (derived from the game's seed by
    HMAC-SHA256), and its commitment's salt derives from that hand seed
    (:func:`hearts.table.hand_seed_salt`): the seed of one hand, revealed once it is over
    (:meth:`reveal`), proves that hand and tells nothing of any other; the cut for deal draws
    from a seed of its own as well (:func:`hearts.table.cut_for_deal_seed`). Seat
    ``dealer`` deals the first hand unless ``cut_for_deal`` is set, when the seats cut and the
    lowest card deals (laws 1–2). ``pone`` lets the pone choose the cut or decline it.
    ``deals`` gives the first hands as recorded :class:`~hearts.events.Dealt` events instead of
    shuffling them (a game whose record has no seed), after the recorded
    :class:`~hearts.events.DealerCut` when the seats cut for deal; each must be a deal of this
    pack by the seat whose turn it is to deal.

    Arguments it cannot take (rules that are not :class:`~hearts.rules.Rules`, a seed that is
    not a whole number, a dealer that is no seat, a seed and a generator both) raise
    :class:`~hearts.errors.InvalidArgument`. The pone's cut is the pone's own choice at the
    table: one the laws do not allow is an :class:`~hearts.errors.IllegalMove`.

    >>> from hearts import variants
    >>> game = Game(variants.get("classic"), seed=1, pone=lambda *_: None)
    >>> game.events[0].kind                    # the shuffle is committed to before the cut
    'shuffle_committed'
    >>> game.events[1].cut is None             # the pone declined: the pack is dealt as it is
    True
    >>> Game(variants.get("classic"), seed=1, pone=lambda *_: 2)
    Traceback (most recent call last):
    ...
    hearts.errors.IllegalMove: a cut must leave at least four cards in each packet: cut between 4 and 48 cards
    >>> Game(variants.get("classic"), dealer=9)
    Traceback (most recent call last):
    ...
    hearts.errors.InvalidArgument: dealer=9 is not a seat: seats are 0 to 3
    """

    def __init__(
        self,
        rules: Rules,
        seed: int | None = None,
        *,
        rng: random.Random | None = None,
        dealer: int | None = None,
        cut_for_deal: bool = False,
        pone: PoneChoice | None = None,
        deals: Sequence[Dealt | DealerCut] | None = None,
        hand_seeds: bool = False,
        dealing: str | None = None,
    ) -> None:
        dealer = _checked_arguments(rules, seed, rng, dealer, cut_for_deal, pone, deals, hand_seeds)
        schedule = _checked_schedule(dealing, hand_seeds, rng)
        hand_seeds = schedule.reveals
        if rng is None and seed is None:
            # Every game has a seed, so that its record can deal it again.
            seed = random.SystemRandom().randrange(2**63)
        self.rules = rules
        self.seed = seed
        self.cut_for_deal = cut_for_deal
        self.hand_seeds = hand_seeds
        """Whether each hand is shuffled from a seed of its own (:meth:`hand_seed`)."""
        self.dealing = schedule.version
        """The version of the dealing schedule the game deals by (:mod:`hearts.dealing`)."""
        self._schedule: Schedule = schedule
        self._pone = pone
        self._preset = list(deals) if deals is not None else []
        self._rng = rng if rng is not None else schedule.generator(seed)
        # The game's own generator draws only for the cut for deal and each hand's shuffle, so
        # its state before any hand can be derived from the seed again; an injected one may be
        # drawn from elsewhere, so its state is saved before every hand.
        self._own_rng = rng is None
        self._drew_cut = False
        self._opening: list[Event] = []
        counters = rules.method is not SettlementMethod.POINTS
        self._totals = [rules.start_counters if counters else 0] * rules.players
        self._pool = 0
        self._jack = False
        # Auction Hearts: the seat that names the suit again while a Jack is played for.
        self._namer: int | None = None
        self._over = False
        self._winners: tuple[int, ...] = ()
        self._hands: list[_Hand] = []
        # The commitment of a hand being dealt, logged before the pone is asked to cut.
        self._committing: list[Event] = []
        # The hand in progress while moves may go straight to it: None while the game is over
        # or the next hand is due but not yet dealt (see _deal_over).
        self._current: Deal | None = None
        # The dealer of the next hand when it is due and not yet dealt. A hand that ends deals
        # the next one only when something asks for it (its deal, its events, a move...): with
        # the game's own generator and no pone, nothing else can tell when it was dealt.
        self._next: int | None = None
        if cut_for_deal:
            if self._preset and isinstance(self._preset[0], DealerCut):
                recorded = self._preset.pop(0)
                assert isinstance(recorded, DealerCut)
                cuts = list(recorded.cuts)
                dealer = table.check_cuts(cuts, rules.players)
            else:
                dealer, cuts = table.cut_for_deal(self._cut_rng(), rules.players)
                self._drew_cut = not schedule.per_hand
            self._opening.append(DealerCut(cuts=tuple(cuts), dealer=dealer))
        self.first_dealer = dealer
        self._start_hand(dealer)

    # ------------------------------------------------------------------ state

    def __setstate__(self, state: dict[str, Any]) -> None:
        """A game read back from a pickle. One pickled before the dealing schedules had versions
        deals on by the schedule it dealt by then: its own seeds per hand, or the one stream."""
        self.__dict__.update(state)
        if "_schedule" not in state:
            self.dealing = HAND_SEEDS if self.hand_seeds else STREAM
            self._schedule = schedule_of(self.dealing)

    @property
    def deal(self) -> Deal:
        """The hand in progress (the last hand, once the game is over)."""
        if self._next is not None:
            self._deal_next()
        return self._hands[-1].deal

    @property
    def hand_number(self) -> int:
        """The number of the hand in progress, from 0."""
        if self._next is not None:
            self._deal_next()
        return len(self._hands) - 1

    @property
    def hands(self) -> list[Deal]:
        """Every hand of the game so far, the one in progress last."""
        if self._next is not None:
            self._deal_next()
        return [hand.deal for hand in self._hands]

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self.rules.players

    @property
    def to_act(self) -> int | None:
        """The seat to act in the hand in progress (None when the game is over)."""
        deal = self._current
        if deal is not None:
            return deal.to_act
        return None if self._over else self.deal.to_act

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self._over

    @property
    def scores(self) -> tuple[int, ...]:
        """Running totals: points (lower is better) or, in a counters game, each seat's counters."""
        return tuple(self._totals)

    @property
    def ledger(self) -> tuple[int, ...]:
        """Each seat's counters (the same as :attr:`scores` in a counters game)."""
        return tuple(self._totals)

    @property
    def pool(self) -> int:
        """Counters in the pool, carried to the next hand."""
        return self._pool

    @property
    def jack(self) -> bool:
        """Whether the pool is a Jack (law 29)."""
        return self._jack

    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over (several when they share), else ()."""
        return self._winners

    @property
    def events(self) -> list[Event]:
        """The whole log: every event of every hand and of the game, in order."""
        if self._next is not None:
            self._deal_next()
        log = list(self._opening)
        for hand in self._hands:
            log.extend(hand.before)
            log.extend(hand.deal.events)
            log.extend(hand.after)
        log.extend(self._committing)
        return log

    # ------------------------------------------------------------------ moves

    def legal_moves(self, seat: int | None = None) -> list[Move] | PassChoices:
        """The moves of the seat to act (or of ``seat``) in the hand in progress."""
        deal = self._current  # the hand in progress (None: the game is over, or deal it first)
        if deal is None:
            if self._over:
                return []
            deal = self.deal
        return deal.legal_moves(seat)

    def play(self, move: Move | Card | int | str, seat: int | None = None) -> Event:
        """Apply a move to the hand in progress; settles and deals on when the hand ends."""
        deal = self._current
        if deal is None:
            if self._over:
                raise IllegalMove("the game is over")
            deal = self.deal
        return deal.play(move, seat)

    def can_play(self, move: Move | Card | int | str, seat: int | None = None) -> bool:
        """Whether a move is legal now."""
        deal = self._current
        if deal is not None:
            return deal.can_play(move, seat)
        return not self._over and self.deal.can_play(move, seat)

    def verify_play(self, move: Move | Card | int | str, seat: int | None = None) -> None:
        """Raise the reason a move is not legal now."""
        deal = self._current
        if deal is None:
            if self._over:
                raise IllegalMove("the game is over")
            deal = self.deal
        deal.verify_play(move, seat)

    def undo(self) -> None:
        """Take back the last move, back into the previous hand when this one has no moves yet."""
        current = self._hands[-1]
        if self._next is not None:
            # The next hand is due but not dealt: the generator has not drawn for it, so there
            # is nothing to put back but this hand's settlement.
            self._reopen(current)
            current.deal.undo()
            return
        if current.deal.moves_made and not current.deal.closed:
            current.deal.undo()
            return
        if self._over and current.deal.closed:
            # The game ended on this hand's last move: reopen it first.
            self._reopen(current)
            current.deal.undo()
            return
        if len(self._hands) == 1:
            raise IllegalMove("nothing to undo: no move has been made")
        self._hands.pop()
        self._rewind(current.rng_state)
        previous = self._hands[-1]
        self._reopen(previous)
        previous.deal.undo()

    def view(self, seat: int) -> SeatView:
        """What one seat may know of the hand in progress (see :class:`SeatView`), with the
        commitment to its shuffle (which reveals nothing)."""
        return self.deal.view(seat, commitment=self.commitment)

    def public_view(self) -> PublicView:
        """What anyone at the table may know of the hand in progress, a watcher too (see
        :class:`~hearts.observation.PublicView`: no card of any hand), with the commitment to
        its shuffle.

        >>> from hearts import Game, variants
        >>> game = Game(variants.get("modern"), seed=2)
        >>> watcher = game.public_view()
        >>> watcher.commitment == game.view(0).commitment != None, hasattr(watcher, "hand")
        (True, False)
        """
        return self.deal.public_view(commitment=self.commitment)

    @property
    def commitment(self) -> str | None:
        """The commitment to the shuffle of the hand in progress (None: a game with no seed,
        or a hand dealt from a record)."""
        if self._next is not None:
            self._deal_next()
        for event in self._hands[-1].before:
            if isinstance(event, ShuffleCommitted):
                return event.commitment
        return None

    def hand_seed(self, hand_number: int) -> str:
        """The seed of hand ``hand_number`` (from 0) of a game with hand seeds: 64 hex digits
        (:func:`hearts.table.hand_seed`). It is the table's secret until that hand is over:
        whoever holds it can deal the hand. A game without hand seeds raises
        :class:`~hearts.errors.InvalidArgument`.

        >>> from hearts import variants
        >>> game = Game(variants.get("classic"), seed=5, hand_seeds=True)
        >>> game.hand_seed(0) == game.hand_seed(1)
        False
        """
        if not self.hand_seeds or self.seed is None:
            raise InvalidArgument("this game has no hand seeds: make it with hand_seeds=True")
        if isinstance(hand_number, bool) or not isinstance(hand_number, int) or hand_number < 0:
            raise InvalidArgument(f"hand {hand_number!r} is not a hand number (0, 1, ...)")
        return self._schedule.hand_seed(self.seed, hand_number)

    def reveal(self, hand_number: int) -> HandReveal:
        """What to reveal of hand ``hand_number`` (from 0) once it is over: its seed, salt,
        pack order before the cut and the cut (see :class:`~hearts.table.HandReveal` for how a
        client checks it, and :func:`hearts.verify.check_reveal`). A hand not yet over, not
        shuffled from its seed, or a game without hand seeds raises
        :class:`~hearts.errors.InvalidArgument`: revealing a hand in play would show every
        seat's cards.

        >>> from hearts import variants
        >>> game = Game(variants.get("classic"), seed=5, hand_seeds=True)
        >>> game.reveal(0)
        Traceback (most recent call last):
        ...
        hearts.errors.InvalidArgument: hand 1 is not over: its seed is revealed only once it is
        """
        seed = self.hand_seed(hand_number)
        if self._next is not None:
            self._deal_next()
        if hand_number >= len(self._hands) or not self._hands[hand_number].deal.is_over:
            raise InvalidArgument(
                f"hand {hand_number + 1} is not over: its seed is revealed only once it is"
            )
        if hand_number < len(self._preset):
            raise InvalidArgument(
                f"hand {hand_number + 1} was dealt from a record, not shuffled from its seed"
            )
        deal = self._hands[hand_number].deal
        shuffled = self._schedule.revealed(self.rules.pack, seed, hand_number)
        assert shuffled.salt is not None  # (a schedule that reveals commits)
        return HandReveal(
            hand_number=hand_number,
            dealer=deal.dealer,
            seed=seed,
            salt=shuffled.salt.hex(),
            order=tuple(str(card) for card in shuffled.deck),
            cut=deal.cut,
        )

    def hands_over(self) -> int:
        """How many hands, from the first, are over (their seeds may be revealed)."""
        if self._next is not None:
            self._deal_next()
        return sum(1 for hand in self._hands if hand.deal.is_over)

    # ------------------------------------------------------------------ hands

    def _start_hand(self, dealer: int) -> None:
        rules = self.rules
        state = None if self._own_rng else self._rng.getstate()
        number = len(self._hands)
        sits_out = dealer if rules.dealt_seats < rules.players else None
        at: int | None
        before: list[Event] = []
        if number < len(self._preset):
            masks, stock, at = self._preset_hand(number, dealer)
        else:
            # The shuffle, suggested cut and salt the dealing schedule draws for this hand.
            shuffled = self._schedule.hand(rules.pack, self.seed, number, self._rng)
            deck, suggested, salt = shuffled.deck, shuffled.suggested, shuffled.salt
            assert suggested is not None  # (a game deals by a schedule that suggests cuts)
            at = suggested
            if salt is not None:
                # Commit to the shuffled pack before the pone cuts (see hearts.verify).
                before.append(
                    ShuffleCommitted(number, dealer, table._commit_cards(deck, salt, number))
                )
            if self._pone is not None:
                self._committing = before
                try:
                    # The pone's own choice (cards to lift, or None to decline); the generator
                    # has drawn its suggestion all the same, so later deals do not shift.
                    seat = table.pone(dealer, rules.players)
                    at = self._pone(seat, len(deck), number, suggested)
                    table.cut(deck, at)  # (a cut the laws do not allow is refused here)
                finally:
                    self._committing = []
            # The cut and the deal, each hand as a bitmask (table.cut, table.deal_out).
            masks, stock = table.deal_masks(
                deck,
                at,
                players=rules.players,
                dealer=dealer,
                hand_size=rules.hand_size,
                sits_out=sits_out,
            )
        deal = Deal(
            rules,
            masks,
            dealer=dealer,
            hand_number=number,
            pass_direction=rules.pass_direction(number),
            stock=stock,
            cut=at,
            scores=tuple(self._totals),
            pool=self._pool,
            jack=self._jack,
            on_over=self._deal_over if self._deals_at_once(number + 1) else _Settle(self),
            namer=self._jack_namer(sits_out),
        )
        self._hands.append(
            _Hand(deal, state, self._totals, self._pool, self._jack, before, self._namer)
        )
        self._current = deal
        if deal.is_over:  # pragma: no cover - a hand always has cards to play
            self._deal_over(deal)

    def _cut_rng(self) -> random.Random:
        """What the cut for deal draws from: the game's generator, or with hand seeds a
        generator of its own."""
        return self._schedule.cut_rng(self.seed, self._rng)

    def _rewind(self, state: Any) -> None:
        """Put the generator back as it was before the next hand (``len(self._hands)``) was
        shuffled: the saved ``state`` of an injected generator, or the game's own generator
        drawn again from the seed (the cut for deal, then each shuffled hand's draws)."""
        if state is not None:
            self._rng.setstate(state)
            return
        if self._schedule.per_hand:
            return  # each hand draws from a generator of its own: there is nothing to put back
        rng = self._schedule.generator(self.seed)
        if self._drew_cut:
            table.cut_for_deal(rng, self.rules.players)
        for number in range(len(self._preset), len(self._hands)):
            self._schedule.hand(self.rules.pack, self.seed, number, rng)
        self._rng = rng

    def _preset_hand(self, number: int, dealer: int) -> tuple[list[int], list[Card], int | None]:
        """The hands, stock and cut of a given deal, checked to be a deal of this pack."""
        given = self._preset[number]
        if not isinstance(given, Dealt):
            raise InvalidArgument(
                f"deals[{number}] must be a Dealt event, not {type(given).__name__}"
            )
        if given.dealer != dealer or given.hand_number != number:
            raise InvalidArgument(
                f"deals[{number}] is dealt by seat {given.dealer} as hand "
                f"{given.hand_number + 1}, but hand {number + 1} is seat {dealer}'s deal"
            )
        size = self.rules.pack.bit_count()
        if given.cut is not None and not table.MIN_PACKET <= given.cut <= size - table.MIN_PACKET:
            raise InvalidArgument(
                f"deals[{number}]: a cut must leave at least four cards in each packet"
            )
        masks, stock = check_hands(self.rules, given.hands, given.stock, dealer)
        return masks, list(stock), given.cut

    def _deal_over(self, deal: Deal) -> None:
        """Settle the hand just ended, then end the game or deal the next hand (at once, or
        when first asked for: see below)."""
        hand = self._hands[-1]
        assert hand.deal is deal
        self._current = None
        deal.close()
        settlement = scoring.settle(deal, pool=self._pool, jack=self._jack)
        deltas, self._pool, self._jack = settlement.deltas, settlement.pool, settlement.jack
        if self.rules.auction:
            # A Jack is played for with no bidding: the last successful bidder (who named this
            # hand's suit) names again (docs/rules.md §5.1.7). A Jack left by a hand nobody bid for
            # has no such bidder: the next hand is bid for as usual.
            self._namer = deal.bidder if self._jack else None
        for seat, delta in enumerate(deltas):
            self._totals[seat] += delta
        hand.after.append(
            HandSettled(
                hand_number=deal.hand_number,
                deltas=tuple(deltas),
                totals=tuple(self._totals),
                pool=self._pool,
                jack=self._jack,
            )
        )
        winners = scoring.game_winners(self.rules, self._totals, len(self._hands))
        if winners:
            self._over = True
            self._winners = winners
            hand.after.append(GameOver(winners=winners, totals=tuple(self._totals)))
            return
        dealer = table.next_dealer(deal.dealer, self.rules.players)
        if not self._deals_at_once(len(self._hands)):
            # Shuffled from the game's own generator, which nothing else draws from, with no
            # pone to ask: the next hand is dealt when first asked for (_deal_next), the same
            # cards, cut and commitment as now. A pone's cut, an injected generator or a
            # recorded deal to check are dealt now, so their timing and errors stay this move's.
            self._next = dealer
            return
        state = None if self._own_rng else self._rng.getstate()
        try:
            self._start_hand(dealer)
        except BaseException:
            # The next hand could not be dealt (the pone's cut was refused, or the pone's
            # function failed): put everything back as it was before this hand's last move.
            if len(self._hands) > 1 and self._hands[-1] is not hand:
                self._hands.pop()
            self._rewind(state)
            self._reopen(hand)
            deal.undo()
            raise

    def _deals_at_once(self, number: int) -> bool:
        """Whether hand ``number`` is dealt as soon as the hand before it ends: a pone to ask,
        an injected generator (drawn from elsewhere, too), or a recorded deal to check, whose
        timing and errors are those of the move that ended the hand."""
        return not self._own_rng or self._pone is not None or number < len(self._preset)

    def _deal_next(self) -> None:
        """Deal the hand that is due (see _deal_over): what _deal_over would have dealt."""
        dealer = self._next
        assert dealer is not None and self._own_rng
        count = len(self._hands)
        self._next = None
        try:
            self._start_hand(dealer)
        except BaseException:  # pragma: no cover - a shuffled hand is always dealt
            del self._hands[count:]
            self._current = None
            self._next = dealer
            self._rewind(None)
            raise

    def _jack_namer(self, sits_out: int | None) -> int | None:
        """Auction Hearts: the seat that names the suit of the next hand without bidding (a Jack
        is pending), or None when the hand is bid for."""
        namer = self._namer
        if namer is None or not self._jack:
            return None
        if namer == sits_out:
            return None  # the namer deals and sits out this hand: it is bid for as usual
        return namer

    def _reopen(self, hand: _Hand) -> None:
        """Undo a hand's settlement (and any game over) so its last move can be taken back."""
        hand.after.clear()
        self._totals = hand.totals.copy()
        self._pool = hand.pool
        self._jack = hand.jack
        self._namer = hand.namer
        self._over = False
        self._winners = ()
        self._next = None
        hand.deal.reopen()
        self._current = hand.deal

    # ------------------------------------------------------------------ replay

    @classmethod
    def replay(
        cls,
        rules: Rules,
        seed: int | None,
        moves: Sequence[tuple[int, Move]],
        *,
        dealer: int | None = None,
        cut_for_deal: bool = False,
        hand_seeds: bool = False,
        dealing: str | None = None,
    ) -> Game:
        """Rebuild a game from its rules, seed and the moves made, as (seat, move) pairs.

        The first dealer is seat 0 unless ``dealer`` is given or the seats ``cut_for_deal``
        (not both); ``hand_seeds`` or ``dealing`` as the game was made. Arguments of the wrong kind raise :class:`~hearts.errors.InvalidArgument`;
        a move refused raises its own kind, numbered from 1.

        >>> from hearts import variants
        >>> game = Game(variants.get("classic"), seed=3)
        >>> moves = []
        >>> for _ in range(3):
        ...     seat, move = game.to_act, game.legal_moves()[0]
        ...     _ = game.play(move, seat); moves.append((seat, move))
        >>> Game.replay(game.rules, 3, moves).events == game.events
        True
        >>> Game.replay(game.rules, 3, [(1, "AS")])
        Traceback (most recent call last):
        ...
        hearts.errors.IllegalMove: move 1 (1: AS) is illegal: seat 1 does not hold the A♠
        >>> Game.replay(game.rules, 3, [("AS", 1)])
        Traceback (most recent call last):
        ...
        hearts.errors.InvalidArgument: move 1 ('AS', 1) must be a (seat, move) pair: the seat first
        """
        pairs = _seat_move_pairs(moves)
        game = cls(
            rules,
            seed,
            dealer=dealer,
            cut_for_deal=cut_for_deal,
            hand_seeds=hand_seeds,
            dealing=dealing,
        )
        for index, (seat, move) in enumerate(pairs):
            try:
                game.play(move, seat)
            except IllegalMove as error:
                raise IllegalMove(
                    f"move {index + 1} ({seat}: {move}) is illegal: {error}"
                ) from None
            except HeartsError as error:
                raise type(error)(f"move {index + 1} ({seat}: {move!r}): {error}") from None
        return game

    def __repr__(self) -> str:
        if self._next is not None:
            self._deal_next()
        state = "over" if self._over else f"hand {self.hand_number + 1}"  # people count from 1
        return f"<Game of {self.players}: {state}, totals {self._totals}>"


def _checked_schedule(dealing: str | None, hand_seeds: bool, rng: random.Random | None) -> Schedule:
    """The dealing schedule a game deals by: ``dealing``'s version, else the one ``hand_seeds``
    names (:data:`~hearts.dealing.HAND_SEEDS` or :data:`~hearts.dealing.STREAM`); a version not
    known, one no game deals by, or one that contradicts ``hand_seeds`` is refused
    (InvalidArgument)."""
    if dealing is None:
        return schedule_of(HAND_SEEDS if hand_seeds else STREAM)
    schedule = schedule_of(dealing)
    if not schedule.commits:
        raise InvalidArgument(
            f"dealing schedule {dealing} deals the arena's deals, not a game's: a game deals by "
            f"{STREAM} or {HAND_SEEDS}"
        )
    if hand_seeds and not schedule.reveals:
        raise InvalidArgument(
            f"dealing schedule {dealing} deals no hand from a seed of its own: "
            "give hand_seeds=True or that schedule, not both"
        )
    if schedule.per_hand and rng is not None:
        raise InvalidArgument(
            f"dealing schedule {dealing} derives each hand from the game's seed: give a seed, "
            "not a generator"
        )
    return schedule


def _checked_arguments(
    rules: Rules,
    seed: int | None,
    rng: random.Random | None,
    dealer: int | None,
    cut_for_deal: bool,
    pone: PoneChoice | None,
    deals: Sequence[Dealt | DealerCut] | None,
    hand_seeds: bool,
) -> int:
    """Refuse the arguments :class:`Game` cannot take (InvalidArgument); return the dealer."""
    if not isinstance(rules, Rules):
        raise InvalidArgument(f"a game needs Rules, not {type(rules).__name__}")
    if not isinstance(cut_for_deal, bool):
        raise InvalidArgument(f"cut_for_deal must be True or False, not {cut_for_deal!r}")
    if dealer is None:
        dealer = 0
    elif cut_for_deal:
        raise InvalidArgument("give a first dealer or cut for deal, not both")
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < rules.players:
        raise InvalidArgument(
            f"dealer={dealer!r} is not a seat: seats are 0 to {rules.players - 1}"
        )
    if rng is not None and seed is not None:
        raise InvalidArgument("give a game a seed or a generator, not both")
    if not isinstance(hand_seeds, bool):
        raise InvalidArgument(f"hand_seeds must be True or False, not {hand_seeds!r}")
    if hand_seeds and rng is not None:
        raise InvalidArgument(
            "hand seeds are derived from the game's seed: give a seed, not a generator"
        )
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise InvalidArgument(f"seed={seed!r} must be a whole number")
    if rng is not None and not isinstance(rng, random.Random):
        raise InvalidArgument(f"rng must be a random.Random, not {type(rng).__name__}")
    if pone is not None and not callable(pone):
        raise InvalidArgument("pone must be a function that chooses the cut")
    if deals is not None and (
        isinstance(deals, str | bytes)
        or not isinstance(deals, Sequence)
        or not all(isinstance(d, Dealt | DealerCut) for d in deals)
    ):
        raise InvalidArgument("deals must be recorded Dealt (and DealerCut) events")
    return dealer


def _seat_move_pairs(moves: Sequence[tuple[int, Move]]) -> list[tuple[int, Move]]:
    """The (seat, move) pairs of :meth:`Game.replay`, checked for shape (InvalidArgument)."""
    if isinstance(moves, str | bytes) or not isinstance(moves, Sequence):
        raise InvalidArgument(f"moves must be a sequence of (seat, move) pairs, not {moves!r}")
    pairs: list[tuple[int, Move]] = []
    for index, entry in enumerate(moves):
        if not isinstance(entry, tuple | list) or len(entry) != 2:
            raise InvalidArgument(f"move {index + 1} must be a (seat, move) pair, not {entry!r}")
        seat, move = entry
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise InvalidArgument(
                f"move {index + 1} {tuple(entry)!r} must be a (seat, move) pair: the seat first"
            )
        pairs.append((seat, move))
    return pairs
